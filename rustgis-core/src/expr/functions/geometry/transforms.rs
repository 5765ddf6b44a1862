//! Geometries moved without changing their shape's idea: reprojected, translated, rotated, scaled,
//! affine-transformed, flipped, reversed and reoriented.

use std::sync::Arc;

use super::{accessors::bbox, constructors::as_point, geom_out};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind};
use crate::expr::value::Val;

pub(crate) fn transform(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn translate(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn rotate(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn scale(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn affine_transform(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn flip_coordinates(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn reverse(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn force_rhr(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, true))
}

pub(crate) fn force_polygon_cw(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, true))
}

pub(crate) fn force_polygon_ccw(args: &Args<'_, '_>) -> Out {
    geom_out(orient(args.geom(0)?, false))
}
