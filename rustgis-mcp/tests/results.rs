//! What a client reads in a tool's result (issue 37): the text carries the data (a table, the
//! layers, every notice) for clients that show the model only the text; clients on protocol
//! versions before structured content get the whole result as JSON text; written files come as
//! resource links; and every result stays within its budget, cut at a row boundary with a note
//! saying how to page.

#[path = "support/client.rs"]
mod client;

use base64::Engine;
use client::{Client, Setup, size_of, text_of};
use rustgis_mcp::{BYTES_PER_TOKEN, ResultBudget};
use serde_json::{Value as Json, json};

/// The bytes a result may take at the default budget.
fn default_budget_bytes() -> usize {
    ResultBudget::default().bytes()
}

/// The lines of a text table: the header's field names (without types) and each row's cells.
fn table_rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().skip(1).take_while(|l| l.contains('\t') || l.chars().all(|c| c.is_ascii_digit()));
    let header = lines
        .next()
        .map(|h| h.split('\t').map(|c| c.split(" (").next().unwrap_or(c).to_owned()).collect())
        .unwrap_or_default();
    let rows = lines.map(|l| l.split('\t').map(str::to_owned).collect()).collect();
    (header, rows)
}

/// The JSON after `result: ` in a command's text.
fn result_in_text(text: &str) -> Json {
    let line = text.lines().find_map(|l| l.strip_prefix("result: ")).unwrap_or_else(|| panic!("no result in {text}"));
    serde_json::from_str(line).expect("the result line is JSON")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_sees_every_layer() {
    let mut client = Client::start(Setup::default()).await;
    let listed = client.call("run_command", json!({"command": "layer.list"})).await;
    let text = text_of(&listed);
    let layers = listed["structuredContent"]["result"]["layers"].as_array().expect("layers").clone();
    assert!(text.starts_with("layer.list ran\n4 layers, bottom to top:"), "{text}");
    for layer in &layers {
        let line = format!(
            "{}: {}, {} features",
            layer["name"].as_str().unwrap_or(""),
            layer["geometry"].as_str().unwrap_or(""),
            layer["features"]
        );
        assert!(text.contains(&line), "{line} is not in the text: {text}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_reads_a_table() {
    let mut client = Client::start(Setup::default()).await;
    let args = json!({"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5});
    let text = text_of(&client.call("read_table", args).await);
    let (header, rows) = table_rows(&text);
    assert_eq!(header, ["fid", "name", "gdp_md"], "{text}");
    assert!(text.contains("name (string)"), "the types are in the header: {text}");
    assert_eq!(rows.len(), 5, "{text}");
    assert_eq!(rows[0][1], "United States of America", "{text}");
    assert!(text.contains("more: read_table with \"offset\": 5"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_filters_and_reads_what_matched() {
    let mut client = Client::start(Setup::default()).await;
    let select =
        json!({"command": "feature.select", "params": {"layer": "countries", "where": "continent = 'Europe'"}});
    let selected = result_in_text(&text_of(&client.call("run_command", select).await))["selected"].clone();
    let read = json!({"layer": "countries", "fields": ["name"], "where": "continent = 'Europe'", "limit": 100});
    let text = text_of(&client.call("read_table", read).await);
    let (_, rows) = table_rows(&text);
    assert!(text.starts_with(&format!("countries: rows 1 to {selected} of {selected} matching")), "{text}");
    assert_eq!(json!(rows.len()), selected, "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_reads_a_maps_notices() {
    let mut client = Client::start(Setup { refuse_tiles: true, ..Setup::default() }).await;
    let added = client.call("run_command", json!({"command": "layer.addBasemap", "params": {"basemap": "osm"}})).await;
    assert_ne!(added["isError"], json!(true), "{added}");
    let shown = client.call("view_map", json!({"width": 256, "height": 128})).await;
    let text = text_of(&shown);
    let notices = shown["structuredContent"]["notices"].as_array().expect("the refused tiles are noticed").clone();
    for notice in &notices {
        let notice = notice.as_str().expect("a notice is text");
        assert!(text.contains(&format!("notice: {notice}")), "the notice is not in full in the text: {text}");
    }
    assert!(text.contains("403 Forbidden"), "{text}");
    assert!(text.contains("; labels: "), "the label counts are in the text: {text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_learns_why_a_map_is_blank() {
    let mut client = Client::start(Setup::default()).await;
    client.call("run_command", json!({"command": "project.new"})).await;
    let text = text_of(&client.call("view_map", json!({"width": 64, "height": 64})).await);
    assert!(text.contains("BLANK (one colour everywhere): the project has no layers"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reads_only_the_text_follows_the_link_to_an_export() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("cities.geojson");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let export = json!({"command": "layer.export", "params": {"layer": "cities", "path": path}});
    let exported = client.call("run_command", export).await;
    let text = text_of(&exported);
    let uri = text
        .lines()
        .find_map(|l| l.strip_prefix("wrote ").and_then(|l| l.split(": ").last()))
        .unwrap_or_else(|| panic!("no written file in the text: {text}"))
        .to_owned();
    assert!(uri.starts_with("file:///") && uri.ends_with("/cities.geojson"), "{uri}");
    assert!(text.contains("(application/geo+json, "), "{text}");
    let read = client.request("resources/read", json!({"uri": uri})).await;
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["mimeType"], json!("application/geo+json"), "{read}");
    let geojson: Json = serde_json::from_str(contents["text"].as_str().expect("GeoJSON is text")).expect("GeoJSON");
    assert_eq!(geojson["type"], json!("FeatureCollection"));
    assert_eq!(contents["text"].as_str().map(str::len), std::fs::read(&path).ok().map(|b| b.len()));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_export_comes_back_as_a_resource_link_with_its_type_and_size() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("world.png");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let export = json!({"command": "map.export", "params": {"path": path, "width": 200, "height": 100}});
    let exported = client.call("run_command", export).await;
    let links: Vec<&Json> =
        exported["content"].as_array().expect("content").iter().filter(|c| c["type"] == "resource_link").collect();
    assert_eq!(links.len(), 1, "{exported}");
    let size = std::fs::metadata(&path).expect("the map is written").len();
    assert_eq!(links[0]["mimeType"], json!("image/png"));
    assert_eq!(links[0]["size"], json!(size));
    assert_eq!(links[0]["name"], json!("world.png"));
    assert_eq!(exported["structuredContent"]["result"]["path"], json!(path), "the path is still there");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_no_call_wrote_is_not_read_through_a_link() {
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let read = client.request("resources/read", json!({"uri": "file:///etc/passwd"})).await;
    assert!(read.get("error").is_some(), "{read}");
}

/// A session on `version` (before structured content) reads a table and the layers as JSON text.
async fn check_json_text(version: &'static str) {
    let mut client = Client::start(Setup { version, ..Setup::default() }).await;
    let read = client.call("read_table", json!({"layer": "countries", "limit": 5})).await;
    assert!(read.get("structuredContent").is_none(), "{version}: {read}");
    let data: Json = serde_json::from_str(&text_of(&read)).expect("the text is the result as JSON");
    assert_eq!(data["rows"].as_array().map(Vec::len), Some(5), "{version}: {data}");
    let listed = client.call("run_command", json!({"command": "layer.list"})).await;
    let data: Json = serde_json::from_str(&text_of(&listed)).expect("the text is the result as JSON");
    assert_eq!(data["result"]["layers"].as_array().map(Vec::len), Some(4), "{version}: {data}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_2024_11_05_session_gets_the_data_as_json_text() {
    check_json_text("2024-11-05").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_2025_03_26_session_gets_the_data_as_json_text() {
    check_json_text("2025-03-26").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn describe_command_sends_its_definition_once() {
    let mut client = Client::start(Setup::default()).await;
    let described = client.call("describe_command", json!({"command": "table.read"})).await;
    let text = text_of(&described);
    let params = described["structuredContent"]["params"].to_string();
    assert!(!text.contains(&params), "the text is not the schema's JSON again: {text}");
    assert!(text.len() < described["structuredContent"].to_string().len(), "{text}");
    assert!(text.contains("\n- layer (string): "), "each parameter has its line: {text}");
    assert!(text.contains("table.read {\"layer\": \"countries\""), "the examples are there: {text}");
    assert!(described["structuredContent"]["params"]["properties"]["layer"].is_object());
}

#[tokio::test(flavor = "multi_thread")]
async fn describe_command_says_what_to_make_first_when_the_sample_alone_cannot_run_the_examples() {
    let mut client = Client::start(Setup::default()).await;
    let described = client.call("describe_command", json!({"command": "layer.renameGroup"})).await;
    let setup = &described["structuredContent"]["example_setup"];
    assert_eq!(setup[0].as_str().map(|l| l.starts_with("layer.group {")), Some(true), "{setup}");
    let text = text_of(&described);
    assert!(text.contains("examples run on the World Atlas sample after:\n  layer.group {"), "{text}");
    let plain = client.call("describe_command", json!({"command": "table.read"})).await;
    assert!(plain["structuredContent"].get("example_setup").is_none(), "the sample alone runs table.read's");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_10000_row_table_stays_within_the_budget_with_a_note_on_how_to_page() {
    let mut client = Client::start(Setup::default()).await;
    let grid = json!({"command": "vector.grid", "params": {"extent": [-60, -60, 60, 60], "cell": 1, "name": "big"}});
    client.call("run_command", grid).await;
    let read = client.call("read_table", json!({"layer": "big", "limit": 10000})).await;
    assert!(size_of(&read) <= default_budget_bytes(), "{} bytes", size_of(&read));
    let data = &read["structuredContent"];
    let kept = data["rows"].as_array().map_or(0, Vec::len);
    assert!(kept > 100 && kept < 10_000, "{kept} rows");
    assert_eq!(data["returned"], json!(kept));
    assert_eq!(data["more"], json!(14_400 - kept));
    assert_eq!(data["cut"][0]["left_out"], json!(10_000 - kept));
    let text = text_of(&read);
    let note = text.lines().find(|l| l.starts_with("NOTE: ")).unwrap_or_else(|| panic!("no note: {text}"));
    assert!(note.starts_with(&format!("NOTE: {} of the 10000 rows read were left out", 10_000 - kept)), "{note}");
    assert!(note.contains(&format!("\"offset\": {kept}")), "{note}");
    let (_, rows) = table_rows(&text);
    assert_eq!(rows.len(), kept, "the text has the same rows");

    // The page the note names starts right after the last row shown.
    let next = client.call("read_table", json!({"layer": "big", "offset": kept, "limit": 1})).await;
    let last_shown = data["rows"][kept - 1]["fid"].as_u64().expect("a fid");
    assert_eq!(next["structuredContent"]["rows"][0]["fid"], json!(last_shown + 1));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_4096_pixel_square_map_stays_within_the_budget_and_says_it_was_drawn_smaller() {
    let mut client = Client::start(Setup::default()).await;
    // A picture costs a token per 750 pixels: 4096² is 22,370 tokens, within the default budget
    // but not within 10,000.
    let shown = client.call("view_map", json!({"width": 4096, "height": 4096, "max_tokens": 10_000})).await;
    assert!(size_of(&shown) <= 10_000 * rustgis_mcp::BYTES_PER_TOKEN, "{} bytes", size_of(&shown));
    let facts = &shown["structuredContent"];
    let width = facts["width"].as_u64().expect("a width");
    assert!(width < 4096 && facts["height"] == json!(width), "{facts}");
    let text = text_of(&shown);
    assert!(
        text.contains(&format!("NOTE: the map is drawn at {width}×{width} instead of the 4096×4096 asked for")),
        "{text}"
    );
    let png = base64::engine::general_purpose::STANDARD
        .decode(shown["content"][0]["data"].as_str().expect("the image comes first"))
        .expect("base64");
    let ihdr_width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert_eq!(u64::from(ihdr_width), width, "the PNG is the size the facts say");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_asks_for_a_smaller_budget_with_max_tokens() {
    let mut client = Client::start(Setup::default()).await;
    let read = client.call("read_table", json!({"layer": "countries", "limit": 177, "max_tokens": 1000})).await;
    assert!(size_of(&read) <= 1000 * BYTES_PER_TOKEN, "{} bytes", size_of(&read));
    assert!(text_of(&read).contains("within the result budget of 1000 tokens"), "{}", text_of(&read));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_budget_outside_the_range_is_refused_saying_the_range() {
    let mut client = Client::start(Setup::default()).await;
    let refused = client.call("read_table", json!({"layer": "countries", "max_tokens": 10})).await;
    assert_eq!(refused["isError"], json!(true), "{refused}");
    assert!(text_of(&refused).contains("from 1000 to 1000000"), "{}", text_of(&refused));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_server_declares_the_map_views_extension() {
    let client = Client::start(Setup::default()).await;
    let ui = &client.init["capabilities"]["extensions"]["io.modelcontextprotocol/ui"];
    assert_eq!(ui["mimeTypes"], json!(["text/html;profile=mcp-app"]), "{}", client.init);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shapefile_export_links_each_of_its_files() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("cities.shp");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let export = json!({"command": "layer.export", "params": {"layer": "cities", "path": path}});
    let exported = client.call("run_command", export).await;
    let mut linked: Vec<(String, String)> = exported["content"]
        .as_array()
        .expect("content")
        .iter()
        .filter(|c| c["type"] == "resource_link")
        .map(|c| (c["name"].as_str().unwrap_or("").to_owned(), c["mimeType"].as_str().unwrap_or("").to_owned()))
        .collect();
    linked.sort();
    let names: Vec<&str> = linked.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["cities.cpg", "cities.dbf", "cities.prj", "cities.shp", "cities.shx"], "{linked:?}");
    assert!(linked.contains(&("cities.shp".to_owned(), "application/vnd.shp".to_owned())), "{linked:?}");
    let text = text_of(&exported);
    assert_eq!(text.lines().filter(|l| l.starts_with("wrote ")).count(), linked.len(), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_snapshot_with_a_path_writes_the_size_asked_for_and_shows_a_smaller_picture() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("world.png");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    // 2048 × 1024 is 2,797 tokens of picture: over a budget of 2,000.
    let shot = client.call("snapshot", json!({"width": 2048, "height": 1024, "path": path, "max_tokens": 2_000})).await;
    assert!(size_of(&shot) <= 2_000 * rustgis_mcp::BYTES_PER_TOKEN, "{} bytes", size_of(&shot));
    let written = std::fs::read(&path).expect("the snapshot is written");
    let written_width = u32::from_be_bytes([written[16], written[17], written[18], written[19]]);
    assert_eq!(written_width, 2048, "the file has the size asked for");
    assert!(shot["structuredContent"]["width"].as_u64().is_some_and(|w| w < 2048), "{}", shot["structuredContent"]);
    let link =
        shot["content"].as_array().and_then(|c| c.iter().find(|c| c["type"] == "resource_link")).expect("a link");
    assert_eq!(link["size"], json!(written.len()));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_map_of_the_default_width_is_sent_as_asked_since_a_picture_costs_its_pixels_not_its_base64() {
    let mut client = Client::start(Setup::default()).await;
    let shown = client.call("view_map", json!({"width": 1024})).await;
    let facts = &shown["structuredContent"];
    assert_eq!(facts["width"], json!(1024), "{facts}");
    assert!(facts.get("cut").is_none(), "{facts}");
    assert!(size_of(&shown) <= default_budget_bytes(), "{} bytes", size_of(&shown));
}
