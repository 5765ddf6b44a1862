//! `feature.*`: selecting, updating, deleting, adding and identifying features.

use crate::common::run;
use crate::{read_table, sample};
use serde_json::json;

#[test]
fn feature_select_selects_the_matches_and_clear_empties_it() {
    let mut session = sample();
    let out = run(&mut session, "feature.select", json!({"layer": "countries", "where": "continent = 'Africa'"}))
        .expect("select");
    assert_eq!(out["selected"], 51);
    run(&mut session, "feature.clearSelection", json!({"layer": "countries"})).expect("clear");
    assert!(session.project().layer("countries").expect("layer").selection.is_empty());
}

#[test]
fn feature_update_sets_values_from_expressions_and_literals() {
    let mut session = sample();
    run(
        &mut session,
        "feature.update",
        json!({"layer": "countries", "where": "name = 'France'", "set": {"pop_est": "pop_est * 2", "economy": "'rich'"}}),
    )
    .expect("update");
    let out = read_table(
        &mut session,
        json!({"layer": "countries", "where": "name = 'France'", "fields": ["pop_est", "economy"]}),
    );
    assert_eq!(out["rows"][0]["pop_est"], 134_119_774);
    assert_eq!(out["rows"][0]["economy"], "rich");
}

#[test]
fn an_unquoted_text_in_feature_update_says_to_quote_it() {
    let mut session = sample();
    let err =
        run(&mut session, "feature.update", json!({"layer": "countries", "where": "TRUE", "set": {"economy": "rich"}}))
            .expect_err("rich is not a field");
    assert!(err.to_string().contains("quote it"), "{err}");
}

#[test]
fn feature_delete_removes_the_matches_and_undo_restores_them() {
    let mut session = sample();
    let out = run(&mut session, "feature.delete", json!({"layer": "cities", "where": "population < 2000000"}))
        .expect("delete");
    let remaining = out["features"].as_u64().expect("count");
    assert!(remaining < 521 && remaining > 0);
    run(&mut session, "edit.undo", json!({})).expect("undo");
    assert_eq!(session.project().layer("cities").expect("cities").features.len(), 521);
}

#[test]
fn feature_add_converts_values_and_refuses_unknown_fields() {
    let mut session = sample();
    let point = json!({"type": "Point", "coordinates": [24.94, 60.17]});
    let out = run(
        &mut session,
        "feature.add",
        json!({"layer": "cities", "geometry": point, "attributes": {"name": "Helsinki", "population": "658864"}}),
    )
    .expect("add");
    let fid = out["fid"].clone();
    let read = read_table(&mut session, json!({"layer": "cities", "where": format!("$id = {fid}")}));
    assert_eq!(read["rows"][0]["population"], 658_864);
    let err =
        run(&mut session, "feature.add", json!({"layer": "cities", "geometry": point, "attributes": {"nmae": "x"}}))
            .expect_err("unknown field");
    assert!(err.to_string().contains("population"), "{err}");
}

mod identify;
