//! `ui.mcpRelay {port?, stop?}`: the host command that starts, reports and stops the relay. The
//! desktop app and the headless host share this code.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Value as Json, json};

use crate::config::RelayConfig;
use crate::error::{Error, Result};
use crate::relay::Relay;

/// The id of the host command.
pub const MCP_RELAY_COMMAND: &str = "ui.mcpRelay";

type Wake = Arc<dyn Fn() + Send + Sync>;

/// Holds the host's relay, off until asked.
pub struct RelayControl {
    base: RelayConfig,
    relay: Option<Relay>,
    allow_access: bool,
    wake: Option<Wake>,
}

impl std::fmt::Debug for RelayControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RelayControl").field("relay", &self.relay).field("allow_access", &self.allow_access).finish()
    }
}

/// Parameters of `ui.mcpRelay`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct McpRelayParams {
    /// The port to listen on (default: `RUSTGIS_MCP_PORT`, else 8767).
    #[serde(default)]
    port: Option<u16>,
    /// Stop the relay (idempotent).
    #[serde(default)]
    stop: bool,
}

impl RelayControl {
    /// A control that starts relays like `base` (its port is the default one).
    pub fn new(base: RelayConfig) -> RelayControl {
        RelayControl { base, relay: None, allow_access: false, wake: None }
    }

    /// The running relay, if any.
    pub fn relay(&self) -> Option<&Relay> {
        self.relay.as_ref().filter(|r| r.is_running())
    }

    /// Sets the wake hook, now and for relays started later.
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        let wake: Wake = Arc::new(wake);
        if let Some(relay) = self.relay() {
            let hook = wake.clone();
            relay.set_wake(move || hook());
        }
        self.wake = Some(wake);
    }

    /// App-granted access (Let your Agents Control RustGIS) for this relay and later ones;
    /// turning it off stops a running relay.
    pub fn set_allow_access(&mut self, allow: bool) {
        self.allow_access = allow;
        if let Some(relay) = self.relay() {
            relay.set_allow_access(allow);
        }
    }

    /// Runs `ui.mcpRelay`: with no parameters or the same port, reports the address (starting
    /// the relay when it is off); another port is refused while it runs; `{"stop": true}` stops
    /// it and is idempotent.
    pub fn mcp_relay(&mut self, params: &Json) -> Result<Json> {
        let params: McpRelayParams = if params.is_null() {
            McpRelayParams::default()
        } else {
            serde_json::from_value(params.clone()).map_err(|e| Error::InvalidParams(e.to_string()))?
        };
        if params.stop {
            let was_running = self.relay().is_some();
            if let Some(relay) = self.relay.take() {
                relay.stop();
            }
            return Ok(json!({ "running": false, "stopped": was_running }));
        }
        if let Some(relay) = self.relay() {
            return match params.port {
                Some(port) if port != relay.addr().port() => {
                    Err(Error::OtherPort { running: relay.addr(), asked: port })
                }
                _ => Ok(describe(relay)),
            };
        }
        let mut config = self.base.clone();
        if let Some(port) = params.port {
            if port == 0 {
                return Err(Error::InvalidParams("port 0 is not a port to listen on".to_owned()));
            }
            config.addr.set_port(port);
        }
        let relay = Relay::bind(config)?;
        relay.set_allow_access(self.allow_access);
        if let Some(wake) = &self.wake {
            let hook = wake.clone();
            relay.set_wake(move || hook());
        }
        let report = describe(&relay);
        self.relay = Some(relay);
        Ok(report)
    }
}

fn describe(relay: &Relay) -> Json {
    let port = relay.addr().port();
    json!({
        "running": true,
        "address": relay.addr().to_string(),
        "port": port,
        "token_file": relay.token_file().display().to_string(),
        "endpoint_file": relay.endpoint_file().display().to_string(),
        "attach": format!("rustgis-cli mcp --attach {port}"),
        "attached": relay.attached_count(),
    })
}
