//! The relay's sockets: the accept loop under the connection caps, then, for each connection,
//! the attach handshake (`connection/attach.rs`) and the pump that carries MCP lines both ways
//! with RustGIS's framing, the idle and write limits, and closing on stop or revocation. What a
//! line means (batches, approvals, the audit log) is routed in `connection/router.rs`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::time::Duration;

use parking_lot::Mutex;
use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;
use rustgis_mcp::{Frame, GisServer, MAX_LINE, ServerOptions, parse_error_line, read_message_max};
use serde_json::Value as Json;
use tokio::io::{AsyncRead, AsyncWriteExt, BufReader};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinSet;

use crate::grants::Accepted;
use crate::host::ConnectionHost;
use crate::shared::{Conn, Credential, Shared};

mod attach;
mod router;
pub(crate) use router::asked_of;

use attach::attach_reply;
pub(crate) use router::outcome_of;
use router::{LineCtx, Out, Router, RouterState, line_of};
use rustgis_mcp::attach::{parse_attach, read_attach_line};

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
                    if let Some(conn) = state.conns.remove(&id) {
                        Shared::release_agent(&mut state, &conn);
                    }
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
    let Some(Accepted { credential, grant_access, review, roots, revoked }) = shared.credential_for(&attach.token)
    else {
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
        roots,
        client: attach.client.clone(),
        http: false,
        client_names: Mutex::new(Vec::new()),
        last_call: Mutex::new(None),
        disconnect: watch::channel(false).0,
    });
    if !slot.attach(conn.clone()) {
        return;
    }
    let reply = attach.id.as_ref().map(|id| attach_reply(&shared, &conn, id));
    pump(shared, conn, revoked, reader, write, reply).await;
    drop(slot);
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
    let options = ServerOptions { result_budget: shared.limits.result_budget, ..ServerOptions::default() };
    let server =
        GisServer::with_options(Arc::new(ConnectionHost { shared: shared.clone(), conn: conn.clone() }), options);
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
    let mut disconnect = conn.disconnect.subscribe();
    let mut buf = Vec::new();
    let end = loop {
        tokio::select! {
            () = until_true(&mut stop) => break End::Forced,
            () = until_true(&mut disconnect) => break End::Forced,
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
        #[allow(clippy::disallowed_methods, reason = "the test's own loopback listener")]
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
