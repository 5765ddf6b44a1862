//! Maps drawn in any projection: world projections with the globe's outline, regional ones
//! clipped to where they are usable.

use crate::common;

use rustgis_core::{Caller, Session};
use rustgis_render::{RenderRequest, render};
use serde_json::json;

/// The sample drawn in `crs`, 800 px wide; written to tests-output/ for a look.
fn check(crs: &str, file: &str) -> rustgis_render::RenderedImage {
    let mut session = Session::with_sample().expect("sample");
    session.execute(&Caller::user(), "map.setCrs", json!({"crs": crs})).expect("the map takes the CRS");
    session.execute(&Caller::user(), "map.setBackground", json!({"color": "#d4e6f1"})).expect("sea");
    let image = render(session.project(), &RenderRequest { width: 800, height: 420, ..RenderRequest::default() })
        .expect("draws");
    common::save("projections", file, &image.png);
    image
}

/// The RGBA of pixel (x, y) of a PNG.
fn pixel(png: &[u8], x: u32, y: u32) -> [u8; 4] {
    let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    let c = pixmap.pixel(x, y).expect("inside").demultiply();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

#[test]
fn a_world_map_in_equal_earth_is_the_globe_on_white_paper() {
    let image = check("Equal Earth", "equal-earth.png");
    assert!(!image.blank);
    // The corners are outside the globe (paper); the middle of the Pacific is sea.
    assert_eq!(pixel(&image.png, 2, 2), [255, 255, 255, 255]);
}

#[test]
fn a_world_map_draws_in_every_world_projection() {
    for (crs, file) in [
        ("Robinson", "robinson.png"),
        ("Mollweide", "mollweide.png"),
        ("Winkel Tripel", "winkel-tripel.png"),
        ("Natural Earth", "natural-earth.png"),
    ] {
        let image = check(crs, file);
        assert!(!image.blank, "{crs}");
        assert_eq!(pixel(&image.png, 1, 1), [255, 255, 255, 255], "{crs}: the corner is paper");
    }
}

#[test]
fn a_map_in_laea_europe_draws_europe() {
    let image = check("EPSG:3035", "laea-europe.png");
    assert!(!image.blank);
}

/// The width and height, in pixels, of what is not white paper in a PNG.
fn drawn_size(png: &[u8]) -> (u32, u32) {
    let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..pixmap.height() {
        for x in 0..pixmap.width() {
            let c = pixmap.pixel(x, y).expect("inside").demultiply();
            if [c.red(), c.green(), c.blue()] != [255, 255, 255] {
                (min_x, min_y, max_x, max_y) = (min_x.min(x), min_y.min(y), max_x.max(x), max_y.max(y));
            }
        }
    }
    assert!(max_x >= min_x, "nothing was drawn");
    (max_x - min_x + 1, max_y - min_y + 1)
}

#[test]
fn a_60_by_80_metre_parcel_at_52_north_in_longitude_latitude_is_drawn_60_by_80() {
    let (lon, lat) = (8.5f64, 52.0f64);
    let dlon = 60.0 / (111_320.0 * lat.to_radians().cos());
    let dlat = 80.0 / 111_320.0;
    let ring = json!([[lon, lat], [lon + dlon, lat], [lon + dlon, lat + dlat], [lon, lat + dlat], [lon, lat]]);
    let mut session = Session::new();
    session
        .execute(
            &Caller::user(),
            "layer.addGeoJSON",
            json!({"name": "parcel", "geojson": {"type": "Polygon", "coordinates": [ring]}}),
        )
        .expect("the parcel opens");
    let image = render(session.project(), &RenderRequest { width: 500, height: 500, ..RenderRequest::default() })
        .expect("draws");
    common::save("projections", "parcel-52n.png", &image.png);
    let (w, h) = drawn_size(&image.png);
    let ratio = f64::from(w) / f64::from(h);
    // Square degrees would draw it 1.62 times too wide (ratio 1.22).
    assert!((ratio - 0.75).abs() < 0.02, "drawn {w} x {h} px, ratio {ratio:.3}");
}
