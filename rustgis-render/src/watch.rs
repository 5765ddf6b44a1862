//! [`Watch`]: the caller's cancellation (and run-time limit) seen from inside a render, so a
//! cancelled `view_map` or `map.export` of a huge layer stops within a fraction of a second.

use std::cell::Cell;

use rustgis_core::{NoProgress, Progress};

use crate::error::{Error, Result};

/// How many points (or labels) a render handles between two looks at the caller's flag: about a
/// millisecond of work, so looking costs nothing and a stop is never far away.
const CHECK_EVERY: usize = 16_384;

/// Counts the work a render does and asks the caller, every [`CHECK_EVERY`] units, whether to
/// stop.
pub(crate) struct Watch<'a> {
    progress: &'a dyn Progress,
    /// What is being drawn, for the error (`view_map`, `map.export`).
    what: &'a str,
    work: Cell<usize>,
}

impl<'a> Watch<'a> {
    /// A watch on `progress`; `what` names the call in the cancellation error.
    pub(crate) fn new(progress: &'a dyn Progress, what: &'a str) -> Watch<'a> {
        Watch { progress, what, work: Cell::new(0) }
    }

    /// A watch that never stops (tiles, tests).
    pub(crate) fn none() -> Watch<'static> {
        Watch { progress: &NoProgress, what: "render", work: Cell::new(0) }
    }

    /// Counts `work` units (points, features, labels); an error when the caller has cancelled.
    pub(crate) fn tick(&self, work: usize) -> Result<()> {
        let total = self.work.get().saturating_add(work);
        if total < CHECK_EVERY {
            self.work.set(total);
            return Ok(());
        }
        self.work.set(0);
        if self.progress.is_cancelled() {
            return Err(Error::Core(rustgis_core::Error::Cancelled(self.what.to_owned())));
        }
        Ok(())
    }
}
