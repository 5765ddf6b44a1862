//! `feature.split`: cutting polygon features along a line into separate features, as QGIS's
//! Split Features tool does, in one undo step.

use std::sync::Arc;

use geo::{Area, Geometry, Intersects, MultiLineString, MultiPolygon, Polygon};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::float::slice::FloatSlice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::edit::{chosen, geometry_in};
use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::geoprocessing::{guard, multi_polygon_of};
use crate::layer::{Feature, FeatureId, Layer};

/// The command definition of `feature.split`.
pub(super) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("feature.split")
            .summary("Split polygons along a line into separate features, each piece keeping the attributes")
            .doc(
                "Cuts every polygon feature that `geometry` (a line: WKT or GeoJSON, in `crs`, default the layer's) \
                 crosses from side to side into pieces. The largest piece keeps the feature's id; the others are new \
                 features with the same attribute values (and selected when the feature was). `where` and/or \
                 `selected` limit which features are cut (default: every one the line crosses). A line that ends \
                 inside a polygon cuts nothing there, as in QGIS; when no feature is cut, a notice says so and \
                 nothing changes. One undo step.",
            )
            .examples(&[
                r#"feature.split {"layer": "countries", "geometry": "LINESTRING (-10 45, 10 45)", "where": "name = 'France'"}"#,
            ])
            .edits_returning(split_features),
    ]
}

/// Parameters of `feature.split`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SplitParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The line to cut along: a GeoJSON LineString or MultiLineString (an object or its text) or
    /// WKT (`LINESTRING (0 0, 10 10)`), in `crs`.
    geometry: Json,
    /// The CRS of `geometry` (default: the layer's): it is reprojected into the layer's CRS.
    crs: Option<String>,
    /// Only the features matching this expression (default: every feature the line crosses).
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
}

/// What `feature.split` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Split {
    /// The layer.
    layer: String,
    /// How many features were cut.
    edited: usize,
    /// How many new features the pieces made (beyond the pieces that kept the features' ids).
    added: usize,
    /// How many features the layer holds now.
    features: usize,
}

fn split_features(ctx: &mut Ctx<'_>, p: SplitParams) -> Result<Split> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let blade = blade_of(geometry_in(&p.geometry, p.crs.as_deref(), layer.crs)?)?;
    let targets = if p.filter.is_some() || p.selected {
        chosen(layer, p.filter.as_deref(), p.selected)?
    } else {
        (0..layer.features.len()).collect()
    };
    let pieces = cut(layer, &targets, &blade, p.filter.is_some() || p.selected)?;
    let (name, count) = (layer.name.clone(), layer.features.len());
    if pieces.is_empty() {
        ctx.notice(format!(
            "the line crosses none of the {} feature(s) chosen on layer '{name}' from side to side, so nothing was \
             split; draw it across a polygon, beyond its edges on both sides",
            targets.len()
        ));
        return Ok(Split { layer: name, edited: 0, added: 0, features: count });
    }
    let mut next_id = layer.next_feature_id();
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    let mut new_selected: Vec<FeatureId> = Vec::new();
    let features = Arc::make_mut(&mut layer.features);
    let (edited, mut added) = (pieces.len(), 0);
    for (index, mut parts) in pieces {
        let kept = parts.remove(0);
        let original = &mut features[index];
        let selected = layer.selection.contains(&original.id);
        original.geometry = Some(kept);
        let attributes = original.attributes.clone();
        for geometry in parts {
            features.push(Feature { id: next_id, geometry: Some(geometry), attributes: attributes.clone() });
            if selected {
                new_selected.push(next_id);
            }
            next_id += 1;
            added += 1;
        }
    }
    if !new_selected.is_empty() {
        Arc::make_mut(&mut layer.selection).extend(new_selected);
    }
    Ok(Split { layer: layer.name.clone(), edited, added, features: layer.features.len() })
}

/// The line to cut along, as i_overlay's open paths.
fn blade_of(geometry: Option<Geometry<f64>>) -> Result<MultiLineString<f64>> {
    let lines = match geometry {
        Some(Geometry::LineString(line)) => MultiLineString::new(vec![line]),
        Some(Geometry::MultiLineString(lines)) => lines,
        other => {
            let kind = other.as_ref().map_or("an empty geometry".to_owned(), |g| format!("a {}", kind_name(g)));
            return Err(Error::invalid(
                "geometry",
                format!("a cut is along a line, and this is {kind}; give a LINESTRING or MULTILINESTRING"),
            ));
        }
    };
    if lines.0.iter().all(|l| l.0.len() < 2) {
        return Err(Error::invalid("geometry", "the line needs at least two points to cut along"));
    }
    Ok(lines)
}

fn kind_name(g: &Geometry<f64>) -> &'static str {
    match g {
        Geometry::Point(_) | Geometry::MultiPoint(_) => "point",
        Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => "polygon",
        Geometry::GeometryCollection(_) => "geometry collection",
        _ => "line",
    }
}

/// For each chosen feature the line cuts: its index and its new geometries, the one that keeps
/// the feature first (the largest piece, with a multi-polygon's uncut parts), then one per other
/// piece, each in the feature's own kind (polygons stay polygons, multi-polygons multi-polygons).
/// A feature the line does not cut is left out; `explicit` targets (chosen by `where` or
/// `selected`) that are not polygons are an error, other ones are passed by.
fn cut(
    layer: &Layer,
    targets: &[usize],
    blade: &MultiLineString<f64>,
    explicit: bool,
) -> Result<Vec<(usize, Vec<Geometry<f64>>)>> {
    let paths: Vec<Vec<[f64; 2]>> = blade.0.iter().map(|l| l.0.iter().map(|c| [c.x, c.y]).collect()).collect();
    let mut out = Vec::new();
    for &i in targets {
        let feature = &layer.features[i];
        let (parts, multi) = match &feature.geometry {
            Some(Geometry::Polygon(p)) => (vec![p.clone()], false),
            Some(Geometry::MultiPolygon(m)) => (m.0.clone(), true),
            other if explicit => {
                return Err(Error::invalid(
                    "where",
                    format!(
                        "feature {} is {}, and only polygons split; choose polygons only",
                        feature.id,
                        other.as_ref().map_or("without a geometry".to_owned(), |g| format!("a {}", kind_name(g)))
                    ),
                ));
            }
            _ => continue,
        };
        let (mut uncut, mut pieces) = (Vec::new(), Vec::new());
        for part in parts {
            let cut = if blade.intersects(&part) {
                slice(&part, &paths)
                    .map_err(|panic| Error::Failed(format!("cutting feature {} failed: {panic}", feature.id)))?
            } else {
                Vec::new()
            };
            if cut.len() < 2 {
                uncut.push(part);
            } else {
                pieces.extend(cut);
            }
        }
        if pieces.is_empty() {
            continue;
        }
        pieces.sort_by(|a, b| b.unsigned_area().total_cmp(&a.unsigned_area()));
        let mut pieces = pieces.into_iter().map(|p| (p, multi));
        let kept: Vec<Geometry<f64>> = match pieces.next() {
            Some((largest, true)) => {
                vec![Geometry::MultiPolygon(MultiPolygon::new(uncut.into_iter().chain([largest]).collect()))]
            }
            Some((largest, false)) => vec![Geometry::Polygon(largest)],
            None => continue,
        };
        let others =
            pieces.map(
                |(p, multi)| {
                    if multi { Geometry::MultiPolygon(MultiPolygon::new(vec![p])) } else { Geometry::Polygon(p) }
                },
            );
        out.push((i, kept.into_iter().chain(others).collect()));
    }
    Ok(out)
}

/// One polygon cut along the paths: its pieces (one when the line does not cross it).
fn slice(polygon: &Polygon<f64>, paths: &[Vec<[f64; 2]>]) -> std::result::Result<Vec<Polygon<f64>>, String> {
    let rings: Vec<Vec<[f64; 2]>> = std::iter::once(polygon.exterior())
        .chain(polygon.interiors())
        .map(|ring| ring.0.iter().map(|c| [c.x, c.y]).collect())
        .collect();
    let paths = paths.to_vec();
    guard(|| multi_polygon_of(rings.slice_by(&paths, FillRule::EvenOdd)).0)
}
