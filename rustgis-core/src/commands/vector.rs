//! `vector.*`: geoprocessing. Each tool makes a new layer (never changing its inputs), which is
//! one undo step and becomes the caller's active layer; `vector.selectByLocation` changes only a
//! selection. The algorithms live in [`crate::geoprocessing`].

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx};
use crate::commands::postgis::Overlay;
use crate::commands::project::check_layer_name;
use crate::commands::results::NewLayer;
use crate::error::{Error, Result};
use crate::geoprocessing::{
    self as gp, BufferOptions, Derived, Distance, GridShape, Job, NearestOptions, Predicate, Summary, Unit,
};
use crate::layer::{Crs, Extent, GeometryKind, Layer};
use crate::style::{Color, Style, Symbol};

mod join;
mod measure;

/// The tables `vector.joinAttributes`' examples join: rates by ISO code, capitals by country name.
const JOIN_TABLES: &str = r#"layer.addGeoJSON {"name": "unemployment", "geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"code": "FRA", "rate": 7.3}, "geometry": null}]}}
layer.addGeoJSON {"name": "capitals", "geojson": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"country": "france", "capital": "Paris"}, "geometry": null}]}}"#;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("vector.buffer")
            .on_features_or_database()
            .summary("Buffer features by a distance on the ground (geodesic on lon/lat layers)")
            .doc("Makes a layer of the areas within `distance` of each feature. On a geographic layer the distance is \
             geodesic: points become circles whose every vertex is exactly `distance` from the centre on the \
             WGS 84 ellipsoid, and lines and polygons are buffered in an azimuthal equidistant projection centred \
             on each feature. Results that cross the antimeridian are split there. On a projected layer the buffer \
             is planar in the layer's units. `unit` is m (default), km, mi, nmi, or deg (planar degrees, geographic \
             layers only). A negative distance shrinks polygons (points and lines vanish). `segments` is per \
             quarter circle (default 8). `dissolve` merges the buffers into one feature. The result keeps the \
             input's fields; invalid polygons are repaired first and named in the notices.")
            .examples(&[
                r#"vector.buffer {"layer": "cities", "distance": 200, "unit": "km"}"#,
                r#"vector.buffer {"layer": "countries", "distance": -20, "unit": "km", "name": "inland"}"#,
            ])
            .long()
            .edits_returning(buffer),
        CommandDef::build("vector.clip")
            .on_features_or_database()
            .summary("Keep the parts of features inside a mask polygon layer")
            .doc("Each feature is cut to the polygons of `mask` (points inside are kept, lines and polygons are cut). \
             Features wholly outside are left out. Fields and ids are kept. A mask in another CRS is reprojected \
             to the layer's first.")
            .examples(&[r#"vector.clip {"layer": "cities", "mask": "countries"}"#])
            .long()
            .edits_returning(clip),
        CommandDef::build("vector.intersection")
            .on_features_or_database()
            .summary("Intersect features with an overlay polygon layer, keeping the attributes of both")
            .doc("One feature per overlapping pair of a feature and an overlay polygon, with the layer's fields then the \
             overlay's (a field name already taken gets `_2`). Ids are new, 1 upwards.")
            .examples(&[r#"vector.intersection {"layer": "cities", "overlay": "countries"}"#])
            .long()
            .edits_returning(intersection),
        CommandDef::build("vector.union")
            .on_features_or_database()
            .summary("Union of two polygon layers, split into pieces with the attributes of each side")
            .doc("Pieces where both layers overlap carry both sets of fields; pieces of only one layer carry nulls for \
             the other's fields (names as in `vector.intersection`). Ids are new.")
            .examples(&[r#"vector.union {"layer": "countries", "overlay": "countries", "name": "overlaps"}"#])
            .long()
            .edits_returning(union),
        CommandDef::build("vector.difference")
            .on_features_or_database()
            .summary("Subtract an overlay polygon layer from each feature")
            .doc("Each feature minus every overlay polygon. Features wholly covered are left out. Fields and ids kept.")
            .examples(&[r#"vector.difference {"layer": "coastline", "overlay": "countries", "name": "coast beyond the land"}"#])
            .long()
            .edits_returning(difference),
        CommandDef::build("vector.dissolve")
            .summary("Merge features, all together or by the values of fields")
            .doc("Polygons are unioned; lines and points become multi-geometries. Each result keeps the fields and \
             values of the first feature of its group and adds `n_features` (how many were merged).")
            .examples(&[r#"vector.dissolve {"layer": "countries", "by": "continent"}"#])
            .long()
            .edits_returning(dissolve),
        CommandDef::build("vector.centroids")
            .summary("The centroid of each feature, as a point layer")
            .doc("Fields and ids are kept. On a geographic layer, features across the antimeridian (Fiji, Russia) are \
             measured with unwrapped longitudes, so their centroids stay on their side of the Earth.")
            .examples(&[r#"vector.centroids {"layer": "countries"}"#])
            .edits_returning(centroids),
        CommandDef::build("vector.convexHull")
            .summary("The convex hull of each feature, or of the whole layer")
            .doc("With `dissolve`, one hull of all features (carrying the first feature's attributes).")
            .examples(&[
                r#"vector.convexHull {"layer": "countries"}"#,
                r#"vector.convexHull {"layer": "cities", "dissolve": true}"#,
            ])
            .edits_returning(convex_hull),
        CommandDef::build("vector.simplify")
            .summary("Simplify lines and polygons (Douglas–Peucker) within a tolerance")
            .doc("No vertex moves further than `tolerance`. On a geographic layer a tolerance in m/km/mi/nmi is turned \
             into degrees at 111,320 m per degree; `deg` is taken as is. Polygons made invalid are repaired.")
            .examples(&[r#"vector.simplify {"layer": "countries", "tolerance": 20, "unit": "km"}"#])
            .edits_returning(simplify),
        CommandDef::build("vector.reproject")
            .summary("Reproject a layer to another CRS (a code, WKT, PROJJSON, a proj string or a world projection's name)")
            .doc("Through PROJ, with the transformation PROJ chooses for the pair (grids used when installed; \
             without one, a notice names the grid and the accuracy of the fall-back); EPSG:4326 ⇄ EPSG:3857 \
             use Web Mercator's exact formulas (latitudes beyond ±85.0511° are clamped, with a notice). Features \
             wholly outside where the CRS is usable (80° either side of a transverse Mercator's meridian, a cap \
             around an azimuthal projection's centre…) are left out and features partly outside are clipped; a \
             notice names each one. A geocentric or 3D CRS (EPSG:4978) is refused. Fields and ids are kept.")
            .examples(&[r#"vector.reproject {"layer": "countries", "crs": "EPSG:3857"}"#])
            .long()
            .edits_returning(reproject),
        CommandDef::build("vector.joinAttributes")
            .summary("Join a table's fields to a layer by a key field (QGIS's \"Join attributes by field value\"): a CSV, an attribute table or another layer")
            .doc("Each feature of `layer` takes the fields of the row of `join_layer` (any layer: a CSV or a \
             GeoPackage attribute table opened with layer.open, with or without geometry) whose `join_field` \
             equals its `field`. Keys are compared as values: 4, 4.0 and \"4\" are one key, text is trimmed, and \
             `ignore_case` compares text without case. `method` `first` (default) takes the first matching row; \
             `many` makes one feature per matching row. Features no row matches keep nulls (or are left out with \
             `discard_unmatched`). The result is a new layer and says how many features matched, the first \
             keys that did not, and the keys on more than one row; a join where nothing matched names both \
             key fields' types. Copied fields keep their names (with `prefix`; a name already taken gets _2).")
            .examples(&[
                r#"vector.joinAttributes {"layer": "countries", "field": "iso_a3", "join_layer": "unemployment", "join_field": "code"}"#,
                r#"vector.joinAttributes {"layer": "countries", "field": "name", "join_layer": "capitals", "join_field": "country", "fields": ["capital"], "ignore_case": true, "discard_unmatched": true}"#,
            ])
            .example_setup(JOIN_TABLES)
            .edits_returning(join::join_attributes),
        CommandDef::build("vector.spatialJoin")
            .on_features_or_database()
            .summary("Join attributes by location: intersects, within, contains or nearest")
            .doc("Every feature of `layer` with attributes of the `join_layer` features it relates to: `within` \
             (`layer` within `join_layer`), `contains` (`layer` contains `join_layer`), `intersects`, or the `nearest` join feature (geodesic). `summary` first \
             (default: the first match's fields; with nearest also `join_distance_km`), count (`join_count`), or \
             sum/mean/min/max of each numeric join field (`<field>_<summary>`, with `join_count`). Features without \
             a match get nulls (count 0). Both layers must share a CRS.")
            .examples(&[
                r#"vector.spatialJoin {"layer": "countries", "join_layer": "cities", "predicate": "contains", "summary": "count"}"#,
                r#"vector.spatialJoin {"layer": "cities", "join_layer": "countries", "predicate": "within"}"#,
            ])
            .long()
            .edits_returning(spatial_join),
        CommandDef::build("vector.nearest")
            .summary("Find each feature's nearest feature of another layer, with the geodesic distance")
            .doc("Adds the `join_layer`'s fields and `distance_<unit>` (default km). Point-to-point distances are exact \
             geodesics; with lines or polygons they are measured in an azimuthal equidistant projection centred on \
             the feature. A point inside a polygon is 0 from it. Beyond `max_distance` the fields stay null.")
            .examples(&[r#"vector.nearest {"layer": "cities", "join_layer": "coastline", "unit": "km"}"#])
            .long()
            .edits_returning(nearest),
        CommandDef::build("vector.filter")
            .on_features_or_database()
            .summary("Copy the features matching an expression to a new layer")
            .doc("`where` is a QGIS expression (`\"pop_est\" > 1e8 AND continent = 'Asia'`, `$area > 1e12`); features \
             for which it is true are copied with their fields and ids. NULL counts as false. The input is unchanged; \
             to select instead, use `feature.select`.")
            .examples(&[r#"vector.filter {"layer": "countries", "where": "continent = 'Africa' AND pop_est > 5e7"}"#])
            .edits_returning(filter),
        CommandDef::build("vector.selectByLocation")
            .summary("Select the features that intersect, lie within, contain or are disjoint from another layer's")
            .doc("Changes only the layer's selection (one undo step); makes no layer. `mode` replace (default), add \
             (to the selection) or intersect (with it).")
            .examples(&[r#"vector.selectByLocation {"layer": "cities", "intersecting": "countries", "predicate": "disjoint"}"#])
            .edits_returning(select_by_location),
        CommandDef::build("vector.area")
            .summary("Add each feature's area in a unit (km² by default; geodesic on lon/lat layers), to a copy or in place")
            .doc("A copy of the layer with `area_km2` (float; null for points and lines): geodesic on WGS 84 on a \
             geographic layer, planar on a projected one. `unit` is m2, km2, ha, mi2, acre or ft2 (the field is \
             `area_<unit>` unless `field` names it); `in_place: true` writes the field into the layer itself, as \
             QGIS's field calculator writes `$area` (a number field of that name is overwritten; one undo step).")
            .examples(&[
                r#"vector.area {"layer": "countries"}"#,
                r#"vector.area {"layer": "countries", "unit": "ha", "field": "hectares", "in_place": true}"#,
            ])
            .edits_returning(measure::area),
        CommandDef::build("vector.length")
            .summary("Add each feature's length in a unit (km by default; geodesic on lon/lat layers), to a copy or in place")
            .doc("A copy of the layer with `length_km` (float: the length of lines, the perimeter of polygons, null for \
             points): geodesic on a geographic layer, planar on a projected one. `unit` is m, km, mi, nmi or ft \
             (the field is `length_<unit>` unless `field` names it); `in_place: true` writes the field into the \
             layer itself.")
            .examples(&[
                r#"vector.length {"layer": "coastline"}"#,
                r#"vector.length {"layer": "coastline", "unit": "nmi", "in_place": true}"#,
            ])
            .edits_returning(measure::length),
        CommandDef::build("vector.grid")
            .summary("Make a grid of square or hexagonal cells over an extent")
            .doc("`extent` is [min_x, min_y, max_x, max_y] or a layer's name (its extent and CRS). `cell` is the cell \
             width in the CRS's units (degrees for EPSG:4326); on a geographic CRS a `unit` of m/km/mi/nmi is \
             turned into degrees at 111,320 m per degree. Fields `id`, `row`, `col`. At most 1,000,000 cells.")
            .examples(&[
                r#"vector.grid {"extent": [-10, 35, 30, 60], "cell": 1, "shape": "hex"}"#,
                r#"vector.grid {"extent": "countries", "cell": 10, "shape": "square"}"#,
            ])
            .edits_returning(grid),
    ]
}

/// Parameters of `vector.buffer`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct BufferParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// How far; negative shrinks polygons.
    distance: f64,
    /// m (default), km, mi, nmi, or deg (planar degrees, geographic layers only).
    unit: Option<Unit>,
    /// Segments per quarter circle (default 8, at most 256).
    segments: Option<usize>,
    /// Merge all buffers into one feature (default false).
    dissolve: Option<bool>,
    /// The new layer's name (default `<layer> buffer <distance> <unit>`).
    name: Option<String>,
}

fn buffer(ctx: &mut Ctx<'_>, p: BufferParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let unit = p.unit.unwrap_or_default();
    let distance = Distance::resolve(p.distance, unit, layer.crs, "distance")?;
    let segments = p.segments.unwrap_or(8);
    if !(1..=256).contains(&segments) {
        return Err(Error::invalid("segments", format!("{segments} is out of range; use 1 to 256 per quarter circle")));
    }
    let dissolve = p.dissolve.unwrap_or(false);
    if let (Some(source), Distance::Ground(metres), false) = (layer.postgis(), distance, dissolve) {
        // A PostGIS layer in longitude/latitude: PostGIS buffers on the geography itself.
        let derived = super::postgis::buffer_in_database(ctx, &layer, source, metres, segments)?;
        let default_name = format!("{} buffer {} {}", layer.name, trim_number(p.distance), unit.name());
        return finish(ctx, derived, p.name, &default_name, layer.crs);
    }
    let layer = super::postgis::in_memory(ctx, layer)?;
    let options = BufferOptions { distance, segments, dissolve };
    let derived = run(ctx, |job| gp::buffer_layer(&layer, &options, job))?;
    let default_name = format!("{} buffer {} {}", layer.name, trim_number(p.distance), unit.name());
    if layer.crs == Crs::WEB_MERCATOR && unit != Unit::Deg {
        ctx.notice("EPSG:3857 metres are not ground metres: they stretch by 1/cos(latitude); reproject to EPSG:4326 for a buffer on the ground");
    }
    finish(ctx, derived, p.name, &default_name, layer.crs)
}

/// Parameters of `vector.clip`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ClipParams {
    /// The layer to clip (default: the caller's active layer).
    layer: Option<String>,
    /// The polygon layer to clip by.
    mask: String,
    /// The new layer's name (default `<layer> clipped`).
    name: Option<String>,
}

fn clip(ctx: &mut Ctx<'_>, p: ClipParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let default_name = format!("{} clipped", layer.name);
    let derived = match in_database(ctx, Overlay::Clip, &layer, &p.mask)? {
        Some(derived) => derived,
        None => {
            let layer = super::postgis::in_memory(ctx, layer.clone())?;
            let mask = aligned(ctx, &p.mask, layer.crs)?;
            run(ctx, |job| gp::clip(&layer, &mask, job))?
        }
    };
    finish(ctx, derived, p.name, &default_name, layer.crs)
}

/// Parameters of the two-layer overlays.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OverlayParams {
    /// The input layer (default: the caller's active layer).
    layer: Option<String>,
    /// The overlay polygon layer.
    overlay: String,
    /// The new layer's name (default `<layer> <operation> <overlay>`).
    name: Option<String>,
}

fn intersection(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<NewLayer> {
    overlay(ctx, p, Overlay::Intersection, gp::intersection)
}

fn union(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<NewLayer> {
    overlay(ctx, p, Overlay::Union, gp::union)
}

fn difference(ctx: &mut Ctx<'_>, p: OverlayParams) -> Result<NewLayer> {
    overlay(ctx, p, Overlay::Difference, gp::difference)
}

fn overlay(
    ctx: &mut Ctx<'_>,
    p: OverlayParams,
    operation: Overlay,
    f: fn(&Layer, &Layer, &Job<'_>) -> Result<Derived>,
) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let default_name = format!("{} {} {}", layer.name, operation.name(), p.overlay);
    let derived = match in_database(ctx, operation, &layer, &p.overlay)? {
        Some(derived) => derived,
        None => {
            let layer = super::postgis::in_memory(ctx, layer.clone())?;
            let other = aligned(ctx, &p.overlay, layer.crs)?;
            run(ctx, |job| f(&layer, &other, job))?
        }
    };
    finish(ctx, derived, p.name, &default_name, layer.crs)
}

/// An overlay run in the database, as one query, when both layers are PostGIS tables on one
/// connection; `None` when it must run here (a PostGIS layer on either side is then streamed
/// into memory).
fn in_database(ctx: &mut Ctx<'_>, operation: Overlay, layer: &Layer, other: &str) -> Result<Option<Derived>> {
    let other = ctx.project().require(other)?.clone();
    let Some((source, other_source)) = super::postgis::overlay_sources(operation, layer, &other) else {
        return Ok(None);
    };
    ctx.progress(0.0, &format!("the {} runs in PostGIS", operation.name()));
    let derived = super::postgis::overlay_in_database(ctx, operation, layer, source, &other, other_source)?;
    ctx.progress(1.0, "done");
    Ok(Some(derived))
}

/// One field name or several.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Fields {
    /// One field.
    One(String),
    /// Several fields.
    Many(Vec<String>),
}

/// Parameters of `vector.dissolve`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DissolveParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// A field or fields whose values group the features (default: all in one).
    by: Option<Fields>,
    /// The new layer's name (default `<layer> dissolved`).
    name: Option<String>,
}

fn dissolve(ctx: &mut Ctx<'_>, p: DissolveParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let by = match p.by {
        None => Vec::new(),
        Some(Fields::One(name)) => vec![name],
        Some(Fields::Many(names)) => names,
    };
    let derived = run(ctx, |job| gp::dissolve(&layer, &by, job))?;
    let default_name = if by.is_empty() {
        format!("{} dissolved", layer.name)
    } else {
        format!("{} by {}", layer.name, by.join(", "))
    };
    finish(ctx, derived, p.name, &default_name, layer.crs)
}

/// Parameters of tools that take one layer and a name.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct LayerParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The new layer's name (default `<layer> <tool>`).
    name: Option<String>,
}

fn centroids(ctx: &mut Ctx<'_>, p: LayerParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let derived = run(ctx, |job| gp::centroids(&layer, job))?;
    finish(ctx, derived, p.name, &format!("{} centroids", layer.name), layer.crs)
}

/// Parameters of `vector.convexHull`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct HullParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// One hull of the whole layer instead of one per feature (default false).
    dissolve: Option<bool>,
    /// The new layer's name (default `<layer> convex hull`).
    name: Option<String>,
}

fn convex_hull(ctx: &mut Ctx<'_>, p: HullParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let derived = run(ctx, |job| gp::convex_hull(&layer, p.dissolve.unwrap_or(false), job))?;
    finish(ctx, derived, p.name, &format!("{} convex hull", layer.name), layer.crs)
}

/// Parameters of `vector.simplify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SimplifyParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// How far a vertex may move.
    tolerance: f64,
    /// m (default), km, mi, nmi, or deg.
    unit: Option<Unit>,
    /// The new layer's name (default `<layer> simplified`).
    name: Option<String>,
}

fn simplify(ctx: &mut Ctx<'_>, p: SimplifyParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let tolerance = Distance::resolve(p.tolerance, p.unit.unwrap_or_default(), layer.crs, "tolerance")?;
    let derived = run(ctx, |job| gp::simplify(&layer, tolerance, job))?;
    finish(ctx, derived, p.name, &format!("{} simplified", layer.name), layer.crs)
}

/// Parameters of `vector.reproject`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ReprojectParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The target CRS: `EPSG:3857`, `EPSG:32633`, `4326`…
    crs: String,
    /// The new layer's name (default `<layer> <crs>`).
    name: Option<String>,
}

fn reproject(ctx: &mut Ctx<'_>, p: ReprojectParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let crs = Crs::parse(&p.crs).map_err(|e| Error::invalid("crs", e))?;
    let derived = run(ctx, |job| gp::reproject_layer(&layer, crs, job))?;
    finish(ctx, derived, p.name, &format!("{} {crs}", layer.name), crs)
}

/// Parameters of `vector.spatialJoin`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct JoinParams {
    /// The layer whose features are kept and receive attributes (default: the caller's active
    /// layer).
    layer: Option<String>,
    /// The layer whose attributes are joined.
    join_layer: String,
    /// intersects, within (`layer` within `join_layer`), contains (`layer` contains `join_layer`)
    /// or nearest.
    predicate: Predicate,
    /// first (default), count, sum, mean, min or max.
    summary: Option<Summary>,
    /// The new layer's name (default `<layer> join <join_layer>`).
    name: Option<String>,
}

fn spatial_join(ctx: &mut Ctx<'_>, p: JoinParams) -> Result<NewLayer> {
    let target = ctx.layer(p.layer.as_deref())?.clone();
    let join = ctx.project().require(&p.join_layer)?.clone();
    let summary = p.summary.unwrap_or_default();
    if let (Some(target_source), Some(join_source), Predicate::Intersects, Summary::Count) =
        (target.postgis(), join.postgis(), p.predicate, summary)
        && target_source.connection == join_source.connection
    {
        // Both tables live in one database: the join runs there, through its spatial index.
        let derived = super::postgis::count_join_in_database(ctx, &target, target_source, join_source)?;
        return finish(ctx, derived, p.name, &format!("{} join {}", target.name, join.name), target.crs);
    }
    let target = super::postgis::in_memory(ctx, target)?;
    let join = super::postgis::in_memory(ctx, join)?;
    let derived = run(ctx, |job| gp::spatial_join(&target, &join, p.predicate, summary, job))?;
    finish(ctx, derived, p.name, &format!("{} join {}", target.name, join.name), target.crs)
}

/// Parameters of `vector.nearest`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NearestParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The layer to search.
    join_layer: String,
    /// Match only features at most this far (in `unit`).
    max_distance: Option<f64>,
    /// The unit of `max_distance` and of the distance field: km (default), m, mi or nmi.
    unit: Option<Unit>,
    /// The new layer's name (default `<layer> nearest <join_layer>`).
    name: Option<String>,
}

fn nearest(ctx: &mut Ctx<'_>, p: NearestParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let to = ctx.project().require(&p.join_layer)?.clone();
    let to = super::postgis::in_memory(ctx, to)?;
    let unit = p.unit.unwrap_or(Unit::Km);
    let max_distance = p.max_distance.map(|d| Distance::resolve(d, unit, layer.crs, "max_distance")).transpose()?;
    let options = NearestOptions { max_distance, unit };
    let derived = run(ctx, |job| gp::nearest(&layer, &to, &options, job))?;
    finish(ctx, derived, p.name, &format!("{} nearest {}", layer.name, to.name), layer.crs)
}

/// Parameters of `vector.filter`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FilterParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The QGIS expression a feature must make true.
    #[serde(rename = "where")]
    where_: String,
    /// The new layer's name (default `<layer> filtered`).
    name: Option<String>,
    /// PostGIS layers: only features whose geometry's box meets this box `[min_x, min_y, max_x,
    /// max_y]` (longitude/latitude unless `bbox_crs` says otherwise), read with the filter in one query.
    bbox: Option<[f64; 4]>,
    /// The CRS of `bbox` (default EPSG:4326).
    bbox_crs: Option<String>,
}

fn filter(ctx: &mut Ctx<'_>, p: FilterParams) -> Result<NewLayer> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    if let Some(source) = layer.postgis() {
        // The matching features come from the database into a new layer in memory.
        let bbox = match p.bbox {
            Some(bbox) => Some(crate::project::read_bbox("bbox", bbox, p.bbox_crs.as_deref(), layer.crs)?),
            None => None,
        };
        let filter = ctx.expression(&p.where_)?;
        filter.check_fields(&layer.name, &layer.fields)?;
        let ask = super::postgis::Ask { bbox, filter: Some(&filter), geometry: true, ..Default::default() };
        let found = super::postgis::query(ctx, &layer, source, &ask)?;
        let derived = Derived { fields: layer.fields.as_ref().clone(), features: found.features, notices: Vec::new() };
        let mut out = finish(ctx, derived, p.name, &format!("{} filtered", layer.name), layer.crs)?;
        out.pushdown = Some(found.pushdown);
        return Ok(out);
    }
    if p.bbox.is_some() {
        return Err(Error::invalid(
            "bbox",
            "bbox is for PostGIS layers; filter a layer in memory by location with vector.clip",
        ));
    }
    let expression = crate::expr::Expr::parse(&p.where_)?;
    let derived = run(ctx, |job| {
        // The expression's fields are checked against the layer's first; NULL counts as false.
        expression.check_fields(&layer.name, &layer.fields)?;
        // Aggregates over the layer (`"pop" > mean("pop")`) see the whole layer.
        let scope = crate::expr::Scope::new(Some(&layer), None);
        let fields = &layer.fields;
        gp::filter(
            &layer,
            |feature| expression.matches_in(&crate::expr::RowContext { fields, feature, crs: layer.crs }, Some(&scope)),
            job,
        )
    })?;
    if derived.features.is_empty()
        && let Some(hint) = super::table::case_hint(&layer, &p.where_)
    {
        ctx.notice(hint);
    }
    finish(ctx, derived, p.name, &format!("{} filtered", layer.name), layer.crs)
}

/// How a new selection combines with the old one.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum SelectMode {
    /// The new selection replaces the old.
    #[default]
    Replace,
    /// Added to the old selection.
    Add,
    /// Only features in both.
    Intersect,
}

/// Parameters of `vector.selectByLocation`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SelectParams {
    /// The layer whose selection changes (default: the caller's active layer).
    layer: Option<String>,
    /// The layer to compare with.
    intersecting: String,
    /// intersects (default), within, contains or disjoint.
    predicate: Option<Predicate>,
    /// replace (default), add or intersect.
    mode: Option<SelectMode>,
}

/// What `vector.selectByLocation` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct SelectedByLocation {
    /// The layer whose selection changed.
    layer: String,
    /// How many of its features are selected now.
    selected: usize,
    /// The predicate used: intersects, within, contains or disjoint.
    predicate: String,
}

fn select_by_location(ctx: &mut Ctx<'_>, p: SelectParams) -> Result<SelectedByLocation> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let other = aligned(ctx, &p.intersecting, layer.crs)?;
    let predicate = p.predicate.unwrap_or_default();
    let found = run(ctx, |job| gp::select_by_location(&layer, &other, predicate, job))?;
    let selection = match p.mode.unwrap_or_default() {
        SelectMode::Replace => found,
        SelectMode::Add => layer.selection.union(&found).copied().collect(),
        SelectMode::Intersect => layer.selection.intersection(&found).copied().collect(),
    };
    let n_selected = selection.len();
    let target = ctx.layer_mut(Some(&layer.name))?;
    target.selection = Arc::new(selection);
    Ok(SelectedByLocation { layer: layer.name, selected: n_selected, predicate: predicate.name().to_owned() })
}

/// An extent as numbers or as a layer's name.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum ExtentParam {
    /// [min_x, min_y, max_x, max_y].
    Corners([f64; 4]),
    /// The extent of this layer.
    Layer(String),
}

/// Parameters of `vector.grid`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GridParams {
    /// [min_x, min_y, max_x, max_y] or a layer name.
    extent: ExtentParam,
    /// The cell width.
    cell: f64,
    /// square (default) or hex.
    shape: Option<GridShape>,
    /// The unit of `cell`: the CRS's own units by default (degrees on EPSG:4326), or m, km, mi, nmi.
    unit: Option<Unit>,
    /// The CRS of numeric corners (default EPSG:4326).
    crs: Option<String>,
    /// The new layer's name (default `grid`).
    name: Option<String>,
}

fn grid(ctx: &mut Ctx<'_>, p: GridParams) -> Result<NewLayer> {
    let (extent, crs) = match &p.extent {
        ExtentParam::Corners([x1, y1, x2, y2]) => {
            let crs = match &p.crs {
                Some(text) => Crs::parse(text).map_err(|e| Error::invalid("crs", e))?,
                None => Crs::WGS84,
            };
            let extent = Extent::from_corners(*x1, *y1, *x2, *y2)
                .ok_or_else(|| Error::invalid("extent", "the corners must be finite numbers"))?;
            (extent, crs)
        }
        ExtentParam::Layer(name) => {
            let layer = ctx.project().require(name)?;
            let extent =
                layer.extent().ok_or_else(|| Error::invalid("extent", format!("layer '{name}' has no geometries")))?;
            (extent, layer.crs)
        }
    };
    let cell = match (p.unit, crs.is_geographic()) {
        (None | Some(Unit::Deg), _) => p.cell,
        (Some(unit), true) => p.cell * unit.metres().unwrap_or(1.0) / 111_320.0,
        (Some(unit), false) => match Distance::resolve(p.cell, unit, crs, "cell")? {
            Distance::Planar(c) | Distance::Ground(c) => c,
        },
    };
    let derived = gp::grid(extent, cell, p.shape.unwrap_or_default())?;
    finish(ctx, derived, p.name, "grid", crs)
}

/// Runs a geoprocessing function with the caller's progress and cancellation.
fn run<T>(ctx: &mut Ctx<'_>, f: impl FnOnce(&Job<'_>) -> Result<T>) -> Result<T> {
    let progress = ctx.progress;
    let job = Job::new(ctx.command(), progress);
    let out = f(&job)?;
    if job.stopped_early() {
        ctx.keep_partial("the job was cancelled part-way: the layer holds the features done before");
    } else {
        ctx.progress(1.0, "done");
    }
    Ok(out)
}

/// A layer by name, reprojected into `crs` (with a notice) when it is in another CRS.
fn aligned(ctx: &mut Ctx<'_>, name: &str, crs: Crs) -> Result<Layer> {
    let layer = ctx.project().require(name)?.clone();
    let layer = super::postgis::in_memory(ctx, layer)?;
    if layer.crs == crs {
        return Ok(layer);
    }
    let derived = gp::reproject_layer(&layer, crs, &Job::silent())?;
    ctx.notice(format!("'{name}' is in {} and was reprojected to {crs} for this", layer.crs));
    Ok(derived.into_layer(name, crs))
}

/// Adds the result layer (named `name`, else a unique `default_name`), with the notices.
fn finish(ctx: &mut Ctx<'_>, derived: Derived, name: Option<String>, default_name: &str, crs: Crs) -> Result<NewLayer> {
    // A cancelled job's part of a result says so in its name, whether the name was given or not.
    let name = match name {
        Some(name) => {
            check_layer_name(&name)?;
            if ctx.is_partial() { ctx.project().unique_name(&format!("{name} (partial)")) } else { name }
        }
        None if ctx.is_partial() => ctx.project().unique_name(&format!("{default_name} (partial)")),
        None => ctx.project().unique_name(default_name),
    };
    for notice in &derived.notices {
        ctx.notice(notice.clone());
    }
    let fields: Vec<String> = derived.fields.iter().map(|f| f.name.clone()).collect();
    let mut layer = derived.into_layer(name, crs);
    layer.style = result_style(&layer);
    let layer = ctx.add_layer(layer)?;
    Ok(NewLayer {
        layer: layer.name.clone(),
        features: layer.features.len(),
        geometry: layer.geometry_kind(),
        crs: layer.crs.to_string(),
        fields,
        pushdown: None,
    })
}

/// How a geoprocessing result is drawn at first: opaque, as every new layer is (its colours are
/// the colours asked for, and a style made from it keeps its ramp's true colours), with a
/// distinct outline so its shapes stand apart (a style command changes it; `opacity` makes it
/// see-through).
fn result_style(layer: &Layer) -> Style {
    let kind = layer.geometry_kind();
    let accent = Color::rgb(0x1f, 0x77, 0xb4);
    let mut symbol = Symbol::for_kind(kind, accent);
    match kind {
        GeometryKind::Point => symbol.stroke = Some(Color::rgb(0x0b, 0x3c, 0x6b)),
        GeometryKind::LineString => symbol.width = 1.6,
        _ => {
            symbol.stroke = Some(Color::rgb(0x0b, 0x3c, 0x6b));
            symbol.width = 1.0;
        }
    }
    Style::Single { symbol }
}

/// `200` rather than `200.0`, for layer names.
fn trim_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{}", x as i64) } else { format!("{x}") }
}
