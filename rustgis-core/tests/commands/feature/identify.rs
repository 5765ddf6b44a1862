//! `feature.identify`: the features under a point of the map, as a click finds them (issue 21,
//! the map view's identify-on-click).

use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

fn identify(params: Json) -> rustgis_core::Result<Json> {
    let mut session = Session::with_sample().expect("the sample loads");
    session.execute(&Caller::user(), "feature.identify", params).map(|o| o.result)
}

fn found(out: &Json) -> Vec<(String, String)> {
    out["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| {
            let layer = f["layer"].as_str().expect("a layer").to_owned();
            (layer, f["attributes"]["name"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

#[test]
fn identify_finds_the_country_under_a_point_with_its_attributes() {
    let out = identify(json!({"point": [2.35, 46.5]})).expect("identify");
    assert_eq!(found(&out), [("countries".to_owned(), "France".to_owned())]);
    assert_eq!(out["features"][0]["attributes"]["continent"], "Europe");
    assert!(out["features"][0]["fid"].is_u64(), "{out}");
}

#[test]
fn identify_lists_the_top_layer_first() {
    let out = identify(json!({"point": [2.35, 48.86], "tolerance": 0.2})).expect("identify");
    let layers: Vec<String> = found(&out).into_iter().map(|(layer, _)| layer).collect();
    assert_eq!(layers.first().map(String::as_str), Some("cities"), "{out}");
    assert!(found(&out).contains(&("countries".to_owned(), "France".to_owned())), "{out}");
}

#[test]
fn identify_reads_a_point_in_web_mercator_metres_when_told() {
    let out = identify(json!({"point": [261_600.0, 5_862_000.0], "crs": "EPSG:3857", "layer": "countries"}))
        .expect("identify");
    assert_eq!(found(&out), [("countries".to_owned(), "France".to_owned())]);
}

#[test]
fn identify_skips_hidden_layers() {
    let mut session = Session::with_sample().expect("the sample loads");
    session
        .execute(&Caller::user(), "layer.setVisible", json!({"layer": "countries", "visible": false}))
        .expect("hide");
    let out = session.execute(&Caller::user(), "feature.identify", json!({"point": [2.35, 46.5]})).expect("identify");
    assert_eq!(out.result["count"], 0, "{}", out.result);
}

#[test]
fn identify_over_the_sea_finds_nothing() {
    let out = identify(json!({"point": [-30.0, 30.0]})).expect("identify");
    assert_eq!(out["count"], 0);
}

#[test]
fn identify_refuses_a_negative_tolerance_and_says_what_is_accepted() {
    let e = identify(json!({"point": [2.35, 46.5], "tolerance": -1.0})).expect_err("refused");
    assert!(e.to_string().contains("give 0 or more"), "{e}");
}
