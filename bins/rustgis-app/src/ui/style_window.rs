//! The Layer Styling panel, docked beside the map: the style's form, the class table, labels,
//! the live preview and Apply.

use egui::{Color32, RichText};
use rustgis_core::{Color, GeometryKind, Style, Symbol};

use super::AppState;
use super::widgets::{error_label, form_grid, named};
use crate::style_dialog::{ClassEdit, RULES, STYLE_KINDS, StyleDialog};

/// The Layer Styling panel: single symbol, categorized, graduated (or the layer's rules) with
/// the parameters of their commands, the class table (each class's colour, value or range, and
/// label, editable), labels (field, size, priority), a live preview on the map, and Apply (the
/// same commands, run as the user). Returns whether it is still open.
pub(super) fn style_panel(ui: &mut egui::Ui, state: &mut AppState) -> bool {
    let mut open = true;
    ui.horizontal(|ui| {
        ui.heading("Layer Styling");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            open = !ui.button("Close").on_hover_text("Close the styling panel").clicked();
        });
    });
    // Wide content scrolls inside the panel instead of spreading over the History pane.
    egui::ScrollArea::both().auto_shrink([false, false]).show(ui, |ui| style_window(ui, state));
    open
}

fn style_window(ui: &mut egui::Ui, state: &mut AppState) {
    // Fields narrow enough for the docked panel; their hints say the rest.
    ui.spacing_mut().text_edit_width = 170.0;
    let Some(dialog) = &mut state.style else { return };
    let Some(layer) = state.host.session().project().layer(&dialog.layer).cloned() else {
        ui.label(format!("{} is gone", dialog.layer));
        return;
    };
    ui.strong(&dialog.layer);
    ui.horizontal_wrapped(|ui| {
        for (kind, (label, _)) in STYLE_KINDS.iter().enumerate() {
            if kind != RULES || dialog.had_rules {
                ui.radio_value(&mut dialog.kind, kind, *label);
            }
        }
    });
    let before = dialog.preview_key();
    let kind = dialog.kind;
    let mut form = dialog.forms[kind].clone();
    let command = form.command.clone();
    form_grid(ui, "style form", "Parameter", &mut form, &|field| dialog.choices(&command, field, &layer));
    if let Some(ramp) = form.fields.iter().find(|f| f.name == "ramp") {
        ramp_row(ui, &ramp.text);
    }
    dialog.forms[kind] = form;
    dialog.settle_class_edits();
    if let Some(style) = dialog.previewed().and_then(|p| p.layer(&dialog.layer)).map(|l| l.style.clone()) {
        class_table(ui, dialog, &style, layer.geometry_kind());
    }
    ui.separator();
    ui.checkbox(&mut dialog.labels, "Labels");
    if dialog.labels {
        let mut form = dialog.label_form.clone();
        form_grid(ui, "label form", "Label", &mut form, &|field| dialog.choices("label.set", field, &layer));
        dialog.label_form = form;
    }
    let preview = dialog.preview(&state.host).map(|_| ());
    if dialog.preview_key() != before {
        ui.ctx().request_repaint();
    }
    if let Err(e) = &preview {
        error_label(ui, e.as_str());
    }
    let apply = ui.add_enabled(preview.is_ok(), egui::Button::new("Apply")).clicked();
    if apply {
        let mut dialog = state.style.take().expect("the dialog is open");
        if let Err(e) = dialog.apply(&mut state.host) {
            state.fail(&e);
        }
        state.style = Some(dialog);
    }
}

/// The classes of the previewed style, one row each: its colour (a colour button), its value or
/// range (a graduated class's upper bound editable), its label (editable). A change becomes a
/// class edit of the dialog, previewed at once.
fn class_table(ui: &mut egui::Ui, dialog: &mut StyleDialog, style: &Style, kind: GeometryKind) {
    let rows: Vec<ClassRow> = match style {
        Style::Categorized { categories, .. } => categories
            .iter()
            .map(|c| ClassRow {
                symbol: c.symbol.clone(),
                value: c.value.to_string(),
                upper: None,
                label: c.label.clone(),
            })
            .collect(),
        Style::Graduated { classes, .. } => classes
            .iter()
            .map(|c| ClassRow {
                symbol: c.symbol.clone(),
                value: format!("{} –", rustgis_core::classify::format_number(c.lower)),
                upper: Some(c.upper),
                label: c.label.clone(),
            })
            .collect(),
        Style::Rules { rules } => rules
            .iter()
            .map(|r| ClassRow {
                symbol: r.symbol.clone(),
                value: r.filter.clone().unwrap_or_else(|| if r.is_else { "else".to_owned() } else { String::new() }),
                upper: None,
                label: r.label.clone(),
            })
            .collect(),
        _ => return,
    };
    ui.separator();
    ui.label(RichText::new(format!("{} classes", rows.len())).strong());
    let hidden = rows.len().saturating_sub(MAX_TABLE_ROWS);
    egui::Grid::new("class table").num_columns(3).striped(true).show(ui, |ui| {
        ui.label("Colour");
        ui.label(if matches!(style, Style::Graduated { .. }) { "Range" } else { "Value" });
        ui.label("Label");
        ui.end_row();
        for (index, row) in rows.into_iter().enumerate().take(MAX_TABLE_ROWS) {
            let mut edit = dialog.class_edits.get(&index).cloned().unwrap_or_default();
            let mut color = main_color(&row.symbol, kind);
            let button = egui::color_picker::color_edit_button_srgba(ui, &mut color, egui::color_picker::Alpha::Opaque);
            named(&button, egui::Role::Button, format!("Class {index} colour"));
            if button.changed() {
                edit.color = Some(format!("#{:02x}{:02x}{:02x}", color.r(), color.g(), color.b()));
            }
            ui.horizontal(|ui| {
                ui.label(&row.value);
                if let Some(mut upper) = row.upper {
                    let speed = upper.abs().max(1.0) * 0.01;
                    let drag = ui.add(egui::DragValue::new(&mut upper).speed(speed));
                    named(&drag, egui::Role::SpinButton, format!("Class {index} upper bound"));
                    if drag.changed() {
                        edit.upper = Some(upper);
                    }
                }
            });
            let mut label = row.label.clone();
            let field = ui.add(egui::TextEdit::singleline(&mut label).desired_width(150.0));
            named(&field, egui::Role::TextInput, format!("Class {index} label"));
            if field.changed() {
                edit.label = Some(label);
            }
            ui.end_row();
            if edit != ClassEdit::default() {
                dialog.class_edits.insert(index, edit);
            }
        }
    });
    if hidden > 0 {
        ui.label(
            RichText::new(format!(
                "and {hidden} more classes, not listed here: change them with style.setClass (Ctrl+K), or classify by a field with fewer values"
            ))
            .weak(),
        );
    }
}

/// The chosen colour ramp as a strip of its colours (viridis when none is chosen, as
/// `style.graduated` takes it); a name no ramp has shows nothing (the form says why).
fn ramp_row(ui: &mut egui::Ui, name: &str) {
    let name = if name.is_empty() { "viridis" } else { name };
    let Ok(ramp) = rustgis_core::ramps::Ramp::by_name(name) else { return };
    ui.horizontal(|ui| {
        ui.label("ramp colours");
        let (rect, response) = ui.allocate_exact_size(egui::vec2(170.0, 14.0), egui::Sense::hover());
        let colors = ramp.colors(24);
        let step = rect.width() / colors.len() as f32;
        for (i, Color { r, g, b, .. }) in colors.into_iter().enumerate() {
            let cell = egui::Rect::from_min_size(
                rect.min + egui::vec2(step * i as f32, 0.0),
                egui::vec2(step + 0.5, rect.height()),
            );
            ui.painter().rect_filled(cell, 0.0, Color32::from_rgb(r, g, b));
        }
        named(&response, egui::Role::Image, format!("Ramp {name}"));
    });
}

/// The most classes the table lists; the others are named in a line under it.
const MAX_TABLE_ROWS: usize = 64;

/// One row of the class table.
struct ClassRow {
    symbol: Symbol,
    value: String,
    upper: Option<f64>,
    label: String,
}

/// A symbol's main colour (the stroke of lines, the fill of anything else) for a colour button;
/// transparent for none.
fn main_color(symbol: &Symbol, kind: GeometryKind) -> Color32 {
    symbol.main_color(kind).map_or(Color32::TRANSPARENT, |Color { r, g, b, .. }| Color32::from_rgb(r, g, b))
}
