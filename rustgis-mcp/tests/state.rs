//! The project's live state (issue 42): `rustgis://project/state` reads as the revision, the
//! layers, the caller's active layer and the last change; a client subscribed to it
//! (`resources/subscribe` before 2026-07-28, `subscriptions/listen` from it) is told when another
//! actor changes the project, with the revision and who in `_meta`.

#[path = "support/client.rs"]
mod client;

use std::sync::Arc;
use std::time::Duration;

use client::{Client, Setup};
use rustgis_core::{Caller, Session};
use rustgis_mcp::{BoxFuture, CallInfo, Host, HostError, Job, ProjectWatch, STATE_META_KEY, STATE_URI};
use serde_json::{Value as Json, json};

/// A host whose session the test shares, to change it as the user while an agent is connected.
struct SharedHost {
    session: Arc<parking_lot::Mutex<Session>>,
    watch: ProjectWatch,
}

impl SharedHost {
    fn start() -> Arc<SharedHost> {
        let session = Session::with_sample().expect("the sample loads");
        Arc::new(SharedHost { session: Arc::new(parking_lot::Mutex::new(session)), watch: ProjectWatch::new() })
    }

    /// Runs `id params` as the user, as the app's window would, and publishes the change.
    fn user_runs(&self, id: &str, params: Json) {
        let mut session = self.session.lock();
        session.execute(&Caller::user(), id, params).expect("the user's command runs");
        self.watch.publish(&session);
    }
}

impl Host for SharedHost {
    fn run(&self, _call: CallInfo, job: Job) -> BoxFuture<Result<rmcp::model::CallToolResult, HostError>> {
        let mut session = self.session.lock();
        let result = job(&mut session, &Caller::private_agent(false));
        self.watch.publish(&session);
        Box::pin(std::future::ready(Ok(result)))
    }

    fn attached(&self) -> bool {
        true
    }

    fn files_and_network(&self) -> bool {
        false
    }

    fn project_watch(&self) -> Option<ProjectWatch> {
        Some(self.watch.clone())
    }
}

/// Reads the state resource as JSON.
async fn check_state(client: &mut Client) -> Json {
    let reply = client.request("resources/read", json!({ "uri": STATE_URI })).await;
    let contents = &reply["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "application/json", "{reply}");
    serde_json::from_str(contents["text"].as_str().expect("text")).expect("JSON")
}

/// The next `notifications/resources/updated`: it comes at once; ten seconds only bound a
/// failing test on a loaded machine.
async fn next_update(client: &mut Client) -> Json {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let message = client.next_message().await;
            if message["method"] == "notifications/resources/updated" {
                return message;
            }
        }
    })
    .await
    .expect("an update")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_state_reads_as_the_revision_the_layers_the_active_layer_and_the_last_change() {
    let mut client = Client::start(Setup::default()).await;
    client
        .call("run_command", json!({"command": "layer.rename", "params": {"layer": "cities", "name": "towns"}}))
        .await;
    let state = check_state(&mut client).await;
    let layers: Vec<&str> =
        state["layers"].as_array().expect("layers").iter().filter_map(|l| l["name"].as_str()).collect();
    assert_eq!(layers, ["countries", "coastline", "boundaries", "towns"]);
    assert_eq!(state["last_change"]["command"], "layer.rename");
    assert_eq!(state["last_change"]["actor"], "agent");
    assert_eq!(state["last_change"]["layers_changed"], json!(["towns"]));
    assert_eq!(state["last_change"]["revision"], state["revision"]);
    assert!(state.get("active_layer").is_some(), "{state}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_state_is_listed_and_subscribable() {
    let client = Client::with_host(SharedHost::start(), &Setup::default()).await;
    assert_eq!(client.init["capabilities"]["resources"]["subscribe"], true, "{}", client.init);
    let mut client = client;
    let listed = client.request("resources/list", json!({})).await;
    let uris: Vec<&str> =
        listed["result"]["resources"].as_array().expect("resources").iter().filter_map(|r| r["uri"].as_str()).collect();
    assert!(uris.contains(&STATE_URI), "{uris:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_subscribed_client_is_told_of_the_users_change_with_the_revision_and_who() {
    let host = SharedHost::start();
    let mut client = Client::with_host(host.clone(), &Setup::default()).await;
    let subscribed = client.request("resources/subscribe", json!({ "uri": STATE_URI })).await;
    assert!(subscribed.get("error").is_none(), "{subscribed}");
    host.user_runs("layer.remove", json!({"layer": "coastline"}));
    let update = next_update(&mut client).await;
    assert_eq!(update["params"]["uri"], STATE_URI);
    let state = &update["params"]["_meta"][STATE_META_KEY];
    assert_eq!(state["change"]["actor"], "user", "{update}");
    assert_eq!(state["change"]["command"], "layer.remove");
    assert_eq!(state["change"]["layers_removed"], json!(["coastline"]));
    assert_eq!(state["revision"], json!(host.session.lock().revision()));
}

#[tokio::test(flavor = "multi_thread")]
async fn subscribing_over_stateless_http_is_refused_naming_what_follows_the_state_there() {
    let setup = Setup { stateless: true, ..Setup::default() };
    let mut client = Client::with_host(SharedHost::start(), &setup).await;
    let refused = client.request("resources/subscribe", json!({ "uri": STATE_URI })).await;
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("stateless") && message.contains("subscriptions/listen"), "{refused}");
    assert!(message.contains("since_revision"), "{refused}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_listening_on_2026_07_28_is_told_of_the_users_change() {
    let host = SharedHost::start();
    let mut client = Client::with_host(host.clone(), &Setup::default()).await;
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
    });
    let listen = client
        .send("subscriptions/listen", json!({"_meta": meta, "notifications": {"resourceSubscriptions": [STATE_URI]}}))
        .await;
    let acknowledged = tokio::time::timeout(Duration::from_secs(10), client.next_message()).await.expect("an answer");
    assert_eq!(acknowledged["method"], "notifications/subscriptions/acknowledged", "{acknowledged}");
    host.user_runs("layer.setVisible", json!({"layer": "cities", "visible": false}));
    let update = next_update(&mut client).await;
    assert_eq!(update["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"], json!(listen), "{update}");
    assert_eq!(update["params"]["_meta"][STATE_META_KEY]["change"]["layers_changed"], json!(["cities"]));
}
