//! The file bridge as the MCP documentation's "The file bridge" promises it: one test per rule.
//! The test is the host: it writes scripts the safe way (another file renamed into place) and
//! draws frames (`run_frame`) until the bridge has run one. Timings are shortened, never slept.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rustgis_core::{Actor, Caller, Registry, Session};
use rustgis_relay::{AuditLog, BridgeConfig, BridgeRun, Error, FileBridge};
use serde_json::{Value as Json, json};

struct Rig {
    bridge: FileBridge,
    session: Session,
    folders: tempfile::TempDir,
}

impl Rig {
    fn new() -> Rig {
        Rig::with(Session::with_sample().expect("the sample loads"))
    }

    fn with(session: Session) -> Rig {
        let folders = tempfile::tempdir().expect("a temporary folder");
        let bridge = FileBridge::start(config_in(folders.path())).expect("the bridge starts");
        Rig { bridge, session, folders }
    }

    fn private_dir(&self) -> PathBuf {
        self.folders.path().join("private")
    }

    /// Writes a script the safe way and draws frames until the bridge has run it.
    fn run(&mut self, script: &str) -> BridgeRun {
        write_script(&self.private_dir(), script);
        let start = Instant::now();
        loop {
            if let Some(run) = self.bridge.run_frame(&mut self.session) {
                return run;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting for the bridge to run a script");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn result_file(&self) -> Json {
        serde_json::from_str(&std::fs::read_to_string(self.bridge.result_file()).expect("bridge-result.json"))
            .expect("bridge-result.json is JSON")
    }

    fn audit_lines(&self) -> Vec<Json> {
        AuditLog::read_all(&self.folders.path().join("app-data")).expect("the audit log reads")
    }

    fn visible(&self, layer: &str) -> bool {
        self.session.project().layers.iter().find(|l| l.name == layer).expect("the layer exists").visible
    }
}

fn config_in(dir: &Path) -> BridgeConfig {
    BridgeConfig {
        private_dir: Some(dir.join("private")),
        app_data_dir: Some(dir.join("app-data")),
        settle: Duration::from_millis(20),
        poll: Duration::from_millis(2),
        ..BridgeConfig::default()
    }
}

/// Writes the script to another file in the folder and renames it to bridge-command.txt.
fn write_script(dir: &Path, script: &str) {
    let draft = dir.join("draft.txt");
    std::fs::write(&draft, script).expect("the draft is written");
    std::fs::rename(&draft, dir.join(rustgis_relay::BRIDGE_COMMAND_FILE)).expect("the draft is renamed into place");
}

fn history(session: &Session) -> Vec<(String, String)> {
    session.history().into_iter().map(|s| (s.actor, s.label)).collect()
}

// ---------------------------------------------------------------------------------------------

#[test]
fn bridge_runs_a_settled_script_as_one_undo_step_named_file_bridge() {
    let mut rig = Rig::new();
    let run = rig.run("# hide two layers\nlayer.setVisible {\"layer\": \"cities\", \"visible\": false}\nlayer.setVisible {\"layer\": \"countries\", \"visible\": false}\n");
    assert!(run.success, "{:?}", run.result);
    assert!(!rig.visible("cities") && !rig.visible("countries"));
    assert_eq!(history(&rig.session), vec![("file bridge".to_owned(), "script (2 lines)".to_owned())]);
}

#[test]
fn bridge_writes_the_outcome_to_bridge_result_json() {
    let mut rig = Rig::new();
    let run = rig.run("layer.list {}");
    let result = rig.result_file();
    assert_eq!(result, run.result);
    let keys: Vec<&str> = result.as_object().expect("an object").keys().map(String::as_str).collect();
    for key in ["success", "result", "lines", "layersAdded", "notices", "error", "duration_s", "timestamp"] {
        assert!(keys.contains(&key), "{key} is missing from {result}");
    }
    assert_eq!(result["success"], json!(true));
    assert_eq!(result["lines"][0]["command"], json!("layer.list"));
    let leftovers: Vec<String> = std::fs::read_dir(rig.private_dir())
        .expect("the folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp"))
        .collect();
    assert!(leftovers.is_empty(), "written through a temporary file renamed into place: {leftovers:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(rig.bridge.result_file()).expect("metadata").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}

#[test]
fn bridge_ignores_what_the_file_held_when_it_started() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(folders.path().join("private")).expect("the private folder");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(folders.path().join("private"), std::fs::Permissions::from_mode(0o700))
            .expect("chmod");
    }
    write_script(&folders.path().join("private"), "layer.remove {\"layer\": \"cities\"}");
    let bridge = FileBridge::start(config_in(folders.path())).expect("the bridge starts");
    let mut rig = Rig { bridge, session: Session::with_sample().expect("the sample loads"), folders };
    let run = rig.run("layer.setVisible {\"layer\": \"countries\", \"visible\": false}");
    assert!(run.success, "{:?}", run.result);
    assert!(!rig.visible("countries"), "the script written after the start ran");
    assert!(rig.visible("cities"), "the one the file held at start did not");
    assert_eq!(history(&rig.session).len(), 1);
}

#[test]
fn bridge_keeps_nothing_of_a_script_with_a_failing_line() {
    let mut rig = Rig::new();
    let run = rig.run(
        "layer.setVisible {\"layer\": \"cities\", \"visible\": false}\nlayer.setVisible {\"layer\": \"atlantis\", \"visible\": false}",
    );
    assert!(!run.success);
    assert!(run.error.as_deref().is_some_and(|e| e.contains("line 2")), "{:?}", run.error);
    assert!(rig.visible("cities"), "the first line's change was taken back");
    assert!(rig.session.history().is_empty());
    assert_eq!(rig.result_file()["success"], json!(false));
    assert_eq!(rig.result_file()["layersAdded"], json!([]));
}

#[test]
fn bridge_scripts_need_the_apps_access_for_files_and_full_access_for_code() {
    let mut rig = Rig::with(Session::with_registry(test_registry()));
    let file = rig.folders.path().join("data.txt");
    std::fs::write(&file, "12345").expect("a test file");
    let read = format!("test.readFile {}", json!({ "path": file }));
    let refused = rig.run(&read);
    assert!(!refused.success);
    assert!(
        refused.error.as_deref().is_some_and(|e| e.contains("Let your Agents Control RustGIS")),
        "{:?}",
        refused.error
    );
    rig.bridge.set_allow_access(true);
    let read_ok = rig.run(&read);
    assert_eq!(read_ok.result["result"]["bytes"], json!(5), "{:?}", read_ok.result);

    assert!(!rig.run("test.code {}").success, "code needs Full access");
    rig.bridge.set_full_access(true);
    assert!(rig.run("test.code {}").success, "Full access applies to bridge scripts");
}

#[test]
fn a_second_bridge_is_refused_while_the_first_runs() {
    let folders = tempfile::tempdir().expect("a temporary folder");
    let first = FileBridge::start(config_in(folders.path())).expect("the first bridge starts");
    let refused = FileBridge::start(config_in(folders.path())).expect_err("a second bridge is refused");
    assert!(matches!(refused, Error::BridgeBusy { .. }), "{refused}");
    assert!(refused.to_string().contains("bridge.lock"), "{refused}");
    first.stop();
    let second = FileBridge::start(config_in(folders.path())).expect("once the first stops, another may start");
    assert!(second.is_running());
}

#[test]
fn bridge_ready_json_describes_the_running_bridge_in_a_private_folder() {
    let rig = Rig::new();
    let ready: Json =
        serde_json::from_str(&std::fs::read_to_string(rig.bridge.ready_file()).expect("bridge-ready.json"))
            .expect("JSON");
    assert_eq!(ready["schema"], json!(1));
    assert_eq!(ready["pid"], json!(std::process::id()));
    assert_eq!(ready["command_file"], json!(rig.bridge.command_file().display().to_string()));
    assert_eq!(ready["result_file"], json!(rig.bridge.result_file().display().to_string()));
    assert!(ready["started_at"].is_string() && ready["version"].is_string(), "{ready}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
        assert_eq!(mode(rig.bridge.dir()), 0o700, "the folder is the user's alone");
        assert_eq!(mode(rig.bridge.ready_file()), 0o600);
    }
    rig.bridge.stop();
    assert!(!rig.bridge.ready_file().exists(), "removed when the bridge stops");
}

#[test]
fn bridge_undo_takes_back_only_its_own_steps() {
    let mut rig = Rig::new();
    assert!(rig.run("layer.setVisible {\"layer\": \"cities\", \"visible\": false}").success);
    rig.session
        .execute(&Caller::user(), "layer.setVisible", json!({ "layer": "countries", "visible": false }))
        .expect("the user hides a layer");
    let refused = rig.run("edit.undo");
    assert!(!refused.success, "the step on top is the user's");
    assert!(refused.error.as_deref().is_some_and(|e| e.contains("user")), "{:?}", refused.error);
    rig.session.execute(&Caller::user(), "edit.undo", json!({})).expect("the user undoes their own step");
    let undone = rig.run("edit.undo");
    assert!(undone.success, "{:?}", undone.result);
    assert!(rig.visible("cities"));
    assert!(rig.session.history().is_empty());
    let mixed = rig.run("layer.list {}\nedit.undo {}");
    assert!(!mixed.success, "edit.undo must be alone on its line");
}

#[test]
fn bridge_keeps_its_own_active_layer() {
    let mut rig = Rig::new();
    let user = Caller::user();
    rig.session.execute(&user, "layer.select", json!({ "layer": "countries" })).expect("the user selects");
    assert!(rig.run("layer.select {\"layer\": \"cities\"}").success);
    assert_eq!(rig.session.active_layer(Actor::User).map(|l| l.name.clone()).as_deref(), Some("countries"));
    assert!(rig.run("layer.setVisible {\"visible\": false}").success);
    assert!(!rig.visible("cities") && rig.visible("countries"), "the bridge's layer, not the user's");
}

#[test]
fn bridge_scripts_are_written_to_the_audit_log_with_source_file() {
    let mut rig = Rig::new();
    rig.run("layer.setVisible {\"layer\": \"cities\", \"visible\": false}");
    rig.run("layer.info {\"layer\": \"cities\", \"token\": \"s3cr3t\"}");
    let lines = rig.audit_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l["source"] == json!("file") && l["agent"] == json!("file bridge")), "{lines:?}");
    assert_eq!(lines[0]["tool"], json!("run"));
    assert!(lines[0]["script"].as_str().is_some_and(|s| s.contains("layer.setVisible")), "{}", lines[0]);
    assert_eq!(lines[0]["success"], json!(true));
    assert_eq!(lines[1]["success"], json!(false));
    assert!(!lines[1].to_string().contains("s3cr3t"), "credentials in script lines are replaced: {}", lines[1]);
}

#[test]
fn bridge_audit_lines_replace_the_relays_live_tokens_wherever_they_appear() {
    let mut rig = Rig::new();
    let mut relay_config = rustgis_relay::RelayConfig::new(0);
    relay_config.private_dir = Some(rig.private_dir());
    relay_config.app_data_dir = Some(rig.folders.path().join("app-data"));
    let relay = rustgis_relay::Relay::bind(relay_config).expect("the relay starts");
    let grant = relay.grant(false).expect("a grant");
    let tokens: Vec<String> = [relay.token_file(), grant.token_file()]
        .into_iter()
        .map(|file| rustgis_relay::read_token_file(file).expect("the token reads").expose().to_owned())
        .collect();
    // Not under a credential's name: only knowing the live tokens can catch them.
    rig.run(&format!("layer.info {{\"layer\": \"{}\"}}\nlayer.info {{\"layer\": \"x{}\"}}", tokens[0], tokens[1]));
    let lines = rig.audit_lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = lines[0].to_string();
    assert!(tokens.iter().all(|token| !line.contains(token.as_str())), "live tokens are replaced: {line}");
    assert!(line.contains(rustgis_relay::REDACTED), "{line}");
    relay.stop();
}

// ---------------------------------------------------------------------------------------------
// Commands the built-in catalogue does not have: one that reads a file, one that runs code.

fn test_registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| Registry::from_defs(vec![common::read_file_command(), common::code_command()]))
}
