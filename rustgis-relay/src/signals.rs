//! The operating system's stop signals (SIGTERM, SIGINT, SIGHUP) as a channel a host's loop
//! selects on, so that `kill`, Ctrl+C and a closed terminal stop agents exactly as `quit` does.
//! signal-hook does the signal-safe part: the handler only wakes its thread.

use crossbeam_channel::Receiver;

use crate::error::{Error, Result};

/// The stop signals, delivered as their names (`"SIGTERM"`) on [`StopSignals::receiver`] while
/// this value lives. Dropping it puts back the default handling.
pub struct StopSignals {
    receiver: Receiver<&'static str>,
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
    #[cfg(unix)]
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for StopSignals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StopSignals").finish_non_exhaustive()
    }
}

impl StopSignals {
    /// Catches SIGTERM, SIGINT and SIGHUP from now on (on Windows: nothing yet, the receiver
    /// never fires).
    pub fn install() -> Result<StopSignals> {
        let (sender, receiver) = crossbeam_channel::bounded(4);
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP]).map_err(Error::Signals)?;
            let handle = signals.handle();
            let thread = std::thread::Builder::new()
                .name("rustgis-stop-signals".to_owned())
                .spawn(move || {
                    for signal in signals.forever() {
                        let name = match signal {
                            SIGTERM => "SIGTERM",
                            SIGINT => "SIGINT",
                            _ => "SIGHUP",
                        };
                        // A full channel already holds a stop: the host is on its way out.
                        if sender.try_send(name).is_err() {
                            tracing::debug!("{name} again while stopping");
                        }
                    }
                })
                .map_err(Error::Signals)?;
            Ok(StopSignals { receiver, handle, thread: Some(thread) })
        }
        #[cfg(not(unix))]
        {
            drop(sender);
            Ok(StopSignals { receiver })
        }
    }

    /// Fires once per signal caught, with its name.
    pub fn receiver(&self) -> &Receiver<&'static str> {
        &self.receiver
    }
}

impl Drop for StopSignals {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            self.handle.close();
            if let Some(thread) = self.thread.take()
                && thread.join().is_err()
            {
                tracing::debug!("the stop-signal thread panicked");
            }
        }
    }
}
