//! `rustgis-cli mcp-register --client …` writes each client's configuration file in the shape
//! that client documents (Claude Code's `.mcp.json`/`~/.claude.json` `mcpServers`, Codex's
//! `[mcp_servers.NAME]` in `config.toml`, Cursor's `mcpServers`, VS Code's `servers` with `type`,
//! Claude Desktop's `mcpServers` of programs, OpenCode's `mcp` with `type: local|remote`), repairs
//! a stale entry, removes only its own, prints without writing, and refuses a file it cannot parse.
//! Every run has a temporary `HOME`, `XDG_CONFIG_HOME` and `APPDATA`, and a `PATH` without
//! `claude`, so no real configuration is touched.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value as Json, json};

/// A client as the tests see it: its `--client` value, its usual file (below `HOME`, on Linux)
/// and where the entries are in it (a JSON pointer; for Codex, into the TOML read as JSON).
struct Spec {
    client: &'static str,
    file: &'static str,
    servers: &'static str,
}

const CLAUDE: Spec = Spec { client: "claude", file: ".claude.json", servers: "/mcpServers" };
const CODEX: Spec = Spec { client: "codex", file: ".codex/config.toml", servers: "/mcp_servers" };
const CURSOR: Spec = Spec { client: "cursor", file: ".cursor/mcp.json", servers: "/mcpServers" };
const VSCODE: Spec = Spec { client: "vscode", file: ".config/Code/User/mcp.json", servers: "/servers" };
const CLAUDE_DESKTOP: Spec =
    Spec { client: "claude-desktop", file: ".config/Claude/claude_desktop_config.json", servers: "/mcpServers" };
const OPENCODE: Spec = Spec { client: "opencode", file: ".config/opencode/opencode.json", servers: "/mcp" };

const EVERY_CLIENT: [Spec; 6] = [CLAUDE, CODEX, CURSOR, VSCODE, CLAUDE_DESKTOP, OPENCODE];

/// A temporary home for one test.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(dir.path().join("empty-path")).expect("an empty PATH folder");
        Home { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The client's usual file in this home.
    fn file(&self, spec: &Spec) -> PathBuf {
        self.path().join(spec.file)
    }

    /// Runs `rustgis-cli mcp-register ARGS` in this home, without `claude` on `PATH`.
    fn register(&self, args: &[&str]) -> Output {
        self.register_with_path(&self.path().join("empty-path"), args)
    }

    fn register_with_path(&self, path: &Path, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
            .arg("mcp-register")
            .args(args)
            .env("HOME", self.path())
            .env("XDG_CONFIG_HOME", self.path().join(".config"))
            .env("APPDATA", self.path().join("AppData"))
            .env("PATH", path)
            .env_remove("CODEX_HOME")
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("RUSTGIS_MCP_HTTP_PORT")
            .env_remove("RUSTGIS_MCP_PORT")
            .current_dir(self.path())
            .output()
            .expect("rustgis-cli runs")
    }

    /// Runs it and insists that it succeeded; returns standard error.
    fn register_ok(&self, args: &[&str]) -> String {
        let output = self.register(args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "mcp-register {args:?} failed: {stderr}");
        stderr
    }

    /// The token of MCP over HTTP, as `mcp-register` made it.
    fn token(&self) -> String {
        let file = self.path().join(".config").join("rustgis").join("mcp-http.token");
        std::fs::read_to_string(file).expect("the token file").trim().to_owned()
    }

    /// Forgets the token, so the next register makes a new one (an old token in the entries).
    fn new_token(&self) {
        std::fs::remove_file(self.path().join(".config").join("rustgis").join("mcp-http.token"))
            .expect("token removed");
    }
}

/// A config file read as JSON (Codex's TOML converted), for assertions on its structure.
fn read_config(path: &Path) -> Json {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    if path.extension().is_some_and(|ext| ext == "toml") {
        let doc: toml_edit::DocumentMut = text.parse().expect("the TOML parses");
        table_to_json(doc.as_table())
    } else {
        serde_json::from_str(&text).expect("the JSON parses")
    }
}

fn table_to_json(table: &toml_edit::Table) -> Json {
    Json::Object(
        table
            .iter()
            .map(|(key, item)| {
                let value = match item {
                    toml_edit::Item::Table(inner) => table_to_json(inner),
                    toml_edit::Item::Value(value) => toml_value_to_json(value),
                    other => panic!("unexpected TOML item {other:?}"),
                };
                (key.to_owned(), value)
            })
            .collect(),
    )
}

fn toml_value_to_json(value: &toml_edit::Value) -> Json {
    match value {
        toml_edit::Value::String(text) => json!(text.value()),
        toml_edit::Value::Integer(integer) => json!(integer.value()),
        toml_edit::Value::Boolean(flag) => json!(flag.value()),
        toml_edit::Value::Array(items) => Json::Array(items.iter().map(toml_value_to_json).collect()),
        toml_edit::Value::InlineTable(table) => {
            Json::Object(table.iter().map(|(key, value)| (key.to_owned(), toml_value_to_json(value))).collect())
        }
        other => panic!("unexpected TOML value {other:?}"),
    }
}

/// The entries of `spec`'s client in its file.
fn servers(spec: &Spec, path: &Path) -> Json {
    read_config(path)
        .pointer(spec.servers)
        .cloned()
        .unwrap_or_else(|| panic!("{} has no {}", path.display(), spec.servers))
}

/// This rustgis-cli, as an entry names it.
fn exe() -> String {
    std::fs::canonicalize(env!("CARGO_BIN_EXE_rustgis-cli")).expect("the binary").to_str().expect("UTF-8").to_owned()
}

/// The HTTP entry `spec`'s client documents.
fn http_entry(spec: &Spec, port: u16, token: &str) -> Json {
    let url = format!("http://127.0.0.1:{port}/mcp");
    let headers = json!({ "Authorization": format!("Bearer {token}") });
    match spec.client {
        "claude" | "vscode" => json!({ "type": "http", "url": url, "headers": headers }),
        "codex" => json!({ "url": url, "http_headers": headers }),
        "cursor" => json!({ "url": url, "headers": headers }),
        "opencode" => json!({ "type": "remote", "url": url, "headers": headers, "enabled": true }),
        other => panic!("{other} takes no HTTP entry"),
    }
}

/// The entry of a program (stdio or attach) `spec`'s client documents.
fn program_entry(spec: &Spec, args: &[&str]) -> Json {
    match spec.client {
        "claude" | "vscode" => json!({ "type": "stdio", "command": exe(), "args": args }),
        "codex" | "cursor" | "claude-desktop" => json!({ "command": exe(), "args": args }),
        "opencode" => {
            let command: Vec<String> = std::iter::once(exe()).chain(args.iter().map(|arg| (*arg).to_owned())).collect();
            json!({ "type": "local", "command": command, "enabled": true })
        }
        other => panic!("unknown client {other}"),
    }
}

/// The transport the loops over every client use: HTTP, except for Claude Desktop (programs only).
fn transport(spec: &Spec) -> &'static str {
    if spec.client == "claude-desktop" { "attach" } else { "http" }
}

/// A file of `spec`'s kind holding another server and another setting, to be kept.
fn seed_other_server(spec: &Spec, path: &Path) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    let text = match spec.client {
        "codex" => {
            "# my settings\nmodel = \"o3\"\n\n[mcp_servers.other]\ncommand = \"other-server\" # keep me\n".to_owned()
        }
        _ => {
            let mut root = json!({ "theme": "dark" });
            let other = json!({ "command": "other-server", "args": [] });
            match spec.servers {
                "/mcp" => root["mcp"] = json!({ "other": other }),
                pointer => root[&pointer[1..]] = json!({ "other": other }),
            }
            serde_json::to_string_pretty(&root).expect("JSON")
        }
    };
    std::fs::write(path, text).expect("the seeded file");
}

fn check_documented_entry(spec: &Spec, args: &[&str], expected: impl FnOnce(&Home) -> (String, Json)) {
    let home = Home::new();
    home.register_ok(args);
    let (name, entry) = expected(&home);
    let servers = servers(spec, &home.file(spec));
    assert_eq!(servers, json!({ name: entry }), "{}: {}", spec.client, home.file(spec).display());
}

#[test]
fn claude_code_gets_a_typed_stdio_entry_in_the_user_claude_json() {
    check_documented_entry(&CLAUDE, &["--client", "claude", "--transport", "stdio", "--", "--sample"], |_| {
        ("rustgis".to_owned(), program_entry(&CLAUDE, &["mcp", "--sample"]))
    });
}

#[test]
fn claude_code_project_mcp_json_gets_the_http_entry_with_the_token() {
    let home = Home::new();
    home.register_ok(&["--client", "claude", "--config", ".mcp.json"]);
    let servers = servers(&CLAUDE, &home.path().join(".mcp.json"));
    assert_eq!(servers, json!({ "rustgis-live": http_entry(&CLAUDE, 8768, &home.token()) }));
}

#[test]
fn codex_gets_an_mcp_servers_table_with_the_url_and_http_headers() {
    check_documented_entry(&CODEX, &["--client", "codex"], |home| {
        ("rustgis-live".to_owned(), http_entry(&CODEX, 8768, &home.token()))
    });
}

#[test]
fn codex_gets_command_and_args_for_a_stdio_server() {
    check_documented_entry(&CODEX, &["--client", "codex", "--transport", "stdio"], |_| {
        ("rustgis".to_owned(), program_entry(&CODEX, &["mcp"]))
    });
}

#[test]
fn cursor_gets_an_mcp_servers_entry_with_the_url_and_headers() {
    check_documented_entry(&CURSOR, &["--client", "cursor"], |home| {
        ("rustgis-live".to_owned(), http_entry(&CURSOR, 8768, &home.token()))
    });
}

#[cfg(target_os = "linux")]
#[test]
fn vscode_gets_a_servers_entry_with_its_type_in_the_user_mcp_json() {
    check_documented_entry(&VSCODE, &["--client", "vscode", "--name", "gis", "--port", "9001"], |home| {
        ("gis".to_owned(), http_entry(&VSCODE, 9001, &home.token()))
    });
}

#[cfg(target_os = "linux")]
#[test]
fn claude_desktop_gets_the_attach_command_with_the_relay_port() {
    check_documented_entry(
        &CLAUDE_DESKTOP,
        &["--client", "claude-desktop", "--transport", "attach", "--port", "8800"],
        |_| ("rustgis-app".to_owned(), program_entry(&CLAUDE_DESKTOP, &["mcp", "--attach", "8800", "--yes"])),
    );
}

#[test]
fn claude_desktop_refuses_http_and_says_what_works() {
    let home = Home::new();
    let output = home.register(&["--client", "claude-desktop", "--transport", "http"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--transport attach") && stderr.contains("--transport stdio"), "{stderr}");
    assert!(!home.file(&CLAUDE_DESKTOP).exists(), "nothing was written");
}

#[test]
fn opencode_gets_a_local_entry_with_the_whole_command_in_one_array() {
    check_documented_entry(&OPENCODE, &["--client", "opencode", "--transport", "attach"], |_| {
        ("rustgis-app".to_owned(), program_entry(&OPENCODE, &["mcp", "--attach", "--yes"]))
    });
}

#[test]
fn opencode_gets_a_remote_entry_for_http() {
    check_documented_entry(&OPENCODE, &["--client", "opencode"], |home| {
        ("rustgis-live".to_owned(), http_entry(&OPENCODE, 8768, &home.token()))
    });
}

#[test]
fn an_opencode_v2_file_keeps_its_mcp_servers_shape() {
    let home = Home::new();
    let path = home.file(&OPENCODE);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    std::fs::write(&path, r#"{"mcp": {"servers": {"other": {"type": "local", "command": ["x"]}}}}"#).expect("seeded");
    home.register_ok(&["--client", "opencode", "--transport", "stdio"]);
    let servers = read_config(&path)["mcp"]["servers"].clone();
    assert_eq!(servers["rustgis"], json!({ "type": "local", "command": [exe(), "mcp"] }), "no V1 `enabled` in V2");
    assert_eq!(servers["other"], json!({ "type": "local", "command": ["x"] }));
}

#[test]
fn a_second_register_repairs_the_port_and_token_and_keeps_other_servers_and_keys() {
    for spec in &EVERY_CLIENT {
        let home = Home::new();
        let path = home.file(spec);
        seed_other_server(spec, &path);
        let config = path.to_str().expect("UTF-8");
        let first = ["--client", spec.client, "--transport", transport(spec), "--config", config, "--port", "9001"];
        home.register_ok(&first);
        if spec.client != "claude-desktop" {
            home.new_token();
        }
        let stderr = home.register_ok(&[
            "--client",
            spec.client,
            "--transport",
            transport(spec),
            "--config",
            config,
            "--port",
            "9002",
        ]);
        assert!(stderr.contains("repaired"), "{}: {stderr}", spec.client);
        let config_now = read_config(&path);
        let servers = servers(spec, &path);
        let (name, expected) = match spec.client {
            "claude-desktop" => ("rustgis-app", program_entry(spec, &["mcp", "--attach", "9002", "--yes"])),
            _ => ("rustgis-live", http_entry(spec, 9002, &home.token())),
        };
        assert_eq!(servers[name], expected, "{}", spec.client);
        assert_eq!(servers["other"]["command"], "other-server", "{}: the other server stays", spec.client);
        let other_key = if spec.client == "codex" { "model" } else { "theme" };
        assert!(config_now.get(other_key).is_some(), "{}: the other setting stays", spec.client);
        if spec.client != "claude-desktop" {
            assert!(stderr.contains("another token"), "{}: {stderr}", spec.client);
            assert!(!stderr.contains(&home.token()), "{}: the message never shows the token", spec.client);
        }
    }
}

#[test]
fn a_stale_program_path_is_repaired_and_the_message_names_what_changed() {
    let home = Home::new();
    let path = home.file(&CURSOR);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    std::fs::write(&path, r#"{"mcpServers": {"rustgis": {"command": "/old/place/rustgis-cli", "args": ["mcp"]}}}"#)
        .expect("seeded");
    let stderr = home.register_ok(&["--client", "cursor", "--transport", "stdio"]);
    assert!(stderr.contains("/old/place/rustgis-cli") && stderr.contains("command was"), "{stderr}");
    assert_eq!(servers(&CURSOR, &path)["rustgis"], program_entry(&CURSOR, &["mcp"]));
}

#[test]
fn registering_the_same_entry_again_changes_nothing() {
    let home = Home::new();
    home.register_ok(&["--client", "codex"]);
    let before = std::fs::read(home.file(&CODEX)).expect("written");
    let stderr = home.register_ok(&["--client", "codex"]);
    assert!(stderr.contains("nothing changed"), "{stderr}");
    assert_eq!(std::fs::read(home.file(&CODEX)).expect("still there"), before);
}

#[test]
fn codex_comments_and_formatting_survive_a_register() {
    let home = Home::new();
    let path = home.file(&CODEX);
    seed_other_server(&CODEX, &path);
    home.register_ok(&["--client", "codex"]);
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(
        text.starts_with(
            "# my settings\nmodel = \"o3\"\n\n[mcp_servers.other]\ncommand = \"other-server\" # keep me\n"
        ),
        "{text}"
    );
}

#[test]
fn remove_takes_away_only_our_entry() {
    for spec in &EVERY_CLIENT {
        let home = Home::new();
        let path = home.file(spec);
        seed_other_server(spec, &path);
        let config = path.to_str().expect("UTF-8");
        home.register_ok(&["--client", spec.client, "--transport", transport(spec), "--config", config]);
        let stderr = home.register_ok(&[
            "--client",
            spec.client,
            "--transport",
            transport(spec),
            "--config",
            config,
            "--remove",
        ]);
        assert!(stderr.contains("removed"), "{}: {stderr}", spec.client);
        let servers = servers(spec, &path);
        let names: Vec<&String> = servers.as_object().expect("an object").keys().collect();
        assert_eq!(names, ["other"], "{}", spec.client);
    }
}

#[test]
fn remove_says_when_there_was_no_entry() {
    let home = Home::new();
    let path = home.file(&CURSOR);
    seed_other_server(&CURSOR, &path);
    let before = std::fs::read(&path).expect("seeded");
    let stderr = home.register_ok(&["--client", "cursor", "--remove"]);
    assert!(stderr.contains("no entry named rustgis-live"), "{stderr}");
    assert_eq!(std::fs::read(&path).expect("still there"), before, "the file is left as it was");
}

#[cfg(unix)]
#[test]
fn remove_with_claude_runs_claude_mcp_remove() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new();
    let (bin, log) = (home.path().join("bin"), home.path().join("claude-args.txt"));
    std::fs::create_dir(&bin).expect("a bin folder");
    let script = bin.join("claude");
    std::fs::write(&script, format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n", log.display())).expect("fake claude");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let output = home.register_with_path(&bin, &["--client", "claude", "--remove", "--name", "gis"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&log).expect("claude ran"), "mcp\nremove\ngis\n");
}

#[test]
fn print_prints_the_entry_and_writes_nothing() {
    for spec in &EVERY_CLIENT {
        let home = Home::new();
        let path = home.file(spec);
        let config = path.to_str().expect("UTF-8");
        let output =
            home.register(&["--client", spec.client, "--transport", transport(spec), "--config", config, "--print"]);
        assert!(output.status.success(), "{}: {}", spec.client, String::from_utf8_lossy(&output.stderr));
        assert!(!path.exists(), "{}: --print wrote {}", spec.client, path.display());
        let printed = String::from_utf8(output.stdout).expect("UTF-8");
        let (name, expected) = match spec.client {
            "claude-desktop" => ("rustgis-app", program_entry(spec, &["mcp", "--attach", "--yes"])),
            _ => ("rustgis-live", http_entry(spec, 8768, &home.token())),
        };
        let parsed = if spec.client == "codex" {
            table_to_json(printed.parse::<toml_edit::DocumentMut>().expect("TOML").as_table())
        } else {
            serde_json::from_str(&printed).expect("JSON")
        };
        assert_eq!(parsed.pointer(spec.servers), Some(&json!({ name: expected })), "{}: {printed}", spec.client);
    }
}

#[test]
fn a_malformed_config_is_refused_named_and_left_byte_identical() {
    for spec in &EVERY_CLIENT {
        let home = Home::new();
        let path = home.file(spec);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
        let broken: &[u8] =
            if spec.client == "codex" { b"[mcp_servers.other\ncommand = 1\n" } else { b"{\"mcpServers\": {,}" };
        std::fs::write(&path, broken).expect("seeded");
        let config = path.to_str().expect("UTF-8");
        let output = home.register(&["--client", spec.client, "--transport", transport(spec), "--config", config]);
        assert!(!output.status.success(), "{}", spec.client);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(config) && stderr.contains("does not parse"), "{}: {stderr}", spec.client);
        assert_eq!(std::fs::read(&path).expect("still there"), broken, "{}", spec.client);
        let temporaries: Vec<String> = std::fs::read_dir(path.parent().expect("a folder"))
            .expect("listed")
            .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tmp"))
            .collect();
        assert!(temporaries.is_empty(), "{}: temporary files left: {temporaries:?}", spec.client);
    }
}

#[cfg(unix)]
#[test]
fn a_config_holding_the_token_is_readable_by_the_user_only() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new();
    let path = home.file(&CURSOR);
    seed_other_server(&CURSOR, &path);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    home.register_ok(&["--client", "cursor"]);
    let mode = std::fs::metadata(&path).expect("written").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

#[test]
fn a_name_no_client_accepts_is_refused() {
    let home = Home::new();
    let output = home.register(&["--client", "vscode", "--name", "rust gis"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("letters, digits"));
}
