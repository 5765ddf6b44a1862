//! Label quality, checked by geometry in the SVG the renderer writes (labels are `<text>` at their
//! baseline origin, turned by `rotate`): priority as a number, field or expression, polygons'
//! labels before points', a minimum drawn area for polygon labels, polygons labelled at their
//! pole of inaccessibility, and curved labels along lines.

use crate::common;

use rustgis_core::{Caller, Extent, Session};
use rustgis_render::{RenderRequest, render, render_svg};
use serde_json::{Value, json};

use common::run;

fn polygon(name: &str, rings: Value) -> Value {
    json!({"type": "Feature", "properties": {"name": name}, "geometry": {"type": "Polygon", "coordinates": rings}})
}

/// A view of lon −2…42, lat −16…28 at 10 px per degree: x = (lon + 2) × 10, y = (28 − lat) × 10.
fn view() -> RenderRequest {
    RenderRequest {
        width: 440,
        height: 440,
        extent: Extent::from_corners(-2.0, -16.0, 42.0, 28.0),
        ..RenderRequest::default()
    }
}

fn lon_lat((x, y): (f64, f64)) -> (f64, f64) {
    (x / 10.0 - 2.0, 28.0 - y / 10.0)
}

/// A label as the SVG has it: text, baseline origin, size and angle in degrees.
#[derive(Debug)]
struct Text {
    text: String,
    x: f64,
    y: f64,
    size: f64,
    angle: f64,
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(tag[start..].split('"').next()?.to_owned())
}

/// Every `<text>` of an SVG.
fn texts(svg: &str) -> Vec<Text> {
    svg.split("<text ")
        .skip(1)
        .filter_map(|part| {
            let (tag, rest) = part.split_once('>')?;
            let tag = &format!(" {tag}");
            let text = rest.split("</text>").next()?.to_owned();
            let number = |name: &str| attribute(tag, name).and_then(|v| v.parse::<f64>().ok());
            let angle = attribute(tag, "transform")
                .and_then(|t| t.strip_prefix("rotate(")?.split(' ').next()?.parse().ok())
                .unwrap_or(0.0);
            Some(Text { text, x: number("x")?, y: number("y")?, size: number("font-size")?, angle })
        })
        .collect()
}

/// A square of 10° at 0…10 with a long thin arm to 40° east: its centroid lies in the arm.
fn square_with_arm() -> Session {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let ring = json!([[[0, 0], [10, 0], [10, 4], [40, 4], [40, 6], [10, 6], [10, 10], [0, 10], [0, 0]]]);
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "land", "geojson": {"type": "FeatureCollection", "features": [polygon("A", ring)]}}),
    );
    run(&mut session, "label.set", json!({"layer": "land", "field": "name", "halo": "none"}));
    session
}

#[test]
fn a_polygon_is_labelled_at_its_pole_of_inaccessibility_not_at_its_centroid() {
    let session = square_with_arm();
    let svg = render_svg(session.project(), &view()).expect("drawn");
    let labels = texts(&svg);
    let a = labels.iter().find(|t| t.text == "A").unwrap_or_else(|| panic!("the label is drawn: {labels:?}"));
    // The text's middle: its origin plus half its width (about 0.68 em for "A"), half its height up.
    let (lon, lat) = lon_lat((a.x + 0.34 * a.size, a.y - 0.35 * a.size));
    // The centroid is at lon 12.5, in the arm; the pole is the square's centre.
    assert!((lon - 5.0).abs() < 1.0 && (lat - 5.0).abs() < 1.0, "labelled at {lon:.2}, {lat:.2}");
}

#[test]
fn a_polygon_drawn_smaller_than_min_area_gets_no_label() {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let big = polygon("Big", json!([[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]));
    let small = polygon("Small", json!([[[20, 0], [24, 0], [24, 4], [20, 4], [20, 0]]]));
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "land", "geojson": {"type": "FeatureCollection", "features": [big, small]}}),
    );
    // At 10 px per degree the big square is drawn 10,000 px², the small one 1,600 px².
    run(&mut session, "label.set", json!({"layer": "land", "field": "name", "size": 8, "min_area": 2000}));
    let image = render(session.project(), &view()).expect("drawn");
    let count = &image.labels[0];
    assert_eq!((count.placed, count.did_not_fit), (1, 1), "{count:?}");
    let names: Vec<String> =
        texts(&render_svg(session.project(), &view()).expect("drawn")).into_iter().map(|t| t.text).collect();
    assert_eq!(names, ["Big"]);
    // Without the minimum both are named.
    run(&mut session, "label.set", json!({"layer": "land", "field": "name", "size": 8}));
    assert_eq!(render(session.project(), &view()).expect("drawn").labels[0].placed, 2);
}

/// Two points at the same place, labelled centred on it: only one label can be drawn.
fn two_points_on_one_place() -> Session {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let point = |name: &str, rank: i64| {
        json!({"type": "Feature", "properties": {"name": name, "rank": rank},
               "geometry": {"type": "Point", "coordinates": [20, 5]}})
    };
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "towns", "geojson": {"type": "FeatureCollection",
               "features": [point("First", 1), point("Fifth", 5)]}}),
    );
    session
}

fn drawn_names(session: &Session) -> Vec<String> {
    texts(&render_svg(session.project(), &view()).expect("drawn")).into_iter().map(|t| t.text).collect()
}

#[test]
fn the_label_whose_priority_expression_is_larger_wins_a_collision() {
    let mut session = two_points_on_one_place();
    let label =
        |priority: Value| json!({"layer": "towns", "field": "name", "placement": "center", "priority": priority});
    run(&mut session, "label.set", label(json!("10 - \"rank\"")));
    assert_eq!(drawn_names(&session), ["First"]);
    run(&mut session, "label.set", label(json!("rank")));
    assert_eq!(drawn_names(&session), ["Fifth"]);
}

#[test]
fn a_priority_that_is_not_a_number_is_refused_with_what_would_be_accepted() {
    let mut session = two_points_on_one_place();
    let params = json!({"layer": "towns", "field": "name", "priority": "upper(\"name\")"});
    let error = session.execute(&Caller::user(), "label.set", params).expect_err("text is no priority");
    let message = format!("{error:#}");
    assert!(message.contains("priority needs a number") && message.contains("'FIRST'"), "{message}");
}

/// A country under a capital whose label would cover the country's.
fn country_and_capital() -> Session {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let country = polygon("Square", json!([[[10, 0], [30, 0], [30, 10], [10, 10], [10, 0]]]));
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "countries", "geojson": {"type": "FeatureCollection", "features": [country]}}),
    );
    let capital = json!({"type": "Feature", "properties": {"name": "Capital"},
                         "geometry": {"type": "Point", "coordinates": [20, 5]}});
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "capitals", "geojson": {"type": "FeatureCollection", "features": [capital]}}),
    );
    run(&mut session, "label.set", json!({"layer": "countries", "field": "name", "size": 14}));
    session
}

#[test]
fn a_polygon_s_label_wins_over_a_point_s_above_it_by_default() {
    let mut session = country_and_capital();
    run(&mut session, "label.set", json!({"layer": "capitals", "field": "name", "size": 14, "placement": "center"}));
    assert_eq!(drawn_names(&session), ["Square"]);
}

#[test]
fn a_point_s_label_with_a_priority_wins_over_a_polygon_s_without() {
    let mut session = country_and_capital();
    run(
        &mut session,
        "label.set",
        json!({"layer": "capitals", "field": "name", "size": 14, "placement": "center", "priority": 1}),
    );
    assert_eq!(drawn_names(&session), ["Capital"]);
}

fn river(name: &str, coordinates: Value) -> Session {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let line = json!({"type": "Feature", "properties": {"name": name},
                      "geometry": {"type": "LineString", "coordinates": coordinates}});
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "rivers", "geojson": {"type": "FeatureCollection", "features": [line]}}),
    );
    run(&mut session, "label.set", json!({"layer": "rivers", "field": "name", "size": 14, "placement": "curved"}));
    session
}

#[test]
fn a_curved_label_follows_an_arc_letter_by_letter_reading_upright() {
    // The upper half of a circle of radius 15° around (20, 0), drawn from east to west: the
    // text must still read from west to east.
    let arc: Vec<[f64; 2]> = (0..=60)
        .map(|i| {
            let t = std::f64::consts::PI * f64::from(i) / 60.0;
            [20.0 + 15.0 * t.cos(), 15.0 * t.sin()]
        })
        .collect();
    let session = river("Meandering river", json!(arc));
    let svg = render_svg(session.project(), &view()).expect("drawn");
    common::save("labels", "curved.svg", &svg);
    let letters = texts(&svg);
    assert_eq!(letters.iter().map(|t| t.text.as_str()).collect::<String>(), "Meanderingriver", "{letters:?}");
    let (centre_x, centre_y, radius) = (220.0, 280.0, 150.0);
    for letter in &letters {
        // Each letter's middle (half an em up from the baseline, turned) is on the arc.
        let a = letter.angle.to_radians();
        let (mx, my) = (letter.x + 0.35 * letter.size * a.sin(), letter.y - 0.35 * letter.size * a.cos());
        let off = ((mx - centre_x).hypot(my - centre_y) - radius).abs();
        assert!(off < letter.size * 0.6, "{} is {off:.1} px off the line", letter.text);
        assert!(letter.angle.abs() < 90.0, "{} reads upside down: {letter:?}", letter.text);
    }
    assert!(letters.windows(2).all(|w| w[0].x < w[1].x), "the letters run west to east: {letters:?}");
    let turn = letters.last().map_or(0.0, |l| l.angle) - letters[0].angle;
    assert!(turn > 40.0, "the letters turn with the arc, {turn:.1}°");
    // The PNG places it too.
    let image = render(session.project(), &view()).expect("drawn");
    common::save("labels", "curved.png", &image.png);
    assert_eq!(image.labels[0].placed, 1, "{:?}", image.labels);
    let (west, _) = lon_lat((letters[0].x, letters[0].y));
    assert!(west > 5.0, "the label starts on the line: {west}");
}

#[test]
fn a_curved_label_is_refused_where_the_line_zigzags_under_it() {
    // A zigzag of right angles every degree (10 px), sharper than any letter may turn.
    let zigzag: Vec<[f64; 2]> = (0..=36).map(|i| [f64::from(i), if i % 2 == 0 { 5.0 } else { 6.0 }]).collect();
    let session = river("Zigzag creek", json!(zigzag));
    let image = render(session.project(), &view()).expect("drawn");
    let count = &image.labels[0];
    assert_eq!((count.placed, count.did_not_fit), (0, 1), "{count:?}");
    // A straight line as long is labelled.
    let session = river("Zigzag creek", json!([[0, 5], [36, 5]]));
    assert_eq!(render(session.project(), &view()).expect("drawn").labels[0].placed, 1);
}

#[test]
fn a_label_longer_than_200_characters_is_drawn_cut_and_counted_as_cut() {
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let long = "x".repeat(5_000);
    let geojson = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": long}, "geometry": {"type": "Point", "coordinates": [20, 6]}}]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "long", "geojson": geojson}));
    let out = session
        .execute(&Caller::user(), "label.set", json!({"layer": "long", "field": "name", "size": 4}))
        .expect("label.set");
    assert!(out.notices.iter().any(|n| n.contains("1 label is longer than 200 characters")), "{:?}", out.notices);
    let mut request = view();
    request.width = 2_000;
    let image = render(session.project(), &request).expect("renders");
    let count = &image.labels[0];
    assert_eq!((count.placed, count.cut), (1, 1), "{count:?}");
    assert!(image.notices.iter().any(|n| n.contains("1 label was cut to 200 characters")), "{:?}", image.notices);
}

#[test]
fn labels_of_64_kib_each_are_cut_and_stop_at_the_images_text_budget() {
    // 1,600 points labelled with an expression of 64 KiB each (issue 34: 1,600 labels of 1 MiB
    // made every render take 58.7 s; benches/render.rs times that case).
    let features: Vec<Value> = (0..1_600)
        .map(|i| {
            let (x, y) = (f64::from(i % 40) - 2.0, f64::from(i / 40) * 0.5 - 14.0);
            json!({"type": "Feature", "properties": {"name": format!("p{i}")}, "geometry": {"type": "Point", "coordinates": [x, y]}})
        })
        .collect();
    let mut session = Session::new();
    // Labels are placed on a longitude/latitude map here (a new map would pick a projection).
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let geojson = json!({"type": "FeatureCollection", "features": features});
    run(&mut session, "layer.addGeoJSON", json!({"name": "points", "geojson": geojson}));
    let params = json!({"layer": "points", "expression": "rpad(\"name\", 65536, 'x')", "size": 4, "padding": 0});
    let out = session.execute(&Caller::user(), "label.set", params).expect("label.set");
    assert!(out.notices.iter().any(|n| n.contains("longer than 200 characters")), "{:?}", out.notices);
    let mut request = view();
    (request.width, request.height) = (4_000, 4_000);
    let image = render(session.project(), &request).expect("renders");
    let count = &image.labels[0];
    let laid_out = count.placed + count.collided + count.did_not_fit;
    assert!(laid_out * 201 <= rustgis_core::MAX_FRAME_LABEL_CHARS + 201, "{count:?}");
    assert_eq!(laid_out + count.over_budget, 1_600, "every label is counted once: {count:?}");
    assert!(count.over_budget > 0 && count.cut == count.placed, "{count:?}");
    assert!(image.notices.iter().any(|n| n.contains("budget of 100000 characters")), "{:?}", image.notices);
}

/// The sample's cities (labelled, by population) and `big`, the cities of over 5 million made
/// from them by a filter, labelled by name too; drawn over Europe and Asia.
fn cities_and_big_cities(repeat: bool) -> Vec<rustgis_core::LabelCount> {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "vector.filter", json!({"layer": "cities", "where": "population > 5000000", "name": "big"}));
    run(&mut session, "label.set", json!({"layer": "big", "field": "name", "repeat": repeat}));
    let view = RenderRequest {
        width: 1000,
        height: 600,
        extent: Extent::from_corners(-10.0, 0.0, 140.0, 60.0),
        ..RenderRequest::default()
    };
    render(session.project(), &view).expect("renders").labels
}

#[test]
fn a_city_is_not_labelled_twice_by_its_layer_and_a_layer_made_from_it() {
    let counts = cities_and_big_cities(false);
    let big = counts.iter().find(|c| c.layer == "big").expect("big is labelled");
    let cities = counts.iter().find(|c| c.layer == "cities").expect("cities are labelled");
    assert!(big.duplicate > 0, "the big cities' names are already on the map: {big:?}");
    assert!(big.left_out.iter().any(|l| l.reason == "duplicate"), "{big:?}");
    assert!(cities.placed > 0, "{cities:?}");
}

#[test]
fn repeat_labels_a_city_again_where_its_source_layer_named_it() {
    let counts = cities_and_big_cities(true);
    let big = counts.iter().find(|c| c.layer == "big").expect("big is labelled");
    assert_eq!(big.duplicate, 0, "{big:?}");
}
