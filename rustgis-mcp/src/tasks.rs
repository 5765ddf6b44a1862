//! Long work as MCP tasks (the tasks extension, `io.modelcontextprotocol/tasks`, SEP-2663).
//!
//! When a client declares the extension, a `run_command` of a long command (one whose
//! description suggests a job: buffers and joins on large data, rasters, PostGIS imports,
//! exports, tile pyramids) or any `run_command` / `run` with `"async": true` answers at once with
//! a task instead of a result. The task is the session's own job underneath: the same policy
//! check when it starts, one undo step named for the agent when it ends, a partial result kept
//! when it is cancelled. `tasks/get` reports its progress in `statusMessage` and, at the end, the
//! tool result the call would have given; `tasks/cancel` stops the job. A client that declares
//! no tasks gets today's behaviour: the call waits for its result, or answers with a job id when
//! it asked for `"async": true`.
//!
//! Task ids are random UUIDs, shared by the clones of one server (stateless HTTP makes a clone
//! per request): holding the id is what lets a client read or cancel a task.

use std::sync::Arc;

use rmcp::model::{
    CallToolResult, DetailedTask, ProgressNotificationParam, ProgressToken, ServerNotification, TaskPayload,
    TaskStatusNotificationParams,
};
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use rmcp::{ErrorData as McpError, Peer, RoleServer};
use rustgis_core::{JobState, JobWaiter, Registry};
use serde_json::Value as Json;

use crate::host::{CallInfo, Host, HostError, Job};
use crate::present::Presentation;
use crate::tools::{self, RunArgs, RunCommandArgs, ToolKind};

/// How long a task is kept: a job running longer than this is still committed by the session,
/// but its task reads as failed (expired) and is forgotten an hour after that.
pub const TASK_TTL_MS: u64 = 3_600_000;

/// How often a client is told to poll `tasks/get`.
pub const TASK_POLL_INTERVAL_MS: u64 = 500;

/// The work a task runs: a command or a script, as a job.
pub(crate) enum TaskWork {
    Command(RunCommandArgs),
    Script(RunArgs),
}

/// What `name args` would run as a task, if it is long work a task suits: `None` for every
/// other call (and for arguments that do not parse, which the ordinary call answers).
pub(crate) fn task_work(name: &str, args: &Json) -> Option<TaskWork> {
    match tools::tool_def(name)?.kind {
        ToolKind::RunCommand => {
            let a: RunCommandArgs = tools::parse_args(name, args).ok()?;
            // job.* commands act on jobs; they are never jobs themselves.
            if a.command.starts_with("job.") {
                return None;
            }
            let long = Registry::global().get(&a.command).is_some_and(|def| def.long);
            (a.run_async || long).then_some(TaskWork::Command(a))
        }
        ToolKind::Run => {
            let a: RunArgs = tools::parse_args(name, args).ok()?;
            a.run_async.then_some(TaskWork::Script(a))
        }
        _ => None,
    }
}

/// Where a running task tells its client how it goes: progress on the call's token (when the
/// client gave one) and `notifications/tasks` with the task's state.
pub(crate) struct TaskNotes {
    pub(crate) peer: Peer<RoleServer>,
    pub(crate) progress_token: Option<ProgressToken>,
    pub(crate) manager: TaskManager,
}

impl TaskNotes {
    async fn progress(&self, fraction: f64, message: &str) {
        if let Some(token) = &self.progress_token {
            let note = ProgressNotificationParam::new(token.clone(), fraction).with_total(1.0).with_message(message);
            if let Err(e) = self.peer.notify_progress(note).await {
                tracing::debug!("cannot send a task's progress: {e}");
            }
        }
    }

    async fn status(&self, task: DetailedTask) {
        let note = ServerNotification::TaskStatusNotification(rmcp::model::Notification::new(
            TaskStatusNotificationParams::new(task),
        ));
        if let Err(e) = self.peer.send_notification(note).await {
            tracing::debug!("cannot send a task's status: {e}");
        }
    }

    async fn current(&self, task_id: &str) {
        match self.manager.get_task(task_id) {
            Ok(task) => self.status(task).await,
            Err(e) => tracing::debug!("task {task_id} is gone: {}", e.message),
        }
    }
}

/// Starts `work` as a job on the host and, if it started, a task that follows it. `Err`: the
/// tool result saying why it could not start (the call answers with it, as without tasks).
pub(crate) async fn start(
    host: Arc<dyn Host>,
    call: CallInfo,
    work: TaskWork,
    presentation: Presentation,
    notes: TaskNotes,
) -> Result<rmcp::model::Task, Result<CallToolResult, McpError>> {
    let found = Arc::new(parking_lot::Mutex::new(None));
    let slot = found.clone();
    let begin: Job = Box::new(move |session, caller| match tools::start_task_job(session, caller, work) {
        Ok(waiter) => {
            *slot.lock() = Some(waiter);
            CallToolResult::success(Vec::new())
        }
        Err(refused) => refused.into_result(),
    });
    let begun = host.run(call.clone(), begin).await.map_err(|e| Err(host_error(e)))?;
    let Some(waiter) = found.lock().take() else { return Err(Ok(begun)) };
    let manager = notes.manager.clone();
    let options = TaskOptions::new()
        .with_ttl_ms(TASK_TTL_MS)
        .with_poll_interval_ms(TASK_POLL_INTERVAL_MS)
        .with_status_message(format!("job {} started", waiter.id()));
    Ok(manager.spawn(options, move |context| Box::pin(follow(host, call, waiter, context, presentation, notes))))
}

/// Follows the job until it ends, keeping the task's status message and the client's progress
/// up to date, and stops it when the client cancels the task. Ends with the job's result (the
/// tool result `job.wait` gives), or cancelled with a status message naming what was kept.
async fn follow(
    host: Arc<dyn Host>,
    call: CallInfo,
    waiter: JobWaiter,
    context: TaskContext,
    presentation: Presentation,
    notes: TaskNotes,
) -> Result<CallToolResult, TaskExit> {
    let id = waiter.id();
    let mut ticks = tokio::time::interval(tools::PROGRESS_INTERVAL);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut cancel_asked = false;
    let mut sent: Option<f64> = None;
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = context.cancelled(), if !cancel_asked => {
                cancel_asked = true;
                let stop: Job = Box::new(move |session, caller| match session.cancel_job(caller, id) {
                    Ok(_) => CallToolResult::success(Vec::new()),
                    Err(e) => tools::core_error(&e),
                });
                if let Err(e) = host.run(call.clone(), stop).await {
                    tracing::debug!("cannot cancel job {id}: {}", e.message);
                }
            }
        }
        if waiter.has_ended() {
            break;
        }
        let (fraction, message) = waiter.progress();
        // MCP asks that progress increase with each notification.
        if sent.is_none_or(|before| fraction > before) {
            let percent = (fraction * 100.0).round();
            context.set_status_message(format!("job {id}: {percent}% {message}"));
            notes.progress(fraction, &message).await;
            notes.current(context.task_id()).await;
            sent = Some(fraction);
        }
    }
    // Committed as `job.wait` commits it (one undo step), answered as the call would have been.
    let state = Arc::new(parking_lot::Mutex::new(None));
    let seen = state.clone();
    let outcome: Job = Box::new(move |session, caller| {
        let (result, ended) = tools::task_outcome(session, caller, id, presentation);
        *seen.lock() = ended;
        result
    });
    let result = host.run(call, outcome).await.map_err(|e| TaskExit::Error(host_error(e)))?;
    let ended = *state.lock();
    let task_id = context.task_id().to_owned();
    if ended == Some(JobState::Cancelled) {
        context.set_status_message(format!("cancelled: {}", text_of(&result)));
        tokio::spawn(tell_terminal(notes, task_id));
        return Err(TaskExit::Cancelled);
    }
    context.set_status_message(format!("job {id} {}", ended.map_or("ended", JobState::name)));
    tokio::spawn(tell_terminal(notes, task_id));
    Ok(result)
}

/// Sends the task's final state once the task manager has recorded it (at once after
/// [`follow`] returns; bounded so a vanished task ends the wait).
async fn tell_terminal(notes: TaskNotes, task_id: String) {
    for _ in 0..200 {
        match notes.manager.get_task(&task_id) {
            Ok(task) if is_terminal(&task) => return notes.status(task).await,
            Ok(_) => tokio::time::sleep(std::time::Duration::from_millis(5)).await,
            Err(_) => return,
        }
    }
}

fn is_terminal(task: &DetailedTask) -> bool {
    !matches!(task.payload, TaskPayload::Working | TaskPayload::InputRequired { .. })
}

/// The result's text blocks, joined.
fn text_of(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|block| block.as_text().map(|t| t.text.as_str())).collect::<Vec<_>>().join(" ")
}

fn host_error(e: HostError) -> McpError {
    McpError::new(rmcp::model::ErrorCode(e.code), e.message, None)
}
