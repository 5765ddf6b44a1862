//! One vocabulary: every name a command takes or reports means one thing, and renamed
//! parameters are still taken under their old names.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::run;
use crate::{read_table, sample};
use rustgis_core::vocabulary;
use rustgis_core::{Caller, Registry};
use serde_json::{Value as Json, json};

/// Names whose JSON type differs between commands because the meaning says so: a count where a
/// result says how many and a list where it names them, or a value given as an expression.
const SEVERAL_FORMS: &[&str] = &[
    "bands",
    "classes",
    "cleared",
    "crs",
    "deleted",
    "extent",
    "features",
    "fields",
    "geometry",
    "inputs",
    "labels",
    "layers",
    "model",
    "opacity",
    "position",
    "removed",
    "rotation",
    "selected",
    "size",
    "source",
    "tile_size",
    "unmatched",
    "width",
    "wkt",
];

fn types_of(schema: &Json) -> BTreeSet<String> {
    if let Some(t) = schema.get("type") {
        return match t {
            Json::Array(ts) => ts.iter().filter_map(Json::as_str).map(str::to_owned).collect(),
            other => other.as_str().map(str::to_owned).into_iter().collect(),
        };
    }
    let branches = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Json::as_array);
    match branches {
        Some(branches) => branches.iter().flat_map(types_of).collect(),
        None => BTreeSet::from(["any".to_owned()]),
    }
    .into_iter()
    .filter(|t| t != "null")
    .collect()
}

#[test]
fn every_name_a_command_takes_or_reports_is_in_the_vocabulary() {
    let mut outside = Vec::new();
    for def in Registry::global().all() {
        for (name, place, _) in vocabulary::names_of(def) {
            if vocabulary::meaning(name).is_none() {
                outside.push(format!("{} {place:?} `{name}`", def.id));
            }
        }
    }
    assert!(
        outside.is_empty(),
        "names outside the vocabulary (add each to rustgis-core/src/command/vocabulary.rs with its one meaning, \
         or use the name the vocabulary has for it): {outside:#?}"
    );
}

#[test]
fn a_name_keeps_one_json_type_across_commands_unless_its_meaning_has_several_forms() {
    let mut types: BTreeMap<&str, BTreeMap<String, Vec<&str>>> = BTreeMap::new();
    for def in Registry::global().all() {
        for (name, _, schema) in vocabulary::names_of(def) {
            let key = types_of(schema).into_iter().collect::<Vec<_>>().join("|");
            types.entry(name).or_default().entry(key).or_default().push(def.id);
        }
    }
    let mixed: Vec<String> = types
        .iter()
        .filter(|(name, by_type)| by_type.len() > 1 && !SEVERAL_FORMS.contains(name))
        .map(|(name, by_type)| format!("`{name}`: {by_type:?}"))
        .collect();
    assert!(mixed.is_empty(), "one name used for values of different kinds, likely two meanings: {mixed:#?}");
}

#[test]
fn the_vocabulary_is_sorted_and_names_each_term_once() {
    let names: Vec<&str> = vocabulary::VOCABULARY.iter().map(|t| t.name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted);
}

#[test]
fn every_renamed_parameter_is_one_its_command_takes_under_the_new_name_only() {
    for def in Registry::global().all() {
        let props = def.schema()["properties"].as_object().cloned().unwrap_or_default();
        for (old, new) in vocabulary::renamed_params(def.id) {
            assert!(props.contains_key(*new), "{}: renamed to `{new}`, which it does not take", def.id);
            let old_is_new_elsewhere = vocabulary::renamed_params(def.id).iter().any(|(_, n)| n == old);
            assert!(old_is_new_elsewhere || !props.contains_key(*old), "{}: still takes `{old}`", def.id);
        }
    }
}

#[test]
fn an_old_parameter_name_still_runs_and_the_result_says_it_is_renamed() {
    let mut session = sample();
    let outcome = session
        .execute(&Caller::user(), "field.delete", json!({"layer": "countries", "name": "name_long"}))
        .expect("field.delete in the old names");
    assert_eq!(outcome.result["deleted"], "name_long");
    assert_eq!(outcome.notices, vec!["field.delete: `name` is now `field` (the old names still work)".to_owned()]);
}

#[test]
fn a_call_in_the_new_names_gets_no_notice() {
    let mut session = sample();
    let outcome = session
        .execute(&Caller::user(), "field.delete", json!({"layer": "countries", "field": "name_long"}))
        .expect("field.delete");
    assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
}

#[test]
fn swapped_old_names_are_read_as_the_old_form_when_no_new_only_name_is_given() {
    let mut session = sample();
    let old = session
        .execute(&Caller::user(), "layer.addSample", json!({"name": "cities", "as": "towns"}))
        .expect("the old form");
    assert_eq!(old.result["layer"], "towns");
    let new = session
        .execute(&Caller::user(), "layer.addSample", json!({"sample": "cities", "name": "villages"}))
        .expect("the new form");
    assert_eq!(new.result["layer"], "villages");
    assert!(new.notices.iter().all(|n| !n.contains("is now")), "{:?}", new.notices);
}

#[test]
fn field_rename_in_the_old_names_renames_the_field_it_names() {
    let mut session = sample();
    let out = run(&mut session, "field.rename", json!({"layer": "countries", "name": "pop_est", "new_name": "people"}))
        .expect("old form");
    assert_eq!((out["field"].as_str(), out["name"].as_str()), (Some("pop_est"), Some("people")));
    let rows = read_table(&mut session, json!({"layer": "countries", "limit": 1, "fields": ["people"]}));
    assert!(rows["rows"][0]["people"].is_number(), "{rows}");
}

#[test]
fn a_spatial_join_takes_layer_and_join_layer_like_every_other_join() {
    let mut session = sample();
    let out = run(
        &mut session,
        "vector.spatialJoin",
        json!({"layer": "countries", "join_layer": "cities", "predicate": "contains", "summary": "count"}),
    )
    .expect("spatial join");
    assert_eq!(out["layer"], "countries join cities");
}

#[test]
fn undo_and_redo_report_the_step_as_undone_and_redone() {
    let mut session = sample();
    run(&mut session, "layer.setVisible", json!({"layer": "countries", "visible": false})).expect("hide");
    let undone = run(&mut session, "edit.undo", json!({})).expect("undo");
    assert_eq!(undone["undone"], "layer.setVisible");
    assert!(undone.get("redone").is_none(), "{undone}");
    let redone = run(&mut session, "edit.redo", json!({})).expect("redo");
    assert_eq!(redone["redone"], "layer.setVisible");
}
