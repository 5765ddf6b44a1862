//! `job.*`: watch and stop jobs, the commands that run on a thread of their own (`"async": true`
//! on the MCP tools, [`crate::Session::start_job`]). The engine is in `jobs.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::jobs::{JobInfo, JobState, MAX_KEPT_JOBS, MAX_RUNNING_JOBS};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("job.list")
            .summary("List the jobs: long commands running on their own, and those that ended")
            .doc(
                "Every job of the session, oldest first: id, command, who started it, state (`pending`, `running`, \
             `completed`, `failed`, `cancelling`, `cancelled`), progress 0–1 with a message, when it started and \
             ended. A job is a command started with `\"async\": true` (run_command or run): it runs on a snapshot of \
             the project while other calls go on, and its result becomes one undo step named for whoever started it. \
             At most 2 run at once (more wait as `pending`); the last 100 finished jobs are kept. `state` lists only \
             jobs in that state.",
            )
            .examples(&["job.list {}", r#"job.list {"state": "running"}"#])
            .reads_returning(list),
        CommandDef::build("job.status")
            .summary("A job's state, progress and result")
            .doc(
                "State, progress (0–1) and message, started/ended times, the result once `completed`, the partial \
             result once `cancelled` part-way (a buffer cancelled after N of M features keeps a layer of the N, \
             named `… (partial)`), the error once `failed` (`job_conflict` when the project changed under it: its \
             input layer was removed, or its features changed, since the job started), and the undo step its \
             result became (`edit.undo` takes it back).",
            )
            .examples(&[r#"job.status {"id": 1}"#])
            .reads_returning(status),
        CommandDef::build("job.wait")
            .summary("Wait for a job to end and give its status")
            .doc(
                "Blocks until the job ends (`completed`, `failed` or `cancelled`) and answers as `job.status` does, \
             with the job's result committed: one call instead of polling. It waits at most `timeout_s` seconds \
             (default 60, at most 600): then the answer is the job's status as it stands, still `running`, with a \
             notice, and the job goes on. Cancelling the wait (an MCP client's `notifications/cancelled`) stops the \
             wait, not the job: `job.cancel` stops the job. Over MCP, a call with `_meta.progressToken` gets the \
             job's progress as `notifications/progress` while it waits, and an MCP server waits without holding \
             the session: the agent's other calls answer meanwhile. It runs on its own, not in a script.",
            )
            .examples(&[r#"job.wait {"id": 1}"#, r#"job.wait {"id": 1, "timeout_s": 300}"#])
            .waits_on_job(),
        CommandDef::build("job.cancel")
            .summary("Stop a job (an agent: only its own)")
            .doc(
                "A pending job is cancelled at once; a running one becomes `cancelling` and stops at its next check \
             (geoprocessing checks between features), then `cancelled`, keeping the partial result when the command \
             can give one. A job that finishes before it sees the cancel counts as `completed`. The user can \
             cancel any job; an attached agent only its own.",
            )
            .examples(&[r#"job.cancel {"id": 1}"#])
            .reads_returning(cancel),
    ]
}

/// Parameters of `job.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListParams {
    /// Only jobs in this state.
    state: Option<JobState>,
}

/// What `job.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct JobList {
    /// The session's jobs (those in `state`, when given), oldest first.
    jobs: Vec<JobInfo>,
    /// How many jobs are running or being cancelled.
    running: usize,
    /// How many wait for a free slot.
    pending: usize,
    /// The most jobs that run at once.
    max_running: usize,
    /// The most ended jobs kept.
    max_kept: usize,
}

fn list(ctx: &mut Ctx<'_>, p: ListParams) -> Result<JobList> {
    let jobs = ctx.jobs_table()?.lock().list();
    let running = jobs.iter().filter(|j| matches!(j.state, JobState::Running | JobState::Cancelling)).count();
    let pending = jobs.iter().filter(|j| j.state == JobState::Pending).count();
    let shown: Vec<_> = jobs.into_iter().filter(|j| p.state.is_none_or(|s| s == j.state)).collect();
    Ok(JobList { jobs: shown, running, pending, max_running: MAX_RUNNING_JOBS, max_kept: MAX_KEPT_JOBS })
}

/// Parameters of `job.status` and `job.cancel`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct JobParams {
    /// The job's id (job.list lists them; `"async": true` answers with it).
    id: u64,
}

fn status(ctx: &mut Ctx<'_>, p: JobParams) -> Result<JobInfo> {
    ctx.jobs_table()?.lock().info(p.id)
}

fn cancel(ctx: &mut Ctx<'_>, p: JobParams) -> Result<JobInfo> {
    let caller = ctx.caller().clone();
    let info = ctx.jobs_table()?.lock().cancel(&caller, p.id)?;
    if info.state.is_finished() && info.state != JobState::Cancelled {
        ctx.notice(format!("job {} had already ended ({}): nothing to cancel", info.id, info.state.name()));
    }
    Ok(info)
}

impl Ctx<'_> {
    /// The session's jobs; inside a job there are none to watch.
    fn jobs_table(&self) -> Result<&parking_lot::Mutex<crate::jobs::JobTable>> {
        self.jobs.ok_or_else(|| {
            Error::Failed(format!("{} cannot run inside a job or a preview: run it as an ordinary call", self.command))
        })
    }
}
