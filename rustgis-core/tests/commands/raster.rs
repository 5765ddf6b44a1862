//! The raster commands: layers, styles, statistics and analyses on GDAL-made fixtures.

mod commands;
mod layers;
mod ops;
