//! The start page, over the empty map while the project has no layers: the World Atlas sample,
//! Add data…, Open project…, the recent projects and "Let your agents control RustGIS"; and the
//! window that says what the launch could not open.

use egui::RichText;

use super::AppState;
use super::widgets::{error_label, named};
use crate::start::RecentProject;

/// The start page, a card in the middle of the (empty) map. The sample's button has the keyboard
/// when nothing else has, so Enter opens it.
pub(super) fn start_page(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(canvas) = state.canvas.rect else { return };
    let width = (canvas.width() - 32.0).clamp(160.0, 440.0);
    let place = egui::Rect::from_min_size(
        egui::pos2(canvas.center().x - width / 2.0, canvas.top() + (canvas.height() * 0.08).min(60.0)),
        egui::vec2(width, (canvas.height() - 32.0).max(120.0)),
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(place), |ui| {
        egui::Frame::window(ui.style()).inner_margin(18.0).show(ui, |ui| {
            ui.set_width(width - 36.0);
            egui::ScrollArea::vertical().show(ui, |ui| card(ui, state, width - 36.0));
        });
    });
}

fn card(ui: &mut egui::Ui, state: &mut AppState, width: f32) {
    ui.heading("Welcome to RustGIS");
    ui.label("Start from a map of the world, your own data or a saved project.");
    ui.add_space(8.0);
    let wide = |text: &str| egui::Button::new(RichText::new(text).size(15.0)).min_size(egui::vec2(width, 30.0));
    let sample = ui.add(wide("Open the World Atlas sample"));
    if ui.memory(|m| m.focused().is_none()) {
        sample.request_focus();
    }
    if sample.on_hover_text("Countries, cities, coastline and boundaries, styled and labelled").clicked() {
        state.open_sample();
    }
    if ui.add(wide("Add data…")).on_hover_text("GeoJSON, Shapefile, GeoPackage, CSV, GeoTIFF…").clicked() {
        state.add_data();
    }
    if ui.add(wide("Open project…")).on_hover_text("A .rgis project").clicked() {
        state.open_project();
    }
    ui.add_space(8.0);
    ui.label(RichText::new("Recent projects").strong());
    let recent = RecentProject::list(&state.host.settings().recent_projects);
    if recent.is_empty() {
        ui.label(RichText::new("none yet: projects you open or save are listed here").weak());
    }
    for project in recent {
        let shown = ui
            .add_enabled(!project.missing, egui::Button::new(project.label()).frame(false))
            .on_hover_text(project.path.display().to_string())
            .on_disabled_hover_text(format!("{} is no longer there", project.path.display()));
        if shown.clicked() {
            state.open_recent(&project.path);
        }
    }
    ui.add_space(8.0);
    ui.separator();
    let agents = ui.add(wide("Let your agents control RustGIS"));
    if agents.on_hover_text("Claude Code, Codex, Cursor, VS Code… make maps in this window, under your eyes").clicked()
    {
        state.settings_open = true;
    }
    ui.add_space(4.0);
    let close = ui.small_button("Start with an empty map");
    named(&close, egui::Role::Button, "Start with an empty map");
    if close.clicked() {
        state.start_page_closed = true;
    }
}

/// What the launch could not open (a bad `--data` or `--project`), each naming the file and
/// why, until the user closes it.
pub(super) fn launch_problems_window(ui: &mut egui::Ui, state: &mut AppState) {
    let mut open = true;
    let mut ok = false;
    egui::Window::new("Could not open")
        .open(&mut open)
        .default_width(460.0)
        .default_pos(ui.max_rect().left_top() + egui::vec2(260.0, 60.0))
        .show(ui.ctx(), |ui| {
            for problem in &state.launch_problems {
                error_label(ui, problem);
            }
            ok = ui.button("OK").clicked();
        });
    if !open || ok {
        state.launch_problems.clear();
    }
}
