//! `model.*`: named, typed chains of commands saved in the project ([`crate::model`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

use crate::command::{CommandDef, Ctx, NoParams};
use crate::error::{Error, Result};
use crate::model::{MAX_MODELS, Model, ModelInput, ModelStep, from_calls, substitute};
use crate::policy::Access;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("model.save")
            .summary("Save a model in the project: a named chain of commands with typed inputs")
            .doc(
                "Saves a model: `inputs` (each a `name`, a `type` of layer/string/number/integer/boolean, an \
                 optional `description` and `default`) and `steps` (each a `command` and its `params`). A step's \
                 strings may refer to inputs as `\"${name}\"` and to the layers an earlier step added as \
                 `\"${step1}\"` (step 1's first) or `\"${step1.2}\"` (its second); a string that is only a \
                 reference takes the input's value and type. The model is saved with the project. An existing \
                 model of that name is replaced only with `replace: true`. Models are code: the user, and agents \
                 with Full access, may save and run them.",
            )
            .examples(&[
                r#"model.save {"name": "buffered big cities", "inputs": [{"name": "cities", "type": "layer"}, {"name": "km", "type": "number", "default": 100}], "steps": [{"command": "vector.filter", "params": {"layer": "${cities}", "where": "population > 5000000", "name": "big cities"}}, {"command": "vector.buffer", "params": {"layer": "${step1}", "distance": "${km}", "unit": "km"}}]}"#,
            ])
            .access(Access::CODE)
            .edits_returning(save),
        CommandDef::build("model.list")
            .summary("List the project's models with their inputs")
            .doc("Returns each model's name, description, inputs (name, type, default) and number of steps.")
            .examples(&["model.list {}"])
            .reads_returning(list),
        CommandDef::build("model.describe")
            .summary("Show a model: its inputs and every step")
            .doc("Returns the model as `model.save` takes it.")
            .examples(&[r#"model.describe {"model": "buffered big cities"}"#])
            .reads_returning(describe),
        CommandDef::build("model.run")
            .summary("Run a model with inputs, as one undo step")
            .doc(
                "Runs the model's steps in order with the inputs given (others take their defaults), each under \
                 the caller's policy. Everything is one undo step; a failing step stops the model, names the \
                 step, and nothing is kept. Returns each step's result and the layers added.",
            )
            .examples(&[r#"model.run {"model": "buffered big cities", "inputs": {"cities": "cities", "km": 50}}"#])
            .access(Access::CODE)
            .edits_returning(run),
        CommandDef::build("model.delete")
            .summary("Delete a model from the project")
            .doc("Removes the model; `edit.undo` brings it back.")
            .examples(&[r#"model.delete {"model": "buffered big cities"}"#])
            .access(Access::CODE)
            .edits_returning(delete),
        CommandDef::build("model.fromHistory")
            .summary("Save an actor's steps in the undo history as a model")
            .doc(
                "Turns the steps of `actor` (as the history names it: `user`, `agent`, `agent 1`, `file bridge`) \
                 into a model: each layer the steps used that no earlier step added becomes a layer input (named \
                 for its parameter, its default the layer used), and each layer an earlier step added becomes a \
                 reference to that step's output, so the model reruns the same work on other layers. Steps \
                 undone are not in the history; output names the steps gave stay as they were.",
            )
            .examples(&[r#"model.fromHistory {"actor": "agent 1", "name": "what the agent did"}"#])
            .access(Access::CODE)
            .edits_returning(from_history),
    ]
}

/// Parameters of `model.save`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SaveParams {
    /// The model's name.
    name: String,
    /// What it does.
    #[serde(default)]
    description: String,
    /// What it takes.
    #[serde(default)]
    inputs: Vec<ModelInput>,
    /// What it runs, in order.
    steps: Vec<ModelStep>,
    /// Replace a model of the same name (default false).
    #[serde(default)]
    replace: bool,
}

/// A model's name.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NameParams {
    /// The model's name.
    model: String,
}

/// Parameters of `model.run`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RunParams {
    /// The model's name.
    model: String,
    /// Input values by name (inputs not given take their defaults).
    #[serde(default)]
    inputs: Map<String, Json>,
}

/// Parameters of `model.fromHistory`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FromHistoryParams {
    /// Whose steps: `user`, `agent` (a private server's), `agent 1`, `file bridge`.
    actor: String,
    /// The model's name.
    name: String,
    /// What it does.
    #[serde(default)]
    description: String,
    /// Replace a model of the same name (default false).
    #[serde(default)]
    replace: bool,
}

/// What `model.save` and `model.fromHistory` return.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelSaved {
    /// The model's name.
    saved: String,
    /// The model as saved in the project.
    model: Model,
}

/// What `model.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelList {
    /// The project's models, by name.
    models: Vec<ModelEntry>,
}

/// One model of `model.list`.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelEntry {
    /// Its name.
    name: String,
    /// What it does (empty when it does not say).
    description: String,
    /// What it takes, in order.
    inputs: Vec<ModelInput>,
    /// How many steps it runs.
    steps: usize,
}

/// What `model.run` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelRun {
    /// The model run.
    model: String,
    /// The value each input took (given, or its default).
    inputs: Map<String, Json>,
    /// What each step did, in order.
    steps: Vec<StepRun>,
    /// Every layer the steps added.
    #[serde(rename = "layersAdded")]
    layers_added: Vec<String>,
}

/// One step of `model.run`.
#[derive(Debug, Serialize, JsonSchema)]
struct StepRun {
    /// Its number, from 1.
    step: usize,
    /// The command it ran.
    command: String,
    /// That command's result.
    result: Json,
    /// The layers it added.
    #[serde(rename = "layersAdded")]
    layers_added: Vec<String>,
}

/// What `model.delete` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelDeleted {
    /// The model deleted.
    deleted: String,
}

fn save(ctx: &mut Ctx<'_>, p: SaveParams) -> Result<ModelSaved> {
    let model = Model { name: p.name, description: p.description, inputs: p.inputs, steps: p.steps };
    store(ctx, model, p.replace)
}

fn store(ctx: &mut Ctx<'_>, model: Model, replace: bool) -> Result<ModelSaved> {
    let registry = ctx.registry();
    model.check(|id| registry.get(id).is_some())?;
    let models = &ctx.project().models;
    let existing = models.iter().position(|m| m.name == model.name);
    if existing.is_some() && !replace {
        return Err(Error::invalid(
            "name",
            format!("the project already has a model named {:?}; give \"replace\": true to replace it", model.name),
        ));
    }
    if existing.is_none() && models.len() >= MAX_MODELS {
        return Err(Error::Limit {
            limit: "MAX_MODELS",
            message: format!("the project already has {MAX_MODELS} models; delete some first"),
        });
    }
    let described = ModelSaved { saved: model.name.clone(), model: model.clone() };
    let models = &mut ctx.project_mut().models;
    match existing {
        Some(idx) => models[idx] = model,
        None => models.push(model),
    }
    models.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(described)
}

fn find<'p>(ctx: &'p Ctx<'_>, name: &str) -> Result<&'p Model> {
    let models = &ctx.project().models;
    models.iter().find(|m| m.name == name).ok_or_else(|| {
        let names: Vec<&str> = models.iter().map(|m| m.name.as_str()).collect();
        Error::invalid(
            "model",
            if names.is_empty() {
                format!("there is no model named {name:?}: the project has no models (save one with model.save)")
            } else {
                format!("there is no model named {name:?}; the project's models: {}", names.join(", "))
            },
        )
    })
}

fn list(ctx: &mut Ctx<'_>, _: NoParams) -> Result<ModelList> {
    let models = ctx
        .project()
        .models
        .iter()
        .map(|m| ModelEntry {
            name: m.name.clone(),
            description: m.description.clone(),
            inputs: m.inputs.clone(),
            steps: m.steps.len(),
        })
        .collect();
    Ok(ModelList { models })
}

fn describe(ctx: &mut Ctx<'_>, p: NameParams) -> Result<Model> {
    find(ctx, &p.model).cloned()
}

fn run(ctx: &mut Ctx<'_>, p: RunParams) -> Result<ModelRun> {
    let model = find(ctx, &p.model)?.clone();
    let registry = ctx.registry();
    model.check(|id| registry.get(id).is_some())?;
    let project = ctx.project();
    let values = model.bind(&p.inputs, |name| project.layer(name).is_some())?;
    let mut added: Vec<Vec<String>> = Vec::new();
    let mut steps = Vec::new();
    for (idx, step) in model.steps.iter().enumerate() {
        let number = idx + 1;
        let wrap =
            |cause: Error| Error::ScriptLine { line: number, command: step.command.clone(), cause: Box::new(cause) };
        let params = substitute(&step.params, &values, &added).map_err(wrap)?;
        ctx.progress(idx as f64 / model.steps.len() as f64, &format!("step {number}: {}", step.command));
        let outcome = ctx.run_command(&step.command, params).map_err(wrap)?;
        added.push(outcome.layers_added.clone());
        steps.push(StepRun {
            step: number,
            command: step.command.clone(),
            result: outcome.result,
            layers_added: outcome.layers_added,
        });
    }
    Ok(ModelRun { model: model.name, inputs: values, steps, layers_added: added.concat() })
}

fn delete(ctx: &mut Ctx<'_>, p: NameParams) -> Result<ModelDeleted> {
    find(ctx, &p.model)?;
    ctx.project_mut().models.retain(|m| m.name != p.model);
    Ok(ModelDeleted { deleted: p.model })
}

fn from_history(ctx: &mut Ctx<'_>, p: FromHistoryParams) -> Result<ModelSaved> {
    let calls = ctx.recorded_calls(&p.actor)?;
    let project = ctx.project();
    let model = from_calls(&p.name, &p.description, &calls, |name| project.layer(name).is_some());
    store(ctx, model, p.replace)
}
