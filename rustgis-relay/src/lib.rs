//! The RustGIS MCP relay: AI agents attach to the session of a running app (the desktop app,
//! the headless `rustgis-relay` host, or any Rust application that embeds it) over loopback.
//!
//! The host owns its [`rustgis_core::Session`] and calls [`Relay::run_frame`] once per frame;
//! attached agents' tool calls wait in one queue until then, and run one at a time on the host's
//! thread, as steps named `agent 1`, `agent 2`… in the user's undo history.
//!
//! ```
//! use rustgis_relay::{Relay, RelayConfig};
//!
//! let folders = tempfile::tempdir()?;
//! let mut config = RelayConfig::new(0); // any free port; the app uses 8767 (RUSTGIS_MCP_PORT)
//! config.private_dir = Some(folders.path().join("private"));
//! config.app_data_dir = Some(folders.path().join("app-data"));
//! let relay = Relay::bind(config)?;
//! assert!(relay.token_file().exists());
//!
//! let mut session = rustgis_core::Session::with_sample()?;
//! relay.set_wake(|| { /* ask the UI for a frame */ });
//! let report = relay.run_frame(&mut session); // on every frame the host draws
//! assert_eq!(report.ran, 0);
//!
//! relay.stop();
//! assert!(!relay.token_file().exists());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Beside the relay, through the same queue and rules: MCP over HTTP ([`Relay::serve_http`],
//! `docs/http.md`) for clients that speak HTTP, and the file bridge ([`FileBridge`],
//! `docs/bridge.md`) for agents without MCP. [`RelayControl::start_agents`] starts all three.
//!
//! See `docs/relay.md` for the security model: the token keeps out other users and web pages,
//! not other processes of the same user.

mod approvals;
mod audit;
mod bridge;
mod client;
mod config;
mod connection;
mod control;
mod endpoint;
mod error;
mod grants;
mod headless;
mod host;
mod host_commands;
mod http;
mod listen;
mod logging;
pub mod net;
#[cfg(feature = "postgis")]
mod postgis;
mod private;
mod queue;
mod recovery;
mod relay;
mod shared;
mod signals;
mod started;
mod status;

pub use approvals::Approval;
pub use audit::{
    AUDIT_DAYS_KEPT, AuditEntry, AuditLog, MAX_AUDIT_DAY_BYTES, MAX_LOGGED_BYTES, REDACTED, default_app_data_dir,
    entry_json, redact, withhold_credentials,
};
pub use bridge::{
    BRIDGE_COMMAND_FILE, BRIDGE_LOCK_FILE, BRIDGE_READY_FILE, BRIDGE_RESULT_FILE, BridgeConfig, BridgeRun, FileBridge,
};
pub use client::{AttachOptions, Attached, INPUT_CLOSED_GRACE, attach_and_pump};
pub use config::{DEFAULT_PORT, Limits, PORT_VAR, RelayConfig, parse_port_var, port_from_env};
pub use control::{ControlFrame, RelayControl};
pub use error::{Error, Result};
pub use grants::Grant;
pub use headless::{Ended, HeadlessHost, IDLE_FRAME};
pub use host_commands::{
    HostKind, MCP_RELAY_COMMAND, McpRelayParams, QUIT_COMMAND, QuitParams, app_registry, headless_registry,
    is_host_command, load_plugins, plugins_dir,
};
pub use http::{
    DEFAULT_HTTP_PORT, HTTP_PORT_VAR, HTTP_TOKEN_FILE, HttpConfig, MAX_HTTP_BODY, MAX_HTTP_CONNECTIONS, MCP_PATH,
    default_settings_dir, http_port_from_env, http_token, http_token_path, parse_http_port_var,
};
pub use logging::{LOG_VAR, log_to_stderr};
#[cfg(feature = "postgis")]
pub use postgis::{ConnInfo, PostgisProvider, pgpass_password};
pub use private::{Token, default_private_dir, private_dir_for, read_token, read_token_file, token_path};
pub use queue::{APP_BUSY, FrameReport, OUTCOME_UNKNOWN, QUEUE_FULL, ScreenRequest, TIMED_OUT};
pub use recovery::{DEFAULT_RECOVERY_INTERVAL, LeftCopy, RECOVERY_FOLDER, Recovery, RecoveryConfig};
pub use relay::Relay;
/// The result budget of [`Limits::result_budget`], as the MCP server defines it.
pub use rustgis_mcp::ResultBudget;
pub use signals::StopSignals;
pub use started::{AgentsStarted, BridgeFiles, RelayAddress};
pub use status::{AgentInfo, HttpEndpoint, LastCall};
