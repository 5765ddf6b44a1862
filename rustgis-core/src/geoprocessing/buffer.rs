//! Buffers: geodesic on geographic layers (true ground distance), planar on projected ones.

use geo::buffer::{BufferStyle, LineCap, LineJoin};
use geo::orient::{Direction, Orient};
use geo::{BoundingRect, Buffer, Coord, Geometry, LineString, MapCoords, MultiPolygon, Polygon, unary_union};

use super::geodesy::{Aeqd, destination, split_at_antimeridian, wrap180};
use super::repair::{RepairReport, guard, repair_geometry};
use super::{Derived, Distance, Job, id_list, is_polygonal, n_features};
use crate::error::{Error, Result};
use crate::layer::{Feature, Layer};

/// The largest ground distance a buffer accepts: beyond a quarter of the way round the Earth a
/// "circle" stops being a useful shape and its rings fold over.
const MAX_GROUND_DISTANCE: f64 = 10_000_000.0;

/// How to buffer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BufferOptions {
    /// How far: ground metres (geodesic) or planar units. Negative shrinks polygons; points and
    /// lines vanish.
    pub distance: Distance,
    /// Segments per quarter circle (8 gives 32-sided circles, as GEOS and QGIS do by default).
    pub segments: usize,
    /// Merge all buffers into one feature.
    pub dissolve: bool,
}

impl BufferOptions {
    /// Options for `distance` with 8 segments per quarter circle, not dissolved.
    pub fn new(distance: Distance) -> BufferOptions {
        BufferOptions { distance, segments: 8, dissolve: false }
    }
}

/// A geodesic circle of `radius` metres around `centre` (lon/lat) with `n` vertices, each exactly
/// `radius` from the centre on WGS 84. The ring runs counter-clockwise; a circle across the
/// antimeridian is split there and one around a pole is closed through it.
pub fn geodesic_circle(centre: Coord<f64>, radius: f64, n: usize) -> MultiPolygon<f64> {
    let n = n.max(3);
    // Bearings walk downwards (360° → 0°) so the ring is counter-clockwise in lon/lat.
    let mut ring: Vec<Coord<f64>> =
        (0..n).map(|k| destination(centre, 360.0 - 360.0 * k as f64 / n as f64, radius)).collect();
    ring.push(ring[0]);
    split_at_antimeridian(&Polygon::new(LineString::new(ring), Vec::new()), centre.x)
}

/// Buffers one geometry. On a geographic layer a [`Distance::Ground`] is geodesic: points become
/// geodesic circles, and lines and polygons are buffered in an azimuthal equidistant projection
/// centred on them and returned to lon/lat.
pub fn buffer_geometry(geometry: &Geometry<f64>, options: &BufferOptions) -> MultiPolygon<f64> {
    let segments = options.segments.clamp(1, 256);
    match options.distance {
        Distance::Planar(d) => planar(geometry, d, segments),
        Distance::Ground(d) => geodesic(geometry, d, segments),
    }
}

/// Buffers every feature of a layer (repairing invalid polygons first). The result keeps the
/// input's fields and ids; features whose buffer is empty (points and lines with a negative
/// distance, polygons shrunk away) are left out and named in a notice. With `dissolve`, the result
/// is one feature carrying the first feature's attributes.
pub fn buffer_layer(layer: &Layer, options: &BufferOptions, job: &Job<'_>) -> Result<Derived> {
    if let Distance::Ground(d) = options.distance
        && d.abs() > MAX_GROUND_DISTANCE
    {
        return Err(Error::invalid(
            "distance",
            format!("{} km is more than a geodesic buffer can draw; use at most 10000 km", d / 1000.0),
        ));
    }
    let mut report = RepairReport::default();
    let mut vanished = Vec::new();
    job.stage(layer.features.len(), &format!("buffering {}", layer.name));
    // A cancelled job keeps the buffers made so far: the features skipped come back as `None`.
    let results: Vec<Option<Buffered>> =
        job.each_or_stop(&layer.features, |feature| Ok(buffer_feature(feature, options)))?;
    let mut features = Vec::with_capacity(results.len());
    let done = layer.features.iter().zip(results).filter_map(|(feature, result)| Some((feature, result?)));
    for (feature, (buffered, problem, repaired)) in done {
        match problem {
            Some(why) if !repaired => report.skip(feature.id, why),
            Some(why) => report.repaired.push((feature.id, why)),
            None => {}
        }
        if buffered.0.is_empty() {
            if feature.geometry.is_some() && !report.skipped.iter().any(|(id, _)| *id == feature.id) {
                vanished.push(feature.id);
            }
            continue;
        }
        features.push(Feature {
            id: feature.id,
            geometry: Some(Geometry::MultiPolygon(buffered)),
            attributes: feature.attributes.clone(),
        });
    }
    let mut notices = report.notices("input");
    if !vanished.is_empty() {
        notices.push(format!(
            "{} left no buffer (id {}): a negative distance removes points and lines and shrinks small polygons away",
            n_features(vanished.len()),
            id_list(&vanished)
        ));
    }
    if options.dissolve && job.stopped_early() {
        notices.push("the buffers were not dissolved: the job was cancelled first".to_owned());
    } else if options.dissolve && !features.is_empty() {
        job.stage(1, "dissolving the buffers");
        let parts: Vec<MultiPolygon<f64>> = features
            .iter()
            .filter_map(|f| match &f.geometry {
                Some(Geometry::MultiPolygon(mp)) => Some(mp.clone()),
                _ => None,
            })
            .collect();
        let merged =
            guard(|| unary_union(&parts)).map_err(|panic| Error::Failed(format!("dissolve failed: {panic}")))?;
        let first = features.swap_remove(0);
        features =
            vec![Feature { id: 1, geometry: Some(Geometry::MultiPolygon(merged)), attributes: first.attributes }];
    }
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices })
}

/// One feature's buffer, the problem with its geometry if any, and whether it was repaired
/// (`false` with a problem: skipped).
type Buffered = (MultiPolygon<f64>, Option<String>, bool);

/// One feature's buffer (see [`Buffered`]).
fn buffer_feature(feature: &Feature, options: &BufferOptions) -> Buffered {
    let empty = MultiPolygon::new(Vec::new());
    let Some(geometry) = &feature.geometry else { return (empty, None, false) };
    // Points and lines need no repair for a buffer (only finite coordinates, which readers
    // guarantee); polygons are checked, since a self-intersecting ring offsets wrongly.
    let (geometry, problem) = if is_polygonal(geometry) {
        match repair_geometry(geometry) {
            Ok(None) => (std::borrow::Cow::Borrowed(geometry), None),
            Ok(Some(fixed)) => (std::borrow::Cow::Owned(fixed), Some(validation_problem(geometry))),
            Err(why) => return (empty, Some(why.reason), false),
        }
    } else {
        (std::borrow::Cow::Borrowed(geometry), None)
    };
    match guard(|| buffer_geometry(&geometry, options)) {
        Ok(buffered) => {
            let repaired = problem.is_some();
            (buffered, problem, repaired)
        }
        Err(panic) => (empty, Some(format!("the buffer failed: {panic}")), false),
    }
}

fn validation_problem(geometry: &Geometry<f64>) -> String {
    super::repair::problem_of(geometry).unwrap_or_else(|| "invalid geometry".to_owned())
}

fn style(distance: f64, segments: usize) -> BufferStyle<f64> {
    let angle = std::f64::consts::FRAC_PI_2 / segments as f64;
    BufferStyle::new(distance).line_join(LineJoin::Round(angle)).line_cap(LineCap::Round(angle))
}

fn planar(geometry: &Geometry<f64>, distance: f64, segments: usize) -> MultiPolygon<f64> {
    match geometry {
        Geometry::Point(p) => {
            if distance <= 0.0 {
                return MultiPolygon::new(Vec::new());
            }
            // A circle straight from its vertices: the same shape geo's buffer makes, without
            // going through the overlay machinery.
            let n = 4 * segments;
            let mut ring: Vec<Coord<f64>> = (0..n)
                .map(|k| {
                    let (sin, cos) = (std::f64::consts::TAU * k as f64 / n as f64).sin_cos();
                    Coord { x: p.x() + distance * cos, y: p.y() + distance * sin }
                })
                .collect();
            ring.push(ring[0]);
            MultiPolygon::new(vec![Polygon::new(LineString::new(ring), Vec::new())])
        }
        Geometry::Polygon(p) if distance > 0.0 => grow(std::slice::from_ref(p), distance, segments),
        Geometry::MultiPolygon(mp) if distance > 0.0 => grow(&mp.0, distance, segments),
        other => other.buffer_with_style(style(distance, segments)).orient(Direction::Default),
    }
}

/// Grows polygons by `distance` (> 0) the way GEOS does: each ring's raw offset curve (edges moved
/// outwards, round arcs at convex corners, a detour through the vertex at concave ones) and one
/// overlay that keeps where the curves wind positively. Much less overlay input than offsetting
/// every edge and corner into its own shape and uniting them, which is what geo's buffer does.
fn grow(polygons: &[Polygon<f64>], distance: f64, segments: usize) -> MultiPolygon<f64> {
    use i_overlay::core::fill_rule::FillRule;
    use i_overlay::float::simplify::SimplifyShape;
    let quantum = std::f64::consts::FRAC_PI_2 / segments as f64;
    let mut curves: Vec<Vec<[f64; 2]>> = Vec::new();
    for polygon in polygons {
        // Exteriors counter-clockwise and holes clockwise: the outside of every ring is on its right.
        let polygon = polygon.orient(Direction::Default);
        for ring in std::iter::once(polygon.exterior()).chain(polygon.interiors()) {
            if let Some(curve) = offset_curve(ring, distance, quantum) {
                curves.push(curve);
            }
        }
    }
    multi_polygon_of(curves.simplify_shape(FillRule::Positive))
}

/// i_overlay's shapes (each a list of open rings, exterior first) as an oriented multi-polygon.
pub(crate) fn multi_polygon_of(shapes: Vec<Vec<Vec<[f64; 2]>>>) -> MultiPolygon<f64> {
    let polygons = shapes
        .into_iter()
        .filter_map(|shape| {
            let mut rings = shape.into_iter().map(|path| {
                let mut coords: Vec<Coord<f64>> = path.iter().map(|p| Coord { x: p[0], y: p[1] }).collect();
                if let Some(&first) = coords.first() {
                    coords.push(first);
                }
                LineString::new(coords)
            });
            let exterior = rings.next()?;
            Some(Polygon::new(exterior, rings.collect()))
        })
        .collect();
    MultiPolygon::new(polygons).orient(Direction::Default)
}

/// The raw offset curve of a closed ring, `distance` to the right of its direction; `None` for a
/// ring with fewer than two distinct points.
fn offset_curve(ring: &LineString<f64>, distance: f64, quantum: f64) -> Option<Vec<[f64; 2]>> {
    let mut points: Vec<Coord<f64>> = Vec::with_capacity(ring.0.len());
    for &c in &ring.0 {
        if points.last() != Some(&c) {
            points.push(c);
        }
    }
    if points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    let n = points.len();
    if n < 2 {
        return None;
    }
    // The unit direction of each edge (edge k runs from point k to point k + 1).
    let directions: Vec<Coord<f64>> = (0..n)
        .map(|k| {
            let d = points[(k + 1) % n] - points[k];
            let length = d.x.hypot(d.y);
            Coord { x: d.x / length, y: d.y / length }
        })
        .collect();
    let right = |u: Coord<f64>| Coord { x: u.y * distance, y: -u.x * distance };
    let mut curve: Vec<[f64; 2]> = Vec::with_capacity(n * 4);
    for k in 0..n {
        // The corner at point k, between edge k - 1 and edge k.
        let (before, after) = (directions[(k + n - 1) % n], directions[k]);
        let v = points[k];
        let (n1, n2) = (right(before), right(after));
        let cross = before.x * after.y - before.y * after.x;
        let dot = before.x * after.x + before.y * after.y;
        if cross > 0.0 || (cross == 0.0 && dot < 0.0) {
            // A left turn: the outside of the corner is a round arc, turning counter-clockwise.
            let turn = cross.atan2(dot);
            let steps = ((turn / quantum).round() as usize).max(1);
            let start = n1.y.atan2(n1.x);
            curve.push([v.x + n1.x, v.y + n1.y]);
            for step in 1..steps {
                let (sin, cos) = (start + turn * step as f64 / steps as f64).sin_cos();
                curve.push([v.x + distance * cos, v.y + distance * sin]);
            }
            curve.push([v.x + n2.x, v.y + n2.y]);
        } else if cross < 0.0 {
            // A right turn. Where the two offset edges cross, that point is the corner (as in
            // GEOS), which saves the overlay two crossings per concave vertex. Otherwise passing
            // through the vertex makes the overlap wind negatively, so the overlay drops it.
            let (previous, next) = (points[(k + n - 1) % n], points[(k + 1) % n]);
            match crossing(previous + n1, v + n1, v + n2, next + n2) {
                Some(corner) => curve.push([corner.x, corner.y]),
                None => {
                    curve.push([v.x + n1.x, v.y + n1.y]);
                    curve.push([v.x, v.y]);
                    curve.push([v.x + n2.x, v.y + n2.y]);
                }
            }
        } else {
            curve.push([v.x + n1.x, v.y + n1.y]);
        }
    }
    Some(curve)
}

fn geodesic(geometry: &Geometry<f64>, distance: f64, segments: usize) -> MultiPolygon<f64> {
    match geometry {
        Geometry::Point(p) if distance > 0.0 => geodesic_circle(p.0, distance, 4 * segments),
        Geometry::Point(_) => MultiPolygon::new(Vec::new()),
        Geometry::MultiPoint(points) if distance > 0.0 => {
            let circles: Vec<MultiPolygon<f64>> =
                points.iter().map(|p| geodesic_circle(p.0, distance, 4 * segments)).collect();
            if circles.len() == 1 { circles.into_iter().next().expect("one circle") } else { unary_union(&circles) }
        }
        Geometry::MultiPoint(_) => MultiPolygon::new(Vec::new()),
        Geometry::GeometryCollection(members) => {
            let parts: Vec<MultiPolygon<f64>> = members.iter().map(|g| geodesic(g, distance, segments)).collect();
            unary_union(&parts)
        }
        other => in_local_projection(other, distance, segments),
    }
}

/// Buffers a line or polygon in an azimuthal equidistant projection centred on it, then maps
/// the result back to lon/lat (split at the antimeridian where it crosses).
fn in_local_projection(geometry: &Geometry<f64>, distance: f64, segments: usize) -> MultiPolygon<f64> {
    let Some(reference) = first_lon(geometry) else { return MultiPolygon::new(Vec::new()) };
    // Unwrap around the first longitude so a shape across the antimeridian stays in one piece.
    let unwrapped = geometry.map_coords(|c| Coord { x: reference + wrap180(c.x - reference), y: c.y });
    let Some(bounds) = unwrapped.bounding_rect() else { return MultiPolygon::new(Vec::new()) };
    let centre = bounds.center();
    let aeqd = Aeqd::new(Coord { x: wrap180(centre.x), y: centre.y });
    let projected = unwrapped.map_coords(|c| aeqd.forward(c));
    let buffered = planar(&projected, distance, segments);
    let mut parts = Vec::new();
    for polygon in &buffered.0 {
        let back = polygon.map_coords(|c| aeqd.inverse(c));
        parts.extend(split_at_antimeridian(&back, wrap180(centre.x)).0);
    }
    MultiPolygon::new(parts).orient(Direction::Default)
}

/// Where segment `a`–`b` crosses segment `c`–`d`, if it does.
fn crossing(a: Coord<f64>, b: Coord<f64>, c: Coord<f64>, d: Coord<f64>) -> Option<Coord<f64>> {
    let (r, s) = (b - a, d - c);
    let denominator = r.x * s.y - r.y * s.x;
    if denominator == 0.0 {
        return None;
    }
    let ac = c - a;
    let t = (ac.x * s.y - ac.y * s.x) / denominator;
    let u = (ac.x * r.y - ac.y * r.x) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| a + r * t)
}

fn first_lon(geometry: &Geometry<f64>) -> Option<f64> {
    use geo::CoordsIter;
    geometry.coords_iter().next().map(|c| c.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geoprocessing::geodesic_distance;
    use geo::{CoordsIter, GeodesicArea};

    #[test]
    fn every_vertex_of_a_geodesic_circle_is_at_the_radius() {
        let helsinki = Coord { x: 24.94, y: 60.17 };
        let circle = geodesic_circle(helsinki, 200_000.0, 32);
        for c in circle.coords_iter() {
            assert!((geodesic_distance(helsinki, c) - 200_000.0).abs() < 1e-3, "{c:?}");
        }
    }

    #[test]
    fn a_line_across_the_antimeridian_buffers_into_two_pieces() {
        let line = Geometry::LineString(LineString::from(vec![(179.0, -17.0), (-179.0, -17.0)]));
        let buffered = buffer_geometry(&line, &BufferOptions::new(Distance::Ground(50_000.0)));
        assert_eq!(buffered.0.len(), 2);
        let area = buffered.geodesic_area_unsigned();
        // 2° of longitude at 17°S is 212.9 km long, buffered by 50 km on each side, plus round caps.
        let expected = 212_900.0 * 100_000.0 + std::f64::consts::PI * 50_000.0f64.powi(2);
        assert!((area / expected - 1.0).abs() < 0.01, "{area} vs {expected}");
    }
}
