//! Writing a file so that it is either fully written or not touched: the bytes go to a temporary
//! file in the same folder, which is flushed, synced to disk and then renamed over the target.
//!
//! A rename within one folder is atomic on the file systems RustGIS supports, so a reader (or a
//! crash) sees the old file or the new one, never half of either.

use std::cell::Cell;
use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

/// Writes `path` atomically with `write`, which receives a buffered writer over the temporary
/// file. Returns the size in bytes of the file as found on disk after the rename.
///
/// An existing `path` is replaced only when `overwrite` is true (else [`Error::FileExists`]).
/// On any failure the temporary file is removed and `path` is left as it was.
pub fn write_file(path: &Path, overwrite: bool, write: impl FnOnce(&mut BufWriter<File>) -> Result<()>) -> Result<u64> {
    let cannot_write = |source| Error::Io { action: "cannot write", path: path.to_owned(), cause: source };
    if !overwrite && path.exists() {
        return Err(Error::FileExists(path.to_owned()));
    }
    if path.is_dir() {
        return Err(cannot_write(std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a folder")));
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(cannot_write(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("the folder {} does not exist", folder.display()),
        )));
    }
    remove_stale_temps(&folder, path);
    let (file, temp) = create_temp(&folder, path).map_err(cannot_write)?;
    let guard = TempGuard { path: temp };
    let mut out = BufWriter::with_capacity(1 << 16, file);
    write(&mut out)?;
    let file = out.into_inner().map_err(|e| cannot_write(e.into_error()))?;
    file.sync_all().map_err(cannot_write)?;
    drop(file);
    if FAIL_BEFORE_RENAME.with(Cell::get) {
        return Err(cannot_write(std::io::Error::other("interrupted before the rename (injected failure)")));
    }
    if !overwrite && path.exists() {
        // Someone created the file while we wrote ours.
        return Err(Error::FileExists(path.to_owned()));
    }
    std::fs::rename(&guard.path, path).map_err(cannot_write)?;
    guard.committed();
    sync_folder(&folder).map_err(cannot_write)?;
    let size = std::fs::metadata(path)
        .map_err(|source| Error::Io {
            action: "cannot find the file just written",
            path: path.to_owned(),
            cause: source,
        })?
        .len();
    Ok(size)
}

/// Writes `bytes` to `path` with [`write_file`].
pub fn write_bytes(path: &Path, overwrite: bool, bytes: &[u8]) -> Result<u64> {
    write_file(path, overwrite, |out| {
        std::io::Write::write_all(out, bytes).map_err(|source| Error::Io {
            action: "cannot write",
            path: path.to_owned(),
            cause: source,
        })
    })
}

/// A scratch file beside `target` (for building an SQLite database before its bytes are
/// written with [`write_file`]); removed when dropped.
#[cfg(feature = "geopackage")]
pub(crate) struct Scratch {
    guard: TempGuard,
}

#[cfg(feature = "geopackage")]
impl Scratch {
    /// Creates an empty scratch file in `target`'s folder.
    pub(crate) fn beside(target: &Path) -> Result<Scratch> {
        let folder = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
            _ => PathBuf::from("."),
        };
        let (file, path) = create_temp(&folder, target).map_err(|source| Error::Io {
            action: "cannot write",
            path: target.to_owned(),
            cause: source,
        })?;
        drop(file);
        Ok(Scratch { guard: TempGuard { path } })
    }

    /// The scratch file's path.
    pub(crate) fn path(&self) -> &Path {
        &self.guard.path
    }
}

/// While the returned guard lives, every [`write_file`] on this thread fails after writing its
/// temporary file and before the rename, as a crash there would. For tests of what survives.
#[doc(hidden)]
pub fn fail_before_rename() -> FailBeforeRename {
    FAIL_BEFORE_RENAME.with(|flag| flag.set(true));
    FailBeforeRename(())
}

/// Ends the injected failure of [`fail_before_rename`] when dropped.
#[doc(hidden)]
#[derive(Debug)]
pub struct FailBeforeRename(());

impl Drop for FailBeforeRename {
    fn drop(&mut self) {
        FAIL_BEFORE_RENAME.with(|flag| flag.set(false));
    }
}

thread_local! {
    static FAIL_BEFORE_RENAME: Cell<bool> = const { Cell::new(false) };
}

/// Creates `.name.<pid>.<n>.tmp` beside the target; `create_new` so two writers never share one.
fn create_temp(folder: &Path, target: &Path) -> std::io::Result<(File, PathBuf)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".to_owned());
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = folder.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Removes `.name.<pid>.<n>.tmp` files beside the target whose writer is gone: a save killed
/// with kill -9 leaves its temporary behind (1.1 GB after six kills of a large save). Only
/// temporaries of this target, of processes that no longer run, are touched; when that cannot be
/// told (not Linux, an unreadable folder), nothing is.
fn remove_stale_temps(folder: &Path, target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else { return };
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)).and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        let Some((pid, n)) = rest.split_once('.') else { continue };
        let (Ok(pid), true) = (pid.parse::<u32>(), n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty()) else {
            continue;
        };
        if pid != std::process::id() && process_is_gone(pid) && std::fs::remove_file(entry.path()).is_err() {
            // Someone else's file, or already gone: the save goes on either way.
        }
    }
}

/// Whether no process has this id (Linux: no `/proc/<pid>`); false when it cannot be told.
fn process_is_gone(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new("/proc").is_dir() && !Path::new("/proc").join(pid.to_string()).exists()
    } else {
        false
    }
}

/// Makes the rename itself durable. Some file systems cannot sync a folder; that is not an
/// error worth failing a finished write for.
fn sync_folder(folder: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(folder).and_then(|dir| dir.sync_all()) {
            Err(e) if matches!(e.kind(), std::io::ErrorKind::InvalidInput | std::io::ErrorKind::Unsupported) => Ok(()),
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _unused = folder;
        Ok(())
    }
}

/// Removes the temporary file unless the rename happened.
struct TempGuard {
    path: PathBuf,
}

impl TempGuard {
    fn committed(self) {
        std::mem::forget(self);
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        // Nothing can be reported from a drop; the error that got us here is already on its way.
        if std::fs::remove_file(&self.path).is_err() {
            // The temporary file stays; its leading dot keeps it out of most listings.
        }
    }
}
