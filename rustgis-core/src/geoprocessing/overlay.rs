//! Overlays of two layers (clip, intersection, union, difference) and dissolve. Edges are
//! straight lines in the layer's coordinates; inputs are validated and repaired first.

use std::collections::HashMap;
use std::sync::OnceLock;

use geo::indexed::IntervalTreeMultiPolygon;
use geo::orient::{Direction, Orient};
use geo::{
    BooleanOps, BoundingRect, Contains, Geometry, Intersects, MultiLineString, MultiPoint, MultiPolygon, Point,
    unary_union,
};
use rayon::prelude::*;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use super::repair::{RepairReport, checked_geometries, guard};
use super::{Derived, Job, is_polygonal, polygons_of, push_field};
use crate::error::{Error, Result};
use crate::layer::{Feature, Field, Layer};
use crate::measure::lines_of;
use crate::value::{FieldType, Value};

/// The part of each feature of `layer` inside the polygons of `mask`; attributes and ids are kept,
/// features wholly outside are left out.
pub fn clip(layer: &Layer, mask: &Layer, job: &Job<'_>) -> Result<Derived> {
    cut_each(layer, mask, "mask", Mode::Inside, job)
}

/// Each feature of `layer` minus the polygons of `overlay`; attributes and ids are kept, features
/// wholly covered are left out.
pub fn difference(layer: &Layer, overlay: &Layer, job: &Job<'_>) -> Result<Derived> {
    cut_each(layer, overlay, "overlay", Mode::Outside, job)
}

/// Keeps the part of each feature of `layer` inside (`Mode::Inside`, clip) or outside
/// (`Mode::Outside`, difference) the polygons of `other`, with the input's ids and attributes.
fn cut_each(layer: &Layer, other: &Layer, role: &str, mode: Mode, job: &Job<'_>) -> Result<Derived> {
    let (index, mut notices) = PolygonIndex::build(other, role, job)?;
    let (inputs, report) = checked(layer, job)?;
    notices.extend(report.notices("input"));
    let stage = match mode {
        Mode::Inside => format!("clipping {} by {}", layer.name, other.name),
        Mode::Outside => format!("subtracting {} from {}", other.name, layer.name),
    };
    job.stage(inputs.len(), &stage);
    let pieces: Vec<Option<Option<Geometry<f64>>>> = job.each_or_stop(&inputs, |geometry| {
        let Some(geometry) = geometry else { return Ok(None) };
        let candidates = index.candidates(geometry);
        if candidates.is_empty() {
            // Nothing of `other` is near: wholly outside it.
            return Ok(if mode == Mode::Inside { None } else { Some(geometry.clone()) });
        }
        if let Geometry::Point(point) = geometry {
            // A prepared polygon answers in O(log n) per point, not O(n).
            let inside = candidates.iter().any(|&k| index.contains_point(k, point));
            return Ok((inside == (mode == Mode::Inside)).then_some(geometry.clone()));
        }
        let shape = match candidates.as_slice() {
            [one] => std::borrow::Cow::Borrowed(&index.polygons[*one]),
            many => std::borrow::Cow::Owned(index.union_of(many)),
        };
        Ok(guard(|| overlay_one(geometry, &shape, mode)).ok().flatten())
    })?;
    let features = layer
        .features
        .iter()
        .zip(pieces)
        .filter_map(|(f, g)| {
            g.flatten().map(|g| Feature { id: f.id, geometry: Some(g), attributes: f.attributes.clone() })
        })
        .collect();
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices })
}

/// Every non-empty intersection of a feature of `layer` with a polygon of `overlay`, carrying
/// the attributes of both. The overlay's fields follow the layer's; a name already taken gets
/// `_2`. Ids are new, 1 upwards.
pub fn intersection(layer: &Layer, overlay: &Layer, job: &Job<'_>) -> Result<Derived> {
    let (index, mut notices) = PolygonIndex::build(overlay, "overlay", job)?;
    let (inputs, report) = checked(layer, job)?;
    notices.extend(report.notices("input"));
    let fields = joined_fields(layer, overlay);
    job.stage(inputs.len(), &format!("intersecting {} with {}", layer.name, overlay.name));
    let numbered: Vec<(usize, &Option<Geometry<f64>>)> = inputs.iter().enumerate().collect();
    let pieces = job.each_or_stop(&numbered, |&(a, geometry)| {
        let Some(geometry) = geometry else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for b in index.candidates(geometry) {
            if let Ok(Some(piece)) = guard(|| overlay_one(geometry, &index.polygons[b], Mode::Inside)) {
                out.push((a, index.features[b], piece));
            }
        }
        Ok(out)
    })?;
    let features = pieces
        .into_iter()
        .flatten()
        .flatten()
        .enumerate()
        .map(|(k, (a, b, geometry))| Feature {
            id: k as u64 + 1,
            geometry: Some(geometry),
            attributes: both(&layer.features[a].attributes, &overlay.features[b].attributes),
        })
        .collect();
    Ok(Derived { fields, features, notices })
}

/// The union of two polygon layers, in pieces: where both overlap (attributes of both), where
/// only the layer is (the overlay's fields null) and where only the overlay is (the layer's
/// fields null). Fields as [`intersection`]; ids are new.
pub fn union(layer: &Layer, overlay: &Layer, job: &Job<'_>) -> Result<Derived> {
    let (b_index, mut notices) = PolygonIndex::build(overlay, "overlay", job)?;
    let (a_index, a_notices) = PolygonIndex::build(layer, "input", job)?;
    notices.extend(a_notices);
    let fields = joined_fields(layer, overlay);
    let (n_a, n_b) = (layer.fields.len(), overlay.fields.len());
    job.stage(
        a_index.polygons.len() + b_index.polygons.len(),
        &format!("union of {} and {}", layer.name, overlay.name),
    );
    // Where both are, and where only the layer is.
    let a_pieces: Vec<Vec<Piece>> = (0..a_index.polygons.len())
        .into_par_iter()
        .map(|a| {
            job.tick()?;
            let polygon = &a_index.polygons[a];
            let candidates = b_index.candidates_of_rect(polygon.bounding_rect());
            let mut out = Vec::new();
            for &b in &candidates {
                let piece = guard(|| polygon.intersection(&b_index.polygons[b]))
                    .unwrap_or_else(|_| MultiPolygon::new(Vec::new()));
                if !piece.0.is_empty() {
                    out.push((Some(a_index.features[a]), Some(b_index.features[b]), piece));
                }
            }
            let rest = b_index.outside(polygon, &candidates);
            if !rest.0.is_empty() {
                out.push((Some(a_index.features[a]), None, rest));
            }
            Ok(out)
        })
        .collect::<Result<_>>()?;
    // Where only the overlay is.
    let b_pieces: Vec<Option<Piece>> = (0..b_index.polygons.len())
        .into_par_iter()
        .map(|b| {
            job.tick()?;
            let polygon = &b_index.polygons[b];
            let candidates = a_index.candidates_of_rect(polygon.bounding_rect());
            let rest = a_index.outside(polygon, &candidates);
            Ok((!rest.0.is_empty()).then_some((None, Some(b_index.features[b]), rest)))
        })
        .collect::<Result<_>>()?;
    let features = a_pieces
        .into_iter()
        .flatten()
        .chain(b_pieces.into_iter().flatten())
        .enumerate()
        .map(|(k, (a, b, geometry))| {
            let a_values = a.map_or_else(|| vec![Value::Null; n_a], |a| layer.features[a].attributes.clone());
            let b_values = b.map_or_else(|| vec![Value::Null; n_b], |b| overlay.features[b].attributes.clone());
            Feature {
                id: k as u64 + 1,
                geometry: Some(Geometry::MultiPolygon(geometry)),
                attributes: both(&a_values, &b_values),
            }
        })
        .collect();
    Ok(Derived { fields, features, notices })
}

/// Merges features: all of them, or those sharing the values of the `by` fields. Polygons are
/// unioned; lines and points are gathered into multi-geometries. Each result keeps the fields and
/// values of its group's first feature and adds `n_features` (how many were merged).
pub fn dissolve(layer: &Layer, by: &[String], job: &Job<'_>) -> Result<Derived> {
    let by_idx: Vec<usize> = by.iter().map(|name| layer.require_field(name)).collect::<Result<_>>()?;
    let (inputs, report) = checked(layer, job)?;
    let notices = report.notices("input");
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut keys: HashMap<String, usize> = HashMap::new();
    for (idx, feature) in layer.features.iter().enumerate() {
        let key =
            by_idx.iter().map(|&i| feature.attributes[i].to_json().to_string()).collect::<Vec<_>>().join("\u{1f}");
        let group = *keys.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[group].push(idx);
    }
    job.stage(groups.len(), &format!("dissolving {}", layer.name));
    let merged: Vec<Option<Geometry<f64>>> = groups
        .par_iter()
        .map(|members| {
            job.tick()?;
            let geometries: Vec<&Geometry<f64>> = members.iter().filter_map(|&i| inputs[i].as_ref()).collect();
            Ok(merge(&geometries))
        })
        .collect::<Result<_>>()?;
    let mut fields = layer.fields.as_ref().clone();
    push_field(&mut fields, "n_features", FieldType::Integer);
    let features = groups
        .iter()
        .zip(merged)
        .enumerate()
        .map(|(k, (members, geometry))| {
            let mut attributes = layer.features[members[0]].attributes.clone();
            attributes.push(Value::Int(members.len() as i64));
            Feature { id: k as u64 + 1, geometry, attributes }
        })
        .collect();
    Ok(Derived { fields, features, notices })
}

/// A piece of a union: the layer's feature, the overlay's feature (by position), the shape.
type Piece = (Option<usize>, Option<usize>, MultiPolygon<f64>);

/// The polygons of a layer with an R-tree of their bounding boxes.
pub(crate) struct PolygonIndex {
    /// The polygons, oriented, one entry per feature with any.
    pub(crate) polygons: Vec<MultiPolygon<f64>>,
    /// The position in the layer of each entry's feature.
    pub(crate) features: Vec<usize>,
    tree: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
    /// Each entry's edges in an interval tree, made the first time a point is tested.
    prepared: Vec<OnceLock<Option<IntervalTreeMultiPolygon<f64>>>>,
}

impl PolygonIndex {
    /// Indexes the polygons of `layer` (repairing invalid ones); `role` names it in errors and
    /// notices. A layer without polygons is an error.
    pub(crate) fn build(layer: &Layer, role: &str, job: &Job<'_>) -> Result<(PolygonIndex, Vec<String>)> {
        let (geometries, report) = checked(layer, job)?;
        let mut polygons = Vec::new();
        let mut features = Vec::new();
        for (idx, geometry) in geometries.iter().enumerate() {
            let Some(geometry) = geometry else { continue };
            let mp = polygons_of(geometry);
            if !mp.0.is_empty() {
                polygons.push(mp.orient(Direction::Default));
                features.push(idx);
            }
        }
        if polygons.is_empty() {
            return Err(Error::invalid(
                role,
                format!("layer '{}' has no polygons; the {role} must be a polygon layer", layer.name),
            ));
        }
        let tree = RTree::bulk_load(
            polygons
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    p.bounding_rect().map(|r| {
                        GeomWithData::new(Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]), k)
                    })
                })
                .collect(),
        );
        let prepared = polygons.iter().map(|_| OnceLock::new()).collect();
        Ok((PolygonIndex { polygons, features, tree, prepared }, report.notices(role)))
    }

    /// Whether entry `k` holds `point` (inside or on its boundary), through its prepared polygon.
    pub(crate) fn contains_point(&self, k: usize, point: &Point<f64>) -> bool {
        let prepared = self.prepared[k].get_or_init(|| guard(|| IntervalTreeMultiPolygon::new(&self.polygons[k])).ok());
        match prepared {
            // Points on the boundary are not inside; those are rare, and geo's test finds them.
            Some(tree) => tree.contains(point) || self.polygons[k].intersects(point),
            None => self.polygons[k].intersects(point),
        }
    }

    /// Entries whose bounding box meets the geometry's.
    pub(crate) fn candidates(&self, geometry: &Geometry<f64>) -> Vec<usize> {
        self.candidates_of_rect(geometry.bounding_rect())
    }

    /// Entries whose bounding box meets `rect`.
    pub(crate) fn candidates_of_rect(&self, rect: Option<geo::Rect<f64>>) -> Vec<usize> {
        let Some(r) = rect else { return Vec::new() };
        let envelope = AABB::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]);
        let mut found: Vec<usize> = self.tree.locate_in_envelope_intersecting(&envelope).map(|g| g.data).collect();
        found.sort_unstable();
        found
    }

    /// What of `polygon` lies outside some entries: all of it when there are none, nothing when
    /// the difference fails.
    pub(crate) fn outside(&self, polygon: &MultiPolygon<f64>, entries: &[usize]) -> MultiPolygon<f64> {
        if entries.is_empty() {
            return polygon.clone();
        }
        guard(|| polygon.difference(&self.union_of(entries))).unwrap_or_else(|_| MultiPolygon::new(Vec::new()))
    }

    /// The union of some entries (a copy of the entry when there is one).
    pub(crate) fn union_of(&self, entries: &[usize]) -> MultiPolygon<f64> {
        match entries {
            [one] => self.polygons[*one].clone(),
            many => {
                let parts: Vec<&MultiPolygon<f64>> = many.iter().map(|&k| &self.polygons[k]).collect();
                guard(|| unary_union(parts)).unwrap_or_else(|_| MultiPolygon::new(Vec::new()))
            }
        }
    }
}

/// Which side of the overlay to keep.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Inside,
    Outside,
}

/// The part of one geometry inside (or outside) a multi-polygon; `None` when nothing is left.
fn overlay_one(geometry: &Geometry<f64>, other: &MultiPolygon<f64>, mode: Mode) -> Option<Geometry<f64>> {
    let out = match geometry {
        Geometry::Point(p) => (other.intersects(p) == (mode == Mode::Inside)).then_some(Geometry::Point(*p)),
        Geometry::MultiPoint(points) => {
            let kept: Vec<Point<f64>> =
                points.iter().filter(|p| other.intersects(*p) == (mode == Mode::Inside)).copied().collect();
            (!kept.is_empty()).then(|| Geometry::MultiPoint(MultiPoint::new(kept)))
        }
        g if is_polygonal(g) => {
            let polygons = polygons_of(g).orient(Direction::Default);
            let result = match mode {
                Mode::Inside => polygons.intersection(other),
                Mode::Outside => polygons.difference(other),
            };
            (!result.0.is_empty()).then_some(Geometry::MultiPolygon(result))
        }
        Geometry::GeometryCollection(members) => {
            let kept: Vec<Geometry<f64>> = members.iter().filter_map(|g| overlay_one(g, other, mode)).collect();
            (!kept.is_empty()).then(|| Geometry::GeometryCollection(geo::GeometryCollection::new_from(kept)))
        }
        lines => {
            let lines = MultiLineString::new(lines_of(lines));
            let result = other.clip(&lines, mode == Mode::Outside);
            (!result.0.is_empty()).then_some(Geometry::MultiLineString(result))
        }
    };
    out.filter(|g| !matches!(g, Geometry::MultiPolygon(mp) if mp.0.is_empty()))
}

/// Merges a group's geometries: polygons by union, others gathered.
fn merge(geometries: &[&Geometry<f64>]) -> Option<Geometry<f64>> {
    if geometries.is_empty() {
        return None;
    }
    if geometries.iter().all(|g| is_polygonal(g)) {
        let parts: Vec<MultiPolygon<f64>> =
            geometries.iter().map(|g| polygons_of(g).orient(Direction::Default)).collect();
        return guard(|| unary_union(&parts)).ok().map(Geometry::MultiPolygon);
    }
    if geometries.iter().all(|g| matches!(g, Geometry::Point(_) | Geometry::MultiPoint(_))) {
        let points: Vec<Point<f64>> = geometries
            .iter()
            .flat_map(|g| match g {
                Geometry::Point(p) => vec![*p],
                Geometry::MultiPoint(m) => m.0.clone(),
                _ => Vec::new(),
            })
            .collect();
        return Some(Geometry::MultiPoint(MultiPoint::new(points)));
    }
    if geometries.iter().all(|g| !is_polygonal(g) && !matches!(g, Geometry::Point(_) | Geometry::MultiPoint(_))) {
        return Some(Geometry::MultiLineString(MultiLineString::new(
            geometries.iter().flat_map(|g| lines_of(g)).collect(),
        )));
    }
    Some(Geometry::GeometryCollection(geo::GeometryCollection::new_from(
        geometries.iter().map(|g| (*g).clone()).collect(),
    )))
}

/// Validated geometries of a layer, in feature order.
fn checked(layer: &Layer, job: &Job<'_>) -> Result<(Vec<Option<Geometry<f64>>>, RepairReport)> {
    job.stage(layer.features.len(), &format!("checking the geometries of {}", layer.name));
    checked_geometries(&layer.features, job)
}

/// The layer's fields followed by the overlay's (renamed `name_2` when taken).
pub(crate) fn joined_fields(layer: &Layer, overlay: &Layer) -> Vec<Field> {
    let mut fields = layer.fields.as_ref().clone();
    for field in overlay.fields.iter() {
        push_field(&mut fields, &field.name, field.field_type);
    }
    fields
}

fn both(a: &[Value], b: &[Value]) -> Vec<Value> {
    a.iter().chain(b).cloned().collect()
}
