//! Installed plugins load first in `rustgis-cli mcp` and `run` (the example plugin, copied into
//! an app-data folder that `XDG_DATA_HOME` points at), and `--no-plugins` skips them.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use crate::mcp_client;
use crate::process;

use std::path::Path;
use std::process::{Command, Stdio};

use mcp_client::McpClient;
use process::Process;
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
    let mut command = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"));
    command.arg("mcp").args(args).env("XDG_DATA_HOME", home).stderr(Stdio::piped());
    let mut mcp = McpClient::over(Process::spawn(&mut command), json!({}));
    // One request at a time: the next goes when the reply to the last has come.
    let replies = calls
        .iter()
        .map(|(tool, arguments)| mcp.request("tools/call", json!({"name": tool, "arguments": arguments})))
        .collect();
    let (_, stderr) = mcp.process.close_and_wait_with_stderr();
    (replies, stderr)
}

/// The calls an agent makes of the example plugin: its commands listed, then its greeting run.
fn list_and_greet() -> [(&'static str, Json); 2] {
    [
        ("list_commands", json!({"group": "plugin"})),
        ("run_command", json!({"command": "plugin.hello.greet", "params": {"name": "agent"}})),
    ]
}

fn text_of(reply: &Json) -> String {
    reply["result"].to_string()
}

#[test]
fn installed_plugins_load_first_in_the_mcp_server_and_their_commands_run_with_yes() {
    let home = data_home();
    let calls = list_and_greet();
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
    let calls = list_and_greet();
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
