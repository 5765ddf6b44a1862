//! The command engine: definitions, the registry, and the context a command runs in.
//!
//! Every action is a command `group.name {json}`. A command is defined once, in one place, with
//! its id, summary, doc text, examples, parameter type (whose JSON Schema is generated from the
//! Rust type and its doc comments), the access it needs and what it does. The catalogue, the
//! generated `docs/commands.md`, the CLI help and the MCP tool list all read that definition.

use std::collections::HashMap;
use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value as Json, json};

use crate::error::{Error, Result};
use crate::layer::{Layer, LayerId};
pub(crate) use crate::model::RecordedCall;
use crate::policy::{Access, Actor, Caller};
use crate::progress::Progress;
use crate::project::Project;
use crate::search::Bm25;

mod schema;

pub(crate) use schema::{accepted_params, result_schema};
pub use schema::{params_schema, result_forms, type_label};

/// What running a command can do to the project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads the project (may change the caller's active layer, which is not an undo step).
    Read,
    /// May change the project: when it does, it is one undo step.
    Edit,
    /// Moves through the undo history (`edit.undo`, `edit.redo`): the session does the move.
    History(Direction),
    /// Waits for a job to end (`job.wait`): the session waits, so that it commits the job's
    /// result as it ends and answers with the job's status.
    WaitJob,
}

/// Which way a history command moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Takes the step on top back (`edit.undo`).
    Back,
    /// Does the next undone step again (`edit.redo`).
    Forward,
}

pub(crate) type RunFn = dyn Fn(&mut Ctx<'_>, Json) -> Result<Json> + Send + Sync;

/// One command's definition, made with [`CommandDef::build`].
pub struct CommandDef {
    /// `group.name`.
    pub id: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Longer doc text (Markdown).
    pub doc: &'static str,
    /// Example invocations, each a script line `id {json}`.
    pub examples: &'static [&'static str],
    /// What it needs beyond the project in memory.
    pub access: Access,
    /// What it can do to the project.
    pub effect: Effect,
    /// Which layers it works on: a command on features refuses a raster layer.
    pub layers: LayerUse,
    /// Whether it can run for minutes on large data (tile pyramids, exports, big geoprocessing):
    /// its docs and catalogue entry suggest running it as a job (`"async": true`).
    pub long: bool,
    schema: Json,
    /// The JSON Schema of what it returns, for a command that says (see
    /// [`CommandBuilder::reads_returning`]).
    result: Option<Json>,
    /// What it runs; `None` for history commands, which the session runs itself.
    run: Option<Box<RunFn>>,
}

impl std::fmt::Debug for CommandDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandDef").field("id", &self.id).finish_non_exhaustive()
    }
}

impl CommandDef {
    /// Starts the definition of the command `id` (`group.name`). Name its summary, doc,
    /// examples and access, then finish with what it does: [`CommandBuilder::reads`],
    /// [`CommandBuilder::edits`] or [`CommandBuilder::moves_history`].
    ///
    /// ```
    /// use rustgis_core::{CommandDef, Ctx, Result};
    /// # #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// # #[serde(deny_unknown_fields)]
    /// # struct HelloParams { name: String }
    /// fn hello(_ctx: &mut Ctx<'_>, params: HelloParams) -> Result<serde_json::Value> {
    ///     Ok(serde_json::json!({ "greeting": format!("hello {}", params.name) }))
    /// }
    /// let def = CommandDef::build("demo.hello").summary("Say hello").reads(hello);
    /// assert_eq!(def.group(), "demo");
    /// ```
    pub fn build(id: &'static str) -> CommandBuilder {
        CommandBuilder {
            id,
            summary: "",
            doc: "",
            examples: &[],
            access: Access::NONE,
            layers: LayerUse::Any,
            long: false,
        }
    }

    /// The same command, working on features: a raster layer is refused (a whole group's
    /// commands are marked so where the groups are listed).
    pub(crate) fn on_features(self) -> CommandDef {
        let layers = if self.layers == LayerUse::Any { LayerUse::Features } else { self.layers };
        CommandDef { layers, ..self }
    }
}

/// Which layers a command works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LayerUse {
    /// Any layer, vector or raster (or none).
    #[default]
    Any,
    /// A layer's features and fields in memory: [`Ctx::layer`] refuses a raster layer, naming the
    /// commands that take one, and a PostGIS layer, naming the commands that ask its database.
    Features,
    /// A layer's features, in memory or in its database: a PostGIS layer is asked (pushdown), a
    /// raster layer refused.
    FeaturesOrDatabase,
}

impl CommandDef {
    /// A command made at run time (a plugin's): its texts are kept for the rest of the process
    /// (the catalogue holds `&'static str`s), which is fine for what a program loads at start.
    #[expect(clippy::too_many_arguments, reason = "every part of a definition, as the builder names them")]
    pub(crate) fn dynamic(
        id: String,
        summary: String,
        doc: String,
        examples: Vec<String>,
        schema: Json,
        access: Access,
        effect: Effect,
        run: Box<RunFn>,
    ) -> CommandDef {
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let examples: Vec<&'static str> = examples.into_iter().map(leak).collect();
        CommandDef {
            id: leak(id),
            summary: leak(summary),
            doc: leak(doc),
            examples: Box::leak(examples.into_boxed_slice()),
            access,
            effect,
            layers: LayerUse::Any,
            long: false,
            schema,
            result: None,
            run: Some(run),
        }
    }
}

/// A command definition being built: named parts first, then what it does.
#[derive(Debug, Clone, Copy)]
#[must_use = "a command builder does nothing until it is finished with reads, edits or moves_history"]
pub struct CommandBuilder {
    id: &'static str,
    summary: &'static str,
    doc: &'static str,
    examples: &'static [&'static str],
    access: Access,
    layers: LayerUse,
    long: bool,
}

impl CommandBuilder {
    /// One line saying what the command does.
    pub fn summary(self, summary: &'static str) -> CommandBuilder {
        CommandBuilder { summary, ..self }
    }

    /// Longer doc text (Markdown).
    pub fn doc(self, doc: &'static str) -> CommandBuilder {
        CommandBuilder { doc, ..self }
    }

    /// Example invocations, each a script line `id {json}`.
    pub fn examples(self, examples: &'static [&'static str]) -> CommandBuilder {
        CommandBuilder { examples, ..self }
    }

    /// What the command needs beyond the project in memory (default: nothing).
    pub fn access(self, access: Access) -> CommandBuilder {
        CommandBuilder { access, ..self }
    }

    /// Marks a command that works on a layer's features and fields: given a raster layer, it is
    /// refused before it runs.
    pub fn on_features(self) -> CommandBuilder {
        CommandBuilder { layers: LayerUse::Features, ..self }
    }

    /// Marks a command on features that also works on a PostGIS layer by asking its database
    /// (the others refuse one); a raster layer is refused.
    pub fn on_features_or_database(self) -> CommandBuilder {
        CommandBuilder { layers: LayerUse::FeaturesOrDatabase, ..self }
    }

    /// Marks a command that can run for minutes on large data: its docs and catalogue entry
    /// suggest running it as a job (`"async": true` on `run_command`).
    pub fn long(self) -> CommandBuilder {
        CommandBuilder { long: true, ..self }
    }

    /// Finishes a command that reads the project. `P` should carry
    /// `#[serde(deny_unknown_fields)]` so a misspelled parameter is an error, not ignored.
    pub fn reads<P>(self, run: fn(&mut Ctx<'_>, P) -> Result<Json>) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
    {
        self.finish(Effect::Read, run)
    }

    /// Finishes a command that may change the project (one undo step when it does).
    pub fn edits<P>(self, run: fn(&mut Ctx<'_>, P) -> Result<Json>) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
    {
        self.finish(Effect::Edit, run)
    }

    /// Finishes a command that reads the project and says what it returns: `R`'s JSON Schema
    /// (its doc comments included) is the command's result schema, which `describe_command` and
    /// `docs/commands.md` show, and every result is an `R`, so it fits that schema.
    pub fn reads_returning<P, R>(self, run: fn(&mut Ctx<'_>, P) -> Result<R>) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
        R: Serialize + JsonSchema + 'static,
    {
        self.finish_returning(Effect::Read, run)
    }

    /// Finishes a command that may change the project and says what it returns, as
    /// [`CommandBuilder::reads_returning`] does.
    pub fn edits_returning<P, R>(self, run: fn(&mut Ctx<'_>, P) -> Result<R>) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
        R: Serialize + JsonSchema + 'static,
    {
        self.finish_returning(Effect::Edit, run)
    }

    fn finish_returning<P, R>(self, effect: Effect, run: fn(&mut Ctx<'_>, P) -> Result<R>) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
        R: Serialize + JsonSchema + 'static,
    {
        let id = self.id;
        let mut def = self.finish(effect, move |ctx, params: P| {
            let result = run(ctx, params)?;
            serde_json::to_value(result).map_err(|e| Error::Failed(format!("{id} gave a result that is not JSON: {e}")))
        });
        def.result = Some(result_schema::<R>());
        def
    }

    /// Finishes a command that moves through the undo history; it takes no parameters and the
    /// session runs it.
    pub fn moves_history(self, direction: Direction) -> CommandDef {
        let mut def = self.def(Effect::History(direction), params_schema::<NoParams>(), None);
        def.result = Some(result_schema::<HistoryMoved>());
        def
    }

    /// Finishes `job.wait`, which the session runs (its parameters are [`crate::jobs::WaitParams`]);
    /// it answers with the job's status.
    pub(crate) fn waits_on_job(self) -> CommandDef {
        let mut def = self.def(Effect::WaitJob, params_schema::<crate::jobs::WaitParams>(), None);
        def.result = Some(result_schema::<crate::jobs::JobInfo>());
        def
    }

    fn finish<P>(
        self,
        effect: Effect,
        run: impl Fn(&mut Ctx<'_>, P) -> Result<Json> + Send + Sync + 'static,
    ) -> CommandDef
    where
        P: DeserializeOwned + JsonSchema + 'static,
    {
        let schema = params_schema::<P>();
        let accepted = accepted_params(&schema);
        let id = self.id;
        let run: Box<RunFn> = Box::new(move |ctx, params| {
            let params: P = serde_json::from_value(params).map_err(|e| Error::InvalidParams {
                command: id.to_owned(),
                message: in_json_terms(&e.to_string()),
                accepted: accepted.clone(),
            })?;
            run(ctx, params)
        });
        self.def(effect, schema, Some(run))
    }

    fn def(self, effect: Effect, schema: Json, run: Option<Box<RunFn>>) -> CommandDef {
        let CommandBuilder { id, summary, doc, examples, access, layers, long } = self;
        CommandDef { id, summary, doc, examples, access, effect, layers, long, schema, result: None, run }
    }
}

/// What `edit.undo` and `edit.redo` return.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct HistoryMoved {
    /// The step taken back or done again: its command, or `script (n lines)`.
    pub(crate) undone_or_redone: String,
    /// Whose step it is (`user`, `agent 1`, `file bridge`).
    pub(crate) actor: String,
    /// `edit.undo` or `edit.redo`.
    pub(crate) command: String,
}

/// The parameters of a command that takes none (`{}`; anything else is refused).
#[derive(Debug, serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// A deserialization error told in JSON's words (number, integer, string, object, array), never
/// in Rust's (`f64`, `usize`, `struct BufferParams`), since an agent writes JSON.
pub fn in_json_terms(message: &str) -> String {
    let mut out = message.to_owned();
    for (rust, json) in [
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected usize", "expected a whole number (0 or more)"),
        ("expected u64", "expected a whole number (0 or more)"),
        ("expected u32", "expected a whole number (0 or more)"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected i64", "expected an integer"),
        ("expected i32", "expected an integer"),
        ("expected isize", "expected an integer"),
        ("expected a sequence", "expected an array"),
        ("expected a map", "expected an object"),
        ("expected a borrowed string", "expected a string"),
        ("invalid type: map,", "invalid type: object,"),
        ("invalid type: sequence,", "invalid type: array,"),
        ("invalid type: unit value,", "invalid type: null,"),
        ("invalid type: floating point", "invalid type: number"),
        ("invalid type: integer", "invalid type: number"),
        ("invalid value: integer", "invalid value: number"),
        ("invalid value: floating point", "invalid value: number"),
    ] {
        out = out.replace(rust, json);
    }
    if let Some(idx) = out.find("expected struct ") {
        let end = out[idx..].find([',', ';']).map_or(out.len(), |e| idx + e);
        out.replace_range(idx..end, "expected an object");
    }
    if let Some(idx) = out.find("data did not match any variant of untagged enum") {
        out.replace_range(idx.., "the value has none of the accepted forms (see the parameter's schema)");
    }
    if let Some(idx) = out.find("expected enum ") {
        let end = out[idx..].find([',', ';']).map_or(out.len(), |e| idx + e);
        out.replace_range(idx..end, "expected one of the listed names");
    }
    out
}

impl CommandDef {
    /// Whether running it can change the project.
    pub fn changes_project(&self) -> bool {
        self.effect != Effect::Read
    }

    /// The JSON Schema of the parameters.
    pub fn schema(&self) -> &Json {
        &self.schema
    }

    /// The JSON Schema of what the command returns, when its definition says.
    pub fn result_schema(&self) -> Option<&Json> {
        self.result.as_ref()
    }

    /// The group (`layer` of `layer.addSample`).
    pub fn group(&self) -> &'static str {
        self.id.split('.').next().unwrap_or(self.id)
    }

    /// The catalogue entry: id, summary, access and effect (and `long` for a long command).
    pub fn summary_json(&self) -> Json {
        let mut entry = json!({
            "id": self.id,
            "summary": self.summary,
            "access": self.access.labels(),
            "changes_project": self.changes_project(),
        });
        if self.long {
            entry["long"] = json!(LONG_ADVICE);
        }
        entry
    }

    /// Everything about the command: schema, doc text, examples, access (and `long`, and the
    /// schema of its `result` when its definition says what it returns).
    pub fn describe_json(&self) -> Json {
        let mut entry = self.describe_without_long();
        if self.long {
            entry["long"] = json!(LONG_ADVICE);
        }
        if let Some(result) = &self.result {
            entry["result"] = result.clone();
        }
        entry
    }

    fn describe_without_long(&self) -> Json {
        json!({
            "id": self.id,
            "summary": self.summary,
            "doc": self.doc,
            "params": self.schema,
            "examples": self.examples,
            "access": self.access.labels(),
            "changes_project": self.changes_project(),
            "layers": match self.layers {
                LayerUse::Any => "any",
                LayerUse::Features => "vector",
                LayerUse::FeaturesOrDatabase => "vector or PostGIS",
            },
        })
    }

    pub(crate) fn invoke(&self, ctx: &mut Ctx<'_>, params: Json) -> Result<Json> {
        match &self.run {
            Some(run) => run(ctx, params),
            None => Err(Error::Failed(format!(
                "{} runs on its own: run it as a single command, not inside a script or another command",
                self.id
            ))),
        }
    }
}

/// What the catalogue and docs say of a long command.
pub const LONG_ADVICE: &str = "can take minutes on large data: suggest running it as a job (\"async\": true on run_command or run; watch it \
     with job.status, stop it with job.cancel)";

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
                for example in def.examples {
                    out.push_str(example);
                    out.push('\n');
                }
                out.push_str("```\n\n");
            }
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
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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

/// What a command sees while it runs: a working copy of the project (kept only if the command
/// succeeds), the caller, and the ways to report layers added, notices and progress.
pub struct Ctx<'a> {
    pub(crate) command: &'static str,
    pub(crate) layers: LayerUse,
    pub(crate) project: Project,
    pub(crate) changed: bool,
    pub(crate) caller: &'a Caller,
    pub(crate) own_active: Option<LayerId>,
    pub(crate) user_active: Option<LayerId>,
    pub(crate) new_active: Option<LayerId>,
    pub(crate) next_layer_id: &'a mut u64,
    pub(crate) notices: Vec<String>,
    pub(crate) layers_added: Vec<String>,
    pub(crate) progress: &'a dyn Progress,
    pub(crate) limits: crate::limits::Limits,
    pub(crate) base_dir: Option<std::path::PathBuf>,
    pub(crate) renderer: Option<std::sync::Arc<dyn crate::render_hook::MapRenderer>>,
    pub(crate) database: crate::postgis::Database,
    pub(crate) project_path: Option<std::path::PathBuf>,
    pub(crate) new_project_path: Option<Option<std::path::PathBuf>>,
    pub(crate) new_user_active: Option<LayerId>,
    pub(crate) registry: &'static Registry,
    pub(crate) history: &'a [crate::session::Step],
    pub(crate) depth: usize,
    pub(crate) plugins_folder: Option<std::path::PathBuf>,
    /// The session's jobs, for `job.*` (`None` inside a job: jobs do not start jobs).
    pub(crate) jobs: Option<&'a parking_lot::Mutex<crate::jobs::JobTable>>,
    /// Set by [`Ctx::keep_partial`]: what a cancelled job's command made before it stopped.
    pub(crate) partial: Option<String>,
}

/// How deep commands may run commands (`script.exec` running `model.run` running…): deeper
/// nesting is refused, so a model that runs itself ends with an error, not a stack overflow.
pub const MAX_NESTED_COMMANDS: usize = 8;

impl Ctx<'_> {
    /// The id of the running command.
    pub fn command(&self) -> &'static str {
        self.command
    }

    /// The project as it stands (including this command's changes so far).
    pub fn project(&self) -> &Project {
        &self.project
    }

    /// The project, to change it. The change becomes an undo step if the command succeeds.
    pub fn project_mut(&mut self) -> &mut Project {
        self.changed = true;
        &mut self.project
    }

    /// Replaces the whole project (project.new, project.open…).
    pub fn replace_project(&mut self, project: Project) {
        self.changed = true;
        self.project = project;
    }

    /// The caller.
    pub fn caller(&self) -> &Caller {
        self.caller
    }

    /// The caller's actor.
    pub fn actor(&self) -> Actor {
        self.caller.actor
    }

    /// The caller's active layer id: chosen in this command, else its own choice, else the user's.
    pub fn active_layer_id(&self) -> Option<LayerId> {
        let exists = |id: &LayerId| self.project.layer_by_id(*id).is_some();
        self.new_active.filter(exists).or(self.own_active.filter(exists)).or(self.user_active.filter(exists))
    }

    /// The index of the named layer, or of the caller's active layer when `name` is `None`.
    /// A command that works on features refuses a raster layer here, naming both.
    pub fn layer_index(&self, name: Option<&str>) -> Result<usize> {
        let idx = self.any_layer_index(name)?;
        let layer = &self.project.layers[idx];
        if layer.is_web() && (self.layers != LayerUse::Any || self.command.starts_with("raster.")) {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' is a web layer (tiles from {}); {} needs a layer of data",
                    layer.name,
                    layer.web.as_ref().map_or("", |w| w.url()),
                    self.command
                ),
            ));
        }
        if layer.is_raster() && self.layers != LayerUse::Any {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' is a raster; {} needs a vector layer (raster layers take the raster.* commands and \
                     style.raster)",
                    layer.name, self.command
                ),
            ));
        }
        if layer.postgis().is_some() && self.layers == LayerUse::Features {
            return Err(Error::invalid(
                "layer",
                format!(
                    "layer '{}' lives in PostGIS and {} works on features in memory; bring the ones you need into \
                     memory with vector.filter {{\"layer\": \"{}\", \"where\": …, \"bbox\": …}} (run in the \
                     database), or use table.read, feature.select, vector.buffer, vector.spatialJoin, vector.clip or layer.export, \
                     which ask the database (vector.intersection, union and difference read it whole)",
                    layer.name, self.command, layer.name
                ),
            ));
        }
        Ok(idx)
    }

    /// The index of the named layer (or the active one), vector or raster.
    fn any_layer_index(&self, name: Option<&str>) -> Result<usize> {
        match name {
            Some(name) => self.project.require_index(name),
            None => self
                .active_layer_id()
                .and_then(|id| self.project.layers.iter().position(|l| l.id == id))
                .ok_or_else(|| Error::NoActiveLayer { accepted: self.project.layer_names() }),
        }
    }

    /// The named layer, or the caller's active layer.
    pub fn layer(&self, name: Option<&str>) -> Result<&Layer> {
        let idx = self.layer_index(name)?;
        Ok(&self.project.layers[idx])
    }

    /// The named layer (or the active one), to change it.
    pub fn layer_mut(&mut self, name: Option<&str>) -> Result<&mut Layer> {
        let idx = self.layer_index(name)?;
        Ok(&mut self.project_mut().layers[idx])
    }

    /// Makes a layer the caller's active layer (once the command succeeds).
    pub fn set_active(&mut self, id: LayerId) {
        self.new_active = Some(id);
    }

    /// The user's active layer id (what a project file saves), as this command leaves it.
    pub fn user_active_layer_id(&self) -> Option<LayerId> {
        let exists = |id: &LayerId| self.project.layer_by_id(*id).is_some();
        let chosen_here = if self.caller.actor == Actor::User { self.new_active } else { None };
        self.new_user_active.or(chosen_here).or(self.user_active).filter(exists)
    }

    /// Makes a layer the user's active layer (once the command succeeds), whoever the caller is:
    /// opening a project restores the user's choice saved in it.
    pub fn set_user_active(&mut self, id: LayerId) {
        self.new_user_active = Some(id);
    }

    /// The project file the session's project belongs to, if any.
    pub fn project_path(&self) -> Option<&std::path::Path> {
        self.new_project_path.as_ref().map_or(self.project_path.as_deref(), |p| p.as_deref())
    }

    /// Sets (or, with `None`, forgets) the project's file once the command succeeds, even when
    /// the command does not change the project (`project.save`).
    pub fn set_project_path(&mut self, path: Option<std::path::PathBuf>) {
        self.new_project_path = Some(path);
    }

    /// Gives a layer a fresh session-unique id.
    pub fn assign_id(&mut self, layer: &mut Layer) {
        *self.next_layer_id += 1;
        layer.id = LayerId(*self.next_layer_id);
    }

    /// Adds a layer on top, gives it an id, makes it the caller's active layer and reports it in
    /// `layersAdded`. Its name must be unique (`unique_name` makes one).
    pub fn add_layer(&mut self, mut layer: Layer) -> Result<&Layer> {
        if self.project.layer(&layer.name).is_some() {
            return Err(Error::LayerExists(layer.name));
        }
        let max = crate::project::file::MAX_LAYERS;
        if self.project.layers.len() >= max {
            return Err(Error::Limit {
                limit: "project_file::MAX_LAYERS",
                message: format!(
                    "the project already has {max} layers, the most a project may hold; remove some first"
                ),
            });
        }
        self.assign_id(&mut layer);
        self.set_active(layer.id);
        self.layers_added.push(layer.name.clone());
        let project = self.project_mut();
        project.layers.push(layer);
        Ok(project.layers.last().expect("a layer was just pushed"))
    }

    /// Adds a notice to the result (something the caller should know, not an error).
    pub fn notice(&mut self, message: impl Into<String>) {
        self.notices.push(message.into());
    }

    /// The resource limits this command runs under.
    pub fn limits(&self) -> &crate::limits::Limits {
        &self.limits
    }

    /// Parses an expression that evaluates under this command's value limit.
    pub fn expression(&self, text: &str) -> Result<crate::expr::Expr> {
        Ok(crate::expr::Expr::parse(text)?.with_max_value_bytes(self.limits.max_value_bytes))
    }

    /// Reports progress.
    pub fn progress(&self, fraction: f64, message: &str) {
        self.progress.report(fraction.clamp(0.0, 1.0), message);
    }

    /// Says that the command stopped part-way because its job was cancelled (the progress
    /// [`Progress::keeps_partial`]) and returns what it made so far: the job counts as cancelled
    /// and keeps this result, with `note` saying what it holds. Without a job nothing stops
    /// part-way: cancellation is an error.
    pub fn keep_partial(&mut self, note: impl Into<String>) {
        self.partial = Some(note.into());
    }

    /// Whether [`Ctx::keep_partial`] was called: the result is partial.
    pub fn is_partial(&self) -> bool {
        self.partial.is_some()
    }

    /// An error when the caller cancelled; call between features.
    pub fn check_cancelled(&self) -> Result<()> {
        if self.progress.is_cancelled() { Err(Error::Cancelled(self.command.to_owned())) } else { Ok(()) }
    }

    /// The session's database access, for PostGIS layers.
    pub(crate) fn database(&self) -> &crate::postgis::Database {
        &self.database
    }

    /// The renderer the host installed, for commands that draw maps.
    pub fn renderer(&self) -> Result<&dyn crate::render_hook::MapRenderer> {
        self.renderer
            .as_deref()
            .ok_or_else(|| Error::Failed("this host draws no maps (no renderer is installed)".to_owned()))
    }

    /// The folder relative paths are resolved against (the project file's folder, else the
    /// working directory).
    pub fn resolve_path(&self, path: &str) -> std::path::PathBuf {
        let p = std::path::Path::new(path);
        let expanded = match path.strip_prefix("~/") {
            Some(rest) => std::env::var_os("HOME").map(|home| std::path::PathBuf::from(home).join(rest)),
            None => None,
        };
        match (expanded, &self.base_dir) {
            (Some(e), _) => e,
            (None, Some(base)) if p.is_relative() => base.join(p),
            _ => p.to_owned(),
        }
    }
}

impl Ctx<'_> {
    /// Runs another command inside this one, for the same caller and under the same refusal
    /// policy, limits, cancellation and run time, on this command's working copy: its changes
    /// become part of this command's one undo step, and are dropped with it if this command
    /// fails. `edit.undo`/`edit.redo` cannot run inside a command.
    pub fn run_command(&mut self, id: &str, params: Json) -> Result<crate::session::Outcome> {
        let def = self.registry.require(id)?;
        if self.depth >= MAX_NESTED_COMMANDS {
            return Err(Error::Limit {
                limit: "MAX_NESTED_COMMANDS",
                message: format!(
                    "{} cannot run {}: commands may run commands only {MAX_NESTED_COMMANDS} deep (does a model or \
                     script run itself?)",
                    self.command, def.id
                ),
            });
        }
        if matches!(def.effect, Effect::History(_) | Effect::WaitJob) {
            return Err(Error::Refused(crate::policy::Refusal {
                command: def.id.to_owned(),
                rule: crate::policy::RefusalRule::UndoInScript,
                message: format!(
                    "{} runs on its own: it cannot run inside {}; run it as a single command",
                    def.id, self.command
                ),
            }));
        }
        crate::policy::Policy::check(def.id, &def.access, self.caller).map_err(Error::Refused)?;
        self.check_cancelled()?;
        let own_active = self.new_active.or(self.own_active);
        let user_active = self.new_user_active.or(self.user_active);
        let project_path = self.project_path().map(std::path::Path::to_path_buf);
        let mut child = Ctx {
            command: def.id,
            layers: def.layers,
            project: self.project.clone(),
            changed: false,
            caller: self.caller,
            own_active,
            user_active,
            new_active: None,
            next_layer_id: &mut *self.next_layer_id,
            notices: Vec::new(),
            layers_added: Vec::new(),
            progress: self.progress,
            limits: self.limits,
            base_dir: self.base_dir.clone(),
            renderer: self.renderer.clone(),
            database: self.database.clone(),
            project_path,
            new_project_path: None,
            new_user_active: None,
            registry: self.registry,
            history: self.history,
            depth: self.depth + 1,
            plugins_folder: self.plugins_folder.clone(),
            jobs: self.jobs,
            partial: None,
        };
        let result = def.invoke(&mut child, normalize_params(params))?;
        let Ctx {
            project, changed, new_active, notices, layers_added, new_project_path, new_user_active, partial, ..
        } = child;
        if partial.is_some() {
            self.partial = partial;
        }
        let changed = changed && def.effect == Effect::Edit;
        if changed {
            self.project = project;
            self.changed = true;
        }
        if new_active.is_some() {
            self.new_active = new_active;
        }
        if new_user_active.is_some() {
            self.new_user_active = new_user_active;
        }
        if new_project_path.is_some() {
            self.new_project_path = new_project_path;
        }
        self.notices.extend(notices.iter().cloned());
        self.layers_added.extend(layers_added.iter().cloned());
        Ok(crate::session::Outcome { command: def.id.to_owned(), result, notices, layers_added, changed })
    }

    /// The calls of the steps in the undo history whose actor is shown as `actor` (`user`,
    /// `agent 1`, `file bridge`), oldest first (steps undone are not there).
    pub(crate) fn recorded_calls(&self, actor: &str) -> Result<Vec<RecordedCall>> {
        let calls: Vec<RecordedCall> = self
            .history
            .iter()
            .filter(|s| s.actor.to_string() == actor)
            .flat_map(|s| s.calls.iter().cloned())
            .collect();
        if calls.is_empty() {
            let mut actors: Vec<String> = self.history.iter().map(|s| s.actor.to_string()).collect();
            actors.dedup();
            let known = if actors.is_empty() {
                "the undo history is empty".to_owned()
            } else {
                format!("it holds steps of {}", actors.join(", "))
            };
            return Err(Error::invalid("actor", format!("the undo history has no step of {actor:?}; {known}")));
        }
        Ok(calls)
    }

    /// The folder plugins are installed in, when the host has one.
    pub fn plugins_folder(&self) -> Option<&std::path::Path> {
        self.plugins_folder.as_deref()
    }

    /// The progress and cancellation of this command.
    pub(crate) fn progress_hook(&self) -> &dyn Progress {
        self.progress
    }

    /// The registry the command runs in.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }
}

/// Whether a command works on features, fields or vector styles, and so refuses raster layers.
/// Turns `null` or a missing value into `{}`; anything else passes through.
pub(crate) fn normalize_params(params: Json) -> Json {
    if params.is_null() { Json::Object(Map::new()) } else { params }
}

/// The result of a command that ran.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Outcome {
    /// The command id.
    pub command: String,
    /// What the command returned.
    pub result: Json,
    /// Things worth telling the caller.
    pub notices: Vec<String>,
    /// Names of layers the command added.
    #[serde(rename = "layersAdded")]
    pub layers_added: Vec<String>,
    /// Whether the project changed (an undo step was recorded).
    pub changed: bool,
}
