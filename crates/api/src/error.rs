//! What can go wrong talking to the API, in words a user understands.
//!
//! `Display` is one line, fit for a status bar or a CLI's stderr, and never
//! holds the user's token: the request URL carries none, the client masks a
//! token that the server echoes, in any encoding
//! ([`ApiError::without_token`]), and every text the server chose
//! (messages, body snippets) passes through
//! [`redact_secrets`](crmdeck_secret::redact_secrets) and is made safe for a
//! terminal: no control or bidi character, no line break, and a bounded
//! length.

use crate::redirect::NotFollowed;
use chrono::{DateTime, Utc};
use crmdeck_sanitize::sanitize_line;
use crmdeck_secret::echo;
use crmdeck_secret::{Token, redact_secrets};
use std::fmt;
use std::time::Duration;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ApiError {
    /// 401: the token is missing, wrong or expired.
    #[error("HTTP 401 unauthorized: {}", unauthorized_reason(*.expired_at, .message.as_deref()))]
    Unauthorized {
        /// The token's own `exp`, when it is a JWT that has run out.
        expired_at: Option<DateTime<Utc>>,
        message: Option<String>,
    },
    #[error("HTTP 403 forbidden{}", suffix(.message.as_deref()))]
    Forbidden { message: Option<String> },
    #[error("HTTP 404 not found{}", suffix(.message.as_deref()))]
    NotFound { message: Option<String> },
    /// 422: the server names the fields it refused.
    #[error("HTTP 422 invalid request: {}", validation_detail(.message.as_deref(), .fields))]
    Validation {
        message: Option<String>,
        fields: Vec<(String, Vec<String>)>,
    },
    #[error("HTTP 429 too many requests{}", retry_hint(*.retry_after))]
    RateLimited { retry_after: Option<Duration> },
    /// Any other status that is not a success.
    #[error("HTTP {status} {}{}", reason(*.status), server_suffix(*.status, .message.as_deref()))]
    Server {
        status: u16,
        message: Option<String>,
    },
    /// The server could not be reached (refused, unresolvable, TLS
    /// handshake): the request was never sent.
    #[error("cannot reach the server: {}", shown(.0))]
    Network(String),
    /// The connection failed once the request was on its way (reset,
    /// closed without an answer, an answer broken off): the server may
    /// have received it.
    #[error("connection lost before the answer: {}", shown(.0))]
    ConnectionLost(String),
    /// No connection within the connect limit: the request was never sent.
    #[error("no answer from the server within {} s", .0.as_secs_f32())]
    ConnectTimeout(Duration),
    /// No whole answer within the request limit.
    #[error("no answer from the server within {} s", .0.as_secs_f32())]
    Timeout(Duration),
    /// The answer arrived but is not what the API promises.
    #[error("unexpected answer (HTTP {status}): {}; body starts {snippet:?}", shown(.detail))]
    Decode {
        status: u16,
        detail: String,
        snippet: String,
    },
    #[error("answer larger than {} MiB: refused", .limit / (1024 * 1024))]
    TooLarge { limit: usize },
    /// A 3xx the client did not follow (see [`crate::redirect`]): the
    /// server only said where to send the request, so nothing was done.
    #[error("HTTP {status} {} to {}: not followed ({})", reason(*.status), shown(.to.as_deref().unwrap_or("nowhere")), .why.words())]
    Redirected {
        status: u16,
        /// The host (and port) the `Location` named, when it named one.
        to: Option<String>,
        why: NotFollowed,
    },
}

impl ApiError {
    /// For a 429, `Some` of the wait the server asked for (if it named one);
    /// None for any other error.
    pub fn rate_limited(&self) -> Option<Option<Duration>> {
        match self {
            Self::RateLimited { retry_after } => Some(*retry_after),
            _ => None,
        }
    }

    /// True for a 401: the token is refused.
    pub fn is_unauthorized(&self) -> bool {
        matches!(self, Self::Unauthorized { .. })
    }

    /// For a request that got no answer at all (the connection refused,
    /// reset, timed out), how, in a few words; None for an answer.
    pub fn lost_connection(&self) -> Option<&'static str> {
        match self {
            Self::Network(reason) if reason.contains("refused") => Some("connection refused"),
            Self::Network(_) => Some("no connection"),
            Self::ConnectionLost(reason) if reason.contains("reset") => Some("connection reset"),
            Self::ConnectionLost(_) => Some("connection closed"),
            Self::ConnectTimeout(_) | Self::Timeout(_) => Some("timed out"),
            _ => None,
        }
    }

    /// [`lost_connection`](Self::lost_connection), and whether a read is
    /// worth asking again after it (a refused or reset connection; not a
    /// request that timed out, which took its whole time already).
    pub fn lost_connection_retried(&self) -> Option<(&'static str, bool)> {
        self.lost_connection().map(|how| (how, self.is_transient()))
    }

    /// Worth retrying a GET after this (the server or the path may recover).
    pub fn is_transient(&self) -> bool {
        match self {
            Self::Network(_) | Self::ConnectionLost(_) | Self::RateLimited { .. } => true,
            Self::Server { status, .. } => matches!(status, 502..=504),
            _ => false,
        }
    }

    /// The same error with every echo of `token` in the server's words
    /// (messages, field names and errors, the decode detail and snippet)
    /// masked, whatever its encoding: see [`echo`].
    pub fn without_token(self, token: &Token) -> Self {
        let mask = |text: String| match echo::without_token(&text, token) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(masked) => masked,
        };
        match self {
            Self::Unauthorized {
                expired_at,
                message,
            } => Self::Unauthorized {
                expired_at,
                message: message.map(mask),
            },
            Self::Forbidden { message } => Self::Forbidden {
                message: message.map(mask),
            },
            Self::NotFound { message } => Self::NotFound {
                message: message.map(mask),
            },
            Self::Validation { message, fields } => Self::Validation {
                message: message.map(mask),
                fields: fields
                    .into_iter()
                    .map(|(field, problems)| {
                        (mask(field), problems.into_iter().map(mask).collect())
                    })
                    .collect(),
            },
            Self::Server { status, message } => Self::Server {
                status,
                message: message.map(mask),
            },
            Self::Network(reason) => Self::Network(mask(reason)),
            Self::Decode {
                status,
                detail,
                snippet,
            } => Self::Decode {
                status,
                detail: mask(detail),
                snippet: mask(snippet),
            },
            Self::ConnectionLost(reason) => Self::ConnectionLost(mask(reason)),
            Self::Redirected { status, to, why } => Self::Redirected {
                status,
                to: to.map(mask),
                why,
            },
            other @ (Self::RateLimited { .. }
            | Self::Timeout(_)
            | Self::ConnectTimeout(_)
            | Self::TooLarge { .. }) => other,
        }
    }

    /// For a request that changes something (the install POST): true when
    /// it may have taken effect all the same. The request was sent (only a
    /// connection never made proves it was not), and no answer says it was
    /// refused: none came in time, the connection broke, a gateway or the
    /// server failed (5xx: the work may be done, or still going on behind
    /// a gateway), or an answer came that could not be read. A 4xx is the
    /// server saying no, so nothing happened.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            Self::Network(_) | Self::ConnectTimeout(_) => false,
            Self::Unauthorized { .. }
            | Self::Forbidden { .. }
            | Self::NotFound { .. }
            | Self::Validation { .. }
            | Self::RateLimited { .. } => false,
            // A redirect is no answer to the request: the server did not
            // carry it out, and the client did not send it on.
            Self::Redirected { .. } => false,
            Self::Server { status, .. } | Self::Decode { status, .. } => {
                !(400..500).contains(status)
            }
            Self::ConnectionLost(_) | Self::Timeout(_) | Self::TooLarge { .. } => true,
        }
    }

    /// For an endpoint outside the published description (`/v2/branches`):
    /// true when the answer says this server does not offer it, as the API
    /// notes tell: not found, forbidden, or an answer of another shape.
    /// Anything else (no connection, a timeout, a 5xx) says nothing of it.
    pub fn means_not_offered(&self) -> bool {
        matches!(
            self,
            Self::NotFound { .. } | Self::Forbidden { .. } | Self::Decode { .. }
        )
    }

    /// A decode failure with a short, secret-free snippet of the body.
    pub fn decode(status: u16, detail: impl fmt::Display, body: &[u8]) -> Self {
        Self::Decode {
            status,
            detail: detail.to_string(),
            snippet: snippet(body),
        }
    }
}

const SNIPPET_CHARS: usize = 60;

/// Longest server message shown in an error line, in characters.
const MESSAGE_CHARS: usize = 200;

/// The first characters of a body on one line, secrets masked.
fn snippet(body: &[u8]) -> String {
    // Redact before cutting, so a token cut in half is still recognised.
    let head = &body[..body.len().min(4096)];
    let one_line: String = String::from_utf8_lossy(head)
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let redacted = redact_secrets(one_line.trim());
    // What is left to defuse are bidi controls.
    let clean = sanitize_line(&redacted);
    let mut shown: String = clean.chars().take(SNIPPET_CHARS).collect();
    if clean.chars().count() > SNIPPET_CHARS || body.len() > head.len() {
        shown.push('…');
    }
    shown
}

/// Text the server chose, as it may appear in an error line: secrets
/// masked, controls and bidi characters made visible (so one line stays
/// one line and cannot act on a terminal), cut to [`MESSAGE_CHARS`].
fn shown(text: &str) -> String {
    let clean = sanitize_line(&redact_secrets(text)).into_owned();
    match clean.char_indices().nth(MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &clean[..cut]),
        None => clean,
    }
}

fn suffix(message: Option<&str>) -> String {
    message
        .map(|m| format!(": {}", shown(m)))
        .unwrap_or_default()
}

/// The message of a bare status error, unless it only repeats the status
/// (a proxy page titled "502 Bad Gateway").
fn server_suffix(status: u16, message: Option<&str>) -> String {
    let reason = reason(status);
    let repeats_status = message.is_some_and(|m| {
        let m = m.trim();
        m.eq_ignore_ascii_case(reason) || m.eq_ignore_ascii_case(&format!("{status} {reason}"))
    });
    if repeats_status {
        String::new()
    } else {
        suffix(message)
    }
}

fn unauthorized_reason(expired_at: Option<DateTime<Utc>>, message: Option<&str>) -> String {
    match (expired_at, message) {
        (Some(at), _) => format!(
            "the token expired at {}; get a new one and press R (or rerun)",
            at.format("%Y-%m-%d %H:%M UTC")
        ),
        (None, Some(m)) => format!("{} (the token was refused: check it)", shown(m)),
        (None, None) => "the token was refused: check it".to_string(),
    }
}

fn validation_detail(message: Option<&str>, fields: &[(String, Vec<String>)]) -> String {
    let per_field: Vec<String> = fields
        .iter()
        .map(|(field, problems)| format!("{field}: {}", problems.join(" ")))
        .collect();
    match (per_field.is_empty(), message) {
        (false, _) => shown(&per_field.join("; ")),
        (true, Some(m)) => shown(m),
        (true, None) => "the server refused the request".to_string(),
    }
}

fn retry_hint(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(wait) => format!(": retry in {} s", wait.as_secs().max(1)),
        None => ": slow down and retry".to_string(),
    }
}

fn reason(status: u16) -> &'static str {
    reqwest::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("error")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn every_variant_is_one_line() {
        let errors = [
            ApiError::Unauthorized {
                expired_at: Some(Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()),
                message: Some("Unauthenticated.".into()),
            },
            ApiError::Unauthorized {
                expired_at: None,
                message: Some("Unauthenticated.".into()),
            },
            ApiError::Forbidden { message: None },
            ApiError::NotFound {
                message: Some("Plugin not found.".into()),
            },
            ApiError::Validation {
                message: Some("The given data was invalid.".into()),
                fields: vec![(
                    "plugin_id".into(),
                    vec!["The plugin id field is required.".into()],
                )],
            },
            ApiError::RateLimited {
                retry_after: Some(Duration::from_secs(2)),
            },
            ApiError::Server {
                status: 502,
                message: Some("Bad Gateway".into()),
            },
            ApiError::Network("connection refused".into()),
            ApiError::ConnectionLost("connection closed before message completed".into()),
            ApiError::ConnectTimeout(Duration::from_secs(5)),
            ApiError::Timeout(Duration::from_secs(30)),
            ApiError::decode(200, "not JSON", b"<html>\n<title>x</title>"),
            ApiError::TooLarge {
                limit: 16 * 1024 * 1024,
            },
            ApiError::Redirected {
                status: 307,
                to: Some("evil.example\n".into()),
                why: NotFollowed::Change,
            },
        ];
        for error in errors {
            let line = error.to_string();
            assert!(!line.contains('\n'), "{line}");
            assert!(!line.is_empty());
        }
    }

    #[test]
    fn messages_name_the_cause() {
        let expired = ApiError::Unauthorized {
            expired_at: Some(Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()),
            message: None,
        };
        assert_eq!(
            expired.to_string(),
            "HTTP 401 unauthorized: the token expired at 2026-11-22 10:00 UTC; get a new one and press R (or rerun)"
        );
        let invalid = ApiError::Validation {
            message: Some("The given data was invalid.".into()),
            fields: vec![(
                "plugin_id".into(),
                vec!["The plugin id field is required.".into()],
            )],
        };
        assert_eq!(
            invalid.to_string(),
            "HTTP 422 invalid request: plugin_id: The plugin id field is required."
        );
        let server = ApiError::Server {
            status: 500,
            message: Some("Server Error".into()),
        };
        assert_eq!(
            server.to_string(),
            "HTTP 500 Internal Server Error: Server Error"
        );
        let proxy_page = ApiError::Server {
            status: 502,
            message: Some("502 Bad Gateway".into()),
        };
        assert_eq!(proxy_page.to_string(), "HTTP 502 Bad Gateway");
        assert_eq!(
            ApiError::Timeout(Duration::from_millis(1500)).to_string(),
            "no answer from the server within 1.5 s"
        );
    }

    #[test]
    fn decode_snippets_are_short_and_hide_secrets() {
        let body = br#"{"data":{"token":"17|abcdefghijklmnopqrstuvwxyz0123456789ABCD"},"padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}"#;
        let line = ApiError::decode(200, "wrong shape", body).to_string();
        assert!(!line.contains("abcdefghij"), "{line}");
        assert!(line.contains("17|abcd…"), "{line}");
        assert!(line.ends_with("…\""), "{line}");
    }

    #[test]
    fn server_text_cannot_break_the_line_or_act_on_a_terminal() {
        let hostile = "Oops\x1b]52;c;cHduZWQ=\x07\x1b[2J\r\nsecond line\u{202E}\u{9b}";
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlc2lnbmF0dXJl";
        let errors = [
            ApiError::Server {
                status: 500,
                message: Some(hostile.into()),
            },
            ApiError::Unauthorized {
                expired_at: None,
                message: Some(format!("token {jwt} refused")),
            },
            ApiError::Validation {
                message: None,
                fields: vec![(hostile.into(), vec![hostile.into()])],
            },
            ApiError::NotFound {
                message: Some("x".repeat(5000)),
            },
            ApiError::Network(hostile.into()),
            ApiError::decode(200, hostile, hostile.as_bytes()),
        ];
        for error in errors {
            let line = error.to_string();
            assert!(
                !line
                    .chars()
                    .any(|c| c.is_control() || crmdeck_sanitize::is_bidi_control(c)),
                "{line:?}"
            );
            assert!(!line.contains(jwt), "{line}");
            assert!(line.chars().count() < 400, "{line}");
        }
    }

    #[test]
    fn transient_errors_are_the_retryable_ones() {
        assert!(ApiError::Network("reset".into()).is_transient());
        assert!(
            ApiError::Server {
                status: 503,
                message: None
            }
            .is_transient()
        );
        assert!(
            !ApiError::Server {
                status: 500,
                message: None
            }
            .is_transient()
        );
        assert!(!ApiError::Timeout(Duration::from_secs(1)).is_transient());
        assert!(!ApiError::ConnectTimeout(Duration::from_secs(1)).is_transient());
        assert!(ApiError::ConnectionLost("reset".into()).is_transient());
    }

    #[test]
    fn a_request_without_an_answer_says_how_in_a_few_words() {
        let lost = |error: ApiError| error.lost_connection();
        let refused = "127.0.0.1: Connection refused (os error 111)";
        assert_eq!(
            lost(ApiError::Network(refused.into())),
            Some("connection refused")
        );
        let reset = "127.0.0.1: connection reset by peer";
        assert_eq!(
            lost(ApiError::ConnectionLost(reset.into())),
            Some("connection reset")
        );
        let closed = "127.0.0.1: connection closed before message completed";
        assert_eq!(
            lost(ApiError::ConnectionLost(closed.into())),
            Some("connection closed")
        );
        let slow = Duration::from_secs(30);
        assert_eq!(lost(ApiError::Timeout(slow)), Some("timed out"));
        assert_eq!(lost(ApiError::ConnectTimeout(slow)), Some("timed out"));
        let gateway = ApiError::Server {
            status: 502,
            message: None,
        };
        assert_eq!(lost(gateway), None);
        let refused = ApiError::Unauthorized {
            expired_at: None,
            message: None,
        };
        assert!(refused.is_unauthorized() && refused.lost_connection().is_none());
    }

    #[test]
    fn an_install_is_unknown_unless_it_was_never_sent_or_was_refused() {
        let server = |status| ApiError::Server {
            status,
            message: None,
        };
        let unknown = [
            ApiError::ConnectionLost("connection closed before message completed".into()),
            ApiError::Timeout(Duration::from_secs(1)),
            server(500),
            server(502),
            server(503),
            server(504),
            ApiError::decode(200, "the answer is not JSON", b"{"),
            ApiError::TooLarge { limit: 16 << 20 },
        ];
        for error in unknown {
            assert!(error.outcome_unknown(), "{error:?}");
        }
        let known = [
            ApiError::Network("127.0.0.1: Connection refused (os error 111)".into()),
            ApiError::ConnectTimeout(Duration::from_secs(1)),
            ApiError::Unauthorized {
                expired_at: None,
                message: None,
            },
            ApiError::Forbidden { message: None },
            ApiError::NotFound { message: None },
            ApiError::Validation {
                message: None,
                fields: Vec::new(),
            },
            ApiError::RateLimited { retry_after: None },
            server(409),
            ApiError::decode(422, "expected an object", b"[]"),
            ApiError::Redirected {
                status: 307,
                to: Some("evil.example".into()),
                why: NotFollowed::Change,
            },
        ];
        for error in known {
            assert!(!error.outcome_unknown(), "{error:?}");
        }
    }

    #[test]
    fn an_endpoint_is_not_offered_on_a_404_a_403_or_another_shape_only() {
        let not_offered = [
            ApiError::NotFound { message: None },
            ApiError::Forbidden { message: None },
            ApiError::decode(200, "expected a list in `data`, found an object", b"{}"),
        ];
        for error in not_offered {
            assert!(error.means_not_offered(), "{error:?}");
        }
        let other = [
            ApiError::Network("127.0.0.1: Connection refused (os error 111)".into()),
            ApiError::Timeout(Duration::from_secs(1)),
            ApiError::Unauthorized {
                expired_at: None,
                message: None,
            },
            ApiError::Server {
                status: 500,
                message: None,
            },
            ApiError::RateLimited { retry_after: None },
        ];
        for error in other {
            assert!(!error.means_not_offered(), "{error:?}");
        }
    }
}
