//! What the hosts' end-to-end tests need around a running host: a private runtime folder and
//! a bare HTTP client for MCP over HTTP. Included by path
//! (`#[path = "../../test-support/host.rs"] mod host;`).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

/// A private runtime folder (0700) in `folders`, as `$XDG_RUNTIME_DIR` is.
pub(crate) fn runtime_dir_in(folders: &Path) -> PathBuf {
    let runtime_dir = folders.join("run");
    std::fs::create_dir(&runtime_dir).expect("the runtime folder");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime_dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    runtime_dir
}

/// One HTTP/1.1 POST of a JSON-RPC message with the bearer token; the reply's body as JSON.
pub(crate) fn http_post(url: &str, token: &str, message: &Json) -> Json {
    let authority = url.trim_start_matches("http://").trim_end_matches("/mcp");
    let mut stream = std::net::TcpStream::connect(authority).expect("MCP over HTTP accepts");
    let body = message.to_string();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nAccept: application/json, \
         text/event-stream\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("the server reads");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("the reply arrives");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    let chunked = head.lines().any(|l| l.eq_ignore_ascii_case("transfer-encoding: chunked"));
    let body = if chunked { unchunk(body) } else { body.to_owned() };
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("a JSON body ({e}): {reply}"))
}

/// The body of a chunked HTTP/1.1 reply: each chunk is its size in hex, CRLF, the bytes, CRLF,
/// until a chunk of size 0.
fn unchunk(mut rest: &str) -> String {
    let mut body = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n").expect("a chunk size line");
        let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16).expect("a hex chunk size");
        if size == 0 {
            return body;
        }
        body.push_str(&after[..size]);
        rest = after[size..].strip_prefix("\r\n").expect("CRLF after a chunk");
    }
}
