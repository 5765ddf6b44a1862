//! The one place RustGIS listens: [`bind_loopback`], used by the relay and by MCP over HTTP.
//! `clippy.toml` forbids `TcpListener::bind` everywhere else.

use std::net::{IpAddr, SocketAddr, TcpListener};

use crate::error::{Error, Result};

/// Listens on `addr`, which must be a loopback address: any other is refused before a socket is
/// opened. A taken port becomes the error `taken` makes (it names the port's variable); the
/// listener is non-blocking, for tokio. Returns it with the address it got (port 0 takes any).
pub(crate) fn bind_loopback(
    addr: SocketAddr,
    taken: impl FnOnce(IpAddr, u16) -> Error,
) -> Result<(TcpListener, SocketAddr)> {
    if !addr.ip().is_loopback() {
        return Err(Error::NotLoopback { addr });
    }
    #[allow(clippy::disallowed_methods, reason = "bind_loopback is the one place that listens, on loopback only")]
    let listener = TcpListener::bind(addr).map_err(|source| {
        if source.kind() == std::io::ErrorKind::AddrInUse {
            taken(addr.ip(), addr.port())
        } else {
            Error::Bind { addr, source }
        }
    })?;
    let bound = listener.local_addr().map_err(|source| Error::Bind { addr, source })?;
    listener.set_nonblocking(true).map_err(|source| Error::Bind { addr: bound, source })?;
    Ok((listener, bound))
}
