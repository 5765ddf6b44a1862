//! The file bridge: for agents without MCP, a script written to `bridge-command.txt` in the
//! relay's private folder runs on the open project once the file has stopped changing, and its
//! outcome is written to `bridge-result.json` beside it.
//!
//! A watcher thread polls the file (its size, time, identity and contents: no file-system
//! notification API, so it works the same everywhere, links and network folders included) and
//! hands a settled script to the host; the host runs it on its own thread, in its frame, like the
//! relay's queued calls ([`FileBridge::run_frame`]). What the file held when the bridge started
//! is never run.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use crossbeam_channel::{RecvTimeoutError, Sender};
use parking_lot::Mutex;
use rustgis_core::{Actor, Caller, CallerOptions, Session};
use serde_json::{Value as Json, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::audit::{AuditEntry, AuditLog};
use crate::error::{Error, Result};
use crate::private;

/// The file an agent writes its script to.
pub const BRIDGE_COMMAND_FILE: &str = "bridge-command.txt";
/// The file the outcome is written to: `{success, result, lines, layersAdded, notices, error,
/// duration_s, timestamp}`.
pub const BRIDGE_RESULT_FILE: &str = "bridge-result.json";
/// The file that describes the running bridge: pid, both files' paths, started_at, version, schema.
pub const BRIDGE_READY_FILE: &str = "bridge-ready.json";
/// The lock that keeps a second copy of RustGIS from running its bridge.
pub const BRIDGE_LOCK_FILE: &str = "bridge.lock";

/// How to start a file bridge.
#[derive(Debug, Clone)]
pub struct BridgeConfig {
    /// The relay's private folder; `None` for the default (`$XDG_RUNTIME_DIR/rustgis`, else a
    /// per-user folder under the temporary folder).
    pub private_dir: Option<PathBuf>,
    /// The app-data folder whose `mcp-audit` holds the audit log; `None` for the default.
    pub app_data_dir: Option<PathBuf>,
    /// How long the file must stay unchanged before its script runs (0.5 s).
    pub settle: Duration,
    /// How often the file is looked at (0.1 s).
    pub poll: Duration,
    /// The largest script, in bytes (4 MiB); a larger file is answered with an error, unrun.
    pub max_script_bytes: usize,
    /// The app's version, for bridge-ready.json.
    pub version: String,
    /// The folders whose files its scripts may use (none: anywhere its access allows), as the
    /// relay's agents (the headless relay's `--root`).
    pub roots: rustgis_core::Roots,
}

impl Default for BridgeConfig {
    fn default() -> Self {
        BridgeConfig {
            private_dir: None,
            app_data_dir: None,
            settle: Duration::from_millis(500),
            poll: Duration::from_millis(100),
            max_script_bytes: 4 << 20,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            roots: rustgis_core::Roots::default(),
        }
    }
}

/// One script the bridge ran (or refused), for the host's status bar.
#[derive(Debug, Clone, PartialEq)]
pub struct BridgeRun {
    /// Whether every line succeeded (and so the script's changes were kept).
    pub success: bool,
    /// Why it failed.
    pub error: Option<String>,
    /// What was written to bridge-result.json.
    pub result: Json,
    /// When it ran.
    pub at: SystemTime,
    /// How long it took.
    pub duration: Duration,
}

/// A running file bridge. Stopping it, or dropping it, ends the watcher, removes
/// bridge-ready.json and releases bridge.lock.
pub struct FileBridge {
    shared: Arc<BridgeShared>,
    /// Dropping the sender tells the watcher to end at once.
    stop_tx: Mutex<Option<Sender<()>>>,
    watcher: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl std::fmt::Debug for FileBridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileBridge")
            .field("command_file", &self.shared.command_file)
            .field("running", &self.is_running())
            .finish_non_exhaustive()
    }
}

type Wake = Arc<dyn Fn() + Send + Sync>;

struct BridgeShared {
    dir: PathBuf,
    command_file: PathBuf,
    result_file: PathBuf,
    ready_file: PathBuf,
    lock_file: PathBuf,
    /// Held open while the bridge runs: the operating system releases it if the process dies.
    lock: Mutex<Option<File>>,
    audit: Option<AuditLog>,
    /// The settled script waiting for the host's frame (a newer one replaces it: the file holds
    /// only the newest).
    pending: Mutex<Option<std::result::Result<String, String>>>,
    wake: Mutex<Option<Wake>>,
    allow_access: AtomicBool,
    full_access: AtomicBool,
    stopped: AtomicBool,
    last_run: Mutex<Option<BridgeRun>>,
    roots: rustgis_core::Roots,
}

impl FileBridge {
    /// Starts the bridge: takes bridge.lock in the private folder (refused with
    /// [`Error::BridgeBusy`] while another copy holds it), notes what bridge-command.txt holds now
    /// (it is never run), writes bridge-ready.json and starts watching.
    pub fn start(config: BridgeConfig) -> Result<FileBridge> {
        let dir = config.private_dir.clone().unwrap_or_else(private::default_private_dir);
        private::ensure_dir(&dir)?;
        let lock_file = dir.join(BRIDGE_LOCK_FILE);
        let lock = take_lock(&lock_file)?;
        let audit = match config.app_data_dir.clone().or_else(crate::audit::default_app_data_dir) {
            Some(app_data) => Some(AuditLog::open(&app_data)?),
            None => {
                tracing::warn!("no app-data folder on this system: the file bridge keeps no audit log");
                None
            }
        };
        let command_file = dir.join(BRIDGE_COMMAND_FILE);
        let shared = Arc::new(BridgeShared {
            command_file: command_file.clone(),
            result_file: dir.join(BRIDGE_RESULT_FILE),
            ready_file: dir.join(BRIDGE_READY_FILE),
            lock_file,
            dir,
            lock: Mutex::new(Some(lock)),
            audit,
            pending: Mutex::new(None),
            wake: Mutex::new(None),
            allow_access: AtomicBool::new(false),
            full_access: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            roots: config.roots.clone(),
            last_run: Mutex::new(None),
        });
        // Taken before the watcher starts, so "what the file held when the bridge started" is
        // exactly what it held when `start` returned.
        let mut debounce =
            Debounce::new(snapshot(&command_file, config.max_script_bytes), config.settle, Instant::now());
        private::write_private_atomic(&shared.ready_file, ready_json(&shared, &config).as_bytes())?;
        let (stop_tx, stop_rx) = crossbeam_channel::bounded::<()>(0);
        let watched = shared.clone();
        let (poll, max) = (config.poll, config.max_script_bytes);
        let watcher = std::thread::Builder::new()
            .name("rustgis-file-bridge".to_owned())
            .spawn(move || {
                loop {
                    match stop_rx.recv_timeout(poll) {
                        Err(RecvTimeoutError::Timeout) => {}
                        Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
                    }
                    if let Some(script) = debounce.observe(snapshot(&watched.command_file, max), Instant::now()) {
                        if watched.pending.lock().replace(script).is_some() {
                            tracing::info!(
                                "the file bridge's previous script had not run yet; the newer one replaces it"
                            );
                        }
                        watched.wake();
                    }
                }
            })
            .map_err(|e| {
                shared.stop();
                Error::Runtime(e)
            })?;
        tracing::info!("file bridge watching {}", shared.command_file.display());
        Ok(FileBridge { shared, stop_tx: Mutex::new(Some(stop_tx)), watcher: Mutex::new(Some(watcher)) })
    }

    /// `bridge-command.txt`, where agents write scripts.
    pub fn command_file(&self) -> &Path {
        &self.shared.command_file
    }

    /// `bridge-result.json`, where outcomes are written.
    pub fn result_file(&self) -> &Path {
        &self.shared.result_file
    }

    /// `bridge-ready.json`, while the bridge runs.
    pub fn ready_file(&self) -> &Path {
        &self.shared.ready_file
    }

    /// The private folder the files are in.
    pub fn dir(&self) -> &Path {
        &self.shared.dir
    }

    /// Whether it still runs.
    pub fn is_running(&self) -> bool {
        !self.shared.stopped.load(Ordering::SeqCst)
    }

    /// Installs the hook the bridge calls when a script is ready, so the host draws a frame; it
    /// is called at once when one already waits.
    pub fn set_wake(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self.shared.wake.lock() = Some(Arc::new(wake));
        if self.has_pending() {
            self.shared.wake();
        }
    }

    /// Lets scripts use files and the network, as agents attached with the relay's own token do
    /// under the app's "Let your Agents Control RustGIS". Checked for every script. Turning it
    /// off after it was on stops the bridge.
    pub fn set_allow_access(&self, allow: bool) {
        let was = self.shared.allow_access.swap(allow, Ordering::SeqCst);
        if was && !allow {
            self.stop();
        }
    }

    /// Whether scripts may use files and the network.
    pub fn allow_access(&self) -> bool {
        self.shared.allow_access.load(Ordering::SeqCst)
    }

    /// Full access: lifts every refusal for bridge scripts, as for agents attached with the
    /// relay's own token. Off at start, and off again when the bridge stops.
    pub fn set_full_access(&self, on: bool) {
        if self.is_running() {
            self.shared.full_access.store(on, Ordering::SeqCst);
        }
    }

    /// Whether Full access is on for bridge scripts.
    pub fn full_access(&self) -> bool {
        self.shared.full_access.load(Ordering::SeqCst)
    }

    /// Whether a settled script waits for the host's frame.
    pub fn has_pending(&self) -> bool {
        self.shared.pending.lock().is_some()
    }

    /// The last script the bridge ran, for the status bar.
    pub fn last_run(&self) -> Option<BridgeRun> {
        self.shared.last_run.lock().clone()
    }

    /// Runs the script waiting for this frame, if any, on the host's session: as one undo step
    /// named `file bridge`, with the `run` tool's rules (a refused or failing line stops it and
    /// nothing is kept; `edit.undo` alone on its line takes back the bridge's own last step),
    /// and the bridge's own active layer. Writes bridge-result.json (atomically) and the audit
    /// log (`source: "file"`). Call it once per frame, like [`crate::Relay::run_frame`].
    pub fn run_frame(&self, session: &mut Session) -> Option<BridgeRun> {
        if !self.is_running() {
            return None;
        }
        let script = self.shared.pending.lock().take()?;
        let at = SystemTime::now();
        let started = Instant::now();
        let (mut result, args) = match &script {
            Ok(text) => (session.run_script(&self.caller(), text).to_json(), json!({ "script": text })),
            Err(problem) => (
                json!({
                    "success": false, "result": null, "lines": [], "layersAdded": [], "notices": [],
                    "error": problem, "duration_s": 0.0,
                }),
                json!({ "file": self.shared.command_file.display().to_string() }),
            ),
        };
        let duration = started.elapsed();
        if let Some(map) = result.as_object_mut() {
            map.insert("timestamp".into(), json!(OffsetDateTime::from(at).format(&Rfc3339).unwrap_or_default()));
        }
        let success = result["success"] == json!(true);
        let error = result["error"].as_str().map(str::to_owned);
        let text = serde_json::to_string_pretty(&result).unwrap_or_default();
        if let Err(e) = private::write_private_atomic(&self.shared.result_file, text.as_bytes()) {
            tracing::warn!("the file bridge cannot write its result: {e:#}");
        }
        if let Some(audit) = &self.shared.audit {
            audit.write(&AuditEntry {
                source: "file",
                agent: Some(Actor::FileBridge.to_string()),
                tool: "run".to_owned(),
                args,
                success,
                duration,
                error: error.clone(),
                batch: false,
                at,
                asked: None,
            });
        }
        match &error {
            Some(e) => tracing::info!("file bridge: the script failed: {e}"),
            None => tracing::info!("file bridge: the script ran"),
        }
        let run = BridgeRun { success, error, result, at, duration };
        *self.shared.last_run.lock() = Some(run.clone());
        Some(run)
    }

    /// Stops the bridge: ends the watcher, drops a script that has not run, removes
    /// bridge-ready.json and releases bridge.lock. Idempotent.
    pub fn stop(&self) {
        drop(self.stop_tx.lock().take());
        if let Some(watcher) = self.watcher.lock().take()
            && watcher.join().is_err()
        {
            tracing::warn!("the file bridge's watcher panicked");
        }
        self.shared.stop();
    }

    fn caller(&self) -> Caller {
        let options = CallerOptions {
            own_token: true,
            files_and_network: self.shared.allow_access.load(Ordering::SeqCst),
            full_access: self.shared.full_access.load(Ordering::SeqCst),
        };
        Caller::attached(Actor::FileBridge, options)
            .with_access_hint(
                "tick Let your Agents Control RustGIS in the app (rustgis-relay --allow-access without one)",
            )
            .with_roots(self.shared.roots.clone())
    }
}

impl Drop for FileBridge {
    fn drop(&mut self) {
        self.stop();
    }
}

impl BridgeShared {
    fn wake(&self) {
        let wake = self.wake.lock().clone();
        if let Some(wake) = wake {
            wake();
        }
    }

    fn stop(&self) {
        if self.stopped.swap(true, Ordering::SeqCst) {
            return;
        }
        self.full_access.store(false, Ordering::SeqCst);
        self.pending.lock().take();
        // Only the holder of the lock writes bridge-ready.json, so the file is ours.
        if let Err(e) = private::remove_file(&self.ready_file) {
            tracing::warn!("cannot remove bridge-ready.json: {e:#}");
        }
        // The lock file stays: removing it could let two copies lock two different files.
        drop(self.lock.lock().take());
        self.wake();
        tracing::info!("file bridge on {} stopped", self.lock_file.display());
    }
}

fn ready_json(shared: &BridgeShared, config: &BridgeConfig) -> String {
    let started = OffsetDateTime::now_utc().format(&Rfc3339).unwrap_or_default();
    let ready = json!({
        "schema": 1,
        "pid": std::process::id(),
        "command_file": shared.command_file.display().to_string(),
        "result_file": shared.result_file.display().to_string(),
        "started_at": started,
        "version": config.version,
    });
    serde_json::to_string_pretty(&ready).unwrap_or_default()
}

/// Opens bridge.lock (0600, never through a link) and locks it without waiting.
fn take_lock(path: &Path) -> Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    let file =
        options.open(path).map_err(|source| Error::Io { action: "cannot open", path: path.to_owned(), source })?;
    match file.try_lock() {
        Ok(()) => {
            // For people looking at the folder: who holds it.
            use std::io::Write;
            let mut holder = &file;
            if let Err(e) = file.set_len(0).and_then(|()| writeln!(holder, "{}", std::process::id())) {
                tracing::debug!("cannot note the pid in bridge.lock: {e}");
            }
            Ok(file)
        }
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::BridgeBusy { lock: path.to_owned() }),
        Err(std::fs::TryLockError::Error(source)) => {
            Err(Error::Io { action: "cannot lock", path: path.to_owned(), source })
        }
    }
}

/// What the command file looked like at one poll. Two polls that see the same snapshot saw no
/// change; the contents are compared too, so a rewrite within one clock tick still counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Snapshot {
    len: u64,
    modified: Option<SystemTime>,
    identity: u64,
    /// The script, or why it cannot run (too large, a link, not text).
    content: std::result::Result<Vec<u8>, String>,
}

fn snapshot(path: &Path, max: usize) -> Option<Snapshot> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    #[cfg(unix)]
    let identity = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let identity = 0;
    let (len, modified) = (meta.len(), meta.modified().ok());
    let content = if meta.file_type().is_symlink() {
        Err(format!(
            "{BRIDGE_COMMAND_FILE} is a symbolic link, which is refused; write the script into the file itself"
        ))
    } else if !meta.is_file() {
        Err(format!("{BRIDGE_COMMAND_FILE} is not a regular file"))
    } else if len > max as u64 {
        Err(format!("{BRIDGE_COMMAND_FILE} holds {len} bytes; a script may hold at most {max}"))
    } else {
        match std::fs::read(path) {
            Ok(bytes) => Ok(bytes),
            // Renamed away or removed between the two calls: the next poll sees it as it is.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => Err(format!("cannot read {BRIDGE_COMMAND_FILE}: {e}")),
        }
    };
    Some(Snapshot { len, modified, identity, content })
}

/// The bridge's debounce: a file runs once it has looked the same for `settle`, and only when it
/// differs from what last ran (or from what the file held at start).
#[derive(Debug)]
pub(crate) struct Debounce {
    settle: Duration,
    /// What last ran, or what the file held at start.
    handled: Option<Snapshot>,
    /// What the last poll saw, and since when.
    seen: Option<Snapshot>,
    since: Instant,
}

impl Debounce {
    pub(crate) fn new(initial: Option<Snapshot>, settle: Duration, now: Instant) -> Debounce {
        Debounce { settle, handled: initial.clone(), seen: initial, since: now }
    }

    /// Looks at the file as it is `now`; returns the script to run (or why it cannot run) once
    /// it has settled. An absent or blank file runs nothing.
    pub(crate) fn observe(
        &mut self,
        current: Option<Snapshot>,
        now: Instant,
    ) -> Option<std::result::Result<String, String>> {
        if current != self.seen {
            self.seen = current;
            self.since = now;
            return None;
        }
        if self.seen == self.handled || now.duration_since(self.since) < self.settle {
            return None;
        }
        self.handled = self.seen.clone();
        let content = self.seen.as_ref()?.content.clone();
        match content {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) if text.trim().is_empty() => None,
                Ok(text) => Some(Ok(text)),
                Err(_) => Some(Err(format!("{BRIDGE_COMMAND_FILE} is not UTF-8 text"))),
            },
            Err(problem) => Some(Err(problem)),
        }
    }
}

#[cfg(test)]
mod tests;
