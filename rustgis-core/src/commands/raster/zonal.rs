//! `raster.sample` and `raster.zonalStats`: a raster's values under a vector layer's points or
//! polygons, as new fields of a copy of that layer.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::Ctx;
use crate::error::{Error, Result};
use crate::layer::Layer;

use super::results::WithFields;
use super::{check_band, new_layer_name, raster_layer};

/// Parameters of `raster.sample` and `raster.zonalStats`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct OverlayParams {
    /// The point (sample) or polygon (zonal statistics) layer (default: the caller's active layer).
    layer: Option<String>,
    /// The raster layer.
    raster: String,
    /// The band, 1-based (zonal statistics: default 1; sampling: default every band).
    band: Option<usize>,
    /// The new fields' prefix (default `<raster>_`).
    prefix: Option<String>,
    /// The new layer's name (default `<layer> <raster>`).
    name: Option<String>,
}

/// The vector layer and the raster of an overlay, the vector layer in the raster's CRS.
fn overlay_inputs(
    ctx: &mut Ctx<'_>,
    p: &OverlayParams,
) -> Result<(Layer, Layer, std::sync::Arc<crate::raster::Raster>)> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let raster = raster_layer(ctx, Some(&p.raster))?.1.raster.clone();
    let crs = ctx.project().require(&p.raster)?.crs;
    let moved = if layer.crs == crs {
        layer.clone()
    } else {
        ctx.notice(format!("'{}' is in {} and was reprojected to {crs} for this", layer.name, layer.crs));
        crate::geoprocessing::reproject_layer(&layer, crs, &crate::geoprocessing::Job::silent())?
            .into_layer(&layer.name, crs)
    };
    Ok((layer, moved, raster))
}

/// Adds a copy of `layer` with new float fields, one value per feature and field.
fn add_with_fields(
    ctx: &mut Ctx<'_>,
    layer: &Layer,
    new_fields: Vec<(String, crate::value::FieldType)>,
    rows: Vec<Vec<crate::value::Value>>,
    name: Option<String>,
    default_name: &str,
) -> Result<WithFields> {
    for (field, _) in &new_fields {
        if layer.field_index(field).is_some() {
            return Err(Error::invalid(
                "prefix",
                format!("layer '{}' already has a field '{field}'; give another prefix", layer.name),
            ));
        }
    }
    let name = new_layer_name(ctx, name, default_name)?;
    let mut fields = layer.fields.as_ref().clone();
    fields.extend(new_fields.iter().map(|(n, t)| crate::layer::Field::new(n.clone(), *t)));
    let features = layer
        .features
        .iter()
        .zip(rows)
        .map(|(f, values)| {
            let mut f = f.clone();
            f.attributes.extend(values);
            f
        })
        .collect();
    let mut out = Layer::new(name, layer.crs, fields, features);
    out.style = layer.style.clone();
    let out = ctx.add_layer(out)?;
    Ok(WithFields {
        layer: out.name.clone(),
        features: out.features.len(),
        fields: new_fields.iter().map(|(n, _)| n.clone()).collect(),
    })
}

pub(super) fn sample(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<WithFields> {
    use crate::value::{FieldType, Value};
    let (layer, moved, raster) = overlay_inputs(ctx, &p)?;
    let bands: Vec<usize> = match p.band {
        Some(band) => vec![check_band(band, raster.info().bands, "band")?],
        None => (0..raster.info().bands).collect(),
    };
    let to_cell = raster.info().transform.inverse().expect("an opened raster's transform is invertible");
    let mut cells = Vec::with_capacity(moved.features.len());
    for feature in moved.features.iter() {
        let point = match &feature.geometry {
            Some(geo::Geometry::Point(p)) => Some(p.0),
            Some(geo::Geometry::MultiPoint(m)) if m.0.len() == 1 => Some(m.0[0].0),
            None => None,
            Some(_) => {
                return Err(Error::invalid(
                    "layer",
                    format!("layer '{}' has other geometries than points; raster.sample samples at points", layer.name),
                ));
            }
        };
        cells.push(point.map(|c| {
            let (col, row) = to_cell.apply(c.x, c.y);
            (col.floor() as i64, row.floor() as i64)
        }));
    }
    let prefix = p.prefix.clone().unwrap_or_else(|| format!("{}_", p.raster));
    let mut columns = Vec::new();
    for (i, band) in bands.iter().enumerate() {
        ctx.progress(i as f64 / bands.len() as f64, &format!("sampling band {}", band + 1));
        ctx.check_cancelled()?;
        columns.push(crate::raster::zonal::sample_cells(&raster, *band, &cells)?);
    }
    let rows =
        (0..cells.len()).map(|i| columns.iter().map(|c| c[i].map_or(Value::Null, Value::Float)).collect()).collect();
    let fields = bands.iter().map(|b| (format!("{prefix}b{}", b + 1), FieldType::Float)).collect();
    add_with_fields(ctx, &layer, fields, rows, p.name, &format!("{} {}", layer.name, p.raster))
}

pub(super) fn zonal(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<WithFields> {
    use crate::value::{FieldType, Value};
    let (layer, moved, raster) = overlay_inputs(ctx, &p)?;
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    let zones: Vec<Option<geo::Geometry<f64>>> = moved.features.iter().map(|f| f.geometry.clone()).collect();
    let max_bytes = ctx.limits().max_new_data_bytes;
    let stats = crate::raster::zonal::zonal_stats(&raster, band, &zones, max_bytes, &mut |f| {
        ctx.progress(f, "zonal statistics");
        ctx.check_cancelled()
    })?;
    let prefix = p.prefix.clone().unwrap_or_else(|| format!("{}_", p.raster));
    let names = ["count", "nodata", "sum", "mean", "min", "max", "majority", "area_km2", "area_mean"];
    let fields = names
        .iter()
        .map(|n| {
            (
                format!("{prefix}{n}"),
                if matches!(*n, "count" | "nodata") { FieldType::Integer } else { FieldType::Float },
            )
        })
        .collect();
    let float = |v: Option<f64>| v.map_or(Value::Null, Value::Float);
    let rows = stats
        .iter()
        .map(|s| {
            vec![
                Value::Int(s.count as i64),
                Value::Int(s.nodata as i64),
                if s.count > 0 { Value::Float(s.sum) } else { Value::Null },
                float(s.mean),
                float(s.min),
                float(s.max),
                float(s.majority),
                Value::Float(s.area_m2 / 1e6),
                float(s.area_mean),
            ]
        })
        .collect();
    add_with_fields(ctx, &layer, fields, rows, p.name, &format!("{} {}", layer.name, p.raster))
}
