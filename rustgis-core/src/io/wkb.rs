//! Well-known binary (ISO/OGC WKB) geometries, as GeoPackage stores them: a checked reader that
//! never reads past its slice, and a little-endian writer.
//!
//! Z and M values are dropped on reading (layers are 2D); curves (CircularString, CompoundCurve,
//! CurvePolygon, MultiCurve, MultiSurface) are made into lines as GDAL makes them
//! ([`super::curves`]), the kinds they were noted for the reader's notice; surfaces and TINs are
//! refused by name.

use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

use super::MAX_NESTING;
use super::curves::{self, CurveKind, Kinds};

/// Reads one WKB geometry from the start of `bytes`. Returns the geometry (`None` for an empty
/// point, which WKB writes as NaN coordinates) and how many bytes it took. Curves are made into
/// lines, their kinds added to `curved` so that the caller can say which features were.
pub(crate) fn read(bytes: &[u8], curved: &mut Kinds) -> Result<(Option<Geometry<f64>>, usize), String> {
    let mut reader = Reader { bytes, at: 0, curved };
    let geometry = reader.geometry(0)?;
    Ok((geometry, reader.at))
}

/// Appends `geometry` as little-endian 2D WKB.
pub(crate) fn write(geometry: &Geometry<f64>, out: &mut Vec<u8>) {
    match geometry {
        Geometry::Point(p) => {
            header(out, 1);
            coord(out, p.0);
        }
        Geometry::LineString(line) => {
            header(out, 2);
            coords(out, &line.0);
        }
        Geometry::Line(line) => {
            header(out, 2);
            coords(out, &[line.start, line.end]);
        }
        Geometry::Polygon(polygon) => polygon_body(out, polygon),
        Geometry::Rect(rect) => polygon_body(out, &rect.to_polygon()),
        Geometry::Triangle(triangle) => polygon_body(out, &triangle.to_polygon()),
        Geometry::MultiPoint(points) => {
            header(out, 4);
            count(out, points.0.len());
            for p in &points.0 {
                header(out, 1);
                coord(out, p.0);
            }
        }
        Geometry::MultiLineString(lines) => {
            header(out, 5);
            count(out, lines.0.len());
            for line in &lines.0 {
                header(out, 2);
                coords(out, &line.0);
            }
        }
        Geometry::MultiPolygon(polygons) => {
            header(out, 6);
            count(out, polygons.0.len());
            for polygon in &polygons.0 {
                polygon_body(out, polygon);
            }
        }
        Geometry::GeometryCollection(collection) => {
            header(out, 7);
            count(out, collection.0.len());
            for part in &collection.0 {
                write(part, out);
            }
        }
    }
}

/// The OGC geometry type code of a geometry (1 point … 7 collection).
#[cfg(any(feature = "geoparquet", feature = "geopackage"))]
pub(crate) fn type_code(geometry: &Geometry<f64>) -> u32 {
    match geometry {
        Geometry::Point(_) => 1,
        Geometry::Line(_) | Geometry::LineString(_) => 2,
        Geometry::Polygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => 3,
        Geometry::MultiPoint(_) => 4,
        Geometry::MultiLineString(_) => 5,
        Geometry::MultiPolygon(_) => 6,
        Geometry::GeometryCollection(_) => 7,
    }
}

/// Whether the WKB geometry at the start of `bytes` declares M values (measures), which
/// [`read`] drops: an ISO type code of 2000 to 3999, or EWKB's M flag.
#[cfg(feature = "geoparquet")]
pub(crate) fn has_m(bytes: &[u8]) -> bool {
    let Some(code) = bytes.get(1..5).and_then(|b| <[u8; 4]>::try_from(b).ok()) else { return false };
    let raw = match bytes[0] {
        0 => u32::from_be_bytes(code),
        1 => u32::from_le_bytes(code),
        _ => return false,
    };
    raw & 0x4000_0000 != 0 || matches!((raw & 0x0fff_ffff) / 1000, 2 | 3)
}

fn header(out: &mut Vec<u8>, code: u32) {
    out.push(1);
    out.extend_from_slice(&code.to_le_bytes());
}

fn count(out: &mut Vec<u8>, n: usize) {
    let n = u32::try_from(n).expect("a geometry holds fewer than 2^32 parts, as it fits in memory");
    out.extend_from_slice(&n.to_le_bytes());
}

fn coord(out: &mut Vec<u8>, c: Coord<f64>) {
    out.extend_from_slice(&c.x.to_le_bytes());
    out.extend_from_slice(&c.y.to_le_bytes());
}

fn coords(out: &mut Vec<u8>, cs: &[Coord<f64>]) {
    count(out, cs.len());
    for c in cs {
        coord(out, *c);
    }
}

fn polygon_body(out: &mut Vec<u8>, polygon: &Polygon<f64>) {
    header(out, 3);
    if polygon.exterior().0.is_empty() {
        count(out, 0);
        return;
    }
    count(out, 1 + polygon.interiors().len());
    coords(out, &polygon.exterior().0);
    for ring in polygon.interiors() {
        coords(out, &ring.0);
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    curved: &'a mut Kinds,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|end| *end <= self.bytes.len()).ok_or_else(|| {
            format!("the geometry is truncated: it needs {n} more bytes at byte {} of {}", self.at, self.bytes.len())
        })?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self, little: bool) -> Result<u32, String> {
        let b: [u8; 4] = self.take(4)?.try_into().expect("take gave 4 bytes");
        Ok(if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) })
    }

    fn f64(&mut self, little: bool) -> Result<f64, String> {
        let b: [u8; 8] = self.take(8)?.try_into().expect("take gave 8 bytes");
        Ok(if little { f64::from_le_bytes(b) } else { f64::from_be_bytes(b) })
    }

    /// A count of items that each take at least `item_size` bytes, checked against what is left.
    fn count(&mut self, little: bool, item_size: usize) -> Result<usize, String> {
        let n = self.u32(little)? as usize;
        let left = self.bytes.len() - self.at;
        if n.saturating_mul(item_size) > left {
            return Err(format!("the geometry claims {n} parts but only {left} bytes are left"));
        }
        Ok(n)
    }

    /// One geometry, inside `levels` multi-part geometries and collections.
    fn geometry(&mut self, levels: usize) -> Result<Option<Geometry<f64>>, String> {
        let (little, code, dims) = self.header()?;
        if (4..=7).contains(&code) && levels == MAX_NESTING {
            return Err(super::too_deep());
        }
        Ok(Some(match code {
            1 => {
                let c = self.coord(little, dims)?;
                if c.x.is_nan() && c.y.is_nan() {
                    return Ok(None);
                }
                Geometry::Point(Point(c))
            }
            2 => Geometry::LineString(LineString::new(self.coords(little, dims)?)),
            3 => Geometry::Polygon(self.polygon(little, dims)?),
            4..=7 => {
                let n = self.count(little, 5)?;
                let mut parts = Vec::with_capacity(n);
                for _ in 0..n {
                    if let Some(part) = self.geometry(levels + 1)? {
                        parts.push(part);
                    }
                }
                collect(code, parts)?
            }
            8 | 9 => Geometry::LineString(LineString::new(self.curve_body(little, code, dims)?)),
            10 => Geometry::Polygon(self.curve_polygon(little, dims)?),
            11 => {
                self.curved.add(CurveKind::MultiCurve);
                let n = self.count(little, 9)?;
                let mut lines = Vec::with_capacity(n);
                for _ in 0..n {
                    lines.push(LineString::new(self.curve()?));
                }
                Geometry::MultiLineString(MultiLineString(lines))
            }
            12 => {
                self.curved.add(CurveKind::MultiSurface);
                let n = self.count(little, 9)?;
                let mut polygons = Vec::with_capacity(n);
                for _ in 0..n {
                    let (little, code, dims) = self.header()?;
                    polygons.push(match code {
                        3 => self.polygon(little, dims)?,
                        10 => self.curve_polygon(little, dims)?,
                        other => {
                            return Err(format!(
                                "a MultiSurface holds a part of type {}, not a polygon",
                                name_of(other)
                            ));
                        }
                    });
                }
                Geometry::MultiPolygon(MultiPolygon(polygons))
            }
            other => return Err(unsupported(other)),
        }))
    }

    /// One curve with its header: a LineString, CircularString or CompoundCurve, as positions.
    fn curve(&mut self) -> Result<Vec<Coord<f64>>, String> {
        let (little, code, dims) = self.header()?;
        match code {
            2 | 8 | 9 => self.curve_body(little, code, dims),
            other => Err(format!(
                "a curve part is of type {}, not a LineString, CircularString or CompoundCurve",
                name_of(other)
            )),
        }
    }

    /// The body of a LineString (2), CircularString (8) or CompoundCurve (9), as positions.
    fn curve_body(&mut self, little: bool, code: u32, dims: usize) -> Result<Vec<Coord<f64>>, String> {
        match code {
            2 => self.coords(little, dims),
            8 => {
                self.curved.add(CurveKind::CircularString);
                curves::circular_string(&self.coords(little, dims)?)
            }
            _ => {
                self.curved.add(CurveKind::CompoundCurve);
                let n = self.count(little, 9)?;
                let mut components = Vec::with_capacity(n);
                for _ in 0..n {
                    let (little, code, dims) = self.header()?;
                    components.push(match code {
                        2 | 8 => self.curve_body(little, code, dims)?,
                        other => {
                            return Err(format!(
                                "a CompoundCurve holds a part of type {}, not a LineString or CircularString",
                                name_of(other)
                            ));
                        }
                    });
                }
                curves::join_components(components)
            }
        }
    }

    /// The body of a CurvePolygon: rings that are each a LineString, CircularString or
    /// CompoundCurve.
    fn curve_polygon(&mut self, little: bool, _dims: usize) -> Result<Polygon<f64>, String> {
        self.curved.add(CurveKind::CurvePolygon);
        let n = self.count(little, 9)?;
        let mut rings = Vec::with_capacity(n);
        for _ in 0..n {
            rings.push(LineString::new(self.curve()?));
        }
        let mut rings = rings.into_iter();
        let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
        Ok(Polygon::new(exterior, rings.collect()))
    }

    /// Byte order, base type code and number of ordinates (2, 3 or 4), from ISO or EWKB codes.
    fn header(&mut self) -> Result<(bool, u32, usize), String> {
        let order = self.take(1)?[0];
        let little = match order {
            0 => false,
            1 => true,
            other => return Err(format!("not a WKB geometry: byte order {other} is neither 0 nor 1")),
        };
        let raw = self.u32(little)?;
        let ewkb_z = raw & 0x8000_0000 != 0;
        let ewkb_m = raw & 0x4000_0000 != 0;
        let has_srid = raw & 0x2000_0000 != 0;
        let iso = raw & 0x0fff_ffff;
        if has_srid {
            self.u32(little)?;
        }
        let (base, z, m) = (iso % 1000, iso / 1000 == 1 || iso / 1000 == 3, iso / 1000 == 2 || iso / 1000 == 3);
        let dims = 2 + usize::from(z || ewkb_z) + usize::from(m || ewkb_m);
        Ok((little, base, dims))
    }

    fn coord(&mut self, little: bool, dims: usize) -> Result<Coord<f64>, String> {
        let x = self.f64(little)?;
        let y = self.f64(little)?;
        for _ in 2..dims {
            self.f64(little)?;
        }
        Ok(Coord { x, y })
    }

    fn coords(&mut self, little: bool, dims: usize) -> Result<Vec<Coord<f64>>, String> {
        let n = self.count(little, 8 * dims)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.coord(little, dims)?);
        }
        Ok(out)
    }

    fn polygon(&mut self, little: bool, dims: usize) -> Result<Polygon<f64>, String> {
        let n = self.count(little, 4)?;
        let mut rings = Vec::with_capacity(n);
        for _ in 0..n {
            rings.push(LineString::new(self.coords(little, dims)?));
        }
        let mut rings = rings.into_iter();
        let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
        Ok(Polygon::new(exterior, rings.collect()))
    }
}

fn collect(code: u32, parts: Vec<Geometry<f64>>) -> Result<Geometry<f64>, String> {
    let wrong = |want: &str| format!("a multi-part geometry holds a part that is not a {want}");
    Ok(match code {
        4 => Geometry::MultiPoint(MultiPoint(
            parts
                .into_iter()
                .map(|g| if let Geometry::Point(p) = g { Ok(p) } else { Err(wrong("point")) })
                .collect::<Result<_, _>>()?,
        )),
        5 => Geometry::MultiLineString(MultiLineString(
            parts
                .into_iter()
                .map(|g| if let Geometry::LineString(l) = g { Ok(l) } else { Err(wrong("line")) })
                .collect::<Result<_, _>>()?,
        )),
        6 => Geometry::MultiPolygon(MultiPolygon(
            parts
                .into_iter()
                .map(|g| if let Geometry::Polygon(p) = g { Ok(p) } else { Err(wrong("polygon")) })
                .collect::<Result<_, _>>()?,
        )),
        _ => Geometry::GeometryCollection(GeometryCollection(parts)),
    })
}

/// The OGC name of a WKB geometry type code (1 `Point` … 17 `Triangle`), if it has one.
pub(crate) fn type_name(code: u32) -> Option<&'static str> {
    Some(match code {
        1 => "Point",
        2 => "LineString",
        3 => "Polygon",
        4 => "MultiPoint",
        5 => "MultiLineString",
        6 => "MultiPolygon",
        7 => "GeometryCollection",
        8 => "CircularString",
        9 => "CompoundCurve",
        10 => "CurvePolygon",
        11 => "MultiCurve",
        12 => "MultiSurface",
        15 => "PolyhedralSurface",
        16 => "TIN",
        17 => "Triangle",
        _ => return None,
    })
}

/// The name of a WKB geometry type code, for messages.
fn name_of(code: u32) -> String {
    type_name(code).map_or_else(|| format!("{code} (unknown)"), str::to_owned)
}

fn unsupported(code: u32) -> String {
    if matches!(code, 15..=17) {
        return format!(
            "{} geometries are not supported; RustGIS reads points, lines, polygons, their multi-part kinds, \
             collections and curves (convert surfaces to polygons first, e.g. ogr2ogr -nlt CONVERT_TO_LINEAR)",
            name_of(code)
        );
    }
    format!(
        "unknown WKB geometry type {code}; RustGIS reads points, lines, polygons, their multi-part kinds, collections and curves"
    )
}

/// What makes a polygon invalid that the readers report, for the notice.
#[cfg(any(feature = "geoparquet", feature = "geopackage"))]
pub(crate) fn problem_of(geometry: &Geometry<f64>) -> Option<&'static str> {
    let mut problem = None;
    let mut note = |p| problem = problem.or(Some(p));
    let mut check = |polygon: &geo::Polygon<f64>| {
        // An empty polygon (no rings at all) is valid.
        if polygon.exterior().0.is_empty() && polygon.interiors().is_empty() {
            return;
        }
        for ring in std::iter::once(polygon.exterior()).chain(polygon.interiors()) {
            if ring.0.len() < 4 {
                note("a ring has fewer than 4 positions");
            }
        }
    };
    match geometry {
        Geometry::Polygon(p) => check(p),
        Geometry::MultiPolygon(m) => m.0.iter().for_each(check),
        _ => {}
    }
    problem
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(wkt_geometry: Geometry<f64>) {
        let mut bytes = Vec::new();
        write(&wkt_geometry, &mut bytes);
        let (back, used) = read(&bytes, &mut Kinds::default()).expect("what we write reads back");
        assert_eq!(used, bytes.len());
        assert_eq!(back, Some(wkt_geometry));
    }

    #[test]
    fn every_geometry_kind_reads_back_as_written() {
        let polygon = Polygon::new(
            LineString::from(vec![(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 0.0)]),
            vec![LineString::from(vec![(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 1.0)])],
        );
        round_trip(Geometry::Point(Point::new(1.5, -2.25)));
        round_trip(Geometry::LineString(LineString::from(vec![(0.0, 0.0), (1.0, 1.0)])));
        round_trip(Geometry::Polygon(polygon.clone()));
        round_trip(Geometry::MultiPoint(MultiPoint(vec![Point::new(1.0, 2.0), Point::new(3.0, 4.0)])));
        round_trip(Geometry::MultiPolygon(MultiPolygon(vec![polygon.clone(), polygon])));
        round_trip(Geometry::GeometryCollection(GeometryCollection(vec![Geometry::Point(Point::new(0.0, 1.0))])));
    }

    #[test]
    fn a_count_larger_than_the_bytes_is_refused_without_allocating() {
        let mut bytes = vec![1u8];
        bytes.extend_from_slice(&2u32.to_le_bytes());
        bytes.extend_from_slice(&u32::MAX.to_le_bytes());
        let error = read(&bytes, &mut Kinds::default()).expect_err("the count lies");
        assert!(error.contains("claims"), "{error}");
    }

    #[test]
    #[cfg(feature = "geoparquet")]
    fn m_values_are_known_by_iso_codes_and_the_ewkb_flag() {
        let header = |code: u32| [vec![1u8], code.to_le_bytes().to_vec()].concat();
        assert!(!has_m(&header(1)) && !has_m(&header(1002)), "XY and XYZ");
        assert!(has_m(&header(2003)) && has_m(&header(3001)), "XYM and XYZM");
        assert!(has_m(&header(0x4000_0001)), "EWKB's M flag");
        assert!(!has_m(&[1, 2]), "too short to say");
    }

    /// Little-endian WKB of type `code` with `body`.
    fn wkb(code: u32, body: &[u8]) -> Vec<u8> {
        let mut bytes = vec![1u8];
        bytes.extend_from_slice(&code.to_le_bytes());
        bytes.extend_from_slice(body);
        bytes
    }

    fn points(coords: &[(f64, f64)]) -> Vec<u8> {
        let mut body = (coords.len() as u32).to_le_bytes().to_vec();
        for (x, y) in coords {
            body.extend_from_slice(&x.to_le_bytes());
            body.extend_from_slice(&y.to_le_bytes());
        }
        body
    }

    fn parts(parts: &[Vec<u8>]) -> Vec<u8> {
        let mut body = (parts.len() as u32).to_le_bytes().to_vec();
        for part in parts {
            body.extend_from_slice(part);
        }
        body
    }

    #[test]
    fn a_circular_string_reads_as_a_line_through_its_positions_and_is_noted() {
        let bytes = wkb(8, &points(&[(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]));
        let mut curved = Kinds::default();
        let (geometry, used) = read(&bytes, &mut curved).expect("a curve");
        assert_eq!(used, bytes.len());
        let Some(Geometry::LineString(line)) = geometry else { panic!("a line: {geometry:?}") };
        assert!(line.0.len() > 40 && line.0.contains(&Coord { x: 0.0, y: 1.0 }));
        assert!(!curved.is_empty());
    }

    #[test]
    fn a_curve_polygon_of_a_compound_ring_reads_as_a_polygon_of_about_its_area() {
        // A half disc: the straight diameter from (1 0) to (-1 0), then the arc back through (0 -1).
        let ring = wkb(
            9,
            &parts(&[
                wkb(2, &points(&[(1.0, 0.0), (-1.0, 0.0)])),
                wkb(8, &points(&[(-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)])),
            ]),
        );
        let bytes = wkb(10, &parts(&[ring]));
        let (geometry, _) = read(&bytes, &mut Kinds::default()).expect("a curve polygon");
        let Some(Geometry::Polygon(polygon)) = geometry else { panic!("a polygon: {geometry:?}") };
        let area = geo::Area::unsigned_area(&polygon);
        let half_disc = std::f64::consts::FRAC_PI_2;
        assert!(area < half_disc && area > half_disc * 0.999, "{area}");
    }

    #[test]
    fn multi_curves_and_multi_surfaces_read_as_multi_lines_and_multi_polygons() {
        let arc = wkb(8, &points(&[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)]));
        let line = wkb(2, &points(&[(5.0, 5.0), (6.0, 6.0)]));
        let (multi_curve, _) = read(&wkb(11, &parts(&[arc, line])), &mut Kinds::default()).expect("a multicurve");
        assert!(matches!(multi_curve, Some(Geometry::MultiLineString(ref m)) if m.0.len() == 2), "{multi_curve:?}");
        let square = {
            let mut body = 1u32.to_le_bytes().to_vec();
            body.extend_from_slice(&points(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)]));
            wkb(3, &body)
        };
        let circle = wkb(10, &parts(&[wkb(8, &points(&[(3.0, 0.0), (5.0, 0.0), (3.0, 0.0)]))]));
        let (multi_surface, _) =
            read(&wkb(12, &parts(&[square, circle])), &mut Kinds::default()).expect("a multisurface");
        assert!(matches!(multi_surface, Some(Geometry::MultiPolygon(ref m)) if m.0.len() == 2), "{multi_surface:?}");
    }

    #[test]
    fn surfaces_are_refused_by_name() {
        let error = read(&wkb(15, &parts(&[])), &mut Kinds::default()).expect_err("surfaces are not read");
        assert!(error.contains("PolyhedralSurface"), "{error}");
    }
}
