//! A host without a window: owns a session, runs the frame loop the relay and the file bridge
//! need, keeps the crash-recovery copy of the project, and takes host commands
//! (`ui.mcpRelay {port?, stop?}`, `ui.quit`, or any RustGIS command as the user) as lines.
//! The `rustgis-relay` binary runs it on standard input and output; the desktop app runs the
//! same [`RelayControl`] from its own frame.

use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, select};
use rustgis_core::{Caller, Policy, Session};
use serde_json::{Value as Json, json};

use crate::bridge::BridgeConfig;
use crate::config::RelayConfig;
use crate::control::RelayControl;
use crate::error::Result;
use crate::host_commands::{MCP_RELAY_COMMAND, QUIT_COMMAND, headless_registry, is_host_command};
use crate::http::HttpConfig;
use crate::recovery::Recovery;
use crate::started::{AgentsStarted, RelayAddress};

/// How often the headless host draws a frame when nothing wakes it.
pub const IDLE_FRAME: Duration = Duration::from_millis(500);

/// The headless host.
pub struct HeadlessHost {
    session: Session,
    control: RelayControl,
    recovery: Option<Recovery>,
}

impl std::fmt::Debug for HeadlessHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeadlessHost")
            .field("session", &self.session)
            .field("control", &self.control)
            .finish_non_exhaustive()
    }
}

impl HeadlessHost {
    /// A host for `session` whose relays start like `base` (no screen: it has no window). The
    /// session's catalogue becomes the headless host's ([`headless_registry`]): RustGIS's
    /// commands, `ui.mcpRelay` and `ui.quit`.
    pub fn new(mut session: Session, mut base: RelayConfig, allow_access: bool) -> HeadlessHost {
        base.screen = false;
        // A catalogue with plugins ([`crate::load_plugins`]) already holds the host's commands.
        if session.registry().get(QUIT_COMMAND).is_none() {
            session.set_registry(headless_registry());
        }
        let mut control = RelayControl::new(base);
        control.set_allow_access(allow_access);
        HeadlessHost { session, control, recovery: None }
    }

    /// Keeps a crash-recovery copy of the project while [`HeadlessHost::run`] runs: written after
    /// every frame that ran something and every `interval`, removed when the host ends cleanly.
    pub fn set_recovery(&mut self, recovery: Recovery) {
        self.recovery = Some(recovery);
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Starts the relay (`ui.mcpRelay {}`) and returns where it listens.
    pub fn start_relay(&mut self) -> Result<RelayAddress> {
        self.control.start_relay()
    }

    /// Serves MCP over HTTP beside the relay once it starts (`rustgis-relay --http`).
    pub fn set_http(&mut self, http: Option<HttpConfig>) {
        self.control.set_http(http);
    }

    /// Turns agents on: the relay (with HTTP when set) and, given a configuration, the file
    /// bridge, which runs even when the relay cannot (see [`RelayControl::start_agents`]).
    pub fn start_agents(&mut self, bridge: Option<BridgeConfig>) -> Result<AgentsStarted> {
        self.control.start_agents(bridge)
    }

    /// The relay and bridge control, for settings the binary's flags do not cover.
    pub fn control(&mut self) -> &mut RelayControl {
        &mut self.control
    }

    /// Runs one host command line: `ui.mcpRelay {…}`, or a RustGIS command run as the user
    /// (`edit.undo {}`). Returns the JSON line to print: `{"ok": true, "result": …}` or
    /// `{"ok": false, "error": "…"}`. `ui.quit` ends only [`HeadlessHost::run`]; here it says so.
    pub fn command(&mut self, line: &str) -> Json {
        match self.line(line) {
            Line::Reply(reply) => reply,
            Line::Quit => {
                json!({ "ok": false, "error": format!("{QUIT_COMMAND} ends the host's run loop: send it on its standard input") })
            }
        }
    }

    fn line(&mut self, line: &str) -> Line {
        let (id, params) = rustgis_core::split_command_line(line);
        let params = if params.is_empty() {
            Json::Null
        } else {
            match serde_json::from_str::<Json>(params) {
                Ok(params) => params,
                Err(e) => {
                    return Line::Reply(
                        json!({ "ok": false, "error": format!("{id}: the parameters are not JSON: {e}") }),
                    );
                }
            }
        };
        if is_host_command(id) {
            return self.host_command(id, &params);
        }
        Line::Reply(match self.session.execute(&Caller::user(), id, params) {
            Ok(outcome) => json!({ "ok": true, "result": outcome.result }),
            Err(e) => json!({ "ok": false, "error": e.to_string() }),
        })
    }

    /// A host command, found in the catalogue and checked by the refusal policy like any other.
    fn host_command(&mut self, id: &str, params: &Json) -> Line {
        let refused = |e: String| Line::Reply(json!({ "ok": false, "error": e }));
        let def = match self.session.registry().require(id) {
            Ok(def) => def,
            Err(e) => return refused(e.to_string()),
        };
        if let Err(refusal) = Policy::check(def.id, &def.access, &Caller::user()) {
            return refused(refusal.to_string());
        }
        match id {
            QUIT_COMMAND => match params {
                Json::Null => Line::Quit,
                Json::Object(map) if map.is_empty() => Line::Quit,
                other => refused(format!("{QUIT_COMMAND} takes no parameters, not {other}")),
            },
            MCP_RELAY_COMMAND => Line::Reply(match self.control.mcp_relay(params) {
                Ok(result) => json!({ "ok": true, "result": result }),
                Err(e) => json!({ "ok": false, "error": e.to_string() }),
            }),
            other => refused(format!("{other} is not a command of the headless host")),
        }
    }

    /// Runs the frame loop until `quit` arrives or `stop` fires (a [`crate::StopSignals`]
    /// receiver: SIGTERM, SIGINT, SIGHUP): a frame whenever the relay wakes it, a command
    /// arrives, or [`IDLE_FRAME`] passes. Each command's reply goes to `reply`. When `commands`
    /// ends (standard input closed) the host keeps serving agents. Either way out it stops the
    /// relay, MCP over HTTP and the file bridge ([`RelayControl::shutdown`]) before it returns
    /// what ended it.
    pub fn run(
        mut self,
        commands: Receiver<String>,
        stop: &Receiver<&'static str>,
        mut reply: impl FnMut(&Json),
    ) -> Ended {
        let (wake_tx, wake_rx) = crossbeam_channel::bounded::<()>(1);
        self.control.set_wake(move || {
            // A full channel already holds a wake-up: the frame will come.
            if wake_tx.try_send(()).is_err() {
                tracing::trace!("a frame is already on its way");
            }
        });
        let mut commands = Some(commands);
        let never = crossbeam_channel::never();
        let mut stop = stop.clone();
        let ended = loop {
            let line = select! {
                recv(wake_rx) -> _ => None,
                recv(stop) -> signal => match signal {
                    Ok(signal) => break Ended::Signal(signal),
                    // Nothing left to send a signal: only quit ends the host now.
                    Err(_) => {
                        stop = crossbeam_channel::never();
                        None
                    }
                },
                recv(commands.as_ref().unwrap_or(&never)) -> line => match line {
                    Ok(line) => Some(line),
                    Err(_) => {
                        commands = None;
                        None
                    }
                },
                default(IDLE_FRAME) => None,
            };
            let mut ran = false;
            if let Some(line) = line {
                let trimmed = line.trim();
                if trimmed == "quit" || trimmed == "exit" {
                    break Ended::Quit;
                }
                if !trimmed.is_empty() && !trimmed.starts_with('#') {
                    match self.line(trimmed) {
                        Line::Quit => break Ended::Quit,
                        Line::Reply(answer) => reply(&answer),
                    }
                    ran = true;
                }
            }
            let frame = self.control.run_frame(&mut self.session);
            ran |= frame.relay.ran > 0 || frame.bridge.is_some();
            if let Some(screen) = frame.relay.screen {
                screen.answer(Err("the headless host has no window; use snapshot mode \"offscreen\"".to_owned()));
            }
            if let Some(recovery) = &mut self.recovery {
                if ran {
                    recovery.mark_changed();
                }
                if let Err(e) = recovery.tick(&self.session, Instant::now()) {
                    tracing::warn!("{e:#}");
                }
            }
        };
        self.control.shutdown();
        // A clean end: the recovery copy is no longer needed.
        if let Some(recovery) = self.recovery.take() {
            recovery.finish();
        }
        ended
    }
}

/// What one line asks of the host.
enum Line {
    /// The JSON line to print.
    Reply(Json),
    /// End the run loop cleanly.
    Quit,
}

/// What ended [`HeadlessHost::run`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// `quit` (or `exit`) on the command channel.
    Quit,
    /// A stop signal, by name (`"SIGTERM"`).
    Signal(&'static str),
}
