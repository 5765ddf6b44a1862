//! Installed plugins load first in `rustgis-cli mcp` and `run` (the example plugin, copied into
//! an app-data folder that `XDG_DATA_HOME` points at), and `--no-plugins` skips them.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value as Json, json};

/// An app-data folder (under a temporary `XDG_DATA_HOME`) with the example plugin installed,
/// and one plugin whose manifest is broken.
fn data_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().expect("a temporary folder");
    let plugins = home.path().join("rustgis").join("plugins");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/plugins/hello");
    std::fs::create_dir_all(plugins.join("hello")).expect("plugin folder");
    for file in ["rustgis-plugin.toml", "plugin.py"] {
        std::fs::copy(example.join(file), plugins.join("hello").join(file)).expect("copied");
    }
    std::fs::create_dir_all(plugins.join("broken")).expect("plugin folder");
    std::fs::write(plugins.join("broken").join("rustgis-plugin.toml"), "version = 1\n").expect("broken manifest");
    home
}

/// Runs `rustgis-cli mcp ARGS` with `XDG_DATA_HOME` at `home`, sends `calls` (tool name and
/// arguments) after the handshake, and returns their replies and standard error.
fn mcp(home: &Path, args: &[&str], calls: &[(&str, Json)]) -> (Vec<Json>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
        .arg("mcp")
        .args(args)
        .env("XDG_DATA_HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rustgis-cli starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ];
    for (idx, (tool, arguments)) in calls.iter().enumerate() {
        lines.push(json!({"jsonrpc": "2.0", "id": 10 + idx, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}));
    }
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut replies = Vec::new();
    let mut out = stdout.lines();
    // One request at a time: the next goes when the reply to the last has come.
    for line in &lines {
        writeln!(stdin, "{line}").expect("write");
        stdin.flush().expect("flush");
        let Some(id) = line.get("id").and_then(Json::as_u64) else { continue };
        loop {
            let text = out.next().expect("a reply").expect("a line");
            let reply: Json = serde_json::from_str(&text).expect("JSON-RPC on stdout");
            if reply["id"] == json!(id) {
                if id >= 10 {
                    replies.push(reply);
                }
                break;
            }
        }
    }
    drop(stdin);
    let output = child.wait_with_output().expect("rustgis-cli ends");
    (replies, String::from_utf8_lossy(&output.stderr).into_owned())
}

fn text_of(reply: &Json) -> String {
    reply["result"].to_string()
}

#[test]
fn installed_plugins_load_first_in_the_mcp_server_and_their_commands_run_with_yes() {
    let home = data_home();
    let calls = [
        ("list_commands", json!({"group": "plugin"})),
        ("run_command", json!({"command": "plugin.hello.greet", "params": {"name": "agent"}})),
    ];
    let (replies, stderr) = mcp(home.path(), &["--sample", "--yes"], &calls);
    assert!(text_of(&replies[0]).contains("plugin.hello.greet"), "{}", replies[0]);
    assert!(text_of(&replies[1]).contains("hello agent"), "{}", replies[1]);
    assert!(stderr.contains("broken") && stderr.contains("was not loaded"), "a broken plugin is named: {stderr}");

    let (replies, _) = mcp(home.path(), &["--sample"], &calls[1..]);
    assert_eq!(replies[0]["result"]["isError"], json!(true), "{}", replies[0]);
    assert!(text_of(&replies[0]).contains("runs a plugin's command"), "without --yes: {}", replies[0]);
}

#[test]
fn no_plugins_hides_the_installed_plugins() {
    let home = data_home();
    let calls = [
        ("list_commands", json!({"group": "plugin"})),
        ("run_command", json!({"command": "plugin.hello.greet", "params": {"name": "agent"}})),
    ];
    let (replies, stderr) = mcp(home.path(), &["--sample", "--yes", "--no-plugins"], &calls);
    assert!(!text_of(&replies[0]).contains("plugin.hello.greet"), "{}", replies[0]);
    assert!(
        text_of(&replies[1]).contains("unknown") || replies[1]["result"]["isError"] == json!(true),
        "{}",
        replies[1]
    );
    assert!(!stderr.contains("broken"), "no plugin is even looked at: {stderr}");
}

#[test]
fn rustgis_cli_run_loads_plugins_and_no_plugins_skips_them() {
    let home = data_home();
    let run = |extra: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
            .args(["run", "--sample"])
            .args(extra)
            .args(["-e", r#"plugin.hello.centres {"layer": "cities"}"#])
            .env("XDG_DATA_HOME", home.path())
            .output()
            .expect("rustgis-cli runs");
        let json: Json = serde_json::from_slice(&output.stdout).expect("the outcome");
        json
    };
    let ran = run(&[]);
    assert_eq!(ran["success"], json!(true), "{ran}");
    assert_eq!(ran["layersAdded"], json!(["cities centres"]));
    let skipped = run(&["--no-plugins"]);
    assert_eq!(skipped["success"], json!(false));
    assert!(skipped["error"].as_str().is_some_and(|e| e.contains("plugin.hello.centres")), "{skipped}");
}
