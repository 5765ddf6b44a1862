//! raster.stats, raster.sample, raster.zonalStats and the terrain commands against rasterio and
//! numpy on the same cells; each makes a new layer, leaves its input as it was and is one undo
//! step; a cancelled one changes nothing.

use crate::common::{CancelAfterReports, run};
use crate::rasters::{fixtures, meta};
use rustgis_core::{Caller, Session, Value};
use serde_json::{Value as Json, json};

fn session_with(name: &str) -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    run(&mut session, "layer.addSample", json!({"sample": "countries"})).expect("sample");
    run(&mut session, "layer.addSample", json!({"sample": "cities"})).expect("sample");
    run(&mut session, "layer.open", json!({"path": dir.join(format!("{name}.tif")), "name": "r"})).expect("opens");
    Some(session)
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a - b).abs() <= relative * b.abs().max(1.0)
}

/// `raster.stats` of every band against rasterio's arrays (numpy's min, max, mean, std).
fn check_stats(name: &str) {
    let Some(mut session) = session_with(name) else { return };
    let dir = fixtures().expect("fixtures");
    let want = meta(&dir, name);
    let got = run(&mut session, "raster.stats", json!({"layer": "r"})).expect("stats");
    for (g, w) in got["bands"].as_array().expect("bands").iter().zip(want["bands"].as_array().expect("bands")) {
        for key in ["min", "max", "mean", "std"] {
            let (a, b) = (g[key].as_f64().expect("a number"), w[key].as_f64().expect("a number"));
            assert!(close(a, b, 1e-9), "{name} {key}: {a} vs numpy's {b}");
        }
        assert_eq!(g["valid"], w["valid"], "{name}");
        assert_eq!(g["nodata"], w["nodata"], "{name}");
        let counted: u64 = g["histogram"].as_array().expect("histogram").iter().map(|c| c.as_u64().expect("n")).sum();
        assert_eq!(Some(counted), g["valid"].as_u64(), "{name}: the histogram counts every valid cell");
    }
}

#[test]
fn raster_stats_of_a_dem_with_nodata_equal_numpys() {
    check_stats("dem_4326");
}

#[test]
fn raster_stats_of_every_band_of_an_rgb_image_equal_numpys() {
    check_stats("rgb");
}

#[test]
fn raster_stats_of_a_cog_equal_numpys() {
    check_stats("cog");
}

fn field(session: &Session, layer: &str, feature: usize, name: &str) -> Value {
    let layer = session.project().layer(layer).expect("the result layer");
    let idx = layer.field_index(name).unwrap_or_else(|| panic!("no field {name}"));
    layer.features[feature].attributes[idx].clone()
}

#[test]
fn raster_sample_gives_each_city_the_value_rasterio_samples() {
    let Some(mut session) = session_with("dem_4326") else { return };
    let dir = fixtures().expect("fixtures");
    let want: Vec<Option<f64>> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("dem_4326.sample.json")).expect("reference"))
            .expect("JSON");
    let out = run(&mut session, "raster.sample", json!({"layer": "cities", "raster": "r", "name": "sampled"}))
        .expect("samples");
    assert_eq!(out["fields"], json!(["r_b1"]));
    let mut some = 0;
    for (i, w) in want.iter().enumerate() {
        let got = match field(&session, "sampled", i, "r_b1") {
            Value::Float(v) => Some(v),
            Value::Null => None,
            other => panic!("{other:?}"),
        };
        assert_eq!(got, *w, "city {i}");
        some += usize::from(got.is_some());
    }
    assert!(some > 20, "only {some} cities sampled");
    assert!(session.project().layer("cities").is_some_and(|l| l.field_index("r_b1").is_none()), "input unchanged");
}

/// `raster.zonalStats` of the countries against rasterstats-style counting in numpy.
fn check_zonal(name: &str) {
    let Some(session) = session_with(name) else { return };
    check_zonal_of(session, "countries", &format!("{name}.zonal.json"), 5);
}

/// `raster.zonalStats` of `layer` against the reference `file` (rasterstats-style counting in
/// numpy), at least `at_least` polygons with cells.
fn check_zonal_of(mut session: Session, layer: &str, file: &str, at_least: usize) {
    let dir = fixtures().expect("fixtures");
    let want: Vec<Json> =
        serde_json::from_str(&std::fs::read_to_string(dir.join(file)).expect("reference")).expect("JSON");
    run(&mut session, "raster.zonalStats", json!({"layer": layer, "raster": "r", "name": "zones", "prefix": ""}))
        .expect("zonal statistics");
    let mut compared = 0;
    for w in &want {
        let i = w["index"].as_u64().expect("index") as usize;
        let count = w["count"].as_i64().unwrap_or(0);
        assert_eq!(field(&session, "zones", i, "count"), Value::Int(count), "{}", w["name"]);
        if count == 0 {
            continue;
        }
        compared += 1;
        assert_eq!(
            field(&session, "zones", i, "nodata"),
            Value::Int(w["nodata"].as_i64().expect("n")),
            "{}",
            w["name"]
        );
        for key in ["sum", "mean", "min", "max", "majority"] {
            let Value::Float(got) = field(&session, "zones", i, key) else {
                panic!("{key} of {} is not a number", w["name"])
            };
            let expected = w[key].as_f64().expect("a number");
            assert!(close(got, expected, 1e-9), "{} {key}: {got} vs {expected}", w["name"]);
        }
    }
    assert!(compared >= at_least, "only {compared} polygons lie on the grid");
}

#[test]
fn zonal_statistics_count_exactly_the_cells_whose_centre_is_inside_slanted_concave_and_holed_polygons() {
    let Some(mut session) = session_with("dem_4326") else { return };
    let dir = fixtures().expect("fixtures");
    run(&mut session, "layer.open", json!({"path": dir.join("dem_4326.shapes.geojson"), "name": "shapes"}))
        .expect("the shapes open");
    check_zonal_of(session, "shapes", "dem_4326.shapes.zonal.json", 3);
}

#[test]
fn zonal_statistics_of_the_countries_over_a_dem_equal_rasterstats_counting() {
    check_zonal("dem_4326");
}

#[test]
fn zonal_majority_of_land_cover_classes_equals_rasterstats_counting() {
    check_zonal("landcover");
}

#[test]
fn zonal_area_on_a_lon_lat_grid_is_geodesic() {
    let Some(mut session) = session_with("landcover") else { return };
    // landcover covers 0–20°E, 35–50°N and has no nodata.
    let square = json!({"type": "Polygon", "coordinates": [[[0, 35], [20, 35], [20, 50], [0, 50], [0, 35]]]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "box", "geojson": square})).expect("adds");
    run(&mut session, "raster.zonalStats", json!({"layer": "box", "raster": "r", "name": "z", "prefix": ""}))
        .expect("zonal");
    let Value::Float(area) = field(&session, "z", 0, "area_km2") else { panic!("no area") };
    // The exact area of a band of longitude and latitude on the WGS 84 ellipsoid (authalic
    // latitude formula): the box's sides run along parallels, not geodesics.
    let (a, f): (f64, f64) = (6_378_137.0, 1.0 / 298.257_223_563);
    let e = (f * (2.0 - f)).sqrt();
    let q = |lat: f64| {
        let s = lat.to_radians().sin();
        (1.0 - e * e) * (s / (1.0 - e * e * s * s) - (1.0 / (2.0 * e)) * ((1.0 - e * s) / (1.0 + e * s)).ln())
    };
    let exact = a * a * 20f64.to_radians() / 2.0 * (q(50.0) - q(35.0)) / 1e6;
    assert!(close(area, exact, 1e-5), "{area} km² vs the ellipsoid's {exact} km²");
    let (Value::Float(mean), Value::Float(area_mean)) =
        (field(&session, "z", 0, "mean"), field(&session, "z", 0, "area_mean"))
    else {
        panic!("no means")
    };
    assert_ne!(mean, area_mean, "cells shrink towards the pole, so the weighted mean differs");
}

#[test]
fn terrain_commands_make_new_layers_and_leave_the_dem_as_it_was() {
    let Some(mut session) = session_with("dem_utm") else { return };
    let before = session.project().layers.len();
    for command in ["raster.hillshade", "raster.slope", "raster.aspect"] {
        let out = run(&mut session, command, json!({"layer": "r"})).expect("computes");
        assert_eq!(out["kind"], "raster", "{command}");
        assert_eq!(out["width"], 400, "{command}");
    }
    assert_eq!(session.project().layers.len(), before + 3);
    let names: Vec<&str> = session.project().layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(&names[before..], ["r hillshade", "r slope", "r aspect"]);
    run(&mut session, "edit.undo", json!({})).expect("undo");
    assert_eq!(session.project().layers.len(), before + 2, "each command is one undo step");
    let slope = run(&mut session, "raster.stats", json!({"layer": "r slope"})).expect("stats");
    let max = slope["bands"][0]["max"].as_f64().expect("max");
    assert!(max > 0.0 && max < 90.0, "slope in degrees: {max}");
}

#[test]
fn a_cancelled_zonal_statistics_run_changes_nothing() {
    let Some(mut session) = session_with("dem_4326") else { return };
    let before = session.project().layers.len();
    let result = session.execute_with(
        &Caller::user(),
        "raster.zonalStats",
        json!({"layer": "countries", "raster": "r"}),
        &CancelAfterReports::new(3),
    );
    assert!(result.is_err_and(|e| e.code() == "cancelled"));
    assert_eq!(session.project().layers.len(), before);
}
