//! End to end under a real X server (Xvfb): an agent attached to `rustgis-app --sample` starts a
//! long buffer with `"async": true`, its other calls answer meanwhile, the window's status bar
//! shows the job with its progress bar (a picture of the window is taken), and the agent cancels
//! it: the partial layer is kept. `scripts/test.sh` installs Xvfb (and ImageMagick's `import`)
//! when missing; without Xvfb the test says so and skips. `UPDATE_DOCS_SCREENSHOTS=1` also writes
//! the picture to docs/images/app-jobs.png for docs/user-guide/jobs.md.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

mod common;
mod xvfb;

use std::time::{Duration, Instant};

use common::{Agent, structured, succeeded};
use serde_json::{Value as Json, json};
use xvfb::{RunningApp, Xvfb, call, window_picture};

/// The job's state as the agent reads it with `job.status`.
fn status(agent: &mut Agent, job: u64) -> Json {
    let reply = call(agent, "run_command", json!({ "command": "job.status", "params": { "id": job } }));
    assert!(succeeded(&reply), "{reply}");
    structured(&reply)["result"].clone()
}

/// Polls `job.status` until `done` holds (for at most a minute).
fn wait_for(agent: &mut Agent, job: u64, done: impl Fn(&Json) -> bool) -> Json {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let now = status(agent, job);
        if done(&now) {
            return now;
        }
        assert!(Instant::now() < deadline, "job {job} never got there: {now:#}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_app_under_xvfb_shows_an_agents_job_in_the_status_bar_until_the_agent_cancels_it() {
    let Some(x) = Xvfb::start() else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let app = RunningApp::start(&x, dir.path(), &["--sample"]);
    let mut agent = Agent::attach(app.port, &app.token);
    let grid = call(
        &mut agent,
        "run_command",
        json!({ "command": "vector.grid", "params": { "extent": [-30, -30, 30, 30], "cell": 0.5, "name": "grid" } }),
    );
    assert!(succeeded(&grid), "{grid}");
    let started = call(
        &mut agent,
        "run_command",
        json!({
            "command": "vector.buffer",
            "params": { "layer": "grid", "distance": 20, "unit": "km", "segments": 64 },
            "async": true,
        }),
    );
    assert!(succeeded(&started), "{started}");
    let job = structured(&started)["job"].as_u64().expect("the answer holds the job's id");

    // The agent's other calls answer while its job runs.
    let listed = call(&mut agent, "run_command", json!({ "command": "layer.list" }));
    assert!(succeeded(&listed), "{listed}");
    let moving = wait_for(&mut agent, job, |s| s["progress"].as_f64().is_some_and(|p| p > 0.0));
    assert_eq!((moving["state"].as_str(), moving["actor"].as_str()), (Some("running"), Some("agent 1")));

    // Let the status bar draw the job's progress, then take a picture of the whole window.
    std::thread::sleep(Duration::from_millis(500));
    window_picture(&x, dir.path(), "app-jobs.png");

    let cancelled = call(&mut agent, "run_command", json!({ "command": "job.cancel", "params": { "id": job } }));
    assert!(succeeded(&cancelled), "{cancelled}");
    let ended =
        wait_for(&mut agent, job, |s| matches!(s["state"].as_str(), Some("cancelled" | "completed" | "failed")));
    assert_eq!(ended["state"], "cancelled", "{ended:#}");
    assert_eq!(ended["partial"]["layer"], "grid buffer 20 km (partial)");
    let undone = call(&mut agent, "run_command", json!({ "command": "edit.undo" }));
    assert!(succeeded(&undone), "{undone}");
    assert_eq!(structured(&undone)["result"]["undone"], format!("job {job}: vector.buffer"));

    drop(agent);
    app.terminate();
}
