//! RustGIS core: the [`Session`] that holds a project, and the command engine through which every
//! action is taken, undone, refused or documented.
//!
//! ```
//! use rustgis_core::{Caller, Session};
//! use serde_json::json;
//!
//! let mut session = Session::with_sample()?;
//! let out = session.execute(&Caller::user(), "layer.list", json!({}))?;
//! assert_eq!(out.result["layers"].as_array().map(Vec::len), Some(4));
//! # Ok::<(), rustgis_core::Error>(())
//! ```

pub mod classify;
mod command;
mod commands;
pub mod crs;
mod database;
mod error;
mod expr;
mod extent;
mod feature;
mod furniture;
pub mod geoprocessing;
pub mod image;
pub mod io;
mod jobs;
mod layer;
mod limits;
pub mod measure;
mod model;
mod plugin;
mod policy;
pub mod postgis;
mod print_layout;
mod progress;
mod project;
pub mod ramps;
pub mod raster;
mod render_hook;
mod sample;
pub mod script;
pub mod search;
mod session;
mod style;
mod value;
pub mod web;
pub mod webmercator;

pub use command::{
    CommandBuilder, CommandDef, Ctx, Direction, Effect, FILE_KEYWORD, LONG_ADVICE, LayerUse, MAX_NESTED_COMMANDS,
    NoParams, ReadPath, Registry, WritePath, in_json_terms, params_schema, result_forms, type_label, vocabulary,
};
pub use error::{Error, Result};
pub use expr::{
    Expr, LayerLookup, OrderBy, OrderKey, RowContext, Scope, SqlColumns, SqlParams, expression_reference_markdown,
};
pub use furniture::{Corner, Furniture, Graticule, LegendPlacement};
pub use jobs::{
    JOB_WAIT_DEFAULT_S, JOB_WAIT_INTERVAL, JOB_WAIT_MAX_S, JobInfo, JobState, JobWaiter, MAX_KEPT_JOBS,
    MAX_PENDING_JOBS, MAX_RUNNING_JOBS,
};
pub use layer::{
    Authority, Crs, CrsError, Extent, Feature, FeatureId, Field, GeometryKind, Layer, LayerId, LayerSource,
    RasterLayer, ReadSnapshot, WORLD_PROJECTIONS, geometry_kind_of,
};
pub use limits::{
    DEFAULT_MAX_HISTORY_BYTES, DEFAULT_MAX_NEW_DATA_BYTES, DEFAULT_MAX_RUN_TIME, DEFAULT_MAX_VALUE_BYTES, Deadline,
    LimitError, Limits,
};
pub use model::{InputType, MAX_MODEL_INPUTS, MAX_MODEL_STEPS, MAX_MODELS, Model, ModelInput, ModelStep};
pub use plugin::{
    DEFAULT_PLUGIN_TIMEOUT, DISABLED_MARKER, LoadedPlugins, MANIFEST, MAX_PLUGIN_OUTPUT, Manifest, PluginCommand,
    PluginInfo, PluginNotLoaded, load_plugins, read_manifest, scan as scan_plugins,
};
pub use policy::roots::{Denied, expand_home, resolve as resolve_file};
pub use policy::{
    Access, Actor, Ask, Caller, CallerKind, CallerOptions, FileUse, Grants, OneTimeGrant, Policy, Refusal, RefusalRule,
    Root, Roots, RunId,
};
pub use print_layout::{
    ImageFormat, ItemKind, LayoutItem, MAX_LAYOUT_IMAGE_BYTES, MAX_LAYOUT_IMAGE_PIXELS, MAX_LAYOUT_IMAGE_SIDE,
    MAX_SVG_NESTING, MapFit, NORTH_ARROW_MAX_LATITUDE, NORTH_ARROW_MAX_LONGITUDES, Paper, PrintLayout, TEMPLATES,
    read_image,
};
pub use progress::{NoProgress, Progress};
pub use project::file as project_file;
pub use project::groups::{GroupEntry, LayerGroup, MAX_GROUP_PATH, Place, Target, group_path, in_group, parent_of};
pub use project::revision::{Change, ChangeLog, ChangesSince, DEFAULT_CHANGE_LOG_LIMIT, EXPECTED_REVISION};
pub use project::{MapView, Project, blank_reason, framing, project_for_view, read_bbox};
pub use render_hook::{
    LEFT_OUT_NAMED, LabelCount, LeftOutLabel, LegendParam, MAX_IMAGE_SIDE, MIN_IMAGE_SIDE, MapRenderer, PageFormat,
    RenderRequest, RenderedImage, RenderedPage, VectorFormat, fitted_height, sha256_hex,
};
pub use sample::{SAMPLE_CREDIT, SAMPLE_LAYERS, SAMPLE_README, sample_layer};
pub use script::{LineOutcome, ScriptOutcome, split_command_line};
pub use session::{DEFAULT_HISTORY_LIMIT, Outcome, Session, StartOptions, StepInfo};
pub use style::{
    Category, ClassMethod, Color, ColorError, DataDefined, GraduatedClass, Labels, LineCap, MAX_FRAME_LABEL_CHARS,
    MAX_LABEL_CHARS, Marker, Placement, Property, Rule, Style, Symbol, color_of_text, label_text, number_for,
    parse_optional_color, wrap_label,
};
pub use value::{CoerceError, FieldType, Value, parse_date, parse_datetime};
