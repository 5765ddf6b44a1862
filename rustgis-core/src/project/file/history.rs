//! The undo history a project file keeps when asked (`project.save {"history": true}`), so that
//! opening the project tomorrow can still undo what was done today.
//!
//! Every step holds the project before and after it. Saved naively, 200 steps of a project with
//! a large layer would hold that layer 400 times; instead the history keeps:
//! - `data`: the fields and features of each layer that lived in memory, once per distinct set
//!   (steps share a layer's features until an edit copies them, and so does the file);
//! - `projects`: each distinct project a step went from or to, its layers named by id, their
//!   data by file path (unchanged file layers) or by place in `data`;
//! - `undo` and `redo`: the steps, oldest first (`redo`'s last is the next to redo), each with
//!   its actor, label, calls (for `model.fromHistory`), project file and projects by place;
//! - `layer_ids`: the ids of the project's own layers, so a layer is the same in every step.
//!
//! ```json
//! "history": {
//!   "layer_ids": [1, 2],
//!   "data": [{ "fields": [...], "features": [...] }],
//!   "projects": [{ "name": "Parcels", "view": {...}, "layers": [{ "name": "parcels", "id": 1, "source": { "type": "data", "data": 0 }, ... }] }],
//!   "undo": [{ "actor": { "kind": "user" }, "label": "style.single", "calls": [...], "project_file_before": "parcels.rgis", "project_file_after": "parcels.rgis", "before": 0, "after": 1 }],
//!   "redo": []
//! }
//! ```
//!
//! Reading it never keeps the project from opening: a history that cannot be restored (a step
//! naming a file outside the project's folder or one the caller may not read, a damaged
//! section) leaves a notice saying why, and the project opens without it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::{
    FeatureIn, FeaturesOut, LayerOut, ProjectIn, Reader, ViewOut, check_layer_finite, check_view_finite,
    embedded_features, layers_out,
};
use crate::error::{Error, Result};
use crate::io::project_file::{absolute, relative_path};
use crate::layer::{Feature, Field, Layer};
use crate::model::RecordedCall;
use crate::policy::Actor;
use crate::project::Project;

/// The most steps (undo and redo together) a project file's history may hold.
pub const MAX_SAVED_STEPS: usize = 10_000;

/// One step of the history to save, as the session holds it.
pub(crate) struct StepToSave<'a> {
    pub(crate) actor: Actor,
    pub(crate) label: String,
    pub(crate) calls: &'a [RecordedCall],
    pub(crate) before: &'a Project,
    pub(crate) after: &'a Project,
    pub(crate) path_before: Option<&'a Path>,
    pub(crate) path_after: Option<&'a Path>,
}

/// The history to save: undo steps oldest first, redo steps with the next to redo last.
#[derive(Default)]
pub(crate) struct HistoryToSave<'a> {
    pub(crate) undo: Vec<StepToSave<'a>>,
    pub(crate) redo: Vec<StepToSave<'a>>,
}

impl HistoryToSave<'_> {
    /// How many steps: undo and redo.
    pub(crate) fn len(&self) -> usize {
        self.undo.len() + self.redo.len()
    }
}

/// The undo history read from a project file: its projects' layers still carry the ids the
/// saving session gave them ([`SavedHistory::layer_ids`] says which are the project's own).
#[derive(Debug, Clone)]
pub struct SavedHistory {
    /// The saved ids of the project's own layers, in order.
    pub(crate) layer_ids: Vec<u64>,
    pub(crate) undo: Vec<SavedStep>,
    pub(crate) redo: Vec<SavedStep>,
}

impl SavedHistory {
    /// How many steps it holds: undo and redo.
    pub fn len(&self) -> usize {
        self.undo.len() + self.redo.len()
    }

    /// Whether it holds no step.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One step read back.
#[derive(Debug, Clone)]
pub(crate) struct SavedStep {
    pub(crate) actor: Actor,
    pub(crate) label: String,
    pub(crate) calls: Vec<RecordedCall>,
    pub(crate) before: Project,
    pub(crate) after: Project,
    pub(crate) path_before: Option<PathBuf>,
    pub(crate) path_after: Option<PathBuf>,
}

/// The layers that lived in memory, each distinct set of features once.
#[derive(Default)]
pub(super) struct DataTable<'a> {
    layers: Vec<&'a Layer>,
    places: HashMap<(*const Vec<Feature>, *const Vec<Field>), usize>,
}

impl<'a> DataTable<'a> {
    /// The place of `layer`'s fields and features in the table, added when new.
    pub(super) fn place(&mut self, layer: &'a Layer) -> usize {
        let key = (Arc::as_ptr(&layer.features), Arc::as_ptr(&layer.fields));
        *self.places.entry(key).or_insert_with(|| {
            self.layers.push(layer);
            self.layers.len() - 1
        })
    }
}

#[derive(Serialize)]
pub(super) struct HistoryOut<'a> {
    layer_ids: Vec<u64>,
    data: Vec<DataOut<'a>>,
    projects: Vec<Json>,
    undo: Vec<StepOut<'a>>,
    redo: Vec<StepOut<'a>>,
}

#[derive(Serialize)]
struct DataOut<'a> {
    fields: &'a [Field],
    features: FeaturesOut<'a>,
}

#[derive(Serialize)]
struct StepOut<'a> {
    actor: Actor,
    label: String,
    calls: &'a [RecordedCall],
    project_file_before: Option<String>,
    project_file_after: Option<String>,
    before: usize,
    after: usize,
}

/// A project of the history: as the file's own, its layers with their ids.
#[derive(Serialize)]
struct ProjectOut<'a> {
    name: &'a str,
    view: ViewOut<'a>,
    layers: Vec<LayerOut<'a>>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    models: &'a [crate::model::Model],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    layouts: &'a [crate::PrintLayout],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    groups: &'a [crate::project::groups::LayerGroup],
}

impl<'a> HistoryOut<'a> {
    /// The history of `project`, to be saved in `file` (paths relative to its folder `folder`).
    pub(super) fn new(
        history: &HistoryToSave<'a>,
        project: &'a Project,
        folder: &Path,
        file: &Path,
    ) -> Result<HistoryOut<'a>> {
        let mut table = DataTable::default();
        let mut projects: Vec<Json> = Vec::new();
        let mut places: HashMap<String, usize> = HashMap::new();
        let mut place = |snapshot: &'a Project, table: &mut DataTable<'a>| -> Result<usize> {
            check_view_finite(snapshot, "a step's map view", file)?;
            let mut layers = layers_out(snapshot, folder, &mut Vec::new(), Some(table))?;
            for (out, layer) in layers.iter_mut().zip(&snapshot.layers) {
                out.id = Some(layer.id.0);
            }
            let doc = ProjectOut {
                name: &snapshot.name,
                view: ViewOut::of(snapshot),
                layers,
                models: &snapshot.models,
                layouts: &snapshot.layouts,
                groups: &snapshot.groups,
            };
            let value = serde_json::to_value(&doc)
                .map_err(|e| Error::Failed(format!("cannot write the project {}: {e}", file.display())))?;
            let key = value.to_string();
            Ok(*places.entry(key).or_insert_with(|| {
                projects.push(value);
                projects.len() - 1
            }))
        };
        let path = |p: Option<&Path>| p.map(|p| relative_path(&absolute(p), folder));
        let mut steps = |list: &[StepToSave<'a>], table: &mut DataTable<'a>| -> Result<Vec<StepOut<'a>>> {
            list.iter()
                .map(|step| {
                    Ok(StepOut {
                        actor: step.actor,
                        label: step.label.clone(),
                        calls: step.calls,
                        project_file_before: path(step.path_before),
                        project_file_after: path(step.path_after),
                        before: place(step.before, table)?,
                        after: place(step.after, table)?,
                    })
                })
                .collect()
        };
        let undo = steps(&history.undo, &mut table)?;
        let redo = steps(&history.redo, &mut table)?;
        for layer in &table.layers {
            check_layer_finite(layer, file)?;
        }
        let data =
            table.layers.iter().map(|layer| DataOut { fields: &layer.fields, features: FeaturesOut(layer) }).collect();
        Ok(HistoryOut { layer_ids: project.layers.iter().map(|l| l.id.0).collect(), data, projects, undo, redo })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HistoryIn {
    layer_ids: Vec<u64>,
    #[serde(default)]
    data: Vec<DataIn>,
    #[serde(default)]
    projects: Vec<ProjectIn>,
    #[serde(default)]
    undo: Vec<StepIn>,
    #[serde(default)]
    redo: Vec<StepIn>,
}

#[derive(Deserialize)]
struct DataIn {
    fields: Vec<Field>,
    features: Vec<FeatureIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepIn {
    actor: Actor,
    label: String,
    #[serde(default)]
    calls: Vec<RecordedCall>,
    #[serde(default)]
    project_file_before: Option<String>,
    #[serde(default)]
    project_file_after: Option<String>,
    before: usize,
    after: usize,
}

/// Reads the `history` section `text` with `reader` (which read the project's own layers, and
/// shares their files); `own_layers` is how many layers the project has. `Err` says why the
/// history cannot be restored.
pub(super) fn read(
    text: &str,
    reader: &mut Reader<'_>,
    own_layers: usize,
) -> std::result::Result<SavedHistory, String> {
    let history: HistoryIn = serde_json::from_str(text).map_err(|e| format!("its history section is damaged: {e}"))?;
    let steps = history.undo.len() + history.redo.len();
    if steps > MAX_SAVED_STEPS {
        return Err(format!("it holds {steps} steps, more than the {MAX_SAVED_STEPS} a project file may"));
    }
    if history.layer_ids.len() != own_layers {
        return Err(format!("it names {} layers of the project, which has {own_layers}", history.layer_ids.len()));
    }
    for (place, data) in history.data.into_iter().enumerate() {
        let features = embedded_features(&data.fields, data.features).map_err(|m| format!("its data {place}: {m}"))?;
        reader.data.push((Arc::new(data.fields), Arc::new(features)));
    }
    let mut projects = Vec::with_capacity(history.projects.len());
    for (place, doc) in history.projects.into_iter().enumerate() {
        let project = reader
            .project(doc, &std::collections::HashSet::new(), &mut Vec::new())
            .map_err(|e| format!("its project {place}: {e}"))?;
        let mut ids = std::collections::HashSet::new();
        for layer in &project.layers {
            if layer.id.0 == 0 || !ids.insert(layer.id) {
                return Err(format!("its project {place}: layer '{}' has no id of its own", layer.name));
            }
        }
        projects.push(project);
    }
    let folder = reader.folder;
    let restore = |steps: Vec<StepIn>| -> std::result::Result<Vec<SavedStep>, String> {
        steps
            .into_iter()
            .enumerate()
            .map(|(n, step)| {
                let project = |place: usize| {
                    projects.get(place).cloned().ok_or_else(|| {
                        format!("step {} ({}) names project {place}, which it does not hold", n + 1, step.label)
                    })
                };
                Ok(SavedStep {
                    before: project(step.before)?,
                    after: project(step.after)?,
                    actor: step.actor,
                    calls: step.calls,
                    path_before: step.project_file_before.map(|p| folder.join(p)),
                    path_after: step.project_file_after.map(|p| folder.join(p)),
                    label: step.label,
                })
            })
            .collect()
    };
    let undo = restore(history.undo)?;
    let redo = restore(history.redo)?;
    Ok(SavedHistory { layer_ids: history.layer_ids, undo, redo })
}
