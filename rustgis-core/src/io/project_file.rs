//! The paths a project file names: made absolute as the operating system resolves them, written
//! relative to the project's folder, and whether one lies outside it. The `.rgis` format itself is
//! `project/file.rs`.

use std::path::{Component, Path, PathBuf};

/// Whether `file` lies outside `folder`, both resolved as the system resolves them where they
/// exist (a link inside the folder to a file elsewhere is outside).
pub(crate) fn is_outside(file: &Path, folder: &Path) -> bool {
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| absolute(folder));
    let file = std::fs::canonicalize(file).unwrap_or_else(|_| absolute(file));
    !file.starts_with(&folder)
}

/// An absolute path with `.` and `..` resolved as the operating system does: a `..` after a
/// symlink leaves the folder the link points to (`/a/link/../x` is `<link's target>/../x`), so
/// the part before it is resolved first when it exists. Other symlinks stay as written.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir().map(|cwd| cwd.join(path)).unwrap_or_else(|_| path.to_owned())
    };
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if out.is_symlink()
                    && let Ok(real) = std::fs::canonicalize(&out)
                {
                    out = real;
                }
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `target` relative to `folder` (both absolute), with `/` separators; `target` itself when they
/// share no root (another drive).
pub(crate) fn relative_path(target: &Path, folder: &Path) -> String {
    let target_parts: Vec<Component> = target.components().collect();
    let folder_parts: Vec<Component> = folder.components().collect();
    let common = target_parts.iter().zip(&folder_parts).take_while(|(a, b)| a == b).count();
    let shares_root = common > 0 && !matches!(target_parts.first(), Some(Component::Prefix(_)) if common == 1);
    if !shares_root {
        return target.to_string_lossy().into_owned();
    }
    let ups = std::iter::repeat_n("..".to_owned(), folder_parts.len() - common);
    let downs = target_parts[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned());
    ups.chain(downs).collect::<Vec<_>>().join("/")
}
