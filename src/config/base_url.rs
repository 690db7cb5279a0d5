//! Checking the API address: a scheme, a host, and no plain http off this machine.

use crate::domain::address::is_loopback_host;

/// Trims white space and trailing slashes; the address must be `http://` or
/// `https://` followed by a host, with no user name or password in it. The
/// message explains what is wrong.
pub(crate) fn normalise(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    // First, and without quoting the address: every message and `info`
    // would show the password otherwise.
    let after_scheme = raw.split_once("://").map_or(raw, |(_, rest)| rest);
    if authority(after_scheme).contains('@') {
        return Err(
            "base_url must not hold a user name or password (user:password@host): \
             the API takes the token; write the address without them"
                .to_string(),
        );
    }
    let Some((_, rest)) = split_scheme(raw) else {
        return Err(format!(
            "base_url must start with http:// or https://{}",
            quoted(raw)
        ));
    };
    // Not quoted: a query may hold a key. The client adds `/v2/...` after
    // the address, so `/api?x=1` would send `/api?x=1/v2/plugins`.
    if rest.contains(['?', '#']) {
        return Err("base_url must not hold a query (?…) or a fragment (#…): \
                    crmdeck adds the API's paths after the address; \
                    give the host root, or the path the API is under"
            .to_string());
    }
    let url = raw.trim_end_matches('/');
    if url.chars().any(char::is_whitespace) {
        return Err(format!("base_url must not contain spaces{}", quoted(url)));
    }
    if host(rest).is_empty() {
        return Err(format!(
            "base_url has no host after the scheme{}",
            quoted(url)
        ));
    }
    Ok(url.to_string())
}

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

/// True when the address ends in the API version (`.../v2`), which the
/// client adds to every path itself.
pub(crate) fn ends_with_version(url: &str) -> bool {
    url.to_ascii_lowercase().ends_with("/v2")
}

/// True for `http://` to anything but this machine: the token would cross
/// the network unencrypted.
pub(crate) fn is_plain_http_to_remote(url: &str) -> bool {
    match split_scheme(url) {
        Some((Scheme::Http, rest)) => !is_loopback_host(host(rest)),
        _ => false,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Http,
    Https,
}

/// The scheme (matched without regard to case) and what follows `://`.
fn split_scheme(url: &str) -> Option<(Scheme, &str)> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme.eq_ignore_ascii_case("https") {
        Some((Scheme::Https, rest))
    } else if scheme.eq_ignore_ascii_case("http") {
        Some((Scheme::Http, rest))
    } else {
        None
    }
}

/// `user@host:port` of `user@host:port/path?query`.
fn authority(after_scheme: &str) -> &str {
    after_scheme
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
}

/// The host part of `user@host:port/path`: brackets kept for IPv6.
fn host(after_scheme: &str) -> &str {
    let authority = authority(after_scheme);
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host_port.starts_with('[') {
        return host_port
            .find(']')
            .map_or(host_port, |end| &host_port[..=end]);
    }
    host_port.split(':').next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_rejects() {
        assert_eq!(
            normalise(" https://api.example.uz// ").as_deref(),
            Ok("https://api.example.uz")
        );
        assert_eq!(
            normalise("HTTP://localhost:8080/").as_deref(),
            Ok("HTTP://localhost:8080")
        );
        assert!(normalise("api.example.uz").unwrap_err().contains("http://"));
        assert!(normalise("ftp://x").is_err());
        assert!(normalise("https://").unwrap_err().contains("no host"));
        assert!(normalise("https://a b").is_err());
        for with_password in [
            "https://ops:hunter2-pass@api.example.uz/",
            "http://ops:hunter2-pass@localhost:8080",
            "ops:hunter2-pass@api.example.uz",
            "https://ops:hunter2 pass@api.example.uz",
        ] {
            let error = normalise(with_password).unwrap_err();
            assert!(error.contains("user name or password"), "{error}");
            assert!(!error.contains("hunter2"), "{error}");
        }
        // An @ in the path is no user name.
        assert!(normalise("https://api.example.uz/a@b").is_ok());
        assert_eq!(
            normalise("api.example.uz").unwrap_err(),
            "base_url must start with http:// or https://: \"api.example.uz\""
        );
        assert_eq!(
            normalise("https://a b").unwrap_err(),
            "base_url must not contain spaces: \"https://a b\""
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
        .map(|url| normalise(url).unwrap_err());
        let why = "query (?…) or a fragment (#…)";
        assert!(refused.iter().all(|e| e.contains(why)), "{refused:?}");
        // Not quoted: a query may hold a key.
        let quoted = |piece| refused.iter().any(|e| e.contains(piece));
        assert!(!quoted("hunter2") && !quoted("x=1"), "{refused:?}");
        assert!(normalise("https://api.example.uz/api/").is_ok());
    }

    #[test]
    fn an_address_that_does_not_parse_is_not_quoted_when_it_holds_an_at() {
        for typo in [
            "https//ops:hunter2-pass@api.example.uz",
            "https:/ops:hunter2-pass@api.example.uz",
            "https:///ops:hunter2-pass@api.example.uz",
            "htps://ops:hunter2-pass@api.example.uz",
            "https://ops:hunter2 pass@api.example.uz/x y",
            "https://api.example.uz/x y?key=hunter2@z",
        ] {
            let error = normalise(typo).unwrap_err();
            assert!(error.starts_with("base_url "), "{error}");
            assert!(!error.contains("hunter2"), "{typo}: {error}");
        }
        assert_eq!(
            normalise("https//ops:hunter2-pass@api.example.uz").unwrap_err(),
            "base_url must start with http:// or https:// \
             (not quoted: it holds an @, which may follow a password)"
        );
        assert!(ends_with_version("https://api.example.uz/V2"));
        assert!(!ends_with_version("https://api.example.uz/v20"));
    }

    #[test]
    fn only_loopback_may_use_plain_http() {
        for local in [
            "http://localhost",
            "http://LOCALHOST:3000/x",
            "http://127.0.0.1:8080",
            "http://127.5.6.7",
            "http://[::1]:8080",
            "http://user@127.0.0.1",
        ] {
            assert!(!is_plain_http_to_remote(local), "{local}");
        }
        for remote in [
            "http://api.example.uz",
            "http://10.0.0.1",
            "http://localhost.example.com",
            "http://127.0.0.1.example.com",
            "http://[::2]",
            "http://localhost@evil.example",
        ] {
            assert!(is_plain_http_to_remote(remote), "{remote}");
        }
        assert!(!is_plain_http_to_remote("https://api.example.uz"));
    }
}
