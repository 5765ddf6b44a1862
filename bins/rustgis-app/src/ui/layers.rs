//! The Layers pane: visibility, the active layer, order by drag and drop, and each layer's
//! buttons.

use serde_json::json;

use super::AppState;
use super::widgets::{button, named};

/// What a layer dragged in the Layers pane carries: its name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DraggedLayer(String);

/// The Layers pane, top layer first: visibility, the user's active layer, order (drag a layer by
/// its handle onto another to take its place, or **Up**/**Down**), zoom, table, style, rename and
/// remove.
pub fn layers_pane(ui: &mut egui::Ui, state: &mut AppState) {
    ui.heading("Layers");
    let layers: Vec<(String, bool)> =
        state.host.session().project().layers.iter().rev().map(|l| (l.name.clone(), l.visible)).collect();
    let n_layers = layers.len();
    let active = state.host.active_layer().map(str::to_owned);
    let mut dropped: Option<(String, usize)> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (row, (name, visible)) in layers.into_iter().enumerate() {
            // Rows run top layer first; `layer.move` counts positions from the bottom.
            let position = n_layers - 1 - row;
            let row_response = ui.horizontal(|ui| {
                let handle = ui
                    .dnd_drag_source(egui::Id::unique(("drag layer", &name)), DraggedLayer(name.clone()), grip)
                    .response
                    .on_hover_text(format!("Drag {name} to another place"));
                named(&handle, egui::Role::Button, format!("Drag {name}"));
                let mut shown = visible;
                let check = ui.checkbox(&mut shown, "").on_hover_text(format!("Show {name}"));
                named(&check, egui::Role::CheckBox, format!("Show {name}"));
                if check.changed() {
                    state.run("layer.setVisible", json!({ "layer": name, "visible": shown }));
                }
                if let Some((renamed, text)) = &mut state.renaming
                    && *renamed == name
                {
                    let response = ui.text_edit_singleline(text);
                    named(&response, egui::Role::TextInput, format!("New name for {name}"));
                    if response.lost_focus() || ui.button("OK").clicked() {
                        let new_name = text.trim().to_owned();
                        state.renaming = None;
                        if !new_name.is_empty() && new_name != name {
                            state.run("layer.rename", json!({ "layer": name, "name": new_name }));
                        }
                    }
                    return;
                }
                if ui.selectable_label(active.as_deref() == Some(name.as_str()), &name).clicked()
                    && let Err(e) = state.host.select_layer(&name)
                {
                    state.fail(&e);
                }
            });
            let row_rect = row_response.response.rect;
            let hovered = row_response.response.dnd_hover_payload::<DraggedLayer>();
            if hovered.is_some_and(|dragged| dragged.0 != name) {
                // Where the dragged layer would land.
                let y = row_rect.top();
                ui.painter().hline(row_rect.x_range(), y, egui::Stroke::new(2.0, ui.visuals().selection.bg_fill));
            }
            if let Some(dragged) = row_response.response.dnd_release_payload::<DraggedLayer>()
                && dragged.0 != name
            {
                dropped = Some((dragged.0.clone(), position));
            }
            ui.horizontal(|ui| {
                ui.add_space(24.0);
                if button(ui, "Up", format!("Move {name} up")).clicked() {
                    state.run("layer.move", json!({ "layer": name, "position": "up" }));
                }
                if button(ui, "Down", format!("Move {name} down")).clicked() {
                    state.run("layer.move", json!({ "layer": name, "position": "down" }));
                }
                if button(ui, "Zoom", format!("Zoom to {name}")).clicked() {
                    state.zoom_to_layer(&name);
                }
                if button(ui, "Table", format!("Attribute table of {name}")).clicked() {
                    match state.host.select_layer(&name) {
                        Ok(()) => state.table.open = true,
                        Err(e) => state.fail(&e),
                    }
                }
                if button(ui, "Style", format!("Style {name}")).clicked() {
                    state.open_style(&name);
                }
                if button(ui, "Rename", format!("Rename {name}")).clicked() {
                    state.renaming = Some((name.clone(), name.clone()));
                }
                if button(ui, "Remove", format!("Remove {name}")).clicked() {
                    state.run("layer.remove", json!({ "layer": name }));
                }
            });
        }
    });
    if let Some((layer, to)) = dropped {
        state.run("layer.move", json!({ "layer": layer, "position": to }));
    }
}

/// The handle a layer is dragged by: three short lines.
fn grip(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 14.0), egui::Sense::hover());
    let stroke = egui::Stroke::new(1.5, ui.visuals().weak_text_color());
    for dy in [-4.0, 0.0, 4.0] {
        ui.painter().hline(rect.x_range().shrink(1.0), rect.center().y + dy, stroke);
    }
}
