//! The attach handshake: the first line of a connection, read with its size limit, and the
//! `rustgis/attach` message it must be (the token, `--yes`, the client's wait), and the reply.

use std::sync::atomic::Ordering;

use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use zeroize::Zeroizing;

use crate::shared::{Conn, Shared};

/// A parsed `rustgis/attach` message.
pub(crate) struct Attach {
    pub(crate) id: Option<Json>,
    pub(crate) token: Zeroizing<String>,
    pub(crate) access: bool,
    pub(crate) timeout_s: Option<Json>,
    pub(crate) client: Option<String>,
}

pub(crate) fn parse_attach(message: &Json) -> Option<Attach> {
    if message.get("method")?.as_str()? != "rustgis/attach" {
        return None;
    }
    let params = message.get("params")?.as_object()?;
    let token = Zeroizing::new(params.get("token")?.as_str()?.to_owned());
    Some(Attach {
        id: message.get("id").filter(|id| !id.is_null()).cloned(),
        token,
        access: params.get("access").and_then(Json::as_bool).unwrap_or(false),
        timeout_s: params.get("timeout_s").cloned(),
        client: params.get("client").and_then(Json::as_str).map(|c| c.chars().take(64).collect()),
    })
}

/// Reads the first non-empty line, at most `max` bytes counting its newline; `None` when the
/// input ends first or the line is too long (the caller closes the connection).
pub(crate) async fn read_attach_line<R: AsyncBufRead + Unpin>(reader: &mut R, max: usize) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    loop {
        let available = reader.fill_buf().await.ok()?;
        if available.is_empty() {
            return None;
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(pos) => {
                if line.len() + pos + 1 > max {
                    return None;
                }
                line.extend_from_slice(&available[..pos]);
                reader.consume(pos + 1);
                if line.iter().all(u8::is_ascii_whitespace) {
                    line.clear();
                    continue;
                }
                return Some(line);
            }
            None => {
                let n = available.len();
                if line.len() + n >= max {
                    return None;
                }
                line.extend_from_slice(available);
                reader.consume(n);
            }
        }
    }
}

/// The reply to an attach message: what the connection may do and how long its calls wait.
pub(crate) fn attach_reply(shared: &Shared, conn: &Conn, id: &Json) -> Json {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "attached": true,
            "access": shared.files_and_network(conn),
            "timeout_s": conn.wait_s.load(Ordering::SeqCst),
            "server": { "name": "rustgis", "version": shared.version },
        },
    })
}
