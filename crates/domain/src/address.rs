//! Whether a host is this machine: plain http may go there (the token stays
//! on the machine), and no proxy may stand in between.

use std::net::{Ipv4Addr, Ipv6Addr};

/// `localhost`, 127.0.0.0/8 or `[::1]` (brackets included, as in a URL).
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return inner.parse::<Ipv6Addr>().is_ok_and(|ip| ip.is_loopback());
    }
    host.parse::<Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
}
