//! The window's panels under egui_kittest (no GPU): the status bar's words, the AI Assistant
//! settings, the copyable commands, Command Search and its generated form, the layers pane and
//! the undo history.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

mod common;

use std::time::{Duration, SystemTime};

use common::{host_in, options};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rustgis_app::{AppHost, AppState, ConnectInfo, Folders, RelayStatus, Settings, Shell};
use rustgis_relay::LastCall;
use serde_json::json;

fn last_call(command: &str, success: bool, at: SystemTime) -> LastCall {
    LastCall {
        agent: "agent 1".to_owned(),
        tool: "run_command".to_owned(),
        command: Some(command.to_owned()),
        args: json!({ "command": command, "params": { "name": "cities" } }),
        success,
        error: (!success).then(|| "no sample layer 'citys'".to_owned()),
        at,
        duration: Duration::from_millis(3),
    }
}

fn running(attached: usize) -> RelayStatus {
    RelayStatus { running: true, bridge: true, attached, ..RelayStatus::default() }
}

/// Focuses the text field named `label`, then types `text` into it.
fn type_into(harness: &mut Harness<'static, AppState>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// The AI Assistant settings open, with agents on, after one frame.
fn settings_with_agents_on(dir: &std::path::Path) -> Harness<'static, AppState> {
    let mut state = AppState::new(host_in(dir));
    state.host.set_agents(true).expect("agents start");
    state.settings_open = true;
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness
}

fn harness(state: AppState, now: SystemTime) -> Harness<'static, AppState> {
    // The map arrives from its drawing thread with a repaint of its own: allow a few more frames
    // than the default before the UI counts as settled.
    Harness::builder()
        .with_max_steps(64)
        .build_ui_state(move |ui, state: &mut AppState| rustgis_app::show(ui, state, now), state)
}

#[test]
fn status_bar_says_how_many_agents_are_attached() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let mut harness = harness(AppState::new(host), SystemTime::now());
    harness.run();
    harness.get_by_label("MCP relay · 0 attached");
}

#[test]
fn status_bar_names_the_last_call_for_ten_seconds() {
    let at = SystemTime::now();
    let status = RelayStatus { last_call: Some(last_call("layer.addSample", true, at)), ..running(1) };
    let label = status.label(at + Duration::from_secs(9)).expect("a label");
    assert_eq!((label.text.as_str(), label.red), ("MCP relay · 1 attached · layer.addSample", false));
    let later = status.label(at + Duration::from_secs(11)).expect("a label");
    assert_eq!(later.text, "MCP relay · 1 attached");
}

#[test]
fn status_bar_is_red_when_the_last_call_failed() {
    let at = SystemTime::now();
    let status = RelayStatus { last_call: Some(last_call("layer.addSample", false, at)), ..running(1) };
    let label = status.label(at).expect("a label");
    assert_eq!((label.text.as_str(), label.red), ("MCP relay · 1 attached · layer.addSample", true));
    assert!(label.hover.starts_with("Stop MCP relay\n"), "{}", label.hover);
    assert!(label.hover.contains(r#"{"command":"layer.addSample","params":{"name":"cities"}}"#), "{}", label.hover);
    assert!(label.hover.contains("failed: no sample layer"), "{}", label.hover);
}

#[test]
fn status_bar_reads_full_access_in_red() {
    let label = RelayStatus { full_access: true, ..running(2) }.label(SystemTime::now()).expect("a label");
    assert_eq!((label.text.as_str(), label.red), ("MCP relay · full access · 2 attached", true));
}

#[test]
fn status_bar_says_only_the_file_bridge_is_running_when_the_port_was_taken() {
    let status = RelayStatus { running: false, bridge: true, ..RelayStatus::default() };
    assert_eq!(status.label(SystemTime::now()).expect("a label").text, "only the file bridge is running");
    assert!(RelayStatus::default().label(SystemTime::now()).is_none(), "nothing runs, nothing shown");
}

#[test]
fn clicking_the_status_bar_stops_the_relay_and_forgets_the_choice() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let mut harness = harness(AppState::new(host), SystemTime::now());
    harness.run();
    harness.get_by_label("MCP relay · 0 attached").click();
    harness.run();
    assert!(harness.state().host.relay().is_none());
    assert!(harness.query_by_label("MCP relay · 0 attached").is_none());
    assert!(!Settings::load(&Folders::inside(dir.path()).settings).expect("settings").agents_on);
}

#[test]
fn settings_remember_let_your_agents_control_rustgis() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    state.settings_open = true;
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness.get_by_label("Let your Agents Control RustGIS").click();
    harness.run();
    assert!(harness.state().host.relay().is_some(), "ticking it starts the relay");
    assert!(harness.state().host.bridge().is_some(), "and the file bridge");
    drop(harness);
    let again = host_in(dir.path());
    assert!(again.agents_on(), "the next launch starts agents");
    assert!(again.relay().is_some());
}

#[test]
fn full_access_is_not_remembered() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = settings_with_agents_on(dir.path());
    harness.get_by_label("Full access").click();
    harness.run();
    assert!(harness.state().host.full_access());
    harness.get_by_label("MCP relay · full access · 0 attached");
    drop(harness);
    let again = host_in(dir.path());
    assert!(again.agents_on() && !again.full_access(), "agents on again, Full access off");
}

#[test]
fn turning_agents_off_turns_full_access_off() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    host.set_full_access(true);
    host.set_agents(false).expect("agents stop");
    host.set_agents(true).expect("agents start again");
    assert!(!host.full_access());
}

#[test]
fn a_failed_launch_clears_the_setting_and_shows_the_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folders = Folders::inside(dir.path());
    Settings { agents_on: true, ..Settings::default() }.save(&folders.settings).expect("settings saved");
    // A file where the private folder should be: neither the relay nor the bridge can start.
    std::fs::write(&folders.private, "not a folder").expect("a file");
    let host = AppHost::new(rustgis_core::Session::new(), folders.clone(), options());
    assert!(!host.agents_on());
    assert!(host.agents_error().is_some_and(|e| e.contains("agents could not start")), "{:?}", host.agents_error());
    assert!(!Settings::load(&folders.settings).expect("settings").agents_on, "the setting is cleared");
    let mut state = AppState::new(host);
    state.settings_open = true;
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    assert!(harness.query_by_label_contains("agents could not start").is_some());
}

#[test]
fn copyable_commands_quote_a_path_with_spaces_and_quotes_for_posix_and_powershell() {
    let info = ConnectInfo { cli: r"/opt/Rust GIS/it's $HOME/rustgis-cli".into(), port: 9000, bridge_dir: None };
    let items = info.items();
    let text = |label: &str| items.iter().find(|i| i.label == label).map(|i| i.text.clone()).expect(label);
    assert_eq!(
        text("Claude Code (POSIX shell)"),
        r#"claude mcp add rustgis-app -- '/opt/Rust GIS/it'\''s $HOME/rustgis-cli' mcp --attach 9000 --yes"#
    );
    assert_eq!(
        text("Codex (PowerShell)"),
        r#"codex mcp add rustgis-app -- '/opt/Rust GIS/it''s $HOME/rustgis-cli' mcp --attach 9000 --yes"#
    );
    assert_eq!(
        text("MCP over HTTP for Claude Code (PowerShell)"),
        r#"& '/opt/Rust GIS/it''s $HOME/rustgis-cli' mcp-register --client claude"#
    );
    let config: serde_json::Value =
        serde_json::from_str(&text("mcpServers JSON (Claude Desktop, Cursor…)")).expect("JSON");
    assert_eq!(config["mcpServers"]["rustgis-app"]["command"], json!(r"/opt/Rust GIS/it's $HOME/rustgis-cli"));
    assert_eq!(Shell::PowerShell.quote("a\u{2019}b"), "'a\u{2019}\u{2019}b'");
}

#[test]
fn the_settings_show_copy_buttons_for_the_running_relay() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = settings_with_agents_on(dir.path());
    harness.get_by_label("Copy: Claude Code (POSIX shell)").click();
    harness.run();
    harness.get_by_label("Copy: File bridge folder");
}

#[test]
fn command_search_finds_vector_buffer_and_runs_it_through_its_form() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
    harness.run();
    assert!(harness.state().search.is_some(), "Ctrl+K opens Command Search");
    type_into(&mut harness, "Search commands", "buffer");
    harness.run();
    harness.get_by_label("vector.buffer").click();
    harness.run();
    type_into(&mut harness, "Parameter layer", "cities");
    type_into(&mut harness, "Parameter distance", "200");
    harness.run();
    let form = harness.state().search.as_ref().and_then(|s| s.form.as_ref()).expect("a form");
    assert_eq!(form.command, "vector.buffer");
    harness.get_by_label("Run").click();
    harness.run();
    let project = harness.state().host.session().project();
    let outcome = harness.state().search.as_ref().and_then(|s| s.outcome.clone());
    assert!(project.layer("cities buffer 200 m").is_some(), "{:?} {outcome:?}", project.layer_names());
    harness.get_by_label_contains("vector.buffer ran");
    assert_eq!(harness.state().host.history().last().map(|s| s.actor.clone()), Some("user".to_owned()));
}

#[test]
fn command_search_lists_the_mcp_relay_command() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().search = Some(rustgis_app::CommandSearch::default());
    harness.run();
    type_into(&mut harness, "Search commands", "relay");
    harness.run();
    harness.get_by_label("MCP Relay").click();
    harness.run();
    harness.get_by_label("Run").click();
    harness.run();
    assert!(harness.state().host.relay().is_some());
    assert!(!harness.state().host.agents_on(), "the command starts the relay without the remembered choice");
}

#[test]
fn layers_pane_shows_the_layers_and_sets_the_users_active_layer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("countries").click();
    harness.run();
    assert_eq!(harness.state().host.active_layer(), Some("countries"));
    harness.get_by_label("Show cities").click();
    harness.run();
    assert!(!harness.state().host.session().project().layer("cities").expect("cities").visible);
    harness.get_by_label("Remove boundaries").click();
    harness.run();
    assert!(harness.state().host.session().project().layer("boundaries").is_none());
    harness.get_by_label("you: layer.remove");
    harness.get_by_label("you: layer.setVisible");
}

#[test]
fn layers_pane_renames_a_layer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("Rename cities").click();
    harness.run();
    type_into(&mut harness, "New name for cities", " (big)");
    harness.run();
    harness.get_by_label("OK").click();
    harness.run();
    let names = harness.state().host.session().project().layer_names();
    assert!(
        names.iter().any(|n| n.contains("(big)") && n.contains("cities")),
        "{names:?} {:?} {:?}",
        harness.state().message,
        harness.state().renaming
    );
}

#[test]
fn undo_history_names_the_user_and_ctrl_z_undoes() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().run("layer.setVisible", json!({ "layer": "cities", "visible": false }));
    harness.run();
    harness.get_by_label("you: layer.setVisible");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert!(harness.state().host.session().project().layer("cities").expect("cities").visible);
    harness.get_by_label("(undone) user: layer.setVisible");
}

#[test]
fn closing_with_unsaved_changes_asks_to_save_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().run("layer.setVisible", json!({ "layer": "cities", "visible": false }));
    harness.run();
    let root = harness.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default();
    root.events.push(egui::ViewportEvent::Close);
    harness.run();
    harness.get_by_label("Don't save");
    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(harness.query_by_label("Don't save").is_none(), "Cancel keeps the window open");
}
