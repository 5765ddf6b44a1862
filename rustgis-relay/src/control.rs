//! `ui.mcpRelay {port?, stop?}`: the host command that starts, reports and stops the relay, and
//! the rest of "agents on": MCP over HTTP beside it and the file bridge. The desktop app and the
//! headless host share this code.

use std::sync::Arc;

use serde_json::{Value as Json, json};

use crate::bridge::{BridgeConfig, BridgeRun, FileBridge};
use crate::config::RelayConfig;
use crate::error::{Error, Result};
use crate::host_commands::McpRelayParams;
use crate::http::HttpConfig;
use crate::queue::FrameReport;
use crate::relay::Relay;
use crate::started::{AgentsStarted, BridgeFiles, RelayAddress};

type Wake = Arc<dyn Fn() + Send + Sync>;

/// Holds the host's relay and file bridge, off until asked.
pub struct RelayControl {
    base: RelayConfig,
    /// Why relays cannot start on the default port: the port variable is not a port.
    port_error: Option<PortVarError>,
    relay: Option<Relay>,
    allow_access: bool,
    full_access: bool,
    wake: Option<Wake>,
    /// MCP over HTTP beside every relay, or why it cannot be (its port variable is not a port).
    http: Option<std::result::Result<HttpConfig, String>>,
    http_error: Option<String>,
    bridge: Option<FileBridge>,
}

/// A port variable whose value is not a port: every start that needs it fails with this.
#[derive(Debug, Clone)]
struct PortVarError {
    name: String,
    value: String,
    default: u16,
}

impl PortVarError {
    fn error(&self) -> Error {
        Error::BadPort { name: self.name.clone(), value: self.value.clone(), default: self.default }
    }
}

/// What one frame of the host did for agents.
#[derive(Debug, Default)]
#[must_use = "a screen request must be answered (or dropped) before the relay runs anything else"]
pub struct ControlFrame {
    /// The relay's part (calls run, a screen request).
    pub relay: FrameReport,
    /// The script the file bridge ran, if any.
    pub bridge: Option<BridgeRun>,
}

impl std::fmt::Debug for RelayControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RelayControl")
            .field("relay", &self.relay)
            .field("bridge", &self.bridge)
            .field("allow_access", &self.allow_access)
            .finish_non_exhaustive()
    }
}

impl RelayControl {
    /// A control that starts relays like `base` (its port is the default one).
    pub fn new(base: RelayConfig) -> RelayControl {
        RelayControl {
            base,
            port_error: None,
            relay: None,
            allow_access: false,
            full_access: false,
            wake: None,
            http: None,
            http_error: None,
            bridge: None,
        }
    }

    /// A control whose default port is what `RUSTGIS_MCP_PORT` says ([`crate::parse_port_var`]
    /// of `value`, the variable as read): unset, `base`'s port is replaced by 8767. A value that
    /// is not a port is kept as an error: starting the relay without a port (`ui.mcpRelay {}`,
    /// [`RelayControl::start_agents`]) then fails with it, as a taken port does (the file bridge
    /// still runs), and never falls back to 8767 quietly. An explicit `ui.mcpRelay {"port": N}`
    /// still starts.
    pub fn with_port_var(mut base: RelayConfig, value: Option<&str>) -> RelayControl {
        let mut port_error = None;
        match crate::config::parse_port_var(value) {
            Ok(port) => base.addr.set_port(port),
            Err(Error::BadPort { name, value, default }) => port_error = Some(PortVarError { name, value, default }),
            Err(other) => {
                tracing::warn!("{other}");
            }
        }
        let mut control = RelayControl::new(base);
        control.port_error = port_error;
        control
    }

    /// [`RelayControl::with_port_var`] with `RUSTGIS_MCP_PORT` as the process has it.
    pub fn from_env(base: RelayConfig) -> RelayControl {
        let value = std::env::var_os(crate::config::PORT_VAR);
        RelayControl::with_port_var(base, value.as_ref().map(|v| v.to_string_lossy()).as_deref())
    }

    /// Why the relay cannot start on its default port, when the port variable is not a port.
    pub fn port_error(&self) -> Option<Error> {
        self.port_error.as_ref().map(PortVarError::error)
    }

    /// Serves MCP over HTTP beside every relay started from now on (`None`: not), and beside the
    /// one that runs now, if it serves none yet. The app sets it while Let your Agents Control
    /// RustGIS is on; `rustgis-relay --http` sets it at start.
    pub fn set_http(&mut self, http: Option<HttpConfig>) {
        self.http = http.map(Ok);
    }

    /// Asks for MCP over HTTP whose port is what `RUSTGIS_MCP_HTTP_PORT` says
    /// ([`crate::parse_http_port_var`] of `value`, the variable as read), with `shape` applied
    /// (its settings folder). A value that is not a port is not replaced by 8768: the relay
    /// still starts, and its report ([`RelayAddress::http_error`]) says why HTTP did not.
    pub fn set_http_from_port_var(&mut self, value: Option<&str>, shape: impl FnOnce(&mut HttpConfig)) {
        self.http = Some(match crate::http::parse_http_port_var(value) {
            Ok(port) => {
                let mut config = HttpConfig::new(port);
                shape(&mut config);
                Ok(config)
            }
            Err(e) => Err(e.to_string()),
        });
    }

    /// The running file bridge, if any.
    pub fn bridge(&self) -> Option<&FileBridge> {
        self.bridge.as_ref().filter(|b| b.is_running())
    }

    /// Starts the file bridge (or reports the one running), with this control's access settings
    /// and wake hook. Refused while another copy of RustGIS runs its bridge.
    pub fn start_bridge(&mut self, config: BridgeConfig) -> Result<&FileBridge> {
        if self.bridge().is_none() {
            let bridge = FileBridge::start(config)?;
            bridge.set_allow_access(self.allow_access);
            bridge.set_full_access(self.full_access);
            if let Some(wake) = &self.wake {
                let hook = wake.clone();
                bridge.set_wake(move || hook());
            }
            self.bridge = Some(bridge);
        }
        self.bridge().ok_or(Error::Stopped)
    }

    /// Stops the file bridge (idempotent).
    pub fn stop_bridge(&mut self) {
        if let Some(bridge) = self.bridge.take() {
            bridge.stop();
        }
    }

    /// Turns agents on: the relay (with MCP over HTTP when set) and, given a configuration, the
    /// file bridge. When the relay cannot start but the bridge can, agents stay on and the
    /// report says only the file bridge is running ([`AgentsStarted::only_file_bridge`], with
    /// the relay's error). Fails only when nothing could start.
    pub fn start_agents(&mut self, bridge: Option<BridgeConfig>) -> Result<AgentsStarted> {
        let relay = self.start_relay();
        let bridge = bridge.map(|config| self.start_bridge(config).map(bridge_files));
        let (bridge, bridge_error) = match bridge {
            Some(Ok(files)) => (Some(files), None),
            Some(Err(e)) => (None, Some(e.to_string())),
            None => (None, None),
        };
        match relay {
            Ok(relay) => Ok(AgentsStarted { relay: Some(relay), relay_error: None, bridge, bridge_error }),
            Err(relay_error) if bridge.is_some() => {
                Ok(AgentsStarted { relay: None, relay_error: Some(relay_error.to_string()), bridge, bridge_error })
            }
            Err(relay_error) => Err(relay_error),
        }
    }

    /// Starts the relay as `ui.mcpRelay {}` does (or reports the running one, with MCP over HTTP
    /// beside it when asked for and not yet served).
    pub fn start_relay(&mut self) -> Result<RelayAddress> {
        self.mcp_relay_typed(McpRelayParams::default())?.ok_or(Error::Stopped)
    }

    /// Where the running relay listens, if it runs.
    pub fn relay_address(&self) -> Option<RelayAddress> {
        let relay = self.relay()?;
        Some(RelayAddress {
            address: relay.addr(),
            token_file: relay.token_file().to_path_buf(),
            endpoint_file: relay.endpoint_file().to_path_buf(),
            attached: relay.attached_count(),
            http: relay.http(),
            http_error: if relay.http().is_none() { self.http_error.clone() } else { None },
            notices: relay.notices().to_vec(),
        })
    }

    /// Full access for agents attached with the relay's own token (HTTP clients included) and
    /// for file bridge scripts. Not remembered: off at start and when they stop.
    pub fn set_full_access(&mut self, on: bool) {
        self.full_access = on;
        if let Some(relay) = self.relay() {
            relay.set_full_access(on);
        }
        if let Some(bridge) = self.bridge() {
            bridge.set_full_access(on);
        }
    }

    /// Runs this frame's queued relay calls and the bridge's settled script, if any, on the
    /// host's session. Call it once per frame drawn.
    pub fn run_frame(&self, session: &mut rustgis_core::Session) -> ControlFrame {
        // Jobs that ended are committed on the host's frame, like every call (one at a time).
        session.poll_jobs();
        let frame = ControlFrame {
            relay: self.relay().map(|relay| relay.run_frame(session)).unwrap_or_default(),
            bridge: self.bridge().and_then(|bridge| bridge.run_frame(session)),
        };
        // The bridge's script ran after the relay's calls: agents hear of it now too.
        self.publish_state(session);
        frame
    }

    /// Tells attached agents following the project's state that it moved: call it after the
    /// user's own change ([`Relay::publish_state`]).
    pub fn publish_state(&self, session: &rustgis_core::Session) {
        if let Some(relay) = self.relay() {
            relay.publish_state(session);
        }
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
        if let Some(bridge) = self.bridge() {
            let hook = wake.clone();
            bridge.set_wake(move || hook());
        }
        self.wake = Some(wake);
    }

    /// App-granted access (Let your Agents Control RustGIS) for this relay, its HTTP clients and
    /// the file bridge, and later ones; turning it off stops a running relay and bridge.
    pub fn set_allow_access(&mut self, allow: bool) {
        self.allow_access = allow;
        if let Some(relay) = self.relay() {
            relay.set_allow_access(allow);
        }
        if let Some(bridge) = self.bridge() {
            bridge.set_allow_access(allow);
        }
        if !allow {
            self.full_access = false;
        }
    }

    /// The "agents on" choice (Let your Agents Control RustGIS): the one place a host keeps it,
    /// for the app to persist. [`RelayControl::set_allow_access`] sets it; stopping the relay
    /// through `ui.mcpRelay {"stop": true}` (or the status bar) clears it. Quitting leaves it as
    /// it was, so agents come back at the next launch.
    pub fn agents_on(&self) -> bool {
        self.allow_access
    }

    /// Stops everything agents reach, as quitting does: the relay (its clients closed, queued
    /// calls dropped unrun, the token, grant and endpoint files removed), MCP over HTTP and the
    /// file bridge (bridge-ready.json removed, bridge.lock released). The "agents on" choice is
    /// kept. Idempotent; dropping the control does the same.
    pub fn shutdown(&mut self) {
        if let Some(relay) = self.relay.take() {
            relay.stop();
        }
        self.stop_bridge();
        self.full_access = false;
    }

    /// Turns agents off, as `ui.mcpRelay {"stop": true}` and the status bar's Stop MCP relay do:
    /// [`RelayControl::shutdown`], and the "agents on" choice cleared, so that the next
    /// `ui.mcpRelay {}` gives agents only the access their `--yes` asks for.
    pub fn turn_agents_off(&mut self) {
        self.shutdown();
        self.allow_access = false;
    }

    /// Runs `ui.mcpRelay`: with no parameters or the same port, reports the address (starting
    /// the relay when it is off); another port is refused while it runs; `{"stop": true}` stops
    /// it and turns agents off ([`RelayControl::turn_agents_off`]), idempotently.
    pub fn mcp_relay(&mut self, params: &Json) -> Result<Json> {
        let params: McpRelayParams = if params.is_null() {
            McpRelayParams::default()
        } else {
            serde_json::from_value(params.clone())
                .map_err(|e| Error::InvalidParams(rustgis_core::in_json_terms(&e.to_string())))?
        };
        let stop = params.stop;
        let was_running = self.relay().is_some();
        Ok(match self.mcp_relay_typed(params)? {
            Some(address) => address.to_json(),
            None => json!({ "running": false, "stopped": stop && was_running }),
        })
    }

    /// `ui.mcpRelay` with typed parameters: the running relay's address, or `None` once stopped.
    fn mcp_relay_typed(&mut self, params: McpRelayParams) -> Result<Option<RelayAddress>> {
        if params.stop {
            self.turn_agents_off();
            return Ok(None);
        }
        if let Some(relay) = self.relay() {
            return match params.port {
                Some(port) if port != relay.addr().port() => {
                    Err(Error::OtherPort { running: relay.addr(), asked: port })
                }
                _ => {
                    // Agents turned on after the relay was started by hand: HTTP joins it now.
                    if relay.http().is_none() && self.http.is_some() {
                        let relay = relay.clone();
                        self.serve_http_beside(&relay);
                    }
                    Ok(self.relay_address())
                }
            };
        }
        let mut config = self.base.clone();
        match params.port {
            Some(0) => return Err(Error::InvalidParams("port 0 is not a port to listen on".to_owned())),
            Some(port) => config.addr.set_port(port),
            None => {
                if let Some(error) = &self.port_error {
                    return Err(error.error());
                }
            }
        }
        let relay = Relay::bind(config)?;
        relay.set_allow_access(self.allow_access);
        relay.set_full_access(self.full_access);
        if let Some(wake) = &self.wake {
            let hook = wake.clone();
            relay.set_wake(move || hook());
        }
        self.http_error = None;
        self.serve_http_beside(&relay);
        self.relay = Some(relay);
        Ok(self.relay_address())
    }

    /// Serves MCP over HTTP beside `relay` when it is asked for. HTTP that cannot start (its port
    /// is taken, its port variable is not a port) leaves the relay running; the report says why
    /// HTTP is missing.
    fn serve_http_beside(&mut self, relay: &Relay) {
        self.http_error = match &self.http {
            Some(Ok(http)) => relay.serve_http(http.clone()).err().map(|e| {
                tracing::warn!("MCP over HTTP did not start: {e}");
                e.to_string()
            }),
            Some(Err(e)) => {
                tracing::warn!("MCP over HTTP did not start: {e}");
                Some(e.clone())
            }
            None => None,
        };
    }
}

impl Drop for RelayControl {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn bridge_files(bridge: &FileBridge) -> BridgeFiles {
    BridgeFiles {
        command_file: bridge.command_file().to_path_buf(),
        result_file: bridge.result_file().to_path_buf(),
        ready_file: bridge.ready_file().to_path_buf(),
    }
}
