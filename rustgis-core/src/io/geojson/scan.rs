//! Splits a GeoJSON stream into its top-level members and its features, one value at a time,
//! so each feature is parsed from a small in-memory slice (serde_json parses slices several times
//! faster than readers) while the file itself is never held whole in memory.
//!
//! The scanner only finds where each JSON value ends (tracking strings, escapes and nesting);
//! serde_json still parses and validates every value. Positions are tracked as the parser counts
//! them (line, and byte column), so errors inside a feature point into the file.

use std::io::BufRead;
use std::path::Path;

use serde::de::DeserializeSeed;
use serde_json::Value as Json;

use super::columns::Builder;
use super::read::{FeatureSeed, TopLevel, json_error};
use crate::error::{Error, Result};

/// Reads a GeoJSON object from `reader`, streaming the `features` array into `builder`.
pub(super) fn read_top_level(reader: impl BufRead, origin: &Path, builder: &mut Builder) -> Result<TopLevel> {
    let mut scanner = Scanner { reader, line: 1, column: 1, origin, value: Vec::with_capacity(1 << 12) };
    let mut top = TopLevel::default();
    scanner.expect(b'{', "a GeoJSON object (FeatureCollection, Feature or geometry)")?;
    if scanner.peek_after_whitespace()? == Some(b'}') {
        scanner.bump();
    } else {
        loop {
            let (line, column) = scanner.read_value()?;
            let key: String = scanner.parse_value(line, column, "a member name")?;
            scanner.expect(b':', "':' after a member name")?;
            match key.as_str() {
                "features" => {
                    scanner.read_features(builder)?;
                    top.saw_features = true;
                }
                "type" => {
                    let (line, column) = scanner.read_value()?;
                    top.kind = Some(scanner.parse_value(line, column, "a type name")?);
                }
                "crs" => {
                    let (line, column) = scanner.read_value()?;
                    top.crs = Some(scanner.parse_value(line, column, "a crs object")?);
                }
                _ => {
                    let (line, column) = scanner.read_value()?;
                    if top.kind.as_deref() != Some("FeatureCollection") {
                        let value: Json = scanner.parse_value(line, column, "a value")?;
                        top.others.insert(key, value);
                    }
                }
            }
            match scanner.next_after_whitespace()? {
                Some(b',') => continue,
                Some(b'}') => break,
                Some(_) => {
                    return Err(scanner.syntax_error("expected ',' or '}' after a member of the top-level object"));
                }
                None => return Err(scanner.truncated()),
            }
        }
    }
    if scanner.peek_after_whitespace()?.is_some() {
        return Err(scanner.syntax_error("trailing characters after the GeoJSON object"));
    }
    Ok(top)
}

struct Scanner<'o, R> {
    reader: R,
    /// 1-based line of the next byte.
    line: usize,
    /// 1-based byte column of the next byte.
    column: usize,
    origin: &'o Path,
    /// The bytes of the value being read.
    value: Vec<u8>,
}

impl<R: BufRead> Scanner<'_, R> {
    fn error_here(&self, message: String) -> Error {
        Error::Data {
            path: self.origin.to_owned(),
            position: format!("line {}, column {}", self.line, self.column),
            message,
        }
    }

    fn syntax_error(&self, what: &str) -> Error {
        self.error_here(format!("not valid JSON: {what}"))
    }

    /// The error at the end of the text, placed on its last byte as serde_json places it.
    fn truncated(&self) -> Error {
        Error::Data {
            path: self.origin.to_owned(),
            position: format!("line {}, column {}", self.line, self.column.saturating_sub(1)),
            message: "the text ends too early (is the file truncated?)".to_owned(),
        }
    }

    /// Consumes one byte that `peek` returned.
    fn bump(&mut self) {
        self.reader.consume(1);
        self.column += 1;
    }

    fn peek_after_whitespace(&mut self) -> Result<Option<u8>> {
        loop {
            let origin = self.origin;
            let buf = self.reader.fill_buf().map_err(|e| read_error(origin, e))?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut used = 0;
            for &byte in buf {
                match byte {
                    b'\n' => {
                        self.line += 1;
                        self.column = 1;
                    }
                    b' ' | b'\t' | b'\r' => self.column += 1,
                    other => {
                        self.reader.consume(used);
                        return Ok(Some(other));
                    }
                }
                used += 1;
            }
            self.reader.consume(used);
        }
    }

    fn next_after_whitespace(&mut self) -> Result<Option<u8>> {
        let byte = self.peek_after_whitespace()?;
        if byte.is_some() {
            self.bump();
        }
        Ok(byte)
    }

    fn expect(&mut self, wanted: u8, what: &str) -> Result<()> {
        match self.peek_after_whitespace()? {
            Some(byte) if byte == wanted => {
                self.bump();
                Ok(())
            }
            Some(_) => Err(self.syntax_error(&format!("expected {what}"))),
            None => Err(self.truncated()),
        }
    }

    /// Copies the next JSON value's bytes into `self.value`; returns where it starts.
    fn read_value(&mut self) -> Result<(usize, usize)> {
        self.value.clear();
        let first = self.peek_after_whitespace()?.ok_or_else(|| self.truncated())?;
        let start = (self.line, self.column);
        match first {
            b'{' | b'[' | b'"' => self.read_nested()?,
            b',' | b':' | b'}' | b']' => return Err(self.syntax_error("expected a value")),
            _ => self.read_scalar()?,
        }
        Ok(start)
    }

    /// Reads a string, object or array: up to the byte that closes what the first byte opened.
    ///
    /// Only the first byte's own kind of bracket is counted (an object ends at its matching `}`
    /// whatever arrays it holds), so the scan jumps between the few bytes that matter with
    /// memchr. A malformed value still ends somewhere; serde_json then reports what is wrong.
    fn read_nested(&mut self) -> Result<()> {
        let first = self.peek_after_whitespace()?.ok_or_else(|| self.truncated())?;
        let (open, close) = if first == b'[' { (b'[', b']') } else { (b'{', b'}') };
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        loop {
            let origin = self.origin;
            let buf = self.reader.fill_buf().map_err(|e| read_error(origin, e))?;
            if buf.is_empty() {
                return Err(self.truncated());
            }
            let mut at = 0;
            let mut end = None;
            while at < buf.len() {
                if escaped {
                    escaped = false;
                    at += 1;
                    continue;
                }
                if in_string {
                    match memchr::memchr2(b'"', b'\\', &buf[at..]) {
                        Some(found) => {
                            at += found;
                            if buf[at] == b'\\' {
                                escaped = true;
                            } else {
                                in_string = false;
                                if depth == 0 {
                                    end = Some(at + 1);
                                    break;
                                }
                            }
                            at += 1;
                        }
                        None => at = buf.len(),
                    }
                    continue;
                }
                match memchr::memchr3(b'"', open, close, &buf[at..]) {
                    Some(found) => {
                        at += found;
                        let byte = buf[at];
                        at += 1;
                        if byte == b'"' {
                            in_string = true;
                        } else if byte == open {
                            depth += 1;
                        } else {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                end = Some(at);
                                break;
                            }
                        }
                    }
                    None => at = buf.len(),
                }
            }
            let used = end.unwrap_or(buf.len());
            self.value.extend_from_slice(&buf[..used]);
            self.reader.consume(used);
            self.advance_position(used);
            if end.is_some() {
                return Ok(());
            }
        }
    }

    /// Reads a number, `true`, `false` or `null`: up to the next delimiter.
    fn read_scalar(&mut self) -> Result<()> {
        loop {
            let origin = self.origin;
            let buf = self.reader.fill_buf().map_err(|e| read_error(origin, e))?;
            if buf.is_empty() {
                return Ok(());
            }
            let end = buf.iter().position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'));
            let used = end.unwrap_or(buf.len());
            self.value.extend_from_slice(&buf[..used]);
            self.column += used;
            self.reader.consume(used);
            if end.is_some() {
                return Ok(());
            }
        }
    }

    /// Moves the position past the last `used` bytes copied into `self.value`.
    fn advance_position(&mut self, used: usize) {
        let copied = &self.value[self.value.len() - used..];
        match memchr::memrchr(b'\n', copied) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', copied).count();
                self.column = used - last;
            }
            None => self.column += used,
        }
    }

    /// Parses `self.value` (which started at `line`, `column`).
    fn parse_value<T: serde::de::DeserializeOwned>(&self, line: usize, column: usize, what: &str) -> Result<T> {
        serde_json::from_slice(&self.value).map_err(|e| {
            let mut error = self.shift(json_error(e, self.origin), line, column);
            if let Error::Data { message, .. } = &mut error {
                *message = format!("expected {what}: {message}");
            }
            error
        })
    }

    /// Reads the `features` array, parsing each feature from its own slice.
    fn read_features(&mut self, builder: &mut Builder) -> Result<()> {
        self.expect(b'[', "\"features\" to be an array of Feature objects")?;
        if self.peek_after_whitespace()? == Some(b']') {
            self.bump();
            return Ok(());
        }
        loop {
            super::super::check_stop(self.origin)?;
            let in_feature = |mut error: Error| {
                if let Error::Data { message, .. } = &mut error {
                    *message = format!("feature {}: {message}", builder.seen + 1);
                }
                error
            };
            let (line, column) = self.read_value().map_err(in_feature)?;
            let mut de = serde_json::Deserializer::from_slice(&self.value);
            let parsed = FeatureSeed { builder: &mut *builder }.deserialize(&mut de).and_then(|()| de.end());
            if let Err(e) = parsed {
                let seen = builder.seen;
                let mut error = self.shift(json_error(e, self.origin), line, column);
                if let Error::Data { message, .. } = &mut error {
                    *message = format!("feature {}: {message}", seen + 1);
                }
                return Err(error);
            }
            match self.next_after_whitespace()? {
                Some(b',') => continue,
                Some(b']') => return Ok(()),
                Some(_) => return Err(self.syntax_error("expected ',' or ']' after a feature")),
                None => return Err(self.truncated()),
            }
        }
    }

    /// Moves the position of an error in a value's slice to its place in the file.
    fn shift(&self, error: Error, line: usize, column: usize) -> Error {
        match error {
            Error::Data { path, position, message } => {
                let parsed = position
                    .strip_prefix("line ")
                    .and_then(|rest| rest.split_once(", column "))
                    .and_then(|(l, c)| Some((l.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
                let position = match parsed {
                    Some((1, c)) => format!("line {line}, column {}", column + c.saturating_sub(1)),
                    Some((l, c)) => format!("line {}, column {c}", line + l - 1),
                    None => position,
                };
                Error::Data { path, position, message }
            }
            other => other,
        }
    }
}

fn read_error(origin: &Path, source: std::io::Error) -> Error {
    Error::Io { action: "cannot read", path: origin.to_owned(), cause: source }
}
