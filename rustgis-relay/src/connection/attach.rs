//! The reply to the attach handshake (the line itself is read and parsed by
//! [`rustgis_mcp::attach`]).

use std::sync::atomic::Ordering;

use serde_json::{Value as Json, json};

use crate::shared::{Conn, Shared};

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
