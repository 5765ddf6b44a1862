//! Maps at every scale (issue 11): real-sized parcels fill the map after `layer.open`, and any
//! extent from 5 m to the whole world frames exactly what was asked, in EPSG:4326 and
//! EPSG:3857, in maps and in tiles to zoom 22; a blank map says why.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::red_layer;
use rustgis_core::{Caller, Crs, Extent, Project, Session, webmercator};
use rustgis_render::{RenderRequest, Renderer, TileRenderer, render, render_pixmap};
use serde_json::{Value as Json, json};
use tiny_skia::Pixmap;

fn parcels_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data/parcels.geojson")
}

fn session() -> Session {
    let mut session = Session::new();
    session.set_renderer(Arc::new(Renderer::new()));
    session
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Outcome {
    session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn temp_png(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scale-tests");
    std::fs::create_dir_all(&folder).expect("temp folder");
    let path = folder.join(name);
    if path.exists() {
        std::fs::remove_file(&path).expect("old output removed");
    }
    path
}

/// The share of pixels that differ from the top-left corner's colour (the background).
fn covered_share(pixmap: &Pixmap) -> f64 {
    let background = pixmap.pixel(0, 0).expect("a pixel");
    let n = pixmap.pixels().iter().filter(|p| **p != background).count();
    n as f64 / pixmap.pixels().len() as f64
}

/// The pixel box `[x0, y0, x1, y1]` (inclusive) of the red pixels.
fn red_box(pixmap: &Pixmap) -> Option<[u32; 4]> {
    let mut b: Option<[u32; 4]> = None;
    for y in 0..pixmap.height() {
        for x in 0..pixmap.width() {
            let p = pixmap.pixel(x, y).expect("inside");
            if p.red() > 200 && p.green() < 60 && p.blue() < 60 {
                b = Some(match b {
                    None => [x, y, x, y],
                    Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
                });
            }
        }
    }
    b
}

/// A project drawn in `crs` holding one red box `[min_x, min_y, max_x, max_y]` in `crs`.
fn box_project(crs: Crs, b: [f64; 4]) -> Project {
    let ring = json!([[[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]], [b[0], b[1]]]]);
    let layer = red_layer("box", &json!({"type": "Polygon", "coordinates": ring}), crs);
    let mut project = Project::new("scale");
    project.view.crs = crs;
    project.layers.push(layer);
    project
}

/// Draws a view of `width` map units centred on `centre` with a red box in its lower-left
/// quarter, and checks the box lands on the image's lower-left quarter to the pixel.
fn check_frames(crs: Crs, centre: (f64, f64), width: f64) {
    let (cx, cy) = centre;
    let h = width / 2.0;
    let extent = Extent::from_corners(cx - h, cy - h, cx + h, cy + h).expect("finite");
    let project = box_project(crs, [cx - h / 2.0, cy - h / 2.0, cx, cy]);
    let pixmap = render_pixmap(
        &project,
        &RenderRequest { width: 400, height: 400, extent: Some(extent), ..RenderRequest::default() },
    )
    .expect("render");
    let found = red_box(&pixmap).unwrap_or_else(|| panic!("{crs}, {width} units across: nothing drawn"));
    // The box spans a quarter of the view's width on each axis: pixels 100..200 across and
    // 200..300 down.
    let expected = [100, 200, 199, 299];
    for (got, want) in found.iter().zip(expected) {
        assert!(got.abs_diff(want) <= 1, "{crs}, {width} units across: red at {found:?}, expected {expected:?}");
    }
}

#[test]
fn parcels_opened_on_an_empty_map_fill_the_export_and_every_owner_is_labelled() {
    let mut session = session();
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    let labels = run(&mut session, "label.set", json!({"layer": "parcels", "field": "owner"}));
    assert!(labels.notices.is_empty(), "{:?}", labels.notices);
    let path = temp_png("parcels.png");
    let out = run(&mut session, "map.export", json!({"path": path, "width": 800}));
    assert_eq!(out.result["blank"], json!(false));
    assert_eq!(out.result["labels"], json!([{"layer": "parcels", "placed": 6, "did_not_fit": 0, "collided": 0}]));
    let pixmap = Pixmap::load_png(&path).expect("the export is a PNG");
    let share = covered_share(&pixmap);
    assert!(share > 0.6, "the parcels cover {:.0} % of the frame", share * 100.0);
    std::fs::remove_file(&path).expect("cleaned up");
}

#[test]
fn parcels_opened_on_the_sample_are_what_the_export_shows() {
    let mut session = session();
    run(&mut session, "project.sample", json!({}));
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    let extent = session.project().view.extent.expect("the view was set");
    assert!(extent.width() < 0.01, "the view is {extent:?}, not the parcels");
    let image = rustgis_render::render(
        session.project(),
        &RenderRequest { width: 640, height: 480, ..RenderRequest::default() },
    )
    .expect("render");
    assert!(!image.blank);
}

#[test]
fn extents_from_five_metres_to_the_world_frame_exactly_in_lon_lat() {
    let lyon = (4.8430, 45.7580);
    for metres in [5.0, 50.0, 500.0, 5_000.0, 50_000.0, 500_000.0, 5_000_000.0] {
        check_frames(Crs::WGS84, lyon, metres / 111_320.0);
    }
    check_frames(Crs::WGS84, (0.0, 0.0), 180.0);
}

#[test]
fn extents_from_five_metres_to_the_world_frame_exactly_in_web_mercator() {
    let lyon = webmercator::from_lon_lat(4.8430, 45.7580);
    for metres in [5.0, 50.0, 500.0, 5_000.0, 50_000.0, 500_000.0, 5_000_000.0] {
        check_frames(Crs::WEB_MERCATOR, lyon, metres);
    }
    check_frames(Crs::WEB_MERCATOR, (0.0, 0.0), 2.0 * webmercator::HALF_WORLD);
}

#[test]
fn the_whole_world_fills_a_frame_of_its_own_shape() {
    let project = box_project(Crs::WGS84, [-180.0, -90.0, 180.0, 90.0]);
    let pixmap = render_pixmap(&project, &RenderRequest { width: 360, height: 180, ..RenderRequest::default() })
        .expect("render");
    assert_eq!(red_box(&pixmap), Some([0, 0, 359, 179]));
}

#[test]
fn a_tile_at_zoom_22_shows_the_corner_of_a_parcel() {
    let mut session = session();
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    let tiles = TileRenderer::new(session.project()).expect("tiles");
    // The tile holding the block's south-west corner: part lot, part street.
    let corner = Extent::from_corners(4.8430, 45.7580, 4.8430, 45.7580).expect("finite");
    let (x, y) = rustgis_render::tiles_in(22, Some(&corner))[0];
    let image = tiles.render(22, x, y, 256).expect("tile");
    assert!(!image.blank, "tile 22/{x}/{y} is one colour");
    // The lot lies north-east of its corner: right of it and above it in the tile.
    let tile = rustgis_render::tile_extent(22, x, y);
    let (mx, my) = webmercator::from_lon_lat(4.8430, 45.7580);
    let (fx, fy) = ((mx - tile.min_x) / tile.width(), (tile.max_y - my) / tile.height());
    let expected = (1.0 - fx) * fy;
    let pixmap = Pixmap::decode_png(&image.png).expect("PNG");
    let share = covered_share(&pixmap);
    assert!((share - expected).abs() < 0.04, "the lot covers {share:.3} of the tile, expected {expected:.3}");
}

#[test]
fn a_blank_map_of_hidden_layers_says_they_are_hidden() {
    let mut session = session();
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    run(&mut session, "layer.setVisible", json!({"layer": "parcels", "visible": false}));
    let image = render(session.project(), &RenderRequest::default()).expect("render");
    assert!(image.blank);
    let reason = image.blank_reason.expect("a reason");
    assert!(reason.contains("hidden") && reason.contains("layer.setVisible"), "{reason}");
}

#[test]
fn a_blank_map_that_misses_the_data_says_where_the_data_is() {
    let mut session = session();
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    // Far from the parcels (in Lyon), within their map's UTM zone.
    run(&mut session, "map.zoomTo", json!({"bbox": [1.0, 10.0, 1.1, 10.1]}));
    let image = render(session.project(), &RenderRequest::default()).expect("render");
    let reason = image.blank_reason.expect("a reason");
    assert!(reason.contains("shows none of the visible layers") && reason.contains("map.zoomTo"), "{reason}");
    assert!(!reason.contains("hidden"), "{reason}");
}

#[test]
fn a_blank_map_drawn_in_the_background_colour_says_so() {
    let mut session = session();
    run(&mut session, "layer.open", json!({"path": parcels_path()}));
    run(&mut session, "style.single", json!({"layer": "parcels", "stroke": "none", "fill": "#ffffff"}));
    run(&mut session, "map.setBackground", json!({"color": "#ffffff"}));
    let image = render(session.project(), &RenderRequest::default()).expect("render");
    assert!(image.blank);
    let reason = image.blank_reason.expect("a reason");
    assert!(reason.contains("background colour"), "{reason}");
}

#[test]
fn a_title_gets_a_band_of_its_own_and_the_map_fits_below_it() {
    let project = box_project(Crs::WGS84, [0.0, 0.0, 10.0, 10.0]);
    let extent = Extent::from_corners(0.0, 0.0, 10.0, 10.0);
    let view =
        RenderRequest { width: 400, height: 400, extent, title: Some("Title".to_owned()), ..RenderRequest::default() };
    let pixmap = render_pixmap(&project, &view).expect("render");
    let [_, top, _, bottom] = red_box(&pixmap).expect("the box is drawn");
    assert!(top > 20 && bottom >= 398, "the box spans rows {top}..{bottom}");
}
