//! The relay's settings: where it listens, its folders, and every limit of the MCP
//! documentation's "Relay requirements", each a field so tests can shorten it.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use crate::error::{Error, Result};

/// The relay's port unless `RUSTGIS_MCP_PORT` names another.
pub const DEFAULT_PORT: u16 = 8767;

/// The environment variable that names the relay's port, for the app and `--attach` alike.
pub const PORT_VAR: &str = "RUSTGIS_MCP_PORT";

/// The port from `RUSTGIS_MCP_PORT`: 8767 when it is unset or empty; a value that is not a port
/// number (1 to 65535) is an error, never a quiet 8767.
pub fn port_from_env() -> Result<u16> {
    let value = std::env::var_os(PORT_VAR);
    parse_port_var(value.as_ref().map(|v| v.to_string_lossy()).as_deref())
}

/// [`port_from_env`] for a value already read (`None` when unset).
pub fn parse_port_var(value: Option<&str>) -> Result<u16> {
    parse_port(PORT_VAR, DEFAULT_PORT, value)
}

/// A port variable's value: `default` when unset or empty, an error when not 1 to 65535.
pub(crate) fn parse_port(name: &str, default: u16, value: Option<&str>) -> Result<u16> {
    match value.map(str::trim) {
        None | Some("") => Ok(default),
        Some(text) => match text.parse::<u16>() {
            Ok(port) if port != 0 => Ok(port),
            _ => Err(Error::BadPort { name: name.to_owned(), value: text.to_owned(), default }),
        },
    }
}

/// Every limit of the relay. [`Limits::default`] is what the documentation promises; tests
/// shorten them.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// How long after connecting the `rustgis/attach` line must have arrived (5 s).
    pub attach_deadline: Duration,
    /// The longest attach line, counting its newline (4,096 bytes).
    pub attach_max_bytes: usize,
    /// Attached clients that send nothing this long are closed (300 s).
    pub idle: Duration,
    /// A reply write that takes longer closes the connection (10 s).
    pub write_timeout: Duration,
    /// At most this many open connections (16).
    pub max_connections: usize,
    /// At most this many connections that have not attached (4).
    pub max_unattached: usize,
    /// A connection beyond a cap takes the place of the oldest one that has not attached (on);
    /// off, it is dropped itself. Either way the caps hold.
    pub evict_oldest_unattached: bool,
    /// At most this many messages wait for the app's frame (64).
    pub queue_cap: usize,
    /// How long one second of a client's `timeout_s` lasts (1 s; tests make it milliseconds).
    pub second: Duration,
    /// The wait when the client names none, in seconds of [`Limits::second`] (60).
    pub default_wait_s: u64,
    /// The shortest wait a client may ask for, in seconds (5).
    pub min_wait_s: u64,
    /// The longest wait a client may ask for, in seconds (600).
    pub max_wait_s: u64,
    /// A request queued while the app draws no frame this long is refused as busy (10 s).
    pub busy_after: Duration,
    /// How often a waiting request checks whether the relay stopped (25 ms).
    pub poll: Duration,
    /// The most one tool result may take unless the call asks with `max_tokens` (25,000 tokens):
    /// larger results are cut at a row boundary, maps drawn smaller.
    pub result_budget: rustgis_mcp::ResultBudget,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            attach_deadline: Duration::from_secs(5),
            attach_max_bytes: rustgis_mcp::attach::MAX_ATTACH_LINE,
            idle: Duration::from_secs(300),
            write_timeout: Duration::from_secs(10),
            max_connections: 16,
            max_unattached: 4,
            evict_oldest_unattached: true,
            queue_cap: 64,
            second: Duration::from_secs(1),
            default_wait_s: 60,
            min_wait_s: 5,
            max_wait_s: 600,
            busy_after: Duration::from_secs(10),
            poll: Duration::from_millis(25),
            result_budget: rustgis_mcp::ResultBudget::default(),
        }
    }
}

impl Limits {
    /// The wait, in seconds, for a client's `timeout_s`: clamped to 5–600, and the default (60)
    /// when it is absent or not a number.
    pub fn wait_seconds(&self, timeout_s: Option<&serde_json::Value>) -> u64 {
        match timeout_s.and_then(serde_json::Value::as_f64) {
            Some(s) if s.is_finite() => (s.round().max(0.0) as u64).clamp(self.min_wait_s, self.max_wait_s),
            _ => self.default_wait_s,
        }
    }

    /// A number of the client's seconds as a duration.
    pub fn seconds(&self, n: u64) -> Duration {
        self.second.saturating_mul(u32::try_from(n).unwrap_or(u32::MAX))
    }
}

/// How to start a relay.
#[derive(Debug, Clone)]
pub struct RelayConfig {
    /// Where to listen: a loopback address. Port 0 takes any free port (tests).
    pub addr: SocketAddr,
    /// The limits.
    pub limits: Limits,
    /// The private folder for the token, grants and endpoint.json; `None` for the default
    /// (`$XDG_RUNTIME_DIR/rustgis`, else a per-user folder under the temporary folder).
    pub private_dir: Option<PathBuf>,
    /// The app-data folder whose `mcp-audit` holds the audit log; `None` for the default
    /// (`~/.local/share/rustgis` on Linux). Tests always give a temporary one.
    pub app_data_dir: Option<PathBuf>,
    /// Whether the host has a window the user watches and can capture (`snapshot {mode:
    /// "screen"}`); a headless host has none. Agents are told which (the instructions at
    /// initialization, and what their refusals suggest: a checkbox in the app, or
    /// `rustgis-relay --allow-access`).
    pub screen: bool,
    /// The app's version, for endpoint.json and the attach reply.
    pub version: String,
    /// The folders whose files every agent of this relay may use (its own token, MCP over HTTP;
    /// a grant's roots lie inside them): none, wherever their access allows (the headless
    /// relay's `--root`).
    pub roots: rustgis_core::Roots,
}

impl RelayConfig {
    /// Listening on 127.0.0.1 at `port`, with the documented limits and default folders.
    pub fn new(port: u16) -> RelayConfig {
        RelayConfig {
            addr: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            limits: Limits::default(),
            private_dir: None,
            app_data_dir: None,
            screen: false,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            roots: rustgis_core::Roots::default(),
        }
    }

    /// On 127.0.0.1 at the port `RUSTGIS_MCP_PORT` names (8767 when unset).
    pub fn from_env() -> Result<RelayConfig> {
        Ok(RelayConfig::new(port_from_env()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_variable_that_is_not_a_port_is_an_error_not_8767() {
        assert_eq!(parse_port_var(None).ok(), Some(8767));
        assert_eq!(parse_port_var(Some("9000")).ok(), Some(9000));
        for bad in ["abc", "0", "70000", "-1"] {
            let e = parse_port_var(Some(bad)).expect_err("not a port");
            assert!(e.to_string().contains("RUSTGIS_MCP_PORT"), "{e}");
        }
    }

    #[test]
    fn client_waits_are_clamped_and_non_numbers_ignored() {
        let limits = Limits::default();
        assert_eq!(limits.wait_seconds(None), 60);
        assert_eq!(limits.wait_seconds(Some(&serde_json::json!(1))), 5);
        assert_eq!(limits.wait_seconds(Some(&serde_json::json!(300))), 300);
        assert_eq!(limits.wait_seconds(Some(&serde_json::json!(100_000))), 600);
        assert_eq!(limits.wait_seconds(Some(&serde_json::json!("ten"))), 60);
    }
}
