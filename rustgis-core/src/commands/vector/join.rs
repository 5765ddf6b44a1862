//! `vector.joinAttributes`: QGIS's "Join attributes by field value". A layer's features take the
//! fields of the rows of another layer or table (a CSV, a GeoPackage attribute table, a
//! GeoParquet file: anything opened as a layer, with or without geometry) whose key equals
//! theirs. Keys are compared as values, not as stored types: 4, 4.0 and "4" are one key; text is
//! trimmed, and `ignore_case` compares it without case. The result says what matched, what did
//! not and which keys are duplicated, so nothing is dropped silently.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{finish, run};
use crate::command::Ctx;
use crate::commands::results::NewLayer;
use crate::error::{Error, Result};
use crate::geoprocessing::{Derived, push_field};
use crate::layer::{Feature, Layer};
use crate::value::Value;

/// How many keys a result names, of those not matched or duplicated.
const NAMED_KEYS: usize = 5;

/// What to do with several rows of the joined table for one feature.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum JoinMethod {
    /// The first matching row only (one-to-one; QGIS's "first matching feature only").
    #[default]
    First,
    /// One feature per matching row (one-to-many; QGIS's "separate feature for each").
    Many,
}

/// Parameters of `vector.joinAttributes`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct JoinParams {
    /// The layer whose features take the fields (default: the caller's active layer).
    layer: Option<String>,
    /// Its key field.
    field: String,
    /// The layer or table (a CSV or attribute table opened as a layer) whose fields are joined.
    join_layer: String,
    /// Its key field (default: the same name as `field`).
    join_field: Option<String>,
    /// The fields of `join_layer` to copy (default: all but its key).
    fields: Option<Vec<String>>,
    /// A prefix for the copied fields' names (a name already taken gets `_2`, `_3`…).
    prefix: Option<String>,
    /// `first` (one-to-one, the default) or `many` (one feature per matching row).
    method: Option<JoinMethod>,
    /// Compare text keys without case (default false: `FRA` is not `fra`).
    #[serde(default)]
    ignore_case: bool,
    /// Leave out the features no row matches (default false: they stay, with nulls).
    #[serde(default)]
    discard_unmatched: bool,
    /// The new layer's name (default `<layer> joined`).
    name: Option<String>,
}

/// What `vector.joinAttributes` returns.
#[derive(Debug, Serialize, JsonSchema)]
pub(super) struct Joined {
    /// The new layer.
    #[serde(flatten)]
    layer: NewLayer,
    /// The fields copied, as named in the new layer.
    joined_fields: Vec<String>,
    /// How many features found a row.
    matched: usize,
    /// How many features found none (kept with nulls unless `discard_unmatched`).
    unmatched: usize,
    /// The first few keys of features that found no row.
    unmatched_keys: Vec<String>,
    /// How many keys of the joined table are on more than one row.
    duplicated: usize,
    /// The first few of them.
    duplicated_keys: Vec<String>,
}

/// A key as compared: numbers by value (whole ones as integers), text trimmed (and lowered when
/// asked); `None` for null, which matches nothing.
fn key_of(value: &Value, ignore_case: bool) -> Option<String> {
    match value {
        Value::Null => None,
        Value::Int(i) => Some(i.to_string()),
        Value::Float(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 9e15 => Some(format!("{}", *f as i64)),
        Value::Float(f) => Some(f.to_string()),
        Value::String(s) => {
            let trimmed = s.trim();
            if trimmed.is_empty() {
                return None;
            }
            // Text that is a number is that number, so "4" meets 4.
            if let Ok(number) = trimmed.parse::<f64>()
                && number.is_finite()
            {
                return key_of(&Value::Float(number), ignore_case);
            }
            Some(if ignore_case { trimmed.to_lowercase() } else { trimmed.to_owned() })
        }
        other => Some(other.to_json().to_string()),
    }
}

pub(super) fn join_attributes(ctx: &mut Ctx<'_>, p: JoinParams) -> Result<Joined> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let table = ctx.project().require(&p.join_layer)?.clone();
    if table.postgis().is_some() || layer.postgis().is_some() {
        return Err(Error::invalid(
            "join_layer",
            "a PostGIS layer's rows are in the database; copy them into memory first (vector.filter {\"where\": \"TRUE\"})",
        ));
    }
    let key = layer.require_field(&p.field)?;
    let join_key = table.require_field(p.join_field.as_deref().unwrap_or(&p.field))?;
    let copied: Vec<usize> = match &p.fields {
        Some(names) => names.iter().map(|n| table.require_field(n)).collect::<Result<_>>()?,
        None => (0..table.fields.len()).filter(|&i| i != join_key).collect(),
    };
    let method = p.method.unwrap_or_default();
    let prefix = p.prefix.clone().unwrap_or_default();

    // The joined table's rows by key, in order.
    let mut rows: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, row) in table.features.iter().enumerate() {
        if let Some(k) = row.attributes.get(join_key).and_then(|v| key_of(v, p.ignore_case)) {
            rows.entry(k).or_default().push(i);
        }
    }
    let mut duplicated_keys: Vec<String> = rows.iter().filter(|(_, r)| r.len() > 1).map(|(k, _)| k.clone()).collect();
    duplicated_keys.sort();

    let mut fields = layer.fields.as_ref().clone();
    let joined_fields: Vec<String> = copied
        .iter()
        .map(|&i| push_field(&mut fields, &format!("{prefix}{}", table.fields[i].name), table.fields[i].field_type))
        .collect();
    let (mut matched, mut unmatched) = (0usize, 0usize);
    let mut unmatched_keys = Vec::new();
    let mut features = Vec::with_capacity(layer.features.len());
    let mut next_id = 0u64;
    let nulls = vec![Value::Null; copied.len()];
    let derived = run(ctx, |job| {
        job.stage(layer.features.len(), &format!("joining {} to {}", table.name, layer.name));
        for feature in layer.features.iter() {
            if !job.tick_or_stop()? {
                break;
            }
            let k = feature.attributes.get(key).and_then(|v| key_of(v, p.ignore_case));
            let found = k.as_ref().and_then(|k| rows.get(k));
            let mut emit = |values: &[Value]| {
                let mut attributes = feature.attributes.clone();
                attributes.extend_from_slice(values);
                let id = if method == JoinMethod::Many { next_id } else { feature.id };
                next_id += 1;
                features.push(Feature { id, geometry: feature.geometry.clone(), attributes });
            };
            match found {
                Some(found) => {
                    matched += 1;
                    let take = if method == JoinMethod::First { &found[..1] } else { &found[..] };
                    for &row in take {
                        let values: Vec<Value> =
                            copied.iter().map(|&i| table.features[row].attributes[i].clone()).collect();
                        emit(&values);
                    }
                }
                None => {
                    unmatched += 1;
                    if unmatched_keys.len() < NAMED_KEYS {
                        let shown = feature.attributes.get(key).map_or("null".to_owned(), |v| match v {
                            Value::String(s) => format!("'{s}'"),
                            other => other.to_json().to_string(),
                        });
                        unmatched_keys.push(shown);
                    }
                    if !p.discard_unmatched {
                        emit(&nulls);
                    }
                }
            }
        }
        Ok(Derived { fields: fields.clone(), features: std::mem::take(&mut features), notices: Vec::new() })
    })?;
    say_what_was_left(
        ctx,
        &layer,
        &table,
        (key, join_key),
        (matched, unmatched),
        &unmatched_keys,
        &duplicated_keys,
        method,
    );
    let out = finish(ctx, derived, p.name, &format!("{} joined", layer.name), layer.crs)?;
    let duplicated = duplicated_keys.len();
    duplicated_keys.truncate(NAMED_KEYS);
    Ok(Joined { layer: out, joined_fields, matched, unmatched, unmatched_keys, duplicated, duplicated_keys })
}

/// Notices for what a join leaves out: features without a row (with the key types when nothing
/// matched at all), and rows a one-to-one join did not use.
#[allow(clippy::too_many_arguments)]
fn say_what_was_left(
    ctx: &mut Ctx<'_>,
    layer: &Layer,
    table: &Layer,
    (key, join_key): (usize, usize),
    (matched, unmatched): (usize, usize),
    unmatched_keys: &[String],
    duplicated_keys: &[String],
    method: JoinMethod,
) {
    if matched == 0 && unmatched > 0 {
        let (a, b) = (&layer.fields[key], &table.fields[join_key]);
        ctx.notice(format!(
            "no feature of '{}' found a row of '{}': its keys {} ({}) are {}, theirs ({}) are {}; check the key fields, or \
             ignore_case for text",
            layer.name,
            table.name,
            unmatched_keys.join(", "),
            a.name,
            a.field_type.name(),
            b.name,
            b.field_type.name()
        ));
    } else if unmatched > 0 {
        ctx.notice(format!(
            "{unmatched} features of '{}' found no row of '{}' (keys {}{}) and have nulls",
            layer.name,
            table.name,
            unmatched_keys.join(", "),
            if unmatched > unmatched_keys.len() { ", …" } else { "" }
        ));
    }
    if method == JoinMethod::First && !duplicated_keys.is_empty() {
        let shown: Vec<&str> = duplicated_keys.iter().take(NAMED_KEYS).map(String::as_str).collect();
        ctx.notice(format!(
            "{} keys are on more than one row of '{}' ({}{}): each feature took the first; method \"many\" makes one \
             feature per row",
            duplicated_keys.len(),
            table.name,
            shown.join(", "),
            if duplicated_keys.len() > NAMED_KEYS { ", …" } else { "" }
        ));
    }
}
