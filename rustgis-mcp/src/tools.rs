//! The tools an agent calls. Names and parameters are part of the public contract.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::model::{CallToolResult, ContentBlock, Tool, ToolAnnotations};
use rustgis_core::{Caller, LegendParam, Progress, Session, params_schema};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value as Json, json};

use crate::outputs;
use crate::present::{Presentation, Reply, WrittenFile, files_of};
use crate::text;

/// The largest image `view_map` and `snapshot` draw, per side: smaller than a file export's
/// (`rustgis_core::MAX_IMAGE_SIDE`) because the image goes into the model's context, where a
/// larger one costs many tokens and most clients scale it down anyway.
pub const MAX_IMAGE_SIDE: u32 = 4096;

/// Parameters of `run_command`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RunCommandArgs {
    /// The command id, `group.name` (see list_commands).
    pub command: String,
    /// The command's parameters as a JSON object (see describe_command); omit for none. A JSON
    /// string holding an object is accepted too.
    #[serde(default)]
    #[schemars(with = "Map<String, Json>")]
    pub params: Option<Json>,
    /// Run it as a job and answer at once with the job's id, instead of waiting for the result:
    /// for long work (commands whose description says "suggest running it as a job"). Watch it
    /// with job.status, stop it with job.cancel; its result becomes one undo step when it ends,
    /// while your other calls go on.
    #[serde(default, rename = "async")]
    pub run_async: bool,
    /// The most this result may take, in tokens (about 4 bytes each; default 25,000 unless the
    /// server was started with another): a larger result is cut at a row boundary (a map is drawn
    /// smaller) with a note saying what was left out and how to get the rest.
    #[serde(default)]
    #[schemars(range(min = 1000, max = 1000000))]
    #[expect(dead_code, reason = "the server reads it from the arguments before any tool runs")]
    pub max_tokens: Option<u32>,
}

/// Parameters of `run`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RunArgs {
    /// A script: one `command-id {json}` per line, `#` comments. Runs as one undo step; a failing
    /// line stops it and nothing it did is kept.
    pub script: String,
    /// Run it as a job and answer at once with the job's id (see run_command's `async`).
    #[serde(default, rename = "async")]
    pub run_async: bool,
    /// The most this result may take, in tokens (about 4 bytes each; default 25,000 unless the
    /// server was started with another): a larger result is cut at a row boundary (a map is drawn
    /// smaller) with a note saying what was left out and how to get the rest.
    #[serde(default)]
    #[schemars(range(min = 1000, max = 1000000))]
    #[expect(dead_code, reason = "the server reads it from the arguments before any tool runs")]
    pub max_tokens: Option<u32>,
}

/// Parameters of `list_commands`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListCommandsArgs {
    /// What you want to do, in your own words ("points within polygon", "distance between"):
    /// commands are ranked by their ids, summaries, docs and examples.
    #[serde(default)]
    pub query: Option<String>,
    /// Only this group (`layer`, `vector`, `style`…).
    #[serde(default)]
    pub group: Option<String>,
}

/// Parameters of `describe_command`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DescribeCommandArgs {
    /// The command id.
    pub command: String,
}

/// Parameters of `read_table`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadTableArgs {
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
    /// How many rows (default 20, at most 10,000); the result says how many more there are.
    #[serde(default)]
    pub limit: Option<usize>,
    /// How many matching rows to skip.
    #[serde(default)]
    pub offset: Option<usize>,
    /// The most this result may take, in tokens (about 4 bytes each; default 25,000 unless the
    /// server was started with another): a larger result is cut at a row boundary (a map is drawn
    /// smaller) with a note saying what was left out and how to get the rest.
    #[serde(default)]
    #[schemars(range(min = 1000, max = 1000000))]
    #[expect(dead_code, reason = "the server reads it from the arguments before any tool runs")]
    pub max_tokens: Option<u32>,
}

/// Parameters of `view_map`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewMapArgs {
    /// Width in pixels (default 1024, at most 4096).
    #[serde(default)]
    pub width: Option<u32>,
    /// Height in pixels (default: the view's shape at this width, at most 4096).
    #[serde(default)]
    pub height: Option<u32>,
    /// [min_x, min_y, max_x, max_y] to show, in `crs` (default: the project's view).
    #[serde(default)]
    pub bbox: Option<[f64; 4]>,
    /// The CRS of `bbox` (default EPSG:4326, longitude/latitude; EPSG:3857 for Web Mercator metres).
    #[serde(default)]
    pub crs: Option<String>,
    /// A legend: `true` lists the layers styled by data, or `{"title": "Population", "all_layers": true}`.
    #[serde(default)]
    pub legend: Option<LegendParam>,
    /// A title over the map.
    #[serde(default)]
    pub title: Option<String>,
    /// A line under the title.
    #[serde(default)]
    pub subtitle: Option<String>,
    /// The most this result may take, in tokens (about 4 bytes each; default 25,000 unless the
    /// server was started with another): a larger result is cut at a row boundary (a map is drawn
    /// smaller) with a note saying what was left out and how to get the rest.
    #[serde(default)]
    #[schemars(range(min = 1000, max = 1000000))]
    #[expect(dead_code, reason = "the server reads it from the arguments before any tool runs")]
    pub max_tokens: Option<u32>,
}

/// Where a snapshot comes from.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SnapshotMode {
    /// Drawn offscreen from the project (works everywhere).
    #[default]
    Offscreen,
    /// The map as the app's window shows it (only when attached to the desktop app).
    Screen,
}

/// Parameters of `snapshot`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SnapshotArgs {
    /// offscreen (default) or screen.
    #[serde(default)]
    pub mode: SnapshotMode,
    /// Also write the PNG to this file (needs file access: --yes).
    #[serde(default)]
    pub path: Option<String>,
    /// Width in pixels for offscreen snapshots (default 1024, at most 4096).
    #[serde(default)]
    pub width: Option<u32>,
    /// Height in pixels for offscreen snapshots (default: the view's shape, at most 4096).
    #[serde(default)]
    pub height: Option<u32>,
    /// A legend for offscreen snapshots: `true`, or `{"title": …, "all_layers": true}`.
    #[serde(default)]
    pub legend: Option<LegendParam>,
    /// A title over an offscreen snapshot.
    #[serde(default)]
    pub title: Option<String>,
    /// A line under the title.
    #[serde(default)]
    pub subtitle: Option<String>,
    /// The most this result may take, in tokens (about 4 bytes each; default 25,000 unless the
    /// server was started with another): a larger result is cut at a row boundary (a map is drawn
    /// smaller) with a note saying what was left out and how to get the rest.
    #[serde(default)]
    #[schemars(range(min = 1000, max = 1000000))]
    #[expect(dead_code, reason = "the server reads it from the arguments before any tool runs")]
    pub max_tokens: Option<u32>,
}

/// Parameters of `search_docs`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SearchDocsArgs {
    /// What to look for.
    pub query: String,
}

/// Which tool body runs a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolKind {
    /// `run_command`.
    RunCommand,
    /// `run`.
    Run,
    /// `list_commands`.
    ListCommands,
    /// `describe_command`.
    DescribeCommand,
    /// `read_table`.
    ReadTable,
    /// `view_map`.
    ViewMap,
    /// `snapshot`.
    Snapshot,
    /// `search_docs`.
    SearchDocs,
}

/// Which RustGIS command a tool call runs, for the audit log and the status bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolCommand {
    /// None (the tool reads the catalogue, the docs or the map).
    None,
    /// The command named by this argument (`command` of `run_command`).
    FromArg(&'static str),
    /// Always this command (`table.read` for `read_table`).
    Fixed(&'static str),
    /// A script of commands, in this argument (`script` of `run`).
    Script(&'static str),
}

/// One MCP tool, defined once: the tool list, dispatch, the relay's approval gate, its audit
/// log and its last-call record all read this table.
#[derive(Debug, Clone, Copy)]
pub struct ToolDef {
    /// The tool name.
    pub name: &'static str,
    /// A short human title.
    pub title: &'static str,
    /// What the tool does, for the agent.
    pub description: &'static str,
    /// What the tool may do, for the client and the approval gate.
    pub hints: Hints,
    /// The RustGIS command it runs.
    pub command: ToolCommand,
    /// The body that runs it.
    pub kind: ToolKind,
    /// The MCP Apps view (`ui://…`) that hosts with MCP Apps show beside its results.
    pub view: Option<&'static str>,
    schema: fn() -> Json,
    output: fn() -> Json,
}

/// What a tool may do: the MCP annotations a client reads, and whether the relay asks the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hints {
    /// It only reads.
    pub read_only: bool,
    /// It may change or remove what exists.
    pub destructive: bool,
    /// Repeating the call changes nothing more.
    pub idempotent: bool,
    /// Whether a reviewed grant's call waits for the user's approval.
    pub gated: bool,
}

impl Hints {
    /// A tool that only reads (the catalogue, the docs, a table, the map): never waits for
    /// approval.
    pub const READS: Hints = Hints { read_only: true, destructive: false, idempotent: true, gated: false };
    /// A tool that runs commands, which may change or remove anything: a reviewed grant's call
    /// waits for approval.
    pub const RUNS_COMMANDS: Hints = Hints { read_only: false, destructive: true, idempotent: false, gated: true };
}

impl ToolDef {
    /// The JSON Schema of the tool's arguments.
    pub fn schema(&self) -> Json {
        (self.schema)()
    }

    /// The JSON Schema of the tool's structured content (its `outputSchema`): one of the
    /// shapes its results take, or a tool error `{error, code}`.
    pub fn output_schema(&self) -> Json {
        (self.output)()
    }

    /// The MCP tool as `tools/list` gives it.
    pub fn tool(&self) -> Tool {
        let object = |schema: Json| match schema {
            Json::Object(map) => map,
            _ => Map::new(),
        };
        let (schema, output) = (object(self.schema()), object(self.output_schema()));
        let mut annotations =
            ToolAnnotations::with_title(self.title).read_only(self.hints.read_only).destructive(self.hints.destructive);
        annotations.idempotent_hint = Some(self.hints.idempotent);
        annotations.open_world_hint = Some(false);
        let tool = Tool::new(self.name, self.description.to_owned(), Arc::new(schema))
            .with_raw_output_schema(Arc::new(output))
            .with_annotations(annotations)
            .with_icons(crate::icons::tool_icons(self.name));
        match self.view {
            Some(uri) => tool.with_meta(crate::apps::tool_meta(uri)),
            None => tool,
        }
    }
}

/// Every tool.
pub static TOOLS: &[ToolDef] = &[
    ToolDef {
        name: "run_command",
        title: "Run a command",
        description: "Run any RustGIS command (`layer.addSample`, `vector.buffer`, `style.graduated`, `edit.undo`…) \
                      with its parameters as a JSON object. Find commands with list_commands and their parameters with \
                      describe_command. Each command that changes the project is one undo step. With \"async\": \
                      true it runs as a job and answers at once with the job's id (watch it with job.status, stop it \
                      with job.cancel): for long work such as big geoprocessing and exports.",
        hints: Hints::RUNS_COMMANDS,
        command: ToolCommand::FromArg("command"),
        kind: ToolKind::RunCommand,
        view: None,
        schema: params_schema::<RunCommandArgs>,
        output: outputs::run_command,
    },
    ToolDef {
        name: "run",
        title: "Run a script",
        description: "Run a script of RustGIS commands, one `command-id {json}` per line, as one undo step. A refused \
                      or failing line stops it and nothing it did is kept. Returns {success, result, lines, \
                      layersAdded, notices, error, duration_s}; `result` is the last line's result. With \"async\": \
                      true it runs as a job and answers at once with the job's id.",
        hints: Hints::RUNS_COMMANDS,
        command: ToolCommand::Script("script"),
        kind: ToolKind::Run,
        view: None,
        schema: params_schema::<RunArgs>,
        output: outputs::run,
    },
    ToolDef {
        name: "list_commands",
        title: "List commands",
        description: "Find RustGIS commands by what they do (`query`: \"points within polygon\", \"distance \
                      between\"), best first, or list a group's; each with a one-line summary and the access it needs.",
        hints: Hints::READS,
        command: ToolCommand::None,
        kind: ToolKind::ListCommands,
        view: None,
        schema: params_schema::<ListCommandsArgs>,
        output: outputs::list_commands,
    },
    ToolDef {
        name: "describe_command",
        title: "Describe a command",
        description: "Describe one command: its parameters (JSON Schema), documentation, examples and the access it \
                      needs.",
        hints: Hints::READS,
        command: ToolCommand::FromArg("command"),
        kind: ToolKind::DescribeCommand,
        view: None,
        schema: params_schema::<DescribeCommandArgs>,
        output: outputs::describe_command,
    },
    ToolDef {
        name: "read_table",
        title: "Read an attribute table",
        description: "Read a layer's attribute rows, with a filter, sort and paging (20 rows unless `limit` says \
                      otherwise). Returns rows, fields, the total count and how to get the next page.",
        hints: Hints::READS,
        command: ToolCommand::Fixed("table.read"),
        kind: ToolKind::ReadTable,
        view: None,
        schema: params_schema::<ReadTableArgs>,
        output: outputs::read_table,
    },
    ToolDef {
        name: "view_map",
        title: "View the map",
        description: "Look at the map: draws the current project offscreen (with an optional legend, title and \
                      subtitle) and returns a PNG with what it shows: its extent, labels placed and left out per \
                      layer, its SHA-256, and whether it is blank (one colour everywhere) with the reason.",
        hints: Hints::READS,
        command: ToolCommand::None,
        kind: ToolKind::ViewMap,
        view: Some(crate::apps::MAP_VIEW_URI),
        schema: params_schema::<ViewMapArgs>,
        output: outputs::map,
    },
    ToolDef {
        name: "snapshot",
        title: "Snapshot the map",
        description: "Take a picture of the map: `offscreen` draws it from the project (with an optional legend, \
                      title and subtitle); `screen` captures the desktop app's window (only when attached to the \
                      app). With `path`, also writes the PNG (needs file access; without it the image still comes \
                      back and the result says the file was not written).",
        // It writes a file only with `path`, and then only with file access.
        hints: Hints { read_only: false, destructive: false, idempotent: false, gated: true },
        command: ToolCommand::None,
        kind: ToolKind::Snapshot,
        view: Some(crate::apps::MAP_VIEW_URI),
        schema: params_schema::<SnapshotArgs>,
        output: outputs::map,
    },
    ToolDef {
        name: "search_docs",
        title: "Search the docs",
        description: "Search the RustGIS documentation; returns the best-matching sections (ranked by BM25) with \
                      their page (rustgis://docs/… resources), heading and an excerpt.",
        hints: Hints::READS,
        command: ToolCommand::None,
        kind: ToolKind::SearchDocs,
        view: None,
        schema: params_schema::<SearchDocsArgs>,
        output: outputs::search_docs,
    },
];

/// The tool with this name.
pub fn tool_def(name: &str) -> Option<&'static ToolDef> {
    TOOLS.iter().find(|t| t.name == name)
}

/// Every tool, with its description, schema and hints.
pub fn tool_list() -> Vec<Tool> {
    TOOLS.iter().map(ToolDef::tool).collect()
}

/// Whether a reviewed grant's call of this tool waits for the user's approval (unknown tools
/// do not: they are refused without running).
pub fn is_gated(tool: &str) -> bool {
    tool_def(tool).is_some_and(|t| t.hints.gated)
}

/// The RustGIS command a call runs, when it names one (`run_command`, `describe_command`,
/// `read_table`).
pub fn call_command(tool: &str, args: &Json) -> Option<String> {
    match tool_def(tool)?.command {
        ToolCommand::FromArg(arg) => args.get(arg).and_then(Json::as_str).map(str::to_owned),
        ToolCommand::Fixed(id) => Some(id.to_owned()),
        ToolCommand::None | ToolCommand::Script(_) => None,
    }
}

/// The script a call runs (`run`'s `script`), as given in `args`.
pub fn call_script<'a>(tool: &str, args: &'a Json) -> Option<&'a Json> {
    match tool_def(tool)?.command {
        ToolCommand::Script(arg) => args.get(arg),
        _ => None,
    }
}

/// How often a call sends its client a progress notification at most: a report that comes
/// sooner after the last one sent, or has not moved past it, is not sent (a pyramid reports once
/// a tile; a client needs a few a second, each further on).
pub(crate) const PROGRESS_INTERVAL: std::time::Duration = rustgis_core::JOB_WAIT_INTERVAL;

/// Progress that a tool call forwards to its client, with the client's cancellation.
pub(crate) struct CallProgress {
    sink: Option<tokio::sync::mpsc::UnboundedSender<(f64, String)>>,
    cancelled: Arc<AtomicBool>,
    token: tokio_util::sync::CancellationToken,
    /// When the last report was sent and its fraction: reports come from a command's worker
    /// threads at once.
    last_sent: parking_lot::Mutex<Option<(std::time::Instant, f64)>>,
}

impl CallProgress {
    /// Progress sent to `sink` (when the client asked for progress), cancelled through
    /// `cancelled` (set when the call is abandoned) or the request's `token` (the client's
    /// `notifications/cancelled`, seen at once, even before the call's task runs again).
    pub(crate) fn new(
        sink: Option<tokio::sync::mpsc::UnboundedSender<(f64, String)>>,
        cancelled: Arc<AtomicBool>,
        token: tokio_util::sync::CancellationToken,
    ) -> Self {
        CallProgress { sink, cancelled, token, last_sent: parking_lot::Mutex::new(None) }
    }
}

impl Progress for CallProgress {
    fn report(&self, fraction: f64, message: &str) {
        let Some(sink) = &self.sink else { return };
        {
            let mut last_sent = self.last_sent.lock();
            let now = std::time::Instant::now();
            // MCP asks that progress increase with each notification: a later stage's reports
            // (which start again from 0) are sent once they pass what was sent.
            if let Some((at, sent_fraction)) = last_sent.as_ref()
                && (fraction <= *sent_fraction || now.duration_since(*at) < PROGRESS_INTERVAL)
            {
                return;
            }
            *last_sent = Some((now, fraction));
        }
        if sink.send((fraction, message.to_owned())).is_err() {
            tracing::debug!("progress after the call ended");
        }
    }

    fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || self.token.is_cancelled()
    }
}

/// A tool failure before it becomes a result: a short code and the message the agent reads.
#[derive(Debug, Clone)]
pub(crate) struct ToolError {
    /// Machine-readable kind (`invalid_params`, `refused`, `io`…).
    pub code: String,
    /// What went wrong and what would be accepted.
    pub message: String,
}

impl ToolError {
    /// A failure with this code and message.
    pub(crate) fn new(code: &str, message: impl Into<String>) -> ToolError {
        ToolError { code: code.to_owned(), message: message.into() }
    }

    /// The tool result the agent reads.
    pub(crate) fn into_result(self) -> CallToolResult {
        tool_error(&self.code, self.message)
    }
}

impl From<&rustgis_core::Error> for ToolError {
    fn from(e: &rustgis_core::Error) -> Self {
        ToolError::new(e.code(), e.to_string())
    }
}

/// A tool-level error the agent reads: `{error, code}` plus the message as text.
pub(crate) fn tool_error(code: &str, message: impl Into<String>) -> CallToolResult {
    let message = message.into();
    let mut result = CallToolResult::structured_error(json!({ "error": message, "code": code }));
    result.content = vec![ContentBlock::text(message)];
    result
}

pub(crate) fn core_error(e: &rustgis_core::Error) -> CallToolResult {
    tool_error(e.code(), e.to_string())
}

/// Parses tool arguments into `T`, or a tool error in JSON's terms naming what is accepted.
pub(crate) fn parse_args<T: serde::de::DeserializeOwned + JsonSchema>(tool: &str, args: &Json) -> Result<T, ToolError> {
    let args = if args.is_null() { json!({}) } else { args.clone() };
    serde_json::from_value(args).map_err(|e| {
        let schema = params_schema::<T>();
        let names: Vec<String> =
            schema.get("properties").and_then(Json::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default();
        let message = rustgis_core::in_json_terms(&e.to_string());
        ToolError::new(
            "invalid_params",
            format!("bad arguments for {tool}: {message}; {tool} accepts {}", names.join(", ")),
        )
    })
}

/// Parameters sent as a JSON string are read as the object they hold.
fn object_params(params: Option<Json>) -> Result<Json, ToolError> {
    match params {
        None | Some(Json::Null) => Ok(Json::Null),
        Some(Json::String(text)) => match serde_json::from_str::<Json>(&text) {
            Ok(value @ Json::Object(_)) => Ok(value),
            Ok(_) | Err(_) if text.trim().is_empty() => Ok(Json::Null),
            Ok(other) => Err(params_string_error(&format!("holding {other}, not a JSON object"))),
            Err(e) => Err(params_string_error(&format!("that is not JSON ({e})"))),
        },
        Some(value @ Json::Object(_)) => Ok(value),
        Some(other) => Err(ToolError::new(
            "invalid_params",
            format!("params must be a JSON object such as {{\"layer\": \"cities\"}}, not {other}"),
        )),
    }
}

/// The error for parameters sent as a string that does not hold an object: the string is `what`.
fn params_string_error(what: &str) -> ToolError {
    ToolError::new(
        "invalid_params",
        format!("params is a string {what}; send params as an object such as {{\"layer\": \"cities\"}}"),
    )
}

/// The first half of `job.wait` over MCP: checks its parameters and finds the job, so the server
/// can wait off the session's thread; else the error the agent reads.
pub(crate) fn job_waiter(session: &Session, params: Option<Json>) -> Result<rustgis_core::JobWaiter, ToolError> {
    let params = object_params(params)?;
    session.job_waiter(params).map_err(|e| ToolError::from(&e))
}

/// The second half of `job.wait` over MCP, once the wait is over: `job.wait` with no timeout,
/// which commits the job if it ended and answers with its status.
pub(crate) fn job_wait_status(
    session: &mut Session,
    caller: &Caller,
    id: u64,
    progress: &dyn Progress,
    presentation: Presentation,
) -> CallToolResult {
    let args = RunCommandArgs {
        command: "job.wait".to_owned(),
        params: Some(json!({ "id": id, "timeout_s": 0 })),
        run_async: false,
        max_tokens: None,
    };
    run_command(session, caller, args, progress, presentation)
}

/// Runs `run_command` on the session.
pub(crate) fn run_command(
    session: &mut Session,
    caller: &Caller,
    args: RunCommandArgs,
    progress: &dyn Progress,
    presentation: Presentation,
) -> CallToolResult {
    run_command_asking(session, caller, args, progress, presentation, None)
}

/// [`run_command`], keeping in `asked` the question a refusal lets the server ask the human
/// instead (core decides which refusals have one: [`rustgis_core::Error::ask`]).
pub(crate) fn run_command_asking(
    session: &mut Session,
    caller: &Caller,
    args: RunCommandArgs,
    progress: &dyn Progress,
    presentation: Presentation,
    asked: Option<&parking_lot::Mutex<Option<crate::ask::Question>>>,
) -> CallToolResult {
    let params = match object_params(args.params) {
        Ok(params) => params,
        Err(e) => return e.into_result(),
    };
    // The parameters as given, for a question that names one of them.
    let given = asked.is_some().then(|| params.clone());
    if args.run_async {
        let started = session.start_job(caller, &args.command, params);
        return job_started(session, started, presentation);
    }
    match session.execute_with(caller, &args.command, params, progress) {
        Ok(outcome) => {
            let files = files_of(writes_files(session.registry(), &outcome.command), &outcome.result);
            let data = json!({
                "command": outcome.command,
                "result": outcome.result,
                "notices": outcome.notices,
                "layersAdded": outcome.layers_added,
                "changed": outcome.changed,
            });
            presentation.show(Reply { files, ..Reply::new(data, text::command) })
        }
        Err(e) => {
            if let (Some(asked), Some(given)) = (asked, &given) {
                *asked.lock() = session
                    .registry()
                    .get(&args.command)
                    .and_then(|def| crate::ask::Question::of_error(&e, def, given));
            }
            core_error(&e)
        }
    }
}

/// Whether the command `id` writes files (so a `path` in its result is a file it wrote).
fn writes_files(registry: &rustgis_core::Registry, id: &str) -> bool {
    registry.get(id).is_some_and(|def| def.access.writes_files)
}

/// Runs `run` on the session. The last line's result is the script's `result` and is not
/// repeated in `lines`.
pub(crate) fn run_script(
    session: &mut Session,
    caller: &Caller,
    args: RunArgs,
    progress: &dyn Progress,
    presentation: Presentation,
) -> CallToolResult {
    if args.run_async {
        let started = session.start_script_job(caller, &args.script);
        return job_started(session, started, presentation);
    }
    let outcome = session.run_script_with(caller, &args.script, progress);
    let registry = session.registry();
    let files: Vec<WrittenFile> = if outcome.success {
        outcome
            .lines
            .iter()
            .filter_map(|line| Some((writes_files(registry, &line.command), line.result.as_ref()?)))
            .flat_map(|(writes, result)| files_of(writes, result))
            .collect()
    } else {
        Vec::new()
    };
    let mut json = outcome.to_json();
    if outcome.success
        && let Some(last) = json.get_mut("lines").and_then(Json::as_array_mut).and_then(|l| l.last_mut())
        && let Some(line) = last.as_object_mut()
    {
        line.remove("result");
    }
    presentation.show(Reply { files, is_error: !outcome.success, ..Reply::new(json, text::script) })
}

/// Starts a call as the job an MCP task follows (see `crate::tasks`): the job's waiter, or the
/// error saying why it could not start (as the call without a task would answer).
pub(crate) fn start_task_job(
    session: &mut Session,
    caller: &Caller,
    work: crate::tasks::TaskWork,
) -> Result<rustgis_core::JobWaiter, ToolError> {
    let started = match work {
        crate::tasks::TaskWork::Command(args) => {
            let params = object_params(args.params)?;
            session.start_job(caller, &args.command, params)
        }
        crate::tasks::TaskWork::Script(args) => session.start_script_job(caller, &args.script),
    };
    let id = started.map_err(|e| ToolError::from(&e))?;
    session.job_waiter(json!({ "id": id })).map_err(|e| ToolError::from(&e))
}

/// The end of an MCP task's job: commits it (as `job.wait` does) and answers as the call would
/// have without a task — the command's result, or its error — with the job's final state. A
/// cancelled job answers with `job.wait`'s status, which names the partial result kept.
pub(crate) fn task_outcome(
    session: &mut Session,
    caller: &Caller,
    id: u64,
    presentation: Presentation,
) -> (CallToolResult, Option<rustgis_core::JobState>) {
    let waited = job_wait_status(session, caller, id, &rustgis_core::NoProgress, presentation);
    let Ok(info) = session.job(id) else { return (waited, None) };
    let result = match info.state {
        rustgis_core::JobState::Completed => {
            let result = info.result.unwrap_or(Json::Null);
            let files = files_of(writes_files(session.registry(), &info.command), &result);
            let data = json!({
                "command": info.command,
                "result": result,
                "notices": info.notices,
                "layersAdded": info.layers_added,
                "changed": info.undo_step.is_some(),
            });
            presentation.show(Reply { files, ..Reply::new(data, text::command) })
        }
        rustgis_core::JobState::Failed => tool_error(
            info.error_code.as_deref().unwrap_or("failed"),
            info.error.unwrap_or_else(|| format!("job {id} failed")),
        ),
        _ => waited,
    };
    (result, Some(info.state))
}

/// The answer to an `"async": true` call: the job's id and state, or why it could not start.
fn job_started(session: &Session, started: rustgis_core::Result<u64>, presentation: Presentation) -> CallToolResult {
    match started.and_then(|id| session.job(id)) {
        Ok(job) => presentation
            .show(Reply::new(json!({ "job": job.id, "state": job.state, "command": job.command }), text::job_started)),
        Err(e) => core_error(&e),
    }
}

/// `list_commands`.
pub(crate) fn list_commands(session: &Session, args: ListCommandsArgs, presentation: Presentation) -> CallToolResult {
    let found = match session.registry().search(args.query.as_deref(), args.group.as_deref()) {
        Ok(found) => found,
        Err(e) => return core_error(&e),
    };
    let commands: Vec<Json> = found.iter().map(|d| d.summary_json()).collect();
    let mut data = json!({ "commands": commands, "count": commands.len() });
    if commands.is_empty() {
        data["groups"] = json!(session.registry().groups());
    }
    presentation.show(Reply::new(data, text::commands))
}

/// `describe_command`: the definition as structured content, and as text its parameters one a
/// line (not the same JSON twice).
pub(crate) fn describe_command(
    session: &Session,
    args: DescribeCommandArgs,
    presentation: Presentation,
) -> CallToolResult {
    match session.registry().require(&args.command) {
        Ok(def) => presentation.show(Reply::new(def.describe_json(), text::description)),
        Err(e) => core_error(&e),
    }
}

/// How many rows `read_table` returns without `limit`: enough to see the data, small enough
/// for a model's context.
pub const READ_TABLE_ROWS: usize = 20;

/// `read_table`: `table.read` under another name, with the layer required, 20 rows unless told
/// otherwise, and how to get the next page.
pub(crate) fn read_table(
    session: &mut Session,
    caller: &Caller,
    args: ReadTableArgs,
    presentation: Presentation,
) -> CallToolResult {
    let limit = args.limit.unwrap_or(READ_TABLE_ROWS);
    let offset = args.offset.unwrap_or(0);
    let mut params = json!({ "layer": args.layer, "limit": limit, "offset": offset });
    let map = params.as_object_mut().expect("params is an object literal");
    if let Some(fields) = &args.fields {
        map.insert("fields".into(), json!(fields));
    }
    if let Some(filter) = &args.filter {
        map.insert("where".into(), json!(filter));
    }
    if let Some(order) = &args.order_by {
        map.insert("order_by".into(), json!(order));
    }
    match session.execute(caller, "table.read", params) {
        Ok(outcome) => {
            let mut result = outcome.result;
            let total = result["total"].as_u64().unwrap_or(0) as usize;
            let returned = result["returned"].as_u64().unwrap_or(0) as usize;
            let more = total.saturating_sub(offset + returned);
            if let Some(map) = result.as_object_mut() {
                map.insert("more".into(), json!(more));
                if more > 0 {
                    let next = format!(
                        "read_table with \"offset\": {} for the next {} rows",
                        offset + returned,
                        more.min(limit)
                    );
                    map.insert("next".into(), json!(next));
                }
            }
            presentation.show(Reply::new(result, text::table))
        }
        Err(e) => core_error(&e),
    }
}

/// `search_docs`.
pub(crate) fn search_docs(args: SearchDocsArgs, presentation: Presentation) -> CallToolResult {
    let hits = crate::docs::search(&args.query, 5);
    presentation.show(Reply::new(json!({ "query": args.query, "results": hits }), text::doc_hits))
}
