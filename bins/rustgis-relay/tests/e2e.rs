//! End to end: the headless host with the sample, two `rustgis-cli mcp --attach` agents that
//! each change the map, the second unable to undo the first's step, and both in the audit log.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value as Json, json};

#[path = "../../test-support/rustgis_cli.rs"]
mod cli_binary;
#[path = "../../test-support/host.rs"]
mod host;
#[path = "../../test-support/mcp_client.rs"]
mod mcp_client;
#[path = "../../test-support/process.rs"]
mod process;
use cli_binary::rustgis_cli;
use host::{http_post, runtime_dir_in};
use mcp_client::McpClient;
use process::Process;

/// An agent: `rustgis-cli mcp --attach PORT` in `runtime_dir`, initialized.
fn attach(cli: &Path, runtime_dir: &Path, port: u16) -> McpClient {
    McpClient::start(
        Command::new(cli).args(["mcp", "--attach", &port.to_string()]).env("XDG_RUNTIME_DIR", runtime_dir),
        json!({}),
    )
}

fn succeeded(reply: &Json) -> bool {
    reply["result"].is_object() && reply["result"]["isError"] != json!(true)
}

#[test]
fn two_attached_agents_change_the_map_undo_only_their_own_steps_and_are_audited() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = folders.path().join("run");
    std::fs::create_dir(&runtime_dir).expect("the runtime folder");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime_dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    let app_data = folders.path().join("app-data");
    let cli = rustgis_cli();
    let mut host = Process::spawn(
        Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", "0", "--app-data"])
            .arg(&app_data)
            .env("XDG_RUNTIME_DIR", &runtime_dir),
    );
    let started = host.recv();
    let port = started["result"]["port"].as_u64().and_then(|p| u16::try_from(p).ok()).expect("the relay's port");
    assert!(runtime_dir.join("rustgis").join(format!("{port}.token")).exists());

    let mut first = attach(&cli, &runtime_dir, port);
    let mut second = attach(&cli, &runtime_dir, port);
    assert!(succeeded(&first.command("layer.setVisible", json!({ "layer": "cities", "visible": false }))));
    assert!(succeeded(&second.command("layer.setVisible", json!({ "layer": "boundaries", "visible": false }))));
    let own = second.command("edit.undo", json!({}));
    assert!(succeeded(&own), "agent 2 undoes its own step: {own}");
    let refused = second.command("edit.undo", json!({}));
    assert!(!succeeded(&refused), "agent 2 cannot undo agent 1's step: {refused}");
    assert!(refused.to_string().contains("agent 1"), "{refused}");
    first.process.finish();
    second.process.finish();

    host.send(r#"layer.info {"layer": "cities"}"#);
    let cities = host.recv();
    assert_eq!(cities["result"]["visible"], json!(false), "agent 1's change is on the map: {cities}");
    host.send("quit");
    host.finish();
    assert!(!runtime_dir.join("rustgis").join(format!("{port}.token")).exists(), "the token is removed on stop");

    let audit = app_data.join("mcp-audit");
    let mut lines = Vec::new();
    for file in std::fs::read_dir(&audit).expect("the audit folder").flatten() {
        let text = std::fs::read_to_string(file.path()).expect("an audit file");
        lines.extend(text.lines().map(|l| serde_json::from_str::<Json>(l).expect("a JSON line")));
    }
    let agents: Vec<&str> = lines.iter().filter_map(|l| l["agent"].as_str()).collect();
    assert!(agents.contains(&"agent 1") && agents.contains(&"agent 2"), "{lines:?}");
    assert!(lines.iter().any(|l| l["command"] == json!("layer.setVisible") && l["agent"] == json!("agent 1")));
    assert!(lines.iter().any(|l| l["command"] == json!("edit.undo") && l["success"] == json!(false)));
}

/// The headless host with the sample, MCP over HTTP and the file bridge, in `folders`.
fn spawn_full_host(folders: &Path, runtime_dir: &Path) -> Process {
    Process::spawn(
        Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", "0", "--http", "--http-port", "0", "--bridge", "--settings"])
            .arg(folders.join("settings"))
            .arg("--app-data")
            .arg(folders.join("app-data"))
            .env("XDG_RUNTIME_DIR", runtime_dir),
    )
}

/// The headless host with the sample and the relay only, in `folders`.
fn spawn_sample_host(folders: &Path, runtime_dir: &Path) -> Process {
    Process::spawn(
        Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", "0", "--app-data"])
            .arg(folders.join("app-data"))
            .env("XDG_RUNTIME_DIR", runtime_dir),
    )
}

/// The port of the relay the host says it started, in its first line.
fn started_port(host: &mut Process) -> u16 {
    u16::try_from(host.recv()["result"]["port"].as_u64().expect("the relay's port")).expect("a port")
}

/// Draws nothing: waits (bounded) until `path` exists.
/// Waits (bounded) until the recovery copy at `path` holds the boundaries layer hidden.
fn wait_until_copy_hides_boundaries(path: &Path) {
    fn hides(value: &Json) -> bool {
        match value {
            Json::Object(map) => {
                (map.get("name") == Some(&json!("boundaries")) && map.get("visible") == Some(&json!(false)))
                    || map.values().any(hides)
            }
            Json::Array(items) => items.iter().any(hides),
            _ => false,
        }
    }
    let start = std::time::Instant::now();
    loop {
        let written = std::fs::read(path).ok().and_then(|bytes| serde_json::from_slice::<Json>(&bytes).ok());
        if written.as_ref().is_some_and(hides) {
            return;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{} never showed the edit", path.display());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn wait_for_file(path: &Path) {
    let start = std::time::Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{} never appeared", path.display());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn write_bridge_script(private_dir: &Path, script: &str) {
    let draft = private_dir.join("draft.txt");
    std::fs::write(&draft, script).expect("the draft is written");
    std::fs::rename(&draft, private_dir.join("bridge-command.txt")).expect("renamed into place");
}

#[test]
fn an_http_client_and_the_file_bridge_drive_the_headless_host() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_full_host(folders.path(), &runtime_dir);
    let started = host.recv();
    let url = started["result"]["http"]["url"].as_str().expect("the HTTP url").to_owned();
    let token_file = started["result"]["http"]["token_file"].as_str().expect("the token file").to_owned();
    let token = std::fs::read_to_string(&token_file).expect("the token file reads").trim().to_owned();
    assert_eq!(token_file, folders.path().join("settings").join("mcp-http.token").display().to_string());

    let hidden = http_post(
        &url,
        &token,
        &json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "run_command",
            "arguments": { "command": "layer.setVisible", "params": { "layer": "cities", "visible": false } } } }),
    );
    assert!(succeeded(&hidden), "{hidden}");

    let private_dir = runtime_dir.join("rustgis");
    write_bridge_script(&private_dir, r#"layer.setVisible {"layer": "countries", "visible": false}"#);
    let result_file = private_dir.join("bridge-result.json");
    wait_for_file(&result_file);
    let result: Json = serde_json::from_str(&std::fs::read_to_string(&result_file).expect("the result reads"))
        .expect("the result is JSON");
    assert_eq!(result["success"], json!(true), "{result}");

    host.send("edit.undo {}");
    assert_eq!(host.recv()["result"]["actor"], json!("file bridge"));
    host.send("edit.undo {}");
    assert_eq!(host.recv()["result"]["actor"], json!("agent 1"), "the HTTP client is an agent like any other");
    host.send("quit");
    host.finish();
    assert!(!private_dir.join("bridge-ready.json").exists(), "the bridge is off after quit");
}

#[test]
fn the_headless_host_runs_only_the_file_bridge_when_the_relays_port_is_taken() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let holder = std::net::TcpListener::bind("127.0.0.1:0").expect("another program holds a port");
    let port = holder.local_addr().expect("its address").port().to_string();
    let mut host = Process::spawn(
        Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", &port, "--bridge", "--app-data"])
            .arg(folders.path().join("app-data"))
            .env("XDG_RUNTIME_DIR", &runtime_dir),
    );
    let started = host.recv();
    assert_eq!(started["result"]["only_file_bridge"], json!(true), "{started}");
    let private_dir = runtime_dir.join("rustgis");
    write_bridge_script(&private_dir, "layer.list {}");
    wait_for_file(&private_dir.join("bridge-result.json"));
    host.send("quit");
    host.finish();
}

/// Sends `signal` (`TERM`, `INT`, `HUP`) to a process, with the system's `kill`.
fn send_signal(pid: u32, signal: &str) {
    let status = Command::new("kill").args(["-s", signal, &pid.to_string()]).status().expect("kill runs");
    assert!(status.success(), "kill -s {signal} {pid}");
}

/// Waits at most `limit` for a process to end; its status, or `None` when it still runs.
fn wait_at_most(child: &mut Child, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the process can be waited for") {
            return Some(status);
        }
        if start.elapsed() > limit {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The files the relay and the bridge leave in the private folder.
fn leftovers(private_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(private_dir)
        .expect("the private folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".token") || name == "endpoint.json" || name == "bridge-ready.json")
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn rustgis_relay_stopped_by_sigterm_sigint_or_sighup_leaves_no_token_endpoint_or_bridge_files() {
    for signal in ["TERM", "INT", "HUP"] {
        let folders = tempfile::tempdir().expect("a temporary folder");
        let runtime_dir = runtime_dir_in(folders.path());
        let mut host = spawn_full_host(folders.path(), &runtime_dir);
        let started = host.recv();
        assert_eq!(started["result"]["running"], json!(true), "{started}");
        let private_dir = runtime_dir.join("rustgis");
        assert_eq!(leftovers(&private_dir).len(), 3, "token, endpoint.json, bridge-ready.json: {started}");

        send_signal(host.child.id(), signal);
        let status = wait_at_most(&mut host.child, std::time::Duration::from_secs(10)).expect("it stops");
        assert!(status.success(), "SIG{signal}: {status}");
        assert_eq!(leftovers(&private_dir), Vec::<String>::new(), "SIG{signal} leaves nothing behind");
        let lock = std::fs::File::open(private_dir.join("bridge.lock")).expect("bridge.lock stays, unlocked");
        assert!(lock.try_lock().is_ok(), "SIG{signal} releases bridge.lock");
    }
}

#[cfg(unix)]
#[test]
fn an_attached_cli_exits_with_a_message_within_2_s_of_the_relay_stopping() {
    use std::io::Read;
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    let port = started_port(&mut host).to_string();
    let mut cli = Command::new(rustgis_cli())
        .args(["mcp", "--attach", &port])
        .env("XDG_RUNTIME_DIR", &runtime_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the CLI starts");
    let mut stdin = cli.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(cli.stdout.take().expect("stdout is piped"));
    writeln!(
        stdin,
        "{}",
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": "2025-06-18",
            "capabilities": {}, "clientInfo": { "name": "e2e", "version": "1" } } })
    )
    .expect("the CLI reads");
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the CLI answers");
    assert!(line.contains("rustgis"), "{line}");

    // The agent stays quiet, its standard input open, as a real client's is.
    send_signal(host.child.id(), "TERM");
    let status = wait_at_most(&mut cli, std::time::Duration::from_secs(2)).expect("the CLI exits within 2 s");
    assert!(!status.success(), "a relay that went away is an error: {status}");
    let mut stderr = String::new();
    cli.stderr.take().expect("stderr is piped").read_to_string(&mut stderr).expect("stderr reads");
    assert!(stderr.contains("closed the connection") && stderr.contains("stopped"), "{stderr}");
    drop(stdin);
}

#[cfg(unix)]
#[test]
fn an_attached_cli_exits_within_2_s_of_its_standard_input_closing() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    let port = started_port(&mut host);
    let mut agent = attach(&rustgis_cli(), &runtime_dir, port);
    drop(agent.process.stdin.take());
    let status =
        wait_at_most(&mut agent.process.child, std::time::Duration::from_secs(2)).expect("the CLI exits within 2 s");
    assert!(status.success(), "closing standard input is the ordinary way out: {status}");
    host.send("quit");
    host.finish();
}

#[cfg(unix)]
#[test]
fn a_stale_endpoint_and_token_of_a_dead_relay_are_replaced_at_the_next_start_saying_so() {
    use std::io::Read;
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let private_dir = runtime_dir.join("rustgis");
    std::fs::create_dir(&private_dir).expect("the private folder");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&private_dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("addr").port();
    // A process that has ended: its pid names no running relay.
    let mut dead = Command::new("true").spawn().expect("true runs");
    let dead_pid = dead.id();
    dead.wait().expect("it ends");
    let stale_token = "0123456789abcdef0123456789abcdef\n";
    std::fs::write(private_dir.join(format!("{port}.token")), stale_token).expect("a stale token");
    std::fs::write(private_dir.join(format!("{port}-00000000000000aa-1.token")), stale_token).expect("a stale grant");
    std::fs::write(
        private_dir.join("endpoint.json"),
        json!({ "schema": 1, "port": port, "pid": dead_pid }).to_string(),
    )
    .expect("a stale endpoint.json");

    let mut child = Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
        .args(["--sample", "--port", &port.to_string(), "--app-data"])
        .arg(folders.path().join("app-data"))
        .env("XDG_RUNTIME_DIR", &runtime_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the host starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut started = String::new();
    stdout.read_line(&mut started).expect("the start report");
    let endpoint: Json =
        serde_json::from_str(&std::fs::read_to_string(private_dir.join("endpoint.json")).expect("endpoint.json"))
            .expect("JSON");
    assert_eq!(endpoint["pid"], json!(child.id()), "endpoint.json is the new relay's");
    let token = std::fs::read_to_string(private_dir.join(format!("{port}.token"))).expect("the new token");
    assert_ne!(token, stale_token);
    assert!(!private_dir.join(format!("{port}-00000000000000aa-1.token")).exists(), "the stale grant is gone");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    writeln!(stdin, "quit").expect("the host reads");
    assert!(child.wait().expect("it ends").success());
    let mut stderr = String::new();
    child.stderr.take().expect("stderr is piped").read_to_string(&mut stderr).expect("stderr reads");
    assert!(stderr.contains("stale token file") && stderr.contains("no longer runs"), "{stderr}");
    assert!(stderr.contains(&format!("stale endpoint.json (pid {dead_pid}")), "{stderr}");
}

/// How many file descriptors a process holds (Linux's /proc).
fn descriptors_of(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map(|fds| fds.count()).unwrap_or(0)
}

#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_2000_held_connections_leaves_the_host_able_to_save_and_an_agent_able_to_attach() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    // 256 descriptors: far fewer than the flood, as a host that shares its limit with real work.
    let mut host = Process::spawn(
        Command::new("sh")
            .args(["-c", "ulimit -n 256 && exec \"$0\" \"$@\""])
            .arg(env!("CARGO_BIN_EXE_rustgis-relay"))
            .args(["--sample", "--port", "0", "--app-data"])
            .arg(folders.path().join("app-data"))
            .env("XDG_RUNTIME_DIR", &runtime_dir),
    );
    let port = started_port(&mut host);
    let flood: Vec<std::net::TcpStream> =
        (0..2000).map(|_| std::net::TcpStream::connect(("127.0.0.1", port)).expect("the kernel accepts")).collect();

    let project = folders.path().join("flooded.rgis");
    host.send(&format!("project.save {}", json!({ "path": project })));
    let saved = host.recv();
    assert_eq!(saved["ok"], json!(true), "the user's save works during the flood: {saved}");
    assert!(project.exists());
    let held = descriptors_of(host.child.id());
    assert!(held < 128, "the host holds {held} descriptors with 2,000 connections at its door");

    let mut agent = attach(&rustgis_cli(), &runtime_dir, port);
    assert!(succeeded(&agent.command("layer.list", json!({}))), "a real agent attaches and works past the flood");
    drop(flood);
    agent.process.finish();
    host.send("quit");
    host.finish();
}

#[test]
fn a_password_in_layer_open_never_reaches_the_audit_log_by_bridge_run_script_or_single_call() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let app_data = folders.path().join("app-data");
    let mut host = spawn_full_host(folders.path(), &runtime_dir);
    let started = host.recv();
    let url = started["result"]["http"]["url"].as_str().expect("the HTTP url").to_owned();
    let token_file = started["result"]["http"]["token_file"].as_str().expect("the token file").to_owned();
    let token = std::fs::read_to_string(&token_file).expect("the token file reads").trim().to_owned();
    let compact = r#"layer.open{"path":"https://user:hunter2@example.com/x","password":"hunter2"}"#;

    let private_dir = runtime_dir.join("rustgis");
    write_bridge_script(&private_dir, compact);
    wait_for_file(&private_dir.join("bridge-result.json"));
    http_post(
        &url,
        &token,
        &json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "run",
            "arguments": { "script": compact } } }),
    );
    http_post(
        &url,
        &token,
        &json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": { "name": "run_command",
            "arguments": { "command": "layer.open",
                "params": { "path": "https://user:hunter2@example.com/x", "password": "hunter2" } } } }),
    );
    host.send("quit");
    host.finish();

    let mut text = String::new();
    for file in std::fs::read_dir(app_data.join("mcp-audit")).expect("the audit folder").flatten() {
        text.push_str(&std::fs::read_to_string(file.path()).expect("an audit file"));
    }
    assert_eq!(text.lines().count(), 3, "the bridge, the run script and the single call are logged: {text}");
    assert!(text.contains("\"source\":\"file\""), "{text}");
    assert!(!text.contains("hunter2"), "a secret reached the audit log: {text}");
}

/// Runs the headless host to the end with `input` on its standard input; its standard output's
/// JSON lines and its standard error.
fn run_host_with_input(args: &[&str], app_data: &Path, runtime_dir: &Path, input: &str) -> (Vec<Json>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rustgis-relay"))
        .args(args)
        .args(["--port", "0", "--app-data"])
        .arg(app_data)
        .env("XDG_RUNTIME_DIR", runtime_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("it starts");
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes()).expect("the host reads");
    let output = child.wait_with_output().expect("it ends");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let lines = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    (lines, String::from_utf8_lossy(&output.stderr).into_owned())
}

fn boundaries_visible(layer_list: &Json) -> Option<bool> {
    layer_list["result"]["layers"].as_array()?.iter().find(|l| l["name"] == json!("boundaries"))?["visible"].as_bool()
}

#[test]
fn a_killed_host_leaves_a_recovery_copy_that_the_next_start_offers_and_opens_and_a_clean_exit_removes() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let app_data = folders.path().join("app-data");
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    host.recv();
    host.send(r#"layer.setVisible {"layer": "boundaries", "visible": false}"#);
    assert_eq!(host.recv()["ok"], json!(true));
    host.send("layer.list {}");
    assert_eq!(boundaries_visible(&host.recv()), Some(false));
    // The copy is written on its own thread after the frame that ran the edit.
    let copy = app_data.join("recovery").join(format!("rustgis-relay-{}.rgis", host.child.id()));
    wait_until_copy_hides_boundaries(&copy);
    host.child.kill().expect("kill -9");
    host.child.wait().expect("it ends");
    assert!(copy.exists(), "a killed host leaves its copy");

    let (_, offered) = run_host_with_input(&["--sample"], &app_data, &runtime_dir, "quit\n");
    assert!(
        offered.contains(&copy.display().to_string()) && offered.contains("rustgis-relay --recover"),
        "the next start names the copy and how to open it: {offered}"
    );
    assert!(copy.exists(), "offering it keeps it");

    let (lines, _) = run_host_with_input(&["--recover"], &app_data, &runtime_dir, "layer.list {}\nui.quit {}\n");
    assert_eq!(boundaries_visible(&lines[1]), Some(false), "the copy opens to the same project: {lines:?}");
    let left: Vec<_> = std::fs::read_dir(app_data.join("recovery")).expect("the recovery folder").flatten().collect();
    assert!(left.is_empty(), "the opened copy is removed and a clean exit removes this run's: {left:?}");
}

#[test]
fn an_attached_agent_waiting_on_its_job_gets_the_jobs_progress_through_the_relay() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    let port = started_port(&mut host);
    let mut agent = attach(&rustgis_cli(), &runtime_dir, port);
    let grid = json!({ "extent": [-60, -60, 60, 60], "cell": 1.5, "name": "grid" });
    assert!(succeeded(&agent.command("vector.grid", grid)));
    let buffer = json!({ "layer": "grid", "distance": 5, "unit": "km", "segments": 16 });
    let started = agent.call("run_command", json!({ "command": "vector.buffer", "params": buffer, "async": true }));
    let job = started["structuredContent"]["job"].as_u64().unwrap_or_else(|| panic!("a job id: {started}"));

    let (reply, notifications) = agent.request_with_notifications(
        "tools/call",
        json!({
            "name": "run_command",
            "arguments": { "command": "job.wait", "params": { "id": job, "timeout_s": 300 } },
            "_meta": { "progressToken": "wait-1" },
        }),
    );
    assert!(succeeded(&reply), "{reply}");
    assert_eq!(reply["result"]["structuredContent"]["result"]["state"], json!("completed"), "{reply}");
    let fractions: Vec<f64> = notifications
        .iter()
        .filter(|n| n["method"] == json!("notifications/progress"))
        .map(|n| {
            assert_eq!(n["params"]["progressToken"], json!("wait-1"), "{n}");
            n["params"]["progress"].as_f64().expect("a number")
        })
        .collect();
    assert!(fractions.len() >= 2, "{fractions:?}");
    assert!(fractions.windows(2).all(|w| w[0] < w[1]), "progress increases: {fractions:?}");
    agent.finish();
}

/// `rustgis-cli mcp --attach PORT` for a client that declares the tasks extension.
fn attach_with_tasks(runtime_dir: &Path, port: u16) -> McpClient {
    McpClient::start(
        Command::new(rustgis_cli()).args(["mcp", "--attach", &port.to_string()]).env("XDG_RUNTIME_DIR", runtime_dir),
        json!({ "extensions": { "io.modelcontextprotocol/tasks": {} } }),
    )
}

/// Polls `tasks/get` until `done` holds (a minute at most).
fn poll_task(agent: &mut McpClient, task: &str, done: impl Fn(&Json) -> bool) -> Json {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let state = agent.request("tasks/get", json!({ "taskId": task }))["result"].clone();
        assert!(state.is_object(), "{state}");
        if done(&state) {
            return state;
        }
        assert!(std::time::Instant::now() < until, "the task never got there: {state:#}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn task_of(created: &Json) -> String {
    assert_eq!(created["resultType"], "task", "a task, not the result: {created:#}");
    created["taskId"].as_str().expect("a task id").to_owned()
}

#[test]
fn an_agent_attached_through_rustgis_cli_gets_a_task_for_a_long_command_and_its_result_by_polling() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    let port = started_port(&mut host);
    let mut agent = attach_with_tasks(&runtime_dir, port);
    let created = agent.call(
        "run_command",
        json!({ "command": "vector.buffer", "params": { "layer": "cities", "distance": 50, "unit": "km" } }),
    );
    let task = task_of(&created);
    let ended = poll_task(&mut agent, &task, |t| t["status"] != "working");
    assert_eq!(ended["status"], "completed", "{ended:#}");
    assert_eq!(ended["result"]["structuredContent"]["layersAdded"], json!(["cities buffer 50 km"]), "{ended:#}");
    // The host's project has the layer: the task ran there, as the attached agent.
    let listed = agent.command("layer.list", json!({}));
    assert!(listed.to_string().contains("cities buffer 50 km"), "{listed}");
    agent.finish();
}

#[test]
fn an_agent_attached_through_rustgis_cli_cancels_its_task_and_the_partial_result_stays() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let runtime_dir = runtime_dir_in(folders.path());
    let mut host = spawn_sample_host(folders.path(), &runtime_dir);
    let port = started_port(&mut host);
    let mut agent = attach_with_tasks(&runtime_dir, port);
    // 230,400 cells: writing the host's crash-recovery copy of them takes seconds, on its own
    // thread; the cancel must not wait for it (it once did, and came too late).
    let grid = json!({ "extent": [-60, -60, 60, 60], "cell": 0.25, "name": "big" });
    assert!(succeeded(&agent.command("vector.grid", grid)));
    let created = agent.call(
        "run_command",
        json!({ "command": "vector.buffer", "params": { "layer": "big", "distance": 5, "unit": "km", "segments": 16 } }),
    );
    let task = task_of(&created);
    let under_way = poll_task(&mut agent, &task, |t| {
        t["statusMessage"].as_str().is_some_and(|m| m.contains("buffering big")) || t["status"] != "working"
    });
    assert_eq!(under_way["status"], "working", "the buffer ended before it could be cancelled: {under_way:#}");
    let cancel = agent.request("tasks/cancel", json!({ "taskId": task }));
    assert!(cancel.get("error").is_none(), "{cancel}");
    let ended = poll_task(&mut agent, &task, |t| t["status"] != "working");
    assert_eq!(ended["status"], "cancelled", "{ended:#}");
    let message = ended["statusMessage"].as_str().expect("a status message");
    assert!(message.contains("big buffer 5 km (partial)"), "{message}");
    agent.finish();
}
