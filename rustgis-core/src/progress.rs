//! Progress reports and cancellation: how a long command (and the geoprocessing under it)
//! tells its caller how far it is, and learns that the caller asked it to stop.

/// Progress reports and cancellation for long commands. The MCP server turns reports into
/// progress notifications and a client's `notifications/cancelled` into `is_cancelled`.
pub trait Progress: Send + Sync {
    /// `fraction` of the work is done (0–1); `message` says what is happening.
    fn report(&self, fraction: f64, message: &str);
    /// Whether the caller asked to stop. Commands check between features.
    fn is_cancelled(&self) -> bool;
    /// Whether a cancelled command should keep what it made so far instead of failing: true for
    /// a job ([`crate::Session::start_job`]), whose `job.cancel` keeps a partial result. A
    /// command that can stop part-way (the vector geoprocessing tools) then finishes with the
    /// features done and says so with [`crate::Ctx::keep_partial`].
    fn keeps_partial(&self) -> bool {
        false
    }
}

/// Progress that goes nowhere and never cancels.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&self, _fraction: f64, _message: &str) {}
    fn is_cancelled(&self) -> bool {
        false
    }
}
