//! A `Retry-After` header as a wait, whatever the server writes: seconds of
//! any size, a negative number, an HTTP date (RFC 9110: the IMF-fixdate,
//! or any RFC 2822 date), or garbage. A wait is never less than a second
//! nor more than [`MAX_WAIT`]: no server's number can overflow a clock.

use chrono::{DateTime, Utc};
use std::time::Duration;

/// The longest wait a `Retry-After` is read as (a day): beyond any rule
/// that waits one out, so it ends a walk as any long wait does.
pub const MAX_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// The shortest wait: a server asking for none (or for a time past) still
/// gets a second.
pub const MIN_WAIT: Duration = Duration::from_secs(1);

/// The wait `value` asks for at `now`; None when it is no number nor date.
pub fn parse(value: &str, now: DateTime<Utc>) -> Option<Duration> {
    let value = value.trim();
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let wait = if value.starts_with('-') {
            MIN_WAIT
        } else {
            // Too many digits for a u64 is as long as can be.
            Duration::from_secs(digits.parse::<u64>().unwrap_or(u64::MAX))
        };
        return Some(clamp(wait));
    }
    let date = DateTime::parse_from_rfc2822(value).ok()?;
    let wait = (date.with_timezone(&Utc) - now)
        .to_std()
        .unwrap_or(MIN_WAIT);
    Some(clamp(wait))
}

fn clamp(wait: Duration) -> Duration {
    wait.clamp(MIN_WAIT, MAX_WAIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    #[test]
    fn any_value_becomes_a_wait_between_a_second_and_a_day() {
        let now = at("2026-11-27T14:00:00Z");
        let secs = |n| Some(Duration::from_secs(n));
        assert_eq!(parse("2", now), secs(2));
        assert_eq!(parse(" 120 ", now), secs(120));
        assert_eq!(parse("0", now), secs(1));
        assert_eq!(parse("-5", now), secs(1));
        assert_eq!(parse("18446744073709551615", now), Some(MAX_WAIT));
        assert_eq!(parse("99999999999999999999999", now), Some(MAX_WAIT));
        assert_eq!(parse("9223372036854775808", now), Some(MAX_WAIT));
        // An IMF-fixdate: a wait until then.
        assert_eq!(parse("Fri, 27 Nov 2026 14:05:00 GMT", now), secs(300));
        assert_eq!(parse("Fri, 27 Nov 2026 13:00:00 GMT", now), secs(1));
        assert_eq!(parse("Thu, 01 Jan 2037 00:00:00 GMT", now), Some(MAX_WAIT));
        assert_eq!(parse("soon", now), None);
        assert_eq!(parse("", now), None);
        assert_eq!(parse("1.5", now), None);
        assert_eq!(parse("-", now), None);
    }
}
