//! What a rendered map shows: visibility, reprojection, the antimeridian, selection, symbols,
//! labels in other scripts, the blank flag and the PNG's hash.

use crate::common;

use std::sync::Arc;

use common::{RED, red_layer};
use rustgis_core::sha256_hex;
use rustgis_core::{Caller, Color, Crs, Extent, Project, Session, Style, Symbol};
use rustgis_render::{Error, RenderRequest, render, render_pixmap};
use serde_json::{Value as Json, json};
use tiny_skia::Pixmap;

const BACKGROUND: Color = Color::rgb(255, 255, 255);

/// A project of one layer from GeoJSON in `crs`, filled red, on white, drawn in EPSG:4326.
fn project_of(geojson: Json, crs: Crs) -> Project {
    let layer = red_layer("test", &geojson, crs);
    let mut project = Project::new("test");
    project.view.background = BACKGROUND;
    project.view.extent = Some(Extent::WORLD);
    project.layers.push(layer);
    project
}

fn draw(project: &Project, width: u32, height: u32) -> Pixmap {
    render_pixmap(project, &RenderRequest { width, height, ..RenderRequest::default() }).expect("render")
}

fn is_red(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    pixmap.pixel(x, y).is_some_and(|p| p.red() > 200 && p.green() < 60 && p.blue() < 60)
}

fn count(pixmap: &Pixmap, predicate: impl Fn(tiny_skia::PremultipliedColorU8) -> bool) -> usize {
    pixmap.pixels().iter().filter(|p| predicate(**p)).count()
}

fn square(min_lon: f64, min_lat: f64, max_lon: f64, max_lat: f64) -> Json {
    json!({"type": "Polygon", "coordinates": [[[min_lon, min_lat], [max_lon, min_lat], [max_lon, max_lat], [min_lon, max_lat], [min_lon, min_lat]]]})
}

#[test]
fn the_world_in_360_by_180_pixels_puts_a_degree_on_a_pixel() {
    let pixmap = draw(&project_of(square(10.0, 10.0, 20.0, 20.0), Crs::WGS84), 360, 180);
    // lon 15, lat 15 is pixel (195, 75).
    assert!(is_red(&pixmap, 195, 75));
    assert!(!is_red(&pixmap, 170, 75));
}

#[test]
fn hidden_layers_are_not_drawn_and_the_map_is_blank() {
    let mut project = project_of(square(10.0, 10.0, 20.0, 20.0), Crs::WGS84);
    project.layers[0].visible = false;
    let image = render(&project, &RenderRequest { width: 64, height: 32, ..RenderRequest::default() }).expect("render");
    assert!(image.blank);
}

#[test]
fn an_empty_project_draws_a_blank_map_and_says_so() {
    let image = render(&Project::new("empty"), &RenderRequest::default()).expect("render");
    assert!(image.blank);
    assert_eq!((image.width, image.height), (1024, 768));
}

#[test]
fn a_map_with_something_on_it_is_not_blank() {
    let image =
        render(&project_of(square(10.0, 10.0, 20.0, 20.0), Crs::WGS84), &RenderRequest::default()).expect("render");
    assert!(!image.blank);
}

#[test]
fn the_hash_is_the_sha256_of_the_png_bytes() {
    let image = render(&project_of(square(0.0, 0.0, 5.0, 5.0), Crs::WGS84), &RenderRequest::default()).expect("render");
    assert_eq!(image.sha256, sha256_hex(&image.png));
    assert!(image.png.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn a_web_mercator_layer_is_reprojected_onto_a_lon_lat_map() {
    // The square from lon/lat 10..20 given in Web Mercator metres.
    let (x0, y0) = rustgis_core::webmercator::from_lon_lat(10.0, 10.0);
    let (x1, y1) = rustgis_core::webmercator::from_lon_lat(20.0, 20.0);
    let pixmap = draw(&project_of(square(x0, y0, x1, y1), Crs::WEB_MERCATOR), 360, 180);
    assert!(is_red(&pixmap, 195, 75));
    assert!(!is_red(&pixmap, 170, 75));
}

#[test]
fn a_layer_in_another_epsg_crs_is_reprojected() {
    // A square of Lambert-93 (EPSG:2154) metres over northern France, about lon -0.5–5°, lat 46.5–50°.
    let pixmap = draw(&project_of(square(400_000.0, 6_600_000.0, 800_000.0, 7_000_000.0), Crs::epsg(2154)), 360, 180);
    assert!(is_red(&pixmap, 182, 41), "drawn over Paris");
    let red = count(&pixmap, |p| p.red() > 200 && p.green() < 60);
    assert!((8..=30).contains(&red), "{red} red pixels: about five by four degrees, nothing else");
}

#[test]
fn a_map_without_an_extent_shows_a_layer_in_another_crs() {
    let mut project = project_of(square(400_000.0, 6_600_000.0, 800_000.0, 7_000_000.0), Crs::epsg(2154));
    project.view.extent = None;
    let pixmap = draw(&project, 200, 200);
    assert!(count(&pixmap, |p| p.red() > 200 && p.green() < 60) > 20_000, "the square fills the map");
}

#[test]
fn a_layer_in_a_crs_that_cannot_be_reprojected_is_named_in_the_error() {
    let project = project_of(square(0.0, 0.0, 1.0, 1.0), Crs::epsg(999_999));
    let err = render(&project, &RenderRequest::default()).expect_err("EPSG:999999 is no CRS");
    assert!(matches!(err, Error::UnsupportedCrs { .. }), "{err}");
    assert!(err.to_string().contains("'test'") && err.to_string().contains("EPSG:999999"), "{err}");
}

#[test]
fn a_polygon_crossing_the_antimeridian_shows_at_both_edges_without_smearing() {
    let ring = json!({"type": "Polygon", "coordinates": [[[175.0, -15.0], [-175.0, -15.0], [-175.0, -20.0], [175.0, -20.0], [175.0, -15.0]]]});
    let pixmap = draw(&project_of(ring, Crs::WGS84), 360, 180);
    let row = 107; // lat -17.5
    assert!(is_red(&pixmap, 357, row) && is_red(&pixmap, 2, row), "both edges");
    let red_in_row = (0..360).filter(|x| is_red(&pixmap, *x, row)).count();
    assert!(red_in_row < 14, "{red_in_row} red pixels: the polygon smeared across the map");
}

#[test]
fn fiji_and_russia_do_not_smear_across_the_sample_map() {
    let session = Session::with_sample().expect("sample");
    let mut project = session.project().clone();
    project.layers.retain(|l| l.name == "countries");
    let countries = &mut project.layers[0];
    let keep: Vec<_> = countries
        .features
        .iter()
        .filter(|f| matches!(f.attributes[0].as_str(), Some("Fiji" | "Russia")))
        .cloned()
        .collect();
    countries.features = Arc::new(keep);
    let mut symbol = countries.style.base_symbol().clone();
    symbol.fill = Some(RED);
    countries.style = Style::Single { symbol };
    let pixmap = draw(&project, 720, 360);
    // The Atlantic, at lat 0..-30 and lon -40..-10, must stay empty.
    let smeared =
        (280..340).flat_map(|x| (180..240).map(move |y| (x, y))).filter(|(x, y)| is_red(&pixmap, *x, *y)).count();
    assert_eq!(smeared, 0);
    assert!(count(&pixmap, |p| p.red() > 200 && p.green() < 60) > 1000, "Russia is drawn");
}

#[test]
fn web_mercator_maps_clamp_antarctica_instead_of_failing() {
    let mut project = project_of(square(-180.0, -90.0, 180.0, -70.0), Crs::WGS84);
    project.view.crs = Crs::WEB_MERCATOR;
    project.view.extent = None;
    let image =
        render(&project, &RenderRequest { width: 256, height: 256, ..RenderRequest::default() }).expect("render");
    assert!(!image.blank);
}

#[test]
fn selected_features_are_highlighted() {
    let mut project = project_of(square(10.0, 10.0, 20.0, 20.0), Crs::WGS84);
    let yellow = |p: tiny_skia::PremultipliedColorU8| p.red() > 200 && p.green() > 180 && p.blue() < 80;
    assert_eq!(count(&draw(&project, 360, 180), yellow), 0);
    let id = project.layers[0].features[0].id;
    project.layers[0].selection = Arc::new([id].into_iter().collect());
    assert!(count(&draw(&project, 360, 180), yellow) > 20);
}

#[test]
fn markers_sized_by_a_field_grow_with_the_value() {
    let points = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"pop": 100}, "geometry": {"type": "Point", "coordinates": [-90.0, 0.0]}},
        {"type": "Feature", "properties": {"pop": 10000}, "geometry": {"type": "Point", "coordinates": [90.0, 0.0]}}]});
    let mut project = project_of(points, Crs::WGS84);
    let mut symbol = project.layers[0].style.base_symbol().clone();
    symbol.size = 4.0;
    symbol.size_field = Some("pop".to_owned());
    project.layers[0].style = Style::Single { symbol };
    let pixmap = draw(&project, 360, 180);
    let red_left =
        (0..180).flat_map(|x| (0..180).map(move |y| (x, y))).filter(|(x, y)| is_red(&pixmap, *x, *y)).count();
    let red_right =
        (180..360).flat_map(|x| (0..180).map(move |y| (x, y))).filter(|(x, y)| is_red(&pixmap, *x, *y)).count();
    // Diameters 4 and 16 pixels: areas sixteen times apart (less the anti-aliased rims).
    assert!(red_right > red_left * 10, "{red_left} vs {red_right}");
}

fn labelled_point(name: &str) -> Project {
    let point = json!({"type": "Feature", "properties": {"name": name}, "geometry": {"type": "Point", "coordinates": [0.0, 0.0]}});
    let mut project = project_of(point, Crs::WGS84);
    project.layers[0].labels = Some(rustgis_core::Labels { size: 14.0, ..rustgis_core::Labels::field("name") });
    project
}

fn dark_pixels(project: &Project) -> usize {
    count(&draw(project, 360, 180), |p| p.red() < 100 && p.green() < 100 && p.blue() < 100)
}

#[test]
fn cyrillic_and_greek_names_are_drawn() {
    assert!(dark_pixels(&labelled_point("Москва")) > 30);
    assert!(dark_pixels(&labelled_point("Αθήνα")) > 30);
}

#[test]
fn a_name_no_installed_font_can_draw_is_left_out_rather_than_drawn_as_boxes() {
    // Private-use characters of plane 16: no font gives them a glyph.
    assert_eq!(dark_pixels(&labelled_point("\u{10FFFD}\u{10FFFD}")), 0);
}

#[test]
fn labels_come_from_expressions() {
    let mut session = Session::with_sample().expect("sample");
    let caller = Caller::user();
    let expression = r#"upper("name")"#;
    session.execute(&caller, "label.set", json!({"layer": "countries", "expression": expression})).expect("label");
    let with = render(session.project(), &RenderRequest::default()).expect("render");
    session.execute(&caller, "label.clear", json!({"layer": "countries"})).expect("clear");
    let without = render(session.project(), &RenderRequest::default()).expect("render");
    assert_ne!(with.sha256, without.sha256);
}

#[test]
fn labels_by_a_deleted_field_are_left_off_and_the_map_still_draws() {
    let mut session = Session::with_sample().expect("sample");
    session.execute(&Caller::user(), "field.delete", json!({"layer": "cities", "field": "name"})).expect("delete");
    let image = render(session.project(), &RenderRequest::default()).expect("the map draws without those labels");
    assert!(!image.blank);
}

#[test]
fn a_legend_and_a_scale_bar_are_added_only_when_asked() {
    let session = Session::with_sample().expect("sample");
    let plain = render(session.project(), &RenderRequest::default()).expect("render");
    let legend =
        render(session.project(), &RenderRequest { legend: true, ..RenderRequest::default() }).expect("render");
    let scale_bar =
        render(session.project(), &RenderRequest { scale_bar: true, ..RenderRequest::default() }).expect("render");
    assert_ne!(plain.sha256, legend.sha256);
    assert_ne!(plain.sha256, scale_bar.sha256);
    assert_ne!(legend.sha256, scale_bar.sha256);
}

#[test]
fn a_higher_dpi_draws_thicker_lines() {
    let line = json!({"type": "LineString", "coordinates": [[-100.0, 0.0], [100.0, 0.0]]});
    let mut project = project_of(line, Crs::WGS84);
    let mut symbol = Symbol::for_kind(rustgis_core::GeometryKind::LineString, RED);
    symbol.width = 2.0;
    project.layers[0].style = Style::Single { symbol };
    let at = |dpi: f32| {
        let pixmap =
            render_pixmap(&project, &RenderRequest { width: 360, height: 180, dpi, ..RenderRequest::default() })
                .expect("render");
        count(&pixmap, |p| p.red() > 200 && p.green() < 100)
    };
    assert!(at(192.0) > at(96.0) * 3 / 2);
}

#[test]
fn an_impossible_size_is_an_error() {
    let err =
        render(&Project::new("x"), &RenderRequest { width: 0, ..RenderRequest::default() }).expect_err("zero width");
    assert!(matches!(err, Error::Size { .. }), "{err}");
}

#[test]
fn map_export_draws_through_the_installed_renderer() {
    let mut session = Session::with_sample().expect("sample");
    session.set_renderer(Arc::new(rustgis_render::Renderer::new()));
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("render-tests");
    std::fs::create_dir_all(&folder).expect("target is writable");
    let path = folder.join("export.png");
    let out = session
        .execute(&Caller::user(), "map.export", json!({"path": path, "width": 400, "overwrite": true}))
        .expect("export")
        .result;
    let bytes = std::fs::read(&path).expect("the file exists");
    assert_eq!(out["sha256"].as_str(), Some(sha256_hex(&bytes).as_str()));
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64(), out["blank"].as_bool()),
        (Some(400), Some(200), Some(false))
    );
}

/// A wide line of the world with this dash pattern (in pixels), drawn at 360×180.
fn dashed_line(dash: Vec<f32>) -> Pixmap {
    let line = json!({"type": "LineString", "coordinates": [[-170, 0], [170, 10], [-170, 20]]});
    let mut project = project_of(line, Crs::WGS84);
    let mut symbol = Symbol::for_kind(rustgis_core::GeometryKind::LineString, RED);
    symbol.width = 100.0;
    symbol.dash = dash;
    project.layers[0].style = Style::Single { symbol };
    draw(&project, 360, 180)
}

#[test]
fn a_dash_pattern_shorter_than_two_pixels_is_drawn_solid_not_dash_by_dash() {
    // Regression (issue 12): [0.0001, 0.0001] with width 100 made every render run for minutes.
    let tiny = dashed_line(vec![0.0001, 0.0001]);
    let solid = dashed_line(Vec::new());
    assert_eq!(sha256_hex(tiny.data()), sha256_hex(solid.data()));
    assert_ne!(sha256_hex(dashed_line(vec![8.0, 8.0]).data()), sha256_hex(solid.data()), "real dashes still dash");
}

#[test]
fn an_image_too_large_in_all_names_the_pixel_limit() {
    let project = project_of(square(0.0, 0.0, 1.0, 1.0), Crs::WGS84);
    let error = render_pixmap(&project, &RenderRequest { width: 10_000, height: 10_000, ..RenderRequest::default() })
        .expect_err("too large");
    assert!(error.to_string().contains("67108864 pixels in all"), "{error}");
}

/// The sample with coastline and boundaries in the group `Lines`, inside `Basemap` with countries.
fn grouped_sample() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    let run = |session: &mut Session, command: &str, params: Json| {
        session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}"));
    };
    run(&mut session, "layer.group", json!({"layers": ["countries"], "group": "Basemap"}));
    run(&mut session, "layer.group", json!({"layers": ["coastline", "boundaries"], "group": "Basemap/Lines"}));
    session
}

#[test]
fn a_hidden_layer_group_draws_as_its_layers_hidden_one_by_one() {
    let request = RenderRequest { width: 320, height: 160, ..RenderRequest::default() };
    let mut grouped = grouped_sample();
    grouped
        .execute(&Caller::user(), "layer.setGroupVisible", json!({"group": "Basemap/Lines", "visible": false}))
        .expect("hides the group");
    let mut one_by_one = grouped_sample();
    for layer in ["coastline", "boundaries"] {
        one_by_one
            .execute(&Caller::user(), "layer.setVisible", json!({"layer": layer, "visible": false}))
            .expect("hides the layer");
    }
    let shown = render(grouped_sample().project(), &request).expect("renders");
    let hidden_group = render(grouped.project(), &request).expect("renders");
    let hidden_layers = render(one_by_one.project(), &request).expect("renders");
    assert_eq!(hidden_group.png, hidden_layers.png, "a hidden group draws nothing of its layers");
    assert_ne!(hidden_group.png, shown.png, "the group's lines were drawn while it was shown");
}

#[test]
fn a_blank_map_of_hidden_groups_names_them_and_how_to_show_them() {
    let mut session = grouped_sample();
    for command in [
        ("layer.setGroupVisible", json!({"group": "Basemap", "visible": false})),
        ("layer.setVisible", json!({"layer": "cities", "visible": false})),
    ] {
        session.execute(&Caller::user(), command.0, command.1).expect("hides");
    }
    let image = render(session.project(), &RenderRequest::default()).expect("renders");
    let reason = image.blank_reason.expect("a blank map says why");
    assert!(reason.contains("'Basemap'") && reason.contains("layer.setGroupVisible"), "{reason}");
}
