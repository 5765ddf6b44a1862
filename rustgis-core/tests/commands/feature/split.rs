//! Splitting polygons along a line: pieces with the attributes, holes kept, multi-polygons,
//! lines that cut nothing, one undo step.

use crate::common::run;
use crate::sample;
use geo::{Area, Geometry};
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

/// A session with a layer `plots` of the polygons given as WKT-free GeoJSON geometries, named
/// "p1", "p2"….
fn plots(geometries: &[Json]) -> Session {
    let mut session = Session::new();
    let features: Vec<Json> = geometries
        .iter()
        .enumerate()
        .map(|(i, g)| json!({"type": "Feature", "geometry": g, "properties": {"name": format!("p{}", i + 1)}}))
        .collect();
    run(
        &mut session,
        "layer.addGeoJSON",
        json!({"name": "plots", "geojson": {"type": "FeatureCollection", "features": features}}),
    )
    .expect("the layer");
    session
}

fn square(x0: f64, y0: f64, x1: f64, y1: f64) -> Json {
    json!([[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]])
}

/// Each feature's (id, name, area), by id.
fn pieces(session: &Session) -> Vec<(i64, String, f64)> {
    let layer = session.project().layer("plots").expect("plots");
    let col = layer.field_index("name").expect("name");
    let mut out: Vec<(i64, String, f64)> = layer
        .features
        .iter()
        .map(|f| {
            let area = f.geometry.as_ref().map_or(0.0, Geometry::unsigned_area);
            (f.id as i64, f.attributes[col].as_str().unwrap_or_default().to_owned(), area)
        })
        .collect();
    out.sort_by_key(|p| p.0);
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

#[test]
fn a_line_across_a_square_cuts_it_into_two_features_the_larger_keeping_its_id() {
    let mut session = plots(&[json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 10.0, 10.0)})]);
    let out = run(&mut session, "feature.split", json!({"layer": "plots", "geometry": "LINESTRING (4 -1, 4 11)"}))
        .expect("split");
    assert_eq!((out["edited"].clone(), out["added"].clone(), out["features"].clone()), (json!(1), json!(1), json!(2)));
    let got = pieces(&session);
    assert_eq!((got[0].0, got[0].1.as_str(), got[1].1.as_str()), (1, "p1", "p1"), "{got:?}");
    assert!(close(got[0].2, 60.0) && close(got[1].2, 40.0), "{got:?}");
}

#[test]
fn a_line_that_ends_inside_a_polygon_cuts_nothing_and_says_so() {
    let mut session = plots(&[json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 10.0, 10.0)})]);
    let outcome = session
        .execute(&Caller::user(), "feature.split", json!({"layer": "plots", "geometry": "LINESTRING (4 -1, 4 5)"}))
        .expect("split");
    assert_eq!(outcome.result["edited"], 0);
    assert!(outcome.notices.iter().any(|n| n.contains("nothing was split")), "{:?}", outcome.notices);
    assert_eq!(pieces(&session).len(), 1);
}

#[test]
fn the_pieces_of_a_holed_polygon_keep_their_share_of_the_hole() {
    let mut holed = square(0.0, 0.0, 10.0, 10.0);
    holed.as_array_mut().expect("rings").push(json!([[3, 3], [3, 7], [7, 7], [7, 3], [3, 3]]));
    let mut session = plots(&[json!({"type": "Polygon", "coordinates": holed})]);
    run(&mut session, "feature.split", json!({"layer": "plots", "geometry": "LINESTRING (5 -1, 5 11)"}))
        .expect("split");
    let got = pieces(&session);
    // Each half: 50 less half of the 16 of the hole.
    assert!(got.len() == 2 && close(got[0].2, 42.0) && close(got[1].2, 42.0), "{got:?}");
}

#[test]
fn a_multi_polygon_keeps_its_uncut_parts_with_the_largest_piece() {
    let multi =
        json!({"type": "MultiPolygon", "coordinates": [square(0.0, 0.0, 10.0, 10.0), square(20.0, 0.0, 30.0, 10.0)]});
    let mut session = plots(&[multi]);
    run(&mut session, "feature.split", json!({"layer": "plots", "geometry": "LINESTRING (3 -1, 3 11)"}))
        .expect("split");
    let layer = session.project().layer("plots").expect("plots");
    let kinds: Vec<bool> =
        layer.features.iter().map(|f| matches!(f.geometry, Some(Geometry::MultiPolygon(_)))).collect();
    assert_eq!(kinds, vec![true, true], "both stay multi-polygons");
    let got = pieces(&session);
    assert!(close(got[0].2, 170.0) && close(got[1].2, 30.0), "{got:?}");
}

#[test]
fn only_the_features_where_chooses_are_cut() {
    let mut session = plots(&[
        json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 10.0, 10.0)}),
        json!({"type": "Polygon", "coordinates": square(0.0, 10.0, 10.0, 20.0)}),
    ]);
    let out = run(
        &mut session,
        "feature.split",
        json!({"layer": "plots", "geometry": "LINESTRING (5 -1, 5 21)", "where": "name = 'p2'"}),
    )
    .expect("split");
    assert_eq!(out["edited"], 1);
    let names: Vec<String> = pieces(&session).into_iter().map(|p| p.1).collect();
    assert_eq!(names, vec!["p1", "p2", "p2"]);
}

#[test]
fn a_split_is_one_undo_step() {
    let mut session = plots(&[json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 10.0, 10.0)})]);
    run(&mut session, "feature.split", json!({"layer": "plots", "geometry": "LINESTRING (2 -1, 2 11, 8 11, 8 -1)"}))
        .expect("split");
    assert_eq!(pieces(&session).len(), 3, "a line crossing twice makes three pieces");
    run(&mut session, "edit.undo", json!({})).expect("undo");
    assert_eq!(pieces(&session).len(), 1);
}

#[test]
fn the_pieces_of_a_country_cover_exactly_its_area() {
    let mut session = sample();
    let area = |s: &Session| -> f64 {
        let layer = s.project().layer("countries").expect("countries");
        layer.features.iter().filter_map(|f| f.geometry.as_ref()).map(Geometry::unsigned_area).sum()
    };
    let before = area(&session);
    let out = run(
        &mut session,
        "feature.split",
        json!({"layer": "countries", "geometry": "LINESTRING (-6 46.5, 10 46.5)", "where": "name = 'France'"}),
    )
    .expect("split");
    assert_eq!(out["edited"], 1);
    assert!((area(&session) - before).abs() < 1e-9 * before, "{} vs {before}", area(&session));
}

#[test]
fn a_point_chosen_by_name_is_refused_because_only_polygons_split() {
    let mut session = sample();
    let err = run(
        &mut session,
        "feature.split",
        json!({"layer": "cities", "geometry": "LINESTRING (0 0, 10 50)", "where": "name = 'Paris'"}),
    )
    .expect_err("a point");
    assert!(err.to_string().contains("only polygons split"), "{err}");
}

#[test]
fn a_cut_along_something_other_than_a_line_is_refused_naming_what_is_accepted() {
    let mut session = plots(&[json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 10.0, 10.0)})]);
    let err =
        run(&mut session, "feature.split", json!({"layer": "plots", "geometry": "POINT (5 5)"})).expect_err("a point");
    assert!(err.to_string().contains("give a LINESTRING or MULTILINESTRING"), "{err}");
}
