//! The examples of the user guide's pages on scripts, models and plugins run: each ```rustgis
//! block is a script (one command per line) run as the user on a fresh sample, with the example
//! plugin loaded and relative paths taken from the repository's top folder; a blank line in a
//! block separates scripts run one after the other.

use crate::common;

use std::path::Path;

use common::TempFolder;
use rustgis_core::{Caller, Session};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every ```rustgis block of a page.
fn blocks(page: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("docs/user-guide").join(page)).expect("the page");
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```rustgis") => current = Some(String::new()),
            (Some(block), "```") => {
                out.push(std::mem::take(block));
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            _ => {}
        }
    }
    assert!(!out.is_empty(), "{page} has rustgis examples");
    out
}

/// Runs every block of `page`, each on a fresh session; each must succeed.
fn check_page(page: &str) {
    let plugins = TempFolder::new("user_guide", page);
    for block in blocks(page) {
        let mut session = Session::with_sample().expect("the sample");
        let failures = session.load_plugins(Some(root().join("examples/plugins")), Vec::new());
        assert!(failures.is_empty(), "{failures:?}");
        // Relative paths resolve beside the project file: the repository's top folder.
        session.set_project_path(Some(root().join("guide.rgis")));
        if page == "plugins.md" && block.contains("plugin.install") {
            // Management writes to a plugins folder: a temporary one, not the examples.
            let mut managing = Session::with_sample().expect("the sample");
            managing.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
            managing.set_project_path(Some(root().join("guide.rgis")));
            let outcome = managing.run_script(&Caller::user(), &block);
            assert!(outcome.success, "{page}:\n{block}\n{:?}", outcome.error);
            continue;
        }
        // A blank line in a block separates scripts run one after the other (separate steps).
        for script in block.split("\n\n").filter(|s| !s.trim().is_empty()) {
            let outcome = session.run_script(&Caller::user(), script);
            assert!(outcome.success, "{page}:\n{script}\n{:?}", outcome.error);
        }
    }
}

#[test]
fn the_scripts_page_examples_run() {
    check_page("scripts.md");
}

#[test]
fn the_models_page_examples_run() {
    check_page("models.md");
}

#[test]
fn the_plugins_page_examples_run() {
    check_page("plugins.md");
}
