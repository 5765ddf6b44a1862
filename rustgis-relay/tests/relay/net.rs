//! The network guard and the HTTP client against a tile server on loopback that each test starts
//! (allowed through the guard by host:port where the test wants it reached): fetching, the disk
//! cache, retries, timeouts, the size cap, the per-host limit, and refusals before any connection.

use crate::tile_server;

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rustgis_core::web::WebFetch;
use rustgis_relay::net::{FetchError, HttpFetch, Lookup, NetConfig, Rule};
use tile_server::{TileServer, tile_colour, tile_png};

/// A client allowing `allow`, with short limits fit for tests and the cache in `cache`.
fn client(allow: &[String], cache: Option<&std::path::Path>) -> HttpFetch {
    HttpFetch::new(config(allow, cache)).expect("valid settings")
}

fn config(allow: &[String], cache: Option<&std::path::Path>) -> NetConfig {
    NetConfig {
        allow: allow.to_vec(),
        connect_timeout: Duration::from_millis(500),
        total_timeout: Duration::from_millis(1500),
        backoff: Duration::from_millis(10),
        cache_dir: cache.map(std::path::Path::to_path_buf),
        ..NetConfig::default()
    }
}

fn soon() -> Instant {
    Instant::now() + Duration::from_secs(10)
}

fn refusal_rule(result: Result<Vec<u8>, FetchError>) -> Rule {
    match result {
        Err(FetchError::Refused(refusal)) => refusal.rule,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_tile_from_an_allowed_loopback_server_is_fetched() {
    let server = TileServer::start();
    let body = client(&[server.host_port()], None).get(&server.url("/tiles/2/1/3.png"), soon()).expect("fetched");
    assert_eq!(body, tile_png(tile_colour(2, 1, 3)));
}

#[test]
fn a_second_fetch_of_a_tile_comes_from_the_disk_cache_without_a_request() {
    let server = TileServer::start();
    let cache = tempfile::tempdir().expect("a temporary folder");
    let url = server.url("/tiles/1/0/1.png");
    let first = client(&[server.host_port()], Some(cache.path())).get(&url, soon()).expect("fetched");
    // A new client (a new process, as far as the cache can tell) finds it on disk.
    let second = client(&[server.host_port()], Some(cache.path())).get(&url, soon()).expect("cached");
    assert_eq!(first, second);
    assert_eq!(server.paths(), vec!["/tiles/1/0/1.png"]);
}

#[test]
fn a_stale_tile_with_an_etag_is_revalidated_and_a_304_keeps_the_cached_copy() {
    let server = TileServer::start();
    let cache = tempfile::tempdir().expect("a temporary folder");
    let fetch = client(&[server.host_port()], Some(cache.path()));
    let url = server.url("/etag/0/0/0.png");
    let first = fetch.get(&url, soon()).expect("fetched");
    let second = fetch.get(&url, soon()).expect("revalidated");
    assert_eq!(first, second);
    assert_eq!(server.paths().len(), 2, "no-cache asks the server again: {:?}", server.paths());
}

#[test]
fn the_cache_folder_stays_under_its_size_cap_dropping_the_least_recently_used() {
    let server = TileServer::start();
    let cache = tempfile::tempdir().expect("a temporary folder");
    let one_tile = tile_png(tile_colour(0, 0, 0)).len() as u64;
    let mut settings = config(&[server.host_port()], Some(cache.path()));
    settings.cache_max_bytes = one_tile * 3;
    let fetch = HttpFetch::new(settings).expect("valid settings");
    for x in 0..6 {
        fetch.get(&server.url(&format!("/tiles/3/{x}/0.png")), soon()).expect("fetched");
    }
    let held: u64 = std::fs::read_dir(cache.path())
        .expect("the cache folder exists")
        .map(|e| e.expect("an entry").metadata().expect("metadata").len())
        .sum();
    assert!(held <= one_tile * 3, "the cache holds {held} bytes, more than its cap of {}", one_tile * 3);
    // The newest tile is still there: fetching it again asks nothing.
    let asked = server.paths().len();
    fetch.get(&server.url("/tiles/3/5/0.png"), soon()).expect("cached");
    assert_eq!(server.paths().len(), asked);
}

#[test]
fn a_404_is_an_error_naming_the_url_and_the_status() {
    let server = TileServer::start();
    let err = client(&[server.host_port()], None).get(&server.url("/missing/1/2/3.png"), soon()).expect_err("404");
    assert!(matches!(err, FetchError::Status { status: 404, .. }), "{err:?}");
    assert!(err.to_string().contains("/missing/1/2/3.png") && err.to_string().contains("404"), "{err}");
}

#[test]
fn a_server_error_is_tried_again_until_the_tile_comes() {
    let server = TileServer::start();
    let body =
        client(&[server.host_port()], None).get(&server.url("/flaky/2/tiles/0/0/0.png"), soon()).expect("third try");
    assert_eq!(body, tile_png(tile_colour(0, 0, 0)));
    assert_eq!(server.paths().len(), 3);
}

#[test]
fn a_slow_server_is_given_up_on_at_the_time_limit() {
    let server = TileServer::start();
    let started = Instant::now();
    let err =
        client(&[server.host_port()], None).get(&server.url("/slow/5000/tiles/0/0/0.png"), soon()).expect_err("slow");
    assert!(matches!(err, FetchError::Timeout { .. }), "{err:?}");
    assert!(started.elapsed() < Duration::from_millis(3000), "gave up after {:?}", started.elapsed());
}

#[test]
fn a_response_larger_than_the_cap_is_refused() {
    let server = TileServer::start();
    let mut settings = config(&[server.host_port()], None);
    settings.max_bytes = 1 << 20;
    let err = HttpFetch::new(settings).expect("valid").get(&server.url("/big"), soon()).expect_err("too big");
    assert!(matches!(err, FetchError::TooLarge { .. }), "{err:?}");
}

#[test]
fn a_batch_of_tiles_keeps_to_the_per_host_limit_and_returns_each_in_order() {
    let server = TileServer::start();
    let urls: Vec<String> = (0..6).map(|x| server.url(&format!("/slow/100/tiles/3/{x}/1.png"))).collect();
    let results = client(&[server.host_port()], None).fetch(&urls, soon());
    for (x, result) in results.iter().enumerate() {
        assert_eq!(result.as_ref().expect("fetched"), &tile_png(tile_colour(3, x as u32, 1)));
    }
    assert!(server.most_open() <= 2, "{} requests were open at once", server.most_open());
}

#[test]
fn a_loopback_server_that_is_not_allowed_is_never_connected_to() {
    let server = TileServer::start();
    let fetch = client(&[], None);
    let port = server.port();
    for url in [
        format!("http://127.0.0.1:{port}/tiles/0/0/0.png"),
        format!("http://localhost:{port}/tiles/0/0/0.png"),
        format!("http://2130706433:{port}/tiles/0/0/0.png"),
        format!("http://0177.0.0.1:{port}/tiles/0/0/0.png"),
        format!("http://0x7f.1:{port}/tiles/0/0/0.png"),
        format!("http://[::ffff:127.0.0.1]:{port}/tiles/0/0/0.png"),
    ] {
        assert_eq!(refusal_rule(fetch.get(&url, soon())), Rule::Loopback, "{url}");
    }
    let batch = fetch.fetch(&[server.url("/tiles/0/0/0.png")], soon());
    let message = batch[0].as_ref().expect_err("refused");
    assert!(message.contains("rule: loopback") && message.contains("network.allow"), "{message}");
    assert_eq!(server.accepts(), 0, "the guard refuses before any socket opens");
}

#[test]
fn urls_with_credentials_are_refused_even_to_an_allowed_host() {
    let server = TileServer::start();
    let url = format!("http://user:pass@{}/tiles/0/0/0.png", server.host_port());
    assert_eq!(refusal_rule(client(&[server.host_port()], None).get(&url, soon())), Rule::Credentials);
    assert_eq!(server.accepts(), 0);
}

#[test]
fn a_redirect_to_the_metadata_address_is_refused_at_that_hop() {
    let server = TileServer::start();
    let url = server.url("/redirect/1?to=http://169.254.169.254/latest/meta-data/");
    let rule = refusal_rule(client(&[server.host_port()], None).get(&url, soon()));
    assert_eq!(rule, Rule::LinkLocal);
}

#[test]
fn a_redirect_to_a_host_that_is_not_allowed_never_reaches_it() {
    let (allowed, other) = (TileServer::start(), TileServer::start());
    let url = allowed.url(&format!("/redirect/1?to={}", other.url("/tiles/0/0/0.png")));
    assert_eq!(refusal_rule(client(&[allowed.host_port()], None).get(&url, soon())), Rule::Loopback);
    assert_eq!(other.accepts(), 0);
}

#[test]
fn more_than_five_redirects_are_refused() {
    let server = TileServer::start();
    let fetch = client(&[server.host_port()], None);
    fetch.get(&server.url("/redirect/5?to=/tiles/0/0/0.png"), soon()).expect("five redirects are followed");
    let err = fetch.get(&server.url("/redirect/6?to=/tiles/0/0/0.png"), soon()).expect_err("six");
    assert!(matches!(err, FetchError::TooManyRedirects { .. }), "{err:?}");
}

/// A resolver that answers every name with fixed addresses and counts its lookups.
#[derive(Debug)]
struct FixedLookup {
    addresses: Vec<IpAddr>,
    lookups: AtomicUsize,
}

impl Lookup for FixedLookup {
    fn lookup(&self, _host: &str, _port: u16) -> std::io::Result<Vec<IpAddr>> {
        self.lookups.fetch_add(1, Ordering::SeqCst);
        Ok(self.addresses.clone())
    }
}

fn resolving_to(addresses: &[&str]) -> Arc<FixedLookup> {
    let addresses = addresses.iter().map(|a| a.parse().expect("an address")).collect();
    Arc::new(FixedLookup { addresses, lookups: AtomicUsize::new(0) })
}

#[test]
fn a_name_that_resolves_to_a_private_address_is_refused() {
    let lookup = resolving_to(&["93.184.215.14", "10.0.0.7"]);
    let fetch = HttpFetch::with_lookup(config(&[], None), lookup).expect("valid");
    let refused = fetch.get("https://tiles.example.org/0/0/0.png", soon());
    assert_eq!(refusal_rule(refused), Rule::Private);
}

#[test]
fn an_allowed_name_is_resolved_once_and_connected_to_at_the_checked_address() {
    let server = TileServer::start();
    let lookup = resolving_to(&["127.0.0.1"]);
    let allow = [format!("tiles.test:{}", server.port())];
    let fetch = HttpFetch::with_lookup(config(&allow, None), lookup.clone()).expect("valid");
    let body = fetch.get(&format!("http://tiles.test:{}/tiles/0/0/0.png", server.port()), soon()).expect("fetched");
    assert_eq!(body, tile_png(tile_colour(0, 0, 0)));
    assert_eq!(lookup.lookups.load(Ordering::SeqCst), 1);
}

#[test]
fn requests_carry_a_user_agent_naming_rustgis_and_its_version() {
    let server = TileServer::start();
    client(&[server.host_port()], None).get(&server.url("/tiles/0/0/0.png"), soon()).expect("fetched");
    let expected = format!("RustGIS/{} (+https://github.com/rustgis/rustgis)", env!("CARGO_PKG_VERSION"));
    assert_eq!(server.user_agents(), vec![expected]);
}

#[test]
fn checking_a_web_layers_host_resolves_it_and_names_the_address_class_and_the_entry_that_would_allow_it() {
    let fetch = HttpFetch::with_lookup(config(&[], None), resolving_to(&["93.184.215.14", "10.0.0.7"])).expect("valid");
    let refused = fetch.check_host("https://tiles.example.org/0/0/0.png").expect_err("refused");
    assert_eq!(refused.host_port, "tiles.example.org:443");
    assert!(refused.message.contains("10.0.0.7") && refused.message.contains("rule: private"), "{}", refused.message);
    assert!(refused.reason.starts_with("10.0.0.7 is a private"), "the question's reason: {}", refused.reason);
    let public = HttpFetch::with_lookup(config(&[], None), resolving_to(&["93.184.215.14"])).expect("valid");
    public.check_host("https://tiles.example.org/0/0/0.png").expect("a public host passes");
}

#[test]
fn a_host_let_through_on_a_yes_is_fetched_from_and_no_other_port_is() {
    let server = TileServer::start();
    let fetch = client(&[], None);
    assert!(fetch.check_host(&server.url("/tiles/0/0/0.png")).is_err());
    assert!(fetch.allow_host(&server.host_port()));
    fetch.check_host(&server.url("/tiles/0/0/0.png")).expect("let through");
    let body = fetch.get(&server.url("/tiles/0/0/0.png"), soon()).expect("fetched");
    assert_eq!(body, tile_png(tile_colour(0, 0, 0)));
    assert!(fetch.check_host("http://127.0.0.1:1/tiles/0/0/0.png").is_err(), "another port stays refused");
    assert_eq!(fetch.hosts_allowed_by_yes(), [server.host_port()]);
}
