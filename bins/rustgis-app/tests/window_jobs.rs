//! End to end under a real X server (Xvfb): an agent attached to `rustgis-app --sample` starts a
//! long buffer with `"async": true`, its other calls answer meanwhile, the window's status bar
//! shows the job with its progress bar (a picture of the window is taken), and the agent cancels
//! it: the partial layer is kept. `scripts/test.sh` installs Xvfb (and ImageMagick's `import`)
//! when missing; without Xvfb the test says so and skips. `UPDATE_DOCS_SCREENSHOTS=1` also writes
//! the picture to docs/images/app-jobs.png for docs/user-guide/jobs.md.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Agent, structured, succeeded, wait_until};
use serde_json::{Value as Json, json};

/// An X server on a display of its own, ended when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Option<Xvfb> {
        let mut child = match Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => {
                eprintln!("SKIPPED: Xvfb is not installed ({e}); scripts/test.sh installs it with apt-get");
                return None;
            }
        };
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("Xvfb names its display");
        Some(Xvfb { child, display: format!(":{}", line.trim()) })
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        if let Err(e) = self.child.kill() {
            eprintln!("cannot end Xvfb: {e}");
        }
        if let Err(e) = self.child.wait() {
            eprintln!("cannot reap Xvfb: {e}");
        }
    }
}

fn app_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_rustgis-app"))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

fn docs_images() -> Option<PathBuf> {
    std::env::var_os("UPDATE_DOCS_SCREENSHOTS").map(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/images"))
}

/// Copies a picture into docs/images with at most 128 colours (ImageMagick's `convert`), so the
/// committed PNGs stay small; a plain copy without ImageMagick.
fn to_docs(picture: &Path, images: &Path, name: &str) {
    std::fs::create_dir_all(images).expect("docs/images");
    let target = images.join(name);
    let reduced = Command::new("convert")
        .arg(picture)
        .args(["-colors", "128"])
        .arg(format!("PNG8:{}", target.display()))
        .status()
        .is_ok_and(|status| status.success());
    if !reduced {
        std::fs::copy(picture, &target).expect("copied");
    }
}

/// A picture of the whole screen, by ImageMagick's `import`.
fn screenshot(display: &str, path: &Path) -> bool {
    match Command::new("import").args(["-window", "root"]).arg(path).env("DISPLAY", display).status() {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("no window picture: ImageMagick's import is missing ({e})");
            false
        }
    }
}

/// `rustgis-app` on an X server with agents on, in folders of its own.
struct RunningApp {
    child: Child,
    port: u16,
    token: PathBuf,
    endpoint: PathBuf,
    ready: PathBuf,
}

impl RunningApp {
    /// Starts the app with `args` and agents on (remembered in its settings), and waits until
    /// its relay runs.
    fn start(x: &Xvfb, dir: &Path, args: &[&str]) -> RunningApp {
        let (config, runtime) = (dir.join("config"), dir.join("run"));
        std::fs::create_dir_all(config.join("rustgis")).expect("the settings folder");
        std::fs::create_dir_all(&runtime).expect("the runtime folder");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        }
        std::fs::write(config.join("rustgis/settings.json"), r#"{"agents_on": true}"#).expect("settings");
        let port = free_port();
        let child = Command::new(app_binary())
            .args(args)
            .env("DISPLAY", &x.display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_CONFIG_HOME", &config)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("RUSTGIS_MCP_PORT", port.to_string())
            .env("RUSTGIS_MCP_HTTP_PORT", free_port().to_string())
            .spawn()
            .expect("rustgis-app starts");
        let private = runtime.join("rustgis");
        let (token, endpoint, ready) =
            (private.join(format!("{port}.token")), private.join("endpoint.json"), private.join("bridge-ready.json"));
        wait_until("the app's relay runs", || endpoint.exists() && token.exists() && ready.exists());
        RunningApp { child, port, token, endpoint, ready }
    }

    /// SIGTERM: the app closes with success and removes the token, endpoint.json and
    /// bridge-ready.json.
    fn terminate(mut self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill runs");
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(20);
        let exit = loop {
            if let Some(exit) = self.child.try_wait().expect("the app's status") {
                break exit;
            }
            assert!(Instant::now() < deadline, "the app did not close");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(exit.success(), "{exit}");
        for file in [&self.token, &self.endpoint, &self.ready] {
            assert!(!file.exists(), "{} is removed when the app closes", file.display());
        }
    }
}

fn call(agent: &mut Agent, tool: &str, args: Json) -> Json {
    let id = agent.call(tool, args);
    agent.reply_to(id, || {})
}

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
    let window = dir.path().join("window.png");
    if screenshot(&x.display, &window) {
        let picture = tiny_skia::Pixmap::load_png(&window).expect("a PNG");
        assert!(!rustgis_render::is_blank(&picture), "the window picture is not blank");
        if let Some(images) = docs_images() {
            to_docs(&window, &images, "app-jobs.png");
        }
    }

    let cancelled = call(&mut agent, "run_command", json!({ "command": "job.cancel", "params": { "id": job } }));
    assert!(succeeded(&cancelled), "{cancelled}");
    let ended =
        wait_for(&mut agent, job, |s| matches!(s["state"].as_str(), Some("cancelled" | "completed" | "failed")));
    assert_eq!(ended["state"], "cancelled", "{ended:#}");
    assert_eq!(ended["partial"]["layer"], "grid buffer 20 km (partial)");
    let undone = call(&mut agent, "run_command", json!({ "command": "edit.undo" }));
    assert!(succeeded(&undone), "{undone}");
    assert_eq!(structured(&undone)["result"]["undone_or_redone"], format!("job {job}: vector.buffer"));

    drop(agent);
    app.terminate();
}
