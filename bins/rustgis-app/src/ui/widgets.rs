//! What the panels share: forms as grids, small named buttons, accessible names, and the Shift
//! of a click.

use egui::{Color32, RichText};

use crate::form::{FieldKind, Form, FormField};

/// Whether the click of this frame was made with Shift held (read from the click itself, as
/// the modifiers may be released in the same frame).
pub(super) fn shift_click(ui: &egui::Ui) -> bool {
    ui.input(|i| {
        i.events
            .iter()
            .rev()
            .find_map(|event| match event {
                egui::Event::PointerButton { button: egui::PointerButton::Primary, modifiers, .. } => {
                    Some(modifiers.shift)
                }
                _ => None,
            })
            .unwrap_or(i.modifiers.shift)
    })
}

/// A form's fields as a grid: a tick box, a list to choose from, or a text field each, named
/// `{prefix} {name}` (`Parameter width`, `Label size`) for screen readers and tests. `choices` gives a field a fixed list (the
/// style dialog's field and ramp names) over what its schema says. Returns whether a field
/// changed.
pub(super) fn form_grid(
    ui: &mut egui::Ui,
    id_salt: &str,
    prefix: &str,
    form: &mut Form,
    choices: &dyn Fn(&FormField) -> Option<Vec<String>>,
) -> bool {
    egui::Grid::new(id_salt).num_columns(2).show(ui, |ui| form_rows(ui, id_salt, prefix, form, choices)).inner
}

/// The rows of [`form_grid`], for a grid that has rows of its own as well (the Add PostGIS Layer
/// dialog's password below the connection's fields).
pub(super) fn form_rows(
    ui: &mut egui::Ui,
    id_salt: &str,
    prefix: &str,
    form: &mut Form,
    choices: &dyn Fn(&FormField) -> Option<Vec<String>>,
) -> bool {
    let mut changed = false;
    for field in &mut form.fields {
        let name = if field.required { format!("{} *", field.name) } else { field.name.clone() };
        ui.label(&name).on_hover_text(&field.description);
        let listed = choices(field).or_else(|| match &field.kind {
            FieldKind::Choice(listed) => Some(listed.clone()),
            _ => None,
        });
        match (&field.kind, listed) {
            (FieldKind::Bool, _) => {
                let check = ui.checkbox(&mut field.checked, "");
                named(&check, egui::Role::CheckBox, format!("{prefix} {}", field.name));
                changed |= check.changed();
            }
            (_, Some(listed)) => {
                let shown = if field.text.is_empty() { "(default)".to_owned() } else { field.text.clone() };
                let before = field.text.clone();
                let combo =
                    egui::ComboBox::from_id_salt((id_salt, &field.name)).selected_text(shown).show_ui(ui, |ui| {
                        if !field.required {
                            ui.selectable_value(&mut field.text, String::new(), "(default)");
                        }
                        for choice in &listed {
                            ui.selectable_value(&mut field.text, choice.clone(), choice);
                        }
                    });
                named(&combo.response, egui::Role::ComboBox, format!("{prefix} {}", field.name));
                changed |= field.text != before;
            }
            _ => {
                let edit = ui.add(egui::TextEdit::singleline(&mut field.text).hint_text(&field.description));
                named(&edit, egui::Role::TextInput, format!("{prefix} {}", field.name));
                changed |= edit.changed();
            }
        }
        ui.end_row();
    }
    changed
}

/// The colour of errors and failures.
pub(super) const ERROR_RED: Color32 = Color32::from_rgb(200, 30, 30);

/// A text in [`ERROR_RED`]: a form's or a command's error.
pub(super) fn error_label(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(RichText::new(text).color(ERROR_RED));
}

/// A small button whose hover text is also its accessible name (what screen readers and the
/// tests find it by).
pub(super) fn button(ui: &mut egui::Ui, text: &str, name: String) -> egui::Response {
    let response = ui.small_button(text).on_hover_text(&name);
    named(&response, egui::Role::Button, name);
    response
}

pub(super) fn named(response: &egui::Response, role: egui::Role, name: impl ToString) {
    let name = name.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(role, true, &name));
}
