//! The pole of inaccessibility of a polygon: the inside point farthest from its edges, where a
//! label has the most room (Mapbox's polylabel: a quadtree of cells searched best first).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::geom::Pt;

/// The most cells looked at; past it the best point so far is returned (bounded time on any input).
const MAX_CELLS: usize = 20_000;

/// The point inside `rings` (the exterior first, then holes; even-odd) farthest from every edge,
/// to within `precision` (map units), and its distance to the nearest edge. `None` for rings with
/// no area.
pub(crate) fn polylabel(rings: &[Vec<Pt>], precision: f64) -> Option<(Pt, f64)> {
    let exterior = rings.first()?;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in exterior {
        min_x = min_x.min(p[0]);
        min_y = min_y.min(p[1]);
        max_x = max_x.max(p[0]);
        max_y = max_y.max(p[1]);
    }
    let (width, height) = (max_x - min_x, max_y - min_y);
    let cell_size = width.min(height);
    if !cell_size.is_finite() || cell_size <= 0.0 {
        return None;
    }
    let precision = precision.max(cell_size * 1e-6);
    let mut queue = BinaryHeap::new();
    let h = cell_size / 2.0;
    let mut x = min_x;
    while x < max_x {
        let mut y = min_y;
        while y < max_y {
            queue.push(Cell::new([x + h, y + h], h, rings));
            y += cell_size;
        }
        x += cell_size;
    }
    // The centroid and the box's centre are good first guesses.
    let mut best = Cell::new(centroid(exterior).unwrap_or([min_x + width / 2.0, min_y + height / 2.0]), 0.0, rings);
    let centre = Cell::new([min_x + width / 2.0, min_y + height / 2.0], 0.0, rings);
    if centre.distance > best.distance {
        best = centre;
    }
    let mut looked = queue.len();
    while let Some(cell) = queue.pop() {
        if cell.distance > best.distance {
            best = cell;
        }
        if cell.max - best.distance <= precision || looked >= MAX_CELLS {
            continue;
        }
        let h = cell.half / 2.0;
        for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
            queue.push(Cell::new([cell.centre[0] + dx, cell.centre[1] + dy], h, rings));
        }
        looked += 4;
    }
    (best.distance > 0.0).then_some((best.centre, best.distance))
}

/// A square cell: its centre, half its side, the centre's signed distance to the polygon
/// (positive inside) and the most any point of the cell can have.
#[derive(Debug, Clone, Copy)]
struct Cell {
    centre: Pt,
    half: f64,
    distance: f64,
    max: f64,
}

impl Cell {
    fn new(centre: Pt, half: f64, rings: &[Vec<Pt>]) -> Cell {
        let distance = signed_distance(centre, rings);
        Cell { centre, half, distance, max: distance + half * std::f64::consts::SQRT_2 }
    }
}

impl PartialEq for Cell {
    fn eq(&self, other: &Self) -> bool {
        self.max == other.max
    }
}

impl Eq for Cell {}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> Ordering {
        self.max.total_cmp(&other.max)
    }
}

/// Distance from `p` to the nearest edge, positive inside the rings (even-odd), negative outside.
fn signed_distance(p: Pt, rings: &[Vec<Pt>]) -> f64 {
    let mut inside = false;
    let mut nearest = f64::INFINITY;
    for ring in rings {
        let Some(&last) = ring.last() else { continue };
        let mut a = last;
        for &b in ring {
            if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0] {
                inside = !inside;
            }
            nearest = nearest.min(segment_distance_sq(p, a, b));
            a = b;
        }
    }
    let distance = nearest.sqrt();
    if inside { distance } else { -distance }
}

fn segment_distance_sq(p: Pt, a: Pt, b: Pt) -> f64 {
    let (mut x, mut y) = (a[0], a[1]);
    let (dx, dy) = (b[0] - x, b[1] - y);
    if dx != 0.0 || dy != 0.0 {
        let t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
        if t > 1.0 {
            (x, y) = (b[0], b[1]);
        } else if t > 0.0 {
            x += dx * t;
            y += dy * t;
        }
    }
    (p[0] - x).powi(2) + (p[1] - y).powi(2)
}

/// The centroid of a ring's area.
fn centroid(ring: &[Pt]) -> Option<Pt> {
    let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
    let last = *ring.last()?;
    let mut a = last;
    for &b in ring {
        let f = a[0] * b[1] - b[0] * a[1];
        cx += (a[0] + b[0]) * f;
        cy += (a[1] + b[1]) * f;
        area += f * 3.0;
        a = b;
    }
    (area != 0.0).then(|| [cx / area, cy / area])
}

/// The area of rings (the exterior less its holes), in squared map units.
pub(crate) fn area(rings: &[Vec<Pt>]) -> f64 {
    let ring_area = |ring: &Vec<Pt>| {
        let Some(&last) = ring.last() else { return 0.0 };
        let mut a = last;
        let mut twice = 0.0;
        for &b in ring {
            twice += a[0] * b[1] - b[0] * a[1];
            a = b;
        }
        (twice / 2.0).abs()
    };
    let mut rings = rings.iter();
    let exterior = rings.next().map_or(0.0, ring_area);
    (exterior - rings.map(ring_area).sum::<f64>()).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pole_of_a_square_is_its_centre() {
        let square = vec![vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]];
        let (p, d) = polylabel(&square, 0.01).expect("a pole");
        assert!((p[0] - 5.0).abs() < 0.05 && (p[1] - 5.0).abs() < 0.05, "{p:?}");
        assert!((d - 5.0).abs() < 0.05, "{d}");
    }

    #[test]
    fn a_hole_pushes_the_pole_away_from_the_centre() {
        let square = vec![
            vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]],
            vec![[3.0, 3.0], [7.0, 3.0], [7.0, 7.0], [3.0, 7.0]],
        ];
        let (p, d) = polylabel(&square, 0.01).expect("a pole");
        assert!(signed_distance(p, &square) > 0.0 && d > 1.0 && d < 2.0, "{p:?} {d}");
    }

    #[test]
    fn a_flat_ring_has_no_pole() {
        assert!(polylabel(&[vec![[0.0, 0.0], [10.0, 0.0], [5.0, 0.0]]], 0.01).is_none());
    }
}
