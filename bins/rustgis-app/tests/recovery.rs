//! The app's crash-recovery copy: kept while the window is open, offered at the next start when
//! an earlier run left one behind, opened to the same project, removed on a clean exit.

mod common;

use std::time::{Duration, Instant, SystemTime};

use common::options;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rustgis_app::{AppHost, AppRecovery, AppState, Folders, RECOVERY_HOST};
use rustgis_core::{Caller, Session};
use rustgis_relay::{Recovery, RecoveryConfig};
use serde_json::json;

/// A process id no system hands out (Linux's largest is 4,194,304): that run is gone.
const GONE_PID: u32 = 4_194_305 + 23;

fn harness(state: AppState) -> Harness<'static, AppState> {
    Harness::builder()
        .with_max_steps(64)
        .build_ui_state(|ui, state: &mut AppState| rustgis_app::show(ui, state, SystemTime::now()), state)
}

/// What a person sees of a project: each layer's name and visibility.
fn facts(session: &Session) -> Vec<(String, bool)> {
    session.project().layers.iter().map(|l| (l.name.clone(), l.visible)).collect()
}

#[test]
fn a_copy_left_by_a_killed_run_is_offered_and_opens_to_the_same_project() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folders = Folders::inside(dir.path());
    // The killed run: the sample with boundaries hidden, its copy written, never finished.
    let mut before = Session::with_sample().expect("the sample loads");
    before
        .execute(&Caller::user(), "layer.setVisible", json!({ "layer": "boundaries", "visible": false }))
        .expect("it hides");
    let killed = RecoveryConfig {
        app_data_dir: Some(folders.data.clone()),
        pid: GONE_PID,
        ..RecoveryConfig::new(RECOVERY_HOST)
    };
    let mut copy = Recovery::start(&killed).expect("a copy is kept");
    copy.tick(&before, Instant::now()).expect("it is written");
    let left = copy.file().to_path_buf();
    drop(copy);

    let host = AppHost::new(Session::new(), folders, options());
    let mut harness = harness(AppState::new(host));
    harness.run();
    harness.get_by_label_contains(&left.display().to_string());
    harness.get_by_label("Open the recovery copy").click();
    harness.run();
    assert_eq!(facts(harness.state().host.session()), facts(&before));
    assert!(harness.state().host.session().project_path().is_none(), "saving asks for a place of the user's");
    assert!(!left.exists(), "the opened copy is removed");
}

#[test]
fn the_app_keeps_a_copy_while_it_runs_and_a_clean_exit_removes_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folders = Folders::inside(dir.path());
    let config = RecoveryConfig {
        app_data_dir: Some(folders.data.clone()),
        interval: Duration::from_secs(180),
        ..RecoveryConfig::new(RECOVERY_HOST)
    };
    let host = AppHost::new(Session::with_sample().expect("the sample loads"), folders, options());
    let mut state = AppState::new(host);
    state.recovery = AppRecovery::with_config(&config);
    let mut harness = harness(state);
    harness.run();
    let file = harness.state().recovery.file().expect("a copy is kept").to_path_buf();
    harness.state().recovery.flush();
    assert!(file.exists(), "written while the window is open");
    assert!(harness.state().recovery.offered().is_none(), "nothing to offer: no earlier run left one");
    harness.state_mut().recovery.finish();
    assert!(!file.exists(), "a clean exit removes it");
}
