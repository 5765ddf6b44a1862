//! The command engine: definitions, the registry, and the context a command runs in.
//!
//! Every action is a command `group.name {json}`. A command is defined once, in one place, with
//! its id, summary, doc text, examples, parameter type (whose JSON Schema is generated from the
//! Rust type and its doc comments), the access it needs and what it does. The catalogue, the
//! generated `docs/commands.md`, the CLI help and the MCP tool list all read that definition.

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value as Json, json};

use crate::error::{Error, Result};
pub(crate) use crate::model::RecordedCall;
use crate::policy::Access;

mod ctx;
mod paths;
mod registry;
mod renamed;
mod schema;
pub mod vocabulary;

pub use ctx::{Ctx, MAX_NESTED_COMMANDS, Outcome};
pub(crate) use ctx::{UndoHistory, checked_path};
pub use paths::{FILE_KEYWORD, ReadPath, WritePath};
pub use registry::Registry;
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
    /// Script lines to run on the World Atlas sample before the examples, when the sample alone
    /// cannot run them (a layout with items, a layer group, a table to join); empty otherwise.
    pub example_setup: &'static str,
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
            example_setup: "",
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
            example_setup: "",
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
    example_setup: &'static str,
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

    /// Script lines that make what the examples work on, run on the sample before them (the
    /// catalogue's tests do; the docs show them).
    pub fn example_setup(self, example_setup: &'static str) -> CommandBuilder {
        CommandBuilder { example_setup, ..self }
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
        let CommandBuilder { id, summary, doc, examples, example_setup, access, layers, long } = self;
        let schema = match effect {
            // Every changing command takes it, checked in one place (`invoke`, and the session
            // for undo and redo), so each schema says so.
            Effect::Edit | Effect::History(_) => schema::with_expected_revision(schema),
            Effect::Read | Effect::WaitJob => schema,
        };
        CommandDef {
            id,
            summary,
            doc,
            examples,
            example_setup,
            access,
            effect,
            layers,
            long,
            schema,
            result: None,
            run,
        }
    }
}

/// What `edit.undo` and `edit.redo` return.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct HistoryMoved {
    /// `edit.undo`: the step taken back, named by its command (or `script (n lines)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) undone: Option<String>,
    /// `edit.redo`: the step done again, named by its command (or `script (n lines)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) redone: Option<String>,
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
        let mut entry = json!({
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
        });
        if !self.example_setup.is_empty() {
            entry["example_setup"] = self.example_setup.lines().collect::<Vec<_>>().into();
        }
        let renamed = renamed::renamed(self.id);
        if !renamed.is_empty() {
            entry["renamed"] = renamed.iter().map(|(old, new)| (old.to_string(), json!(new))).collect();
        }
        entry
    }

    pub(crate) fn invoke(&self, ctx: &mut Ctx<'_>, params: Json) -> Result<Json> {
        match &self.run {
            Some(run) => {
                let mut params = renamed::take_old_names(self.id, params, &mut ctx.notices);
                if self.effect == Effect::Edit {
                    ctx.changes.check_expected(self.id, &mut params)?;
                }
                run(ctx, params)
            }
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

/// Turns `null` or a missing value into `{}`; anything else passes through.
pub(crate) fn normalize_params(params: Json) -> Json {
    if params.is_null() { Json::Object(Map::new()) } else { params }
}
