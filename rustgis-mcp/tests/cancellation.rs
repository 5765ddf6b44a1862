//! A client's `notifications/cancelled` reaches the command: it stops between features and the
//! project stays as it was.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};
use rmcp::model::CallToolResult;
use rustgis_core::{Caller, Session};
use rustgis_mcp::{AfterOversized, BoxFuture, CallInfo, GisServer, Host, HostError, Job, serve_lines};
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// A host that holds each job until the test opens the gate, so the test can cancel a call
/// before it runs, deterministically.
struct GatedHost {
    session: Arc<Mutex<Session>>,
    gate: Arc<(Mutex<bool>, Condvar)>,
    finished: Arc<AtomicUsize>,
}

impl Host for GatedHost {
    fn run(&self, _call: CallInfo, job: Job) -> BoxFuture<Result<CallToolResult, HostError>> {
        let session = self.session.clone();
        let gate = self.gate.clone();
        let finished = self.finished.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let (open, changed) = &*gate;
                let mut open = open.lock();
                while !*open {
                    changed.wait(&mut open);
                }
                drop(open);
                let result = job(&mut session.lock(), &Caller::private_agent(false));
                finished.fetch_add(1, Ordering::SeqCst);
                result
            })
            .await
            .map_err(|e| HostError::internal(e.to_string()))
        })
    }

    fn attached(&self) -> bool {
        false
    }

    fn files_and_network(&self) -> bool {
        false
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_call_stops_and_leaves_the_project_unchanged() {
    let session = Arc::new(Mutex::new(Session::with_sample().expect("sample")));
    let gate = Arc::new((Mutex::new(false), Condvar::new()));
    let finished = Arc::new(AtomicUsize::new(0));
    let host = Arc::new(GatedHost { session: session.clone(), gate: gate.clone(), finished: finished.clone() });
    let (client, server_side) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server_side);
    tokio::spawn(serve_lines(
        GisServer::new(host),
        BufReader::new(server_read),
        server_write,
        AfterOversized::Continue,
    ));
    let (client_read, mut client_write) = tokio::io::split(client);
    let mut replies = BufReader::new(client_read).lines();

    let mut send = async |message: Json| {
        client_write.write_all(format!("{message}\n").as_bytes()).await.expect("write");
    };
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
    .await;
    let init = replies.next_line().await.expect("read").expect("a reply");
    assert!(init.contains("\"result\""), "{init}");
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "run_command",
        "arguments": {"command": "vector.buffer", "params": {"layer": "cities", "distance": 100, "unit": "km"}}}}))
    .await;
    send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}}))
        .await;
    // The server handles messages in order: once the ping is answered, the cancellation has been seen.
    send(json!({"jsonrpc": "2.0", "id": 3, "method": "ping"})).await;
    let pong = replies.next_line().await.expect("read").expect("a reply");
    assert!(pong.contains("\"id\":3"), "{pong}");
    {
        let (open, changed) = &*gate;
        *open.lock() = true;
        changed.notify_all();
    }
    // A cancelled call gets no reply (the MCP rule); wait until its job has run, bounded.
    let deadline = Instant::now() + Duration::from_secs(60);
    while finished.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the cancelled call's job never ran");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let session = session.lock();
    assert!(
        !session.project().layer_names().iter().any(|n| n.contains("buffer")),
        "{:?}",
        session.project().layer_names()
    );
    assert!(session.history().is_empty());
}

/// A renderer that says whether the call it draws for was cancelled when it started drawing.
struct WatchingRenderer {
    saw_cancel: Arc<std::sync::atomic::AtomicBool>,
}

impl rustgis_core::MapRenderer for WatchingRenderer {
    fn render(
        &self,
        _project: &rustgis_core::Project,
        _request: &rustgis_core::RenderRequest,
    ) -> rustgis_core::Result<rustgis_core::RenderedImage> {
        Err(rustgis_core::Error::Failed("drawn without a watch".to_owned()))
    }

    fn render_watched(
        &self,
        _project: &rustgis_core::Project,
        _request: &rustgis_core::RenderRequest,
        progress: &dyn rustgis_core::Progress,
        what: &str,
    ) -> rustgis_core::Result<rustgis_core::RenderedImage> {
        self.saw_cancel.store(progress.is_cancelled(), Ordering::SeqCst);
        Err(rustgis_core::Error::Cancelled(what.to_owned()))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_view_map_reaches_the_renderer_and_the_next_call_is_served() {
    let saw_cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut session = Session::with_sample().expect("sample");
    session.set_renderer(Arc::new(WatchingRenderer { saw_cancel: saw_cancel.clone() }));
    let session = Arc::new(Mutex::new(session));
    let gate = Arc::new((Mutex::new(false), Condvar::new()));
    let finished = Arc::new(AtomicUsize::new(0));
    let host = Arc::new(GatedHost { session: session.clone(), gate: gate.clone(), finished: finished.clone() });
    let (client, server_side) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server_side);
    tokio::spawn(serve_lines(
        GisServer::new(host),
        BufReader::new(server_read),
        server_write,
        AfterOversized::Continue,
    ));
    let (client_read, mut client_write) = tokio::io::split(client);
    let mut replies = BufReader::new(client_read).lines();
    let mut send = async |message: Json| {
        client_write.write_all(format!("{message}\n").as_bytes()).await.expect("write");
    };
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
    .await;
    let init = replies.next_line().await.expect("read").expect("a reply");
    assert!(init.contains("\"result\""), "{init}");
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "view_map", "arguments": {}}}))
        .await;
    send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}}))
        .await;
    send(json!({"jsonrpc": "2.0", "id": 3, "method": "ping"})).await;
    let pong = replies.next_line().await.expect("read").expect("a reply");
    assert!(pong.contains("\"id\":3"), "{pong}");
    {
        let (open, changed) = &*gate;
        *open.lock() = true;
        changed.notify_all();
    }
    send(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
        "name": "run_command", "arguments": {"command": "layer.list", "params": {}}}}))
    .await;
    let next = replies.next_line().await.expect("read").expect("a reply");
    assert!(next.contains("\"id\":4") && next.contains("countries"), "{next}");
    // A cancelled call gets no reply (the MCP rule); wait until its job has run, bounded.
    let deadline = Instant::now() + Duration::from_secs(60);
    while finished.load(Ordering::SeqCst) < 2 {
        assert!(Instant::now() < deadline, "the cancelled call's job never ran");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(saw_cancel.load(Ordering::SeqCst), "the renderer was told the call was cancelled");
}
