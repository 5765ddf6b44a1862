//! `vector.joinAttributes`: a table's fields joined to a layer by key, as QGIS's "Join attributes
//! by field value" does, with nothing dropped silently.

use crate::common::{TempFolder, run};
use crate::{read_table, sample};
use rustgis_core::{Caller, Session};
use serde_json::json;

/// The sample with a CSV of unemployment rates by ISO 3166 alpha-3 code opened as a table: one code
/// in lower case with spaces, one number stored as text, one code twice, one code no country has.
fn with_unemployment(folder: &TempFolder) -> Session {
    let csv = folder.join("unemployment.csv");
    std::fs::write(&csv, "code,rate\nFRA,7.3\n deu ,3.0\nESP,12.1\nESP,11.9\nXXX,1.0\nJPN,2.6\n").expect("written");
    let mut session = sample();
    run(&mut session, "layer.open", json!({"path": csv, "name": "unemployment"})).expect("the table opens");
    session
}

#[test]
fn a_csv_by_country_code_becomes_a_choropleth_in_three_calls() {
    let folder = TempFolder::new("commands", "join_choropleth");
    let mut session = with_unemployment(&folder);
    let joined = run(
        &mut session,
        "vector.joinAttributes",
        json!({"layer": "countries", "field": "iso_a3", "join_layer": "unemployment", "join_field": "code", "name": "rates"}),
    )
    .expect("joined");
    assert_eq!(joined["joined_fields"], json!(["rate"]));
    run(&mut session, "style.graduated", json!({"layer": "rates", "field": "rate", "classes": 3})).expect("styled");
    let france = read_table(&mut session, json!({"layer": "rates", "where": "iso_a3 = 'FRA'", "fields": ["rate"]}));
    assert_eq!(france["rows"][0]["rate"], 7.3);
}

#[test]
fn a_join_reports_matched_unmatched_and_duplicated_keys() {
    let folder = TempFolder::new("commands", "join_report");
    let mut session = with_unemployment(&folder);
    let outcome = session
        .execute(
            &Caller::user(),
            "vector.joinAttributes",
            json!({"layer": "countries", "field": "iso_a3", "join_layer": "unemployment", "join_field": "code", "ignore_case": true}),
        )
        .expect("joined");
    let result = &outcome.result;
    // FRA, DEU (" deu " trimmed, any case), ESP and JPN.
    assert_eq!(result["matched"], 4, "{result}");
    assert_eq!(result["unmatched"], 177 - 4);
    assert_eq!(result["duplicated_keys"], json!(["esp"]));
    assert!(outcome.notices.iter().any(|n| n.contains("each feature took the first")), "{:?}", outcome.notices);
    let spain =
        read_table(&mut session, json!({"layer": "countries joined", "where": "iso_a3 = 'ESP'", "fields": ["rate"]}));
    assert_eq!(spain["rows"][0]["rate"], 12.1, "the first row of a duplicated key");
}

#[test]
fn a_one_to_many_join_makes_a_feature_per_matching_row() {
    let folder = TempFolder::new("commands", "join_many");
    let mut session = with_unemployment(&folder);
    let result = run(
        &mut session,
        "vector.joinAttributes",
        json!({"layer": "countries", "field": "iso_a3", "join_layer": "unemployment", "join_field": "code",
               "method": "many", "discard_unmatched": true}),
    )
    .expect("joined");
    // FRA, ESP twice, JPN: " deu " is another case without ignore_case.
    assert_eq!(result["features"], 4, "{result}");
}

#[test]
fn a_join_where_no_key_matches_names_both_key_fields_and_their_types() {
    let folder = TempFolder::new("commands", "join_none");
    let mut session = with_unemployment(&folder);
    let outcome = session
        .execute(
            &Caller::user(),
            "vector.joinAttributes",
            json!({"layer": "countries", "field": "pop_est", "join_layer": "unemployment", "join_field": "code"}),
        )
        .expect("joined");
    assert_eq!(outcome.result["matched"], 0);
    let notice = outcome.notices.iter().find(|n| n.contains("found a row")).expect("a notice");
    assert!(notice.contains("pop_est") && notice.contains("code") && notice.contains("string"), "{notice}");
}

#[test]
fn a_number_key_meets_the_same_number_written_as_text() {
    let mut session = Session::new();
    let points = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"id": 4}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]});
    let table = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"key": "4.0", "label": "four"}, "geometry": null}]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "points", "geojson": points})).expect("added");
    run(&mut session, "layer.addGeoJSON", json!({"name": "labels", "geojson": table})).expect("added");
    let result = run(
        &mut session,
        "vector.joinAttributes",
        json!({"layer": "points", "field": "id", "join_layer": "labels", "join_field": "key"}),
    )
    .expect("joined");
    assert_eq!(result["matched"], 1, "{result}");
}
