//! The session: one project, its undo history with named actors, each actor's active layer, and
//! the one entry point through which every command runs.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;
use serde_json::{Value as Json, json};

use crate::command::{CommandDef, Ctx, Direction, Effect, RecordedCall, Registry, normalize_params};
use crate::error::{Error, Result};
use crate::jobs::JobTable;
use crate::layer::LayerId;
use crate::limits::{Deadline, Limits};
use crate::policy::{Access, Actor, Caller, Policy};
use crate::progress::{NoProgress, Progress};
use crate::project::Project;
use crate::project::revision::{Change, ChangeLog, ChangesSince};
use crate::render_hook::MapRenderer;

mod jobs;

/// How many undo steps are kept; older ones are forgotten.
pub const DEFAULT_HISTORY_LIMIT: usize = 200;

/// What a program's session starts with (`--sample`, `--project`, `--data`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartOptions {
    /// Start from the World Atlas sample.
    pub sample: bool,
    /// Open this `.rgis` project (with the undo history saved with it, unless data files are
    /// named too: loading those is no undo step, so a history under them would undo past them).
    pub project: Option<PathBuf>,
    /// Load these data files, in order.
    pub data: Vec<PathBuf>,
}

/// One step of the undo history.
#[derive(Debug, Clone)]
pub(crate) struct Step {
    pub(crate) actor: Actor,
    /// The calls the step was made of (one, or a script's lines), for `model.fromHistory`.
    pub(crate) calls: Arc<[RecordedCall]>,
    pub(crate) label: String,
    before: Project,
    after: Project,
    /// The project file before and after the step (`project.open` changes it), so undo never
    /// leaves a project paired with another project's file.
    path_before: Option<PathBuf>,
    path_after: Option<PathBuf>,
    /// About how many bytes of data only this step keeps (layers of `before` the project no
    /// longer shares), for the history's memory bound.
    bytes: usize,
}

impl Step {
    /// A step read back from a project file's saved history.
    fn restored(step: crate::project::file::SavedStep) -> Step {
        let bytes = bytes_only_in(&step.before, &step.after);
        Step {
            actor: step.actor,
            calls: step.calls.into(),
            label: step.label,
            before: step.before,
            after: step.after,
            path_before: step.path_before,
            path_after: step.path_after,
            bytes,
        }
    }

    /// The step as a project file saves it.
    fn to_save(&self) -> crate::project::file::StepToSave<'_> {
        crate::project::file::StepToSave {
            actor: self.actor,
            label: self.label.clone(),
            calls: &self.calls,
            before: &self.before,
            after: &self.after,
            path_before: self.path_before.as_deref(),
            path_after: self.path_after.as_deref(),
        }
    }
}

/// A running script, as its next line sees it: the project and file it started from and its
/// earlier lines, which become one step when it ends.
#[derive(Clone, Copy)]
struct ScriptSoFar<'a> {
    before: &'a Project,
    path_before: Option<&'a std::path::Path>,
    lines: &'a [RecordedCall],
}

/// The undo history as a command sees it: the session's steps, then, in a script, the script's
/// own earlier lines (`model.fromHistory` in a script reads them).
struct WithScript<'a> {
    steps: &'a [Step],
    redo: &'a [Step],
    actor: Actor,
    script: Option<ScriptSoFar<'a>>,
}

impl crate::command::UndoHistory for WithScript<'_> {
    fn steps(&self) -> Vec<(Actor, &[RecordedCall])> {
        let mut steps: Vec<_> = self.steps.iter().map(|step| (step.actor, &*step.calls)).collect();
        if let Some(script) = self.script
            && !script.lines.is_empty()
        {
            steps.push((self.actor, script.lines));
        }
        steps
    }

    fn to_save<'a>(
        &'a self,
        now: &'a Project,
        now_path: Option<&'a std::path::Path>,
    ) -> crate::project::file::HistoryToSave<'a> {
        let mut undo: Vec<_> = self.steps.iter().map(Step::to_save).collect();
        if let Some(script) = self.script
            && !(now.same_as(script.before) && now_path == script.path_before)
        {
            let n = script.lines.len();
            undo.push(crate::project::file::StepToSave {
                actor: self.actor,
                label: format!("script ({n} {})", if n == 1 { "line" } else { "lines" }),
                calls: script.lines,
                before: script.before,
                after: now,
                path_before: script.path_before,
                path_after: now_path,
            });
        }
        crate::project::file::HistoryToSave { undo, redo: self.redo.iter().map(Step::to_save).collect() }
    }
}

/// What the history shows about a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepInfo {
    /// Whose step it is, as shown to people (`user`, `agent 1`, `file bridge`).
    pub actor: String,
    /// Whose step it is, as the session tells actors apart (a host adds what it knows of
    /// them, such as the name an agent's client gave).
    #[serde(skip)]
    pub who: Actor,
    /// The command id, or `script (n lines)`.
    pub label: String,
}

pub use crate::command::Outcome;

/// A RustGIS session: the project and everything that acts on it.
/// `Debug` shows the project and history sizes, not the renderer.
pub struct Session {
    pub(crate) project: Project,
    pub(crate) undo: Vec<Step>,
    redo: Vec<Step>,
    history_limit: usize,
    pub(crate) active: HashMap<Actor, LayerId>,
    next_layer_id: u64,
    registry: &'static Registry,
    project_path: Option<PathBuf>,
    renderer: Option<Arc<dyn MapRenderer>>,
    /// The database access of its PostGIS layers.
    database: crate::postgis::Database,
    limits: Limits,
    plugins_folder: Option<PathBuf>,
    /// Jobs started with [`Session::start_job`] (see `jobs.rs`).
    pub(crate) jobs: parking_lot::Mutex<JobTable>,
    /// What the last command made before its job was cancelled ([`Ctx::keep_partial`]).
    pub(crate) partial: Option<String>,
    /// The project's revision and its latest changes (`since_revision`, `expected_revision`).
    pub(crate) changes: ChangeLog,
    /// The history a project file brought, taken by [`Session::execute`] once the command that
    /// opened it succeeded.
    restored: Option<crate::project::file::SavedHistory>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("project", &self.project.name)
            .field("layers", &self.project.layers.len())
            .field("undo_steps", &self.undo.len())
            .field("renderer", &self.renderer.is_some())
            .finish_non_exhaustive()
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with an empty project.
    pub fn new() -> Session {
        Session::with_registry(Registry::global())
    }

    /// A session whose commands come from `registry` (tests and embedders).
    pub fn with_registry(registry: &'static Registry) -> Session {
        Session {
            project: Project::new("Untitled"),
            undo: Vec::new(),
            redo: Vec::new(),
            history_limit: DEFAULT_HISTORY_LIMIT,
            active: HashMap::new(),
            next_layer_id: 0,
            registry,
            project_path: None,
            renderer: None,
            database: crate::postgis::Database::default(),
            limits: Limits::default(),
            plugins_folder: None,
            jobs: parking_lot::Mutex::new(JobTable::default()),
            partial: None,
            changes: ChangeLog::default(),
            restored: None,
        }
    }

    /// A session holding the World Atlas sample, with no undo history.
    pub fn with_sample() -> Result<Session> {
        let mut session = Session::new();
        session.execute(&Caller::user(), "project.sample", Json::Null)?;
        session.clear_history();
        Ok(session)
    }

    /// The session a program starts with: the sample (or an empty project), then the project
    /// file and the data files the user named, loaded as the user's own choice. Loading them is
    /// no undo step. An error names the file that could not be loaded.
    pub fn start(options: &StartOptions) -> Result<Session> {
        let mut session = if options.sample { Session::with_sample()? } else { Session::new() };
        let user = Caller::user();
        let mut saved_steps = 0;
        if let Some(path) = &options.project {
            let opened = session.execute(&user, "project.open", json!({ "path": path }))?;
            saved_steps = opened.result.get("history_steps").and_then(Json::as_u64).unwrap_or(0);
        }
        let framed = session.project.view.shows_whole_world();
        let mut opened = Vec::new();
        for path in &options.data {
            opened.extend(session.execute(&user, "layer.open", json!({ "path": path }))?.layers_added);
        }
        if framed && opened.len() > 1 {
            // Every file named at start-up shows, not only the first.
            let crs = session.project.view.crs;
            let all = opened
                .iter()
                .filter_map(|name| session.project.layer(name).and_then(|l| l.extent_in(crs)))
                .reduce(|a, b| a.union(&b));
            if let Some(extent) = all {
                session.project.view.extent = Some(crate::project::framing(&extent, crs));
            }
        }
        if saved_steps > 0 && options.data.is_empty() {
            // The project's saved history is kept; opening it is no step of its own.
            session.undo.drain(..session.undo.len().min(1));
        } else {
            session.clear_history();
        }
        Ok(session)
    }

    /// The project.
    pub fn project(&self) -> &Project {
        &self.project
    }

    /// The command registry.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }

    /// Uses another registry from now on: a host's, with its own commands beside RustGIS's
    /// ([`Registry::with_host_commands`]).
    pub fn set_registry(&mut self, registry: &'static Registry) {
        self.registry = registry;
    }

    /// The file the project was opened from or saved to, if any.
    pub fn project_path(&self) -> Option<&std::path::Path> {
        self.project_path.as_deref()
    }

    /// Sets the file the project belongs to (relative paths in commands resolve against its folder).
    pub fn set_project_path(&mut self, path: Option<PathBuf>) {
        self.project_path = path;
    }

    /// A file a host reads or writes for `caller` outside any command (the MCP `snapshot` tool's
    /// `path`), resolved and checked against the caller's roots as commands' paths are
    /// ([`Ctx::read_path`](crate::Ctx::read_path)): `~/` the home folder, a relative path taken
    /// from the project file's folder, else the first root. `command` names the refusal.
    pub fn file_path(&self, caller: &Caller, command: &str, given: &str, usage: crate::FileUse) -> Result<PathBuf> {
        let base = self.project_path.as_ref().and_then(|p| p.parent());
        crate::command::checked_path(caller, command, given, base, usage)
    }

    /// Installs the renderer that draws maps for `map.export` and the hosts' map views.
    pub fn set_renderer(&mut self, renderer: Arc<dyn MapRenderer>) {
        self.renderer = Some(renderer);
    }

    /// The installed renderer, if any.
    pub fn renderer(&self) -> Option<Arc<dyn MapRenderer>> {
        self.renderer.clone()
    }

    /// Installs the database access of this session's PostGIS layers (rustgis-relay's
    /// `PostgisProvider`, or a host's own): `layer.addPostgis`, opened projects and the layers
    /// already in the project read through it, and their copies (undo steps, jobs, the
    /// renderer's snapshots) keep it. Without one, PostGIS layers are refused with a message.
    pub fn set_vector_provider(&mut self, provider: Arc<dyn crate::postgis::VectorProvider>) {
        self.database = crate::postgis::Database::new(Some(provider));
        self.project.attach_database(&self.database);
    }

    /// Whether a database access is installed.
    pub fn reads_databases(&self) -> bool {
        self.database.is_attached()
    }

    /// Loads the plugins in `folder` ([`crate::load_plugins`]) into this session's catalogue,
    /// beside RustGIS's commands and `host` commands (a host's own, or none), and remembers the
    /// folder for `plugin.install`/`remove`/`enable`. With `folder` `None` (`--no-plugins`) no
    /// plugin loads and plugin management is refused. Returns the plugins that could not load,
    /// each named with why, for the host to print; none of them is fatal.
    pub fn load_plugins(&mut self, folder: Option<PathBuf>, host: Vec<CommandDef>) -> Vec<String> {
        let loaded = folder.as_deref().map(crate::plugin::load_plugins).unwrap_or_default();
        let mut defs = host;
        defs.extend(loaded.commands);
        let mut seen = std::collections::HashSet::new();
        let mut failures = loaded.failures;
        defs.retain(|d| {
            let first = seen.insert(d.id);
            if !first {
                failures.push(format!("plugin command {} is defined twice; the second is skipped", d.id));
            }
            first
        });
        // The catalogue lives as long as the program: a host loads its plugins once, at start.
        self.registry = Box::leak(Box::new(Registry::with_host_commands(defs)));
        self.plugins_folder = folder;
        failures
    }

    /// The folder plugins are installed in, if the host gave one.
    pub fn plugins_folder(&self) -> Option<&std::path::Path> {
        self.plugins_folder.as_deref()
    }

    /// The resource limits every command runs under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Sets the resource limits (one value's size, a command's new data, its run time).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.trim_history();
    }

    /// Forgets the undo history (after loading what the user chose at start-up, for example).
    pub fn clear_history(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    /// Sets how many undo steps are kept.
    pub fn set_history_limit(&mut self, limit: usize) {
        self.history_limit = limit.max(1);
        self.trim_history();
    }

    /// The undo history, oldest first.
    pub fn history(&self) -> Vec<StepInfo> {
        self.undo
            .iter()
            .map(|s| StepInfo { actor: s.actor.to_string(), who: s.actor, label: s.label.clone() })
            .collect()
    }

    /// The steps that `edit.redo` would redo, next first.
    pub fn redo_steps(&self) -> Vec<StepInfo> {
        self.redo
            .iter()
            .rev()
            .map(|s| StepInfo { actor: s.actor.to_string(), who: s.actor, label: s.label.clone() })
            .collect()
    }

    /// The project's revision: it moves on with every change the session records (a command
    /// that changed the project, an undo, a redo, a script, a job's result), never otherwise.
    pub fn revision(&self) -> u64 {
        self.changes.revision()
    }

    /// The latest change, if the log keeps any.
    pub fn last_change(&self) -> Option<&Change> {
        self.changes.last()
    }

    /// What changed after revision `since`: the layers added, changed and removed, and the
    /// changes, each with its actor. Older than the log keeps, the answer is in full and says so.
    pub fn changes_since(&self, since: u64) -> Result<ChangesSince> {
        self.changes.since(since, &self.project)
    }

    /// Keeps at most `limit` changes in the log (default [`crate::DEFAULT_CHANGE_LOG_LIMIT`]).
    pub fn set_change_log_limit(&mut self, limit: usize) {
        self.changes.set_limit(limit);
    }

    /// The active layer an actor's commands act on when they name none: its own choice, else
    /// the user's.
    pub fn active_layer(&self, actor: Actor) -> Option<&crate::layer::Layer> {
        let own = self.active.get(&actor).and_then(|id| self.project.layer_by_id(*id));
        own.or_else(|| self.active.get(&Actor::User).and_then(|id| self.project.layer_by_id(*id)))
    }

    /// Makes a layer an actor's active layer directly (hosts use this for the user's choice in a
    /// layers pane).
    pub fn set_active_layer(&mut self, actor: Actor, id: LayerId) {
        self.active.insert(actor, id);
    }

    /// Runs a command for a caller. Parameters `null` mean `{}`.
    pub fn execute(&mut self, caller: &Caller, id: &str, params: Json) -> Result<Outcome> {
        self.execute_with(caller, id, params, &NoProgress)
    }

    /// Runs a command with progress reports and cancellation.
    ///
    /// The command runs on a working copy of the project: when it fails, is refused, is
    /// cancelled or panics, the session is exactly as it was. When it changes the project, the
    /// change is one undo step named for the caller's actor.
    pub fn execute_with(
        &mut self,
        caller: &Caller,
        id: &str,
        params: Json,
        progress: &dyn Progress,
    ) -> Result<Outcome> {
        self.poll_jobs();
        let def = self.registry.require(id)?;
        Policy::check(def.id, &def.access, caller).map_err(Error::Refused)?;
        if let Effect::History(direction) = def.effect {
            let mut params = normalize_params(params);
            self.changes.check_expected(def.id, &mut params)?;
            if !params.as_object().is_some_and(|m| m.is_empty()) {
                return Err(Error::InvalidParams {
                    command: def.id.to_owned(),
                    message: format!("unexpected parameters {params}"),
                    accepted: Vec::new(),
                });
            }
            let (info, back) = match direction {
                Direction::Back => (self.undo_step(caller.actor)?, true),
                Direction::Forward => (self.redo_step(caller.actor)?, false),
            };
            let (undone, redone) = if back { (Some(info.label), None) } else { (None, Some(info.label)) };
            return Ok(Outcome {
                command: def.id.to_owned(),
                result: serde_json::to_value(crate::command::HistoryMoved {
                    undone,
                    redone,
                    actor: info.actor,
                    command: def.id.to_owned(),
                })
                .unwrap_or(Json::Null),
                notices: Vec::new(),
                layers_added: Vec::new(),
                changed: true,
            });
        }
        if def.effect == Effect::WaitJob {
            return self.wait_job_command(def, normalize_params(params), progress);
        }
        let path_before = self.project_path.clone();
        let params = normalize_params(params);
        let (mut outcome, before) = self.run_on_working_copy(caller, def, params.clone(), progress, None)?;
        let call = RecordedCall { command: def.id.to_owned(), params, layers_added: outcome.layers_added.clone() };
        let restored = self.restored.take();
        let mut pushed = false;
        if let Some(before) = before {
            if self.project.same_as(&before) && self.project_path == path_before && restored.is_none() {
                outcome.changed = false;
                outcome.notices.push(format!("{} changed nothing, so it made no undo step", def.id));
            } else {
                self.push_step(caller.actor, def.id.to_owned(), vec![call.clone()], before, path_before.clone());
                pushed = true;
            }
        }
        if let Some(history) = restored {
            let notice = self.restore_history(caller.actor, call, pushed, path_before, history);
            outcome.notices.push(notice);
        }
        Ok(outcome)
    }

    /// What the project would look like after editing commands, run in order, without changing
    /// the session: no undo step, no new active layer. A window's live preview (the style
    /// dialog) draws it; running the commands for real is a separate [`Session::execute`]. Only
    /// commands that edit the project in memory (`Effect::Edit`, no files, network or code) are
    /// previewed, under the same policy as running them.
    pub fn preview(&self, caller: &Caller, commands: &[(&str, Json)]) -> Result<Project> {
        let mut scratch = self.scratch();
        scratch.undo.clear();
        for (id, params) in commands {
            let def = self.registry.require(id)?;
            if def.effect != Effect::Edit || def.access != Access::NONE {
                return Err(Error::InvalidParams {
                    command: def.id.to_owned(),
                    message: "only commands that edit the project in memory can be previewed".to_owned(),
                    accepted: Vec::new(),
                });
            }
            Policy::check(def.id, &def.access, caller).map_err(Error::Refused)?;
            scratch.run_on_working_copy(caller, def, params.clone(), &NoProgress, None)?;
        }
        Ok(scratch.project)
    }

    /// A session holding a copy of this one's project, history, active layers and settings, and
    /// no jobs: a preview's, or a job's to run on. Cheap: layers share their data by `Arc`.
    pub(crate) fn scratch(&self) -> Session {
        Session {
            project: self.project.clone(),
            undo: self.undo.clone(),
            redo: Vec::new(),
            history_limit: self.history_limit,
            active: self.active.clone(),
            next_layer_id: self.next_layer_id,
            registry: self.registry,
            project_path: self.project_path.clone(),
            renderer: self.renderer.clone(),
            database: self.database.clone(),
            limits: self.limits,
            plugins_folder: self.plugins_folder.clone(),
            jobs: parking_lot::Mutex::new(JobTable::default()),
            partial: None,
            changes: self.changes.clone(),
            restored: None,
        }
    }

    /// A layer id no layer of this session has had (a job's new layers get one when committed).
    pub(crate) fn fresh_layer_id(&mut self) -> LayerId {
        self.next_layer_id += 1;
        LayerId(self.next_layer_id)
    }

    /// Records a job's result as one undo step (its project is already installed).
    pub(crate) fn push_job_step(
        &mut self,
        actor: Actor,
        label: String,
        calls: Arc<[RecordedCall]>,
        before: Project,
        path_before: Option<PathBuf>,
    ) {
        self.push_step(actor, label, calls.to_vec(), before, path_before);
    }

    /// Runs one command on a copy of the project and installs the copy when it succeeds. Records
    /// no undo step (the caller does): when the project changed, the project it replaced comes
    /// back with the outcome, so no second copy is made for the undo history. `script_lines` are
    /// the calls of a running script before this one, which the command sees as the caller's
    /// latest step.
    fn run_on_working_copy(
        &mut self,
        caller: &Caller,
        def: &'static CommandDef,
        params: Json,
        progress: &dyn Progress,
        script: Option<ScriptSoFar<'_>>,
    ) -> Result<(Outcome, Option<Project>)> {
        let base_dir = self.project_path.as_ref().and_then(|p| p.parent().map(|d| d.to_owned()));
        let mut next_layer_id = self.next_layer_id;
        let deadline = Deadline::new(progress, &self.limits);
        let mut ctx = Ctx {
            command: def.id,
            layers: def.layers,
            project: self.project.clone(),
            changed: false,
            caller,
            own_active: self.active.get(&caller.actor).copied(),
            user_active: self.active.get(&Actor::User).copied(),
            new_active: None,
            next_layer_id: &mut next_layer_id,
            notices: Vec::new(),
            layers_added: Vec::new(),
            progress: &deadline,
            limits: self.limits,
            base_dir,
            renderer: self.renderer.clone(),
            database: self.database.clone(),
            project_path: self.project_path.clone(),
            new_project_path: None,
            new_user_active: None,
            registry: self.registry,
            history: &WithScript { steps: &self.undo, redo: &self.redo, actor: caller.actor, script },
            changes: &self.changes,
            depth: 0,
            plugins_folder: self.plugins_folder.clone(),
            jobs: Some(&self.jobs),
            partial: None,
            restored_history: None,
        };
        let params = normalize_params(params);
        let ran = catch_unwind(AssertUnwindSafe(|| def.invoke(&mut ctx, params)));
        // Ids are never reused, even those of a failed command's layers.
        let (changed, new_active, notices, layers_added, project) =
            (ctx.changed, ctx.new_active, ctx.notices, ctx.layers_added, ctx.project);
        let (new_project_path, new_user_active) = (ctx.new_project_path, ctx.new_user_active);
        let restored_history = ctx.restored_history;
        self.partial = ctx.partial;
        self.next_layer_id = next_layer_id;
        let result = match ran {
            Ok(Ok(result)) => result,
            Ok(Err(e)) => return Err(e.or_run_time_limit(&deadline, def.id)),
            Err(panic) => {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_owned());
                return Err(Error::Internal { command: def.id.to_owned(), message });
            }
        };
        let changed = changed && def.effect == Effect::Edit;
        let replaced = changed.then(|| {
            // One place keeps the layer groups' invariant, whatever the command did to the order.
            let mut project = project;
            project.tidy_groups();
            std::mem::replace(&mut self.project, project)
        });
        if let Some(path) = new_project_path {
            self.project_path = path;
        }
        if let Some(id) = new_user_active {
            self.active.insert(Actor::User, id);
        }
        if let Some(id) = new_active {
            self.active.insert(caller.actor, id);
            if caller.actor == Actor::PrivateAgent {
                // A private server's project is the agent's own: its choice is the project's.
                self.active.insert(Actor::User, id);
            }
        }
        let mut notices = notices;
        match (restored_history, script) {
            (Some(_), Some(_)) => notices.push(format!(
                "the undo history saved with the project is not restored when a script opens it: run {} on its \
                 own to have it",
                def.id
            )),
            (history, _) => self.restored = history,
        }
        Ok((Outcome { command: def.id.to_owned(), result, notices, layers_added, changed }, replaced))
    }

    /// Puts a project file's saved history under the project just opened by `call`: the step
    /// that opened it (`pushed`, or a new one) now leads from the project before to the saved
    /// history's first project, and the saved steps follow, so undo walks back through them
    /// and then to the project open before. The saved redo steps replace the redo list.
    /// Returns the notice that says so.
    fn restore_history(
        &mut self,
        actor: Actor,
        call: RecordedCall,
        pushed: bool,
        path_before: Option<PathBuf>,
        history: crate::project::file::SavedHistory,
    ) -> String {
        let steps = history.len();
        let crate::project::file::SavedHistory { undo, redo, .. } = history;
        if let Some(first) = undo.first() {
            if pushed && let Some(open) = self.undo.last_mut() {
                open.after = first.before.clone();
                open.path_after = first.path_before.clone();
                open.bytes = bytes_only_in(&open.before, &open.after);
            } else {
                let before = self.project.clone();
                let bytes = bytes_only_in(&before, &first.before);
                self.undo.push(Step {
                    actor,
                    label: call.command.clone(),
                    calls: vec![call].into(),
                    before,
                    after: first.before.clone(),
                    path_before,
                    path_after: first.path_before.clone(),
                    bytes,
                });
            }
        }
        let latest = undo.last().map(|step| step.label.clone());
        self.undo.extend(undo.into_iter().map(Step::restored));
        self.redo = redo.into_iter().map(Step::restored).collect();
        self.trim_history();
        match latest {
            Some(label) => format!(
                "the undo history saved with the project is restored: {steps} step{} (edit.undo takes back the \
                 latest, {label})",
                if steps == 1 { "" } else { "s" }
            ),
            None => format!(
                "the undo history saved with the project is restored: {steps} step{} to redo",
                if steps == 1 { "" } else { "s" }
            ),
        }
    }

    fn push_step(
        &mut self,
        actor: Actor,
        label: String,
        calls: Vec<RecordedCall>,
        before: Project,
        path_before: Option<PathBuf>,
    ) {
        let (after, path_after) = (self.project.clone(), self.project_path.clone());
        let bytes = bytes_only_in(&before, &after);
        self.changes.record(actor, &label, &before, &after);
        let calls = calls.into();
        self.undo.push(Step { actor, calls, label, before, after, path_before, path_after, bytes });
        self.redo.clear();
        self.trim_history();
    }

    fn trim_history(&mut self) {
        if self.undo.len() > self.history_limit {
            let excess = self.undo.len() - self.history_limit;
            self.undo.drain(..excess);
        }
        // Bounded by memory too: 200 steps that each removed a 126 MB grid would keep 25 GB.
        let mut kept: usize = self.undo.iter().map(|s| s.bytes).sum();
        let mut forget = 0;
        while kept > self.limits.max_history_bytes && forget + 1 < self.undo.len() {
            kept -= self.undo[forget].bytes;
            forget += 1;
        }
        self.undo.drain(..forget);
    }

    fn may_undo(actor: Actor, owner: Actor) -> bool {
        matches!(actor, Actor::User | Actor::PrivateAgent) || actor == owner
    }

    fn undo_step(&mut self, actor: Actor) -> Result<StepInfo> {
        self.move_step(actor, true)
    }

    fn redo_step(&mut self, actor: Actor) -> Result<StepInfo> {
        self.move_step(actor, false)
    }

    /// Moves the top step from one stack to the other (undo: undo → redo), if `actor` may.
    fn move_step(&mut self, actor: Actor, undo: bool) -> Result<StepInfo> {
        let (verb, which) = if undo { ("undo", "the step on top") } else { ("redo", "the next step to redo") };
        let (from, to) = if undo { (&mut self.undo, &mut self.redo) } else { (&mut self.redo, &mut self.undo) };
        let top = from.last().ok_or_else(|| Error::Undo(format!("edit.{verb}: there is nothing to {verb}")))?;
        if !Self::may_undo(actor, top.actor) {
            return Err(Error::Undo(format!(
                "edit.{verb} refused: {which} ({}) is {}'s; {actor} can {verb} only its own steps",
                top.label,
                whose(top.actor),
            )));
        }
        let step = from.pop().expect("checked above that there is a step");
        (self.project, self.project_path) = if undo {
            (step.before.clone(), step.path_before.clone())
        } else {
            (step.after.clone(), step.path_after.clone())
        };
        let info = StepInfo { actor: step.actor.to_string(), who: step.actor, label: step.label.clone() };
        let (from_project, to_project) = if undo { (&step.after, &step.before) } else { (&step.before, &step.after) };
        self.changes.record(actor, &format!("edit.{verb}"), from_project, to_project);
        to.push(step);
        Ok(info)
    }

    /// Runs a script (the `script.run` format) as one undo step. See [`crate::script`].
    pub fn run_script(&mut self, caller: &Caller, text: &str) -> crate::script::ScriptOutcome {
        self.run_script_with(caller, text, &NoProgress)
    }

    /// Runs a script with progress and cancellation.
    pub fn run_script_with(
        &mut self,
        caller: &Caller,
        text: &str,
        progress: &dyn Progress,
    ) -> crate::script::ScriptOutcome {
        let started = Instant::now();
        let mut outcome = crate::script::ScriptOutcome::default();
        let lines = match crate::script::parse(text, self.registry, caller) {
            Ok(lines) => lines,
            Err(e) => return outcome.failed(e, started),
        };
        // A script that is only edit.undo or edit.redo runs as that command (its own step).
        if let [only] = lines.as_slice()
            && let Some(def) = self.registry.get(&only.command)
            && matches!(def.effect, Effect::History(_) | Effect::WaitJob)
        {
            return match self.execute(caller, &only.command, only.params.clone()) {
                Ok(o) => outcome.line_ok(only, o).finish(started),
                Err(e) => {
                    let e = Error::ScriptLine { line: only.line, command: only.command.clone(), cause: Box::new(e) };
                    outcome.failed(e, started)
                }
            };
        }
        let before = self.project.clone();
        let active_before = self.active.clone();
        let path_before = self.project_path.clone();
        let mut changed = false;
        let mut calls = Vec::new();
        let mut added = Vec::new();
        for line in &lines {
            let script = ScriptSoFar { before: &before, path_before: path_before.as_deref(), lines: &calls };
            let run = self
                .registry
                .require(&line.command)
                .and_then(|def| self.run_on_working_copy(caller, def, line.params.clone(), progress, Some(script)));
            match run {
                Ok((o, _replaced)) => {
                    changed |= o.changed;
                    added.extend(o.layers_added.iter().filter_map(|name| self.project.layer(name).map(|l| l.id)));
                    calls.push(RecordedCall {
                        command: line.command.clone(),
                        params: normalize_params(line.params.clone()),
                        layers_added: o.layers_added.clone(),
                    });
                    outcome = outcome.line_ok(line, o);
                }
                Err(e) => {
                    self.project = before;
                    self.active = active_before;
                    self.project_path = path_before;
                    outcome.line_failed(line, &e);
                    outcome.layers_added.clear();
                    let e = Error::ScriptLine { line: line.line, command: line.command.clone(), cause: Box::new(e) };
                    return outcome.failed(e, started);
                }
            }
        }
        if changed && !(self.project.same_as(&before) && self.project_path == path_before) {
            let label = format!("script ({} {})", lines.len(), if lines.len() == 1 { "line" } else { "lines" });
            self.push_step(caller.actor, label, calls, before, path_before);
        }
        // The layers the script added that it leaves in the project, by their names at the end: one
        // added and then removed is not listed, one renamed is listed by its new name.
        outcome.layers_added = added
            .iter()
            .filter_map(|id| self.project.layers.iter().find(|l| l.id == *id).map(|l| l.name.clone()))
            .collect();
        outcome.finish(started)
    }
}

/// About how many bytes the layers of `before` hold that `after` does not share (by `Arc`).
fn bytes_only_in(before: &Project, after: &Project) -> usize {
    let shared: std::collections::HashSet<*const Vec<crate::layer::Feature>> =
        after.layers.iter().map(|l| Arc::as_ptr(&l.features)).collect();
    before.layers.iter().filter(|l| !shared.contains(&Arc::as_ptr(&l.features))).map(layer_bytes).sum()
}

/// An estimate of a layer's data in memory: coordinates, values and text.
fn layer_bytes(layer: &crate::layer::Layer) -> usize {
    use geo::CoordsIter;
    layer
        .features
        .iter()
        .map(|f| {
            let coords = f.geometry.as_ref().map_or(0, |g| g.coords_count());
            let text: usize =
                f.attributes.iter().map(|v| if let crate::value::Value::String(s) = v { s.len() } else { 0 }).sum();
            std::mem::size_of::<crate::layer::Feature>()
                + coords * std::mem::size_of::<geo::Coord<f64>>()
                + f.attributes.len() * std::mem::size_of::<crate::value::Value>()
                + text
        })
        .sum()
}

fn whose(actor: Actor) -> String {
    match actor {
        Actor::User => "the user".to_owned(),
        other => other.to_string(),
    }
}
