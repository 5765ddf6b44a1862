//! The documentation's picture of `raster.polygonize`: the land-cover grid's classes as polygons,
//! one colour per class, drawn over the grid itself.

mod common;

#[path = "../../rustgis-core/tests/rasters/mod.rs"]
mod rasters;

use rasters::fixtures;
use rustgis_core::{Caller, Crs, Extent, Session};
use rustgis_render::{RenderRequest, render};
use serde_json::json;

fn run(session: &mut Session, id: &str, params: serde_json::Value) -> serde_json::Value {
    session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{id}: {e:#}")).result
}

#[test]
fn the_documentation_picture_shows_land_cover_classes_as_outlined_polygons() {
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join("landcover.tif"), "name": "landcover"}));
    let out =
        run(&mut session, "raster.polygonize", json!({"layer": "landcover", "field": "class", "name": "classes"}));
    assert_eq!(out["geometry"], json!("Polygon"));
    run(&mut session, "style.categorized", json!({"layer": "classes", "field": "class", "palette": "tableau10"}));
    run(&mut session, "layer.setTitle", json!({"layer": "classes", "title": "Land-cover class"}));
    let view = RenderRequest {
        width: 640,
        height: 480,
        extent: Extent::from_bbox([0.0, 35.0, 20.0, 50.0]),
        crs: Some(Crs::WGS84),
        legend: true,
        ..RenderRequest::default()
    };
    let image = render(session.project(), &view).expect("renders");
    assert!(!image.blank);
    common::save("raster-images", "rasters-polygonize.png", &image.png);
}
