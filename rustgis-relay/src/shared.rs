//! The relay's hub, at the bottom of its modules: what the listener, every connection, MCP over
//! HTTP and the host's frame share (`Shared`: the queue, grants, approvals, attached connections,
//! the access settings, the stop signal) and the few rules every one of them asks
//! (who a connection's caller is, whether it may use files, how long it waits). The queue, grants
//! and the endpoint file add their behaviour in their own files, above this one.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use parking_lot::Mutex;
use rmcp::model::CallToolResult;
use rustgis_core::{Actor, Caller, CallerOptions, Roots, RunId};
use rustgis_mcp::{HostError, Job, ScreenImage};
use tokio::sync::{oneshot, watch};

use crate::approvals::PendingApproval;
use crate::audit::{AuditEntry, AuditLog, redact};
use crate::config::Limits;
use crate::private::{self, Token};
use crate::status::{CallRecord, HttpEndpoint, LastCall};

/// What gives an agent attached with the relay's own token file and network access, in the
/// words of its refusals: in the desktop app (a window) and in a host without one.
const OWN_TOKEN_ACCESS_HINT_APP: &str = "ask the user to attach you with --yes (rustgis-cli mcp --attach --yes) or to \
                                         tick Let your Agents Control RustGIS in the app";
const OWN_TOKEN_ACCESS_HINT_HEADLESS: &str = "ask the user to attach you with --yes (rustgis-cli mcp --attach --yes) \
                                              or to start rustgis-relay with --allow-access";
/// MCP over HTTP has no attach message: only the host's setting gives its clients access.
const HTTP_ACCESS_HINT_APP: &str = "ask the user to tick Let your Agents Control RustGIS in the app, which gives \
                                    MCP-over-HTTP clients file and network access";
const HTTP_ACCESS_HINT_HEADLESS: &str = "ask the user to start rustgis-relay with --allow-access, which gives \
                                         MCP-over-HTTP clients file and network access";
/// A grant's permission is the host's, fixed when it was made.
const GRANT_ACCESS_HINT: &str = "the grant the host started you with does not include file and network access, and \
                                 nothing you send can add it: ask the user to run the command, or to start you with a \
                                 grant that includes it";

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
    /// The folders whose files its calls may use: its grant's, else the relay's (none: anywhere
    /// its access allows).
    pub roots: Roots,
    pub client: Option<String>,
    /// Whether this is MCP over HTTP's one agent (every HTTP client).
    pub http: bool,
    /// The names its MCP clients gave in `initialize` (`clientInfo.name`): one for a relay
    /// connection (a repeat initialize replaces it), every HTTP client's for the HTTP agent.
    pub client_names: Mutex<Vec<String>>,
    pub last_call: Mutex<Option<LastCall>>,
    /// Turned true when the host disconnects this agent (`Relay::disconnect`).
    pub disconnect: tokio::sync::watch::Sender<bool>,
}

impl Conn {
    pub(crate) fn name(&self) -> Option<String> {
        match self.agent_n.load(Ordering::SeqCst) {
            0 => None,
            n => Some(format!("agent {n}")),
        }
    }

    pub(crate) fn credential(&self) -> Credential {
        self.grant.map_or(Credential::Own, Credential::Grant)
    }

    /// The name its client gave (`claude-code`), every HTTP client's joined by commas.
    pub(crate) fn client_name(&self) -> Option<String> {
        let names = self.client_names.lock();
        (!names.is_empty()).then(|| names.join(", "))
    }

    /// Who this is across reconnections, when its client named itself: its credential and name.
    fn identity(&self) -> Option<String> {
        if self.http {
            return None;
        }
        let name = self.client_name()?;
        Some(match self.credential() {
            Credential::Own => format!("own token/{name}"),
            Credential::Grant(id) => format!("grant {id}/{name}"),
        })
    }
}

/// An agent numbered this run: who it is, whether a connection holds its number, and the name
/// its client gave.
#[derive(Debug, Clone, Default)]
pub(crate) struct NumberedAgent {
    pub identity: Option<String>,
    pub held: bool,
    pub client: Option<String>,
}

/// The most MCP-over-HTTP clients counted at once (a token holder sending a new `User-Agent`
/// with every request could otherwise grow the table until the idle limit).
const MAX_HTTP_CLIENTS: usize = 64;

/// The longest `User-Agent` kept to tell HTTP clients apart.
const MAX_USER_AGENT: usize = 256;

/// An MCP-over-HTTP client, told apart by its `User-Agent`, while it keeps sending requests.
#[derive(Debug, Clone)]
pub(crate) struct HttpClient {
    pub last_seen: Instant,
    /// The name it gave in `initialize`, once it has.
    pub name: Option<String>,
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
    /// The folders its agents' files must lie below (inside the relay's own roots).
    pub roots: Roots,
    pub file: PathBuf,
    pub closed: watch::Sender<bool>,
}

#[derive(Default)]
pub(crate) struct State {
    pub queue: VecDeque<Queued>,
    pub next_ticket: u64,
    pub screen_out: bool,
    pub grants: HashMap<u64, GrantEntry>,
    pub next_grant: u64,
    pub next_agent: u32,
    /// Every agent numbered this run, by number.
    pub agents: BTreeMap<u32, NumberedAgent>,
    /// MCP-over-HTTP clients by `User-Agent`.
    pub http_clients: HashMap<String, HttpClient>,
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
    /// The folders every agent's files must lie below (none: anywhere their access allows).
    pub roots: Roots,
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
    /// The host's wake hook (its UI's request for a frame).
    pub wake: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// MCP over HTTP, once it serves beside the relay.
    pub http: Mutex<Option<HttpEndpoint>>,
    /// MCP over HTTP's one agent, once it serves.
    pub http_agent: Mutex<Option<Arc<Conn>>>,
    /// The project's revision, published on the host's frame, for agents following
    /// `rustgis://project/state` (the user's edits, other agents' calls, the bridge's scripts).
    pub project: rustgis_mcp::ProjectWatch,
}

impl Shared {
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    pub(crate) fn wake(&self) {
        let wake = self.wake.lock().clone();
        if let Some(wake) = wake {
            wake();
        }
    }

    /// Whether a connection's calls may use files and the network now.
    pub(crate) fn files_and_network(&self, conn: &Conn) -> bool {
        match conn.grant {
            Some(_) => conn.grant_access,
            None => conn.asked_access.load(Ordering::SeqCst) || self.allow_access.load(Ordering::SeqCst),
        }
    }

    /// The wait of a connection's requests.
    pub(crate) fn wait_of(&self, conn: &Conn) -> Duration {
        self.limits.seconds(conn.wait_s.load(Ordering::SeqCst))
    }

    /// Numbers an agent on its first call: agent 1, agent 2… in the order they first call, per run.
    /// A client that comes back within the run (the same credential and the same name in its
    /// `initialize`) gets its number back, unless an open connection holds it.
    pub(crate) fn number_agent(&self, conn: &Conn) -> u32 {
        let mut state = self.state.lock();
        match conn.agent_n.load(Ordering::SeqCst) {
            0 => {
                let identity = conn.identity();
                let returning = identity.as_ref().and_then(|identity| {
                    state.agents.iter().find(|(_, a)| !a.held && a.identity.as_ref() == Some(identity)).map(|(n, _)| *n)
                });
                let n = returning.unwrap_or_else(|| {
                    state.next_agent += 1;
                    state.next_agent
                });
                state.agents.insert(n, NumberedAgent { identity, held: true, client: conn.client_name() });
                conn.agent_n.store(n, Ordering::SeqCst);
                n
            }
            n => n,
        }
    }

    /// Notes the name a client gave in `initialize` (`clientInfo.name`, at most 64 characters).
    pub(crate) fn note_client_name(&self, conn: &Conn, name: &str) {
        let name: String = name.chars().filter(|c| !c.is_control()).take(64).collect();
        if name.trim().is_empty() {
            return;
        }
        {
            let mut names = conn.client_names.lock();
            if conn.http {
                if !names.contains(&name) {
                    names.push(name);
                }
            } else {
                *names = vec![name];
            }
        }
        let n = conn.agent_n.load(Ordering::SeqCst);
        if n != 0 {
            let client = conn.client_name();
            if let Some(agent) = self.state.lock().agents.get_mut(&n) {
                agent.client = client;
            }
        }
        self.wake();
    }

    /// Lets a closed connection's number go back to its client when it comes back.
    pub(crate) fn release_agent(state: &mut State, conn: &Conn) {
        let n = conn.agent_n.load(Ordering::SeqCst);
        if let Some(agent) = state.agents.get_mut(&n) {
            agent.held = false;
        }
    }

    /// What gives this connection file and network access, in words that fit how it came in.
    pub(crate) fn access_hint(&self, conn: &Conn) -> &'static str {
        match (conn.grant.is_some(), conn.http, self.screen) {
            (true, _, _) => GRANT_ACCESS_HINT,
            (false, true, true) => HTTP_ACCESS_HINT_APP,
            (false, true, false) => HTTP_ACCESS_HINT_HEADLESS,
            (false, false, true) => OWN_TOKEN_ACCESS_HINT_APP,
            (false, false, false) => OWN_TOKEN_ACCESS_HINT_HEADLESS,
        }
    }

    /// Notes an MCP-over-HTTP request that passed the token check, from the client its
    /// `User-Agent` names; a client new (or back) to the count wakes the host.
    pub(crate) fn note_http_client(&self, user_agent: &str, name: Option<&str>) {
        let idle = self.limits.idle;
        let user_agent: String = user_agent.chars().take(MAX_USER_AGENT).collect();
        let counted_before = {
            let mut state = self.state.lock();
            let counted = state.http_clients.get(&user_agent).is_some_and(|c| c.last_seen.elapsed() < idle);
            if !state.http_clients.contains_key(&user_agent) && state.http_clients.len() >= MAX_HTTP_CLIENTS {
                // The one least recently seen makes way.
                let oldest = state.http_clients.iter().min_by_key(|(_, c)| c.last_seen).map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    state.http_clients.remove(&oldest);
                }
            }
            let client =
                state.http_clients.entry(user_agent).or_insert(HttpClient { last_seen: Instant::now(), name: None });
            client.last_seen = Instant::now();
            if let Some(name) = name {
                client.name = Some(name.chars().filter(|c| !c.is_control()).take(64).collect());
            }
            counted
        };
        if !counted_before {
            self.wake();
        }
    }

    /// The HTTP clients that sent a request within the idle limit, the least recently seen first;
    /// the rest are forgotten.
    pub(crate) fn live_http_clients(&self) -> Vec<(String, HttpClient)> {
        let idle = self.limits.idle;
        let mut state = self.state.lock();
        state.http_clients.retain(|_, c| c.last_seen.elapsed() < idle);
        let mut live: Vec<(String, HttpClient)> =
            state.http_clients.iter().map(|(agent, c)| (agent.clone(), c.clone())).collect();
        live.sort_by_key(|(_, c)| c.last_seen);
        live
    }

    pub(crate) fn caller_for(&self, conn: &Conn) -> Caller {
        let n = match conn.agent_n.load(Ordering::SeqCst) {
            0 => self.number_agent(conn),
            n => n,
        };
        let options = CallerOptions {
            own_token: conn.grant.is_none(),
            files_and_network: self.files_and_network(conn),
            full_access: self.full_access.load(Ordering::SeqCst),
        };
        Caller::attached(Actor::Agent { run: self.run, n }, options)
            .with_access_hint(self.access_hint(conn))
            .with_roots(conn.roots.clone())
    }

    /// Stops: flags every waiter, clears the queue, approvals and grants, removes files.
    pub(crate) fn stop(&self) {
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

    /// Writes an answered tool call to the audit log (`source: "mcp"`) and records it as the
    /// agent's last call, for the status bar.
    pub(crate) fn record_call(&self, conn: &Conn, call: &CallRecord<'_>) {
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
                asked: call.asked.clone(),
            });
        }
        let command = rustgis_mcp::call_command(call.tool, call.args);
        let last = LastCall {
            agent: conn.name().unwrap_or_else(|| "agent".to_owned()),
            tool: call.tool.to_owned(),
            command,
            args: redact(call.args),
            success: call.success,
            error: call.error.as_deref().map(|e| crate::audit::error_for_log(e, call.args)),
            at: SystemTime::now(),
            duration: call.duration,
        };
        *conn.last_call.lock() = Some(last.clone());
        self.state.lock().last_call = Some(last);
        // The host's status bar names the call: it draws a frame to show it.
        self.wake();
    }
}

pub(crate) fn stopped_error() -> HostError {
    HostError::internal("the relay stopped; the request did not run")
}
