//! The manifests that publish RustGIS — the MCP Registry's `server.json`, the MCP bundle's
//! `packaging/mcpb/manifest.json`, the Claude Code plugin in `packaging/claude-plugin` and the
//! marketplace listing it, `.claude-plugin/marketplace.json` — parse, carry the workspace's version,
//! name the binary and the repository the workspace names, and keep the MCP Registry's rules.
//! Their ecosystems' own validators run in `scripts/manifest_checks.sh`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A manifest of the repository, parsed; a file that does not parse fails naming it.
fn manifest(path: &str) -> Json {
    let text = std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

const VERSION: &str = env!("CARGO_PKG_VERSION");
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");
const BINARY: &str = env!("CARGO_PKG_NAME");

#[test]
fn every_manifest_carries_the_workspace_version() {
    for (path, pointer) in [
        ("server.json", "/version"),
        ("packaging/mcpb/manifest.json", "/version"),
        ("packaging/claude-plugin/.claude-plugin/plugin.json", "/version"),
    ] {
        assert_eq!(manifest(path).pointer(pointer).and_then(Json::as_str), Some(VERSION), "{path}");
    }
}

#[test]
fn every_manifest_names_rustgis_and_the_workspace_repository() {
    let server = manifest("server.json");
    assert_eq!(server["name"], "io.github.rustgis/rustgis");
    assert_eq!(server["repository"]["url"], REPOSITORY);
    assert_eq!(server["repository"]["source"], "github");
    assert!(REPOSITORY.ends_with("/rustgis/rustgis"), "the registry name's namespace is the GitHub owner");
    let bundle = manifest("packaging/mcpb/manifest.json");
    assert_eq!(bundle["name"], "rustgis");
    assert_eq!(bundle["repository"]["url"], REPOSITORY);
    let plugin = manifest("packaging/claude-plugin/.claude-plugin/plugin.json");
    assert_eq!(plugin["name"], "rustgis");
    assert_eq!(plugin["repository"], REPOSITORY);
    let marketplace = manifest(".claude-plugin/marketplace.json");
    assert_eq!(marketplace["plugins"][0]["name"], plugin["name"]);
    let source = marketplace["plugins"][0]["source"].as_str().expect("a source folder");
    assert!(repo().join(source).join(".claude-plugin/plugin.json").is_file(), "the marketplace lists {source}");
}

#[test]
fn server_json_keeps_the_mcp_registry_rules() {
    let server = manifest("server.json");
    assert_eq!(server["$schema"], "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
    let name = server["name"].as_str().expect("a name");
    let (namespace, server_name) = name.split_once('/').expect("one slash");
    assert!(!server_name.contains('/'), "exactly one slash: {name}");
    assert!(namespace.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-'), "{name}");
    assert!(server_name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)), "{name}");
    let description = server["description"].as_str().expect("a description");
    assert!((1..=100).contains(&description.chars().count()), "at most 100 characters: {description}");
}

#[test]
fn the_bundle_and_the_plugin_run_this_binary_with_flags_it_has() {
    let bundle = manifest("packaging/mcpb/manifest.json");
    assert_eq!(bundle["server"]["type"], "binary");
    assert_eq!(bundle["server"]["entry_point"], format!("server/{BINARY}"));
    assert_eq!(bundle["server"]["mcp_config"]["command"], format!("${{__dirname}}/server/{BINARY}"));
    let plugin_servers = manifest("packaging/claude-plugin/.mcp.json");
    let plugin_server = &plugin_servers["mcpServers"]["rustgis"];
    assert_eq!(plugin_server["command"], BINARY);

    let help =
        Command::new(env!("CARGO_BIN_EXE_rustgis-cli")).args(["mcp", "--help"]).output().expect("rustgis-cli runs");
    let help = String::from_utf8_lossy(&help.stdout);
    for args in [&bundle["server"]["mcp_config"]["args"], &plugin_server["args"]] {
        let args: Vec<&str> =
            args.as_array().expect("args").iter().map(|arg| arg.as_str().expect("a string")).collect();
        assert_eq!(args.first(), Some(&"mcp"), "{args:?}");
        for flag in args.iter().filter(|arg| arg.starts_with("--")) {
            assert!(help.contains(flag), "rustgis-cli mcp has no {flag}");
        }
    }
}
