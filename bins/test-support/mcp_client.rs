//! An MCP client speaking JSON-RPC lines to a child process (`rustgis-cli mcp`, `mcp --attach`),
//! as an agent's client would: included by path beside `process.rs`
//! (`#[path = "../../test-support/mcp_client.rs"] mod mcp_client;`).

use std::process::{Command, Stdio};

use serde_json::{Value as Json, json};

use crate::process::Process;

/// An initialized MCP session with a RustGIS server on a process's standard input and output.
pub(crate) struct McpClient {
    pub(crate) process: Process,
    next_id: u64,
    /// Tool calls made with `call`, as an agent's turns are counted.
    #[allow(dead_code, reason = "included by path; not every test binary counts calls")]
    pub(crate) calls: usize,
}

impl McpClient {
    /// Starts `command` (its standard error discarded), initializes with `capabilities` and
    /// checks that the server is RustGIS.
    #[allow(dead_code, reason = "included by path; some test binaries start their server themselves")]
    pub(crate) fn start(command: &mut Command, capabilities: Json) -> McpClient {
        McpClient::over(Process::spawn(command.stderr(Stdio::null())), capabilities)
    }

    /// Initializes with `capabilities` a server already started as `process` (for a test that
    /// keeps its standard error) and checks that the server is RustGIS.
    pub(crate) fn over(process: Process, capabilities: Json) -> McpClient {
        let mut client = McpClient { process, next_id: 0, calls: 0 };
        let reply = client.request(
            "initialize",
            json!({ "protocolVersion": "2025-11-25", "capabilities": capabilities, "clientInfo": { "name": "rustgis-tests", "version": "1" } }),
        );
        assert_eq!(reply["result"]["serverInfo"]["name"], json!("rustgis"), "{reply}");
        client.process.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }).to_string());
        client
    }

    /// Sends a request and returns its reply, passing over notifications and other replies.
    pub(crate) fn request(&mut self, method: &str, params: Json) -> Json {
        self.next_id += 1;
        let id = self.next_id;
        self.process.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string());
        loop {
            let message = self.next_message();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// The next message the server prints; every line must be a JSON-RPC 2.0 message.
    pub(crate) fn next_message(&mut self) -> Json {
        let message = self.process.recv();
        assert_eq!(message["jsonrpc"], "2.0", "the server printed a line that is not JSON-RPC: {message}");
        message
    }

    /// Calls a tool, counting the call; its result (a protocol error fails the test).
    #[allow(dead_code, reason = "included by path; not every test binary calls tools this way")]
    pub(crate) fn call(&mut self, tool: &str, arguments: Json) -> Json {
        self.calls += 1;
        let reply = self.request("tools/call", json!({ "name": tool, "arguments": arguments }));
        reply.get("result").cloned().unwrap_or_else(|| panic!("{tool} gave a protocol error: {reply}"))
    }

    /// Sends a request and returns its reply with the notifications that came before it.
    #[allow(dead_code, reason = "included by path; not every test binary watches notifications")]
    pub(crate) fn request_with_notifications(&mut self, method: &str, params: Json) -> (Json, Vec<Json>) {
        self.next_id += 1;
        let id = self.next_id;
        self.process.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string());
        let mut notifications = Vec::new();
        loop {
            let message = self.next_message();
            if message["id"] == json!(id) {
                return (message, notifications);
            }
            if message.get("id").is_none() {
                notifications.push(message);
            }
        }
    }

    /// Runs a RustGIS command through the `run_command` tool; the whole JSON-RPC reply.
    #[allow(dead_code, reason = "included by path; not every test binary runs commands")]
    pub(crate) fn command(&mut self, command: &str, params: Json) -> Json {
        self.request(
            "tools/call",
            json!({ "name": "run_command", "arguments": { "command": command, "params": params } }),
        )
    }

    /// Closes the server's input and checks that it exits with success.
    #[allow(dead_code, reason = "included by path; not every test binary closes its server")]
    pub(crate) fn finish(self) {
        self.process.finish();
    }
}
