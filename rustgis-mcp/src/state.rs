//! The project's live state: the `rustgis://project/state` resource (revision, layers, the
//! caller's active layer, the last change), and [`ProjectWatch`], through which a host tells
//! subscribed clients that the project moved (`notifications/resources/updated`).

use std::sync::Arc;

use rmcp::ErrorData as McpError;
use rmcp::model::{Resource, ResourceContents, ResourceUpdatedNotification, ResourceUpdatedNotificationParam};
use rustgis_core::{Caller, Change, Session};
use serde_json::{Value as Json, json};

/// The URI of the project's live state.
pub const STATE_URI: &str = "rustgis://project/state";

/// Where the revision and what changed go in a notification's `_meta`.
pub const STATE_META_KEY: &str = "rustgis/projectState";

/// The latest change of the project a host published.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectMoved {
    /// The project's revision.
    pub revision: u64,
    /// The change that made it, when the session's log keeps it.
    pub change: Option<Change>,
}

/// Where a host publishes the project's revision after each call or frame, and where each
/// subscription waits for it. Waiting wakes only when the revision moves (a `watch` channel):
/// no subscription polls. Cheap to clone; clones share the channel.
#[derive(Debug, Clone)]
pub struct ProjectWatch {
    // A watch, not a queue: a subscriber that falls behind needs only the latest revision (it
    // re-reads the state), so nothing piles up for a slow client.
    sender: Arc<tokio::sync::watch::Sender<ProjectMoved>>,
}

impl Default for ProjectWatch {
    fn default() -> Self {
        ProjectWatch::new()
    }
}

impl ProjectWatch {
    /// A watch at revision 0 with no subscriber.
    pub fn new() -> ProjectWatch {
        ProjectWatch { sender: Arc::new(tokio::sync::watch::Sender::new(ProjectMoved::default())) }
    }

    /// Publishes the session's revision if it moved since the last publish (the user's edits,
    /// other agents' calls, jobs that ended): subscribers are woken. Cheap when nothing moved.
    pub fn publish(&self, session: &Session) {
        let revision = session.revision();
        if self.sender.borrow().revision != revision {
            self.sender.send_replace(ProjectMoved { revision, change: session.last_change().cloned() });
        }
    }

    /// A receiver that wakes at the next revision published.
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<ProjectMoved> {
        self.sender.subscribe()
    }
}

/// The state as a listed resource.
pub(crate) fn resource() -> Resource {
    Resource::new(STATE_URI, "project/state")
        .with_title("Project state")
        .with_description(
            "The project's revision, layers, your active layer and the last change (who, which command); subscribe to \
             be told when the user or another agent changes the project",
        )
        .with_mime_type("application/json")
}

/// Reads the state on the session, as `caller` sees it (its active layer).
pub(crate) fn read(session: &Session, caller: &Caller) -> ResourceContents {
    let project = session.project();
    let layers: Vec<Json> = project
        .layers
        .iter()
        .map(|layer| {
            let kind = if layer.web.is_some() {
                "web"
            } else if layer.raster.is_some() {
                "raster"
            } else {
                "vector"
            };
            let mut entry =
                json!({ "name": layer.name, "kind": kind, "features": layer.features.len(), "visible": layer.visible });
            if let Some(group) = &layer.group {
                // Its layer group, and whether it is drawn (a hidden group hides it).
                entry["group"] = json!(group);
                entry["shown"] = json!(project.is_shown(layer));
            }
            entry
        })
        .collect();
    let state = json!({
        "revision": session.revision(),
        "name": project.name,
        "layers": layers,
        "active_layer": session.active_layer(caller.actor).map(|layer| layer.name.clone()),
        "last_change": session.last_change(),
    });
    ResourceContents::text(state.to_string(), STATE_URI).with_mime_type("application/json")
}

/// `notifications/resources/updated` for the state, with the revision and the change (who,
/// which command, which layers) in `_meta`, so a client need not read it again to know.
pub(crate) fn updated(moved: &ProjectMoved) -> ResourceUpdatedNotification {
    let mut meta = rmcp::model::NotificationMetaObject::new();
    meta.0.insert(STATE_META_KEY.to_owned(), json!({ "revision": moved.revision, "change": moved.change }));
    let mut params = ResourceUpdatedNotificationParam::new(STATE_URI);
    params.meta = Some(meta);
    ResourceUpdatedNotification::new(params)
}

/// The error for `resources/subscribe` where no update could reach the client (stateless MCP
/// over HTTP): what follows the state there instead.
pub(crate) fn no_stream() -> McpError {
    McpError::invalid_request(
        format!(
            "resources/subscribe cannot send updates over this stateless MCP over HTTP (no stream reaches the client \
             between its calls): connect with protocol 2026-07-28 and follow {STATE_URI} with subscriptions/listen, \
             or read it (or layer.list with since_revision) to catch up"
        ),
        None,
    )
}

/// The error for a state a server without a watch cannot follow.
pub(crate) fn no_watch() -> McpError {
    McpError::invalid_params(
        format!("{STATE_URI} cannot be subscribed to on this server: its host publishes no changes"),
        None,
    )
}
