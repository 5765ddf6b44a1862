//! Recipes (a prompt's message, a skill's `SKILL.md`) read as an agent reads them, and followed.
//! Included by path (`#[path = "support/recipes.rs"] mod recipes;`) beside `support/client.rs`.
//!
//! A fenced block without a language (or `text`) is a script for the `run` tool; `tool {json}` in
//! inline code is a tool call. Every command named (a script line, `group.name` in inline code)
//! must exist, and every parameter object and tool call must validate against its JSON Schema.

use std::collections::BTreeMap;

use rustgis_core::{Registry, split_command_line};
use serde_json::{Value as Json, json};

use super::client::Client;

/// One step of a recipe, in the order the text gives them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Step {
    /// A script for the `run` tool.
    Script(String),
    /// A tool call.
    Tool(String, Json),
}

/// The steps of a recipe's text, or every error found in it, one a line.
pub(crate) fn read_steps(text: &str) -> Result<Vec<Step>, Vec<String>> {
    let registry = Registry::global();
    let tool_schemas: BTreeMap<String, Json> = rustgis_mcp::tool_list()
        .into_iter()
        .map(|t| (t.name.to_string(), Json::Object(t.input_schema.as_ref().clone())))
        .collect();
    let groups = registry.groups();
    let mut errors = Vec::new();
    let mut steps = Vec::new();
    let check = |errors: &mut Vec<String>, what: &str, schema: &Json, params: &Json| {
        let validator = jsonschema::validator_for(schema).expect("a schema");
        for error in validator.iter_errors(params) {
            errors.push(format!("{what} {params}: {error} at {}", error.instance_path()));
        }
    };
    let check_command = |errors: &mut Vec<String>, id: &str, rest: &str| {
        let Some(def) = registry.get(id) else {
            errors.push(format!("no command {id} (did you mean {:?}?)", registry.suggest(id)));
            return;
        };
        if rest.is_empty() {
            return;
        }
        match serde_json::from_str::<Json>(rest) {
            Ok(params) => check(errors, id, def.schema(), &params),
            Err(e) => errors.push(format!("{id}: its parameters are not JSON: {e}: {rest}")),
        }
    };
    // The text outside fences, and each fenced block with its language, in order.
    let mut outside = String::new();
    let mut fence: Option<(String, String)> = None;
    let flush = |outside: &mut String, errors: &mut Vec<String>, steps: &mut Vec<Step>| {
        for span in outside.split('`').skip(1).step_by(2) {
            let (name, rest) = split_command_line(span);
            if let Some(schema) = tool_schemas.get(name) {
                if rest.starts_with('{') {
                    match serde_json::from_str::<Json>(rest) {
                        Ok(args) => {
                            check(errors, name, schema, &args);
                            steps.push(Step::Tool(name.to_owned(), args));
                        }
                        Err(e) => errors.push(format!("{name}: its arguments are not JSON: {e}: {rest}")),
                    }
                }
            } else if name.split_once('.').is_some_and(|(group, _)| groups.contains(&group)) {
                check_command(errors, name, rest);
            }
        }
        outside.clear();
    };
    for line in text.lines() {
        match (&mut fence, line.trim_start().strip_prefix("```")) {
            (None, Some(language)) => {
                flush(&mut outside, &mut errors, &mut steps);
                fence = Some((language.trim().to_owned(), String::new()));
            }
            (Some(_), Some(_)) => {
                let (language, body) = fence.take().expect("in a fence");
                if language.is_empty() || language == "text" {
                    for line in body.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
                        let (id, rest) = split_command_line(line);
                        check_command(&mut errors, id, rest);
                    }
                    steps.push(Step::Script(body.trim().to_owned()));
                }
            }
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {
                outside.push_str(line);
                outside.push('\n');
            }
        }
    }
    if fence.is_some() {
        errors.push("a fence is not closed".to_owned());
    }
    flush(&mut outside, &mut errors, &mut steps);
    if errors.is_empty() { Ok(steps) } else { Err(errors) }
}

/// Follows the steps: each script through `run` (it must succeed), each tool call (it must not
/// fail, unless its tool is in `may_fail`). Returns each script's result and the facts of the
/// last map drawn.
pub(crate) async fn follow(client: &mut Client, what: &str, steps: &[Step], may_fail: &[&str]) -> (Vec<Json>, Json) {
    let mut results = Vec::new();
    let mut map = Json::Null;
    for step in steps {
        match step {
            Step::Script(script) => {
                let ran = client.call("run", json!({ "script": script })).await;
                assert_eq!(
                    ran["structuredContent"]["success"],
                    json!(true),
                    "{what}: the script failed: {ran}\n{script}"
                );
                results.push(ran["structuredContent"]["result"].clone());
            }
            Step::Tool(tool, args) => {
                let result = client.call(tool, args.clone()).await;
                if !may_fail.contains(&tool.as_str()) {
                    assert_ne!(result["isError"], json!(true), "{what}: {tool} {args}: {result}");
                }
                if tool == "view_map" {
                    map = result["structuredContent"].clone();
                }
            }
        }
    }
    (results, map)
}
