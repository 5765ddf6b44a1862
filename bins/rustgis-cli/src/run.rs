//! `rustgis-cli run` and `rustgis-cli commands`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rustgis_core::{Caller, Session, StartOptions};

/// Where the session's project comes from.
#[derive(Debug, Args)]
pub(crate) struct ProjectArgs {
    /// Start from the World Atlas sample.
    #[arg(long, conflicts_with = "project")]
    pub sample: bool,
    /// Open this `.rgis` project.
    #[arg(long, value_name = "P.rgis")]
    pub project: Option<PathBuf>,
    /// Load no plugins (installed plugins load at start otherwise).
    #[arg(long)]
    pub no_plugins: bool,
}

impl ProjectArgs {
    /// Makes the session these arguments ask for.
    pub(crate) fn session(&self) -> anyhow::Result<Session> {
        let options = StartOptions { sample: self.sample, project: self.project.clone(), data: Vec::new() };
        let mut session = Session::start(&options).context("cannot start the session")?;
        crate::load_plugins(&mut session, self.no_plugins);
        crate::install_renderer(&mut session);
        Ok(session)
    }
}

/// Arguments of `rustgis-cli run`.
#[derive(Debug, Args)]
pub(crate) struct RunArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// The script text (instead of a file).
    #[arg(short = 'e', long = "expr", value_name = "SCRIPT", conflicts_with = "file")]
    script: Option<String>,
    /// A script file (`-` for standard input).
    #[arg(value_name = "FILE", required_unless_present = "script")]
    file: Option<PathBuf>,
}

/// Runs a script as the user and prints the result JSON; fails when the script failed. A
/// progress bar shows on a terminal.
pub(crate) fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let text = match (&args.script, &args.file) {
        (Some(text), _) => text.clone(),
        (None, Some(path)) if path.as_os_str() == "-" => {
            std::io::read_to_string(std::io::stdin()).context("cannot read the script from standard input")?
        }
        (None, Some(path)) => {
            std::fs::read_to_string(path).with_context(|| format!("cannot read the script {}", path.display()))?
        }
        (None, None) => anyhow::bail!("give a script with -e 'command {{json}}' or a file"),
    };
    let mut session = args.project.session()?;
    let bar = crate::progress::Bar::for_commands();
    let outcome = session.run_script_with(&Caller::user(), &text, &bar);
    bar.finish();
    let json = serde_json::to_string_pretty(&outcome.to_json())?;
    writeln!(std::io::stdout(), "{json}")?;
    if outcome.success {
        Ok(ExitCode::SUCCESS)
    } else {
        if let Some(error) = &outcome.error {
            eprintln!("rustgis-cli: {error}");
        }
        Ok(ExitCode::FAILURE)
    }
}

/// Arguments of `rustgis-cli commands`.
#[derive(Debug, Args)]
pub(crate) struct CommandsArgs {
    /// Words to look for in ids, summaries and docs.
    query: Option<String>,
    /// Print the Markdown reference (docs/commands.md) instead of the list.
    #[arg(long)]
    markdown: bool,
    /// Print one command's schema, doc and examples as JSON.
    #[arg(long, value_name = "ID", conflicts_with_all = ["query", "markdown"])]
    describe: Option<String>,
}

/// Prints the catalogue.
pub(crate) fn commands(args: CommandsArgs) -> anyhow::Result<ExitCode> {
    let registry = rustgis_relay::headless_registry();
    let mut out = std::io::stdout().lock();
    if args.markdown {
        write!(out, "{}", registry.markdown())?;
    } else if let Some(id) = args.describe {
        let def = registry.require(&id)?;
        writeln!(out, "{}", serde_json::to_string_pretty(&def.describe_json())?)?;
    } else {
        let found = registry.search(args.query.as_deref(), None)?;
        if found.is_empty() {
            anyhow::bail!("no command matches {:?}", args.query.unwrap_or_default());
        }
        let width = found.iter().map(|d| d.id.len()).max().unwrap_or(0);
        for def in found {
            let access = def.access.labels();
            let access = if access.is_empty() { String::new() } else { format!(" [{}]", access.join(", ")) };
            writeln!(out, "{:width$}  {}{access}", def.id, def.summary)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
