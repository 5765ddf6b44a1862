//! The AI Assistant panel: the request, the agent CLI, its output and the approval queue.

use std::path::PathBuf;

use egui::RichText;
use serde_json::Value as Json;

use super::AppState;
use super::widgets::{button, error_label, named};
use crate::assistant::{AgentKind, AgentRun};
use crate::host::error_text;

/// The AI Assistant panel: the request, the agent CLI, automatic approval (per run), the
/// agent's output, and the approval queue with the exact tool and parameters of each waiting
/// call.
pub fn assistant_panel(ui: &mut egui::Ui, state: &mut AppState) {
    let running = state.assistant.as_ref().is_some_and(AgentRun::is_running);
    if !running {
        let request = ui.add(egui::TextEdit::multiline(&mut state.request).hint_text("Ask the assistant"));
        named(&request, egui::Role::MultilineTextInput, "Request");
        ui.horizontal(|ui| {
            egui::ComboBox::from_label("Agent").selected_text(format!("{:?}", state.agent_launch.kind)).show_ui(
                ui,
                |ui| {
                    for (kind, program) in
                        [(AgentKind::Claude, "claude"), (AgentKind::Codex, "codex"), (AgentKind::OpenCode, "opencode")]
                    {
                        let label = format!("{kind:?}");
                        if ui.selectable_value(&mut state.agent_launch.kind, kind, label).clicked() {
                            state.agent_launch.program = PathBuf::from(program);
                        }
                    }
                },
            );
            let mut program = state.agent_launch.program.display().to_string();
            let edit = ui.text_edit_singleline(&mut program);
            named(&edit, egui::Role::TextInput, "Agent program");
            if edit.changed() {
                state.agent_launch.program = PathBuf::from(program);
            }
        });
        ui.checkbox(&mut state.auto_approve, "Approve this run's calls automatically");
        let roots =
            ui.add(egui::TextEdit::multiline(&mut state.assistant_roots).desired_rows(1).hint_text(
                "Folders the agent may use, one per line (empty: any); add (read-only) to a line to only read",
            ));
        named(&roots, egui::Role::MultilineTextInput, "Folders the agent may use");
        if ui.button("Start").clicked() {
            start(ui, state);
        }
        // Why the last Start did not start an agent, where Start was pressed.
        if let Some(error) = &state.assistant_error {
            error_label(ui, error);
        }
    }
    let Some(run) = &mut state.assistant else { return };
    if run.is_running() && ui.button("Stop the agent").clicked() {
        run.stop();
    }
    if let Some(ended) = run.ended() {
        ui.label(RichText::new(format!("The agent {ended}.")).strong());
    }
    if !run.roots().is_empty() {
        ui.label(format!("Its files only below {}", run.roots().described()));
    }
    let mut decision = None;
    for approval in run.approvals() {
        ui.separator();
        let what = match approval.args.get("command").and_then(Json::as_str) {
            Some(command) => format!("{} wants to run {} {command}", approval.agent, approval.tool),
            None => format!("{} wants to run {}", approval.agent, approval.tool),
        };
        ui.label(RichText::new(what).strong());
        ui.label(RichText::new(approval.args.to_string()).monospace());
        if approval.batch {
            ui.label("(part of a batch: the batch runs as a whole)");
        }
        ui.horizontal(|ui| {
            if button(ui, "Approve", format!("Approve call {}", approval.id)).clicked() {
                decision = Some((approval.id, true));
            }
            if button(ui, "Deny", format!("Deny call {}", approval.id)).clicked() {
                decision = Some((approval.id, false));
            }
        });
    }
    if let Some((id, approve)) = decision {
        let decided = if approve { run.approve(id) } else { run.deny(id) };
        if let Err(e) = decided {
            state.fail(&e);
        }
    }
    let Some(run) = &state.assistant else { return };
    egui::ScrollArea::vertical().max_height(240.0).stick_to_bottom(true).show(ui, |ui| {
        for line in run.output() {
            ui.label(RichText::new(line).monospace());
        }
    });
}

/// **Start**: the relay (when it is off), then the agent CLI with a reviewed grant. What goes
/// wrong (the relay cannot start, the program cannot be started) is kept for the panel to show.
fn start(ui: &egui::Ui, state: &mut AppState) {
    state.assistant_error = None;
    let relay = match state.host.relay() {
        Some(relay) => relay.clone(),
        None => match state.host.start_relay() {
            Ok(_) => match state.host.relay() {
                Some(relay) => relay.clone(),
                None => return,
            },
            Err(e) => {
                state.assistant_error = Some(error_text(&e));
                return;
            }
        },
    };
    let roots = match parse_roots(&state.assistant_roots) {
        Ok(roots) => roots,
        Err(e) => {
            state.assistant_error = Some(e);
            return;
        }
    };
    let ctx = ui.ctx().clone();
    match AgentRun::launch_in(&relay, &state.agent_launch, &state.request, state.auto_approve, &roots, move || {
        ctx.request_repaint();
    }) {
        Ok(run) => state.assistant = Some(run),
        Err(e) => state.assistant_error = Some(e),
    }
    state.auto_approve = false;
}

/// The folders typed for a run, one per line; a line ending in `(read-only)` is read-only. Each
/// must be a folder that exists.
fn parse_roots(text: &str) -> Result<rustgis_core::Roots, String> {
    let mut roots = Vec::new();
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        let (folder, writable) = match line.strip_suffix("(read-only)") {
            Some(folder) => (folder.trim_end(), false),
            None => (line, true),
        };
        roots.push(rustgis_core::Root::new(std::path::Path::new(folder), writable)?);
    }
    Ok(rustgis_core::Roots::new(roots))
}
