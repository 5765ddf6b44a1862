//! Behaviour of the attribute and layer commands on the World Atlas sample.

mod rasters;

use rustgis_core::{Access, Caller, Registry, Session};
use serde_json::{Value as Json, json};

fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(&Caller::user(), id, params).map(|o| o.result)
}

fn names(rows: &Json) -> Vec<String> {
    rows["rows"].as_array().expect("rows").iter().map(|r| r["name"].as_str().unwrap_or_default().to_owned()).collect()
}

#[test]
fn table_read_returns_the_five_largest_economies() {
    let mut session = sample();
    let out = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}),
    )
    .expect("read");
    assert_eq!(names(&out), ["United States of America", "China", "Japan", "Germany", "India"]);
    assert_eq!(out["total"], 177);
}

#[test]
fn table_read_filters_with_a_qgis_expression_and_counts_the_matches() {
    let mut session = sample();
    let out = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "where": "\"gdp_md\" > 1000000 AND continent = 'Asia'", "fields": ["name"], "order_by": "name"}),
    )
    .expect("read");
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
    let out = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "where": "name = 'France'", "fields": ["pop_est", "economy"]}),
    )
    .expect("read");
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
    let read =
        run(&mut session, "table.read", json!({"layer": "cities", "where": format!("$id = {fid}")})).expect("read");
    assert_eq!(read["rows"][0]["population"], 658_864);
    let err =
        run(&mut session, "feature.add", json!({"layer": "cities", "geometry": point, "attributes": {"nmae": "x"}}))
            .expect_err("unknown field");
    assert!(err.to_string().contains("population"), "{err}");
}

#[test]
fn field_add_computes_each_features_value_from_an_expression() {
    let mut session = sample();
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "area_km2", "type": "float", "expression": "$area / 1000000"}),
    )
    .expect("add field");
    let out = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "where": "name = 'France'", "fields": ["area_km2"]}),
    )
    .expect("read");
    let area = out["rows"][0]["area_km2"].as_f64().expect("a number");
    // Natural Earth 1:110m France (with French Guiana) is about 640,000 km².
    assert!((500_000.0..700_000.0).contains(&area), "{area}");
}

#[test]
fn field_calculate_converts_results_to_the_field_type() {
    let mut session = sample();
    run(&mut session, "field.calculate", json!({"layer": "countries", "name": "pop_est", "expression": "pop_est / 3"}))
        .expect("calculate");
    let out = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "where": "name = 'France'", "fields": ["pop_est"]}),
    )
    .expect("read");
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

#[test]
fn layer_move_puts_a_layer_on_top() {
    let mut session = sample();
    run(&mut session, "layer.move", json!({"layer": "countries", "to": "top"})).expect("move");
    assert_eq!(session.project().layer_names().last().map(String::as_str), Some("countries"));
}

#[test]
fn map_zoom_to_a_layer_shows_its_extent() {
    let mut session = sample();
    run(&mut session, "feature.delete", json!({"layer": "cities", "where": "country <> 'FI'"})).expect("keep Finland");
    let out = run(&mut session, "map.zoomTo", json!({"layer": "cities"})).expect("zoom");
    let extent: Vec<f64> = serde_json::from_value(out["extent"].clone()).expect("four numbers");
    // One city: the view is about 100 m around it, not kilometres.
    assert!(extent[0] < 24.9355 && extent[2] > 24.9355 && extent[1] < 60.1695 && extent[3] > 60.1695, "{extent:?}");
    assert!((extent[2] - extent[0]) * 111_320.0 * 60.17f64.to_radians().cos() < 200.0, "{extent:?}");
}

#[test]
fn every_catalogue_example_runs_on_the_sample() {
    for def in Registry::global().all() {
        // Model examples need a saved model: tests/code.rs runs them in order.
        if def.access != Access::NONE || def.id.starts_with("edit.") || def.group() == "model" {
            continue;
        }
        // Raster commands need raster layers, which the sample has not: the GDAL-made fixtures
        // give them a DEM (`dem`) and an RGB image (`image`).
        let needs_rasters = def.id.starts_with("raster.") || def.id == "style.raster";
        let dir = match (needs_rasters, needs_rasters.then(rasters::fixtures).flatten()) {
            (false, _) => None,
            (true, Some(dir)) => Some(dir),
            (true, None) => continue,
        };
        for example in def.examples {
            let mut session = sample();
            let mut opening = String::new();
            for (name, file) in [("dem", "dem_4326.tif"), ("image", "rgb.tif")] {
                if let Some(dir) = dir.as_ref().filter(|_| example.contains(&format!("\"{name}"))) {
                    opening += &format!("layer.open {{\"path\": {:?}, \"name\": \"{name}\"}}\n", dir.join(file));
                }
            }
            let outcome = session.run_script(&Caller::user(), &format!("{opening}{example}"));
            assert!(outcome.success, "{example}: {:?}", outcome.error);
        }
    }
}
