//! MCP Apps (issue 21) on every transport: the stdio server (`rustgis-cli mcp --sample`), the
//! relay (`rustgis-cli mcp --attach` to the headless host) and MCP over HTTP all name the map
//! view in `tools/list` and serve `ui://rustgis/map`; a host without MCP Apps gets the same
//! picture and text as one with it.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::process::{Command, Stdio};

use serde_json::{Value as Json, json};

const MAP_VIEW: &str = "ui://rustgis/map";

/// Checks what a host with MCP Apps reads, through `request(method, params)`.
fn check_the_map_view(mut request: impl FnMut(&str, Json) -> Json) {
    let tools = request("tools/list", json!({}));
    let tools = tools["result"]["tools"].as_array().expect("tools");
    for name in ["view_map", "snapshot"] {
        let tool = tools.iter().find(|t| t["name"] == json!(name)).expect("the tool is listed");
        assert_eq!(tool["_meta"]["ui"]["resourceUri"], json!(MAP_VIEW), "{tool}");
    }
    let listed = request("resources/list", json!({}));
    let listed = listed["result"]["resources"].as_array().expect("resources");
    assert!(listed.iter().any(|r| r["uri"] == json!(MAP_VIEW)), "the map view is listed");
    let read = request("resources/read", json!({ "uri": MAP_VIEW }));
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["mimeType"], json!("text/html;profile=mcp-app"), "{read}");
    assert_eq!(contents["_meta"]["ui"]["csp"]["connectDomains"], json!([]));
    assert_eq!(contents["_meta"]["ui"]["csp"]["resourceDomains"], json!([]));
    assert!(contents["text"].as_str().is_some_and(|html| html.starts_with("<!DOCTYPE html>")));
}

#[test]
fn the_stdio_server_serves_the_map_view() {
    let mut server = McpClient::start(Command::new(rustgis_cli()).args(["mcp", "--sample"]), json!({}));
    check_the_map_view(|method, params| server.request(method, params));
}

#[test]
fn a_host_without_mcp_apps_gets_the_same_picture_and_text_as_one_with_it() {
    let apps =
        json!({ "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/html;profile=mcp-app"] } } });
    let mut results = Vec::new();
    for capabilities in [json!({}), apps] {
        let mut server = McpClient::start(Command::new(rustgis_cli()).args(["mcp", "--sample"]), capabilities);
        let reply =
            server.request("tools/call", json!({ "name": "view_map", "arguments": { "width": 320, "height": 200 } }));
        let result = reply["result"].clone();
        let kinds: Vec<&str> =
            result["content"].as_array().expect("content").iter().filter_map(|c| c["type"].as_str()).collect();
        assert_eq!(kinds, ["image", "text"], "{reply}");
        assert!(result.get("_meta").is_none(), "the result carries nothing for views only: {reply}");
        results.push(result);
    }
    assert_eq!(results[0], results[1]);
}

#[test]
fn the_relay_and_mcp_over_http_serve_the_map_view() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = Process::spawn(
        Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", "0", "--http", "--http-port", "0", "--settings"])
            .arg(folders.path().join("settings"))
            .arg("--app-data")
            .arg(folders.path().join("app-data"))
            .env("XDG_RUNTIME_DIR", &runtime_dir)
            .stderr(Stdio::null()),
    );
    let started = host.recv();
    let port = started["result"]["port"].as_u64().expect("the relay's port").to_string();
    let url = started["result"]["http"]["url"].as_str().expect("the HTTP url").to_owned();
    let token_file = started["result"]["http"]["token_file"].as_str().expect("the token file").to_owned();
    let token = std::fs::read_to_string(&token_file).expect("the token file reads").trim().to_owned();

    let mut id = 0;
    check_the_map_view(|method, params| {
        id += 1;
        http_post(&url, &token, &json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
    });
    let mut agent = McpClient::start(
        Command::new(rustgis_cli()).args(["mcp", "--attach", &port]).env("XDG_RUNTIME_DIR", &runtime_dir),
        json!({}),
    );
    check_the_map_view(|method, params| agent.request(method, params));
    drop(agent);
    host.send("quit");
    host.finish();
}

// ---------------------------------------------------------------------------------------------
// Processes and clients.

#[path = "../../test-support/rustgis_cli.rs"]
mod cli_binary;
#[path = "../../test-support/host.rs"]
mod host;
#[path = "../../test-support/mcp_client.rs"]
mod mcp_client;
#[path = "../../test-support/process.rs"]
mod process;
use cli_binary::rustgis_cli;
use host::{http_post, runtime_dir_in};
use mcp_client::McpClient;
use process::Process;
