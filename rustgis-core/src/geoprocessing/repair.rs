//! Invalid input: finding it, repairing what can be repaired, and turning a panic inside a
//! geometry library into a reported skip of one feature.

use std::panic::{AssertUnwindSafe, catch_unwind};

use geo::orient::{Direction, Orient};
use geo::{Geometry, MakeValid, MultiPolygon, Validation, unary_union};

use super::{Job, id_list, is_polygonal, polygons_of};
use crate::error::Result;
use crate::layer::{Feature, FeatureId};

/// What happened to the invalid features of an input: repaired (with why they were invalid) or
/// skipped (with why they could not be used).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RepairReport {
    /// Features whose geometry was invalid and was repaired: id and the problem.
    pub repaired: Vec<(FeatureId, String)>,
    /// Features left out: id and why.
    pub skipped: Vec<(FeatureId, String)>,
}

impl RepairReport {
    /// Records a skipped feature.
    pub fn skip(&mut self, id: FeatureId, why: impl Into<String>) {
        self.skipped.push((id, why.into()));
    }

    /// The report as notices naming the layer's role (`input`, `mask`…), the ids and why.
    pub fn notices(&self, role: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (list, verb) in [(&self.repaired, "repaired"), (&self.skipped, "skipped")] {
            if list.is_empty() {
                continue;
            }
            let ids: Vec<FeatureId> = list.iter().map(|(id, _)| *id).collect();
            let first_why = &list[0].1;
            out.push(format!(
                "{verb} {} invalid {role} feature{} (id {}): {}{}",
                list.len(),
                if list.len() == 1 { "" } else { "s" },
                id_list(&ids),
                first_why,
                if list.len() > 1 { " (first shown)" } else { "" }
            ));
        }
        out
    }

    /// Adds another report's entries.
    pub fn extend(&mut self, other: RepairReport) {
        self.repaired.extend(other.repaired);
        self.skipped.extend(other.skipped);
    }
}

/// Why a geometry is invalid and cannot be repaired (too few points, for example).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Unrepairable {
    /// What is wrong with it, as a person reads it.
    pub reason: String,
}

/// Checks a geometry: `Ok(None)` when it is valid as it is, `Ok(Some(fixed))` with a repaired
/// copy, and [`Unrepairable`] when it is invalid and cannot be repaired.
///
/// Polygons are repaired part by part with a constrained triangulation (odd-even rule: a bowtie
/// becomes two triangles, a dangling spike disappears); overlapping parts of a multi-polygon are
/// then merged.
pub fn repair_geometry(geometry: &Geometry<f64>) -> Result<Option<Geometry<f64>>, Unrepairable> {
    repair_checked(geometry, &Job::silent())
        .unwrap_or_else(|_| Err("cancelled".to_owned()))
        .map_err(|reason| Unrepairable { reason })
}

/// [`repair_geometry`] that stops when `job` is cancelled (the outer error): the checks look at
/// the job every few thousand edges, and a repair too big to check as it goes runs on its own
/// thread while this one watches the job, so a cancelled call ends within a second.
pub(crate) fn repair_checked(geometry: &Geometry<f64>, job: &Job<'_>) -> Result<Result<Option<Geometry<f64>>, String>> {
    let problem = match guard(|| problem_checked(geometry, job)) {
        Ok(Ok(None)) => return Ok(Ok(None)),
        Ok(Ok(Some(problem))) => problem,
        Ok(Err(cancelled)) => return Err(cancelled),
        Err(panic) => format!("validation failed ({panic})"),
    };
    if !is_polygonal(geometry) {
        return Ok(Err(problem));
    }
    let mut parts: Vec<geo::Polygon<f64>> = Vec::new();
    for polygon in polygons_of(geometry).0 {
        // Our own ring check, not geo's `is_valid`, which compares every edge with every other.
        let valid = match guard(|| problem_checked(&Geometry::Polygon(polygon.clone()), job)) {
            Ok(Ok(found)) => found.is_none(),
            Ok(Err(cancelled)) => return Err(cancelled),
            Err(_) => false,
        };
        if valid {
            parts.push(polygon.orient(Direction::Default));
            continue;
        }
        match make_valid_watched(polygon, job)? {
            Ok(fixed) => parts.extend(fixed.orient(Direction::Default).0),
            Err(panic) => return Ok(Err(format!("{problem}; repair failed ({panic})"))),
        }
    }
    job.check()?;
    let merged = MultiPolygon::new(parts);
    // Parts of an invalid input may overlap: the union merges them (in O(n log n), unlike a check).
    let fixed = if merged.0.len() > 1 {
        match guard(|| unary_union(&merged.0)) {
            Ok(union) => union,
            Err(panic) => return Ok(Err(format!("{problem}; repair failed ({panic})"))),
        }
    } else {
        merged
    };
    if fixed.0.is_empty() {
        return Ok(Err(format!("{problem}; nothing is left after repair")));
    }
    Ok(Ok(Some(Geometry::MultiPolygon(fixed))))
}

/// Polygons with more points than this are repaired by an overlay on a thread of their own,
/// watched for cancellation; smaller ones repair in milliseconds where they are.
const WATCHED_REPAIR_POINTS: usize = 20_000;

/// geo's `make_valid` (a constrained triangulation, which cannot be interrupted). For a large
/// polygon it runs on its own thread; when the job is cancelled meanwhile, this returns at once
/// and the thread finishes (and is forgotten) in the background.
fn make_valid_watched(polygon: geo::Polygon<f64>, job: &Job<'_>) -> Result<Result<MultiPolygon<f64>, String>> {
    use geo::CoordsIter;
    if polygon.coords_count() <= WATCHED_REPAIR_POINTS {
        return Ok(guard(|| polygon.make_valid().unwrap_or_else(|_| MultiPolygon::new(Vec::new()))));
    }
    // The same odd-even rule as make_valid, through i_overlay's sweep: geo's triangulation takes
    // minutes on 100,000 points, the overlay a fraction of a second.
    let repair = |polygon: &geo::Polygon<f64>| {
        use i_overlay::core::fill_rule::FillRule;
        use i_overlay::float::simplify::SimplifyShape;
        guard(|| {
            let rings: Vec<Vec<[f64; 2]>> = std::iter::once(polygon.exterior())
                .chain(polygon.interiors())
                .map(|ring| ring.0.iter().map(|c| [c.x, c.y]).collect())
                .collect();
            super::buffer::multi_polygon_of(rings.simplify_shape(FillRule::EvenOdd))
        })
    };
    let (send, receive) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("rustgis-repair".to_owned()).spawn(move || {
        // The receiver is gone when the job was cancelled: nobody wants the result then.
        if send.send(repair(&polygon)).is_err() {}
    });
    if let Err(e) = spawned {
        return Ok(Err(format!("cannot start the repair ({e})")));
    }
    loop {
        match receive.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return Ok(result),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => job.check()?,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Ok(Err("the repair stopped unexpectedly".to_owned()));
            }
        }
    }
}

/// What is wrong with a geometry, if anything. Polygon rings are checked for too few points and
/// for crossing or touching themselves with an R-tree of their edges (geo's own check compares
/// every edge with every other, which is too slow for detailed coastlines); other geometries go
/// through geo's validation. Overlaps between the parts of a multi-polygon are left to the
/// overlay, which merges them.
pub fn problem_of(geometry: &Geometry<f64>) -> Option<String> {
    problem_checked(geometry, &Job::silent()).unwrap_or(None)
}

/// [`problem_of`] that looks at `job` every few thousand edge pairs and stops when it is
/// cancelled.
pub(crate) fn problem_checked(geometry: &Geometry<f64>, job: &Job<'_>) -> Result<Option<String>> {
    if !is_polygonal(geometry) {
        return Ok(geometry.check_validation().err().map(|e| e.to_string()));
    }
    let owned;
    let polygons: &[geo::Polygon<f64>] = match geometry {
        Geometry::Polygon(p) => std::slice::from_ref(p),
        Geometry::MultiPolygon(mp) => &mp.0,
        other => {
            owned = polygons_of(other);
            &owned.0
        }
    };
    for (part_idx, polygon) in polygons.iter().enumerate() {
        for (ring_idx, ring) in std::iter::once(polygon.exterior()).chain(polygon.interiors()).enumerate() {
            let role = if ring_idx == 0 { "exterior ring".to_owned() } else { format!("hole {ring_idx}") };
            let part = if matches!(geometry, Geometry::MultiPolygon(mp) if mp.0.len() > 1) {
                format!(" of part {}", part_idx + 1)
            } else {
                String::new()
            };
            if ring.0.iter().any(|c| !c.x.is_finite() || !c.y.is_finite()) {
                return Ok(Some(format!("the {role}{part} has a coordinate that is not a finite number")));
            }
            let distinct = ring.0.len().min(1) + ring.0.windows(2).filter(|w| w[0] != w[1]).count();
            if distinct < 4 {
                return Ok(Some(format!("the {role}{part} has fewer than 3 distinct points")));
            }
            if let Some(at) = self_intersection(ring, job)? {
                return Ok(Some(format!("the {role}{part} crosses or touches itself at ({:.6}, {:.6})", at.x, at.y)));
            }
        }
    }
    Ok(None)
}

/// Where a closed ring meets itself, other than where neighbouring edges share a vertex.
fn self_intersection(ring: &geo::LineString<f64>, job: &Job<'_>) -> Result<Option<geo::Coord<f64>>> {
    use geo::Intersects;
    let edges: Vec<geo::Line<f64>> = ring.lines().filter(|l| l.start != l.end).collect();
    let n = edges.len();
    let adjacent = |i: usize, j: usize| j == i + 1 || (i == 0 && j == n - 1);
    let meets = |i: usize, j: usize| {
        let (a, b) = (edges[i], edges[j]);
        // Consecutive edges always share a vertex (zero-length edges were left out), so only the
        // fold test below can find them wrong.
        if j != i + 1 && !a.intersects(&b) {
            return None;
        }
        if adjacent(i, j) {
            // Neighbours share one vertex; they are wrong only when they fold back over each other.
            let shared = if j == i + 1 { a.end } else { a.start };
            let (p, q) = if j == i + 1 { (a.start, b.end) } else { (a.end, b.start) };
            let folds = <geo::kernels::RobustKernel as geo::Kernel<f64>>::orient2d(p, shared, q)
                == geo::Orientation::Collinear
                && (p.x - shared.x) * (q.x - shared.x) + (p.y - shared.y) * (q.y - shared.y) > 0.0;
            return folds.then_some(shared);
        }
        Some(a.start)
    };
    if n < 64 {
        return Ok((0..n).flat_map(|i| ((i + 1)..n).map(move |j| (i, j))).find_map(|(i, j)| meets(i, j)));
    }
    // A sweep along x: edges sorted by their left end, each compared only with the edges that
    // start before it ends. Cheaper than an R-tree for one pass over a ring. The first meeting
    // pair (lowest edge numbers) is reported, so the answer does not depend on the sort.
    let spans: Vec<[f64; 4]> = edges
        .iter()
        .map(|l| [l.start.x.min(l.end.x), l.start.x.max(l.end.x), l.start.y.min(l.end.y), l.start.y.max(l.end.y)])
        .collect();
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_unstable_by(|&a, &b| spans[a as usize][0].total_cmp(&spans[b as usize][0]));
    let mut first: Option<(usize, usize, geo::Coord<f64>)> = None;
    // A ring of long edges side by side (a zigzag) makes the sweep quadratic: past this many
    // comparisons an R-tree of the edges, whose cost does not depend on the shape, takes over.
    let budget = n.saturating_mul(SWEEP_COMPARISONS_PER_EDGE);
    let mut compared = 0usize;
    for (p, &a) in order.iter().enumerate() {
        let sa = spans[a as usize];
        for &b in &order[p + 1..] {
            compared += 1;
            if compared > budget {
                return indexed_self_intersection(&spans, meets, job);
            }
            let sb = spans[b as usize];
            if sb[0] > sa[1] {
                break;
            }
            if sb[2] > sa[3] || sb[3] < sa[2] {
                continue;
            }
            let (i, j) = if a < b { (a as usize, b as usize) } else { (b as usize, a as usize) };
            if first.is_some_and(|(fi, fj, _)| (fi, fj) <= (i, j)) {
                continue;
            }
            if let Some(at) = meets(i, j) {
                first = Some((i, j, at));
            }
        }
    }
    Ok(first.map(|(_, _, at)| at))
}

/// How many edge pairs per edge the sweep of [`self_intersection`] may compare before it hands
/// over to an R-tree.
const SWEEP_COMPARISONS_PER_EDGE: usize = 64;

/// The first meeting pair of edges (lowest edge numbers) found through an R-tree of the edges'
/// boxes: O(n log n) plus the pairs whose boxes meet, whatever the ring's shape. Looks at the job
/// every 4,096 edges.
fn indexed_self_intersection(
    spans: &[[f64; 4]],
    meets: impl Fn(usize, usize) -> Option<geo::Coord<f64>>,
    job: &Job<'_>,
) -> Result<Option<geo::Coord<f64>>> {
    use rstar::primitives::{GeomWithData, Rectangle};
    let boxes: Vec<GeomWithData<Rectangle<[f64; 2]>, usize>> = spans
        .iter()
        .enumerate()
        .map(|(k, s)| GeomWithData::new(Rectangle::from_corners([s[0], s[2]], [s[1], s[3]]), k))
        .collect();
    let tree = rstar::RTree::bulk_load(boxes);
    for (i, s) in spans.iter().enumerate() {
        if i % 4096 == 0 {
            job.check()?;
        }
        let envelope = rstar::AABB::from_corners([s[0], s[2]], [s[1], s[3]]);
        let found = tree
            .locate_in_envelope_intersecting(&envelope)
            .map(|e| e.data)
            .filter(|&j| j > i)
            .filter_map(|j| meets(i, j).map(|at| (j, at)))
            .min_by_key(|(j, _)| *j);
        if let Some((_, at)) = found {
            return Ok(Some(at));
        }
    }
    Ok(None)
}

/// A feature's usable geometry, and what was wrong with it: id, why, and whether it was repaired.
type Checked = (Option<Geometry<f64>>, Option<(FeatureId, String, bool)>);

/// Each feature's geometry, validated and repaired where needed (`None` for features without a
/// usable geometry), and the report of what was repaired or skipped.
pub(crate) fn checked_geometries(
    features: &[Feature],
    job: &Job<'_>,
) -> Result<(Vec<Option<Geometry<f64>>>, RepairReport)> {
    use rayon::prelude::*;
    let checked: Vec<Checked> = features
        .par_iter()
        .map(|feature| {
            job.tick()?;
            let Some(geometry) = &feature.geometry else { return Ok((None, None)) };
            Ok(match repair_checked(geometry, job)? {
                Ok(None) => (Some(geometry.clone()), None),
                Ok(Some(fixed)) => {
                    let why = problem_of(geometry).unwrap_or_default();
                    (Some(fixed), Some((feature.id, why, true)))
                }
                Err(why) => (None, Some((feature.id, why, false))),
            })
        })
        .collect::<Result<_>>()?;
    let mut report = RepairReport::default();
    let mut geometries = Vec::with_capacity(checked.len());
    for (geometry, event) in checked {
        geometries.push(geometry);
        match event {
            Some((id, why, true)) => report.repaired.push((id, why)),
            Some((id, why, false)) => report.skipped.push((id, why)),
            None => {}
        }
    }
    Ok((geometries, report))
}

/// Runs `f`, turning a panic into an error message, so a bug in a geometry library costs one
/// feature and not the command.
pub(crate) fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic in the geometry library".to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{Area, wkt};

    #[test]
    fn a_bowtie_is_repaired_into_two_triangles() {
        let bowtie = Geometry::Polygon(wkt!(POLYGON((0. 0., 0. 10., 10. 0., 10. 10., 0. 0.))));
        let fixed = repair_geometry(&bowtie).expect("repairable").expect("it was invalid");
        assert!((fixed.unsigned_area() - 50.0).abs() < 1e-9);
    }

    #[test]
    fn a_line_with_one_point_is_reported_not_repaired() {
        let line = Geometry::LineString(wkt!(LINESTRING(1. 1.)));
        assert!(repair_geometry(&line).is_err());
    }
}
