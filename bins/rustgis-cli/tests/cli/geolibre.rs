//! The GeoLibre runner and tasks, end to end through `rustgis-cli run`. GDAL's command-line tools
//! are not installed where these tests run (pyogrio's GDAL has no CLI), so the tools here are
//! fake ones on `PATH`: an `ogr2ogr` that copies its input to its output as the real one would
//! for `-f GeoJSON OUT IN`, and a `gdalwarp` that claims success without writing anything.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use std::path::Path;
use std::process::Command;

use serde_json::{Value as Json, json};

/// A folder of fake tools, made executable.
fn fake_tools() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_executable(&dir.path().join("ogr2ogr"), "#!/bin/sh\n# ogr2ogr -f GeoJSON OUT IN\ncp \"$4\" \"$3\"\n");
    write_executable(&dir.path().join("gdalwarp"), "#!/bin/sh\necho 'all done, honestly'\nexit 0\n");
    dir
}

fn write_executable(path: &Path, text: &str) {
    std::fs::write(path, text).expect("a fake tool");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("executable");
    }
}

/// Runs a script with `rustgis-cli run --sample`, the fake tools first on `PATH` and `home` as
/// `XDG_DATA_HOME`; returns the outcome.
fn run(tools: &Path, home: &Path, script: &str) -> Json {
    let path = format!("{}:{}", tools.display(), std::env::var("PATH").unwrap_or_default());
    let output = Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
        .args(["run", "--sample", "-e", script])
        .env("PATH", path)
        .env("XDG_DATA_HOME", home)
        .output()
        .expect("rustgis-cli runs");
    serde_json::from_slice(&output.stdout).expect("the outcome is JSON")
}

#[test]
fn geolibre_list_finds_the_tools_on_path() {
    let (tools, home) = (fake_tools(), tempfile::tempdir().expect("home"));
    let out = run(tools.path(), home.path(), "geolibre.list {}");
    let found: Vec<&str> = out["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter(|t| t["path"].as_str().is_some_and(|p| p.starts_with(&tools.path().display().to_string())))
        .map(|t| t["tool"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(found, ["ogr2ogr", "gdalwarp"]);
}

#[test]
fn geolibre_run_gives_layers_as_files_and_loads_what_the_tool_wrote() {
    let (tools, home) = (fake_tools(), tempfile::tempdir().expect("home"));
    let script = r#"geolibre.run {"tool": "ogr2ogr", "args": ["-f", "GeoJSON", "{copy}", "{in}"], "inputs": {"in": "cities"}, "outputs": {"copy": "copy.geojson"}}"#;
    let out = run(tools.path(), home.path(), &format!("{script}\ntable.read {{\"layer\": \"copy\", \"limit\": 0}}"));
    assert_eq!(out["success"], json!(true), "{out}");
    assert_eq!(out["layersAdded"], json!(["copy"]));
    assert_eq!(out["result"]["total"], json!(521), "every city came back: {out}");
}

#[test]
fn geolibre_run_fails_when_the_tool_claims_an_output_it_did_not_write() {
    let (tools, home) = (fake_tools(), tempfile::tempdir().expect("home"));
    let script = r#"geolibre.run {"tool": "gdalwarp", "args": ["{in}", "{out}"], "inputs": {"in": "countries"}, "outputs": {"out": "warped.geojson"}}"#;
    let out = run(tools.path(), home.path(), script);
    assert_eq!(out["success"], json!(false));
    let error = out["error"].as_str().unwrap_or_default();
    assert!(error.contains("did not write its output out"), "{error}");
    assert_eq!(out["layersAdded"], json!([]));
}

#[test]
fn geolibre_run_names_a_tool_that_is_not_installed() {
    let home = tempfile::tempdir().expect("home");
    let empty = tempfile::tempdir().expect("no tools");
    let out = run(empty.path(), home.path(), r#"geolibre.run {"tool": "gdal_translate", "args": []}"#);
    let error = out["error"].as_str().unwrap_or_default();
    // The machine may have the real tool; when it has not, the error says so.
    if !error.is_empty() {
        assert!(error.contains("not installed") || error.contains("gdal_translate"), "{error}");
    }
}

#[test]
fn task_run_runs_a_task_from_tasks_toml_and_verifies_its_output() {
    let home = tempfile::tempdir().expect("home");
    let tools = fake_tools();
    let data = home.path().join("rustgis");
    std::fs::create_dir_all(data.join("plugins")).expect("app-data folder");
    let tasks = format!(
        "[[tasks]]\nname = \"copy\"\ndescription = \"Copy a layer\"\nexecutable = \"{}\"\nargs = [\"-f\", \"GeoJSON\"]\ntimeout_s = 30\n\n\
         [[tasks]]\nname = \"liar\"\nexecutable = \"{}\"\n",
        tools.path().join("ogr2ogr").display(),
        tools.path().join("gdalwarp").display()
    );
    std::fs::write(data.join("tasks.toml"), tasks).expect("tasks.toml");
    let listed = run(tools.path(), home.path(), "task.list {}");
    assert_eq!(listed["result"]["tasks"][0]["name"], json!("copy"), "{listed}");
    let ran = run(
        tools.path(),
        home.path(),
        r#"task.run {"task": "copy", "args": ["{out}", "{in}"], "inputs": {"in": "countries"}, "outputs": {"out": "same.geojson"}}"#,
    );
    assert_eq!(ran["success"], json!(true), "{ran}");
    assert_eq!(ran["layersAdded"], json!(["out"]));
    let lied = run(
        tools.path(),
        home.path(),
        r#"task.run {"task": "liar", "inputs": {"in": "countries"}, "outputs": {"out": "none.geojson"}}"#,
    );
    assert!(lied["error"].as_str().is_some_and(|e| e.contains("did not write its output")), "{lied}");
}
