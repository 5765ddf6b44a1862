//! Refusals a person could lift by saying yes, and the one-time grants a yes gives.
//!
//! Some refusals stand only because the human has not said yes: replacing a file that exists
//! (`overwrite` not set), and reading or writing a file outside the caller's roots (or writing
//! below a read-only root). Such a refusal carries an [`Ask`]: one precise question (which file,
//! what would be done to it) and the [`OneTimeGrant`] a yes gives. A host that can ask its human
//! (MCP elicitation) asks, and on an explicit yes runs the same call once more as
//! [`Caller::with_grant`](super::Caller::with_grant): the grant covers that file for that call,
//! nothing else. Code (scripts, plugins, models), the lack of file access itself, the user's
//! project and host commands are never askable: their refusals carry no [`Ask`].
//!
//! The grant names the file resolved (`..` and symbolic links followed), so a yes to one file
//! never covers another that a link or a `..` would reach instead.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::roots::{FileUse, resolve};

/// A permission for one file, given by a person's yes to an [`Ask`], for one call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OneTimeGrant {
    /// Replace this file, which exists (as `"overwrite": true` would, for this file only).
    Replace {
        /// The file, resolved.
        path: PathBuf,
    },
    /// Read (or write) this file although it is outside the caller's roots, or below a
    /// read-only root.
    File {
        /// The file, resolved.
        path: PathBuf,
        /// What may be done to it.
        usage: FileUse,
    },
    /// Let a web layer's tiles come from this host, which is not public and not in
    /// `network.allow`: the layer is added, and the host is let through while this host runs
    /// (not written to the settings).
    Host {
        /// `host:port`, as `network.allow` names it.
        host_port: String,
    },
}

impl OneTimeGrant {
    /// A grant to replace `path` (resolved now).
    pub fn replace(path: &Path) -> OneTimeGrant {
        OneTimeGrant::Replace { path: settled(path) }
    }

    /// A grant to use `path` (resolved now) for `usage`, outside the roots.
    pub fn file(path: &Path, usage: FileUse) -> OneTimeGrant {
        OneTimeGrant::File { path: settled(path), usage }
    }

    /// The file it covers; `None` for a host.
    pub fn path(&self) -> Option<&Path> {
        match self {
            OneTimeGrant::Replace { path } | OneTimeGrant::File { path, .. } => Some(path),
            OneTimeGrant::Host { .. } => None,
        }
    }

    /// What it covers, in words: `replacing /data/out.geojson, once; nothing else`.
    pub fn covers(&self) -> String {
        let (verb, path) = match self {
            OneTimeGrant::Replace { path } => ("replacing", path),
            OneTimeGrant::File { path, usage: FileUse::Read } => ("reading", path),
            OneTimeGrant::File { path, usage: FileUse::Write } => ("writing", path),
            OneTimeGrant::Host { host_port } => {
                return format!(
                    "adding this web layer and fetching its tiles from {host_port} while RustGIS runs; no other host, \
                     and network.allow in the settings is not changed"
                );
            }
        };
        format!("{verb} {} in this one call; no other file, and not the next call", path.display())
    }
}

/// The question a refusal lets a host ask its human, and what a yes grants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ask {
    /// The command that was refused.
    pub command: String,
    /// One question, naming the file and what would be done to it.
    pub question: String,
    /// What a yes grants, for this one call.
    pub grant: OneTimeGrant,
}

impl Ask {
    /// The question for `command` replacing `path`, which exists.
    pub fn replace(command: &str, path: &Path) -> Ask {
        // The question names the path the grant resolved, so it names exactly the file it covers.
        let grant = OneTimeGrant::replace(path);
        let question = format!(
            "The agent's {command} would replace {}, which already exists. Replace this file (this once)?",
            grant.path().unwrap_or(path).display()
        );
        Ask { command: command.to_owned(), question, grant }
    }

    /// The question for `command` using `resolved` for `usage` outside the folders it may use:
    /// `why` says where they are (`the folders this server may use are /home/me/gis (read-write)`).
    pub(crate) fn outside_roots(command: &str, resolved: &Path, usage: FileUse, why: &str) -> Ask {
        let verb = match usage {
            FileUse::Read => "read",
            FileUse::Write => "write",
        };
        let grant = OneTimeGrant::file(resolved, usage);
        let question = format!(
            "The agent's {command} wants to {verb} {}, {why}. Allow it to {verb} this one file (this once)?",
            grant.path().unwrap_or(resolved).display()
        );
        Ask { command: command.to_owned(), question, grant }
    }

    /// The question for `command` adding a web layer on `host_port`, which the network guard
    /// refuses (`why`: the address and its class, such as `127.0.0.1 is a loopback address`).
    pub fn network_host(command: &str, host_port: &str, why: &str) -> Ask {
        let question = format!(
            "The agent's {command} wants a web layer whose tiles come from {host_port}: {why}, and network.allow in \
             the settings does not name it. Let RustGIS fetch from {host_port} while it runs?"
        );
        Ask { command: command.to_owned(), question, grant: OneTimeGrant::Host { host_port: host_port.to_owned() } }
    }
}

/// The one-time grants a caller holds for one call: empty for every caller until a host adds
/// one with [`Caller::with_grant`](super::Caller::with_grant).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Grants(Vec<OneTimeGrant>);

impl Grants {
    /// These grants and `grant`.
    pub(crate) fn and(mut self, grant: OneTimeGrant) -> Grants {
        if !self.0.contains(&grant) {
            self.0.push(grant);
        }
        self
    }

    /// Whether they let `path` (as a command would open it) be replaced.
    pub fn may_replace(&self, path: &Path) -> bool {
        if self.0.is_empty() {
            return false;
        }
        let path = settled(path);
        self.0.iter().any(|g| matches!(g, OneTimeGrant::Replace { path: granted } if *granted == path))
    }

    /// Whether they let `resolved` be used for `usage` outside the roots.
    pub(crate) fn may_use(&self, resolved: &Path, usage: FileUse) -> bool {
        self.0.iter().any(|g| matches!(g, OneTimeGrant::File { path, usage: u } if path == resolved && *u == usage))
    }

    /// Whether they let web layers fetch from `host_port` (a person's yes to that host).
    pub fn may_fetch(&self, host_port: &str) -> bool {
        self.0.iter().any(|g| matches!(g, OneTimeGrant::Host { host_port: granted } if granted == host_port))
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `path` absolute and resolved (`..` and links followed) when it can be; else absolute as given.
fn settled(path: &Path) -> PathBuf {
    let absolute = if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir().map_or_else(|_| path.to_owned(), |cwd| cwd.join(path))
    };
    resolve(&absolute).unwrap_or(absolute)
}
