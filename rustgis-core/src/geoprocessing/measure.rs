//! Area and length fields: geodesic on geographic layers (WGS 84, through [`crate::measure`]),
//! planar in CRS units converted to metres on projected ones.

use geo::{Area, Euclidean, Geometry, Length, LineString};

use super::reproject::crs_unit_metres;
use super::{Derived, Job, polygons_of, push_field};
use crate::error::Result;
use crate::layer::{Crs, Feature, Layer};
use crate::measure::{self, lines_of};
use crate::value::{FieldType, Value};

/// A copy of the layer with `area_km2` added (a float; null for features without polygons):
/// geodesic on geographic layers, planar on projected ones.
pub fn add_area(layer: &Layer, job: &Job<'_>) -> Result<Derived> {
    let crs = layer.crs;
    add_measure(layer, "area_km2", job, move |g| {
        if polygons_of(g).0.is_empty() {
            return None;
        }
        let m2 = if crs.is_geographic() {
            measure::geodesic_area(g)
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
        measure::geodesic_length_of_lines(lines)
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
    let features = job.each_or_stop(&layer.features, |feature| {
        let value = feature.geometry.as_ref().and_then(&measure).map_or(Value::Null, Value::Float);
        let mut attributes = feature.attributes.clone();
        attributes.push(value);
        Ok(Feature { id: feature.id, geometry: feature.geometry.clone(), attributes })
    })?;
    Ok(Derived { fields, features: features.into_iter().flatten().collect(), notices: Vec::new() })
}
