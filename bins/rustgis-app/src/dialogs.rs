//! The File menu's native dialogs (rfd) behind a small trait, so tests hand the window the path a
//! user would have chosen. On Linux rfd asks the desktop's file chooser through the XDG desktop
//! portal (libdbus, loaded when a dialog opens; zenity when there is no portal): building the app
//! needs no GTK.

use std::path::{Path, PathBuf};

use crate::app::data_file_extensions;

/// The file dialogs the File menu opens. Each returns what the user chose; `None` (or nothing)
/// when they cancelled.
pub trait FileDialogs {
    /// Open…: a `.rgis` project.
    fn open_project(&mut self) -> Option<PathBuf>;
    /// Save As…: where to write the project as `.rgis`; `current` is the project's file, if any.
    fn save_project(&mut self, current: Option<&Path>) -> Option<PathBuf>;
    /// Add data…: data files in any format the core reads.
    fn add_data(&mut self) -> Vec<PathBuf>;
    /// Export map as PNG…: where to write the picture.
    fn export_png(&mut self) -> Option<PathBuf>;
}

/// The platform's own dialogs, through rfd. They are modal: while one is open the window draws
/// no frame, so after 10 s agents are told the app is busy.
#[derive(Debug, Default, Clone, Copy)]
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn open_project(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new().set_title("Open project").add_filter("RustGIS project", &["rgis"]).pick_file()
    }

    fn save_project(&mut self, current: Option<&Path>) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new().set_title("Save project as").add_filter("RustGIS project", &["rgis"]);
        if let Some(current) = current {
            if let Some(folder) = current.parent() {
                dialog = dialog.set_directory(folder);
            }
            if let Some(name) = current.file_name() {
                dialog = dialog.set_file_name(name.to_string_lossy());
            }
        } else {
            dialog = dialog.set_file_name("Untitled.rgis");
        }
        dialog.save_file().map(|path| with_extension(path, "rgis"))
    }

    fn add_data(&mut self) -> Vec<PathBuf> {
        let formats = data_file_extensions();
        let all: Vec<&str> = formats.iter().flat_map(|(_, extensions)| extensions.iter().copied()).collect();
        let mut dialog = rfd::FileDialog::new().set_title("Add data").add_filter("All data RustGIS reads", &all);
        for (label, extensions) in &formats {
            dialog = dialog.add_filter(*label, extensions);
        }
        dialog.pick_files().unwrap_or_default()
    }

    fn export_png(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Export map as PNG")
            .add_filter("PNG image", &["png"])
            .set_file_name("map.png")
            .save_file()
            .map(|path| with_extension(path, "png"))
    }
}

/// `path` ending in `.extension`: a save dialog may hand back the name as typed.
pub fn with_extension(path: PathBuf, extension: &str) -> PathBuf {
    let has = path.extension().is_some_and(|e| e.eq_ignore_ascii_case(extension));
    if has {
        path
    } else {
        let mut name = path.into_os_string();
        name.push(".");
        name.push(extension);
        PathBuf::from(name)
    }
}
