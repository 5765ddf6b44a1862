//! Asking the human instead of refusing (issue 42): a `run_command` refused only because the
//! human has not said yes (replacing a file, a file outside the roots) is asked of a client that
//! declared elicitation, and runs again once, for that file only, on an explicit yes. Code is
//! never asked about, and a client that cannot be asked is refused as before.
#![allow(clippy::disallowed_methods, reason = "the tests write their fixtures directly")]

#[path = "support/client.rs"]
mod client;

use std::path::{Path, PathBuf};

use client::{Client, Setup};
use rustgis_core::{Root, Roots, Session};
use serde_json::{Value as Json, json};

/// How the test's human answers a question.
#[derive(Debug, Clone, Copy)]
enum Reply {
    Allow,
    Decline,
    Cancel,
    /// The client fails the question with a JSON-RPC error (it has no way to show it).
    Fail,
    /// Accepts, choosing this layer.
    Choose(&'static str),
}

/// A folder with two GeoJSON files outside the root `maps`: `elsewhere/a.geojson` and
/// `elsewhere/b.geojson`, and `maps/old.geojson`, whose text is `OLD`.
struct Folder {
    _temp: tempfile::TempDir,
    maps: PathBuf,
    elsewhere: PathBuf,
}

const POINT: &str = r#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "x"}, "geometry": {"type": "Point", "coordinates": [2, 48]}}]}"#;

impl Folder {
    fn new() -> Folder {
        let temp = tempfile::tempdir().expect("a temporary folder");
        let base = std::fs::canonicalize(temp.path()).expect("the folder resolves");
        let (maps, elsewhere) = (base.join("maps"), base.join("elsewhere"));
        for folder in [&maps, &elsewhere] {
            std::fs::create_dir_all(folder).expect("a folder");
        }
        std::fs::write(maps.join("old.geojson"), "OLD").expect("a file");
        for name in ["a.geojson", "b.geojson"] {
            std::fs::write(elsewhere.join(name), POINT).expect("a file");
        }
        Folder { _temp: temp, maps, elsewhere }
    }

    fn roots(&self) -> Roots {
        Roots::new([Root::new(&self.maps, true).expect("a root")])
    }
}

/// A client of a private server on the sample with `--yes` and `roots`, declaring `capabilities`.
async fn client(roots: Roots, capabilities: Json) -> Client {
    let session = Session::with_sample().expect("the sample loads");
    let host = rustgis_mcp::PrivateHost::start_with_roots(session, true, roots).expect("the session thread starts");
    Client::with_host(host, &Setup { capabilities, ..Setup::default() }).await
}

fn eliciting() -> Json {
    json!({"elicitation": {"form": {}}})
}

/// Runs `command` through `run_command`, answering each `elicitation/create` with the next of
/// `replies` (a question past them fails the test); the result and the questions' params.
async fn call_answering(client: &mut Client, command: &str, params: Json, replies: &[Reply]) -> (Json, Vec<Json>) {
    let arguments = json!({"command": command, "params": params});
    let id = client.send("tools/call", json!({"name": "run_command", "arguments": arguments})).await;
    let mut asked = Vec::new();
    loop {
        let message = client.next_message().await;
        if message["method"] == "elicitation/create" {
            let reply = replies.get(asked.len()).copied();
            asked.push(message["params"].clone());
            let result = match reply {
                Some(Reply::Allow) => json!({"action": "accept", "content": {"allow": true}}),
                Some(Reply::Decline) => json!({"action": "decline"}),
                Some(Reply::Cancel) => json!({"action": "cancel"}),
                Some(Reply::Choose(layer)) => json!({"action": "accept", "content": {"layer": layer}}),
                Some(Reply::Fail) => {
                    client.respond_error(&message["id"], -32603, "no window to show the question in").await;
                    continue;
                }
                None => panic!("{command} asked more than {} questions: {asked:?}", replies.len()),
            };
            client.respond(&message["id"], result).await;
        } else if message.get("method").is_none() && message["id"] == json!(id) {
            assert!(message.get("error").is_none(), "{message}");
            return (message["result"].clone(), asked);
        }
    }
}

fn code_of(result: &Json) -> &str {
    result["structuredContent"]["code"].as_str().unwrap_or_default()
}

fn export_over(path: &Path) -> Json {
    json!({"layer": "cities", "path": path})
}

#[tokio::test]
async fn an_overwrite_the_user_allows_replaces_that_file() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) = call_answering(&mut client, "layer.export", export_over(&old), &[Reply::Allow]).await;
    assert_eq!(result["isError"], json!(false), "{result}");
    assert_eq!(asked.len(), 1);
    let question = asked[0]["message"].as_str().unwrap_or_default();
    assert!(question.contains(&old.display().to_string()) && question.contains("replace"), "{question}");
    assert_eq!(asked[0]["requestedSchema"]["properties"]["allow"]["type"], json!("boolean"), "{}", asked[0]);
    assert!(std::fs::read_to_string(&old).expect("the file").contains("FeatureCollection"), "the file was replaced");
    assert_eq!(result["_meta"]["rustgis/asked"]["answer"], json!("allowed"), "{result}");
}

#[tokio::test]
async fn an_overwrite_the_user_declines_leaves_the_file_as_it_was() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) = call_answering(&mut client, "layer.export", export_over(&old), &[Reply::Decline]).await;
    assert_eq!((asked.len(), code_of(&result)), (1, "declined"), "{result}");
    assert!(result["structuredContent"]["error"].as_str().unwrap_or_default().contains("declined"), "{result}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[tokio::test]
async fn an_overwrite_the_user_cancels_leaves_the_file_as_it_was() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) = call_answering(&mut client, "layer.export", export_over(&old), &[Reply::Cancel]).await;
    assert_eq!((asked.len(), code_of(&result)), (1, "cancelled"), "{result}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[tokio::test]
async fn a_question_the_client_cannot_answer_leaves_the_refusal_and_says_why_in_the_text() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) = call_answering(&mut client, "layer.export", export_over(&old), &[Reply::Fail]).await;
    assert_eq!(asked.len(), 1);
    assert_eq!(result["isError"], json!(true), "{result}");
    assert_eq!(result["_meta"]["rustgis/asked"]["answer"], json!("unanswered"), "{result}");
    let text = client::text_of(&result);
    assert!(text.contains("could not be asked") && text.contains("no window to show the question in"), "{text}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[tokio::test]
async fn a_file_outside_the_roots_is_allowed_only_for_that_file() {
    let folder = Folder::new();
    let mut client = client(folder.roots(), eliciting()).await;
    let a = folder.elsewhere.join("a.geojson");
    let (result, asked) =
        call_answering(&mut client, "layer.open", json!({"path": a, "name": "a"}), &[Reply::Allow]).await;
    assert_eq!(result["isError"], json!(false), "{result}");
    let question = asked[0]["message"].as_str().unwrap_or_default();
    assert!(question.contains(&a.display().to_string()) && question.contains("read"), "{question}");
    let b = folder.elsewhere.join("b.geojson");
    let (result, asked) =
        call_answering(&mut client, "layer.open", json!({"path": b, "name": "b"}), &[Reply::Decline]).await;
    assert_eq!((asked.len(), code_of(&result)), (1, "declined"), "the second file is asked about again: {result}");
    assert!(asked[0]["message"].as_str().unwrap_or_default().contains("b.geojson"), "{}", asked[0]);
    let layers = client.call("run_command", json!({"command": "layer.list"})).await;
    let names: Vec<&str> = layers["structuredContent"]["result"]["layers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|layer| layer["name"].as_str())
        .collect();
    assert!(names.contains(&"a") && !names.contains(&"b"), "{names:?}");
}

#[tokio::test]
async fn a_yes_covers_one_call_and_the_next_call_asks_again() {
    let folder = Folder::new();
    let mut client = client(folder.roots(), eliciting()).await;
    let a = folder.elsewhere.join("a.geojson");
    let (first, _) = call_answering(&mut client, "layer.open", json!({"path": a, "name": "a"}), &[Reply::Allow]).await;
    assert_eq!(first["isError"], json!(false), "{first}");
    let (again, asked) =
        call_answering(&mut client, "layer.open", json!({"path": a, "name": "a2"}), &[Reply::Decline]).await;
    assert_eq!((asked.len(), code_of(&again)), (1, "declined"), "{again}");
}

#[tokio::test]
async fn a_client_without_elicitation_is_refused_as_before() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(folder.roots(), json!({})).await;
    let (result, _) = call_answering(&mut client, "layer.export", export_over(&old), &[]).await;
    assert_eq!(code_of(&result), "file_exists", "{result}");
    assert!(result.get("_meta").is_none_or(|meta| meta.get("rustgis/asked").is_none()), "{result}");
    let outside = folder.elsewhere.join("a.geojson");
    let (result, _) = call_answering(&mut client, "layer.open", json!({"path": outside}), &[]).await;
    assert_eq!(code_of(&result), "access_denied", "{result}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[tokio::test]
async fn scripts_are_never_asked_about() {
    let folder = Folder::new();
    let mut client = client(folder.roots(), eliciting()).await;
    let script = folder.elsewhere.join("x.rhai");
    std::fs::write(&script, "1").expect("a script");
    for params in [json!({"source": "1"}), json!({"path": script})] {
        let (result, asked) = call_answering(&mut client, "script.exec", params, &[]).await;
        assert!(asked.is_empty() && result["isError"] == json!(true), "{result}");
    }
}

#[tokio::test]
async fn a_server_without_file_access_does_not_ask_for_it() {
    let mut client = Client::start(Setup { capabilities: eliciting(), yes: false, ..Setup::default() }).await;
    let folder = Folder::new();
    let (result, asked) =
        call_answering(&mut client, "layer.open", json!({"path": folder.elsewhere.join("a.geojson")}), &[]).await;
    assert_eq!((asked.len(), code_of(&result)), (0, "refused"), "{result}");
}

#[tokio::test]
async fn a_layer_name_that_differs_only_in_case_asks_which_layer_and_runs_with_the_choice() {
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) =
        call_answering(&mut client, "layer.info", json!({"layer": "Countries"}), &[Reply::Choose("countries")]).await;
    assert_eq!(asked.len(), 1, "{result}");
    let question = asked[0]["message"].as_str().unwrap_or_default();
    assert!(question.contains("'Countries'") && question.contains("case-sensitive"), "{question}");
    assert_eq!(asked[0]["requestedSchema"]["properties"]["layer"]["enum"], json!(["countries"]), "{}", asked[0]);
    assert_eq!(result["isError"], json!(false), "{result}");
    assert_eq!(result["structuredContent"]["result"]["name"], json!("countries"), "{result}");
    assert_eq!(result["_meta"]["rustgis/asked"]["answer"], json!("chosen"), "{result}");
    assert_eq!(result["_meta"]["rustgis/asked"]["chosen"], json!("countries"), "{result}");
}

#[tokio::test]
async fn a_layer_choice_declined_leaves_the_refusal_and_changes_nothing() {
    let mut client = client(Roots::default(), eliciting()).await;
    let params = json!({"layer": "CITIES", "visible": false});
    let (result, asked) = call_answering(&mut client, "layer.setVisible", params, &[Reply::Decline]).await;
    assert_eq!((asked.len(), code_of(&result)), (1, "declined"), "{result}");
    let state = client.call("run_command", json!({"command": "layer.list"})).await;
    assert!(state.to_string().contains(r#""visible":true"#), "the cities stay shown: {state}");
}

#[tokio::test]
async fn an_unknown_layer_with_no_name_differing_only_in_case_is_refused_without_asking() {
    let mut client = client(Roots::default(), eliciting()).await;
    let (result, asked) = call_answering(&mut client, "layer.info", json!({"layer": "rivers"}), &[]).await;
    assert!(asked.is_empty(), "{asked:?}");
    assert_eq!(code_of(&result), "unknown_layer", "{result}");
}

/// The `_meta` a 2026-07-28 request carries: its protocol version and the client's capabilities.
fn meta_2026_07_28(capabilities: Json) -> Json {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": capabilities,
        "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
    })
}

/// Calls `run_command` as a 2026-07-28 client that can elicit; the reply's result.
async fn call_2026_07_28(client: &mut Client, arguments: &Json, retry: Option<(&Json, &Json)>) -> Json {
    let mut params = json!({"_meta": meta_2026_07_28(eliciting()), "name": "run_command", "arguments": arguments});
    if let Some((responses, state)) = retry {
        params["inputResponses"] = responses.clone();
        params["requestState"] = state.clone();
    }
    let reply = client.request("tools/call", params).await;
    assert!(reply.get("error").is_none(), "{reply}");
    reply["result"].clone()
}

#[tokio::test]
async fn on_2026_07_28_an_overwrite_is_asked_as_an_input_request_and_the_retry_with_a_yes_replaces_the_file() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), json!({})).await;
    let arguments = json!({"command": "layer.export", "params": export_over(&old)});
    let first = call_2026_07_28(&mut client, &arguments, None).await;
    assert_eq!(first["resultType"], json!("input_required"), "{first}");
    let question = &first["inputRequests"]["rustgis_ask"];
    assert_eq!(question["method"], json!("elicitation/create"), "{first}");
    assert!(question["params"]["message"].as_str().is_some_and(|m| m.contains("replace")), "{question}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD", "nothing is written before the answer");
    let state = first["requestState"].clone();
    let yes = json!({"rustgis_ask": {"action": "accept", "content": {"allow": true}}});
    let retried = call_2026_07_28(&mut client, &arguments, Some((&yes, &state))).await;
    assert_eq!(retried["isError"], json!(false), "{retried}");
    assert_eq!(retried["_meta"]["rustgis/asked"]["answer"], json!("allowed"), "{retried}");
    assert!(std::fs::read_to_string(&old).expect("the file").contains("FeatureCollection"), "the file was replaced");
    // The answer was used: the same retry again finds no question.
    let again = call_2026_07_28(&mut client, &arguments, Some((&yes, &state))).await;
    assert_eq!(code_of(&again), "expired", "{again}");
}

#[tokio::test]
async fn on_2026_07_28_a_declined_input_request_leaves_the_file_and_answers_declined() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), json!({})).await;
    let arguments = json!({"command": "layer.export", "params": export_over(&old)});
    let first = call_2026_07_28(&mut client, &arguments, None).await;
    let no = json!({"rustgis_ask": {"action": "decline"}});
    let retried = call_2026_07_28(&mut client, &arguments, Some((&no, &first["requestState"]))).await;
    assert_eq!(code_of(&retried), "declined", "{retried}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[tokio::test]
async fn a_retry_with_a_made_up_request_state_runs_nothing() {
    let folder = Folder::new();
    let old = folder.maps.join("old.geojson");
    let mut client = client(Roots::default(), json!({})).await;
    let arguments = json!({"command": "layer.export", "params": export_over(&old)});
    let yes = json!({"rustgis_ask": {"action": "accept", "content": {"allow": true}}});
    let forged =
        call_2026_07_28(&mut client, &arguments, Some((&yes, &json!("00112233445566778899aabbccddeeff")))).await;
    assert_eq!(code_of(&forged), "expired", "{forged}");
    assert_eq!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

/// A fetcher whose guard refuses the loopback host `127.0.0.1:8080` (as the relay's does when
/// `network.allow` does not name it) until a yes lets it through; it fetches nothing.
#[derive(Debug, Default)]
struct GuardedFetch {
    allowed: std::sync::Mutex<Vec<String>>,
}

impl rustgis_core::web::WebFetch for GuardedFetch {
    fn fetch(&self, urls: &[String], _deadline: std::time::Instant) -> Vec<rustgis_core::web::FetchResult> {
        urls.iter().map(|url| Err(format!("{url}: this test fetches nothing"))).collect()
    }

    fn check_host(&self, url: &str) -> Result<(), rustgis_core::web::HostRefused> {
        let allowed = self.allowed.lock().expect("the list").iter().any(|h| h == "127.0.0.1:8080");
        if allowed || !url.starts_with("http://127.0.0.1:8080/") {
            return Ok(());
        }
        Err(rustgis_core::web::HostRefused {
            host_port: "127.0.0.1:8080".to_owned(),
            reason: "127.0.0.1 is a loopback address (this computer)".to_owned(),
            message: format!("refused {url}: 127.0.0.1 is a loopback address (this computer) (rule: loopback)"),
        })
    }

    fn allow_host(&self, host_port: &str) -> bool {
        self.allowed.lock().expect("the list").push(host_port.to_owned());
        true
    }
}

/// A client of a private server with `--yes` whose renderer fetches through `fetch`.
async fn guarded_client(fetch: &std::sync::Arc<GuardedFetch>, capabilities: Json) -> Client {
    let mut session = Session::with_sample().expect("the sample loads");
    let web = rustgis_core::web::WebFetcher(fetch.clone());
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::with_web(web)));
    let host = rustgis_mcp::PrivateHost::start_with_roots(session, true, Roots::default()).expect("the thread starts");
    Client::with_host(host, &Setup { capabilities, ..Setup::default() }).await
}

const LOCAL_TILES: &str = "http://127.0.0.1:8080/{z}/{x}/{y}.png";

#[tokio::test]
async fn a_web_layer_on_a_host_outside_network_allow_is_asked_and_a_yes_lets_that_host_through() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut client = guarded_client(&fetch, eliciting()).await;
    let params = json!({"url": LOCAL_TILES, "name": "local"});
    let (result, asked) = call_answering(&mut client, "layer.addXyz", params, &[Reply::Allow]).await;
    assert_eq!(result["isError"], json!(false), "{result}");
    let question = asked[0]["message"].as_str().unwrap_or_default();
    assert!(question.contains("127.0.0.1:8080") && question.contains("loopback"), "{question}");
    assert_eq!(result["_meta"]["rustgis/asked"]["grant"]["host_port"], json!("127.0.0.1:8080"), "{result}");
    assert_eq!(*fetch.allowed.lock().expect("the list"), ["127.0.0.1:8080"]);
}

#[tokio::test]
async fn a_declined_network_host_adds_no_layer_and_lets_nothing_through() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut client = guarded_client(&fetch, eliciting()).await;
    for reply in [Reply::Decline, Reply::Cancel] {
        let params = json!({"url": LOCAL_TILES, "name": "local"});
        let (result, asked) = call_answering(&mut client, "layer.addXyz", params, &[reply]).await;
        assert_eq!(asked.len(), 1);
        assert_eq!(result["isError"], json!(true), "{result}");
    }
    let (layers, _) = call_answering(&mut client, "layer.list", json!({}), &[]).await;
    assert!(!layers.to_string().contains("\"local\""), "{layers}");
    assert!(fetch.allowed.lock().expect("the list").is_empty());
}

#[tokio::test]
async fn a_client_without_elicitation_is_refused_a_network_host_naming_network_allow() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut client = guarded_client(&fetch, json!({})).await;
    let (result, asked) = call_answering(&mut client, "layer.addXyz", json!({"url": LOCAL_TILES}), &[]).await;
    assert_eq!((asked.len(), code_of(&result)), (0, "refused"), "{result}");
    assert!(client::text_of(&result).contains("loopback"), "{result}");
    assert!(fetch.allowed.lock().expect("the list").is_empty());
}
