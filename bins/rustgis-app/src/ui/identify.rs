//! The Identify window: the attributes of the features under the last click.

use egui::RichText;

use super::AppState;

/// Identify: the attributes of the features under the last click, top one first.
pub(super) fn identify_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(found) = &state.identified else { return };
    if found.features.is_empty() {
        ui.label(format!("No feature of {} there.", found.layer));
        return;
    }
    ui.label(format!("{}: {} feature(s)", found.layer, found.features.len()));
    egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
        for (fid, attributes) in &found.features {
            ui.separator();
            ui.strong(format!("feature {fid}"));
            egui::Grid::new(("identify", *fid)).num_columns(2).show(ui, |ui| {
                for (name, value) in attributes {
                    ui.label(RichText::new(name).weak());
                    ui.label(value);
                    ui.end_row();
                }
            });
        }
    });
}
