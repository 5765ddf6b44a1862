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
async fn describe_command_shows_every_declared_result_schema() {
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
        jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{}'s result schema is not a schema: {e}", def.id));
    }
}

#[test]
fn every_command_of_the_catalogue_declares_its_result() {
    let untyped: Vec<&str> = rustgis_core::Registry::global()
        .all()
        .iter()
        .filter(|def| def.result_schema().is_none())
        .map(|def| def.id)
        .collect();
    assert!(untyped.is_empty(), "these commands do not say what they return: {untyped:?}");
}

/// Lines run before a command's examples beside its own `example_setup`: for a command whose
/// examples need data the sample has not (a file of the user's, a job).
/// The result of each `OWN_RUNS` script's last line is checked as the examples' are.
const BEFORE: &[(&str, &str)] = &[
    ("edit.", r#"layer.setVisible {"layer": "cities", "visible": false}"#),
    ("job.", "job.start layer.list {}"),
    ("project.save", r#"project.save {"path": "atlas.rgis"}"#),
    ("project.open", r#"project.save {"path": "atlas.rgis"}"#),
    ("layout.addItem", r#"layout.create {"name": "A4 map"}"#),
    ("layout.export", r#"layout.fromTemplate {"template": "a4-landscape-title-legend"}"#),
    ("raster.export", r#"raster.hillshade {"layer": "dem"}"#),
    ("edit.redo", "edit.undo {}"),
    ("model.list", SAVED_MODEL),
    ("model.describe", SAVED_MODEL),
    ("model.run", SAVED_MODEL),
    ("model.delete", SAVED_MODEL),
    ("plugin.enable", INSTALLED_PLUGIN),
    ("plugin.remove", INSTALLED_PLUGIN),
];

/// Installs the example plugin (`EXAMPLES/` names the workspace's examples folder).
const INSTALLED_PLUGIN: &str = r#"plugin.install {"path": "EXAMPLES/plugins/hello"}"#;

/// The tasks file every run has in its app-data folder: `simplify` (the name `task.run`'s example
/// uses) copies its input to its output.
const TASKS_TOML: &str = r#"
[[tasks]]
name = "simplify"
executable = "cp"
args = ["{in}", "{out}"]
description = "copies the layer (a stand-in for a real tool)"
"#;

/// Commands whose results this test cannot produce, and where they are validated instead.
const VALIDATED_ELSEWHERE: &[(&str, &str)] = &[
    // Needs GDAL's ogr2ogr on the PATH; its result type is task.run's, which runs here (the
    // schemas are checked to be the same).
    ("geolibre.run", "task.run"),
    // Need a PostGIS database and the relay's provider: rustgis-relay/tests/relay/postgis.rs.
    ("layer.addPostgis", "rustgis-relay's postgis tests"),
    ("postgis.tables", "rustgis-relay's postgis tests"),
];

/// `model.save`'s example, which the other `model.*` examples use.
const SAVED_MODEL: &str = r#"model.save {"name": "buffered big cities", "inputs": [{"name": "cities", "type": "layer"}, {"name": "km", "type": "number", "default": 100}], "steps": [{"command": "vector.filter", "params": {"layer": "${cities}", "where": "population > 5000000", "name": "big cities"}}, {"command": "vector.buffer", "params": {"layer": "${step1}", "distance": "${km}", "unit": "km"}}]}"#;
const OWN_RUNS: &[(&str, &str)] = &[
    // The layer list with its groups.
    (
        "layer.list",
        "layer.group {\"layers\": [\"countries\", \"boundaries\"], \"group\": \"Basemap/Land\"}\nlayer.list {}",
    ),
    (
        "layer.open",
        "layer.export {\"layer\": \"cities\", \"path\": \"cities.geojson\"}\nlayer.open {\"path\": \"cities.geojson\"}",
    ),
    ("layer.open", "layer.open {\"path\": \"RASTERS/dem_4326.tif\", \"name\": \"dem\"}"),
    (
        "layer.info",
        "layer.open {\"path\": \"RASTERS/dem_4326.tif\", \"name\": \"dem\"}\nlayer.info {\"layer\": \"dem\"}",
    ),
    (
        "layer.info",
        "layer.export {\"layer\": \"cities\", \"path\": \"cities.geojson\"}\nlayer.open {\"path\": \"cities.geojson\", \"name\": \"c\"}\nlayer.info {\"layer\": \"c\"}",
    ),
    ("map.export", r#"map.export {"path": "world.svg"}"#),
    (
        "files.list",
        "layer.export {\"layer\": \"cities\", \"path\": \"cities.geojson\"}\nfiles.list {\"pattern\": \"*.geojson\"}",
    ),
    ("plugin.install", INSTALLED_PLUGIN),
    (
        "model.fromHistory",
        "layer.setVisible {\"layer\": \"cities\", \"visible\": false}\nmodel.fromHistory {\"actor\": \"user\", \"name\": \"hide\"}",
    ),
];

/// Every command that declares its result is run, each catalogue example on the sample (in a
/// temporary project folder, with the raster fixtures opened where an example names them) and
/// `OWN_RUNS` for those whose examples need files the sample has not, and every result is
/// validated against the declared schema with a JSON Schema validator.
#[test]
fn every_declared_result_validates_against_its_schema() {
    let declared: Vec<_> =
        rustgis_core::Registry::global().all().iter().filter(|def| def.result_schema().is_some()).collect();
    let rasters = raster_fixtures();
    let mut validated = BTreeSet::new();
    let mut skipped = BTreeSet::new();
    for def in &declared {
        // The catalogue's own setup first (rustgis-core's catalogue test runs it too), then this
        // test's, for what needs files or jobs.
        let before: Vec<&str> = std::iter::once(def.example_setup)
            .chain(BEFORE.iter().filter(|(prefix, _)| def.id.starts_with(prefix)).map(|(_, line)| *line))
            .collect();
        for example in def.examples {
            let mut script = String::new();
            for (name, file) in [("dem", "dem_4326.tif"), ("image", "rgb.tif"), ("landcover", "landcover.tif")] {
                if example.contains(&format!("\"{name}")) && !example.contains("layer.open") {
                    script += &format!("layer.open {{\"path\": \"RASTERS/{file}\", \"name\": \"{name}\"}}\n");
                }
            }
            script += &format!("{}\n{example}", before.join("\n"));
            match run_and_check(def, &script, rasters.as_deref()) {
                Ran::Valid => {
                    validated.insert(def.id);
                }
                Ran::NeedsRasters => {
                    skipped.insert(def.id);
                }
                Ran::Failed(_) => {}
            }
        }
    }
    for (id, script) in OWN_RUNS {
        let def = declared.iter().find(|def| def.id == *id).unwrap_or_else(|| panic!("{id} declares its result"));
        match run_and_check(def, script, rasters.as_deref()) {
            Ran::Valid => {
                validated.insert(def.id);
            }
            Ran::NeedsRasters => {
                skipped.insert(def.id);
            }
            Ran::Failed(error) => panic!("{script}: {error}"),
        }
    }
    let registry = rustgis_core::Registry::global();
    for (id, instead) in VALIDATED_ELSEWHERE {
        if let Some(same) = registry.get(instead) {
            assert_eq!(
                registry.get(id).and_then(|def| def.result_schema()),
                same.result_schema(),
                "{id} returns what {instead} returns"
            );
        }
    }
    let missing: Vec<&str> = declared
        .iter()
        .map(|def| def.id)
        .filter(|id| !validated.contains(id) && !skipped.contains(id))
        .filter(|id| !VALIDATED_ELSEWHERE.iter().any(|(elsewhere, _)| elsewhere == id))
        .collect();
    assert!(missing.is_empty(), "no run of these was validated: {missing:?}");
    if !skipped.is_empty() {
        let how = "run `.venv/bin/python scripts/make_raster_fixtures.py target/raster-fixtures`";
        assert!(
            std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"),
            "the raster fixtures are missing, so {skipped:?} were not run: {how}"
        );
        eprintln!("SKIPPED: the raster fixtures are missing, so {skipped:?} were not run; {how}");
    }
}

/// How a run of a command went.
enum Ran {
    /// It ran and its result fits its schema.
    Valid,
    /// It needs the raster fixtures, which are missing.
    NeedsRasters,
    /// It failed (its example needs a file or a service the test has not), with the error.
    Failed(String),
}

/// Runs `script`'s lines on the sample in a temporary project folder (`RASTERS/` naming the
/// raster fixtures' folder, `EXAMPLES/` the workspace's examples, `job.start id {json}` starting
/// a job), with a plugins folder beside [`TASKS_TOML`], and checks that its last line's result
/// fits `def`'s result schema.
fn run_and_check(def: &rustgis_core::CommandDef, script: &str, rasters: Option<&std::path::Path>) -> Ran {
    use rustgis_core::{Caller, Session};
    let script = match (script.contains("RASTERS/"), rasters) {
        (false, _) => script.to_owned(),
        (true, Some(dir)) => script.replace("RASTERS/", &format!("{}/", dir.display())),
        (true, None) => return Ran::NeedsRasters,
    };
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let script = script.replace("EXAMPLES/", &format!("{}/", examples.display()));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let app_data = folder.path().join("app-data");
    std::fs::create_dir_all(app_data.join("plugins")).expect("the plugins folder can be made");
    #[allow(clippy::disallowed_methods, reason = "a test writes its app-data folder's tasks file directly")]
    std::fs::write(app_data.join("tasks.toml"), TASKS_TOML).expect("the tasks file can be written");
    let mut session = Session::with_sample().expect("the sample loads");
    let failures = session.load_plugins(Some(app_data.join("plugins")), Vec::new());
    assert!(failures.is_empty(), "{failures:?}");
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::new()));
    session.set_project_path(Some(folder.path().join("project.rgis")));
    let caller = Caller::user();
    let mut result = None;
    for line in script.lines().filter(|line| !line.trim().is_empty()) {
        let (command, params) = rustgis_core::split_command_line(line);
        if command == "job.start" {
            let (command, params) = rustgis_core::split_command_line(params);
            let params: Json = serde_json::from_str(params).expect("JSON");
            session.start_job(&caller, command, params).expect("the job starts");
            continue;
        }
        let params: Json = if params.is_empty() { json!({}) } else { serde_json::from_str(params).expect("JSON") };
        match session.execute(&caller, command, params) {
            Ok(outcome) => result = Some(outcome.result),
            Err(error) => return Ran::Failed(format!("{line}: {error:#}")),
        }
    }
    let result = result.expect("a script runs a line");
    let schema = def.result_schema().expect("a declared result");
    let validator = jsonschema::validator_for(schema).expect("a result schema is a schema");
    let errors: Vec<String> = validator.iter_errors(&result).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{script}: {errors:?}\n{result}");
    Ran::Valid
}

/// The raster fixtures' folder (`scripts/make_raster_fixtures.py`), when they were made.
fn raster_fixtures() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("RUSTGIS_RASTER_FIXTURES").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/raster-fixtures"),
        std::path::PathBuf::from,
    );
    dir.join("dem_4326.json").exists().then_some(dir)
}
