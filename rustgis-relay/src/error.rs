//! Errors from starting, running and attaching to the relay.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Errors of the relay library.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The relay listens on loopback only; nothing was opened.
    #[error("the relay listens on loopback only (127.0.0.1 or ::1), not {addr}; nothing was opened")]
    NotLoopback {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// Another program (or another RustGIS) holds the port.
    #[error(
        "port {port} on {ip} is taken (another RustGIS or another program listens there); set RUSTGIS_MCP_PORT to \
         another port, for the app and for --attach alike"
    )]
    PortTaken {
        /// The address.
        ip: std::net::IpAddr,
        /// The port.
        port: u16,
    },
    /// Another program (or another RustGIS) holds the port of MCP over HTTP.
    #[error(
        "port {port} on {ip} for MCP over HTTP is taken (another RustGIS or another program listens there); set \
         RUSTGIS_MCP_HTTP_PORT to another port, and register HTTP clients with that port (rustgis-cli mcp-register --port)"
    )]
    HttpPortTaken {
        /// The address.
        ip: std::net::IpAddr,
        /// The port.
        port: u16,
    },
    /// `RUSTGIS_MCP_PORT` or `RUSTGIS_MCP_HTTP_PORT` (or a port argument) is not a port number.
    #[error("{name}={value:?} is not a port number: give 1 to 65535 (or unset it for {default})")]
    BadPort {
        /// Where the value came from (`RUSTGIS_MCP_PORT`).
        name: String,
        /// The value given.
        value: String,
        /// The port used when the variable is unset.
        default: u16,
    },
    /// The system has no settings folder for the HTTP token, and none was given.
    #[error("this system has no settings folder for mcp-http.token; give one (HttpConfig::settings_dir, --settings)")]
    NoSettingsDir,
    /// MCP over HTTP already runs beside this relay.
    #[error("MCP over HTTP already runs on {running}; stop the relay first to move it")]
    HttpRunning {
        /// Its address.
        running: SocketAddr,
    },
    /// Another copy of RustGIS runs the file bridge.
    #[error(
        "another RustGIS already runs the file bridge (it holds {lock}); only one copy at a time runs it, so this \
         copy's bridge is off"
    )]
    BridgeBusy {
        /// The lock file.
        lock: PathBuf,
    },
    /// Listening failed for another reason.
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The private folder (or a file in it) is not safe to use.
    #[error("{path} is not private: {problem}")]
    NotPrivate {
        /// The folder or file.
        path: PathBuf,
        /// What is wrong with it, and what would do.
        problem: String,
    },
    /// No token file: no relay runs on this port.
    #[error(
        "no RustGIS relay is running on port {port} (there is no {path}): start it in the app (Help ▸ MCP Relay, or \
         tick Let your Agents Control RustGIS) or run `rustgis-relay --sample`"
    )]
    NoRelay {
        /// The port.
        port: u16,
        /// The token file that is missing.
        path: PathBuf,
    },
    /// A file operation failed.
    #[error("{action} {path}")]
    Io {
        /// What was being done (`cannot write`).
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The relay has stopped: grants and approvals are refused.
    #[error("the relay has stopped; start it again (ui.mcpRelay) first")]
    Stopped,
    /// An approval decision for a request that is not waiting (answered, expired or cancelled).
    #[error(
        "request {id} is not waiting for approval (it was answered, expired or cancelled); an expired request cannot be revived"
    )]
    NotWaiting {
        /// The approval id.
        id: u64,
    },
    /// A grant's roots do not lie inside the relay's own.
    #[error("a grant's roots must lie inside the relay's own: {0}")]
    Roots(String),
    /// The operating system's random source failed.
    #[error("cannot draw a token from the operating system's random source: {0}")]
    Random(String),
    /// The relay's threads could not start.
    #[error("cannot start the relay's threads")]
    Runtime(#[source] std::io::Error),
    /// The stop signals (SIGTERM, SIGINT, SIGHUP) could not be caught.
    #[error("cannot catch the stop signals (SIGTERM, SIGINT, SIGHUP)")]
    Signals(#[source] std::io::Error),
    /// `ui.mcpRelay` asked for another port while the relay runs.
    #[error(
        "the relay already listens on {running}; stop it first (ui.mcpRelay {{\"stop\": true}}) to move it to port {asked}"
    )]
    OtherPort {
        /// The address it listens on.
        running: SocketAddr,
        /// The port asked for.
        asked: u16,
    },
    /// `ui.mcpRelay` got parameters it does not take.
    #[error("ui.mcpRelay: {0}; it takes {{\"port\": 1 to 65535}} and {{\"stop\": true}}")]
    InvalidParams(String),
    /// `mcp --attach`: nothing listens on the port.
    #[error(
        "no RustGIS relay is running on {addr}: start it in the app (Help ▸ MCP Relay, or tick Let your Agents \
         Control RustGIS) or run `rustgis-relay --sample`"
    )]
    NotRunning {
        /// The address tried.
        addr: SocketAddr,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// `mcp --attach`: the relay closed the connection instead of accepting the token.
    #[error(
        "the relay on {addr} refused the token in {token_file}: it is wrong or stale (was the relay restarted, or \
         the grant revoked?)"
    )]
    TokenRefused {
        /// The relay.
        addr: SocketAddr,
        /// Where the token came from.
        token_file: PathBuf,
    },
    /// `mcp --attach`: the relay closed the connection after attaching.
    #[error(
        "the relay on {addr} closed the connection: RustGIS stopped it (the app or rustgis-relay quit, or agents \
         were turned off); attach again once it runs"
    )]
    RelayStopped {
        /// The relay.
        addr: SocketAddr,
    },
    /// The crash-recovery copy of the project could not be written.
    #[error("cannot write the crash-recovery copy of the project to {path}")]
    Recovery {
        /// The copy.
        path: PathBuf,
        /// The cause.
        #[source]
        source: rustgis_core::Error,
    },
    /// `mcp --attach`: reading or writing the connection or standard input failed.
    #[error("{0}")]
    Transport(String),
}

/// Results of the relay library.
pub type Result<T> = std::result::Result<T, Error>;
