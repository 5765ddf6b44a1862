//! `completion/complete`: the values a prompt argument or a resource template's variable may
//! take, from the project as it is: layer names, a layer's field names (the layer given in the
//! request's context), places, command ids, colour ramps, the files this server wrote.

use rmcp::ErrorData as McpError;
use rmcp::model::{CompleteRequestParams, CompletionInfo, Reference};
use rustgis_core::{FieldType, GeometryKind, Session, Value};

use crate::prompts::{self, Completes};
use crate::templates;

/// What to complete, worked out from the request alone (before the session is asked).
#[derive(Debug, Clone)]
pub(crate) enum Wanted {
    /// Nothing (free text, or a number).
    Nothing,
    /// Layer names: only those with features, leaving out `except`.
    Layers { vector_only: bool, except: Option<String> },
    /// Field names of a layer (of every layer when `layer` is `None`).
    Fields { layer: Option<String> },
    /// Names some feature has.
    Places,
    /// Command ids.
    Commands,
    /// Colour ramps and palettes.
    Ramps,
    /// Files this server wrote (their names are given: they are the server's, not the session's).
    Outputs,
    /// Fixed words.
    Words(&'static [&'static str]),
}

impl Wanted {
    /// Whether the session must be asked.
    pub(crate) fn needs_session(&self) -> bool {
        !matches!(self, Wanted::Nothing | Wanted::Outputs | Wanted::Words(_) | Wanted::Ramps)
    }
}

/// What a request asks to complete; `-32602` for an unknown prompt, template or argument.
pub(crate) fn wanted(request: &CompleteRequestParams) -> Result<Wanted, McpError> {
    let argument = request.argument.name.as_str();
    let context = |name: &str| {
        request
            .context
            .as_ref()
            .and_then(|c| c.get_argument(name))
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    match &request.r#ref {
        Reference::Prompt(prompt) => {
            let def = prompts::def(&prompt.name).ok_or_else(|| {
                McpError::invalid_params(format!("there is no prompt {:?} to complete", prompt.name), None)
            })?;
            let arg = def.args.iter().find(|a| a.name == argument).ok_or_else(|| {
                McpError::invalid_params(format!("prompt {} has no argument {argument:?}", def.name), None)
            })?;
            Ok(match arg.completes {
                Completes::Nothing => Wanted::Nothing,
                Completes::VectorLayer => Wanted::Layers { vector_only: true, except: None },
                Completes::OtherLayer(other) => Wanted::Layers { vector_only: true, except: context(other) },
                Completes::FieldOf(layer) => Wanted::Fields { layer: context(layer) },
                Completes::Place => Wanted::Places,
                Completes::Ramp => Wanted::Ramps,
                Completes::OneOf(words) => Wanted::Words(words),
            })
        }
        Reference::Resource(resource) => {
            let variables: &[(&str, Wanted)] = match resource.uri.as_str() {
                templates::LAYER => &[("name", Wanted::Layers { vector_only: false, except: None })],
                templates::FEATURES => &[
                    ("name", Wanted::Layers { vector_only: true, except: None }),
                    ("offset", Wanted::Nothing),
                    ("limit", Wanted::Nothing),
                ],
                templates::OUTPUT => &[("file", Wanted::Outputs)],
                templates::COMMAND => &[("command", Wanted::Commands)],
                other => {
                    return Err(McpError::invalid_params(
                        format!(
                            "there is no resource template {other:?}; they are {}, {}, {} and {}",
                            templates::LAYER,
                            templates::FEATURES,
                            templates::OUTPUT,
                            templates::COMMAND
                        ),
                        None,
                    ));
                }
            };
            variables.iter().find(|(name, _)| *name == argument).map(|(_, wanted)| wanted.clone()).ok_or_else(|| {
                McpError::invalid_params(format!("template {} has no variable {argument:?}", resource.uri), None)
            })
        }
        _ => Err(McpError::invalid_params("unknown reference type", None)),
    }
}

/// The candidates of what is wanted, in a useful order (`outputs`: the files this server wrote,
/// latest first).
pub(crate) fn candidates(wanted: &Wanted, session: Option<&Session>, outputs: &[String], typed: &str) -> Vec<String> {
    match (wanted, session) {
        (Wanted::Nothing, _) => Vec::new(),
        (Wanted::Words(words), _) => words.iter().map(|w| (*w).to_owned()).collect(),
        (Wanted::Outputs, _) => outputs.to_vec(),
        (Wanted::Ramps, _) => {
            let mut names: Vec<String> = rustgis_core::ramps::Ramp::names().into_iter().map(str::to_owned).collect();
            names.extend(rustgis_core::ramps::Palette::names().into_iter().map(str::to_owned));
            names
        }
        (_, None) => Vec::new(),
        (Wanted::Layers { vector_only, except }, Some(session)) => session
            .project()
            .layers
            .iter()
            .rev()
            .filter(|l| !*vector_only || prompts::is_vector(l))
            .filter(|l| except.as_deref() != Some(l.name.as_str()))
            .map(|l| l.name.clone())
            .collect(),
        (Wanted::Fields { layer }, Some(session)) => {
            let project = session.project();
            let layers: Vec<&rustgis_core::Layer> = match layer {
                Some(name) => project.layer(name).into_iter().collect(),
                None => project.layers.iter().rev().collect(),
            };
            let mut names = Vec::new();
            // Numbers first: they make graduated choropleths.
            for numbers in [true, false] {
                for layer in &layers {
                    for field in layer.fields.iter() {
                        let numeric = matches!(field.field_type, FieldType::Integer | FieldType::Float);
                        if numeric == numbers && !names.contains(&field.name) {
                            names.push(field.name.clone());
                        }
                    }
                }
            }
            names
        }
        (Wanted::Places, Some(session)) => places(session, typed),
        (Wanted::Commands, Some(session)) => session.registry().all().iter().map(|d| d.id.to_owned()).collect(),
    }
}

/// The most distinct places gathered before ranking.
const MAX_PLACES: usize = 1_000;

/// Names features have that contain what was typed: the name fields of layers in memory, points
/// first, the features in their order.
fn places(session: &Session, typed: &str) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    let mut layers: Vec<&rustgis_core::Layer> =
        session.project().layers.iter().filter(|l| prompts::is_vector(l) && l.postgis().is_none()).collect();
    layers.sort_by_key(|l| if l.geometry_kind() == GeometryKind::Point { 0 } else { 1 });
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    for layer in layers {
        for (idx, field) in layer.fields.iter().enumerate() {
            if field.field_type != FieldType::String || !prompts::is_name_field(&field.name) {
                continue;
            }
            for feature in layer.features.iter() {
                if let Value::String(name) = &feature.attributes[idx]
                    && name.to_lowercase().contains(&typed)
                    && seen.insert(name.clone())
                {
                    found.push(name.clone());
                    if found.len() >= MAX_PLACES {
                        return found;
                    }
                }
            }
        }
    }
    found
}

/// The candidates that match what was typed, best first: those that start with it, then those
/// with a word that does (after a space, `.`, `_` or `-`), then those that hold it; case does
/// not matter. At most 100, with the total and whether there are more.
pub(crate) fn ranked(candidates: Vec<String>, typed: &str) -> CompletionInfo {
    let typed = typed.trim().to_lowercase();
    let mut tiers: [Vec<String>; 3] = Default::default();
    for candidate in candidates {
        let lower = candidate.to_lowercase();
        let tier = if lower.starts_with(&typed) {
            0
        } else if lower.match_indices(&typed).any(|(at, _)| {
            lower[..at].chars().next_back().is_some_and(|c| c == ' ' || c == '.' || c == '_' || c == '-')
        }) {
            1
        } else if lower.contains(&typed) {
            2
        } else {
            continue;
        };
        tiers[tier].push(candidate);
    }
    let all: Vec<String> = tiers.into_iter().flatten().collect();
    let total = all.len();
    let values: Vec<String> = all.into_iter().take(CompletionInfo::MAX_VALUES).collect();
    let has_more = total > values.len();
    CompletionInfo::with_pagination(values, Some(u32::try_from(total).unwrap_or(u32::MAX)), has_more)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_starts_with_the_text_comes_first() {
        let names = ["vector.buffer", "raster.clip", "vector.clip", "buffer zone", "my_buffer"];
        let info = ranked(names.iter().map(|s| (*s).to_owned()).collect(), "buf");
        assert_eq!(info.values, ["buffer zone", "vector.buffer", "my_buffer"]);
        assert_eq!(info.total, Some(3));
        assert_eq!(info.has_more, Some(false));
        let info = ranked(names.iter().map(|s| (*s).to_owned()).collect(), "CLIP");
        assert_eq!(info.values, ["raster.clip", "vector.clip"]);
    }

    #[test]
    fn at_most_a_hundred_values_come_back() {
        let many: Vec<String> = (0..250).map(|n| format!("layer {n}")).collect();
        let info = ranked(many, "");
        assert_eq!(info.values.len(), 100);
        assert_eq!(info.total, Some(250));
        assert_eq!(info.has_more, Some(true));
    }
}
