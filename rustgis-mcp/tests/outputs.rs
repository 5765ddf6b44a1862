//! Every tool declares an `outputSchema`, and every result it gives (a success in each of its
//! shapes, a cut result, a failure) validates against it with a JSON Schema validator.

#[path = "support/client.rs"]
mod client;

use std::collections::{BTreeMap, BTreeSet};

use client::{Client, Setup};
use serde_json::{Value as Json, json};

/// Calls `tool` and checks its structured content against the tool's output schema.
async fn check(
    client: &mut Client,
    schemas: &BTreeMap<String, Json>,
    called: &mut BTreeSet<String>,
    tool: &str,
    arguments: Json,
) {
    let result = client.call(tool, arguments.clone()).await;
    let schema = schemas.get(tool).unwrap_or_else(|| panic!("{tool} declares no output schema"));
    let validator =
        jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{tool}'s output schema is not a schema: {e}"));
    let structured = result
        .get("structuredContent")
        .unwrap_or_else(|| panic!("{tool} {arguments}: no structured content: {result}"));
    let errors: Vec<String> =
        validator.iter_errors(structured).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{tool} {arguments}: {errors:?}\n{structured}");
    called.insert(tool.to_owned());
}

#[tokio::test(flavor = "multi_thread")]
async fn every_tools_results_validate_against_its_output_schema() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let listed = client.request("tools/list", json!({})).await;
    let tools = listed["result"]["tools"].as_array().expect("tools");
    let names: BTreeSet<String> = tools.iter().filter_map(|t| t["name"].as_str().map(str::to_owned)).collect();
    let schemas: BTreeMap<String, Json> =
        tools.iter().filter_map(|t| Some((t["name"].as_str()?.to_owned(), t.get("outputSchema")?.clone()))).collect();
    for schema in schemas.values() {
        assert_eq!(schema["type"], json!("object"), "an output schema is an object: {schema}");
    }
    let mut called = BTreeSet::new();
    let c = &mut client;
    let (s, k) = (&schemas, &mut called);

    check(c, s, k, "run_command", json!({"command": "layer.list"})).await;
    check(c, s, k, "run_command", json!({"command": "project.info"})).await;
    check(c, s, k, "run_command", json!({"command": "no.such"})).await;
    let grid = json!({"command": "vector.grid", "params": {"extent": [-60, -60, 60, 60], "cell": 1, "name": "big"}});
    check(c, s, k, "run_command", grid).await;
    check(c, s, k, "run_command", json!({"command": "table.read", "params": {"layer": "big", "limit": 10000}})).await;
    let buffer = json!({"layer": "cities", "distance": 10, "unit": "km"});
    check(c, s, k, "run_command", json!({"command": "vector.buffer", "params": buffer, "async": true})).await;
    let path = folder.path().join("cities.geojson");
    check(c, s, k, "run_command", json!({"command": "layer.export", "params": {"layer": "cities", "path": path}}))
        .await;

    check(c, s, k, "run", json!({"script": "layer.select {\"layer\": \"cities\"}\nlayer.info {}"})).await;
    check(
        c,
        s,
        k,
        "run",
        json!({"script": "layer.select {\"layer\": \"cities\"}\nlayer.remove {\"layer\": \"nowhere\"}"}),
    )
    .await;
    check(c, s, k, "run", json!({"script": "layer.list {}", "async": true})).await;

    check(c, s, k, "list_commands", json!({"query": "buffer"})).await;
    check(c, s, k, "list_commands", json!({"query": "qqqqzzzz"})).await;
    check(c, s, k, "describe_command", json!({"command": "table.read"})).await;
    check(c, s, k, "describe_command", json!({"command": "vector.buffer"})).await;
    check(c, s, k, "describe_command", json!({"command": "no.such"})).await;

    check(c, s, k, "read_table", json!({"layer": "countries", "limit": 3})).await;
    check(c, s, k, "read_table", json!({"layer": "big", "limit": 10000})).await;
    check(c, s, k, "read_table", json!({"layer": "nowhere"})).await;

    check(c, s, k, "view_map", json!({"width": 128, "height": 64})).await;
    check(c, s, k, "view_map", json!({"width": 1024, "max_tokens": 1000})).await;
    check(c, s, k, "snapshot", json!({"width": 64, "height": 64})).await;
    let png = folder.path().join("snapshot.png");
    check(c, s, k, "snapshot", json!({"width": 64, "height": 64, "path": png})).await;
    check(c, s, k, "snapshot", json!({"mode": "screen"})).await;

    check(c, s, k, "search_docs", json!({"query": "undo"})).await;

    assert_eq!(called, names, "every tool was called");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_command_that_declares_its_result_returns_what_it_declares() {
    let mut client = Client::start(Setup::default()).await;
    let declared: Vec<_> =
        rustgis_core::Registry::global().all().iter().filter(|def| def.result_schema().is_some()).collect();
    assert!(declared.len() >= 3, "layer.list, project.info and table.read declare their results");
    for def in declared {
        let described = client.call("describe_command", json!({"command": def.id})).await;
        let schema = &described["structuredContent"]["result"];
        assert!(
            client::text_of(&described).contains("\nresult:\n- "),
            "describe_command's text lists {}'s result",
            def.id
        );
        let validator = jsonschema::validator_for(schema).expect("a result schema is a schema");
        let example = def.examples.first().unwrap_or_else(|| panic!("{} has an example", def.id));
        let (command, params) = rustgis_core::split_command_line(example);
        let params: Json = if params.is_empty() { json!({}) } else { serde_json::from_str(params).expect("JSON") };
        let ran = client.call("run_command", json!({"command": command, "params": params})).await;
        let result = &ran["structuredContent"]["result"];
        let errors: Vec<String> =
            validator.iter_errors(result).map(|e| format!("{e} at {}", e.instance_path())).collect();
        assert!(errors.is_empty(), "{example}: {errors:?}\n{result}");
    }
}
