//! The AI Assistant settings window: agents on or off, Full access, the allowed hosts and what an
//! agent needs to connect.

use egui::RichText;
use serde_json::json;

use super::AppState;
use super::widgets::{button, error_label, named};

/// The AI Assistant settings: Let your Agents Control RustGIS (remembered), Full access (this
/// session only) and what an agent needs to connect, each with a copy button.
pub fn settings_section(ui: &mut egui::Ui, state: &mut AppState) {
    let mut agents = state.host.agents_on();
    if ui.checkbox(&mut agents, "Let your Agents Control RustGIS").changed() {
        match state.host.set_agents(agents) {
            Ok(report) if report.get("only_file_bridge") == Some(&json!(true)) => {
                state.messages.error("only the file bridge is running");
            }
            Ok(_) => {}
            Err(e) => state.fail(&e),
        }
    }
    if let Some(error) = state.host.agents_error() {
        error_label(ui, error);
    }
    if let Some(error) = state.host.settings_error() {
        error_label(ui, error);
    }
    let mut full = state.host.full_access();
    let full_box = ui
        .add_enabled(state.host.agents_on(), egui::Checkbox::new(&mut full, "Full access"))
        .on_hover_text("Lifts every refusal for agents attached with the relay's own token, for this session only");
    if full_box.changed() {
        state.host.set_full_access(full);
    }
    attached_agents(ui, state);
    network_settings(ui, state);
    ui.separator();
    match state.host.connect_info() {
        Some(info) => {
            ui.label("What an agent needs to connect (use the command for your shell):");
            for item in info.items() {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&item.label).strong());
                    if button(ui, "Copy", format!("Copy: {}", item.label)).clicked() {
                        ui.ctx().copy_text(item.text.clone());
                    }
                });
                ui.label(RichText::new(&item.text).monospace());
            }
        }
        None => {
            if let Some(bridge) = state.host.bridge() {
                ui.label(format!("File bridge folder: {}", bridge.dir().display()));
            } else {
                ui.label("Agents are off. Tick the box above, or run MCP Relay from the Help menu.");
            }
        }
    }
}

/// The agents attached now, each as the History names it (`agent 1 (claude-code)`) and how it came
/// in; an agent that has made no call yet has no number.
fn attached_agents(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(relay) = state.host.relay() else { return };
    let agents = relay.agents();
    ui.separator();
    ui.label(RichText::new(format!("Attached agents: {}", agents.len())).strong());
    for agent in agents {
        let who = agent.name.unwrap_or_else(|| "no call yet".to_owned());
        let client = agent.client_name.unwrap_or_else(|| "its client gave no name".to_owned());
        let how = match (agent.http, agent.own_token) {
            (true, _) => "MCP over HTTP",
            (false, true) => "the relay's own token",
            (false, false) => "a grant from the AI Assistant",
        };
        let access = if agent.files_and_network { "files and network" } else { "no files or network" };
        ui.horizontal(|ui| {
            ui.label(format!("{who} ({client}) · {how} · {access}"));
            let Some(connection) = agent.connection else { return };
            let disconnect = ui.small_button("Disconnect").on_hover_text(
                "Close its connection; its calls not yet run are dropped. It may attach again with its token.",
            );
            named(&disconnect, egui::Role::Button, format!("Disconnect {who} ({client})"));
            if disconnect.clicked() {
                if relay.disconnect(connection) {
                    state.messages.notice(format!("{who} ({client}) was disconnected"));
                } else {
                    state.messages.notice(format!("{who} ({client}) had already left"));
                }
            }
        });
    }
}

/// The Network setting: hosts the network guard lets through although their addresses are not
/// public (`network.allow`), one per line, saved with Save.
fn network_settings(ui: &mut egui::Ui, state: &mut AppState) {
    ui.separator();
    ui.label("Web layers may fetch from these hosts on this computer or your network (network.allow), one per line:");
    let saved = state.host.settings().network.allow.join("\n");
    let text = state.network_allow.get_or_insert(saved);
    let field = ui.add(egui::TextEdit::multiline(text).desired_rows(2).hint_text("127.0.0.1:8080"));
    named(&field, egui::Role::TextInput, "Allowed hosts");
    if button(ui, "Save", "Save allowed hosts".to_owned()).clicked() {
        let allow = text.lines().map(str::to_owned).collect();
        match state.host.set_network_allow(allow) {
            Ok(()) => state.messages.notice("allowed hosts saved"),
            Err(e) => state.messages.error(e),
        }
    }
}
