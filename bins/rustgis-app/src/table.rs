//! The attribute table of the user's active layer, sorted by a column and filtered with an
//! expression, its selection shared with the map; and Identify, the attributes of the features
//! under a click. Rows come from `table.read` and the selection changes through
//! `feature.select` / `feature.clearSelection`, run as the user, so every selection is a step in
//! the undo history.

use std::collections::BTreeSet;

use rustgis_core::FeatureId;
use serde_json::{Value as Json, json};

use crate::host::{AppHost, error_text};

/// The most rows the table reads at once (`table.read`'s own limit, 10,000).
pub const TABLE_ROWS: usize = 10_000;

/// How many pixels around a click on the map still hit a feature.
pub const CLICK_TOLERANCE_PX: f64 = 4.0;

/// The attribute table's state: open or not, the filter typed, the sort, and the rows last read.
#[derive(Debug, Default)]
pub struct AttributeTable {
    /// Whether the table shows.
    pub open: bool,
    /// The filter expression typed (core's expression language); empty shows every row.
    pub filter: String,
    /// The column the rows are sorted by.
    pub sort: Option<Sort>,
    /// The cell being edited, if any.
    pub editing: Option<CellEdit>,
    /// Whether only the selected features' rows show (with the filter, when one is typed).
    pub selected_only: bool,
    read: Option<(ReadKey, Result<TableRows, String>)>,
}

/// A cell being edited: its feature and field, and the text typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellEdit {
    /// The layer whose table it is in: the edit ends, unstored, when the table shows another.
    pub layer: String,
    /// The feature.
    pub fid: FeatureId,
    /// The field.
    pub field: String,
    /// The text typed: the value shown when the edit began, `NULL` read as empty.
    pub text: String,
}

impl CellEdit {
    /// An edit of the cell of `fid` in `field` of `layer` that shows `shown`.
    pub fn of(layer: &str, fid: FeatureId, field: &str, shown: &str) -> CellEdit {
        let text = if shown == "NULL" { String::new() } else { shown.to_owned() };
        CellEdit { layer: layer.to_owned(), fid, field: field.to_owned(), text }
    }

    /// `feature.update`'s parameters that store the typed text in a field of `field_type` of
    /// the edit's layer: empty is null; a yes/no field takes true/false (yes/no, 1/0); every other type
    /// gets the text as a text literal, which core converts to the field's type (or refuses,
    /// naming the field, the value and the type). `Err` says why the text cannot be a yes/no.
    pub fn update_params(&self, field_type: rustgis_core::FieldType) -> Result<Json, String> {
        let typed = self.text.trim();
        let value = if typed.is_empty() {
            Json::Null
        } else if field_type == rustgis_core::FieldType::Bool {
            match typed.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Json::Bool(true),
                "false" | "no" | "0" => Json::Bool(false),
                _ => return Err(format!("{} holds yes/no values: type true or false, not {typed}", self.field)),
            }
        } else {
            // A text literal of core's expression language: single quotes, a quote inside doubled.
            Json::String(format!("'{}'", self.text.replace('\'', "''")))
        };
        Ok(
            json!({ "layer": self.layer, "where": format!("$id = {}", self.fid), "set": { self.field.as_str(): value } }),
        )
    }
}

/// A sort by one column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sort {
    /// The field's name.
    pub field: String,
    /// Largest first.
    pub descending: bool,
}

/// Rows as the table shows them: the fields, then each row's feature id and cell texts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableRows {
    /// The field names, in the layer's order.
    pub fields: Vec<String>,
    /// Each row: the feature id and one text per field.
    pub rows: Vec<(FeatureId, Vec<String>)>,
    /// How many rows match the filter (more than `rows` when past [`TABLE_ROWS`]).
    pub total: usize,
}

/// The attributes of the features under a click on the map (Identify).
#[derive(Debug, Clone, PartialEq)]
pub struct Identified {
    /// The layer.
    pub layer: String,
    /// The features, top one first: the feature id and each field's name and value.
    pub features: Vec<(FeatureId, Vec<(String, String)>)>,
}

#[derive(Debug, Clone, PartialEq)]
struct ReadKey {
    revision: u64,
    layer: String,
    filter: String,
    sort: Option<Sort>,
    selected_only: bool,
}

impl AttributeTable {
    /// Sorts by `field`: first ascending, then descending, then unsorted.
    pub fn toggle_sort(&mut self, field: &str) {
        self.sort = match self.sort.take() {
            Some(sort) if sort.field == field && !sort.descending => Some(Sort { descending: true, ..sort }),
            Some(sort) if sort.field == field => None,
            _ => Some(Sort { field: field.to_owned(), descending: false }),
        };
    }

    /// The rows of `layer` as the filter and sort say, read again only when the project, the
    /// layer, the filter or the sort changed.
    pub fn rows(&mut self, host: &mut AppHost, layer: &str) -> &Result<TableRows, String> {
        let key = ReadKey {
            revision: host.revision(),
            layer: layer.to_owned(),
            filter: self.filter.trim().to_owned(),
            sort: self.sort.clone(),
            selected_only: self.selected_only,
        };
        if self.read.as_ref().is_none_or(|(read_key, _)| *read_key != key) {
            let rows = read_rows(host, &key);
            self.read = Some((key, rows));
        }
        &self.read.as_ref().expect("read just above").1
    }
}

/// `table.read` for the table: every field, the filter as `where`, the sort as `order_by`.
fn read_rows(host: &mut AppHost, key: &ReadKey) -> Result<TableRows, String> {
    let mut params = json!({ "layer": key.layer, "limit": TABLE_ROWS });
    match (key.filter.is_empty(), key.selected_only) {
        (true, false) => {}
        (false, false) => params["where"] = json!(key.filter),
        (true, true) => params["where"] = json!("is_selected()"),
        (false, true) => params["where"] = json!(format!("is_selected() AND ({})", key.filter)),
    }
    if let Some(sort) = &key.sort {
        let direction = if sort.descending { "DESC" } else { "ASC" };
        params["order_by"] = json!(format!("{} {direction}", quote_field(&sort.field)));
    }
    let outcome = host.execute("table.read", params).map_err(|e| error_text(&e))?;
    Ok(rows_of(&outcome.result))
}

/// The table's rows from `table.read`'s result.
fn rows_of(result: &Json) -> TableRows {
    let fields: Vec<String> = result["fields"]
        .as_array()
        .map(|fields| fields.iter().filter_map(|f| f["name"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    let rows = result["rows"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| {
                    let fid = row["fid"].as_u64().unwrap_or_default();
                    (fid, fields.iter().map(|f| cell_text(&row[f.as_str()])).collect())
                })
                .collect()
        })
        .unwrap_or_default();
    let total = result["total"].as_u64().map_or(0, |n| n as usize);
    TableRows { fields, rows, total }
}

/// A value as a cell shows it: text without quotes, `NULL` for null.
pub fn cell_text(value: &Json) -> String {
    match value {
        Json::Null => "NULL".to_owned(),
        Json::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A field name in an expression: double quotes, a quote inside doubled.
pub fn quote_field(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Selects features as the user (`feature.select` on their ids): `add` keeps the current
/// selection and toggles these features in or out of it; otherwise they become the selection.
pub(crate) fn select_features(host: &mut AppHost, layer: &str, ids: &[FeatureId], add: bool) -> crate::Result<()> {
    let selected: BTreeSet<FeatureId> =
        host.session().project().layer(layer).map(|l| l.selection.as_ref().clone()).unwrap_or_default();
    if ids.is_empty() {
        if !add && !selected.is_empty() {
            host.execute("feature.clearSelection", json!({ "layer": layer }))?;
        }
        return Ok(());
    }
    let list = ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    let mode = if !add {
        "new"
    } else if ids.iter().all(|id| selected.contains(id)) {
        "remove"
    } else {
        "add"
    };
    host.execute("feature.select", json!({ "layer": layer, "where": format!("$id IN ({list})"), "mode": mode }))?;
    Ok(())
}

/// Identify: the attributes of `ids` in `layer`, read with `table.read`, in the order given.
pub(crate) fn identify(host: &mut AppHost, layer: &str, ids: &[FeatureId]) -> Result<Identified, String> {
    let list = ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    let outcome = host
        .execute("table.read", json!({ "layer": layer, "where": format!("$id IN ({list})"), "limit": ids.len() }))
        .map_err(|e| error_text(&e))?;
    let rows = rows_of(&outcome.result);
    let features = ids
        .iter()
        .filter_map(|id| rows.rows.iter().find(|(fid, _)| fid == id))
        .map(|(fid, cells)| (*fid, rows.fields.iter().cloned().zip(cells.iter().cloned()).collect()))
        .collect();
    Ok(Identified { layer: layer.to_owned(), features })
}
