//! Spatial relations between two layers: joins and selection by location. Point-in-polygon tests
//! run against prepared polygons (an interval tree of edges), candidates come from an R-tree, and
//! the work is spread over the cores.

use std::collections::BTreeSet;

use geo::indexed::IntervalTreeMultiPolygon;
use geo::orient::{Direction, Orient};
use geo::{BoundingRect, Contains, Geometry, Intersects, Within};
use rayon::prelude::*;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree, RTreeObject};
use serde::Deserialize;

use super::nearest::{Finder, nearest_indices};
use super::repair::guard;
use super::{Derived, Job, is_polygonal, polygons_of, push_field};
use crate::error::{Error, Result};
use crate::layer::{Feature, FeatureId, Field, Layer};
use crate::value::{FieldType, Value};

/// How a target feature must relate to a join (or selecting) feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Predicate {
    /// They share at least one point (boundaries included).
    #[default]
    Intersects,
    /// The target lies inside the other feature.
    Within,
    /// The target holds the other feature inside it.
    Contains,
    /// They share no point (selection only).
    Disjoint,
    /// The other feature is the target's nearest (joins only).
    Nearest,
}

impl Predicate {
    /// The lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Predicate::Intersects => "intersects",
            Predicate::Within => "within",
            Predicate::Contains => "contains",
            Predicate::Disjoint => "disjoint",
            Predicate::Nearest => "nearest",
        }
    }
}

/// What a join writes when several features match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Summary {
    /// The attributes of the first matching feature (in layer order).
    #[default]
    First,
    /// Only how many match (`join_count`).
    Count,
    /// The sum of each numeric field (`<field>_sum`), with `join_count`.
    Sum,
    /// The mean of each numeric field (`<field>_mean`), with `join_count`.
    Mean,
    /// The smallest value of each numeric field (`<field>_min`), with `join_count`.
    Min,
    /// The largest value of each numeric field (`<field>_max`), with `join_count`.
    Max,
}

impl Summary {
    fn name(self) -> &'static str {
        match self {
            Summary::First => "first",
            Summary::Count => "count",
            Summary::Sum => "sum",
            Summary::Mean => "mean",
            Summary::Min => "min",
            Summary::Max => "max",
        }
    }
}

/// Every feature of `target` with attributes from the features of `join` it relates to by
/// `predicate`: the first match's fields (`first`; with `nearest`, also `join_distance_km`), or
/// `join_count` and per-field statistics. Targets without a match keep nulls (count 0). Ids and
/// geometries are the target's.
pub fn spatial_join(
    target: &Layer,
    join: &Layer,
    predicate: Predicate,
    summary: Summary,
    job: &Job<'_>,
) -> Result<Derived> {
    same_crs(target, join, "join")?;
    let (matches, distances) = if predicate == Predicate::Nearest {
        let finder = Finder::new(join, target.crs)?;
        job.stage(target.features.len(), &format!("joining the nearest of {} to {}", join.name, target.name));
        let found = nearest_indices(target, &finder, None, job)?;
        let matches = found.iter().map(|hit| hit.map(|(idx, _)| vec![idx]).unwrap_or_default()).collect();
        (matches, Some(found.iter().map(|hit| hit.map(|(_, d)| d)).collect::<Vec<_>>()))
    } else if predicate == Predicate::Disjoint {
        return Err(Error::invalid("predicate", "a join takes intersects, within, contains or nearest"));
    } else {
        (relate_all(target, join, predicate, job)?, None)
    };
    let mut fields = target.fields.as_ref().clone();
    let numeric: Vec<(usize, &Field)> = join
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f.field_type, FieldType::Integer | FieldType::Float))
        .collect();
    match summary {
        Summary::First => {
            for field in join.fields.iter() {
                push_field(&mut fields, &field.name, field.field_type);
            }
            if distances.is_some() {
                push_field(&mut fields, "join_distance_km", FieldType::Float);
            }
        }
        Summary::Count => {
            push_field(&mut fields, "join_count", FieldType::Integer);
        }
        stat => {
            push_field(&mut fields, "join_count", FieldType::Integer);
            for (_, field) in &numeric {
                push_field(&mut fields, &format!("{}_{}", field.name, stat.name()), FieldType::Float);
            }
        }
    }
    let features = target
        .features
        .iter()
        .zip(&matches)
        .enumerate()
        .map(|(k, (feature, found))| {
            let mut attributes = feature.attributes.clone();
            match summary {
                Summary::First => {
                    match found.first() {
                        Some(&j) => attributes.extend(join.features[j].attributes.iter().cloned()),
                        None => attributes.extend(std::iter::repeat_n(Value::Null, join.fields.len())),
                    }
                    if let Some(distances) = &distances {
                        attributes.push(distances[k].map_or(Value::Null, |m| Value::Float(m / 1000.0)));
                    }
                }
                Summary::Count => attributes.push(Value::Int(found.len() as i64)),
                stat => {
                    attributes.push(Value::Int(found.len() as i64));
                    for (col, _) in &numeric {
                        let values: Vec<f64> =
                            found.iter().filter_map(|&j| join.features[j].attributes[*col].as_f64()).collect();
                        attributes.push(statistic(stat, &values).map_or(Value::Null, Value::Float));
                    }
                }
            }
            Feature { id: feature.id, geometry: feature.geometry.clone(), attributes }
        })
        .collect();
    Ok(Derived { fields, features, notices: Vec::new() })
}

/// The ids of the features of `layer` that relate by `predicate` to at least one feature of
/// `other` (for `disjoint`: to none).
pub fn select_by_location(
    layer: &Layer,
    other: &Layer,
    predicate: Predicate,
    job: &Job<'_>,
) -> Result<BTreeSet<FeatureId>> {
    same_crs(layer, other, "intersecting")?;
    let (positive, invert) = match predicate {
        Predicate::Disjoint => (Predicate::Intersects, true),
        Predicate::Nearest => {
            return Err(Error::invalid("predicate", "selection takes intersects, within, contains or disjoint"));
        }
        p => (p, false),
    };
    let matches = relate_all(layer, other, positive, job)?;
    Ok(layer
        .features
        .iter()
        .zip(matches)
        .filter(|(f, m)| f.geometry.is_some() && (m.is_empty() == invert))
        .map(|(f, _)| f.id)
        .collect())
}

/// For each feature of `a`, the positions in `b` of the features it relates to, ascending.
///
/// The smaller layer is indexed and the larger one walked (in parallel): joining 135,233 cities
/// into 177 countries indexes the countries and tests each city once.
fn relate_all(a: &Layer, b: &Layer, predicate: Predicate, job: &Job<'_>) -> Result<Vec<Vec<usize>>> {
    if b.features.len() > a.features.len() {
        let converse = match predicate {
            Predicate::Within => Predicate::Contains,
            Predicate::Contains => Predicate::Within,
            other => other,
        };
        let from_b = relate_walking(b, a, converse, job)?;
        let mut per_a: Vec<Vec<usize>> = vec![Vec::new(); a.features.len()];
        for (b_idx, a_list) in from_b.into_iter().enumerate() {
            for a_idx in a_list {
                per_a[a_idx].push(b_idx);
            }
        }
        return Ok(per_a);
    }
    relate_walking(a, b, predicate, job)
}

/// [`relate_all`] with `b` indexed and `a` walked.
fn relate_walking(a: &Layer, b: &Layer, predicate: Predicate, job: &Job<'_>) -> Result<Vec<Vec<usize>>> {
    job.stage(1, &format!("indexing {}", b.name));
    let b_side: Vec<Option<Side<'_>>> = b.features.par_iter().map(|f| f.geometry.as_ref().map(Side::new)).collect();
    job.check()?;
    let index = Index::new(&b_side);
    job.stage(a.features.len(), &format!("relating {} to {}", a.name, b.name));
    a.features
        .par_iter()
        .map(|feature| {
            job.tick()?;
            let Some(geometry) = &feature.geometry else { return Ok(Vec::new()) };
            let side = Side::new(geometry);
            let Some(envelope) = side.envelope() else { return Ok(Vec::new()) };
            let mut found = index.query(&envelope.envelope(), |idx| {
                b_side[idx].as_ref().is_some_and(|other| side.relates(other, predicate))
            });
            found.sort_unstable();
            Ok(found)
        })
        .collect()
}

/// An R-tree of the other layer: of points when it holds only points (the common case of joining
/// places into areas, and faster to search), else of bounding boxes.
enum Index {
    Points(RTree<GeomWithData<[f64; 2], usize>>),
    Boxes(RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>),
}

impl Index {
    fn new(sides: &[Option<Side<'_>>]) -> Index {
        let all_points = sides.iter().flatten().all(|s| matches!(s.geometry, Geometry::Point(_)));
        if all_points {
            return Index::Points(RTree::bulk_load(
                sides
                    .iter()
                    .enumerate()
                    .filter_map(|(idx, side)| match side.as_ref().map(|s| s.geometry) {
                        Some(Geometry::Point(p)) => Some(GeomWithData::new([p.x(), p.y()], idx)),
                        _ => None,
                    })
                    .collect(),
            ));
        }
        Index::Boxes(RTree::bulk_load(
            sides
                .iter()
                .enumerate()
                .filter_map(|(idx, side)| side.as_ref().and_then(|s| s.envelope()).map(|r| GeomWithData::new(r, idx)))
                .collect(),
        ))
    }

    /// The entries whose envelope meets `envelope` and that pass `keep`.
    fn query(&self, envelope: &AABB<[f64; 2]>, keep: impl Fn(usize) -> bool) -> Vec<usize> {
        match self {
            Index::Points(tree) => tree.locate_in_envelope(envelope).map(|g| g.data).filter(|&i| keep(i)).collect(),
            Index::Boxes(tree) => {
                tree.locate_in_envelope_intersecting(envelope).map(|g| g.data).filter(|&i| keep(i)).collect()
            }
        }
    }
}

/// A geometry ready for repeated tests: polygons carry an interval tree for point containment.
struct Side<'g> {
    geometry: &'g Geometry<f64>,
    prepared: Option<IntervalTreeMultiPolygon<f64>>,
}

impl<'g> Side<'g> {
    fn new(geometry: &'g Geometry<f64>) -> Side<'g> {
        let prepared = is_polygonal(geometry)
            .then(|| guard(|| IntervalTreeMultiPolygon::new(&polygons_of(geometry).orient(Direction::Default))).ok())
            .flatten();
        Side { geometry, prepared }
    }

    fn envelope(&self) -> Option<Rectangle<[f64; 2]>> {
        self.geometry.bounding_rect().map(|r| Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]))
    }

    /// Whether `self` relates to `other` by `predicate` (intersects, within or contains).
    fn relates(&self, other: &Side<'_>, predicate: Predicate) -> bool {
        // The point-in-polygon cases are plain arithmetic on the prepared tree: no guard needed.
        match (predicate, self.geometry, other.geometry, &self.prepared, &other.prepared) {
            (Predicate::Contains, _, Geometry::Point(p), Some(tree), _) => return tree.contains(p),
            (Predicate::Within, Geometry::Point(p), _, _, Some(tree)) => return tree.contains(p),
            _ => {}
        }
        guard(|| match (predicate, self.geometry, other.geometry) {
            (Predicate::Contains, _, Geometry::Point(p)) if self.prepared.is_some() => {
                self.prepared.as_ref().is_some_and(|t| t.contains(p))
            }
            (Predicate::Within, Geometry::Point(p), _) if other.prepared.is_some() => {
                other.prepared.as_ref().is_some_and(|t| t.contains(p))
            }
            (Predicate::Intersects, Geometry::Point(p), _) if other.prepared.is_some() => {
                other.prepared.as_ref().is_some_and(|t| t.contains(p)) || other.geometry.intersects(p)
            }
            (Predicate::Intersects, _, Geometry::Point(p)) if self.prepared.is_some() => {
                self.prepared.as_ref().is_some_and(|t| t.contains(p)) || self.geometry.intersects(p)
            }
            (Predicate::Intersects, a, b) => a.intersects(b),
            (Predicate::Within, a, b) => a.is_within(b),
            (Predicate::Contains, a, b) => a.contains(b),
            _ => false,
        })
        .unwrap_or(false)
    }
}

fn same_crs(a: &Layer, b: &Layer, param: &str) -> Result<()> {
    if a.crs == b.crs {
        Ok(())
    } else {
        Err(Error::invalid(
            param,
            format!(
                "layer '{}' is in {} and '{}' in {}; reproject one first (vector.reproject)",
                b.name, b.crs, a.name, a.crs
            ),
        ))
    }
}

fn statistic(summary: Summary, values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(match summary {
        Summary::Sum => values.iter().sum(),
        Summary::Mean => values.iter().sum::<f64>() / values.len() as f64,
        Summary::Min => values.iter().copied().fold(f64::INFINITY, f64::min),
        Summary::Max => values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        Summary::First | Summary::Count => return None,
    })
}
