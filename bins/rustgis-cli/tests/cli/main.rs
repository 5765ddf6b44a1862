//! rustgis-cli's integration tests in one binary (one link instead of 8): one module per
//! area, each the file of its name. `cargo test -p rustgis-cli --test cli <module>::` runs one area.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../test-support/mcp_client.rs"]
mod mcp_client;
#[path = "../../../test-support/process.rs"]
mod process;
#[path = "../../../test-support/tile_server.rs"]
mod tile_server;

mod geolibre;
mod manifests;
mod mcp_jobs;
mod mcp_stdio;
mod plugins;
mod progress;
mod register;
mod register_clients;
mod render;
mod web_layers;
