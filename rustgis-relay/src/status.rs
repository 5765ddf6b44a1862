//! What the relay reports about itself and its agents: the last call (for the status bar), the
//! attached agents, an answered call as the audit log records it, and where MCP over HTTP
//! listens. Plain data: the relay's hub (`shared.rs`) holds it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use serde_json::Value as Json;

/// What the host's status bar shows about an agent's last call.
#[derive(Debug, Clone, PartialEq)]
pub struct LastCall {
    /// The agent (`agent 1`).
    pub agent: String,
    /// The tool (`run_command`).
    pub tool: String,
    /// The RustGIS command, when the call ran one (`layer.addSample`).
    pub command: Option<String>,
    /// The parameters, with credentials replaced.
    pub args: Json,
    /// Whether it succeeded.
    pub success: bool,
    /// Why it failed.
    pub error: Option<String>,
    /// When it was answered.
    pub at: SystemTime,
    /// How long it took.
    pub duration: Duration,
}

/// An attached client, for the host's status bar and settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentInfo {
    /// Its connection, for `Relay::disconnect`; `None` for an MCP-over-HTTP client (HTTP keeps no
    /// connection to close: revoke its grant, or stop the relay).
    pub connection: Option<u64>,
    /// `agent n`, once it has made a call (every HTTP client shares MCP over HTTP's one agent).
    pub name: Option<String>,
    /// What its attach named itself (`rustgis-cli`); `http` for an MCP-over-HTTP client.
    pub client: Option<String>,
    /// The name its MCP client gave in `initialize` (`clientInfo.name`: `claude-code`), once it
    /// has; an HTTP client's `User-Agent` until then.
    pub client_name: Option<String>,
    /// Whether it is an MCP-over-HTTP client (counted while it sent a request within the idle
    /// limit, 300 s).
    pub http: bool,
    /// Whether it attached with the relay's own token (not a grant).
    pub own_token: bool,
    /// Whether its calls may use files and the network now.
    pub files_and_network: bool,
    /// Its last call.
    pub last_call: Option<LastCall>,
}

/// An answered tool call, as the audit log and the status bar record it.
pub(crate) struct CallRecord<'a> {
    pub tool: &'a str,
    pub args: &'a Json,
    pub success: bool,
    pub error: Option<String>,
    /// How long it took (a batch's calls share the batch's).
    pub duration: Duration,
    pub batch: bool,
    /// When it was made.
    pub at: SystemTime,
    /// The question the human was asked instead of a refusal, and the answer.
    pub asked: Option<Json>,
}

/// Where MCP over HTTP listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpEndpoint {
    /// The address.
    pub addr: SocketAddr,
    /// `http://127.0.0.1:8768/mcp`.
    pub url: String,
    /// The token file (the path, never the token).
    pub token_file: PathBuf,
}
