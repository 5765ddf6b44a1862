//! Jobs: long work that does not hold its caller. A job runs a command (or a script) on a thread
//! of its own against a snapshot of the project, reports its progress and can be cancelled; the
//! session commits its result on its own thread ([`crate::Session::poll_jobs`]) as one undo step
//! named for the actor who started it, while other calls run meanwhile.
//!
//! States: `pending → running → completed | failed | cancelling → cancelled`. A job that
//! finishes before it sees the cancel counts as completed. A cancelled command that can stop
//! part-way (the vector tools that build a layer feature by feature, through
//! [`crate::geoprocessing::Job::each_or_stop`]) keeps what it made so far: the job is cancelled and
//! its partial result is kept as a layer (one undo step too).
//!
//! A job's result is merged into the project as it stands when the job ends, layer by layer:
//! layers the job added are added (with fresh ids, and a new name if one was taken meanwhile),
//! layers it changed or removed are changed or removed. It conflicts, and fails with
//! [`Error::JobConflict`] naming the layer, when one of its input layers (those its parameters
//! name, or the caller's active layer when a command names none) or a layer it changed was
//! removed since it started, or had its features or fields changed (renaming or restyling is no
//! conflict); or when it changed the view, models or layouts that were changed meanwhile too.
//! Commands that replace the whole project or move through the undo history cannot run as jobs.
//!
//! This module is the job table, which knows nothing of the session: what each job is, its state,
//! progress and result. The session's side (starting jobs, running their work on a scratch
//! session, committing and merging their results, `job.wait`) is `session/jobs.rs`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use parking_lot::Mutex;
use serde::Serialize;
use serde_json::Value as Json;

use crate::error::{Error, Result};
use crate::layer::LayerId;
use crate::model::RecordedCall;
use crate::policy::{Actor, Caller};
use crate::progress::Progress;
use crate::project::Project;

/// How many jobs run at once; more wait as `pending`.
pub const MAX_RUNNING_JOBS: usize = 2;
/// How many finished jobs `job.list` keeps; older finished ones are forgotten.
pub const MAX_KEPT_JOBS: usize = 100;
/// How many jobs may wait as `pending`; starting one more is refused.
pub const MAX_PENDING_JOBS: usize = 32;
/// How long `job.wait` waits when it is not told (seconds).
pub const JOB_WAIT_DEFAULT_S: f64 = 60.0;
/// The longest `job.wait` waits (seconds): an ordinary call's run-time limit.
pub const JOB_WAIT_MAX_S: f64 = 600.0;
/// How often a wait looks at its job and reports its progress (only when it changed): a
/// waiting client gets at most ten progress reports a second.
pub const JOB_WAIT_INTERVAL: Duration = Duration::from_millis(100);

/// Parameters of `job.wait`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct WaitParams {
    /// The job's id (job.list lists them; `"async": true` answers with it).
    pub(crate) id: u64,
    /// How long to wait at most, in seconds (default 60, at most 600; 0 looks once). When it
    /// passes, the answer is the job's status as it stands (still `running`) and the job goes on.
    pub(crate) timeout_s: Option<f64>,
}

/// A job a caller waits on, followed from any thread: what `job.wait` checked (the job exists,
/// the timeout is in range) and a view of the job's progress. An MCP server waits with it off
/// the session's thread, then runs `job.wait {"id": …, "timeout_s": 0}` for the committed status.
#[derive(Clone)]
pub struct JobWaiter {
    pub(crate) id: u64,
    pub(crate) timeout: Duration,
    pub(crate) shared: Arc<Shared>,
}

impl std::fmt::Debug for JobWaiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JobWaiter").field("id", &self.id).field("timeout", &self.timeout).finish_non_exhaustive()
    }
}

impl JobWaiter {
    /// The job's id.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// How long the caller asked to wait.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Whether the job's work has ended (its result waits for the session to commit it).
    pub fn has_ended(&self) -> bool {
        self.shared.ended.load(Ordering::Acquire)
    }

    /// The job's progress, 0–1, and its last message.
    pub fn progress(&self) -> (f64, String) {
        self.shared.status.lock().clone()
    }
}

/// Where a job is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    /// Waiting for a free slot ([`MAX_RUNNING_JOBS`]).
    Pending,
    /// Running on its own thread.
    Running,
    /// Done; its result is committed (one undo step when it changed the project).
    Completed,
    /// It failed, or its result conflicted with changes made since it started.
    Failed,
    /// `job.cancel` was asked; the job stops at its next check.
    Cancelling,
    /// Stopped by `job.cancel`; a partial result, if the command gave one, is kept.
    Cancelled,
}

impl JobState {
    /// Whether the job has ended (completed, failed or cancelled).
    pub fn is_finished(self) -> bool {
        matches!(self, JobState::Completed | JobState::Failed | JobState::Cancelled)
    }

    /// The state's name (`running`).
    pub fn name(self) -> &'static str {
        match self {
            JobState::Pending => "pending",
            JobState::Running => "running",
            JobState::Completed => "completed",
            JobState::Failed => "failed",
            JobState::Cancelling => "cancelling",
            JobState::Cancelled => "cancelled",
        }
    }
}

/// What `job.status` tells of a job.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct JobInfo {
    /// The job's id (1, 2, 3… per session).
    pub id: u64,
    /// The command it runs, or `script (n lines)`.
    pub command: String,
    /// Its parameters (a script's text as `{"script": …}`).
    pub params: Json,
    /// Who started it (`user`, `agent 1`).
    pub actor: String,
    /// Where it is.
    pub state: JobState,
    /// How far it is, 0–1.
    pub progress: f64,
    /// What it is doing (the command's last progress message).
    pub message: String,
    /// When it was started (RFC 3339, UTC).
    pub submitted: String,
    /// When it began running, once it has.
    pub started: Option<String>,
    /// When it ended, once it has.
    pub ended: Option<String>,
    /// Seconds it has run (so far, or in all).
    pub elapsed_s: Option<f64>,
    /// The command's result, once completed.
    pub result: Option<Json>,
    /// The result it made before it stopped, when cancelled part-way (`note` says what it holds).
    pub partial: Option<Json>,
    /// Why it failed.
    pub error: Option<String>,
    /// The error's code (`job_conflict`, `invalid_params`…).
    pub error_code: Option<String>,
    /// Layers its result added to the project.
    #[serde(rename = "layersAdded")]
    pub layers_added: Vec<String>,
    /// Notices of the command and of committing it.
    pub notices: Vec<String>,
    /// The undo step its result became, if any (`edit.undo` takes it back).
    pub undo_step: Option<String>,
}

/// The work of a job, which the session runs on the job's thread against a scratch session
/// holding the snapshot (`session/jobs.rs`).
pub(crate) enum Work {
    /// Runs the command `id` with these (normalized) parameters.
    Command {
        /// The command's id.
        id: &'static str,
        /// Its parameters.
        params: Json,
    },
    /// Runs a script (the `script.run` format) as one undo step.
    Script(String),
}

/// What a job's work returns.
#[derive(Debug)]
pub(crate) struct Done {
    /// The command's (or script's) result.
    pub(crate) result: Json,
    /// Its notices.
    pub(crate) notices: Vec<String>,
}

/// What the job's thread hands back to the session.
pub(crate) struct Finished {
    pub(crate) done: Result<Done>,
    pub(crate) project: Project,
    pub(crate) project_path: Option<std::path::PathBuf>,
    pub(crate) active: Option<LayerId>,
    pub(crate) partial: Option<String>,
    pub(crate) step: Option<(String, Arc<[RecordedCall]>)>,
}

/// What a job and the session share: the cancel flag, the progress and the finished result.
pub(crate) struct Shared {
    pub(crate) cancel: AtomicBool,
    /// Set once the job's work has ended (or it was cancelled before it ran): what waits look at.
    pub(crate) ended: AtomicBool,
    pub(crate) status: Mutex<(f64, String)>,
    pub(crate) watcher: Mutex<Option<Arc<dyn Progress>>>,
    pub(crate) finished: Mutex<Option<Finished>>,
}

/// The progress a job's command reports to: kept for `job.status`, passed on to whoever
/// watches (an MCP call waiting on it, a progress bar), cancelled by `job.cancel` only.
pub(crate) struct JobProgress(pub(crate) Arc<Shared>);

impl Progress for JobProgress {
    fn report(&self, fraction: f64, message: &str) {
        *self.0.status.lock() = (fraction.clamp(0.0, 1.0), message.to_owned());
        if let Some(watcher) = self.0.watcher.lock().as_ref() {
            watcher.report(fraction, message);
        }
    }

    fn is_cancelled(&self) -> bool {
        self.0.cancel.load(Ordering::Relaxed)
    }

    fn keeps_partial(&self) -> bool {
        true
    }
}

/// The snapshot a running job started from, to merge its result.
pub(crate) struct Snapshot {
    pub(crate) project: Project,
    pub(crate) project_path: Option<std::path::PathBuf>,
    pub(crate) active: Option<LayerId>,
    pub(crate) inputs: Vec<LayerId>,
}

/// One job the table keeps, from its start to when it is forgotten.
pub(crate) struct Entry {
    pub(crate) id: u64,
    pub(crate) caller: Caller,
    pub(crate) command: String,
    pub(crate) params: Json,
    /// Layer names the parameters name, and whether the active layer is an input.
    pub(crate) named_inputs: Vec<String>,
    pub(crate) uses_active: bool,
    pub(crate) state: JobState,
    pub(crate) shared: Arc<Shared>,
    pub(crate) work: Option<Work>,
    pub(crate) snapshot: Option<Snapshot>,
    pub(crate) submitted: SystemTime,
    pub(crate) started: Option<(SystemTime, Instant)>,
    pub(crate) ended: Option<(SystemTime, f64)>,
    pub(crate) result: Option<Json>,
    pub(crate) partial: Option<Json>,
    pub(crate) error: Option<(String, String)>,
    pub(crate) layers_added: Vec<String>,
    pub(crate) notices: Vec<String>,
    pub(crate) undo_step: Option<String>,
}

/// The session's jobs. The session owns it behind a mutex so that `job.cancel`, a command that
/// only reads the project, can mark a job from inside [`crate::Ctx`].
#[derive(Default)]
pub(crate) struct JobTable {
    next_id: u64,
    pub(crate) entries: Vec<Entry>,
    pub(crate) waker: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl std::fmt::Debug for JobTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JobTable").field("jobs", &self.entries.len()).finish_non_exhaustive()
    }
}

impl JobTable {
    pub(crate) fn set_waker(&mut self, waker: Arc<dyn Fn() + Send + Sync>) {
        self.waker = Some(waker);
    }

    pub(crate) fn add(
        &mut self,
        caller: &Caller,
        command: String,
        params: Json,
        inputs: (Vec<String>, bool),
        work: Work,
    ) -> Result<u64> {
        let pending = self.entries.iter().filter(|e| e.state == JobState::Pending).count();
        if pending >= MAX_PENDING_JOBS {
            return Err(Error::Limit {
                limit: "MAX_PENDING_JOBS",
                message: format!(
                    "{pending} jobs are already waiting to run, the most that may wait; wait for some to end (job.list) \
                     or cancel some (job.cancel)"
                ),
            });
        }
        self.next_id += 1;
        let shared = Arc::new(Shared {
            cancel: AtomicBool::new(false),
            ended: AtomicBool::new(false),
            status: Mutex::new((0.0, "waiting for a free slot".to_owned())),
            watcher: Mutex::new(None),
            finished: Mutex::new(None),
        });
        self.entries.push(Entry {
            id: self.next_id,
            caller: caller.clone(),
            command,
            params,
            named_inputs: inputs.0,
            uses_active: inputs.1,
            state: JobState::Pending,
            shared,
            work: Some(work),
            snapshot: None,
            submitted: SystemTime::now(),
            started: None,
            ended: None,
            result: None,
            partial: None,
            error: None,
            layers_added: Vec::new(),
            notices: Vec::new(),
            undo_step: None,
        });
        Ok(self.next_id)
    }

    /// Every job, oldest first.
    pub(crate) fn list(&self) -> Vec<JobInfo> {
        self.entries.iter().map(Entry::info).collect()
    }

    /// One job, or an error naming the jobs there are.
    pub(crate) fn info(&self, id: u64) -> Result<JobInfo> {
        self.entry(id).map(Entry::info)
    }

    pub(crate) fn entry(&self, id: u64) -> Result<&Entry> {
        self.entries.iter().find(|e| e.id == id).ok_or_else(|| self.unknown(id))
    }

    fn unknown(&self, id: u64) -> Error {
        let known: Vec<String> = self.entries.iter().map(|e| e.id.to_string()).collect();
        let known = if known.is_empty() {
            "there are no jobs".to_owned()
        } else {
            format!("the jobs are {}", known.join(", "))
        };
        Error::invalid("id", format!("there is no job {id}; {known} (job.list lists them)"))
    }

    /// Asks a job to stop. An attached agent may cancel only its own jobs; the user (and a
    /// private server's agent, whose project it is) may cancel any. A pending job is cancelled at
    /// once, a running one becomes `cancelling`, a finished one is left as it is.
    pub(crate) fn cancel(&mut self, caller: &Caller, id: u64) -> Result<JobInfo> {
        let idx = self.entries.iter().position(|e| e.id == id).ok_or_else(|| self.unknown(id))?;
        let entry = &mut self.entries[idx];
        let owner = entry.caller.actor;
        if !matches!(caller.actor, Actor::User | Actor::PrivateAgent) && caller.actor != owner {
            return Err(Error::Refused(crate::policy::Refusal {
                command: "job.cancel".to_owned(),
                rule: crate::policy::RefusalRule::OthersJob,
                message: format!(
                    "job.cancel refused: job {id} ({}) is {}'s; {} can cancel only its own jobs",
                    entry.command,
                    whose(owner),
                    caller.actor
                ),
                ask: None,
            }));
        }
        entry.shared.cancel.store(true, Ordering::Relaxed);
        match entry.state {
            JobState::Pending => {
                entry.state = JobState::Cancelled;
                entry.shared.ended.store(true, Ordering::Release);
                entry.work = None;
                entry.ended = Some((SystemTime::now(), 0.0));
            }
            JobState::Running => entry.state = JobState::Cancelling,
            _ => {}
        }
        Ok(entry.info())
    }

    /// Passes a job's progress reports on to `watcher` (an MCP call waiting on it, a bar).
    pub(crate) fn watch(&self, id: u64, watcher: Arc<dyn Progress>) -> Result<()> {
        *self.entry(id)?.shared.watcher.lock() = Some(watcher);
        Ok(())
    }

    pub(crate) fn has_unfinished(&self) -> bool {
        self.entries.iter().any(|e| !e.state.is_finished())
    }

    pub(crate) fn forget_old(&mut self) {
        let finished = self.entries.iter().filter(|e| e.state.is_finished()).count();
        let mut excess = finished.saturating_sub(MAX_KEPT_JOBS);
        self.entries.retain(|e| {
            let forget = excess > 0 && e.state.is_finished();
            if forget {
                excess -= 1;
            }
            !forget
        });
    }
}

impl Entry {
    fn info(&self) -> JobInfo {
        let (progress, message) = self.shared.status.lock().clone();
        let elapsed_s = match (self.ended, self.started) {
            (Some((_, secs)), _) => Some(secs),
            (None, Some((_, at))) => Some(at.elapsed().as_secs_f64()),
            _ => None,
        };
        JobInfo {
            id: self.id,
            command: self.command.clone(),
            params: self.params.clone(),
            actor: self.caller.actor.to_string(),
            state: self.state,
            progress: if self.state == JobState::Completed { 1.0 } else { progress },
            message,
            submitted: rfc3339(self.submitted),
            started: self.started.map(|(at, _)| rfc3339(at)),
            ended: self.ended.map(|(at, _)| rfc3339(at)),
            elapsed_s,
            result: self.result.clone(),
            partial: self.partial.clone(),
            error: self.error.as_ref().map(|(_, message)| message.clone()),
            error_code: self.error.as_ref().map(|(code, _)| code.clone()),
            layers_added: self.layers_added.clone(),
            notices: self.notices.clone(),
            undo_step: self.undo_step.clone(),
        }
    }
}

fn whose(actor: Actor) -> String {
    match actor {
        Actor::User => "the user".to_owned(),
        other => other.to_string(),
    }
}

fn rfc3339(at: SystemTime) -> String {
    time::OffsetDateTime::from(at)
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| "unknown".to_owned())
}
