//! `rustgis-cli mcp-register`: registers RustGIS with an MCP client — Claude Code, Codex, Cursor,
//! VS Code, Claude Desktop or OpenCode — over stdio (a private session), attach (the open app,
//! through the relay) or MCP over HTTP. It writes the entry into the client's own configuration
//! file in the shape that client documents (`register/config.rs`), repairs a stale entry of the
//! same name, prints it with `--print`, and takes it away with `--remove`. `--client claude` over
//! HTTP without `--config` runs `claude mcp add` as it always did. Whenever an HTTP entry is
//! written or printed the token leaves its file, and the messages say so.

mod config;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::Context;
use rustgis_relay::{default_settings_dir, http_port_from_env, http_token};
use serde_json::{Value as Json, json};

use config::{ConfigFile, Outcome};

/// Arguments of `rustgis-cli mcp-register`.
#[derive(Debug, clap::Args)]
pub(crate) struct RegisterArgs {
    /// The client to register with, in its own configuration file; without it, print the
    /// configuration for any client that takes an `mcpServers` list.
    #[arg(long, value_enum)]
    client: Option<Client>,
    /// How the client reaches RustGIS: `http` (the open app's MCP over HTTP, with its token),
    /// `attach` (the open app, through `rustgis-cli mcp --attach`) or `stdio` (a private session,
    /// `rustgis-cli mcp`).
    #[arg(long, value_enum, default_value_t = Transport::Http)]
    transport: Transport,
    /// The entry's name (default: `rustgis-live` for http, `rustgis-app` for attach, `rustgis`
    /// for stdio). Letters, digits, `-` and `_`, starting with a letter.
    #[arg(long)]
    name: Option<String>,
    /// For http, the port of MCP over HTTP (default: RUSTGIS_MCP_HTTP_PORT, else 8768); for
    /// attach, the relay's port (default: the one the app uses, RUSTGIS_MCP_PORT, else 8767).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    port: Option<u16>,
    /// The configuration file to edit instead of the client's usual one (for example a project's
    /// `.mcp.json`, `.vscode/mcp.json` or `.cursor/mcp.json`).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Print the entry (with its file's path on standard error) and write nothing.
    #[arg(long, conflicts_with = "remove")]
    print: bool,
    /// Take the entry of this name away from the client's configuration.
    #[arg(long)]
    remove: bool,
    /// More arguments for `rustgis-cli mcp` (stdio and attach), after `--`: `-- --sample`,
    /// `-- --yes --root ~/maps`.
    #[arg(last = true, value_name = "MCP_ARGS")]
    mcp_args: Vec<String>,
}

/// Clients `mcp-register` can register with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Client {
    /// Claude Code: `claude mcp add` for http; `mcpServers` in `~/.claude.json` (user scope) or
    /// the `--config` file (a project's `.mcp.json`).
    Claude,
    /// OpenAI Codex: `[mcp_servers.NAME]` in `~/.codex/config.toml` (`CODEX_HOME`).
    Codex,
    /// Cursor: `mcpServers` in `~/.cursor/mcp.json`.
    Cursor,
    /// VS Code: `servers` in the user profile's `mcp.json` (or a workspace's `.vscode/mcp.json`).
    Vscode,
    /// Claude Desktop: `mcpServers` in `claude_desktop_config.json` (stdio and attach only).
    ClaudeDesktop,
    /// OpenCode: `mcp` in `~/.config/opencode/opencode.json`.
    Opencode,
}

/// How a client reaches RustGIS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Transport {
    /// MCP over HTTP on the open app (`http://127.0.0.1:8768/mcp`, a bearer token).
    Http,
    /// The open app, through `rustgis-cli mcp --attach` (the relay).
    Attach,
    /// A private session: `rustgis-cli mcp`.
    Stdio,
}

/// What the entry runs or reaches, before it is put in a client's shape.
#[derive(Debug, Clone)]
enum Server {
    /// A program the client starts, speaking MCP on its standard input and output.
    Program { command: String, args: Vec<String> },
    /// MCP over HTTP with a bearer token.
    Http { url: String, token: String, token_file: PathBuf },
}

/// Registers, prints or removes, as the arguments say.
pub(crate) fn run(args: RegisterArgs) -> anyhow::Result<ExitCode> {
    let name = args.name.clone().unwrap_or_else(|| default_name(args.transport).to_owned());
    check_name(&name)?;
    if !args.mcp_args.is_empty() && args.transport == Transport::Http {
        anyhow::bail!(
            "arguments after -- are for rustgis-cli mcp, which only --transport stdio or attach runs; \
             MCP over HTTP is served by the app"
        );
    }
    let Some(client) = args.client else {
        if args.remove {
            anyhow::bail!("--remove needs --client (claude, codex, cursor, vscode, claude-desktop or opencode)");
        }
        return print_any_client(&name, &server(&args)?);
    };
    if client == Client::Claude && args.config.is_none() {
        if args.remove {
            if let Some(code) = claude_mcp_remove(&name)? {
                return Ok(code);
            }
        } else if !args.print
            && let Server::Http { url, token, token_file } = server(&args)?
        {
            return claude_mcp_add(&name, &url, &token, &token_file);
        }
    }
    let path = match &args.config {
        Some(path) => path.clone(),
        None => default_config_path(client)?,
    };
    if args.remove {
        return remove(client, &path, &name);
    }
    if client == Client::ClaudeDesktop && args.transport == Transport::Http {
        anyhow::bail!(
            "Claude Desktop's claude_desktop_config.json lists only programs it starts (stdio), not \
             HTTP servers; use --transport attach (the open app, through rustgis-cli mcp --attach) or \
             --transport stdio (a private session)"
        );
    }
    let server = server(&args)?;
    let entry = entry(client, &server);
    if args.print {
        return print_entry(client, &path, &name, &entry, &server);
    }
    register(client, &path, &name, &entry, &server)
}

fn default_name(transport: Transport) -> &'static str {
    match transport {
        Transport::Http => "rustgis-live",
        Transport::Attach => "rustgis-app",
        Transport::Stdio => "rustgis",
    }
}

/// The names every client accepts (VS Code's schema is the strictest: `^[a-zA-Z][a-zA-Z0-9_-]*$`).
fn check_name(name: &str) -> anyhow::Result<()> {
    let mut chars = name.chars();
    let starts_with_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    if !starts_with_letter || !chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        anyhow::bail!(
            "the name {name:?} is not one every client accepts: use letters, digits, - and _, starting with a letter"
        );
    }
    Ok(())
}

/// What the entry runs or reaches: this very `rustgis-cli` (by its absolute path, so the client
/// finds it whatever its `PATH`), or the HTTP URL and the token from `mcp-http.token`.
fn server(args: &RegisterArgs) -> anyhow::Result<Server> {
    match args.transport {
        Transport::Http => {
            let port = match args.port {
                Some(port) => port,
                None => http_port_from_env()?,
            };
            let settings = default_settings_dir().context("this system has no settings folder for mcp-http.token")?;
            let (token, token_file) = http_token(&settings)?;
            Ok(Server::Http {
                url: format!("http://127.0.0.1:{port}/mcp"),
                token: token.expose().to_owned(),
                token_file,
            })
        }
        Transport::Attach | Transport::Stdio => {
            let exe = std::env::current_exe().context("cannot find the path of this rustgis-cli")?;
            let exe = std::fs::canonicalize(&exe).unwrap_or(exe);
            let command = exe.to_str().context("the path of this rustgis-cli is not UTF-8")?.to_owned();
            let mut mcp_args = vec!["mcp".to_owned()];
            if args.transport == Transport::Attach {
                mcp_args.push("--attach".to_owned());
                if let Some(port) = args.port {
                    mcp_args.push(port.to_string());
                }
                // The app's own setting (Let your Agents Control RustGIS) grants files and the
                // network; --yes asks for them, as docs/relay.md's entry does.
                mcp_args.push("--yes".to_owned());
            } else if args.port.is_some() {
                anyhow::bail!("--port is for --transport http or attach; a stdio server has no port");
            }
            mcp_args.extend(args.mcp_args.iter().cloned());
            Ok(Server::Program { command, args: mcp_args })
        }
    }
}

/// The entry in `client`'s documented shape, as JSON (Codex's TOML table is made from it).
fn entry(client: Client, server: &Server) -> Json {
    match (client, server) {
        (Client::Claude | Client::Vscode, Server::Program { command, args }) => {
            json!({ "type": "stdio", "command": command, "args": args })
        }
        (Client::Claude | Client::Vscode, Server::Http { url, token, .. }) => {
            json!({ "type": "http", "url": url, "headers": { "Authorization": format!("Bearer {token}") } })
        }
        (Client::Cursor | Client::ClaudeDesktop | Client::Codex, Server::Program { command, args }) => {
            json!({ "command": command, "args": args })
        }
        (Client::Cursor | Client::ClaudeDesktop, Server::Http { url, token, .. }) => {
            json!({ "url": url, "headers": { "Authorization": format!("Bearer {token}") } })
        }
        // Codex sends `http_headers` as they are; a `bearer_token` in the file is refused, and
        // `bearer_token_env_var` would need the variable set wherever Codex starts.
        (Client::Codex, Server::Http { url, token, .. }) => {
            json!({ "url": url, "http_headers": { "Authorization": format!("Bearer {token}") } })
        }
        (Client::Opencode, Server::Program { command, args }) => {
            let command: Vec<&str> = std::iter::once(command.as_str()).chain(args.iter().map(String::as_str)).collect();
            json!({ "type": "local", "command": command, "enabled": true })
        }
        (Client::Opencode, Server::Http { url, token, .. }) => {
            json!({ "type": "remote", "url": url, "headers": { "Authorization": format!("Bearer {token}") }, "enabled": true })
        }
    }
}

/// The client's usual configuration file, from the same variables the client reads (`HOME`,
/// `XDG_CONFIG_HOME`, `APPDATA`, `CODEX_HOME`, `CLAUDE_CONFIG_DIR`).
fn default_config_path(client: Client) -> anyhow::Result<PathBuf> {
    let home = || dirs::home_dir().context("this system has no home folder: name the file with --config");
    let env_dir = |var: &str| std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from);
    let config_dir = || -> anyhow::Result<PathBuf> {
        if cfg!(windows)
            && let Some(appdata) = env_dir("APPDATA")
        {
            return Ok(appdata);
        }
        dirs::config_dir().context("this system has no configuration folder: name the file with --config")
    };
    Ok(match client {
        Client::Claude => match env_dir("CLAUDE_CONFIG_DIR") {
            Some(dir) => dir.join(".claude.json"),
            None => home()?.join(".claude.json"),
        },
        Client::Codex => match env_dir("CODEX_HOME") {
            Some(dir) => dir.join("config.toml"),
            None => home()?.join(".codex").join("config.toml"),
        },
        Client::Cursor => home()?.join(".cursor").join("mcp.json"),
        Client::Vscode => config_dir()?.join("Code").join("User").join("mcp.json"),
        Client::ClaudeDesktop => config_dir()?.join("Claude").join("claude_desktop_config.json"),
        Client::Opencode => {
            // OpenCode reads XDG_CONFIG_HOME (else ~/.config) on every system.
            let dir = env_dir("XDG_CONFIG_HOME")
                .filter(|dir| dir.is_absolute())
                .map_or_else(|| home().map(|home| home.join(".config")), Ok)?
                .join("opencode");
            let (json, jsonc) = (dir.join("opencode.json"), dir.join("opencode.jsonc"));
            if !json.exists() && jsonc.exists() {
                anyhow::bail!(
                    "OpenCode's configuration here is {} (JSON with comments), which mcp-register does not \
                     rewrite: add the entry --print shows by hand, or name a plain JSON file with --config",
                    jsonc.display()
                );
            }
            json
        }
    })
}

/// Writes the entry, or repairs the one of the same name, and says what it did.
fn register(client: Client, path: &Path, name: &str, entry: &Json, server: &Server) -> anyhow::Result<ExitCode> {
    let mut file = ConfigFile::load(client, path)?;
    let outcome = file.set(name, entry);
    let what = client_name(client);
    match &outcome {
        Outcome::Unchanged => {
            eprintln!("rustgis-cli: {name} is already registered with {what} in {}; nothing changed", path.display());
            return Ok(ExitCode::SUCCESS);
        }
        Outcome::Added => {
            file.save(holds_token(server))?;
            eprintln!("rustgis-cli: registered {name} with {what} in {}", path.display());
        }
        Outcome::Replaced(old) => {
            file.save(holds_token(server))?;
            eprintln!(
                "rustgis-cli: repaired {name} in {} ({what}): {}",
                path.display(),
                describe_changes(old, entry, server).join("; ")
            );
        }
    }
    after_writing(client, server);
    Ok(ExitCode::SUCCESS)
}

/// Takes the entry away, or says there was none.
fn remove(client: Client, path: &Path, name: &str) -> anyhow::Result<ExitCode> {
    if !path.exists() {
        eprintln!("rustgis-cli: {} does not exist, so there is no {name} to remove", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut file = ConfigFile::load(client, path)?;
    if file.remove(name) {
        file.save(false)?;
        eprintln!("rustgis-cli: removed {name} from {} ({})", path.display(), client_name(client));
    } else {
        eprintln!("rustgis-cli: {} has no entry named {name}; nothing was removed", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints the entry as it would be written (in the file's own syntax) and writes nothing.
fn print_entry(client: Client, path: &Path, name: &str, entry: &Json, server: &Server) -> anyhow::Result<ExitCode> {
    writeln!(std::io::stdout(), "{}", config::snippet(client, name, entry))?;
    eprintln!("rustgis-cli: this is the entry for {} ({}); nothing was written", path.display(), client_name(client));
    if let Server::Http { token_file, .. } = server {
        warn_token(token_file);
    }
    Ok(ExitCode::SUCCESS)
}

/// Without `--client`: an `mcpServers` entry for any client (Claude Code's shape).
fn print_any_client(name: &str, server: &Server) -> anyhow::Result<ExitCode> {
    let config = json!({ "mcpServers": { name: entry(Client::Claude, server) } });
    writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&config)?)?;
    if let Server::Http { url, token_file, .. } = server {
        eprintln!(
            "rustgis-cli: this configuration holds the token from {}: keep it out of shared logs and \
             screenshots. RustGIS serves {url} while Let your Agents Control RustGIS is on (or \
             rustgis-relay --http runs).",
            token_file.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `claude mcp add --transport http …`, as before `--config` existed; when `claude` is not
/// installed, says so, prints the command and fails.
fn claude_mcp_add(name: &str, url: &str, token: &str, token_file: &Path) -> anyhow::Result<ExitCode> {
    let header = format!("Authorization: Bearer {token}");
    let claude_args = ["mcp", "add", "--transport", "http", name, url, "--header", header.as_str()];
    match Command::new("claude").args(claude_args).status() {
        Ok(status) if status.success() => {
            eprintln!(
                "rustgis-cli: registered {name} with Claude Code ({url}); it works while Let your Agents \
                 Control RustGIS is on. The token from {} is now in Claude Code's configuration.",
                token_file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Ok(status) => anyhow::bail!("claude mcp add failed ({status}); nothing was registered"),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "rustgis-cli: Claude Code's `claude` command is not installed (not on PATH); once it is, \
                 run this (it holds the token from {}):",
                token_file.display()
            );
            let command: Vec<String> = std::iter::once("claude").chain(claude_args).map(shell_quote).collect();
            writeln!(std::io::stdout(), "{}", command.join(" "))?;
            Ok(ExitCode::FAILURE)
        }
        Err(e) => Err(e).context("cannot run claude"),
    }
}

/// `claude mcp remove NAME`, which finds the entry in whichever scope `claude mcp add` put it.
/// `None` when `claude` is not installed: then the user file is edited instead.
fn claude_mcp_remove(name: &str) -> anyhow::Result<Option<ExitCode>> {
    match Command::new("claude").args(["mcp", "remove", name]).status() {
        Ok(status) if status.success() => {
            eprintln!("rustgis-cli: removed {name} from Claude Code (claude mcp remove)");
            Ok(Some(ExitCode::SUCCESS))
        }
        Ok(status) => {
            eprintln!(
                "rustgis-cli: claude mcp remove {name} failed ({status}): Claude Code may have no entry of that name"
            );
            Ok(Some(ExitCode::FAILURE))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).context("cannot run claude"),
    }
}

fn holds_token(server: &Server) -> bool {
    matches!(server, Server::Http { .. })
}

fn after_writing(client: Client, server: &Server) {
    match server {
        Server::Http { url, token_file, .. } => {
            eprintln!(
                "rustgis-cli: it reaches {url} while Let your Agents Control RustGIS is on (or rustgis-relay \
                 --http runs)."
            );
            warn_token(token_file);
        }
        Server::Program { args, .. } if args.iter().any(|arg| arg == "--attach") => {
            eprintln!("rustgis-cli: it attaches to the open app while Let your Agents Control RustGIS is on.");
        }
        Server::Program { .. } => {}
    }
    if matches!(client, Client::ClaudeDesktop | Client::Cursor | Client::Vscode) {
        eprintln!(
            "rustgis-cli: {} reads the file when it starts: restart it (or reload its MCP servers).",
            client_name(client)
        );
    }
}

fn warn_token(token_file: &Path) {
    eprintln!(
        "rustgis-cli: the entry holds the token from {}: keep it out of shared logs and screenshots; \
         delete that file to make a new token (then register again).",
        token_file.display()
    );
}

/// What changed between the stale entry and the new one, one phrase per key; tokens are never
/// shown, only that the header held another one.
fn describe_changes(old: &Json, new: &Json, server: &Server) -> Vec<String> {
    let empty = serde_json::Map::new();
    let (old, new) = (old.as_object().unwrap_or(&empty), new.as_object().unwrap_or(&empty));
    let mut changes = Vec::new();
    for (key, value) in new {
        match old.get(key) {
            Some(before) if before == value => {}
            Some(_) if key.contains("headers") => changes.push(match server {
                Server::Http { token_file, .. } => {
                    format!("{key} held another token; now the one in {}", token_file.display())
                }
                Server::Program { .. } => format!("{key} changed"),
            }),
            Some(before) => changes.push(format!("{key} was {before}, now {value}")),
            None => changes.push(format!("{key} added: {}", shown(key, value))),
        }
    }
    for (key, before) in old {
        if !new.contains_key(key) {
            changes.push(format!("{key} removed (was {})", shown(key, before)));
        }
    }
    changes
}

/// A value for a message, unless it may hold a token.
fn shown(key: &str, value: &Json) -> String {
    if key.contains("headers") || key.contains("token") || key == "env" { "…".to_owned() } else { value.to_string() }
}

fn client_name(client: Client) -> &'static str {
    match client {
        Client::Claude => "Claude Code",
        Client::Codex => "Codex",
        Client::Cursor => "Cursor",
        Client::Vscode => "VS Code",
        Client::ClaudeDesktop => "Claude Desktop",
        Client::Opencode => "OpenCode",
    }
}

/// A word quoted for POSIX shells when it needs it.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:@=,+".contains(c));
    if plain { word.to_owned() } else { format!("'{}'", word.replace('\'', r"'\''")) }
}
