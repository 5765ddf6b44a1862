//! Embeds the RustGIS MCP server in your own tool: a session with the World Atlas sample, served
//! over standard input and output. Run it with `cargo run -p rustgis-examples --example
//! embed_stdio_server` and point an MCP client at that command.

use std::sync::Arc;

use rustgis_core::Session;
use rustgis_mcp::{AfterOversized, GisServer, PrivateHost, serve_lines};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // The project your agent works on; load your own data with session.execute(..) here.
    let mut session = Session::with_sample()?;
    session.set_renderer(Arc::new(rustgis_render::Renderer::new())); // view_map draws with tiny-skia
    // A thread owns the session and runs tool calls one at a time; `false` keeps files off.
    let host = PrivateHost::start(session, false)?;
    let server = GisServer::new(host);
    eprintln!("MCP server ready on standard input and output");
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    serve_lines(server, input, tokio::io::stdout(), AfterOversized::Continue).await?;
    Ok(())
}
