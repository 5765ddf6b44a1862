//! Every command of RustGIS, grouped by the first part of its id.

mod crs;
mod data;
mod edit;
mod feature;
mod field;
mod files;
mod geolibre;
mod job;
mod layer;
mod layout;
mod map;
mod model;
mod plugin;
mod postgis;
mod project;
pub(crate) mod raster;
mod results;
#[cfg(feature = "scripting")]
mod script;
mod style;
mod table;
mod vector;
mod web;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::CommandDef;

/// Every command definition, in the order the command list shows them. The groups that work on
/// features (`vector`, `table`, `feature`, `field`) are marked so here, and refuse a raster layer;
/// other commands mark themselves.
pub(crate) fn all() -> Vec<CommandDef> {
    type Group = fn() -> Vec<CommandDef>;
    let before: [Group; 10] = [
        project::defs,
        layer::defs,
        web::defs,
        data::defs,
        files::defs,
        map::defs,
        crs::defs,
        layout::defs,
        style::defs,
        edit::defs,
    ];
    let on_features: [Group; 4] = [vector::defs, table::defs, feature::defs, field::defs];
    let after: [Group; 6] = [model::defs, plugin::defs, geolibre::defs, raster::defs, postgis::defs, job::defs];
    let mut defs: Vec<CommandDef> = before.iter().flat_map(|group| group()).collect();
    defs.extend(on_features.iter().flat_map(|group| group()).map(CommandDef::on_features));
    #[cfg(feature = "scripting")]
    defs.extend(script::defs());
    defs.extend(after.iter().flat_map(|group| group()));
    defs
}

/// Parameters naming one layer, optional.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LayerParam {
    /// The layer (default: the caller's active layer).
    pub(crate) layer: Option<String>,
}
