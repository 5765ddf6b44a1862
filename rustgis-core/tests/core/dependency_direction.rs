//! The crates' dependencies point toward core: a check of ARCHITECTURE.md's invariants that reads
//! the workspace's manifests through `cargo metadata`, so a dependency added the wrong way fails
//! here instead of waiting for a reviewer.

use std::collections::BTreeMap;
use std::process::Command;

/// What one library crate may depend on among the workspace's crates, and which outside crates
/// would break an invariant if it took them (sockets, MCP, drawing, windows).
struct Rule {
    package: &'static str,
    workspace_deps: &'static [&'static str],
    forbidden: &'static [&'static str],
}

const WINDOWS: &[&str] = &["eframe", "egui", "winit", "egui_kittest", "rfd"];

const RULES: &[Rule] = &[
    Rule {
        package: "rustgis-core",
        workspace_deps: &[],
        forbidden: &["rmcp", "tokio", "axum", "hyper", "tiny-skia", "ab_glyph", "ureq", "reqwest"],
    },
    Rule {
        package: "rustgis-render",
        workspace_deps: &["rustgis-core"],
        forbidden: &["rmcp", "tokio", "axum", "hyper"],
    },
    Rule { package: "rustgis-mcp", workspace_deps: &["rustgis-core"], forbidden: &["axum", "hyper", "tiny-skia"] },
    Rule { package: "rustgis-relay", workspace_deps: &["rustgis-core", "rustgis-mcp"], forbidden: &[] },
];

#[test]
fn library_crates_depend_only_toward_core() {
    let packages = workspace_dependencies();
    let mut wrong = Vec::new();
    for rule in RULES {
        let deps = packages.get(rule.package).unwrap_or_else(|| panic!("{} is a workspace member", rule.package));
        for dep in deps {
            if dep.starts_with("rustgis-") && !rule.workspace_deps.contains(&dep.as_str()) {
                wrong.push(format!("{} depends on {dep}", rule.package));
            }
            if rule.forbidden.contains(&dep.as_str()) || WINDOWS.contains(&dep.as_str()) {
                wrong.push(format!("{} depends on {dep}, which ARCHITECTURE.md keeps out of it", rule.package));
            }
        }
    }
    assert!(wrong.is_empty(), "dependencies pointing away from core:\n{}", wrong.join("\n"));
}

#[test]
fn every_library_crate_has_a_dependency_rule() {
    let packages = workspace_dependencies();
    for name in packages.keys().filter(|name| !is_binary(name)) {
        assert!(RULES.iter().any(|rule| rule.package == name), "{name} has no rule in dependency_direction.rs");
    }
}

/// Binaries and other leaf packages may depend on anything.
fn is_binary(name: &str) -> bool {
    matches!(
        name,
        "rustgis-cli"
            | "rustgis-app"
            | "rustgis-relay-host"
            | "rustgis-benches"
            | "rustgis-examples"
            | "rustgis-fuzz-targets"
    )
}

/// Each workspace package's normal (not dev or build) dependencies, by name.
fn workspace_dependencies() -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let mut packages = BTreeMap::new();
    for package in metadata["packages"].as_array().expect("metadata lists packages") {
        let name = package["name"].as_str().expect("a package has a name").to_owned();
        let deps = package["dependencies"]
            .as_array()
            .expect("a package lists its dependencies")
            .iter()
            .filter(|dep| dep["kind"].is_null())
            .map(|dep| dep["name"].as_str().expect("a dependency has a name").to_owned())
            .collect();
        packages.insert(name, deps);
    }
    packages
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.clone(), std::fs::read_to_string(&path).expect("a source file")));
        }
    }
}

#[test]
fn only_the_crs_engine_calls_proj_and_no_code_decides_a_crs_from_a_list_of_codes() {
    // ARCHITECTURE.md: one CRS engine. PROJ's C API (`proj_ffi`) is used in `src/crs/` only, and
    // no other module names proj4rs or tests a CRS's kind against a list of codes.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for crate_dir in ["rustgis-core/src", "rustgis-render/src", "rustgis-mcp/src", "rustgis-relay/src", "bins"] {
        sources(&root.join(crate_dir), &mut files);
    }
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let in_engine = path.components().any(|c| c.as_os_str() == "crs") || path.ends_with("crs.rs");
        if !in_engine && (text.contains("proj_ffi") || text.contains("proj_create")) {
            wrong.push(format!("{} calls PROJ outside the CRS engine", path.display()));
        }
        if text.contains("proj4rs") || text.contains("crs_definitions") {
            wrong.push(format!("{} uses a second projection library", path.display()));
        }
        if text.contains("4326 | 4269 | 4258") {
            wrong.push(format!("{} decides a CRS's kind from a list of codes", path.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
