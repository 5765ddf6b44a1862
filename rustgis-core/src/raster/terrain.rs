//! Terrain from an elevation grid by Horn's method, as gdaldem computes it: hillshade, slope and
//! aspect. Each cell looks at its 3×3 neighbours; cells on the grid's edge or next to nodata get
//! no value (as gdaldem without `-compute_edges`). On a lon/lat grid the cell sizes are geodesic:
//! per row, east-west `N·cos φ·Δλ` and north-south `M·Δφ` on the WGS 84 ellipsoid (gdaldem asks
//! for one `-s` scale instead).

use rayon::prelude::*;

use crate::error::Result;
use crate::raster::{Cell, Cells, GeoTransform, Grid};

/// The value hillshade gives cells without one (gdaldem's Byte nodata).
pub const HILLSHADE_NODATA: f64 = 0.0;
/// The value slope and aspect give cells without one (gdaldem's float nodata).
pub const TERRAIN_NODATA: f64 = -9999.0;

/// The light of a hillshade.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Light {
    /// Where the light comes from, degrees clockwise from north (gdaldem's default 315).
    pub azimuth: f64,
    /// Its height above the horizon, degrees (default 45).
    pub altitude: f64,
    /// Vertical exaggeration (default 1).
    pub z_factor: f64,
}

impl Default for Light {
    fn default() -> Light {
        Light { azimuth: 315.0, altitude: 45.0, z_factor: 1.0 }
    }
}

/// The size of a grid's cells in metres, per row: `(east-west, north-south)`.
pub fn cell_sizes(transform: &GeoTransform, rows: usize, geographic: bool) -> Vec<(f64, f64)> {
    let t = transform.0;
    let (dx, dy) = (t[1].hypot(t[4]), t[2].hypot(t[5]));
    if !geographic {
        return vec![(dx, dy); rows];
    }
    let (a, f) = (6_378_137.0f64, 1.0 / 298.257_223_563);
    let e2 = f * (2.0 - f);
    (0..rows)
        .map(|row| {
            let lat = transform.apply(0.5, row as f64 + 0.5).1.to_radians();
            let w = (1.0 - e2 * lat.sin().powi(2)).sqrt();
            let (n, m) = (a / w, a * (1.0 - e2) / (w * w * w));
            (n * lat.cos() * dx.to_radians(), m * dy.to_radians())
        })
        .collect()
}

/// The rate of rise to the east and to the north at a cell (Horn's 3×3 weights), or `None` at
/// the edge or next to nodata.
fn gradient<T: Cell>(
    cells: &[T],
    (width, height): (usize, usize),
    valid: &impl Fn(f64) -> bool,
    (col, row): (usize, usize),
    size: (f64, f64),
) -> Option<(f64, f64)> {
    if col == 0 || row == 0 || col + 1 >= width || row + 1 >= height {
        return None;
    }
    let z = |dc: usize, dr: usize| {
        let v: f64 = cells[(row + dr - 1) * width + col + dc - 1].into();
        valid(v).then_some(v)
    };
    let (a, b, c) = (z(0, 0)?, z(1, 0)?, z(2, 0)?);
    // The centre takes no weight in Horn's method but must hold data, as in gdaldem.
    let (d, _, f) = (z(0, 1)?, z(1, 1)?, z(2, 1)?);
    let (g, h, i) = (z(0, 2)?, z(1, 2)?, z(2, 2)?);
    let east = ((c + 2.0 * f + i) - (a + 2.0 * d + g)) / (8.0 * size.0);
    let north = ((a + 2.0 * b + c) - (g + 2.0 * h + i)) / (8.0 * size.1);
    Some((east, north))
}

/// Fills a new grid cell by cell, rows in parallel, from each cell's gradient (`None` at the
/// edge or next to nodata) and its row's cell size.
fn per_cell(
    grid: &Grid,
    transform: &GeoTransform,
    geographic: bool,
    nodata: f64,
    f: impl Fn(Option<(f64, f64)>) -> Option<f64> + Sync,
) -> Result<Grid> {
    match grid.cells() {
        Cells::F32(cells) => per_cell_of(grid, cells, transform, geographic, nodata, f),
        Cells::F64(cells) => per_cell_of(grid, cells, transform, geographic, nodata, f),
    }
}

/// [`per_cell`] on the grid's cells as stored.
fn per_cell_of<T: Cell>(
    grid: &Grid,
    cells: &[T],
    transform: &GeoTransform,
    geographic: bool,
    nodata: f64,
    f: impl Fn(Option<(f64, f64)>) -> Option<f64> + Sync,
) -> Result<Grid> {
    let sizes = cell_sizes(transform, grid.height(), geographic);
    let (width, height) = (grid.width(), grid.height());
    let valid = |v: f64| grid.is_valid(v);
    // Every cell is written below, so the grid starts as zeroed memory rather than a fill.
    let mut out = Grid::zeroed(width, height, false, Some(nodata))?;
    out.values_mut().par_chunks_mut(width.max(1)).enumerate().for_each(|(row, out_row)| {
        for (col, cell) in out_row.iter_mut().enumerate() {
            *cell = f(gradient(cells, (width, height), &valid, (col, row), sizes[row])).unwrap_or(nodata);
        }
    });
    Ok(out)
}

/// Hillshade as gdaldem's Byte output: 1 (in shadow) to 255 (facing the light), 0 for no value.
pub fn hillshade(grid: &Grid, transform: &GeoTransform, geographic: bool, light: Light) -> Result<Grid> {
    let (alt, az) = (light.altitude.to_radians(), light.azimuth.to_radians());
    let z = light.z_factor;
    let (sin_alt, cos_alt) = (alt.sin(), alt.cos());
    per_cell(grid, transform, geographic, HILLSHADE_NODATA, |gradient| {
        let (east, north) = gradient?;
        // gdaldem's form: x is the fall to the east, y the rise to the north.
        let (x, y) = (-east, north);
        let cang = (sin_alt - (y * az.cos() * cos_alt * z - x * az.sin() * cos_alt * z))
            / (1.0 + z * z * (x * x + y * y)).sqrt();
        Some(if cang <= 0.0 { 1.0 } else { 1.0 + (254.0 * cang).round() })
    })
}

/// Slope in degrees (0 flat, 90 vertical).
pub fn slope(grid: &Grid, transform: &GeoTransform, geographic: bool, z_factor: f64) -> Result<Grid> {
    per_cell(grid, transform, geographic, TERRAIN_NODATA, |gradient| {
        let (east, north) = gradient?;
        Some((z_factor * east.hypot(north)).atan().to_degrees())
    })
}

/// Aspect: the compass direction the slope faces, degrees clockwise from north (0 to 360);
/// flat cells get no value.
pub fn aspect(grid: &Grid, transform: &GeoTransform, geographic: bool) -> Result<Grid> {
    per_cell(grid, transform, geographic, TERRAIN_NODATA, |gradient| {
        let (east, north) = gradient?;
        if east == 0.0 && north == 0.0 {
            return None;
        }
        Some((-east).atan2(-north).to_degrees().rem_euclid(360.0))
    })
}
