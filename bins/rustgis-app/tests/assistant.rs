//! The AI Assistant's approval queue, with a fake agent (the test speaking MCP through
//! `rustgis-cli mcp --attach PORT --token-file FILE` with the run's reviewed grant): a gated call
//! waits, Approve runs it, Deny answers the agent with an error, an expired one cannot be
//! approved, stopping the agent cancels what waits.

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
fn an_expired_request_cannot_be_approved() {
    let limits = rustgis_relay::Limits { second: Duration::from_millis(2), ..rustgis_relay::Limits::default() };
    let mut rig = rig(Some(limits));
    let (id, approval) = rig.hide_cities();
    let reply = rig.reply(id);
    assert!(!succeeded(&reply), "the wait ran out: {reply}");
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

#[test]
fn claude_is_started_with_an_mcp_config_that_attaches_with_the_grant() {
    let launch = rustgis_app::AgentLaunch {
        kind: rustgis_app::AgentKind::Claude,
        program: "claude".into(),
        cli: "/opt/rustgis/rustgis-cli".into(),
    };
    let args = launch.args("buffer the cities", 8767, std::path::Path::new("/run/rustgis/8767-1-1.token"));
    assert_eq!(&args[..3], ["-p", "buffer the cities", "--mcp-config"]);
    let config: serde_json::Value = serde_json::from_str(&args[3]).expect("JSON");
    assert_eq!(
        config["mcpServers"]["rustgis-app"],
        json!({ "command": "/opt/rustgis/rustgis-cli",
                "args": ["mcp", "--attach", "8767", "--token-file", "/run/rustgis/8767-1-1.token"] })
    );
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
