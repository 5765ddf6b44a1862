//! The host commands: what a host runs itself, outside the session (`ui.mcpRelay`, and the
//! headless host's `ui.quit`). They are registered beside RustGIS's commands
//! ([`rustgis_core::Registry::with_host_commands`]), so they have a schema, a page in
//! `docs/commands.md`, `describe_command` and the refusal policy like any other command; core
//! knows nothing of them. A session asked to run one refuses: the host runs it.

use std::sync::OnceLock;

use rustgis_core::{Access, CommandDef, Ctx, Registry};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value as Json;

/// The id of the host command that starts, reports and stops the relay.
pub const MCP_RELAY_COMMAND: &str = "ui.mcpRelay";

/// The id of the headless host's command that stops it cleanly (as `quit` on its standard input).
pub const QUIT_COMMAND: &str = "ui.quit";

/// Parameters of `ui.mcpRelay`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct McpRelayParams {
    /// The port on 127.0.0.1 to listen on (default: the `RUSTGIS_MCP_PORT` environment variable,
    /// else 8767). Another port than the running relay's is refused until it is stopped.
    #[serde(default)]
    pub port: Option<u16>,
    /// Stop the relay, MCP over HTTP and the file bridge, and turn agent control off
    /// (idempotent).
    #[serde(default)]
    pub stop: bool,
}

/// Parameters of `ui.quit`: none.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuitParams {}

/// The catalogue of a host that runs the relay (the desktop app): RustGIS's commands and
/// `ui.mcpRelay`.
pub fn app_registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| Registry::with_host_commands(vec![mcp_relay_def()]))
}

/// The catalogue of the headless host (`rustgis-relay`): RustGIS's commands, `ui.mcpRelay` and
/// `ui.quit`. `docs/commands.md` is generated from it.
pub fn headless_registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| Registry::with_host_commands(vec![mcp_relay_def(), quit_def()]))
}

/// Which host's commands a session's catalogue holds beside RustGIS's and the plugins'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostKind {
    /// No host commands (`rustgis-cli run`, `mcp`, `render`, `tiles`).
    Cli,
    /// The desktop app: `ui.mcpRelay`.
    App,
    /// The headless host (`rustgis-relay`): `ui.mcpRelay` and `ui.quit`.
    Headless,
}

/// The plugins folder of an app-data folder (default: the system's, [`crate::default_app_data_dir`]).
pub fn plugins_dir(app_data: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
    app_data
        .map(std::path::Path::to_path_buf)
        .or_else(crate::audit::default_app_data_dir)
        .map(|dir| dir.join("plugins"))
}

/// Loads the installed plugins of `folder` (`None`: `--no-plugins`) into the session's
/// catalogue, beside RustGIS's commands and `host`'s. Returns the plugins that could not load,
/// each named with why, for the program to print on standard error; none is fatal.
pub fn load_plugins(
    session: &mut rustgis_core::Session,
    folder: Option<std::path::PathBuf>,
    host: HostKind,
) -> Vec<String> {
    let defs = match host {
        HostKind::Cli => Vec::new(),
        HostKind::App => vec![mcp_relay_def()],
        HostKind::Headless => vec![mcp_relay_def(), quit_def()],
    };
    session.load_plugins(folder, defs)
}

/// Whether `id` names a host command (run by the host, never by a session).
pub fn is_host_command(id: &str) -> bool {
    id == MCP_RELAY_COMMAND || id == QUIT_COMMAND
}

fn mcp_relay_def() -> CommandDef {
    CommandDef::build(MCP_RELAY_COMMAND)
        .summary("Start, report or stop the MCP relay that agents attach to (a host command)")
        .doc(
            "Starts the MCP relay on 127.0.0.1 so that agents attach to the project you have open \
         (`rustgis-cli mcp --attach`). With no parameters, or with the port it already listens on, it \
         reports the address of the running relay; another port is refused until the relay is \
         stopped. `{\"stop\": true}` stops the relay, MCP over HTTP and the file bridge, and turns \
         agent control off; it is idempotent. Run by the host (the desktop app's Help menu and \
         Command Search, or the standard input of `rustgis-relay`), never by an agent or a script: \
         an agent's `run_command ui.mcpRelay` is refused as a host command, whatever its access.",
        )
        .examples(&["ui.mcpRelay {}", "ui.mcpRelay {\"port\": 9000}", "ui.mcpRelay {\"stop\": true}"])
        .access(Access::HOST)
        .reads(run_by_the_host::<McpRelayParams>)
}

fn quit_def() -> CommandDef {
    CommandDef::build(QUIT_COMMAND)
        .summary("Stop the headless host cleanly (a host command of rustgis-relay)")
        .doc(
            "Stops `rustgis-relay` as `quit` on its standard input, SIGTERM, SIGINT or SIGHUP do: the \
         relay, MCP over HTTP and the file bridge stop, their files are removed and the \
         crash-recovery copy of the project is deleted. Run by the headless host only: an agent's \
         `run_command ui.quit` is refused as a host command.",
        )
        .examples(&["ui.quit {}"])
        .access(Access::HOST)
        .reads(run_by_the_host::<QuitParams>)
}

fn run_by_the_host<P>(ctx: &mut Ctx<'_>, _params: P) -> rustgis_core::Result<Json> {
    Err(rustgis_core::Error::Failed(format!(
        "{} is a host command: the host runs it (the app's Command Search, or rustgis-relay's standard input), \
         not an agent or a script",
        ctx.command()
    )))
}
