//! Geometry measures for expressions (geodesic on geographic CRSs, planar otherwise) and a small
//! WKT reader and writer.
//!
//! WKT is written the way QGIS 3 writes it (`Point (1 2)`, `Polygon ((0 0, 1 0, 1 1, 0 0))`), and
//! read case-insensitively; Z and M values are read and dropped, since geometries here are 2D.

use geo::{
    Area, Coord, Euclidean, GeodesicArea, Geometry, GeometryCollection, Length, LineString, MultiLineString,
    MultiPoint, MultiPolygon, Point, Polygon,
};

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
    let mut reader = Reader { text, pos: 0, depth: 0 };
    let geometry = reader.geometry()?;
    reader.skip_blanks();
    if reader.pos < text.len() {
        return Err(reader.error("the end of the text"));
    }
    Ok(geometry)
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

/// How deeply geometry collections may nest in WKT, so that reading never exhausts the stack.
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

    fn error(&self, expected: &str) -> String {
        let column = self.text.get(..self.pos).map_or(0, |before| before.chars().count()) + 1;
        match self.rest().chars().next() {
            Some(found) => format!("expected {expected} at character {column} of the WKT, found '{found}'"),
            None => format!("expected {expected} at character {column} of the WKT, found its end"),
        }
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
        self.skip_blanks();
        if self.rest().starts_with(symbol) {
            self.pos += symbol.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, symbol: char) -> Result<(), String> {
        if self.eat(symbol) { Ok(()) } else { Err(self.error(&format!("'{symbol}'"))) }
    }

    /// After the tag: `EMPTY` (returns false) or `(` (returns true). Dimension words are skipped.
    fn open(&mut self) -> Result<bool, String> {
        let saved = self.pos;
        match self.word().as_str() {
            "EMPTY" => return Ok(false),
            "Z" | "M" | "ZM" => {
                let after = self.pos;
                if self.word() == "EMPTY" {
                    return Ok(false);
                }
                self.pos = after;
            }
            _ => self.pos = saved,
        }
        self.expect('(')?;
        Ok(true)
    }

    fn number(&mut self) -> Result<f64, String> {
        self.skip_blanks();
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
            .unwrap_or(rest.len());
        match rest[..len].parse::<f64>() {
            Ok(value) if value.is_finite() => {
                self.pos += len;
                Ok(value)
            }
            _ => Err(self.error("a number")),
        }
    }

    /// `x y [z [m]]`; extra dimensions are dropped.
    fn coord(&mut self) -> Result<Coord<f64>, String> {
        let x = self.number()?;
        let y = self.number()?;
        for _ in 0..2 {
            self.skip_blanks();
            if self.rest().starts_with(|c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '+')) {
                self.number()?;
            }
        }
        Ok(Coord { x, y })
    }

    /// `(x y, x y, …)`.
    fn coord_list(&mut self) -> Result<Vec<Coord<f64>>, String> {
        self.expect('(')?;
        self.coords_until_close()
    }

    fn coords_until_close(&mut self) -> Result<Vec<Coord<f64>>, String> {
        let mut coords = vec![self.coord()?];
        while self.eat(',') {
            coords.push(self.coord()?);
        }
        self.expect(')')?;
        Ok(coords)
    }

    /// `((ring), (ring), …)`, after its opening `(`.
    fn polygon_rings(&mut self) -> Result<Polygon<f64>, String> {
        let exterior = LineString::from(self.coord_list()?);
        let mut interiors = Vec::new();
        while self.eat(',') {
            interiors.push(LineString::from(self.coord_list()?));
        }
        self.expect(')')?;
        Ok(Polygon::new(exterior, interiors))
    }

    /// Parts separated by commas up to the closing `)`.
    fn list<T>(&mut self, mut part: impl FnMut(&mut Self) -> Result<T, String>) -> Result<Vec<T>, String> {
        let mut parts = vec![part(self)?];
        while self.eat(',') {
            parts.push(part(self)?);
        }
        self.expect(')')?;
        Ok(parts)
    }

    fn geometry(&mut self) -> Result<Option<Geometry<f64>>, String> {
        self.depth += 1;
        if self.depth > MAX_WKT_DEPTH {
            return Err(format!("geometry collections nest more than {MAX_WKT_DEPTH} deep"));
        }
        let tag_at = self.pos;
        let tag = self.word();
        let geometry = match tag.as_str() {
            "POINT" => {
                if self.open()? {
                    let coord = self.coord()?;
                    self.expect(')')?;
                    Some(Geometry::Point(Point(coord)))
                } else {
                    // geo has no empty point, so `POINT EMPTY` reads as no geometry (NULL).
                    None
                }
            }
            "LINESTRING" => Some(Geometry::LineString(LineString::from(if self.open()? {
                self.coords_until_close()?
            } else {
                Vec::new()
            }))),
            "POLYGON" => {
                if self.open()? {
                    Some(Geometry::Polygon(self.polygon_rings()?))
                } else {
                    Some(Geometry::Polygon(Polygon::new(LineString::new(Vec::new()), Vec::new())))
                }
            }
            "MULTIPOINT" => {
                let points = if self.open()? {
                    self.list(|reader| {
                        if reader.eat('(') {
                            let coord = reader.coord()?;
                            reader.expect(')')?;
                            Ok(Point(coord))
                        } else {
                            reader.coord().map(Point)
                        }
                    })?
                } else {
                    Vec::new()
                };
                Some(Geometry::MultiPoint(MultiPoint(points)))
            }
            "MULTILINESTRING" => {
                let lines = if self.open()? {
                    self.list(|reader| reader.coord_list().map(LineString::from))?
                } else {
                    Vec::new()
                };
                Some(Geometry::MultiLineString(MultiLineString(lines)))
            }
            "MULTIPOLYGON" => {
                let polygons = if self.open()? {
                    self.list(|reader| {
                        reader.expect('(')?;
                        reader.polygon_rings()
                    })?
                } else {
                    Vec::new()
                };
                Some(Geometry::MultiPolygon(MultiPolygon(polygons)))
            }
            "GEOMETRYCOLLECTION" => {
                let parts = if self.open()? { self.list(|reader| reader.geometry())? } else { Vec::new() };
                Some(Geometry::GeometryCollection(GeometryCollection(parts.into_iter().flatten().collect())))
            }
            _ => {
                self.pos = tag_at;
                self.skip_blanks();
                return Err(self.error("a geometry type such as POINT, LINESTRING or POLYGON"));
            }
        };
        self.depth -= 1;
        Ok(geometry)
    }
}
