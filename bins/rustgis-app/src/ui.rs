//! The window's panels as functions of the app state, so egui_kittest tests drive the same code
//! the window shows. This file holds the state ([`AppState`]), what the user's actions do to it,
//! and the frame ([`show`]) that lays the panels out; each panel or window is a file of its own
//! below `ui/`.

mod agent_settings;
mod assistant_panel;
mod attribute_table;
mod command_search;
mod history;
mod identify;
mod layers;
mod map_canvas;
mod menu;
mod postgis_window;
mod prompts;
mod status_bar;
mod style_window;
mod widgets;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::SystemTime;

use serde_json::{Value as Json, json};

use crate::assistant::{AgentKind, AgentLaunch, AgentRun};
use crate::dialogs::{FileDialogs, NativeDialogs};
use crate::host::{AppHost, error_text};
use crate::map::{MapView, layer_extent};
use crate::postgis_dialog::{PostgisDialog, PostgisJob};
use crate::style_dialog::StyleDialog;
use crate::table::{AttributeTable, Identified, identify, select_features};

pub use agent_settings::settings_section;
pub use assistant_panel::assistant_panel;
pub use attribute_table::attribute_table;
pub use command_search::{CommandSearch, command_search};
pub use history::history_pane;
use identify::identify_window;
pub use layers::layers_pane;
use map_canvas::take_screen_snapshot;
pub use map_canvas::{Canvas, crop_png, map_canvas};
pub use menu::menu_bar;
use postgis_window::{forget_password_field, postgis_window};
use prompts::{outside_files_prompt, save_changes_prompt};
pub use status_bar::status_bar;
use status_bar::stop_relay_prompt;
use style_window::style_window;

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
    /// Whether "Stop the MCP relay?" is showing (the status bar's relay label was clicked).
    pub confirm_stop_relay: bool,
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
    /// Why the AI Assistant's last **Start** started no agent (`cannot start claude: …`), shown in
    /// its panel.
    pub assistant_error: Option<String>,
    /// Whether the AI Assistant panel is open.
    pub assistant_open: bool,
    /// What the user typed for the assistant.
    pub request: String,
    /// Whether the next run approves its calls without asking (off unless ticked, per run).
    pub auto_approve: bool,
    /// The agent CLI the assistant starts.
    pub agent_launch: AgentLaunch,
    /// The folders the next run's agent may use, one per line (`… (read-only)` for reading only);
    /// empty: any its grant allows.
    pub assistant_roots: String,
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

impl AppState {
    /// The window's state over `host`. The map is drawn on a worker thread that calls `wake`
    /// when a drawing is ready.
    pub fn new(host: AppHost) -> AppState {
        let recovery = crate::recovery::AppRecovery::start(&host.folders().data);
        // Why agents could not start at launch (a port variable that is not a port), at once.
        let message = host.agents_error().map(|e| (e.to_owned(), true));
        AppState {
            recovery,
            host,
            canvas: Canvas::new(),
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
            message,
            screenshot: None,
            confirm_close: false,
            confirm_stop_relay: false,
            outside_files: None,
            closing: Arc::new(AtomicBool::new(false)),
            assistant: None,
            assistant_error: None,
            assistant_open: false,
            request: String::new(),
            auto_approve: false,
            agent_launch: AgentLaunch {
                kind: AgentKind::Claude,
                program: PathBuf::from("claude"),
                cli: crate::connect::ConnectInfo::default_cli(),
            },
            assistant_roots: String::new(),
        }
    }

    /// Runs a command as the user; its failure is shown, not lost.
    pub fn run(&mut self, id: &str, params: Json) -> bool {
        match self.host.execute(id, params) {
            Ok(outcome) => {
                self.notice(&outcome);
                true
            }
            Err(e) => {
                self.fail(&e);
                false
            }
        }
    }

    /// Shows a command's first notice, if it has one.
    fn notice(&mut self, outcome: &rustgis_core::Outcome) {
        if let Some(notice) = outcome.notices.first() {
            self.message = Some((notice.clone(), false));
        }
    }

    /// Shows an error in the status bar (red).
    fn fail(&mut self, e: &(dyn std::error::Error + 'static)) {
        self.message = Some((error_text(e), true));
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
                self.notice(&outcome);
                self.canvas.follow_project = true;
            }
            Err(crate::error::Error::Command { source: rustgis_core::Error::OutsideFiles { files, .. }, .. }) => {
                self.outside_files = Some((path.to_owned(), files));
            }
            Err(e) => self.fail(&e),
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
            Err(e) => self.fail(&e),
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
            self.fail(&e);
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
    if let Some(run) = &mut state.assistant {
        // An agent that ended on its own is reaped (no zombie) and its grant revoked.
        run.poll();
        if run.has_child() {
            // Its output wakes the window; this catches an end that closes no stream.
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(500));
        }
    }
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
    // Over the map's top-right corner (left of the History pane), leaving the Layers pane and the
    // table in view.
    let corner = ui.max_rect().right_top() + egui::vec2(-620.0, 48.0);
    if state.style.is_some() && !closable_window(ui, state, "Style", (Some(360.0), Some(corner)), style_window) {
        state.style = None;
    }
    if state.identified.is_some() && !closable_window(ui, state, "Identify", (Some(300.0), None), identify_window) {
        state.identified = None;
    }
    if state.postgis.is_some() {
        // Left of the map's centre, leaving the History pane in view.
        let place = (Some(480.0), Some(ui.max_rect().left_top() + egui::vec2(260.0, 48.0)));
        if !closable_window(ui, state, "Add PostGIS Layer", place, postgis_window) {
            state.postgis = None;
        }
        if state.postgis.is_none() {
            forget_password_field(ui);
        }
    }
    if state.settings_open {
        state.settings_open = closable_window(ui, state, "AI Assistant settings", (None, None), settings_section);
    }
    if state.search.is_some() && !closable_window(ui, state, "Command Search", (Some(420.0), None), command_search) {
        state.search = None;
    }
    if state.assistant_open {
        state.assistant_open = closable_window(ui, state, "AI Assistant", (Some(420.0), None), assistant_panel);
    }
    save_changes_prompt(ui, state);
    outside_files_prompt(ui, state);
    stop_relay_prompt(ui, state);
    take_screen_snapshot(ui, state);
}

/// A window with a close button, at its default width and place when given (`None`: egui's);
/// returns whether it is still open.
fn closable_window(
    ui: &egui::Ui,
    state: &mut AppState,
    title: &str,
    (width, place): (Option<f32>, Option<egui::Pos2>),
    contents: fn(&mut egui::Ui, &mut AppState),
) -> bool {
    let mut open = true;
    let mut window = egui::Window::new(title).open(&mut open);
    if let Some(width) = width {
        window = window.default_width(width);
    }
    if let Some(place) = place {
        window = window.default_pos(place);
    }
    window.show(ui.ctx(), |ui| contents(ui, state));
    open
}

/// Ctrl+K opens Command Search; Ctrl+Z and Ctrl+Shift+Z undo and redo unless a text field has
/// the keyboard.
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
