//! Cell-by-cell operations that make new grids: reclassify by ranges, clip to a box or to
//! polygons, and contour lines by marching squares.

use std::collections::HashMap;

use geo::{Geometry, LineString, MultiLineString};

use crate::error::{Error, Result};
use crate::raster::{GeoTransform, Grid, Raster, Window};

/// One rule of a reclassification: values in `[min, max)` become `value` (`max` is included for
/// the last rule, so `[0, 1000, 1], [1000, 9000, 2]` covers 9000).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// The lowest value taken.
    pub min: f64,
    /// The value the range stops at.
    pub max: f64,
    /// The new value.
    pub value: f64,
}

/// Reclassifies a grid: each value with data becomes the value of the first range holding it;
/// values in no range become nodata (or stay, with `keep_unmatched`).
pub fn reclassify(grid: &Grid, ranges: &[Range], keep_unmatched: bool, nodata: f64) -> Result<Grid> {
    let mut out = Grid::filled(grid.width(), grid.height(), nodata, Some(nodata))?;
    let last = ranges.len().saturating_sub(1);
    for (cell, v) in out.values_mut().iter_mut().zip(grid.iter()) {
        if !grid.is_valid(v) {
            continue;
        }
        let hit = ranges.iter().enumerate().find(|(i, r)| v >= r.min && (v < r.max || (*i == last && v == r.max)));
        match hit {
            Some((_, r)) => *cell = r.value,
            None if keep_unmatched => *cell = v,
            None => {}
        }
    }
    Ok(out)
}

/// The window of `raster` a box (in its CRS) covers, whole cells; `None` when it misses it.
pub fn window_of_box(raster: &Raster, bbox: [f64; 4]) -> Option<Window> {
    let info = raster.info();
    let to_cell = info.transform.inverse()?;
    let corners = [(bbox[0], bbox[1]), (bbox[2], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[3])];
    let cells: Vec<(f64, f64)> = corners.iter().map(|(x, y)| to_cell.apply(*x, *y)).collect();
    // A box edge on a cell edge (5°E on a 0.05° grid) stays there despite rounding: 1e-6 cell.
    let slack = 1e-6;
    let c0 = (cells.iter().map(|c| c.0).fold(f64::INFINITY, f64::min) + slack).floor().max(0.0);
    let r0 = (cells.iter().map(|c| c.1).fold(f64::INFINITY, f64::min) + slack).floor().max(0.0);
    let c1 = (cells.iter().map(|c| c.0).fold(f64::NEG_INFINITY, f64::max) - slack).ceil().min(info.width as f64);
    let r1 = (cells.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max) - slack).ceil().min(info.height as f64);
    (c1 > c0 && r1 > r0).then_some(Window {
        col: c0 as usize,
        row: r0 as usize,
        width: (c1 - c0) as usize,
        height: (r1 - r0) as usize,
    })
}

/// Sets to nodata the cells of `grid` (whose top-left cell is `origin` in the raster with
/// `transform`) whose centre lies outside every polygon.
pub fn mask_outside(
    grid: &mut Grid,
    origin: (usize, usize),
    transform: &GeoTransform,
    polygons: &[Geometry<f64>],
    nodata: f64,
) {
    let to_cell = transform.inverse().expect("a raster's transform is invertible");
    let mut inside = vec![false; grid.width() * grid.height()];
    let window = Window { col: origin.0, row: origin.1, width: grid.width(), height: grid.height() };
    for polygon in polygons {
        let rings = crate::raster::zonal::rings_in_cells(polygon, &to_cell);
        crate::raster::zonal::for_each_covered(&rings, window, |col, row| {
            inside[(row - origin.1) * window.width + (col - origin.0)] = true;
        });
    }
    for (index, keep) in inside.into_iter().enumerate() {
        if !keep {
            grid.set(index % window.width, index / window.width, nodata);
        }
    }
    grid.nodata = Some(nodata);
}

/// Contour lines of a grid at `base + k * interval` (every level between the grid's min and
/// max), by marching squares between cell centres, joined into lines; in map coordinates
/// through `transform`. Returns `(level, lines)` pairs, lowest level first.
pub fn contours(
    grid: &Grid,
    transform: &GeoTransform,
    interval: f64,
    base: f64,
    max_levels: usize,
) -> Result<Vec<(f64, MultiLineString<f64>)>> {
    if !(interval.is_finite() && interval > 0.0) {
        return Err(Error::invalid("interval", format!("{interval} is not a positive number")));
    }
    let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in grid.iter().filter(|v| grid.is_valid(*v)) {
        min = min.min(v);
        max = max.max(v);
    }
    if min > max {
        return Ok(Vec::new());
    }
    let first = ((min - base) / interval).ceil();
    let last = ((max - base) / interval).floor();
    let n_levels = (last - first + 1.0).max(0.0);
    if n_levels > max_levels as f64 {
        return Err(Error::invalid(
            "interval",
            format!(
                "{interval} gives {n_levels} levels from {min} to {max}; at most {max_levels} are drawn: use a larger interval"
            ),
        ));
    }
    let mut out = Vec::new();
    let mut k = first;
    while k <= last {
        let level = base + k * interval;
        let lines = level_lines(grid, level);
        if !lines.is_empty() {
            let lines = lines
                .into_iter()
                .map(|line| LineString::from(line.into_iter().map(|(c, r)| transform.apply(c, r)).collect::<Vec<_>>()))
                .collect();
            out.push((level, MultiLineString(lines)));
        }
        k += 1.0;
    }
    Ok(out)
}

/// A point on a grid edge between two cell centres, named by the edge so segments meet exactly:
/// `(col, row, true)` runs from centre (col, row) to (col + 1, row); `false` to (col, row + 1).
type EdgeKey = (usize, usize, bool);

/// The lines of one level, in cell coordinates (cell centres at `i + 0.5`).
fn level_lines(grid: &Grid, level: f64) -> Vec<Vec<(f64, f64)>> {
    let (w, h) = (grid.width(), grid.height());
    let mut segments: Vec<(EdgeKey, EdgeKey)> = Vec::new();
    let mut points: HashMap<EdgeKey, (f64, f64)> = HashMap::new();
    for row in 0..h.saturating_sub(1) {
        for col in 0..w.saturating_sub(1) {
            let (Some(a), Some(b), Some(c), Some(d)) = (
                grid.valid(col, row),
                grid.valid(col + 1, row),
                grid.valid(col + 1, row + 1),
                grid.valid(col, row + 1),
            ) else {
                continue;
            };
            // Corners a (top-left), b (top-right), c (bottom-right), d (bottom-left); a bit
            // per corner at or above the level.
            let case = usize::from(a >= level) << 3
                | usize::from(b >= level) << 2
                | usize::from(c >= level) << 1
                | usize::from(d >= level);
            if case == 0 || case == 15 {
                // The level does not cross this cell (most cells, for most levels).
                continue;
            }
            let top: EdgeKey = (col, row, true);
            let right: EdgeKey = (col + 1, row, false);
            let bottom: EdgeKey = (col, row + 1, true);
            let left: EdgeKey = (col, row, false);
            let mut put = |key: EdgeKey, p: f64, q: f64| {
                let t = (level - p) / (q - p);
                let point = if key.2 {
                    (key.0 as f64 + 0.5 + t, key.1 as f64 + 0.5)
                } else {
                    (key.0 as f64 + 0.5, key.1 as f64 + 0.5 + t)
                };
                points.entry(key).or_insert(point);
            };
            put(top, a, b);
            put(right, b, c);
            put(bottom, d, c);
            put(left, a, d);
            let centre_above = (a + b + c + d) / 4.0 >= level;
            let pairs: &[(EdgeKey, EdgeKey)] = match case {
                0 | 15 => &[],
                1 | 14 => &[(left, bottom)],
                2 | 13 => &[(bottom, right)],
                3 | 12 => &[(left, right)],
                4 | 11 => &[(top, right)],
                6 | 9 => &[(top, bottom)],
                7 | 8 => &[(left, top)],
                5 if centre_above => &[(left, top), (bottom, right)],
                5 => &[(left, bottom), (top, right)],
                10 if centre_above => &[(left, bottom), (top, right)],
                _ => &[(left, top), (bottom, right)],
            };
            segments.extend_from_slice(pairs);
        }
    }
    points.retain(|_, p| p.0.is_finite() && p.1.is_finite());
    join(&segments, &points)
}

/// Joins segments that share edge points into lines.
fn join(segments: &[(EdgeKey, EdgeKey)], points: &HashMap<EdgeKey, (f64, f64)>) -> Vec<Vec<(f64, f64)>> {
    let mut at: HashMap<EdgeKey, Vec<usize>> = HashMap::new();
    for (i, (p, q)) in segments.iter().enumerate() {
        at.entry(*p).or_default().push(i);
        at.entry(*q).or_default().push(i);
    }
    let mut used = vec![false; segments.len()];
    let mut lines = Vec::new();
    let next_from =
        |key: &EdgeKey, used: &[bool]| at.get(key).and_then(|list| list.iter().copied().find(|i| !used[*i]));
    for start in 0..segments.len() {
        if used[start] {
            continue;
        }
        used[start] = true;
        let (p, q) = segments[start];
        let mut keys = std::collections::VecDeque::from([p, q]);
        // Forward from q, then backward from p.
        while let Some(i) = next_from(keys.back().expect("a line has points"), &used) {
            used[i] = true;
            let (a, b) = segments[i];
            keys.push_back(if a == *keys.back().expect("points") { b } else { a });
        }
        while let Some(i) = next_from(keys.front().expect("a line has points"), &used) {
            used[i] = true;
            let (a, b) = segments[i];
            keys.push_front(if a == *keys.front().expect("points") { b } else { a });
        }
        let line: Vec<(f64, f64)> = keys.iter().filter_map(|k| points.get(k).copied()).collect();
        if line.len() >= 2 {
            lines.push(line);
        }
    }
    lines
}
