//! Geometry measures, planar in the geometry's own units: area, length, perimeter, distances,
//! angles, azimuths, and positions along lines (interpolate, locate, substring).

use geo::{Area, ConvexHull, Distance, Euclidean};
use std::sync::Arc;

use super::{
    accessors::{lines_of, point_or_centroid, polygons, vertex_runs},
    constructors::{azimuth_of, point_arg},
    geom_out, line, point_geom,
};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::geom::{Coord, Dims, Geom, Kind, Shape, circle_through};
use crate::expr::value::Val;

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

pub(crate) fn area(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(if g.shape() == Shape::Polygon { Val::Double(planar_area(g)) } else { Val::Null })
}

pub(crate) fn perimeter(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    Ok(if g.shape() == Shape::Polygon { Val::Double(planar_perimeter(g)) } else { Val::Null })
}

pub(crate) fn length3d(args: &Args<'_, '_>) -> Out {
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

pub(super) fn geo_of(args: &Args<'_, '_>, idx: usize) -> Result<Option<geo::Geometry<f64>>, Fail> {
    Ok(args.geom(idx)?.to_geo())
}

pub(crate) fn distance(args: &Args<'_, '_>) -> Out {
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
pub(super) fn point_segment_distance(p: &Coord, a: &Coord, b: &Coord) -> (f64, Coord) {
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

pub(crate) fn hausdorff_distance(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.geom(0)?, args.geom(1)?);
    let fraction = if args.get(2).is_null() { None } else { Some(args.double(2)?) };
    let directed = |from: &Geom, to: &Geom| {
        densified_vertices(from, fraction).iter().map(|c| point_to_geometry(c, to)).fold(0.0, f64::max)
    };
    Ok(Val::Double(directed(a, b).max(directed(b, a))))
}

pub(crate) fn azimuth(args: &Args<'_, '_>) -> Out {
    let (Some((a, _)), Some((b, _))) = (point_arg(args, 0)?, point_arg(args, 1)?) else {
        return Err(args.error("point_a and point_b must be points"));
    };
    if a.x == b.x && a.y == b.y {
        return Ok(Val::Null);
    }
    Ok(Val::Double(azimuth_of(&a, &b)))
}

pub(crate) fn bearing(args: &Args<'_, '_>) -> Out {
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
pub(crate) fn project(args: &Args<'_, '_>) -> Out {
    let Some((p, dims)) = point_arg(args, 0)? else {
        return Err(args.error("needs a point"));
    };
    let distance = args.double(1)?;
    let azimuth = args.double(2)?.to_degrees();
    let inclination = (args.double(3)?.to_degrees()) % 360.0;
    let level = crate::expr::eval::double_near(inclination, 90.0);
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

pub(crate) fn inclination(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn main_angle(args: &Args<'_, '_>) -> Out {
    oriented_box(args.geom(0)?)
        .map(|(_, angle)| Val::Double(angle))
        .ok_or_else(|| args.error("the geometry needs at least two vertices"))
}

pub(crate) fn oriented_bbox(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    match oriented_box(g) {
        Some((rect, _)) => geom_out(Geom::new(Dims::XY, Kind::Polygon(vec![rect]))),
        None => Err(args.error("the geometry needs at least two vertices")),
    }
}

pub(crate) fn roundness(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn sinuosity(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn straight_distance_2d(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn angle_at_vertex(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn distance_to_vertex(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn line_interpolate_point(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    Ok(along(&points, args.double(1)?).map_or(Val::Null, |(c, _)| Val::Geometry(Arc::new(point_geom(g.dims, c)))))
}

pub(crate) fn line_interpolate_angle(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Double(0.0)) };
    Ok(along(&points, args.double(1)?).map_or(Val::Double(0.0), |(_, a)| Val::Double(a.to_degrees())))
}

pub(crate) fn line_locate_point(args: &Args<'_, '_>) -> Out {
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

pub(crate) fn line_locate_m(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    if !g.dims.m {
        return Ok(Val::Null);
    }
    Ok(locate_m(&points, args.double(1)?, args.bool(2)?).map_or(Val::Null, |(d, _)| Val::Double(d)))
}

pub(crate) fn line_interpolate_point_by_m(args: &Args<'_, '_>) -> Out {
    let g = args.geom(0)?;
    let Some(points) = line_vertices(g) else { return Ok(Val::Null) };
    if !g.dims.m {
        return Ok(Val::Null);
    }
    Ok(locate_m(&points, args.double(1)?, args.bool(2)?)
        .map_or(Val::Null, |(_, c)| Val::Geometry(Arc::new(point_geom(Dims::XY, Coord::xy(c.x, c.y))))))
}

pub(crate) fn line_substring(args: &Args<'_, '_>) -> Out {
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
