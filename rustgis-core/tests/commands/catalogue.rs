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
            let mut opening = format!("{}\n", def.example_setup);
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
