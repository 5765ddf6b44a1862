//! `style.raster`: how a raster layer is drawn (grey, pseudocolour, palette, RGB, hillshade) and
//! the range its stretch gives a band.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::Ctx;
use crate::error::{Error, Result};
use crate::ramps::Ramp;
use crate::raster::stats;
use crate::raster::{RasterMode, RasterStyle, Resampling};

use super::results::RasterStyled;
use super::terrain::check_light;
use super::{check_band, raster_layer};

/// How a raster style is drawn.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum ModeParam {
    /// One band in grey levels.
    Grey,
    /// One band along a colour ramp.
    Pseudocolor,
    /// Class values through the file's colour map.
    Palette,
    /// Three bands as red, green, blue.
    Rgb,
    /// Shaded relief of an elevation band.
    Hillshade,
}

/// Where a style's range comes from.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum StretchParam {
    /// From the band's minimum to its maximum.
    #[default]
    Minmax,
    /// Between two percentiles of the cells (`percentiles`).
    Percentiles,
    /// The mean ± `stddevs` standard deviations.
    Stddev,
    /// From `min` to `max` as given.
    Values,
}

/// Parameters of `style.raster`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct StyleParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// `grey`, `pseudocolor`, `palette`, `rgb` or `hillshade` (default: the current mode).
    mode: Option<ModeParam>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// `rgb`: the red, green and blue bands (default [1, 2, 3]).
    bands: Option<[usize; 3]>,
    /// `pseudocolor`: the colour ramp (default `viridis`; add `_r` to reverse).
    ramp: Option<String>,
    /// `pseudocolor`: equal classes instead of a continuous ramp (2 to 32).
    classes: Option<usize>,
    /// Where the range comes from: `minmax` (default), `percentiles`, `stddev` or `values`.
    stretch: Option<StretchParam>,
    /// `percentiles`: the low and high percentiles (default [2, 98]).
    percentiles: Option<[f64; 2]>,
    /// `stddev`: how many standard deviations either side of the mean (default 2).
    stddevs: Option<f64>,
    /// `values`: the value at the low end.
    min: Option<f64>,
    /// `values`: the value at the high end.
    max: Option<f64>,
    /// `hillshade`: where the light comes from, degrees clockwise from north (default 315).
    azimuth: Option<f64>,
    /// `hillshade`: the light's height above the horizon in degrees (default 45).
    altitude: Option<f64>,
    /// `hillshade`: vertical exaggeration (default 1).
    z_factor: Option<f64>,
    /// 0 (invisible) to 1 (opaque) (default: as it was).
    opacity: Option<f64>,
    /// `nearest` or `bilinear` (default: as it was).
    resampling: Option<Resampling>,
}

pub(super) fn style_raster(ctx: &mut Ctx<'_>, p: StyleParams) -> Result<RasterStyled> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let raster = raster_layer.raster.clone();
    let name = layer.name.clone();
    let current = raster_layer.style.clone();
    let info = raster.info();
    let band = check_band(p.band.unwrap_or(1), info.bands, "band")?;
    let mode = p.mode.unwrap_or(match current.mode {
        RasterMode::Grey { .. } => ModeParam::Grey,
        RasterMode::Pseudocolor { .. } => ModeParam::Pseudocolor,
        RasterMode::Palette { .. } => ModeParam::Palette,
        RasterMode::Rgb { .. } => ModeParam::Rgb,
        RasterMode::Hillshade { .. } => ModeParam::Hillshade,
    });
    let range = |band: usize| -> Result<(f64, f64)> { stretch_range(&raster, band, &p) };
    let mode = match mode {
        ModeParam::Grey => {
            let (min, max) = range(band)?;
            RasterMode::Grey { band: band + 1, min, max }
        }
        ModeParam::Pseudocolor => {
            let ramp = Ramp::by_name(p.ramp.as_deref().unwrap_or("viridis"))?;
            if let Some(classes) = p.classes
                && !(2..=32).contains(&classes)
            {
                return Err(Error::invalid("classes", format!("{classes} is out of range; use 2 to 32")));
            }
            let (min, max) = range(band)?;
            RasterMode::Pseudocolor { band: band + 1, ramp: ramp.name(), min, max, classes: p.classes }
        }
        ModeParam::Palette => match RasterStyle::default_for(&raster)?.mode {
            palette @ RasterMode::Palette { .. } => palette,
            _ => {
                return Err(Error::invalid(
                    "mode",
                    format!("layer '{name}' has no colour map; use pseudocolor with classes, or grey"),
                ));
            }
        },
        ModeParam::Rgb => {
            let [r, g, b] = p.bands.unwrap_or([1, 2, 3]);
            let bands = [
                check_band(r, info.bands, "bands")?,
                check_band(g, info.bands, "bands")?,
                check_band(b, info.bands, "bands")?,
            ];
            let mut min = [0.0; 3];
            let mut max = [255.0; 3];
            for (i, band) in bands.iter().enumerate() {
                (min[i], max[i]) = range(*band)?;
            }
            // An RGBA image keeps drawing through its alpha band.
            RasterMode::Rgb { bands: bands.map(|b| b + 1), min, max, alpha: info.alpha.map(|band| band + 1) }
        }
        ModeParam::Hillshade => {
            let azimuth = p.azimuth.unwrap_or(315.0);
            let altitude = p.altitude.unwrap_or(45.0);
            let z_factor = p.z_factor.unwrap_or(1.0);
            check_light(azimuth, altitude, z_factor)?;
            RasterMode::Hillshade { band: band + 1, azimuth, altitude, z_factor }
        }
    };
    let opacity = p.opacity.unwrap_or(current.opacity);
    if !(0.0..=1.0).contains(&opacity) {
        return Err(Error::invalid("opacity", format!("{opacity} is out of range; use 0 (invisible) to 1 (opaque)")));
    }
    let resampling = p.resampling.unwrap_or(current.resampling);
    let style = RasterStyle { mode, opacity, resampling };
    let layer = ctx.layer_mut(Some(&name))?;
    if let Some(raster_layer) = &mut layer.raster {
        raster_layer.style = style.clone();
    }
    Ok(RasterStyled { layer: name, style })
}

/// The range a stretch gives a band, from quick statistics.
fn stretch_range(raster: &crate::raster::Raster, band: usize, p: &StyleParams) -> Result<(f64, f64)> {
    let stretch = p.stretch.unwrap_or(if p.min.is_some() || p.max.is_some() {
        StretchParam::Values
    } else {
        StretchParam::Minmax
    });
    let quick = || stats::quick_stats(raster, band);
    let no_data = || Error::invalid("layer", format!("band {} has no cells with data to stretch over", band + 1));
    let (min, max) = match stretch {
        StretchParam::Minmax => {
            let s = quick()?;
            (s.min.ok_or_else(no_data)?, s.max.ok_or_else(no_data)?)
        }
        StretchParam::Percentiles => {
            let [low, high] = p.percentiles.unwrap_or([2.0, 98.0]);
            if !(0.0..high).contains(&low) || high > 100.0 {
                return Err(Error::invalid("percentiles", "give [low, high] with 0 <= low < high <= 100"));
            }
            let s = quick()?;
            (s.percentile(low / 100.0).ok_or_else(no_data)?, s.percentile(high / 100.0).ok_or_else(no_data)?)
        }
        StretchParam::Stddev => {
            let n = p.stddevs.unwrap_or(2.0);
            if !n.is_finite() || n <= 0.0 {
                return Err(Error::invalid("stddevs", format!("{n} is not a positive number")));
            }
            let s = quick()?;
            let (mean, std) = (s.mean.ok_or_else(no_data)?, s.std.ok_or_else(no_data)?);
            (mean - n * std, mean + n * std)
        }
        StretchParam::Values => {
            let (Some(min), Some(max)) = (p.min, p.max) else {
                return Err(Error::invalid("stretch", "values needs both min and max"));
            };
            (min, max)
        }
    };
    if !(min.is_finite() && max.is_finite()) || min > max {
        return Err(Error::invalid("min", format!("the range {min} to {max} is empty; give min <= max")));
    }
    Ok((min, max))
}
