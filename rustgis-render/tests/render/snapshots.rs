//! Rendered maps compared with committed reference PNGs (tests/snapshots/*.png) within a small
//! tolerance, so anti-aliasing noise passes and a real change fails. A failing render is
//! written to target/snapshot-failures/ for a person to look at; `UPDATE_SNAPSHOTS=1` accepts
//! the new renders as references.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::path::PathBuf;

use geo::{Destination, Geodesic, Point};
use rustgis_core::{Caller, Session};
use rustgis_render::{RenderRequest, RenderedImage, render, render_tile};
use serde_json::{Value as Json, json};
use tiny_skia::Pixmap;

/// The largest mean difference per channel (0–255) that still matches.
const TOLERANCE: f64 = 1.0;

fn check(name: &str, image: &RenderedImage) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let reference = root.join("tests/snapshots").join(format!("{name}.png"));
    let actual = Pixmap::decode_png(&image.png).expect("our PNG decodes");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        // References use tiny-skia's slower, tighter encoder to keep the repository small.
        std::fs::write(&reference, actual.encode_png().expect("encode")).expect("the snapshots folder is writable");
        return;
    }
    let failures = root.join("../target/snapshot-failures");
    let fail = |message: String| -> ! {
        std::fs::create_dir_all(&failures).expect("target is writable");
        let path = failures.join(format!("{name}.png"));
        std::fs::write(&path, &image.png).expect("target is writable");
        panic!("{message}; the render is in {} (UPDATE_SNAPSHOTS=1 accepts it)", path.display());
    };
    let Ok(bytes) = std::fs::read(&reference) else { fail(format!("no reference {}", reference.display())) };
    let expected = Pixmap::decode_png(&bytes).expect("the reference decodes");
    if (expected.width(), expected.height()) != (actual.width(), actual.height()) {
        fail(format!(
            "{name} is {}×{}, the reference {}×{}",
            actual.width(),
            actual.height(),
            expected.width(),
            expected.height()
        ));
    }
    let difference = mean_difference(&expected, &actual);
    if difference > TOLERANCE {
        fail(format!("{name} differs from its reference by {difference:.2} per channel (tolerance {TOLERANCE})"));
    }
}

fn mean_difference(a: &Pixmap, b: &Pixmap) -> f64 {
    let total: u64 = a.data().iter().zip(b.data()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    total as f64 / a.data().len() as f64
}

fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

fn run(session: &mut Session, id: &str, params: Json) {
    session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{id}: {e}"));
}

#[test]
fn world_choropleth() {
    let mut session = sample();
    run(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}));
    run(&mut session, "layer.setVisible", json!({"layer": "cities", "visible": false}));
    let view = RenderRequest { width: 720, height: 360, legend: true, ..RenderRequest::default() };
    check("world_choropleth", &render(session.project(), &view).expect("render"));
}

#[test]
fn labelled_cities() {
    let session = sample();
    let extent = rustgis_core::Extent::from_corners(-12.0, 34.0, 32.0, 62.0);
    let view = RenderRequest { width: 640, height: 400, extent, scale_bar: true, ..RenderRequest::default() };
    check("labelled_cities", &render(session.project(), &view).expect("render"));
}

/// Geodesic circles of `radius_m` around `centres`, as GeoJSON polygons (counter-clockwise).
fn circles(centres: &[(&str, f64, f64)], radius_m: f64) -> Json {
    let features: Vec<Json> = centres
        .iter()
        .map(|(name, lon, lat)| {
            let ring: Vec<[f64; 2]> = (0..=64)
                .map(|i| {
                    let bearing = 360.0 - f64::from(i) * 360.0 / 64.0;
                    let p = Geodesic.destination(Point::new(*lon, *lat), bearing, radius_m);
                    [p.x(), p.y()]
                })
                .collect();
            json!({"type": "Feature", "properties": {"name": name},
                   "geometry": {"type": "Polygon", "coordinates": [ring]}})
        })
        .collect();
    json!({"type": "FeatureCollection", "features": features})
}

#[test]
fn buffered_layer() {
    let mut session = sample();
    // Suva's circle crosses the antimeridian: it must show on both edges, not smear across.
    let buffers = circles(
        &[("Helsinki", 24.94, 60.17), ("Nairobi", 36.82, -1.29), ("Lima", -77.04, -12.05), ("Suva", 178.44, -18.14)],
        1_000_000.0,
    );
    run(&mut session, "layer.addGeoJSON", json!({"name": "buffers", "geojson": buffers}));
    run(
        &mut session,
        "style.single",
        json!({"layer": "buffers", "fill": "#1f77b455", "stroke": "#1f77b4", "width": 1.5}),
    );
    run(&mut session, "layer.setVisible", json!({"layer": "cities", "visible": false}));
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"}));
    let view = RenderRequest { width: 512, height: 512, ..RenderRequest::default() };
    check("buffered_layer", &render(session.project(), &view).expect("render"));
}

#[test]
fn tile_at_zoom_3() {
    let session = sample();
    check("tile_z3_4_2", &render_tile(session.project(), 3, 4, 2, 256).expect("tile"));
}
