//! Geometries as QGIS's expressions see them: with Z and M values, curves (circular strings,
//! compound curves, curve polygons), triangles and empty geometries, read from and written to
//! WKT the way QGIS writes it (`Point ZM (1 2 3 4)`, `MultiPoint ((0 0),(1 1))`) and to ISO WKB.
//!
//! Algorithms that need a planar 2D geometry convert to `geo` ([`Geom::to_geo`]); curves are
//! then segmentized, as QGIS does, at most one degree of arc per segment.

use std::fmt::Write as _;

use geo::Geometry;

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

    /// WKT as QGIS writes it. `precision` is the number of decimals (trailing zeros dropped);
    /// `None` writes each number in its shortest exact form.
    pub(crate) fn to_wkt(&self, precision: Option<usize>) -> String {
        let mut out = String::new();
        self.write_wkt(&mut out, precision, true);
        out
    }

    fn write_wkt(&self, out: &mut String, precision: Option<usize>, with_type: bool) {
        if with_type {
            out.push_str(self.type_name());
            out.push_str(self.dims.suffix());
            out.push(' ');
        }
        if self.is_empty() && !matches!(self.kind, Kind::CompoundCurve(_)) {
            // QGIS writes an empty geometry as `Point EMPTY`, whatever its parts.
            out.push_str("EMPTY");
            return;
        }
        let dims = self.dims;
        let coords = |out: &mut String, cs: &[Coord]| {
            out.push('(');
            for (idx, c) in cs.iter().enumerate() {
                if idx > 0 {
                    out.push_str(", ");
                }
                write_coord(out, c, dims, precision);
            }
            out.push(')');
        };
        match &self.kind {
            Kind::Point(Some(c)) => coords(out, std::slice::from_ref(c)),
            Kind::Point(None) => out.push_str("EMPTY"),
            Kind::LineString(cs) | Kind::CircularString(cs) => coords(out, cs),
            Kind::Triangle(cs) => {
                out.push('(');
                coords(out, cs);
                out.push(')');
            }
            Kind::Polygon(rings) => {
                out.push('(');
                for (idx, ring) in rings.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    coords(out, ring);
                }
                out.push(')');
            }
            Kind::CompoundCurve(parts) | Kind::CurvePolygon(parts) | Kind::MultiCurve(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    let plain = matches!(part.kind, Kind::LineString(_));
                    part.write_wkt(out, precision, !plain);
                }
                out.push(')');
            }
            Kind::MultiPoint(parts) | Kind::MultiLineString(parts) | Kind::MultiPolygon(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    part.write_wkt(out, precision, false);
                }
                out.push(')');
            }
            Kind::MultiSurface(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    let plain = matches!(part.kind, Kind::Polygon(_));
                    part.write_wkt(out, precision, !plain);
                }
                out.push(')');
            }
            Kind::GeometryCollection(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    part.write_wkt(out, precision, true);
                }
                out.push(')');
            }
        }
    }

    /// Reads WKT as QGIS does; `None` when the text is not WKT (QGIS gives a null geometry).
    pub(crate) fn from_wkt(text: &str) -> Option<Geom> {
        let mut reader = Reader { text, pos: 0, depth: 0 };
        let geometry = reader.geometry(None).ok()?;
        // QGIS ignores stray closing parentheses after a complete geometry.
        while reader.eat(')') {}
        reader.skip_blanks();
        (reader.pos == text.len()).then_some(geometry)
    }
}

fn write_coord(out: &mut String, c: &Coord, dims: Dims, precision: Option<usize>) {
    write_number(out, c.x, precision);
    out.push(' ');
    write_number(out, c.y, precision);
    if dims.z {
        out.push(' ');
        write_number(out, c.z, precision);
    }
    if dims.m {
        out.push(' ');
        write_number(out, c.m, precision);
    }
}

/// A number as QGIS's qgsDoubleToString: fixed decimals, trailing zeros dropped, `-0` as `0`.
pub(crate) fn write_number(out: &mut String, value: f64, precision: Option<usize>) {
    if value.is_nan() {
        out.push_str("nan");
        return;
    }
    let text = match precision {
        Some(places) => {
            let fixed = format!("{value:.places$}");
            if fixed.contains('.') { fixed.trim_end_matches('0').trim_end_matches('.').to_owned() } else { fixed }
        }
        None => {
            let mut text = String::new();
            let _ = write!(text, "{value}");
            text
        }
    };
    if text == "-0" {
        out.push('0');
    } else {
        out.push_str(&text);
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

/// How deeply collections may nest in WKT, so that reading never exhausts the stack.
const MAX_WKT_DEPTH: usize = 16;

struct Reader<'t> {
    text: &'t str,
    pos: usize,
    depth: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_blanks(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_blanks();
        self.rest().chars().next()
    }

    fn word(&mut self) -> String {
        self.skip_blanks();
        let rest = self.rest();
        let len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        let word = rest[..len].to_ascii_uppercase();
        self.pos += len;
        word
    }

    fn eat(&mut self, symbol: char) -> bool {
        if self.peek() == Some(symbol) {
            self.pos += symbol.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, symbol: char) -> Result<(), ()> {
        if self.eat(symbol) { Ok(()) } else { Err(()) }
    }

    /// A type word with any attached or separate Z/M/ZM suffix.
    fn tag(&mut self) -> (String, Option<Dims>) {
        let word = self.word();
        let mut dims = None;
        let mut base = word.clone();
        for (suffix, d) in
            [("ZM", Dims { z: true, m: true }), ("Z", Dims { z: true, m: false }), ("M", Dims { z: false, m: true })]
        {
            if let Some(stripped) = word.strip_suffix(suffix)
                && is_type_name(stripped)
            {
                base = stripped.to_owned();
                dims = Some(d);
                break;
            }
        }
        if dims.is_none() {
            let saved = self.pos;
            match self.word().as_str() {
                "ZM" => dims = Some(Dims { z: true, m: true }),
                "Z" => dims = Some(Dims { z: true, m: false }),
                "M" => dims = Some(Dims { z: false, m: true }),
                _ => self.pos = saved,
            }
        }
        (base, dims)
    }

    /// After the tag: `EMPTY` (false) or `(` (true).
    fn open(&mut self) -> Result<bool, ()> {
        let saved = self.pos;
        if self.word() == "EMPTY" {
            return Ok(false);
        }
        self.pos = saved;
        self.expect('(')?;
        Ok(true)
    }

    fn number(&mut self) -> Option<f64> {
        self.skip_blanks();
        let rest = self.rest();
        let lower = rest.get(..3).map(str::to_ascii_lowercase);
        if lower.as_deref() == Some("nan") {
            self.pos += 3;
            return Some(f64::NAN);
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
            .unwrap_or(rest.len());
        let value = rest[..len].parse::<f64>().ok()?;
        self.pos += len;
        Some(value)
    }

    /// `x y [z [m]]`; a coordinate with fewer than two numbers is skipped (`None`), as QGIS
    /// does. The count of numbers is returned so the caller can infer dims.
    fn coord(&mut self, dims: Option<Dims>) -> Result<Option<(Coord, usize)>, ()> {
        let mut values = Vec::new();
        while values.len() < 4 {
            match self.peek() {
                Some(c) if c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'n' | 'N') => {
                    values.push(self.number().ok_or(())?);
                }
                _ => break,
            }
        }
        if values.len() < 2 {
            return if values.is_empty() { Err(()) } else { Ok(None) };
        }
        let mut c = Coord::xy(values[0], values[1]);
        match dims {
            Some(Dims { z: true, m: true }) => {
                c.z = values.get(2).copied().unwrap_or(f64::NAN);
                c.m = values.get(3).copied().unwrap_or(f64::NAN);
            }
            Some(Dims { z: true, m: false }) => c.z = values.get(2).copied().unwrap_or(f64::NAN),
            Some(Dims { z: false, m: true }) => c.m = values.get(2).copied().unwrap_or(f64::NAN),
            _ => {
                if values.len() >= 3 {
                    c.z = values[2];
                }
                if values.len() >= 4 {
                    c.m = values[3];
                }
            }
        }
        Ok(Some((c, values.len())))
    }

    /// `(x y, x y, …)` after its `(`; returns the coordinates and the largest count seen.
    fn coords_until_close(&mut self, dims: Option<Dims>) -> Result<(Vec<Coord>, usize), ()> {
        let mut coords = Vec::new();
        let mut most = 0;
        loop {
            if let Some((c, n)) = self.coord(dims)? {
                coords.push(c);
                most = most.max(n);
            }
            if !self.eat(',') {
                break;
            }
        }
        self.expect(')')?;
        Ok((coords, most))
    }

    fn geometry(&mut self, parent_dims: Option<Dims>) -> Result<Geom, ()> {
        self.depth += 1;
        if self.depth > MAX_WKT_DEPTH {
            return Err(());
        }
        let (tag, dims) = self.tag();
        let dims = dims.or(parent_dims);
        let geometry = self.body(&tag, dims)?;
        self.depth -= 1;
        Ok(geometry)
    }

    /// A part of a multi geometry: typed (`Polygon((…))`) or bare (`((…))`).
    fn part(&mut self, default_tag: &str, dims: Option<Dims>) -> Result<Geom, ()> {
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.geometry(dims)
        } else {
            self.body(default_tag, dims)
        }
    }

    fn body(&mut self, tag: &str, dims: Option<Dims>) -> Result<Geom, ()> {
        let inferred = |n: usize| match dims {
            Some(d) => d,
            None => Dims { z: n >= 3, m: n >= 4 },
        };
        Ok(match tag {
            "POINT" => {
                if !self.open()? {
                    return Ok(Geom::new(dims.unwrap_or_default(), Kind::Point(None)));
                }
                let (coords, n) = self.coords_until_close(dims)?;
                let c = *coords.first().ok_or(())?;
                Geom::new(inferred(n), Kind::Point(Some(c)))
            }
            "LINESTRING" | "CIRCULARSTRING" => {
                let (coords, n) = if self.open()? { self.coords_until_close(dims)? } else { (Vec::new(), 0) };
                let kind = if tag == "LINESTRING" { Kind::LineString(coords) } else { Kind::CircularString(coords) };
                Geom::new(inferred(n), kind)
            }
            "POLYGON" | "TRIANGLE" => {
                let mut rings = Vec::new();
                let mut most = 0;
                if self.open()? {
                    loop {
                        self.expect('(')?;
                        let (ring, n) = self.coords_until_close(dims)?;
                        most = most.max(n);
                        rings.push(ring);
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                }
                if tag == "TRIANGLE" {
                    Geom::new(inferred(most), Kind::Triangle(rings.into_iter().next().unwrap_or_default()))
                } else {
                    Geom::new(inferred(most), Kind::Polygon(rings))
                }
            }
            "MULTIPOINT" => {
                let mut parts = Vec::new();
                let mut most = 0;
                if self.open()? {
                    loop {
                        if self.eat('(') {
                            let (coords, n) = self.coords_until_close(dims)?;
                            most = most.max(n);
                            if let Some(c) = coords.first() {
                                parts.push(Kind::Point(Some(*c)));
                            }
                        } else if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                            let g = self.geometry(dims)?;
                            most = most.max(2 + usize::from(g.dims.z) + usize::from(g.dims.m));
                            parts.push(g.kind);
                        } else if let Some((c, n)) = self.coord(dims)? {
                            most = most.max(n);
                            parts.push(Kind::Point(Some(c)));
                        }
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                }
                let d = inferred(most);
                Geom::new(d, Kind::MultiPoint(parts.into_iter().map(|k| Geom::new(d, k)).collect()))
            }
            "MULTILINESTRING" | "MULTIPOLYGON" | "MULTICURVE" | "MULTISURFACE" | "GEOMETRYCOLLECTION"
            | "COMPOUNDCURVE" | "CURVEPOLYGON" => {
                let default_tag = match tag {
                    "MULTILINESTRING" | "MULTICURVE" | "COMPOUNDCURVE" | "CURVEPOLYGON" => "LINESTRING",
                    "MULTIPOLYGON" | "MULTISURFACE" => "POLYGON",
                    _ => "",
                };
                let mut parts = Vec::new();
                if self.open()? {
                    if self.peek() != Some(')') {
                        loop {
                            if default_tag.is_empty() && !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                                return Err(());
                            }
                            parts.push(self.part(default_tag, dims)?);
                            if !self.eat(',') {
                                break;
                            }
                        }
                    }
                    self.expect(')')?;
                }
                let d = dims.unwrap_or_else(|| parts.first().map_or(Dims::XY, |p: &Geom| p.dims));
                let parts: Vec<Geom> =
                    parts.into_iter().map(|p| if p.dims == d { p } else { p.with_dims(d, 0.0) }).collect();
                let kind = match tag {
                    "MULTILINESTRING" => Kind::MultiLineString(parts),
                    "MULTIPOLYGON" => Kind::MultiPolygon(parts),
                    "MULTICURVE" => Kind::MultiCurve(parts),
                    "MULTISURFACE" => Kind::MultiSurface(parts),
                    "COMPOUNDCURVE" => Kind::CompoundCurve(parts),
                    "CURVEPOLYGON" => Kind::CurvePolygon(parts),
                    _ => Kind::GeometryCollection(parts),
                };
                Geom::new(d, kind)
            }
            _ => return Err(()),
        })
    }
}

fn is_type_name(word: &str) -> bool {
    matches!(
        word,
        "POINT"
            | "LINESTRING"
            | "POLYGON"
            | "MULTIPOINT"
            | "MULTILINESTRING"
            | "MULTIPOLYGON"
            | "GEOMETRYCOLLECTION"
            | "CIRCULARSTRING"
            | "COMPOUNDCURVE"
            | "CURVEPOLYGON"
            | "MULTICURVE"
            | "MULTISURFACE"
            | "TRIANGLE"
    )
}

/// The ISO WKB type code of a geometry (1000s for Z, 2000s for M, 3000s for ZM).
fn wkb_code(g: &Geom) -> u32 {
    let base = match g.kind {
        Kind::Point(_) => 1,
        Kind::LineString(_) => 2,
        Kind::Polygon(_) => 3,
        Kind::MultiPoint(_) => 4,
        Kind::MultiLineString(_) => 5,
        Kind::MultiPolygon(_) => 6,
        Kind::GeometryCollection(_) => 7,
        Kind::CircularString(_) => 8,
        Kind::CompoundCurve(_) => 9,
        Kind::CurvePolygon(_) => 10,
        Kind::MultiCurve(_) => 11,
        Kind::MultiSurface(_) => 12,
        Kind::Triangle(_) => 17,
    };
    base + match (g.dims.z, g.dims.m) {
        (false, false) => 0,
        (true, false) => 1000,
        (false, true) => 2000,
        (true, true) => 3000,
    }
}

impl Geom {
    /// ISO WKB, little-endian.
    pub(crate) fn to_wkb(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_wkb(&mut out);
        out
    }

    fn write_wkb(&self, out: &mut Vec<u8>) {
        out.push(1);
        out.extend_from_slice(&wkb_code(self).to_le_bytes());
        let dims = self.dims;
        let coord = |out: &mut Vec<u8>, c: &Coord| {
            out.extend_from_slice(&c.x.to_le_bytes());
            out.extend_from_slice(&c.y.to_le_bytes());
            if dims.z {
                out.extend_from_slice(&c.z.to_le_bytes());
            }
            if dims.m {
                out.extend_from_slice(&c.m.to_le_bytes());
            }
        };
        let count =
            |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        match &self.kind {
            Kind::Point(Some(c)) => coord(out, c),
            Kind::Point(None) => coord(out, &Coord { x: f64::NAN, y: f64::NAN, z: f64::NAN, m: f64::NAN }),
            Kind::LineString(cs) | Kind::CircularString(cs) => {
                count(out, cs.len());
                cs.iter().for_each(|c| coord(out, c));
            }
            Kind::Triangle(cs) => {
                count(out, usize::from(!cs.is_empty()));
                if !cs.is_empty() {
                    count(out, cs.len());
                    cs.iter().for_each(|c| coord(out, c));
                }
            }
            Kind::Polygon(rings) => {
                count(out, rings.len());
                for ring in rings {
                    count(out, ring.len());
                    ring.iter().for_each(|c| coord(out, c));
                }
            }
            _ => {
                let parts = match &self.kind {
                    Kind::CompoundCurve(p) | Kind::CurvePolygon(p) => p.as_slice(),
                    _ => self.parts().unwrap_or(&[]),
                };
                count(out, parts.len());
                parts.iter().for_each(|p| p.write_wkb(out));
            }
        }
    }

    /// Reads WKB (ISO or EWKB-style flags, either byte order).
    pub(crate) fn from_wkb(bytes: &[u8]) -> Option<Geom> {
        let mut pos = 0;
        let g = read_wkb(bytes, &mut pos, 0)?;
        (pos == bytes.len()).then_some(g)
    }
}

fn read_wkb(bytes: &[u8], pos: &mut usize, depth: usize) -> Option<Geom> {
    if depth > MAX_WKT_DEPTH {
        return None;
    }
    let little = match bytes.get(*pos)? {
        0 => false,
        1 => true,
        _ => return None,
    };
    *pos += 1;
    let u32_at = |pos: &mut usize| -> Option<u32> {
        let b: [u8; 4] = bytes.get(*pos..*pos + 4)?.try_into().ok()?;
        *pos += 4;
        Some(if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) })
    };
    let f64_at = |pos: &mut usize| -> Option<f64> {
        let b: [u8; 8] = bytes.get(*pos..*pos + 8)?.try_into().ok()?;
        *pos += 8;
        Some(if little { f64::from_le_bytes(b) } else { f64::from_be_bytes(b) })
    };
    let raw = u32_at(pos)?;
    let mut dims = Dims { z: raw & 0x8000_0000 != 0, m: raw & 0x4000_0000 != 0 };
    let code = raw & 0x0FFF_FFFF;
    let base = code % 1000;
    match code / 1000 {
        1 => dims.z = true,
        2 => dims.m = true,
        3 => dims = Dims { z: true, m: true },
        _ => {}
    }
    let coord = |pos: &mut usize| -> Option<Coord> {
        let mut c = Coord::xy(f64_at(pos)?, f64_at(pos)?);
        if dims.z {
            c.z = f64_at(pos)?;
        }
        if dims.m {
            c.m = f64_at(pos)?;
        }
        Some(c)
    };
    let n_at = |pos: &mut usize| -> Option<usize> {
        let n = usize::try_from(u32_at(pos)?).ok()?;
        // Every item takes at least 16 bytes, so a count past the data is corrupt.
        (n <= bytes.len()).then_some(n)
    };
    let kind = match base {
        1 => {
            let c = coord(pos)?;
            Kind::Point(if c.x.is_nan() && c.y.is_nan() { None } else { Some(c) })
        }
        2 | 8 => {
            let n = n_at(pos)?;
            let cs = (0..n).map(|_| coord(pos)).collect::<Option<Vec<_>>>()?;
            if base == 2 { Kind::LineString(cs) } else { Kind::CircularString(cs) }
        }
        3 | 17 => {
            let n = n_at(pos)?;
            let mut rings = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                let m = n_at(pos)?;
                rings.push((0..m).map(|_| coord(pos)).collect::<Option<Vec<_>>>()?);
            }
            if base == 3 { Kind::Polygon(rings) } else { Kind::Triangle(rings.into_iter().next().unwrap_or_default()) }
        }
        4..=7 | 9..=12 => {
            let n = n_at(pos)?;
            let parts = (0..n).map(|_| read_wkb(bytes, pos, depth + 1)).collect::<Option<Vec<_>>>()?;
            match base {
                4 => Kind::MultiPoint(parts),
                5 => Kind::MultiLineString(parts),
                6 => Kind::MultiPolygon(parts),
                7 => Kind::GeometryCollection(parts),
                9 => Kind::CompoundCurve(parts),
                10 => Kind::CurvePolygon(parts),
                11 => Kind::MultiCurve(parts),
                _ => Kind::MultiSurface(parts),
            }
        }
        _ => return None,
    };
    Some(Geom::new(dims, kind))
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
