//! The prompts that stop the window until the user answers: files outside a project's folder,
//! and "save changes?" on closing.

use std::sync::atomic::Ordering;

use serde_json::json;

use super::AppState;

/// Asks before a project reads files outside its own folder: open it reading them, open it
/// without those layers, or cancel.
pub(super) fn outside_files_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    let Some((path, files)) = &state.outside_files else { return };
    let mut choice = None;
    egui::Window::new("Files outside the project's folder").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label(format!("{} reads files outside its own folder:", path.display()));
        for (layer, file) in files.iter().take(20) {
            ui.monospace(format!("{}  (layer '{layer}')", file.display()));
        }
        if files.len() > 20 {
            ui.label(format!("and {} more", files.len() - 20));
        }
        ui.label(
            "A project from elsewhere can name any file you can read, and an agent attached to RustGIS could then \
             read it as a layer. Open these files only if you expect this project to use them.",
        );
        ui.horizontal(|ui| {
            if ui.button("Open and read them").clicked() {
                choice = Some(Some("load"));
            }
            if ui.button("Open without those layers").clicked() {
                choice = Some(Some("skip"));
            }
            if ui.button("Cancel").clicked() {
                choice = Some(None);
            }
        });
    });
    let Some(choice) = choice else { return };
    let Some((path, _)) = state.outside_files.take() else { return };
    if let Some(mode) = choice
        && state.run("project.open", json!({ "path": path, "outside_files": mode }))
    {
        state.canvas.follow_project = true;
    }
}

/// Asks "save changes?" when the window is closed with unsaved changes: Save (to the project's
/// file), Don't save, or Cancel.
pub(super) fn save_changes_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    let close_requested = ui.input(|i| i.viewport().close_requested());
    if close_requested && state.host.is_dirty() && !state.closing.load(Ordering::SeqCst) {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::CancelClose);
        state.confirm_close = true;
    }
    if !state.confirm_close {
        return;
    }
    let mut choice = None;
    egui::Window::new("Save changes?").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label("The project has changes that are not saved.");
        ui.horizontal(|ui| {
            let path = state.host.session().project_path().map(|p| p.display().to_string());
            if ui.add_enabled(path.is_some(), egui::Button::new("Save")).clicked() {
                choice = Some(path);
            }
            if ui.button("Don't save").clicked() {
                choice = Some(None);
            }
            if ui.button("Cancel").clicked() {
                state.confirm_close = false;
            }
        });
    });
    if let Some(save_to) = choice {
        if let Some(path) = save_to
            && !state.run("project.save", json!({ "path": path, "overwrite": true }))
        {
            return;
        }
        state.confirm_close = false;
        state.closing.store(true, Ordering::SeqCst);
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
    }
}
