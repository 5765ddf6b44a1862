//! `raster.*` and `style.raster`: describe, measure, style and analyse raster layers. Every
//! analysis makes a new layer and leaves its input as it was.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::layer::{Layer, RasterLayer};
use crate::policy::Access;
use crate::ramps::Ramp;
use crate::raster::stats;
use crate::raster::{RasterMode, RasterStyle, Resampling};

mod results;

pub(crate) use results::{NamedRaster, RasterDescription, describe};
use results::{RasterStats, RasterStyled, RasterWritten, Traced, WithFields};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("raster.info")
            .summary("Describe a raster layer: bands, size, resolution, CRS, nodata, data type, overviews, min/max")
            .doc(
                "Reads only the file's directories and, for min/max, its coarsest overview (exact statistics are \
                 `raster.stats`). Without `layer`, describes the caller's active layer.",
            )
            .examples(&[r#"raster.info {"layer": "dem"}"#])
            .reads_returning(info),
        CommandDef::build("raster.stats")
            .summary("Statistics of a raster's bands: min, max, mean, std, histogram, nodata count")
            .doc(
                "Reads every cell, one row of tiles at a time (memory stays bounded), and counts a histogram of \
                 `bins` equal bins (default 256) from min to max. Cells equal to the nodata value, or NaN, are \
                 counted as nodata and left out. `std` is the population standard deviation (numpy's).",
            )
            .examples(&[r#"raster.stats {"layer": "dem"}"#, r#"raster.stats {"layer": "image", "band": 2}"#])
            .reads_returning(band_statistics),
        CommandDef::build("style.raster")
            .summary("Draw a raster layer: grey, pseudocolour along a ramp, palette, RGB or hillshade; opacity")
            .doc(
                "`mode`: `grey` (one band, black to white), `pseudocolor` (one band along `ramp`, continuous or in \
                 `classes` equal steps, with a legend), `palette` (class values through the file's colour map), \
                 `rgb` (three `bands`), `hillshade` (shaded relief: `azimuth`, `altitude`, `z_factor`; geodesic \
                 cell sizes on lon/lat grids). The range of grey, pseudocolor and rgb comes from `stretch`: \
                 `minmax` (default), `percentiles` (`percentiles`, default [2, 98]), `stddev` (mean ± `stddevs`, \
                 default 2) or `values` (`min` and `max`). `resampling`: `nearest` or `bilinear`.",
            )
            .examples(&[
                r#"style.raster {"layer": "dem", "mode": "pseudocolor", "ramp": "viridis"}"#,
                r#"style.raster {"layer": "dem", "mode": "hillshade", "azimuth": 315, "altitude": 45}"#,
                r#"style.raster {"layer": "dem", "mode": "grey", "stretch": "percentiles", "percentiles": [2, 98]}"#,
                r#"style.raster {"layer": "image", "mode": "rgb", "bands": [3, 2, 1], "opacity": 0.8}"#,
            ])
            .edits_returning(style_raster),
        CommandDef::build("raster.sample")
            .summary("Sample raster band values under point features, as new fields of a new point layer")
            .doc(
                "Copies the point layer `layer` with one new field per band of `raster` (`<prefix>b1`, …; prefix \
                 default `<raster>_`): the value of the cell each point falls in (as rasterio's `sample`), null \
                 outside the grid or on nodata. Points are reprojected to the raster's CRS. Each tile is read once.",
            )
            .examples(&[r#"raster.sample {"layer": "cities", "raster": "dem"}"#])
            .edits_returning(sample),
        CommandDef::build("raster.zonalStats")
            .summary("Statistics of a raster band under each polygon: count, sum, mean, min, max, majority, area")
            .doc(
                "Copies the polygon layer `layer` with new fields (prefix default `<raster>_`): `count` and `nodata` \
                 (cells whose centre lies inside the polygon, with and without data, as rasterstats counts them), \
                 `sum`, `mean`, `min`, `max`, `majority` (the most frequent value), `area_km2` (the cells' area, \
                 geodesic on lon/lat grids) and `area_mean` (the mean weighted by cell area: on a lon/lat grid \
                 cells shrink towards the poles, so it differs from `mean`). Polygons are reprojected to the \
                 raster's CRS.",
            )
            .examples(&[r#"raster.zonalStats {"layer": "countries", "raster": "dem"}"#])
            .long()
            .edits_returning(zonal),
        CommandDef::build("raster.hillshade")
            .summary("Shaded relief of an elevation band, as a new raster layer (Horn's method, as gdaldem)")
            .doc(
                "Values 1 (in shadow) to 255 (facing the light), 0 on the edge and next to nodata, as gdaldem's \
                 Byte output. `azimuth` (default 315), `altitude` (default 45), `z_factor` (default 1). On a lon/lat \
                 grid the cell sizes are geodesic per row (gdaldem needs `-s 111120` instead).",
            )
            .examples(&[r#"raster.hillshade {"layer": "dem", "azimuth": 315, "altitude": 45}"#])
            .long()
            .edits_returning(hillshade),
        CommandDef::build("raster.slope")
            .summary("Slope of an elevation band in degrees, as a new raster layer (Horn's method, as gdaldem)")
            .doc("-9999 on the edge and next to nodata. Geodesic cell sizes on lon/lat grids; `z_factor` (default 1).")
            .examples(&[r#"raster.slope {"layer": "dem"}"#])
            .long()
            .edits_returning(slope),
        CommandDef::build("raster.aspect")
            .summary("Aspect of an elevation band, degrees clockwise from north, as a new raster layer")
            .doc("The compass direction each slope faces (Horn's method, as gdaldem); -9999 where flat, on the edge and next to nodata.")
            .examples(&[r#"raster.aspect {"layer": "dem"}"#])
            .long()
            .edits_returning(aspect),
        CommandDef::build("raster.export")
            .summary("Write a raster layer as a GeoTIFF (tiled 256 × 256, deflate), with its CRS and nodata")
            .doc(
                "For the results of raster commands (held in memory) and any raster layer. Cells are written as \
                 `float32` (default) or `float64`, one plane per band, with the georeferencing, the EPSG code and \
                 GDAL's nodata tag; GDAL and rasterio read it back. Relative paths resolve against the project \
                 file's folder.",
            )
            .examples(&[r#"raster.export {"layer": "dem hillshade", "path": "hillshade.tif"}"#])
            .access(Access::WRITES_FILES)
            .long()
            .reads_returning(export),
        CommandDef::build("raster.reclassify")
            .summary("Reclassify a raster band by value ranges into a new raster layer (land cover, elevation zones)")
            .doc(
                "`ranges` is a list of `[min, max, value]`: cells with `min <= v < max` take `value` (the last range \
                 includes its `max`); the first range that holds a value wins. Cells in no range become nodata, or \
                 keep their value with `unmatched: \"keep\"`.",
            )
            .examples(&[r#"raster.reclassify {"layer": "dem", "ranges": [[0, 500, 1], [500, 1500, 2], [1500, 9000, 3]]}"#])
            .edits_returning(reclassify),
        CommandDef::build("raster.clip")
            .summary("Clip a raster to a box or to a polygon layer, as a new raster layer")
            .doc(
                "With `bbox` ([min_x, min_y, max_x, max_y] in the raster's CRS) the new raster is the cells the box \
                 covers. With `mask` (a polygon layer, reprojected to the raster's CRS) it is the cells under the \
                 polygons' bounding box, and cells whose centre lies outside every polygon become nodata.",
            )
            .examples(&[
                r#"raster.clip {"layer": "dem", "bbox": [5, 45, 10, 48]}"#,
                r#"raster.clip {"layer": "dem", "mask": "countries"}"#,
            ])
            .edits_returning(clip),
        CommandDef::build("raster.contour")
            .summary("Contour lines of a raster band as a new line layer with a `level` field (marching squares)")
            .doc(
                "Lines every `interval` (from `base`, default 0) between cell centres, interpolated linearly along \
                 the grid's edges and joined into lines; one feature per level. At most 1000 levels.",
            )
            .examples(&[r#"raster.contour {"layer": "dem", "interval": 100}"#])
            .long()
            .edits_returning(contour),
        CommandDef::build("raster.polygonize")
            .summary("Polygons of a band's classes: one feature per connected region, with its value (as gdal_polygonize)")
            .doc(
                "Cells of equal value that touch make one region; each region becomes one feature (a polygon with \
                 its holes, or with `connectivity: 8` several polygons touching at corners) with the value in \
                 `field` (default `value`) and the number of cells in `cells`. `connectivity` is 4 (cells sharing \
                 a side, the default, as GDAL) or 8 (sides or corners). Cells without data make no polygon. \
                 Outlines follow the cells' edges in the raster's CRS. For a continuous band (elevation) \
                 reclassify first (`raster.reclassify`): every distinct value is a region.",
            )
            .examples(&[
                r#"raster.polygonize {"layer": "landcover"}"#,
                r#"raster.polygonize {"layer": "landcover", "connectivity": 8, "field": "class"}"#,
            ])
            .edits_returning(polygonize),
        CommandDef::build("raster.calc")
            .summary("Band algebra with the expression language, as a new raster layer: \"dem\" > 1000")
            .doc(
                "Each field name in `expression` names a raster layer (`\"dem\"` is its band 1, `\"image@3\"` its \
                 band 3); every raster named must have the same size and georeferencing. The expression is \
                 evaluated cell by cell with the functions of `field.calculate`; `true`/`false` become 1/0, null \
                 (a nodata input, or a null result) becomes nodata (-9999).",
            )
            .examples(&[
                r#"raster.calc {"expression": "\"dem\" > 1000", "name": "high ground"}"#,
                r#"raster.calc {"expression": "(\"image@3\" - \"image@1\") / (\"image@3\" + \"image@1\")"}"#,
            ])
            .long()
            .edits_returning(calc),
    ]
}

/// The named raster layer (or the active one), with an error naming the layer when it is a
/// vector layer.
pub(crate) fn raster_layer<'a>(ctx: &'a Ctx<'_>, name: Option<&str>) -> Result<(&'a Layer, &'a RasterLayer)> {
    let layer = ctx.layer(name)?;
    match &layer.raster {
        Some(raster) => Ok((layer, raster)),
        None => Err(Error::invalid(
            "layer",
            format!(
                "layer '{}' is a vector layer; {} needs a raster layer (open a .tif with layer.open)",
                layer.name,
                ctx.command()
            ),
        )),
    }
}

/// Refuses, before any cell is read, a command that would hold `grids` grids of `width` ×
/// `height` cells (8 bytes each) in memory past the session's new-data limit, naming the size and
/// the limit.
pub(crate) fn check_in_memory(ctx: &Ctx<'_>, width: usize, height: usize, grids: usize, what: &str) -> Result<()> {
    let bytes = (width as u64).saturating_mul(height as u64).saturating_mul(8 * grids as u64);
    let limit = ctx.limits().max_new_data_bytes as u64;
    if bytes > limit {
        return Err(Error::Limit {
            limit: "max_new_data_bytes",
            message: format!(
                "{} holds {what} of {width}×{height} cells in memory ({grids} grid(s) of 8-byte cells, {bytes} \
                 bytes), more than the {limit} bytes one command may use; clip a smaller area first \
                 (raster.clip with a bbox) or raise the session's max_new_data_bytes",
                ctx.command()
            ),
        });
    }
    Ok(())
}

/// Parameters naming one layer, optional.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct LayerParam {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
}

fn info(ctx: &mut Ctx<'_>, p: LayerParam) -> Result<NamedRaster> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    Ok(NamedRaster { raster: describe(layer, raster_layer), layer: layer.name.clone() })
}

/// Parameters of `raster.stats`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct StatsParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// One band, 1-based (default: every band).
    band: Option<usize>,
    /// Histogram bins (default 256, at most 4096).
    bins: Option<usize>,
}

fn band_statistics(ctx: &mut Ctx<'_>, p: StatsParams) -> Result<RasterStats> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let raster = raster_layer.raster.clone();
    let name = layer.name.clone();
    let bands = match p.band {
        Some(band) => vec![check_band(band, raster.info().bands, "band")?],
        None => (0..raster.info().bands).collect(),
    };
    let bins = p.bins.unwrap_or(stats::HISTOGRAM_BINS);
    if !(1..=4096).contains(&bins) {
        return Err(Error::invalid("bins", format!("{bins} is out of range; use 1 to 4096")));
    }
    let n_bands = bands.len();
    let mut out = Vec::new();
    for (i, band) in bands.into_iter().enumerate() {
        let message = format!("statistics of band {}", band + 1);
        let s = stats::band_stats_bins(&raster, 0, band, bins, &mut |f| {
            ctx.progress((i as f64 + f) / n_bands as f64, &message);
            ctx.check_cancelled()
        })?;
        out.push(s);
    }
    Ok(RasterStats { layer: name, bands: out })
}

/// A 1-based band number checked against the raster's bands, as a 0-based index.
pub(crate) fn check_band(band: usize, bands: usize, param: &str) -> Result<usize> {
    if band == 0 || band > bands {
        return Err(Error::invalid(param, format!("band {band} does not exist; the raster has bands 1 to {bands}")));
    }
    Ok(band - 1)
}

/// How a raster style is drawn.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum ModeParam {
    /// One band in grey levels.
    Grey,
    /// One band along a colour ramp.
    Pseudocolor,
    /// Class values through the file's colour map.
    Palette,
    /// Three bands as red, green, blue.
    Rgb,
    /// Shaded relief of an elevation band.
    Hillshade,
}

/// Where a style's range comes from.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum StretchParam {
    /// From the band's minimum to its maximum.
    #[default]
    Minmax,
    /// Between two percentiles of the cells (`percentiles`).
    Percentiles,
    /// The mean ± `stddevs` standard deviations.
    Stddev,
    /// From `min` to `max` as given.
    Values,
}

/// Parameters of `style.raster`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct StyleParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// `grey`, `pseudocolor`, `palette`, `rgb` or `hillshade` (default: the current mode).
    mode: Option<ModeParam>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// `rgb`: the red, green and blue bands (default [1, 2, 3]).
    bands: Option<[usize; 3]>,
    /// `pseudocolor`: the colour ramp (default `viridis`; add `_r` to reverse).
    ramp: Option<String>,
    /// `pseudocolor`: equal classes instead of a continuous ramp (2 to 32).
    classes: Option<usize>,
    /// Where the range comes from: `minmax` (default), `percentiles`, `stddev` or `values`.
    stretch: Option<StretchParam>,
    /// `percentiles`: the low and high percentiles (default [2, 98]).
    percentiles: Option<[f64; 2]>,
    /// `stddev`: how many standard deviations either side of the mean (default 2).
    stddevs: Option<f64>,
    /// `values`: the value at the low end.
    min: Option<f64>,
    /// `values`: the value at the high end.
    max: Option<f64>,
    /// `hillshade`: where the light comes from, degrees clockwise from north (default 315).
    azimuth: Option<f64>,
    /// `hillshade`: the light's height above the horizon in degrees (default 45).
    altitude: Option<f64>,
    /// `hillshade`: vertical exaggeration (default 1).
    z_factor: Option<f64>,
    /// 0 (invisible) to 1 (opaque) (default: as it was).
    opacity: Option<f64>,
    /// `nearest` or `bilinear` (default: as it was).
    resampling: Option<Resampling>,
}

fn style_raster(ctx: &mut Ctx<'_>, p: StyleParams) -> Result<RasterStyled> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let raster = raster_layer.raster.clone();
    let name = layer.name.clone();
    let current = raster_layer.style.clone();
    let info = raster.info();
    let band = check_band(p.band.unwrap_or(1), info.bands, "band")?;
    let mode = p.mode.unwrap_or(match current.mode {
        RasterMode::Grey { .. } => ModeParam::Grey,
        RasterMode::Pseudocolor { .. } => ModeParam::Pseudocolor,
        RasterMode::Palette { .. } => ModeParam::Palette,
        RasterMode::Rgb { .. } => ModeParam::Rgb,
        RasterMode::Hillshade { .. } => ModeParam::Hillshade,
    });
    let range = |band: usize| -> Result<(f64, f64)> { stretch_range(&raster, band, &p) };
    let mode = match mode {
        ModeParam::Grey => {
            let (min, max) = range(band)?;
            RasterMode::Grey { band: band + 1, min, max }
        }
        ModeParam::Pseudocolor => {
            let ramp = Ramp::by_name(p.ramp.as_deref().unwrap_or("viridis"))?;
            if let Some(classes) = p.classes
                && !(2..=32).contains(&classes)
            {
                return Err(Error::invalid("classes", format!("{classes} is out of range; use 2 to 32")));
            }
            let (min, max) = range(band)?;
            RasterMode::Pseudocolor { band: band + 1, ramp: ramp.name(), min, max, classes: p.classes }
        }
        ModeParam::Palette => match RasterStyle::default_for(&raster)?.mode {
            palette @ RasterMode::Palette { .. } => palette,
            _ => {
                return Err(Error::invalid(
                    "mode",
                    format!("layer '{name}' has no colour map; use pseudocolor with classes, or grey"),
                ));
            }
        },
        ModeParam::Rgb => {
            let [r, g, b] = p.bands.unwrap_or([1, 2, 3]);
            let bands = [
                check_band(r, info.bands, "bands")?,
                check_band(g, info.bands, "bands")?,
                check_band(b, info.bands, "bands")?,
            ];
            let mut min = [0.0; 3];
            let mut max = [255.0; 3];
            for (i, band) in bands.iter().enumerate() {
                (min[i], max[i]) = range(*band)?;
            }
            // An RGBA image keeps drawing through its alpha band.
            RasterMode::Rgb { bands: bands.map(|b| b + 1), min, max, alpha: info.alpha.map(|band| band + 1) }
        }
        ModeParam::Hillshade => {
            let azimuth = p.azimuth.unwrap_or(315.0);
            let altitude = p.altitude.unwrap_or(45.0);
            let z_factor = p.z_factor.unwrap_or(1.0);
            check_light(azimuth, altitude, z_factor)?;
            RasterMode::Hillshade { band: band + 1, azimuth, altitude, z_factor }
        }
    };
    let opacity = p.opacity.unwrap_or(current.opacity);
    if !(0.0..=1.0).contains(&opacity) {
        return Err(Error::invalid("opacity", format!("{opacity} is out of range; use 0 (invisible) to 1 (opaque)")));
    }
    let resampling = p.resampling.unwrap_or(current.resampling);
    let style = RasterStyle { mode, opacity, resampling };
    let layer = ctx.layer_mut(Some(&name))?;
    if let Some(raster_layer) = &mut layer.raster {
        raster_layer.style = style.clone();
    }
    Ok(RasterStyled { layer: name, style })
}

/// Checks the light of a hillshade.
pub(crate) fn check_light(azimuth: f64, altitude: f64, z_factor: f64) -> Result<()> {
    if !azimuth.is_finite() {
        return Err(Error::invalid("azimuth", "give degrees clockwise from north, such as 315"));
    }
    if !(0.0..=90.0).contains(&altitude) {
        return Err(Error::invalid("altitude", format!("{altitude} is out of range; use 0 to 90 degrees")));
    }
    if !z_factor.is_finite() || z_factor <= 0.0 {
        return Err(Error::invalid("z_factor", format!("{z_factor} is not a positive number")));
    }
    Ok(())
}

/// The range a stretch gives a band, from quick statistics.
fn stretch_range(raster: &crate::raster::Raster, band: usize, p: &StyleParams) -> Result<(f64, f64)> {
    let stretch = p.stretch.unwrap_or(if p.min.is_some() || p.max.is_some() {
        StretchParam::Values
    } else {
        StretchParam::Minmax
    });
    let quick = || stats::quick_stats(raster, band);
    let no_data = || Error::invalid("layer", format!("band {} has no cells with data to stretch over", band + 1));
    let (min, max) = match stretch {
        StretchParam::Minmax => {
            let s = quick()?;
            (s.min.ok_or_else(no_data)?, s.max.ok_or_else(no_data)?)
        }
        StretchParam::Percentiles => {
            let [low, high] = p.percentiles.unwrap_or([2.0, 98.0]);
            if !(0.0..high).contains(&low) || high > 100.0 {
                return Err(Error::invalid("percentiles", "give [low, high] with 0 <= low < high <= 100"));
            }
            let s = quick()?;
            (s.percentile(low / 100.0).ok_or_else(no_data)?, s.percentile(high / 100.0).ok_or_else(no_data)?)
        }
        StretchParam::Stddev => {
            let n = p.stddevs.unwrap_or(2.0);
            if !n.is_finite() || n <= 0.0 {
                return Err(Error::invalid("stddevs", format!("{n} is not a positive number")));
            }
            let s = quick()?;
            let (mean, std) = (s.mean.ok_or_else(no_data)?, s.std.ok_or_else(no_data)?);
            (mean - n * std, mean + n * std)
        }
        StretchParam::Values => {
            let (Some(min), Some(max)) = (p.min, p.max) else {
                return Err(Error::invalid("stretch", "values needs both min and max"));
            };
            (min, max)
        }
    };
    if !(min.is_finite() && max.is_finite()) || min > max {
        return Err(Error::invalid("min", format!("the range {min} to {max} is empty; give min <= max")));
    }
    Ok((min, max))
}

/// Parameters of `raster.sample` and `raster.zonalStats`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OverlayParams {
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
    let name = match name {
        Some(name) => {
            crate::commands::project::check_layer_name(&name)?;
            name
        }
        None => ctx.project().unique_name(default_name),
    };
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

fn sample(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<WithFields> {
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

fn zonal(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<WithFields> {
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

/// Parameters of the terrain commands.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TerrainParams {
    /// The elevation raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The band, 1-based (default 1).
    band: Option<usize>,
    /// Hillshade: where the light comes from, degrees clockwise from north (default 315).
    azimuth: Option<f64>,
    /// Hillshade: the light's height above the horizon in degrees (default 45).
    altitude: Option<f64>,
    /// Vertical exaggeration (default 1).
    z_factor: Option<f64>,
    /// The new layer's name (default `<layer> hillshade`, `<layer> slope`, `<layer> aspect`).
    name: Option<String>,
}

/// Which terrain grid a command makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Terrain {
    Hillshade,
    Slope,
    Aspect,
}

fn hillshade(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Hillshade)
}

fn slope(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Slope)
}

fn aspect(ctx: &mut Ctx<'_>, p: TerrainParams) -> Result<NamedRaster> {
    terrain_command(ctx, p, Terrain::Aspect)
}

fn terrain_command(ctx: &mut Ctx<'_>, p: TerrainParams, what: Terrain) -> Result<NamedRaster> {
    use crate::raster::terrain;
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, crs, raster) = (layer.name.clone(), layer.crs, raster_layer.raster.clone());
    let band = check_band(p.band.unwrap_or(1), raster.info().bands, "band")?;
    let light = terrain::Light {
        azimuth: p.azimuth.unwrap_or(315.0),
        altitude: p.altitude.unwrap_or(45.0),
        z_factor: p.z_factor.unwrap_or(1.0),
    };
    check_light(light.azimuth, light.altitude, light.z_factor)?;
    check_in_memory(ctx, raster.info().width, raster.info().height, 2, "the elevation band and its result")?;
    ctx.progress(0.0, "reading the elevation");
    let dem = raster.read_band(band)?;
    ctx.check_cancelled()?;
    ctx.progress(0.5, "computing");
    let transform = raster.info().transform;
    let geographic = crs.is_geographic();
    let (grid, word) = match what {
        Terrain::Hillshade => (terrain::hillshade(&dem, &transform, geographic, light)?, "hillshade"),
        Terrain::Slope => (terrain::slope(&dem, &transform, geographic, light.z_factor)?, "slope"),
        Terrain::Aspect => (terrain::aspect(&dem, &transform, geographic)?, "aspect"),
    };
    ctx.check_cancelled()?;
    add_grid_layer(ctx, vec![grid], transform, crs, p.name, &format!("{name} {word}"))
}

/// Adds a raster layer held in memory (a command's result) and describes it.
pub(crate) fn add_grid_layer(
    ctx: &mut Ctx<'_>,
    grids: Vec<crate::raster::Grid>,
    transform: crate::raster::GeoTransform,
    crs: crate::layer::Crs,
    name: Option<String>,
    default_name: &str,
) -> Result<NamedRaster> {
    let name = match name {
        Some(name) => {
            crate::commands::project::check_layer_name(&name)?;
            name
        }
        None => ctx.project().unique_name(default_name),
    };
    let raster = crate::raster::Raster::from_grids(grids, transform, Some(crs))?;
    let mut layer = Layer::from_raster(name, raster)?;
    layer.crs = crs;
    let name = ctx.add_layer(layer)?.name.clone();
    let layer = ctx.project().require(&name)?;
    let raster_layer = layer.raster.as_ref().expect("a layer made from grids is a raster layer");
    Ok(NamedRaster { raster: describe(layer, raster_layer), layer: name })
}

/// The cell type `raster.export` writes.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum CellParam {
    /// 32-bit floating point.
    #[default]
    Float32,
    /// 64-bit floating point.
    Float64,
}

/// Parameters of `raster.export`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExportParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// The `.tif` file to write.
    path: String,
    /// `float32` (default) or `float64`.
    data_type: Option<CellParam>,
    /// Replace the file if it exists (default false).
    #[serde(default)]
    overwrite: bool,
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<RasterWritten> {
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, raster) = (layer.name.clone(), raster_layer.raster.clone());
    let path = crate::io::project_file::absolute(&ctx.resolve_path(&p.path));
    let cell = match p.data_type.unwrap_or_default() {
        CellParam::Float32 => crate::raster::WriteType::F32,
        CellParam::Float64 => crate::raster::WriteType::F64,
    };
    ctx.progress(0.0, &format!("writing {}", path.display()));
    let bytes = crate::raster::write_geotiff(&raster, &path, p.overwrite, cell)?;
    Ok(RasterWritten { layer: name, path, bytes, format: "geotiff".to_owned() })
}

/// What reclassification does with values in no range.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum UnmatchedParam {
    /// They become nodata.
    #[default]
    Nodata,
    /// They keep their value.
    Keep,
}

/// Parameters of `raster.reclassify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ReclassifyParams {
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

fn reclassify(ctx: &mut Ctx<'_>, p: ReclassifyParams) -> Result<NamedRaster> {
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
struct ClipParams {
    /// The raster layer (default: the caller's active layer).
    layer: Option<String>,
    /// A box `[min_x, min_y, max_x, max_y]` in the raster's CRS.
    bbox: Option<[f64; 4]>,
    /// A polygon layer to clip by.
    mask: Option<String>,
    /// The new layer's name (default `<layer> clipped`).
    name: Option<String>,
}

fn clip(ctx: &mut Ctx<'_>, p: ClipParams) -> Result<NamedRaster> {
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

/// Parameters of `raster.contour`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ContourParams {
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

fn contour(ctx: &mut Ctx<'_>, p: ContourParams) -> Result<Traced> {
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
    let out_name = match p.name {
        Some(n) => {
            crate::commands::project::check_layer_name(&n)?;
            n
        }
        None => ctx.project().unique_name(&format!("{name} contours")),
    };
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

/// Parameters of `raster.calc`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CalcParams {
    /// The expression; field names are raster layers (`"dem"`, or `"image@2"` for band 2).
    expression: String,
    /// The new layer's name (default `calc`).
    name: Option<String>,
}

fn calc(ctx: &mut Ctx<'_>, p: CalcParams) -> Result<NamedRaster> {
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

/// Parameters of `raster.polygonize`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PolygonizeParams {
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

fn polygonize(ctx: &mut Ctx<'_>, p: PolygonizeParams) -> Result<Traced> {
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
    let out_name = match p.name {
        Some(n) => {
            crate::commands::project::check_layer_name(&n)?;
            n
        }
        None => ctx.project().unique_name(&format!("{name} polygons")),
    };
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
