//! Unit tests of `audit.rs`.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

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
    let script = json!({"script": "layer.open {\"path\": \"a.gpkg\", \"token\": \"s3cr3t\"}\n# note\nlayer.list {}"});
    let out = redact(&script).to_string();
    assert!(!out.contains("s3cr3t") && out.contains("layer.list"), "{out}");
}

#[test]
fn a_compact_run_line_is_redacted_whatever_its_spacing() {
    for line in [
        r#"layer.open{"path":"https://u:p4ss@host/x","password":"p4ss"}"#,
        r#"layer.open   {"path": "https://u:p4ss@host/x", "password" : "p4ss"}"#,
        "\tlayer.open\t{\"password\":\"p4ss\",\"path\":\"https://u:p4ss@host/x\"}",
    ] {
        let out = redact(&json!({ "script": line })).to_string();
        assert!(!out.contains("p4ss"), "{line} gave {out}");
        assert!(out.contains("layer.open"), "{out}");
    }
}

#[test]
fn a_bearer_token_inside_a_run_line_is_redacted() {
    let script = "layer.open {\"path\": \"https://example.com/x\", \"headers\": \"Authorization: Bearer 0123abcd0123abcd\"}\n\
                  layer.open {\"path\": \"x\", \"note\": \"bearer 99ff99ff\"}";
    let out = redact(&json!({ "script": script })).to_string();
    assert!(!out.contains("0123abcd") && !out.contains("99ff99ff"), "{out}");
}

fn entry(args: Json, error: Option<String>) -> AuditEntry {
    AuditEntry {
        source: "mcp",
        agent: Some("agent 1".to_owned()),
        tool: "run_command".to_owned(),
        args,
        success: error.is_none(),
        duration: Duration::from_millis(3),
        error,
        batch: false,
        at: SystemTime::now(),
        asked: None,
    }
}

#[test]
fn long_arguments_and_errors_are_cut_to_a_few_kilobytes_and_marked() {
    let huge = "a".repeat(1 << 20);
    let line = entry_json(&entry(
        json!({ "command": "layer.info", "params": { "layer": huge } }),
        Some(format!("no layer named {huge}")),
    ));
    let text = line.to_string();
    assert!(text.len() < 3 * MAX_LOGGED_BYTES, "{} bytes", text.len());
    assert_eq!(line["args"]["truncated"], json!(true));
    assert_eq!(line["command"], json!("layer.info"), "what the call was survives");
    assert!(line["error"].as_str().is_some_and(|e| e.contains("[truncated")), "{}", line["error"]);
}

#[test]
fn a_days_file_stops_growing_at_its_cap_and_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = AuditLog::open(dir.path()).expect("the log opens").with_day_cap(2000);
    for _ in 0..50 {
        log.write(&entry(json!({ "command": "layer.list" }), None));
    }
    let file = std::fs::read_dir(log.dir()).expect("the folder").flatten().next().expect("a day file");
    let text = std::fs::read_to_string(file.path()).expect("it reads");
    assert!(text.len() <= 2000 + 300, "{} bytes", text.len());
    assert!(text.lines().last().is_some_and(|l| l.contains("\"capped\":true")), "{text}");
    assert_eq!(text.matches("capped").count(), 1, "said once");
}

#[test]
fn a_live_token_is_redacted_wherever_it_appears() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = AuditLog::open(dir.path()).expect("the log opens");
    let token = Token::generate().expect("a token");
    log.add_secret(&token);
    log.write(&entry(json!({ "command": "layer.rename", "params": { "name": token.expose() } }), None));
    let file = std::fs::read_dir(log.dir()).expect("the folder").flatten().next().expect("a day file");
    let text = std::fs::read_to_string(file.path()).expect("it reads");
    assert!(!text.contains(token.expose()) && text.contains(REDACTED), "{text}");
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
fn an_error_holding_a_credential_is_withheld() {
    for held in [
        "bad bearer abc",
        "the token 3f9a0c1d2e3f4a5b6c7d8e9f00112233 is wrong",
        "password: hunter2!",
        "the password is correct-horse-battery-staple",
        "api key sk_live_51Habc was refused",
    ] {
        assert!(withhold_credentials(held).starts_with("withheld"), "{held}");
    }
}

#[test]
fn an_error_that_only_names_a_credential_is_logged_in_full() {
    for prose in [
        "no layer named x",
        "test.code runs code: … only for agents attached to the desktop app with the relay's own token (or MCP over \
         HTTP, which shares it); ask the user to tick Full access",
        "password authentication failed for user \"bob\"",
        "cannot read /run/user/1000/rustgis/8767.token: no such file",
        "rustgis-cli mcp --attach 8767 --token-file /run/user/1000/rustgis/8767-1-2.token",
        "layer.info: unknown field `password`, expected `layer`",
        "Authorization: Bearer [redacted]",
        "the token was refused",
    ] {
        assert_eq!(withhold_credentials(prose), prose);
    }
}

#[test]
fn an_error_repeating_a_credential_of_the_call_has_it_replaced() {
    let args = json!({ "path": "/data/x", "password": "hunter2", "params": { "api_key": "k3y-value" } });
    let logged = error_for_log("cannot open hunter2 with k3y-value", &args);
    assert_eq!(logged, "cannot open [redacted] with [redacted]");
    let script = json!({ "script": "layer.info {\"layer\": \"x\", \"token\": \"s3cr3t\"}" });
    assert_eq!(error_for_log("line 1: s3cr3t is not a layer", &script), "line 1: [redacted] is not a layer");
}

#[test]
fn reading_a_log_that_does_not_exist_yet_gives_no_entries() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    assert!(AuditLog::read_all(dir.path()).expect("no log is no error").is_empty());
}

#[test]
fn reading_the_log_gives_every_day_in_order_and_names_a_line_that_is_not_json() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let audit = dir.path().join("mcp-audit");
    crate::private::ensure_dir(&audit).expect("a private folder");
    std::fs::write(audit.join("2026-12-02.jsonl"), "{\"day\":2}\n").expect("a day file");
    std::fs::write(audit.join("2026-12-01.jsonl"), "{\"day\":1}\n{\"day\":1.5}\n").expect("a day file");
    let days: Vec<f64> = AuditLog::read_all(dir.path())
        .expect("the log reads")
        .iter()
        .map(|entry| entry["day"].as_f64().expect("a day"))
        .collect();
    assert_eq!(days, [1.0, 1.5, 2.0]);
    std::fs::write(audit.join("2026-12-03.jsonl"), "{\"day\":3}\nnot json\n").expect("a damaged day");
    let error = AuditLog::read_all(dir.path()).expect_err("a damaged line");
    let cause = std::error::Error::source(&error).map(ToString::to_string).unwrap_or_default();
    assert!(error.to_string().contains("2026-12-03.jsonl") && cause.contains("line 2"), "{error}: {cause}");
}

/// Each line holds the secret `s3cr3t` (or `s3cr3t more`) in one of the spellings credentials
/// come in; the redacted line must not hold it, and must keep what is not a credential.
const SPELLINGS: &[(&str, &str)] = &[
    // The four spellings of issue 34.
    ("libpq, spaces around =", "host=db.example.com password = 's3cr3t more' dbname=gis"),
    ("libpq, an escaped space", r"host=db password=s3cr3t\ more dbname=gis"),
    ("Authorization, no space, a tab", "Authorization:Bearer\ts3cr3t"),
    ("a script comment", "# Bearer s3cr3t"),
    // And more.
    ("libpq, compact", "host=db password=s3cr3t dbname=gis"),
    ("libpq, quoted with an escaped quote", r"password='s3cr3t\'more' host=db"),
    ("libpq, sslpassword", "sslpassword=s3cr3t sslmode=verify-full"),
    ("an environment line", "PGPASSWORD=s3cr3t psql -h db"),
    ("a URL with user and password", "postgresql://gis:s3cr3t@db.example.com:5432/gis"),
    ("a URL with an @ in the password", "https://me:s3cr3t@more@example.com/x.geojson"),
    ("a URL with only a user token", "https://s3cr3t@example.com/tiles/{z}/{x}/{y}.png"),
    ("a query string", "https://example.com/wms?SERVICE=WMS&api_key=s3cr3t&LAYERS=a"),
    ("a query string, token", "https://example.com/t?access_token=s3cr3t"),
    ("JSON in text", r#"{"user": "me", "password": "s3cr3t"}"#),
    ("JSON in text, no space", r#"{"apiKey":"s3cr3t"}"#),
    ("YAML-ish", "client_secret: s3cr3t"),
    ("a header, canonical", "Authorization: Bearer s3cr3t"),
    ("a header, lower case", "authorization: bearer s3cr3t"),
    ("a header, basic", "Authorization: Basic s3cr3t"),
    ("a header, unknown scheme", "Authorization: Token s3cr3t"),
    ("a proxy header", "Proxy-Authorization: Basic s3cr3t"),
    ("an API key header", "X-Api-Key: s3cr3t"),
    ("a cookie header", "Cookie: session=s3cr3t; theme=dark"),
    ("bearer with several spaces", "Bearer    s3cr3t"),
    ("bearer with a colon", "bearer:s3cr3t"),
    ("bearer in a sentence", "the server said: use Bearer s3cr3t next time"),
    ("a key with equals and spaces", "token = s3cr3t"),
    ("passwd", "passwd=s3cr3t"),
    ("pwd", "Server=db;Uid=me;Pwd=s3cr3t;"),
    ("a secret in parentheses", "connect(password=s3cr3t)"),
    ("non-ASCII around", "café password=s3cr3t€ naïve"),
];

#[test]
fn every_spelling_of_a_credential_is_redacted_and_the_rest_kept() {
    for (what, line) in SPELLINGS {
        let out = redact_text(line);
        assert!(!out.contains("s3cr3t"), "{what}: {line} gave {out}");
        assert!(!out.contains("more") || !line.contains("s3cr3t more"), "{what}: {line} gave {out}");
        assert!(out.contains(REDACTED), "{what}: {out}");
    }
    assert_eq!(redact_text("host=db password = 'a b' dbname=gis"), "host=db password = '[redacted]' dbname=gis");
    assert_eq!(redact_text(r"password=x\ y dbname=gis"), "password=[redacted] dbname=gis");
    assert_eq!(redact_text("Authorization:Bearer\tabc"), "Authorization:[redacted]");
    assert_eq!(redact_text("# Bearer abc"), "# Bearer [redacted]");
}

#[test]
fn text_without_credentials_is_left_as_it_is() {
    for line in [
        "layer.open {\"path\": \"https://example.com/a.geojson?x=1\"}",
        "no layer named 'passwords'",
        "host=db dbname=gis user=me",
        "the time is 12:30, key facts follow",
        "a basic map",
    ] {
        assert_eq!(redact_text(line), line);
    }
}

#[test]
fn the_issues_spellings_are_redacted_in_run_scripts_and_arguments() {
    let script = "layer.addPostgis {\"connection\": \"host=db password = 'a b c'\", \"table\": \"t\"}\n\
                  # Bearer 0123abcd0123abcd\n\
                  layer.addXyz {\"url\": \"https://x/{z}/{x}/{y}.png\", \"headers\": \"Authorization:Bearer\\t99ff99ff\"}\n\
                  layer.addPostgis {\"connection\": \"host=db password=x\\\\ yzzy\"}";
    let out = redact(&json!({ "script": script })).to_string();
    for secret in ["a b c", "0123abcd", "99ff99ff", "yzzy"] {
        assert!(!out.contains(secret), "{secret} in {out}");
    }
}
