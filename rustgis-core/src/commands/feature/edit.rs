//! Editing features' geometries: move, rotate, scale and merge the features chosen by an
//! expression or the selection, each one undo step; and reading a geometry given in any CRS, as
//! GeoJSON or WKT, for `feature.add`.

use std::collections::BTreeSet;
use std::sync::Arc;

use geo::{Centroid, Coord, Geometry, MultiPolygon, Point, Rotate, Scale, Translate, unary_union};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::command::{CommandDef, Ctx};
use crate::commands::table::matching;
use crate::error::{Error, Result};
use crate::geoprocessing::reproject_geometry;
use crate::io::{curves::Kinds, geojson, wkt_geometry};
use crate::layer::{Crs, FeatureId, Layer};

/// The command definitions of the editing commands.
pub(super) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("feature.move")
            .summary(
                "Move features by an offset in the layer's units (the selected ones, or those matching an expression)",
            )
            .doc(
                "Adds `dx` and `dy` (in the layer's CRS units: degrees on EPSG:4326, metres on most projected \
             CRSs) to every vertex of the features chosen by `where` and/or `selected`. One undo step.",
            )
            .examples(&[r#"feature.move {"layer": "cities", "where": "name = 'Paris'", "dx": 0.5, "dy": -0.25}"#])
            .edits_returning(move_features),
        CommandDef::build("feature.rotate")
            .summary("Rotate features clockwise by degrees, each about its centroid or all about a point")
            .doc(
                "Turns each chosen feature `rotation` degrees clockwise about its own centroid, or every one about \
             `point` (`[x, y]` in the layer's CRS) when given, as QGIS's Rotate Feature tool does. One undo step.",
            )
            .examples(&[r#"feature.rotate {"layer": "countries", "where": "name = 'Italy'", "rotation": 15}"#])
            .edits_returning(rotate_features),
        CommandDef::build("feature.scale")
            .summary("Scale features by a factor, each about its centroid or all about a point")
            .doc(
                "Multiplies each chosen feature's distances from its centroid (or from `point`, `[x, y]` in the \
             layer's CRS) by `factor`: 2 doubles its width and height. One undo step.",
            )
            .examples(&[r#"feature.scale {"layer": "countries", "where": "name = 'Iceland'", "factor": 2}"#])
            .edits_returning(scale_features),
        CommandDef::build("feature.merge")
            .summary("Merge polygons into one feature: their union, with the first one's attributes")
            .doc(
                "Replaces the chosen polygon features by one: the union of their geometries, with the attribute \
             values of the first of them (by feature id) and its id. Shared borders disappear. One undo step.",
            )
            .examples(&[r#"feature.merge {"layer": "countries", "where": "name IN ('Sudan', 'S. Sudan')"}"#])
            .edits_returning(merge_features),
    ]
}

/// Which features an edit acts on, as every editing command takes them.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Choice {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
}

/// The indexes of the features `where` and `selected` choose; at least one must be given, so an
/// edit never reaches every feature by accident.
pub(super) fn chosen(layer: &Layer, filter: Option<&str>, selected: bool) -> Result<Vec<usize>> {
    if filter.is_none() && !selected {
        return Err(Error::invalid(
            "where",
            "say which features: `where` (an expression; \"TRUE\" for every feature) or `selected`: true",
        ));
    }
    let matching = matching(layer, filter)?;
    Ok(if selected {
        matching.into_iter().filter(|&i| layer.selection.contains(&layer.features[i].id)).collect()
    } else {
        matching
    })
}

/// Parameters of `feature.move`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct MoveParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
    /// How far east, in the layer's CRS units.
    #[serde(default)]
    dx: f64,
    /// How far north, in the layer's CRS units.
    #[serde(default)]
    dy: f64,
}

/// Parameters of `feature.rotate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RotateParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
    /// Degrees, clockwise.
    rotation: f64,
    /// The point to turn about, `[x, y]` in the layer's CRS (default: each feature's centroid).
    point: Option<[f64; 2]>,
}

/// Parameters of `feature.scale`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ScaleParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
    /// How many times larger (0.5 halves, 2 doubles); more than 0.
    factor: f64,
    /// The point to scale about, `[x, y]` in the layer's CRS (default: each feature's centroid).
    point: Option<[f64; 2]>,
}

/// What `feature.move`, `feature.rotate` and `feature.scale` return.
#[derive(Debug, Serialize, JsonSchema)]
struct Edited {
    /// The layer.
    layer: String,
    /// How many features were changed.
    edited: usize,
}

fn finite(name: &str, value: f64) -> Result<f64> {
    if value.is_finite() { Ok(value) } else { Err(Error::invalid(name, "give a finite number")) }
}

fn move_features(ctx: &mut Ctx<'_>, p: MoveParams) -> Result<Edited> {
    let (dx, dy) = (finite("dx", p.dx)?, finite("dy", p.dy)?);
    let choice = Choice { layer: p.layer, filter: p.filter, selected: p.selected };
    edit_geometries(ctx, &choice, |g| g.translate(dx, dy))
}

fn rotate_features(ctx: &mut Ctx<'_>, p: RotateParams) -> Result<Edited> {
    // geo turns counter-clockwise for a positive angle; QGIS's rotation is clockwise.
    let degrees = -finite("rotation", p.rotation)?;
    let about = p.point.map(|[x, y]| Point::new(x, y));
    let choice = Choice { layer: p.layer, filter: p.filter, selected: p.selected };
    note_angles(ctx, &choice, "rotating")?;
    edit_geometries(ctx, &choice, |g| match about.or_else(|| g.centroid()) {
        Some(about) => g.rotate_around_point(degrees, about),
        None => g.clone(),
    })
}

fn scale_features(ctx: &mut Ctx<'_>, p: ScaleParams) -> Result<Edited> {
    let factor = finite("factor", p.factor)?;
    if factor <= 0.0 {
        return Err(Error::invalid(
            "factor",
            format!("a factor must be more than 0, not {factor}; 0.5 halves, 2 doubles"),
        ));
    }
    let about = p.point.map(|[x, y]| Point::new(x, y));
    let choice = Choice { layer: p.layer, filter: p.filter, selected: p.selected };
    note_angles(ctx, &choice, "scaling")?;
    edit_geometries(ctx, &choice, |g| match about.or_else(|| g.centroid()) {
        Some(about) => g.scale_around_point(factor, factor, Coord::from(about)),
        None => g.clone(),
    })
}

/// Says so when the layer's coordinates are longitude and latitude: rotating or scaling there
/// works on degrees, and a degree of longitude is shorter than one of latitude away from the
/// equator, so shapes come out sheared or stretched as drawn on the ground.
fn note_angles(ctx: &mut Ctx<'_>, choice: &Choice, doing: &str) -> Result<()> {
    let layer = ctx.layer(choice.layer.as_deref())?;
    if layer.crs.is_geographic() {
        let message = format!(
            "layer '{}' is in {} (longitude and latitude in degrees): {doing} there works on degrees, and away from \
             the equator a degree of longitude is shorter than one of latitude, so the shapes change on the ground; \
             for true shapes, vector.reproject the layer to a projected CRS (a UTM zone, EPSG:3857) first",
            layer.name, layer.crs
        );
        ctx.notice(message);
    }
    Ok(())
}

/// Replaces the geometry of each chosen feature by `edit` of it (features without one stay).
fn edit_geometries(
    ctx: &mut Ctx<'_>,
    choice: &Choice,
    edit: impl Fn(&Geometry<f64>) -> Geometry<f64>,
) -> Result<Edited> {
    let layer = ctx.layer(choice.layer.as_deref())?;
    let targets = chosen(layer, choice.filter.as_deref(), choice.selected)?;
    let edited: Vec<(usize, Geometry<f64>)> =
        targets.iter().filter_map(|&i| layer.features[i].geometry.as_ref().map(|g| (i, edit(g)))).collect();
    if edited.iter().any(|(_, g)| !coords_finite(g)) {
        return Err(Error::Failed(
            "the edit would make coordinates that are not finite numbers; nothing changed".to_owned(),
        ));
    }
    let name = layer.name.clone();
    if edited.is_empty() {
        return Ok(Edited { layer: name, edited: 0 });
    }
    let layer = ctx.layer_mut(choice.layer.as_deref())?;
    let features = Arc::make_mut(&mut layer.features);
    let count = edited.len();
    for (i, geometry) in edited {
        features[i].geometry = Some(geometry);
    }
    Ok(Edited { layer: name, edited: count })
}

fn coords_finite(g: &Geometry<f64>) -> bool {
    use geo::CoordsIter;
    g.coords_iter().all(|c| c.x.is_finite() && c.y.is_finite())
}

/// What `feature.merge` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Merged {
    /// The layer.
    layer: String,
    /// How many features were merged into one.
    merged: usize,
    /// The merged feature's id (the first one's).
    fid: FeatureId,
    /// How many features the layer holds now.
    features: usize,
}

fn merge_features(ctx: &mut Ctx<'_>, p: Choice) -> Result<Merged> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let targets = chosen(layer, p.filter.as_deref(), p.selected)?;
    if targets.len() < 2 {
        return Err(Error::invalid(
            "where",
            format!("merging needs at least 2 features; {} matched on layer '{}'", targets.len(), layer.name),
        ));
    }
    let mut polygons = Vec::new();
    for &i in &targets {
        match &layer.features[i].geometry {
            Some(Geometry::Polygon(p)) => polygons.push(MultiPolygon::new(vec![p.clone()])),
            Some(Geometry::MultiPolygon(m)) => polygons.push(m.clone()),
            other => {
                return Err(Error::invalid(
                    "where",
                    format!(
                        "feature {} is {}, and only polygons merge; choose polygons only",
                        layer.features[i].id,
                        other.as_ref().map_or("without a geometry", |_| "not a polygon")
                    ),
                ));
            }
        }
    }
    let union = crate::geoprocessing::guard(|| unary_union(&polygons))
        .map_err(|panic| Error::Failed(format!("the union of the polygons failed: {panic}")))?;
    let first = *targets.iter().min_by_key(|&&i| layer.features[i].id).unwrap_or(&targets[0]);
    let keep = layer.features[first].id;
    let gone: BTreeSet<FeatureId> = targets.iter().map(|&i| layer.features[i].id).filter(|&id| id != keep).collect();
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    let features = Arc::make_mut(&mut layer.features);
    features.retain(|f| !gone.contains(&f.id));
    if let Some(f) = features.iter_mut().find(|f| f.id == keep) {
        f.geometry = Some(Geometry::MultiPolygon(union));
    }
    if layer.selection.iter().any(|id| gone.contains(id)) {
        layer.selection = Arc::new(layer.selection.difference(&gone).copied().collect());
    }
    Ok(Merged { layer: layer.name.clone(), merged: targets.len(), fid: keep, features: layer.features.len() })
}

/// A geometry given to `feature.add`: a GeoJSON object or text, or WKT, in `crs` (default the
/// layer's), in the layer's CRS. Given in the layer's own CRS, its vertices are kept exactly.
pub(super) fn geometry_in(given: &Json, crs: Option<&str>, layer_crs: Crs) -> Result<Option<Geometry<f64>>> {
    let geometry = match given {
        Json::String(text) if text.trim_start().starts_with('{') => {
            let json: Json =
                serde_json::from_str(text).map_err(|e| Error::invalid("geometry", format!("not GeoJSON text: {e}")))?;
            Some(geojson::geometry(&json).map_err(|e| Error::invalid("geometry", e))?)
        }
        Json::String(text) => wkt_geometry::read(text, &mut Kinds::default()).map_err(|e| {
            Error::invalid("geometry", format!("not WKT: {e}; give WKT (`POINT (24.94 60.17)`) or a GeoJSON geometry"))
        })?,
        other => Some(geojson::geometry(other).map_err(|e| Error::invalid("geometry", e))?),
    };
    let Some(from) = crs else { return Ok(geometry) };
    let from = Crs::parse(from).map_err(|e| Error::invalid("crs", e))?;
    match geometry {
        Some(g) if from != layer_crs => Ok(Some(reproject_geometry(&g, from, layer_crs)?.0)),
        other => Ok(other),
    }
}
