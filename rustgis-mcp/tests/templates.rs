//! Resource templates and completions: `resources/templates/list` lists them, reading a layer,
//! a page of its features, a file written and a command works, a URI that names nothing answers
//! -32602 (never -32002, the relay's "cancelled, it never ran"), and `completion/complete` gives
//! layer names, a layer's fields, places, command ids and files written.

#[path = "support/client.rs"]
mod client;

use client::{Client, Setup};
use serde_json::{Value as Json, json};

/// Reads a resource: its one contents entry.
async fn read(client: &mut Client, uri: &str) -> Json {
    let reply = client.request("resources/read", json!({ "uri": uri })).await;
    assert!(reply.get("error").is_none(), "{uri}: {reply}");
    let contents = reply["result"]["contents"].as_array().expect("contents");
    assert_eq!(contents.len(), 1, "{reply}");
    assert_eq!(contents[0]["uri"], json!(uri));
    contents[0].clone()
}

/// Reads a JSON resource and parses its text.
async fn read_json(client: &mut Client, uri: &str) -> (String, Json) {
    let contents = read(client, uri).await;
    let mime = contents["mimeType"].as_str().unwrap_or_default().to_owned();
    (mime, serde_json::from_str(contents["text"].as_str().expect("text")).expect("JSON"))
}

/// The values `completion/complete` gives.
async fn complete(client: &mut Client, reference: Json, argument: &str, value: &str, context: Json) -> Json {
    let mut params = json!({ "ref": reference, "argument": { "name": argument, "value": value } });
    if !context.is_null() {
        params["context"] = json!({ "arguments": context });
    }
    let reply = client.request("completion/complete", params).await;
    assert!(reply.get("error").is_none(), "{reply}");
    reply["result"]["completion"].clone()
}

fn prompt(name: &str) -> Json {
    json!({ "type": "ref/prompt", "name": name })
}

fn template(uri: &str) -> Json {
    json!({ "type": "ref/resource", "uri": uri })
}

fn values(completion: &Json) -> Vec<String> {
    completion["values"].as_array().expect("values").iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_templates_are_listed() {
    let mut client = Client::start(Setup::default()).await;
    assert!(client.init["capabilities"]["completions"].is_object(), "{}", client.init);
    let listed = client.request("resources/templates/list", json!({})).await;
    let templates: Vec<&str> = listed["result"]["resourceTemplates"]
        .as_array()
        .expect("templates")
        .iter()
        .filter_map(|t| t["uriTemplate"].as_str())
        .collect();
    assert_eq!(
        templates,
        [
            "rustgis://layers/{name}",
            "rustgis://layers/{name}/features{?offset,limit}",
            "rustgis://outputs/{file}",
            "rustgis://commands/{command}"
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_layer_reads_as_its_description_and_its_features_as_geojson_pages() {
    let mut client = Client::start(Setup::default()).await;
    let (mime, countries) = read_json(&mut client, "rustgis://layers/countries").await;
    assert_eq!(mime, "application/json");
    assert_eq!(countries["crs"], json!("EPSG:4326"));
    assert_eq!(countries["features"], json!(177));
    assert_eq!(countries["geometry"], json!("Polygon"));
    assert!(countries["extent"].as_array().is_some_and(|e| e.len() == 4), "{countries}");
    assert!(countries["style"]["type"].is_string(), "{countries}");
    let fields = countries["fields"].as_array().expect("fields");
    assert!(fields.iter().any(|f| f["name"] == "pop_est" && f["type"].is_string()), "{fields:?}");
    assert_eq!(countries["features_uri"], json!("rustgis://layers/countries/features?offset=0&limit=100"));

    let (mime, page) = read_json(&mut client, "rustgis://layers/countries/features?offset=170&limit=5").await;
    assert_eq!(mime, "application/geo+json");
    assert_eq!(page["type"], json!("FeatureCollection"));
    assert_eq!(
        (page["total"].clone(), page["offset"].clone(), page["returned"].clone()),
        (json!(177), json!(170), json!(5))
    );
    assert_eq!(page["next"], json!("rustgis://layers/countries/features?offset=175&limit=5"));
    let feature = &page["features"][0];
    assert!(feature["id"].is_number() && feature["properties"]["name"].is_string(), "{feature}");
    assert!(["Polygon", "MultiPolygon"].contains(&feature["geometry"]["type"].as_str().unwrap_or_default()));
    let (_, last) = read_json(&mut client, "rustgis://layers/countries/features?offset=175&limit=5").await;
    assert_eq!((last["returned"].clone(), last["next"].clone()), (json!(2), Json::Null));

    // A name with spaces, percent-encoded as a URI template expands it.
    client
        .call(
            "run_command",
            json!({"command": "vector.buffer", "params": {"layer": "cities", "distance": 10, "unit": "km", "name": "city zones"}}),
        )
        .await;
    let (_, zones) = read_json(&mut client, "rustgis://layers/city%20zones").await;
    assert_eq!(zones["name"], json!("city zones"));
    assert_eq!(zones["features_uri"], json!("rustgis://layers/city%20zones/features?offset=0&limit=100"));
    let (_, page) = read_json(&mut client, "rustgis://layers/city%20zones/features").await;
    assert_eq!(page["returned"], json!(100));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_command_reads_as_its_definition() {
    let mut client = Client::start(Setup::default()).await;
    let (mime, buffer) = read_json(&mut client, "rustgis://commands/vector.buffer").await;
    assert_eq!(mime, "application/json");
    assert_eq!(buffer["id"], json!("vector.buffer"));
    assert!(buffer["params"]["properties"]["distance"].is_object(), "{buffer}");
}

#[tokio::test(flavor = "multi_thread")]
async fn what_names_nothing_answers_invalid_params_with_the_uri() {
    let mut client = Client::start(Setup::default()).await;
    for (uri, why) in [
        ("rustgis://layers/rivers", "the layers are \"countries\""),
        ("rustgis://layers/rivers/features", "there is no layer \"rivers\""),
        ("rustgis://layers/cities/features?limit=0", "limit is 0"),
        ("rustgis://commands/vector.bufer", "did you mean vector.buffer"),
        ("rustgis://outputs/map.pdf", "this session has written none yet"),
        ("rustgis://docs/nothing.md", "no documentation page"),
        ("file:///etc/passwd", "not a file this server wrote"),
    ] {
        let reply = client.request("resources/read", json!({ "uri": uri })).await;
        assert_eq!(reply["error"]["code"], json!(-32602), "{uri}: {reply}");
        assert_eq!(reply["error"]["data"]["uri"], json!(uri), "{uri}: {reply}");
        let message = reply["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(why), "{uri}: {message:?} does not say {why:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_written_reads_back_as_an_output_and_completes_by_name() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let path = folder.path().join("cities.geojson");
    client.call("run_command", json!({"command": "layer.export", "params": {"layer": "cities", "path": path}})).await;
    let contents = read(&mut client, "rustgis://outputs/cities.geojson").await;
    assert_eq!(contents["mimeType"], json!("application/geo+json"));
    let written: Json = serde_json::from_str(contents["text"].as_str().expect("text")).expect("GeoJSON");
    assert_eq!(written["features"].as_array().map(Vec::len), Some(521));
    let listed = client.request("resources/list", json!({})).await;
    let outputs: Vec<&Json> = listed["result"]["resources"]
        .as_array()
        .expect("resources")
        .iter()
        .filter(|r| r["uri"].as_str().is_some_and(|u| u.starts_with("rustgis://outputs/")))
        .collect();
    assert_eq!(outputs.len(), 1, "{outputs:?}");
    assert_eq!(outputs[0]["uri"], json!("rustgis://outputs/cities.geojson"));
    assert_eq!(outputs[0]["size"], json!(std::fs::metadata(&path).expect("the file").len()));
    let completion = complete(&mut client, template("rustgis://outputs/{file}"), "file", "cit", Json::Null).await;
    assert_eq!(values(&completion), ["cities.geojson"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn completions_give_layers_fields_places_and_commands() {
    let mut client = Client::start(Setup::default()).await;
    let layers = complete(&mut client, prompt("choropleth"), "layer", "co", Json::Null).await;
    assert_eq!(values(&layers), ["coastline", "countries"]);
    let all = complete(&mut client, template("rustgis://layers/{name}"), "name", "", Json::Null).await;
    assert_eq!(values(&all), ["cities", "boundaries", "coastline", "countries"], "top layer first");
    let other = complete(&mut client, prompt("compare-layers"), "layer_b", "", json!({"layer_a": "cities"})).await;
    assert!(!values(&other).contains(&"cities".to_owned()), "{other}");

    let fields = complete(&mut client, prompt("choropleth"), "field", "", json!({"layer": "countries"})).await;
    let fields = values(&fields);
    assert!(fields.contains(&"pop_est".to_owned()) && fields.contains(&"continent".to_owned()), "{fields:?}");
    let first_text = fields.iter().position(|f| f == "continent").expect("continent");
    assert!(fields.iter().position(|f| f == "pop_est").expect("pop_est") < first_text, "numbers first: {fields:?}");
    let fields = complete(&mut client, prompt("choropleth"), "field", "pop", json!({"layer": "cities"})).await;
    assert_eq!(values(&fields), ["population"]);
    let fields = complete(&mut client, prompt("choropleth"), "field", "gdp", Json::Null).await;
    assert_eq!(values(&fields), ["gdp_md", "gdp_year"], "without a layer, every layer's fields");

    let places = complete(&mut client, prompt("find-near"), "place", "pari", Json::Null).await;
    assert!(values(&places).contains(&"Paris".to_owned()), "{places}");
    let distance = complete(&mut client, prompt("find-near"), "distance", "10", Json::Null).await;
    assert_eq!(values(&distance), ["10 km", "100 km", "10 mi", "100 mi"]);
    let ramps = complete(&mut client, prompt("choropleth"), "ramp", "vir", Json::Null).await;
    assert!(values(&ramps).contains(&"viridis".to_owned()), "{ramps}");

    let commands = complete(&mut client, template("rustgis://commands/{command}"), "command", "buf", Json::Null).await;
    assert!(values(&commands).contains(&"vector.buffer".to_owned()), "{commands}");
    let commands = complete(&mut client, template("rustgis://commands/{command}"), "command", "", Json::Null).await;
    assert_eq!(commands["values"].as_array().map(Vec::len), Some(100));
    assert_eq!(commands["hasMore"], json!(true));
    assert!(commands["total"].as_u64() > Some(100), "{commands}");

    for (reference, argument) in [
        (prompt("no-such"), "layer"),
        (prompt("choropleth"), "colour"),
        (template("rustgis://rivers/{name}"), "name"),
        (template("rustgis://layers/{name}"), "layer"),
    ] {
        let params = json!({ "ref": reference, "argument": { "name": argument, "value": "" } });
        let reply = client.request("completion/complete", params).await;
        assert_eq!(reply["error"]["code"], json!(-32602), "{reply}");
    }
}
