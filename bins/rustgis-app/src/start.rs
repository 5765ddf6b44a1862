//! What the window starts with: the session the launch asked for, opened as far as it can be (a
//! bad `--project` or `--data` is left out and said in the window, never an exit before it opens),
//! and the start page's list of recent projects.

use std::path::{Path, PathBuf};

use rustgis_core::{Session, StartOptions};

use crate::host::error_text;

/// The session `options` ask for, and what could not be opened, one message per file naming it
/// and why. A file that cannot be read is left out and the rest opened as `Session::start`
/// opens them; when even that fails (the built-in sample), the window starts empty. Only on
/// that failure path is each file read once more, alone, to find the bad ones.
pub fn start_session(options: &StartOptions) -> (Session, Vec<String>) {
    let failed = match Session::start(options) {
        Ok(session) => return (session, Vec::new()),
        Err(e) => e,
    };
    let mut problems = Vec::new();
    let mut good = StartOptions { sample: options.sample, project: None, data: Vec::new() };
    if let Some(project) = &options.project {
        match Session::start(&StartOptions { project: Some(project.clone()), ..StartOptions::default() }) {
            Ok(_) => good.project = Some(project.clone()),
            Err(e) => {
                problems.push(format!("cannot open the project {} (--project): {}", project.display(), error_text(&e)))
            }
        }
    }
    for data in &options.data {
        match Session::start(&StartOptions { data: vec![data.clone()], ..StartOptions::default() }) {
            Ok(_) => good.data.push(data.clone()),
            Err(e) => problems.push(format!("cannot open {} (--data): {}", data.display(), error_text(&e))),
        }
    }
    match Session::start(&good) {
        Ok(session) => {
            if problems.is_empty() {
                // The first try failed, yet each file opened alone and all of them again: say
                // what the first try said rather than nothing.
                problems.push(format!("opening what the command line named failed once: {}", error_text(&failed)));
            }
            (session, problems)
        }
        Err(e) => {
            problems.push(format!("cannot start: {}", error_text(&e)));
            (Session::new(), problems)
        }
    }
}

/// A project in the recent list, as the start page and File ▸ Recent projects show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentProject {
    /// The project's file.
    pub path: PathBuf,
    /// Whether the file is gone (moved, deleted, an unplugged drive): shown marked, not opened.
    pub missing: bool,
}

impl RecentProject {
    /// The recent projects, newest first, each marked missing when its file is gone.
    pub fn list(paths: &[PathBuf]) -> Vec<RecentProject> {
        paths.iter().map(|path| RecentProject { path: path.clone(), missing: !path.is_file() }).collect()
    }

    /// `atlas.rgis — /home/me/maps` (and `(missing)` when the file is gone).
    pub fn label(&self) -> String {
        let name =
            self.path.file_name().map_or_else(|| self.path.display().to_string(), |n| n.to_string_lossy().into());
        let folder = self.path.parent().map(Path::display).map(|d| d.to_string()).unwrap_or_default();
        let missing = if self.missing { " (missing)" } else { "" };
        format!("{name} — {folder}{missing}")
    }
}
