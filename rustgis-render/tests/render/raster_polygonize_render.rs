//! The documentation's picture of `raster.polygonize`: the land-cover grid's classes as polygons,
//! one colour per class, drawn over the grid itself.

use crate::common;

use crate::rasters;

use common::run;
use rasters::fixtures;
use rustgis_core::Session;
use serde_json::json;

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
    common::save_raster_picture(&session, 640, 480, [0.0, 35.0, 20.0, 50.0], "rasters-polygonize.png");
}
