//! The session host one attached connection's MCP server sees: its calls wait in the relay's
//! queue for the app's frame, with the relay's waits, busy detection and cancellation before run.

use std::sync::Arc;

use rmcp::model::CallToolResult;
use rustgis_mcp::{BoxFuture, CallInfo, Host, HostError, Job, ScreenImage};
use tokio::sync::oneshot;

use crate::shared::{Conn, Shared, Work};

/// A connection's host.
pub(crate) struct ConnectionHost {
    pub shared: Arc<Shared>,
    pub conn: Arc<Conn>,
}

impl Host for ConnectionHost {
    fn run(&self, _call: CallInfo, job: Job) -> BoxFuture<Result<CallToolResult, HostError>> {
        let shared = self.shared.clone();
        let conn = self.conn.clone();
        Box::pin(async move {
            let (reply, answer) = oneshot::channel();
            let ticket = shared.enqueue(&conn, Work::Job(job, reply))?;
            shared.wait_for(ticket, answer, shared.wait_of(&conn)).await
        })
    }

    fn screen_snapshot(&self) -> Option<BoxFuture<Result<ScreenImage, HostError>>> {
        if !self.shared.screen {
            return None;
        }
        let shared = self.shared.clone();
        let conn = self.conn.clone();
        Some(Box::pin(async move {
            let (reply, answer) = oneshot::channel();
            let ticket = shared.enqueue(&conn, Work::Screen(reply))?;
            shared.wait_for(ticket, answer, shared.wait_of(&conn)).await?
        }))
    }

    fn attached(&self) -> bool {
        true
    }

    fn files_and_network(&self) -> bool {
        self.shared.files_and_network(&self.conn)
    }

    fn has_window(&self) -> bool {
        self.shared.screen
    }

    fn access_hint(&self) -> String {
        self.shared.access_hint(&self.conn).to_owned()
    }

    fn roots(&self) -> rustgis_core::Roots {
        self.conn.roots.clone()
    }

    fn project_watch(&self) -> Option<rustgis_mcp::ProjectWatch> {
        Some(self.shared.project.clone())
    }
}
