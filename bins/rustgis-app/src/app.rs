//! The eframe application: the window around [`crate::show`], its wake hook, closing, and the
//! launch options of the `rustgis-app` binary.

use std::time::SystemTime;

use rustgis_core::StartOptions;

use crate::error::{Error, Result};
use crate::folders::Folders;
use crate::host::{AppHost, HostOptions, error_text};
use crate::ui::{AppState, show};

/// What the window starts with (`--sample`, `--project`, `--data`, `--relay`, `--table`, `--style`,
/// `--add-postgis`, `--no-plugins`).
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// The project, data files or sample to start with.
    pub start: StartOptions,
    /// Start the relay at launch as the MCP Relay command does, without remembering it.
    pub relay: bool,
    /// The folders (`None`: the platform's).
    pub folders: Option<Folders>,
    /// Open the attribute table of this layer (made the user's active layer).
    pub table: Option<String>,
    /// Open the style dialog of this layer.
    pub style: Option<String>,
    /// Open the Add PostGIS Layer dialog.
    pub add_postgis: bool,
    /// Load no plugins (`--no-plugins`).
    pub no_plugins: bool,
    /// How long the window may draw nothing before an agent's queued call is refused as busy
    /// (`--busy-after`; `None`: the relay's 10 s).
    pub busy_after: Option<std::time::Duration>,
}

/// The RustGIS window.
pub struct RustGisApp {
    state: AppState,
}

impl std::fmt::Debug for RustGisApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RustGisApp").field("state", &self.state).finish()
    }
}

impl RustGisApp {
    /// The app over a host; `ctx` is the window's, whose repaint is the relay's wake.
    pub fn new(mut host: AppHost, ctx: &egui::Context) -> RustGisApp {
        let wake = ctx.clone();
        host.set_wake(move || wake.request_repaint());
        RustGisApp { state: AppState::new(host) }
    }

    /// Opens what the launch asked for: the attribute table and the style dialog of a layer, and
    /// the Add PostGIS Layer dialog. A layer that does not exist is reported in the status bar.
    pub fn open_panels(&mut self, launch: &Launch) {
        let state = &mut self.state;
        if let Some(layer) = &launch.table {
            match state.host.select_layer(layer) {
                Ok(()) => state.table.open = true,
                Err(e) => state.messages.error(error_text(&e)),
            }
        }
        if let Some(layer) = &launch.style {
            state.open_style(layer);
            if state.style.is_none() {
                state.messages.error(format!("no layer named {layer} to style"));
            }
        }
        if launch.add_postgis {
            state.open_postgis();
        }
    }

    /// Shows what the launch could not open (see [`crate::start_session`]) in the window.
    pub fn show_launch_problems(&mut self, problems: Vec<String>) {
        self.state.show_launch_problems(problems);
    }

    /// The window's state (tests).
    pub fn state(&mut self) -> &mut AppState {
        &mut self.state
    }
}

impl eframe::App for RustGisApp {
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // A clean exit: the crash-recovery copy is no longer needed.
        self.state.recovery.finish();
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let now = SystemTime::now();
        show(ui, &mut self.state, now);
        // Idle, the window draws nothing: the relay wakes it (a queued call, a change in the
        // attached count, an answered call, an approval), and it draws once more when the status
        // bar's label changes by itself (a call named for ten seconds goes, a message's time is
        // up).
        let changes = [self.state.host.relay_status().changes_in(now), self.state.messages.changes_in()];
        if let Some(after) = changes.into_iter().flatten().min() {
            ui.ctx().request_repaint_after(after);
        }
    }
}

/// Opens the window and runs it until it closes; agents stop and their files go with it. A
/// project or data file the launch names that cannot be opened is left out and said in the
/// window: the window opens all the same.
pub fn run(launch: Launch) -> Result<()> {
    let (session, problems) = crate::start::start_session(&launch.start);
    for problem in &problems {
        tracing::warn!("{problem}");
    }
    let folders = launch.folders.clone().unwrap_or_else(Folders::from_env);
    let mut session = session;
    let plugins = (!launch.no_plugins).then(|| folders.data.join("plugins"));
    for failure in rustgis_relay::load_plugins(&mut session, plugins, rustgis_relay::HostKind::App) {
        // On standard error through the log (its filter shows warnings by default).
        tracing::warn!("{failure}");
    }
    let mut options = HostOptions::default();
    if let Some(busy_after) = launch.busy_after {
        options.limits = Some(rustgis_relay::Limits { busy_after, ..rustgis_relay::Limits::default() });
    }
    let mut host = AppHost::new(session, folders, options);
    if launch.relay
        && let Err(e) = host.start_relay()
    {
        tracing::warn!("the relay did not start: {}", error_text(&e));
    }
    let title = match host.session().project_path() {
        Some(path) => format!("{} — RustGIS", display_name(path)),
        None => "RustGIS".to_owned(),
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_title(title).with_inner_size([1200.0, 760.0]),
        ..eframe::NativeOptions::default()
    };
    let mut host = Some(host);
    eframe::run_native(
        "RustGIS",
        options,
        Box::new(move |cc| {
            let host = host.take().expect("eframe calls the app creator once");
            let mut app = RustGisApp::new(host, &cc.egui_ctx);
            app.open_panels(&launch);
            app.show_launch_problems(problems);
            close_on_termination(&cc.egui_ctx, app.state.closing.clone());
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| Error::Window(e.to_string()))
}

/// SIGTERM, SIGINT and SIGHUP close the window (without the "save changes?" prompt), so agents stop
/// and the token, endpoint.json and bridge-ready.json are removed: the same stop signals, caught
/// the same way (rustgis-relay's `StopSignals`), as the headless host.
fn close_on_termination(ctx: &egui::Context, closing: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    let signals = match rustgis_relay::StopSignals::install() {
        Ok(signals) => signals,
        Err(e) => {
            tracing::warn!("cannot close the window on a termination signal: {e:#}");
            return;
        }
    };
    let ctx = ctx.clone();
    let watcher = std::thread::Builder::new().name("rustgis-app-signals".to_owned()).spawn(move || {
        // The thread owns the signals for the life of the process: the window closes once.
        if let Ok(name) = signals.receiver().recv() {
            tracing::info!("{name}: closing the window");
            closing.store(true, std::sync::atomic::Ordering::SeqCst);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            ctx.request_repaint();
        }
    });
    if let Err(e) = watcher {
        tracing::warn!("cannot close the window on a termination signal: {e}");
    }
}

fn display_name(path: &std::path::Path) -> String {
    path.file_stem().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The data files the Add data dialog offers: every format the core reads, from core's one list.
pub fn data_file_extensions() -> Vec<(&'static str, Vec<&'static str>)> {
    rustgis_core::io::FORMATS
        .iter()
        .filter(|info| info.reads)
        .map(|info| (info.label, info.extensions.to_vec()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::data_file_extensions;

    #[test]
    fn the_add_data_dialog_offers_every_format_core_reads() {
        let extensions: Vec<&str> = data_file_extensions().into_iter().flat_map(|(_, extensions)| extensions).collect();
        for extension in rustgis_core::io::readable_extensions() {
            assert!(extensions.contains(&extension), "{extension} missing from {extensions:?}");
        }
        assert!(extensions.contains(&"shp") && extensions.contains(&"gpkg"), "{extensions:?}");
    }
}
