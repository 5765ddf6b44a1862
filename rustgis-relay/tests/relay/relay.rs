//! The relay's behaviour, as the MCP documentation's "Relay requirements" promise it: one test
//! per promise, named as in its "Tests" list. Clients are plain blocking sockets; the test is the
//! host, and draws frames (`run_frame`) only when it says so. Limits are shortened, never slept.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use common::NoParams;
use rustgis_core::{
    Access, Actor, CommandDef, Ctx, MapRenderer, Project, Registry, RenderRequest, RenderedImage, Session,
};
use rustgis_mcp::ScreenImage;
use rustgis_relay::{Error, Limits, Relay, RelayConfig};
use serde_json::{Value as Json, json};

// ---------------------------------------------------------------------------------------------
// The rig: a relay in temporary folders, a session the test owns, and blocking clients.

struct Rig {
    relay: Relay,
    session: Session,
    folders: tempfile::TempDir,
}

impl Rig {
    fn new() -> Rig {
        Rig::with(Limits::default(), Session::with_sample().expect("the sample loads"), false)
    }

    fn with_limits(limits: Limits) -> Rig {
        Rig::with(limits, Session::with_sample().expect("the sample loads"), false)
    }

    fn with(limits: Limits, session: Session, screen: bool) -> Rig {
        let folders = tempfile::tempdir().expect("a temporary folder");
        let relay = Relay::bind(config_in(folders.path(), limits, screen)).expect("the relay starts");
        Rig { relay, session, folders }
    }

    fn app_data(&self) -> PathBuf {
        self.folders.path().join("app-data")
    }

    /// Draws one frame: runs what is queued.
    fn frame(&mut self) -> rustgis_relay::FrameReport {
        self.relay.run_frame(&mut self.session)
    }

    /// Sends a tool call, waits until it is queued, draws a frame and returns the reply.
    fn call(&mut self, client: &mut Client, tool: &str, args: Json) -> Json {
        let queued = self.relay.pending();
        let id = client.send_call(tool, args);
        wait_until("the call is queued", || self.relay.pending() > queued);
        let report = self.frame();
        assert!(report.screen.is_none(), "no screen snapshot was asked for");
        client.reply_to(id)
    }

    fn command(&mut self, client: &mut Client, command: &str, params: Json) -> Json {
        self.call(client, "run_command", json!({ "command": command, "params": params }))
    }

    fn attach(&self, access: bool) -> Client {
        Client::attach(&self.relay, &self.relay.token_text(), json!({ "access": access }))
    }
}

fn config_in(dir: &Path, limits: Limits, screen: bool) -> RelayConfig {
    let mut config = RelayConfig::new(0);
    config.limits = limits;
    config.private_dir = Some(dir.join("private"));
    config.app_data_dir = Some(dir.join("app-data"));
    config.screen = screen;
    config
}

trait TokenText {
    fn token_text(&self) -> String;
}

impl TokenText for Relay {
    fn token_text(&self) -> String {
        rustgis_relay::read_token_file(self.token_file()).expect("the token file reads").expose().to_owned()
    }
}

/// Polls `condition` until it holds, for at most 30 s (a bound for a loaded machine, not a timing).
fn wait_until(what: &str, mut condition: impl FnMut() -> bool) {
    let start = Instant::now();
    while !condition() {
        assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

struct Client {
    writer: TcpStream,
    reader: BufReader<TcpStream>,
    next_id: u64,
}

impl Client {
    fn connect(relay: &Relay) -> Client {
        let stream = TcpStream::connect(relay.addr()).expect("the relay accepts");
        stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout can be set");
        let reader = BufReader::new(stream.try_clone().expect("the socket clones"));
        Client { writer: stream, reader, next_id: 100 }
    }

    /// Connects, attaches with `token` (plus `extra` params), and initializes MCP.
    fn attach(relay: &Relay, token: &str, extra: Json) -> Client {
        let mut client = Client::connect(relay);
        let reply = client.attach_only(token, extra);
        assert_eq!(reply["result"]["attached"], json!(true), "{reply}");
        client.initialize();
        client
    }

    fn attach_only(&mut self, token: &str, extra: Json) -> Json {
        let mut params = json!({ "token": token, "client": "test" });
        for (k, v) in extra.as_object().expect("extra params are an object") {
            params[k] = v.clone();
        }
        self.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "rustgis/attach", "params": params }));
        self.recv()
    }

    fn initialize(&mut self) {
        self.initialize_as("test");
    }

    /// Initializes MCP as a client that calls itself `name` (its `clientInfo.name`).
    fn initialize_as(&mut self, name: &str) {
        self.initialize_with(name, json!({}));
    }

    /// Initializes MCP as `name`, declaring `capabilities` (elicitation, say).
    fn initialize_with(&mut self, name: &str, capabilities: Json) {
        self.send(&json!({
            "jsonrpc": "2.0", "id": 2, "method": "initialize",
            "params": { "protocolVersion": "2025-06-18", "capabilities": capabilities, "clientInfo": { "name": name, "version": "1" } },
        }));
        let reply = self.recv();
        assert_eq!(reply["result"]["serverInfo"]["name"], json!("rustgis"), "{reply}");
        self.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    }

    fn send(&mut self, message: &Json) {
        let mut line = serde_json::to_vec(message).expect("JSON serializes");
        line.push(b'\n');
        self.send_raw(&line);
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("the relay reads");
    }

    fn send_call(&mut self, tool: &str, args: Json) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": { "name": tool, "arguments": args } }));
        id
    }

    /// Sends a call that hides the cities: a command that edits the project, so it queues for
    /// the app's frame (and for approval where the user approves edits).
    fn send_hide_cities(&mut self) -> u64 {
        self.send_call(
            "run_command",
            json!({ "command": "layer.setVisible", "params": { "layer": "cities", "visible": false } }),
        )
    }

    fn recv(&mut self) -> Json {
        let mut line = String::new();
        let n = self.reader.read_line(&mut line).expect("a reply arrives");
        assert!(n > 0, "the relay closed the connection instead of replying");
        serde_json::from_str(&line).expect("replies are JSON")
    }

    /// The reply with this id (notifications before it are skipped).
    fn reply_to(&mut self, id: u64) -> Json {
        loop {
            let message = self.recv();
            if message["id"] == json!(id) {
                return message;
            }
            assert!(message.get("method").is_some(), "a reply to another call arrived first: {message}");
        }
    }

    /// Whether the relay ends the connection, perhaps after a last message (a stopping relay may
    /// still answer a waiting call before it closes): lines are skipped until the end, and a read
    /// that times out means the connection is still open.
    fn ends(&mut self) -> bool {
        let mut line = String::new();
        loop {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) => return true,
                Ok(_) => continue,
                Err(e) => return !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
            }
        }
    }

    /// Whether the relay has closed the connection (reads end without a reply).
    fn is_closed(&mut self) -> bool {
        let mut byte = [0u8; 1];
        matches!(self.reader.read(&mut byte), Ok(0) | Err(_))
    }
}

fn structured(reply: &Json) -> &Json {
    &reply["result"]["structuredContent"]
}

fn is_tool_error(reply: &Json) -> bool {
    reply["result"]["isError"] == json!(true)
}

fn error_code(reply: &Json) -> Option<i64> {
    reply["error"]["code"].as_i64()
}

fn history(session: &Session) -> Vec<(String, String)> {
    session.history().into_iter().map(|s| (s.actor, s.label)).collect()
}

// ---------------------------------------------------------------------------------------------
// A registry with commands the built-in catalogue does not have yet: one that reads a file, one
// that runs code, one that replaces the project, and one that runs until the test releases it.

static SLOW_STARTED: AtomicBool = AtomicBool::new(false);
static SLOW_RELEASE: AtomicBool = AtomicBool::new(false);

fn test_registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        Registry::from_defs(vec![
            common::read_file_command(),
            common::code_command(),
            replace_command(),
            CommandDef::build("test.login").summary("Fail, repeating a password").reads(
                |_: &mut Ctx<'_>, p: LoginParams| -> rustgis_core::Result<Json> {
                    Err(rustgis_core::Error::Failed(format!("login failed for {} with {}", p.user, p.password)))
                },
            ),
            CommandDef::build("test.slow").summary("Wait for the test").reads(|_: &mut Ctx<'_>, _: NoParams| {
                SLOW_STARTED.store(true, Ordering::SeqCst);
                wait_until("the test releases the slow command", || SLOW_RELEASE.load(Ordering::SeqCst));
                Ok(json!({ "slow": "done" }))
            }),
        ])
    })
}

/// Parameters of `test.login`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct LoginParams {
    /// A user.
    user: String,
    /// Their password.
    password: String,
}

/// A renderer that draws nothing real: a fixed "PNG", so snapshots need no renderer crate.
struct FakeRenderer;

const FAKE_PNG: &[u8] = b"\x89PNG\r\n\x1a\nfake map";

impl MapRenderer for FakeRenderer {
    fn render(&self, _project: &Project, request: &RenderRequest) -> rustgis_core::Result<RenderedImage> {
        Ok(RenderedImage {
            png: FAKE_PNG.to_vec(),
            sha256: rustgis_core::sha256_hex(FAKE_PNG),
            width: request.width,
            height: request.height,
            blank: false,
            ..RenderedImage::default()
        })
    }
}

fn session_with_renderer() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_renderer(Arc::new(FakeRenderer));
    session
}

fn quick(change: impl FnOnce(&mut Limits)) -> Limits {
    let mut limits = Limits::default();
    change(&mut limits);
    limits
}

// ---------------------------------------------------------------------------------------------
// The tests of the MCP documentation's list.

#[test]
fn relay_runs_a_command_on_the_target_session() {
    let mut rig = Rig::with(Limits::default(), Session::new(), false);
    assert!(rig.relay.addr().ip().is_loopback());
    let mut agent = rig.attach(false);
    let reply = rig.command(&mut agent, "layer.addSample", json!({ "sample": "cities" }));
    assert!(!is_tool_error(&reply), "{reply}");
    assert_eq!(rig.session.project().layers.len(), 1);
    assert_eq!(history(&rig.session), vec![("agent 1".to_owned(), "layer.addSample".to_owned())]);
}

#[test]
fn relay_drops_connections_without_the_token() {
    let rig = Rig::new();
    let mut wrong = Client::connect(&rig.relay);
    wrong
        .send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "rustgis/attach", "params": { "token": "0".repeat(32) } }));
    assert!(wrong.is_closed(), "a wrong token is closed without a reply");
    let mut skipping = Client::connect(&rig.relay);
    skipping.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {} }));
    assert!(skipping.is_closed(), "a first line that is not an attach is closed without a reply");
    assert_eq!(rig.relay.attached_count(), 0);
}

#[test]
fn relay_returns_parse_error_after_attach_and_stays_usable() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    agent.send_raw(b"this is not JSON\n");
    let reply = agent.recv();
    assert_eq!(error_code(&reply), Some(-32700), "{reply}");
    let reply = rig.command(&mut agent, "layer.list", json!({}));
    assert!(!is_tool_error(&reply), "{reply}");
}

#[test]
fn relay_refuses_file_commands_without_yes() {
    let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), false);
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "12345").expect("a test file");
    let mut without = rig.attach(false);
    let reply = rig.command(&mut without, "test.readFile", json!({ "path": file }));
    assert!(is_tool_error(&reply), "{reply}");
    assert_eq!(structured(&reply)["code"], json!("refused"), "{reply}");
    assert!(structured(&reply)["error"].as_str().is_some_and(|m| m.contains("--yes")), "{reply}");
    let mut with = rig.attach(true);
    let reply = rig.command(&mut with, "test.readFile", json!({ "path": file }));
    assert_eq!(structured(&reply)["result"]["bytes"], json!(5), "{reply}");
}

#[test]
fn relay_refusal_hints_fit_the_caller() {
    for window in [true, false] {
        let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), window);
        let file = rig.folders.path().join("data.txt");
        std::fs::write(&file, "1").expect("a test file");
        let grant = rig.relay.grant(false).expect("a grant without file access");
        let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
        let mut granted = Client::attach(&rig.relay, &token, json!({ "access": true }));
        let reply = rig.command(&mut granted, "test.readFile", json!({ "path": file }));
        let refusal = structured(&reply)["error"].as_str().expect("refused").to_owned();
        assert!(refusal.contains("the grant the host started you with"), "{refusal}");
        assert!(!refusal.contains("--yes"), "a grant's agent is not told to use --yes: {refusal}");

        let mut own = rig.attach(false);
        let reply = rig.command(&mut own, "test.readFile", json!({ "path": file }));
        let refusal = structured(&reply)["error"].as_str().expect("refused").to_owned();
        assert!(refusal.contains("--yes"), "{refusal}");
        let host_way =
            if window { "tick Let your Agents Control RustGIS" } else { "rustgis-relay with --allow-access" };
        assert!(refusal.contains(host_way), "window {window}: {refusal}");
    }
}

#[test]
fn relay_keeps_the_agents_active_layer_apart_from_the_users() {
    let mut rig = Rig::new();
    let user = rustgis_core::Caller::user();
    rig.session.execute(&user, "layer.select", json!({ "layer": "countries" })).expect("the user selects");
    let mut agent = rig.attach(false);
    let before = rig.command(&mut agent, "layer.info", json!({}));
    assert_eq!(structured(&before)["result"]["name"], json!("countries"), "until it chooses, the user's layer");
    rig.command(&mut agent, "layer.select", json!({ "layer": "cities" }));
    assert_eq!(rig.session.active_layer(Actor::User).map(|l| l.name.clone()).as_deref(), Some("countries"));
    rig.session.execute(&user, "layer.select", json!({ "layer": "coastline" })).expect("the user selects again");
    let after = rig.command(&mut agent, "layer.info", json!({}));
    assert_eq!(structured(&after)["result"]["name"], json!("cities"), "{after}");
}

#[test]
fn relay_agents_undo_only_their_own_steps() {
    let mut rig = Rig::new();
    let mut first = rig.attach(false);
    let mut second = rig.attach(false);
    rig.command(&mut first, "layer.setVisible", json!({ "layer": "cities", "visible": false }));
    let refused = rig.command(&mut second, "edit.undo", json!({}));
    assert!(is_tool_error(&refused), "{refused}");
    assert!(structured(&refused)["error"].as_str().is_some_and(|m| m.contains("agent 1")), "{refused}");
    let undone = rig.command(&mut first, "edit.undo", json!({}));
    assert!(!is_tool_error(&undone), "{undone}");
    assert!(rig.session.history().is_empty());
}

#[test]
fn relay_agents_of_another_run_cant_undo_earlier_steps() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::with_sample().expect("the sample loads");
    let earlier = Relay::bind(config_in(folders.path(), Limits::default(), false)).expect("the first run starts");
    let mut agent = Client::attach(&earlier, &earlier.token_text(), json!({}));
    let id = agent.send_hide_cities();
    wait_until("the call is queued", || earlier.pending() == 1);
    let _ = earlier.run_frame(&mut session).ran;
    assert!(!is_tool_error(&agent.reply_to(id)));
    earlier.stop();

    let later = Relay::bind(config_in(folders.path(), Limits::default(), false)).expect("the second run starts");
    assert_ne!(later.run_id(), earlier.run_id());
    let mut agent = Client::attach(&later, &later.token_text(), json!({}));
    let id = agent.send_call("run_command", json!({ "command": "edit.undo" }));
    wait_until("the call is queued", || later.pending() == 1);
    let _ = later.run_frame(&mut session).ran;
    let reply = agent.reply_to(id);
    assert!(is_tool_error(&reply), "agent 1 of this run is not agent 1 of the last: {reply}");
    assert_eq!(session.history().len(), 1);
}

#[test]
fn relay_says_the_app_is_busy_early() {
    // A long wait, a short busy limit: the stalled app answers at the busy limit, not the wait.
    let mut rig = Rig::with_limits(quick(|l| {
        l.busy_after = Duration::from_secs(1);
        l.second = Duration::from_secs(1);
    }));
    let mut agent = rig.attach(false);
    let id = agent.send_hide_cities();
    let reply = agent.reply_to(id);
    assert_eq!(error_code(&reply), Some(-32004), "{reply}");
    assert!(reply["error"]["message"].as_str().is_some_and(|m| m.contains("busy")), "{reply}");
    // It never ran, and the connection stays open: the next request wakes the idle app and runs.
    let _ = rig.frame().ran;
    assert!(rig.session.history().is_empty());
    let reply = rig.command(&mut agent, "layer.list", json!({}));
    assert!(!is_tool_error(&reply), "{reply}");
}

#[test]
fn relay_waits_as_long_as_the_client_asks() {
    // One "second" is 5 ms here: the default wait is 300 ms, the longest 3 s.
    let mut rig = Rig::with_limits(quick(|l| {
        l.second = Duration::from_millis(5);
        l.busy_after = Duration::from_secs(3600);
    }));
    let mut default_wait = rig.attach(false);
    let mut patient = Client::attach(&rig.relay, &rig.relay.token_text(), json!({ "timeout_s": 600 }));
    let short = default_wait.send_call("run_command", json!({ "command": "layer.list" }));
    let long = patient.send_call("run_command", json!({ "command": "layer.list" }));
    assert_eq!(error_code(&default_wait.reply_to(short)), Some(-32002));
    wait_until("only the patient client's request still waits", || rig.relay.pending() == 1);
    let _ = rig.frame().ran;
    assert!(!is_tool_error(&patient.reply_to(long)));
}

#[test]
fn relay_publishes_its_endpoint_and_names_the_port_variable() {
    let rig = Rig::new();
    let endpoint: Json =
        serde_json::from_str(&std::fs::read_to_string(rig.relay.endpoint_file()).expect("endpoint.json exists"))
            .expect("endpoint.json is JSON");
    let port = rig.relay.addr().port();
    assert_eq!(endpoint["port"], json!(port));
    assert_eq!(endpoint["host"], json!("127.0.0.1"));
    assert_eq!(endpoint["pid"], json!(std::process::id()));
    assert_eq!(endpoint["token_file"], json!(rig.relay.token_file().display().to_string()));
    assert!(endpoint["attach"].to_string().contains(&port.to_string()));
    for key in ["schema", "url", "started_at", "version"] {
        assert!(!endpoint[key].is_null(), "endpoint.json has {key}");
    }
    assert!(!endpoint.to_string().contains(&rig.relay.token_text()), "the token itself is not published");

    let other = tempfile::tempdir().expect("a temporary folder");
    let mut taken = config_in(other.path(), Limits::default(), false);
    taken.addr.set_port(port);
    let e = Relay::bind(taken).expect_err("the port is taken");
    assert!(matches!(e, Error::PortTaken { .. }) && e.to_string().contains("RUSTGIS_MCP_PORT"), "{e}");
    let e = rustgis_relay::parse_port_var(Some("eighty")).expect_err("not a port");
    assert!(e.to_string().contains("RUSTGIS_MCP_PORT"), "{e}");
    let mut public = RelayConfig::new(0);
    public.addr = "0.0.0.0:0".parse().expect("an address");
    assert!(matches!(Relay::bind(public), Err(Error::NotLoopback { .. })));

    rig.relay.stop();
    assert!(!rig.relay.endpoint_file().exists(), "endpoint.json is removed on stop");
}

#[test]
fn relay_full_access_lifts_the_refusals_for_its_own_token_only() {
    // Real code capabilities: a Rhai script, a model and plugin management, beside the test
    // commands that stand for code and for replacing the project.
    let plugins = tempfile::tempdir().expect("a plugins folder");
    let mut session = Session::with_sample().expect("the sample loads");
    let failures =
        session.load_plugins(Some(plugins.path().to_path_buf()), vec![common::code_command(), replace_command()]);
    assert!(failures.is_empty(), "{failures:?}");
    let mut rig = Rig::with(Limits::default(), session, false);
    let grant = rig.relay.grant(true).expect("a grant");
    let grant_token =
        rustgis_relay::read_token_file(grant.token_file()).expect("the grant's token").expose().to_owned();
    let mut own = rig.attach(true);
    let mut granted = Client::attach(&rig.relay, &grant_token, json!({}));
    let example_plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/plugins/hello");
    let code = [
        ("test.code", json!({})),
        ("script.exec", json!({ "source": "run(\"layer.remove\", #{layer: \"cities\"}); layers().len()" })),
        (
            "model.save",
            json!({ "name": "hide", "inputs": [{"name": "layer", "type": "layer"}],
                    "steps": [{"command": "layer.setVisible", "params": {"layer": "${layer}", "visible": false}}] }),
        ),
        ("model.run", json!({ "model": "hide", "inputs": {"layer": "countries"} })),
        ("plugin.install", json!({ "path": example_plugin })),
    ];
    for (id, params) in &code {
        let refused = rig.command(&mut own, id, params.clone());
        assert!(is_tool_error(&refused), "{id} needs Full access: {refused}");
        assert!(refused.to_string().contains("Full access"), "{id}: the refusal says what would allow it: {refused}");
    }
    assert_eq!(rig.session.project().layers.len(), 4, "nothing ran");
    assert!(std::fs::read_dir(plugins.path()).expect("the plugins folder").next().is_none());

    rig.relay.set_full_access(true);
    for (id, params) in &code {
        let reply = rig.command(&mut granted, id, params.clone());
        assert!(is_tool_error(&reply), "a grant keeps its own rules: {id}: {reply}");
        let reply = rig.command(&mut own, id, params.clone());
        assert!(!is_tool_error(&reply), "{id} runs with Full access: {reply}");
    }
    assert!(rig.session.project().layer("cities").is_none(), "the script ran");
    assert!(!rig.session.project().require("countries").expect("countries").visible, "the model ran");
    assert!(plugins.path().join("hello").join("rustgis-plugin.toml").is_file(), "the plugin is installed");
    assert!(!is_tool_error(&rig.command(&mut own, "test.replace", json!({}))));
    rig.relay.set_full_access(false);
    assert!(is_tool_error(&rig.command(&mut own, "test.code", json!({}))));
    assert!(is_tool_error(&rig.command(&mut own, "plugin.remove", json!({ "plugin": "hello" }))));
}

/// `test.replace {}`: replaces the project (refused to attached agents without Full access).
fn replace_command() -> CommandDef {
    CommandDef::build("test.replace").summary("Replace the project").access(Access::REPLACES_PROJECT).edits(
        |ctx: &mut Ctx<'_>, _: NoParams| {
            ctx.replace_project(Project::new("replaced"));
            Ok(json!({}))
        },
    )
}

#[test]
fn relay_hands_screen_snapshots_to_the_app() {
    let mut rig = Rig::with(Limits::default(), session_with_renderer(), true);
    let mut agent = rig.attach(false);
    let mut other = rig.attach(false);
    let snapshot = agent.send_call("snapshot", json!({ "mode": "screen" }));
    wait_until("the snapshot is queued", || rig.relay.pending() == 1);
    let after = other.send_call("run_command", json!({ "command": "layer.list" }));
    wait_until("the next call is queued", || rig.relay.pending() == 2);

    let report = rig.frame();
    let request = report.screen.expect("the app is asked for the picture");
    assert_eq!(report.ran, 0);
    assert_eq!(rig.frame().ran, 0, "nothing else runs until the picture is taken");
    assert_eq!(rig.relay.pending(), 1);
    let png = b"\x89PNG screen".to_vec();
    request.answer(Ok(ScreenImage { png: png.clone(), width: 800, height: 600 }));
    let reply = agent.reply_to(snapshot);
    assert_eq!(structured(&reply)["mode"], json!("screen"), "{reply}");
    assert_eq!(structured(&reply)["sha256"], json!(rustgis_core::sha256_hex(&png)));
    assert_eq!(rig.frame().ran, 1);
    assert!(!is_tool_error(&other.reply_to(after)));
}

#[test]
fn a_screen_snapshot_too_large_for_the_budget_is_sent_smaller_with_a_note() {
    use base64::Engine;
    let mut rig = Rig::with(Limits::default(), session_with_renderer(), true);
    let mut agent = rig.attach(false);
    // 2000×1500 pixels cost 4000 tokens, twice the budget asked for: left half red, right blue.
    let (width, height) = (2000u32, 1500u32);
    let pixels = (0..width * height)
        .flat_map(|i| if i % width < width / 2 { [200, 0, 0, 255] } else { [0, 0, 200, 255] })
        .collect();
    let png = rustgis_core::image::Rgba { width, height, pixels, channels: 4 }.to_png().expect("encodes");
    let snapshot = agent.send_call("snapshot", json!({ "mode": "screen", "max_tokens": 2000 }));
    wait_until("the snapshot is queued", || rig.relay.pending() == 1);
    let request = rig.frame().screen.expect("the app is asked for the picture");
    request.answer(Ok(ScreenImage { png: png.clone(), width, height }));
    let reply = agent.reply_to(snapshot);
    assert!(!is_tool_error(&reply), "{reply}");
    let image = reply["result"]["content"]
        .as_array()
        .and_then(|content| content.iter().find(|c| c["type"] == "image"))
        .unwrap_or_else(|| panic!("the picture is sent: {reply}"));
    let sent = base64::engine::general_purpose::STANDARD.decode(image["data"].as_str().expect("data")).expect("base64");
    let sent = rustgis_core::image::decode(&sent, 4096).expect("a PNG");
    assert!(sent.width < width && sent.height < height, "smaller: {}×{}", sent.width, sent.height);
    assert!(u64::from(sent.width) * u64::from(sent.height) / 750 <= 2000, "within the budget's tokens");
    let ratio = f64::from(sent.width) / f64::from(sent.height);
    assert!((ratio - 4.0 / 3.0).abs() < 0.01, "the same shape: {}×{}", sent.width, sent.height);
    assert_eq!(&sent.pixels[..4], &[200, 0, 0, 255], "the left is still red");
    let note = structured(&reply)["cut"][0]["note"].as_str().unwrap_or_default();
    assert!(note.contains(&format!("instead of its {width}×{height}")), "{reply}");
    assert!(note.contains("give a path to write it at full size"), "{note}");
    assert_eq!(structured(&reply)["sha256"], json!(rustgis_core::sha256_hex(&png)), "the facts are the window's");
}

#[test]
fn relay_draws_snapshots_offscreen_without_the_screen() {
    let mut rig = Rig::with(Limits::default(), session_with_renderer(), true);
    let mut agent = rig.attach(false);
    let reply = rig.call(&mut agent, "snapshot", json!({ "mode": "offscreen", "width": 320, "height": 200 }));
    assert!(!is_tool_error(&reply), "{reply}");
    assert_eq!(structured(&reply)["sha256"], json!(rustgis_core::sha256_hex(FAKE_PNG)));
    assert_eq!(structured(&reply)["width"], json!(320));
}

#[test]
fn relay_refuses_a_saved_snapshot_without_access() {
    let mut rig = Rig::with(Limits::default(), session_with_renderer(), true);
    let path = rig.folders.path().join("map.png");
    let mut agent = rig.attach(false);
    // The file is refused, but the agent still gets the picture and is told it was not written.
    let reply = rig.call(&mut agent, "snapshot", json!({ "path": path }));
    assert!(!is_tool_error(&reply), "{reply}");
    assert_eq!(structured(&reply)["written"], json!(false), "{reply}");
    assert!(structured(&reply)["not_written"].as_str().is_some_and(|m| m.contains("--yes")), "{reply}");
    assert!(!path.exists());
    let mut with = rig.attach(true);
    let reply = rig.call(&mut with, "snapshot", json!({ "path": path }));
    assert!(!is_tool_error(&reply), "{reply}");
    assert!(path.exists());
}

#[test]
fn the_host_disconnects_one_agent_and_the_others_stay_attached() {
    let mut rig = Rig::new();
    let mut leaving = rig.attach(false);
    let mut staying = rig.attach(false);
    rig.command(&mut leaving, "layer.list", json!({}));
    let agents = rig.relay.agents();
    let leaving_id = agents
        .iter()
        .find(|a| a.name.as_deref() == Some("agent 1"))
        .and_then(|a| a.connection)
        .expect("agent 1 has a connection");
    // A call that waits in the queue when its agent is disconnected never runs.
    leaving.send_hide_cities();
    wait_until("the call is queued", || rig.relay.pending() == 1);
    assert!(rig.relay.disconnect(leaving_id));
    assert!(leaving.ends(), "the disconnected agent's connection closes");
    wait_until("the agent is gone", || rig.relay.attached_count() == 1);
    assert_eq!(rig.frame().ran, 0, "its queued call does not run");
    assert!(rig.session.project().layer("cities").expect("cities").visible);
    let reply = rig.command(&mut staying, "layer.list", json!({}));
    assert!(!is_tool_error(&reply), "{reply}");
    assert!(!rig.relay.disconnect(leaving_id), "no such connection any more");
}

#[test]
fn relay_records_the_agents_last_call() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    rig.command(&mut agent, "layer.setVisible", json!({ "layer": "cities", "visible": false }));
    let agents = rig.relay.agents();
    let last = agents[0].last_call.clone().expect("a last call");
    assert_eq!(agents[0].name.as_deref(), Some("agent 1"));
    assert_eq!(agents[0].client.as_deref(), Some("test"));
    assert_eq!(
        (last.tool.as_str(), last.command.as_deref(), last.success),
        ("run_command", Some("layer.setVisible"), true)
    );
    assert_eq!(last.args["params"]["layer"], json!("cities"));
    assert_eq!(rig.relay.last_call(), Some(last));

    rig.command(&mut agent, "layer.info", json!({ "layer": "atlantis" }));
    let failed = rig.relay.last_call().expect("a last call");
    assert!(!failed.success && failed.error.is_some(), "{failed:?}");
}

#[test]
fn relay_writes_each_call_to_the_audit_log() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    rig.command(&mut agent, "layer.info", json!({ "layer": "cities", "password": "hunter2" }));
    rig.call(
        &mut agent,
        "run",
        json!({ "script": "layer.list {}\nlayer.info {\"layer\": \"cities\", \"token\": \"s3cr3t\"}" }),
    );
    // A batch of two calls: answered as one array, logged with one duration.
    agent.send(&json!([
        { "jsonrpc": "2.0", "id": 901, "method": "tools/call", "params": { "name": "run_command", "arguments": { "command": "layer.list" } } },
        { "jsonrpc": "2.0", "id": 902, "method": "tools/call", "params": { "name": "list_commands", "arguments": {} } },
    ]));
    wait_until("the batch is queued", || rig.relay.pending() == 2);
    assert_eq!(rig.frame().ran, 2);
    let batch = agent.recv();
    assert_eq!(batch.as_array().map(Vec::len), Some(2), "{batch}");

    let dir = rig.app_data().join("mcp-audit");
    let files: Vec<_> = std::fs::read_dir(&dir).expect("the audit folder").flatten().collect();
    assert_eq!(files.len(), 1);
    let name = files[0].file_name().to_string_lossy().into_owned();
    assert!(name.ends_with(".jsonl") && name.len() == "2026-10-18.jsonl".len(), "{name}");
    let text = std::fs::read_to_string(files[0].path()).expect("the audit file");
    assert!(!text.contains("hunter2") && !text.contains("s3cr3t"), "{text}");
    let lines: Vec<Json> = text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0]["source"], json!("mcp"));
    assert_eq!(lines[0]["tool"], json!("run_command"));
    assert_eq!(lines[0]["command"], json!("layer.info"));
    assert_eq!(lines[0]["success"], json!(false), "layer.info refuses the unknown parameter");
    let error = lines[0]["error"].as_str().expect("the error is logged");
    assert!(error.contains("password") && !error.starts_with("withheld"), "it names the key, not its value: {error}");
    assert!(lines[0]["duration_s"].is_number() && lines[0]["ts"].is_string());
    assert!(lines[1]["script"].as_str().is_some_and(|s| s.contains("layer.list")), "{}", lines[1]);
    assert_eq!((lines[2]["batch"].clone(), lines[3]["batch"].clone()), (json!(true), json!(true)));
    assert_eq!(lines[2]["duration_s"], lines[3]["duration_s"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&files[0].path()), 0o600);
    }
}

#[test]
fn relay_withholds_only_errors_that_hold_a_credential_in_the_audit_log() {
    let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), true);
    let mut agent = rig.attach(false);
    // A Full-access refusal names "the relay's own token": a word, not a credential.
    let refused = rig.command(&mut agent, "test.code", json!({}));
    assert!(is_tool_error(&refused), "{refused}");
    // An error that repeats a credential the call held: the credential is replaced, the rest kept.
    let echoed = rig.command(&mut agent, "test.login", json!({ "user": "bob", "password": "s3cr3t-pass" }));
    assert!(is_tool_error(&echoed), "{echoed}");
    let lines = AuditLogRead::lines(&rig.app_data());
    let full_access = lines[0]["error"].as_str().expect("the refusal is logged");
    assert!(full_access.contains("the relay's own token") && full_access.contains("Full access"), "{full_access}");
    assert_eq!(lines[1]["error"], json!("login failed for bob with [redacted]"), "{}", lines[1]);
    let text = serde_json::to_string(&lines).expect("JSON");
    assert!(!text.contains("s3cr3t-pass"), "{text}");
    assert!(!text.contains("withheld"), "{text}");
    let last = rig.relay.last_call().expect("the last call");
    assert!(
        last.error.as_deref().is_some_and(|e| !e.contains("s3cr3t-pass") && !e.starts_with("withheld")),
        "{last:?}"
    );
}

#[test]
fn an_attached_agent_asked_about_an_overwrite_replaces_the_file_on_a_yes_and_the_audit_log_says_so() {
    let mut rig = Rig::new();
    let mut agent = Client::connect(&rig.relay);
    let attached = agent.attach_only(&rig.relay.token_text(), json!({ "access": true }));
    assert_eq!(attached["result"]["attached"], json!(true), "{attached}");
    agent.initialize_with("asking test", json!({ "elicitation": { "form": {} } }));
    let old = rig.folders.path().join("old.geojson");
    std::fs::write(&old, "OLD").expect("a file");
    let queued = rig.relay.pending();
    let id = agent
        .send_call("run_command", json!({ "command": "layer.export", "params": { "layer": "cities", "path": old } }));
    wait_until("the call is queued", || rig.relay.pending() > queued);
    assert_eq!(rig.frame().ran, 1, "the export runs, and is refused");
    // Refused for want of `overwrite`, the call becomes a question to the human instead.
    let question = agent.recv();
    assert_eq!(question["method"], json!("elicitation/create"), "{question}");
    let message = question["params"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("old.geojson") && message.contains("replace"), "{message}");
    agent.send(&json!({ "jsonrpc": "2.0", "id": question["id"], "result": { "action": "accept", "content": { "allow": true } } }));
    wait_until("the allowed call is queued again", || rig.relay.pending() > 0);
    assert_eq!(rig.frame().ran, 1, "the allowed export runs");
    let reply = agent.reply_to(id);
    assert!(!is_tool_error(&reply), "{reply}");
    assert!(std::fs::read_to_string(&old).expect("the file").contains("FeatureCollection"), "the file was replaced");
    let lines = AuditLogRead::lines(&rig.app_data());
    let asked =
        lines.iter().find_map(|l| l.get("asked")).unwrap_or_else(|| panic!("no call was logged as asked: {lines:?}"));
    assert_eq!(asked["answer"], json!("allowed"), "{asked}");
    assert!(asked["question"].as_str().is_some_and(|q| q.contains("old.geojson")), "{asked}");
}

/// The audit log's lines, every day in order.
struct AuditLogRead;

impl AuditLogRead {
    fn lines(app_data: &Path) -> Vec<Json> {
        rustgis_relay::AuditLog::read_all(app_data).expect("the audit log reads")
    }
}

#[test]
fn relay_keeps_project_commands_for_the_user() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(true);
    let project = rig.folders.path().join("atlas.rgis").display().to_string();
    for (command, params) in [
        ("project.new", json!({})),
        ("project.open", json!({ "path": project })),
        ("project.openText", json!({ "source": "{\"layers\": []}" })),
        ("project.sample", json!({})),
        ("project.fromTemplate", json!({})),
    ] {
        let reply = rig.command(&mut agent, command, params);
        assert!(is_tool_error(&reply), "{command}: {reply}");
        assert_eq!(structured(&reply)["code"], json!("refused"), "{command}: {reply}");
    }
    assert_eq!(rig.session.project().layers.len(), 4, "the user's project is still open");
}

/// A session whose host registers its own commands, as the headless host does.
fn headless_session() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_registry(rustgis_relay::headless_registry());
    session
}

#[test]
fn relay_describes_host_commands_where_the_host_registers_them() {
    let mut rig = Rig::with(Limits::default(), headless_session(), false);
    let mut agent = rig.attach(false);
    let reply = rig.call(&mut agent, "describe_command", json!({ "command": "ui.mcpRelay" }));
    assert!(!is_tool_error(&reply), "{reply}");
    let described = structured(&reply);
    assert_eq!(described["id"], json!("ui.mcpRelay"));
    let port = &described["params"]["properties"]["port"];
    assert_eq!(
        port["anyOf"],
        json!([{"type": "integer", "format": "uint16", "minimum": 0, "maximum": 65535}, {"type": "null"}]),
        "{described}"
    );
    assert_eq!(described["params"]["properties"]["stop"]["type"], json!("boolean"), "{described}");
    assert!(described["summary"].as_str().is_some_and(|d| d.contains("host command")), "{described}");
}

#[test]
fn relay_refuses_host_commands_from_agents_as_host_commands_not_as_network() {
    let mut rig = Rig::with(Limits::default(), headless_session(), false);
    let mut without_yes = rig.attach(false);
    let mut with_yes = rig.attach(true);
    rig.relay.set_full_access(true);
    for agent in [&mut without_yes, &mut with_yes] {
        for (command, params) in [("ui.mcpRelay", json!({ "stop": true })), ("ui.quit", json!({}))] {
            let reply = rig.command(agent, command, params);
            assert!(is_tool_error(&reply), "{reply}");
            assert_eq!(structured(&reply)["code"], json!("refused"), "{reply}");
            let error = structured(&reply)["error"].as_str().expect("a message").to_owned();
            assert!(error.starts_with(&format!("{command} is a host command")), "{error}");
            assert!(!error.contains("network") && !error.contains("--yes"), "not refused as network: {error}");
        }
    }
    assert!(rig.relay.is_running(), "the relay still runs");
}

/// The instructions a client gets when it initializes.
fn instructions_of(relay: &Relay, token: &str, access: bool) -> String {
    let mut agent = Client::connect(relay);
    let attached = agent.attach_only(token, json!({ "access": access }));
    assert_eq!(attached["result"]["attached"], json!(true), "{attached}");
    agent.send(&json!({
        "jsonrpc": "2.0", "id": 2, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "1" } },
    }));
    let reply = agent.recv();
    reply["result"]["instructions"].as_str().expect("the server sends instructions").to_owned()
}

#[test]
fn relay_tells_agents_of_a_host_without_a_window_they_are_not_in_the_desktop_app() {
    let rig = Rig::with(Limits::default(), headless_session(), false);
    let instructions = instructions_of(&rig.relay, &rig.relay.token_text(), false);
    assert!(!instructions.contains("desktop app:") && !instructions.contains("watches the map"), "{instructions}");
    assert!(instructions.contains("a host runs without a window"), "{instructions}");
    assert!(instructions.contains("edit.undo takes back only your own steps"), "{instructions}");
    assert!(instructions.contains("rustgis-relay with --allow-access"), "its way to file access: {instructions}");
    assert!(!instructions.contains("restart"), "no private server to restart: {instructions}");
    let grant = rig.relay.grant(false).expect("a grant");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let granted = instructions_of(&rig.relay, &token, true);
    assert!(granted.contains("the grant the host started you with") && !granted.contains("--yes"), "{granted}");
}

#[test]
fn relay_tells_attached_agents_this_is_the_users_open_project_watched_live() {
    let rig = Rig::with(Limits::default(), Session::with_sample().expect("the sample loads"), true);
    let mut agent = Client::connect(&rig.relay);
    let attached = agent.attach_only(&rig.relay.token_text(), json!({}));
    assert_eq!(attached["result"]["attached"], json!(true), "{attached}");
    agent.send(&json!({
        "jsonrpc": "2.0", "id": 2, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "1" } },
    }));
    let reply = agent.recv();
    let instructions = reply["result"]["instructions"].as_str().expect("the server sends instructions");
    assert!(instructions.contains("the project is the one the user has open"), "{instructions}");
    assert!(instructions.contains("the user watches the map change as you work"), "{instructions}");
    assert!(instructions.contains("edit.undo takes back only your own steps"), "{instructions}");
}

#[test]
fn relay_cancels_a_timed_out_command_so_it_never_runs() {
    let mut rig = Rig::with_limits(quick(|l| {
        l.second = Duration::from_millis(10);
        l.busy_after = Duration::from_secs(3600);
    }));
    let mut agent = rig.attach(false);
    let id = agent.send_hide_cities();
    let reply = agent.reply_to(id);
    assert_eq!(error_code(&reply), Some(-32002), "{reply}");
    assert_eq!(rig.frame().ran, 0, "the cancelled command is gone from the queue");
    assert!(rig.session.history().is_empty());
    assert!(rig.session.project().layer("cities").is_some_and(|l| l.visible));
}

#[test]
fn relay_stop_closes_clients_and_removes_the_token() {
    let rig = Rig::new();
    let grant = rig.relay.grant(false).expect("a grant");
    let mut agent = rig.attach(false);
    rig.relay.stop();
    assert!(agent.is_closed());
    assert!(!rig.relay.token_file().exists());
    assert!(!grant.token_file().exists(), "stopping removes every grant's file");
    assert!(!rig.relay.is_running());
    assert!(matches!(rig.relay.grant(false), Err(Error::Stopped)), "a grant after stop is refused");
    wait_until("the listener is closed", || TcpStream::connect(rig.relay.addr()).is_err());
}

#[test]
fn relay_last_owner_drop_closes_the_listener() {
    let rig = Rig::new();
    let addr = rig.relay.addr();
    let token_file = rig.relay.token_file().to_owned();
    let second_owner = rig.relay.clone();
    drop(rig.relay);
    assert!(second_owner.is_running(), "another owner keeps it running");
    let mut agent = Client::attach(&second_owner, &second_owner.token_text(), json!({}));
    drop(second_owner);
    assert!(agent.is_closed());
    assert!(!token_file.exists());
    wait_until("the listener is closed", || TcpStream::connect(addr).is_err());
}

#[test]
fn relay_caps_unauthenticated_connections() {
    let rig = Rig::new();
    let mut waiting: Vec<Client> = (0..4).map(|_| Client::connect(&rig.relay)).collect();
    wait_until("four connections are open", || rig.relay.open_connections() == 4);
    let _fifth = Client::connect(&rig.relay);
    assert!(waiting[0].is_closed(), "the oldest unattached connection is dropped without a reply for the fifth");
    assert_eq!(rig.relay.open_connections(), 4, "never more than four unattached");
    drop(waiting.remove(0));
    let agent = Client::attach(&rig.relay, &rig.relay.token_text(), json!({}));
    assert_eq!(rig.relay.attached_count(), 1);
    assert_eq!(rig.relay.open_connections(), 4, "the agent took a silent connection's place");
    drop(agent);
}

#[test]
fn relay_drops_the_new_connection_when_oldest_first_eviction_is_off() {
    let rig = Rig::with_limits(quick(|l| l.evict_oldest_unattached = false));
    let _waiting: Vec<Client> = (0..4).map(|_| Client::connect(&rig.relay)).collect();
    wait_until("four connections are open", || rig.relay.open_connections() == 4);
    let mut fifth = Client::connect(&rig.relay);
    assert!(fifth.is_closed(), "a fifth unattached connection is dropped without a reply");
}

#[test]
fn relay_lets_a_real_agent_attach_past_silent_connections_reopened_in_a_loop() {
    let rig = Rig::new();
    let mut silent: Vec<Client> = (0..4).map(|_| Client::connect(&rig.relay)).collect();
    wait_until("four silent connections hold every unattached place", || rig.relay.open_connections() == 4);
    for round in 0..6 {
        // Each round the attacker re-opens its four, and a real agent attaches in between.
        silent.extend((0..4).map(|_| Client::connect(&rig.relay)));
        let agent = Client::attach(&rig.relay, &rig.relay.token_text(), json!({}));
        assert_eq!(rig.relay.attached_count(), 1, "round {round}: the agent attached");
        drop(agent);
        wait_until("the agent is gone", || rig.relay.attached_count() == 0);
        assert!(rig.relay.open_connections() <= 4, "round {round}: the caps hold");
    }
}

#[test]
fn relay_caps_open_connections() {
    let rig = Rig::with_limits(quick(|l| l.max_connections = 2));
    let _first = rig.attach(false);
    let _second = rig.attach(false);
    let mut third = Client::connect(&rig.relay);
    assert!(third.is_closed(), "a connection beyond the cap is dropped without a reply");
}

#[test]
fn relay_refuses_an_oversized_unauthenticated_line() {
    let rig = Rig::new();
    let mut client = Client::connect(&rig.relay);
    let line = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"rustgis/attach\",\"params\":{{\"token\":\"{}\",\"pad\":\"{}\"}}}}\n",
        rig.relay.token_text(),
        "x".repeat(4096)
    );
    client.send_raw(line.as_bytes());
    assert!(client.is_closed(), "a 4 KiB+ first line is closed without a reply, even with the token");
    assert_eq!(rig.relay.attached_count(), 0);
}

#[test]
fn relay_answers_an_oversized_line_after_attach_with_a_parse_error_and_closes() {
    let rig = Rig::new();
    let mut agent = rig.attach(false);
    let writer = agent.writer.try_clone().expect("the socket clones");
    // Written on its own thread: the relay may close before reading all of it.
    let sender = std::thread::spawn(move || {
        let mut writer = writer;
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..=rustgis_mcp::MAX_LINE >> 20 {
            if writer.write_all(&chunk).is_err() {
                return;
            }
        }
        match writer.write_all(b"\n") {
            // The relay may have closed first; either way the reply is what counts.
            Ok(()) | Err(_) => {}
        }
    });
    let reply = agent.recv();
    assert_eq!(error_code(&reply), Some(-32700), "{reply}");
    assert!(agent.is_closed());
    sender.join().expect("the sender thread ends");
}

#[test]
fn relay_token_is_random_and_private() {
    let first = Rig::new();
    let second = Rig::new();
    let (a, b) = (first.relay.token_text(), second.relay.token_text());
    assert_ne!(a, b);
    assert!(a.len() == 32 && a.bytes().all(|c| c.is_ascii_hexdigit()), "{a}");
    let name = first.relay.token_file().file_name().expect("a file name").to_string_lossy().into_owned();
    assert_eq!(name, format!("{}.token", first.relay.addr().port()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::symlink_metadata(p).expect("metadata").permissions().mode() & 0o777;
        assert_eq!(mode(first.relay.token_file()), 0o600);
        assert_eq!(mode(first.relay.private_dir()), 0o700);
        let link = first.folders.path().join("link.token");
        std::os::unix::fs::symlink(first.relay.token_file(), &link).expect("a symlink");
        assert!(rustgis_relay::read_token_file(&link).is_err(), "a symlink is refused");
        let open = first.folders.path().join("open.token");
        std::fs::write(&open, &a).expect("a file");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        assert!(rustgis_relay::read_token_file(&open).is_err(), "a file others can read is refused");
    }
}

#[test]
fn relay_counts_authenticated_clients_and_wakes_on_change() {
    let mut rig = Rig::new();
    let wakes = Arc::new(AtomicUsize::new(0));
    let counter = wakes.clone();
    rig.relay.set_wake(move || {
        counter.fetch_add(1, Ordering::SeqCst);
    });
    let _unattached = Client::connect(&rig.relay);
    wait_until("the connection is open", || rig.relay.open_connections() == 1);
    assert_eq!((rig.relay.attached_count(), wakes.load(Ordering::SeqCst)), (0, 0));
    let mut agent = rig.attach(false);
    assert_eq!(rig.relay.attached_count(), 1);
    let after_attach = wakes.load(Ordering::SeqCst);
    assert!(after_attach >= 1, "attaching wakes the app");
    let id = agent.send_call("run_command", json!({ "command": "layer.list" }));
    wait_until("a queued message wakes the app", || wakes.load(Ordering::SeqCst) > after_attach);
    let _ = rig.frame().ran;
    agent.reply_to(id);
    let before_leaving = wakes.load(Ordering::SeqCst);
    drop(agent);
    wait_until("the count drops", || rig.relay.attached_count() == 0);
    wait_until("leaving wakes the app", || wakes.load(Ordering::SeqCst) > before_leaving);
}

#[test]
fn relay_stop_ends_a_reply_wait_and_the_command_never_runs() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    agent.send_hide_cities();
    wait_until("the call is queued", || rig.relay.pending() == 1);
    rig.relay.stop();
    assert!(agent.ends(), "the waiting client is let go at once");
    assert_eq!(rig.relay.pending(), 0);
    assert_eq!(rig.frame().ran, 0);
    assert!(rig.session.history().is_empty());
}

#[test]
fn relay_reports_a_running_command_past_its_wait_as_unknown() {
    // The host runs frames on its own thread, as an app would; the command runs until released.
    let folders = tempfile::tempdir().expect("a temporary folder");
    let limits = quick(|l| {
        l.second = Duration::from_millis(20);
        l.busy_after = Duration::from_secs(3600);
    });
    let relay = Relay::bind(config_in(folders.path(), limits, false)).expect("the relay starts");
    let host_relay = relay.clone();
    let host_stop = Arc::new(AtomicBool::new(false));
    let stop = host_stop.clone();
    let host = std::thread::spawn(move || {
        let mut session = Session::with_registry(test_registry());
        while !stop.load(Ordering::SeqCst) {
            let _ = host_relay.run_frame(&mut session).ran;
            std::thread::sleep(Duration::from_millis(1));
        }
    });
    let mut agent = Client::attach(&relay, &relay.token_text(), json!({ "timeout_s": 5 }));
    let slow = agent.send_call("run_command", json!({ "command": "test.slow" }));
    let reply = agent.reply_to(slow);
    assert_eq!(error_code(&reply), Some(-32003), "{reply}");
    assert!(SLOW_STARTED.load(Ordering::SeqCst), "it was running");
    SLOW_RELEASE.store(true, Ordering::SeqCst);
    // The late reply is discarded, never taken for the next call's.
    let next = agent.send_call("list_commands", json!({}));
    let reply = agent.recv();
    assert_eq!(reply["id"], json!(next), "{reply}");
    host_stop.store(true, Ordering::SeqCst);
    host.join().expect("the host thread ends");
}

#[test]
fn relay_closes_a_trickling_handshake_at_its_deadline() {
    let rig = Rig::with_limits(quick(|l| l.attach_deadline = Duration::from_millis(300)));
    let mut client = Client::connect(&rig.relay);
    let line = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"rustgis/attach\",\"params\":{{\"token\":\"{}\"}}}}\n",
        rig.relay.token_text()
    );
    // One byte at a time, too slowly to finish: the deadline counts from the connection.
    let start = Instant::now();
    let mut sent = 0;
    while sent < line.len() - 1 && client.writer.write_all(&line.as_bytes()[sent..sent + 1]).is_ok() {
        sent += 1;
        wait_until("a moment passes", || start.elapsed() >= Duration::from_millis(20) * sent as u32);
        if rig.relay.open_connections() == 0 {
            break;
        }
    }
    assert!(sent < line.len() - 1, "the relay closed the connection before the line was complete");
    assert!(client.is_closed());
    assert_eq!(rig.relay.attached_count(), 0);
}

#[test]
fn relay_app_lets_agents_use_files_without_yes() {
    let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), false);
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "12").expect("a test file");
    let grant = rig.relay.grant(false).expect("a grant");
    let grant_token =
        rustgis_relay::read_token_file(grant.token_file()).expect("the grant's token").expose().to_owned();
    let mut own = rig.attach(false);
    let mut granted = Client::attach(&rig.relay, &grant_token, json!({ "access": true }));
    rig.relay.set_allow_access(true);
    let reply = rig.command(&mut own, "test.readFile", json!({ "path": file }));
    assert_eq!(structured(&reply)["result"]["bytes"], json!(2), "{reply}");
    let reply = rig.command(&mut granted, "test.readFile", json!({ "path": file }));
    assert!(is_tool_error(&reply), "a grant keeps its own permission: {reply}");
    rig.relay.set_allow_access(false);
    assert!(!rig.relay.is_running(), "turning app access off stops the relay");
    assert!(own.is_closed());
}

#[test]
fn relay_grants_are_scoped_and_revocable() {
    let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), false);
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "123").expect("a test file");
    let reading = rig.relay.grant(true).expect("a grant with access");
    let plain = rig.relay.grant(false).expect("a grant without");
    let name = reading.token_file().file_name().expect("a name").to_string_lossy().into_owned();
    let prefix = format!("{}-", rig.relay.addr().port());
    assert!(name.starts_with(&prefix) && name.ends_with(&format!("-{}.token", reading.id())), "{name}");
    let token =
        |g: &rustgis_relay::Grant| rustgis_relay::read_token_file(g.token_file()).expect("token").expose().to_owned();
    let reading_token = token(&reading);
    let mut reader = Client::attach(&rig.relay, &reading_token, json!({}));
    let mut plain_agent = Client::attach(&rig.relay, &token(&plain), json!({ "access": true }));
    let reply = rig.command(&mut reader, "test.readFile", json!({ "path": file }));
    assert_eq!(structured(&reply)["result"]["bytes"], json!(3), "{reply}");
    assert!(is_tool_error(&rig.command(&mut plain_agent, "test.readFile", json!({ "path": file }))));

    let reading_file = reading.token_file().to_owned();
    drop(reading);
    assert!(!reading_file.exists(), "dropping the grant removes its file");
    assert!(reader.is_closed(), "and closes its connections");
    let mut again = Client::connect(&rig.relay);
    again.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "rustgis/attach", "params": { "token": reading_token } }));
    assert!(again.is_closed(), "and forgets its token");
    assert_eq!(rig.relay.attached_count(), 1, "the other grant's agent stays");
}

#[test]
fn relay_grants_and_the_relay_itself_keep_agents_files_below_their_roots() {
    let mut rig = Rig::new();
    let base = std::fs::canonicalize(rig.folders.path()).expect("resolved");
    let (maps, inner, elsewhere) = (base.join("maps"), base.join("maps/inner"), base.join("elsewhere"));
    for folder in [&inner, &elsewhere] {
        std::fs::create_dir_all(folder).expect("a folder");
    }
    let roots = |folders: &[(&Path, bool)]| {
        rustgis_core::Roots::new(folders.iter().map(|(f, w)| rustgis_core::Root::new(f, *w).expect("a root")))
    };
    let grant = rig.relay.grant_in(true, &roots(&[(&maps, true)])).expect("a grant with roots");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let mut agent = Client::attach(&rig.relay, &token, json!({}));
    let export = |path: &Path| json!({ "layer": "cities", "path": path });
    let reply = rig.command(&mut agent, "layer.export", export(&maps.join("cities.geojson")));
    assert!(!is_tool_error(&reply), "{reply}");
    let reply = rig.command(&mut agent, "layer.export", export(&elsewhere.join("cities.geojson")));
    assert_eq!(structured(&reply)["code"], json!("access_denied"), "{reply}");
    assert!(structured(&reply)["error"].as_str().is_some_and(|e| e.contains(&maps.display().to_string())), "{reply}");
    // An agent of the relay's own token has no roots here.
    let mut own = rig.attach(true);
    let reply = rig.command(&mut own, "layer.export", export(&elsewhere.join("own.geojson")));
    assert!(!is_tool_error(&reply), "{reply}");

    // A relay with roots gives them to its own token's agents, and a grant's lie inside them.
    let mut config = config_in(&base.join("second"), Limits::default(), false);
    config.roots = roots(&[(&maps, false)]);
    let relay = Relay::bind(config).expect("a relay with roots");
    assert!(matches!(relay.grant_in(true, &roots(&[(&elsewhere, true)])), Err(Error::Roots(_))));
    assert!(relay.grant_in(true, &roots(&[(&inner, true)])).is_ok());
    let mut second = Rig {
        relay,
        session: Session::with_sample().expect("the sample"),
        folders: tempfile::tempdir().expect("a folder"),
    };
    let mut own = second.attach(true);
    let reply = second.command(&mut own, "layer.export", export(&maps.join("x.geojson")));
    assert_eq!(structured(&reply)["code"], json!("access_denied"), "a read-only root: {reply}");
    let reply = second.command(&mut own, "layer.open", json!({ "path": maps.join("cities.geojson") }));
    assert!(!is_tool_error(&reply), "{reply}");
}

// ---------------------------------------------------------------------------------------------
// Beyond the list: reviewed grants, repeat attach, the queue cap.

#[test]
fn relay_reviewed_grants_wait_for_the_hosts_approval() {
    let mut rig = Rig::with_limits(quick(|l| l.second = Duration::from_millis(20)));
    let grant = rig.relay.grant_reviewed(false).expect("a reviewed grant");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let mut agent = Client::attach(&rig.relay, &token, json!({ "access": true, "timeout_s": 600 }));

    let read_only = rig.call(&mut agent, "list_commands", json!({ "query": "layer" }));
    assert!(!is_tool_error(&read_only), "read-only tools need no approval");
    let approved = agent.send_hide_cities();
    wait_until("the call waits for approval", || rig.relay.approvals().len() == 1);
    let waiting = rig.relay.approvals().remove(0);
    assert_eq!(waiting.tool, "run_command");
    assert!(
        waiting.message.contains("\"layer.setVisible\"") && waiting.message.contains(&format!("\"id\":{approved}")),
        "{}",
        waiting.message
    );
    assert_eq!(rig.relay.pending(), 0, "nothing reaches the app before approval");
    rig.relay.approve(waiting.id).expect("it is waiting");
    wait_until("the approved call is queued", || rig.relay.pending() == 1);
    let _ = rig.frame().ran;
    assert!(!is_tool_error(&agent.reply_to(approved)));

    let denied = agent.send_call("run_command", json!({ "command": "layer.remove", "params": { "layer": "cities" } }));
    wait_until("the call waits for approval", || rig.relay.approvals().len() == 1);
    rig.relay.deny(rig.relay.approvals()[0].id).expect("it is waiting");
    let reply = agent.reply_to(denied);
    assert!(is_tool_error(&reply) && structured(&reply)["code"] == json!("denied"), "{reply}");
    assert!(rig.session.project().layer("cities").is_some());
}

#[test]
fn relay_reviewed_grants_with_automatic_approval_run_gated_calls_at_once() {
    let mut rig = Rig::new();
    let grant = rig.relay.grant_reviewed(true).expect("an automatically approved grant");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let mut agent = Client::attach(&rig.relay, &token, json!({}));
    let id = agent.send_hide_cities();
    wait_until("the call is queued without approval", || rig.relay.pending() == 1);
    assert!(rig.relay.approvals().is_empty(), "nothing waits for the user");
    let _ = rig.frame().ran;
    assert!(!is_tool_error(&agent.reply_to(id)));
}

#[test]
fn relay_cancels_pending_approvals_when_the_grant_is_revoked_or_the_relay_stops() {
    let rig = Rig::new();
    let revoked = rig.relay.grant_reviewed(false).expect("a reviewed grant");
    let kept = rig.relay.grant_reviewed(false).expect("another");
    let mut agents: Vec<Client> = [&revoked, &kept]
        .iter()
        .map(|grant| {
            let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
            Client::attach(&rig.relay, &token, json!({ "timeout_s": 600 }))
        })
        .collect();
    for agent in &mut agents {
        agent.send_call("run_command", json!({ "command": "layer.remove", "params": { "layer": "cities" } }));
    }
    wait_until("both wait for approval", || rig.relay.approvals().len() == 2);
    let revoked_id = revoked.id();
    drop(revoked);
    assert!(rig.relay.approvals().iter().all(|a| a.grant != revoked_id), "revoking cancels its approvals");
    assert_eq!(rig.relay.approvals().len(), 1);
    rig.relay.stop();
    assert!(rig.relay.approvals().is_empty(), "stopping cancels every approval");
    drop(agents);
    assert!(rig.session.project().layer("cities").is_some(), "nothing unapproved ran");
}

#[test]
fn relay_answers_a_call_waiting_for_approval_at_once_when_its_grant_is_revoked() {
    let mut rig = Rig::new();
    let grant = rig.relay.grant_reviewed(false).expect("a reviewed grant");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let mut agent = Client::attach(&rig.relay, &token, json!({}));
    let id = agent.send_hide_cities();
    wait_until("the call waits for approval", || rig.relay.approvals().len() == 1);
    drop(grant);
    let reply = agent.reply_to(id);
    assert!(is_tool_error(&reply) && structured(&reply)["code"] == json!("cancelled"), "{reply}");
    assert!(agent.is_closed(), "then the revoked connection closes");
    let _ = rig.frame().ran;
    assert!(rig.session.project().layer("cities").is_some_and(|l| l.visible), "the call never ran");
}

#[test]
fn relay_reviewed_requests_expire_and_cannot_be_revived() {
    let rig = Rig::with_limits(quick(|l| l.second = Duration::from_millis(20)));
    let grant = rig.relay.grant_reviewed(false).expect("a reviewed grant");
    let token = rustgis_relay::read_token_file(grant.token_file()).expect("token").expose().to_owned();
    let mut agent = Client::attach(&rig.relay, &token, json!({}));
    // A batch of two gated calls: each waits for its own approval.
    agent.send(&json!([
        { "jsonrpc": "2.0", "id": 11, "method": "tools/call", "params": { "name": "run_command", "arguments": { "command": "layer.list" } } },
        { "jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": { "name": "run", "arguments": { "script": "layer.list {}" } } },
    ]));
    wait_until("both wait for approval", || rig.relay.approvals().len() == 2);
    assert!(rig.relay.approvals().iter().all(|a| a.batch));
    let ids: Vec<u64> = rig.relay.approvals().iter().map(|a| a.id).collect();
    let replies = agent.recv();
    // Each answered as a tool error like Deny's (code "expired"), not a JSON-RPC error.
    let replies = replies.as_array().expect("a batch reply");
    assert!(replies.iter().all(|r| is_tool_error(r) && structured(r)["code"] == json!("expired")), "{replies:?}");
    assert!(replies.iter().all(|r| error_code(r).is_none()), "{replies:?}");
    assert!(matches!(rig.relay.approve(ids[0]), Err(Error::NotWaiting { .. })), "an expired request stays expired");
}

#[test]
fn relay_gives_a_client_that_comes_back_its_number_and_name() {
    let mut rig = Rig::new();
    let named = |rig: &Rig, name: &str| {
        let mut client = Client::connect(&rig.relay);
        let reply = client.attach_only(&rig.relay.token_text(), json!({}));
        assert_eq!(reply["result"]["attached"], json!(true), "{reply}");
        client.initialize_as(name);
        client
    };
    let hide = |layer: &str| json!({ "layer": layer, "visible": false });
    let mut claude = named(&rig, "claude-code");
    rig.command(&mut claude, "layer.setVisible", hide("cities"));
    let mut cursor = named(&rig, "cursor");
    rig.command(&mut cursor, "layer.setVisible", hide("coastline"));
    // A second claude-code while the first is attached is another agent.
    let mut other = named(&rig, "claude-code");
    rig.command(&mut other, "layer.setVisible", hide("boundaries"));
    drop(claude);
    wait_until("the first claude-code has gone", || rig.relay.attached_count() == 2);
    let mut back = named(&rig, "claude-code");
    rig.command(&mut back, "layer.setVisible", json!({ "layer": "cities", "visible": true }));
    let actors: Vec<String> = history(&rig.session).into_iter().map(|(actor, _)| actor).collect();
    assert_eq!(actors, ["agent 1", "agent 2", "agent 3", "agent 1"], "the client that came back is agent 1 again");
    let undone = rig.command(&mut back, "edit.undo", json!({}));
    assert!(!is_tool_error(&undone), "agent 1's steps are its own again: {undone}");
    let names: Vec<(u32, String)> = rig.relay.agent_clients().into_iter().collect();
    assert_eq!(
        names,
        [(1, "claude-code".to_owned()), (2, "cursor".to_owned()), (3, "claude-code".to_owned())],
        "each number with the name its client gave"
    );
    let agents = rig.relay.agents();
    assert!(agents.iter().any(|a| a.name.as_deref() == Some("agent 2") && a.client_name.as_deref() == Some("cursor")));
}

#[test]
fn relay_answers_an_unknown_resource_with_invalid_params_not_its_own_32002() {
    let rig = Rig::new();
    let mut agent = rig.attach(false);
    agent.send(&json!({ "jsonrpc": "2.0", "id": 9, "method": "resources/read", "params": { "uri": "rustgis://docs/nope.md" } }));
    let reply = agent.reply_to(9);
    assert_eq!(error_code(&reply), Some(-32602), "-32002 is the relay's cancelled, never ran: {reply}");
}

#[test]
fn relay_repeat_attach_changes_access() {
    let mut rig = Rig::with(Limits::default(), Session::with_registry(test_registry()), false);
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "1").expect("a test file");
    let mut agent = rig.attach(false);
    assert!(is_tool_error(&rig.command(&mut agent, "test.readFile", json!({ "path": file }))));
    let reply = agent.attach_only(&rig.relay.token_text(), json!({ "access": true }));
    assert_eq!(reply["result"]["access"], json!(true), "{reply}");
    assert!(!is_tool_error(&rig.command(&mut agent, "test.readFile", json!({ "path": file }))));
}

#[test]
fn relay_closes_idle_clients_but_not_those_waiting_for_a_reply() {
    let mut rig = Rig::with_limits(quick(|l| {
        l.idle = Duration::from_millis(200);
        l.busy_after = Duration::from_secs(3600);
    }));
    let mut idle = rig.attach(false);
    let mut waiting = rig.attach(false);
    let id = waiting.send_call("run_command", json!({ "command": "layer.list" }));
    wait_until("the call is queued", || rig.relay.pending() == 1);
    assert!(idle.is_closed(), "a client that sends nothing is closed");
    let start = Instant::now();
    wait_until("well past the idle limit", || start.elapsed() > Duration::from_millis(600));
    let _ = rig.frame().ran;
    assert!(!is_tool_error(&waiting.reply_to(id)), "a client waiting for its reply is not idle");
}

#[test]
fn relay_refuses_requests_beyond_the_queue_cap_as_busy() {
    let rig = Rig::with_limits(quick(|l| {
        l.queue_cap = 1;
        l.busy_after = Duration::from_secs(3600);
    }));
    let mut agent = rig.attach(false);
    agent.send_call("run_command", json!({ "command": "layer.list" }));
    wait_until("the first call is queued", || rig.relay.pending() == 1);
    let second = agent.send_call("run_command", json!({ "command": "layer.list" }));
    let reply = agent.reply_to(second);
    assert_eq!(error_code(&reply), Some(-32001), "{reply}");
}

#[test]
fn relay_answers_a_second_request_with_the_id_of_one_in_flight_with_an_error() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    let call = json!({ "jsonrpc": "2.0", "id": 77, "method": "tools/call",
        "params": { "name": "run_command", "arguments": { "command": "layer.setVisible",
            "params": { "layer": "cities", "visible": false } } } });
    agent.send(&call);
    wait_until("the first call waits for the app's frame", || rig.relay.pending() == 1);
    agent.send(&call);
    let reply = agent.reply_to(77);
    assert_eq!(error_code(&reply), Some(-32600), "{reply}");
    assert!(reply["error"]["message"].as_str().is_some_and(|m| m.contains("still in flight")), "{reply}");
    let _ = rig.frame().ran;
    let first = agent.reply_to(77);
    assert!(!is_tool_error(&first) && first.get("error").is_none(), "the first call ran: {first}");
    assert_eq!(rig.session.history().len(), 1, "the call ran once");
}

// ---------------------------------------------------------------------------------------------
// The project's live state (issue 42): an agent following rustgis://project/state hears of
// every change, the user's and other agents', within a second.

impl Client {
    /// Subscribes to the project's state (`resources/subscribe`, this client's protocol).
    fn subscribe_to_state(&mut self) {
        self.next_id += 1;
        let id = self.next_id;
        let uri = rustgis_mcp::STATE_URI;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": "resources/subscribe", "params": { "uri": uri } }));
        let reply = self.reply_to(id);
        assert!(reply.get("error").is_none(), "{reply}");
    }

    /// The change the next `notifications/resources/updated` tells of; it must come within a second.
    fn state_update(&mut self) -> Json {
        self.reader.get_ref().set_read_timeout(Some(Duration::from_secs(1))).expect("a read timeout can be set");
        loop {
            let message = self.recv();
            if message["method"] == "notifications/resources/updated" {
                return message["params"]["_meta"][rustgis_mcp::STATE_META_KEY].clone();
            }
        }
    }
}

#[test]
fn an_attached_agent_following_the_state_is_told_of_the_users_edit_within_a_second() {
    let mut rig = Rig::new();
    let mut agent = rig.attach(false);
    agent.subscribe_to_state();
    let user = rustgis_core::Caller::user();
    rig.session.execute(&user, "layer.remove", json!({ "layer": "coastline" })).expect("the user's edit runs");
    // What the app does after each of the user's commands.
    rig.relay.publish_state(&rig.session);
    let told = agent.state_update();
    assert_eq!(told["change"]["actor"], "user", "{told}");
    assert_eq!(told["change"]["layers_removed"], json!(["coastline"]));
    assert_eq!(told["revision"], json!(rig.session.revision()));
}

#[test]
fn an_attached_agent_following_the_state_is_told_of_another_agents_change() {
    let mut rig = Rig::new();
    let mut first = rig.attach(false);
    first.subscribe_to_state();
    let mut second = rig.attach(false);
    let reply = rig.command(&mut second, "layer.rename", json!({ "layer": "cities", "name": "towns" }));
    assert!(!is_tool_error(&reply), "{reply}");
    let told = first.state_update();
    // Agents are numbered in the order they first call: the one that renamed is agent 1.
    assert_eq!(told["change"]["actor"], "agent 1", "{told}");
    assert_eq!(told["change"]["layers_changed"], json!(["towns"]));
}
