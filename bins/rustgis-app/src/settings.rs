//! The settings the app remembers between launches, in `settings.json` in the settings folder.
//! Full access is deliberately not here: it lasts one session.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The settings file's name in the settings folder.
pub const SETTINGS_FILE: &str = "settings.json";

/// How many recent projects the start page and the File menu list.
pub const RECENT_PROJECTS: usize = 10;

/// What the app remembers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// "Let your Agents Control RustGIS": start the relay, MCP over HTTP and the file bridge at
    /// launch.
    pub agents_on: bool,
    /// Recently opened or saved projects, newest first.
    pub recent_projects: Vec<PathBuf>,
    /// What the network guard lets through (`network.allow`), read by every host.
    #[serde(skip_serializing_if = "NetworkSettings::is_empty")]
    pub network: NetworkSettings,
    /// The connection the Add PostGIS Layer dialog last added a layer from, to start from next
    /// time. Never a password: the dialog has no field here for one.
    #[serde(skip_serializing_if = "PostgisConnection::is_empty")]
    pub postgis: PostgisConnection,
}

/// A PostgreSQL connection as the Add PostGIS Layer dialog's fields hold it (each may be empty:
/// libpq's defaults and `PGHOST`… apply). It has no password by design.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PostgisConnection {
    /// The server's name or address.
    pub host: String,
    /// Its port.
    pub port: String,
    /// The database.
    pub dbname: String,
    /// The user signing in.
    pub user: String,
    /// libpq's `sslmode` (`prefer` when empty).
    pub sslmode: String,
    /// A service of the service file, whose settings fill in the rest.
    pub service: String,
}

impl PostgisConnection {
    /// The fields by their libpq keyword, in the dialog's order.
    pub fn fields(&self) -> [(&'static str, &str); 6] {
        [
            ("host", &self.host),
            ("port", &self.port),
            ("dbname", &self.dbname),
            ("user", &self.user),
            ("sslmode", &self.sslmode),
            ("service", &self.service),
        ]
    }

    /// The field named by its libpq keyword.
    pub fn field_mut(&mut self, keyword: &str) -> Option<&mut String> {
        match keyword {
            "host" => Some(&mut self.host),
            "port" => Some(&mut self.port),
            "dbname" => Some(&mut self.dbname),
            "user" => Some(&mut self.user),
            "sslmode" => Some(&mut self.sslmode),
            "service" => Some(&mut self.service),
            _ => None,
        }
    }

    fn is_empty(&self) -> bool {
        self.fields().iter().all(|(_, value)| value.is_empty())
    }
}

/// The `network` settings: hosts the network guard lets through although their addresses are
/// not public (a tile server on this computer or the office network). `rustgis-relay`'s
/// `net::read_allow` reads the same key for the other hosts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NetworkSettings {
    /// Host names or host:port (`127.0.0.1:8080`, `tiles.intranet.example`).
    pub allow: Vec<String>,
}

impl NetworkSettings {
    fn is_empty(&self) -> bool {
        self.allow.is_empty()
    }
}

impl Settings {
    /// The settings file in `folder`.
    pub fn path_in(folder: &Path) -> PathBuf {
        folder.join(SETTINGS_FILE)
    }

    /// Reads the settings from `folder`; no file means the defaults.
    pub fn load(folder: &Path) -> Result<Settings> {
        let path = Settings::path_in(folder);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map_err(|e| Error::SettingsFormat { path: path.clone(), message: e.to_string() }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
            Err(source) => Err(Error::Settings { path, source }),
        }
    }

    /// Writes the settings to `folder` (made when missing) through RustGIS's atomic writer.
    pub fn save(&self, folder: &Path) -> Result<()> {
        let path = Settings::path_in(folder);
        std::fs::create_dir_all(folder).map_err(|source| Error::Settings { path: path.clone(), source })?;
        let text = serde_json::to_vec_pretty(self).expect("settings are plain data that serialise");
        rustgis_core::io::atomic::write_file(&path, true, |out| {
            std::io::Write::write_all(out, &text).map_err(|source| rustgis_core::Error::Io {
                action: "cannot write",
                path: path.clone(),
                cause: source,
            })
        })
        .map(|_| ())
        .map_err(|source| Error::SaveSettings { path: path.clone(), source })
    }

    /// Puts `path` first in the recent projects, once, keeping [`RECENT_PROJECTS`].
    pub fn note_recent(&mut self, path: &Path) {
        self.recent_projects.retain(|p| p != path);
        self.recent_projects.insert(0, path.to_path_buf());
        self.recent_projects.truncate(RECENT_PROJECTS);
    }
}

#[cfg(test)]
mod tests {
    use super::{RECENT_PROJECTS, Settings};

    #[test]
    fn recent_projects_keep_the_ten_newest_first_each_once() {
        let mut settings = Settings::default();
        for n in 0..12 {
            settings.note_recent(std::path::Path::new(&format!("/maps/{n}.rgis")));
        }
        settings.note_recent(std::path::Path::new("/maps/5.rgis"));
        assert_eq!(RECENT_PROJECTS, 10);
        let names: Vec<String> = settings.recent_projects.iter().map(|p| p.display().to_string()).collect();
        assert_eq!(names.len(), 10);
        assert_eq!(names[..3], ["/maps/5.rgis", "/maps/11.rgis", "/maps/10.rgis"]);
        assert!(!names.contains(&"/maps/1.rgis".to_owned()), "the oldest went: {names:?}");
    }

    #[test]
    fn network_allow_in_the_settings_file_is_kept_by_the_app_and_read_by_the_guard() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let text = r#"{"agents_on": false, "network": {"allow": ["127.0.0.1:8080", "tiles.local"]}}"#;
        rustgis_core::io::atomic::write_bytes(&Settings::path_in(folder.path()), true, text.as_bytes())
            .expect("written");
        let mut settings = Settings::load(folder.path()).expect("the network key is known");
        settings.note_recent(std::path::Path::new("/tmp/p.rgis"));
        settings.save(folder.path()).expect("saved");
        let allow = rustgis_relay::net::read_allow(folder.path());
        assert_eq!(allow, ["127.0.0.1:8080", "tiles.local"], "saving the app's settings kept network.allow");
    }
}
