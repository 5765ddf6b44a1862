//! `rustgis-cli run` and `tiles` draw a progress bar on a terminal and print nothing extra when
//! their output is not one (as in these tests, CI and pipes).

use crate::common;

use std::process::Command;

use common::{cli, text};
use serde_json::Value as Json;

const LONG_SCRIPT: &str = "vector.grid {\"extent\": [-60, -60, 60, 60], \"cell\": 1, \"name\": \"big\"}\n\
                           vector.buffer {\"layer\": \"big\", \"distance\": 5, \"unit\": \"km\"}";

/// A new empty folder for one test's output, removed when it ends.
fn scratch() -> tempfile::TempDir {
    common::scratch("cli-progress")
}

#[test]
fn run_prints_only_its_json_when_not_on_a_terminal() {
    let output = cli(&["run", "--sample", "-e", LONG_SCRIPT]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "", "nothing but the result is printed");
    let result: Json = serde_json::from_slice(&output.stdout).expect("stdout is the result JSON alone");
    assert_eq!(result["layersAdded"], serde_json::json!(["big", "big buffer 5 km"]));
}

#[test]
fn tiles_print_only_their_report_when_not_on_a_terminal() {
    let folder = scratch();
    let out = folder.path().join("tiles");
    let output = cli(&["tiles", "--sample", "--zoom", "0-1", "--threads", "2", "--out", text(&out)]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let report: Json = serde_json::from_slice(&output.stdout).expect("stdout is the report alone");
    assert_eq!(report["tiles"], 5);
}

#[test]
fn run_draws_a_progress_bar_on_a_terminal() {
    // `script` (util-linux) gives the program a pseudo-terminal and copies what it draws.
    let quoted = LONG_SCRIPT.replace('\'', "'\\''");
    let line = format!("{} run --sample -e '{quoted}' >/dev/null", env!("CARGO_BIN_EXE_rustgis-cli"));
    let output = Command::new("script").args(["-qec", &line, "/dev/null"]).output().expect("script runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    let drawn = String::from_utf8_lossy(&output.stdout);
    assert!(drawn.contains("buffering big") && drawn.contains('%'), "no bar was drawn: {drawn:?}");
}
