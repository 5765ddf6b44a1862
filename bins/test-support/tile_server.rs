//! A tile server on loopback for the web-layer tests, started by each test: std's `TcpListener`,
//! one thread per connection, `Connection: close`. Included by path
//! (`#[path = ".../test-support/tile_server.rs"] mod tile_server;`).
//!
//! `/tiles/{z}/{x}/{y}.png` is a 256-pixel tile filled with [`tile_colour`] of its z/x/y inside
//! a dark one-pixel border, so a test can tell which tile a map pixel came from. Other paths:
//! `/missing/…` 404; `/slow/{ms}/…` waits, then serves the rest of the path; `/flaky/{n}/…`
//! answers 503 to the first n requests of that path; `/etag/…` a tile that must be revalidated
//! (`no-cache`, `ETag`), 304 when the client has it; `/redirect/{n}?to=URL` redirects n times,
//! then to URL; `/big` a body of 4 MiB.
#![allow(dead_code, reason = "each test binary uses part of the server")]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A running tile server; dropping it stops it.
pub(crate) struct TileServer {
    addr: SocketAddr,
    state: Arc<State>,
}

#[derive(Default)]
struct State {
    accepts: AtomicUsize,
    paths: Mutex<Vec<String>>,
    user_agents: Mutex<Vec<String>>,
    flaky: Mutex<HashMap<String, usize>>,
    open: AtomicUsize,
    most_open: AtomicUsize,
    stop: AtomicBool,
}

impl TileServer {
    /// Starts a server on 127.0.0.1 at a free port.
    pub(crate) fn start() -> TileServer {
        #[allow(clippy::disallowed_methods, reason = "the test's own tile server listens on loopback")]
        let listener = TcpListener::bind("127.0.0.1:0").expect("loopback has a free port");
        let addr = listener.local_addr().expect("a bound listener has an address");
        let state = Arc::new(State::default());
        let shared = state.clone();
        std::thread::Builder::new()
            .name("tile-server".to_owned())
            .spawn(move || {
                for stream in listener.incoming() {
                    if shared.stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    shared.accepts.fetch_add(1, Ordering::SeqCst);
                    let state = shared.clone();
                    std::thread::spawn(move || serve(stream, &state));
                }
            })
            .expect("the server thread starts");
        TileServer { addr, state }
    }

    /// `http://127.0.0.1:port{path}`.
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `127.0.0.1:port`, as `network.allow` names it.
    pub(crate) fn host_port(&self) -> String {
        self.addr.to_string()
    }

    /// The port.
    pub(crate) fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Connections accepted so far.
    pub(crate) fn accepts(&self) -> usize {
        self.state.accepts.load(Ordering::SeqCst)
    }

    /// The paths asked for so far, in order.
    pub(crate) fn paths(&self) -> Vec<String> {
        self.state.paths.lock().expect("the log is not poisoned").clone()
    }

    /// The User-Agent of each request, in order.
    pub(crate) fn user_agents(&self) -> Vec<String> {
        self.state.user_agents.lock().expect("the log is not poisoned").clone()
    }

    /// The most requests that were open at once.
    pub(crate) fn most_open(&self) -> usize {
        self.state.most_open.load(Ordering::SeqCst)
    }
}

impl Drop for TileServer {
    fn drop(&mut self) {
        self.state.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so it sees the stop flag.
        #[allow(clippy::disallowed_methods, reason = "the test's own loopback server")]
        drop(TcpStream::connect(self.addr));
    }
}

/// The colours a WMS image paints its quadrants (north-west, north-east, south-west, south-east
/// of longitude 0 and latitude 0, or x 0 and y 0).
pub(crate) const WMS_QUADRANTS: [[u8; 3]; 4] = [[200, 60, 60], [60, 160, 60], [60, 60, 200], [220, 200, 60]];

/// The colour of tile z/x/y: distinct for every tile up to zoom 3.
pub(crate) fn tile_colour(z: u32, x: u32, y: u32) -> [u8; 3] {
    [(120 + (x * 40) % 136) as u8, (120 + (y * 40) % 136) as u8, (90 + z * 50 % 166) as u8]
}

/// A 256-pixel PNG tile of `colour` with a dark one-pixel border.
pub(crate) fn tile_png(colour: [u8; 3]) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(256 * 256 * 3);
    for row in 0..256 {
        for col in 0..256 {
            let border = row == 0 || col == 0 || row == 255 || col == 255;
            pixels.extend_from_slice(if border { &[60, 60, 60] } else { &colour });
        }
    }
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, 256, 256);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(&pixels).expect("PNG data");
    writer.finish().expect("a PNG ends");
    png
}

fn serve(stream: TcpStream, state: &State) {
    let open = state.open.fetch_add(1, Ordering::SeqCst) + 1;
    state.most_open.fetch_max(open, Ordering::SeqCst);
    let mut reader = BufReader::new(stream.try_clone().expect("a socket clones"));
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        state.open.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let mut headers = HashMap::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).is_err() || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
        }
    }
    let target = first.split_whitespace().nth(1).unwrap_or("/").to_owned();
    state.paths.lock().expect("the log is not poisoned").push(target.clone());
    let agent = headers.get("user-agent").cloned().unwrap_or_default();
    state.user_agents.lock().expect("the log is not poisoned").push(agent);
    let response = answer(&target, &headers, state);
    let mut stream = stream;
    // The client may have given up (a timeout test): a failed write is expected then.
    drop(stream.write_all(&response));
    drop(stream.flush());
    state.open.fetch_sub(1, Ordering::SeqCst);
}

fn answer(target: &str, headers: &HashMap<String, String>, state: &State) -> Vec<u8> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match parts.as_slice() {
        ["tiles", z, x, y] => tile(z, x, y, "Cache-Control: max-age=3600\r\n"),
        ["missing", ..] => reply("404 Not Found", "text/plain", "", b"no such tile".to_vec()),
        ["slow", ms, rest @ ..] => {
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap_or(1000)));
            answer(&format!("/{}", rest.join("/")), headers, state)
        }
        ["flaky", n, rest @ ..] => {
            let failures = {
                let mut flaky = state.flaky.lock().expect("not poisoned");
                let seen = flaky.entry(path.to_owned()).or_insert(0);
                *seen += 1;
                *seen
            };
            if failures <= n.parse().unwrap_or(1) {
                reply("503 Service Unavailable", "text/plain", "", b"busy".to_vec())
            } else {
                answer(&format!("/{}", rest.join("/")), headers, state)
            }
        }
        ["etag", z, x, y] => {
            if headers.get("if-none-match").is_some_and(|tag| tag == "\"v1\"") {
                reply("304 Not Modified", "image/png", "Cache-Control: no-cache\r\nETag: \"v1\"\r\n", Vec::new())
            } else {
                tile(z, x, y, "Cache-Control: no-cache\r\nETag: \"v1\"\r\n")
            }
        }
        ["redirect", n] => {
            let to = query.strip_prefix("to=").unwrap_or("/tiles/0/0/0.png");
            let n: u32 = n.parse().unwrap_or(0);
            let next = if n > 1 { format!("/redirect/{}?to={to}", n - 1) } else { to.to_owned() };
            reply("302 Found", "text/plain", &format!("Location: {next}\r\n"), Vec::new())
        }
        ["big"] => reply("200 OK", "application/octet-stream", "", vec![7; 4 << 20]),
        ["wms"] => wms(query),
        _ => reply("404 Not Found", "text/plain", "", b"unknown path".to_vec()),
    }
}

/// A GetMap answer: an image of WIDTH×HEIGHT whose pixels are coloured by the quadrant they lie
/// in, read from BBOX with the axis order of VERSION and CRS (1.3.0 EPSG:4326: latitude first).
fn wms(query: &str) -> Vec<u8> {
    let params: HashMap<String, String> = query
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_ascii_uppercase(), v.to_owned()))
        .collect();
    let get = |k: &str| params.get(k).cloned().unwrap_or_default();
    let (width, height): (u32, u32) = (get("WIDTH").parse().unwrap_or(0), get("HEIGHT").parse().unwrap_or(0));
    let bbox: Vec<f64> = get("BBOX").split(',').filter_map(|v| v.parse().ok()).collect();
    let crs = if get("VERSION") == "1.3.0" { get("CRS") } else { get("SRS") };
    if width == 0 || height == 0 || width > 4096 || height > 4096 || bbox.len() != 4 || get("REQUEST") != "GetMap" {
        return reply("400 Bad Request", "text/plain", "", b"bad GetMap".to_vec());
    }
    let [min_x, min_y, max_x, max_y] = if get("VERSION") == "1.3.0" && crs == "EPSG:4326" {
        [bbox[1], bbox[0], bbox[3], bbox[2]]
    } else {
        [bbox[0], bbox[1], bbox[2], bbox[3]]
    };
    let mut pixels = Vec::with_capacity((width * height * 3) as usize);
    for row in 0..height {
        let y = max_y - (f64::from(row) + 0.5) / f64::from(height) * (max_y - min_y);
        for col in 0..width {
            let x = min_x + (f64::from(col) + 0.5) / f64::from(width) * (max_x - min_x);
            let quadrant = usize::from(x >= 0.0) + 2 * usize::from(y < 0.0);
            pixels.extend_from_slice(&WMS_QUADRANTS[quadrant]);
        }
    }
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(&pixels).expect("PNG data");
    writer.finish().expect("a PNG ends");
    reply("200 OK", "image/png", "", png)
}

fn tile(z: &str, x: &str, y: &str, extra: &str) -> Vec<u8> {
    let number = |s: &str| s.trim_end_matches(".png").parse::<u32>().ok();
    match (number(z), number(x), number(y)) {
        (Some(z), Some(x), Some(y)) => reply("200 OK", "image/png", extra, tile_png(tile_colour(z, x, y))),
        _ => reply("400 Bad Request", "text/plain", "", b"bad tile".to_vec()),
    }
}

fn reply(status: &str, content_type: &str, extra: &str, body: Vec<u8>) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n",
        body.len()
    )
    .into_bytes();
    out.extend(body);
    out
}
