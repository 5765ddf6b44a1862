//! The window's panels under egui_kittest (no GPU): the status bar's words, the AI Assistant
//! settings, the copyable commands, Command Search and its generated form, the layers pane (and
//! its drag ordering), the undo history, the attribute table with the map's selection and
//! Identify, the File menu's dialogs, the style dialog and the Add PostGIS Layer dialog (the
//! tests that need a database read `RUSTGIS_TEST_PG` and skip, saying so, without it).
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

mod common;

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use common::{host_in, options, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use rustgis_app::{
    AppHost, AppState, ConnectInfo, FileDialogs, Folders, PostgisConnection, RelayStatus, Settings, Shell, Sort,
    TableRows,
};
use rustgis_core::{Session, Style};
use rustgis_relay::LastCall;
use serde_json::json;

fn last_call(command: &str, success: bool, at: SystemTime) -> LastCall {
    LastCall {
        agent: "agent 1".to_owned(),
        tool: "run_command".to_owned(),
        command: Some(command.to_owned()),
        args: json!({ "command": command, "params": { "sample": "cities" } }),
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

/// A harness in a window of a laptop's size from its first frame (panels size themselves then).
fn large_harness(state: AppState) -> Harness<'static, AppState> {
    Harness::builder()
        .with_max_steps(64)
        .with_size(egui::vec2(1400.0, 1000.0))
        .build_ui_state(move |ui, state: &mut AppState| rustgis_app::show(ui, state, SystemTime::now()), state)
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
    assert!(label.hover.contains(r#"{"command":"layer.addSample","params":{"sample":"cities"}}"#), "{}", label.hover);
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
fn status_bar_names_the_file_bridges_outcome_while_the_relay_runs() {
    let at = SystemTime::now();
    let run = |success: bool, at: SystemTime| rustgis_relay::BridgeRun {
        success,
        error: (!success).then(|| "line 1: no layer named 'citys'".to_owned()),
        result: json!({}),
        at,
        duration: Duration::from_millis(4),
    };
    let ran = RelayStatus { last_bridge_run: Some(run(true, at)), ..running(1) };
    let label = ran.label(at + Duration::from_secs(1)).expect("a label");
    assert_eq!((label.text.as_str(), label.red), ("MCP relay · 1 attached · script ran", false));
    assert!(label.hover.contains("file bridge: the script ran"), "{}", label.hover);
    let failed = RelayStatus { last_bridge_run: Some(run(false, at)), ..running(1) };
    let label = failed.label(at).expect("a label");
    assert_eq!((label.text.as_str(), label.red), ("MCP relay · 1 attached · script failed", true));
    // The newer of the agent's call and the bridge's script is named.
    let older_call = RelayStatus {
        last_call: Some(last_call("layer.addSample", true, at)),
        last_bridge_run: Some(run(true, at + Duration::from_secs(2))),
        ..running(1)
    };
    assert_eq!(
        older_call.label(at + Duration::from_secs(3)).expect("a label").text,
        "MCP relay · 1 attached · script ran"
    );
    let newer_call = RelayStatus {
        last_call: Some(last_call("layer.addSample", true, at + Duration::from_secs(2))),
        last_bridge_run: Some(run(true, at)),
        ..running(1)
    };
    let text = newer_call.label(at + Duration::from_secs(3)).expect("a label").text;
    assert_eq!(text, "MCP relay · 1 attached · layer.addSample");
    assert_eq!(ran.label(at + Duration::from_secs(11)).expect("a label").text, "MCP relay · 1 attached");
}

#[test]
fn the_status_bar_asks_for_a_frame_only_when_its_label_will_change() {
    let at = SystemTime::now();
    assert_eq!(running(1).changes_in(at), None, "idle agents: no frame is asked for");
    let status = RelayStatus { last_call: Some(last_call("layer.addSample", true, at)), ..running(1) };
    assert_eq!(status.changes_in(at + Duration::from_secs(4)), Some(Duration::from_secs(6)), "when the call goes");
    assert_eq!(status.changes_in(at + Duration::from_secs(10)), None, "gone already");
    let http = RelayStatus { http_expire_in: Some(Duration::from_secs(2)), ..status };
    assert_eq!(http.changes_in(at), Some(Duration::from_secs(2)), "when a quiet HTTP client leaves the count");
}

#[test]
fn clicking_the_status_bar_asks_before_it_stops_the_relay_and_forgets_the_choice() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.set_agents(true).expect("agents start");
    let mut harness = harness(AppState::new(host), SystemTime::now());
    harness.run();
    harness.get_by_label("MCP relay · 0 attached").click();
    harness.run();
    assert!(harness.state().host.relay().is_some(), "a click only asks");
    harness.get_by_label("Keep it running").click();
    harness.run();
    assert!(harness.state().host.relay().is_some(), "kept running");
    assert!(harness.query_by_label("Keep it running").is_none());
    harness.get_by_label("MCP relay · 0 attached").click();
    harness.run();
    harness.get_by_label("Stop the relay").click();
    harness.run();
    assert!(harness.state().host.relay().is_none());
    assert!(harness.query_by_label("MCP relay · 0 attached").is_none());
    assert!(!Settings::load(&Folders::inside(dir.path()).settings).expect("settings").agents_on);
}

#[test]
fn a_port_variable_that_is_not_a_port_is_shown_in_the_window() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let vars = rustgis_app::PortVars { port: Some("eighty".to_owned()), http_port: None };
    let options = rustgis_app::HostOptions { port: None, port_vars: vars, ..options() };
    let host = AppHost::new(Session::with_sample().expect("the sample loads"), Folders::inside(dir.path()), options);
    let mut harness = harness(AppState::new(host), SystemTime::now());
    harness.run();
    // In the status bar at launch.
    harness.get_by_label_contains("RUSTGIS_MCP_PORT=\"eighty\" is not a port number");
    harness.state_mut().settings_open = true;
    harness.run();
    harness.get_by_label("Let your Agents Control RustGIS").click();
    harness.run();
    assert!(harness.state().host.relay().is_none(), "no quiet 8767");
    let shown = harness.query_all_by_label_contains("RUSTGIS_MCP_PORT=\"eighty\"").count();
    assert!(shown >= 1, "the settings say why the relay did not start");
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
    assert!(
        state.messages.last().is_some_and(|m| m.error && m.text.contains("agents could not start")),
        "said at once"
    );
    state.settings_open = true;
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    // In the settings and in the status bar.
    assert_eq!(harness.query_all_by_label_contains("agents could not start").count(), 2);
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
    // The layer is picked from the project's layers (the list's entry comes after the Layers pane's).
    harness.get_by_label("Parameter layer").click();
    harness.run();
    harness.get_all_by_label("cities").last().expect("cities in the layer list").click();
    harness.run();
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

fn search_for(harness: &mut Harness<'static, AppState>, query: &str) {
    harness.state_mut().search = Some(rustgis_app::CommandSearch::default());
    harness.run();
    type_into(harness, "Search commands", query);
    harness.run();
}

#[test]
fn command_search_lists_the_world_atlas_sample_first_for_sample() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    search_for(&mut harness, "sample");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let form = harness.state().search.as_ref().and_then(|s| s.form.as_ref()).map(|f| f.command.clone());
    assert_eq!(form.as_deref(), Some("project.sample"));
}

#[test]
fn the_arrow_keys_move_through_the_hits_and_enter_opens_the_one_highlighted() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    search_for(&mut harness, "sample");
    harness.key_press(egui::Key::ArrowDown);
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    let form = harness.state().search.as_ref().and_then(|s| s.form.as_ref()).map(|f| f.command.clone());
    assert_eq!(form.as_deref(), Some("layer.addSample"), "the second hit: a sample layer added to the project");
}

#[test]
fn command_search_with_no_query_lists_every_command_under_its_group_title() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().search = Some(rustgis_app::CommandSearch::default());
    harness.run();
    for group in ["Vector", "Raster", "Print layout", "Styling"] {
        harness.get_by_label(group);
    }
    harness.get_by_label("layout.export");
}

#[test]
fn a_floating_window_opens_over_the_map_not_over_the_layers_pane_or_the_menu_bar() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.state_mut().search = Some(rustgis_app::CommandSearch::default());
    harness.run();
    let rect = |harness: &Harness<'static, AppState>, label: &str| {
        harness.get_by_label(label).accesskit_node().bounding_box().expect("a place on screen")
    };
    let search = rect(&harness, "Search commands");
    assert!(search.x0 > rect(&harness, "countries").x1, "right of the Layers pane: {search:?}");
    assert!(search.y0 > rect(&harness, "Measure tool").y1, "below the menu bar and the map's toolbar: {search:?}");
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
    harness.get_by_label("boundaries").click();
    harness.run();
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
    harness.get_by_label("cities").click();
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
        harness.state().messages.last(),
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
    harness.get_by_label("(undone) you: layer.setVisible");
}

/// The window with agents on and one agent attached (rustgis-cli, for an MCP client that calls
/// itself "test") that has run `command` with `params`: the window, the agent and the relay.
fn after_an_agents_call(
    dir: &std::path::Path,
    command: &str,
    params: serde_json::Value,
) -> (Harness<'static, AppState>, common::Agent, rustgis_relay::Relay) {
    let mut host = host_in(dir);
    host.set_agents(true).expect("agents start");
    let relay = host.relay().expect("the relay runs").clone();
    let mut harness = harness(AppState::new(host), SystemTime::now());
    let mut agent = common::Agent::attach(relay.addr().port(), relay.token_file());
    let id = agent.call("run_command", json!({ "command": command, "params": params }));
    agent.reply_to(id, || {
        harness.step();
    });
    harness.run();
    (harness, agent, relay)
}

#[test]
fn history_names_each_agent_beside_its_clients_own_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, agent, _relay) =
        after_an_agents_call(dir.path(), "layer.setVisible", json!({ "layer": "cities", "visible": false }));
    harness.get_by_label("agent 1 (test): layer.setVisible");
    harness.state_mut().run("edit.undo", json!({}));
    harness.run();
    harness.get_by_label("(undone) agent 1 (test): layer.setVisible");
    // The settings list the attached agent the same way.
    harness.state_mut().settings_open = true;
    harness.run();
    harness.get_by_label_contains("agent 1 (test) · the relay's own token");
    drop(agent);
}

#[test]
fn the_settings_disconnect_one_attached_agent_by_its_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, agent, relay) = after_an_agents_call(dir.path(), "layer.list", json!({}));
    harness.state_mut().settings_open = true;
    harness.run();
    harness.get_by_label("Disconnect agent 1 (test)").click();
    harness.run();
    wait_until("the agent's connection is closed", || relay.attached_count() == 0);
    harness.get_by_label_contains("agent 1 (test) was disconnected");
    drop(agent);
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

// ---- The attribute table, map selection and Identify ----

/// The app over the sample with `layer` as the user's active layer and its table open.
fn table_of(dir: &std::path::Path, layer: &str) -> Harness<'static, AppState> {
    let mut state = AppState::new(host_in(dir));
    state.host.select_layer(layer).expect("a sample layer");
    state.table.open = true;
    let mut harness = harness(state, SystemTime::now());
    harness.set_size(egui::vec2(1400.0, 900.0));
    settle(&mut harness);
    harness
}

/// Runs frames until the panels' sizes have settled: a panel sized by its content takes a few
/// frames, which egui does not ask a repaint for, so `run` alone may stop before them.
fn settle(harness: &mut Harness<'static, AppState>) {
    harness.run();
    harness.run_steps(6);
}

/// The rows the table shows now.
fn table_rows(harness: &mut Harness<'static, AppState>, layer: &str) -> Result<TableRows, String> {
    let state = harness.state_mut();
    state.table.rows(&mut state.host, layer).clone()
}

fn feature_id(harness: &Harness<'static, AppState>, layer: &str, name: &str) -> u64 {
    let layer = harness.state().host.session().project().layer(layer).expect("the layer");
    let idx = layer.field_index("name").expect("a name field");
    layer
        .features
        .iter()
        .find(|f| f.attributes[idx].to_string() == name)
        .map(|f| f.id)
        .unwrap_or_else(|| panic!("no feature named {name}"))
}

fn selection(harness: &Harness<'static, AppState>, layer: &str) -> Vec<u64> {
    let layer = harness.state().host.session().project().layer(layer).expect("the layer");
    layer.selection.iter().copied().collect()
}

/// Clicks the map where `lon, lat` is drawn (the sample's map is in longitude/latitude).
fn click_map_at(harness: &mut Harness<'static, AppState>, lon: f64, lat: f64, modifiers: egui::Modifiers) {
    settle(harness);
    // The point's place on screen, taken again after each frame until the map's view and place
    // stop moving (on a loaded machine the panels can still be settling their sizes).
    let place = |harness: &Harness<'static, AppState>| {
        let canvas = &harness.state().canvas;
        let (view, rect) = (canvas.view.expect("the map has a view"), canvas.rect.expect("the map is on screen"));
        let [x, y] = view.to_pixel([lon, lat], canvas.size);
        rect.min + egui::vec2(x as f32, y as f32)
    };
    let mut pos = place(harness);
    for _ in 0..20 {
        harness.hover_at(pos);
        harness.run();
        let now = place(harness);
        if now == pos {
            break;
        }
        pos = now;
    }
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton { pos, button: egui::PointerButton::Primary, pressed, modifiers });
    }
    harness.run();
}

#[test]
fn the_attribute_table_sorts_by_a_column_when_its_header_is_clicked() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    harness.get_by_label("Sort by pop_est").click();
    harness.run();
    harness.get_by_label("Sort by pop_est").click();
    harness.run();
    assert_eq!(
        harness.state().table.sort,
        Some(Sort { field: "pop_est".to_owned(), descending: true }),
        "a second click sorts largest first"
    );
    let rows = table_rows(&mut harness, "countries").expect("rows");
    let name = rows.fields.iter().position(|f| f == "name").expect("a name column");
    let first = &rows.rows[0].1[name];
    assert!(first == "China" || first == "India", "the most populous first, not {first}");
}

#[test]
fn a_filter_expression_keeps_only_the_matching_rows() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    let all = table_rows(&mut harness, "countries").expect("rows").total;
    type_into(&mut harness, "Filter expression", "continent = 'Africa'");
    let rows = table_rows(&mut harness, "countries").expect("rows");
    let continent = rows.fields.iter().position(|f| f == "continent").expect("a continent column");
    assert!(rows.total > 40 && rows.total < all, "{} of {all}", rows.total);
    assert!(rows.rows.iter().all(|(_, cells)| cells[continent] == "Africa"));
    harness.get_by_label_contains(&format!("{} of {} rows", rows.total, rows.total));
}

#[test]
fn a_bad_filter_expression_shows_its_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    type_into(&mut harness, "Filter expression", "pop_est >");
    let error = table_rows(&mut harness, "countries").expect_err("the expression does not parse");
    assert!(error.starts_with("table.read failed"), "{error}");
    harness.get_by_label(&error);
}

#[test]
fn clicking_a_row_selects_its_feature_and_shift_adds_another() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    type_into(&mut harness, "Filter expression", "name IN ('France', 'Spain')");
    // The first of the row's cells that read France (name, admin, sovereignt…).
    harness.query_all_by_label("France").next().expect("a France row").click();
    harness.run();
    let (france, spain) = (feature_id(&harness, "countries", "France"), feature_id(&harness, "countries", "Spain"));
    assert_eq!(selection(&harness, "countries"), vec![france]);
    harness.query_all_by_label("Spain").next().expect("a Spain row").click_modifiers(egui::Modifiers::SHIFT);
    harness.run();
    let mut both = vec![france, spain];
    both.sort_unstable();
    assert_eq!(selection(&harness, "countries"), both, "Shift adds the row: {:?}", harness.state().messages.last());
    harness.get_by_label_contains("2 selected");
    assert_eq!(harness.state().host.history().last().map(|s| s.label.clone()), Some("feature.select".to_owned()));
    assert_eq!(harness.state().host.history().last().map(|s| s.actor.clone()), Some("user".to_owned()));
}

#[test]
fn a_click_on_the_map_selects_the_feature_under_it_and_shift_adds_another() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    click_map_at(&mut harness, 2.5, 46.5, egui::Modifiers::NONE);
    let (france, spain) = (feature_id(&harness, "countries", "France"), feature_id(&harness, "countries", "Spain"));
    assert_eq!(selection(&harness, "countries"), vec![france], "{:?}", harness.state().messages.last());
    click_map_at(&mut harness, -3.7, 40.4, egui::Modifiers::SHIFT);
    let mut both = vec![france, spain];
    both.sort_unstable();
    assert_eq!(selection(&harness, "countries"), both);
    harness.get_by_label_contains("2 selected");
}

#[test]
fn identify_shows_the_attributes_of_the_feature_clicked_on_the_map() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    harness.get_by_label("Identify").click();
    harness.run();
    assert!(harness.state().identify_tool);
    click_map_at(&mut harness, 2.5, 46.5, egui::Modifiers::NONE);
    let found = harness.state().identified.clone().expect("Identify found something");
    assert_eq!(found.layer, "countries");
    let (_, attributes) = &found.features[0];
    assert!(attributes.contains(&("name".to_owned(), "France".to_owned())), "{attributes:?}");
    harness.get_by_label_contains("countries: 1 feature");
}

// ---- Files through the File menu's dialogs ----

/// The paths a user would choose in the File menu's dialogs.
#[derive(Debug, Clone, Default)]
struct Chosen {
    open: Option<PathBuf>,
    save: Option<PathBuf>,
    data: Vec<PathBuf>,
    png: Option<PathBuf>,
    layer_file: Option<PathBuf>,
    /// Why the dialogs cannot open (no portal, no zenity), when they cannot.
    unavailable: Option<String>,
}

impl FileDialogs for Chosen {
    fn available(&self) -> Result<(), String> {
        self.unavailable.clone().map_or(Ok(()), Err)
    }
    fn open_project(&mut self) -> Option<PathBuf> {
        self.open.clone()
    }
    fn save_project(&mut self, _current: Option<&std::path::Path>) -> Option<PathBuf> {
        self.save.clone()
    }
    fn add_data(&mut self) -> Vec<PathBuf> {
        self.data.clone()
    }
    fn export_png(&mut self) -> Option<PathBuf> {
        self.png.clone()
    }
    fn export_layer(&mut self, _layer: &str) -> Option<PathBuf> {
        self.layer_file.clone()
    }
}

#[test]
fn a_layers_export_writes_the_file_the_dialog_chose_in_its_format() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("countries.gpkg");
    let mut harness = with_dialogs(dir.path(), Chosen { layer_file: Some(path.clone()), ..Chosen::default() });
    harness.get_by_label("countries").click();
    harness.run();
    harness.get_by_label("Export countries to a file").click();
    harness.run();
    let bytes = std::fs::read(&path).expect("the GeoPackage was written");
    assert!(bytes.starts_with(b"SQLite format 3"), "a GeoPackage is an SQLite file");
    harness.get_by_label_contains("exported countries to");
}

#[test]
fn duplicate_puts_a_copy_of_the_layer_just_above_it_as_the_user() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("coastline").click();
    harness.run();
    harness.get_by_label("Duplicate coastline").click();
    harness.run();
    let names = harness.state().host.session().project().layer_names();
    let at = names.iter().position(|n| n == "coastline").expect("the original");
    assert_eq!(names.get(at + 1).map(String::as_str), Some("coastline copy"), "{names:?}");
    harness.get_by_label("you: layer.duplicate");
}

#[test]
fn count_on_a_web_layer_says_it_has_no_features_instead_of_showing_zero() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    assert!(state.run("layer.addBasemap", json!({ "basemap": "osm" })), "{:?}", state.messages.last());
    let basemap = state.host.active_layer().expect("the basemap is active").to_owned();
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness.get_by_label(&format!("Show or hide how many features {basemap} has")).click();
    harness.run();
    assert!(harness.state().counted_layers.is_empty(), "no count is shown");
    harness.get_by_label_contains(&format!("{basemap} has no feature count to show: a web layer"));
}

#[test]
fn show_feature_count_puts_the_layers_count_beside_its_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("countries").click();
    harness.run();
    harness.get_by_label("Show or hide how many features countries has").click();
    harness.run();
    harness.get_by_label("countries [177]");
    harness.get_by_label("Show or hide how many features countries has").click();
    harness.run();
    assert!(harness.query_by_label("countries [177]").is_none());
}

fn with_dialogs(dir: &std::path::Path, chosen: Chosen) -> Harness<'static, AppState> {
    let mut state = AppState::new(host_in(dir));
    state.dialogs = Box::new(chosen);
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness
}

fn file_menu(harness: &mut Harness<'static, AppState>, item: &str) {
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label(item).click();
    harness.run();
}

#[test]
fn save_as_writes_the_project_where_the_dialog_says_and_remembers_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("atlas.rgis");
    let mut harness = with_dialogs(dir.path(), Chosen { save: Some(path.clone()), ..Chosen::default() });
    file_menu(&mut harness, "Save As… Ctrl+Shift+S");
    assert!(path.exists(), "{:?}", harness.state().messages.last());
    assert_eq!(harness.state().host.session().project_path(), Some(path.as_path()));
    let settings = Settings::load(&Folders::inside(dir.path()).settings).expect("settings");
    assert_eq!(settings.recent_projects.first(), Some(&path), "a recent project, remembered");
}

#[test]
fn open_reads_the_project_the_dialog_chose() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("atlas.rgis");
    let mut saved = Session::with_sample().expect("the sample loads");
    saved.execute(&rustgis_core::Caller::user(), "layer.remove", json!({ "layer": "cities" })).expect("removed");
    saved
        .execute(&rustgis_core::Caller::user(), "project.save", json!({ "path": path }))
        .expect("the project is written");
    let mut harness = with_dialogs(dir.path(), Chosen { open: Some(path.clone()), ..Chosen::default() });
    file_menu(&mut harness, "Open… Ctrl+O");
    let project = harness.state().host.session().project();
    assert!(project.layer("cities").is_none() && project.layer("countries").is_some(), "{:?}", project.layer_names());
    assert_eq!(harness.state().host.session().project_path(), Some(path.as_path()));
}

#[path = "../../../rustgis-core/tests/common/outside_project.rs"]
mod outside_project;
use outside_project::project_reading_outside;

#[test]
fn opening_a_project_that_reads_files_outside_its_folder_asks_first_and_can_leave_them_out() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = project_reading_outside(dir.path());
    let mut harness = with_dialogs(dir.path(), Chosen { open: Some(path.clone()), ..Chosen::default() });
    file_menu(&mut harness, "Open… Ctrl+O");
    assert_eq!(harness.state().host.session().project().name, "World Atlas", "nothing is opened before the answer");
    harness.get_by_label_contains("secret.csv");
    harness.get_by_label("Open without those layers").click();
    harness.run();
    assert_eq!(harness.state().host.session().project().layer_names(), ["inside"]);
    assert!(harness.state().outside_files.is_none(), "the question is answered");
}

#[test]
fn opening_a_project_that_reads_files_outside_its_folder_reads_them_when_the_user_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = project_reading_outside(dir.path());
    let mut harness = with_dialogs(dir.path(), Chosen { open: Some(path.clone()), ..Chosen::default() });
    file_menu(&mut harness, "Open… Ctrl+O");
    harness.get_by_label("Open and read them").click();
    harness.run();
    assert_eq!(harness.state().host.session().project().layer_names(), ["inside", "key"]);
}

#[test]
fn add_data_opens_each_file_the_dialog_chose_as_a_layer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (a, b) = (dir.path().join("wells.geojson"), dir.path().join("roads.csv"));
    std::fs::write(
        &a,
        r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"depth":12},"geometry":{"type":"Point","coordinates":[4.8,45.7]}}]}"#,
    )
    .expect("written");
    std::fs::write(&b, "name,wkt\nA6,\"LINESTRING (2.3 48.8, 4.8 45.7)\"\n").expect("written");
    let mut harness = with_dialogs(dir.path(), Chosen { data: vec![a, b], ..Chosen::default() });
    file_menu(&mut harness, "Add data… Ctrl+Shift+A");
    let names = harness.state().host.session().project().layer_names();
    assert!(names.contains(&"wells".to_owned()) && names.contains(&"roads".to_owned()), "{names:?}");
    harness.get_by_label("Show wells");
}

#[test]
fn export_map_as_png_writes_the_picture_the_dialog_chose() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("map.png");
    let mut harness = with_dialogs(dir.path(), Chosen { png: Some(path.clone()), ..Chosen::default() });
    file_menu(&mut harness, "Export map as PNG…");
    let picture = tiny_skia::Pixmap::load_png(&path).expect("a PNG was written");
    assert!(!rustgis_render::is_blank(&picture));
}

#[test]
fn a_cancelled_dialog_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    for item in ["Open… Ctrl+O", "Save As… Ctrl+Shift+S", "Add data… Ctrl+Shift+A", "Export map as PNG…"] {
        file_menu(&mut harness, item);
    }
    assert!(harness.state().host.history().is_empty());
    assert!(harness.state().host.session().project_path().is_none());
    // The app's own folders (its crash-recovery copy lives in `data`) are not the user's files.
    let folders = Folders::inside(dir.path());
    let apps_own = [&folders.settings, &folders.data, &folders.cache, &folders.private];
    let written: Vec<_> = std::fs::read_dir(dir.path())
        .expect("the folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| !apps_own.contains(&path))
        .collect();
    assert!(written.is_empty(), "no file written: {written:?}");
}

// ---- The style dialog ----

fn style_of(dir: &std::path::Path, layer: &str) -> Harness<'static, AppState> {
    let mut state = AppState::new(host_in(dir));
    state.open_style(layer);
    let mut harness = large_harness(state);
    harness.run();
    harness
}

/// Chooses `value` in the list named `list` (`Parameter ramp`, `Label priority`…).
fn choose(harness: &mut Harness<'static, AppState>, list: &str, value: &str) {
    harness.get_by_label(list).click();
    harness.run();
    harness.get_by_label(value).click();
    harness.run();
}

#[test]
fn the_style_dialog_takes_its_fields_from_the_commands_schemas() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let harness = style_of(dir.path(), "countries");
    let dialog = harness.state().style.as_ref().expect("the dialog is open");
    let names = |form: &rustgis_app::Form| form.fields.iter().map(|f| f.name.clone()).collect::<Vec<_>>();
    let graduated = names(&dialog.forms[2]);
    for parameter in ["field", "ramp", "method", "classes"] {
        assert!(graduated.contains(&parameter.to_owned()), "{graduated:?}");
    }
    assert!(names(&dialog.forms[1]).contains(&"palette".to_owned()));
    assert_eq!(names(&dialog.label_form), vec!["field", "size", "priority"]);
    assert!(!graduated.contains(&"layer".to_owned()), "the dialog's layer is not asked again");
}

#[test]
fn the_styling_panel_offers_only_the_settings_that_draw_on_the_layers_geometry() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let names = |layer: &str| {
        let harness = style_of(dir.path(), layer);
        let dialog = harness.state().style.as_ref().expect("the dialog is open");
        dialog.forms[0].fields.iter().map(|f| f.name.clone()).collect::<Vec<_>>()
    };
    let polygons = names("countries");
    assert!(polygons.contains(&"fill".to_owned()) && !polygons.contains(&"marker".to_owned()), "{polygons:?}");
    let points = names("cities");
    assert!(points.contains(&"marker".to_owned()) && !points.contains(&"dash".to_owned()), "{points:?}");
    let lines = names("coastline");
    assert!(lines.contains(&"dash".to_owned()) && !lines.contains(&"fill".to_owned()), "{lines:?}");
}

#[test]
fn the_style_dialog_previews_a_graduated_style_on_the_map_without_changing_the_project() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "countries");
    harness.get_by_label("Graduated").click();
    harness.run();
    choose(&mut harness, "Parameter field", "pop_est");
    choose(&mut harness, "Parameter ramp", "viridis");
    harness.get_by_label("Ramp viridis");
    choose(&mut harness, "Parameter method", "jenks");
    let dialog = harness.state().style.as_ref().expect("the dialog is open");
    let previewed = dialog.previewed().and_then(|p| p.layer("countries")).expect("a preview");
    match &previewed.style {
        Style::Graduated { field, ramp, .. } => assert_eq!((field.as_str(), ramp.as_str()), ("pop_est", "viridis")),
        other => panic!("not graduated: {other:?}"),
    }
    let countries = harness.state().host.session().project().layer("countries").expect("countries");
    assert!(!matches!(countries.style, Style::Graduated { .. }), "only previewed");
    assert!(harness.state().host.history().is_empty());
}

#[test]
fn apply_runs_the_style_command_as_the_user() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "countries");
    harness.get_by_label("Categorized").click();
    harness.run();
    choose(&mut harness, "Parameter field", "continent");
    harness.get_by_label("Apply").click();
    harness.run();
    let countries = harness.state().host.session().project().layer("countries").expect("countries");
    assert!(
        matches!(&countries.style, Style::Categorized { field, .. } if field == "continent"),
        "{:?}",
        countries.style
    );
    harness.get_by_label("you: style.categorized");
}

#[test]
fn the_style_dialog_labels_a_layer_by_field_size_and_priority() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "cities");
    if !harness.state().style.as_ref().is_some_and(|d| d.labels) {
        harness.get_by_label("Labels").click();
        harness.run();
    }
    choose(&mut harness, "Label priority", "population");
    // The size starts at the layer's own; type a new one.
    if let Some(size) = harness.state_mut().style.as_mut().and_then(|d| d.label_form.field_mut("size")) {
        size.text.clear();
    }
    type_into(&mut harness, "Label size", "14");
    harness.get_by_label("Apply").click();
    harness.run();
    let cities = harness.state().host.session().project().layer("cities").expect("cities");
    let labels = cities.labels.as_ref().expect("labelled");
    assert_eq!((labels.expression.as_str(), labels.size), ("name", 14.0));
    harness.get_by_label("you: label.set");
}

#[test]
fn a_bad_style_parameter_shows_its_error_and_cannot_be_applied() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "countries");
    type_into(&mut harness, "Parameter width", "wide");
    harness.get_by_label_contains("width takes a number");
    harness.get_by_label("Apply").click();
    harness.run();
    assert!(harness.state().host.history().is_empty());
}

// ---- Layers ordered by drag ----

#[test]
fn dragging_a_layer_onto_another_puts_it_just_above_where_the_line_shows() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    // The sample from the bottom: countries, coastline, boundaries, cities (top).
    let from = harness.get_by_label("Drag cities").rect().center();
    let to = harness.get_by_label("Drag coastline").rect().center();
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for step in 1..=10 {
        harness.hover_at(from + (to - from) * (step as f32 / 10.0));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
    // The line is drawn along the top of coastline's row: cities lands just above coastline.
    assert_eq!(
        harness.state().host.session().project().layer_names(),
        vec!["countries", "coastline", "cities", "boundaries"],
        "{:?}",
        harness.state().messages.last()
    );
    harness.get_by_label("you: layer.move");
}

#[test]
fn the_layers_pane_shows_each_group_above_its_layers_and_its_switch_hides_them_all() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    state
        .host
        .execute("layer.group", json!({"layers": ["coastline", "boundaries"], "group": "Basemap/Lines"}))
        .expect("groups");
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    let heading = harness.get_by_label("Group Basemap/Lines").rect();
    assert!(
        harness.get_by_label("Group Basemap").rect().top() < heading.top(),
        "the outer group's heading comes first"
    );
    let boundaries = harness.get_by_label("Drag boundaries").rect();
    let switch = harness.get_by_label("Show group Basemap/Lines").rect();
    assert!(heading.top() < boundaries.top() && switch.left() < boundaries.left(), "indented below its group");
    harness.get_by_label("Show group Basemap").click();
    harness.run();
    let project = harness.state().host.session().project();
    let shown: Vec<&str> = project.shown_layers().map(|l| l.name.as_str()).collect();
    assert_eq!(shown, ["countries", "cities"]);
    assert!(!project.group_shown("Basemap/Lines"));
}

#[test]
fn the_group_button_puts_a_layer_in_the_group_typed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("cities").click();
    harness.run();
    harness.get_by_label("Put cities in a group").click();
    harness.run();
    type_into(&mut harness, "Group for cities", "Places");
    harness.get_by_label("OK").click();
    harness.run();
    let project = harness.state().host.session().project();
    assert_eq!(project.layer("cities").expect("cities").group.as_deref(), Some("Places"));
    harness.get_by_label("Group Places");
}

#[test]
fn the_style_dialog_starts_from_the_layers_style() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    let graduated =
        json!({ "layer": "countries", "field": "gdp_md", "ramp": "blues", "method": "jenks", "classes": 4 });
    state.run("style.graduated", graduated);
    state.open_style("countries");
    let dialog = state.style.as_ref().expect("the dialog is open");
    assert_eq!(rustgis_app::STYLE_KINDS[dialog.kind].1, "style.graduated");
    let text = |name: &str| dialog.forms[dialog.kind].fields.iter().find(|f| f.name == name).map(|f| f.text.clone());
    assert_eq!(
        [text("field"), text("ramp"), text("method"), text("classes")],
        [Some("gdp_md".to_owned()), Some("blues".to_owned()), Some("jenks".to_owned()), Some("4".to_owned())]
    );
}

fn graduated_classes(harness: &Harness<'static, AppState>) -> Vec<rustgis_core::GraduatedClass> {
    match &harness.state().host.session().project().layer("countries").expect("countries").style {
        Style::Graduated { classes, .. } => classes.clone(),
        other => panic!("not graduated: {other:?}"),
    }
}

#[test]
fn the_styling_panel_lists_the_graduated_classes_and_applies_a_relabelled_one_as_set_class() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "countries");
    harness.get_by_label("Graduated").click();
    harness.run();
    choose(&mut harness, "Parameter field", "pop_est");
    harness.get_by_label("5 classes");
    type_into(&mut harness, "Class 0 label", " (fewest)");
    harness.get_by_label("Apply").click();
    harness.run();
    let classes = graduated_classes(&harness);
    assert!(classes[0].label.ends_with(" (fewest)"), "{:?}", classes[0].label);
    harness.get_by_label("you: style.graduated");
    harness.get_by_label("you: style.setClass");
}

#[test]
fn editing_one_class_of_an_existing_style_keeps_the_classes_edited_before() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    state.run("style.graduated", json!({ "layer": "countries", "field": "pop_est" }));
    state.run("style.setClass", json!({ "layer": "countries", "index": 1, "label": "Kept" }));
    state.open_style("countries");
    let mut harness = large_harness(state);
    harness.run();
    type_into(&mut harness, "Class 2 label", " and more");
    harness.get_by_label("Apply").click();
    harness.run();
    let classes = graduated_classes(&harness);
    assert_eq!(classes[1].label, "Kept", "the style was not made again");
    assert!(classes[2].label.ends_with(" and more"), "{:?}", classes[2].label);
    let steps: Vec<String> = harness.state().host.history().iter().map(|s| s.label.clone()).collect();
    assert_eq!(steps.last().map(String::as_str), Some("style.setClass"), "{steps:?}");
    assert_eq!(steps.iter().filter(|c| *c == "style.graduated").count(), 1, "{steps:?}");
}

#[test]
fn changing_the_classified_field_drops_the_class_edits_made_on_the_old_classes() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = style_of(dir.path(), "countries");
    harness.get_by_label("Graduated").click();
    harness.run();
    choose(&mut harness, "Parameter field", "pop_est");
    type_into(&mut harness, "Class 0 label", "x");
    assert_eq!(harness.state().style.as_ref().map(|d| d.class_edits.len()), Some(1));
    choose(&mut harness, "Parameter field", "gdp_md");
    assert_eq!(harness.state().style.as_ref().map(|d| d.class_edits.len()), Some(0));
}

fn layouts_window(dir: &std::path::Path) -> Harness<'static, AppState> {
    let mut state = AppState::new(host_in(dir));
    state.open_layouts();
    let mut harness = large_harness(state);
    harness.run();
    harness
}

fn items_of(harness: &Harness<'static, AppState>, layout: &str) -> usize {
    let project = harness.state().host.session().project();
    project.layouts.iter().find(|l| l.name == layout).map_or(0, |l| l.items.len())
}

#[test]
fn the_print_layout_window_makes_a_layout_from_a_template_and_previews_its_page() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = layouts_window(dir.path());
    harness.get_by_label("New layout").click();
    harness.run();
    assert!(items_of(&harness, "a4-landscape-title-legend") >= 4, "title, map, legend, scale bar");
    harness.get_by_label("you: layout.fromTemplate");
    harness.get_by_label("Page preview");
}

#[test]
fn the_print_layout_window_exports_the_page_as_a_pdf_where_the_path_says() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = layouts_window(dir.path());
    harness.get_by_label("New layout").click();
    harness.run();
    let path = dir.path().join("atlas.pdf");
    harness.state_mut().layouts.as_mut().expect("the window is open").path = path.display().to_string();
    harness.get_by_label("Export").click();
    harness.run();
    let bytes = std::fs::read(&path).expect("the PDF was written");
    assert!(bytes.starts_with(b"%PDF"), "a PDF");
    assert!(
        harness
            .state()
            .layouts
            .as_ref()
            .and_then(|d| d.outcome.as_ref())
            .is_some_and(|(text, failed)| text.starts_with("wrote ") && !failed)
    );
}

#[test]
fn exporting_over_an_existing_file_is_refused_unless_replace_is_ticked() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = layouts_window(dir.path());
    harness.get_by_label("New layout").click();
    harness.run();
    let path = dir.path().join("atlas.pdf");
    std::fs::write(&path, "the user's own file").expect("a file in the way");
    harness.state_mut().layouts.as_mut().expect("the window is open").path = path.display().to_string();
    harness.get_by_label("Export").click();
    harness.run();
    assert_eq!(std::fs::read_to_string(&path).expect("still there"), "the user's own file");
    harness.get_by_label("Replace the file if it exists").click();
    harness.run();
    harness.get_by_label("Export").click();
    harness.run();
    assert!(std::fs::read(&path).expect("written").starts_with(b"%PDF"));
}

#[test]
fn the_print_layout_window_adds_a_north_arrow_and_removes_it_again() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = layouts_window(dir.path());
    harness.get_by_label("New layout").click();
    harness.run();
    let before = items_of(&harness, "a4-landscape-title-legend");
    harness.state_mut().layouts.as_mut().expect("open").item_type =
        rustgis_app::ITEM_TYPES.iter().position(|(t, _)| *t == "north_arrow").expect("a north arrow type");
    harness.get_by_label("Add item").click();
    harness.run();
    assert_eq!(items_of(&harness, "a4-landscape-title-legend"), before + 1);
    harness.get_by_label(&format!("Remove item {before} (North arrow)")).click();
    harness.run();
    assert_eq!(items_of(&harness, "a4-landscape-title-legend"), before);
}

#[test]
fn the_layer_tree_lists_a_graduated_layers_classes_under_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    state.run("style.graduated", json!({ "layer": "countries", "field": "pop_est", "classes": 4 }));
    let mut harness = large_harness(state);
    harness.run();
    harness.get_by_label("Classes of countries").click();
    harness.run();
    let classes = graduated_classes(&harness);
    assert_eq!(classes.len(), 4);
    for class in &classes {
        harness.get_by_label(&class.label);
    }
}

fn map_view(harness: &Harness<'static, AppState>) -> rustgis_app::MapView {
    harness.state().canvas.view.expect("the canvas shows a view")
}

#[test]
fn zoom_in_then_previous_extent_goes_back_and_next_extent_forward_again() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    let start = map_view(&harness);
    harness.get_by_label("Zoom in").click();
    harness.run();
    let zoomed = map_view(&harness);
    assert!(zoomed.units_per_pixel < start.units_per_pixel, "{zoomed:?} {start:?}");
    harness.get_by_label("Previous extent").click();
    harness.run();
    assert_eq!(map_view(&harness), start);
    harness.get_by_label("Next extent").click();
    harness.run();
    assert_eq!(map_view(&harness), zoomed);
}

#[test]
fn zoom_to_selection_frames_the_selected_features_of_the_active_layer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.state_mut().host.select_layer("countries").expect("countries");
    let germany = feature_id(&harness, "countries", "Germany");
    harness.state_mut().select("countries", &[germany], false);
    harness.run();
    harness.get_by_label("Zoom to the active layer's selected features").click();
    harness.run();
    let view = map_view(&harness);
    let expected =
        rustgis_app::selection_extent(harness.state().host.session().project(), "countries").expect("Germany's extent");
    let shown = view.extent(harness.state().canvas.size);
    assert!(shown.min_x <= expected.min_x && shown.max_x >= expected.max_x, "{shown:?} holds {expected:?}");
    assert!(shown.min_y <= expected.min_y && shown.max_y >= expected.max_y, "{shown:?} holds {expected:?}");
    assert!(shown.width() < 30.0, "framed on Germany, not the world: {shown:?}");
}

#[test]
fn zoom_to_selection_with_nothing_selected_says_to_select_first() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.state_mut().host.select_layer("countries").expect("countries");
    harness.run();
    let before = map_view(&harness);
    harness.get_by_label("Zoom to the active layer's selected features").click();
    harness.run();
    assert_eq!(map_view(&harness), before);
    harness.get_by_label_contains("no features of countries are selected");
}

#[test]
fn a_scale_typed_in_the_status_bar_zooms_the_map_to_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.get_by_label("Scale").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Scale").type_text("1:5,000,000");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    let crs = harness.state().host.session().project().view.crs;
    let scale = map_view(&harness).scale_denominator(crs);
    assert!((scale / 5_000_000.0 - 1.0).abs() < 0.01, "1:{scale}");
}

#[test]
fn a_scale_preset_zooms_the_map_to_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.get_by_label("Scales").click();
    harness.run();
    harness.get_by_label("Scale preset 1:10,000,000").click();
    harness.run();
    let crs = harness.state().host.session().project().view.crs;
    let scale = map_view(&harness).scale_denominator(crs);
    assert!((scale / 10_000_000.0 - 1.0).abs() < 0.01, "1:{scale}");
}

#[test]
fn scales_are_read_as_a_map_reader_types_them() {
    for (typed, scale) in [("1:25000", 25_000.0), ("1:25,000", 25_000.0), ("25000", 25_000.0), ("1 : 25 000", 25_000.0)]
    {
        assert_eq!(rustgis_app::parse_scale(typed), Some(scale), "{typed}");
    }
    for typed in ["", "1:", "1:-5", "big", "1:0"] {
        assert_eq!(rustgis_app::parse_scale(typed), None, "{typed}");
    }
}

#[test]
fn the_status_bars_crs_button_sets_the_maps_crs_as_the_user() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = large_harness(AppState::new(host_in(dir.path())));
    harness.run();
    harness.get_by_label("Map CRS EPSG:4326").click();
    harness.run();
    harness.get_by_label("Map CRS preset EPSG:8857").click();
    harness.run();
    assert_eq!(harness.state().host.session().project().view.crs.to_string(), "EPSG:8857");
    harness.get_by_label("you: map.setCrs");
}

/// The window point of `[lon, lat]` on the map.
fn map_point(harness: &Harness<'static, AppState>, lon: f64, lat: f64) -> egui::Pos2 {
    let canvas = &harness.state().canvas;
    let (view, rect) = (canvas.view.expect("the map has a view"), canvas.rect.expect("the map is on screen"));
    let [x, y] = view.to_pixel([lon, lat], canvas.size);
    rect.min + egui::vec2(x as f32, y as f32)
}

#[test]
fn the_select_polygon_selects_what_the_polygon_clicked_on_the_map_meets() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().host.select_layer("countries").expect("countries");
    settle(&mut harness);
    harness.get_by_label("Select polygon tool").click();
    settle(&mut harness);
    // A triangle inside Germany: its corners are clicks, not selections.
    for [lon, lat] in [[8.5, 50.0], [12.5, 50.5], [10.5, 53.0]] {
        click_map_at(&mut harness, lon, lat, egui::Modifiers::NONE);
    }
    assert!(selection(&harness, "countries").is_empty(), "corners select nothing");
    harness.get_by_label("Select in polygon").click();
    harness.run();
    let germany = feature_id(&harness, "countries", "Germany");
    assert_eq!(selection(&harness, "countries"), vec![germany]);
    harness.get_by_label_contains("selected 1 feature of countries in the polygon");
}

#[test]
fn the_select_box_selects_the_active_layers_features_in_the_box_dragged_and_does_not_pan() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.state_mut().host.select_layer("countries").expect("countries");
    settle(&mut harness);
    harness.get_by_label("Select box tool").click();
    settle(&mut harness);
    let before = map_view(&harness);
    // A box over central Europe: from France's east to Poland's west.
    let (from, to) = (map_point(&harness, 6.0, 53.0), map_point(&harness, 15.0, 47.0));
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for step in 1..=8 {
        harness.hover_at(from + (to - from) * (step as f32 / 8.0));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
    assert_eq!(map_view(&harness), before, "the map did not pan");
    let germany = feature_id(&harness, "countries", "Germany");
    let selected = selection(&harness, "countries");
    assert!(selected.contains(&germany), "{selected:?}");
    assert!(selected.len() >= 3 && selected.len() < 20, "the countries the box meets: {selected:?}");
    harness.get_by_label_contains("features of countries in the box");
}

// ---- Panning ----

/// Within half a point: the canvas is drawn in whole pixels.
fn near(offset: egui::Vec2) -> bool {
    offset.x.abs() <= 0.5 && offset.y.abs() <= 0.5
}

#[test]
fn panning_moves_the_last_drawing_at_once_without_waiting_for_the_next() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    settle(&mut harness);
    let canvas = harness.state().canvas.rect.expect("the map is on screen");
    // The drawing thread hands over the map; until then the canvas shows nothing.
    common::wait_until("the map is drawn", || {
        harness.step();
        harness.state().canvas.drawing_at.is_some_and(|at| near(at.min - canvas.min) && near(at.max - canvas.max))
    });
    let start = canvas.center();
    harness.hover_at(start);
    harness.drag_at(start);
    harness.hover_at(start + egui::vec2(50.0, 0.0));
    // One frame per event: the pointer moved 50 points in the last one, which asked for a new
    // drawing and showed the last one moved by the same 50 points.
    harness.step();
    let moved = harness.state().canvas.drawing_at.expect("a drawing is shown");
    assert!(near(moved.min - canvas.min - egui::vec2(50.0, 0.0)), "moved by {:?}", moved.min - canvas.min);
    harness.drop_at(start + egui::vec2(50.0, 0.0));
    harness.run();
}

// ---- The Add PostGIS Layer dialog ----

/// The test database (`RUSTGIS_TEST_PG`, the connection `scripts/postgis_cluster.sh` exports,
/// without a password) as the dialog's fields, or `None` when it is not set: the test is
/// skipped and says so.
fn test_database(test: &str) -> Option<PostgisConnection> {
    let Ok(dsn) = std::env::var("RUSTGIS_TEST_PG") else {
        assert!(
            std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"),
            "RUSTGIS_TEST_PG is not set: scripts/test.sh starts a PostGIS cluster and sets it"
        );
        eprintln!(
            "SKIPPED {test}: RUSTGIS_TEST_PG is not set (`source scripts/postgis_cluster.sh` starts a PostGIS \
             cluster and sets it)"
        );
        return None;
    };
    let mut connection = PostgisConnection::default();
    for (keyword, value) in rustgis_core::postgis::parse_keywords(&dsn).expect("RUSTGIS_TEST_PG is libpq's form") {
        *connection.field_mut(&keyword).expect("a keyword the dialog has") = value;
    }
    Some(connection)
}

/// The sample's countries as a table of the test database (`layer.export {dsn}`, once per run
/// of this file), through rustgis-relay's database access.
fn countries_table(connection: &PostgisConnection) -> &'static str {
    static LOADED: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    const TABLE: &str = "app_dialog_countries";
    LOADED.get_or_init(|| {
        let dsn = dsn_of(connection);
        let mut session = Session::with_sample().expect("the sample loads");
        session.set_vector_provider(std::sync::Arc::new(rustgis_relay::PostgisProvider));
        session
            .execute(
                &rustgis_core::Caller::user(),
                "layer.export",
                json!({ "layer": "countries", "dsn": dsn, "table": TABLE, "overwrite": true }),
            )
            .expect("the countries go into PostGIS");
    });
    TABLE
}

/// The dialog opened from File ▸ Add PostGIS Layer… with `connection` typed into its fields.
fn postgis_dialog(dir: &std::path::Path, connection: &PostgisConnection) -> Harness<'static, AppState> {
    let mut harness = harness(AppState::new(host_in(dir)), SystemTime::now());
    harness.set_size(egui::vec2(1400.0, 1000.0));
    harness.run();
    file_menu(&mut harness, "Add PostGIS Layer…");
    assert!(harness.state().postgis.is_some(), "the File menu opens the dialog");
    for (keyword, value) in connection.fields() {
        if !value.is_empty() {
            type_into(&mut harness, &format!("Connection {keyword}"), value);
        }
    }
    harness
}

/// The dialog's **Add**, then frames until its job has ended.
fn click_add(harness: &mut Harness<'static, AppState>) {
    click_and_wait(harness, "Add");
}

/// Clicks the dialog's button `label` and draws frames until the jobs the dialog started have
/// ended (the spinner asks for frames all the while, so `run` would not settle).
fn click_and_wait(harness: &mut Harness<'static, AppState>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    wait_for_dialog_jobs(harness);
}

/// Draws frames until the jobs the dialog started have ended, then lets the window settle.
fn wait_for_dialog_jobs(harness: &mut Harness<'static, AppState>) {
    wait_until("the dialog's jobs end", || {
        harness.step();
        harness.state().postgis_jobs.is_empty()
    });
    harness.run();
}

/// The dialog, filled in to add the test table as `name`, and a connection of the test's own
/// holding that table locked (in an open transaction: `ROLLBACK` releases it), so adding it
/// waits for the database.
fn dialog_adding_a_locked_table(
    dir: &std::path::Path,
    connection: &PostgisConnection,
    name: &str,
) -> (Harness<'static, AppState>, postgres::Client) {
    let table = countries_table(connection);
    let mut harness = postgis_dialog(dir, connection);
    type_into(&mut harness, "Layer table", table);
    type_into(&mut harness, "Layer name", name);
    let mut holder = postgres::Client::connect(&dsn_of(connection), postgres::NoTls).expect("a connection");
    holder
        .batch_execute(&format!("BEGIN; LOCK TABLE public.{table} IN ACCESS EXCLUSIVE MODE"))
        .expect("the table is locked");
    (harness, holder)
}

/// The connection text of the dialog's fields.
fn dsn_of(connection: &PostgisConnection) -> String {
    let pairs = connection.fields().into_iter().filter(|(_, value)| !value.is_empty());
    pairs.map(|(key, value)| format!("{key}={value}")).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_postgis_dialog_adds_a_layer_from_a_real_database() {
    let Some(connection) = test_database("the_postgis_dialog_adds_a_layer_from_a_real_database") else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = postgis_dialog(dir.path(), &connection);
    let table = countries_table(&connection);
    type_into(&mut harness, "Layer table", table);
    type_into(&mut harness, "Layer name", "pg countries");
    click_add(&mut harness);
    let state = harness.state();
    let layer = state.host.session().project().layer("pg countries");
    assert!(
        layer.is_some_and(|l| matches!(l.source, rustgis_core::LayerSource::Postgis(_))),
        "{:?} {:?}",
        state.messages.last(),
        state.postgis.as_ref().and_then(|d| d.error.clone())
    );
    let history: Vec<(String, String)> = state.host.history().into_iter().map(|s| (s.actor, s.label)).collect();
    assert_eq!(history, [("user".to_owned(), "job 1: layer.addPostgis".to_owned())], "one undo step, the user's");
    assert!(state.postgis.is_none(), "the dialog closes once the layer is added");
    harness.get_by_label("Show pg countries");
    let settings = Settings::load(&Folders::inside(dir.path()).settings).expect("settings");
    assert_eq!(settings.postgis, connection, "the connection is remembered for next time");
}

#[test]
fn a_wrong_table_in_the_postgis_dialog_shows_the_engines_error_and_adds_nothing() {
    let test = "a_wrong_table_in_the_postgis_dialog_shows_the_engines_error_and_adds_nothing";
    let Some(connection) = test_database(test) else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = postgis_dialog(dir.path(), &connection);
    let layers_before = harness.state().host.session().project().layer_names();
    type_into(&mut harness, "Layer table", "no_such_table");
    click_add(&mut harness);
    let error = harness.state().postgis.as_ref().and_then(|d| d.error.clone()).expect("the dialog stays open with why");
    assert!(error.contains("layer.addPostgis failed") && error.contains("no_such_table"), "{error}");
    assert!(error.contains("postgis.tables lists the spatial ones"), "the engine's words: {error}");
    let shown = harness.query_all_by_label_contains("there is no table or view public.no_such_table").count();
    assert_eq!(shown, 2, "the engine's words in the dialog and in the status bar");
    assert_eq!(harness.state().messages.last().map(|m| m.error), Some(true), "the status bar says it in red");
    assert!(harness.state().host.history().is_empty(), "nothing was added");
    assert_eq!(harness.state().host.session().project().layer_names(), layers_before);
    assert_eq!(Settings::load(&Folders::inside(dir.path()).settings).expect("settings").postgis, Default::default());
}

#[test]
fn the_password_typed_in_the_postgis_dialog_is_in_neither_the_project_nor_the_history_nor_the_settings() {
    let test = "the_password_typed_in_the_postgis_dialog_is_in_neither_the_project_nor_the_history_nor_the_settings";
    let Some(connection) = test_database(test) else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = postgis_dialog(dir.path(), &connection);
    let table = countries_table(&connection);
    // The test cluster trusts loopback, so any password signs in: what matters is where it goes.
    let password = "hunter2 'typed' in the dialog";
    type_into(&mut harness, "Connection password", password);
    assert!(harness.query_by_label_contains("hunter2").is_none(), "the field shows no password to anyone");
    type_into(&mut harness, "Layer table", table);
    let dsn = harness.state().postgis.as_ref().expect("open").dsn().expect("a connection");
    click_add(&mut harness);
    assert!(harness.state().postgis.is_none(), "added: {:?}", harness.state().messages.last());
    assert!(harness.state().host.postgis_passwords().has(&dsn), "kept for this session, for drawing");
    let project = dir.path().join("typed.rgis");
    let session_steps = json!({ "actor": "user", "name": "steps", "description": "the history's calls" });
    harness.state_mut().run("model.fromHistory", session_steps);
    harness.state_mut().run("project.save", json!({ "path": project }));
    let saved = std::fs::read_to_string(&project).expect("the project was saved");
    assert!(saved.contains("layer.addPostgis") && saved.contains(&connection.host), "the history's calls are in it");
    let settings = std::fs::read_to_string(Settings::path_in(&Folders::inside(dir.path()).settings)).expect("settings");
    assert!(settings.contains(&connection.host), "the connection is remembered: {settings}");
    for (what, text) in [("the project (with the history's calls)", &saved), ("settings.json", &settings)] {
        assert!(!text.contains("hunter2") && !text.contains("password"), "{what} holds no password: {text}");
    }
    let labels: Vec<String> = harness.state().host.history().into_iter().map(|s| s.label).collect();
    assert!(labels.iter().all(|l| !l.contains("hunter2")), "{labels:?}");
}

#[test]
fn the_postgis_dialog_starts_from_the_last_connection_and_keeps_no_password() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let last = PostgisConnection {
        host: "db.example.org".to_owned(),
        dbname: "gis".to_owned(),
        sslmode: "verify-full".to_owned(),
        ..PostgisConnection::default()
    };
    Settings { postgis: last.clone(), ..Settings::default() }
        .save(&Folders::inside(dir.path()).settings)
        .expect("settings saved");
    let harness = postgis_dialog(dir.path(), &PostgisConnection::default());
    for label in ["Connection password", "Layer table", "Layer sql", "Layer geometry_column", "Layer id_column"] {
        harness.get_by_label(label);
    }
    let dialog = harness.state().postgis.as_ref().expect("open");
    assert_eq!(dialog.remembered(), last);
    assert_eq!(dialog.dsn().expect("a connection"), "host=db.example.org dbname=gis sslmode=verify-full");
    assert!(dialog.password.is_empty(), "a password is never remembered");
}

#[test]
fn a_connection_that_fails_shows_why_in_the_postgis_dialog_and_forgets_the_password() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Port 9 (discard) on loopback: nothing answers there.
    let nowhere = PostgisConnection {
        host: "127.0.0.1".to_owned(),
        port: "9".to_owned(),
        dbname: "gis".to_owned(),
        ..PostgisConnection::default()
    };
    let mut harness = postgis_dialog(dir.path(), &nowhere);
    type_into(&mut harness, "Connection password", "s3cret");
    type_into(&mut harness, "Layer table", "public.parcels");
    let dsn = harness.state().postgis.as_ref().expect("open").dsn().expect("a connection");
    click_add(&mut harness);
    let error = harness.state().postgis.as_ref().and_then(|d| d.error.clone()).expect("the dialog stays open with why");
    assert!(error.starts_with("layer.addPostgis failed: "), "{error}");
    assert!(!error.contains("s3cret"), "{error}");
    assert_eq!(harness.query_all_by_label(&error).count(), 2, "in the dialog and in the status bar");
    assert!(!harness.state().host.postgis_passwords().has(&dsn), "a password that added nothing is not kept");
    assert!(harness.state().host.history().is_empty());
}

#[test]
fn list_tables_in_the_postgis_dialog_offers_the_spatial_tables_and_picking_one_fills_in_the_table() {
    let test = "list_tables_in_the_postgis_dialog_offers_the_spatial_tables_and_picking_one_fills_in_the_table";
    let Some(connection) = test_database(test) else { return };
    let table = countries_table(&connection);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = postgis_dialog(dir.path(), &connection);
    click_and_wait(&mut harness, "List tables");
    let dialog = harness.state().postgis.as_ref().expect("the dialog stays open");
    let listed = dialog.tables.iter().find(|t| t.label.starts_with(&format!("public.{table} ("))).cloned();
    let listed = listed.unwrap_or_else(|| panic!("{table} is listed: {:?} {:?}", dialog.tables, dialog.error));
    assert!(listed.label.contains("geom: GEOMETRY, EPSG:4326, ~177 rows"), "{}", listed.label);
    harness.get_by_label("Spatial table").click();
    harness.run();
    harness.get_by_label(&listed.label).click();
    harness.run();
    let dialog = harness.state().postgis.as_ref().expect("open");
    let field = |name: &str| dialog.layer.fields.iter().find(|f| f.name == name).map(|f| f.text.clone());
    assert_eq!(field("table").as_deref(), Some(format!("public.{table}").as_str()));
    assert_eq!(field("geometry_column").as_deref(), Some("geom"));
    assert_eq!(field("sql").as_deref(), Some(""));
    click_add(&mut harness);
    let layer = harness.state().host.session().project().layer(table);
    assert!(layer.is_some_and(|l| l.postgis().is_some()), "{:?}", harness.state().messages.last());
}

#[test]
fn the_window_goes_on_drawing_while_the_postgis_dialog_waits_for_the_database() {
    let test = "the_window_goes_on_drawing_while_the_postgis_dialog_waits_for_the_database";
    let Some(connection) = test_database(test) else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, mut holder) = dialog_adding_a_locked_table(dir.path(), &connection, "held");
    harness.get_by_label("Add").click();
    for _ in 0..5 {
        harness.step();
    }
    let job = harness.state().postgis_jobs.first().map(|j| j.id).expect("the dialog waits on its job");
    harness.get_by_label(&format!("adding (job {job})"));
    let add = harness.get_by_label("Add");
    assert!(egui_kittest::kittest::NodeT::accesskit_node(&add).is_disabled(), "Add waits for the job");
    harness.get_by_label(&format!("Cancel job {job}"));
    assert!(harness.state().host.session().project().layer("held").is_none());
    holder.batch_execute("ROLLBACK").expect("the lock is released");
    wait_for_dialog_jobs(&mut harness);
    assert!(harness.state().postgis.is_none(), "the dialog closes once added: {:?}", harness.state().messages.last());
    assert!(harness.state().host.session().project().layer("held").is_some_and(|l| l.postgis().is_some()));
}

#[test]
fn a_layer_added_after_its_dialog_closed_is_said_in_the_status_bar_and_leaves_a_new_dialog_open() {
    let test = "a_layer_added_after_its_dialog_closed_is_said_in_the_status_bar_and_leaves_a_new_dialog_open";
    let Some(connection) = test_database(test) else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, mut holder) = dialog_adding_a_locked_table(dir.path(), &connection, "later");
    harness.get_by_label("Add").click();
    harness.step();
    harness.get_by_label("Cancel").click();
    harness.step();
    assert!(harness.state().postgis.is_none(), "the dialog closed");
    // The status bar shows the running job, whose bar asks for frames: step, do not run.
    harness.get_by_label("File").click();
    harness.run_steps(3);
    harness.get_by_label("Add PostGIS Layer…").click();
    harness.run_steps(3);
    assert!(harness.state().postgis.is_some(), "a new dialog is open");
    assert!(harness.query_by_label_contains("adding (job").is_none(), "the new dialog waits on no job");
    holder.batch_execute("ROLLBACK").expect("the lock is released");
    wait_for_dialog_jobs(&mut harness);
    assert!(harness.state().host.session().project().layer("later").is_some_and(|l| l.postgis().is_some()));
    assert!(harness.state().postgis.is_some(), "the new dialog stays open");
    let (said, red) =
        harness.state().messages.last().map(|m| (m.text.clone(), m.error)).expect("the status bar says so");
    assert!(!red && said.contains("later"), "{said}");
}

// ---- Getting started (issue 41): the start page, the window's own chooser, the launch's
// errors, messages, the title, the save prompt and the shortcuts ----

/// The app as a first launch opens it: an empty project, no layers.
fn first_launch(dir: &std::path::Path, chosen: Chosen) -> Harness<'static, AppState> {
    let host = AppHost::new(Session::new(), Folders::inside(dir), options());
    let mut state = AppState::new(host);
    state.dialogs = Box::new(chosen);
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness
}

/// A GeoJSON file of one point in `dir`.
fn wells(dir: &std::path::Path) -> PathBuf {
    let path = dir.join("wells.geojson");
    std::fs::write(
        &path,
        r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"depth":12},"geometry":{"type":"Point","coordinates":[4.8,45.7]}}]}"#,
    )
    .expect("written");
    path
}

#[test]
fn first_launch_shows_the_start_page() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let harness = first_launch(dir.path(), Chosen::default());
    for button in ["Open the World Atlas sample", "Add data…", "Open project…", "Let your agents control RustGIS"] {
        harness.get_by_label(button);
    }
    harness.get_by_label_contains("none yet");
}

#[test]
fn the_start_page_opens_the_sample_and_makes_way_for_the_map() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = first_launch(dir.path(), Chosen::default());
    harness.get_by_label("Open the World Atlas sample").click();
    harness.run();
    let names = harness.state().host.session().project().layer_names();
    assert!(names.contains(&"countries".to_owned()) && names.contains(&"cities".to_owned()), "{names:?}");
    assert!(harness.query_by_label("Open the World Atlas sample").is_none(), "the start page is gone");
}

#[test]
fn enter_on_the_start_page_opens_the_sample() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = first_launch(dir.path(), Chosen::default());
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(harness.state().host.session().project().layer("countries").is_some());
}

#[test]
fn the_start_page_lists_recent_projects_and_marks_missing_ones() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (kept, gone) = (dir.path().join("kept.rgis"), dir.path().join("gone.rgis"));
    let mut saved = Session::with_sample().expect("the sample loads");
    saved.execute(&rustgis_core::Caller::user(), "project.save", json!({ "path": kept })).expect("written");
    let settings = Settings { recent_projects: vec![gone.clone(), kept.clone()], ..Settings::default() };
    settings.save(&Folders::inside(dir.path()).settings).expect("settings saved");
    let mut harness = first_launch(dir.path(), Chosen::default());
    let folder = dir.path().display();
    let missing_label = format!("gone.rgis — {folder} (missing)");
    let missing = harness.get_by_label(&missing_label);
    assert!(missing.accesskit_node().is_disabled(), "a missing project cannot be opened");
    harness.get_by_label(&format!("kept.rgis — {folder}")).click();
    harness.run();
    assert_eq!(harness.state().host.session().project_path(), Some(kept.as_path()));
}

#[test]
fn let_your_agents_control_rustgis_on_the_start_page_opens_the_ai_assistant_settings() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = first_launch(dir.path(), Chosen::default());
    harness.get_by_label("Let your agents control RustGIS").click();
    harness.run();
    harness.get_by_label("Let your Agents Control RustGIS");
}

#[test]
fn file_open_sample_replaces_the_project_with_the_world_atlas() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    harness.state_mut().run("layer.remove", json!({ "layer": "cities" }));
    file_menu(&mut harness, "Open sample");
    assert_eq!(
        harness.state().host.session().project().layer_names(),
        ["countries", "coastline", "boundaries", "cities"].map(str::to_owned)
    );
}

#[test]
fn add_data_without_a_native_chooser_falls_back_to_the_window() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = wells(dir.path());
    let why = "no file chooser can open: neither the desktop's file portal nor zenity".to_owned();
    let mut harness = first_launch(dir.path(), Chosen { unavailable: Some(why.clone()), ..Chosen::default() });
    harness.get_by_label("Add data…").click();
    harness.run();
    harness.get_by_label(&why);
    type_into(&mut harness, "File path", &path.display().to_string());
    harness.get_by_label("Add").click();
    harness.run();
    assert!(harness.state().host.session().project().layer("wells").is_some(), "{:?}", harness.state().messages.last());
    assert!(harness.state().browser.is_none(), "the chooser closes once the file is added");
}

#[test]
fn the_windows_own_chooser_opens_a_folder_and_picks_a_file_by_clicks() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("survey")).expect("a folder");
    wells(&dir.path().join("survey"));
    let mut harness =
        first_launch(dir.path(), Chosen { unavailable: Some("no chooser".to_owned()), ..Chosen::default() });
    harness.get_by_label("Add data…").click();
    harness.run();
    let browser = harness.state_mut().browser.as_mut().expect("the window's chooser");
    browser.open_folder(dir.path());
    harness.run();
    harness.get_by_label("survey").click();
    harness.run();
    harness.get_by_label("wells.geojson").click();
    harness.run();
    harness.get_by_label("Add").click();
    harness.run();
    assert!(harness.state().host.session().project().layer("wells").is_some(), "{:?}", harness.state().messages.last());
}

#[test]
fn a_bad_data_path_opens_the_window_with_the_error_shown() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (good, bad) = (wells(dir.path()), dir.path().join("nowhere/roads.geojson"));
    let start = rustgis_core::StartOptions { data: vec![bad.clone(), good], ..rustgis_core::StartOptions::default() };
    let (session, problems) = rustgis_app::start_session(&start);
    assert_eq!(session.project().layer_names(), ["wells"], "the good file opens");
    assert!(
        problems.len() == 1
            && problems[0].contains("nowhere/roads.geojson (--data)")
            && problems[0].contains("No such file"),
        "the file and the cause: {problems:?}"
    );
    let host = AppHost::new(session, Folders::inside(dir.path()), options());
    let mut state = AppState::new(host);
    state.show_launch_problems(problems.clone());
    let mut harness = harness(state, SystemTime::now());
    harness.run();
    harness.get_by_label("Could not open");
    // In the window and in the status bar.
    assert_eq!(harness.get_all_by_label_contains(&problems[0]).count(), 2);
    harness.get_by_label("OK").click();
    harness.run();
    assert!(harness.query_by_label("Could not open").is_none(), "closed once read");
    assert!(harness.state().messages.log().any(|m| m.error && m.text.contains("roads.geojson")), "kept in the log");
}

#[test]
fn a_bad_project_path_is_left_out_and_said_naming_the_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bad = dir.path().join("broken.rgis");
    std::fs::write(&bad, "not a project").expect("written");
    let start = rustgis_core::StartOptions { project: Some(bad), ..rustgis_core::StartOptions::default() };
    let (session, problems) = rustgis_app::start_session(&start);
    assert!(session.project().layers.is_empty());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("cannot open the project ") && problems[0].contains("broken.rgis"), "{problems:?}");
}

/// The app over the sample drawn at the time `clock` holds, which the test moves.
fn harness_on_clock(
    dir: &std::path::Path,
) -> (Harness<'static, AppState>, std::sync::Arc<std::sync::Mutex<SystemTime>>) {
    let clock = std::sync::Arc::new(std::sync::Mutex::new(SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000)));
    let frame_clock = clock.clone();
    let harness = Harness::builder().with_max_steps(64).build_ui_state(
        move |ui, state: &mut AppState| {
            let now = *frame_clock.lock().expect("the clock");
            rustgis_app::show(ui, state, now);
        },
        AppState::new(host_in(dir)),
    );
    (harness, clock)
}

#[test]
fn status_messages_time_out_and_stay_in_the_log() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, clock) = harness_on_clock(dir.path());
    harness.run();
    harness.state_mut().messages.notice("saved atlas.rgis");
    harness.run();
    harness.get_by_label("saved atlas.rgis");
    *clock.lock().expect("the clock") += rustgis_app::NOTICE_SHOWN;
    harness.run();
    assert!(harness.query_by_label("saved atlas.rgis").is_none(), "gone from the status bar");
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Message log").click();
    harness.run();
    harness.get_by_label("saved atlas.rgis");
    harness.get_by_label("22:13:20 UTC");
}

#[test]
fn the_title_shows_the_project_name_and_a_dirty_mark() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("atlas.rgis");
    let mut harness = first_launch(dir.path(), Chosen { save: Some(path), ..Chosen::default() });
    assert_eq!(harness.state().title_shown.as_deref(), Some("Untitled — RustGIS"));
    harness.state_mut().run("layer.addSample", json!({ "sample": "cities" }));
    harness.run();
    assert_eq!(harness.state().title_shown.as_deref(), Some("*Untitled — RustGIS"));
    file_menu(&mut harness, "Save As… Ctrl+Shift+S");
    assert_eq!(harness.state().title_shown.as_deref(), Some("atlas — RustGIS"));
}

/// A dirty untitled project whose window was asked to close.
fn closing_untitled(dir: &std::path::Path, chosen: Chosen) -> Harness<'static, AppState> {
    let mut harness = first_launch(dir, chosen);
    harness.state_mut().run("layer.addSample", json!({ "sample": "cities" }));
    harness.run();
    let root = harness.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default();
    root.events.push(egui::ViewportEvent::Close);
    harness.run();
    harness
}

#[test]
fn save_changes_offers_save_as_for_an_untitled_project_and_closes_once_saved() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("cities.rgis");
    let mut harness = closing_untitled(dir.path(), Chosen { save: Some(path.clone()), ..Chosen::default() });
    harness.get_by_label("Save As…").click();
    harness.run();
    assert!(path.exists(), "{:?}", harness.state().messages.last());
    assert!(harness.state().closing.load(std::sync::atomic::Ordering::SeqCst), "the window closes");
}

#[test]
fn the_save_changes_prompt_keeps_the_rest_of_the_window_from_clicks() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = closing_untitled(dir.path(), Chosen::default());
    harness.get_by_label("File").click();
    harness.run();
    assert!(harness.query_by_label("New project Ctrl+N").is_none(), "the menu did not open behind the prompt");
    harness.get_by_label("Don't save");
}

#[test]
fn ctrl_shift_a_adds_data_as_the_file_menu_does() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = wells(dir.path());
    let mut harness = first_launch(dir.path(), Chosen { data: vec![path], ..Chosen::default() });
    harness.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::A);
    harness.run();
    assert!(harness.state().host.session().project().layer("wells").is_some());
}

/// A file dropped on the window, as the platform hands it to egui.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// Drops `paths` on the window.
fn drop_files(harness: &mut Harness<'static, AppState>, paths: &[PathBuf]) {
    let handles = paths.iter().map(|path| -> egui::DroppedFileHandle { std::sync::Arc::new(Dropped(path.clone())) });
    harness.input_mut().dropped_files.extend(handles);
    harness.run();
}

#[test]
fn dropping_a_file_on_the_map_adds_it_as_a_layer() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = wells(dir.path());
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    drop_files(&mut harness, &[path]);
    assert!(harness.state().host.session().project().layer("wells").is_some(), "{:?}", harness.state().messages.last());
}

#[test]
fn a_dropped_file_that_cannot_be_read_is_said_and_the_others_are_still_added() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let broken = dir.path().join("broken.geojson");
    std::fs::write(&broken, "{ not json").expect("a broken file");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    drop_files(&mut harness, &[broken, wells(dir.path())]);
    let state = harness.state();
    assert!(state.host.session().project().layer("wells").is_some(), "the good file is added after the bad one");
    assert!(
        state.messages.log().any(|m| m.error && m.text.contains("broken.geojson")),
        "the bad file is named: {:?}",
        state.messages.log().map(|m| &m.text).collect::<Vec<_>>()
    );
}

#[test]
fn a_dropped_folder_is_refused_saying_what_would_work() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    let layers = harness.state().host.session().project().layers.len();
    drop_files(&mut harness, &[dir.path().to_path_buf()]);
    let last = harness.state().messages.last().expect("a message");
    assert!(last.error && last.text.contains("is a folder") && last.text.contains("Add data"), "{}", last.text);
    assert_eq!(harness.state().host.session().project().layers.len(), layers);
}

#[test]
fn ctrl_s_saves_an_untitled_project_through_save_as_and_ctrl_n_starts_a_new_one() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("atlas.rgis");
    let mut harness = with_dialogs(dir.path(), Chosen { save: Some(path.clone()), ..Chosen::default() });
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    assert!(path.exists(), "{:?}", harness.state().messages.last());
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    harness.run();
    assert!(harness.state().host.session().project().layers.is_empty(), "a new, empty project");
}

#[test]
fn the_file_menu_shows_each_items_shortcut() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    harness.get_by_label("File").click();
    harness.run();
    for item in ["New project Ctrl+N", "Open… Ctrl+O", "Save Ctrl+S", "Save As… Ctrl+Shift+S", "Add data… Ctrl+Shift+A"]
    {
        harness.get_by_label(item);
    }
}

#[test]
fn help_about_shows_the_version() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    harness.get_by_label("Help").click();
    harness.run();
    harness.get_by_label("About RustGIS").click();
    harness.run();
    harness.get_by_label(&format!("version {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn help_documentation_says_where_the_guides_are() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = with_dialogs(dir.path(), Chosen::default());
    harness.get_by_label("Help").click();
    harness.run();
    harness.get_by_label("Documentation").click();
    harness.run();
    harness.get_by_label_contains("/tree/main/docs");
}

#[test]
fn the_status_bar_names_the_maps_crs_and_follows_a_change() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("Map CRS EPSG:4326");
    harness.state_mut().run("map.setCrs", json!({"crs": "EPSG:3857"}));
    harness.run();
    harness.get_by_label("Map CRS EPSG:3857");
}

#[test]
fn the_measure_tool_measures_clicks_on_the_ellipsoid_and_selects_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.set_size(egui::vec2(1400.0, 900.0));
    settle(&mut harness);
    harness.get_by_label("Measure tool").click();
    harness.run();
    harness.get_by_label("Click the map to measure");
    // Ten degrees along the equator, in Africa (the clicks land on Gabon and the Congo).
    click_map_at(&mut harness, 10.0, 0.0, egui::Modifiers::NONE);
    click_map_at(&mut harness, 20.0, 0.0, egui::Modifiers::NONE);
    let line = harness.state().measure.clone().expect("the tool is on");
    assert_eq!(line.points.len(), 2);
    let metres = rustgis_app::measured_length(rustgis_core::Crs::WGS84, &line.points).expect("a length");
    // 1,113.195 km on WGS 84; a click lands within a pixel (about 0.3° here) of the point aimed at.
    assert!((metres / 1000.0 - 1113.195).abs() < 40.0, "{metres}");
    harness.get_by_label(&format!("Length {} (2 points)", rustgis_app::length_text(metres)));
    assert!(selection(&harness, "countries").is_empty(), "a measuring click selects nothing");
    harness.get_by_label("Clear the measured line").click();
    harness.run();
    assert_eq!(harness.state().measure.as_ref().map(|m| m.points.len()), Some(0));
}

#[test]
fn the_field_calculator_adds_a_new_field_from_an_expression_as_one_undo_step() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    harness.get_by_label("Field calculator").click();
    harness.run();
    type_into(&mut harness, "Field to calculate", "millions");
    type_into(&mut harness, "Field expression", "pop_est / 1000000");
    harness.get_by_label("Calculate").click();
    settle(&mut harness);
    let project = harness.state().host.session().project();
    let countries = project.layer("countries").expect("countries");
    let field = countries.fields.iter().find(|f| f.name == "millions").expect("the new field");
    assert_eq!(field.field_type, rustgis_core::FieldType::Float);
    assert_eq!(harness.state().host.history().len(), 1, "one undo step");
    harness.get_by_label("Sort by millions");
}

#[test]
fn the_field_calculator_changes_only_the_selected_features_of_an_existing_field_when_asked() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    harness.state_mut().run("feature.select", json!({"layer": "countries", "where": "name = 'France'"}));
    harness.get_by_label("Field calculator").click();
    harness.run();
    type_into(&mut harness, "Field to calculate", "name");
    type_into(&mut harness, "Field expression", "upper(name)");
    harness.get_by_label("Only the selected features").click();
    harness.run();
    harness.get_by_label("Calculate").click();
    settle(&mut harness);
    let mut session_names = Vec::new();
    let project = harness.state().host.session().project();
    let countries = project.layer("countries").expect("countries");
    let name = countries.fields.iter().position(|f| f.name == "name").expect("a name field");
    for feature in countries.features.iter() {
        session_names.push(feature.attributes[name].to_string());
    }
    assert!(session_names.iter().any(|n| n.contains("FRANCE")), "the selected France is upper-case");
    assert!(session_names.iter().any(|n| n.contains("Germany")), "the others keep their names");
}

#[test]
fn right_clicking_a_layer_offers_its_actions_and_one_runs_as_the_user() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = harness(AppState::new(host_in(dir.path())), SystemTime::now());
    harness.run();
    harness.get_by_label("coastline").click_secondary();
    harness.run();
    harness.get_by_label("Zoom to layer (coastline)");
    harness.get_by_label("Remove layer (coastline)").click();
    harness.run();
    assert!(harness.state().host.session().project().layer("coastline").is_none(), "the layer was removed");
    harness.get_by_label("you: layer.remove");
}

/// The text France's `pop_est` cell shows, and France's feature id.
fn france_population(harness: &Harness<'static, AppState>) -> (u64, rustgis_core::Value) {
    let fid = feature_id(harness, "countries", "France");
    let layer = harness.state().host.session().project().layer("countries").expect("countries");
    let idx = layer.field_index("pop_est").expect("a pop_est field");
    let feature = layer.features.iter().find(|f| f.id == fid).expect("France");
    (fid, feature.attributes[idx].clone())
}

/// The countries' table showing France alone, its `pop_est` cell opened for editing through its
/// right-click menu; returns the harness, France's id and its population before.
fn editing_france_population(dir: &std::path::Path) -> (Harness<'static, AppState>, u64, rustgis_core::Value) {
    let mut harness = table_of(dir, "countries");
    type_into(&mut harness, "Filter expression", "name = 'France'");
    settle(&mut harness);
    let (fid, before) = france_population(&harness);
    harness.get_by_label(&before.to_string()).click_secondary();
    harness.run();
    harness.get_by_label("Edit value").click();
    settle(&mut harness);
    harness.get_by_label("Edit cell value").focus();
    harness.run();
    (harness, fid, before)
}

/// Replaces the edited cell's text with `text`, then presses `key` (Enter stores, Escape leaves).
fn type_in_cell(harness: &mut Harness<'static, AppState>, text: &str, key: egui::Key) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Edit cell value").type_text(text);
    harness.run();
    harness.key_press(key);
    settle(harness);
}

#[test]
fn a_cell_edited_in_the_attribute_table_stores_its_value_as_one_undo_step() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, fid, _) = editing_france_population(dir.path());
    type_in_cell(&mut harness, "68000000", egui::Key::Enter);
    assert_eq!(france_population(&harness), (fid, rustgis_core::Value::Int(68_000_000)));
    let history = harness.state().host.history();
    assert_eq!(history.iter().filter(|s| s.label == "feature.update").count(), 1, "one undo step: {history:?}");
    assert!(harness.query_by_label("Edit cell value").is_none(), "the cell is a cell again");
}

#[test]
fn a_cell_value_its_field_cannot_hold_is_refused_with_the_reason_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, _, before) = editing_france_population(dir.path());
    type_in_cell(&mut harness, "many", egui::Key::Enter);
    assert_eq!(france_population(&harness).1, before, "nothing changed");
    harness.get_by_label_contains("cannot store string value \"many\" in a integer field");
    assert!(harness.state().host.history().iter().all(|s| s.label != "feature.update"));
}

#[test]
fn escape_leaves_an_edited_cell_as_it_was() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, _, before) = editing_france_population(dir.path());
    type_in_cell(&mut harness, "1", egui::Key::Escape);
    assert_eq!(france_population(&harness).1, before);
    assert!(harness.query_by_label("Edit cell value").is_none());
}

#[test]
fn the_attribute_table_keeps_a_useful_height_frame_after_frame() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut state = AppState::new(host_in(dir.path()));
    state.host.select_layer("countries").expect("a sample layer");
    state.table.open = true;
    let mut harness = large_harness(state);
    for _ in 0..20 {
        harness.step();
    }
    // Row 12's id button is on screen: the panel did not shrink to a few rows (it once lost
    // 40 px a frame, down to three rows).
    harness.get_by_label("12");
    harness.get_by_label("Filter expression");
}

#[test]
fn show_selected_only_keeps_the_selected_rows_and_zoom_to_selected_frames_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = table_of(dir.path(), "countries");
    let ids = [feature_id(&harness, "countries", "Germany"), feature_id(&harness, "countries", "Poland")];
    harness.state_mut().select("countries", &ids, false);
    settle(&mut harness);
    harness.get_by_label("Show selected only").click();
    settle(&mut harness);
    let rows = table_rows(&mut harness, "countries").expect("rows");
    let mut shown: Vec<u64> = rows.rows.iter().map(|(fid, _)| *fid).collect();
    shown.sort_unstable();
    let mut expected = ids.to_vec();
    expected.sort_unstable();
    assert_eq!(shown, expected);
    harness.get_by_label("Zoom to selected").click();
    settle(&mut harness);
    let shown = map_view(&harness).extent(harness.state().canvas.size);
    assert!(shown.width() < 40.0 && shown.min_x < 14.0 && shown.max_x > 24.0, "Germany and Poland: {shown:?}");
}

#[test]
fn a_cell_edit_ends_unstored_when_another_layer_becomes_active() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut harness, _, before) = editing_france_population(dir.path());
    harness.state_mut().host.select_layer("cities").expect("cities exists");
    settle(&mut harness);
    assert!(harness.state().table.editing.is_none(), "the edit ended with its table");
    harness.state_mut().host.select_layer("countries").expect("countries exists");
    settle(&mut harness);
    assert!(harness.query_by_label("Edit cell value").is_none(), "no edit box comes back");
    assert_eq!(france_population(&harness).1, before, "nothing was stored");
}

#[test]
fn an_edited_cell_is_stored_as_a_quoted_literal_null_when_empty_and_a_yes_or_no_in_a_yes_no_field() {
    use rustgis_app::CellEdit;
    use rustgis_core::FieldType;
    let text = CellEdit::of("countries", 7, "name", "Côte d'Ivoire");
    let params = text.update_params(FieldType::String).expect("text");
    assert_eq!(params, json!({"layer": "countries", "where": "$id = 7", "set": {"name": "'Côte d''Ivoire'"}}));
    assert_eq!(
        CellEdit::of("countries", 7, "name", "NULL").update_params(FieldType::String).expect("null")["set"]["name"],
        serde_json::Value::Null
    );
    let yes = CellEdit::of("cities", 7, "capital", "Yes");
    assert_eq!(yes.update_params(FieldType::Bool).expect("a yes")["set"]["capital"], json!(true));
    let maybe = CellEdit::of("cities", 7, "capital", "maybe");
    let refused = maybe.update_params(FieldType::Bool).expect_err("not a yes or no");
    assert!(refused.contains("capital holds yes/no values"), "{refused}");
}

// ---- File ▸ Add Web Layer… ----

fn web_dialog_open(dir: &std::path::Path) -> Harness<'static, AppState> {
    let mut harness = harness(AppState::new(host_in(dir)), SystemTime::now());
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Add Web Layer…").click();
    settle(&mut harness);
    harness
}

#[test]
fn the_add_web_layer_dialog_adds_a_built_in_basemap_under_the_data_as_one_undo_step() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = web_dialog_open(dir.path());
    harness.get_by_label("Add basemap").click();
    settle(&mut harness);
    let project = harness.state().host.session().project();
    let bottom = project.layers.first().expect("a layer at the bottom");
    assert!(bottom.web.is_some(), "the basemap is the bottom layer: {:?}", project.layer_names());
    assert_eq!(harness.state().host.history().last().map(|s| s.label.as_str()), Some("layer.addBasemap"));
}

#[test]
fn an_xyz_url_core_refuses_shows_its_reason_in_the_dialog_and_adds_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = web_dialog_open(dir.path());
    let before = harness.state().host.session().project().layers.len();
    type_into(&mut harness, "XYZ URL template", "ftp://tiles.example.org/{z}/{x}/{y}.png");
    harness.get_by_label("Add XYZ layer").click();
    settle(&mut harness);
    let error = harness.state().web.as_ref().and_then(|d| d.error.clone()).expect("the dialog holds the error");
    assert!(error.contains("http:// or https://"), "{error}");
    assert!(harness.query_all_by_label_contains("http:// or https://").count() >= 1, "the error is shown");
    assert_eq!(harness.state().host.session().project().layers.len(), before);
}

#[test]
fn an_xyz_layer_added_from_the_dialog_takes_its_name_and_credit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = web_dialog_open(dir.path());
    type_into(&mut harness, "XYZ URL template", "https://tiles.example.org/{z}/{x}/{y}.png");
    type_into(&mut harness, "XYZ layer name", "streets");
    type_into(&mut harness, "XYZ attribution", "© Example");
    harness.get_by_label("Add XYZ layer").click();
    settle(&mut harness);
    let project = harness.state().host.session().project();
    let layer = project.layer("streets").expect("the XYZ layer");
    match &layer.web {
        Some(rustgis_core::web::WebSource::Xyz(xyz)) => {
            assert_eq!(xyz.attribution.as_deref(), Some("© Example"));
        }
        other => panic!("not an XYZ layer: {other:?}"),
    }
}

#[test]
fn the_web_dialog_leaves_empty_fields_to_cores_defaults() {
    let dialog = rustgis_app::WebDialog {
        wms_url: " https://wms.example.org/service ".to_owned(),
        wms_layers: "relief".to_owned(),
        ..rustgis_app::WebDialog::default()
    };
    let (id, params) = dialog.command(rustgis_app::WebKind::Wms);
    assert_eq!(
        (id, params),
        ("layer.addWms", json!({"url": "https://wms.example.org/service", "wms_layers": "relief"}))
    );
}
