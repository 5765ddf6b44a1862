//! The MCP server: one type that serves any session host, over any transport.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult,
    ExtensionCapabilities, GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams, GetSkillResult,
    Implementation, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities, ServerConfig,
    ServerNotification, SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams,
};
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value as Json;

use crate::host::{CallInfo, Host, Job};
use crate::present::{self, LinkedFiles, Presentation, ResultBudget};
use crate::tools::{self, CallProgress, SnapshotMode, ToolError, ToolKind, tool_error};
use crate::{apps, ask, docs, icons, maps, prompts, skills, state, tasks, templates};

mod discovery;

/// Options of a server.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    /// Send progress notifications when a client asks for them (on stateless HTTP a notification
    /// turns that call's JSON reply into an event stream).
    pub progress_notifications: bool,
    /// The most one tool result takes unless the call asks for another with `max_tokens`.
    pub result_budget: ResultBudget,
    /// Whether the connection can carry a request to the client (stdio, the relay's socket), so
    /// a refusal a yes could lift is asked of the human (`elicitation/create`) when the client
    /// can elicit. False on stateless MCP over HTTP, where no request reaches the client.
    pub stateful: bool,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions { progress_notifications: true, result_budget: ResultBudget::default(), stateful: true }
    }
}

/// The largest file `resources/read` sends back through a resource link: larger files are read
/// from their path.
pub const MAX_LINKED_FILE_BYTES: u64 = 16 << 20;

/// The RustGIS MCP server. Cheap to clone: clones share the host and the files linked, not the
/// legacy `resources/subscribe` subscriptions (a clone serves another client).
pub struct GisServer {
    host: Arc<dyn Host>,
    options: ServerOptions,
    tools: Arc<Vec<Tool>>,
    linked: LinkedFiles,
    /// This client's `resources/subscribe` to the project's state (protocol versions before
    /// 2026-07-28): cancelling the token ends the task that sends its updates.
    subscribed: Arc<parking_lot::Mutex<Option<tokio_util::sync::CancellationToken>>>,
    /// Receivers taken when a `subscriptions/listen` was accepted, before rmcp acknowledges it,
    /// oldest first: `listen` starts from one, so a change made between the acknowledgement and
    /// `listen` is still sent (a receiver taken earlier only sees more, never less).
    listening: Arc<parking_lot::Mutex<std::collections::VecDeque<tokio::sync::watch::Receiver<state::ProjectMoved>>>>,
    /// The tasks this server runs for clients that declared the tasks extension (shared by the
    /// clones: stateless HTTP makes one per request).
    tasks: rmcp::task_manager::TaskManager,
}

impl Clone for GisServer {
    fn clone(&self) -> Self {
        GisServer {
            host: self.host.clone(),
            options: self.options.clone(),
            tools: self.tools.clone(),
            linked: self.linked.clone(),
            subscribed: Arc::default(),
            listening: Arc::default(),
            tasks: self.tasks.clone(),
        }
    }
}

impl Drop for GisServer {
    /// The client's connection ended: its `resources/subscribe` updates stop with it.
    fn drop(&mut self) {
        if let Some(token) = self.subscribed.lock().take() {
            token.cancel();
        }
    }
}

impl std::fmt::Debug for GisServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GisServer").field("options", &self.options).finish_non_exhaustive()
    }
}

impl GisServer {
    /// A server whose tools act through `host`.
    pub fn new(host: Arc<dyn Host>) -> GisServer {
        GisServer::with_options(host, ServerOptions::default())
    }

    /// A server with options.
    pub fn with_options(host: Arc<dyn Host>, options: ServerOptions) -> GisServer {
        GisServer {
            host,
            options,
            tools: Arc::new(tools::tool_list()),
            linked: LinkedFiles::default(),
            subscribed: Arc::default(),
            listening: Arc::default(),
            tasks: rmcp::task_manager::TaskManager::new(),
        }
    }

    /// The instructions sent to the agent at initialization.
    pub fn instructions(&self) -> String {
        const NO_REPLACING: &str = "You cannot replace the project (project.new, project.open, project.openText, \
                                    project.sample and project.fromTemplate are refused).";
        let whose = match (self.host.attached(), self.host.has_window()) {
            (true, true) => format!(
                "You are attached to the RustGIS desktop app: the project is the one the user has open, and the user \
                 watches the map change as you work. Each of your commands is a step in the user's undo history, \
                 named for you; edit.undo takes back only your own steps. {NO_REPLACING}"
            ),
            (true, false) => format!(
                "You are attached to a RustGIS session that a host runs without a window (the headless rustgis-relay, \
                 or a program that embeds the relay): the project is the one that host has open, and other agents may \
                 work on it too. Each of your commands is a step in its undo history, named for you; edit.undo takes \
                 back only your own steps. {NO_REPLACING}"
            ),
            (false, _) => "The project is your own, held in memory until you save it (project.save): open, replace \
                           and undo freely."
                .to_owned(),
        };
        let roots = self.host.roots();
        let access = if self.host.files_and_network() && !roots.is_empty() {
            format!(
                "File and network access is on, for files below {} only (a path elsewhere is refused, \
                 ACCESS_DENIED); relative paths start in the project's folder, else in {}; files.list shows what \
                 they hold. Scripts and plugin commands are never run.",
                roots.described(),
                roots.first().map(|root| root.path().display().to_string()).unwrap_or_default()
            )
        } else if self.host.files_and_network() {
            "File and network access is on: commands may read and write files and use the network.".to_owned()
        } else {
            format!(
                "Commands that read or write files or use the network (layer.open, layer.export, project.open, \
                 project.save, map.export, project.openText, snapshot with a path) are refused without file and \
                 network access; {}. The built-in World Atlas sample (layer.addSample, project.sample), inline \
                 GeoJSON (layer.addGeoJSON, also for a file you can read yourself), geoprocessing, styling and \
                 view_map always work.",
                self.host.access_hint()
            )
        };
        let state = if self.host.project_watch().is_some() {
            format!(
                "\n\n{} reads as the project's revision, its layers, your active layer and the last change (who ran \
                 which command); subscribe to it to be told when the user or another agent changes the project, and \
                 give expected_revision to a changing command to have it refused if the project moved meanwhile.",
                state::STATE_URI
            )
        } else {
            String::new()
        };
        format!(
            "RustGIS makes maps: vector layers with attribute tables, geoprocessing that is correct on the globe \
             (geodesic buffers, areas and distances), styles, labels and map images. {whose}\n\n\
             Find layers with layer.list or project.info (run_command), find commands by what they do with \
             list_commands {{\"query\": \"points within polygon\"}} and their parameters with describe_command, run \
             one with run_command or several as one undo step with run, read attributes with read_table, and look \
             at the result with view_map (a PNG; legend, title and subtitle on request). The quickest way to show \
             some features is feature.select then view_map: the selection is highlighted. Opening data on a world \
             view zooms to it; map.zoomTo {{\"layer\": …}} zooms to any layer. Expressions use QGIS syntax (\"gdp_md\" > 1000000 AND continent = 'Asia'). The \
             documentation is available as rustgis://docs/… resources and through search_docs.\n\n{access} Scripts, \
             tasks, models, plugin management and the GeoLibre runner are never run for agents unless the user \
             turns on Full access in the desktop app.{state}"
        )
    }

    /// How this call's result is shown: the server's budget, or the call's own `max_tokens`, for
    /// the protocol version the client speaks. A bad `max_tokens` is the tool error it returns.
    fn presentation(&self, context: &RequestContext<RoleServer>, args: &Json) -> Result<Presentation, ToolError> {
        Presentation::new(self.options.result_budget, context.protocol_version().as_ref()).with_max_tokens(args)
    }

    /// The token the client asked progress under, unless this server sends no progress.
    fn progress_token(&self, context: &RequestContext<RoleServer>) -> Option<rmcp::model::ProgressToken> {
        if self.options.progress_notifications { context.meta.get_progress_token() } else { None }
    }

    async fn dispatch(
        &self,
        name: &str,
        args: Json,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let cancelled = Arc::new(AtomicBool::new(false));
        let progress_token = self.progress_token(&context);
        let (sink, progress_rx) = match progress_token {
            Some(_) => {
                let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
                (Some(tx), Some(rx))
            }
            None => (None, None),
        };
        let progress = Arc::new(CallProgress::new(sink, cancelled.clone(), context.ct.clone()));
        // A call whose future is dropped (its client went away) must not run later: the guard
        // marks it cancelled unless it finished.
        let mut abandoned = CancelOnDrop { flag: cancelled.clone(), armed: true };
        let call = CallInfo { tool: name.to_owned(), args: args.clone() };
        let presentation = match self.presentation(&context, &args) {
            Ok(presentation) => presentation,
            Err(e) => return Ok(e.into_result().into()),
        };
        let Some(def) = tools::tool_def(name) else {
            return Err(McpError::invalid_params(
                format!(
                    "unknown tool '{name}'; the tools are {}",
                    tools::TOOLS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
                ),
                None,
            ));
        };
        // A run_command refused only for want of the human's yes is asked, when the client can
        // be: the question comes back from the session beside the result, with the arguments to
        // run the call again.
        let mut asking = None;
        let job: Job = match def.kind {
            ToolKind::RunCommand => match tools::parse_args::<tools::RunCommandArgs>(name, &args) {
                Ok(a) if a.command == "job.wait" && !a.run_async => {
                    abandoned.armed = false;
                    let waited =
                        self.wait_for_job(call, a.params, progress_token, progress, &context, presentation).await;
                    return waited.inspect(|result| self.linked.remember(result)).map(Into::into);
                }
                Ok(a) => {
                    let progress = progress.clone();
                    let can_ask = ask::can_ask(&context, self.options.stateful) || ask::can_ask_by_retry(&context);
                    let slot = (!a.run_async && can_ask).then(|| Arc::new(parking_lot::Mutex::new(None)));
                    if let Some(slot) = &slot {
                        asking = Some((slot.clone(), a.clone()));
                    }
                    Box::new(move |s, c| tools::run_command_asking(s, c, a, &*progress, presentation, slot.as_deref()))
                }
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::Run => match tools::parse_args(name, &args) {
                Ok(a) => {
                    let progress = progress.clone();
                    Box::new(move |s, c| tools::run_script(s, c, a, &*progress, presentation))
                }
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::ListCommands => match tools::parse_args(name, &args) {
                Ok(a) => Box::new(move |s, _| tools::list_commands(s, a, presentation)),
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::DescribeCommand => match tools::parse_args(name, &args) {
                Ok(a) => Box::new(move |s, _| tools::describe_command(s, a, presentation)),
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::ReadTable => match tools::parse_args(name, &args) {
                Ok(a) => Box::new(move |s, c| tools::read_table(s, c, a, presentation)),
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::ViewMap => match tools::parse_args(name, &args) {
                Ok(a) => {
                    let progress = progress.clone();
                    Box::new(move |s, _| maps::view_map(s, a, &*progress, presentation))
                }
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::Snapshot => match tools::parse_args::<tools::SnapshotArgs>(name, &args) {
                Ok(a) if a.mode == SnapshotMode::Screen => {
                    let shown = self.screen_snapshot(call, a, presentation).await;
                    return shown.inspect(|result| self.linked.remember(result)).map(Into::into);
                }
                Ok(a) => {
                    let progress = progress.clone();
                    Box::new(move |s, c| maps::snapshot_offscreen(s, c, &a, &*progress, presentation))
                }
                Err(e) => return Ok(e.into_result().into()),
            },
            ToolKind::SearchDocs => match tools::parse_args(name, &args) {
                Ok(a) => return Ok(tools::search_docs(a, presentation).into()),
                Err(e) => return Ok(e.into_result().into()),
            },
        };
        let mut running = Running { cancelled: &cancelled, progress_rx, progress_token, context: &context };
        let mut result = running.until_done(self.host.run(call.clone(), job)).await;
        let question = asking
            .as_ref()
            .and_then(|(slot, _)| slot.lock().take())
            .filter(|question| question.may_be_asked(self.host.client_sets_roots()));
        if let (Ok(refused), Some((_, args)), Some(question)) = (&result, asking, question) {
            if ask::can_ask_by_retry(&context) {
                // Protocol 2026-07-28: the question goes back as an input request; the client's
                // retry carries the answer (`answer_retry`).
                abandoned.armed = false;
                return Ok(match ask::input_required(question, args, refused.clone(), presentation, call) {
                    Some(input) => CallToolResponse::InputRequired(input),
                    None => refused.clone().into(),
                });
            }
            let answer = ask::ask_human(&context, &question).await;
            result = match rerun_job(&question, &answer, args, progress, presentation) {
                Some(job) => {
                    let mut rerun = running.until_done(self.host.run(call, job)).await;
                    if let Ok(rerun) = &mut rerun {
                        ask::note(rerun, &question, &answer);
                    }
                    rerun
                }
                None => Ok(ask::not_allowed(refused, &question, &answer)),
            };
        }
        abandoned.armed = false;
        result.inspect(|result| self.linked.remember(result)).map(Into::into)
    }

    /// The retry of a call that answered `input_required` (protocol 2026-07-28): the question
    /// waiting under `handle` and the answer the retry carries; the call runs again on an
    /// allowing answer, else the refusal stands, saying what the human answered.
    async fn answer_retry(
        &self,
        handle: &str,
        responses: &rmcp::model::InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let Some((pending, answer)) = ask::take_answered(handle, responses) else {
            return Ok(tool_error(
                "expired",
                "no question waits for this answer: it was answered already, or asked over 10 minutes ago; call the \
                 tool again",
            ));
        };
        let cancelled = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(CallProgress::new(None, cancelled.clone(), context.ct.clone()));
        let mut running = Running { cancelled: &cancelled, progress_rx: None, progress_token: None, context: &context };
        let result = match rerun_job(&pending.question, &answer, pending.args, progress, pending.presentation) {
            Some(job) => {
                let mut rerun = running.until_done(self.host.run(pending.call, job)).await;
                if let Ok(rerun) = &mut rerun {
                    ask::note(rerun, &pending.question, &answer);
                }
                rerun
            }
            None => Ok(ask::not_allowed(&pending.refused, &pending.question, &answer)),
        };
        result.inspect(|result| self.linked.remember(result))
    }
    /// `job.wait` over MCP: the job is found on the session, then waited on here, off the
    /// session's thread (so the agent's other calls, and the app's frame, go on meanwhile),
    /// sending its progress when the client gave a token (when it moved on, at most every
    /// [`tools::PROGRESS_INTERVAL`]); then `job.wait` runs again with no timeout for the status.
    /// Cancelling the call stops the wait, not the job.
    async fn wait_for_job(
        &self,
        call: CallInfo,
        params: Option<Json>,
        progress_token: Option<rmcp::model::ProgressToken>,
        progress: Arc<CallProgress>,
        context: &RequestContext<RoleServer>,
        presentation: Presentation,
    ) -> Result<CallToolResult, McpError> {
        let host_error = |e: crate::host::HostError| McpError::new(rmcp::model::ErrorCode(e.code), e.message, None);
        // The host answers with a tool result; the waiter it found comes back beside it.
        let found = Arc::new(parking_lot::Mutex::new(None));
        let slot = found.clone();
        let check: Job = Box::new(move |session, _| match tools::job_waiter(session, params) {
            Ok(waiter) => {
                *slot.lock() = Some(waiter);
                CallToolResult::success(Vec::new())
            }
            Err(refused) => refused.into_result(),
        });
        let checked = self.host.run(call.clone(), check).await.map_err(host_error)?;
        let Some(waiter) = found.lock().take() else { return Ok(checked) };
        let until = tokio::time::Instant::now() + waiter.timeout();
        let mut ticks = tokio::time::interval(tools::PROGRESS_INTERVAL);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut sent: Option<f64> = None;
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                () = context.ct.cancelled() => {
                    return Ok(tool_error(
                        "cancelled",
                        format!("the wait for job {} was cancelled; the job goes on (job.cancel stops it)", waiter.id()),
                    ));
                }
            }
            if waiter.has_ended() || tokio::time::Instant::now() >= until {
                break;
            }
            if let Some(token) = &progress_token {
                // MCP asks that progress increase with each notification.
                let (fraction, message) = waiter.progress();
                if sent.is_none_or(|before| fraction > before) {
                    let note =
                        ProgressNotificationParam::new(token.clone(), fraction).with_total(1.0).with_message(message);
                    if let Err(e) = context.peer.notify_progress(note).await {
                        tracing::debug!("cannot send progress: {e}");
                    }
                    sent = Some(fraction);
                }
            }
        }
        let id = waiter.id();
        let status: Job =
            Box::new(move |session, caller| tools::job_wait_status(session, caller, id, &*progress, presentation));
        self.host.run(call, status).await.map_err(host_error)
    }

    async fn screen_snapshot(
        &self,
        call: CallInfo,
        args: tools::SnapshotArgs,
        presentation: Presentation,
    ) -> Result<CallToolResult, McpError> {
        let Some(capture) = self.host.screen_snapshot() else {
            return Ok(tool_error(
                "no_screen",
                "snapshot mode \"screen\" captures the desktop app's window, and this server has none: attach to the \
                 running app (rustgis-cli mcp --attach) or use mode \"offscreen\"",
            ));
        };
        let image = capture.await.map_err(|e| McpError::new(rmcp::model::ErrorCode(e.code), e.message, None))?;
        let facts = serde_json::json!({
            "width": image.width,
            "height": image.height,
            "sha256": rustgis_core::sha256_hex(&image.png),
            "bytes": image.png.len(),
            "mode": "screen",
        });
        match args.path {
            Some(path) => {
                let png = image.png.clone();
                let job: Job = Box::new(move |session, caller| {
                    maps::saved_image(session, caller, &path, &png, facts, presentation)
                });
                self.host
                    .run(call, job)
                    .await
                    .map_err(|e| McpError::new(rmcp::model::ErrorCode(e.code), e.message, None))
            }
            None => Ok(maps::image_result(&image.png, facts, None, presentation)),
        }
    }
}

impl GisServer {
    /// A file a tool call linked (`resource_link`), read back for a client with file access:
    /// text as text, anything else as base64. Files no call linked are not served, so a link
    /// never opens the rest of the disk.
    fn read_linked_file(&self, uri: &str, path: &std::path::Path) -> Result<ResourceContents, McpError> {
        if !self.linked.contains(path) {
            return Err(templates::not_found(
                uri,
                format!(
                    "{uri} is not a file this server wrote and linked; read it from its path, or open it with layer.open"
                ),
            ));
        }
        if !self.host.files_and_network() {
            return Err(McpError::invalid_request(
                format!("reading {uri} needs file access, which this connection no longer has"),
                None,
            ));
        }
        let metadata = std::fs::metadata(path)
            .ok()
            .filter(std::fs::Metadata::is_file)
            .ok_or_else(|| templates::not_found(uri, format!("{} is no longer a file", path.display())))?;
        if metadata.len() > MAX_LINKED_FILE_BYTES {
            return Err(McpError::invalid_request(
                format!(
                    "{} is {} bytes, more than the {MAX_LINKED_FILE_BYTES} bytes resources/read sends; read it from its path",
                    path.display(),
                    metadata.len()
                ),
                None,
            ));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| McpError::internal_error(format!("cannot read {}: {e}", path.display()), None))?;
        let mime = present::mime_of(path);
        let contents = if present::is_text_mime(mime) {
            match String::from_utf8(bytes) {
                Ok(text) => ResourceContents::text(text, uri),
                Err(not_text) => ResourceContents::blob(base64_of(not_text.as_bytes()), uri),
            }
        } else {
            ResourceContents::blob(base64_of(&bytes), uri)
        };
        Ok(contents.with_mime_type(mime))
    }
}

/// The call to run again once the human has answered `question` with `answer`: with the
/// one-time grant of an allowed refusal, or naming the layer chosen; `None` when the answer
/// allows nothing.
fn rerun_job(
    question: &ask::Question,
    answer: &ask::Answer,
    args: tools::RunCommandArgs,
    progress: Arc<CallProgress>,
    presentation: Presentation,
) -> Option<Job> {
    match (question, answer) {
        (ask::Question::Grant(ask), ask::Answer::Allowed) => {
            let grant = ask.grant.clone();
            Some(Box::new(move |s, c| {
                let granted = c.clone().with_grant(grant);
                tools::run_command(s, &granted, args, &*progress, presentation)
            }))
        }
        (ask::Question::Layer(_), ask::Answer::Chose(layer)) => {
            let args = question.with_layer(args, layer);
            Some(Box::new(move |s, c| tools::run_command(s, c, args, &*progress, presentation)))
        }
        _ => None,
    }
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Sets a call's cancelled flag when dropped while armed.
struct CancelOnDrop {
    flag: Arc<AtomicBool>,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// A tool call while the host runs its jobs: the client's cancellation passed on to the job, and
/// the job's progress to the client.
struct Running<'a> {
    cancelled: &'a AtomicBool,
    progress_rx: Option<tokio::sync::mpsc::UnboundedReceiver<(f64, String)>>,
    progress_token: Option<rmcp::model::ProgressToken>,
    context: &'a RequestContext<RoleServer>,
}

impl Running<'_> {
    /// Waits for `running` (a job the host runs), meanwhile passing cancellation and progress on.
    async fn until_done(
        &mut self,
        running: crate::host::BoxFuture<Result<CallToolResult, crate::host::HostError>>,
    ) -> Result<CallToolResult, McpError> {
        tokio::pin!(running);
        loop {
            tokio::select! {
                result = &mut running => {
                    return result.map_err(|e| McpError::new(rmcp::model::ErrorCode(e.code), e.message, None));
                }
                () = self.context.ct.cancelled(), if !self.cancelled.load(Ordering::Relaxed) => {
                    self.cancelled.store(true, Ordering::Relaxed);
                }
                Some((fraction, message)) = async {
                    match self.progress_rx.as_mut() { Some(rx) => rx.recv().await, None => None }
                } => {
                    if let Some(token) = &self.progress_token {
                        let note = ProgressNotificationParam::new(token.clone(), fraction).with_total(1.0).with_message(message);
                        if let Err(e) = self.context.peer.notify_progress(note).await {
                            tracing::debug!("cannot send progress: {e}");
                        }
                    }
                }
            }
        }
    }
}

impl ServerHandler for GisServer {
    fn get_info(&self) -> ServerConfig {
        // The map view is an MCP Apps view (`io.modelcontextprotocol/ui`): hosts that know the
        // extension show it beside view_map and snapshot results.
        let mut ui = serde_json::Map::new();
        ui.insert("mimeTypes".into(), serde_json::json!([apps::APP_MIME_TYPE]));
        // Long work answers with a task when the client declares the tasks extension too.
        let extensions = ExtensionCapabilities::from([
            (apps::UI_EXTENSION.to_owned(), ui),
            (rmcp::model::TASKS_EXTENSION_ID.to_owned(), serde_json::Map::new()),
        ]);
        let capabilities = ServerCapabilities::builder()
            .enable_extensions_with(extensions)
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .enable_completions()
            .enable_skills()
            .build();
        let mut capabilities = capabilities;
        if self.host.project_watch().is_some()
            && let Some(resources) = capabilities.resources.as_mut()
        {
            // The project's state can be followed: `subscriptions/listen` (2026-07-28) or
            // `resources/subscribe` (earlier versions).
            resources.subscribe = Some(true);
        }
        let implementation = Implementation::new("rustgis", env!("CARGO_PKG_VERSION"))
            .with_title("RustGIS")
            .with_description("Maps, geoprocessing and print layouts for agents")
            .with_icons(icons::server_icons());
        ServerConfig::new(capabilities).with_server_info(implementation).with_instructions(self.instructions())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let args = request.arguments.map(Json::Object).unwrap_or(Json::Null);
        if context.client_capabilities().is_some_and(|c| c.supports_tasks())
            && let Some(work) = tasks::task_work(&request.name, &args)
        {
            let presentation = match self.presentation(&context, &args) {
                Ok(presentation) => presentation,
                Err(e) => return Ok(e.into_result().into()),
            };
            let progress_token = self.progress_token(&context);
            let notes = tasks::TaskNotes { peer: context.peer.clone(), progress_token, manager: self.tasks.clone() };
            let call = CallInfo { tool: request.name.to_string(), args };
            return match tasks::start(self.host.clone(), call, work, presentation, notes).await {
                Ok(task) => Ok(CallToolResponse::Task(rmcp::model::CreateTaskResult::new(task))),
                Err(answered) => answered.map(Into::into),
            };
        }
        if let (Some(handle), Some(responses)) = (request.request_state.as_deref(), request.input_responses.as_ref()) {
            return self.answer_retry(handle, responses, context).await.map(Into::into);
        }
        self.dispatch(&request.name, args, context).await
    }

    async fn get_task(
        &self,
        request: rmcp::model::GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetTaskResult, McpError> {
        self.tasks.get_task(&request.task_id).map(rmcp::model::GetTaskResult::new)
    }

    async fn update_task(
        &self,
        request: rmcp::model::UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.tasks.update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: rmcp::model::CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.tasks.cancel_task(&request.task_id)
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let mut resources: Vec<Resource> = docs::pages()
            .map(|p| {
                Resource::new(p.uri(), p.path)
                    .with_title(p.title())
                    .with_mime_type("text/markdown")
                    .with_size(p.text.len() as u64)
            })
            .collect();
        resources.push(state::resource());
        resources.extend(apps::resources());
        resources.extend(skills::resources());
        resources.extend(self.output_resources());
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(templates::list()))
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(prompts::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        self.prompt(request).await.map(Into::into)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        self.completion(request).await
    }

    async fn list_skills(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, McpError> {
        Ok(ListSkillsResult::with_all_items(skills::skills()))
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, McpError> {
        skills::get(&request.uri)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        if request.uri == state::STATE_URI {
            let contents = self.on_session("resources/read", |session, caller| state::read(session, caller)).await?;
            return Ok(ReadResourceResult::new(vec![contents]).into());
        }
        if let Some(view) = apps::read(&request.uri).or_else(|| skills::read(&request.uri)) {
            return Ok(ReadResourceResult::new(vec![view]).into());
        }
        if let Some(target) = templates::parse(&request.uri) {
            let contents = self.read_template(&request.uri, target?).await?;
            return Ok(ReadResourceResult::new(vec![contents]).into());
        }
        if let Some(path) = present::path_of_file_uri(&request.uri) {
            return self
                .read_linked_file(&request.uri, &path)
                .map(|contents| ReadResourceResult::new(vec![contents]).into());
        }
        match docs::page(&request.uri) {
            Some(page) => Ok(ReadResourceResult::new(vec![
                ResourceContents::text(page.text, request.uri.clone()).with_mime_type("text/markdown"),
            ])
            .into()),
            None => Err(templates::not_found(
                &request.uri,
                format!(
                    "no documentation page, view or template resource {}; list them with resources/list and \
                     resources/templates/list (the map view is {})",
                    request.uri,
                    apps::MAP_VIEW_URI
                ),
            )),
        }
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        let watch = self.host.project_watch()?;
        let wants_state = requested
            .resource_subscriptions
            .as_ref()
            .is_some_and(|uris| uris.iter().any(|uri| uri == state::STATE_URI));
        if wants_state {
            // rmcp acknowledges between this call and `listen`: the receiver is taken now, so the
            // client, once acknowledged, misses no change.
            let mut moved = watch.subscribe();
            moved.borrow_and_update();
            let mut listening = self.listening.lock();
            // A listen rmcp refused after this call leaves its receiver behind; a bound keeps a
            // client that repeats such requests from growing the queue.
            if listening.len() >= 32 {
                listening.pop_front();
            }
            listening.push_back(moved);
        }
        let accepted = SubscriptionFilter::builder();
        Some(if wants_state { accepted.resource_subscription(state::STATE_URI) } else { accepted }.build())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let follows_state = context
            .accepted()
            .resource_subscriptions
            .as_ref()
            .is_some_and(|uris| uris.iter().any(|u| u == state::STATE_URI));
        let taken = if follows_state { self.listening.lock().pop_front() } else { None };
        let Some(mut moved) = taken.or_else(|| {
            let watch = self.host.project_watch().filter(|_| follows_state)?;
            let mut moved = watch.subscribe();
            moved.borrow_and_update();
            Some(moved)
        }) else {
            context.cancelled().await;
            return Ok(());
        };
        loop {
            tokio::select! {
                () = context.cancelled() => return Ok(()),
                changed = moved.changed() => {
                    if changed.is_err() {
                        return Ok(());
                    }
                    let note = state::updated(&moved.borrow_and_update());
                    if let Err(e) = context.sink().send(ServerNotification::ResourceUpdatedNotification(note)).await {
                        tracing::debug!("cannot send a project state update: {e}");
                        return Ok(());
                    }
                }
            }
        }
    }

    /// `resources/subscribe`, how clients before 2026-07-28 follow a resource (rmcp calls it
    /// only on those versions).
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        if request.uri != state::STATE_URI {
            return Err(templates::not_found(
                &request.uri,
                format!("only {} can be subscribed to; {} cannot", state::STATE_URI, request.uri),
            ));
        }
        if !self.options.stateful {
            // Accepted here, the updates would go nowhere: no stream reaches the client between
            // its calls on stateless MCP over HTTP.
            return Err(state::no_stream());
        }
        let watch = self.host.project_watch().ok_or_else(state::no_watch)?;
        let token = tokio_util::sync::CancellationToken::new();
        if let Some(before) = self.subscribed.lock().replace(token.clone()) {
            before.cancel();
        }
        let mut moved = watch.subscribe();
        moved.borrow_and_update();
        let peer = context.peer.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = token.cancelled() => return,
                    changed = moved.changed() => {
                        if changed.is_err() {
                            return;
                        }
                        let note = state::updated(&moved.borrow_and_update());
                        if let Err(e) = peer.send_notification(ServerNotification::ResourceUpdatedNotification(note)).await {
                            tracing::debug!("the subscribed client went away: {e}");
                            return;
                        }
                    }
                }
            }
        });
        Ok(())
    }

    /// `resources/unsubscribe`: ends what `resources/subscribe` started.
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        if request.uri == state::STATE_URI
            && let Some(token) = self.subscribed.lock().take()
        {
            token.cancel();
        }
        Ok(())
    }
}
