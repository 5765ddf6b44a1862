//! Jobs over MCP: `"async": true` on `run_command` and `run` answers at once with a job id, and
//! the agent watches, cancels and undoes the job with ordinary calls, over the built
//! `rustgis-cli mcp` on standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value as Json, json};

/// How long one reply may take before the test gives up (generous for a loaded debug build).
const REPLY_WAIT: Duration = Duration::from_secs(60);

/// A running `rustgis-cli mcp`.
struct Mcp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Mcp {
    fn start() -> Mcp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
            .args(["mcp", "--sample"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("rustgis-cli starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = channel();
        std::thread::Builder::new()
            .name("mcp-stdout".to_owned())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .expect("the reader thread starts");
        let stdin = child.stdin.take();
        let mut mcp = Mcp { child, stdin, lines, next_id: 0 };
        let init = mcp.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}),
        );
        assert!(init.get("result").is_some(), "initialize failed: {init}");
        mcp.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        mcp
    }

    fn send(&mut self, message: &Json) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{message}").and_then(|()| stdin.flush()).expect("write to the server");
    }

    fn request(&mut self, method: &str, params: Json) -> Json {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = match self.lines.recv_timeout(REPLY_WAIT) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => panic!("no reply to {method} within {REPLY_WAIT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
            };
            let message: Json = serde_json::from_str(&line).expect("the server prints JSON-RPC lines");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// A tool call's structured content; panics on a protocol error or a tool error.
    fn call(&mut self, tool: &str, arguments: Json) -> Json {
        let reply = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        let result = reply.get("result").cloned().unwrap_or_else(|| panic!("{tool} gave a protocol error: {reply}"));
        assert_ne!(result["isError"], json!(true), "{tool} {arguments} failed: {result}");
        result["structuredContent"].clone()
    }

    fn command(&mut self, command: &str, params: Json) -> Json {
        self.call("run_command", json!({"command": command, "params": params}))["result"].clone()
    }

    /// Polls `job.status` until `done` holds, for at most a minute.
    fn wait_for(&mut self, job: u64, done: impl Fn(&Json) -> bool) -> Json {
        let until = Instant::now() + REPLY_WAIT;
        loop {
            let status = self.command("job.status", json!({ "id": job }));
            if done(&status) {
                return status;
            }
            assert!(Instant::now() < until, "job {job} never got there: {status:#}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn close(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("the server exits when its input closes")
    }
}

fn ended(status: &Json) -> bool {
    matches!(status["state"].as_str(), Some("completed" | "failed" | "cancelled"))
}

#[test]
fn an_async_buffer_answers_at_once_reports_progress_and_cancels_keeping_its_partial_layer() {
    let mut mcp = Mcp::start();
    mcp.command("vector.grid", json!({"extent": [-60, -60, 60, 60], "cell": 0.25, "name": "big"}));
    let started = Instant::now();
    let answer = mcp.call(
        "run_command",
        json!({"command": "vector.buffer", "params": {"layer": "big", "distance": 5, "unit": "km", "segments": 16}, "async": true}),
    );
    assert!(started.elapsed() < Duration::from_secs(10), "the async call waited for the job");
    assert_eq!((answer["command"].as_str(), answer["state"].as_str()), (Some("vector.buffer"), Some("running")));
    let job = answer["job"].as_u64().expect("the answer holds the job's id");

    // The agent's other calls answer while the job runs.
    let layers = mcp.command("layer.list", json!({}));
    assert!(layers.to_string().contains("\"big\""), "{layers}");
    let moving = mcp.wait_for(job, |s| s["progress"].as_f64().is_some_and(|p| p > 0.0));
    assert_eq!(moving["state"], "running");

    let cancelling = mcp.command("job.cancel", json!({ "id": job }));
    assert!(matches!(cancelling["state"].as_str(), Some("cancelling" | "cancelled")), "{cancelling}");
    let cancelled = mcp.wait_for(job, ended);
    assert_eq!(cancelled["state"], "cancelled", "{cancelled:#}");
    assert_eq!(cancelled["partial"]["layer"], "big buffer 5 km (partial)");
    let listed = mcp.command("job.list", json!({}));
    assert_eq!(listed["jobs"][0]["state"], "cancelled");
    assert!(mcp.command("layer.list", json!({})).to_string().contains("big buffer 5 km (partial)"));
    assert!(mcp.close().success());
}

#[test]
fn an_async_job_completes_while_the_agent_works_and_undo_takes_it_back() {
    let mut mcp = Mcp::start();
    let answer = mcp
        .call("run_command", json!({"command": "vector.centroids", "params": {"layer": "countries"}, "async": true}));
    let job = answer["job"].as_u64().expect("the answer holds the job's id");
    mcp.command("feature.select", json!({"layer": "cities", "where": "population > 5000000"}));
    let done = mcp.wait_for(job, ended);
    assert_eq!(done["state"], "completed", "{done:#}");
    assert_eq!(done["undo_step"], format!("job {job}: vector.centroids"));
    assert!(mcp.command("layer.list", json!({})).to_string().contains("countries centroids"));

    let undone = mcp.command("edit.undo", json!({}));
    assert_eq!(undone["undone_or_redone"], format!("job {job}: vector.centroids"));
    assert!(!mcp.command("layer.list", json!({})).to_string().contains("countries centroids"));
    assert!(mcp.close().success());
}

#[test]
fn an_async_script_is_a_job_too() {
    let mut mcp = Mcp::start();
    let answer = mcp.call(
        "run",
        json!({"script": "vector.centroids {\"layer\": \"countries\"}\nmap.zoomTo {\"layer\": \"countries centroids\"}", "async": true}),
    );
    let job = answer["job"].as_u64().expect("the answer holds the job's id");
    assert_eq!(answer["command"], "script (2 lines)");
    let done = mcp.wait_for(job, ended);
    assert_eq!(done["state"], "completed", "{done:#}");
    assert!(mcp.close().success());
}

#[test]
fn a_command_that_replaces_the_project_is_refused_as_a_job() {
    let mut mcp = Mcp::start();
    let reply = mcp
        .request("tools/call", json!({"name": "run_command", "arguments": {"command": "project.new", "async": true}}));
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert!(result.to_string().contains("project.new cannot run as a job"), "{reply}");
    assert!(mcp.close().success());
}
