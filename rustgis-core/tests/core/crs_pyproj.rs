//! The CRS engine against PROJ as users run it (pyproj, on the same `proj.db`): for 23 layer CRSs
//! (national grids, UTM, polar, Krovak with its south/west axes, geographic CRSs of other datums,
//! a custom WKT CRS and an ESRI-only one) and five map CRSs each (the same, EPSG:4326, EPSG:3857,
//! Equal Earth, and another of them), points sampled over the layer CRS's area of use land
//! within 1 mm (projected) or 1e-9° (geographic) of pyproj's.

use crate::common;

use common::pyproj;
use rustgis_core::Crs;
use rustgis_core::crs::{CrsKind, Transform};
use serde_json::{Value as Json, json};

/// A custom CRS with no EPSG code: a Lambert conformal conic on ETRS89 with its own parameters.
const CUSTOM_WKT: &str = r#"PROJCS["RustGIS test Lambert",GEOGCS["ETRS89",DATUM["European_Terrestrial_Reference_System_1989",SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic_2SP"],PARAMETER["standard_parallel_1",45.5],PARAMETER["standard_parallel_2",54.5],PARAMETER["latitude_of_origin",50],PARAMETER["central_meridian",11],PARAMETER["false_easting",1000000],PARAMETER["false_northing",2000000],UNIT["metre",1]]"#;

/// The layer CRSs of the issue's matrix, with where to sample when the CRS has no area of use.
fn layer_crss() -> Vec<(String, Option<[f64; 4]>)> {
    let codes = [
        "EPSG:4326",
        "EPSG:3857",
        "EPSG:3035",
        "EPSG:25832",
        "EPSG:32632",
        "EPSG:32756",
        "EPSG:2154",
        "EPSG:27700",
        "EPSG:28992",
        "EPSG:2056",
        "EPSG:5070",
        "EPSG:3413",
        "EPSG:3031",
        "EPSG:7844",
        "EPSG:4490",
        "EPSG:6668",
        "EPSG:5514",
        "EPSG:2065",
        "EPSG:3844",
        "EPSG:26918",
        "EPSG:2263",
        "ESRI:102013",
    ];
    let mut all: Vec<(String, Option<[f64; 4]>)> = codes.iter().map(|c| (c.to_string(), None)).collect();
    all.push((CUSTOM_WKT.to_owned(), Some([2.0, 44.0, 20.0, 56.0])));
    all
}

/// A 5 × 5 grid of longitude/latitude points inside an area (10 % in from each side).
fn grid(area: [f64; 4]) -> Vec<[f64; 2]> {
    let [w, s, e, n] = area;
    let e = if e < w { e + 360.0 } else { e };
    let (dx, dy) = ((e - w) * 0.8 / 4.0, (n - s) * 0.8 / 4.0);
    let mut points = Vec::new();
    for i in 0..5 {
        for j in 0..5 {
            let lon = w + (e - w) * 0.1 + dx * f64::from(i);
            let lon = if lon > 180.0 { lon - 360.0 } else { lon };
            points.push([lon, s + (n - s) * 0.1 + dy * f64::from(j)]);
        }
    }
    points
}

/// The sampling area of a CRS: its area of use (the world for world CRSs, clamped to ±80°).
fn area_of(crs: Crs, fallback: Option<[f64; 4]>) -> [f64; 4] {
    if let Some(area) = fallback {
        return area;
    }
    let info = crs.info().expect("PROJ knows it");
    let [w, s, e, n] = info.area_of_use.as_ref().expect("a registry CRS has an area of use").bbox;
    [w, s.max(-80.0), e, n.min(80.0)]
}

/// How far apart two points of a map CRS may be: 1 mm on the ground, or 1e-9°.
fn tolerance(crs: Crs) -> f64 {
    let info = crs.info().expect("PROJ knows it");
    if info.kind == CrsKind::Geographic { 1e-9 } else { 1e-3 / info.metres_per_unit() }
}

fn as_point(value: &Json) -> Option<[f64; 2]> {
    let pair = value.as_array()?;
    Some([pair.first()?.as_f64()?, pair.get(1)?.as_f64()?])
}

#[test]
fn every_pair_of_the_matrix_moves_points_where_pyproj_does() {
    let layers = layer_crss();
    let parsed: Vec<Crs> =
        layers.iter().map(|(text, _)| Crs::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))).collect();
    // First pyproj puts the sample points into each layer CRS: the layers' own coordinates.
    let samples: Vec<Vec<[f64; 2]>> =
        parsed.iter().zip(&layers).map(|(crs, (_, fallback))| grid(area_of(*crs, *fallback))).collect();
    let to_layers: Vec<Json> = layers
        .iter()
        .zip(&samples)
        .map(|((text, _), points)| json!({"from": "EPSG:4326", "to": text, "points": points}))
        .collect();
    let Some(answer) = pyproj(json!({ "transform": to_layers })) else { return };
    let vertices: Vec<Vec<Option<[f64; 2]>>> = answer["transform"]
        .as_array()
        .expect("answers")
        .iter()
        .map(|a| a["points"].as_array().expect("points").iter().map(as_point).collect())
        .collect();

    // Then every layer CRS to each of its map CRSs, by pyproj and by RustGIS.
    let mut cases = Vec::new();
    let mut pairs = Vec::new();
    for (i, (text, _)) in layers.iter().enumerate() {
        let next = &layers[(i + 1) % layers.len()].0;
        let points: Vec<[f64; 2]> = vertices[i].iter().flatten().copied().collect();
        assert!(points.len() >= 20, "{text}: pyproj placed only {} of 25 samples", points.len());
        for map in [text.as_str(), "EPSG:4326", "EPSG:3857", "EPSG:8857", next.as_str()] {
            cases.push(json!({"from": text, "to": map, "points": points}));
            pairs.push((i, map.to_owned(), points.clone()));
        }
    }
    let Some(answer) = pyproj(json!({ "transform": cases })) else { return };
    let answers = answer["transform"].as_array().expect("answers");
    let mut failures = Vec::new();
    let mut worst = 0.0f64;
    let (mut compared, mut both_outside) = (0usize, 0usize);
    for ((i, map, points), expected) in pairs.iter().zip(answers) {
        let (from, to) = (parsed[*i], Crs::parse(map).expect("map CRS"));
        let transform = Transform::new(from, to).unwrap_or_else(|e| panic!("{from} → {to}: {e}"));
        let tolerance = tolerance(to);
        for (point, want) in points.iter().zip(expected["points"].as_array().expect("points")) {
            let got = transform.apply(point[0], point[1]);
            match (got, as_point(want)) {
                (Some((x, y)), Some([u, v])) => {
                    compared += 1;
                    let off = (x - u).abs().max((y - v).abs());
                    worst = worst.max(off / tolerance);
                    if off > tolerance {
                        failures.push(format!("{from} → {to}: {point:?} gives ({x}, {y}), pyproj ({u}, {v})"));
                    }
                }
                (None, None) => both_outside += 1,
                (got, want) => failures.push(format!("{from} → {to}: {point:?} gives {got:?}, pyproj {want:?}")),
            }
        }
    }
    eprintln!(
        "{} pairs, {compared} points compared ({both_outside} outside both); worst difference {worst:.2e} of the \
         tolerance",
        pairs.len()
    );
    assert!(compared > 2500, "only {compared} points could be compared");
    assert!(failures.is_empty(), "{} points differ from pyproj:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_custom_wkt_crs_is_its_definition_and_an_esri_only_one_keeps_its_code() {
    let custom = Crs::parse(CUSTOM_WKT).expect("a custom CRS");
    assert!(custom.is_custom(), "{custom}");
    assert_eq!(custom.info().expect("info").kind, CrsKind::Projected);
    let esri = Crs::parse("ESRI:102013").expect("Europe Albers");
    assert_eq!(esri.to_string(), "ESRI:102013");
    let Some(answer) = pyproj(
        json!({"equivalent": [[custom.to_wkt2().expect("WKT 2"), CUSTOM_WKT], [esri.to_wkt2(), "ESRI:102013"]]}),
    ) else {
        return;
    };
    for pair in answer["equivalent"].as_array().expect("answers") {
        assert_eq!(pair["equal"], true, "{pair}");
    }
}
