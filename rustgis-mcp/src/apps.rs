//! MCP Apps (the `io.modelcontextprotocol/ui` extension, 2026-01-26): the interactive map view a
//! host with MCP Apps shows beside `view_map` and `snapshot` results, in a sandboxed iframe.
//!
//! The view is one self-contained HTML page (`apps/map.html`, embedded at build time) that
//! needs no network: it asks the host for pictures and data with `tools/call` (`view_map`,
//! `run_command`), so every interaction goes through the same host, queue, policy and undo
//! history as the agent's own calls. Hosts without MCP Apps ignore the `_meta` and see the
//! tools' results as before.

use rmcp::model::{MetaObject, Resource, ResourceContents};
use serde_json::json;

/// The MCP Apps extension's id, declared in the server's capabilities.
pub(crate) const UI_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The URI of the interactive map view.
pub const MAP_VIEW_URI: &str = "ui://rustgis/map";

/// The MIME type of an MCP Apps view (an HTML5 document).
pub const APP_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The map view's HTML: one page with its script and style inline.
const MAP_VIEW_HTML: &str = include_str!("apps/map.html");

/// The `_meta` of a tool whose results the view at `uri` shows: `ui.resourceUri`, and the
/// deprecated flat `ui/resourceUri` that hosts of the first drafts read (the official server
/// helper, `registerAppTool`, writes both).
pub(crate) fn tool_meta(uri: &str) -> MetaObject {
    let meta = json!({ "ui": { "resourceUri": uri }, "ui/resourceUri": uri });
    MetaObject(meta.as_object().expect("an object literal").clone())
}

/// The views, as `resources/list` gives them.
pub(crate) fn resources() -> Vec<Resource> {
    vec![
        Resource::new(MAP_VIEW_URI, "map")
            .with_title("RustGIS map")
            .with_description(
                "The interactive map shown beside view_map and snapshot results in hosts with MCP Apps: pan, zoom, \
                 layers, legend and identify",
            )
            .with_mime_type(APP_MIME_TYPE)
            .with_size(MAP_VIEW_HTML.len() as u64)
            .with_meta(resource_meta()),
    ]
}

/// The view at `uri`, as `resources/read` gives it, if there is one.
pub(crate) fn read(uri: &str) -> Option<ResourceContents> {
    (uri == MAP_VIEW_URI)
        .then(|| ResourceContents::text(MAP_VIEW_HTML, uri).with_mime_type(APP_MIME_TYPE).with_meta(resource_meta()))
}

/// The view's security settings: no network origin of any kind (the page brings everything it
/// needs), so a host's Content Security Policy can stay at its most restrictive.
fn resource_meta() -> MetaObject {
    let meta = json!({
        "ui": {
            "csp": { "connectDomains": [], "resourceDomains": [], "frameDomains": [], "baseUriDomains": [] },
            "prefersBorder": true,
        }
    });
    MetaObject(meta.as_object().expect("an object literal").clone())
}
