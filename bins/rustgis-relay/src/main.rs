//! `rustgis-relay`: the headless RustGIS host. It opens a project, starts the MCP relay (and, when
//! asked, MCP over HTTP and the file bridge) and runs the frame loop, so agents can attach
//! (`rustgis-cli mcp --attach`) without the desktop app.
//! Host commands arrive on standard input, one per line (`ui.mcpRelay {"stop": true}`, `quit`,
//! or any RustGIS command run as the user); each gets one JSON line on standard output.
//! It keeps a crash-recovery copy of the project in the data folder; a copy left by a run that
//! did not stop cleanly is named on standard error at the next start, and `--recover` opens it.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use rustgis_core::Session;
use rustgis_relay::{
    AgentsStarted, BridgeConfig, Ended, HeadlessHost, HttpConfig, LeftCopy, Recovery, RecoveryConfig, RelayConfig,
    StopSignals,
};

#[path = "../../rustgis-cli/src/start_args.rs"]
mod start_args;
use start_args::StartArgs;

/// The headless RustGIS host that agents attach to.
#[derive(Debug, Parser)]
#[command(
    name = "rustgis-relay",
    version,
    about = "RustGIS without a window: a session that agents attach to over the MCP relay"
)]
struct Args {
    #[command(flatten)]
    start: StartArgs,
    /// Open the crash-recovery copy an earlier run left behind (the newest one), as the note on
    /// standard error says.
    #[arg(long, conflicts_with_all = ["project", "sample", "data"])]
    recover: bool,
    /// How often the crash-recovery copy is written when no edit asked for it sooner, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 180)]
    recovery_interval: u64,
    /// The port on 127.0.0.1 (default: RUSTGIS_MCP_PORT, else 8767; 0 takes any free port).
    #[arg(long)]
    port: Option<u16>,
    /// Let agents attached with the relay's own token use files and the network without --yes
    /// (as the app's "Let your Agents Control RustGIS").
    #[arg(long)]
    allow_access: bool,
    /// Agents (attached, MCP over HTTP, the file bridge) read and write files only below this
    /// folder; give it more than once for more folders. A path elsewhere is refused (ACCESS_DENIED).
    #[arg(long, value_name = "DIR")]
    root: Vec<PathBuf>,
    /// Agents may also read (never write) files below this folder; more than once for more.
    #[arg(long, value_name = "DIR")]
    read_only_root: Vec<PathBuf>,
    /// The app-data folder whose mcp-audit/ holds the audit log (default: the system's).
    #[arg(long, value_name = "DIR")]
    app_data: Option<PathBuf>,
    /// Also serve MCP over HTTP on http://127.0.0.1:PORT/mcp (as the app while agents are on).
    #[arg(long)]
    http: bool,
    /// The port of MCP over HTTP (default: RUSTGIS_MCP_HTTP_PORT, else 8768; 0 takes any free port).
    #[arg(long, value_name = "PORT", requires = "http")]
    http_port: Option<u16>,
    /// The settings folder holding mcp-http.token (default: ~/.config/rustgis on Linux).
    #[arg(long, value_name = "DIR")]
    settings: Option<PathBuf>,
    /// Also run the file bridge: scripts written to bridge-command.txt in the relay's private
    /// folder run on the session. It runs even when the relay's port is taken.
    #[arg(long)]
    bridge: bool,
    /// Load no plugins (installed plugins, in the app-data folder's plugins/, load at start otherwise).
    #[arg(long)]
    no_plugins: bool,
    /// The most one tool result may take, in tokens (about 4 bytes each; 1,000 to 1,000,000,
    /// default 25,000): larger results are cut at a row boundary, and maps drawn smaller, with a
    /// note saying how to get the rest. A call can ask for another with its `max_tokens`.
    #[arg(long, value_name = "TOKENS", value_parser = parse_budget)]
    max_result_tokens: Option<rustgis_relay::ResultBudget>,
}

fn parse_budget(text: &str) -> Result<rustgis_relay::ResultBudget, String> {
    let (min, max) = (rustgis_relay::ResultBudget::MIN_TOKENS, rustgis_relay::ResultBudget::MAX_TOKENS);
    let range = format!("a whole number of tokens from {min} to {max}");
    text.replace(['_', ','], "").parse::<u32>().ok().and_then(rustgis_relay::ResultBudget::from_tokens).ok_or(range)
}

/// The roots `--root` and `--read-only-root` name, each resolved now (a folder that does not
/// exist is an error at start).
fn roots(args: &Args) -> anyhow::Result<rustgis_core::Roots> {
    let writable = args.root.iter().map(|dir| (dir, true));
    let read_only = args.read_only_root.iter().map(|dir| (dir, false));
    let roots = writable
        .chain(read_only)
        .map(|(dir, writable)| rustgis_core::Root::new(dir, writable))
        .collect::<Result<Vec<_>, String>>()
        .map_err(anyhow::Error::msg)?;
    Ok(rustgis_core::Roots::new(roots))
}

fn start_session(args: &Args, recovered: Option<&LeftCopy>) -> anyhow::Result<Session> {
    let options = args.start.options(recovered.map(|copy| copy.path.clone()));
    let mut session = Session::start(&options).context("cannot start the session")?;
    if recovered.is_some() {
        // The copy is removed once this run has its own: saving asks for a place of the user's.
        session.set_project_path(None);
    }
    // The map is drawn offscreen for view_map and snapshots: there is no window here.
    // Web layers' tiles come through the network guard, network.allow read from --settings.
    let web = rustgis_relay::net::host_fetcher(args.settings.as_deref(), None);
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::with_web(web)));
    session.set_vector_provider(std::sync::Arc::new(rustgis_relay::PostgisProvider));
    Ok(session)
}

fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Caught from the start: a kill during start-up still removes what the relay wrote.
    let signals = StopSignals::install()?;
    let recovery_config = RecoveryConfig {
        app_data_dir: args.app_data.clone(),
        interval: std::time::Duration::from_secs(args.recovery_interval),
        ..RecoveryConfig::new("rustgis-relay")
    };
    let left = Recovery::left_behind(&recovery_config);
    let recovered = match (args.recover, left.first()) {
        (true, Some(copy)) => Some(copy),
        (true, None) => anyhow::bail!(
            "there is no recovery copy to open: every earlier run stopped cleanly (copies are kept in {})",
            recovery_config.app_data_dir.as_ref().map_or_else(
                || "the recovery folder of the data folder".to_owned(),
                |dir| dir.join(rustgis_relay::RECOVERY_FOLDER).display().to_string()
            )
        ),
        (false, Some(copy)) => {
            eprintln!(
                "rustgis-relay: an earlier run did not stop cleanly; a recovery copy of its project is at {}. \
                 Open it with: rustgis-relay --recover (or --project {}). Delete the file to stop this note.",
                copy.path.display(),
                copy.path.display()
            );
            None
        }
        (false, None) => None,
    };
    let mut session = start_session(&args, recovered)?;
    let plugins = if args.no_plugins { None } else { rustgis_relay::plugins_dir(args.app_data.as_deref()) };
    for failure in rustgis_relay::load_plugins(&mut session, plugins, rustgis_relay::HostKind::Headless) {
        eprintln!("rustgis-relay: {failure}");
    }
    let mut config = match args.port {
        Some(port) => RelayConfig::new(port),
        None => RelayConfig::from_env()?,
    };
    config.app_data_dir = args.app_data.clone();
    if let Some(budget) = args.max_result_tokens {
        config.limits.result_budget = budget;
    }
    config.roots = roots(&args)?;
    let roots_note = (!config.roots.is_empty()).then(|| config.roots.described());
    let bridge = args.bridge.then(|| BridgeConfig {
        app_data_dir: args.app_data.clone(),
        roots: config.roots.clone(),
        ..BridgeConfig::default()
    });
    let mut host = HeadlessHost::new(session, config, args.allow_access);
    match Recovery::start(&recovery_config) {
        Ok(recovery) => {
            if let Some(copy) = recovered {
                // This run's own copy first, so the project is never without one.
                recovery.write(host.session())?;
                copy.discard()?;
                eprintln!("rustgis-relay: opened the recovery copy {}", copy.path.display());
            }
            host.set_recovery(recovery);
        }
        Err(e) => eprintln!("rustgis-relay: no crash-recovery copy will be kept: {e:#}"),
    }
    if args.http {
        let mut http = match args.http_port {
            Some(port) => HttpConfig::new(port),
            None => HttpConfig::from_env()?,
        };
        http.settings_dir = args.settings.clone();
        host.set_http(Some(http));
    }
    let started = host.start_agents(bridge)?;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", serde_json::json!({ "ok": true, "result": started.to_json() }))?;
    stdout.flush()?;
    drop(stdout);
    announce(&started);
    if let Some(roots) = roots_note {
        eprintln!("rustgis-relay: agents read and write files only below {roots}");
    }

    let (commands_tx, commands) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("rustgis-relay-stdin".to_owned())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if commands_tx.send(line).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the standard input reader")?;
    let ended = host.run(commands, signals.receiver(), |reply| {
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, "{reply}").and_then(|()| stdout.flush()).is_err() {
            tracing::debug!("standard output is closed");
        }
    });
    if let Ended::Signal(signal) = ended {
        eprintln!("rustgis-relay: {signal}: stopped the relay, MCP over HTTP and the file bridge");
    }
    Ok(ExitCode::SUCCESS)
}

/// Tells the person at the terminal what runs and how agents reach it.
fn announce(started: &AgentsStarted) {
    for notice in started.relay.iter().flat_map(|relay| &relay.notices) {
        eprintln!("rustgis-relay: {notice}");
    }
    match (&started.relay, &started.relay_error) {
        (Some(relay), _) => {
            eprintln!("RustGIS relay listening on {}; attach an agent with: {}", relay.address, relay.attach_command())
        }
        (None, error) => eprintln!(
            "rustgis-relay: the relay did not start: {}; only the file bridge is running",
            error.as_deref().unwrap_or("unknown")
        ),
    }
    if let Some(relay) = &started.relay {
        if let Some(http) = &relay.http {
            eprintln!("MCP over HTTP on {} (register a client with: rustgis-cli mcp-register)", http.url);
        }
        if let Some(error) = &relay.http_error {
            eprintln!("rustgis-relay: MCP over HTTP did not start: {error}");
        }
    }
    if let Some(bridge) = &started.bridge {
        eprintln!(
            "file bridge: write scripts to {}; outcomes go to {}",
            bridge.command_file.display(),
            bridge.result_file.display()
        );
    }
    if let Some(error) = &started.bridge_error {
        eprintln!("rustgis-relay: the file bridge did not start: {error}");
    }
}

fn main() -> ExitCode {
    rustgis_relay::log_to_stderr();
    match run(Args::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("rustgis-relay: {e:#}");
            ExitCode::FAILURE
        }
    }
}
