//! The context a command runs in: `Ctx`, what a running command sees (a working copy of the
//! project, the caller, its limits, progress and database), and `Outcome`, what a command that
//! ran returns.

use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use super::paths::{ReadPath, WritePath};
use super::{Effect, LayerUse, Registry, normalize_params};
use crate::error::{Error, Result};
use crate::io::project_file::absolute;
use crate::layer::{Layer, LayerId};
use crate::model::RecordedCall;
use crate::policy::FileUse;
use crate::policy::{Actor, Caller};
use crate::progress::Progress;
use crate::project::Project;

/// What a command reads of the session's undo history (`model.fromHistory`): the session's
/// history implements it, so the command engine does not depend on the session.
pub(crate) trait UndoHistory: Sync {
    /// Each step's actor and the calls it was made of, oldest first (steps undone are not there).
    fn steps(&self) -> Vec<(Actor, &[RecordedCall])>;

    /// The whole history as a project file keeps it (`project.save {"history": true}`), the
    /// project being `now` (in file `now_path`): a running script's lines so far are its
    /// latest step.
    fn to_save<'a>(
        &'a self,
        now: &'a Project,
        now_path: Option<&'a std::path::Path>,
    ) -> crate::project::file::HistoryToSave<'a>;
}

/// What a command sees while it runs: a working copy of the project (kept only if the command
/// succeeds), the caller, and the ways to report layers added, notices and progress.
pub struct Ctx<'a> {
    pub(crate) command: &'static str,
    pub(crate) layers: LayerUse,
    pub(crate) project: Project,
    pub(crate) changed: bool,
    pub(crate) caller: &'a Caller,
    pub(crate) own_active: Option<LayerId>,
    pub(crate) user_active: Option<LayerId>,
    pub(crate) new_active: Option<LayerId>,
    pub(crate) next_layer_id: &'a mut u64,
    pub(crate) notices: Vec<String>,
    pub(crate) layers_added: Vec<String>,
    pub(crate) progress: &'a dyn Progress,
    pub(crate) limits: crate::limits::Limits,
    pub(crate) base_dir: Option<std::path::PathBuf>,
    pub(crate) renderer: Option<std::sync::Arc<dyn crate::render_hook::MapRenderer>>,
    pub(crate) database: crate::postgis::Database,
    pub(crate) project_path: Option<std::path::PathBuf>,
    pub(crate) new_project_path: Option<Option<std::path::PathBuf>>,
    pub(crate) new_user_active: Option<LayerId>,
    pub(crate) registry: &'static Registry,
    pub(crate) history: &'a dyn UndoHistory,
    /// The project's revision and latest changes as the command started (`since_revision`).
    pub(crate) changes: &'a crate::project::revision::ChangeLog,
    pub(crate) depth: usize,
    pub(crate) plugins_folder: Option<std::path::PathBuf>,
    /// The session's jobs, for `job.*` (`None` inside a job: jobs do not start jobs).
    pub(crate) jobs: Option<&'a parking_lot::Mutex<crate::jobs::JobTable>>,
    /// Set by [`Ctx::keep_partial`]: what a cancelled job's command made before it stopped.
    pub(crate) partial: Option<String>,
    /// The undo history saved with a project just opened, its layers' ids this session's: the
    /// session takes it when the command succeeds.
    pub(crate) restored_history: Option<crate::project::file::SavedHistory>,
}

/// How deep commands may run commands (`script.exec` running `model.run` running…): deeper
/// nesting is refused, so a model that runs itself ends with an error, not a stack overflow.
pub const MAX_NESTED_COMMANDS: usize = 8;

impl Ctx<'_> {
    /// The id of the running command.
    pub fn command(&self) -> &'static str {
        self.command
    }

    /// The project as it stands (including this command's changes so far).
    pub fn project(&self) -> &Project {
        &self.project
    }

    /// The project, to change it. The change becomes an undo step if the command succeeds.
    pub fn project_mut(&mut self) -> &mut Project {
        self.changed = true;
        &mut self.project
    }

    /// Replaces the whole project (project.new, project.open…).
    pub fn replace_project(&mut self, project: Project) {
        self.changed = true;
        self.project = project;
    }

    /// The project's revision as the command started.
    pub fn revision(&self) -> u64 {
        self.changes.revision()
    }

    /// What changed after revision `since`, named as the project is now (`since_revision`).
    pub fn changes_since(&self, since: u64) -> Result<crate::project::revision::ChangesSince> {
        self.changes.since(since, &self.project)
    }

    /// The caller.
    pub fn caller(&self) -> &Caller {
        self.caller
    }

    /// The caller's actor.
    pub fn actor(&self) -> Actor {
        self.caller.actor
    }

    /// The caller's active layer id: chosen in this command, else its own choice, else the user's.
    pub fn active_layer_id(&self) -> Option<LayerId> {
        let exists = |id: &LayerId| self.project.layer_by_id(*id).is_some();
        self.new_active.filter(exists).or(self.own_active.filter(exists)).or(self.user_active.filter(exists))
    }

    /// The index of the named layer, or of the caller's active layer when `name` is `None`.
    /// A command that works on features refuses a raster layer here, naming both.
    pub fn layer_index(&self, name: Option<&str>) -> Result<usize> {
        let idx = self.any_layer_index(name)?;
        let layer = &self.project.layers[idx];
        if layer.is_web() && (self.layers != LayerUse::Any || self.command.starts_with("raster.")) {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' is a web layer (tiles from {}); {} needs a layer of data",
                    layer.name,
                    layer.web.as_ref().map_or("", |w| w.url()),
                    self.command
                ),
            ));
        }
        if layer.is_raster() && self.layers != LayerUse::Any {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' is a raster; {} needs a vector layer (raster layers take the raster.* commands and \
                     style.raster)",
                    layer.name, self.command
                ),
            ));
        }
        if layer.postgis().is_some() && self.layers == LayerUse::Features {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' lives in PostGIS and {} works on features in memory; bring the ones you need into \
                     memory with vector.filter {{\"layer\": \"{}\", \"where\": …, \"bbox\": …}} (run in the \
                     database), or use table.read, feature.select, vector.buffer, vector.spatialJoin, vector.clip or layer.export, \
                     which ask the database (vector.intersection, union and difference read it whole)",
                    layer.name, self.command, layer.name
                ),
            ));
        }
        Ok(idx)
    }

    /// The index of the named layer (or the active one), vector or raster.
    fn any_layer_index(&self, name: Option<&str>) -> Result<usize> {
        match name {
            Some(name) => self.project.require_index(name),
            None => self
                .active_layer_id()
                .and_then(|id| self.project.layers.iter().position(|l| l.id == id))
                .ok_or_else(|| Error::NoActiveLayer { accepted: self.project.layer_names() }),
        }
    }

    /// The named layer, or the caller's active layer.
    pub fn layer(&self, name: Option<&str>) -> Result<&Layer> {
        let idx = self.layer_index(name)?;
        Ok(&self.project.layers[idx])
    }

    /// The named layer (or the active one), to change it.
    pub fn layer_mut(&mut self, name: Option<&str>) -> Result<&mut Layer> {
        let idx = self.layer_index(name)?;
        Ok(&mut self.project_mut().layers[idx])
    }

    /// Makes a layer the caller's active layer (once the command succeeds).
    pub fn set_active(&mut self, id: LayerId) {
        self.new_active = Some(id);
    }

    /// The user's active layer id (what a project file saves), as this command leaves it.
    pub fn user_active_layer_id(&self) -> Option<LayerId> {
        let exists = |id: &LayerId| self.project.layer_by_id(*id).is_some();
        let chosen_here = if self.caller.actor == Actor::User { self.new_active } else { None };
        self.new_user_active.or(chosen_here).or(self.user_active).filter(exists)
    }

    /// Makes a layer the user's active layer (once the command succeeds), whoever the caller is:
    /// opening a project restores the user's choice saved in it.
    pub fn set_user_active(&mut self, id: LayerId) {
        self.new_user_active = Some(id);
    }

    /// The project file the session's project belongs to, if any.
    pub fn project_path(&self) -> Option<&std::path::Path> {
        self.new_project_path.as_ref().map_or(self.project_path.as_deref(), |p| p.as_deref())
    }

    /// Sets (or, with `None`, forgets) the project's file once the command succeeds, even when
    /// the command does not change the project (`project.save`).
    pub fn set_project_path(&mut self, path: Option<std::path::PathBuf>) {
        self.new_project_path = Some(path);
    }

    /// Gives a layer a fresh session-unique id.
    pub fn assign_id(&mut self, layer: &mut Layer) {
        *self.next_layer_id += 1;
        layer.id = LayerId(*self.next_layer_id);
    }

    /// Adds a layer on top, gives it an id, makes it the caller's active layer and reports it in
    /// `layersAdded`. Its name must be unique (`unique_name` makes one).
    pub fn add_layer(&mut self, mut layer: Layer) -> Result<&Layer> {
        if self.project.layer(&layer.name).is_some() {
            return Err(Error::LayerExists(layer.name));
        }
        let max = crate::project::file::MAX_LAYERS;
        if self.project.layers.len() >= max {
            return Err(Error::Limit {
                limit: "project_file::MAX_LAYERS",
                message: format!(
                    "the project already has {max} layers, the most a project may hold; remove some first"
                ),
            });
        }
        self.assign_id(&mut layer);
        self.set_active(layer.id);
        self.layers_added.push(layer.name.clone());
        let project = self.project_mut();
        project.layers.push(layer);
        Ok(project.layers.last().expect("a layer was just pushed"))
    }

    /// Adds a notice to the result (something the caller should know, not an error).
    pub fn notice(&mut self, message: impl Into<String>) {
        self.notices.push(message.into());
    }

    /// The resource limits this command runs under.
    pub fn limits(&self) -> &crate::limits::Limits {
        &self.limits
    }

    /// Parses an expression that evaluates under this command's value limit.
    pub fn expression(&self, text: &str) -> Result<crate::expr::Expr> {
        Ok(crate::expr::Expr::parse(text)?.with_max_value_bytes(self.limits.max_value_bytes))
    }

    /// Reports progress.
    pub fn progress(&self, fraction: f64, message: &str) {
        self.progress.report(fraction.clamp(0.0, 1.0), message);
    }

    /// Says that the command stopped part-way because its job was cancelled (the progress
    /// [`Progress::keeps_partial`]) and returns what it made so far: the job counts as cancelled
    /// and keeps this result, with `note` saying what it holds. Without a job nothing stops
    /// part-way: cancellation is an error.
    pub fn keep_partial(&mut self, note: impl Into<String>) {
        self.partial = Some(note.into());
    }

    /// Whether [`Ctx::keep_partial`] was called: the result is partial.
    pub fn is_partial(&self) -> bool {
        self.partial.is_some()
    }

    /// An error when the caller cancelled; call between features.
    pub fn check_cancelled(&self) -> Result<()> {
        if self.progress.is_cancelled() { Err(Error::Cancelled(self.command.to_owned())) } else { Ok(()) }
    }

    /// The session's database access, for PostGIS layers.
    pub(crate) fn database(&self) -> &crate::postgis::Database {
        &self.database
    }

    /// The renderer the host installed, for commands that draw maps.
    pub fn renderer(&self) -> Result<&dyn crate::render_hook::MapRenderer> {
        self.renderer
            .as_deref()
            .ok_or_else(|| Error::Failed("this host draws no maps (no renderer is installed)".to_owned()))
    }

    /// A file the command reads (or a folder it lists), as the caller gave it in `path`: resolved
    /// ([`Ctx::folder`] for a relative path, `~/` the home folder) and checked against the
    /// caller's roots, the one check every path a command takes goes through. With roots, the
    /// path comes back resolved (links and `..` followed), as it is to be opened; a path outside
    /// them is refused, `ACCESS_DENIED` naming them.
    pub fn read_path(&self, path: &ReadPath) -> Result<PathBuf> {
        self.checked_path(&path.0, FileUse::Read)
    }

    /// A file the command writes, as [`Ctx::read_path`] checks a file it reads; below a read-only
    /// root it is refused too.
    pub fn write_path(&self, path: &WritePath) -> Result<PathBuf> {
        self.checked_path(&path.0, FileUse::Write)
    }

    /// [`Ctx::read_path`] for a path inside another parameter's value (a layout's image item).
    pub(crate) fn read_given(&self, given: &str) -> Result<PathBuf> {
        self.checked_path(given, FileUse::Read)
    }

    /// A path that did not come in as a parameter (a file a project names, a layout's image),
    /// already absolute, checked as [`Ctx::read_path`] checks one; `given` names it in the refusal.
    pub fn check_file(&self, given: &str, path: &Path, usage: FileUse) -> Result<PathBuf> {
        if self.caller.roots.is_empty() {
            return Ok(path.to_owned());
        }
        self.caller.check_file(self.command, given, path, usage).map_err(Error::Refused)
    }

    /// Whether `path` (a file this command writes) may be replaced although the call did not set
    /// `overwrite`: the human said yes to replacing that very file, for this call
    /// ([`Caller::with_grant`]). Commands that write files pass `overwrite || ctx.may_replace(&path)`.
    pub fn may_replace(&self, path: &Path) -> bool {
        self.caller.grants().may_replace(path)
    }

    /// The folder relative paths are taken from: the project file's folder, else the caller's
    /// first root, else the working directory.
    pub fn folder(&self) -> PathBuf {
        absolute(&self.resolved("."))
    }

    fn checked_path(&self, given: &str, usage: FileUse) -> Result<PathBuf> {
        checked_path(self.caller, self.command, given, self.base_dir.as_deref(), usage)
    }

    fn resolved(&self, given: &str) -> PathBuf {
        resolved(self.caller, given, self.base_dir.as_deref())
    }
}

/// The one check of a path a caller gave `command` (resolved against `base`, the project file's
/// folder): [`Ctx::read_path`]'s and [`crate::Session::file_path`]'s.
pub(crate) fn checked_path(
    caller: &Caller,
    command: &str,
    given: &str,
    base: Option<&Path>,
    usage: FileUse,
) -> Result<PathBuf> {
    let path = resolved(caller, given, base);
    if caller.roots.is_empty() {
        return Ok(path);
    }
    caller.check_file(command, given, &absolute(&path), usage).map_err(Error::Refused)
}

/// `given` with `~` expanded and a relative path joined to `base` (else the caller's first
/// root); not yet absolute when neither applies, as callers without roots have always had it.
fn resolved(caller: &Caller, given: &str, base: Option<&Path>) -> PathBuf {
    let path = crate::policy::roots::expand_home(Path::new(given));
    let base = base.map(Path::to_path_buf).or_else(|| caller.roots.first().map(|root| root.path().to_owned()));
    match base {
        Some(base) if path.is_relative() => base.join(path),
        _ => path,
    }
}

impl Ctx<'_> {
    /// Runs another command inside this one, for the same caller and under the same refusal
    /// policy, limits, cancellation and run time, on this command's working copy: its changes
    /// become part of this command's one undo step, and are dropped with it if this command
    /// fails. `edit.undo`/`edit.redo` cannot run inside a command.
    pub fn run_command(&mut self, id: &str, params: Json) -> Result<Outcome> {
        let def = self.registry.require(id)?;
        if self.depth >= MAX_NESTED_COMMANDS {
            return Err(Error::Limit {
                limit: "MAX_NESTED_COMMANDS",
                message: format!(
                    "{} cannot run {}: commands may run commands only {MAX_NESTED_COMMANDS} deep (does a model or \
                     script run itself?)",
                    self.command, def.id
                ),
            });
        }
        if matches!(def.effect, Effect::History(_) | Effect::WaitJob) {
            return Err(Error::Refused(crate::policy::Refusal {
                command: def.id.to_owned(),
                rule: crate::policy::RefusalRule::UndoInScript,
                message: format!(
                    "{} runs on its own: it cannot run inside {}; run it as a single command",
                    def.id, self.command
                ),
                ask: None,
            }));
        }
        crate::policy::Policy::check(def.id, &def.access, self.caller).map_err(Error::Refused)?;
        self.check_cancelled()?;
        let own_active = self.new_active.or(self.own_active);
        let user_active = self.new_user_active.or(self.user_active);
        let project_path = self.project_path().map(std::path::Path::to_path_buf);
        let mut child = Ctx {
            command: def.id,
            layers: def.layers,
            project: self.project.clone(),
            changed: false,
            caller: self.caller,
            own_active,
            user_active,
            new_active: None,
            next_layer_id: &mut *self.next_layer_id,
            notices: Vec::new(),
            layers_added: Vec::new(),
            progress: self.progress,
            limits: self.limits,
            base_dir: self.base_dir.clone(),
            renderer: self.renderer.clone(),
            database: self.database.clone(),
            project_path,
            new_project_path: None,
            new_user_active: None,
            registry: self.registry,
            history: self.history,
            changes: self.changes,
            depth: self.depth + 1,
            plugins_folder: self.plugins_folder.clone(),
            jobs: self.jobs,
            partial: None,
            restored_history: None,
        };
        let result = def.invoke(&mut child, normalize_params(params))?;
        let Ctx {
            project,
            changed,
            new_active,
            notices,
            layers_added,
            new_project_path,
            new_user_active,
            partial,
            restored_history,
            ..
        } = child;
        if partial.is_some() {
            self.partial = partial;
        }
        if restored_history.is_some() {
            self.restored_history = restored_history;
        }
        let changed = changed && def.effect == Effect::Edit;
        if changed {
            self.project = project;
            self.changed = true;
        }
        if new_active.is_some() {
            self.new_active = new_active;
        }
        if new_user_active.is_some() {
            self.new_user_active = new_user_active;
        }
        if new_project_path.is_some() {
            self.new_project_path = new_project_path;
        }
        self.notices.extend(notices.iter().cloned());
        self.layers_added.extend(layers_added.iter().cloned());
        Ok(Outcome { command: def.id.to_owned(), result, notices, layers_added, changed })
    }

    /// The calls of the steps in the undo history whose actor is shown as `actor` (`user`,
    /// `agent 1`, `file bridge`), oldest first (steps undone are not there).
    pub(crate) fn recorded_calls(&self, actor: &str) -> Result<Vec<RecordedCall>> {
        let steps = self.history.steps();
        let calls: Vec<RecordedCall> = steps
            .iter()
            .filter(|(step_actor, _)| step_actor.to_string() == actor)
            .flat_map(|(_, step_calls)| step_calls.iter().cloned())
            .collect();
        if calls.is_empty() {
            let mut actors: Vec<String> = steps.iter().map(|(step_actor, _)| step_actor.to_string()).collect();
            actors.dedup();
            let known = if actors.is_empty() {
                "the undo history is empty".to_owned()
            } else {
                format!("it holds steps of {}", actors.join(", "))
            };
            return Err(Error::invalid("actor", format!("the undo history has no step of {actor:?}; {known}")));
        }
        Ok(calls)
    }

    /// The folder plugins are installed in, when the host has one.
    pub fn plugins_folder(&self) -> Option<&std::path::Path> {
        self.plugins_folder.as_deref()
    }

    /// The progress and cancellation of this command.
    pub(crate) fn progress_hook(&self) -> &dyn Progress {
        self.progress
    }

    /// The registry the command runs in.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }
}

/// The result of a command that ran.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Outcome {
    /// The command id.
    pub command: String,
    /// What the command returned.
    pub result: Json,
    /// Things worth telling the caller.
    pub notices: Vec<String>,
    /// Names of layers the command added.
    #[serde(rename = "layersAdded")]
    pub layers_added: Vec<String>,
    /// Whether the project changed (an undo step was recorded).
    pub changed: bool,
}
