//! Map projections against pyproj (PROJ): the world projections by name and code, and two
//! regional ones. The references come from `scripts/projection_references.py` (scripts/test.sh
//! runs it first); without them these tests skip with a message, unless
//! `RUSTGIS_REQUIRE_FIXTURES=1`, which makes a missing reference a failure.

use std::path::PathBuf;

use rustgis_core::geoprocessing::{Transformer, check_map_crs};
use rustgis_core::{Crs, Session};
use serde_json::json;

/// One reference point: pyproj's (x, y) for (lon, lat), and where pyproj's inverse takes that
/// (x, y) back (infinite where PROJ refuses it).
struct Reference {
    lon: f64,
    lat: f64,
    x: f64,
    y: f64,
    back_lon: f64,
    back_lat: f64,
}

/// pyproj's points for `crs`. `None` (after saying why) when the references were not written and
/// are not required.
fn references(crs: &str) -> Option<Vec<Reference>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests-output/projections")
        .join(format!("{}.csv", crs.replace(':', "_")));
    let text = std::fs::read_to_string(&path).ok().filter(|t| t.starts_with("lon,lat,x,y,back_lon,back_lat"));
    let Some(text) = text else {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "{} is missing or old: run .venv/bin/python scripts/projection_references.py",
            path.display()
        );
        eprintln!(
            "skipped: {} is missing or old (run .venv/bin/python scripts/projection_references.py)",
            path.display()
        );
        return None;
    };
    let rows = text
        .lines()
        .skip(1)
        .map(|line| {
            let v: Vec<f64> = line.split(',').map(|n| n.parse().expect("a number")).collect();
            Reference { lon: v[0], lat: v[1], x: v[2], y: v[3], back_lon: v[4], back_lat: v[5] }
        })
        .collect();
    Some(rows)
}

/// Every reference point projects within 1 mm of pyproj, and pyproj's (x, y) comes back where
/// PROJ's inverse takes it, within 1e-9° (or is refused where PROJ refuses it). The inverse is
/// compared with PROJ's rather than with the starting point because Robinson's and Mollweide's
/// inverses iterate: PROJ brings (-139.039°, 60°) back from Robinson 7.6e-6° off, and RustGIS,
/// which is PROJ, must give that same answer.
fn check_against_pyproj(crs: &str) {
    let Some(points) = references(crs) else { return };
    assert!(points.len() > 10_000, "1,000 random points and the sample's vertices");
    let to = Crs::parse(crs).expect("a CRS RustGIS knows");
    let forward = Transformer::new(Crs::WGS84, to).expect("forward");
    let inverse = Transformer::new(to, Crs::WGS84).expect("inverse");
    let (mut worst, mut worst_back) = (0.0f64, 0.0f64);
    for Reference { lon, lat, x, y, back_lon, back_lat } in points {
        let (px, py) = forward.apply(lon, lat).unwrap_or_else(|| panic!("{crs}: ({lon}, {lat}) projects"));
        let off = (px - x).hypot(py - y);
        assert!(off < 1e-3, "{crs}: ({lon}, {lat}) projects to ({px}, {py}), pyproj says ({x}, {y}): {off} m apart");
        worst = worst.max(off);
        let back = inverse.apply(x, y);
        if !(back_lon.is_finite() && back_lat.is_finite()) {
            assert!(back.is_none(), "{crs}: PROJ refuses to invert ({x}, {y}); RustGIS gives {back:?}");
            continue;
        }
        let (bl, bp) = back.unwrap_or_else(|| panic!("{crs}: ({x}, {y}) inverts to ({back_lon}, {back_lat}) in PROJ"));
        // At the poles every longitude is the same point, and -180° is 180°.
        let dl = if back_lat.abs() > 90.0 - 1e-9 { 0.0 } else { ((bl - back_lon + 540.0) % 360.0 - 180.0).abs() };
        let apart = dl.max((bp - back_lat).abs());
        assert!(apart < 1e-9, "{crs}: ({x}, {y}) comes back as ({bl}, {bp}), PROJ says ({back_lon}, {back_lat})");
        worst_back = worst_back.max(apart);
    }
    eprintln!("{crs}: worst {:.2e} m from pyproj forward, worst {:.2e}° from PROJ's inverse", worst, worst_back);
}

#[test]
fn equal_earth_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("EPSG:8857");
}

#[test]
fn robinson_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("ESRI:54030");
}

#[test]
fn mollweide_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("ESRI:54009");
}

#[test]
fn winkel_tripel_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("ESRI:54042");
}

#[test]
fn natural_earth_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("ESRI:54077");
}

#[test]
fn laea_europe_agrees_with_pyproj_within_a_millimetre() {
    check_against_pyproj("EPSG:3035");
}

#[test]
fn world_projections_are_known_by_name() {
    for (name, code) in [
        ("Equal Earth", "EPSG:8857"),
        ("robinson", "ESRI:54030"),
        ("Mollweide", "ESRI:54009"),
        ("winkel-tripel", "ESRI:54042"),
        ("Natural Earth", "ESRI:54077"),
    ] {
        assert_eq!(Crs::parse(name).expect(name).to_string(), code);
    }
}

#[test]
fn a_geocentric_crs_is_refused_for_reprojection_with_the_reason() {
    let err = check_map_crs(Crs::epsg(4978)).expect_err("EPSG:4978 is x/y/z");
    assert!(err.to_string().contains("geocentric"), "{err}");
}

/// `map.setCrs` to `crs` on the sample.
fn set_map_crs(crs: &str) -> rustgis_core::Result<rustgis_core::Outcome> {
    let mut session = Session::with_sample().expect("sample");
    session.execute(&rustgis_core::Caller::user(), "map.setCrs", json!({ "crs": crs }))
}

#[test]
fn the_map_can_be_drawn_in_laea_europe() {
    let out = set_map_crs("EPSG:3035").expect("EPSG:3035 is a projected CRS PROJ knows");
    assert_eq!(out.result["crs"], "EPSG:3035");
}

#[test]
fn the_map_can_be_drawn_in_robinson_by_name() {
    let out = set_map_crs("Robinson").expect("Robinson is a world projection");
    assert_eq!(out.result["crs"], "ESRI:54030");
}

#[test]
fn the_map_refuses_a_geocentric_crs_naming_why() {
    let err = set_map_crs("EPSG:4978").expect_err("a geocentric CRS cannot draw a map");
    assert!(err.to_string().contains("geocentric"), "{err}");
}

/// `vector.reproject` of the sample's countries to `crs`: the notices.
fn reproject_countries(crs: &str) -> Vec<String> {
    let mut session = Session::with_sample().expect("sample");
    let out = session
        .execute(
            &rustgis_core::Caller::user(),
            "vector.reproject",
            json!({"layer": "countries", "crs": crs, "name": "moved"}),
        )
        .expect("reprojects");
    out.notices
}

#[test]
fn reprojecting_to_utm_names_the_countries_outside_its_valid_area() {
    let notices = reproject_countries("EPSG:32633");
    let outside = notices.iter().find(|n| n.starts_with("left out")).expect("a notice of features left out");
    assert!(outside.contains("New Zealand") && outside.contains("where EPSG:32633 is usable"), "{outside}");
    let clipped = notices.iter().find(|n| n.starts_with("clipped")).expect("a notice of features clipped");
    assert!(clipped.contains("Russia"), "{clipped}");
}

#[test]
fn reprojecting_to_equal_earth_keeps_every_country_whole() {
    let notices = reproject_countries("EPSG:8857");
    assert!(notices.is_empty(), "{notices:?}");
}
