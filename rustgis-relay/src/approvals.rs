//! The approval queue of reviewed grants, as data: a gated call waiting for the host's decision
//! ([`Approval`], what the host shows) and what the relay keeps to answer it. The waiting itself
//! is the connection's (`connection/router.rs`); deciding is the grants' (`grants.rs`).

use std::time::SystemTime;

use serde_json::Value as Json;
use tokio::sync::oneshot;

/// A gated tool call from a reviewed grant, waiting for the host's decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Approval {
    /// Pass to [`Relay::approve`] or [`Relay::deny`].
    pub id: u64,
    /// The grant it came through.
    pub grant: u64,
    /// The agent (`agent 2`).
    pub agent: String,
    /// The tool.
    pub tool: String,
    /// The arguments, exactly as sent.
    pub args: Json,
    /// The exact JSON-RPC message the agent sent.
    pub message: String,
    /// Whether it came in a batch.
    pub batch: bool,
    /// When it arrived.
    pub at: SystemTime,
}

pub(crate) struct PendingApproval {
    pub info: Approval,
    /// The connection it came on.
    pub conn: u64,
    pub decide: oneshot::Sender<bool>,
}
