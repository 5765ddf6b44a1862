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
    run(
        &mut session,
        "field.calculate",
        json!({"layer": "countries", "field": "pop_est", "expression": "pop_est / 3"}),
    )
    .expect("calculate");
    let out =
        read_table(&mut session, json!({"layer": "countries", "where": "name = 'France'", "fields": ["pop_est"]}));
    assert!(out["rows"][0]["pop_est"].is_i64(), "{}", out["rows"][0]);
}

#[test]
fn field_delete_removes_the_column() {
    let mut session = sample();
    run(&mut session, "field.delete", json!({"layer": "countries", "field": "name_long"})).expect("delete");
    let layer = session.project().layer("countries").expect("countries");
    assert!(layer.field_index("name_long").is_none());
    assert!(layer.features.iter().all(|f| f.attributes.len() == layer.fields.len()));
}

#[test]
fn field_add_can_use_aggregates_over_the_layer_with_group_by() {
    let mut session = sample();
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "share", "type": "float",
               "expression": "\"pop_est\" / sum(\"pop_est\", group_by:=\"continent\")"}),
    )
    .expect("add field");
    let out =
        read_table(&mut session, json!({"layer": "countries", "where": "continent = 'Oceania'", "fields": ["share"]}));
    let total: f64 = out["rows"].as_array().expect("rows").iter().map(|r| r["share"].as_f64().expect("a share")).sum();
    assert!((total - 1.0).abs() < 1e-9, "shares within a continent add up to 1, not {total}");
}

#[test]
fn field_add_can_aggregate_another_layer_filtered_by_the_parent_feature() {
    let mut session = sample();
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "n_cities", "type": "integer",
               "expression": "aggregate(layer:='cities', aggregate:='count', expression:=\"name\", filter:=\"country\" = attribute(@parent, 'iso_a2'))"}),
    )
    .expect("add field");
    let out = read_table(&mut session, json!({"layer": "countries", "where": "iso_a2 = 'FR'", "fields": ["n_cities"]}));
    let cities = session.project().layer("cities").expect("cities");
    let country = cities.field_index("country").expect("country field");
    let expected = cities.features.iter().filter(|f| f.attributes[country] == rustgis_core::Value::from("FR")).count();
    assert_eq!(out["rows"][0]["n_cities"].as_i64(), Some(expected as i64));
}

#[test]
fn field_add_numbers_rows_with_row_number() {
    let mut session = sample();
    run(
        &mut session,
        "field.add",
        json!({"layer": "cities", "name": "n", "type": "integer", "expression": "@row_number"}),
    )
    .expect("add field");
    let layer = session.project().layer("cities").expect("cities");
    let n = layer.field_index("n").expect("n");
    assert_eq!(
        layer.features.last().map(|f| f.attributes[n].clone()),
        Some(rustgis_core::Value::Int(layer.features.len() as i64))
    );
}

#[test]
fn an_aggregate_of_an_unknown_layer_names_the_layers_there_are() {
    let mut session = sample();
    let err = run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "x", "type": "integer", "expression": "aggregate('towns', 'count', \"name\")"}),
    )
    .expect_err("no layer towns");
    let message = err.to_string();
    assert!(message.contains("no layer 'towns'") && message.contains("cities"), "{message}");
}

#[test]
fn a_number_only_float_field_computed_a_column_at_a_time_equals_row_by_row_evaluation() {
    let mut session = sample();
    let text = "round(sqrt(abs(label_x)) + ln(abs(label_y) + 1), 3) * sin(label_x) - max(label_x, label_y) / 7";
    run(&mut session, "field.add", json!({"layer": "countries", "name": "v", "type": "float", "expression": text}))
        .expect("add field");
    let layer = session.project().layer("countries").expect("countries");
    let v = layer.field_index("v").expect("v");
    let expr = rustgis_core::Expr::parse(text).expect("parses");
    for feature in layer.features.iter() {
        let row = rustgis_core::RowContext { fields: &layer.fields, feature, crs: layer.crs };
        assert_eq!(feature.attributes[v], expr.eval(&row).expect("evaluates"), "feature {}", feature.id);
    }
}

#[test]
fn field_calculate_with_where_updates_only_the_matching_features() {
    let mut session = sample();
    let out = run(
        &mut session,
        "field.calculate",
        json!({"layer": "countries", "name": "economy", "expression": "'rich'", "where": "continent = 'Oceania'"}),
    )
    .expect("calculate");
    assert_eq!(out["features"], 7);
    let rich = read_table(&mut session, json!({"layer": "countries", "where": "economy = 'rich'", "limit": 1}));
    assert_eq!(rich["total"], 7);
}

#[test]
fn field_calculate_on_the_selection_leaves_the_other_features_as_they_were() {
    let mut session = sample();
    run(&mut session, "feature.select", json!({"layer": "countries", "where": "name = 'France'"})).expect("select");
    run(
        &mut session,
        "field.calculate",
        json!({"layer": "countries", "name": "pop_est", "expression": "0", "selected": true}),
    )
    .expect("calculate");
    let zero = read_table(&mut session, json!({"layer": "countries", "where": "pop_est = 0", "fields": ["name"]}));
    assert_eq!(zero["total"], 1);
    assert_eq!(zero["rows"][0]["name"], "France");
}

#[test]
fn field_rename_keeps_the_values_and_the_style_follows_and_expressions_are_named() {
    let mut session = sample();
    run(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est"})).expect("style");
    run(&mut session, "label.set", json!({"layer": "countries", "expression": "\"name\" || ' ' || \"pop_est\""}))
        .expect("labels");
    let outcome = session
        .execute(
            &rustgis_core::Caller::user(),
            "field.rename",
            json!({"layer": "countries", "field": "pop_est", "name": "population"}),
        )
        .expect("rename");
    let layer = session.project().layer("countries").expect("layer");
    assert!(layer.field_index("pop_est").is_none() && layer.field_index("population").is_some());
    assert!(matches!(&layer.style, rustgis_core::Style::Graduated { field, .. } if field == "population"));
    assert!(
        outcome.notices.iter().any(|n| n.contains("the label expression") && n.contains("'pop_est'")),
        "{:?}",
        outcome.notices
    );
    let france =
        read_table(&mut session, json!({"layer": "countries", "where": "name = 'France'", "fields": ["population"]}));
    assert_eq!(france["rows"][0]["population"], 67_059_887);
}
