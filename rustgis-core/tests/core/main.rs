//! rustgis-core's integration tests in one binary (one link instead of 23): one module per
//! area, each the file of its name. `cargo test -p rustgis-core --test core <module>::` runs one area.

#[path = "../common/mod.rs"]
mod common;
#[path = "../rasters/mod.rs"]
mod rasters;

mod crs_files;
mod crs_measures;
mod crs_pyproj;
mod csv_types;
mod curves;
mod dependency_direction;
mod docs;
mod formats;
mod gdal_corpus;
mod geoparquet_native;
mod geoprocessing;
mod hostile;
mod jobs;
mod kml_overlay;
mod nesting;
mod open_once;
mod projections;
mod raster_bits;
mod raster_compressions;
mod raster_lerc;
mod raster_memory;
mod raster_polygonize;
mod raster_read;
mod raster_tab;
mod raster_terrain;
mod raster_write;
mod revision;
mod scale;
mod session;
mod tidy;
mod user_guide_code;
mod valid_areas;
