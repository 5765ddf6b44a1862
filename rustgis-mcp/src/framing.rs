//! Shared framing: one JSON-RPC message per line, read with a hard limit so that one huge or
//! endless line can neither exhaust memory nor stall the reader. Used on standard input by the
//! MCP server and on sockets by the relay.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The largest message, in bytes, counting its newline.
pub const MAX_LINE: usize = 64 * 1024 * 1024;

/// What one read produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A complete line (without its newline) is in the buffer.
    Line,
    /// The line was longer than the limit; it was skipped to its end (or to the end of input).
    Oversized,
    /// The input ended with no more data.
    Eof,
}

/// Reads one line into `buf` (cleared first), at most `max` bytes counting the newline. A longer
/// line is consumed to its end without being kept and reported as [`Frame::Oversized`]. A last
/// line without a newline counts as a line.
pub async fn read_message_max<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Frame> {
    buf.clear();
    let mut oversized = false;
    let mut read_any = false;
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return Ok(if oversized {
                Frame::Oversized
            } else if read_any {
                Frame::Line
            } else {
                Frame::Eof
            });
        }
        read_any = true;
        let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
            Some(pos) => (&available[..pos], true),
            None => (available, false),
        };
        let used = chunk.len() + usize::from(found_newline);
        if !oversized {
            // The limit counts the newline: a line of `max - 1` bytes plus '\n' fits.
            let with_newline = buf.len() + chunk.len() + usize::from(found_newline);
            if with_newline > max || (!found_newline && buf.len() + chunk.len() >= max) {
                oversized = true;
                buf.clear();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        reader.consume(used);
        if found_newline {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(if oversized { Frame::Oversized } else { Frame::Line });
        }
    }
}

/// The JSON-RPC parse error (-32700) for a line that is not JSON or is too long.
pub fn parse_error_line(message: &str) -> Vec<u8> {
    let mut line = serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": message },
    }))
    .unwrap_or_default();
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn frames(input: &[u8], max: usize) -> Vec<(Frame, Vec<u8>)> {
        let mut reader = tokio::io::BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let frame = read_message_max(&mut reader, &mut buf, max).await.expect("reading memory cannot fail");
            if frame == Frame::Eof {
                return out;
            }
            out.push((frame, buf.clone()));
        }
    }

    #[tokio::test]
    async fn lines_up_to_the_limit_counting_the_newline_are_read_whole() {
        let got = frames(b"12345\n1234\n", 6).await;
        assert_eq!(got, vec![(Frame::Line, b"12345".to_vec()), (Frame::Line, b"1234".to_vec())]);
    }

    #[tokio::test]
    async fn an_oversized_line_is_skipped_and_the_next_one_read() {
        let got = frames(b"1234567\nok\n", 6).await;
        assert_eq!(got, vec![(Frame::Oversized, Vec::new()), (Frame::Line, b"ok".to_vec())]);
    }

    #[tokio::test]
    async fn a_last_line_without_newline_still_counts() {
        let got = frames(b"a\nbc", 6).await;
        assert_eq!(got, vec![(Frame::Line, b"a".to_vec()), (Frame::Line, b"bc".to_vec())]);
    }
}
