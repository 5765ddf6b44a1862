//! How a raster layer is drawn (data only; rustgis-render draws it).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::style::Color;

/// How a raster layer is drawn: the mode, its opacity and how cells are resampled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RasterStyle {
    /// What the cells become.
    pub mode: RasterMode,
    /// 0 (invisible) to 1 (opaque).
    pub opacity: f64,
    /// How cells are picked when the map's pixels do not fall on them.
    pub resampling: Resampling,
}

/// What a raster layer's cells become on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
#[non_exhaustive]
pub enum RasterMode {
    /// One band in grey levels from `min` (black) to `max` (white).
    Grey {
        /// The band, 1-based.
        band: usize,
        /// The value drawn black.
        min: f64,
        /// The value drawn white.
        max: f64,
    },
    /// One band along a colour ramp from `min` to `max`, continuous or in `classes` steps.
    Pseudocolor {
        /// The band, 1-based.
        band: usize,
        /// The ramp's name (`viridis`, `terrain`…).
        ramp: String,
        /// The value at the ramp's low end.
        min: f64,
        /// The value at the ramp's high end.
        max: f64,
        /// Equal classes instead of a continuous ramp.
        classes: Option<usize>,
    },
    /// Class numbers through a colour map (the file's, or one given per class).
    Palette {
        /// The band, 1-based.
        band: usize,
        /// The colour of each class value, with a label for the legend.
        entries: Vec<PaletteEntry>,
    },
    /// Three bands as red, green and blue, each stretched from its `min` to its `max`.
    Rgb {
        /// The red, green and blue bands, 1-based.
        bands: [usize; 3],
        /// The value drawn 0 in each band.
        min: [f64; 3],
        /// The value drawn 255 in each band.
        max: [f64; 3],
        /// The band, 1-based, whose 0 to 255 is each cell's opacity (an RGBA image's alpha).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alpha: Option<usize>,
    },
    /// Shaded relief of an elevation band (Horn's method, as gdaldem).
    Hillshade {
        /// The band, 1-based.
        band: usize,
        /// Where the light comes from, degrees clockwise from north.
        azimuth: f64,
        /// The light's height above the horizon, degrees.
        altitude: f64,
        /// Vertical exaggeration.
        z_factor: f64,
    },
}

/// One class of a paletted raster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaletteEntry {
    /// The cell value.
    pub value: f64,
    /// Its colour.
    pub color: Color,
    /// Its label in the legend.
    pub label: String,
}

/// How cells are picked for the map's pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Resampling {
    /// The cell under the pixel's centre (classes, palettes).
    #[default]
    Nearest,
    /// The four cells around it, weighted (smooth values).
    Bilinear,
}

impl RasterMode {
    /// The bands this mode reads, 1-based.
    pub fn bands(&self) -> Vec<usize> {
        match self {
            RasterMode::Grey { band, .. }
            | RasterMode::Pseudocolor { band, .. }
            | RasterMode::Palette { band, .. }
            | RasterMode::Hillshade { band, .. } => vec![*band],
            RasterMode::Rgb { bands, alpha, .. } => bands.iter().copied().chain(*alpha).collect(),
        }
    }

    /// The mode's name: `grey`, `pseudocolor`, `palette`, `rgb`, `hillshade`.
    pub fn name(&self) -> &'static str {
        match self {
            RasterMode::Grey { .. } => "grey",
            RasterMode::Pseudocolor { .. } => "pseudocolor",
            RasterMode::Palette { .. } => "palette",
            RasterMode::Rgb { .. } => "rgb",
            RasterMode::Hillshade { .. } => "hillshade",
        }
    }
}

impl RasterStyle {
    /// The style a raster gets when it is opened: its palette, RGB from its first three bands,
    /// else grey stretched from the band's minimum to its maximum (from the coarsest overview).
    pub fn default_for(raster: &crate::raster::Raster) -> crate::error::Result<RasterStyle> {
        use crate::raster::{Photometric, stats};
        let info = raster.info();
        let mode = match (&info.photometric, &info.palette) {
            (Photometric::Palette, Some(palette)) => {
                let level = info.levels.len() - 1;
                let values = stats::distinct_values(raster, level, 0, 256)?;
                let entries = values
                    .into_iter()
                    .filter(|v| (0.0..256.0).contains(v))
                    .map(|v| {
                        let [r, g, b, a] = palette[v as usize];
                        PaletteEntry { value: v, color: Color { r, g, b, a }, label: format!("{v}") }
                    })
                    .collect();
                RasterMode::Palette { band: 1, entries }
            }
            (Photometric::Rgb, _) if info.bands >= 3 => {
                let (min, max) = if info.sample_type == crate::raster::SampleType::U8 {
                    ([0.0; 3], [255.0; 3])
                } else {
                    let mut min = [0.0; 3];
                    let mut max = [255.0; 3];
                    for band in 0..3 {
                        let s = stats::quick_stats(raster, band)?;
                        min[band] = s.min.unwrap_or(0.0);
                        max[band] = s.max.unwrap_or(255.0);
                    }
                    (min, max)
                };
                RasterMode::Rgb { bands: [1, 2, 3], min, max, alpha: info.alpha.map(|band| band + 1) }
            }
            _ => {
                let s = stats::quick_stats(raster, 0)?;
                RasterMode::Grey { band: 1, min: s.min.unwrap_or(0.0), max: s.max.unwrap_or(1.0) }
            }
        };
        let resampling =
            if matches!(mode, RasterMode::Palette { .. }) { Resampling::Nearest } else { Resampling::Bilinear };
        Ok(RasterStyle { mode, opacity: 1.0, resampling })
    }
}
