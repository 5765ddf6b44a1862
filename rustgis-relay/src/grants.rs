//! Grants: run-scoped tokens for agents the host starts, each with its own file and network
//! permission (and, when reviewed, the host's approval); checking an attach token against the
//! relay's own and every grant's; revoking; the host's approve and deny.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustgis_core::Roots;
use tokio::sync::watch;

use crate::error::{Error, Result};
use crate::private::{self, Token};
use crate::shared::{Credential, GrantEntry, Shared};

/// A run-scoped token: a connection that attaches with it has the grant's permission.
/// Dropping the grant removes its file, forgets the token and closes its connections.
pub struct Grant {
    shared: Arc<Shared>,
    id: u64,
    file: PathBuf,
}

impl std::fmt::Debug for Grant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grant").field("id", &self.id).field("file", &self.file).finish()
    }
}

impl Grant {
    /// The grant's number in this relay run.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The token file (`{port}-{run}-{n}.token`), for `--token-file`.
    pub fn token_file(&self) -> &Path {
        &self.file
    }

    /// The command an agent runs to attach with this grant.
    pub fn attach_command(&self) -> Vec<String> {
        vec![
            "rustgis-cli".into(),
            "mcp".into(),
            "--attach".into(),
            self.shared.addr.port().to_string(),
            "--token-file".into(),
            self.file.display().to_string(),
        ]
    }
}

impl Drop for Grant {
    fn drop(&mut self) {
        self.shared.revoke(self.id);
    }
}

impl Shared {
    pub(crate) fn grant(self: Arc<Self>, access: bool, review: Option<bool>, roots: &Roots) -> Result<Grant> {
        let roots =
            if roots.is_empty() { self.roots.clone() } else { roots.within(&self.roots).map_err(Error::Roots)? };
        let token = Token::generate()?;
        let mut state = self.state.lock();
        if self.is_stopped() {
            return Err(Error::Stopped);
        }
        if let Some(audit) = &self.audit {
            audit.add_secret(&token);
        }
        state.next_grant += 1;
        let id = state.next_grant;
        let file = self.dir.join(format!("{}-{:016x}-{id}.token", self.addr.port(), self.run.0));
        private::write_private(&file, format!("{}\n", token.expose()).as_bytes())?;
        let (closed, _) = watch::channel(false);
        state.grants.insert(id, GrantEntry { token, access, review, roots, file: file.clone(), closed });
        drop(state);
        Ok(Grant { shared: self, id, file })
    }

    pub(crate) fn revoke(&self, id: u64) {
        let mut state = self.state.lock();
        if let Some(entry) = state.grants.remove(&id) {
            if let Err(e) = private::remove_file(&entry.file) {
                tracing::warn!("cannot remove a revoked grant's file: {e:#}");
            }
            entry.closed.send_replace(true);
        }
        // Its waiting approvals are cancelled (their senders dropped), and its queued calls dropped unrun.
        state.approvals.retain(|_, p| p.info.grant != id);
        state.queue.retain(|q| q.conn.grant != Some(id));
        // Its connections count as attached no longer, though they take a moment to answer what
        // waited for approval and close.
        state.conns.retain(|_, conn| conn.grant != Some(id));
        drop(state);
        self.wake();
    }

    pub(crate) fn decide(&self, id: u64, approve: bool) -> Result<()> {
        let pending = self.state.lock().approvals.remove(&id).ok_or(Error::NotWaiting { id })?;
        pending.decide.send(approve).map_err(|_| Error::NotWaiting { id })
    }

    /// Checks an attach token against the relay's own and every grant's, comparing each without
    /// early exit.
    pub(crate) fn credential_for(&self, token: &str) -> Option<Accepted> {
        let state = self.state.lock();
        let mut found = None;
        if self.token.matches(token) {
            found = Some(Accepted {
                credential: Credential::Own,
                grant_access: false,
                review: None,
                roots: self.roots.clone(),
                revoked: None,
            });
        }
        for (id, grant) in &state.grants {
            if grant.token.matches(token) {
                found = Some(Accepted {
                    credential: Credential::Grant(*id),
                    grant_access: grant.access,
                    review: grant.review,
                    roots: grant.roots.clone(),
                    revoked: Some(grant.closed.subscribe()),
                });
            }
        }
        found
    }
}

/// A token the relay accepted.
pub(crate) struct Accepted {
    pub credential: Credential,
    /// A grant's permission.
    pub grant_access: bool,
    /// `Some(auto)` for a reviewed grant.
    pub review: Option<bool>,
    /// The folders its calls' files must lie below (a grant's, else the relay's).
    pub roots: Roots,
    /// A grant's revocation signal.
    pub revoked: Option<watch::Receiver<bool>>,
}
