//! `raster.reclassify`, `raster.clip` and `raster.calc`: new rasters computed cell by cell from
//! the cells of others.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::Ctx;
use crate::error::{Error, Result};

use super::results::NamedRaster;
use super::{add_grid_layer, check_band, check_in_memory, raster_layer};

/// What reclassification does with values in no range.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum UnmatchedParam {
    /// They become nodata.
    #[default]
    Nodata,
    /// They keep their value.
    Keep,
}

/// Parameters of `raster.reclassify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ReclassifyParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// `[min, max, value]` rules: values in `[min, max)` become `value`.
    ranges: Vec<[f64; 3]>,
    /// `nodata` (default) or `keep`: what values in no range become.
    unmatched: Option<UnmatchedParam>,
    /// The new layer's name (default `<layer> reclassified`).
    name: Option<String>,
}

pub(super) fn reclassify(ctx: &mut Ctx<'_>, p: ReclassifyParams) -> Result<NamedRaster> {
    use crate::raster::ops::{Range, reclassify as run};
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    if p.ranges.is_empty() || p.ranges.len() > 1000 {
        return Err(Error::invalid("ranges", "give 1 to 1000 [min, max, value] rules"));
    }
    let mut ranges = Vec::with_capacity(p.ranges.len());
    for (i, [min, max, value]) in p.ranges.iter().copied().enumerate() {
        if !(min.is_finite() && max.is_finite() && value.is_finite()) || min > max {
            return Err(Error::invalid(
                "ranges",
                format!("rule {} [{min}, {max}, {value}] needs finite numbers with min <= max", i + 1),
            ));
        }
        ranges.push(Range { min, max, value });
    }
    check_in_memory(ctx, raster.info().width, raster.info().height, 2, "the band and its result")?;
    ctx.progress(0.0, "reading the band");
    let grid = raster.read_band(band)?;
    ctx.check_cancelled()?;
    let nodata = raster.info().nodata.filter(|v| v.is_finite()).unwrap_or(crate::raster::terrain::TERRAIN_NODATA);
    let keep = matches!(p.unmatched.unwrap_or_default(), UnmatchedParam::Keep);
    let out = run(&grid, &ranges, keep, nodata)?;
    add_grid_layer(ctx, vec![out], raster.info().transform, crs, p.name, &format!("{name} reclassified"))
}

/// Parameters of `raster.clip`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ClipParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// A box `[min_x, min_y, max_x, max_y]` in the raster's CRS.
    bbox: Option<[f64; 4]>,
    /// A polygon layer to clip by.
    mask: Option<String>,
    /// The new layer's name (default `<layer> clipped`).
    name: Option<String>,
}

pub(super) fn clip(ctx: &mut Ctx<'_>, p: ClipParams) -> Result<NamedRaster> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let polygons: Option<Vec<geo::Geometry<f64>>> = match (&p.bbox, &p.mask) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(Error::invalid("bbox", "give either bbox or mask (a polygon layer), not both nor neither"));
        }
        (Some(_), None) => None,
        (None, Some(mask)) => {
            let mask_layer = ctx.project().require(mask)?.clone();
            if mask_layer.is_raster() {
                return Err(Error::invalid("mask", format!("layer '{mask}' is a raster; a mask is a polygon layer")));
            }
            let moved = if mask_layer.crs == crs {
                mask_layer
            } else {
                crate::geoprocessing::reproject_layer(&mask_layer, crs, &crate::geoprocessing::Job::silent())?
                    .into_layer(mask, crs)
            };
            Some(moved.features.iter().filter_map(|f| f.geometry.clone()).collect())
        }
    };
    let bbox = match (&p.bbox, &polygons) {
        (Some(b), _) => *b,
        (None, Some(polygons)) => {
            let extent = polygons
                .iter()
                .filter_map(crate::layer::Extent::of_geometry)
                .reduce(|a, b| a.union(&b))
                .ok_or_else(|| Error::invalid("mask", "the mask layer has no polygons"))?;
            extent.to_array()
        }
        (None, None) => unreachable!("checked above"),
    };
    let window = crate::raster::ops::window_of_box(&raster, bbox)
        .ok_or_else(|| Error::invalid("bbox", format!("the box {bbox:?} does not meet the raster's extent")))?;
    check_in_memory(ctx, window.width, window.height, raster.info().bands, "the clipped bands")?;
    ctx.progress(0.0, "reading the window");
    let mut grids = raster.read(0, window, &(0..raster.info().bands).collect::<Vec<_>>())?;
    ctx.check_cancelled()?;
    let nodata = raster.info().nodata.filter(|v| v.is_finite()).unwrap_or(crate::raster::terrain::TERRAIN_NODATA);
    for grid in &mut grids {
        if let Some(polygons) = &polygons {
            crate::raster::ops::mask_outside(
                grid,
                (window.col, window.row),
                &raster.info().transform,
                polygons,
                nodata,
            );
        }
    }
    let transform = raster.info().transform.shifted(window.col as f64, window.row as f64);
    add_grid_layer(ctx, grids, transform, crs, p.name, &format!("{name} clipped"))
}

/// Parameters of `raster.calc`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CalcParams {
    /// The expression; field names are raster layers (`"dem"`, or `"image@2"` for band 2).
    expression: String,
    /// The new layer's name (default `calc`).
    name: Option<String>,
}

pub(super) fn calc(ctx: &mut Ctx<'_>, p: CalcParams) -> Result<NamedRaster> {
    use rayon::prelude::*;

    use crate::value::{FieldType, Value};
    let expr = ctx.expression(&p.expression)?;
    let names = expr.fields();
    if names.is_empty() {
        return Err(Error::invalid("expression", "name at least one raster layer, such as \"dem\" > 1000"));
    }
    let mut inputs = Vec::new();
    for name in &names {
        let (layer_name, band) = match name.rsplit_once('@') {
            Some((layer, band)) if band.parse::<usize>().is_ok() => (layer, band.parse::<usize>().unwrap_or(1)),
            _ => (name.as_str(), 1),
        };
        let (layer, raster_layer) = raster_layer(ctx, Some(layer_name))?;
        let band = check_band(band, raster_layer.raster.info().bands, "expression")?;
        inputs.push((layer.crs, raster_layer.raster.clone(), band));
    }
    let (crs, first, _) = inputs[0].clone();
    let info = first.info();
    for (_, raster, _) in &inputs[1..] {
        let other = raster.info();
        if (other.width, other.height) != (info.width, info.height) || other.transform != info.transform {
            return Err(Error::invalid(
                "expression",
                "every raster named must have the same size and georeferencing (clip or warp them to one grid first)",
            ));
        }
    }
    check_in_memory(ctx, info.width, info.height, inputs.len() + 1, "the bands named and the result")?;
    let mut grids = Vec::with_capacity(inputs.len());
    for (i, (_, raster, band)) in inputs.iter().enumerate() {
        ctx.progress(i as f64 / (inputs.len() + 1) as f64, "reading the bands");
        grids.push(raster.read_band(*band)?);
        ctx.check_cancelled()?;
    }
    let fields: Vec<crate::layer::Field> =
        names.iter().map(|n| crate::layer::Field::new(n.clone(), FieldType::Float)).collect();
    let nodata = crate::raster::terrain::TERRAIN_NODATA;
    let mut out = crate::raster::Grid::filled(info.width, info.height, nodata, Some(nodata))?;
    ctx.progress(0.5, "evaluating");
    let width = info.width;
    if let Some(numeric) = expr.numeric(&names) {
        // Compiled once, evaluated a row at a time on numbers (nodata as NaN).
        out.values_mut().par_chunks_mut(width.max(1)).enumerate().for_each(|(row, cells)| {
            let rows: Vec<Vec<f64>> = grids
                .iter()
                .map(|grid| grid.row(row).iter().map(|v| if grid.is_valid(v) { v } else { f64::NAN }).collect())
                .collect();
            let inputs: Vec<&[f64]> = rows.iter().map(Vec::as_slice).collect();
            numeric.eval_row(&inputs, cells);
            for cell in cells.iter_mut().filter(|v| v.is_nan()) {
                *cell = nodata;
            }
        });
        ctx.check_cancelled()?;
        return add_grid_layer(ctx, vec![out], info.transform, crs, p.name, "calc");
    }
    let failure = parking_lot::Mutex::new(None);
    out.values_mut().par_chunks_mut(width.max(1)).enumerate().for_each(|(row, cells)| {
        let mut feature = crate::layer::Feature { id: 1, geometry: None, attributes: vec![Value::Null; grids.len()] };
        for (col, cell) in cells.iter_mut().enumerate() {
            for (value, grid) in feature.attributes.iter_mut().zip(&grids) {
                *value = grid.valid(col, row).map_or(Value::Null, Value::Float);
            }
            let row_context = crate::expr::RowContext { fields: &fields, feature: &feature, crs };
            match expr.eval(&row_context) {
                Ok(Value::Float(v)) if v.is_finite() => *cell = v,
                Ok(Value::Int(v)) => *cell = v as f64,
                Ok(Value::Bool(b)) => *cell = f64::from(u8::from(b)),
                Ok(Value::Null | Value::Float(_)) => {}
                Ok(other) => {
                    failure.lock().get_or_insert_with(|| {
                        Error::invalid(
                            "expression",
                            format!("it gives {} values; a raster holds numbers", other.type_name()),
                        )
                    });
                    return;
                }
                Err(e) => {
                    failure.lock().get_or_insert(e);
                    return;
                }
            }
        }
    });
    if let Some(error) = failure.into_inner() {
        return Err(error);
    }
    ctx.check_cancelled()?;
    add_grid_layer(ctx, vec![out], info.transform, crs, p.name, "calc")
}
