//! The AI Assistant: a local agent CLI (Claude Code `claude -p`, Codex `codex exec`, OpenCode
//! `opencode run`, or any program) started as a child process (argv, no shell) whose MCP
//! configuration attaches to the open app with a run-scoped, reviewed grant
//! (`Relay::grant_reviewed`). Its output streams into the panel; with automatic approval off its
//! gated calls wait for Approve / Deny; stopping it revokes the grant, which cancels what waits.
//! An agent that ends on its own is reaped, its grant revoked, and its exit code shown.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use parking_lot::Mutex;
use rustgis_relay::{Approval, Grant, Relay};
use serde_json::json;

use crate::connect::SERVER_NAME;

/// Which agent CLI runs a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgentKind {
    /// Claude Code: `claude -p REQUEST --mcp-config JSON --strict-mcp-config` (only that MCP
    /// server: none of Claude Code's own configuration, which could attach with the relay's own
    /// token and sidestep the approvals).
    Claude,
    /// Codex: `codex exec -c mcp_servers.rustgis-app.command=… -c mcp_servers.rustgis-app.args=… REQUEST`.
    Codex,
    /// OpenCode: `opencode run REQUEST`, with the grant's MCP server in `OPENCODE_CONFIG_CONTENT`
    /// (merged over OpenCode's own configuration, replacing a `rustgis-app` server there).
    OpenCode,
    /// Any program: it gets the attach command as its arguments, then the request
    /// (`PROGRAM rustgis-cli mcp --attach PORT --token-file FILE -- REQUEST`).
    Custom,
}

/// How to start the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentLaunch {
    /// Which CLI it is.
    pub kind: AgentKind,
    /// The program: found on `PATH` by name, or an explicit path.
    pub program: PathBuf,
    /// The `rustgis-cli` the agent's MCP configuration runs.
    pub cli: PathBuf,
}

impl AgentLaunch {
    /// The child's arguments for `request`, attaching with `grant`.
    pub fn args(&self, request: &str, port: u16, token_file: &std::path::Path) -> Vec<String> {
        let cli = self.cli.display().to_string();
        let attach = attach_args(port, token_file);
        match self.kind {
            AgentKind::Claude => {
                let config = json!({ "mcpServers": { SERVER_NAME: { "command": cli, "args": attach } } });
                vec![
                    "-p".to_owned(),
                    request.to_owned(),
                    "--mcp-config".to_owned(),
                    config.to_string(),
                    "--strict-mcp-config".to_owned(),
                ]
            }
            AgentKind::Codex => vec![
                "exec".to_owned(),
                "-c".to_owned(),
                format!("mcp_servers.{SERVER_NAME}.command={}", json!(cli)),
                "-c".to_owned(),
                format!("mcp_servers.{SERVER_NAME}.args={}", json!(attach)),
                request.to_owned(),
            ],
            AgentKind::OpenCode => vec!["run".to_owned(), request.to_owned()],
            AgentKind::Custom => {
                let mut args = vec![cli];
                args.extend(attach);
                args.push("--".to_owned());
                args.push(request.to_owned());
                args
            }
        }
    }

    /// The environment variables the child gets besides the app's: OpenCode's MCP server, which it
    /// takes from `OPENCODE_CONFIG_CONTENT` rather than from its arguments.
    pub fn env(&self, port: u16, token_file: &std::path::Path) -> Vec<(String, String)> {
        match self.kind {
            AgentKind::OpenCode => {
                let mut command = vec![self.cli.display().to_string()];
                command.extend(attach_args(port, token_file));
                let config = json!({
                    "$schema": "https://opencode.ai/config.json",
                    "mcp": { SERVER_NAME: { "type": "local", "command": command, "enabled": true } },
                });
                vec![(OPENCODE_CONFIG_CONTENT.to_owned(), config.to_string())]
            }
            AgentKind::Claude | AgentKind::Codex | AgentKind::Custom => Vec::new(),
        }
    }
}

/// The environment variable OpenCode reads a configuration from, merged over its own files.
pub const OPENCODE_CONFIG_CONTENT: &str = "OPENCODE_CONFIG_CONTENT";

/// `mcp --attach PORT --token-file FILE`: how every agent's MCP server attaches with its grant.
fn attach_args(port: u16, token_file: &std::path::Path) -> Vec<String> {
    vec![
        "mcp".to_owned(),
        "--attach".to_owned(),
        port.to_string(),
        "--token-file".to_owned(),
        token_file.display().to_string(),
    ]
}

/// One run of the assistant: the reviewed grant, the child and its output.
pub struct AgentRun {
    relay: Relay,
    grant: Option<Grant>,
    child: Option<Child>,
    output: Arc<Mutex<Vec<String>>>,
    auto: bool,
    /// How the run ended (`finished (exit code 0)`, `stopped`), once it has.
    ended: Option<String>,
    roots: rustgis_core::Roots,
}

impl std::fmt::Debug for AgentRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentRun").field("grant", &self.grant).field("auto", &self.auto).finish_non_exhaustive()
    }
}

impl AgentRun {
    /// A reviewed grant for an agent the caller connects itself (tests, embedders); `auto`
    /// approves its calls without asking, an explicit per-run choice.
    pub fn reviewed(relay: &Relay, auto: bool) -> rustgis_relay::Result<AgentRun> {
        AgentRun::reviewed_in(relay, auto, &rustgis_core::Roots::default())
    }

    /// [`AgentRun::reviewed`], the agent's files only below `roots` (none: wherever the grant's
    /// access allows).
    pub fn reviewed_in(relay: &Relay, auto: bool, roots: &rustgis_core::Roots) -> rustgis_relay::Result<AgentRun> {
        Ok(AgentRun {
            relay: relay.clone(),
            grant: Some(relay.grant_reviewed_in(auto, roots)?),
            child: None,
            output: Arc::new(Mutex::new(Vec::new())),
            auto,
            ended: None,
            roots: roots.clone(),
        })
    }

    /// The folders its files must lie below (none: no such limit).
    pub fn roots(&self) -> &rustgis_core::Roots {
        &self.roots
    }

    /// Starts `launch` on `request` with a reviewed grant; its standard output and error stream
    /// into [`AgentRun::output`], and `wake` is called for each line and when they end (the
    /// window draws a frame then, and reaps an agent that ended: [`AgentRun::poll`]).
    pub fn launch(
        relay: &Relay,
        launch: &AgentLaunch,
        request: &str,
        auto: bool,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<AgentRun, String> {
        AgentRun::launch_in(relay, launch, request, auto, &rustgis_core::Roots::default(), wake)
    }

    /// [`AgentRun::launch`], the agent's files only below `roots`.
    pub fn launch_in(
        relay: &Relay,
        launch: &AgentLaunch,
        request: &str,
        auto: bool,
        roots: &rustgis_core::Roots,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<AgentRun, String> {
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
        let mut run = AgentRun::reviewed_in(relay, auto, roots).map_err(|e| e.to_string())?;
        let grant = run.grant.as_ref().expect("a reviewed run holds its grant");
        let args = launch.args(request, relay.addr().port(), grant.token_file());
        let env = launch.env(relay.addr().port(), grant.token_file());
        let mut child = Command::new(&launch.program)
            .args(&args)
            .envs(env)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", launch.program.display()))?;
        for stream in [
            child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let output = run.output.clone();
            let wake = wake.clone();
            let reader = std::thread::Builder::new().name("rustgis-app-agent-output".to_owned()).spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    output.lock().push(line);
                    wake();
                }
                // The stream ended: the agent is ending, and the window reaps it.
                wake();
            });
            if let Err(e) = reader {
                run.output.lock().push(format!("cannot read the agent's output: {e}"));
            }
        }
        run.child = Some(child);
        Ok(run)
    }

    /// The grant's token file (for an agent the caller connects itself).
    pub fn token_file(&self) -> Option<&std::path::Path> {
        self.grant.as_ref().map(Grant::token_file)
    }

    /// Whether the agent runs (its grant is held).
    pub fn is_running(&self) -> bool {
        self.grant.is_some()
    }

    /// How the run ended, once it has: `finished (exit code N)` for an agent that ended on its
    /// own, `stopped` for one stopped from the panel.
    pub fn ended(&self) -> Option<&str> {
        self.ended.as_deref()
    }

    /// Whether a child process is still to be reaped (it has not been seen to end).
    pub fn has_child(&self) -> bool {
        self.child.is_some()
    }

    /// The agent's process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Notices an agent that ended on its own: reaps the process (no zombie is left), revokes
    /// its grant and notes its exit code. Call it every frame; returns whether it ended now.
    pub fn poll(&mut self) -> bool {
        let Some(child) = &mut self.child else { return false };
        let status = match child.try_wait() {
            Ok(Some(status)) => status,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!("cannot tell whether the agent still runs: {e}");
                return false;
            }
        };
        self.child = None;
        drop(self.grant.take());
        self.ended = Some(describe_exit(status));
        true
    }

    /// Whether its calls are approved without asking.
    pub fn auto(&self) -> bool {
        self.auto
    }

    /// What the agent printed so far.
    pub fn output(&self) -> Vec<String> {
        self.output.lock().clone()
    }

    /// The calls of this run waiting for Approve / Deny, oldest first.
    pub fn approvals(&self) -> Vec<Approval> {
        let Some(grant) = &self.grant else { return Vec::new() };
        self.relay.approvals().into_iter().filter(|a| a.grant == grant.id()).collect()
    }

    /// Lets a waiting call run; an expired, answered or cancelled one is refused.
    pub fn approve(&self, id: u64) -> rustgis_relay::Result<()> {
        self.relay.approve(id)
    }

    /// Refuses a waiting call: the agent is told the user denied it.
    pub fn deny(&self, id: u64) -> rustgis_relay::Result<()> {
        self.relay.deny(id)
    }

    /// Stops the agent: revokes the grant (closing its connections and cancelling its waiting
    /// calls) and ends the child.
    pub fn stop(&mut self) {
        drop(self.grant.take());
        if let Some(mut child) = self.child.take() {
            if let Err(e) = child.kill() {
                tracing::debug!("the agent had already ended: {e}");
            }
            if let Err(e) = child.wait() {
                tracing::warn!("cannot reap the agent: {e}");
            }
            self.ended.get_or_insert_with(|| "stopped".to_owned());
        }
    }
}

/// `finished (exit code 1)`, or the signal that ended it.
fn describe_exit(status: std::process::ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("finished (exit code {code})");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("ended by signal {signal}");
        }
    }
    format!("finished ({status})")
}

impl Drop for AgentRun {
    fn drop(&mut self) {
        self.stop();
    }
}
