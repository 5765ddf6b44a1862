//! `table.*`: reading the attribute table with filters and sort keys.

use crate::common::run;
use crate::{names, read_table, sample};
use serde_json::json;

#[test]
fn table_read_returns_the_five_largest_economies() {
    let mut session = sample();
    let out = read_table(
        &mut session,
        json!({"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}),
    );
    assert_eq!(names(&out), ["United States of America", "China", "Japan", "Germany", "India"]);
    assert_eq!(out["total"], 177);
}

#[test]
fn table_read_filters_with_a_qgis_expression_and_counts_the_matches() {
    let mut session = sample();
    let out = read_table(
        &mut session,
        json!({"layer": "countries", "where": "\"gdp_md\" > 1000000 AND continent = 'Asia'", "fields": ["name"], "order_by": "name"}),
    );
    assert_eq!(names(&out), ["China", "India", "Indonesia", "Japan", "South Korea", "Taiwan"]);
    assert_eq!(out["total"], 6);
}

#[test]
fn a_bad_expression_points_at_its_column() {
    let mut session = sample();
    let err = run(&mut session, "table.read", json!({"layer": "countries", "where": "gdp_md >> 3"})).expect_err("bad");
    assert!(err.to_string().contains("column"), "{err}");
}

#[test]
fn an_unknown_field_in_a_filter_lists_the_layers_fields() {
    let mut session = sample();
    let err = run(&mut session, "table.read", json!({"layer": "countries", "where": "gdp > 3"})).expect_err("no gdp");
    assert!(err.to_string().contains("gdp_md"), "{err}");
}

#[test]
fn a_filter_can_compare_with_an_aggregate_of_the_layer() {
    let mut session = sample();
    let out = read_table(
        &mut session,
        json!({"layer": "countries", "where": "pop_est > 10 * mean(pop_est)", "fields": ["name"], "order_by": "name"}),
    );
    let names = names(&out);
    assert!(
        names.contains(&"China".to_owned()) && names.contains(&"India".to_owned()) && names.len() < 10,
        "{names:?}"
    );
}
