//! The view at the scale of a user's own data (issue 11): opening data frames it, zooming to a
//! layer works on a Web Mercator map, a bbox says which CRS it is in, `style.single` merges, and
//! parameter errors speak JSON.

use std::path::{Path, PathBuf};

use rustgis_core::{Caller, Extent, Session, StartOptions, Style, webmercator};
use serde_json::{Value as Json, json};

fn parcels_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data/parcels.geojson")
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<rustgis_core::Outcome> {
    session.execute(&Caller::user(), id, params)
}

/// The parcels' block in longitude/latitude: about 180 × 172 m in Lyon.
const BLOCK: [f64; 4] = [4.8430, 45.7580, 4.845314, 45.759547];

fn assert_frames_block(extent: Extent) {
    assert!(extent.min_x < BLOCK[0] && extent.max_x > BLOCK[2], "{extent:?}");
    assert!(extent.min_y < BLOCK[1] && extent.max_y > BLOCK[3], "{extent:?}");
    assert!(extent.width() < 2.0 * (BLOCK[2] - BLOCK[0]), "the view is much wider than the parcels: {extent:?}");
}

#[test]
fn layer_open_on_an_empty_map_zooms_to_the_layer() {
    let mut session = Session::new();
    let out = run(&mut session, "layer.open", json!({"path": parcels_path()})).expect("open");
    // Longitude/latitude parcels in Lyon: the new map is drawn in their UTM zone, true there.
    let view = &session.project().view;
    assert_eq!(view.crs.to_string(), "EPSG:32631", "{:?}", out.notices);
    let extent = view.extent.expect("a view");
    assert_frames_block(extent.transformed(view.crs, rustgis_core::Crs::WGS84).expect("back in degrees"));
    assert!(out.notices.iter().any(|n| n.contains("the map now shows parcels")), "{:?}", out.notices);
}

#[test]
fn layer_open_on_the_sample_zooms_to_the_layer() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "layer.open", json!({"path": parcels_path()})).expect("open");
    assert_frames_block(session.project().view.extent.expect("a view"));
}

#[test]
fn layer_open_keeps_a_view_the_user_chose() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "map.zoomTo", json!({"bbox": [-10, 35, 30, 60]})).expect("zoom");
    run(&mut session, "layer.open", json!({"path": parcels_path()})).expect("open");
    assert_eq!(session.project().view.extent.map(|e| e.to_array()), Some([-10.0, 35.0, 30.0, 60.0]));
}

#[test]
fn inline_geojson_on_the_sample_zooms_to_the_layer() {
    let mut session = Session::with_sample().expect("sample");
    let text = std::fs::read_to_string(parcels_path()).expect("fixture");
    run(&mut session, "layer.addGeoJSON", json!({"name": "parcels", "geojson": text})).expect("add");
    assert_frames_block(session.project().view.extent.expect("a view"));
}

#[test]
fn data_named_at_start_up_is_what_the_map_shows() {
    let options = StartOptions { sample: true, data: vec![parcels_path()], ..StartOptions::default() };
    let session = Session::start(&options).expect("start");
    assert_frames_block(session.project().view.extent.expect("a view"));
}

#[test]
fn zoom_to_a_layer_on_a_web_mercator_map_uses_metres() {
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": parcels_path()})).expect("open");
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"})).expect("crs");
    run(&mut session, "map.zoomTo", json!({"bbox": [-10, 35, 30, 60]})).expect("zoom away");
    let out = run(&mut session, "map.zoomTo", json!({"layer": "parcels"})).expect("zoom");
    let e: Vec<f64> = serde_json::from_value(out.result["extent"].clone()).expect("four numbers");
    let (x0, y0) = webmercator::from_lon_lat(BLOCK[0], BLOCK[1]);
    let (x1, y1) = webmercator::from_lon_lat(BLOCK[2], BLOCK[3]);
    assert!(e[0] < x0 && e[2] > x1 && e[1] < y0 && e[3] > y1, "{e:?}");
    assert!(e[2] - e[0] < 2.0 * (x1 - x0), "{e:?}");
    assert_eq!(out.result["crs"], json!("EPSG:3857"));
}

#[test]
fn a_bbox_in_degrees_on_a_web_mercator_map_is_moved_to_metres() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"})).expect("crs");
    let out = run(&mut session, "map.zoomTo", json!({"bbox": [-10, 35, 30, 60]})).expect("zoom");
    let (x0, y0) = webmercator::from_lon_lat(-10.0, 35.0);
    let e: Vec<f64> = serde_json::from_value(out.result["extent"].clone()).expect("four numbers");
    assert!((e[0] - x0).abs() < 1e-6 && (e[1] - y0).abs() < 1e-6, "{e:?}");
}

#[test]
fn a_bbox_in_metres_needs_its_crs_named() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"})).expect("crs");
    let metres = json!([-1113195, 4163881, 3339585, 8399738]);
    let err = run(&mut session, "map.zoomTo", json!({"bbox": metres})).expect_err("not degrees");
    assert!(err.to_string().contains("\"crs\": \"EPSG:3857\""), "{err}");
    let out = run(&mut session, "map.zoomTo", json!({"bbox": metres, "crs": "EPSG:3857"})).expect("metres");
    assert_eq!(out.result["extent"], json!([-1113195.0, 4163881.0, 3339585.0, 8399738.0]));
}

#[test]
fn style_single_opacity_on_a_graduated_layer_keeps_the_classes() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est"})).expect("graduated");
    run(&mut session, "style.single", json!({"layer": "countries", "opacity": 0.7})).expect("opacity");
    let style = &session.project().require("countries").expect("layer").style;
    let Style::Graduated { classes, default, .. } = style else { panic!("the classes are gone: {style:?}") };
    assert_eq!(classes.len(), 5);
    assert!(classes.iter().all(|c| c.symbol.opacity == 0.7) && default.opacity == 0.7);
}

#[test]
fn style_single_with_a_colour_on_a_categorized_layer_draws_one_symbol() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "style.categorized", json!({"layer": "countries", "field": "continent"})).expect("cat");
    run(&mut session, "style.single", json!({"layer": "countries", "fill": "#cccccc"})).expect("single");
    let style = &session.project().require("countries").expect("layer").style;
    assert!(matches!(style, Style::Single { .. }), "{style:?}");
}

#[test]
fn every_style_kind_takes_opacity_and_outline() {
    let mut session = Session::with_sample().expect("sample");
    let outline = json!({"layer": "countries", "field": "continent", "opacity": 0.5, "stroke": "#333333", "width": 2});
    run(&mut session, "style.categorized", outline).expect("categorized");
    let style = &session.project().require("countries").expect("layer").style;
    assert!(style.symbols().iter().all(|s| s.opacity == 0.5 && s.width == 2.0), "{style:?}");
    let outline = json!({"layer": "countries", "field": "pop_est", "opacity": 0.4, "stroke": "none"});
    run(&mut session, "style.graduated", outline).expect("graduated");
    let style = &session.project().require("countries").expect("layer").style;
    assert!(style.symbols().iter().all(|s| s.opacity == 0.4 && s.stroke.is_none()), "{style:?}");
}

#[test]
fn parameter_errors_name_json_types_not_rust_types() {
    let mut session = Session::with_sample().expect("sample");
    let cases = [
        ("vector.buffer", json!({"layer": "cities", "distance": "far"})),
        ("table.read", json!({"layer": "cities", "limit": -3})),
        ("style.single", json!({"layer": "cities", "size": "big"})),
        ("vector.buffer", json!("cities")),
    ];
    for (id, params) in cases {
        let message = run(&mut session, id, params.clone()).expect_err("bad parameter").to_string();
        for rust in ["f64", "f32", "usize", "u32", "i64", "struct ", "Params"] {
            assert!(!message.contains(rust), "{id} {params}: {message}");
        }
        assert!(
            ["a number", "a whole number", "an object", "an integer"].iter().any(|w| message.contains(w)),
            "{id} {params}: {message}"
        );
    }
}

fn found(query: &str) -> Vec<&'static str> {
    rustgis_core::Registry::global().search(Some(query), None).expect("search").iter().map(|d| d.id).collect()
}

#[test]
fn searching_points_within_polygon_finds_the_location_tools() {
    let ids = found("points within polygon");
    let top: Vec<&str> = ids.iter().take(3).copied().collect();
    assert!(top.contains(&"vector.selectByLocation") && top.contains(&"vector.spatialJoin"), "{ids:?}");
}

#[test]
fn searching_distance_between_finds_nearest() {
    assert_eq!(found("distance between").first(), Some(&"vector.nearest"), "{:?}", found("distance between"));
}

#[test]
fn a_group_that_does_not_exist_is_refused_with_the_groups() {
    let err = rustgis_core::Registry::global().search(None, Some("lidar")).expect_err("no lidar group");
    assert!(err.to_string().contains("the groups are") && err.to_string().contains("vector"), "{err}");
}

#[test]
fn a_geoprocessing_result_is_drawn_opaque_with_a_distinct_outline() {
    let mut session = Session::with_sample().expect("sample");
    let out =
        run(&mut session, "vector.buffer", json!({"layer": "cities", "distance": 100, "unit": "km"})).expect("buffer");
    let name = out.result["layer"].as_str().expect("the result layer").to_owned();
    let Style::Single { symbol } = &session.project().require(&name).expect("result").style else {
        panic!("a result is drawn with one symbol")
    };
    assert_eq!(symbol.opacity, 1.0, "opaque: {symbol:?}");
    assert!(symbol.stroke.is_some_and(|s| Some(s) != symbol.fill) && symbol.width > 0.0, "an outline: {symbol:?}");
}

#[test]
fn a_choropleth_of_a_geoprocessing_result_is_opaque_in_every_class() {
    let mut session = Session::with_sample().expect("sample");
    let out = run(&mut session, "vector.filter", json!({"layer": "countries", "where": "continent = 'Africa'"}))
        .expect("filter");
    let name = out.result["layer"].as_str().expect("the result layer").to_owned();
    run(&mut session, "style.graduated", json!({"layer": name, "field": "pop_est"})).expect("graduated");
    let style = &session.project().require(&name).expect("result").style;
    assert!(style.is_by_data(), "{style:?}");
    assert!(style.symbols().iter().all(|s| s.opacity == 1.0), "every class opaque: {style:?}");
}

#[test]
fn a_blank_map_of_a_layer_in_a_crs_that_cannot_be_drawn_says_so() {
    let mut project = rustgis_core::Project::new("odd");
    let geometry = geo::Geometry::Point(geo::Point::new(500_000.0, 4_000_000.0));
    let feature = rustgis_core::Feature { id: 1, geometry: Some(geometry), attributes: Vec::new() };
    project.layers.push(rustgis_core::Layer::new("odd", rustgis_core::Crs::epsg(999_999), Vec::new(), vec![feature]));
    let shown = Extent::from_corners(-180.0, -90.0, 180.0, 90.0).expect("the world");
    let reason = rustgis_core::blank_reason(&project, &shown, rustgis_core::Crs::WGS84, 1024);
    assert!(reason.contains("odd") && reason.contains("cannot be drawn"), "{reason}");
}
