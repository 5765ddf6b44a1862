//! dBASE (`.dbf`) attribute tables: typed columns from the C, N, F, L and D field types, text in
//! the code page of the `.cpg` or the language id, and the writer (UTF-8, with a `.cpg`).

use std::path::Path;

use encoding_rs::Encoding;

use crate::error::{Error, Result};
use crate::layer::{Field, Layer};
use crate::value::{FieldType, Value};

/// The widest a character field can be.
const MAX_TEXT: usize = 254;
/// The longest a field name can be, in bytes.
const MAX_NAME: usize = 10;

/// A `.dbf` read into memory, its header checked against its size.
pub(super) struct Table<'a> {
    bytes: &'a [u8],
    columns: Vec<Column>,
    header_len: usize,
    record_len: usize,
    n_records: usize,
    encoding: &'static Encoding,
}

struct Column {
    name: String,
    offset: usize,
    width: usize,
    field_type: FieldType,
}

impl<'a> Table<'a> {
    /// A table of `n` records with no fields (for a Shapefile without a `.dbf`).
    pub(super) fn empty(n: usize) -> Table<'static> {
        Table {
            bytes: &[],
            columns: Vec::new(),
            header_len: 0,
            record_len: 0,
            n_records: n,
            encoding: encoding_rs::UTF_8,
        }
    }

    /// Reads the header of a `.dbf`; `cpg` is the `.cpg` file's text, if there is one.
    pub(super) fn read(
        bytes: &'a [u8],
        path: &Path,
        cpg: Option<&str>,
        notices: &mut Vec<String>,
    ) -> Result<Table<'a>> {
        let error = |position: String, message: String| Error::Data { path: path.to_owned(), position, message };
        if bytes.len() < 32 {
            return Err(error(
                "byte 0".to_owned(),
                format!("the .dbf is truncated: it has {} bytes, fewer than its 32-byte header", bytes.len()),
            ));
        }
        let n_records = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize;
        let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let record_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        let mut columns = Vec::new();
        // Names are decoded once the code page is known, as values are.
        let mut raw_names: Vec<&[u8]> = Vec::new();
        let mut at = 32;
        let mut offset = 1;
        while at < bytes.len() && bytes[at] != 0x0d {
            if at + 32 > header_len.min(bytes.len()) {
                return Err(error(
                    format!("byte {at}"),
                    format!("the field descriptors run past the header's {header_len} bytes"),
                ));
            }
            let descriptor = &bytes[at..at + 32];
            let name_end = descriptor[..11].iter().position(|b| *b == 0).unwrap_or(11);
            raw_names.push(&descriptor[..name_end]);
            let kind = descriptor[11].to_ascii_uppercase();
            let width = descriptor[16] as usize;
            let decimals = descriptor[17] as usize;
            let field_type = match kind {
                b'N' if decimals == 0 && width <= 18 => FieldType::Integer,
                b'N' | b'F' => FieldType::Float,
                b'L' => FieldType::Bool,
                b'D' => FieldType::Date,
                _ => FieldType::String,
            };
            columns.push(Column { name: String::new(), offset, width, field_type });
            offset += width;
            at += 32;
        }
        if offset != record_len {
            return Err(error(
                "byte 10".to_owned(),
                format!(
                    "the header gives records of {record_len} bytes but its fields add up to {offset} (with the \
                     deletion flag); the .dbf is damaged"
                ),
            ));
        }
        let needed = header_len.saturating_add(n_records.saturating_mul(record_len));
        if header_len < at + 1 || needed > bytes.len() {
            return Err(error(
                "byte 4".to_owned(),
                format!(
                    "the .dbf is truncated: its header promises {n_records} records of {record_len} bytes after {header_len} \
                     header bytes ({needed} bytes) but the file has {}",
                    bytes.len()
                ),
            ));
        }
        let encoding = encoding_of(cpg, bytes[29], &columns, &raw_names, bytes, header_len, needed, notices);
        for (column, raw) in columns.iter_mut().zip(raw_names) {
            column.name = decode(raw, encoding).trim().to_owned();
        }
        Ok(Table { bytes, columns, header_len, record_len, n_records, encoding })
    }

    /// How many records the header gives.
    pub(super) fn n_records(&self) -> usize {
        self.n_records
    }

    /// The fields, named and typed as the header says.
    pub(super) fn fields(&self) -> Vec<Field> {
        self.columns.iter().map(|c| Field::new(c.name.clone(), c.field_type)).collect()
    }

    /// Whether record `row` is marked deleted.
    pub(super) fn is_deleted(&self, row: usize) -> bool {
        self.record_len > 0 && self.bytes[self.header_len + row * self.record_len] == b'*'
    }

    /// The values of record `row` (0-based, checked by `read` to lie in the file).
    pub(super) fn row(&self, row: usize) -> Result<Vec<Value>, String> {
        if self.columns.is_empty() {
            return Ok(Vec::new());
        }
        let record = &self.bytes[self.header_len + row * self.record_len..][..self.record_len];
        self.columns
            .iter()
            .map(|column| {
                let raw = &record[column.offset..column.offset + column.width];
                value_of(column, raw, self.encoding).map_err(|message| format!("field {}: {message}", column.name))
            })
            .collect()
    }
}

fn value_of(column: &Column, raw: &[u8], encoding: &'static Encoding) -> Result<Value, String> {
    if column.field_type == FieldType::String {
        let text = decode(raw, encoding);
        let text = text.trim_end_matches([' ', '\0']).trim_start_matches(' ');
        return Ok(if text.is_empty() { Value::Null } else { Value::String(text.to_owned()) });
    }
    let text = std::str::from_utf8(raw).unwrap_or("").trim_matches([' ', '\0']);
    if text.is_empty() || text.starts_with('*') {
        return Ok(Value::Null);
    }
    Ok(match column.field_type {
        FieldType::Integer => match text.parse::<i64>() {
            Ok(i) => Value::Int(i),
            Err(_) => match text.parse::<f64>() {
                Ok(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Value::Int(f as i64),
                _ => return Err(format!("{text:?} is not an integer")),
            },
        },
        FieldType::Float => match text.parse::<f64>() {
            Ok(f) => Value::Float(f),
            Err(_) => match text.replace(',', ".").parse::<f64>() {
                Ok(f) => Value::Float(f),
                Err(_) => return Err(format!("{text:?} is not a number")),
            },
        },
        FieldType::Bool => match text.as_bytes()[0] {
            b'T' | b't' | b'Y' | b'y' => Value::Bool(true),
            b'F' | b'f' | b'N' | b'n' => Value::Bool(false),
            _ => Value::Null,
        },
        FieldType::Date => {
            if text.len() != 8 || text == "00000000" {
                return Ok(Value::Null);
            }
            let part = |range: std::ops::Range<usize>| text.get(range).and_then(|s| s.parse::<i32>().ok());
            let date = match (part(0..4), part(4..6), part(6..8)) {
                (Some(y), Some(m), Some(d)) => u8::try_from(m)
                    .ok()
                    .and_then(|m| time::Month::try_from(m).ok())
                    .and_then(|m| time::Date::from_calendar_date(y, m, d as u8).ok()),
                _ => None,
            };
            date.map_or(Value::Null, Value::Date)
        }
        FieldType::String | FieldType::Datetime => Value::String(text.to_owned()),
    })
}

fn decode<'a>(raw: &'a [u8], encoding: &'static Encoding) -> std::borrow::Cow<'a, str> {
    if encoding == encoding_rs::UTF_8 {
        return String::from_utf8_lossy(raw);
    }
    if raw.is_ascii() {
        return std::borrow::Cow::Borrowed(std::str::from_utf8(raw).expect("ASCII is UTF-8"));
    }
    encoding.decode_without_bom_handling(raw).0
}

/// The code page of the texts and field names: the `.cpg`, else the language id; without
/// either, UTF-8 when every text and name is valid UTF-8, else Latin-1 (Windows-1252, which GDAL
/// also assumes).
#[expect(clippy::too_many_arguments, reason = "the parts of a header read once, named")]
fn encoding_of(
    cpg: Option<&str>,
    language_id: u8,
    columns: &[Column],
    names: &[&[u8]],
    bytes: &[u8],
    header_len: usize,
    end: usize,
    notices: &mut Vec<String>,
) -> &'static Encoding {
    if let Some(cpg) = cpg.map(str::trim).filter(|c| !c.is_empty()) {
        let label = match cpg.to_ascii_uppercase().replace(['-', '_', ' '], "").as_str() {
            "UTF8" | "65001" => "utf-8",
            "88591" | "ISO88591" | "LATIN1" | "1252" | "ANSI1252" | "CP1252" | "WINDOWS1252" => "windows-1252",
            digits if digits.len() == 4 && digits.starts_with("125") => {
                return encoding_for(&format!("windows-{digits}"), cpg, notices);
            }
            "8859-2" | "88592" | "ISO88592" => "iso-8859-2",
            "866" | "CP866" => "ibm866",
            "932" | "SJIS" | "SHIFTJIS" => "shift_jis",
            "936" | "GBK" | "GB2312" => "gbk",
            "949" => "euc-kr",
            "950" | "BIG5" => "big5",
            _ => cpg,
        };
        return encoding_for(label, cpg, notices);
    }
    let by_id = match language_id {
        0x03 | 0x57 | 0x58 | 0x59 => Some("windows-1252"),
        0x64 => Some("ibm866"),
        0x65 | 0x26 => Some("ibm866"),
        0x7d => Some("windows-1255"),
        0x7e => Some("windows-1256"),
        0x13 | 0x7b => Some("shift_jis"),
        0x4d | 0x7a => Some("gbk"),
        0x4e | 0x79 => Some("euc-kr"),
        0x4f | 0x78 => Some("big5"),
        0x7c => Some("windows-874"),
        0xc8 => Some("windows-1250"),
        0xc9 => Some("windows-1251"),
        0xca => Some("windows-1254"),
        0xcb => Some("windows-1253"),
        0x01 | 0x02 => Some("windows-1252"),
        _ => None,
    };
    if let Some(label) = by_id {
        return Encoding::for_label(label.as_bytes()).unwrap_or(encoding_rs::WINDOWS_1252);
    }
    let record_len = columns.iter().map(|c| c.width).sum::<usize>() + 1;
    let names_are_utf8 = names.iter().all(|name| std::str::from_utf8(name).is_ok());
    let texts_are_utf8 = record_len <= 1
        || bytes[header_len..end].chunks_exact(record_len).all(|record| {
            columns
                .iter()
                .filter(|c| c.field_type == FieldType::String)
                .all(|c| std::str::from_utf8(&record[c.offset..c.offset + c.width]).is_ok())
        });
    if names_are_utf8 && texts_are_utf8 { encoding_rs::UTF_8 } else { encoding_rs::WINDOWS_1252 }
}

fn encoding_for(label: &str, cpg: &str, notices: &mut Vec<String>) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap_or_else(|| {
        notices.push(format!(
            "the .cpg names the code page {cpg:?}, which RustGIS does not know; text was read as Latin-1"
        ));
        encoding_rs::WINDOWS_1252
    })
}

/// The `.dbf` of a layer, in UTF-8. Field names longer than 10 bytes are cut (and made unique)
/// with a notice each; text over 254 bytes is refused.
pub(super) fn write(layer: &Layer, path: &Path, notices: &mut Vec<String>) -> Result<Vec<u8>> {
    let fail =
        |message: String| Error::Failed(format!("cannot write {}: {message}", path.with_extension("dbf").display()));
    let mut names: Vec<String> = Vec::new();
    for field in layer.fields.iter() {
        let mut name = cut(&field.name, MAX_NAME);
        let mut n = 1;
        while names.iter().any(|taken| taken.eq_ignore_ascii_case(&name)) {
            let suffix = format!("_{n}");
            name = format!("{}{suffix}", cut(&field.name, MAX_NAME - suffix.len()));
            n += 1;
        }
        if name != field.name {
            notices.push(format!(
                "field '{}' is written as '{name}': Shapefile field names have at most {MAX_NAME} characters",
                field.name
            ));
        }
        names.push(name);
    }
    let mut specs = Vec::with_capacity(layer.fields.len());
    for (idx, field) in layer.fields.iter().enumerate() {
        let texts: Vec<Option<String>> =
            layer.features.iter().map(|f| text_of(&f.attributes[idx], field.field_type)).collect();
        let widest = texts.iter().flatten().map(String::len).max().unwrap_or(0);
        let (kind, width, decimals) = match field.field_type {
            FieldType::Integer => (b'N', widest.clamp(1, 20), 0),
            FieldType::Float => (b'N', 24, 15),
            FieldType::Bool => (b'L', 1, 0),
            FieldType::Date => (b'D', 8, 0),
            FieldType::String | FieldType::Datetime => {
                if let Some(row) = texts.iter().position(|t| t.as_ref().is_some_and(|t| t.len() > MAX_TEXT)) {
                    return Err(fail(format!(
                        "feature {}'s '{}' is {} bytes long and a Shapefile holds at most {MAX_TEXT} bytes per text; \
                         shorten it or write GeoPackage",
                        layer.features[row].id,
                        field.name,
                        texts[row].as_ref().map_or(0, String::len)
                    )));
                }
                (b'C', widest.max(1), 0)
            }
        };
        if field.field_type == FieldType::Datetime {
            notices.push(format!(
                "field '{}' holds dates with times, which a Shapefile cannot: written as text (ISO 8601)",
                field.name
            ));
        }
        specs.push((kind, width, decimals, texts));
    }
    let n_records = layer.features.len();
    let header_len = 32 + 32 * specs.len() + 1;
    let record_len = 1 + specs.iter().map(|s| s.1).sum::<usize>();
    let header_u16 =
        u16::try_from(header_len).map_err(|_| fail(format!("{} fields are more than a .dbf holds", specs.len())))?;
    let record_u16 = u16::try_from(record_len)
        .map_err(|_| fail(format!("a record of {record_len} bytes is more than a .dbf holds (65535)")))?;
    let mut out = Vec::with_capacity(header_len + n_records * record_len + 1);
    out.extend_from_slice(&[0x03, 126, 1, 1]);
    out.extend_from_slice(&(n_records as u32).to_le_bytes());
    out.extend_from_slice(&header_u16.to_le_bytes());
    out.extend_from_slice(&record_u16.to_le_bytes());
    out.extend_from_slice(&[0; 20]);
    for (name, (kind, width, decimals, _)) in names.iter().zip(&specs) {
        let mut descriptor = [0u8; 32];
        descriptor[..name.len()].copy_from_slice(name.as_bytes());
        descriptor[11] = *kind;
        descriptor[16] = *width as u8;
        descriptor[17] = *decimals as u8;
        out.extend_from_slice(&descriptor);
    }
    out.push(0x0d);
    for row in 0..n_records {
        out.push(b' ');
        for (kind, width, _, texts) in &specs {
            let text = texts[row].as_deref().unwrap_or("");
            let pad = width - text.len();
            if *kind == b'N' {
                out.extend(std::iter::repeat_n(b' ', pad));
                out.extend_from_slice(text.as_bytes());
            } else {
                out.extend_from_slice(text.as_bytes());
                out.extend(std::iter::repeat_n(b' ', pad));
            }
        }
    }
    out.push(0x1a);
    Ok(out)
}

/// A value as the text its field holds, or `None` for null.
fn text_of(value: &Value, field_type: FieldType) -> Option<String> {
    Some(match (value, field_type) {
        (Value::Null, _) => return None,
        (Value::Bool(b), _) => (if *b { "T" } else { "F" }).to_owned(),
        (Value::Int(i), _) => i.to_string(),
        (Value::Float(f), _) if !f.is_finite() => return None,
        (Value::Float(f), _) => {
            let plain = f.to_string();
            if plain.len() <= 24 { plain } else { format!("{f:e}") }
        }
        (Value::Date(d), _) => format!("{:04}{:02}{:02}", d.year(), d.month() as u8, d.day()),
        (other, _) => other.to_string(),
    })
}

/// `name` cut to at most `max` bytes at a character boundary.
fn cut(name: &str, max: usize) -> String {
    let mut end = name.len().min(max);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].to_owned()
}
