//! The Help menu's windows: About RustGIS (the version) and Documentation (where the guides are).

use egui::RichText;

use super::AppState;

/// Where the documentation is published.
const DOCS_URL: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/tree/main/docs");

/// About RustGIS: the version this app was built as, and its licence.
pub(super) fn about_window(ui: &mut egui::Ui, _state: &mut AppState) {
    ui.heading("RustGIS");
    ui.label(format!("version {}", env!("CARGO_PKG_VERSION")));
    ui.label("The map you watch while your agents work on it.");
    ui.label(RichText::new(format!("{} · {}", env!("CARGO_PKG_LICENSE"), env!("CARGO_PKG_REPOSITORY"))).weak());
}

/// Documentation: the address of the guides and, when the app runs from a copy of the
/// repository, their folder on this computer, each with a copy button (the app opens no
/// browser of its own).
pub(super) fn docs_window(ui: &mut egui::Ui, _state: &mut AppState) {
    ui.label("The guides: the desktop app (app.md), adding RustGIS to your agent (mcp.md), data, maps, rasters…");
    place(ui, "Online", DOCS_URL);
    let local = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    if let Ok(folder) = local.canonicalize() {
        place(ui, "On this computer", &folder.display().to_string());
    }
}

fn place(ui: &mut egui::Ui, what: &str, text: &str) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(what).strong());
        ui.add(egui::Label::new(RichText::new(text).monospace()).selectable(true));
        if ui.small_button("Copy").on_hover_text(format!("Copy {text}")).clicked() {
            ui.ctx().copy_text(text.to_owned());
        }
    });
}
