//! Map furniture drawn from the project's settings (`map.setFurniture`): the population-density
//! choropleth in Equal Earth with title, legend, scale bar, graticule and north arrow.

use crate::common;

use common::{density_choropleth, run};
use rustgis_core::{Caller, Session};
use rustgis_render::{RenderRequest, render};
use serde_json::json;

/// The sample's countries as a population-density choropleth in Equal Earth, with furniture.
fn density_map() -> Session {
    let mut session = density_choropleth();
    run(
        &mut session,
        "map.setFurniture",
        json!({"title": "Population density", "subtitle": "Equal Earth (EPSG:8857): areas are true to scale",
               "credits": "Data: Natural Earth (World Atlas sample)", "north_arrow": true,
               "graticule": {"interval": 30, "labels": true}, "scale_bar": true,
               "legend": {"position": "bottom-left"}, "neat_line": true, "margin_mm": 3}),
    );
    session
}

fn pixmap(png: &[u8]) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::decode_png(png).expect("a PNG")
}

#[test]
fn the_density_choropleth_in_equal_earth_draws_its_furniture() {
    let session = density_map();
    let with = render(session.project(), &RenderRequest { width: 800, height: 450, ..RenderRequest::default() })
        .expect("draws");
    common::save("furniture", "density-equal-earth.png", &with.png);
    let mut bare = session.project().clone();
    bare.view.furniture = rustgis_core::Furniture::default();
    let without = render(&bare, &RenderRequest { width: 800, height: 450, ..RenderRequest::default() }).expect("draws");
    let (a, b) = (pixmap(&with.png), pixmap(&without.png));
    // The title band, the legend and the neat line each change their part of the picture.
    let differs = |x0: u32, y0: u32, x1: u32, y1: u32| {
        (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).any(|(x, y)| a.pixel(x, y) != b.pixel(x, y))
    };
    assert!(differs(240, 5, 560, 35), "the title");
    assert!(differs(12, 330, 160, 430), "the legend");
    assert!(differs(0, 0, 800, 12), "the margin and neat line");
}

#[test]
fn furniture_is_saved_in_the_project_file_and_read_back() {
    let mut session = density_map();
    let path = common::output_path("furniture", "density.rgis");
    let yes = Caller::user();
    session.execute(&yes, "project.save", json!({"path": path, "overwrite": true})).expect("saved");
    let saved = session.project().view.furniture.clone();
    let mut reopened = Session::new();
    reopened.execute(&yes, "project.open", json!({"path": path})).expect("opened");
    assert_eq!(reopened.project().view.furniture, saved);
    assert_eq!(reopened.project().view.crs, rustgis_core::Crs::EQUAL_EARTH);
}

#[test]
fn a_graticule_interval_out_of_range_is_refused_with_the_range() {
    let mut session = Session::with_sample().expect("sample");
    let err = session
        .execute(&Caller::user(), "map.setFurniture", json!({"graticule": {"interval": 0.1, "labels": true}}))
        .expect_err("0.1° is too fine");
    assert!(err.to_string().contains("1 to 90"), "{err}");
}

/// The font size of the first SVG `<text>` whose content holds `needle`.
fn text_size(svg: &str, needle: &str) -> f64 {
    svg.split("<text ")
        .find(|tag| tag.split('>').nth(1).is_some_and(|content| content.contains(needle)))
        .and_then(|tag| tag.split("font-size=\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .and_then(|size| size.parse().ok())
        .unwrap_or_else(|| panic!("no text with {needle:?}"))
}

#[test]
fn the_legend_and_scale_bar_type_grows_with_a_large_image_and_shrinks_on_a_small_one() {
    let session = density_map();
    let svg = |width, height| {
        let view = RenderRequest { width, height, ..RenderRequest::default() };
        rustgis_render::render_svg(session.project(), &view).expect("SVG")
    };
    let (large, small) = (svg(1600, 800), svg(600, 300));
    for needle in [" km", "People per km²"] {
        let (big, little) = (text_size(&large, needle), text_size(&small, needle));
        assert!(big > 13.0, "{needle:?} is {big} px on a 1600 × 800 map");
        assert!((9.0..11.0).contains(&little), "{needle:?} is {little} px on a 600 × 300 map");
    }
}
