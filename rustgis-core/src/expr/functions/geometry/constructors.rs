//! Geometry constructors: from WKT and WKB and back, points, lines, polygons, triangles, circles,
//! ellipses, regular polygons, squares, rectangles and collections.

use std::sync::Arc;

use super::{geom_out, line, point_geom};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape};
use crate::expr::value::Val;

pub(crate) fn geom_from_wkt(args: &Args<'_, '_>) -> Out {
    Ok(Geom::from_wkt(&args.text(0)).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(crate) fn geom_from_wkb(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Bytes(b) => Geom::from_wkb(b)
            .map(|g| Val::Geometry(Arc::new(g)))
            .ok_or_else(|| args.error("the binary value is not WKB")),
        _ => Err(args.fail(0, "a binary value (such as geom_to_wkb(…))")),
    }
}

pub(crate) fn geom_to_wkt(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let precision = usize::try_from(args.int(1)?.clamp(0, 17)).unwrap_or(8);
    crate::expr::functions::text_out(g.to_wkt(Some(precision)))
}

pub(crate) fn geom_to_wkb(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bytes(Arc::new(args.geom(0)?.to_wkb())))
}

pub(crate) fn make_point(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn make_point_m(args: &Args<'_, '_>) -> Out {
    let mut c = Coord::xy(args.double(0)?, args.double(1)?);
    c.m = args.double(2)?;
    geom_out(point_geom(Dims { z: false, m: true }, c))
}

/// The single point of a point (or one-point multi-point) geometry.
pub(super) fn as_point(g: &Geom) -> Option<(Coord, Dims)> {
    match &g.kind {
        Kind::Point(Some(c)) => Some((*c, g.dims)),
        Kind::MultiPoint(parts) if parts.len() == 1 => as_point(&parts[0]),
        _ => None,
    }
}

pub(super) fn point_arg(args: &Args<'_, '_>, idx: usize) -> Result<Option<(Coord, Dims)>, Fail> {
    Ok(as_point(args.geom(idx)?))
}

pub(crate) fn make_line(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn make_polygon(args: &Args<'_, '_>) -> Out {
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

pub(super) fn close(mut ring: Vec<Coord>) -> Vec<Coord> {
    if let (Some(first), Some(last)) = (ring.first().copied(), ring.last())
        && first != *last
    {
        ring.push(first);
    }
    ring
}

pub(crate) fn make_triangle(args: &Args<'_, '_>) -> Out {
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
pub(super) fn ellipse_points(center: Coord, a: f64, b: f64, azimuth: f64, segments: usize) -> Vec<Coord> {
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

pub(crate) fn make_circle(args: &Args<'_, '_>) -> Out {
    let Some((center, dims)) = point_arg(args, 0)? else { return Ok(Val::Null) };
    let (radius, segments) = (args.double(1)?, args.int(2)?);
    if segments < 3 {
        return Err(args.error("segments must be at least 3"));
    }
    let points = ellipse_points(center, radius, radius, 0.0, usize::try_from(segments).unwrap_or(3));
    geom_out(Geom::new(dims, Kind::Polygon(vec![points])))
}

pub(crate) fn make_ellipse(args: &Args<'_, '_>) -> Out {
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
pub(super) fn azimuth_of(a: &Coord, b: &Coord) -> f64 {
    (b.x - a.x).atan2(b.y - a.y).rem_euclid(std::f64::consts::TAU)
}

pub(crate) fn make_regular_polygon(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn make_square(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn make_rectangle_3points(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn collect_geometries(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn geometries_to_array(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let items = match g.parts() {
        Some(parts) => parts.iter().map(|p| Val::Geometry(Arc::new(p.clone()))).collect(),
        None => vec![Val::Geometry(Arc::clone(g))],
    };
    Ok(Val::Array(Arc::new(items)))
}
