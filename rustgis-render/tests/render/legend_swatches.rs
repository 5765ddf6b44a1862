//! Legend swatches are the map's true colours: a colour picked from a swatch equals the colour of
//! the features of its class on the map, opaque or see-through (the swatch is composited over the
//! map's background, as the map draws the layer), and a new layer made by geoprocessing is opaque.

use rustgis_core::{Caller, Extent, Session};
use rustgis_render::{RenderRequest, render};
use serde_json::{Value, json};
use tiny_skia::Pixmap;

fn run(session: &mut Session, command: &str, params: Value) -> Value {
    session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}")).result
}

/// A colour `#rrggbb` at `opacity` over `under`, as 8-bit levels.
fn over(color: &str, opacity: f64, under: [u8; 3]) -> [u8; 3] {
    let level = |i: usize| u8::from_str_radix(&color[1 + 2 * i..3 + 2 * i], 16).expect("hex");
    std::array::from_fn(|i| (f64::from(level(i)) * opacity + f64::from(under[i]) * (1.0 - opacity)).round() as u8)
}

fn pixel(map: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = map.pixel(x as u32, y as u32).expect("inside the image").demultiply();
    [p.red(), p.green(), p.blue()]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 2)
}

/// The sample's countries in Africa, made by a filter and graduated by population at `opacity`
/// on a sea-blue background, drawn 1000 × 500 on the whole world with the legend top left:
/// the map, the class colours, and where Nigeria (its most populous class) and that class's
/// swatch are.
fn africa_map(opacity: Option<f64>) -> (Pixmap, Vec<String>, [u8; 3]) {
    let mut session = Session::with_sample().expect("sample");
    for layer in ["cities", "boundaries", "coastline"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    let made = run(&mut session, "vector.filter", json!({"layer": "countries", "where": "continent = 'Africa'"}));
    let africa = made["layer"].as_str().expect("the new layer").to_owned();
    run(&mut session, "layer.setVisible", json!({"layer": "countries", "visible": false}));
    let mut params = json!({"layer": africa, "field": "pop_est", "classes": 5, "ramp": "ylorrd"});
    if let Some(opacity) = opacity {
        params["opacity"] = json!(opacity);
    }
    let styled = run(&mut session, "style.graduated", params);
    let colors = styled["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .map(|c| c["color"].as_str().expect("colour").to_owned())
        .collect();
    run(&mut session, "map.setBackground", json!({"color": "#d4e6f1"}));
    run(&mut session, "map.setFurniture", json!({"legend": {"position": "top-left"}}));
    let view = RenderRequest {
        width: 1000,
        height: 500,
        extent: Extent::from_corners(-180.0, -90.0, 180.0, 90.0),
        ..RenderRequest::default()
    };
    let image = render(session.project(), &view).expect("renders");
    (Pixmap::decode_png(&image.png).expect("a PNG"), colors, [0xd4, 0xe6, 0xf1])
}

/// Nigeria's middle (8° E, 9.5° N) on the 1000 × 500 whole-world image.
const NIGERIA: (f64, f64) = ((8.0 + 180.0) * 1000.0 / 360.0, (90.0 - 9.5) * 500.0 / 180.0);

/// The middle of the swatch of class `i` (0 the lowest) of a legend at the top left with one
/// heading: 10 px in, 8 px padding, 17 px rows, 18 × 12 px swatches (at 96 dpi, 11 px type).
fn swatch(i: usize) -> (f64, f64) {
    (10.0 + 8.0 + 9.0, 10.0 + 8.0 + (i as f64 + 1.0) * 17.0 + 8.5)
}

#[test]
fn a_swatch_has_the_colour_of_its_class_on_the_map() {
    let (map, colors, sea) = africa_map(None);
    let expected = over(&colors[4], 1.0, sea);
    assert!(
        close(pixel(&map, NIGERIA.0, NIGERIA.1), expected),
        "Nigeria is {:?}, not {expected:?}",
        pixel(&map, NIGERIA.0, NIGERIA.1)
    );
    let (x, y) = swatch(4);
    assert!(close(pixel(&map, x, y), expected), "the swatch is {:?}, not {expected:?}", pixel(&map, x, y));
}

#[test]
fn a_see_through_swatch_is_composited_over_the_background_as_the_map_is() {
    let (map, colors, sea) = africa_map(Some(0.5));
    let on_map = pixel(&map, NIGERIA.0, NIGERIA.1);
    let (x, y) = swatch(4);
    let in_legend = pixel(&map, x, y);
    assert!(close(on_map, over(&colors[4], 0.5, sea)), "Nigeria is {on_map:?}");
    assert!(close(in_legend, on_map), "the swatch {in_legend:?} is not the map's {on_map:?}");
}
