//! The prompts: each recipe `prompts/get` returns names only commands and tools that exist, with
//! parameters their schemas accept (read from the recipe's text as an agent reads it), and,
//! followed on the World Atlas sample, makes the map it promises.
#![allow(clippy::disallowed_methods, reason = "the test writes the data file a recipe maps")]

#[path = "support/client.rs"]
mod client;
#[path = "support/recipes.rs"]
mod recipes;

use client::{Client, Setup};
use recipes::{Step, read_steps};
use serde_json::{Value as Json, json};

#[test]
fn a_recipe_naming_a_command_or_parameter_that_does_not_exist_is_caught() {
    let good = "Do it.\n\n1. Run:\n\n```\nmap.zoomTo {\"layer\": \"cities\"}\n```\n\n2. Look with `view_map {}`.\n";
    assert_eq!(
        read_steps(good),
        Ok(vec![
            Step::Script("map.zoomTo {\"layer\": \"cities\"}".to_owned()),
            Step::Tool("view_map".to_owned(), json!({}))
        ])
    );
    for (bad, why) in [
        ("```\nmap.zoomIn {\"layer\": \"cities\"}\n```\n", "no command map.zoomIn"),
        ("```\nmap.zoomTo {\"layers\": \"cities\"}\n```\n", "map.zoomTo {\"layers\""),
        ("```\nstyle.graduated {\"layer\": \"c\"}\n```\n", "\"field\" is a required property"),
        ("```\nmap.zoomTo {}\n```\nthen `view_map {\"zoom\": 3}`", "view_map {\"zoom\":3}"),
        ("`vector.bufer {}` then\n```\nmap.zoomTo {}\n```\n", "no command vector.bufer"),
        ("```\nmap.zoomTo {\"layer\": 3\n```\n", "not JSON"),
    ] {
        let errors = read_steps(bad).expect_err(bad);
        assert!(errors.iter().any(|e| e.contains(why)), "{bad}: {errors:?} does not say {why:?}");
    }
}

/// The text of a prompt's one message.
async fn prompt_text(client: &mut Client, name: &str, arguments: Json) -> String {
    let reply = client.request("prompts/get", json!({ "name": name, "arguments": arguments })).await;
    assert!(reply.get("error").is_none(), "prompts/get {name} {arguments}: {reply}");
    let messages = reply["result"]["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 1, "{reply}");
    assert_eq!(messages[0]["role"], "user");
    messages[0]["content"]["text"].as_str().expect("a text message").to_owned()
}

/// Gets a prompt, checks its recipe, follows it and returns the script's result and the last
/// map's facts.
async fn follow(client: &mut Client, name: &str, arguments: Json) -> (Json, Json) {
    let text = prompt_text(client, name, arguments.clone()).await;
    let steps = read_steps(&text).unwrap_or_else(|errors| panic!("{name} {arguments}:\n{}\n{text}", errors.join("\n")));
    let scripts = steps.iter().filter(|s| matches!(s, Step::Script(_))).count();
    assert_eq!(scripts, 1, "{name}: one script: {text}");
    assert!(steps.len() > 1, "{name}: the recipe shows its result: {text}");
    let (results, map) = recipes::follow(client, name, &steps, &[]).await;
    (results[0].clone(), map)
}

async fn layer_info(client: &mut Client, layer: &str) -> Json {
    let result = client.call("run_command", json!({ "command": "layer.info", "params": { "layer": layer } })).await;
    result["structuredContent"]["result"].clone()
}

fn assert_drawn(map: &Json, what: &str) {
    assert_eq!(map["blank"], json!(false), "{what}: the map is blank: {map}");
    assert!(map["width"].as_u64().unwrap_or(0) > 0, "{what}: {map}");
}

#[tokio::test(flavor = "multi_thread")]
async fn prompts_are_listed_with_their_arguments() {
    let mut client = Client::start(Setup::default()).await;
    assert!(client.init["capabilities"]["prompts"].is_object(), "{}", client.init);
    let listed = client.request("prompts/list", json!({})).await;
    let prompts = listed["result"]["prompts"].as_array().expect("prompts");
    let names: Vec<&str> = prompts.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["map-file", "choropleth", "print-a4", "compare-layers", "find-near"]);
    for prompt in prompts {
        assert!(prompt["title"].is_string() && prompt["description"].is_string(), "{prompt}");
        let arguments = prompt["arguments"].as_array().expect("arguments");
        assert!(arguments.iter().any(|a| a["required"] == json!(true)), "{prompt}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn each_recipe_followed_on_the_sample_makes_its_map() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;

    // map-file: a file written first, then mapped.
    let path = folder.path().join("places.geojson");
    let places = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "a"}, "geometry": {"type": "Point", "coordinates": [10.0, 50.0]}},
        {"type": "Feature", "properties": {"name": "b"}, "geometry": {"type": "Point", "coordinates": [12.0, 48.0]}},
    ]});
    std::fs::write(&path, places.to_string()).expect("write the file");
    let (_, map) = follow(&mut client, "map-file", json!({ "path": path })).await;
    let opened = layer_info(&mut client, "places").await;
    assert_eq!(opened["features"], json!(2), "{opened}");
    assert_drawn(&map, "map-file");
    let extent = map["extent"].as_array().expect("an extent");
    assert!(extent[2].as_f64() < Some(40.0), "the map is zoomed to the two places: {map}");

    // choropleth of a number, then of text.
    let (_, map) = follow(&mut client, "choropleth", json!({ "layer": "countries", "field": "pop_est" })).await;
    assert_drawn(&map, "choropleth of pop_est");
    let info = layer_info(&mut client, "countries").await;
    assert_eq!(info["style"]["type"], json!("graduated"), "{info}");
    let (_, map) =
        follow(&mut client, "choropleth", json!({ "layer": "countries", "field": "CONTINENT", "ramp": "set2" })).await;
    assert_drawn(&map, "choropleth of continent");
    let info = layer_info(&mut client, "countries").await;
    assert_eq!(info["style"]["type"], json!("categorized"), "{info}");

    // print-a4: a PDF.
    let pdf = folder.path().join("world.pdf");
    let (exported, _) = follow(&mut client, "print-a4", json!({ "title": "The world", "path": pdf })).await;
    assert_eq!(exported["format"], json!("pdf"), "{exported}");
    let bytes = std::fs::read(&pdf).expect("the PDF is written");
    assert!(bytes.starts_with(b"%PDF-") && bytes.len() > 10_000, "a PDF of {} bytes", bytes.len());
    let portrait = folder.path().join("portrait.png");
    let (exported, _) =
        follow(&mut client, "print-a4", json!({ "title": "The world", "path": portrait, "orientation": "portrait" }))
            .await;
    assert!(exported["height"].as_u64() > exported["width"].as_u64(), "a portrait page: {exported}");

    // compare-layers: polygons and points, lines and points, polygons and polygons.
    let (_, map) = follow(&mut client, "compare-layers", json!({ "layer_a": "countries", "layer_b": "cities" })).await;
    assert_drawn(&map, "countries and cities");
    let inside = layer_info(&mut client, "cities in countries").await;
    assert!(inside["features"].as_u64() > Some(400), "most cities are in a country: {inside}");
    let (_, map) = follow(&mut client, "compare-layers", json!({ "layer_a": "cities", "layer_b": "coastline" })).await;
    assert_drawn(&map, "cities and coastline");
    let nearest = layer_info(&mut client, "cities nearest coastline").await;
    assert_eq!(nearest["features"], json!(521), "{nearest}");
    let zone = json!({"type": "Polygon", "coordinates": [[[-10, 35], [30, 35], [30, 60], [-10, 60], [-10, 35]]]});
    client
        .call("run_command", json!({ "command": "layer.addGeoJSON", "params": { "name": "zone", "geojson": zone } }))
        .await;
    let (_, map) = follow(&mut client, "compare-layers", json!({ "layer_a": "zone", "layer_b": "countries" })).await;
    assert_drawn(&map, "zone and countries");
    let overlap = layer_info(&mut client, "zone and countries").await;
    assert!(overlap["features"].as_u64() > Some(20), "the zone meets many countries: {overlap}");

    // find-near: a city by name, and a point.
    let (near, map) =
        follow(&mut client, "find-near", json!({ "layer": "cities", "place": "paris", "distance": "300 km" })).await;
    assert_drawn(&map, "cities near Paris");
    let names: Vec<&str> = near["rows"].as_array().expect("rows").iter().filter_map(|r| r["name"].as_str()).collect();
    assert!(names.contains(&"Paris") && names.contains(&"Brussels") && !names.contains(&"Berlin"), "{names:?}");
    let (near, map) =
        follow(&mut client, "find-near", json!({ "layer": "countries", "place": "2.35, 48.86", "distance": "500 km" }))
            .await;
    assert_drawn(&map, "countries near a point");
    let names: Vec<&str> = near["rows"].as_array().expect("rows").iter().filter_map(|r| r["name"].as_str()).collect();
    assert!(names.contains(&"France") && names.contains(&"Belgium") && !names.contains(&"Spain"), "{names:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_recipe_says_what_the_project_holds_and_what_access_it_needs() {
    let mut client = Client::start(Setup::default()).await;
    let text = prompt_text(&mut client, "map-file", json!({ "path": "/data/parcels.geojson" })).await;
    assert!(text.contains("no file access") && text.contains("--yes"), "{text}");
    let text = prompt_text(&mut client, "choropleth", json!({ "layer": "countries", "field": "gdp_md" })).await;
    assert!(text.contains("\"countries\" has 177 features (polygons)") && text.contains("style.graduated"), "{text}");
    let text = prompt_text(&mut client, "compare-layers", json!({ "layer_a": "cities", "layer_b": "countries" })).await;
    assert!(text.contains("Fields in both: \"name\""), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_asked_wrongly_answers_invalid_params_saying_why() {
    let mut client = Client::start(Setup::default()).await;
    for (name, arguments, why) in [
        ("no-such", json!({}), "the prompts are map-file"),
        ("choropleth", json!({ "layer": "nowhere", "field": "x" }), "the layers with features are"),
        ("choropleth", json!({ "layer": "countries", "field": "nothing" }), "its fields are"),
        ("choropleth", json!({ "layer": "countries" }), "needs the argument \"field\""),
        ("choropleth", json!({ "layer": "countries", "field": "pop_est", "ramp": "rainbowish" }), "ramp"),
        ("choropleth", json!({ "layer": "countries", "field": "pop_est", "colour": "red" }), "takes no argument"),
        ("find-near", json!({ "layer": "cities", "place": "Atlantis" }), "longitude, latitude"),
        ("find-near", json!({ "layer": "cities", "place": "Paris", "distance": "3 parsecs" }), "unknown unit"),
        ("print-a4", json!({ "title": "x", "path": "x.docx" }), ".pdf, .svg or .png"),
        ("compare-layers", json!({ "layer_a": "cities", "layer_b": "cities" }), "two different layers"),
    ] {
        let reply = client.request("prompts/get", json!({ "name": name, "arguments": arguments })).await;
        assert_eq!(reply["error"]["code"], json!(-32602), "{name} {arguments}: {reply}");
        let message = reply["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(why), "{name} {arguments}: {message:?} does not say {why:?}");
    }
}
