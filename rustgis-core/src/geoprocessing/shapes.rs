//! Shapes made from each feature (centroids, convex hulls, simplified copies) and grids.

use geo::{
    BoundingRect, Centroid, ConvexHull, Coord, Geometry, GeometryCollection, LineString, MapCoords, Point, Polygon,
    Simplify,
};
use serde::Deserialize;

use super::geodesy::wrap180;
use super::repair::{guard, repair_checked};
use super::{Derived, Distance, Job, id_list, is_polygonal, n_features};
use crate::error::{Error, Result};
use crate::layer::{Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value};

/// The most cells a grid may have.
pub const MAX_GRID_CELLS: usize = 1_000_000;

/// The centroid of each feature (fields and ids kept). On a geographic layer, a feature that
/// straddles the antimeridian (Fiji, Russia, Chukotka…) is measured with its longitudes
/// unwrapped, so its centroid is not dragged to the other side of the Earth.
pub fn centroids(layer: &Layer, job: &Job<'_>) -> Result<Derived> {
    let geographic = layer.crs.is_geographic();
    per_feature(layer, job, "centroids", move |g| {
        let unwrapped = if geographic { unwrap_across_antimeridian(g) } else { None };
        let Some(point) = unwrapped.as_ref().unwrap_or(g).centroid() else { return Ok(None) };
        let x = if geographic { wrap180(point.x()) } else { point.x() };
        Ok(Some(Geometry::Point(Point::new(x, point.y()))))
    })
}

/// The convex hull of each feature, or with `dissolve` one hull of the whole layer (with the first
/// feature's attributes).
pub fn convex_hull(layer: &Layer, dissolve: bool, job: &Job<'_>) -> Result<Derived> {
    let geographic = layer.crs.is_geographic();
    let hull_of = move |g: &Geometry<f64>| {
        let unwrapped = if geographic { unwrap_across_antimeridian(g) } else { None };
        let hull = unwrapped.as_ref().unwrap_or(g).convex_hull();
        if hull.exterior().0.len() < 4 {
            return None;
        }
        if geographic && unwrapped.is_some() {
            let parts = super::split_at_antimeridian(&hull, 0.0);
            return Some(Geometry::MultiPolygon(parts));
        }
        Some(Geometry::Polygon(hull))
    };
    if !dissolve {
        return per_feature(layer, job, "convex hulls", |g| Ok(hull_of(g)));
    }
    let all: Vec<Geometry<f64>> = layer.features.iter().filter_map(|f| f.geometry.clone()).collect();
    let geometry = hull_of(&Geometry::GeometryCollection(GeometryCollection::new_from(all)));
    let attributes =
        layer.features.first().map_or_else(|| vec![Value::Null; layer.fields.len()], |f| f.attributes.clone());
    Ok(Derived {
        fields: layer.fields.as_ref().clone(),
        features: geometry.map(|g| Feature { id: 1, geometry: Some(g), attributes }).into_iter().collect(),
        notices: Vec::new(),
    })
}

/// Each feature simplified with Douglas–Peucker: no vertex moves further than `tolerance`. On a
/// geographic layer a ground tolerance is turned into degrees at 111,320 m per degree (the
/// length of a degree of latitude; east–west, the tolerance shrinks towards the poles). Polygons
/// that simplification makes invalid are repaired.
pub fn simplify(layer: &Layer, tolerance: Distance, job: &Job<'_>) -> Result<Derived> {
    let epsilon = match tolerance {
        Distance::Planar(t) => t,
        Distance::Ground(m) => m / 111_320.0,
    };
    if epsilon < 0.0 {
        return Err(Error::invalid("tolerance", "the tolerance must be 0 or more"));
    }
    per_feature(layer, job, "simplified copies", move |g| {
        let simple = simplify_geometry(g, epsilon);
        if is_polygonal(&simple) {
            return Ok(match repair_checked(&simple, job)? {
                Ok(None) => Some(simple),
                Ok(Some(fixed)) => Some(fixed),
                Err(_) => None,
            });
        }
        Ok(Some(simple))
    })
}

/// The shape of grid cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GridShape {
    /// Squares `cell` wide.
    #[default]
    Square,
    /// Pointy-topped hexagons `cell` across the flats.
    Hex,
}

/// A grid of polygons covering `extent`: squares or hexagons `cell` across, in the
/// CRS's units, with fields `id`, `row` and `col`. At most [`MAX_GRID_CELLS`] cells.
pub fn grid(extent: Extent, cell: f64, shape: GridShape) -> Result<Derived> {
    if !(cell.is_finite() && cell > 0.0) {
        return Err(Error::invalid("cell", "the cell size must be a positive number"));
    }
    let (width, height) = (extent.width(), extent.height());
    let (dx, dy) = match shape {
        GridShape::Square => (cell, cell),
        // Pointy-topped hexagons `cell` across the flats: rows are 1.5 circumradii apart.
        GridShape::Hex => (cell, cell * 3f64.sqrt() / 2.0),
    };
    // Hexagons are placed by their centres, so one more row and column covers the far edges.
    let extra = if shape == GridShape::Hex { 1.0 } else { 0.0 };
    let cols = (width / dx).ceil().max(1.0) + extra;
    let rows = (height / dy).ceil().max(1.0) + extra;
    if cols * rows > MAX_GRID_CELLS as f64 {
        return Err(Error::invalid(
            "cell",
            format!("{cols} × {rows} cells is more than {MAX_GRID_CELLS}; use a larger cell or a smaller extent"),
        ));
    }
    let (cols, rows) = (cols as usize, rows as usize);
    let mut features = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        for col in 0..cols {
            let polygon = match shape {
                GridShape::Square => {
                    let (x0, y0) = (extent.min_x + col as f64 * dx, extent.min_y + row as f64 * dy);
                    geo::Rect::new(Coord { x: x0, y: y0 }, Coord { x: x0 + dx, y: y0 + dy }).to_polygon()
                }
                GridShape::Hex => {
                    let offset = if row % 2 == 1 { dx / 2.0 } else { 0.0 };
                    let centre =
                        Coord { x: extent.min_x + col as f64 * dx + offset, y: extent.min_y + row as f64 * dy };
                    hexagon(centre, cell / 3f64.sqrt())
                }
            };
            let id = features.len() as u64 + 1;
            features.push(Feature {
                id,
                geometry: Some(Geometry::Polygon(polygon)),
                attributes: vec![Value::Int(id as i64), Value::Int(row as i64), Value::Int(col as i64)],
            });
        }
    }
    let fields = vec![
        Field::new("id", FieldType::Integer),
        Field::new("row", FieldType::Integer),
        Field::new("col", FieldType::Integer),
    ];
    Ok(Derived { fields, features, notices: Vec::new() })
}

/// A pointy-topped hexagon with this circumradius, counter-clockwise.
fn hexagon(centre: Coord<f64>, radius: f64) -> Polygon<f64> {
    let ring: Vec<Coord<f64>> = (0..=6)
        .map(|k| {
            let angle = (90.0 + 60.0 * (k % 6) as f64).to_radians();
            Coord { x: centre.x + radius * angle.cos(), y: centre.y + radius * angle.sin() }
        })
        .collect();
    Polygon::new(LineString::new(ring), Vec::new())
}

/// A geometry with longitudes shifted into 0..360 when it spans more than 180° and has parts on
/// both sides of the antimeridian; `None` when it needs no unwrapping.
fn unwrap_across_antimeridian(geometry: &Geometry<f64>) -> Option<Geometry<f64>> {
    let bounds = geometry.bounding_rect()?;
    if bounds.width() <= 180.0 {
        return None;
    }
    Some(geometry.map_coords(|c| Coord { x: if c.x < 0.0 { c.x + 360.0 } else { c.x }, y: c.y }))
}

fn simplify_geometry(geometry: &Geometry<f64>, epsilon: f64) -> Geometry<f64> {
    match geometry {
        Geometry::LineString(l) => Geometry::LineString(l.simplify(epsilon)),
        Geometry::MultiLineString(l) => Geometry::MultiLineString(l.simplify(epsilon)),
        Geometry::Polygon(p) => Geometry::Polygon(p.simplify(epsilon)),
        Geometry::MultiPolygon(p) => Geometry::MultiPolygon(p.simplify(epsilon)),
        Geometry::GeometryCollection(c) => Geometry::GeometryCollection(GeometryCollection::new_from(
            c.iter().map(|g| simplify_geometry(g, epsilon)).collect(),
        )),
        other => other.clone(),
    }
}

/// Applies `make` to each feature's geometry, keeping fields and ids; features for which it makes
/// nothing (or panics) are left out and named.
fn per_feature(
    layer: &Layer,
    job: &Job<'_>,
    what: &str,
    make: impl Fn(&Geometry<f64>) -> Result<Option<Geometry<f64>>> + Sync,
) -> Result<Derived> {
    job.stage(layer.features.len(), &format!("making {what} of {}", layer.name));
    // `None`: not reached before a cancel (left out silently); `Some(None)`: nothing made.
    let made: Vec<Option<Option<Geometry<f64>>>> = job.each_or_stop(&layer.features, |feature| {
        let Some(geometry) = &feature.geometry else { return Ok(None) };
        // A panic costs the feature; a cancellation ends the command.
        match guard(|| make(geometry)) {
            Ok(made) => made,
            Err(_) => Ok(None),
        }
    })?;
    let mut left_out = Vec::new();
    let mut features = Vec::with_capacity(made.len());
    for (feature, geometry) in layer.features.iter().zip(made) {
        match geometry {
            Some(Some(g)) => {
                features.push(Feature { id: feature.id, geometry: Some(g), attributes: feature.attributes.clone() })
            }
            Some(None) => left_out.push(feature.id),
            None => {}
        }
    }
    let mut notices = Vec::new();
    if !left_out.is_empty() {
        notices.push(format!(
            "left out {} with no geometry or an empty result (id {})",
            n_features(left_out.len()),
            id_list(&left_out)
        ));
    }
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices })
}

/// The features for which `keep` is true, with fields and ids kept; `keep` runs on the features
/// in parallel, and its first error stops the filter. `vector.filter` keeps those a QGIS
/// expression is true for (`commands/vector.rs`).
pub fn filter(layer: &Layer, keep: impl Fn(&Feature) -> Result<bool> + Sync + Send, job: &Job<'_>) -> Result<Derived> {
    job.stage(layer.features.len(), &format!("filtering {}", layer.name));
    let keep: Vec<Option<bool>> = job.each_or_stop(&layer.features, keep)?;
    let features = layer.features.iter().zip(keep).filter(|(_, k)| *k == Some(true)).map(|(f, _)| f.clone()).collect();
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices: Vec::new() })
}
