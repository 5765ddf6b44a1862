//! `rustgis-cli mcp`: the MCP server an agent starts over standard input and output.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rustgis_core::{Root, Roots, Session};
use rustgis_mcp::{AfterOversized, GisServer, PrivateHost, ResultBudget, ServerOptions, serve_lines};

use crate::start_args::StartArgs;

/// Arguments of `rustgis-cli mcp`.
#[derive(Debug, Args)]
pub(crate) struct McpArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Also allow commands that read and write files or use the network.
    #[arg(long)]
    yes: bool,
    /// With --yes: read and write files only below this folder (give it more than once for more
    /// folders); a path elsewhere is refused (ACCESS_DENIED). Relative paths start in the first.
    #[arg(long, value_name = "DIR", requires = "yes", conflicts_with = "attach")]
    root: Vec<PathBuf>,
    /// With --yes: also read (never write) files below this folder; more than once for more.
    #[arg(long, value_name = "DIR", requires = "yes", conflicts_with = "attach")]
    read_only_root: Vec<PathBuf>,
    /// Load no plugins (installed plugins load at start otherwise).
    #[arg(long, conflicts_with = "attach")]
    no_plugins: bool,
    /// The most one tool result may take, in tokens (about 4 bytes each; 1,000 to 1,000,000,
    /// default 25,000, what common hosts cap MCP output at): larger results are cut at a row
    /// boundary, and maps drawn smaller, with a note saying how to get the rest. A call can ask
    /// for another budget with its `max_tokens` argument.
    #[arg(long, value_name = "TOKENS", value_parser = parse_budget, conflicts_with = "attach")]
    max_result_tokens: Option<ResultBudget>,
    /// Attach to the running app's MCP relay instead (port: RUSTGIS_MCP_PORT, else 8767).
    #[arg(long, value_name = "PORT", num_args = 0..=1, conflicts_with_all = ["sample", "data", "project"])]
    pub(crate) attach: Option<Option<u16>>,
    /// With --attach: how long each call may wait for the app, in seconds (5 to 600; default 60).
    #[arg(long, value_name = "SECONDS", requires = "attach")]
    pub(crate) timeout: Option<u64>,
    /// With --attach: a grant's token file, given by the app that started this agent.
    #[arg(long, value_name = "FILE", requires = "attach")]
    pub(crate) token_file: Option<PathBuf>,
}

fn parse_budget(text: &str) -> Result<ResultBudget, String> {
    let range = format!("a whole number of tokens from {} to {}", ResultBudget::MIN_TOKENS, ResultBudget::MAX_TOKENS);
    text.replace(['_', ','], "").parse::<u32>().ok().and_then(ResultBudget::from_tokens).ok_or(range)
}

/// The session the arguments ask for: what the user named on the command line is loaded as the
/// user's own choice, before the agent arrives, and is no undo step.
fn start_session(args: &McpArgs) -> anyhow::Result<Session> {
    let mut session = Session::start(&args.start.options(None)).context("cannot start the session")?;
    crate::load_plugins(&mut session, args.no_plugins);
    crate::install_renderer(&mut session);
    Ok(session)
}

/// The roots `--root` and `--read-only-root` name, each resolved now (a folder that does not
/// exist is an error at start, never a root that holds nothing).
fn roots(args: &McpArgs) -> anyhow::Result<Roots> {
    let writable = args.root.iter().map(|dir| (dir, true));
    let read_only = args.read_only_root.iter().map(|dir| (dir, false));
    let roots: Vec<Root> = writable
        .chain(read_only)
        .map(|(dir, w)| Root::new(dir, w))
        .collect::<Result<_, String>>()
        .map_err(anyhow::Error::msg)?;
    Ok(Roots::new(roots))
}

/// Runs the server until the client closes standard input.
pub(crate) fn run(args: McpArgs) -> anyhow::Result<ExitCode> {
    if let Some(port) = args.attach {
        return crate::attach::run(port, args.yes, args.timeout, args.token_file);
    }
    let roots = roots(&args)?;
    let session = start_session(&args)?;
    let layers = session.project().layers.len();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("rustgis-mcp")
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let described = (!roots.is_empty()).then(|| roots.described());
        let host =
            PrivateHost::start_with_roots(session, args.yes, roots).context("cannot start the session thread")?;
        let options = ServerOptions { result_budget: args.max_result_tokens.unwrap_or_default(), ..Default::default() };
        let server = GisServer::with_options(host, options);
        eprintln!(
            "RustGIS MCP server ready ({layers} layers{}); speaking MCP on standard input and output",
            match (args.yes, described) {
                (true, Some(roots)) => format!(", file and network access on, files only below {roots}"),
                (true, None) => ", file and network access on".to_owned(),
                _ => String::new(),
            }
        );
        let input = tokio::io::BufReader::new(tokio::io::stdin());
        serve_lines(server, input, tokio::io::stdout(), AfterOversized::Continue).await?;
        Ok::<_, anyhow::Error>(())
    })?;
    Ok(ExitCode::SUCCESS)
}
