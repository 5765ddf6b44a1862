//! Geodesic measures on WGS 84 that do not depend on ring orientation: the one place areas and
//! lengths on the ellipsoid are computed (the expression engine and the `vector.*` measure
//! commands both call it), and the geodesic distance between two points.
//!
//! `geo`'s geodesic area of a clockwise ring is the rest of the Earth, and much real data
//! (Natural Earth among it) has clockwise exteriors, so every area goes through here.

use geo::orient::{Direction, Orient};
use std::sync::LazyLock;

use geo::{Coord, GeodesicArea, Geometry, Length, LineString};
use geographiclib_rs::{Geodesic, InverseGeodesic};

/// WGS 84, built once.
pub(crate) static WGS84: LazyLock<Geodesic> = LazyLock::new(Geodesic::wgs84);

/// The geodesic distance in metres between two lon/lat coordinates on WGS 84.
pub fn geodesic_distance(a: Coord<f64>, b: Coord<f64>) -> f64 {
    WGS84.inverse(a.y, a.x, b.y, b.x)
}

/// The geodesic area in m² of a geometry in longitude/latitude, whatever its rings' orientation
/// (exteriors count positive, holes negative).
pub fn geodesic_area(geometry: &Geometry<f64>) -> f64 {
    match geometry {
        Geometry::Polygon(p) => p.orient(Direction::Default).geodesic_area_unsigned(),
        Geometry::MultiPolygon(mp) => mp.iter().map(|p| p.orient(Direction::Default).geodesic_area_unsigned()).sum(),
        Geometry::Rect(r) => r.to_polygon().orient(Direction::Default).geodesic_area_unsigned(),
        Geometry::Triangle(t) => t.to_polygon().orient(Direction::Default).geodesic_area_unsigned(),
        Geometry::GeometryCollection(parts) => parts.iter().map(geodesic_area).sum(),
        _ => 0.0,
    }
}

/// The geodesic length in metres of a geometry in longitude/latitude: its lines, and the rings
/// (perimeter) of its polygons. Points have none.
pub fn geodesic_length(geometry: &Geometry<f64>) -> f64 {
    geodesic_length_of_lines(&lines_of(geometry))
}

/// The summed geodesic length in metres of lines in longitude/latitude.
pub(crate) fn geodesic_length_of_lines<'a>(lines: impl IntoIterator<Item = &'a LineString<f64>>) -> f64 {
    lines.into_iter().map(|line| geo::Geodesic.length(line)).sum()
}

/// The lines of a geometry, with polygon rings as closed lines.
pub(crate) fn lines_of(geometry: &Geometry<f64>) -> Vec<LineString<f64>> {
    match geometry {
        Geometry::Line(l) => vec![LineString::from(vec![l.start, l.end])],
        Geometry::LineString(l) => vec![l.clone()],
        Geometry::MultiLineString(m) => m.0.clone(),
        Geometry::GeometryCollection(c) => c.iter().flat_map(lines_of).collect(),
        Geometry::Point(_) | Geometry::MultiPoint(_) => Vec::new(),
        polygonal => polygons_of(polygonal)
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior().clone()).chain(p.interiors().iter().cloned()))
            .collect(),
    }
}

/// The polygonal part of a geometry as a multi-polygon (empty for points and lines).
pub(crate) fn polygons_of(geometry: &Geometry<f64>) -> geo::MultiPolygon<f64> {
    match geometry {
        Geometry::Polygon(p) => geo::MultiPolygon::new(vec![p.clone()]),
        Geometry::MultiPolygon(mp) => mp.clone(),
        Geometry::Rect(r) => geo::MultiPolygon::new(vec![r.to_polygon()]),
        Geometry::Triangle(t) => geo::MultiPolygon::new(vec![t.to_polygon()]),
        Geometry::GeometryCollection(c) => geo::MultiPolygon::new(c.iter().flat_map(|g| polygons_of(g).0).collect()),
        _ => geo::MultiPolygon::new(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{LineString, Polygon};

    #[test]
    fn a_clockwise_ring_has_the_same_area_as_its_counter_clockwise_twin() {
        let ccw =
            Polygon::new(LineString::from(vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)]), vec![]);
        let cw =
            Polygon::new(LineString::from(vec![(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)]), vec![]);
        let (a, b) = (geodesic_area(&Geometry::Polygon(ccw)), geodesic_area(&Geometry::Polygon(cw)));
        assert!((a - b).abs() < 1.0 && (a - 12_308_778_361.0).abs() / a < 1e-3, "{a} {b}");
    }
}
