//! The commands that run code (`script.exec`, `model.*`, `plugin.*` management, `task.*`,
//! `geolibre.*`): what they do for the user, and who the refusal policy lets run them.

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
        run("layer.addSample", #{name: "cities", "as": "towns"});
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
