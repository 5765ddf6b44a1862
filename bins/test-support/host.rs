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
    let (_, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    serde_json::from_str(body).expect("a JSON body")
}
