//! Whether a URL's host is this machine, read as the HTTP client reads it
//! (the host rule itself is [`is_loopback_host`]).

use crmdeck_domain::address::is_loopback_host;

/// Whether the host of `url` is this machine, read as the HTTP client reads
/// it (so `http://127.1` is 127.0.0.1); an address that does not parse is not.
pub(crate) fn is_loopback_url(url: &str) -> bool {
    reqwest::Url::parse(url)
        .ok()
        .and_then(|url| url.host_str().map(is_loopback_host))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_machine_and_no_other() {
        for local in [
            "http://localhost",
            "http://LOCALHOST.:3000/x",
            "https://127.0.0.1:8443",
            "http://127.5.6.7",
            "http://127.1",
            "http://[::1]:8080",
            "http://[0:0:0:0:0:0:0:1]",
            "http://user@127.0.0.1",
        ] {
            assert!(is_loopback_url(local), "{local}");
        }
        for remote in [
            "https://api.example.uz",
            "http://10.0.0.1",
            "http://localhost.example.com",
            "http://127.0.0.1.example.com",
            "http://[::2]",
            "http://localhost@evil.example",
            "not a url",
            "",
        ] {
            assert!(!is_loopback_url(remote), "{remote}");
        }
    }
}
