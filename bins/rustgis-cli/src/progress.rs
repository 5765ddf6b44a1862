//! Progress bars on a terminal (indicatif): `rustgis-cli run` and `tiles` draw one on stderr when
//! stderr is a terminal, and nothing at all otherwise, so piped output and logs stay clean.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Steps of a command's 0–1 progress on the bar.
const STEPS: u64 = 1000;

/// A progress bar on stderr, or nothing when stderr is not a terminal.
pub(crate) struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar for a command's progress (0–1 with a message).
    pub(crate) fn for_commands() -> Bar {
        Bar::new(STEPS, "{spinner} [{bar:30}] {percent:>3}%  {elapsed_precise}  {msg}")
    }

    /// A bar counting `total` tiles.
    pub(crate) fn for_tiles(total: u64) -> Bar {
        Bar::new(total, "{spinner} [{bar:30}] {pos}/{len} tiles {percent:>3}%  {elapsed_precise}  {per_sec}")
    }

    fn new(total: u64, template: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        match ProgressStyle::with_template(template) {
            Ok(style) => bar.set_style(style.progress_chars("=> ")),
            Err(e) => tracing::debug!("the progress bar's template is wrong: {e}"),
        }
        bar.enable_steady_tick(Duration::from_millis(120));
        Bar { bar: Some(bar) }
    }

    /// Sets the bar to `done` of its total.
    pub(crate) fn set(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// Removes the bar from the terminal.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl rustgis_core::Progress for Bar {
    fn report(&self, fraction: f64, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position((fraction.clamp(0.0, 1.0) * STEPS as f64) as u64);
            bar.set_message(message.to_owned());
        }
    }

    fn is_cancelled(&self) -> bool {
        false
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}
