//! Raster layers on the map: grey and pseudocolour values where their cells are, nodata left
//! clear, palettes, reprojection from a UTM zone, hillshade, and the documentation's picture.

use crate::common;

use crate::rasters;

use common::run;
use rasters::{fixtures, meta, npy};
use rustgis_core::{Crs, Extent, Session};
use rustgis_render::{RenderRequest, render_pixmap};
use serde_json::json;
use tiny_skia::Pixmap;

/// A session holding `name.tif` as layer `r`, on white, with the view on `extent` in EPSG:4326.
fn session_with(name: &str, extent: [f64; 4]) -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join(format!("{name}.tif")), "name": "r"}));
    run(&mut session, "map.setBackground", json!({"color": "#ffffff"}));
    run(&mut session, "map.zoomTo", json!({"bbox": extent}));
    Some(session)
}

fn draw(session: &Session, extent: [f64; 4], width: u32, height: u32) -> Pixmap {
    let extent = Extent::from_bbox(extent).expect("an extent");
    let view = RenderRequest { width, height, extent: Some(extent), crs: Some(Crs::WGS84), ..RenderRequest::default() };
    render_pixmap(session.project(), &view).expect("renders")
}

fn rgb(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let p = pixmap.pixel(x, y).expect("inside the image");
    [p.red(), p.green(), p.blue()]
}

#[test]
fn a_grey_raster_draws_each_cell_at_its_stretched_grey_level() {
    // 0.05° cells: an 80 × 50 view of 4° × 2.5° puts one cell on one pixel.
    let extent = [20.0, 50.0, 24.0, 52.5];
    let Some(mut session) = session_with("dem_4326", extent) else { return };
    run(
        &mut session,
        "style.raster",
        json!({"layer": "r", "mode": "grey", "stretch": "values", "min": 0, "max": 3000, "resampling": "nearest"}),
    );
    let pixmap = draw(&session, extent, 80, 50);
    let dir = fixtures().expect("fixtures");
    let (_, cols, values) = npy(&dir.join("dem_4326.b1.npy"));
    for (x, y) in [(10u32, 10u32), (40, 25), (70, 45)] {
        // Pixel (x, y) is cell (600 + x, 150 + y): the grid starts at 10°W, 60°N.
        let v = values[(150 + y as usize) * cols + 600 + x as usize];
        let grey = ((v / 3000.0).clamp(0.0, 1.0) * 255.0).round() as u8;
        assert_eq!(rgb(&pixmap, x, y), [grey; 3], "pixel {x},{y} of value {v}");
    }
}

#[test]
fn nodata_cells_leave_the_map_below_them_clear() {
    let Some(dir) = fixtures() else { return };
    let meta = meta(&dir, "dem_4326");
    let (w, h) = (meta["width"].as_f64().expect("w"), meta["height"].as_f64().expect("h"));
    // The lake's centre (see make_raster_fixtures.py) is at 30 % across and 60 % down.
    let (lon, lat) = (-10.0 + 0.05 * (w * 0.3 + 0.5), 60.0 - 0.05 * (h * 0.6 + 0.5));
    // The lake is 1.5° across; the view's corners are 3.5° from its centre.
    let extent = [lon - 2.5, lat - 2.5, lon + 2.5, lat + 2.5];
    let Some(session) = session_with("dem_4326", extent) else { return };
    let pixmap = draw(&session, extent, 100, 100);
    assert_eq!(rgb(&pixmap, 50, 50), [255, 255, 255], "the lake is nodata");
    assert_ne!(rgb(&pixmap, 2, 2), [255, 255, 255], "the land around it has values");
}

#[test]
fn a_paletted_raster_draws_its_colour_map() {
    let extent = [0.0, 35.0, 20.0, 50.0];
    let Some(session) = session_with("landcover", extent) else { return };
    let pixmap = draw(&session, extent, 200, 150);
    let palette: Vec<[u8; 3]> =
        vec![[70, 107, 159], [28, 95, 44], [104, 171, 95], [223, 195, 87], [179, 172, 159], [255, 255, 255]];
    let dir = fixtures().expect("fixtures");
    let (_, cols, values) = npy(&dir.join("landcover.b1.npy"));
    for (x, y) in [(5u32, 5u32), (100, 75), (190, 140)] {
        let class = values[y as usize * cols + x as usize] as usize;
        assert_eq!(rgb(&pixmap, x, y), palette[class], "pixel {x},{y} of class {class}");
    }
}

#[test]
fn a_utm_raster_is_reprojected_onto_a_lon_lat_map() {
    // dem_utm covers x 500 000–512 000 and y 5 191 000–5 200 000 in zone 33N: about 15.0–15.16°E,
    // 46.87–46.95°N.
    let extent = [14.9, 46.8, 15.3, 47.0];
    let Some(session) = session_with("dem_utm", extent) else { return };
    let pixmap = draw(&session, extent, 400, 200);
    // 15.05°E, 46.93°N is inside; 14.95°E (west of the zone's centre line) and 15.25°E are not.
    let at = |lon: f64, lat: f64| rgb(&pixmap, ((lon - 14.9) * 1000.0) as u32, ((47.0 - lat) * 1000.0) as u32);
    assert_ne!(at(15.05, 46.93), [255, 255, 255]);
    assert_eq!(at(14.95, 46.93), [255, 255, 255]);
    assert_eq!(at(15.25, 46.93), [255, 255, 255]);
}

#[test]
fn a_hillshade_style_draws_the_relief_in_many_grey_levels() {
    let extent = [-10.0, 35.0, 30.0, 60.0];
    let Some(mut session) = session_with("dem_4326", extent) else { return };
    // 0.05° cells are 4–5 km: small-scale relief is exaggerated to show.
    run(&mut session, "style.raster", json!({"layer": "r", "mode": "hillshade", "z_factor": 10}));
    let pixmap = draw(&session, extent, 400, 250);
    let greys: Vec<u8> = pixmap.pixels().iter().map(|p| p.red()).collect();
    let distinct = greys.iter().collect::<std::collections::BTreeSet<_>>().len();
    assert!(distinct > 50, "a relief shows many grey levels, not {distinct}");
}

#[test]
fn a_continuous_ramp_shows_in_the_legend_as_a_bar_of_many_colours_with_ticks() {
    let extent = [-10.0, 35.0, 30.0, 60.0];
    let Some(mut session) = session_with("dem_4326", extent) else { return };
    run(&mut session, "style.raster", json!({"layer": "r", "mode": "pseudocolor", "ramp": "viridis"}));
    run(&mut session, "map.setFurniture", json!({"legend": {"position": "top-left"}}));
    // 1000 × 600 keeps the legend at its 96 dpi size: 10 px in, 8 px padding, 17 px rows, the
    // heading on the first row and the five stops on the next five.
    let pixmap = draw(&session, extent, 1000, 600);
    let (top, bottom) = (10 + 8 + 17 + 2, 10 + 8 + 6 * 17 - 2);
    let bar: std::collections::BTreeSet<[u8; 3]> = (top..bottom).map(|y| rgb(&pixmap, 27, y)).collect();
    assert!(bar.len() > 20, "a continuous bar, not {} swatches: {bar:?}", bar.len());
    assert!(!bar.contains(&[255, 255, 255]), "no gaps between the stops");
    let tick = rgb(&pixmap, 10 + 8 + 19, 10 + 8 + 17 + 8);
    assert_eq!(tick, [0x22, 0x22, 0x22], "a tick at the first stop");
}

#[test]
fn the_documentation_picture_shows_countries_over_a_hillshaded_pseudocolour_dem_with_a_legend() {
    let extent = [-10.0, 35.0, 30.0, 60.0];
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    let dem = dir.join("dem_4326.tif");
    run(&mut session, "layer.open", json!({"path": dem, "name": "elevation"}));
    run(
        &mut session,
        "style.raster",
        json!({"layer": "elevation", "mode": "pseudocolor", "ramp": "rdylgn_r", "classes": 6}),
    );
    run(&mut session, "layer.setTitle", json!({"layer": "elevation", "title": "Elevation (m)"}));
    run(&mut session, "layer.open", json!({"path": dem, "name": "relief"}));
    run(&mut session, "style.raster", json!({"layer": "relief", "mode": "hillshade", "z_factor": 10, "opacity": 0.5}));
    run(&mut session, "layer.addSample", json!({"sample": "countries"}));
    run(&mut session, "style.single", json!({"layer": "countries", "fill": "none", "stroke": "#222222", "width": 0.8}));
    common::save_raster_picture(&session, 800, 500, extent, "rasters-dem-hillshade.png");
}

#[test]
fn an_rgba_overlay_is_drawn_through_its_alpha_band_leaving_its_transparent_half_clear() {
    // overlay.kmz's 6 × 4 image: its left three columns have alpha 0, the right three 255.
    let kmz =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rustgis-core/tests/fixtures/formats/overlay.kmz");
    let extent = [4.75, 45.7, 4.9, 45.8];
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": kmz, "table": "plan", "name": "r"}));
    run(
        &mut session,
        "style.raster",
        json!({"layer": "r", "mode": "rgb", "stretch": "values", "min": 0, "max": 255, "resampling": "nearest"}),
    );
    run(&mut session, "map.setBackground", json!({"color": "#ffffff"}));
    let pixmap = draw(&session, extent, 60, 40);
    assert_eq!(rgb(&pixmap, 5, 5), [255, 255, 255], "a transparent cell leaves the background");
    assert_eq!(rgb(&pixmap, 25, 35), [255, 255, 255], "so does the last transparent column");
    // Cell (col 5, row 3): red 40 × 5, green 60 × 3, blue 200, opaque.
    assert_eq!(rgb(&pixmap, 55, 35), [200, 180, 200], "an opaque cell draws its colour");
    assert_eq!(rgb(&pixmap, 35, 5), [120, 0, 200], "the first opaque column");
}
