//! GeoParquet's `geo` metadata (1.0, 1.1 and 2.0): the primary column, its encoding, CRS as
//! PROJJSON, edges, bbox and covering bbox columns.

use std::collections::BTreeMap;

use arrow_array::Array;
use arrow_array::cast::AsArray;
use arrow_schema::{DataType, Schema};
use parquet::file::metadata::ParquetMetaData;
use parquet::file::statistics::Statistics;
use serde::Deserialize;
use serde_json::Value as Json;

use super::values_of;
use crate::layer::{Crs, Extent};
use crate::value::{FieldType, Value};

/// The `geo` metadata, parsed; `None` when the file has none.
pub(super) fn geo_metadata(metadata: &ParquetMetaData) -> Result<Option<GeoMetadata>, String> {
    let Some(text) = metadata
        .file_metadata()
        .key_value_metadata()
        .and_then(|kv| kv.iter().find(|kv| kv.key == "geo"))
        .and_then(|kv| kv.value.as_deref())
    else {
        return Ok(None);
    };
    let geo: GeoMetadata =
        serde_json::from_str(text).map_err(|e| format!("the 'geo' metadata is not GeoParquet metadata: {e}"))?;
    if let Some(version) = &geo.version
        && !(version.starts_with("0.") || version.starts_with("1.") || version.starts_with("2."))
    {
        return Err(format!("the 'geo' metadata is version {version}; RustGIS reads GeoParquet 1.0, 1.1 and 2.0"));
    }
    Ok(Some(geo))
}

/// The CRS of a geometry column (GeoParquet's PROJJSON, or a code as some writers put it), as
/// PROJ identifies it: with notices on how it was read, and the problem when PROJ cannot read it.
pub(super) fn crs_of(column: &GeoColumn) -> (Crs, Vec<String>, Option<String>) {
    let definition = match &column.crs {
        // No `crs` is OGC:CRS84, longitude/latitude on WGS 84, by the specification.
        None => return (Crs::WGS84, Vec::new(), None),
        Some(Json::Null) => {
            return (
                Crs::WGS84,
                vec![
                    "the file says its CRS is unknown; its coordinates are taken as EPSG:4326 (pass \"crs\" to say \
                     otherwise)"
                        .to_owned(),
                ],
                None,
            );
        }
        Some(Json::String(text)) => text.clone(),
        Some(projjson) => projjson.to_string(),
    };
    match super::super::crs_wkt::crs_of_definition(&definition, "'geo' metadata") {
        Ok((crs, note)) => (crs, note.into_iter().collect(), None),
        Err(problem) => (Crs::WGS84, Vec::new(), Some(problem)),
    }
}

/// The `geo` metadata of a GeoParquet file.
#[derive(Debug, Deserialize)]
pub(super) struct GeoMetadata {
    #[serde(default)]
    version: Option<String>,
    pub(super) primary_column: String,
    pub(super) columns: BTreeMap<String, GeoColumn>,
}

/// One geometry column in the `geo` metadata.
#[derive(Debug, Deserialize)]
pub(super) struct GeoColumn {
    pub(super) encoding: String,
    #[serde(default)]
    #[allow(dead_code, reason = "read to check the metadata is well formed; features say their own types")]
    geometry_types: Vec<String>,
    /// `None`: absent (OGC:CRS84); `Some(Json::Null)`: unknown.
    #[serde(default, deserialize_with = "present")]
    pub(super) crs: Option<Json>,
    /// How edges join vertices: `planar` (the default), or `spherical` and the geodesic kinds.
    #[serde(default)]
    pub(super) edges: Option<String>,
    #[serde(default)]
    bbox: Option<Vec<f64>>,
    #[serde(default)]
    covering: Option<Covering>,
}

#[derive(Debug, Deserialize)]
struct Covering {
    bbox: CoveringBbox,
}

/// Where the covering bbox values are: `[column, field]` paths.
#[derive(Debug, Deserialize)]
struct CoveringBbox {
    xmin: Vec<String>,
    ymin: Vec<String>,
    xmax: Vec<String>,
    ymax: Vec<String>,
}

/// A covering bbox column found in the schema: a struct column with four float fields.
pub(super) struct CoveringColumns {
    pub(super) struct_idx: usize,
    /// The field of the struct for xmin, ymin, xmax, ymax.
    fields: [usize; 4],
    /// The column paths (`bbox.xmin`) whose statistics bound a row group.
    paths: [String; 4],
}

/// Tells `"crs": null` (unknown) from no `crs` at all (OGC:CRS84).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Option<Json>, D::Error> {
    Json::deserialize(deserializer).map(Some)
}

impl GeoColumn {
    /// The file-level bbox, when the metadata gives one (2D or 3D).
    pub(super) fn extent(&self) -> Option<Extent> {
        match self.bbox.as_deref()? {
            [x1, y1, x2, y2] => Extent::from_bbox([*x1, *y1, *x2, *y2]),
            [x1, y1, _, x2, y2, _] => Extent::from_bbox([*x1, *y1, *x2, *y2]),
            _ => None,
        }
    }

    /// The covering bbox column, when the metadata names one the schema has as four floats of one
    /// struct column.
    pub(super) fn covering_indices(&self, schema: &Schema) -> Option<CoveringColumns> {
        let covering = &self.covering.as_ref()?.bbox;
        let paths = [&covering.xmin, &covering.ymin, &covering.xmax, &covering.ymax];
        let [first, ..] = paths;
        let [column, _] = first.as_slice() else { return None };
        let struct_idx = schema.index_of(column).ok()?;
        let DataType::Struct(children) = schema.field(struct_idx).data_type() else { return None };
        let mut fields = [0; 4];
        for (slot, path) in fields.iter_mut().zip(paths) {
            let [c, name] = path.as_slice() else { return None };
            if c != column {
                return None;
            }
            let (idx, child) = children.find(name)?;
            if !matches!(child.data_type(), DataType::Float64 | DataType::Float32) {
                return None;
            }
            *slot = idx;
        }
        let paths = [&covering.xmin, &covering.ymin, &covering.xmax, &covering.ymax].map(|p| p.join("."));
        Some(CoveringColumns { struct_idx, fields, paths })
    }
}

impl CoveringColumns {
    /// What the row group's statistics say its features cover, when they say it.
    pub(super) fn group_extent(&self, metadata: &ParquetMetaData, group: usize) -> Option<Extent> {
        let row_group = metadata.row_group(group);
        let bound = |path: &str, min: bool| -> Option<f64> {
            let chunk = row_group.columns().iter().find(|c| c.column_path().string() == path)?;
            match chunk.statistics()? {
                Statistics::Double(s) => if min { s.min_opt() } else { s.max_opt() }.copied(),
                Statistics::Float(s) => if min { s.min_opt() } else { s.max_opt() }.map(|v| f64::from(*v)),
                _ => None,
            }
        };
        let [xmin, ymin, xmax, ymax] = &self.paths;
        Extent::from_bbox([bound(xmin, true)?, bound(ymin, true)?, bound(xmax, false)?, bound(ymax, false)?])
    }

    /// The covering box of each row of a batch (`None` where a value is null).
    pub(super) fn boxes(&self, array: &dyn Array) -> Option<Vec<Option<Extent>>> {
        let structs = array.as_struct_opt()?;
        let floats = self.fields.map(|f| values_of(structs.column(f).as_ref(), FieldType::Float).ok());
        let [Some(x1), Some(y1), Some(x2), Some(y2)] = floats else { return None };
        let float = |v: &Value| match v {
            Value::Float(f) => Some(*f),
            _ => None,
        };
        Some(
            (0..array.len())
                .map(|row| {
                    if structs.is_null(row) {
                        return None;
                    }
                    Extent::from_bbox([float(&x1[row])?, float(&y1[row])?, float(&x2[row])?, float(&y2[row])?])
                })
                .collect(),
        )
    }
}
