//! What the raster commands return: a raster layer's description (which `layer.info` and
//! `layer.open` give too), its statistics, its style, a file written.

use schemars::JsonSchema;
use serde::Serialize;

use crate::layer::{Layer, RasterLayer};
use crate::raster::stats::{self, BandStats};
use crate::raster::{Photometric, RasterStyle};

/// What `raster.info`, `layer.info`, `layer.open` and every command that makes a raster layer say
/// of a raster layer.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct RasterDescription {
    /// Always `raster`.
    kind: RasterWord,
    /// How many bands.
    bands: usize,
    /// Its width in cells.
    width: usize,
    /// Its height in cells.
    height: usize,
    /// The size of a cell, `[x, y]`, in the CRS's units.
    resolution: [f64; 2],
    /// The CRS the layer is drawn in.
    crs: String,
    /// The CRS the file names, or null when it names none.
    crs_in_file: Option<String>,
    /// The nodata value, or null; `"nan"`, `"inf"` or `"-inf"` for those values (as GDAL prints
    /// them).
    nodata: Option<NumberOrWord>,
    /// The cells' type: `uint8`, `int16`, `float32`…
    data_type: String,
    /// GDAL's geotransform: `[x0, pixel width, row rotation, y0, column rotation, pixel height]`.
    geotransform: [f64; 6],
    /// `[min_x, min_y, max_x, max_y]` in its CRS, or null.
    extent: Option<[f64; 4]>,
    /// What its bands hold: `values`, `rgb` or `palette`.
    color: String,
    /// The file's tile (or strip) size in cells, `[width, height]`.
    tile_size: (usize, usize),
    /// Each overview's size in cells, `[width, height]`, finest first.
    overviews: Vec<[usize; 2]>,
    /// Each band's minimum and maximum (or why they could not be read).
    range: Vec<BandRange>,
    /// Which cells `range` was read from.
    range_from: String,
    /// The file read, or null for a raster held in memory.
    pub(crate) path: Option<std::path::PathBuf>,
    /// How it is drawn (`mode`, `opacity`, `resampling`), as the project file holds it.
    style: RasterStyle,
}

/// What `raster.info` and the commands that make a raster layer return: its description and
/// its name.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct NamedRaster {
    /// The raster's description.
    #[serde(flatten)]
    pub(crate) raster: RasterDescription,
    /// The layer's name.
    pub(crate) layer: String,
}

/// What `raster.stats` returns.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct RasterStats {
    /// The raster layer.
    pub(crate) layer: String,
    /// The statistics of each band asked for.
    pub(crate) bands: Vec<BandStats>,
}

/// What `style.raster` returns.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct RasterStyled {
    /// The raster layer.
    pub(crate) layer: String,
    /// How it is drawn now (`mode`, `opacity`, `resampling`), as the project file holds it.
    pub(crate) style: RasterStyle,
}

/// What `raster.export` returns.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct RasterWritten {
    /// The raster layer written.
    pub(crate) layer: String,
    /// The file written.
    pub(crate) path: std::path::PathBuf,
    /// Its size in bytes.
    pub(crate) bytes: u64,
    /// Always `geotiff`.
    pub(crate) format: String,
}

/// What `raster.sample` and `raster.zonalStats` return: the new layer, with the fields added.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct WithFields {
    /// The new layer's name.
    pub(crate) layer: String,
    /// How many features it holds (those of the input layer).
    pub(crate) features: usize,
    /// The fields added to the input layer's.
    pub(crate) fields: Vec<String>,
}

/// What `raster.contour` and `raster.polygonize` return: the new layer of features.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct Traced {
    /// The new layer's name.
    pub(crate) layer: String,
    /// How many features it holds.
    pub(crate) features: usize,
    /// Its geometry.
    pub(crate) geometry: crate::feature::GeometryKind,
    /// Its field names.
    pub(crate) fields: Vec<String>,
    /// `raster.polygonize`: 4 or 8, how cells join into a polygon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) connectivity: Option<u8>,
}

/// A number, or a word for a value JSON has no number for.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum NumberOrWord {
    /// A finite number.
    Number(f64),
    /// `nan`, `inf` or `-inf`.
    Word(String),
}

/// The word `raster`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum RasterWord {
    /// A raster layer.
    Raster,
}

/// One band's range, or why it could not be read.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum BandRange {
    /// The band's minimum and maximum.
    Range {
        /// The band, 1-based.
        band: usize,
        /// Its smallest value, or null when no cell has data.
        min: Option<f64>,
        /// Its largest value, or null when no cell has data.
        max: Option<f64>,
    },
    /// The band could not be read.
    Error {
        /// The band, 1-based.
        band: usize,
        /// Why.
        error: String,
    },
}

/// The description of `layer`, a raster layer.
pub(crate) fn describe(layer: &Layer, raster_layer: &RasterLayer) -> RasterDescription {
    let raster = &raster_layer.raster;
    let info = raster.info();
    let t = info.transform.0;
    let range = (0..info.bands)
        .map(|band| match stats::quick_stats(raster, band) {
            Ok(s) => BandRange::Range { band: band + 1, min: s.min, max: s.max },
            Err(e) => BandRange::Error { band: band + 1, error: format!("{e:#}") },
        })
        .collect();
    RasterDescription {
        kind: RasterWord::Raster,
        bands: info.bands,
        width: info.width,
        height: info.height,
        resolution: [t[1].hypot(t[4]), t[2].hypot(t[5])],
        crs: layer.crs.to_string(),
        crs_in_file: info.crs.map(|c| c.to_string()),
        nodata: info.nodata.map(number_or_word),
        data_type: info.sample_type.name().to_owned(),
        geotransform: t,
        extent: raster.extent().map(|e| e.to_array()),
        color: match info.photometric {
            Photometric::Gray => "values",
            Photometric::Rgb => "rgb",
            Photometric::Palette => "palette",
        }
        .to_owned(),
        tile_size: info.levels[0].chunk_size(),
        overviews: info.levels[1..].iter().map(|l| [l.width, l.height]).collect(),
        range,
        range_from: if info.levels.len() > 1 {
            "the coarsest overview"
        } else if info.width * info.height > stats::QUICK_CELLS {
            "a sample of evenly spaced rows (raster.stats reads every cell)"
        } else {
            "every cell"
        }
        .to_owned(),
        path: raster.path().map(std::path::Path::to_path_buf),
        style: raster_layer.style.clone(),
    }
}

/// A number as JSON, with NaN and the infinities (which JSON has no numbers for) as the words
/// GDAL and rasterio print for them: `"nan"`, `"inf"`, `"-inf"`.
fn number_or_word(value: f64) -> NumberOrWord {
    if value.is_finite() { NumberOrWord::Number(value) } else { NumberOrWord::Word(value.to_string().to_lowercase()) }
}
