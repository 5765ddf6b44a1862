//! One socket: the attach handshake, then MCP lines both ways with RustGIS's framing, the idle
//! and write limits, batches, reviewed grants' approvals, and the audit log.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use parking_lot::Mutex;
use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;
use rustgis_mcp::{Frame, GisServer, MAX_LINE, parse_error_line, read_message_max};
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinSet;
use zeroize::Zeroizing;

use crate::host::ConnectionHost;
use crate::relay::{Accepted, Approval, CallRecord, Conn, Credential, PendingApproval, Shared, TIMED_OUT};

/// Accepts connections until the relay stops. A connection beyond the caps takes the place of
/// the oldest one that has not attached, which is closed at once; with every place attached it
/// is closed unanswered. Either way the counts never pass the caps, so a flood of
/// connect-and-hold sockets costs the host a handful of descriptors, not thousands.
pub(crate) async fn accept_loop(shared: Arc<Shared>, listener: TcpListener) {
    let mut stop = shared.stop_tx.subscribe();
    loop {
        tokio::select! {
            () = until_true(&mut stop) => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => match Slot::take(&shared) {
                    Some((slot, evicted)) => {
                        tokio::spawn(serve_connection(shared.clone(), stream, slot, evicted));
                    }
                    None => drop(stream),
                },
                Err(e) => {
                    // Out of file descriptors, for example: wait a little rather than spin.
                    tracing::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
        }
    }
}

/// A connection's place under the caps; giving it back (on drop) updates the counts.
struct Slot {
    shared: Arc<Shared>,
    id: u64,
    attached: Option<u64>,
}

impl Slot {
    /// A place for a new connection, and the signal that it was evicted before attaching.
    fn take(shared: &Arc<Shared>) -> Option<(Slot, oneshot::Receiver<()>)> {
        let mut state = shared.state.lock();
        let full =
            state.connections >= shared.limits.max_connections || state.unattached >= shared.limits.max_unattached;
        if full {
            // Silent connections re-opened in a loop would otherwise keep every real attach
            // out: the newest gets its 5 s, the oldest silent one goes.
            let oldest = if shared.limits.evict_oldest_unattached { state.waiting.pop_first() } else { None };
            match oldest {
                Some((_, evict)) => {
                    drop(evict);
                    state.connections -= 1;
                    state.unattached -= 1;
                }
                None => return None,
            }
        }
        state.connections += 1;
        state.unattached += 1;
        state.next_slot += 1;
        let id = state.next_slot;
        let (evict, evicted) = oneshot::channel();
        state.waiting.insert(id, evict);
        Some((Slot { shared: shared.clone(), id, attached: None }, evicted))
    }

    /// Moves the connection from waiting to attached; `false` when it was evicted meanwhile.
    fn attach(&mut self, conn: Arc<Conn>) -> bool {
        {
            let mut state = self.shared.state.lock();
            if state.waiting.remove(&self.id).is_none() {
                return false;
            }
            state.unattached -= 1;
            state.conns.insert(conn.id, conn.clone());
        }
        self.attached = Some(conn.id);
        self.shared.wake();
        true
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        {
            let mut state = self.shared.state.lock();
            match self.attached {
                Some(id) => {
                    state.connections -= 1;
                    state.conns.remove(&id);
                }
                // An evicted connection's place was given back when it was evicted.
                None => {
                    if state.waiting.remove(&self.id).is_some() {
                        state.connections -= 1;
                        state.unattached -= 1;
                    }
                }
            }
        }
        if self.attached.is_some() {
            self.shared.wake();
        }
    }
}

/// A parsed `rustgis/attach` message.
pub(crate) struct Attach {
    id: Option<Json>,
    token: Zeroizing<String>,
    access: bool,
    timeout_s: Option<Json>,
    client: Option<String>,
}

pub(crate) fn parse_attach(message: &Json) -> Option<Attach> {
    if message.get("method")?.as_str()? != "rustgis/attach" {
        return None;
    }
    let params = message.get("params")?.as_object()?;
    let token = Zeroizing::new(params.get("token")?.as_str()?.to_owned());
    Some(Attach {
        id: message.get("id").filter(|id| !id.is_null()).cloned(),
        token,
        access: params.get("access").and_then(Json::as_bool).unwrap_or(false),
        timeout_s: params.get("timeout_s").cloned(),
        client: params.get("client").and_then(Json::as_str).map(|c| c.chars().take(64).collect()),
    })
}

/// Reads the first non-empty line, at most `max` bytes counting its newline; `None` when the
/// input ends first or the line is too long (the caller closes the connection).
pub(crate) async fn read_attach_line<R: AsyncBufRead + Unpin>(reader: &mut R, max: usize) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    loop {
        let available = reader.fill_buf().await.ok()?;
        if available.is_empty() {
            return None;
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(pos) => {
                if line.len() + pos + 1 > max {
                    return None;
                }
                line.extend_from_slice(&available[..pos]);
                reader.consume(pos + 1);
                if line.iter().all(u8::is_ascii_whitespace) {
                    line.clear();
                    continue;
                }
                return Some(line);
            }
            None => {
                let n = available.len();
                if line.len() + n >= max {
                    return None;
                }
                line.extend_from_slice(available);
                reader.consume(n);
            }
        }
    }
}

async fn serve_connection(shared: Arc<Shared>, stream: TcpStream, mut slot: Slot, mut evicted: oneshot::Receiver<()>) {
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!("cannot set TCP_NODELAY: {e}");
    }
    let (read, write) = stream.into_split();
    let mut reader = BufReader::new(read);
    let limits = shared.limits.clone();
    // The deadline runs from the connection, not from the first byte: a trickling client is
    // closed at 5 s however slowly it sends.
    let line = tokio::select! {
        _ = &mut evicted => return,
        read = tokio::time::timeout(limits.attach_deadline, read_attach_line(&mut reader, limits.attach_max_bytes)) => {
            match read {
                Ok(Some(line)) => line,
                _ => return,
            }
        }
    };
    let Some(attach) = serde_json::from_slice::<Json>(&line).ok().as_ref().and_then(parse_attach) else { return };
    let Some(Accepted { credential, grant_access, review, revoked }) = shared.credential_for(&attach.token) else {
        return;
    };
    let conn = Arc::new(Conn {
        id: {
            let mut state = shared.state.lock();
            state.next_conn += 1;
            state.next_conn
        },
        grant: match credential {
            Credential::Own => None,
            Credential::Grant(id) => Some(id),
        },
        grant_access,
        review,
        asked_access: AtomicBool::new(attach.access),
        wait_s: AtomicU64::new(limits.wait_seconds(attach.timeout_s.as_ref())),
        agent_n: AtomicU32::new(0),
        client: attach.client.clone(),
        last_call: Mutex::new(None),
    });
    if !slot.attach(conn.clone()) {
        return;
    }
    let reply = attach.id.as_ref().map(|id| attach_reply(&shared, &conn, id));
    pump(shared, conn, revoked, reader, write, reply).await;
    drop(slot);
}

fn attach_reply(shared: &Shared, conn: &Conn, id: &Json) -> Json {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "attached": true,
            "access": shared.files_and_network(conn),
            "timeout_s": conn.wait_s.load(Ordering::SeqCst),
            "server": { "name": "rustgis", "version": shared.version },
        },
    })
}

/// What goes to the socket's writer.
enum Out {
    Line(Vec<u8>),
    Close,
}

fn line_of(message: &Json) -> Vec<u8> {
    let mut line = serde_json::to_vec(message).unwrap_or_default();
    line.push(b'\n');
    line
}

/// Writes replies; a write that takes longer than the limit closes the connection.
async fn write_loop(
    mut writer: OwnedWriteHalf,
    mut lines: mpsc::Receiver<Out>,
    limit: Duration,
    failed: watch::Sender<bool>,
) {
    while let Some(out) = lines.recv().await {
        let Out::Line(line) = out else { break };
        let write = async {
            writer.write_all(&line).await?;
            writer.flush().await
        };
        match tokio::time::timeout(limit, write).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::debug!("cannot write a reply, the client went away: {e}");
                failed.send_replace(true);
                return;
            }
            Err(_) => {
                tracing::info!("a reply write took longer than {limit:?}; closing the connection");
                failed.send_replace(true);
                return;
            }
        }
    }
    if let Err(e) = writer.shutdown().await {
        tracing::debug!("closing a connection: {e}");
    }
}

#[derive(Debug, PartialEq, Eq)]
enum End {
    /// The client closed its side: let running calls answer.
    Graceful,
    /// An oversized line: send -32700, then close.
    Oversized,
    /// Stop, a failed or slow write, idleness, a bad repeat attach: close now.
    Forced,
    /// The grant was revoked: answer the calls that waited for approval (cancelled), then close.
    Revoked,
}

/// Resolves when the flag turns true (or its sender is gone).
async fn until_true(flag: &mut watch::Receiver<bool>) {
    if flag.wait_for(|v| *v).await.is_err() {
        tracing::debug!("a flag's sender is gone");
    }
}

async fn signalled(signal: &mut Option<watch::Receiver<bool>>) {
    match signal {
        Some(rx) => {
            if rx.wait_for(|v| *v).await.is_err() {
                tracing::debug!("a grant's signal is gone: it was revoked");
            }
        }
        None => std::future::pending().await,
    }
}

async fn pump<R: AsyncRead + Unpin + Send + 'static>(
    shared: Arc<Shared>,
    conn: Arc<Conn>,
    mut revoked: Option<watch::Receiver<bool>>,
    mut reader: BufReader<R>,
    writer: OwnedWriteHalf,
    attach_reply: Option<Json>,
) {
    let limits = shared.limits.clone();
    let (out_tx, out_rx) = mpsc::channel::<Out>(64);
    let (failed_tx, mut failed_rx) = watch::channel(false);
    let socket_writer = tokio::spawn(write_loop(writer, out_rx, limits.write_timeout, failed_tx));
    if let Some(reply) = attach_reply
        && out_tx.send(Out::Line(line_of(&reply))).await.is_err()
    {
        return;
    }

    // rmcp serves one end of an in-memory pipe; this connection reads the socket itself so that
    // every line gets RustGIS's framing, and so that attach messages and batches never reach rmcp.
    let server = GisServer::new(Arc::new(ConnectionHost { shared: shared.clone(), conn: conn.clone() }));
    let (ours, theirs) = tokio::io::duplex(1 << 20);
    let (their_read, their_write) = tokio::io::split(theirs);
    let transport = AsyncRwTransport::new_server(their_read, their_write).with_max_line_length(MAX_LINE + 1);
    let (ours_read, mut ours_write) = tokio::io::split(ours);
    let service = tokio::spawn(async move {
        match server.serve(transport).await {
            Ok(running) => {
                if let Err(e) = running.waiting().await {
                    tracing::debug!("an attached MCP session ended: {e}");
                }
            }
            Err(e) => tracing::debug!("an attached MCP session did not start: {e}"),
        }
    });
    let (to_rmcp, mut to_rmcp_rx) = mpsc::channel::<Vec<u8>>(64);
    let rmcp_writer = tokio::spawn(async move {
        while let Some(line) = to_rmcp_rx.recv().await {
            if ours_write.write_all(&line).await.is_err() {
                break;
            }
        }
        if let Err(e) = ours_write.shutdown().await {
            tracing::debug!("closing the pipe to the server: {e}");
        }
    });
    let router = Arc::new(Router {
        shared: shared.clone(),
        conn: conn.clone(),
        out: out_tx.clone(),
        state: Mutex::new(RouterState::default()),
    });
    let replies = tokio::spawn(router.clone().read_replies(ours_read));
    let mut approvals = JoinSet::new();
    let mut stop = shared.stop_tx.subscribe();
    let mut buf = Vec::new();
    let end = loop {
        tokio::select! {
            () = until_true(&mut stop) => break End::Forced,
            () = signalled(&mut revoked) => break End::Revoked,
            () = until_true(&mut failed_rx) => break End::Forced,
            read = tokio::time::timeout(limits.idle, read_message_max(&mut reader, &mut buf, MAX_LINE)) => match read {
                Err(_) => {
                    // A client waiting for its own call's reply (up to 600 s) is quiet, not idle.
                    // Nothing of a line had been read (`buf` is empty), so reading again loses nothing.
                    if buf.is_empty() && router.in_flight() {
                        continue;
                    }
                    tracing::info!("an attached client sent nothing for {:?}; closing it", limits.idle);
                    break End::Forced;
                }
                Ok(Err(e)) => {
                    tracing::debug!("cannot read the next message: {e}");
                    break End::Forced;
                }
                Ok(Ok(Frame::Eof)) => break End::Graceful,
                Ok(Ok(Frame::Oversized)) => break End::Oversized,
                Ok(Ok(Frame::Line)) => {
                    let mut ctx = LineCtx { router: &router, to_rmcp: &to_rmcp, approvals: &mut approvals };
                    if !ctx.handle_line(&buf).await {
                        break End::Forced;
                    }
                }
            },
        }
    };
    match end {
        End::Graceful => {
            // Calls still waiting for approval hold the pipe to the server open: they go first.
            approvals.abort_all();
            drop(to_rmcp);
            if let Err(e) = service.await {
                tracing::debug!("the MCP service task failed: {e}");
            }
            if let Err(e) = replies.await {
                tracing::debug!("the reply task failed: {e}");
            }
            if out_tx.send(Out::Close).await.is_ok()
                && let Err(e) = socket_writer.await
            {
                tracing::debug!("the writer task failed: {e}");
            }
        }
        End::Oversized => {
            service.abort();
            replies.abort();
            rmcp_writer.abort();
            approvals.abort_all();
            let message =
                format!("parse error: a message is longer than {MAX_LINE} bytes (the limit counts the newline)");
            if out_tx.send(Out::Line(parse_error_line(&message))).await.is_ok()
                && out_tx.send(Out::Close).await.is_ok()
                && let Err(e) = socket_writer.await
            {
                tracing::debug!("the writer task failed: {e}");
            }
        }
        End::Revoked => {
            // Revoking dropped the approvals' deciders: each waiting call answers "cancelled" at
            // once. Those answers go out before the connection closes, so the agent is not left
            // waiting for a reply that can never come.
            let answered = async { while approvals.join_next().await.is_some() {} };
            if tokio::time::timeout(limits.write_timeout, answered).await.is_err() {
                approvals.abort_all();
            }
            service.abort();
            replies.abort();
            rmcp_writer.abort();
            if out_tx.send(Out::Close).await.is_ok()
                && let Err(e) = socket_writer.await
            {
                tracing::debug!("the writer task failed: {e}");
            }
        }
        End::Forced => {
            service.abort();
            replies.abort();
            rmcp_writer.abort();
            approvals.abort_all();
            socket_writer.abort();
        }
    }
    // Calls of a closed connection can no longer be answered: they never run.
    let mut state = shared.state.lock();
    state.queue.retain(|q| q.conn.id != conn.id);
    state.approvals.retain(|_, p| p.conn != conn.id);
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
    calls: Vec<(PendingCall, bool, Option<String>)>,
}

#[derive(Default)]
struct RouterState {
    calls: HashMap<String, PendingCall>,
    batches: HashMap<u64, Batch>,
    next_batch: u64,
}

/// Routes replies to the client: assembles batch replies, and records every tool call in the
/// audit log and the agent's last call before its reply leaves.
struct Router {
    shared: Arc<Shared>,
    conn: Arc<Conn>,
    out: mpsc::Sender<Out>,
    state: Mutex<RouterState>,
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

impl Router {
    async fn read_replies<R: AsyncRead + Unpin>(self: Arc<Self>, from_server: R) {
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
    fn in_flight(&self) -> bool {
        !self.state.lock().calls.is_empty()
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
        for (call, success, error) in &batch.calls {
            if let Some((tool, args)) = &call.tool {
                self.record(tool, args, *success, error.clone(), duration, true, call.at);
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
        match call.batch {
            Some(b) => {
                let complete = {
                    let mut state = self.state.lock();
                    match state.batches.get_mut(&b) {
                        Some(batch) => {
                            batch.waiting.remove(&key);
                            batch.replies.push(message);
                            batch.calls.push((call, success, error));
                            batch.sealed && batch.waiting.is_empty()
                        }
                        None => false,
                    }
                };
                if complete { self.finish_batch(b).await } else { true }
            }
            None => {
                if let Some((tool, args)) = &call.tool {
                    self.record(tool, args, success, error, call.started.elapsed(), false, call.at);
                }
                self.out.send(Out::Line(line_of(&message))).await.is_ok()
            }
        }
    }

    /// Writes the audit line and the agent's last call.
    #[allow(clippy::too_many_arguments, reason = "one call's facts, recorded in one place")]
    fn record(
        &self,
        tool: &str,
        args: &Json,
        success: bool,
        error: Option<String>,
        duration: Duration,
        batch: bool,
        at: SystemTime,
    ) {
        self.shared.record_call(&self.conn, &CallRecord { tool, args, success, error, duration, batch, at });
    }
}

/// Tools whose calls a reviewed grant's host approves first: those that may change the project,
/// write files or capture the screen.
/// Whether a reviewed grant's call of this tool waits for approval: as the MCP tool table says.
fn is_gated(tool: &str) -> bool {
    rustgis_mcp::is_gated(tool)
}

struct LineCtx<'a> {
    router: &'a Arc<Router>,
    to_rmcp: &'a mpsc::Sender<Vec<u8>>,
    approvals: &'a mut JoinSet<()>,
}

impl LineCtx<'_> {
    /// Handles one line from the client; `false` closes the connection.
    async fn handle_line(&mut self, line: &[u8]) -> bool {
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
        let tool = (method == "tools/call").then(|| {
            let name = message.pointer("/params/name").and_then(Json::as_str).unwrap_or_default().to_owned();
            let args = message.pointer("/params/arguments").cloned().unwrap_or(Json::Null);
            (name, args)
        });
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
                Err(Undecided::Expired) => json!({"jsonrpc": "2.0", "id": id, "error": {
                    "code": TIMED_OUT,
                    "message": format!("the call waited {} s for the user's approval and was cancelled; it never ran", wait.as_secs_f64()),
                }}),
            };
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

fn invalid_request(what: &str) -> Json {
    json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": format!("invalid request: {what}")}})
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's "a reply write that takes longer than 10 seconds closes the connection", with
    /// the limit shortened: a client that never reads gets a reply larger than the socket's
    /// buffers, and the write gives up at the limit.
    #[tokio::test]
    async fn a_reply_write_past_the_limit_closes_the_connection() {
        #[allow(clippy::disallowed_methods, reason = "a test's own loopback listener")]
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback listener");
        let client = tokio::net::TcpStream::connect(listener.local_addr().expect("its address"))
            .await
            .expect("the client connects");
        let (server, _) = listener.accept().await.expect("the connection");
        let (_read, write) = server.into_split();
        let (lines, out_rx) = mpsc::channel(4);
        let (failed_tx, mut failed) = watch::channel(false);
        let writer = tokio::spawn(write_loop(write, out_rx, Duration::from_millis(100), failed_tx));
        lines.send(Out::Line(vec![b'x'; 64 << 20])).await.expect("the writer takes the line");
        until_true(&mut failed).await;
        assert!(*failed.borrow(), "the slow write failed the connection");
        writer.await.expect("the writer ends");
        drop(client);
    }
}
