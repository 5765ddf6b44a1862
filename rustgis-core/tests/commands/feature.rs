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

mod edit;
mod identify;
mod split;

#[test]
fn clear_selection_without_a_layer_clears_every_layer() {
    let mut session = sample();
    run(&mut session, "feature.select", json!({"layer": "countries", "where": "continent = 'Africa'"}))
        .expect("select");
    run(&mut session, "feature.select", json!({"layer": "cities", "where": "capital"})).expect("select");
    let out = run(&mut session, "feature.clearSelection", json!({})).expect("clear");
    let capitals = out["layers"].as_array().expect("layers").iter().find(|l| l["layer"] == "cities").expect("cities");
    assert_eq!(out["cleared"], 51 + capitals["cleared"].as_u64().expect("a count"));
    for layer in &session.project().layers {
        assert!(layer.selection.is_empty(), "{} still has a selection", layer.name);
    }
}

#[test]
fn a_text_filter_that_matches_nothing_but_would_ignoring_case_says_so() {
    let mut session = sample();
    let outcome = session
        .execute(
            &rustgis_core::Caller::user(),
            "feature.select",
            json!({"layer": "countries", "where": "name = 'france'"}),
        )
        .expect("select");
    assert_eq!(outcome.result["matched"], 0);
    let notice = outcome.notices.iter().find(|n| n.contains("case-sensitive")).expect("a notice");
    assert!(notice.contains("'france' is not a value of \"name\" but 'France' is"), "{notice}");
}

#[test]
fn a_text_filter_that_matches_nothing_in_any_case_gives_no_case_notice() {
    let mut session = sample();
    let outcome = session
        .execute(
            &rustgis_core::Caller::user(),
            "feature.select",
            json!({"layer": "countries", "where": "name = 'Atlantis'"}),
        )
        .expect("select");
    assert!(outcome.notices.iter().all(|n| !n.contains("case-sensitive")), "{:?}", outcome.notices);
}

#[test]
fn a_layer_name_in_the_wrong_case_is_answered_with_the_right_one() {
    let mut session = sample();
    let error =
        run(&mut session, "feature.select", json!({"layer": "Countries", "where": "TRUE"})).expect_err("no such layer");
    assert!(error.to_string().contains("did you mean 'countries'?"), "{error}");
}

#[test]
fn the_selection_can_be_read_back_in_tables_and_expressions() {
    let mut session = sample();
    run(&mut session, "feature.select", json!({"layer": "countries", "where": "continent = 'Oceania'"}))
        .expect("select");
    let selected = read_table(&mut session, json!({"layer": "countries", "selected": true, "fields": ["continent"]}));
    assert_eq!(selected["total"], 7, "{selected}");
    assert!(selected["rows"].as_array().expect("rows").iter().all(|r| r["continent"] == "Oceania"));
    let by_expression = read_table(&mut session, json!({"layer": "countries", "where": "is_selected()", "limit": 1}));
    assert_eq!(by_expression["total"], 7);
}

#[test]
fn selecting_the_selected_features_again_makes_no_undo_step() {
    let mut session = sample();
    let select = json!({"layer": "countries", "where": "$id IN (1)", "mode": "new"});
    run(&mut session, "feature.select", select.clone()).expect("selects");
    let steps = session.history().len();
    let again = session.execute(&rustgis_core::Caller::user(), "feature.select", select).expect("selects again");
    assert!(!again.changed, "{:?}", again.notices);
    assert_eq!(session.history().len(), steps);
}
