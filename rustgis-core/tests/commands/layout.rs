//! `layout.*`: templates that fit themselves to the map (issue 39).

use rustgis_core::Session;
use serde_json::{Value as Json, json};

use crate::common::run;

/// Runs a command that must succeed and gives its result.
fn check(session: &mut Session, id: &str, params: Json) -> Json {
    run(session, id, params).unwrap_or_else(|e| panic!("{id}: {e:#}"))
}

/// The `type` of each item of the project's only layout, in order.
fn item_types(session: &mut Session) -> Vec<String> {
    let listed = check(session, "layout.list", json!({}));
    listed["layouts"][0]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["type"].as_str().expect("a type").to_owned())
        .collect()
}

#[test]
fn a_template_on_a_world_map_has_no_north_arrow_and_no_overview() {
    let mut session = crate::sample();
    check(&mut session, "map.setCrs", json!({"crs": "Robinson"}));
    check(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend"}));
    let types = item_types(&mut session);
    assert!(!types.iter().any(|t| t == "north_arrow" || t == "overview"), "{types:?}");
    assert!(types.iter().any(|t| t == "legend") && types.iter().any(|t| t == "scale_bar"), "{types:?}");
}

#[test]
fn a_template_on_a_regional_map_has_a_north_arrow_and_an_overview() {
    let mut session = crate::sample();
    check(&mut session, "map.zoomTo", json!({"bbox": [-10, 35, 30, 60]}));
    check(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend"}));
    let types = item_types(&mut session);
    assert!(types.iter().any(|t| t == "north_arrow") && types.iter().any(|t| t == "overview"), "{types:?}");
}

#[test]
fn a_template_on_a_polar_map_has_no_north_arrow() {
    let mut session = crate::sample();
    check(&mut session, "map.zoomTo", json!({"bbox": [-30, 60, 20, 85]}));
    check(&mut session, "layout.fromTemplate", json!({"template": "a4-portrait-title"}));
    assert!(!item_types(&mut session).iter().any(|t| t == "north_arrow"));
}

#[test]
fn a_template_gives_the_map_frame_the_map_s_shape() {
    let mut session = crate::sample();
    check(&mut session, "map.setCrs", json!({"crs": "Robinson"}));
    check(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend"}));
    let layout = &session.project().layouts[0];
    let map = layout.items.iter().find(|i| matches!(i.kind, rustgis_core::ItemKind::Map { .. })).expect("a map");
    let [_, _, w, h] = map.rect_mm;
    let extent = session.project().extent_in(session.project().view.crs).expect("the sample has an extent");
    let aspect = extent.width() / extent.height();
    assert!((w / h - aspect).abs() < 0.01, "the frame is {w} × {h} mm, the map {aspect:.3} times as wide as tall");
    assert!(w > 250.0, "a world map gets the page's width: {w} mm");
}

#[test]
fn a_template_s_title_is_the_map_s_title() {
    let mut session = crate::sample();
    check(&mut session, "map.setFurniture", json!({"title": "Rivers of the world"}));
    check(&mut session, "layout.fromTemplate", json!({"template": "a4-portrait-title"}));
    let layout = &session.project().layouts[0];
    assert!(
        matches!(&layout.items[0].kind, rustgis_core::ItemKind::Title { text, .. } if text == "Rivers of the world"),
        "{:?}",
        layout.items[0]
    );
}
