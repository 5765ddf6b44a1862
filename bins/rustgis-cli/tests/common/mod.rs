//! What the tests that run `rustgis-cli` as a person would share: running it, a scratch folder
//! and paths as arguments.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `rustgis-cli ARGS` to the end.
pub(crate) fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rustgis-cli")).args(args).output().expect("rustgis-cli runs")
}

/// A new empty folder for one test's output (under the target folder, its name starting with
/// `prefix`), removed when it ends.
pub(crate) fn scratch(prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(prefix).tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("target is writable")
}

/// A path as a command-line argument.
pub(crate) fn text(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}
