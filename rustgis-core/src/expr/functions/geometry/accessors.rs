//! Geometry accessors: the type, coordinates, bounds, vertices, parts and rings of a geometry, and
//! whether it is empty, closed, multipart or valid.

use geo::{Centroid, Validation};
use std::sync::Arc;

use super::{geom_out, line, point_geom, vertex_at};
use crate::expr::functions::{Args, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape};
use crate::expr::value::Val;

pub(crate) fn geometry_type(args: &Args<'_, '_>) -> Out {
    Ok(Val::text(match args.geom(0)?.shape() {
        Shape::Point => "Point",
        Shape::Line => "Line",
        Shape::Polygon => "Polygon",
        Shape::Unknown => "Unknown",
    }))
}

/// A point's coordinate, or the centroid's for other geometries.
pub(super) fn point_or_centroid(g: &Geom) -> Option<Coord> {
    if let Kind::Point(c) = &g.kind {
        return *c;
    }
    let centroid = g.to_geo()?.centroid()?;
    Some(Coord::xy(centroid.x(), centroid.y()))
}

pub(crate) fn x(args: &Args<'_, '_>) -> Out {
    Ok(point_or_centroid(args.geom(0)?).map_or(Val::Null, |c| Val::Double(c.x)))
}

pub(crate) fn y(args: &Args<'_, '_>) -> Out {
    Ok(point_or_centroid(args.geom(0)?).map_or(Val::Null, |c| Val::Double(c.y)))
}

pub(crate) fn z(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(match (&g.kind, g.dims.z) {
        (Kind::Point(Some(c)), true) => Val::Double(c.z),
        _ => Val::Null,
    })
}

pub(crate) fn m(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn x_min(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.x, false)
}

pub(crate) fn x_max(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.x, true)
}

pub(crate) fn y_min(args: &Args<'_, '_>) -> Out {
    bound(args, |c| c.y, false)
}

pub(crate) fn y_max(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn z_min(args: &Args<'_, '_>) -> Out {
    zm_bound(args, true, false)
}

pub(crate) fn z_max(args: &Args<'_, '_>) -> Out {
    zm_bound(args, true, true)
}

pub(crate) fn m_min(args: &Args<'_, '_>) -> Out {
    zm_bound(args, false, false)
}

pub(crate) fn m_max(args: &Args<'_, '_>) -> Out {
    zm_bound(args, false, true)
}

fn at_vertex(args: &Args<'_, '_>, pick: fn(&Coord, Dims) -> Option<f64>) -> Out {
    let g = args.geom(0)?;
    Ok(vertex_at(g, args.int(1)?).and_then(|c| pick(&c, g.dims)).map_or(Val::Null, Val::Double))
}

pub(crate) fn x_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, _| Some(c.x))
}

pub(crate) fn y_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, _| Some(c.y))
}

pub(crate) fn z_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, d| d.z.then_some(c.z))
}

pub(crate) fn m_at(args: &Args<'_, '_>) -> Out {
    at_vertex(args, |c, d| d.m.then_some(c.m))
}

pub(crate) fn point_n(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn start_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(g.coords().first().map_or(Val::Null, |c| Val::Geometry(Arc::new(point_geom(g.dims, *c)))))
}

pub(crate) fn end_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let end = match &g.kind {
        Kind::Polygon(rings) => rings.first().and_then(|r| r.last()).copied(),
        _ => g.coords().last().copied(),
    };
    Ok(end.map_or(Val::Null, |c| Val::Geometry(Arc::new(point_geom(g.dims, c)))))
}

/// The rings and lines of a geometry, each as its vertices, in order.
pub(super) fn vertex_runs(g: &Geom) -> Vec<(Vec<Coord>, bool)> {
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

pub(crate) fn nodes_to_points(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn segments_to_lines(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let mut lines = Vec::new();
    for (run, _) in vertex_runs(g) {
        for pair in run.windows(2) {
            lines.push(line(g.dims, vec![pair[0], pair[1]]));
        }
    }
    geom_out(Geom::new(g.dims, Kind::MultiLineString(lines)))
}

pub(crate) fn num_points(args: &Args<'_, '_>) -> Out {
    Ok(Val::Int(i64::try_from(args.geom(0)?.coords().len()).unwrap_or(i64::MAX)))
}

/// The polygons of a geometry and of its parts.
pub(super) fn polygons(g: &Geom) -> Vec<&Geom> {
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

pub(crate) fn num_interior_rings(args: &Args<'_, '_>) -> Out {
    let polys = polygons(args.geom(0)?);
    if polys.is_empty() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(polys.iter().map(|p| ring_count(p).saturating_sub(1)).sum::<usize>()).unwrap_or(0)))
}

pub(crate) fn num_rings(args: &Args<'_, '_>) -> Out {
    let polys = polygons(args.geom(0)?);
    if polys.is_empty() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(polys.iter().map(|p| ring_count(p)).sum::<usize>()).unwrap_or(0)))
}

pub(crate) fn num_geometries(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn exterior_ring(args: &Args<'_, '_>) -> Out {
    Ok(ring_geom(args.geom(0)?, 0).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(crate) fn interior_ring_n(args: &Args<'_, '_>) -> Out {
    let n = args.int(1)?;
    let Ok(idx) = usize::try_from(n) else { return Ok(Val::Null) };
    if idx == 0 {
        return Ok(Val::Null);
    }
    Ok(ring_geom(args.geom(0)?, idx).map_or(Val::Null, |g| Val::Geometry(Arc::new(g))))
}

pub(crate) fn geometry_n(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let n = args.int(1)?;
    let Some(parts) = g.parts() else { return Ok(Val::Null) };
    Ok(usize::try_from(n - 1).ok().and_then(|i| parts.get(i)).map_or(Val::Null, |p| Val::Geometry(Arc::new(p.clone()))))
}

pub(super) fn bbox(g: &Geom) -> Option<(f64, f64, f64, f64)> {
    let coords = g.coords();
    let first = coords.first()?;
    Some(
        coords.iter().fold((first.x, first.y, first.x, first.y), |(a, b, c, d), p| {
            (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
        }),
    )
}

pub(crate) fn bounds(args: &Args<'_, '_>) -> Out {
    let Some((x0, y0, x1, y1)) = bbox(args.geom(0)?) else { return Ok(Val::Null) };
    let ring = vec![Coord::xy(x0, y0), Coord::xy(x1, y0), Coord::xy(x1, y1), Coord::xy(x0, y1), Coord::xy(x0, y0)];
    geom_out(Geom::new(Dims::XY, Kind::Polygon(vec![ring])))
}

pub(crate) fn bounds_width(args: &Args<'_, '_>) -> Out {
    Ok(bbox(args.geom(0)?).map_or(Val::Null, |(x0, _, x1, _)| Val::Double(x1 - x0)))
}

pub(crate) fn bounds_height(args: &Args<'_, '_>) -> Out {
    Ok(bbox(args.geom(0)?).map_or(Val::Null, |(_, y0, _, y1)| Val::Double(y1 - y0)))
}

pub(crate) fn is_empty(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.geom(0)?.is_empty()))
}

pub(crate) fn is_empty_or_null(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Null => Ok(Val::Bool(true)),
        Val::Geometry(g) => Ok(Val::Bool(g.is_empty())),
        _ => Err(args.fail(0, "a geometry")),
    }
}

pub(super) fn lines_of(g: &Geom) -> Vec<&Geom> {
    match &g.kind {
        Kind::LineString(_) | Kind::CircularString(_) | Kind::CompoundCurve(_) => vec![g],
        Kind::MultiLineString(p) | Kind::MultiCurve(p) => p.iter().collect(),
        _ => Vec::new(),
    }
}

pub(crate) fn is_closed(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn is_multipart(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.geom(0)?.is_multi()))
}

pub(crate) fn is_valid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let valid = match &g.kind {
        Kind::LineString(cs) => cs.len() >= 2,
        _ => g.to_geo().is_some_and(|geo| geo.is_valid()),
    };
    Ok(Val::Bool(valid))
}
