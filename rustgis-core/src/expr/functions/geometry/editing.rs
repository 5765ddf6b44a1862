//! Geometries reshaped: boundaries, closed and extended lines, extrusion, simplification,
//! smoothing, densification, merged lines, valid geometries, reordered parts, dash patterns and
//! waves.

use geo::{Simplify, SimplifyVw, Validation};
use std::sync::Arc;

use super::{accessors::vertex_runs, constructors::close, geom_out, line, not_here, point_geom};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape};
use crate::expr::value::Val;

pub(crate) fn boundary(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn close_line(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn extend(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn extrude(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn simplify(args: &Args<'_, '_>) -> Out {
    simplified(args, false)
}

pub(crate) fn simplify_vw(args: &Args<'_, '_>) -> Out {
    simplified(args, true)
}

pub(crate) fn smooth(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn densify_by_count(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn densify_by_distance(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn line_merge(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn make_valid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let rings_closed = vertex_runs(g).iter().all(|(run, ring)| !ring || run.first() == run.last());
    if rings_closed && g.to_geo().is_some_and(|geo| geo.is_valid()) {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(not_here(args, "find invalid features with is_valid() and repair them with the geometry repair command"))
}

pub(crate) fn order_parts(args: &Args<'_, '_>) -> Out {
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
    keyed.sort_by(|a, b| crate::expr::functions::arrays::value_order(&a.0, &b.0));
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

pub(crate) fn apply_dash_pattern(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn triangular_wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(crate) fn square_wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(crate) fn wave(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(crate) fn triangular_wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(crate) fn square_wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}

pub(crate) fn wave_randomized(args: &Args<'_, '_>) -> Out {
    wave_like(args)
}
