//! What several of the renderer's test files share: running a command as the user, and the
//! population-density map the furniture and vector-output tests draw.
#![allow(dead_code, reason = "each test file uses the part of this module it needs")]

use rustgis_core::{Caller, Session};
use serde_json::{Value, json};

/// Runs a command as the user and gives its result; a failure fails the test, naming the command.
pub(crate) fn run(session: &mut Session, command: &str, params: Value) -> Value {
    session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}")).result
}

/// The sample's countries as a population-density choropleth (six quantile classes of people
/// per km², titled) in Equal Earth on a pale sea, the other layers hidden: furniture not set.
pub(crate) fn density_choropleth() -> Session {
    let mut session = Session::with_sample().expect("sample");
    for layer in ["cities", "coastline", "boundaries"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "density", "type": "float", "expression": "pop_est / ($area / 1000000)"}),
    );
    run(
        &mut session,
        "style.graduated",
        json!({"layer": "countries", "field": "density", "classes": 6, "method": "quantile", "ramp": "ylorrd"}),
    );
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "People per km²"}));
    run(&mut session, "map.setCrs", json!({"crs": "Equal Earth"}));
    run(&mut session, "map.setBackground", json!({"color": "#dcebf5"}));
    session
}
