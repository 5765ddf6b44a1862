//! The style dialog's window: the style's form, labels, the live preview and Apply.

use super::AppState;
use super::widgets::{error_label, form_grid};
use crate::style_dialog::STYLE_KINDS;

/// The style dialog: single symbol, categorized or graduated with the parameters of their
/// commands, labels (field, size, priority), a live preview on the map, and Apply (the same
/// commands, run as the user).
pub(super) fn style_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(dialog) = &mut state.style else { return };
    let Some(layer) = state.host.session().project().layer(&dialog.layer).cloned() else {
        ui.label(format!("{} is gone", dialog.layer));
        return;
    };
    ui.strong(&dialog.layer);
    ui.horizontal(|ui| {
        for (kind, (label, _)) in STYLE_KINDS.iter().enumerate() {
            ui.radio_value(&mut dialog.kind, kind, *label);
        }
    });
    let before = dialog.preview_key();
    let kind = dialog.kind;
    let mut form = dialog.forms[kind].clone();
    let command = form.command.clone();
    egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
        form_grid(ui, "style form", "Parameter", &mut form, &|field| dialog.choices(&command, field, &layer));
    });
    dialog.forms[kind] = form;
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
    let mut apply = false;
    let mut close = false;
    ui.horizontal(|ui| {
        apply = ui.add_enabled(preview.is_ok(), egui::Button::new("Apply")).clicked();
        close = ui.button("Close").clicked();
    });
    if apply {
        let mut dialog = state.style.take().expect("the dialog is open");
        if let Err(e) = dialog.apply(&mut state.host) {
            state.fail(&e);
        }
        state.style = Some(dialog);
    }
    if close {
        state.style = None;
    }
}
