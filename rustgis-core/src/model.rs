//! Models: named, typed chains of commands saved in the project. A step's parameters refer to
//! the model's inputs as `"${input}"` and to the layers earlier steps added as `"${step1}"` (the
//! first layer step 1 added) or `"${step1.2}"` (its second). A string that is exactly one
//! reference becomes the input's value, whatever its type; a reference inside a longer string is
//! replaced by the value's text. `$${` is a literal `${` (a Rhai template string in a step).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

use crate::error::{Error, Result};

/// One call as the undo history keeps it, so a caller's steps can be saved as a model (and a
/// project file's saved history keeps them too).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct RecordedCall {
    /// The command id.
    pub(crate) command: String,
    /// Its parameters, as given.
    pub(crate) params: Json,
    /// The layers it added.
    pub(crate) layers_added: Vec<String>,
}

/// The most steps a model may have.
pub const MAX_MODEL_STEPS: usize = 1_000;
/// The most inputs a model may have.
pub const MAX_MODEL_INPUTS: usize = 100;
/// The most models a project may hold.
pub const MAX_MODELS: usize = 1_000;

/// A model: a named chain of commands with typed inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// Its name, unique in the project.
    pub name: String,
    /// What it does.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// What it takes, in order.
    #[serde(default)]
    pub inputs: Vec<ModelInput>,
    /// What it runs, in order.
    pub steps: Vec<ModelStep>,
}

/// One input of a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModelInput {
    /// Its name, as steps refer to it (`"${name}"`): letters, digits and `_`.
    pub name: String,
    /// Its type: a layer of the project, text, a number, an integer or true/false.
    #[serde(rename = "type")]
    pub input_type: InputType,
    /// What it means.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Its value when a run gives none; without one, the input is required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Json>,
}

/// The type of a model's input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    /// The name of a layer in the project.
    Layer,
    /// Any text.
    String,
    /// Any number.
    Number,
    /// A whole number.
    Integer,
    /// true or false.
    Boolean,
}

/// One step of a model: a command and its parameters (with references).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModelStep {
    /// The command id.
    pub command: String,
    /// Its parameters; strings may hold `${input}`, `${stepN}` and `${stepN.K}`.
    #[serde(default = "empty_object")]
    pub params: Json,
}

fn empty_object() -> Json {
    Json::Object(Map::new())
}

/// A reference in a step's parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reference {
    /// `$${`: a literal `${`.
    Escaped,
    Input(String),
    /// Step number (1-based) and which of its added layers (1-based).
    Step(usize, usize),
}

impl Model {
    /// Checks the model's shape: a name, unique well-formed inputs, at least one step, every
    /// reference to an input it has or to an earlier step. `known_command` says whether a
    /// command id exists.
    pub fn check(&self, known_command: impl Fn(&str) -> bool) -> Result<()> {
        if self.name.trim().is_empty() {
            return Err(Error::invalid("name", "a model needs a name"));
        }
        if self.inputs.len() > MAX_MODEL_INPUTS {
            return Err(Error::invalid("inputs", format!("a model may have at most {MAX_MODEL_INPUTS} inputs")));
        }
        if self.steps.is_empty() || self.steps.len() > MAX_MODEL_STEPS {
            return Err(Error::invalid("steps", format!("a model needs 1 to {MAX_MODEL_STEPS} steps")));
        }
        for (idx, input) in self.inputs.iter().enumerate() {
            if input.name.is_empty() || !input.name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(Error::invalid(
                    "inputs",
                    format!("input name {:?} may hold only letters, digits and _", input.name),
                ));
            }
            if input.name.starts_with("step") && input.name[4..].chars().all(|c| c.is_ascii_digit()) {
                return Err(Error::invalid(
                    "inputs",
                    format!("input name {:?} would be read as a step's output; name it otherwise", input.name),
                ));
            }
            if self.inputs[..idx].iter().any(|other| other.name == input.name) {
                return Err(Error::invalid("inputs", format!("two inputs are named {:?}", input.name)));
            }
            if let Some(default) = &input.default {
                check_type(input, default)
                    .map_err(|m| Error::invalid("inputs", format!("the default of {}: {m}", input.name)))?;
            }
        }
        for (idx, step) in self.steps.iter().enumerate() {
            let number = idx + 1;
            if !known_command(&step.command) {
                return Err(Error::invalid(
                    "steps",
                    format!("step {number} runs {:?}, which is not a command", step.command),
                ));
            }
            if !step.params.is_object() {
                return Err(Error::invalid("steps", format!("the params of step {number} must be a JSON object")));
            }
            let mut problem = None;
            visit_strings(&step.params, &mut |text| {
                for reference in references(text) {
                    let bad = match &reference {
                        Ok(Reference::Input(name)) if !self.inputs.iter().any(|i| &i.name == name) => Some(format!(
                            "step {number} refers to ${{{name}}}, which is no input of the model (its inputs: {})",
                            self.input_names()
                        )),
                        Ok(Reference::Step(n, _)) if *n >= number || *n == 0 => Some(format!(
                            "step {number} refers to the output of step {n}; a step may use only earlier steps' layers"
                        )),
                        Err(m) => Some(format!("step {number}: {m}")),
                        _ => None,
                    };
                    if bad.is_some() && problem.is_none() {
                        problem = bad;
                    }
                }
            });
            if let Some(problem) = problem {
                return Err(Error::invalid("steps", problem));
            }
        }
        Ok(())
    }

    fn input_names(&self) -> String {
        if self.inputs.is_empty() {
            "none".to_owned()
        } else {
            self.inputs.iter().map(|i| i.name.as_str()).collect::<Vec<_>>().join(", ")
        }
    }

    /// The values of every input for a run: those given, else defaults; an unknown, missing or
    /// mistyped input is an error naming what the model takes. `layer_exists` checks layers.
    pub fn bind(&self, given: &Map<String, Json>, layer_exists: impl Fn(&str) -> bool) -> Result<Map<String, Json>> {
        if let Some(unknown) = given.keys().find(|k| !self.inputs.iter().any(|i| &i.name == *k)) {
            return Err(Error::invalid(
                "inputs",
                format!("model {} has no input {unknown:?}; its inputs: {}", self.name, self.input_names()),
            ));
        }
        let mut values = Map::new();
        for input in &self.inputs {
            let value = given.get(&input.name).or(input.default.as_ref()).ok_or_else(|| {
                Error::invalid(
                    "inputs",
                    format!("model {} needs input {:?} ({})", self.name, input.name, type_name(input.input_type)),
                )
            })?;
            check_type(input, value).map_err(|m| Error::invalid("inputs", format!("input {}: {m}", input.name)))?;
            if input.input_type == InputType::Layer
                && let Some(name) = value.as_str()
                && !layer_exists(name)
            {
                return Err(Error::invalid(
                    "inputs",
                    format!("input {}: there is no layer named {name:?} in the project", input.name),
                ));
            }
            values.insert(input.name.clone(), value.clone());
        }
        Ok(values)
    }
}

/// A step's parameters with every reference replaced: inputs by their values, step outputs by
/// the names of the layers those steps added (`added[n - 1]` for step n).
pub(crate) fn substitute(params: &Json, inputs: &Map<String, Json>, added: &[Vec<String>]) -> Result<Json> {
    let lookup = |reference: &Reference| -> Result<Json> {
        match reference {
            Reference::Escaped => Ok(Json::String("${".to_owned())),
            Reference::Input(name) => {
                inputs.get(name).cloned().ok_or_else(|| Error::Failed(format!("no input named {name}")))
            }
            Reference::Step(n, k) => {
                added.get(n - 1).and_then(|layers| layers.get(k - 1)).map(|name| Json::String(name.clone())).ok_or_else(
                    || {
                        Error::Failed(format!(
                            "step {n} added {} layer(s), so ${{step{n}.{k}}} names none",
                            added.get(n - 1).map_or(0, Vec::len)
                        ))
                    },
                )
            }
        }
    };
    Ok(match params {
        Json::String(text) => {
            let refs: Vec<(std::ops::Range<usize>, Reference)> =
                spans(text).filter_map(|(r, x)| Some((r, x.ok()?))).collect();
            match refs.as_slice() {
                [(range, reference)] if range.start == 0 && range.end == text.len() => lookup(reference)?,
                [] => params.clone(),
                _ => {
                    let mut out = String::new();
                    let mut at = 0;
                    for (range, reference) in &refs {
                        out.push_str(&text[at..range.start]);
                        match lookup(reference)? {
                            Json::String(s) => out.push_str(&s),
                            other => out.push_str(&other.to_string()),
                        }
                        at = range.end;
                    }
                    out.push_str(&text[at..]);
                    Json::String(out)
                }
            }
        }
        Json::Array(items) => Json::Array(items.iter().map(|v| substitute(v, inputs, added)).collect::<Result<_>>()?),
        Json::Object(map) => Json::Object(
            map.iter().map(|(k, v)| Ok((k.clone(), substitute(v, inputs, added)?))).collect::<Result<_>>()?,
        ),
        other => other.clone(),
    })
}

/// Parameter keys whose string values name a layer.
const LAYER_KEYS: &[&str] = &["layer", "mask", "overlay", "intersecting", "join_layer", "join", "target"];

/// A model made of recorded calls: layers the calls used that no earlier call added become
/// layer inputs (named for their parameter, with the layer as default); layers an earlier
/// call added become references to that call's output. `is_layer` says whether a string names
/// a layer of the project now.
pub(crate) fn from_calls(
    name: &str,
    description: &str,
    calls: &[RecordedCall],
    is_layer: impl Fn(&str) -> bool,
) -> Model {
    let mut inputs: Vec<ModelInput> = Vec::new();
    let mut produced: Vec<(String, String)> = Vec::new();
    let mut steps = Vec::new();
    // Names of layers the calls add are outputs, never inputs: a call's `name` stays as it was.
    let outputs: std::collections::HashSet<&str> =
        calls.iter().flat_map(|c| c.layers_added.iter().map(String::as_str)).collect();
    let is_input_layer = |text: &str| !outputs.contains(text) && is_layer(text);
    // Saving and deleting models is bookkeeping, not work to repeat.
    let calls: Vec<&RecordedCall> = calls
        .iter()
        .filter(|c| !matches!(c.command.as_str(), "model.save" | "model.delete" | "model.fromHistory"))
        .collect();
    for (idx, call) in calls.iter().enumerate() {
        let params = generalize(&call.params, None, &mut inputs, &produced, &is_input_layer);
        steps.push(ModelStep { command: call.command.clone(), params });
        for (k, layer) in call.layers_added.iter().enumerate() {
            let reference =
                if k == 0 { format!("${{step{}}}", idx + 1) } else { format!("${{step{}.{}}}", idx + 1, k + 1) };
            produced.retain(|(name, _)| name != layer);
            produced.push((layer.clone(), reference));
        }
    }
    Model { name: name.to_owned(), description: description.to_owned(), inputs, steps }
}

fn generalize(
    value: &Json,
    key: Option<&str>,
    inputs: &mut Vec<ModelInput>,
    produced: &[(String, String)],
    is_layer: &impl Fn(&str) -> bool,
) -> Json {
    match value {
        Json::String(text) => {
            if let Some((_, reference)) = produced.iter().rev().find(|(name, _)| name == text) {
                return Json::String(reference.clone());
            }
            let layer_key = key.is_some_and(|k| LAYER_KEYS.contains(&k));
            if text.contains("${") {
                // Text that holds `${` (a Rhai template string) stays text, not a reference.
                return Json::String(text.replace("${", "$${"));
            }
            let names_a_layer = is_layer(text) || (layer_key && !text.is_empty());
            if !names_a_layer {
                return value.clone();
            }
            if let Some(input) = inputs.iter().find(|i| i.default.as_ref().and_then(Json::as_str) == Some(text)) {
                return Json::String(format!("${{{}}}", input.name));
            }
            let base = key.filter(|k| k.chars().all(|c| c.is_alphanumeric() || c == '_')).unwrap_or("layer");
            let input_name = std::iter::once(base.to_owned())
                .chain((2..).map(|n| format!("{base}_{n}")))
                .find(|candidate| !inputs.iter().any(|i| &i.name == candidate))
                .expect("an unused name exists");
            inputs.push(ModelInput {
                name: input_name.clone(),
                input_type: InputType::Layer,
                description: format!("the layer used as {}", key.unwrap_or("a layer")),
                default: Some(value.clone()),
            });
            Json::String(format!("${{{input_name}}}"))
        }
        Json::Array(items) => {
            Json::Array(items.iter().map(|v| generalize(v, key, inputs, produced, is_layer)).collect())
        }
        Json::Object(map) => Json::Object(
            map.iter().map(|(k, v)| (k.clone(), generalize(v, Some(k), inputs, produced, is_layer))).collect(),
        ),
        other => other.clone(),
    }
}

fn type_name(t: InputType) -> &'static str {
    match t {
        InputType::Layer => "a layer name",
        InputType::String => "text",
        InputType::Number => "a number",
        InputType::Integer => "a whole number",
        InputType::Boolean => "true or false",
    }
}

fn check_type(input: &ModelInput, value: &Json) -> std::result::Result<(), String> {
    let ok = match input.input_type {
        InputType::Layer | InputType::String => value.is_string(),
        InputType::Number => value.is_number(),
        InputType::Integer => value.is_i64() || value.is_u64(),
        InputType::Boolean => value.is_boolean(),
    };
    if ok { Ok(()) } else { Err(format!("expected {}, found {value}", type_name(input.input_type))) }
}

fn visit_strings(value: &Json, f: &mut impl FnMut(&str)) {
    match value {
        Json::String(s) => f(s),
        Json::Array(items) => items.iter().for_each(|v| visit_strings(v, f)),
        Json::Object(map) => map.values().for_each(|v| visit_strings(v, f)),
        _ => {}
    }
}

fn references(text: &str) -> impl Iterator<Item = std::result::Result<Reference, String>> + '_ {
    spans(text).map(|(_, r)| r)
}

/// Every `${…}` in `text`, with where it is.
fn spans(text: &str) -> impl Iterator<Item = (std::ops::Range<usize>, std::result::Result<Reference, String>)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + text[at..].find("${")?;
        if start > 0 && text.as_bytes()[start - 1] == b'$' {
            at = start + 2;
            return Some((start - 1..start + 2, Ok(Reference::Escaped)));
        }
        let Some(len) = text[start..].find('}') else {
            at = text.len();
            return Some((start..text.len(), Err(format!("{:?} has a ${{ without its }}", text))));
        };
        let end = start + len + 1;
        at = end;
        Some((start..end, parse_reference(&text[start + 2..end - 1])))
    })
}

fn parse_reference(inner: &str) -> std::result::Result<Reference, String> {
    if let Some(rest) = inner.strip_prefix("step")
        && rest.starts_with(|c: char| c.is_ascii_digit())
    {
        let (n, k) = rest.split_once('.').unwrap_or((rest, "1"));
        return match (n.parse::<usize>(), k.parse::<usize>()) {
            (Ok(n), Ok(k)) if k > 0 => Ok(Reference::Step(n, k)),
            _ => Err(format!("${{{inner}}} is not a step's output: write ${{stepN}} or ${{stepN.K}} (K from 1)")),
        };
    }
    if inner.is_empty() || !inner.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(format!("${{{inner}}} names no input: inputs are letters, digits and _"));
    }
    Ok(Reference::Input(inner.to_owned()))
}
