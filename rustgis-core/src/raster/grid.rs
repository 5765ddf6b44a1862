//! `Grid` (one band's cells in memory) and `GeoTransform` (cells ⇄ map coordinates).

use crate::error::{Error, Result};

/// The affine transform from cell coordinates to map coordinates, in GDAL's order:
/// `x = c[0] + col * c[1] + row * c[2]`, `y = c[3] + col * c[4] + row * c[5]`, where `(0, 0)` is
/// the top-left corner of the top-left cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeoTransform(pub [f64; 6]);

impl GeoTransform {
    /// A north-up transform from the top-left corner and the cell size.
    pub fn north_up(left: f64, top: f64, cell_width: f64, cell_height: f64) -> GeoTransform {
        GeoTransform([left, cell_width, 0.0, top, 0.0, -cell_height])
    }

    /// The map coordinates of a point in cell coordinates (`col + 0.5` is a cell's centre).
    pub fn apply(&self, col: f64, row: f64) -> (f64, f64) {
        let c = &self.0;
        (c[0] + col * c[1] + row * c[2], c[3] + col * c[4] + row * c[5])
    }

    /// The inverse transform, or `None` when the cells have no area.
    pub fn inverse(&self) -> Option<GeoTransform> {
        let c = &self.0;
        let det = c[1] * c[5] - c[2] * c[4];
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let (a, b, d, e) = (c[5] / det, -c[2] / det, -c[4] / det, c[1] / det);
        Some(GeoTransform([-(a * c[0] + b * c[3]), a, b, -(d * c[0] + e * c[3]), d, e]))
    }

    /// Whether the grid's rows run east-west and its columns north-south.
    pub fn is_north_up(&self) -> bool {
        self.0[2] == 0.0 && self.0[4] == 0.0
    }

    /// The transform of a grid `factor_x`/`factor_y` times coarser over the same area.
    pub fn scaled(&self, factor_x: f64, factor_y: f64) -> GeoTransform {
        let c = &self.0;
        GeoTransform([c[0], c[1] * factor_x, c[2] * factor_y, c[3], c[4] * factor_x, c[5] * factor_y])
    }

    /// The transform of a window whose top-left cell is `(col, row)`.
    pub fn shifted(&self, col: f64, row: f64) -> GeoTransform {
        let (x, y) = self.apply(col, row);
        let c = &self.0;
        GeoTransform([x, c[1], c[2], y, c[4], c[5]])
    }
}

/// The most cells one [`Grid`] may hold (2^28 cells are 2 GiB of `f64`): a read or a result past
/// it is refused with [`Error::Limit`] before memory is taken.
pub const MAX_GRID_CELLS: u64 = 1 << 28;

/// One band of cells in memory, row by row from the top-left, as `f64`.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    width: usize,
    height: usize,
    values: Vec<f64>,
    /// The value that marks cells without data, if any. `NaN` cells are also without data.
    pub nodata: Option<f64>,
}

impl Grid {
    /// A grid of `width` × `height` cells all set to `fill`; memory the computer cannot give, or
    /// more than [`MAX_GRID_CELLS`], is an error.
    pub fn filled(width: usize, height: usize, fill: f64, nodata: Option<f64>) -> Result<Grid> {
        let cells = check_cells(width, height)?;
        let mut values = Vec::new();
        values.try_reserve_exact(cells).map_err(|_| Error::OutOfMemory {
            what: format!("a grid of {width}×{height} cells"),
            bytes: (cells as u64) * 8,
        })?;
        values.resize(cells, fill);
        Ok(Grid { width, height, values, nodata })
    }

    /// A grid from its values, row by row; their number must be `width * height`.
    pub fn from_values(width: usize, height: usize, values: Vec<f64>, nodata: Option<f64>) -> Result<Grid> {
        check_cells(width, height)?;
        if values.len() != width * height {
            return Err(Error::Failed(format!(
                "a grid of {width}×{height} cells needs {} values, not {}",
                width * height,
                values.len()
            )));
        }
        Ok(Grid { width, height, values, nodata })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The values, row by row from the top-left.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// The values, to change them.
    pub fn values_mut(&mut self) -> &mut [f64] {
        &mut self.values
    }

    /// The value of a cell.
    pub fn get(&self, col: usize, row: usize) -> f64 {
        self.values[row * self.width + col]
    }

    /// Sets the value of a cell.
    pub fn set(&mut self, col: usize, row: usize, value: f64) {
        self.values[row * self.width + col] = value;
    }

    /// The value of a cell when it holds data.
    pub fn valid(&self, col: usize, row: usize) -> Option<f64> {
        let v = self.get(col, row);
        self.is_valid(v).then_some(v)
    }

    /// Whether a value is data (not `NaN`, not the nodata value).
    pub fn is_valid(&self, value: f64) -> bool {
        !value.is_nan() && self.nodata.is_none_or(|nodata| value != nodata)
    }
}

/// Checks a grid's size against [`MAX_GRID_CELLS`] and returns its number of cells.
pub(crate) fn check_cells(width: usize, height: usize) -> Result<usize> {
    let cells = (width as u64).saturating_mul(height as u64);
    if cells > MAX_GRID_CELLS {
        return Err(Error::Limit {
            limit: "raster::MAX_GRID_CELLS",
            message: format!(
                "a grid of {width}×{height} cells is more than the {MAX_GRID_CELLS} cells RustGIS holds in memory at \
                 once; read a window or an overview"
            ),
        });
    }
    Ok(cells as usize)
}
