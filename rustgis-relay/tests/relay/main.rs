//! rustgis-relay's integration tests in one binary (one link instead of 7): one module per
//! area, each the file of its name. `cargo test -p rustgis-relay --test relay <module>::` runs one area.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../bins/test-support/tile_server.rs"]
mod tile_server;

mod bridge;
mod control;
mod docs;
mod net;
mod postgis;
mod recovery;
mod relay;
