//! Open connections kept for the next query on the same connection text: a map redrawn, a tile
//! pyramid (one query a tile) or a table paged through no longer opens a connection (a new
//! server process, perhaps a TLS handshake) each time. A connection goes back only after its
//! query ended cleanly (its read-only transaction rolled back, its load committed); one that
//! failed is closed. A kept connection is checked before it is used (an empty query: nothing
//! runs), and one the server has closed meanwhile is replaced. The texts are the keys, held
//! zeroed when dropped: they may carry a password the app's user typed.

use std::time::{Duration, Instant};

use parking_lot::Mutex;
use postgres::Client;
use rustgis_core::Result;
use zeroize::Zeroizing;

/// The most idle connections kept for one connection text.
const MAX_IDLE: usize = 4;

/// How long an idle connection is kept; older ones are closed when the pool is next used.
const MAX_IDLE_AGE: Duration = Duration::from_secs(120);

/// How long a kept connection may take to answer the check before it is replaced.
const CHECK_TIMEOUT: Duration = Duration::from_secs(5);

/// The idle connections of the process, by connection text.
static POOL: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

struct Entry {
    connection: Zeroizing<String>,
    idle: Vec<(Client, Instant)>,
}

/// A connection taken from the pool or opened for a query; it goes back with
/// [`Pooled::give_back`], and is closed when dropped otherwise.
pub(super) struct Pooled {
    client: Client,
    connection: Zeroizing<String>,
}

impl Pooled {
    /// A connection for `connection`: an idle one that still answers (checked with an empty
    /// query, which runs nothing), else a new one from `open`.
    pub(super) fn take(connection: &str, open: impl FnOnce() -> Result<Client>) -> Result<Pooled> {
        let connection = Zeroizing::new(connection.to_owned());
        while let Some(mut client) = take_idle(&connection) {
            match client.is_valid(CHECK_TIMEOUT) {
                Ok(()) => return Ok(Pooled { client, connection }),
                Err(e) => tracing::debug!("a kept PostGIS connection no longer answers ({e}); it is closed"),
            }
        }
        Ok(Pooled { client: open()?, connection })
    }

    /// The connection.
    pub(super) fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    /// Keeps the connection for the next query on the same text (unless it is closed, or
    /// [`MAX_IDLE`] are kept already).
    pub(super) fn give_back(self) {
        if self.client.is_closed() {
            return;
        }
        let mut pool = POOL.lock();
        prune(&mut pool);
        let at = match pool.iter().position(|e| *e.connection == *self.connection) {
            Some(at) => at,
            None => {
                pool.push(Entry { connection: self.connection, idle: Vec::new() });
                pool.len() - 1
            }
        };
        let idle = &mut pool[at].idle;
        if idle.len() < MAX_IDLE {
            idle.push((self.client, Instant::now()));
        }
    }
}

/// An idle connection for `connection`, the most recently used first.
fn take_idle(connection: &str) -> Option<Client> {
    let mut pool = POOL.lock();
    prune(&mut pool);
    let entry = pool.iter_mut().find(|e| *e.connection == *connection)?;
    entry.idle.pop().map(|(client, _)| client)
}

/// Closes the connections idle for longer than [`MAX_IDLE_AGE`], and those closed meanwhile.
fn prune(pool: &mut Vec<Entry>) {
    for entry in pool.iter_mut() {
        entry.idle.retain(|(client, since)| since.elapsed() < MAX_IDLE_AGE && !client.is_closed());
    }
    pool.retain(|e| !e.idle.is_empty());
}
