//! The crash-recovery copy of the user's project: every host (the headless `rustgis-relay`, the
//! desktop app) keeps one in the data folder's `recovery/`, written atomically after edits and
//! every few minutes, removed on a clean exit. A copy whose host no longer runs was left by a
//! crash (or a kill): the next start offers it.
//!
//! The copy is written on a thread of its own from a snapshot of the project (a cheap clone:
//! layers share their features), so a large project never holds up the host's frame, where
//! agents' calls and cancellations run; a write still in progress when the next is asked is
//! followed by one more with the newest snapshot, never by a queue of them.
//!
//! The copy is an ordinary `.rgis` project file: layers read from files are saved as paths,
//! layers that live only in memory (the sample, results of tools, edited layers) are embedded, so
//! `project.open` on it gives back the project as it was.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use parking_lot::{Condvar, Mutex};
use rustgis_core::{Actor, Project, Session};

use crate::error::{Error, Result};

/// The folder of the data folder that holds the copies.
pub const RECOVERY_FOLDER: &str = "recovery";

/// How often a host writes the copy when no edit asked for it sooner.
pub const DEFAULT_RECOVERY_INTERVAL: Duration = Duration::from_secs(180);

/// Where and how often a host keeps its copy.
#[derive(Debug, Clone)]
pub struct RecoveryConfig {
    /// The data folder whose `recovery/` holds the copies (`None`: the system's, as the audit
    /// log's: `~/.local/share/rustgis` on Linux).
    pub app_data_dir: Option<PathBuf>,
    /// The host's name, the start of the copy's file name (`rustgis-relay`, `rustgis-app`): each
    /// host offers only its own kind's copies.
    pub host: String,
    /// How often the copy is written when nothing else wrote it.
    pub interval: Duration,
    /// The process id in the file name: the copy of a process that no longer runs was left
    /// behind. Tests name a process that cannot exist.
    pub pid: u32,
}

impl RecoveryConfig {
    /// A configuration for `host` in the system's data folder, every 3 minutes, for this process.
    pub fn new(host: &str) -> RecoveryConfig {
        RecoveryConfig {
            app_data_dir: None,
            host: host.to_owned(),
            interval: DEFAULT_RECOVERY_INTERVAL,
            pid: std::process::id(),
        }
    }

    fn folder(&self) -> Option<PathBuf> {
        self.app_data_dir.clone().or_else(crate::audit::default_app_data_dir).map(|dir| dir.join(RECOVERY_FOLDER))
    }
}

/// A host's recovery copy while it runs. Dropping it keeps the file (a crash or a kill does not
/// drop it anyway); [`Recovery::finish`] on a clean exit removes it.
#[derive(Debug)]
pub struct Recovery {
    file: PathBuf,
    interval: Duration,
    last_written: Option<Instant>,
    changed: bool,
    writer: Writer,
}

/// The thread that writes the copies, and what it is asked to write.
#[derive(Debug)]
struct Writer {
    shared: Arc<(Mutex<Pending>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the writer thread and the host share.
#[derive(Debug, Default)]
struct Pending {
    /// The newest snapshot not yet written: the project and the user's active layer.
    next: Option<(Project, Option<String>)>,
    /// Whether a write is under way.
    writing: bool,
    /// The last write's error, until the next tick reports it.
    failed: Option<Error>,
    /// Set when the host ends: the thread writes what is pending, then stops.
    stop: bool,
}

impl Writer {
    fn start(file: PathBuf) -> Writer {
        let shared: Arc<(Mutex<Pending>, Condvar)> = Arc::default();
        let theirs = shared.clone();
        let thread = std::thread::Builder::new()
            .name("recovery copy".to_owned())
            .spawn(move || write_loop(&file, &theirs))
            .map_err(|e| tracing::warn!("no thread for the recovery copy ({e}); it is written on the frame"))
            .ok();
        Writer { shared, thread }
    }

    /// Hands `snapshot` to the thread (replacing one it has not started on).
    fn send(&self, snapshot: (Project, Option<String>)) {
        let (lock, ready) = &*self.shared;
        lock.lock().next = Some(snapshot);
        ready.notify_all();
    }

    /// Waits until nothing is pending or being written.
    fn flush(&self) {
        let (lock, ready) = &*self.shared;
        let mut pending = lock.lock();
        while pending.next.is_some() || pending.writing {
            ready.wait(&mut pending);
        }
    }

    /// Writes what is pending, then ends the thread.
    fn stop(&mut self) {
        {
            let (lock, ready) = &*self.shared;
            lock.lock().stop = true;
            ready.notify_all();
        }
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::warn!("the recovery copy's thread panicked");
        }
    }
}

impl Drop for Writer {
    /// A host that ends without a clean exit still gets its last copy written.
    fn drop(&mut self) {
        self.stop();
    }
}

/// The writer thread: waits for a snapshot, writes it, says so; ends once stopped and idle.
fn write_loop(file: &Path, shared: &(Mutex<Pending>, Condvar)) {
    let (lock, ready) = shared;
    loop {
        let (project, active) = {
            let mut pending = lock.lock();
            loop {
                if let Some(next) = pending.next.take() {
                    pending.writing = true;
                    break next;
                }
                if pending.stop {
                    return;
                }
                ready.wait(&mut pending);
            }
        };
        let outcome = write_copy(file, &project, active.as_deref());
        let mut pending = lock.lock();
        pending.writing = false;
        if let Err(e) = outcome {
            pending.failed = Some(e);
        }
        ready.notify_all();
    }
}

/// Writes `project` as the copy `file`, atomically: a crash while writing leaves the previous
/// copy whole.
fn write_copy(file: &Path, project: &Project, active: Option<&str>) -> Result<()> {
    rustgis_core::io::atomic::write_file(file, true, |out| {
        let notices = rustgis_core::project_file::write(project, active, file, out)?;
        tracing::trace!("recovery copy written ({} notices)", notices.len());
        Ok(())
    })
    .map(|_bytes| ())
    .map_err(|source| Error::Recovery { path: file.to_owned(), source })
}

/// A copy an earlier run of the host left behind (it did not exit cleanly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftCopy {
    /// The `.rgis` file: open it with `project.open`, or `rustgis-relay --recover`.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
}

impl Recovery {
    /// Starts keeping a copy as `config` says; the first [`Recovery::tick`] writes it. Fails when
    /// there is no data folder or it cannot be made.
    pub fn start(config: &RecoveryConfig) -> Result<Recovery> {
        let folder = config.folder().ok_or_else(|| Error::Io {
            action: "cannot find the data folder for the recovery copy",
            path: PathBuf::from(RECOVERY_FOLDER),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "the system names no data folder"),
        })?;
        std::fs::create_dir_all(&folder).map_err(|source| Error::Io {
            action: "cannot make the recovery folder",
            path: folder.clone(),
            source,
        })?;
        remove_stale_temporaries(&folder, &config.host);
        let file = folder.join(format!("{}-{}.rgis", config.host, config.pid));
        Ok(Recovery {
            writer: Writer::start(file.clone()),
            file,
            interval: config.interval,
            last_written: None,
            changed: true,
        })
    }

    /// The copy's file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Says that the project may have changed (a command or an agent's call ran): the next
    /// [`Recovery::tick`] writes the copy.
    pub fn mark_changed(&mut self) {
        self.changed = true;
    }

    /// Writes the copy when the project may have changed since the last one, or when `interval`
    /// has passed by `now`: a snapshot of the project goes to the writer thread and this
    /// returns at once. Returns whether it asked for a write; an error is the previous write's
    /// (the copy on disk is then the one before it).
    pub fn tick(&mut self, session: &Session, now: Instant) -> Result<bool> {
        if let Some(failed) = self.writer.shared.0.lock().failed.take() {
            return Err(failed);
        }
        let due = self.last_written.is_none_or(|at| now.saturating_duration_since(at) >= self.interval);
        if !self.changed && !due {
            return Ok(false);
        }
        let snapshot = (session.project().clone(), session.active_layer(Actor::User).map(|l| l.name.clone()));
        if self.writer.thread.is_some() {
            self.writer.send(snapshot);
        } else {
            write_copy(&self.file, &snapshot.0, snapshot.1.as_deref())?;
        }
        self.last_written = Some(now);
        self.changed = false;
        Ok(true)
    }

    /// Writes the copy now, on the caller's thread, atomically.
    pub fn write(&self, session: &Session) -> Result<()> {
        let active = session.active_layer(Actor::User).map(|layer| layer.name.clone());
        write_copy(&self.file, session.project(), active.as_deref())
    }

    /// Waits until the copies asked for are written (tests, and a host about to read it).
    pub fn flush(&self) {
        self.writer.flush();
    }

    /// A clean exit: the copy is no longer needed and is removed.
    pub fn finish(mut self) {
        self.writer.stop();
        match std::fs::remove_file(&self.file) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tracing::warn!("cannot remove the recovery copy {}: {e}", self.file.display()),
        }
    }

    /// The copies earlier runs of this kind of host left behind (their process no longer runs),
    /// newest first. Copies of hosts that still run are not listed.
    pub fn left_behind(config: &RecoveryConfig) -> Vec<LeftCopy> {
        let Some(folder) = config.folder() else { return Vec::new() };
        let prefix = format!("{}-", config.host);
        let mut found: Vec<LeftCopy> = std::fs::read_dir(&folder)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                let pid: u32 = name.strip_prefix(&prefix)?.strip_suffix(".rgis")?.parse().ok()?;
                if pid == config.pid || crate::private::process_runs(u64::from(pid)) {
                    return None;
                }
                let modified = entry.metadata().and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH);
                Some(LeftCopy { path: entry.path(), modified })
            })
            .collect();
        found.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| a.path.cmp(&b.path)));
        found
    }
}

impl LeftCopy {
    /// Removes the copy (once it has been opened, or when the user does not want it).
    pub fn discard(&self) -> Result<()> {
        std::fs::remove_file(&self.path).map_err(|source| Error::Io {
            action: "cannot remove the recovery copy",
            path: self.path.clone(),
            source,
        })
    }
}

/// Removes the temporaries (`.HOST-PID.rgis.WRITER.N.tmp`) a host killed while writing its copy
/// left beside it: the copy itself is whole (written atomically), the temporary is not.
fn remove_stale_temporaries(folder: &Path, host: &str) {
    let prefix = format!(".{host}-");
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp")) else { continue };
        // `PID.rgis.WRITER.N`: the writer's pid is the second field from the end.
        let writer = rest.rsplit('.').nth(1).and_then(|pid| pid.parse::<u64>().ok());
        if let Some(writer) = writer
            && writer != u64::from(std::process::id())
            && !crate::private::process_runs(writer)
            && let Err(e) = std::fs::remove_file(entry.path())
        {
            tracing::debug!("cannot remove a stale temporary {name}: {e}");
        }
    }
}
