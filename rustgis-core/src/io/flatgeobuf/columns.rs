//! The typed columns a FlatGeobuf read fills, feature by feature, with ids and geometry
//! problems kept beside them.

use flatgeobuf::{ColumnType, GeometryType};

use super::read::decode_geometry;
use crate::error::Result;
use crate::io::curves::{Curves, Kinds};
use crate::io::{ReadData, invalid_notice};
use crate::layer::{Crs, Extent, Feature, Field};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// Features and columns as they are read.
pub(super) struct Rows {
    fields: Vec<Field>,
    columns: Vec<Column>,
    features: Vec<Feature>,
    fids: Vec<Option<u64>>,
    /// What makes each feature's geometry invalid, if anything.
    problems: Vec<Option<&'static str>>,
    /// The kinds of curve each feature's geometry had (made into lines).
    curved: Vec<Kinds>,
    /// ULong values beyond 2^53, read as the nearest float.
    n_inexact: usize,
}

impl Rows {
    pub(super) fn new(fields: Vec<Field>, columns: Vec<Column>) -> Rows {
        Rows {
            fields,
            columns,
            features: Vec::new(),
            fids: Vec::new(),
            problems: Vec::new(),
            curved: Vec::new(),
            n_inexact: 0,
        }
    }

    /// Adds a feature; `position` (its 1-based place in the file) is its id unless the file has ids.
    pub(super) fn push(
        &mut self,
        feature: &flatgeobuf::Feature<'_>,
        dataset_type: GeometryType,
        position: u64,
    ) -> Result<(), String> {
        let mut problem = None;
        let mut curved = Kinds::default();
        let geometry = match feature.geometry() {
            Some(g) => decode_geometry(&g, dataset_type, &mut problem, &mut curved)?,
            None => None,
        };
        let mut attributes = vec![Value::Null; self.fields.len()];
        let mut fid = None;
        if let Some(props) = feature.properties() {
            self.decode_properties(props.bytes(), &mut attributes, &mut fid)?;
        }
        self.features.push(Feature { id: position, geometry, attributes });
        self.fids.push(fid);
        self.problems.push(problem);
        self.curved.push(curved);
        Ok(())
    }

    pub(super) fn decode_properties(
        &mut self,
        bytes: &[u8],
        out: &mut [Value],
        fid: &mut Option<u64>,
    ) -> Result<(), String> {
        let mut at = 0usize;
        // A last byte too short for a column number is padding, as GDAL skips it (FlatGeobuf's own
        // alldatatypes.fgb ends its properties with one).
        while at + 2 <= bytes.len() {
            let index = &bytes[at..at + 2];
            let index = u16::from_le_bytes([index[0], index[1]]) as usize;
            at += 2;
            let column = self.columns.get(index).ok_or_else(|| {
                format!("a value for column {index}, but the file declares {} columns", self.columns.len())
            })?;
            let past_end = || format!("the value of '{}' runs past the end of the feature", column.name);
            let fixed = |at: usize, n: usize| bytes.get(at..at + n).ok_or_else(past_end);
            let (value, used) = match column.column_type {
                ColumnType::Bool => (Value::Bool(fixed(at, 1)?[0] != 0), 1),
                ColumnType::Byte => (Value::Int(i64::from(fixed(at, 1)?[0] as i8)), 1),
                ColumnType::UByte => (Value::Int(i64::from(fixed(at, 1)?[0])), 1),
                ColumnType::Short => (Value::Int(i64::from(i16::from_le_bytes(array(fixed(at, 2)?)))), 2),
                ColumnType::UShort => (Value::Int(i64::from(u16::from_le_bytes(array(fixed(at, 2)?)))), 2),
                ColumnType::Int => (Value::Int(i64::from(i32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::UInt => (Value::Int(i64::from(u32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::Long => (Value::Int(i64::from_le_bytes(array(fixed(at, 8)?))), 8),
                ColumnType::ULong => {
                    let v = u64::from_le_bytes(array(fixed(at, 8)?));
                    if column.field.is_none() {
                        *fid = Some(v);
                        (Value::Null, 8)
                    } else {
                        // As GDAL reads ULong: a float (OFTReal), exact up to 2^53.
                        let float = v as f64;
                        if v > (1u64 << 53) {
                            self.n_inexact += 1;
                        }
                        (Value::Float(float), 8)
                    }
                }
                ColumnType::Float => (Value::Float(f64::from(f32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::Double => (Value::Float(f64::from_le_bytes(array(fixed(at, 8)?))), 8),
                ColumnType::String | ColumnType::Json | ColumnType::DateTime | ColumnType::Binary => {
                    let len = u32::from_le_bytes(array(fixed(at, 4)?)) as usize;
                    let content = bytes.get(at + 4..at + 4 + len).ok_or_else(past_end)?;
                    let text = if column.column_type == ColumnType::Binary {
                        content.iter().map(|b| format!("{b:02x}")).collect()
                    } else {
                        String::from_utf8_lossy(content).into_owned()
                    };
                    (Value::String(text), 4 + len)
                }
                other => return Err(format!("column '{}' has an unknown type {other:?}", column.name)),
            };
            at += used;
            if let Some(field) = column.field {
                out[field] = value;
            }
        }
        Ok(())
    }

    /// Keeps the features whose geometry meets `bbox` (for files without an index).
    pub(super) fn retain_in(&mut self, bbox: &Extent) {
        let keep: Vec<bool> = self
            .features
            .iter()
            .map(|f| f.geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox)))
            .collect();
        let mut flags = keep.iter();
        self.features.retain(|_| *flags.next().unwrap_or(&false));
        let mut flags = keep.iter();
        self.fids.retain(|_| *flags.next().unwrap_or(&false));
        let mut flags = keep.iter();
        self.problems.retain(|_| *flags.next().unwrap_or(&false));
        let mut flags = keep.iter();
        self.curved.retain(|_| *flags.next().unwrap_or(&false));
    }

    pub(super) fn finish(mut self, crs: Crs) -> ReadData {
        let mut notices = Vec::new();
        // Date-time columns hold text until here: dates, date-times, or text RustGIS cannot read.
        for (column_idx, column) in self.columns.iter().enumerate() {
            let (ColumnType::DateTime, Some(field)) = (column.column_type, column.field) else { continue };
            let texts = || self.features.iter().filter_map(|f| f.attributes[field].as_str());
            let as_dates = column.date_marker || texts().all(|t| t.len() == 10 && parse_date(t).is_some());
            let converted = if as_dates {
                texts().all(|t| parse_date(t).or_else(|| parse_datetime(t).map(|dt| dt.date())).is_some())
            } else {
                texts().all(|t| parse_datetime(t).or_else(|| parse_date(t).map(|d| d.midnight())).is_some())
            };
            if !converted {
                self.fields[field].field_type = FieldType::String;
                notices.push(format!(
                    "column {column_idx} ('{}') holds date-times RustGIS cannot read (time zones other than Z?); kept as text",
                    column.name
                ));
                continue;
            }
            let field_type = if as_dates { FieldType::Date } else { FieldType::Datetime };
            self.fields[field].field_type = field_type;
            for feature in &mut self.features {
                let value = std::mem::take(&mut feature.attributes[field]);
                feature.attributes[field] = field_type.coerce(value).unwrap_or_default();
            }
        }
        if self.columns.iter().any(|c| c.column_type == ColumnType::Binary) {
            notices.push("binary columns were read as hexadecimal text".to_owned());
        }
        if self.n_inexact > 0 {
            notices.push(format!(
                "{} unsigned 64-bit (ULong) values are above 2^53 and were read as the nearest float, as GDAL reads them",
                self.n_inexact
            ));
        }
        // With ids from the file, features come back in id order (an index stores them in
        // Hilbert order). The invalid-geometry rows are looked up before sorting.
        let mut seen = std::collections::HashSet::with_capacity(self.fids.len());
        let file_ids = self.fids.iter().all(|id| id.is_some_and(|id| id > 0 && seen.insert(id)));
        let id_of = |row: usize| if file_ids { self.fids[row].unwrap_or_default() } else { self.features[row].id };
        let mut curves = Curves::default();
        for (row, kinds) in self.curved.iter().enumerate() {
            curves.note(id_of(row), kinds);
        }
        notices.extend(curves.notice());
        let n_invalid = self.problems.iter().flatten().count();
        if n_invalid > 0 {
            let first: Vec<(u64, &str)> = self
                .problems
                .iter()
                .enumerate()
                .filter_map(|(row, problem)| problem.map(|p| (id_of(row), p)))
                .take(5)
                .collect();
            notices.push(invalid_notice(n_invalid, &first));
        }
        if file_ids {
            for (feature, fid) in self.features.iter_mut().zip(&self.fids) {
                feature.id = fid.unwrap_or(feature.id);
            }
            self.features.sort_unstable_by_key(|f| f.id);
        }
        ReadData { fields: self.fields, features: self.features, crs, notices, crs_problem: None }
    }
}

/// A column as the reader uses it.
pub(super) struct Column {
    pub(super) name: String,
    pub(super) column_type: ColumnType,
    /// Where its values go: a field index, or `None` for the id column.
    pub(super) field: Option<usize>,
    pub(super) date_marker: bool,
}

pub(super) fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[..N]);
    out
}
