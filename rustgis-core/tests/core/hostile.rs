//! Hostile input (issue 12): pathological geometries, oversized values and files that try to
//! take the session away. Each test names the behaviour it keeps.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::sync::atomic::{AtomicUsize, Ordering};

use rustgis_core::{Caller, Error, Progress, Session};
use serde_json::{Value as Json, json};

/// A ring of `n` vertices around (0, 0) that zigzags in and out and, every 1,000 vertices, swaps
/// two neighbours so that the ring crosses itself there: 100 crossings for 100,000 vertices.
fn self_intersecting_ring(n: usize) -> Vec<[f64; 2]> {
    let mut ring: Vec<[f64; 2]> = (0..n)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            let radius = if k % 2 == 0 { 10.0 } else { 9.0 };
            [radius * angle.cos(), radius * angle.sin()]
        })
        .collect();
    for k in (500..n - 2).step_by(1000) {
        ring.swap(k, k + 2);
    }
    ring.push(ring[0]);
    ring
}

/// A simple (valid) ring of `n` vertices: a wavy circle of radius about 60° around (0, 0).
fn wavy_ring(n: usize) -> Vec<[f64; 2]> {
    let mut ring: Vec<[f64; 2]> = (0..n)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            let radius = 60.0 + 2.0 * (angle * 50.0).sin();
            [1.5 * radius * angle.cos(), 0.9 * radius * angle.sin()]
        })
        .collect();
    ring.push(ring[0]);
    ring
}

fn polygon_layer(session: &mut Session, name: &str, ring: Vec<[f64; 2]>) {
    let geojson = json!({"type": "Polygon", "coordinates": [ring]});
    session.execute(&Caller::user(), "layer.addGeoJSON", json!({"name": name, "geojson": geojson})).expect("adds");
}

/// Progress that reports a cancellation once it has been asked `after` times.
struct CancelAfter {
    asked: AtomicUsize,
    after: usize,
}

impl Progress for CancelAfter {
    fn report(&self, _fraction: f64, _message: &str) {}
    fn is_cancelled(&self) -> bool {
        self.asked.fetch_add(1, Ordering::Relaxed) >= self.after
    }
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(&Caller::user(), id, params).map(|o| o.result)
}

#[test]
fn simplify_of_a_huge_self_intersecting_polygon_stops_when_cancelled_mid_feature() {
    let mut session = Session::new();
    polygon_layer(&mut session, "knot", self_intersecting_ring(100_000));
    // The first check (before the feature) passes; only a check inside the work can stop it.
    let progress = CancelAfter { asked: AtomicUsize::new(0), after: 1 };
    let params = json!({"layer": "knot", "tolerance": 0, "unit": "deg"});
    let out = session.execute_with(&Caller::user(), "vector.simplify", params, &progress);
    assert!(matches!(out, Err(Error::Cancelled(_))), "{out:?}");
    let layers = run(&mut session, "layer.list", json!({})).expect("the session serves the next call");
    assert_eq!(layers["layers"].as_array().map(Vec::len), Some(1));
}

#[test]
fn simplify_of_a_large_self_intersecting_polygon_repairs_it_into_a_valid_one() {
    // 30,000 vertices: past the size repaired by an overlay on a watched thread. (The 100,000
    // vertices of the issue are timed by `cargo bench --bench geoprocessing`, in release.)
    let mut session = Session::new();
    polygon_layer(&mut session, "knot", self_intersecting_ring(30_000));
    let out = run(&mut session, "vector.simplify", json!({"layer": "knot", "tolerance": 0, "unit": "deg"}));
    assert_eq!(out.expect("simplifies")["features"], 1);
    let layer = session.project().require("knot simplified").expect("the result layer");
    let geometry = layer.features[0].geometry.as_ref().expect("a geometry");
    assert_eq!(rustgis_core::geoprocessing::repair_geometry_problem(geometry), None);
}

#[test]
fn clipping_the_cities_by_a_30000_vertex_polygon_keeps_the_cities_inside() {
    let mut session = Session::with_sample().expect("sample");
    polygon_layer(&mut session, "blob", wavy_ring(30_000));
    let out = run(&mut session, "vector.clip", json!({"layer": "cities", "mask": "blob"})).expect("clips");
    let kept = out["features"].as_u64().expect("a count");
    // The same count as geo's own point-in-polygon test, one city at a time.
    let blob = session.project().require("blob").expect("the mask").features[0].geometry.clone().expect("a shape");
    let cities = session.project().require("cities").expect("the sample");
    let inside = cities
        .features
        .iter()
        .filter(|f| f.geometry.as_ref().is_some_and(|g| geo::Intersects::intersects(&blob, g)))
        .count();
    assert_eq!(kept, inside as u64);
    assert!(kept > 50 && kept < 521, "{out}");
}

#[test]
fn a_ten_megabyte_value_for_every_city_is_refused_naming_the_limit() {
    let mut session = Session::with_sample().expect("sample");
    let before = session.project().require("cities").expect("cities").fields.len();
    let params = json!({"layer": "cities", "name": "big", "type": "string", "expression": "rpad('a', 10000000, 'b')"});
    let error = run(&mut session, "field.add", params).expect_err("refused");
    let message = error.to_string();
    assert!(message.contains("max_value_bytes"), "{message}");
    assert_eq!(session.project().require("cities").expect("cities").fields.len(), before, "nothing was added");
}

#[test]
fn a_command_making_more_new_data_than_its_limit_is_refused_naming_the_limit() {
    let mut session = Session::with_sample().expect("sample");
    session.set_limits(rustgis_core::Limits { max_new_data_bytes: 100_000, ..Default::default() });
    let params = json!({"layer": "cities", "name": "pad", "type": "string", "expression": "rpad('a', 1000, 'b')"});
    let error = run(&mut session, "field.add", params).expect_err("refused");
    assert!(matches!(&error, Error::Limit { limit: "max_new_data_bytes", .. }), "{error}");
    assert!(session.history().is_empty());
}

#[test]
fn the_value_limit_is_configurable() {
    let mut session = Session::with_sample().expect("sample");
    session.set_limits(rustgis_core::Limits { max_value_bytes: 100, ..Default::default() });
    let params =
        json!({"layer": "cities", "name": "pad", "type": "string", "expression": "'x' || rpad('a', 500, 'b')"});
    let error = run(&mut session, "field.add", params).expect_err("refused");
    assert!(error.to_string().contains("max_value_bytes"), "{error}");
}

#[test]
fn a_command_past_its_run_time_limit_stops_naming_the_limit() {
    let mut session = Session::with_sample().expect("sample");
    session.set_limits(rustgis_core::Limits { max_run_time: Some(std::time::Duration::ZERO), ..Default::default() });
    let error = run(&mut session, "vector.buffer", json!({"layer": "cities", "distance": 10, "unit": "km"}))
        .expect_err("stopped");
    assert!(matches!(&error, Error::Limit { limit: "max_run_time", .. }), "{error}");
    assert_eq!(session.project().layers.len(), 4, "no layer was added");
}

#[test]
fn reprojecting_the_countries_to_utm_33n_names_every_country_left_out() {
    let mut session = Session::with_sample().expect("sample");
    let out = session
        .execute(&Caller::user(), "vector.reproject", json!({"layer": "countries", "crs": "EPSG:32633"}))
        .expect("reprojects");
    // Since issue 17 the countries beyond UTM's usable area (80° either side of 15°E) are left
    // out and those across its edge clipped, each named, rather than failing in PROJ.
    let kept = out.result["features"].as_u64().expect("a count");
    let notice = out.notices.iter().find(|n| n.starts_with("left out")).expect("a notice");
    let named = notice.matches(" (").count() - 1; // each left-out id is followed by its name
    assert_eq!(kept + named as u64, 177, "{notice}");
    let clipped = out.notices.iter().find(|n| n.starts_with("clipped")).expect("a notice");
    assert!(clipped.contains("30 (Brazil)"), "{clipped}");
}

#[test]
fn reprojecting_to_a_geocentric_crs_is_refused_saying_why() {
    let mut session = Session::with_sample().expect("sample");
    let error =
        run(&mut session, "vector.reproject", json!({"layer": "countries", "crs": "EPSG:4978"})).expect_err("refused");
    assert!(error.to_string().contains("geocentric"), "{error}");
}

#[test]
fn a_point_at_1e308_reprojected_to_web_mercator_is_left_out_and_named() {
    let mut session = Session::new();
    let geojson = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1e308, 0]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [10, 10]}}]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "far", "geojson": geojson})).expect("adds");
    let out = session
        .execute(&Caller::user(), "vector.reproject", json!({"layer": "far", "crs": "EPSG:3857"}))
        .expect("reprojects");
    assert_eq!(out.result["features"], 1);
    assert!(out.notices.iter().any(|n| n.contains("id 1")), "{:?}", out.notices);
}

fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rustgis-hostile-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

#[test]
fn opening_a_big_file_stops_when_cancelled_and_the_session_serves_the_next_call() {
    let dir = temp_dir();
    let file = dir.join("many.geojson");
    let features: Vec<String> = (0..200_000)
        .map(|i| {
            let (x, y) = (f64::from(i % 360) - 180.0, f64::from(i % 170) - 85.0);
            format!(
                r#"{{"type":"Feature","properties":{{"n":{i}}},"geometry":{{"type":"Point","coordinates":[{x},{y}]}}}}"#
            )
        })
        .collect();
    let text = format!(r#"{{"type":"FeatureCollection","features":[{}]}}"#, features.join(","));
    std::fs::write(&file, text).expect("the file is written");
    let mut session = Session::new();
    let progress = CancelAfter { asked: AtomicUsize::new(0), after: 0 };
    let out = session.execute_with(&Caller::user(), "layer.open", json!({"path": file}), &progress);
    std::fs::remove_dir_all(&dir).expect("the temp dir is removed");
    assert!(matches!(out, Err(Error::Cancelled(ref what)) if what == "layer.open"), "{out:?}");
    let layers = run(&mut session, "layer.list", json!({})).expect("the session serves the next call");
    assert_eq!(layers["layers"].as_array().map(Vec::len), Some(0), "nothing was added");
}

#[test]
fn zooming_to_a_layer_at_the_edge_of_the_numbers_is_refused_and_the_saved_project_reads_back() {
    let dir = temp_dir();
    let path = dir.join("edge.rgis");
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "project.save", json!({"path": path})).expect("a first save");
    let good = std::fs::read(&path).expect("saved");
    let geojson = json!({"type": "MultiPoint", "coordinates": [[-1.7e308, 0], [1.7e308, 0]]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "edge", "geojson": geojson})).expect("adds");
    let error = run(&mut session, "map.zoomTo", json!({"layer": "edge"})).expect_err("refused");
    assert!(error.to_string().contains("'edge'"), "{error}");
    run(&mut session, "layer.remove", json!({"layer": "edge"})).expect("removes");
    run(&mut session, "project.save", json!({})).expect("saves");
    run(&mut session, "project.open", json!({"path": path})).expect("reads back");
    assert_ne!(std::fs::read(&path).expect("saved"), Vec::<u8>::new());
    drop(good);
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

#[test]
fn an_inverted_bbox_is_refused() {
    let mut session = Session::with_sample().expect("sample");
    let error = run(&mut session, "map.zoomTo", json!({"bbox": [30, 60, -10, 35]})).expect_err("refused");
    assert!(error.to_string().contains("min < max"), "{error}");
}

#[test]
fn an_unknown_command_of_ten_megabytes_is_answered_at_once_with_a_short_message() {
    let session = Session::new();
    let id = "a".repeat(10_000_000);
    let error = session.registry().require(&id).expect_err("unknown");
    assert!(error.to_string().len() < 2_000, "the message is short");
}

#[test]
fn layer_names_with_nul_or_newlines_are_refused() {
    let mut session = Session::new();
    for name in ["a\nb", "a\0b", "a\rb"] {
        let geojson = json!({"type": "Point", "coordinates": [0, 0]});
        let error =
            run(&mut session, "layer.addGeoJSON", json!({"name": name, "geojson": geojson})).expect_err("refused");
        assert!(error.to_string().contains("control characters"), "{error}");
    }
}

#[test]
fn a_float_too_large_for_an_integer_field_is_an_error_not_saturated() {
    let mut session = Session::with_sample().expect("sample");
    let params = json!({"layer": "cities", "name": "huge", "type": "integer", "expression": "1e30"});
    let error = run(&mut session, "field.add", params).expect_err("refused");
    assert!(error.to_string().contains("integer"), "{error}");
}

#[test]
fn a_polygon_is_refused_in_a_point_layer() {
    let mut session = Session::with_sample().expect("sample");
    let polygon = json!({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]});
    let error = run(&mut session, "feature.add", json!({"layer": "cities", "geometry": polygon})).expect_err("refused");
    assert!(error.to_string().contains("Point"), "{error}");
    let point = json!({"type": "Point", "coordinates": [1, 1]});
    run(&mut session, "feature.add", json!({"layer": "cities", "geometry": point})).expect("a point is fine");
}

#[test]
fn a_project_holding_infinity_is_not_written_and_the_error_names_the_layer() {
    let mut project = rustgis_core::Project::new("p");
    let feature = rustgis_core::Feature {
        id: 7,
        geometry: Some(geo::Geometry::Point(geo::Point::new(f64::INFINITY, 0.0))),
        attributes: Vec::new(),
    };
    project.layers.push(rustgis_core::Layer::new("far", rustgis_core::Crs::WEB_MERCATOR, Vec::new(), vec![feature]));
    let mut out = Vec::new();
    let error = rustgis_core::project_file::write(&project, None, std::path::Path::new("p.rgis"), &mut out)
        .expect_err("refused");
    assert!(error.to_string().contains("layer 'far', feature 7"), "{error}");
    assert!(out.is_empty(), "nothing was written");
}

#[test]
fn a_dash_pattern_under_a_pixel_is_refused() {
    let mut session = Session::with_sample().expect("sample");
    let params = json!({"layer": "coastline", "dash": [0.0001, 0.0001], "width": 100});
    let error = run(&mut session, "style.single", params).expect_err("refused");
    assert!(error.to_string().contains("1 pixel or more"), "{error}");
}

#[test]
fn a_feature_with_100000_property_names_reads_with_every_field() {
    let properties: serde_json::Map<String, Json> = (0..100_000).map(|k| (format!("p{k}"), json!(k))).collect();
    let geojson =
        json!({"type": "Feature", "properties": properties, "geometry": {"type": "Point", "coordinates": [0, 0]}});
    let data =
        rustgis_core::io::geojson::read_str(&geojson.to_string(), std::path::Path::new("wide.geojson")).expect("reads");
    assert_eq!(data.fields.len(), 100_000);
    assert_eq!(data.features[0].attributes[99_999], rustgis_core::Value::Int(99_999));
}

#[cfg(unix)]
#[test]
fn layer_open_of_a_fifo_or_standard_input_is_refused_not_waited_on() {
    let dir = temp_dir();
    let fifo = dir.join("pipe.geojson");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let mut session = Session::new();
    session.set_project_path(Some(dir.join("p.rgis")));
    let caller = Caller::user();
    for path in [fifo.clone(), std::path::PathBuf::from("/dev/stdin")] {
        let error = session.execute(&caller, "layer.open", json!({"path": path})).expect_err("refused");
        assert!(error.to_string().contains("regular file"), "{error}");
    }
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

#[test]
fn a_save_removes_the_temporaries_of_dead_saves_and_keeps_live_ones() {
    let dir = temp_dir();
    let target = dir.join("map.rgis");
    // pid 4194999 is above the largest pid Linux gives (4194304): it never runs.
    let dead = dir.join(".map.rgis.4194999.3.tmp");
    let live = dir.join(format!(".map.rgis.{}.99.tmp", std::process::id()));
    let other = dir.join(".other.rgis.4194999.3.tmp");
    for path in [&dead, &live, &other] {
        std::fs::write(path, b"half a save").expect("writes");
    }
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "project.save", json!({"path": target})).expect("saves");
    assert!(!dead.exists(), "the dead save's temporary is removed");
    assert!(live.exists() && other.exists(), "live saves and other files are left alone");
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

#[test]
fn a_project_naming_one_file_many_times_reads_it_once_and_shares_the_features() {
    let dir = temp_dir();
    let data = dir.join("one.geojson");
    std::fs::write(&data, r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#)
        .expect("writes");
    let layers: Vec<Json> = (0..500)
        .map(
            |k| json!({"name": format!("l{k}"), "crs": "EPSG:4326", "source": {"type": "file", "path": "one.geojson"}}),
        )
        .collect();
    let text = json!({"format": "rustgis-project", "version": 1, "name": "many", "layers": layers}).to_string();
    let opened = rustgis_core::project_file::read_text(&text, &dir.join("many.rgis"), &dir).expect("opens");
    let first = &opened.project.layers[0].features;
    assert!(opened.project.layers.iter().all(|l| std::sync::Arc::ptr_eq(&l.features, first)));
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

#[test]
fn a_project_with_more_layers_than_the_cap_is_refused_naming_the_cap() {
    let layers: Vec<Json> = (0..=rustgis_core::project_file::MAX_LAYERS)
        .map(|k| json!({"name": format!("l{k}"), "crs": "EPSG:4326", "source": {"type": "file", "path": "x.geojson"}}))
        .collect();
    let text = json!({"format": "rustgis-project", "version": 1, "name": "many", "layers": layers}).to_string();
    let dir = std::path::Path::new("/nonexistent");
    let error = rustgis_core::project_file::read_text(&text, &dir.join("many.rgis"), dir).expect_err("refused");
    assert!(error.to_string().contains("1000"), "{error}");
}

#[test]
fn the_undo_history_is_bounded_by_memory_and_keeps_the_newest_step() {
    let mut session = Session::with_sample().expect("sample");
    session.set_limits(rustgis_core::Limits { max_history_bytes: 1 << 20, ..Default::default() });
    for k in 0..6 {
        run(&mut session, "vector.grid", json!({"extent": [-10, 35, 30, 60], "cell": 0.1, "name": format!("g{k}")}))
            .expect("a 100,000-cell grid");
        run(&mut session, "layer.remove", json!({"layer": format!("g{k}")})).expect("removes");
    }
    // Each removal keeps a grid of several MB: only the newest step fits.
    assert_eq!(session.history().len(), 1, "{:?}", session.history());
    run(&mut session, "edit.undo", json!({})).expect("the newest step still undoes");
    assert!(session.project().require("g5").is_ok());
}

#[cfg(unix)]
#[test]
fn dot_dot_after_a_symlink_is_resolved_as_the_operating_system_does() {
    let dir = temp_dir();
    std::fs::create_dir_all(dir.join("real/inner")).expect("folders");
    std::os::unix::fs::symlink(dir.join("real/inner"), dir.join("link")).expect("a link");
    let point = |x: f64| json!({"type": "Point", "coordinates": [x, 0]}).to_string();
    std::fs::write(dir.join("real/x.geojson"), point(1.0)).expect("the file the OS opens");
    std::fs::write(dir.join("x.geojson"), point(2.0)).expect("the file a lexical resolution would open");
    let mut session = Session::new();
    let caller = Caller::user();
    let path = dir.join("link/../x.geojson");
    session.execute(&caller, "layer.open", json!({"path": path, "name": "x"})).expect("opens");
    let layer = session.project().require("x").expect("the layer");
    let Some(geo::Geometry::Point(p)) = &layer.features[0].geometry else { panic!("a point") };
    assert_eq!(p.x(), 1.0, "read {}", dir.join("real/x.geojson").display());
    std::fs::remove_dir_all(&dir).expect("cleans up");
}

#[test]
fn an_unknown_layer_error_does_not_echo_a_50_mb_name() {
    let mut session = Session::with_sample().expect("sample");
    let name = "x".repeat(50 << 20);
    let error = run(&mut session, "layer.info", json!({ "layer": name })).expect_err("no such layer");
    let message = error.to_string();
    assert!(message.len() < 2_000, "the message is {} bytes", message.len());
    assert!(message.contains(&format!("({} bytes in all)", 50 << 20)), "{}", &message[..200.min(message.len())]);
}

#[test]
fn a_csv_with_100000_columns_reads_every_column_with_repeated_names_made_unique() {
    let header: Vec<String> =
        (0..100_000).map(|k| if k % 10 == 0 { "dup".to_owned() } else { format!("f{k}") }).collect();
    let values: Vec<String> = (0..100_000).map(|k| k.to_string()).collect();
    let text = format!("lon,lat,{}\n1,2,{}\n", header.join(","), values.join(","));
    let options = rustgis_core::io::CsvOptions::default();
    let data =
        rustgis_core::io::csv::read(text.as_bytes(), std::path::Path::new("wide.csv"), &options, None, None, false)
            .expect("reads");
    assert_eq!(data.fields.len(), 100_002, "lon, lat and every column");
    assert_eq!(data.fields[2].name, "dup");
    assert_eq!(data.fields[12].name, "dup_2");
    assert_eq!(data.fields[99_992].name, "dup_10000");
    assert_eq!(data.features[0].attributes[100_001], rustgis_core::Value::Int(99_999));
}

#[test]
fn a_kml_placemark_with_100000_data_fields_reads_every_field() {
    let data: String = (0..100_000).map(|k| format!("<Data name=\"f{k}\"><value>{k}</value></Data>")).collect();
    let kml = format!(
        "<kml><Document><Placemark><ExtendedData>{data}</ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>"
    );
    let read = rustgis_core::io::kml::read(kml.as_bytes(), std::path::Path::new("wide.kml"), None).expect("reads");
    assert_eq!(read.fields.len(), 100_002, "name, description and every Data");
    assert_eq!(read.features[0].attributes[100_001], rustgis_core::Value::Int(99_999));
}

#[test]
fn features_with_nan_or_infinite_coordinates_load_without_geometry_and_are_named() {
    let dir = temp_dir();
    let path = dir.join("nan.shp");
    let point = |id: u64, x: f64| rustgis_core::Feature {
        id,
        geometry: Some(geo::Geometry::Point(geo::Point::new(x, 1.0))),
        attributes: vec![rustgis_core::Value::Int(id as i64)],
    };
    let fields = vec![rustgis_core::Field::new("n", rustgis_core::FieldType::Integer)];
    let features = vec![point(1, 1.0), point(2, f64::NAN), point(3, f64::INFINITY)];
    let layer = rustgis_core::Layer::new("nan", rustgis_core::Crs::WGS84, fields, features);
    let options = rustgis_core::io::WriteOptions::default();
    rustgis_core::io::write_path(&layer, &path, rustgis_core::io::Format::Shapefile, false, &options).expect("written");
    let data =
        rustgis_core::io::read_path(&path, rustgis_core::io::Format::Shapefile, &Default::default()).expect("reads");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert_eq!(data.features.len(), 3, "every feature is kept");
    assert!(data.features[0].geometry.is_some() && data.features[1].geometry.is_none());
    assert!(data.features[2].geometry.is_none());
    assert!(
        data.notices
            .iter()
            .any(|n| n.contains("2 features had coordinates that are not numbers") && n.contains("ids 2, 3")),
        "{:?}",
        data.notices
    );
}

#[test]
fn gpx_latitudes_beyond_90_degrees_are_named_in_a_notice() {
    let text = r#"<?xml version="1.0"?><gpx version="1.1"><wpt lat="45" lon="1"/><wpt lat="95" lon="2"/></gpx>"#;
    let dir = temp_dir();
    let path = dir.join("far.gpx");
    std::fs::write(&path, text).expect("written");
    let data = rustgis_core::io::read_path(&path, rustgis_core::io::Format::Gpx, &Default::default()).expect("reads");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert_eq!(data.features.len(), 2);
    assert!(
        data.notices.iter().any(|n| n.contains("1 feature has latitudes beyond ±90°") && n.contains("ids 2")),
        "{:?}",
        data.notices
    );
}

/// A temporary folder holding [`common::project_reading_outside`]'s project; the folder and the
/// project's path.
fn project_reading_outside() -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = temp_dir();
    let path = crate::common::project_reading_outside(&dir);
    (dir, path)
}

#[test]
fn a_project_reading_files_outside_its_folder_names_them_when_opened() {
    let (dir, path) = project_reading_outside();
    let mut session = Session::new();
    let out = session.execute(&Caller::user(), "project.open", json!({ "path": path })).expect("opens");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert!(
        out.notices.iter().any(|n| n.contains("1 file outside its folder") && n.contains("secret.csv (layer 'key')")),
        "{:?}",
        out.notices
    );
}

#[test]
fn asked_to_confirm_a_project_reading_files_outside_its_folder_opens_nothing_and_lists_them() {
    let (dir, path) = project_reading_outside();
    let mut session = Session::with_sample().expect("sample");
    let error = session
        .execute(&Caller::user(), "project.open", json!({ "path": path, "outside_files": "ask" }))
        .expect_err("asks first");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert_eq!(error.code(), "needs_confirmation");
    assert!(error.to_string().contains("secret.csv (layer 'key')"), "{error}");
    assert_eq!(session.project().name, "World Atlas", "the open project stays as it was");
}

#[test]
fn a_project_opened_skipping_files_outside_its_folder_leaves_their_layers_out() {
    let (dir, path) = project_reading_outside();
    let mut session = Session::new();
    let out = session
        .execute(&Caller::user(), "project.open", json!({ "path": path, "outside_files": "skip" }))
        .expect("opens");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert_eq!(session.project().layer_names(), ["inside"]);
    assert!(out.notices.iter().any(|n| n.contains("1 layer was left out")), "{:?}", out.notices);
}

#[cfg(unix)]
#[test]
fn a_link_inside_the_folder_to_a_file_elsewhere_counts_as_outside() {
    let (dir, path) = project_reading_outside();
    std::os::unix::fs::symlink(dir.join("secret.csv"), dir.join("project/inside.csv.link")).expect("a link");
    let rgis = json!({"format": "rustgis-project", "version": 1, "name": "p", "layers": [
        {"name": "linked", "source": {"type": "file", "path": "inside.csv.link", "format": "csv"}}]});
    std::fs::write(&path, rgis.to_string()).expect("written");
    let mut session = Session::new();
    let error = session
        .execute(&Caller::user(), "project.open", json!({ "path": path, "outside_files": "ask" }))
        .expect_err("asks first");
    std::fs::remove_dir_all(&dir).expect("cleans up");
    assert!(error.to_string().contains("layer 'linked'"), "{error}");
}

/// GeoParquet files the fuzzing campaign of issue 34 made (in `tests/fixtures/formats/fuzzed/`):
/// each one panicked the parquet crate (a negative column offset, a data page whose dictionary is
/// missing, a bit width past its values) or made it allocate and clear 2 GiB (a page size written
/// as a 27-byte number, which the parquet crate reads as a huge one).
#[test]
fn geoparquet_files_that_broke_the_parquet_crate_are_refused_naming_the_cause() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/fuzzed");
    for (name, says) in [
        ("negative_offset.parquet", "declares a negative offset"),
        ("missing_dictionary.parquet", "past the end of its column chunk"),
        ("bit_width.parquet", "the Parquet decoder failed on the file's data"),
        ("page_claims_2gib.parquet", "the page header at byte 4 is damaged"),
    ] {
        let path = fixtures.join(name);
        let error = rustgis_core::io::read_path(&path, rustgis_core::io::Format::GeoParquet, &Default::default())
            .expect_err("refused");
        let message = error.to_string();
        assert!(message.contains(name) && message.contains(says), "{name}: {message}");
    }
}
