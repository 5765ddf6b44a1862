//! The window's panels as functions of the app state, so egui_kittest tests drive the same code
//! the window shows. This file holds the state ([`AppState`]), what the user's actions do to it,
//! and the frame ([`show`]) that lays the panels out; each panel or window is a file of its own
//! below `ui/`.

mod agent_settings;
mod assistant_panel;
mod attribute_table;
mod command_search;
mod file_browser;
mod help;
mod history;
mod identify;
mod layers;
mod layout_window;
mod map_canvas;
mod map_tools;
mod menu;
mod message_log;
mod postgis_window;
mod prompts;
mod start_page;
mod status_bar;
mod style_window;
mod web_window;
mod widgets;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::SystemTime;

use serde_json::{Value as Json, json};

use crate::assistant::{AgentKind, AgentLaunch, AgentRun};
use crate::dialogs::{FileDialogs, NativeDialogs};
use crate::file_browser::{BrowseFor, FileBrowser};
use crate::host::{AppHost, error_text};
use crate::map::{MapView, layer_extent};
use crate::messages::Messages;
use crate::postgis_dialog::{PostgisDialog, PostgisJob};
use crate::style_dialog::StyleDialog;
use crate::table::{AttributeTable, Identified, identify, select_features};

pub use agent_settings::settings_section;
pub use assistant_panel::assistant_panel;
pub use attribute_table::{FieldCalculator, attribute_table};
pub use command_search::{CommandSearch, command_search};
use file_browser::file_browser_window;
use help::{about_window, docs_window};
pub use history::history_pane;
use identify::identify_window;
pub use layers::layers_pane;
use layout_window::layout_window;
use map_canvas::take_screen_snapshot;
pub use map_canvas::{Canvas, crop_png, map_canvas};
pub use map_tools::{Measure, area_text, length_text, map_toolbar, measured_area, measured_length};
pub use menu::menu_bar;
use message_log::message_log_window;
use postgis_window::{forget_password_field, postgis_window};
use prompts::{outside_files_prompt, save_changes_prompt};
use start_page::{launch_problems_window, start_page};
use status_bar::stop_relay_prompt;
pub use status_bar::{SCALE_PRESETS, parse_scale, status_bar};
use style_window::style_panel;
use web_window::web_window;

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
    /// The layer being put in a group and the group typed so far (`Basemap/Water` nests).
    pub grouping: Option<(String, String)>,
    /// The status bar's messages, each shown for a while, all kept in the message log.
    pub messages: Messages,
    /// Whether the message log (View ▸ Message log) is open.
    pub message_log_open: bool,
    /// Whether the user closed the start page (shown while the project has no layers).
    pub start_page_closed: bool,
    /// What the launch asked for that could not be opened (a bad `--data` or `--project`),
    /// shown in a window until closed.
    pub launch_problems: Vec<String>,
    /// The in-window file chooser, while open (the platform's could not open).
    pub browser: Option<FileBrowser>,
    /// Whether Help ▸ About RustGIS is open.
    pub about_open: bool,
    /// Whether Help ▸ Documentation is open.
    pub docs_open: bool,
    /// Whether saving from the "save changes?" prompt closes the window once written.
    pub close_after_save: bool,
    /// Set when the window should close at the end of this frame (the project was saved from the
    /// "save changes?" prompt).
    pub close_now: bool,
    /// The window title last sent to the window.
    pub title_shown: Option<String>,
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
    /// The Select polygon tool's corners while the tool is on (clicks on the map add corners;
    /// **Select** or Enter selects what the polygon meets).
    pub select_polygon: Option<Vec<[f64; 2]>>,
    /// The layers whose feature count the Layers pane shows beside their name.
    pub counted_layers: std::collections::BTreeSet<String>,
    /// Whether a drag on the map selects the features in the box dragged (Select box) instead
    /// of panning.
    pub select_box: bool,
    /// What Identify found at the last click.
    pub identified: Option<Identified>,
    /// The attribute table's field calculator, while it is open.
    pub calculator: Option<FieldCalculator>,
    /// The Measure tool's line while the tool is on: a click on the map adds a point instead of
    /// selecting.
    pub measure: Option<Measure>,
    /// The style dialog, while open.
    pub style: Option<StyleDialog>,
    /// The settings' Network field being edited (`network.allow`, one host per line).
    pub network_allow: Option<String>,
    /// The Add PostGIS Layer dialog, while open.
    pub postgis: Option<PostgisDialog>,
    /// The Add Web Layer dialog, while it is open.
    pub web: Option<crate::web_dialog::WebDialog>,
    /// The Print Layout window, while it is open.
    pub layouts: Option<crate::layout_dialog::LayoutDialog>,
    /// The Print Layout window's page preview, drawn again when the project changes.
    pub layout_preview: Option<layout_window::LayoutPreview>,
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
        let mut messages = Messages::new(SystemTime::now());
        if let Some(error) = host.agents_error() {
            messages.error(error);
        }
        AppState {
            recovery,
            host,
            canvas: Canvas::new(),
            search: None,
            dialogs: Box::new(NativeDialogs),
            table: AttributeTable::default(),
            identify_tool: false,
            select_box: false,
            select_polygon: None,
            counted_layers: std::collections::BTreeSet::new(),
            measure: None,
            calculator: None,
            identified: None,
            style: None,
            network_allow: None,
            postgis: None,
            web: None,
            layouts: None,
            layout_preview: None,
            postgis_jobs: Vec::new(),
            settings_open: false,
            renaming: None,
            grouping: None,
            messages,
            message_log_open: false,
            start_page_closed: false,
            launch_problems: Vec::new(),
            browser: None,
            about_open: false,
            docs_open: false,
            close_after_save: false,
            close_now: false,
            title_shown: None,
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
            self.messages.notice(notice.clone());
        }
    }

    /// Shows an error in the status bar (red).
    fn fail(&mut self, e: &(dyn std::error::Error + 'static)) {
        self.messages.error(error_text(e));
    }

    /// File ▸ Open…: a `.rgis` project chosen in the dialog (or the window's own chooser when
    /// the platform's cannot open), opened as the user.
    pub fn open_project(&mut self) {
        if self.browse_if_no_chooser(BrowseFor::OpenProject) {
            return;
        }
        if let Some(path) = self.dialogs.open_project() {
            self.open_project_at(&path);
        }
    }

    /// File ▸ New project: an empty project (one undo step), and the start page.
    pub fn new_project(&mut self) {
        if self.run("project.new", Json::Null) {
            self.canvas.follow_project = true;
            self.start_page_closed = false;
        }
    }

    /// File ▸ Open sample and the start page's first button: the World Atlas sample as the
    /// project (one undo step).
    pub fn open_sample(&mut self) {
        if self.run("project.sample", json!({})) {
            self.canvas.follow_project = true;
            self.messages.notice("opened the World Atlas sample: countries, cities, coastline and boundaries");
        }
    }

    /// Whether the start page shows: the project has no layers and the user has not closed it.
    pub fn start_page_shown(&self) -> bool {
        !self.start_page_closed && self.host.session().project().layers.is_empty()
    }

    /// Shows what the launch could not open, in a window and in the message log.
    pub fn show_launch_problems(&mut self, problems: Vec<String>) {
        for problem in &problems {
            self.messages.error(problem.clone());
        }
        self.launch_problems.extend(problems);
    }

    /// The window's title: the project's name (its file's, else `Untitled`), `*` first while
    /// it has unsaved changes.
    pub fn window_title(&self) -> String {
        let session = self.host.session();
        let name = match session.project_path().and_then(std::path::Path::file_stem) {
            Some(stem) => stem.to_string_lossy().into_owned(),
            None if session.project().name.trim().is_empty() => "Untitled".to_owned(),
            None => session.project().name.clone(),
        };
        let dirty = if self.host.is_dirty() { "*" } else { "" };
        format!("{dirty}{name} — RustGIS")
    }

    /// When the platform's file chooser cannot open, opens the window's own for `purpose`,
    /// saying why; returns whether it did.
    fn browse_if_no_chooser(&mut self, purpose: BrowseFor) -> bool {
        let Err(why) = self.dialogs.available() else { return false };
        let project = self.host.session().project_path().map(std::path::Path::to_path_buf);
        let folder = project
            .as_deref()
            .and_then(std::path::Path::parent)
            .map(std::path::Path::to_path_buf)
            .or_else(dirs::home_dir)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let suggested = match purpose {
            BrowseFor::SaveProject => Some(
                project
                    .as_deref()
                    .and_then(std::path::Path::file_name)
                    .map_or_else(|| "Untitled.rgis".to_owned(), |n| n.to_string_lossy().into_owned()),
            ),
            BrowseFor::ExportPng => Some("map.png".to_owned()),
            _ => None,
        };
        self.messages.notice(format!("{why}; choose the file in RustGIS's own chooser"));
        self.browser = Some(FileBrowser::new(purpose, why, &folder, suggested.as_deref()));
        true
    }

    /// The window's own chooser's action: the chosen file used for what it was opened for; the
    /// chooser closes unless the file was not taken.
    pub fn choose_in_browser(&mut self) {
        let Some(browser) = &mut self.browser else { return };
        let Some(path) = browser.choose() else { return };
        let purpose = browser.purpose;
        self.browser = None;
        match purpose {
            BrowseFor::AddData => {
                if self.run("layer.open", json!({ "path": path })) {
                    self.canvas.follow_project = true;
                }
            }
            BrowseFor::OpenProject => self.open_project_at(&path),
            BrowseFor::SaveProject => {
                if self.save_to(&path) && std::mem::take(&mut self.close_after_save) {
                    self.close_now = true;
                }
            }
            BrowseFor::ExportPng => self.export_to(&path),
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
                self.save_to(&path);
            }
            None => {
                self.save_project_as();
            }
        }
    }

    /// File ▸ Save As…: the project written where the dialog says (the dialog asked before
    /// replacing a file); returns whether it was written. With the window's own chooser it is
    /// written when that chooser's Save is pressed.
    pub fn save_project_as(&mut self) -> bool {
        if self.browse_if_no_chooser(BrowseFor::SaveProject) {
            return false;
        }
        let current = self.host.session().project_path().map(std::path::Path::to_path_buf);
        match self.dialogs.save_project(current.as_deref()) {
            Some(path) => self.save_to(&path),
            None => false,
        }
    }

    fn save_to(&mut self, path: &std::path::Path) -> bool {
        let saved = self.run("project.save", json!({ "path": path, "overwrite": true }));
        if saved {
            self.messages.notice(format!("saved {}", path.display()));
        }
        saved
    }

    /// File ▸ Add data…: each chosen file opened as a layer (`layer.open`), one step each. When
    /// the platform's chooser cannot open, the window's own opens and says why.
    pub fn add_data(&mut self) {
        if self.browse_if_no_chooser(BrowseFor::AddData) {
            return;
        }
        for path in self.dialogs.add_data() {
            if !self.run("layer.open", json!({ "path": path })) {
                break;
            }
        }
    }

    /// Files dropped on the window: each opened as a layer (`layer.open`, one step each), as Add
    /// data… does; one that cannot be opened does not stop the others. A folder or a project file
    /// is named in the status bar with what would work.
    pub fn add_dropped(&mut self, dropped: &[egui::DroppedFileHandle]) {
        for file in dropped {
            let path = file.path();
            if path.is_dir() {
                self.messages.error(format!(
                    "{} is a folder: drop the files in it, or use Add data… (Ctrl+Shift+A)",
                    path.display()
                ));
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("rgis")) {
                self.messages
                    .error(format!("{} is a RustGIS project, not data: open it with Open… (Ctrl+O)", path.display()));
            } else {
                self.run("layer.open", json!({ "path": path }));
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
                self.messages.notice(format!("{doing} (job {})", job.id));
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
                Some(info) => {
                    let (text, error) = job.settle(&info, &mut self.postgis, &mut self.host);
                    self.messages.push(text, error);
                }
                None => waiting.push(job),
            }
        }
        self.postgis_jobs = waiting;
    }

    /// A layer's Export…: `layer.export` as the user to the file chosen in the platform's Save
    /// dialog (its extension picks the format; the dialog asked before replacing a file).
    pub fn export_layer(&mut self, name: &str) {
        if let Err(why) = self.dialogs.available() {
            self.messages
                .error(format!("no file chooser ({why}): export {name} with layer.export in Command Search (Ctrl+K)"));
            return;
        }
        let Some(path) = self.dialogs.export_layer(name) else { return };
        if self.run("layer.export", json!({ "layer": name, "path": path, "overwrite": true })) {
            self.messages.notice(format!("exported {name} to {}", path.display()));
        }
    }

    /// File ▸ Export map as PNG…: `map.export` at the canvas's size to the chosen file.
    pub fn export_png(&mut self) {
        if self.browse_if_no_chooser(BrowseFor::ExportPng) {
            return;
        }
        if let Some(path) = self.dialogs.export_png() {
            self.export_to(&path);
        }
    }

    fn export_to(&mut self, path: &std::path::Path) {
        let mut params = json!({ "path": path, "overwrite": true });
        if self.canvas.size[0] >= 16 && self.canvas.size[1] >= 16 {
            params["width"] = json!(self.canvas.size[0]);
            params["height"] = json!(self.canvas.size[1]);
        }
        if self.run("map.export", params) {
            self.messages.notice(format!("exported {}", path.display()));
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

    /// Opens the Print Layout window on the project's newest layout.
    pub fn open_layouts(&mut self) {
        self.layouts = Some(crate::layout_dialog::LayoutDialog::new(self.host.session().project()));
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
        let crs = self.host.session().project().view.crs;
        let Some((layer, ids)) = self.hit(|layer| layer.features_at(point, crs, tolerance)) else { return };
        let top: Vec<rustgis_core::FeatureId> = ids.first().copied().into_iter().collect();
        self.select(&layer, &top, add);
        if self.identify_tool {
            self.identified = match identify(&mut self.host, &layer, &ids) {
                Ok(found) => Some(found),
                Err(e) => {
                    self.messages.error(e);
                    None
                }
            };
        }
    }

    /// Selects the features in `area` (a box in the map's CRS) as the user: in the active layer,
    /// else in the top visible layer with some there; `add` adds them to the selection. Says
    /// how many were selected, or that the box held none.
    pub fn select_in_box(&mut self, area: rustgis_core::Extent, add: bool) {
        let crs = self.host.session().project().view.crs;
        self.select_where(|layer| layer.features_in(area, crs), add, "box");
    }

    /// Selects the features the polygon through `ring` (map CRS) meets, as [`Self::select_in_box`]
    /// does for a box.
    pub fn select_in_polygon(&mut self, ring: &[[f64; 2]], add: bool) {
        let crs = self.host.session().project().view.crs;
        self.select_where(|layer| layer.features_in_polygon(ring, crs), add, "polygon");
    }

    /// Selects what `find` gives in the active layer, else in the top visible layer where it
    /// finds some, and says how many (`shape` names what was drawn).
    /// The features `find` gives in the user's active layer (possibly none), else in the top
    /// visible layer where it finds some: what a click, a box or a polygon on the map selects.
    fn hit(
        &self,
        find: impl Fn(&rustgis_core::Layer) -> Vec<rustgis_core::FeatureId>,
    ) -> Option<(String, Vec<rustgis_core::FeatureId>)> {
        let project = self.host.session().project();
        match self.host.active_layer().and_then(|name| project.layer(name)) {
            Some(layer) => Some((layer.name.clone(), find(layer))),
            None => project.layers.iter().rev().filter(|l| project.is_shown(l)).find_map(|layer| {
                let ids = find(layer);
                (!ids.is_empty()).then(|| (layer.name.clone(), ids))
            }),
        }
    }

    fn select_where(
        &mut self,
        find: impl Fn(&rustgis_core::Layer) -> Vec<rustgis_core::FeatureId>,
        add: bool,
        shape: &str,
    ) {
        match self.hit(find) {
            Some((layer, ids)) if !ids.is_empty() => {
                let count = ids.len();
                self.select(&layer, &ids, add);
                let noun = if count == 1 { "feature" } else { "features" };
                self.messages.notice(format!("selected {count} {noun} of {layer} in the {shape}"));
            }
            Some((layer, _)) => self.messages.notice(format!("no feature of {layer} is in the {shape}")),
            None => self.messages.notice(format!("no feature of a visible layer is in the {shape}")),
        }
    }

    /// Zooms the canvas to a layer.
    pub fn zoom_to_layer(&mut self, name: &str) {
        if let Some(extent) = layer_extent(self.host.session().project(), name) {
            self.canvas.go_to(MapView::fit(&extent, self.canvas.size));
        }
    }
}

/// The whole window for one frame at `now` (the frame's clock, which times the status bar's
/// messages): runs the agents' frame, then draws every panel.
pub fn show(ui: &mut egui::Ui, state: &mut AppState, now: SystemTime) {
    state.messages.set_now(now);
    keyboard(ui, state);
    let dropped = ui.input(|i| i.raw.dropped_files.clone());
    if !dropped.is_empty() {
        state.add_dropped(&dropped);
    }
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
            .show(ui, |ui| {
                attribute_table(ui, state);
                // The panel keeps the height its content used: fill what the rows left, or it
                // would shrink frame after frame down to a few rows.
                let rest = ui.available_height();
                if rest > 0.0 {
                    ui.add_space(rest);
                }
            });
    }
    egui::Panel::left("layers").resizable(true).default_size(220.0).show(ui, |ui| layers_pane(ui, state));
    egui::Panel::right("history").resizable(true).default_size(220.0).show(ui, |ui| history_pane(ui, state));
    if state.style.is_some() {
        // Docked between the map and History, as QGIS docks its Layer Styling panel.
        let open = egui::Panel::right("styling")
            .resizable(true)
            .default_size(340.0)
            .show(ui, |ui| style_panel(ui, state))
            .inner;
        if !open {
            state.style = None;
        }
    }
    let map_rect = egui::CentralPanel::default()
        .show(ui, |ui| {
            map_toolbar(ui, state);
            map_canvas(ui, state);
            if state.start_page_shown() {
                start_page(ui, state);
            }
            drop_marker(ui);
        })
        .response
        .rect;
    // Floating windows open over the map, below its toolbar: never over the menu bar or the
    // Layers pane; Identify in the map's top-right corner, away from the features clicked left.
    let over_map = Some(map_rect.left_top() + egui::vec2(16.0, 40.0));
    let map_corner = Some(map_rect.right_top() + egui::vec2(-316.0, 40.0));
    if state.identified.is_some() && !closable_window(ui, state, "Identify", (Some(300.0), map_corner), identify_window)
    {
        state.identified = None;
    }
    if state.postgis.is_some() {
        let place = (Some(480.0), over_map);
        if !closable_window(ui, state, "Add PostGIS Layer", place, postgis_window) {
            state.postgis = None;
        }
        if state.postgis.is_none() {
            forget_password_field(ui);
        }
    }
    if state.web.is_some() {
        let place = (Some(480.0), over_map);
        if !closable_window(ui, state, "Add Web Layer", place, web_window) {
            state.web = None;
        }
    }
    if state.layouts.is_some() {
        let place = (Some(820.0), over_map);
        if !closable_window(ui, state, "Print Layout", place, layout_window) {
            state.layouts = None;
            state.layout_preview = None;
        }
    }
    if state.settings_open {
        state.settings_open = closable_window(ui, state, "AI Assistant settings", (None, over_map), settings_section);
    }
    if state.search.is_some() && !closable_window(ui, state, "Command Search", (Some(420.0), over_map), command_search)
    {
        state.search = None;
    }
    if state.assistant_open {
        state.assistant_open = closable_window(ui, state, "AI Assistant", (Some(420.0), over_map), assistant_panel);
    }
    if state.message_log_open {
        state.message_log_open = closable_window(ui, state, "Message log", (Some(520.0), over_map), message_log_window);
    }
    if state.about_open {
        state.about_open = closable_window(ui, state, "About RustGIS", (Some(360.0), over_map), about_window);
    }
    if state.docs_open {
        state.docs_open = closable_window(ui, state, "Documentation", (Some(460.0), over_map), docs_window);
    }
    if !state.launch_problems.is_empty() {
        launch_problems_window(ui, state);
    }
    if let Some(browser) = &state.browser {
        let title = browser.purpose.title();
        if !closable_window(ui, state, title, (Some(520.0), over_map), file_browser_window) {
            state.browser = None;
            state.close_after_save = false;
        }
    }
    save_changes_prompt(ui, state);
    outside_files_prompt(ui, state);
    stop_relay_prompt(ui, state);
    take_screen_snapshot(ui, state);
    if std::mem::take(&mut state.close_now) {
        state.closing.store(true, std::sync::atomic::Ordering::SeqCst);
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
    }
    let title = state.window_title();
    if state.title_shown.as_deref() != Some(title.as_str()) {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
        state.title_shown = Some(title);
    }
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
/// the keyboard; the File menu's shortcuts (Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S, Ctrl+Shift+A)
/// unless a prompt is waiting for an answer.
/// While files are dragged over the window, the map says what dropping them does.
fn drop_marker(ui: &egui::Ui) {
    let hovered = ui.input(|i| i.raw.hovered_files.len());
    if hovered == 0 {
        return;
    }
    let rect = ui.max_rect();
    let painter = ui.painter();
    painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(140));
    let text = if hovered == 1 {
        "Drop to add the file as a layer".to_owned()
    } else {
        format!("Drop to add {hovered} files as layers")
    };
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(22.0),
        egui::Color32::WHITE,
    );
}

fn keyboard(ui: &mut egui::Ui, state: &mut AppState) {
    let typing = ui.ctx().egui_wants_keyboard_input();
    let (search, undo, redo) = ui.input_mut(|i| {
        let search = i.consume_key(egui::Modifiers::COMMAND, egui::Key::K);
        let redo = i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
        let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
        (search, undo, redo)
    });
    // The Shift ones first: Ctrl+S also matches Ctrl+Shift+S.
    let [save_as, add_data, new, open, save, layouts] = ui.input_mut(|i| {
        [menu::SAVE_AS, menu::ADD_DATA, menu::NEW_PROJECT, menu::OPEN_PROJECT, menu::SAVE, menu::PRINT_LAYOUTS]
            .map(|shortcut| i.consume_shortcut(&shortcut))
    });
    let asking = state.confirm_close || state.outside_files.is_some() || state.confirm_stop_relay;
    if !asking {
        if new {
            state.new_project();
        }
        if open {
            state.open_project();
        }
        if save {
            state.save_project();
        }
        if save_as {
            state.save_project_as();
        }
        if add_data {
            state.add_data();
        }
        if layouts {
            state.open_layouts();
        }
    }
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
