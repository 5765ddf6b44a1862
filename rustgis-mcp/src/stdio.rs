//! Serving the MCP server over a line stream (standard input and output, or a socket) with
//! RustGIS's framing: a malformed line gets a -32700 error and the server goes on; a line over
//! the limit is skipped to its end with a -32700 (and, on a socket, the connection closes).

use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::framing::{Frame, MAX_LINE, parse_error_line, read_message_max};
use crate::server::GisServer;

/// What to do after an oversized line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterOversized {
    /// Skip it and go on (standard input).
    Continue,
    /// Close the connection (sockets).
    Close,
}

/// Serves `server` on a line stream until the input ends or the client goes away.
///
/// Lines are read here, not by rmcp, so that every line gets an answer: rmcp drops a line that
/// is not JSON silently, which leaves a client waiting forever.
pub async fn serve_lines<R, W>(
    server: GisServer,
    input: R,
    output: W,
    after_oversized: AfterOversized,
) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    // rmcp talks to one end of an in-memory pipe; this function pumps both directions and is the
    // only writer of `output`, so its parse errors never interleave with rmcp's replies.
    let (ours, theirs) = tokio::io::duplex(1 << 20);
    let (their_read, their_write) = tokio::io::split(theirs);
    let transport = AsyncRwTransport::new_server(their_read, their_write).with_max_line_length(MAX_LINE + 1);
    let (mut to_rmcp_read, mut to_rmcp_write) = tokio::io::split(ours);
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel::<Vec<u8>>(64);

    let service = tokio::spawn(async move {
        match server.serve(transport).await {
            Ok(running) => {
                if let Err(e) = running.waiting().await {
                    tracing::debug!("the MCP session ended: {e}");
                }
            }
            Err(e) => tracing::debug!("the MCP session did not start: {e}"),
        }
    });

    let replies_tx = out_tx.clone();
    let replies = tokio::spawn(async move {
        let mut reader = BufReader::new(&mut to_rmcp_read);
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if replies_tx.send(line.clone()).await.is_err() {
                        break;
                    }
                }
            }
        }
    });

    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(line) = out_rx.recv().await {
            if let Err(e) = output.write_all(&line).await.and(output.flush().await) {
                tracing::debug!("cannot write a reply, the client went away: {e}");
                break;
            }
        }
    });

    let mut input = input;
    let mut buf = Vec::new();
    let read_result = loop {
        match read_message_max(&mut input, &mut buf, MAX_LINE).await {
            Ok(Frame::Eof) => break Ok(()),
            Ok(Frame::Oversized) => {
                let message =
                    format!("parse error: a message is longer than {MAX_LINE} bytes (the limit counts the newline)");
                if out_tx.send(parse_error_line(&message)).await.is_err() || after_oversized == AfterOversized::Close {
                    break Ok(());
                }
            }
            Ok(Frame::Line) => {
                if buf.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                if let Err(e) = serde_json::from_slice::<serde_json::Value>(&buf) {
                    if out_tx.send(parse_error_line(&format!("parse error: the line is not JSON: {e}"))).await.is_err()
                    {
                        break Ok(());
                    }
                    continue;
                }
                buf.push(b'\n');
                if to_rmcp_write.write_all(&buf).await.is_err() {
                    break Ok(());
                }
            }
            Err(e) => break Err(std::io::Error::new(e.kind(), format!("cannot read the next message: {e}"))),
        }
    };
    // End of input: let rmcp finish what it is doing, then close.
    if let Err(e) = to_rmcp_write.shutdown().await {
        tracing::debug!("closing the pipe to the server: {e}");
    }
    drop(to_rmcp_write);
    if let Err(e) = service.await {
        tracing::debug!("the MCP service task failed: {e}");
    }
    replies.abort();
    drop(out_tx);
    if let Err(e) = writer.await {
        tracing::debug!("the writer task failed: {e}");
    }
    read_result
}
