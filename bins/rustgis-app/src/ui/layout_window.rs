//! The Print Layout window (Project ▸ Print Layouts…): the project's layouts, a preview of the
//! page, its items with their places, adding and removing items, and export to PDF, SVG or PNG,
//! each as a `layout.*` command run as the user.

use egui::RichText;
use serde_json::Value as Json;

use super::AppState;
use super::widgets::{ERROR_RED, button, named};
use crate::layout_dialog::{EXPORT_FORMATS, ITEM_TYPES, LayoutDialog, TEMPLATES};

/// The page preview last drawn: for which layout at which project revision, and its texture.
pub struct LayoutPreview {
    revision: u64,
    layout: String,
    texture: Result<egui::TextureHandle, String>,
}

/// The Print Layout window's contents.
pub(super) fn layout_window(ui: &mut egui::Ui, state: &mut AppState) {
    let project = state.host.session().project().clone();
    let Some(dialog) = &mut state.layouts else { return };
    let mut run: Option<(&'static str, Json)> = None;
    ui.horizontal(|ui| {
        let shown = dialog.layout.clone().unwrap_or_else(|| "none yet".to_owned());
        let combo = egui::ComboBox::from_label("Layout").selected_text(shown).show_ui(ui, |ui| {
            for layout in &project.layouts {
                ui.selectable_value(&mut dialog.layout, Some(layout.name.clone()), &layout.name);
            }
        });
        named(&combo.response, egui::Role::ComboBox, "Layout");
    });
    egui::CollapsingHeader::new("New layout from a template").default_open(project.layouts.is_empty()).show(ui, |ui| {
        egui::ComboBox::from_label("Template").selected_text(TEMPLATES[dialog.template].1).show_ui(ui, |ui| {
            for (index, (_, label)) in TEMPLATES.iter().enumerate() {
                ui.selectable_value(&mut dialog.template, index, *label);
            }
        });
        let title = ui.add(egui::TextEdit::singleline(&mut dialog.title).hint_text("Title (default: the map's)"));
        named(&title, egui::Role::TextInput, "Layout title");
        if ui.button("New layout").clicked() {
            run = Some(dialog.from_template());
        }
    });
    if let Some(layout) = dialog.shown(&project).cloned() {
        ui.separator();
        ui.horizontal_top(|ui| {
            page_preview(ui, &mut state.layout_preview, &state.host, &layout);
            ui.vertical(|ui| {
                ui.label(format!(
                    "{} × {} mm, {} dpi, {} items",
                    layout.width_mm,
                    layout.height_mm,
                    layout.dpi,
                    layout.items.len()
                ));
                run = run.take().or_else(|| items_grid(ui, dialog, &layout));
                ui.separator();
                run = run.take().or_else(|| add_item_row(ui, dialog, &layout));
                ui.separator();
                run = run.take().or_else(|| export_rows(ui, dialog, state.dialogs.as_mut()));
            });
        });
    }
    if let Some((text, failed)) = &dialog.outcome {
        let color = if *failed { ERROR_RED } else { ui.visuals().text_color() };
        ui.label(RichText::new(text).color(color));
    }
    if let Some((id, params)) = run {
        run_layout_command(state, id, params);
    }
}

/// Runs one `layout.*` command as the user and says what it did in the window.
fn run_layout_command(state: &mut AppState, id: &str, params: Json) {
    let outcome = state.host.execute(id, params);
    let Some(dialog) = &mut state.layouts else { return };
    dialog.outcome = Some(match outcome {
        Ok(outcome) => {
            let result = &outcome.result;
            if let Some(name) = result.get("layout").and_then(Json::as_str)
                && id == "layout.fromTemplate"
            {
                dialog.layout = Some(name.to_owned());
                dialog.path = dialog.default_path();
            }
            match id {
                "layout.export" => {
                    let left_out: Vec<&str> = result["legend_left_out"]
                        .as_array()
                        .map(|rows| rows.iter().filter_map(Json::as_str).collect())
                        .unwrap_or_default();
                    let mut text = format!(
                        "wrote {} ({} bytes)",
                        result["path"].as_str().unwrap_or_default(),
                        result["bytes"].as_u64().unwrap_or_default()
                    );
                    if !left_out.is_empty() {
                        text.push_str(&format!("; the legend left out {} (its box is too small)", left_out.join(", ")));
                    }
                    state.messages.notice(text.clone());
                    (text, false)
                }
                _ => (format!("{id} ran"), false),
            }
        }
        Err(e) => (crate::host::error_text(&e), true),
    });
}

/// The page as it will print, drawn again when the project changes; a page that cannot be drawn
/// says why in its place.
fn page_preview(
    ui: &mut egui::Ui,
    cache: &mut Option<LayoutPreview>,
    host: &crate::AppHost,
    layout: &rustgis_core::PrintLayout,
) {
    let revision = host.revision();
    let stale = cache.as_ref().is_none_or(|p| p.revision != revision || p.layout != layout.name);
    if stale {
        let texture = draw_page(host, layout)
            .map(|image| ui.ctx().load_texture(format!("layout {}", layout.name), image, egui::TextureOptions::LINEAR));
        *cache = Some(LayoutPreview { revision, layout: layout.name.clone(), texture });
    }
    let Some(preview) = cache else { return };
    match &preview.texture {
        Ok(texture) => {
            let size = texture.size_vec2();
            // Small enough that the items and export controls fit beside it.
            let scale = (380.0 / size.x).min(1.0);
            let image = ui.add(egui::Image::new(texture).fit_to_exact_size(size * scale));
            named(&image, egui::Role::Image, "Page preview");
        }
        Err(e) => {
            ui.label(RichText::new(format!("The page cannot be drawn: {e}")).color(ERROR_RED));
        }
    }
}

/// The page drawn at preview size by the session's renderer (web layers' tiles included).
fn draw_page(host: &crate::AppHost, layout: &rustgis_core::PrintLayout) -> Result<egui::ColorImage, String> {
    let renderer = host.session().renderer().ok_or("this window has no renderer")?;
    let preview = LayoutDialog::preview_of(layout);
    let page = renderer
        .render_layout(host.session().project(), &preview, rustgis_core::PageFormat::Png)
        .map_err(|e| crate::host::error_text(&e))?;
    let pixmap = tiny_skia::Pixmap::decode_png(&page.bytes).map_err(|e| e.to_string())?;
    let size = [pixmap.width() as usize, pixmap.height() as usize];
    Ok(egui::ColorImage::from_rgba_premultiplied(size, pixmap.data()))
}

/// The items, one row each: its type, its place in millimetres (drag or type; stored when the
/// drag or the typing ends) and Remove. Returns the command a change asks for.
fn items_grid(
    ui: &mut egui::Ui,
    dialog: &mut LayoutDialog,
    layout: &rustgis_core::PrintLayout,
) -> Option<(&'static str, Json)> {
    let mut run = None;
    egui::Grid::new("layout items").num_columns(6).striped(true).show(ui, |ui| {
        for heading in ["Item", "x", "y", "width", "height", ""] {
            ui.label(RichText::new(heading).strong());
        }
        ui.end_row();
        for (index, item) in layout.items.iter().enumerate() {
            let kind = serde_json::to_value(item)
                .ok()
                .and_then(|v| v.get("type").and_then(Json::as_str).map(str::to_owned))
                .unwrap_or_default();
            let name = ITEM_TYPES.iter().find(|(t, _)| *t == kind).map_or(kind.as_str(), |(_, name)| *name);
            ui.label(format!("{index}: {name}"));
            let mut rect = match dialog.moving {
                Some((moving, rect)) if moving == index => rect,
                _ => item.rect_mm,
            };
            let mut done = false;
            for (side, value) in ["x", "y", "width", "height"].iter().zip(rect.iter_mut()) {
                let drag = ui.add(egui::DragValue::new(value).speed(0.5).range(0.0..=2000.0).suffix(" mm"));
                named(&drag, egui::Role::SpinButton, format!("Item {index} {side}"));
                done |= drag.drag_stopped() || drag.lost_focus();
            }
            if rect != item.rect_mm {
                dialog.moving = Some((index, rect));
            }
            if done && dialog.moving.is_some_and(|(moving, _)| moving == index) {
                dialog.moving = None;
                run = Some(LayoutDialog::move_item(&layout.name, index, rect));
            }
            if button(ui, "Remove", format!("Remove item {index} ({name})")).clicked() {
                run = Some(LayoutDialog::remove_item(&layout.name, index));
            }
            ui.end_row();
        }
    });
    run
}

/// The item type to add, its text (titles and text), and **Add item**.
fn add_item_row(
    ui: &mut egui::Ui,
    dialog: &mut LayoutDialog,
    layout: &rustgis_core::PrintLayout,
) -> Option<(&'static str, Json)> {
    let mut run = None;
    ui.horizontal(|ui| {
        egui::ComboBox::from_label("Item").selected_text(ITEM_TYPES[dialog.item_type].1).show_ui(ui, |ui| {
            for (index, (_, name)) in ITEM_TYPES.iter().enumerate() {
                ui.selectable_value(&mut dialog.item_type, index, *name);
            }
        });
        if matches!(ITEM_TYPES[dialog.item_type].0, "title" | "text") {
            let text = ui.add(egui::TextEdit::singleline(&mut dialog.item_text).hint_text("Its text"));
            named(&text, egui::Role::TextInput, "Item text");
        }
        if ui.button("Add item").clicked() {
            run = Some(dialog.add_item(layout));
        }
    });
    run
}

/// The export format, the file (typed or chosen), replacing, and **Export**.
fn export_rows(
    ui: &mut egui::Ui,
    dialog: &mut LayoutDialog,
    dialogs: &mut dyn crate::FileDialogs,
) -> Option<(&'static str, Json)> {
    let mut run = None;
    ui.horizontal(|ui| {
        let before = dialog.format;
        egui::ComboBox::from_label("Format").selected_text(EXPORT_FORMATS[dialog.format].to_uppercase()).show_ui(
            ui,
            |ui| {
                for (index, format) in EXPORT_FORMATS.iter().enumerate() {
                    ui.selectable_value(&mut dialog.format, index, format.to_uppercase());
                }
            },
        );
        if dialog.format != before {
            dialog.path =
                std::path::Path::new(&dialog.path).with_extension(EXPORT_FORMATS[dialog.format]).display().to_string();
        }
    });
    ui.horizontal(|ui| {
        let path = ui.add(egui::TextEdit::singleline(&mut dialog.path).desired_width(260.0));
        named(&path, egui::Role::TextInput, "Export path");
        if path.changed() {
            dialog.overwrite = false;
        }
        if ui.button("Choose…").clicked() {
            match dialogs.available() {
                Ok(()) => {
                    if let Some(chosen) = dialogs.export_layout(EXPORT_FORMATS[dialog.format]) {
                        dialog.chosen_path(&chosen);
                    }
                }
                Err(why) => {
                    dialog.outcome = Some((format!("no file chooser ({why}); type the file's path instead"), true));
                }
            }
        }
    });
    ui.checkbox(&mut dialog.overwrite, "Replace the file if it exists");
    if ui.button("Export").clicked() {
        match dialog.export() {
            Ok(command) => run = Some(command),
            Err(e) => dialog.outcome = Some((e, true)),
        }
    }
    run
}
