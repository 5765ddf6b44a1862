//! `crs.info`, `crs.search` and `crs.operation`: an agent finds the right code and what moving
//! coordinates costs.

use rustgis_core::Session;
use serde_json::json;

use crate::common::run;

#[test]
fn crs_search_finds_utm_32n_on_wgs84_and_etrs89_first() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.search", json!({"query": "UTM 32N", "limit": 2})).expect("search");
    let codes: Vec<&str> =
        out["crs"].as_array().expect("hits").iter().map(|h| h["crs"].as_str().expect("code")).collect();
    assert_eq!(codes, ["EPSG:32632", "EPSG:25832"]);
}

#[test]
fn crs_search_finds_lambert_93_by_its_everyday_name() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.search", json!({"query": "Lambert 93", "limit": 1})).expect("search");
    assert_eq!(out["crs"][0]["crs"], "EPSG:2154", "{out}");
}

#[test]
fn crs_search_at_a_point_lists_only_crss_used_there() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.search", json!({"query": "GDA2020", "at": [151.2, -33.9], "limit": 50}))
        .expect("search");
    let hits = out["crs"].as_array().expect("hits");
    assert!(hits.iter().any(|h| h["crs"] == "EPSG:7856"), "MGA zone 56 holds Sydney: {out}");
    assert!(hits.iter().all(|h| h["crs"] != "EPSG:7850"), "MGA zone 50 (Perth) does not: {out}");
}

#[test]
fn crs_info_of_gda2020_says_it_is_geographic_in_degrees_with_its_area() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.info", json!({"crs": "EPSG:7844"})).expect("info");
    assert_eq!(out["kind"], "geographic");
    assert_eq!(out["unit"], "degree");
    assert!(out["area_of_use"]["name"].as_str().expect("an area").starts_with("Australia"), "{out}");
}

#[test]
fn crs_info_of_a_proj_string_names_the_code_it_is_identical_to() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.info", json!({"crs": "+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs"}))
        .expect("info");
    assert_eq!(out["crs"], "EPSG:32632", "{out}");
    assert!(out["note"].as_str().is_some_and(|n| n.contains("identified as EPSG:32632")), "{out}");
}

#[test]
fn crs_operation_says_a_missing_grid_and_the_accuracy_of_what_is_used_instead() {
    let mut session = Session::new();
    let out = run(&mut session, "crs.operation", json!({"from": "EPSG:27700", "to": "EPSG:4326"})).expect("operation");
    let notice = out["notice"].as_str().unwrap_or_default();
    assert!(notice.contains("OSTN15") && notice.contains("not installed") && notice.contains("2 m"), "{out}");
}

#[test]
fn an_unknown_crs_is_a_clear_error_naming_it_and_what_works() {
    let mut session = Session::new();
    let error = run(&mut session, "crs.info", json!({"crs": "EPSG:99999"})).expect_err("no such code");
    let text = error.to_string();
    assert!(text.contains("EPSG:99999") && text.contains("crs.search"), "{text}");
}
