//! `rustgis-cli mcp --attach`: carries MCP between standard input and output and the running
//! app's relay, so an agent drives the project the user has open.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rustgis_relay::{AttachOptions, attach_and_pump, port_from_env};

/// Attaches to the relay on `port` (or `RUSTGIS_MCP_PORT`, else 8767) until standard input ends.
pub(crate) fn run(
    port: Option<u16>,
    yes: bool,
    timeout_s: Option<u64>,
    token_file: Option<PathBuf>,
) -> anyhow::Result<ExitCode> {
    let port = match port {
        Some(port) => port,
        None => port_from_env()?,
    };
    let options = AttachOptions { port, access: yes, timeout_s, token_file, client: "rustgis-cli".to_owned() };
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().context("cannot start the async runtime")?;
    let outcome = runtime.block_on(async move {
        let input = tokio::io::BufReader::new(tokio::io::stdin());
        attach_and_pump(&options, input, tokio::io::stdout(), |attached| {
            eprintln!(
                "RustGIS MCP: attached to the app on {} (file and network access {}; each call waits up to {} s); \
                 speaking MCP on standard input and output",
                attached.addr,
                if attached.access { "on" } else { "off: attach with --yes to allow it" },
                attached.timeout_s
            );
        })
        .await
    });
    // Standard input is read on a blocking thread that a quiet agent never wakes: waiting for it
    // would keep this process running after the relay is gone.
    runtime.shutdown_background();
    outcome?;
    eprintln!("RustGIS MCP: standard input closed; detached from the relay");
    Ok(ExitCode::SUCCESS)
}
