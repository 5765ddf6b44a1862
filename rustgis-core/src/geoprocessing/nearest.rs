//! The nearest feature of another layer, by true distance: geodesic on geographic layers (found
//! through an R-tree of points on the unit sphere, so the antimeridian and the poles are no
//! special case), planar on projected ones.

use geo::{BoundingRect, Centroid, Coord, CoordsIter, Distance as _, Euclidean, Geometry, Intersects, MapCoords};
use rayon::prelude::*;
use std::collections::HashSet;

use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use super::geodesy::{Aeqd, geodesic_distance};
use super::reproject::crs_unit_metres;
use super::{Derived, Distance, Job, Unit, push_field};
use crate::error::{Error, Result};
use crate::layer::{Feature, Layer};
use crate::measure::lines_of;
use crate::value::{FieldType, Value};

/// How `vector.nearest` reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearestOptions {
    /// Only match features at most this far (resolved like a buffer distance).
    pub max_distance: Option<Distance>,
    /// The unit of the added distance field.
    pub unit: Unit,
}

/// For each feature of `layer`, the nearest feature of `to`: a copy of `layer` with `to`'s fields
/// (renamed `name_2` when taken) and `distance_<unit>` added, null where nothing is within
/// `max_distance`.
///
/// Distances between points are geodesic (exact); to and from lines and polygons they are
/// measured in an azimuthal equidistant projection centred on the feature (exact from its
/// centre, 0.4 % long at 1000 km from it). A point inside a polygon is 0 from it.
pub fn nearest(layer: &Layer, to: &Layer, options: &NearestOptions, job: &Job<'_>) -> Result<Derived> {
    let finder = Finder::new(to, layer.crs)?;
    let unit_m = match (options.unit.metres(), layer.crs.is_geographic()) {
        (Some(m), _) => m,
        (None, true) => {
            return Err(Error::invalid("unit", "the distance field is a distance on the ground; use m, km, mi or nmi"));
        }
        (None, false) => {
            return Err(Error::invalid("unit", "deg is a unit of geographic layers; use m, km, mi or nmi"));
        }
    };
    let max_m = match options.max_distance {
        None => None,
        Some(Distance::Ground(m)) => Some(m),
        Some(Distance::Planar(units)) if !layer.crs.is_geographic() => Some(units * crs_unit_metres(layer.crs)),
        Some(Distance::Planar(_)) => {
            return Err(Error::invalid("unit", "max_distance must be a distance on the ground; use m, km, mi or nmi"));
        }
    };
    job.stage(layer.features.len(), &format!("finding the nearest {} to each of {}", to.name, layer.name));
    // Features not reached before a cancel are left out of a partial result (`None`).
    let found = job.each_or_stop(&layer.features, |feature| Ok(nearest_one(feature, &finder, max_m)))?;
    let mut fields = layer.fields.as_ref().clone();
    for field in to.fields.iter() {
        push_field(&mut fields, &field.name, field.field_type);
    }
    push_field(&mut fields, &format!("distance_{}", options.unit.name()), FieldType::Float);
    let features = layer
        .features
        .iter()
        .zip(found)
        .filter_map(|(feature, hit)| Some((feature, hit?)))
        .map(|(feature, hit)| {
            let mut attributes = feature.attributes.clone();
            match hit {
                Some((idx, metres)) => {
                    attributes.extend(to.features[idx].attributes.iter().cloned());
                    attributes.push(Value::Float(metres / unit_m));
                }
                None => attributes.extend(std::iter::repeat_n(Value::Null, to.fields.len() + 1)),
            }
            Feature { id: feature.id, geometry: feature.geometry.clone(), attributes }
        })
        .collect();
    Ok(Derived { fields, features, notices: Vec::new() })
}

/// For each feature of `layer`, the index in `finder`'s layer of its nearest feature and the
/// distance in metres (none beyond `max_m`, or for features without geometry).
pub(crate) fn nearest_indices(
    layer: &Layer,
    finder: &Finder<'_>,
    max_m: Option<f64>,
    job: &Job<'_>,
) -> Result<Vec<Option<(usize, f64)>>> {
    layer
        .features
        .par_iter()
        .map(|feature| {
            job.tick()?;
            Ok(nearest_one(feature, finder, max_m))
        })
        .collect()
}

/// A feature's nearest feature in `finder`'s layer and the distance in metres (none beyond
/// `max_m`, or without a geometry).
fn nearest_one(feature: &Feature, finder: &Finder<'_>, max_m: Option<f64>) -> Option<(usize, f64)> {
    feature.geometry.as_ref().and_then(|g| finder.find(g)).filter(|(_, d)| max_m.is_none_or(|m| *d <= m))
}

/// An index of another layer's vertices for nearest-feature queries.
pub(crate) struct Finder<'a> {
    layer: &'a Layer,
    geographic: bool,
    unit_m: f64,
    /// Every vertex (on the unit sphere, or in the plane with z = 0) with its feature's index.
    tree: RTree<GeomWithData<[f64; 3], usize>>,
    /// Half the longest edge, in metres: how much further than its nearest vertex a feature's
    /// nearest point can be.
    slack_m: f64,
    /// The bounding boxes of the polygonal features.
    areas: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
}

impl<'a> Finder<'a> {
    /// Indexes `layer`, whose distances are wanted from features in `crs`.
    pub(crate) fn new(layer: &'a Layer, crs: crate::layer::Crs) -> Result<Finder<'a>> {
        if layer.crs != crs {
            return Err(Error::invalid(
                "to",
                format!(
                    "layer '{}' is in {} and the layer in {crs}; reproject one first (vector.reproject)",
                    layer.name, layer.crs
                ),
            ));
        }
        let geographic = crs.is_geographic();
        let unit_m = if geographic { 1.0 } else { crs_unit_metres(crs) };
        let mut points = Vec::new();
        let mut longest: f64 = 0.0;
        let mut areas = Vec::new();
        for (idx, feature) in layer.features.iter().enumerate() {
            let Some(geometry) = &feature.geometry else { continue };
            if super::is_polygonal(geometry)
                && let Some(r) = geometry.bounding_rect()
            {
                areas.push(GeomWithData::new(
                    Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]),
                    idx,
                ));
            }
            for c in geometry.coords_iter() {
                points.push(GeomWithData::new(to_space(c, geographic), idx));
            }
            for line in lines_of(geometry) {
                for segment in line.lines() {
                    let length = if geographic {
                        geodesic_distance(segment.start, segment.end)
                    } else {
                        Euclidean.distance(segment.start, segment.end) * unit_m
                    };
                    longest = longest.max(length);
                }
            }
        }
        if points.is_empty() {
            return Err(Error::invalid("to", format!("layer '{}' has no geometries", layer.name)));
        }
        Ok(Finder {
            layer,
            geographic,
            unit_m,
            tree: RTree::bulk_load(points),
            slack_m: longest / 2.0,
            areas: RTree::bulk_load(areas),
        })
    }

    /// The nearest feature to a geometry and its distance in metres.
    pub(crate) fn find(&self, geometry: &Geometry<f64>) -> Option<(usize, f64)> {
        let (anchor, reach_m) = anchor_of(geometry, self.geographic, self.unit_m)?;
        let query = to_space(anchor, self.geographic);
        // Inside a polygon the distance is 0, however far its vertices are.
        if let Some(rect) = geometry.bounding_rect() {
            let envelope = AABB::from_corners([rect.min().x, rect.min().y], [rect.max().x, rect.max().y]);
            let mut inside: Vec<usize> = self
                .areas
                .locate_in_envelope_intersecting(&envelope)
                .map(|g| g.data)
                .filter(|&idx| self.layer.features[idx].geometry.as_ref().is_some_and(|t| geometry.intersects(t)))
                .collect();
            inside.sort_unstable();
            if let Some(&idx) = inside.first() {
                return Some((idx, 0.0));
            }
        }
        let mut best: Option<(usize, f64)> = None;
        let mut tried: HashSet<usize> = HashSet::new();
        for vertex in self.tree.nearest_neighbor_iter(&query) {
            let lower = self.lower_bound_m(vertex.geom(), &query);
            if let Some((_, best_m)) = best
                && lower > best_m + self.slack_m + reach_m
            {
                break;
            }
            let idx = vertex.data;
            if !tried.insert(idx) {
                continue;
            }
            let Some(target) = &self.layer.features[idx].geometry else { continue };
            let d = self.distance_m(geometry, anchor, target);
            if best.is_none_or(|(_, b)| d < b) {
                best = Some((idx, d));
            }
        }
        best
    }

    /// A distance in metres that the true distance from the query to this vertex is never below.
    fn lower_bound_m(&self, vertex: &[f64; 3], query: &[f64; 3]) -> f64 {
        let chord =
            ((vertex[0] - query[0]).powi(2) + (vertex[1] - query[1]).powi(2) + (vertex[2] - query[2]).powi(2)).sqrt();
        if self.geographic {
            // The central angle on a sphere of the Earth's mean radius, less 1 % for the ellipsoid.
            0.99 * 6_371_008.8 * 2.0 * (chord / 2.0).min(1.0).asin()
        } else {
            chord * self.unit_m
        }
    }

    fn distance_m(&self, from: &Geometry<f64>, anchor: Coord<f64>, to: &Geometry<f64>) -> f64 {
        if !self.geographic {
            return Euclidean.distance(from, to) * self.unit_m;
        }
        if let (Geometry::Point(a), Geometry::Point(b)) = (from, to) {
            return geodesic_distance(a.0, b.0);
        }
        if from.intersects(to) {
            return 0.0;
        }
        let aeqd = Aeqd::new(anchor);
        let a = from.map_coords(|c| aeqd.forward(c));
        let b = to.map_coords(|c| aeqd.forward(c));
        Euclidean.distance(&a, &b)
    }
}

/// Where to search from, and how far the geometry reaches from there (metres).
fn anchor_of(geometry: &Geometry<f64>, geographic: bool, unit_m: f64) -> Option<(Coord<f64>, f64)> {
    if let Geometry::Point(p) = geometry {
        return Some((p.0, 0.0));
    }
    let centre = geometry.centroid().map(|p| p.0).or_else(|| geometry.bounding_rect().map(|r| r.center()))?;
    let reach = geometry
        .coords_iter()
        .map(|c| if geographic { geodesic_distance(centre, c) } else { Euclidean.distance(centre, c) * unit_m })
        .fold(0.0, f64::max);
    Some((centre, reach))
}

/// A coordinate as a point of the search space: on the unit sphere for lon/lat, else the plane.
fn to_space(c: Coord<f64>, geographic: bool) -> [f64; 3] {
    if geographic {
        let (lat, lon) = (c.y.to_radians(), c.x.to_radians());
        [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
    } else {
        [c.x, c.y, 0.0]
    }
}
