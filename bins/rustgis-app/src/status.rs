//! The status bar's relay label, worded exactly as the MCP documentation words it:
//! `MCP relay · n attached`, the last call (or the file bridge's last script) for ten seconds
//! (red when it failed), `MCP relay · full access · n attached` in red, and "only the file
//! bridge is running".

use std::time::{Duration, SystemTime};

use rustgis_relay::{BridgeRun, LastCall};

/// How long the label names an agent's last call.
pub const LAST_CALL_SHOWN: Duration = Duration::from_secs(10);

/// What the status bar knows about agents this frame.
#[derive(Debug, Clone, Default)]
pub struct RelayStatus {
    /// Whether the relay listens.
    pub running: bool,
    /// Whether the file bridge runs.
    pub bridge: bool,
    /// Attached clients: the relay's authenticated connections and the MCP-over-HTTP clients
    /// counted now.
    pub attached: usize,
    /// Whether Full access is on.
    pub full_access: bool,
    /// The last call any agent made.
    pub last_call: Option<LastCall>,
    /// The last script the file bridge ran.
    pub last_bridge_run: Option<BridgeRun>,
    /// How long until an MCP-over-HTTP client that stopped sending requests leaves the count.
    pub http_expire_in: Option<Duration>,
}

/// The label, its colour and its tooltip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusLabel {
    /// The text (`MCP relay · 1 attached · layer.addSample`).
    pub text: String,
    /// Whether it is shown in red (full access, or a failed last call).
    pub red: bool,
    /// The tooltip: "Stop MCP relay" and the last call with its parameters.
    pub hover: String,
}

impl RelayStatus {
    /// How long after `now` the label changes by itself (the last call or script goes after ten
    /// seconds, an HTTP client that went quiet leaves the count), so the window draws a frame
    /// then and none before; `None` when nothing will.
    pub fn changes_in(&self, now: SystemTime) -> Option<Duration> {
        let left = |at: SystemTime| match now.duration_since(at) {
            Ok(age) => LAST_CALL_SHOWN.checked_sub(age).filter(|d| !d.is_zero()),
            Err(_) => Some(LAST_CALL_SHOWN),
        };
        let shown = [self.last_call.as_ref().map(|c| c.at), self.last_bridge_run.as_ref().map(|r| r.at)];
        shown.into_iter().flatten().filter_map(left).chain(self.http_expire_in).min()
    }

    /// The label at `now`; `None` when neither the relay nor the bridge runs.
    pub fn label(&self, now: SystemTime) -> Option<StatusLabel> {
        let recent = |at: SystemTime| now.duration_since(at).map(|age| age < LAST_CALL_SHOWN).unwrap_or(true);
        if !self.running {
            if !self.bridge {
                return None;
            }
            let mut text = "only the file bridge is running".to_owned();
            let mut red = false;
            let mut hover = "Stop MCP relay".to_owned();
            if let Some(run) = self.last_bridge_run.as_ref().filter(|run| recent(run.at)) {
                text.push_str(if run.success { " · script ran" } else { " · script failed" });
                red = !run.success;
                hover.push_str(&format!("\nfile bridge: {}", bridge_outcome(run)));
            }
            return Some(StatusLabel { text, red, hover });
        }
        let mut text = "MCP relay".to_owned();
        if self.full_access {
            text.push_str(" · full access");
        }
        text.push_str(&format!(" · {} attached", self.attached));
        let mut red = self.full_access;
        let mut hover = "Stop MCP relay".to_owned();
        if let Some(call) = &self.last_call {
            hover.push_str(&format!("\nlast call: {}", describe_call(call)));
        }
        let run = self.last_bridge_run.as_ref().filter(|run| recent(run.at));
        if let Some(run) = run {
            hover.push_str(&format!("\nfile bridge: {}", bridge_outcome(run)));
        }
        // The newer of the agent's last call and the bridge's last script, for ten seconds.
        let call = self.last_call.as_ref().filter(|call| recent(call.at));
        match (call, run) {
            (Some(call), run) if run.is_none_or(|run| run.at <= call.at) => {
                text.push_str(" · ");
                text.push_str(call.command.as_deref().unwrap_or(&call.tool));
                red |= !call.success;
            }
            (_, Some(run)) => {
                text.push_str(if run.success { " · script ran" } else { " · script failed" });
                red |= !run.success;
            }
            _ => {}
        }
        Some(StatusLabel { text, red, hover })
    }
}

/// `agent 1: run_command layer.addSample {"sample": "cities"} (failed: …)`.
pub fn describe_call(call: &LastCall) -> String {
    let mut text = format!("{}: {}", call.agent, call.tool);
    if let Some(command) = &call.command {
        text.push(' ');
        text.push_str(command);
    }
    text.push(' ');
    text.push_str(&call.args.to_string());
    match (&call.error, call.success) {
        (_, true) => {}
        (Some(error), false) => text.push_str(&format!(" (failed: {error})")),
        (None, false) => text.push_str(" (failed)"),
    }
    text
}

fn bridge_outcome(run: &BridgeRun) -> String {
    match (&run.error, run.success) {
        (_, true) => "the script ran".to_owned(),
        (Some(error), false) => format!("the script failed: {error}"),
        (None, false) => "the script failed".to_owned(),
    }
}
