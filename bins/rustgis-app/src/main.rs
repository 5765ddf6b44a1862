//! `rustgis-app`: the RustGIS desktop app. Parses the arguments and opens the window
//! ([`rustgis_app::run`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rustgis_core::StartOptions;

/// The RustGIS desktop app: the map you watch while agents work on it.
#[derive(Debug, Parser)]
#[command(name = "rustgis-app", version, about = "RustGIS: the map you watch while your agents work on it")]
struct Args {
    /// Start with the World Atlas sample.
    #[arg(long)]
    sample: bool,
    /// Open this `.rgis` project.
    #[arg(long, value_name = "P.rgis")]
    project: Option<PathBuf>,
    /// Load a data file; give it more than once for more files.
    #[arg(long, value_name = "FILE")]
    data: Vec<PathBuf>,
    /// Start the MCP relay at launch, as the MCP Relay command does (not remembered).
    #[arg(long)]
    relay: bool,
    /// Open the attribute table of this layer.
    #[arg(long, value_name = "LAYER")]
    table: Option<String>,
    /// Open the style dialog of this layer.
    #[arg(long, value_name = "LAYER")]
    style: Option<String>,
    /// Open the Add PostGIS Layer dialog.
    #[arg(long)]
    add_postgis: bool,
    /// Load no plugins (installed plugins load at start otherwise).
    #[arg(long)]
    no_plugins: bool,
    /// Refuse an agent's queued call as busy (-32004) once the window has drawn nothing for
    /// this many seconds (a dialog open, the machine overloaded).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = busy_seconds)]
    busy_after: f64,
}

/// A `--busy-after` of 0.1 to 3600 seconds.
fn busy_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.1..=3600.0).contains(&s) => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds from 0.1 to 3600")),
    }
}

fn main() -> ExitCode {
    rustgis_relay::log_to_stderr();
    let args = Args::parse();
    let launch = rustgis_app::Launch {
        start: StartOptions { sample: args.sample, project: args.project, data: args.data },
        relay: args.relay,
        folders: None,
        table: args.table,
        style: args.style,
        add_postgis: args.add_postgis,
        no_plugins: args.no_plugins,
        busy_after: Some(std::time::Duration::from_secs_f64(args.busy_after)),
    };
    match rustgis_app::run(launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rustgis-app: {}", rustgis_app::error_text(&e));
            ExitCode::FAILURE
        }
    }
}
