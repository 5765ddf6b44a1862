//! Styles and labels as commands: `style.*` and `label.*`.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use rustgis_core::{Caller, Error, Session, Style};
use serde_json::{Value as Json, json};

fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

fn check(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(&Caller::user(), id, params).map(|o| o.result)
}

fn style_of(session: &Session, layer: &str) -> Style {
    session.project().layer(layer).expect("layer exists").style.clone()
}

#[test]
fn a_graduated_population_style_puts_every_country_in_one_of_five_classes() {
    let mut session = sample();
    let out =
        check(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}))
            .expect("graduated");
    let classes = out["classes"].as_array().expect("classes");
    assert_eq!(classes.len(), 5);
    let counted: u64 = classes.iter().map(|c| c["count"].as_u64().expect("count")).sum();
    assert_eq!(counted + out["no_value"].as_u64().expect("no_value"), 177);
}

#[test]
fn natural_breaks_are_a_method_of_graduated_styles() {
    let mut session = sample();
    check(
        &mut session,
        "style.graduated",
        json!({"layer": "countries", "field": "gdp_md", "method": "jenks", "classes": 7}),
    )
    .expect("jenks");
    let Style::Graduated { classes, method, .. } = style_of(&session, "countries") else { panic!("graduated") };
    assert_eq!(classes.len(), 7);
    assert_eq!(method, rustgis_core::ClassMethod::Jenks);
}

#[test]
fn a_graduated_style_needs_a_number_field() {
    let mut session = sample();
    let err =
        check(&mut session, "style.graduated", json!({"layer": "countries", "field": "name"})).expect_err("text field");
    assert!(err.to_string().contains("pop_est"), "{err}");
}

#[test]
fn an_unknown_ramp_is_refused_with_the_known_ones() {
    let mut session = sample();
    let err = check(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est", "ramp": "jet"}))
        .expect_err("unknown ramp");
    assert!(err.to_string().contains("viridis"), "{err}");
}

#[test]
fn a_categorized_style_gives_each_continent_its_own_colour() {
    let mut session = sample();
    check(&mut session, "style.categorized", json!({"layer": "countries", "field": "continent"})).expect("categorized");
    let Style::Categorized { categories, .. } = style_of(&session, "countries") else { panic!("categorized") };
    let colours: std::collections::HashSet<_> = categories.iter().map(|c| c.symbol.fill).collect();
    assert_eq!(colours.len(), categories.len());
    assert!(categories.iter().any(|c| c.label == "Africa"));
}

#[test]
fn a_categorized_style_takes_a_list_of_colours() {
    let mut session = sample();
    check(
        &mut session,
        "style.categorized",
        json!({"layer": "cities", "field": "capital", "palette": ["red", "#0000ff"]}),
    )
    .expect("categorized");
    let Style::Categorized { categories, .. } = style_of(&session, "cities") else { panic!("categorized") };
    assert_eq!(categories[0].symbol.fill, Some(rustgis_core::Color::rgb(255, 0, 0)));
}

#[test]
fn style_single_changes_only_what_is_given() {
    let mut session = sample();
    let before = style_of(&session, "countries").base_symbol().clone();
    check(&mut session, "style.single", json!({"layer": "countries", "fill": "steelblue"})).expect("single");
    let after = style_of(&session, "countries").base_symbol().clone();
    assert_eq!(after.fill, Some(rustgis_core::Color::rgb(0x46, 0x82, 0xb4)));
    assert_eq!((after.stroke, after.width), (before.stroke, before.width));
}

#[test]
fn style_single_sizes_points_by_a_field() {
    let mut session = sample();
    check(&mut session, "style.single", json!({"layer": "cities", "size_field": "population", "marker": "star"}))
        .expect("size by field");
    let symbol = style_of(&session, "cities").base_symbol().clone();
    assert_eq!(symbol.size_field.as_deref(), Some("population"));
}

#[test]
fn a_style_survives_a_json_round_trip() {
    let mut session = sample();
    check(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est"})).expect("graduated");
    let style = style_of(&session, "countries");
    let text = serde_json::to_string(&style).expect("serialize");
    let back: Style = serde_json::from_str(&text).expect("deserialize");
    assert_eq!(back, style);
}

#[test]
fn labels_are_set_and_cleared() {
    let mut session = sample();
    check(&mut session, "label.set", json!({"layer": "countries", "field": "name", "halo": "none"})).expect("set");
    let labels = session.project().layer("countries").and_then(|l| l.labels.clone()).expect("labels");
    assert_eq!((labels.expression.as_str(), labels.halo), ("name", None));
    check(&mut session, "label.clear", json!({"layer": "countries"})).expect("clear");
    assert!(session.project().layer("countries").is_some_and(|l| l.labels.is_none()));
}

#[test]
fn labels_take_an_expression() {
    let mut session = sample();
    let expression = r#""name" || ' (' || "iso_a3" || ')'"#;
    check(&mut session, "label.set", json!({"layer": "countries", "expression": expression})).expect("expression");
    let labels = session.project().layer("countries").and_then(|l| l.labels.clone()).expect("labels");
    assert!(!labels.is_field);
    assert_eq!(labels.expression, expression);
}

#[test]
fn a_label_expression_that_does_not_parse_says_where() {
    let mut session = sample();
    let err = check(&mut session, "label.set", json!({"layer": "countries", "expression": "name ||"}))
        .expect_err("incomplete");
    assert!(matches!(err, Error::Expression { .. }), "{err}");
}

#[test]
fn labelling_by_a_missing_field_lists_the_fields() {
    let mut session = sample();
    let err = check(&mut session, "label.set", json!({"layer": "cities", "field": "nom"})).expect_err("no such field");
    assert!(matches!(err, Error::UnknownField { .. }), "{err}");
}

#[test]
fn label_density_and_padding_are_kept_and_checked() {
    let mut session = sample();
    let params = json!({"layer": "countries", "field": "name", "padding": 8, "density": 30});
    check(&mut session, "label.set", params).expect("labels");
    let labels = session.project().layer("countries").expect("countries").labels.clone().expect("labelled");
    assert_eq!((labels.padding, labels.density), (Some(8.0), Some(30.0)));
    let err = check(&mut session, "label.set", json!({"layer": "countries", "field": "name", "density": 0}))
        .expect_err("a density of 0 would name nothing");
    assert!(format!("{err:#}").contains("use 1 to 10000"), "{err:#}");
}

fn graduated_countries(session: &mut Session) -> Vec<rustgis_core::GraduatedClass> {
    check(session, "style.graduated", json!({"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}))
        .expect("graduated");
    match style_of(session, "countries") {
        Style::Graduated { classes, .. } => classes,
        other => panic!("not graduated: {other:?}"),
    }
}

#[test]
fn set_class_recolours_and_relabels_one_class_and_keeps_the_others() {
    let mut session = sample();
    let before = graduated_countries(&mut session);
    let out = check(
        &mut session,
        "style.setClass",
        json!({"layer": "countries", "index": 0, "color": "#123456", "label": "Fewest people"}),
    )
    .expect("set");
    assert_eq!(
        (out["class"]["color"].as_str(), out["class"]["label"].as_str()),
        (Some("#123456"), Some("Fewest people"))
    );
    let Style::Graduated { classes, .. } = style_of(&session, "countries") else { panic!("still graduated") };
    assert_eq!(classes[0].symbol.fill.map(rustgis_core::Color::to_hex).as_deref(), Some("#123456"));
    assert_eq!(classes[0].label, "Fewest people");
    assert_eq!(classes[1..], before[1..], "the other classes are as they were");
    check(&mut session, "edit.undo", Json::Null).expect("undo");
    let Style::Graduated { classes, .. } = style_of(&session, "countries") else { panic!("still graduated") };
    assert_eq!(classes, before, "one undo step puts it back");
}

#[test]
fn moving_a_graduated_class_upper_bound_moves_the_next_class_lower_bound_and_their_labels() {
    let mut session = sample();
    let before = graduated_countries(&mut session);
    let upper = (before[1].lower + before[1].upper) / 2.0;
    check(&mut session, "style.setClass", json!({"layer": "countries", "index": 1, "upper": upper})).expect("moved");
    let Style::Graduated { classes, .. } = style_of(&session, "countries") else { panic!("still graduated") };
    assert_eq!((classes[1].upper, classes[2].lower), (upper, upper));
    assert_eq!(classes[1].label, rustgis_core::classify::class_label(before[1].lower, upper));
    assert_eq!(classes[2].label, rustgis_core::classify::class_label(upper, before[2].upper));
}

#[test]
fn an_upper_bound_outside_the_class_room_is_refused_naming_the_room() {
    let mut session = sample();
    let before = graduated_countries(&mut session);
    let err =
        check(&mut session, "style.setClass", json!({"layer": "countries", "index": 1, "upper": before[2].upper}))
            .expect_err("past the next class");
    let text = err.to_string();
    assert!(text.contains("must lie between"), "{text}");
    assert!(matches!(err, Error::InvalidValue { ref param, .. } if param == "upper"), "{err:?}");
    let Style::Graduated { classes, .. } = style_of(&session, "countries") else { panic!("still graduated") };
    assert_eq!(classes, before, "nothing changed");
}

#[test]
fn set_class_on_a_single_symbol_layer_is_refused_naming_the_commands_that_make_classes() {
    let mut session = sample();
    let err = check(&mut session, "style.setClass", json!({"layer": "countries", "index": 0, "color": "red"}))
        .expect_err("no classes");
    assert!(err.to_string().contains("style.categorized, style.graduated or style.rules"), "{err}");
}

#[test]
fn a_class_index_past_the_last_class_names_how_many_there_are() {
    let mut session = sample();
    check(&mut session, "style.categorized", json!({"layer": "countries", "field": "continent"})).expect("categorized");
    let err = check(&mut session, "style.setClass", json!({"layer": "countries", "index": 99, "label": "x"}))
        .expect_err("no class 99");
    assert!(err.to_string().contains("numbered 0 to"), "{err}");
}

#[test]
fn a_category_gets_its_own_colour_and_keeps_its_value() {
    let mut session = sample();
    check(&mut session, "style.categorized", json!({"layer": "countries", "field": "continent"})).expect("categorized");
    let out = check(&mut session, "style.setClass", json!({"layer": "countries", "index": 2, "color": "gold"}))
        .expect("recoloured");
    assert_eq!(out["class"]["color"], "#ffd700");
    assert!(out["class"]["value"].is_string(), "{out}");
    let err = check(&mut session, "style.setClass", json!({"layer": "countries", "index": 2, "upper": 3}))
        .expect_err("a category has no bounds");
    assert!(err.to_string().contains("not graduated"), "{err}");
}
