//! Jobs over MCP: `"async": true` on `run_command` and `run` answers at once with a job id, and
//! the agent watches, cancels and undoes the job with ordinary calls, over the built
//! `rustgis-cli mcp` on standard input and output.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value as Json, json};

use crate::mcp_client;
use mcp_client::McpClient;

/// How long a job may take to get where a test waits for it.
const JOB_WAIT: Duration = Duration::from_secs(60);

/// A running `rustgis-cli mcp --sample`.
struct Mcp(McpClient);

impl Mcp {
    fn start() -> Mcp {
        Mcp(McpClient::start(Command::new(env!("CARGO_BIN_EXE_rustgis-cli")).args(["mcp", "--sample"]), json!({})))
    }

    /// A tool call's structured content; panics on a protocol error or a tool error.
    fn call(&mut self, tool: &str, arguments: Json) -> Json {
        let reply = self.0.request("tools/call", json!({"name": tool, "arguments": arguments}));
        let result = reply.get("result").cloned().unwrap_or_else(|| panic!("{tool} gave a protocol error: {reply}"));
        assert_ne!(result["isError"], json!(true), "{tool} {arguments} failed: {result}");
        result["structuredContent"].clone()
    }

    fn command(&mut self, command: &str, params: Json) -> Json {
        self.call("run_command", json!({"command": command, "params": params}))["result"].clone()
    }

    /// Polls `job.status` until `done` holds, for at most a minute.
    fn wait_for(&mut self, job: u64, done: impl Fn(&Json) -> bool) -> Json {
        let until = Instant::now() + JOB_WAIT;
        loop {
            let status = self.command("job.status", json!({ "id": job }));
            if done(&status) {
                return status;
            }
            assert!(Instant::now() < until, "job {job} never got there: {status:#}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Closes the server's input; it exits with success.
    fn close(self) {
        self.0.finish();
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
    mcp.close();
}

#[test]
fn an_async_job_completes_while_the_agent_works_and_undo_takes_it_back() {
    let mut mcp = Mcp::start();
    let answer = mcp
        .call("run_command", json!({"command": "vector.centroids", "params": {"layer": "countries"}, "async": true}));
    let job = answer["job"].as_u64().expect("the answer holds the job's id");
    // A read meanwhile (no undo step of its own, so the job's step is on top whenever it lands).
    mcp.command("table.read", json!({"layer": "cities", "where": "population > 5000000"}));
    let done = mcp.wait_for(job, ended);
    assert_eq!(done["state"], "completed", "{done:#}");
    assert_eq!(done["undo_step"], format!("job {job}: vector.centroids"));
    assert!(mcp.command("layer.list", json!({})).to_string().contains("countries centroids"));

    let undone = mcp.command("edit.undo", json!({}));
    assert_eq!(undone["undone"], format!("job {job}: vector.centroids"));
    assert!(!mcp.command("layer.list", json!({})).to_string().contains("countries centroids"));
    mcp.close();
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
    mcp.close();
}

#[test]
fn a_command_that_replaces_the_project_is_refused_as_a_job() {
    let mut mcp = Mcp::start();
    let reply = mcp
        .0
        .request("tools/call", json!({"name": "run_command", "arguments": {"command": "project.new", "async": true}}));
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert!(result.to_string().contains("project.new cannot run as a job"), "{reply}");
    mcp.close();
}

/// Starts a buffer of a grid of `cell`-degree cells over 120° × 120° as a job (seconds of work,
/// reporting as it goes); its id. The tests run at once, so those that wait without progress
/// (the test client gives up after 60 s of silence) take a smaller grid.
fn start_long_buffer(mcp: &mut Mcp, cell: f64) -> u64 {
    mcp.command("vector.grid", json!({"extent": [-60, -60, 60, 60], "cell": cell, "name": "big"}));
    let answer = mcp.call(
        "run_command",
        json!({"command": "vector.buffer", "params": {"layer": "big", "distance": 5, "unit": "km", "segments": 16}, "async": true}),
    );
    answer["job"].as_u64().expect("the answer holds the job's id")
}

/// Calls `job.wait` on `job` (with `meta` as the call's `_meta`); its result's structured content
/// and the progress notifications that came before it.
fn wait_on(mcp: &mut Mcp, job: u64, meta: Option<Json>) -> (Json, Vec<Json>) {
    let mut params =
        json!({"name": "run_command", "arguments": {"command": "job.wait", "params": {"id": job, "timeout_s": 300}}});
    if let Some(meta) = meta {
        params["_meta"] = meta;
    }
    let (reply, notifications) = mcp.0.request_with_notifications("tools/call", params);
    let result = &reply["result"];
    assert_ne!(result["isError"], json!(true), "job.wait failed: {reply}");
    let progress = notifications.into_iter().filter(|n| n["method"] == "notifications/progress").collect();
    (result["structuredContent"]["result"].clone(), progress)
}

#[test]
fn job_wait_with_a_progress_token_sends_increasing_progress_before_the_jobs_status() {
    let mut mcp = Mcp::start();
    let job = start_long_buffer(&mut mcp, 0.5);
    let (status, progress) = wait_on(&mut mcp, job, Some(json!({"progressToken": "wait-1"})));
    assert_eq!(status["state"], "completed", "{status:#}");
    assert_eq!(status["undo_step"], format!("job {job}: vector.buffer"));
    let fractions: Vec<f64> = progress
        .iter()
        .map(|note| {
            assert_eq!((&note["params"]["progressToken"], &note["params"]["total"]), (&json!("wait-1"), &json!(1.0)));
            assert!(note["params"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{note}");
            note["params"]["progress"].as_f64().expect("progress is a number")
        })
        .collect();
    assert!(fractions.len() >= 3, "{fractions:?}");
    assert!(fractions.windows(2).all(|w| w[0] < w[1]), "progress increases: {fractions:?}");
    assert!(fractions.iter().all(|f| (0.0..=1.0).contains(f)), "{fractions:?}");
    mcp.close();
}

#[test]
fn job_wait_without_a_progress_token_sends_no_progress() {
    let mut mcp = Mcp::start();
    let job = start_long_buffer(&mut mcp, 1.5);
    let (status, progress) = wait_on(&mut mcp, job, None);
    assert_eq!(status["state"], "completed", "{status:#}");
    assert!(progress.is_empty(), "{progress:?}");
    mcp.close();
}

#[test]
fn the_agents_other_calls_answer_while_it_waits_on_a_job() {
    let mut mcp = Mcp::start();
    let job = start_long_buffer(&mut mcp, 1.5);
    let wait = json!({"jsonrpc": "2.0", "id": 900, "method": "tools/call", "params": {"name": "run_command",
        "arguments": {"command": "job.wait", "params": {"id": job, "timeout_s": 300}}}});
    mcp.0.process.send(&wait.to_string());
    let list = json!({"jsonrpc": "2.0", "id": 901, "method": "tools/call", "params": {"name": "run_command",
        "arguments": {"command": "layer.list", "params": {}}}});
    mcp.0.process.send(&list.to_string());
    let mut order = Vec::new();
    while order.len() < 2 {
        let message = mcp.0.process.recv();
        if let Some(id) = message["id"].as_u64() {
            order.push((id, message["result"]["structuredContent"]["result"]["state"].clone()));
        }
    }
    assert_eq!(order[0].0, 901, "layer.list answered first: {order:?}");
    assert_eq!(order[1], (900, json!("completed")), "{order:?}");
    mcp.close();
}
