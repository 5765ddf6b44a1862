//! Geometry made ready for drawing: chains of points with a hierarchy of bounding boxes, so
//! that drawing one small view of a huge polygon touches only the points near the view and
//! skips detail finer than a pixel; then clipping to the view with a margin.
//!
//! The hierarchy works on runs of consecutive points. A run whose box lies wholly outside the
//! clip box, or is smaller than the tolerance, is replaced by its first and last point. For a
//! run outside the box this changes nothing inside it: the dropped loop lies within the run's
//! convex hull, which lies outside, so winding numbers inside are unchanged (for any fill rule).
//! For a tiny run the drawn line moves by less than the box's diagonal.

/// A point in map coordinates (the view's CRS), x east, y north.
pub(crate) type Pt = [f64; 2];

/// Points per leaf of a chain's hierarchy.
const LEAF: usize = 32;

/// An axis-aligned box in map coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bbox {
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

impl Bbox {
    /// The box holding nothing (adding a point makes it that point).
    pub(crate) const EMPTY: Bbox =
        Bbox { min_x: f64::INFINITY, min_y: f64::INFINITY, max_x: f64::NEG_INFINITY, max_y: f64::NEG_INFINITY };

    pub(crate) fn new(min_x: f64, min_y: f64, max_x: f64, max_y: f64) -> Bbox {
        Bbox { min_x, min_y, max_x, max_y }
    }

    pub(crate) fn of_points(points: &[Pt]) -> Bbox {
        let mut b = Bbox::EMPTY;
        for p in points {
            b.add(*p);
        }
        b
    }

    pub(crate) fn add(&mut self, p: Pt) {
        self.min_x = self.min_x.min(p[0]);
        self.min_y = self.min_y.min(p[1]);
        self.max_x = self.max_x.max(p[0]);
        self.max_y = self.max_y.max(p[1]);
    }

    pub(crate) fn union(&self, other: &Bbox) -> Bbox {
        Bbox {
            min_x: self.min_x.min(other.min_x),
            min_y: self.min_y.min(other.min_y),
            max_x: self.max_x.max(other.max_x),
            max_y: self.max_y.max(other.max_y),
        }
    }

    pub(crate) fn intersects(&self, other: &Bbox) -> bool {
        self.min_x <= other.max_x && other.min_x <= self.max_x && self.min_y <= other.max_y && other.min_y <= self.max_y
    }

    pub(crate) fn contains_box(&self, other: &Bbox) -> bool {
        self.min_x <= other.min_x && self.min_y <= other.min_y && self.max_x >= other.max_x && self.max_y >= other.max_y
    }

    pub(crate) fn contains(&self, p: Pt) -> bool {
        p[0] >= self.min_x && p[0] <= self.max_x && p[1] >= self.min_y && p[1] <= self.max_y
    }

    pub(crate) fn width(&self) -> f64 {
        self.max_x - self.min_x
    }

    pub(crate) fn height(&self) -> f64 {
        self.max_y - self.min_y
    }

    /// The box grown by `by` on every side.
    pub(crate) fn grown(&self, by: f64) -> Bbox {
        Bbox { min_x: self.min_x - by, min_y: self.min_y - by, max_x: self.max_x + by, max_y: self.max_y + by }
    }
}

/// A ring or a line: points plus a hierarchy of boxes over runs of them.
#[derive(Debug, Clone)]
pub(crate) struct Chain {
    points: Vec<Pt>,
    /// `levels[0]` boxes runs of [`LEAF`] points; each level above boxes pairs of the one below;
    /// the last level has one box, the whole chain's.
    levels: Vec<Vec<Bbox>>,
    /// Whether some edge runs along the edge of the world (the antimeridian or the latitude
    /// limit), which outlines must not draw.
    has_seam: bool,
}

impl Chain {
    /// A chain of these points; `world` is the box of the whole world in map coordinates, whose
    /// edges are seams rather than coastlines.
    pub(crate) fn new(points: Vec<Pt>, world: &Bbox) -> Chain {
        let mut leaves: Vec<Bbox> = points.chunks(LEAF).map(Bbox::of_points).collect();
        if leaves.is_empty() {
            leaves.push(Bbox::EMPTY);
        }
        let mut levels = vec![leaves];
        while levels.last().is_some_and(|l| l.len() > 1) {
            let below = levels.last().expect("levels is never empty");
            let above: Vec<Bbox> =
                below.chunks(2).map(|pair| pair.iter().fold(Bbox::EMPTY, |a, b| a.union(b))).collect();
            levels.push(above);
        }
        let has_seam = points.windows(2).any(|w| is_seam(w[0], w[1], world));
        Chain { points, levels, has_seam }
    }

    pub(crate) fn bbox(&self) -> Bbox {
        self.levels.last().and_then(|l| l.first()).copied().unwrap_or(Bbox::EMPTY)
    }

    pub(crate) fn len(&self) -> usize {
        self.points.len()
    }

    /// The chain's points, in order.
    pub(crate) fn points(&self) -> &[Pt] {
        &self.points
    }

    pub(crate) fn has_seam(&self) -> bool {
        self.has_seam
    }

    /// Appends to `out` the points that draw this chain inside `clip` with an error under `tol`
    /// (map units). Points outside `clip` may remain; clip them afterwards.
    pub(crate) fn reduce(&self, clip: &Bbox, tol: f64, out: &mut Vec<Pt>) {
        if self.points.is_empty() {
            return;
        }
        let top = self.levels.len() - 1;
        self.reduce_node(top, 0, clip, tol, out);
        // A ring must end where it started even when the last run was collapsed.
        if let (Some(first), Some(last)) = (self.points.first(), self.points.last())
            && first == last
            && out.last() != Some(last)
        {
            out.push(*last);
        }
    }

    fn reduce_node(&self, level: usize, idx: usize, clip: &Bbox, tol: f64, out: &mut Vec<Pt>) {
        let span = LEAF << level;
        let start = idx * span;
        let end = (start + span).min(self.points.len());
        if start >= end {
            return;
        }
        let bbox = &self.levels[level][idx];
        if !bbox.intersects(clip) || (bbox.width() < tol && bbox.height() < tol) {
            push(out, self.points[start], tol);
            if end - 1 > start {
                push(out, self.points[end - 1], tol);
            }
            return;
        }
        if level == 0 {
            for p in &self.points[start..end] {
                push(out, *p, tol);
            }
            return;
        }
        self.reduce_node(level - 1, idx * 2, clip, tol, out);
        if idx * 2 + 1 < self.levels[level - 1].len() {
            self.reduce_node(level - 1, idx * 2 + 1, clip, tol, out);
        }
    }
}

/// Appends `p` unless it is within `tol` of the last point on both axes.
fn push(out: &mut Vec<Pt>, p: Pt, tol: f64) {
    if let Some(last) = out.last()
        && (p[0] - last[0]).abs() < tol
        && (p[1] - last[1]).abs() < tol
    {
        return;
    }
    out.push(p);
}

/// Whether the edge a→b runs along the edge of the world.
pub(crate) fn is_seam(a: Pt, b: Pt, world: &Bbox) -> bool {
    (a[0] == b[0] && (a[0] <= world.min_x || a[0] >= world.max_x))
        || (a[1] == b[1] && (a[1] <= world.min_y || a[1] >= world.max_y))
}

/// Clips a ring to a box (Sutherland–Hodgman). The result may have edges along the box's sides;
/// callers clip to a box a little larger than what is shown so those edges stay out of sight.
pub(crate) fn clip_ring(ring: &[Pt], clip: &Bbox, scratch: &mut Vec<Pt>, out: &mut Vec<Pt>) {
    out.clear();
    out.extend_from_slice(ring);
    // Left, right, bottom, top: each pass keeps the side of one edge of the box.
    for side in 0..4 {
        if out.len() < 3 {
            out.clear();
            return;
        }
        std::mem::swap(scratch, out);
        out.clear();
        let inside = |p: &Pt| match side {
            0 => p[0] >= clip.min_x,
            1 => p[0] <= clip.max_x,
            2 => p[1] >= clip.min_y,
            _ => p[1] <= clip.max_y,
        };
        let cross = |a: &Pt, b: &Pt| -> Pt {
            let t = match side {
                0 => (clip.min_x - a[0]) / (b[0] - a[0]),
                1 => (clip.max_x - a[0]) / (b[0] - a[0]),
                2 => (clip.min_y - a[1]) / (b[1] - a[1]),
                _ => (clip.max_y - a[1]) / (b[1] - a[1]),
            };
            let mut p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            // Put the point exactly on the box's side, whatever the rounding.
            match side {
                0 => p[0] = clip.min_x,
                1 => p[0] = clip.max_x,
                2 => p[1] = clip.min_y,
                _ => p[1] = clip.max_y,
            }
            p
        };
        let mut prev = *scratch.last().expect("at least three points");
        let mut prev_in = inside(&prev);
        for p in scratch.iter() {
            let p_in = inside(p);
            if p_in {
                if !prev_in {
                    out.push(cross(&prev, p));
                }
                out.push(*p);
            } else if prev_in {
                out.push(cross(&prev, p));
            }
            prev = *p;
            prev_in = p_in;
        }
    }
    if out.len() < 3 {
        out.clear();
    }
}

/// Clips a line to a box, calling `piece` for each part inside (Liang–Barsky per segment).
pub(crate) fn clip_line(line: &[Pt], clip: &Bbox, piece: &mut dyn FnMut(&[Pt]), buf: &mut Vec<Pt>) {
    buf.clear();
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        match clip_segment(a, b, clip) {
            Some((p, q, a_clipped, b_clipped)) => {
                if buf.is_empty() || a_clipped {
                    if buf.len() >= 2 {
                        piece(buf);
                    }
                    buf.clear();
                    buf.push(p);
                }
                buf.push(q);
                if b_clipped {
                    piece(buf);
                    buf.clear();
                }
            }
            None => {
                if buf.len() >= 2 {
                    piece(buf);
                }
                buf.clear();
            }
        }
    }
    if buf.len() >= 2 {
        piece(buf);
    }
    buf.clear();
}

/// The part of segment a→b inside the box, and whether each end was moved.
fn clip_segment(a: Pt, b: Pt, clip: &Bbox) -> Option<(Pt, Pt, bool, bool)> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a[0] - clip.min_x), (dx, clip.max_x - a[0]), (-dy, a[1] - clip.min_y), (dy, clip.max_y - a[1])]
    {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                if r > t1 {
                    return None;
                }
                t0 = t0.max(r);
            } else {
                if r < t0 {
                    return None;
                }
                t1 = t1.min(r);
            }
        }
    }
    let at = |t: f64| [a[0] + dx * t, a[1] + dy * t];
    Some((if t0 > 0.0 { at(t0) } else { a }, if t1 < 1.0 { at(t1) } else { b }, t0 > 0.0, t1 < 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORLD: Bbox = Bbox { min_x: -180.0, min_y: -90.0, max_x: 180.0, max_y: 90.0 };

    fn circle(n: usize, r: f64) -> Vec<Pt> {
        let mut points: Vec<Pt> = (0..n)
            .map(|i| {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                [r * a.cos(), r * a.sin()]
            })
            .collect();
        points.push(points[0]);
        points
    }

    #[test]
    fn a_view_of_a_small_part_keeps_few_points() {
        let chain = Chain::new(circle(100_000, 50.0), &WORLD);
        let mut out = Vec::new();
        chain.reduce(&Bbox::new(49.0, -1.0, 51.0, 1.0), 1e-6, &mut out);
        // The arc in view holds 100,000 × 0.04 / 2π ≈ 637 points; they are all kept.
        assert!(out.len() < 1_000, "{} points", out.len());
        let inside = out.iter().filter(|p| p[0] >= 49.0 && p[1].abs() <= 1.0).count();
        assert!(inside >= 630, "the points in view are all kept: {inside}");
    }

    #[test]
    fn detail_under_the_tolerance_is_dropped() {
        let chain = Chain::new(circle(100_000, 50.0), &WORLD);
        let mut out = Vec::new();
        chain.reduce(&WORLD, 0.5, &mut out);
        assert!(out.len() < 2_000, "{} points", out.len());
        assert_eq!(out.first(), out.last());
    }

    #[test]
    fn a_ring_clipped_to_a_box_lies_in_the_box() {
        let clip = Bbox::new(0.0, 0.0, 10.0, 10.0);
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        clip_ring(&[[-5.0, -5.0], [5.0, -5.0], [5.0, 5.0], [-5.0, 5.0]], &clip, &mut scratch, &mut out);
        assert!(out.iter().all(|p| clip.contains(*p)));
        assert!(out.contains(&[5.0, 5.0]) && out.contains(&[0.0, 0.0]), "{out:?}");
    }

    #[test]
    fn a_line_leaving_and_entering_the_box_makes_two_pieces() {
        let clip = Bbox::new(0.0, 0.0, 10.0, 10.0);
        let mut pieces = Vec::new();
        let line = [[1.0, 1.0], [20.0, 1.0], [20.0, 5.0], [1.0, 5.0]];
        clip_line(&line, &clip, &mut |p: &[Pt]| pieces.push(p.to_vec()), &mut Vec::new());
        assert_eq!(pieces, vec![vec![[1.0, 1.0], [10.0, 1.0]], vec![[10.0, 5.0], [1.0, 5.0]]]);
    }

    #[test]
    fn edges_along_the_antimeridian_are_seams() {
        assert!(is_seam([180.0, 10.0], [180.0, -16.0], &WORLD));
        assert!(!is_seam([179.0, 10.0], [180.0, -16.0], &WORLD));
    }
}
