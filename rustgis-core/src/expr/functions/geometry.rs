//! Geometry functions. Measures are planar, in the geometry's own units, as QGIS's functions
//! are (`area(geom_from_wkt('POLYGON((0 0,4 0,4 2,0 2,0 0))'))` is 8 whatever the layer's CRS);
//! only `$area`, `$length` and `$perimeter` measure the feature on the ellipsoid. A function
//! given the wrong kind of geometry answers NULL, as in QGIS.

use std::sync::Arc;

use geo::{Area, BooleanOps, Centroid, ConvexHull, Distance, Euclidean, Relate, Simplify, SimplifyVw, Validation};

use super::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape, circle_through};
use crate::expr::value::Val;

fn geom_out(g: Geom) -> Out {
    Ok(Val::Geometry(Arc::new(g)))
}

fn line(dims: Dims, coords: Vec<Coord>) -> Geom {
    Geom::new(dims, Kind::LineString(coords))
}

fn point_geom(dims: Dims, c: Coord) -> Geom {
    Geom::new(dims, Kind::Point(Some(c)))
}

/// A refusal of a function that needs an algorithm RustGIS does not have.
fn not_here(args: &Args<'_, '_>, instead: &str) -> Fail {
    Fail::unsupported(format!(
        "{}() is not supported in RustGIS for this input (it needs GEOS's algorithm, whose exact vertices RustGIS does not reproduce); {instead}",
        args.function.name
    ))
}

// The feature.

pub(super) fn geometry_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_geometry(args).map_or(Val::Null, Val::Geometry))
}

fn feature_geometry(args: &Args<'_, '_>) -> Option<Arc<Geom>> {
    args.env.feature.and_then(|f| f.geometry.as_ref()).map(|g| Arc::new(Geom::from_geo(g)))
}

fn feature_geo<'a>(args: &Args<'a, '_>) -> Option<&'a geo::Geometry<f64>> {
    args.env.feature.and_then(|f| f.geometry.as_ref())
}

pub(super) fn area_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_geo(args).map_or(Val::Null, |g| Val::Double(crate::expr::measures::area(g, args.env.crs))))
}

pub(super) fn length_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_geo(args).map_or(Val::Null, |g| Val::Double(crate::expr::measures::length(g, args.env.crs))))
}

pub(super) fn perimeter_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_geo(args).map_or(Val::Null, |g| Val::Double(crate::expr::measures::perimeter(g, args.env.crs))))
}

fn feature_point(args: &Args<'_, '_>) -> Option<geo::Point<f64>> {
    match feature_geo(args)? {
        geo::Geometry::Point(p) => Some(*p),
        geo::Geometry::MultiPoint(ps) => ps.0.first().copied(),
        _ => None,
    }
}

pub(super) fn x_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_point(args).map_or(Val::Null, |p| Val::Double(p.x())))
}

pub(super) fn y_here(args: &Args<'_, '_>) -> Out {
    Ok(feature_point(args).map_or(Val::Null, |p| Val::Double(p.y())))
}

pub(super) fn z_here(_: &Args<'_, '_>) -> Out {
    Ok(Val::Null)
}

fn vertex_at(g: &Geom, idx: i64) -> Option<Coord> {
    let coords = g.coords();
    let len = i64::try_from(coords.len()).ok()?;
    let idx = if idx < 0 { len + idx } else { idx };
    usize::try_from(idx).ok().and_then(|i| coords.get(i)).copied()
}

pub(super) fn x_at_here(args: &Args<'_, '_>) -> Out {
    let Some(g) = feature_geometry(args) else { return Ok(Val::Null) };
    Ok(vertex_at(&g, args.int(0)?).map_or(Val::Null, |c| Val::Double(c.x)))
}

pub(super) fn y_at_here(args: &Args<'_, '_>) -> Out {
    let Some(g) = feature_geometry(args) else { return Ok(Val::Null) };
    Ok(vertex_at(&g, args.int(0)?).map_or(Val::Null, |c| Val::Double(c.y)))
}

pub(super) fn geometry_of(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Feature(f) => Ok(f.geometry.clone().map_or(Val::Null, Val::Geometry)),
        _ => Err(args.fail(0, "a feature")),
    }
}

// Constructors.

pub(super) fn geom_from_wkt(args: &Args<'_, '_>) -> Out {
    Ok(Geom::from_wkt(&args.text(0)).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(super) fn geom_from_wkb(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Bytes(b) => Geom::from_wkb(b)
            .map(|g| Val::Geometry(Arc::new(g)))
            .ok_or_else(|| args.error("the binary value is not WKB")),
        _ => Err(args.fail(0, "a binary value (such as geom_to_wkb(…))")),
    }
}

pub(super) fn geom_to_wkt(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let precision = usize::try_from(args.int(1)?.clamp(0, 17)).unwrap_or(8);
    super::text_out(g.to_wkt(Some(precision)))
}

pub(super) fn geom_to_wkb(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bytes(Arc::new(args.geom(0)?.to_wkb())))
}

pub(super) fn make_point(args: &Args<'_, '_>) -> Out {
    if !(2..=4).contains(&args.len()) {
        return Err(args.error(format!("takes 2 to 4 arguments (x, y[, z[, m]]), but was given {}", args.len())));
    }
    let mut c = Coord::xy(args.double(0)?, args.double(1)?);
    let mut dims = Dims::XY;
    if args.len() >= 3 {
        c.z = args.double(2)?;
        dims.z = true;
    }
    if args.len() == 4 {
        c.m = args.double(3)?;
        dims.m = true;
    }
    geom_out(point_geom(dims, c))
}

pub(super) fn make_point_m(args: &Args<'_, '_>) -> Out {
    let mut c = Coord::xy(args.double(0)?, args.double(1)?);
    c.m = args.double(2)?;
    geom_out(point_geom(Dims { z: false, m: true }, c))
}

/// The single point of a point (or one-point multi-point) geometry.
fn as_point(g: &Geom) -> Option<(Coord, Dims)> {
    match &g.kind {
        Kind::Point(Some(c)) => Some((*c, g.dims)),
        Kind::MultiPoint(parts) if parts.len() == 1 => as_point(&parts[0]),
        _ => None,
    }
}

fn point_arg(args: &Args<'_, '_>, idx: usize) -> Result<Option<(Coord, Dims)>, Fail> {
    Ok(as_point(args.geom(idx)?))
}

pub(super) fn make_line(args: &Args<'_, '_>) -> Out {
    let mut points = Vec::new();
    let mut dims = Dims::XY;
    let mut add = |value: &Val| -> Result<(), Fail> {
        match value {
            Val::Geometry(g) => {
                if let Kind::Point(Some(c)) = g.kind {
                    dims.z |= g.dims.z;
                    dims.m |= g.dims.m;
                    points.push(c);
                }
                Ok(())
            }
            other => Err(args.error(format!("needs points, not {}", other.describe()))),
        }
    };
    for idx in 0..args.len() {
        match args.get(idx) {
            Val::Array(items) => {
                for item in items.iter() {
                    add(item)?;
                }
            }
            other => add(other)?,
        }
    }
    if points.len() < 2 {
        return Ok(Val::Null);
    }
    geom_out(line(dims, points))
}

/// The ring of a closed line or of a polygon's exterior.
fn ring_of(g: &Geom) -> Option<Vec<Coord>> {
    match &g.kind {
        Kind::LineString(cs) => Some(cs.clone()),
        Kind::Polygon(rings) => rings.first().cloned(),
        _ => None,
    }
}

pub(super) fn make_polygon(args: &Args<'_, '_>) -> Out {
    let outer = args.geom(0)?;
    let Some(exterior) = ring_of(outer) else {
        return Ok(Val::Null);
    };
    let mut rings = vec![close(exterior)];
    for idx in 1..args.len() {
        match args.get(idx) {
            Val::Geometry(g) => {
                if let Some(ring) = ring_of(g) {
                    rings.push(close(ring));
                }
            }
            other => return Err(args.error(format!("rings must be lines, not {}", other.describe()))),
        }
    }
    geom_out(Geom::new(outer.dims, Kind::Polygon(rings)))
}

fn close(mut ring: Vec<Coord>) -> Vec<Coord> {
    if let (Some(first), Some(last)) = (ring.first().copied(), ring.last())
        && first != *last
    {
        ring.push(first);
    }
    ring
}

pub(super) fn make_triangle(args: &Args<'_, '_>) -> Out {
    let mut points = Vec::new();
    let mut dims = Dims::XY;
    for idx in 0..3 {
        let Some((c, d)) = point_arg(args, idx)? else {
            return Err(args.fail(idx, "a point"));
        };
        dims.z |= d.z;
        dims.m |= d.m;
        points.push(c);
    }
    points.push(points[0]);
    geom_out(Geom::new(dims, Kind::Triangle(points)))
}

/// Points around an ellipse from the major axis' direction (azimuth, degrees), clockwise.
fn ellipse_points(center: Coord, a: f64, b: f64, azimuth: f64, segments: usize) -> Vec<Coord> {
    let az = azimuth.to_radians();
    let (ux, uy) = (az.sin(), az.cos());
    let (vx, vy) = (az.cos(), -az.sin());
    let mut points: Vec<Coord> = (0..segments)
        .map(|i| {
            let t = std::f64::consts::TAU * i as f64 / segments as f64;
            let (ct, st) = (t.cos(), t.sin());
            Coord {
                x: center.x + a * ct * ux + b * st * vx,
                y: center.y + a * ct * uy + b * st * vy,
                z: center.z,
                m: center.m,
            }
        })
        .collect();
    if let Some(first) = points.first().copied() {
        points.push(first);
    }
    points
}

pub(super) fn make_circle(args: &Args<'_, '_>) -> Out {
    let Some((center, dims)) = point_arg(args, 0)? else { return Ok(Val::Null) };
    let (radius, segments) = (args.double(1)?, args.int(2)?);
    if segments < 3 {
        return Err(args.error("segments must be at least 3"));
    }
    let points = ellipse_points(center, radius, radius, 0.0, usize::try_from(segments).unwrap_or(3));
    geom_out(Geom::new(dims, Kind::Polygon(vec![points])))
}

pub(super) fn make_ellipse(args: &Args<'_, '_>) -> Out {
    let Some((center, dims)) = point_arg(args, 0)? else { return Ok(Val::Null) };
    let (a, b, azimuth, segments) = (args.double(1)?, args.double(2)?, args.double(3)?, args.int(4)?);
    if segments < 3 {
        return Err(args.error("segments must be at least 3"));
    }
    geom_out(Geom::new(
        dims,
        Kind::Polygon(vec![ellipse_points(center, a, b, azimuth, usize::try_from(segments).unwrap_or(3))]),
    ))
}

/// The azimuth (radians, clockwise from north) from `a` to `b`.
fn azimuth_of(a: &Coord, b: &Coord) -> f64 {
    (b.x - a.x).atan2(b.y - a.y).rem_euclid(std::f64::consts::TAU)
}

pub(super) fn make_regular_polygon(args: &Args<'_, '_>) -> Out {
    let Some((center, dims)) = point_arg(args, 0)? else { return Ok(Val::Null) };
    let Some((radius_point, _)) = point_arg(args, 1)? else { return Ok(Val::Null) };
    let sides = args.int(2)?;
    let option = args.int(3)?;
    if sides < 3 {
        return Err(args.error("number_sides must be at least 3"));
    }
    if !(0..=1).contains(&option) {
        return Err(args.error("circle must be 0 (radius to a vertex) or 1 (radius to the middle of a side)"));
    }
    let n = usize::try_from(sides).unwrap_or(3);
    let step = std::f64::consts::TAU / n as f64;
    let mut azimuth = azimuth_of(&center, &radius_point);
    let mut radius = center.distance(&radius_point);
    if option == 1 {
        radius /= (step / 2.0).cos();
        azimuth -= step / 2.0;
    }
    let mut points: Vec<Coord> = (0..n)
        .map(|i| {
            let a = azimuth + step * i as f64;
            Coord { x: center.x + radius * a.sin(), y: center.y + radius * a.cos(), z: center.z, m: center.m }
        })
        .collect();
    points.push(points[0]);
    geom_out(Geom::new(dims, Kind::Polygon(vec![points])))
}

pub(super) fn make_square(args: &Args<'_, '_>) -> Out {
    let (Some((p1, dims)), Some((p2, _))) = (point_arg(args, 0)?, point_arg(args, 1)?) else {
        return Ok(Val::Null);
    };
    let c = Coord { x: (p1.x + p2.x) / 2.0, y: (p1.y + p2.y) / 2.0, ..p1 };
    let (dx, dy) = (p1.x - c.x, p1.y - c.y);
    // Clockwise from the first corner.
    let corners = [(dx, dy), (dy, -dx), (-dx, -dy), (-dy, dx), (dx, dy)];
    let points = corners.iter().map(|(x, y)| Coord { x: c.x + x, y: c.y + y, ..p1 }).collect();
    geom_out(Geom::new(dims, Kind::Polygon(vec![points])))
}

pub(super) fn make_rectangle_3points(args: &Args<'_, '_>) -> Out {
    let (Some((p1, dims)), Some((p2, _)), Some((p3, _))) =
        (point_arg(args, 0)?, point_arg(args, 1)?, point_arg(args, 2)?)
    else {
        return Ok(Val::Null);
    };
    let option = args.int(3)?;
    let (ux, uy) = (p2.x - p1.x, p2.y - p1.y);
    let len = ux.hypot(uy);
    if len == 0.0 {
        return Ok(Val::Null);
    }
    let cross = ux * (p3.y - p1.y) - uy * (p3.x - p1.x);
    // The unit normal towards p3's side.
    let (nx, ny) = if cross < 0.0 { (uy / len, -ux / len) } else { (-uy / len, ux / len) };
    let width = match option {
        0 => p2.distance(&p3),
        1 => cross.abs() / len,
        _ => return Err(args.error("option must be 0 (by distance) or 1 (by projection)")),
    };
    let at = |c: Coord| Coord { x: c.x + nx * width, y: c.y + ny * width, ..c };
    geom_out(Geom::new(dims, Kind::Polygon(vec![vec![p1, p2, at(p2), at(p1), p1]])))
}

/// Parts gathered into the multi type of their kind (a collection when kinds mix).
pub(crate) fn collect_parts(parts: Vec<Geom>) -> Geom {
    let mut flat = Vec::new();
    for part in parts {
        match part.parts() {
            Some(inner) => flat.extend(inner.iter().cloned()),
            None => flat.push(part),
        }
    }
    let dims = flat.first().map_or(Dims::XY, |g| g.dims);
    let shapes: Vec<Shape> = flat.iter().map(Geom::shape).collect();
    let all = |s: Shape| shapes.iter().all(|x| *x == s);
    let kind = if all(Shape::Point) {
        Kind::MultiPoint(flat)
    } else if all(Shape::Line) && flat.iter().all(|g| matches!(g.kind, Kind::LineString(_))) {
        Kind::MultiLineString(flat)
    } else if all(Shape::Polygon) && flat.iter().all(|g| matches!(g.kind, Kind::Polygon(_))) {
        Kind::MultiPolygon(flat)
    } else {
        Kind::GeometryCollection(flat)
    };
    Geom::new(dims, kind)
}

pub(super) fn collect_geometries(args: &Args<'_, '_>) -> Out {
    let mut parts = Vec::new();
    let mut take = |value: &Val| -> Result<(), Fail> {
        match value {
            Val::Geometry(g) => {
                parts.push((**g).clone());
                Ok(())
            }
            Val::Null => Ok(()),
            other => Err(args.error(format!("needs geometries, not {}", other.describe()))),
        }
    };
    for idx in 0..args.len() {
        match args.get(idx) {
            Val::Array(items) => items.iter().try_for_each(&mut take)?,
            other => take(other)?,
        }
    }
    if parts.is_empty() {
        return Err(Fail::unsupported(
            "collect_geometries() of no geometries is not supported in RustGIS (QGIS gives an empty geometry that is not NULL); test array_length(…) > 0 first",
        ));
    }
    geom_out(collect_parts(parts))
}

pub(super) fn geometries_to_array(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let items = match g.parts() {
        Some(parts) => parts.iter().map(|p| Val::Geometry(Arc::new(p.clone()))).collect(),
        None => vec![Val::Geometry(Arc::clone(g))],
    };
    Ok(Val::Array(Arc::new(items)))
}

// Accessors.

pub(super) fn geometry_type(args: &Args<'_, '_>) -> Out {
    Ok(Val::text(match args.geom(0)?.shape() {
        Shape::Point => "Point",
        Shape::Line => "Line",
        Shape::Polygon => "Polygon",
        Shape::Unknown => "Unknown",
    }))
}

/// A point's coordinate, or the centroid's for other geometries.
fn point_or_centroid(g: &Geom) -> Option<Coord> {
    if let Kind::Point(c) = &g.kind {
        return *c;
    }
    let centroid = g.to_geo()?.centroid()?;
    Some(Coord::xy(centroid.x(), centroid.y()))
}

pub(super) fn x(args: &Args<'_, '_>) -> Out {
    Ok(point_or_centroid(args.geom(0)?).map_or(Val::Null, |c| Val::Double(c.x)))
}

pub(super) fn y(args: &Args<'_, '_>) -> Out {
    Ok(point_or_centroid(args.geom(0)?).map_or(Val::Null, |c| Val::Double(c.y)))
}

pub(super) fn z(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(match (&g.kind, g.dims.z) {
        (Kind::Point(Some(c)), true) => Val::Double(c.z),
        _ => Val::Null,
    })
}

pub(super) fn m(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(match (&g.kind, g.dims.m) {
        (Kind::Point(Some(c)), true) => Val::Double(c.m),
        _ => Val::Null,
    })
}

fn bound(args: &Args<'_, '_>, pick: fn(&Coord) -> f64, larger: bool) -> Out {
    let coords = args.geom(0)?.coords();
    let best = coords.iter().map(pick).reduce(|a, b| if larger { a.max(b) } else { a.min(b) });
    Ok(best.map_or(Val::Null, Val::Double))
}

pub(super) fn x_min(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.x, false)
}

pub(super) fn x_max(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.x, true)
}

pub(super) fn y_min(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.y, false)
}

pub(super) fn y_max(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.y, true)
}

/// The extreme z or m: NULL without the dimension, or when a value is NaN.
fn zm_bound(args: &Args<'_, '_>, use_z: bool, larger: bool) -> Out {
    let g = args.geom(0)?;
    if (use_z && !g.dims.z) || (!use_z && !g.dims.m) {
        return Ok(Val::Null);
    }
    let values: Vec<f64> = g.coords().iter().map(|c| if use_z { c.z } else { c.m }).collect();
    if values.is_empty() || values.iter().any(|v| v.is_nan()) {
        return Ok(Val::Null);
    }
    Ok(Val::Double(values.into_iter().reduce(|a, b| if larger { a.max(b) } else { a.min(b) }).unwrap_or(f64::NAN)))
}

pub(super) fn z_min(args: &Args<'_, '_>) -> Out {
    zm_bound(args, true, false)
}

pub(super) fn z_max(args: &Args<'_, '_>) -> Out {
    zm_bound(args, true, true)
}

pub(super) fn m_min(args: &Args<'_, '_>) -> Out {
    zm_bound(args, false, false)
}

pub(super) fn m_max(args: &Args<'_, '_>) -> Out {
    zm_bound(args, false, true)
}

fn at_vertex(args: &Args<'_, '_>, pick: fn(&Coord, Dims) -> Option<f64>) -> Out {
    let g = args.geom(0)?;
    Ok(vertex_at(g, args.int(1)?).and_then(|c| pick(&c, g.dims)).map_or(Val::Null, Val::Double))
}

pub(super) fn x_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, _| Some(c.x))
}

pub(super) fn y_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, _| Some(c.y))
}

pub(super) fn z_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, d| d.z.then_some(c.z))
}

pub(super) fn m_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, d| d.m.then_some(c.m))
}

pub(super) fn point_n(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let n = args.int(1)?;
    let count = i64::try_from(g.coords().len()).unwrap_or(i64::MAX);
    let idx = if n < 0 { count + n } else { n - 1 };
    match (n != 0).then(|| vertex_at(g, idx)).flatten() {
        Some(c) => geom_out(point_geom(g.dims, c)),
        None => Err(args.error(format!(
            "point index {n} is out of range; the geometry has {count} vertices (1 to {count}, or -1 for the last)"
        ))),
    }
}

pub(super) fn start_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(g.coords().first().map_or(Val::Null, |c| Val::Geometry(Arc::new(point_geom(g.dims, *c)))))
}

pub(super) fn end_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let end = match &g.kind {
        Kind::Polygon(rings) => rings.first().and_then(|r| r.last()).copied(),
        _ => g.coords().last().copied(),
    };
    Ok(end.map_or(Val::Null, |c| Val::Geometry(Arc::new(point_geom(g.dims, c)))))
}

/// The rings and lines of a geometry, each as its vertices, in order.
fn vertex_runs(g: &Geom) -> Vec<(Vec<Coord>, bool)> {
    match &g.kind {
        Kind::Point(Some(c)) => vec![(vec![*c], false)],
        Kind::Point(None) => Vec::new(),
        Kind::LineString(cs) | Kind::CircularString(cs) => vec![(cs.clone(), false)],
        Kind::CompoundCurve(_) => vec![(g.coords(), false)],
        Kind::Triangle(cs) => vec![(cs.clone(), true)],
        Kind::Polygon(rings) => rings.iter().map(|r| (r.clone(), true)).collect(),
        Kind::CurvePolygon(rings) => rings.iter().map(|r| (r.coords(), true)).collect(),
        _ => g.parts().unwrap_or(&[]).iter().flat_map(vertex_runs).collect(),
    }
}

pub(super) fn nodes_to_points(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let ignore_closing = args.bool(1)?;
    let mut points = Vec::new();
    for (run, _) in vertex_runs(g) {
        let closed = run.len() > 1 && run.first() == run.last();
        let take = if ignore_closing && closed { run.len() - 1 } else { run.len() };
        points.extend(run.into_iter().take(take).map(|c| point_geom(g.dims, c)));
    }
    geom_out(Geom::new(g.dims, Kind::MultiPoint(points)))
}

pub(super) fn segments_to_lines(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let mut lines = Vec::new();
    for (run, _) in vertex_runs(g) {
        for pair in run.windows(2) {
            lines.push(line(g.dims, vec![pair[0], pair[1]]));
        }
    }
    geom_out(Geom::new(g.dims, Kind::MultiLineString(lines)))
}

pub(super) fn num_points(args: &Args<'_, '_>) -> Out {
    Ok(Val::Int(i64::try_from(args.geom(0)?.coords().len()).unwrap_or(i64::MAX)))
}

/// The polygons of a geometry and of its parts.
fn polygons(g: &Geom) -> Vec<&Geom> {
    match &g.kind {
        Kind::Polygon(_) | Kind::CurvePolygon(_) | Kind::Triangle(_) => vec![g],
        _ => g.parts().unwrap_or(&[]).iter().flat_map(polygons).collect(),
    }
}

fn ring_count(g: &Geom) -> usize {
    match &g.kind {
        Kind::Polygon(r) => r.len(),
        Kind::CurvePolygon(r) => r.len(),
        Kind::Triangle(r) => usize::from(!r.is_empty()),
        _ => 0,
    }
}

pub(super) fn num_interior_rings(args: &Args<'_, '_>) -> Out {
    let polys = polygons(args.geom(0)?);
    if polys.is_empty() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(polys.iter().map(|p| ring_count(p).saturating_sub(1)).sum::<usize>()).unwrap_or(0)))
}

pub(super) fn num_rings(args: &Args<'_, '_>) -> Out {
    let polys = polygons(args.geom(0)?);
    if polys.is_empty() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(polys.iter().map(|p| ring_count(p)).sum::<usize>()).unwrap_or(0)))
}

pub(super) fn num_geometries(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(Val::Int(g.parts().map_or(1, |p| i64::try_from(p.len()).unwrap_or(0))))
}

fn ring_geom(g: &Geom, idx: usize) -> Option<Geom> {
    match &g.kind {
        Kind::Polygon(rings) => rings.get(idx).map(|r| line(g.dims, r.clone())),
        Kind::CurvePolygon(rings) => rings.get(idx).cloned(),
        Kind::Triangle(ring) if idx == 0 => Some(line(g.dims, ring.clone())),
        _ => None,
    }
}

pub(super) fn exterior_ring(args: &Args<'_, '_>) -> Out {
    Ok(ring_geom(args.geom(0)?, 0).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(super) fn interior_ring_n(args: &Args<'_, '_>) -> Out {
    let n = args.int(1)?;
    let Ok(idx) = usize::try_from(n) else { return Ok(Val::Null) };
    if idx == 0 {
        return Ok(Val::Null);
    }
    Ok(ring_geom(args.geom(0)?, idx).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(super) fn geometry_n(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let n = args.int(1)?;
    let Some(parts) = g.parts() else { return Ok(Val::Null) };
    Ok(usize::try_from(n - 1).ok().and_then(|i| parts.get(i)).map_or(Val::Null, |p| Val::Geometry(Arc::new(p.clone()))))
}

fn bbox(g: &Geom) -> Option<(f64, f64, f64, f64)> {
    let coords = g.coords();
    let first = coords.first()?;
    Some(
        coords.iter().fold((first.x, first.y, first.x, first.y), |(a, b, c, d), p| {
            (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
        }),
    )
}

pub(super) fn bounds(args: &Args<'_, '_>) -> Out {
    let Some((x0, y0, x1, y1)) = bbox(args.geom(0)?) else { return Ok(Val::Null) };
    let ring = vec![Coord::xy(x0, y0), Coord::xy(x1, y0), Coord::xy(x1, y1), Coord::xy(x0, y1), Coord::xy(x0, y0)];
    geom_out(Geom::new(Dims::XY, Kind::Polygon(vec![ring])))
}

pub(super) fn bounds_width(args: &Args<'_, '_>) -> Out {
    Ok(bbox(args.geom(0)?).map_or(Val::Null, |(x0, _, x1, _)| Val::Double(x1 - x0)))
}

pub(super) fn bounds_height(args: &Args<'_, '_>) -> Out {
    Ok(bbox(args.geom(0)?).map_or(Val::Null, |(_, y0, _, y1)| Val::Double(y1 - y0)))
}

pub(super) fn is_empty(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.geom(0)?.is_empty()))
}

pub(super) fn is_empty_or_null(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Null => Ok(Val::Bool(true)),
        Val::Geometry(g) => Ok(Val::Bool(g.is_empty())),
        _ => Err(args.fail(0, "a geometry")),
    }
}

fn lines_of(g: &Geom) -> Vec<&Geom> {
    match &g.kind {
        Kind::LineString(_) | Kind::CircularString(_) | Kind::CompoundCurve(_) => vec![g],
        Kind::MultiLineString(p) | Kind::MultiCurve(p) => p.iter().collect(),
        _ => Vec::new(),
    }
}

pub(super) fn is_closed(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let lines = lines_of(g);
    if lines.is_empty() || g.is_empty() {
        return Ok(Val::Null);
    }
    Ok(Val::Bool(lines.iter().all(|l| {
        let cs = l.coords();
        cs.len() > 1 && cs.first().zip(cs.last()).is_some_and(|(a, b)| a.x == b.x && a.y == b.y)
    })))
}

pub(super) fn is_multipart(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.geom(0)?.is_multi()))
}

pub(super) fn is_valid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let valid = match &g.kind {
        Kind::LineString(cs) => cs.len() >= 2,
        _ => g.to_geo().is_some_and(|geo| geo.is_valid()),
    };
    Ok(Val::Bool(valid))
}

// Measures.

/// The planar length of a line geometry (curves as arcs); `None` for other geometries.
pub(crate) fn planar_length(g: &Geom) -> Option<f64> {
    (g.shape() == Shape::Line).then(|| lines_of(g).iter().map(|l| l.curve_length()).sum())
}

fn planar_area(g: &Geom) -> f64 {
    polygons(g).iter().map(|p| p.to_geo().map_or(0.0, |geo| geo.unsigned_area())).sum()
}

fn planar_perimeter(g: &Geom) -> f64 {
    let mut total = 0.0;
    for p in polygons(g) {
        match &p.kind {
            Kind::Polygon(rings) => {
                total += rings.iter().map(|r| r.windows(2).map(|w| w[0].distance(&w[1])).sum::<f64>()).sum::<f64>()
            }
            Kind::Triangle(r) => total += r.windows(2).map(|w| w[0].distance(&w[1])).sum::<f64>(),
            Kind::CurvePolygon(rings) => total += rings.iter().map(Geom::curve_length).sum::<f64>(),
            _ => {}
        }
    }
    total
}

pub(super) fn area(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(if g.shape() == Shape::Polygon { Val::Double(planar_area(g)) } else { Val::Null })
}

pub(super) fn perimeter(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(if g.shape() == Shape::Polygon { Val::Double(planar_perimeter(g)) } else { Val::Null })
}

pub(super) fn length3d(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    if g.shape() != Shape::Line {
        return Ok(Val::Null);
    }
    let total = lines_of(g)
        .iter()
        .map(|l| {
            l.coords()
                .windows(2)
                .map(|w| {
                    let dz = if g.dims.z { w[1].z - w[0].z } else { 0.0 };
                    ((w[1].x - w[0].x).powi(2) + (w[1].y - w[0].y).powi(2) + dz * dz).sqrt()
                })
                .sum::<f64>()
        })
        .sum();
    Ok(Val::Double(total))
}

fn geo_of(args: &Args<'_, '_>, idx: usize) -> Result<Option<geo::Geometry<f64>>, Fail> {
    Ok(args.geom(idx)?.to_geo())
}

pub(super) fn distance(args: &Args<'_, '_>) -> Out {
    let (Some(a), Some(b)) = (geo_of(args, 0)?, geo_of(args, 1)?) else { return Ok(Val::Null) };
    Ok(Val::Double(Euclidean.distance(&a, &b)))
}

/// The distance from a point to the nearest segment or point of a geometry.
fn point_to_geometry(c: &Coord, g: &Geom) -> f64 {
    let mut best = f64::INFINITY;
    for (run, _) in vertex_runs(g) {
        if run.len() == 1 {
            best = best.min(c.distance(&run[0]));
        }
        for w in run.windows(2) {
            best = best.min(point_segment_distance(c, &w[0], &w[1]).0);
        }
    }
    best
}

/// The distance from `p` to the segment `a`–`b` and the closest point on it.
fn point_segment_distance(p: &Coord, a: &Coord, b: &Coord) -> (f64, Coord) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) };
    let c = Coord { x: a.x + t * dx, y: a.y + t * dy, z: a.z + t * (b.z - a.z), m: a.m + t * (b.m - a.m) };
    (p.distance(&c), c)
}

/// The vertices of a geometry, each segment split into pieces when densifying.
fn densified_vertices(g: &Geom, fraction: Option<f64>) -> Vec<Coord> {
    let mut out = Vec::new();
    for (run, _) in vertex_runs(g) {
        match fraction {
            Some(f) if f > 0.0 && f < 1.0 => {
                let pieces = (1.0 / f).round().max(1.0) as usize;
                for w in run.windows(2) {
                    for i in 0..pieces {
                        let t = i as f64 / pieces as f64;
                        out.push(Coord::xy(w[0].x + t * (w[1].x - w[0].x), w[0].y + t * (w[1].y - w[0].y)));
                    }
                }
                out.extend(run.last().copied());
            }
            _ => out.extend(run),
        }
    }
    out
}

pub(super) fn hausdorff_distance(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    let fraction = if args.get(2).is_null() { None } else { Some(args.double(2)?) };
    let directed = |from: &Geom, to: &Geom| {
        densified_vertices(from, fraction).iter().map(|c| point_to_geometry(c, to)).fold(0.0, f64::max)
    };
    Ok(Val::Double(directed(a, b).max(directed(b, a))))
}

pub(super) fn azimuth(args: &Args<'_, '_>) -> Out {
    let (Some((a, _)), Some((b, _))) = (point_arg(args, 0)?, point_arg(args, 1)?) else {
        return Err(args.error("point_a and point_b must be points"));
    };
    if a.x == b.x && a.y == b.y {
        return Ok(Val::Null);
    }
    Ok(Val::Double(azimuth_of(&a, &b)))
}

pub(super) fn bearing(args: &Args<'_, '_>) -> Out {
    let (Some((a, _)), Some((b, _))) = (point_arg(args, 0)?, point_arg(args, 1)?) else {
        return Err(args.error("point_a and point_b must be single points"));
    };
    let source = if args.get(2).is_null() {
        args.env.crs
    } else {
        let text = args.text(2);
        crate::Crs::parse(&text).map_err(|e| args.error(format!("cannot read the CRS '{text}': {e}")))?
    };
    let ellipsoid = if args.get(3).is_null() { "EPSG:7030".to_owned() } else { args.text(3) };
    if !matches!(ellipsoid.to_ascii_uppercase().as_str(), "EPSG:7030" | "WGS84" | "WGS 84") {
        return Err(Fail::unsupported(format!(
            "bearing(): only the WGS 84 ellipsoid (EPSG:7030) is supported, not '{ellipsoid}'; leave ellipsoid out"
        )));
    }
    let to_lonlat = |c: &Coord| -> Option<(f64, f64)> {
        let point = geo::Geometry::Point(geo::Point::new(c.x, c.y));
        let (moved, _) = crate::geoprocessing::reproject_geometry(&point, source, crate::Crs::WGS84).ok()?;
        match moved {
            geo::Geometry::Point(p)
                if p.x().is_finite() && p.y().is_finite() && p.y().abs() <= 90.0 && p.x().abs() <= 180.0 =>
            {
                Some((p.x(), p.y()))
            }
            _ => None,
        }
    };
    let (Some((lon1, lat1)), Some((lon2, lat2))) = (to_lonlat(&a), to_lonlat(&b)) else {
        return Ok(Val::Null);
    };
    use geographiclib_rs::InverseGeodesic as _;
    let (azi1, _, _): (f64, f64, f64) = geographiclib_rs::Geodesic::wgs84().inverse(lat1, lon1, lat2, lon2);
    Ok(Val::Double(azi1.to_radians().rem_euclid(std::f64::consts::TAU)))
}

/// QgsPoint::project: a point a distance away at an azimuth (degrees clockwise from north) and
/// an inclination (degrees from straight up; 90 is level, which keeps a 2D point 2D).
pub(super) fn project(args: &Args<'_, '_>) -> Out {
    let Some((p, dims)) = point_arg(args, 0)? else {
        return Err(args.error("needs a point"));
    };
    let distance = args.double(1)?;
    let azimuth = args.double(2)?.to_degrees();
    let inclination = (args.double(3)?.to_degrees()) % 360.0;
    let level = super::super::eval::double_near(inclination, 90.0);
    let rads_xy = azimuth.to_radians();
    let (dx, dy, dz, dims) = if !dims.z && level {
        (distance * rads_xy.sin(), distance * rads_xy.cos(), 0.0, dims)
    } else {
        let rads_z = inclination.to_radians();
        let new_dims = Dims { z: dims.z || !level, m: dims.m };
        (
            distance * rads_z.sin() * rads_xy.sin(),
            distance * rads_z.sin() * rads_xy.cos(),
            distance * rads_z.cos(),
            new_dims,
        )
    };
    let z = if dims.z { p.z + dz } else { p.z };
    geom_out(point_geom(dims, Coord { x: p.x + dx, y: p.y + dy, z, m: p.m }))
}

pub(super) fn inclination(args: &Args<'_, '_>) -> Out {
    let (Some((a, da)), Some((b, db))) = (point_arg(args, 0)?, point_arg(args, 1)?) else {
        return Err(args.error("point_a and point_b must be points"));
    };
    let za = if da.z { a.z } else { 0.0 };
    let zb = if db.z { b.z } else { 0.0 };
    let d = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2) + (zb - za).powi(2)).sqrt();
    if d == 0.0 {
        return Ok(Val::Double(90.0));
    }
    Ok(Val::Double(((zb - za) / d).acos().to_degrees()))
}

/// The hull's vertices as QGIS's oriented bounding box walks them.
fn hull_coords(g: &Geom) -> Option<Vec<Coord>> {
    let geo = g.to_geo()?;
    let hull = geo.convex_hull();
    let mut coords: Vec<Coord> = hull.exterior().0.iter().map(|c| Coord::xy(c.x, c.y)).collect();
    if coords.len() < 2 {
        return None;
    }
    // geo's hull runs counter-clockwise; GEOS's, which QGIS walks, clockwise.
    coords.reverse();
    Some(coords)
}

/// The oriented minimum bounding box as QGIS computes it: the rectangle, its angle (degrees),
/// width and height.
fn oriented_box(g: &Geom) -> Option<(Vec<Coord>, f64)> {
    if g.coords().len() < 2 {
        return None;
    }
    let mut hull = hull_coords(g)?;
    let pt0 = hull[0];
    let mut best: Option<((f64, f64, f64, f64), f64)> = None;
    let mut best_area = f64::MAX;
    let mut total = 0.0;
    for idx in 1..hull.len() {
        let (p1, p2) = (hull[idx - 1], hull[idx]);
        let angle = (std::f64::consts::FRAC_PI_2 - (p2.y - p1.y).atan2(p2.x - p1.x)).rem_euclid(std::f64::consts::TAU);
        let degrees = angle.to_degrees();
        total += degrees;
        let (s, c) = angle.sin_cos();
        for p in &mut hull {
            let (dx, dy) = (p.x - pt0.x, p.y - pt0.y);
            *p = Coord::xy(pt0.x + dx * c - dy * s, pt0.y + dx * s + dy * c);
        }
        let b = hull.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |(a, b, cc, d), p| {
            (a.min(p.x), b.min(p.y), cc.max(p.x), d.max(p.y))
        });
        let area = (b.2 - b.0) * (b.3 - b.1);
        if area < best_area {
            best_area = area;
            best = Some((b, total));
        }
    }
    let ((x0, y0, x1, y1), angle) = best?;
    // The rectangle rotated back about pt0 (QGIS rotates clockwise by the angle).
    let (s, c) = (-angle.to_radians()).sin_cos();
    let back = |x: f64, y: f64| {
        let (dx, dy) = (x - pt0.x, y - pt0.y);
        Coord::xy(pt0.x + dx * c - dy * s, pt0.y + dx * s + dy * c)
    };
    let rect = vec![back(x0, y0), back(x1, y0), back(x1, y1), back(x0, y1), back(x0, y0)];
    let (width, height) = (x1 - x0, y1 - y0);
    let mut angle = angle;
    if width > height {
        angle += 90.0;
    }
    if angle > 180.0 {
        angle %= 180.0;
    }
    Some((rect, angle))
}

pub(super) fn main_angle(args: &Args<'_, '_>) -> Out {
    oriented_box(args.geom(0)?)
        .map(|(_, angle)| Val::Double(angle))
        .ok_or_else(|| args.error("the geometry needs at least two vertices"))
}

pub(super) fn oriented_bbox(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    match oriented_box(g) {
        Some((rect, _)) => geom_out(Geom::new(Dims::XY, Kind::Polygon(vec![rect]))),
        None => Err(args.error("the geometry needs at least two vertices")),
    }
}

pub(super) fn roundness(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let single = match &g.kind {
        Kind::MultiPolygon(p) | Kind::MultiSurface(p) if p.len() == 1 => &p[0],
        _ => g,
    };
    if !matches!(single.kind, Kind::Polygon(_) | Kind::CurvePolygon(_) | Kind::Triangle(_)) {
        return Err(args.error("needs a polygon, or a multi-polygon with one part"));
    }
    let perimeter = planar_perimeter(single);
    let area = match &single.kind {
        Kind::CurvePolygon(rings) => curve_polygon_area(rings),
        _ => planar_area(single),
    };
    if perimeter == 0.0 {
        return Ok(Val::Double(0.0));
    }
    Ok(Val::Double(4.0 * std::f64::consts::PI * area / (perimeter * perimeter)))
}

/// The area of a curve polygon, arcs included exactly (a full-circle ring is a circle).
fn curve_polygon_area(rings: &[Geom]) -> f64 {
    let ring_area = |ring: &Geom| -> f64 {
        // A single circular string that closes on itself is a circle through its points.
        let cs = ring.coords();
        if let Kind::CompoundCurve(parts) = &ring.kind
            && parts.len() == 1
            && let Kind::CircularString(points) = &parts[0].kind
            && points.len() >= 3
            && points.first() == points.last()
            && let Some((_, _, r)) = circle_through(points[0], points[1], points[2])
        {
            let r = if points.len() == 5 { points[0].distance(&points[2]) / 2.0 } else { r };
            return std::f64::consts::PI * r * r;
        }
        let pts = ring.curve_points();
        let _ = cs;
        0.5 * pts.windows(2).map(|w| w[0].x * w[1].y - w[1].x * w[0].y).sum::<f64>().abs()
    };
    let mut rings = rings.iter();
    let outer = rings.next().map_or(0.0, ring_area);
    outer - rings.map(ring_area).sum::<f64>()
}

/// The single curve of a geometry (a one-part multi-line counts).
fn single_curve(g: &Geom) -> Option<&Geom> {
    match &g.kind {
        Kind::LineString(_) | Kind::CircularString(_) | Kind::CompoundCurve(_) => Some(g),
        Kind::MultiLineString(p) | Kind::MultiCurve(p) if p.len() == 1 => Some(&p[0]),
        _ => None,
    }
}

pub(super) fn sinuosity(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(curve) = (match &g.kind {
        Kind::LineString(_) | Kind::CircularString(_) | Kind::CompoundCurve(_) => Some(g),
        _ => None,
    }) else {
        return Err(args.error("needs a line"));
    };
    let cs = curve.coords();
    let straight = cs.first().zip(cs.last()).map_or(0.0, |(a, b)| a.distance(b));
    if straight == 0.0 {
        return Ok(Val::Double(f64::NAN));
    }
    Ok(Val::Double(curve.curve_length() / straight))
}

pub(super) fn straight_distance_2d(args: &Args<'_, '_>) -> Out {
    let Some(curve) = single_curve(args.geom(0)?) else {
        return Err(args.error("needs a line, or a multi-line with one part"));
    };
    let cs = curve.coords();
    Ok(Val::Double(cs.first().zip(cs.last()).map_or(0.0, |(a, b)| a.distance(b))))
}

/// QGIS's average of two azimuths: half way the shorter way round.
fn average_angle(a1: f64, a2: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    let clockwise = if a2 >= a1 { a2 - a1 } else { a2 + (tau - a1) };
    let counter = tau - clockwise;
    let result = if clockwise <= counter { a1 + clockwise / 2.0 } else { a1 - counter / 2.0 };
    result.rem_euclid(tau)
}

/// The vertices of a geometry's first line or ring, whether it is closed.
fn first_run(g: &Geom) -> Option<(Vec<Coord>, bool)> {
    vertex_runs(g).into_iter().next()
}

pub(super) fn angle_at_vertex(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some((run, _)) = first_run(g) else { return Ok(Val::Null) };
    let n = i64::try_from(run.len()).unwrap_or(0);
    let v = args.int(1)?;
    let idx = if v < 0 { n + v } else { v };
    if idx < 0 || idx >= n {
        return Ok(Val::Null);
    }
    let idx = usize::try_from(idx).unwrap_or(0);
    if run.len() < 2 {
        return Ok(Val::Double(0.0));
    }
    let closed = run.len() > 2 && run.first() == run.last();
    let seg = |i: usize| azimuth_of(&run[i], &run[i + 1]);
    let last = run.len() - 1;
    let angle = if idx == 0 {
        if closed { average_angle(seg(last - 1), seg(0)) } else { seg(0) }
    } else if idx == last {
        if closed { average_angle(seg(last - 1), seg(0)) } else { seg(last - 1) }
    } else {
        average_angle(seg(idx - 1), seg(idx))
    };
    Ok(Val::Double(angle.to_degrees()))
}

pub(super) fn distance_to_vertex(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some((run, _)) = first_run(g) else { return Ok(Val::Null) };
    let n = i64::try_from(run.len()).unwrap_or(0);
    let v = args.int(1)?;
    let idx = if v < 0 { n + v } else { v };
    if idx < 0 || idx >= n {
        return Ok(Val::Null);
    }
    let idx = usize::try_from(idx).unwrap_or(0);
    Ok(Val::Double(run[..=idx].windows(2).map(|w| w[0].distance(&w[1])).sum()))
}

/// The vertices of a single line (the first line of a multi-line); `None` for other geometries.
fn line_vertices(g: &Geom) -> Option<Vec<Coord>> {
    match &g.kind {
        Kind::LineString(cs) => Some(cs.clone()),
        Kind::CircularString(_) | Kind::CompoundCurve(_) => Some(g.curve_points()),
        Kind::MultiLineString(p) | Kind::MultiCurve(p) => {
            let mut all = Vec::new();
            for part in p {
                all.extend(line_vertices(part)?);
            }
            Some(all)
        }
        _ => None,
    }
}

/// The point a distance along a line, and the azimuth of its segment.
fn along(points: &[Coord], distance: f64) -> Option<(Coord, f64)> {
    if points.len() < 2 || distance < 0.0 {
        return None;
    }
    let mut walked = 0.0;
    for w in points.windows(2) {
        let len = w[0].distance(&w[1]);
        if walked + len >= distance {
            let t = if len == 0.0 { 0.0 } else { (distance - walked) / len };
            let c = Coord {
                x: w[0].x + t * (w[1].x - w[0].x),
                y: w[0].y + t * (w[1].y - w[0].y),
                z: w[0].z + t * (w[1].z - w[0].z),
                m: w[0].m + t * (w[1].m - w[0].m),
            };
            return Some((c, azimuth_of(&w[0], &w[1])));
        }
        walked += len;
    }
    None
}

pub(super) fn line_interpolate_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    Ok(along(&points, args.double(1)?).map_or(Val::Null, |(c, _)| Val::Geometry(Arc::new(point_geom(g.dims, c)))))
}

pub(super) fn line_interpolate_angle(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Double(0.0)) };
    Ok(along(&points, args.double(1)?).map_or(Val::Double(0.0), |(_, a)| Val::Double(a.to_degrees())))
}

pub(super) fn line_locate_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    let Some(target) = point_or_centroid(args.geom(1)?) else { return Ok(Val::Null) };
    let mut best = (f64::INFINITY, 0.0);
    let mut walked = 0.0;
    for w in points.windows(2) {
        let (d, c) = point_segment_distance(&target, &w[0], &w[1]);
        if d < best.0 {
            best = (d, walked + w[0].distance(&c));
        }
        walked += w[0].distance(&w[1]);
    }
    Ok(Val::Double(best.1))
}

/// The distance along a line (2D or 3D) to where its m value is `m`.
fn locate_m(points: &[Coord], m: f64, use_3d: bool) -> Option<(f64, Coord)> {
    let mut walked = 0.0;
    for w in points.windows(2) {
        let dz = if use_3d { w[1].z - w[0].z } else { 0.0 };
        let len =
            ((w[1].x - w[0].x).powi(2) + (w[1].y - w[0].y).powi(2) + if dz.is_nan() { 0.0 } else { dz * dz }).sqrt();
        let (m0, m1) = (w[0].m, w[1].m);
        if (m0 <= m && m <= m1) || (m1 <= m && m <= m0) {
            let t = if m1 == m0 { 0.0 } else { (m - m0) / (m1 - m0) };
            let c = Coord {
                x: w[0].x + t * (w[1].x - w[0].x),
                y: w[0].y + t * (w[1].y - w[0].y),
                z: w[0].z + t * (w[1].z - w[0].z),
                m,
            };
            return Some((walked + t * len, c));
        }
        walked += len;
    }
    None
}

pub(super) fn line_locate_m(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    if !g.dims.m {
        return Ok(Val::Null);
    }
    Ok(locate_m(&points, args.double(1)?, args.bool(2)?).map_or(Val::Null, |(d, _)| Val::Double(d)))
}

pub(super) fn line_interpolate_point_by_m(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    if !g.dims.m {
        return Ok(Val::Null);
    }
    Ok(locate_m(&points, args.double(1)?, args.bool(2)?)
        .map_or(Val::Null, |(_, c)| Val::Geometry(Arc::new(point_geom(Dims::XY, Coord::xy(c.x, c.y))))))
}

pub(super) fn line_substring(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else {
        return Err(args.error("needs a line"));
    };
    let (start, end) = (args.double(1)?, args.double(2)?);
    let total: f64 = points.windows(2).map(|w| w[0].distance(&w[1])).sum();
    let clamp = |d: f64| if d < 0.0 { (total + d).max(0.0) } else { d.min(total) };
    let (start, end) = (clamp(start), clamp(end));
    if end < start {
        return geom_out(line(g.dims, Vec::new()));
    }
    let mut out = Vec::new();
    if let Some((c, _)) = along(&points, start) {
        out.push(c);
    }
    let mut walked = 0.0;
    for w in points.windows(2) {
        walked += w[0].distance(&w[1]);
        if walked > start && walked < end {
            out.push(w[1]);
        }
    }
    if let Some((c, _)) = along(&points, end) {
        out.push(c);
    }
    geom_out(line(g.dims, out))
}

// Predicates.

fn relation(args: &Args<'_, '_>) -> Result<Option<geo::relate::IntersectionMatrix>, Fail> {
    let (Some(a), Some(b)) = (geo_of(args, 0)?, geo_of(args, 1)?) else { return Ok(None) };
    Ok(Some(a.relate(&b)))
}

fn predicate(args: &Args<'_, '_>, test: fn(&geo::relate::IntersectionMatrix) -> bool) -> Out {
    Ok(relation(args)?.map_or(Val::Bool(false), |m| Val::Bool(test(&m))))
}

pub(super) fn intersects(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_intersects)
}

pub(super) fn disjoint(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_disjoint)
}

pub(super) fn touches(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_touches)
}

pub(super) fn crosses(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_crosses)
}

pub(super) fn contains(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_contains)
}

pub(super) fn overlaps(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_overlaps)
}

pub(super) fn within(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_within)
}

pub(super) fn intersects_bbox(args: &Args<'_, '_>) -> Out {
    let (Some(a), Some(b)) = (bbox(args.geom(0)?), bbox(args.geom(1)?)) else { return Ok(Val::Bool(false)) };
    Ok(Val::Bool(a.0 <= b.2 && b.0 <= a.2 && a.1 <= b.3 && b.1 <= a.3))
}

pub(super) fn relate(args: &Args<'_, '_>) -> Out {
    if !(2..=3).contains(&args.len()) {
        return Err(args.error("takes two geometries and an optional pattern"));
    }
    if args.values.iter().any(Val::is_null) {
        return Ok(Val::Null);
    }
    let Some(matrix) = relation(args)? else { return Ok(Val::Null) };
    if args.len() == 3 {
        let pattern = args.text(2);
        return matrix
            .matches(&pattern)
            .map(Val::Bool)
            .map_err(|e| args.error(format!("invalid DE-9IM pattern '{pattern}': {e}")));
    }
    Ok(Val::text(de9im(&matrix)))
}

/// The DE-9IM text of a matrix.
fn de9im(matrix: &geo::relate::IntersectionMatrix) -> String {
    let mut out = String::new();
    for pattern_idx in 0..9 {
        let mut ch = 'F';
        for candidate in ['2', '1', '0'] {
            let mut pattern = ['*'; 9];
            pattern[pattern_idx] = candidate;
            let pattern: String = pattern.iter().collect();
            if matrix.matches(&pattern).unwrap_or(false) {
                ch = candidate;
                break;
            }
        }
        out.push(ch);
    }
    out
}

// Operations.

pub(super) fn centroid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(g.to_geo()
        .and_then(|geo| geo.centroid())
        .map_or(Val::Null, |p| Val::Geometry(Arc::new(Geom::point(p.x(), p.y())))))
}

/// GEOS's interior point: for areas, the middle of the widest crossing at the middle height;
/// for lines, the inner vertex nearest the centroid (else an end); for points, the nearest point.
pub(super) fn point_on_surface(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(geo) = g.to_geo() else { return Ok(Val::Null) };
    let point = match g.shape() {
        Shape::Polygon => {
            let polys = polygons(g);
            let mut best: Option<(f64, Coord)> = None;
            for p in polys {
                let Some((_, y0, _, y1)) = bbox(p) else { continue };
                let y = (y0 + y1) / 2.0;
                let mut xs = Vec::new();
                for (ring, _) in vertex_runs(p) {
                    for w in ring.windows(2) {
                        let (a, b) = (w[0], w[1]);
                        if (a.y <= y && b.y > y) || (b.y <= y && a.y > y) {
                            xs.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                        }
                    }
                }
                xs.sort_by(f64::total_cmp);
                for pair in xs.chunks(2) {
                    if let [x0, x1] = pair {
                        let width = x1 - x0;
                        if best.is_none_or(|(w, _)| width > w) {
                            best = Some((width, Coord::xy((x0 + x1) / 2.0, y)));
                        }
                    }
                }
            }
            best.map(|(_, c)| c)
        }
        Shape::Line => {
            let centroid = geo.centroid();
            let lines = lines_of(g);
            let mut best: Option<(f64, Coord)> = None;
            if let Some(centroid) = centroid {
                let c = Coord::xy(centroid.x(), centroid.y());
                for l in &lines {
                    let cs = l.coords();
                    for v in cs.iter().skip(1).take(cs.len().saturating_sub(2)) {
                        let d = v.distance(&c);
                        if best.is_none_or(|(bd, _)| d < bd) {
                            best = Some((d, *v));
                        }
                    }
                }
                if best.is_none() {
                    for l in &lines {
                        let cs = l.coords();
                        for v in [cs.first(), cs.last()].into_iter().flatten() {
                            let d = v.distance(&c);
                            if best.is_none_or(|(bd, _)| d < bd) {
                                best = Some((d, *v));
                            }
                        }
                    }
                }
            }
            best.map(|(_, c)| c)
        }
        _ => {
            let centroid = geo.centroid();
            centroid.and_then(|c| {
                let c = Coord::xy(c.x(), c.y());
                g.coords().into_iter().min_by(|a, b| a.distance(&c).total_cmp(&b.distance(&c)))
            })
        }
    };
    Ok(point.map_or(Val::Null, |c| Val::Geometry(Arc::new(Geom::point(c.x, c.y)))))
}

/// Polylabel: the point of a polygon farthest from its boundary, within `precision`.
pub(super) fn pole_of_inaccessibility(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let precision = args.double(1)?;
    if g.shape() != Shape::Polygon {
        return Ok(Val::Null);
    }
    let polys = polygons(g);
    let mut best: Option<(f64, Coord)> = None;
    for p in polys {
        if let Some((c, d)) = polylabel(p, precision)
            && best.is_none_or(|(bd, _)| d > bd)
        {
            best = Some((d, c));
        }
    }
    Ok(best.map_or(Val::Null, |(_, c)| Val::Geometry(Arc::new(Geom::point(c.x, c.y)))))
}

fn signed_distance_to_polygon(p: &Coord, polygon: &Geom) -> f64 {
    let rings = vertex_runs(polygon);
    let mut inside = false;
    let mut min = f64::INFINITY;
    for (ring, _) in &rings {
        for w in ring.windows(2) {
            let (a, b) = (w[0], w[1]);
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside = !inside;
            }
            min = min.min(point_segment_distance(p, &a, &b).0);
        }
    }
    if inside { min } else { -min }
}

fn polylabel(polygon: &Geom, precision: f64) -> Option<(Coord, f64)> {
    let (x0, y0, x1, y1) = bbox(polygon)?;
    let (width, height) = (x1 - x0, y1 - y0);
    let cell_size = width.min(height);
    if cell_size == 0.0 {
        return Some((Coord::xy(x0, y0), 0.0));
    }
    struct Cell {
        c: Coord,
        h: f64,
        d: f64,
        max: f64,
    }
    let make = |x: f64, y: f64, h: f64| {
        let c = Coord::xy(x, y);
        let d = signed_distance_to_polygon(&c, polygon);
        Cell { c, h, d, max: d + h * std::f64::consts::SQRT_2 }
    };
    let mut queue: Vec<Cell> = Vec::new();
    let h = cell_size / 2.0;
    let mut x = x0;
    while x < x1 {
        let mut y = y0;
        while y < y1 {
            queue.push(make(x + h, y + h, h));
            y += cell_size;
        }
        x += cell_size;
    }
    let centroid = polygon.to_geo()?.centroid()?;
    let mut best = make(centroid.x(), centroid.y(), 0.0);
    let bbox_cell = make(x0 + width / 2.0, y0 + height / 2.0, 0.0);
    if bbox_cell.d > best.d {
        best = bbox_cell;
    }
    let mut guard = 0;
    while let Some(idx) = (0..queue.len()).max_by(|a, b| queue[*a].max.total_cmp(&queue[*b].max)) {
        let cell = queue.swap_remove(idx);
        guard += 1;
        if guard > 1_000_000 {
            break;
        }
        if cell.d > best.d {
            best = Cell { c: cell.c, h: cell.h, d: cell.d, max: cell.max };
        }
        if cell.max - best.d <= precision {
            continue;
        }
        let h = cell.h / 2.0;
        for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
            queue.push(make(cell.c.x + dx, cell.c.y + dy, h));
        }
    }
    Some((best.c, best.d))
}

pub(super) fn buffer(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let distance = args.double(1)?;
    let segments = args.int(2)?.max(1);
    let cap = args.text(3).to_lowercase();
    let join = args.text(4).to_lowercase();
    let Some(geo) = g.to_geo() else { return Ok(Val::Null) };
    use geo::Buffer as _;
    let style = geo::algorithm::buffer::BufferStyle::new(distance)
        .line_cap(match cap.as_str() {
            "round" => geo::algorithm::buffer::LineCap::Round(std::f64::consts::FRAC_PI_2 / segments as f64),
            "flat" => geo::algorithm::buffer::LineCap::Butt,
            "square" => geo::algorithm::buffer::LineCap::Square,
            other => return Err(args.error(format!("unknown cap '{other}'; use round, flat or square"))),
        })
        .line_join(match join.as_str() {
            "round" => geo::algorithm::buffer::LineJoin::Round(std::f64::consts::FRAC_PI_2 / segments as f64),
            "miter" => geo::algorithm::buffer::LineJoin::Miter(args.double(5)?),
            "bevel" => geo::algorithm::buffer::LineJoin::Bevel,
            other => return Err(args.error(format!("unknown join '{other}'; use round, miter or bevel"))),
        });
    let buffered = geo.buffer_with_style(style);
    geom_out(Geom::from_geo(&geo::Geometry::MultiPolygon(buffered)).simplify_single())
}

impl Geom {
    /// A one-part multi-polygon as its polygon.
    fn simplify_single(self) -> Geom {
        match self.kind {
            Kind::MultiPolygon(mut parts) if parts.len() == 1 => parts.remove(0),
            kind => Geom { kind, ..self },
        }
    }
}

pub(super) fn convex_hull(args: &Args<'_, '_>) -> Out {
    let Some(geo) = args.geom(0)?.to_geo() else { return Ok(Val::Null) };
    geom_out(Geom::from_geo(&geo::Geometry::Polygon(geo.convex_hull())))
}

/// Polygons of a geometry as a `geo` multi-polygon, or why a boolean operation refuses it.
fn area_of(args: &Args<'_, '_>, idx: usize) -> Result<geo::MultiPolygon<f64>, Fail> {
    match geo_of(args, idx)? {
        Some(geo::Geometry::Polygon(p)) => Ok(geo::MultiPolygon(vec![p])),
        Some(geo::Geometry::MultiPolygon(mp)) => Ok(mp),
        _ => Err(Fail::unsupported(format!(
            "{}() of lines or points is not supported in RustGIS (only of polygons); buffer the lines first, or use intersects() to test them",
            args.function.name
        ))),
    }
}

fn boolean(
    args: &Args<'_, '_>,
    op: fn(&geo::MultiPolygon<f64>, &geo::MultiPolygon<f64>) -> geo::MultiPolygon<f64>,
) -> Out {
    let (a, b) = (area_of(args, 0)?, area_of(args, 1)?);
    geom_out(Geom::from_geo(&geo::Geometry::MultiPolygon(op(&a, &b))).simplify_single())
}

pub(super) fn intersection(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.intersection(b))
}

pub(super) fn difference(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.difference(b))
}

pub(super) fn sym_difference(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.xor(b))
}

pub(super) fn union(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.union(b))
}

pub(super) fn transform(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let (from_text, to_text) = (args.text(1), args.text(2));
    let from =
        crate::Crs::parse(&from_text).map_err(|e| args.error(format!("cannot read the CRS '{from_text}': {e}")))?;
    let to = crate::Crs::parse(&to_text).map_err(|e| args.error(format!("cannot read the CRS '{to_text}': {e}")))?;
    let Some(geo) = g.to_geo() else { return Ok(Val::Null) };
    match crate::geoprocessing::reproject_geometry(&geo, from, to) {
        Ok((moved, _)) => {
            let mut all_finite = true;
            geo::CoordsIter::coords_iter(&moved).for_each(|c| all_finite &= c.x.is_finite() && c.y.is_finite());
            if !all_finite {
                return Ok(Val::Null);
            }
            geom_out(Geom::from_geo(&moved))
        }
        // QGIS gives NULL when the coordinates cannot be transformed (outside the target's area).
        Err(_) => Ok(Val::Null),
    }
}

pub(super) fn translate(args: &Args<'_, '_>) -> Out {
    let (dx, dy) = (args.double(1)?, args.double(2)?);
    geom_out(args.geom(0)?.map_coords(&mut |c| Coord { x: c.x + dx, y: c.y + dy, ..c }))
}

fn bbox_center(g: &Geom) -> Option<Coord> {
    bbox(g).map(|(x0, y0, x1, y1)| Coord::xy((x0 + x1) / 2.0, (y0 + y1) / 2.0))
}

/// The center argument: a point, or a one-point multi-point.
fn center_arg(args: &Args<'_, '_>, idx: usize) -> Result<Option<Coord>, Fail> {
    match args.get(idx) {
        Val::Null => Ok(None),
        Val::Geometry(g) => as_point(g).map(|(c, _)| Some(c)).ok_or_else(|| args.error("center must be a point")),
        _ => Err(args.fail(idx, "a point")),
    }
}

fn rotated(g: &Geom, degrees: f64, center: Coord) -> Geom {
    let (s, c) = (-degrees.to_radians()).sin_cos();
    g.map_coords(&mut |p| {
        let (dx, dy) = (p.x - center.x, p.y - center.y);
        Coord { x: center.x + dx * c - dy * s, y: center.y + dx * s + dy * c, ..p }
    })
}

pub(super) fn rotate(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() {
        return Ok(Val::Null);
    }
    let g = args.geom(0)?;
    let degrees = args.double(1)?;
    let center = center_arg(args, 2)?;
    let per_part = args.bool(3)?;
    if per_part
        && center.is_none()
        && let Some(parts) = g.parts()
    {
        let rotated_parts =
            parts.iter().map(|p| bbox_center(p).map_or_else(|| p.clone(), |c| rotated(p, degrees, c))).collect();
        let kind = match &g.kind {
            Kind::MultiPoint(_) => Kind::MultiPoint(rotated_parts),
            Kind::MultiLineString(_) => Kind::MultiLineString(rotated_parts),
            Kind::MultiPolygon(_) => Kind::MultiPolygon(rotated_parts),
            Kind::MultiCurve(_) => Kind::MultiCurve(rotated_parts),
            Kind::MultiSurface(_) => Kind::MultiSurface(rotated_parts),
            _ => Kind::GeometryCollection(rotated_parts),
        };
        return geom_out(Geom::new(g.dims, kind));
    }
    let Some(center) = center.or_else(|| bbox_center(g)) else { return Ok(Val::Geometry(Arc::clone(g))) };
    geom_out(rotated(g, degrees, center))
}

pub(super) fn scale(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() || args.get(2).is_null() {
        return Ok(Val::Null);
    }
    let g = args.geom(0)?;
    let (sx, sy) = (args.double(1)?, args.double(2)?);
    let Some(center) = center_arg(args, 3)?.or_else(|| bbox_center(g)) else { return Ok(Val::Geometry(Arc::clone(g))) };
    geom_out(g.map_coords(&mut |p| Coord {
        x: center.x + (p.x - center.x) * sx,
        y: center.y + (p.y - center.y) * sy,
        ..p
    }))
}

pub(super) fn affine_transform(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let (dx, dy, rotation, sx, sy) =
        (args.double(1)?, args.double(2)?, args.double(3)?, args.double(4)?, args.double(5)?);
    let (dz, dm, sz, sm) = (args.double(6)?, args.double(7)?, args.double(8)?, args.double(9)?);
    let dims = Dims { z: g.dims.z || dz != 0.0 || sz != 1.0, m: g.dims.m || dm != 0.0 || sm != 1.0 };
    let g = if dims == g.dims { (**g).clone() } else { g.with_dims(dims, 0.0) };
    let (s, c) = rotation.to_radians().sin_cos();
    let mut moved = g.map_coords(&mut |p| {
        let (x, y) = (p.x * sx, p.y * sy);
        Coord { x: x * c - y * s + dx, y: x * s + y * c + dy, z: p.z * sz + dz, m: p.m * sm + dm }
    });
    moved.dims = dims;
    geom_out(moved)
}

pub(super) fn flip_coordinates(args: &Args<'_, '_>) -> Out {
    geom_out(args.geom(0)?.map_coords(&mut |c| Coord { x: c.y, y: c.x, ..c }))
}

fn reversed(g: &Geom) -> Option<Geom> {
    let kind = match &g.kind {
        Kind::LineString(cs) => Kind::LineString(cs.iter().rev().copied().collect()),
        Kind::CircularString(cs) => Kind::CircularString(cs.iter().rev().copied().collect()),
        Kind::CompoundCurve(parts) => Kind::CompoundCurve(parts.iter().rev().filter_map(reversed).collect()),
        Kind::MultiLineString(parts) => Kind::MultiLineString(parts.iter().filter_map(reversed).collect()),
        Kind::MultiCurve(parts) => Kind::MultiCurve(parts.iter().filter_map(reversed).collect()),
        _ => return None,
    };
    Some(Geom::new(g.dims, kind))
}

pub(super) fn reverse(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Geometry(g) => Ok(reversed(g).map_or(Val::Null, |r| Val::Geometry(Arc::new(r)))),
        other => Err(args.error(format!(
            "needs a line geometry, not {}; to reverse text write text_reverse() (RustGIS), since QGIS's reverse() is for lines",
            other.describe()
        ))),
    }
}

fn ring_is_clockwise(ring: &[Coord]) -> bool {
    ring.windows(2).map(|w| (w[1].x - w[0].x) * (w[1].y + w[0].y)).sum::<f64>() > 0.0
}

fn orient(g: &Geom, exterior_clockwise: bool) -> Geom {
    let fix = |rings: &[Vec<Coord>]| -> Vec<Vec<Coord>> {
        rings
            .iter()
            .enumerate()
            .map(|(idx, ring)| {
                let want_cw = if idx == 0 { exterior_clockwise } else { !exterior_clockwise };
                if ring_is_clockwise(ring) == want_cw { ring.clone() } else { ring.iter().rev().copied().collect() }
            })
            .collect()
    };
    let kind = match &g.kind {
        Kind::Polygon(rings) => Kind::Polygon(fix(rings)),
        Kind::MultiPolygon(parts) => Kind::MultiPolygon(parts.iter().map(|p| orient(p, exterior_clockwise)).collect()),
        Kind::GeometryCollection(parts) => {
            Kind::GeometryCollection(parts.iter().map(|p| orient(p, exterior_clockwise)).collect())
        }
        other => other.clone(),
    };
    Geom::new(g.dims, kind)
}

pub(super) fn force_rhr(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, true))
}

pub(super) fn force_polygon_cw(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, true))
}

pub(super) fn force_polygon_ccw(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, false))
}

pub(super) fn boundary(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    match &g.kind {
        Kind::Polygon(rings) if rings.len() == 1 => geom_out(line(g.dims, rings[0].clone())),
        Kind::Polygon(rings) => {
            geom_out(Geom::new(g.dims, Kind::MultiLineString(rings.iter().map(|r| line(g.dims, r.clone())).collect())))
        }
        Kind::LineString(cs) => {
            if cs.len() < 2 || cs.first() == cs.last() {
                return geom_out(Geom::new(g.dims, Kind::MultiPoint(Vec::new())));
            }
            let ends = [cs[0], cs[cs.len() - 1]].iter().map(|c| point_geom(g.dims, *c)).collect();
            geom_out(Geom::new(g.dims, Kind::MultiPoint(ends)))
        }
        Kind::Point(_) | Kind::MultiPoint(_) => Ok(Val::Null),
        _ => Err(Fail::unsupported(
            "boundary() of multi-part or curved geometries is not supported in RustGIS; take the boundary of each part with geometry_n()",
        )),
    }
}

pub(super) fn close_line(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    map_lines(g, |cs| close(cs.clone()))
}

/// `g` with `f` applied to the vertices of each line string (of a line, or of each part of a
/// multi-line); other parts are kept as they are, and other geometries give NULL.
fn map_lines(g: &Geom, f: impl Fn(&Vec<Coord>) -> Vec<Coord>) -> Out {
    match &g.kind {
        Kind::LineString(cs) => geom_out(line(g.dims, f(cs))),
        Kind::MultiLineString(parts) => {
            let parts = parts
                .iter()
                .map(|p| match &p.kind {
                    Kind::LineString(cs) => line(g.dims, f(cs)),
                    _ => p.clone(),
                })
                .collect();
            geom_out(Geom::new(g.dims, Kind::MultiLineString(parts)))
        }
        _ => Ok(Val::Null),
    }
}

pub(super) fn extend(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let (start, end) = (args.double(1)?, args.double(2)?);
    let grow = |cs: &Vec<Coord>| -> Vec<Coord> {
        let mut cs = cs.clone();
        let n = cs.len();
        if n >= 2 {
            let (a, b) = (cs[0], cs[1]);
            let len = a.distance(&b);
            if len > 0.0 {
                cs[0] = Coord { x: a.x + (a.x - b.x) / len * start, y: a.y + (a.y - b.y) / len * start, ..a };
            }
            let (a, b) = (cs[n - 2], cs[n - 1]);
            let len = a.distance(&b);
            if len > 0.0 {
                cs[n - 1] = Coord { x: b.x + (b.x - a.x) / len * end, y: b.y + (b.y - a.y) / len * end, ..b };
            }
        }
        cs
    };
    map_lines(g, grow)
}

pub(super) fn extrude(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let (dx, dy) = (args.double(1)?, args.double(2)?);
    match &g.kind {
        Kind::LineString(cs) if cs.len() >= 2 => {
            let mut ring = cs.clone();
            ring.extend(cs.iter().rev().map(|c| Coord { x: c.x + dx, y: c.y + dy, ..*c }));
            ring.push(cs[0]);
            geom_out(Geom::new(g.dims, Kind::Polygon(vec![ring])))
        }
        _ => Err(Fail::unsupported(
            "extrude() of anything but a single line is not supported in RustGIS; extrude each line with geometry_n()",
        )),
    }
}

fn simplified(args: &Args<'_, '_>, vw: bool) -> Out {
    let g = args.geom(0)?;
    let tolerance = args.double(1)?;
    if g.shape() == Shape::Point {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    let simplify_run = |cs: &[Coord]| -> Vec<Coord> {
        let line = geo::LineString::from(cs.iter().map(|c| geo::Coord { x: c.x, y: c.y }).collect::<Vec<_>>());
        let out = if vw { line.simplify_vw(tolerance) } else { line.simplify(tolerance) };
        out.0.iter().map(|c| Coord::xy(c.x, c.y)).collect()
    };
    let kind = match &g.kind {
        Kind::LineString(cs) => Kind::LineString(simplify_run(cs)),
        Kind::Polygon(rings) => Kind::Polygon(rings.iter().map(|r| simplify_run(r)).collect()),
        Kind::MultiLineString(parts) => Kind::MultiLineString(
            parts.iter().map(|p| Geom::new(Dims::XY, Kind::LineString(simplify_run(&p.coords())))).collect(),
        ),
        Kind::MultiPolygon(parts) => Kind::MultiPolygon(
            parts
                .iter()
                .map(|p| match &p.kind {
                    Kind::Polygon(rings) => {
                        Geom::new(Dims::XY, Kind::Polygon(rings.iter().map(|r| simplify_run(r)).collect()))
                    }
                    _ => p.clone(),
                })
                .collect(),
        ),
        _ => {
            return Err(Fail::unsupported(format!(
                "{}() of curves or collections is not supported in RustGIS; simplify each part",
                args.function.name
            )));
        }
    };
    geom_out(Geom::new(Dims::XY, kind))
}

pub(super) fn simplify(args: &Args<'_, '_>) -> Out {
    simplified(args, false)
}

pub(super) fn simplify_vw(args: &Args<'_, '_>) -> Out {
    simplified(args, true)
}

pub(super) fn smooth(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let iterations = args.int(1)?.clamp(1, 10);
    let offset = args.double(2)?.clamp(0.0, 0.5);
    if args.double(3)? > 0.0 || args.double(4)? < 180.0 {
        return Err(Fail::unsupported(
            "smooth() with min_length or max_angle is not supported in RustGIS; leave them out",
        ));
    }
    if g.shape() == Shape::Point {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    let smooth_run = |cs: &[Coord], closed: bool| -> Vec<Coord> {
        let mut pts = cs.to_vec();
        for _ in 0..iterations {
            let n = pts.len();
            if n < 3 {
                break;
            }
            let mut out = Vec::new();
            for i in 0..n - 1 {
                let (a, b) = (pts[i], pts[i + 1]);
                let lerp = |t: f64| Coord {
                    x: a.x + t * (b.x - a.x),
                    y: a.y + t * (b.y - a.y),
                    z: a.z + t * (b.z - a.z),
                    m: a.m + t * (b.m - a.m),
                };
                out.push(if i == 0 && !closed { a } else { lerp(offset) });
                out.push(if i == n - 2 && !closed { b } else { lerp(1.0 - offset) });
            }
            if closed && let Some(first) = out.first().copied() {
                out.push(first);
            }
            pts = out;
        }
        pts
    };
    let kind = match &g.kind {
        Kind::LineString(cs) => Kind::LineString(smooth_run(cs, false)),
        Kind::Polygon(rings) => Kind::Polygon(rings.iter().map(|r| smooth_run(r, true)).collect()),
        _ => {
            return Err(Fail::unsupported(
                "smooth() of curves or multi-part geometries is not supported in RustGIS; smooth each part",
            ));
        }
    };
    geom_out(Geom::new(g.dims, kind))
}

fn densified(g: &Geom, pieces_of: &dyn Fn(f64) -> usize) -> Option<Geom> {
    let run = |cs: &[Coord]| -> Vec<Coord> {
        let mut out = Vec::new();
        for w in cs.windows(2) {
            let pieces = pieces_of(w[0].distance(&w[1])).max(1);
            for i in 0..pieces {
                let t = i as f64 / pieces as f64;
                out.push(Coord {
                    x: w[0].x + t * (w[1].x - w[0].x),
                    y: w[0].y + t * (w[1].y - w[0].y),
                    z: w[0].z + t * (w[1].z - w[0].z),
                    m: w[0].m + t * (w[1].m - w[0].m),
                });
            }
        }
        out.extend(cs.last().copied());
        out
    };
    let kind = match &g.kind {
        Kind::Point(_) | Kind::MultiPoint(_) => return Some(g.clone()),
        Kind::LineString(cs) => Kind::LineString(run(cs)),
        Kind::Polygon(rings) => Kind::Polygon(rings.iter().map(|r| run(r)).collect()),
        Kind::MultiLineString(parts) => {
            Kind::MultiLineString(parts.iter().map(|p| densified(p, pieces_of)).collect::<Option<_>>()?)
        }
        Kind::MultiPolygon(parts) => {
            Kind::MultiPolygon(parts.iter().map(|p| densified(p, pieces_of)).collect::<Option<_>>()?)
        }
        _ => return None,
    };
    Some(Geom::new(g.dims, kind))
}

pub(super) fn densify_by_count(args: &Args<'_, '_>) -> Out {
    let n = usize::try_from(args.int(1)?.max(0)).unwrap_or(0);
    densified(args.geom(0)?, &|_| n + 1).map_or_else(
        || {
            Err(Fail::unsupported(
                "densify_by_count() of curves or collections is not supported in RustGIS; densify each part",
            ))
        },
        geom_out,
    )
}

pub(super) fn densify_by_distance(args: &Args<'_, '_>) -> Out {
    let d = args.double(1)?;
    if d <= 0.0 {
        return Err(args.error("distance must be greater than 0"));
    }
    densified(args.geom(0)?, &|len| (len / d).ceil() as usize).map_or_else(
        || {
            Err(Fail::unsupported(
                "densify_by_distance() of curves or collections is not supported in RustGIS; densify each part",
            ))
        },
        geom_out,
    )
}

/// The closest pair of points between two geometries (first on `a`).
fn closest_pair(a: &Geom, b: &Geom) -> Option<(Coord, Coord)> {
    let mut best: Option<(f64, Coord, Coord)> = None;
    let mut consider = |d: f64, p: Coord, q: Coord| {
        if best.is_none_or(|(bd, _, _)| d < bd) {
            best = Some((d, p, q));
        }
    };
    let (runs_a, runs_b) = (vertex_runs(a), vertex_runs(b));
    for (ra, _) in &runs_a {
        for (rb, _) in &runs_b {
            let segs = |r: &Vec<Coord>| -> Vec<(Coord, Coord)> {
                if r.len() == 1 { vec![(r[0], r[0])] } else { r.windows(2).map(|w| (w[0], w[1])).collect() }
            };
            for (a0, a1) in segs(ra) {
                for (b0, b1) in segs(rb) {
                    for p in [a0, a1] {
                        let (d, q) = point_segment_distance(&p, &b0, &b1);
                        consider(d, p, q);
                    }
                    for q in [b0, b1] {
                        let (d, p) = point_segment_distance(&q, &a0, &a1);
                        consider(d, p, q);
                    }
                }
            }
        }
    }
    best.map(|(_, p, q)| (p, q))
}

pub(super) fn closest_point(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    Ok(closest_pair(a, b).map_or(Val::Null, |(p, _)| Val::Geometry(Arc::new(Geom::point(p.x, p.y)))))
}

pub(super) fn shortest_line(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    Ok(closest_pair(a, b).map_or(Val::Null, |(p, q)| {
        Val::Geometry(Arc::new(line(Dims::XY, vec![Coord::xy(p.x, p.y), Coord::xy(q.x, q.y)])))
    }))
}

pub(super) fn line_merge(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let mut lines: Vec<Vec<Coord>> = match &g.kind {
        Kind::LineString(cs) => return geom_out(line(g.dims, cs.clone())),
        Kind::MultiLineString(parts) => parts.iter().map(Geom::coords).collect(),
        _ => return Ok(Val::Null),
    };
    let mut merged: Vec<Vec<Coord>> = Vec::new();
    while let Some(mut current) = lines.pop() {
        loop {
            let end = *current.last().unwrap_or(&current[0]);
            let start = current[0];
            if let Some(idx) = lines.iter().position(|l| l.first() == Some(&end)) {
                let next = lines.remove(idx);
                current.extend(next.into_iter().skip(1));
            } else if let Some(idx) = lines.iter().position(|l| l.last() == Some(&start)) {
                let mut prev = lines.remove(idx);
                prev.extend(current.into_iter().skip(1));
                current = prev;
            } else {
                break;
            }
        }
        merged.push(current);
    }
    merged.reverse();
    if merged.len() == 1 {
        return geom_out(line(g.dims, merged.remove(0)));
    }
    geom_out(Geom::new(g.dims, Kind::MultiLineString(merged.into_iter().map(|cs| line(g.dims, cs)).collect())))
}

pub(super) fn make_valid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let rings_closed = vertex_runs(g).iter().all(|(run, ring)| !ring || run.first() == run.last());
    if rings_closed && g.to_geo().is_some_and(|geo| geo.is_valid()) {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(not_here(args, "find invalid features with is_valid() and repair them with the geometry repair command"))
}

pub(super) fn order_parts(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let text = args.text(1);
    let ascending = args.bool(2)?;
    let Some(parts) = g.parts() else { return Ok(Val::Geometry(Arc::clone(g))) };
    let expr = crate::expr::Expr::parse(&text).map_err(|e| args.error(format!("cannot parse '{text}': {e}")))?;
    let mut keyed = Vec::with_capacity(parts.len());
    for part in parts {
        let feature = crate::Feature { id: 0, geometry: part.to_geo(), attributes: Vec::new() };
        let mut env = crate::expr::eval::Env::new(&[], Some(&feature), args.env.crs, None);
        let key = crate::expr::eval::eval(expr.root(), &mut env).map_err(Fail::from)?;
        keyed.push((key, part.clone()));
    }
    keyed.sort_by(|a, b| super::arrays::value_order(&a.0, &b.0));
    if !ascending {
        keyed.reverse();
    }
    let sorted = keyed.into_iter().map(|(_, p)| p).collect();
    let kind = match &g.kind {
        Kind::MultiPoint(_) => Kind::MultiPoint(sorted),
        Kind::MultiLineString(_) => Kind::MultiLineString(sorted),
        Kind::MultiPolygon(_) => Kind::MultiPolygon(sorted),
        Kind::MultiCurve(_) => Kind::MultiCurve(sorted),
        Kind::MultiSurface(_) => Kind::MultiSurface(sorted),
        _ => Kind::GeometryCollection(sorted),
    };
    geom_out(Geom::new(g.dims, kind))
}

pub(super) fn apply_dash_pattern(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let pattern = args.list(1)?;
    if pattern.len() % 2 != 0 || pattern.is_empty() {
        return Err(args.error("the pattern must have an even number of dash and gap lengths"));
    }
    if pattern.iter().any(|v| !v.is_double_safe()) {
        return Err(args.error("the pattern must hold numbers"));
    }
    for (idx, allowed) in [
        (2, &["no_rule", "full_dash", "half_dash", "full_gap", "half_gap"][..]),
        (3, &["no_rule", "full_dash", "half_dash", "full_gap", "half_gap"][..]),
        (4, &["both", "dash", "gap"][..]),
    ] {
        let value = args.text(idx).to_lowercase();
        if !allowed.contains(&value.as_str()) {
            return Err(args.error(format!("'{value}' is not one of {}", allowed.join(", "))));
        }
    }
    args.double(5)?;
    if g.shape() == Shape::Point {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(Fail::unsupported(
        "apply_dash_pattern() of lines and polygons is not supported in RustGIS yet; style the line with a dash pattern instead",
    ))
}

fn wave_like(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    if g.shape() == Shape::Point {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(Fail::unsupported(format!(
        "{}() of lines and polygons is not supported in RustGIS yet; draw the wave with a line symbol instead",
        args.function.name
    )))
}

pub(super) fn triangular_wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(super) fn square_wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(super) fn wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(super) fn triangular_wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(super) fn square_wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(super) fn wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

fn line_only(args: &Args<'_, '_>) -> Result<bool, Fail> {
    Ok(args.geom(0)?.shape() == Shape::Line)
}

pub(super) fn offset_curve(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Ok(Val::Null);
    }
    Err(not_here(args, "use buffer() for a band on both sides"))
}

pub(super) fn single_sided_buffer(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Ok(Val::Null);
    }
    Err(not_here(args, "use buffer() for a band on both sides"))
}

pub(super) fn tapered_buffer(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Err(args.error("needs a line"));
    }
    Err(not_here(args, "use buffer() with one width"))
}

pub(super) fn buffer_by_m(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Err(args.error("needs a line"));
    }
    Err(not_here(args, "use buffer() with one width"))
}

pub(super) fn concave_hull(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    args.double(1)?;
    if let Kind::Point(_) = g.kind {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(not_here(args, "use convex_hull()"))
}

pub(super) fn minimal_circle(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let segments = args.int(1)?;
    if segments < 3 {
        return Err(args.error("segments must be at least 3"));
    }
    let coords = g.coords();
    let Some((cx, cy, r)) = welzl(&coords) else { return Ok(Val::Null) };
    let points = ellipse_points(Coord::xy(cx, cy), r, r, 0.0, usize::try_from(segments).unwrap_or(36));
    geom_out(Geom::new(Dims::XY, Kind::Polygon(vec![points])))
}

/// The smallest circle around the points (centre x, y and radius), by an iterative Welzl.
fn welzl(points: &[Coord]) -> Option<(f64, f64, f64)> {
    let first = points.first()?;
    let inside = |c: (f64, f64, f64), p: &Coord| (p.x - c.0).hypot(p.y - c.1) <= c.2 * (1.0 + 1e-12) + 1e-12;
    let mut c = (first.x, first.y, 0.0);
    for (i, p) in points.iter().enumerate() {
        if inside(c, p) {
            continue;
        }
        c = (p.x, p.y, 0.0);
        for (j, q) in points[..i].iter().enumerate() {
            if inside(c, q) {
                continue;
            }
            c = ((p.x + q.x) / 2.0, (p.y + q.y) / 2.0, p.distance(q) / 2.0);
            for s in &points[..j] {
                if inside(c, s) {
                    continue;
                }
                if let Some(circle) = circle_through(*p, *q, *s) {
                    c = circle;
                }
            }
        }
    }
    Some(c)
}

pub(super) fn shared_paths(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    if a.shape() != Shape::Line || b.shape() != Shape::Line {
        return Ok(Val::Null);
    }
    Err(not_here(args, "compare the lines with intersection() of buffers"))
}

/// A wedge (a slice of a disc or ring) as QGIS builds it: a curve polygon of arcs and lines.
pub(super) fn wedge_buffer(args: &Args<'_, '_>) -> Out {
    let Some((center, dims)) = point_arg(args, 0)? else {
        return Err(args.error("center must be a point"));
    };
    let (azimuth, width, outer, inner) = (args.double(1)?, args.double(2)?, args.double(3)?, args.double(4)?);
    let at = |radius: f64, degrees: f64| {
        let a = degrees.to_radians();
        Coord { x: center.x + radius * a.sin(), y: center.y + radius * a.cos(), ..center }
    };
    let (start, end) = (azimuth - width / 2.0, azimuth + width / 2.0);
    let arc = |a: Coord, b: Coord, c: Coord| Geom::new(dims, Kind::CircularString(vec![a, b, c]));
    let seg = |a: Coord, b: Coord| line(dims, vec![a, b]);
    let (o_start, o_mid, o_end) = (at(outer, start), at(outer, azimuth), at(outer, end));
    let parts = if inner > 0.0 {
        let (i_start, i_mid, i_end) = (at(inner, end), at(inner, azimuth + 180.0), at(inner, start));
        vec![arc(o_start, o_mid, o_end), seg(o_end, i_start), arc(i_start, i_mid, i_end), seg(i_end, o_start)]
    } else {
        vec![arc(o_start, o_mid, o_end), seg(o_end, center), seg(center, o_start)]
    };
    geom_out(Geom::new(dims, Kind::CurvePolygon(vec![Geom::new(dims, Kind::CompoundCurve(parts))])))
}
