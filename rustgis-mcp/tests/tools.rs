//! The MCP tool table is the public contract: `tools/list` matches a golden file, and the
//! relay's gate, audit log and status bar read the same table.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use rustgis_mcp::{TOOLS, call_command, call_script, is_gated, tool_list};
use serde_json::json;

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/tools.json");

#[test]
fn the_tool_list_matches_its_golden_file() {
    let listed = serde_json::to_string_pretty(&tool_list()).expect("tools serialize") + "\n";
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(GOLDEN, &listed).expect("write the golden file");
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("the golden file exists");
    assert!(
        golden == listed,
        "tools/list changed; if that is meant, run `UPDATE_GOLDEN=1 cargo test -p rustgis-mcp --test tools` and commit"
    );
}

#[test]
fn run_command_declares_its_params_as_an_object() {
    let run_command = tool_list().into_iter().find(|t| t.name == "run_command").expect("run_command");
    assert_eq!(run_command.input_schema["properties"]["params"]["type"], json!("object"));
}

#[test]
fn each_tool_is_defined_once() {
    let mut names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), TOOLS.len());
}

#[test]
fn the_table_says_which_calls_wait_for_approval_and_what_they_run() {
    assert!(is_gated("run_command") && is_gated("run") && is_gated("snapshot"));
    assert!(!is_gated("view_map") && !is_gated("read_table") && !is_gated("no_such_tool"));
    assert_eq!(call_command("run_command", &json!({"command": "layer.list"})).as_deref(), Some("layer.list"));
    assert_eq!(call_command("read_table", &json!({"layer": "cities"})).as_deref(), Some("table.read"));
    assert_eq!(call_command("view_map", &json!({})), None);
    assert_eq!(call_script("run", &json!({"script": "layer.list {}"})), Some(&json!("layer.list {}")));
}

/// A host that runs nothing: enough to read the server's instructions. `true`: it publishes
/// the project's changes.
struct IdleHost(bool);

impl rustgis_mcp::Host for IdleHost {
    fn run(
        &self,
        _call: rustgis_mcp::CallInfo,
        _job: rustgis_mcp::Job,
    ) -> rustgis_mcp::BoxFuture<Result<rmcp::model::CallToolResult, rustgis_mcp::HostError>> {
        Box::pin(async { Err(rustgis_mcp::HostError::internal("idle".to_owned())) })
    }

    fn attached(&self) -> bool {
        false
    }

    fn files_and_network(&self) -> bool {
        false
    }

    fn project_watch(&self) -> Option<rustgis_mcp::ProjectWatch> {
        self.0.then(rustgis_mcp::ProjectWatch::new)
    }
}

#[test]
fn the_instructions_name_the_project_state_where_the_host_publishes_changes() {
    let text = rustgis_mcp::GisServer::new(std::sync::Arc::new(IdleHost(true))).instructions();
    assert!(text.contains(rustgis_mcp::STATE_URI) && text.contains("expected_revision"), "{text}");
    let text = rustgis_mcp::GisServer::new(std::sync::Arc::new(IdleHost(false))).instructions();
    assert!(!text.contains(rustgis_mcp::STATE_URI), "a state nobody publishes is not offered: {text}");
}

#[test]
fn the_instructions_say_how_to_find_layers_and_show_features() {
    let text = rustgis_mcp::GisServer::new(std::sync::Arc::new(IdleHost(false))).instructions();
    for needed in ["layer.list", "project.info", "feature.select", "view_map"] {
        assert!(text.contains(needed), "the instructions do not mention {needed}: {text}");
    }
}
