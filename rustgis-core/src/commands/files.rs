//! `files.list`: the files an agent may open, so it can find the user's data: inside the roots
//! the server was started with, else the folder asked (the project's by default). Paged, filtered
//! by a glob pattern, recursive on request; each entry says whether RustGIS opens it.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx, ReadPath};
use crate::error::{Error, Result};
use crate::io::{FORMATS, Format};
use crate::policy::{Access, FileUse};

/// How many entries a page holds unless `limit` says.
const DEFAULT_LIMIT: usize = 100;
/// The most entries a page may hold.
const MAX_LIMIT: usize = 1000;
/// How deep a recursive listing goes below the folder listed.
const MAX_DEPTH: usize = 16;
/// The most entries a listing looks at (a recursive listing of a large tree stops there, saying so).
const MAX_SCANNED: usize = 100_000;
/// The longest pattern, in bytes.
const MAX_PATTERN_BYTES: usize = 1000;
/// The most patterns `{a,b}` alternatives may make.
const MAX_ALTERNATIVES: usize = 64;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("files.list")
            .summary("List the files you may open: in the server's roots (or a folder), by pattern, paged")
            .doc(
                "Lists the files and folders of `path` (default: every root the server was started with \
                 (`--root`), else the project's folder, else the current directory), sorted by path, with each \
                 entry's size, last change (UTC) and whether RustGIS opens it (`format`, and `open_with`: \
                 `layer.open` for data, `project.open` for a `.rgis` project). `pattern` keeps the names that match \
                 a glob, ignoring case: `*` any run of characters, `?` one, `[abc]` one of them, `{*.shp,*.gpkg}` \
                 either; a pattern with `/` matches the path below the folder (`**` any number of folders). \
                 `recursive` also lists what sub-folders hold (at most 16 levels down; links to folders are not \
                 followed). Page with `offset` and `limit` (default 100, at most 1000); `next_offset` is the next \
                 page's. Names starting with `.` are left out unless `hidden`. With roots, only what lies below them \
                 is listed (a link leading outside is left out) and a folder outside them is refused \
                 (`ACCESS_DENIED`, naming the roots); `roots` lists them, each read-write or read-only.",
            )
            .examples(&[
                "files.list {}",
                r#"files.list {"pattern": "{*.geojson,*.shp,*.gpkg,*.tif}", "recursive": true}"#,
                r#"files.list {"path": ".", "pattern": "*.rgis", "offset": 0, "limit": 20}"#,
            ])
            .access(Access::READS_FILES)
            .reads_returning(list),
    ]
}

/// Parameters of `files.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListParams {
    /// The folder to list (default: every root, else the project's folder, else the current
    /// directory). Relative paths resolve against the project file's folder (else the first root).
    path: Option<ReadPath>,
    /// Keep the names matching this glob, ignoring case (`*.geojson`, `{*.shp,*.gpkg}`); with `/`,
    /// the path below the folder (`data/**/*.tif`). Default: everything.
    pattern: Option<String>,
    /// Also list what sub-folders hold, at most 16 levels down (default false).
    #[serde(default)]
    recursive: bool,
    /// Also list names starting with `.` (default false).
    #[serde(default)]
    hidden: bool,
    /// How many matching entries to skip (default 0).
    offset: Option<usize>,
    /// How many entries to return, 1–1000 (default 100).
    limit: Option<usize>,
}

/// What `files.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FileList {
    /// The folders listed.
    folders: Vec<PathBuf>,
    /// This page's entries, sorted by path.
    entries: Vec<FileEntry>,
    /// How many entries match in all.
    total: usize,
    /// How many were skipped before this page.
    offset: usize,
    /// The `offset` of the next page, or null when this is the last.
    next_offset: Option<usize>,
    /// The roots the caller's files must lie below (empty: no roots, only the file access the
    /// server gives).
    roots: Vec<RootInfo>,
    /// Why the listing is not complete (a very large tree, a folder that cannot be read), when it is not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notices: Vec<String>,
}

/// A root, as `files.list` shows it.
#[derive(Debug, Serialize, JsonSchema)]
struct RootInfo {
    /// The folder.
    path: PathBuf,
    /// Whether files below it may be written (else read-only).
    writable: bool,
}

/// One file or folder.
#[derive(Debug, Serialize, JsonSchema)]
struct FileEntry {
    /// Its absolute path, as commands take it.
    path: PathBuf,
    /// `file` or `folder`.
    kind: EntryKind,
    /// Its size in bytes (null for a folder).
    size: Option<u64>,
    /// When it last changed, RFC 3339 in UTC, or null when the system does not say.
    modified: Option<String>,
    /// Whether RustGIS opens it (by its name; the command that opens it reads it to be sure).
    opens: bool,
    /// The format its name says, when RustGIS opens it (`geojson`, `shapefile`, `geotiff`,
    /// `rgis` for a project).
    format: Option<String>,
    /// The command that opens it: `layer.open` or `project.open`; null when RustGIS does not.
    open_with: Option<String>,
}

/// What an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum EntryKind {
    /// A file.
    File,
    /// A folder.
    Folder,
}

fn list(ctx: &mut Ctx<'_>, p: ListParams) -> Result<FileList> {
    let limit = p.limit.unwrap_or(DEFAULT_LIMIT);
    if limit == 0 || limit > MAX_LIMIT {
        return Err(Error::invalid("limit", format!("{limit} is not 1 to {MAX_LIMIT}; page with offset")));
    }
    let offset = p.offset.unwrap_or(0);
    let patterns = match p.pattern.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(pattern) => Some(Glob::parse(pattern)?),
        None => None,
    };
    let roots = ctx.caller().roots.clone();
    let folders: Vec<PathBuf> = match &p.path {
        Some(path) => vec![ctx.read_path(path)?],
        None if !roots.is_empty() => roots.iter().map(|root| root.path().to_owned()).collect(),
        None => vec![ctx.folder()],
    };
    let mut walk =
        Walk { ctx, patterns: patterns.as_ref(), hidden: p.hidden, found: Vec::new(), scanned: 0, notices: Vec::new() };
    for folder in &folders {
        let meta = match std::fs::metadata(folder) {
            Ok(meta) => meta,
            // A root that went away since the server started is named, the others listed.
            Err(e) if p.path.is_none() && folders.len() > 1 => {
                walk.notices.push(format!("{} was left out: {e}", folder.display()));
                continue;
            }
            Err(cause) => return Err(Error::Io { action: "cannot list", path: folder.clone(), cause }),
        };
        if meta.is_dir() {
            walk.folder(folder, folder, if p.recursive { MAX_DEPTH } else { 0 })?;
        } else if walk.keeps(folder.file_name().map(Path::new).unwrap_or(folder)) {
            walk.found.push(entry(folder.clone(), &meta));
        }
    }
    let Walk { mut found, notices, .. } = walk;
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found.dedup_by(|a, b| a.path == b.path);
    let total = found.len();
    let entries: Vec<FileEntry> = found.into_iter().skip(offset).take(limit).collect();
    let next_offset = (offset.saturating_add(entries.len()) < total).then(|| offset + entries.len());
    Ok(FileList {
        folders,
        entries,
        total,
        offset,
        next_offset,
        roots: roots.iter().map(|root| RootInfo { path: root.path().to_owned(), writable: root.writable() }).collect(),
        notices,
    })
}

/// A listing under way.
struct Walk<'a, 'c> {
    ctx: &'a Ctx<'c>,
    patterns: Option<&'a Glob>,
    hidden: bool,
    found: Vec<FileEntry>,
    scanned: usize,
    notices: Vec<String>,
}

impl Walk<'_, '_> {
    /// Lists `folder` (below `top`, the folder asked), and `depth` levels of sub-folders.
    fn folder(&mut self, top: &Path, folder: &Path, depth: usize) -> Result<()> {
        let entries = match std::fs::read_dir(folder) {
            Ok(entries) => entries,
            Err(e) if folder != top => {
                self.notices.push(format!("{} was left out: {e}", folder.display()));
                return Ok(());
            }
            Err(cause) => return Err(Error::Io { action: "cannot list", path: folder.to_owned(), cause }),
        };
        let mut names: Vec<_> = entries.filter_map(std::result::Result::ok).map(|e| e.file_name()).collect();
        names.sort();
        for name in names {
            self.scanned += 1;
            if self.scanned > MAX_SCANNED {
                if self.notices.iter().all(|n| !n.contains("entries looked at")) {
                    self.notices.push(format!(
                        "the listing stopped after {MAX_SCANNED} entries looked at: list a folder further down, or \
                         without \"recursive\""
                    ));
                }
                return Ok(());
            }
            if self.scanned.is_multiple_of(1000) {
                self.ctx.check_cancelled()?;
            }
            if !self.hidden && name.to_string_lossy().starts_with('.') {
                continue;
            }
            let path = folder.join(&name);
            // A link is listed for what it leads to; with roots, only when that lies below them.
            let roots = &self.ctx.caller().roots;
            if !roots.is_empty() && roots.check(&path, FileUse::Read).is_err() {
                continue;
            }
            let Ok(meta) = std::fs::metadata(&path) else { continue };
            let below = path.strip_prefix(top).unwrap_or(&path);
            if self.keeps(below) {
                self.found.push(entry(path.clone(), &meta));
            }
            let link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
            if meta.is_dir() && !link && depth > 0 {
                self.folder(top, &path, depth - 1)?;
            }
        }
        Ok(())
    }

    /// Whether the pattern keeps an entry at `below` (its path below the folder listed).
    fn keeps(&self, below: &Path) -> bool {
        self.patterns.is_none_or(|glob| glob.matches(below))
    }
}

fn entry(path: PathBuf, meta: &std::fs::Metadata) -> FileEntry {
    let folder = meta.is_dir();
    let modified = meta
        .modified()
        .ok()
        .and_then(|at| time::OffsetDateTime::from(at).format(&time::format_description::well_known::Rfc3339).ok());
    let (format, open_with) = if folder {
        (None, None)
    } else if crate::io::has_extension(&path, "rgis") {
        (Some("rgis".to_owned()), Some("project.open"))
    } else {
        match Format::from_extension(&path).and_then(|f| FORMATS.iter().find(|info| info.format == f && info.reads)) {
            Some(info) => (Some(info.name.to_owned()), Some("layer.open")),
            None => (None, None),
        }
    };
    FileEntry {
        path,
        kind: if folder { EntryKind::Folder } else { EntryKind::File },
        size: (!folder).then_some(meta.len()),
        modified,
        opens: open_with.is_some(),
        format,
        open_with: open_with.map(str::to_owned),
    }
}

/// A glob pattern, its `{a,b}` alternatives expanded: matched against a name, or, when it holds
/// `/`, against the path below the folder listed. Case is ignored.
struct Glob {
    alternatives: Vec<Vec<char>>,
    by_path: bool,
}

impl Glob {
    fn parse(pattern: &str) -> Result<Glob> {
        if pattern.len() > MAX_PATTERN_BYTES {
            return Err(Error::invalid("pattern", format!("a pattern is at most {MAX_PATTERN_BYTES} bytes")));
        }
        let mut alternatives = vec![String::new()];
        expand(pattern, &mut alternatives)?;
        Ok(Glob {
            by_path: pattern.contains('/'),
            alternatives: alternatives.iter().map(|a| a.to_lowercase().chars().collect()).collect(),
        })
    }

    fn matches(&self, below: &Path) -> bool {
        let text = if self.by_path {
            below.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
        } else {
            below.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
        };
        let text: Vec<char> = text.to_lowercase().chars().collect();
        self.alternatives.iter().any(|pattern| glob_match(pattern, &text))
    }
}

/// Expands `{a,b}` alternatives (not nested) of `pattern` onto each of `out`.
fn expand(pattern: &str, out: &mut Vec<String>) -> Result<()> {
    let Some(open) = pattern.find('{') else {
        out.iter_mut().for_each(|prefix| prefix.push_str(pattern));
        return Ok(());
    };
    let close = pattern[open..].find('}').map(|i| open + i).ok_or_else(|| {
        Error::invalid("pattern", format!("{pattern:?} opens {{ without closing it; write {{*.shp,*.gpkg}}"))
    })?;
    let head = &pattern[..open];
    let choices: Vec<&str> = pattern[open + 1..close].split(',').collect();
    let mut next = Vec::new();
    for prefix in out.iter() {
        for choice in &choices {
            next.push(format!("{prefix}{head}{choice}"));
        }
    }
    if next.len() > MAX_ALTERNATIVES {
        return Err(Error::invalid("pattern", format!("the pattern makes more than {MAX_ALTERNATIVES} alternatives")));
    }
    *out = next;
    expand(&pattern[close + 1..], out)
}

/// Whether `text` matches `pattern` (`*` any run without `/`, `**` any run, `**/` any run of
/// folders or none, `?` one character but `/`, `[…]` a class, `[!…]` its complement), by dynamic
/// programming over the text: `matched[j]` says whether the pattern so far matches `text[..j]`.
fn glob_match(pattern: &[char], text: &[char]) -> bool {
    let n = text.len();
    let mut matched = vec![false; n + 1];
    matched[0] = true;
    let mut i = 0;
    while i < pattern.len() {
        let mut next = vec![false; n + 1];
        match pattern[i] {
            '*' if pattern.get(i + 1) == Some(&'*') => {
                // Whether the pattern so far matches some text[..k], k ≤ j.
                let mut reach = vec![false; n + 1];
                let mut any = false;
                for j in 0..=n {
                    any |= matched[j];
                    reach[j] = any;
                }
                if pattern.get(i + 2) == Some(&'/') {
                    for j in 0..=n {
                        next[j] = matched[j] || (j > 0 && text[j - 1] == '/' && reach[j - 1]);
                    }
                    i += 2;
                } else {
                    next = reach;
                    i += 1;
                }
            }
            '*' => {
                for j in 0..=n {
                    next[j] = matched[j] || (j > 0 && next[j - 1] && text[j - 1] != '/');
                }
            }
            '?' => {
                for j in 1..=n {
                    next[j] = matched[j - 1] && text[j - 1] != '/';
                }
            }
            '[' => match class_end(pattern, i) {
                Some(end) => {
                    for j in 1..=n {
                        next[j] = matched[j - 1] && in_class(&pattern[i + 1..end], text[j - 1]);
                    }
                    i = end;
                }
                None => {
                    for j in 1..=n {
                        next[j] = matched[j - 1] && text[j - 1] == '[';
                    }
                }
            },
            c => {
                for j in 1..=n {
                    next[j] = matched[j - 1] && text[j - 1] == c;
                }
            }
        }
        matched = next;
        i += 1;
    }
    matched[n]
}

/// The index of the `]` closing the class that opens at `open`.
fn class_end(pattern: &[char], open: usize) -> Option<usize> {
    let first = open + 1 + usize::from(matches!(pattern.get(open + 1), Some('!' | '^')));
    (first + 1..pattern.len()).find(|&k| pattern[k] == ']')
}

/// Whether `c` is in the class `body` (what lies between `[` and `]`).
fn in_class(body: &[char], c: char) -> bool {
    let (negated, body) = match body.first() {
        Some('!' | '^') => (true, &body[1..]),
        _ => (false, body),
    };
    let mut found = false;
    let mut k = 0;
    while k < body.len() {
        if k + 2 < body.len() && body[k + 1] == '-' {
            found |= body[k] <= c && c <= body[k + 2];
            k += 3;
        } else {
            found |= body[k] == c;
            k += 1;
        }
    }
    found != negated
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, path: &str) -> bool {
        Glob::parse(pattern).expect("a pattern").matches(Path::new(path))
    }

    #[test]
    fn globs_match_names_or_paths_ignoring_case() {
        assert!(matches("*.shp", "roads.SHP"));
        assert!(matches("*.shp", "data/roads.shp"));
        assert!(!matches("*.shp", "roads.shx"));
        assert!(matches("{*.shp,*.gpkg}", "a.gpkg"));
        assert!(matches("r?ads.*", "roads.geojson"));
        assert!(matches("[rt]oads.*", "toads.fgb"));
        assert!(!matches("[!rt]oads.*", "toads.fgb"));
        assert!(matches("data/*.tif", "data/dem.tif"));
        assert!(!matches("data/*.tif", "data/sub/dem.tif"));
        assert!(matches("data/**/*.tif", "data/sub/deeper/dem.tif"));
        assert!(matches("**/*.tif", "dem.tif"));
        assert!(!matches("data/*", "other/x"));
        assert!(Glob::parse("{a,b").is_err());
    }
}
