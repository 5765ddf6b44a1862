//! The audit log: one JSON line per tool call an attached agent makes, in a file per day
//! (`mcp-audit/2026-10-18.jsonl` in the app-data folder), with credentials replaced before
//! anything is written. Days older than 30 are removed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use parking_lot::Mutex;
use serde_json::{Map, Value as Json, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::error::{Error, Result};
use crate::private::Token;

/// How many days of audit files are kept.
pub const AUDIT_DAYS_KEPT: i64 = 30;

/// What replaces a credential in the log.
pub const REDACTED: &str = "[redacted]";

/// The app-data folder: `~/.local/share/rustgis` on Linux, `~/Library/Application
/// Support/RustGIS` on macOS, `%LOCALAPPDATA%\RustGIS` on Windows.
pub fn default_app_data_dir() -> Option<PathBuf> {
    let base = dirs::data_local_dir()?;
    Some(if cfg!(target_os = "linux") { base.join("rustgis") } else { base.join("RustGIS") })
}

/// One tool call, as the log records it.
#[derive(Debug, Clone)]
pub struct AuditEntry {
    /// `mcp` for the relay (and MCP over HTTP), `file` for the file bridge.
    pub source: &'static str,
    /// Who made it (`agent 1`), when known.
    pub agent: Option<String>,
    /// The tool.
    pub tool: String,
    /// The arguments as given (credentials are replaced when written).
    pub args: Json,
    /// Whether it succeeded.
    pub success: bool,
    /// How long it took (a batch's calls share the batch's).
    pub duration: Duration,
    /// Why it failed.
    pub error: Option<String>,
    /// Whether it came in a JSON-RPC batch.
    pub batch: bool,
    /// When it was made.
    pub at: SystemTime,
    /// The question the human was asked instead of a refusal and what they answered
    /// (`{question, answer, grant}`, the tool result's `_meta["rustgis/asked"]`), when asked.
    pub asked: Option<Json>,
}

/// The most bytes of one call's arguments (as JSON) and of its error the log keeps; longer ones
/// are cut and marked `truncated`.
pub const MAX_LOGGED_BYTES: usize = 4096;

/// The most bytes one day's file grows to; calls past it that day are not logged, and one line
/// says so.
pub const MAX_AUDIT_DAY_BYTES: u64 = 64 << 20;

/// An open audit log.
#[derive(Debug)]
pub struct AuditLog {
    dir: PathBuf,
    // One writer at a time, so lines from concurrent connections never interleave.
    current: Mutex<Day>,
    day_cap: u64,
}

/// The tokens this process has made (every relay's, its grants', MCP over HTTP's): every audit
/// log of the process (the relay's and the file bridge's alike) replaces them wherever they
/// appear. Process-wide, because the bridge's log must know the relay's tokens, and grants are
/// made after both logs are open. A token stays listed after its relay stops (16 bytes each): a
/// stale token in a line is still a token.
static LIVE_TOKENS: Mutex<Vec<Token>> = Mutex::new(Vec::new());

#[derive(Debug, Default)]
struct Day {
    name: Option<String>,
    /// The day's file reached its cap (and says so).
    capped: bool,
}

impl AuditLog {
    /// Opens the log in `app_data/mcp-audit` (made readable by the user only) and removes days
    /// older than 30.
    pub fn open(app_data: &Path) -> Result<AuditLog> {
        let dir = app_data.join("mcp-audit");
        crate::private::ensure_dir(&dir)?;
        let log = AuditLog { dir, current: Mutex::new(Day::default()), day_cap: MAX_AUDIT_DAY_BYTES };
        log.prune(OffsetDateTime::now_utc());
        Ok(log)
    }

    /// The same log with another cap on a day's file, in bytes (tests).
    pub fn with_day_cap(mut self, bytes: u64) -> AuditLog {
        self.day_cap = bytes;
        self
    }

    /// Replaces `token` with [`REDACTED`] wherever it appears in a line from now on (a live
    /// token an agent sends as a value, say), in this log and every other audit log of the
    /// process (the file bridge's too).
    pub fn add_secret(&self, token: &Token) {
        let mut live = LIVE_TOKENS.lock();
        if !live.iter().any(|known| known.expose() == token.expose()) {
            live.push(token.clone());
        }
    }

    /// The folder of the daily files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every entry of the log in `app_data/mcp-audit`, oldest day first (an empty list when there
    /// is no log yet). A line that is not JSON (the log is the user's file) is an error naming it.
    pub fn read_all(app_data: &Path) -> Result<Vec<Json>> {
        let dir = app_data.join("mcp-audit");
        let listing = match std::fs::read_dir(&dir) {
            Ok(listing) => listing,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(Error::Io { action: "cannot list", path: dir, source }),
        };
        let mut days: Vec<PathBuf> = listing
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        days.sort();
        let mut entries = Vec::new();
        for day in days {
            let text = std::fs::read_to_string(&day).map_err(|source| Error::Io {
                action: "cannot read",
                path: day.clone(),
                source,
            })?;
            for (n, line) in text.lines().enumerate() {
                let entry = serde_json::from_str(line).map_err(|e| Error::Io {
                    action: "cannot read",
                    path: day.clone(),
                    source: std::io::Error::new(std::io::ErrorKind::InvalidData, format!("line {}: {e}", n + 1)),
                })?;
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    /// Writes one line; a failure is logged, never passed to the agent.
    pub fn write(&self, entry: &AuditEntry) {
        let mut text = serde_json::to_string(&entry_json(entry)).unwrap_or_default();
        for secret in LIVE_TOKENS.lock().iter() {
            if text.contains(secret.expose()) {
                text = text.replace(secret.expose(), REDACTED);
            }
        }
        let at = OffsetDateTime::from(entry.at);
        let day = day_name(at);
        let mut current = self.current.lock();
        if current.name.as_deref() != Some(day.as_str()) {
            self.prune(at);
            *current = Day { name: Some(day.clone()), capped: false };
        }
        if current.capped {
            return;
        }
        let path = self.dir.join(format!("{day}.jsonl"));
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        if size + text.len() as u64 + 1 > self.day_cap {
            current.capped = true;
            text = json!({
                "ts": OffsetDateTime::from(entry.at).format(&Rfc3339).unwrap_or_default(),
                "capped": true,
                "note": format!("this day's audit file reached its cap of {} bytes; later calls today are not logged", self.day_cap),
            })
            .to_string();
        }
        if let Err(e) = append_line(&path, &text) {
            tracing::warn!("cannot write the audit log: {e:#}");
        }
    }

    fn prune(&self, now: OffsetDateTime) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        let oldest = (now - time::Duration::days(AUDIT_DAYS_KEPT)).date();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".jsonl") else { continue };
            let Ok(date) = time::Date::parse(stem, time::macros::format_description!("[year]-[month]-[day]")) else {
                continue;
            };
            if date < oldest
                && let Err(e) = std::fs::remove_file(entry.path())
            {
                tracing::warn!("cannot remove the old audit file {name}: {e}");
            }
        }
    }
}

fn day_name(at: OffsetDateTime) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    at.format(&format).unwrap_or_else(|_| "unknown-day".to_owned())
}

fn append_line(path: &Path, line: &str) -> Result<()> {
    let io = |source| Error::Io { action: "cannot append to", path: path.to_owned(), source };
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && meta.file_type().is_symlink()
    {
        return Err(Error::NotPrivate {
            path: path.to_owned(),
            problem: "the audit file is a symbolic link".to_owned(),
        });
    }
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    let mut file = options.open(path).map_err(io)?;
    let mut bytes = line.as_bytes().to_vec();
    bytes.push(b'\n');
    file.write_all(&bytes).map_err(io)
}

/// The JSON line for an entry: `ts, source, agent, tool, command | script, args, success,
/// duration_s, error` (and `batch`), with credentials replaced.
pub fn entry_json(entry: &AuditEntry) -> Json {
    let args = truncate_args(redact(&entry.args));
    let mut line = Map::new();
    let ts = OffsetDateTime::from(entry.at).format(&Rfc3339).unwrap_or_default();
    line.insert("ts".into(), json!(ts));
    line.insert("source".into(), json!(entry.source));
    if let Some(agent) = &entry.agent {
        line.insert("agent".into(), json!(agent));
    }
    line.insert("tool".into(), json!(entry.tool));
    // Which command or script the call runs comes from the MCP tool table.
    if let Some(command) = rustgis_mcp::call_command(&entry.tool, &args) {
        line.insert("command".into(), json!(command));
    }
    if let Some(script) = rustgis_mcp::call_script(&entry.tool, &args) {
        line.insert("script".into(), script.clone());
    }
    line.insert("args".into(), args);
    line.insert("success".into(), json!(entry.success));
    line.insert("duration_s".into(), json!((entry.duration.as_secs_f64() * 1000.0).round() / 1000.0));
    line.insert(
        "error".into(),
        json!(entry.error.as_deref().map(|e| truncate_text(&error_for_log(e, &entry.args), MAX_LOGGED_BYTES))),
    );
    if entry.batch {
        line.insert("batch".into(), json!(true));
    }
    if let Some(asked) = &entry.asked {
        line.insert("asked".into(), asked.clone());
    }
    Json::Object(line)
}

/// Arguments whose JSON is longer than [`MAX_LOGGED_BYTES`]: each string cut to a share of it,
/// and `"truncated": true` beside them, so the log keeps what the call was without its bulk.
fn truncate_args(args: Json) -> Json {
    let size = serde_json::to_string(&args).map_or(0, |t| t.len());
    if size <= MAX_LOGGED_BYTES {
        return args;
    }
    fn cut(value: Json, max: usize) -> Json {
        match value {
            Json::String(text) => Json::String(truncate_text(&text, max)),
            Json::Array(items) => Json::Array(items.into_iter().take(16).map(|v| cut(v, max)).collect()),
            Json::Object(map) => {
                Json::Object(map.into_iter().take(32).map(|(k, v)| (truncate_text(&k, 256), cut(v, max))).collect())
            }
            other => other,
        }
    }
    let mut cut_args = cut(args, MAX_LOGGED_BYTES / 8);
    if serde_json::to_string(&cut_args).map_or(0, |t| t.len()) > MAX_LOGGED_BYTES {
        cut_args = json!({});
    }
    match cut_args {
        Json::Object(mut map) => {
            map.insert("truncated".into(), json!(true));
            map.insert("bytes".into(), json!(size));
            Json::Object(map)
        }
        other => json!({ "truncated": true, "bytes": size, "value": other }),
    }
}

/// Words that mark a credential, in a key name or an error message.
const CREDENTIAL_WORDS: &[&str] =
    &["password", "passwd", "passphrase", "secret", "token", "bearer", "apikey", "api_key", "api-key", "credential"];

fn is_credential_key(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    CREDENTIAL_WORDS.iter().any(|w| lower.contains(w))
        || lower == "key"
        || lower.ends_with("_key")
        || lower.ends_with("-key")
        || (key.ends_with("Key") && key.len() > 3)
        || lower == "authorization"
        || lower == "auth"
        || lower == "pwd"
        || lower == "cookie"
}

/// A call's error as the log and the status bar keep it: credentials in the syntaxes they come
/// in replaced ([`redact`]'s rules), every credential the call's arguments held replaced
/// wherever the message repeats it, and the whole message withheld only when a credential's value
/// still seems to be in it ([`withhold_credentials`]).
pub(crate) fn error_for_log(error: &str, args: &Json) -> String {
    let mut text = redact_text(error);
    let mut secrets = Vec::new();
    credential_values(args, &mut secrets);
    // Longest first, so a secret that holds another is replaced whole.
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    for secret in secrets {
        if text.contains(&secret) {
            text = text.replace(&secret, REDACTED);
        }
    }
    withhold_credentials(&text)
}

/// The values of credential-named keys in a call's arguments, a run script's lines included
/// (values shorter than 3 characters would match ordinary text, and are left).
fn credential_values(args: &Json, out: &mut Vec<String>) {
    match args {
        Json::Object(map) => {
            for (key, value) in map {
                match value {
                    Json::String(text) if is_credential_key(key) => {
                        if text.chars().count() >= 3 {
                            out.push(text.clone());
                        }
                    }
                    Json::String(script) if key == "script" => {
                        for line in script.lines() {
                            let (_, rest) = rustgis_core::split_command_line(line.trim_start());
                            if let Ok(params) = serde_json::from_str::<Json>(rest) {
                                credential_values(&params, out);
                            }
                        }
                    }
                    other => credential_values(other, out),
                }
            }
        }
        Json::Array(items) => items.iter().for_each(|item| credential_values(item, out)),
        _ => {}
    }
}

/// An error message, or "withheld" when a credential's value still seems to be in it: a word
/// naming a credential (`password`, `token`, `bearer`, `api key`…) followed by something that
/// looks like a secret (`token 3f9a0c…`, `password: hunter2!`; anything at all after `bearer`).
/// Prose that only names a credential ("the relay's own token", "password authentication
/// failed", "--token-file /run/…") is kept, so refusals and errors stay readable in the log.
pub fn withhold_credentials(message: &str) -> String {
    if holds_a_credential_value(message) {
        "withheld: the error seems to hold a credential".to_owned()
    } else {
        message.to_owned()
    }
}

fn holds_a_credential_value(message: &str) -> bool {
    let lower = message.to_ascii_lowercase();
    let words = CREDENTIAL_WORDS.iter().copied().chain(["api key", "authorization"]);
    for word in words {
        let mut from = 0;
        while let Some(found) = lower[from..].find(word) {
            let start = from + found;
            from = start + word.len();
            // The rest of the word it is part of: `tokens`, `token_file`, `password-protected`.
            let end = from
                + lower[from..].bytes().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
            let value = value_after(&message[end..]);
            let bearer = word == "bearer";
            if bearer && !value.is_empty() && value != REDACTED {
                return true;
            }
            if looks_secret(value) {
                return true;
            }
        }
    }
    false
}

/// The word after a credential's name: past blanks, `:`, `=`, quotes and a linking `is`/`was`,
/// to the next blank, quote or bracket (a trailing full stop or comma left out).
fn value_after(rest: &str) -> &str {
    let skip = |text: &str| text.trim_start_matches(|c: char| c.is_whitespace() || "=:\"'`".contains(c)).to_owned();
    let mut text = skip(rest);
    for link in ["is ", "was ", "of "] {
        if text.to_ascii_lowercase().starts_with(link) {
            text = skip(&text[link.len()..]);
        }
    }
    let start = rest.len() - text.len();
    let value = &rest[start..];
    let end = value.find(|c: char| c.is_whitespace() || "\"'`()[]{}<>,;".contains(c)).unwrap_or(value.len());
    value[..end].trim_end_matches(['.', ':', '!', '?'])
}

/// Whether a word looks like a secret rather than prose or a path: at least 6 characters with a
/// digit or a symbol in them, or 16 and more of anything; not a path, a flag or `[redacted]`.
fn looks_secret(value: &str) -> bool {
    let chars = value.chars().count();
    if chars < 6
        || value == REDACTED
        || value.starts_with(['/', '~', '.', '-', '[', '$'])
        || value.contains(['/', '\\'])
    {
        return false;
    }
    chars >= 16 || value.chars().any(|c| c.is_ascii_digit() || "!@#$%^&*+=?~|".contains(c))
}

/// Arguments with passwords, keys and tokens replaced: values of credential-named keys, the
/// user:password part and credential query parameters of URLs, and the same inside a run
/// script's lines.
pub fn redact(args: &Json) -> Json {
    match args {
        Json::Object(map) => Json::Object(
            map.iter()
                .map(|(k, v)| {
                    let value = if is_credential_key(k) && !v.is_null() {
                        json!(REDACTED)
                    } else if k == "script"
                        && let Json::String(script) = v
                    {
                        json!(redact_script(script))
                    } else {
                        redact(v)
                    };
                    (k.clone(), value)
                })
                .collect(),
        ),
        Json::Array(items) => Json::Array(items.iter().map(redact).collect()),
        Json::String(text) => json!(redact_text(text)),
        other => other.clone(),
    }
}

/// A run script with each line's parameters redacted.
fn redact_script(script: &str) -> String {
    script
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            if trimmed.is_empty() {
                return line.to_owned();
            }
            if trimmed.starts_with('#') {
                // A comment is free text: `# Bearer …`, `# password=…`.
                return redact_text(line);
            }
            match rustgis_core::split_command_line(trimmed) {
                (command, "") => command.to_owned(),
                // Parsed parameters are redacted by key, whatever the line's spacing.
                (command, rest) => match serde_json::from_str::<Json>(rest) {
                    Ok(params) => format!("{command} {}", redact(&params)),
                    Err(_) => format!("{command} {}", redact_text(rest)),
                },
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Free text with credentials replaced, found by parsing the syntaxes they come in:
/// - URLs with user information: `scheme://user:password@host` (everything before the last `@`
///   of the authority);
/// - `key=value` and `key: value` pairs whose key names a credential ([`is_credential_key`]):
///   libpq connection strings (`password = 'a b'` with spaces around `=`, quoted values with
///   `\'` escapes, unquoted values with `\ ` escaped spaces), query strings (`?api_key=…&`),
///   JSON in text (`"password": "…"`), environment lines (`PGPASSWORD=…`), HTTP headers
///   (`X-Api-Key: …`);
/// - the `Authorization`, `Proxy-Authorization` and `Cookie` headers: their whole value, to the end
///   of the line or of the quoted text, whatever separates the name from it (`Authorization:Bearer`
///   and a tab);
/// - `Bearer <token>` anywhere, with any blanks between (a script's `# Bearer …` comment).
fn redact_text(text: &str) -> String {
    let mut ranges = Vec::new();
    url_credentials(text, &mut ranges);
    pair_credentials(text, &mut ranges);
    bearer_credentials(text, &mut ranges);
    if ranges.is_empty() {
        return text.to_owned();
    }
    ranges.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, end) in ranges {
        if end <= at {
            continue;
        }
        let start = start.max(at);
        out.push_str(&text[at..start]);
        out.push_str(REDACTED);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// Bytes that end an unquoted value: blanks and the punctuation around values in URLs,
/// connection strings, JSON and headers.
fn ends_value(byte: u8) -> bool {
    byte.is_ascii_whitespace() || b"&;,)]}\"'<>".contains(&byte)
}

/// The byte index after the character at `at` (`at` is on a character boundary).
fn after_char(text: &str, at: usize) -> usize {
    at + text[at..].chars().next().map_or(1, char::len_utf8)
}

/// `user:password@` of every `scheme://user:password@host`: the range from after `://` to the
/// last `@` of the authority.
fn url_credentials(text: &str, ranges: &mut Vec<(usize, usize)>) {
    let mut from = 0;
    while let Some(found) = text[from..].find("://") {
        let start = from + found + 3;
        let authority_end = text[start..]
            .find(|c: char| c.is_whitespace() || "/?#\"'<>)]}".contains(c))
            .map_or(text.len(), |i| start + i);
        if let Some(at) = text[start..authority_end].rfind('@') {
            ranges.push((start, start + at));
        }
        from = start;
    }
}

/// Header names whose whole value is a credential.
const CREDENTIAL_HEADERS: &[&str] = &["authorization", "proxy-authorization", "cookie", "set-cookie"];

/// The values of `key=value` and `key: value` pairs whose key names a credential.
fn pair_credentials(text: &str, ranges: &mut Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    let is_key_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.';
    let blank = |b: u8| b == b' ' || b == b'\t';
    let mut i = 0;
    while i < bytes.len() {
        if !is_key_byte(bytes[i]) || (i > 0 && is_key_byte(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let key_start = i;
        while i < bytes.len() && is_key_byte(bytes[i]) {
            i += 1;
        }
        let key = &text[key_start..i];
        let mut j = i;
        // A quoted key ("password": …): its closing quote.
        if j < bytes.len() && key_start > 0 && matches!(bytes[j], b'"' | b'\'') && bytes[key_start - 1] == bytes[j] {
            j += 1;
        }
        while j < bytes.len() && blank(bytes[j]) {
            j += 1;
        }
        if j >= bytes.len() || !matches!(bytes[j], b'=' | b':') || text[j..].starts_with("://") {
            continue;
        }
        j += 1;
        while j < bytes.len() && blank(bytes[j]) {
            j += 1;
        }
        let is_header = CREDENTIAL_HEADERS.iter().any(|h| key.eq_ignore_ascii_case(h));
        if !is_header && !is_credential_key(key) {
            continue;
        }
        let (start, end) = if j < bytes.len() && matches!(bytes[j], b'"' | b'\'') {
            // Quoted (libpq's '…' with \' and \\ escapes, or JSON's "…"): to the closing quote.
            let quote = bytes[j];
            let mut k = j + 1;
            while k < bytes.len() && bytes[k] != quote {
                k = if bytes[k] == b'\\' && k + 1 < bytes.len() {
                    after_char(text, k + 1)
                } else {
                    after_char(text, k)
                };
            }
            (j + 1, k.min(bytes.len()))
        } else if is_header {
            // A header's value runs to the end of its line.
            let end = text[j..].find(['\n', '\r', '"']).map_or(text.len(), |e| j + e);
            (j, end)
        } else {
            // Unquoted: to a blank or punctuation, a backslash escaping the next character
            // (libpq's `x\ y`).
            let mut k = j;
            while k < bytes.len() && !ends_value(bytes[k]) {
                k = if bytes[k] == b'\\' && k + 1 < bytes.len() {
                    after_char(text, k + 1)
                } else {
                    after_char(text, k)
                };
            }
            (j, k)
        };
        if end > start {
            ranges.push((start, end));
        }
    }
}

/// The token after every `Bearer` (any case), after any blanks, `:` or `=`.
fn bearer_credentials(text: &str, ranges: &mut Vec<(usize, usize)>) {
    let lower = text.to_ascii_lowercase();
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = lower[from..].find("bearer") {
        let start = from + found;
        from = start + 6;
        if start > 0 && bytes[start - 1].is_ascii_alphanumeric() {
            continue;
        }
        let mut j = from;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b':' | b'=') {
            j += 1;
        }
        if j == from {
            continue;
        }
        let mut k = j;
        while k < bytes.len() && !ends_value(bytes[k]) {
            k = after_char(text, k);
        }
        if k > j {
            ranges.push((j, k));
        }
    }
}

/// Text cut to at most `max` bytes (at a character boundary), marked when it was cut.
fn truncate_text(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… [truncated: {} bytes in all]", &text[..end], text.len())
}

#[cfg(test)]
mod tests;
