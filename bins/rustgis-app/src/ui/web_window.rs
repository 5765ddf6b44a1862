//! The Add Web Layer dialog's window.

use egui::RichText;

use super::AppState;
use super::widgets::{error_label, named};
use crate::web_dialog::WebKind;

/// The Add Web Layer dialog: a built-in basemap to pick, XYZ tiles (URL template, name, credit)
/// and a WMS service (URL, layers, name), each with its **Add** button; the engine's error for
/// the last Add shows under them, and a layer added says so in the status bar.
pub(super) fn web_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(dialog) = &mut state.web else { return };
    let mut add = None;
    ui.strong("Basemap");
    ui.horizontal(|ui| {
        egui::ComboBox::from_label("Built-in basemap").selected_text(dialog.basemap.clone()).show_ui(ui, |ui| {
            for basemap in rustgis_core::web::BASEMAPS {
                ui.selectable_value(&mut dialog.basemap, basemap.name.to_owned(), basemap.name)
                    .on_hover_text(basemap.description);
            }
        });
        if ui.button("Add basemap").clicked() {
            add = Some(WebKind::Basemap);
        }
    });
    ui.label(RichText::new("Its tiles come from the provider's servers; its credit is always drawn.").weak());
    ui.separator();
    ui.strong("XYZ tiles");
    egui::Grid::new("xyz fields").num_columns(2).show(ui, |ui| {
        text_row(ui, "URL", &mut dialog.xyz_url, "https://tile.example.org/{z}/{x}/{y}.png", "XYZ URL template");
        text_row(ui, "name", &mut dialog.xyz_name, "tiles", "XYZ layer name");
        text_row(ui, "credit", &mut dialog.xyz_attribution, "© the provider", "XYZ attribution");
    });
    if ui.add_enabled(!dialog.xyz_url.trim().is_empty(), egui::Button::new("Add XYZ layer")).clicked() {
        add = Some(WebKind::Xyz);
    }
    ui.separator();
    ui.strong("WMS");
    egui::Grid::new("wms fields").num_columns(2).show(ui, |ui| {
        text_row(ui, "URL", &mut dialog.wms_url, "https://wms.example.org/service", "WMS URL");
        text_row(ui, "layers", &mut dialog.wms_layers, "relief,rivers", "WMS layers");
        text_row(ui, "name", &mut dialog.wms_name, "wms", "WMS layer name");
    });
    let ready = !dialog.wms_url.trim().is_empty() && !dialog.wms_layers.trim().is_empty();
    if ui.add_enabled(ready, egui::Button::new("Add WMS layer")).clicked() {
        add = Some(WebKind::Wms);
    }
    if let Some(error) = &dialog.error {
        error_label(ui, error.as_str());
    }
    let Some(kind) = add else { return };
    let (id, params) = dialog.command(kind);
    match state.host.execute(id, params) {
        Ok(outcome) => {
            let added = outcome.layers_added.join(", ");
            state.messages.notice(format!("added the web layer {added} under the data layers"));
            if let Some(dialog) = &mut state.web {
                dialog.error = None;
            }
        }
        Err(e) => {
            let text = crate::host::error_text(&e);
            state.messages.error(text.clone());
            if let Some(dialog) = &mut state.web {
                dialog.error = Some(text);
            }
        }
    }
}

/// One labelled text field of the dialog, named for screen readers and tests.
fn text_row(ui: &mut egui::Ui, label: &str, text: &mut String, hint: &str, name: &str) {
    ui.label(label);
    let edit = ui.add(egui::TextEdit::singleline(text).hint_text(hint).desired_width(360.0));
    named(&edit, egui::Role::TextInput, name);
    ui.end_row();
}
