//! Reading a project's layers: the file's own, or those of each project of its saved history
//! (`history.rs`). A data file several layers or steps name is read once and shared.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{LayerIn, ProjectIn, ReadKey, SharedRead, SourceIn, embedded_features, raster_layer_in, read_data};
use crate::error::{Error, Result};
use crate::io::{Format, ReadData};
use crate::layer::{Extent, Layer, LayerSource, ReadSnapshot};
use crate::project::{MapView, Project};
use crate::style::Style;

/// Says whether a data file may be read (`Err`: why not).
pub(crate) type Guard<'a> = &'a dyn Fn(&Path) -> std::result::Result<(), String>;

/// Reads the layers of a project (the file's own, or those of a step in its saved history): a
/// data file several layers or steps name is read once, and shared.
pub(crate) struct Reader<'a> {
    origin: &'a Path,
    pub(super) folder: &'a Path,
    /// A data file named by several layers is read once; its layers share the features (an edit
    /// to one copies them first), so 15,000 layers of one file cost one read, not 15,000.
    reads: HashMap<ReadKey, SharedRead>,
    /// Raster files read, by path: steps of the history share them.
    rasters: HashMap<PathBuf, Layer>,
    /// The history's data: the features of the layers that lived in memory, each set once.
    pub(super) data: Vec<SharedRead>,
    /// Checks each data file before it is read (the history's files); `Err` says why it is not.
    pub(super) guard: Option<Guard<'a>>,
}

impl<'a> Reader<'a> {
    pub(super) fn new(origin: &'a Path, folder: &'a Path) -> Reader<'a> {
        Reader { origin, folder, reads: HashMap::new(), rasters: HashMap::new(), data: Vec::new(), guard: None }
    }

    fn data_error(&self, position: &str, message: String) -> Error {
        Error::Data { path: self.origin.to_owned(), position: position.to_owned(), message }
    }

    fn guarded(&self, position: &str, file: &Path) -> Result<()> {
        match self.guard {
            Some(guard) => guard(file).map_err(|why| self.data_error(position, why)),
            None => Ok(()),
        }
    }

    /// The project `doc` describes, its layers read but for those in `skipped`. A layer's saved
    /// id (the history's) is kept.
    pub(super) fn project(
        &mut self,
        doc: ProjectIn,
        skipped: &std::collections::HashSet<String>,
        notices: &mut Vec<String>,
    ) -> Result<Project> {
        let mut project = Project::new(doc.name);
        project.view = MapView {
            crs: doc.view.crs,
            extent: doc.view.extent.and_then(|[a, b, c, d]| Extent::from_corners(a, b, c, d)),
            background: doc.view.background,
            furniture: doc.view.furniture,
            crs_set: doc.view.crs_set,
        };
        project.layouts = doc.layouts;
        let mut names = std::collections::HashSet::new();
        // Each layer's group, set once every layer is read (the layers are read one way or another).
        let mut grouped: HashMap<String, String> = HashMap::new();
        for (idx, entry) in doc.layers.into_iter().enumerate() {
            if skipped.contains(&entry.name) {
                continue;
            }
            let position = format!("layer {} ('{}')", idx + 1, entry.name);
            if let Some(group) = &entry.group {
                let path = crate::project::groups::group_path(group)
                    .map_err(|e| self.data_error(&position, format!("its group cannot be used: {e}")))?;
                grouped.insert(entry.name.clone(), path);
            }
            if entry.name.trim().is_empty() {
                return Err(self.data_error(&format!("layer {}", idx + 1), "a layer has no name".into()));
            }
            if !names.insert(entry.name.clone()) {
                return Err(
                    self.data_error(&position, "two layers have this name; rename one in the project file".into())
                );
            }
            let id = entry.id;
            let mut layer = self.layer(entry, &position, notices)?;
            if let Some(id) = id {
                layer.id = crate::layer::LayerId(id);
            }
            project.layers.push(layer);
        }
        for layer in &mut project.layers {
            layer.style.type_categories(&layer.fields);
        }
        if doc.models.len() > crate::model::MAX_MODELS {
            return Err(self
                .data_error("\"models\"", format!("a project may hold at most {} models", crate::model::MAX_MODELS)));
        }
        for (idx, model) in doc.models.iter().enumerate() {
            let position = format!("model {} ('{}')", idx + 1, model.name);
            // Commands are checked when the model runs: a plugin's may not be installed yet.
            model.check(|_| true).map_err(|e| self.data_error(&position, e.to_string()))?;
            if doc.models[..idx].iter().any(|other| other.name == model.name) {
                return Err(
                    self.data_error(&position, "two models have this name; rename one in the project file".into())
                );
            }
        }
        project.models = doc.models;
        project.models.sort_by(|a, b| a.name.cmp(&b.name));
        for layer in &mut project.layers {
            layer.group = grouped.remove(&layer.name);
        }
        for group in doc.groups {
            let path = crate::project::groups::group_path(&group.path)
                .map_err(|e| self.data_error(&format!("group '{}'", group.path), e.to_string()))?;
            project.groups.push(crate::project::groups::LayerGroup { path, visible: group.visible });
        }
        // A hand-edited file may list a group's layers apart: they are gathered, as every change does.
        project.tidy_groups();
        Ok(project)
    }

    /// One layer of a project, its data read (or shared with a layer that read it already).
    fn layer(&mut self, entry: LayerIn, position: &str, notices: &mut Vec<String>) -> Result<Layer> {
        let folder = self.folder;
        if let SourceIn::Web(source) = entry.source {
            let checked = match &source {
                crate::web::WebSource::Xyz(xyz) => xyz.check(),
                crate::web::WebSource::Wms(wms) => crate::web::check_http_url(&wms.url),
            };
            checked.map_err(|e| self.data_error(position, format!("its web layer cannot be used: {e}")))?;
            let mut layer = Layer::from_web(entry.name, source);
            layer.visible = entry.visible;
            layer.title = entry.title;
            return Ok(layer);
        }
        if let SourceIn::Raster { path, .. } = &entry.source {
            let file = folder.join(path);
            self.guarded(position, &file)?;
            if let Some(read) = self.rasters.get(&file) {
                let mut layer = read.clone();
                layer.name = entry.name;
                layer.crs = entry.crs;
                if let (Some(style), Some(raster)) = (entry.raster_style, &mut layer.raster) {
                    raster.style = style;
                }
                layer.visible = entry.visible;
                layer.title = entry.title;
                return Ok(layer);
            }
        }
        if matches!(entry.source, SourceIn::Raster { .. } | SourceIn::Grid { .. }) {
            let file = match &entry.source {
                SourceIn::Raster { path, .. } => Some(folder.join(path)),
                _ => None,
            };
            let mut layer = raster_layer_in(entry.source, &entry.name, entry.crs, folder, entry.raster_style)
                .map_err(|m| self.data_error(position, m))?;
            layer.visible = entry.visible;
            layer.title = entry.title;
            if let Some(file) = file {
                self.rasters.insert(file, layer.clone());
            }
            return Ok(layer);
        }
        if let SourceIn::Postgis { fields, source } = entry.source {
            // Nothing is read now: the layer asks its database when a command or a drawing needs it.
            let mut layer = Layer::new(entry.name, source.crs(), fields, Vec::new());
            layer.visible = entry.visible;
            layer.title = entry.title;
            if let Some(style) = entry.style {
                layer.style = style;
            }
            layer.labels = entry.labels;
            layer.source = LayerSource::Postgis(std::sync::Arc::new(source));
            return Ok(layer);
        }
        let shared = |entry: LayerIn, (fields, features): &SharedRead| {
            let mut layer = Layer::new(entry.name, entry.crs, Vec::new(), Vec::new());
            (layer.fields, layer.features) = (fields.clone(), features.clone());
            layer.style = entry.style.unwrap_or_else(|| Style::default_for(&layer.features));
            layer.visible = entry.visible;
            layer.title = entry.title;
            layer.labels = entry.labels;
            layer
        };
        let (data, source) = match entry.source {
            SourceIn::File { ref path, ref format, bbox } => {
                let file = folder.join(path);
                let format = match format.as_deref() {
                    Some(name) => Format::from_name(name).ok_or_else(|| {
                        self.data_error(
                            position,
                            format!(
                                "unknown data format {name:?}; use one of {}",
                                crate::io::FORMATS.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
                            ),
                        )
                    })?,
                    None => Format::from_extension(&file).unwrap_or(Format::GeoJson),
                };
                self.guarded(position, &file)?;
                let bbox = bbox.and_then(|[a, b, c, d]| Extent::from_corners(a, b, c, d));
                let key = (file.clone(), format, bbox.map(|e| e.to_array().map(f64::to_bits)));
                if let Some(read) = self.reads.get(&key) {
                    let mut layer = shared(entry, read);
                    let snapshot = ReadSnapshot::of(&layer);
                    layer.source = LayerSource::File { path: file, format: format.name().to_owned(), bbox, snapshot };
                    return Ok(layer);
                }
                let data = read_data(&file, format, bbox).map_err(|e| {
                    let missing = matches!(&e, Error::Io { cause: source, .. } if source.kind() == std::io::ErrorKind::NotFound);
                    let what = if missing { "is missing".to_owned() } else { format!("cannot be read: {e}") };
                    self.data_error(
                        position,
                        format!(
                            "its data file {path} ({}) {what}; fix the path in the project file, or remove the layer and \
                             add it again",
                            file.display()
                        ),
                    )
                })?;
                (data, Some((file, format, bbox)))
            }
            SourceIn::Data { data } => {
                let Some(read) = self.data.get(data) else {
                    return Err(self.data_error(
                        position,
                        format!(
                            "its source is the history's data {data}, which the file does not hold (a project's own \
                             layers name their file or hold their features)"
                        ),
                    ));
                };
                let read = read.clone();
                return Ok(shared(entry, &read));
            }
            SourceIn::Embedded { fields, features } => {
                let features = embedded_features(&fields, features).map_err(|m| self.data_error(position, m))?;
                (ReadData { fields, features, crs: entry.crs, notices: Vec::new(), crs_problem: None }, None)
            }
            SourceIn::Raster { .. } | SourceIn::Grid { .. } | SourceIn::Postgis { .. } | SourceIn::Web(_) => {
                unreachable!("raster, PostGIS and web sources are read above")
            }
        };
        notices.extend(data.notices.into_iter().map(|n| format!("layer '{}': {n}", entry.name)));
        let mut layer = Layer::new(entry.name, entry.crs, data.fields, data.features);
        layer.visible = entry.visible;
        layer.title = entry.title;
        if let Some(style) = entry.style {
            layer.style = style;
        }
        layer.labels = entry.labels;
        if let Some((path, format, bbox)) = source {
            let key = (path.clone(), format, bbox.map(|e| e.to_array().map(f64::to_bits)));
            self.reads.insert(key, (layer.fields.clone(), layer.features.clone()));
            let snapshot = ReadSnapshot::of(&layer);
            layer.source = LayerSource::File { path, format: format.name().to_owned(), bbox, snapshot };
        }
        Ok(layer)
    }
}
