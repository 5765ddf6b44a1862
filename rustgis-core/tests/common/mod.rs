//! What several of core's test files share: a folder for one test's files, and running a
//! command as the user.
#![allow(dead_code, reason = "each test file uses the part of this module it needs")]

use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicUsize, Ordering};

use rustgis_core::{Caller, Progress, Session};
use serde_json::Value as Json;

/// A folder for one test's files under the target's temporary folder, removed when the test ends.
pub(crate) struct TempFolder(PathBuf);

impl TempFolder {
    /// `group/name` under the target's temporary folder, emptied first.
    pub(crate) fn new(group: &str, name: &str) -> TempFolder {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(group).join(name);
        if path.exists() {
            std::fs::remove_dir_all(&path).expect("an old test folder can be removed");
        }
        std::fs::create_dir_all(&path).expect("the test folder can be made");
        TempFolder(path)
    }

    /// The folder.
    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// A file in the folder.
    pub(crate) fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names of the files in the folder, sorted.
    pub(crate) fn file_names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("the test folder is readable")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        if std::fs::remove_dir_all(&self.0).is_err() {
            eprintln!("could not remove {}", self.0.display());
        }
    }
}

/// Runs one command as the user and gives its result.
pub(crate) fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(&Caller::user(), id, params).map(|o| o.result)
}

/// Progress that counts its reports and says "cancelled" from the `after`-th on: a command that
/// reports as it goes is stopped part-way.
pub(crate) struct CancelAfterReports {
    reports: AtomicUsize,
    after: usize,
    keeps_partial: bool,
}

impl CancelAfterReports {
    pub(crate) fn new(after: usize) -> CancelAfterReports {
        CancelAfterReports { reports: AtomicUsize::new(0), after, keeps_partial: false }
    }

    /// The same, standing for a job's progress: a command that can stop part-way keeps what it
    /// made (`Progress::keeps_partial`).
    pub(crate) fn keeping_partial(after: usize) -> CancelAfterReports {
        CancelAfterReports { keeps_partial: true, ..CancelAfterReports::new(after) }
    }

    /// How many reports it has had.
    pub(crate) fn reports(&self) -> usize {
        self.reports.load(Ordering::SeqCst)
    }
}

impl Progress for CancelAfterReports {
    fn report(&self, _fraction: f64, _message: &str) {
        self.reports.fetch_add(1, Ordering::SeqCst);
    }

    fn is_cancelled(&self) -> bool {
        self.reports.load(Ordering::SeqCst) >= self.after
    }

    fn keeps_partial(&self) -> bool {
        self.keeps_partial
    }
}

mod outside_project;
#[path = "pyproj.rs"]
mod pyproj_helper;
#[allow(unused_imports, reason = "each test file uses the part of this module it needs")]
pub(crate) use outside_project::project_reading_outside;
#[allow(unused_imports, reason = "each test file uses the part of this module it needs")]
pub(crate) use pyproj_helper::pyproj;

/// Whether two JSON values are the same, numbers within a relative 1e-12.
pub(crate) fn same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            let (x, y) = (x.as_f64().expect("a number"), y.as_f64().expect("a number"));
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1.0)
        }
        (Json::Array(x), Json::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}
