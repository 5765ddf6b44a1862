//! A connection text made ready to connect, as libpq would: `service=` expanded from the
//! service file (`PGSERVICEFILE`, `~/.pg_service.conf`, then `pg_service.conf` in
//! `PGSYSCONFDIR`), the `PGHOST`/`PGPORT`/`PGUSER`/`PGDATABASE` defaults, and the password from
//! `PGPASSWORD` or the password file (`PGPASSFILE`, else `~/.pgpass`: lines of
//! `host:port:dbname:user:password`, `*` matching anything, `\:` and `\\` escaped; ignored, as
//! libpq does, when others may read it). The `postgres` crate reads none of these itself.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use rustgis_core::postgis::{parse_keywords, redact_connection};
use rustgis_core::{Error, Result};

use super::tls::{SslMode, TlsSettings};

/// Connection settings ready for `postgres::Config::connect`, and how to use TLS.
#[derive(Clone)]
pub struct ConnInfo {
    config: postgres::Config,
    tls: TlsSettings,
}

impl std::fmt::Debug for ConnInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // postgres::Config's own Debug shows the password as `_`; say less still.
        f.debug_struct("ConnInfo")
            .field("user", &self.config.get_user())
            .field("dbname", &self.config.get_dbname())
            .finish()
    }
}

/// The keywords a connection text may use.
const KEYWORDS: [&str; 13] = [
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "connect_timeout",
    "sslmode",
    "sslrootcert",
    "sslcert",
    "sslkey",
    "application_name",
    "options",
    "service",
];

impl ConnInfo {
    /// Resolves `connection` (keyword/value or a `postgresql://` URI, no password in it).
    pub fn resolve(connection: &str) -> Result<ConnInfo> {
        let (mut config, tls) = if connection.starts_with("postgresql://") || connection.starts_with("postgres://") {
            from_uri(connection)?
        } else {
            from_keywords(connection)?
        };
        if config.get_hosts().is_empty() {
            config.host(&std::env::var("PGHOST").unwrap_or_else(|_| "localhost".to_owned()));
        }
        if config.get_ports().is_empty()
            && let Some(port) = std::env::var("PGPORT").ok().and_then(|p| p.parse().ok())
        {
            config.port(port);
        }
        if config.get_user().is_none() {
            let user =
                std::env::var("PGUSER").or_else(|_| std::env::var("USER")).unwrap_or_else(|_| "postgres".to_owned());
            config.user(&user);
        }
        if config.get_dbname().is_none() {
            let db = std::env::var("PGDATABASE").ok().or_else(|| config.get_user().map(str::to_owned));
            if let Some(db) = db {
                config.dbname(&db);
            }
        }
        // As libpq: a password in the connection text (a host's own, never a command's) comes
        // first, then PGPASSWORD, then the password file.
        if config.get_password().is_none()
            && let Some(password) = std::env::var("PGPASSWORD").ok().or_else(|| file_password(&config))
        {
            config.password(password.as_bytes());
        }
        Ok(ConnInfo { config, tls: tls.with_environment()? })
    }

    /// The settings, to connect with.
    pub fn config(&self) -> postgres::Config {
        self.config.clone()
    }

    /// Connects as the settings say, TLS included; `label` names the connection in errors.
    pub(super) fn connect(&self, config: postgres::Config, label: &str) -> Result<postgres::Client> {
        super::tls::connect(config, &self.tls, label)
    }
}

/// A `postgresql://` URI: the driver reads it, but for `sslmode` (libpq's six values, where the
/// driver knows three), `sslrootcert`, `sslcert` and `sslkey`, read here.
fn from_uri(connection: &str) -> Result<(postgres::Config, TlsSettings)> {
    let mut tls = TlsSettings::default();
    let text = match connection.split_once('?') {
        Some((base, query)) => {
            let mut kept = Vec::new();
            for pair in query.split('&') {
                match pair.split_once('=') {
                    Some(("sslmode", value)) => tls.mode = Some(SslMode::parse(value)?),
                    Some(("sslrootcert", value)) => tls.root_cert = Some(percent_decoded(value)),
                    Some(("sslcert", value)) => tls.cert = Some(percent_decoded(value)),
                    Some(("sslkey", value)) => tls.key = Some(percent_decoded(value)),
                    _ => kept.push(pair),
                }
            }
            if kept.is_empty() { base.to_owned() } else { format!("{base}?{}", kept.join("&")) }
        }
        None => connection.to_owned(),
    };
    let config = postgres::Config::from_str(&text).map_err(|e| {
        Error::invalid("dsn", format!("'{}' is not a PostgreSQL URI: {e}", redact_connection(connection)))
    })?;
    Ok((config, tls))
}

/// `%2F` and the like decoded (a path in a URI's query).
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while idx < bytes.len() {
        let hex = bytes.get(idx + 1..idx + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[idx], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                idx += 3;
            }
            (byte, _) => {
                out.push(byte);
                idx += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn from_keywords(connection: &str) -> Result<(postgres::Config, TlsSettings)> {
    let given = parse_keywords(connection)?;
    let mut pairs = Vec::new();
    if let Some((_, service)) = given.iter().find(|(key, _)| key == "service") {
        pairs.extend(service_pairs(service)?);
    }
    // What the text says wins over the service's settings.
    pairs.extend(given.into_iter().filter(|(key, _)| key != "service"));
    let mut config = postgres::Config::new();
    let mut tls = TlsSettings::default();
    for (key, value) in &pairs {
        match key.as_str() {
            "host" => {
                for host in value.split(',') {
                    config.host(host);
                }
            }
            "hostaddr" => {
                let addr = value
                    .parse()
                    .map_err(|_| Error::invalid("dsn", format!("hostaddr '{value}' is not an IP address")))?;
                config.hostaddr(addr);
            }
            "port" => {
                let port =
                    value.parse().map_err(|_| Error::invalid("dsn", format!("port '{value}' is not a port number")))?;
                config.port(port);
            }
            "dbname" => {
                config.dbname(value);
            }
            "user" => {
                config.user(value);
            }
            "connect_timeout" => {
                let seconds: u64 = value
                    .parse()
                    .map_err(|_| Error::invalid("dsn", format!("connect_timeout '{value}' is not seconds")))?;
                config.connect_timeout(std::time::Duration::from_secs(seconds));
            }
            "sslmode" => tls.mode = Some(SslMode::parse(value)?),
            "sslrootcert" => tls.root_cert = Some(value.clone()),
            "sslcert" => tls.cert = Some(value.clone()),
            "sslkey" => tls.key = Some(value.clone()),
            "application_name" => {
                config.application_name(value);
            }
            "options" => {
                config.options(value);
            }
            "password" => {
                // From the service file only: check_connection refuses it in what a caller gives.
                config.password(value.as_bytes());
            }
            other => {
                return Err(Error::invalid(
                    "dsn",
                    format!("unknown connection keyword '{other}'; use {}", KEYWORDS.join(", ")),
                ));
            }
        }
    }
    Ok((config, tls))
}

/// The `key=value` lines of `[service]` in the first service file that has it.
fn service_pairs(service: &str) -> Result<Vec<(String, String)>> {
    let mut files = Vec::new();
    if let Ok(file) = std::env::var("PGSERVICEFILE") {
        files.push(PathBuf::from(file));
    } else if let Some(home) = dirs::home_dir() {
        files.push(home.join(".pg_service.conf"));
    }
    let sysconf = std::env::var("PGSYSCONFDIR").unwrap_or_else(|_| "/etc/postgresql-common".to_owned());
    files.push(Path::new(&sysconf).join("pg_service.conf"));
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        let mut inside = false;
        let mut pairs = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                if inside {
                    break;
                }
                inside = name.trim() == service;
                continue;
            }
            if inside && let Some((key, value)) = line.split_once('=') {
                pairs.push((key.trim().to_ascii_lowercase(), value.trim().to_owned()));
            }
        }
        if inside {
            return Ok(pairs);
        }
    }
    Err(Error::invalid(
        "dsn",
        format!(
            "no service '{service}' in {}; define it there (PGSERVICEFILE names another file)",
            files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(" or ")
        ),
    ))
}

/// The password of `config`'s host, port, database and user in the password file, if any.
fn file_password(config: &postgres::Config) -> Option<String> {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(host)) => host.clone(),
        _ => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    pgpass_password(&password_file()?, &host, port, config.get_dbname().unwrap_or(""), config.get_user().unwrap_or(""))
}

/// The password file libpq would read: `PGPASSFILE`, else `~/.pgpass`.
fn password_file() -> Option<PathBuf> {
    std::env::var_os("PGPASSFILE").map(PathBuf::from).or_else(|| dirs::home_dir().map(|h| h.join(".pgpass")))
}

/// The password of the first line of the password file `file` that matches, as libpq reads it.
/// A file that group or others may read is ignored (with a warning), as libpq does.
pub fn pgpass_password(file: &Path, host: &str, port: u16, dbname: &str, user: &str) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(file).ok()?.permissions().mode();
        if mode & 0o077 != 0 {
            tracing::warn!("{} is readable by others (chmod 0600 it): its passwords are not used", file.display());
            return None;
        }
    }
    let text = std::fs::read_to_string(file).ok()?;
    let port = port.to_string();
    let wanted = [host, port.as_str(), dbname, user];
    text.lines().filter(|line| !line.trim_start().starts_with('#')).find_map(|line| {
        let fields = split_pgpass(line);
        if fields.len() < 5 {
            return None;
        }
        let matches = fields.iter().zip(wanted).all(|(field, want)| field == "*" || field == want);
        matches.then(|| fields[4..].join(":"))
    })
}

/// A line's fields, split at unescaped colons, with `\:` and `\\` unescaped.
fn split_pgpass(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(next) = chars.next()
                    && let Some(field) = fields.last_mut()
                {
                    field.push(next);
                }
            }
            ':' if fields.len() < 5 => fields.push(String::new()),
            c => {
                if let Some(field) = fields.last_mut() {
                    field.push(c);
                }
            }
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::{ConnInfo, split_pgpass};

    #[test]
    fn pgpass_fields_split_at_unescaped_colons() {
        assert_eq!(split_pgpass(r"db\:1:5432:*:me:pa\:ss\\w"), vec!["db:1", "5432", "*", "me", "pa:ss\\w"]);
    }

    /// Set in the copies of this test binary that
    /// [`a_password_in_the_connection_text_wins_over_pgpassword_and_the_password_file`] runs with
    /// an environment of their own (this process's stays as it is): the password expected from it.
    const EXPECTED_IN_CHILD: &str = "RUSTGIS_CONNINFO_EXPECTED_PASSWORD";

    #[test]
    fn a_password_in_the_connection_text_wins_over_pgpassword_and_the_password_file() {
        let folder = tempfile::tempdir().expect("a folder");
        let file = folder.path().join("pgpass");
        #[allow(clippy::disallowed_methods, reason = "a test fixture")]
        std::fs::write(&file, "*:*:*:*:from-file\n").expect("written");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        }
        for (pgpassword, expected) in [(Some("from-environment"), "from-environment"), (None, "from-file")] {
            let mut child = std::process::Command::new(std::env::current_exe().expect("this test binary"));
            child
                .args(["--exact", "postgis::conninfo::tests::passwords_in_order_under_the_parents_environment"])
                .env(EXPECTED_IN_CHILD, expected)
                .env("PGPASSFILE", &file)
                .env_remove("PGPASSWORD");
            if let Some(value) = pgpassword {
                child.env("PGPASSWORD", value);
            }
            let ran = child.output().expect("the test binary runs");
            let out = String::from_utf8_lossy(&ran.stdout);
            assert!(ran.status.success() && out.contains("1 passed"), "{out}{}", String::from_utf8_lossy(&ran.stderr));
        }
    }

    #[test]
    fn passwords_in_order_under_the_parents_environment() {
        let Ok(expected) = std::env::var(EXPECTED_IN_CHILD) else {
            return; // run by the test above, in an environment of its own
        };
        let password = |text: &str| {
            let config = ConnInfo::resolve(text).expect("resolves").config();
            config.get_password().map(|p| String::from_utf8_lossy(p).into_owned())
        };
        assert_eq!(password("host=db user=me dbname=gis password=typed").as_deref(), Some("typed"));
        assert_eq!(password("host=db user=me dbname=gis"), Some(expected));
    }
}
