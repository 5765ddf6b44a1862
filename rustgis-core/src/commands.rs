//! Every command of RustGIS, grouped by the first part of its id.

mod data;
mod edit;
mod feature;
mod field;
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
#[cfg(feature = "scripting")]
mod script;
mod style;
mod table;
mod vector;
mod web;

use crate::command::CommandDef;

/// Every command definition. The groups that work on features (`vector`, `table`, `feature`,
/// `field`) are marked so here, and refuse a raster layer; other commands mark themselves.
pub(crate) fn all() -> Vec<CommandDef> {
    let on_features = |defs: Vec<CommandDef>| defs.into_iter().map(CommandDef::on_features);
    let mut defs = Vec::new();
    defs.extend(project::defs());
    defs.extend(layer::defs());
    defs.extend(web::defs());
    defs.extend(data::defs());
    defs.extend(map::defs());
    defs.extend(layout::defs());
    defs.extend(style::defs());
    defs.extend(edit::defs());
    defs.extend(on_features(vector::defs()));
    defs.extend(on_features(table::defs()));
    defs.extend(on_features(feature::defs()));
    defs.extend(on_features(field::defs()));
    #[cfg(feature = "scripting")]
    defs.extend(script::defs());
    defs.extend(model::defs());
    defs.extend(plugin::defs());
    defs.extend(geolibre::defs());
    defs.extend(raster::defs());
    defs.extend(postgis::defs());
    defs.extend(job::defs());
    defs
}
