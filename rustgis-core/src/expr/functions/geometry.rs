//! Geometry functions. Measures are planar, in the geometry's own units, as QGIS's functions
//! are (`area(geom_from_wkt('POLYGON((0 0,4 0,4 2,0 2,0 0))'))` is 8 whatever the layer's CRS);
//! only `$area`, `$length` and `$perimeter` measure the feature on the ellipsoid. A function
//! given the wrong kind of geometry answers NULL, as in QGIS.
//!
//! One file a family, as QGIS groups them: `constructors`, `accessors`, `measures`, `predicates`,
//! `derived`, `transforms` and `editing`; this file has what they share and the current feature's
//! geometry (`$geometry`, `$area`, `$x`…).

mod accessors;
mod constructors;
mod derived;
mod editing;
mod measures;
mod predicates;
mod transforms;

use std::sync::Arc;

use super::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind};
use crate::expr::value::Val;

pub(super) use accessors::*;
pub(super) use constructors::*;
pub(super) use derived::*;
pub(super) use editing::*;
pub(super) use measures::*;
pub(super) use predicates::*;
pub(super) use transforms::*;

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
