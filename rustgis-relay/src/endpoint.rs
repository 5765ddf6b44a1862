//! `endpoint.json`: what a setup script reads to find the running relay (its address, pid, the
//! token file's path, the attach command, MCP over HTTP once it runs). Written when the relay
//! starts, removed when it stops if it still describes this relay.

use serde_json::{Value as Json, json};

use crate::error::Result;
use crate::private;
use crate::shared::Shared;

impl Shared {
    fn endpoint_json(&self) -> Json {
        let started = time::OffsetDateTime::from(self.started_at)
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        let port = self.addr.port();
        let mut endpoint = json!({
            "schema": 1,
            "host": self.addr.ip().to_string(),
            "port": port,
            "url": format!("tcp://{}", self.addr),
            "pid": std::process::id(),
            "started_at": started,
            "version": self.version,
            "token_file": self.token_file.display().to_string(),
            "attach": ["rustgis-cli", "mcp", "--attach", port.to_string()],
        });
        if let Some(http) = self.http.lock().as_ref()
            && let Some(map) = endpoint.as_object_mut()
        {
            map.insert("http_url".into(), json!(http.url));
            map.insert("http_token_file".into(), json!(http.token_file.display().to_string()));
        }
        endpoint
    }

    pub(crate) fn write_endpoint(&self) -> Result<()> {
        let text = serde_json::to_string_pretty(&self.endpoint_json()).unwrap_or_default();
        private::write_private_atomic(&self.endpoint_file, text.as_bytes())
    }

    /// Removes endpoint.json when it still describes this relay (another copy may have written
    /// its own since).
    pub(crate) fn remove_endpoint(&self) {
        let ours = std::fs::read_to_string(&self.endpoint_file)
            .ok()
            .and_then(|text| serde_json::from_str::<Json>(&text).ok())
            .is_some_and(|e| e["pid"] == json!(std::process::id()) && e["port"] == json!(self.addr.port()));
        if ours && let Err(e) = private::remove_file(&self.endpoint_file) {
            tracing::warn!("cannot remove endpoint.json: {e:#}");
        }
    }
}
