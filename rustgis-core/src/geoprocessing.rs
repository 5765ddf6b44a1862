//! Geoprocessing: pure functions from layers (or geometries) to new features, correct on the
//! globe. The `vector.*` commands wrap them; tests and embedders call them directly.
//!
//! On a geographic CRS (longitude/latitude), distances, areas and lengths are geodesic on the
//! WGS 84 ellipsoid (Karney's algorithms, through geographiclib): a 200 km buffer is 200 km on the
//! ground in Quito, Helsinki and Suva. Results that cross the antimeridian are split there, and
//! rings around a pole are closed through it, so every output polygon is valid in -180..180.
//! On a projected CRS, the same functions work in the plane, in the CRS's units (converted to
//! metres with the unit the projection declares).
//!
//! Overlays (clip, intersection, union, difference, dissolve) treat edges as straight lines in
//! the layer's coordinates, as GEOS and QGIS do.

mod buffer;
mod geodesy;
mod measure;
mod nearest;
mod overlay;
mod relate;
mod repair;
mod reproject;
mod shapes;

use std::sync::atomic::{AtomicUsize, Ordering};

use geo::Geometry;
use parking_lot::Mutex;
use rayon::prelude::*;
use serde::Deserialize;

use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Field, Layer};
pub(crate) use crate::measure::polygons_of;
use crate::progress::{NoProgress, Progress};

pub use crate::crs::{AreaRule, Transformer, VALID_AREAS, ValidArea, check_map_crs, crs_centre};
pub(crate) use buffer::multi_polygon_of;
pub use buffer::{BufferOptions, buffer_geometry, buffer_layer, geodesic_circle};
pub use geodesy::{Aeqd, geodesic_distance, split_at_antimeridian};
pub use measure::{add_area, add_length, add_measure_in, measures};
pub use nearest::{NearestOptions, nearest};
pub(crate) use overlay::joined_fields;
pub use overlay::{clip, difference, dissolve, intersection, union};
pub use relate::{Predicate, Summary, select_by_location, spatial_join};
pub(crate) use repair::guard;
pub use repair::{RepairReport, Unrepairable, problem_of as repair_geometry_problem, repair_geometry};
pub use reproject::{reproject_geometry, reproject_layer};
pub use shapes::{GridShape, MAX_GRID_CELLS, centroids, convex_hull, filter, grid, simplify};

/// A unit of distance. `deg` is a plain distance in degrees of the layer's coordinates, meaningful
/// only on a geographic layer (and not a distance on the ground).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Metres (the default).
    #[default]
    M,
    /// Kilometres.
    Km,
    /// International miles (1609.344 m).
    Mi,
    /// Nautical miles (1852 m).
    Nmi,
    /// Degrees of the layer's own coordinates (planar; geographic layers only).
    Deg,
}

impl Unit {
    /// Metres in one of this unit; `None` for degrees.
    pub fn metres(self) -> Option<f64> {
        match self {
            Unit::M => Some(1.0),
            Unit::Km => Some(1000.0),
            Unit::Mi => Some(1609.344),
            Unit::Nmi => Some(1852.0),
            Unit::Deg => None,
        }
    }

    /// The short name (`km`).
    pub fn name(self) -> &'static str {
        match self {
            Unit::M => "m",
            Unit::Km => "km",
            Unit::Mi => "mi",
            Unit::Nmi => "nmi",
            Unit::Deg => "deg",
        }
    }
}

/// A distance as the geometry functions use it: metres on the ground, or plain coordinate units
/// (degrees on a geographic layer, CRS units on a projected one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Distance {
    /// Metres on the ground: geodesic on a geographic layer.
    Ground(f64),
    /// Units of the layer's coordinates, in the plane.
    Planar(f64),
}

impl Distance {
    /// Resolves `value` in `unit` for a layer in `crs`: metres become ground metres on a
    /// geographic CRS and CRS units on a projected one; degrees are refused on a projected CRS.
    pub fn resolve(value: f64, unit: Unit, crs: Crs, param: &str) -> Result<Distance> {
        if !value.is_finite() {
            return Err(Error::invalid(param, format!("{value} is not a finite number")));
        }
        match (unit.metres(), crs.is_geographic()) {
            (Some(m), true) => Ok(Distance::Ground(value * m)),
            (Some(m), false) => Ok(Distance::Planar(value * m / reproject::crs_unit_metres(crs))),
            (None, true) => Ok(Distance::Planar(value)),
            (None, false) => Err(Error::invalid(
                "unit",
                format!("deg is a unit of geographic layers and the layer is in {crs}; use m, km, mi or nmi"),
            )),
        }
    }
}

/// Features made by a geoprocessing function, with their schema and what the caller should know.
#[derive(Debug, Clone, Default)]
pub struct Derived {
    /// The fields: the input's, then any the function adds (documented per function).
    pub fields: Vec<Field>,
    /// The new features.
    pub features: Vec<Feature>,
    /// Features repaired, skipped or clamped, naming their ids and why.
    pub notices: Vec<String>,
}

impl Derived {
    /// The features as a new layer named `name` in `crs`.
    pub fn into_layer(self, name: impl Into<String>, crs: Crs) -> Layer {
        Layer::new(name, crs, self.fields, self.features)
    }
}

/// Progress and cancellation for a long run: reports at most about every 1 % of the work and
/// stops between features when the caller cancels. Shared by reference across worker threads.
pub struct Job<'a> {
    command: &'a str,
    progress: &'a dyn Progress,
    done: AtomicUsize,
    total: AtomicUsize,
    every: AtomicUsize,
    stage: Mutex<String>,
    /// Set when the caller cancelled a job that keeps partial results and work was skipped.
    stopped_early: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Job<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("command", &self.command).finish_non_exhaustive()
    }
}

impl<'a> Job<'a> {
    /// A job reporting to `progress`; `command` names it in the cancellation error.
    pub fn new(command: &'a str, progress: &'a dyn Progress) -> Job<'a> {
        Job {
            command,
            progress,
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(1),
            every: AtomicUsize::new(1),
            stage: Mutex::new(String::new()),
            stopped_early: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// A job that reports nowhere and is never cancelled.
    pub fn silent() -> Job<'static> {
        Job::new("geoprocessing", &NoProgress)
    }

    /// Starts a stage of `total` steps, described by `message`.
    pub fn stage(&self, total: usize, message: &str) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total.max(1), Ordering::Relaxed);
        self.every.store((total / 100).max(1), Ordering::Relaxed);
        *self.stage.lock() = message.to_owned();
        self.progress.report(0.0, message);
    }

    /// One step done; reports now and then and fails when the caller cancelled.
    pub fn tick(&self) -> Result<()> {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if done.is_multiple_of(self.every.load(Ordering::Relaxed)) {
            let total = self.total.load(Ordering::Relaxed);
            let message = self.stage.lock().clone();
            self.progress.report((done as f64 / total as f64).min(1.0), &message);
            self.check()?;
        }
        Ok(())
    }

    /// One step of work that may be skipped: `Ok(true)` to do it, `Ok(false)` when the caller
    /// cancelled a job that keeps partial results (the step and every later one are skipped, and
    /// [`Job::stopped_early`] says so), an error when the caller cancelled anything else.
    pub fn tick_or_stop(&self) -> Result<bool> {
        if self.stopped_early.load(Ordering::Relaxed) {
            return Ok(false);
        }
        // Looked at on every step, not every 1 %: a cancelled job should stop within a feature or two.
        match self.tick().and_then(|()| self.check()) {
            Ok(()) => Ok(true),
            Err(Error::Cancelled(_)) if self.progress.keeps_partial() => {
                self.stopped_early.store(true, Ordering::Relaxed);
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Runs `each` on every item in parallel, one step per item, in order: the one loop of the
    /// tools that build a new layer feature by feature. When the caller cancels a job that keeps
    /// partial results, the items not yet started come back as `None` (and
    /// [`Job::stopped_early`] says so), so the tool makes its layer of the features done; any
    /// other cancellation, and any error of `each`, is an error.
    pub fn each_or_stop<T, R>(
        &self,
        items: &[T],
        each: impl Fn(&T) -> Result<R> + Sync + Send,
    ) -> Result<Vec<Option<R>>>
    where
        T: Sync,
        R: Send,
    {
        items.par_iter().map(|item| if self.tick_or_stop()? { each(item).map(Some) } else { Ok(None) }).collect()
    }

    /// Whether work was skipped because a job that keeps partial results was cancelled: the
    /// result holds only the features done before.
    pub fn stopped_early(&self) -> bool {
        self.stopped_early.load(Ordering::Relaxed)
    }

    /// Fails when the caller cancelled.
    pub fn check(&self) -> Result<()> {
        if self.progress.is_cancelled() { Err(Error::Cancelled(self.command.to_owned())) } else { Ok(()) }
    }
}

/// Adds `name` to `fields`, or `name_2`, `name_3`… when the name is taken; returns the name used.
pub(crate) fn push_field(fields: &mut Vec<Field>, name: &str, field_type: crate::value::FieldType) -> String {
    let taken = |n: &str| fields.iter().any(|f| f.name == n);
    let name = if taken(name) {
        (2..).map(|k| format!("{name}_{k}")).find(|n| !taken(n)).expect("some suffix is free")
    } else {
        name.to_owned()
    };
    fields.push(Field::new(name.clone(), field_type));
    name
}

/// "1 feature", "3 features": a count of features in a notice.
pub(crate) fn n_features(n: usize) -> String {
    if n == 1 { "1 feature".to_owned() } else { format!("{n} features") }
}

/// Lists feature ids in a notice: all of them up to ten, then how many more.
pub(crate) fn id_list(ids: &[u64]) -> String {
    let shown: Vec<String> = ids.iter().take(10).map(u64::to_string).collect();
    if ids.len() > 10 { format!("{} and {} more", shown.join(", "), ids.len() - 10) } else { shown.join(", ") }
}

/// Whether a geometry has any area (polygons, multi-polygons, rects, triangles, or a collection
/// holding one).
pub(crate) fn is_polygonal(geometry: &Geometry<f64>) -> bool {
    match geometry {
        Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => true,
        Geometry::GeometryCollection(c) => c.iter().any(is_polygonal),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_counts_one_feature_in_the_singular_and_others_in_the_plural() {
        assert_eq!([n_features(0), n_features(1), n_features(2)], ["0 features", "1 feature", "2 features"]);
    }

    #[test]
    fn a_notice_lists_ten_feature_ids_then_how_many_more() {
        assert_eq!(id_list(&[3, 5]), "3, 5");
        assert_eq!(id_list(&(1..=12).collect::<Vec<u64>>()), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more");
    }
}
