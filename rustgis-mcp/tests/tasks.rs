//! Long work as MCP tasks (issue 42): a client that declares the tasks extension
//! (`io.modelcontextprotocol/tasks`) gets a task for a long command, polls it with `tasks/get`
//! to its result, and can cancel it with `tasks/cancel`, keeping the partial result; a client
//! without the extension gets the result as before.

#[path = "support/client.rs"]
mod client;

use std::time::{Duration, Instant};

use client::{Client, Setup, text_of};
use serde_json::{Value as Json, json};

const TASKS: &str = "io.modelcontextprotocol/tasks";

fn with_tasks() -> Setup {
    Setup { capabilities: json!({ "extensions": { TASKS: {} } }), ..Setup::default() }
}

/// Calls `run_command` and returns the JSON-RPC result (a task or a tool result).
async fn run_command(client: &mut Client, command: &str, params: Json) -> Json {
    client.call("run_command", json!({"command": command, "params": params})).await
}

/// Polls `tasks/get` until `done` holds, for at most a minute (the job ends long before).
async fn poll_until(client: &mut Client, task: &str, done: impl Fn(&Json) -> bool) -> Json {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let reply = client.request("tasks/get", json!({ "taskId": task })).await;
        let state = reply["result"].clone();
        assert!(state.is_object(), "{reply}");
        if done(&state) {
            return state;
        }
        assert!(Instant::now() < until, "task {task} never got there: {state:#}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn task_id(created: &Json) -> String {
    assert_eq!(created["resultType"], "task", "{created:#}");
    created["taskId"].as_str().expect("a task id").to_owned()
}

fn layer_names(listed: &Json) -> Vec<String> {
    listed["structuredContent"]["result"]["layers"]
        .as_array()
        .expect("layers")
        .iter()
        .filter_map(|l| l["name"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_server_declares_the_tasks_extension() {
    let client = Client::start(with_tasks()).await;
    assert!(client.init["capabilities"]["extensions"][TASKS].is_object(), "{}", client.init);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_command_becomes_a_task_whose_result_comes_by_polling() {
    let mut client = Client::start(with_tasks()).await;
    let created =
        run_command(&mut client, "vector.buffer", json!({"layer": "cities", "distance": 50, "unit": "km"})).await;
    let task = task_id(&created);
    assert_eq!(created["status"], "working", "{created:#}");
    assert!(created["pollIntervalMs"].as_u64().is_some(), "{created:#}");

    let ended = poll_until(&mut client, &task, |t| t["status"] != "working").await;
    assert_eq!(ended["status"], "completed", "{ended:#}");
    let result = &ended["result"];
    assert_ne!(result["isError"], true, "{result:#}");
    assert!(text_of(result).contains("cities buffer 50 km"), "{}", text_of(result));
    // The result is the one the call gives without a task.
    assert_eq!(result["structuredContent"]["command"], "vector.buffer", "{result:#}");
    assert_eq!(result["structuredContent"]["layersAdded"], json!(["cities buffer 50 km"]), "{result:#}");
    let listed = run_command(&mut client, "layer.list", json!({})).await;
    assert!(layer_names(&listed).contains(&"cities buffer 50 km".to_owned()), "{listed:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_task_is_one_undo_step() {
    let mut client = Client::start(with_tasks()).await;
    let created =
        run_command(&mut client, "vector.buffer", json!({"layer": "cities", "distance": 50, "unit": "km"})).await;
    let task = task_id(&created);
    poll_until(&mut client, &task, |t| t["status"] == "completed").await;
    let undone = run_command(&mut client, "edit.undo", json!({})).await;
    assert_ne!(undone["isError"], true, "{undone:#}");
    let listed = run_command(&mut client, "layer.list", json!({})).await;
    assert!(!layer_names(&listed).contains(&"cities buffer 50 km".to_owned()), "{listed:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn cancelling_a_task_stops_its_job_and_keeps_the_partial_result() {
    let mut client = Client::start(with_tasks()).await;
    let grid =
        run_command(&mut client, "vector.grid", json!({"extent": [-60, -60, 60, 60], "cell": 0.25, "name": "big"}))
            .await;
    assert_ne!(grid["isError"], true, "{grid:#}");
    let created =
        run_command(&mut client, "vector.buffer", json!({"layer": "big", "distance": 5, "unit": "km", "segments": 16}))
            .await;
    let task = task_id(&created);
    let under_way = poll_until(&mut client, &task, |t| {
        t["statusMessage"].as_str().is_some_and(|m| m.contains("buffering big")) || t["status"] != "working"
    })
    .await;
    assert_eq!(under_way["status"], "working", "the buffer ended before it could be cancelled: {under_way:#}");

    let cancel = client.request("tasks/cancel", json!({ "taskId": task })).await;
    assert!(cancel.get("error").is_none(), "{cancel}");
    let ended = poll_until(&mut client, &task, |t| t["status"] != "working").await;

    assert_eq!(ended["status"], "cancelled", "{ended:#}");
    let message = ended["statusMessage"].as_str().expect("a status message");
    assert!(message.contains("big buffer 5 km (partial)"), "{message}");
    let listed = run_command(&mut client, "layer.list", json!({})).await;
    assert!(layer_names(&listed).contains(&"big buffer 5 km (partial)".to_owned()), "{listed:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_without_tasks_gets_the_result_of_a_long_command_as_before() {
    let mut client = Client::start(Setup::default()).await;
    let result =
        run_command(&mut client, "vector.buffer", json!({"layer": "cities", "distance": 50, "unit": "km"})).await;
    assert!(result.get("resultType").is_none_or(|t| t == "complete"), "{result:#}");
    assert!(text_of(&result).contains("cities buffer 50 km"), "{}", text_of(&result));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_quick_command_is_never_a_task() {
    let mut client = Client::start(with_tasks()).await;
    let result = run_command(&mut client, "layer.rename", json!({"layer": "cities", "name": "towns"})).await;
    assert!(result.get("taskId").is_none(), "{result:#}");
    assert_ne!(result["isError"], true, "{result:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_command_the_policy_refuses_answers_at_once_with_the_refusal() {
    let mut client = Client::start(with_tasks()).await;
    let params = json!({"layout": "A4", "path": "/tmp/rustgis-never-written.pdf"});
    let result = run_command(&mut client, "layout.export", params).await;
    assert!(result.get("taskId").is_none(), "{result:#}");
    assert_eq!(result["isError"], true, "{result:#}");
    assert_eq!(result["structuredContent"]["code"], "refused", "{result:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_command_that_fails_ends_its_task_with_the_error_as_its_result() {
    let mut client = Client::start(with_tasks()).await;
    let created = run_command(&mut client, "vector.buffer", json!({"layer": "atlantis", "distance": 5})).await;
    let task = task_id(&created);
    let ended = poll_until(&mut client, &task, |t| t["status"] != "working").await;
    assert_eq!(ended["status"], "completed", "{ended:#}");
    assert_eq!(ended["result"]["isError"], true, "{ended:#}");
    assert!(text_of(&ended["result"]).contains("atlantis"), "{}", text_of(&ended["result"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_async_script_becomes_a_task() {
    let mut client = Client::start(with_tasks()).await;
    let reply = client
        .request(
            "tools/call",
            json!({"name": "run", "arguments": {"script": "layer.rename {\"layer\": \"cities\", \"name\": \"towns\"}", "async": true}}),
        )
        .await;
    let task = task_id(&reply["result"]);
    let ended = poll_until(&mut client, &task, |t| t["status"] != "working").await;
    assert_eq!(ended["status"], "completed", "{ended:#}");
    let listed = run_command(&mut client, "layer.list", json!({})).await;
    assert!(layer_names(&listed).contains(&"towns".to_owned()), "{listed:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_task_is_an_error_naming_it() {
    let mut client = Client::start(with_tasks()).await;
    let reply = client.request("tasks/get", json!({ "taskId": "no-such-task" })).await;
    let message = reply["error"]["message"].as_str().expect("an error");
    assert!(message.contains("no-such-task"), "{reply}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_with_tasks_is_told_when_its_task_completes() {
    let mut client = Client::start(with_tasks()).await;
    let created =
        run_command(&mut client, "vector.buffer", json!({"layer": "cities", "distance": 50, "unit": "km"})).await;
    let task = task_id(&created);
    let note = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let message = client.next_message().await;
            if message["method"] == "notifications/tasks" && message["params"]["status"] == "completed" {
                return message;
            }
        }
    })
    .await
    .expect("a notification that the task completed");
    assert_eq!(note["params"]["taskId"], json!(task), "{note:#}");
    assert!(text_of(&note["params"]["result"]).contains("cities buffer 50 km"), "{note:#}");
}
