//! `rustgis-cli mcp-register`: the exact `claude mcp add` command (run by a fake `claude` that
//! records its arguments), the command printed when `claude` is not installed, and the
//! configuration printed for any HTTP client. The settings folder is a temporary one
//! (`XDG_CONFIG_HOME`), so the token is made there.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value as Json, json};

/// Runs `rustgis-cli mcp-register ARGS` with `path` as its whole `PATH` and `config` as its
/// configuration folder.
fn register(config: &Path, path: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
        .arg("mcp-register")
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .env("PATH", path)
        .env_remove("RUSTGIS_MCP_HTTP_PORT")
        .output()
        .expect("rustgis-cli runs")
}

/// Runs `rustgis-cli mcp-register ARGS` with an empty folder in `dir` as its whole `PATH`, so no
/// `claude` is installed; returns its output and its configuration folder (in `dir` too).
fn register_without_claude(dir: &Path, args: &[&str]) -> (Output, PathBuf) {
    let (config, empty) = (dir.join("config"), dir.join("empty"));
    std::fs::create_dir(&empty).expect("an empty PATH folder");
    (register(&config, &empty, args), config)
}

fn token_in(config: &Path) -> String {
    std::fs::read_to_string(config.join("rustgis").join("mcp-http.token")).expect("the token file").trim().to_owned()
}

/// A folder holding a `claude` that writes each of its arguments on a line of `log`.
#[cfg(unix)]
fn fake_claude(dir: &Path, log: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).expect("a bin folder");
    let script = bin.join("claude");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '{}'\n", log.display()),
    )
    .expect("the fake claude is written");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    bin
}

#[cfg(unix)]
#[test]
fn mcp_register_runs_claude_mcp_add_with_the_url_and_the_token_header() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (config, log) = (dir.path().join("config"), dir.path().join("claude-args.txt"));
    let bin = fake_claude(dir.path(), &log);
    let output = register(&config, &bin, &["--client", "claude"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let args: Vec<String> = std::fs::read_to_string(&log).expect("claude ran").lines().map(str::to_owned).collect();
    let token = token_in(&config);
    assert_eq!(
        args,
        [
            "mcp",
            "add",
            "--transport",
            "http",
            "rustgis-live",
            "http://127.0.0.1:8768/mcp",
            "--header",
            &format!("Authorization: Bearer {token}"),
        ]
    );

    let again = register(&config, &bin, &["--client", "claude", "--name", "gis", "--port", "9001"]);
    assert!(again.status.success());
    let args = std::fs::read_to_string(&log).expect("claude ran again");
    assert!(args.contains("\ngis\nhttp://127.0.0.1:9001/mcp\n"), "{args}");
    assert!(args.contains(&token), "the token is stable: {args}");
}

#[test]
fn mcp_register_prints_the_command_when_claude_is_not_installed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (output, config) = register_without_claude(dir.path(), &["--client", "claude"]);
    assert!(!output.status.success(), "nothing was registered");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not installed"), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let token = token_in(&config);
    assert_eq!(
        stdout.trim(),
        format!(
            "claude mcp add --transport http rustgis-live http://127.0.0.1:8768/mcp --header 'Authorization: Bearer {token}'"
        )
    );
}

#[test]
fn mcp_register_prints_the_configuration_for_any_http_client() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (output, config) = register_without_claude(dir.path(), &["--name", "gis"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed: Json = serde_json::from_slice(&output.stdout).expect("the configuration is JSON");
    let token = token_in(&config);
    assert_eq!(
        printed,
        json!({ "mcpServers": { "gis": {
            "type": "http",
            "url": "http://127.0.0.1:8768/mcp",
            "headers": { "Authorization": format!("Bearer {token}") },
        } } })
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("keep it out of shared logs"), "the token warning");
}
