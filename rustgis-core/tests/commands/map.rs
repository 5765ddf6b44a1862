//! `map.*`: the view.

use crate::common::run;
use crate::sample;
use serde_json::json;

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
