//! Rule-based styles and data-defined properties on the map and in its legend: each rule draws
//! its features in its colour, a rule out of scale gives way to the else rule, the legend lists
//! the rules in scale, a data-defined colour and size reach the pixels, and sizes show as nested
//! circles.

use rustgis_core::{Caller, Extent, Session};
use rustgis_render::{RenderRequest, render, render_svg};
use serde_json::{Value, json};
use tiny_skia::Pixmap;

fn run(session: &mut Session, command: &str, params: Value) -> Value {
    session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}")).result
}

fn pixel(map: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = map.pixel(x as u32, y as u32).expect("inside the image").demultiply();
    [p.red(), p.green(), p.blue()]
}

/// The sample with only the countries shown, on white.
fn countries() -> Session {
    let mut session = Session::with_sample().expect("sample");
    for layer in ["cities", "boundaries", "coastline"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    run(&mut session, "map.setBackground", json!({"color": "#ffffff"}));
    session
}

fn view(extent: Option<Extent>, width: u32, height: u32) -> RenderRequest {
    RenderRequest { width, height, extent, ..RenderRequest::default() }
}

fn world() -> RenderRequest {
    view(Extent::from_corners(-180.0, -90.0, 180.0, 90.0), 720, 360)
}

/// A point (longitude, latitude) on the 720 × 360 world image.
fn at(lon: f64, lat: f64) -> (f64, f64) {
    ((lon + 180.0) * 2.0, (90.0 - lat) * 2.0)
}

const AFRICA_RULES: fn() -> Value = || {
    json!({"layer": "countries", "rules": [
        {"label": "Africa", "filter": "\"continent\" = 'Africa'", "fill": "#ff0000", "stroke": "none"},
        {"label": "Rest of the world", "else": true, "fill": "#0000ff", "stroke": "none"}
    ]})
};

#[test]
fn each_rule_draws_the_features_its_filter_selects_in_its_own_colour() {
    let mut session = countries();
    let result = run(&mut session, "style.rules", AFRICA_RULES());
    assert_eq!(result["rules"][0]["count"], json!(51), "{result}");
    assert_eq!(result["undrawn"], json!(0));
    run(&mut session, "map.setFurniture", json!({"legend": {"position": "bottom-left"}}));
    let image = render(session.project(), &world()).expect("renders");
    crate::common::save("rule_styles", "africa-by-rule.png", &image.png);
    let map = Pixmap::decode_png(&image.png).expect("png");
    let (x, y) = at(2.0, 28.0); // Algeria
    assert_eq!(pixel(&map, x, y), [255, 0, 0]);
    let (x, y) = at(-50.0, -10.0); // Brazil
    assert_eq!(pixel(&map, x, y), [0, 0, 255]);
}

#[test]
fn a_rule_out_of_scale_gives_way_to_the_else_rule() {
    let mut session = countries();
    // Africa's rule shows only closer than 1:1,000,000: on a world map the else rule draws Africa.
    let mut params = AFRICA_RULES();
    params["rules"][0]["max_scale"] = json!(1_000_000);
    run(&mut session, "style.rules", params);
    let image = render(session.project(), &world()).expect("renders");
    let map = Pixmap::decode_png(&image.png).expect("png");
    let (x, y) = at(2.0, 28.0);
    assert_eq!(pixel(&map, x, y), [0, 0, 255]);
    // Zoomed in on the Sahara in Algeria (about 11 km across), the Africa rule is in scale again.
    let close = view(Extent::from_corners(2.0, 28.0, 2.1, 28.1), 400, 400);
    let image = render(session.project(), &close).expect("renders");
    let map = Pixmap::decode_png(&image.png).expect("png");
    assert_eq!(pixel(&map, 200.0, 200.0), [255, 0, 0]);
}

#[test]
fn the_legend_lists_each_rule_in_scale_by_its_label() {
    let mut session = countries();
    let mut params = AFRICA_RULES();
    params["rules"].as_array_mut().expect("rules").push(json!(
        {"label": "Only when zoomed in", "fill": "none", "stroke": "#333333", "max_scale": 1_000_000}
    ));
    run(&mut session, "style.rules", params);
    run(&mut session, "map.setFurniture", json!({"legend": true}));
    let svg = render_svg(session.project(), &world()).expect("renders");
    assert!(svg.contains(">Africa<") && svg.contains(">Rest of the world<"), "{svg}");
    assert!(!svg.contains("Only when zoomed in"), "a rule out of scale is not in the legend");
}

#[test]
fn features_no_rule_draws_are_named_in_a_notice() {
    let mut session = countries();
    let outcome = session
        .execute(
            &Caller::user(),
            "style.rules",
            json!({"layer": "countries", "rules": [{"label": "Africa", "filter": "\"continent\" = 'Africa'"}]}),
        )
        .expect("styles");
    assert_eq!(outcome.result["undrawn"], json!(126));
    assert!(
        outcome
            .notices
            .iter()
            .any(|n| n.contains("126 features of layer 'countries' match no rule") && n.contains("\"else\": true")),
        "{:?}",
        outcome.notices
    );
}

#[test]
fn an_else_rule_with_a_filter_is_refused() {
    let mut session = countries();
    let error = session
        .execute(
            &Caller::user(),
            "style.rules",
            json!({"layer": "countries", "rules": [{"label": "x", "else": true, "filter": "\"pop_est\" > 0"}]}),
        )
        .expect_err("refused");
    assert!(error.to_string().contains("an else rule has no filter"), "{error}");
}

#[test]
fn a_data_defined_fill_colours_each_feature_by_its_expression() {
    let mut session = countries();
    run(&mut session, "style.single", json!({"layer": "countries", "stroke": "none"}));
    let result = run(
        &mut session,
        "style.dataDefined",
        json!({"layer": "countries", "fill": "if(\"continent\" = 'Africa', color_rgb(0, 128, 0), '#ffff00')"}),
    );
    assert_eq!(result["properties"][0]["usable"], json!(177), "{result}");
    let image = render(session.project(), &world()).expect("renders");
    let map = Pixmap::decode_png(&image.png).expect("png");
    let (x, y) = at(2.0, 28.0);
    assert_eq!(pixel(&map, x, y), [0, 128, 0]);
    let (x, y) = at(-50.0, -10.0);
    assert_eq!(pixel(&map, x, y), [255, 255, 0]);
}

#[test]
fn a_size_expression_no_feature_can_use_is_refused_naming_what_it_must_give() {
    let mut session = countries();
    let error = session
        .execute(&Caller::user(), "style.dataDefined", json!({"layer": "countries", "size": "\"name\""}))
        .expect_err("refused");
    let message = error.to_string();
    assert!(message.contains("gives no usable value on any of the 177 features"), "{message}");
    assert!(message.contains("a number of pixels from 0 to 200"), "{message}");
}

#[test]
fn a_data_defined_size_draws_each_marker_at_its_size_and_shows_nested_circles_in_the_legend() {
    let mut session = Session::with_sample().expect("sample");
    for layer in ["countries", "boundaries", "coastline"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    run(&mut session, "style.single", json!({"layer": "cities", "color": "#d62728"}));
    run(&mut session, "style.dataDefined", json!({"layer": "cities", "size": "4 + sqrt(\"population\") / 250"}));
    let without = render_svg(session.project(), &world()).expect("renders");
    run(&mut session, "map.setFurniture", json!({"legend": {"position": "top-left"}}));
    let svg = render_svg(session.project(), &world()).expect("renders");
    let legend_circles = svg.matches("<circle").count() - without.matches("<circle").count();
    // The layer's own swatch (a marker) and 2 or 3 nested circles.
    assert!((3..=4).contains(&legend_circles), "the legend nests 2 or 3 circles: {legend_circles} in all");
    assert!(!svg.contains(">size by"), "size is shown as circles, not as a line");
    let image = render(session.project(), &world()).expect("renders");
    crate::common::save("rule_styles", "cities-sized-by-population.png", &image.png);
    assert!(image.notices.is_empty(), "{:?}", image.notices);
    let map = Pixmap::decode_png(&image.png).expect("png");
    // The legend box at the top left holds the nested circles: red ink inside it.
    let red = (0..120).flat_map(|x| (0..120).map(move |y| (x, y))).filter(|(x, y)| {
        let [r, g, b] = pixel(&map, f64::from(*x), f64::from(*y));
        r > 180 && g < 90 && b < 90
    });
    assert!(red.count() > 50, "the legend draws the circles in the symbol's colour");
}

#[test]
fn rules_and_data_defined_properties_survive_save_and_reopen() {
    let mut session = countries();
    run(&mut session, "style.rules", AFRICA_RULES());
    run(&mut session, "style.dataDefined", json!({"layer": "countries", "opacity": "if(\"pop_est\" > 1e8, 1, 0.5)"}));
    let path = crate::common::output_path("rule_styles", "rules.rgis");
    let _ = std::fs::remove_file(&path);
    run(&mut session, "project.save", json!({"path": path}));
    let before = session.project().layer("countries").expect("layer").style.clone();
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path}));
    let after = &reopened.project().layer("countries").expect("layer").style;
    assert_eq!(after, &before);
    let a = render(session.project(), &world()).expect("renders");
    let b = render(reopened.project(), &world()).expect("renders");
    assert_eq!(a.sha256, b.sha256, "the reopened project draws the same map");
}
