//! The log every RustGIS program writes: to standard error (standard output may be an MCP
//! stream), at `warn` unless `RUSTGIS_LOG` says otherwise (`RUSTGIS_LOG=debug`,
//! `RUSTGIS_LOG=rustgis_relay=trace`…).

/// The environment variable that sets what is logged, in `tracing_subscriber`'s filter syntax.
pub const LOG_VAR: &str = "RUSTGIS_LOG";

/// Sends the process's `tracing` log to standard error, filtered by [`LOG_VAR`]. Call it once, at
/// the start of `main`; a second call (or another subscriber already installed) changes nothing.
pub fn log_to_stderr() {
    let filter = tracing_subscriber::EnvFilter::try_from_env(LOG_VAR)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    // An error means a subscriber is already installed, which is what the caller wanted.
    let _ = tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter(filter).try_init();
}
