//! Jobs over MCP: `"async": true` on `run_command` and `run` answers at once with a job id, and
//! the agent watches, cancels and undoes the job with ordinary calls, over the built
//! `rustgis-cli mcp` on standard input and output.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value as Json, json};

#[path = "../../test-support/mcp_client.rs"]
mod mcp_client;
#[path = "../../test-support/process.rs"]
mod process;
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
    assert_eq!(undone["undone_or_redone"], format!("job {job}: vector.centroids"));
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
