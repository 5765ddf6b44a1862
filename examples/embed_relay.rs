//! Embedding the relay in your own Rust application: your thread owns the session, the relay
//! queues agents' calls, and each frame of yours runs them. Run it, then attach an agent:
//!
//! ```sh
//! cargo run -p rustgis-examples --example embed_relay
//! claude mcp add rustgis-app -- rustgis-cli mcp --attach
//! ```
//!
//! Press Enter (or close standard input) to stop.

use std::time::Duration;

use rustgis_core::Session;
use rustgis_relay::{Relay, RelayConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 127.0.0.1 on RUSTGIS_MCP_PORT, else 8767; the token goes to the private folder.
    let relay = Relay::bind(RelayConfig::from_env()?)?;
    // Your application's own session: the project its user has open.
    let mut session = Session::with_sample()?;

    // The relay wakes your UI when a call is queued; here the "UI" is this loop.
    let (wake_tx, wake_rx) = crossbeam_channel::bounded::<()>(1);
    relay.set_wake(move || {
        if wake_tx.try_send(()).is_err() {
            // A wake-up is already waiting.
        }
    });

    let (quit_tx, quit_rx) = crossbeam_channel::bounded::<()>(1);
    std::thread::Builder::new().name("wait-for-enter".to_owned()).spawn(move || {
        let mut line = String::new();
        if std::io::stdin().read_line(&mut line).is_ok() && quit_tx.send(()).is_err() {
            // The loop has already ended.
        }
    })?;

    eprintln!("relay on {}; attach with: rustgis-cli mcp --attach {}", relay.addr(), relay.addr().port());
    loop {
        crossbeam_channel::select! {
            recv(quit_rx) -> _ => break,
            recv(wake_rx) -> _ => {}
            default(Duration::from_millis(500)) => {}
        }
        // One frame: run what agents queued, then draw (a real app would draw its map here).
        let report = relay.run_frame(&mut session);
        if let Some(screen) = report.screen {
            screen.answer(Err("this example has no window".to_owned()));
        }
        if report.ran > 0 {
            let status = match relay.last_call() {
                Some(call) => {
                    format!("{} · {} ({})", call.agent, call.tool, if call.success { "ok" } else { "failed" })
                }
                None => String::new(),
            };
            eprintln!("MCP relay · {} attached · {status}", relay.attached_count());
        }
    }
    // Dropping the last handle would do the same: close clients, remove the token file.
    relay.stop();
    Ok(())
}
