//! `Grid` (one band's cells in memory, as `f32` or `f64`) and `GeoTransform` (cells ⇄ map coordinates).

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

/// One band of cells in memory, row by row from the top-left.
///
/// Cells read from a float32 band are held as `f32`, as the file holds them (half the memory of
/// `f64`, and no conversion when read); every other grid holds `f64`. Read cells through
/// [`Grid::get`] and [`Grid::iter`], or, in a loop over every cell, once per storage type through
/// [`Grid::cells`] and a function generic over [`Cell`].
#[derive(Debug, Clone)]
pub struct Grid {
    width: usize,
    height: usize,
    storage: Storage,
    /// The value that marks cells without data, if any. `NaN` cells are also without data.
    pub nodata: Option<f64>,
}

#[derive(Debug, Clone)]
enum Storage {
    F32(Vec<f32>),
    F64(Vec<f64>),
}

/// Cells as a grid stores them, row by row from the top-left (a whole grid or one of its rows).
#[derive(Debug, Clone, Copy)]
pub enum Cells<'a> {
    /// The cells of a float32 band.
    F32(&'a [f32]),
    /// Any other cells.
    F64(&'a [f64]),
}

/// A type a [`Grid`] stores its cells as: `f32` or `f64`, read as `f64`.
pub trait Cell: Copy + Send + Sync + PartialEq + Into<f64> + 'static {}

impl Cell for f32 {}
impl Cell for f64 {}

impl<'a> Cells<'a> {
    /// How many cells.
    pub fn len(&self) -> usize {
        match self {
            Cells::F32(v) => v.len(),
            Cells::F64(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values, as `f64`.
    pub fn iter(&self) -> CellIter<'a> {
        match *self {
            Cells::F32(v) => CellIter::F32(v.iter()),
            Cells::F64(v) => CellIter::F64(v.iter()),
        }
    }
}

/// The values of [`Cells`] as `f64`.
#[derive(Debug, Clone)]
pub enum CellIter<'a> {
    /// Over `f32` cells.
    F32(std::slice::Iter<'a, f32>),
    /// Over `f64` cells.
    F64(std::slice::Iter<'a, f64>),
}

impl Iterator for CellIter<'_> {
    type Item = f64;

    fn next(&mut self) -> Option<f64> {
        match self {
            CellIter::F32(it) => it.next().map(|v| f64::from(*v)),
            CellIter::F64(it) => it.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            CellIter::F32(it) => it.size_hint(),
            CellIter::F64(it) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for CellIter<'_> {}

impl PartialEq for Grid {
    /// Same size, same nodata and the same values (as `f64`), whatever the storage.
    fn eq(&self, other: &Grid) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.nodata.map(f64::to_bits) == other.nodata.map(f64::to_bits)
            && self.iter().eq(other.iter())
    }
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
        Ok(Grid { width, height, storage: Storage::F64(values), nodata })
    }

    /// A grid from its values, row by row; their number must be `width * height`.
    pub fn from_values(width: usize, height: usize, values: Vec<f64>, nodata: Option<f64>) -> Result<Grid> {
        check_len(width, height, values.len())?;
        Ok(Grid { width, height, storage: Storage::F64(values), nodata })
    }

    /// A grid of `f32` cells from its values, row by row; their number must be `width * height`.
    pub fn from_f32_values(width: usize, height: usize, values: Vec<f32>, nodata: Option<f64>) -> Result<Grid> {
        check_len(width, height, values.len())?;
        Ok(Grid { width, height, storage: Storage::F32(values), nodata })
    }

    /// A grid of zeros, as `f32` or `f64`, for a reader that writes every cell: the memory comes
    /// zeroed from the system, so no pass writes it before the cells do.
    pub(crate) fn zeroed(width: usize, height: usize, f32_cells: bool, nodata: Option<f64>) -> Result<Grid> {
        let cells = check_cells(width, height)?;
        let bytes = cells * if f32_cells { 4 } else { 8 };
        // Asks for the memory once, fallibly, so a grid the computer cannot hold is an error
        // rather than an abort; `vec![0.0; n]` then takes zeroed pages, which it cannot do fallibly.
        let mut probe: Vec<u8> = Vec::new();
        probe.try_reserve_exact(bytes).map_err(|_| Error::OutOfMemory {
            what: format!("a grid of {width}×{height} cells"),
            bytes: bytes as u64,
        })?;
        drop(probe);
        let storage = if f32_cells { Storage::F32(vec![0.0; cells]) } else { Storage::F64(vec![0.0; cells]) };
        Ok(Grid { width, height, storage, nodata })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells().len()
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells as stored, row by row from the top-left.
    pub fn cells(&self) -> Cells<'_> {
        match &self.storage {
            Storage::F32(v) => Cells::F32(v),
            Storage::F64(v) => Cells::F64(v),
        }
    }

    /// The cells of one row as stored.
    pub fn row(&self, row: usize) -> Cells<'_> {
        let range = row * self.width..(row + 1) * self.width;
        match &self.storage {
            Storage::F32(v) => Cells::F32(&v[range]),
            Storage::F64(v) => Cells::F64(&v[range]),
        }
    }

    /// The values as `f64`, row by row from the top-left.
    pub fn iter(&self) -> CellIter<'_> {
        self.cells().iter()
    }

    /// The values as `f64`: borrowed from a grid of `f64`, copied from a grid of `f32`.
    pub fn values(&self) -> std::borrow::Cow<'_, [f64]> {
        match &self.storage {
            Storage::F32(v) => std::borrow::Cow::Owned(v.iter().map(|x| f64::from(*x)).collect()),
            Storage::F64(v) => std::borrow::Cow::Borrowed(v),
        }
    }

    /// The values, to change them; a grid of `f32` becomes a grid of `f64` first.
    pub fn values_mut(&mut self) -> &mut [f64] {
        self.widen();
        match &mut self.storage {
            Storage::F64(v) => v,
            Storage::F32(_) => unreachable!("widen leaves f64 cells"),
        }
    }

    /// The value of a cell.
    pub fn get(&self, col: usize, row: usize) -> f64 {
        let index = row * self.width + col;
        match &self.storage {
            Storage::F32(v) => f64::from(v[index]),
            Storage::F64(v) => v[index],
        }
    }

    /// Sets the value of a cell. A grid of `f32` given a value `f32` cannot hold exactly becomes
    /// a grid of `f64` first, so no value set is ever rounded.
    pub fn set(&mut self, col: usize, row: usize, value: f64) {
        let index = row * self.width + col;
        if let Storage::F32(v) = &mut self.storage
            && fits_f32(value)
        {
            v[index] = value as f32;
            return;
        }
        self.values_mut()[index] = value;
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

    /// Mutable access to the cells of a reader filling the grid.
    pub(crate) fn storage_mut(&mut self) -> CellsMut<'_> {
        match &mut self.storage {
            Storage::F32(v) => CellsMut::F32(v),
            Storage::F64(v) => CellsMut::F64(v),
        }
    }

    fn widen(&mut self) {
        if let Storage::F32(v) = &self.storage {
            self.storage = Storage::F64(v.iter().map(|x| f64::from(*x)).collect());
        }
    }
}

/// A grid's cells as stored, to write them.
pub(crate) enum CellsMut<'a> {
    F32(&'a mut [f32]),
    F64(&'a mut [f64]),
}

impl<'a> CellsMut<'a> {
    /// The first `n` cells.
    pub(crate) fn prefix(self, n: usize) -> CellsMut<'a> {
        match self {
            CellsMut::F32(v) => CellsMut::F32(&mut v[..n]),
            CellsMut::F64(v) => CellsMut::F64(&mut v[..n]),
        }
    }

    /// The first `n` cells and the rest.
    pub(crate) fn split_at(self, n: usize) -> (CellsMut<'a>, CellsMut<'a>) {
        match self {
            CellsMut::F32(v) => {
                let (a, b) = v.split_at_mut(n);
                (CellsMut::F32(a), CellsMut::F32(b))
            }
            CellsMut::F64(v) => {
                let (a, b) = v.split_at_mut(n);
                (CellsMut::F64(a), CellsMut::F64(b))
            }
        }
    }

    /// Copies `cols` of `source` to the cells from `at` (widening `f32` to `f64`; the caller
    /// knows `f64` never goes into `f32`).
    pub(crate) fn copy_from(&mut self, at: usize, source: Cells<'_>, cols: std::ops::Range<usize>) {
        let n = cols.len();
        match (self, source) {
            (CellsMut::F32(to), Cells::F32(from)) => to[at..at + n].copy_from_slice(&from[cols]),
            (CellsMut::F64(to), Cells::F64(from)) => to[at..at + n].copy_from_slice(&from[cols]),
            (CellsMut::F64(to), Cells::F32(from)) => {
                for (cell, value) in to[at..at + n].iter_mut().zip(&from[cols]) {
                    *cell = f64::from(*value);
                }
            }
            (CellsMut::F32(to), Cells::F64(from)) => {
                for (cell, value) in to[at..at + n].iter_mut().zip(&from[cols]) {
                    *cell = *value as f32;
                }
            }
        }
    }

    /// Sets the cells of `range` to `value` (which the caller knows the storage holds).
    pub(crate) fn fill(&mut self, range: std::ops::Range<usize>, value: f64) {
        match self {
            CellsMut::F32(v) => v[range].fill(value as f32),
            CellsMut::F64(v) => v[range].fill(value),
        }
    }
}

/// Whether `f32` holds `value` exactly (`NaN` included).
pub(crate) fn fits_f32(value: f64) -> bool {
    value.is_nan() || f64::from(value as f32) == value
}

fn check_len(width: usize, height: usize, len: usize) -> Result<()> {
    check_cells(width, height)?;
    if len != width * height {
        return Err(Error::Failed(format!(
            "a grid of {width}×{height} cells needs {} values, not {len}",
            width * height
        )));
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_a_value_f32_cannot_hold_turns_an_f32_grid_into_f64() {
        let mut grid = Grid::from_f32_values(2, 1, vec![1.5, 2.5], None).expect("a grid");
        grid.set(0, 0, 0.1);
        assert!(matches!(grid.cells(), Cells::F64(_)), "0.1 needs f64");
        assert_eq!((grid.get(0, 0), grid.get(1, 0)), (0.1, 2.5));
    }

    #[test]
    fn an_f32_grid_equals_an_f64_grid_of_the_same_values() {
        let narrow = Grid::from_f32_values(2, 1, vec![1.5, -9999.0], Some(-9999.0)).expect("a grid");
        let wide = Grid::from_values(2, 1, vec![1.5, -9999.0], Some(-9999.0)).expect("a grid");
        assert_eq!(narrow, wide);
    }
}
