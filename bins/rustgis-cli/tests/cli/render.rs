//! `rustgis-cli render` and `rustgis-cli tiles` as a person runs them.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use crate::common;

use common::{cli, text};
use serde_json::Value as Json;

/// A new empty folder for one test's output, removed when it ends.
fn scratch() -> tempfile::TempDir {
    common::scratch("cli-render")
}

#[test]
fn render_sample_writes_a_world_map_and_reports_its_hash() {
    let folder = scratch();
    let out = folder.path().join("world.png");
    let output = cli(&["render", "--sample", "-o", text(&out), "--width", "800"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: Json = serde_json::from_slice(&output.stdout).expect("the report is JSON");
    let bytes = std::fs::read(&out).expect("the PNG exists");
    assert_eq!(report["sha256"].as_str(), Some(rustgis_core::sha256_hex(&bytes).as_str()));
    assert_eq!((report["width"].as_u64(), report["height"].as_u64()), (Some(800), Some(400)));
    assert_eq!(report["blank"], false);
}

#[test]
fn render_refuses_to_replace_a_file_unless_asked() {
    let folder = scratch();
    let out = folder.path().join("keep.png");
    std::fs::write(&out, b"mine").expect("write");
    let output = cli(&["render", "--sample", "-o", text(&out)]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--overwrite"));
    assert_eq!(std::fs::read(&out).expect("still there"), b"mine");
}

#[test]
fn tiles_writes_a_folder_and_reports_it_as_json() {
    let folder = scratch();
    let out = folder.path().join("tiles");
    let output = cli(&["tiles", "--sample", "--zoom", "0-1", "--threads", "2", "--out", text(&out)]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: Json = serde_json::from_slice(&output.stdout).expect("the report is JSON");
    assert_eq!(report["tiles"], 5);
    assert!(out.join("1/1/1.png").is_file());
}

#[test]
fn tiles_into_an_mbtiles_file_by_its_name() {
    let folder = scratch();
    let out = folder.path().join("world.mbtiles");
    let output = cli(&["tiles", "--sample", "--zoom", "0-1", "--bbox=-10,35,30,60", "--out", text(&out)]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(std::fs::read(&out).expect("the file exists").starts_with(b"SQLite format 3\0"));
}

#[test]
fn a_zoom_range_that_is_not_one_is_refused() {
    let folder = scratch();
    let output = cli(&["tiles", "--sample", "--zoom", "5-2", "--out", text(&folder.path().join("never"))]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--zoom 5-2"));
}
