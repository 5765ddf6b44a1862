//! Geometries derived from others: centroids and points inside, buffers, hulls, overlays
//! (intersection, difference, union), the nearest points between two geometries and the smallest
//! enclosing circle.

use geo::{BooleanOps, Centroid, ConvexHull};
use std::sync::Arc;

use super::{
    accessors::{bbox, lines_of, polygons, vertex_runs},
    constructors::{ellipse_points, point_arg},
    geom_out, line,
    measures::{geo_of, point_segment_distance},
    not_here,
};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape, circle_through};
use crate::expr::value::Val;

pub(crate) fn centroid(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(g.to_geo()
        .and_then(|geo| geo.centroid())
        .map_or(Val::Null, |p| Val::Geometry(Arc::new(Geom::point(p.x(), p.y())))))
}

/// GEOS's interior point: for areas, the middle of the widest crossing at the middle height;
/// for lines, the inner vertex nearest the centroid (else an end); for points, the nearest point.
pub(crate) fn point_on_surface(args: &Args<'_, '_>) -> Out {
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
pub(crate) fn pole_of_inaccessibility(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn buffer(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn convex_hull(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn intersection(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.intersection(b))
}

pub(crate) fn difference(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.difference(b))
}

pub(crate) fn sym_difference(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.xor(b))
}

pub(crate) fn union(args: &Args<'_, '_>) -> Out {
    boolean(args, |a, b| a.union(b))
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

pub(crate) fn closest_point(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    Ok(closest_pair(a, b).map_or(Val::Null, |(p, _)| Val::Geometry(Arc::new(Geom::point(p.x, p.y)))))
}

pub(crate) fn shortest_line(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    Ok(closest_pair(a, b).map_or(Val::Null, |(p, q)| {
        Val::Geometry(Arc::new(line(Dims::XY, vec![Coord::xy(p.x, p.y), Coord::xy(q.x, q.y)])))
    }))
}

fn line_only(args: &Args<'_, '_>) -> Result<bool, Fail> {
    Ok(args.geom(0)?.shape() == Shape::Line)
}

pub(crate) fn offset_curve(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Ok(Val::Null);
    }
    Err(not_here(args, "use buffer() for a band on both sides"))
}

pub(crate) fn single_sided_buffer(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Ok(Val::Null);
    }
    Err(not_here(args, "use buffer() for a band on both sides"))
}

pub(crate) fn tapered_buffer(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Err(args.error("needs a line"));
    }
    Err(not_here(args, "use buffer() with one width"))
}

pub(crate) fn buffer_by_m(args: &Args<'_, '_>) -> Out {
    if !line_only(args)? {
        return Err(args.error("needs a line"));
    }
    Err(not_here(args, "use buffer() with one width"))
}

pub(crate) fn concave_hull(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    args.double(1)?;
    if let Kind::Point(_) = g.kind {
        return Ok(Val::Geometry(Arc::clone(g)));
    }
    Err(not_here(args, "use convex_hull()"))
}

pub(crate) fn minimal_circle(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn shared_paths(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    if a.shape() != Shape::Line || b.shape() != Shape::Line {
        return Ok(Val::Null);
    }
    Err(not_here(args, "compare the lines with intersection() of buffers"))
}

/// A wedge (a slice of a disc or ring) as QGIS builds it: a curve polygon of arcs and lines.
pub(crate) fn wedge_buffer(args: &Args<'_, '_>) -> Out {
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
