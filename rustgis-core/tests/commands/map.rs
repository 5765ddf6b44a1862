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
