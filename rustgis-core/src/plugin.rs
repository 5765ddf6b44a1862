//! Plugins: folders in the app-data `plugins/` folder, each with a `rustgis-plugin.toml`
//! manifest naming its executable and the commands it adds. A plugin's command joins the
//! catalogue as `plugin.<name>.<command>` (with its schema and docs) and runs as a child process
//! ([`process`]): RustGIS writes one JSON request line, `{"type": "run", "command", "params",
//! "layers"}`, where `layers` holds the layers named by the command's layer parameters as GeoJSON
//! FeatureCollections, and reads JSON lines back: `{"type": "progress", "fraction", "message"}`,
//! `{"type": "notice", "message"}`, then `{"type": "result", "value", "layers": [{"name",
//! "geojson"}]}` (its layers are added to the project) or `{"type": "error", "message"}`. A
//! `{"type": "describe"}` request is answered with the plugin's commands.
//!
//! Plugins load when a program starts (hosts call [`load_plugins`]); a plugin that fails to load
//! is reported and skipped, never fatal. A plugin's commands need file and network access
//! (`--yes`); installing, removing and enabling plugins is code (Full access).

pub(crate) mod process;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json, json};

use crate::command::{CommandDef, Ctx, Effect};
use crate::error::{Error, Result};
use crate::policy::Access;
use process::{CallError, CallLimits, Program};

/// The manifest's file name.
pub const MANIFEST: &str = "rustgis-plugin.toml";
/// The file whose presence in a plugin's folder turns it off (`plugin.enable`).
pub const DISABLED_MARKER: &str = "disabled";
/// A call's timeout when the manifest names none: 60 seconds.
pub const DEFAULT_PLUGIN_TIMEOUT: Duration = Duration::from_secs(60);
/// The most bytes a plugin may write in answer to one call: 256 MiB.
pub const MAX_PLUGIN_OUTPUT: usize = 256 << 20;
/// The most bytes of a manifest.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// A plugin's manifest, `rustgis-plugin.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Its name: letters, digits, `-` and `_` (commands are `plugin.<name>.<command>`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// What it does.
    #[serde(default)]
    pub description: String,
    /// The program to start: a path relative to the plugin's folder (`./run.sh`, `bin/tool`) or
    /// a program name looked up on `PATH` (`python3`).
    pub executable: String,
    /// Its arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// How long one call may take, in seconds (default 60).
    #[serde(default)]
    pub timeout_s: Option<f64>,
    /// The commands it adds.
    #[serde(default)]
    pub commands: Vec<PluginCommand>,
}

/// One command a plugin adds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginCommand {
    /// Its name (letters, digits, `_`): the command is `plugin.<plugin>.<name>`.
    pub name: String,
    /// One line saying what it does.
    pub summary: String,
    /// Longer doc text.
    #[serde(default)]
    pub doc: String,
    /// Example parameters, as JSON text.
    #[serde(default)]
    pub example: Option<String>,
    /// The JSON Schema of its parameters.
    #[serde(default)]
    pub params: Option<toml::Table>,
    /// Parameters that name layers: those layers are sent to the plugin as GeoJSON.
    #[serde(default)]
    pub layers: Vec<String>,
    /// What else it needs: `reads_files`, `writes_files`, `network`.
    #[serde(default)]
    pub access: Vec<String>,
}

/// A plugin found in the plugins folder.
#[derive(Debug, Clone, Serialize)]
pub struct PluginInfo {
    /// Its manifest.
    #[serde(flatten)]
    pub manifest: Manifest,
    /// Its folder.
    pub folder: PathBuf,
    /// Whether it is on (its commands load at start).
    pub enabled: bool,
}

/// What loading the plugins folder found.
#[derive(Debug, Default)]
pub struct LoadedPlugins {
    /// The plugins' command definitions, for the registry.
    pub commands: Vec<CommandDef>,
    /// The plugins loaded, by name.
    pub loaded: Vec<String>,
    /// Plugins that could not load, each named with why (a host prints these on stderr).
    pub failures: Vec<String>,
}

/// Loads every enabled plugin in `folder` (a missing folder has none). A plugin that fails to
/// load is in `failures` and skipped.
pub fn load_plugins(folder: &Path) -> LoadedPlugins {
    let mut out = LoadedPlugins::default();
    for found in scan(folder) {
        match found {
            Ok(info) if !info.enabled => {}
            Ok(info) => match command_defs(&info) {
                Ok(defs) => {
                    out.loaded.push(info.manifest.name.clone());
                    out.commands.extend(defs);
                }
                Err(cause) => out
                    .failures
                    .push(PluginNotLoaded { folder: info.folder.clone(), cause: Box::new(cause) }.to_string()),
            },
            Err(e) => out.failures.push(e.to_string()),
        }
    }
    out
}

/// A plugin that could not load: its folder, and why.
#[derive(Debug, thiserror::Error)]
#[error("plugin {} was not loaded: {cause}", folder.display())]
pub struct PluginNotLoaded {
    /// The plugin's folder.
    pub folder: PathBuf,
    /// Why it was not loaded (said in the message, so it is not also the error's source).
    pub cause: Box<Error>,
}

/// Every plugin folder in `folder`, sorted by name: its manifest read and checked, or why not.
pub fn scan(folder: &Path) -> Vec<std::result::Result<PluginInfo, PluginNotLoaded>> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            read_manifest(&dir)
                .map(|manifest| PluginInfo {
                    enabled: !dir.join(DISABLED_MARKER).exists(),
                    folder: dir.clone(),
                    manifest,
                })
                .map_err(|cause| PluginNotLoaded { folder: dir.clone(), cause: Box::new(cause) })
        })
        .collect()
}

/// Reads and checks the manifest of the plugin in `dir`.
pub fn read_manifest(dir: &Path) -> Result<Manifest> {
    let file = dir.join(MANIFEST);
    let bytes = crate::io::read_regular(&file, MAX_MANIFEST_BYTES)?;
    if bytes.len() as u64 > MAX_MANIFEST_BYTES {
        return Err(Error::invalid("path", format!("{} is not a regular file of at most 1 MiB", file.display())));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::invalid("path", format!("{} is not UTF-8 text", file.display())))?;
    let manifest: Manifest = toml::from_str(&text).map_err(|e| Error::Data {
        path: file.clone(),
        position: e.span().map_or_else(|| "the manifest".to_owned(), |s| format!("byte {}", s.start)),
        message: e.message().to_owned(),
    })?;
    let bad = |message: String| Error::Data { path: file.clone(), position: "the manifest".to_owned(), message };
    if manifest.name.is_empty() || !manifest.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(bad(format!("name {:?} may hold only letters, digits, - and _", manifest.name)));
    }
    if manifest.executable.is_empty() {
        return Err(bad("executable is empty: name the program to start".to_owned()));
    }
    if let Some(t) = manifest.timeout_s
        && !(t > 0.0 && t <= 86_400.0)
    {
        return Err(bad(format!("timeout_s {t} is out of range: give 0 to 86400 seconds")));
    }
    for (idx, command) in manifest.commands.iter().enumerate() {
        if command.name.is_empty() || !command.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad(format!("command name {:?} may hold only letters, digits and _", command.name)));
        }
        if manifest.commands[..idx].iter().any(|c| c.name == command.name) {
            return Err(bad(format!("two commands are named {:?}", command.name)));
        }
        access_of(command).map_err(bad)?;
        if let Some(example) = &command.example {
            serde_json::from_str::<Map<String, Json>>(example)
                .map_err(|e| bad(format!("the example of {} is not a JSON object: {e}", command.name)))?;
        }
    }
    Ok(manifest)
}

fn access_of(command: &PluginCommand) -> std::result::Result<Access, String> {
    let mut access = Access { plugin_command: true, ..Access::NONE };
    for tag in &command.access {
        access = access.and(match tag.as_str() {
            "reads_files" => Access::READS_FILES,
            "writes_files" => Access::WRITES_FILES,
            "network" => Access::NETWORK,
            other => {
                return Err(format!(
                    "command {}: access {other:?} is unknown; use reads_files, writes_files or network",
                    command.name
                ));
            }
        });
    }
    Ok(access)
}

/// A plugin as its commands need it at run time.
#[derive(Debug)]
struct Loaded {
    name: String,
    program: Program,
    timeout: Duration,
}

/// The command definitions of a plugin.
fn command_defs(info: &PluginInfo) -> Result<Vec<CommandDef>> {
    let manifest = &info.manifest;
    let executable = if manifest.executable.contains('/') || manifest.executable.contains('\\') {
        let path = info.folder.join(&manifest.executable);
        if !path.is_file() {
            return Err(Error::invalid("executable", format!("{} does not exist", path.display())));
        }
        path.into_os_string()
    } else {
        manifest.executable.clone().into()
    };
    let loaded = Arc::new(Loaded {
        name: manifest.name.clone(),
        program: Program {
            executable,
            args: manifest.args.iter().map(Into::into).collect(),
            folder: info.folder.clone(),
        },
        timeout: manifest.timeout_s.map_or(DEFAULT_PLUGIN_TIMEOUT, Duration::from_secs_f64),
    });
    let mut defs = Vec::new();
    for command in &manifest.commands {
        let access = access_of(command).map_err(|m| Error::invalid("access", m))?;
        let schema = match &command.params {
            Some(table) => serde_json::to_value(table).map_err(|e| Error::invalid("params", e))?,
            None => json!({ "type": "object", "properties": {} }),
        };
        let id = format!("plugin.{}.{}", manifest.name, command.name);
        let doc = format!(
            "{}\n\nFrom the plugin {} {} ({}). Runs as a child process; needs file and network access (`--yes`).",
            command.doc, manifest.name, manifest.version, manifest.description
        );
        let examples = command.example.iter().map(|e| format!("{id} {e}")).collect();
        let (plugin, name, layer_params) = (Arc::clone(&loaded), command.name.clone(), command.layers.clone());
        let run =
            Box::new(move |ctx: &mut Ctx<'_>, params: Json| run_plugin(ctx, &plugin, &name, &layer_params, params));
        defs.push(CommandDef::dynamic(id, command.summary.clone(), doc, examples, schema, access, Effect::Edit, run));
    }
    Ok(defs)
}

/// Runs a plugin's command: one child process, one request, its answer applied to the working copy.
fn run_plugin(
    ctx: &mut Ctx<'_>,
    plugin: &Loaded,
    command: &str,
    layer_params: &[String],
    params: Json,
) -> Result<Json> {
    let id = format!("plugin.{}.{command}", plugin.name);
    if !params.is_object() {
        return Err(Error::InvalidParams {
            command: id,
            message: "parameters must be a JSON object".into(),
            accepted: vec![],
        });
    }
    let mut layers = Map::new();
    for param in layer_params {
        let Some(name) = params.get(param).and_then(Json::as_str) else { continue };
        let layer = ctx.project().require(name)?;
        let mut bytes = Vec::new();
        crate::io::geojson::write(layer, &mut bytes, Path::new(name))?;
        let geojson: Json = serde_json::from_slice(&bytes).map_err(|e| Error::Failed(e.to_string()))?;
        layers.insert(name.to_owned(), geojson);
    }
    let request = serde_json::to_vec(&json!({ "type": "run", "command": command, "params": params, "layers": layers }))
        .map_err(|e| Error::Failed(e.to_string()))?;
    let limits = CallLimits { timeout: plugin.timeout, max_output: MAX_PLUGIN_OUTPUT };
    let mut answer: Option<Json> = None;
    let mut notices = Vec::new();
    let mut progress = Vec::new();
    let called =
        process::call(&plugin.program, &request, limits, ctx.progress_hook(), |line| match line["type"].as_str() {
            Some("progress") => progress.push(line),
            Some("notice") => notices.push(line["message"].as_str().unwrap_or_default().to_owned()),
            Some("result" | "error") if answer.is_none() => answer = Some(line),
            _ => {}
        });
    let failed = |why: String, stderr: &str| {
        let tail = stderr.trim();
        let tail = if tail.is_empty() {
            String::new()
        } else {
            format!("; its standard error ends: {}", last_chars(tail, 600))
        };
        Error::Failed(format!("{id} failed: the plugin {}: {why}{tail}; the project is unchanged", plugin.name))
    };
    let finished = match called {
        Ok(finished) => finished,
        Err((CallError::Cancelled, _)) => return Err(Error::Cancelled(id)),
        Err((error, stderr)) => {
            let why = match error {
                CallError::Start(m) => format!("could not start ({m})"),
                CallError::TimedOut(t) => {
                    format!("did not answer within {} s (its timeout_s) and was stopped", t.as_secs_f64())
                }
                CallError::Garbage(m) | CallError::Crashed(m) => m,
                CallError::Cancelled => unreachable!("handled above"),
            };
            return Err(failed(why, &stderr));
        }
    };
    if !finished.stderr.trim().is_empty() {
        tracing::info!(plugin = %plugin.name, command, stderr = %last_chars(finished.stderr.trim(), 4096), "plugin wrote to stderr");
    }
    for line in progress {
        ctx.progress(line["fraction"].as_f64().unwrap_or(0.0), line["message"].as_str().unwrap_or_default());
    }
    for notice in notices {
        ctx.notice(notice);
    }
    let Some(answer) = answer else {
        return Err(failed(
            "ended without a {\"type\": \"result\"} or {\"type\": \"error\"} line".to_owned(),
            &finished.stderr,
        ));
    };
    if answer["type"] == "error" {
        let message = answer["message"].as_str().unwrap_or("no message");
        return Err(Error::Failed(format!("{id}: {message}")));
    }
    let mut added = Vec::new();
    if let Some(new_layers) = answer.get("layers").and_then(Json::as_array) {
        for layer in new_layers {
            let (Some(name), Some(geojson)) = (layer["name"].as_str(), layer.get("geojson")) else {
                return Err(failed("returned a layer without a \"name\" and \"geojson\"".to_owned(), ""));
            };
            let name = ctx.project().unique_name(name);
            let outcome = ctx.run_command("layer.addGeoJSON", json!({ "name": name, "geojson": geojson }))?;
            added.extend(outcome.layers_added);
        }
    }
    Ok(
        json!({ "plugin": plugin.name, "value": answer.get("value").cloned().unwrap_or(Json::Null), "layersAdded": added }),
    )
}

fn last_chars(text: &str, n: usize) -> &str {
    let skip = text.chars().count().saturating_sub(n);
    text.char_indices().nth(skip).map_or(text, |(i, _)| &text[i..])
}
