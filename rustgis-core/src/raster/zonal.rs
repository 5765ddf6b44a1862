//! Values under points and statistics under polygons.
//!
//! A polygon holds the cells whose centre lies inside it (rasterstats' default counting), found
//! row by row by crossing each row's centre line with the rings (even-odd, so holes and parts
//! count right). On a lon/lat grid cells differ in area: every zone also gets its area and the
//! area-weighted mean, from each row's geodesic cell size.

use std::collections::HashMap;
use std::ops::Range;

use geo::Geometry;
use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::raster::terrain::cell_sizes;
use crate::raster::{Cell, Cells, Grid, Raster, Window};

/// The most cells read at once for zonal statistics (more and each zone reads its own window).
pub const WHOLE_READ_CELLS: usize = 1 << 26;

/// Statistics of the cells of one zone.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ZoneStats {
    /// Cells with data inside the zone.
    pub count: u64,
    /// Cells inside the zone without data.
    pub nodata: u64,
    /// The sum of the values.
    pub sum: f64,
    /// The mean (`None` without cells).
    pub mean: Option<f64>,
    /// The smallest value.
    pub min: Option<f64>,
    /// The largest value.
    pub max: Option<f64>,
    /// The most frequent value (the smallest of equally frequent ones).
    pub majority: Option<f64>,
    /// The area of the cells with data, square metres (geodesic on lon/lat grids).
    pub area_m2: f64,
    /// The mean weighted by cell area (differs from `mean` on lon/lat grids).
    pub area_mean: Option<f64>,
}

/// The values of a band (0-based) at cells `(col, row)`; `None` outside the grid or on nodata.
/// Each tile or strip is read once, whatever the number of points on it.
pub fn sample_cells(raster: &Raster, band: usize, cells: &[Option<(i64, i64)>]) -> Result<Vec<Option<f64>>> {
    let info = raster.info();
    let (cw, ch) = info.levels[0].chunk_size();
    let mut by_chunk: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (i, cell) in cells.iter().enumerate() {
        if let Some((col, row)) = cell
            && *col >= 0
            && *row >= 0
            && (*col as usize) < info.width
            && (*row as usize) < info.height
        {
            by_chunk.entry((*col as usize / cw, *row as usize / ch)).or_default().push(i);
        }
    }
    let mut out = vec![None; cells.len()];
    for ((tx, ty), members) in by_chunk {
        let window = Window {
            col: tx * cw,
            row: ty * ch,
            width: cw.min(info.width - tx * cw),
            height: ch.min(info.height - ty * ch),
        };
        let grid = raster.read(0, window, &[band])?.remove(0);
        for i in members {
            let (col, row) = cells[i].expect("grouped cells exist");
            out[i] = grid.valid(col as usize - window.col, row as usize - window.row);
        }
    }
    Ok(out)
}

/// Statistics of a band (0-based) under each polygon (in the raster's CRS; `None` or a
/// geometry without area gives empty statistics). `check` runs between zones with the fraction
/// done (progress and cancellation). The band is read whole when it fits in `max_bytes` (as
/// 8-byte cells) and [`WHOLE_READ_CELLS`], otherwise each zone reads its own window, and a zone
/// whose window does not fit in `max_bytes` is refused with [`Error::Limit`].
pub fn zonal_stats(
    raster: &Raster,
    band: usize,
    zones: &[Option<Geometry<f64>>],
    max_bytes: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
) -> Result<Vec<ZoneStats>> {
    let info = raster.info();
    if !info.transform.is_north_up() {
        return Err(Error::invalid(
            "layer",
            "zonal statistics need a north-up raster (this one is rotated); warp it north-up first",
        ));
    }
    let to_cell = info.transform.inverse().expect("an opened raster's transform is invertible");
    let sizes = cell_sizes(&info.transform, info.height, raster.crs().is_geographic());
    let cells = info.width * info.height;
    let whole = if cells <= WHOLE_READ_CELLS && cells.saturating_mul(8) <= max_bytes {
        Some(raster.read_band(band)?)
    } else {
        None
    };
    // Zones are measured on rayon tasks, a batch at a time, so `check` (not `Sync`) runs between
    // batches on this thread.
    const BATCH: usize = 32;
    let mut out = Vec::with_capacity(zones.len());
    for (batch_idx, batch) in zones.chunks(BATCH).enumerate() {
        check((batch_idx * BATCH) as f64 / zones.len().max(1) as f64)?;
        let stats: Vec<Result<ZoneStats>> = batch
            .par_iter()
            .map(|zone| {
                let rings = zone.as_ref().map(|g| rings_in_cells(g, &to_cell)).unwrap_or_default();
                let Some(window) = rings_window(&rings, info.width, info.height) else {
                    return Ok(ZoneStats::default());
                };
                match &whole {
                    Some(grid) => Ok(zone_stats(grid, (0, 0), &rings, window, &sizes)),
                    None => {
                        let bytes = window.width.saturating_mul(window.height).saturating_mul(8);
                        if bytes > max_bytes {
                            return Err(Error::Limit {
                                limit: "max_new_data_bytes",
                                message: format!(
                                    "a zone covers {}×{} cells ({bytes} bytes of 8-byte cells), more than the \
                                     {max_bytes} bytes one command may use; clip the raster or the zones smaller \
                                     or raise the session's max_new_data_bytes",
                                    window.width, window.height
                                ),
                            });
                        }
                        let local = raster.read(0, window, &[band])?.remove(0);
                        Ok(zone_stats(&local, (window.col, window.row), &rings, window, &sizes))
                    }
                }
            })
            .collect();
        for s in stats {
            out.push(s?);
        }
    }
    Ok(out)
}

/// The rings of a polygon or multipolygon in cell coordinates.
pub(crate) fn rings_in_cells(geometry: &Geometry<f64>, to_cell: &crate::raster::GeoTransform) -> Vec<Vec<(f64, f64)>> {
    let polygons: Vec<&geo::Polygon<f64>> = match geometry {
        Geometry::Polygon(p) => vec![p],
        Geometry::MultiPolygon(m) => m.0.iter().collect(),
        _ => Vec::new(),
    };
    polygons
        .into_iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .map(|ring| ring.0.iter().map(|c| to_cell.apply(c.x, c.y)).collect())
        .collect()
}

/// The cells a set of rings covers, clipped to the grid.
fn rings_window(rings: &[Vec<(f64, f64)>], width: usize, height: usize) -> Option<Window> {
    let points = rings.iter().flatten();
    let (mut c0, mut r0, mut c1, mut r1) = (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for (c, r) in points {
        c0 = c0.min(*c);
        r0 = r0.min(*r);
        c1 = c1.max(*c);
        r1 = r1.max(*r);
    }
    let col0 = c0.floor().max(0.0);
    let row0 = r0.floor().max(0.0);
    let col1 = c1.ceil().min(width as f64);
    let row1 = r1.ceil().min(height as f64);
    (col1 > col0 && row1 > row0).then_some(Window {
        col: col0 as usize,
        row: row0 as usize,
        width: (col1 - col0) as usize,
        height: (row1 - row0) as usize,
    })
}

/// Calls `f(col, row)` for every cell of `window` whose centre lies inside the rings (even-odd).
pub(crate) fn for_each_covered(rings: &[Vec<(f64, f64)>], window: Window, mut f: impl FnMut(usize, usize)) {
    for_each_span(rings, window, |row, cols| {
        for col in cols {
            f(col, row);
        }
    });
}

/// Calls `f(row, cols)` for every run of cells of `window` in one row whose centres lie inside
/// the rings (even-odd), row by row: each row's centre line is crossed with the ring edges.
fn for_each_span(rings: &[Vec<(f64, f64)>], window: Window, mut f: impl FnMut(usize, Range<usize>)) {
    let mut crossings = Vec::new();
    for row in window.row..window.row + window.height {
        let y = row as f64 + 0.5;
        crossings.clear();
        for ring in rings {
            for edge in ring.windows(2) {
                let ((x1, y1), (x2, y2)) = (edge[0], edge[1]);
                if (y1 <= y) != (y2 <= y) {
                    crossings.push(x1 + (y - y1) * (x2 - x1) / (y2 - y1));
                }
            }
        }
        crossings.sort_by(f64::total_cmp);
        for pair in crossings.chunks_exact(2) {
            // Cells whose centre (col + 0.5) lies in [pair[0], pair[1]).
            let first = (pair[0] - 0.5).ceil().max(window.col as f64) as usize;
            let end = ((pair[1] - 0.5).ceil().max(0.0) as usize).min(window.col + window.width);
            if first < end {
                f(row, first..end);
            }
        }
    }
}

/// The most frequent value of a zone's cells, the smallest of equally frequent ones: sorted runs,
/// which beat a hash map of counts on the mostly distinct values of a continuous band. The
/// values hold data (no `NaN`).
trait Majority: Cell {
    fn majority(values: &mut [Self]) -> Option<f64>;
}

impl Majority for f64 {
    fn majority(values: &mut [f64]) -> Option<f64> {
        values.sort_unstable_by(f64::total_cmp);
        longest_run(values).copied()
    }
}

impl Majority for f32 {
    /// Sorted by radix on the bits (an order-keeping key), four passes over the cells instead of
    /// a comparison sort's log n.
    fn majority(values: &mut [f32]) -> Option<f64> {
        let mut keys: Vec<u32> = values.iter().map(|v| f32_key(*v)).collect();
        radix_sort(&mut keys);
        for (value, key) in values.iter_mut().zip(&keys) {
            *value = f32_from_key(*key);
        }
        longest_run(values).map(|v| f64::from(*v))
    }
}

/// The first of the longest runs of equal values.
fn longest_run<T: PartialEq>(sorted: &[T]) -> Option<&T> {
    let mut best: Option<(&T, usize)> = None;
    for run in sorted.chunk_by(|a, b| a == b) {
        if best.is_none_or(|(_, n)| run.len() > n) {
            best = Some((&run[0], run.len()));
        }
    }
    best.map(|(value, _)| value)
}

/// A key whose unsigned order is the total order of the float (negatives reversed below positives).
fn f32_key(value: f32) -> u32 {
    let bits = value.to_bits();
    if bits >> 31 == 1 { !bits } else { bits | 0x8000_0000 }
}

fn f32_from_key(key: u32) -> f32 {
    f32::from_bits(if key >> 31 == 1 { key & 0x7fff_ffff } else { !key })
}

/// Sorts by least significant byte first, skipping bytes every key shares.
fn radix_sort(keys: &mut [u32]) {
    let n = keys.len();
    if n < 64 {
        keys.sort_unstable();
        return;
    }
    let mut counts = [[0usize; 256]; 4];
    for key in keys.iter() {
        for (digit, count) in counts.iter_mut().enumerate() {
            count[((key >> (8 * digit)) & 0xff) as usize] += 1;
        }
    }
    let mut scratch = vec![0u32; n];
    let mut in_scratch = false;
    for (digit, count) in counts.iter().enumerate() {
        if count.contains(&n) {
            continue;
        }
        let mut offsets = [0usize; 256];
        let mut total = 0;
        for (offset, c) in offsets.iter_mut().zip(count) {
            *offset = total;
            total += c;
        }
        let (from, to): (&[u32], &mut [u32]) = if in_scratch { (&scratch, &mut *keys) } else { (&*keys, &mut scratch) };
        for key in from {
            let bucket = ((key >> (8 * digit)) & 0xff) as usize;
            to[offsets[bucket]] = *key;
            offsets[bucket] += 1;
        }
        in_scratch = !in_scratch;
    }
    if in_scratch {
        keys.copy_from_slice(&scratch);
    }
}

/// Counts the cells whose centre is inside the rings, row by row.
fn zone_stats(
    grid: &Grid,
    origin: (usize, usize),
    rings: &[Vec<(f64, f64)>],
    window: Window,
    sizes: &[(f64, f64)],
) -> ZoneStats {
    match grid.cells() {
        Cells::F32(cells) => zone_stats_of(grid, cells, origin, rings, window, sizes),
        Cells::F64(cells) => zone_stats_of(grid, cells, origin, rings, window, sizes),
    }
}

/// [`zone_stats`] on the grid's cells as stored: the values kept for the majority are the
/// stored ones (4 bytes a cell for a float32 band), and each row's run is one slice.
fn zone_stats_of<T: Majority>(
    grid: &Grid,
    cells: &[T],
    origin: (usize, usize),
    rings: &[Vec<(f64, f64)>],
    window: Window,
    sizes: &[(f64, f64)],
) -> ZoneStats {
    let mut stats = ZoneStats::default();
    let (mut min, mut max, mut weighted) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
    let mut values: Vec<T> = Vec::new();
    let width = grid.width();
    for_each_span(rings, window, |row, cols| {
        let start = (row - origin.1) * width + cols.start - origin.0;
        let area = sizes[row].0 * sizes[row].1;
        for &cell in &cells[start..start + cols.len()] {
            let value: f64 = cell.into();
            if !grid.is_valid(value) {
                stats.nodata += 1;
                continue;
            }
            stats.count += 1;
            stats.sum += value;
            min = min.min(value);
            max = max.max(value);
            stats.area_m2 += area;
            weighted += value * area;
            values.push(cell);
        }
    });
    if stats.count > 0 {
        stats.mean = Some(stats.sum / stats.count as f64);
        stats.min = Some(min);
        stats.max = Some(max);
        stats.area_mean = Some(weighted / stats.area_m2);
        stats.majority = T::majority(&mut values);
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_radix_majority_of_f32_cells_equals_the_sorted_majority() {
        // Mostly distinct values of both signs, both zeros, and a value that repeats most.
        let mut values: Vec<f32> = (0..5000).map(|i| ((i * 7919) % 1201) as f32 * 0.25 - 150.0).collect();
        values.extend([0.0, -0.0, -0.0, 3.5e-39, -1.0e30, 1.0e30]);
        values.extend(std::iter::repeat_n(-17.25, 6));
        let mut wide: Vec<f64> = values.iter().map(|v| f64::from(*v)).collect();
        let want = f64::majority(&mut wide);
        assert_eq!(f32::majority(&mut values), want);
    }
}
