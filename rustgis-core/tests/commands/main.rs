//! Command tests, one file per command group as in `src/commands/`, in one test binary.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

#[path = "../common/mod.rs"]
mod common;
#[path = "../rasters/mod.rs"]
mod rasters;

mod ask;
mod catalogue;
mod code;
mod crs;
mod data;
mod feature;
mod field;
mod join;
mod layer;
mod layout;
mod map;
mod plugin;
mod project;
mod raster;
mod roots;
mod style;
mod table;
mod vocabulary;
mod web;

use rustgis_core::Session;
use serde_json::Value as Json;

/// A session on the World Atlas sample.
fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

/// What `table.read` returns for `params`.
fn read_table(session: &mut Session, params: Json) -> Json {
    common::run(session, "table.read", params).expect("table.read reads")
}

/// The `name` of each row of a `table.read` result.
fn names(rows: &Json) -> Vec<String> {
    rows["rows"].as_array().expect("rows").iter().map(|r| r["name"].as_str().unwrap_or_default().to_owned()).collect()
}
