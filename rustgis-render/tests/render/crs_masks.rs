//! Maps in one CRS of layers in another, drawn as PROJ would place them: the countries of each
//! layer CRS's area of use, in that CRS, drawn on maps in EPSG:4326, EPSG:3857, Equal Earth and
//! another national CRS, cover the same pixels (IoU ≥ 0.98) as the same countries moved by pyproj
//! into the map's CRS and drawn as they are.

use crate::pyproj_helper;

use geo::{BooleanOps, Geometry, MultiPolygon, Rect};
use pyproj_helper::pyproj;
use rustgis_core::io::geojson::geometry_to_json;
use rustgis_core::{Color, Crs, Feature, Layer, Project, Style, Symbol, sample_layer};
use rustgis_render::{RenderRequest, render_pixmap};
use serde_json::{Value as Json, json};

/// Layer CRSs with a regional area of use, and the map CRSs each is drawn on.
const PAIRS: &[(&str, &[&str])] = &[
    ("EPSG:25832", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:3035"]),
    ("EPSG:2154", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:27700"]),
    ("EPSG:27700", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:2154"]),
    ("EPSG:3035", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:25832"]),
    ("EPSG:5514", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:2056"]),
    ("EPSG:2056", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:5514"]),
    ("EPSG:28992", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:25832"]),
    ("EPSG:3844", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:3035"]),
    ("EPSG:5070", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:26918"]),
    ("EPSG:26918", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:5070"]),
    ("EPSG:7844", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:3577"]),
    ("EPSG:4490", &["EPSG:4326", "EPSG:3857", "EPSG:8857", "EPSG:6668"]),
];

/// The sample's countries clipped to `crs`'s area of use, in longitude/latitude.
fn countries_in_area_of(crs: Crs) -> MultiPolygon<f64> {
    let [w, s, e, n] = crs.info().expect("known").area_of_use.as_ref().expect("an area of use").bbox;
    let area = Rect::new((w, s), (e, n)).to_polygon();
    let countries = sample_layer("countries").expect("the sample");
    let polygons: Vec<_> = countries
        .features
        .iter()
        .filter_map(|f| match &f.geometry {
            Some(Geometry::MultiPolygon(mp)) => Some(mp.clone()),
            Some(Geometry::Polygon(p)) => Some(MultiPolygon(vec![p.clone()])),
            _ => None,
        })
        .flat_map(|mp| mp.intersection(&MultiPolygon(vec![area.clone()])).0)
        .collect();
    MultiPolygon(polygons)
}

/// A one-feature layer, filled black with no outline, from a GeoJSON geometry.
fn layer_of(geojson: &Json, crs: Crs) -> Layer {
    let data = rustgis_core::io::geojson::from_json(geojson, std::path::Path::new("<test>")).expect("GeoJSON");
    let features: Vec<Feature> = data.features;
    let mut layer = Layer::new("shape", crs, Vec::new(), features);
    let mut symbol = Symbol::for_kind(rustgis_core::GeometryKind::Polygon, Color::rgb(0, 0, 0));
    symbol.stroke = None;
    layer.style = Style::Single { symbol };
    layer
}

/// The pixels a layer inks on a 400 × 400 map of `extent` in `crs`.
fn mask(layer: Layer, crs: Crs, extent: rustgis_core::Extent) -> Vec<bool> {
    let mut project = Project::new("mask");
    project.view.crs = crs;
    project.view.extent = Some(extent);
    project.view.background = Color::rgb(255, 255, 255);
    project.layers.push(layer);
    let request = RenderRequest { width: 400, height: 400, crs: Some(crs), ..RenderRequest::default() };
    let pixmap = render_pixmap(&project, &request).expect("drawn");
    pixmap.pixels().iter().map(|p| p.red() < 128).collect()
}

#[test]
fn layers_drawn_on_maps_in_other_crss_cover_the_pixels_pyproj_gives_them() {
    let mut cases = Vec::new();
    for (layer_crs, _) in PAIRS {
        let crs = Crs::parse(layer_crs).expect("known");
        let lon_lat = geometry_to_json(&Geometry::MultiPolygon(countries_in_area_of(crs))).expect("GeoJSON");
        cases.push(json!({"from": "EPSG:4326", "to": layer_crs, "geojson": lon_lat}));
    }
    let Some(answer) = pyproj(json!({ "geometries": cases })) else { return };
    let in_layer_crs: Vec<Json> = answer["geometries"].as_array().expect("geometries").clone();
    let mut cases = Vec::new();
    for ((layer_crs, maps), geometry) in PAIRS.iter().zip(&in_layer_crs) {
        for map in *maps {
            cases.push(json!({"from": layer_crs, "to": map, "geojson": geometry}));
        }
    }
    let Some(answer) = pyproj(json!({ "geometries": cases })) else { return };
    let mut expected = answer["geometries"].as_array().expect("geometries").iter();
    let mut worst: Option<(f64, String)> = None;
    for ((layer_crs, maps), geometry) in PAIRS.iter().zip(&in_layer_crs) {
        for map in *maps {
            let reference = expected.next().expect("one answer per case");
            let map_crs = Crs::parse(map).expect("known");
            let reference_layer = layer_of(reference, map_crs);
            let extent = reference_layer.extent().expect("an extent").with_margin(0.05, 1.0);
            let ours = mask(layer_of(geometry, Crs::parse(layer_crs).expect("known")), map_crs, extent);
            let theirs = mask(reference_layer, map_crs, extent);
            let both = ours.iter().zip(&theirs).filter(|(a, b)| **a && **b).count();
            let either = ours.iter().zip(&theirs).filter(|(a, b)| **a || **b).count();
            assert!(either > 1000, "{layer_crs} on {map}: only {either} pixels inked");
            let iou = both as f64 / either as f64;
            if worst.as_ref().is_none_or(|(w, _)| iou < *w) {
                worst = Some((iou, format!("{layer_crs} on {map}")));
            }
            assert!(iou >= 0.98, "{layer_crs} on a map in {map}: IoU {iou:.4} with pyproj's placement");
        }
    }
    eprintln!("worst IoU {:?}", worst);
}
