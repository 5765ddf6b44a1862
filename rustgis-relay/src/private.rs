//! The relay's private folder and the tokens in it: made with the operating system's random
//! source, written only to files the current user alone can read, never on a command line.

use std::io::Write;
use std::path::{Path, PathBuf};

use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// A relay token: 16 random bytes as 32 lowercase hex characters, wiped from memory on drop.
#[derive(Clone)]
pub struct Token(Zeroizing<String>);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// Draws a new token from the operating system's random source.
    pub fn generate() -> Result<Token> {
        let mut bytes = Zeroizing::new([0u8; 16]);
        getrandom::fill(bytes.as_mut()).map_err(|e| Error::Random(e.to_string()))?;
        let mut text = Zeroizing::new(String::with_capacity(32));
        for b in bytes.iter() {
            text.push(char::from_digit(u32::from(b >> 4), 16).expect("a nibble is a hex digit"));
            text.push(char::from_digit(u32::from(b & 0xf), 16).expect("a nibble is a hex digit"));
        }
        Ok(Token(text))
    }

    /// A token read from text (a token file's contents), when it is 32 hex characters.
    pub fn parse(text: &str) -> Option<Token> {
        let text = text.trim();
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Token(Zeroizing::new(text.to_ascii_lowercase())))
    }

    /// The token's text, for the attach message only.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Compares with `other` without stopping at the first difference.
    pub fn matches(&self, other: &str) -> bool {
        // Tokens have a fixed length, so subtle's early return on a length mismatch reveals nothing.
        self.0.as_bytes().ct_eq(other.as_bytes()).into()
    }
}

/// A random 64-bit number (a relay run's id).
pub(crate) fn random_u64() -> Result<u64> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| Error::Random(e.to_string()))?;
    Ok(u64::from_le_bytes(bytes))
}

/// The relay's private folder: `$XDG_RUNTIME_DIR/rustgis` when that variable is an absolute
/// path to a folder that exists, otherwise `rustgis-mcp-<user>` in the system's temporary folder.
pub fn default_private_dir() -> PathBuf {
    private_dir_for(std::env::var_os("XDG_RUNTIME_DIR").as_deref())
}

/// [`default_private_dir`] for a value of `XDG_RUNTIME_DIR` (`None` when unset). A runtime folder
/// that does not exist is not made: the system makes it at login (and owns its mode), so a value
/// naming a missing one is a mistake, and the per-user temporary folder is used instead.
pub fn private_dir_for(xdg_runtime_dir: Option<&std::ffi::OsStr>) -> PathBuf {
    if let Some(runtime) = xdg_runtime_dir.map(PathBuf::from)
        && runtime.is_absolute()
        && runtime.is_dir()
    {
        return runtime.join("rustgis");
    }
    #[allow(clippy::disallowed_methods, reason = "this is the private folder helper such a lint would point to")]
    let temp = std::env::temp_dir();
    temp.join(format!("rustgis-mcp-{}", user_name()))
}

fn user_name() -> String {
    #[cfg(unix)]
    {
        rustix::process::geteuid().as_raw().to_string()
    }
    #[cfg(not(unix))]
    {
        let name = std::env::var("USERNAME").unwrap_or_else(|_| "user".to_owned());
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect()
    }
}

/// The file holding the relay's own token for `port`.
pub fn token_path(dir: &Path, port: u16) -> PathBuf {
    dir.join(format!("{port}.token"))
}

/// Reads the token of the relay on `port` from the default private folder, checking that the
/// folder and the file are the current user's alone. What `rustgis-cli mcp --attach` uses.
pub fn read_token(port: u16) -> Result<Token> {
    let dir = default_private_dir();
    let path = token_path(&dir, port);
    if !dir.exists() || std::fs::symlink_metadata(&path).is_err() {
        return Err(Error::NoRelay { port, path });
    }
    check_dir(&dir)?;
    read_token_file(&path)
}

/// Reads a token file (the relay's own, or a grant's), refusing a symlink, a file that is not
/// the current user's, or one that others may read.
pub fn read_token_file(path: &Path) -> Result<Token> {
    let meta = std::fs::symlink_metadata(path).map_err(|source| Error::Io {
        action: "cannot read the token file",
        path: path.to_owned(),
        source,
    })?;
    if meta.file_type().is_symlink() {
        return Err(not_private(path, "the token file is a symbolic link, which is refused"));
    }
    if !meta.is_file() {
        return Err(not_private(path, "the token file is not a regular file"));
    }
    check_owner_and_mode(path, &meta)?;
    let text = Zeroizing::new(std::fs::read_to_string(path).map_err(|source| Error::Io {
        action: "cannot read the token file",
        path: path.to_owned(),
        source,
    })?);
    Token::parse(&text).ok_or_else(|| not_private(path, "the file does not hold a relay token (32 hex characters)"))
}

/// Makes the private folder (mode 0700) when missing, and checks that it is a folder owned by
/// the current user that no one else may enter.
pub(crate) fn ensure_dir(dir: &Path) -> Result<()> {
    if std::fs::symlink_metadata(dir).is_err() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir).map_err(|source| Error::Io {
            action: "cannot make the private folder",
            path: dir.to_owned(),
            source,
        })?;
    }
    check_dir(dir)
}

pub(crate) fn check_dir(dir: &Path) -> Result<()> {
    let meta = std::fs::symlink_metadata(dir).map_err(|source| Error::Io {
        action: "cannot read the private folder",
        path: dir.to_owned(),
        source,
    })?;
    if meta.file_type().is_symlink() {
        return Err(not_private(dir, "the folder is a symbolic link, which is refused"));
    }
    if !meta.is_dir() {
        return Err(not_private(dir, "it is not a folder"));
    }
    check_owner_and_mode(dir, &meta)
}

#[cfg(unix)]
fn check_owner_and_mode(path: &Path, meta: &std::fs::Metadata) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let me = rustix::process::geteuid().as_raw();
    if meta.uid() != me {
        return Err(not_private(path, &format!("it belongs to user {} and not to you ({me})", meta.uid())));
    }
    if meta.mode() & 0o077 != 0 {
        return Err(not_private(
            path,
            &format!(
                "its mode {:o} lets the group or others in; only its owner may use it (chmod go-rwx)",
                meta.mode() & 0o777
            ),
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_owner_and_mode(_path: &Path, _meta: &std::fs::Metadata) -> Result<()> {
    // On Windows the folder sits in the user's profile, protected by its permissions.
    Ok(())
}

fn not_private(path: &Path, problem: &str) -> Error {
    Error::NotPrivate { path: path.to_owned(), problem: problem.to_owned() }
}

/// Writes `contents` to a new file only the current user can read (0600, never following a
/// link); an old file of that name is replaced.
pub(crate) fn write_private(path: &Path, contents: &[u8]) -> Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.is_dir() {
            return Err(not_private(path, "a folder has the file's name"));
        }
        remove_file(path)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    let io = |source| Error::Io { action: "cannot write", path: path.to_owned(), source };
    let mut file = options.open(path).map_err(io)?;
    file.write_all(contents).and_then(|()| file.sync_all()).map_err(io)
}

/// Creates a private file holding `contents` only when no file of that name exists, without
/// readers ever seeing half of it (written under a temporary name, then hard-linked into place).
/// Returns `false` when the file already existed (another process may have made it first).
pub(crate) fn create_private_if_absent(path: &Path, contents: &[u8]) -> Result<bool> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    write_private(&tmp, contents)?;
    let linked = std::fs::hard_link(&tmp, path);
    remove_file(&tmp)?;
    match linked {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(source) => Err(Error::Io { action: "cannot write", path: path.to_owned(), source }),
    }
}

/// Makes a settings folder (mode 0700) when missing, and checks that it is a folder owned by the
/// current user that no one else may write to. Unlike the private folder it may be a link (to a
/// dotfiles checkout, say) and others may list it: the files in it keep themselves private.
pub(crate) fn ensure_settings_dir(dir: &Path) -> Result<()> {
    if std::fs::metadata(dir).is_err() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir).map_err(|source| Error::Io {
            action: "cannot make the settings folder",
            path: dir.to_owned(),
            source,
        })?;
    }
    let meta = std::fs::metadata(dir).map_err(|source| Error::Io {
        action: "cannot read the settings folder",
        path: dir.to_owned(),
        source,
    })?;
    if !meta.is_dir() {
        return Err(not_private(dir, "it is not a folder"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = rustix::process::geteuid().as_raw();
        if meta.uid() != me {
            return Err(not_private(dir, &format!("it belongs to user {} and not to you ({me})", meta.uid())));
        }
        if meta.mode() & 0o022 != 0 {
            return Err(not_private(
                dir,
                &format!(
                    "its mode {:o} lets the group or others replace the files in it (chmod go-w)",
                    meta.mode() & 0o777
                ),
            ));
        }
    }
    Ok(())
}

/// Writes a private file through a temporary name and a rename, so readers never see half of it.
pub(crate) fn write_private_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    write_private(&tmp, contents)?;
    std::fs::rename(&tmp, path).map_err(|source| Error::Io { action: "cannot write", path: path.to_owned(), source })
}

/// Removes a file; a file already gone is fine.
pub(crate) fn remove_file(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Error::Io { action: "cannot remove", path: path.to_owned(), source }),
    }
}

/// Removes what a relay that is gone left for `port` in the private folder, once this process
/// holds the port (so no relay listens there): its token and grant files, and `endpoint.json`
/// when it names this port or a process that no longer runs (a crash or `kill -9` leaves them).
/// Returns a sentence per thing replaced, for standard error.
pub(crate) fn clear_stale(dir: &Path, port: u16) -> Vec<String> {
    let mut notices = Vec::new();
    let token = token_path(dir, port);
    if std::fs::symlink_metadata(&token).is_ok() {
        match remove_file(&token) {
            Ok(()) => notices.push(format!(
                "replaced the stale token file {} left by a relay on port {port} that no longer runs (a crash or kill -9)",
                token.display()
            )),
            Err(e) => tracing::warn!("cannot remove a stale token file: {e:#}"),
        }
    }
    let grant_prefix = format!("{port}-");
    let mut grants = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&grant_prefix) && name.ends_with(".token") {
            match remove_file(&entry.path()) {
                Ok(()) => grants += 1,
                Err(e) => tracing::warn!("cannot remove a stale grant file: {e:#}"),
            }
        }
    }
    if grants > 0 {
        notices.push(format!("removed {grants} stale grant file(s) of a relay on port {port} that no longer runs"));
    }
    let endpoint = dir.join("endpoint.json");
    let described = std::fs::read_to_string(&endpoint)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .map(|e| (e["pid"].as_u64(), e["port"].as_u64()));
    if let Some((pid, their_port)) = described {
        let gone = pid.is_none_or(|pid| !process_runs(pid));
        if gone || their_port == Some(u64::from(port)) {
            match remove_file(&endpoint) {
                Ok(()) => notices.push(format!(
                    "replaced a stale endpoint.json (pid {}, port {}): {}",
                    pid.map_or_else(|| "unknown".to_owned(), |p| p.to_string()),
                    their_port.map_or_else(|| "unknown".to_owned(), |p| p.to_string()),
                    if gone { "that process no longer runs" } else { "no relay listens on that port any more" }
                )),
                Err(e) => tracing::warn!("cannot remove a stale endpoint.json: {e:#}"),
            }
        }
    }
    notices
}

/// Whether a process with this id runs (one of another user's counts as running).
pub(crate) fn process_runs(pid: u64) -> bool {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else { return false };
        match rustix::process::test_kill_process(pid) {
            Ok(()) => true,
            Err(e) => e != rustix::io::Errno::SRCH,
        }
    }
    #[cfg(not(unix))]
    {
        // Without a cheap check, trust the file: it is replaced when this relay writes its own.
        let _unchecked = pid;
        true
    }
}
