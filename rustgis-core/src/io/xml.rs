//! A small pull reader over quick-xml for the KML and GPX readers: element starts with their
//! local names and attributes, ends, and text with the predefined and character references
//! resolved. Nesting depth and text length are limited, and DTD entities are never expanded.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::error::{Error, Result};

/// The deepest elements may nest.
const MAX_DEPTH: usize = 256;
/// The longest text one element may hold (a KML ring of several million points fits).
const MAX_TEXT: usize = 256 << 20;

/// One thing the reader found.
pub(crate) enum Item {
    /// An element starts: its local name (no prefix) and attributes (local names too).
    Start(String, Vec<(String, String)>),
    /// An element ends (empty elements give a start then an end).
    End(String),
    /// A piece of text (several may follow each other).
    Text(String),
}

/// Reads items one at a time from an XML document.
pub(crate) struct XmlReader<R: BufRead> {
    reader: Reader<R>,
    buf: Vec<u8>,
    path: PathBuf,
    depth: usize,
    text_len: usize,
}

impl<R: BufRead> XmlReader<R> {
    /// A reader over `input`; `path` names it in errors.
    pub(crate) fn new(input: R, path: &Path) -> XmlReader<R> {
        let mut reader = Reader::from_reader(input);
        reader.config_mut().expand_empty_elements = true;
        XmlReader { reader, buf: Vec::new(), path: path.to_owned(), depth: 0, text_len: 0 }
    }

    /// An error at the reader's position.
    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::Data {
            path: self.path.clone(),
            position: format!("byte {}", self.reader.buffer_position()),
            message: message.into(),
        }
    }

    /// The next item, or `None` at the end of the document.
    pub(crate) fn next(&mut self) -> Result<Option<Item>> {
        loop {
            self.buf.clear();
            let event = self.reader.read_event_into(&mut self.buf);
            let at = self.reader.buffer_position();
            let path = &self.path;
            let fail = |message: String| Error::Data { path: path.clone(), position: format!("byte {at}"), message };
            let event = match event {
                Ok(event) => event,
                Err(e) => return Err(fail(format!("not well-formed XML: {e}"))),
            };
            let item = match event {
                Event::Start(start) => {
                    self.depth += 1;
                    self.text_len = 0;
                    if self.depth > MAX_DEPTH {
                        return Err(fail(format!("elements nest deeper than {MAX_DEPTH} levels")));
                    }
                    let name = local(start.name().as_ref());
                    let mut attributes = Vec::new();
                    for attribute in start.attributes().with_checks(false) {
                        let attribute = attribute.map_err(|e| fail(format!("a bad attribute: {e}")))?;
                        let value = attribute
                            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .map_err(|e| fail(format!("a bad attribute: {e}")))?;
                        attributes.push((local(attribute.key.as_ref()), value.into_owned()));
                    }
                    Item::Start(name, attributes)
                }
                Event::End(end) => {
                    self.depth = self.depth.saturating_sub(1);
                    self.text_len = 0;
                    Item::End(local(end.name().as_ref()))
                }
                Event::Text(text) => Item::Text(text.xml10_content().into_owned()),
                Event::CData(data) => Item::Text(data.into_inner().into_owned()),
                Event::GeneralRef(reference) => {
                    let name = reference.into_inner();
                    let resolved = match name.as_ref() {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => match quick_xml::events::BytesRef::new(other).resolve_char_ref() {
                            Ok(Some(c)) => c,
                            _ => {
                                return Err(fail(format!(
                                    "unknown entity &{other}; (RustGIS expands no DTD entities)"
                                )));
                            }
                        },
                    };
                    Item::Text(resolved.to_string())
                }
                Event::Eof => return Ok(None),
                _ => continue,
            };
            if let Item::Text(text) = &item {
                self.text_len += text.len();
                if self.text_len > MAX_TEXT {
                    return Err(fail(format!("an element holds more than {} MiB of text", MAX_TEXT >> 20)));
                }
            }
            return Ok(Some(item));
        }
    }
}

/// A file opened for reading XML from it.
pub(crate) fn open(path: &Path) -> Result<std::io::BufReader<std::fs::File>> {
    let file = std::fs::File::open(path).map_err(|source| Error::Io {
        action: "cannot read",
        path: path.to_owned(),
        cause: source,
    })?;
    Ok(std::io::BufReader::with_capacity(1 << 16, file))
}

/// A name without its namespace prefix.
fn local(name: &str) -> String {
    name.rsplit(':').next().unwrap_or(name).to_owned()
}

/// `text` with `&`, `<`, `>` and `"` escaped, for element text and attribute values.
pub(crate) fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(text)
}

/// The error for an XML file without the root element its format needs (`<gpx>`, `<kml>`).
/// How much XML a writer gathers in memory before it writes it out.
pub(super) const WRITE_CHUNK: usize = 1 << 16;

/// Writes out and clears what an XML writer gathered once it passes [`WRITE_CHUNK`].
pub(super) fn write_when_full(text: &mut String, out: &mut impl std::io::Write) -> std::io::Result<()> {
    if text.len() > WRITE_CHUNK {
        out.write_all(text.as_bytes())?;
        text.clear();
    }
    Ok(())
}

pub(super) fn not_a_document(origin: &Path, format: &str, element: &str) -> Error {
    Error::Data {
        path: origin.to_owned(),
        position: "byte 0".to_owned(),
        message: format!("not a {format} document: it has no <{element}> element"),
    }
}
