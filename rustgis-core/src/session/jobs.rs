//! The session's side of jobs (the job table is `crate::jobs`): starting a command or a script
//! as a job, running its work on a thread of its own against a scratch session, committing its
//! result on the session's thread (merged into the project as it stands, or refused as a
//! conflict), and `job.wait`.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime};

use serde_json::{Value as Json, json};

use super::{Outcome, Session};
use crate::error::{Error, Result};
use crate::jobs::{
    Done, Finished, JOB_WAIT_DEFAULT_S, JOB_WAIT_INTERVAL, JOB_WAIT_MAX_S, JobInfo, JobProgress, JobState, JobTable,
    JobWaiter, MAX_RUNNING_JOBS, Snapshot, WaitParams, Work,
};
use crate::layer::{Layer, LayerId};
use crate::policy::{Actor, Caller};
use crate::progress::Progress;
use crate::project::Project;

impl Session {
    /// Starts `command` as a job for `caller`: it is checked against the refusal policy now and
    /// runs on a thread of its own against a snapshot of the project (at once, or when one of the
    /// [`MAX_RUNNING_JOBS`] slots is free). Returns the job's id; watch it with
    /// [`crate::Session::job`] (`job.status`), stop it with `job.cancel`. Its result is committed
    /// by [`crate::Session::poll_jobs`], which every `execute` calls first; a host that runs no
    /// command for a while calls it itself (on its frame, or when the waker it set rings).
    pub fn start_job(&mut self, caller: &Caller, command: &str, params: Json) -> Result<u64> {
        self.poll_jobs();
        let def = self.registry().require(command)?;
        crate::Policy::check(def.id, &def.access, caller).map_err(Error::Refused)?;
        refuse_as_job(def)?;
        let params = crate::command::normalize_params(params);
        let mut named = Vec::new();
        layer_names_in(&params, &mut named);
        let uses_active = def.schema().get("properties").and_then(|p| p.get("layer")).is_some()
            && params.get("layer").is_none_or(Json::is_null);
        let id = def.id;
        let run_params = params.clone();
        let work = Work::Command { id, params: run_params };
        let job = self.jobs_table().add(caller, def.id.to_owned(), params, (named, uses_active), work)?;
        self.poll_jobs();
        Ok(job)
    }

    /// Starts a script (the `script.run` format) as a job: one undo step when it ends, like
    /// [`crate::Session::run_script`]. Its lines are checked (syntax, policy) now.
    pub fn start_script_job(&mut self, caller: &Caller, text: &str) -> Result<u64> {
        self.poll_jobs();
        let lines = crate::script::parse(text, self.registry(), caller)?;
        let mut named = Vec::new();
        let mut uses_active = false;
        for line in &lines {
            let def = self.registry().require(&line.command)?;
            refuse_as_job(def)?;
            layer_names_in(&line.params, &mut named);
            uses_active |= def.schema().get("properties").and_then(|p| p.get("layer")).is_some()
                && line.params.get("layer").is_none_or(Json::is_null);
        }
        let label = format!("script ({} {})", lines.len(), if lines.len() == 1 { "line" } else { "lines" });
        let script = text.to_owned();
        let work = Work::Script(script);
        let job = self.jobs_table().add(caller, label, json!({ "script": text }), (named, uses_active), work)?;
        self.poll_jobs();
        Ok(job)
    }

    /// Every job this session keeps, oldest first (finished ones up to [`crate::MAX_KEPT_JOBS`]).
    pub fn jobs(&self) -> Vec<JobInfo> {
        self.jobs_lock().list()
    }

    /// One job, or an error naming the jobs there are.
    pub fn job(&self, id: u64) -> Result<JobInfo> {
        self.jobs_lock().info(id)
    }

    /// Asks a job to stop (see `job.cancel`).
    pub fn cancel_job(&mut self, caller: &Caller, id: u64) -> Result<JobInfo> {
        self.jobs_table().cancel(caller, id)
    }

    /// Checks `job.wait`'s parameters and gives a [`JobWaiter`] for the job they name, to wait
    /// on it off the session's thread (an MCP server does; `job.wait` itself blocks).
    pub fn job_waiter(&self, params: Json) -> Result<JobWaiter> {
        let params = crate::command::normalize_params(params);
        let p: WaitParams = serde_json::from_value(params).map_err(|e| Error::InvalidParams {
            command: "job.wait".to_owned(),
            message: crate::command::in_json_terms(&e.to_string()),
            accepted: vec!["id (integer, required)".to_owned(), "timeout_s (number)".to_owned()],
        })?;
        let timeout_s = p.timeout_s.unwrap_or(JOB_WAIT_DEFAULT_S);
        if !(0.0..=JOB_WAIT_MAX_S).contains(&timeout_s) {
            return Err(Error::invalid(
                "timeout_s",
                format!("{timeout_s} s is not a wait RustGIS makes; give 0 to {JOB_WAIT_MAX_S} seconds (default 60)"),
            ));
        }
        let table = self.jobs_lock();
        let entry = table.entry(p.id)?;
        if entry.state.is_finished() {
            entry.shared.ended.store(true, Ordering::Release);
        }
        Ok(JobWaiter { id: p.id, timeout: Duration::from_secs_f64(timeout_s), shared: entry.shared.clone() })
    }

    /// `job.wait`: waits on this thread until the job ends (committing it), `timeout_s` passes or
    /// `progress` is cancelled (the wait stops; the job goes on), reporting the job's progress
    /// to `progress` when it changes, at most every [`JOB_WAIT_INTERVAL`].
    pub(crate) fn wait_job_command(
        &mut self,
        def: &crate::CommandDef,
        params: Json,
        progress: &dyn Progress,
    ) -> Result<Outcome> {
        let waiter = self.job_waiter(params)?;
        let until = Instant::now() + waiter.timeout;
        let mut reported: Option<(f64, String)> = None;
        let info = loop {
            self.poll_jobs();
            let info = self.job(waiter.id)?;
            if info.state.is_finished() {
                break info;
            }
            let now = (info.progress, info.message.clone());
            if reported.as_ref() != Some(&now) {
                progress.report(now.0, &now.1);
                reported = Some(now);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break info;
            }
            if progress.is_cancelled() {
                return Err(Error::Cancelled(format!("job.wait (job {} goes on: job.cancel stops it)", waiter.id)));
            }
            if !waiter.has_ended() {
                std::thread::sleep(JOB_WAIT_INTERVAL.min(left));
            }
        };
        let mut notices = Vec::new();
        if !info.state.is_finished() {
            notices.push(format!(
                "job {} is still {}: wait again with job.wait, or look later with job.status",
                info.id,
                info.state.name()
            ));
        }
        Ok(Outcome {
            command: def.id.to_owned(),
            result: serde_json::to_value(&info).unwrap_or(Json::Null),
            notices,
            layers_added: Vec::new(),
            changed: false,
        })
    }

    /// Passes job `id`'s progress reports on to `watcher` from now on.
    pub fn watch_job(&self, id: u64, watcher: Arc<dyn Progress>) -> Result<()> {
        self.jobs_lock().watch(id, watcher)
    }

    /// Whether a job is pending, running or cancelling (a host keeps calling
    /// [`crate::Session::poll_jobs`] while one is).
    pub fn has_unfinished_jobs(&self) -> bool {
        self.jobs_lock().has_unfinished()
    }

    /// Called (on the job's thread) whenever a job ends, so that a host can wake its session's
    /// thread to call [`crate::Session::poll_jobs`]: the app asks for a repaint, the private MCP
    /// server's thread stops waiting.
    pub fn set_job_waker(&mut self, waker: Arc<dyn Fn() + Send + Sync>) {
        self.jobs_table().set_waker(waker);
    }

    /// Commits the results of jobs that ended (each one undo step named for its actor, or a
    /// failure when it conflicts with changes made since it started), starts pending jobs when a
    /// slot is free and forgets the oldest finished jobs. Returns the jobs that ended in this call.
    /// Runs on the session's own thread: `execute` calls it first, hosts call it on their frame.
    pub fn poll_jobs(&mut self) -> Vec<JobInfo> {
        let mut ended = Vec::new();
        // Take what finished out of the table first: committing needs the whole session.
        let finished: Vec<(u64, Finished)> = self
            .jobs_table()
            .entries
            .iter()
            .filter(|e| matches!(e.state, JobState::Running | JobState::Cancelling))
            .filter_map(|e| e.shared.finished.lock().take().map(|f| (e.id, f)))
            .collect();
        for (id, finished) in finished {
            self.commit_job(id, finished);
            if let Ok(info) = self.job(id) {
                ended.push(info);
            }
        }
        loop {
            let table = self.jobs_table();
            let running =
                table.entries.iter().filter(|e| matches!(e.state, JobState::Running | JobState::Cancelling)).count();
            if running >= MAX_RUNNING_JOBS {
                break;
            }
            let Some(idx) = table.entries.iter().position(|e| e.state == JobState::Pending) else { break };
            let id = table.entries[idx].id;
            self.launch(id);
        }
        self.jobs_table().forget_old();
        ended
    }

    fn jobs_table(&mut self) -> &mut JobTable {
        self.jobs.get_mut()
    }

    fn jobs_lock(&self) -> parking_lot::MutexGuard<'_, JobTable> {
        self.jobs.lock()
    }

    /// Starts a pending job on its own thread against a snapshot of the project.
    fn launch(&mut self, id: u64) {
        let mut scratch = self.scratch();
        // Nobody waits on a job: the run-time limit (how long a client waits) does not apply;
        // job.cancel stops it.
        let mut limits = *self.limits();
        limits.max_run_time = None;
        scratch.set_limits(limits);
        let snapshot_project = self.project().clone();
        let project_path = self.project_path().map(std::path::Path::to_path_buf);
        let table = self.jobs.get_mut();
        let waker = table.waker.clone();
        let Some(entry) = table.entries.iter_mut().find(|e| e.id == id) else { return };
        let caller = entry.caller.clone();
        let active = self.active.get(&caller.actor).or_else(|| self.active.get(&Actor::User)).copied();
        let mut inputs: Vec<LayerId> =
            entry.named_inputs.iter().filter_map(|name| snapshot_project.layer(name)).map(|l| l.id).collect();
        if entry.uses_active
            && let Some(active) = active
        {
            inputs.push(active);
        }
        entry.snapshot = Some(Snapshot {
            project: snapshot_project,
            project_path,
            active: self.active.get(&caller.actor).copied(),
            inputs,
        });
        entry.state = JobState::Running;
        entry.started = Some((SystemTime::now(), Instant::now()));
        *entry.shared.status.lock() = (0.0, "started".to_owned());
        let work = entry.work.take().expect("a pending job holds its work until it starts");
        let shared = entry.shared.clone();
        let spawned = std::thread::Builder::new().name(format!("rustgis-job-{id}")).spawn(move || {
            let progress = JobProgress(shared.clone());
            let steps_before = scratch.undo.len();
            let run = || run_work(work, &mut scratch, &caller, &progress);
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match job_pool(id) {
                Some(pool) => pool.install(run),
                None => run(),
            }));
            let done = ran.unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_owned());
                Err(Error::Internal { command: format!("job {id}"), message })
            });
            let step = (scratch.undo.len() > steps_before)
                .then(|| scratch.undo.last().map(|s| (s.label.clone(), s.calls.clone())))
                .flatten();
            let finished = Finished {
                done,
                active: scratch.active.get(&caller.actor).copied(),
                partial: scratch.partial.take(),
                project_path: scratch.project_path().map(std::path::Path::to_path_buf),
                project: std::mem::replace(&mut scratch.project, Project::new("")),
                step,
            };
            *shared.finished.lock() = Some(finished);
            shared.ended.store(true, Ordering::Release);
            if let Some(waker) = waker {
                waker();
            }
        });
        if let Err(e) = spawned {
            entry.shared.ended.store(true, Ordering::Release);
            entry.state = JobState::Failed;
            entry.error = Some(("internal".to_owned(), format!("cannot start a thread for job {id}: {e}")));
            entry.ended = Some((SystemTime::now(), 0.0));
        }
    }

    /// Commits one finished job's result (or records its failure).
    fn commit_job(&mut self, id: u64, finished: Finished) {
        let table = self.jobs.get_mut();
        let Some(entry) = table.entries.iter_mut().find(|e| e.id == id) else { return };
        let cancel_asked = entry.shared.cancel.load(Ordering::Relaxed);
        let snapshot = entry.snapshot.take().expect("a running job holds its snapshot");
        let (caller, command) = (entry.caller.clone(), entry.command.clone());
        let mut state;
        let mut result = None;
        let mut partial = None;
        let mut error = None;
        let mut notices = Vec::new();
        let mut layers_added = Vec::new();
        let mut undo_step = None;
        match finished.done {
            Err(Error::Cancelled(_)) => state = JobState::Cancelled,
            Err(e) => {
                state = JobState::Failed;
                error = Some((e.code().to_owned(), e.to_string()));
            }
            Ok(done) => {
                notices = done.notices;
                state = if finished.partial.is_some() { JobState::Cancelled } else { JobState::Completed };
                match self.merge_job(id, &command, &caller, &snapshot, &finished.project, finished.active) {
                    Ok(merge) => {
                        notices.extend(merge.notices);
                        layers_added = merge.added;
                        if merge.changed {
                            let (label, calls) =
                                finished.step.clone().unwrap_or_else(|| (command.clone(), Arc::from([])));
                            let label = format!("job {id}: {label}");
                            let path_before = self.project_path().map(std::path::Path::to_path_buf);
                            if finished.project_path != snapshot.project_path {
                                self.set_project_path(finished.project_path.clone());
                            }
                            self.push_job_step(caller.actor, label.clone(), calls, merge.before, path_before);
                            undo_step = Some(label);
                        } else if finished.project_path != snapshot.project_path {
                            self.set_project_path(finished.project_path.clone());
                        }
                        let mut value = done.result;
                        rename_layers_in(&mut value, &merge.renamed);
                        match &finished.partial {
                            Some(note) => {
                                let mut value = value;
                                if let Some(map) = value.as_object_mut() {
                                    map.insert("note".to_owned(), json!(note));
                                }
                                partial = Some(value);
                            }
                            None => result = Some(value),
                        }
                    }
                    Err(e) => {
                        state = JobState::Failed;
                        error = Some((e.code().to_owned(), e.to_string()));
                    }
                }
            }
        }
        if state == JobState::Completed && cancel_asked {
            notices.push(format!("job {id} finished before it saw the cancel: it counts as completed"));
        }
        let table = self.jobs.get_mut();
        let Some(entry) = table.entries.iter_mut().find(|e| e.id == id) else { return };
        let run_s = entry.started.map_or(0.0, |(_, at)| at.elapsed().as_secs_f64());
        entry.state = state;
        entry.ended = Some((SystemTime::now(), run_s));
        entry.result = result;
        entry.partial = partial;
        entry.error = error;
        entry.notices = notices;
        entry.layers_added = layers_added;
        entry.undo_step = undo_step;
        if state == JobState::Completed {
            *entry.shared.status.lock() = (1.0, "done".to_owned());
        }
        *entry.shared.watcher.lock() = None;
    }

    /// Merges a job's project into the session's (see the module's doc for the rule).
    fn merge_job(
        &mut self,
        id: u64,
        command: &str,
        caller: &Caller,
        snapshot: &Snapshot,
        out: &Project,
        job_active: Option<LayerId>,
    ) -> Result<Merge> {
        let snap = &snapshot.project;
        let conflict = |message: String| Error::JobConflict { job: id, command: command.to_owned(), message };
        let out_ids: HashSet<LayerId> = out.layers.iter().map(|l| l.id).collect();
        let snap_ids: HashSet<LayerId> = snap.layers.iter().map(|l| l.id).collect();
        let removed: Vec<&Layer> = snap.layers.iter().filter(|l| !out_ids.contains(&l.id)).collect();
        let modified: Vec<&Layer> =
            out.layers.iter().filter(|l| snap.layer_by_id(l.id).is_some_and(|before| !same_layer(before, l))).collect();
        let added: Vec<&Layer> = out.layers.iter().filter(|l| !snap_ids.contains(&l.id)).collect();
        let mut checked: Vec<LayerId> = snapshot.inputs.clone();
        checked.extend(removed.iter().map(|l| l.id));
        checked.extend(modified.iter().map(|l| l.id));
        checked.dedup();
        for layer_id in &checked {
            let Some(before) = snap.layer_by_id(*layer_id) else { continue };
            match self.project().layer_by_id(*layer_id) {
                None => {
                    return Err(conflict(format!(
                        "its input layer '{}' was removed since the job started; its result would be built on a layer \
                         that is gone (run it again on the project as it is)",
                        before.name
                    )));
                }
                Some(now) if !same_data(before, now) => {
                    return Err(conflict(format!(
                        "its input layer '{}' was changed (features or fields) since the job started; its result would \
                         undo those changes (run it again on the project as it is)",
                        before.name
                    )));
                }
                Some(_) => {}
            }
        }
        let mut project = self.project().clone();
        let mut changed = false;
        if out.view != snap.view {
            if project.view != snap.view {
                return Err(conflict(
                    "it changed the map view, which was changed since the job started too".to_owned(),
                ));
            }
            project.view = out.view.clone();
            changed = true;
        }
        if out.models != snap.models {
            if project.models != snap.models {
                return Err(conflict("it changed the models, which were changed since the job started too".to_owned()));
            }
            project.models = out.models.clone();
            changed = true;
        }
        if out.layouts != snap.layouts {
            if project.layouts != snap.layouts {
                return Err(conflict(
                    "it changed the print layouts, which were changed since the job started too".to_owned(),
                ));
            }
            project.layouts = out.layouts.clone();
            changed = true;
        }
        for layer in &removed {
            project.layers.retain(|l| l.id != layer.id);
            changed = true;
        }
        for layer in &modified {
            if let Some(slot) = project.layers.iter_mut().find(|l| l.id == layer.id) {
                *slot = (*layer).clone();
                changed = true;
            }
        }
        let mut notices = Vec::new();
        let mut renamed = Vec::new();
        let mut names = Vec::new();
        let mut new_ids = Vec::new();
        for layer in &added {
            let mut layer = (*layer).clone();
            let old_id = layer.id;
            layer.id = self.fresh_layer_id();
            if project.layer(&layer.name).is_some() {
                let name = project.unique_name(&layer.name);
                notices.push(format!(
                    "a layer named '{}' was added while job {id} ran: its result is named '{name}'",
                    layer.name
                ));
                renamed.push((layer.name.clone(), name.clone()));
                layer.name = name;
            }
            names.push(layer.name.clone());
            new_ids.push((old_id, layer.id));
            project.layers.push(layer);
            changed = true;
        }
        if job_active != snapshot.active
            && let Some(active) = job_active
        {
            let active = new_ids.iter().find(|(old, _)| *old == active).map_or(active, |(_, new)| *new);
            if project.layer_by_id(active).is_some() {
                self.set_active_layer(caller.actor, active);
            }
        }
        let before = if changed { Some(std::mem::replace(&mut self.project, project)) } else { None };
        Ok(Merge { changed, before: before.unwrap_or_else(|| self.project().clone()), added: names, renamed, notices })
    }
}

/// What merging a job's result did.
struct Merge {
    changed: bool,
    /// The project before the merge (the undo step's `before`).
    before: Project,
    added: Vec<String>,
    renamed: Vec<(String, String)>,
    notices: Vec<String>,
}

/// Commands that cannot run as jobs: those that replace the project or move through the history
/// (their result cannot be merged with changes made meanwhile).
fn refuse_as_job(def: &crate::CommandDef) -> Result<()> {
    if matches!(def.effect, crate::command::Effect::History(_)) || def.access.replaces_project || def.group() == "job" {
        return Err(Error::InvalidParams {
            command: def.id.to_owned(),
            message: format!(
                "{} cannot run as a job: it {}; run it as an ordinary call (without \"async\")",
                def.id,
                if def.access.replaces_project { "replaces the whole project" } else { "acts on the session itself" }
            ),
            accepted: Vec::new(),
        });
    }
    Ok(())
}

/// Every string in `params` (at any depth), as candidate layer names.
fn layer_names_in(params: &Json, out: &mut Vec<String>) {
    match params {
        Json::String(s) => out.push(s.clone()),
        Json::Array(items) => items.iter().for_each(|v| layer_names_in(v, out)),
        Json::Object(map) => map.values().for_each(|v| layer_names_in(v, out)),
        _ => {}
    }
}

/// Replaces layer names a job's result names with the names they were given at the merge.
fn rename_layers_in(value: &mut Json, renamed: &[(String, String)]) {
    match value {
        Json::String(s) => {
            if let Some((_, new)) = renamed.iter().find(|(old, _)| old == s) {
                *s = new.clone();
            }
        }
        Json::Array(items) => items.iter_mut().for_each(|v| rename_layers_in(v, renamed)),
        Json::Object(map) => map.values_mut().for_each(|v| rename_layers_in(v, renamed)),
        _ => {}
    }
}

/// Whether two versions of a layer hold the same data (features, fields, cells): the layer a job
/// read is still the one in the project.
fn same_data(a: &Layer, b: &Layer) -> bool {
    let raster_same = match (&a.raster, &b.raster) {
        (None, None) => true,
        (Some(x), Some(y)) => Arc::ptr_eq(&x.raster, &y.raster),
        _ => false,
    };
    Arc::ptr_eq(&a.features, &b.features) && Arc::ptr_eq(&a.fields, &b.fields) && raster_same
}

/// Whether a job left a layer exactly as it found it.
fn same_layer(a: &Layer, b: &Layer) -> bool {
    same_data(a, b)
        && a.name == b.name
        && a.title == b.title
        && a.crs == b.crs
        && a.visible == b.visible
        && a.group == b.group
        && a.style == b.style
        && a.labels == b.labels
        && Arc::ptr_eq(&a.selection, &b.selection)
        && a.raster.as_ref().map(|r| &r.style) == b.raster.as_ref().map(|r| &r.style)
}

/// The worker threads a job runs its parallel loops on, its own and dropped with it. Not rayon's
/// global pool, which the session's ordinary calls use, nor one pool for all jobs: a rayon worker
/// waiting inside one job's loop runs queued work meanwhile, and queued work that is another
/// job would bury the first under it (a cancelled job would wait for the other to end). `None`
/// when the threads cannot be made (the job then shares the global pool).
fn job_pool(id: u64) -> Option<rayon::ThreadPool> {
    let threads = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |idx| format!("rustgis-job-{id}-worker-{idx}"))
        .build()
        .map_err(|e| tracing::warn!("job {id} shares rayon's global pool: cannot start its own threads: {e}"))
        .ok()
}

/// Runs a job's work on its thread, on the scratch session holding its snapshot.
fn run_work(work: Work, session: &mut Session, caller: &Caller, progress: &dyn Progress) -> Result<Done> {
    match work {
        Work::Command { id, params } => {
            let outcome = session.execute_with(caller, id, params, progress)?;
            Ok(Done { result: outcome.result, notices: outcome.notices })
        }
        Work::Script(script) => {
            let outcome = session.run_script_with(caller, &script, progress);
            if let Some(error) = outcome.error_value.clone() {
                return Err(Arc::try_unwrap(error).unwrap_or_else(|shared| Error::Failed(shared.to_string())));
            }
            if !outcome.success {
                return Err(Error::Failed(outcome.error.unwrap_or_else(|| "the script failed".to_owned())));
            }
            let notices = outcome.notices.clone();
            Ok(Done { result: serde_json::to_value(&outcome).unwrap_or(Json::Null), notices })
        }
    }
}
