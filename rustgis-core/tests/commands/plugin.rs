//! Plugins: the example plugin (`examples/plugins/hello`, Python without dependencies) loads,
//! its commands join the catalogue and run with `--yes`; plugins that crash, hang or write
//! garbage cost their call only; plugin management is the user's (and Full access agents').

use std::path::{Path, PathBuf};

use crate::common::TempFolder;
use rustgis_core::{Actor, Caller, CallerOptions, Error, RefusalRule, RunId, Session};
use serde_json::{Value as Json, json};

/// The folder holding the example plugins.
fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/plugins")
}

/// The sample, with the plugins of `folder` loaded.
fn with_plugins(folder: &Path) -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    let failures = session.load_plugins(Some(folder.to_path_buf()), Vec::new());
    assert!(failures.is_empty(), "{failures:?}");
    session
}

fn exec(session: &mut Session, caller: &Caller, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(caller, id, params).map(|o| o.result)
}

/// A plugin folder in `plugins` named `name` whose Python program is `program`.
fn fake_plugin(plugins: &Path, name: &str, program: &str, timeout_s: f64) {
    let dir = plugins.join(name);
    std::fs::create_dir_all(&dir).expect("a plugin folder");
    let manifest = format!(
        "name = \"{name}\"\nversion = \"0.1.0\"\nexecutable = \"python3\"\nargs = [\"plugin.py\"]\ntimeout_s = \
         {timeout_s}\n\n[[commands]]\nname = \"go\"\nsummary = \"Misbehave\"\n"
    );
    rustgis_core::io::atomic::write_bytes(&dir.join("rustgis-plugin.toml"), true, manifest.as_bytes())
        .expect("manifest");
    rustgis_core::io::atomic::write_bytes(&dir.join("plugin.py"), true, program.as_bytes()).expect("program");
}

#[test]
fn the_example_plugin_loads_and_its_commands_join_the_catalogue_with_schema_and_docs() {
    let session = with_plugins(&examples());
    let def = session.registry().get("plugin.hello.greet").expect("the plugin's command is in the catalogue");
    assert_eq!(def.schema()["properties"]["name"]["type"], json!("string"));
    assert!(def.access.plugin_command);
    assert!(def.doc.contains("From the plugin hello 1.0.0"), "{}", def.doc);
    let found = session.registry().search(Some("greeting hello someone"), None).expect("search");
    assert!(found.iter().any(|d| d.id == "plugin.hello.greet"));
    assert!(Session::new().registry().get("plugin.hello.greet").is_none(), "without plugins it is not there");
}

#[test]
fn a_plugins_command_needs_yes_and_runs_with_it() {
    let mut session = with_plugins(&examples());
    let err = exec(&mut session, &Caller::private_agent(false), "plugin.hello.greet", json!({"name": "world"}))
        .expect_err("needs --yes");
    let Error::Refused(refusal) = &err else { panic!("{err}") };
    assert_eq!(refusal.rule, RefusalRule::NeedsAccess);
    assert!(refusal.message.contains("runs a plugin's command"), "{err}");
    let outcome =
        session.execute(&Caller::private_agent(true), "plugin.hello.greet", json!({"name": "world"})).expect("runs");
    assert_eq!(outcome.result["value"], json!("hello world"));
    assert_eq!(outcome.notices, ["the hello plugin is here"]);
}

#[test]
fn a_plugin_receives_layers_as_geojson_and_its_layers_are_added_as_one_undo_step() {
    let mut session = with_plugins(&examples());
    let outcome =
        session.execute(&Caller::user(), "plugin.hello.centres", json!({"layer": "countries"})).expect("runs");
    assert_eq!(outcome.layers_added, ["countries centres"]);
    let n_countries = session.project().require("countries").expect("countries").features.len();
    let centres = session.project().require("countries centres").expect("added");
    assert_eq!(centres.features.len(), n_countries);
    assert_eq!(outcome.result["value"], json!(n_countries));
    assert_eq!(session.history().len(), 1);
    session.execute(&Caller::user(), "edit.undo", Json::Null).expect("undo");
    assert!(session.project().layer("countries centres").is_none());
}

/// Runs the misbehaving plugin's command: it fails with an error holding `expected`, the
/// project is as it was, and the session goes on working.
fn check_misbehaviour(name: &str, program: &str, timeout_s: f64, expected: &str) {
    let plugins = TempFolder::new("plugins", name);
    fake_plugin(plugins.path(), name, program, timeout_s);
    let mut session = with_plugins(plugins.path());
    let before = session.project().layer_names();
    let started = std::time::Instant::now();
    let err = exec(&mut session, &Caller::user(), &format!("plugin.{name}.go"), json!({})).expect_err(name);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{name} cost {:?}", started.elapsed());
    let message = err.to_string();
    assert!(message.contains(expected) && message.contains("the project is unchanged"), "{name}: {message}");
    assert_eq!(session.project().layer_names(), before);
    assert!(session.history().is_empty());
    exec(&mut session, &Caller::user(), "layer.remove", json!({"layer": "cities"})).expect("the session goes on");
}

#[test]
fn a_plugin_that_crashes_costs_that_call_only_and_its_stderr_is_in_the_error() {
    check_misbehaviour(
        "crasher",
        "import sys\nsys.stdin.readline()\nsys.stderr.write('boom: the plugin fell over\\n')\nsys.exit(3)\n",
        10.0,
        "boom: the plugin fell over",
    );
}

#[test]
fn a_plugin_that_hangs_is_stopped_at_its_timeout() {
    check_misbehaviour("hanger", "import time\ntime.sleep(60)\n", 0.5, "did not answer within 0.5 s");
}

#[test]
fn a_plugin_that_prints_non_json_is_stopped_with_a_clear_error() {
    check_misbehaviour(
        "babbler",
        "import sys, time\nsys.stdin.readline()\nprint('hello, I am not JSON', flush=True)\ntime.sleep(60)\n",
        10.0,
        "not JSON: \"hello, I am not JSON",
    );
}

#[test]
fn a_plugin_that_fails_to_load_is_named_and_skipped() {
    let plugins = TempFolder::new("plugins", "broken");
    std::fs::create_dir_all(plugins.join("broken")).expect("folder");
    rustgis_core::io::atomic::write_bytes(&plugins.join("broken").join("rustgis-plugin.toml"), true, b"name = 3\n")
        .expect("manifest");
    let copied = plugins.join("hello");
    for file in ["rustgis-plugin.toml", "plugin.py"] {
        std::fs::create_dir_all(&copied).expect("folder");
        std::fs::copy(examples().join("hello").join(file), copied.join(file)).expect("copied");
    }
    let mut session = Session::new();
    let failures = session.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].contains("broken") && failures[0].contains("rustgis-plugin.toml"), "{failures:?}");
    assert!(session.registry().get("plugin.hello.greet").is_some(), "the others load");
}

#[test]
fn no_plugins_loads_none_and_plugin_management_says_why() {
    let mut session = Session::with_sample().expect("sample");
    assert!(session.load_plugins(None, Vec::new()).is_empty());
    assert!(session.registry().get("plugin.hello.greet").is_none());
    let listed = exec(&mut session, &Caller::user(), "plugin.list", json!({})).expect("lists");
    assert_eq!(listed["plugins"], json!([]));
    let err = exec(&mut session, &Caller::user(), "plugin.install", json!({"path": examples().join("hello")}))
        .expect_err("no folder");
    assert!(err.to_string().contains("--no-plugins"), "{err}");
}

#[test]
fn plugin_install_list_enable_and_remove_manage_the_plugins_folder() {
    let plugins = TempFolder::new("plugins", "managed");
    let mut session = Session::with_sample().expect("sample");
    session.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    let installed = exec(&mut session, &Caller::user(), "plugin.install", json!({"path": examples().join("hello")}))
        .expect("installs");
    assert_eq!(installed["commands"], json!(["plugin.hello.greet", "plugin.hello.centres"]));
    assert_eq!(plugins.file_names(), ["hello"]);
    let err = exec(&mut session, &Caller::user(), "plugin.install", json!({"path": examples().join("hello")}))
        .expect_err("already there");
    assert!(err.to_string().contains("\"replace\": true"), "{err}");
    let listed = exec(&mut session, &Caller::user(), "plugin.list", json!({})).expect("lists");
    assert_eq!(listed["plugins"][0]["name"], json!("hello"));
    assert_eq!(listed["plugins"][0]["enabled"], json!(true));
    assert_eq!(listed["plugins"][0]["loaded"], json!(false), "it loads at the next start");

    exec(&mut session, &Caller::user(), "plugin.enable", json!({"plugin": "hello", "enabled": false})).expect("off");
    assert!(rustgis_core::load_plugins(plugins.path()).loaded.is_empty(), "a plugin that is off does not load");
    exec(&mut session, &Caller::user(), "plugin.enable", json!({"plugin": "hello", "enabled": true})).expect("on");
    let mut next_start = Session::new();
    next_start.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    assert!(next_start.registry().get("plugin.hello.centres").is_some(), "installed plugins load at the next start");

    exec(&mut session, &Caller::user(), "plugin.remove", json!({"plugin": "hello"})).expect("removed");
    assert!(plugins.file_names().is_empty());
    let err = exec(&mut session, &Caller::user(), "plugin.remove", json!({"plugin": "hello"})).expect_err("gone");
    assert!(err.to_string().contains("installed: none"), "{err}");
}

#[test]
fn plugin_management_is_refused_to_agents_without_full_access_on_the_relays_own_token() {
    let plugins = TempFolder::new("plugins", "refused");
    let agent = |options| Caller::attached(Actor::Agent { run: RunId(3), n: 1 }, options);
    let refused = [
        Caller::private_agent(false),
        Caller::private_agent(true),
        agent(CallerOptions { own_token: false, files_and_network: true, full_access: true }),
        agent(CallerOptions { own_token: true, files_and_network: true, full_access: false }),
    ];
    let mut session = Session::with_sample().expect("sample");
    session.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    for caller in &refused {
        for (id, params) in [
            ("plugin.install", json!({"path": examples().join("hello")})),
            ("plugin.remove", json!({"plugin": "hello"})),
            ("plugin.enable", json!({"plugin": "hello", "enabled": false})),
        ] {
            let err = exec(&mut session, caller, id, params).expect_err(id);
            assert!(matches!(&err, Error::Refused(r) if r.rule == RefusalRule::NeedsFullAccess), "{id}: {err}");
        }
        assert!(exec(&mut session, caller, "plugin.list", json!({})).is_ok(), "listing is reading");
    }
    assert!(plugins.file_names().is_empty());
    let full = agent(CallerOptions { own_token: true, files_and_network: false, full_access: true });
    exec(&mut session, &full, "plugin.install", json!({"path": examples().join("hello")}))
        .expect("Full access installs");
    assert_eq!(plugins.file_names(), ["hello"]);
}

/// A .zip at `path` holding `files` (name, bytes).
fn zip_of(path: &Path, files: &[(String, Vec<u8>)]) {
    let file = std::fs::File::create(path).expect("a zip file");
    let mut zip = zip::ZipWriter::new(file);
    for (name, bytes) in files {
        zip.start_file(name.as_str(), zip::write::SimpleFileOptions::default()).expect("a member");
        std::io::Write::write_all(&mut zip, bytes).expect("its bytes");
    }
    zip.finish().expect("the zip closes");
}

/// The example plugin's files, named as a .zip of it holds them.
fn hello_files() -> Vec<(String, Vec<u8>)> {
    std::fs::read_dir(examples().join("hello"))
        .expect("the example plugin")
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).expect("reads")))
        .collect()
}

#[test]
fn a_plugin_installs_from_a_zip_and_loads_at_the_next_start() {
    let plugins = TempFolder::new("plugins", "from_zip");
    let downloads = TempFolder::new("plugins", "from_zip_downloads");
    let zip = downloads.join("hello.zip");
    zip_of(&zip, &hello_files());
    let mut session = Session::with_sample().expect("sample");
    session.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    let installed = exec(&mut session, &Caller::user(), "plugin.install", json!({"path": zip})).expect("installs");
    assert_eq!(installed["commands"], json!(["plugin.hello.greet", "plugin.hello.centres"]));
    let mut next_start = Session::new();
    let failures = next_start.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    assert!(failures.is_empty(), "{failures:?}");
    assert!(next_start.registry().get("plugin.hello.greet").is_some());
}

#[test]
fn a_zip_whose_member_leaves_the_plugin_folder_is_refused_and_installs_nothing() {
    let plugins = TempFolder::new("plugins", "zip_slip");
    let downloads = TempFolder::new("plugins", "zip_slip_downloads");
    let zip = downloads.join("evil.zip");
    let mut files = hello_files();
    files.push(("../outside.py".to_owned(), b"print('escaped')".to_vec()));
    zip_of(&zip, &files);
    let mut session = Session::with_sample().expect("sample");
    session.load_plugins(Some(plugins.path().to_path_buf()), Vec::new());
    let err = exec(&mut session, &Caller::user(), "plugin.install", json!({"path": zip})).expect_err("refused");
    assert!(err.to_string().contains("a path outside the plugin"), "{err}");
    assert!(plugins.file_names().is_empty(), "{:?}", plugins.file_names());
    assert!(!plugins.path().join("../outside.py").exists());
}
