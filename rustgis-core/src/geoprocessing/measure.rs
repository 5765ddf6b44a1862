//! Areas and lengths: geodesic on geographic layers (WGS 84), planar in CRS units converted to
//! metres on projected ones.

use geo::{Area, Euclidean, Geometry, Length, LineString};
use rayon::prelude::*;

use super::reproject::crs_unit_metres;
use super::{Derived, Job, polygons_of, push_field};
use crate::error::Result;
use crate::layer::{Crs, Feature, Layer};
use crate::value::{FieldType, Value};

/// The area of a geometry's polygons in square metres: geodesic on WGS 84 (rings are oriented
/// first, so a clockwise exterior does not turn into the rest of the Earth). Points and lines
/// have none.
pub fn geodesic_area_m2(geometry: &Geometry<f64>) -> f64 {
    crate::measure::geodesic_area(geometry)
}

/// The geodesic length of a geometry's lines in metres (the perimeter of its polygons).
pub fn geodesic_length_m(geometry: &Geometry<f64>) -> f64 {
    lines_of(geometry).iter().map(|line| geo::Geodesic.length(line)).sum()
}

/// A copy of the layer with `area_km2` added (a float; null for features without polygons):
/// geodesic on geographic layers, planar on projected ones.
pub fn add_area(layer: &Layer, job: &Job<'_>) -> Result<Derived> {
    let crs = layer.crs;
    add_measure(layer, "area_km2", job, move |g| {
        if polygons_of(g).0.is_empty() {
            return None;
        }
        let m2 = if crs.is_geographic() {
            geodesic_area_m2(g)
        } else {
            polygons_of(g).unsigned_area() * crs_unit_metres(crs).powi(2)
        };
        Some(m2 / 1e6)
    })
}

/// A copy of the layer with `length_km` added (a float: the length of lines, the perimeter of
/// polygons, null for points): geodesic on geographic layers, planar on projected ones.
pub fn add_length(layer: &Layer, job: &Job<'_>) -> Result<Derived> {
    let crs = layer.crs;
    add_measure(layer, "length_km", job, move |g| {
        let lines = lines_of(g);
        if lines.is_empty() {
            return None;
        }
        Some(planar_or_geodesic_length(&lines, crs) / 1000.0)
    })
}

fn planar_or_geodesic_length(lines: &[LineString<f64>], crs: Crs) -> f64 {
    if crs.is_geographic() {
        lines.iter().map(|line| geo::Geodesic.length(line)).sum()
    } else {
        lines.iter().map(|line| Euclidean.length(line)).sum::<f64>() * crs_unit_metres(crs)
    }
}

fn add_measure(
    layer: &Layer,
    name: &str,
    job: &Job<'_>,
    measure: impl Fn(&Geometry<f64>) -> Option<f64> + Sync,
) -> Result<Derived> {
    let mut fields = layer.fields.as_ref().clone();
    push_field(&mut fields, name, FieldType::Float);
    job.stage(layer.features.len(), &format!("measuring {}", layer.name));
    let features = layer
        .features
        .par_iter()
        .map(|feature| {
            job.tick()?;
            let value = feature.geometry.as_ref().and_then(&measure).map_or(Value::Null, Value::Float);
            let mut attributes = feature.attributes.clone();
            attributes.push(value);
            Ok(Feature { id: feature.id, geometry: feature.geometry.clone(), attributes })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Derived { fields, features, notices: Vec::new() })
}

/// The lines of a geometry, with polygon rings as closed lines.
pub(crate) fn lines_of(geometry: &Geometry<f64>) -> Vec<LineString<f64>> {
    match geometry {
        Geometry::Line(l) => vec![LineString::from(vec![l.start, l.end])],
        Geometry::LineString(l) => vec![l.clone()],
        Geometry::MultiLineString(m) => m.0.clone(),
        Geometry::GeometryCollection(c) => c.iter().flat_map(lines_of).collect(),
        Geometry::Point(_) | Geometry::MultiPoint(_) => Vec::new(),
        polygonal => polygons_of(polygonal)
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior().clone()).chain(p.interiors().iter().cloned()))
            .collect(),
    }
}
