//! CSV and TSV files: points from longitude/latitude columns or geometries from a WKT column,
//! field types inferred from the values (or given), the delimiter and the header sniffed.
//!
//! Reading streams through the `csv` crate (quoting, embedded newlines and delimiters done
//! right) behind a reader that refuses any line longer than [`MAX_LINE`], so one endless line
//! cannot take all memory. Rows whose coordinates are not numbers are kept without a geometry
//! and named, by line, in a notice.

use std::cell::Cell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::rc::Rc;

use geo::{Geometry, Point};
use wkt::{ToWkt, TryFromWkt};

use super::{CsvGeometry, CsvOptions, ReadData};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// The longest line a CSV file may have (a WKT polygon of a million points fits).
pub const MAX_LINE: usize = 64 << 20;

/// Column names taken as longitudes, in any case.
const X_NAMES: &[&str] = &["lon", "lng", "long", "longitude", "x"];
/// Column names taken as latitudes, in any case.
const Y_NAMES: &[&str] = &["lat", "latitude", "y"];
/// Column names taken as WKT geometries, in any case.
const WKT_NAMES: &[&str] = &["wkt", "geometry", "geom", "the_geom", "wkt_geom", "shape"];

/// Reads a CSV or TSV file (`.tsv` files default to tabs).
pub fn read_file(path: &Path, options: &CsvOptions, crs: Option<Crs>, bbox: Option<Extent>) -> Result<ReadData> {
    let file =
        File::open(path).map_err(|source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source })?;
    let is_tsv = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("tsv"));
    read(file, path, options, crs, bbox, is_tsv)
}

/// Reads CSV from any reader; `origin` names it in errors.
pub fn read(
    reader: impl Read,
    origin: &Path,
    options: &CsvOptions,
    crs: Option<Crs>,
    bbox: Option<Extent>,
    is_tsv: bool,
) -> Result<ReadData> {
    let too_long = Rc::new(Cell::new(None));
    let limited = LineLimit { inner: reader, since_newline: 0, line: 1, limit: MAX_LINE, too_long: too_long.clone() };
    let mut buffered = BufReader::with_capacity(1 << 16, limited);
    let io_error = |source| Error::Io { action: "cannot read", path: origin.to_owned(), cause: source };
    let head = buffered.fill_buf().map_err(io_error)?;
    let bom = head.starts_with(b"\xef\xbb\xbf");
    let delimiter = options.delimiter.unwrap_or_else(|| sniff_delimiter(&head[if bom { 3 } else { 0 }..], is_tsv));
    if bom {
        buffered.consume(3);
    }
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .buffer_capacity(1 << 16)
        .from_reader(buffered);
    let csv_error = |e: csv::Error| -> Error {
        if let Some(line) = too_long.get() {
            return Error::Data {
                path: origin.to_owned(),
                position: format!("line {line}"),
                message: format!(
                    "the line is longer than {} MiB, the most RustGIS reads in one CSV line; is this really a CSV file?",
                    MAX_LINE >> 20
                ),
            };
        }
        let position = e.position().map_or_else(|| "the start".to_owned(), |p| format!("line {}", p.line()));
        Error::Data { path: origin.to_owned(), position, message: format!("not readable as CSV: {e}") }
    };
    let mut record = csv::ByteRecord::new();
    if !reader.read_byte_record(&mut record).map_err(csv_error)? {
        return Err(Error::Data {
            path: origin.to_owned(),
            position: "line 1".to_owned(),
            message: "the file is empty".to_owned(),
        });
    }
    let first: Vec<String> = record.iter().map(|cell| text(cell).into_owned()).collect();
    let has_header = first.iter().any(|cell| !cell.trim().is_empty() && cell.trim().parse::<f64>().is_err());
    let names: Vec<String> =
        if has_header { unique_names(&first) } else { (1..=first.len()).map(|i| format!("field_{i}")).collect() };
    let mut columns: Vec<Vec<Value>> = vec![Vec::new(); names.len()];
    let mut lines: Vec<u64> = Vec::new();
    let mut push_row = |cells: &csv::ByteRecord, line: u64, columns: &mut Vec<Vec<Value>>| {
        for (col, column) in columns.iter_mut().enumerate() {
            let cell = cells.get(col).map(text).unwrap_or_default();
            let cell = cell.trim();
            column.push(if cell.is_empty() { Value::Null } else { Value::String(cell.to_owned()) });
        }
        lines.push(line);
    };
    if !has_header {
        push_row(&record, 1, &mut columns);
    }
    while reader.read_byte_record(&mut record).map_err(csv_error)? {
        super::check_stop(origin)?;
        if record.len() == 1 && record.get(0).is_some_and(|c| c.is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| p.line());
        push_row(&record, line, &mut columns);
    }
    let find = |explicit: &Option<String>, candidates: &[&str], param: &str| -> Result<Option<usize>> {
        match explicit {
            Some(name) => names.iter().position(|n| n == name).map(Some).ok_or_else(|| {
                Error::invalid(param, format!("the file has no column '{name}'; its columns are {}", names.join(", ")))
            }),
            None => Ok(candidates.iter().find_map(|c| names.iter().position(|n| n.eq_ignore_ascii_case(c)))),
        }
    };
    let wkt_col = find(&options.wkt, WKT_NAMES, "wkt")?;
    let (x_col, y_col) = if options.wkt.is_some() || (wkt_col.is_some() && options.x.is_none()) {
        (None, None)
    } else {
        (find(&options.x, X_NAMES, "x")?, find(&options.y, Y_NAMES, "y")?)
    };
    let crs = crs.unwrap_or(Crs::WGS84);
    let n_rows = lines.len();
    let mut geometries: Vec<Option<Geometry<f64>>> = vec![None; n_rows];
    let mut bad: Vec<(u64, String)> = Vec::new();
    let mut notices = Vec::new();
    match (wkt_col, x_col, y_col) {
        (Some(col), _, _) if x_col.is_none() => {
            for (row, value) in columns[col].iter().enumerate() {
                if let Value::String(s) = value {
                    match Geometry::<f64>::try_from_wkt_str(s) {
                        Ok(geometry) => geometries[row] = Some(geometry),
                        Err(e) => bad.push((lines[row], format!("{} is not WKT ({e})", clip(s)))),
                    }
                }
            }
        }
        (_, Some(x), Some(y)) => {
            for row in 0..n_rows {
                let number = |col: usize| match &columns[col][row] {
                    Value::String(s) => s.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| clip(s)),
                    _ => Err(String::new()),
                };
                match (number(x), number(y)) {
                    (Ok(lon), Ok(lat)) if !crs.is_geographic() || (lon.abs() <= 360.0 && lat.abs() <= 90.0) => {
                        geometries[row] = Some(Geometry::Point(Point::new(lon, lat)));
                    }
                    (Ok(lon), Ok(lat)) => {
                        bad.push((lines[row], format!("({lon}, {lat}) is not a longitude and latitude")))
                    }
                    (Err(a), Err(b)) if a.is_empty() && b.is_empty() => {}
                    (a, b) => {
                        let what = [(a, &names[x]), (b, &names[y])]
                            .into_iter()
                            .filter_map(|(r, name)| {
                                r.err().map(|t| {
                                    format!(
                                        "{name} {}",
                                        if t.is_empty() {
                                            "is empty".to_owned()
                                        } else {
                                            format!("{t} is not a number")
                                        }
                                    )
                                })
                            })
                            .collect::<Vec<_>>()
                            .join(", ");
                        bad.push((lines[row], what));
                    }
                }
            }
        }
        (_, Some(_), None) | (_, None, Some(_)) => {
            return Err(Error::invalid(
                if x_col.is_some() { "y" } else { "x" },
                format!(
                    "found only one coordinate column; name both with \"x\" and \"y\" (the columns are {})",
                    names.join(", ")
                ),
            ));
        }
        _ => notices.push(format!(
            "no geometry column found (looked for {} / {}, or WKT in {}): opened as a table without geometry (as \
             GDAL opens it); to read points or shapes, name the columns with \"x\" and \"y\" or \"wkt\"",
            X_NAMES.join("/"),
            Y_NAMES.join("/"),
            WKT_NAMES.join("/")
        )),
    }
    if !bad.is_empty() {
        let listed: Vec<String> = bad.iter().take(10).map(|(line, what)| format!("line {line}: {what}")).collect();
        notices.push(format!(
            "{} row{} had coordinates that could not be read and were loaded without geometry ({}{})",
            bad.len(),
            if bad.len() == 1 { "" } else { "s" },
            listed.join("; "),
            if bad.len() > 10 { "; …" } else { "" }
        ));
    }
    let mut fields = Vec::new();
    let mut kept_columns = Vec::new();
    for (col, (name, mut column)) in names.into_iter().zip(columns).enumerate() {
        if Some(col) == wkt_col && x_col.is_none() {
            continue;
        }
        let field_type = match options.types.iter().find(|(n, _)| *n == name) {
            Some((_, field_type)) => {
                convert(&mut column, *field_type).map_err(|(row, message)| Error::Data {
                    path: origin.to_owned(),
                    position: format!("line {}", lines[row]),
                    message: format!("column '{name}': {message}"),
                })?;
                *field_type
            }
            None => infer_and_convert(&mut column),
        };
        if field_type == FieldType::String {
            // An empty cell of a text column is an empty text, as GDAL reads it; in a column of
            // numbers or dates it is null.
            for value in column.iter_mut().filter(|v| v.is_null()) {
                *value = Value::String(String::new());
            }
        }
        fields.push(Field::new(name, field_type));
        kept_columns.push(column.into_iter());
    }
    let mut features = Vec::with_capacity(n_rows);
    for (row, geometry) in geometries.into_iter().enumerate() {
        let attributes = kept_columns.iter_mut().map(|c| c.next().unwrap_or_default()).collect();
        if let Some(bbox) = &bbox
            && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
        {
            continue;
        }
        features.push(Feature { id: row as u64 + 1, geometry, attributes });
    }
    Ok(ReadData { fields, features, crs, notices, crs_problem: None })
}

/// Writes a layer as CSV: a `WKT` column first, or `lon`/`lat` columns for points, then the
/// fields. `origin` names the target in errors.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path, geometry: CsvGeometry) -> Result<()> {
    let io_error = |e: csv::Error| Error::Io {
        action: "cannot write",
        path: origin.to_owned(),
        cause: std::io::Error::other(e.to_string()),
    };
    let mut writer = csv::WriterBuilder::new().from_writer(out);
    let taken = |name: &str| layer.fields.iter().any(|f| f.name.eq_ignore_ascii_case(name));
    let mut header: Vec<String> = match geometry {
        CsvGeometry::Wkt => vec![if taken("WKT") { "geometry_wkt" } else { "WKT" }.to_owned()],
        CsvGeometry::Xy if taken("lon") || taken("lat") => vec!["geom_lon".to_owned(), "geom_lat".to_owned()],
        CsvGeometry::Xy => vec!["lon".to_owned(), "lat".to_owned()],
    };
    header.extend(layer.fields.iter().map(|f| f.name.clone()));
    writer.write_record(&header).map_err(io_error)?;
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for feature in layer.features.iter() {
        row.clear();
        match (geometry, &feature.geometry) {
            (CsvGeometry::Wkt, Some(g)) => row.push(g.wkt_string()),
            (CsvGeometry::Wkt, None) => row.push(String::new()),
            (CsvGeometry::Xy, Some(Geometry::Point(p))) => {
                row.push(p.x().to_string());
                row.push(p.y().to_string());
            }
            (CsvGeometry::Xy, None) => row.extend([String::new(), String::new()]),
            (CsvGeometry::Xy, Some(_)) => {
                return Err(Error::Failed(format!(
                    "cannot write {}: feature {} is not a point, and lon/lat columns hold points only; write \
                     \"csv_geometry\": \"wkt\" instead",
                    origin.display(),
                    feature.id
                )));
            }
        }
        row.extend(feature.attributes.iter().map(|v| match v {
            Value::Null => String::new(),
            other => other.to_string(),
        }));
        writer.write_record(&row).map_err(io_error)?;
    }
    writer.flush().map_err(|source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source })?;
    Ok(())
}

/// A reader that fails once a line passes `limit` bytes, noting the line in `too_long`.
struct LineLimit<R> {
    inner: R,
    since_newline: usize,
    line: u64,
    limit: usize,
    too_long: Rc<Cell<Option<u64>>>,
}

impl<R: Read> Read for LineLimit<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut rest = &buf[..n];
        while let Some(at) = memchr::memchr(b'\n', rest) {
            if self.since_newline + at > self.limit {
                break;
            }
            self.since_newline = 0;
            self.line += 1;
            rest = &rest[at + 1..];
        }
        self.since_newline += rest.len();
        if self.since_newline > self.limit {
            self.too_long.set(Some(self.line));
            return Err(std::io::Error::other("a line is too long"));
        }
        Ok(n)
    }
}

/// The delimiter that splits the first line most often: `,`, `;`, tab or `|`.
fn sniff_delimiter(head: &[u8], is_tsv: bool) -> u8 {
    let line = head.split(|b| *b == b'\n').next().unwrap_or(head);
    let mut counts = [(b',', 0usize), (b';', 0), (b'\t', 0), (b'|', 0)];
    let mut quoted = false;
    for b in line {
        if *b == b'"' {
            quoted = !quoted;
        } else if !quoted && let Some(entry) = counts.iter_mut().find(|(d, _)| d == b) {
            entry.1 += 1;
        }
    }
    if is_tsv && counts[2].1 > 0 {
        return b'\t';
    }
    let best = counts.iter().max_by_key(|(_, n)| *n).expect("four candidates");
    if best.1 == 0 { if is_tsv { b'\t' } else { b',' } } else { best.0 }
}

/// A cell's text: UTF-8, else Windows-1252 (what spreadsheets save as "CSV" on Windows).
fn text(cell: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(cell) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => encoding_rs::WINDOWS_1252.decode_without_bom_handling(cell).0,
    }
}

/// Header names made unique and non-empty (`field_3` for a blank one, `name_2` for a repeat).
fn unique_names(header: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(header.len());
    for (i, raw) in header.iter().enumerate() {
        let base = if raw.trim().is_empty() { format!("field_{}", i + 1) } else { raw.trim().to_owned() };
        let mut name = base.clone();
        let mut n = 2;
        while names.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        names.push(name);
    }
    names
}

fn clip(s: &str) -> String {
    let mut end = s.len().min(40);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if end < s.len() { format!("{:?}…", &s[..end]) } else { format!("{s:?}") }
}

/// Converts a column of texts to `field_type`; the row and message of the first that does not convert.
fn convert(column: &mut [Value], field_type: FieldType) -> Result<(), (usize, String)> {
    for (row, value) in column.iter_mut().enumerate() {
        let taken = std::mem::take(value);
        *value = field_type.coerce(taken).map_err(|e| (row, e.to_string()))?;
    }
    Ok(())
}

/// The narrowest type every text of a column reads as (integer, float, bool, date, datetime,
/// else string), and the column converted to it. Numbers with leading zeros (`007`, postcodes)
/// keep the column as text.
pub(super) fn infer_and_convert(column: &mut [Value]) -> FieldType {
    let texts = || column.iter().filter_map(Value::as_str);
    let is_int = |s: &str| {
        let digits = s.strip_prefix('-').unwrap_or(s);
        s.parse::<i64>().is_ok() && !(digits.len() > 1 && digits.starts_with('0'))
    };
    let is_float = |s: &str| {
        let digits = s.strip_prefix('-').unwrap_or(s);
        s.parse::<f64>().is_ok_and(f64::is_finite)
            && !(digits.len() > 1 && digits.starts_with('0') && !digits.starts_with("0."))
            && !s.eq_ignore_ascii_case("inf")
    };
    let is_bool = |s: &str| s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false");
    if texts().next().is_none() {
        return FieldType::String;
    }
    let field_type = if texts().all(is_int) {
        FieldType::Integer
    } else if texts().all(is_float) {
        FieldType::Float
    } else if texts().all(is_bool) {
        FieldType::Bool
    } else if texts().all(|s| s.len() == 10 && parse_date(&s.replace('/', "-")).is_some()) {
        FieldType::Date
    } else if texts().all(|s| s.len() >= 16 && parse_datetime(s).is_some()) {
        FieldType::Datetime
    } else {
        return FieldType::String;
    };
    for value in column.iter_mut() {
        if let Value::String(s) = value {
            *value = match field_type {
                FieldType::Integer => s.parse().map_or(Value::Null, Value::Int),
                FieldType::Float => s.parse().map_or(Value::Null, Value::Float),
                FieldType::Bool => Value::Bool(s.eq_ignore_ascii_case("true")),
                FieldType::Date => parse_date(&s.replace('/', "-")).map_or(Value::Null, Value::Date),
                _ => parse_datetime(s).map_or(Value::Null, Value::DateTime),
            };
        }
    }
    field_type
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delimiter_is_the_one_the_header_uses_most() {
        assert_eq!(sniff_delimiter(b"name;lon;lat\n\"a,b\";1;2\n", false), b';');
        assert_eq!(sniff_delimiter(b"name\tlon\tlat\n", false), b'\t');
        assert_eq!(sniff_delimiter(b"name,lon,lat\n", false), b',');
        assert_eq!(sniff_delimiter(b"single\n", true), b'\t');
    }

    #[test]
    fn numbers_with_leading_zeros_stay_text() {
        let mut column = vec![Value::String("00501".into()), Value::String("12345".into())];
        assert_eq!(infer_and_convert(&mut column), FieldType::String);
    }
}
