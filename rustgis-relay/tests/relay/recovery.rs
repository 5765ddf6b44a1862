//! The crash-recovery copy every host keeps: written after edits and every interval, left behind
//! by a host that did not exit cleanly, offered at the next start, opening to the same project,
//! and removed on a clean exit.

use std::path::Path;
use std::time::{Duration, Instant};

use rustgis_core::{Caller, Session};
use rustgis_relay::{Recovery, RecoveryConfig};
use serde_json::json;

/// A process id no system hands out (Linux's largest is 4,194,304): that host is gone.
const GONE_PID: u32 = 4_194_305 + 17;

fn config(dir: &Path, pid: u32) -> RecoveryConfig {
    RecoveryConfig {
        app_data_dir: Some(dir.join("app-data")),
        interval: Duration::from_secs(180),
        pid,
        ..RecoveryConfig::new("test-host")
    }
}

/// The sample with an edit the user has not saved: boundaries hidden and a buffer of the cities.
fn edited_session() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = Caller::user();
    session.execute(&user, "layer.setVisible", json!({ "layer": "boundaries", "visible": false })).expect("it hides");
    session
        .execute(
            &user,
            "vector.buffer",
            json!({ "layer": "cities", "distance": 50, "unit": "km", "name": "near cities" }),
        )
        .expect("it buffers");
    session
}

/// What a person sees of a project: each layer's name, visibility and number of features.
fn facts(session: &Session) -> Vec<(String, bool, usize)> {
    session.project().layers.iter().map(|l| (l.name.clone(), l.visible, l.features.len())).collect()
}

#[test]
fn a_host_dropped_without_a_clean_exit_leaves_a_copy_the_next_start_offers_and_that_opens_to_the_same_project() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let session = edited_session();
    let mut recovery = Recovery::start(&config(dir.path(), GONE_PID)).expect("the copy can be kept");
    assert!(recovery.tick(&session, Instant::now()).expect("it writes"), "the first tick writes the copy");
    drop(recovery);

    let next_start = config(dir.path(), std::process::id());
    let left = Recovery::left_behind(&next_start);
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].path.exists());
    let mut reopened = Session::new();
    reopened.execute(&Caller::user(), "project.open", json!({ "path": left[0].path })).expect("the copy opens");
    assert_eq!(facts(&reopened), facts(&session));
}

#[test]
fn a_clean_exit_removes_the_copy() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut recovery = Recovery::start(&config(dir.path(), GONE_PID)).expect("the copy can be kept");
    recovery.tick(&edited_session(), Instant::now()).expect("it writes");
    recovery.flush();
    let file = recovery.file().to_path_buf();
    assert!(file.exists());
    recovery.finish();
    assert!(!file.exists(), "a clean exit removes the copy");
    assert!(Recovery::left_behind(&config(dir.path(), std::process::id())).is_empty(), "nothing is offered");
}

#[test]
fn the_copy_is_written_after_edits_and_every_interval() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let session = Session::with_sample().expect("the sample loads");
    let mut recovery = Recovery::start(&config(dir.path(), std::process::id())).expect("the copy can be kept");
    let start = Instant::now();
    assert!(recovery.tick(&session, start).expect("it writes"), "written at start");
    assert!(!recovery.tick(&session, start + Duration::from_secs(1)).expect("no write"), "nothing changed");
    recovery.mark_changed();
    assert!(recovery.tick(&session, start + Duration::from_secs(2)).expect("it writes"), "written after an edit");
    assert!(!recovery.tick(&session, start + Duration::from_secs(3)).expect("no write"));
    assert!(recovery.tick(&session, start + Duration::from_secs(182)).expect("it writes"), "written every interval");
    recovery.finish();
}

#[test]
fn the_copy_of_a_host_that_still_runs_is_not_offered() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // This test's own process is the host that still runs.
    let mut running = Recovery::start(&config(dir.path(), std::process::id())).expect("the copy can be kept");
    running.tick(&Session::with_sample().expect("the sample loads"), Instant::now()).expect("it writes");
    let another_start = config(dir.path(), GONE_PID);
    assert!(Recovery::left_behind(&another_start).is_empty(), "a running host's copy is its own");
    running.finish();
}

#[test]
fn a_temporary_left_by_a_host_killed_while_writing_its_copy_is_removed_at_the_next_start() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = dir.path().join("app-data").join(rustgis_relay::RECOVERY_FOLDER);
    std::fs::create_dir_all(&folder).expect("the recovery folder");
    let temporary = folder.join(format!(".test-host-{GONE_PID}.rgis.{GONE_PID}.0.tmp"));
    std::fs::File::create(&temporary).expect("a half-written copy");
    let recovery = Recovery::start(&config(dir.path(), std::process::id())).expect("the copy can be kept");
    assert!(!temporary.exists(), "the dead writer's temporary is removed");
    recovery.finish();
}

#[test]
fn the_copy_holds_the_project_as_it_was_when_the_tick_asked_for_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::with_sample().expect("the sample loads");
    let before = facts(&session);
    let mut recovery = Recovery::start(&config(dir.path(), GONE_PID)).expect("the copy can be kept");
    assert!(recovery.tick(&session, Instant::now()).expect("asked"));
    // An edit after the tick, while the copy may still be being written on its thread.
    session
        .execute(&Caller::user(), "layer.setVisible", json!({ "layer": "boundaries", "visible": false }))
        .expect("hidden");
    recovery.flush();
    let mut reopened = Session::new();
    reopened.execute(&Caller::user(), "project.open", json!({ "path": recovery.file() })).expect("the copy opens");
    assert_eq!(facts(&reopened), before, "the snapshot taken at the tick");
    recovery.finish();
}

#[test]
fn a_copy_that_cannot_be_written_is_reported_by_the_next_tick() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let session = Session::with_sample().expect("the sample loads");
    let mut recovery = Recovery::start(&config(dir.path(), GONE_PID)).expect("the copy can be kept");
    // A folder where the copy's file should be: the rename into place fails.
    std::fs::create_dir_all(recovery.file()).expect("a folder in the way");
    assert!(recovery.tick(&session, Instant::now()).expect("asked"), "the write is handed to its thread");
    recovery.flush();
    recovery.mark_changed();
    let failed = recovery.tick(&session, Instant::now()).expect_err("the failed write is reported");
    assert!(failed.to_string().contains(&recovery.file().display().to_string()), "{failed}");
    std::fs::remove_dir_all(recovery.file()).expect("the folder removed");
    recovery.finish();
}
