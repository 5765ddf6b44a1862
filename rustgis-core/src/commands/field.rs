//! `field.*`: add, calculate and delete attribute fields.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::expr::RowContext;
use crate::layer::{Field, Layer};
use crate::value::{FieldType, Value};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("field.add")
            .summary("Add a field, optionally filled from an expression")
            .doc("Types: bool, integer, float, string, date, datetime. Without `expression` the new field is null.")
            .examples(&[
                r#"field.add {"layer": "countries", "name": "gdp_per_capita", "type": "float", "expression": "gdp_md * 1000000 / pop_est"}"#,
            ])
            .edits_returning(add),
        CommandDef::build("field.calculate")
            .summary("Recalculate an existing field from an expression, for every feature or those matching `where` or selected")
            .doc("Values are converted to the field's type; a value that cannot be is an error naming the feature. \
             `where` (an expression) or `selected: true` updates only those features, as QGIS's field \
             calculator does with \"Only update selected features\"; the others keep their values.")
            .examples(&[
                r#"field.calculate {"layer": "countries", "field": "name", "expression": "upper(name)"}"#,
                r#"field.calculate {"layer": "countries", "field": "economy", "expression": "'rich'", "where": "gdp_md > 1000000"}"#,
            ])
            .edits_returning(calculate),
        CommandDef::build("field.rename")
            .summary("Rename a field, keeping its values; styles and labels that name it follow")
            .doc("A categorized or graduated style, a size field and a label by field that name the field follow \
             the new name. Expressions that name it (label expressions, rule filters, data-defined properties) \
             are not rewritten: the notices name each one.")
            .examples(&[r#"field.rename {"layer": "countries", "field": "pop_est", "name": "population"}"#])
            .edits_returning(rename),
        CommandDef::build("field.delete")
            .summary("Delete a field")
            .examples(&[r#"field.delete {"layer": "countries", "field": "name_long"}"#])
            .edits_returning(delete),
    ]
}

/// Parameters of `field.add`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The new field's name, unique in the layer.
    name: String,
    /// The field type.
    #[serde(rename = "type")]
    field_type: FieldType,
    /// An expression giving each feature's value.
    expression: Option<String>,
}

/// What `field.add` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FieldAdded {
    /// The layer.
    layer: String,
    /// The new field's name.
    field: String,
    /// Its type.
    #[serde(rename = "type")]
    field_type: FieldType,
    /// How many features the layer holds (each has a value, null without an expression).
    features: usize,
}

fn add(ctx: &mut Ctx<'_>, p: AddParams) -> Result<FieldAdded> {
    if p.name.trim().is_empty() {
        return Err(Error::invalid("name", "a field name cannot be empty"));
    }
    let layer = ctx.layer(p.layer.as_deref())?;
    if layer.field_index(&p.name).is_some() {
        return Err(Error::invalid("name", format!("layer '{}' already has a field '{}'", layer.name, p.name)));
    }
    let values = match &p.expression {
        Some(text) => evaluate(ctx, layer, text, p.field_type, &p.name)?,
        None => vec![Value::Null; layer.features.len()],
    };
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    Arc::make_mut(&mut layer.fields).push(Field::new(p.name.clone(), p.field_type));
    for (feature, value) in Arc::make_mut(&mut layer.features).iter_mut().zip(values) {
        feature.attributes.push(value);
    }
    Ok(FieldAdded {
        layer: layer.name.clone(),
        field: p.name,
        field_type: p.field_type,
        features: layer.features.len(),
    })
}

/// Parameters of `field.calculate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CalculateParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The field to recalculate.
    field: String,
    /// The expression giving each feature's value.
    expression: String,
    /// Only the features matching this expression (the others keep their values).
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
}

/// What `field.calculate` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FieldCalculated {
    /// The layer.
    layer: String,
    /// The field calculated.
    field: String,
    /// How many features it was calculated for (every feature, or those `where` and `selected`
    /// chose).
    features: usize,
}

fn calculate(ctx: &mut Ctx<'_>, p: CalculateParams) -> Result<FieldCalculated> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let col = layer.field_index(&p.field).ok_or_else(|| {
        Error::invalid(
            "field",
            format!(
                "layer '{}' has no field '{}' (its fields: {}); add it with field.add and an expression",
                layer.name,
                p.field,
                layer.fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ")
            ),
        )
    })?;
    let chosen: Option<Vec<bool>> = if p.filter.is_some() || p.selected {
        let matching = super::table::matching(layer, p.filter.as_deref())?;
        let mut chosen = vec![false; layer.features.len()];
        for idx in matching {
            chosen[idx] = !p.selected || layer.selection.contains(&layer.features[idx].id);
        }
        Some(chosen)
    } else {
        None
    };
    let values = evaluate(ctx, layer, &p.expression, layer.fields[col].field_type, &p.field)?;
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    let mut count = 0;
    for (i, (feature, value)) in Arc::make_mut(&mut layer.features).iter_mut().zip(values).enumerate() {
        if chosen.as_ref().is_none_or(|c| c[i]) {
            feature.attributes[col] = value;
            count += 1;
        }
    }
    Ok(FieldCalculated { layer: layer.name.clone(), field: p.field, features: count })
}

/// Parameters of `field.rename`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RenameParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The field to rename.
    field: String,
    /// Its new name, unique in the layer.
    name: String,
}

/// What `field.rename` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FieldRenamed {
    /// The layer.
    layer: String,
    /// The field's old name.
    field: String,
    /// Its new name.
    name: String,
}

fn rename(ctx: &mut Ctx<'_>, p: RenameParams) -> Result<FieldRenamed> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let col = layer.require_field(&p.field)?;
    if p.name.trim().is_empty() {
        return Err(Error::invalid("name", "a field name cannot be empty"));
    }
    if layer.fields.iter().enumerate().any(|(i, f)| i != col && f.name == p.name) {
        return Err(Error::invalid("name", format!("layer '{}' already has a field '{}'", layer.name, p.name)));
    }
    let old = layer.fields[col].name.clone();
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    Arc::make_mut(&mut layer.fields)[col].name = p.name.clone();
    // What names the field as data follows it; what names it inside an expression is listed.
    let mut stale = Vec::new();
    if let crate::style::Style::Categorized { field, .. } | crate::style::Style::Graduated { field, .. } =
        &mut layer.style
        && *field == old
    {
        field.clone_from(&p.name);
    }
    if let crate::style::Style::Rules { rules } = &layer.style {
        for rule in rules.iter().filter(|r| r.filter.as_deref().is_some_and(|f| names(f, &old))) {
            stale.push(format!("the filter of rule '{}'", rule.label));
        }
    }
    for symbol in layer.style.symbols_mut() {
        if symbol.size_field.as_deref() == Some(old.as_str()) {
            symbol.size_field = Some(p.name.clone());
        }
        for property in crate::style::Property::ALL {
            if symbol.data_defined.get(property).is_some_and(|e| names(e, &old)) {
                let what = format!("the data-defined {}", property.name());
                if !stale.contains(&what) {
                    stale.push(what);
                }
            }
        }
    }
    if let Some(labels) = layer.labels.as_mut() {
        if labels.is_field && labels.expression == old {
            labels.expression.clone_from(&p.name);
        } else if !labels.is_field && names(&labels.expression, &old) {
            stale.push("the label expression".to_owned());
        }
        if labels.priority.as_deref().is_some_and(|e| e == old || names(e, &old)) {
            stale.push("the label priority".to_owned());
        }
    }
    let name = layer.name.clone();
    if !stale.is_empty() {
        ctx.notice(format!(
            "{} of layer '{name}' still name the field '{old}', now '{}'; set them again with the new name",
            stale.join(", "),
            p.name
        ));
    }
    Ok(FieldRenamed { layer: name, field: old, name: p.name })
}

/// Whether an expression names a field, quoted or bare (a rough test for a notice).
fn names(expression: &str, field: &str) -> bool {
    crate::expr::Expr::parse(expression).is_ok_and(|e| e.fields().iter().any(|f| f == field))
}

/// Evaluates `text` for every feature and converts the results to `field_type`, within the
/// command's limits: one value's size and the new data all values make together.
fn evaluate(ctx: &Ctx<'_>, layer: &Layer, text: &str, field_type: FieldType, field: &str) -> Result<Vec<Value>> {
    let expr = ctx.expression(text)?;
    expr.check_fields(&layer.name, &layer.fields)?;
    if field_type == FieldType::Float {
        let scope = crate::expr::Scope::new(Some(layer), Some(ctx.project()));
        if let Some(values) = expr.eval_column(layer, &scope, &mut || ctx.check_cancelled())? {
            return Ok(values);
        }
    }
    let limits = ctx.limits();
    let mut values = Vec::new();
    values
        .try_reserve_exact(layer.features.len())
        .map_err(|_| Error::Failed(format!("cannot allocate room for {} values of {field}", layer.features.len())))?;
    let mut new_bytes = 0usize;
    // Aggregates (`sum("pop")`, `aggregate(layer:='cities', …)`) see this layer and the project's.
    let scope = crate::expr::Scope::new(Some(layer), Some(ctx.project()));
    for (idx, feature) in layer.features.iter().enumerate() {
        if idx % 1024 == 0 {
            ctx.check_cancelled()?;
        }
        let value =
            expr.eval_numbered(&RowContext { fields: &layer.fields, feature, crs: layer.crs }, &scope, idx + 1)?;
        let value = field_type
            .coerce(value)
            .map_err(|e| Error::invalid("expression", format!("{field} of feature {}: {e}", feature.id)))?;
        let bytes = std::mem::size_of::<Value>() + if let Value::String(s) = &value { s.len() } else { 0 };
        limits.check_value(bytes, &format!("{field} of feature {}", feature.id))?;
        new_bytes = new_bytes.saturating_add(bytes);
        limits.check_new_data(
            new_bytes,
            &format!("{field} on the {} features of '{}'", layer.features.len(), layer.name),
        )?;
        values.push(value);
    }
    Ok(values)
}

/// Parameters of `field.delete`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DeleteParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The field to delete.
    field: String,
}

/// What `field.delete` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FieldDeleted {
    /// The layer.
    layer: String,
    /// The field deleted.
    deleted: String,
    /// How many fields the layer has left.
    fields: usize,
}

fn delete(ctx: &mut Ctx<'_>, p: DeleteParams) -> Result<FieldDeleted> {
    let col = ctx.layer(p.layer.as_deref())?.require_field(&p.field)?;
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    Arc::make_mut(&mut layer.fields).remove(col);
    for feature in Arc::make_mut(&mut layer.features) {
        feature.attributes.remove(col);
    }
    if layer.labels.as_ref().is_some_and(|l| l.is_field && l.expression == p.field) {
        layer.labels = None;
    }
    Ok(FieldDeleted { layer: layer.name.clone(), deleted: p.field, fields: layer.fields.len() })
}
