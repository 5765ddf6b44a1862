//! `raster.*` and `style.raster`: describe, measure, style and analyse raster layers. Every
//! analysis makes a new layer and leaves its input as it was.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::command::{CommandDef, Ctx, WritePath};
use crate::error::{Error, Result};
use crate::layer::{Layer, RasterLayer};
use crate::policy::Access;
use crate::raster::stats;

mod cells;
mod results;
mod style;
mod terrain;
mod trace;
mod zonal;

use cells::{calc, clip, reclassify};
pub(crate) use results::{NamedRaster, RasterDescription, describe};
use results::{RasterStats, RasterWritten};
use style::style_raster;
use terrain::{aspect, hillshade, slope};
use trace::{contour, polygonize};
use zonal::{sample, zonal};

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

/// Adds a raster layer held in memory (a command's result) and describes it.
pub(crate) fn add_grid_layer(
    ctx: &mut Ctx<'_>,
    grids: Vec<crate::raster::Grid>,
    transform: crate::raster::GeoTransform,
    crs: crate::layer::Crs,
    name: Option<String>,
    default_name: &str,
) -> Result<NamedRaster> {
    let name = new_layer_name(ctx, name, default_name)?;
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
    path: WritePath,
    /// `float32` (default) or `float64`.
    data_type: Option<CellParam>,
    /// Replace the file if it exists (default false).
    #[serde(default)]
    overwrite: bool,
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<RasterWritten> {
    let path = crate::io::project_file::absolute(&ctx.write_path(&p.path)?);
    let (layer, raster_layer) = raster_layer(ctx, p.layer.as_deref())?;
    let (name, raster) = (layer.name.clone(), raster_layer.raster.clone());
    let cell = match p.data_type.unwrap_or_default() {
        CellParam::Float32 => crate::raster::WriteType::F32,
        CellParam::Float64 => crate::raster::WriteType::F64,
    };
    ctx.progress(0.0, &format!("writing {}", path.display()));
    let bytes = crate::raster::write_geotiff(&raster, &path, p.overwrite || ctx.may_replace(&path), cell)?;
    Ok(RasterWritten { layer: name, path, bytes, format: "geotiff".to_owned() })
}

/// The name given for a command's new layer, checked, or else `default_name` made unique.
fn new_layer_name(ctx: &Ctx<'_>, name: Option<String>, default_name: &str) -> Result<String> {
    match name {
        Some(name) => {
            crate::commands::project::check_layer_name(&name)?;
            Ok(name)
        }
        None => Ok(ctx.project().unique_name(default_name)),
    }
}
