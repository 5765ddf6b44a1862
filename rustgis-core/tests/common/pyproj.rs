//! PROJ's answers through pyproj, for the CRS tests of core and render (shared by `#[path]`).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value as Json;

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
    let folder = std::env::temp_dir().join(format!(
        "rustgis-pyproj-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    std::fs::write(folder.join("proj.db"), rustgis_core::crs::database()).expect("proj.db written");
    let mut request = request;
    request["data_dir"] = Json::from(folder.to_string_lossy().into_owned());
    let mut child = std::process::Command::new(&python)
        .arg(root.join("scripts/pyproj_reference.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python starts");
    child.stdin.take().expect("stdin").write_all(request.to_string().as_bytes()).expect("the request is written");
    let out = child.wait_with_output().expect("python ends");
    if std::fs::remove_dir_all(&folder).is_err() {
        eprintln!("could not remove {}", folder.display());
    }
    assert!(out.status.success(), "pyproj_reference.py failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).expect("pyproj's answer is JSON"))
}
