//! View ▸ Message log: every message the status bar showed, with its time.

use egui::RichText;

use super::AppState;
use super::widgets::ERROR_RED;

/// The message log, oldest first, kept at the newest as messages come.
pub(super) fn message_log_window(ui: &mut egui::Ui, state: &mut AppState) {
    if state.messages.log().len() == 0 {
        ui.label(RichText::new("no messages yet").weak());
    }
    egui::ScrollArea::vertical().max_height(320.0).stick_to_bottom(true).show(ui, |ui| {
        egui::Grid::new("message log").num_columns(2).striped(true).show(ui, |ui| {
            for message in state.messages.log() {
                ui.monospace(message.time_of_day());
                let text = RichText::new(&message.text);
                ui.label(if message.error { text.color(ERROR_RED) } else { text });
                ui.end_row();
            }
        });
    });
}
