//! `feature.*`: select, add, update and delete features.

use std::collections::BTreeSet;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

use crate::command::{CommandDef, Ctx};
use crate::commands::table::matching;
use crate::error::{Error, Result};
use crate::expr::{Expr, RowContext};
use crate::layer::{Crs, Feature, FeatureId, GeometryKind, Layer};
use crate::value::Value;

mod edit;
mod split;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("feature.select")
            .on_features_or_database()
            .summary("Select the features matching an expression (new selection, or add/remove/intersect)")
            .doc("The selection is drawn highlighted and is what selection-aware tools act on.")
            .examples(&[r#"feature.select {"layer": "countries", "where": "continent = 'Africa'"}"#])
            .edits_returning(select),
        CommandDef::build("feature.clearSelection")
            .on_features_or_database()
            .summary("Clear the selection of every layer, or of the layer named")
            .doc("Without `layer`, every layer's selection is cleared (what a map shows highlighted goes); the \
             result lists each layer that had features selected, and `cleared` counts them all.")
            .examples(&[r#"feature.clearSelection {}"#, r#"feature.clearSelection {"layer": "countries"}"#])
            .edits_returning(clear_selection),
        CommandDef::build("feature.add")
            .summary("Add a feature: a geometry (GeoJSON or WKT, in any CRS) and attribute values")
            .doc("The geometry is GeoJSON (an object or its text) or WKT; given in another CRS (`crs`) it is \
             reprojected into the layer's, given in the layer's its vertices are kept exactly. Attribute values \
             are converted to the field types (an integer field takes 3 or \"3\"); unknown fields are an error \
             listing the layer's fields. Returns the new feature id.")
            .examples(&[
                r#"feature.add {"layer": "cities", "geometry": "POINT (2776553 8437729)", "crs": "EPSG:3857", "attributes": {"name": "Helsinki"}}"#,
                r#"feature.add {"layer": "cities", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "attributes": {"name": "Helsinki", "population": 658864}}"#,
            ])
            .edits_returning(add),
        CommandDef::build("feature.update")
            .summary("Set attribute values of the features matching an expression")
            .doc("`set` maps field names to QGIS expressions (a string) or literal JSON values (numbers, booleans, \
             null). To set text, quote it inside the expression: `\"'Asia'\"`. Expressions see each feature's \
             values before the update.")
            .examples(&[
                r#"feature.update {"layer": "countries", "where": "name = 'France'", "set": {"income_grp": "'1. High income'", "pop_est": 68000000}}"#,
            ])
            .edits_returning(update),
        CommandDef::build("feature.delete")
            .summary("Delete the features matching an expression, or the selected ones")
            .doc("Use `\"where\": \"TRUE\"` to delete every feature, `\"selected\": true` for the selection (with \
             `where`, the selected ones that match).")
            .examples(&[
                r#"feature.delete {"layer": "cities", "where": "population < 1000000"}"#,
                r#"feature.delete {"layer": "cities", "selected": true}"#,
            ])
            .edits_returning(delete),
        CommandDef::build("feature.identify")
            .summary("Identify the features at a point of the map, top layer first, with their attributes")
            .doc("Looks in every visible layer, top to bottom (or only in `layer`), for features within `tolerance` of \
             `point` (a square of that half-size, in the units of `crs`), as a click on the map would. Returns \
             `features`, each with its `layer`, feature id `fid` and `attributes`, at most `limit` (default 10).")
            .examples(&[
                r#"feature.identify {"point": [2.35, 46.5]}"#,
                r#"feature.identify {"point": [2.4, 48.8], "tolerance": 0.2, "layer": "cities"}"#,
            ])
            .reads_returning(identify),
    ]
    .into_iter()
    .chain(edit::defs())
    .chain(split::defs())
    .collect()
}

/// How a new selection combines with the current one.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum SelectMode {
    /// Replace the selection.
    #[default]
    New,
    /// Add the matches to the selection.
    Add,
    /// Remove the matches from the selection.
    Remove,
    /// Keep only selected features that also match.
    Intersect,
}

/// Parameters of `feature.select`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SelectParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: String,
    /// new (default), add, remove or intersect.
    #[serde(default)]
    mode: SelectMode,
}

/// What `feature.select` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Selected {
    /// The layer.
    layer: String,
    /// How many features match the expression.
    matched: usize,
    /// How many features are selected now (after `mode`).
    selected: usize,
    /// On a PostGIS layer: whether the filter ran in the database, or why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pushdown: Option<String>,
}

fn select(ctx: &mut Ctx<'_>, p: SelectParams) -> Result<Selected> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let mut pushdown = None;
    let mut hint = None;
    let matched: BTreeSet<FeatureId> = if let Some(source) = layer.postgis() {
        // Only the ids come back from the database when the filter runs there.
        let filter = ctx.expression(&p.filter)?;
        filter.check_fields(&layer.name, &layer.fields)?;
        let ask = super::postgis::Ask { filter: Some(&filter), fields: Some(Vec::new()), ..Default::default() };
        let found = super::postgis::query(ctx, layer, source, &ask)?;
        pushdown = Some(found.pushdown);
        found.features.iter().map(|f| f.id).collect()
    } else {
        let found: BTreeSet<FeatureId> =
            matching(layer, Some(&p.filter))?.into_iter().map(|idx| layer.features[idx].id).collect();
        if found.is_empty() {
            hint = super::table::case_hint(layer, &p.filter);
        }
        found
    };
    let current = &layer.selection;
    let selection: BTreeSet<FeatureId> = match p.mode {
        SelectMode::New => matched.clone(),
        SelectMode::Add => current.union(&matched).copied().collect(),
        SelectMode::Remove => current.difference(&matched).copied().collect(),
        SelectMode::Intersect => current.intersection(&matched).copied().collect(),
    };
    let n_matched = matched.len();
    if let Some(hint) = hint {
        ctx.notice(hint);
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.selection = Arc::new(selection);
    Ok(Selected { layer: layer.name.clone(), matched: n_matched, selected: layer.selection.len(), pushdown })
}

/// What `feature.clearSelection` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct SelectionCleared {
    /// How many features were selected before, in all the layers cleared.
    cleared: usize,
    /// Each layer that had features selected, with how many.
    layers: Vec<LayerCleared>,
}

/// One layer whose selection `feature.clearSelection` cleared.
#[derive(Debug, Serialize, JsonSchema)]
struct LayerCleared {
    /// The layer.
    layer: String,
    /// How many of its features were selected.
    cleared: usize,
}

/// Parameters of `feature.clearSelection`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ClearParams {
    /// The layer whose selection to clear (default: every layer's).
    layer: Option<String>,
}

fn clear_selection(ctx: &mut Ctx<'_>, p: ClearParams) -> Result<SelectionCleared> {
    let mut layers = Vec::new();
    let mut clear = |layer: &mut crate::layer::Layer| {
        if !layer.selection.is_empty() {
            layers.push(LayerCleared { layer: layer.name.clone(), cleared: layer.selection.len() });
            layer.selection = Arc::new(BTreeSet::new());
        }
    };
    match p.layer.as_deref() {
        Some(name) => clear(ctx.layer_mut(Some(name))?),
        None => ctx.project_mut().layers.iter_mut().for_each(clear),
    }
    Ok(SelectionCleared { cleared: layers.iter().map(|l| l.cleared).sum(), layers })
}

/// Parameters of `feature.add`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The geometry: a GeoJSON geometry (an object, or its text) or WKT (`POINT (24.94 60.17)`),
    /// in `crs`; null for none.
    geometry: Option<Json>,
    /// The CRS of `geometry` (default: the layer's): it is reprojected into the layer's CRS.
    crs: Option<String>,
    /// Field values by name; fields not given are null.
    #[serde(default)]
    attributes: Map<String, Json>,
}

/// What `feature.add` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FeatureAdded {
    /// The layer.
    layer: String,
    /// The new feature's id.
    fid: FeatureId,
    /// How many features the layer holds now.
    features: usize,
}

fn add(ctx: &mut Ctx<'_>, p: AddParams) -> Result<FeatureAdded> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let geometry = match &p.geometry {
        None | Some(Json::Null) => None,
        Some(g) => edit::geometry_in(g, p.crs.as_deref(), layer.crs)?,
    };
    let empty = geometry.is_none() && p.geometry.as_ref().is_some_and(|g| !g.is_null());
    if let Some(g) = &geometry {
        let kind = crate::layer::geometry_kind_of(std::slice::from_ref(&Feature {
            id: 0,
            geometry: Some(g.clone()),
            attributes: Vec::new(),
        }));
        let layer_kind = layer.geometry_kind();
        let mixed = matches!(layer_kind, GeometryKind::Mixed | GeometryKind::None);
        if !mixed && kind != layer_kind {
            return Err(Error::invalid(
                "geometry",
                format!(
                    "layer '{}' holds {layer_kind:?} geometries and this is a {kind:?}; add a {layer_kind:?} (or \
                     a multi-part one), or put it in another layer",
                    layer.name
                ),
            ));
        }
    }
    let mut attributes = vec![Value::Null; layer.fields.len()];
    for (name, json) in &p.attributes {
        let idx = layer.require_field(name)?;
        attributes[idx] = layer.fields[idx]
            .field_type
            .coerce(Value::from_json(json))
            .map_err(|e| Error::invalid("attributes", format!("{name}: {e}")))?;
    }
    let id = layer.next_feature_id();
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    Arc::make_mut(&mut layer.features).push(Feature { id, geometry, attributes });
    let added = FeatureAdded { layer: layer.name.clone(), fid: id, features: layer.features.len() };
    if empty {
        ctx.notice(format!(
            "the geometry given is empty, so feature {id} was added without one and the map does not draw it; to \
             place it, delete it (feature.delete {{\"where\": \"$id = {id}\"}}) and add it again with coordinates"
        ));
    }
    Ok(added)
}

/// Parameters of `feature.update`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct UpdateParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match.
    #[serde(rename = "where")]
    filter: String,
    /// Field name → expression (string) or literal value (number, boolean, null).
    set: Map<String, Json>,
}

/// A value to assign: computed per feature or fixed.
enum Assign {
    Expr(Expr),
    Literal(Value),
}

/// What `feature.update` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FeaturesUpdated {
    /// The layer.
    layer: String,
    /// How many features were updated.
    updated: usize,
}

fn update(ctx: &mut Ctx<'_>, p: UpdateParams) -> Result<FeaturesUpdated> {
    if p.set.is_empty() {
        return Err(Error::invalid("set", "give at least one field, e.g. {\"pop_est\": \"pop_est * 1.01\"}"));
    }
    let layer = ctx.layer(p.layer.as_deref())?;
    let mut assigns = Vec::new();
    for (name, value) in &p.set {
        let idx = layer.require_field(name)?;
        let assign = match value {
            Json::String(text) => {
                let expr = Expr::parse(text)?;
                expr.check_fields(&layer.name, &layer.fields)
                    .map_err(|e| Error::invalid("set", format!("{name}: {e} (to set text, quote it: \"'{text}'\")")))?;
                Assign::Expr(expr)
            }
            Json::Array(_) | Json::Object(_) => {
                return Err(Error::invalid(
                    "set",
                    format!("{name}: give an expression string or a number, boolean or null"),
                ));
            }
            other => Assign::Literal(Value::from_json(other)),
        };
        assigns.push((idx, assign));
    }
    let targets = matching(layer, Some(&p.filter))?;
    let hint = if targets.is_empty() { super::table::case_hint(layer, &p.filter) } else { None };
    let updated = compute_updates(layer, &targets, &assigns, ctx.project())?;
    if let Some(hint) = hint {
        ctx.notice(hint);
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    let features = Arc::make_mut(&mut layer.features);
    for (idx, values) in targets.iter().zip(updated) {
        for ((col, _), value) in assigns.iter().zip(values) {
            features[*idx].attributes[*col] = value;
        }
    }
    Ok(FeaturesUpdated { layer: layer.name.clone(), updated: targets.len() })
}

fn compute_updates(
    layer: &Layer,
    targets: &[usize],
    assigns: &[(usize, Assign)],
    project: &crate::Project,
) -> Result<Vec<Vec<Value>>> {
    let scope = crate::expr::Scope::new(Some(layer), Some(project));
    targets
        .iter()
        .enumerate()
        .map(|(n, &idx)| {
            let feature = &layer.features[idx];
            let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
            assigns
                .iter()
                .map(|(col, assign)| {
                    let value = match assign {
                        Assign::Expr(expr) => expr.eval_numbered(&row, &scope, n + 1)?,
                        Assign::Literal(v) => v.clone(),
                    };
                    let field = &layer.fields[*col];
                    field
                        .field_type
                        .coerce(value)
                        .map_err(|e| Error::invalid("set", format!("{} of feature {}: {e}", field.name, feature.id)))
                })
                .collect()
        })
        .collect()
}

/// Parameters of `feature.delete`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DeleteParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The expression features must match (`TRUE` for all).
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
}

/// What `feature.delete` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FeaturesDeleted {
    /// The layer.
    layer: String,
    /// How many features were deleted.
    deleted: usize,
    /// How many features the layer holds now.
    features: usize,
}

fn delete(ctx: &mut Ctx<'_>, p: DeleteParams) -> Result<FeaturesDeleted> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let doomed: BTreeSet<FeatureId> =
        edit::chosen(layer, p.filter.as_deref(), p.selected)?.into_iter().map(|idx| layer.features[idx].id).collect();
    if doomed.is_empty() {
        let (name, count) = (layer.name.clone(), layer.features.len());
        if let Some(hint) = p.filter.as_deref().and_then(|f| super::table::case_hint(layer, f)) {
            ctx.notice(hint);
        }
        return Ok(FeaturesDeleted { layer: name, deleted: 0, features: count });
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    Arc::make_mut(&mut layer.features).retain(|f| !doomed.contains(&f.id));
    if layer.selection.iter().any(|id| doomed.contains(id)) {
        layer.selection = Arc::new(layer.selection.difference(&doomed).copied().collect());
    }
    Ok(FeaturesDeleted { layer: layer.name.clone(), deleted: doomed.len(), features: layer.features.len() })
}

/// How many features `feature.identify` returns when `limit` is not given.
const IDENTIFY_LIMIT: usize = 10;

/// Parameters of `feature.identify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct IdentifyParams {
    /// The point, `[x, y]` in `crs`.
    point: [f64; 2],
    /// The CRS of `point` and `tolerance` (default EPSG:4326, longitude/latitude).
    crs: Option<String>,
    /// How far from the point a feature may be, in the units of `crs` (default 0: the point itself).
    tolerance: Option<f64>,
    /// Only this layer (default: every visible layer, top first).
    layer: Option<String>,
    /// At most this many features (default 10).
    limit: Option<usize>,
}

/// What `feature.identify` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Identified {
    /// The point asked about, `[x, y]` in `crs`.
    point: [f64; 2],
    /// The CRS of `point`.
    crs: String,
    /// How many features were found.
    count: usize,
    /// The features at the point, top layer first.
    features: Vec<IdentifiedFeature>,
}

/// One feature `feature.identify` found.
#[derive(Debug, Serialize, JsonSchema)]
struct IdentifiedFeature {
    /// Its layer.
    layer: String,
    /// Its id.
    fid: FeatureId,
    /// Its attributes, field name to value.
    attributes: Map<String, Json>,
}

fn identify(ctx: &mut Ctx<'_>, p: IdentifyParams) -> Result<Identified> {
    if !p.point.iter().all(|v| v.is_finite()) {
        return Err(Error::invalid(
            "point",
            format!("{:?} is not a point: give [x, y] as two finite numbers", p.point),
        ));
    }
    let tolerance = p.tolerance.unwrap_or(0.0);
    if !tolerance.is_finite() || tolerance < 0.0 {
        return Err(Error::invalid("tolerance", format!("{tolerance} is not a distance: give 0 or more")));
    }
    let crs = match &p.crs {
        Some(text) => Crs::parse(text).map_err(|e| Error::invalid("crs", e))?,
        None => Crs::WGS84,
    };
    let limit = p.limit.unwrap_or(IDENTIFY_LIMIT);
    let layers: Vec<&Layer> = match &p.layer {
        Some(name) => vec![ctx.layer(Some(name))?],
        None => ctx.project().layers.iter().rev().filter(|l| ctx.project().is_shown(l)).collect(),
    };
    let mut found = Vec::new();
    'layers: for layer in layers {
        for id in layer.features_at(p.point, crs, tolerance) {
            if found.len() == limit {
                break 'layers;
            }
            let Some(feature) = layer.features.iter().find(|f| f.id == id) else { continue };
            let attributes: Map<String, Json> = layer
                .fields
                .iter()
                .zip(&feature.attributes)
                .map(|(field, value)| (field.name.clone(), value.to_json()))
                .collect();
            found.push(IdentifiedFeature { layer: layer.name.clone(), fid: id, attributes });
        }
    }
    Ok(Identified { point: p.point, crs: crs.to_string(), count: found.len(), features: found })
}
