//! `project.*`: the undo history saved with a project (`project.save {"history": true}`) and
//! restored by opening it.

use rustgis_core::{Actor, Caller, CallerOptions, RunId, Session, StartOptions};
use serde_json::{Value as Json, json};

use crate::common::{TempFolder, run};
use crate::sample;

fn feature_count(session: &Session, layer: &str) -> usize {
    session.project().layer(layer).expect("the layer is there").features.len()
}

fn history_labels(session: &Session) -> Vec<String> {
    session.history().into_iter().map(|step| step.label).collect()
}

fn saved(path: &std::path::Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the project file reads")).expect("it is JSON")
}

/// The sample with two steps: the cities restyled, then the small ones deleted.
fn edited() -> Session {
    let mut session = sample();
    run(&mut session, "style.single", json!({"layer": "cities", "marker": "star", "size": 8, "color": "gold"}))
        .expect("restyles");
    run(&mut session, "feature.delete", json!({"layer": "cities", "where": "population < 1000000"})).expect("deletes");
    session
}

#[test]
fn a_project_saved_with_its_history_undoes_its_steps_after_it_is_opened_again() {
    let mut session = edited();
    let all_cities = sample().project().layer("cities").expect("cities").features.len();
    let big_cities = feature_count(&session, "cities");
    assert!(big_cities < all_cities);
    let folder = TempFolder::new("project", "history_undo");
    let path = folder.join("atlas.rgis");
    let result = run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    assert_eq!(result["history_steps"], 2);

    let mut reopened = Session::new();
    let outcome = reopened.execute(&Caller::user(), "project.open", json!({"path": path})).expect("opens");
    assert_eq!(outcome.result["history_steps"], 2);
    assert!(outcome.notices.iter().any(|n| n.contains("restored: 2 steps") && n.contains("feature.delete")));
    assert_eq!(feature_count(&reopened, "cities"), big_cities);
    assert_eq!(history_labels(&reopened), ["project.open", "style.single", "feature.delete"]);

    run(&mut reopened, "edit.undo", json!({})).expect("undoes the delete");
    assert_eq!(feature_count(&reopened, "cities"), all_cities);
    let marker = |s: &Session| s.project().layer("cities").expect("cities").style.clone();
    let starred = marker(&reopened);
    run(&mut reopened, "edit.undo", json!({})).expect("undoes the style");
    assert_ne!(marker(&reopened), starred, "the style step is taken back");
    assert_eq!(marker(&reopened), marker(&sample()));
    run(&mut reopened, "edit.undo", json!({})).expect("undoes the opening");
    assert!(reopened.project().layers.is_empty(), "the project open before (empty) comes back last");
}

#[test]
fn a_project_saved_without_asking_keeps_no_history() {
    let mut session = edited();
    let folder = TempFolder::new("project", "no_history");
    let path = folder.join("atlas.rgis");
    let result = run(&mut session, "project.save", json!({"path": path})).expect("saves");
    assert!(result.get("history_steps").is_none());
    assert!(saved(&path).get("history").is_none());
    let mut reopened = Session::new();
    let opened = run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    assert!(opened.get("history_steps").is_none());
    assert_eq!(history_labels(&reopened), ["project.open"]);
}

#[test]
fn a_layer_many_steps_share_is_written_once_in_the_saved_history() {
    let mut session = sample();
    // Sizes the sample's own style does not have, so that every step makes a project of its own.
    for step in 1..=20 {
        let size = 2.05 + f64::from(step) * 0.1;
        run(&mut session, "style.single", json!({"layer": "cities", "size": size})).expect("restyles");
    }
    let folder = TempFolder::new("project", "history_shared");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let history = &saved(&path)["history"];
    assert_eq!(history["undo"].as_array().expect("steps").len(), 20);
    // The four sample layers live in memory: each one's features are kept once, not 40 times.
    assert_eq!(history["data"].as_array().expect("data").len(), 4);
    // Step n's project after is step n+1's before: 21 distinct projects, not 40.
    assert_eq!(history["projects"].as_array().expect("projects").len(), 21);
}

#[test]
fn steps_undone_before_saving_are_redone_after_opening() {
    let mut session = edited();
    run(&mut session, "edit.undo", json!({})).expect("undoes the delete");
    let folder = TempFolder::new("project", "history_redo");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    let all_cities = feature_count(&reopened, "cities");
    let redone = run(&mut reopened, "edit.redo", json!({})).expect("redoes");
    assert_eq!(redone["redone"], "feature.delete");
    assert!(feature_count(&reopened, "cities") < all_cities);
}

#[test]
fn an_agents_saved_steps_stay_the_agents_after_opening() {
    let agent = Caller::attached(
        Actor::Agent { run: RunId(7), n: 1 },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    );
    let mut session = sample();
    session.execute(&agent, "layer.setVisible", json!({"layer": "boundaries", "visible": false})).expect("hides");
    let folder = TempFolder::new("project", "history_actor");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    let top = reopened.history().pop().expect("a step");
    assert_eq!((top.label.as_str(), top.who), ("layer.setVisible", Actor::Agent { run: RunId(7), n: 1 }));
    let other_run = Caller::attached(
        Actor::Agent { run: RunId(8), n: 1 },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    );
    let refused = reopened.execute(&other_run, "edit.undo", json!({})).expect_err("another run's agent 1 is not it");
    assert!(refused.to_string().contains("only its own steps"), "{refused}");
}

#[test]
fn a_script_that_saves_with_history_keeps_its_own_lines_so_far_as_a_step() {
    let mut session = sample();
    let folder = TempFolder::new("project", "history_script");
    let path = folder.join("atlas.rgis");
    let script = format!(
        "layer.setVisible {{\"layer\": \"boundaries\", \"visible\": false}}\nproject.save {}",
        json!({"path": path, "history": true})
    );
    let outcome = session.run_script(&Caller::user(), &script);
    assert!(outcome.success, "{:?}", outcome.error);
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    assert_eq!(history_labels(&reopened), ["project.open", "script (1 line)"]);
    run(&mut reopened, "edit.undo", json!({})).expect("undoes the script's line");
    assert!(reopened.project().layer("boundaries").expect("boundaries").visible);
}

#[test]
fn a_saved_step_reading_a_file_outside_the_projects_folder_is_not_restored_and_the_notice_says_why() {
    let mut session = edited();
    let folder = TempFolder::new("project", "history_outside");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut doc = saved(&path);
    doc["history"]["projects"][0]["layers"][0]["source"] = json!({"type": "file", "path": "../secret.geojson"});
    std::fs::write(&path, doc.to_string()).expect("writes");
    let mut reopened = Session::new();
    let outcome = reopened.execute(&Caller::user(), "project.open", json!({"path": path})).expect("still opens");
    let notice = outcome.notices.iter().find(|n| n.contains("not restored")).expect("a notice says why");
    assert!(notice.contains("outside the project's folder") && notice.contains("secret.geojson"), "{notice}");
    assert!(outcome.result.get("history_steps").is_none());
    assert_eq!(history_labels(&reopened), ["project.open"]);
    assert_eq!(feature_count(&reopened, "cities"), feature_count(&session, "cities"));
}

#[test]
fn a_damaged_history_section_leaves_the_project_opening_and_names_the_damage() {
    let mut session = edited();
    let folder = TempFolder::new("project", "history_damaged");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut doc = saved(&path);
    doc["history"]["undo"][0]["before"] = json!(999);
    std::fs::write(&path, doc.to_string()).expect("writes");
    let mut reopened = Session::new();
    let outcome = reopened.execute(&Caller::user(), "project.open", json!({"path": path})).expect("still opens");
    assert!(
        outcome.notices.iter().any(|n| n.contains("not restored") && n.contains("project 999")),
        "{:?}",
        outcome.notices
    );
    assert_eq!(history_labels(&reopened), ["project.open"]);
}

#[test]
fn a_program_started_with_a_project_keeps_its_saved_history_without_a_step_for_opening_it() {
    let mut session = edited();
    let folder = TempFolder::new("project", "history_start");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut started = Session::start(&StartOptions { project: Some(path), ..StartOptions::default() }).expect("starts");
    assert_eq!(history_labels(&started), ["style.single", "feature.delete"]);
    run(&mut started, "edit.undo", json!({})).expect("undoes the delete");
    run(&mut started, "edit.undo", json!({})).expect("undoes the style");
    assert!(run(&mut started, "edit.undo", json!({})).is_err(), "nothing before the saved history");
}

#[test]
fn a_layer_removed_by_a_saved_step_comes_back_with_its_id_and_is_the_active_layer_again() {
    let mut session = sample();
    run(&mut session, "layer.remove", json!({"layer": "coastline"})).expect("removes");
    let folder = TempFolder::new("project", "history_removed");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    run(&mut reopened, "edit.undo", json!({})).expect("undoes the removal");
    let ids: Vec<u64> = reopened.project().layers.iter().map(|l| l.id.0).collect();
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), ids.len(), "each layer has an id of its own: {ids:?}");
    assert_eq!(reopened.project().layer_names(), sample().project().layer_names());
    run(&mut reopened, "layer.select", json!({"layer": "coastline"})).expect("the restored layer can be chosen");
    run(&mut reopened, "edit.redo", json!({})).expect("removes it again");
    assert!(reopened.project().layer("coastline").is_none());
}

#[test]
fn a_file_layer_in_the_saved_history_is_named_by_its_path_and_its_edit_comes_back_undone() {
    let folder = TempFolder::new("project", "history_file_layer");
    let data = folder.join("points.geojson");
    let points = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "a"}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
        {"type": "Feature", "properties": {"name": "b"}, "geometry": {"type": "Point", "coordinates": [3, 4]}}
    ]});
    std::fs::write(&data, points.to_string()).expect("writes the data");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": data})).expect("opens the data");
    run(&mut session, "feature.delete", json!({"layer": "points", "where": "name = 'a'"})).expect("deletes");
    let path = folder.join("points.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let doc = saved(&path);
    let before = doc["history"]["undo"][1]["before"].as_u64().expect("a project") as usize;
    let source = &doc["history"]["projects"][before]["layers"][0]["source"];
    assert_eq!(source["type"], "file", "the layer as read is named by its file: {source}");
    assert_eq!(doc["history"]["data"].as_array().expect("data").len(), 1, "only the edited features are kept");

    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    assert_eq!(feature_count(&reopened, "points"), 1);
    run(&mut reopened, "edit.undo", json!({})).expect("undoes the delete");
    assert_eq!(feature_count(&reopened, "points"), 2);
}

#[test]
fn a_model_is_made_from_a_restored_history() {
    let mut session = edited();
    let folder = TempFolder::new("project", "history_model");
    let path = folder.join("atlas.rgis");
    run(&mut session, "project.save", json!({"path": path, "history": true})).expect("saves");
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    run(&mut reopened, "model.fromHistory", json!({"actor": "user", "name": "yesterday"})).expect("makes a model");
    let model = reopened.project().models.iter().find(|m| m.name == "yesterday").expect("the model is saved");
    let commands: Vec<&str> = model.steps.iter().map(|s| s.command.as_str()).collect();
    assert!(commands.ends_with(&["style.single", "feature.delete"]), "{commands:?}");
}
