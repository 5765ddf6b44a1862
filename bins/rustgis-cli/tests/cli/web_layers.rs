//! Web layers drawn by `map.export` (the path `rustgis-cli render` and `view_map` share), with
//! their tiles from a tile server on loopback that each test starts and allows through the
//! network guard by host:port. The server paints each tile in a colour of its z/x/y, so the
//! tests check where tiles land pixel by pixel.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use crate::mcp_client;
use crate::tile_server;

use std::sync::Arc;
use std::time::{Duration, Instant};

use rustgis_core::web::{MERCATOR_HALF_WORLD, Tile};
use rustgis_core::{Caller, Outcome, Session};
use rustgis_relay::net::{HttpFetch, NetConfig};
use serde_json::json;
use tile_server::{TileServer, WMS_QUADRANTS, tile_colour};

const W: f64 = MERCATOR_HALF_WORLD;

/// What a test draws: a session whose renderer fetches through a guard allowing `allow`.
fn session(allow: &[String], cache: Option<&std::path::Path>, total_timeout: Duration) -> Session {
    let config = NetConfig {
        allow: allow.to_vec(),
        connect_timeout: Duration::from_millis(500),
        total_timeout,
        backoff: Duration::from_millis(10),
        cache_dir: cache.map(std::path::Path::to_path_buf),
        ..NetConfig::default()
    };
    let fetcher = HttpFetch::new(config).expect("valid settings").into_fetcher();
    let mut session = Session::new();
    session.set_renderer(Arc::new(rustgis_render::Renderer::with_web(fetcher)));
    session
}

/// A session that may fetch from `server` (and only from it), each map within 5 s.
fn fetching_from(server: &TileServer) -> Session {
    session(&[server.host_port()], None, Duration::from_secs(5))
}

fn run(session: &mut Session, id: &str, params: serde_json::Value) -> Outcome {
    session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{id}: {e:#}"))
}

/// A Web Mercator map of `bbox` with an XYZ layer of `template` on the server.
fn mercator_map(session: &mut Session, server: &TileServer, template: &str, bbox: [f64; 4]) {
    run(session, "map.setCrs", json!({"crs": "EPSG:3857"}));
    run(session, "layer.addXyz", json!({"url": server.url(template), "name": "tiles", "attribution": "© Test tiles"}));
    run(session, "map.zoomTo", json!({"bbox": bbox, "crs": "EPSG:3857"}));
}

/// A tile server, and a session fetching from it with a Web Mercator map of the whole world
/// and an XYZ layer of `template` on the server.
fn world_map(template: &str) -> (TileServer, Session) {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    mercator_map(&mut session, &server, template, [-W, -W, W, W]);
    (server, session)
}

/// Exports the map at `width`×`height` and gives its pixels (RGBA rows) with the outcome.
fn export(session: &mut Session, width: u32, height: u32) -> (Vec<u8>, Outcome) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("map.png");
    let outcome = run(session, "map.export", json!({"path": path, "width": width, "height": height}));
    let bytes = std::fs::read(&path).expect("the map was written");
    (rgba(&bytes), outcome)
}

fn rgba(png_bytes: &[u8]) -> Vec<u8> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("pixels");
    match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        other => panic!("a map is RGB or RGBA, not {other:?}"),
    }
}

fn pixel(pixels: &[u8], width: u32, x: u32, y: u32) -> [u8; 3] {
    let i = ((y * width + x) * 4) as usize;
    [pixels[i], pixels[i + 1], pixels[i + 2]]
}

/// The colour the server paints at pixel (`col`, `row`) of tile z/x/y.
fn painted(tile: Tile, col: u32, row: u32) -> [u8; 3] {
    if col == 0 || row == 0 || col == 255 || row == 255 {
        [60, 60, 60]
    } else {
        tile_colour(u32::from(tile.z), tile.x, tile.y)
    }
}

#[test]
fn xyz_tiles_land_pixel_for_pixel_where_their_zoom_column_and_row_put_them() {
    let (server, mut session) = world_map("/tiles/{z}/{x}/{y}.png");
    let (pixels, outcome) = export(&mut session, 512, 512);
    assert!(outcome.notices.iter().all(|n| !n.contains("could not be fetched")), "{:?}", outcome.notices);
    let mut wrong = Vec::new();
    // The bottom right corner holds the attribution; every other pixel is a tile's.
    for y in 0..490 {
        for x in 0..512 {
            let tile = Tile { z: 1, x: x / 256, y: y / 256 };
            if pixel(&pixels, 512, x, y) != painted(tile, x % 256, y % 256) {
                wrong.push((x, y));
            }
        }
    }
    assert!(wrong.is_empty(), "{} pixels are not their tile's, first {:?}", wrong.len(), &wrong[..wrong.len().min(5)]);
    let mut paths = server.paths();
    paths.sort();
    assert_eq!(paths, ["/tiles/1/0/0.png", "/tiles/1/0/1.png", "/tiles/1/1/0.png", "/tiles/1/1/1.png"]);
}

#[test]
fn a_closer_view_fetches_only_the_tiles_of_the_zoom_its_scale_needs() {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    let tile = Tile { z: 3, x: 5, y: 2 };
    mercator_map(&mut session, &server, "/tiles/{z}/{x}/{y}.png", tile.bounds());
    let (pixels, _) = export(&mut session, 256, 256);
    assert_eq!(server.paths(), ["/tiles/3/5/2.png"]);
    assert_eq!(pixel(&pixels, 256, 100, 100), tile_colour(3, 5, 2));
}

#[test]
fn a_second_view_of_the_same_map_makes_no_request() {
    let server = TileServer::start();
    let cache = tempfile::tempdir().expect("a temporary folder");
    let mut session = session(&[server.host_port()], Some(cache.path()), Duration::from_secs(5));
    mercator_map(&mut session, &server, "/tiles/{z}/{x}/{y}.png", [-W, -W, W, W]);
    let (first, _) = export(&mut session, 512, 512);
    let asked = server.paths().len();
    let (second, _) = export(&mut session, 512, 512);
    assert_eq!(server.paths().len(), asked, "the second view asked the server again");
    assert_eq!(first, second);
}

#[test]
fn a_missing_tile_is_a_gap_named_in_the_notices_and_the_map_is_still_drawn() {
    let (_server, mut session) = world_map("/missing/{z}/{x}/{y}.png");
    let (_, outcome) = export(&mut session, 512, 512);
    let notice = outcome.notices.iter().find(|n| n.contains("could not be fetched")).expect("a notice");
    assert!(notice.contains("4 of 4 tiles") && notice.contains("HTTP 404") && notice.contains("tiles"), "{notice}");
    assert_eq!(outcome.result["notices"][0], json!(notice));
}

#[test]
fn a_slow_tile_server_does_not_hold_the_map_past_the_time_limit() {
    let server = TileServer::start();
    let mut session = session(&[server.host_port()], None, Duration::from_millis(300));
    mercator_map(&mut session, &server, "/slow/5000/tiles/{z}/{x}/{y}.png", [-W, -W, W, W]);
    let started = Instant::now();
    let (_, outcome) = export(&mut session, 512, 512);
    assert!(started.elapsed() < Duration::from_secs(3), "the map took {:?}", started.elapsed());
    assert!(outcome.notices.iter().any(|n| n.contains("did not answer within")), "{:?}", outcome.notices);
}

#[test]
fn a_map_in_longitude_and_latitude_shows_the_tiles_reprojected_into_place() {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    run(&mut session, "layer.addXyz", json!({"url": server.url("/tiles/{z}/{x}/{y}.png")}));
    run(&mut session, "map.zoomTo", json!({"bbox": [-180, -80, 180, 80], "crs": "EPSG:4326"}));
    let (pixels, outcome) = export(&mut session, 720, 320);
    assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
    let zoom: u8 = server.paths()[0].split('/').nth(2).and_then(|z| z.parse().ok()).expect("a zoom in the path");
    let n = f64::from(1u32 << zoom);
    // Points inside tiles, away from their edges: lon/lat to the tile Web Mercator puts them in.
    let mut checked = 0;
    for (lon, lat) in [(-100.0, 45.0), (30.0, 10.0), (120.0, -35.0), (-10.0, -60.0), (170.0, 70.0)] {
        let (mx, my) = rustgis_core::webmercator::from_lon_lat(lon, lat);
        let (col, row) = ((mx + W) / (2.0 * W) * n, (W - my) / (2.0 * W) * n);
        if col.fract() < 0.05 || col.fract() > 0.95 || row.fract() < 0.05 || row.fract() > 0.95 {
            continue;
        }
        let frame = outcome.result["extent"].as_array().expect("the extent shown").clone();
        let e: Vec<f64> = frame.iter().map(|v| v.as_f64().expect("a number")).collect();
        let px = ((lon - e[0]) / (e[2] - e[0]) * 720.0) as u32;
        let py = ((e[3] - lat) / (e[3] - e[1]) * 320.0) as u32;
        let expected = tile_colour(u32::from(zoom), col as u32, row as u32);
        assert_eq!(pixel(&pixels, 720, px, py), expected, "lon {lon}, lat {lat} at pixel {px},{py}");
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} points were away from tile edges");
}

/// The picture in docs/user-guide/maps.md: the World Atlas sample over a basemap from this
/// test's tile server (tiles painted by their column and row). `UPDATE_DOCS=1` writes it.
#[test]
fn the_sample_is_drawn_over_a_basemap_with_its_credit() {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    for layer in ["countries", "cities"] {
        run(&mut session, "layer.addSample", json!({"sample": layer}));
    }
    run(
        &mut session,
        "style.single",
        json!({"layer": "countries", "fill": "#ffffff00", "stroke": "#5a3d2b", "width": 1.2}),
    );
    let credit = "Tiles: the test's own tile server on 127.0.0.1";
    run(
        &mut session,
        "layer.addXyz",
        json!({"url": server.url("/tiles/{z}/{x}/{y}.png"), "name": "basemap", "attribution": credit}),
    );
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"}));
    run(&mut session, "map.zoomTo", json!({"bbox": [-25, 30, 45, 70], "crs": "EPSG:4326"}));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("basemap.png");
    let outcome = run(&mut session, "map.export", json!({"path": path, "width": 640, "height": 480}));
    assert!(outcome.notices.iter().all(|n| !n.contains("could not be fetched")), "{:?}", outcome.notices);
    assert_eq!(session.project().layers[0].name, "basemap", "the basemap lies under the data");
    let pixels = rgba(&std::fs::read(&path).expect("written"));
    let zoom: u32 = server.paths()[0].split('/').nth(2).and_then(|z| z.parse().ok()).expect("a zoom");
    let tinted = (0..480 * 640)
        .filter(|i| {
            let p = [pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2]];
            (0..1u32 << zoom).any(|x| (0..1u32 << zoom).any(|y| tile_colour(zoom, x, y) == p))
        })
        .count();
    assert!(tinted > 640 * 480 / 3, "only {tinted} pixels show the basemap");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images/basemap-test-tiles.png");
        std::fs::copy(&path, docs).expect("the docs folder is writable");
    }
}

#[test]
fn the_attribution_of_a_web_layer_is_drawn_in_the_corner() {
    let (server, mut with_credit) = world_map("/tiles/{z}/{x}/{y}.png");
    let (credited, _) = export(&mut with_credit, 512, 512);
    let mut without = fetching_from(&server);
    run(&mut without, "map.setCrs", json!({"crs": "EPSG:3857"}));
    run(&mut without, "layer.addXyz", json!({"url": server.url("/tiles/{z}/{x}/{y}.png")}));
    run(&mut without, "map.zoomTo", json!({"bbox": [-W, -W, W, W], "crs": "EPSG:3857"}));
    let (plain, _) = export(&mut without, 512, 512);
    let differs = |x0: u32, y0: u32, x1: u32, y1: u32| {
        (y0..y1).any(|y| (x0..x1).any(|x| pixel(&credited, 512, x, y) != pixel(&plain, 512, x, y)))
    };
    assert!(differs(400, 495, 512, 512), "no credit in the bottom right corner");
    assert!(!differs(0, 0, 512, 480), "the credit is drawn elsewhere too");
}

#[test]
fn a_web_layer_on_a_host_that_is_not_allowed_draws_no_tile_and_is_never_connected_to() {
    let server = TileServer::start();
    let mut session = session(&[], None, Duration::from_secs(5));
    let yes = Caller::private_agent(true);
    run(&mut session, "layer.addXyz", json!({"url": server.url("/tiles/{z}/{x}/{y}.png")}));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let outcome = session
        .execute(&yes, "map.export", json!({"path": folder.path().join("m.png"), "width": 256, "height": 256}))
        .expect("the map is drawn without the layer");
    let notice = outcome.notices.iter().find(|n| n.contains("could not be fetched")).expect("a notice");
    assert!(notice.contains("rule: loopback") && notice.contains("network.allow"), "{notice}");
    assert_eq!(server.accepts(), 0, "the guard refused before any socket opened");
}

#[test]
fn an_agents_web_layer_on_a_host_that_is_not_allowed_is_refused_when_added_even_with_yes() {
    let server = TileServer::start();
    let mut session = session(&[], None, Duration::from_secs(5));
    let url = server.url("/tiles/{z}/{x}/{y}.png");
    let err = session.execute(&Caller::private_agent(true), "layer.addXyz", json!({"url": url})).expect_err("refused");
    let message = err.to_string();
    assert!(message.contains("rule: loopback") && message.contains(&server.host_port()), "{message}");
    assert!(message.contains("network.allow"), "it names what would allow it: {message}");
    assert!(session.project().layers.is_empty(), "nothing added");
    assert_eq!(server.accepts(), 0, "the guard refused before any socket opened");
}

#[test]
fn a_yes_to_a_local_tile_host_adds_the_layer_and_its_tiles_are_drawn() {
    let server = TileServer::start();
    let mut session = session(&[], None, Duration::from_secs(5));
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:3857"}));
    let yes = rustgis_core::OneTimeGrant::Host { host_port: server.host_port() };
    let agent = Caller::private_agent(true).with_grant(yes);
    session
        .execute(&agent, "layer.addXyz", json!({"url": server.url("/tiles/{z}/{x}/{y}.png")}))
        .expect("the person said yes to this host");
    run(&mut session, "map.zoomTo", json!({"bbox": [-W, -W, W, W], "crs": "EPSG:3857"}));
    let (pixels, outcome) = export(&mut session, 512, 512);
    assert!(outcome.notices.iter().all(|n| !n.contains("could not be fetched")), "{:?}", outcome.notices);
    assert_eq!(pixel(&pixels, 512, 100, 100), painted(Tile { z: 1, x: 0, y: 0 }, 100, 100));
}

#[test]
fn a_tile_of_a_pyramid_shows_the_web_layer_under_it() {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    run(&mut session, "layer.addXyz", json!({"url": server.url("/tiles/{z}/{x}/{y}.png")}));
    let fetcher = HttpFetch::new(NetConfig { allow: vec![server.host_port()], ..NetConfig::default() })
        .expect("valid settings")
        .into_fetcher();
    let renderer = rustgis_render::TileRenderer::new(session.project()).expect("a scene").with_web(fetcher);
    let tile = renderer.render(2, 1, 2, 256).expect("a tile");
    let pixels = rgba(&tile.png);
    assert_eq!(pixel(&pixels, 256, 128, 128), tile_colour(2, 1, 2));
    assert_eq!(pixel(&pixels, 256, 0, 0), [60, 60, 60], "the source tile's corner is the tile's corner");
}

#[test]
fn a_tile_pyramid_of_an_openstreetmap_basemap_is_refused_beyond_zoom_four() {
    let mut session = Session::new();
    run(&mut session, "layer.addBasemap", json!({"basemap": "osm"}));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let job = rustgis_render::TileJob::new(folder.path().join("tiles"), 0..=6);
    let renderer = rustgis_render::TileRenderer::new(session.project()).expect("a scene");
    let err = renderer.write(&job, &|_, _| {}).expect_err("bulk downloading");
    assert!(err.to_string().contains("up to zoom 4, not 6") && err.to_string().contains("tile usage policy"), "{err}");
    assert!(!folder.path().join("tiles").exists(), "nothing was written");
}

/// A WMS layer on a longitude/latitude map of [-10, -30, 70, 10] at 400×200: the quadrant
/// colours at four points around (0°, 0°) show whether the image's axes were understood (the box
/// is lopsided, so swapped axes would move the quadrants' edges).
fn check_wms(version: &str, crs: &str) {
    let server = TileServer::start();
    let mut session = fetching_from(&server);
    let params = json!({"url": server.url("/wms"), "layers": "quadrants", "version": version, "crs": crs});
    run(&mut session, "layer.addWms", params);
    run(&mut session, "map.zoomTo", json!({"bbox": [-10, -30, 70, 10], "crs": "EPSG:4326"}));
    let (pixels, outcome) = export(&mut session, 400, 200);
    assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
    let [nw, ne, sw, se] = WMS_QUADRANTS;
    for (x, y, colour) in [(25, 25, nw), (150, 25, ne), (25, 100, sw), (150, 100, se)] {
        assert_eq!(pixel(&pixels, 400, x, y), colour, "WMS {version} {crs} at pixel {x},{y}");
    }
    let asked = &server.paths()[0];
    assert!(asked.contains("REQUEST=GetMap") && asked.contains("LAYERS=quadrants"), "{asked}");
}

#[test]
fn a_wms_1_3_0_layer_in_longitude_and_latitude_asks_latitude_first_and_lands_in_place() {
    check_wms("1.3.0", "EPSG:4326");
}

#[test]
fn a_wms_1_1_1_layer_in_longitude_and_latitude_asks_longitude_first_and_lands_in_place() {
    check_wms("1.1.1", "EPSG:4326");
}

#[test]
fn a_wms_layer_in_web_mercator_is_reprojected_onto_a_longitude_and_latitude_map() {
    check_wms("1.3.0", "EPSG:3857");
}

/// A tile server, and a temporary home folder holding `world.rgis`: a Web Mercator world map
/// with an XYZ layer on the server.
fn saved_project() -> (TileServer, tempfile::TempDir, std::path::PathBuf) {
    let server = TileServer::start();
    let home = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new();
    mercator_map(&mut session, &server, "/tiles/{z}/{x}/{y}.png", [-W, -W, W, W]);
    let path = home.path().join("world.rgis");
    run(&mut session, "project.save", json!({"path": path}));
    (server, home, path)
}

/// Writes settings.json under `home`'s config folder allowing `server` through the guard.
fn allow_in_settings(home: &std::path::Path, server: &TileServer) {
    let settings = home.join("config/rustgis");
    std::fs::create_dir_all(&settings).expect("a settings folder");
    let allow = json!({"network": {"allow": [server.host_port()]}});
    std::fs::write(settings.join("settings.json"), allow.to_string()).expect("settings written");
}

/// Runs `rustgis-cli render` on `project` with its settings and cache folders under `home`.
fn cli_render(project: &std::path::Path, home: &std::path::Path) -> (std::process::Output, std::path::PathBuf) {
    let out = home.join("map.png");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
        .args(["render", "--width", "512", "--height", "512", "--project"])
        .arg(project)
        .arg("-o")
        .arg(&out)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .expect("rustgis-cli runs");
    (output, out)
}

#[test]
fn rustgis_cli_render_fetches_through_network_allow_in_the_settings_file_and_caches_the_tiles() {
    let (server, home, project) = saved_project();
    allow_in_settings(home.path(), &server);
    let (output, out) = cli_render(&project, home.path());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let pixels = rgba(&std::fs::read(&out).expect("the map was written"));
    assert_eq!(pixel(&pixels, 512, 128, 128), tile_colour(1, 0, 0));
    let cached = std::fs::read_dir(home.path().join("cache/rustgis/tiles")).expect("a tile cache").count();
    assert_eq!(cached, 8, "four tiles, each a body and its facts");
}

#[test]
fn rustgis_cli_render_without_network_allow_draws_no_tile_from_this_computer_and_says_why() {
    let (server, home, project) = saved_project();
    let (output, _) = cli_render(&project, home.path());
    assert!(output.status.success(), "the map is drawn without the layer");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("rule: loopback") && stderr.contains("network.allow"), "{stderr}");
    assert_eq!(server.accepts(), 0);
}

#[test]
fn view_map_over_mcp_draws_the_web_layers_of_the_project_it_opened_without_yes() {
    use base64::Engine;
    let (server, home, project) = saved_project();
    allow_in_settings(home.path(), &server);
    // No --yes: seed 000's view_map "draws the web tile layers the project you opened already has".
    let mut mcp = mcp_client::McpClient::start(
        std::process::Command::new(env!("CARGO_BIN_EXE_rustgis-cli"))
            .arg("mcp")
            .arg("--project")
            .arg(&project)
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_CACHE_HOME", home.path().join("cache")),
        json!({}),
    );
    // A budget that holds the whole 512×512 PNG, so the picture is drawn at that size.
    let arguments = json!({"width": 512, "height": 512, "max_tokens": 1_000_000});
    let reply = mcp.request("tools/call", json!({"name": "view_map", "arguments": arguments}));
    assert_ne!(reply["result"]["isError"], json!(true), "{reply}");
    let image = reply["result"]["content"]
        .as_array()
        .and_then(|blocks| blocks.iter().find(|b| b["type"] == "image"))
        .and_then(|b| b["data"].as_str())
        .expect("an image in the reply");
    let png = base64::engine::general_purpose::STANDARD.decode(image).expect("base64");
    assert_eq!(pixel(&rgba(&png), 512, 128, 128), tile_colour(1, 0, 0), "the tile z1/0/0 is in the top-left quarter");
    assert!(server.accepts() > 0, "the tiles were fetched");
    mcp.finish();
}
