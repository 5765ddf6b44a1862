//! The Add PostGIS Layer dialog (File ▸ Add PostGIS Layer…): the connection as libpq's fields
//! (host, port, database, user, sslmode, or a service of the service file), a masked password
//! kept for this session only ([`SessionPasswords`]), and `layer.addPostgis`'s own parameters —
//! table or SQL, geometry and id columns, name — as its JSON Schema describes them, in the same
//! [`Form`]s Command Search uses. **Add** runs `layer.addPostgis` as the user: one undo step; the
//! engine's error shows in the dialog and nothing is added. The connection, never the password,
//! is remembered in the settings for next time. No command lists a database's tables, so the
//! table is typed.
//!
//! [`SessionPasswords`]: crate::passwords::SessionPasswords

use rustgis_core::{Outcome, Registry};
use serde_json::{Value as Json, json};
use zeroize::Zeroizing;

use crate::form::Form;
use crate::host::{AppHost, error_text};
use crate::passwords::keyword_value;
use crate::settings::PostgisConnection;

/// The command the dialog runs.
pub const ADD_POSTGIS: &str = "layer.addPostgis";

/// Room reserved for the password as it is typed, so the text field's edits do not move it to
/// a new allocation (leaving an old copy unzeroed) for any password shorter than this.
const PASSWORD_CAPACITY: usize = 256;

/// The dialog's state. `Debug` does not show the password.
pub struct PostgisDialog {
    /// The connection's fields, named by their libpq keywords, started from the last connection
    /// a layer was added from.
    pub connection: Form,
    /// `layer.addPostgis`'s parameters but the connection.
    pub layer: Form,
    /// The password, masked in the window and given to no command; zeroed when dropped.
    pub password: Zeroizing<String>,
    /// Why the last Add failed, as the engine said it.
    pub error: Option<String>,
}

impl std::fmt::Debug for PostgisDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgisDialog")
            .field("connection", &self.connection)
            .field("layer", &self.layer)
            .field("password_typed", &!self.password.is_empty())
            .field("error", &self.error)
            .finish()
    }
}

impl PostgisDialog {
    /// The dialog, its layer fields from the registry's schema of `layer.addPostgis` and its
    /// connection fields from `last`.
    pub fn new(registry: &Registry, last: &PostgisConnection) -> PostgisDialog {
        let mut connection = Form::from_schema("connection", &connection_schema());
        for (keyword, value) in last.fields() {
            if let Some(field) = connection.field_mut(keyword) {
                field.text = value.to_owned();
            }
        }
        let mut layer = registry
            .get(ADD_POSTGIS)
            .map_or_else(|| Form::from_schema(ADD_POSTGIS, &Json::Null), |def| Form::from_schema(def.id, def.schema()));
        layer.fields.retain(|f| f.name != "dsn");
        PostgisDialog {
            connection,
            layer,
            password: Zeroizing::new(String::with_capacity(PASSWORD_CAPACITY)),
            error: None,
        }
    }

    /// The connection text, libpq's `key=value` pairs of the fields filled in (quoted where
    /// needed), without the password.
    pub fn dsn(&self) -> Result<String, String> {
        let params = self.connection.params()?;
        let pairs: Vec<String> = self
            .connection
            .fields
            .iter()
            .filter_map(|field| {
                let value = match params.get(&field.name)? {
                    Json::String(text) => text.clone(),
                    other => other.to_string(),
                };
                Some(keyword_value(&field.name, &value).to_string())
            })
            .collect();
        Ok(pairs.join(" "))
    }

    /// `layer.addPostgis`'s parameters: the layer fields filled in, and `dsn`.
    pub fn params(&self) -> Result<Json, String> {
        let mut params = self.layer.params()?;
        params["dsn"] = json!(self.dsn()?);
        Ok(params)
    }

    /// The connection as the settings remember it.
    pub fn remembered(&self) -> PostgisConnection {
        let mut connection = PostgisConnection::default();
        for field in &self.connection.fields {
            if let Some(value) = connection.field_mut(&field.name) {
                *value = field.text.trim().to_owned();
            }
        }
        connection
    }

    /// Runs `layer.addPostgis` as the user (one undo step). A password typed is kept for the
    /// connection for this session when the layer is added, and forgotten when it is not; the
    /// connection is then remembered. A failure is also kept for the dialog to show.
    pub fn add(&mut self, host: &mut AppHost) -> crate::Result<Outcome> {
        let params = self.params().map_err(|message| {
            self.error = Some(format!("{ADD_POSTGIS}: {message}"));
            crate::Error::Form { command: ADD_POSTGIS.to_owned(), message }
        })?;
        let dsn = params["dsn"].as_str().unwrap_or_default().to_owned();
        let passwords = host.postgis_passwords().clone();
        let replaced = (!self.password.is_empty())
            .then(|| passwords.set(&dsn, Some(Zeroizing::new(self.password.as_str().to_owned()))));
        match host.execute(ADD_POSTGIS, params) {
            Ok(outcome) => {
                host.remember_postgis(self.remembered());
                self.error = None;
                Ok(outcome)
            }
            Err(e) => {
                if let Some(previous) = replaced {
                    passwords.set(&dsn, previous);
                }
                self.error = Some(error_text(&e));
                Err(e)
            }
        }
    }
}

/// The connection fields: libpq's keywords, in the order the dialog shows them.
fn connection_schema() -> Json {
    json!({ "properties": {
        "host": { "type": "string", "description": "Server name or address (default: PGHOST, else localhost)" },
        "port": { "type": "integer", "description": "Port (default: PGPORT, else 5432)" },
        "dbname": { "type": "string", "description": "Database (default: PGDATABASE, else user)" },
        "user": { "type": "string", "description": "User (default: PGUSER, else your login)" },
        "sslmode": {
            "enum": ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"],
            "description": "TLS: prefer (the default) uses it when the server offers it; verify-full checks the server's certificate and name"
        },
        "service": { "type": "string", "description": "A service of ~/.pg_service.conf, for the rest" }
    }})
}

#[cfg(test)]
mod tests {
    use rustgis_core::postgis::parse_keywords;

    use super::PostgisDialog;
    use crate::settings::PostgisConnection;

    #[test]
    fn the_connection_fields_make_a_libpq_connection_with_only_what_was_filled_in() {
        let last = PostgisConnection {
            host: "db.example.org".to_owned(),
            port: "6543".to_owned(),
            dbname: "my gis".to_owned(),
            sslmode: "verify-full".to_owned(),
            ..PostgisConnection::default()
        };
        let mut dialog = PostgisDialog::new(rustgis_core::Registry::global(), &last);
        let dsn = dialog.dsn().expect("valid fields");
        assert_eq!(dsn, "host=db.example.org port=6543 dbname='my gis' sslmode=verify-full");
        assert_eq!(parse_keywords(&dsn).expect("libpq reads it")[2].1, "my gis");
        dialog.connection.field_mut("port").expect("a port field").text = "fifty".to_owned();
        assert_eq!(dialog.dsn().expect_err("not a port"), "port takes a whole number, not \"fifty\"");
    }
}
