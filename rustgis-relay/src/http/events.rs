//! A tool call answered as an event stream (it asked for progress and sent some before its
//! result): the stream is passed on as it comes, and the call is recorded once it ends, from the
//! JSON-RPC reply among its events, or as not answered when the client went away first.

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use hyper::body::{Frame, SizeHint};
use serde_json::Value as Json;

use crate::connection::outcome_of;

/// How a call that ended without its reply is recorded.
pub(super) const NO_REPLY: &str = "the event stream ended before the reply: the client went away, and the call was \
                                   cancelled";

/// Records a call's outcome: `(success, error)`. Runs once.
pub(super) type Recorder = Box<dyn FnOnce(bool, Option<String>) + Send>;

/// The body of an event-stream reply, watched for its JSON-RPC reply.
pub(super) struct Recorded {
    inner: Body,
    events: Events,
    record: Option<Recorder>,
}

impl Recorded {
    pub(super) fn new(inner: Body, record: Recorder) -> Recorded {
        Recorded { inner, events: Events::default(), record: Some(record) }
    }

    fn finish(&mut self) {
        if let Some(record) = self.record.take() {
            let (success, error) = match &self.events.reply {
                Some(reply) => outcome_of(reply),
                None => (false, Some(NO_REPLY.to_owned())),
            };
            record(success, error);
        }
    }
}

impl HttpBody for Recorded {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        match &polled {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    self.events.push(data);
                }
            }
            Poll::Ready(None | Some(Err(_))) => self.finish(),
            Poll::Pending => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Recorded {
    /// A stream dropped before its end (the client closed the connection) is recorded too.
    fn drop(&mut self) {
        self.finish();
    }
}

/// Server-sent events as they arrive: the part of an event not yet ended, and the last JSON-RPC
/// reply (a message with `result` or `error`) among the ended ones.
#[derive(Default)]
pub(super) struct Events {
    pending: Vec<u8>,
    pub(super) reply: Option<Json>,
}

impl Events {
    pub(super) fn push(&mut self, data: &[u8]) {
        self.pending.extend_from_slice(data);
        while let Some((end, gap)) = event_end(&self.pending) {
            let event: Vec<u8> = self.pending.drain(..end + gap).take(end).collect();
            if let Some(message) = event_data(&event)
                && message.get("method").is_none()
                && (message.get("result").is_some() || message.get("error").is_some())
            {
                self.reply = Some(message);
            }
        }
    }
}

/// Where the first event ends: its length and that of the blank line after it (`\n\n`,
/// `\r\n\r\n` or `\r\r`, as the event-stream format allows).
fn event_end(buffer: &[u8]) -> Option<(usize, usize)> {
    let mut at = 0;
    while at < buffer.len() {
        for gap in [&b"\r\n\r\n"[..], b"\n\n", b"\r\r"] {
            if buffer[at..].starts_with(gap) {
                return Some((at, gap.len()));
            }
        }
        at += 1;
    }
    None
}

/// An event's `data:` lines joined, as JSON (other fields, comments and data that is not JSON,
/// such as a priming event's empty data, give nothing).
fn event_data(event: &[u8]) -> Option<Json> {
    let text = std::str::from_utf8(event).ok()?;
    let data: Vec<&str> = text
        .split(['\n', '\r'])
        .filter_map(|line| line.strip_prefix("data:"))
        .map(|value| value.strip_prefix(' ').unwrap_or(value))
        .collect();
    if data.is_empty() {
        return None;
    }
    serde_json::from_str(&data.join("\n")).ok()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn the_reply_is_found_among_progress_events_split_anywhere() {
        let stream = concat!(
            "data: \n\n",
            "id: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":0.5}}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":7,\r\ndata: \"result\":{\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"no such layer\"}]}}\r\n\r\n",
        );
        let mut events = Events::default();
        for chunk in stream.as_bytes().chunks(5) {
            events.push(chunk);
        }
        let reply = events.reply.expect("the reply");
        assert_eq!(outcome_of(&reply), (false, Some("no such layer".to_owned())));
    }

    #[test]
    fn notifications_alone_are_no_reply() {
        let mut events = Events::default();
        events
            .push(b"data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\ndata: {\"id\":");
        assert!(events.reply.is_none());
    }

    #[test]
    fn a_stream_dropped_before_its_reply_is_recorded_as_not_answered() {
        let seen = Arc::new(parking_lot::Mutex::new(None));
        let slot = seen.clone();
        let body =
            Recorded::new(Body::from("data: {}\n\n"), Box::new(move |ok, error| *slot.lock() = Some((ok, error))));
        drop(body);
        assert_eq!(*seen.lock(), Some((false, Some(NO_REPLY.to_owned()))));
    }
}
