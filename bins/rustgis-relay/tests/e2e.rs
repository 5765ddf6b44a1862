//! End to end: the headless host with the sample, two `rustgis-cli mcp --attach` agents that
//! each change the map, the second unable to undo the first's step, and both in the audit log.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value as Json, json};

/// `rustgis-cli`, next to this package's binary in the same target folder; built when missing.
fn rustgis_cli() -> PathBuf {
    let host = PathBuf::from(env!("CARGO_BIN_EXE_rustgis-relay"));
    let cli = host.with_file_name(format!("rustgis-cli{}", std::env::consts::EXE_SUFFIX));
    if !cli.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let status = Command::new(cargo)
            .args(["build", "-p", "rustgis-cli"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build -p rustgis-cli failed");
    }
    assert!(cli.exists(), "rustgis-cli is at {}", cli.display());
    cli
}

struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Process {
    fn spawn(command: &mut Command) -> Process {
        let mut child =
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("it starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Process { child, stdin, stdout }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("the process reads");
    }

    fn recv(&mut self) -> Json {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("the process writes");
        assert!(n > 0, "the process ended without answering");
        serde_json::from_str(&line).expect("a JSON line")
    }

    /// Closes standard input and waits for a successful exit.
    fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the process ends");
        assert!(status.success(), "{status}");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            if let Err(e) = self.child.kill() {
                eprintln!("cannot end a test process: {e}");
            }
            if let Err(e) = self.child.wait() {
                eprintln!("cannot reap a test process: {e}");
            }
        }
    }
}

struct Agent {
    process: Process,
    next_id: u64,
}

impl Agent {
    fn attach(cli: &Path, runtime_dir: &Path, port: u16) -> Agent {
        let process = Process::spawn(
            Command::new(cli).args(["mcp", "--attach", &port.to_string()]).env("XDG_RUNTIME_DIR", runtime_dir),
        );
        let mut agent = Agent { process, next_id: 1 };
        let reply = agent.request(
            "initialize",
            json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "e2e", "version": "1" } }),
        );
        assert_eq!(reply["result"]["serverInfo"]["name"], json!("rustgis"), "{reply}");
        agent.process.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }).to_string());
        agent
    }

    fn request(&mut self, method: &str, params: Json) -> Json {
        self.next_id += 1;
        let id = self.next_id;
        self.process.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string());
        loop {
            let message = self.process.recv();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    fn command(&mut self, command: &str, params: Json) -> Json {
        self.request(
            "tools/call",
            json!({ "name": "run_command", "arguments": { "command": command, "params": params } }),
        )
    }
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

    let mut first = Agent::attach(&cli, &runtime_dir, port);
    let mut second = Agent::attach(&cli, &runtime_dir, port);
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
