//! The platform's standard folders the app uses: settings, data, cache and the relay's private
//! folder. On Linux they follow the `XDG_*` variables, so tests point them at temporary folders.

use std::path::PathBuf;

/// Where the app keeps its files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    /// Settings (`settings.json`, `mcp-http.token`): `~/.config/rustgis` on Linux.
    pub settings: PathBuf,
    /// App data (the `mcp-audit` log): `~/.local/share/rustgis` on Linux.
    pub data: PathBuf,
    /// Cache: `~/.cache/rustgis` on Linux.
    pub cache: PathBuf,
    /// The relay's private folder (tokens, endpoint.json, the file bridge):
    /// `$XDG_RUNTIME_DIR/rustgis`, else a per-user folder in the temporary folder.
    pub private: PathBuf,
}

impl Folders {
    /// The platform's folders (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME` and
    /// `XDG_RUNTIME_DIR` on Linux). A platform without a home folder falls back to folders in the
    /// private folder, so the app still runs.
    pub fn from_env() -> Folders {
        let private = rustgis_relay::default_private_dir();
        let fallback = |name: &str| private.join(name);
        Folders {
            settings: rustgis_relay::default_settings_dir().unwrap_or_else(|| fallback("settings")),
            data: rustgis_relay::default_app_data_dir().unwrap_or_else(|| fallback("data")),
            cache: dirs::cache_dir().map(|c| c.join(app_folder_name())).unwrap_or_else(|| fallback("cache")),
            private,
        }
    }

    /// All four inside one folder (tests).
    pub fn inside(root: &std::path::Path) -> Folders {
        Folders {
            settings: root.join("settings"),
            data: root.join("data"),
            cache: root.join("cache"),
            private: root.join("private"),
        }
    }
}

/// `rustgis` on Linux, `RustGIS` elsewhere, as the documentation names the folders.
fn app_folder_name() -> &'static str {
    if cfg!(target_os = "linux") { "rustgis" } else { "RustGIS" }
}
