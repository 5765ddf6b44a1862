//! `layer.*`: the layer list and its order.

use crate::common::run;
use crate::sample;
use serde_json::json;

#[test]
fn layer_move_puts_a_layer_on_top() {
    let mut session = sample();
    run(&mut session, "layer.move", json!({"layer": "countries", "position": "top"})).expect("move");
    assert_eq!(session.project().layer_names().last().map(String::as_str), Some("countries"));
}

#[test]
fn a_layer_title_of_more_than_one_line_is_refused() {
    let mut session = sample();
    let err = run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "Population\n2019"}))
        .expect_err("a newline in a title");
    assert!(err.to_string().contains("title") && format!("{err:#}").contains("one line"), "{err:#}");
    assert_eq!(session.project().layer("countries").expect("countries").title, None);
}

#[test]
fn an_empty_layer_title_removes_the_title() {
    let mut session = sample();
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "People"})).expect("title");
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": ""})).expect("no title");
    assert_eq!(session.project().layer("countries").expect("countries").title, None);
}

// Layer groups -----------------------------------------------------------------------------

/// The sample (countries, coastline, boundaries, cities, bottom to top) with countries and
/// boundaries put in the new group `Basemap`.
fn grouped() -> rustgis_core::Session {
    let mut session = sample();
    run(&mut session, "layer.group", json!({"layers": ["countries", "boundaries"], "group": "Basemap"}))
        .expect("groups");
    session
}

fn order(session: &rustgis_core::Session) -> Vec<String> {
    session.project().layer_names()
}

#[test]
fn a_new_group_gathers_its_layers_where_the_topmost_of_them_was() {
    let session = grouped();
    assert_eq!(order(&session), ["coastline", "countries", "boundaries", "cities"]);
    let boundaries = session.project().layer("boundaries").expect("boundaries");
    assert_eq!(boundaries.group.as_deref(), Some("Basemap"));
}

#[test]
fn layer_list_lists_each_layers_group_and_the_groups_with_their_layers() {
    let mut session = grouped();
    let listed = run(&mut session, "layer.list", json!({})).expect("lists");
    assert_eq!(listed["layers"][1]["group"], json!("Basemap"), "{listed}");
    assert!(listed["layers"][0].get("group").is_none(), "a layer in no group has no group: {listed}");
    assert_eq!(
        listed["groups"],
        json!([{"group": "Basemap", "visible": true, "shown": true, "layers": ["countries", "boundaries"]}])
    );
}

#[test]
fn a_hidden_group_hides_its_layers_and_its_subgroups_layers_but_not_their_own_switches() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["coastline"], "group": "Basemap/Lines"})).expect("nests");
    let hid = run(&mut session, "layer.setGroupVisible", json!({"group": "Basemap", "visible": false})).expect("hides");
    assert_eq!(hid["shown"], json!(false), "{hid}");
    let project = session.project();
    let shown: Vec<&str> = project.shown_layers().map(|l| l.name.as_str()).collect();
    assert_eq!(shown, ["cities"]);
    assert!(project.layers.iter().all(|l| l.visible), "each layer keeps its own switch");
    run(&mut session, "layer.setGroupVisible", json!({"group": "Basemap", "visible": true})).expect("shows");
    assert_eq!(session.project().shown_layers().count(), 4);
}

#[test]
fn a_layer_joining_a_group_goes_to_its_top_and_the_group_stays_where_it_is() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["cities"], "group": "Basemap"})).expect("joins");
    assert_eq!(order(&session), ["coastline", "countries", "boundaries", "cities"]);
    run(&mut session, "layer.move", json!({"layer": "coastline", "position": "top"})).expect("moves");
    run(&mut session, "layer.group", json!({"layers": ["coastline"], "group": "Basemap"})).expect("joins");
    assert_eq!(order(&session), ["countries", "boundaries", "cities", "coastline"]);
}

#[test]
fn layer_move_up_steps_over_a_whole_group() {
    let mut session = grouped();
    let moved = run(&mut session, "layer.move", json!({"layer": "coastline", "position": "up"})).expect("moves");
    assert_eq!(order(&session), ["countries", "boundaries", "coastline", "cities"]);
    assert_eq!(moved["position"], json!(1), "coastline is second of the three things at the top level: {moved}");
}

#[test]
fn layer_move_to_the_top_keeps_a_grouped_layer_in_its_group() {
    let mut session = grouped();
    run(&mut session, "layer.move", json!({"layer": "countries", "position": "top"})).expect("moves");
    assert_eq!(order(&session), ["coastline", "boundaries", "countries", "cities"]);
    assert_eq!(session.project().layer("countries").expect("countries").group.as_deref(), Some("Basemap"));
}

#[test]
fn layer_move_group_moves_a_group_with_everything_in_it() {
    let mut session = grouped();
    let moved = run(&mut session, "layer.moveGroup", json!({"group": "Basemap", "position": "top"})).expect("moves");
    assert_eq!(order(&session), ["coastline", "cities", "countries", "boundaries"]);
    assert_eq!(moved["position"], json!(2), "{moved}");
}

#[test]
fn a_layer_taken_out_of_its_group_goes_just_below_the_group() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["boundaries"], "group": null})).expect("takes out");
    assert_eq!(order(&session), ["coastline", "boundaries", "countries", "cities"]);
    assert_eq!(session.project().layer("boundaries").expect("boundaries").group, None);
}

#[test]
fn layer_ungroup_moves_the_groups_layers_and_groups_up_one_level() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["boundaries"], "group": "Basemap/Lines"})).expect("nests");
    let ungrouped = run(&mut session, "layer.ungroup", json!({"group": "Basemap"})).expect("ungroups");
    assert_eq!(ungrouped["layers"], json!(["countries", "boundaries"]), "{ungrouped}");
    let project = session.project();
    assert_eq!(project.layer("countries").expect("countries").group, None);
    assert_eq!(project.layer("boundaries").expect("boundaries").group.as_deref(), Some("Lines"));
    let paths: Vec<&str> = project.groups.iter().map(|g| g.path.as_str()).collect();
    assert_eq!(paths, ["Lines"]);
}

#[test]
fn a_hidden_group_inside_a_group_dissolved_stays_hidden_one_level_up() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["boundaries"], "group": "Basemap/Lines"})).expect("nests");
    run(&mut session, "layer.setGroupVisible", json!({"group": "Basemap/Lines", "visible": false})).expect("hides");
    run(&mut session, "layer.ungroup", json!({"group": "Basemap"})).expect("ungroups");
    let project = session.project();
    assert!(!project.group_shown("Lines"), "{:?}", project.groups);
    assert!(!project.is_shown(project.layer("boundaries").expect("boundaries")));
}

#[test]
fn layer_rename_group_keeps_its_layers_subgroups_and_switch() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["boundaries"], "group": "Basemap/Lines"})).expect("nests");
    run(&mut session, "layer.setGroupVisible", json!({"group": "Basemap", "visible": false})).expect("hides");
    run(&mut session, "layer.renameGroup", json!({"group": "Basemap", "name": "Background"})).expect("renames");
    let project = session.project();
    assert_eq!(project.layer("boundaries").expect("boundaries").group.as_deref(), Some("Background/Lines"));
    assert_eq!(project.layer("countries").expect("countries").group.as_deref(), Some("Background"));
    assert!(!project.group_shown("Background"), "the switch stays with the renamed group");
}

#[test]
fn a_group_command_naming_no_such_group_lists_the_groups_there_are() {
    let mut session = grouped();
    let err = run(&mut session, "layer.setGroupVisible", json!({"group": "basemap", "visible": false}))
        .expect_err("no such group");
    assert!(format!("{err:#}").contains("'Basemap'"), "{err:#}");
}

#[test]
fn a_group_path_with_an_empty_name_is_refused_saying_how_paths_are_written() {
    let mut session = sample();
    let err = run(&mut session, "layer.group", json!({"layers": ["cities"], "group": "Basemap//Water"}))
        .expect_err("an empty name");
    assert!(format!("{err:#}").contains("Basemap/Water"), "{err:#}");
    assert!(session.project().groups.is_empty());
}

#[test]
fn one_undo_takes_back_a_grouping_with_its_new_order() {
    let mut session = grouped();
    run(&mut session, "edit.undo", json!({})).expect("undoes");
    assert_eq!(order(&session), ["countries", "coastline", "boundaries", "cities"]);
    assert!(session.project().groups.is_empty() && session.project().layers.iter().all(|l| l.group.is_none()));
}

#[test]
fn groups_and_their_switches_are_saved_with_the_project_and_read_back() {
    let mut session = grouped();
    run(&mut session, "layer.group", json!({"layers": ["coastline"], "group": "Basemap/Lines"})).expect("nests");
    run(&mut session, "layer.setGroupVisible", json!({"group": "Basemap/Lines", "visible": false})).expect("hides");
    let folder = crate::common::TempFolder::new("layer", "groups_saved");
    let path = folder.join("grouped.rgis");
    run(&mut session, "project.save", json!({"path": path})).expect("saves");
    let mut reopened = sample();
    run(&mut reopened, "project.open", json!({"path": path})).expect("opens");
    assert_eq!(order(&reopened), order(&session));
    assert_eq!(reopened.project().groups, session.project().groups);
    let groups: Vec<Option<&str>> = reopened.project().layers.iter().map(|l| l.group.as_deref()).collect();
    assert_eq!(groups, [Some("Basemap"), Some("Basemap"), Some("Basemap/Lines"), None]);
}

#[test]
fn a_command_that_changes_no_group_makes_no_undo_step() {
    let mut session = grouped();
    let outcome = session
        .execute(&rustgis_core::Caller::user(), "layer.group", json!({"layers": ["countries"], "group": "Basemap"}))
        .expect("runs");
    assert!(!outcome.changed, "{:?}", outcome.notices);
}

#[test]
fn layer_move_above_a_layer_in_a_group_puts_it_there_in_that_group() {
    let mut session = grouped();
    let moved = run(&mut session, "layer.move", json!({"layer": "cities", "above": "countries"})).expect("moves");
    assert_eq!(order(&session), ["coastline", "countries", "cities", "boundaries"]);
    assert_eq!(session.project().layer("cities").expect("cities").group.as_deref(), Some("Basemap"));
    assert_eq!(moved["position"], json!(1), "second in Basemap: {moved}");
}

#[test]
fn layer_move_above_an_ungrouped_layer_takes_a_layer_out_of_its_group() {
    let mut session = grouped();
    run(&mut session, "layer.move", json!({"layer": "boundaries", "above": "cities"})).expect("moves");
    assert_eq!(order(&session), ["coastline", "countries", "cities", "boundaries"]);
    assert_eq!(session.project().layer("boundaries").expect("boundaries").group, None);
}

#[test]
fn layer_move_with_neither_position_nor_above_says_how_to_say_where() {
    let mut session = sample();
    let err = run(&mut session, "layer.move", json!({"layer": "cities"})).expect_err("nowhere");
    assert!(format!("{err:#}").contains("`above`"), "{err:#}");
}

#[test]
fn duplicating_a_layer_puts_a_copy_with_its_style_just_above_it_and_undo_removes_it() {
    let mut session = sample();
    let user = rustgis_core::Caller::user();
    session.execute(&user, "style.categorized", json!({"layer": "countries", "field": "continent"})).expect("styled");
    let out = session.execute(&user, "layer.duplicate", json!({"layer": "countries"})).expect("duplicated");
    assert_eq!(out.result["layer"], "countries copy");
    assert_eq!(out.layers_added, vec!["countries copy".to_owned()]);
    let names = session.project().layer_names();
    let at = names.iter().position(|n| n == "countries").expect("the original");
    assert_eq!(names.get(at + 1).map(String::as_str), Some("countries copy"), "{names:?}");
    let (original, copy) = (
        session.project().layer("countries").expect("original"),
        session.project().layer("countries copy").expect("copy"),
    );
    assert_eq!(copy.style, original.style);
    assert_eq!(copy.features.len(), original.features.len());
    assert_ne!(copy.id, original.id, "a layer of its own");
    assert_eq!(session.active_layer(user.actor).map(|l| l.name.as_str()), Some("countries copy"));
    session.execute(&user, "edit.undo", json!({})).expect("undo");
    assert!(session.project().layer("countries copy").is_none());
}

#[test]
fn a_second_duplicate_gets_the_next_free_name_and_a_taken_name_is_refused() {
    let mut session = sample();
    let user = rustgis_core::Caller::user();
    session.execute(&user, "layer.duplicate", json!({"layer": "cities"})).expect("first");
    let second = session.execute(&user, "layer.duplicate", json!({"layer": "cities"})).expect("second");
    assert_eq!(second.result["layer"], "cities copy 2");
    let taken = session
        .execute(&user, "layer.duplicate", json!({"layer": "cities", "name": "countries"}))
        .expect_err("countries exists");
    assert!(taken.to_string().contains("countries"), "{taken}");
}
