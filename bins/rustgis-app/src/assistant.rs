//! The AI Assistant: a local agent CLI (Claude Code `claude -p`, Codex `codex exec`, OpenCode
//! `opencode run`, or any program) started as a child process (argv, no shell) whose MCP
//! configuration attaches to the open app with a run-scoped, reviewed grant
//! (`Relay::grant_reviewed`). Its output streams into the panel; with automatic approval off its
//! gated calls wait for Approve / Deny; stopping it revokes the grant, which cancels what waits.

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
    /// Claude Code: `claude -p REQUEST --mcp-config JSON`.
    Claude,
    /// Codex: `codex exec -c mcp_servers.rustgis-app.command=… -c mcp_servers.rustgis-app.args=… REQUEST`.
    Codex,
    /// OpenCode: `opencode run REQUEST` (its MCP servers come from its own configuration).
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
        let attach = vec![
            "mcp".to_owned(),
            "--attach".to_owned(),
            port.to_string(),
            "--token-file".to_owned(),
            token_file.display().to_string(),
        ];
        match self.kind {
            AgentKind::Claude => {
                let config = json!({ "mcpServers": { SERVER_NAME: { "command": cli, "args": attach } } });
                vec!["-p".to_owned(), request.to_owned(), "--mcp-config".to_owned(), config.to_string()]
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
}

/// One run of the assistant: the reviewed grant, the child and its output.
pub struct AgentRun {
    relay: Relay,
    grant: Option<Grant>,
    child: Option<Child>,
    output: Arc<Mutex<Vec<String>>>,
    auto: bool,
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
            roots: roots.clone(),
        })
    }

    /// The folders its files must lie below (none: no such limit).
    pub fn roots(&self) -> &rustgis_core::Roots {
        &self.roots
    }

    /// Starts `launch` on `request` with a reviewed grant; its standard output and error stream
    /// into [`AgentRun::output`].
    pub fn launch(relay: &Relay, launch: &AgentLaunch, request: &str, auto: bool) -> Result<AgentRun, String> {
        AgentRun::launch_in(relay, launch, request, auto, &rustgis_core::Roots::default())
    }

    /// [`AgentRun::launch`], the agent's files only below `roots`.
    pub fn launch_in(
        relay: &Relay,
        launch: &AgentLaunch,
        request: &str,
        auto: bool,
        roots: &rustgis_core::Roots,
    ) -> Result<AgentRun, String> {
        let mut run = AgentRun::reviewed_in(relay, auto, roots).map_err(|e| e.to_string())?;
        let grant = run.grant.as_ref().expect("a reviewed run holds its grant");
        let args = launch.args(request, relay.addr().port(), grant.token_file());
        let mut child = Command::new(&launch.program)
            .args(&args)
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
            let reader = std::thread::Builder::new().name("rustgis-app-agent-output".to_owned()).spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    output.lock().push(line);
                }
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
        }
    }
}

impl Drop for AgentRun {
    fn drop(&mut self) {
        self.stop();
    }
}
