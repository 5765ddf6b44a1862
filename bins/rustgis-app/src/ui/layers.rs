//! The Layers pane: the layer tree (groups with their own switches), visibility, the active
//! layer, order by drag and drop, and each layer's and group's buttons.

use serde_json::json;

use super::AppState;
use super::widgets::{button, named};

/// What a layer dragged in the Layers pane carries: its name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DraggedLayer(String);

/// One row of the layer tree, top first: a group's heading or a layer, indented by its depth.
enum Row {
    Group { path: String, visible: bool, depth: usize },
    Layer { name: String, visible: bool, depth: usize },
}

/// The layer tree's rows, top first: each group's heading above its layers and groups (a group's
/// layers are next to each other in the drawing order, so each heading comes once).
fn rows(project: &rustgis_core::Project) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut open: Vec<String> = Vec::new();
    for layer in project.layers.iter().rev() {
        let chain: Vec<String> = layer.group.as_deref().map_or_else(Vec::new, |path| {
            path.match_indices('/').map(|(i, _)| path[..i].to_owned()).chain([path.to_owned()]).collect()
        });
        let common = open.iter().zip(&chain).take_while(|(a, b)| a == b).count();
        open.truncate(common);
        for path in &chain[common..] {
            let visible = project.groups.iter().find(|g| &g.path == path).is_none_or(|g| g.visible);
            rows.push(Row::Group { path: path.clone(), visible, depth: open.len() });
            open.push(path.clone());
        }
        rows.push(Row::Layer { name: layer.name.clone(), visible: layer.visible, depth: open.len() });
    }
    rows
}

/// A group's own name: the last of its path.
fn group_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The Layers pane, top layer first: groups with a switch each (hiding a group hides everything
/// in it), up/down and ungroup; each layer's visibility, the user's active layer, order (drag a
/// layer by its handle onto another to put it just above, in that layer's group, or
/// **Up**/**Down**), zoom, table, style, group, rename and remove.
pub fn layers_pane(ui: &mut egui::Ui, state: &mut AppState) {
    ui.heading("Layers");
    let rows = rows(state.host.session().project());
    // Feature counts, for the layers the user asked them of (Count refuses layers without features).
    let counts: std::collections::HashMap<String, usize> = state
        .counted_layers
        .iter()
        .filter_map(|name| state.host.session().project().layer(name).map(|l| (name.clone(), l.features.len())))
        .collect();
    let legends: std::collections::HashMap<String, Vec<(egui::Color32, String)>> =
        state.host.session().project().layers.iter().map(|l| (l.name.clone(), legend_of(l))).collect();
    let active = state.host.active_layer().map(str::to_owned);
    let mut dropped: Option<(String, String)> = None;
    let mut chosen: Option<(LayerAction, String)> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for row in rows {
            let (name, visible, depth) = match row {
                Row::Group { path, visible, depth } => {
                    group_row(ui, state, &path, visible, depth);
                    continue;
                }
                Row::Layer { name, visible, depth } => (name, visible, depth),
            };
            let indent = 16.0 * depth as f32;
            let row_response = ui.horizontal(|ui| {
                ui.add_space(indent);
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
                if let Some(group) = edited_in_place(ui, &mut state.grouping, &name, format!("Group for {name}")) {
                    let group = if group.is_empty() { serde_json::Value::Null } else { json!(group) };
                    state.run("layer.group", json!({ "layers": [name], "group": group }));
                    return;
                }
                if let Some(new_name) = edited_in_place(ui, &mut state.renaming, &name, format!("New name for {name}"))
                {
                    if !new_name.is_empty() && new_name != name {
                        state.run("layer.rename", json!({ "layer": name, "name": new_name }));
                    }
                    return;
                }
                if state.grouping.as_ref().is_some_and(|(n, _)| *n == name)
                    || state.renaming.as_ref().is_some_and(|(n, _)| *n == name)
                {
                    return;
                }
                if let Some([(color, _)]) = legends.get(&name).map(Vec::as_slice) {
                    swatch(ui, *color);
                }
                let shown_name = match counts.get(&name) {
                    Some(count) => format!("{name} [{count}]"),
                    _ => name.clone(),
                };
                let label = ui.selectable_label(active.as_deref() == Some(name.as_str()), shown_name);
                if label.double_clicked() {
                    // As in QGIS: a double-click opens the layer's styling.
                    chosen = Some((LayerAction::Style, name.clone()));
                }
                if label.clicked()
                    && let Err(e) = state.host.select_layer(&name)
                {
                    state.fail(&e);
                }
                // Right-click: the same actions as the buttons, as in QGIS's layer tree.
                label.context_menu(|ui| {
                    for action in LayerAction::ALL {
                        let item = ui.button(action.menu_text());
                        named(&item, egui::Role::Button, format!("{} ({name})", action.menu_text()));
                        if item.clicked() {
                            chosen = Some((action, name.clone()));
                            ui.close();
                        }
                    }
                });
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
                dropped = Some((dragged.0.clone(), name.clone()));
            }
            if let Some(classes) = legends.get(&name).filter(|classes| classes.len() > 1) {
                ui.horizontal(|ui| {
                    ui.add_space(indent + 24.0);
                    let header = egui::CollapsingHeader::new(format!("{} classes", classes.len()))
                        .id_salt(("classes of", &name))
                        .show(ui, |ui| {
                            for (color, label) in classes {
                                ui.horizontal(|ui| {
                                    swatch(ui, *color);
                                    ui.label(label);
                                });
                            }
                        });
                    named(&header.header_response, egui::Role::Button, format!("Classes of {name}"));
                });
            }
            // One row per layer, as QGIS's tree: the active layer's actions show under it (every
            // layer's are in its right-click menu), wrapping so the pane stays narrow.
            if active.as_deref() == Some(name.as_str()) {
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(indent + 24.0);
                    for action in LayerAction::ALL {
                        if button(ui, action.button_text(), action.hover(&name)).clicked() {
                            chosen = Some((action, name.clone()));
                        }
                    }
                });
            }
        }
    });
    if let Some((action, name)) = chosen {
        action.apply(state, &name);
    }
    if let Some((layer, above)) = dropped {
        state.run("layer.move", json!({ "layer": layer, "above": above }));
    }
}

/// A text typed in place of the layer `name`'s label while `editing` names it: the field (named
/// `label`) and its OK button; the text, trimmed, once it is done (OK, or the field left), and
/// the editing over.
fn edited_in_place(
    ui: &mut egui::Ui,
    editing: &mut Option<(String, String)>,
    name: &str,
    label: String,
) -> Option<String> {
    let (layer, text) = editing.as_mut()?;
    if layer != name {
        return None;
    }
    let response = ui.text_edit_singleline(text);
    named(&response, egui::Role::TextInput, label);
    if !(response.lost_focus() || ui.button("OK").clicked()) {
        return None;
    }
    let typed = text.trim().to_owned();
    *editing = None;
    Some(typed)
}

/// What a layer's buttons (and its right-click menu) do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LayerAction {
    Up,
    Down,
    Zoom,
    Table,
    Style,
    Group,
    Rename,
    Duplicate,
    Count,
    Export,
    Remove,
}

impl LayerAction {
    /// Every action, in the order the buttons and the menu show them.
    const ALL: [LayerAction; 11] = [
        LayerAction::Up,
        LayerAction::Down,
        LayerAction::Zoom,
        LayerAction::Table,
        LayerAction::Style,
        LayerAction::Group,
        LayerAction::Rename,
        LayerAction::Duplicate,
        LayerAction::Count,
        LayerAction::Export,
        LayerAction::Remove,
    ];

    /// The button's word.
    fn button_text(self) -> &'static str {
        match self {
            LayerAction::Up => "Up",
            LayerAction::Down => "Down",
            LayerAction::Zoom => "Zoom",
            LayerAction::Table => "Table",
            LayerAction::Style => "Style",
            LayerAction::Group => "Group",
            LayerAction::Rename => "Rename",
            LayerAction::Duplicate => "Duplicate",
            LayerAction::Count => "Count",
            LayerAction::Export => "Export",
            LayerAction::Remove => "Remove",
        }
    }

    /// The menu item's words.
    fn menu_text(self) -> &'static str {
        match self {
            LayerAction::Up => "Move up",
            LayerAction::Down => "Move down",
            LayerAction::Zoom => "Zoom to layer",
            LayerAction::Table => "Open attribute table",
            LayerAction::Style => "Style…",
            LayerAction::Group => "Put in a group…",
            LayerAction::Rename => "Rename…",
            LayerAction::Duplicate => "Duplicate layer",
            LayerAction::Count => "Show feature count",
            LayerAction::Export => "Export…",
            LayerAction::Remove => "Remove layer",
        }
    }

    /// The button's hover text and accessible name, naming the layer.
    fn hover(self, name: &str) -> String {
        match self {
            LayerAction::Up => format!("Move {name} up"),
            LayerAction::Down => format!("Move {name} down"),
            LayerAction::Zoom => format!("Zoom to {name}"),
            LayerAction::Table => format!("Attribute table of {name}"),
            LayerAction::Style => format!("Style {name}"),
            LayerAction::Group => format!("Put {name} in a group"),
            LayerAction::Rename => format!("Rename {name}"),
            LayerAction::Duplicate => format!("Duplicate {name}"),
            LayerAction::Count => format!("Show or hide how many features {name} has"),
            LayerAction::Export => format!("Export {name} to a file"),
            LayerAction::Remove => format!("Remove {name}"),
        }
    }

    /// Does it to the layer `name`, as the user.
    fn apply(self, state: &mut AppState, name: &str) {
        match self {
            LayerAction::Up => {
                state.run("layer.move", json!({ "layer": name, "position": "up" }));
            }
            LayerAction::Down => {
                state.run("layer.move", json!({ "layer": name, "position": "down" }));
            }
            LayerAction::Zoom => state.zoom_to_layer(name),
            LayerAction::Table => match state.host.select_layer(name) {
                Ok(()) => state.table.open = true,
                Err(e) => state.fail(&e),
            },
            LayerAction::Style => state.open_style(name),
            LayerAction::Group => {
                let current = state.host.session().project().layer(name).and_then(|l| l.group.clone());
                state.grouping = Some((name.to_owned(), current.unwrap_or_default()));
            }
            LayerAction::Rename => state.renaming = Some((name.to_owned(), name.to_owned())),
            LayerAction::Duplicate => {
                state.run("layer.duplicate", json!({ "layer": name }));
            }
            LayerAction::Count => {
                let layer = state.host.session().project().layer(name);
                let uncountable = match layer {
                    Some(l) if l.is_raster() => Some("a raster layer: it has cells, not features"),
                    Some(l) if l.is_web() => Some("a web layer: its tiles or images have no features"),
                    Some(l) if l.postgis().is_some() => {
                        Some("a PostGIS layer: its features stay in the database (table.read counts them)")
                    }
                    _ => None,
                };
                if let Some(why) = uncountable {
                    state.messages.notice(format!("{name} has no feature count to show: {why}"));
                } else if !state.counted_layers.remove(name) {
                    state.counted_layers.insert(name.to_owned());
                }
            }
            LayerAction::Export => state.export_layer(name),
            LayerAction::Remove => {
                state.run("layer.remove", json!({ "layer": name }));
            }
        }
    }
}

/// A group's heading: its switch and name, then up, down and ungroup.
fn group_row(ui: &mut egui::Ui, state: &mut AppState, path: &str, visible: bool, depth: usize) {
    ui.horizontal(|ui| {
        ui.add_space(16.0 * depth as f32);
        let mut shown = visible;
        let check = ui.checkbox(&mut shown, "").on_hover_text(format!("Show group {path}"));
        named(&check, egui::Role::CheckBox, format!("Show group {path}"));
        if check.changed() {
            state.run("layer.setGroupVisible", json!({ "group": path, "visible": shown }));
        }
        let heading = ui.label(egui::RichText::new(group_name(path)).strong());
        named(&heading, egui::Role::Label, format!("Group {path}"));
        if button(ui, "Up", format!("Move group {path} up")).clicked() {
            state.run("layer.moveGroup", json!({ "group": path, "position": "up" }));
        }
        if button(ui, "Down", format!("Move group {path} down")).clicked() {
            state.run("layer.moveGroup", json!({ "group": path, "position": "down" }));
        }
        if button(ui, "Ungroup", format!("Ungroup {path}")).clicked() {
            state.run("layer.ungroup", json!({ "group": path }));
        }
    });
}

/// The handle a layer is dragged by: three short lines.
fn grip(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 14.0), egui::Sense::hover());
    let stroke = egui::Stroke::new(1.5, ui.visuals().weak_text_color());
    for dy in [-4.0, 0.0, 4.0] {
        ui.painter().hline(rect.x_range().shrink(1.0), rect.center().y + dy, stroke);
    }
}

/// A layer's legend for the layer tree: one colour and label per class (category, graduated
/// class or rule), or the one symbol's colour; none for a raster or web layer.
fn legend_of(layer: &rustgis_core::Layer) -> Vec<(egui::Color32, String)> {
    use rustgis_core::{Style, Symbol};
    if layer.is_raster() || layer.is_web() {
        return Vec::new();
    }
    let kind = layer.geometry_kind();
    let color = |symbol: &Symbol| {
        // A polygon drawn as an outline only shows its outline's colour.
        symbol
            .main_color(kind)
            .or(symbol.stroke)
            .map_or(egui::Color32::TRANSPARENT, |c| egui::Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a))
    };
    match &layer.style {
        Style::Single { symbol } => vec![(color(symbol), layer.name.clone())],
        Style::Categorized { categories, .. } => {
            categories.iter().map(|c| (color(&c.symbol), c.label.clone())).collect()
        }
        Style::Graduated { classes, .. } => classes.iter().map(|c| (color(&c.symbol), c.label.clone())).collect(),
        Style::Rules { rules } => rules.iter().map(|r| (color(&r.symbol), r.label.clone())).collect(),
        _ => Vec::new(),
    }
}

/// A small square of a legend colour.
fn swatch(ui: &mut egui::Ui, color: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, color);
    ui.painter().rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(110)),
        egui::StrokeKind::Inside,
    );
}
