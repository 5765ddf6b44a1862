//! The disk cache of fetched responses (tiles, mostly), in the cache folder: one body file and
//! one small JSON file of facts per URL, named by the URL's SHA-256. Freshness follows the
//! response's `Cache-Control` (`max-age`, `no-cache`, `no-store`) or `Expires`; a stale entry
//! with an `ETag` or `Last-Modified` is revalidated. The folder is kept under a size cap by
//! removing the least recently used entries (a hit touches its body file's modification time).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};

/// How long a response without caching headers stays fresh.
pub(super) const DEFAULT_FRESHNESS: Duration = Duration::from_secs(3600);

/// What the cache knows of one URL besides its body.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(super) struct Facts {
    pub(super) url: String,
    /// Seconds since the Unix epoch after which the entry is stale.
    pub(super) fresh_until: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) last_modified: Option<String>,
}

/// A cached response.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) facts: Facts,
    pub(super) body: Vec<u8>,
}

impl Entry {
    pub(super) fn is_fresh(&self, now: SystemTime) -> bool {
        unix_secs(now) < self.facts.fresh_until
    }
}

/// The cache: its folder and size cap, and the bytes it holds (counted once, at first use).
#[derive(Debug)]
pub(super) struct DiskCache {
    folder: PathBuf,
    max_bytes: u64,
    /// The folder's size in bytes, `None` until first counted. The lock also keeps two fetcher
    /// threads from evicting at once.
    held: Mutex<Option<u64>>,
}

impl DiskCache {
    pub(super) fn new(folder: PathBuf, max_bytes: u64) -> DiskCache {
        DiskCache { folder, max_bytes, held: Mutex::new(None) }
    }

    /// The entry for `url`, fresh or not; touching it makes it the most recently used.
    pub(super) fn get(&self, url: &str) -> Option<Entry> {
        let (body_path, facts_path) = self.paths(url);
        let facts: Facts = serde_json::from_slice(&std::fs::read(&facts_path).ok()?).ok()?;
        if facts.url != url {
            return None;
        }
        let body = std::fs::read(&body_path).ok()?;
        if let Ok(file) = std::fs::File::options().write(true).open(&body_path)
            && let Err(e) = file.set_modified(SystemTime::now())
        {
            tracing::debug!("cannot mark {} as used: {e}", body_path.display());
        }
        Some(Entry { facts, body })
    }

    /// Stores a response (unless its headers forbid), then keeps the folder under its cap.
    pub(super) fn put(&self, url: &str, body: &[u8], headers: &CacheHeaders, now: SystemTime) {
        let Some(fresh_for) = headers.freshness() else { return };
        let facts = Facts {
            url: url.to_owned(),
            fresh_until: unix_secs(now) + fresh_for.as_secs(),
            etag: headers.etag.clone(),
            last_modified: headers.last_modified.clone(),
        };
        if let Err(e) = self.write(url, body, &facts) {
            tracing::warn!("cannot cache {url} in {}: {e}", self.folder.display());
        }
    }

    /// Marks an entry fresh again after a `304 Not Modified`.
    pub(super) fn refresh(&self, url: &str, mut entry: Entry, headers: &CacheHeaders, now: SystemTime) -> Vec<u8> {
        let fresh_for = headers.freshness().unwrap_or(Duration::ZERO);
        entry.facts.fresh_until = unix_secs(now) + fresh_for.as_secs();
        if headers.etag.is_some() {
            entry.facts.etag.clone_from(&headers.etag);
        }
        let (_, facts_path) = self.paths(url);
        if let Ok(json) = serde_json::to_vec(&entry.facts)
            && let Err(e) = rustgis_core::io::atomic::write_bytes(&facts_path, true, &json)
        {
            tracing::warn!("cannot refresh the cache entry of {url}: {e}");
        }
        entry.body
    }

    fn write(&self, url: &str, body: &[u8], facts: &Facts) -> rustgis_core::Result<()> {
        std::fs::create_dir_all(&self.folder).map_err(|cause| rustgis_core::Error::Io {
            action: "cannot create",
            path: self.folder.clone(),
            cause,
        })?;
        let (body_path, facts_path) = self.paths(url);
        let json = serde_json::to_vec(facts).expect("facts are plain data");
        let old = file_size(&body_path) + file_size(&facts_path);
        rustgis_core::io::atomic::write_bytes(&body_path, true, body)?;
        rustgis_core::io::atomic::write_bytes(&facts_path, true, &json)?;
        let added = (body.len() + json.len()) as u64;
        let mut held = self.held.lock();
        let total = match *held {
            Some(total) => total.saturating_sub(old) + added,
            None => self.count(),
        };
        *held = Some(if total > self.max_bytes { self.evict(total) } else { total });
        Ok(())
    }

    /// Removes the least recently used entries until the folder holds 90% of the cap; returns
    /// what it then holds.
    fn evict(&self, mut total: u64) -> u64 {
        let target = self.max_bytes / 10 * 9;
        let mut bodies: Vec<(SystemTime, PathBuf, u64)> = self
            .entries()
            .filter(|p| p.extension().is_some_and(|e| e == "body"))
            .filter_map(|p| {
                let meta = std::fs::metadata(&p).ok()?;
                Some((meta.modified().ok()?, p, meta.len()))
            })
            .collect();
        bodies.sort_by_key(|(used, _, _)| *used);
        for (_, body, size) in bodies {
            if total <= target {
                break;
            }
            let facts = body.with_extension("json");
            let facts_size = file_size(&facts);
            for path in [&body, &facts] {
                if let Err(e) = std::fs::remove_file(path) {
                    tracing::debug!("cannot remove {} from the cache: {e}", path.display());
                }
            }
            total = total.saturating_sub(size + facts_size);
        }
        total
    }

    fn count(&self) -> u64 {
        self.entries().map(|p| file_size(&p)).sum()
    }

    fn entries(&self) -> impl Iterator<Item = PathBuf> {
        std::fs::read_dir(&self.folder).into_iter().flatten().flatten().map(|e| e.path())
    }

    fn paths(&self, url: &str) -> (PathBuf, PathBuf) {
        let key = rustgis_core::sha256_hex(url.as_bytes());
        (self.folder.join(format!("{key}.body")), self.folder.join(format!("{key}.json")))
    }
}

/// The caching headers of a response.
#[derive(Debug, Clone, Default)]
pub(super) struct CacheHeaders {
    pub(super) cache_control: Option<String>,
    pub(super) expires: Option<String>,
    pub(super) etag: Option<String>,
    pub(super) last_modified: Option<String>,
    pub(super) date: Option<SystemTime>,
}

impl CacheHeaders {
    /// How long the response stays fresh; `None` when it must not be stored (`no-store`).
    pub(super) fn freshness(&self) -> Option<Duration> {
        if let Some(control) = &self.cache_control {
            let directives: Vec<String> = control.split(',').map(|d| d.trim().to_ascii_lowercase()).collect();
            if directives.iter().any(|d| d == "no-store") {
                return None;
            }
            if directives.iter().any(|d| d == "no-cache") {
                return Some(Duration::ZERO);
            }
            if let Some(age) =
                directives.iter().find_map(|d| d.strip_prefix("max-age=")?.trim_matches('"').parse().ok())
            {
                return Some(Duration::from_secs(age));
            }
        }
        if let Some(expires) = &self.expires {
            let now = self.date.unwrap_or_else(SystemTime::now);
            // An Expires that is no date ("0", "-1") means already stale.
            return Some(parse_http_date(expires).and_then(|t| t.duration_since(now).ok()).unwrap_or(Duration::ZERO));
        }
        Some(DEFAULT_FRESHNESS)
    }
}

/// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, the one form servers send today).
pub(super) fn parse_http_date(text: &str) -> Option<SystemTime> {
    let format = time::macros::format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    let parsed = time::PrimitiveDateTime::parse(text.trim(), format).ok()?;
    let secs = parsed.assume_utc().unix_timestamp();
    Some(SystemTime::UNIX_EPOCH + Duration::from_secs(u64::try_from(secs).ok()?))
}

fn unix_secs(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_control_and_expires_set_how_long_a_response_stays_fresh() {
        let with = |control: Option<&str>, expires: Option<&str>| CacheHeaders {
            cache_control: control.map(str::to_owned),
            expires: expires.map(str::to_owned),
            date: parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            ..CacheHeaders::default()
        };
        assert_eq!(with(Some("public, max-age=600"), None).freshness(), Some(Duration::from_secs(600)));
        assert_eq!(with(Some("no-store"), None).freshness(), None);
        assert_eq!(with(Some("no-cache"), None).freshness(), Some(Duration::ZERO));
        assert_eq!(with(None, Some("Sun, 06 Nov 1994 09:49:37 GMT")).freshness(), Some(Duration::from_secs(3600)));
        assert_eq!(with(None, Some("0")).freshness(), Some(Duration::ZERO));
        assert_eq!(with(None, None).freshness(), Some(DEFAULT_FRESHNESS));
    }
}
