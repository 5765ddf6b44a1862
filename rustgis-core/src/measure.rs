//! Geodesic measures that do not depend on ring orientation.
//!
//! `geo`'s geodesic area of a clockwise ring is the rest of the Earth, and much real data
//! (Natural Earth among it) has clockwise exteriors, so every area goes through here.

use geo::orient::{Direction, Orient};
use geo::{GeodesicArea, Geometry};

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
