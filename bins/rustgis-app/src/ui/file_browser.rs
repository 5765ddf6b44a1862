//! The window's own file chooser ([`crate::FileBrowser`]): why the platform's could not open, the
//! folder's listing and a path field.

use egui::RichText;

use super::AppState;
use super::widgets::{error_label, named};

/// The chooser: a click on a folder opens it, on a file puts its name in the Path field; Enter
/// or the action button takes the path.
pub(super) fn file_browser_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(browser) = &mut state.browser else { return };
    ui.label(RichText::new(&browser.why).weak());
    ui.horizontal(|ui| {
        let up = ui.add_enabled(browser.folder().parent().is_some(), egui::Button::new("Up"));
        named(&up, egui::Role::Button, "Up");
        if up.clicked() {
            browser.up();
        }
        ui.monospace(browser.folder().display().to_string());
    });
    let mut clicked = None;
    egui::ScrollArea::vertical().max_height(260.0).auto_shrink([false, true]).show(ui, |ui| {
        if browser.entries().is_empty() {
            ui.label(RichText::new("no folders or files to choose here").weak());
        }
        for entry in browser.entries() {
            let text = if entry.folder { format!("{}/", entry.name) } else { entry.name.clone() };
            let row = ui.selectable_label(browser.path == entry.name, text);
            named(&row, egui::Role::Button, &entry.name);
            if row.clicked() {
                clicked = Some(entry.clone());
            }
        }
    });
    if let Some(entry) = clicked {
        browser.click(&entry);
    }
    let mut take = false;
    ui.horizontal(|ui| {
        ui.label("Path");
        let field = ui.add(egui::TextEdit::singleline(&mut browser.path).hint_text("a file name, or a whole path"));
        named(&field, egui::Role::TextInput, "File path");
        take = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    });
    if let Some(error) = &browser.error {
        error_label(ui, error);
    }
    take |= ui.button(browser.purpose.action()).clicked();
    if take {
        state.choose_in_browser();
    }
}
