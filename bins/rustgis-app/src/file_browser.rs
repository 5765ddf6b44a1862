//! The in-window file chooser, for when the platform's cannot open (on Linux: no desktop file
//! portal and no zenity): a folder's listing and a path field, so Add data…, Open…, Save As… and
//! Export never do nothing. The logic is here; `ui/file_browser.rs` draws it.

use std::path::{Path, PathBuf};

use crate::app::data_file_extensions;
use crate::dialogs::with_extension;

/// How many entries of a folder are listed; a bigger folder is cut, and the path field still
/// reaches any file in it.
pub const LISTED_ENTRIES: usize = 2000;

/// What the file is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BrowseFor {
    /// File ▸ Add data…: a data file in any format core reads.
    AddData,
    /// File ▸ Open…: a `.rgis` project.
    OpenProject,
    /// File ▸ Save As…: where to write the project.
    SaveProject,
    /// File ▸ Export map as PNG…: where to write the picture.
    ExportPng,
}

impl BrowseFor {
    /// The window's title.
    pub fn title(self) -> &'static str {
        match self {
            BrowseFor::AddData => "Add data",
            BrowseFor::OpenProject => "Open project",
            BrowseFor::SaveProject => "Save project as",
            BrowseFor::ExportPng => "Export map as PNG",
        }
    }

    /// The button that takes the path.
    pub fn action(self) -> &'static str {
        match self {
            BrowseFor::AddData => "Add",
            BrowseFor::OpenProject => "Open",
            BrowseFor::SaveProject => "Save",
            BrowseFor::ExportPng => "Export",
        }
    }

    /// Whether a new file is written (rather than an existing one read).
    pub fn writes(self) -> bool {
        matches!(self, BrowseFor::SaveProject | BrowseFor::ExportPng)
    }

    /// The file name extensions listed, lower case.
    fn extensions(self) -> Vec<&'static str> {
        match self {
            BrowseFor::AddData => data_file_extensions().into_iter().flat_map(|(_, extensions)| extensions).collect(),
            BrowseFor::OpenProject | BrowseFor::SaveProject => vec!["rgis"],
            BrowseFor::ExportPng => vec!["png"],
        }
    }
}

/// An entry of the listed folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its file name.
    pub name: String,
    /// Whether it is a folder (listed first, opened by a click).
    pub folder: bool,
}

/// The in-window chooser's state: the folder listed, the path typed, and what went wrong.
#[derive(Debug, Clone)]
pub struct FileBrowser {
    /// What the file is for.
    pub purpose: BrowseFor,
    /// Why the platform's chooser could not open (shown at the top of the window).
    pub why: String,
    /// The path field: a file name in the listed folder, or any path.
    pub path: String,
    /// What went wrong with the last choice or listing, if anything.
    pub error: Option<String>,
    folder: PathBuf,
    entries: Vec<Entry>,
    /// A file that exists and would be replaced: choosing it a second time replaces it.
    replacing: Option<PathBuf>,
}

impl FileBrowser {
    /// The chooser for `purpose`, listing `folder`, saying `why` the platform's could not open;
    /// a file to write starts named `suggested`.
    pub fn new(purpose: BrowseFor, why: String, folder: &Path, suggested: Option<&str>) -> FileBrowser {
        let mut browser = FileBrowser {
            purpose,
            why,
            path: suggested.unwrap_or_default().to_owned(),
            error: None,
            folder: PathBuf::new(),
            entries: Vec::new(),
            replacing: None,
        };
        browser.open_folder(folder);
        browser
    }

    /// The folder listed.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The listed folder's sub-folders and the files the purpose takes, folders first, by name;
    /// hidden ones (`.name`) left out.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Lists `folder`; one that cannot be read is said and the listing stays as it was.
    pub fn open_folder(&mut self, folder: &Path) {
        match list(folder, &self.purpose.extensions()) {
            Ok(entries) => {
                self.folder = folder.to_path_buf();
                self.entries = entries;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("cannot list {}: {e}", folder.display())),
        }
    }

    /// Lists the folder above, if there is one.
    pub fn up(&mut self) {
        if let Some(parent) = self.folder.parent().map(Path::to_path_buf) {
            self.open_folder(&parent);
        }
    }

    /// A click on an entry: a folder is opened, a file's name goes into the path field.
    pub fn click(&mut self, entry: &Entry) {
        if entry.folder {
            let folder = self.folder.join(&entry.name);
            self.open_folder(&folder);
        } else {
            self.path = entry.name.clone();
        }
    }

    /// The action button (or Enter in the path field): the file the path field names, relative
    /// to the listed folder. A folder is listed instead; a file to read that is not there, or a
    /// file to write that exists (until chosen twice), is said in [`FileBrowser::error`] and gives
    /// `None`.
    pub fn choose(&mut self) -> Option<PathBuf> {
        let typed = self.path.trim();
        if typed.is_empty() {
            self.error = Some("type a file name or pick a file in the list".to_owned());
            return None;
        }
        let typed = expand_home(typed);
        let mut path = if typed.is_absolute() { typed } else { self.folder.join(typed) };
        if path.is_dir() {
            self.path.clear();
            self.open_folder(&path);
            return None;
        }
        if !self.purpose.writes() {
            if !path.is_file() {
                self.error = Some(format!("{} is not a file", path.display()));
                return None;
            }
            return Some(path);
        }
        let extension = if self.purpose == BrowseFor::ExportPng { "png" } else { "rgis" };
        path = with_extension(path, extension);
        if path.exists() && self.replacing.as_ref() != Some(&path) {
            self.error =
                Some(format!("{} exists: press {} again to replace it", path.display(), self.purpose.action()));
            self.replacing = Some(path);
            return None;
        }
        Some(path)
    }
}

/// `~/maps` as the home folder's `maps`.
fn expand_home(typed: &str) -> PathBuf {
    match (typed.strip_prefix("~/"), dirs::home_dir()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(typed),
    }
}

fn list(folder: &Path, extensions: &[&str]) -> std::io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // Follows links, as a chooser does: a link to a folder is a folder.
        let folder = entry.path().is_dir();
        let taken = || {
            Path::new(&name)
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .is_some_and(|e| extensions.contains(&e.as_str()))
        };
        if folder || taken() {
            entries.push(Entry { name, folder });
        }
        if entries.len() == LISTED_ENTRIES {
            break;
        }
    }
    entries.sort_by(|a, b| b.folder.cmp(&a.folder).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
    Ok(entries)
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]
mod tests {
    use super::{BrowseFor, FileBrowser};

    #[test]
    fn the_browser_lists_folders_first_then_only_files_the_purpose_takes() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for name in ["b.geojson", "A.CSV", "notes.txt", ".hidden.geojson"] {
            std::fs::write(dir.path().join(name), "").expect("written");
        }
        std::fs::create_dir(dir.path().join("maps")).expect("a folder");
        let browser = FileBrowser::new(BrowseFor::AddData, String::new(), dir.path(), None);
        let names: Vec<&str> = browser.entries().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["maps", "A.CSV", "b.geojson"]);
    }

    #[test]
    fn saving_over_an_existing_file_needs_a_second_press() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join("atlas.rgis"), "{}").expect("written");
        let mut browser = FileBrowser::new(BrowseFor::SaveProject, String::new(), dir.path(), Some("atlas"));
        assert_eq!(browser.choose(), None, "asked first");
        assert!(browser.error.as_deref().is_some_and(|e| e.contains("press Save again")), "{:?}", browser.error);
        assert_eq!(browser.choose(), Some(dir.path().join("atlas.rgis")));
    }

    #[test]
    fn a_missing_file_to_open_is_said_and_a_typed_folder_is_listed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(dir.path().join("maps")).expect("a folder");
        let mut browser = FileBrowser::new(BrowseFor::OpenProject, String::new(), dir.path(), None);
        browser.path = "nowhere.rgis".to_owned();
        assert_eq!(browser.choose(), None);
        assert!(
            browser.error.as_deref().is_some_and(|e| e.ends_with("nowhere.rgis is not a file")),
            "{:?}",
            browser.error
        );
        browser.path = "maps".to_owned();
        assert_eq!(browser.choose(), None);
        assert_eq!(browser.folder(), dir.path().join("maps"));
    }
}
