//! The `.rgis` project file: a JSON document holding the project's name, view, layer order and
//! each layer's source, title (only when it has one), visibility, style and labels, and the
//! user's active layer.
//!
//! It is written to be read by people and diffed: keys always in the same order, indented two
//! spaces down to each layer's parts, and each feature, field and style class on one line.
//! Numbers are printed as the shortest text that reads back to the same value, so opening and
//! saving again gives the same bytes.
//!
//! A raster layer read from a GeoTIFF is saved by path (`"type": "raster"`) with its
//! `raster_style`; a raster made by a command is embedded (`"type": "grid"`, its cells row by
//! row, `null` for NaN) when it has at most [`MAX_EMBEDDED_CELLS`] cells.
//!
//! A layer read from a file is saved as a path relative to the project file (with `/`
//! separators, on every system); a layer that lives only in memory (samples, results of tools,
//! inline GeoJSON, or a file layer edited since it was read) is embedded, with its fields and
//! their types stated so they come back as they were.
//!
//! ```json
//! {
//!   "format": "rustgis-project",
//!   "version": 1,
//!   "name": "Parcels",
//!   "view": {
//!     "crs": "EPSG:4326",
//!     "extent": null,
//!     "background": "#ffffff"
//!   },
//!   "active_layer": "parcels",
//!   "layers": [
//!     {
//!       "name": "parcels",
//!       "title": "Parcels by owner",
//!       "visible": true,
//!       "crs": "EPSG:4326",
//!       "source": {
//!         "type": "file",
//!         "path": "data/parcels.fgb",
//!         "format": "flatgeobuf"
//!       },
//!       "style": { … },
//!       "labels": null
//!     }
//!   ]
//! }
//! ```

use std::cell::Cell;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value as Json};

use super::{MapView, Project};
use crate::error::{Error, Result};
use crate::io::geojson::{FeatureOut, GeometryIn, json_error};
use crate::io::project_file::{absolute, is_outside, relative_path};
use crate::io::{Format, ReadData};
use crate::layer::{Crs, Extent, Feature, Field, Layer, LayerSource};
use crate::style::{Color, Labels, Style};
use crate::value::Value;

mod format;
mod history;
mod read;

use read::Reader;

pub(crate) use history::{HistoryToSave, SavedStep, StepToSave};
pub use history::{MAX_SAVED_STEPS, SavedHistory};

use format::DiffFormatter;

/// The `format` of a project file.
pub const FORMAT: &str = "rustgis-project";
/// The most layers a project may hold (a project file naming more is refused).
pub const MAX_LAYERS: usize = 1_000;
/// The newest format version this RustGIS writes and reads.
pub const VERSION: u64 = 1;
/// The most cells of a raster made by a command that a project file embeds.
pub const MAX_EMBEDDED_CELLS: usize = 1_000_000;

/// A project as read from a project file: its layers are ready to add (their ids are not set).
#[derive(Debug)]
pub struct Opened {
    /// The project, with every layer's features read.
    pub project: Project,
    /// The name of the layer that was the user's active layer, when it names a layer.
    pub active_layer: Option<String>,
    /// Things the user should know (a saved active layer that is gone, invalid geometries…).
    pub notices: Vec<String>,
    /// The undo history saved with the project (`project.save {"history": true}`), when it has
    /// one that could be restored (the notices say why one could not).
    pub history: Option<SavedHistory>,
}

/// Writes `project` as a project file to `out`, with file layers' paths relative to the folder
/// of `file` (where the project file will be). Returns notices (layers embedded because they
/// changed since they were read).
pub fn write(project: &Project, active_layer: Option<&str>, file: &Path, out: &mut impl Write) -> Result<Vec<String>> {
    write_with_history(project, active_layer, None, file, out)
}

/// [`write`], with the undo history when it is given (`project.save {"history": true}`).
pub(crate) fn write_with_history<'a>(
    project: &'a Project,
    active_layer: Option<&'a str>,
    history: Option<&HistoryToSave<'a>>,
    file: &Path,
    out: &mut impl Write,
) -> Result<Vec<String>> {
    let folder = absolute(file.parent().unwrap_or(Path::new(".")));
    let mut notices = Vec::new();
    let layers = layers_out(project, &folder, &mut notices, None)?;
    let history = history.map(|h| history::HistoryOut::new(h, project, &folder, file)).transpose()?;
    let doc = DocOut {
        format: FORMAT,
        version: VERSION,
        name: &project.name,
        view: ViewOut::of(project),
        active_layer,
        layers,
        models: &project.models,
        layouts: &project.layouts,
        groups: &project.groups,
        history,
    };
    check_finite(project, file)?;
    // Into memory first: what is written must read back, or the good file on disk stays.
    let mut bytes = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, DiffFormatter::default());
    doc.serialize(&mut serializer)
        .map_err(|e| Error::Failed(format!("cannot write the project {}: {e}", file.display())))?;
    bytes.push(b'\n');
    if let Err(e) = serde_json::from_slice::<DocIn>(&bytes) {
        return Err(Error::Failed(format!(
            "the project {} was not saved: it would not read back ({e}); the file on disk is unchanged",
            file.display()
        )));
    }
    out.write_all(&bytes).map_err(|source| Error::Io {
        action: "cannot write",
        path: file.to_owned(),
        cause: source,
    })?;
    Ok(notices)
}

/// How each layer of `project` is saved. Layers that live in memory are embedded, or, for the
/// history (`data` given), kept once in its data and named by their place there.
fn layers_out<'a>(
    project: &'a Project,
    folder: &Path,
    notices: &mut Vec<String>,
    mut data: Option<&mut history::DataTable<'a>>,
) -> Result<Vec<LayerOut<'a>>> {
    project
        .layers
        .iter()
        .map(|layer| {
            if let Some(raster) = &layer.raster {
                return raster_layer_out(layer, raster, folder);
            }
            if let Some(web) = &layer.web {
                return Ok(LayerOut { labels: None, ..LayerOut::new(layer, SourceOut::Web(web)) });
            }
            let source = match &layer.source {
                LayerSource::Postgis(source) => SourceOut::Postgis { fields: &layer.fields, source },
                LayerSource::File { path, format, bbox, snapshot } if snapshot.matches(layer) => SourceOut::File {
                    path: relative_path(&absolute(path), folder),
                    format,
                    bbox: bbox.map(|b| b.to_array()),
                },
                _ if data.is_some() => SourceOut::Data { data: data.as_deref_mut().map_or(0, |d| d.place(layer)) },
                other => {
                    if let LayerSource::File { path, .. } = other {
                        notices.push(format!(
                            "layer '{}' changed since it was read from {}: its features are saved inside the project \
                             (export it with layer.export to update the file)",
                            layer.name,
                            path.display()
                        ));
                    }
                    SourceOut::Embedded { fields: &layer.fields, features: FeaturesOut(layer) }
                }
            };
            Ok(LayerOut::new(layer, source))
        })
        .collect()
}

/// Refuses a project holding a number JSON cannot carry (infinity, NaN), naming where it is: the
/// view, or the layer and feature (file-backed layers included, as they are what was read).
fn check_finite(project: &Project, file: &Path) -> Result<()> {
    check_view_finite(project, "the map view", file)?;
    project.layers.iter().try_for_each(|layer| check_layer_finite(layer, file))
}

/// The error of a save refused because `what` is not a finite number.
fn not_finite(file: &Path, what: String) -> Error {
    Error::Failed(format!(
        "the project {} was not saved: {what} is not a finite number, which a project file cannot hold; the file on disk is unchanged",
        file.display()
    ))
}

/// [`check_finite`] for the view's extent; `view` names it (`the map view`, `a step's map view`).
fn check_view_finite(project: &Project, view: &str, file: &Path) -> Result<()> {
    match project.view.extent {
        Some(e) if !e.to_array().iter().all(|v| v.is_finite()) => {
            Err(not_finite(file, format!("{view}'s extent {:?}", e.to_array())))
        }
        _ => Ok(()),
    }
}

/// [`check_finite`] for one layer's features.
fn check_layer_finite(layer: &Layer, file: &Path) -> Result<()> {
    use geo::CoordsIter;
    let refuse = |what: String| not_finite(file, what);
    for feature in layer.features.iter() {
        let bad_coord =
            feature.geometry.as_ref().and_then(|g| g.coords_iter().find(|c| !c.x.is_finite() || !c.y.is_finite()));
        if let Some(c) = bad_coord {
            return Err(refuse(format!(
                "layer '{}', feature {}: the coordinate ({}, {})",
                layer.name, feature.id, c.x, c.y
            )));
        }
        if let Some(Value::Float(f)) =
            feature.attributes.iter().find(|v| matches!(v, Value::Float(f) if !f.is_finite()))
        {
            return Err(refuse(format!("layer '{}', feature {}: the value {f}", layer.name, feature.id)));
        }
    }
    Ok(())
}

/// What opening a project does with data files it names outside its own folder (`../data/x.shp`,
/// `/home/me/.ssh/id_rsa`): a downloaded project could name any file the user can read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutsideFiles {
    /// Read them, and name them in the notices.
    #[default]
    Load,
    /// Leave their layers out, and name them in the notices.
    Skip,
    /// Read nothing and fail with [`Error::OutsideFiles`] listing them, so that a host can ask.
    Ask,
}

/// Reads a project file from disk; file layers are read relative to its folder, files outside
/// it too (named in the notices).
pub fn read_file(path: &Path) -> Result<Opened> {
    read_file_with(path, OutsideFiles::Load)
}

/// [`read_file`], with what to do with data files outside the project's folder.
pub fn read_file_with(path: &Path, outside: OutsideFiles) -> Result<Opened> {
    read_file_checked(path, outside, &|_, _| Ok(()))
}

/// Checks a data file a project names before it is read (`check(layer, file)`): an error leaves
/// the project unopened, or, with [`OutsideFiles::Skip`], the layer out. Commands check against
/// the caller's roots.
pub type FileCheck<'a> = &'a dyn Fn(&str, &Path) -> Result<()>;

/// [`read_file_with`], with every data file checked by `check` before anything is read.
pub fn read_file_checked(path: &Path, outside: OutsideFiles, check: FileCheck<'_>) -> Result<Opened> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut crate::io::open_regular(path)?, &mut text).map_err(|source| Error::Io {
        action: "cannot read",
        path: path.to_owned(),
        cause: source,
    })?;
    let folder = absolute(path.parent().unwrap_or(Path::new(".")));
    read_text_checked(&text, path, &folder, outside, check)
}

/// Reads a project from text; `origin` names it in errors and file layers are read relative to
/// `folder` (files outside it too, named in the notices). Fails on the first problem, naming the
/// layer and what to do.
pub fn read_text(text: &str, origin: &Path, folder: &Path) -> Result<Opened> {
    read_text_with(text, origin, folder, OutsideFiles::Load)
}

/// [`read_text`], with what to do with data files outside `folder`.
pub fn read_text_with(text: &str, origin: &Path, folder: &Path, outside: OutsideFiles) -> Result<Opened> {
    read_text_checked(text, origin, folder, outside, &|_, _| Ok(()))
}

/// [`read_text_with`], with every data file checked by `check` before anything is read.
pub fn read_text_checked(
    text: &str,
    origin: &Path,
    folder: &Path,
    outside: OutsideFiles,
    check: FileCheck<'_>,
) -> Result<Opened> {
    let data_error = |position: &str, message: String| Error::Data {
        path: origin.to_owned(),
        position: position.to_owned(),
        message,
    };
    let head: Head = serde_json::from_str(text).map_err(|e| json_error(e, origin))?;
    match head.format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(data_error(
                "\"format\"",
                format!("not a RustGIS project file: its \"format\" is {other:?}, not {FORMAT:?}"),
            ));
        }
        None => {
            return Err(data_error(
                "the top level",
                format!("not a RustGIS project file: it has no \"format\": {FORMAT:?}"),
            ));
        }
    }
    match head.version {
        Some(version) if version > VERSION => {
            return Err(data_error(
                "\"version\"",
                format!(
                    "this project was saved by a newer RustGIS (project format version {version}; this RustGIS reads \
                     versions up to {VERSION}): update RustGIS to open it"
                ),
            ));
        }
        Some(0) | None => {
            return Err(data_error("\"version\"", "the project file has no valid \"version\" (1 or later)".into()));
        }
        Some(_) => {}
    }
    LAYER_NO.with(|n| n.set(0));
    let doc: DocIn = serde_json::from_str(text).map_err(|e| {
        let mut error = json_error(e, origin);
        let layer_no = LAYER_NO.with(Cell::get);
        if layer_no > 0
            && let Error::Data { message, .. } = &mut error
        {
            *message = format!("layer {layer_no}: {message}");
        }
        error
    })?;
    let mut notices = Vec::new();
    // Data files outside the project's folder, found before any file is read.
    let outside_files: Vec<(String, PathBuf)> = doc
        .layers
        .0
        .iter()
        .filter_map(|entry| match &entry.source {
            SourceIn::File { path, .. } | SourceIn::Raster { path, .. } => {
                let file = folder.join(path);
                is_outside(&file, folder).then(|| (entry.name.clone(), file))
            }
            _ => None,
        })
        .collect();
    if !outside_files.is_empty() {
        let listed = |files: &[(String, PathBuf)]| {
            let mut text = files
                .iter()
                .take(10)
                .map(|(layer, file)| format!("{} (layer '{layer}')", file.display()))
                .collect::<Vec<_>>()
                .join(", ");
            if files.len() > 10 {
                text.push_str(", …");
            }
            text
        };
        match outside {
            OutsideFiles::Ask => {
                return Err(Error::OutsideFiles { project: origin.to_owned(), files: outside_files });
            }
            OutsideFiles::Load => notices.push(format!(
                "the project reads {} file{} outside its folder: {}",
                outside_files.len(),
                if outside_files.len() == 1 { "" } else { "s" },
                listed(&outside_files)
            )),
            OutsideFiles::Skip => notices.push(format!(
                "{} layer{} left out: {} outside the project's folder: {}",
                outside_files.len(),
                if outside_files.len() == 1 { " was" } else { "s were" },
                if outside_files.len() == 1 { "its file is" } else { "their files are" },
                listed(&outside_files)
            )),
        }
    }
    let mut skipped: std::collections::HashSet<String> = match outside {
        OutsideFiles::Skip => outside_files.iter().map(|(layer, _)| layer.clone()).collect(),
        _ => std::collections::HashSet::new(),
    };
    // Every data file checked before any is read (a caller's roots): refused, nothing opens, or
    // with "skip" its layer is left out.
    let mut refused = Vec::new();
    for entry in &doc.layers.0 {
        if let (SourceIn::File { path, .. } | SourceIn::Raster { path, .. }, false) =
            (&entry.source, skipped.contains(&entry.name))
            && let Err(error) = check(&entry.name, &folder.join(path))
        {
            if outside != OutsideFiles::Skip {
                return Err(error);
            }
            refused.push(entry.name.clone());
        }
    }
    if !refused.is_empty() {
        notices.push(format!(
            "{} layer{} left out: {} may not be read here: {}",
            refused.len(),
            if refused.len() == 1 { " was" } else { "s were" },
            if refused.len() == 1 { "its file" } else { "their files" },
            refused.iter().map(|name| format!("'{name}'")).collect::<Vec<_>>().join(", ")
        ));
        skipped.extend(refused);
    }
    // The files the project's own layers read, which its history may read again.
    let accepted: std::collections::HashSet<PathBuf> = doc
        .layers
        .0
        .iter()
        .filter(|entry| !skipped.contains(&entry.name))
        .filter_map(|entry| match &entry.source {
            SourceIn::File { path, .. } | SourceIn::Raster { path, .. } => Some(folder.join(path)),
            _ => None,
        })
        .collect();
    let (own, active_layer, saved_history) = doc.split();
    let mut reader = Reader::new(origin, folder);
    let project = reader.project(own, &skipped, &mut notices)?;
    let active_layer = match active_layer {
        Some(name) if project.layer(&name).is_some() => Some(name),
        Some(name) => {
            notices.push(format!("the saved active layer '{name}' is not in the project"));
            None
        }
        None => None,
    };
    // The history's steps read files again: those the project's own layers read, or others in
    // its folder that the caller may read.
    let guard = |file: &Path| -> std::result::Result<(), String> {
        if accepted.contains(file) {
            Ok(())
        } else if is_outside(file, folder) {
            Err(format!("an earlier step reads {}, outside the project's folder", file.display()))
        } else {
            check("of an earlier step", file).map_err(|e| e.to_string())
        }
    };
    // A history that cannot be restored never keeps the project from opening: a notice says why.
    let history = match saved_history {
        None => None,
        Some(_) if !skipped.is_empty() => {
            notices.push(
                "the undo history saved with the project was not restored (some of the project's layers were left \
                 out, and its steps need them); the project opened without it"
                    .to_owned(),
            );
            None
        }
        Some(raw) => {
            reader.guard = Some(&guard);
            match history::read(raw.get(), &mut reader, project.layers.len()) {
                Ok(history) => Some(history),
                Err(why) => {
                    notices.push(format!(
                        "the undo history saved with the project was not restored ({why}); the project opened without it"
                    ));
                    None
                }
            }
        }
    };
    Ok(Opened { project, active_layer, notices, history })
}

/// How a raster layer is saved: its file, or its cells when a command made it.
fn raster_layer_out<'a>(
    layer: &'a Layer,
    raster: &'a crate::layer::RasterLayer,
    folder: &Path,
) -> Result<LayerOut<'a>> {
    let source = match (raster.raster.path(), raster.raster.grids()) {
        (Some(path), _) => SourceOut::Raster { path: relative_path(&absolute(path), folder), format: "geotiff" },
        (None, Some(grids)) => {
            let cells: usize = grids.iter().map(crate::raster::Grid::len).sum();
            if cells > MAX_EMBEDDED_CELLS {
                return Err(Error::invalid(
                    "path",
                    format!(
                        "layer '{}' is a raster of {cells} cells made by a command, more than the {MAX_EMBEDDED_CELLS}                          a project file holds; write it with raster.export and open the .tif instead",
                        layer.name
                    ),
                ));
            }
            let info = raster.raster.info();
            SourceOut::Grid {
                width: info.width,
                height: info.height,
                geotransform: info.transform.0,
                nodata: info.nodata.filter(|v| v.is_finite()),
                bands: grids.iter().map(|g| g.iter().map(|v| v.is_finite().then_some(v)).collect()).collect(),
            }
        }
        (None, None) => return Err(Error::Failed(format!("layer '{}' has neither a file nor cells", layer.name))),
    };
    Ok(LayerOut { raster_style: Some(&raster.style), labels: None, ..LayerOut::new(layer, source) })
}

/// A raster layer as the project file describes it.
fn raster_layer_in(
    source: SourceIn,
    name: &str,
    crs: Crs,
    folder: &Path,
    style: Option<crate::raster::RasterStyle>,
) -> std::result::Result<Layer, String> {
    let raster = match source {
        SourceIn::Raster { path, .. } => {
            let file = folder.join(&path);
            crate::raster::Raster::open(&file).map_err(|e| {
                format!(
                    "its raster file {path} ({}) cannot be read: {e}; fix the path in the project file, or remove the \
                     layer and add it again",
                    file.display()
                )
            })?
        }
        SourceIn::Grid { width, height, geotransform, nodata, bands } => {
            let cells: usize = bands.iter().map(Vec::len).sum();
            if cells > MAX_EMBEDDED_CELLS {
                return Err(format!("an embedded grid of more than {MAX_EMBEDDED_CELLS} cells"));
            }
            let grids = bands
                .into_iter()
                .map(|values| {
                    let values = values.into_iter().map(|v| v.unwrap_or(f64::NAN)).collect();
                    crate::raster::Grid::from_values(width, height, values, nodata).map_err(|e| e.to_string())
                })
                .collect::<std::result::Result<Vec<_>, _>>()?;
            crate::raster::Raster::from_grids(grids, crate::raster::GeoTransform(geotransform), Some(crs))
                .map_err(|e| e.to_string())?
        }
        _ => return Err("not a raster source".to_owned()),
    };
    let mut layer = Layer::from_raster(name, raster).map_err(|e| e.to_string())?;
    layer.crs = crs;
    if let (Some(style), Some(raster)) = (style, &mut layer.raster) {
        raster.style = style;
    }
    Ok(layer)
}

/// A data file as a project reads it: path, format and bbox (as bits, to be hashable).
type ReadKey = (PathBuf, Format, Option<[u64; 4]>);

/// The fields and features read from one [`ReadKey`], shared by every layer naming it.
type SharedRead = (Arc<Vec<Field>>, Arc<Vec<Feature>>);

/// Reads a data file of a known format.
pub(crate) fn read_data(path: &Path, format: Format, bbox: Option<Extent>) -> Result<ReadData> {
    crate::io::read_path(path, format, &crate::io::ReadOptions::bbox(bbox))
}

/// Features of an embedded layer, with values converted to the stated field types.
fn embedded_features(fields: &[Field], features: Vec<FeatureIn>) -> Result<Vec<Feature>, String> {
    let mut seen = std::collections::HashSet::with_capacity(features.len());
    let mut out = Vec::with_capacity(features.len());
    for (idx, mut feature) in features.into_iter().enumerate() {
        if !seen.insert(feature.id) {
            return Err(format!("feature {} has the id {} of an earlier feature", idx + 1, feature.id));
        }
        if let Some(name) = feature.properties.keys().find(|k| !fields.iter().any(|f| &f.name == *k)) {
            return Err(format!("feature {} has a property '{name}' that is not among the layer's fields", feature.id));
        }
        let mut attributes = Vec::with_capacity(fields.len());
        for field in fields {
            let value = feature.properties.remove(&field.name).map(|v| Value::from_json(&v)).unwrap_or_default();
            let value = field
                .field_type
                .coerce(value)
                .map_err(|e| format!("feature {}, field '{}': {e}", feature.id, field.name))?;
            attributes.push(value);
        }
        out.push(Feature { id: feature.id, geometry: feature.geometry.0, attributes });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The document, as written and as read

#[derive(Serialize)]
struct DocOut<'a> {
    format: &'static str,
    version: u64,
    name: &'a str,
    view: ViewOut<'a>,
    active_layer: Option<&'a str>,
    layers: Vec<LayerOut<'a>>,
    /// Models (`model.save`), sorted by name; absent when there are none, so projects without
    /// models are written as before.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    models: &'a [crate::model::Model],
    /// Left out when there are none, so projects without layouts keep their bytes.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    layouts: &'a [crate::PrintLayout],
    /// The layer groups' switches; left out when there are none, so projects without groups
    /// keep their bytes.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    groups: &'a [crate::project::groups::LayerGroup],
    /// The undo history, only when asked for (`project.save {"history": true}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<history::HistoryOut<'a>>,
}

#[derive(Serialize)]
pub(super) struct ViewOut<'a> {
    crs: Crs,
    extent: Option<[f64; 4]>,
    background: Color,
    /// Left out when there is none, so projects without furniture keep their bytes.
    #[serde(skip_serializing_if = "crate::Furniture::is_empty")]
    furniture: &'a crate::Furniture,
    /// `false` only for a CRS no one chose yet (left out otherwise, so older files keep their
    /// bytes): the first projected layer opened may still set it.
    #[serde(skip_serializing_if = "is_true")]
    crs_set: bool,
}

impl<'a> ViewOut<'a> {
    pub(super) fn of(project: &'a Project) -> ViewOut<'a> {
        ViewOut {
            crs: project.view.crs,
            extent: project.view.extent.map(|e| e.to_array()),
            background: project.view.background,
            furniture: &project.view.furniture,
            crs_set: project.view.crs_set,
        }
    }
}

fn is_true(value: &bool) -> bool {
    *value
}

fn yes() -> bool {
    true
}

#[derive(Serialize)]
pub(super) struct LayerOut<'a> {
    name: &'a str,
    /// The layer's id in the session (only in the history's projects).
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    visible: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<&'a str>,
    crs: Crs,
    source: SourceOut<'a>,
    style: &'a Style,
    #[serde(skip_serializing_if = "Option::is_none")]
    raster_style: Option<&'a crate::raster::RasterStyle>,
    labels: Option<&'a Labels>,
}

impl<'a> LayerOut<'a> {
    /// How `layer` is saved, its data in `source`: with its labels and no raster style, as a
    /// vector layer is (raster and web layers replace those two).
    fn new(layer: &'a Layer, source: SourceOut<'a>) -> LayerOut<'a> {
        LayerOut {
            name: &layer.name,
            id: None,
            title: layer.title.as_deref(),
            visible: layer.visible,
            group: layer.group.as_deref(),
            crs: layer.crs,
            source,
            style: &layer.style,
            raster_style: None,
            labels: layer.labels.as_ref(),
        }
    }
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum SourceOut<'a> {
    File {
        path: String,
        format: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        bbox: Option<[f64; 4]>,
    },
    Embedded {
        fields: &'a [Field],
        features: FeaturesOut<'a>,
    },
    /// A live PostGIS layer: its connection (no password) and query, and the fields it had.
    Postgis {
        fields: &'a [Field],
        #[serde(flatten)]
        source: &'a crate::postgis::PostgisSource,
    },
    Raster {
        path: String,
        format: &'static str,
    },
    Grid {
        width: usize,
        height: usize,
        geotransform: [f64; 6],
        nodata: Option<f64>,
        bands: Vec<Vec<Option<f64>>>,
    },
    /// A web layer: its service (`"service": "xyz"` or `"wms"`) and settings, never its images.
    Web(&'a crate::web::WebSource),
    /// Features kept once in the history's data, by their place there.
    Data {
        data: usize,
    },
}

pub(super) struct FeaturesOut<'a>(pub(super) &'a Layer);

impl Serialize for FeaturesOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.features.len()))?;
        for feature in self.0.features.iter() {
            seq.serialize_element(&FeatureOut { feature, fields: &self.0.fields })?;
        }
        seq.end()
    }
}

/// What is checked before the rest is read: is it a project file, of a version we read.
#[derive(Deserialize)]
struct Head {
    format: Option<String>,
    version: Option<u64>,
}

#[derive(Deserialize)]
struct DocIn {
    name: String,
    #[serde(default)]
    view: ViewIn,
    #[serde(default)]
    active_layer: Option<String>,
    #[serde(default)]
    layers: LayersIn,
    #[serde(default)]
    models: Vec<crate::model::Model>,
    #[serde(default)]
    layouts: Vec<crate::PrintLayout>,
    #[serde(default)]
    groups: Vec<crate::project::groups::LayerGroup>,
    /// The undo history, read after the project (a history that cannot be restored never keeps
    /// the project from opening).
    #[serde(default)]
    history: Option<Box<serde_json::value::RawValue>>,
}

impl DocIn {
    /// The project itself, the active layer and the saved history.
    fn split(self) -> (ProjectIn, Option<String>, Option<Box<serde_json::value::RawValue>>) {
        let DocIn { name, view, active_layer, layers, models, layouts, groups, history } = self;
        (ProjectIn { name, view, layers, models, layouts, groups }, active_layer, history)
    }
}

/// A project as a file describes it: the file's own, or one of its history.
#[derive(Deserialize)]
pub(super) struct ProjectIn {
    name: String,
    #[serde(default)]
    view: ViewIn,
    #[serde(default)]
    layers: LayersIn,
    #[serde(default)]
    models: Vec<crate::model::Model>,
    #[serde(default)]
    layouts: Vec<crate::PrintLayout>,
    #[serde(default)]
    groups: Vec<crate::project::groups::LayerGroup>,
}

#[derive(Deserialize)]
#[serde(default)]
struct ViewIn {
    crs: Crs,
    extent: Option<[f64; 4]>,
    background: Color,
    furniture: crate::Furniture,
    /// A file that says nothing names its CRS: it counts as chosen.
    #[serde(default = "yes")]
    crs_set: bool,
}

impl Default for ViewIn {
    fn default() -> Self {
        let view = MapView::default();
        ViewIn { crs: view.crs, extent: None, background: view.background, furniture: view.furniture, crs_set: true }
    }
}

#[derive(Deserialize)]
struct LayerIn {
    name: String,
    /// The layer's id in the session that saved it: only the history's projects have it, so
    /// that a layer is the same layer in every step.
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default = "visible_by_default")]
    visible: bool,
    #[serde(default)]
    group: Option<String>,
    #[serde(default)]
    crs: Crs,
    source: SourceIn,
    #[serde(default)]
    style: Option<Style>,
    #[serde(default)]
    raster_style: Option<crate::raster::RasterStyle>,
    #[serde(default)]
    labels: Option<Labels>,
}

fn visible_by_default() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum SourceIn {
    File {
        path: String,
        #[serde(default)]
        format: Option<String>,
        #[serde(default)]
        bbox: Option<[f64; 4]>,
    },
    Embedded {
        fields: Vec<Field>,
        features: Vec<FeatureIn>,
    },
    Postgis {
        fields: Vec<Field>,
        #[serde(flatten)]
        source: crate::postgis::PostgisSource,
    },
    Raster {
        path: String,
        #[serde(default)]
        #[allow(dead_code, reason = "GeoTIFF is the one raster format; the field says so for readers")]
        format: Option<String>,
    },
    Grid {
        width: usize,
        height: usize,
        geotransform: [f64; 6],
        #[serde(default)]
        nodata: Option<f64>,
        bands: Vec<Vec<Option<f64>>>,
    },
    Web(crate::web::WebSource),
    /// Features kept once in the history's `data` (only the history's projects use it).
    Data {
        data: usize,
    },
}

#[derive(Deserialize)]
pub(super) struct FeatureIn {
    id: u64,
    #[serde(default)]
    properties: Map<String, Json>,
    geometry: GeometryIn,
}

/// The layers, counted as they are read so an error can name its layer.
#[derive(Default)]
struct LayersIn(Vec<LayerIn>);

impl IntoIterator for LayersIn {
    type Item = LayerIn;
    type IntoIter = std::vec::IntoIter<LayerIn>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

thread_local! {
    /// The layer being read (1-based; 0 outside the layers), for error messages.
    static LAYER_NO: Cell<usize> = const { Cell::new(0) };
}

impl<'de> Deserialize<'de> for LayersIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<LayersIn, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = LayersIn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of layers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<LayersIn, A::Error> {
                let mut layers = Vec::new();
                loop {
                    LAYER_NO.with(|n| n.set(layers.len() + 1));
                    match seq.next_element::<LayerIn>()? {
                        Some(_) if layers.len() >= MAX_LAYERS => {
                            return Err(serde::de::Error::custom(format!(
                                "the project has more layers than a project may hold ({MAX_LAYERS})"
                            )));
                        }
                        Some(layer) => layers.push(layer),
                        None => break,
                    }
                }
                LAYER_NO.with(|n| n.set(0));
                Ok(LayersIn(layers))
            }
        }
        d.deserialize_seq(V)
    }
}
