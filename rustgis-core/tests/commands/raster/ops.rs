//! raster.reclassify, raster.clip and raster.contour against rasterio's arrays of the same
//! fixtures: counts per class, clipped cells, and contour vertices on their level.

use crate::common::run;
use crate::rasters::{fixtures, npy};
use rustgis_core::Session;
use rustgis_core::raster::Grid;
use serde_json::json;

fn session_with(name: &str) -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join(format!("{name}.tif")), "name": "dem"})).expect("opens");
    Some(session)
}

fn band(session: &Session, layer: &str) -> Grid {
    let layer = session.project().layer(layer).expect("layer");
    layer.raster.as_ref().expect("a raster").raster.read_band(0).expect("reads")
}

#[test]
fn reclassify_counts_the_same_cells_per_class_as_numpy() {
    let Some(mut session) = session_with("dem_utm") else { return };
    let (_, _, values) = npy(&fixtures().expect("fixtures").join("dem_utm.b1.npy"));
    run(
        &mut session,
        "raster.reclassify",
        json!({"layer": "dem", "ranges": [[0, 500, 1], [500, 1500, 2], [1500, 9000, 3]], "name": "zones"}),
    )
    .expect("reclassifies");
    let zones = band(&session, "zones");
    for (class, low, high) in [(1.0, 0.0, 500.0), (2.0, 500.0, 1500.0), (3.0, 1500.0, 9000.0)] {
        let want = values.iter().filter(|v| **v != -9999.0 && **v >= low && **v < high).count();
        let got = zones.values().iter().filter(|v| **v == class).count();
        assert_eq!(got, want, "class {class}");
    }
    let nodata = values.iter().filter(|v| **v == -9999.0).count();
    assert_eq!(zones.values().iter().filter(|v| **v == -9999.0).count(), nodata, "nodata stays nodata");
}

#[test]
fn clipping_to_a_box_keeps_exactly_the_cells_under_it() {
    let Some(mut session) = session_with("dem_4326") else { return };
    let (_, cols, values) = npy(&fixtures().expect("fixtures").join("dem_4326.b1.npy"));
    run(&mut session, "raster.clip", json!({"layer": "dem", "bbox": [5.0, 45.0, 10.0, 48.0], "name": "c"}))
        .expect("clips");
    let clipped = band(&session, "c");
    assert_eq!((clipped.width(), clipped.height()), (100, 60));
    // 5°E is column 300, 48°N row 240.
    for (col, row) in [(0usize, 0usize), (50, 30), (99, 59)] {
        assert_eq!(clipped.get(col, row), values[(240 + row) * cols + 300 + col], "cell {col},{row}");
    }
}

#[test]
fn clipping_to_polygons_leaves_cells_outside_them_without_data() {
    let Some(mut session) = session_with("dem_4326") else { return };
    let triangle = json!({"type": "Polygon", "coordinates": [[[20, 40], [30, 40], [20, 50], [20, 40]]]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "t", "geojson": triangle})).expect("adds");
    run(&mut session, "raster.clip", json!({"layer": "dem", "mask": "t", "name": "c"})).expect("clips");
    let clipped = band(&session, "c");
    assert_eq!((clipped.width(), clipped.height()), (200, 200));
    assert!(clipped.valid(10, 190).is_some(), "the triangle's corner at 20°E 40°N has data");
    assert!(clipped.valid(190, 10).is_none(), "the far corner is outside the triangle");
}

/// The DEM's value at map point `(x, y)`, interpolated bilinearly between cell centres.
fn bilinear(values: &[f64], cols: usize, transform: [f64; 6], x: f64, y: f64) -> f64 {
    let (c, r) = ((x - transform[0]) / transform[1] - 0.5, (y - transform[3]) / transform[5] - 0.5);
    let (c0, r0) = (c.floor() as usize, r.floor() as usize);
    let (fc, fr) = (c - c0 as f64, r - r0 as f64);
    let rows = values.len() / cols;
    let at = |c: usize, r: usize| values[r.min(rows - 1) * cols + c.min(cols - 1)];
    let top = at(c0, r0) + (at(c0 + 1, r0) - at(c0, r0)) * fc;
    let bottom = at(c0, r0 + 1) + (at(c0 + 1, r0 + 1) - at(c0, r0 + 1)) * fc;
    top + (bottom - top) * fr
}

#[test]
fn every_contour_vertex_lies_on_its_level() {
    let Some(mut session) = session_with("dem_utm") else { return };
    let (_, cols, values) = npy(&fixtures().expect("fixtures").join("dem_utm.b1.npy"));
    let out =
        run(&mut session, "raster.contour", json!({"layer": "dem", "interval": 250, "name": "iso"})).expect("contours");
    assert!(out["features"].as_u64().is_some_and(|n| n >= 5), "{out}");
    let layer = session.project().layer("iso").expect("the contour layer");
    let transform = [500000.0, 30.0, 0.0, 5200000.0, 0.0, -30.0];
    let mut checked = 0;
    for feature in layer.features.iter() {
        let rustgis_core::Value::Float(level) = feature.attributes[0] else { panic!("a level") };
        assert_eq!(level % 250.0, 0.0);
        let Some(geo::Geometry::MultiLineString(lines)) = &feature.geometry else { panic!("lines") };
        for point in lines.0.iter().flat_map(|l| l.0.iter()) {
            let v = bilinear(&values, cols, transform, point.x, point.y);
            assert!((v - level).abs() < 1e-6 * level.max(1.0), "a vertex of level {level} lies on {v}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} vertices");
}

#[test]
fn raster_calc_compares_cells_like_numpy_and_keeps_nodata() {
    let Some(mut session) = session_with("dem_utm") else { return };
    let (_, _, values) = npy(&fixtures().expect("fixtures").join("dem_utm.b1.npy"));
    run(&mut session, "raster.calc", json!({"expression": "\"dem\" > 1000", "name": "high"})).expect("computes");
    let high = band(&session, "high");
    let want_high = values.iter().filter(|v| **v != -9999.0 && **v > 1000.0).count();
    assert_eq!(high.values().iter().filter(|v| **v == 1.0).count(), want_high);
    let want_low = values.iter().filter(|v| **v != -9999.0 && **v <= 1000.0).count();
    assert_eq!(high.values().iter().filter(|v| **v == 0.0).count(), want_low);
    assert_eq!(
        high.values().iter().filter(|v| **v == -9999.0).count(),
        values.iter().filter(|v| **v == -9999.0).count()
    );
}

#[test]
fn raster_calc_does_arithmetic_on_bands_of_several_layers() {
    let Some(mut session) = session_with("rgb") else { return };
    let (_, _, red) = npy(&fixtures().expect("fixtures").join("rgb.b1.npy"));
    let (_, _, green) = npy(&fixtures().expect("fixtures").join("rgb.b2.npy"));
    run(&mut session, "raster.calc", json!({"expression": "\"dem@1\" * 2 - \"dem@2\"", "name": "mix"}))
        .expect("computes");
    let mix = band(&session, "mix");
    for (i, v) in mix.values().iter().enumerate().step_by(97) {
        assert_eq!(*v, red[i] * 2.0 - green[i], "cell {i}");
    }
}

#[test]
fn raster_calc_refuses_rasters_on_different_grids() {
    let Some(mut session) = session_with("dem_utm") else { return };
    let dir = fixtures().expect("fixtures");
    run(&mut session, "layer.open", json!({"path": dir.join("dem_4326.tif"), "name": "other"})).expect("opens");
    let error = run(&mut session, "raster.calc", json!({"expression": "\"dem\" + \"other\""})).expect_err("two grids");
    assert!(error.to_string().contains("same size and georeferencing"), "{error}");
}
