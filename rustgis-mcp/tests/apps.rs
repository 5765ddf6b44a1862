//! MCP Apps (issue 21): `view_map` and `snapshot` name the map view in `tools/list`, and the
//! server lists and reads `ui://rustgis/map` as an MCP Apps HTML page that needs no network.

use std::sync::Arc;

use rmcp::model::CallToolResult;
use rustgis_mcp::{
    APP_MIME_TYPE, AfterOversized, BoxFuture, CallInfo, GisServer, Host, HostError, Job, MAP_VIEW_URI, serve_lines,
    tool_list,
};
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines, ReadHalf, WriteHalf};

/// A host that runs nothing: resources and the tool list never reach a host.
struct IdleHost;

impl Host for IdleHost {
    fn run(&self, _call: CallInfo, _job: Job) -> BoxFuture<Result<CallToolResult, HostError>> {
        Box::pin(async { Err(HostError::internal("idle".to_owned())) })
    }

    fn attached(&self) -> bool {
        false
    }

    fn files_and_network(&self) -> bool {
        false
    }
}

/// A client on RustGIS's own line framing (what stdio and the relay serve), initialized.
struct Client {
    lines: Lines<BufReader<ReadHalf<tokio::io::DuplexStream>>>,
    writer: WriteHalf<tokio::io::DuplexStream>,
    next_id: u64,
}

impl Client {
    async fn start() -> Client {
        let (client, server_side) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server_side);
        tokio::spawn(serve_lines(
            GisServer::new(Arc::new(IdleHost)),
            BufReader::new(server_read),
            server_write,
            AfterOversized::Continue,
        ));
        let (read, writer) = tokio::io::split(client);
        let mut client = Client { lines: BufReader::new(read).lines(), writer, next_id: 0 };
        let init = client
            .request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
            )
            .await;
        assert!(init.get("result").is_some(), "{init}");
        client
    }

    async fn request(&mut self, method: &str, params: Json) -> Json {
        self.next_id += 1;
        let id = self.next_id;
        let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string() + "\n";
        self.writer.write_all(line.as_bytes()).await.expect("the server reads");
        loop {
            let line = self.lines.next_line().await.expect("a reply").expect("the server answers");
            let message: Json = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }
}

fn tool_json(name: &str) -> Json {
    let tool = tool_list().into_iter().find(|t| t.name == name).expect("the tool exists");
    serde_json::to_value(tool).expect("a tool serializes")
}

fn check_no_network(csp: &Json) {
    for key in ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] {
        assert_eq!(csp[key], json!([]), "{key} names network origins: {csp}");
    }
}

#[test]
fn view_map_and_snapshot_name_the_map_view_in_their_meta() {
    for name in ["view_map", "snapshot"] {
        let tool = tool_json(name);
        assert_eq!(tool["_meta"]["ui"]["resourceUri"], json!(MAP_VIEW_URI), "{tool}");
        assert_eq!(tool["_meta"]["ui/resourceUri"], json!(MAP_VIEW_URI), "hosts of the first drafts read this key");
    }
}

#[test]
fn tools_without_a_view_carry_no_meta() {
    for name in ["run_command", "run", "list_commands", "describe_command", "read_table", "search_docs"] {
        assert!(tool_json(name).get("_meta").is_none(), "{name} has a _meta");
    }
}

#[tokio::test]
async fn resources_list_offers_the_map_view_as_an_mcp_app_without_network_origins() {
    let mut client = Client::start().await;
    let listed = client.request("resources/list", json!({})).await;
    let resources = listed["result"]["resources"].as_array().expect("resources");
    let view = resources.iter().find(|r| r["uri"] == json!(MAP_VIEW_URI)).expect("the map view is listed");
    assert_eq!(view["mimeType"], json!("text/html;profile=mcp-app"));
    assert_eq!(APP_MIME_TYPE, "text/html;profile=mcp-app");
    check_no_network(&view["_meta"]["ui"]["csp"]);
    assert!(resources.iter().any(|r| r["uri"] == json!("rustgis://docs/mcp.md")), "the docs are still listed");
}

#[tokio::test]
async fn resources_read_returns_the_map_view_html_with_its_mime_type_and_csp() {
    let mut client = Client::start().await;
    let read = client.request("resources/read", json!({"uri": MAP_VIEW_URI})).await;
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["uri"], json!(MAP_VIEW_URI));
    assert_eq!(contents["mimeType"], json!(APP_MIME_TYPE));
    check_no_network(&contents["_meta"]["ui"]["csp"]);
    let html = contents["text"].as_str().expect("the page is text");
    assert!(html.starts_with("<!DOCTYPE html>"), "an HTML5 document");
    for step in ["ui/initialize", "ui/notifications/initialized", "tools/call", "ui/update-model-context"] {
        assert!(html.contains(step), "the view never sends {step}");
    }
}

#[tokio::test]
async fn the_map_view_loads_nothing_from_the_network() {
    let mut client = Client::start().await;
    let read = client.request("resources/read", json!({"uri": MAP_VIEW_URI})).await;
    let html = read["result"]["contents"][0]["text"].as_str().expect("the page is text").to_ascii_lowercase();
    for needle in ["http:", "https:", "src=\"//", "href=", "fetch(", "xmlhttprequest", "websocket", "import "] {
        assert!(!html.contains(needle), "the view reaches for the network: {needle}");
    }
}

#[tokio::test]
async fn reading_an_unknown_view_names_the_map_view() {
    let mut client = Client::start().await;
    let read = client.request("resources/read", json!({"uri": "ui://rustgis/globe"})).await;
    let message = read["error"]["message"].as_str().expect("an error");
    assert!(message.contains(MAP_VIEW_URI), "{message}");
}

#[tokio::test]
async fn a_resource_that_does_not_exist_is_answered_invalid_params_not_32002() {
    let mut client = Client::start().await;
    for uri in ["ui://rustgis/globe", "rustgis://docs/nowhere.md", "file:///etc/passwd"] {
        let read = client.request("resources/read", json!({"uri": uri})).await;
        assert_eq!(read["error"]["code"], json!(-32602), "{uri}: {read}");
    }
}
