//! The AI Assistant's approval queue, with a fake agent (the test speaking MCP through
//! `rustgis-cli mcp --attach PORT --token-file FILE` with the run's reviewed grant): a gated call
//! waits, Approve runs it, Deny answers the agent with an error, an expired one is a tool error
//! and cannot be approved, stopping the agent cancels what waits. How each agent CLI is started
//! (only the grant's MCP server), what the panel says when one cannot start or ends on its own.

mod common;

use std::time::{Duration, SystemTime};

use common::{Agent, options, succeeded, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rustgis_app::{AgentRun, AppHost, AppState, Folders};
use serde_json::json;

struct Rig {
    harness: Harness<'static, AppState>,
    agent: Agent,
    _dir: tempfile::TempDir,
}

fn rig(limits: Option<rustgis_relay::Limits>) -> Rig {
    rig_with(limits, false, |_| rustgis_core::Roots::default())
}

/// A rig whose run approves automatically or not, with the roots `roots` gives for its folder.
fn rig_with(
    limits: Option<rustgis_relay::Limits>,
    auto: bool,
    roots: impl FnOnce(&std::path::Path) -> rustgis_core::Roots,
) -> Rig {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let session = rustgis_core::Session::with_sample().expect("the sample loads");
    let mut host = AppHost::new(session, Folders::inside(dir.path()), rustgis_app::HostOptions { limits, ..options() });
    host.start_relay().expect("the relay starts");
    let relay = host.relay().expect("the relay runs").clone();
    let run = AgentRun::reviewed_in(&relay, auto, &roots(dir.path())).expect("a reviewed grant");
    let agent = Agent::attach(relay.addr().port(), run.token_file().expect("the grant's file"));
    let mut state = AppState::new(host);
    state.assistant = Some(run);
    state.assistant_open = true;
    let harness = Harness::builder()
        .with_max_steps(64)
        .build_ui_state(|ui, state: &mut AppState| rustgis_app::show(ui, state, SystemTime::now()), state);
    Rig { harness, agent, _dir: dir }
}

impl Rig {
    /// Sends a gated call; returns its request id and its approval's id.
    fn hide_cities(&mut self) -> (u64, u64) {
        let id = self.agent.call(
            "run_command",
            json!({ "command": "layer.setVisible", "params": { "layer": "cities", "visible": false } }),
        );
        let run = self.harness.state().assistant.as_ref().expect("a run");
        let mut approval = None;
        wait_until("the call waits for approval", || {
            approval = run.approvals().first().map(|a| a.id);
            approval.is_some()
        });
        self.harness.run();
        (id, approval.expect("an approval"))
    }

    fn reply(&mut self, id: u64) -> serde_json::Value {
        let harness = &mut self.harness;
        self.agent.reply_to(id, || {
            harness.step();
        })
    }

    fn cities_visible(&self) -> bool {
        self.harness.state().host.session().project().layer("cities").expect("cities").visible
    }
}

#[test]
fn a_gated_call_waits_in_the_queue_and_approve_runs_it() {
    let mut rig = rig(None);
    let (id, approval) = rig.hide_cities();
    rig.harness.get_by_label_contains("wants to run run_command layer.setVisible");
    assert!(rig.cities_visible(), "nothing ran while it waits");
    rig.harness.get_by_label(&format!("Approve call {approval}")).click();
    rig.harness.run();
    let reply = rig.reply(id);
    assert!(succeeded(&reply), "{reply}");
    assert!(!rig.cities_visible());
}

#[test]
fn a_call_waiting_while_the_assistant_is_closed_shows_a_badge_that_opens_it() {
    let mut rig = rig(None);
    rig.harness.state_mut().assistant_open = false;
    let (id, approval) = rig.hide_cities();
    rig.harness.run();
    rig.harness.get_by_label("1 call waits for your approval").click();
    rig.harness.run();
    assert!(rig.harness.state().assistant_open, "the badge opens the AI Assistant");
    rig.harness.get_by_label(&format!("Approve call {approval}")).click();
    rig.harness.run();
    assert!(succeeded(&rig.reply(id)));
    rig.harness.state_mut().assistant_open = false;
    rig.harness.run();
    assert!(rig.harness.query_by_label("1 call waits for your approval").is_none(), "no badge once answered");
}

#[test]
fn deny_answers_the_agent_with_an_error() {
    let mut rig = rig(None);
    let (id, approval) = rig.hide_cities();
    rig.harness.get_by_label(&format!("Deny call {approval}")).click();
    rig.harness.run();
    let reply = rig.reply(id);
    assert!(!succeeded(&reply), "{reply}");
    assert!(rig.cities_visible());
}

#[test]
fn an_expired_approval_reaches_the_agent_as_a_tool_error_like_denys_and_cannot_be_approved() {
    let limits = rustgis_relay::Limits { second: Duration::from_millis(2), ..rustgis_relay::Limits::default() };
    let mut rig = rig(Some(limits));
    let (id, approval) = rig.hide_cities();
    let reply = rig.reply(id);
    assert!(!succeeded(&reply), "the wait ran out: {reply}");
    assert!(reply.get("error").is_none(), "not a JSON-RPC error: {reply}");
    assert_eq!(reply["result"]["isError"], json!(true), "{reply}");
    assert_eq!(reply["result"]["structuredContent"]["code"], json!("expired"), "{reply}");
    let run = rig.harness.state().assistant.as_ref().expect("a run");
    assert!(run.approve(approval).is_err(), "an expired request cannot be approved");
    rig.harness.run();
    assert!(rig.cities_visible());
}

#[test]
fn stopping_the_agent_cancels_what_waits() {
    let mut rig = rig(None);
    let (id, _) = rig.hide_cities();
    let token = rig.harness.state().assistant.as_ref().and_then(AgentRun::token_file).map(ToOwned::to_owned);
    assert!(token.as_ref().is_some_and(|t| t.exists()));
    rig.harness.get_by_label("Stop the agent").click();
    rig.harness.run();
    assert!(rig.harness.state().assistant.as_ref().expect("a run").approvals().is_empty());
    assert!(token.is_some_and(|t| !t.exists()), "the grant's token file is removed");
    rig.harness.run_steps(5);
    assert!(rig.cities_visible(), "the cancelled call never runs");
    let reply = rig.reply(id);
    assert!(
        !succeeded(&reply) && reply["result"]["structuredContent"]["code"] == json!("cancelled"),
        "the agent hears at once that its waiting call was cancelled: {reply}"
    );
}

fn launch(kind: rustgis_app::AgentKind, program: &str) -> rustgis_app::AgentLaunch {
    rustgis_app::AgentLaunch { kind, program: program.into(), cli: "/opt/rustgis/rustgis-cli".into() }
}

const GRANT_FILE: &str = "/run/rustgis/8767-1-1.token";

#[test]
fn claude_is_started_with_only_the_grants_mcp_config() {
    let launch = launch(rustgis_app::AgentKind::Claude, "claude");
    let args = launch.args("buffer the cities", 8767, std::path::Path::new(GRANT_FILE));
    assert_eq!(&args[..3], ["-p", "buffer the cities", "--mcp-config"]);
    let config: serde_json::Value = serde_json::from_str(&args[3]).expect("JSON");
    assert_eq!(
        config["mcpServers"]["rustgis-app"],
        json!({ "command": "/opt/rustgis/rustgis-cli",
                "args": ["mcp", "--attach", "8767", "--token-file", GRANT_FILE] })
    );
    assert_eq!(config["mcpServers"].as_object().map(serde_json::Map::len), Some(1));
    // Only that configuration: no server of Claude Code's own, which could attach with the
    // relay's own token and sidestep the approvals.
    assert!(args.contains(&"--strict-mcp-config".to_owned()), "{args:?}");
    assert!(launch.env(8767, std::path::Path::new(GRANT_FILE)).is_empty());
}

#[test]
fn opencode_gets_the_reviewed_grants_mcp_configuration_like_the_others() {
    let launch = launch(rustgis_app::AgentKind::OpenCode, "opencode");
    let args = launch.args("buffer the cities", 8767, std::path::Path::new(GRANT_FILE));
    assert_eq!(args, ["run", "buffer the cities"]);
    let env = launch.env(8767, std::path::Path::new(GRANT_FILE));
    let (name, config) = env.first().expect("its MCP server comes in the environment");
    assert_eq!(name, rustgis_app::OPENCODE_CONFIG_CONTENT);
    let config: serde_json::Value = serde_json::from_str(config).expect("JSON");
    assert_eq!(
        config["mcp"]["rustgis-app"],
        json!({ "type": "local", "enabled": true,
                "command": ["/opt/rustgis/rustgis-cli", "mcp", "--attach", "8767", "--token-file", GRANT_FILE] })
    );
}

/// The AI Assistant panel open on a host whose relay runs, with `program` as the agent CLI.
fn panel_with_agent(dir: &std::path::Path, kind: rustgis_app::AgentKind, program: &str) -> Harness<'static, AppState> {
    let mut host =
        AppHost::new(rustgis_core::Session::with_sample().expect("the sample loads"), Folders::inside(dir), options());
    host.start_relay().expect("the relay starts");
    let mut state = AppState::new(host);
    state.assistant_open = true;
    state.agent_launch = rustgis_app::AgentLaunch { kind, program: program.into(), cli: common::rustgis_cli() };
    state.request = "hide the cities".to_owned();
    let mut harness = Harness::builder()
        .with_max_steps(64)
        .build_ui_state(|ui, state: &mut AppState| rustgis_app::show(ui, state, SystemTime::now()), state);
    harness.run();
    harness
}

#[test]
fn cannot_start_claude_shows_in_the_panel_where_start_was_pressed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = panel_with_agent(dir.path(), rustgis_app::AgentKind::Claude, "/nonexistent/bin/claude");
    harness.get_by_label("Start").click();
    harness.run();
    harness.get_by_label_contains("cannot start /nonexistent/bin/claude");
    assert!(harness.state().assistant.is_none());
    assert!(harness.state().messages.last().is_none(), "in the panel, not only the status bar");
}

#[cfg(unix)]
#[test]
fn an_agent_that_exits_on_its_own_shows_its_exit_code_and_is_reaped() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    // An agent that ignores its arguments, prints a line, and a moment later exits with 3.
    let agent = dir.path().join("agent.sh");
    #[allow(clippy::disallowed_methods, reason = "a test's own fixture")]
    std::fs::write(&agent, "#!/bin/sh\necho thinking\nsleep 0.5\nexit 3\n").expect("the agent script");
    std::fs::set_permissions(&agent, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let program = agent.display().to_string();
    let mut harness = panel_with_agent(dir.path(), rustgis_app::AgentKind::Custom, &program);
    harness.get_by_label("Start").click();
    harness.step();
    let run = harness.state().assistant.as_ref().expect("the agent started");
    let pid = run.pid().expect("its process");
    let token = run.token_file().expect("its grant").to_owned();
    wait_until("the agent ends and is reaped", || {
        harness.step();
        harness.state().assistant.as_ref().is_some_and(|run| run.ended().is_some())
    });
    harness.run();
    harness.get_by_label("The agent finished (exit code 3).");
    harness.get_by_label("thinking");
    let run = harness.state().assistant.as_ref().expect("the run");
    assert!(!run.is_running() && !run.has_child());
    assert!(!token.exists(), "its grant is revoked");
    // Reaped: no zombie is left under its process id.
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    assert!(!stat.contains(") Z "), "the agent is a zombie: {stat}");
    // Start is offered again.
    harness.get_by_label("Start");
}

#[test]
fn a_run_given_folders_is_refused_a_file_elsewhere_and_the_panel_names_them() {
    let mut rig = rig_with(None, true, |dir| {
        std::fs::create_dir_all(dir.join("maps")).expect("a folder");
        rustgis_core::Roots::new([rustgis_core::Root::new(&dir.join("maps"), true).expect("a root")])
    });
    let maps = rig.harness.state().assistant.as_ref().expect("a run").roots().described();
    rig.harness.run();
    rig.harness.get_by_label_contains("Its files only below");
    let dir = rig._dir.path().to_owned();
    let id = rig.agent.call(
        "run_command",
        json!({ "command": "layer.export", "params": { "layer": "cities", "path": dir.join("cities.geojson") } }),
    );
    let reply = rig.reply(id);
    assert_eq!(reply["result"]["structuredContent"]["code"], json!("access_denied"), "{reply}");
    let text = reply["result"]["structuredContent"]["error"].as_str().unwrap_or_default().to_owned();
    assert!(text.starts_with("ACCESS_DENIED") && text.contains(maps.split(" (").next().unwrap_or_default()), "{text}");
    let id = rig.agent.call(
        "run_command",
        json!({ "command": "layer.export", "params": { "layer": "cities", "path": dir.join("maps/cities.geojson") } }),
    );
    let reply = rig.reply(id);
    assert!(succeeded(&reply), "{reply}");
}
