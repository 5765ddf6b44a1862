//! `project.*`: start, replace and describe the project.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::path::Path;

use crate::command::{CommandDef, Ctx, ReadPath, WritePath};
use crate::error::{Error, Result};
use crate::io::atomic;
use crate::io::project_file::absolute;
use crate::layer::{Extent, LayerSource};
use crate::policy::{Access, FileUse};
use crate::project::Project;
use crate::project::file as project_file;
use crate::project::revision::ChangesSince;
use crate::sample::{SAMPLE_CREDIT, SAMPLE_LAYERS, sample_layer};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("project.new")
            .summary("Start a new, empty project (replaces the current one)")
            .doc("Replaces the project with an empty one. The old project stays in the undo history.")
            .examples(&[r#"project.new {"name": "Parcels"}"#])
            .access(Access::REPLACES_PROJECT)
            .edits_returning(project_new),
        CommandDef::build("project.sample")
            .summary("Replace the project with the World Atlas sample (countries, coastline, boundaries, cities)")
            .doc("Loads the four layers of the built-in World Atlas sample with default styles and labelled \
             cities, zoomed to the world. Countries become the active layer. Natural Earth (public domain); \
             cities from GeoNames (geonames.org), CC BY 4.0.")
            .examples(&["project.sample {}"])
            .access(Access::REPLACES_PROJECT)
            .edits_returning(project_sample),
        CommandDef::build("project.fromTemplate")
            .summary("Replace the project with a template: blank or world-atlas")
            .doc("`blank` is an empty project; `world-atlas` is the World Atlas sample (as `project.sample`).")
            .examples(&[r#"project.fromTemplate {"template": "world-atlas"}"#])
            .access(Access::REPLACES_PROJECT)
            .edits_returning(project_from_template),
        CommandDef::build("project.open")
            .summary("Open a .rgis project file (replaces the current project)")
            .doc("Reads the project file and every data file its layers name (paths relative to the project file's \
             folder). A damaged file, a project saved by a newer RustGIS, or a missing data file is an error \
             naming the file, the layer and what to do, and the open project stays as it was. The user's active \
             layer is restored. Relative paths in later commands resolve against the project file's folder. Data \
             files outside the project's folder (a downloaded project could name any file) are read and listed in \
             the notices, left out with `\"outside_files\": \"skip\"`, or, with `\"ask\"` (the app's choice, and \
             an attached agent's default), nothing is opened and the answer lists them (error code \
             `needs_confirmation`). A project saved with its undo history (`project.save {\"history\": true}`) \
             brings it back: `edit.undo` walks back through the saved steps, then to the project open before; a \
             history that cannot be restored (a step reading a file outside the project's folder, a damaged \
             section) is named in the notices and the project opens without it.")
            .examples(&[r#"project.open {"path": "atlas.rgis"}"#])
            .access(Access::REPLACES_PROJECT.and(Access::READS_FILES))
            .edits_returning(project_open),
        CommandDef::build("project.save")
            .summary("Save the project to a .rgis file")
            .doc("Writes the project (name, view, layer order, each layer's source, visibility, style and labels, \
             and the user's active layer) as JSON with keys in a fixed order, so saving twice gives the same \
             bytes. Layers read from files are saved as paths relative to the project file; layers that live \
             only in memory (samples, tool results, inline GeoJSON, file layers edited since they were read) \
             are embedded with their fields and types. Without `path`, saves to the project's own file. The file \
             is written under a temporary name and renamed, so the old file survives any failure; another \
             existing file is replaced only with `\"overwrite\": true`. With `\"history\": true` the undo (and \
             redo) history is saved too, each layer's features kept once however many steps share them: opening \
             the file restores it, so `edit.undo` takes back what was done before it was saved.")
            .examples(&[r#"project.save {"path": "atlas.rgis"}"#, r#"project.save {}"#])
            .access(Access::WRITES_FILES)
            .reads_returning(project_save),
        CommandDef::build("project.openText")
            .summary("Open a project given as .rgis text (replaces the current project)")
            .doc("Like `project.open`, for the text of a project file. The text can name data files (read relative \
             to the current project's folder), so it needs file access like `project.open`. The project has \
             no file afterwards: save it with `project.save {\"path\": …}`.")
            .examples(&[
                r#"project.openText {"source": "{\"format\": \"rustgis-project\", \"version\": 1, \"name\": \"Empty\", \"layers\": []}"}"#,
            ])
            .access(Access { project_from_text: true, replaces_project: true, ..Access::NONE })
            .edits_returning(project_open_text),
        CommandDef::build("project.info")
            .summary("Describe the project: name, CRS, view, layers, the caller's active layer")
            .examples(&["project.info {}"])
            .reads_returning(project_info),
    ]
}

/// Parameters of `project.new`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NewParams {
    /// The project name (default `Untitled`).
    name: Option<String>,
}

/// What `project.new` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct NewProject {
    /// The new project's name.
    name: String,
    /// How many layers it has: 0.
    layers: usize,
}

/// What `project.sample`, `project.open` and `project.openText` return: the project now open.
#[derive(Debug, Serialize, JsonSchema)]
struct OpenedProject {
    /// `project.open`: the file opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<std::path::PathBuf>,
    /// The project's name.
    name: String,
    /// Its layers' names, bottom to top.
    layers: Vec<String>,
    /// The active layer, or null.
    active_layer: Option<String>,
    /// How many undo steps the project file held (saved with `project.save {"history": true}`)
    /// and opening it restored; left out when it held none.
    #[serde(skip_serializing_if = "Option::is_none")]
    history_steps: Option<usize>,
}

/// What `project.fromTemplate` returns: as `project.new` for `blank`, as `project.sample` for
/// `world-atlas`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum FromTemplate {
    /// An empty project.
    Blank(NewProject),
    /// The World Atlas sample.
    Sample(OpenedProject),
}

fn project_new(ctx: &mut Ctx<'_>, p: NewParams) -> Result<NewProject> {
    let project = Project::new(p.name.unwrap_or_else(|| "Untitled".to_owned()));
    let name = project.name.clone();
    ctx.replace_project(project);
    // A new project is not the old one's file: `project.save {}` must not overwrite it.
    ctx.set_project_path(None);
    Ok(NewProject { name, layers: 0 })
}

/// Parameters of `project.sample`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SampleParams {}

fn project_sample(ctx: &mut Ctx<'_>, _p: SampleParams) -> Result<OpenedProject> {
    load_sample(ctx)
}

fn load_sample(ctx: &mut Ctx<'_>) -> Result<OpenedProject> {
    let mut project = Project::new("World Atlas");
    project.view.extent = Some(Extent::WORLD);
    project.view.background = crate::style::Color::rgb(0xd4, 0xe6, 0xf1);
    ctx.replace_project(project);
    ctx.set_project_path(None);
    for name in SAMPLE_LAYERS {
        ctx.add_layer(sample_layer(name)?)?;
    }
    let countries = ctx.project().require("countries")?.id;
    ctx.set_active(countries);
    ctx.notice(SAMPLE_CREDIT);
    Ok(OpenedProject {
        path: None,
        name: "World Atlas".to_owned(),
        layers: SAMPLE_LAYERS.iter().map(|name| (*name).to_owned()).collect(),
        active_layer: Some("countries".to_owned()),
        history_steps: None,
    })
}

/// A project template.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum Template {
    /// An empty project.
    Blank,
    /// The World Atlas sample.
    WorldAtlas,
}

/// Parameters of `project.fromTemplate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TemplateParams {
    /// The template.
    template: Template,
}

fn project_from_template(ctx: &mut Ctx<'_>, p: TemplateParams) -> Result<FromTemplate> {
    match p.template {
        Template::Blank => project_new(ctx, NewParams { name: None }).map(FromTemplate::Blank),
        Template::WorldAtlas => load_sample(ctx).map(FromTemplate::Sample),
    }
}

/// What opening a project does with data files it names outside its own folder.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum OutsideFilesParam {
    /// Read them; the notices name them.
    Load,
    /// Open the project without their layers; the notices name them.
    Skip,
    /// Open nothing and answer with the list (error code `needs_confirmation`), to ask the user.
    Ask,
}

/// What a caller's opening of a project does with files outside its folder: as asked, else read
/// them (the user, a private server's agent) or ask (an agent attached to the user's app). An
/// attached agent without file access never reads them.
fn outside_files(ctx: &Ctx<'_>, asked: Option<OutsideFilesParam>) -> Result<project_file::OutsideFiles> {
    let caller = ctx.caller();
    let attached = matches!(caller.kind, crate::policy::CallerKind::Attached { .. });
    Ok(match asked {
        Some(OutsideFilesParam::Load) if attached && !caller.files_and_network => {
            return Err(Error::invalid(
                "outside_files",
                "an agent without file access cannot read files outside the project's folder; use \"skip\"",
            ));
        }
        Some(OutsideFilesParam::Load) => project_file::OutsideFiles::Load,
        Some(OutsideFilesParam::Skip) => project_file::OutsideFiles::Skip,
        Some(OutsideFilesParam::Ask) => project_file::OutsideFiles::Ask,
        None if attached => project_file::OutsideFiles::Ask,
        None => project_file::OutsideFiles::Load,
    })
}

/// Parameters of `project.open`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OpenParams {
    /// The `.rgis` file. A relative path resolves against the current project file's folder.
    path: ReadPath,
    /// Data files the project names outside its folder: `load` them (the default for the user),
    /// `skip` their layers, or `ask` (the default for an attached agent): open nothing and answer
    /// with the list, error code `needs_confirmation`.
    outside_files: Option<OutsideFilesParam>,
}

fn project_open(ctx: &mut Ctx<'_>, p: OpenParams) -> Result<OpenedProject> {
    let path = absolute(&ctx.read_path(&p.path)?);
    let outside = outside_files(ctx, p.outside_files)?;
    ctx.progress(0.0, &format!("opening {}", path.display()));
    let check = |layer: &str, file: &Path| {
        ctx.check_file(&format!("{} (layer '{layer}' of the project)", file.display()), file, FileUse::Read).map(|_| ())
    };
    let opened = project_file::read_file_checked(&path, outside, &check)?;
    let opened = install(ctx, opened)?;
    ctx.set_project_path(Some(path.clone()));
    Ok(OpenedProject { path: Some(path), ..opened })
}

/// Parameters of `project.openText`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OpenTextParams {
    /// The text of a `.rgis` project file.
    source: String,
    /// Data files the text names outside the current project's folder: `load`, `skip` or `ask`,
    /// as for `project.open`.
    outside_files: Option<OutsideFilesParam>,
}

fn project_open_text(ctx: &mut Ctx<'_>, p: OpenTextParams) -> Result<OpenedProject> {
    let folder = ctx.folder();
    let outside = outside_files(ctx, p.outside_files)?;
    let check = |layer: &str, file: &Path| {
        ctx.check_file(&format!("{} (layer '{layer}' of the project)", file.display()), file, FileUse::Read).map(|_| ())
    };
    let opened = project_file::read_text_checked(&p.source, Path::new("<project text>"), &folder, outside, &check)?;
    let opened = install(ctx, opened)?;
    ctx.set_project_path(None);
    Ok(opened)
}

/// Replaces the project with an opened one: layers get ids and the saved active layer becomes
/// the user's (and the caller's); a saved undo history is handed to the session, its layers
/// given this session's ids. Returns what the command answers, but for the file opened.
fn install(ctx: &mut Ctx<'_>, mut opened: project_file::Opened) -> Result<OpenedProject> {
    opened.project.attach_database(ctx.database());
    let project_file::Opened { mut project, active_layer, notices, history } = opened;
    let layers = std::mem::take(&mut project.layers);
    let name = project.name.clone();
    ctx.replace_project(project);
    for layer in layers {
        ctx.add_layer(layer)?;
    }
    if let Some(active) = &active_layer {
        let id = ctx.project().require(active)?.id;
        ctx.set_active(id);
        ctx.set_user_active(id);
    }
    for notice in notices {
        ctx.notice(notice);
    }
    let steps = history.filter(|h| !h.is_empty()).map(|mut history| {
        // The same layer is the same layer in every step: the saved ids map to this session's.
        let mut ids: std::collections::HashMap<u64, crate::layer::LayerId> =
            history.layer_ids.iter().copied().zip(ctx.project().layers.iter().map(|l| l.id)).collect();
        let projects =
            history.undo.iter_mut().chain(history.redo.iter_mut()).flat_map(|s| [&mut s.before, &mut s.after]);
        for project in projects {
            for layer in &mut project.layers {
                let id = match ids.get(&layer.id.0) {
                    Some(id) => *id,
                    None => {
                        let saved = layer.id.0;
                        ctx.assign_id(layer);
                        ids.insert(saved, layer.id);
                        layer.id
                    }
                };
                layer.id = id;
            }
        }
        let steps = history.len();
        ctx.restored_history = Some(history);
        steps
    });
    Ok(OpenedProject { path: None, name, layers: ctx.project().layer_names(), active_layer, history_steps: steps })
}

/// Parameters of `project.save`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SaveParams {
    /// The `.rgis` file to write (default: the project's own file). Relative paths resolve against
    /// the current project file's folder.
    path: Option<WritePath>,
    /// Replace another existing file (default false). Saving to the project's own file needs no
    /// `overwrite`.
    #[serde(default)]
    overwrite: bool,
    /// Keep the undo history with the project (default false): opening the file again restores
    /// it, so `edit.undo` takes back what was done before it was saved.
    #[serde(default)]
    history: bool,
}

/// What `project.save` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Saved {
    /// The `.rgis` file written.
    path: std::path::PathBuf,
    /// Its size in bytes.
    bytes: u64,
    /// How many layers it holds.
    layers: usize,
    /// How many of them are embedded (their features written into the file) rather than
    /// referenced by their data file's path.
    embedded_layers: usize,
    /// The user's active layer, saved with the project, or null.
    active_layer: Option<String>,
    /// With `"history": true`: how many undo steps were saved with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    history_steps: Option<usize>,
}

fn project_save(ctx: &mut Ctx<'_>, p: SaveParams) -> Result<Saved> {
    let own = ctx.project_path().map(absolute);
    let target = match p.path {
        Some(path) => absolute(&ctx.write_path(&path)?),
        None => own.clone().ok_or_else(|| {
            Error::invalid("path", "the project has no file yet: pass \"path\", for example \"path\": \"my-map.rgis\"")
        })?,
    };
    let overwrite = p.overwrite || own.as_ref() == Some(&target) || ctx.may_replace(&target);
    let project = ctx.project();
    let active = ctx.user_active_layer_id().and_then(|id| project.layer_by_id(id)).map(|l| l.name.clone());
    let mut notices = Vec::new();
    let project_path = ctx.project_path();
    let history = p.history.then(|| ctx.history.to_save(project, project_path));
    let history_steps = history.as_ref().map(project_file::HistoryToSave::len);
    let bytes = atomic::write_file(&target, overwrite, |out| {
        notices = project_file::write_with_history(project, active.as_deref(), history.as_ref(), &target, out)?;
        Ok(())
    })?;
    drop(history);
    let embedded = project.layers.iter().filter(|l| !file_backed(l)).count();
    let n_layers = project.layers.len();
    for notice in notices {
        ctx.notice(notice);
    }
    ctx.set_project_path(Some(target.clone()));
    Ok(Saved { path: target, bytes, layers: n_layers, embedded_layers: embedded, active_layer: active, history_steps })
}

/// Whether a layer is saved as a reference to its file (not embedded).
fn file_backed(layer: &crate::layer::Layer) -> bool {
    matches!(&layer.source, LayerSource::File { snapshot, .. } if snapshot.matches(layer))
}

/// Parameters of `project.info`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct InfoParams {
    /// Only what changed after this revision: the layers added or changed since are listed, with
    /// the layers removed and the changes (who, which command). Older than the session's log
    /// keeps, the answer is in full and a notice says so.
    #[serde(default)]
    since_revision: Option<u64>,
}

/// What changed after `since_revision`, beside the layers listed (`project.info`, `layer.list`).
#[derive(Debug, serde::Serialize, JsonSchema)]
pub(crate) struct Since {
    /// The revision asked about.
    since_revision: u64,
    /// Whether the answer is in full (the revision is older than the log keeps): every layer is
    /// listed, and layers removed since are not known.
    full: bool,
    /// The layers added since, still in the project.
    layers_added: Vec<String>,
    /// The layers changed since (not added since), by their names now.
    layers_changed: Vec<String>,
    /// The layers removed since, by their last names.
    layers_removed: Vec<String>,
    /// The changes since, oldest first.
    changes: Vec<SinceChange>,
}

/// One change of [`Since`].
#[derive(Debug, serde::Serialize, JsonSchema)]
struct SinceChange {
    /// The project's revision after it.
    revision: u64,
    /// Who made it.
    actor: String,
    /// The command (`script (n lines)` for a script).
    command: String,
}

/// What changed after `since` for a command's result (its notices added to the command's), and
/// the whole answer, which says which layers to list; `None` without `since`.
pub(crate) fn changes_since(ctx: &mut Ctx<'_>, since: Option<u64>) -> Result<Option<(Since, ChangesSince)>> {
    let Some(since) = since else { return Ok(None) };
    let answer = ctx.changes_since(since)?;
    ctx.notices.extend(answer.notices.iter().cloned());
    let names = |list: &[String]| list.to_vec();
    let result = Since {
        since_revision: answer.since_revision,
        full: answer.full,
        layers_added: names(&answer.layers_added),
        layers_changed: names(&answer.layers_changed),
        layers_removed: names(&answer.layers_removed),
        changes: answer
            .changes
            .iter()
            .map(|c| SinceChange { revision: c.revision, actor: c.actor.clone(), command: c.command.clone() })
            .collect(),
    };
    Ok(Some((result, answer)))
}

/// What `project.info` returns.
#[derive(Debug, serde::Serialize, JsonSchema)]
struct ProjectInfo {
    /// The project's name.
    name: String,
    /// The map's CRS.
    crs: String,
    /// The view, `[min_x, min_y, max_x, max_y]` in the map's CRS (the layers' extent when none
    /// is set; null for an empty project).
    extent: Option<[f64; 4]>,
    /// The map's background colour, `#rrggbb`.
    background: String,
    /// The layers, bottom to top.
    layers: Vec<ProjectLayer>,
    /// The caller's active layer.
    active_layer: Option<String>,
    /// The project's revision now: it moves on with every change (pass it as `since_revision`
    /// later to see what changed, or as `expected_revision` to a change).
    revision: u64,
    /// With `since_revision`: what changed since (and `layers` lists only the layers added or
    /// changed since).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    since: Option<Since>,
}

/// A layer of `project.info`.
#[derive(Debug, serde::Serialize, JsonSchema)]
struct ProjectLayer {
    /// Its name.
    name: String,
    /// Its geometry.
    geometry: crate::feature::GeometryKind,
    /// How many features it has.
    features: usize,
    /// Whether it is drawn.
    visible: bool,
}

fn project_info(ctx: &mut Ctx<'_>, p: InfoParams) -> Result<ProjectInfo> {
    let delta = changes_since(ctx, p.since_revision)?;
    let project = ctx.project();
    let active = ctx.active_layer_id().and_then(|id| project.layer_by_id(id)).map(|l| l.name.clone());
    let extent = project.view.extent.or_else(|| project.full_extent());
    Ok(ProjectInfo {
        name: project.name.clone(),
        crs: project.view.crs.to_string(),
        extent: extent.map(|e| e.to_array()),
        background: project.view.background.to_hex(),
        layers: project
            .layers
            .iter()
            .filter(|l| delta.as_ref().is_none_or(|(_, answer)| answer.lists(l.id)))
            .map(|l| ProjectLayer {
                name: l.name.clone(),
                geometry: l.geometry_kind(),
                features: l.features.len(),
                visible: l.visible,
            })
            .collect(),
        active_layer: active,
        revision: ctx.revision(),
        since: delta.map(|(since, _)| since),
    })
}

/// `Err` unless `name` is a non-empty layer name.
pub(crate) fn check_layer_name(name: &str) -> Result<()> {
    if name.trim().is_empty() {
        return Err(Error::invalid("name", "a layer name cannot be empty"));
    }
    // Control characters (NUL, newlines…) would break script lines, logs and file names.
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(Error::invalid(
            "name",
            format!(
                "a layer name cannot hold control characters such as {c:?}; use letters, digits, spaces and punctuation"
            ),
        ));
    }
    if name.len() > MAX_LAYER_NAME_BYTES {
        return Err(Error::invalid(
            "name",
            format!("a layer name is at most {MAX_LAYER_NAME_BYTES} bytes, and this one is {}", name.len()),
        ));
    }
    Ok(())
}

/// The longest layer name accepted.
const MAX_LAYER_NAME_BYTES: usize = 1024;
