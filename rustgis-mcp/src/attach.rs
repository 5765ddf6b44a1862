//! The relay's attach handshake as it arrives: the first line of a connection, read with its
//! size limit, and the `rustgis/attach` message it must be (the token, `--yes`, the client's
//! wait). The relay checks it and replies; here it is only read and parsed, apart from any
//! socket, so that the fuzz targets reach it without the relay's network stack.

use serde_json::Value as Json;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use zeroize::Zeroizing;

/// The longest attach line the relay reads by default, in bytes counting the newline.
pub const MAX_ATTACH_LINE: usize = 4096;

/// A parsed `rustgis/attach` message.
pub struct Attach {
    /// The request id the reply must carry (none for a notification).
    pub id: Option<Json>,
    /// The relay token, wiped from memory when dropped.
    pub token: Zeroizing<String>,
    /// Whether the client asks for file and network access (`--yes`).
    pub access: bool,
    /// The client's wait for queued calls, as sent (checked by the relay).
    pub timeout_s: Option<Json>,
    /// The client's name, at most 64 characters.
    pub client: Option<String>,
}

/// The attach message in `message`: `None` when it is another method or has no token.
pub fn parse_attach(message: &Json) -> Option<Attach> {
    if message.get("method")?.as_str()? != "rustgis/attach" {
        return None;
    }
    let params = message.get("params")?.as_object()?;
    let token = Zeroizing::new(params.get("token")?.as_str()?.to_owned());
    Some(Attach {
        id: message.get("id").filter(|id| !id.is_null()).cloned(),
        token,
        access: params.get("access").and_then(Json::as_bool).unwrap_or(false),
        timeout_s: params.get("timeout_s").cloned(),
        client: params.get("client").and_then(Json::as_str).map(|c| c.chars().take(64).collect()),
    })
}

/// Reads the first non-empty line, at most `max` bytes counting its newline; `None` when the
/// input ends first or the line is too long (the caller closes the connection).
pub async fn read_attach_line<R: AsyncBufRead + Unpin>(reader: &mut R, max: usize) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    loop {
        let available = reader.fill_buf().await.ok()?;
        if available.is_empty() {
            return None;
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(pos) => {
                if line.len() + pos + 1 > max {
                    return None;
                }
                line.extend_from_slice(&available[..pos]);
                reader.consume(pos + 1);
                if line.iter().all(u8::is_ascii_whitespace) {
                    line.clear();
                    continue;
                }
                return Some(line);
            }
            None => {
                let n = available.len();
                if line.len() + n >= max {
                    return None;
                }
                line.extend_from_slice(available);
                reader.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn first_line(input: &[u8], max: usize) -> Option<Vec<u8>> {
        let mut reader = tokio::io::BufReader::with_capacity(4, input);
        read_attach_line(&mut reader, max).await
    }

    #[tokio::test]
    async fn blank_lines_before_the_attach_line_are_skipped() {
        assert_eq!(first_line(b"\n  \r\n{\"a\":1}\nrest\n", 64).await, Some(b"{\"a\":1}".to_vec()));
    }

    #[tokio::test]
    async fn an_attach_line_at_the_limit_counting_its_newline_is_refused_beyond_it() {
        assert_eq!(first_line(b"12345\n", 6).await, Some(b"12345".to_vec()));
        assert_eq!(first_line(b"123456\n", 6).await, None);
        assert_eq!(first_line(b"1234567890", 6).await, None, "an endless line is refused without its newline");
    }

    #[tokio::test]
    async fn input_that_ends_before_a_newline_is_no_attach_line() {
        assert_eq!(first_line(b"{\"method\":", 64).await, None);
    }

    #[test]
    fn an_attach_message_gives_its_token_access_wait_and_a_short_client_name() {
        let long_name = "c".repeat(100);
        let message = serde_json::json!({
            "jsonrpc": "2.0", "id": 7, "method": "rustgis/attach",
            "params": { "token": "secret", "access": true, "timeout_s": 30, "client": long_name },
        });
        let attach = parse_attach(&message).expect("an attach message");
        assert_eq!(attach.id, Some(serde_json::json!(7)));
        assert_eq!(attach.token.as_str(), "secret");
        assert!(attach.access);
        assert_eq!(attach.timeout_s, Some(serde_json::json!(30)));
        assert_eq!(attach.client.map(|c| c.len()), Some(64));
    }

    #[test]
    fn another_method_or_a_missing_token_is_not_an_attach_message() {
        let other =
            serde_json::json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": { "token": "t" } });
        let tokenless = serde_json::json!({ "jsonrpc": "2.0", "id": 1, "method": "rustgis/attach", "params": {} });
        assert!(parse_attach(&other).is_none());
        assert!(parse_attach(&tokenless).is_none());
    }
}
