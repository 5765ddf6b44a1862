//! Where a projection is usable, in longitude/latitude, and how lines and rings are made ready
//! for it: unwrapped and cut at the meridian opposite its centre (the antimeridian of a world
//! map), clipped to the valid area, and densified so that edges curve as the projection bends
//! them. Both `vector.reproject` and the renderer go through [`ValidArea::prepare`].
//!
//! The areas are rules by kind of projection, one table of data ([`VALID_AREAS`]): where the
//! projection's formulas stay usable, which is wider than a CRS's EPSG "area of use" (UTM is used
//! within 6° of its meridian, but draws fine much further out): world projections take the whole globe; transverse Mercator 80° either side of its
//! central meridian; conics stop short of the far pole; azimuthal ones are a cap around their
//! centre. Limitation: a ring clipped by a cap is closed by a straight (lon/lat) chord between
//! where it leaves and re-enters the cap, not along the cap's edge.

use super::Crs;
use super::transformer::crs_centre;
use crate::error::Result;
use crate::webmercator;

/// The largest step between neighbouring points after densifying, in degrees.
const DENSIFY_DEGREES: f64 = 1.0;

/// Where a projection is usable, in longitude/latitude degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValidArea {
    /// The longitude the map is centred on; the cut goes along `lon_0 ± 180°`.
    lon_0: f64,
    /// The latitude of the projection's centre (for caps).
    lat_0: f64,
    shape: Shape,
}

/// Where each projection can be drawn, by its PROJ name: the one table of valid areas. A
/// projection not listed is drawn over the hemisphere around its centre.
pub const VALID_AREAS: &[(&[&str], AreaRule)] = &[
    // Mercator: the whole world but the poles, as web maps cut it.
    (&["merc", "webmerc"], AreaRule::World { lat_min: -webmercator::MAX_LATITUDE, lat_max: webmercator::MAX_LATITUDE }),
    // Transverse Mercator and its kin: 80° either side of the central meridian.
    (&["tmerc", "etmerc", "utm", "cass", "poly"], AreaRule::Band { half_lon: 80.0 }),
    // Conics: every longitude, stopping 10° short of the far pole.
    (&["lcc", "eqdc"], AreaRule::ShortOfFarPole { lat: 80.0 }),
    // Azimuthal and perspective projections: a cap around the centre.
    (&["laea", "aeqd"], AreaRule::Cap { radius: 170.0 }),
    (&["stere", "sterea", "ups"], AreaRule::Cap { radius: 120.0 }),
    (&["ortho"], AreaRule::Cap { radius: 89.9 }),
    (&["gnom"], AreaRule::Cap { radius: 70.0 }),
    (&["geos", "tpers"], AreaRule::Cap { radius: 80.0 }),
    // Oblique cylindrical ones: near their centre line only.
    (&["omerc", "somerc", "krovak"], AreaRule::Cap { radius: 60.0 }),
    // World projections: the whole globe.
    (
        &["latlong", "longlat", "eqearth", "robin", "moll", "wintri", "natearth", "eqc", "cea", "mill", "sinu", "aea"],
        AreaRule::World { lat_min: -90.0, lat_max: 90.0 },
    ),
];

/// A rule of [`VALID_AREAS`]: the shape of a projection's valid area.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AreaRule {
    /// Every longitude, latitudes from `lat_min` to `lat_max`.
    World {
        /// The southern limit in degrees.
        lat_min: f64,
        /// The northern limit in degrees.
        lat_max: f64,
    },
    /// Longitudes within `half_lon` degrees of the central meridian, every latitude.
    Band {
        /// Degrees either side of the central meridian.
        half_lon: f64,
    },
    /// Every longitude, from the pole on the centre's side to `lat` degrees short of the other.
    ShortOfFarPole {
        /// The latitude (as a positive number) where the far side stops.
        lat: f64,
    },
    /// Points within `radius` degrees (great-circle angle) of the projection's centre.
    Cap {
        /// The cap's radius in degrees.
        radius: f64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// Longitudes within `half_lon` of `lon_0`, latitudes in `[lat_min, lat_max]`.
    Box { half_lon: f64, lat_min: f64, lat_max: f64 },
    /// Points within `radius` degrees (great-circle angle) of (`lon_0`, `lat_0`).
    Cap { radius: f64 },
}

impl ValidArea {
    /// The valid area of a map CRS, or an error when RustGIS cannot project to it: the rule of
    /// its projection in [`VALID_AREAS`], else a hemisphere around its centre.
    pub fn of(crs: Crs) -> Result<ValidArea> {
        let (lon_0, lat_0, name) = crs_centre(crs)?;
        let rule = VALID_AREAS
            .iter()
            .find(|(names, _)| names.contains(&name.as_str()))
            .map_or(AreaRule::Cap { radius: 90.0 }, |(_, rule)| *rule);
        let shape = match rule {
            AreaRule::World { lat_min, lat_max } => Shape::Box { half_lon: 180.0, lat_min, lat_max },
            AreaRule::Band { half_lon } => Shape::Box { half_lon, lat_min: -90.0, lat_max: 90.0 },
            AreaRule::ShortOfFarPole { lat } if lat_0 >= 0.0 => {
                Shape::Box { half_lon: 180.0, lat_min: -lat, lat_max: 90.0 }
            }
            AreaRule::ShortOfFarPole { lat } => Shape::Box { half_lon: 180.0, lat_min: -90.0, lat_max: lat },
            AreaRule::Cap { radius } => Shape::Cap { radius },
        };
        Ok(ValidArea { lon_0, lat_0, shape })
    }

    /// Whether this area is the whole globe, so a map in it has an outline worth drawing.
    pub fn is_whole_world(&self) -> bool {
        matches!(self.shape, Shape::Box { half_lon, lat_min, lat_max } if half_lon >= 180.0 && lat_min <= -90.0 && lat_max >= 90.0)
    }

    /// Whether a longitude/latitude point lies in the area.
    pub fn contains(&self, lon: f64, lat: f64) -> bool {
        match self.shape {
            Shape::Box { half_lon, lat_min, lat_max } => {
                (wrap(lon - self.lon_0)).abs() <= half_lon && (lat_min..=lat_max).contains(&lat)
            }
            Shape::Cap { radius } => self.angle_from_centre(lon, lat) <= radius,
        }
    }

    /// The area in words, for notices.
    pub fn describe(&self) -> String {
        match self.shape {
            Shape::Box { half_lon, lat_min, lat_max } if half_lon >= 180.0 => {
                format!("latitudes {lat_min:.2}° to {lat_max:.2}°")
            }
            Shape::Box { half_lon, lat_min, lat_max } => format!(
                "longitudes {:.0}° to {:.0}°, latitudes {lat_min:.0}° to {lat_max:.0}°",
                self.lon_0 - half_lon,
                self.lon_0 + half_lon
            ),
            Shape::Cap { radius } => {
                format!("within {radius:.0}° of ({:.2}°, {:.2}°)", self.lon_0, self.lat_0)
            }
        }
    }

    /// A line or ring (longitude/latitude) made ready for the projection: unwrapped across the
    /// cut meridian (a ring around a pole closed along it), clipped to the area, and densified.
    /// Each piece is a run of longitude/latitude points, longitudes within 180° of `lon_0`
    /// (a ring crossing the cut comes out as one piece on each side).
    pub fn prepare(&self, coords: &[(f64, f64)], ring: bool) -> Vec<Vec<(f64, f64)>> {
        if coords.len() < 2 {
            return Vec::new();
        }
        // Longitudes relative to the centre, unwrapped into one continuous run.
        let mut rel: Vec<(f64, f64)> = Vec::with_capacity(coords.len());
        let mut shift = 0.0;
        let mut shifted = false;
        for (idx, &(lon, lat)) in coords.iter().enumerate() {
            let r = wrap(lon - self.lon_0);
            if idx > 0 {
                let prev = wrap(coords[idx - 1].0 - self.lon_0);
                let dx = r - prev;
                let along_cut = prev.abs() >= 180.0 - 1e-9 && r.abs() >= 180.0 - 1e-9;
                if dx.abs() > 180.0 && !along_cut {
                    shift -= dx.signum() * 360.0;
                    shifted = true;
                }
            }
            rel.push((r + shift, lat));
        }
        if shifted && ring {
            let (first, last) = (rel[0], rel[rel.len() - 1]);
            if (last.0 - first.0).abs() > 180.0 {
                // The ring circles a pole: close it along the pole.
                let mean_lat = rel.iter().map(|p| p.1).sum::<f64>() / rel.len() as f64;
                let pole = if mean_lat >= 0.0 { 90.0 } else { -90.0 };
                rel.push((last.0, pole));
                rel.push((first.0, pole));
                rel.push(first);
            }
        }
        let (min_x, max_x) =
            rel.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
        let mut pieces = Vec::new();
        for k in [-1.0, 0.0, 1.0] {
            let offset = k * 360.0;
            if !(shifted || k == 0.0) || max_x + offset < -180.0 || min_x + offset > 180.0 {
                continue;
            }
            let copy: Vec<(f64, f64)> = rel.iter().map(|p| (p.0 + offset, p.1)).collect();
            let clipped = match self.shape {
                Shape::Box { half_lon, lat_min, lat_max } => {
                    let bounds = [-half_lon.min(180.0), lat_min, half_lon.min(180.0), lat_max];
                    if ring {
                        clip_ring_to_box(&copy, bounds).into_iter().collect()
                    } else {
                        clip_line_to_box(&copy, bounds)
                    }
                }
                Shape::Cap { .. } => {
                    let dense = densify(&copy);
                    let inside = |p: (f64, f64)| self.contains(p.0 + self.lon_0, p.1);
                    if ring { clip_ring(&dense, &inside).into_iter().collect() } else { clip_line(&dense, &inside) }
                }
            };
            for piece in clipped {
                let min_len = if ring { 3 } else { 2 };
                if piece.len() >= min_len {
                    pieces.push(densify(&piece).into_iter().map(|(x, y)| (x + self.lon_0, y)).collect());
                }
            }
        }
        pieces
    }

    /// The edge of a world map (the meridian opposite the centre, both sides, pole to pole),
    /// densified, as a closed longitude/latitude ring; `None` for an area that is not the world.
    pub fn outline(&self) -> Option<Vec<(f64, f64)>> {
        let Shape::Box { half_lon, lat_min, lat_max } = self.shape else { return None };
        if half_lon < 180.0 {
            return None;
        }
        let (west, east) = (self.lon_0 - 180.0, self.lon_0 + 180.0);
        let ring = [(west, lat_min), (east, lat_min), (east, lat_max), (west, lat_max), (west, lat_min)];
        Some(densify(&ring))
    }

    fn angle_from_centre(&self, lon: f64, lat: f64) -> f64 {
        let (p1, p2) = (self.lat_0.to_radians(), lat.to_radians());
        let dl = (lon - self.lon_0).to_radians();
        let cos = p1.sin() * p2.sin() + p1.cos() * p2.cos() * dl.cos();
        cos.clamp(-1.0, 1.0).acos().to_degrees()
    }
}

/// A longitude difference brought into [-180, 180].
fn wrap(d: f64) -> f64 {
    if (-180.0..=180.0).contains(&d) { d } else { (d + 180.0).rem_euclid(360.0) - 180.0 }
}

/// Points added along every step longer than [`DENSIFY_DEGREES`].
fn densify(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(points.len());
    for (idx, &p) in points.iter().enumerate() {
        if idx > 0 {
            let q = points[idx - 1];
            let steps = ((p.0 - q.0).abs().max((p.1 - q.1).abs()) / DENSIFY_DEGREES).ceil();
            if steps > 1.0 && steps.is_finite() {
                let n = steps as usize;
                for s in 1..n {
                    let t = s as f64 / n as f64;
                    out.push((q.0 + (p.0 - q.0) * t, q.1 + (p.1 - q.1) * t));
                }
            }
        }
        out.push(p);
    }
    out
}

/// Whether a point is on the kept side of a clip edge.
type Inside<'a> = dyn Fn((f64, f64)) -> bool + 'a;
/// Where a segment crosses a clip edge.
type Cross<'a> = dyn Fn((f64, f64), (f64, f64)) -> (f64, f64) + 'a;

/// Sutherland–Hodgman against the four sides of `[min_x, min_y, max_x, max_y]`.
fn clip_ring_to_box(ring: &[(f64, f64)], [min_x, min_y, max_x, max_y]: [f64; 4]) -> Option<Vec<(f64, f64)>> {
    let mut out: Vec<(f64, f64)> = ring.to_vec();
    let sides: [(&Inside<'_>, &Cross<'_>); 4] = [
        (&|p| p.0 >= min_x, &|a, b| at_x(a, b, min_x)),
        (&|p| p.0 <= max_x, &|a, b| at_x(a, b, max_x)),
        (&|p| p.1 >= min_y, &|a, b| at_y(a, b, min_y)),
        (&|p| p.1 <= max_y, &|a, b| at_y(a, b, max_y)),
    ];
    for (inside, cross) in sides {
        if out.iter().all(|p| inside(*p)) {
            continue;
        }
        out = clip_ring_with(&out, inside, cross);
        if out.is_empty() {
            return None;
        }
    }
    close(&mut out);
    Some(out)
}

fn at_x(a: (f64, f64), b: (f64, f64), x: f64) -> (f64, f64) {
    let t = (x - a.0) / (b.0 - a.0);
    (x, a.1 + (b.1 - a.1) * t)
}

fn at_y(a: (f64, f64), b: (f64, f64), y: f64) -> (f64, f64) {
    let t = (y - a.1) / (b.1 - a.1);
    (a.0 + (b.0 - a.0) * t, y)
}

/// One Sutherland–Hodgman pass: the ring kept where `inside`, crossings found by `cross`.
fn clip_ring_with(
    ring: &[(f64, f64)],
    inside: &dyn Fn((f64, f64)) -> bool,
    cross: &dyn Fn((f64, f64), (f64, f64)) -> (f64, f64),
) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(ring.len());
    let n = ring.len();
    for idx in 0..n {
        let current = ring[idx];
        let prev = ring[(idx + n - 1) % n];
        match (inside(prev), inside(current)) {
            (true, true) => out.push(current),
            (true, false) => out.push(cross(prev, current)),
            (false, true) => {
                out.push(cross(prev, current));
                out.push(current);
            }
            (false, false) => {}
        }
    }
    out
}

/// A ring clipped to a curved boundary given by `inside`, crossings found by bisection.
fn clip_ring(ring: &[(f64, f64)], inside: &dyn Fn((f64, f64)) -> bool) -> Option<Vec<(f64, f64)>> {
    if ring.iter().all(|p| inside(*p)) {
        return Some(ring.to_vec());
    }
    let cross = |a: (f64, f64), b: (f64, f64)| bisect(a, b, inside);
    let mut out = clip_ring_with(ring, inside, &cross);
    if out.len() < 3 {
        return None;
    }
    close(&mut out);
    Some(out)
}

/// The point between `a` and `b` where `inside` changes, to a billionth of the step.
fn bisect(a: (f64, f64), b: (f64, f64), inside: &dyn Fn((f64, f64)) -> bool) -> (f64, f64) {
    let a_in = inside(a);
    let (mut lo, mut hi) = (0.0, 1.0);
    let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    for _ in 0..30 {
        let mid = (lo + hi) / 2.0;
        if inside(at(mid)) == a_in {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // The inside end of the bracket, so the point is in the area.
    at(if a_in { lo } else { hi })
}

/// The runs of a line inside the box (Liang–Barsky per segment).
fn clip_line_to_box(line: &[(f64, f64)], [min_x, min_y, max_x, max_y]: [f64; 4]) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let mut visible = true;
        for (p, q) in [(-dx, a.0 - min_x), (dx, max_x - a.0), (-dy, a.1 - min_y), (dy, max_y - a.1)] {
            if p == 0.0 {
                if q < 0.0 {
                    visible = false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        if !visible || t0 > t1 {
            if current.len() >= 2 {
                runs.push(std::mem::take(&mut current));
            }
            current.clear();
            continue;
        }
        let start = (a.0 + dx * t0, a.1 + dy * t0);
        let end = (a.0 + dx * t1, a.1 + dy * t1);
        if current.last() != Some(&start) {
            if current.len() >= 2 {
                runs.push(std::mem::take(&mut current));
            }
            current.clear();
            current.push(start);
        }
        current.push(end);
        if t1 < 1.0 {
            runs.push(std::mem::take(&mut current));
        }
    }
    if current.len() >= 2 {
        runs.push(current);
    }
    runs
}

/// The runs of a line where `inside`, crossings found by bisection.
fn clip_line(line: &[(f64, f64)], inside: &dyn Fn((f64, f64)) -> bool) -> Vec<Vec<(f64, f64)>> {
    let mut runs = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    for (idx, &p) in line.iter().enumerate() {
        let p_in = inside(p);
        if idx > 0 {
            let q = line[idx - 1];
            if inside(q) != p_in {
                current.push(bisect(q, p, inside));
                if !p_in && current.len() >= 2 {
                    runs.push(std::mem::take(&mut current));
                }
                current.clear();
                if p_in {
                    current.push(bisect(q, p, inside));
                }
            }
        }
        if p_in {
            current.push(p);
        }
    }
    if current.len() >= 2 {
        runs.push(current);
    }
    runs
}

fn close(ring: &mut Vec<(f64, f64)>) {
    if let (Some(first), Some(last)) = (ring.first().copied(), ring.last().copied())
        && first != last
    {
        ring.push(first);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_across_the_antimeridian_is_cut_into_one_piece_each_side() {
        let area = ValidArea::of(Crs::ROBINSON).expect("Robinson");
        let fiji = [(178.0, -17.0), (-178.0, -17.0), (-178.0, -19.0), (178.0, -19.0), (178.0, -17.0)];
        let pieces = area.prepare(&fiji, true);
        assert_eq!(pieces.len(), 2, "{pieces:?}");
        for piece in &pieces {
            let (lo, hi) = piece.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| (l.min(p.0), h.max(p.0)));
            assert!(hi - lo <= 2.0 + 1e-9 && lo >= -180.0 && hi <= 180.0, "{piece:?}");
        }
    }

    #[test]
    fn transverse_mercator_keeps_eighty_degrees_either_side_of_its_meridian() {
        let area = ValidArea::of(Crs::epsg(32633)).expect("UTM 33N");
        assert!(area.contains(15.0 + 79.0, 10.0));
        assert!(!area.contains(15.0 + 81.0, 10.0));
    }

    #[test]
    fn a_line_leaving_the_area_is_cut_at_its_edge() {
        let area = ValidArea::of(Crs::epsg(32633)).expect("UTM 33N");
        let pieces = area.prepare(&[(0.0, 0.0), (120.0, 0.0)], false);
        assert_eq!(pieces.len(), 1);
        let end = pieces[0].last().expect("a point");
        assert!((end.0 - 95.0).abs() < 1e-9, "{end:?}");
    }
}
