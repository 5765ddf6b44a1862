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
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, ReadHalf, WriteHalf};

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

/// A client on an in-memory pipe to a server over a [`GatedHost`], past `initialize`.
struct Client {
    replies: tokio::io::Lines<BufReader<ReadHalf<DuplexStream>>>,
    write: WriteHalf<DuplexStream>,
    gate: Arc<(Mutex<bool>, Condvar)>,
    finished: Arc<AtomicUsize>,
}

impl Client {
    async fn start(session: Arc<Mutex<Session>>) -> Client {
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let finished = Arc::new(AtomicUsize::new(0));
        let host = Arc::new(GatedHost { session, gate: gate.clone(), finished: finished.clone() });
        let (client, server_side) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server_side);
        tokio::spawn(serve_lines(
            GisServer::new(host),
            BufReader::new(server_read),
            server_write,
            AfterOversized::Continue,
        ));
        let (client_read, write) = tokio::io::split(client);
        let mut client = Client { replies: BufReader::new(client_read).lines(), write, gate, finished };
        client
            .send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
            .await;
        let init = client.reply().await;
        assert!(init.contains("\"result\""), "{init}");
        client.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
        client
    }

    async fn send(&mut self, message: Json) {
        self.write.write_all(format!("{message}\n").as_bytes()).await.expect("write");
    }

    async fn reply(&mut self) -> String {
        self.replies.next_line().await.expect("read").expect("a reply")
    }

    /// Lets the held jobs run.
    fn open_gate(&self) {
        let (open, changed) = &*self.gate;
        *open.lock() = true;
        changed.notify_all();
    }

    /// Waits (bounded) until `n` jobs have run: a cancelled call gets no reply (the MCP rule).
    /// Calls `tool` with `arguments` as request 2, cancels it, and waits for the ping after the
    /// cancellation to be answered: the server handles messages in order, so by then it has seen
    /// the cancellation (the call's job is still held at the gate).
    async fn call_then_cancel(&mut self, tool: &str, arguments: Json) {
        self.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}))
            .await;
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "test"}}))
            .await;
        self.send(json!({"jsonrpc": "2.0", "id": 3, "method": "ping"})).await;
        let pong = self.reply().await;
        assert!(pong.contains("\"id\":3"), "{pong}");
    }

    async fn wait_for_jobs(&self, n: usize) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.finished.load(Ordering::SeqCst) < n {
            assert!(Instant::now() < deadline, "the cancelled call's job never ran");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_call_stops_and_leaves_the_project_unchanged() {
    let session = Arc::new(Mutex::new(Session::with_sample().expect("sample")));
    let mut client = Client::start(session.clone()).await;
    client
        .call_then_cancel(
            "run_command",
            json!({"command": "vector.buffer", "params": {"layer": "cities", "distance": 100, "unit": "km"}}),
        )
        .await;
    client.open_gate();
    client.wait_for_jobs(1).await;
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
    let mut client = Client::start(Arc::new(Mutex::new(session))).await;
    client.call_then_cancel("view_map", json!({})).await;
    client.open_gate();
    client
        .send(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
            "name": "run_command", "arguments": {"command": "layer.list", "params": {}}}}))
        .await;
    let next = client.reply().await;
    assert!(next.contains("\"id\":4") && next.contains("countries"), "{next}");
    client.wait_for_jobs(2).await;
    assert!(saw_cancel.load(Ordering::SeqCst), "the renderer was told the call was cancelled");
}
