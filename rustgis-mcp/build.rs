//! Embeds every page of the repository's `docs/` folder, so the server can offer them as
//! `rustgis://docs/<path>` resources without reading files at run time.
//!
//! The crate reads them through `rustgis-mcp/docs`, a link to the repository's `docs/`: `cargo
//! package` follows it and packs the pages themselves, so a server built from crates.io offers
//! the same resources. A build that finds no pages fails rather than serve none.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            let rel = path.strip_prefix(root).expect("walked below root").to_string_lossy().replace('\\', "/");
            out.push((rel, path));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let docs = manifest.join("docs");
    println!("cargo::rerun-if-changed={}", docs.display());
    let mut pages = Vec::new();
    collect(&docs, &docs, &mut pages);
    assert!(
        pages.iter().any(|(rel, _)| rel == "mcp.md"),
        "no documentation pages (mcp.md among them) found in {}: the MCP server would offer no rustgis://docs resources",
        docs.display()
    );
    let mut code = String::from(
        "/// Every documentation page: (path below docs/, Markdown text).\npub(crate) static PAGES: &[(&str, &str)] = &[\n",
    );
    for (rel, path) in &pages {
        println!("cargo::rerun-if-changed={}", path.display());
        let abs = path.canonicalize().expect("a listed page exists");
        code.push_str(&format!("    ({rel:?}, include_str!({:?})),\n", abs.to_string_lossy()));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("docs_gen.rs");
    #[allow(
        clippy::disallowed_methods,
        reason = "a build script's generated code in OUT_DIR, rewritten by each build"
    )]
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
