//! Session hosts: who owns the session the tools act on, and how a tool call reaches it.
//!
//! A tool body never touches the session directly. It packs its work into a [`Job`] and hands
//! it to the host, which runs jobs one at a time and answers each with its result. The private
//! server's host is a thread that owns its own session ([`PrivateHost`]); the relay's host queues
//! jobs for the running app's frame.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::CallToolResult;
use rustgis_core::{Caller, Roots, Session};
use serde_json::Value as Json;

use crate::state::ProjectWatch;

/// Work to do on the session for one tool call, as the caller the host names.
pub type Job = Box<dyn FnOnce(&mut Session, &Caller) -> CallToolResult + Send>;

/// A boxed future, as hosts return them.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// A tool call as the host sees it (for its status bar, audit log or approval queue).
#[derive(Debug, Clone)]
pub struct CallInfo {
    /// The tool name (`run_command`).
    pub tool: String,
    /// The arguments as given.
    pub args: Json,
}

impl CallInfo {
    /// The RustGIS command or script this call runs, if any.
    pub fn command(&self) -> Option<String> {
        crate::tools::call_command(&self.tool, &self.args)
    }
}

/// Why a host could not run a job. `code` is the JSON-RPC error code the client receives.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct HostError {
    /// JSON-RPC error code (-32001 busy queue, -32002 timed out unrun, -32003 outcome unknown,
    /// -32004 app busy, -32603 internal).
    pub code: i32,
    /// The message the client reads.
    pub message: String,
}

impl HostError {
    /// An internal error (the host is gone).
    pub fn internal(message: impl Into<String>) -> HostError {
        HostError { code: -32603, message: message.into() }
    }
}

/// A picture of the map as a window shows it.
#[derive(Debug, Clone)]
pub struct ScreenImage {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// What the server needs from whoever owns the session.
pub trait Host: Send + Sync + 'static {
    /// Runs `job` on the session, after every job handed in before it, and returns its result.
    fn run(&self, call: CallInfo, job: Job) -> BoxFuture<Result<CallToolResult, HostError>>;

    /// Captures the map as the window shows it. `None` where there is no window.
    fn screen_snapshot(&self) -> Option<BoxFuture<Result<ScreenImage, HostError>>> {
        None
    }

    /// Whether the session is the project the user has open in the app (attached), rather than
    /// the agent's own.
    fn attached(&self) -> bool;

    /// Whether this connection may read and write files and use the network.
    fn files_and_network(&self) -> bool;

    /// Whether an attached session is shown in a window the user watches (the desktop app), as
    /// opposed to a host without one (the headless `rustgis-relay`). The instructions sent at
    /// initialization say which.
    fn has_window(&self) -> bool {
        false
    }

    /// What would give this connection file and network access, in words that fit how it came
    /// in, for the instructions sent at initialization (the refusals say the same).
    fn access_hint(&self) -> String {
        PRIVATE_ACCESS_HINT.to_owned()
    }

    /// The folders whose files this connection may use (none: wherever its access allows), for
    /// the instructions; the session's caller carries them for every check.
    fn roots(&self) -> Roots {
        Roots::default()
    }

    /// Whether this connection's client may lift a roots refusal for one file by its human's yes
    /// (MCP elicitation): only where the client is whoever set the roots (the private server's,
    /// which started it with `--root`). Over the relay the roots are the app's user's or the
    /// host's, and an agent's client answering for them would widen them: not asked there (an
    /// overwrite still is: the agent could have said `"overwrite": true` itself).
    fn client_sets_roots(&self) -> bool {
        false
    }

    /// Where this host publishes the project's revision after each change, for clients
    /// subscribed to `rustgis://project/state`. `None`: the host publishes none, and the state
    /// cannot be subscribed to.
    fn project_watch(&self) -> Option<ProjectWatch> {
        None
    }
}

/// What gives the private server's agent file and network access.
pub(crate) const PRIVATE_ACCESS_HINT: &str = "ask the user to restart the server with --yes (rustgis-cli mcp --yes)";

type Envelope = (Job, tokio::sync::oneshot::Sender<CallToolResult>);

/// How often the private server's session thread commits ended jobs while any runs.
const JOB_POLL_INTERVAL: std::time::Duration = std::time::Duration::from_millis(100);

/// The private server's host: a thread that owns the session and runs jobs in arrival order.
/// Dropping the last handle ends the thread.
#[derive(Clone)]
pub struct PrivateHost {
    jobs: crossbeam_channel::Sender<Envelope>,
    yes: bool,
    roots: Roots,
    watch: ProjectWatch,
}

impl std::fmt::Debug for PrivateHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrivateHost").field("yes", &self.yes).finish_non_exhaustive()
    }
}

impl PrivateHost {
    /// Starts the session thread. `yes` grants file and network access (`--yes`).
    pub fn start(session: Session, yes: bool) -> std::io::Result<Arc<PrivateHost>> {
        PrivateHost::start_with_roots(session, yes, Roots::default())
    }

    /// Starts the session thread, its agent reading and writing files only below `roots`
    /// (`--root`; none: wherever `yes` allows).
    pub fn start_with_roots(session: Session, yes: bool, roots: Roots) -> std::io::Result<Arc<PrivateHost>> {
        // One channel, one thread: the thread is the only owner of the session, which is what
        // makes "one call at a time" hold even though MCP requests arrive concurrently.
        let (jobs, inbox) = crossbeam_channel::unbounded::<Envelope>();
        let caller = Caller::private_agent(yes).with_access_hint(PRIVATE_ACCESS_HINT).with_roots(roots.clone());
        let watch = ProjectWatch::new();
        let publish = watch.clone();
        std::thread::Builder::new().name("rustgis-session".to_owned()).spawn(move || {
            let mut session = session;
            loop {
                // While a job runs, the thread wakes now and then to commit it when it ends, so
                // job.list shows it ended and its layer is there even before the next call.
                let next = if session.has_unfinished_jobs() {
                    inbox.recv_timeout(JOB_POLL_INTERVAL)
                } else {
                    inbox.recv().map_err(|_| crossbeam_channel::RecvTimeoutError::Disconnected)
                };
                match next {
                    Ok((job, reply)) => {
                        let result = job(&mut session, &caller);
                        if reply.send(result).is_err() {
                            tracing::debug!("a tool call's client went away before its reply");
                        }
                    }
                    Err(crossbeam_channel::RecvTimeoutError::Timeout) => {
                        session.poll_jobs();
                    }
                    Err(crossbeam_channel::RecvTimeoutError::Disconnected) => break,
                }
                publish.publish(&session);
            }
        })?;
        Ok(Arc::new(PrivateHost { jobs, yes, roots, watch }))
    }
}

impl Host for PrivateHost {
    fn run(&self, _call: CallInfo, job: Job) -> BoxFuture<Result<CallToolResult, HostError>> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let sent = self.jobs.send((job, reply));
        Box::pin(async move {
            sent.map_err(|_| HostError::internal("the session has stopped"))?;
            answer.await.map_err(|_| HostError::internal("the session stopped before answering"))
        })
    }

    fn attached(&self) -> bool {
        false
    }

    fn files_and_network(&self) -> bool {
        self.yes
    }

    fn roots(&self) -> Roots {
        self.roots.clone()
    }

    fn client_sets_roots(&self) -> bool {
        true
    }

    fn project_watch(&self) -> Option<ProjectWatch> {
        Some(self.watch.clone())
    }
}
