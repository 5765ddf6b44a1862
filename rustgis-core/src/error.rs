//! The one error type of `rustgis-core`. Each variant carries what a person needs to act on it.
//!
//! `Error` is a vocabulary of kinds of failure (a bad value, a file's data, I/O, a limit, a
//! refusal…), like `std::io::Error`: it names no type of a module above it, so every module may
//! return it. The small errors it wraps (`CrsError`, `ColorError`, `RampError`, `WebError`,
//! `LimitError`) live here too, and their modules re-export them.

use std::path::PathBuf;
use std::time::Duration;

use crate::policy::Refusal;

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Errors from commands, scripts, expressions and files.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No command has this id.
    #[error("unknown command '{}'{}", clip(.id), suggest_list(.suggestions))]
    UnknownCommand {
        /// The id asked for.
        id: String,
        /// The nearest ids.
        suggestions: Vec<String>,
    },
    /// A command's parameters did not match its schema.
    #[error("bad parameters for {command}: {message}; {command} accepts {}", accepted_list(.accepted))]
    InvalidParams {
        /// The command id.
        command: String,
        /// What is wrong, naming the parameter.
        message: String,
        /// The accepted parameters, as `name (type[, required])`.
        accepted: Vec<String>,
    },
    /// A parameter has a value outside what is accepted.
    #[error("{param}: {message}")]
    InvalidValue {
        /// The parameter name.
        param: String,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// The caller may not run this command.
    #[error("{0}")]
    Refused(Refusal),
    /// No layer has this name.
    #[error("no layer named '{}'{}; the project has {}", clip(.name), same_but_case(.name, .accepted), layer_list(.accepted))]
    UnknownLayer {
        /// The name asked for.
        name: String,
        /// The layers the project has.
        accepted: Vec<String>,
    },
    /// A command names no layer and the caller has no active layer.
    #[error("no layer given and no active layer; pass \"layer\" with one of {}", layer_list(.accepted))]
    NoActiveLayer {
        /// The layers the project has.
        accepted: Vec<String>,
    },
    /// A layer name is already taken.
    #[error("a layer named '{}' already exists; choose another name", clip(.0))]
    LayerExists(String),
    /// No field has this name.
    #[error("layer '{}' has no field '{}'; its fields are {}", clip(.layer), clip(.field), accepted_list(.accepted))]
    UnknownField {
        /// The layer.
        layer: String,
        /// The field asked for.
        field: String,
        /// The layer's fields.
        accepted: Vec<String>,
    },
    /// An expression did not parse or could not be evaluated.
    #[error("expression error at column {column}: {message}\n  {source_text}\n  {}^", " ".repeat(.column.saturating_sub(1)))]
    Expression {
        /// The expression text.
        source_text: String,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A script line could not be parsed.
    #[error("script line {line}: {message}")]
    ScriptSyntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A script line failed; nothing the script did is kept.
    ///
    /// The cause is part of the message (agents and the audit log read `Display`), so it is not
    /// also the error's `source()`: `{:#}` prints it once.
    #[error("line {line} ({command}) failed: {cause}")]
    ScriptLine {
        /// 1-based line number.
        line: usize,
        /// The command id on that line.
        command: String,
        /// Why it failed.
        cause: Box<Error>,
    },
    /// `edit.undo`/`edit.redo` found nothing to act on, or a step that is not the caller's.
    #[error("{0}")]
    Undo(String),
    /// A command panicked; the session is as it was before the command.
    #[error("internal error in {command}: {message} (the project is unchanged; please report this)")]
    Internal {
        /// The command id.
        command: String,
        /// The panic message.
        message: String,
    },
    /// The command was cancelled; the project is unchanged.
    #[error("{0} was cancelled; the project is unchanged")]
    Cancelled(String),
    /// A file could not be read or written.
    ///
    /// The cause is part of the message, not the error's `source()`, so `{:#}` prints it once.
    #[error("{action} {}: {cause}", .path.display())]
    Io {
        /// What was being done (`cannot read`, `cannot write`).
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The cause.
        cause: std::io::Error,
    },
    /// A file's content is not valid for its format.
    #[error("{}: {message} (at {position})", .path.display())]
    Data {
        /// The file (or `<inline>` for text given as a parameter).
        path: PathBuf,
        /// Where: `line 3, column 14` or `byte 1024`.
        position: String,
        /// What is wrong.
        message: String,
    },
    /// A file exists and `overwrite` was not set.
    #[error("file exists: {}; pass \"overwrite\": true to replace it", .0.display())]
    FileExists(PathBuf),
    /// A command went past a resource limit (see [`crate::Limits`]); the project is unchanged.
    #[error("{message} (limit {limit}; a host can raise it with Session::set_limits)")]
    Limit {
        /// The limit's name: `max_value_bytes`, `max_new_data_bytes`, `max_run_time`.
        limit: &'static str,
        /// What went past it.
        message: String,
    },
    /// Text that names no CRS.
    #[error(transparent)]
    Crs(#[from] CrsError),
    /// Text that is not a colour.
    #[error(transparent)]
    Color(#[from] ColorError),
    /// A colour ramp name that does not exist.
    #[error(transparent)]
    Ramp(#[from] RampError),
    /// A value that a field's type cannot hold.
    #[error(transparent)]
    Coerce(#[from] crate::value::CoerceError),
    /// A web layer's setting that is not accepted.
    #[error(transparent)]
    Web(#[from] WebError),
    /// The computer could not give the memory a file or an image of this size needs; nothing
    /// was changed (the host survives: big buffers are reserved with `try_reserve`).
    #[error(
        "{what} needs {bytes} bytes of memory, which this computer cannot give now; close other programs, or use a \
         smaller file or image"
    )]
    OutOfMemory {
        /// What needed the memory (`reading /data/big.shp`, `an image of 8192×8192 pixels`).
        what: String,
        /// How many bytes were asked for.
        bytes: u64,
    },
    /// A job's result could not be kept: the project changed under it since it started (its
    /// input layer was removed or its features changed). The project is as the other changes
    /// left it.
    #[error("job {job} ({command}) was not kept: {message}")]
    JobConflict {
        /// The job's id.
        job: u64,
        /// What the job ran.
        command: String,
        /// What changed, naming the layer.
        message: String,
    },
    /// A changing command's `expected_revision` is not the project's revision: the project moved
    /// since its caller last looked. Nothing was changed.
    #[error(
        "{command} refused: the project is at revision {current}, not {expected} as expected_revision says; \
         {moved_by}; nothing was changed: see what changed with project.info {{\"since_revision\": {expected}}}, \
         then call again with \"expected_revision\": {current}"
    )]
    StaleRevision {
        /// The command refused.
        command: String,
        /// The revision the caller expected.
        expected: u64,
        /// The project's revision now.
        current: u64,
        /// Who moved the project since (`agent 2 moved it (latest: layer.rename by agent 2 at
        /// revision 8)`).
        moved_by: String,
        /// Who made the latest change after `expected`, when the log keeps it.
        actor: Option<String>,
    },
    /// Any other failure of a command, with its message.
    #[error("{0}")]
    Failed(String),
    /// A project names data files outside its own folder, and its opening asked to confirm
    /// before reading them (`"outside_files": "ask"`); nothing was opened. A host shows the files
    /// and opens it again with `"load"` or `"skip"`.
    #[error(
        "{} names {} outside its folder: {}; opening it would read them: open it again with \"outside_files\": \"load\" \
         to read them, or \"skip\" to open it without those layers",
        .project.display(),
        if .files.len() == 1 { "1 file".to_owned() } else { format!("{} files", .files.len()) },
        outside_list(.files)
    )]
    OutsideFiles {
        /// The project file (or `<project text>`).
        project: PathBuf,
        /// Each layer naming a file outside the folder, and the file.
        files: Vec<(String, PathBuf)>,
    },
}

impl Error {
    /// A short machine-readable code for the error kind, for MCP clients and logs.
    pub fn code(&self) -> &'static str {
        match self {
            Error::UnknownCommand { .. } => "unknown_command",
            Error::InvalidParams { .. } | Error::InvalidValue { .. } => "invalid_params",
            Error::Refused(refusal) if refusal.rule == crate::policy::RefusalRule::OutsideRoots => "access_denied",
            Error::Refused(_) => "refused",
            Error::UnknownLayer { .. } | Error::NoActiveLayer { .. } => "unknown_layer",
            Error::LayerExists(_) => "layer_exists",
            Error::UnknownField { .. } => "unknown_field",
            Error::Expression { .. } => "expression",
            Error::ScriptSyntax { .. } => "script_syntax",
            Error::ScriptLine { .. } => "script_line",
            Error::Undo(_) => "undo",
            Error::Internal { .. } => "internal",
            Error::Cancelled(_) => "cancelled",
            Error::Io { .. } => "io",
            Error::Data { .. } => "data",
            Error::FileExists(_) => "file_exists",
            Error::Limit { .. } => "limit",
            Error::Crs(_) | Error::Color(_) | Error::Ramp(_) | Error::Coerce(_) | Error::Web(_) => "invalid_params",
            Error::OutOfMemory { .. } => "out_of_memory",
            Error::JobConflict { .. } => "job_conflict",
            Error::StaleRevision { .. } => "stale_revision",
            Error::Failed(_) => "failed",
            Error::OutsideFiles { .. } => "needs_confirmation",
        }
    }

    /// The question a host may ask its human instead of this error of `command` (which needs
    /// `access`), when a yes would lift it: replacing a file that exists, or using a file outside
    /// the caller's roots (see [`Ask`](crate::policy::Ask)). `None` for every other error, for
    /// every refusal a yes must not lift (no file access, the user's project), and for anything
    /// a command that runs code, a plugin's command or a host command did: those are never asked.
    pub fn ask(&self, command: &str, access: &crate::policy::Access) -> Option<crate::policy::Ask> {
        if !access.may_be_asked() {
            return None;
        }
        match self {
            Error::Refused(refusal) => refusal.ask.as_deref().cloned(),
            Error::FileExists(path) => Some(crate::policy::Ask::replace(command, path)),
            _ => None,
        }
    }

    /// An [`Error::InvalidValue`].
    pub fn invalid(param: &str, message: impl std::fmt::Display) -> Error {
        Error::InvalidValue { param: param.to_owned(), message: message.to_string() }
    }
}

impl From<LimitError> for Error {
    /// The limit as [`Error::Limit`], the variant callers match on.
    fn from(error: LimitError) -> Error {
        Error::Limit { limit: error.limit, message: error.message }
    }
}

/// A CRS that [`Crs::parse`](crate::Crs::parse) cannot read or PROJ does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CrsError {
    /// The text names no CRS PROJ knows.
    #[error(
        "unknown CRS '{text}': {reason}; give an EPSG or ESRI code (EPSG:4326, EPSG:25832, ESRI:54030), a WKT or \
         PROJJSON definition, or a PROJ string, or a world projection by name (Equal Earth, Robinson, Mollweide, \
         Winkel Tripel, Natural Earth); crs.search finds codes by name or place (\"UTM 32N\", \"Lambert 93\")"
    )]
    Unknown {
        /// The text given (shortened when long).
        text: String,
        /// What PROJ said.
        reason: String,
    },
    /// A CRS PROJ knows that RustGIS cannot use for 2D maps and layers.
    #[error("{crs} cannot be used here: {reason}")]
    Unsupported {
        /// The CRS.
        crs: String,
        /// Why, and what would work.
        reason: String,
    },
}

/// Text that [`Color::parse`](crate::Color::parse) cannot read as a colour.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColorError {
    /// Not a hex colour or a CSS colour name.
    #[error("'{text}' is not a colour; use #rrggbb, #rrggbbaa, a CSS colour name such as 'steelblue', or none")]
    Unknown {
        /// The text given.
        text: String,
    },
}

/// A web layer's setting that is not accepted, naming the parameter and what would be.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// A setting has a value outside what is accepted.
    #[error("{param}: {message}")]
    Invalid {
        /// The parameter: `url`, `tile_size`, `max_zoom`, `subdomains`.
        param: &'static str,
        /// What is wrong and what is accepted.
        message: String,
    },
}

/// A limit a command went past; the project is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (limit {limit}; a host can raise it with Session::set_limits)")]
pub struct LimitError {
    /// The limit's name: `max_value_bytes`, `max_new_data_bytes`, `max_run_time`.
    pub limit: &'static str,
    /// What went past it.
    pub message: String,
}

impl LimitError {
    /// The run-time limit's error: `command` ran longer than `limit`.
    pub fn run_time(command: &str, limit: Duration) -> LimitError {
        LimitError {
            limit: "max_run_time",
            message: format!(
                "{command} ran longer than a command may ({} s) and was stopped; the project is unchanged",
                limit.as_secs_f64()
            ),
        }
    }
}

/// A ramp name that [`Ramp::by_name`](crate::ramps::Ramp::by_name) does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RampError {
    /// No ramp has this name.
    #[error("unknown colour ramp '{name}'; use one of {} (add _r to reverse)", .ramps.join(", "))]
    Unknown {
        /// The name given.
        name: String,
        /// Every ramp name, as the message lists them.
        ramps: Vec<&'static str>,
    },
    /// No palette or ramp has this name.
    #[error(
        "unknown palette '{name}'; use one of {} or a colour ramp ({})",
        .palettes.join(", "),
        .ramps.join(", ")
    )]
    UnknownPalette {
        /// The name given.
        name: String,
        /// Every palette name, as the message lists them.
        palettes: Vec<&'static str>,
        /// Every ramp name, as the message lists them.
        ramps: Vec<&'static str>,
    },
}

fn suggest_list(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        "; no command id is close to it: search the catalogue of commands by what they do".to_owned()
    } else {
        format!("; did you mean {}?", suggestions.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", "))
    }
}

/// The most characters of a name an error repeats: a name a caller sent (50 MB, say) is cut,
/// with its size, so that an error never echoes a hostile value back.
pub(crate) const MAX_NAME_IN_ERROR: usize = 120;

/// The most names a list in an error gives before saying how many more there are.
const MAX_NAMES_IN_ERROR: usize = 50;

/// `name` as an error shows it: whole when short, else its first [`MAX_NAME_IN_ERROR`]
/// characters and its size in bytes.
pub(crate) fn clip(name: &str) -> String {
    match name.char_indices().nth(MAX_NAME_IN_ERROR) {
        None => name.to_owned(),
        Some((end, _)) => format!("{}… ({} bytes in all)", &name[..end], name.len()),
    }
}

fn outside_list(files: &[(String, PathBuf)]) -> String {
    let mut listed: Vec<String> = files
        .iter()
        .take(MAX_NAMES_IN_ERROR)
        .map(|(layer, file)| format!("{} (layer '{}')", clip(&file.display().to_string()), clip(layer)))
        .collect();
    if files.len() > MAX_NAMES_IN_ERROR {
        listed.push(format!("and {} more", files.len() - MAX_NAMES_IN_ERROR));
    }
    listed.join(", ")
}

fn accepted_list(accepted: &[String]) -> String {
    if accepted.is_empty() {
        return "no parameters".to_owned();
    }
    let mut listed: Vec<String> = accepted.iter().take(MAX_NAMES_IN_ERROR).map(|s| clip(s)).collect();
    if accepted.len() > MAX_NAMES_IN_ERROR {
        listed.push(format!("and {} more", accepted.len() - MAX_NAMES_IN_ERROR));
    }
    listed.join(", ")
}

/// `; did you mean 'countries'?` when a name differs from one of `names` only by case.
fn same_but_case(name: &str, names: &[String]) -> String {
    names
        .iter()
        .find(|n| n.to_lowercase() == name.to_lowercase())
        .map(|n| format!(" (names are case-sensitive: did you mean '{}'?)", clip(n)))
        .unwrap_or_default()
}

fn layer_list(layers: &[String]) -> String {
    if layers.is_empty() {
        return "no layers (add one with layer.addSample or layer.addGeoJSON)".to_owned();
    }
    let mut listed: Vec<String> = layers.iter().take(MAX_NAMES_IN_ERROR).map(|s| format!("'{}'", clip(s))).collect();
    if layers.len() > MAX_NAMES_IN_ERROR {
        listed.push(format!("and {} more (layer.list names them all)", layers.len() - MAX_NAMES_IN_ERROR));
    }
    listed.join(", ")
}
