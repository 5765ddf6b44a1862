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

/// What gives an attached agent file and network access, in the words of its refusals.
const ATTACHED_ACCESS_HINT: &str = "ask the user to attach you with --yes (rustgis-cli mcp --attach --yes) or to tick \
                                    Let your Agents Control RustGIS in the app";

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
    pub last_call: Mutex<Option<LastCall>>,
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
    pub(crate) fn number_agent(&self, conn: &Conn) -> u32 {
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
            .with_access_hint(ATTACHED_ACCESS_HINT)
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
}

pub(crate) fn stopped_error() -> HostError {
    HostError::internal("the relay stopped; the request did not run")
}
