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

/// Asks "save changes?" when the window is closed with unsaved changes, in a modal (the rest of
/// the window takes no clicks until it is answered): Save (to the project's file) or, for a
/// project that has none yet, Save As…; Don't save; or Cancel.
pub(super) fn save_changes_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    let close_requested = ui.input(|i| i.viewport().close_requested());
    if close_requested && state.host.is_dirty() && !state.closing.load(Ordering::SeqCst) {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::CancelClose);
        state.confirm_close = true;
    }
    if !state.confirm_close || state.browser.is_some() {
        return;
    }
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("save changes?")).show(ui.ctx(), |ui| {
        ui.heading("Save changes?");
        let path = state.host.session().project_path().map(std::path::Path::to_path_buf);
        match &path {
            Some(path) => ui.label(format!("{} has changes that are not saved.", path.display())),
            None => ui.label("The project has changes and has never been saved."),
        };
        ui.horizontal(|ui| {
            let save = if path.is_some() { "Save" } else { "Save As…" };
            if ui.button(save).clicked() {
                choice = Some(Choice::Save(path.clone()));
            }
            if ui.button("Don't save").clicked() {
                choice = Some(Choice::Discard);
            }
            if ui.button("Cancel").clicked() {
                choice = Some(Choice::Cancel);
            }
        });
    });
    let saved = match choice {
        None => return,
        Some(Choice::Cancel) => {
            state.confirm_close = false;
            return;
        }
        Some(Choice::Discard) => true,
        Some(Choice::Save(Some(path))) => state.run("project.save", json!({ "path": path, "overwrite": true })),
        Some(Choice::Save(None)) => {
            // The window's own chooser (when the platform's cannot open) saves later: closing
            // follows once it has written the file.
            let saved = state.save_project_as();
            state.close_after_save = state.browser.is_some();
            saved
        }
    };
    if !saved {
        return;
    }
    state.confirm_close = false;
    state.closing.store(true, Ordering::SeqCst);
    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
}

/// The answer to "save changes?".
enum Choice {
    /// Save, to the project's file (`None`: ask where, Save As…).
    Save(Option<std::path::PathBuf>),
    Discard,
    Cancel,
}
