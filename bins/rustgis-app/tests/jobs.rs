//! The status bar shows the jobs that run (each with a progress bar and a cancel button) and
//! says when one ends, under egui_kittest (no GPU).

mod common;

use std::time::SystemTime;

use common::{host_in, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rustgis_app::AppState;
use serde_json::json;

fn harness(state: AppState) -> Harness<'static, AppState> {
    let now = SystemTime::now();
    Harness::builder().build_ui_state(move |ui, state: &mut AppState| rustgis_app::show(ui, state, now), state)
}

/// A window over the sample and a 14,400-cell grid whose buffer runs as the user's job 1.
fn window_with_a_long_job(dir: &std::path::Path) -> Harness<'static, AppState> {
    let mut host = host_in(dir);
    host.execute("vector.grid", json!({"extent": [-60, -60, 60, 60], "cell": 1, "name": "big"})).expect("grid");
    let job = host
        .start_job("vector.buffer", json!({"layer": "big", "distance": 5, "unit": "km", "segments": 16}))
        .expect("the job starts");
    assert_eq!(job, 1);
    harness(AppState::new(host))
}

#[test]
fn the_status_bar_shows_a_running_job_with_its_progress_and_a_cancel_button() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut harness = window_with_a_long_job(dir.path());
    harness.step();
    harness.get_by_label("job 1 vector.buffer");
    harness.get_by_label("Progress of job 1");
    harness.get_by_label("Cancel job 1");
    harness.get_by_label("Cancel job 1").click();
    harness.step();
    wait_until("the job is cancelled", || {
        harness.step();
        harness.state().host.unfinished_jobs().is_empty()
    });
    harness.step();
    assert!(harness.query_by_label("Cancel job 1").is_none(), "an ended job leaves the status bar");
    let message =
        harness.state().messages.last().map(|m| (m.text.clone(), m.error)).expect("the status bar says the job ended");
    assert_eq!(message, ("job 1 (vector.buffer) was cancelled; its partial result is kept".to_owned(), false));
    assert!(harness.state().host.session().project().layer("big buffer 5 km (partial)").is_some());
}

#[test]
fn a_job_that_ends_is_said_in_the_status_bar_and_its_layer_is_in_the_project() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    host.start_job("vector.centroids", json!({"layer": "countries"})).expect("the job starts");
    let mut harness = harness(AppState::new(host));
    wait_until("the job ends", || {
        harness.step();
        harness.state().host.unfinished_jobs().is_empty()
    });
    harness.step();
    let message =
        harness.state().messages.last().map(|m| (m.text.clone(), m.error)).expect("the status bar says the job ended");
    assert_eq!(message, ("job 1 (vector.centroids) completed".to_owned(), false));
    assert!(harness.state().host.session().project().layer("countries centroids").is_some());
    assert_eq!(
        harness.state().host.session().history().last().map(|s| s.label.clone()),
        Some("job 1: vector.centroids".to_owned())
    );
}

#[test]
fn a_job_committed_by_a_command_run_meanwhile_is_still_said_in_the_status_bar() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host_in(dir.path());
    let ended = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let rang = ended.clone();
    host.set_wake(move || rang.store(true, std::sync::atomic::Ordering::SeqCst));
    host.start_job("vector.centroids", json!({"layer": "countries"})).expect("the job starts");
    wait_until("the job's thread ends", || ended.load(std::sync::atomic::Ordering::SeqCst));
    // A command run before the next frame commits the ended job first.
    host.execute("layer.list", json!({})).expect("layer.list runs");
    assert!(host.session().project().layer("countries centroids").is_some(), "committed by the command");
    let mut harness = harness(AppState::new(host));
    harness.step();
    let message =
        harness.state().messages.last().map(|m| (m.text.clone(), m.error)).expect("the status bar says the job ended");
    assert_eq!(message, ("job 1 (vector.centroids) completed".to_owned(), false));
}
