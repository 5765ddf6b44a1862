//! Every example in the catalogue runs on the sample.

use crate::rasters;
use crate::sample;
use rustgis_core::{Access, Caller, Registry};

#[test]
fn every_catalogue_example_runs_on_the_sample() {
    for def in Registry::global().all() {
        // Model examples need a saved model: tests/commands/code.rs runs them in order. Job
        // examples need a job: tests/core/jobs.rs runs them.
        if def.access != Access::NONE || def.id.starts_with("edit.") || matches!(def.group(), "model" | "job") {
            continue;
        }
        // Raster commands need raster layers, which the sample has not: the GDAL-made fixtures
        // give them a DEM (`dem`), an RGB image (`image`) and a land-cover grid (`landcover`).
        let needs_rasters = def.id.starts_with("raster.") || def.id == "style.raster";
        let dir = match (needs_rasters, needs_rasters.then(rasters::fixtures).flatten()) {
            (false, _) => None,
            (true, Some(dir)) => Some(dir),
            (true, None) => continue,
        };
        for example in def.examples {
            let mut session = sample();
            let mut opening: String =
                BEFORE.iter().filter(|(id, _)| *id == def.id).map(|(_, lines)| format!("{lines}\n")).collect();
            for (name, file) in [("dem", "dem_4326.tif"), ("image", "rgb.tif"), ("landcover", "landcover.tif")] {
                if let Some(dir) = dir.as_ref().filter(|_| example.contains(&format!("\"{name}"))) {
                    opening += &format!("layer.open {{\"path\": {:?}, \"name\": \"{name}\"}}\n", dir.join(file));
                }
            }
            let outcome = session.run_script(&Caller::user(), &format!("{opening}{example}"));
            assert!(outcome.success, "{example}: {:?}", outcome.error);
        }
    }
}

/// Lines run before a command's examples when the sample alone cannot run them.
const BEFORE: &[(&str, &str)] = &[
    ("layout.updateItem", LAYOUT_PAGE),
    ("layout.removeItem", LAYOUT_PAGE),
    ("vector.joinAttributes", JOIN_TABLES),
    ("layer.ungroup", BASEMAP_GROUP),
    ("layer.setGroupVisible", BASEMAP_GROUP),
    ("layer.moveGroup", BASEMAP_GROUP),
    ("layer.renameGroup", BASEMAP_GROUP),
];

/// The layer group the group commands' examples work on.
const BASEMAP_GROUP: &str = r#"layer.group {"layers": ["countries", "boundaries"], "group": "Basemap"}"#;

/// The tables `vector.joinAttributes`' examples join: rates by ISO code, capitals by country name.
const JOIN_TABLES: &str = r#"layer.addGeoJSON {"name": "unemployment", "geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"code": "FRA", "rate": 7.3}, "geometry": null}]}}
layer.addGeoJSON {"name": "capitals", "geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"country": "france", "capital": "Paris"}, "geometry": null}]}}"#;

/// The layout `page` the `layout.*Item` examples edit: a title (item 0), a map (1), a legend (2).
const LAYOUT_PAGE: &str = r#"layout.addItem {"layout": "page", "type": "title", "text": "Population density", "rect_mm": [10, 8, 190, 14]}
layout.addItem {"layout": "page", "type": "map", "rect_mm": [10, 25, 190, 200]}
layout.addItem {"layout": "page", "type": "legend", "title": "People", "rect_mm": [10, 230, 90, 57]}"#;
