//! The menu bar: File, Project, Edit, View, Layer and Help, with each item's keyboard shortcut beside it.

use egui::{Key, KeyboardShortcut, Modifiers, RichText};
use serde_json::Value as Json;

use super::AppState;
use super::command_search::CommandSearch;
use super::history::undo_redo_buttons;
use crate::host::error_text;
use crate::start::RecentProject;

/// File ▸ New project.
pub(super) const NEW_PROJECT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// File ▸ Open….
pub(super) const OPEN_PROJECT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// File ▸ Save.
pub(super) const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// File ▸ Save As….
pub(super) const SAVE_AS: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S);
/// File ▸ Add data….
pub(super) const ADD_DATA: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::A);

/// Project ▸ Print Layouts….
pub(super) const PRINT_LAYOUTS: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);

/// The menu bar: File, Project, Edit, View, Layer, Help.
pub fn menu_bar(ui: &mut egui::Ui, state: &mut AppState) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu(ui, state));
        ui.menu_button("Project", |ui| {
            if item(ui, "Print Layouts…", Some(&PRINT_LAYOUTS))
                .on_hover_text("Lay out the map on a page and export PDF, SVG or PNG")
                .clicked()
            {
                state.open_layouts();
            }
        });
        ui.menu_button("Edit", |ui| {
            undo_redo_buttons(ui, state);
            if ui.button("Command Search (Ctrl+K)").clicked() {
                state.search = Some(CommandSearch::default());
            }
        });
        ui.menu_button("View", |ui| {
            if item(ui, "Message log", None).clicked() {
                state.message_log_open = true;
            }
            if item(ui, "Start page", None).clicked() {
                state.start_page_closed = false;
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
            ui.separator();
            if item(ui, "Documentation", None).clicked() {
                state.docs_open = true;
            }
            if item(ui, "About RustGIS", None).clicked() {
                state.about_open = true;
            }
        });
        if state.host.is_dirty() {
            ui.label(RichText::new("* unsaved changes").weak());
        }
    });
}

fn file_menu(ui: &mut egui::Ui, state: &mut AppState) {
    if item(ui, "New project", Some(&NEW_PROJECT)).clicked() {
        state.new_project();
    }
    if item(ui, "Open…", Some(&OPEN_PROJECT)).clicked() {
        state.open_project();
    }
    if item(ui, "Open sample", None)
        .on_hover_text("The World Atlas: countries, cities, coastline, boundaries")
        .clicked()
    {
        state.open_sample();
    }
    if item(ui, "Save", Some(&SAVE)).clicked() {
        state.save_project();
    }
    if item(ui, "Save As…", Some(&SAVE_AS)).clicked() {
        state.save_project_as();
    }
    let recent = RecentProject::list(&state.host.settings().recent_projects);
    ui.menu_button("Recent projects", |ui| {
        if recent.is_empty() {
            ui.label("none yet");
        }
        for project in recent {
            let shown = ui
                .add_enabled(!project.missing, egui::Button::new(project.label()))
                .on_disabled_hover_text("The file is no longer there");
            if shown.clicked() {
                state.open_recent(&project.path);
            }
        }
    });
    ui.separator();
    if item(ui, "Add data…", Some(&ADD_DATA)).clicked() {
        state.add_data();
    }
    if ui.button("Add PostGIS Layer…").clicked() {
        state.open_postgis();
    }
    if ui.button("Add Web Layer…").on_hover_text("A basemap, XYZ tiles or a WMS service").clicked() {
        state.web = Some(crate::web_dialog::WebDialog::default());
    }
    if ui.button("Export map as PNG…").clicked() {
        state.export_png();
    }
}

/// A menu item with its shortcut shown beside it (screen readers read both: `Save Ctrl+S`).
fn item(ui: &mut egui::Ui, text: &str, shortcut: Option<&KeyboardShortcut>) -> egui::Response {
    let mut button = egui::Button::new(text);
    if let Some(shortcut) = shortcut {
        button = button.shortcut_text(ui.ctx().format_shortcut(shortcut));
    }
    ui.add(button)
}

fn start_relay(state: &mut AppState) {
    match state.host.start_relay() {
        Ok(report) => state
            .messages
            .notice(format!("MCP relay on {}", report.get("address").and_then(Json::as_str).unwrap_or_default())),
        Err(e) => state.messages.error(error_text(&e)),
    }
}
