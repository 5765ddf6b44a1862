//! `layer.*`: the layer list and its order.

use crate::common::run;
use crate::sample;
use serde_json::json;

#[test]
fn layer_move_puts_a_layer_on_top() {
    let mut session = sample();
    run(&mut session, "layer.move", json!({"layer": "countries", "to": "top"})).expect("move");
    assert_eq!(session.project().layer_names().last().map(String::as_str), Some("countries"));
}
