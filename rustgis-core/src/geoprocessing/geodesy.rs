//! The ellipsoid: geodesic distances, an exact azimuthal equidistant projection, and returning
//! shapes built in unwrapped longitudes to valid polygons in -180..180 (split at the
//! antimeridian, closed through a pole they enclose).

use geo::{BooleanOps, Coord, LineString, MapCoords, MultiPolygon, Polygon, Rect, Translate};
use geographiclib_rs::{DirectGeodesic, InverseGeodesic};

use crate::measure::WGS84;
pub use crate::measure::geodesic_distance;

/// The point `distance` metres from `origin` along the geodesic leaving it at `bearing` degrees
/// (clockwise from north); longitude in -180..180.
pub(crate) fn destination(origin: Coord<f64>, bearing: f64, distance: f64) -> Coord<f64> {
    let (lat, lon) = WGS84.direct(origin.y, origin.x, bearing, distance);
    Coord { x: lon, y: lat }
}

/// The azimuthal equidistant projection centred on a point, computed exactly on the ellipsoid:
/// the projected distance from the centre is the geodesic distance, and the direction is the
/// geodesic's azimuth. Distances between other pairs of points are stretched by about
/// `(ρ/R)²/6` at `ρ` from the centre (0.4 % at 1000 km).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aeqd {
    centre: Coord<f64>,
}

impl Aeqd {
    /// The projection centred on `centre` (lon/lat degrees).
    pub fn new(centre: Coord<f64>) -> Aeqd {
        Aeqd { centre }
    }

    /// Lon/lat degrees to metres east and north of the centre.
    pub fn forward(&self, c: Coord<f64>) -> Coord<f64> {
        let (s12, azi1, _azi2, _a12): (f64, f64, f64, f64) = WGS84.inverse(self.centre.y, self.centre.x, c.y, c.x);
        let (sin, cos) = azi1.to_radians().sin_cos();
        Coord { x: s12 * sin, y: s12 * cos }
    }

    /// Metres east and north of the centre to lon/lat degrees (longitude in -180..180).
    pub fn inverse(&self, c: Coord<f64>) -> Coord<f64> {
        let distance = c.x.hypot(c.y);
        if distance == 0.0 {
            return self.centre;
        }
        destination(self.centre, c.x.atan2(c.y).to_degrees(), distance)
    }
}

/// `delta` brought into -180..180.
pub(crate) fn wrap180(delta: f64) -> f64 {
    let wrapped = (delta + 180.0).rem_euclid(360.0) - 180.0;
    if wrapped == -180.0 && delta > 0.0 { 180.0 } else { wrapped }
}

/// Rewrites a ring's longitudes so that consecutive points never jump by more than 180°, with
/// the first point within 180° of `reference`. Returns the net change of longitude around the
/// ring: about ±360 when the ring goes once around a pole, else about 0.
pub(crate) fn unwrap_ring(ring: &mut LineString<f64>, reference: f64) -> f64 {
    let coords = &mut ring.0;
    let closed = coords.len() > 1 && coords.first() == coords.last();
    let Some(first) = coords.first_mut() else { return 0.0 };
    first.x = reference + wrap180(first.x - reference);
    let mut net = 0.0;
    for idx in 1..coords.len() {
        let step = wrap180(coords[idx].x - coords[idx - 1].x);
        coords[idx].x = coords[idx - 1].x + step;
        net += step;
    }
    // Summing the steps drifts by an ulp or two: a closed ring that did not go round a pole
    // must end exactly where it starts.
    if closed && net.abs() < 180.0 {
        let start = coords[0];
        if let Some(last) = coords.last_mut() {
            *last = start;
        }
    }
    net
}

/// Turns a polygon whose coordinates are lon/lat with any longitudes (as an inverse projection
/// or a geodesic walk produces them) into valid polygons in -180..180: the longitudes are
/// unwrapped around `reference`, a ring that goes around a pole is closed through that pole, and
/// the result is split at the antimeridian.
pub fn split_at_antimeridian(polygon: &Polygon<f64>, reference: f64) -> MultiPolygon<f64> {
    let mut exterior = polygon.exterior().clone();
    let net = unwrap_ring(&mut exterior, reference);
    drop_near_duplicates(&mut exterior);
    if net.abs() > 180.0 {
        close_through_pole(&mut exterior, net);
    }
    let anchor = exterior.0.first().map_or(reference, |c| c.x);
    let interiors: Vec<LineString<f64>> = polygon
        .interiors()
        .iter()
        .map(|ring| {
            let mut ring = ring.clone();
            unwrap_ring(&mut ring, anchor);
            drop_near_duplicates(&mut ring);
            ring
        })
        .collect();
    let unwrapped = Polygon::new(exterior, interiors);
    let Some(bounds) = geo::BoundingRect::bounding_rect(&unwrapped) else { return MultiPolygon::new(Vec::new()) };
    if bounds.min().x >= -180.0 && bounds.max().x <= 180.0 {
        return MultiPolygon::new(vec![unwrapped]);
    }
    let first = ((bounds.min().x + 180.0) / 360.0).floor() as i64;
    let last = ((bounds.max().x - 180.0) / 360.0).ceil() as i64;
    let mut parts = Vec::new();
    for window in first..=last {
        let shift = 360.0 * window as f64;
        let rect = Rect::new(Coord { x: -180.0 + shift, y: -90.0 }, Coord { x: 180.0 + shift, y: 90.0 }).to_polygon();
        let piece = unwrapped.intersection(&rect);
        // The overlay may land a hair beyond ±180°: put the cut exactly on the line.
        parts.extend(piece.translate(-shift, 0.0).map_coords(|c| Coord { x: c.x.clamp(-180.0, 180.0), y: c.y }).0);
    }
    MultiPolygon::new(parts)
}

/// Removes consecutive points closer than about a tenth of a millimetre (1e-9°). Inverse
/// projection can turn two distinct points into near-twins, and such a pair at a ring's extreme
/// point leaves its winding order undecided (so it would not be oriented).
pub(crate) fn drop_near_duplicates(ring: &mut LineString<f64>) {
    let close = ring.0.len() > 1 && ring.0.first() == ring.0.last();
    ring.0.dedup_by(|a, b| (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9);
    if close && ring.0.len() > 1 {
        let first = ring.0[0];
        if let Some(last) = ring.0.last_mut() {
            *last = first;
        }
    }
    if ring.0.len() > 2 && ring.0.first() != ring.0.last() {
        let first = ring.0[0];
        ring.0.push(first);
    }
}

/// Closes an unwrapped ring that winds once around a pole through that pole: eastwards (net
/// +360°) a counter-clockwise ring holds the north pole, westwards the south pole.
fn close_through_pole(ring: &mut LineString<f64>, net: f64) {
    let pole = if net > 0.0 { 90.0 } else { -90.0 };
    let coords = &mut ring.0;
    if coords.len() > 1 && coords.first() == coords.last() {
        coords.pop();
    }
    let (Some(&start), Some(&end)) = (coords.first(), coords.last()) else { return };
    // The closing step from the last point back to the first was counted in `net`: redo it
    // without wrapping so the path ends a full turn from where it started.
    let closing = Coord { x: start.x + net.signum() * 360.0, y: start.y };
    if (closing.x - end.x).abs() > 1e-12 || closing.y != end.y {
        coords.push(closing);
    }
    coords.push(Coord { x: closing.x, y: pole });
    coords.push(Coord { x: start.x, y: pole });
    coords.push(start);
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::GeodesicArea;

    #[test]
    fn the_projection_keeps_distances_from_its_centre() {
        let helsinki = Coord { x: 24.94, y: 60.17 };
        let aeqd = Aeqd::new(helsinki);
        let tallinn = Coord { x: 24.75, y: 59.44 };
        let projected = aeqd.forward(tallinn);
        let d = projected.x.hypot(projected.y);
        assert!((d - geodesic_distance(helsinki, tallinn)).abs() < 1e-6, "{d}");
        let back = aeqd.inverse(projected);
        assert!((back.x - tallinn.x).abs() < 1e-9 && (back.y - tallinn.y).abs() < 1e-9, "{back:?}");
    }

    #[test]
    fn a_ring_around_the_north_pole_becomes_a_cap() {
        let ring: Vec<Coord<f64>> = (0..=36).map(|k| Coord { x: wrap180(-180.0 + 10.0 * k as f64), y: 80.0 }).collect();
        let polygon = Polygon::new(LineString::new(ring), vec![]);
        let cap = split_at_antimeridian(&polygon, 0.0);
        let area = cap.geodesic_area_unsigned();
        // The cap north of 80°N is about 3.9 million km².
        assert!((area / 1e12 - 3.9).abs() < 0.1, "{area}");
    }
}
