//! `ui.mcpRelay {port?, stop?}`: off until asked, reports the address it listens on, refuses
//! another port while running, and stops idempotently. Turning agents on also serves MCP over
//! HTTP and the file bridge, which runs even when the relay cannot, and adds them to a relay
//! started by hand. A port variable that is not a port is an error, never a quiet default; the
//! private folder falls back to the temporary folder when `XDG_RUNTIME_DIR` names none.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use rustgis_relay::{Error, RelayConfig, RelayControl};
use serde_json::{Value as Json, json};

fn control(dir: &std::path::Path) -> RelayControl {
    let mut base = RelayConfig::new(0);
    base.private_dir = Some(dir.join("private"));
    base.app_data_dir = Some(dir.join("app-data"));
    RelayControl::new(base)
}

#[test]
fn mcp_relay_reports_its_address_refuses_another_port_and_stops_idempotently() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut control = control(dir.path());
    assert!(control.relay().is_none(), "off until asked");
    let started = control.mcp_relay(&json!({})).expect("it starts");
    let port = started["port"].as_u64().expect("a port");
    assert_eq!(started["running"], json!(true));
    assert_eq!(started["address"], json!(format!("127.0.0.1:{port}")));

    let again = control.mcp_relay(&serde_json::Value::Null).expect("it reports");
    assert_eq!(again["address"], started["address"]);
    let same = control.mcp_relay(&json!({ "port": port })).expect("the same port reports");
    assert_eq!(same["address"], started["address"]);
    let other = u16::try_from(port).map(|p| if p == 65535 { 65534 } else { p + 1 }).expect("a port");
    let refused = control.mcp_relay(&json!({ "port": other })).expect_err("another port is refused");
    assert!(matches!(refused, Error::OtherPort { .. }) && refused.to_string().contains("stop"), "{refused}");

    let stopped = control.mcp_relay(&json!({ "stop": true })).expect("it stops");
    assert_eq!(stopped, json!({ "running": false, "stopped": true }));
    assert!(control.relay().is_none());
    let again = control.mcp_relay(&json!({ "stop": true })).expect("stopping again is fine");
    assert_eq!(again, json!({ "running": false, "stopped": false }));
    assert!(control.mcp_relay(&json!({ "colour": "red" })).is_err(), "unknown parameters are refused");
}

#[test]
fn turning_app_access_off_stops_the_relay() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut control = control(dir.path());
    control.set_allow_access(true);
    control.mcp_relay(&json!({})).expect("it starts");
    assert!(control.relay().is_some_and(|r| r.allow_access()));
    control.set_allow_access(false);
    assert!(control.relay().is_none(), "agents turned off: the relay stops");
}

fn bridge_config(dir: &std::path::Path) -> rustgis_relay::BridgeConfig {
    rustgis_relay::BridgeConfig {
        private_dir: Some(dir.join("private")),
        app_data_dir: Some(dir.join("app-data")),
        ..rustgis_relay::BridgeConfig::default()
    }
}

/// A control with app access granted and agents on (the relay and the file bridge), as the user
/// leaves them with "Let your Agents Control RustGIS" ticked; what starting them reported.
fn agents_on(dir: &std::path::Path) -> (RelayControl, Json) {
    let mut control = control(dir);
    control.set_allow_access(true);
    let report = control.start_agents(Some(bridge_config(dir))).expect("agents start").to_json();
    (control, report)
}

#[test]
fn agents_on_serves_the_relay_http_and_the_file_bridge() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut control = control(dir.path());
    let mut http = rustgis_relay::HttpConfig::new(0);
    http.settings_dir = Some(dir.path().join("settings"));
    control.set_http(Some(http));
    let report = control.start_agents(Some(bridge_config(dir.path()))).expect("agents start").to_json();
    assert_eq!(report["running"], json!(true), "{report}");
    let url = report["http"]["url"].as_str().expect("the HTTP url is reported");
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"), "{url}");
    assert!(report["bridge"]["command_file"].as_str().is_some_and(|f| f.ends_with("bridge-command.txt")), "{report}");
    assert!(control.bridge().is_some());
}

#[test]
fn the_file_bridge_runs_when_the_relays_port_is_taken() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let holder = std::net::TcpListener::bind("127.0.0.1:0").expect("another program holds a port");
    let mut base = RelayConfig::new(holder.local_addr().expect("its address").port());
    base.private_dir = Some(dir.path().join("private"));
    base.app_data_dir = Some(dir.path().join("app-data"));
    let mut control = RelayControl::new(base);
    let report =
        control.start_agents(Some(bridge_config(dir.path()))).expect("the bridge alone keeps agents on").to_json();
    assert_eq!(report["only_file_bridge"], json!(true), "{report}");
    assert_eq!(report["status"], json!("only the file bridge is running"));
    assert!(report["relay_error"].as_str().is_some_and(|e| e.contains("is taken")), "{report}");
    assert!(control.relay().is_none());
    assert!(control.bridge().is_some_and(rustgis_relay::FileBridge::is_running));
}

#[test]
fn turning_app_access_off_stops_the_file_bridge_too() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut control, _) = agents_on(dir.path());
    assert!(control.bridge().is_some_and(rustgis_relay::FileBridge::allow_access));
    control.set_allow_access(false);
    assert!(control.relay().is_none() && control.bridge().is_none(), "agents turned off: both stop");
}

#[test]
fn stopping_the_relay_through_mcp_relay_turns_agent_control_off() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut control, _) = agents_on(dir.path());
    assert!(control.agents_on());
    control.mcp_relay(&json!({ "stop": true })).expect("it stops");
    assert!(!control.agents_on(), "the remembered choice is off");
    assert!(control.bridge().is_none(), "the file bridge stops with it");
    control.mcp_relay(&json!({})).expect("it starts again");
    assert!(
        control.relay().is_some_and(|r| !r.allow_access()),
        "started again, agents have only the access their --yes asks for"
    );
}

#[test]
fn shutting_down_stops_everything_but_keeps_the_agents_on_choice() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut control, report) = agents_on(dir.path());
    let token_file = std::path::PathBuf::from(report["token_file"].as_str().expect("the token file"));
    let ready_file = std::path::PathBuf::from(report["bridge"]["ready_file"].as_str().expect("bridge-ready.json"));
    control.shutdown();
    assert!(control.relay().is_none() && control.bridge().is_none());
    assert!(!token_file.exists() && !ready_file.exists(), "quitting removes the token and bridge-ready.json");
    assert!(control.agents_on(), "quitting keeps the choice for the next launch");
}

#[test]
fn a_port_variable_that_is_not_a_port_is_an_error_never_a_quiet_8767() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut base = RelayConfig::new(0);
    base.private_dir = Some(dir.path().join("private"));
    base.app_data_dir = Some(dir.path().join("app-data"));
    let mut control = RelayControl::with_port_var(base, Some("eighty"));
    let error = control.port_error().expect("the variable is not a port");
    assert!(error.to_string().contains("RUSTGIS_MCP_PORT=\"eighty\""), "{error}");
    let refused = control.start_relay().expect_err("no quiet 8767");
    assert!(matches!(refused, Error::BadPort { .. }), "{refused}");
    assert!(control.relay().is_none());
    // Agents on: as with a taken port, only the file bridge runs, and the report says why.
    control.set_allow_access(true);
    let report = control.start_agents(Some(bridge_config(dir.path()))).expect("the bridge still runs").to_json();
    assert_eq!(report["only_file_bridge"], json!(true), "{report}");
    assert!(report["relay_error"].as_str().is_some_and(|e| e.contains("RUSTGIS_MCP_PORT")), "{report}");
    assert!(control.relay().is_none());
    // A port given explicitly still starts.
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let started = control.mcp_relay(&json!({ "port": port })).expect("an explicit port starts");
    assert_eq!(started["port"], json!(port));
}

#[test]
fn an_http_port_variable_that_is_not_a_port_keeps_http_off_and_says_why() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut control = control(dir.path());
    let settings = dir.path().join("settings");
    control.set_http_from_port_var(Some("8768x"), |http| http.settings_dir = Some(settings));
    let report = control.start_agents(None).expect("the relay starts").to_json();
    assert_eq!(report["running"], json!(true), "{report}");
    assert!(report.get("http").is_none(), "no quiet 8768: {report}");
    assert!(report["http_error"].as_str().is_some_and(|e| e.contains("RUSTGIS_MCP_HTTP_PORT")), "{report}");
    assert!(control.relay().is_some_and(|r| r.http().is_none()));
}

#[test]
fn agents_turned_on_after_the_relay_was_started_by_hand_also_serve_http_and_the_file_bridge() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut control = control(dir.path());
    control.mcp_relay(&json!({})).expect("MCP Relay, by hand");
    assert!(control.relay().is_some_and(|r| r.http().is_none() && !r.allow_access()));
    // Then Let your Agents Control RustGIS is ticked.
    control.set_allow_access(true);
    let mut http = rustgis_relay::HttpConfig::new(0);
    http.settings_dir = Some(dir.path().join("settings"));
    control.set_http(Some(http));
    let report = control.start_agents(Some(bridge_config(dir.path()))).expect("agents start").to_json();
    assert!(report["http"]["url"].as_str().is_some_and(|u| u.ends_with("/mcp")), "HTTP joins the relay: {report}");
    assert!(report["bridge"]["command_file"].is_string(), "{report}");
    let relay = control.relay().expect("the same relay runs");
    assert!(relay.http().is_some() && relay.allow_access());
    assert!(control.bridge().is_some());
}

#[test]
fn an_absolute_xdg_runtime_dir_that_does_not_exist_falls_back_to_the_temporary_folder() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let fallback = rustgis_relay::private_dir_for(None);
    assert!(fallback.starts_with(std::env::temp_dir()), "{}", fallback.display());
    let missing = dir.path().join("run/user/4242");
    assert_eq!(rustgis_relay::private_dir_for(Some(missing.as_os_str())), fallback);
    assert!(!missing.exists(), "the missing runtime folder is not made");
    assert_eq!(rustgis_relay::private_dir_for(Some(std::ffi::OsStr::new("relative/run"))), fallback);
    assert_eq!(rustgis_relay::private_dir_for(Some(dir.path().as_os_str())), dir.path().join("rustgis"));
}
