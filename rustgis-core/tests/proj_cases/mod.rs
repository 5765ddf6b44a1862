//! PROJ's own CRS-to-CRS test cases (the cs2cs tests of PROJ 9.6.2's test/cli, extracted by
//! `scripts/extract_proj_cases.py` into `tests/fixtures/proj/` with the test grids they use): each
//! point lands within the precision PROJ's expected output was printed to. Coordinates are given
//! in each CRS's own axis order, as cs2cs takes them, and turned into RustGIS's x = east,
//! y = north order here. Shared by `crs_proj_cases` (with PROJ's test grids) and
//! `crs_proj_cases_no_grids` (PROJ's "grid missing" scenarios).
#![allow(dead_code)]

use std::path::Path;

use rustgis_core::Crs;
use rustgis_core::crs::{CrsError, CrsKind, Transform};
use serde_json::Value as Json;

/// Whether cs2cs reads and writes this CRS latitude or northing first: a PROJ string never is
/// (longitude, latitude), a registry code as its definition orders the axes.
fn north_first(text: &str, crs: Crs) -> bool {
    !text.trim_start().starts_with('+')
        && crs.info().is_ok_and(|info| info.axis_directions.first().is_some_and(|d| d == "north" || d == "south"))
}

/// Runs the cases of the fixture whose `no_grids` is `no_grids`, with PROJ's grid folders set to
/// `grids` only. Each test binary runs one such call: the grid folders are read once per process.
pub(crate) fn check(no_grids: bool, grids: &Path) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proj");
    // The folders are read when the first CRS is used, which is after this: the binary's one
    // test sets them before anything else runs.
    #[allow(unsafe_code)]
    // SAFETY: no other thread reads the environment yet.
    unsafe {
        std::env::set_var("RUSTGIS_PROJ_GRIDS", grids);
    }
    let text = std::fs::read_to_string(fixtures.join("cases.json")).expect("the fixture");
    let fixture: Json = serde_json::from_str(&text).expect("JSON");
    let cases: Vec<&Json> = fixture["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| c["no_grids"].as_bool().unwrap_or(false) == no_grids)
        .collect();
    let (mut passed, mut points) = (0usize, 0usize);
    let mut failures = Vec::new();
    let mut not_earth = Vec::new();
    for case in &cases {
        let (from_text, to_text) = (case["from"].as_str().expect("from"), case["to"].as_str().expect("to"));
        let label = format!("{}: {from_text} → {to_text}", case["file"].as_str().unwrap_or_default());
        let geocentric =
            |t: &str| Crs::parse(t).ok().and_then(|c| c.info().ok()).is_some_and(|i| i.kind == CrsKind::Geocentric);
        if geocentric(from_text) || geocentric(to_text) {
            // RustGIS layers and maps are 2D: a geocentric CRS is refused by design.
            not_earth.push(format!("{label} (geocentric)"));
            continue;
        }
        let parsed = Crs::parse(from_text).and_then(|from| Ok((from, Crs::parse(to_text)?)));
        let (from, to) = match parsed {
            Ok(pair) => pair,
            Err(CrsError::Unsupported { reason, .. }) if reason.contains("RustGIS maps the Earth") => {
                not_earth.push(label);
                continue;
            }
            Err(e) => {
                failures.push(format!("{label}: {e}"));
                continue;
            }
        };
        let transform = match Transform::new(from, to) {
            Ok(t) => t,
            Err(CrsError::Unsupported { reason, .. }) if reason.contains("RustGIS maps the Earth") => {
                not_earth.push(label);
                continue;
            }
            Err(e) => {
                failures.push(format!("{label}: {e}"));
                continue;
            }
        };
        let geographic = to.info().is_ok_and(|i| i.kind == CrsKind::Geographic);
        let mut ok = true;
        for point in case["points"].as_array().expect("points") {
            points += 1;
            let input: Vec<f64> =
                point["in"].as_array().expect("in").iter().map(|v| v.as_f64().expect("a number")).collect();
            let (mut x, mut y) = (input[0], input[1]);
            if north_first(from_text, from) {
                (x, y) = (y, x);
            }
            let got = transform.apply(x, y).map(|(u, v)| if north_first(to_text, to) { (v, u) } else { (u, v) });
            let want = point["out"].as_array().map(|o| (o[0].as_f64().expect("x"), o[1].as_f64().expect("y")));
            let tolerance = match point.get("tolerance_m").and_then(Json::as_f64) {
                Some(metres) if geographic => metres / 111_000.0,
                Some(metres) => metres,
                None => point["tolerance"].as_f64().expect("a tolerance"),
            };
            // Printed output is rounded: half its last digit, and a hair for the rounding itself.
            let tolerance = tolerance * 1.000_001 + 1e-12;
            let agrees = match (got, want) {
                (Some((u, v)), Some((a, b))) => (u - a).abs() <= tolerance && (v - b).abs() <= tolerance,
                (None, None) => true,
                _ => false,
            };
            if !agrees {
                ok = false;
                failures
                    .push(format!("{label}: {input:?} gives {got:?}, PROJ's test expects {want:?} (± {tolerance:e})"));
            }
        }
        passed += usize::from(ok);
    }
    eprintln!(
        "{passed} of {} PROJ cases pass ({points} points); {} are left out because RustGIS maps the Earth in 2D \
         (other bodies, geocentric x/y/z): {not_earth:?}",
        cases.len(),
        not_earth.len()
    );
    assert!(failures.is_empty(), "{} points differ from PROJ's tests:\n{}", failures.len(), failures.join("\n"));
}
