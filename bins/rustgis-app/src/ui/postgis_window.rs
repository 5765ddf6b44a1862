//! The Add PostGIS Layer dialog's window.

use egui::RichText;

use super::AppState;
use super::widgets::{error_label, form_grid, form_rows, named};

/// The id of the Add PostGIS Layer dialog's password field.
fn password_field_id() -> egui::Id {
    egui::Id::unique("postgis password")
}

/// The Add PostGIS Layer dialog: the connection's fields, the password (masked), **List
/// tables** and the pick list of what it found, the layer's fields, the engine's error when Add
/// or List tables failed, and **Add** / **Cancel**. While a job of the dialog's runs, its button
/// waits with a spinner (the status bar has the job's Cancel).
pub(super) fn postgis_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(dialog) = &mut state.postgis else { return };
    let mine = || state.postgis_jobs.iter().filter(|j| j.started_by(dialog));
    let listing = mine().find(|j| j.is_listing()).map(|j| j.id);
    let adding = mine().find(|j| !j.is_listing()).map(|j| j.id);
    ui.strong("Connection");
    egui::Grid::new("postgis connection").num_columns(2).show(ui, |ui| {
        form_rows(ui, "postgis connection", "Connection", &mut dialog.connection, &|_| None);
        ui.label("password").on_hover_text(
            "Used for this session only, never saved: put it in ~/.pgpass or a service file to connect later",
        );
        let edit = ui.add(
            egui::TextEdit::singleline(&mut *dialog.password)
                .id(password_field_id())
                .password(true)
                .hint_text("empty: ~/.pgpass or the service file"),
        );
        named(&edit, egui::Role::PasswordInput, "Connection password");
        ui.end_row();
    });
    let mut list = false;
    ui.horizontal(|ui| {
        list = ui
            .add_enabled(listing.is_none(), egui::Button::new("List tables"))
            .on_hover_text("The tables and views with a geometry or geography column this user may read")
            .clicked();
        if let Some(id) = listing {
            ui.spinner();
            ui.label(RichText::new(format!("listing (job {id})")).weak());
        }
    });
    if !dialog.tables.is_empty() {
        let mut picked = dialog.picked.clone();
        egui::ComboBox::from_label("Spatial table")
            .selected_text(picked.as_deref().unwrap_or("pick a table…"))
            .width(380.0)
            .show_ui(ui, |ui| {
                for table in &dialog.tables {
                    ui.selectable_value(&mut picked, Some(table.label.clone()), &table.label);
                }
            });
        if picked != dialog.picked
            && let Some(label) = picked
        {
            dialog.pick(&label);
        }
    }
    ui.separator();
    ui.strong("Layer");
    ui.label(RichText::new("Give a table (schema.table) or a SQL query.").weak());
    form_grid(ui, "postgis layer", "Layer", &mut dialog.layer, &|_| None);
    if let Some(error) = &dialog.error {
        error_label(ui, error.as_str());
    }
    let mut add = false;
    let mut cancel = false;
    ui.horizontal(|ui| {
        add = ui.add_enabled(adding.is_none(), egui::Button::new("Add")).clicked();
        cancel = ui.button("Cancel").clicked();
        if let Some(id) = adding {
            ui.spinner();
            ui.label(RichText::new(format!("adding (job {id})")).weak());
        }
    });
    if list {
        state.list_postgis_tables();
    }
    if add {
        state.add_postgis_layer();
    }
    if cancel {
        state.postgis = None;
    }
}

/// Drops what egui keeps of the password field (its undo copies of the text) once the dialog
/// has closed.
pub(super) fn forget_password_field(ui: &egui::Ui) {
    ui.ctx().data_mut(|data| data.remove::<egui::text_edit::TextEditState>(password_field_id()));
}
