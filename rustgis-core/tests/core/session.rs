//! Behaviour of the session: undo with named actors, active layers per actor, scripts,
//! refusals, panics and parameter errors.

use std::sync::OnceLock;

use rustgis_core::{
    Access, Actor, Caller, CallerOptions, CommandDef, Ctx, Error, Registry, RunId, Session, params_schema,
};
use serde::Deserialize;
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

fn run(session: &mut Session, caller: &Caller, line: &str) -> rustgis_core::Result<Json> {
    let (id, params) = line.split_once(' ').unwrap_or((line, "{}"));
    let params: Json = serde_json::from_str(params).expect("test lines hold valid JSON");
    session.execute(caller, id, params).map(|o| o.result)
}

/// Runs `script` as `caller`, checks that it fails, and returns its error.
fn script_error(session: &mut Session, caller: &Caller, script: &str) -> String {
    let outcome = session.run_script(caller, script);
    assert!(!outcome.success);
    outcome.error.expect("a failed script says why")
}

fn layer_names(session: &Session) -> Vec<String> {
    session.project().layer_names()
}

#[test]
fn agents_undo_only_their_own_steps() {
    let mut session = sample();
    run(&mut session, &agent(1), r#"layer.addSample {"sample": "cities", "name": "one"}"#).expect("agent 1 adds");
    let err = run(&mut session, &agent(2), "edit.undo").expect_err("agent 2 may not undo agent 1's step");
    assert!(err.to_string().contains("agent 1's"), "{err}");
    assert!(layer_names(&session).contains(&"one".to_owned()));
    run(&mut session, &agent(1), "edit.undo").expect("agent 1 undoes its own step");
    assert!(!layer_names(&session).contains(&"one".to_owned()));
}

#[test]
fn an_agent_cannot_undo_the_users_step() {
    let mut session = sample();
    run(&mut session, &Caller::user(), r#"layer.remove {"layer": "coastline"}"#).expect("user removes");
    let err = run(&mut session, &agent(1), "edit.undo").expect_err("the user's step");
    assert!(err.to_string().contains("the user's"), "{err}");
}

#[test]
fn the_user_undoes_anyones_step() {
    let mut session = sample();
    run(&mut session, &agent(1), r#"layer.rename {"layer": "cities", "name": "towns"}"#).expect("agent renames");
    run(&mut session, &Caller::user(), "edit.undo").expect("the user may undo an agent's step");
    assert!(layer_names(&session).contains(&"cities".to_owned()));
    run(&mut session, &Caller::user(), "edit.redo").expect("and redo it");
    assert!(layer_names(&session).contains(&"towns".to_owned()));
}

#[test]
fn agents_of_another_run_cannot_undo_earlier_steps() {
    let mut session = sample();
    let earlier = Caller::attached(
        Actor::Agent { run: RunId(1), n: 1 },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    );
    let later = Caller::attached(
        Actor::Agent { run: RunId(2), n: 1 },
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    );
    run(&mut session, &earlier, r#"layer.setVisible {"layer": "cities", "visible": false}"#).expect("hide");
    assert!(run(&mut session, &later, "edit.undo").is_err());
}

#[test]
fn each_step_is_named_for_its_actor() {
    let mut session = sample();
    run(&mut session, &agent(1), r#"layer.setVisible {"layer": "cities", "visible": false}"#).expect("hide");
    run(&mut session, &Caller::user(), r#"layer.setVisible {"layer": "cities", "visible": true}"#).expect("show");
    let actors: Vec<String> = session.history().into_iter().map(|s| s.actor).collect();
    assert_eq!(actors, ["agent 1", "user"]);
}

#[test]
fn active_layers_stay_apart_per_actor() {
    let mut session = sample();
    // Until an agent chooses, it acts on the user's active layer (countries, after the sample).
    let info = run(&mut session, &agent(1), "layer.info").expect("info");
    assert_eq!(info["name"], "countries");
    run(&mut session, &agent(1), r#"layer.select {"layer": "cities"}"#).expect("agent selects");
    run(&mut session, &Caller::user(), r#"layer.select {"layer": "coastline"}"#).expect("user selects");
    assert_eq!(run(&mut session, &agent(1), "layer.info").expect("info")["name"], "cities");
    assert_eq!(run(&mut session, &Caller::user(), "layer.info").expect("info")["name"], "coastline");
    assert_eq!(run(&mut session, &agent(2), "layer.info").expect("info")["name"], "coastline");
}

#[test]
fn adding_a_layer_makes_it_the_actors_active_layer_only() {
    let mut session = sample();
    run(&mut session, &agent(1), r#"layer.addSample {"sample": "cities"}"#).expect("add");
    assert_eq!(run(&mut session, &agent(1), "layer.info").expect("info")["name"], "cities 2");
    assert_eq!(run(&mut session, &Caller::user(), "layer.info").expect("info")["name"], "countries");
}

#[test]
fn a_failing_script_line_rolls_the_whole_script_back() {
    let mut session = sample();
    let before = layer_names(&session);
    let steps_before = session.history().len();
    let outcome = session.run_script(
        &Caller::user(),
        "# two good lines, then a bad one\nlayer.addSample {\"sample\": \"cities\", \"name\": \"a\"}\n\nlayer.rename {\"layer\": \"a\", \"name\": \"b\"}\nlayer.remove {\"layer\": \"nope\"}\n",
    );
    assert!(!outcome.success);
    let error = outcome.error.clone().expect("an error");
    assert!(error.contains("line 5") && error.contains("nope"), "{error}");
    assert_eq!(layer_names(&session), before);
    assert_eq!(session.history().len(), steps_before);
    assert!(outcome.layers_added.is_empty());
    assert_eq!(outcome.lines.len(), 3);
}

#[test]
fn a_script_is_one_undo_step() {
    let mut session = sample();
    let outcome = session.run_script(
        &agent(1),
        "layer.addSample {\"sample\": \"cities\", \"name\": \"a\"}\nlayer.rename {\"layer\": \"a\", \"name\": \"b\"}",
    );
    assert!(outcome.success, "{:?}", outcome.error);
    assert_eq!(outcome.layers_added, ["b"], "the layer added is listed by its name at the end");
    assert_eq!(session.history().len(), 1);
    run(&mut session, &agent(1), "edit.undo").expect("undo the script");
    assert!(!layer_names(&session).contains(&"b".to_owned()));
}

#[test]
fn a_layer_a_script_adds_and_then_removes_is_not_listed_as_added() {
    let mut session = sample();
    let outcome = session.run_script(
        &agent(1),
        "layer.addSample {\"sample\": \"cities\", \"name\": \"a\"}\nlayer.addSample {\"sample\": \"cities\", \"name\": \"c\"}\nlayer.remove {\"layer\": \"a\"}",
    );
    assert!(outcome.success, "{:?}", outcome.error);
    assert_eq!(outcome.layers_added, ["c"]);
}

#[test]
fn a_script_syntax_error_names_the_line_and_runs_nothing() {
    let mut session = sample();
    let error = script_error(&mut session, &Caller::user(), "layer.remove {\"layer\": \"cities\"}\nlayer.list {oops}");
    assert!(error.contains("line 2"), "{error}");
    assert!(layer_names(&session).contains(&"cities".to_owned()));
}

#[test]
fn agents_may_not_undo_inside_a_run_script() {
    let mut session = sample();
    let error = script_error(&mut session, &agent(1), "edit.undo {}");
    assert!(error.contains("as a single command"), "{error}");
}

#[test]
fn the_file_bridge_undoes_its_own_step_with_a_script_of_one_line() {
    let mut session = sample();
    let bridge = Caller::attached(
        Actor::FileBridge,
        CallerOptions { own_token: true, files_and_network: false, full_access: false },
    );
    assert!(session.run_script(&bridge, "layer.remove {\"layer\": \"cities\"}").success);
    let outcome = session.run_script(&bridge, "edit.undo");
    assert!(outcome.success, "{:?}", outcome.error);
    assert!(layer_names(&session).contains(&"cities".to_owned()));
}

#[test]
fn undo_inside_a_longer_script_is_refused() {
    let mut session = sample();
    let error = script_error(&mut session, &Caller::user(), "layer.list\nedit.undo");
    assert!(error.contains("on its own"), "{error}");
}

#[test]
fn attached_callers_are_refused_every_project_replacing_command() {
    for line in ["project.new", "project.sample", r#"project.fromTemplate {"template": "blank"}"#] {
        let mut session = sample();
        let with_yes = Caller::attached(
            Actor::Agent { run: RunId(3), n: 1 },
            CallerOptions { own_token: true, files_and_network: true, full_access: false },
        );
        let err = run(&mut session, &with_yes, line).expect_err("the open project is the user's");
        assert!(matches!(err, Error::Refused(_)), "{line}: {err}");
        assert!(err.to_string().contains("user"), "{err}");
        assert_eq!(session.project().layers.len(), 4, "{line}");
    }
}

#[test]
fn a_private_agent_may_replace_its_own_project() {
    let mut session = sample();
    run(&mut session, &Caller::private_agent(false), "project.new").expect("its own project");
    assert!(session.project().layers.is_empty());
}

#[test]
fn unknown_ids_suggest_the_nearest() {
    let mut session = sample();
    let err = run(&mut session, &Caller::user(), "layer.addSampel").expect_err("unknown");
    assert!(err.to_string().contains("did you mean 'layer.addSample'"), "{err}");
}

#[test]
fn bad_parameters_list_what_is_accepted() {
    let mut session = sample();
    let err = run(&mut session, &Caller::user(), r#"layer.addSample {"nmae": "cities"}"#).expect_err("misspelled");
    let text = err.to_string();
    assert!(
        text.contains("nmae") && text.contains("sample (one of countries|cities|coastline|boundaries, required)"),
        "{text}"
    );
}

#[test]
fn a_wrong_enum_value_lists_the_accepted_values() {
    let mut session = sample();
    let err =
        run(&mut session, &Caller::user(), r#"layer.addSample {"sample": "rivers"}"#).expect_err("no such sample");
    assert!(err.to_string().contains("countries"), "{err}");
}

#[test]
fn an_unknown_layer_lists_the_projects_layers() {
    let mut session = sample();
    let err = run(&mut session, &Caller::user(), r#"layer.info {"layer": "rivers"}"#).expect_err("no such layer");
    assert!(err.to_string().contains("'countries', 'coastline', 'boundaries', 'cities'"), "{err}");
}

/// Parameters of the test command that panics.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct PanicParams {}

fn change_then_panic(ctx: &mut Ctx<'_>, _p: PanicParams) -> rustgis_core::Result<Json> {
    ctx.project_mut().layers.clear();
    panic!("boom");
}

fn test_registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut defs: Vec<CommandDef> = Vec::new();
        defs.push(CommandDef::build("test.panic").summary("panics").edits(change_then_panic));
        defs.push(CommandDef::build("project.sample").summary("sample").access(Access::REPLACES_PROJECT).edits(
            |ctx, _p: PanicParams| {
                *ctx.project_mut() = Session::with_sample()?.project().clone();
                Ok(json!({}))
            },
        ));
        Registry::from_defs(defs)
    })
}

#[test]
fn a_panicking_command_leaves_the_session_unchanged() {
    let mut session = Session::with_registry(test_registry());
    session.execute(&Caller::user(), "project.sample", Json::Null).expect("sample");
    let before = layer_names(&session);
    let steps = session.history().len();
    let err = session.execute(&Caller::user(), "test.panic", Json::Null).expect_err("it panics");
    assert!(matches!(err, Error::Internal { .. }), "{err}");
    assert!(err.to_string().contains("boom"));
    assert_eq!(layer_names(&session), before);
    assert_eq!(session.history().len(), steps);
}

#[test]
fn schemas_describe_parameters_from_their_doc_comments() {
    let schema = params_schema::<PanicParams>();
    assert_eq!(schema["type"], "object");
    let def = Registry::global().require("layer.addSample").expect("exists");
    assert_eq!(def.schema()["properties"]["sample"]["description"], "Which sample layer.");
}

#[test]
fn a_preview_shows_the_edit_without_changing_the_session() {
    let session = sample();
    let preview = session
        .preview(&Caller::user(), &[("style.categorized", json!({ "layer": "countries", "field": "continent" }))])
        .expect("the style previews");
    let styled = preview.layer("countries").expect("countries");
    assert!(matches!(styled.style, rustgis_core::Style::Categorized { .. }), "{:?}", styled.style);
    let countries = session.project().layer("countries").expect("countries");
    assert!(!matches!(countries.style, rustgis_core::Style::Categorized { .. }), "the session is unchanged");
    assert!(session.history().is_empty(), "no undo step");
}

#[test]
fn a_preview_refuses_commands_that_touch_files() {
    let session = sample();
    let refused = session.preview(&Caller::user(), &[("project.save", json!({ "path": "never.rgis" }))]);
    assert!(refused.is_err_and(|e| e.to_string().contains("project.save")));
    assert!(!std::path::Path::new("never.rgis").exists());
}

#[test]
fn an_unknown_id_is_answered_by_meaning_as_well_as_spelling() {
    let mut session = sample();
    for (asked, meant) in [
        ("label.remove", "label.clear"),
        ("field.update", "field.calculate"),
        ("layer.setVisibility", "layer.setVisible"),
    ] {
        let err = run(&mut session, &Caller::user(), asked).expect_err("unknown");
        assert!(err.to_string().contains(&format!("did you mean '{meant}'")), "{asked}: {err}");
    }
}

#[test]
fn a_command_that_changes_nothing_makes_no_undo_step_and_says_so() {
    let mut session = sample();
    run(&mut session, &Caller::user(), r#"layer.setVisible {"layer": "cities", "visible": false}"#).expect("hide");
    let steps = session.history().len();
    let again = session
        .execute(&Caller::user(), "layer.setVisible", json!({"layer": "cities", "visible": false}))
        .expect("hide again");
    assert_eq!(session.history().len(), steps, "no second step");
    assert!(!again.changed);
    assert_eq!(again.notices, vec!["layer.setVisible changed nothing, so it made no undo step".to_owned()]);
    session.execute(&Caller::user(), "edit.undo", Json::Null).expect("undo");
    assert!(session.project().layer("cities").expect("cities").visible, "one undo takes back the one real change");
}

#[test]
fn a_script_that_changes_nothing_makes_no_undo_step() {
    let mut session = sample();
    let steps = session.history().len();
    let outcome = session.run_script(
        &Caller::user(),
        "layer.setVisible {\"layer\": \"cities\", \"visible\": false}\nlayer.setVisible {\"layer\": \"cities\", \"visible\": true}",
    );
    assert!(outcome.success, "{:?}", outcome.error);
    assert_eq!(session.history().len(), steps);
}

#[test]
fn a_command_that_rewrites_data_to_new_values_makes_a_step() {
    let mut session = sample();
    let steps = session.history().len();
    run(
        &mut session,
        &Caller::user(),
        r#"field.calculate {"layer": "cities", "field": "name", "expression": "upper(name)"}"#,
    )
    .expect("calculate");
    assert_eq!(session.history().len(), steps + 1);
}
