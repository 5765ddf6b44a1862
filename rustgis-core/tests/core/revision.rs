//! The project's revision (issue 42): it moves with every recorded change and only then;
//! `since_revision` answers with what changed; a stale `expected_revision` is refused naming who
//! moved the project, and changes nothing.

use rustgis_core::{Actor, Caller, CallerOptions, Error, RunId, Session};
use serde_json::{Value as Json, json};

fn agent(n: u32) -> Caller {
    Caller::attached(
        Actor::Agent { run: RunId(42), n },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    )
}

fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

/// Runs `id params` as `caller` and returns its result; the call must succeed.
fn check(session: &mut Session, caller: &Caller, id: &str, params: Json) -> Json {
    match session.execute(caller, id, params) {
        Ok(outcome) => outcome.result,
        Err(e) => panic!("{id} failed: {e}"),
    }
}

fn names(value: &Json) -> Vec<&str> {
    value.as_array().map(|a| a.iter().filter_map(Json::as_str).collect()).unwrap_or_default()
}

#[test]
fn the_revision_moves_on_with_a_change_and_not_with_a_command_that_changed_nothing() {
    let mut session = sample();
    let start = session.revision();
    check(&mut session, &agent(1), "layer.setVisible", json!({"layer": "cities", "visible": false}));
    assert_eq!(session.revision(), start + 1);
    check(&mut session, &agent(1), "layer.setVisible", json!({"layer": "cities", "visible": false}));
    check(&mut session, &agent(1), "layer.list", json!({}));
    assert_eq!(session.revision(), start + 1);
}

#[test]
fn undo_and_redo_each_move_the_revision_on_and_are_logged_as_theirs() {
    let mut session = sample();
    check(&mut session, &Caller::user(), "layer.remove", json!({"layer": "coastline"}));
    check(&mut session, &Caller::user(), "edit.undo", json!({}));
    check(&mut session, &Caller::user(), "edit.redo", json!({}));
    let last = session.last_change().expect("the log keeps the redo");
    assert_eq!((last.command.as_str(), last.layers_removed.clone()), ("edit.redo", vec!["coastline".to_owned()]));
    assert_eq!(last.revision, session.revision());
}

#[test]
fn since_revision_lists_only_the_layers_added_changed_and_removed_since() {
    let mut session = sample();
    let seen = session.revision();
    check(&mut session, &agent(2), "layer.rename", json!({"layer": "cities", "name": "towns"}));
    check(&mut session, &agent(2), "layer.remove", json!({"layer": "coastline"}));
    check(&mut session, &Caller::user(), "layer.addSample", json!({"sample": "cities"}));
    let info = check(&mut session, &agent(1), "project.info", json!({"since_revision": seen}));
    assert_eq!(info["revision"], json!(seen + 3));
    assert_eq!(names(&info["layers_added"]), ["cities"]);
    assert_eq!(names(&info["layers_changed"]), ["towns"]);
    assert_eq!(names(&info["layers_removed"]), ["coastline"]);
    let listed: Vec<&str> =
        info["layers"].as_array().expect("layers").iter().filter_map(|l| l["name"].as_str()).collect();
    assert_eq!(listed, ["towns", "cities"]);
    assert_eq!(info["changes"][0]["actor"], "agent 2");
    assert_eq!(info["full"], false);
}

#[test]
fn layer_list_since_the_current_revision_lists_nothing() {
    let mut session = sample();
    let now = session.revision();
    let list = check(&mut session, &agent(1), "layer.list", json!({"since_revision": now}));
    assert_eq!(list["layers"], json!([]));
    assert_eq!(list["changes"], json!([]));
    assert_eq!(list["revision"], json!(now));
}

#[test]
fn since_an_older_revision_than_the_log_keeps_gives_the_full_answer_with_a_notice() {
    let mut session = sample();
    session.set_change_log_limit(2);
    let seen = session.revision();
    for visible in [false, true, false] {
        check(&mut session, &agent(1), "layer.setVisible", json!({"layer": "cities", "visible": visible}));
    }
    let outcome = session.execute(&agent(1), "layer.list", json!({"since_revision": seen})).expect("layer.list runs");
    assert_eq!(outcome.result["full"], true);
    assert_eq!(outcome.result["layers"].as_array().map(Vec::len), Some(4));
    assert!(outcome.notices.iter().any(|n| n.contains("in full")), "{:?}", outcome.notices);
}

#[test]
fn a_stale_expected_revision_is_refused_naming_who_moved_the_project_and_changes_nothing() {
    let mut session = sample();
    let seen = session.revision();
    check(&mut session, &agent(2), "layer.rename", json!({"layer": "cities", "name": "towns"}));
    let before = session.project().layer_names();
    let refused = session
        .execute(&agent(1), "layer.remove", json!({"layer": "countries", "expected_revision": seen}))
        .expect_err("the project moved since");
    assert!(matches!(&refused, Error::StaleRevision { actor: Some(who), .. } if who == "agent 2"), "{refused}");
    assert_eq!(refused.code(), "stale_revision");
    let message = refused.to_string();
    assert!(message.contains("agent 2") && message.contains(&format!("revision {}", seen + 1)), "{message}");
    assert_eq!(session.project().layer_names(), before);
    assert_eq!(session.revision(), seen + 1);
}

#[test]
fn the_current_expected_revision_lets_the_change_run() {
    let mut session = sample();
    let now = session.revision();
    check(&mut session, &agent(1), "layer.remove", json!({"layer": "coastline", "expected_revision": now}));
    assert_eq!(session.revision(), now + 1);
}

#[test]
fn a_stale_expected_revision_on_undo_is_refused_too() {
    let mut session = sample();
    let seen = session.revision();
    check(&mut session, &agent(1), "layer.remove", json!({"layer": "coastline"}));
    let refused = session.execute(&agent(1), "edit.undo", json!({"expected_revision": seen}));
    assert!(matches!(refused, Err(Error::StaleRevision { .. })), "{refused:?}");
    assert!(session.project().layer("coastline").is_none());
}
