//! rustgis-render's integration tests in one binary (one link instead of 17): one module per
//! area, each the file of its name. `cargo test -p rustgis-render --test render <module>::` runs one area.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../rustgis-core/tests/common/pyproj.rs"]
mod pyproj_helper;
#[path = "../../../rustgis-core/tests/rasters/mod.rs"]
mod rasters;

mod cancel;
mod crs_masks;
mod furniture;
mod label_quality;
mod layout_image;
mod layouts;
mod legend_columns;
mod legend_swatches;
mod markers;
mod pdf_fonts;
mod projections;
mod raster_polygonize_render;
mod raster_render;
mod render;
mod rule_styles;
mod scale;
mod scripts;
mod snapshots;
mod tiles;
mod vector_output;
