//! The API's address, parsed once: the config builds it from what the user
//! wrote, the client sends to it, the top line shows its host, and whether
//! it is this machine (plain http allowed, no proxy) is asked of it.
//!
//! Read by `url` (the WHATWG rules the HTTP client reads it by), so every
//! reader agrees: `http://127.1` is 127.0.0.1 for the config's check, the
//! client's proxy and the top line alike. Kept as written besides (trailing
//! slashes trimmed): the client adds `/v2/...` after it, and messages quote
//! it as the user wrote it.
//!
//! Here, on the model's floor, because both the config (in crmdeck) and the
//! client (`crmdeck-api`, below the config) take it: the lowest crate both
//! stand on.

use std::fmt;
use std::net::IpAddr;
use std::ops::Deref;
use std::str::FromStr;
use url::{Host, Url};

/// An `http://` or `https://` address with a host, no user name or
/// password, no query and no fragment.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiUrl {
    /// As written, white space and trailing slashes trimmed.
    written: String,
    url: Url,
}

/// Why an address is refused. The texts never quote a password or a query
/// (either may hold a secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiUrlError {
    /// `user:password@host`.
    UserInfo,
    /// Not `http://` or `https://`; the address quoted unless it holds an `@`.
    Scheme(String),
    /// `?…` or `#…`.
    QueryOrFragment,
    /// White space inside; the address quoted as above.
    Spaces(String),
    /// Nothing after the scheme; the address quoted as above.
    NoHost(String),
    /// `url` refuses it (a port that is no number, a broken IPv6 or IPv4
    /// address); the address quoted as above, and why.
    Malformed(String, String),
}

impl fmt::Display for ApiUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UserInfo => f.write_str(
                "base_url must not hold a user name or password (user:password@host): \
                 the API takes the token; write the address without them",
            ),
            Self::Scheme(raw) => write!(
                f,
                "base_url must start with http:// or https://{}",
                quoted(raw)
            ),
            // Not quoted: a query may hold a key. The client adds `/v2/...`
            // after the address, so `/api?x=1` would send `/api?x=1/v2/plugins`.
            Self::QueryOrFragment => f.write_str(
                "base_url must not hold a query (?…) or a fragment (#…): \
                 crmdeck adds the API's paths after the address; \
                 give the host root, or the path the API is under",
            ),
            Self::Spaces(url) => write!(f, "base_url must not contain spaces{}", quoted(url)),
            Self::NoHost(url) => write!(f, "base_url has no host after the scheme{}", quoted(url)),
            Self::Malformed(url, why) => {
                write!(f, "base_url is not a valid address{} ({why})", quoted(url))
            }
        }
    }
}

impl std::error::Error for ApiUrlError {}

/// The address as a message ends with it (`: "api.example.uz"`), unless it
/// holds an `@` anywhere: in an address that does not parse
/// (`https//user:secret@host`, `https:///user:secret@host`) no one can tell
/// a password before the `@` from a path, so none of it is quoted.
fn quoted(address: &str) -> String {
    if address.contains('@') {
        " (not quoted: it holds an @, which may follow a password)".to_string()
    } else {
        format!(": {address:?}")
    }
}

impl ApiUrl {
    /// Trims white space and trailing slashes, then checks, in this order
    /// (so that no message quotes what it must not): no user name or
    /// password, the scheme, no query or fragment, no spaces, a host, and
    /// what `url` makes of it.
    pub fn parse(raw: &str) -> Result<Self, ApiUrlError> {
        let raw = raw.trim();
        // First, and without quoting the address: every message and `info`
        // would show the password otherwise. Read by hand because an
        // address `url` refuses may hold one too (`https//user:pw@host`).
        let after_scheme = raw.split_once("://").map_or(raw, |(_, rest)| rest);
        if authority(after_scheme).contains('@') {
            return Err(ApiUrlError::UserInfo);
        }
        let Some(rest) = raw.split_once("://").and_then(|(scheme, rest)| {
            (scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http"))
                .then_some(rest)
        }) else {
            return Err(ApiUrlError::Scheme(raw.to_string()));
        };
        if rest.contains(['?', '#']) {
            return Err(ApiUrlError::QueryOrFragment);
        }
        let written = raw.trim_end_matches('/');
        if written.chars().any(char::is_whitespace) {
            return Err(ApiUrlError::Spaces(written.to_string()));
        }
        if host(rest).is_empty() {
            return Err(ApiUrlError::NoHost(written.to_string()));
        }
        let url = Url::parse(written)
            .map_err(|why| ApiUrlError::Malformed(written.to_string(), why.to_string()))?;
        Ok(Self {
            written: written.to_string(),
            url,
        })
    }

    /// The address as written (trailing slashes trimmed): what the client
    /// adds the API's paths to.
    pub fn as_str(&self) -> &str {
        &self.written
    }

    /// `host[:port]` as the HTTP client reads it (lower case, `127.1` as
    /// `127.0.0.1`, IPv6 in brackets, a default port left out): never a
    /// scheme, a path or a password.
    pub fn host(&self) -> String {
        let host = self.url.host_str().unwrap_or_default();
        match self.url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_string(),
        }
    }

    /// Whether the host is this machine: `localhost` (a final dot allowed),
    /// 127.0.0.0/8 in any form the client reads (`127.1`), or `[::1]`. Plain
    /// http may go there (the token stays on the machine), and no proxy may
    /// stand in between.
    pub fn is_loopback(&self) -> bool {
        match self.url.host() {
            Some(Host::Domain(name)) => name.trim_end_matches('.') == "localhost",
            Some(Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
            Some(Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
            None => false,
        }
    }

    /// `http://` to anything but this machine: the token would cross the
    /// network unencrypted.
    pub fn is_plain_http_to_remote(&self) -> bool {
        self.url.scheme() == "http" && !self.is_loopback()
    }

    /// True when the address ends in the API version (`.../v2`), which the
    /// client adds to every path itself.
    pub fn ends_with_version(&self) -> bool {
        self.written.to_ascii_lowercase().ends_with("/v2")
    }
}

/// `user@host:port` of `user@host:port/path?query`.
fn authority(after_scheme: &str) -> &str {
    after_scheme
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
}

/// The host part of `host:port/path` (no `@` left by then): brackets kept
/// for IPv6.
fn host(after_scheme: &str) -> &str {
    let host_port = authority(after_scheme);
    if host_port.starts_with('[') {
        return host_port
            .find(']')
            .map_or(host_port, |end| &host_port[..=end]);
    }
    host_port.split(':').next().unwrap_or_default()
}

impl FromStr for ApiUrl {
    type Err = ApiUrlError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

/// The address as written: what messages quote and paths follow.
impl Deref for ApiUrl {
    type Target = str;

    fn deref(&self) -> &str {
        &self.written
    }
}

impl PartialEq<str> for ApiUrl {
    fn eq(&self, other: &str) -> bool {
        self.written == other
    }
}

impl fmt::Display for ApiUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

impl fmt::Debug for ApiUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApiUrl({:?})", self.written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(raw: &str) -> ApiUrl {
        ApiUrl::parse(raw).unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    fn refusal(raw: &str) -> String {
        ApiUrl::parse(raw).unwrap_err().to_string()
    }

    #[test]
    fn normalises_and_rejects() {
        assert_eq!(
            url(" https://api.example.uz// ").as_str(),
            "https://api.example.uz"
        );
        // As written: the scheme's case kept; the host read in lower case.
        let upper = url("HTTP://LocalHost:8080/");
        assert_eq!(upper.as_str(), "HTTP://LocalHost:8080");
        assert_eq!(upper.host(), "localhost:8080");
        assert!(upper.is_loopback());
        assert!(refusal("api.example.uz").contains("http://"));
        assert!(ApiUrl::parse("ftp://x").is_err());
        assert!(refusal("https://").contains("no host"));
        assert!(refusal("https://:8080").contains("no host"));
        assert!(ApiUrl::parse("https://a b").is_err());
        // An @ in the path is no user name.
        assert!(ApiUrl::parse("https://api.example.uz/a@b").is_ok());
        assert_eq!(
            refusal("api.example.uz"),
            "base_url must start with http:// or https://: \"api.example.uz\""
        );
        assert_eq!(
            refusal("https://a b"),
            "base_url must not contain spaces: \"https://a b\""
        );
        // What `url` refuses past the checks above, quoted (no @, no query).
        assert_eq!(
            refusal("https://api.example.uz:port"),
            "base_url is not a valid address: \"https://api.example.uz:port\" (invalid port number)"
        );
    }

    #[test]
    fn a_query_or_a_fragment_is_refused_without_quoting_it() {
        let refused = [
            "https://api.example.uz/api?x=1",
            "https://api.example.uz?key=hunter2-key",
            "https://api.example.uz/#frag",
            "http://localhost:8080/?",
            "https://api.example.uz/a@b?c=d@e",
        ]
        .map(refusal);
        let why = "query (?…) or a fragment (#…)";
        assert!(refused.iter().all(|e| e.contains(why)), "{refused:?}");
        // Not quoted: a query may hold a key.
        let quoted = |piece| refused.iter().any(|e| e.contains(piece));
        assert!(!quoted("hunter2") && !quoted("x=1"), "{refused:?}");
        assert!(ApiUrl::parse("https://api.example.uz/api/").is_ok());
    }

    #[test]
    fn an_address_that_does_not_parse_is_not_quoted_when_it_holds_an_at() {
        // Refused for the password, or for a typo (then nothing after an
        // @ is quoted): never the password in the message.
        for (typo, why) in [
            (
                "https://ops:hunter2-pass@api.example.uz/",
                "user name or password",
            ),
            (
                "http://ops:hunter2-pass@localhost:8080",
                "user name or password",
            ),
            ("ops:hunter2-pass@api.example.uz", "user name or password"),
            (
                "https://ops:hunter2 pass@api.example.uz",
                "user name or password",
            ),
            ("http://user@127.0.0.1", "user name or password"),
            ("http://localhost@evil.example", "user name or password"),
            ("https//ops:hunter2-pass@api.example.uz", "base_url "),
            ("https:/ops:hunter2-pass@api.example.uz", "base_url "),
            ("https:///ops:hunter2-pass@api.example.uz", "base_url "),
            ("htps://ops:hunter2-pass@api.example.uz", "base_url "),
            ("https://ops:hunter2 pass@api.example.uz/x y", "base_url "),
            ("https://api.example.uz/x y?key=hunter2@z", "base_url "),
        ] {
            let error = refusal(typo);
            assert!(
                error.starts_with("base_url ") && error.contains(why),
                "{error}"
            );
            assert!(!error.contains("hunter2"), "{typo}: {error}");
        }
        assert_eq!(
            refusal("https//ops:hunter2-pass@api.example.uz"),
            "base_url must start with http:// or https:// \
             (not quoted: it holds an @, which may follow a password)"
        );
        assert!(url("https://api.example.uz/V2").ends_with_version());
        assert!(!url("https://api.example.uz/v20").ends_with_version());
    }

    #[test]
    fn this_machine_and_no_other() {
        for local in [
            "http://localhost",
            "http://LOCALHOST:3000/x",
            "http://LOCALHOST.:3000/x",
            "http://localhost.",
            "https://127.0.0.1:8443",
            "http://127.0.0.1:8080",
            "http://127.5.6.7",
            // Read as the HTTP client reads it: 127.0.0.1 (the config's
            // own reader called it remote, the client's this machine).
            "http://127.1",
            "http://[::1]:8080",
            "http://[0:0:0:0:0:0:0:1]",
        ] {
            let url = url(local);
            assert!(url.is_loopback(), "{local}");
            assert!(!url.is_plain_http_to_remote(), "{local}");
        }
        for remote in [
            "http://api.example.uz",
            "http://10.0.0.1",
            "http://localhost.example.com",
            "http://127.0.0.1.example.com",
            "http://[::2]",
        ] {
            let url = url(remote);
            assert!(!url.is_loopback(), "{remote}");
            assert!(url.is_plain_http_to_remote(), "{remote}");
        }
        assert!(!url("https://api.example.uz").is_plain_http_to_remote());
        assert!(!url("https://api.example.uz").is_loopback());
        for not_an_address in ["not a url", ""] {
            assert!(ApiUrl::parse(not_an_address).is_err(), "{not_an_address}");
        }
    }

    #[test]
    fn host_keeps_the_port_and_drops_everything_else() {
        assert_eq!(url("https://api.example.uz").host(), "api.example.uz");
        assert_eq!(url("http://127.0.0.1:41234").host(), "127.0.0.1:41234");
        assert_eq!(
            url("https://crm.example.uz:8443/api").host(),
            "crm.example.uz:8443"
        );
        assert_eq!(url("http://[::1]:8080/v2").host(), "[::1]:8080");
        assert_eq!(url("http://127.1").host(), "127.0.0.1");
        assert_eq!(url("HTTPS://API.Example.UZ").host(), "api.example.uz");
        // The scheme's own port is no port to show.
        assert_eq!(url("https://api.example.uz:443").host(), "api.example.uz");
        // A password never reaches the screen: such an address is refused.
        assert!(ApiUrl::parse("https://ops:s3cret@api.example.uz:8443/").is_err());
        assert!(ApiUrl::parse("api.example.uz/x").is_err());
    }
}
