//! A raw MCP client for the tests that call tools: JSON-RPC lines on an in-memory pipe to a
//! RustGIS server whose private host holds the World Atlas sample and draws with the renderer.
//! Included by path (`#[path = "support/client.rs"] mod client;`).

use std::sync::Arc;

use rustgis_core::Session;
use rustgis_core::web::{FetchResult, WebFetch, WebFetcher};
use rustgis_mcp::{AfterOversized, GisServer, PrivateHost, ResultBudget, ServerOptions, serve_lines};
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf};

/// How the server under test is set up and which protocol version the client asks for.
pub(crate) struct Setup {
    /// The protocol version sent in `initialize`.
    pub(crate) version: &'static str,
    /// File and network access (`--yes`).
    pub(crate) yes: bool,
    /// The server's result budget (default 25,000 tokens).
    pub(crate) budget: ResultBudget,
    /// Web tiles are refused with HTTP 403 instead of never fetched.
    pub(crate) refuse_tiles: bool,
    /// The client's capabilities, sent in `initialize` (`{}` unless a test declares some).
    pub(crate) capabilities: Json,
    /// Serve as on stateless MCP over HTTP, where nothing reaches the client between calls.
    pub(crate) stateless: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            version: "2025-11-25",
            yes: false,
            budget: ResultBudget::default(),
            refuse_tiles: false,
            capabilities: json!({}),
            stateless: false,
        }
    }
}

/// A client past `initialize`.
pub(crate) struct Client {
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    writer: WriteHalf<DuplexStream>,
    next_id: u64,
    /// The `initialize` result.
    pub(crate) init: Json,
}

impl Client {
    /// Starts a server as `setup` says and initializes.
    pub(crate) async fn start(setup: Setup) -> Client {
        let mut session = Session::with_sample().expect("the sample loads");
        let renderer = if setup.refuse_tiles {
            rustgis_render::Renderer::with_web(WebFetcher(Arc::new(Refusing)))
        } else {
            rustgis_render::Renderer::new()
        };
        session.set_renderer(Arc::new(renderer));
        let host = PrivateHost::start(session, setup.yes).expect("the session thread starts");
        Client::with_host(host, &setup).await
    }

    /// Starts a server on `host` as `setup` says (its version and budget) and initializes.
    pub(crate) async fn with_host(host: Arc<dyn rustgis_mcp::Host>, setup: &Setup) -> Client {
        let options =
            ServerOptions { result_budget: setup.budget, stateful: !setup.stateless, ..ServerOptions::default() };
        let (client, server_side) = tokio::io::duplex(1 << 22);
        let (server_read, server_write) = tokio::io::split(server_side);
        tokio::spawn(serve_lines(
            GisServer::with_options(host, options),
            BufReader::new(server_read),
            server_write,
            AfterOversized::Continue,
        ));
        let (read, writer) = tokio::io::split(client);
        let mut client = Client { lines: BufReader::new(read).lines(), writer, next_id: 0, init: Json::Null };
        let init = client
            .request(
                "initialize",
                json!({
                    "protocolVersion": setup.version,
                    "capabilities": setup.capabilities,
                    "clientInfo": {"name": "t", "version": "1"},
                }),
            )
            .await;
        client.init = init["result"].clone();
        assert!(client.init.is_object(), "{init}");
        client
    }

    /// Sends a request; its reply, passing over notifications.
    pub(crate) async fn request(&mut self, method: &str, params: Json) -> Json {
        let id = self.send(method, params).await;
        loop {
            let message = self.next_message().await;
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// Sends a request without waiting for its reply; its id.
    pub(crate) async fn send(&mut self, method: &str, params: Json) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string() + "\n";
        self.writer.write_all(line.as_bytes()).await.expect("the server reads");
        id
    }

    /// Answers a request the server sent (`elicitation/create`) with `result`.
    #[allow(dead_code, reason = "included by path; only the tests that answer the server's requests use it")]
    pub(crate) async fn respond(&mut self, id: &Json, result: Json) {
        let line = json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string() + "\n";
        self.writer.write_all(line.as_bytes()).await.expect("the server reads");
    }

    /// Answers a request the server sent with a JSON-RPC error (the client could not do it).
    #[allow(dead_code, reason = "included by path; only the tests that fail the server's requests use it")]
    pub(crate) async fn respond_error(&mut self, id: &Json, code: i64, message: &str) {
        let error = json!({"code": code, "message": message});
        let line = json!({"jsonrpc": "2.0", "id": id, "error": error}).to_string() + "\n";
        self.writer.write_all(line.as_bytes()).await.expect("the server reads");
    }

    /// The next message from the server: a reply or a notification.
    pub(crate) async fn next_message(&mut self) -> Json {
        let line = self.lines.next_line().await.expect("a message").expect("the server writes");
        serde_json::from_str(&line).expect("a JSON line")
    }

    /// Calls a tool; its result (a JSON-RPC error fails the test).
    pub(crate) async fn call(&mut self, tool: &str, arguments: Json) -> Json {
        let reply = self.request("tools/call", json!({"name": tool, "arguments": arguments})).await;
        assert!(reply.get("error").is_none(), "{tool}: {reply}");
        reply["result"].clone()
    }
}

/// The result's text blocks, joined: all a text-only client reads.
#[allow(dead_code, reason = "included by path; not every test binary reads the text")]
pub(crate) fn text_of(result: &Json) -> String {
    result["content"]
        .as_array()
        .map(|c| c.iter().filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join("\n"))
        .unwrap_or_default()
}

/// The size of a result as sent, in bytes of JSON.
#[allow(dead_code, reason = "included by path; not every test binary measures results")]
pub(crate) fn size_of(result: &Json) -> usize {
    let mut size = result.to_string().len();
    // A picture counts a token (4 bytes) per 750 of its pixels, not its base64.
    for image in result["content"].as_array().into_iter().flatten().filter(|c| c["type"] == "image") {
        let data = image["data"].as_str().unwrap_or_default();
        let png = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, data).unwrap_or_default();
        let side =
            |at: usize| png.get(at..at + 4).map_or(0, |b| u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])));
        let tokens = (side(16) * side(20)).div_ceil(rustgis_mcp::PIXELS_PER_IMAGE_TOKEN);
        size = size - data.len() + tokens as usize * rustgis_mcp::BYTES_PER_TOKEN;
    }
    size
}

/// A web client that every tile server turns away.
#[derive(Debug)]
struct Refusing;

impl WebFetch for Refusing {
    fn fetch(&self, urls: &[String], _deadline: std::time::Instant) -> Vec<FetchResult> {
        urls.iter().map(|url| Err(format!("{url} answered HTTP 403 Forbidden"))).collect()
    }
}
