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
}

/// An open audit log.
#[derive(Debug)]
pub struct AuditLog {
    dir: PathBuf,
    // One writer at a time, so lines from concurrent connections never interleave.
    current: Mutex<Option<String>>,
}

impl AuditLog {
    /// Opens the log in `app_data/mcp-audit` (made readable by the user only) and removes days
    /// older than 30.
    pub fn open(app_data: &Path) -> Result<AuditLog> {
        let dir = app_data.join("mcp-audit");
        crate::private::ensure_dir(&dir)?;
        let log = AuditLog { dir, current: Mutex::new(None) };
        log.prune(OffsetDateTime::now_utc());
        Ok(log)
    }

    /// The folder of the daily files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes one line; a failure is logged, never passed to the agent.
    pub fn write(&self, entry: &AuditEntry) {
        let line = entry_json(entry);
        let at = OffsetDateTime::from(entry.at);
        let day = day_name(at);
        let mut current = self.current.lock();
        if current.as_deref() != Some(day.as_str()) {
            self.prune(at);
            *current = Some(day.clone());
        }
        let path = self.dir.join(format!("{day}.jsonl"));
        if let Err(e) = append_line(&path, &line) {
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

fn append_line(path: &Path, line: &Json) -> Result<()> {
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
    let mut bytes = serde_json::to_vec(line).unwrap_or_default();
    bytes.push(b'\n');
    file.write_all(&bytes).map_err(io)
}

/// The JSON line for an entry: `ts, source, agent, tool, command | script, args, success,
/// duration_s, error` (and `batch`), with credentials replaced.
pub fn entry_json(entry: &AuditEntry) -> Json {
    let args = redact(&entry.args);
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
    line.insert("error".into(), json!(entry.error.as_deref().map(withhold_credentials)));
    if entry.batch {
        line.insert("batch".into(), json!(true));
    }
    Json::Object(line)
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
}

/// An error message, or "withheld" when it mentions a credential.
pub fn withhold_credentials(message: &str) -> String {
    let lower = message.to_ascii_lowercase();
    if CREDENTIAL_WORDS.iter().any(|w| lower.contains(w))
        || lower.contains("api key")
        || lower.contains("authorization")
    {
        "withheld: the error mentions a credential".to_owned()
    } else {
        message.to_owned()
    }
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
            if trimmed.starts_with('#') || trimmed.is_empty() {
                return line.to_owned();
            }
            match trimmed.split_once(char::is_whitespace) {
                Some((command, rest)) => match serde_json::from_str::<Json>(rest.trim()) {
                    Ok(params) => format!("{command} {}", redact(&params)),
                    Err(_) => format!("{command} {}", redact_text(rest.trim())),
                },
                None => line.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Free text with URL credentials (`user:pass@`, `?api_key=…`) and `password=…` pairs replaced.
fn redact_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&redact_word(word));
    }
    out
}

fn redact_word(word: &str) -> String {
    let mut word = word.to_owned();
    // user:password@host in a URL.
    if let Some(scheme_end) = word.find("://") {
        let rest_start = scheme_end + 3;
        let authority_end = word[rest_start..].find('/').map_or(word.len(), |i| rest_start + i);
        if let Some(at) = word[rest_start..authority_end].rfind('@') {
            let at = rest_start + at;
            word.replace_range(rest_start..at, REDACTED);
        }
    }
    // key=value pairs (query strings, connection strings).
    let mut out = String::with_capacity(word.len());
    let mut rest = word.as_str();
    while let Some(eq) = rest.find('=') {
        let (head, tail) = rest.split_at(eq);
        let key_start = head.rfind(['?', '&', ';', ',', '(', '"', '\'']).map_or(0, |i| i + 1);
        let key = &head[key_start..];
        out.push_str(head);
        out.push('=');
        let tail = &tail[1..];
        let value_end = tail.find(['&', ';', ',', ')', '"', '\'']).unwrap_or(tail.len());
        if is_credential_key(key) && value_end > 0 {
            out.push_str(REDACTED);
        } else {
            out.push_str(&tail[..value_end]);
        }
        rest = &tail[value_end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_in_arguments_and_script_lines_are_replaced() {
        let args = json!({
            "command": "layer.open",
            "params": {"path": "https://me:hunter2@example.com/a.geojson?api_key=abc&x=1", "password": "pw", "name": "ok"},
        });
        let out = redact(&args).to_string();
        assert!(!out.contains("hunter2") && !out.contains("abc") && !out.contains("\"pw\""), "{out}");
        assert!(out.contains("x=1") && out.contains("\"ok\""), "{out}");
        let script =
            json!({"script": "layer.open {\"path\": \"a.gpkg\", \"token\": \"s3cr3t\"}\n# note\nlayer.list {}"});
        let out = redact(&script).to_string();
        assert!(!out.contains("s3cr3t") && out.contains("layer.list"), "{out}");
    }

    #[test]
    fn days_older_than_30_are_removed_when_the_log_opens() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let audit = dir.path().join("mcp-audit");
        crate::private::ensure_dir(&audit).expect("a private folder");
        let now = OffsetDateTime::now_utc();
        let (today, recent) = (day_name(now), day_name(now - time::Duration::days(29)));
        for day in ["2001-01-01", recent.as_str(), today.as_str()] {
            std::fs::write(audit.join(format!("{day}.jsonl")), "{}\n").expect("a day file");
        }
        std::fs::write(audit.join("notes.txt"), "kept").expect("another file");
        let log = AuditLog::open(dir.path()).expect("the log opens");
        let mut left: Vec<String> = std::fs::read_dir(log.dir())
            .expect("the folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let mut expected = vec![format!("{recent}.jsonl"), format!("{today}.jsonl"), "notes.txt".to_owned()];
        expected.sort();
        assert_eq!(left, expected);
    }

    #[test]
    fn an_error_mentioning_a_credential_is_withheld() {
        assert!(withhold_credentials("bad bearer abc").starts_with("withheld"));
        assert_eq!(withhold_credentials("no layer named x"), "no layer named x");
    }
}
