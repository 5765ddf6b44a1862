//! Routing a connection's JSON-RPC: each line the client sends (batches, a repeat attach, calls
//! that wait for a reviewed grant's approval) on its way to the MCP server, and each reply on
//! its way back (batch replies assembled, every tool call written to the audit log and the
//! agent's last call).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime};

use parking_lot::Mutex;
use rustgis_mcp::parse_error_line;
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinSet;

use rustgis_mcp::attach::parse_attach;

use super::attach::attach_reply;
use crate::approvals::{Approval, PendingApproval};
use crate::shared::{Conn, Shared};
use crate::status::CallRecord;

/// What goes to the socket's writer.
pub(super) enum Out {
    Line(Vec<u8>),
    Close,
}

pub(super) fn line_of(message: &Json) -> Vec<u8> {
    let mut line = serde_json::to_vec(message).unwrap_or_default();
    line.push(b'\n');
    line
}

/// A request waiting for its reply, for batches, the audit log and the status bar.
struct PendingCall {
    /// The tool, for `tools/call`.
    tool: Option<(String, Json)>,
    started: Instant,
    at: SystemTime,
    batch: Option<u64>,
}

struct Batch {
    /// Every item has been handled: the batch may complete.
    sealed: bool,
    waiting: HashSet<String>,
    replies: Vec<Json>,
    started: Instant,
    calls: Vec<(PendingCall, bool, Option<String>, Option<Json>)>,
}

#[derive(Default)]
pub(super) struct RouterState {
    calls: HashMap<String, PendingCall>,
    batches: HashMap<u64, Batch>,
    next_batch: u64,
}

/// Routes replies to the client: assembles batch replies, and records every tool call in the
/// audit log and the agent's last call before its reply leaves.
pub(super) struct Router {
    pub(super) shared: Arc<Shared>,
    pub(super) conn: Arc<Conn>,
    pub(super) out: mpsc::Sender<Out>,
    pub(super) state: Mutex<RouterState>,
}

fn id_key(id: &Json) -> String {
    id.to_string()
}

/// Whether a reply succeeded, and its error message.
pub(crate) fn outcome_of(reply: &Json) -> (bool, Option<String>) {
    if let Some(error) = reply.get("error") {
        let message = error.get("message").and_then(Json::as_str).unwrap_or("error").to_owned();
        return (false, Some(message));
    }
    let result = &reply["result"];
    if result.get("isError").and_then(Json::as_bool) == Some(true) {
        let message = result
            .pointer("/structuredContent/error")
            .and_then(Json::as_str)
            .or_else(|| result.pointer("/content/0/text").and_then(Json::as_str))
            .unwrap_or("the tool failed");
        return (false, Some(message.to_owned()));
    }
    (true, None)
}

/// The question a call asked the human and the answer, as the server noted it in the result's
/// `_meta` (for the audit log).
pub(crate) fn asked_of(reply: &Json) -> Option<Json> {
    reply.pointer("/result/_meta").and_then(|meta| meta.get(rustgis_mcp::ASKED_META_KEY)).cloned()
}

impl Router {
    pub(super) async fn read_replies<R: AsyncRead + Unpin>(self: Arc<Self>, from_server: R) {
        let mut reader = BufReader::new(from_server);
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => match serde_json::from_slice::<Json>(&line) {
                    Ok(message) => {
                        if !self.deliver(message).await {
                            break;
                        }
                    }
                    Err(_) => {
                        if self.out.send(Out::Line(line.clone())).await.is_err() {
                            break;
                        }
                    }
                },
            }
        }
    }

    /// Whether a request of this connection still waits for its reply.
    pub(super) fn in_flight(&self) -> bool {
        !self.state.lock().calls.is_empty()
    }

    /// Whether a request with this id waits for its reply.
    fn is_in_flight(&self, id: &Json) -> bool {
        self.state.lock().calls.contains_key(&id_key(id))
    }

    /// Starts tracking a request (with an id).
    fn track(&self, id: &Json, tool: Option<(String, Json)>, batch: Option<u64>) {
        let mut state = self.state.lock();
        if let Some(batch) = batch.and_then(|b| state.batches.get_mut(&b)) {
            batch.waiting.insert(id_key(id));
        }
        state.calls.insert(id_key(id), PendingCall { tool, started: Instant::now(), at: SystemTime::now(), batch });
    }

    fn start_batch(&self) -> u64 {
        let mut state = self.state.lock();
        state.next_batch += 1;
        let id = state.next_batch;
        state.batches.insert(
            id,
            Batch {
                sealed: false,
                waiting: HashSet::new(),
                replies: Vec::new(),
                started: Instant::now(),
                calls: Vec::new(),
            },
        );
        id
    }

    /// Adds a reply made here (not by the server) to a batch, or sends it.
    async fn reply_direct(&self, reply: Json, batch: Option<u64>) -> bool {
        if let Some(b) = batch {
            let mut state = self.state.lock();
            if let Some(batch) = state.batches.get_mut(&b) {
                batch.replies.push(reply);
                return true;
            }
        }
        self.out.send(Out::Line(line_of(&reply))).await.is_ok()
    }

    /// Seals a batch once all its items are handled, and sends its reply when nothing in it is
    /// still waiting (none at all when it held only notifications).
    async fn finish_batch(&self, b: u64) -> bool {
        let done = {
            let mut state = self.state.lock();
            match state.batches.get_mut(&b) {
                Some(batch) => {
                    batch.sealed = true;
                    if batch.waiting.is_empty() { state.batches.remove(&b) } else { None }
                }
                None => None,
            }
        };
        match done {
            Some(batch) => self.send_batch(batch).await,
            None => true,
        }
    }

    async fn send_batch(&self, batch: Batch) -> bool {
        let duration = batch.started.elapsed();
        for (call, success, error, asked) in &batch.calls {
            if let Some((tool, args)) = &call.tool {
                self.record(tool, args, (*success, error.clone(), asked.clone()), duration, true, call.at);
            }
        }
        if batch.replies.is_empty() {
            return true;
        }
        self.out.send(Out::Line(line_of(&Json::Array(batch.replies)))).await.is_ok()
    }

    /// Sends a message from the server to the client, recording tool calls first.
    async fn deliver(&self, message: Json) -> bool {
        let is_response = message.get("method").is_none() && message.get("id").is_some_and(|id| !id.is_null());
        if !is_response {
            return self.out.send(Out::Line(line_of(&message))).await.is_ok();
        }
        let key = id_key(&message["id"]);
        let pending = self.state.lock().calls.remove(&key);
        let Some(call) = pending else {
            return self.out.send(Out::Line(line_of(&message))).await.is_ok();
        };
        let (success, error) = outcome_of(&message);
        let asked = asked_of(&message);
        match call.batch {
            Some(b) => {
                let complete = {
                    let mut state = self.state.lock();
                    match state.batches.get_mut(&b) {
                        Some(batch) => {
                            batch.waiting.remove(&key);
                            batch.replies.push(message);
                            batch.calls.push((call, success, error, asked));
                            batch.sealed && batch.waiting.is_empty()
                        }
                        None => false,
                    }
                };
                if complete { self.finish_batch(b).await } else { true }
            }
            None => {
                if let Some((tool, args)) = &call.tool {
                    self.record(tool, args, (success, error, asked), call.started.elapsed(), false, call.at);
                }
                self.out.send(Out::Line(line_of(&message))).await.is_ok()
            }
        }
    }

    /// Writes the audit line and the agent's last call; `outcome` is whether it succeeded, its
    /// error and what it asked the human.
    fn record(
        &self,
        tool: &str,
        args: &Json,
        outcome: (bool, Option<String>, Option<Json>),
        duration: Duration,
        batch: bool,
        at: SystemTime,
    ) {
        let (success, error, asked) = outcome;
        self.shared.record_call(&self.conn, &CallRecord { tool, args, success, error, duration, batch, at, asked });
    }
}

/// Tools whose calls a reviewed grant's host approves first: those that may change the project,
/// write files or capture the screen.
/// Whether a reviewed grant's call of this tool waits for approval: as the MCP tool table says.
fn is_gated(tool: &str) -> bool {
    rustgis_mcp::is_gated(tool)
}

pub(super) struct LineCtx<'a> {
    pub(super) router: &'a Arc<Router>,
    pub(super) to_rmcp: &'a mpsc::Sender<Vec<u8>>,
    pub(super) approvals: &'a mut JoinSet<()>,
}

impl LineCtx<'_> {
    /// Handles one line from the client; `false` closes the connection.
    pub(super) async fn handle_line(&mut self, line: &[u8]) -> bool {
        if line.iter().all(u8::is_ascii_whitespace) {
            return true;
        }
        let message = match serde_json::from_slice::<Json>(line) {
            Ok(message) => message,
            Err(e) => {
                let reply = parse_error_line(&format!("parse error: the line is not JSON: {e}"));
                return self.router.out.send(Out::Line(reply)).await.is_ok();
            }
        };
        match message {
            Json::Array(items) if items.is_empty() => {
                self.router.reply_direct(invalid_request("an empty batch"), None).await
            }
            Json::Array(items) => {
                let batch = self.router.start_batch();
                for item in items {
                    let raw = item.to_string();
                    if !self.handle_message(item, raw, Some(batch)).await {
                        return false;
                    }
                }
                self.router.finish_batch(batch).await
            }
            Json::Object(_) => {
                let raw = String::from_utf8_lossy(line).into_owned();
                self.handle_message(message, raw, None).await
            }
            _ => self.router.reply_direct(invalid_request("a message must be a JSON object"), None).await,
        }
    }

    async fn handle_message(&mut self, message: Json, raw: String, batch: Option<u64>) -> bool {
        if !message.is_object() {
            return self.router.reply_direct(invalid_request("a batch item must be a JSON object"), batch).await;
        }
        let shared = &self.router.shared;
        let conn = &self.router.conn;
        if let Some(attach) = parse_attach(&message) {
            // A repeat attach may change access and the wait, with the same credential.
            match shared.credential_for(&attach.token) {
                Some(accepted) if accepted.credential == conn.credential() => {
                    conn.asked_access.store(attach.access, Ordering::SeqCst);
                    conn.wait_s.store(shared.limits.wait_seconds(attach.timeout_s.as_ref()), Ordering::SeqCst);
                    return match &attach.id {
                        Some(id) => self.router.reply_direct(attach_reply(shared, conn, id), batch).await,
                        None => true,
                    };
                }
                _ => return false,
            }
        }
        let id = message.get("id").filter(|id| !id.is_null()).cloned();
        let method = message.get("method").and_then(Json::as_str).unwrap_or_default().to_owned();
        if method == "initialize"
            && let Some(name) = message.pointer("/params/clientInfo/name").and_then(Json::as_str)
        {
            shared.note_client_name(conn, name);
        }
        let tool = (method == "tools/call").then(|| {
            let name = message.pointer("/params/name").and_then(Json::as_str).unwrap_or_default().to_owned();
            let args = message.pointer("/params/arguments").cloned().unwrap_or(Json::Null);
            (name, args)
        });
        // A second request with the id of one still in flight would get no reply of its own (the
        // replies are told apart by id): it gets an error instead, and the first goes on.
        if let Some(id) = id.as_ref().filter(|_| !method.is_empty())
            && self.router.is_in_flight(id)
        {
            return self.router.reply_direct(duplicate_id(id), batch).await;
        }
        if tool.is_some() {
            shared.number_agent(conn);
        }
        // Requests are tracked until answered; a client's own responses (no method) are not.
        if let Some(id) = id.as_ref().filter(|_| !method.is_empty()) {
            self.router.track(id, tool.clone(), batch);
        }
        let mut line = raw.into_bytes();
        line.retain(|&b| b != b'\n');
        line.push(b'\n');
        match (&tool, &id) {
            (Some((name, args)), Some(id)) if conn.review == Some(false) && is_gated(name) => {
                self.hold_for_approval(id.clone(), name.clone(), args.clone(), line, batch);
                true
            }
            _ => self.to_rmcp.send(line).await.is_ok(),
        }
    }

    /// Puts a gated call in the host's approval queue; it reaches the server only when approved.
    fn hold_for_approval(&mut self, id: Json, tool: String, args: Json, line: Vec<u8>, batch: Option<u64>) {
        let shared = self.router.shared.clone();
        let conn = self.router.conn.clone();
        let (decide, decision) = oneshot::channel();
        let approval_id = {
            let mut state = shared.state.lock();
            state.next_approval += 1;
            let approval_id = state.next_approval;
            let info = Approval {
                id: approval_id,
                grant: conn.grant.unwrap_or_default(),
                agent: conn.name().unwrap_or_else(|| "agent".to_owned()),
                tool,
                args,
                message: String::from_utf8_lossy(&line).trim_end().to_owned(),
                batch: batch.is_some(),
                at: SystemTime::now(),
            };
            state.approvals.insert(approval_id, PendingApproval { info, decide, conn: conn.id });
            approval_id
        };
        shared.wake();
        let router = self.router.clone();
        let to_rmcp = self.to_rmcp.clone();
        let wait = shared.wait_of(&conn);
        self.approvals.spawn(async move {
            tokio::pin!(decision);
            // A decider dropped before deciding: the grant was revoked (or the relay stopped).
            let decided = tokio::select! {
                decided = &mut decision => decided.map_err(|_| Undecided::Cancelled),
                () = tokio::time::sleep(wait) => {
                    let expired = shared.state.lock().approvals.remove(&approval_id).is_some();
                    if expired { Err(Undecided::Expired) } else { (&mut decision).await.map_err(|_| Undecided::Cancelled) }
                }
            };
            let reply = match decided {
                Ok(true) => {
                    if to_rmcp.send(line).await.is_err() {
                        tracing::debug!("an approved call's connection closed");
                    }
                    return;
                }
                Ok(false) => {
                    let message = "the user denied this call in RustGIS; it did not run";
                    json!({"jsonrpc": "2.0", "id": id, "result": {
                        "content": [{"type": "text", "text": message}],
                        "structuredContent": {"error": message, "code": "denied"},
                        "isError": true,
                    }})
                }
                Err(Undecided::Cancelled) => {
                    let message = "the call was cancelled before the user approved it (the agent's grant was \
                                   revoked, or the relay stopped); it did not run";
                    json!({"jsonrpc": "2.0", "id": id, "result": {
                        "content": [{"type": "text", "text": message}],
                        "structuredContent": {"error": message, "code": "cancelled"},
                        "isError": true,
                    }})
                }
                // A tool error like Deny's, not a JSON-RPC error: the call was answered (nobody
                // approved it in time), and clients take tool errors in their stride.
                Err(Undecided::Expired) => {
                    let message = format!(
                        "the call waited {} s for the user's approval in RustGIS and expired; it did not run (ask \
                         again when the user is there, or ask them to approve this run's calls automatically)",
                        wait.as_secs_f64()
                    );
                    json!({"jsonrpc": "2.0", "id": id, "result": {
                        "content": [{"type": "text", "text": message}],
                        "structuredContent": {"error": message, "code": "expired"},
                        "isError": true,
                    }})
                }
            };
            // The approval left the host's queue: its panel redraws without it.
            shared.wake();
            if !router.deliver(reply).await {
                tracing::debug!("an unapproved call's connection closed");
            }
        });
    }
}

/// Why a call that waited for approval was never approved or denied.
enum Undecided {
    /// Its wait ran out.
    Expired,
    /// Its grant was revoked or the relay stopped.
    Cancelled,
}

/// The reply to a request whose id is that of a request still in flight on the connection.
fn duplicate_id(id: &Json) -> Json {
    let shown: String = id.to_string().chars().take(64).collect();
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32600, "message": format!(
        "invalid request: a request with id {shown} is still in flight on this connection; this one was not run \
         (give each request an id of its own)"
    )}})
}

fn invalid_request(what: &str) -> Json {
    json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": format!("invalid request: {what}")}})
}
