//! The app under a real X server (Xvfb), for the window tests: the display, the running app with
//! agents on, screenshots and pictures for the docs. `scripts/test.sh` installs Xvfb (and
//! ImageMagick's `import`) when missing; without Xvfb a test says so and skips.
#![allow(dead_code, reason = "each window test binary uses part of it")]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value as Json;

use crate::common::{Agent, wait_until};

/// An X server on a display of its own, ended when dropped.
pub(crate) struct Xvfb {
    child: Child,
    pub(crate) display: String,
}

impl Xvfb {
    pub(crate) fn start() -> Option<Xvfb> {
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

pub(crate) fn app_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_rustgis-app"))
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

pub(crate) fn docs_images() -> Option<PathBuf> {
    std::env::var_os("UPDATE_DOCS_SCREENSHOTS").map(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/images"))
}

/// Copies a picture into docs/images with at most 128 colours (ImageMagick's `convert`), so the
/// committed PNGs stay small; a plain copy without ImageMagick.
pub(crate) fn to_docs(picture: &Path, images: &Path, name: &str) {
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
pub(crate) fn screenshot(display: &str, path: &Path) -> bool {
    match Command::new("import").args(["-window", "root"]).arg(path).env("DISPLAY", display).status() {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("no window picture: ImageMagick's import is missing ({e})");
            false
        }
    }
}

/// Takes a picture of the whole screen as `dir/window.png` and checks it is not blank; with
/// `UPDATE_DOCS_SCREENSHOTS` it also goes to docs/images as `docs_name`. False when no picture
/// could be taken (ImageMagick missing).
pub(crate) fn window_picture(x: &Xvfb, dir: &Path, docs_name: &str) -> bool {
    let window = dir.join("window.png");
    if !screenshot(&x.display, &window) {
        return false;
    }
    let picture = tiny_skia::Pixmap::load_png(&window).expect("a PNG");
    assert!(!rustgis_render::is_blank(&picture), "the window picture is not blank");
    if let Some(images) = docs_images() {
        to_docs(&window, &images, docs_name);
    }
    true
}

/// The part of the screen at `x, y` of `width × height` pixels, as `dir/part.png` (ImageMagick's
/// `import` and `convert`); with `UPDATE_DOCS_SCREENSHOTS` it also goes to docs/images as
/// `docs_name`, and with `RUSTGIS_APP_DEBUG_DIR` the whole screen goes there. False when no picture could be taken (ImageMagick missing).
pub(crate) fn screen_part_picture(x: &Xvfb, dir: &Path, [left, top, width, height]: [u32; 4], docs_name: &str) -> bool {
    let window = dir.join("window.png");
    let part = dir.join("part.png");
    if !screenshot(&x.display, &window) {
        return false;
    }
    if let Some(debug) = std::env::var_os("RUSTGIS_APP_DEBUG_DIR") {
        std::fs::copy(&window, Path::new(&debug).join(docs_name.replace(".png", "-screen.png"))).expect("copied");
    }
    let cropped = Command::new("convert")
        .arg(&window)
        .args(["-crop", &format!("{width}x{height}+{left}+{top}"), "+repage"])
        .arg(&part)
        .status()
        .is_ok_and(|status| status.success());
    if !cropped {
        eprintln!("no picture of part of the screen: ImageMagick's convert is missing or failed");
        return false;
    }
    let picture = tiny_skia::Pixmap::load_png(&part).expect("a PNG");
    assert_eq!((picture.width(), picture.height()), (width, height));
    assert!(!rustgis_render::is_blank(&picture), "the picture is not blank");
    if let Some(images) = docs_images() {
        to_docs(&part, &images, docs_name);
    }
    true
}

/// `rustgis-app` on an X server with agents on, in folders of its own.
pub(crate) struct RunningApp {
    pub(crate) child: Child,
    pub(crate) port: u16,
    pub(crate) token: PathBuf,
    pub(crate) endpoint: PathBuf,
    pub(crate) ready: PathBuf,
}

impl RunningApp {
    /// Starts the app with `args` and agents on (remembered in its settings), and waits until
    /// its relay runs.
    pub(crate) fn start(x: &Xvfb, dir: &Path, args: &[&str]) -> RunningApp {
        RunningApp::start_with_settings(x, dir, args, r#"{"agents_on": true}"#)
    }

    /// [`RunningApp::start`] with `settings` as its settings.json (which must turn agents on).
    pub(crate) fn start_with_settings(x: &Xvfb, dir: &Path, args: &[&str], settings: &str) -> RunningApp {
        let (config, runtime) = (dir.join("config"), dir.join("run"));
        std::fs::create_dir_all(config.join("rustgis")).expect("the settings folder");
        std::fs::create_dir_all(&runtime).expect("the runtime folder");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        }
        std::fs::write(config.join("rustgis/settings.json"), settings).expect("settings");
        let port = free_port();
        // A machine loaded by the other tests can keep the window from drawing for seconds: the
        // busy refusal (10 s by default) waits two minutes here, so only a hung window trips it.
        let child = Command::new(app_binary())
            .args(args)
            .args(["--busy-after", "120"])
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
    pub(crate) fn terminate(mut self) {
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

pub(crate) fn call(agent: &mut Agent, tool: &str, args: Json) -> Json {
    let id = agent.call(tool, args);
    agent.reply_to(id, || {})
}
