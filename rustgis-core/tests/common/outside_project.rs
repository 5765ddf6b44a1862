//! A downloaded project that reads a file outside its folder: the fixture of the tests that such a
//! project is not read without asking (core's `tests/core/hostile.rs`, the app's `tests/ui.rs`,
//! which includes this file by `#[path]`).
#![allow(clippy::disallowed_methods, reason = "the test writes its fixture files directly")]

use std::path::{Path, PathBuf};

/// Writes `dir/project/p.rgis`, whose layer `inside` reads `project/inside.csv` and whose layer
/// `key` reads `dir/secret.csv`, outside the project's folder (as a downloaded project could name
/// `~/.ssh/id_rsa`); returns the project's path.
pub(crate) fn project_reading_outside(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("project")).expect("a folder");
    std::fs::write(dir.join("secret.csv"), "lon,lat,key\n1,2,PRIVATE KEY LINE\n").expect("written");
    std::fs::write(dir.join("project/inside.csv"), "lon,lat,n\n1,2,3\n").expect("written");
    let rgis = serde_json::json!({"format": "rustgis-project", "version": 1, "name": "downloaded", "layers": [
        {"name": "inside", "source": {"type": "file", "path": "inside.csv", "format": "csv"}},
        {"name": "key", "source": {"type": "file", "path": "../secret.csv", "format": "csv"}},
    ]});
    let path = dir.join("project/p.rgis");
    std::fs::write(&path, rgis.to_string()).expect("written");
    path
}
