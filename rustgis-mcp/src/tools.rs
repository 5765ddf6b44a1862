//! The tools an agent calls. Names and parameters are part of the public contract.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use base64::Engine;
use rmcp::model::{CallToolResult, ContentBlock, Tool, ToolAnnotations};
use rustgis_core::{Caller, Progress, RenderRequest, Session, params_schema};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value as Json, json};

/// The largest image `view_map` and `snapshot` draw, per side.
pub const MAX_IMAGE_SIDE: u32 = 4096;

/// Parameters of `run_command`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunCommandArgs {
    /// The command id, `group.name` (see list_commands).
    pub command: String,
    /// The command's parameters (see describe_command); omit for none.
    #[serde(default)]
    pub params: Option<Json>,
}

/// Parameters of `run`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunArgs {
    /// A script: one `command-id {json}` per line, `#` comments. Runs as one undo step; a failing
    /// line stops it and nothing it did is kept.
    pub script: String,
}

/// Parameters of `list_commands`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListCommandsArgs {
    /// Words to look for in command ids, summaries and docs.
    #[serde(default)]
    pub query: Option<String>,
    /// Only this group (`layer`, `vector`, `style`…).
    #[serde(default)]
    pub group: Option<String>,
}

/// Parameters of `describe_command`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DescribeCommandArgs {
    /// The command id.
    pub command: String,
}

/// Parameters of `read_table`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadTableArgs {
    /// The layer.
    pub layer: String,
    /// The fields to return (default: all).
    #[serde(default)]
    pub fields: Option<Vec<String>>,
    /// A filter expression (QGIS syntax): `"gdp_md" > 1000000 AND continent = 'Asia'`.
    #[serde(default, rename = "where")]
    pub filter: Option<String>,
    /// Sort keys: `gdp_md DESC, name`.
    #[serde(default)]
    pub order_by: Option<String>,
    /// How many rows (default 100, at most 10,000).
    #[serde(default)]
    pub limit: Option<usize>,
    /// How many matching rows to skip.
    #[serde(default)]
    pub offset: Option<usize>,
}

/// Parameters of `view_map`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ViewMapArgs {
    /// Width in pixels (default 1024, at most 4096).
    #[serde(default)]
    pub width: Option<u32>,
    /// Height in pixels (default 768, at most 4096).
    #[serde(default)]
    pub height: Option<u32>,
    /// [min_x, min_y, max_x, max_y] in the map's CRS (default: the project's view).
    #[serde(default)]
    pub bbox: Option<[f64; 4]>,
}

/// Where a snapshot comes from.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SnapshotMode {
    /// Drawn offscreen from the project (works everywhere).
    #[default]
    Offscreen,
    /// The map as the app's window shows it (only when attached to the desktop app).
    Screen,
}

/// Parameters of `snapshot`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnapshotArgs {
    /// offscreen (default) or screen.
    #[serde(default)]
    pub mode: SnapshotMode,
    /// Also write the PNG to this file (needs file access: --yes).
    #[serde(default)]
    pub path: Option<String>,
    /// Width in pixels for offscreen snapshots (default 1024, at most 4096).
    #[serde(default)]
    pub width: Option<u32>,
    /// Height in pixels for offscreen snapshots (default 768, at most 4096).
    #[serde(default)]
    pub height: Option<u32>,
}

/// Parameters of `search_docs`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchDocsArgs {
    /// What to look for.
    pub query: String,
}

fn annotations(title: &str, read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations {
    let mut a = ToolAnnotations::with_title(title).read_only(read_only).destructive(destructive);
    a.idempotent_hint = Some(idempotent);
    a.open_world_hint = Some(false);
    a
}

fn tool<T: JsonSchema>(name: &'static str, description: &str, annotations: ToolAnnotations) -> Tool {
    let schema = match params_schema::<T>() {
        Json::Object(map) => map,
        _ => Map::new(),
    };
    Tool::new(name, description.to_owned(), Arc::new(schema)).with_annotations(annotations)
}

/// Every tool, with its description, schema and hints.
pub fn tool_list() -> Vec<Tool> {
    vec![
        tool::<RunCommandArgs>(
            "run_command",
            "Run any RustGIS command (`layer.addSample`, `vector.buffer`, `style.graduated`, `edit.undo`…) with its \
             JSON parameters. Find commands with list_commands and their parameters with describe_command. Each \
             command that changes the project is one undo step.",
            annotations("Run a command", false, true, false),
        ),
        tool::<RunArgs>(
            "run",
            "Run a script of RustGIS commands, one `command-id {json}` per line, as one undo step. A refused or \
             failing line stops it and nothing it did is kept. Returns {success, result, lines, layersAdded, \
             notices, error, duration_s}.",
            annotations("Run a script", false, true, false),
        ),
        tool::<ListCommandsArgs>(
            "list_commands",
            "List RustGIS commands with a one-line summary and the access each needs, optionally filtered by words \
             or by group.",
            annotations("List commands", true, false, true),
        ),
        tool::<DescribeCommandArgs>(
            "describe_command",
            "Describe one command: its parameters (JSON Schema), documentation, examples and the access it needs.",
            annotations("Describe a command", true, false, true),
        ),
        tool::<ReadTableArgs>(
            "read_table",
            "Read a layer's attribute rows, with a filter, sort and paging. Returns rows, fields and the total count.",
            annotations("Read an attribute table", true, false, true),
        ),
        tool::<ViewMapArgs>(
            "view_map",
            "Look at the map: draws the current project offscreen and returns a PNG image with its SHA-256, size \
             and whether it is blank (one colour everywhere, often a sign of an empty or mis-zoomed map).",
            annotations("View the map", true, false, true),
        ),
        tool::<SnapshotArgs>(
            "snapshot",
            "Take a picture of the map: `offscreen` draws it from the project; `screen` captures the desktop app's \
             window (only when attached to the app). With `path`, also writes the PNG (needs file access).",
            annotations("Snapshot the map", false, false, false),
        ),
        tool::<SearchDocsArgs>(
            "search_docs",
            "Search the RustGIS documentation; returns ranked pages (rustgis://docs/… resources) with excerpts.",
            annotations("Search the docs", true, false, true),
        ),
    ]
}

/// Progress that a tool call forwards to its client, with the client's cancellation.
pub struct CallProgress {
    sink: Option<tokio::sync::mpsc::UnboundedSender<(f64, String)>>,
    cancelled: Arc<AtomicBool>,
    token: tokio_util::sync::CancellationToken,
}

impl CallProgress {
    /// Progress sent to `sink` (when the client asked for progress), cancelled through
    /// `cancelled` (set when the call is abandoned) or the request's `token` (the client's
    /// `notifications/cancelled`, seen at once, even before the call's task runs again).
    pub fn new(
        sink: Option<tokio::sync::mpsc::UnboundedSender<(f64, String)>>,
        cancelled: Arc<AtomicBool>,
        token: tokio_util::sync::CancellationToken,
    ) -> Self {
        CallProgress { sink, cancelled, token }
    }
}

impl Progress for CallProgress {
    fn report(&self, fraction: f64, message: &str) {
        if let Some(sink) = &self.sink
            && sink.send((fraction, message.to_owned())).is_err()
        {
            tracing::debug!("progress after the call ended");
        }
    }

    fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || self.token.is_cancelled()
    }
}

/// A tool failure before it becomes a result: a short code and the message the agent reads.
#[derive(Debug, Clone)]
pub struct ToolError {
    /// Machine-readable kind (`invalid_params`, `refused`, `io`…).
    pub code: String,
    /// What went wrong and what would be accepted.
    pub message: String,
}

impl ToolError {
    /// A failure with this code and message.
    pub fn new(code: &str, message: impl Into<String>) -> ToolError {
        ToolError { code: code.to_owned(), message: message.into() }
    }

    /// The tool result the agent reads.
    pub fn into_result(self) -> CallToolResult {
        tool_error(&self.code, self.message)
    }
}

impl From<&rustgis_core::Error> for ToolError {
    fn from(e: &rustgis_core::Error) -> Self {
        ToolError::new(e.code(), e.to_string())
    }
}

/// A tool-level error the agent reads: `{error, code}` plus the message as text.
pub fn tool_error(code: &str, message: impl Into<String>) -> CallToolResult {
    let message = message.into();
    let mut result = CallToolResult::structured_error(json!({ "error": message, "code": code }));
    result.content = vec![ContentBlock::text(message)];
    result
}

fn core_error(e: &rustgis_core::Error) -> CallToolResult {
    tool_error(e.code(), e.to_string())
}

/// Parses tool arguments into `T`, or a tool error naming what is accepted.
pub fn parse_args<T: serde::de::DeserializeOwned + JsonSchema>(tool: &str, args: &Json) -> Result<T, ToolError> {
    let args = if args.is_null() { json!({}) } else { args.clone() };
    serde_json::from_value(args).map_err(|e| {
        let schema = params_schema::<T>();
        let names: Vec<String> =
            schema.get("properties").and_then(Json::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default();
        ToolError::new("invalid_params", format!("bad arguments for {tool}: {e}; {tool} accepts {}", names.join(", ")))
    })
}

/// Runs `run_command` on the session.
pub fn run_command(
    session: &mut Session,
    caller: &Caller,
    args: RunCommandArgs,
    progress: &dyn Progress,
) -> CallToolResult {
    match session.execute_with(caller, &args.command, args.params.unwrap_or(Json::Null), progress) {
        Ok(outcome) => CallToolResult::structured(json!({
            "command": outcome.command,
            "result": outcome.result,
            "notices": outcome.notices,
            "layersAdded": outcome.layers_added,
        })),
        Err(e) => core_error(&e),
    }
}

/// Runs `run` on the session.
pub fn run_script(session: &mut Session, caller: &Caller, args: RunArgs, progress: &dyn Progress) -> CallToolResult {
    let outcome = session.run_script_with(caller, &args.script, progress);
    let json = outcome.to_json();
    if outcome.success { CallToolResult::structured(json) } else { CallToolResult::structured_error(json) }
}

/// `list_commands`.
pub fn list_commands(session: &Session, args: ListCommandsArgs) -> CallToolResult {
    let found = session.registry().search(args.query.as_deref(), args.group.as_deref());
    let commands: Vec<Json> = found.iter().map(|d| d.summary_json()).collect();
    CallToolResult::structured(json!({ "commands": commands, "count": commands.len() }))
}

/// `describe_command`.
pub fn describe_command(session: &Session, args: DescribeCommandArgs) -> CallToolResult {
    match session.registry().require(&args.command) {
        Ok(def) => CallToolResult::structured(def.describe_json()),
        Err(e) => core_error(&e),
    }
}

/// `read_table`: `table.read` under another name, with the layer required.
pub fn read_table(session: &mut Session, caller: &Caller, args: ReadTableArgs) -> CallToolResult {
    let mut params = json!({ "layer": args.layer });
    let map = params.as_object_mut().expect("params is an object literal");
    if let Some(fields) = args.fields {
        map.insert("fields".into(), json!(fields));
    }
    if let Some(filter) = args.filter {
        map.insert("where".into(), json!(filter));
    }
    if let Some(order) = args.order_by {
        map.insert("order_by".into(), json!(order));
    }
    if let Some(limit) = args.limit {
        map.insert("limit".into(), json!(limit));
    }
    if let Some(offset) = args.offset {
        map.insert("offset".into(), json!(offset));
    }
    match session.execute(caller, "table.read", params) {
        Ok(outcome) => CallToolResult::structured(outcome.result),
        Err(e) => core_error(&e),
    }
}

fn checked_size(width: Option<u32>, height: Option<u32>) -> Result<(u32, u32), ToolError> {
    let (w, h) = (width.unwrap_or(1024), height.unwrap_or(768));
    if w == 0 || h == 0 || w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(ToolError::new(
            "invalid_params",
            format!(
                "an image of {w}×{h} pixels is outside what is drawn: width and height must be 1 to {MAX_IMAGE_SIDE}"
            ),
        ));
    }
    Ok((w, h))
}

/// Draws the map offscreen and returns the image content plus its facts.
pub fn view_map(session: &Session, args: ViewMapArgs) -> CallToolResult {
    let (width, height) = match checked_size(args.width, args.height) {
        Ok(size) => size,
        Err(e) => return e.into_result(),
    };
    let extent = match args.bbox {
        Some(b) => match rustgis_core::Extent::from_bbox(b) {
            Some(e) => Some(e),
            None => {
                return tool_error(
                    "invalid_params",
                    "bbox must be [min_x, min_y, max_x, max_y] of finite numbers with min < max",
                );
            }
        },
        None => None,
    };
    let request = RenderRequest { width, height, extent, ..RenderRequest::default() };
    match draw(session, &request) {
        Ok(image) => image_result(&image.png, image_facts(&image), None),
        Err(e) => e.into_result(),
    }
}

fn draw(session: &Session, request: &RenderRequest) -> Result<rustgis_core::RenderedImage, ToolError> {
    let renderer =
        session.renderer().ok_or_else(|| ToolError::new("internal", "this server was started without a renderer"))?;
    renderer.render(session.project(), request).map_err(|e| ToolError::from(&e))
}

fn image_facts(image: &rustgis_core::RenderedImage) -> Json {
    json!({
        "width": image.width,
        "height": image.height,
        "sha256": image.sha256,
        "bytes": image.png.len(),
        "blank": image.blank,
    })
}

/// An image result: the PNG as image content, the facts as text and structured content.
pub fn image_result(png: &[u8], mut facts: Json, path: Option<&str>) -> CallToolResult {
    if let (Some(path), Some(map)) = (path, facts.as_object_mut()) {
        map.insert("path".into(), json!(path));
    }
    if facts.get("blank").and_then(Json::as_bool) == Some(true)
        && let Some(map) = facts.as_object_mut()
    {
        map.insert(
            "warning".into(),
            json!(
                "the image is one colour everywhere: check that layers are visible and the view shows them (map.zoomTo)"
            ),
        );
    }
    let encoded = base64::engine::general_purpose::STANDARD.encode(png);
    let mut result =
        CallToolResult::success(vec![ContentBlock::image(encoded, "image/png"), ContentBlock::text(facts.to_string())]);
    result.structured_content = Some(facts);
    result
}

/// `snapshot` with mode offscreen.
pub fn snapshot_offscreen(session: &Session, caller: &Caller, args: &SnapshotArgs) -> CallToolResult {
    let (width, height) = match checked_size(args.width, args.height) {
        Ok(size) => size,
        Err(e) => return e.into_result(),
    };
    let request = RenderRequest { width, height, ..RenderRequest::default() };
    let image = match draw(session, &request) {
        Ok(image) => image,
        Err(e) => return e.into_result(),
    };
    let facts = image_facts(&image);
    match &args.path {
        Some(path) => match save_png(caller, path, &image.png) {
            Ok(written) => image_result(&image.png, facts, Some(&written)),
            Err(e) => e.into_result(),
        },
        None => image_result(&image.png, facts, None),
    }
}

/// Writes a snapshot PNG when the caller may write files; never replaces an existing file.
pub fn save_png(caller: &Caller, path: &str, png: &[u8]) -> Result<String, ToolError> {
    rustgis_core::Policy::check("snapshot", &rustgis_core::Access::WRITES_FILES, caller).map_err(|r| {
        ToolError::new("refused", format!("snapshot with a path {}", r.message.trim_start_matches("snapshot")))
    })?;
    let target = std::path::PathBuf::from(path);
    let written = rustgis_core::io::atomic::write_file(&target, false, |out| {
        std::io::Write::write_all(out, png).map_err(|source| rustgis_core::Error::Io {
            action: "cannot write",
            path: target.clone(),
            source,
        })
    })
    .map_err(|e| ToolError::from(&e))?;
    if written != png.len() as u64 {
        return Err(ToolError::new("io", format!("{path} was not written whole; nothing is claimed")));
    }
    Ok(target.display().to_string())
}

/// `search_docs`.
pub fn search_docs(args: SearchDocsArgs) -> CallToolResult {
    let hits = crate::docs::search(&args.query, 5);
    CallToolResult::structured(json!({ "query": args.query, "results": hits }))
}
