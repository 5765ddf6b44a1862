//! Jobs: commands started with `Session::start_job` run on a snapshot while other calls answer,
//! report progress, stop on `job.cancel` keeping a partial result, and commit as one undo step
//! named for their actor, or fail clearly when the project changed under them.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustgis_core::{Actor, Caller, CallerOptions, Error, JobState, RunId, Session};
use serde_json::{Value as Json, json};

fn agent(n: u32) -> Caller {
    Caller::attached(
        Actor::Agent { run: RunId(7), n },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    )
}

/// The sample with a layer big enough that buffering it takes many seconds: 230,400 grid cells.
fn session_with_big_layer() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    let made = session
        .execute(&Caller::user(), "vector.grid", json!({"extent": [-60, -60, 60, 60], "cell": 0.25, "name": "big"}))
        .expect("the grid is made");
    assert_eq!(made.result["features"], 230_400);
    session
}

fn run(session: &mut Session, caller: &Caller, id: &str, params: Json) -> Json {
    session.execute(caller, id, params).unwrap_or_else(|e| panic!("{id} failed: {e}")).result
}

fn status(session: &mut Session, caller: &Caller, job: u64) -> Json {
    run(session, caller, "job.status", json!({ "id": job }))
}

/// Polls `job.status` until `done` holds, for at most a minute (never a fixed sleep).
fn wait_for(session: &mut Session, caller: &Caller, job: u64, done: impl Fn(&Json) -> bool) -> Json {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let now = status(session, caller, job);
        if done(&now) {
            return now;
        }
        assert!(Instant::now() < until, "job {job} never got there: {now:#}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn finished(status: &Json) -> bool {
    matches!(status["state"].as_str(), Some("completed" | "failed" | "cancelled"))
}

/// Whether the job has reported some progress.
fn under_way(status: &Json) -> bool {
    status["progress"].as_f64().is_some_and(|p| p > 0.0)
}

/// Cancels `job` and waits until it has ended; gives its last status.
fn cancel_and_wait(session: &mut Session, caller: &Caller, job: u64) -> Json {
    run(session, caller, "job.cancel", json!({ "id": job }));
    wait_for(session, caller, job, finished)
}

/// [`session_with_big_layer`] with the user's [`start_big_buffer`] job started in it.
fn big_buffer_by_the_user() -> (Session, Caller, u64) {
    let mut session = session_with_big_layer();
    let user = Caller::user();
    let job = start_big_buffer(&mut session, &user);
    (session, user, job)
}

fn start_big_buffer(session: &mut Session, caller: &Caller) -> u64 {
    session
        .start_job(caller, "vector.buffer", json!({"layer": "big", "distance": 5, "unit": "km", "segments": 16}))
        .expect("the job starts")
}

#[test]
fn a_long_buffer_reports_progress_and_cancelling_it_keeps_the_partial_layer() {
    let (mut session, user, job) = big_buffer_by_the_user();
    assert_eq!(status(&mut session, &user, job)["state"], "running");
    let first = wait_for(&mut session, &user, job, under_way);
    let later = wait_for(&mut session, &user, job, |s| {
        s["progress"].as_f64().is_some_and(|p| p > first["progress"].as_f64().unwrap_or(0.0))
    });
    assert!(later["message"].as_str().is_some_and(|m| m.contains("buffering big")), "{later:#}");

    let asked = run(&mut session, &user, "job.cancel", json!({ "id": job }));
    assert!(matches!(asked["state"].as_str(), Some("cancelling" | "cancelled")), "{asked:#}");
    let ended = wait_for(&mut session, &user, job, finished);

    assert_eq!(ended["state"], "cancelled", "{ended:#}");
    let partial = &ended["partial"];
    let layer = partial["layer"].as_str().expect("the partial result names its layer");
    assert_eq!(layer, "big buffer 5 km (partial)");
    let kept = partial["features"].as_u64().expect("the partial result counts its features");
    assert!(kept > 0 && kept < 230_400, "{kept} features kept");
    assert_eq!(
        session.project().require(layer).expect("the partial layer is in the project").features.len() as u64,
        kept
    );
    assert!(ended["result"].is_null());
}

#[test]
fn other_commands_answer_while_a_job_runs() {
    let (mut session, user, job) = big_buffer_by_the_user();
    let started = Instant::now();
    let layers = run(&mut session, &agent(1), "layer.list", json!({}));
    run(&mut session, &agent(1), "feature.select", json!({"layer": "countries", "where": "continent = 'Africa'"}));
    assert!(started.elapsed() < Duration::from_secs(5), "the calls waited for the job");
    assert!(layers.to_string().contains("big"));
    assert_eq!(status(&mut session, &user, job)["state"], "running");
    cancel_and_wait(&mut session, &user, job);
}

#[test]
fn a_job_completes_while_the_agent_works_and_is_one_undo_step_named_for_it() {
    let mut session = Session::with_sample().expect("the sample loads");
    let agent = agent(1);
    let job = session
        .start_job(&agent, "vector.buffer", json!({"layer": "cities", "distance": 50, "unit": "km"}))
        .expect("the job starts");
    // The agent goes on working; its own edit is a step of its own.
    run(&mut session, &agent, "layer.rename", json!({"layer": "coastline", "name": "coast"}));
    let done = wait_for(&mut session, &agent, job, finished);

    assert_eq!(done["state"], "completed", "{done:#}");
    assert_eq!(done["progress"], 1.0);
    assert_eq!(done["result"]["layer"], "cities buffer 50 km");
    assert_eq!(done["layersAdded"], json!(["cities buffer 50 km"]));
    let history = session.history();
    let last = history.last().expect("the job made a step");
    assert_eq!((last.actor.as_str(), last.label.as_str()), ("agent 1", "job 1: vector.buffer"));
    assert_eq!(done["undo_step"], "job 1: vector.buffer");
    assert_eq!(history.len(), 2, "the rename and the job: {history:?}");

    let undone = run(&mut session, &agent, "edit.undo", json!({}));
    assert_eq!(undone["undone"], "job 1: vector.buffer");
    assert!(session.project().layer("cities buffer 50 km").is_none());
    assert!(session.project().layer("coast").is_some(), "the agent's own step stays");
}

#[test]
fn a_job_whose_input_layer_was_removed_meanwhile_fails_naming_the_layer() {
    let (mut session, user, job) = big_buffer_by_the_user();
    wait_for(&mut session, &user, job, under_way);
    run(&mut session, &user, "layer.remove", json!({"layer": "big"}));
    // Cancel to keep the test short: the partial result conflicts as the whole one would.
    let ended = cancel_and_wait(&mut session, &user, job);

    assert_eq!(ended["state"], "failed", "{ended:#}");
    assert_eq!(ended["error_code"], "job_conflict");
    let error = ended["error"].as_str().unwrap_or_default();
    assert!(error.contains("job 1 (vector.buffer) was not kept"), "{error}");
    assert!(error.contains("input layer 'big' was removed since the job started"), "{error}");
    assert!(session.project().layer_names().iter().all(|n| !n.starts_with("big")));
    assert_eq!(session.history().last().map(|s| s.label.clone()), Some("layer.remove".to_owned()));
}

#[test]
fn a_job_whose_input_features_changed_meanwhile_fails() {
    let (mut session, user, job) = big_buffer_by_the_user();
    wait_for(&mut session, &user, job, under_way);
    run(&mut session, &user, "feature.delete", json!({"layer": "big", "where": "row = 0"}));
    let ended = cancel_and_wait(&mut session, &user, job);
    assert_eq!(ended["state"], "failed", "{ended:#}");
    assert!(ended["error"].as_str().unwrap_or_default().contains("input layer 'big' was changed"), "{ended:#}");
}

#[test]
fn renaming_or_styling_a_jobs_input_layer_meanwhile_is_no_conflict() {
    let (mut session, user, job) = big_buffer_by_the_user();
    wait_for(&mut session, &user, job, under_way);
    run(&mut session, &user, "layer.rename", json!({"layer": "big", "name": "huge"}));
    run(&mut session, &user, "style.single", json!({"layer": "huge", "fill": "#336699"}));
    let ended = cancel_and_wait(&mut session, &user, job);
    assert_eq!(ended["state"], "cancelled", "{ended:#}");
    assert!(session.project().layer("big buffer 5 km (partial)").is_some());
    assert!(session.project().layer("huge").is_some());
}

#[test]
fn a_job_that_ends_before_it_sees_the_cancel_counts_as_completed() {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = Caller::user();
    let (ring_tx, ring) = mpsc::channel();
    session.set_job_waker(std::sync::Arc::new(move || {
        let _ = ring_tx.send(());
    }));
    let job = session.start_job(&user, "vector.centroids", json!({"layer": "countries"})).expect("the job starts");
    ring.recv_timeout(Duration::from_secs(60)).expect("the job ends");
    let asked = session.cancel_job(&user, job).expect("the user may cancel");
    assert_eq!(asked.state, JobState::Cancelling);
    let ended = session.poll_jobs();
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].state, JobState::Completed);
    assert!(ended[0].notices.iter().any(|n| n.contains("finished before it saw the cancel")), "{:?}", ended[0].notices);
    assert!(session.project().layer("countries centroids").is_some());
}

#[test]
fn an_agent_cannot_cancel_another_actors_job_and_the_user_can() {
    let mut session = session_with_big_layer();
    let job = start_big_buffer(&mut session, &agent(1));
    let refused = session.execute(&agent(2), "job.cancel", json!({ "id": job })).expect_err("not agent 2's job");
    assert_eq!(refused.code(), "refused");
    assert!(refused.to_string().contains("job 1 (vector.buffer) is agent 1's; agent 2 can cancel only its own jobs"));
    let cancelled = run(&mut session, &Caller::user(), "job.cancel", json!({ "id": job }));
    assert!(matches!(cancelled["state"].as_str(), Some("cancelling" | "cancelled")));
    wait_for(&mut session, &Caller::user(), job, finished);
}

#[test]
fn jobs_past_the_running_limit_wait_as_pending_and_cancel_at_once() {
    let mut session = session_with_big_layer();
    let user = Caller::user();
    let jobs: Vec<u64> = (0..3).map(|_| start_big_buffer(&mut session, &user)).collect();
    let listed = run(&mut session, &user, "job.list", json!({"state": "pending"}));
    assert_eq!((listed["running"].as_u64(), listed["pending"].as_u64()), (Some(2), Some(1)));
    assert_eq!(listed["jobs"][0]["id"], jobs[2]);
    let cancelled = run(&mut session, &user, "job.cancel", json!({ "id": jobs[2] }));
    assert_eq!(cancelled["state"], "cancelled");
    for job in &jobs[..2] {
        run(&mut session, &user, "job.cancel", json!({ "id": job }));
        wait_for(&mut session, &user, *job, finished);
    }
}

#[test]
fn commands_that_replace_the_project_cannot_run_as_jobs() {
    let mut session = Session::with_sample().expect("the sample loads");
    let refused = session.start_job(&Caller::user(), "project.new", json!({})).expect_err("not as a job");
    assert!(
        refused.to_string().contains("project.new cannot run as a job: it replaces the whole project"),
        "{refused}"
    );
    let refused = session.start_job(&Caller::user(), "edit.undo", json!({})).expect_err("not as a job");
    assert!(matches!(refused, Error::InvalidParams { .. }));
}

#[test]
fn a_job_is_refused_at_once_when_its_caller_may_not_run_the_command() {
    let mut session = Session::with_sample().expect("the sample loads");
    let refused = session
        .start_job(&agent(1), "layer.export", json!({"layer": "cities", "path": "cities.geojson"}))
        .expect_err("an agent without file access");
    assert_eq!(refused.code(), "refused");
    assert!(session.jobs().is_empty());
}

#[test]
fn the_status_of_an_unknown_job_names_the_jobs_there_are() {
    let mut session = Session::with_sample().expect("the sample loads");
    let job = session.start_job(&Caller::user(), "layer.list", json!({})).expect("the job starts");
    let error = session.execute(&Caller::user(), "job.status", json!({"id": 99})).expect_err("no job 99");
    assert!(error.to_string().contains(&format!("there is no job 99; the jobs are {job}")), "{error}");
}

#[test]
fn a_script_runs_as_a_job_and_is_one_undo_step() {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = Caller::user();
    let script = "vector.centroids {\"layer\": \"countries\"}\nstyle.single {\"layer\": \"countries centroids\", \"color\": \"#ff0000\"}";
    let job = session.start_script_job(&user, script).expect("the job starts");
    let done = wait_for(&mut session, &user, job, finished);
    assert_eq!(done["state"], "completed", "{done:#}");
    assert_eq!(done["command"], "script (2 lines)");
    assert_eq!(session.history().last().map(|s| s.label.clone()), Some("job 1: script (2 lines)".to_owned()));
}

#[test]
fn every_job_example_runs_once_a_job_exists() {
    let mut session = Session::with_sample().expect("the sample loads");
    session.start_job(&Caller::user(), "vector.centroids", json!({"layer": "countries"})).expect("the job starts");
    for def in session.registry().all().iter().filter(|d| d.group() == "job") {
        for example in def.examples {
            let outcome = session.run_script(&Caller::user(), example);
            assert!(outcome.success, "{example}: {:?}", outcome.error);
        }
    }
}

/// Progress that records what it is told, and says "cancelled" once told to.
#[derive(Default)]
struct Recorder {
    reports: std::sync::Mutex<Vec<(f64, String)>>,
    cancelled: std::sync::atomic::AtomicBool,
}

impl rustgis_core::Progress for Recorder {
    fn report(&self, fraction: f64, message: &str) {
        self.reports.lock().expect("no test thread panicked").push((fraction, message.to_owned()));
    }

    fn is_cancelled(&self) -> bool {
        self.cancelled.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[test]
fn job_wait_blocks_until_the_job_ends_and_answers_with_its_committed_status() {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = Caller::user();
    let job = session
        .start_job(&user, "vector.buffer", json!({"layer": "countries", "distance": 100, "unit": "km"}))
        .expect("the job starts");
    let recorder = Recorder::default();
    let waited =
        session.execute_with(&user, "job.wait", json!({ "id": job }), &recorder).expect("job.wait answers").result;
    assert_eq!(waited["state"], "completed", "{waited:#}");
    assert_eq!(waited["undo_step"], format!("job {job}: vector.buffer"));
    assert!(session.project().layer("countries buffer 100 km").is_some(), "the result is committed");
    let reports = recorder.reports.lock().expect("no test thread panicked").clone();
    assert!(reports.windows(2).all(|w| w[0] != w[1]), "only changes are reported: {reports:?}");
}

#[test]
fn job_wait_past_its_timeout_answers_with_the_running_job_and_a_notice() {
    let (mut session, user, job) = big_buffer_by_the_user();
    let started = Instant::now();
    let waited = session.execute(&user, "job.wait", json!({ "id": job, "timeout_s": 0.3 })).expect("job.wait answers");
    assert!(started.elapsed() < Duration::from_secs(5), "the wait kept to its timeout");
    assert_eq!(waited.result["state"], "running", "{:#}", waited.result);
    assert!(waited.notices.iter().any(|n| n.contains("still running")), "{:?}", waited.notices);
    cancel_and_wait(&mut session, &user, job);
}

#[test]
fn a_cancelled_job_wait_stops_waiting_and_the_job_goes_on() {
    let (mut session, user, job) = big_buffer_by_the_user();
    let recorder = Recorder::default();
    recorder.cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
    let err = session.execute_with(&user, "job.wait", json!({ "id": job }), &recorder).expect_err("cancelled");
    assert_eq!(err.code(), "cancelled");
    assert!(err.to_string().contains("job.cancel stops it"), "{err}");
    assert_eq!(status(&mut session, &user, job)["state"], "running");
    cancel_and_wait(&mut session, &user, job);
}

#[test]
fn job_wait_refuses_a_timeout_out_of_range_naming_the_range() {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = Caller::user();
    let job = session.start_job(&user, "vector.centroids", json!({"layer": "countries"})).expect("the job starts");
    let err = session.execute(&user, "job.wait", json!({ "id": job, "timeout_s": 3600 })).expect_err("refused");
    assert!(err.to_string().contains("0 to 600 seconds"), "{err}");
    let err = session.execute(&user, "job.wait", json!({ "id": 99 })).expect_err("refused");
    assert!(err.to_string().contains("there is no job 99"), "{err}");
}
