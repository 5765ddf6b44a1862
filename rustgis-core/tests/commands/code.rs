//! The commands that run code (`script.exec`, `model.*`, `plugin.*` management, `task.*`,
//! `geolibre.*`): what they do for the user, and who the refusal policy lets run them.

use crate::common::TempFolder;
use rustgis_core::{Actor, Caller, CallerOptions, Error, RefusalRule, RunId, Session};
use serde_json::{Value as Json, json};

fn sample() -> Session {
    Session::with_sample().expect("the sample loads")
}

fn agent(options: CallerOptions) -> Caller {
    Caller::attached(Actor::Agent { run: RunId(9), n: 1 }, options)
}

/// Every kind of agent that must be refused code, named for the assertion messages.
fn refused_callers() -> Vec<(&'static str, Caller)> {
    vec![
        ("a private server", Caller::private_agent(false)),
        ("a private server with --yes", Caller::private_agent(true)),
        ("a grant", agent(CallerOptions { own_token: false, files_and_network: true, full_access: false })),
        (
            "a grant with Full access on",
            agent(CallerOptions { own_token: false, files_and_network: true, full_access: true }),
        ),
        (
            "the relay's own token without Full access",
            agent(CallerOptions { own_token: true, files_and_network: true, full_access: false }),
        ),
    ]
}

/// The relay's own token (and MCP over HTTP, which shares it) with Full access on.
fn full_access() -> Caller {
    agent(CallerOptions { own_token: true, files_and_network: false, full_access: true })
}

fn exec(session: &mut Session, caller: &Caller, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(caller, id, params).map(|o| o.result)
}

/// `id {params}` is refused to every agent without Full access on the relay's own token, with a
/// message naming what would allow it, and the session is left as it was.
fn check_refused_to_agents(id: &str, params: Json) {
    for (who, caller) in refused_callers() {
        let mut session = sample();
        let before = session.project().layer_names();
        let err = exec(&mut session, &caller, id, params.clone()).expect_err(who);
        let Error::Refused(refusal) = &err else { panic!("{id} for {who}: not a refusal: {err}") };
        assert_eq!(refusal.rule, RefusalRule::NeedsFullAccess, "{id} for {who}");
        assert!(
            refusal.message.contains("Full access") && refusal.message.contains("ask the user"),
            "{id} for {who}: the refusal names what would allow it: {err}"
        );
        assert_eq!(session.project().layer_names(), before);
        assert!(session.history().is_empty(), "{id} for {who} left no step");
    }
}

#[test]
fn script_exec_is_refused_to_agents_without_full_access_on_the_relays_own_token() {
    check_refused_to_agents("script.exec", json!({ "source": "run(\"layer.remove\", #{layer: \"cities\"})" }));
}

#[test]
fn script_exec_runs_for_the_relays_own_token_with_full_access() {
    let mut session = sample();
    let out = exec(
        &mut session,
        &full_access(),
        "script.exec",
        json!({ "source": "run(\"layer.remove\", #{layer: \"cities\"}); 1" }),
    )
    .expect("Full access runs scripts");
    assert_eq!(out["result"], json!(1));
    assert!(!session.project().layer_names().contains(&"cities".to_owned()));
    assert_eq!(session.history()[0].actor, "agent 1");
}

#[test]
fn script_exec_loops_over_features_and_returns_its_last_value() {
    let mut session = sample();
    let source = "let n = 0; for f in features(\"cities\") { if f.population > 10000000 { n += 1 } } n";
    let out = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": source })).expect("runs");
    let expected = exec(
        &mut session,
        &Caller::user(),
        "table.read",
        json!({ "layer": "cities", "where": "population > 10000000", "limit": 0 }),
    )
    .expect("table.read")["total"]
        .clone();
    assert_eq!(out["result"], expected);
    assert!(session.history().is_empty(), "a script that changes nothing is no undo step");
}

#[test]
fn script_exec_is_one_undo_step_for_every_command_it_runs() {
    let mut session = sample();
    let source = r#"
        for name in ["cities", "coastline"] { run("layer.remove", #{layer: name}); }
        run("layer.addSample", #{sample: "cities", name: "towns"});
        print("done");
        layers()
    "#;
    let outcome = session.execute(&Caller::user(), "script.exec", json!({ "source": source })).expect("runs");
    assert_eq!(outcome.result["result"], json!(["countries", "boundaries", "towns"]));
    assert_eq!(outcome.layers_added, vec!["towns".to_owned()]);
    assert!(outcome.notices.contains(&"done".to_owned()), "{:?}", outcome.notices);
    assert_eq!(session.history().len(), 1);
    assert_eq!(session.history()[0].label, "script.exec");
    session.execute(&Caller::user(), "edit.undo", Json::Null).expect("undo");
    assert_eq!(session.project().layer_names(), ["countries", "coastline", "boundaries", "cities"]);
}

#[test]
fn script_exec_that_fails_keeps_nothing_and_names_the_failing_command_and_line() {
    let mut session = sample();
    let source = "run(\"layer.remove\", #{layer: \"cities\"});\nrun(\"layer.remove\", #{layer: \"nowhere\"});";
    let err = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": source })).expect_err("fails");
    let Error::ScriptLine { line, command, cause } = &err else { panic!("not a script line error: {err:#}") };
    assert_eq!((*line, command.as_str()), (2, "layer.remove"));
    assert_eq!(cause.code(), "unknown_layer");
    assert!(session.project().layer_names().contains(&"cities".to_owned()), "nothing is kept");
    assert!(session.history().is_empty());
}

#[test]
fn script_exec_can_catch_a_failing_command() {
    let mut session = sample();
    let source = "let r = (); try { run(\"layer.remove\", #{layer: \"nowhere\"}); } catch (e) { r = e } r";
    let out = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": source })).expect("caught");
    assert!(out["result"].as_str().is_some_and(|m| m.contains("layer.remove failed")), "{out}");
}

#[test]
fn script_exec_stops_an_endless_loop_at_its_operation_limit() {
    let mut session = sample();
    let source = "run(\"layer.remove\", #{layer: \"cities\"}); loop { }";
    let err =
        exec(&mut session, &Caller::user(), "script.exec", json!({ "source": source, "max_operations": 100_000 }))
            .expect_err("endless");
    assert!(err.to_string().contains("max_operations"), "{err}");
    assert!(session.project().layer_names().contains(&"cities".to_owned()));
}

#[test]
fn script_exec_stops_a_string_that_grows_past_the_value_limit() {
    let mut session = sample();
    let err =
        exec(&mut session, &Caller::user(), "script.exec", json!({ "source": "let s = \"x\"; loop { s += s; }" }))
            .expect_err("too big");
    assert!(err.to_string().contains("limit"), "{err}");
}

#[test]
fn script_exec_refuses_runaway_recursion_and_invalid_source() {
    let mut session = sample();
    let err = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": "fn f(n) { f(n + 1) } f(0)" }))
        .expect_err("too deep");
    assert!(err.to_string().contains("deep"), "{err}");
    let err = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": "let = ;" })).expect_err("invalid");
    assert!(err.to_string().contains("not valid Rhai") && err.to_string().contains("line 1"), "{err}");
    let err = exec(&mut session, &Caller::user(), "script.exec", json!({})).expect_err("nothing to run");
    assert!(err.to_string().contains("\"source\"") && err.to_string().contains("\"path\""), "{err}");
}

#[test]
fn script_exec_cannot_undo_inside_a_script() {
    let mut session = sample();
    let err = exec(&mut session, &Caller::user(), "script.exec", json!({ "source": "run(\"edit.undo\")" }))
        .expect_err("undo inside");
    assert!(format!("{err:#}").contains("runs on its own"), "{err:#}");
}

fn big_cities_model() -> Json {
    json!({
        "name": "buffered big cities",
        "inputs": [{"name": "cities", "type": "layer"}, {"name": "km", "type": "number", "default": 100}],
        "steps": [
            {"command": "vector.filter", "params": {"layer": "${cities}", "where": "population > 5000000", "name": "big ${cities}"}},
            {"command": "vector.buffer", "params": {"layer": "${step1}", "distance": "${km}", "unit": "km"}}
        ]
    })
}

#[test]
fn model_commands_that_save_run_or_delete_are_refused_to_agents_without_full_access() {
    check_refused_to_agents("model.save", big_cities_model());
    check_refused_to_agents("model.run", json!({ "model": "buffered big cities" }));
    check_refused_to_agents("model.delete", json!({ "model": "buffered big cities" }));
    check_refused_to_agents("model.fromHistory", json!({ "actor": "user", "name": "m" }));
}

#[test]
fn model_save_list_describe_and_delete_round_trip() {
    let mut session = sample();
    exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect("saved");
    let list = exec(&mut session, &Caller::private_agent(false), "model.list", json!({})).expect("agents may list");
    assert_eq!(list["models"][0]["name"], json!("buffered big cities"));
    assert_eq!(list["models"][0]["steps"], json!(2));
    let described = exec(&mut session, &Caller::user(), "model.describe", json!({"model": "buffered big cities"}))
        .expect("described");
    assert_eq!(described, big_cities_model());
    let err = exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect_err("exists");
    assert!(err.to_string().contains("\"replace\": true"), "{err}");
    exec(&mut session, &Caller::user(), "model.delete", json!({"model": "buffered big cities"})).expect("deleted");
    assert!(session.project().models.is_empty());
    session.execute(&Caller::user(), "edit.undo", Json::Null).expect("undo");
    assert_eq!(session.project().models.len(), 1, "undo brings a deleted model back");
}

#[test]
fn model_run_chains_inputs_and_earlier_outputs_as_one_undo_step() {
    let mut session = sample();
    exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect("saved");
    let steps_before = session.history().len();
    let out = session
        .execute(
            &Caller::user(),
            "model.run",
            json!({"name": "buffered big cities", "inputs": {"cities": "cities", "km": 50}}),
        )
        .expect("runs");
    assert_eq!(out.layers_added, ["big cities", "big cities buffer 50 km"]);
    assert_eq!(session.history().len(), steps_before + 1);
    assert_eq!(session.history().last().map(|s| s.label.as_str()), Some("model.run"));
    let by_hand = {
        let mut other = sample();
        exec(
            &mut other,
            &Caller::user(),
            "vector.filter",
            json!({"layer": "cities", "where": "population > 5000000", "name": "big cities"}),
        )
        .expect("filter");
        exec(
            &mut other,
            &Caller::user(),
            "vector.buffer",
            json!({"layer": "big cities", "distance": 50, "unit": "km"}),
        )
        .expect("buffer");
        other
    };
    assert_same_layer(&session, &by_hand, "big cities buffer 50 km");
}

#[test]
fn model_run_that_fails_names_the_step_and_keeps_nothing() {
    let mut session = sample();
    exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect("saved");
    let layers = session.project().layer_names();
    let err = exec(
        &mut session,
        &Caller::user(),
        "model.run",
        json!({"name": "buffered big cities", "inputs": {"cities": "cities", "km": -1e9}}),
    )
    .expect_err("a buffer of minus a million km fails");
    assert!(matches!(&err, Error::ScriptLine { line: 2, command, .. } if command == "vector.buffer"), "{err:#}");
    assert_eq!(session.project().layer_names(), layers, "nothing is kept");
    let err = exec(
        &mut session,
        &Caller::user(),
        "model.run",
        json!({"name": "buffered big cities", "inputs": {"towns": "cities"}}),
    )
    .expect_err("unknown input");
    assert!(err.to_string().contains("no input \"towns\"") && err.to_string().contains("cities, km"), "{err}");
    let err = exec(
        &mut session,
        &Caller::user(),
        "model.run",
        json!({"name": "buffered big cities", "inputs": {"cities": 3}}),
    )
    .expect_err("mistyped input");
    assert!(err.to_string().contains("expected a layer name"), "{err}");
}

#[test]
fn model_save_refuses_references_to_unknown_inputs_later_steps_and_unknown_commands() {
    let mut session = sample();
    for (steps, expected) in [
        (json!([{"command": "layer.remove", "params": {"layer": "${town}"}}]), "no input of the model"),
        (json!([{"command": "layer.remove", "params": {"layer": "${step1}"}}]), "only earlier steps"),
        (json!([{"command": "layer.vanish", "params": {}}]), "not a command"),
    ] {
        let err = exec(&mut session, &Caller::user(), "model.save", json!({"name": "m", "steps": steps}))
            .expect_err(expected);
        assert!(err.to_string().contains(expected), "{err}");
    }
}

#[test]
fn models_are_saved_in_the_project_file_byte_stably() {
    let folder = TempFolder::new("code", "models_in_project_file");
    let file = folder.join("with-model.rgis");
    let mut session = sample();
    exec(&mut session, &Caller::user(), "project.save", json!({"path": folder.join("plain.rgis")})).expect("saved");
    let plain = std::fs::read_to_string(folder.join("plain.rgis")).expect("written");
    assert!(!plain.contains("\"models\""), "a project without models is written as before");
    exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect("model saved");
    exec(&mut session, &Caller::user(), "project.save", json!({"path": file})).expect("saved");
    let first = std::fs::read(&file).expect("written");
    let mut reopened = Session::new();
    exec(&mut reopened, &Caller::user(), "project.open", json!({"path": file})).expect("opened");
    assert_eq!(reopened.project().models, session.project().models);
    exec(&mut reopened, &Caller::user(), "project.save", json!({"path": file, "overwrite": true}))
        .expect("saved again");
    assert_eq!(std::fs::read(&file).expect("written"), first, "the same project saves to the same bytes");
}

#[test]
fn a_model_saved_from_an_agents_steps_reruns_on_other_input_and_gives_the_same_result() {
    let agent_1 = agent(CallerOptions { own_token: true, files_and_network: false, full_access: false });
    let steps = [
        ("vector.filter", json!({"layer": "cities", "where": "population > 8000000", "name": "megacities"})),
        ("vector.buffer", json!({"layer": "megacities", "distance": 300, "unit": "km", "name": "reach"})),
        ("vector.intersection", json!({"layer": "reach", "overlay": "countries", "name": "reached countries"})),
    ];
    let mut session = sample();
    for (id, params) in &steps {
        exec(&mut session, &agent_1, id, params.clone()).expect(id);
    }
    exec(&mut session, &Caller::user(), "model.fromHistory", json!({"actor": "agent 1", "name": "reach"}))
        .expect("saved");
    let model = exec(&mut session, &Caller::user(), "model.describe", json!({"model": "reach"})).expect("described");
    let inputs: Vec<(&str, &str)> = model["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .map(|i| (i["name"].as_str().unwrap_or_default(), i["default"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(inputs, [("layer", "cities"), ("overlay", "countries")]);
    assert_eq!(model["steps"][1]["params"]["layer"], json!("${step1}"));
    assert_eq!(model["steps"][2]["params"]["layer"], json!("${step2}"));

    // Other input: the capitals instead of every city.
    let other_input = |session: &mut Session| {
        exec(
            session,
            &Caller::user(),
            "vector.filter",
            json!({"layer": "cities", "where": "capital", "name": "capitals"}),
        )
        .expect("capitals");
    };
    let mut rerun = sample();
    other_input(&mut rerun);
    let mut saved = model.clone();
    saved["name"] = json!("reach");
    exec(&mut rerun, &Caller::user(), "model.save", saved).expect("the model moves to another project");
    exec(&mut rerun, &Caller::user(), "model.run", json!({"model": "reach", "inputs": {"layer": "capitals"}}))
        .expect("reruns");
    let mut by_hand = sample();
    other_input(&mut by_hand);
    let mut steps_on_capitals = steps.clone();
    steps_on_capitals[0].1["layer"] = json!("capitals");
    for (id, params) in &steps_on_capitals {
        exec(&mut by_hand, &agent_1, id, params.clone()).expect(id);
    }
    assert!(!by_hand.project().require("reached countries").expect("made").features.is_empty());
    assert_same_layer(&rerun, &by_hand, "reached countries");
}

/// The layer `name` holds the same fields and features in both sessions.
fn assert_same_layer(a: &Session, b: &Session, name: &str) {
    let (la, lb) = (a.project().require(name).expect("in a"), b.project().require(name).expect("in b"));
    assert_eq!(la.fields, lb.fields, "{name}: fields");
    assert_eq!(la.features.len(), lb.features.len(), "{name}: feature count");
    for (fa, fb) in la.features.iter().zip(lb.features.iter()) {
        assert_eq!(fa.attributes, fb.attributes, "{name}: attributes");
        assert_eq!(fa.geometry, fb.geometry, "{name}: geometry");
    }
}

#[test]
fn every_script_and_model_example_runs_in_order_on_the_sample() {
    let mut session = sample();
    let registry = rustgis_core::Registry::global();
    for id in ["model.save", "model.list", "model.describe", "model.run", "model.delete", "script.exec"] {
        let def = registry.require(id).expect("a command");
        for example in def.examples {
            let (id, params) = rustgis_core::split_command_line(example);
            let params: Json = serde_json::from_str(params).expect("examples are JSON");
            if params.get("path").is_some() {
                continue;
            }
            session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{example}: {e:#}"));
        }
    }
}

#[test]
fn tasks_and_the_geolibre_runner_are_refused_to_agents_without_full_access() {
    check_refused_to_agents("task.run", json!({ "task": "copy" }));
    check_refused_to_agents(
        "geolibre.run",
        json!({ "tool": "ogr2ogr", "args": ["{out}", "{in}"], "inputs": {"in": "cities"}, "outputs": {"out": "o.geojson"} }),
    );
}

#[test]
fn a_model_from_history_keeps_rhai_template_strings_as_text_and_skips_model_bookkeeping() {
    let mut session = sample();
    exec(&mut session, &Caller::user(), "model.save", big_cities_model()).expect("saved");
    let source = "run(\"layer.setVisible\", #{layer: \"cities\", visible: false}); let n = 0; for f in features(\"cities\") { n += 1 } `${n} cities`";
    exec(&mut session, &Caller::user(), "script.exec", json!({ "source": source })).expect("runs");
    exec(&mut session, &Caller::user(), "model.fromHistory", json!({"actor": "user", "name": "again"})).expect("saved");
    let model = exec(&mut session, &Caller::user(), "model.describe", json!({"model": "again"})).expect("described");
    assert_eq!(model["steps"].as_array().map(Vec::len), Some(1), "model.save is not repeated: {model}");
    let out = exec(&mut session, &Caller::user(), "model.run", json!({"model": "again"})).expect("reruns");
    assert_eq!(out["steps"][0]["result"]["result"], json!("521 cities"));
}

#[test]
fn model_from_history_in_a_script_reads_the_scripts_own_earlier_lines() {
    let mut session = sample();
    let outcome = session.run_script(
        &Caller::user(),
        "vector.filter {\"layer\": \"cities\", \"where\": \"population > 5000000\", \"name\": \"big\"}\n\
         vector.buffer {\"layer\": \"big\", \"distance\": 50, \"unit\": \"km\"}\n\
         model.fromHistory {\"actor\": \"user\", \"name\": \"reach\"}",
    );
    assert!(outcome.success, "{:?}", outcome.error);
    let model = session.project().models.iter().find(|m| m.name == "reach").expect("the model was saved");
    let commands: Vec<&str> = model.steps.iter().map(|s| s.command.as_str()).collect();
    assert_eq!(commands, ["vector.filter", "vector.buffer"]);
}
