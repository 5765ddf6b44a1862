//! Measures in geographic CRSs of every datum (GDA2020, CGCS2000, JGD2011, NAD83(CSRS), RGF93,
//! SWEREF99, NAD83(2011), DHDN, ED50, OSGB36…): their coordinates are degrees because their
//! definitions say so, so areas and buffers are geodesic and equal the WGS 84 ones within the
//! datum difference, never degrees taken as metres.

use crate::common;

use common::run;
use rustgis_core::crs::Transform;
use rustgis_core::{Crs, Session};
use serde_json::{Value as Json, json};

/// Geographic CRSs of the issue, with a point inside each one's area of use.
const GEOGRAPHIC: [(u32, [f64; 2]); 14] = [
    (4326, [10.0, 50.0]),
    (4258, [10.0, 50.0]),
    (7844, [135.0, -25.0]),
    (4490, [110.0, 35.0]),
    (6668, [138.0, 36.0]),
    (4617, [-100.0, 55.0]),
    (4171, [2.0, 46.0]),
    (4619, [16.0, 60.0]),
    (6318, [-100.0, 40.0]),
    (4314, [10.0, 51.0]),
    (4230, [5.0, 45.0]),
    (4277, [-2.0, 53.0]),
    (4283, [135.0, -25.0]),
    (4269, [-100.0, 40.0]),
];

fn square(corner: [f64; 2]) -> Json {
    let [x, y] = corner;
    json!({"type": "Polygon", "coordinates": [[[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0], [x, y]]]})
}

/// The `area_km2` RustGIS gives the square with this corner, given in `crs`.
fn area_in(session: &mut Session, crs: &str, corner: [f64; 2], name: &str) -> f64 {
    run(session, "layer.addGeoJSON", json!({"name": name, "geojson": square(corner), "crs": crs})).expect("added");
    let out = run(session, "vector.area", json!({"layer": name, "name": format!("{name} area")})).expect("area");
    let layer = session.project().require(out["layer"].as_str().expect("the new layer")).expect("layer");
    let field = layer.fields.iter().position(|f| f.name.starts_with("area")).expect("an area field");
    layer.features[0].attributes[field].as_f64().expect("a number")
}

#[test]
fn a_one_degree_square_has_the_same_area_in_every_geographic_crs_as_in_wgs84() {
    for (code, corner) in GEOGRAPHIC {
        let mut session = Session::new();
        let crs = format!("EPSG:{code}");
        let area = area_in(&mut session, &crs, corner, "square");
        // The same square's corners moved to WGS 84 by PROJ: the datum difference.
        let to_wgs84 = Transform::new(Crs::epsg(code), Crs::WGS84).expect("to WGS 84");
        let (x, y) = to_wgs84.apply(corner[0], corner[1]).expect("moves");
        let wgs84 = area_in(&mut session, "EPSG:4326", [x, y], "wgs84");
        let relative = (area - wgs84).abs() / wgs84;
        assert!(
            relative < 1e-3,
            "{crs}: a 1° square at {corner:?} has {area} km², the WGS 84 one {wgs84} km² (off by {relative:.1e})"
        );
        assert!(area > 5_000.0 && area < 13_000.0, "{crs}: {area} km² is not a 1° square's area");
    }
}

#[test]
fn a_1000_m_buffer_in_every_geographic_crs_reaches_1000_m_on_the_ground() {
    for (code, [x, y]) in GEOGRAPHIC {
        let mut session = Session::new();
        let crs = format!("EPSG:{code}");
        let point = json!({"type": "Point", "coordinates": [x, y]});
        run(&mut session, "layer.addGeoJSON", json!({"name": "p", "geojson": point, "crs": crs})).expect("added");
        let out =
            run(&mut session, "vector.buffer", json!({"layer": "p", "distance": 1000, "unit": "m"})).expect("buffered");
        let layer = session.project().require(out["layer"].as_str().expect("the new layer")).expect("layer");
        assert_eq!(layer.crs, Crs::epsg(code), "the buffer stays in the layer's CRS");
        let extent = layer.extent().expect("an extent");
        // 1000 m north and south of the point: about 0.009° of latitude each way, not 1000°.
        let metres_north = (extent.max_y - y) * 111_000.0;
        assert!(
            (metres_north - 1000.0).abs() < 15.0,
            "{crs}: the buffer reaches {:.6}° north of the point ({metres_north:.0} m)",
            extent.max_y - y
        );
    }
}

#[test]
fn an_area_in_hectares_written_in_place_is_the_km2_area_times_100_in_the_layer_itself() {
    let mut session = Session::new();
    let km2 = area_in(&mut session, "EPSG:4326", [10.0, 50.0], "square");
    let out = run(&mut session, "vector.area", json!({"layer": "square", "unit": "ha", "in_place": true}))
        .expect("area in place");
    assert_eq!(
        (out["field"].clone(), out["unit"].clone(), out["measured"].clone()),
        (json!("area_ha"), json!("ha"), json!(1))
    );
    let layer = session.project().require("square").expect("the layer itself");
    let field = layer.require_field("area_ha").expect("the field is in the layer");
    let hectares = layer.features[0].attributes[field].as_f64().expect("a number");
    assert!((hectares - km2 * 100.0).abs() < 1e-6 * hectares, "{hectares} ha vs {km2} km²");
    assert_eq!(session.project().layers.len(), 2, "no new layer: only the square and the copy area_in made");
}

#[test]
fn a_length_in_nautical_miles_is_the_length_in_metres_over_1852() {
    let mut session = Session::new();
    let line = json!({"type": "LineString", "coordinates": [[0.0, 0.0], [0.0, 1.0]]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "meridian", "geojson": line})).expect("added");
    let out = run(&mut session, "vector.length", json!({"layer": "meridian", "unit": "nmi", "in_place": true}))
        .expect("length");
    assert_eq!(out["field"], "length_nmi");
    let layer = session.project().require("meridian").expect("layer");
    let nmi = layer.features[0].attributes[layer.require_field("length_nmi").expect("field")].as_f64().expect("number");
    // One degree of latitude at the equator on WGS 84 is 110,574.4 m.
    assert!((nmi - 110_574.389 / 1852.0).abs() < 1e-3, "{nmi} nmi");
}

#[test]
fn an_area_unit_that_is_not_one_is_refused_listing_the_units() {
    let mut session = Session::new();
    run(&mut session, "layer.addGeoJSON", json!({"name": "square", "geojson": square([10.0, 50.0])})).expect("added");
    let error = run(&mut session, "vector.area", json!({"layer": "square", "unit": "km"})).expect_err("km is a length");
    assert!(error.to_string().contains("m2, km2, ha, mi2, acre, ft2"), "{error}");
}

#[test]
fn an_area_in_place_over_a_text_field_is_refused() {
    let mut session = Session::new();
    let feature = json!({"type": "Feature", "properties": {"note": "x"}, "geometry": square([10.0, 50.0])});
    run(&mut session, "layer.addGeoJSON", json!({"name": "square", "geojson": feature})).expect("added");
    let error = run(&mut session, "vector.area", json!({"layer": "square", "field": "note", "in_place": true}))
        .expect_err("a text field");
    assert!(error.to_string().contains("not numbers"), "{error}");
}
