//! The MCP server: `tools/call` round trips through the real framing and rmcp, in process, and
//! start-up of the release binary to "ready".

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use rustgis_core::Session;
use rustgis_mcp::{AfterOversized, GisServer, PrivateHost, serve_lines};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader as AsyncBufReader};

fn round_trips(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let mut session = Session::with_sample().expect("sample");
    rustgis_benches::install_renderer(&mut session);
    let host = PrivateHost::start(session, false).expect("session thread");
    let (client, server_side) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server_side);
    runtime.spawn(serve_lines(
        GisServer::new(host),
        AsyncBufReader::new(server_read),
        server_write,
        AfterOversized::Continue,
    ));
    let (client_read, mut client_write) = tokio::io::split(client);
    let mut replies = AsyncBufReader::new(client_read);
    let mut id = 0u64;
    let mut call = |method: &str, params: serde_json::Value| {
        id += 1;
        let line = format!("{}\n", json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        runtime.block_on(async {
            client_write.write_all(line.as_bytes()).await.expect("write");
            let mut reply = String::new();
            replies.read_line(&mut reply).await.expect("read");
            assert!(reply.contains("\"result\""), "{reply}");
        });
    };
    call(
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}),
    );

    let mut group = c.benchmark_group("mcp");
    group.bench_function("tools/call run_command layer.list", |b| {
        b.iter(|| call("tools/call", json!({"name": "run_command", "arguments": {"command": "layer.list"}})))
    });
    group.bench_function("tools/call view_map 1024x768", |b| {
        b.iter(|| call("tools/call", json!({"name": "view_map", "arguments": {"width": 1024, "height": 768}})))
    });
    group.finish();
}

fn start_up(c: &mut Criterion) {
    let exe = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/rustgis-cli");
    if !exe.is_file() {
        eprintln!(
            "skipping start-up: build it first with `cargo build --release -p rustgis-cli` ({} is absent)",
            exe.display()
        );
        return;
    }
    let mut group = c.benchmark_group("mcp");
    group.sample_size(20);
    group.bench_function("start-up to ready (--sample)", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let started = Instant::now();
                let mut child = Command::new(&exe)
                    .args(["mcp", "--sample"])
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("start");
                let stderr = child.stderr.take().expect("stderr");
                let ready = BufReader::new(stderr).lines().map_while(Result::ok).any(|l| l.contains("ready"));
                total += started.elapsed();
                assert!(ready, "the server said ready");
                drop(child.stdin.take());
                child.wait().expect("exit");
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, round_trips, start_up);
criterion_main!(benches);
