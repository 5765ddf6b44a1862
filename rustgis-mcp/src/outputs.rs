//! What each tool's structured content holds, as types: their JSON Schemas are the tools'
//! `outputSchema`s. Every result is one of a tool's shapes or a tool error `{error, code}`, and
//! `tests/outputs.rs` runs every tool and validates what comes back against its schema.

use rustgis_core::{FieldType, JobState, params_schema};
use schemars::JsonSchema;
use serde_json::{Map, Value as Json, json};

/// A tool's output schema: an object of one of `shapes`, or a tool error.
fn one_of(shapes: Vec<Json>) -> Json {
    let mut any_of = shapes;
    any_of.push(params_schema::<ToolFailure>());
    let mut schema = json!({ "type": "object", "anyOf": any_of });
    without_rust_formats(&mut schema);
    schema
}

/// Drops the `format`s schemars gives Rust's number types (`uint64`, `double`…): JSON Schema
/// does not define them, and the validators clients compile output schemas with warn about each
/// (`minimum: 0` already says what `uint` does).
fn without_rust_formats(schema: &mut Json) {
    match schema {
        Json::Object(map) => {
            let rust_format = map
                .get("format")
                .and_then(Json::as_str)
                .is_some_and(|f| ["uint", "int", "float", "double"].iter().any(|prefix| f.starts_with(prefix)));
            if rust_format {
                map.remove("format");
            }
            map.values_mut().for_each(without_rust_formats);
        }
        Json::Array(items) => items.iter_mut().for_each(without_rust_formats),
        _ => {}
    }
}

/// `run_command`'s output: the command's run, or the job it started.
pub(crate) fn run_command() -> Json {
    one_of(vec![params_schema::<CommandRun>(), params_schema::<JobStarted>()])
}

/// `run`'s output: the script's run (also when it failed), or the job it started.
pub(crate) fn run() -> Json {
    one_of(vec![params_schema::<ScriptRun>(), params_schema::<JobStarted>()])
}

/// `list_commands`' output.
pub(crate) fn list_commands() -> Json {
    one_of(vec![params_schema::<CommandList>()])
}

/// `describe_command`'s output.
pub(crate) fn describe_command() -> Json {
    one_of(vec![params_schema::<CommandDescription>()])
}

/// `read_table`'s output.
pub(crate) fn read_table() -> Json {
    one_of(vec![params_schema::<TablePage>()])
}

/// `view_map`'s and `snapshot`'s output.
pub(crate) fn map() -> Json {
    one_of(vec![params_schema::<MapFacts>()])
}

/// `search_docs`' output.
pub(crate) fn search_docs() -> Json {
    one_of(vec![params_schema::<DocResults>()])
}

/// A tool that failed.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct ToolFailure {
    /// What went wrong and what would be accepted.
    error: String,
    /// The kind of failure (`invalid_params`, `refused`, `io`, `cancelled`…).
    code: String,
}

/// What was left out of a result to keep it within its budget.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct Cut {
    /// What was left out, why, and how to get it (the text says the same).
    note: String,
    /// Where a list was cut: a JSON pointer into this result (`/rows`).
    at: Option<String>,
    /// How many of the list's items are kept.
    kept: Option<u64>,
    /// How many were left out.
    left_out: Option<u64>,
    /// The size a map was asked for, when it was drawn smaller.
    asked: Option<[u32; 2]>,
}

/// A command that ran (`run_command`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct CommandRun {
    /// The command id.
    command: String,
    /// What the command returned: an object whose shape is the command's own (describe_command
    /// shows it).
    result: Map<String, Json>,
    /// Things worth telling the caller: refused tiles, dropped features, files replaced.
    notices: Vec<String>,
    /// The layers it added.
    #[serde(rename = "layersAdded")]
    layers_added: Vec<String>,
    /// Whether it changed the project (one undo step).
    changed: bool,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}

/// A job started by an `"async": true` call.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct JobStarted {
    /// The job's id (for job.status, job.wait and job.cancel).
    job: u64,
    /// Where the job is.
    state: JobState,
    /// The command it runs, or `script (n lines)`.
    command: String,
}

/// A script that ran (`run`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct ScriptRun {
    /// Whether every line succeeded, and so the script's changes were kept.
    success: bool,
    /// The last line's result (an object, its command's own), or null when no line ran.
    result: Option<Map<String, Json>>,
    /// One entry per line run; the last line's result is `result`, not repeated here.
    lines: Vec<ScriptLineRun>,
    /// The layers the script added.
    #[serde(rename = "layersAdded")]
    layers_added: Vec<String>,
    /// Notices from every line.
    notices: Vec<String>,
    /// Why it failed.
    error: Option<String>,
    /// How long it took, in seconds.
    duration_s: f64,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}

/// One line of a script that ran.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct ScriptLineRun {
    /// The line number, from 1.
    line: u64,
    /// The command id.
    command: String,
    /// Whether it succeeded.
    success: bool,
    /// Its result, when it succeeded (not for the last line): an object, its command's own.
    result: Option<Map<String, Json>>,
    /// Its error, when it failed.
    error: Option<String>,
}

/// Commands found (`list_commands`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct CommandList {
    /// The commands, best first.
    commands: Vec<CommandSummary>,
    /// How many.
    count: u64,
    /// The groups, when nothing matched.
    groups: Option<Vec<String>>,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}

/// A command's catalogue entry.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct CommandSummary {
    /// `group.name`.
    id: String,
    /// What it does, in a line.
    summary: String,
    /// What it needs beyond the project in memory (`reads files`, `network`…).
    access: Vec<String>,
    /// Whether it can change the project.
    changes_project: bool,
    /// For a command that can take minutes: advice to run it as a job.
    long: Option<String>,
}

/// One command's definition (`describe_command`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct CommandDescription {
    /// `group.name`.
    id: String,
    /// What it does, in a line.
    summary: String,
    /// Its documentation (Markdown).
    doc: String,
    /// The JSON Schema of its parameters.
    params: Map<String, Json>,
    /// Example script lines.
    examples: Vec<String>,
    /// Script lines that make what the examples work on, run on the World Atlas sample first;
    /// left out when the sample alone runs them.
    example_setup: Option<Vec<String>>,
    /// What it needs beyond the project in memory.
    access: Vec<String>,
    /// Whether it can change the project.
    changes_project: bool,
    /// Which layers it works on (`any`, `vector`, `vector or PostGIS`).
    layers: String,
    /// For a command that can take minutes: advice to run it as a job.
    long: Option<String>,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}

/// A page of a layer's attribute table (`read_table`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct TablePage {
    /// The layer.
    layer: String,
    /// The fields returned, with their types.
    fields: Vec<FieldInfo>,
    /// The rows: each with its feature id `fid` and the fields.
    rows: Vec<Map<String, Json>>,
    /// How many rows match.
    total: u64,
    /// How many matching rows were skipped.
    offset: u64,
    /// How many rows are here.
    returned: u64,
    /// How many matching rows come after these.
    more: u64,
    /// How to read the next page.
    next: Option<String>,
    /// On a PostGIS layer: whether the query ran in the database as one, or what ran here and why.
    pushdown: Option<String>,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}

/// A field of a table page.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct FieldInfo {
    /// The field's name.
    name: String,
    /// Its type.
    #[serde(rename = "type")]
    field_type: FieldType,
}

/// What a picture of the map shows (`view_map`, `snapshot`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct MapFacts {
    /// Width in pixels, as drawn.
    width: u32,
    /// Height in pixels, as drawn.
    height: u32,
    /// SHA-256 of the PNG, lowercase hex.
    sha256: String,
    /// The PNG's size in bytes.
    bytes: u64,
    /// Whether every pixel has one colour (not for a window's picture).
    blank: Option<bool>,
    /// Why it is blank, as found in the project.
    blank_reason: Option<String>,
    /// The extent shown, `[min_x, min_y, max_x, max_y]` in `crs`.
    extent: Option<[f64; 4]>,
    /// The map's CRS.
    crs: Option<String>,
    /// Labels placed and left out, per labelled layer, top layer first.
    labels: Option<Vec<LabelFacts>>,
    /// What the map left out and why (web tiles that could not be fetched).
    notices: Option<Vec<String>>,
    /// The file the PNG was written to.
    path: Option<String>,
    /// `false` when a path was given but not written.
    written: Option<bool>,
    /// Why the path was not written.
    not_written: Option<String>,
    /// `screen` for a picture of the app's window.
    mode: Option<String>,
    /// What was left out to stay within the budget (a map drawn smaller).
    cut: Option<Vec<Cut>>,
}

/// How many of a layer's labels a map drew and left out.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct LabelFacts {
    /// The layer.
    layer: String,
    /// Labels drawn.
    placed: u64,
    /// Left out: wider than their polygon, or outside the image.
    did_not_fit: u64,
    /// Left out: every place overlapped a label already placed.
    collided: u64,
    /// Left out by the layer's label density.
    crowded: Option<u64>,
    /// Drawn with their text cut.
    cut: Option<u64>,
    /// Left out by the image's label text budget.
    over_budget: Option<u64>,
    /// Left out: characters no installed font has.
    missing_glyphs: Option<u64>,
    /// Left out: another layer put the same text at the same place.
    duplicate: Option<u64>,
    /// The first labels left out (up to 5 a layer, the most important first), each with why.
    left_out: Option<Vec<LeftOutFacts>>,
}

/// A label a map left out.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct LeftOutFacts {
    /// Its text.
    text: String,
    /// Why: did_not_fit, collided, crowded, over_budget, missing_glyphs or duplicate.
    reason: String,
    /// For missing_glyphs: the characters no installed font has.
    missing: Option<String>,
}

/// Sections of the documentation found (`search_docs`).
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: results are built as JSON and validated against it in tests")]
struct DocResults {
    /// What was looked for.
    query: String,
    /// The sections, best first.
    results: Vec<crate::docs::DocHit>,
    /// What was left out to stay within the budget.
    cut: Option<Vec<Cut>>,
}
