//! Curved geometries (CircularString, CompoundCurve, CurvePolygon, MultiCurve, MultiSurface) made
//! into lines, as GDAL makes them for a format or a tool that has no curves: each circular arc
//! becomes a run of straight segments, none spanning more than [`ARC_STEP_DEGREES`] of arc (GDAL's
//! default `OGR_ARC_STEPSIZE`).
//!
//! Every vertex of the curve is kept exactly (an arc's start, its middle control point and its end),
//! and every added point lies on the arc's circle, so a linearised polygon is inside its curved
//! original by at most the sagitta of a 2° half-step: r·(1 − cos 2°) ≈ 0.0006·r. GDAL places its
//! added points slightly differently (it may hide the control point in the low bits of the
//! coordinates it adds), so the two linearisations differ by less than that sagitta, not
//! vertex for vertex (docs/user-guide/data.md).
//!
//! The WKB, WKT and FlatGeobuf readers call these; each reader tells the user with
//! [`Curves::notice`] which features were linearised.

use geo::Coord;

/// The largest arc, in degrees, one straight segment of a linearised arc spans.
pub(crate) const ARC_STEP_DEGREES: f64 = 4.0;

/// The most positions one linearised geometry may have: a curve that would become more is refused
/// (a few bytes of WKB per arc may otherwise ask for 90 positions each, without bound).
pub(crate) const MAX_LINEARISED_POSITIONS: usize = 16 << 20;

/// The kinds of curve, for notices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum CurveKind {
    CircularString,
    CompoundCurve,
    CurvePolygon,
    MultiCurve,
    MultiSurface,
}

impl CurveKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            CurveKind::CircularString => "CircularString",
            CurveKind::CompoundCurve => "CompoundCurve",
            CurveKind::CurvePolygon => "CurvePolygon",
            CurveKind::MultiCurve => "MultiCurve",
            CurveKind::MultiSurface => "MultiSurface",
        }
    }
}

/// The curved kinds met in one geometry, in the order of [`CurveKind`], without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Kinds(Vec<CurveKind>);

impl Kinds {
    pub(crate) fn add(&mut self, kind: CurveKind) {
        if let Err(at) = self.0.binary_search(&kind) {
            self.0.insert(at, kind);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The features of one read whose geometries were curved: how many, the first few ids and every
/// kind met, for one notice.
#[derive(Debug, Default)]
pub(crate) struct Curves {
    count: usize,
    first: Vec<u64>,
    kinds: Kinds,
}

impl Curves {
    /// Records feature `id` if its geometry had curves of `kinds`.
    pub(crate) fn note(&mut self, id: u64, kinds: &Kinds) {
        if kinds.is_empty() {
            return;
        }
        self.count += 1;
        if self.first.len() < 5 {
            self.first.push(id);
        }
        for kind in &kinds.0 {
            self.kinds.add(*kind);
        }
    }

    /// The notice naming what was linearised, if anything was.
    pub(crate) fn notice(&self) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let names: Vec<&str> = self.kinds.0.iter().map(|k| k.name()).collect();
        let ids: Vec<String> = self.first.iter().map(u64::to_string).collect();
        let more = if self.count > self.first.len() { ", …" } else { "" };
        Some(format!(
            "{} feature{} had curved geometries ({}), read as lines with a position at least every \
             {ARC_STEP_DEGREES}° of arc, as GDAL linearises curves (ids {}{more}); layers hold no curves, so \
             saving writes the lines",
            self.count,
            if self.count == 1 { "" } else { "s" },
            names.join(", "),
            ids.join(", "),
        ))
    }
}

/// The positions of a CircularString: arcs through (p0, p1, p2), (p2, p3, p4), … made into lines.
/// A CircularString has 0 positions or an odd number of at least 3.
pub(crate) fn circular_string(points: &[Coord<f64>]) -> Result<Vec<Coord<f64>>, String> {
    if points.is_empty() {
        return Ok(Vec::new());
    }
    if points.len() < 3 || points.len().is_multiple_of(2) {
        return Err(format!(
            "a CircularString has {} positions; it needs an odd number of at least 3 (start, then a middle \
             and an end position for each arc)",
            points.len()
        ));
    }
    let mut out = vec![points[0]];
    for arc_points in points.windows(3).step_by(2) {
        arc(arc_points[0], arc_points[1], arc_points[2], &mut out);
        if out.len() > MAX_LINEARISED_POSITIONS {
            return Err(too_many());
        }
    }
    Ok(out)
}

/// The message of a curve that would make more than [`MAX_LINEARISED_POSITIONS`] positions.
pub(crate) fn too_many() -> String {
    format!(
        "a curved geometry would become more than {MAX_LINEARISED_POSITIONS} positions as lines; RustGIS reads \
         curves of at most that many (simplify or linearise it first, e.g. ogr2ogr -nlt CONVERT_TO_LINEAR)"
    )
}

/// Appends the arc from `p0` through `p1` to `p2` as lines: the positions after `p0`, ending with
/// `p1`'s and `p2`'s exact values at their places. Three positions on a line (or repeated ones)
/// are straight segments; `p0 == p2` is the full circle through `p1`, turning anticlockwise as GDAL
/// turns it.
pub(crate) fn arc(p0: Coord<f64>, p1: Coord<f64>, p2: Coord<f64>, out: &mut Vec<Coord<f64>>) {
    let Some(circle) = Circle::through(p0, p1, p2) else {
        out.push(p1);
        out.push(p2);
        return;
    };
    let (a0, mut a1, mut a2) = (circle.angle(p0), circle.angle(p1), circle.angle(p2));
    let tau = std::f64::consts::TAU;
    if circle.anticlockwise {
        while a1 <= a0 {
            a1 += tau;
        }
        while a2 <= a1 {
            a2 += tau;
        }
    } else {
        while a1 >= a0 {
            a1 -= tau;
        }
        while a2 >= a1 {
            a2 -= tau;
        }
    }
    circle.push_steps(a0, a1, out);
    out.push(p1);
    circle.push_steps(a1, a2, out);
    out.push(p2);
}

struct Circle {
    centre: Coord<f64>,
    radius: f64,
    anticlockwise: bool,
}

impl Circle {
    /// The circle through three positions and the way the arc p0 → p1 → p2 turns on it; `None`
    /// when they are on one line or two of them coincide (but a full circle, p0 == p2 ≠ p1).
    fn through(p0: Coord<f64>, p1: Coord<f64>, p2: Coord<f64>) -> Option<Circle> {
        if p0 == p1 || p1 == p2 {
            return None;
        }
        if p0 == p2 {
            let centre = Coord { x: (p0.x + p1.x) / 2.0, y: (p0.y + p1.y) / 2.0 };
            let radius = ((p0.x - centre.x).hypot(p0.y - centre.y)).max(f64::MIN_POSITIVE);
            return Some(Circle { centre, radius, anticlockwise: true });
        }
        // Relative to p0, so that coordinates far from the origin keep their precision.
        let (bx, by) = (p1.x - p0.x, p1.y - p0.y);
        let (cx, cy) = (p2.x - p0.x, p2.y - p0.y);
        let d = 2.0 * (bx * cy - by * cx);
        let scale = bx.hypot(by).max(cx.hypot(cy));
        if !d.is_finite() || d.abs() <= 1e-12 * scale * scale {
            return None;
        }
        let (b2, c2) = (bx * bx + by * by, cx * cx + cy * cy);
        let ux = (cy * b2 - by * c2) / d;
        let uy = (bx * c2 - cx * b2) / d;
        let centre = Coord { x: p0.x + ux, y: p0.y + uy };
        let radius = ux.hypot(uy);
        if !radius.is_finite() {
            return None;
        }
        Some(Circle { centre, radius, anticlockwise: d > 0.0 })
    }

    fn angle(&self, p: Coord<f64>) -> f64 {
        (p.y - self.centre.y).atan2(p.x - self.centre.x)
    }

    /// The positions strictly between angles `from` and `to`, evenly spaced, none more than
    /// [`ARC_STEP_DEGREES`] apart.
    fn push_steps(&self, from: f64, to: f64, out: &mut Vec<Coord<f64>>) {
        let sweep = to - from;
        let steps = (sweep.abs() / ARC_STEP_DEGREES.to_radians()).ceil().max(1.0) as usize;
        for k in 1..steps {
            let angle = from + sweep * (k as f64 / steps as f64);
            out.push(Coord {
                x: self.centre.x + self.radius * angle.cos(),
                y: self.centre.y + self.radius * angle.sin(),
            });
        }
    }
}

/// Joins the components of a CompoundCurve (each already lines): each must start where the one
/// before ends.
pub(crate) fn join_components(components: Vec<Vec<Coord<f64>>>) -> Result<Vec<Coord<f64>>, String> {
    let mut out: Vec<Coord<f64>> = Vec::new();
    for (i, component) in components.into_iter().enumerate() {
        let Some(first) = component.first() else { continue };
        match out.last() {
            None => out.extend(component),
            Some(end) if same_position(*end, *first) => out.extend(component.into_iter().skip(1)),
            Some(end) => {
                return Err(format!(
                    "part {} of a CompoundCurve starts at ({} {}), not where part {i} ends ({} {}); the parts of a \
                     CompoundCurve must join",
                    i + 1,
                    first.x,
                    first.y,
                    end.x,
                    end.y
                ));
            }
        }
        if out.len() > MAX_LINEARISED_POSITIONS {
            return Err(too_many());
        }
    }
    Ok(out)
}

/// Positions equal within GDAL's tolerance for joining the parts of a compound curve (1e-14
/// relative to the larger coordinate).
fn same_position(a: Coord<f64>, b: Coord<f64>) -> bool {
    let tolerance = 1e-14 * a.x.abs().max(a.y.abs()).max(b.x.abs()).max(b.y.abs()).max(1.0);
    (a.x - b.x).abs() <= tolerance && (a.y - b.y).abs() <= tolerance
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: f64, y: f64) -> Coord<f64> {
        Coord { x, y }
    }

    fn distance(a: Coord<f64>, b: Coord<f64>) -> f64 {
        (a.x - b.x).hypot(a.y - b.y)
    }

    #[test]
    fn a_half_circle_keeps_its_three_positions_and_puts_every_added_one_on_the_circle() {
        let line = circular_string(&[c(-1.0, 0.0), c(0.0, 1.0), c(1.0, 0.0)]).expect("an arc");
        assert_eq!(line.first(), Some(&c(-1.0, 0.0)));
        assert_eq!(line.last(), Some(&c(1.0, 0.0)));
        assert!(line.contains(&c(0.0, 1.0)), "the middle control position is a vertex");
        for p in &line {
            assert!((distance(*p, c(0.0, 0.0)) - 1.0).abs() < 1e-12, "{p:?} is on the unit circle");
            assert!(p.y >= -1e-12, "the arc through (0 1) stays above the x axis: {p:?}");
        }
        // 180° in steps of at most 4°: 45 segments (two quarter arcs of 23 each here).
        assert_eq!(line.len(), 2 * 23 + 1);
    }

    #[test]
    fn no_segment_of_a_linearised_arc_spans_more_than_four_degrees() {
        let line = circular_string(&[c(10.0, 0.0), c(0.0, -10.0), c(-10.0, 0.0), c(0.0, 10.0), c(10.0, 0.0)])
            .expect("a closed circle of two arcs");
        let max_chord = 2.0 * 10.0 * (ARC_STEP_DEGREES.to_radians() / 2.0).sin();
        for pair in line.windows(2) {
            assert!(distance(pair[0], pair[1]) <= max_chord + 1e-9, "{pair:?}");
        }
        assert!(line.contains(&c(0.0, -10.0)), "the arc turns clockwise through (0 -10)");
    }

    #[test]
    fn a_full_circle_goes_round_through_its_middle_position() {
        let mut out = vec![c(2.0, 0.0)];
        arc(c(2.0, 0.0), c(0.0, 0.0), c(2.0, 0.0), &mut out);
        assert_eq!(out.last(), Some(&c(2.0, 0.0)));
        assert!(out.contains(&c(0.0, 0.0)));
        let area = geo::Area::signed_area(&geo::Polygon::new(geo::LineString::new(out), vec![]));
        assert!((area - std::f64::consts::PI).abs() < 0.01, "anticlockwise, about π: {area}");
    }

    #[test]
    fn positions_on_one_line_stay_straight() {
        let line = circular_string(&[c(0.0, 0.0), c(1.0, 1.0), c(2.0, 2.0)]).expect("a straight arc");
        assert_eq!(line, vec![c(0.0, 0.0), c(1.0, 1.0), c(2.0, 2.0)]);
    }

    #[test]
    fn an_arc_far_from_the_origin_is_as_round_as_one_near_it() {
        let (x, y) = (5.0e6, 1.0e7);
        let line = circular_string(&[c(x - 1.0, y), c(x, y + 1.0), c(x + 1.0, y)]).expect("an arc");
        for p in &line {
            assert!((distance(*p, c(x, y)) - 1.0).abs() < 1e-6, "{p:?}");
        }
    }

    #[test]
    fn an_even_number_of_positions_is_refused_by_name() {
        let error = circular_string(&[c(0.0, 0.0), c(1.0, 1.0)]).expect_err("two positions are no arc");
        assert!(error.contains("odd number of at least 3"), "{error}");
    }

    #[test]
    fn compound_parts_that_do_not_join_are_refused() {
        let error =
            join_components(vec![vec![c(0.0, 0.0), c(1.0, 0.0)], vec![c(2.0, 0.0), c(3.0, 0.0)]]).expect_err("a gap");
        assert!(error.contains("must join"), "{error}");
        let joined =
            join_components(vec![vec![c(0.0, 0.0), c(1.0, 0.0)], vec![c(1.0, 0.0), c(3.0, 0.0)]]).expect("joined");
        assert_eq!(joined, vec![c(0.0, 0.0), c(1.0, 0.0), c(3.0, 0.0)]);
    }

    #[test]
    fn the_notice_names_the_kinds_and_the_first_features() {
        let mut curves = Curves::default();
        assert_eq!(curves.notice(), None);
        let mut kinds = Kinds::default();
        kinds.add(CurveKind::CurvePolygon);
        kinds.add(CurveKind::CircularString);
        kinds.add(CurveKind::CurvePolygon);
        curves.note(7, &kinds);
        curves.note(8, &Kinds::default());
        let notice = curves.notice().expect("a notice");
        assert!(notice.starts_with("1 feature had curved geometries (CircularString, CurvePolygon)"), "{notice}");
        assert!(notice.contains("ids 7)"), "{notice}");
    }
}
