//! The menu bar: File, Edit, Layer and Help.

use egui::RichText;
use serde_json::Value as Json;

use super::AppState;
use super::command_search::CommandSearch;
use super::history::undo_redo_buttons;
use crate::host::error_text;

/// The menu bar: File, Edit, Help.
pub fn menu_bar(ui: &mut egui::Ui, state: &mut AppState) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("New project").clicked() {
                state.run("project.new", Json::Null);
                state.canvas.follow_project = true;
            }
            if ui.button("Open…").clicked() {
                state.open_project();
            }
            if ui.button("Save").clicked() {
                state.save_project();
            }
            if ui.button("Save As…").clicked() {
                state.save_project_as();
            }
            let recent = state.host.settings().recent_projects.clone();
            ui.menu_button("Recent projects", |ui| {
                if recent.is_empty() {
                    ui.label("none yet");
                }
                for path in recent {
                    if ui.button(path.display().to_string()).clicked() {
                        state.open_recent(&path);
                    }
                }
            });
            ui.separator();
            if ui.button("Add data…").clicked() {
                state.add_data();
            }
            if ui.button("Add PostGIS Layer…").clicked() {
                state.open_postgis();
            }
            if ui.button("Export map as PNG…").clicked() {
                state.export_png();
            }
        });
        ui.menu_button("Edit", |ui| {
            undo_redo_buttons(ui, state);
            if ui.button("Command Search (Ctrl+K)").clicked() {
                state.search = Some(CommandSearch::default());
            }
        });
        ui.menu_button("Layer", |ui| {
            let active = state.host.active_layer().map(str::to_owned);
            if ui.add_enabled(active.is_some(), egui::Button::new("Attribute table")).clicked() {
                state.table.open = true;
            }
            if ui.add_enabled(active.is_some(), egui::Button::new("Style…")).clicked()
                && let Some(layer) = &active
            {
                state.open_style(layer);
            }
            ui.checkbox(&mut state.identify_tool, "Identify (click the map)");
        });
        ui.menu_button("Help", |ui| {
            if ui.button("MCP Relay").clicked() {
                start_relay(state);
            }
            if ui.button("AI Assistant").clicked() {
                state.assistant_open = true;
            }
            if ui.button("AI Assistant settings").clicked() {
                state.settings_open = true;
            }
        });
        if state.host.is_dirty() {
            ui.label(RichText::new("* unsaved changes").weak());
        }
    });
}

fn start_relay(state: &mut AppState) {
    state.message = Some(match state.host.start_relay() {
        Ok(report) => {
            (format!("MCP relay on {}", report.get("address").and_then(Json::as_str).unwrap_or_default()), false)
        }
        Err(e) => (error_text(&e), true),
    });
}
