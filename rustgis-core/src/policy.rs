//! Who is calling, what a command needs, and the refusal policy that decides between them.
//!
//! The rules (the MCP documentation, "What the agent may do"):
//! - reading or writing files, the network, a plugin's command and opening a project from text
//!   need file and network access (`--yes`, the app's setting, or a grant's permission);
//! - code (scripts, tasks, models, plugin management, the GeoLibre runner) is refused to agents
//!   unless Full access is on and the agent attached with the relay's own token;
//! - an attached caller may not replace the project the user has open, whatever its access;
//! - a caller with roots reads and writes files only below them ([`roots`]), and runs no
//!   program (code, a plugin's command), which roots could not hold.

use std::fmt;

use serde::{Deserialize, Serialize};

pub(crate) mod ask;
pub(crate) mod roots;

pub use ask::{Ask, Grants, OneTimeGrant};
pub use roots::{FileUse, Root, Roots};

/// A relay run's id: random per run, so an agent of an earlier run is never taken for one of
/// this run even when their numbers match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RunId(pub u64);

/// Who a step in the undo history belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Actor {
    /// The person at the keyboard (the desktop app, `rustgis-cli run`).
    User,
    /// The agent of a private MCP server (the project is its own).
    PrivateAgent,
    /// Agent number `n` of relay run `run`, numbered in the order agents first call.
    Agent {
        /// The relay run.
        run: RunId,
        /// 1, 2, 3… per run.
        n: u32,
    },
    /// The file bridge.
    FileBridge,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::User => f.write_str("user"),
            Actor::PrivateAgent => f.write_str("agent"),
            Actor::Agent { n, .. } => write!(f, "agent {n}"),
            Actor::FileBridge => f.write_str("file bridge"),
        }
    }
}

/// What a command needs beyond working on the project in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Access {
    /// Reads files.
    pub reads_files: bool,
    /// Writes files.
    pub writes_files: bool,
    /// Connects to the network.
    pub network: bool,
    /// Runs a plugin's command.
    pub plugin_command: bool,
    /// Runs code: scripts, tasks, models, plugin management, the GeoLibre runner.
    pub code: bool,
    /// Replaces the whole project.
    pub replaces_project: bool,
    /// Opens a project from text (which can name files and web layers).
    pub project_from_text: bool,
    /// A host command (`ui.mcpRelay`): the host that runs the session runs it, never an agent or
    /// a script, whatever its access.
    pub host: bool,
}

impl Access {
    /// Needs nothing: works on the project in memory.
    pub const NONE: Access = Access {
        reads_files: false,
        writes_files: false,
        network: false,
        plugin_command: false,
        code: false,
        replaces_project: false,
        project_from_text: false,
        host: false,
    };
    /// Reads files.
    pub const READS_FILES: Access = Access { reads_files: true, ..Access::NONE };
    /// Writes files.
    pub const WRITES_FILES: Access = Access { writes_files: true, ..Access::NONE };
    /// Connects to the network.
    pub const NETWORK: Access = Access { network: true, ..Access::NONE };
    /// Runs code.
    pub const CODE: Access = Access { code: true, ..Access::NONE };
    /// Replaces the project.
    pub const REPLACES_PROJECT: Access = Access { replaces_project: true, ..Access::NONE };
    /// A host command: only the host runs it.
    pub const HOST: Access = Access { host: true, ..Access::NONE };

    /// Both sets of needs.
    pub const fn and(self, other: Access) -> Access {
        Access {
            reads_files: self.reads_files || other.reads_files,
            writes_files: self.writes_files || other.writes_files,
            network: self.network || other.network,
            plugin_command: self.plugin_command || other.plugin_command,
            code: self.code || other.code,
            replaces_project: self.replaces_project || other.replaces_project,
            project_from_text: self.project_from_text || other.project_from_text,
            host: self.host || other.host,
        }
    }

    /// Whether a person's answer may lift a refusal of a command needing this (an overwrite, a
    /// file outside the roots, which layer was meant): never for code (scripts, models, a
    /// plugin's command) or a host command, whatever the answer would be.
    pub fn may_be_asked(&self) -> bool {
        !(self.code || self.plugin_command || self.host)
    }

    /// Whether the command needs file and network access (`--yes`).
    pub fn needs_files_or_network(&self) -> bool {
        self.reads_files || self.writes_files || self.network || self.plugin_command || self.project_from_text
    }

    /// Short names of what is needed, for the catalogue (`reads files`, `network`…).
    pub fn labels(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.reads_files {
            out.push("reads files");
        }
        if self.writes_files {
            out.push("writes files");
        }
        if self.network {
            out.push("network");
        }
        if self.plugin_command {
            out.push("plugin command");
        }
        if self.code {
            out.push("code");
        }
        if self.replaces_project {
            out.push("replaces the project");
        }
        if self.project_from_text {
            out.push("project from text");
        }
        if self.host {
            out.push("host command");
        }
        out
    }

    /// The first thing needed that file/network access gates, as a verb phrase.
    fn gated_phrase(&self) -> &'static str {
        if self.project_from_text {
            "opens a project from text, which can name files and web layers"
        } else if self.reads_files && self.writes_files {
            "reads and writes files"
        } else if self.reads_files {
            "reads files"
        } else if self.writes_files {
            "writes files"
        } else if self.network {
            "uses the network"
        } else {
            "runs a plugin's command"
        }
    }
}

/// How a caller reached the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallerKind {
    /// The user: everything is allowed.
    User,
    /// The agent of a private MCP server: the project is its own.
    PrivateServer,
    /// An agent attached to the running app (relay, MCP over HTTP, file bridge).
    Attached {
        /// Whether it attached with the relay's own token (not a run-scoped grant).
        own_token: bool,
    },
}

/// A caller: who it is, how it came in and what it may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// Whose steps its commands are.
    pub actor: Actor,
    /// How it reached the session.
    pub kind: CallerKind,
    /// Whether it may read and write files and use the network.
    pub files_and_network: bool,
    /// Whether Full access is on (lifts every refusal for attached callers with the relay's own token).
    pub full_access: bool,
    /// What would grant file and network access, for refusal messages. Core says it in general
    /// terms; a host names its own way (`restart the server with --yes`, a checkbox in the app)
    /// with [`Caller::with_access_hint`].
    pub access_hint: String,
    /// The folders whose files it may use (none: wherever its access allows), set by whoever
    /// started the server: [`Caller::with_roots`].
    pub roots: Roots,
    /// What the human allowed for this one call by answering a question ([`Ask`]): none unless
    /// a host adds one with [`Caller::with_grant`].
    grants: Grants,
}

/// What an attached caller may do, for [`Caller::attached`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallerOptions {
    /// Whether it attached with the relay's own token (not a run-scoped grant).
    pub own_token: bool,
    /// Whether it may read and write files and use the network.
    pub files_and_network: bool,
    /// Whether Full access is on (it applies only with the relay's own token).
    pub full_access: bool,
}

impl Caller {
    /// The user, who may do anything.
    pub fn user() -> Caller {
        Caller {
            actor: Actor::User,
            kind: CallerKind::User,
            files_and_network: true,
            full_access: true,
            access_hint: String::new(),
            roots: Roots::default(),
            grants: Grants::default(),
        }
    }

    /// The agent of a private MCP server, with or without `--yes`.
    pub fn private_agent(yes: bool) -> Caller {
        Caller {
            actor: Actor::PrivateAgent,
            kind: CallerKind::PrivateServer,
            files_and_network: yes,
            full_access: false,
            access_hint: "ask the user to start this server with file and network access".to_owned(),
            roots: Roots::default(),
            grants: Grants::default(),
        }
    }

    /// An attached caller (relay agent, HTTP client or file bridge).
    pub fn attached(actor: Actor, options: CallerOptions) -> Caller {
        let CallerOptions { own_token, files_and_network, full_access } = options;
        Caller {
            actor,
            kind: CallerKind::Attached { own_token },
            files_and_network,
            full_access,
            access_hint: "ask the user to give attached agents file and network access".to_owned(),
            roots: Roots::default(),
            grants: Grants::default(),
        }
    }

    /// The same caller, with a host's words for what would grant file and network access.
    pub fn with_access_hint(self, hint: impl Into<String>) -> Caller {
        Caller { access_hint: hint.into(), ..self }
    }

    /// The same caller, reading and writing files only below `roots` (none: no such limit).
    pub fn with_roots(self, roots: Roots) -> Caller {
        Caller { roots, ..self }
    }

    /// The same caller, also allowed what `grant` covers, for one call: a host adds it when the
    /// human said yes to a refusal's [`Ask`], and runs that call again with it.
    pub fn with_grant(self, grant: OneTimeGrant) -> Caller {
        Caller { grants: self.grants.clone().and(grant), ..self }
    }

    /// What the human allowed for this call (none unless [`Caller::with_grant`]).
    pub fn grants(&self) -> &Grants {
        &self.grants
    }

    /// The one check of a file path: `path` (absolute, as a command resolved `given`) for
    /// `usage` by `command`, against this caller's roots. `Ok` with the path to open (resolved
    /// when there are roots, as given otherwise); else the refusal, `ACCESS_DENIED: …`, which
    /// asks ([`Refusal::ask`]) for a file outside the roots or below a read-only root. A file
    /// the caller's [`Grants`] cover for `usage` passes.
    pub fn check_file(
        &self,
        command: &str,
        given: &str,
        path: &std::path::Path,
        usage: FileUse,
    ) -> Result<std::path::PathBuf, Refusal> {
        self.roots.check(path, usage).or_else(|denied| {
            let resolved = match &denied {
                roots::Denied::Outside { resolved: Some(resolved) } => Some(resolved.clone()),
                roots::Denied::ReadOnly { .. } => roots::resolve(path).ok(),
                roots::Denied::Outside { resolved: None } | roots::Denied::Unresolved(_) => None,
            };
            if let Some(resolved) = &resolved
                && self.grants.may_use(resolved, usage)
            {
                return Ok(resolved.clone());
            }
            let why = match &denied {
                roots::Denied::ReadOnly { root } => {
                    format!("below {}, a folder this server may only read", root.display())
                }
                _ => format!("outside the folders this server may use ({})", self.roots.described()),
            };
            Err(Refusal {
                command: command.to_owned(),
                rule: RefusalRule::OutsideRoots,
                message: self.roots.denial(command, given, usage, &denied),
                ask: resolved.map(|resolved| Box::new(Ask::outside_roots(command, &resolved, usage, &why))),
            })
        })
    }

    /// Whether this caller is attached to the user's open project.
    pub fn is_attached(&self) -> bool {
        matches!(self.kind, CallerKind::Attached { .. })
    }

    /// Whether Full access applies: on, and attached with the relay's own token.
    pub fn has_full_access(&self) -> bool {
        self.full_access && matches!(self.kind, CallerKind::Attached { own_token: true })
    }
}

/// Why a command was refused, and what would allow it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// The command id.
    pub command: String,
    /// Which rule refused it.
    pub rule: RefusalRule,
    /// The whole message: what the command does and what would allow it.
    pub message: String,
    /// The question a host may ask its human instead, when a yes would lift this refusal (a file
    /// outside the roots); `None` for every refusal a person's yes must not lift (code, no file
    /// access, the user's project, host commands).
    #[serde(skip)]
    pub ask: Option<Box<Ask>>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The rule behind a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalRule {
    /// Needs file and network access.
    NeedsAccess,
    /// Runs code, which needs Full access.
    NeedsFullAccess,
    /// Would replace the project the user has open.
    ProjectIsTheUsers,
    /// `edit.undo`/`edit.redo` inside a script.
    UndoInScript,
    /// `job.cancel` of another actor's job by an attached agent.
    OthersJob,
    /// A host command (`ui.mcpRelay`), which only the host runs.
    HostCommand,
    /// A file outside the caller's roots, a write below a read-only root, or a program (code,
    /// a plugin's command) that roots cannot hold: `ACCESS_DENIED`.
    OutsideRoots,
    /// A web layer on a host the network guard refuses (not public, not in `network.allow`).
    NetworkHost,
}

/// What the code rule says, in every refusal it makes.
const CODE_RULE: &str = "runs code: plugin management, scripts, tasks, models and the GeoLibre runner are never run for \
                         agents unless the user turns on Full access, and then only for agents attached to the desktop app \
                         with the relay's own token (or MCP over HTTP, which shares it)";

/// What would let this caller run code, in its own situation.
fn full_access_way(caller: &Caller) -> &'static str {
    match caller.kind {
        CallerKind::Attached { own_token: true } if caller.actor == Actor::FileBridge => {
            "ask the user to tick Full access in the AI Assistant's settings (it applies to the file bridge too)"
        }
        CallerKind::Attached { own_token: true } => {
            "ask the user to tick Full access in the AI Assistant's settings of the desktop app"
        }
        CallerKind::Attached { own_token: false } => {
            "this agent attached with a grant, whose rules never include code, even with Full access on: ask the user to \
             run it, or to attach you with the relay's own token (rustgis-cli mcp --attach) and tick Full access"
        }
        _ => {
            "a private server never runs code, with --yes or without: ask the user to run it, or to attach you to the \
             desktop app with rustgis-cli mcp --attach and tick Full access in the AI Assistant's settings"
        }
    }
}

/// The way to the same end that needs no access, where there is one.
fn no_access_way(access: &Access) -> &'static str {
    if access.reads_files && !access.writes_files && !access.network {
        "; or, for a GeoJSON file you can read yourself, pass its text to layer.addGeoJSON {\"name\": …, \
         \"geojson\": …}, which needs no access"
    } else {
        ""
    }
}

/// The refusal policy: decides, for a command's needs and a caller, whether it runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Policy;

impl Policy {
    /// `Ok` when `caller` may run `command` with needs `access`; otherwise the refusal.
    pub fn check(command: &str, access: &Access, caller: &Caller) -> Result<(), Refusal> {
        if caller.kind == CallerKind::User {
            return Ok(());
        }
        let refuse = |rule, message: String| Err(Refusal { command: command.to_owned(), rule, message, ask: None });
        // Before Full access: no access lets a session run what only its host can.
        if access.host {
            return refuse(
                RefusalRule::HostCommand,
                format!(
                    "{command} is a host command: the host runs it (the desktop app's Help menu or Command Search, or \
                     rustgis-relay's standard input), never an agent or a script, whatever its access; ask the user to \
                     run it"
                ),
            );
        }
        let full = caller.has_full_access();
        if !full && caller.is_attached() && access.replaces_project {
            return refuse(
                RefusalRule::ProjectIsTheUsers,
                format!(
                    "{command} would replace the project open in RustGIS, which is the user's: attached agents work on it \
                     but cannot replace it (whatever their access); ask the user to open another project"
                ),
            );
        }
        if !full && access.code {
            return refuse(RefusalRule::NeedsFullAccess, format!("{command} {CODE_RULE}; {}", full_access_way(caller)));
        }
        if !caller.roots.is_empty() && (access.code || access.plugin_command) {
            return refuse(
                RefusalRule::OutsideRoots,
                format!(
                    "ACCESS_DENIED: {command} runs a program ({}), which could read and write files anywhere: a caller \
                     limited to folders ({}) never runs one, whatever its access; ask the user to run it",
                    if access.code { "code" } else { "a plugin's command" },
                    caller.roots.described()
                ),
            );
        }
        if full {
            return Ok(());
        }
        if access.needs_files_or_network() && !caller.files_and_network {
            return refuse(
                RefusalRule::NeedsAccess,
                format!("{command} {}: {}{}", access.gated_phrase(), caller.access_hint, no_access_way(access)),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent() -> Actor {
        Actor::Agent { run: RunId(7), n: 1 }
    }

    #[test]
    fn file_commands_need_yes_and_the_refusal_names_it() {
        let refusal =
            Policy::check("layer.open", &Access::READS_FILES, &Caller::private_agent(false)).expect_err("no --yes");
        assert_eq!(refusal.rule, RefusalRule::NeedsAccess);
        assert!(
            refusal.message.contains("layer.open reads files") && refusal.message.contains("file and network access"),
            "{}",
            refusal.message
        );
        assert!(Policy::check("layer.open", &Access::READS_FILES, &Caller::private_agent(true)).is_ok());
    }

    #[test]
    fn code_is_refused_to_agents_without_full_access_even_with_yes() {
        for caller in [
            Caller::private_agent(true),
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: true, full_access: false }),
            Caller::attached(agent(), CallerOptions { own_token: false, files_and_network: true, full_access: true }),
        ] {
            let refusal = Policy::check("task.run", &Access::CODE, &caller).expect_err("code needs full access");
            assert_eq!(refusal.rule, RefusalRule::NeedsFullAccess);
            assert!(refusal.message.contains("Full access") && refusal.message.contains("ask the user"), "{refusal}");
        }
    }

    #[test]
    fn full_access_lifts_every_refusal_for_the_relays_own_token_only() {
        let own =
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: false, full_access: true });
        assert!(Policy::check("task.run", &Access::CODE, &own).is_ok());
        assert!(Policy::check("project.open", &Access::REPLACES_PROJECT.and(Access::READS_FILES), &own).is_ok());
        let granted =
            Caller::attached(agent(), CallerOptions { own_token: false, files_and_network: false, full_access: true });
        assert!(Policy::check("layer.open", &Access::READS_FILES, &granted).is_err());
    }

    #[test]
    fn attached_callers_cannot_replace_the_project_whatever_their_access() {
        let caller =
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: true, full_access: false });
        let refusal = Policy::check("project.new", &Access::REPLACES_PROJECT, &caller).expect_err("user's project");
        assert_eq!(refusal.rule, RefusalRule::ProjectIsTheUsers);
        assert!(Policy::check("project.new", &Access::REPLACES_PROJECT, &Caller::private_agent(false)).is_ok());
    }

    #[test]
    fn a_host_command_is_refused_to_agents_as_a_host_command_whatever_their_access() {
        let host_command = Access::HOST;
        for caller in [
            Caller::private_agent(false),
            Caller::private_agent(true),
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: false, full_access: false }),
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: true, full_access: true }),
            Caller::attached(agent(), CallerOptions { own_token: false, files_and_network: true, full_access: false }),
            Caller::attached(Actor::FileBridge, CallerOptions { own_token: true, ..CallerOptions::default() }),
        ] {
            let refusal = Policy::check("ui.mcpRelay", &host_command, &caller).expect_err("only the host runs it");
            assert_eq!(refusal.rule, RefusalRule::HostCommand, "{caller:?}");
            assert!(refusal.message.contains("is a host command"), "{refusal}");
            assert!(!refusal.message.contains("network") && !refusal.message.contains("--yes"), "{refusal}");
        }
        assert!(Policy::check("ui.mcpRelay", &host_command, &Caller::user()).is_ok());
    }

    #[test]
    fn a_caller_with_roots_runs_no_program_even_with_full_access() {
        #[allow(clippy::disallowed_methods, reason = "any existing folder is a root here")]
        let folder = std::env::temp_dir();
        let roots = Roots::new([Root::new(&folder, true).expect("a root")]);
        let own =
            Caller::attached(agent(), CallerOptions { own_token: true, files_and_network: true, full_access: true })
                .with_roots(roots.clone());
        let refusal = Policy::check("task.run", &Access::CODE, &own).expect_err("roots hold no program");
        assert_eq!(refusal.rule, RefusalRule::OutsideRoots);
        assert!(refusal.message.starts_with("ACCESS_DENIED"), "{refusal}");
        let plugin = Access { plugin_command: true, ..Access::NONE };
        assert!(Policy::check("plugin.hello.greet", &plugin, &Caller::private_agent(true).with_roots(roots)).is_err());
        assert!(Policy::check("layer.open", &Access::READS_FILES, &own).is_ok());
    }

    #[test]
    fn the_user_may_run_anything() {
        assert!(Policy::check("task.run", &Access::CODE.and(Access::NETWORK), &Caller::user()).is_ok());
    }
}
