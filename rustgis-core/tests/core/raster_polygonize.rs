//! `raster.polygonize` against GDAL's polygonize (rasterio.features.shapes, written by
//! `scripts/make_raster_fixtures.py`): the same number of polygons and the same total area per
//! class, 4- and 8-connected, on lon/lat and projected grids, and geometries shapely calls valid.

use crate::common;
use crate::rasters;

use std::collections::BTreeMap;
use std::path::Path;

use common::{CancelAfterReports, TempFolder, run};
use geo::Area;
use rasters::fixtures;
use rustgis_core::Value;
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

/// Per class: the number of features and their total planar area, in the layer's CRS.
fn per_class(session: &Session, layer: &str) -> BTreeMap<i64, (usize, f64)> {
    let layer = session.project().layer(layer).expect("the polygons' layer");
    let mut out = BTreeMap::new();
    for feature in layer.features.iter() {
        let Value::Int(class) = feature.attributes[0] else { panic!("an integer class: {:?}", feature.attributes) };
        let area = feature.geometry.as_ref().expect("a geometry").unsigned_area();
        let entry = out.entry(class).or_insert((0, 0.0));
        entry.0 += 1;
        entry.1 += area;
    }
    out
}

/// Opens `tif` (after `prepare`), polygonizes it and compares with GDAL's counts and areas.
fn check(tif: &str, reference: &str, connectivity: u8, prepare: &[(&str, Json)]) -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join(format!("{tif}.tif")), "name": "grid"})).expect("opens");
    for (id, params) in prepare {
        run(&mut session, id, params.clone()).expect("prepares");
    }
    let source = if prepare.is_empty() { "grid" } else { "classes" };
    let out = run(
        &mut session,
        "raster.polygonize",
        json!({"layer": source, "connectivity": connectivity, "name": "polygons"}),
    )
    .expect("polygonizes");
    let text = std::fs::read_to_string(dir.join(format!("{reference}.polygonize.json"))).expect("the reference");
    let gdal: Json = serde_json::from_str(&text).expect("parses");
    let gdal = &gdal[connectivity.to_string()];
    let got = per_class(&session, "polygons");
    let want_total: u64 = gdal.as_object().expect("classes").values().map(|c| c["count"].as_u64().expect("n")).sum();
    assert_eq!(out["features"], json!(want_total), "as many polygons as GDAL makes");
    assert_eq!(got.len(), gdal.as_object().expect("classes").len(), "the same classes: {got:?}");
    for (class, (count, area)) in &got {
        let want = &gdal[class.to_string()];
        assert_eq!(*count as u64, want["count"].as_u64().expect("a count"), "polygons of class {class}");
        let want_area = want["area"].as_f64().expect("an area");
        assert!((area - want_area).abs() <= 1e-9 * want_area.max(1.0), "area of class {class}: {area} vs {want_area}");
    }
    Some(session)
}

#[test]
fn polygons_of_land_cover_match_gdal_per_class_four_connected() {
    check("landcover", "landcover", 4, &[]);
}

#[test]
fn polygons_of_land_cover_match_gdal_per_class_eight_connected() {
    check("landcover", "landcover", 8, &[]);
}

#[test]
fn polygons_of_random_classes_with_nodata_match_gdal_four_connected() {
    check("noise_classes", "noise_classes", 4, &[]);
}

#[test]
fn polygons_of_random_classes_with_nodata_match_gdal_eight_connected() {
    check("noise_classes", "noise_classes", 8, &[]);
}

fn utm_classes() -> Vec<(&'static str, Json)> {
    let ranges: Vec<[f64; 3]> = (0..12).map(|k| [k as f64 * 500.0, (k + 1) as f64 * 500.0, k as f64]).collect();
    vec![("raster.reclassify", json!({"layer": "grid", "ranges": ranges, "name": "classes"}))]
}

#[test]
fn polygons_of_a_projected_grid_match_gdal_with_the_lake_left_out() {
    let Some(session) = check("dem_utm", "dem_utm_classes", 4, &utm_classes()) else { return };
    let layer = session.project().layer("polygons").expect("polygons");
    assert_eq!(layer.crs.to_string(), "EPSG:32633");
    let holes: usize = layer
        .features
        .iter()
        .filter_map(|f| match &f.geometry {
            Some(geo::Geometry::Polygon(p)) => Some(p.interiors().len()),
            _ => None,
        })
        .sum();
    assert!(holes > 0, "the nodata lake and enclosed classes are holes");
}

#[test]
fn polygons_of_a_projected_grid_match_gdal_eight_connected() {
    check("dem_utm", "dem_utm_classes", 8, &utm_classes());
}

/// Writes the layer as GeoJSON and asks shapely which features are invalid.
fn invalid_by_shapely(session: &mut Session, folder: &TempFolder) -> Option<String> {
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    if !python.exists() {
        assert!(std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"), "no .venv/bin/python for shapely");
        eprintln!("SKIPPED: shapely check (no .venv/bin/python)");
        return None;
    }
    let path = folder.join("polygons.geojson");
    run(session, "layer.export", json!({"layer": "polygons", "path": path})).expect("exports");
    let script = "import sys, json, shapely\n\
        from shapely.geometry import shape\n\
        features = json.load(open(sys.argv[1]))['features']\n\
        bad = [shapely.validation.explain_validity(shape(f['geometry'])) for f in features\n\
               if not shape(f['geometry']).is_valid]\n\
        print(len(features), len(bad), bad[:3])";
    let out = std::process::Command::new(python).args(["-c", script]).arg(&path).output().expect("python runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[test]
fn every_polygon_of_random_classes_is_valid_for_shapely() {
    for connectivity in [4, 8] {
        let Some(mut session) = check("noise_classes", "noise_classes", connectivity, &[]) else { return };
        let folder = TempFolder::new("raster_polygonize", &format!("valid{connectivity}"));
        let Some(report) = invalid_by_shapely(&mut session, &folder) else { return };
        let mut parts = report.split_whitespace();
        let total = parts.next().expect("a count");
        assert_eq!(parts.next(), Some("0"), "{connectivity}-connected: of {total} features invalid: {report}");
    }
}

#[test]
fn polygonize_refuses_a_connectivity_other_than_four_or_eight() {
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join("landcover.tif"), "name": "lc"})).expect("opens");
    let error = run(&mut session, "raster.polygonize", json!({"layer": "lc", "connectivity": 6})).expect_err("6");
    assert!(format!("{error:#}").contains("use 4 or 8"), "{error:#}");
}

#[test]
fn polygonize_stops_when_its_vertices_would_pass_the_new_data_limit() {
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    let mut limits = *session.limits();
    // The band (2 × 8 bytes a cell, 76 800 bytes) fits; its ~1 900 regions' vertices do not.
    limits.max_new_data_bytes = 100_000;
    session.set_limits(limits);
    run(&mut session, "layer.open", json!({"path": dir.join("noise_classes.tif"), "name": "n"})).expect("opens");
    let error = run(&mut session, "raster.polygonize", json!({"layer": "n"})).expect_err("too many vertices");
    assert!(format!("{error:#}").contains("more than 6250 vertices"), "{error:#}");
    assert!(session.project().layer("n polygons").is_none(), "nothing is added");
}

#[test]
fn a_cancelled_polygonize_reports_progress_and_changes_nothing() {
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join("dem_utm.tif"), "name": "dem"})).expect("opens");
    let before = session.project().layers.len();
    let progress = CancelAfterReports::new(3);
    let result = session.execute_with(&Caller::user(), "raster.polygonize", json!({"layer": "dem"}), &progress);
    assert!(result.is_err_and(|e| e.code() == "cancelled"));
    assert!(progress.reports() >= 3, "it reported progress");
    assert_eq!(session.project().layers.len(), before);
}
