//! `rustgis-cli`: run scripts, list commands, and (with other subcommands) serve MCP, render
//! maps and tiles. Each subcommand parses its arguments and calls one library function.

mod attach;
mod mcp;
mod progress;
mod register;
mod render;
mod run;
mod start_args;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// RustGIS on the command line.
#[derive(Debug, Parser)]
#[command(name = "rustgis-cli", version, about = "RustGIS: make maps from the command line or from an AI agent")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run a script (one `command-id {json}` per line) and print the result as JSON.
    Run(run::RunArgs),
    /// List the commands, or those matching a query.
    Commands(run::CommandsArgs),
    /// Serve MCP on standard input and output, for an AI agent.
    Mcp(mcp::McpArgs),
    /// Draw the map as a PNG (`render --sample -o world.png`).
    Render(render::RenderArgs),
    /// Render XYZ tiles (Web Mercator) into a z/x/y.png folder or an MBTiles file.
    Tiles(render::TilesArgs),
    /// Register RustGIS with an MCP client (Claude Code, Codex, Cursor, VS Code, Claude Desktop,
    /// OpenCode) over HTTP, attach or stdio, remove it, or print its entry.
    McpRegister(register::RegisterArgs),
}

/// Loads the installed plugins (the app-data folder's `plugins/`) into a session the CLI made,
/// unless `--no-plugins`; a plugin that cannot load is named on standard error and skipped.
fn load_plugins(session: &mut rustgis_core::Session, no_plugins: bool) {
    let folder = if no_plugins { None } else { rustgis_relay::plugins_dir(None) };
    for failure in rustgis_relay::load_plugins(session, folder, rustgis_relay::HostKind::Cli) {
        eprintln!("rustgis-cli: {failure}");
    }
}

/// Installs the map renderer in a session the CLI made, with the web fetcher (the network
/// guard, `network.allow` from the settings, the tile cache) so web layers are drawn, and
/// PostgreSQL for PostGIS layers.
fn install_renderer(session: &mut rustgis_core::Session) {
    let web = rustgis_relay::net::host_fetcher(None, None);
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::with_web(web)));
    session.set_vector_provider(std::sync::Arc::new(rustgis_relay::PostgisProvider));
}

fn main() -> ExitCode {
    rustgis_relay::log_to_stderr();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Commands(args) => run::commands(args),
        Command::Mcp(args) => mcp::run(args),
        Command::Render(args) => render::render(args),
        Command::Tiles(args) => render::tiles(args),
        Command::McpRegister(args) => register::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("rustgis-cli: {e:#}");
            ExitCode::FAILURE
        }
    }
}
