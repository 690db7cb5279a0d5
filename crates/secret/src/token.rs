//! Secrets: the user's bearer token and plugin installation tokens.
//!
//! A [`Token`] never prints itself: `Debug` shows a masked form and there is
//! no `Display`, so it cannot slip into an error message or a log line.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use std::fmt;

/// The user's bearer token (a JWT on the live service).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// Trims surrounding white space (a token file usually ends in a newline).
    pub fn new(raw: impl Into<String>) -> Self {
        let raw = raw.into();
        Self(raw.trim().to_string())
    }

    /// The token itself, for the Authorization header and nothing else.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A form safe to show: the first few characters and an ellipsis.
    pub fn masked(&self) -> String {
        mask_secret(&self.0)
    }

    /// `text` with every echo of this token replaced by its masked form,
    /// whatever the token's shape (a short opaque token included), and
    /// every piece of it by `…` ([`crate::echo`]).
    pub fn mask_in(&self, text: &str) -> String {
        crate::echo::without_token(text, self).into_owned()
    }

    /// `text` as a [`MaskedLine`]: on one line (a few config errors
    /// explain on a second one), then every echo of this token masked.
    pub fn masked_line(&self, text: &str) -> MaskedLine {
        let line = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        MaskedLine(self.mask_in(&line))
    }

    /// The claims of a JWT (no signature check: only for telling the user
    /// and for whose snapshot it is).
    fn claims(&self) -> Option<serde_json::Value> {
        let payload = self.0.split('.').nth(1)?;
        let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// The `sub` claim of a JWT (who the token is), as text; None when the
    /// token is not a JWT or names no subject.
    pub fn subject(&self) -> Option<String> {
        match &self.claims()?["sub"] {
            serde_json::Value::Number(n) => Some(n.to_string()),
            serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            _ => None,
        }
    }

    /// The `exp` claim of a JWT (no signature check: only for telling the user).
    pub fn expires_at(&self) -> Option<DateTime<Utc>> {
        let claims = self.claims()?;
        let exp = match &claims["exp"] {
            serde_json::Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64))?,
            serde_json::Value::String(s) => s.trim().parse().ok()?,
            _ => return None,
        };
        DateTime::from_timestamp(exp, 0)
    }
}

/// Words that may quote a token (a token command's stderr, a config
/// error), as they may be shown: on one line, the token in use masked.
/// Made only by [`Token::masked_line`], so a message of this type has been
/// through the mask (the runtime's refusals to the app are of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaskedLine(String);

impl MaskedLine {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MaskedLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({})", self.masked())
    }
}

/// Masks a secret for display: `1|jCr5…` for an installation token (its id
/// and four characters), the first four characters otherwise, nothing at all
/// for a secret too short to hide anything.
pub fn mask_secret(secret: &str) -> String {
    let shown = match secret.split_once('|') {
        Some((id, rest)) if rest.chars().count() >= 12 => id.chars().count() + 1 + 4,
        _ if secret.chars().count() >= 12 => 4,
        _ => 0,
    };
    let head: String = secret.chars().take(shown).collect();
    format!("{head}…")
}

/// Masks every secret-looking word in free text (a body snippet shown in an
/// error): installation tokens (`17|` and 20+ characters) and JWTs.
pub fn redact_secrets(text: &str) -> String {
    let is_secret_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '|' | '.' | '-' | '_');
    mask_words(text, is_secret_char, looks_like_secret)
}

/// Masks every word that could be a token in text nobody vetted, before it
/// is quoted in a message: a token command's error output, which a `pass`
/// or `gpg` wrapper may fill with the token itself. Stricter than
/// [`redact_secrets`]: a word (a run of letters, digits and `|._-+/=`, so
/// that base64 stays whole) is masked when it is
/// - an installation token: digits, `|`, 8 characters or more;
/// - JWT-shaped: three or more base64url parts joined by dots, the first
///   starting `eyJ` or every part 8 characters or longer;
/// - 16 characters or more mixing letters and digits (base64, hex, keys);
/// - 24 characters or more mixing upper- and lowercase, with no `/` or `.`
///   (a key with no digit; not a path or a D-Bus error name);
/// - or anything [`redact_secrets`] masks.
///
/// Words, sentences, paths and host names without digits pass: what says
/// why the command failed stays readable.
///
/// A token printed in groups (`owImVBju PAlwI547 0GidaSo7`, as gpg prints
/// a key) is masked whole: two or more words in a row, one space apart,
/// each of mixed case or of letters and digits, 16 characters or more
/// together.
pub fn mask_token_like_words(text: &str) -> String {
    let is_word_char = |c: char| c.is_ascii_alphanumeric() || "|._-+/=".contains(c);
    mask_grouped_words(&mask_words(text, is_word_char, looks_token_like))
}

/// See [`mask_token_like_words`]: runs of random-looking groups masked.
fn mask_grouped_words(text: &str) -> String {
    let looks_random = |word: &str| {
        let has = |test: fn(&char) -> bool| word.chars().any(|c| test(&c));
        word.len() >= 4
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+/=_-".contains(c))
            && ((has(char::is_ascii_alphabetic) && has(char::is_ascii_digit))
                || (word.chars().skip(1).any(|c| c.is_ascii_uppercase())
                    && has(char::is_ascii_lowercase)))
    };
    // Runs of two or more random-looking words, one space apart, as byte ranges.
    let mut runs = Vec::new();
    let mut run: Option<(usize, usize, usize)> = None; // start, end, words
    let mut at = 0;
    for word in text.split(' ') {
        let end = at + word.len();
        run = match run {
            _ if !looks_random(word) => {
                runs.extend(run);
                None
            }
            Some((start, _, words)) => Some((start, end, words + 1)),
            None => Some((at, end, 1)),
        };
        at = end + 1;
    }
    runs.extend(run);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, end, words) in runs {
        let joined: String = text[start..end].split(' ').collect();
        if words >= 2 && joined.len() >= 16 {
            out.push_str(&text[copied..start]);
            out.push_str(&mask_secret(&joined));
            copied = end;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// `text` with every word (a run of `is_word_char`) that `is_secret` picks
/// replaced by its masked form ([`mask_secret`]).
fn mask_words(
    text: &str,
    is_word_char: impl Fn(char) -> bool,
    is_secret: fn(&str) -> bool,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(&is_word_char) {
        out.push_str(&rest[..start]);
        let word_len = rest[start..]
            .find(|c: char| !is_word_char(c))
            .unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        if is_secret(word) {
            out.push_str(&mask_secret(word));
        } else {
            out.push_str(word);
        }
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    out
}

/// See [`mask_token_like_words`].
fn looks_token_like(word: &str) -> bool {
    let length = word.chars().count();
    let has = |test: fn(&char) -> bool| word.chars().any(|c| test(&c));
    let installation = word.split_once('|').is_some_and(|(id, secret)| {
        !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && secret.len() >= 8
    });
    let parts: Vec<&str> = word.split('.').collect();
    let base64url = |part: &&str| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    let jwt = parts.len() >= 3
        && parts.iter().all(base64url)
        && (word.starts_with("eyJ") || parts.iter().all(|part| part.len() >= 8));
    let letters_and_digits =
        length >= 16 && has(char::is_ascii_alphabetic) && has(char::is_ascii_digit);
    let both_cases = length >= 24
        && has(char::is_ascii_uppercase)
        && has(char::is_ascii_lowercase)
        && !word.contains(['/', '.']);
    installation || jwt || letters_and_digits || both_cases || looks_like_secret(word)
}

fn looks_like_secret(word: &str) -> bool {
    let installation = word
        .split_once('|')
        .is_some_and(|(id, secret)| id.bytes().all(|b| b.is_ascii_digit()) && secret.len() >= 20);
    let jwt = word.starts_with("eyJ") && word.matches('.').count() == 2;
    installation || jwt
}

/// When a token expires, as data: the interface words it in its
/// language (`present::expiry`), this crate knowing no language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expiry {
    /// It expired at this instant.
    Expired(DateTime<Utc>),
    /// In less than a minute.
    UnderAMinute,
    /// In less than an hour.
    Minutes(i64),
    /// In less than a day.
    Hours { hours: i64, minutes: i64 },
    /// In a day or more.
    Days { days: i64, hours: i64 },
}

/// How far `expires_at` is from `now`.
pub fn expiry(expires_at: DateTime<Utc>, now: DateTime<Utc>) -> Expiry {
    let left = expires_at - now;
    if left <= chrono::TimeDelta::zero() {
        return Expiry::Expired(expires_at);
    }
    let minutes = left.num_minutes();
    match (minutes / (24 * 60), minutes / 60 % 24, minutes % 60) {
        (0, 0, 0) => Expiry::UnderAMinute,
        (0, 0, m) => Expiry::Minutes(m),
        (0, hours, minutes) => Expiry::Hours { hours, minutes },
        (days, hours, _) => Expiry::Days { days, hours },
    }
}

/// "expires in 2h 10m" or "expired at 2026-11-22 10:00 UTC" (English:
/// `crmdeck info`'s JSON and the log).
pub fn describe_expiry(expires_at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    match expiry(expires_at, now) {
        Expiry::Expired(at) => format!("expired at {}", at.format("%Y-%m-%d %H:%M UTC")),
        Expiry::UnderAMinute => "expires in less than a minute".to_string(),
        Expiry::Minutes(m) => format!("expires in {m}m"),
        Expiry::Hours { hours, minutes } => format!("expires in {hours}h {minutes}m"),
        Expiry::Days { days, hours } => format!("expires in {days}d {hours}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn jwt_with(payload: &str) -> Token {
        Token::new(format!(
            "eyJhbGciOiJIUzI1NiJ9.{}.c2lnbmF0dXJl",
            URL_SAFE_NO_PAD.encode(payload)
        ))
    }

    #[test]
    fn decodes_exp_of_a_jwt() {
        let token = jwt_with(r#"{"iat":1700000000,"exp":1700043200,"sub":"7","prv":"x"}"#);
        assert_eq!(
            token.expires_at(),
            DateTime::from_timestamp(1_700_043_200, 0)
        );
    }

    #[test]
    fn no_expiry_for_opaque_or_broken_tokens() {
        assert_eq!(Token::new("plain-secret-token").expires_at(), None);
        assert_eq!(Token::new("a.!!!.c").expires_at(), None);
        assert_eq!(jwt_with(r#"{"sub":"7"}"#).expires_at(), None);
        assert_eq!(jwt_with(r#"{"sub":"7"}"#).subject().as_deref(), Some("7"));
        assert_eq!(jwt_with(r#"{"sub":7}"#).subject().as_deref(), Some("7"));
        assert_eq!(jwt_with(r#"{"exp":1}"#).subject(), None);
        assert_eq!(Token::new("opaque-token").subject(), None);
        assert_eq!(jwt_with("not json").expires_at(), None);
    }

    #[test]
    fn never_shows_the_whole_secret() {
        let token = Token::new("  1|jCr5abcdefghijklmnopqrstuvwxyz0123456789ABCD\n");
        assert_eq!(token.masked(), "1|jCr5…");
        assert_eq!(format!("{token:?}"), "Token(1|jCr5…)");
        assert_eq!(mask_secret("eyJhbGciOiJIUzI1NiJ9.payload.sig"), "eyJh…");
        assert_eq!(mask_secret("short"), "…");
        assert_eq!(mask_secret("1|short"), "…");
        assert_eq!(
            Token::new("opensesame").mask_in("no: opensesame, opensesame!"),
            "no: …, …!"
        );
        assert_eq!(Token::new("").mask_in("as it was"), "as it was");
    }

    #[test]
    fn a_masked_line_is_one_line_without_the_token() {
        let token = Token::new("opensesame");
        let said = token.masked_line("no API address\n(or try --demo)\n");
        assert_eq!(said.to_string(), "no API address (or try --demo)");
        let said = token.masked_line("gpg: opensesame\n  is locked");
        assert_eq!(said.as_str(), "gpg: … is locked");
    }

    #[test]
    fn redacts_secrets_inside_text() {
        let text = r#"{"token":"12|abcdefghijklmnopqrstuvwxyz0123","jwt":"eyJhbGciOi.eyJzdWIi.c2ln","id":12}"#;
        assert_eq!(
            redact_secrets(text),
            r#"{"token":"12|abcd…","jwt":"eyJh…","id":12}"#
        );
        assert_eq!(
            redact_secrets("plain text, no secrets"),
            "plain text, no secrets"
        );
    }

    #[test]
    fn masks_every_token_like_word_and_keeps_the_reason() {
        let masked = |word: &str| mask_token_like_words(word) == mask_secret(word);
        for secret in [
            // JWTs, also without the usual header.
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl",
            "eyJ0eXAiOiJKV1QifQ.e30.c2ln",
            "headerpart.payloadpart.signature",
            // Installation tokens.
            "17|abcdefgh",
            "3|jCr5abcdefghijklmnopqrstuvwxyz",
            // Opaque: letters and digits, base64 with + / =, hex, dashes.
            "fault-matrix-token-Q7vX2mLp9RtZ4kWc8NbH3yJd6FsG1aE5",
            "q83vEjRWeJA+/Hg2ZmV3Yj0=",
            "9f86d081884c7d659a2feaa0c55ad015",
            "api_16C7e42F292c6912E7710c838347Ae178B4a",
            // No digit, but long and in both cases.
            "QxWvKpRtYzMnBcDfGhJkLsAe",
        ] {
            assert!(
                masked(secret),
                "{secret} -> {}",
                mask_token_like_words(secret)
            );
            let line = format!("gpg: bad passphrase for {secret} (retry)");
            let shown = mask_token_like_words(&line);
            assert!(!shown.contains(secret), "{shown}");
            assert!(shown.starts_with("gpg: bad passphrase for "), "{shown}");
            assert!(shown.ends_with(" (retry)"), "{shown}");
        }
        for kept in [
            "gpg: decryption failed: No secret key",
            "Error: crm/token is not in the password store.",
            "/home/ops/.password-store/crm/token.gpg",
            "keyserver.ubuntu.com",
            "org.freedesktop.Secret.Error.IsLocked",
            "exit status 2 after 10 s",
            "internationalization",
            "1|short",
            "iPhone 15Pro not found",
            "GitHub McDonald and IPv6 2001 ok",
        ] {
            assert_eq!(mask_token_like_words(kept), kept);
        }
        // A key printed in groups, as gpg prints one.
        assert_eq!(
            mask_token_like_words("gpg: entry locked: owImVBju PAlwI547 0GidaSo7 (see the log)"),
            "gpg: entry locked: owIm… (see the log)"
        );
        // Everything redact_secrets masks, this masks too.
        let text =
            r#"{"token":"12|abcdefghijklmnopqrstuvwxyz0123","jwt":"eyJhbGciOi.eyJzdWIi.c2ln"}"#;
        assert_eq!(
            mask_token_like_words(text),
            r#"{"token":"12|abcd…","jwt":"eyJh…"}"#
        );
    }

    #[test]
    fn describes_expiry_for_people() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap();
        let at = |h: i64, m: i64| now + chrono::TimeDelta::minutes(h * 60 + m);
        assert_eq!(describe_expiry(at(2, 10), now), "expires in 2h 10m");
        assert_eq!(describe_expiry(at(0, 5), now), "expires in 5m");
        assert_eq!(describe_expiry(at(50, 0), now), "expires in 2d 2h");
        assert_eq!(
            describe_expiry(at(-3, 0), now),
            "expired at 2026-11-22 05:00 UTC"
        );
    }
}
