//! The app host against real agents (`rustgis-cli mcp --attach`): screen snapshots go to the
//! window and nothing else runs meanwhile, agents' steps are named in the history, the relay's
//! files go when the app closes.

mod common;

use common::{Agent, host_in, structured, succeeded, wait_until};
use rustgis_app::crop_png;
use serde_json::json;

#[test]
fn relay_hands_screen_snapshots_to_the_app() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let relay = host.relay().expect("the relay runs").clone();
    let (port, token) = (relay.addr().port(), relay.token_file().to_path_buf());
    let mut agent = Agent::attach(port, &token);
    let mut other = Agent::attach(port, &token);
    let snapshot = agent.call("snapshot", json!({ "mode": "screen" }));
    wait_until("the snapshot is queued", || relay.pending() == 1);
    let after = other.call("run_command", json!({ "command": "layer.list" }));
    wait_until("the next call is queued", || relay.pending() == 2);

    assert!(host.frame(), "the window is asked for the picture");
    let request = host.take_screen_request().expect("a screen request");
    assert!(!host.frame(), "the request was handed to the window");
    assert_eq!(relay.pending(), 1, "nothing else runs until the picture is taken");
    assert!(other.try_reply(after).is_none());

    let window = egui::ColorImage::filled([40, 30], egui::Color32::from_rgb(10, 120, 200));
    let canvas = egui::Rect::from_min_size(egui::pos2(5.0, 5.0), egui::vec2(20.0, 10.0));
    let picture = crop_png(&window, canvas, 1.0).expect("the canvas is inside the window");
    let png = picture.png.clone();
    request.answer(Ok(picture));
    let reply = agent.reply_to(snapshot, || {});
    assert_eq!(structured(&reply)["mode"], json!("screen"), "{reply}");
    assert_eq!(structured(&reply)["sha256"], json!(rustgis_core::sha256_hex(&png)));
    assert_eq!((structured(&reply)["width"].clone(), structured(&reply)["height"].clone()), (json!(20), json!(10)));
    let reply = other.reply_to(after, || {
        host.frame();
    });
    assert!(succeeded(&reply), "{reply}");
}

#[test]
fn agents_steps_are_named_in_the_history_and_the_user_may_undo_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let relay = host.relay().expect("the relay runs").clone();
    let mut agent = Agent::attach(relay.addr().port(), relay.token_file());
    let id = agent.call(
        "run_command",
        json!({ "command": "layer.setVisible", "params": { "layer": "cities", "visible": false } }),
    );
    let reply = agent.reply_to(id, || {
        host.frame();
    });
    assert!(succeeded(&reply), "{reply}");
    host.execute("layer.rename", json!({ "layer": "coastline", "name": "Coast" })).expect("the user renames");
    let steps: Vec<(String, String)> = host.history().into_iter().map(|s| (s.actor, s.label)).collect();
    assert_eq!(
        steps,
        vec![("agent 1".to_owned(), "layer.setVisible".to_owned()), ("user".to_owned(), "layer.rename".to_owned())]
    );
    host.execute("edit.undo", json!({})).expect("undo the user's step");
    host.execute("edit.undo", json!({})).expect("the user may undo the agent's step");
    assert!(host.session().project().layer("cities").expect("cities").visible);
}

#[test]
fn closing_the_app_removes_the_token_endpoint_and_bridge_files() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let relay = host.relay().expect("the relay runs").clone();
    let files = [
        relay.token_file().to_path_buf(),
        relay.endpoint_file().to_path_buf(),
        host.bridge().expect("the bridge runs").ready_file().to_path_buf(),
    ];
    drop(relay);
    for file in &files {
        assert!(file.exists(), "{} exists while agents are on", file.display());
    }
    drop(host);
    for file in &files {
        assert!(!file.exists(), "{} is gone once the app closed", file.display());
    }
}

#[test]
fn agents_describe_the_apps_host_command() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let relay = host.relay().expect("the relay runs").clone();
    let mut agent = Agent::attach(relay.addr().port(), relay.token_file());
    let id = agent.call("describe_command", json!({ "command": "ui.mcpRelay" }));
    let reply = agent.reply_to(id, || {
        host.frame();
    });
    assert!(succeeded(&reply), "{reply}");
    assert_eq!(structured(&reply)["params"]["properties"]["stop"]["type"], json!("boolean"), "{reply}");
}

/// A host whose ports are left to the port variables `vars` where they name one (the others on
/// free ports), folders in `dir`.
fn host_with_port_vars(dir: &std::path::Path, vars: rustgis_app::PortVars) -> rustgis_app::AppHost {
    let (port, http_port) = (vars.port.is_none().then_some(0), vars.http_port.is_none().then_some(0));
    let options = rustgis_app::HostOptions { port, http_port, port_vars: vars, ..common::options() };
    let session = rustgis_core::Session::with_sample().expect("the sample loads");
    rustgis_app::AppHost::new(session, rustgis_app::Folders::inside(dir), options)
}

#[test]
fn a_port_variable_that_is_not_a_port_is_an_error_shown_in_the_app_not_a_quiet_8767() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let vars = rustgis_app::PortVars { port: Some("eighty".to_owned()), http_port: None };
    let mut host = host_with_port_vars(dir.path(), vars);
    let shown = host.agents_error().expect("said at launch").to_owned();
    assert!(shown.contains("RUSTGIS_MCP_PORT=\"eighty\" is not a port number"), "{shown}");
    let refused = host.start_relay().expect_err("MCP Relay does not fall back to 8767");
    let refused = rustgis_app::error_text(&refused);
    assert!(refused.contains("RUSTGIS_MCP_PORT"), "{refused}");
    if let Err(e) = host.set_agents(true) {
        panic!("the file bridge still runs: {}", rustgis_app::error_text(&e));
    }
    assert!(host.relay().is_none(), "no relay on a quiet 8767");
    assert!(host.bridge().is_some());
    let shown = host.agents_error().expect("the error stays shown after ticking agents on").to_owned();
    assert!(shown.contains("RUSTGIS_MCP_PORT"), "{shown}");
}

#[test]
fn an_http_port_variable_that_is_not_a_port_is_an_error_shown_in_the_app_not_a_quiet_8768() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let vars = rustgis_app::PortVars { port: None, http_port: Some("-1".to_owned()) };
    let mut host = host_with_port_vars(dir.path(), vars);
    host.set_agents(true).expect("agents start");
    assert!(host.relay().is_some_and(|r| r.http().is_none()), "no MCP over HTTP on a quiet 8768");
    let shown = host.agents_error().expect("the settings say why HTTP is off").to_owned();
    assert!(shown.contains("RUSTGIS_MCP_HTTP_PORT=\"-1\""), "{shown}");
}

#[test]
fn ticking_agents_after_mcp_relay_was_started_by_hand_also_starts_http_and_the_file_bridge() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.start_relay().expect("MCP Relay, by hand");
    let relay = host.relay().expect("the relay runs").clone();
    assert!(relay.http().is_none() && host.bridge().is_none());
    host.set_agents(true).expect("agents start");
    assert!(host.relay().is_some_and(|r| r.addr() == relay.addr()), "the same relay goes on");
    assert!(relay.http().is_some(), "MCP over HTTP joins it");
    assert!(host.bridge().is_some(), "and the file bridge");
    assert!(relay.allow_access());
}
