//! The `script.run` format: one `command-id {json}` per line, `#` comments and blank lines
//! skipped. A script runs as one undo step; a refused or failing line stops it and nothing it
//! did is kept.

use std::time::Instant;

use serde::Serialize;
use serde_json::Value as Json;

use crate::command::{Effect, Outcome, Registry};
use crate::error::Error;
use crate::policy::{Caller, CallerKind, Policy, Refusal, RefusalRule};

/// A parsed script line.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptLine {
    /// 1-based line number in the script text.
    pub line: usize,
    /// The command id.
    pub command: String,
    /// The parameters (`null` when the line had none).
    pub params: Json,
}

/// The outcome of one executed line.
#[derive(Debug, Clone, Serialize)]
pub struct LineOutcome {
    /// 1-based line number.
    pub line: usize,
    /// The command id.
    pub command: String,
    /// Whether it succeeded.
    pub success: bool,
    /// Its result, when it succeeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Json>,
    /// Its error, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The outcome of a script: `{success, result, lines, layersAdded, notices, error, duration_s}`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ScriptOutcome {
    /// Whether every line succeeded (and so the script's changes were kept).
    pub success: bool,
    /// The last command's result.
    pub result: Json,
    /// One entry per executed line.
    pub lines: Vec<LineOutcome>,
    /// Layers the script added (empty when it failed: nothing was kept).
    #[serde(rename = "layersAdded")]
    pub layers_added: Vec<String>,
    /// Notices from every line.
    pub notices: Vec<String>,
    /// Why it failed.
    pub error: Option<String>,
    /// How long it took, in seconds.
    pub duration_s: f64,
    /// The error value, for callers that want its kind.
    #[serde(skip)]
    pub error_value: Option<std::sync::Arc<Error>>,
}

impl ScriptOutcome {
    pub(crate) fn line_ok(mut self, line: &ScriptLine, outcome: Outcome) -> ScriptOutcome {
        self.result = outcome.result.clone();
        self.notices.extend(outcome.notices);
        self.layers_added.extend(outcome.layers_added);
        self.lines.push(LineOutcome {
            line: line.line,
            command: line.command.clone(),
            success: true,
            result: Some(outcome.result),
            error: None,
        });
        self
    }

    pub(crate) fn line_failed(&mut self, line: &ScriptLine, error: &Error) {
        self.lines.push(LineOutcome {
            line: line.line,
            command: line.command.clone(),
            success: false,
            result: None,
            error: Some(error.to_string()),
        });
    }

    pub(crate) fn failed(mut self, error: Error, started: Instant) -> ScriptOutcome {
        self.success = false;
        self.result = Json::Null;
        self.error = Some(error.to_string());
        self.error_value = Some(std::sync::Arc::new(error));
        self.duration_s = started.elapsed().as_secs_f64();
        self
    }

    pub(crate) fn finish(mut self, started: Instant) -> ScriptOutcome {
        self.success = true;
        self.duration_s = started.elapsed().as_secs_f64();
        self
    }

    /// The outcome as JSON.
    pub fn to_json(&self) -> Json {
        serde_json::to_value(self).unwrap_or(Json::Null)
    }
}

/// Splits a `command-id {json}` line into the command id and its parameters' text (trimmed;
/// empty when there are none), at the first whitespace or `{`, so `layer.list{}` and
/// `layer.list {}` are the same line. The one splitter of this format: scripts, the headless
/// host's command lines and the audit log's redaction all use it.
pub fn split_command_line(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.find(|c: char| c.is_whitespace() || c == '{') {
        Some(pos) => (&line[..pos], line[pos..].trim()),
        None => (line, ""),
    }
}

/// Parses a script: every line must name a known command with a JSON object (or nothing) as
/// parameters, and pass the refusal policy, before any line runs.
pub fn parse(text: &str, registry: &Registry, caller: &Caller) -> Result<Vec<ScriptLine>, Error> {
    let mut lines = Vec::new();
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (command, rest) = split_command_line(trimmed);
        let def =
            registry.require(command).map_err(|e| Error::ScriptSyntax { line: line_no, message: e.to_string() })?;
        let params = if rest.is_empty() {
            Json::Null
        } else {
            let value: Json = serde_json::from_str(rest).map_err(|e| Error::ScriptSyntax {
                line: line_no,
                message: format!(
                    "the parameters of {command} are not valid JSON at column {}: {e}; write `{command} {{\"name\": value}}`",
                    trimmed.len() - rest.len() + e.column()
                ),
            })?;
            if !value.is_object() {
                return Err(Error::ScriptSyntax {
                    line: line_no,
                    message: format!("the parameters of {command} must be a JSON object {{…}}, found {value}"),
                });
            }
            value
        };
        Policy::check(def.id, &def.access, caller).map_err(|r| Error::ScriptLine {
            line: line_no,
            command: def.id.to_owned(),
            cause: Box::new(Error::Refused(r)),
        })?;
        lines.push(ScriptLine { line: line_no, command: def.id.to_owned(), params });
    }
    if lines.is_empty() {
        return Err(Error::ScriptSyntax { line: 0, message: "the script has no commands".to_owned() });
    }
    let history_lines: Vec<&ScriptLine> = lines
        .iter()
        .filter(|l| registry.get(&l.command).is_some_and(|d| matches!(d.effect, Effect::History(_))))
        .collect();
    if let Some(first) = history_lines.first() {
        let agent_in_script = matches!(caller.kind, CallerKind::PrivateServer)
            || matches!(caller.kind, CallerKind::Attached { .. }) && caller.actor != crate::policy::Actor::FileBridge;
        if lines.len() > 1 || agent_in_script {
            let message = if lines.len() > 1 {
                format!("{} must run on its own, not inside a script with other lines", first.command)
            } else {
                format!(
                    "{} runs on its own: run it as a single command, not inside a script with other lines",
                    first.command
                )
            };
            return Err(Error::ScriptLine {
                line: first.line,
                command: first.command.clone(),
                cause: Box::new(Error::Refused(Refusal {
                    command: first.command.clone(),
                    rule: RefusalRule::UndoInScript,
                    message,
                    ask: None,
                })),
            });
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::split_command_line;

    #[test]
    fn a_command_line_splits_at_whitespace_or_its_brace_whatever_the_spacing() {
        assert_eq!(split_command_line(r#"layer.open{"path":"x"}"#), ("layer.open", r#"{"path":"x"}"#));
        assert_eq!(split_command_line("  layer.open \t {\"path\": \"x\"}  "), ("layer.open", "{\"path\": \"x\"}"));
        assert_eq!(split_command_line("layer.list"), ("layer.list", ""));
        assert_eq!(split_command_line(""), ("", ""));
    }
}
