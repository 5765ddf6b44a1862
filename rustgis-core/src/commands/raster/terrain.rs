//! `raster.hillshade`, `raster.slope` and `raster.aspect`: grids computed from an elevation band
//! (Horn's method, as gdaldem), and the light a hillshade is lit by.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::Ctx;
use crate::error::{Error, Result};

use super::results::NamedRaster;
use super::{add_grid_layer, check_band, check_in_memory, raster_layer};

/// Parameters of the terrain commands.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainParams {
    /// The elevation raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// Hillshade: where the light comes from, degrees clockwise from north (default 315).
    azimuth: Option<f64>,
    /// Hillshade: the light's height above the horizon in degrees (default 45).
    altitude: Option<f64>,
    /// Vertical exaggeration (default 1).
    z_factor: Option<f64>,
    /// The new layer's name (default `<layer> hillshade`, `<layer> slope`, `<layer> aspect`).
    name: Option<String>,
}

/// Which terrain grid a command makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Terrain {
    Hillshade,
    Slope,
    Aspect,
}

pub(super) fn hillshade(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Hillshade)
}

pub(super) fn slope(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Slope)
}

pub(super) fn aspect(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Aspect)
}

fn terrain_command(ctx: &mut Ctx<'_>, p: TerrainParams, what: Terrain) -> Result<NamedRaster> {
    use crate::raster::terrain;
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    let light = terrain::Light {
        azimuth: p.azimuth.unwrap_or(315.0),
        altitude: p.altitude.unwrap_or(45.0),
        z_factor: p.z_factor.unwrap_or(1.0),
    };
    check_light(light.azimuth, light.altitude, light.z_factor)?;
    check_in_memory(ctx, raster.info().width, raster.info().height, 2, "the elevation band and its result")?;
    ctx.progress(0.0, "reading the elevation");
    let dem = raster.read_band(band)?;
    ctx.check_cancelled()?;
    ctx.progress(0.5, "computing");
    let transform = raster.info().transform;
    let geographic = crs.is_geographic();
    let (grid, word) = match what {
        Terrain::Hillshade => (terrain::hillshade(&dem, &transform, geographic, light)?, "hillshade"),
        Terrain::Slope => (terrain::slope(&dem, &transform, geographic, light.z_factor)?, "slope"),
        Terrain::Aspect => (terrain::aspect(&dem, &transform, geographic)?, "aspect"),
    };
    ctx.check_cancelled()?;
    add_grid_layer(ctx, vec![grid], transform, crs, p.name, &format!("{name} {word}"))
}

/// Checks the light of a hillshade.
pub(super) fn check_light(azimuth: f64, altitude: f64, z_factor: f64) -> Result<()> {
    if !azimuth.is_finite() {
        return Err(Error::invalid("azimuth", "give degrees clockwise from north, such as 315"));
    }
    if !(0.0..=90.0).contains(&altitude) {
        return Err(Error::invalid("altitude", format!("{altitude} is out of range; use 0 to 90 degrees")));
    }
    if !z_factor.is_finite() || z_factor <= 0.0 {
        return Err(Error::invalid("z_factor", format!("{z_factor} is not a positive number")));
    }
    Ok(())
}
