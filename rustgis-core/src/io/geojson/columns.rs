//! The typed columns a GeoJSON read fills: values gathered per field while features stream
//! by, each field's type inferred once at the end.

use geo::Geometry;

use super::read::intersects;
use crate::io::ReadData;
use crate::io::invalid_notice;
use crate::layer::{Crs, Extent, Feature, Field};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// Gathers features and per-field columns while reading, then infers each field's type.
#[derive(Debug)]
pub(super) struct Builder {
    pub(super) names: Vec<String>,
    /// Each name's column: a feature with 100,000 property names must not cost 100,000² compares.
    pub(super) by_name: std::collections::HashMap<String, usize>,
    pub(super) columns: Vec<Vec<Value>>,
    /// The column of the last key looked up: keys usually come in the same order in every
    /// feature, so the next one is checked first.
    pub(super) last_col: usize,
    pub(super) geometries: Vec<Option<Geometry<f64>>>,
    pub(super) ids: Vec<Option<u64>>,
    /// Each kept feature's 1-based place in the file: its id when the file's ids will not do,
    /// so a bbox read gives features the ids they have in a full read.
    pub(super) positions: Vec<u64>,
    pub(super) bbox: Option<Extent>,
    /// Features read so far, kept or not (for positions in messages).
    pub(super) seen: usize,
    /// Whether the parser is inside a feature (feature `seen + 1`), to name it in errors.
    pub(super) reading_feature: bool,
    pub(super) n_invalid: usize,
    /// Rows of the first invalid geometries, with what is wrong.
    pub(super) first_invalid: Vec<(usize, &'static str)>,
    /// Features whose geometry had no coordinates, read without geometry.
    pub(super) n_no_coordinates: usize,
    /// Rows of the first of them, with their geometry's type.
    pub(super) first_no_coordinates: Vec<(usize, &'static str)>,
}

impl Builder {
    pub(super) fn new(bbox: Option<Extent>) -> Builder {
        Builder {
            names: Vec::new(),
            by_name: std::collections::HashMap::new(),
            columns: Vec::new(),
            last_col: 0,
            geometries: Vec::new(),
            ids: Vec::new(),
            positions: Vec::new(),
            bbox,
            seen: 0,
            reading_feature: false,
            n_invalid: 0,
            first_invalid: Vec::new(),
            n_no_coordinates: 0,
            first_no_coordinates: Vec::new(),
        }
    }

    pub(super) fn n_rows(&self) -> usize {
        self.geometries.len()
    }

    pub(super) fn column_index(&mut self, name: &str) -> usize {
        let n = self.names.len();
        let hint = self.last_col.wrapping_add(1);
        let found = if hint < n && self.names[hint] == name { Some(hint) } else { self.by_name.get(name).copied() };
        let col = found.unwrap_or_else(|| {
            self.by_name.insert(name.to_owned(), n);
            self.names.push(name.to_owned());
            self.columns.push(Vec::new());
            n
        });
        self.last_col = col;
        col
    }

    pub(super) fn set(&mut self, row: usize, col: usize, value: Value) {
        let column = &mut self.columns[col];
        if column.len() > row {
            column[row] = value;
        } else {
            column.resize(row, Value::Null);
            column.push(value);
        }
    }

    /// Ends a feature's row: `problem` says what makes its geometry invalid, `no_coordinates` the
    /// type of a geometry that had no coordinates (and is read as none).
    pub(super) fn end_row(
        &mut self,
        id: Option<u64>,
        geometry: Option<Geometry<f64>>,
        problem: Option<&'static str>,
        no_coordinates: Option<&'static str>,
    ) {
        self.seen += 1;
        self.last_col = usize::MAX;
        let row = self.n_rows();
        if let Some(bbox) = &self.bbox
            && !intersects(geometry.as_ref(), bbox)
        {
            for column in &mut self.columns {
                column.truncate(row);
            }
            return;
        }
        if let Some(problem) = problem {
            self.n_invalid += 1;
            if self.first_invalid.len() < 5 {
                self.first_invalid.push((row, problem));
            }
        }
        if let Some(kind) = no_coordinates {
            self.n_no_coordinates += 1;
            if self.first_no_coordinates.len() < 5 {
                self.first_no_coordinates.push((row, kind));
            }
        }
        self.geometries.push(geometry);
        self.ids.push(id);
        self.positions.push(self.seen as u64);
    }

    pub(super) fn finish(self, crs: Crs) -> ReadData {
        let n_rows = self.n_rows();
        let mut fields = Vec::with_capacity(self.names.len());
        let mut columns = self.columns;
        for (name, column) in self.names.into_iter().zip(&mut columns) {
            column.resize(n_rows, Value::Null);
            fields.push(Field::new(name, infer_and_convert(column)));
        }
        let unique_ids = {
            let mut seen = std::collections::HashSet::with_capacity(n_rows);
            self.ids.iter().all(|id| id.is_some_and(|id| id > 0 && seen.insert(id)))
        };
        let id_of = |row: usize| match self.ids[row] {
            Some(id) if unique_ids => id,
            _ => self.positions[row],
        };
        let mut notices = Vec::new();
        if self.n_invalid > 0 {
            notices.push(invalid_notice(
                self.n_invalid,
                &self.first_invalid.iter().map(|&(row, problem)| (id_of(row), problem)).collect::<Vec<_>>(),
            ));
        }
        if let Some(&(first_row, first_kind)) = self.first_no_coordinates.first() {
            let count = self.n_no_coordinates;
            let ids: Vec<String> = self.first_no_coordinates.iter().map(|&(row, _)| id_of(row).to_string()).collect();
            let more = if count > ids.len() { ", …" } else { "" };
            notices.push(format!(
                "{count} feature{} a geometry without coordinates (\"coordinates\": null or none) and {} read without \
                 geometry, as GDAL reads them (ids {}{more}); feature {}: a {first_kind}",
                if count == 1 { " has" } else { "s have" },
                if count == 1 { "was" } else { "were" },
                ids.join(", "),
                id_of(first_row),
            ));
        }
        let mut columns: Vec<std::vec::IntoIter<Value>> = columns.into_iter().map(Vec::into_iter).collect();
        let features = self
            .geometries
            .into_iter()
            .enumerate()
            .map(|(row, geometry)| Feature {
                id: id_of(row),
                geometry,
                attributes: columns.iter_mut().map(|c| c.next().unwrap_or_default()).collect(),
            })
            .collect();
        ReadData { fields, features, crs, notices, crs_problem: None }
    }
}

/// Picks the narrowest type that holds every value of a column and converts the column to it:
/// integers stay integers, integers mixed with floats become floats, ISO dates become dates.
fn infer_and_convert(column: &mut [Value]) -> FieldType {
    let mut kinds = column.iter().filter_map(Value::field_type);
    let Some(first) = kinds.next() else { return FieldType::String };
    let mut kind = first;
    for k in kinds {
        kind = match (kind, k) {
            (a, b) if a == b => a,
            (FieldType::Integer, FieldType::Float) | (FieldType::Float, FieldType::Integer) => FieldType::Float,
            _ => FieldType::String,
        };
    }
    if kind == FieldType::String {
        let strings = || column.iter().filter_map(Value::as_str);
        let all_strings = column.iter().all(|v| v.is_null() || v.as_str().is_some());
        if all_strings && strings().all(|s| s.len() == 10 && parse_date(s).is_some()) {
            kind = FieldType::Date;
        } else if all_strings && strings().all(|s| s.len() >= 16 && parse_datetime(s).is_some()) {
            kind = FieldType::Datetime;
        }
    }
    let needs_conversion = column.iter().any(|v| v.field_type().is_some_and(|t| t != kind));
    if needs_conversion {
        for value in column.iter_mut() {
            let taken = std::mem::take(value);
            // Every non-null value was seen by the inference above, so coercion cannot fail;
            // the fallback keeps the text rather than lose it.
            *value = match kind.coerce(taken.clone()) {
                Ok(v) => v,
                Err(_) => Value::String(taken.to_string()),
            };
        }
    }
    kind
}

// ---------------------------------------------------------------------------------------------
// Geometry from parsed JSON (inline GeoJSON, and geometries whose coordinates came before their type)
