//! The app's crash-recovery copy of the project (the relay's [`Recovery`], the same mechanism as
//! the headless host's): kept in the data folder while the window is open, written after every
//! change and every few minutes, removed when the window closes cleanly. A copy an earlier run
//! left behind (it crashed or was killed) is offered in a prompt at the next start.

use std::path::Path;
use std::time::Instant;

use rustgis_relay::{LeftCopy, Recovery, RecoveryConfig};

use crate::host::AppHost;
use crate::ui::AppState;

/// The app's name in the copies' file names (`recovery/rustgis-app-PID.rgis`).
pub const RECOVERY_HOST: &str = "rustgis-app";

/// The app's copy and the one offered from an earlier run.
#[derive(Debug)]
pub struct AppRecovery {
    keeping: Option<Recovery>,
    offered: Option<LeftCopy>,
    revision: u64,
}

impl AppRecovery {
    /// Keeps the copy in `data_dir`'s `recovery/` and finds the newest copy an earlier run of the
    /// app left behind.
    pub fn start(data_dir: &Path) -> AppRecovery {
        AppRecovery::with_config(&RecoveryConfig {
            app_data_dir: Some(data_dir.to_path_buf()),
            ..RecoveryConfig::new(RECOVERY_HOST)
        })
    }

    /// As [`AppRecovery::start`], with the interval and process id a test chooses.
    pub fn with_config(config: &RecoveryConfig) -> AppRecovery {
        let offered = Recovery::left_behind(config).into_iter().next();
        let keeping =
            Recovery::start(config).map_err(|e| tracing::warn!("no crash-recovery copy will be kept: {e:#}")).ok();
        AppRecovery { keeping, offered, revision: 0 }
    }

    /// The copy this run keeps.
    pub fn file(&self) -> Option<&Path> {
        self.keeping.as_ref().map(Recovery::file)
    }

    /// Waits until the copies asked for are written (they are written on a thread of their own).
    pub fn flush(&self) {
        if let Some(recovery) = &self.keeping {
            recovery.flush();
        }
    }

    /// The copy an earlier run left behind, until it is opened or discarded.
    pub fn offered(&self) -> Option<&LeftCopy> {
        self.offered.as_ref()
    }

    /// Once per frame: writes the copy when the project changed, or the interval passed.
    pub fn frame(&mut self, host: &AppHost) {
        let Some(recovery) = &mut self.keeping else { return };
        if host.revision() != self.revision {
            recovery.mark_changed();
            self.revision = host.revision();
        }
        if let Err(e) = recovery.tick(host.session(), Instant::now()) {
            tracing::warn!("{e:#}");
        }
    }

    /// Opens the offered copy as the project (saving then asks for a place of the user's own)
    /// and removes it.
    pub fn open_offered(&mut self, host: &mut AppHost) -> Result<(), String> {
        let Some(copy) = self.offered.take() else { return Ok(()) };
        host.open_recovered(&copy.path).map_err(|e| crate::host::error_text(&e))?;
        copy.discard().map_err(|e| format!("{e:#}"))
    }

    /// Removes the offered copy without opening it.
    pub fn discard_offered(&mut self) -> Result<(), String> {
        match self.offered.take() {
            Some(copy) => copy.discard().map_err(|e| format!("{e:#}")),
            None => Ok(()),
        }
    }

    /// The window closed cleanly: this run's copy is removed.
    pub fn finish(&mut self) {
        if let Some(recovery) = self.keeping.take() {
            recovery.finish();
        }
    }
}

/// Keeps the copy and, while one is offered, shows the prompt: open it, discard it, or decide
/// at the next start.
pub fn recovery_frame(ui: &mut egui::Ui, state: &mut AppState) {
    state.recovery.frame(&state.host);
    let Some(copy) = state.recovery.offered() else { return };
    let path = copy.path.display().to_string();
    let mut choice = None;
    egui::Window::new("Recover your project?").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label("RustGIS did not close cleanly last time. A recovery copy of the project you had open is at:");
        ui.monospace(&path);
        ui.horizontal(|ui| {
            if ui.button("Open the recovery copy").clicked() {
                choice = Some(Choice::Open);
            }
            if ui.button("Discard it").clicked() {
                choice = Some(Choice::Discard);
            }
            if ui.button("Not now").clicked() {
                choice = Some(Choice::Later);
            }
        });
    });
    let outcome = match choice {
        Some(Choice::Open) => {
            state.recovery.open_offered(&mut state.host).map(|()| "opened the recovery copy".to_owned())
        }
        Some(Choice::Discard) => state.recovery.discard_offered().map(|()| "discarded the recovery copy".to_owned()),
        Some(Choice::Later) => {
            // Kept: offered again at the next start.
            state.recovery.offered = None;
            return;
        }
        None => return,
    };
    match outcome {
        Ok(text) => state.messages.notice(text),
        Err(e) => state.messages.error(e),
    }
}

/// What the user chose in the prompt.
enum Choice {
    Open,
    Discard,
    Later,
}
