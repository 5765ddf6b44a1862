//! Result shapes many commands share, defined once: a layer a geoprocessing tool added (every
//! `vector.*` tool but `vector.selectByLocation` returns one), and a field's name and type.

use schemars::JsonSchema;
use serde::Serialize;

use crate::feature::GeometryKind;
use crate::layer::Layer;
use crate::value::FieldType;

/// A layer a tool made from others and added on top (the `vector.*` tools).
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct NewLayer {
    /// The new layer's name (commands take it as `layer`).
    pub(crate) layer: String,
    /// How many features it holds.
    pub(crate) features: usize,
    /// Its geometry.
    pub(crate) geometry: GeometryKind,
    /// Its CRS, such as `EPSG:4326`.
    pub(crate) crs: String,
    /// Its field names, in order.
    pub(crate) fields: Vec<String>,
    /// A PostGIS layer filtered: how the filter ran (`pushed down` into the database, or what was
    /// evaluated here and why).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pushdown: Option<String>,
}

/// A field of a layer: its name and type (a table page, a PostGIS layer added).
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct FieldEntry {
    /// Its name.
    pub(crate) name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub(crate) field_type: FieldType,
}

impl FieldEntry {
    pub(crate) fn of(layer: &Layer, columns: &[usize]) -> Vec<FieldEntry> {
        columns
            .iter()
            .map(|&c| FieldEntry { name: layer.fields[c].name.clone(), field_type: layer.fields[c].field_type })
            .collect()
    }
}
