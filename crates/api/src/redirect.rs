//! Which redirects the client follows (issue 33 §3). reqwest's own policy
//! follows ten hops to any host and turns a 307's POST into another POST
//! wherever it points, so the client follows none itself (its reqwest
//! client is built with `Policy::none()`) and decides here, one hop at a
//! time, so that every error names the address that failed:
//! - a request that changes something (the install POST) follows none:
//!   sent once, to the configured server, never again elsewhere;
//! - a GET follows up to [`MAX_REDIRECTS`] hops on the same host, never
//!   from https to http; the token goes along only while the origin
//!   (scheme, host, port) stays the same, as reqwest drops it too.

use reqwest::{Method, StatusCode, Url};

/// The most redirects one GET follows.
pub const MAX_REDIRECTS: usize = 5;

/// Why a redirect was not followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotFollowed {
    /// The request changes something (the install POST): sent once only.
    Change,
    /// The `Location` names another host.
    OtherHost,
    /// From https to plain http: the token and the answer would travel in clear.
    Downgrade,
    /// More than [`MAX_REDIRECTS`] in a row.
    TooMany,
    /// No `Location`, or one that is not an http(s) address.
    NoLocation,
}

impl NotFollowed {
    /// The reason, in a few words, for the error line.
    pub fn words(self) -> &'static str {
        match self {
            Self::Change => "an install is sent once, to the configured server only: nothing done",
            Self::OtherHost => "another host",
            Self::Downgrade => "from https to http",
            Self::TooMany => "too many redirects",
            Self::NoLocation => "no address to follow",
        }
    }
}

/// The next request of a followed redirect.
#[derive(Debug, PartialEq, Eq)]
pub struct Hop {
    pub url: Url,
    /// Whether the token goes along: only to the same origin.
    pub with_token: bool,
}

/// What to do with a 3xx answer to `method` at `from`, `followed` hops
/// into the chain: the next hop, or why not (with the host it named,
/// when it named one).
pub fn next_hop(
    method: &Method,
    status: StatusCode,
    from: &Url,
    location: Option<&str>,
    followed: usize,
) -> Result<Hop, (NotFollowed, Option<String>)> {
    // 304 and 300 are not a move to elsewhere; 305/306 are obsolete.
    let moved = matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308);
    let next = location
        .and_then(|location| from.join(location.trim()).ok())
        .filter(|url| matches!(url.scheme(), "http" | "https"));
    let host = next.as_ref().map(host_of);
    if *method != Method::GET && *method != Method::HEAD {
        return Err((NotFollowed::Change, host));
    }
    let Some(url) = next.filter(|_| moved) else {
        return Err((NotFollowed::NoLocation, host));
    };
    if url.host_str() != from.host_str() {
        return Err((NotFollowed::OtherHost, host));
    }
    if from.scheme() == "https" && url.scheme() == "http" {
        return Err((NotFollowed::Downgrade, host));
    }
    if followed >= MAX_REDIRECTS {
        return Err((NotFollowed::TooMany, host));
    }
    let with_token = url.scheme() == from.scheme()
        && url.port_or_known_default() == from.port_or_known_default();
    Ok(Hop { url, with_token })
}

/// `host` or `host:port` when the port is not the scheme's own: how an
/// error names an address.
pub fn host_of(url: &Url) -> String {
    let host = url.host_str().unwrap_or("the server");
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).unwrap()
    }

    fn hop(
        method: Method,
        status: u16,
        from: &str,
        to: &str,
        followed: usize,
    ) -> Result<Hop, (NotFollowed, Option<String>)> {
        next_hop(
            &method,
            StatusCode::from_u16(status).unwrap(),
            &url(from),
            Some(to),
            followed,
        )
    }

    #[test]
    fn a_get_follows_the_same_host_only() {
        let same = hop(
            Method::GET,
            302,
            "https://api.example.uz/v2/groups",
            "/v3/groups?page=2",
            0,
        );
        assert_eq!(
            same,
            Ok(Hop {
                url: url("https://api.example.uz/v3/groups?page=2"),
                with_token: true,
            })
        );
        let other = hop(
            Method::GET,
            301,
            "https://api.example.uz/v2",
            "https://evil.example:8443/x",
            0,
        );
        assert_eq!(
            other,
            Err((NotFollowed::OtherHost, Some("evil.example:8443".into())))
        );
        // Another port of the same host, or http to https on it: followed;
        // the origin changed, so without the token.
        for (status, from, to) in [
            (307, "http://127.0.0.1:3000/v2", "http://127.0.0.1:3001/v2"),
            (308, "http://api.example.uz/v2", "https://api.example.uz/v2"),
        ] {
            let moved = hop(Method::GET, status, from, to, 0);
            assert_eq!(moved.map(|hop| hop.with_token), Ok(false), "{to}");
        }
    }

    #[test]
    fn never_from_https_to_http() {
        let down = hop(
            Method::GET,
            302,
            "https://api.example.uz/v2",
            "http://api.example.uz/v2",
            0,
        );
        assert_eq!(
            down,
            Err((NotFollowed::Downgrade, Some("api.example.uz".into())))
        );
    }

    #[test]
    fn a_post_follows_nothing() {
        for status in [301, 302, 303, 307, 308] {
            let same = hop(
                Method::POST,
                status,
                "https://api.example.uz/v2/plugins/install",
                "/v2/plugins/install",
                0,
            );
            assert_eq!(
                same,
                Err((NotFollowed::Change, Some("api.example.uz".into()))),
                "{status}"
            );
        }
    }

    #[test]
    fn chains_end_and_odd_answers_are_not_followed() {
        let from = "http://127.0.0.1:3000/v2";
        assert!(hop(Method::GET, 302, from, "/v2", MAX_REDIRECTS - 1).is_ok());
        assert_eq!(
            hop(Method::GET, 302, from, "/v2", MAX_REDIRECTS).map_err(|e| e.0),
            Err(NotFollowed::TooMany)
        );
        for (status, to) in [
            (302, "ftp://127.0.0.1/x"),
            (304, "/v2"),
            (300, "/v2"),
            (302, "http://[::1"),
        ] {
            assert_eq!(
                hop(Method::GET, status, from, to, 0).map_err(|e| e.0),
                Err(NotFollowed::NoLocation),
                "{status} {to}"
            );
        }
        let none = next_hop(&Method::GET, StatusCode::FOUND, &url(from), None, 0);
        assert_eq!(none, Err((NotFollowed::NoLocation, None)));
    }
}
