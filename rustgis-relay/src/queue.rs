//! The queue: agents' calls wait here for the host's frame, and run one at a time on its
//! session. Waits end as the relay requirements say (-32001 full, -32002 timed out, -32003
//! outcome unknown, -32004 busy app), and a screen snapshot stops the queue until answered.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rmcp::model::CallToolResult;
use rustgis_core::Session;
use rustgis_mcp::{HostError, ScreenImage};
use serde_json::json;
use tokio::sync::oneshot;

use crate::shared::{Conn, Queued, Shared, Ticket, Work, stopped_error};

/// JSON-RPC error: the queue is full (the app is busy; try again).
pub const QUEUE_FULL: i32 = -32001;
/// JSON-RPC error: the request waited its whole wait and was cancelled; it never ran.
pub const TIMED_OUT: i32 = -32002;
/// JSON-RPC error: the request was running past one more interval; its outcome is unknown.
pub const OUTCOME_UNKNOWN: i32 = -32003;
/// JSON-RPC error: the app drew no frame since the request was queued; it never ran.
pub const APP_BUSY: i32 = -32004;

/// What one frame did.
#[derive(Debug, Default)]
#[must_use = "a screen request must be answered (or dropped) before the relay runs anything else"]
pub struct FrameReport {
    /// How many queued calls ran on the session.
    pub ran: usize,
    /// A `snapshot {mode: "screen"}` for the host to take: the relay runs nothing else until it
    /// is answered or dropped.
    pub screen: Option<ScreenRequest>,
}

/// An agent's request for the map as the window shows it. Answer it with the picture; dropping
/// it unanswered tells the agent the app did not take one.
pub struct ScreenRequest {
    shared: Arc<Shared>,
    reply: Option<oneshot::Sender<std::result::Result<ScreenImage, HostError>>>,
}

impl std::fmt::Debug for ScreenRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScreenRequest").finish_non_exhaustive()
    }
}

impl ScreenRequest {
    /// Hands the picture (or why there is none) to the agent; the relay then goes on.
    pub fn answer(mut self, picture: std::result::Result<ScreenImage, String>) {
        if let Some(reply) = self.reply.take()
            && reply.send(picture.map_err(HostError::internal)).is_err()
        {
            tracing::debug!("the screen snapshot's client stopped waiting; the picture is discarded");
        }
    }
}

impl Drop for ScreenRequest {
    fn drop(&mut self) {
        if let Some(reply) = self.reply.take()
            && reply.send(Err(HostError::internal("the app did not take the picture"))).is_err()
        {
            tracing::debug!("the screen snapshot's client stopped waiting");
        }
        self.shared.state.lock().screen_out = false;
        self.shared.wake();
    }
}

impl Shared {
    /// Queues work for the host's frame, or refuses it: -32001 when the queue is full.
    pub(crate) fn enqueue(&self, conn: &Arc<Conn>, work: Work) -> std::result::Result<Ticket, HostError> {
        if self.is_stopped() {
            return Err(stopped_error());
        }
        self.number_agent(conn);
        let ticket = {
            let mut state = self.state.lock();
            if state.queue.len() >= self.limits.queue_cap {
                return Err(HostError {
                    code: QUEUE_FULL,
                    message: format!(
                        "RustGIS is busy: {} requests already wait for the app; try again",
                        self.limits.queue_cap
                    ),
                });
            }
            state.next_ticket += 1;
            let ticket = Ticket {
                id: state.next_ticket,
                queued_at: Instant::now(),
                frames_at: self.frames.load(Ordering::SeqCst),
            };
            state.queue.push_back(Queued { ticket: ticket.id, conn: conn.clone(), work });
            ticket
        };
        self.wake();
        Ok(ticket)
    }

    /// Waits for a queued call's reply within the connection's wait: cancelled unrun with -32002
    /// when still queued at the end of it, -32004 at once when the app drew no frame for
    /// `busy_after`, -32003 when it was running one more interval later. Checks for a stopped
    /// relay every `poll`.
    pub(crate) async fn wait_for<T>(
        &self,
        ticket: Ticket,
        mut reply: oneshot::Receiver<T>,
        wait: Duration,
    ) -> std::result::Result<T, HostError> {
        let mut tick = tokio::time::interval(self.limits.poll);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let busy_after = self.limits.busy_after;
        loop {
            tokio::select! {
                biased;
                answer = &mut reply => return answer.map_err(|_| stopped_error()),
                _ = tick.tick() => {}
            }
            if self.is_stopped() {
                self.state.lock().queue.retain(|q| q.ticket != ticket.id);
                return Err(stopped_error());
            }
            let elapsed = ticket.queued_at.elapsed();
            let mut state = self.state.lock();
            match state.queue.iter().position(|q| q.ticket == ticket.id) {
                Some(pos) => {
                    let stalled = self.frames.load(Ordering::SeqCst) == ticket.frames_at;
                    if stalled && elapsed >= busy_after && busy_after <= wait {
                        state.queue.remove(pos);
                        return Err(HostError {
                            code: APP_BUSY,
                            message: format!(
                                "RustGIS is busy: the app has drawn nothing for {} s (a dialog may be open, a long tool \
                                 running, or the window minimized); the request was cancelled and never ran, try again",
                                busy_after.as_secs_f64()
                            ),
                        });
                    }
                    if elapsed >= wait {
                        state.queue.remove(pos);
                        return Err(HostError {
                            code: TIMED_OUT,
                            message: format!(
                                "the request waited {} s for the app and was cancelled; it never ran (attach with a \
                                 longer --timeout to wait longer)",
                                wait.as_secs_f64()
                            ),
                        });
                    }
                }
                None => {
                    drop(state);
                    if elapsed >= wait.saturating_mul(2) {
                        return match reply.try_recv() {
                            Ok(answer) => Ok(answer),
                            Err(_) => Err(HostError {
                                code: OUTCOME_UNKNOWN,
                                message: format!(
                                    "the request was still running after {} s; its outcome is unknown (it may still \
                                     complete: check the project before trying again)",
                                    wait.saturating_mul(2).as_secs_f64()
                                ),
                            }),
                        };
                    }
                }
            }
        }
    }

    pub(crate) fn run_frame(self: &Arc<Self>, session: &mut Session) -> FrameReport {
        self.frames.fetch_add(1, Ordering::SeqCst);
        let mut report = FrameReport::default();
        let last = self.state.lock().next_ticket;
        loop {
            let item = {
                let mut state = self.state.lock();
                if state.screen_out || self.is_stopped() {
                    break;
                }
                match state.queue.front() {
                    Some(q) if q.ticket <= last => {}
                    _ => break,
                }
                let item = state.queue.pop_front().expect("checked that the queue has a front");
                if matches!(item.work, Work::Screen(_)) {
                    state.screen_out = true;
                }
                item
            };
            match item.work {
                Work::Job(job, reply) => {
                    let caller = self.caller_for(&item.conn);
                    let result = catch_unwind(AssertUnwindSafe(|| job(session, &caller))).unwrap_or_else(|_| {
                        rustgis_mcp_error(
                            "internal",
                            "the tool failed inside the app (a panic); the project is unchanged",
                        )
                    });
                    report.ran += 1;
                    if reply.send(result).is_err() {
                        tracing::debug!("a late reply is discarded: its client stopped waiting");
                    }
                }
                Work::Screen(reply) => {
                    report.screen = Some(ScreenRequest { shared: self.clone(), reply: Some(reply) });
                    break;
                }
            }
        }
        // The user's changes since the last frame and this frame's calls, told at once.
        self.project.publish(session);
        report
    }
}

fn rustgis_mcp_error(code: &str, message: &str) -> CallToolResult {
    let mut result = CallToolResult::structured_error(json!({ "error": message, "code": code }));
    result.content = vec![rmcp::model::ContentBlock::text(message)];
    result
}
