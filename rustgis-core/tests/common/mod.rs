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

/// PROJ's answers through pyproj (`scripts/pyproj_reference.py`), on the very `proj.db`
/// RustGIS is built with, for `request` (see the script). `None`, after saying why, when the
/// `.venv` with pyproj is not there and `RUSTGIS_REQUIRE_FIXTURES` is not `1` (then it fails).
#[allow(clippy::disallowed_methods, reason = "a test's scratch file")]
pub(crate) fn pyproj(request: Json) -> Option<Json> {
    use std::io::Write;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let python = root.join(".venv/bin/python");
    let has_pyproj = std::process::Command::new(&python)
        .args(["-c", "import pyproj"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !has_pyproj {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "pyproj is not in .venv: run scripts/test.sh (or .venv/bin/pip install pyproj)");
        eprintln!("skipped: pyproj is not in .venv (scripts/test.sh installs it)");
        return None;
    }
    static N: AtomicUsize = AtomicUsize::new(0);
    let folder = TempFolder::new("pyproj", &format!("{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
    std::fs::write(folder.join("proj.db"), rustgis_core::crs::database()).expect("proj.db written");
    let mut request = request;
    request["data_dir"] = Json::from(folder.path().to_string_lossy().into_owned());
    let mut child = std::process::Command::new(&python)
        .arg(root.join("scripts/pyproj_reference.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python starts");
    child.stdin.take().expect("stdin").write_all(request.to_string().as_bytes()).expect("the request is written");
    let out = child.wait_with_output().expect("python ends");
    assert!(out.status.success(), "pyproj_reference.py failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).expect("pyproj's answer is JSON"))
}
