//! `script.exec`: a Rhai script with the session's API (run any command, list layers, loop over
//! features), under limits on operations, sizes and call depth, as one undo step.
//!
//! Not to be confused with the `run` tool's line-per-command format ([`crate::script`]): that
//! one runs commands in order and needs no Full access; `script.exec` is a programming language
//! (variables, loops, functions), so it runs code and needs Full access.
//!
//! The script runs on a thread of its own ("rustgis-script") while the command's thread keeps
//! the working copy: every call of the session API is a message to the command's thread, which
//! runs it and answers. So the script never holds the project, a command it runs is policed and
//! limited like any other, and a cancelled or timed-out command stops the script between two of
//! its operations.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use rhai::{Dynamic, Engine, EvalAltResult, Position};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json, json};

use crate::command::{CommandDef, Ctx, ReadPath};
use crate::error::{Error, Result};
use crate::policy::Access;

/// The most operations a script may take unless it asks for fewer or more.
pub(crate) const DEFAULT_MAX_OPERATIONS: u64 = 10_000_000;
/// The most operations a script may ask for.
pub(crate) const MAX_OPERATIONS: u64 = 1_000_000_000;
/// The most items an array (or entries a map) in a script may hold.
pub(crate) const MAX_ITEMS: usize = 100_000;
/// How deep script functions may call one another.
pub(crate) const MAX_CALL_LEVELS: usize = 64;
/// The most bytes of script source.
pub(crate) const MAX_SOURCE_BYTES: usize = 1 << 20;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("script.exec")
            .summary("Run a Rhai script with the session API: run commands, read tables, loop over features")
            .doc(
                "Runs a [Rhai](https://rhai.rs) script (given as `source`, or a file at `path`) on the project. \
                 The script calls `run(id)` or `run(id, #{params})` to run any command (the result is a map; a \
                 failing command throws, which `try { … } catch (e) { … }` can catch), `layers()` for the layer \
                 names, `features(layer)` for an array of maps (`fid` and every field), `notice(text)` (or \
                 `print`) to tell the caller something. Its last value is the result. Everything it does is one \
                 undo step, kept only if the script succeeds. Limits: 10,000,000 operations (`max_operations`, up \
                 to 1,000,000,000), strings of at most the session's value limit (1 MiB), arrays and maps of at \
                 most 100,000 items, 64 levels of function calls, and the command's run time. Scripts cannot \
                 import modules or touch files except through commands. It runs code: the user, and agents with \
                 Full access, may run it. (The `run` tool's scripts, one command per line, are another, simpler \
                 format.)",
            )
            .examples(&[
                r#"script.exec {"source": "let n = 0; for f in features(\"cities\") { if f.population > 5000000 { n += 1 } } n"}"#,
                r#"script.exec {"source": "for name in [\"cities\", \"coastline\"] { run(\"layer.setVisible\", #{layer: name, visible: false}) }"}"#,
                r#"script.exec {"path": "scripts/label-big-cities.rhai"}"#,
            ])
            .access(Access::CODE)
            .edits_returning(exec),
    ]
}

/// What `script.exec` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ScriptEnded {
    /// The script's last value, as JSON (a number, text, an array, a map, or null).
    result: Json,
}

/// Parameters of `script.exec`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExecParams {
    /// The script's text (give this or `path`).
    source: Option<String>,
    /// A `.rhai` file to run (give this or `source`); relative to the project's folder.
    path: Option<ReadPath>,
    /// The most operations the script may take (default 10,000,000; at most 1,000,000,000).
    max_operations: Option<u64>,
}

fn exec(ctx: &mut Ctx<'_>, p: ExecParams) -> Result<ScriptEnded> {
    let (source, origin) = match (p.source, p.path) {
        (Some(source), None) => (source, "the script".to_owned()),
        (None, Some(path)) => {
            let file: PathBuf = ctx.read_path(&path)?;
            let text = read_source(&file)?;
            (text, file.display().to_string())
        }
        _ => {
            return Err(Error::invalid(
                "source",
                "give the script as \"source\" (its text) or \"path\" (a .rhai file), one of the two",
            ));
        }
    };
    if source.len() > MAX_SOURCE_BYTES {
        return Err(Error::invalid(
            "source",
            format!("the script is {} bytes; scripts may be at most {MAX_SOURCE_BYTES} bytes", source.len()),
        ));
    }
    let max_operations = p.max_operations.unwrap_or(DEFAULT_MAX_OPERATIONS);
    if max_operations == 0 || max_operations > MAX_OPERATIONS {
        return Err(Error::invalid(
            "max_operations",
            format!("{max_operations} is out of range: give 1 to {MAX_OPERATIONS}"),
        ));
    }
    let settings = Settings { max_operations, max_string: ctx.limits().max_value_bytes };
    run_script(ctx, &source, &origin, settings)
}

fn read_source(file: &std::path::Path) -> Result<String> {
    let bytes = crate::io::read_regular(file, MAX_SOURCE_BYTES as u64)?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(Error::invalid(
            "path",
            format!("{} is more than {MAX_SOURCE_BYTES} bytes; scripts may be at most that", file.display()),
        ));
    }
    String::from_utf8(bytes).map_err(|_| Error::invalid("path", format!("{} is not UTF-8 text", file.display())))
}

#[derive(Debug, Clone, Copy)]
struct Settings {
    max_operations: u64,
    max_string: usize,
}

/// What the script's thread asks the command's thread.
enum Request {
    Run { id: String, params: Json },
    Layers,
    Features { layer: String },
}

/// The script's side of the conversation.
struct Channel {
    requests: Sender<Request>,
    replies: Receiver<std::result::Result<Json, String>>,
}

impl Channel {
    fn ask(&self, request: Request) -> std::result::Result<Json, Box<EvalAltResult>> {
        let gone = || runtime_error("the command running the script has stopped".to_owned());
        self.requests.send(request).map_err(|_| gone())?;
        self.replies.recv().map_err(|_| gone())?.map_err(runtime_error)
    }
}

fn runtime_error(message: String) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(message.into(), Position::NONE))
}

/// Runs the script on its own thread and answers its requests on this one.
fn run_script(ctx: &mut Ctx<'_>, source: &str, origin: &str, settings: Settings) -> Result<ScriptEnded> {
    let (request_tx, request_rx) = mpsc::channel::<Request>();
    let (reply_tx, reply_rx) = mpsc::channel::<std::result::Result<Json, String>>();
    let abort = Arc::new(AtomicBool::new(false));
    // The error of the last command the script ran that failed, so an uncaught one is reported
    // as that command's error (its code, `refused` included), not as a script error.
    let mut last_failure: Option<(String, String, Error)> = None;
    let source = source.to_owned();
    let abort_for_script = Arc::clone(&abort);
    let ended = std::thread::scope(|scope| {
        let script = std::thread::Builder::new()
            .name("rustgis-script".to_owned())
            .stack_size(16 << 20)
            .spawn_scoped(scope, move || {
                let channel = Rc::new(Channel { requests: request_tx, replies: reply_rx });
                evaluate(&source, channel, &abort_for_script, settings)
            })
            .map_err(|e| Error::Failed(format!("cannot start the script's thread: {e}")))?;
        loop {
            match request_rx.recv_timeout(Duration::from_millis(20)) {
                Ok(request) => {
                    let reply = answer(ctx, request, &mut last_failure);
                    if reply_tx.send(reply).is_err() {
                        break;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if ctx.check_cancelled().is_err() {
                        abort.store(true, Ordering::Relaxed);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        script.join().map_err(|_| Error::Failed("the script's thread ended unexpectedly".to_owned()))
    })?;
    let (ended, told) = ended;
    for text in told {
        ctx.notice(text);
    }
    ctx.check_cancelled()?;
    match ended {
        Ok(value) => Ok(ScriptEnded { result: value }),
        Err(failure) => {
            if let Some((command, message, error)) = last_failure
                && failure.message == message
            {
                return Err(Error::ScriptLine { line: failure.line, command, cause: Box::new(error) });
            }
            let at = if failure.line > 0 { format!(" at line {}", failure.line) } else { String::new() };
            Err(Error::Failed(format!("{origin} failed{at}: {}", failure.message)))
        }
    }
}

/// Runs one request of the script on the working copy.
fn answer(
    ctx: &mut Ctx<'_>,
    request: Request,
    last_failure: &mut Option<(String, String, Error)>,
) -> std::result::Result<Json, String> {
    match request {
        Request::Run { id, params } => match ctx.run_command(&id, params) {
            Ok(outcome) => Ok(json!({
                "result": outcome.result,
                "layersAdded": outcome.layers_added,
                "notices": outcome.notices,
                "changed": outcome.changed,
            })),
            Err(error) => {
                let message = format!("{id} failed: {error}");
                *last_failure = Some((id, message.clone(), error));
                Err(message)
            }
        },
        Request::Layers => Ok(json!(ctx.project().layer_names())),
        Request::Features { layer } => {
            let layer = ctx.project().require(&layer).map_err(|e| e.to_string())?;
            if layer.features.len() > MAX_ITEMS {
                return Err(format!(
                    "{} has {} features, more than a script's array may hold ({MAX_ITEMS}); read it in pages with \
                     run(\"table.read\", #{{layer: …, offset: …, limit: …}})",
                    layer.name,
                    layer.features.len()
                ));
            }
            let rows: Vec<Json> = layer
                .features
                .iter()
                .map(|feature| {
                    let mut row = Map::new();
                    row.insert("fid".to_owned(), json!(feature.id));
                    for (field, value) in layer.fields.iter().zip(&feature.attributes) {
                        row.insert(field.name.clone(), value.to_json());
                    }
                    Json::Object(row)
                })
                .collect();
            Ok(Json::Array(rows))
        }
    }
}

/// Why a script failed: its message and line (0 when unknown).
struct Failure {
    message: String,
    line: usize,
}

/// Compiles and runs the script with the session API, on the script's thread.
fn evaluate(
    source: &str,
    channel: Rc<Channel>,
    abort: &Arc<AtomicBool>,
    settings: Settings,
) -> (std::result::Result<Json, Failure>, Vec<String>) {
    let mut engine = Engine::new();
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_operations(settings.max_operations);
    engine.set_max_string_size(settings.max_string);
    engine.set_max_array_size(MAX_ITEMS);
    engine.set_max_map_size(MAX_ITEMS);
    engine.set_max_call_levels(MAX_CALL_LEVELS);
    engine.set_max_expr_depths(64, 64);
    let abort = Arc::clone(abort);
    engine.on_progress(move |_| abort.load(Ordering::Relaxed).then(|| Dynamic::from("cancelled")));
    // What the script prints or notices goes back with its outcome, bounded like its arrays.
    let told = Rc::new(RefCell::new(Vec::<String>::new()));
    let tell = |told: &Rc<RefCell<Vec<String>>>| {
        let told = Rc::clone(told);
        move |text: &str| {
            let mut told = told.borrow_mut();
            if told.len() < MAX_ITEMS {
                told.push(text.to_owned());
            }
        }
    };
    engine.on_print(tell(&told));
    let on_debug = tell(&told);
    engine.on_debug(move |text, _, _| on_debug(text));
    let notice = tell(&told);
    engine.register_fn("notice", move |text: &str| notice(text));
    let run = Rc::clone(&channel);
    engine.register_fn("run", move |id: &str| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        to_dynamic(run.ask(Request::Run { id: id.to_owned(), params: json!({}) })?)
    });
    let run = Rc::clone(&channel);
    engine.register_fn("run", move |id: &str, params: rhai::Map| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        let params: Json = rhai::serde::from_dynamic(&Dynamic::from_map(params))?;
        to_dynamic(run.ask(Request::Run { id: id.to_owned(), params })?)
    });
    let layers = Rc::clone(&channel);
    engine.register_fn("layers", move || -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        to_dynamic(layers.ask(Request::Layers)?)
    });
    let features = Rc::clone(&channel);
    engine.register_fn("features", move |layer: &str| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        to_dynamic(features.ask(Request::Features { layer: layer.to_owned() })?)
    });
    let ended = engine
        .compile(source)
        .map_err(|e| Failure { message: format!("is not valid Rhai: {}", e.0), line: e.1.line().unwrap_or(0) })
        .and_then(|ast| engine.eval_ast::<Dynamic>(&ast).map_err(|e| failure(&e)))
        .and_then(|value| {
            rhai::serde::from_dynamic::<Json>(&value)
                .map_err(|e| Failure { message: format!("its last value cannot be returned as JSON: {e}"), line: 0 })
        });
    drop(engine);
    let told = Rc::try_unwrap(told).map(RefCell::into_inner).unwrap_or_default();
    (ended, told)
}

fn to_dynamic(value: Json) -> std::result::Result<Dynamic, Box<EvalAltResult>> {
    rhai::serde::to_dynamic(value)
}

/// The innermost cause of a script's error, in words, with its line.
fn failure(error: &EvalAltResult) -> Failure {
    let inner = error.unwrap_inner();
    let line = error.position().line().or_else(|| inner.position().line()).unwrap_or(0);
    let message = match inner {
        EvalAltResult::ErrorRuntime(value, _) => value.clone().into_string().unwrap_or_else(|_| value.to_string()),
        EvalAltResult::ErrorTerminated(..) => "it was cancelled or ran out of time".to_owned(),
        EvalAltResult::ErrorTooManyOperations(_) => {
            "it took more operations than it may (max_operations); give a larger max_operations if it should".to_owned()
        }
        EvalAltResult::ErrorDataTooLarge(what, _) => {
            format!(
                "{what} grew past its limit (strings: the session's value limit; arrays and maps: {MAX_ITEMS} items)"
            )
        }
        EvalAltResult::ErrorStackOverflow(_) => {
            format!("functions called one another more than {MAX_CALL_LEVELS} deep")
        }
        other => other.to_string(),
    };
    Failure { message, line }
}
