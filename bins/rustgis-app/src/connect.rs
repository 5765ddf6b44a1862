//! What an agent needs to connect to the open app, as the AI Assistant settings show it, each
//! with a copy button: the `mcpServers` JSON, `claude mcp add` / `codex mcp add` for POSIX shells
//! and for PowerShell (the executable path quoted literally), the HTTP registration and the file
//! bridge's folder.

use std::path::PathBuf;

use serde_json::json;

/// The shell a command line is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shell {
    /// sh, bash, zsh, fish's POSIX mode: single quotes.
    Posix,
    /// Windows PowerShell and pwsh: single quotes with `''` inside.
    PowerShell,
}

impl Shell {
    /// How the settings label it.
    pub fn label(self) -> &'static str {
        match self {
            Shell::Posix => "POSIX shell",
            Shell::PowerShell => "PowerShell",
        }
    }

    /// `text` as one literal word of this shell: nothing in it is expanded or split.
    pub fn quote(self, text: &str) -> String {
        match self {
            Shell::Posix => format!("'{}'", text.replace('\'', r"'\''")),
            Shell::PowerShell => {
                // PowerShell also takes the typographic single quotes as quotes; doubling each
                // keeps them literal.
                let mut quoted = String::with_capacity(text.len() + 2);
                quoted.push('\'');
                for c in text.chars() {
                    if matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}') {
                        quoted.push(c);
                    }
                    quoted.push(c);
                }
                quoted.push('\'');
                quoted
            }
        }
    }

    /// The start of a line that runs the program at `exe` (PowerShell needs `&` before a quoted
    /// program name).
    pub fn invoke(self, exe: &str) -> String {
        match self {
            Shell::Posix => self.quote(exe),
            Shell::PowerShell => format!("& {}", self.quote(exe)),
        }
    }
}

/// One copyable item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copyable {
    /// What it is for (`Claude Code (POSIX shell)`).
    pub label: String,
    /// The text the copy button copies.
    pub text: String,
}

/// What the settings show an agent needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectInfo {
    /// The `rustgis-cli` executable agents run.
    pub cli: PathBuf,
    /// The relay's port.
    pub port: u16,
    /// The file bridge's folder, while it runs.
    pub bridge_dir: Option<PathBuf>,
}

/// The name agents register the open app under.
pub const SERVER_NAME: &str = "rustgis-app";

impl ConnectInfo {
    /// The `rustgis-cli` beside this program, else the one on `PATH`.
    pub fn default_cli() -> PathBuf {
        let name = format!("rustgis-cli{}", std::env::consts::EXE_SUFFIX);
        std::env::current_exe()
            .ok()
            .map(|exe| exe.with_file_name(&name))
            .filter(|cli| cli.exists())
            .unwrap_or_else(|| PathBuf::from(name))
    }

    /// The arguments after the executable: `mcp --attach [PORT] --yes`.
    pub fn attach_args(&self) -> Vec<String> {
        let mut args = vec!["mcp".to_owned(), "--attach".to_owned()];
        if self.port != rustgis_relay::DEFAULT_PORT {
            args.push(self.port.to_string());
        }
        args.push("--yes".to_owned());
        args
    }

    /// Everything to copy, in the order the settings show it.
    pub fn items(&self) -> Vec<Copyable> {
        let cli = self.cli.display().to_string();
        let args = self.attach_args().join(" ");
        let config = json!({ "mcpServers": { SERVER_NAME: { "command": cli, "args": self.attach_args() } } });
        let mut items = vec![Copyable {
            label: "mcpServers JSON (Claude Desktop, Cursor…)".to_owned(),
            text: serde_json::to_string_pretty(&config).expect("a JSON value prints"),
        }];
        for shell in [Shell::Posix, Shell::PowerShell] {
            for (agent, program) in [("Claude Code", "claude"), ("Codex", "codex")] {
                items.push(Copyable {
                    label: format!("{agent} ({})", shell.label()),
                    text: format!("{program} mcp add {SERVER_NAME} -- {} {args}", shell.quote(&cli)),
                });
            }
        }
        for shell in [Shell::Posix, Shell::PowerShell] {
            items.push(Copyable {
                label: format!("MCP over HTTP for Claude Code ({})", shell.label()),
                text: format!("{} mcp-register --client claude", shell.invoke(&cli)),
            });
        }
        if let Some(dir) = &self.bridge_dir {
            items.push(Copyable { label: "File bridge folder".to_owned(), text: dir.display().to_string() });
        }
        items
    }
}
