//! MCP over HTTP beside the relay: "Streamable HTTP", stateless, with JSON replies, on
//! `http://127.0.0.1:8768/mcp`. Calls join the relay's queue and rules; every HTTP client is one
//! agent that has the relay's own token's access. A call that asks for progress
//! (`_meta.progressToken`) and runs long enough to send some is answered as an event stream: its
//! progress notifications, then its reply, on the same POST.
//!
//! A request passes, in this order: a `Host` that names this loopback address and port, no
//! `Origin` header (a web page), then `Authorization: Bearer <token>` compared without early
//! exit. The first two are checked before the token is read. Only then come the method (POST),
//! the content type, the body's size and its JSON.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use parking_lot::Mutex;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rustgis_mcp::{GisServer, ServerOptions};
use serde_json::{Value as Json, json};
use tokio::runtime::Handle;
use tokio::sync::watch;

use crate::config::parse_port;
use crate::connection::outcome_of;
use crate::error::{Error, Result};
use crate::host::ConnectionHost;
use crate::private::{self, Token};
use crate::shared::{Conn, Shared};
use crate::status::{CallRecord, HttpEndpoint};

/// The port of MCP over HTTP unless `RUSTGIS_MCP_HTTP_PORT` names another.
pub const DEFAULT_HTTP_PORT: u16 = 8768;

/// The environment variable that names the port of MCP over HTTP.
pub const HTTP_PORT_VAR: &str = "RUSTGIS_MCP_HTTP_PORT";

/// The token file's name in the settings folder.
pub const HTTP_TOKEN_FILE: &str = "mcp-http.token";

/// The largest request body (4 MiB); a larger one is answered 413.
pub const MAX_HTTP_BODY: usize = 4 << 20;

/// The path MCP is served on.
pub const MCP_PATH: &str = "/mcp";

/// The port from `RUSTGIS_MCP_HTTP_PORT`: 8768 when it is unset or empty; a value that is not a
/// port number (1 to 65535) is an error, never a quiet 8768.
pub fn http_port_from_env() -> Result<u16> {
    let value = std::env::var_os(HTTP_PORT_VAR);
    parse_http_port_var(value.as_ref().map(|v| v.to_string_lossy()).as_deref())
}

/// [`http_port_from_env`] for a value already read (`None` when unset).
pub fn parse_http_port_var(value: Option<&str>) -> Result<u16> {
    parse_port(HTTP_PORT_VAR, DEFAULT_HTTP_PORT, value)
}

/// The settings folder, where `mcp-http.token` is kept: `~/.config/rustgis` on Linux,
/// `~/Library/Application Support/RustGIS` on macOS, `%APPDATA%\RustGIS` on Windows.
pub fn default_settings_dir() -> Option<PathBuf> {
    let base = dirs::config_dir()?;
    Some(if cfg!(target_os = "linux") { base.join("rustgis") } else { base.join("RustGIS") })
}

/// The token file in a settings folder.
pub fn http_token_path(settings_dir: &Path) -> PathBuf {
    settings_dir.join(HTTP_TOKEN_FILE)
}

/// The token of MCP over HTTP: read from `mcp-http.token` in the settings folder, or made once
/// (16 bytes from the operating system's random source, as 32 hex characters) when the file is
/// missing. The file must be a regular file (not a link) that only the current user can read,
/// and the folder one that only that user can write to. Returns the token and its file.
pub fn http_token(settings_dir: &Path) -> Result<(Token, PathBuf)> {
    private::ensure_settings_dir(settings_dir)?;
    let path = http_token_path(settings_dir);
    if std::fs::symlink_metadata(&path).is_err() {
        let token = Token::generate()?;
        if private::create_private_if_absent(&path, format!("{}\n", token.expose()).as_bytes())? {
            return Ok((token, path));
        }
        // Another process made it first: use theirs.
    }
    let token = private::read_token_file(&path)?;
    Ok((token, path))
}

/// How to serve MCP over HTTP.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Where to listen: a loopback address. Port 0 takes any free port (tests).
    pub addr: SocketAddr,
    /// The folder of `mcp-http.token`; `None` for the default ([`default_settings_dir`]).
    pub settings_dir: Option<PathBuf>,
    /// The largest request body, in bytes ([`MAX_HTTP_BODY`]).
    pub max_body: usize,
    /// At most this many HTTP connections open at once ([`MAX_HTTP_CONNECTIONS`]). One beyond it
    /// takes the place of the oldest connection that has no request in hand (it has not sent a
    /// whole request head, or waits idle between requests), which is closed; when every one is
    /// serving a request, the new one is closed at once.
    pub max_connections: usize,
    /// A request's head (request line and headers) must have arrived this long after the
    /// connection is ready for it, else the connection is closed (10 s).
    pub header_timeout: Duration,
    /// A request's body must have arrived this long after its head, else 408 (30 s).
    pub body_timeout: Duration,
}

/// The most HTTP connections open at once.
pub const MAX_HTTP_CONNECTIONS: usize = 32;

impl HttpConfig {
    /// On 127.0.0.1 at `port`, with the default settings folder and body limit.
    pub fn new(port: u16) -> HttpConfig {
        HttpConfig {
            addr: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            settings_dir: None,
            max_body: MAX_HTTP_BODY,
            max_connections: MAX_HTTP_CONNECTIONS,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
        }
    }

    /// On 127.0.0.1 at the port `RUSTGIS_MCP_HTTP_PORT` names (8768 when unset).
    pub fn from_env() -> Result<HttpConfig> {
        Ok(HttpConfig::new(http_port_from_env()?))
    }
}

/// Starts the HTTP listener on the relay's runtime. The listener and every request end when the
/// relay stops (its stop signal, then its runtime's shutdown).
pub(crate) fn start(shared: &Arc<Shared>, runtime: &Handle, config: HttpConfig) -> Result<HttpEndpoint> {
    let (listener, addr) = crate::listen::bind_loopback(config.addr, |ip, port| Error::HttpPortTaken { ip, port })?;
    let settings_dir = config.settings_dir.clone().or_else(default_settings_dir).ok_or(Error::NoSettingsDir)?;
    let (token, token_file) = http_token(&settings_dir)?;
    if let Some(audit) = &shared.audit {
        audit.add_secret(&token);
    }
    let listener = {
        let _entered = runtime.enter();
        tokio::net::TcpListener::from_std(listener).map_err(|source| Error::Bind { addr, source })?
    };

    let conn = Arc::new(http_agent(shared));
    *shared.http_agent.lock() = Some(conn.clone());
    // A progress notification turns that call's JSON reply into an event stream (rmcp's
    // `json_response` falls back to one so no message is lost); calls without a token get JSON.
    let server = GisServer::with_options(
        Arc::new(ConnectionHost { shared: shared.clone(), conn: conn.clone() }),
        ServerOptions { progress_notifications: true, result_budget: shared.limits.result_budget, stateful: false },
    );
    let hosts = [format!("127.0.0.1:{}", addr.port()), format!("localhost:{}", addr.port())];
    // rmcp checks the host and origin again behind the guard, and bounds the body too.
    let rmcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_allowed_hosts(hosts.clone())
        .enforce_origin_validation()
        .with_max_request_body_bytes(config.max_body);
    // The factory runs once per request: each gets a clone sharing the one host.
    let service =
        StreamableHttpService::new(move || Ok(server.clone()), Arc::new(NeverSessionManager::default()), rmcp_config);
    let gate = Arc::new(Gate {
        shared: shared.clone(),
        conn,
        token,
        hosts,
        max_body: config.max_body,
        body_timeout: config.body_timeout,
    });
    let app = axum::Router::new()
        .route_service(MCP_PATH, service)
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found: MCP is served on /mcp") })
        .layer(axum::middleware::from_fn_with_state(gate, guard));
    let stop = shared.stop_tx.subscribe();
    runtime.spawn(serve(listener, app, config.clone(), stop));
    Ok(HttpEndpoint { addr, url: format!("http://{addr}{MCP_PATH}"), token_file })
}

/// Serves HTTP/1.1 connections until the relay stops: at most `max_connections` open, each
/// closed when a request's head takes longer than `header_timeout` (hyper's timer), so
/// connections that send nothing or half a request never pile up. At the cap, the oldest
/// connection without a request in hand makes way for the new one (as the relay's socket makes
/// way for new connections), so half-sent heads held open cannot keep a real client out.
async fn serve(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    config: HttpConfig,
    mut stop: watch::Receiver<bool>,
) {
    // The open connections, oldest first; the accept loop and each connection's task share it.
    let open: Arc<Mutex<Vec<Slot>>> = Arc::new(Mutex::new(Vec::new()));
    let mut next_slot = 0u64;
    loop {
        let stream = tokio::select! {
            () = until_stopped(&mut stop) => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, for example: wait a little rather than spin.
                    tracing::warn!("MCP over HTTP cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        next_slot += 1;
        let slot = Slot { id: next_slot, busy: Arc::default(), close: Arc::default() };
        {
            let mut open = open.lock();
            if open.len() >= config.max_connections {
                match open.iter().position(|slot| slot.busy.load(Ordering::SeqCst) == 0) {
                    Some(oldest) => {
                        tracing::debug!("{} HTTP connections are open; the oldest idle one makes way", open.len());
                        open.remove(oldest).close.notify_one();
                    }
                    None => {
                        tracing::debug!(
                            "{} HTTP connections are serving requests; closing another at once",
                            open.len()
                        );
                        drop(stream);
                        continue;
                    }
                }
            }
            open.push(slot.clone());
        }
        let inner = hyper_util::service::TowerToHyperService::new(app.clone());
        let busy = Arc::clone(&slot.busy);
        // Marks the connection busy from a whole request head (hyper calls the service then)
        // until its response has been sent (the body is dropped then).
        let service = hyper::service::service_fn(move |request| {
            let guard = BusyGuard::enter(&busy);
            let reply = hyper::service::Service::call(&inner, request);
            async move {
                let response = reply.await?;
                Ok::<_, std::convert::Infallible>(response.map(|body| {
                    http_body_util::BodyExt::map_frame(body, move |frame| {
                        let _in_flight = &guard;
                        frame
                    })
                }))
            }
        });
        let header_timeout = config.header_timeout;
        let mut stop = stop.clone();
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(header_timeout);
            let connection = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                served = connection.as_mut() => if let Err(e) = served {
                    tracing::debug!("an HTTP connection ended: {e}");
                },
                () = slot.close.notified() => tracing::debug!("an idle HTTP connection made way for a new one"),
                () = until_stopped(&mut stop) => {}
            }
            open.lock().retain(|other| other.id != slot.id);
        });
    }
}

/// An open HTTP connection, as the accept loop sees it.
#[derive(Clone)]
struct Slot {
    id: u64,
    /// Requests in hand: from a whole head to the end of the response.
    busy: Arc<AtomicUsize>,
    /// Rung when the connection must make way for a new one.
    close: Arc<tokio::sync::Notify>,
}

/// One request in hand on a connection, for as long as it lives.
struct BusyGuard(Arc<AtomicUsize>);

impl BusyGuard {
    fn enter(busy: &Arc<AtomicUsize>) -> BusyGuard {
        busy.fetch_add(1, Ordering::SeqCst);
        BusyGuard(Arc::clone(busy))
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Resolves once the relay stops (or its stop signal is gone).
async fn until_stopped(stop: &mut watch::Receiver<bool>) {
    if stop.wait_for(|v| *v).await.is_err() {
        tracing::debug!("the relay's stop signal is gone");
    }
}

/// The one agent every HTTP client is: the relay's own token, the app's access, the default wait,
/// numbered `agent n` on its first call like any agent.
fn http_agent(shared: &Shared) -> Conn {
    let id = {
        let mut state = shared.state.lock();
        state.next_conn += 1;
        state.next_conn
    };
    Conn {
        id,
        grant: None,
        grant_access: false,
        review: None,
        asked_access: AtomicBool::new(false),
        wait_s: AtomicU64::new(shared.limits.default_wait_s),
        agent_n: AtomicU32::new(0),
        roots: shared.roots.clone(),
        client: Some("http".to_owned()),
        http: true,
        client_names: Mutex::new(Vec::new()),
        last_call: Mutex::new(None),
        disconnect: watch::channel(false).0,
    }
}

/// What the guard checks requests against.
struct Gate {
    shared: Arc<Shared>,
    conn: Arc<Conn>,
    token: Token,
    /// `127.0.0.1:PORT` and `localhost:PORT`.
    hosts: [String; 2],
    max_body: usize,
    body_timeout: Duration,
}

impl Gate {
    fn host_is_ours(&self, headers: &HeaderMap) -> bool {
        headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|host| self.hosts.iter().any(|ours| ours.eq_ignore_ascii_case(host.trim())))
    }

    fn bearer_matches(&self, headers: &HeaderMap) -> bool {
        let Some(value) = headers.get(header::AUTHORIZATION).and_then(|h| h.to_str().ok()) else {
            return false;
        };
        match value.trim().split_once(' ') {
            Some((scheme, token)) if scheme.eq_ignore_ascii_case("bearer") => self.token.matches(token.trim()),
            _ => false,
        }
    }
}

async fn guard(State(gate): State<Arc<Gate>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    // Two Host headers could show the check one host and a later reader another.
    if headers.get_all(header::HOST).iter().count() > 1 {
        return refusal(StatusCode::BAD_REQUEST, "bad request: send exactly one Host header");
    }
    // Before the token is read: DNS rebinding names another host, and a web page sends Origin.
    if !gate.host_is_ours(headers) {
        return refusal(
            StatusCode::FORBIDDEN,
            &format!("forbidden: the Host header must be {} (this server answers on loopback only)", gate.hosts[0]),
        );
    }
    if headers.contains_key(header::ORIGIN) {
        return refusal(
            StatusCode::FORBIDDEN,
            "forbidden: requests from web pages (with an Origin header) are refused; MCP clients send none",
        );
    }
    if !gate.bearer_matches(headers) {
        let mut response = refusal(
            StatusCode::UNAUTHORIZED,
            "unauthorized: send Authorization: Bearer <token>, the token in mcp-http.token in RustGIS's settings \
             folder (rustgis-cli mcp-register prints the configuration)",
        );
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    if request.uri().path() != MCP_PATH {
        return refusal(StatusCode::NOT_FOUND, "not found: MCP is served on /mcp");
    }
    if request.method() != Method::POST {
        let mut response = refusal(
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed: this server is stateless and takes POST only (no sessions, no stream opened by GET)",
        );
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("POST"));
        return response;
    }
    if !is_json(headers) {
        return refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported media type: send Content-Type: application/json",
        );
    }
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > gate.max_body as u64) {
        return too_large(gate.max_body);
    }
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(gate.body_timeout, axum::body::to_bytes(body, gate.max_body)).await;
    let Ok(read) = read else {
        return refusal(
            StatusCode::REQUEST_TIMEOUT,
            &format!("request timeout: the body did not arrive within {} s", gate.body_timeout.as_secs_f64()),
        );
    };
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(e) => {
            let over = std::error::Error::source(&e)
                .is_some_and(|cause| cause.is::<http_body_util::LengthLimitError>())
                || e.to_string().contains("length limit");
            if over {
                return too_large(gate.max_body);
            }
            return refusal(StatusCode::BAD_REQUEST, &format!("bad request: cannot read the body: {e}"));
        }
    };
    let message: Json = match serde_json::from_slice(&bytes) {
        Ok(message) => message,
        Err(e) => return rpc_error(-32700, &format!("parse error: the body is not JSON: {e}")),
    };
    if message.is_array() {
        return rpc_error(-32600, "invalid request: batches are not taken over HTTP; send one message per request");
    }
    if let Err(e) = serde_json::from_value::<rmcp::model::ClientJsonRpcMessage>(message.clone()) {
        return rpc_error(-32600, &format!("invalid request: not an MCP JSON-RPC message: {e}"));
    }
    // An authenticated client counts as attached while it keeps sending requests; its name is
    // the one its initialize gave.
    let client_name = (message.get("method").and_then(Json::as_str) == Some("initialize"))
        .then(|| message.pointer("/params/clientInfo/name").and_then(Json::as_str))
        .flatten();
    let user_agent = parts.headers.get(header::USER_AGENT).and_then(|h| h.to_str().ok()).unwrap_or("");
    gate.shared.note_http_client(user_agent, client_name);
    if let Some(name) = client_name {
        gate.shared.note_client_name(&gate.conn, name);
    }
    let call = tool_call(&message);
    if call.is_some() {
        // Agents are numbered in the order they first call, HTTP's shared agent included.
        gate.shared.number_agent(&gate.conn);
    }
    let started = Instant::now();
    let at = SystemTime::now();
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    match call {
        Some((tool, args)) => record(gate, tool, args, started, at, response).await,
        None => response,
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|h| h.to_str().ok()).is_some_and(|value| {
        let essence = value.split_once(';').map_or(value, |(essence, _)| essence);
        essence.trim().eq_ignore_ascii_case("application/json")
    })
}

/// `tools/call`'s tool and arguments, when the message is one with an id.
fn tool_call(message: &Json) -> Option<(String, Json)> {
    if message.get("method").and_then(Json::as_str) != Some("tools/call") || message.get("id").is_none() {
        return None;
    }
    let name = message.pointer("/params/name").and_then(Json::as_str).unwrap_or_default().to_owned();
    let args = message.pointer("/params/arguments").cloned().unwrap_or(Json::Null);
    Some((name, args))
}

/// Writes a tool call's audit line and last call from its reply, and passes the reply on. An
/// event stream is passed on as it comes and recorded when it ends, from the reply among its
/// events.
async fn record(
    gate: Arc<Gate>,
    tool: String,
    args: Json,
    started: Instant,
    at: SystemTime,
    response: Response,
) -> Response {
    let status = response.status();
    let is_json_reply = is_json(response.headers());
    if !is_json_reply && status.is_success() {
        let (parts, body) = response.into_parts();
        let recorder: events::Recorder = Box::new(move |success, error| {
            let (tool, args) = (&tool, &args);
            let call =
                CallRecord { tool, args, success, error, duration: started.elapsed(), batch: false, at, asked: None };
            gate.shared.record_call(&gate.conn, &call);
        });
        return Response::from_parts(parts, Body::new(events::Recorded::new(body, recorder)));
    }
    let (tool, args) = (tool.as_str(), &args);
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::debug!("cannot read a reply to record it: {e}");
            return refusal(StatusCode::INTERNAL_SERVER_ERROR, "the reply could not be read");
        }
    };
    let (success, error, asked) = match serde_json::from_slice::<Json>(&bytes) {
        Ok(reply) if is_json_reply => {
            // A 2026-07-28 retry that carried the human's answer says what was asked.
            let (success, error) = outcome_of(&reply);
            (success, error, crate::connection::asked_of(&reply))
        }
        _ => (false, Some(format!("HTTP {status}: {}", String::from_utf8_lossy(&bytes).trim())), None),
    };
    let call = CallRecord { tool, args, success, error, duration: started.elapsed(), batch: false, at, asked };
    gate.shared.record_call(&gate.conn, &call);
    Response::from_parts(parts, Body::from(bytes))
}

fn refusal(status: StatusCode, message: &str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], format!("{message}\n")).into_response()
}

fn too_large(max: usize) -> Response {
    refusal(StatusCode::PAYLOAD_TOO_LARGE, &format!("payload too large: a request body may hold at most {max} bytes"))
}

/// A JSON-RPC error about the request itself (id null), with HTTP 400.
fn rpc_error(code: i32, message: &str) -> Response {
    let body = json!({ "jsonrpc": "2.0", "id": null, "error": { "code": code, "message": message } });
    (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
}

mod events;

#[cfg(test)]
mod tests;
