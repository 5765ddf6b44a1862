//! Well-known text (WKT) geometries, read by hand with a nesting limit: the CSV reader's WKT
//! columns come here (expressions keep Z and read their own), never to a parser that recurses
//! without one (the `wkt` crate overflowed the stack at 2,000 nested `GEOMETRYCOLLECTION(`).
//!
//! Read case-insensitively, as QGIS and GDAL write it (`Point (1 2)`, `POINT(1 2)`); Z and M values
//! are read and dropped, since geometries here are 2D; `POINT EMPTY` is no geometry; numbers that
//! are not finite (`nan`, `inf`) are refused. Curves (`CIRCULARSTRING`, `COMPOUNDCURVE`,
//! `CURVEPOLYGON`, `MULTICURVE`, `MULTISURFACE`) are made into lines as GDAL makes them
//! ([`super::curves`]).

use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

use super::MAX_NESTING;
use super::curves::{self, CurveKind, Kinds};

/// Reads one WKT geometry, the whole of `text` (blanks around it allowed). The error names what
/// was expected and the character where it went wrong. The kinds of curve made into lines are
/// added to `curved`.
pub(crate) fn read(text: &str, curved: &mut Kinds) -> Result<Option<Geometry<f64>>, String> {
    let mut reader = Reader { text, pos: 0, levels: 0, curved };
    let geometry = reader.geometry()?;
    reader.skip_blanks();
    if reader.pos < text.len() {
        return Err(reader.error("the end of the text"));
    }
    Ok(geometry)
}

/// The error of a geometry nested one level deeper than [`MAX_NESTING`], at `column`.
fn nesting_error(column: usize) -> String {
    format!(
        "multi-part geometries and collections nest deeper than {MAX_NESTING} levels at character {column} of the \
         WKT; RustGIS reads at most {MAX_NESTING}, as GDAL does"
    )
}

struct Reader<'t> {
    text: &'t str,
    pos: usize,
    /// The multi-part geometries and collections open around the reader's position.
    levels: usize,
    curved: &'t mut Kinds,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_blanks(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The 1-based character the reader is at.
    fn column(&self) -> usize {
        self.text.get(..self.pos).map_or(0, |before| before.chars().count()) + 1
    }

    fn error(&self, expected: &str) -> String {
        let column = self.column();
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
        let tag_at = self.pos;
        let tag = self.word();
        let is_multi = matches!(tag.as_str(), "MULTIPOINT" | "MULTILINESTRING" | "MULTIPOLYGON" | "GEOMETRYCOLLECTION");
        if is_multi {
            if self.levels == MAX_NESTING {
                self.pos = tag_at;
                self.skip_blanks();
                return Err(nesting_error(self.column()));
            }
            self.levels += 1;
        }
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
            "CIRCULARSTRING" | "COMPOUNDCURVE" => Some(Geometry::LineString(LineString::from(self.curve_body(&tag)?))),
            "CURVEPOLYGON" => Some(Geometry::Polygon(self.curve_polygon()?)),
            "MULTICURVE" => {
                self.curved.add(CurveKind::MultiCurve);
                let lines = if self.open()? {
                    self.list(|reader| reader.curve(&["LINESTRING", "CIRCULARSTRING", "COMPOUNDCURVE"]))?
                } else {
                    Vec::new()
                };
                Some(Geometry::MultiLineString(MultiLineString(lines.into_iter().map(LineString::from).collect())))
            }
            "MULTISURFACE" => {
                self.curved.add(CurveKind::MultiSurface);
                let polygons = if self.open()? {
                    self.list(|reader| {
                        if reader.eat('(') {
                            return reader.polygon_rings();
                        }
                        let at = reader.pos;
                        match reader.word().as_str() {
                            "POLYGON" => {
                                if reader.open()? {
                                    reader.polygon_rings()
                                } else {
                                    Ok(Polygon::new(LineString::new(Vec::new()), Vec::new()))
                                }
                            }
                            "CURVEPOLYGON" => reader.curve_polygon(),
                            _ => {
                                reader.pos = at;
                                reader.skip_blanks();
                                Err(reader.error("a polygon '(' or POLYGON or CURVEPOLYGON"))
                            }
                        }
                    })?
                } else {
                    Vec::new()
                };
                Some(Geometry::MultiPolygon(MultiPolygon(polygons)))
            }
            _ => {
                self.pos = tag_at;
                self.skip_blanks();
                return Err(self.error("a geometry type such as POINT, LINESTRING or POLYGON"));
            }
        };
        if is_multi {
            self.levels -= 1;
        }
        Ok(geometry)
    }

    /// A curve inside a compound curve, curve polygon or multicurve: a bare `(x y, …)` line, or
    /// one of the `tags` allowed there with its body, as positions.
    fn curve(&mut self, tags: &[&str]) -> Result<Vec<Coord<f64>>, String> {
        if self.eat('(') {
            return self.coords_until_close();
        }
        let at = self.pos;
        let tag = self.word();
        if !tags.contains(&tag.as_str()) {
            self.pos = at;
            self.skip_blanks();
            return Err(self.error(&format!("'(' or one of {}", tags.join(", "))));
        }
        self.curve_body(&tag)
    }

    /// After the tag `LINESTRING`, `CIRCULARSTRING` or `COMPOUNDCURVE`: its body, as positions.
    fn curve_body(&mut self, tag: &str) -> Result<Vec<Coord<f64>>, String> {
        if !self.open()? {
            return Ok(Vec::new());
        }
        match tag {
            "LINESTRING" => self.coords_until_close(),
            "CIRCULARSTRING" => {
                self.curved.add(CurveKind::CircularString);
                curves::circular_string(&self.coords_until_close()?)
            }
            _ => {
                self.curved.add(CurveKind::CompoundCurve);
                let components = self.list(|reader| reader.curve(&["LINESTRING", "CIRCULARSTRING"]))?;
                curves::join_components(components)
            }
        }
    }

    /// After the tag `CURVEPOLYGON`: rings that are lines, circular strings or compound curves.
    fn curve_polygon(&mut self) -> Result<Polygon<f64>, String> {
        self.curved.add(CurveKind::CurvePolygon);
        if !self.open()? {
            return Ok(Polygon::new(LineString::new(Vec::new()), Vec::new()));
        }
        let mut rings = self
            .list(|reader| reader.curve(&["LINESTRING", "CIRCULARSTRING", "COMPOUNDCURVE"]))?
            .into_iter()
            .map(LineString::from);
        let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
        Ok(Polygon::new(exterior, rings.collect()))
    }
}
