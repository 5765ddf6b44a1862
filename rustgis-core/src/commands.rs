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
mod project;
pub(crate) mod raster;
mod script;
mod style;
mod table;
mod vector;

use crate::command::CommandDef;

/// Every command definition.
pub(crate) fn all() -> Vec<CommandDef> {
    let mut defs = Vec::new();
    defs.extend(project::defs());
    defs.extend(layer::defs());
    defs.extend(data::defs());
    defs.extend(map::defs());
    defs.extend(layout::defs());
    defs.extend(style::defs());
    defs.extend(edit::defs());
    defs.extend(vector::defs());
    defs.extend(table::defs());
    defs.extend(feature::defs());
    defs.extend(field::defs());
    defs.extend(script::defs());
    defs.extend(model::defs());
    defs.extend(plugin::defs());
    defs.extend(geolibre::defs());
    defs.extend(raster::defs());
    defs.extend(job::defs());
    defs
}
