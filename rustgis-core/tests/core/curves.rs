//! Curved geometries (CircularString, CompoundCurve, CurvePolygon, MultiCurve, MultiSurface) in a
//! GeoPackage and a FlatGeobuf GDAL wrote, and in a CSV's WKT column, read as lines that follow
//! GDAL's own linearisation of them (`expected/curves.json`, what pyogrio reads from the
//! GeoPackage; `scripts/make_format_fixtures.py --only curves`), with a notice naming them.
//!
//! Both linearisations put their positions on the arcs, at most 4° apart, but not at the same
//! places, so they are compared by what they draw and measure: the Hausdorff distance between
//! them is within twice the sagitta of a 4° step on the largest circle (radius 2), and lengths
//! and areas agree within 0.1 %.

use std::path::{Path, PathBuf};

use geo::{Area, Euclidean, Geometry, HausdorffDistance, Length};
use rustgis_core::io::geojson::geometry as geometry_from_json;
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

/// Twice the sagitta of a 4° step (2° half-angle) on a circle of radius 2.
const TOLERANCE: f64 = 2.0 * 2.0 * (1.0 - 0.034_899_496_702_500_97);

fn length(geometry: &Geometry<f64>) -> f64 {
    match geometry {
        Geometry::LineString(l) => Euclidean.length(l),
        Geometry::MultiLineString(m) => m.0.iter().map(|l| Euclidean.length(l)).sum(),
        _ => 0.0,
    }
}

fn check_follows_gdal(file: &str, extra: Json) {
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture("expected/curves.json")).expect("the expected reading is there"),
    )
    .expect("JSON");
    let mut session = Session::new();
    let mut params = json!({"path": fixture(file), "name": "curves"});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    let result = session.execute(&Caller::user(), "layer.open", params).expect("the file opens");
    assert!(
        result.notices.iter().any(|n| n.starts_with(
            "7 features had curved geometries (CircularString, CompoundCurve, CurvePolygon, MultiCurve, MultiSurface)"
        )),
        "{file}: {:?}",
        result.notices
    );
    let layer = session.project().require("curves").expect("the layer");
    let name = layer.require_field("name").expect("the name field");
    let wanted = expected["features"].as_array().expect("features");
    assert_eq!(layer.features.len(), wanted.len(), "{file}");
    for want in wanted {
        let label = want["properties"]["name"].as_str().expect("a name");
        let feature = layer
            .features
            .iter()
            .find(|f| f.attributes[name].as_str() == Some(label))
            .unwrap_or_else(|| panic!("{file}: no feature '{label}'"));
        let ours = feature.geometry.as_ref().expect("a geometry");
        let theirs = geometry_from_json(&want["geometry"]).expect("GDAL's geometry");
        assert_eq!(
            std::mem::discriminant(ours),
            std::mem::discriminant(&theirs),
            "{file} '{label}': {ours:?} is not of GDAL's kind"
        );
        let apart = ours.hausdorff_distance(&theirs);
        assert!(apart <= TOLERANCE, "{file} '{label}': {apart} from GDAL's lines");
        let (a, b) = (ours.unsigned_area(), theirs.unsigned_area());
        assert!((a - b).abs() <= 1e-3 * b.max(1e-9), "{file} '{label}': area {a} against GDAL's {b}");
        let (a, b) = (length(ours), length(&theirs));
        assert!((a - b).abs() <= 1e-3 * b.max(1e-9), "{file} '{label}': length {a} against GDAL's {b}");
    }
}

#[test]
fn curved_geometries_in_a_geopackage_read_as_the_lines_gdal_makes_of_them_with_a_notice() {
    check_follows_gdal("curves.gpkg", json!({}));
}

#[test]
fn curved_geometries_in_a_flatgeobuf_read_as_the_lines_gdal_makes_of_them_with_a_notice() {
    check_follows_gdal("curves.fgb", json!({}));
}

#[test]
fn curved_wkt_in_a_csv_reads_as_the_lines_gdal_makes_of_it_with_a_notice() {
    check_follows_gdal("curves.csv", json!({"wkt": "WKT"}));
}
