//! Geometries as QGIS's expressions see them: with Z and M values, curves (circular strings,
//! compound curves, curve polygons), triangles and empty geometries, read from and written to
//! WKT the way QGIS writes it (`Point ZM (1 2 3 4)`, `MultiPoint ((0 0),(1 1))`) and to ISO WKB.
//!
//! Algorithms that need a planar 2D geometry convert to `geo` ([`Geom::to_geo`]); curves are
//! then segmentized, as QGIS does, at most one degree of arc per segment.

use geo::Geometry;

mod wkb;
mod wkt;

/// How deeply collections may nest in WKT (and WKB), so that reading never exhausts the stack.
const MAX_WKT_DEPTH: usize = 16;

/// A coordinate: `z` and `m` are NaN when the geometry has no such dimension.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Coord {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub m: f64,
}

impl PartialEq for Coord {
    fn eq(&self, other: &Coord) -> bool {
        let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        same(self.x, other.x) && same(self.y, other.y) && same(self.z, other.z) && same(self.m, other.m)
    }
}

impl Coord {
    /// A 2D coordinate.
    pub(crate) fn xy(x: f64, y: f64) -> Coord {
        Coord { x, y, z: f64::NAN, m: f64::NAN }
    }

    /// The planar distance to another coordinate.
    pub(crate) fn distance(&self, other: &Coord) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// Which of Z and M a geometry has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Dims {
    pub z: bool,
    pub m: bool,
}

impl Dims {
    /// No Z, no M.
    pub(crate) const XY: Dims = Dims { z: false, m: false };

    fn suffix(self) -> &'static str {
        match (self.z, self.m) {
            (false, false) => "",
            (true, false) => " Z",
            (false, true) => " M",
            (true, true) => " ZM",
        }
    }
}

/// A geometry.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Geom {
    /// Which of Z and M the coordinates carry.
    pub dims: Dims,
    /// The shape.
    pub kind: Kind,
}

/// The kinds of geometry.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    /// A point; `None` when empty.
    Point(Option<Coord>),
    /// A polyline.
    LineString(Vec<Coord>),
    /// Circular arcs through each three points.
    CircularString(Vec<Coord>),
    /// Line strings and circular strings end to end.
    CompoundCurve(Vec<Geom>),
    /// A polygon with straight rings.
    Polygon(Vec<Vec<Coord>>),
    /// A polygon whose rings may be curves.
    CurvePolygon(Vec<Geom>),
    /// A triangle: its closed ring.
    Triangle(Vec<Coord>),
    /// Points.
    MultiPoint(Vec<Geom>),
    /// Line strings.
    MultiLineString(Vec<Geom>),
    /// Curves.
    MultiCurve(Vec<Geom>),
    /// Polygons.
    MultiPolygon(Vec<Geom>),
    /// Surfaces (polygons and curve polygons).
    MultiSurface(Vec<Geom>),
    /// Anything.
    GeometryCollection(Vec<Geom>),
}

/// The broad type QGIS's `geometry_type` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Point,
    Line,
    Polygon,
    Unknown,
}

impl Geom {
    /// A geometry of this kind and dims.
    pub(crate) fn new(dims: Dims, kind: Kind) -> Geom {
        Geom { dims, kind }
    }

    /// A 2D point.
    pub(crate) fn point(x: f64, y: f64) -> Geom {
        Geom::new(Dims::XY, Kind::Point(Some(Coord::xy(x, y))))
    }

    /// The WKT type name QGIS writes: `Point`, `MultiLineString`, `CurvePolygon`…
    pub(crate) fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Point(_) => "Point",
            Kind::LineString(_) => "LineString",
            Kind::CircularString(_) => "CircularString",
            Kind::CompoundCurve(_) => "CompoundCurve",
            Kind::Polygon(_) => "Polygon",
            Kind::CurvePolygon(_) => "CurvePolygon",
            Kind::Triangle(_) => "Triangle",
            Kind::MultiPoint(_) => "MultiPoint",
            Kind::MultiLineString(_) => "MultiLineString",
            Kind::MultiCurve(_) => "MultiCurve",
            Kind::MultiPolygon(_) => "MultiPolygon",
            Kind::MultiSurface(_) => "MultiSurface",
            Kind::GeometryCollection(_) => "GeometryCollection",
        }
    }

    /// Point, line or polygon, as QGIS's `geometry_type`.
    pub(crate) fn shape(&self) -> Shape {
        match &self.kind {
            Kind::Point(_) | Kind::MultiPoint(_) => Shape::Point,
            Kind::LineString(_) | Kind::CircularString(_) | Kind::CompoundCurve(_) => Shape::Line,
            Kind::MultiLineString(_) | Kind::MultiCurve(_) => Shape::Line,
            Kind::Polygon(_) | Kind::CurvePolygon(_) | Kind::Triangle(_) => Shape::Polygon,
            Kind::MultiPolygon(_) | Kind::MultiSurface(_) => Shape::Polygon,
            Kind::GeometryCollection(_) => Shape::Unknown,
        }
    }

    /// Whether this is a multi-part type (a collection).
    pub(crate) fn is_multi(&self) -> bool {
        self.parts().is_some()
    }

    /// The parts of a collection.
    pub(crate) fn parts(&self) -> Option<&[Geom]> {
        match &self.kind {
            Kind::MultiPoint(p)
            | Kind::MultiLineString(p)
            | Kind::MultiCurve(p)
            | Kind::MultiPolygon(p)
            | Kind::MultiSurface(p)
            | Kind::GeometryCollection(p) => Some(p),
            _ => None,
        }
    }

    /// Whether the geometry has no coordinates.
    pub(crate) fn is_empty(&self) -> bool {
        match &self.kind {
            Kind::Point(p) => p.is_none(),
            Kind::LineString(c) | Kind::CircularString(c) | Kind::Triangle(c) => c.is_empty(),
            Kind::Polygon(rings) => rings.first().is_none_or(Vec::is_empty),
            Kind::CurvePolygon(rings) => rings.first().is_none_or(Geom::is_empty),
            Kind::CompoundCurve(parts) => parts.iter().all(Geom::is_empty),
            _ => self.parts().is_none_or(|parts| parts.iter().all(Geom::is_empty)),
        }
    }

    /// Every coordinate, in order (a curve's control points, not its arcs).
    pub(crate) fn coords(&self) -> Vec<Coord> {
        let mut out = Vec::new();
        self.visit_coords(&mut |c| out.push(*c));
        out
    }

    /// Calls `f` on every coordinate, in order.
    pub(crate) fn visit_coords(&self, f: &mut dyn FnMut(&Coord)) {
        match &self.kind {
            Kind::Point(Some(c)) => f(c),
            Kind::Point(None) => {}
            Kind::LineString(cs) | Kind::CircularString(cs) | Kind::Triangle(cs) => cs.iter().for_each(f),
            Kind::Polygon(rings) => rings.iter().flatten().for_each(f),
            Kind::CompoundCurve(parts) | Kind::CurvePolygon(parts) => parts.iter().for_each(|p| p.visit_coords(f)),
            _ => self.parts().unwrap_or(&[]).iter().for_each(|p| p.visit_coords(f)),
        }
    }

    /// The same geometry with every coordinate changed by `f`.
    pub(crate) fn map_coords(&self, f: &mut dyn FnMut(Coord) -> Coord) -> Geom {
        let map_vec = |cs: &[Coord], f: &mut dyn FnMut(Coord) -> Coord| cs.iter().map(|c| f(*c)).collect::<Vec<_>>();
        let kind = match &self.kind {
            Kind::Point(c) => Kind::Point(c.map(&mut *f)),
            Kind::LineString(cs) => Kind::LineString(map_vec(cs, f)),
            Kind::CircularString(cs) => Kind::CircularString(map_vec(cs, f)),
            Kind::Triangle(cs) => Kind::Triangle(map_vec(cs, f)),
            Kind::Polygon(rings) => Kind::Polygon(rings.iter().map(|r| map_vec(r, f)).collect()),
            Kind::CompoundCurve(p) => Kind::CompoundCurve(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::CurvePolygon(p) => Kind::CurvePolygon(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::MultiPoint(p) => Kind::MultiPoint(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::MultiLineString(p) => Kind::MultiLineString(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::MultiCurve(p) => Kind::MultiCurve(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::MultiPolygon(p) => Kind::MultiPolygon(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::MultiSurface(p) => Kind::MultiSurface(p.iter().map(|g| g.map_coords(f)).collect()),
            Kind::GeometryCollection(p) => Kind::GeometryCollection(p.iter().map(|g| g.map_coords(f)).collect()),
        };
        Geom { dims: self.dims, kind }
    }

    /// The same geometry with these dims (new Z or M values are `value`; dropped ones go).
    pub(crate) fn with_dims(&self, dims: Dims, value: f64) -> Geom {
        let (had_z, had_m) = (self.dims.z, self.dims.m);
        let mut g = self.map_coords(&mut |c| Coord {
            x: c.x,
            y: c.y,
            z: if !dims.z {
                f64::NAN
            } else if had_z {
                c.z
            } else {
                value
            },
            m: if !dims.m {
                f64::NAN
            } else if had_m {
                c.m
            } else {
                value
            },
        });
        g.set_dims(dims);
        g
    }

    fn set_dims(&mut self, dims: Dims) {
        self.dims = dims;
        match &mut self.kind {
            Kind::CompoundCurve(p)
            | Kind::CurvePolygon(p)
            | Kind::MultiPoint(p)
            | Kind::MultiLineString(p)
            | Kind::MultiCurve(p)
            | Kind::MultiPolygon(p)
            | Kind::MultiSurface(p)
            | Kind::GeometryCollection(p) => p.iter_mut().for_each(|g| g.set_dims(dims)),
            _ => {}
        }
    }

    /// The geometry in `geo`'s 2D types (curves segmentized); `None` for an empty point.
    pub(crate) fn to_geo(&self) -> Option<Geometry<f64>> {
        use geo::{GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};
        let line =
            |cs: &[Coord]| LineString::from(cs.iter().map(|c| geo::Coord { x: c.x, y: c.y }).collect::<Vec<_>>());
        Some(match &self.kind {
            Kind::Point(c) => Geometry::Point(Point::new(c.as_ref()?.x, c.as_ref()?.y)),
            Kind::LineString(cs) => Geometry::LineString(line(cs)),
            Kind::CircularString(_) | Kind::CompoundCurve(_) => Geometry::LineString(line(&self.curve_points())),
            Kind::Triangle(cs) => Geometry::Polygon(Polygon::new(line(cs), Vec::new())),
            Kind::Polygon(rings) => {
                let mut rings = rings.iter().map(|r| line(r));
                let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
                Geometry::Polygon(Polygon::new(exterior, rings.collect()))
            }
            Kind::CurvePolygon(rings) => {
                let mut rings = rings.iter().map(|r| line(&r.curve_points()));
                let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
                Geometry::Polygon(Polygon::new(exterior, rings.collect()))
            }
            Kind::MultiPoint(p) => Geometry::MultiPoint(MultiPoint(
                p.iter()
                    .filter_map(|g| g.to_geo())
                    .filter_map(|g| if let Geometry::Point(p) = g { Some(p) } else { None })
                    .collect(),
            )),
            Kind::MultiLineString(p) | Kind::MultiCurve(p) => {
                Geometry::MultiLineString(MultiLineString(p.iter().map(|g| line(&g.curve_points())).collect()))
            }
            Kind::MultiPolygon(p) | Kind::MultiSurface(p) => Geometry::MultiPolygon(MultiPolygon(
                p.iter()
                    .filter_map(|g| g.to_geo())
                    .filter_map(|g| if let Geometry::Polygon(p) = g { Some(p) } else { None })
                    .collect(),
            )),
            Kind::GeometryCollection(p) => {
                Geometry::GeometryCollection(GeometryCollection(p.iter().filter_map(Geom::to_geo).collect()))
            }
        })
    }

    /// A 2D geometry from `geo`.
    pub(crate) fn from_geo(geometry: &Geometry<f64>) -> Geom {
        let coords = |line: &geo::LineString<f64>| line.0.iter().map(|c| Coord::xy(c.x, c.y)).collect::<Vec<_>>();
        let polygon = |p: &geo::Polygon<f64>| {
            if p.exterior().0.is_empty() {
                Vec::new()
            } else {
                std::iter::once(p.exterior()).chain(p.interiors()).map(coords).collect()
            }
        };
        let kind = match geometry {
            Geometry::Point(p) => Kind::Point(Some(Coord::xy(p.x(), p.y()))),
            Geometry::Line(l) => Kind::LineString(vec![Coord::xy(l.start.x, l.start.y), Coord::xy(l.end.x, l.end.y)]),
            Geometry::LineString(l) => Kind::LineString(coords(l)),
            Geometry::Polygon(p) => Kind::Polygon(polygon(p)),
            Geometry::Rect(r) => Kind::Polygon(polygon(&r.to_polygon())),
            Geometry::Triangle(t) => Kind::Polygon(polygon(&t.to_polygon())),
            Geometry::MultiPoint(ps) => Kind::MultiPoint(ps.iter().map(|p| Geom::point(p.x(), p.y())).collect()),
            Geometry::MultiLineString(ls) => {
                Kind::MultiLineString(ls.iter().map(|l| Geom::new(Dims::XY, Kind::LineString(coords(l)))).collect())
            }
            Geometry::MultiPolygon(ps) => {
                Kind::MultiPolygon(ps.iter().map(|p| Geom::new(Dims::XY, Kind::Polygon(polygon(p)))).collect())
            }
            Geometry::GeometryCollection(gs) => Kind::GeometryCollection(gs.iter().map(Geom::from_geo).collect()),
        };
        Geom::new(Dims::XY, kind)
    }

    /// The points along a curve: a line string's own, a circular string's arcs segmentized.
    pub(crate) fn curve_points(&self) -> Vec<Coord> {
        match &self.kind {
            Kind::LineString(cs) | Kind::Triangle(cs) => cs.clone(),
            Kind::CircularString(cs) => {
                let mut out: Vec<Coord> = Vec::new();
                for arc in cs.windows(3).step_by(2) {
                    let points = segmentize_arc(arc[0], arc[1], arc[2]);
                    let skip = usize::from(!out.is_empty());
                    out.extend(points.into_iter().skip(skip));
                }
                if cs.len() < 3 {
                    out.extend(cs.iter().copied());
                }
                out
            }
            Kind::CompoundCurve(parts) => {
                let mut out: Vec<Coord> = Vec::new();
                for part in parts {
                    let points = part.curve_points();
                    let skip = usize::from(!out.is_empty());
                    out.extend(points.into_iter().skip(skip));
                }
                out
            }
            _ => self.coords(),
        }
    }

    /// The length of a curve, arcs measured as arcs.
    pub(crate) fn curve_length(&self) -> f64 {
        match &self.kind {
            Kind::LineString(cs) | Kind::Triangle(cs) => cs.windows(2).map(|w| w[0].distance(&w[1])).sum(),
            Kind::CircularString(cs) => cs.windows(3).step_by(2).map(|a| arc_length(a[0], a[1], a[2])).sum(),
            Kind::CompoundCurve(parts) => parts.iter().map(Geom::curve_length).sum(),
            _ => 0.0,
        }
    }
}

/// The points of a circular arc through three points, at most one degree apart (QGIS's
/// default segmentation), starting at `a` and ending at `c`.
pub(crate) fn segmentize_arc(a: Coord, b: Coord, c: Coord) -> Vec<Coord> {
    let Some((cx, cy, r)) = circle_through(a, b, c) else {
        return vec![a, c];
    };
    let angle = |p: Coord| (p.y - cy).atan2(p.x - cx);
    let (a0, a1, a2) = (angle(a), angle(b), angle(c));
    let clockwise = orientation(a, b, c) < 0.0;
    let sweep = |from: f64, to: f64| {
        let mut d = to - from;
        if clockwise {
            while d > 0.0 {
                d -= std::f64::consts::TAU;
            }
        } else {
            while d < 0.0 {
                d += std::f64::consts::TAU;
            }
        }
        d
    };
    let total = sweep(a0, a2);
    let _ = a1;
    let step = std::f64::consts::PI / 180.0;
    let n = ((total.abs() / step).ceil() as usize).max(1);
    let mut out = Vec::with_capacity(n + 1);
    for i in 0..=n {
        if i == 0 {
            out.push(a);
        } else if i == n {
            out.push(c);
        } else {
            let t = a0 + total * i as f64 / n as f64;
            let f = i as f64 / n as f64;
            out.push(Coord {
                x: cx + r * t.cos(),
                y: cy + r * t.sin(),
                z: a.z + (c.z - a.z) * f,
                m: a.m + (c.m - a.m) * f,
            });
        }
    }
    out
}

/// The length of the circular arc from `a` through `b` to `c`.
pub(crate) fn arc_length(a: Coord, b: Coord, c: Coord) -> f64 {
    let Some((cx, cy, r)) = circle_through(a, b, c) else {
        return a.distance(&c);
    };
    if a == c {
        // A full circle.
        return std::f64::consts::TAU * r;
    }
    let angle = |p: Coord| (p.y - cy).atan2(p.x - cx);
    let clockwise = orientation(a, b, c) < 0.0;
    let mut d = angle(c) - angle(a);
    if clockwise {
        while d > 0.0 {
            d -= std::f64::consts::TAU;
        }
    } else {
        while d < 0.0 {
            d += std::f64::consts::TAU;
        }
    }
    d.abs() * r
}

fn orientation(a: Coord, b: Coord, c: Coord) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// The centre and radius of the circle through three points; when the first and last are the
/// same, the circle whose diameter joins the first and the middle one.
pub(crate) fn circle_through(a: Coord, b: Coord, c: Coord) -> Option<(f64, f64, f64)> {
    if a == c {
        let (cx, cy) = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        return Some((cx, cy, a.distance(&b) / 2.0));
    }
    let d = 2.0 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
    if d.abs() < 1e-12 {
        return None;
    }
    let sq = |p: Coord| p.x * p.x + p.y * p.y;
    let cx = (sq(a) * (b.y - c.y) + sq(b) * (c.y - a.y) + sq(c) * (a.y - b.y)) / d;
    let cy = (sq(a) * (c.x - b.x) + sq(b) * (a.x - c.x) + sq(c) * (b.x - a.x)) / d;
    Some((cx, cy, (a.x - cx).hypot(a.y - cy)))
}

#[cfg(test)]
mod tests {
    use super::Geom;

    #[test]
    fn wkt_is_written_as_qgis_writes_it() {
        for (input, output) in [
            ("POINT(1 2)", "Point (1 2)"),
            ("POINT(2 2 2 2)", "Point ZM (2 2 2 2)"),
            ("PointZ (1 1 nan)", "Point Z (1 1 nan)"),
            ("MULTIPOINT(-5 -3,1 2)", "MultiPoint ((-5 -3),(1 2))"),
            (
                "POLYGON((0 0, 1 0, 1 1, 0 0),(0.1 0.1, 0.2 0.1, 0.2 0.2, 0.1 0.1))",
                "Polygon ((0 0, 1 0, 1 1, 0 0),(0.1 0.1, 0.2 0.1, 0.2 0.2, 0.1 0.1))",
            ),
            ("MULTIPOLYGON(Polygon((0 0, 1 0, 1 1, 0 0)))", "MultiPolygon (((0 0, 1 0, 1 1, 0 0)))"),
            (
                "GEOMETRYCOLLECTION(POINT(0 1), LINESTRING(0 0, 1 1))",
                "GeometryCollection (Point (0 1),LineString (0 0, 1 1))",
            ),
            (
                "CurvePolygon (CompoundCurve (CircularString (0 0, 0 1, 1 1),(1 1, 0 0)))",
                "CurvePolygon (CompoundCurve (CircularString (0 0, 0 1, 1 1),(1 1, 0 0)))",
            ),
            ("LINESTRING EMPTY", "LineString EMPTY"),
            ("GEOMETRYCOLLECTION()", "GeometryCollection EMPTY"),
        ] {
            let g = Geom::from_wkt(input).unwrap_or_else(|| panic!("{input} reads"));
            assert_eq!(g.to_wkt(Some(8)), output);
            assert_eq!(Geom::from_wkb(&g.to_wkb()), Some(g), "{input} through WKB");
        }
    }
}
