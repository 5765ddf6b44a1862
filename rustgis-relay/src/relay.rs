//! The relay: a loopback listener whose attached agents' tool calls wait in one queue until the
//! host (the desktop app, the headless host, a test) runs them on its session, on its frame.
//!
//! The host owns the [`Session`]; the relay never touches it outside [`Relay::run_frame`]. That is
//! what makes "one call at a time, on the app's thread" hold while many agents talk at once.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::SystemTime;

use parking_lot::Mutex;
use rustgis_core::{RunId, Session};
use tokio::sync::watch;

use crate::approvals::Approval;
use crate::audit::AuditLog;
use crate::config::RelayConfig;
use crate::error::{Error, Result};
use crate::grants::Grant;
use crate::http::HttpConfig;
use crate::private::{self, Token};
use crate::queue::FrameReport;
use crate::shared::{Conn, Shared, State};
use crate::status::{AgentInfo, HttpEndpoint, LastCall};

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
            roots: config.roots.clone(),
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
            http_agent: Mutex::new(None),
            project: rustgis_mcp::ProjectWatch::new(),
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
        self.shared().clone().grant(access, None, &rustgis_core::Roots::default())
    }

    /// [`Relay::grant`], its agents' files only below `roots` (which must lie inside the relay's
    /// own; none: the relay's).
    pub fn grant_in(&self, access: bool, roots: &rustgis_core::Roots) -> Result<Grant> {
        self.shared().clone().grant(access, None, roots)
    }

    /// [`Relay::grant_reviewed`], its agents' files only below `roots` (which must lie inside the
    /// relay's own; none: the relay's).
    pub fn grant_reviewed_in(&self, auto: bool, roots: &rustgis_core::Roots) -> Result<Grant> {
        self.shared().clone().grant(true, Some(auto), roots)
    }

    /// A grant for a local agent whose gated tool calls (`run_command`, `run`, `snapshot`) wait
    /// for the host's approval ([`Relay::approvals`]), unless `auto`. Neither `--yes` nor the
    /// app's access setting bypasses the review. Its calls may use files and the network once
    /// approved.
    pub fn grant_reviewed(&self, auto: bool) -> Result<Grant> {
        self.shared().clone().grant(true, Some(auto), &rustgis_core::Roots::default())
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

    /// Tells the agents following `rustgis://project/state` that the project moved, if it did
    /// since the last time: each frame does it after its calls; a host calls it after the
    /// user's own change too, so agents hear of it at once rather than at the next frame.
    pub fn publish_state(&self, session: &Session) {
        self.shared().project.publish(session);
    }

    /// How many calls wait for a frame.
    pub fn pending(&self) -> usize {
        self.shared().state.lock().queue.len()
    }

    /// How many clients are attached, for "MCP relay · n attached": the relay's authenticated
    /// connections, and each MCP-over-HTTP client (told apart by its `User-Agent`) that sent a
    /// request with the token within the idle limit (300 s).
    pub fn attached_count(&self) -> usize {
        let http = self.shared().live_http_clients().len();
        self.shared().state.lock().conns.len() + http
    }

    /// How long until an MCP-over-HTTP client that stops sending requests leaves the attached
    /// count (the soonest one), so a host can redraw its count then; `None` with none counted.
    pub fn http_clients_expire_in(&self) -> Option<std::time::Duration> {
        let idle = self.shared().limits.idle;
        self.shared().live_http_clients().iter().map(|(_, c)| idle.saturating_sub(c.last_seen.elapsed())).min()
    }

    /// The name each agent numbered this run gave in its MCP `initialize` (`clientInfo.name`), by
    /// its number (`n` of `agent n`), including agents whose connection has closed: for a
    /// host's undo history ("agent 1 (claude-code)").
    pub fn agent_clients(&self) -> std::collections::BTreeMap<u32, String> {
        self.shared().state.lock().agents.iter().filter_map(|(n, a)| Some((*n, a.client.clone()?))).collect()
    }

    /// How many connections are open, attached or not.
    pub fn open_connections(&self) -> usize {
        self.shared().state.lock().connections
    }

    /// Closes an attached agent's connection (`AgentInfo::connection`), as stopping the relay
    /// closes every one: its calls not yet run never run, and it may attach again with its token
    /// (revoke a grant to keep it out). `false` when no such connection is open.
    pub fn disconnect(&self, connection: u64) -> bool {
        let conn = self.shared().state.lock().conns.values().find(|c| c.id == connection).cloned();
        match conn {
            Some(conn) => {
                tracing::info!("the host disconnects connection {connection}");
                conn.disconnect.send_replace(true);
                true
            }
            None => false,
        }
    }

    /// The attached clients: the relay's connections in the order they attached, then the
    /// MCP-over-HTTP clients counted now.
    pub fn agents(&self) -> Vec<AgentInfo> {
        let shared = self.shared();
        let conns: Vec<Arc<Conn>> = shared.state.lock().conns.values().cloned().collect();
        let mut agents: Vec<AgentInfo> = conns
            .iter()
            .map(|c| AgentInfo {
                connection: Some(c.id),
                name: c.name(),
                client: c.client.clone(),
                client_name: c.client_name(),
                http: false,
                own_token: c.grant.is_none(),
                files_and_network: shared.files_and_network(c),
                last_call: c.last_call.lock().clone(),
            })
            .collect();
        let http_agent = shared.http_agent.lock().clone();
        if let Some(conn) = http_agent {
            for (user_agent, client) in shared.live_http_clients() {
                let shown = if user_agent.is_empty() { None } else { Some(user_agent) };
                agents.push(AgentInfo {
                    connection: None,
                    name: conn.name(),
                    client: Some("http".to_owned()),
                    client_name: client.name.or(shown),
                    http: true,
                    own_token: true,
                    files_and_network: shared.files_and_network(&conn),
                    last_call: conn.last_call.lock().clone(),
                });
            }
        }
        agents
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
