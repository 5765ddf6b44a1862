//! `layer.*`: the layer list and its order.

use crate::common::run;
use crate::sample;
use serde_json::json;

#[test]
fn layer_move_puts_a_layer_on_top() {
    let mut session = sample();
    run(&mut session, "layer.move", json!({"layer": "countries", "position": "top"})).expect("move");
    assert_eq!(session.project().layer_names().last().map(String::as_str), Some("countries"));
}

#[test]
fn a_layer_title_of_more_than_one_line_is_refused() {
    let mut session = sample();
    let err = run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "Population\n2019"}))
        .expect_err("a newline in a title");
    assert!(err.to_string().contains("title") && format!("{err:#}").contains("one line"), "{err:#}");
    assert_eq!(session.project().layer("countries").expect("countries").title, None);
}

#[test]
fn an_empty_layer_title_removes_the_title() {
    let mut session = sample();
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "People"})).expect("title");
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": ""})).expect("no title");
    assert_eq!(session.project().layer("countries").expect("countries").title, None);
}
