//! Polygons of a band's classes: one region per connected group of cells of equal value (4- or
//! 8-connected), traced along the cells' edges, with its holes. Cells without data make no
//! region (and holes in the regions around them).
//!
//! How: the cells are labelled by connected region in two passes with a union-find; then every
//! cell side between a region and anything else is walked once, with the region on the left, into
//! closed rings. At a vertex where the region's cells touch only diagonally the walk turns to stay
//! around the cell it came along, so the rings never cross; a ring that passes such a vertex twice
//! is cut there into two rings. Rings that wind one way are outer rings, the other way holes, and
//! a hole goes to the smallest outer ring of its region around it. The result is valid in the OGC
//! sense: rings are simple, holes touch their outer ring at single points at most, and the parts of
//! an 8-connected region touch at corners only.

use std::collections::HashMap;

use geo::{Coord, LineString, MultiPolygon, Polygon};

use crate::error::{Error, Result};
use crate::raster::{GeoTransform, Grid};

/// Which neighbours join cells into one region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connectivity {
    /// Cells sharing a side (GDAL's default).
    Four,
    /// Cells sharing a side or a corner (GDAL's `8CONNECTED=8`).
    Eight,
}

/// One connected region of equal cells: its value, the number of its cells and its polygons in
/// map coordinates (one polygon, or several touching at corners when 8-connected).
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The cells' value.
    pub value: f64,
    /// How many cells it covers.
    pub cells: usize,
    /// Its outline, holes included.
    pub polygons: MultiPolygon<f64>,
}

/// Traces the regions of `grid` (cells of equal value joined by `connectivity`) into polygons in
/// the map coordinates of `transform`, in the order of their first cell (row by row).
/// `check(fraction)` is called as the work goes on and stops it with its error; `max_vertices`
/// bounds the vertices made (refused with [`Error::Limit`] past it).
pub fn polygonize(
    grid: &Grid,
    transform: &GeoTransform,
    connectivity: Connectivity,
    max_vertices: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
) -> Result<Vec<Region>> {
    let labels = Labels::of(grid, connectivity, check)?;
    let (width, height) = (grid.width(), grid.height());
    let n_regions = labels.values.len();
    let mut visited = zeroed::<u8>(width * height, "the traced cell sides")?;
    // Outer rings and holes per region, in cell corners (integers).
    let mut shells: Vec<Vec<Ring>> = vec![Vec::new(); n_regions];
    let mut holes: Vec<Vec<Ring>> = vec![Vec::new(); n_regions];
    let mut n_vertices = 0usize;
    for row in 0..height {
        if row % 64 == 0 {
            check(0.5 + 0.4 * row as f64 / height.max(1) as f64)?;
        }
        for col in 0..width {
            let label = labels.at(col as i64, row as i64);
            if label == 0 {
                continue;
            }
            for dir in 0..4u8 {
                let (rc, rr) = right_cell(col as i64, row as i64, dir);
                if labels.at(rc, rr) == label || visited[row * width + col] & (1 << dir) != 0 {
                    continue;
                }
                let (ring, pinched) = trace(&labels, &mut visited, col as i64, row as i64, dir);
                let rings = if pinched { split_at_repeats(ring) } else { vec![ring] };
                for ring in rings {
                    n_vertices += ring.len() + 1;
                    if n_vertices > max_vertices {
                        return Err(Error::Limit {
                            limit: "max_new_data_bytes",
                            message: format!(
                                "the polygons would have more than {max_vertices} vertices, more than one command \
                                 may make; polygonize a coarser or reclassified band (raster.reclassify)"
                            ),
                        });
                    }
                    let region = label as usize - 1;
                    if twice_area(&ring) < 0 { shells[region].push(ring) } else { holes[region].push(ring) }
                }
            }
        }
    }
    check(0.9)?;
    let to_map = |ring: &[(i64, i64)]| -> LineString<f64> {
        let mut coords: Vec<Coord<f64>> = ring
            .iter()
            .map(|&(x, y)| {
                let (mx, my) = transform.apply(x as f64, y as f64);
                Coord { x: mx, y: my }
            })
            .collect();
        coords.push(coords[0]);
        LineString(coords)
    };
    let mut regions = Vec::with_capacity(n_regions);
    for (region, (shells, holes)) in shells.into_iter().zip(holes).enumerate() {
        let mut parts: Vec<Part> = shells.into_iter().map(|s| (s, Vec::new())).collect();
        for hole in holes {
            let owner = if parts.len() == 1 { 0 } else { owner_of(&hole, &parts) };
            parts[owner].1.push(hole);
        }
        let polygons = parts
            .iter()
            .map(|(shell, holes)| Polygon::new(to_map(shell), holes.iter().map(|h| to_map(h)).collect()))
            .collect();
        regions.push(Region {
            value: labels.values[region],
            cells: labels.cells[region],
            polygons: MultiPolygon(polygons),
        });
    }
    Ok(regions)
}

/// A ring of cell corners (integers), closed implicitly.
type Ring = Vec<(i64, i64)>;

/// An outer ring and its holes.
type Part = (Ring, Vec<Ring>);

/// Every cell's region (0 for cells without data, regions from 1), with each region's value and
/// number of cells.
struct Labels {
    width: usize,
    height: usize,
    labels: Vec<u32>,
    values: Vec<f64>,
    cells: Vec<usize>,
}

impl Labels {
    fn of(grid: &Grid, connectivity: Connectivity, check: &mut dyn FnMut(f64) -> Result<()>) -> Result<Labels> {
        let (width, height) = (grid.width(), grid.height());
        let mut labels = zeroed::<u32>(width * height, "the region of every cell")?;
        // Union-find over provisional labels; `parent[0]` stands for nodata and is never joined.
        let mut parent: Vec<u32> = vec![0];
        let mut first_value: Vec<f64> = vec![f64::NAN];
        let values = grid.values();
        for row in 0..height {
            if row % 256 == 0 {
                check(0.5 * row as f64 / height.max(1) as f64)?;
            }
            for col in 0..width {
                let index = row * width + col;
                let value = values[index];
                if !grid.is_valid(value) {
                    continue;
                }
                let mut label = 0u32;
                let join = |neighbour: usize, label: &mut u32, parent: &mut Vec<u32>| {
                    let other = labels[neighbour];
                    if other == 0 || values[neighbour] != value {
                        return;
                    }
                    if *label == 0 {
                        *label = other;
                    } else {
                        union(parent, *label, other);
                    }
                };
                if col > 0 {
                    join(index - 1, &mut label, &mut parent);
                }
                if row > 0 {
                    join(index - width, &mut label, &mut parent);
                    if connectivity == Connectivity::Eight {
                        if col > 0 {
                            join(index - width - 1, &mut label, &mut parent);
                        }
                        if col + 1 < width {
                            join(index - width + 1, &mut label, &mut parent);
                        }
                    }
                }
                if label == 0 {
                    label = u32::try_from(parent.len()).map_err(|_| Error::Limit {
                        limit: "raster::MAX_GRID_CELLS",
                        message: "more regions than a grid may hold".to_owned(),
                    })?;
                    parent.push(label);
                    first_value.push(value);
                }
                labels[index] = label;
            }
        }
        // Number the regions 1.. in the order of their first cell.
        let mut number = vec![0u32; parent.len()];
        let mut region_values = Vec::new();
        let mut cells = Vec::new();
        for label in labels.iter_mut() {
            if *label == 0 {
                continue;
            }
            let root = find(&mut parent, *label) as usize;
            if number[root] == 0 {
                region_values.push(first_value[root]);
                cells.push(0);
                number[root] = region_values.len() as u32;
            }
            *label = number[root];
            cells[*label as usize - 1] += 1;
        }
        Ok(Labels { width, height, labels, values: region_values, cells })
    }

    /// The region of a cell, 0 outside the grid or without data.
    fn at(&self, col: i64, row: i64) -> u32 {
        if col < 0 || row < 0 || col >= self.width as i64 || row >= self.height as i64 {
            return 0;
        }
        self.labels[row as usize * self.width + col as usize]
    }
}

fn find(parent: &mut [u32], mut label: u32) -> u32 {
    while parent[label as usize] != label {
        let grand = parent[parent[label as usize] as usize];
        parent[label as usize] = grand;
        label = grand;
    }
    label
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        // The older label stays the root, so a region keeps its first cell's label.
        let (keep, join) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[join as usize] = keep;
    }
}

/// Directions along cell sides, in cell coordinates (y down): east, south, west, north.
const STEP: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The direction to the left of `dir` (seen on the screen, y down).
fn left_of(dir: u8) -> u8 {
    (dir + 3) % 4
}

fn right_of(dir: u8) -> u8 {
    (dir + 1) % 4
}

/// The cell across the side that `dir` walks along with cell `(col, row)` on its left.
fn right_cell(col: i64, row: i64, dir: u8) -> (i64, i64) {
    let (dx, dy) = STEP[right_of(dir) as usize];
    (col + dx, row + dy)
}

/// The corner a walk along a side of `(col, row)` in `dir` (the cell on the left) starts from.
fn start_corner(col: i64, row: i64, dir: u8) -> (i64, i64) {
    match dir {
        0 => (col, row + 1),
        1 => (col, row),
        2 => (col + 1, row),
        _ => (col + 1, row + 1),
    }
}

/// Walks one ring from the side of `(col, row)` in `dir`, the region on the left, marking each
/// side walked. Returns the ring's corners and whether it passed a corner where the region's
/// cells touch diagonally (where the ring may meet itself).
fn trace(labels: &Labels, visited: &mut [u8], col: i64, row: i64, dir: u8) -> (Vec<(i64, i64)>, bool) {
    let label = labels.at(col, row);
    let start = (col, row, dir);
    let (mut col, mut row, mut dir) = start;
    let mut corner = start_corner(col, row, dir);
    let mut ring = Vec::new();
    let mut pinched = false;
    loop {
        visited[row as usize * labels.width + col as usize] |= 1 << dir;
        let (dx, dy) = STEP[dir as usize];
        corner = (corner.0 + dx, corner.1 + dy);
        let (right_col, right_row) = right_cell(col, row, dir);
        let front_left = (col + dx, row + dy);
        let front_right = (right_col + dx, right_row + dy);
        let next = if labels.at(front_left.0, front_left.1) != label {
            pinched |= labels.at(front_right.0, front_right.1) == label;
            (col, row, left_of(dir))
        } else if labels.at(front_right.0, front_right.1) != label {
            (front_left.0, front_left.1, dir)
        } else {
            (front_right.0, front_right.1, right_of(dir))
        };
        if next.2 != dir {
            ring.push(corner);
        }
        (col, row, dir) = next;
        if (col, row, dir) == start {
            return (ring, pinched);
        }
    }
}

/// Cuts a ring that passes a corner more than once into rings that pass each corner once.
fn split_at_repeats(ring: Vec<(i64, i64)>) -> Vec<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    let mut stack: Vec<(i64, i64)> = Vec::with_capacity(ring.len());
    let mut seen: HashMap<(i64, i64), usize> = HashMap::new();
    for corner in ring {
        if let Some(&at) = seen.get(&corner) {
            let part: Vec<(i64, i64)> = stack.drain(at..).collect();
            for c in &part[1..] {
                seen.remove(c);
            }
            out.push(part);
        }
        seen.insert(corner, stack.len());
        stack.push(corner);
    }
    if !stack.is_empty() {
        out.push(stack);
    }
    out
}

/// Twice the signed area of a ring of corners (negative for outer rings, walked with the region
/// on the left in y-down cell coordinates).
fn twice_area(ring: &[(i64, i64)]) -> i64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

/// Which outer ring a hole lies in: the smallest one around the centre of the region's cell on
/// the left of the hole's first side.
fn owner_of(hole: &[(i64, i64)], parts: &[Part]) -> usize {
    let (a, b) = (hole[0], hole[1 % hole.len()]);
    let dir = STEP.iter().position(|&(dx, dy)| (b.0 - a.0).signum() == dx && (b.1 - a.1).signum() == dy).unwrap_or(0);
    let (lx, ly) = STEP[left_of(dir as u8) as usize];
    let (dx, dy) = STEP[dir];
    // Doubled coordinates of the cell centre, so the test stays in integers.
    let (px, py) = (2 * a.0 + dx + lx, 2 * a.1 + dy + ly);
    parts
        .iter()
        .enumerate()
        .filter(|(_, (shell, _))| contains_doubled(shell, px, py))
        .min_by_key(|(_, (shell, _))| -twice_area(shell))
        .map_or(0, |(i, _)| i)
}

/// Whether a ring of corners holds the point `(px / 2, py / 2)`, a cell centre (never on a side).
fn contains_doubled(ring: &[(i64, i64)], px: i64, py: i64) -> bool {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        let (ay, by) = (2 * a.1, 2 * b.1);
        if (ay > py) != (by > py) {
            // Sides are horizontal or vertical: a side crossing the row is vertical, at x = a.0.
            if 2 * a.0 > px {
                inside = !inside;
            }
        }
    }
    inside
}

/// A vector of `n` zeros, or the error of memory the computer cannot give.
fn zeroed<T: Clone + Default>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(n)
        .map_err(|_| Error::OutOfMemory { what: what.to_owned(), bytes: (n * std::mem::size_of::<T>()) as u64 })?;
    out.resize(n, T::default());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(values: &[f64], width: usize, connectivity: Connectivity) -> Vec<Region> {
        let grid = Grid::from_values(width, values.len() / width, values.to_vec(), Some(-1.0)).expect("grid");
        let transform = GeoTransform::north_up(0.0, 0.0, 1.0, 1.0);
        polygonize(&grid, &transform, connectivity, usize::MAX, &mut |_| Ok(())).expect("polygonizes")
    }

    #[test]
    fn a_ring_of_cells_has_a_hole_where_the_middle_differs() {
        let r = regions(&[1., 1., 1., 1., 2., 1., 1., 1., 1.], 3, Connectivity::Four);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].polygons.0.len(), 1);
        assert_eq!(r[0].polygons.0[0].interiors().len(), 1);
        assert_eq!(r[0].cells, 8);
    }

    #[test]
    fn diagonal_cells_are_two_regions_when_four_connected_and_one_when_eight() {
        let values = [1., 2., 2., 1.];
        assert_eq!(regions(&values, 2, Connectivity::Four).len(), 4);
        let eight = regions(&values, 2, Connectivity::Eight);
        assert_eq!(eight.len(), 2);
        assert_eq!(eight[0].polygons.0.len(), 2, "two squares touching at a corner");
    }

    #[test]
    fn a_ring_closed_only_at_a_corner_has_a_hole_touching_its_outline() {
        // 1s around a 0 at the centre; the top-right corner cell is 0, so the ring of 1s meets
        // itself only diagonally there.
        #[rustfmt::skip]
        let values = [
            1., 1., 1., 0.,
            1., 0., 0., 1.,
            1., 0., 0., 1.,
            1., 1., 1., 1.,
        ];
        let r = regions(&values, 4, Connectivity::Four);
        let ones: Vec<&Region> = r.iter().filter(|r| r.value == 1.0).collect();
        assert_eq!(ones.len(), 1);
        assert_eq!(ones[0].polygons.0.len(), 1);
        assert_eq!(ones[0].polygons.0[0].interiors().len(), 1);
    }
}
