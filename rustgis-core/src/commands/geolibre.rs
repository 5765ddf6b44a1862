//! `geolibre.*` and `task.*`: command-line programs run on the project's layers through
//! temporary files. The GeoLibre runner knows the installed geoprocessing tools (GDAL/OGR's
//! utilities, WhiteboxTools); tasks are programs the user named in `tasks.toml` of the app-data
//! folder. Either way, layers go to the program as GeoJSON files, the program runs from an argv
//! (never a shell) under a timeout, and each output it was asked for must be on disk afterwards,
//! new or changed, before it is loaded as a new layer: a program that claims an output it did
//! not write fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx, NoParams};
use crate::error::{Error, Result};
use crate::io::{Format, ReadOptions};
use crate::layer::Layer;
use crate::plugin::process::{CallError, Program, find_on_path, run_tool};
use crate::policy::Access;

/// The tools the GeoLibre runner knows, looked up on `PATH`.
pub(crate) const TOOLS: &[&str] =
    &["ogr2ogr", "ogrinfo", "gdalwarp", "gdal_translate", "gdalinfo", "gdal_rasterize", "whitebox_tools"];
/// How long a tool or task may run unless it says otherwise: 10 minutes.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);
/// The tasks file in the app-data folder.
pub(crate) const TASKS_FILE: &str = "tasks.toml";

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("geolibre.list")
            .summary("List the command-line geoprocessing tools found on PATH (GDAL/OGR utilities, WhiteboxTools)")
            .doc("Returns each tool the GeoLibre runner knows with the path it was found at, or null.")
            .examples(&["geolibre.list {}"])
            .reads_returning(list_tools),
        CommandDef::build("geolibre.run")
            .summary("Run an installed geoprocessing tool on layers through temporary files; load its outputs")
            .doc(
                "Runs `tool` (one `geolibre.list` found) with `args`, where `{name}` stands for a file: each of \
                 `inputs` (`{\"name\": \"layer\"}`) is written as GeoJSON to a temporary file, and each of \
                 `outputs` (`{\"name\": \"file.ext\"}`) is a file the tool is to write. After the tool ends, \
                 every output must be on disk (new, or changed) or the run fails; each is then read and added \
                 as a new layer named for its key. The temporary files are removed. Runs code: the user, and \
                 agents with Full access, may run it.",
            )
            .examples(&[
                r#"geolibre.run {"tool": "ogr2ogr", "args": ["-f", "GeoJSON", "{out}", "{in}", "-where", "population > 1000000"], "inputs": {"in": "cities"}, "outputs": {"out": "big.geojson"}}"#,
            ])
            .access(Access::CODE.and(Access::READS_FILES).and(Access::WRITES_FILES))
            .edits_returning(run_geolibre),
        CommandDef::build("task.list")
            .summary("List the tasks the user defined (tasks.toml in the app-data folder)")
            .doc(
                "A task is a named external program: `[[tasks]]` entries with `name`, `executable`, `args`, \
                 optional `folder` (its working folder) and `timeout_s`, in `tasks.toml` beside the plugins \
                 folder.",
            )
            .examples(&["task.list {}"])
            .reads_returning(list_tasks),
        CommandDef::build("task.run")
            .summary("Run a task on layers through temporary files; load its outputs")
            .doc(
                "Runs the task's program with its `args` followed by these `args`; `{name}` placeholders, \
                 `inputs` and `outputs` work as for `geolibre.run`, and outputs are checked on disk the same way. \
                 Runs code: the user, and agents with Full access, may run it.",
            )
            .examples(&[r#"task.run {"task": "simplify", "inputs": {"in": "countries"}, "outputs": {"out": "simple.geojson"}}"#])
            .access(Access::CODE.and(Access::READS_FILES).and(Access::WRITES_FILES))
            .edits_returning(run_task),
    ]
}

/// Parameters of `geolibre.run`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GeolibreParams {
    /// The tool (as `geolibre.list` names it).
    tool: String,
    /// Its arguments; `{name}` stands for the file of an input or output.
    #[serde(default)]
    args: Vec<String>,
    /// Layers to give the tool, by placeholder name.
    #[serde(default)]
    inputs: BTreeMap<String, String>,
    /// Files the tool is to write (a file name with its extension), by placeholder name.
    #[serde(default)]
    outputs: BTreeMap<String, String>,
    /// How long it may run, in seconds (default 600).
    timeout_s: Option<f64>,
}

/// Parameters of `task.run`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TaskParams {
    /// The task's name (as `task.list` shows it).
    task: String,
    /// Arguments after the task's own; `{name}` stands for the file of an input or output.
    #[serde(default)]
    args: Vec<String>,
    /// Layers to give the task, by placeholder name.
    #[serde(default)]
    inputs: BTreeMap<String, String>,
    /// Files the task is to write (a file name with its extension), by placeholder name.
    #[serde(default)]
    outputs: BTreeMap<String, String>,
}

/// The tasks file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TasksFile {
    #[serde(default)]
    tasks: Vec<Task>,
}

/// One task of `tasks.toml`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Task {
    /// Its name, as `task.run` takes it.
    name: String,
    /// The program it runs.
    executable: String,
    /// The program's own arguments, before those `task.run` gives.
    #[serde(default)]
    args: Vec<String>,
    /// The folder it runs in (else a temporary folder holding its files).
    #[serde(default)]
    folder: Option<PathBuf>,
    /// How long it may run, in seconds (default 600).
    #[serde(default)]
    timeout_s: Option<f64>,
    /// What it does, in the user's words.
    #[serde(default)]
    description: String,
}

/// What `task.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct TaskList {
    /// The tasks file (`tasks.toml` in the app-data folder), or null when this program has none.
    file: Option<PathBuf>,
    /// The tasks it defines, in its order.
    tasks: Vec<Task>,
    /// Why there are no tasks, when this program has no app-data folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// What `geolibre.run` and `task.run` return.
#[derive(Debug, Serialize, JsonSchema)]
struct ProgramRan {
    /// The tool or task that ran.
    ran: String,
    /// Its exit status, in words.
    status: String,
    /// The end of its standard output (at most 2000 characters).
    stdout: String,
    /// The end of its standard error (at most 2000 characters).
    stderr: String,
    /// The layers its outputs were loaded as, one per output.
    #[serde(rename = "layersAdded")]
    layers_added: Vec<String>,
}

/// What `geolibre.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ToolList {
    /// Each tool `geolibre.run` takes, and where it was found.
    tools: Vec<ToolEntry>,
}

/// One tool of `geolibre.list`.
#[derive(Debug, Serialize, JsonSchema)]
struct ToolEntry {
    /// The program's name (`ogr2ogr`, `gdalwarp`…).
    tool: String,
    /// Where it is on the PATH, or null when it is not installed.
    path: Option<PathBuf>,
}

fn list_tools(_ctx: &mut Ctx<'_>, _: NoParams) -> Result<ToolList> {
    let tools = TOOLS.iter().map(|tool| ToolEntry { tool: (*tool).to_owned(), path: find_on_path(tool) }).collect();
    Ok(ToolList { tools })
}

fn run_geolibre(ctx: &mut Ctx<'_>, p: GeolibreParams) -> Result<ProgramRan> {
    if !TOOLS.contains(&p.tool.as_str()) {
        return Err(Error::invalid(
            "tool",
            format!("{:?} is not a tool the runner knows; it knows {}", p.tool, TOOLS.join(", ")),
        ));
    }
    let executable = find_on_path(&p.tool).ok_or_else(|| {
        Error::invalid("tool", format!("{} is not installed (not found on PATH); geolibre.list shows what is", p.tool))
    })?;
    let timeout = timeout_of(p.timeout_s)?;
    let job = Job { what: p.tool.clone(), executable, base_args: Vec::new(), folder: None, timeout };
    run_with_files(ctx, &job, &p.args, &p.inputs, &p.outputs)
}

fn tasks(ctx: &Ctx<'_>) -> Result<(PathBuf, Vec<Task>)> {
    let file = ctx.plugins_folder().and_then(Path::parent).map(|dir| dir.join(TASKS_FILE)).ok_or_else(|| {
        Error::Failed("this program has no app-data folder for tasks (--no-plugins, or no host folder)".to_owned())
    })?;
    if !file.exists() {
        return Ok((file, Vec::new()));
    }
    // The user's own file: 16 MiB is far more than any list of tasks.
    let bytes = crate::io::read_regular(&file, 16 << 20)?;
    if bytes.len() > 16 << 20 {
        return Err(Error::invalid("tasks", format!("{} is larger than 16 MiB", file.display())));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::invalid("tasks", format!("{} is not UTF-8 text", file.display())))?;
    let parsed: TasksFile = toml::from_str(&text).map_err(|e| Error::Data {
        path: file.clone(),
        position: e.span().map_or_else(|| "the tasks file".to_owned(), |s| format!("byte {}", s.start)),
        message: e.message().to_owned(),
    })?;
    Ok((file, parsed.tasks))
}

fn list_tasks(ctx: &mut Ctx<'_>, _: NoParams) -> Result<TaskList> {
    if ctx.plugins_folder().is_none() {
        return Ok(TaskList {
            file: None,
            tasks: Vec::new(),
            note: Some("this program has no app-data folder for tasks".to_owned()),
        });
    }
    let (file, tasks) = tasks(ctx)?;
    Ok(TaskList { file: Some(file), tasks, note: None })
}

fn run_task(ctx: &mut Ctx<'_>, p: TaskParams) -> Result<ProgramRan> {
    let (file, tasks) = tasks(ctx)?;
    let task = tasks.iter().find(|t| t.name == p.task).ok_or_else(|| {
        let names: Vec<&str> = tasks.iter().map(|t| t.name.as_str()).collect();
        Error::invalid(
            "task",
            format!(
                "no task named {:?} in {}; its tasks: {}",
                p.task,
                file.display(),
                if names.is_empty() { "none".to_owned() } else { names.join(", ") }
            ),
        )
    })?;
    let executable = if task.executable.contains('/') || task.executable.contains('\\') {
        PathBuf::from(&task.executable)
    } else {
        find_on_path(&task.executable)
            .ok_or_else(|| Error::Failed(format!("task {}: {} is not found on PATH", task.name, task.executable)))?
    };
    let job = Job {
        what: format!("task {}", task.name),
        executable,
        base_args: task.args.clone(),
        folder: task.folder.clone(),
        timeout: timeout_of(task.timeout_s)?,
    };
    run_with_files(ctx, &job, &p.args, &p.inputs, &p.outputs)
}

fn timeout_of(seconds: Option<f64>) -> Result<Duration> {
    match seconds {
        None => Ok(DEFAULT_TIMEOUT),
        Some(s) if s > 0.0 && s <= 86_400.0 => Ok(Duration::from_secs_f64(s)),
        Some(s) => Err(Error::invalid("timeout_s", format!("{s} is out of range: give 0 to 86400 seconds"))),
    }
}

/// A program to run on files.
struct Job {
    what: String,
    executable: PathBuf,
    base_args: Vec<String>,
    folder: Option<PathBuf>,
    timeout: Duration,
}

/// A temporary folder, removed when dropped.
struct TempFolder(PathBuf);

impl TempFolder {
    fn new() -> Result<TempFolder> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        #[allow(
            clippy::disallowed_methods,
            reason = "a program's files need a folder of their own outside the project"
        )]
        let path = std::env::temp_dir().join(format!("rustgis-run-{}-{n}", std::process::id()));
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&path).map_err(|cause| Error::Io { action: "cannot make", path: path.clone(), cause })?;
        Ok(TempFolder(path))
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        if let Err(e) = std::fs::remove_dir_all(&self.0) {
            tracing::warn!("cannot remove the temporary folder {}: {e}", self.0.display());
        }
    }
}

fn run_with_files(
    ctx: &mut Ctx<'_>,
    job: &Job,
    args: &[String],
    inputs: &BTreeMap<String, String>,
    outputs: &BTreeMap<String, String>,
) -> Result<ProgramRan> {
    let temp = TempFolder::new()?;
    let mut files: BTreeMap<&str, PathBuf> = BTreeMap::new();
    for (key, layer_name) in inputs {
        let layer = ctx.project().require(layer_name)?;
        let path = temp.0.join(format!("{}.geojson", plain_name(key, "inputs")?));
        let mut bytes = Vec::new();
        crate::io::geojson::write(layer, &mut bytes, &path)?;
        crate::io::atomic::write_bytes(&path, false, &bytes)?;
        files.insert(key, path);
    }
    let mut before: BTreeMap<&str, Option<SystemTime>> = BTreeMap::new();
    for (key, file_name) in outputs {
        if files.contains_key(key.as_str()) {
            return Err(Error::invalid(
                "outputs",
                format!("{key} names an input too; give outputs names of their own"),
            ));
        }
        let path = temp.0.join(plain_name(file_name, "outputs")?);
        if Format::from_extension(&path).is_none() {
            return Err(Error::invalid(
                "outputs",
                format!(
                    "{file_name}: RustGIS cannot read that extension back; use .geojson, .fgb, .shp, .gpkg or .csv"
                ),
            ));
        }
        before.insert(key, std::fs::metadata(&path).and_then(|m| m.modified()).ok());
        files.insert(key, path);
    }
    let expand = |arg: &String| {
        let mut out = arg.clone();
        for (key, path) in &files {
            out = out.replace(&format!("{{{key}}}"), &path.to_string_lossy());
        }
        out
    };
    let program = Program {
        executable: job.executable.clone().into_os_string(),
        args: job.base_args.iter().chain(args).map(|a| expand(a).into()).collect(),
        folder: job.folder.clone().unwrap_or_else(|| temp.0.clone()),
    };
    ctx.progress(0.0, &format!("running {}", job.what));
    let ran = run_tool(&program, job.timeout, ctx.progress_hook()).map_err(|e| match e {
        CallError::Cancelled => Error::Cancelled(ctx.command().to_owned()),
        CallError::TimedOut(t) => {
            Error::Failed(format!("{} did not end within {} s and was stopped", job.what, t.as_secs_f64()))
        }
        CallError::Start(m) | CallError::Garbage(m) | CallError::Crashed(m) => {
            Error::Failed(format!("{}: {m}", job.what))
        }
    })?;
    if !ran.success {
        return Err(Error::Failed(format!(
            "{} failed ({}); its standard error ends: {}",
            job.what,
            ran.status,
            tail(&ran.stderr)
        )));
    }
    let mut added = Vec::new();
    for (key, stamp) in &before {
        let path = &files[key];
        let now = std::fs::metadata(path).ok().filter(|m| m.is_file() && m.len() > 0);
        let written = now.as_ref().is_some_and(|m| stamp.is_none() || m.modified().ok() != *stamp);
        if !written {
            return Err(Error::Failed(format!(
                "{} ended saying it succeeded but did not write its output {key} ({}): nothing was loaded",
                job.what,
                path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
            )));
        }
        let format = Format::from_extension(path).expect("checked before the run");
        let data = crate::io::read_path(path, format, &ReadOptions::default())?;
        let name = ctx.project().unique_name(key);
        let layer = Layer::new(name, data.crs, data.fields, data.features);
        let added_layer = ctx.add_layer(layer)?;
        added.push(added_layer.name.clone());
    }
    Ok(ProgramRan {
        ran: job.what.clone(),
        status: ran.status,
        stdout: tail(&ran.stdout).to_owned(),
        stderr: tail(&ran.stderr).to_owned(),
        layers_added: added,
    })
}

/// A file or placeholder name without folders.
fn plain_name<'a>(name: &'a str, param: &str) -> Result<&'a str> {
    let ok = !name.is_empty() && !name.contains(['/', '\\']) && name != "." && name != "..";
    if ok {
        Ok(name)
    } else {
        Err(Error::invalid(param, format!("{name:?} must be a plain file name, without folders")))
    }
}

fn tail(text: &str) -> &str {
    let skip = text.chars().count().saturating_sub(2000);
    text.char_indices().nth(skip).map_or(text, |(i, _)| &text[i..]).trim()
}
