//! `rustgis-cli` for the host binaries' end-to-end tests, which start it as an agent would:
//! included by path (`#[path = "../../test-support/rustgis_cli.rs"] mod rustgis_cli;`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// `rustgis-cli`, in the target folder of the test running (`target/<profile>/`); built when
/// missing.
pub(crate) fn rustgis_cli() -> PathBuf {
    let deps = std::env::current_exe().expect("the test knows its path");
    let target = deps.parent().and_then(Path::parent).expect("tests run from target/<profile>/deps");
    let cli = target.join(format!("rustgis-cli{}", std::env::consts::EXE_SUFFIX));
    if !cli.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let status = Command::new(cargo)
            .args(["build", "-p", "rustgis-cli"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build -p rustgis-cli failed");
    }
    assert!(cli.exists(), "rustgis-cli is at {}", cli.display());
    cli
}
