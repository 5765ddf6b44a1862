//! The relay: a loopback listener whose attached agents' tool calls wait in one queue until the
//! host (the desktop app, the headless host, a test) runs them on its session, on its frame.
//!
//! The host owns the [`Session`]; the relay never touches it outside [`Relay::run_frame`]. That is
//! what makes "one call at a time, on the app's thread" hold while many agents talk at once.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use parking_lot::Mutex;
use rmcp::model::CallToolResult;
use rustgis_core::{Actor, Caller, RunId, Session};
use rustgis_mcp::{HostError, Job, ScreenImage};
use serde_json::{Value as Json, json};
use tokio::sync::{oneshot, watch};

use crate::audit::{AuditEntry, AuditLog, redact};
use crate::config::{Limits, RelayConfig};
use crate::error::{Error, Result};
use crate::http::{HttpConfig, HttpEndpoint};
use crate::private::{self, Token};

/// JSON-RPC error: the queue is full (the app is busy; try again).
pub const QUEUE_FULL: i32 = -32001;
/// JSON-RPC error: the request waited its whole wait and was cancelled; it never ran.
pub const TIMED_OUT: i32 = -32002;
/// JSON-RPC error: the request was running past one more interval; its outcome is unknown.
pub const OUTCOME_UNKNOWN: i32 = -32003;
/// JSON-RPC error: the app drew no frame since the request was queued; it never ran.
pub const APP_BUSY: i32 = -32004;

/// A running relay. Clones share it; stopping any clone, or dropping the last one, closes the
/// listener and every client, drops queued messages unrun and removes the token and endpoint
/// files.
#[derive(Clone)]
pub struct Relay {
    owner: Arc<Owner>,
}

impl std::fmt::Debug for Relay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relay")
            .field("addr", &self.owner.shared.addr)
            .field("running", &self.is_running())
            .finish_non_exhaustive()
    }
}

/// The last owner: its drop stops the relay (the drop-guard pattern: tasks hold only `Shared`).
struct Owner {
    shared: Arc<Shared>,
    runtime: Mutex<Option<tokio::runtime::Runtime>>,
}

impl Owner {
    fn stop(&self) {
        self.shared.stop();
        if let Some(runtime) = self.runtime.lock().take() {
            // Dropping the runtime's tasks closes the listener and every socket at once.
            runtime.shutdown_background();
        }
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What one frame did.
#[derive(Debug, Default)]
#[must_use = "a screen request must be answered (or dropped) before the relay runs anything else"]
pub struct FrameReport {
    /// How many queued calls ran on the session.
    pub ran: usize,
    /// A `snapshot {mode: "screen"}` for the host to take: the relay runs nothing else until it
    /// is answered or dropped.
    pub screen: Option<ScreenRequest>,
}

/// An agent's request for the map as the window shows it. Answer it with the picture; dropping
/// it unanswered tells the agent the app did not take one.
pub struct ScreenRequest {
    shared: Arc<Shared>,
    reply: Option<oneshot::Sender<std::result::Result<ScreenImage, HostError>>>,
}

impl std::fmt::Debug for ScreenRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScreenRequest").finish_non_exhaustive()
    }
}

impl ScreenRequest {
    /// Hands the picture (or why there is none) to the agent; the relay then goes on.
    pub fn answer(mut self, picture: std::result::Result<ScreenImage, String>) {
        if let Some(reply) = self.reply.take()
            && reply.send(picture.map_err(HostError::internal)).is_err()
        {
            tracing::debug!("the screen snapshot's client stopped waiting; the picture is discarded");
        }
    }
}

impl Drop for ScreenRequest {
    fn drop(&mut self) {
        if let Some(reply) = self.reply.take()
            && reply.send(Err(HostError::internal("the app did not take the picture"))).is_err()
        {
            tracing::debug!("the screen snapshot's client stopped waiting");
        }
        self.shared.state.lock().screen_out = false;
        self.shared.wake();
    }
}

/// What the host's status bar shows about an agent's last call.
#[derive(Debug, Clone, PartialEq)]
pub struct LastCall {
    /// The agent (`agent 1`).
    pub agent: String,
    /// The tool (`run_command`).
    pub tool: String,
    /// The RustGIS command, when the call ran one (`layer.addSample`).
    pub command: Option<String>,
    /// The parameters, with credentials replaced.
    pub args: Json,
    /// Whether it succeeded.
    pub success: bool,
    /// Why it failed.
    pub error: Option<String>,
    /// When it was answered.
    pub at: SystemTime,
    /// How long it took.
    pub duration: Duration,
}

/// An attached client, for the host's status bar.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentInfo {
    /// `agent n`, once it has made a call.
    pub name: Option<String>,
    /// What its attach named itself (`claude-code`).
    pub client: Option<String>,
    /// Whether it attached with the relay's own token (not a grant).
    pub own_token: bool,
    /// Whether its calls may use files and the network now.
    pub files_and_network: bool,
    /// Its last call.
    pub last_call: Option<LastCall>,
}

/// A gated tool call from a reviewed grant, waiting for the host's decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Approval {
    /// Pass to [`Relay::approve`] or [`Relay::deny`].
    pub id: u64,
    /// The grant it came through.
    pub grant: u64,
    /// The agent (`agent 2`).
    pub agent: String,
    /// The tool.
    pub tool: String,
    /// The arguments, exactly as sent.
    pub args: Json,
    /// The exact JSON-RPC message the agent sent.
    pub message: String,
    /// Whether it came in a batch.
    pub batch: bool,
    /// When it arrived.
    pub at: SystemTime,
}

/// A run-scoped token: a connection that attaches with it has the grant's permission.
/// Dropping the grant removes its file, forgets the token and closes its connections.
pub struct Grant {
    shared: Arc<Shared>,
    id: u64,
    file: PathBuf,
}

impl std::fmt::Debug for Grant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grant").field("id", &self.id).field("file", &self.file).finish()
    }
}

impl Grant {
    /// The grant's number in this relay run.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The token file (`{port}-{run}-{n}.token`), for `--token-file`.
    pub fn token_file(&self) -> &Path {
        &self.file
    }

    /// The command an agent runs to attach with this grant.
    pub fn attach_command(&self) -> Vec<String> {
        vec![
            "rustgis-cli".into(),
            "mcp".into(),
            "--attach".into(),
            self.shared.addr.port().to_string(),
            "--token-file".into(),
            self.file.display().to_string(),
        ]
    }
}

impl Drop for Grant {
    fn drop(&mut self) {
        self.shared.revoke(self.id);
    }
}

impl Relay {
    /// Starts a relay: refuses a non-loopback address before any socket is opened, listens,
    /// writes the token (`{port}.token`) and `endpoint.json` to the private folder and opens the
    /// audit log. A taken port's error says so and names `RUSTGIS_MCP_PORT`.
    pub fn bind(config: RelayConfig) -> Result<Relay> {
        let (listener, addr) = crate::listen::bind_loopback(config.addr, |ip, port| Error::PortTaken { ip, port })?;
        let dir = config.private_dir.clone().unwrap_or_else(private::default_private_dir);
        private::ensure_dir(&dir)?;
        let audit = match config.app_data_dir.clone().or_else(crate::audit::default_app_data_dir) {
            Some(app_data) => Some(AuditLog::open(&app_data)?),
            None => {
                tracing::warn!("no app-data folder on this system: the relay keeps no audit log");
                None
            }
        };
        // The port is ours now: whatever a relay left for it in the private folder is stale.
        let notices = private::clear_stale(&dir, addr.port());
        for notice in &notices {
            tracing::info!("{notice}");
        }
        let token = Token::generate()?;
        if let Some(audit) = &audit {
            audit.add_secret(&token);
        }
        let run = RunId(private::random_u64()?);
        let token_file = private::token_path(&dir, addr.port());
        private::write_private(&token_file, format!("{}\n", token.expose()).as_bytes())?;
        let (stop_tx, _) = watch::channel(false);
        let shared = Arc::new(Shared {
            limits: config.limits.clone(),
            addr,
            run,
            version: config.version.clone(),
            screen: config.screen,
            dir: dir.clone(),
            token,
            token_file: token_file.clone(),
            endpoint_file: dir.join("endpoint.json"),
            started_at: SystemTime::now(),
            notices,
            audit,
            stopped: AtomicBool::new(false),
            stop_tx,
            allow_access: AtomicBool::new(false),
            full_access: AtomicBool::new(false),
            frames: AtomicU64::new(0),
            state: Mutex::new(State::default()),
            wake: Mutex::new(None),
            http: Mutex::new(None),
        });
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("rustgis-relay")
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => {
                shared.stop();
                return Err(Error::Runtime(e));
            }
        };
        let listener = {
            let _entered = runtime.enter();
            tokio::net::TcpListener::from_std(listener)
        };
        let listener = match listener {
            Ok(listener) => listener,
            Err(source) => {
                shared.stop();
                return Err(Error::Bind { addr, source });
            }
        };
        runtime.spawn(crate::connection::accept_loop(shared.clone(), listener));
        if let Err(e) = shared.write_endpoint() {
            shared.stop();
            return Err(e);
        }
        tracing::info!("MCP relay listening on {addr}");
        Ok(Relay { owner: Arc::new(Owner { shared, runtime: Mutex::new(Some(runtime)) }) })
    }

    fn shared(&self) -> &Arc<Shared> {
        &self.owner.shared
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.shared().addr
    }

    /// The relay run's id (agents of another run are never taken for this run's).
    pub fn run_id(&self) -> RunId {
        self.shared().run
    }

    /// The file holding the relay's own token.
    pub fn token_file(&self) -> &Path {
        &self.shared().token_file
    }

    /// `endpoint.json` in the private folder, while the relay runs.
    pub fn endpoint_file(&self) -> &Path {
        &self.shared().endpoint_file
    }

    /// What starting replaced (a stale token file, grant files or endpoint.json of a relay that
    /// no longer runs), one sentence each, for the host to show on standard error.
    pub fn notices(&self) -> &[String] {
        &self.shared().notices
    }

    /// The private folder.
    pub fn private_dir(&self) -> &Path {
        &self.shared().dir
    }

    /// The audit log's folder, when there is one.
    pub fn audit_dir(&self) -> Option<&Path> {
        self.shared().audit.as_ref().map(AuditLog::dir)
    }

    /// Whether it still runs.
    pub fn is_running(&self) -> bool {
        !self.shared().stopped.load(Ordering::SeqCst)
    }

    /// Stops the relay: closes the listener and every client, drops queued messages unrun,
    /// cancels waiting approvals and removes the token, grant and endpoint files. Idempotent.
    pub fn stop(&self) {
        self.owner.stop();
    }

    /// Lets connections attached with the relay's own token use files and the network whether
    /// or not they asked (the app's "Let your Agents Control RustGIS"). Checked on every call.
    /// Turning it off after it was on stops the relay and disconnects its clients.
    pub fn set_allow_access(&self, allow: bool) {
        let was = self.shared().allow_access.swap(allow, Ordering::SeqCst);
        if was && !allow {
            self.stop();
        }
    }

    /// Whether app-granted access is on.
    pub fn allow_access(&self) -> bool {
        self.shared().allow_access.load(Ordering::SeqCst)
    }

    /// Full access: lifts every refusal for agents attached with the relay's own token (not
    /// grants). Off at start, never saved, and off again when the relay stops.
    pub fn set_full_access(&self, on: bool) {
        if self.is_running() {
            self.shared().full_access.store(on, Ordering::SeqCst);
        }
    }

    /// Whether Full access is on.
    pub fn full_access(&self) -> bool {
        self.shared().full_access.load(Ordering::SeqCst)
    }

    /// A run-scoped token with its own file and network permission, written to
    /// `{port}-{run}-{n}.token`. Refused after the relay stopped.
    pub fn grant(&self, access: bool) -> Result<Grant> {
        self.shared().clone().grant(access, None)
    }

    /// A grant for a local agent whose gated tool calls (`run_command`, `run`, `snapshot`) wait
    /// for the host's approval ([`Relay::approvals`]), unless `auto`. Neither `--yes` nor the
    /// app's access setting bypasses the review. Its calls may use files and the network once
    /// approved.
    pub fn grant_reviewed(&self, auto: bool) -> Result<Grant> {
        self.shared().clone().grant(true, Some(auto))
    }

    /// The calls waiting for approval, oldest first.
    pub fn approvals(&self) -> Vec<Approval> {
        self.shared().state.lock().approvals.values().map(|p| p.info.clone()).collect()
    }

    /// Lets a waiting call run. An expired, answered or cancelled request cannot be revived.
    pub fn approve(&self, id: u64) -> Result<()> {
        self.shared().decide(id, true)
    }

    /// Refuses a waiting call; the agent is told the user denied it.
    pub fn deny(&self, id: u64) -> Result<()> {
        self.shared().decide(id, false)
    }

    /// Installs the hook the relay calls when a message is queued or the attached count changes,
    /// so the host draws a frame. A host that starts the relay before its first frame installs
    /// it on the first logic call after that frame exists; it is called at once when messages
    /// already wait.
    pub fn set_wake(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self.shared().wake.lock() = Some(Arc::new(wake));
        if !self.shared().state.lock().queue.is_empty() {
            self.shared().wake();
        }
    }

    /// Runs, on the host's session, the calls queued before this frame, one at a time, in order.
    /// Call it once per frame drawn: it is also how the relay knows the app is drawing (a call
    /// queued while no frame comes for 10 seconds is refused as busy). Stops at a screen
    /// snapshot, which the host takes before anything else runs.
    pub fn run_frame(&self, session: &mut Session) -> FrameReport {
        self.shared().run_frame(session)
    }

    /// How many calls wait for a frame.
    pub fn pending(&self) -> usize {
        self.shared().state.lock().queue.len()
    }

    /// How many clients have attached (authenticated), for "MCP relay · n attached".
    pub fn attached_count(&self) -> usize {
        self.shared().state.lock().conns.len()
    }

    /// How many connections are open, attached or not.
    pub fn open_connections(&self) -> usize {
        self.shared().state.lock().connections
    }

    /// The attached clients, in the order they attached.
    pub fn agents(&self) -> Vec<AgentInfo> {
        let shared = self.shared();
        let conns: Vec<Arc<Conn>> = shared.state.lock().conns.values().cloned().collect();
        conns
            .iter()
            .map(|c| AgentInfo {
                name: c.name(),
                client: c.client.clone(),
                own_token: c.grant.is_none(),
                files_and_network: shared.files_and_network(c),
                last_call: c.last_call.lock().clone(),
            })
            .collect()
    }

    /// The most recent call any agent made, for the status bar.
    pub fn last_call(&self) -> Option<LastCall> {
        self.shared().state.lock().last_call.clone()
    }

    /// Serves MCP over HTTP beside the relay, on the same queue: refuses a non-loopback address
    /// before any socket is opened, reads (or makes, once) `mcp-http.token` in the settings folder,
    /// listens, and adds `http_url` and `http_token_file` to endpoint.json. It stops with the relay.
    /// Every HTTP client is one agent, with the access of the relay's own token; see
    /// `docs/http.md`.
    pub fn serve_http(&self, config: HttpConfig) -> Result<HttpEndpoint> {
        if !self.is_running() {
            return Err(Error::Stopped);
        }
        if let Some(running) = self.http() {
            return Err(Error::HttpRunning { running: running.addr });
        }
        let handle = self.owner.runtime.lock().as_ref().map(|r| r.handle().clone()).ok_or(Error::Stopped)?;
        let endpoint = crate::http::start(self.shared(), &handle, config)?;
        *self.shared().http.lock() = Some(endpoint.clone());
        // HTTP already serves: a stale endpoint.json is worth a warning, not a second failure.
        if let Err(e) = self.shared().write_endpoint() {
            tracing::warn!("cannot add MCP over HTTP to endpoint.json: {e:#}");
        }
        tracing::info!("MCP over HTTP on {}", endpoint.url);
        Ok(endpoint)
    }

    /// MCP over HTTP, while it serves beside the relay.
    pub fn http(&self) -> Option<HttpEndpoint> {
        if !self.is_running() {
            return None;
        }
        self.shared().http.lock().clone()
    }
}

/// Where a connection's credential came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Credential {
    Own,
    Grant(u64),
}

/// One attached connection.
#[derive(Debug)]
pub(crate) struct Conn {
    pub id: u64,
    pub grant: Option<u64>,
    /// The grant's permission (grants), or `false` (own token: see `asked_access`).
    pub grant_access: bool,
    /// `Some(auto)` for a reviewed grant.
    pub review: Option<bool>,
    /// What the attach asked for (`--yes`); a repeat attach may change it.
    pub asked_access: AtomicBool,
    /// The wait in the client's seconds.
    pub wait_s: AtomicU64,
    /// `n` of `agent n`, 0 until its first call.
    pub agent_n: AtomicU32,
    pub client: Option<String>,
    pub last_call: Mutex<Option<LastCall>>,
}

impl Conn {
    pub fn name(&self) -> Option<String> {
        match self.agent_n.load(Ordering::SeqCst) {
            0 => None,
            n => Some(format!("agent {n}")),
        }
    }

    pub fn credential(&self) -> Credential {
        self.grant.map_or(Credential::Own, Credential::Grant)
    }
}

/// Work waiting for the host's frame.
pub(crate) enum Work {
    Job(Job, oneshot::Sender<CallToolResult>),
    Screen(oneshot::Sender<std::result::Result<ScreenImage, HostError>>),
}

pub(crate) struct Queued {
    pub ticket: u64,
    pub conn: Arc<Conn>,
    pub work: Work,
}

/// A queued call, as its waiter remembers it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ticket {
    pub id: u64,
    pub queued_at: Instant,
    pub frames_at: u64,
}

pub(crate) struct GrantEntry {
    pub token: Token,
    pub access: bool,
    pub review: Option<bool>,
    pub file: PathBuf,
    pub closed: watch::Sender<bool>,
}

pub(crate) struct PendingApproval {
    pub info: Approval,
    /// The connection it came on.
    pub conn: u64,
    pub decide: oneshot::Sender<bool>,
}

#[derive(Default)]
pub(crate) struct State {
    pub queue: VecDeque<Queued>,
    pub next_ticket: u64,
    pub screen_out: bool,
    pub grants: HashMap<u64, GrantEntry>,
    pub next_grant: u64,
    pub next_agent: u32,
    pub connections: usize,
    pub unattached: usize,
    /// Connections that have not attached, oldest first, each with its eviction signal.
    pub waiting: BTreeMap<u64, oneshot::Sender<()>>,
    pub next_slot: u64,
    pub conns: BTreeMap<u64, Arc<Conn>>,
    pub next_conn: u64,
    pub approvals: BTreeMap<u64, PendingApproval>,
    pub next_approval: u64,
    pub last_call: Option<LastCall>,
}

/// What the relay's tasks share (never the runtime: see `Owner`).
pub(crate) struct Shared {
    pub limits: Limits,
    pub addr: SocketAddr,
    pub run: RunId,
    pub version: String,
    pub screen: bool,
    pub dir: PathBuf,
    pub token: Token,
    pub token_file: PathBuf,
    pub endpoint_file: PathBuf,
    pub started_at: SystemTime,
    /// What the start replaced that a relay which is gone left behind.
    pub notices: Vec<String>,
    pub audit: Option<AuditLog>,
    pub stopped: AtomicBool,
    /// Every connection and the accept loop watch this to end at once on stop.
    pub stop_tx: watch::Sender<bool>,
    pub allow_access: AtomicBool,
    pub full_access: AtomicBool,
    /// Frames the host has run; a queued call whose count has not moved is waiting on a stalled app.
    pub frames: AtomicU64,
    pub state: Mutex<State>,
    wake: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// MCP over HTTP, once it serves beside the relay.
    pub http: Mutex<Option<HttpEndpoint>>,
}

impl Shared {
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    pub fn wake(&self) {
        let wake = self.wake.lock().clone();
        if let Some(wake) = wake {
            wake();
        }
    }

    /// Whether a connection's calls may use files and the network now.
    pub fn files_and_network(&self, conn: &Conn) -> bool {
        match conn.grant {
            Some(_) => conn.grant_access,
            None => conn.asked_access.load(Ordering::SeqCst) || self.allow_access.load(Ordering::SeqCst),
        }
    }

    /// The wait of a connection's requests.
    pub fn wait_of(&self, conn: &Conn) -> Duration {
        self.limits.seconds(conn.wait_s.load(Ordering::SeqCst))
    }

    /// Numbers an agent on its first call: agent 1, agent 2… in the order they first call, per run.
    pub fn number_agent(&self, conn: &Conn) -> u32 {
        let mut state = self.state.lock();
        match conn.agent_n.load(Ordering::SeqCst) {
            0 => {
                state.next_agent += 1;
                conn.agent_n.store(state.next_agent, Ordering::SeqCst);
                state.next_agent
            }
            n => n,
        }
    }

    fn caller_for(&self, conn: &Conn) -> Caller {
        let n = match conn.agent_n.load(Ordering::SeqCst) {
            0 => self.number_agent(conn),
            n => n,
        };
        Caller::attached(
            Actor::Agent { run: self.run, n },
            conn.grant.is_none(),
            self.files_and_network(conn),
            self.full_access.load(Ordering::SeqCst),
        )
    }

    /// Queues work for the host's frame, or refuses it: -32001 when the queue is full.
    pub fn enqueue(&self, conn: &Arc<Conn>, work: Work) -> std::result::Result<Ticket, HostError> {
        if self.is_stopped() {
            return Err(stopped_error());
        }
        self.number_agent(conn);
        let ticket = {
            let mut state = self.state.lock();
            if state.queue.len() >= self.limits.queue_cap {
                return Err(HostError {
                    code: QUEUE_FULL,
                    message: format!(
                        "RustGIS is busy: {} requests already wait for the app; try again",
                        self.limits.queue_cap
                    ),
                });
            }
            state.next_ticket += 1;
            let ticket = Ticket {
                id: state.next_ticket,
                queued_at: Instant::now(),
                frames_at: self.frames.load(Ordering::SeqCst),
            };
            state.queue.push_back(Queued { ticket: ticket.id, conn: conn.clone(), work });
            ticket
        };
        self.wake();
        Ok(ticket)
    }

    /// Waits for a queued call's reply within the connection's wait: cancelled unrun with -32002
    /// when still queued at the end of it, -32004 at once when the app drew no frame for
    /// `busy_after`, -32003 when it was running one more interval later. Checks for a stopped
    /// relay every `poll`.
    pub async fn wait_for<T>(
        &self,
        ticket: Ticket,
        mut reply: oneshot::Receiver<T>,
        wait: Duration,
    ) -> std::result::Result<T, HostError> {
        let mut tick = tokio::time::interval(self.limits.poll);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let busy_after = self.limits.busy_after;
        loop {
            tokio::select! {
                biased;
                answer = &mut reply => return answer.map_err(|_| stopped_error()),
                _ = tick.tick() => {}
            }
            if self.is_stopped() {
                self.state.lock().queue.retain(|q| q.ticket != ticket.id);
                return Err(stopped_error());
            }
            let elapsed = ticket.queued_at.elapsed();
            let mut state = self.state.lock();
            match state.queue.iter().position(|q| q.ticket == ticket.id) {
                Some(pos) => {
                    let stalled = self.frames.load(Ordering::SeqCst) == ticket.frames_at;
                    if stalled && elapsed >= busy_after && busy_after <= wait {
                        state.queue.remove(pos);
                        return Err(HostError {
                            code: APP_BUSY,
                            message: format!(
                                "RustGIS is busy: the app has drawn nothing for {} s (a dialog may be open, a long tool \
                                 running, or the window minimized); the request was cancelled and never ran, try again",
                                busy_after.as_secs_f64()
                            ),
                        });
                    }
                    if elapsed >= wait {
                        state.queue.remove(pos);
                        return Err(HostError {
                            code: TIMED_OUT,
                            message: format!(
                                "the request waited {} s for the app and was cancelled; it never ran (attach with a \
                                 longer --timeout to wait longer)",
                                wait.as_secs_f64()
                            ),
                        });
                    }
                }
                None => {
                    drop(state);
                    if elapsed >= wait.saturating_mul(2) {
                        return match reply.try_recv() {
                            Ok(answer) => Ok(answer),
                            Err(_) => Err(HostError {
                                code: OUTCOME_UNKNOWN,
                                message: format!(
                                    "the request was still running after {} s; its outcome is unknown (it may still \
                                     complete: check the project before trying again)",
                                    wait.saturating_mul(2).as_secs_f64()
                                ),
                            }),
                        };
                    }
                }
            }
        }
    }

    fn run_frame(self: &Arc<Self>, session: &mut Session) -> FrameReport {
        self.frames.fetch_add(1, Ordering::SeqCst);
        let mut report = FrameReport::default();
        let last = self.state.lock().next_ticket;
        loop {
            let item = {
                let mut state = self.state.lock();
                if state.screen_out || self.is_stopped() {
                    break;
                }
                match state.queue.front() {
                    Some(q) if q.ticket <= last => {}
                    _ => break,
                }
                let item = state.queue.pop_front().expect("checked that the queue has a front");
                if matches!(item.work, Work::Screen(_)) {
                    state.screen_out = true;
                }
                item
            };
            match item.work {
                Work::Job(job, reply) => {
                    let caller = self.caller_for(&item.conn);
                    let result = catch_unwind(AssertUnwindSafe(|| job(session, &caller))).unwrap_or_else(|_| {
                        rustgis_mcp_error(
                            "internal",
                            "the tool failed inside the app (a panic); the project is unchanged",
                        )
                    });
                    report.ran += 1;
                    if reply.send(result).is_err() {
                        tracing::debug!("a late reply is discarded: its client stopped waiting");
                    }
                }
                Work::Screen(reply) => {
                    report.screen = Some(ScreenRequest { shared: self.clone(), reply: Some(reply) });
                    break;
                }
            }
        }
        report
    }

    fn grant(self: Arc<Self>, access: bool, review: Option<bool>) -> Result<Grant> {
        let token = Token::generate()?;
        let mut state = self.state.lock();
        if self.is_stopped() {
            return Err(Error::Stopped);
        }
        if let Some(audit) = &self.audit {
            audit.add_secret(&token);
        }
        state.next_grant += 1;
        let id = state.next_grant;
        let file = self.dir.join(format!("{}-{:016x}-{id}.token", self.addr.port(), self.run.0));
        private::write_private(&file, format!("{}\n", token.expose()).as_bytes())?;
        let (closed, _) = watch::channel(false);
        state.grants.insert(id, GrantEntry { token, access, review, file: file.clone(), closed });
        drop(state);
        Ok(Grant { shared: self, id, file })
    }

    fn revoke(&self, id: u64) {
        let mut state = self.state.lock();
        if let Some(entry) = state.grants.remove(&id) {
            if let Err(e) = private::remove_file(&entry.file) {
                tracing::warn!("cannot remove a revoked grant's file: {e:#}");
            }
            entry.closed.send_replace(true);
        }
        // Its waiting approvals are cancelled (their senders dropped), and its queued calls dropped unrun.
        state.approvals.retain(|_, p| p.info.grant != id);
        state.queue.retain(|q| q.conn.grant != Some(id));
        // Its connections count as attached no longer, though they take a moment to answer what
        // waited for approval and close.
        state.conns.retain(|_, conn| conn.grant != Some(id));
        drop(state);
        self.wake();
    }

    fn decide(&self, id: u64, approve: bool) -> Result<()> {
        let pending = self.state.lock().approvals.remove(&id).ok_or(Error::NotWaiting { id })?;
        pending.decide.send(approve).map_err(|_| Error::NotWaiting { id })
    }

    /// Stops: flags every waiter, clears the queue, approvals and grants, removes files.
    pub fn stop(&self) {
        if self.stopped.swap(true, Ordering::SeqCst) {
            return;
        }
        self.stop_tx.send_replace(true);
        self.full_access.store(false, Ordering::SeqCst);
        let (queue, approvals, grants) = {
            let mut state = self.state.lock();
            state.screen_out = false;
            (std::mem::take(&mut state.queue), std::mem::take(&mut state.approvals), std::mem::take(&mut state.grants))
        };
        drop(queue);
        drop(approvals);
        for entry in grants.into_values() {
            if let Err(e) = private::remove_file(&entry.file) {
                tracing::warn!("cannot remove a grant's file: {e:#}");
            }
            entry.closed.send_replace(true);
        }
        if let Err(e) = private::remove_file(&self.token_file) {
            tracing::warn!("cannot remove the relay's token file: {e:#}");
        }
        self.remove_endpoint();
        self.wake();
        tracing::info!("MCP relay on {} stopped", self.addr);
    }

    fn endpoint_json(&self) -> Json {
        let started = time::OffsetDateTime::from(self.started_at)
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        let port = self.addr.port();
        let mut endpoint = json!({
            "schema": 1,
            "host": self.addr.ip().to_string(),
            "port": port,
            "url": format!("tcp://{}", self.addr),
            "pid": std::process::id(),
            "started_at": started,
            "version": self.version,
            "token_file": self.token_file.display().to_string(),
            "attach": ["rustgis-cli", "mcp", "--attach", port.to_string()],
        });
        if let Some(http) = self.http.lock().as_ref()
            && let Some(map) = endpoint.as_object_mut()
        {
            map.insert("http_url".into(), json!(http.url));
            map.insert("http_token_file".into(), json!(http.token_file.display().to_string()));
        }
        endpoint
    }

    pub(crate) fn write_endpoint(&self) -> Result<()> {
        let text = serde_json::to_string_pretty(&self.endpoint_json()).unwrap_or_default();
        private::write_private_atomic(&self.endpoint_file, text.as_bytes())
    }

    /// Removes endpoint.json when it still describes this relay (another copy may have written
    /// its own since).
    fn remove_endpoint(&self) {
        let ours = std::fs::read_to_string(&self.endpoint_file)
            .ok()
            .and_then(|text| serde_json::from_str::<Json>(&text).ok())
            .is_some_and(|e| e["pid"] == json!(std::process::id()) && e["port"] == json!(self.addr.port()));
        if ours && let Err(e) = private::remove_file(&self.endpoint_file) {
            tracing::warn!("cannot remove endpoint.json: {e:#}");
        }
    }

    /// Writes an answered tool call to the audit log (`source: "mcp"`) and records it as the
    /// agent's last call, for the status bar.
    pub fn record_call(&self, conn: &Conn, call: &CallRecord<'_>) {
        if let Some(audit) = &self.audit {
            audit.write(&AuditEntry {
                source: "mcp",
                agent: conn.name(),
                tool: call.tool.to_owned(),
                args: call.args.clone(),
                success: call.success,
                duration: call.duration,
                error: call.error.clone(),
                batch: call.batch,
                at: call.at,
            });
        }
        let command = rustgis_mcp::call_command(call.tool, call.args);
        let last = LastCall {
            agent: conn.name().unwrap_or_else(|| "agent".to_owned()),
            tool: call.tool.to_owned(),
            command,
            args: redact(call.args),
            success: call.success,
            error: call.error.as_deref().map(crate::audit::withhold_credentials),
            at: SystemTime::now(),
            duration: call.duration,
        };
        *conn.last_call.lock() = Some(last.clone());
        self.state.lock().last_call = Some(last);
    }

    /// Checks an attach token against the relay's own and every grant's, comparing each without
    /// early exit.
    pub fn credential_for(&self, token: &str) -> Option<Accepted> {
        let state = self.state.lock();
        let mut found = None;
        if self.token.matches(token) {
            found = Some(Accepted { credential: Credential::Own, grant_access: false, review: None, revoked: None });
        }
        for (id, grant) in &state.grants {
            if grant.token.matches(token) {
                found = Some(Accepted {
                    credential: Credential::Grant(*id),
                    grant_access: grant.access,
                    review: grant.review,
                    revoked: Some(grant.closed.subscribe()),
                });
            }
        }
        found
    }
}

/// An answered tool call, as the audit log and the status bar record it.
pub(crate) struct CallRecord<'a> {
    pub tool: &'a str,
    pub args: &'a Json,
    pub success: bool,
    pub error: Option<String>,
    /// How long it took (a batch's calls share the batch's).
    pub duration: Duration,
    pub batch: bool,
    /// When it was made.
    pub at: SystemTime,
}

/// A token the relay accepted.
pub(crate) struct Accepted {
    pub credential: Credential,
    /// A grant's permission.
    pub grant_access: bool,
    /// `Some(auto)` for a reviewed grant.
    pub review: Option<bool>,
    /// A grant's revocation signal.
    pub revoked: Option<watch::Receiver<bool>>,
}

pub(crate) fn stopped_error() -> HostError {
    HostError::internal("the relay stopped; the request did not run")
}

fn rustgis_mcp_error(code: &str, message: &str) -> CallToolResult {
    let mut result = CallToolResult::structured_error(json!({ "error": message, "code": code }));
    result.content = vec![rmcp::model::ContentBlock::text(message)];
    result
}
