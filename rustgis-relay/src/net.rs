//! The one place RustGIS connects out: an HTTP client (ureq, rustls) behind the network
//! [`Guard`], with a disk cache, retries, a size cap, timeouts and a small pool of fetcher
//! threads. [`HttpFetch`] is the [`WebFetch`] every host installs in its renderer, so web layers'
//! tiles come through here and nowhere else.
//!
//! Every connection goes through [`GuardResolver`]: the URL is parsed by the guard (http(s), no
//! credentials, numeric hosts read as addresses), the host is resolved once, every address it
//! resolved to is checked, and ureq connects to those checked addresses only (no second lookup,
//! so no DNS-rebinding window). Redirects come back through the resolver, so each hop is checked
//! again; there are at most [`MAX_REDIRECTS`]. Proxies from the environment are not used: a
//! proxy would connect on our behalf to addresses the guard never saw.

mod cache;
mod guard;

use std::collections::{HashMap, VecDeque};
use std::io;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use parking_lot::{Condvar, Mutex};
use rustgis_core::web::{FetchResult, HostRefused, WebFetch, WebFetcher};
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

pub use guard::{ALLOW_SETTING, Guard, Host, Refusal, Rule, Target, classify};

use cache::{CacheHeaders, DiskCache};

/// The most redirects followed for one request, each hop checked by the guard.
pub const MAX_REDIRECTS: u32 = 5;

/// The User-Agent RustGIS sends (OpenStreetMap's tile usage policy asks for one naming the program).
pub const USER_AGENT: &str = concat!("RustGIS/", env!("CARGO_PKG_VERSION"), " (+https://github.com/rustgis/rustgis)");

/// How the client behaves: what the guard allows, the limits and the cache.
#[derive(Debug, Clone)]
pub struct NetConfig {
    /// Hosts (`name`, `name:port`, `127.0.0.1:8080`, `[::1]:9000`) the guard lets through its
    /// address rules: `network.allow` in the settings.
    pub allow: Vec<String>,
    /// The longest a connection may take to open.
    pub connect_timeout: Duration,
    /// The longest one request may take, redirects and body included.
    pub total_timeout: Duration,
    /// The largest response body read.
    pub max_bytes: u64,
    /// How many times a 5xx (or 429) answer is tried again.
    pub retries: u32,
    /// The wait before the first retry; it doubles for each further one.
    pub backoff: Duration,
    /// Fetcher threads for one batch of URLs.
    pub workers: usize,
    /// Requests in flight to one host at a time.
    pub per_host: usize,
    /// The cache folder (`None`: no cache).
    pub cache_dir: Option<PathBuf>,
    /// The most bytes the cache folder holds.
    pub cache_max_bytes: u64,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            allow: Vec::new(),
            connect_timeout: Duration::from_secs(5),
            total_timeout: Duration::from_secs(20),
            max_bytes: 16 << 20,
            retries: 2,
            backoff: Duration::from_millis(250),
            workers: 6,
            per_host: 2,
            cache_dir: None,
            cache_max_bytes: 256 << 20,
        }
    }
}

impl NetConfig {
    /// The defaults, with `network.allow` read from `settings.json` in `settings_dir` (a missing
    /// file or key allows nothing more) and the cache in `cache_dir/tiles`.
    pub fn from_settings(settings_dir: Option<&std::path::Path>, cache_dir: Option<&std::path::Path>) -> NetConfig {
        let allow = settings_dir.map(read_allow).unwrap_or_default();
        NetConfig { allow, cache_dir: cache_dir.map(|c| c.join("tiles")), ..NetConfig::default() }
    }
}

/// The web fetcher a host installs in its renderer: `network.allow` from `settings.json` in
/// `settings_dir` (default: [`crate::default_settings_dir`]) and the tile cache in
/// `cache_dir/tiles` (default: the platform's cache folder, `~/.cache/rustgis` on Linux). An
/// entry of `network.allow` that is not a host is named in the log and left out.
pub fn host_fetcher(settings_dir: Option<&std::path::Path>, cache_dir: Option<&std::path::Path>) -> WebFetcher {
    let settings_dir = settings_dir.map(std::path::Path::to_path_buf).or_else(crate::default_settings_dir);
    let cache_dir = cache_dir
        .map(std::path::Path::to_path_buf)
        .or_else(|| dirs::cache_dir().map(|c| c.join(if cfg!(target_os = "linux") { "rustgis" } else { "RustGIS" })));
    let mut config = NetConfig::from_settings(settings_dir.as_deref(), cache_dir.as_deref());
    config.allow.retain(|entry| match Guard::new(std::slice::from_ref(entry)) {
        Ok(_) => true,
        Err(message) => {
            tracing::warn!("{message}; it is left out");
            false
        }
    });
    HttpFetch::new(config).expect("every network.allow entry left was checked").into_fetcher()
}

/// `network.allow` from a settings file (`{"network": {"allow": [...]}}`); nothing when absent.
pub fn read_allow(settings_dir: &std::path::Path) -> Vec<String> {
    let path = settings_dir.join("settings.json");
    let Ok(bytes) = std::fs::read(&path) else { return Vec::new() };
    let json: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(json) => json,
        Err(e) => {
            tracing::warn!("{} is not JSON ({e}); network.allow is empty", path.display());
            return Vec::new();
        }
    };
    json.pointer("/network/allow")
        .and_then(|a| a.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}

/// Resolves host names: the system's resolver, or one a test injects.
pub trait Lookup: Send + Sync + std::fmt::Debug + 'static {
    /// The addresses `host` resolves to.
    fn lookup(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>>;
}

/// The system's resolver (`getaddrinfo`).
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemLookup;

impl Lookup for SystemLookup {
    fn lookup(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>> {
        Ok((host, port).to_socket_addrs()?.map(|a| a.ip()).collect())
    }
}

/// Why a fetch failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// The guard refused the URL or an address it resolved to (or a redirect's).
    #[error("{0}")]
    Refused(Refusal),
    /// The server answered with an error status.
    #[error("{url} answered HTTP {status}")]
    Status {
        /// The URL.
        url: String,
        /// The status.
        status: u16,
    },
    /// The request did not finish in time.
    #[error("{url} did not answer within {seconds:.1} s")]
    Timeout {
        /// The URL.
        url: String,
        /// The time allowed.
        seconds: f64,
    },
    /// The body was larger than allowed.
    #[error("{url} sent more than {limit} bytes, the most RustGIS reads from one response")]
    TooLarge {
        /// The URL.
        url: String,
        /// The cap.
        limit: u64,
    },
    /// More redirects than allowed.
    #[error("{url} redirected more than {MAX_REDIRECTS} times")]
    TooManyRedirects {
        /// The URL.
        url: String,
    },
    /// Anything else (connection refused, TLS, a broken answer).
    #[error("{url} could not be fetched: {cause}")]
    Failed {
        /// The URL.
        url: String,
        /// What went wrong.
        cause: String,
    },
}

/// The HTTP client behind the guard: every outbound connection RustGIS makes.
#[derive(Debug)]
pub struct HttpFetch {
    guard: Arc<Guard>,
    /// The resolver the guard's checks use (the same as the connections').
    lookup: Arc<dyn Lookup>,
    agent: ureq::Agent,
    config: NetConfig,
    cache: Option<DiskCache>,
    /// Requests in flight per host, to keep to `per_host` across the fetcher threads.
    in_flight: Mutex<HashMap<String, usize>>,
    /// Woken when a request ends, for threads waiting for their host.
    host_freed: Condvar,
}

impl HttpFetch {
    /// A client with the system resolver. An invalid `network.allow` entry is an error naming it.
    pub fn new(config: NetConfig) -> Result<HttpFetch, String> {
        HttpFetch::with_lookup(config, Arc::new(SystemLookup))
    }

    /// A client resolving names with `lookup` (tests inject one).
    pub fn with_lookup(config: NetConfig, lookup: Arc<dyn Lookup>) -> Result<HttpFetch, String> {
        let guard = Arc::new(Guard::new(&config.allow)?);
        let agent_config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .proxy(None)
            .max_redirects(MAX_REDIRECTS)
            .max_redirects_will_error(true)
            .user_agent(USER_AGENT)
            .timeout_connect(Some(config.connect_timeout))
            .timeout_global(Some(config.total_timeout))
            .max_idle_connections_per_host(config.per_host.max(1))
            .build();
        let resolver = GuardResolver { guard: guard.clone(), lookup: lookup.clone() };
        #[allow(clippy::disallowed_methods, reason = "the one HTTP client, made here behind the guard's resolver")]
        let agent = ureq::Agent::with_parts(agent_config, DefaultConnector::new(), resolver);
        let cache = config.cache_dir.clone().map(|dir| DiskCache::new(dir, config.cache_max_bytes));
        Ok(HttpFetch {
            guard,
            lookup,
            agent,
            config,
            cache,
            in_flight: Mutex::new(HashMap::new()),
            host_freed: Condvar::new(),
        })
    }

    /// As a [`WebFetcher`], for a renderer.
    pub fn into_fetcher(self) -> WebFetcher {
        WebFetcher(Arc::new(self))
    }

    /// The guard this client checks every connection with.
    pub fn guard(&self) -> &Guard {
        &self.guard
    }

    /// `url`'s body: from the cache when fresh, else fetched (revalidating a stale entry), with
    /// retries on 5xx, all before `deadline`.
    pub fn get(&self, url: &str, deadline: Instant) -> Result<Vec<u8>, FetchError> {
        // The URL's form is checked before anything else, the cache included.
        let target = self.guard.check_url(url).map_err(FetchError::Refused)?;
        let cached = self.cache.as_ref().and_then(|c| c.get(url));
        if let Some(entry) = &cached
            && entry.is_fresh(SystemTime::now())
        {
            return Ok(cached.map(|e| e.body).unwrap_or_default());
        }
        let host = target.host_port();
        self.acquire(&host, deadline, url)?;
        let result = self.fetch_with_retries(url, cached, deadline);
        self.release(&host);
        result
    }

    fn fetch_with_retries(
        &self,
        url: &str,
        mut cached: Option<cache::Entry>,
        deadline: Instant,
    ) -> Result<Vec<u8>, FetchError> {
        let mut attempt = 0;
        loop {
            match self.fetch_once(url, &mut cached, deadline) {
                Err(FetchError::Status { status, .. })
                    if (status >= 500 || status == 429) && attempt < self.config.retries =>
                {
                    let wait = self.config.backoff * 2u32.pow(attempt);
                    if Instant::now() + wait >= deadline {
                        return Err(FetchError::Status { url: url.to_owned(), status });
                    }
                    tracing::debug!("{url} answered {status}; trying again in {wait:?}");
                    std::thread::sleep(wait);
                    attempt += 1;
                }
                // The network failed but an old copy is at hand: the map shows that.
                Err(e) if cached.is_some() && !matches!(e, FetchError::Refused(_)) => {
                    tracing::debug!("{e}; drawing the cached copy");
                    return Ok(cached.map(|c| c.body).unwrap_or_default());
                }
                other => return other,
            }
        }
    }

    fn fetch_once(
        &self,
        url: &str,
        cached: &mut Option<cache::Entry>,
        deadline: Instant,
    ) -> Result<Vec<u8>, FetchError> {
        let left = deadline.saturating_duration_since(Instant::now()).min(self.config.total_timeout);
        if left.is_zero() {
            return Err(FetchError::Timeout { url: url.to_owned(), seconds: 0.0 });
        }
        let mut request = self.agent.get(url);
        if let Some(entry) = cached.as_ref() {
            if let Some(etag) = &entry.facts.etag {
                request = request.header("If-None-Match", etag);
            }
            if let Some(modified) = &entry.facts.last_modified {
                request = request.header("If-Modified-Since", modified);
            }
        }
        let started = Instant::now();
        let response =
            request.config().timeout_global(Some(left)).build().call().map_err(|e| self.error(url, e, left))?;
        let status = response.status().as_u16();
        let headers = cache_headers(response.headers());
        if status == 304
            && let (Some(entry), Some(cache)) = (cached.take(), &self.cache)
        {
            return Ok(cache.refresh(url, entry, &headers, SystemTime::now()));
        }
        if !(200..300).contains(&status) {
            return Err(FetchError::Status { url: url.to_owned(), status });
        }
        let body = response
            .into_body()
            .with_config()
            .limit(self.config.max_bytes)
            .read_to_vec()
            .map_err(|e| self.error(url, e, left.saturating_sub(started.elapsed())))?;
        if let Some(cache) = &self.cache {
            cache.put(url, &body, &headers, SystemTime::now());
        }
        Ok(body)
    }

    fn error(&self, url: &str, error: ureq::Error, allowed: Duration) -> FetchError {
        let url = url.to_owned();
        match error {
            ureq::Error::Io(io) if io.get_ref().is_some_and(|e| e.is::<Refusal>()) => {
                let refusal = io.into_inner().and_then(|e| e.downcast::<Refusal>().ok()).expect("checked above");
                FetchError::Refused(*refusal)
            }
            ureq::Error::Timeout(_) => FetchError::Timeout { url, seconds: allowed.as_secs_f64() },
            ureq::Error::Io(io) if io.kind() == io::ErrorKind::TimedOut => {
                FetchError::Timeout { url, seconds: allowed.as_secs_f64() }
            }
            ureq::Error::BodyExceedsLimit(_) => FetchError::TooLarge { url, limit: self.config.max_bytes },
            ureq::Error::TooManyRedirects => FetchError::TooManyRedirects { url },
            other => FetchError::Failed { url, cause: other.to_string() },
        }
    }

    /// Waits (until `deadline`) for the host to have room for one more request.
    fn acquire(&self, host: &str, deadline: Instant, url: &str) -> Result<(), FetchError> {
        let mut in_flight = self.in_flight.lock();
        loop {
            let count = in_flight.entry(host.to_owned()).or_insert(0);
            if *count < self.config.per_host.max(1) {
                *count += 1;
                return Ok(());
            }
            if self.host_freed.wait_until(&mut in_flight, deadline).timed_out() {
                return Err(FetchError::Timeout { url: url.to_owned(), seconds: 0.0 });
            }
        }
    }

    fn release(&self, host: &str) {
        let mut in_flight = self.in_flight.lock();
        if let Some(count) = in_flight.get_mut(host) {
            *count = count.saturating_sub(1);
        }
        self.host_freed.notify_all();
    }
}

impl WebFetch for HttpFetch {
    /// The URL's form, then each address its host resolves to (within the connect timeout), as a
    /// fetch would check them. A host that cannot be resolved now passes: its fetches say why.
    fn check_host(&self, url: &str) -> Result<(), HostRefused> {
        let refused = |refusal: Refusal| HostRefused {
            host_port: refusal.host_port.clone().unwrap_or_default(),
            reason: refusal.reason(),
            message: refusal.to_string(),
        };
        let Ok(target) = self.guard.check_url(url) else { return Ok(()) };
        let addresses = match &target.host {
            Host::Ip(ip) => vec![*ip],
            Host::Name(name) => match lookup_within(&self.lookup, name, target.port, self.config.connect_timeout) {
                Ok(Ok(addresses)) => addresses,
                _ => return Ok(()),
            },
        };
        for address in addresses {
            self.guard.check_address(url, &target, address).map_err(refused)?;
        }
        Ok(())
    }

    fn allow_host(&self, host_port: &str) -> bool {
        match self.guard.allow_host(host_port) {
            Ok(()) => {
                tracing::info!("{host_port} is let through the network guard on a person's yes");
                true
            }
            Err(message) => {
                tracing::warn!("{message}");
                false
            }
        }
    }

    fn hosts_allowed_by_yes(&self) -> Vec<String> {
        self.guard.hosts_allowed_by_yes()
    }

    /// Fetches the URLs on up to `workers` threads (each host limited to `per_host` at a time);
    /// the same URL twice is fetched once.
    fn fetch(&self, urls: &[String], deadline: Instant) -> Vec<FetchResult> {
        let mut first: HashMap<&str, usize> = HashMap::new();
        let mut queue = VecDeque::new();
        for (idx, url) in urls.iter().enumerate() {
            if first.insert(url.as_str(), idx).is_none() {
                queue.push_back(idx);
            }
        }
        let results: Mutex<Vec<Option<FetchResult>>> = Mutex::new(vec![None; urls.len()]);
        // The queue is shared by the workers: each takes the next URL when it is free.
        let queue = Mutex::new(queue);
        let workers = self.config.workers.clamp(1, 16).min(urls.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    while let Some(idx) = queue.lock().pop_front() {
                        let result = self.get(&urls[idx], deadline).map_err(|e| e.to_string());
                        results.lock()[idx] = Some(result);
                    }
                });
            }
        });
        let mut results = results.into_inner();
        for (idx, url) in urls.iter().enumerate() {
            if results[idx].is_none() {
                let source = first[url.as_str()];
                results[idx] = results[source].clone();
            }
        }
        results.into_iter().map(|r| r.unwrap_or_else(|| Err("not fetched".to_owned()))).collect()
    }
}

/// The resolver ureq connects through: the guard's checks, one lookup, checked addresses only.
#[derive(Debug)]
pub struct GuardResolver {
    guard: Arc<Guard>,
    lookup: Arc<dyn Lookup>,
}

impl Resolver for GuardResolver {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        _config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let url = uri.to_string();
        let refused = |refusal: Refusal| ureq::Error::Io(io::Error::new(io::ErrorKind::PermissionDenied, refusal));
        let target = self.guard.check_url(&url).map_err(refused)?;
        let addresses = match &target.host {
            Host::Ip(ip) => vec![*ip],
            Host::Name(name) => self.lookup_within(name, target.port, timeout)?,
        };
        // Every address is checked, not just the one ureq would try first: a name that resolves
        // to a public and a private address is refused.
        for address in &addresses {
            self.guard.check_address(&url, &target, *address).map_err(refused)?;
        }
        let mut resolved = self.empty();
        for address in addresses.into_iter().take(MAX_ADDRESSES) {
            resolved.push(SocketAddr::new(address, target.port));
        }
        if resolved.is_empty() {
            return Err(ureq::Error::HostNotFound);
        }
        Ok(resolved)
    }
}

/// The most addresses handed to ureq for one host (the size of its list).
const MAX_ADDRESSES: usize = 16;

impl GuardResolver {
    /// A lookup on a thread of its own, abandoned after the request's time is up: the system
    /// resolver cannot be interrupted.
    fn lookup_within(&self, name: &str, port: u16, timeout: NextTimeout) -> Result<Vec<IpAddr>, ureq::Error> {
        if timeout.after.is_not_happening() {
            return self.lookup.lookup(name, port).map_err(ureq::Error::Io);
        }
        match lookup_within(&self.lookup, name, port, *timeout.after) {
            Ok(found) => found.map_err(ureq::Error::Io),
            Err(()) => Err(ureq::Error::Timeout(timeout.reason)),
        }
    }
}

/// `lookup` of `name` on a thread of its own, abandoned after `within` (`Err(())`): the system
/// resolver cannot be interrupted.
fn lookup_within(
    lookup: &Arc<dyn Lookup>,
    name: &str,
    port: u16,
    within: Duration,
) -> Result<io::Result<Vec<IpAddr>>, ()> {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let (lookup, host) = (lookup.clone(), name.to_owned());
    let spawned = std::thread::Builder::new().name("rustgis-dns".to_owned()).spawn(move || {
        if tx.send(lookup.lookup(&host, port)).is_err() {
            tracing::debug!("a lookup of {host} ended after its request gave up");
        }
    });
    if let Err(e) = spawned {
        return Ok(Err(e));
    }
    rx.recv_timeout(within).map_err(|_| ())
}

fn cache_headers(headers: &ureq::http::HeaderMap) -> CacheHeaders {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    CacheHeaders {
        cache_control: text("cache-control"),
        expires: text("expires"),
        etag: text("etag"),
        last_modified: text("last-modified"),
        date: text("date").and_then(|d| cache::parse_http_date(&d)),
    }
}
