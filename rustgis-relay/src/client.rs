//! The attaching side (`rustgis-cli mcp --attach`): reads the token, attaches, then carries MCP
//! lines between standard input and output and the relay.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use rustgis_mcp::{Frame, MAX_LINE, parse_error_line, read_message_max};
use serde_json::{Value as Json, json};
use tokio::io::{AsyncBufRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

use crate::error::{Error, Result};
use crate::private::{self, Token};

/// How to attach.
#[derive(Debug, Clone)]
pub struct AttachOptions {
    /// The relay's port on 127.0.0.1.
    pub port: u16,
    /// Ask for file and network access (`--yes`).
    pub access: bool,
    /// How long each call may wait for the app, in seconds (5 to 600; `--timeout`).
    pub timeout_s: Option<u64>,
    /// A grant's token file (`--token-file`); the relay's own token otherwise.
    pub token_file: Option<PathBuf>,
    /// What the client calls itself in the app's status.
    pub client: String,
}

/// What the relay answered to the attach.
#[derive(Debug, Clone, PartialEq)]
pub struct Attached {
    /// The relay's address.
    pub addr: SocketAddr,
    /// Whether the connection may use files and the network.
    pub access: bool,
    /// The wait of each call, in seconds.
    pub timeout_s: u64,
}

const ATTACH_ID: &str = "rustgis-cli-attach";

/// How long replies still due are passed on after standard input closes.
pub const INPUT_CLOSED_GRACE: Duration = Duration::from_secs(1);

/// Attaches and carries MCP between `input` and `output` until the input ends (then `Ok`, after
/// passing on for [`INPUT_CLOSED_GRACE`] the replies still due) or the relay closes the
/// connection (then [`Error::RelayStopped`] at once). `attached` is told once the relay
/// accepted the token.
pub async fn attach_and_pump<R, W>(
    options: &AttachOptions,
    input: R,
    output: W,
    attached: impl FnOnce(&Attached),
) -> Result<()>
where
    R: AsyncBufRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
    let (token, token_file) = match &options.token_file {
        Some(path) => (private::read_token_file(path)?, path.clone()),
        None => {
            (private::read_token(options.port)?, private::token_path(&private::default_private_dir(), options.port))
        }
    };
    #[allow(
        clippy::disallowed_methods,
        reason = "the relay's own loopback port: the one client connection outside net"
    )]
    let stream = TcpStream::connect(addr).await.map_err(|source| Error::NotRunning { addr, source })?;
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!("cannot set TCP_NODELAY: {e}");
    }
    let (read, mut write) = stream.into_split();
    let mut from_relay = BufReader::new(read);
    write
        .write_all(&attach_line(&token, options))
        .await
        .map_err(|e| transport("cannot send the attach message", &e))?;
    drop(token);

    let mut buf = Vec::new();
    let reply = tokio::time::timeout(Duration::from_secs(10), read_message_max(&mut from_relay, &mut buf, MAX_LINE))
        .await
        .map_err(|_| Error::Transport(format!("the relay on {addr} did not answer the attach within 10 s")))?;
    let reply: Json = match reply {
        Ok(Frame::Line) => serde_json::from_slice(&buf).unwrap_or(Json::Null),
        _ => Json::Null,
    };
    let result = &reply["result"];
    if reply["id"] != json!(ATTACH_ID) || result["attached"] != json!(true) {
        return Err(Error::TokenRefused { addr, token_file });
    }
    attached(&Attached {
        addr,
        access: result["access"].as_bool().unwrap_or(false),
        timeout_s: result["timeout_s"].as_u64().unwrap_or(60),
    });

    // One writer for the output, so a local parse error never splits a reply.
    let (out_tx, mut out_rx) = mpsc::channel::<Vec<u8>>(64);
    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(line) = out_rx.recv().await {
            if output.write_all(&line).await.and(output.flush().await).is_err() {
                break;
            }
        }
    });
    let relay_out = out_tx.clone();
    let mut from_relay_task = tokio::spawn(async move {
        let mut buf = Vec::new();
        loop {
            match read_message_max(&mut from_relay, &mut buf, MAX_LINE).await {
                Ok(Frame::Line) => {
                    buf.push(b'\n');
                    if relay_out.send(std::mem::take(&mut buf)).await.is_err() {
                        return;
                    }
                }
                Ok(Frame::Oversized) => tracing::warn!("the relay sent a message over {MAX_LINE} bytes; skipped"),
                Ok(Frame::Eof) | Err(_) => return,
            }
        }
    });
    let mut input = input;
    let mut line = Vec::new();
    let outcome = loop {
        tokio::select! {
            _ = &mut from_relay_task => break Err(Error::RelayStopped { addr }),
            read = read_message_max(&mut input, &mut line, MAX_LINE) => match read {
                Ok(Frame::Line) => {
                    if line.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    line.push(b'\n');
                    if write.write_all(&line).await.is_err() {
                        break Err(Error::RelayStopped { addr });
                    }
                }
                Ok(Frame::Oversized) => {
                    let message = format!("parse error: a message is longer than {MAX_LINE} bytes (the limit counts the newline)");
                    if out_tx.send(parse_error_line(&message)).await.is_err() {
                        break Ok(());
                    }
                }
                Ok(Frame::Eof) => {
                    // Tell the relay we are done, then pass on the replies still coming, for a
                    // moment: the agent that closed its input is leaving, and must not find its
                    // server still running long after.
                    if let Err(e) = write.shutdown().await {
                        tracing::debug!("closing the connection: {e}");
                    }
                    match tokio::time::timeout(INPUT_CLOSED_GRACE, &mut from_relay_task).await {
                        Ok(Err(e)) => tracing::debug!("the relay reader failed: {e}"),
                        Ok(Ok(())) => {}
                        Err(_) => tracing::debug!("replies still due after standard input closed are dropped"),
                    }
                    break Ok(());
                }
                Err(e) => break Err(transport("cannot read the next message", &e)),
            },
        }
    };
    from_relay_task.abort();
    drop(out_tx);
    if let Err(e) = writer.await {
        tracing::debug!("the output writer failed: {e}");
    }
    outcome
}

fn attach_line(token: &Token, options: &AttachOptions) -> Vec<u8> {
    let mut params = json!({ "token": token.expose(), "access": options.access, "client": options.client });
    if let (Some(timeout), Some(map)) = (options.timeout_s, params.as_object_mut()) {
        map.insert("timeout_s".into(), json!(timeout));
    }
    let mut line = serde_json::to_vec(&json!({
        "jsonrpc": "2.0",
        "id": ATTACH_ID,
        "method": "rustgis/attach",
        "params": params,
    }))
    .unwrap_or_default();
    line.push(b'\n');
    line
}

fn transport(what: &str, e: &std::io::Error) -> Error {
    Error::Transport(format!("{what}: {e}"))
}
