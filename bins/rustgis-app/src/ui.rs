//! The window's panels as functions of the app state, so egui_kittest tests drive the same code
//! the window shows: menu, layers pane, undo history, map canvas, status bar, AI Assistant
//! settings, Command Search (Ctrl+K) and the Add PostGIS Layer dialog.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use egui::{Color32, RichText};
use serde_json::{Value as Json, json};

use crate::assistant::{AgentKind, AgentLaunch, AgentRun};
use crate::dialogs::{FileDialogs, NativeDialogs};
use crate::form::{FieldKind, Form, FormField, fuzzy_score};
use crate::host::{AppHost, error_text};
use crate::map::{Drawer, Drawn, MapView, ZOOM_STEP, home_extent, layer_extent};
use crate::postgis_dialog::{PostgisDialog, PostgisJob};
use crate::style_dialog::{STYLE_KINDS, StyleDialog};
use crate::table::{AttributeTable, CLICK_TOLERANCE_PX, Identified, identify, select_features};

/// The id of the host command Command Search lists as "MCP Relay".
const MCP_RELAY: &str = "ui.mcpRelay";

/// Everything the window shows besides the session: the map's view and drawing, and the state
/// of the panels and dialogs.
pub struct AppState {
    /// The host: session, relay control, settings.
    pub host: AppHost,
    /// The map canvas.
    pub canvas: Canvas,
    /// Command Search, while open.
    pub search: Option<CommandSearch>,
    /// Whether the AI Assistant settings are open.
    pub settings_open: bool,
    /// The layer being renamed and the name typed so far.
    pub renaming: Option<(String, String)>,
    /// The last error or notice to show, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// Whether the "save changes?" prompt is showing (the window was asked to close with
    /// unsaved changes).
    pub confirm_close: bool,
    /// A project being opened that reads files outside its own folder, with those files (layer,
    /// file): the user is asked before any of them is read.
    pub outside_files: Option<(PathBuf, Vec<(String, PathBuf)>)>,
    /// Set once the user chose to close (or a termination signal came): the next close goes
    /// through.
    pub closing: Arc<AtomicBool>,
    /// The crash-recovery copy, and the one an earlier run left behind.
    pub recovery: crate::recovery::AppRecovery,
    /// The AI Assistant's current run, if any.
    pub assistant: Option<AgentRun>,
    /// Whether the AI Assistant panel is open.
    pub assistant_open: bool,
    /// What the user typed for the assistant.
    pub request: String,
    /// Whether the next run approves its calls without asking (off unless ticked, per run).
    pub auto_approve: bool,
    /// The agent CLI the assistant starts.
    pub agent_launch: AgentLaunch,
    /// Set by egui's screenshot callback once the picture of a screen snapshot was handed over;
    /// `Some` while one is on its way.
    pub screenshot: Option<Arc<AtomicBool>>,
    /// The File menu's dialogs (native ones; tests put in the paths a user would choose).
    pub dialogs: Box<dyn FileDialogs>,
    /// The attribute table of the user's active layer.
    pub table: AttributeTable,
    /// Whether a click on the map also shows the features' attributes (Identify).
    pub identify_tool: bool,
    /// What Identify found at the last click.
    pub identified: Option<Identified>,
    /// The style dialog, while open.
    pub style: Option<StyleDialog>,
    /// The settings' Network field being edited (`network.allow`, one host per line).
    pub network_allow: Option<String>,
    /// The Add PostGIS Layer dialog, while open.
    pub postgis: Option<PostgisDialog>,
    /// The jobs the dialog started (adding a layer, listing tables) until they end.
    pub postgis_jobs: Vec<PostgisJob>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState").field("host", &self.host).finish_non_exhaustive()
    }
}

/// The map canvas: its view, the drawing thread and the newest drawing shown.
pub struct Canvas {
    /// What the canvas shows; set at the first frame from the project's extent.
    pub view: Option<MapView>,
    /// The canvas size in physical pixels at the last frame.
    pub size: [u32; 2],
    /// Where the canvas is in the window, in points.
    pub rect: Option<egui::Rect>,
    /// The project's view extent last seen, so an agent's `map.zoomTo` moves the canvas.
    pub project_extent: Option<rustgis_core::Extent>,
    /// The pointer's map coordinates.
    pub cursor: Option<[f64; 2]>,
    /// Whether the canvas follows the project's extent (as `view_map` draws it) until the user
    /// moves the map.
    pub follow_project: bool,
    /// Where the newest drawing was shown at the last frame, in points: the canvas itself once
    /// the drawing is current, moved and scaled with the view while the next one is drawn.
    pub drawing_at: Option<egui::Rect>,
    drawer: Option<Drawer>,
    drawn: Option<Drawn>,
    texture: Option<egui::TextureHandle>,
}

impl std::fmt::Debug for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas").field("view", &self.view).field("size", &self.size).finish_non_exhaustive()
    }
}

/// Command Search: the query, the command chosen and its form.
#[derive(Debug, Clone, Default)]
pub struct CommandSearch {
    /// What the user typed.
    pub query: String,
    /// The chosen command's form.
    pub form: Option<Form>,
    /// The last run's outcome (text, whether it failed).
    pub outcome: Option<(String, bool)>,
}

impl AppState {
    /// The window's state over `host`. The map is drawn on a worker thread that calls `wake`
    /// when a drawing is ready.
    pub fn new(host: AppHost) -> AppState {
        let recovery = crate::recovery::AppRecovery::start(&host.folders().data);
        AppState {
            recovery,
            host,
            canvas: Canvas {
                view: None,
                size: [0, 0],
                rect: None,
                project_extent: None,
                cursor: None,
                follow_project: true,
                drawing_at: None,
                drawer: None,
                drawn: None,
                texture: None,
            },
            search: None,
            dialogs: Box::new(NativeDialogs),
            table: AttributeTable::default(),
            identify_tool: false,
            identified: None,
            style: None,
            network_allow: None,
            postgis: None,
            postgis_jobs: Vec::new(),
            settings_open: false,
            renaming: None,
            message: None,
            screenshot: None,
            confirm_close: false,
            outside_files: None,
            closing: Arc::new(AtomicBool::new(false)),
            assistant: None,
            assistant_open: false,
            request: String::new(),
            auto_approve: false,
            agent_launch: AgentLaunch {
                kind: AgentKind::Claude,
                program: PathBuf::from("claude"),
                cli: crate::connect::ConnectInfo::default_cli(),
            },
        }
    }

    /// Runs a command as the user; its failure is shown, not lost.
    pub fn run(&mut self, id: &str, params: Json) -> bool {
        match self.host.execute(id, params) {
            Ok(outcome) => {
                if let Some(notice) = outcome.notices.first() {
                    self.message = Some((notice.clone(), false));
                }
                true
            }
            Err(e) => {
                self.message = Some((error_text(&e), true));
                false
            }
        }
    }

    /// File ▸ Open…: a `.rgis` project chosen in the dialog, opened as the user.
    pub fn open_project(&mut self) {
        if let Some(path) = self.dialogs.open_project() {
            self.open_project_at(&path);
        }
    }

    /// Opens a project as the user; when it reads files outside its own folder (a downloaded
    /// project could name any file, and an attached agent could then read its layers), nothing is
    /// opened yet and the user is asked ([`AppState::outside_files`]).
    pub fn open_project_at(&mut self, path: &std::path::Path) {
        match self.host.execute("project.open", json!({ "path": path, "outside_files": "ask" })) {
            Ok(outcome) => {
                if let Some(notice) = outcome.notices.first() {
                    self.message = Some((notice.clone(), false));
                }
                self.canvas.follow_project = true;
            }
            Err(crate::error::Error::Command { source: rustgis_core::Error::OutsideFiles { files, .. }, .. }) => {
                self.outside_files = Some((path.to_owned(), files));
            }
            Err(e) => self.message = Some((error_text(&e), true)),
        }
    }

    /// File ▸ Save: to the project's file, else Save As….
    pub fn save_project(&mut self) {
        match self.host.session().project_path().map(std::path::Path::to_path_buf) {
            Some(path) => {
                self.run("project.save", json!({ "path": path, "overwrite": true }));
            }
            None => self.save_project_as(),
        }
    }

    /// File ▸ Save As…: the project written where the dialog says (the dialog asked before
    /// replacing a file).
    pub fn save_project_as(&mut self) {
        let current = self.host.session().project_path().map(std::path::Path::to_path_buf);
        if let Some(path) = self.dialogs.save_project(current.as_deref())
            && self.run("project.save", json!({ "path": path, "overwrite": true }))
        {
            self.message = Some((format!("saved {}", path.display()), false));
        }
    }

    /// File ▸ Add data…: each chosen file opened as a layer (`layer.open`), one step each.
    pub fn add_data(&mut self) {
        for path in self.dialogs.add_data() {
            if !self.run("layer.open", json!({ "path": path })) {
                break;
            }
        }
    }

    /// File ▸ Add PostGIS Layer…: the dialog, started from the last connection used.
    pub fn open_postgis(&mut self) {
        self.postgis = Some(PostgisDialog::new(self.host.session().registry(), &self.host.settings().postgis));
    }

    /// The Add PostGIS Layer dialog's **Add**: `layer.addPostgis` as the user's job. The dialog
    /// closes when the layer is added; the engine's error stays in it (and in the status bar)
    /// when not ([`AppState::settle_postgis_jobs`]).
    pub fn add_postgis_layer(&mut self) {
        self.start_postgis_job(PostgisDialog::start_add, "adding the PostGIS layer");
    }

    /// The Add PostGIS Layer dialog's **List tables**: `postgis.tables` as the user's job; the
    /// tables found fill the dialog's pick list.
    pub fn list_postgis_tables(&mut self) {
        self.start_postgis_job(PostgisDialog::start_listing, "listing the spatial tables");
    }

    fn start_postgis_job(
        &mut self,
        start: fn(&mut PostgisDialog, &mut AppHost) -> crate::Result<PostgisJob>,
        doing: &str,
    ) {
        let Some(dialog) = &mut self.postgis else { return };
        match start(dialog, &mut self.host) {
            Ok(job) => {
                self.message = Some((format!("{doing} (job {})", job.id), false));
                self.postgis_jobs.push(job);
            }
            Err(e) => self.message = Some((error_text(&e), true)),
        }
    }

    /// Settles the dialog's jobs that ended (see [`PostgisJob::settle`]); the status bar says
    /// how each ended.
    pub fn settle_postgis_jobs(&mut self) {
        let mut waiting = Vec::with_capacity(self.postgis_jobs.len());
        for job in std::mem::take(&mut self.postgis_jobs) {
            match self.host.take_ended_job(job.id) {
                Some(info) => self.message = Some(job.settle(&info, &mut self.postgis, &mut self.host)),
                None => waiting.push(job),
            }
        }
        self.postgis_jobs = waiting;
    }

    /// File ▸ Export map as PNG…: `map.export` at the canvas's size to the chosen file.
    pub fn export_png(&mut self) {
        let Some(path) = self.dialogs.export_png() else { return };
        let mut params = json!({ "path": path, "overwrite": true });
        if self.canvas.size[0] >= 16 && self.canvas.size[1] >= 16 {
            params["width"] = json!(self.canvas.size[0]);
            params["height"] = json!(self.canvas.size[1]);
        }
        if self.run("map.export", params) {
            self.message = Some((format!("exported {}", path.display()), false));
        }
    }

    /// Opens a project from File ▸ Recent projects.
    pub fn open_recent(&mut self, path: &std::path::Path) {
        self.open_project_at(path);
    }

    /// Opens the style dialog of `layer`.
    pub fn open_style(&mut self, layer: &str) {
        self.style = StyleDialog::new(self.host.session().registry(), self.host.session().project(), layer);
    }

    /// Selects (or with `add`, toggles) features of `layer` as the user; a failure is shown.
    pub fn select(&mut self, layer: &str, ids: &[rustgis_core::FeatureId], add: bool) {
        if let Err(e) = select_features(&mut self.host, layer, ids, add) {
            self.message = Some((error_text(&e), true));
        }
    }

    /// A click on the map at `point` (view CRS) with `tolerance` map units: selects the feature
    /// on top in the user's active layer (else the top visible layer with one there); `add`
    /// (Shift) toggles it in the selection. With Identify on, its attributes show.
    pub fn click_map(&mut self, point: [f64; 2], tolerance: f64, add: bool) {
        let project = self.host.session().project();
        let crs = project.view.crs;
        let active = self.host.active_layer().map(str::to_owned);
        let hit = match active.as_deref().and_then(|name| project.layer(name)) {
            Some(layer) => Some((layer.name.clone(), layer.features_at(point, crs, tolerance))),
            None => project.layers.iter().rev().filter(|l| l.visible).find_map(|layer| {
                let ids = layer.features_at(point, crs, tolerance);
                (!ids.is_empty()).then(|| (layer.name.clone(), ids))
            }),
        };
        let Some((layer, ids)) = hit else { return };
        let top: Vec<rustgis_core::FeatureId> = ids.first().copied().into_iter().collect();
        self.select(&layer, &top, add);
        if self.identify_tool {
            self.identified = match identify(&mut self.host, &layer, &ids) {
                Ok(found) => Some(found),
                Err(e) => {
                    self.message = Some((e, true));
                    None
                }
            };
        }
    }

    /// Zooms the canvas to a layer.
    pub fn zoom_to_layer(&mut self, name: &str) {
        if let Some(extent) = layer_extent(self.host.session().project(), name) {
            self.canvas.follow_project = false;
            self.canvas.view = Some(MapView::fit(&extent, self.canvas.size));
        }
    }
}

/// The whole window for one frame: runs the agents' frame, then draws every panel.
pub fn show(ui: &mut egui::Ui, state: &mut AppState, now: SystemTime) {
    keyboard(ui, state);
    state.host.frame();
    state.settle_postgis_jobs();
    crate::recovery::recovery_frame(ui, state);
    egui::Panel::top("menu").show(ui, |ui| menu_bar(ui, state));
    egui::Panel::bottom("status").show(ui, |ui| status_bar(ui, state, now));
    if state.table.open {
        // At most half the window, so the map always keeps room.
        let max_height = (ui.available_height() * 0.5).max(120.0);
        egui::Panel::bottom("attribute table")
            .resizable(true)
            .default_size(240.0_f32.min(max_height))
            .max_size(max_height)
            .show(ui, |ui| attribute_table(ui, state));
    }
    egui::Panel::left("layers").resizable(true).default_size(220.0).show(ui, |ui| layers_pane(ui, state));
    egui::Panel::right("history").resizable(true).default_size(220.0).show(ui, |ui| history_pane(ui, state));
    egui::CentralPanel::default().show(ui, |ui| map_canvas(ui, state));
    if state.style.is_some() {
        let mut open = true;
        // Over the map's top-right corner (left of the History pane), leaving the Layers pane
        // and the table in view.
        let corner = ui.max_rect().right_top() + egui::vec2(-620.0, 48.0);
        egui::Window::new("Style")
            .open(&mut open)
            .default_width(360.0)
            .default_pos(corner)
            .show(ui.ctx(), |ui| style_window(ui, state));
        if !open {
            state.style = None;
        }
    }
    if state.identified.is_some() {
        let mut open = true;
        egui::Window::new("Identify")
            .open(&mut open)
            .default_width(300.0)
            .show(ui.ctx(), |ui| identify_window(ui, state));
        if !open {
            state.identified = None;
        }
    }
    if state.postgis.is_some() {
        let mut open = true;
        // Left of the map's centre, leaving the History pane in view.
        egui::Window::new("Add PostGIS Layer")
            .open(&mut open)
            .default_width(480.0)
            .default_pos(ui.max_rect().left_top() + egui::vec2(260.0, 48.0))
            .show(ui.ctx(), |ui| postgis_window(ui, state));
        if !open {
            state.postgis = None;
        }
        if state.postgis.is_none() {
            forget_password_field(ui);
        }
    }
    if state.settings_open {
        let mut open = true;
        egui::Window::new("AI Assistant settings").open(&mut open).show(ui.ctx(), |ui| settings_section(ui, state));
        state.settings_open = open;
    }
    if state.search.is_some() {
        let mut open = true;
        egui::Window::new("Command Search").open(&mut open).default_width(420.0).show(ui.ctx(), |ui| {
            command_search(ui, state);
        });
        if !open {
            state.search = None;
        }
    }
    if state.assistant_open {
        let mut open = true;
        egui::Window::new("AI Assistant").open(&mut open).default_width(420.0).show(ui.ctx(), |ui| {
            assistant_panel(ui, state);
        });
        state.assistant_open = open;
    }
    save_changes_prompt(ui, state);
    outside_files_prompt(ui, state);
    take_screen_snapshot(ui, state);
}

/// Asks before a project reads files outside its own folder: open it reading them, open it
/// without those layers, or cancel.
fn outside_files_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    let Some((path, files)) = &state.outside_files else { return };
    let mut choice = None;
    egui::Window::new("Files outside the project's folder").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label(format!("{} reads files outside its own folder:", path.display()));
        for (layer, file) in files.iter().take(20) {
            ui.monospace(format!("{}  (layer '{layer}')", file.display()));
        }
        if files.len() > 20 {
            ui.label(format!("and {} more", files.len() - 20));
        }
        ui.label(
            "A project from elsewhere can name any file you can read, and an agent attached to RustGIS could then \
             read it as a layer. Open these files only if you expect this project to use them.",
        );
        ui.horizontal(|ui| {
            if ui.button("Open and read them").clicked() {
                choice = Some(Some("load"));
            }
            if ui.button("Open without those layers").clicked() {
                choice = Some(Some("skip"));
            }
            if ui.button("Cancel").clicked() {
                choice = Some(None);
            }
        });
    });
    let Some(choice) = choice else { return };
    let Some((path, _)) = state.outside_files.take() else { return };
    if let Some(mode) = choice
        && state.run("project.open", json!({ "path": path, "outside_files": mode }))
    {
        state.canvas.follow_project = true;
    }
}

/// Asks "save changes?" when the window is closed with unsaved changes: Save (to the project's
/// file), Don't save, or Cancel.
fn save_changes_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    let close_requested = ui.input(|i| i.viewport().close_requested());
    if close_requested && state.host.is_dirty() && !state.closing.load(Ordering::SeqCst) {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::CancelClose);
        state.confirm_close = true;
    }
    if !state.confirm_close {
        return;
    }
    let mut choice = None;
    egui::Window::new("Save changes?").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label("The project has changes that are not saved.");
        ui.horizontal(|ui| {
            let path = state.host.session().project_path().map(|p| p.display().to_string());
            if ui.add_enabled(path.is_some(), egui::Button::new("Save")).clicked() {
                choice = Some(path);
            }
            if ui.button("Don't save").clicked() {
                choice = Some(None);
            }
            if ui.button("Cancel").clicked() {
                state.confirm_close = false;
            }
        });
    });
    if let Some(save_to) = choice {
        if let Some(path) = save_to
            && !state.run("project.save", json!({ "path": path, "overwrite": true }))
        {
            return;
        }
        state.confirm_close = false;
        state.closing.store(true, Ordering::SeqCst);
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
    }
}

fn keyboard(ui: &mut egui::Ui, state: &mut AppState) {
    let typing = ui.ctx().egui_wants_keyboard_input();
    let (search, undo, redo) = ui.input_mut(|i| {
        let search = i.consume_key(egui::Modifiers::COMMAND, egui::Key::K);
        let redo = i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
        let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
        (search, undo, redo)
    });
    if search {
        state.search = Some(CommandSearch::default());
    }
    if !typing {
        if undo {
            state.run("edit.undo", Json::Null);
        }
        if redo {
            state.run("edit.redo", Json::Null);
        }
    }
}

/// The menu bar: File, Edit, Help.
pub fn menu_bar(ui: &mut egui::Ui, state: &mut AppState) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("New project").clicked() {
                state.run("project.new", Json::Null);
                state.canvas.follow_project = true;
            }
            if ui.button("Open…").clicked() {
                state.open_project();
            }
            if ui.button("Save").clicked() {
                state.save_project();
            }
            if ui.button("Save As…").clicked() {
                state.save_project_as();
            }
            let recent = state.host.settings().recent_projects.clone();
            ui.menu_button("Recent projects", |ui| {
                if recent.is_empty() {
                    ui.label("none yet");
                }
                for path in recent {
                    if ui.button(path.display().to_string()).clicked() {
                        state.open_recent(&path);
                    }
                }
            });
            ui.separator();
            if ui.button("Add data…").clicked() {
                state.add_data();
            }
            if ui.button("Add PostGIS Layer…").clicked() {
                state.open_postgis();
            }
            if ui.button("Export map as PNG…").clicked() {
                state.export_png();
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui.button("Undo").clicked() {
                state.run("edit.undo", Json::Null);
            }
            if ui.button("Redo").clicked() {
                state.run("edit.redo", Json::Null);
            }
            if ui.button("Command Search (Ctrl+K)").clicked() {
                state.search = Some(CommandSearch::default());
            }
        });
        ui.menu_button("Layer", |ui| {
            let active = state.host.active_layer().map(str::to_owned);
            if ui.add_enabled(active.is_some(), egui::Button::new("Attribute table")).clicked() {
                state.table.open = true;
            }
            if ui.add_enabled(active.is_some(), egui::Button::new("Style…")).clicked()
                && let Some(layer) = &active
            {
                state.open_style(layer);
            }
            ui.checkbox(&mut state.identify_tool, "Identify (click the map)");
        });
        ui.menu_button("Help", |ui| {
            if ui.button("MCP Relay").clicked() {
                start_relay(state);
            }
            if ui.button("AI Assistant").clicked() {
                state.assistant_open = true;
            }
            if ui.button("AI Assistant settings").clicked() {
                state.settings_open = true;
            }
        });
        if state.host.is_dirty() {
            ui.label(RichText::new("* unsaved changes").weak());
        }
    });
}

fn start_relay(state: &mut AppState) {
    state.message = Some(match state.host.start_relay() {
        Ok(report) => {
            (format!("MCP relay on {}", report.get("address").and_then(Json::as_str).unwrap_or_default()), false)
        }
        Err(e) => (error_text(&e), true),
    });
}

fn form_for(registry: &rustgis_core::Registry, command: &str) -> Option<Form> {
    if command == MCP_RELAY {
        let schema = json!({
            "properties": {
                "port": { "type": "integer", "description": "The port (default 8767, or RUSTGIS_MCP_PORT)." },
                "stop": { "type": "boolean", "description": "Stop the relay." }
            }
        });
        return Some(Form::from_schema(MCP_RELAY, &schema));
    }
    registry.get(command).map(|def| Form::from_schema(def.id, def.schema()))
}

/// The status bar: the relay's label (click to stop it), the last message, cursor coordinates
/// and the map scale.
pub fn status_bar(ui: &mut egui::Ui, state: &mut AppState, now: SystemTime) {
    ui.horizontal(|ui| {
        if let Some(label) = state.host.relay_status().label(now) {
            let color = if label.red { Color32::from_rgb(200, 30, 30) } else { ui.visuals().text_color() };
            let response = ui
                .add(egui::Label::new(RichText::new(&label.text).color(color)).sense(egui::Sense::click()))
                .on_hover_text(&label.hover);
            if response.clicked() {
                state.host.stop_relay();
                state.message = Some(("MCP relay stopped; agents are off".to_owned(), false));
            }
            ui.separator();
        }
        jobs_status(ui, state);
        if let Some((text, error)) = &state.message {
            let color = if *error { Color32::from_rgb(200, 30, 30) } else { ui.visuals().weak_text_color() };
            ui.label(RichText::new(text).color(color));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(view) = state.canvas.view {
                let crs = state.host.session().project().view.crs;
                ui.label(format!("1:{}", round_scale(view.scale_denominator(crs))));
            }
            if let Some([x, y]) = state.canvas.cursor {
                ui.label(format!("{x:.5}, {y:.5}"));
            }
        });
    });
}

/// The jobs in the status bar: each running one with its progress bar and a cancel button; a job
/// that ended is said in the message (red when it failed).
fn jobs_status(ui: &mut egui::Ui, state: &mut AppState) {
    for job in state.host.take_ended_jobs() {
        let (text, failed) = match (job.state, &job.error) {
            (_, Some(error)) => (format!("job {} failed: {error}", job.id), true),
            (rustgis_core::JobState::Cancelled, None) if job.partial.is_some() => {
                (format!("job {} ({}) was cancelled; its partial result is kept", job.id, job.command), false)
            }
            (state, None) => (format!("job {} ({}) {}", job.id, job.command, state.name()), false),
        };
        state.message = Some((text, failed));
    }
    let jobs = state.host.unfinished_jobs();
    for job in &jobs {
        let label = format!("job {} {}", job.id, job.command);
        ui.label(&label).on_hover_text(format!("{} · {} · {}", job.actor, job.state.name(), job.message));
        let bar = egui::ProgressBar::new(job.progress as f32).desired_width(120.0).show_percentage();
        let shown = ui.add(bar).on_hover_text(&job.message);
        named(&shown, egui::Role::ProgressIndicator, format!("Progress of job {}", job.id));
        let cancel = ui
            .add_enabled(job.state != rustgis_core::JobState::Cancelling, egui::Button::new("Cancel"))
            .on_hover_text(format!("Cancel job {}", job.id));
        named(&cancel, egui::Role::Button, format!("Cancel job {}", job.id));
        if cancel.clicked()
            && let Err(e) = state.host.cancel_job(job.id)
        {
            state.message = Some((error_text(&e), true));
        }
        ui.separator();
    }
    if !jobs.is_empty() {
        // The bars move while nothing else happens in the window.
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
}

fn round_scale(n: f64) -> String {
    if !n.is_finite() || n <= 0.0 {
        return "?".to_owned();
    }
    let digits = 10f64.powf(n.log10().floor() - 1.0).max(1.0);
    format!("{:.0}", (n / digits).round() * digits)
}

/// What a layer dragged in the Layers pane carries: its name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DraggedLayer(String);

/// The Layers pane, top layer first: visibility, the user's active layer, order (drag a layer by
/// its handle onto another to take its place, or **Up**/**Down**), zoom, table, style, rename and
/// remove.
pub fn layers_pane(ui: &mut egui::Ui, state: &mut AppState) {
    ui.heading("Layers");
    let layers: Vec<(String, bool)> =
        state.host.session().project().layers.iter().rev().map(|l| (l.name.clone(), l.visible)).collect();
    let n_layers = layers.len();
    let active = state.host.active_layer().map(str::to_owned);
    let mut dropped: Option<(String, usize)> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (row, (name, visible)) in layers.into_iter().enumerate() {
            // Rows run top layer first; `layer.move` counts positions from the bottom.
            let position = n_layers - 1 - row;
            let row_response = ui.horizontal(|ui| {
                let handle = ui
                    .dnd_drag_source(egui::Id::unique(("drag layer", &name)), DraggedLayer(name.clone()), grip)
                    .response
                    .on_hover_text(format!("Drag {name} to another place"));
                named(&handle, egui::Role::Button, format!("Drag {name}"));
                let mut shown = visible;
                let check = ui.checkbox(&mut shown, "").on_hover_text(format!("Show {name}"));
                named(&check, egui::Role::CheckBox, format!("Show {name}"));
                if check.changed() {
                    state.run("layer.setVisible", json!({ "layer": name, "visible": shown }));
                }
                if let Some((renamed, text)) = &mut state.renaming
                    && *renamed == name
                {
                    let response = ui.text_edit_singleline(text);
                    named(&response, egui::Role::TextInput, format!("New name for {name}"));
                    if response.lost_focus() || ui.button("OK").clicked() {
                        let new_name = text.trim().to_owned();
                        state.renaming = None;
                        if !new_name.is_empty() && new_name != name {
                            state.run("layer.rename", json!({ "layer": name, "name": new_name }));
                        }
                    }
                    return;
                }
                if ui.selectable_label(active.as_deref() == Some(name.as_str()), &name).clicked()
                    && let Err(e) = state.host.select_layer(&name)
                {
                    state.message = Some((error_text(&e), true));
                }
            });
            let row_rect = row_response.response.rect;
            let hovered = row_response.response.dnd_hover_payload::<DraggedLayer>();
            if hovered.is_some_and(|dragged| dragged.0 != name) {
                // Where the dragged layer would land.
                let y = row_rect.top();
                ui.painter().hline(row_rect.x_range(), y, egui::Stroke::new(2.0, ui.visuals().selection.bg_fill));
            }
            if let Some(dragged) = row_response.response.dnd_release_payload::<DraggedLayer>()
                && dragged.0 != name
            {
                dropped = Some((dragged.0.clone(), position));
            }
            ui.horizontal(|ui| {
                ui.add_space(24.0);
                if button(ui, "Up", format!("Move {name} up")).clicked() {
                    state.run("layer.move", json!({ "layer": name, "to": "up" }));
                }
                if button(ui, "Down", format!("Move {name} down")).clicked() {
                    state.run("layer.move", json!({ "layer": name, "to": "down" }));
                }
                if button(ui, "Zoom", format!("Zoom to {name}")).clicked() {
                    state.zoom_to_layer(&name);
                }
                if button(ui, "Table", format!("Attribute table of {name}")).clicked() {
                    match state.host.select_layer(&name) {
                        Ok(()) => state.table.open = true,
                        Err(e) => state.message = Some((error_text(&e), true)),
                    }
                }
                if button(ui, "Style", format!("Style {name}")).clicked() {
                    state.open_style(&name);
                }
                if button(ui, "Rename", format!("Rename {name}")).clicked() {
                    state.renaming = Some((name.clone(), name.clone()));
                }
                if button(ui, "Remove", format!("Remove {name}")).clicked() {
                    state.run("layer.remove", json!({ "layer": name }));
                }
            });
        }
    });
    if let Some((layer, to)) = dropped {
        state.run("layer.move", json!({ "layer": layer, "to": to }));
    }
}

/// The undo history: each step with its actor (you, agent 1, file bridge…), newest last, and
/// undo/redo as the user, who may undo anyone's step.
pub fn history_pane(ui: &mut egui::Ui, state: &mut AppState) {
    ui.heading("History");
    ui.horizontal(|ui| {
        if ui.button("Undo").clicked() {
            state.run("edit.undo", Json::Null);
        }
        if ui.button("Redo").clicked() {
            state.run("edit.redo", Json::Null);
        }
    });
    egui::ScrollArea::vertical().show(ui, |ui| {
        for step in state.host.history() {
            let actor = if step.actor == "user" { "you".to_owned() } else { step.actor.clone() };
            ui.label(format!("{actor}: {}", step.label));
        }
        for step in state.host.session().redo_steps() {
            ui.label(RichText::new(format!("(undone) {}: {}", step.actor, step.label)).weak());
        }
    });
}

/// The AI Assistant settings: Let your Agents Control RustGIS (remembered), Full access (this
/// session only) and what an agent needs to connect, each with a copy button.
pub fn settings_section(ui: &mut egui::Ui, state: &mut AppState) {
    let mut agents = state.host.agents_on();
    if ui.checkbox(&mut agents, "Let your Agents Control RustGIS").changed() {
        match state.host.set_agents(agents) {
            Ok(report) if report.get("only_file_bridge") == Some(&json!(true)) => {
                state.message = Some(("only the file bridge is running".to_owned(), true));
            }
            Ok(_) => {}
            Err(e) => state.message = Some((error_text(&e), true)),
        }
    }
    if let Some(error) = state.host.agents_error() {
        ui.label(RichText::new(error).color(Color32::from_rgb(200, 30, 30)));
    }
    if let Some(error) = state.host.settings_error() {
        ui.label(RichText::new(error).color(Color32::from_rgb(200, 30, 30)));
    }
    let mut full = state.host.full_access();
    let full_box = ui
        .add_enabled(state.host.agents_on(), egui::Checkbox::new(&mut full, "Full access"))
        .on_hover_text("Lifts every refusal for agents attached with the relay's own token, for this session only");
    if full_box.changed() {
        state.host.set_full_access(full);
    }
    network_settings(ui, state);
    ui.separator();
    match state.host.connect_info() {
        Some(info) => {
            ui.label("What an agent needs to connect (use the command for your shell):");
            for item in info.items() {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&item.label).strong());
                    if button(ui, "Copy", format!("Copy: {}", item.label)).clicked() {
                        ui.ctx().copy_text(item.text.clone());
                    }
                });
                ui.label(RichText::new(&item.text).monospace());
            }
        }
        None => {
            if let Some(bridge) = state.host.bridge() {
                ui.label(format!("File bridge folder: {}", bridge.dir().display()));
            } else {
                ui.label("Agents are off. Tick the box above, or run MCP Relay from the Help menu.");
            }
        }
    }
}

/// The Network setting: hosts the network guard lets through although their addresses are not
/// public (`network.allow`), one per line, saved with Save.
fn network_settings(ui: &mut egui::Ui, state: &mut AppState) {
    ui.separator();
    ui.label("Web layers may fetch from these hosts on this computer or your network (network.allow), one per line:");
    let saved = state.host.settings().network.allow.join("\n");
    let text = state.network_allow.get_or_insert(saved);
    let field = ui.add(egui::TextEdit::multiline(text).desired_rows(2).hint_text("127.0.0.1:8080"));
    named(&field, egui::Role::TextInput, "Allowed hosts");
    if button(ui, "Save", "Save allowed hosts".to_owned()).clicked() {
        let allow = text.lines().map(str::to_owned).collect();
        match state.host.set_network_allow(allow) {
            Ok(()) => state.message = Some(("allowed hosts saved".to_owned(), false)),
            Err(e) => state.message = Some((e, true)),
        }
    }
}

/// Command Search: fuzzy search over every command; choosing one opens its generated form, run
/// as the user.
pub fn command_search(ui: &mut egui::Ui, state: &mut AppState) {
    let registry = state.host.session().registry();
    let Some(search) = &mut state.search else { return };
    let mut chosen = None;
    let mut run = None;
    if let Some(form) = &mut search.form {
        let (summary, doc, examples) = match registry.get(&form.command) {
            Some(def) => (def.summary, def.doc, def.examples),
            None => ("MCP Relay: start, report or stop the relay agents attach to", "", &[][..]),
        };
        ui.heading(&form.command);
        ui.label(summary);
        if !doc.is_empty() {
            ui.collapsing("Documentation", |ui| ui.label(doc));
        }
        for example in examples {
            ui.label(RichText::new(*example).monospace().weak());
        }
        form_grid(ui, "form", "Parameter", form, &|_| None);
        ui.horizontal(|ui| {
            if ui.button("Run").clicked() {
                run = Some(form.params());
            }
            if ui.button("Back").clicked() {
                chosen = Some(None);
            }
        });
    } else {
        let query = ui.add(egui::TextEdit::singleline(&mut search.query).hint_text("Search commands"));
        named(&query, egui::Role::TextInput, "Search commands");
        query.request_focus();
        // What the commands do (their docs, synonyms and examples) finds those whose id does not match.
        let by_meaning: Vec<&str> = registry
            .search(Some(&search.query), None)
            .map(|hits| hits.iter().map(|h| h.id).collect())
            .unwrap_or_default();
        let mut hits: Vec<(i64, &str, &str)> = registry
            .all()
            .iter()
            .filter(|d| d.id != MCP_RELAY) // listed once, as "MCP Relay", below
            .filter_map(|d| {
                let by_id = fuzzy_score(&search.query, d.id);
                let by_text = by_meaning.contains(&d.id).then_some(-500);
                by_id.or(by_text).map(|score| (score, d.id, d.summary))
            })
            .collect();
        if let Some(score) = fuzzy_score(&search.query, "MCP Relay") {
            hits.push((score, MCP_RELAY, "MCP Relay: start the relay agents attach to"));
        }
        hits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            for (_, id, summary) in hits.iter().take(40) {
                let label = if *id == MCP_RELAY { "MCP Relay".to_owned() } else { (*id).to_owned() };
                if ui.selectable_label(false, &label).on_hover_text(*summary).clicked() {
                    chosen = Some(Some((*id).to_owned()));
                }
            }
        });
    }
    if let Some((text, failed)) = &search.outcome {
        let color = if *failed { Color32::from_rgb(200, 30, 30) } else { ui.visuals().text_color() };
        ui.label(RichText::new(text).color(color));
    }
    match chosen {
        Some(Some(id)) => {
            search.form = form_for(registry, &id);
            search.outcome = None;
        }
        Some(None) => search.form = None,
        None => {}
    }
    if let Some(params) = run {
        let command = search.form.as_ref().map(|f| f.command.clone()).unwrap_or_default();
        let outcome = match params {
            Err(e) => (e, true),
            Ok(params) if command == MCP_RELAY => match state.host.run_host_command(MCP_RELAY, params) {
                Ok(result) => (result.to_string(), false),
                Err(e) => (error_text(&e), true),
            },
            Ok(params) => match state.host.execute(&command, params) {
                Ok(outcome) => {
                    let added = outcome.layers_added.join(", ");
                    let text = if added.is_empty() {
                        format!("{command} ran")
                    } else {
                        format!("{command} ran; added {added}")
                    };
                    (text, false)
                }
                Err(e) => (error_text(&e), true),
            },
        };
        if let Some(search) = &mut state.search {
            search.outcome = Some(outcome);
        }
    }
}

/// The map canvas: the newest drawing, moved and scaled to the view while the next one is
/// drawn; drag or arrow keys pan, the wheel and `+`/`−` zoom; a click selects the feature under
/// it (Shift adds it) and, with Identify on, shows its attributes. While the style dialog is
/// open the canvas draws its preview.
pub fn map_canvas(ui: &mut egui::Ui, state: &mut AppState) {
    let ppp = ui.ctx().pixels_per_point();
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
    let size = [(rect.width() * ppp).round().max(1.0) as u32, (rect.height() * ppp).round().max(1.0) as u32];
    let canvas = &mut state.canvas;
    canvas.rect = Some(rect);
    let project = state.host.session().project();
    if canvas.project_extent != project.view.extent {
        // An agent's (or the user's) map.zoomTo: show what it asked for.
        canvas.follow_project = true;
        canvas.project_extent = project.view.extent;
    }
    if canvas.follow_project || canvas.view.is_none() {
        canvas.view = Some(MapView::fit(&home_extent(project), size));
    }
    let Some(mut view) = canvas.view else { return };
    let before = view;
    if response.dragged() {
        let delta = response.drag_delta();
        view.pan_pixels(f64::from(delta.x * ppp), f64::from(delta.y * ppp));
    }
    let hover = response.hover_pos();
    canvas.cursor =
        hover.map(|p| view.to_map([f64::from((p.x - rect.min.x) * ppp), f64::from((p.y - rect.min.y) * ppp)], size));
    let clicked = response.clicked().then(|| response.interact_pointer_pos()).flatten().map(|p| {
        let point = view.to_map([f64::from((p.x - rect.min.x) * ppp), f64::from((p.y - rect.min.y) * ppp)], size);
        (point, CLICK_TOLERANCE_PX * f64::from(ppp) * view.units_per_pixel, shift_click(ui))
    });
    let typing = ui.ctx().egui_wants_keyboard_input();
    let (scroll, keys) = ui.input(|i| {
        let step = 40.0 * f64::from(ppp);
        let mut pan = [0.0, 0.0];
        let mut zoom = 1.0;
        if !typing {
            if i.key_pressed(egui::Key::ArrowLeft) {
                pan[0] += step;
            }
            if i.key_pressed(egui::Key::ArrowRight) {
                pan[0] -= step;
            }
            if i.key_pressed(egui::Key::ArrowUp) {
                pan[1] += step;
            }
            if i.key_pressed(egui::Key::ArrowDown) {
                pan[1] -= step;
            }
            if i.key_pressed(egui::Key::Plus) || i.key_pressed(egui::Key::Equals) {
                zoom *= ZOOM_STEP;
            }
            if i.key_pressed(egui::Key::Minus) {
                zoom /= ZOOM_STEP;
            }
        }
        (i.smooth_scroll_delta.y, (pan, zoom))
    });
    view.pan_pixels(keys.0[0], keys.0[1]);
    let center = [f64::from(size[0]) / 2.0, f64::from(size[1]) / 2.0];
    view.zoom_at(keys.1, center, size);
    if response.hovered() && scroll != 0.0 {
        let anchor =
            hover.map_or(center, |p| [f64::from((p.x - rect.min.x) * ppp), f64::from((p.y - rect.min.y) * ppp)]);
        view.zoom_at(ZOOM_STEP.powf(f64::from(scroll) / 50.0), anchor, size);
    }
    if view != before {
        canvas.follow_project = false;
    }
    canvas.view = Some(view);
    canvas.size = size;

    let ctx = ui.ctx().clone();
    let drawer = canvas.drawer.get_or_insert_with(|| Drawer::start(move || ctx.request_repaint()));
    drawer.set_web(Some(state.host.web_fetcher()));
    let (project, revision) = match state.style.as_ref().and_then(|style| style.previewed().map(|p| (p, style))) {
        Some((previewed, style)) => {
            (previewed, state.host.revision().wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ style.preview_key())
        }
        None => (project, state.host.revision()),
    };
    drawer.request(project, revision, view, size);
    if let Some(drawn) = drawer.take() {
        let image = egui::ColorImage::from_rgba_premultiplied(
            [drawn.size[0] as usize, drawn.size[1] as usize],
            drawn.rgba.as_slice(),
        );
        match &mut canvas.texture {
            Some(texture) => texture.set(image, egui::TextureOptions::LINEAR),
            None => canvas.texture = Some(ui.ctx().load_texture("map", image, egui::TextureOptions::LINEAR)),
        }
        if let Some(error) = &drawn.error {
            state.message = Some((format!("cannot draw the map: {error}"), true));
        }
        canvas.drawn = Some(drawn);
    }
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    if let (Some(texture), Some(drawn)) = (&canvas.texture, &canvas.drawn) {
        // Where the drawing's corners fall in the current view, in points.
        let extent = drawn.view.extent(drawn.size);
        let top_left = view.to_pixel([extent.min_x, extent.max_y], size);
        let bottom_right = view.to_pixel([extent.max_x, extent.min_y], size);
        let to_point = |p: [f64; 2]| rect.min + egui::vec2(p[0] as f32 / ppp, p[1] as f32 / ppp);
        let placed = egui::Rect::from_min_max(to_point(top_left), to_point(bottom_right));
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture.id(), placed, uv, Color32::WHITE);
        canvas.drawing_at = Some(placed);
    }
    if let Some((point, tolerance, add)) = clicked {
        state.click_map(point, tolerance, add);
    }
}

/// Whether the click of this frame was made with Shift held (read from the click itself, as
/// the modifiers may be released in the same frame).
fn shift_click(ui: &egui::Ui) -> bool {
    ui.input(|i| {
        i.events
            .iter()
            .rev()
            .find_map(|event| match event {
                egui::Event::PointerButton { button: egui::PointerButton::Primary, modifiers, .. } => {
                    Some(modifiers.shift)
                }
                _ => None,
            })
            .unwrap_or(i.modifiers.shift)
    })
}

/// Answers an agent's `snapshot {"mode": "screen"}` with the canvas as the window shows it,
/// once the newest drawing is on screen: egui's viewport screenshot, cut to the canvas.
fn take_screen_snapshot(ui: &mut egui::Ui, state: &mut AppState) {
    if state.screenshot.as_ref().is_some_and(|done| done.load(Ordering::SeqCst)) {
        state.screenshot = None;
    }
    if state.screenshot.is_some() || !state.host.screen_wanted() {
        return;
    }
    let current = state.canvas.drawer.as_ref().is_some_and(|d| d.is_current(state.canvas.drawn.as_ref()));
    let Some(rect) = state.canvas.rect.filter(|_| current) else {
        ui.ctx().request_repaint();
        return;
    };
    let Some(request) = state.host.take_screen_request() else { return };
    let ppp = ui.ctx().pixels_per_point();
    let done = Arc::new(AtomicBool::new(false));
    state.screenshot = Some(done.clone());
    ui.ctx().request_screenshot(move |image| {
        request.answer(crop_png(&image, rect, ppp));
        done.store(true, Ordering::SeqCst);
    });
}

/// The part of a window picture under `rect` (points), as a PNG.
pub fn crop_png(
    image: &egui::ColorImage,
    rect: egui::Rect,
    pixels_per_point: f32,
) -> Result<rustgis_mcp::ScreenImage, String> {
    let [width, height] = image.size;
    let clamp = |v: f32, max: usize| ((v * pixels_per_point).round().max(0.0) as usize).min(max);
    let (x0, y0) = (clamp(rect.min.x, width), clamp(rect.min.y, height));
    let (x1, y1) = (clamp(rect.max.x, width), clamp(rect.max.y, height));
    if x1 <= x0 || y1 <= y0 {
        return Err("the map is not on screen".to_owned());
    }
    let (w, h) = (x1 - x0, y1 - y0);
    let mut rgba = Vec::with_capacity(w * h * 4);
    for y in y0..y1 {
        for pixel in &image.pixels[y * width + x0..y * width + x1] {
            rgba.extend_from_slice(&pixel.to_array());
        }
    }
    let size = tiny_skia::IntSize::from_wh(w as u32, h as u32).ok_or("the map has no size")?;
    let pixmap = tiny_skia::Pixmap::from_vec(rgba, size).ok_or("the picture does not fit its size")?;
    let png = rustgis_render::encode_png(&pixmap, 96.0).map_err(|e| e.to_string())?;
    Ok(rustgis_mcp::ScreenImage { png, width: w as u32, height: h as u32 })
}

/// A form's fields as a grid: a tick box, a list to choose from, or a text field each, named
/// `{prefix} {name}` (`Parameter width`, `Label size`) for screen readers and tests. `choices` gives a field a fixed list (the
/// style dialog's field and ramp names) over what its schema says. Returns whether a field
/// changed.
fn form_grid(
    ui: &mut egui::Ui,
    id_salt: &str,
    prefix: &str,
    form: &mut Form,
    choices: &dyn Fn(&FormField) -> Option<Vec<String>>,
) -> bool {
    egui::Grid::new(id_salt).num_columns(2).show(ui, |ui| form_rows(ui, id_salt, prefix, form, choices)).inner
}

/// The rows of [`form_grid`], for a grid that has rows of its own as well (the Add PostGIS Layer
/// dialog's password below the connection's fields).
fn form_rows(
    ui: &mut egui::Ui,
    id_salt: &str,
    prefix: &str,
    form: &mut Form,
    choices: &dyn Fn(&FormField) -> Option<Vec<String>>,
) -> bool {
    let mut changed = false;
    for field in &mut form.fields {
        let name = if field.required { format!("{} *", field.name) } else { field.name.clone() };
        ui.label(&name).on_hover_text(&field.description);
        let listed = choices(field).or_else(|| match &field.kind {
            FieldKind::Choice(listed) => Some(listed.clone()),
            _ => None,
        });
        match (&field.kind, listed) {
            (FieldKind::Bool, _) => {
                let check = ui.checkbox(&mut field.checked, "");
                named(&check, egui::Role::CheckBox, format!("{prefix} {}", field.name));
                changed |= check.changed();
            }
            (_, Some(listed)) => {
                let shown = if field.text.is_empty() { "(default)".to_owned() } else { field.text.clone() };
                let before = field.text.clone();
                let combo =
                    egui::ComboBox::from_id_salt((id_salt, &field.name)).selected_text(shown).show_ui(ui, |ui| {
                        if !field.required {
                            ui.selectable_value(&mut field.text, String::new(), "(default)");
                        }
                        for choice in &listed {
                            ui.selectable_value(&mut field.text, choice.clone(), choice);
                        }
                    });
                named(&combo.response, egui::Role::ComboBox, format!("{prefix} {}", field.name));
                changed |= field.text != before;
            }
            _ => {
                let edit = ui.add(egui::TextEdit::singleline(&mut field.text).hint_text(&field.description));
                named(&edit, egui::Role::TextInput, format!("{prefix} {}", field.name));
                changed |= edit.changed();
            }
        }
        ui.end_row();
    }
    changed
}

/// A small button whose hover text is also its accessible name (what screen readers and the
/// tests find it by).
fn button(ui: &mut egui::Ui, text: &str, name: String) -> egui::Response {
    let response = ui.small_button(text).on_hover_text(&name);
    named(&response, egui::Role::Button, name);
    response
}

fn named(response: &egui::Response, role: egui::Role, name: impl ToString) {
    let name = name.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(role, true, &name));
}

/// The AI Assistant panel: the request, the agent CLI, automatic approval (per run), the
/// agent's output, and the approval queue with the exact tool and parameters of each waiting
/// call.
pub fn assistant_panel(ui: &mut egui::Ui, state: &mut AppState) {
    let running = state.assistant.as_ref().is_some_and(AgentRun::is_running);
    if !running {
        let request = ui.add(egui::TextEdit::multiline(&mut state.request).hint_text("Ask the assistant"));
        named(&request, egui::Role::MultilineTextInput, "Request");
        ui.horizontal(|ui| {
            egui::ComboBox::from_label("Agent").selected_text(format!("{:?}", state.agent_launch.kind)).show_ui(
                ui,
                |ui| {
                    for (kind, program) in
                        [(AgentKind::Claude, "claude"), (AgentKind::Codex, "codex"), (AgentKind::OpenCode, "opencode")]
                    {
                        let label = format!("{kind:?}");
                        if ui.selectable_value(&mut state.agent_launch.kind, kind, label).clicked() {
                            state.agent_launch.program = PathBuf::from(program);
                        }
                    }
                },
            );
            let mut program = state.agent_launch.program.display().to_string();
            let edit = ui.text_edit_singleline(&mut program);
            named(&edit, egui::Role::TextInput, "Agent program");
            if edit.changed() {
                state.agent_launch.program = PathBuf::from(program);
            }
        });
        ui.checkbox(&mut state.auto_approve, "Approve this run's calls automatically");
        if ui.button("Start").clicked() {
            let relay = match state.host.relay() {
                Some(relay) => relay.clone(),
                None => match state.host.start_relay() {
                    Ok(_) => match state.host.relay() {
                        Some(relay) => relay.clone(),
                        None => return,
                    },
                    Err(e) => {
                        state.message = Some((error_text(&e), true));
                        return;
                    }
                },
            };
            match AgentRun::launch(&relay, &state.agent_launch, &state.request, state.auto_approve) {
                Ok(run) => state.assistant = Some(run),
                Err(e) => state.message = Some((e, true)),
            }
            state.auto_approve = false;
        }
    }
    let Some(run) = &mut state.assistant else { return };
    if run.is_running() && ui.button("Stop the agent").clicked() {
        run.stop();
    }
    let mut decision = None;
    for approval in run.approvals() {
        ui.separator();
        let what = match approval.args.get("command").and_then(Json::as_str) {
            Some(command) => format!("{} wants to run {} {command}", approval.agent, approval.tool),
            None => format!("{} wants to run {}", approval.agent, approval.tool),
        };
        ui.label(RichText::new(what).strong());
        ui.label(RichText::new(approval.args.to_string()).monospace());
        if approval.batch {
            ui.label("(part of a batch: the batch runs as a whole)");
        }
        ui.horizontal(|ui| {
            if button(ui, "Approve", format!("Approve call {}", approval.id)).clicked() {
                decision = Some((approval.id, true));
            }
            if button(ui, "Deny", format!("Deny call {}", approval.id)).clicked() {
                decision = Some((approval.id, false));
            }
        });
    }
    if let Some((id, approve)) = decision {
        let decided = if approve { run.approve(id) } else { run.deny(id) };
        if let Err(e) = decided {
            state.message = Some((error_text(&e), true));
        }
    }
    let Some(run) = &state.assistant else { return };
    egui::ScrollArea::vertical().max_height(240.0).stick_to_bottom(true).show(ui, |ui| {
        for line in run.output() {
            ui.label(RichText::new(line).monospace());
        }
    });
}

/// The attribute table of the user's active layer: a filter expression (its error shows when it
/// does not parse), column headers that sort, and rows that select the feature on the map
/// (Shift adds or removes it). Every selection is `feature.select` run as the user.
pub fn attribute_table(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(layer) = state.host.active_layer().map(str::to_owned) else {
        ui.horizontal(|ui| {
            ui.label("Click a layer's name in the Layers pane to see its attribute table.");
            if ui.button("Close").clicked() {
                state.table.open = false;
            }
        });
        return;
    };
    let selected =
        state.host.session().project().layer(&layer).map(|l| l.selection.as_ref().clone()).unwrap_or_default();
    let mut select: Option<(Vec<rustgis_core::FeatureId>, bool)> = None;
    let mut select_matching = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Attribute table: {layer}"));
        let filter = ui.add(
            egui::TextEdit::singleline(&mut state.table.filter)
                .hint_text("Filter: an expression, e.g. pop_est > 100000000")
                .desired_width(320.0),
        );
        named(&filter, egui::Role::TextInput, "Filter expression");
        if ui.button("Select all shown").clicked() {
            select_matching = true;
        }
        if ui.add_enabled(!selected.is_empty(), egui::Button::new("Clear selection")).clicked() {
            select = Some((Vec::new(), false));
        }
        ui.toggle_value(&mut state.identify_tool, "Identify");
        if ui.button("Close").clicked() {
            state.table.open = false;
        }
    });
    let sort = state.table.sort.clone();
    let mut sort_by = None;
    match state.table.rows(&mut state.host, &layer) {
        Err(e) => {
            ui.label(RichText::new(e.as_str()).color(Color32::from_rgb(200, 30, 30)));
        }
        Ok(rows) => {
            ui.label(format!("{} of {} rows, {} selected", rows.rows.len(), rows.total, selected.len()));
            let width = 120.0;
            let height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            // The rows scroll inside the panel's height, leaving room for the header, the scroll
            // bar and spacing: content taller than the panel would make it grow frame after frame.
            let rows_height = (ui.available_height() - 2.0 * height - 40.0).max(3.0 * height);
            egui::ScrollArea::horizontal().show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.add_sized([56.0, height], egui::Label::new(RichText::new("fid").strong()));
                    for field in &rows.fields {
                        let sorted = sort.as_ref().filter(|s| s.field == *field).map(|s| s.descending);
                        let header = ui
                            .add(
                                egui::Button::new(RichText::new(field).strong())
                                    .min_size(egui::vec2(width, height))
                                    .truncate(),
                            )
                            .on_hover_text(format!("Sort by {field}"));
                        named(&header, egui::Role::Button, format!("Sort by {field}"));
                        if let Some(descending) = sorted {
                            sort_arrow(ui, header.rect, descending);
                        }
                        if header.clicked() {
                            sort_by = Some(field.clone());
                        }
                    }
                });
                egui::ScrollArea::vertical().auto_shrink([false, true]).max_height(rows_height).show_rows(
                    ui,
                    height,
                    rows.rows.len(),
                    |ui, range| {
                        for (fid, cells) in &rows.rows[range] {
                            let is_selected = selected.contains(fid);
                            ui.horizontal(|ui| {
                                let mut clicked = ui
                                    .add(
                                        egui::Button::selectable(is_selected, fid.to_string())
                                            .min_size(egui::vec2(56.0, height)),
                                    )
                                    .clicked();
                                for cell in cells {
                                    clicked |= ui
                                        .add(
                                            egui::Button::selectable(is_selected, cell.as_str())
                                                .min_size(egui::vec2(width, height))
                                                .truncate(),
                                        )
                                        .clicked();
                                }
                                if clicked {
                                    select = Some((vec![*fid], shift_click(ui)));
                                }
                            });
                        }
                    },
                );
                // Room for the floating horizontal scroll bar, so it never covers the last row.
                ui.add_space(12.0);
            });
        }
    }
    if let Some(field) = sort_by {
        state.table.toggle_sort(&field);
    }
    if select_matching {
        let filter = state.table.filter.trim();
        let filter = if filter.is_empty() { "TRUE".to_owned() } else { filter.to_owned() };
        state.run("feature.select", json!({ "layer": layer, "where": filter }));
    }
    if let Some((ids, add)) = select {
        state.select(&layer, &ids, add);
    }
}

/// The handle a layer is dragged by: three short lines.
fn grip(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 14.0), egui::Sense::hover());
    let stroke = egui::Stroke::new(1.5, ui.visuals().weak_text_color());
    for dy in [-4.0, 0.0, 4.0] {
        ui.painter().hline(rect.x_range().shrink(1.0), rect.center().y + dy, stroke);
    }
}

/// A small triangle at the right of a sorted column's header: up for ascending, down for
/// descending (drawn, as egui's default fonts have no arrow glyphs).
fn sort_arrow(ui: &egui::Ui, header: egui::Rect, descending: bool) {
    let center = egui::pos2(header.right() - 8.0, header.center().y);
    let (tip, base) = if descending { (4.0, -4.0) } else { (-4.0, 4.0) };
    let points = vec![center + egui::vec2(0.0, tip), center + egui::vec2(-4.0, base), center + egui::vec2(4.0, base)];
    ui.painter().add(egui::Shape::convex_polygon(points, ui.visuals().strong_text_color(), egui::Stroke::NONE));
}

/// Identify: the attributes of the features under the last click, top one first.
fn identify_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(found) = &state.identified else { return };
    if found.features.is_empty() {
        ui.label(format!("No feature of {} there.", found.layer));
        return;
    }
    ui.label(format!("{}: {} feature(s)", found.layer, found.features.len()));
    egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
        for (fid, attributes) in &found.features {
            ui.separator();
            ui.strong(format!("feature {fid}"));
            egui::Grid::new(("identify", *fid)).num_columns(2).show(ui, |ui| {
                for (name, value) in attributes {
                    ui.label(RichText::new(name).weak());
                    ui.label(value);
                    ui.end_row();
                }
            });
        }
    });
}

/// The id of the Add PostGIS Layer dialog's password field.
fn password_field_id() -> egui::Id {
    egui::Id::unique("postgis password")
}

/// The Add PostGIS Layer dialog: the connection's fields, the password (masked), **List
/// tables** and the pick list of what it found, the layer's fields, the engine's error when Add
/// or List tables failed, and **Add** / **Cancel**. While a job of the dialog's runs, its button
/// waits with a spinner (the status bar has the job's Cancel).
fn postgis_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(dialog) = &mut state.postgis else { return };
    let mine = || state.postgis_jobs.iter().filter(|j| j.started_by(dialog));
    let listing = mine().find(|j| j.is_listing()).map(|j| j.id);
    let adding = mine().find(|j| !j.is_listing()).map(|j| j.id);
    ui.strong("Connection");
    egui::Grid::new("postgis connection").num_columns(2).show(ui, |ui| {
        form_rows(ui, "postgis connection", "Connection", &mut dialog.connection, &|_| None);
        ui.label("password").on_hover_text(
            "Used for this session only, never saved: put it in ~/.pgpass or a service file to connect later",
        );
        let edit = ui.add(
            egui::TextEdit::singleline(&mut *dialog.password)
                .id(password_field_id())
                .password(true)
                .hint_text("empty: ~/.pgpass or the service file"),
        );
        named(&edit, egui::Role::PasswordInput, "Connection password");
        ui.end_row();
    });
    let mut list = false;
    ui.horizontal(|ui| {
        list = ui
            .add_enabled(listing.is_none(), egui::Button::new("List tables"))
            .on_hover_text("The tables and views with a geometry or geography column this user may read")
            .clicked();
        if let Some(id) = listing {
            ui.spinner();
            ui.label(RichText::new(format!("listing (job {id})")).weak());
        }
    });
    if !dialog.tables.is_empty() {
        let mut picked = dialog.picked.clone();
        egui::ComboBox::from_label("Spatial table")
            .selected_text(picked.as_deref().unwrap_or("pick a table…"))
            .width(380.0)
            .show_ui(ui, |ui| {
                for table in &dialog.tables {
                    ui.selectable_value(&mut picked, Some(table.label.clone()), &table.label);
                }
            });
        if picked != dialog.picked
            && let Some(label) = picked
        {
            dialog.pick(&label);
        }
    }
    ui.separator();
    ui.strong("Layer");
    ui.label(RichText::new("Give a table (schema.table) or a SQL query.").weak());
    form_grid(ui, "postgis layer", "Layer", &mut dialog.layer, &|_| None);
    if let Some(error) = &dialog.error {
        ui.label(RichText::new(error.as_str()).color(Color32::from_rgb(200, 30, 30)));
    }
    let mut add = false;
    let mut cancel = false;
    ui.horizontal(|ui| {
        add = ui.add_enabled(adding.is_none(), egui::Button::new("Add")).clicked();
        cancel = ui.button("Cancel").clicked();
        if let Some(id) = adding {
            ui.spinner();
            ui.label(RichText::new(format!("adding (job {id})")).weak());
        }
    });
    if list {
        state.list_postgis_tables();
    }
    if add {
        state.add_postgis_layer();
    }
    if cancel {
        state.postgis = None;
    }
}

/// Drops what egui keeps of the password field (its undo copies of the text) once the dialog
/// has closed.
fn forget_password_field(ui: &egui::Ui) {
    ui.ctx().data_mut(|data| data.remove::<egui::text_edit::TextEditState>(password_field_id()));
}

/// The style dialog: single symbol, categorized or graduated with the parameters of their
/// commands, labels (field, size, priority), a live preview on the map, and Apply (the same
/// commands, run as the user).
fn style_window(ui: &mut egui::Ui, state: &mut AppState) {
    let Some(dialog) = &mut state.style else { return };
    let Some(layer) = state.host.session().project().layer(&dialog.layer).cloned() else {
        ui.label(format!("{} is gone", dialog.layer));
        return;
    };
    ui.strong(&dialog.layer);
    ui.horizontal(|ui| {
        for (kind, (label, _)) in STYLE_KINDS.iter().enumerate() {
            ui.radio_value(&mut dialog.kind, kind, *label);
        }
    });
    let before = dialog.preview_key();
    let kind = dialog.kind;
    let mut form = dialog.forms[kind].clone();
    let command = form.command.clone();
    egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
        form_grid(ui, "style form", "Parameter", &mut form, &|field| dialog.choices(&command, field, &layer));
    });
    dialog.forms[kind] = form;
    ui.separator();
    ui.checkbox(&mut dialog.labels, "Labels");
    if dialog.labels {
        let mut form = dialog.label_form.clone();
        form_grid(ui, "label form", "Label", &mut form, &|field| dialog.choices("label.set", field, &layer));
        dialog.label_form = form;
    }
    let preview = dialog.preview(&state.host).map(|_| ());
    if dialog.preview_key() != before {
        ui.ctx().request_repaint();
    }
    if let Err(e) = &preview {
        ui.label(RichText::new(e.as_str()).color(Color32::from_rgb(200, 30, 30)));
    }
    let mut apply = false;
    let mut close = false;
    ui.horizontal(|ui| {
        apply = ui.add_enabled(preview.is_ok(), egui::Button::new("Apply")).clicked();
        close = ui.button("Close").clicked();
    });
    if apply {
        let mut dialog = state.style.take().expect("the dialog is open");
        if let Err(e) = dialog.apply(&mut state.host) {
            state.message = Some((error_text(&e), true));
        }
        state.style = Some(dialog);
    }
    if close {
        state.style = None;
    }
}
