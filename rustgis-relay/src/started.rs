//! What turning agents on started, as typed values a host reads by field: [`RelayAddress`] (where
//! the relay listens and how agents reach it, what `ui.mcpRelay` reports) and [`AgentsStarted`]
//! (the relay, MCP over HTTP and the file bridge, or why one of them did not start). Their JSON
//! (`to_json`) is what `ui.mcpRelay` and `rustgis-relay` print.

use std::net::SocketAddr;
use std::path::PathBuf;

use serde_json::{Map, Value as Json, json};

use crate::status::HttpEndpoint;

/// Where a running relay listens and how agents reach it.
#[derive(Debug, Clone, PartialEq)]
pub struct RelayAddress {
    /// The address on loopback.
    pub address: SocketAddr,
    /// The relay's token file (the path, never the token).
    pub token_file: PathBuf,
    /// `endpoint.json`.
    pub endpoint_file: PathBuf,
    /// How many clients are attached.
    pub attached: usize,
    /// MCP over HTTP beside it, when it runs.
    pub http: Option<HttpEndpoint>,
    /// Why MCP over HTTP did not start, when it was asked for.
    pub http_error: Option<String>,
    /// What the start replaced that a relay which is gone left behind.
    pub notices: Vec<String>,
}

/// The file bridge's files, once it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeFiles {
    /// Where agents write scripts (`bridge-command.txt`).
    pub command_file: PathBuf,
    /// Where outcomes go (`bridge-result.json`).
    pub result_file: PathBuf,
    /// `bridge-ready.json`.
    pub ready_file: PathBuf,
}

/// What turning agents on started.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentsStarted {
    /// The relay, when it started.
    pub relay: Option<RelayAddress>,
    /// Why the relay did not start (then only the file bridge runs).
    pub relay_error: Option<String>,
    /// The file bridge, when asked for and started.
    pub bridge: Option<BridgeFiles>,
    /// Why the file bridge did not start, when it was asked for.
    pub bridge_error: Option<String>,
}

impl RelayAddress {
    /// The command an agent runs to attach.
    pub fn attach_command(&self) -> String {
        format!("rustgis-cli mcp --attach {}", self.address.port())
    }

    /// The report of `ui.mcpRelay`: `running`, `address`, `port`, `token_file`,
    /// `endpoint_file`, `attach`, `attached`, and `http` (or `http_error`) and `notices` when
    /// there are any.
    pub fn to_json(&self) -> Json {
        let mut report = Map::new();
        report.insert("running".into(), json!(true));
        report.insert("address".into(), json!(self.address.to_string()));
        report.insert("port".into(), json!(self.address.port()));
        report.insert("token_file".into(), json!(self.token_file.display().to_string()));
        report.insert("endpoint_file".into(), json!(self.endpoint_file.display().to_string()));
        report.insert("attach".into(), json!(self.attach_command()));
        report.insert("attached".into(), json!(self.attached));
        if let Some(http) = &self.http {
            report
                .insert("http".into(), json!({ "url": http.url, "token_file": http.token_file.display().to_string() }));
        } else if let Some(e) = &self.http_error {
            report.insert("http_error".into(), json!(e));
        }
        if !self.notices.is_empty() {
            report.insert("notices".into(), json!(self.notices));
        }
        Json::Object(report)
    }
}

impl BridgeFiles {
    fn to_json(&self) -> Json {
        json!({
            "command_file": self.command_file.display().to_string(),
            "result_file": self.result_file.display().to_string(),
            "ready_file": self.ready_file.display().to_string(),
        })
    }
}

impl AgentsStarted {
    /// Whether only the file bridge runs (the relay could not start).
    pub fn only_file_bridge(&self) -> bool {
        self.relay.is_none() && self.bridge.is_some()
    }

    /// The report `rustgis-relay` prints: the relay's ([`RelayAddress::to_json`]) with `bridge`
    /// or `bridge_error`; or, when only the bridge runs, `running: false`, `relay_error`,
    /// `only_file_bridge: true`, `status` and `bridge`.
    pub fn to_json(&self) -> Json {
        let mut report = match &self.relay {
            Some(relay) => relay.to_json(),
            None => json!({
                "running": false,
                "relay_error": self.relay_error,
                "only_file_bridge": true,
                "status": "only the file bridge is running",
            }),
        };
        if let Some(map) = report.as_object_mut() {
            if let Some(bridge) = &self.bridge {
                map.insert("bridge".into(), bridge.to_json());
            } else if let Some(e) = &self.bridge_error {
                map.insert("bridge_error".into(), json!(e));
            }
        }
        report
    }
}
