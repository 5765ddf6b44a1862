//! The app library's one error type.

use std::path::PathBuf;

/// Errors from the app's own files and from starting agents.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The settings file could not be read or written.
    #[error("cannot use the settings file {path}")]
    Settings {
        /// The settings file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The settings file could not be written.
    #[error("cannot save the settings to {path}")]
    SaveSettings {
        /// The settings file.
        path: PathBuf,
        /// Why.
        #[source]
        source: rustgis_core::Error,
    },
    /// The settings file holds something that is not the app's settings.
    #[error("the settings file {path} is not RustGIS settings: {message}")]
    SettingsFormat {
        /// The settings file.
        path: PathBuf,
        /// What the JSON reader said.
        message: String,
    },
    /// Agents could not be turned on (neither the relay nor the file bridge started).
    #[error("agents could not start")]
    Agents(#[source] rustgis_relay::Error),
    /// A RustGIS command failed or was refused.
    #[error("{command} failed")]
    Command {
        /// The command id.
        command: String,
        /// Why.
        #[source]
        source: rustgis_core::Error,
    },
    /// A dialog's fields do not make valid parameters for its command.
    #[error("{command}: {message}")]
    Form {
        /// The command id.
        command: String,
        /// Which field is wrong and what it accepts.
        message: String,
    },
    /// The window could not open or ended with an error.
    #[error("the window failed: {0}")]
    Window(String),
    /// The map could not be drawn.
    #[error("cannot draw the map")]
    Render(#[source] rustgis_render::Error),
}

/// The app library's result.
pub type Result<T> = std::result::Result<T, Error>;
