//! Geometry measures for expressions (geodesic on geographic CRSs, planar otherwise) and a small
//! WKT writer (WKT is read by `io::wkt_geometry`, with its nesting limit).
//!
//! WKT is written the way QGIS 3 writes it (`Point (1 2)`, `Polygon ((0 0, 1 0, 1 1, 0 0))`), and
//! read case-insensitively; Z and M values are read and dropped, since geometries here are 2D.

use geo::{Area, Coord, Euclidean, GeodesicArea, Geometry, Length, LineString, Polygon};

use crate::Crs;

/// The area: geodesic square metres on a geographic CRS, square CRS units otherwise.
pub(super) fn area(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    if crs.is_geographic() { crate::measure::geodesic_area(geometry) } else { geometry.unsigned_area() }
}

/// The length of the line parts: geodesic metres on a geographic CRS, CRS units otherwise.
/// Points and polygons have no length (use [`perimeter`] for polygons), as in QGIS.
pub(super) fn length(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    let measure = |line: &LineString<f64>| {
        if crs.is_geographic() { crate::measure::geodesic_length_of_lines([line]) } else { Euclidean.length(line) }
    };
    match geometry {
        Geometry::Line(line) => measure(&LineString::from(*line)),
        Geometry::LineString(line) => measure(line),
        Geometry::MultiLineString(lines) => lines.iter().map(measure).sum(),
        Geometry::GeometryCollection(parts) => parts.iter().map(|part| length(part, crs)).sum(),
        Geometry::Point(_)
        | Geometry::MultiPoint(_)
        | Geometry::Polygon(_)
        | Geometry::MultiPolygon(_)
        | Geometry::Rect(_)
        | Geometry::Triangle(_) => 0.0,
    }
}

/// The length of the polygon rings: geodesic metres on a geographic CRS, CRS units otherwise.
/// Points and lines have no perimeter, as in QGIS.
pub(super) fn perimeter(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    if crs.is_geographic() {
        return geometry.geodesic_perimeter();
    }
    let rings = |polygon: &Polygon<f64>| {
        std::iter::once(polygon.exterior()).chain(polygon.interiors()).map(|ring| Euclidean.length(ring)).sum::<f64>()
    };
    match geometry {
        Geometry::Polygon(polygon) => rings(polygon),
        Geometry::MultiPolygon(polygons) => polygons.iter().map(rings).sum(),
        Geometry::Rect(rect) => rings(&rect.to_polygon()),
        Geometry::Triangle(triangle) => rings(&triangle.to_polygon()),
        Geometry::GeometryCollection(parts) => parts.iter().map(|part| perimeter(part, crs)).sum(),
        Geometry::Point(_)
        | Geometry::MultiPoint(_)
        | Geometry::Line(_)
        | Geometry::LineString(_)
        | Geometry::MultiLineString(_) => 0.0,
    }
}

/// The QGIS name of a geometry's type: `Point`, `Line` or `Polygon`, or `Unknown` for a mixed
/// collection.
pub(super) fn type_name(geometry: &Geometry<f64>) -> &'static str {
    match geometry {
        Geometry::Point(_) | Geometry::MultiPoint(_) => "Point",
        Geometry::Line(_) | Geometry::LineString(_) | Geometry::MultiLineString(_) => "Line",
        Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => "Polygon",
        Geometry::GeometryCollection(_) => "Unknown",
    }
}

/// The geometry as WKT. `precision` is the number of decimals (trailing zeros dropped); `None`
/// writes each number exactly, in its shortest form.
pub(super) fn to_wkt(geometry: &Geometry<f64>, precision: Option<usize>) -> String {
    let mut out = String::new();
    Writer { precision }.geometry(&mut out, geometry);
    out
}

/// Reads WKT. The error names what was expected and the character where it went wrong.
pub(super) fn from_wkt(text: &str) -> Result<Option<Geometry<f64>>, String> {
    crate::io::wkt_geometry::read(text)
}
struct Writer {
    precision: Option<usize>,
}

impl Writer {
    fn number(&self, out: &mut String, value: f64) {
        let mut text = match self.precision {
            Some(places) => {
                let fixed = format!("{value:.places$}");
                if fixed.contains('.') { fixed.trim_end_matches('0').trim_end_matches('.').to_owned() } else { fixed }
            }
            None => value.to_string(),
        };
        if text == "-0" {
            text = "0".to_owned();
        }
        out.push_str(&text);
    }

    fn coord(&self, out: &mut String, coord: Coord<f64>) {
        self.number(out, coord.x);
        out.push(' ');
        self.number(out, coord.y);
    }

    fn coords(&self, out: &mut String, coords: impl Iterator<Item = Coord<f64>>) {
        out.push('(');
        for (idx, coord) in coords.enumerate() {
            if idx > 0 {
                out.push_str(", ");
            }
            self.coord(out, coord);
        }
        out.push(')');
    }

    fn polygon_body(&self, out: &mut String, polygon: &Polygon<f64>) {
        out.push('(');
        for (idx, ring) in std::iter::once(polygon.exterior()).chain(polygon.interiors()).enumerate() {
            if idx > 0 {
                out.push(',');
            }
            self.coords(out, ring.coords().copied());
        }
        out.push(')');
    }

    fn parts<T>(&self, out: &mut String, tag: &str, parts: &[T], body: impl Fn(&mut String, &T)) {
        out.push_str(tag);
        if parts.is_empty() {
            out.push_str(" EMPTY");
            return;
        }
        out.push_str(" (");
        for (idx, part) in parts.iter().enumerate() {
            if idx > 0 {
                out.push(',');
            }
            body(out, part);
        }
        out.push(')');
    }

    fn geometry(&self, out: &mut String, geometry: &Geometry<f64>) {
        match geometry {
            Geometry::Point(point) => {
                out.push_str("Point ");
                self.coords(out, std::iter::once(point.0));
            }
            Geometry::Line(line) => {
                out.push_str("LineString ");
                self.coords(out, [line.start, line.end].into_iter());
            }
            Geometry::LineString(line) if line.0.is_empty() => out.push_str("LineString EMPTY"),
            Geometry::LineString(line) => {
                out.push_str("LineString ");
                self.coords(out, line.coords().copied());
            }
            Geometry::Polygon(polygon) if polygon.exterior().0.is_empty() => out.push_str("Polygon EMPTY"),
            Geometry::Polygon(polygon) => {
                out.push_str("Polygon ");
                self.polygon_body(out, polygon);
            }
            Geometry::Rect(rect) => self.geometry(out, &Geometry::Polygon(rect.to_polygon())),
            Geometry::Triangle(triangle) => self.geometry(out, &Geometry::Polygon(triangle.to_polygon())),
            Geometry::MultiPoint(points) => {
                self.parts(out, "MultiPoint", &points.0, |out, point| self.coords(out, std::iter::once(point.0)));
            }
            Geometry::MultiLineString(lines) => {
                self.parts(out, "MultiLineString", &lines.0, |out, line| self.coords(out, line.coords().copied()));
            }
            Geometry::MultiPolygon(polygons) => {
                self.parts(out, "MultiPolygon", &polygons.0, |out, polygon| self.polygon_body(out, polygon));
            }
            Geometry::GeometryCollection(parts) => {
                self.parts(out, "GeometryCollection", &parts.0, |out, part| self.geometry(out, part));
            }
        }
    }
}
