//! `raster.contour` and `raster.polygonize`: vector layers traced from a band, its contour lines
//! and the outlines of its regions.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::Ctx;
use crate::error::{Error, Result};
use crate::layer::Layer;

use super::results::Traced;
use super::{check_band, check_in_memory, new_layer_name, raster_layer};

/// Parameters of `raster.contour`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ContourParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// The step between levels.
    interval: f64,
    /// A level the others are counted from (default 0).
    base: Option<f64>,
    /// The new layer's name (default `<layer> contours`).
    name: Option<String>,
}

pub(super) fn contour(ctx: &mut Ctx<'_>, p: ContourParams) -> Result<Traced> {
    use crate::value::{FieldType, Value};
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    check_in_memory(ctx, raster.info().width, raster.info().height, 1, "the band")?;
    ctx.progress(0.0, "reading the band");
    let grid = raster.read_band(band)?;
    ctx.check_cancelled()?;
    ctx.progress(0.5, "tracing the contours");
    let levels =
        crate::raster::ops::contours(&grid, &raster.info().transform, p.interval, p.base.unwrap_or(0.0), 1000)?;
    ctx.check_cancelled()?;
    let features: Vec<crate::layer::Feature> = levels
        .into_iter()
        .enumerate()
        .map(|(i, (level, lines))| crate::layer::Feature {
            id: i as u64 + 1,
            geometry: Some(geo::Geometry::MultiLineString(lines)),
            attributes: vec![Value::Float(level)],
        })
        .collect();
    let out_name = new_layer_name(ctx, p.name, &format!("{name} contours"))?;
    let n_levels = features.len();
    let layer = Layer::new(out_name, crs, vec![crate::layer::Field::new("level", FieldType::Float)], features);
    let layer = ctx.add_layer(layer)?;
    Ok(Traced {
        layer: layer.name.clone(),
        features: n_levels,
        geometry: layer.geometry_kind(),
        fields: vec!["level".to_owned()],
        connectivity: None,
    })
}

/// Parameters of `raster.polygonize`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PolygonizeParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// 4 (cells sharing a side, default) or 8 (sides or corners).
    connectivity: Option<u8>,
    /// The field that holds each region's value (default `value`).
    field: Option<String>,
    /// The new layer's name (default `<layer> polygons`).
    name: Option<String>,
}

pub(super) fn polygonize(ctx: &mut Ctx<'_>, p: PolygonizeParams) -> Result<Traced> {
    use crate::raster::polygonize::{Connectivity, polygonize as trace};
    use crate::value::{FieldType, Value};
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    let connectivity = match p.connectivity.unwrap_or(4) {
        4 => Connectivity::Four,
        8 => Connectivity::Eight,
        other => return Err(Error::invalid("connectivity", format!("{other} is not a connectivity; use 4 or 8"))),
    };
    let field = p.field.unwrap_or_else(|| "value".to_owned());
    if field.trim().is_empty() || field == "cells" {
        return Err(Error::invalid(
            "field",
            format!("'{field}' cannot hold the value; name another field, such as value"),
        ));
    }
    let out_name = new_layer_name(ctx, p.name, &format!("{name} polygons"))?;
    // The band as 8-byte cells, plus a 4-byte region and a 1-byte mark per cell.
    check_in_memory(ctx, raster.info().width, raster.info().height, 2, "the band and its regions")?;
    ctx.progress(0.0, "reading the band");
    let grid = raster.read_band(band)?;
    ctx.check_cancelled()?;
    let integers =
        !matches!(raster.info().sample_type, crate::raster::SampleType::F32 | crate::raster::SampleType::F64)
            || grid.iter().all(|v| !grid.is_valid(v) || (v.fract() == 0.0 && v.abs() < 9.0e15));
    // Each vertex is two f64 in the new layer.
    let max_vertices = ctx.limits().max_new_data_bytes / 16;
    let regions = trace(&grid, &raster.info().transform, connectivity, max_vertices, &mut |fraction| {
        ctx.progress(0.05 + 0.9 * fraction, "tracing the regions");
        ctx.check_cancelled()
    })?;
    let features: Vec<crate::layer::Feature> = regions
        .into_iter()
        .enumerate()
        .map(|(i, region)| {
            let value = if integers { Value::Int(region.value as i64) } else { Value::Float(region.value) };
            let geometry = match region.polygons.0.len() {
                1 => geo::Geometry::Polygon(region.polygons.0.into_iter().next().expect("one polygon")),
                _ => geo::Geometry::MultiPolygon(region.polygons),
            };
            crate::layer::Feature {
                id: i as u64 + 1,
                geometry: Some(geometry),
                attributes: vec![value, Value::Int(region.cells as i64)],
            }
        })
        .collect();
    let n_features = features.len();
    let fields = vec![
        crate::layer::Field::new(field.clone(), if integers { FieldType::Integer } else { FieldType::Float }),
        crate::layer::Field::new("cells", FieldType::Integer),
    ];
    let layer = ctx.add_layer(Layer::new(out_name, crs, fields, features))?;
    Ok(Traced {
        layer: layer.name.clone(),
        features: n_features,
        geometry: layer.geometry_kind(),
        fields: vec![field, "cells".to_owned()],
        connectivity: Some(if connectivity == Connectivity::Four { 4 } else { 8 }),
    })
}
