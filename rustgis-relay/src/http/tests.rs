//! MCP over HTTP as the MCP documentation promises it: clients with the token drive the open
//! session as one agent; everything else is refused before it reaches the queue; the token is
//! stable and private. Clients are plain blocking sockets speaking HTTP/1.1; the test is the
//! host and draws frames itself.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rustgis_core::Session;
use serde_json::{Value as Json, json};

use super::*;
use crate::{AuditLog, Limits, Relay, RelayConfig};

/// A relay serving HTTP in temporary folders, a session the test owns.
struct Rig {
    relay: Relay,
    session: Session,
    http: HttpEndpoint,
    token: String,
    folders: tempfile::TempDir,
}

impl Rig {
    fn new() -> Rig {
        Rig::with_max_body(MAX_HTTP_BODY)
    }

    fn with_max_body(max_body: usize) -> Rig {
        Rig::with_http(|config| config.max_body = max_body)
    }

    fn with_http(shape: impl FnOnce(&mut HttpConfig)) -> Rig {
        Rig::with_limits_and_http(Limits::default(), shape)
    }

    fn with_limits_and_http(limits: Limits, shape: impl FnOnce(&mut HttpConfig)) -> Rig {
        let folders = tempfile::tempdir().expect("a temporary folder");
        let mut config = RelayConfig::new(0);
        config.limits = limits;
        config.private_dir = Some(folders.path().join("private"));
        config.app_data_dir = Some(folders.path().join("app-data"));
        let relay = Relay::bind(config).expect("the relay starts");
        let mut http_config = http_config(folders.path(), MAX_HTTP_BODY);
        shape(&mut http_config);
        let http = relay.serve_http(http_config).expect("HTTP starts");
        let token = private::read_token_file(&http.token_file).expect("the token reads").expose().to_owned();
        Rig { relay, session: Session::with_sample().expect("the sample loads"), http, token, folders }
    }

    /// The standard headers of an MCP client with the token. Clients name the protocol version
    /// they negotiated on every request; without it a stateless server takes 2025-03-26, whose
    /// clients get results as text, not structured content.
    fn headers(&self) -> Vec<(String, String)> {
        vec![
            ("Host".into(), format!("127.0.0.1:{}", self.http.addr.port())),
            ("Content-Type".into(), "application/json".into()),
            ("Accept".into(), "application/json, text/event-stream".into()),
            ("MCP-Protocol-Version".into(), "2025-06-18".into()),
            ("Authorization".into(), format!("Bearer {}", self.token)),
        ]
    }

    /// Posts a message while drawing frames, as the app would, until the reply arrives.
    fn post(&mut self, message: &Json) -> Reply {
        let headers = self.headers();
        self.post_with(headers, message)
    }

    /// [`Rig::post`] from a client that names itself `user_agent`.
    fn post_as(&mut self, user_agent: &str, message: &Json) -> Reply {
        let headers = with(&self.headers(), "User-Agent", user_agent);
        self.post_with(headers, message)
    }

    fn post_with(&mut self, headers: Vec<(String, String)>, message: &Json) -> Reply {
        let (addr, body) = (self.http.addr, message.to_string().into_bytes());
        let client = std::thread::spawn(move || send(addr, "POST", MCP_PATH, &headers, &body));
        let start = Instant::now();
        while !client.is_finished() {
            assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting for the reply");
            let report = self.relay.run_frame(&mut self.session);
            assert!(report.screen.is_none(), "no screen snapshot was asked for");
            std::thread::sleep(Duration::from_millis(2));
        }
        client.join().expect("the client thread ends")
    }

    fn command(&mut self, id: u64, command: &str, params: Json) -> Reply {
        self.post(&json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": { "name": "run_command", "arguments": { "command": command, "params": params } },
        }))
    }

    /// Sends a request whose headers the test shapes; no frames are drawn (nothing may queue).
    fn raw(&self, method: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> Reply {
        send(self.http.addr, method, path, headers, body)
    }

    fn audit_lines(&self) -> Vec<Json> {
        AuditLog::read_all(&self.folders.path().join("app-data")).expect("the audit log reads")
    }
}

fn http_config(dir: &Path, max_body: usize) -> HttpConfig {
    let mut config = HttpConfig::new(0);
    config.settings_dir = Some(dir.join("settings"));
    config.max_body = max_body;
    config
}

/// A reply: status, headers (lowercase names) and body.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Json {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("the body is not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 exchange on a fresh connection (`Connection: close`).
fn send(addr: std::net::SocketAddr, method: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> Reply {
    let mut request = format!("{method} {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()));
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    exchange(addr, &bytes)
}

/// Sends bytes as they are and reads the reply until the server closes the connection.
fn exchange(addr: std::net::SocketAddr, bytes: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout can be set");
    stream.write_all(bytes).expect("the server reads the request");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the reply arrives");
    parse_reply(&raw)
}

fn parse_reply(raw: &[u8]) -> Reply {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a reply head");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = dechunk(&body);
    }
    Reply { status, headers, body }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").expect("a chunk size line");
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..line_end]).trim(), 16).expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line_end + 2..line_end + 2 + size]);
        data = &data[line_end + 2 + size + 2..];
    }
}

fn history(session: &Session) -> Vec<(String, String)> {
    session.history().into_iter().map(|s| (s.actor, s.label)).collect()
}

fn without(headers: &[(String, String)], name: &str) -> Vec<(String, String)> {
    headers.iter().filter(|(n, _)| !n.eq_ignore_ascii_case(name)).cloned().collect()
}

fn with(headers: &[(String, String)], name: &str, value: &str) -> Vec<(String, String)> {
    let mut headers = without(headers, name);
    headers.push((name.to_owned(), value.to_owned()));
    headers
}

// ---------------------------------------------------------------------------------------------

#[test]
fn http_clients_with_the_token_drive_the_session() {
    let mut rig = Rig::new();
    let init = rig.post(&json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "1" } },
    }));
    assert_eq!(init.status, 200, "{init:?}");
    assert_eq!(init.header("content-type"), Some("application/json"), "a JSON reply, not an event stream");
    assert_eq!(init.json()["result"]["serverInfo"]["name"], json!("rustgis"));
    assert!(init.header("mcp-session-id").is_none(), "stateless: no session");

    // Two requests on two connections, without initializing again: one agent, one active layer.
    let selected = rig.command(2, "layer.select", json!({ "layer": "cities" }));
    assert_eq!(selected.json()["result"]["isError"], json!(false), "{:?}", selected.json());
    let hidden = rig.command(3, "layer.setVisible", json!({ "visible": false }));
    assert_eq!(hidden.json()["result"]["isError"], json!(false), "{:?}", hidden.json());
    let cities = rig.session.project().layers.iter().find(|l| l.name == "cities").expect("the sample has cities");
    assert!(!cities.visible, "the HTTP agent's own active layer was hidden");
    assert_eq!(history(&rig.session), vec![("agent 1".to_owned(), "layer.setVisible".to_owned())]);

    let audit = rig.audit_lines();
    assert_eq!(audit.len(), 2, "{audit:?}");
    assert!(audit.iter().all(|l| l["source"] == json!("mcp") && l["agent"] == json!("agent 1")), "{audit:?}");
    assert_eq!(rig.relay.last_call().map(|c| c.agent), Some("agent 1".to_owned()));

    let endpoint: Json =
        serde_json::from_str(&std::fs::read_to_string(rig.relay.endpoint_file()).expect("endpoint.json"))
            .expect("endpoint.json is JSON");
    assert_eq!(endpoint["http_url"], json!(rig.http.url));
    assert_eq!(endpoint["http_token_file"], json!(rig.http.token_file.display().to_string()));
    assert!(!endpoint.to_string().contains(&rig.token), "endpoint.json names the file, never the token");
}

#[test]
fn http_clients_have_the_access_of_the_relays_own_token() {
    let mut rig = Rig::new();
    rig.session = Session::with_registry(test_registry());
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "12345").expect("a test file");
    let is_error = |reply: &Reply| reply.json()["result"]["isError"] == json!(true);
    assert!(is_error(&rig.command(1, "test.readFile", json!({ "path": file }))), "no files until the app allows");
    assert!(is_error(&rig.command(2, "test.code", json!({}))), "code needs Full access");
    rig.relay.set_allow_access(true);
    rig.relay.set_full_access(true);
    let read = rig.command(3, "test.readFile", json!({ "path": file }));
    assert_eq!(read.json()["result"]["structuredContent"]["result"]["bytes"], json!(5), "{:?}", read.json());
    assert!(!is_error(&rig.command(4, "test.code", json!({}))), "Full access applies as to the relay's own token");
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct PathParam {
    /// A file.
    path: String,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoParams {}

/// Commands the built-in catalogue does not have: one that reads a file, one that runs code.
fn test_registry() -> &'static rustgis_core::Registry {
    use rustgis_core::{Access, CommandDef, Ctx, Registry};
    static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(|| {
        Registry::from_defs(vec![
            CommandDef::build("test.readFile").summary("Read a file").access(Access::READS_FILES).reads({
                |_: &mut Ctx<'_>, p: PathParam| {
                    let bytes = std::fs::read(&p.path).map_err(|e| rustgis_core::Error::Failed(e.to_string()))?;
                    Ok(json!({ "bytes": bytes.len() }))
                }
            }),
            CommandDef::build("test.code")
                .summary("Run code")
                .access(Access::CODE)
                .reads(|_: &mut Ctx<'_>, _: NoParams| Ok(json!({ "ran": true }))),
        ])
    })
}

#[test]
fn http_refuses_requests_without_the_token_or_from_elsewhere() {
    let rig = Rig::with_max_body(1024);
    let good = rig.headers();
    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } },
    })
    .to_string();
    let post = |headers: &[(String, String)], body: &[u8]| rig.raw("POST", MCP_PATH, headers, body);
    let ours = post(&good, init.as_bytes());
    assert_eq!(ours.status, 200, "the well-formed request passes: {ours:?}");

    let no_token = post(&without(&good, "Authorization"), init.as_bytes());
    assert_eq!(no_token.status, 401);
    assert_eq!(no_token.header("www-authenticate"), Some("Bearer"));
    assert_eq!(
        post(&with(&good, "Authorization", "Bearer 0123456789abcdef0123456789abcdef"), init.as_bytes()).status,
        401
    );
    assert_eq!(post(&with(&good, "Authorization", &format!("Basic {}", rig.token)), init.as_bytes()).status, 401);

    // Host and Origin are refused before the token is read: 403 even without one.
    let other_host = with(&good, "Host", "evil.example.com");
    assert_eq!(post(&other_host, init.as_bytes()).status, 403);
    assert_eq!(post(&without(&other_host, "Authorization"), init.as_bytes()).status, 403);
    assert_eq!(post(&with(&good, "Host", "127.0.0.1:1"), init.as_bytes()).status, 403, "another port");
    let page = with(&good, "Origin", &format!("http://127.0.0.1:{}", rig.http.addr.port()));
    assert_eq!(post(&page, init.as_bytes()).status, 403, "a web page, even one served from loopback");
    assert_eq!(post(&without(&page, "Authorization"), init.as_bytes()).status, 403);

    let get = rig.raw("GET", MCP_PATH, &good, b"");
    assert_eq!(get.status, 405);
    assert_eq!(get.header("allow"), Some("POST"));
    assert_eq!(rig.raw("DELETE", MCP_PATH, &good, b"").status, 405);
    assert_eq!(rig.raw("POST", "/other", &good, init.as_bytes()).status, 404);

    let big =
        format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"pad\":\"{}\"}}}}", "x".repeat(2048));
    assert_eq!(post(&good, big.as_bytes()).status, 413);
    let mut chunked = format!("POST {MCP_PATH} HTTP/1.1\r\n");
    for (name, value) in &good {
        chunked.push_str(&format!("{name}: {value}\r\n"));
    }
    chunked.push_str(&format!(
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n",
        big.len()
    ));
    assert_eq!(exchange(rig.http.addr, chunked.as_bytes()).status, 413, "a body without a declared length too");
    assert_eq!(post(&with(&good, "Content-Type", "text/plain"), init.as_bytes()).status, 415);
    let malformed = post(&good, b"{\"jsonrpc\": \"2.0\", \"id\": 1,");
    assert_eq!(malformed.status, 400);
    assert_eq!(malformed.json()["error"]["code"], json!(-32700));
    let batch = post(&good, format!("[{init}]").as_bytes());
    assert_eq!(batch.json()["error"]["code"], json!(-32600));

    assert_eq!(rig.relay.pending(), 0, "nothing refused reached the queue");
}

#[test]
fn http_token_is_stable_and_private() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let settings = dir.path().join("settings");
    let (first, path) = http_token(&settings).expect("the token is made");
    assert_eq!(path, settings.join(HTTP_TOKEN_FILE));
    assert_eq!(first.expose().len(), 32);
    assert!(first.expose().bytes().all(|b| b.is_ascii_hexdigit()));
    let (again, _) = http_token(&settings).expect("the token is read");
    assert_eq!(again.expose(), first.expose(), "stable across launches");

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600, "readable by the user only");
        assert_eq!(mode(&settings), 0o700);

        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let e = http_token(&settings).expect_err("a file others can read is refused");
        assert!(matches!(e, Error::NotPrivate { .. }), "{e}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");

        let elsewhere: PathBuf = dir.path().join("elsewhere.token");
        std::fs::rename(&path, &elsewhere).expect("move the token");
        std::os::unix::fs::symlink(&elsewhere, &path).expect("a symlink");
        let e = http_token(&settings).expect_err("a symlink is refused");
        assert!(e.to_string().contains("symbolic link"), "{e}");
        std::fs::remove_file(&path).expect("remove the link");
    }

    std::fs::remove_file(&path).ok();
    let (fresh, _) = http_token(&settings).expect("deleting the file makes a new token");
    assert_ne!(fresh.expose(), first.expose());
}

#[test]
fn http_refuses_a_request_with_two_host_headers() {
    let rig = Rig::new();
    let mut headers = rig.headers();
    headers.push(("Host".into(), "evil.example.com".into()));
    let reply = rig.raw("POST", MCP_PATH, &headers, b"{}");
    assert_eq!(reply.status, 400, "{reply:?}");
    assert!(String::from_utf8_lossy(&reply.body).contains("exactly one Host header"));
}

#[test]
fn http_closes_connections_that_send_only_a_request_line_or_nothing_at_their_header_deadline() {
    let rig = Rig::with_http(|config| config.header_timeout = Duration::from_millis(200));
    let mut half = TcpStream::connect(rig.http.addr).expect("the server accepts");
    half.write_all(b"POST /mcp HTTP/1.1\r\n").expect("a request line");
    let silent = TcpStream::connect(rig.http.addr).expect("the server accepts");
    for mut stream in [half, silent] {
        stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a read timeout can be set");
        let mut rest = Vec::new();
        let read = stream.read_to_end(&mut rest);
        assert!(read.is_ok(), "closed by the server, not by the test's own timeout: {read:?}");
    }
}

#[test]
fn http_at_its_cap_closes_the_oldest_connection_without_a_request_for_a_new_one() {
    let rig = Rig::with_http(|config| config.max_connections = 2);
    let mut held: Vec<TcpStream> =
        (0..2).map(|_| TcpStream::connect(rig.http.addr).expect("the server accepts")).collect();
    // The accept loop takes connections in order: the first two hold the places before the third.
    std::thread::sleep(Duration::from_millis(100));
    let reply = rig.raw("GET", "/health-of-nothing", &rig.headers(), b"");
    assert_eq!(reply.status, 404, "the new connection is served: {reply:?}");
    held[0].set_read_timeout(Some(Duration::from_secs(20))).expect("a read timeout can be set");
    let mut rest = Vec::new();
    assert_eq!(held[0].read_to_end(&mut rest).ok(), Some(0), "the oldest made way, closed unanswered");
}

/// Half a request head (the request line and one header), sent and held open.
fn half_open_head(addr: std::net::SocketAddr) -> Option<TcpStream> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream.write_all(format!("POST {MCP_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n", addr.port()).as_bytes()).ok()?;
    Some(stream)
}

#[test]
fn http_serves_every_call_while_40_half_open_heads_are_held_and_reopened() {
    let mut rig = Rig::new();
    let addr = rig.http.addr;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let holder = {
        let stop = std::sync::Arc::clone(&stop);
        std::thread::spawn(move || {
            // 40 half-sent heads, each opened again as soon as the server closes it.
            let mut held: Vec<Option<TcpStream>> = (0..40).map(|_| half_open_head(addr)).collect();
            for stream in held.iter_mut().flatten() {
                stream.set_nonblocking(true).expect("non-blocking");
            }
            let mut reopened = 0;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                for slot in &mut held {
                    let closed = match slot {
                        Some(stream) => matches!(stream.read(&mut [0u8; 64]), Ok(0)),
                        None => true,
                    };
                    if closed {
                        *slot = half_open_head(addr);
                        if let Some(stream) = slot {
                            stream.set_nonblocking(true).expect("non-blocking");
                        }
                        reopened += 1;
                    }
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            reopened
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    for id in 1..=40 {
        let reply = rig.command(id, "layer.list", json!({}));
        assert_eq!(reply.status, 200, "call {id} got through: {reply:?}");
        assert!(reply.json()["result"]["isError"] != json!(true), "call {id}: {}", reply.json());
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let reopened = holder.join().expect("the holder ends");
    assert!(reopened > 0, "the server closed held heads to make way");
}

#[test]
fn http_answers_408_when_a_body_does_not_arrive_in_time() {
    let rig = Rig::with_http(|config| config.body_timeout = Duration::from_millis(200));
    let mut request = format!("POST {MCP_PATH} HTTP/1.1\r\n");
    for (name, value) in rig.headers() {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("Content-Length: 100\r\nConnection: close\r\n\r\n{\"jsonrpc\"");
    let mut stream = TcpStream::connect(rig.http.addr).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a read timeout can be set");
    stream.write_all(request.as_bytes()).expect("the server reads");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the reply arrives");
    assert_eq!(parse_reply(&raw).status, 408);
}

/// The JSON messages of an event stream's `data:` fields, in order.
fn event_messages(body: &[u8]) -> Vec<Json> {
    let text = String::from_utf8_lossy(body);
    text.split("\n\n")
        .filter_map(|event| {
            let data: Vec<&str> = event.lines().filter_map(|l| l.strip_prefix("data:")).map(str::trim_start).collect();
            serde_json::from_str(&data.join("\n")).ok()
        })
        .collect()
}

fn buffer_with_progress(id: u64, token: &str) -> Json {
    json!({
        "jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {
            "name": "run_command",
            "arguments": { "command": "vector.buffer", "params": { "layer": "grid", "distance": 5, "unit": "km", "segments": 16 } },
            "_meta": { "progressToken": token },
        },
    })
}

#[test]
fn a_long_call_that_asks_for_progress_gets_its_progress_then_its_reply_as_an_event_stream() {
    let mut rig = Rig::new();
    // Progress comes at most every 100 ms: the buffer of 6,400 cells runs long enough for several.
    let grid = rig.command(1, "vector.grid", json!({ "extent": [-60, -60, 60, 60], "cell": 1.5, "name": "grid" }));
    assert_eq!(grid.json()["result"]["isError"], json!(false), "{:?}", grid.json());
    let reply = rig.post(&buffer_with_progress(2, "buffer-1"));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.header("content-type"), Some("text/event-stream"));
    let messages = event_messages(&reply.body);
    let (last, notes) = messages.split_last().expect("events");
    assert_eq!(last["id"], json!(2), "the reply comes last: {last}");
    assert_eq!(last["result"]["isError"], json!(false), "{last}");
    let progress: Vec<f64> = notes
        .iter()
        .map(|note| {
            assert_eq!(note["method"], json!("notifications/progress"), "{note}");
            assert_eq!(note["params"]["progressToken"], json!("buffer-1"), "{note}");
            note["params"]["progress"].as_f64().expect("a number")
        })
        .collect();
    assert!(progress.len() >= 2, "{progress:?}");
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "progress increases: {progress:?}");
}

#[test]
fn a_call_answered_as_an_event_stream_is_audited_with_the_outcome_of_its_reply() {
    let mut rig = Rig::new();
    rig.command(1, "vector.grid", json!({ "extent": [-60, -60, 60, 60], "cell": 1.5, "name": "grid" }));
    // A long first line sends progress; the second fails, so the script fails as a whole.
    let script = "vector.buffer {\"layer\": \"grid\", \"distance\": 5, \"unit\": \"km\", \"segments\": 16}\n\
                  layer.select {\"layer\": \"no such layer\"}";
    let reply = rig.post(&json!({
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": { "name": "run", "arguments": { "script": script }, "_meta": { "progressToken": "script-1" } },
    }));
    assert_eq!(reply.header("content-type"), Some("text/event-stream"), "{reply:?}");
    let audit = rig.audit_lines();
    let ran = audit.iter().find(|l| l["tool"] == json!("run")).expect("the script's audit line");
    assert_eq!(ran["success"], json!(false), "{ran}");
    let last = rig.relay.last_call().expect("the last call");
    assert!(!last.success);
    assert!(last.error.is_some_and(|e| e.contains("no such layer")), "the reply's error is recorded");
}

#[test]
fn a_call_with_a_progress_token_that_ends_at_once_still_gets_a_json_reply() {
    let mut rig = Rig::new();
    let reply = rig.post(&json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": { "name": "run_command", "arguments": { "command": "layer.list" }, "_meta": { "progressToken": 1 } },
    }));
    assert_eq!(reply.header("content-type"), Some("application/json"), "{reply:?}");
    assert_eq!(reply.json()["result"]["isError"], json!(false));
}

#[test]
fn the_relays_result_budget_bounds_what_its_http_agents_get() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let mut config = RelayConfig::new(0);
    config.limits =
        Limits { result_budget: crate::ResultBudget::from_tokens(1000).expect("in range"), ..Limits::default() };
    config.private_dir = Some(folders.path().join("private"));
    config.app_data_dir = Some(folders.path().join("app-data"));
    let relay = Relay::bind(config).expect("the relay starts");
    let http = relay.serve_http(http_config(folders.path(), MAX_HTTP_BODY)).expect("HTTP starts");
    let token = private::read_token_file(&http.token_file).expect("the token reads").expose().to_owned();
    let mut rig = Rig { relay, session: Session::with_sample().expect("the sample loads"), http, token, folders };
    let read = rig.command(1, "table.read", json!({ "layer": "cities", "limit": 500 }));
    let result = &read.json()["result"];
    assert!(result.to_string().len() <= 4000, "{} bytes", result.to_string().len());
    assert!(
        result["structuredContent"]["cut"][0]["note"].as_str().is_some_and(|n| n.contains("1000 tokens")),
        "{result}"
    );
}

fn initialize(name: &str) -> Json {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": name, "version": "1" } },
    })
}

#[test]
fn http_clients_count_as_attached_while_they_send_requests() {
    let idle = Duration::from_secs(3);
    let mut rig = Rig::with_limits_and_http(Limits { idle, ..Limits::default() }, |_| {});
    let wakes = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = wakes.clone();
    rig.relay.set_wake(move || {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    });
    assert_eq!(rig.relay.attached_count(), 0);
    assert_eq!(rig.post_as("claude-code/2.0", &initialize("claude-code")).status, 200);
    assert_eq!(rig.relay.attached_count(), 1, "an HTTP client counts as attached");
    assert!(wakes.load(std::sync::atomic::Ordering::SeqCst) >= 1, "and the host redraws its count");
    assert_eq!(rig.post_as("cursor/1.4", &initialize("cursor")).status, 200);
    let call = json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": { "name": "run_command", "arguments": { "command": "layer.list" } } });
    assert_eq!(rig.post_as("claude-code/2.0", &call).status, 200);
    assert_eq!(rig.relay.attached_count(), 2, "told apart by User-Agent, each counted once");
    let agents = rig.relay.agents();
    let mut names: Vec<String> = agents.iter().filter(|a| a.http).filter_map(|a| a.client_name.clone()).collect();
    names.sort();
    assert_eq!(names, ["claude-code", "cursor"], "{agents:?}");
    assert!(agents.iter().all(|a| a.name.as_deref() == Some("agent 1")), "one HTTP agent: {agents:?}");
    assert_eq!(rig.relay.agent_clients().get(&1).map(String::as_str), Some("claude-code, cursor"));
    assert!(rig.relay.http_clients_expire_in().is_some_and(|left| left <= idle));
    // Quiet for the idle limit, they leave the count.
    let start = Instant::now();
    while rig.relay.attached_count() > 0 {
        assert!(start.elapsed() < Duration::from_secs(30), "the HTTP clients never left the count");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(rig.relay.http_clients_expire_in().is_none());
}

#[test]
fn http_refusals_do_not_tell_clients_to_use_yes() {
    let mut rig = Rig::new();
    rig.session = Session::with_registry(test_registry());
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "1").expect("a test file");
    let reply = rig.command(1, "test.readFile", json!({ "path": file }));
    let refusal = reply.json()["result"]["structuredContent"]["error"].as_str().expect("refused").to_owned();
    assert!(!refusal.contains("--yes"), "an HTTP client has no --yes: {refusal}");
    assert!(refusal.contains("rustgis-relay with --allow-access"), "{refusal}");
}
