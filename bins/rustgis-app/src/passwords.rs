//! Passwords typed in the app (the Add PostGIS Layer dialog), for this session only. Core never
//! sees them: [`AppDatabase`], the database access the app installs, is rustgis-relay's
//! `PostgisProvider` handed the connection text with the typed password added as it connects.
//! So no password reaches a project, the undo history, the settings or a log, and `Debug` says
//! how many there are, never what.
//!
//! Limitations: a password stays in memory until the app closes, so its layers keep drawing; it
//! is zeroed when replaced or dropped, but egui's text field and the `postgres` crate keep copies
//! of their own that are freed without being zeroed. As in libpq, the typed password wins over
//! `PGPASSWORD` and `~/.pgpass` (rustgis-relay looks there only when the connection text has
//! none). A project reopened in a later session connects with `~/.pgpass` or the service file
//! only.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;
use rustgis_core::Result;
use rustgis_core::postgis::{SqlColumn, SqlQuery, SqlRows, TableLoad, VectorProvider};
use zeroize::Zeroizing;

/// The passwords typed this session, by the connection text (without a password) they go with.
#[derive(Clone, Default)]
pub struct SessionPasswords {
    // Shared by the dialog, which sets them on the window's thread, and the database access,
    // which reads them on whichever thread draws or queries: held only to look up or replace one.
    by_connection: Arc<Mutex<HashMap<String, Zeroizing<String>>>>,
}

impl std::fmt::Debug for SessionPasswords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionPasswords").field("n_passwords", &self.by_connection.lock().len()).finish()
    }
}

impl SessionPasswords {
    /// Sets the password of `connection` (with `None`, forgets it); returns the one it replaces.
    pub fn set(&self, connection: &str, password: Option<Zeroizing<String>>) -> Option<Zeroizing<String>> {
        let key = connection.trim().to_owned();
        let mut by_connection = self.by_connection.lock();
        match password {
            Some(password) => by_connection.insert(key, password),
            None => by_connection.remove(&key),
        }
    }

    /// Whether a password was typed for `connection`.
    pub fn has(&self, connection: &str) -> bool {
        self.by_connection.lock().contains_key(connection.trim())
    }

    /// `connection` with its typed password added as libpq's `password='…'`, or as it is when
    /// none was typed for it or it is a `postgresql://` URI.
    pub fn connection_with_password(&self, connection: &str) -> Zeroizing<String> {
        let by_connection = self.by_connection.lock();
        match by_connection.get(connection.trim()) {
            Some(password) if !connection.contains("://") => {
                Zeroizing::new(format!("{} {}", connection.trim(), *keyword_value("password", password)))
            }
            _ => Zeroizing::new(connection.to_owned()),
        }
    }
}

/// The app's database access for PostGIS layers: `inner` (rustgis-relay's `PostgisProvider`)
/// given the session's typed password of each connection it opens.
pub struct AppDatabase {
    inner: Arc<dyn VectorProvider>,
    passwords: SessionPasswords,
}

impl AppDatabase {
    /// `inner` with the passwords in `passwords`.
    pub fn new(inner: Arc<dyn VectorProvider>, passwords: SessionPasswords) -> AppDatabase {
        AppDatabase { inner, passwords }
    }
}

impl VectorProvider for AppDatabase {
    fn columns(&self, connection: &str, query: &SqlQuery) -> Result<Vec<SqlColumn>> {
        self.inner.columns(&self.passwords.connection_with_password(connection), query)
    }

    fn rows(&self, connection: &str, query: &SqlQuery) -> Result<SqlRows> {
        self.inner.rows(&self.passwords.connection_with_password(connection), query)
    }

    fn load(&self, connection: &str, load: TableLoad) -> Result<u64> {
        self.inner.load(&self.passwords.connection_with_password(connection), load)
    }
}

/// `key=value` as libpq reads it: the value in single quotes, with `\` and `'` escaped, when it
/// is empty or holds a space, a quote or a backslash.
pub(crate) fn keyword_value(key: &str, value: &str) -> Zeroizing<String> {
    let mut out = Zeroizing::new(String::with_capacity(key.len() + value.len() + 8));
    out.push_str(key);
    out.push('=');
    if !value.is_empty() && !value.chars().any(|c| c.is_whitespace() || c == '\'' || c == '\\') {
        out.push_str(value);
        return out;
    }
    out.push('\'');
    for c in value.chars() {
        if c == '\'' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use parking_lot::Mutex;
    use rustgis_core::postgis::{SqlCell, SqlColumn, SqlQuery, SqlRows, TableLoad, VectorProvider, parse_keywords};
    use zeroize::Zeroizing;

    use super::{AppDatabase, SessionPasswords, keyword_value};

    /// A database access that records the connections it was handed.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl VectorProvider for Recorder {
        fn columns(&self, connection: &str, _: &SqlQuery) -> rustgis_core::Result<Vec<SqlColumn>> {
            self.0.lock().push(connection.to_owned());
            Ok(Vec::new())
        }
        fn rows(&self, connection: &str, _: &SqlQuery) -> rustgis_core::Result<SqlRows> {
            self.0.lock().push(connection.to_owned());
            Ok(Box::new(std::iter::empty::<rustgis_core::Result<Vec<SqlCell>>>()))
        }
        fn load(&self, connection: &str, _: TableLoad) -> rustgis_core::Result<u64> {
            self.0.lock().push(connection.to_owned());
            Ok(0)
        }
    }

    #[test]
    fn the_typed_password_reaches_the_database_access_only_for_its_connection() {
        let recorder = Arc::new(Recorder::default());
        let passwords = SessionPasswords::default();
        let database = AppDatabase::new(recorder.clone(), passwords.clone());
        passwords.set("host=db user=me", Some(Zeroizing::new(r"it's \ secret".to_owned())));
        let query = SqlQuery { sql: "SELECT 1".to_owned(), params: Vec::new() };
        database.columns("host=db user=me", &query).expect("recorded");
        database.columns("host=other user=me", &query).expect("recorded");
        let seen = recorder.0.lock().clone();
        let pairs = parse_keywords(&seen[0]).expect("libpq reads it");
        assert_eq!(pairs.last(), Some(&("password".to_owned(), r"it's \ secret".to_owned())));
        assert_eq!(seen[1], "host=other user=me", "another connection gets no password");
        assert!(!format!("{passwords:?}").contains("secret"));
        passwords.set("host=db user=me", None);
        assert!(!passwords.has("host=db user=me"));
    }

    #[test]
    fn values_are_quoted_only_when_libpq_needs_it() {
        assert_eq!(*keyword_value("host", "db.example.org"), "host=db.example.org");
        assert_eq!(*keyword_value("dbname", "my db"), "dbname='my db'");
        assert_eq!(*keyword_value("user", ""), "user=''");
        let quoted = keyword_value("dbname", r"o'k\");
        assert_eq!(parse_keywords(&quoted).expect("parses")[0].1, r"o'k\");
    }
}
