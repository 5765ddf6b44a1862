//! The History pane: the undo history with each step's actor.

use egui::RichText;
use serde_json::Value as Json;

use super::AppState;

/// The undo history: each step with its actor (you, agent 1 (claude-code), file bridge…), newest
/// last, then the undone steps (greyed, `(undone)`, named the same way) that Redo brings back,
/// next first; undo/redo as the user, who may undo anyone's step.
pub fn history_pane(ui: &mut egui::Ui, state: &mut AppState) {
    ui.heading("History");
    ui.horizontal(|ui| undo_redo_buttons(ui, state));
    egui::ScrollArea::vertical().show(ui, |ui| {
        for step in state.host.history() {
            ui.label(format!("{}: {}", state.host.actor_label(&step.who), step.label));
        }
        for step in state.host.session().redo_steps() {
            let actor = state.host.actor_label(&step.who);
            ui.label(RichText::new(format!("(undone) {actor}: {}", step.label)).weak());
        }
    });
}

/// **Undo** and **Redo** as the user (the Edit menu and the History pane).
pub(super) fn undo_redo_buttons(ui: &mut egui::Ui, state: &mut AppState) {
    if ui.button("Undo").clicked() {
        state.run("edit.undo", Json::Null);
    }
    if ui.button("Redo").clicked() {
        state.run("edit.redo", Json::Null);
    }
}
