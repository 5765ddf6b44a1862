//! `map.*`: the view, its background and CRS, and `map.export` through the renderer hook.

use std::sync::Arc;

use crate::common::run;
use crate::sample;
use rustgis_core::{Error, MapRenderer, Project, RenderRequest, RenderedImage, webmercator};
use serde_json::json;

#[test]
fn map_zoom_to_a_layer_shows_its_extent() {
    let mut session = sample();
    run(&mut session, "feature.delete", json!({"layer": "cities", "where": "country <> 'FI'"})).expect("keep Finland");
    let out = run(&mut session, "map.zoomTo", json!({"layer": "cities"})).expect("zoom");
    let extent: Vec<f64> = serde_json::from_value(out["extent"].clone()).expect("four numbers");
    // One city: the view is about 100 m around it, not kilometres.
    assert!(extent[0] < 24.9355 && extent[2] > 24.9355 && extent[1] < 60.1695 && extent[3] > 60.1695, "{extent:?}");
    assert!((extent[2] - extent[0]) * 111_320.0 * 60.17f64.to_radians().cos() < 200.0, "{extent:?}");
}

#[test]
fn the_background_takes_css_names() {
    let mut session = sample();
    run(&mut session, "map.setBackground", json!({"color": "aliceblue"})).expect("background");
    assert_eq!(session.project().view.background.to_hex(), "#f0f8ff");
}

#[test]
fn setting_web_mercator_moves_the_view_extent() {
    let mut session = sample();
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"})).expect("set crs");
    let view = &session.project().view;
    assert_eq!(view.crs.code(), 3857);
    let extent = view.extent.expect("the sample has an extent");
    assert!((extent.max_x - webmercator::HALF_WORLD).abs() < 1e-6, "{extent:?}");
}

#[test]
fn the_map_refuses_a_crs_it_cannot_draw() {
    let mut session = sample();
    // Any 2D CRS draws (issue 17); a geocentric one cannot.
    let err = run(&mut session, "map.setCrs", json!({"crs": "EPSG:4978"})).expect_err("geocentric");
    assert!(err.to_string().contains("geocentric") && err.to_string().contains("EPSG:8857"), "{err}");
}

/// A renderer that draws nothing but returns fixed bytes, to test `map.export` on its own.
struct FakeRenderer;

impl MapRenderer for FakeRenderer {
    fn render(&self, _project: &Project, request: &RenderRequest) -> rustgis_core::Result<RenderedImage> {
        Ok(RenderedImage {
            png: b"\x89PNG fake".to_vec(),
            sha256: "fake".to_owned(),
            width: request.width,
            height: request.height,
            blank: false,
            ..RenderedImage::default()
        })
    }
}

fn out_path(name: &str) -> std::path::PathBuf {
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("map-tests");
    std::fs::create_dir_all(&folder).expect("the target folder is writable");
    let path = folder.join(name);
    if path.exists() {
        std::fs::remove_file(&path).expect("an old output can be removed");
    }
    path
}

#[test]
fn exporting_without_a_renderer_says_this_host_draws_no_maps() {
    let mut session = sample();
    let path = out_path("none.png");
    let err = run(&mut session, "map.export", json!({"path": path})).expect_err("no renderer");
    assert!(err.to_string().contains("this host draws no maps"), "{err}");
    assert!(!path.exists());
}

#[test]
fn an_export_reports_the_file_it_wrote() {
    let mut session = sample();
    session.set_renderer(Arc::new(FakeRenderer));
    let path = out_path("written.png");
    let out = run(&mut session, "map.export", json!({"path": path})).expect("export");
    assert_eq!(out["bytes"], 9);
    assert_eq!((out["width"].as_u64(), out["height"].as_u64()), (Some(1600), Some(800)));
    assert_eq!(std::fs::read(&path).expect("the file exists"), b"\x89PNG fake");
}

#[test]
fn an_export_refuses_to_overwrite_unless_asked() {
    let mut session = sample();
    session.set_renderer(Arc::new(FakeRenderer));
    let path = out_path("twice.png");
    std::fs::write(&path, b"keep me").expect("write");
    let err = run(&mut session, "map.export", json!({"path": path})).expect_err("exists");
    assert!(matches!(err, Error::FileExists(_)), "{err}");
    assert_eq!(std::fs::read(&path).expect("still there"), b"keep me");
    run(&mut session, "map.export", json!({"path": path, "overwrite": true})).expect("overwrite");
    assert_eq!(std::fs::read(&path).expect("replaced"), b"\x89PNG fake");
}

#[test]
fn an_export_must_be_a_png() {
    let mut session = sample();
    session.set_renderer(Arc::new(FakeRenderer));
    let err = run(&mut session, "map.export", json!({"path": out_path("map.jpg")})).expect_err("jpg");
    assert!(err.to_string().contains(".png"), "{err}");
}

/// A rectangle `w` × `h` metres with its south-west corner at (`lon`, `lat`), in degrees.
fn parcel(lon: f64, lat: f64, w: f64, h: f64) -> serde_json::Value {
    let dlon = w / (111_320.0 * lat.to_radians().cos());
    let dlat = h / 111_320.0;
    json!({"type": "Polygon", "coordinates": [[[lon, lat], [lon + dlon, lat], [lon + dlon, lat + dlat],
        [lon, lat + dlat], [lon, lat]]]})
}

/// A new session with one layer made of `geometry` in `crs`; the outcome's notices.
fn open_in_new_project(geometry: serde_json::Value, crs: &str) -> (rustgis_core::Session, Vec<String>) {
    let mut session = rustgis_core::Session::new();
    let out = session
        .execute(
            &rustgis_core::Caller::user(),
            "layer.addGeoJSON",
            json!({"name": "parcels", "geojson": geometry, "crs": crs}),
        )
        .expect("the layer opens");
    (session, out.notices)
}

#[test]
fn geographic_parcels_at_52_north_open_on_the_utm_map_of_their_zone_and_keep_their_shape() {
    let (session, notices) = open_in_new_project(parcel(8.5, 52.0, 60.0, 80.0), "EPSG:4326");
    let view = &session.project().view;
    assert_eq!(view.crs.to_string(), "EPSG:32632", "{notices:?}");
    let said = notices
        .iter()
        .any(|n| n.starts_with("map CRS set to EPSG:32632 (WGS 84 / UTM zone 32N") && n.contains("parcels"));
    assert!(said, "{notices:?}");
    // The parcel's sides on the map: 60 and 80 m within 1 % (its corners were placed with a
    // spherical metres-per-degree; the map turns it by the grid's convergence, 0.4° here, so its
    // bounding box is not the measure). Square degrees would draw it 62 % too wide.
    let to_map = rustgis_core::crs::Transform::new(rustgis_core::Crs::WGS84, view.crs).expect("a transform");
    let ring = parcel(8.5, 52.0, 60.0, 80.0)["coordinates"][0].clone();
    let corner =
        |i: usize| to_map.apply(ring[i][0].as_f64().unwrap_or(0.0), ring[i][1].as_f64().unwrap_or(0.0)).expect("moves");
    let side = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    let (width, height) = (side(corner(0), corner(1)), side(corner(1), corner(2)));
    assert!((width / 60.0 - 1.0).abs() < 0.01 && (height / 80.0 - 1.0).abs() < 0.01, "{width} x {height} m");
}

#[test]
fn etrs89_parcels_open_on_the_etrs89_utm_map_of_their_zone() {
    let (session, notices) = open_in_new_project(parcel(13.4, 52.5, 60.0, 80.0), "EPSG:4258");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:25833", "{notices:?}");
}

#[test]
fn regional_geographic_data_opens_on_an_equal_area_map_centred_on_it() {
    let france = json!({"type": "Polygon", "coordinates": [[[-5.0, 42.0], [8.0, 42.0], [8.0, 51.0], [-5.0, 51.0], [-5.0, 42.0]]]});
    let (session, notices) = open_in_new_project(france, "EPSG:4326");
    let view = &session.project().view;
    let info = view.crs.info().expect("PROJ reads the chosen CRS");
    assert_eq!(info.projection.name, "laea", "{notices:?}");
    assert!((info.projection.lat_0 - 46.5).abs() < 1e-9 && (info.projection.lon_0 - 1.5).abs() < 1e-9, "{info:?}");
    let said = notices.iter().find(|n| n.starts_with("map CRS set to \"+proj=laea")).expect("a notice says so");
    assert!(said.contains("46.50°N 1.50°E"), "{said}");
}

#[test]
fn the_proj_string_a_regional_map_crs_is_shown_as_sets_the_same_crs_again() {
    let wide = json!({"type": "Polygon", "coordinates": [[[20.0, -40.0], [40.0, -40.0], [40.0, -20.0], [20.0, -20.0], [20.0, -40.0]]]});
    let (mut session, notices) = open_in_new_project(wide, "EPSG:4326");
    let chosen = session.project().view.crs;
    let said = notices.iter().find(|n| n.starts_with("map CRS set to \"")).expect("a notice");
    let proj = said.trim_start_matches("map CRS set to \"").split('"').next().expect("a PROJ string").to_owned();
    run(&mut session, "map.setCrs", json!({"crs": proj})).expect("map.setCrs takes it");
    assert_eq!(session.project().view.crs, chosen);
}

#[test]
fn a_world_layer_and_data_near_the_equator_keep_the_map_in_longitude_latitude() {
    let world = json!({"type": "Polygon", "coordinates": [[[-170.0, -60.0], [170.0, -60.0], [170.0, 70.0], [-170.0, 70.0], [-170.0, -60.0]]]});
    let (session, notices) = open_in_new_project(world, "EPSG:4326");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:4326", "{notices:?}");
    let (session, notices) = open_in_new_project(parcel(30.0, 1.0, 60.0, 80.0), "EPSG:4326");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:4326", "{notices:?}");
    assert!(!notices.iter().any(|n| n.starts_with("map CRS set to")), "{notices:?}");
}

#[test]
fn a_map_crs_someone_set_is_kept_when_geographic_data_opens() {
    let mut session = rustgis_core::Session::new();
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"})).expect("set");
    run(&mut session, "layer.addGeoJSON", json!({"name": "parcels", "geojson": parcel(8.5, 52.0, 60.0, 80.0)}))
        .expect("opens");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:4326");
}

#[test]
fn a_second_geographic_layer_does_not_change_the_map_crs() {
    let (mut session, _) = open_in_new_project(parcel(8.5, 52.0, 60.0, 80.0), "EPSG:4326");
    run(&mut session, "layer.addGeoJSON", json!({"name": "far", "geojson": parcel(-100.0, 40.0, 60.0, 80.0)}))
        .expect("opens");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:32632");
}

#[test]
fn a_box_outside_where_the_map_crs_can_be_used_names_that_area_and_what_would_work() {
    let (mut session, _) = open_in_new_project(parcel(8.5, 52.0, 60.0, 80.0), "EPSG:4326");
    let error = run(&mut session, "map.zoomTo", json!({"bbox": [100.0, -10.0, 101.0, -9.0]})).expect_err("refused");
    let text = error.to_string();
    assert!(text.contains("EPSG:32632 (WGS 84 / UTM zone 32N)") && text.contains("outside where"), "{text}");
    assert!(text.contains("6°E") && text.contains("map.setCrs"), "{text}");
}

/// Two islands of Fiji, one each side of the antimeridian, as GeoJSON features.
fn fiji() -> serde_json::Value {
    json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Viti Levu"}, "geometry": {"type": "Polygon",
            "coordinates": [[[177.2, -18.3], [178.6, -18.3], [178.6, -17.3], [177.2, -17.3], [177.2, -18.3]]]}},
        {"type": "Feature", "properties": {"name": "Lau"}, "geometry": {"type": "Polygon",
            "coordinates": [[[-179.0, -18.9], [-178.4, -18.9], [-178.4, -17.9], [-179.0, -17.9], [-179.0, -18.9]]]}}
    ]})
}

#[test]
fn opening_a_layer_on_both_sides_of_the_antimeridian_says_its_parts_are_at_both_edges_not_that_the_map_shows_it() {
    let mut session = sample();
    let outcome = session
        .execute(&rustgis_core::Caller::user(), "layer.addGeoJSON", json!({"name": "fiji", "geojson": fiji()}))
        .expect("adds");
    assert!(!outcome.notices.iter().any(|n| n.contains("now shows fiji")), "{:?}", outcome.notices);
    let notice = outcome.notices.iter().find(|n| n.contains("antimeridian")).expect("a notice says where it lies");
    assert!(notice.contains("from 177.2°E eastwards over 180° to 178.4°W") && notice.contains("EPSG:3832"), "{notice}");
}

#[test]
fn zooming_to_a_layer_across_the_antimeridian_says_so_and_to_a_layer_beside_greenwich_says_nothing() {
    let mut session = sample();
    run(&mut session, "layer.addGeoJSON", json!({"name": "fiji", "geojson": fiji()})).expect("adds");
    let caller = rustgis_core::Caller::user();
    let zoomed = session.execute(&caller, "map.zoomTo", json!({"layer": "fiji"})).expect("zooms");
    assert!(
        zoomed.notices.iter().any(|n| n.contains("lies on both sides of the antimeridian")),
        "{:?}",
        zoomed.notices
    );
    run(&mut session, "feature.delete", json!({"layer": "cities", "where": "country <> 'FI'"})).expect("keep Finland");
    let zoomed = session.execute(&caller, "map.zoomTo", json!({"layer": "cities"})).expect("zooms");
    assert!(!zoomed.notices.iter().any(|n| n.contains("antimeridian")), "{:?}", zoomed.notices);
}

#[test]
fn on_the_pacific_centred_map_the_notice_advises_a_layer_across_the_antimeridian_is_framed_whole() {
    let mut session = sample();
    run(&mut session, "layer.addGeoJSON", json!({"name": "fiji", "geojson": fiji()})).expect("adds");
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3832"})).expect("the advised CRS is one the map takes");
    let caller = rustgis_core::Caller::user();
    let zoomed = session.execute(&caller, "map.zoomTo", json!({"layer": "fiji"})).expect("zooms");
    assert!(!zoomed.notices.iter().any(|n| n.contains("antimeridian")), "{:?}", zoomed.notices);
    let extent: Vec<f64> = serde_json::from_value(zoomed.result["extent"].clone()).expect("four numbers");
    // About 3.4° of longitude at 18°S, in metres: some 400 km, not the world's 40,000.
    assert!(extent[2] - extent[0] < 1_000_000.0, "{extent:?}");
}
