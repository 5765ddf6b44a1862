//! `table.read`: attribute rows of a layer, filtered, sorted and paged.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json, json};

use crate::command::{CommandDef, Ctx};
use crate::commands::results::FieldEntry;
use crate::error::{Error, Result};
use crate::expr::{Expr, OrderBy, RowContext};
use crate::layer::{Extent, Layer};

/// How many rows `table.read` returns when `limit` is not given.
pub(super) const DEFAULT_LIMIT: usize = 100;
/// The most rows one `table.read` returns.
pub(super) const MAX_LIMIT: usize = 10_000;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![CommandDef::build("table.read")
            .on_features_or_database()
        .summary("Read attribute rows: choose fields, filter with `where`, sort with `order_by`, page with limit/offset")
        .doc("Returns `rows` (each with its feature id `fid` and the chosen fields), `total` (rows matching `where`), \
         and `fields` with their types. `where` and `order_by` use QGIS expression syntax: \
         `\"gdp_md\" > 1000000 AND continent = 'Asia'`, `pop_est DESC, name`. At most 10,000 rows per call \
         (default 100); page with `offset`. `bbox` keeps rows whose geometry's box meets it. On a PostGIS layer \
         the bbox, `where`, `order_by` and `limit` run in the database as one query when they translate exactly to \
         SQL (`pushdown` says so), else the bbox runs there and the rest here (`pushdown` says why).")
        .examples(&[
            r#"table.read {"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}"#,
            r#"table.read {"layer": "cities", "where": "capital AND population > 5000000"}"#,
            r#"table.read {"layer": "countries", "selected": true, "fields": ["name"]}"#,
        ])
        .reads_returning(read)]
}

/// What `table.read` returns: a page of rows.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct TablePage {
    /// The layer.
    layer: String,
    /// The fields returned, with their types.
    fields: Vec<FieldEntry>,
    /// The rows: each with its feature id `fid` and the fields chosen.
    rows: Vec<Map<String, Json>>,
    /// How many rows match `where` and `bbox`.
    total: u64,
    /// How many matching rows were skipped.
    offset: usize,
    /// How many rows are here.
    returned: usize,
    /// On a PostGIS layer: whether the query ran in the database as one, or what ran here and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pushdown: Option<String>,
}

/// Parameters of `table.read`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ReadParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The fields to return (default: all).
    fields: Option<Vec<String>>,
    /// A filter expression; only rows where it is true are returned.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// Sort keys: expressions with optional ASC/DESC and NULLS FIRST/LAST, comma-separated.
    order_by: Option<String>,
    /// How many rows to return (default 100, at most 10,000).
    limit: Option<usize>,
    /// How many matching rows to skip first.
    offset: Option<usize>,
    /// Only rows whose geometry's bounding box meets this box: `[min_x, min_y, max_x, max_y]`,
    /// longitude/latitude unless `bbox_crs` names another CRS.
    bbox: Option<[f64; 4]>,
    /// The CRS of `bbox` (default EPSG:4326).
    bbox_crs: Option<String>,
    /// Only the selected features (with `where`, the selected ones that match).
    #[serde(default)]
    selected: bool,
}

fn read(ctx: &mut Ctx<'_>, p: ReadParams) -> Result<TablePage> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let limit = p.limit.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(Error::invalid("limit", format!("{limit} is more than {MAX_LIMIT} rows; page with offset")));
    }
    let columns: Vec<usize> = match &p.fields {
        Some(names) => names.iter().map(|n| layer.require_field(n)).collect::<Result<_>>()?,
        None => (0..layer.fields.len()).collect(),
    };
    let bbox = match p.bbox {
        Some(bbox) => Some(crate::project::read_bbox("bbox", bbox, p.bbox_crs.as_deref(), layer.crs)?),
        None => None,
    };
    if let Some(source) = layer.postgis() {
        if p.selected {
            return Err(Error::invalid(
                "selected",
                "a PostGIS layer's rows are read from the database, which does not hold the selection; filter with \
                 \"where\" instead, or copy the selection into memory with vector.filter {\"where\": \"is_selected()\"}",
            ));
        }
        let filter = p.filter.as_deref().map(|f| ctx.expression(f)).transpose()?;
        if let Some(filter) = &filter {
            filter.check_fields(&layer.name, &layer.fields)?;
        }
        let order = p.order_by.as_deref().map(OrderBy::parse).transpose()?;
        for key in order.iter().flat_map(|o| &o.keys) {
            key.expr.check_fields(&layer.name, &layer.fields)?;
        }
        let ask = super::postgis::Ask {
            bbox,
            filter: filter.as_ref(),
            order: order.as_ref(),
            offset: p.offset.unwrap_or(0),
            limit: Some(limit),
            fields: Some(columns.clone()),
            geometry: false,
        };
        let found = super::postgis::query(ctx, layer, source, &ask)?;
        let rows: Vec<Map<String, Json>> = found
            .features
            .iter()
            .map(|feature| {
                let mut row = Map::new();
                row.insert("fid".to_owned(), json!(feature.id));
                for (value, &col) in feature.attributes.iter().zip(&columns) {
                    row.insert(layer.fields[col].name.clone(), value.to_json());
                }
                row
            })
            .collect();
        return Ok(TablePage {
            layer: layer.name.clone(),
            fields: FieldEntry::of(layer, &columns),
            returned: rows.len(),
            rows,
            total: found.total,
            offset: p.offset.unwrap_or(0),
            pushdown: Some(found.pushdown),
        });
    }
    let mut indices = matching(layer, p.filter.as_deref())?;
    if p.selected {
        indices.retain(|&idx| layer.selection.contains(&layer.features[idx].id));
    }
    if let Some(bbox) = bbox {
        indices.retain(|&idx| {
            layer.features[idx].geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(&bbox))
        });
    }
    if let Some(order) = &p.order_by {
        let order = OrderBy::parse(order)?;
        for key in &order.keys {
            key.expr.check_fields(&layer.name, &layer.fields)?;
        }
        order.sort(&layer.fields, &layer.features, layer.crs, &mut indices)?;
    }
    let total = indices.len();
    let hint = if total == 0 { p.filter.as_deref().and_then(|filter| case_hint(layer, filter)) } else { None };
    let offset = p.offset.unwrap_or(0);
    let rows: Vec<Map<String, Json>> = indices
        .iter()
        .skip(offset)
        .take(limit)
        .map(|&idx| {
            let feature = &layer.features[idx];
            let mut row = Map::new();
            row.insert("fid".to_owned(), json!(feature.id));
            for &col in &columns {
                row.insert(layer.fields[col].name.clone(), feature.attributes[col].to_json());
            }
            row
        })
        .collect();
    let page = TablePage {
        layer: layer.name.clone(),
        fields: FieldEntry::of(layer, &columns),
        returned: rows.len(),
        rows,
        total: total as u64,
        offset,
        pushdown: None,
    };
    if let Some(hint) = hint {
        ctx.notice(hint);
    }
    Ok(page)
}

/// Indices of the features matching `filter` (all when `None`).
pub(crate) fn matching(layer: &Layer, filter: Option<&str>) -> Result<Vec<usize>> {
    let Some(filter) = filter else { return Ok((0..layer.features.len()).collect()) };
    let expr = Expr::parse(filter)?;
    expr.check_fields(&layer.name, &layer.fields)?;
    // Aggregates over the layer (`"pop" > mean("pop")`) see the whole layer.
    let scope = crate::expr::Scope::new(Some(layer), None);
    let mut out = Vec::new();
    for (idx, feature) in layer.features.iter().enumerate() {
        if expr.matches_in(&RowContext { fields: &layer.fields, feature, crs: layer.crs }, Some(&scope))? {
            out.push(idx);
        }
    }
    Ok(out)
}

/// When a filter matched nothing: the text literals it compares that are not a value of any text
/// field but are one ignoring case, as a notice ("0 rows; 'France' exists"), since text
/// comparisons are case-sensitive. `None` when no literal differs only by case.
pub(crate) fn case_hint(layer: &Layer, filter: &str) -> Option<String> {
    let literals = text_literals(filter);
    if literals.is_empty() {
        return None;
    }
    let text_fields: Vec<usize> =
        (0..layer.fields.len()).filter(|&i| layer.fields[i].field_type == crate::value::FieldType::String).collect();
    let mut hints = Vec::new();
    for literal in literals {
        let lower = literal.to_lowercase();
        let mut exact = false;
        let mut other_case: Option<(usize, String)> = None;
        'features: for feature in layer.features.iter() {
            for &i in &text_fields {
                let Some(value) = feature.attributes.get(i).and_then(crate::value::Value::as_str) else { continue };
                if value == literal {
                    exact = true;
                    break 'features;
                }
                if other_case.is_none() && value.to_lowercase() == lower {
                    other_case = Some((i, value.to_owned()));
                }
            }
        }
        if let (false, Some((field, value))) = (exact, other_case) {
            hints.push(format!("'{literal}' is not a value of \"{}\" but '{value}' is", layer.fields[field].name));
        }
    }
    (!hints.is_empty()).then(|| {
        format!(
            "no feature of layer '{}' matches: {}; text comparisons are case-sensitive (ILIKE or lower() ignore case)",
            layer.name,
            hints.join(", ")
        )
    })
}

/// The single-quoted text literals of an expression (`''` is a quote inside one), at most 16.
fn text_literals(expression: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = expression.chars().peekable();
    let mut in_name = false;
    while let Some(c) = chars.next() {
        match c {
            '"' => in_name = !in_name,
            '\'' if !in_name => {
                let mut literal = String::new();
                loop {
                    match chars.next() {
                        Some('\'') if chars.peek() == Some(&'\'') => {
                            chars.next();
                            literal.push('\'');
                        }
                        Some('\'') | None => break,
                        Some(c) => literal.push(c),
                    }
                }
                if !literal.is_empty() && out.len() < 16 && !out.contains(&literal) {
                    out.push(literal);
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::text_literals;

    #[test]
    fn the_text_literals_of_an_expression_are_found_with_their_quotes_undone() {
        assert_eq!(text_literals("name = 'France' OR \"it's\" = 'l''Ile'"), vec!["France", "l'Ile"]);
        assert!(text_literals("pop_est > 5").is_empty());
    }
}
