//! Writing files so that they are either fully written or not touched.
//!
//! One file ([`write_file`]): the bytes go to a temporary file in the same folder, which is
//! flushed, synced to disk and then renamed over the target. A rename within one folder is atomic
//! on the file systems RustGIS supports, so a reader (or a crash) sees the old file or the new
//! one, never half of either.
//!
//! Several files that belong together ([`FileSet`]: a Shapefile's `.shp`, `.shx`, `.dbf`, `.prj`
//! and `.cpg`; a GeoPackage and SQLite's files beside it): no rename of several files is atomic,
//! so the set is committed in this order (`docs/user-guide/data.md`, "Safe writes"):
//!
//! 1. every new member is written to its temporary file and synced; a failure here (a full disk)
//!    removes the temporaries and leaves every old member untouched;
//! 2. a journal (`.<key>.<pid>.<n>.set`) naming the renames and the old members to remove is
//!    written, synced and renamed into place: from here on the new set is the one that counts;
//! 3. the key member (the `.shp`, the `.gpkg`) is moved aside first, so no reader finds a set
//!    while it is mixed (it finds no file, for a moment); then the other old members, the stale
//!    ones included (an old `.prj` when the new layer has none), are moved aside;
//! 4. the new members are renamed in, the key member last, and the folder is synced;
//! 5. the old members moved aside are removed, then the journal.
//!
//! A failure in 3–4 puts the old members back. A process killed in 3–5 leaves its journal; the
//! next write of that set, or the next read of it by RustGIS, finishes the renames (every new
//! member was synced before the journal was written) and removes what is left. Temporaries of
//! writes killed before step 2 are removed then too, as are those of single files.

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
    if !overwrite && path.exists() {
        return Err(Error::FileExists(path.to_owned()));
    }
    let folder = folder_of(path)?;
    remove_stale_temps(&folder, path);
    let temp = write_temp(&folder, path, write)?;
    if FAIL_BEFORE_RENAME.with(Cell::get) {
        return Err(cannot_write(path, std::io::Error::other("interrupted before the rename (injected failure)")));
    }
    if !overwrite && path.exists() {
        // Someone created the file while we wrote ours.
        return Err(Error::FileExists(path.to_owned()));
    }
    std::fs::rename(&temp.path, path).map_err(|e| cannot_write(path, e))?;
    temp.committed();
    sync_folder(&folder).map_err(|e| cannot_write(path, e))?;
    size_of(path)
}

/// Writes `bytes` to `path` with [`write_file`].
pub fn write_bytes(path: &Path, overwrite: bool, bytes: &[u8]) -> Result<u64> {
    write_file(path, overwrite, |out| std::io::Write::write_all(out, bytes).map_err(|e| cannot_write(path, e)))
}

/// Files written together and committed as one set (see the module's documentation for the
/// order and why). Members are added with their contents; [`FileSet::commit`] puts them in place.
/// Dropped without a commit, the set removes its temporaries and touches nothing else.
#[derive(Debug)]
pub struct FileSet {
    folder: PathBuf,
    /// The member whose absence hides the set while it changes (`x.shp`, `x.gpkg`).
    key: PathBuf,
    overwrite: bool,
    /// New members: their temporary file and their target, the key among them.
    members: Vec<(TempGuard, PathBuf)>,
    /// Old members the new set does not have (removed at the commit when they are there).
    stale: Vec<PathBuf>,
}

impl FileSet {
    /// A set whose key member is `key` (the file a reader opens first). Finishes a commit of this
    /// set that a killed process left (its journal), and removes the temporaries of killed writes.
    /// With `overwrite` false, the commit refuses to replace any existing member.
    pub fn new(key: &Path, overwrite: bool) -> Result<FileSet> {
        let folder = folder_of(key)?;
        ignore_file_size_signal();
        recover_set(&folder, key).map_err(|e| cannot_write(key, e))?;
        remove_stale_temps(&folder, key);
        remove_stale_temps(&folder, &journal_temp_target(key));
        Ok(FileSet { folder, key: key.to_owned(), overwrite, members: Vec::new(), stale: Vec::new() })
    }

    /// Adds a member at `target` (in the key's folder), written now by `write` to a temporary
    /// file and synced.
    pub fn add(&mut self, target: &Path, write: impl FnOnce(&mut BufWriter<File>) -> Result<()>) -> Result<()> {
        self.check_in_folder(target)?;
        remove_stale_temps(&self.folder, target);
        let temp = write_temp(&self.folder, target, write)?;
        self.members.push((temp, target.to_owned()));
        Ok(())
    }

    /// Adds a member at `target` holding `bytes`.
    pub fn add_bytes(&mut self, target: &Path, bytes: &[u8]) -> Result<()> {
        self.add(target, |out| std::io::Write::write_all(out, bytes).map_err(|e| cannot_write(target, e)))
    }

    /// A set whose key member is the folder `key` (a folder of tiles), replaced as a whole: its
    /// new content is built in a temporary folder beside it ([`FileSet::add_folder`]).
    pub fn new_folder(key: &Path, overwrite: bool) -> Result<FileSet> {
        let folder = parent_of(key)?;
        ignore_file_size_signal();
        recover_set(&folder, key).map_err(|e| cannot_write(key, e))?;
        remove_stale_temps(&folder, key);
        remove_stale_temps(&folder, &journal_temp_target(key));
        Ok(FileSet { folder, key: key.to_owned(), overwrite, members: Vec::new(), stale: Vec::new() })
    }

    /// An empty temporary folder for the member folder at `target`: whatever is written in it is
    /// synced when the set is committed, then the folder is renamed in. Removed if the set is not.
    pub fn add_folder(&mut self, target: &Path) -> Result<PathBuf> {
        if parent_of(target)? != self.folder {
            return Err(cannot_write(target, std::io::Error::other("a set's members are in one folder")));
        }
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "folder".to_owned());
        let path = loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = self.folder.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
            match std::fs::create_dir(&temp) {
                Ok(()) => break temp,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(cannot_write(target, e)),
            }
        };
        self.members.push((TempGuard { path: path.clone(), synced: false }, target.to_owned()));
        Ok(path)
    }

    /// An empty temporary file for the member at `target`, for a library that writes a file by
    /// its path (SQLite): the file is synced when the set is committed. Removed if the set is not.
    pub fn add_scratch(&mut self, target: &Path) -> Result<PathBuf> {
        self.check_in_folder(target)?;
        remove_stale_temps(&self.folder, target);
        let (file, path) = create_temp(&self.folder, target).map_err(|e| cannot_write(target, e))?;
        drop(file);
        self.members.push((TempGuard { path: path.clone(), synced: false }, target.to_owned()));
        Ok(path)
    }

    /// Names an old member that the new set does not have: it is removed by the commit (an old
    /// `.prj` when the new layer's CRS has none, a GeoPackage's old write-ahead log).
    pub fn remove_stale(&mut self, target: &Path) -> Result<()> {
        self.check_in_folder(target)?;
        remove_stale_temps(&self.folder, target);
        self.stale.push(target.to_owned());
        Ok(())
    }

    /// Puts the new members in place and removes the stale ones, in the order the module's
    /// documentation gives. Returns the bytes of the new members.
    pub fn commit(mut self) -> Result<u64> {
        let key = self.key.clone();
        for (temp, target) in &mut self.members {
            if !temp.synced {
                sync_tree(&temp.path).map_err(|e| cannot_write(target, e))?;
                temp.synced = true;
            }
        }
        if !self.overwrite
            && let Some((_, existing)) = self.members.iter().find(|(_, target)| target.exists())
        {
            return Err(Error::FileExists(existing.clone()));
        }
        if FAIL_BEFORE_RENAME.with(Cell::get) {
            return Err(cannot_write(&key, std::io::Error::other("interrupted before the rename (injected failure)")));
        }
        // The key goes last among the renames in, first among the moves aside.
        self.members.sort_by_key(|(_, target)| *target == self.key);
        let journal = Journal::new(&self);
        let journal_path = journal.write(&self.folder, &key).map_err(|e| cannot_write(&key, e))?;
        let mut aside: Vec<(PathBuf, PathBuf)> = Vec::new();
        let mut renamed: Vec<PathBuf> = Vec::new();
        let moved = (|| -> std::io::Result<()> {
            for target in std::iter::once(&self.key)
                .chain(self.members.iter().map(|(_, target)| target).filter(|t| **t != self.key))
                .chain(self.stale.iter())
            {
                if std::fs::symlink_metadata(target).is_ok() && !aside.iter().any(|(t, _)| t == target) {
                    let backup = backup_of(&journal, target);
                    rename_checked(target, &backup)?;
                    aside.push((target.clone(), backup));
                }
            }
            for (temp, target) in &self.members {
                rename_checked(&temp.path, target)?;
                renamed.push(target.clone());
            }
            sync_folder(&self.folder)
        })();
        if let Err(cause) = moved {
            // Back as it was: the new members out, the old ones in, the journal gone.
            for target in &renamed {
                if let Some((temp, _)) = self.members.iter().find(|(_, t)| t == target)
                    && std::fs::rename(target, &temp.path).is_err()
                {
                    tracing::warn!("cannot take {} back out of the interrupted set", target.display());
                }
            }
            let mut restored = true;
            for (target, backup) in &aside {
                restored &= std::fs::rename(backup, target).is_ok();
            }
            if restored && std::fs::remove_file(&journal_path).is_err() {
                tracing::warn!("cannot remove {}", journal_path.display());
            }
            return Err(cannot_write(&key, cause));
        }
        for (_, backup) in &aside {
            if let Err(e) = remove_any(backup) {
                tracing::warn!("cannot remove the old {}: {e}", backup.display());
            }
        }
        // The new set is in place: a journal left behind is finished (harmlessly) by a later write.
        if let Err(e) = std::fs::remove_file(&journal_path).and_then(|()| sync_folder(&self.folder)) {
            tracing::warn!("cannot remove {}: {e}", journal_path.display());
        }
        let mut total = 0;
        for (temp, target) in std::mem::take(&mut self.members) {
            temp.committed();
            total += size_of(&target)?;
        }
        Ok(total)
    }

    fn check_in_folder(&self, target: &Path) -> Result<()> {
        if folder_of(target)? != self.folder {
            return Err(cannot_write(target, std::io::Error::other("a set's members are in one folder")));
        }
        Ok(())
    }
}

/// Before a set of files is read: finishes a commit of the set keyed by `key` that a killed
/// process left, and removes the temporaries of killed writes beside it. Errors are not the
/// reader's (a read-only folder, say): it reads what is there.
pub fn recover_beside(key: &Path, members: &[&Path]) {
    let Ok(folder) = folder_of(key) else { return };
    if let Err(e) = recover_set(&folder, key) {
        tracing::debug!("cannot finish the interrupted save of {}: {e}", key.display());
    }
    remove_stale_temps(&folder, &journal_temp_target(key));
    for member in std::iter::once(key).chain(members.iter().copied()) {
        remove_stale_temps(&folder, member);
    }
}

/// While the returned guard lives, every [`write_file`] and [`FileSet::commit`] on this thread
/// fails after writing its temporary files and before the first rename, as a crash there would.
/// For tests of what survives.
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

/// While the returned guard lives, the `n`-th rename (from 0) of a [`FileSet::commit`] on this
/// thread fails, as an I/O error there would. For tests of the rollback.
#[doc(hidden)]
pub fn fail_at_rename(n: usize) -> FailAtRename {
    FAIL_AT_RENAME.with(|flag| flag.set(Some(n)));
    FailAtRename(())
}

/// Ends the injected failure of [`fail_at_rename`] when dropped.
#[doc(hidden)]
#[derive(Debug)]
pub struct FailAtRename(());

impl Drop for FailAtRename {
    fn drop(&mut self) {
        FAIL_AT_RENAME.with(|flag| flag.set(None));
    }
}

thread_local! {
    static FAIL_BEFORE_RENAME: Cell<bool> = const { Cell::new(false) };
    static FAIL_AT_RENAME: Cell<Option<usize>> = const { Cell::new(None) };
}

/// A rename of a set's commit, which [`fail_at_rename`] can make fail.
fn rename_checked(from: &Path, to: &Path) -> std::io::Result<()> {
    let injected = FAIL_AT_RENAME.with(|flag| match flag.get() {
        Some(0) => true,
        Some(n) => {
            flag.set(Some(n - 1));
            false
        }
        None => false,
    });
    if injected {
        return Err(std::io::Error::other("the rename failed (injected failure)"));
    }
    std::fs::rename(from, to)
}

/// The journal of a set's commit: what a recovery must rename and remove, by file name (every
/// member is in one folder).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Journal {
    format: String,
    pid: u32,
    n: u64,
    /// (temporary, target) of each new member, the key last.
    renames: Vec<(String, String)>,
    /// Old members the new set does not have.
    removes: Vec<String>,
}

const JOURNAL_FORMAT: &str = "rustgis-file-set/1";

impl Journal {
    fn new(set: &FileSet) -> Journal {
        let name = |path: &Path| path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        Journal {
            format: JOURNAL_FORMAT.to_owned(),
            pid: std::process::id(),
            n: COUNTER.fetch_add(1, Ordering::Relaxed),
            renames: set.members.iter().map(|(temp, target)| (name(&temp.path), name(target))).collect(),
            removes: set.stale.iter().map(|p| name(p)).collect(),
        }
    }

    /// Writes the journal beside `key` (synced, renamed into place, the folder synced) and
    /// returns its path.
    fn write(&self, folder: &Path, key: &Path) -> std::io::Result<PathBuf> {
        let text = serde_json::to_vec(self).map_err(std::io::Error::other)?;
        let name = key.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let path = folder.join(format!(".{name}.{}.{}.set", self.pid, self.n));
        let (file, temp) = create_temp(folder, &journal_temp_target(key))?;
        let guard = TempGuard { path: temp, synced: false };
        let mut out = BufWriter::new(file);
        std::io::Write::write_all(&mut out, &text)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&guard.path, &path)?;
        guard.committed();
        sync_folder(folder)?;
        Ok(path)
    }
}

/// The name a journal's own temporary file is made for (`.<key>.set.<pid>.<n>.tmp`), so that the
/// temporaries of journals killed before their rename are found as any other.
fn journal_temp_target(key: &Path) -> PathBuf {
    let name = key.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    key.with_file_name(format!("{name}.set"))
}

/// Where an old member waits while a set is committed: `.<name>.<pid>.<n>.old`.
fn backup_of(journal: &Journal, target: &Path) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    target.with_file_name(format!(".{name}.{}.{}.old", journal.pid, journal.n))
}

/// Finishes the commits of the set keyed by `key` whose processes are gone: renames in the new
/// members still in their temporaries, removes the stale and the old members moved aside, then
/// the journal. A journal of a running process (a commit under way) is left alone.
fn recover_set(folder: &Path, key: &Path) -> std::io::Result<()> {
    let Some(name) = key.file_name().map(|n| n.to_string_lossy().into_owned()) else { return Ok(()) };
    let Ok(entries) = std::fs::read_dir(folder) else { return Ok(()) };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)).and_then(|r| r.strip_suffix(".set"))
        else {
            continue;
        };
        let Some(pid) = rest.split_once('.').and_then(|(pid, _)| pid.parse::<u32>().ok()) else { continue };
        if pid == std::process::id() || !process_is_gone(pid) {
            continue;
        }
        let text = std::fs::read(entry.path())?;
        let Ok(journal) = serde_json::from_slice::<Journal>(&text) else {
            // Not ours (or damaged before it was renamed into place, which cannot happen): leave it.
            tracing::warn!("{} is not a journal RustGIS can finish", entry.path().display());
            continue;
        };
        if journal.format != JOURNAL_FORMAT {
            continue;
        }
        let in_folder = |name: &str| -> Option<PathBuf> {
            let path = Path::new(name);
            (path.components().count() == 1 && !name.is_empty()).then(|| folder.join(path))
        };
        for (temp, target) in &journal.renames {
            let (Some(temp), Some(target)) = (in_folder(temp), in_folder(target)) else { continue };
            if temp.exists() {
                std::fs::rename(&temp, &target)?;
            }
        }
        for stale in &journal.removes {
            if let Some(stale) = in_folder(stale) {
                match remove_any(&stale) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                    _ => {}
                }
            }
        }
        for target in journal.renames.iter().map(|(_, t)| t).chain(&journal.removes) {
            if let Some(target) = in_folder(target) {
                match remove_any(&backup_of(&journal, &target)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                    _ => {}
                }
            }
        }
        sync_folder(folder)?;
        std::fs::remove_file(entry.path())?;
        sync_folder(folder)?;
    }
    Ok(())
}

/// The folder of `path`, which must exist; refuses a `path` that is a folder.
fn folder_of(path: &Path) -> Result<PathBuf> {
    if path.is_dir() {
        return Err(cannot_write(path, std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a folder")));
    }
    parent_of(path)
}

/// The folder holding `path` (a file or a folder), which must exist.
fn parent_of(path: &Path) -> Result<PathBuf> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(cannot_write(
            path,
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("the folder {} does not exist", folder.display()),
            ),
        ));
    }
    Ok(folder)
}

/// Writes a temporary file for `target` with `write`, flushed and synced.
fn write_temp(
    folder: &Path,
    target: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<()>,
) -> Result<TempGuard> {
    ignore_file_size_signal();
    let (file, temp) = create_temp(folder, target).map_err(|e| cannot_write(target, e))?;
    let mut guard = TempGuard { path: temp, synced: false };
    let mut out = BufWriter::with_capacity(1 << 16, file);
    write(&mut out).map_err(|e| explain_write_error(e, target))?;
    let file = out.into_inner().map_err(|e| cannot_write(target, e.into_error()))?;
    file.sync_all().map_err(|e| cannot_write(target, e))?;
    guard.synced = true;
    Ok(guard)
}

/// The size of a file just written.
fn size_of(path: &Path) -> Result<u64> {
    std::fs::metadata(path).map(|m| m.len()).map_err(|source| Error::Io {
        action: "cannot find the file just written",
        path: path.to_owned(),
        cause: source,
    })
}

/// The error of a write, its cause made plain where the system's words are not: a full disk, a
/// file past the size limit the process may write.
pub fn cannot_write(path: &Path, cause: std::io::Error) -> Error {
    Error::Io { action: "cannot write", path: path.to_owned(), cause: plain_cause(cause) }
}

/// A write error from a writer (which may have made its own error, or wrapped the system's in a
/// library's, as the parquet crate does) with its cause made plain as [`cannot_write`] does.
fn explain_write_error(error: Error, target: &Path) -> Error {
    match error {
        Error::Io { action, path, cause } => Error::Io { action, path, cause: plain_cause(cause) },
        other => match os_error_in_text(&other.to_string()) {
            Some(code) => cannot_write(target, std::io::Error::from_raw_os_error(code)),
            None => other,
        },
    }
}

const EFBIG: i32 = 27;
const ENOSPC: i32 = 28;

/// `EFBIG` or `ENOSPC` named in an error's text (`… (os error 28)`), when a library kept only
/// the text of the system's error.
fn os_error_in_text(text: &str) -> Option<i32> {
    [EFBIG, ENOSPC].into_iter().find(|code| text.contains(&format!("(os error {code})")))
}

/// `EFBIG` (past `ulimit -f`) and `ENOSPC` (a full disk) in words that say what to do.
fn plain_cause(cause: std::io::Error) -> std::io::Error {
    let code = cause.raw_os_error().or_else(|| os_error_in_text(&cause.to_string()));
    match code {
        Some(EFBIG) => std::io::Error::new(
            cause.kind(),
            "the file would grow past the largest file this process may write (its file-size limit, `ulimit -f`); \
             nothing was replaced: raise the limit or write less",
        ),
        Some(ENOSPC) => std::io::Error::new(
            cause.kind(),
            "the disk is full; nothing was replaced: free some space or write to another disk",
        ),
        _ => cause,
    }
}

/// Makes a write past the process's file-size limit (`RLIMIT_FSIZE`) fail with `EFBIG` instead
/// of killing the process with `SIGXFSZ` (its default action), once per process: the signal is
/// caught and only noted.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            if let Err(e) = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, flag) {
                tracing::warn!("cannot catch SIGXFSZ; a write past the file-size limit would end the program: {e}");
            }
        });
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Creates `.name.<pid>.<n>.tmp` beside the target; `create_new` so two writers never share one.
fn create_temp(folder: &Path, target: &Path) -> std::io::Result<(File, PathBuf)> {
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

/// Removes `.name.<pid>.<n>.tmp` files beside the target whose writer is gone, and the files
/// SQLite made beside them (`.tmp-journal`, `.tmp-wal`, `.tmp-shm` of a GeoPackage's scratch
/// copy): a save killed with kill -9 leaves its temporary behind (1.1 GB after six kills of a
/// large save; 1.98 GB of scratch databases after 30 killed GeoPackage exports). Only temporaries
/// of this target, of processes that no longer run, are touched; when that cannot be told (not
/// Linux, an unreadable folder), nothing is.
fn remove_stale_temps(folder: &Path, target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else { return };
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else { continue };
        let Some(rest) =
            ["", "-journal", "-wal", "-shm"].iter().find_map(|sqlite| rest.strip_suffix(&format!(".tmp{sqlite}")))
        else {
            continue;
        };
        let Some((pid, n)) = rest.split_once('.') else { continue };
        let (Ok(pid), true) = (pid.parse::<u32>(), n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty()) else {
            continue;
        };
        if pid != std::process::id() && process_is_gone(pid) && remove_any(&entry.path()).is_err() {
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

/// Removes a file, or a folder with everything in it.
fn remove_any(path: &Path) -> std::io::Result<()> {
    if std::fs::symlink_metadata(path)?.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) }
}

/// Syncs a file, or a folder and everything in it, to disk: on Linux with one `syncfs` of the
/// file system holding it (a folder of ten thousand tiles is one call, not ten thousand).
fn sync_tree(path: &Path) -> std::io::Result<()> {
    let file = File::open(path)?;
    if !file.metadata()?.is_dir() {
        return file.sync_all();
    }
    #[cfg(target_os = "linux")]
    {
        rustix::fs::syncfs(&file).map_err(std::io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        for entry in std::fs::read_dir(path)? {
            sync_tree(&entry?.path())?;
        }
        sync_folder(path)
    }
}

/// Makes the renames themselves durable. Some file systems cannot sync a folder; that is not an
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
#[derive(Debug)]
struct TempGuard {
    path: PathBuf,
    /// Whether its content is synced to disk.
    synced: bool,
}

impl TempGuard {
    fn committed(self) {
        std::mem::forget(self);
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        // Nothing can be reported from a drop; the error that got us here is already on its way.
        if remove_any(&self.path).is_err() {
            // The temporary file stays; its leading dot keeps it out of most listings.
        }
        // SQLite's files beside a scratch database, if it left any.
        for suffix in ["-journal", "-wal", "-shm"] {
            let mut sidecar = self.path.clone().into_os_string();
            sidecar.push(suffix);
            if std::fs::remove_file(PathBuf::from(sidecar)).is_err() {
                // Usually not there.
            }
        }
    }
}
