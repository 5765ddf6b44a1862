//! Resource limits: how large one value may grow, how much new data one command may make and how
//! long it may run. A command past a limit is refused with a [`LimitError`] (in core's `Error`,
//! `Error::Limit`), which names the limit, and the session stays as it was.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::error::Error;
pub use crate::error::LimitError;
use crate::progress::Progress;

type Result<T> = std::result::Result<T, LimitError>;

impl Error {
    /// The run-time limit's error in place of a cancellation the caller did not ask for (the
    /// `deadline` ran out), else this error.
    pub fn or_run_time_limit(self, deadline: &Deadline<'_>, command: &str) -> Error {
        match (self, deadline.ran_out()) {
            (Error::Cancelled(_), Some(limit)) => LimitError::run_time(command, limit).into(),
            (other, _) => other,
        }
    }
}

/// The limits a session applies to every command. Hosts change them with
/// [`crate::Session::set_limits`]; the defaults suit an interactive session on a laptop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes one value (an expression's text result, one attribute) may hold.
    pub max_value_bytes: usize,
    /// The most bytes of new attribute values one command may make (`field.add` on every
    /// feature, for example).
    pub max_new_data_bytes: usize,
    /// How long one command may run; `None` for no limit. Checked wherever cancellation is.
    pub max_run_time: Option<Duration>,
    /// The most bytes of data the undo history may keep that the project no longer holds
    /// (removed or replaced layers); older steps are forgotten past it (the newest step stays).
    pub max_history_bytes: usize,
}

/// The default of [`Limits::max_value_bytes`]: 1 MiB.
pub const DEFAULT_MAX_VALUE_BYTES: usize = 1 << 20;
/// The default of [`Limits::max_new_data_bytes`]: 1 GiB.
pub const DEFAULT_MAX_NEW_DATA_BYTES: usize = 1 << 30;
/// The default of [`Limits::max_history_bytes`]: 512 MiB.
pub const DEFAULT_MAX_HISTORY_BYTES: usize = 512 << 20;
/// The default of [`Limits::max_run_time`]: 10 minutes, the longest an agent's client waits.
pub const DEFAULT_MAX_RUN_TIME: Duration = Duration::from_secs(600);

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_value_bytes: DEFAULT_MAX_VALUE_BYTES,
            max_new_data_bytes: DEFAULT_MAX_NEW_DATA_BYTES,
            max_run_time: Some(DEFAULT_MAX_RUN_TIME),
            max_history_bytes: DEFAULT_MAX_HISTORY_BYTES,
        }
    }
}

impl Limits {
    /// An error unless `bytes` fit in one value.
    pub fn check_value(&self, bytes: usize, what: &str) -> Result<()> {
        if bytes > self.max_value_bytes {
            return Err(LimitError {
                limit: "max_value_bytes",
                message: format!(
                    "{what} would be {bytes} bytes, more than one value may hold ({} bytes)",
                    self.max_value_bytes
                ),
            });
        }
        Ok(())
    }

    /// An error unless `bytes` of new data fit in one command.
    pub fn check_new_data(&self, bytes: usize, what: &str) -> Result<()> {
        if bytes > self.max_new_data_bytes {
            return Err(LimitError {
                limit: "max_new_data_bytes",
                message: format!(
                    "{what} would make more than {} bytes of new data, the most one command may make",
                    self.max_new_data_bytes
                ),
            });
        }
        Ok(())
    }
}

/// The caller's progress with the run-time limit added: it reports a cancellation once the
/// command has run too long, and `Error::or_run_time_limit` turns that cancellation into the
/// limit's error.
pub struct Deadline<'a> {
    inner: &'a dyn Progress,
    until: Option<Instant>,
    limit: Option<Duration>,
}

impl<'a> Deadline<'a> {
    /// A deadline `limits.max_run_time` from now.
    pub fn new(inner: &'a dyn Progress, limits: &Limits) -> Deadline<'a> {
        let until = limits.max_run_time.and_then(|d| Instant::now().checked_add(d));
        Deadline { inner, until, limit: limits.max_run_time }
    }

    fn passed(&self) -> bool {
        self.until.is_some_and(|until| Instant::now() >= until)
    }

    /// The run-time limit, when it has passed and the caller did not cancel: a cancellation seen
    /// now is the limit's, not the caller's.
    pub fn ran_out(&self) -> Option<Duration> {
        self.limit.filter(|_| self.passed() && !self.inner.is_cancelled())
    }
}

impl Progress for Deadline<'_> {
    fn report(&self, fraction: f64, message: &str) {
        self.inner.report(fraction, message);
    }

    fn is_cancelled(&self) -> bool {
        self.inner.is_cancelled() || self.passed()
    }

    fn keeps_partial(&self) -> bool {
        // Only the caller's own cancellation keeps a partial result; running out of time is an error.
        self.inner.keeps_partial() && self.inner.is_cancelled()
    }
}

thread_local! {
    /// The value limit of the expression being evaluated on this thread (expressions run on
    /// rayon workers, each evaluation on one thread).
    static VALUE_LIMIT: Cell<usize> = const { Cell::new(DEFAULT_MAX_VALUE_BYTES) };
}

/// Sets this thread's value limit while the guard lives.
pub(crate) fn value_limit_scope(limit: usize) -> ValueLimitScope {
    let before = VALUE_LIMIT.with(|cell| cell.replace(limit));
    ValueLimitScope { before }
}

/// This thread's value limit (the default outside an evaluation).
pub(crate) fn value_limit() -> usize {
    VALUE_LIMIT.with(Cell::get)
}

/// Restores the previous value limit when dropped.
pub(crate) struct ValueLimitScope {
    before: usize,
}

impl Drop for ValueLimitScope {
    fn drop(&mut self) {
        VALUE_LIMIT.with(|cell| cell.set(self.before));
    }
}
