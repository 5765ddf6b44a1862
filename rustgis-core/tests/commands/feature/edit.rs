//! Editing geometries: move, rotate, scale, merge, delete the selection, add from WKT in any CRS.

use crate::common::run;
use crate::sample;
use geo::{Area, BoundingRect, Centroid, Geometry};
use rustgis_core::{Caller, Session};
use serde_json::json;

fn geometry_of(session: &Session, layer: &str, name: &str) -> Geometry<f64> {
    let layer = session.project().layer(layer).expect("layer");
    let col = layer.field_index("name").expect("a name field");
    let feature = layer
        .features
        .iter()
        .find(|f| f.attributes[col].as_str() == Some(name))
        .unwrap_or_else(|| panic!("no feature {name}"));
    feature.geometry.clone().expect("a geometry")
}

#[test]
fn feature_move_adds_the_offset_to_every_vertex_of_the_features_chosen() {
    let mut session = sample();
    let before = geometry_of(&session, "cities", "Paris");
    let out = run(
        &mut session,
        "feature.move",
        json!({"layer": "cities", "where": "name = 'Paris'", "dx": 0.5, "dy": -0.25}),
    )
    .expect("move");
    assert_eq!(out["edited"], 1);
    let (Geometry::Point(a), Geometry::Point(b)) = (before, geometry_of(&session, "cities", "Paris")) else {
        panic!("points")
    };
    assert_eq!((b.x() - a.x(), b.y() - a.y()), (0.5, -0.25));
}

#[test]
fn feature_rotate_turns_clockwise_about_the_point_given() {
    let mut session = sample();
    run(
        &mut session,
        "feature.add",
        json!({"layer": "cities", "geometry": "POINT (1 0)", "attributes": {"name": "east"}}),
    )
    .expect("add");
    run(
        &mut session,
        "feature.rotate",
        json!({"layer": "cities", "where": "name = 'east'", "rotation": 90, "point": [0, 0]}),
    )
    .expect("rotate");
    let Geometry::Point(p) = geometry_of(&session, "cities", "east") else { panic!("a point") };
    // A quarter turn clockwise takes east to south.
    assert!((p.x()).abs() < 1e-12 && (p.y() + 1.0).abs() < 1e-12, "{p:?}");
}

#[test]
fn feature_scale_by_two_about_the_centroid_makes_a_polygon_four_times_larger_in_the_same_place() {
    let mut session = sample();
    let before = geometry_of(&session, "countries", "Iceland");
    run(&mut session, "feature.scale", json!({"layer": "countries", "where": "name = 'Iceland'", "factor": 2}))
        .expect("scale");
    let after = geometry_of(&session, "countries", "Iceland");
    assert!((after.unsigned_area() / before.unsigned_area() - 4.0).abs() < 1e-9);
    let (c0, c1) = (before.centroid().expect("centroid"), after.centroid().expect("centroid"));
    assert!((c0.x() - c1.x()).abs() < 1e-9 && (c0.y() - c1.y()).abs() < 1e-9);
}

#[test]
fn a_factor_of_zero_is_refused_naming_what_is_accepted() {
    let err = run(&mut sample(), "feature.scale", json!({"layer": "countries", "where": "TRUE", "factor": 0}))
        .expect_err("zero");
    assert!(err.to_string().contains("more than 0"), "{err}");
}

#[test]
fn an_edit_that_names_no_features_is_refused_rather_than_editing_them_all() {
    let err = run(&mut sample(), "feature.move", json!({"layer": "cities", "dx": 1})).expect_err("no choice");
    assert!(err.to_string().contains("say which features"), "{err}");
}

#[test]
fn move_rotate_and_scale_are_one_undo_step_each() {
    let mut session = sample();
    let before = geometry_of(&session, "countries", "Italy");
    run(&mut session, "feature.rotate", json!({"layer": "countries", "where": "name = 'Italy'", "rotation": 15}))
        .expect("rotate");
    assert_ne!(geometry_of(&session, "countries", "Italy"), before);
    session.execute(&Caller::user(), "edit.undo", json!({})).expect("undo");
    assert_eq!(geometry_of(&session, "countries", "Italy"), before);
}

#[test]
fn feature_merge_makes_one_feature_of_the_union_with_the_first_ones_attributes() {
    let mut session = sample();
    let count = session.project().layer("countries").expect("countries").features.len();
    let (a, b) = (geometry_of(&session, "countries", "Sudan"), geometry_of(&session, "countries", "S. Sudan"));
    let out =
        run(&mut session, "feature.merge", json!({"layer": "countries", "where": "name IN ('Sudan', 'S. Sudan')"}))
            .expect("merge");
    assert_eq!((out["merged"].as_u64(), out["features"].as_u64()), (Some(2), Some(count as u64 - 1)));
    let layer = session.project().layer("countries").expect("countries");
    let merged = layer.features.iter().find(|f| f.id == out["fid"].as_u64().expect("fid")).expect("merged");
    let area = merged.geometry.as_ref().expect("geometry").unsigned_area();
    // The two share a border, so the union's area is the sum of theirs.
    assert!((area / (a.unsigned_area() + b.unsigned_area()) - 1.0).abs() < 1e-6, "{area}");
}

#[test]
fn merging_points_is_refused_naming_the_feature() {
    let err = run(&mut sample(), "feature.merge", json!({"layer": "cities", "where": "TRUE"})).expect_err("points");
    assert!(err.to_string().contains("only polygons merge"), "{err}");
}

#[test]
fn feature_delete_with_selected_deletes_the_selection_only() {
    let mut session = sample();
    let count = session.project().layer("cities").expect("cities").features.len();
    run(&mut session, "feature.select", json!({"layer": "cities", "where": "population > 10000000"})).expect("select");
    let selected = session.project().layer("cities").expect("cities").selection.len();
    assert!(selected > 0);
    let out = run(&mut session, "feature.delete", json!({"layer": "cities", "selected": true})).expect("delete");
    assert_eq!(out["deleted"].as_u64(), Some(selected as u64));
    assert_eq!(out["features"].as_u64(), Some((count - selected) as u64));
    assert!(session.project().layer("cities").expect("cities").selection.is_empty());
}

#[test]
fn feature_add_takes_wkt_in_the_layers_crs_vertex_for_vertex() {
    let mut session = sample();
    run(
        &mut session,
        "feature.add",
        json!({"layer": "countries", "geometry": "POLYGON ((0.1 0.2, 1.123456789 0.2, 1.123456789 1.3, 0.1 0.2))", "attributes": {"name": "wedge"}}),
    )
    .expect("add");
    let Geometry::Polygon(p) = geometry_of(&session, "countries", "wedge") else { panic!("a polygon") };
    assert_eq!(p.exterior().0[1], geo::coord! { x: 1.123456789, y: 0.2 });
}

#[test]
fn feature_add_reprojects_a_geometry_given_in_another_crs() {
    let mut session = sample();
    // Helsinki in Web Mercator metres.
    run(
        &mut session,
        "feature.add",
        json!({"layer": "cities", "geometry": "POINT (2776553.0 8437728.9)", "crs": "EPSG:3857", "attributes": {"name": "H"}}),
    )
    .expect("add");
    let Geometry::Point(p) = geometry_of(&session, "cities", "H") else { panic!("a point") };
    assert!((p.x() - 24.9422).abs() < 1e-6 && (p.y() - 60.1702).abs() < 1e-6, "{p:?}");
    let bbox = geometry_of(&session, "cities", "H").bounding_rect().expect("bbox");
    assert!(bbox.min().x > 24.0);
}

#[test]
fn text_that_is_neither_wkt_nor_geojson_is_refused_naming_both() {
    let err =
        run(&mut sample(), "feature.add", json!({"layer": "cities", "geometry": "POINTY (1 2)"})).expect_err("bad");
    assert!(err.to_string().contains("not WKT") && err.to_string().contains("GeoJSON"), "{err}");
}

#[test]
fn rotating_features_of_a_longitude_latitude_layer_says_it_works_on_degrees() {
    let mut session = sample();
    let outcome = session
        .execute(
            &Caller::user(),
            "feature.rotate",
            json!({"layer": "countries", "where": "name = 'Italy'", "rotation": 15}),
        )
        .expect("rotate");
    assert_eq!(outcome.result["edited"], 1);
    let notice = outcome.notices.iter().find(|n| n.contains("degrees")).expect("a notice on degrees");
    assert!(notice.contains("layer 'countries'") && notice.contains("vector.reproject"), "{notice}");
}

#[test]
fn scaling_features_of_a_projected_layer_adds_no_notice() {
    let mut session = sample();
    run(&mut session, "vector.reproject", json!({"layer": "countries", "crs": "EPSG:3857", "name": "mercator"}))
        .expect("reproject");
    let outcome = session
        .execute(
            &Caller::user(),
            "feature.scale",
            json!({"layer": "mercator", "where": "name = 'Iceland'", "factor": 2}),
        )
        .expect("scale");
    assert_eq!(outcome.result["edited"], 1);
    assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
}

#[test]
fn adding_an_empty_geometry_says_the_feature_has_none_and_is_not_drawn() {
    let mut session = sample();
    let outcome = session
        .execute(&Caller::user(), "feature.add", json!({"layer": "cities", "geometry": "POINT EMPTY"}))
        .expect("add");
    let fid = outcome.result["fid"].as_i64().expect("an id");
    let notice = outcome.notices.iter().find(|n| n.contains("empty")).expect("a notice");
    assert!(notice.contains(&format!("feature {fid} was added without one")), "{notice}");
}
