//! The File menu's native dialogs (rfd) behind a small trait, so tests hand the window the path a
//! user would have chosen. On Linux rfd asks the desktop's file chooser through the XDG desktop
//! portal (libdbus, loaded when a dialog opens; zenity when there is no portal): building the app
//! needs no GTK.

use std::path::{Path, PathBuf};

use crate::app::data_file_extensions;

/// The file dialogs the File menu opens. Each returns what the user chose; `None` (or nothing)
/// when they cancelled.
pub trait FileDialogs {
    /// Whether the dialogs can open at all, and if not why (the window then offers its own
    /// chooser, [`crate::FileBrowser`], and says why).
    fn available(&self) -> Result<(), String> {
        Ok(())
    }
    /// Open…: a `.rgis` project.
    fn open_project(&mut self) -> Option<PathBuf>;
    /// Save As…: where to write the project as `.rgis`; `current` is the project's file, if any.
    fn save_project(&mut self, current: Option<&Path>) -> Option<PathBuf>;
    /// Add data…: data files in any format the core reads.
    fn add_data(&mut self) -> Vec<PathBuf>;
    /// Export map as PNG…: where to write the picture.
    fn export_png(&mut self) -> Option<PathBuf>;
    /// The Print Layout window's Choose…: where to write the page as `format` (`pdf`, `svg` or
    /// `png`). Dialogs that cannot ask choose nothing; the window's path field still works.
    fn export_layout(&mut self, format: &str) -> Option<PathBuf> {
        let _ = format;
        None
    }
    /// A layer's Export…: the file to write `layer` to, its extension naming the format.
    /// Dialogs that cannot ask choose nothing.
    fn export_layer(&mut self, layer: &str) -> Option<PathBuf> {
        let _ = layer;
        None
    }
}

/// The platform's own dialogs, through rfd. They are modal: while one is open the window draws
/// no frame, so after 10 s agents are told the app is busy.
#[derive(Debug, Default, Clone, Copy)]
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn available(&self) -> Result<(), String> {
        native_chooser()
    }

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

    fn export_layer(&mut self, layer: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(format!("Export {layer}"))
            .add_filter("GeoPackage", &["gpkg"])
            .add_filter("GeoJSON", &["geojson", "json"])
            .add_filter("FlatGeobuf", &["fgb"])
            .add_filter("Shapefile", &["shp"])
            .add_filter("GeoParquet", &["parquet"])
            .add_filter("CSV", &["csv"])
            .add_filter("KML", &["kml"])
            .add_filter("GPX", &["gpx"])
            .set_file_name(format!("{layer}.gpkg"))
            .save_file()
    }

    fn export_layout(&mut self, format: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Export print layout")
            .add_filter(format.to_uppercase(), &[format])
            .set_file_name(format!("layout.{format}"))
            .save_file()
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

/// Whether the platform's file chooser can open. On Linux and the BSDs rfd asks the XDG desktop
/// portal over the D-Bus session bus and falls back to zenity; with neither it only logs an
/// error and answers as if the user had cancelled, so the window checks first. Elsewhere the
/// system's chooser is always there.
pub fn native_chooser() -> Result<(), String> {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return Ok(());
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let bus = var("DBUS_SESSION_BUS_ADDRESS").is_some()
        || var("XDG_RUNTIME_DIR").is_some_and(|dir| Path::new(&dir).join("bus").exists());
    let mut data_dirs: Vec<PathBuf> = var("XDG_DATA_HOME").map(PathBuf::from).into_iter().collect();
    data_dirs
        .extend(std::env::split_paths(&var("XDG_DATA_DIRS").unwrap_or_else(|| "/usr/local/share:/usr/share".into())));
    let path: Vec<PathBuf> = var("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    unix_chooser(bus, &data_dirs, &path)
}

/// [`native_chooser`] on Linux and the BSDs, from what it read: whether there is a session
/// bus, the data folders (where D-Bus finds the portal's service file) and `PATH`.
pub fn unix_chooser(bus: bool, data_dirs: &[PathBuf], path: &[PathBuf]) -> Result<(), String> {
    if path.iter().any(|folder| folder.join("zenity").is_file()) {
        return Ok(());
    }
    let portal =
        data_dirs.iter().any(|dir| dir.join("dbus-1/services/org.freedesktop.portal.Desktop.service").is_file());
    match (bus, portal) {
        (true, true) => Ok(()),
        (false, _) => Err("no file chooser can open: there is no D-Bus session bus for the desktop's file portal, \
                           and zenity is not installed"
            .to_owned()),
        (true, false) => Err("no file chooser can open: the desktop's file portal (xdg-desktop-portal) and zenity \
                              are not installed"
            .to_owned()),
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]
mod tests {
    use super::unix_chooser;

    #[test]
    fn without_a_portal_or_zenity_the_chooser_says_why_it_cannot_open() {
        let empty = tempfile::tempdir().expect("a temporary folder");
        let folders = [empty.path().to_path_buf()];
        let why = unix_chooser(false, &folders, &folders).expect_err("nothing to open a chooser with");
        assert!(why.contains("D-Bus session bus") && why.contains("zenity"), "{why}");
        let why = unix_chooser(true, &folders, &folders).expect_err("a bus, but no portal");
        assert!(why.contains("xdg-desktop-portal") && why.contains("zenity"), "{why}");
        std::fs::write(empty.path().join("zenity"), "").expect("written");
        assert_eq!(unix_chooser(false, &folders, &folders), Ok(()), "zenity alone will do");
    }
}
