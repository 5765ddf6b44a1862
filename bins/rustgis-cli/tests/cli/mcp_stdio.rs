//! Drives the built `rustgis-cli mcp` over standard input and output as an agent's client would.

use crate::mcp_client;
use crate::process;

use std::process::{Command, Stdio};

use mcp_client::McpClient;
use process::Process;
use serde_json::{Value as Json, json};

/// The command `rustgis-cli mcp ARGS`.
fn rustgis_mcp(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"));
    command.arg("mcp").args(args);
    command
}

/// A running `rustgis-cli mcp ARGS`, initialized as an agent's client would.
fn start(args: &[&str]) -> McpClient {
    McpClient::start(&mut rustgis_mcp(args), json!({}))
}

/// A result budget that holds a map's whole PNG, for the tests that check a picture's exact size
/// (by default a larger map is drawn smaller to fit 25,000 tokens).
const FULL_SIZE: u32 = 1_000_000;

fn text_of(result: &Json) -> String {
    result["content"]
        .as_array()
        .map(|c| c.iter().filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join("\n"))
        .unwrap_or_default()
}

fn is_error(result: &Json) -> bool {
    result["isError"] == json!(true)
}

#[test]
fn the_server_lists_its_tools_and_the_documentation() {
    let mut mcp = start(&["--sample"]);
    let tools = mcp.request("tools/list", json!({}));
    let names: Vec<&str> =
        tools["result"]["tools"].as_array().expect("tools").iter().filter_map(|t| t["name"].as_str()).collect();
    for expected in
        ["run_command", "run", "list_commands", "describe_command", "read_table", "view_map", "snapshot", "search_docs"]
    {
        assert!(names.contains(&expected), "missing {expected} in {names:?}");
    }
    let resources = mcp.request("resources/list", json!({}));
    let uris: Vec<&str> = resources["result"]["resources"]
        .as_array()
        .expect("resources")
        .iter()
        .filter_map(|r| r["uri"].as_str())
        .collect();
    assert!(uris.contains(&"rustgis://docs/commands.md"), "{uris:?}");
    let page = mcp.request("resources/read", json!({"uri": "rustgis://docs/commands.md"}));
    assert!(page["result"]["contents"][0]["text"].as_str().is_some_and(|t| t.contains("layer.addSample")));
    mcp.finish();
}

#[test]
fn a_malformed_line_gets_a_parse_error_and_the_server_goes_on() {
    let mut mcp = start(&["--sample"]);
    mcp.process.send("this is not json {");
    let error = mcp.next_message();
    assert_eq!(error["error"]["code"], -32700, "{error}");
    let result = mcp.call("run_command", json!({"command": "layer.list"}));
    assert!(!is_error(&result), "{result}");
}

#[test]
fn a_line_over_the_limit_is_skipped_with_a_parse_error() {
    let mut mcp = start(&[]);
    let huge = "x".repeat(64 * 1024 * 1024);
    mcp.process.send(&huge);
    let error = mcp.next_message();
    assert_eq!(error["error"]["code"], -32700, "{error}");
    assert!(error["error"]["message"].as_str().is_some_and(|m| m.contains("longer than")), "{error}");
    let result = mcp.call("list_commands", json!({"query": "undo"}));
    assert!(!is_error(&result), "{result}");
}

#[test]
fn the_five_largest_economies_come_back_from_read_table() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call(
        "read_table",
        json!({"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}),
    );
    let rows = result["structuredContent"]["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["name"], "United States of America");
    assert_eq!(rows.len(), 5);
}

#[test]
fn without_yes_reading_a_file_is_refused_with_a_message_naming_yes() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call("run_command", json!({"command": "layer.open", "params": {"path": "/tmp/parcels.geojson"}}));
    assert!(is_error(&result), "{result}");
    assert!(text_of(&result).contains("--yes"), "{}", text_of(&result));
    let after = mcp.call("run_command", json!({"command": "layer.list"}));
    assert!(!is_error(&after), "the server stays usable after a refusal: {after}");
}

#[test]
fn scripts_run_as_one_step_and_report_each_line() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call(
        "run",
        json!({"script": "layer.addSample {\"sample\": \"cities\", \"name\": \"big\"}\nfeature.delete {\"layer\": \"big\", \"where\": \"population < 10000000\"}"}),
    );
    assert!(!is_error(&result), "{result}");
    assert_eq!(result["structuredContent"]["layersAdded"], json!(["big"]));
    assert_eq!(result["structuredContent"]["lines"].as_array().map(Vec::len), Some(2));
}

#[test]
fn unknown_commands_and_bad_arguments_are_tool_errors_that_say_what_is_accepted() {
    let mut mcp = start(&["--sample"]);
    let unknown = mcp.call("run_command", json!({"command": "layer.lst"}));
    assert!(is_error(&unknown) && text_of(&unknown).contains("layer.list"), "{unknown}");
    let bad = mcp.call("read_table", json!({"layr": "countries"}));
    assert!(is_error(&bad) && text_of(&bad).contains("layer"), "{bad}");
}

#[test]
fn a_screen_snapshot_says_there_is_no_window_here() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call("snapshot", json!({"mode": "screen"}));
    assert!(is_error(&result), "{result}");
    assert!(text_of(&result).contains("--attach"), "{}", text_of(&result));
}

#[test]
fn an_offscreen_snapshot_takes_a_legend_and_a_title_like_view_map() {
    let mut mcp = start(&["--sample"]);
    let styled = mcp.call(
        "run_command",
        json!({"command": "style.graduated", "params": {"layer": "countries", "field": "pop_est"}}),
    );
    assert!(!is_error(&styled), "{styled}");
    // Both at the size asked for: a budget that holds the whole PNG.
    let plain = png_of(&mcp.call("snapshot", json!({"width": 600, "max_tokens": FULL_SIZE})));
    let keyed = mcp.call(
        "snapshot",
        json!({"width": 600, "legend": true, "title": "People", "subtitle": "2019", "max_tokens": FULL_SIZE}),
    );
    assert!(!is_error(&keyed), "{keyed}");
    let keyed = png_of(&keyed);
    assert_eq!((plain.0, plain.1), (keyed.0, keyed.1));
    assert_ne!(plain.2, keyed.2, "the legend and the title are drawn");
}

#[test]
fn search_docs_finds_the_undo_command() {
    let mut mcp = start(&[]);
    let result = mcp.call("search_docs", json!({"query": "undo steps"}));
    let first = &result["structuredContent"]["results"][0];
    assert!(first["uri"].as_str().is_some_and(|u| u.starts_with("rustgis://docs/")), "{result}");
}

#[test]
fn long_commands_send_progress_notifications_when_the_client_asks() {
    let mut mcp = start(&["--sample"]);
    // Progress comes at most every 100 ms: the buffer must run long enough for several (6,400 cells).
    mcp.call(
        "run_command",
        json!({"command": "vector.grid", "params": {"extent": [-60, -60, 60, 60], "cell": 1.5, "name": "grid"}}),
    );
    mcp.process.send(
        &json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
            "name": "run_command",
            "arguments": {"command": "vector.buffer", "params": {"layer": "grid", "distance": 5, "unit": "km", "segments": 16}},
            "_meta": {"progressToken": "buffer-1"}
        }})
        .to_string(),
    );
    let mut progress = Vec::new();
    let reply = loop {
        let message = mcp.next_message();
        if message["method"] == "notifications/progress" {
            assert_eq!(message["params"]["progressToken"], "buffer-1", "{message}");
            progress.push(message["params"]["progress"].as_f64().expect("a number"));
        } else if message["id"] == 7 {
            break message;
        }
    };
    assert!(reply["result"]["isError"] != json!(true), "{reply}");
    assert!(progress.len() >= 2, "{progress:?}");
    assert!(progress.iter().all(|p| (0.0..=1.0).contains(p)), "{progress:?}");
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "progress increases: {progress:?}");
}

/// The PNG inside an image result: checks the content type, the signature, the size the facts
/// report and the SHA-256, and returns (width, height, sha256).
fn png_of(result: &Json) -> (u32, u32, String) {
    use base64::Engine;
    let image =
        result["content"].as_array().and_then(|c| c.iter().find(|b| b["type"] == "image")).expect("image content");
    assert_eq!(image["mimeType"], "image/png");
    let png = base64::engine::general_purpose::STANDARD.decode(image["data"].as_str().expect("data")).expect("base64");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let width = u32::from_be_bytes(png[16..20].try_into().expect("4 bytes"));
    let height = u32::from_be_bytes(png[20..24].try_into().expect("4 bytes"));
    let facts = &result["structuredContent"];
    assert_eq!((facts["width"].as_u64(), facts["height"].as_u64()), (Some(u64::from(width)), Some(u64::from(height))));
    let sha = facts["sha256"].as_str().expect("sha256").to_owned();
    assert_eq!(sha, rustgis_core::sha256_hex(&png));
    assert_eq!(facts["blank"], false, "the map is not one colour");
    (width, height, sha)
}

fn parcels_fixture() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/data/parcels.geojson")
}

#[test]
fn seed_request_the_five_largest_economies_shown_on_the_map() {
    let mut mcp = start(&["--sample"]);
    // Discover: the five largest economies.
    let top = mcp
        .call("read_table", json!({"layer": "countries", "fields": ["name"], "order_by": "gdp_md DESC", "limit": 5}));
    let names: Vec<String> = top["structuredContent"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| format!("'{}'", r["name"].as_str().expect("a name").replace('\'', "''")))
        .collect();
    // Act: select and label them.
    let script = format!(
        "feature.select {{\"layer\": \"countries\", \"where\": \"name IN ({})\"}}\nlabel.set {{\"layer\": \"countries\", \"expression\": \"CASE WHEN name IN ({}) THEN name END\"}}",
        names.join(", "),
        names.join(", ")
    );
    let ran = mcp.call("run", json!({"script": script}));
    assert!(!is_error(&ran), "{ran}");
    assert_eq!(ran["structuredContent"]["lines"][0]["result"]["selected"], 5);
    // View.
    let view = mcp.call("view_map", json!({"width": 800, "max_tokens": FULL_SIZE}));
    let (width, height, _) = png_of(&view);
    assert_eq!((width, height), (800, 400), "the world fills a 2:1 frame");
    let labels = view["structuredContent"]["labels"].as_array().expect("label counts");
    let countries = labels.iter().find(|l| l["layer"] == "countries").expect("countries are labelled");
    assert_eq!(countries["placed"], 5, "every selected country is labelled: {labels:?}");
    assert!(mcp.calls <= 4, "{} tool calls", mcp.calls);
}

#[test]
fn seed_request_cities_buffered_by_200_km_and_coloured_by_population() {
    let mut mcp = start(&["--sample"]);
    let buffered = mcp.call(
        "run_command",
        json!({"command": "vector.buffer", "params": {"layer": "cities", "distance": 200, "unit": "km"}}),
    );
    assert!(!is_error(&buffered), "{buffered}");
    let layer = buffered["structuredContent"]["result"]["layer"].as_str().expect("the new layer").to_owned();
    assert_eq!(buffered["structuredContent"]["result"]["features"], 521);
    let styled = mcp.call(
        "run_command",
        json!({"command": "style.graduated", "params": {"layer": layer, "field": "population", "ramp": "viridis"}}),
    );
    assert!(!is_error(&styled), "{styled}");
    let plain = png_of(&mcp.call("view_map", json!({"max_tokens": FULL_SIZE})));
    let with_legend = mcp.call(
        "view_map",
        json!({"legend": {"title": "Population"}, "title": "Cities, 200 km", "max_tokens": FULL_SIZE}),
    );
    let legend = png_of(&with_legend);
    assert_eq!((plain.0, plain.1), (1024, 512));
    assert_ne!(plain.2, legend.2, "the legend and title are drawn");
    assert!(mcp.calls <= 4, "{} tool calls", mcp.calls);
}

#[test]
fn seed_request_with_yes_a_file_is_loaded_labelled_and_exported() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let png = dir.path().join("parcels.png");
    let mut mcp = start(&["--yes"]);
    let opened = mcp.call("run_command", json!({"command": "layer.open", "params": {"path": parcels_fixture()}}));
    assert!(!is_error(&opened), "{opened}");
    let labelled =
        mcp.call("run_command", json!({"command": "label.set", "params": {"layer": "parcels", "field": "owner"}}));
    assert!(!is_error(&labelled), "{labelled}");
    let exported = mcp.call("run_command", json!({"command": "map.export", "params": {"path": png, "width": 800}}));
    assert!(!is_error(&exported), "{exported}");
    let result = &exported["structuredContent"]["result"];
    assert_eq!(result["blank"], false, "{exported}");
    assert_eq!(result["labels"], json!([{"layer": "parcels", "placed": 6, "did_not_fit": 0, "collided": 0}]));
    let bytes = std::fs::read(&png).expect("the exported PNG exists");
    assert_eq!(result["sha256"].as_str(), Some(rustgis_core::sha256_hex(&bytes).as_str()));
    assert!(mcp.calls <= 4, "{} tool calls", mcp.calls);
}

#[test]
fn without_yes_a_file_the_agent_reads_itself_still_makes_the_map() {
    let text = std::fs::read_to_string(parcels_fixture()).expect("fixture");
    let mut mcp = start(&[]);
    let refused = mcp.call("run_command", json!({"command": "layer.open", "params": {"path": parcels_fixture()}}));
    let message = text_of(&refused);
    assert!(message.contains("ask the user to restart the server with --yes"), "{message}");
    assert!(message.contains("layer.addGeoJSON") && !message.contains("  "), "{message}");
    let added =
        mcp.call("run_command", json!({"command": "layer.addGeoJSON", "params": {"name": "parcels", "geojson": text}}));
    assert!(!is_error(&added), "{added}");
    let snapshot = mcp.call("snapshot", json!({"path": "/nonexistent/parcels.png", "width": 400}));
    assert!(!is_error(&snapshot), "{snapshot}");
    png_of(&snapshot);
    assert_eq!(snapshot["structuredContent"]["written"], false);
    assert!(text_of(&snapshot).contains("was not written") && !text_of(&snapshot).contains("  "), "{snapshot}");
}

#[test]
fn run_command_accepts_params_sent_as_a_json_string() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call("run_command", json!({"command": "layer.info", "params": "{\"layer\": \"cities\"}"}));
    assert!(!is_error(&result), "{result}");
    assert_eq!(result["structuredContent"]["result"]["name"], "cities", "{result}");
}

#[test]
fn parameter_errors_over_mcp_speak_json() {
    let mut mcp = start(&["--sample"]);
    let result =
        mcp.call("run_command", json!({"command": "vector.buffer", "params": {"layer": "cities", "distance": "far"}}));
    let message = text_of(&result);
    assert!(is_error(&result) && message.contains("a number") && !message.contains("f64"), "{message}");
    let result = mcp.call("read_table", json!({"layer": "cities", "limit": "ten"}));
    let message = text_of(&result);
    assert!(message.contains("whole number") && !message.contains("usize"), "{message}");
}

#[test]
fn read_table_returns_twenty_rows_and_says_how_to_page() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call("read_table", json!({"layer": "cities"}));
    let data = &result["structuredContent"];
    assert_eq!(data["rows"].as_array().map(Vec::len), Some(20));
    assert_eq!((data["total"].as_u64(), data["more"].as_u64()), (Some(521), Some(501)));
    assert!(data["next"].as_str().is_some_and(|n| n.contains("\"offset\": 20")), "{data}");
}

#[test]
fn the_text_is_a_compact_table_not_the_structured_content_again() {
    let mut mcp = start(&["--sample"]);
    let result = mcp.call("read_table", json!({"layer": "cities"}));
    let text = text_of(&result);
    assert!(!text.contains("\"rows\"") && text.lines().count() == 23, "a line, a header, 20 rows, a line: {text}");
    assert!(text.len() < result["structuredContent"].to_string().len() / 2, "{text}");
    let ran = mcp.call("run", json!({"script": "layer.info {\"layer\": \"cities\"}"}));
    let lines = ran["structuredContent"]["lines"].as_array().expect("lines");
    assert!(lines[0].get("result").is_none(), "the last line's result is only in `result`: {ran}");
    assert_eq!(ran["structuredContent"]["result"]["name"], "cities");
}

#[test]
fn max_result_tokens_sets_the_budget_every_result_stays_within() {
    let mut mcp = start(&["--sample", "--max-result-tokens", "1000"]);
    let result = mcp.call("read_table", json!({"layer": "cities", "limit": 500}));
    assert!(result.to_string().len() <= 4000, "{} bytes", result.to_string().len());
    assert!(text_of(&result).contains("within the result budget of 1000 tokens"), "{}", text_of(&result));
    let asked = mcp.call("read_table", json!({"layer": "cities", "limit": 500, "max_tokens": 5000}));
    let (small, large) =
        (result["structuredContent"]["returned"].as_u64(), asked["structuredContent"]["returned"].as_u64());
    assert!(large > small, "a call's max_tokens overrides the flag: {large:?} rows, not {small:?}");
}

#[test]
fn a_budget_outside_the_range_is_refused_at_start() {
    let output = rustgis_mcp(&["--max-result-tokens", "10"]).stdin(Stdio::null()).output().expect("rustgis-cli runs");
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("from 1000 to 1000000"), "{message}");
}

#[test]
fn list_commands_finds_commands_by_what_they_do() {
    let mut mcp = start(&[]);
    let found = mcp.call("list_commands", json!({"query": "points within polygon"}));
    let ids: Vec<&str> = found["structuredContent"]["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert!(ids.contains(&"vector.selectByLocation") && ids.contains(&"vector.spatialJoin"), "{ids:?}");
    let nearest = mcp.call("list_commands", json!({"query": "distance between"}));
    assert_eq!(nearest["structuredContent"]["commands"][0]["id"], "vector.nearest", "{nearest}");
    let wrong = mcp.call("list_commands", json!({"group": "lidar"}));
    assert!(is_error(&wrong) && text_of(&wrong).contains("the groups are"), "{wrong}");
}

#[test]
fn search_docs_ranks_the_section_a_reader_would_pick() {
    let mut mcp = start(&[]);
    let result = mcp.call("search_docs", json!({"query": "file bridge"}));
    let first = &result["structuredContent"]["results"][0];
    assert!(first["title"].as_str().is_some_and(|t| t.to_lowercase().contains("bridge")), "{result}");
}

#[test]
fn standard_output_carries_only_json_rpc() {
    let mut mcp = start(&["--sample"]);
    mcp.call("run_command", json!({"command": "layer.list"}));
    mcp.call("view_map", json!({"width": 64, "height": 64}));
    mcp.process.send("not json");
    mcp.call("run_command", json!({"command": "no.such"}));
    // Every line left, up to the end of output, must be a JSON-RPC 2.0 message.
    let rest = mcp.process.close_and_read_to_end();
    for line in &rest {
        let message: Json = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert_eq!(message["jsonrpc"], "2.0", "{line}");
    }
    assert!(mcp.process.child.wait().expect("exit").success());
    assert!(rest.len() <= 1, "only the parse error's reply may be left: {rest:?}");
}

/// Runs `rustgis-cli mcp ARGS`, lists the layers and closes its input; the layer names and what
/// it wrote to standard error.
fn layers_and_notes(args: &[&str]) -> (Vec<String>, String) {
    let mut mcp = McpClient::over(Process::spawn(rustgis_mcp(args).stderr(Stdio::piped())), json!({}));
    let result = mcp.call("run_command", json!({"command": "layer.list"}));
    let names = result["structuredContent"]["result"]["layers"]
        .as_array()
        .expect("the layers")
        .iter()
        .filter_map(|l| l["name"].as_str().map(str::to_owned))
        .collect();
    let (status, notes) = mcp.process.close_and_wait_with_stderr();
    assert!(status.success(), "{notes}");
    (names, notes)
}

#[test]
fn the_server_ready_note_goes_to_standard_error() {
    let (_, notes) = layers_and_notes(&["--sample"]);
    assert!(notes.contains("RustGIS MCP server ready (4 layers)"), "{notes}");
}

#[test]
fn mcp_data_loads_the_users_file_before_the_agent_arrives() {
    let parcels = parcels_fixture();
    let (names, notes) = layers_and_notes(&["--data", parcels.to_str().expect("a UTF-8 path")]);
    assert_eq!(names, ["parcels"]);
    assert!(notes.contains("ready (1 layers)"), "{notes}");
}

#[test]
fn mcp_project_opens_the_users_project_before_the_agent_arrives() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let project = dir.path().join("lyon.rgis");
    let mut session = rustgis_core::Session::new();
    let user = rustgis_core::Caller::user();
    session.execute(&user, "layer.open", json!({ "path": parcels_fixture() })).expect("the parcels open");
    session.execute(&user, "layer.addSample", json!({ "sample": "cities" })).expect("the cities load");
    session.execute(&user, "project.save", json!({ "path": project })).expect("the project saves");
    let (mut names, _) = layers_and_notes(&["--project", project.to_str().expect("a UTF-8 path")]);
    names.sort();
    assert_eq!(names, ["cities", "parcels"]);
}

#[test]
fn with_roots_files_go_only_below_them_and_a_path_outside_is_access_denied() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let base = std::fs::canonicalize(dir.path()).expect("resolved");
    let (maps, shared) = (base.join("maps"), base.join("shared"));
    std::fs::create_dir_all(&maps).expect("a folder");
    std::fs::create_dir_all(&shared).expect("a folder");
    let (maps_arg, shared_arg) = (maps.display().to_string(), shared.display().to_string());
    let mut mcp = start(&["--sample", "--yes", "--root", &maps_arg, "--read-only-root", &shared_arg]);

    // A relative path goes into the first root.
    let exported = mcp.call(
        "run_command",
        json!({"command": "layer.export", "params": {"layer": "cities", "path": "cities.geojson"}}),
    );
    assert!(!is_error(&exported), "{exported}");
    assert!(maps.join("cities.geojson").is_file());
    let listed = mcp.call("run_command", json!({"command": "files.list", "params": {"pattern": "*.geojson"}}));
    assert_eq!(
        listed["structuredContent"]["result"]["entries"][0]["path"],
        json!(maps.join("cities.geojson")),
        "{listed}"
    );

    for (command, params, says) in [
        ("layer.open", json!({"path": "../cities.geojson"}), "outside the folders"),
        ("layer.open", json!({"path": "/etc/hosts", "format": "csv"}), "outside the folders"),
        ("layer.export", json!({"layer": "cities", "path": shared.join("x.geojson")}), "read-only"),
        ("project.save", json!({"path": base.join("p.rgis")}), "outside the folders"),
    ] {
        let refused = mcp.call("run_command", json!({"command": command, "params": params}));
        assert!(is_error(&refused), "{refused}");
        assert_eq!(refused["structuredContent"]["code"], json!("access_denied"), "{refused}");
        let text = text_of(&refused);
        assert!(text.starts_with("ACCESS_DENIED: ") && text.contains(&maps_arg) && text.contains(says), "{text}");
    }
    // A script is never run for a caller with roots.
    let script = mcp.call("run_command", json!({"command": "script.exec", "params": {"source": "1"}}));
    assert!(is_error(&script), "{script}");
    // A snapshot's file outside the roots is not written; the picture still comes back.
    let outside = base.join("snap.png");
    let snapshot = mcp.call("snapshot", json!({"width": 200, "path": outside}));
    assert!(!is_error(&snapshot), "{snapshot}");
    assert!(
        snapshot["structuredContent"]["not_written"].as_str().is_some_and(|t| t.contains("ACCESS_DENIED")),
        "{snapshot}"
    );
    assert!(!outside.exists());
    let inside = mcp.call("snapshot", json!({"width": 200, "path": "snap.png"}));
    assert!(maps.join("snap.png").is_file(), "{inside}");
    mcp.finish();
}

#[test]
fn a_root_needs_yes_and_a_folder_that_exists() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let folder = dir.path().display().to_string();
    let without_yes = rustgis_mcp(&["--root", &folder]).stdin(Stdio::null()).output().expect("runs");
    assert!(!without_yes.status.success());
    assert!(String::from_utf8_lossy(&without_yes.stderr).contains("--yes"), "{without_yes:?}");
    let missing = dir.path().join("missing").display().to_string();
    let gone = rustgis_mcp(&["--yes", "--root", &missing]).stdin(Stdio::null()).output().expect("runs");
    assert!(!gone.status.success());
    assert!(String::from_utf8_lossy(&gone.stderr).contains("cannot be used"), "{gone:?}");
}
