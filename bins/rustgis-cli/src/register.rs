//! `rustgis-cli mcp-register`: registers MCP over HTTP with an agent (`--client claude` runs
//! `claude mcp add --transport http …`), or prints the configuration any HTTP client takes.
//! Either way the token leaves its file, and the messages say so.

use std::io::Write;
use std::process::{Command, ExitCode};

use anyhow::Context;
use rustgis_relay::{default_settings_dir, http_port_from_env, http_token};
use serde_json::json;

/// Arguments of `rustgis-cli mcp-register`.
#[derive(Debug, clap::Args)]
pub(crate) struct RegisterArgs {
    /// Register with this client by running its own command; without it, print the
    /// configuration for any HTTP client.
    #[arg(long, value_enum)]
    client: Option<Client>,
    /// The registration's name.
    #[arg(long, default_value = "rustgis-live")]
    name: String,
    /// The port of MCP over HTTP (default: RUSTGIS_MCP_HTTP_PORT, else 8768).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    port: Option<u16>,
}

/// Clients `mcp-register` can register with.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Client {
    /// Claude Code (`claude mcp add --transport http …`).
    Claude,
}

/// Reads (or makes, once) the token in the settings folder, then registers or prints.
pub(crate) fn run(args: RegisterArgs) -> anyhow::Result<ExitCode> {
    let port = match args.port {
        Some(port) => port,
        None => http_port_from_env()?,
    };
    let settings = default_settings_dir().context("this system has no settings folder for mcp-http.token")?;
    let (token, token_file) = http_token(&settings)?;
    let url = format!("http://127.0.0.1:{port}/mcp");
    let header = format!("Authorization: Bearer {}", token.expose());
    match args.client {
        None => {
            let config = json!({
                "mcpServers": {
                    args.name.as_str(): { "type": "http", "url": url, "headers": { "Authorization": format!("Bearer {}", token.expose()) } }
                }
            });
            writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&config)?)?;
            eprintln!(
                "rustgis-cli: this configuration holds the token from {}: keep it out of shared logs and \
                 screenshots. RustGIS serves {url} while Let your Agents Control RustGIS is on (or \
                 rustgis-relay --http runs).",
                token_file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Client::Claude) => {
            let claude_args =
                ["mcp", "add", "--transport", "http", args.name.as_str(), url.as_str(), "--header", header.as_str()];
            match Command::new("claude").args(claude_args).status() {
                Ok(status) if status.success() => {
                    eprintln!(
                        "rustgis-cli: registered {} with Claude Code ({url}); it works while Let your Agents \
                         Control RustGIS is on. The token from {} is now in Claude Code's configuration.",
                        args.name,
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
    }
}

/// A word quoted for POSIX shells when it needs it.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:@=,+".contains(c));
    if plain { word.to_owned() } else { format!("'{}'", word.replace('\'', r"'\''")) }
}
