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
    add_measure(layer, "area_km2", 1e6, job, area_m2_of(layer.crs))
}

/// A copy of the layer with `length_km` added (a float: the length of lines, the perimeter of
/// polygons, null for points): geodesic on geographic layers, planar on projected ones.
pub fn add_length(layer: &Layer, job: &Job<'_>) -> Result<Derived> {
    add_measure(layer, "length_km", 1000.0, job, length_m_of(layer.crs))
}

/// A copy of the layer with the field `name` added: each feature's area in square metres divided
/// by `per_unit` (square metres in the unit), or its length (`length: true`) in metres divided by
/// `per_unit`.
pub fn add_measure_in(layer: &Layer, name: &str, length: bool, per_unit: f64, job: &Job<'_>) -> Result<Derived> {
    if length {
        add_measure(layer, name, per_unit, job, length_m_of(layer.crs))
    } else {
        add_measure(layer, name, per_unit, job, area_m2_of(layer.crs))
    }
}

/// Each feature's area in square metres, or length (`length: true`) in metres, divided by
/// `per_unit` (`Some(None)` for a feature without polygons, or lines); `None` for each feature
/// not measured because the job was cancelled.
pub fn measures(layer: &Layer, length: bool, per_unit: f64, job: &Job<'_>) -> Result<Vec<Option<Option<f64>>>> {
    job.stage(layer.features.len(), &format!("measuring {}", layer.name));
    let (area, len) = (area_m2_of(layer.crs), length_m_of(layer.crs));
    job.each_or_stop(&layer.features, |feature| {
        let measure = |g: &Geometry<f64>| if length { len(g) } else { area(g) };
        Ok(feature.geometry.as_ref().and_then(measure).map(|v| v / per_unit))
    })
}

/// Square metres of a geometry's polygons: geodesic on a geographic CRS, planar otherwise.
fn area_m2_of(crs: Crs) -> impl Fn(&Geometry<f64>) -> Option<f64> + Sync {
    move |g| {
        if polygons_of(g).0.is_empty() {
            return None;
        }
        Some(if crs.is_geographic() {
            measure::geodesic_area(g)
        } else {
            polygons_of(g).unsigned_area() * crs_unit_metres(crs).powi(2)
        })
    }
}

/// Metres of a geometry's lines (or polygons' rings): geodesic on a geographic CRS, planar otherwise.
fn length_m_of(crs: Crs) -> impl Fn(&Geometry<f64>) -> Option<f64> + Sync {
    move |g| {
        let lines = lines_of(g);
        if lines.is_empty() {
            return None;
        }
        Some(planar_or_geodesic_length(&lines, crs))
    }
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
    per_unit: f64,
    job: &Job<'_>,
    measure: impl Fn(&Geometry<f64>) -> Option<f64> + Sync,
) -> Result<Derived> {
    let mut fields = layer.fields.as_ref().clone();
    push_field(&mut fields, name, FieldType::Float);
    job.stage(layer.features.len(), &format!("measuring {}", layer.name));
    let features = job.each_or_stop(&layer.features, |feature| {
        let value = feature.geometry.as_ref().and_then(&measure).map_or(Value::Null, |v| Value::Float(v / per_unit));
        let mut attributes = feature.attributes.clone();
        attributes.push(value);
        Ok(Feature { id: feature.id, geometry: feature.geometry.clone(), attributes })
    })?;
    Ok(Derived { fields, features: features.into_iter().flatten().collect(), notices: Vec::new() })
}
