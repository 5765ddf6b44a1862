//! Roots: the folders whose files a caller may read (and, unless read-only, write), set by
//! whoever started the server (`rustgis-cli mcp --root`, the headless relay's `--root`, a grant
//! of the app), and the one check every file path a command takes goes through.
//!
//! A path is resolved as the system would open it before it is compared: `..` and symbolic
//! links are followed ([`std::fs::canonicalize`]), and a file that does not exist yet (an output)
//! is resolved through the deepest folder above it that does. It must then lie below a root
//! (compared component by component, so `/data2` is not below `/data`; ignoring case where the
//! system does: Windows and macOS); the most specific root decides whether it may be written.
//! A caller with no roots is limited by the refusal policy alone.

use std::fmt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

/// What a command does with a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileUse {
    /// Reads it (or lists a folder).
    Read,
    /// Writes it (creates or replaces it).
    Write,
}

/// One root: a folder (canonical: absolute, without links or `..`) and whether files below it
/// may be written.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Root {
    path: PathBuf,
    writable: bool,
}

impl Root {
    /// The root `folder` (resolved now: it must exist and be a folder), read-write or read-only.
    /// The error says why the folder cannot be a root.
    pub fn new(folder: &Path, writable: bool) -> Result<Root, String> {
        let expanded = expand_home(folder);
        let path = std::fs::canonicalize(&expanded)
            .map_err(|e| format!("the root {} cannot be used: {e}", folder.display()))?;
        if !path.is_dir() {
            return Err(format!("the root {} is not a folder", folder.display()));
        }
        Ok(Root { path, writable })
    }

    /// The folder, resolved.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether files below it may be written.
    pub fn writable(&self) -> bool {
        self.writable
    }

    /// `/home/me/maps (read-write)`.
    fn described(&self) -> String {
        format!("{} ({})", self.path.display(), if self.writable { "read-write" } else { "read-only" })
    }
}

/// The roots of a caller: none (files anywhere the refusal policy allows), or the folders whose
/// files it may use. Cheap to clone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roots(Arc<[Root]>);

impl Roots {
    /// These roots, in the order given (the first is where relative paths go when the project
    /// has no file). A folder given twice is kept once, read-only if either was.
    pub fn new(roots: impl IntoIterator<Item = Root>) -> Roots {
        let mut kept: Vec<Root> = Vec::new();
        for root in roots {
            match kept.iter_mut().find(|r| same_path(&r.path, &root.path)) {
                Some(r) => r.writable &= root.writable,
                None => kept.push(root),
            }
        }
        Roots(kept.into())
    }

    /// Whether there are none (no limit beyond the refusal policy).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The roots, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Root> {
        self.0.iter()
    }

    /// The first root: where relative paths go when the project has no file.
    pub fn first(&self) -> Option<&Root> {
        self.0.first()
    }

    /// The root `path` lies below (the most specific, when roots nest), if any. `path` should be
    /// resolved ([`resolve`]).
    pub fn root_of(&self, path: &Path) -> Option<&Root> {
        self.0.iter().filter(|r| below(path, &r.path)).max_by_key(|r| r.path.components().count())
    }

    /// Whether these roots fit inside `outer`: each lies below one of `outer`'s, and is
    /// read-write only where that one is. `outer` empty holds everything.
    pub fn within(&self, outer: &Roots) -> Result<Roots, String> {
        if outer.is_empty() {
            return Ok(self.clone());
        }
        let mut fitted = Vec::new();
        for root in self.iter() {
            let Some(holder) = outer.root_of(&root.path) else {
                return Err(format!(
                    "the root {} is outside the relay's own roots, {}",
                    root.path.display(),
                    outer.described()
                ));
            };
            fitted.push(Root { path: root.path.clone(), writable: root.writable && holder.writable });
        }
        Ok(Roots::new(fitted))
    }

    /// `/home/me/maps (read-write) and /data (read-only)`.
    pub fn described(&self) -> String {
        let parts: Vec<String> = self.iter().map(Root::described).collect();
        match parts.as_slice() {
            [] => "none".to_owned(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// Checks `path` (absolute: a command's parameter already made absolute) for `usage`:
    /// `Ok` with the path resolved (`..` and links followed, as it will be opened), or `Err`
    /// with why it is refused, in words that follow "cannot read/write PATH: ". Without roots,
    /// `path` comes back as it is.
    pub fn check(&self, path: &Path, usage: FileUse) -> Result<PathBuf, Denied> {
        if self.is_empty() {
            return Ok(path.to_owned());
        }
        let resolved = resolve(path).map_err(Denied::Unresolved)?;
        let Some(root) = self.root_of(&resolved) else {
            return Err(Denied::Outside { resolved: Some(resolved) });
        };
        if usage == FileUse::Write && !root.writable {
            return Err(Denied::ReadOnly { root: root.path.clone() });
        }
        Ok(resolved)
    }

    /// The whole message of a refusal of `command` to `usage` `given` (as the caller wrote it):
    /// `ACCESS_DENIED: …`, naming the roots and what would be accepted.
    pub fn denial(&self, command: &str, given: &str, usage: FileUse, denied: &Denied) -> String {
        let verb = match usage {
            FileUse::Read => "read",
            FileUse::Write => "write",
        };
        let why = match denied {
            Denied::Outside { resolved: Some(resolved) } if Path::new(given) != resolved => format!(
                "it resolves to {} (following `..` and symbolic links), which is outside the folders this server may \
                 use",
                resolved.display()
            ),
            Denied::Outside { .. } => "it is outside the folders this server may use".to_owned(),
            Denied::ReadOnly { root } => format!("{} is a read-only root", root.display()),
            Denied::Unresolved(why) => why.clone(),
        };
        let writable: Vec<String> = self.iter().filter(|r| r.writable).map(|r| r.path.display().to_string()).collect();
        let accepted = match (usage, writable.as_slice()) {
            (FileUse::Write, []) => "every root is read-only: this server writes no files".to_owned(),
            (FileUse::Write, folders) => format!("files may be written below {}", folders.join(", ")),
            (FileUse::Read, _) => "give a path below one of them".to_owned(),
        };
        let relative = self
            .first()
            .map(|r| format!(" (a relative path is taken from the project's folder, else {})", r.path.display()))
            .unwrap_or_default();
        format!(
            "ACCESS_DENIED: {command} cannot {verb} {given}: {why}. The roots are {}; {accepted}{relative}; files.list \
             shows what they hold",
            self.described()
        )
    }
}

/// Why [`Roots::check`] refused a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Denied {
    /// It lies below no root; `resolved` is where it leads (`..` and links followed).
    Outside {
        /// The path resolved.
        resolved: Option<PathBuf>,
    },
    /// It lies below a read-only root and is to be written.
    ReadOnly {
        /// That root.
        root: PathBuf,
    },
    /// It cannot be resolved (a link to nothing, `..` below a folder that does not exist).
    Unresolved(String),
}

impl fmt::Display for Denied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Denied::Outside { .. } => f.write_str("outside the roots"),
            Denied::ReadOnly { root } => write!(f, "{} is read-only", root.display()),
            Denied::Unresolved(why) => f.write_str(why),
        }
    }
}

/// `~` and `~/…` as the home folder.
pub fn expand_home(path: &Path) -> PathBuf {
    let mut components = path.components();
    match components.next() {
        Some(Component::Normal(first)) if first == "~" => match home() {
            Some(home) => home.join(components.as_path()),
            None => path.to_owned(),
        },
        _ => path.to_owned(),
    }
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE")).map(PathBuf::from).filter(|p| p.is_absolute())
}

/// `path` (absolute) as the system will open it: every `..` and symbolic link followed. A path
/// that does not exist yet is the deepest folder above it that does, resolved, with the rest of
/// its names after it; that rest may hold no `..` (the system could not follow it either), and
/// its first name may not be a link (it would lead where nothing can be checked).
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    if let Ok(resolved) = std::fs::canonicalize(path) {
        return Ok(resolved);
    }
    let components: Vec<Component<'_>> = path.components().collect();
    let Some((found, kept)) = (1..components.len()).rev().find_map(|kept| {
        let prefix: PathBuf = components[..kept].iter().collect();
        std::fs::canonicalize(prefix).ok().map(|resolved| (resolved, kept))
    }) else {
        return Err(format!("{} cannot be resolved", path.display()));
    };
    let rest = &components[kept..];
    let mut resolved = found;
    for (idx, component) in rest.iter().enumerate() {
        match component {
            Component::Normal(name) => {
                resolved.push(name);
                if idx == 0 && std::fs::symlink_metadata(&resolved).is_ok() {
                    let target = std::fs::read_link(&resolved)
                        .map_or_else(|_| "nothing".to_owned(), |t| t.display().to_string());
                    return Err(format!(
                        "{} is a symbolic link to {target}, which does not exist, so where it leads cannot be checked",
                        resolved.display()
                    ));
                }
            }
            Component::CurDir => {}
            _ => {
                return Err(format!(
                    "{} goes up (`..`) from {}, a folder that does not exist",
                    path.display(),
                    resolved.display()
                ));
            }
        }
    }
    Ok(resolved)
}

/// Whether `path` lies below (or is) `folder`, both resolved: compared by component, ignoring case
/// where the file system usually does.
fn below(path: &Path, folder: &Path) -> bool {
    let mut path = path.components();
    folder.components().all(|f| path.next().is_some_and(|p| same_component(p.as_os_str(), f.as_os_str())))
}

fn same_path(a: &Path, b: &Path) -> bool {
    below(a, b) && below(b, a)
}

fn same_component(a: &std::ffi::OsStr, b: &std::ffi::OsStr) -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        a.to_string_lossy().to_lowercase() == b.to_string_lossy().to_lowercase()
    } else {
        a == b
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "the tests make their folders and files directly")]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rustgis-roots-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        std::fs::canonicalize(&dir).expect("resolved")
    }

    #[test]
    fn paths_below_a_root_pass_and_others_are_denied() {
        let dir = temp("below");
        std::fs::create_dir_all(dir.join("maps/out")).expect("folders");
        std::fs::create_dir_all(dir.join("maps2")).expect("folders");
        std::fs::create_dir_all(dir.join("maps/ro")).expect("folders");
        let roots = Roots::new([
            Root::new(&dir.join("maps"), true).expect("root"),
            Root::new(&dir.join("maps/ro"), false).expect("root"),
        ]);
        assert_eq!(roots.check(&dir.join("maps/a.geojson"), FileUse::Write), Ok(dir.join("maps/a.geojson")));
        assert_eq!(
            roots.check(&dir.join("maps/new/deeper/a.geojson"), FileUse::Write),
            Ok(dir.join("maps/new/deeper/a.geojson"))
        );
        assert!(matches!(roots.check(&dir.join("maps2/a.geojson"), FileUse::Read), Err(Denied::Outside { .. })));
        assert!(matches!(
            roots.check(&dir.join("maps/../maps2/a.geojson"), FileUse::Read),
            Err(Denied::Outside { resolved: Some(_) })
        ));
        assert!(matches!(roots.check(&dir.join("maps/ro/x.tif"), FileUse::Write), Err(Denied::ReadOnly { .. })));
        assert!(roots.check(&dir.join("maps/ro/x.tif"), FileUse::Read).is_ok());
        assert!(matches!(
            roots.check(&dir.join("maps/missing/../../maps2/x"), FileUse::Write),
            Err(Denied::Unresolved(_))
        ));
        assert_eq!(Roots::default().check(Path::new("/etc/passwd"), FileUse::Read), Ok(PathBuf::from("/etc/passwd")));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_before_the_check() {
        let dir = temp("links");
        std::fs::create_dir_all(dir.join("maps")).expect("folders");
        std::fs::create_dir_all(dir.join("secret")).expect("folders");
        std::fs::write(dir.join("secret/key"), "k").expect("a file");
        std::os::unix::fs::symlink(dir.join("secret/key"), dir.join("maps/key.geojson")).expect("link");
        std::os::unix::fs::symlink(dir.join("secret"), dir.join("maps/folder")).expect("link");
        std::os::unix::fs::symlink(dir.join("secret/none"), dir.join("maps/dangling.geojson")).expect("link");
        let roots = Roots::new([Root::new(&dir.join("maps"), true).expect("root")]);
        for path in ["maps/key.geojson", "maps/folder/key", "maps/folder/new.geojson"] {
            let denied = roots.check(&dir.join(path), FileUse::Write).expect_err(path);
            assert!(matches!(denied, Denied::Outside { resolved: Some(_) }), "{path}: {denied:?}");
        }
        assert!(matches!(roots.check(&dir.join("maps/dangling.geojson"), FileUse::Write), Err(Denied::Unresolved(_))));
        let message = roots.denial(
            "layer.open",
            "maps/key.geojson",
            FileUse::Read,
            &Denied::Outside { resolved: Some(dir.join("secret/key")) },
        );
        assert!(message.starts_with("ACCESS_DENIED: layer.open cannot read maps/key.geojson"), "{message}");
        assert!(
            message.contains(&dir.join("maps").display().to_string()) && message.contains("read-write"),
            "{message}"
        );
    }

    #[test]
    fn nested_roots_fit_inside_outer_ones_and_no_further() {
        let dir = temp("within");
        std::fs::create_dir_all(dir.join("a/b")).expect("folders");
        let outer = Roots::new([Root::new(&dir.join("a"), false).expect("root")]);
        let inner = Roots::new([Root::new(&dir.join("a/b"), true).expect("root")]);
        let fitted = inner.within(&outer).expect("inside");
        assert!(!fitted.iter().next().expect("one").writable(), "read-only inside a read-only root");
        let wider = Roots::new([Root::new(&dir, true).expect("root")]);
        assert!(wider.within(&outer).is_err());
    }
}
