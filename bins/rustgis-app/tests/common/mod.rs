//! Shared by the app's tests: a host in temporary folders on free ports, and an agent that
//! attaches with the real `rustgis-cli mcp --attach`.

#![allow(dead_code, reason = "each test file uses part of the helpers")]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use rustgis_app::{AppHost, Folders, HostOptions};
use rustgis_core::Session;
use serde_json::{Value as Json, json};

/// A host over the sample whose folders live in `dir`, on free ports.
pub(crate) fn host_in(dir: &Path) -> AppHost {
    AppHost::new(Session::with_sample().expect("the sample loads"), Folders::inside(dir), options())
}

/// Free ports and a fixed `rustgis-cli` path, for the copyable commands; the port variables
/// unset whatever the environment holds.
pub(crate) fn options() -> HostOptions {
    HostOptions {
        port: Some(0),
        http_port: Some(0),
        cli: rustgis_cli(),
        limits: None,
        port_vars: rustgis_app::PortVars::default(),
    }
}

#[path = "../../../test-support/rustgis_cli.rs"]
mod cli_binary;
pub(crate) use cli_binary::rustgis_cli;

/// Waits (a few ms at a time, for at most 20 s) until `done`.
pub(crate) fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// An agent: `rustgis-cli mcp --attach PORT --token-file FILE` speaking MCP on its pipes.
pub(crate) struct Agent {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: std::sync::mpsc::Receiver<Json>,
    next_id: u64,
}

impl Agent {
    /// Attaches with the token in `token_file` and initializes.
    pub(crate) fn attach(port: u16, token_file: &Path) -> Agent {
        let mut child = Command::new(rustgis_cli())
            .args(["mcp", "--attach", &port.to_string(), "--token-file"])
            .arg(token_file)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("rustgis-cli starts");
        let stdin = child.stdin.take();
        let stdout: ChildStdout = child.stdout.take().expect("stdout is piped");
        let (tx, replies) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let Ok(message) = serde_json::from_str::<Json>(&line) else { continue };
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let mut agent = Agent { child, stdin, replies, next_id: 0 };
        let id = agent.send(
            "initialize",
            json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "1" } }),
        );
        let reply = agent.reply_to(id, || {});
        assert_eq!(reply["result"]["serverInfo"]["name"], json!("rustgis"), "{reply}");
        agent.notify("notifications/initialized");
        agent
    }

    /// Sends a request and returns its id.
    pub(crate) fn send(&mut self, method: &str, params: Json) -> u64 {
        self.next_id += 1;
        let line = json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params });
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("rustgis-cli reads");
        self.next_id
    }

    fn notify(&mut self, method: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{}", json!({ "jsonrpc": "2.0", "method": method })).expect("rustgis-cli reads");
    }

    /// Sends a tool call and returns its id.
    pub(crate) fn call(&mut self, tool: &str, args: Json) -> u64 {
        self.send("tools/call", json!({ "name": tool, "arguments": args }))
    }

    /// Waits for the reply to `id`, running `frame` (the host's frame) meanwhile.
    pub(crate) fn reply_to(&mut self, id: u64, mut frame: impl FnMut()) -> Json {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            frame();
            match self.replies.recv_timeout(Duration::from_millis(5)) {
                Ok(message) if message["id"] == json!(id) => return message,
                Ok(_) | Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(e) => panic!("rustgis-cli ended before answering: {e}"),
            }
            assert!(Instant::now() < deadline, "no reply to request {id}");
        }
    }

    /// Whether a reply to `id` has come (without waiting).
    pub(crate) fn try_reply(&mut self, id: u64) -> Option<Json> {
        self.replies.try_iter().find(|m| m["id"] == json!(id))
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if let Ok(None) = self.child.try_wait()
            && let Err(e) = self.child.kill()
        {
            eprintln!("cannot end rustgis-cli: {e}");
        }
        if let Err(e) = self.child.wait() {
            eprintln!("cannot reap rustgis-cli: {e}");
        }
    }
}

/// The tool result's structured content.
pub(crate) fn structured(reply: &Json) -> &Json {
    &reply["result"]["structuredContent"]
}

/// Whether the reply is a successful tool result.
pub(crate) fn succeeded(reply: &Json) -> bool {
    reply["result"].is_object() && reply["result"]["isError"] != json!(true)
}
