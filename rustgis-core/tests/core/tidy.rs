//! Tidy: the rules of the architecture maps and STYLE.md that a reviewer would otherwise have to
//! remember, checked over the workspace's sources as rust-analyzer's `tidy` test does. Each test
//! reads files and fails naming what to change; an allow-list here may only shrink (a test fails
//! when one of its entries is no longer needed).
//!
//! Two rules of issue 38 are not checked here, because the compiler already checks them in CI:
//! every public item of the library crates is documented (rustc's `missing_docs`) and no code
//! calls `unwrap` (clippy's `unwrap_used`, in tests too) are `[workspace.lints]` that `.ci/run`'s
//! `cargo clippy --workspace --all-targets -- -D warnings` turns into errors.
//! `every_crate_keeps_the_workspace_lints` checks that they stay there and that no crate opts out.
//! `every_unwrap_outside_tests_says_why_it_cannot_fail` adds what the lint cannot: a reason beside
//! any `unwrap()` someone allows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rustgis_core::Registry;

// ---------------------------------------------------------------------------------------------
// Core's layers of modules
// ---------------------------------------------------------------------------------------------

/// Core's modules in layers, top first, as `rustgis-core/ARCHITECTURE.md` draws them: a module
/// may import only modules in layers below its own.
const LAYERS: &[&[&str]] = &[
    &["commands"],
    &["session"],
    &["script", "plugin"],
    &["command"],
    &["jobs"],
    &["render_hook", "sample"],
    &["project"],
    &["postgis", "model"],
    &["expr", "raster", "print_layout"],
    &["geoprocessing", "io"],
    &["layer"],
    &["database"],
    &["ramps", "classify"],
    &["style"],
    &["crs"],
    &["feature", "webmercator", "limits", "web", "furniture"],
    &["error"],
    &["value", "progress", "measure", "search", "policy", "image", "extent"],
];

/// Imports that run up the layers today, as (importing module, imported module). Remove an entry
/// when its import goes; `every_allowed_back_edge_is_still_taken` fails until you do. Never add
/// one: move the code instead.
const ALLOWED_BACK_EDGES: &[(&str, &str)] = &[
    // The command registry: `Registry::global` lists `commands::all()`, and every command file
    // builds `CommandDef`s. The one circle ARCHITECTURE.md keeps.
    ("command", "commands"),
    // A `Layer` holds its raster: `RasterLayer { raster: Arc<Raster>, style: RasterStyle }`, and
    // `Layer::from_raster` calls `raster::RasterStyle::default_for`. `raster` uses none of
    // `layer`'s own items, but reaches it through `io`, above the layer: it reads through io's file handles
    // (`io::DataFile`, `SharedFile`, `atomic`, `xml`, `crs_wkt`), and `io` builds and reads
    // `Layer`s. Goes as the PostGIS source went (`database.rs`): when the raster's data model
    // (`Raster`, `RasterInfo`, `Level`, `SampleType`, `GeoTransform`, `Photometric`, `Grid`, and
    // `RasterStyle` with its modes) is a module below the layer, and `raster` keeps its readers,
    // writers and operations above it (and `RasterStyle::default_for`, which reads statistics),
    // re-exporting the types. Not done in issue 38: `Level` holds the GeoTIFF layout it is read
    // by (`geotiff::Packing`, `geotiff::Lerc`), which would have to move down with it, or the
    // layer hold its raster through a trait defined below it.
    ("layer", "raster"),
];

#[test]
fn core_modules_import_only_modules_in_lower_layers() {
    let graph = core_imports();
    let level = layer_of();
    let mut wrong = Vec::new();
    for ((from, to), files) in &graph.edges {
        let (Some(from_level), Some(to_level)) = (level.get(from.as_str()), level.get(to.as_str())) else {
            continue; // every_core_module_has_a_layer says so
        };
        if to_level >= from_level && !ALLOWED_BACK_EDGES.contains(&(from.as_str(), to.as_str())) {
            let files: Vec<_> = files.iter().map(String::as_str).collect();
            wrong.push(format!("{from} imports {to}, which is not in a lower layer ({})", files.join(", ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports running up core's layers (see rustgis-core/ARCHITECTURE.md, \"Layers of modules\"):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_allowed_back_edge_is_still_taken() {
    let graph = core_imports();
    let level = layer_of();
    let mut stale = Vec::new();
    for &(from, to) in ALLOWED_BACK_EDGES {
        let taken = graph.edges.contains_key(&(from.to_owned(), to.to_owned()));
        let backwards = level.get(to) >= level.get(from);
        if !taken || !backwards {
            stale.push(format!("({from:?}, {to:?})"));
        }
    }
    assert!(stale.is_empty(), "remove these from ALLOWED_BACK_EDGES, no longer needed:\n{}", stale.join("\n"));
}

#[test]
fn every_core_module_has_a_layer() {
    let modules = core_imports().modules;
    let placed: BTreeSet<String> = LAYERS.iter().flat_map(|layer| layer.iter().map(|m| (*m).to_owned())).collect();
    let unplaced: Vec<_> = modules.difference(&placed).collect();
    let gone: Vec<_> = placed.difference(&modules).collect();
    assert!(
        unplaced.is_empty() && gone.is_empty(),
        "put each new module in LAYERS and in rustgis-core/ARCHITECTURE.md: {unplaced:?}; remove modules that are \
         gone: {gone:?}"
    );
}

#[test]
fn the_layers_in_the_test_are_the_layers_in_core_architecture_md() {
    let map = read(&workspace().join("rustgis-core/ARCHITECTURE.md"));
    let section = map.split("## Layers of modules").nth(1).expect("the map has a section \"Layers of modules\"");
    let block = section.split("```text\n").nth(1).and_then(|b| b.split("```").next()).expect("a ```text block");
    let drawn: Vec<Vec<&str>> = block.lines().map(|line| line.split_whitespace().collect()).collect();
    let listed: Vec<Vec<&str>> = LAYERS.iter().map(|layer| layer.to_vec()).collect();
    assert_eq!(drawn, listed, "rustgis-core/ARCHITECTURE.md and LAYERS in tests/core/tidy.rs disagree");
}

// ---------------------------------------------------------------------------------------------
// File sizes
// ---------------------------------------------------------------------------------------------

/// The most lines a source file may have, not counting its test module.
const MAX_LINES: usize = 1_000;

/// Today's files over `MAX_LINES`, each with the most lines it may grow to (its size when listed,
/// rounded up to the hundred) and why it is one file for now. Split by idea, not by size; remove
/// the entry once the file is under `MAX_LINES` (`every_big_file_allowed_is_still_big` fails
/// until you do).
const BIG_FILES: &[(&str, usize, &str)] = &[];

#[test]
fn no_source_file_outside_tests_is_longer_than_its_limit() {
    let mut wrong = Vec::new();
    for source in workspace_sources() {
        let lines = source.code_lines();
        let limit = big_file_limit(&source.path).unwrap_or(MAX_LINES);
        if lines > limit {
            wrong.push(format!("{} has {lines} lines outside its tests (at most {limit})", source.path));
        }
    }
    assert!(wrong.is_empty(), "split these by idea (STYLE.md, \"Names and files\"):\n{}", wrong.join("\n"));
}

#[test]
fn every_big_file_allowed_is_still_big() {
    let sources: BTreeMap<String, usize> =
        workspace_sources().into_iter().map(|source| (source.path.clone(), source.code_lines())).collect();
    let mut stale = Vec::new();
    for (path, _, _) in BIG_FILES {
        if sources.get(*path).is_none_or(|lines| *lines <= MAX_LINES) {
            stale.push(*path);
        }
    }
    assert!(stale.is_empty(), "remove these from BIG_FILES, they are gone or small now: {stale:?}");
}

// ---------------------------------------------------------------------------------------------
// Commands, unwrap, lints, child processes
// ---------------------------------------------------------------------------------------------

#[test]
fn every_command_has_a_summary_documented_parameters_and_an_example() {
    let mut wrong = Vec::new();
    for def in Registry::global().all() {
        let id = def.id;
        let valid_id = id.split_once('.').is_some_and(|(group, name)| !group.is_empty() && !name.is_empty());
        if !valid_id {
            wrong.push(format!("{id} is not group.name"));
        }
        if def.summary.is_empty() {
            wrong.push(format!("{id} has no summary"));
        }
        if def.examples.is_empty() {
            wrong.push(format!("{id} has no example"));
        }
        for example in def.examples.iter().filter(|e| !e.starts_with(id)) {
            wrong.push(format!("{id}: the example {example} runs another command"));
        }
        let properties = def.schema().get("properties").and_then(serde_json::Value::as_object);
        for (name, property) in properties.into_iter().flatten() {
            let described =
                property.get("description").and_then(serde_json::Value::as_str).is_some_and(|d| !d.is_empty());
            if !described {
                wrong.push(format!("{id}: the parameter {name} has no doc comment"));
            }
        }
    }
    assert!(wrong.is_empty(), "commands the reference cannot document:\n{}", wrong.join("\n"));
}

#[test]
fn every_unwrap_outside_tests_says_why_it_cannot_fail() {
    let mut wrong = Vec::new();
    for source in workspace_sources() {
        let code = source.code();
        let lines: Vec<&str> = code.lines().collect();
        for (idx, line) in lines.iter().enumerate() {
            let commented = line.contains("//") || idx.checked_sub(1).is_some_and(|prev| lines[prev].contains("//"));
            if line.contains(".unwrap()") && !commented {
                wrong.push(format!("{}:{}: {}", source.path, idx + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "use `expect(\"what we know to be true\")`, or say in a comment why this cannot fail:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_crate_keeps_the_workspace_lints() {
    let root = workspace();
    let manifest: toml::Table = read(&root.join("Cargo.toml")).parse().expect("Cargo.toml is TOML");
    let lints = &manifest["workspace"]["lints"];
    let level = |tool: &str, lint: &str| lints.get(tool).and_then(|t| t.get(lint)).and_then(toml::Value::as_str);
    let mut wrong = Vec::new();
    if !matches!(level("rust", "missing_docs"), Some("warn" | "deny")) {
        wrong.push("[workspace.lints.rust] must keep missing_docs".to_owned());
    }
    if !matches!(level("clippy", "unwrap_used"), Some("warn" | "deny")) {
        wrong.push("[workspace.lints.clippy] must keep unwrap_used".to_owned());
    }
    let members = manifest["workspace"]["members"].as_array().expect("the workspace lists its members");
    for member in members.iter().filter_map(toml::Value::as_str) {
        let crate_manifest: toml::Table =
            read(&root.join(member).join("Cargo.toml")).parse().expect("a member's Cargo.toml is TOML");
        let inherits = crate_manifest.get("lints").and_then(|l| l.get("workspace")).and_then(toml::Value::as_bool);
        if inherits != Some(true) {
            wrong.push(format!("{member}/Cargo.toml needs [lints] workspace = true"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn only_the_plugin_runner_starts_programs_in_the_library_crates() {
    let runner = "rustgis-core/src/plugin/process.rs";
    let library = ["rustgis-core/", "rustgis-render/", "rustgis-mcp/", "rustgis-relay/"];
    let mut wrong = Vec::new();
    for source in workspace_sources() {
        let in_library = library.iter().any(|prefix| source.path.starts_with(prefix));
        if in_library && source.path != runner && source.code().contains("Command::new") {
            wrong.push(source.path.clone());
        }
    }
    assert!(wrong.is_empty(), "start programs through {runner} (argv, timeout, bounded output): {wrong:?}");
}

// ---------------------------------------------------------------------------------------------
// The architecture maps
// ---------------------------------------------------------------------------------------------

/// Each map and the source folders it describes.
const MAPS: &[(&str, &[&str])] = &[
    ("ARCHITECTURE.md", &[]),
    ("rustgis-core/ARCHITECTURE.md", &["rustgis-core/src"]),
    ("rustgis-render/ARCHITECTURE.md", &["rustgis-render/src"]),
    ("rustgis-mcp/ARCHITECTURE.md", &["rustgis-mcp/src"]),
    ("rustgis-relay/ARCHITECTURE.md", &["rustgis-relay/src"]),
    ("bins/ARCHITECTURE.md", &["bins/rustgis-cli/src", "bins/rustgis-relay/src", "bins/rustgis-app/src"]),
];

#[test]
fn every_source_file_is_named_on_its_crates_map() {
    let root = workspace();
    let mut wrong = Vec::new();
    for (map, folders) in MAPS {
        let text = read(&root.join(map));
        for folder in *folders {
            let files: Vec<String> = rust_files(&root.join(folder))
                .iter()
                .map(|path| relative(path, &root.join(folder)))
                .filter(|path| !path.ends_with("lib.rs") && !is_test_file(&root.join(folder), path))
                .collect();
            let mut basenames: BTreeMap<&str, usize> = BTreeMap::new();
            for file in &files {
                *basenames.entry(file.rsplit('/').next().unwrap_or(file)).or_default() += 1;
            }
            for file in &files {
                // A file is named by its path below `src/`, by its folder and name, or by its name
                // alone when no other file of the crate has it.
                let parts: Vec<&str> = file.split('/').collect();
                let name = parts[parts.len() - 1];
                let mut names = vec![file.clone(), parts[parts.len().saturating_sub(2)..].join("/")];
                if basenames[name] == 1 {
                    names.push(name.to_owned());
                }
                if !names.iter().any(|n| names_path(&text, n)) {
                    wrong.push(format!("{map} does not name {folder}/{file}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "say what each file is for on its crate's map:\n{}", wrong.join("\n"));
}

#[test]
fn every_path_an_architecture_map_names_exists() {
    let root = workspace();
    let paths = repository_paths(&root);
    let mut wrong = Vec::new();
    for (map, _) in MAPS {
        let text = read(&root.join(map));
        let folder = root.join(map).parent().expect("a map is in a folder").to_path_buf();
        for link in markdown_links(&text) {
            if !folder.join(link.split('#').next().unwrap_or(&link)).exists() {
                wrong.push(format!("{map}: the link {link} leads nowhere"));
            }
        }
        for token in code_spans(&text).filter(|token| looks_like_a_path(token)) {
            let found = paths.iter().any(|path| path == token || path.ends_with(&format!("/{token}")));
            if !found {
                wrong.push(format!("{map}: {token} is not in the repository"));
            }
        }
    }
    assert!(wrong.is_empty(), "the maps name what is not there:\n{}", wrong.join("\n"));
}

#[test]
fn every_invariant_names_a_test_that_exists() {
    let root = workspace();
    let map = read(&root.join("ARCHITECTURE.md"));
    let invariants = map.split("## Invariants").nth(1).expect("ARCHITECTURE.md has a section \"Invariants\"");
    let mut wrong = Vec::new();
    for bullet in invariants.split("\n- ").skip(1) {
        let mut file: Option<String> = None;
        let mut tests = 0;
        for token in code_spans(bullet) {
            if token.ends_with(".rs") {
                file = Some(token.to_owned());
            } else if let Some(file) = file.as_ref().filter(|_| is_test_name(token)) {
                let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
                if text.contains(&format!("fn {token}(")) {
                    tests += 1;
                } else {
                    wrong.push(format!("{file} has no test {token}"));
                }
            }
        }
        if tests == 0 {
            let first_line = bullet.lines().next().unwrap_or(bullet);
            wrong.push(format!("this invariant names no test: {first_line}"));
        }
    }
    assert!(wrong.is_empty(), "ARCHITECTURE.md's invariants:\n{}", wrong.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The repository's root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("rustgis-core is in the workspace").to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// `path` below `base`, with `/` between its parts.
fn relative(path: &Path, base: &Path) -> String {
    let rel = path.strip_prefix(base).expect("a path below its base");
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Every `.rs` file below `dir`, sorted; symbolic links are not followed.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
            let entry = entry.expect("a folder entry");
            let kind = entry.file_type().expect("a file type");
            if kind.is_dir()
                && !matches!(entry.file_name().to_str(), Some("target" | "vendor" | "tests" | "test-support"))
            {
                stack.push(entry.path());
            } else if kind.is_file() && entry.path().extension().is_some_and(|e| e == "rs") {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    out
}

/// Whether `file` (below `src`) holds only tests: `tests.rs`, or a module its parent declares
/// under `#[cfg(test)]` (`#[cfg(test)] mod qgis_suite;`).
fn is_test_file(src: &Path, file: &str) -> bool {
    let path = Path::new(file);
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { return false };
    if stem == "tests" {
        return true;
    }
    // The parent module's file: `a/b.rs` is declared in `a.rs`, or in `lib.rs` at the top.
    let parent = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) => src.join(folder.with_extension("rs")),
        None => src.join("lib.rs"),
    };
    let text = std::fs::read_to_string(parent).unwrap_or_default();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines.windows(2).any(|pair| pair[0] == "#[cfg(test)]" && pair[1] == format!("mod {stem};"))
}

/// A source file of the workspace outside its tests.
struct Source {
    /// Below the repository's root, with `/`.
    path: String,
    text: String,
}

impl Source {
    /// The file without its test modules (`#[cfg(test)]` then `mod name {` … `}`) and without its
    /// comment lines.
    fn code(&self) -> String {
        let lines: Vec<&str> = self.lines_outside_tests();
        lines.into_iter().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
    }

    /// How many lines the file has outside its test modules.
    fn code_lines(&self) -> usize {
        self.lines_outside_tests().len()
    }

    fn lines_outside_tests(&self) -> Vec<&str> {
        let lines: Vec<&str> = self.text.lines().collect();
        let mut kept = Vec::new();
        let mut idx = 0;
        while idx < lines.len() {
            if lines[idx].trim() == "#[cfg(test)]" {
                let next = (idx + 1..lines.len()).find(|&n| !lines[n].trim().is_empty());
                if let Some(open) =
                    next.filter(|&n| lines[n].trim().starts_with("mod ") && lines[n].trim().ends_with('{'))
                {
                    idx = closing_line(&lines, open) + 1;
                    continue;
                }
            }
            kept.push(lines[idx]);
            idx += 1;
        }
        kept
    }
}

/// The line that closes the block opened on line `open` (the last line when it never closes):
/// braces are counted outside strings, characters and comments.
fn closing_line(lines: &[&str], open: usize) -> usize {
    let chars: Vec<char> = lines[open..].join("\n").chars().collect();
    let last = chars.len().saturating_sub(1);
    let (mut depth, mut line, mut at) = (0usize, open, 0usize);
    while at < chars.len() {
        let (c, next) = (chars[at], chars.get(at + 1).copied());
        let skip_to = match c {
            '/' if next == Some('/') => Some(chars[at..].iter().position(|&c| c == '\n').map_or(last, |p| at + p - 1)),
            '/' if next == Some('*') => Some(find(&chars, at + 2, "*/").map_or(last, |p| p + 1)),
            '"' => Some(string_end(&chars, at + 1, None).unwrap_or(last)),
            'r' if matches!(next, Some('"' | '#'))
                && !chars.get(at.wrapping_sub(1)).is_some_and(|c| c.is_alphanumeric() || *c == '_') =>
            {
                let hashes = chars[at + 1..].iter().take_while(|&&c| c == '#').count();
                Some(string_end(&chars, at + 2 + hashes, Some(hashes)).unwrap_or(last))
            }
            // A character literal ('{', '\'') is skipped; a lifetime ('a) is not one.
            '\'' if next == Some('\\') => chars[at + 2..].iter().position(|&c| c == '\'').map(|p| at + 3 + p),
            '\'' if chars.get(at + 2) == Some(&'\'') => Some(at + 2),
            '{' => {
                depth += 1;
                None
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return line;
                }
                None
            }
            _ => None,
        };
        let to = skip_to.unwrap_or(at).max(at);
        line += chars[at..=to.min(last)].iter().filter(|&&c| c == '\n').count();
        at = to + 1;
    }
    lines.len() - 1
}

/// Where `pattern` next starts in `chars`, from `from`.
fn find(chars: &[char], from: usize, pattern: &str) -> Option<usize> {
    let pattern: Vec<char> = pattern.chars().collect();
    (from..chars.len()).find(|&at| chars[at..].starts_with(&pattern))
}

/// The index of the last character (the quote, or the last `#` of a raw string's `raw_hashes`)
/// of a string whose text starts at `from`; backslash escapes count in plain strings only.
fn string_end(chars: &[char], from: usize, raw_hashes: Option<usize>) -> Option<usize> {
    let hashes = raw_hashes.unwrap_or(0);
    let mut at = from;
    while at < chars.len() {
        match chars[at] {
            '\\' if raw_hashes.is_none() => at += 2,
            '"' if chars[at + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                return Some(at + hashes);
            }
            _ => at += 1,
        }
    }
    None
}

/// Every source file outside tests of the workspace's crates, binaries, benches and examples.
fn workspace_sources() -> Vec<Source> {
    let root = workspace();
    let mut sources = Vec::new();
    for folder in [
        "rustgis-core",
        "rustgis-render",
        "rustgis-mcp",
        "rustgis-relay",
        "bins",
        "benches",
        "examples",
        "fuzz/targets",
    ] {
        for path in rust_files(&root.join(folder)) {
            let crate_src = path.ancestors().find(|p| p.ends_with("src")).map(Path::to_path_buf);
            let is_test = crate_src.as_ref().is_some_and(|src| is_test_file(src, &relative(&path, src)));
            if !is_test {
                sources.push(Source { path: relative(&path, &root), text: read(&path) });
            }
        }
    }
    sources
}

fn big_file_limit(path: &str) -> Option<usize> {
    BIG_FILES.iter().find(|(big, _, _)| *big == path).map(|(_, limit, _)| *limit)
}

/// Core's modules and which of them import which, from `crate::` paths in the code outside tests.
struct Imports {
    modules: BTreeSet<String>,
    /// (importing module, imported module) → the files that import.
    edges: BTreeMap<(String, String), BTreeSet<String>>,
}

/// Reads `rustgis-core/src`: a `crate::` path names the module its first part is, or, for an item
/// `lib.rs` re-exports (`crate::Layer`), the module it comes from; an item a module re-exports from
/// another (`layer.rs`'s `pub use crate::crs::Crs`) counts as that other module's.
fn core_imports() -> Imports {
    let src = workspace().join("rustgis-core/src");
    let lib = read(&src.join("lib.rs"));
    let modules: BTreeSet<String> = lib
        .lines()
        .filter_map(|line| line.trim().trim_start_matches("pub ").strip_prefix("mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_owned)
        .collect();
    let mut from_lib = BTreeMap::new();
    for (path, name) in use_trees(&lib, "pub use ") {
        if path.first().is_some_and(|m| modules.contains(m)) {
            from_lib.insert(name, path[0].clone());
        }
    }
    let mut reexports: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for module in &modules {
        let text = std::fs::read_to_string(src.join(format!("{module}.rs"))).unwrap_or_default();
        let code = Source { path: String::new(), text }.code();
        let mut names = BTreeMap::new();
        for prefix in ["pub use crate::", "pub(crate) use crate::"] {
            for (path, name) in use_trees(&code, prefix) {
                if path.first().is_some_and(|m| modules.contains(m)) {
                    names.insert(name, path[0].clone());
                }
            }
        }
        reexports.insert(module.clone(), names);
    }
    let target = |path: &[String]| -> Option<String> {
        let first = path.first()?;
        let (module, item) = if modules.contains(first) {
            (first.clone(), path.get(1))
        } else {
            (from_lib.get(first)?.clone(), Some(first))
        };
        let moved = item.and_then(|item| reexports.get(&module).and_then(|names| names.get(item)));
        Some(moved.cloned().unwrap_or(module))
    };
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    let mut unknown = Vec::new();
    for path in rust_files(&src) {
        let file = relative(&path, &src);
        if file == "lib.rs" || is_test_file(&src, &file) {
            continue;
        }
        let from = file.split('/').next().expect("a path").trim_end_matches(".rs").to_owned();
        let code = Source { path: file.clone(), text: read(&path) }.code();
        for (segments, _) in use_trees(&code, "crate::") {
            match target(&segments) {
                Some(to) if to != from => {
                    edges.entry((from.clone(), to)).or_default().insert(file.clone());
                }
                Some(_) => {}
                None => unknown.push(format!("{file}: crate::{}", segments.join("::"))),
            }
        }
    }
    assert!(unknown.is_empty(), "tidy cannot tell which module these name:\n{}", unknown.join("\n"));
    Imports { modules, edges }
}

/// Every path in the use trees or paths that follow `prefix` in `code` (not after a letter, `_`
/// or `$`), with the name each makes visible (its last part, or its `as` name).
fn use_trees(code: &str, prefix: &str) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = code[from..].find(prefix) {
        let start = from + found;
        from = start + prefix.len();
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let mut cursor = Cursor { text: code, at: from };
        cursor.tree(&mut Vec::new(), &mut out);
    }
    out
}

/// A reader of one use tree.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        let found = self.rest().starts_with(token);
        if found {
            self.at += token.len();
        }
        found
    }

    fn ident(&mut self) -> Option<String> {
        self.skip_space();
        let len = self.rest().find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(self.rest().len());
        let ident = self.rest()[..len].to_owned();
        if ident.is_empty() || ident.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        self.at += len;
        Some(ident)
    }

    /// `a::b::{c, d::e as f, g::*}` after `prefix`.
    fn tree(&mut self, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        let depth = prefix.len();
        loop {
            if self.eat("{") {
                while !self.eat("}") && self.at < self.text.len() {
                    let before = self.at;
                    if !self.eat(",") {
                        self.tree(prefix, out);
                    }
                    if self.at == before {
                        self.at += self.rest().chars().next().map_or(1, char::len_utf8);
                    }
                }
                break;
            }
            if self.eat("*") {
                out.push((prefix.clone(), "*".to_owned()));
                break;
            }
            let Some(ident) = self.ident() else { break };
            prefix.push(ident.clone());
            if self.eat("::") {
                continue;
            }
            let save = self.at;
            let name = match (self.ident().as_deref(), self.ident()) {
                (Some("as"), Some(alias)) => alias,
                _ => {
                    self.at = save;
                    ident
                }
            };
            out.push((prefix.clone(), name));
            break;
        }
        prefix.truncate(depth);
    }
}

/// Every file and folder of the repository (folders end in `/`), below its root, outside
/// `target/`, `.git/` and symbolic links.
fn repository_paths(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
            let entry = entry.expect("a folder entry");
            let kind = entry.file_type().expect("a file type");
            let name = entry.file_name();
            if kind.is_dir() && !matches!(name.to_str(), Some("target" | ".git" | ".venv" | ".tools" | "node_modules"))
            {
                out.push(format!("{}/", relative(&entry.path(), root)));
                stack.push(entry.path());
            } else if kind.is_file() {
                out.push(relative(&entry.path(), root));
            }
        }
    }
    out
}

/// The targets of a Markdown text's links that stay in the repository.
fn markdown_links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| !target.starts_with("http") && !target.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The text of each `code span` in Markdown text (fenced blocks are skipped).
fn code_spans(text: &str) -> impl Iterator<Item = &str> {
    let prose: Vec<&str> = text.split("```").step_by(2).collect();
    prose.into_iter().flat_map(|part| part.split('`').skip(1).step_by(2))
}

/// A code span that names a file (`io/atomic.rs`, `docs/mcp.md`) or a folder of two parts or
/// more (`tests/common/`); runtime names (`settings.json`, `recovery/`) and patterns are not.
fn looks_like_a_path(token: &str) -> bool {
    let pattern = token.contains(|c: char| c.is_whitespace() || "<>*…{}()".contains(c));
    let file = [".rs", ".md", ".html", ".sh", ".py", ".toml"].iter().any(|ext| token.ends_with(ext));
    let folder = token.ends_with('/') && token.trim_end_matches('/').contains('/');
    !pattern && (file || folder)
}

/// Whether `text` names `path` as a path of its own (not the end of a longer one).
fn names_path(text: &str, path: &str) -> bool {
    text.match_indices(path).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + path.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '/' || c == '-')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// A test's name: lowercase words joined by `_`, at least four of them.
fn is_test_name(token: &str) -> bool {
    token.split('_').count() >= 4 && token.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Each core module's layer, counted from the bottom.
fn layer_of() -> BTreeMap<&'static str, usize> {
    let mut level = BTreeMap::new();
    for (idx, layer) in LAYERS.iter().rev().enumerate() {
        for module in *layer {
            level.insert(*module, idx);
        }
    }
    level
}
