//! The registry: the catalogue of every command, looked up by id (with "did you mean" for a
//! wrong one), searched by what commands do, and written out as `docs/commands.md`.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value as Json;

use super::{CommandDef, LONG_ADVICE, result_forms, type_label};
use crate::error::{Error, Result};
use crate::search::Bm25;

/// The catalogue of every command.
#[derive(Debug)]
pub struct Registry {
    defs: Vec<CommandDef>,
    by_id: HashMap<&'static str, usize>,
    /// Built on the first search: what each command does, for ranked look-ups.
    index: OnceLock<Bm25>,
}

/// The most commands a search returns.
const MAX_FOUND: usize = 12;

impl Registry {
    /// The registry of RustGIS's commands.
    pub fn global() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| Registry::from_defs(crate::commands::all()))
    }

    /// A registry of these definitions (for tests and embedders).
    pub fn from_defs(mut defs: Vec<CommandDef>) -> Registry {
        defs.sort_by(|a, b| a.id.cmp(b.id));
        let by_id = defs.iter().enumerate().map(|(idx, d)| (d.id, idx)).collect();
        Registry { defs, by_id, index: OnceLock::new() }
    }

    /// RustGIS's commands and a host's own (the relay's `ui.mcpRelay`) in one catalogue, so that
    /// a host's commands get a schema, docs, `describe_command` and the refusal policy like any
    /// other. Core runs none of them: their definitions say so, and the host runs them.
    pub fn with_host_commands(host: Vec<CommandDef>) -> Registry {
        let mut defs = crate::commands::all();
        defs.extend(host);
        Registry::from_defs(defs)
    }

    /// Every definition, sorted by id.
    pub fn all(&self) -> &[CommandDef] {
        &self.defs
    }

    /// The definition with this id.
    pub fn get(&self, id: &str) -> Option<&CommandDef> {
        self.by_id.get(id).map(|&idx| &self.defs[idx])
    }

    /// The definition with this id, or an error suggesting the nearest ids.
    pub fn require(&self, id: &str) -> Result<&CommandDef> {
        self.get(id).ok_or_else(|| Error::UnknownCommand { id: shortened(id), suggestions: self.suggest(id) })
    }

    /// Up to five ids near `id`: same name in another case, edit distance, or same group.
    pub fn suggest(&self, id: &str) -> Vec<String> {
        // The edit distance costs the product of the lengths: an id far longer than any command's
        // is compared by its first characters only, so 10 MB of text costs what 64 bytes do.
        let id = match id.char_indices().nth(MAX_SUGGESTED_ID_CHARS) {
            Some((end, _)) => &id[..end],
            None => id,
        };
        let lower = id.to_ascii_lowercase();
        let mut scored: Vec<(usize, &str)> = self
            .defs
            .iter()
            .map(|d| {
                let cand = d.id.to_ascii_lowercase();
                let name = cand.split('.').nth(1).unwrap_or(&cand);
                let distance = edit_distance(&lower, &cand).min(edit_distance(&lower, name) + 1);
                (distance, d.id)
            })
            .collect();
        scored.sort();
        let limit = (id.len() / 3).max(2);
        let mut out: Vec<String> =
            scored.iter().filter(|(d, _)| *d <= limit).take(5).map(|(_, id)| (*id).to_owned()).collect();
        // By meaning: the group's command whose words say what the id's words say (`label.remove`
        // finds `label.clear`, `field.update` finds `field.calculate`): first, unless the id is a
        // typo of a command of the group asked (two edits or fewer), which stays first.
        let asked_group = lower.split('.').next().unwrap_or_default();
        let known_group = self.defs.iter().any(|d| d.group() == asked_group);
        let typo = scored.first().is_some_and(|(d, found)| {
            *d <= 2 && (!known_group || found.split('.').next().is_some_and(|g| g.eq_ignore_ascii_case(asked_group)))
        });
        if let Some((group, name)) = id.split_once('.')
            && let Ok(found) = self.search(Some(&words_of(name)), Some(group))
            && let Some(best) = found.first().map(|d| d.id.to_owned())
            && (!out.contains(&best) || !typo)
        {
            out.retain(|o| *o != best);
            if typo {
                out.push(best)
            } else {
                out.insert(0, best)
            }
            out.truncate(5);
        }
        if out.is_empty() {
            let group = lower.split('.').next().unwrap_or_default();
            out = self.defs.iter().filter(|d| d.group() == group).take(8).map(|d| d.id.to_owned()).collect();
        }
        out
    }

    /// The command groups, sorted.
    pub fn groups(&self) -> Vec<&'static str> {
        let mut groups: Vec<&'static str> = self.defs.iter().map(CommandDef::group).collect();
        groups.dedup();
        groups
    }

    /// Commands of an optional group that do what a query says, best first (BM25 over each
    /// command's id, summary, doc and examples, with synonyms); without a query, every command
    /// of the group in id order. A group that does not exist is an error naming the groups.
    pub fn search(&self, query: Option<&str>, group: Option<&str>) -> Result<Vec<&CommandDef>> {
        if let Some(g) = group
            && !self.groups().iter().any(|known| known.eq_ignore_ascii_case(g))
        {
            return Err(Error::invalid(
                "group",
                format!("there is no group '{g}'; the groups are {}", self.groups().join(", ")),
            ));
        }
        let in_group = |d: &CommandDef| group.is_none_or(|g| d.group().eq_ignore_ascii_case(g));
        let Some(query) = query.filter(|q| !q.trim().is_empty()) else {
            return Ok(self.defs.iter().filter(|d| in_group(d)).collect());
        };
        let index = self.index.get_or_init(|| {
            let docs: Vec<Vec<(&str, f64)>> = self
                .defs
                .iter()
                .map(|d| {
                    let mut fields = vec![(d.id, 3.0), (d.summary, 2.0), (d.doc, 1.0)];
                    fields.extend(d.examples.iter().map(|e| (*e, 1.0)));
                    fields
                })
                .collect();
            Bm25::new(&docs)
        });
        let hits = index.search(query);
        let best = hits.first().map_or(0.0, |h| h.1);
        Ok(hits
            .into_iter()
            .filter(|(_, score)| *score >= best * 0.3)
            .map(|(idx, _)| &self.defs[idx])
            .filter(|d| in_group(d))
            .take(MAX_FOUND)
            .collect())
    }

    /// The Markdown reference of every command (`docs/commands.md`).
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "# Commands\n\n<!-- Generated from the command registry by `rustgis-cli commands --markdown`; do not edit. -->\n\n\
             Every action in RustGIS is a command: `group.name {json}`. Run one with `rustgis-cli run -e 'layer.list {}'`, \
             from an agent with the `run_command` tool, or as a line of a script.\n\n\
             Access: *reads files*, *writes files*, *network* and *plugin command* need file and network access \
             (`--yes`); *code* needs Full access; *replaces the project* is refused to agents attached to the app.\n\n",
        );
        let mut group = "";
        for def in &self.defs {
            if def.group() != group {
                group = def.group();
                out.push_str(&format!("## {group}\n\n"));
            }
            out.push_str(&format!("### `{}`\n\n{}\n\n", def.id, def.summary));
            if !def.doc.is_empty() {
                out.push_str(def.doc.trim());
                out.push_str("\n\n");
            }
            let access = def.access.labels();
            out.push_str(&format!(
                "Access: {}. Changes the project: {}.\n\n",
                if access.is_empty() { "none".to_owned() } else { access.join(", ") },
                if def.changes_project() { "yes" } else { "no" }
            ));
            if def.long {
                out.push_str(&format!("Long: {LONG_ADVICE}.\n\n"));
            }
            let required: Vec<&str> = def
                .schema
                .get("required")
                .and_then(Json::as_array)
                .map(|r| r.iter().filter_map(Json::as_str).collect())
                .unwrap_or_default();
            if let Some(props) = def.schema.get("properties").and_then(Json::as_object).filter(|p| !p.is_empty()) {
                out.push_str("| parameter | type | required | description |\n|---|---|---|---|\n");
                for (name, prop) in props {
                    let desc = prop.get("description").and_then(Json::as_str).unwrap_or("").replace('\n', " ");
                    out.push_str(&format!(
                        "| `{name}` | {} | {} | {} |\n",
                        type_label(prop).replace('|', "\\|"),
                        if required.contains(&name.as_str()) { "yes" } else { "no" },
                        desc.replace('|', "\\|")
                    ));
                }
                out.push('\n');
            }
            let renamed = super::renamed::renamed(def.id);
            if !renamed.is_empty() {
                let names: Vec<String> = renamed.iter().map(|(old, new)| format!("`{old}` (now `{new}`)")).collect();
                out.push_str(&format!("Old names still taken: {}.\n\n", names.join(", ")));
            }
            for (form, schema) in def.result.as_ref().map(result_forms).unwrap_or_default() {
                let Some(props) = schema.get("properties").and_then(Json::as_object).filter(|p| !p.is_empty()) else {
                    continue;
                };
                if let Some(form) = form {
                    let form = form.replace('\n', " ");
                    let mut chars = form.chars();
                    let first = chars.next().map(|c| c.to_lowercase().collect::<String>()).unwrap_or_default();
                    out.push_str(&format!("Result when it is {first}{}\n\n", chars.as_str()));
                }
                out.push_str("| result | type | description |\n|---|---|---|\n");
                for (name, prop) in props {
                    let desc = prop.get("description").and_then(Json::as_str).unwrap_or("").replace('\n', " ");
                    out.push_str(&format!(
                        "| `{name}` | {} | {} |\n",
                        type_label(prop).replace('|', "\\|"),
                        desc.replace('|', "\\|")
                    ));
                }
                out.push('\n');
            }
            if !def.examples.is_empty() {
                out.push_str("```\n");
                if !def.example_setup.is_empty() {
                    // What the examples work on, made on the sample first.
                    out.push_str("# on the World Atlas sample, after:\n");
                    for line in def.example_setup.lines() {
                        out.push_str(&format!("#   {line}\n"));
                    }
                }
                for example in def.examples {
                    out.push_str(example);
                    out.push('\n');
                }
                out.push_str("```\n\n");
            }
        }
        out.push_str(
            "## Vocabulary\n\nEvery name a command takes or reports means one thing wherever it appears \
             (a test holds the catalogue to this table).\n\n| name | meaning |\n|---|---|\n",
        );
        for term in super::vocabulary::VOCABULARY {
            out.push_str(&format!("| `{}` | {} |\n", term.name, term.meaning.replace('|', "\\|")));
        }
        out
    }
}

/// An id as error messages show it: at most 64 characters, then how many more.
fn shortened(id: &str) -> String {
    match id.char_indices().nth(MAX_SUGGESTED_ID_CHARS) {
        Some((end, _)) => format!("{}… ({} bytes)", &id[..end], id.len()),
        None => id.to_owned(),
    }
}

/// The most characters of an unknown id compared with the commands' ids for "did you mean".
const MAX_SUGGESTED_ID_CHARS: usize = 64;

/// Levenshtein distance, for "did you mean".
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The words of a command name written in camel case: `setVisibility` is `set visibility`.
fn words_of(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}
