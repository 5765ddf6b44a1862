//! `layout.*`: items removed and changed (and undone), `size` taken for `page`, and templates
//! that fit themselves to the map (issue 39).

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

/// A page with a map, a title and a legend.
fn page() -> Session {
    let mut session = crate::sample();
    check(&mut session, "layout.create", json!({"name": "page"}));
    check(&mut session, "layout.addItem", json!({"layout": "page", "type": "map", "rect_mm": [10, 25, 190, 200]}));
    check(
        &mut session,
        "layout.addItem",
        json!({"layout": "page", "type": "title", "text": "World", "rect_mm": [10, 8, 190, 14]}),
    );
    check(&mut session, "layout.addItem", json!({"layout": "page", "type": "legend", "rect_mm": [10, 230, 90, 57]}));
    session
}

#[test]
fn remove_item_takes_the_item_off_the_page_and_undo_puts_it_back() {
    let mut session = page();
    let removed = check(&mut session, "layout.removeItem", json!({"layout": "page", "index": 1}));
    assert_eq!((removed["items"].as_u64(), removed["removed"]["text"].as_str()), (Some(2), Some("World")));
    assert_eq!(item_types(&mut session), ["map", "legend"]);
    check(&mut session, "edit.undo", json!({}));
    assert_eq!(item_types(&mut session), ["map", "title", "legend"]);
}

#[test]
fn update_item_moves_and_retitles_an_item_and_undo_restores_it() {
    let mut session = page();
    let before = session.project().layouts[0].items[1].clone();
    check(
        &mut session,
        "layout.updateItem",
        json!({"layout": "page", "index": 1, "text": "Europe", "subtitle": "2020", "rect_mm": [10, 5, 190, 18]}),
    );
    let listed = check(&mut session, "layout.list", json!({}));
    let title = &listed["layouts"][0]["items"][1];
    assert_eq!(
        title,
        &json!({"type": "title", "text": "Europe", "subtitle": "2020", "rect_mm": [10.0, 5.0, 190.0, 18.0]})
    );
    check(&mut session, "edit.undo", json!({}));
    assert_eq!(session.project().layouts[0].items[1], before);
}

#[test]
fn update_item_refuses_a_field_the_item_s_type_does_not_have() {
    let mut session = page();
    let err = run(&mut session, "layout.updateItem", json!({"layout": "page", "index": 0, "text": "Oops"}))
        .expect_err("a map has no text");
    assert!(format!("{err:#}").contains("item 0 is a map item, which has no text"), "{err:#}");
}

#[test]
fn remove_item_names_the_items_there_are_when_the_index_is_past_them() {
    let mut session = page();
    let err = run(&mut session, "layout.removeItem", json!({"layout": "page", "index": 3})).expect_err("no item 3");
    assert!(format!("{err:#}").contains("has items 0 to 2, not 3"), "{err:#}");
}

#[test]
fn size_makes_the_same_page_as_page() {
    let mut session = crate::sample();
    let by_size = check(&mut session, "layout.create", json!({"name": "a", "size": "A3", "orientation": "landscape"}));
    let by_page = check(&mut session, "layout.create", json!({"name": "b", "page": "A3", "orientation": "landscape"}));
    assert_eq!((&by_size["width_mm"], &by_size["height_mm"]), (&by_page["width_mm"], &by_page["height_mm"]));
    assert_eq!(by_size["width_mm"], 420.0);
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
