//! The attribute table of the user's active layer: filter, sort, rows that select, cells that
//! edit (double-click, or right-click ▸ Edit value), and the field calculator.

use egui::RichText;
use serde_json::json;

use super::AppState;
use super::widgets::{error_label, named, shift_click};
use crate::table::CellEdit;

/// The attribute table of the user's active layer: a filter expression (its error shows when it
/// does not parse), column headers that sort, and rows that select the feature on the map
/// (Shift adds or removes it). Every selection is `feature.select` run as the user. A cell
/// double-clicked (or right-clicked ▸ Edit value) becomes a text field: Enter stores the value
/// as `feature.update` run as the user (one undo step), Escape leaves it as it was.
pub fn attribute_table(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(layer) = state.host.active_layer().map(str::to_owned) else {
        ui.horizontal(|ui| {
            ui.label("Click a layer's name in the Layers pane to see its attribute table.");
            if ui.button("Close").clicked() {
                state.table.open = false;
            }
        });
        return;
    };
    let selected =
        state.host.session().project().layer(&layer).map(|l| l.selection.as_ref().clone()).unwrap_or_default();
    let mut select: Option<(Vec<rustgis_core::FeatureId>, bool)> = None;
    let mut select_matching = false;
    let mut zoom_to_selected = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Attribute table: {layer}"));
        let filter = ui.add(
            egui::TextEdit::singleline(&mut state.table.filter)
                .hint_text("Filter: an expression, e.g. pop_est > 100000000")
                .desired_width(320.0),
        );
        named(&filter, egui::Role::TextInput, "Filter expression");
        if ui.button("Select all shown").clicked() {
            select_matching = true;
        }
        if ui.add_enabled(!selected.is_empty(), egui::Button::new("Clear selection")).clicked() {
            select = Some((Vec::new(), false));
        }
        let only = ui
            .toggle_value(&mut state.table.selected_only, "Show selected only")
            .on_hover_text("Only the selected features' rows (and the filter's, when one is typed)");
        named(&only, egui::Role::Button, "Show selected only");
        let zoom = ui
            .add_enabled(!selected.is_empty(), egui::Button::new("Zoom to selected"))
            .on_hover_text("Frame the selected features on the map");
        if zoom.clicked() {
            zoom_to_selected = true;
        }
        ui.toggle_value(&mut state.identify_tool, "Identify");
        let mut calculating = state.calculator.is_some();
        let toggle = ui
            .toggle_value(&mut calculating, "Field calculator")
            .on_hover_text("Fill a field, new or existing, from an expression");
        named(&toggle, egui::Role::Button, "Field calculator");
        if toggle.changed() {
            state.calculator = calculating.then(FieldCalculator::default);
        }
        if ui.button("Close").clicked() {
            state.table.open = false;
        }
    });
    if zoom_to_selected && let Some(extent) = crate::map::selection_extent(state.host.session().project(), &layer) {
        state.canvas.go_to(crate::map::MapView::fit(&extent, state.canvas.size));
    }
    field_calculator(ui, state, &layer, !selected.is_empty());
    let sort = state.table.sort.clone();
    let mut sort_by = None;
    let mut edit_start: Option<CellEdit> = None;
    let mut edit_end: Option<bool> = None;
    // An edit begun in another layer's table ends unstored (the active layer changed meanwhile).
    let mut editing = state.table.editing.take().filter(|e| e.layer == layer);
    match state.table.rows(&mut state.host, &layer) {
        Err(e) => {
            error_label(ui, e.as_str());
        }
        Ok(rows) => {
            ui.label(format!("{} of {} rows, {} selected", rows.rows.len(), rows.total, selected.len()));
            let width = 120.0;
            let height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            // The rows scroll inside the panel's height, leaving room for the header row and its
            // spacing: content taller than the panel would make it grow frame after frame (the
            // panel fills what is left below them, so shorter does not shrink it).
            let rows_height = (ui.available_height() - height - 16.0).max(3.0 * height);
            egui::ScrollArea::horizontal().show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.add_sized([56.0, height], egui::Label::new(RichText::new("fid").strong()));
                    for field in &rows.fields {
                        let sorted = sort.as_ref().filter(|s| s.field == *field).map(|s| s.descending);
                        let header = ui
                            .add(
                                egui::Button::new(RichText::new(field).strong())
                                    .min_size(egui::vec2(width, height))
                                    .truncate(),
                            )
                            .on_hover_text(format!("Sort by {field}"));
                        named(&header, egui::Role::Button, format!("Sort by {field}"));
                        if let Some(descending) = sorted {
                            sort_arrow(ui, header.rect, descending);
                        }
                        if header.clicked() {
                            sort_by = Some(field.clone());
                        }
                    }
                });
                egui::ScrollArea::vertical().auto_shrink([false, true]).max_height(rows_height).show_rows(
                    ui,
                    height,
                    rows.rows.len(),
                    |ui, range| {
                        for (fid, cells) in &rows.rows[range] {
                            let is_selected = selected.contains(fid);
                            ui.horizontal(|ui| {
                                let mut clicked = ui
                                    .add(
                                        egui::Button::selectable(is_selected, fid.to_string())
                                            .min_size(egui::vec2(56.0, height)),
                                    )
                                    .clicked();
                                for (field, cell) in rows.fields.iter().zip(cells) {
                                    if let Some(edit) = editing.as_mut().filter(|e| e.fid == *fid && e.field == *field)
                                    {
                                        let text =
                                            ui.add_sized([width, height], egui::TextEdit::singleline(&mut edit.text));
                                        named(&text, egui::Role::TextInput, "Edit cell value");
                                        if !text.has_focus() && !text.lost_focus() {
                                            text.request_focus();
                                        }
                                        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                                            edit_end = Some(false);
                                        } else if text.lost_focus() {
                                            edit_end = Some(ui.input(|i| i.key_pressed(egui::Key::Enter)));
                                        }
                                        continue;
                                    }
                                    let button = ui.add(
                                        egui::Button::selectable(is_selected, cell.as_str())
                                            .min_size(egui::vec2(width, height))
                                            .truncate(),
                                    );
                                    clicked |= button.clicked();
                                    if button.double_clicked() {
                                        edit_start = Some(CellEdit::of(&layer, *fid, field, cell));
                                    }
                                    button.context_menu(|ui| {
                                        if ui.button("Edit value").clicked() {
                                            edit_start = Some(CellEdit::of(&layer, *fid, field, cell));
                                            ui.close();
                                        }
                                    });
                                }
                                if clicked {
                                    select = Some((vec![*fid], shift_click(ui)));
                                }
                            });
                        }
                    },
                );
                // Room for the floating horizontal scroll bar, so it never covers the last row.
                ui.add_space(12.0);
            });
        }
    }
    if let Some(start) = edit_start {
        state.table.editing = Some(start);
    } else if let Some(edit) = editing {
        match edit_end {
            Some(true) => store_cell(state, &edit),
            Some(false) => {}
            None => state.table.editing = Some(edit),
        }
    }
    if let Some(field) = sort_by {
        state.table.toggle_sort(&field);
    }
    if select_matching {
        let filter = state.table.filter.trim();
        let filter = if filter.is_empty() { "TRUE".to_owned() } else { filter.to_owned() };
        state.run("feature.select", json!({ "layer": layer, "where": filter }));
    }
    if let Some((ids, add)) = select {
        state.select(&layer, &ids, add);
    }
}

/// Stores an edited cell's text as `feature.update` run as the user (one undo step); a text the
/// field's type cannot hold is refused with the reason in the status bar, and nothing changes.
fn store_cell(state: &mut AppState, edit: &CellEdit) {
    let field_type = state
        .host
        .session()
        .project()
        .layer(&edit.layer)
        .and_then(|l| l.fields.iter().find(|f| f.name == edit.field).map(|f| f.field_type));
    let Some(field_type) = field_type else { return };
    match edit.update_params(field_type) {
        Ok(params) => {
            if state.run("feature.update", params) {
                state.messages.notice(format!("{} of feature {} is now {}", edit.field, edit.fid, edit.text.trim()));
            }
        }
        Err(why) => state.messages.error(why),
    }
}

/// The field calculator's form: the field to fill (an existing one, or a new one of `new_type`),
/// the expression, and whether only the selected features change.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldCalculator {
    /// The field's name, as typed.
    pub field: String,
    /// The type of a new field.
    pub new_type: rustgis_core::FieldType,
    /// The expression giving each feature's value (core's expression language).
    pub expression: String,
    /// Only the selected features (an existing field only: a new field is filled for every one).
    pub selected_only: bool,
}

impl Default for FieldCalculator {
    fn default() -> Self {
        FieldCalculator {
            field: String::new(),
            new_type: rustgis_core::FieldType::Float,
            expression: String::new(),
            selected_only: false,
        }
    }
}

/// The field calculator under the table's toolbar, while it is on: `field.add` for a new field,
/// `field.calculate` for an existing one (of the selected features only, when asked), run as the
/// user, so each is one undo step.
fn field_calculator(ui: &mut egui::Ui, state: &mut AppState, layer: &str, any_selected: bool) {
    let Some(form) = &mut state.calculator else { return };
    let existing = state
        .host
        .session()
        .project()
        .layer(layer)
        .is_some_and(|l| l.fields.iter().any(|f| f.name == form.field.trim()));
    let mut apply = false;
    ui.horizontal_wrapped(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut form.field).hint_text("a field, new or existing").desired_width(140.0),
        );
        named(&field, egui::Role::TextInput, "Field to calculate");
        if existing {
            ui.label("(existing)");
        } else {
            egui::ComboBox::from_label("type").selected_text(form.new_type.name()).show_ui(ui, |ui| {
                for kind in rustgis_core::FieldType::ALL {
                    ui.selectable_value(&mut form.new_type, kind, kind.name());
                }
            });
        }
        ui.label("=");
        let expression = ui.add(
            egui::TextEdit::singleline(&mut form.expression)
                .hint_text("an expression, e.g. pop_est / ($area / 1000000)")
                .desired_width(280.0),
        );
        named(&expression, egui::Role::TextInput, "Field expression");
        let only = ui.add_enabled(
            existing && any_selected,
            egui::Checkbox::new(&mut form.selected_only, "Only the selected features"),
        );
        named(&only, egui::Role::CheckBox, "Only the selected features");
        let ready = !form.field.trim().is_empty() && !form.expression.trim().is_empty();
        apply = ui.add_enabled(ready, egui::Button::new("Calculate")).clicked();
    });
    if !apply {
        return;
    }
    let (field, expression) = (form.field.trim().to_owned(), form.expression.trim().to_owned());
    let ran = if existing {
        let selected = form.selected_only && any_selected;
        state.run(
            "field.calculate",
            json!({ "layer": layer, "field": field, "expression": expression, "selected": selected }),
        )
    } else {
        let kind = form.new_type.name();
        state.run("field.add", json!({ "layer": layer, "name": field, "type": kind, "expression": expression }))
    };
    if ran {
        state.messages.notice(format!("{field} calculated as {expression}"));
    }
}

/// A small triangle at the right of a sorted column's header: up for ascending, down for
/// descending (drawn, as egui's default fonts have no arrow glyphs).
fn sort_arrow(ui: &egui::Ui, header: egui::Rect, descending: bool) {
    let center = egui::pos2(header.right() - 8.0, header.center().y);
    let (tip, base) = if descending { (4.0, -4.0) } else { (-4.0, 4.0) };
    let points = vec![center + egui::vec2(0.0, tip), center + egui::vec2(-4.0, base), center + egui::vec2(4.0, base)];
    ui.painter().add(egui::Shape::convex_polygon(points, ui.visuals().strong_text_color(), egui::Stroke::NONE));
}
