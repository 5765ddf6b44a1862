//! Maps drawn in any projection: world projections with the globe's outline, regional ones
//! clipped to where they are usable.

mod common;

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
