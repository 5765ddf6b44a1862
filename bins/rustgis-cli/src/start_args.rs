//! The arguments that say what a session starts with (`--sample`, `--data`, `--project`), written
//! once for `rustgis-cli mcp` and the headless `rustgis-relay`, which includes this file by
//! `#[path]` (rustgis-cli is the published crate, so the file lives in its package).

use std::path::PathBuf;

use rustgis_core::StartOptions;

/// What the session starts with.
#[derive(Debug, clap::Args)]
pub(crate) struct StartArgs {
    /// Start with the World Atlas sample.
    #[arg(long)]
    pub(crate) sample: bool,
    /// Load a data file at start (any format RustGIS reads); give it more than once for more files.
    #[arg(long, value_name = "FILE")]
    pub(crate) data: Vec<PathBuf>,
    /// Open this `.rgis` project at start.
    #[arg(long, value_name = "P.rgis")]
    pub(crate) project: Option<PathBuf>,
}

impl StartArgs {
    /// The session's start options; `project` (a crash-recovery copy, say) stands in for
    /// `--project` when given.
    pub(crate) fn options(&self, project: Option<PathBuf>) -> StartOptions {
        StartOptions { sample: self.sample, project: project.or_else(|| self.project.clone()), data: self.data.clone() }
    }
}
