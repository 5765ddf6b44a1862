//! The Add PostGIS Layer dialog (File ▸ Add PostGIS Layer…): the connection as libpq's fields
//! (host, port, database, user, sslmode, or a service of the service file), a masked password
//! kept for this session only ([`SessionPasswords`]), and `layer.addPostgis`'s own parameters —
//! table or SQL, geometry and id columns, name — as its JSON Schema describes them, in the same
//! [`Form`]s Command Search uses. **List tables** runs `postgis.tables` and offers the spatial
//! tables it finds; picking one fills in the table (or the query, for a geography column) and its
//! column. **Add** runs `layer.addPostgis` as the user: one undo step. Both run as the user's
//! jobs ([`PostgisJob`]), so the window goes on while the database answers (the status bar shows
//! the job, with its Cancel button); the engine's error shows in the dialog and nothing is added.
//! The connection, never the password, is remembered in the settings for next time.
//!
//! [`SessionPasswords`]: crate::passwords::SessionPasswords

use rustgis_core::{JobInfo, JobState, Registry};
use serde_json::{Value as Json, json};
use zeroize::Zeroizing;

use crate::form::Form;
use crate::host::{AppHost, error_text};
use crate::passwords::keyword_value;
use crate::settings::PostgisConnection;

/// The command the dialog runs to add the layer.
pub const ADD_POSTGIS: &str = "layer.addPostgis";

/// The command the dialog runs to list the tables.
pub const LIST_TABLES: &str = "postgis.tables";

/// The `layer.addPostgis` parameters a picked table fills in (the others are cleared).
const TABLE_PARAMS: [&str; 3] = ["table", "sql", "geometry_column"];

/// Counts the dialog's openings.
static OPENINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

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
    /// Why the last Add or List tables failed, as the engine said it.
    pub error: Option<String>,
    /// The spatial tables **List tables** found, to pick from.
    pub tables: Vec<ListedTable>,
    /// The label of the table picked from them.
    pub picked: Option<String>,
    /// Which opening of the dialog this is: a job settles only in the dialog that started it.
    opening: u64,
}

/// A spatial table `postgis.tables` listed.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedTable {
    /// What the pick list shows: `public.cities (geom: GEOMETRY, EPSG:4326, ~135233 rows)`.
    pub label: String,
    /// `layer.addPostgis`'s parameters that add it, but the connection.
    pub add: Json,
}

/// What a job the dialog started is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Purpose {
    /// Adding the layer; the connection is remembered when it is added.
    Add(PostgisConnection),
    /// Listing the tables.
    List,
}

/// A job the dialog started, watched by the window until it ends (also after the dialog is
/// closed): what it is for, and the password it replaced, put back if the job fails.
pub struct PostgisJob {
    /// The job's id.
    pub id: u64,
    /// What it is for.
    pub purpose: Purpose,
    /// The dialog's opening that started it.
    opening: u64,
    dsn: String,
    replaced: Option<Option<Zeroizing<String>>>,
}

impl std::fmt::Debug for PostgisJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgisJob").field("id", &self.id).field("purpose", &self.purpose).finish_non_exhaustive()
    }
}

impl std::fmt::Debug for PostgisDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgisDialog")
            .field("connection", &self.connection)
            .field("layer", &self.layer)
            .field("password_typed", &!self.password.is_empty())
            .field("error", &self.error)
            .field("tables", &self.tables.len())
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
            tables: Vec::new(),
            picked: None,
            opening: OPENINGS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
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

    /// Starts `layer.addPostgis` as the user's job. A password typed is set for the connection
    /// now (the job connects with it) and put back as it was if the job fails.
    pub fn start_add(&mut self, host: &mut AppHost) -> crate::Result<PostgisJob> {
        let params = self.params().map_err(|message| self.form_error(ADD_POSTGIS, message))?;
        self.start(host, ADD_POSTGIS, params, Purpose::Add(self.remembered()))
    }

    /// Starts `postgis.tables` for the connection as the user's job (the password as for Add).
    pub fn start_listing(&mut self, host: &mut AppHost) -> crate::Result<PostgisJob> {
        let dsn = self.dsn().map_err(|message| self.form_error(LIST_TABLES, message))?;
        self.start(host, LIST_TABLES, json!({ "dsn": dsn }), Purpose::List)
    }

    fn form_error(&mut self, command: &str, message: String) -> crate::Error {
        self.error = Some(format!("{command}: {message}"));
        crate::Error::Form { command: command.to_owned(), message }
    }

    fn start(
        &mut self,
        host: &mut AppHost,
        command: &str,
        params: Json,
        purpose: Purpose,
    ) -> crate::Result<PostgisJob> {
        let dsn = params["dsn"].as_str().unwrap_or_default().to_owned();
        let passwords = host.postgis_passwords().clone();
        let replaced = (!self.password.is_empty())
            .then(|| passwords.set(&dsn, Some(Zeroizing::new(self.password.as_str().to_owned()))));
        match host.start_job(command, params) {
            Ok(id) => {
                self.error = None;
                Ok(PostgisJob { id, purpose, opening: self.opening, dsn, replaced })
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

    /// Fills in the layer fields from the listed table `label`.
    pub fn pick(&mut self, label: &str) {
        let Some(table) = self.tables.iter().find(|t| t.label == label) else { return };
        let add = table.add.clone();
        for name in TABLE_PARAMS {
            if let Some(field) = self.layer.field_mut(name) {
                field.text = add.get(name).and_then(Json::as_str).unwrap_or_default().to_owned();
            }
        }
        self.picked = Some(label.to_owned());
    }
}

impl PostgisJob {
    /// Whether `dialog` is the opening of the dialog that started it.
    pub fn started_by(&self, dialog: &PostgisDialog) -> bool {
        self.opening == dialog.opening
    }

    /// Whether it lists the tables (else it adds the layer).
    pub fn is_listing(&self) -> bool {
        self.purpose == Purpose::List
    }

    /// Settles the job that ended as `info`: a failed, cancelled or conflicting job puts the
    /// password back and says why in `dialog` (when it is the one that started the job, still
    /// open); an added layer remembers the connection and closes that dialog; listed tables fill
    /// its pick list. Returns what the status bar says, and whether in red.
    pub fn settle(self, info: &JobInfo, dialog: &mut Option<PostgisDialog>, host: &mut AppHost) -> (String, bool) {
        let mine = dialog.as_ref().is_some_and(|d| self.started_by(d));
        let mut unrelated = None;
        let dialog = if mine { dialog } else { &mut unrelated };
        let command = match self.purpose {
            Purpose::Add(_) => ADD_POSTGIS,
            Purpose::List => LIST_TABLES,
        };
        let result = match (&info.state, &info.result) {
            (JobState::Completed, Some(result)) => result,
            _ => {
                if let Some(previous) = self.replaced {
                    host.postgis_passwords().set(&self.dsn, previous);
                }
                let why = match (&info.error, &info.state) {
                    (Some(error), _) => format!("{command} failed: {error}"),
                    (None, state) => format!("{command} was {}", state.name()),
                };
                if let Some(dialog) = dialog {
                    dialog.error = Some(why.clone());
                }
                return (why, true);
            }
        };
        match self.purpose {
            Purpose::Add(connection) => {
                host.remember_postgis(connection);
                *dialog = None;
                match info.notices.first() {
                    Some(notice) => (notice.clone(), false),
                    None => (format!("added {}", info.layers_added.join(", ")), false),
                }
            }
            Purpose::List => {
                let tables = listed_tables(result);
                let said = match (tables.len(), result["truncated"].as_bool()) {
                    (0, _) => "no spatial tables this user may read".to_owned(),
                    (n, Some(true)) => format!("the first {n} spatial tables (there are more: give the table)"),
                    (n, _) => format!("{n} spatial table{}", if n == 1 { "" } else { "s" }),
                };
                if let Some(dialog) = dialog {
                    dialog.tables = tables;
                    dialog.picked = None;
                    dialog.error = None;
                }
                (said, false)
            }
        }
    }
}

/// The tables of a `postgis.tables` result, labelled for the pick list.
fn listed_tables(result: &Json) -> Vec<ListedTable> {
    let entries = result["tables"].as_array().map(Vec::as_slice).unwrap_or_default();
    entries
        .iter()
        .map(|entry| {
            let text = |key: &str| entry[key].as_str().unwrap_or_default().to_owned();
            let mut label = format!("{} ({}: {}", text("table"), text("geometry_column"), text("geometry_type"));
            if text("column_type") == "geography" {
                label.push_str(" geography");
            }
            match entry["srid"].as_i64() {
                Some(srid) if srid > 0 => label.push_str(&format!(", EPSG:{srid}")),
                _ => {}
            }
            match (text("kind").as_str(), entry["rows_estimate"].as_i64()) {
                ("table", Some(rows)) => label.push_str(&format!(", ~{rows} rows)")),
                (kind, _) => label.push_str(&format!(", {kind})")),
            }
            let mut add = entry["add"].clone();
            if let Some(add) = add.as_object_mut() {
                add.remove("dsn");
            }
            ListedTable { label, add }
        })
        .collect()
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
