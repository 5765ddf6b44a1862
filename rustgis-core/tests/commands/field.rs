//! `field.*`: adding, calculating and deleting fields.

use crate::common::run;
use crate::{read_table, sample};
use serde_json::json;

#[test]
fn field_add_computes_each_features_value_from_an_expression() {
    let mut session = sample();
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "area_km2", "type": "float", "expression": "$area / 1000000"}),
    )
    .expect("add field");
    let out =
        read_table(&mut session, json!({"layer": "countries", "where": "name = 'France'", "fields": ["area_km2"]}));
    let area = out["rows"][0]["area_km2"].as_f64().expect("a number");
    // Natural Earth 1:110m France (with French Guiana) is about 640,000 km².
    assert!((500_000.0..700_000.0).contains(&area), "{area}");
}

#[test]
fn field_calculate_converts_results_to_the_field_type() {
    let mut session = sample();
    run(&mut session, "field.calculate", json!({"layer": "countries", "name": "pop_est", "expression": "pop_est / 3"}))
        .expect("calculate");
    let out =
        read_table(&mut session, json!({"layer": "countries", "where": "name = 'France'", "fields": ["pop_est"]}));
    assert!(out["rows"][0]["pop_est"].is_i64(), "{}", out["rows"][0]);
}

#[test]
fn field_delete_removes_the_column() {
    let mut session = sample();
    run(&mut session, "field.delete", json!({"layer": "countries", "name": "name_long"})).expect("delete");
    let layer = session.project().layer("countries").expect("countries");
    assert!(layer.field_index("name_long").is_none());
    assert!(layer.features.iter().all(|f| f.attributes.len() == layer.fields.len()));
}
