//! The status bar's messages: each shown for a while and then gone, all kept with their time in
//! the message log (View ▸ Message log). The clock is the window's frame time, handed in, so tests
//! move it instead of sleeping.

use std::collections::VecDeque;
use std::time::{Duration, SystemTime};

/// How long the status bar shows a notice ("saved atlas.rgis").
pub const NOTICE_SHOWN: Duration = Duration::from_secs(10);

/// How long the status bar shows an error: longer than a notice, as it asks the user to act.
pub const ERROR_SHOWN: Duration = Duration::from_secs(30);

/// How many messages the log keeps; the oldest go first.
pub const MESSAGE_LOG: usize = 1000;

/// One message: what it said, whether it was an error, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The text (`saved /home/me/atlas.rgis`, `layer.open failed: …`).
    pub text: String,
    /// Whether it is an error (red).
    pub error: bool,
    /// When it was said: the time of the frame it was said in.
    pub at: SystemTime,
}

impl Message {
    /// The time of day it was said, `HH:MM:SS UTC`.
    pub fn time_of_day(&self) -> String {
        let seconds = self.at.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs()) % 86_400;
        format!("{:02}:{:02}:{:02} UTC", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}

/// The messages said so far and the clock they are timed by.
#[derive(Debug, Clone)]
pub struct Messages {
    /// How long a notice stays in the status bar ([`NOTICE_SHOWN`]).
    pub notice_for: Duration,
    /// How long an error stays in the status bar ([`ERROR_SHOWN`]).
    pub error_for: Duration,
    log: VecDeque<Message>,
    now: SystemTime,
}

impl Messages {
    /// No messages yet, the clock at `now`.
    pub fn new(now: SystemTime) -> Messages {
        Messages { notice_for: NOTICE_SHOWN, error_for: ERROR_SHOWN, log: VecDeque::new(), now }
    }

    /// Moves the clock (each frame, to the frame's time); messages said from now on carry it.
    pub fn set_now(&mut self, now: SystemTime) {
        self.now = now;
    }

    /// Says a notice.
    pub fn notice(&mut self, text: impl Into<String>) {
        self.push(text.into(), false);
    }

    /// Says an error (red).
    pub fn error(&mut self, text: impl Into<String>) {
        self.push(text.into(), true);
    }

    /// Says `text`, an error when `error`.
    pub fn push(&mut self, text: String, error: bool) {
        if self.log.len() == MESSAGE_LOG {
            self.log.pop_front();
        }
        self.log.push_back(Message { text, error, at: self.now });
    }

    /// The newest message, shown or not.
    pub fn last(&self) -> Option<&Message> {
        self.log.back()
    }

    /// The message the status bar shows now: the newest, until its time is up.
    pub fn current(&self) -> Option<&Message> {
        self.last().filter(|message| self.left(message).is_some())
    }

    /// How long until the status bar's message goes, so the window draws a frame then and none
    /// before; `None` when none is shown.
    pub fn changes_in(&self) -> Option<Duration> {
        self.last().and_then(|message| self.left(message))
    }

    /// Every message kept, oldest first.
    pub fn log(&self) -> impl DoubleEndedIterator<Item = &Message> + ExactSizeIterator {
        self.log.iter()
    }

    /// How long `message` has left in the status bar; `None` once its time is up.
    fn left(&self, message: &Message) -> Option<Duration> {
        let shown_for = if message.error { self.error_for } else { self.notice_for };
        match self.now.duration_since(message.at) {
            Ok(age) => shown_for.checked_sub(age).filter(|left| !left.is_zero()),
            // The clock went back: keep it shown for its whole time.
            Err(_) => Some(shown_for),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, SystemTime};

    use super::{MESSAGE_LOG, Messages};

    #[test]
    fn a_notice_goes_after_its_time_and_an_error_stays_longer() {
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let mut messages = Messages::new(start);
        messages.notice("saved");
        messages.set_now(start + Duration::from_secs(9));
        assert_eq!(messages.current().map(|m| m.text.as_str()), Some("saved"));
        assert_eq!(messages.changes_in(), Some(Duration::from_secs(1)));
        messages.set_now(start + Duration::from_secs(10));
        assert!(messages.current().is_none(), "a notice goes after 10 s");
        messages.error("cannot read");
        messages.set_now(start + Duration::from_secs(10 + 29));
        assert_eq!(messages.current().map(|m| (m.text.as_str(), m.error)), Some(("cannot read", true)));
        messages.set_now(start + Duration::from_secs(10 + 30));
        assert!(messages.current().is_none() && messages.changes_in().is_none(), "an error goes after 30 s");
        assert_eq!(messages.log().len(), 2, "both stay in the log");
    }

    #[test]
    fn the_log_keeps_the_newest_thousand_messages_with_their_time() {
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(3600 + 120 + 5);
        let mut messages = Messages::new(start);
        for n in 0..=MESSAGE_LOG {
            messages.notice(format!("message {n}"));
        }
        assert_eq!(messages.log().len(), MESSAGE_LOG);
        let oldest = messages.log().next().expect("a message");
        assert_eq!((oldest.text.as_str(), oldest.time_of_day().as_str()), ("message 1", "01:02:05 UTC"));
    }
}
