//! The time zone in which wall-clock times are shown.

use chrono::{DateTime, NaiveDateTime, Utc};
use std::fmt;
use std::str::FromStr;

/// An IANA zone (`Asia/Tashkent`) or the system's local zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Zone {
    #[default]
    Local,
    Named(chrono_tz::Tz),
}

impl Zone {
    /// The wall-clock date and time of `at` in this zone.
    pub fn wall_clock(&self, at: DateTime<Utc>) -> NaiveDateTime {
        match self {
            Self::Local => at.with_timezone(&chrono::Local).naive_local(),
            Self::Named(tz) => at.with_timezone(tz).naive_local(),
        }
    }
}

impl FromStr for Zone {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() || s.eq_ignore_ascii_case("local") {
            return Ok(Self::Local);
        }
        s.parse::<chrono_tz::Tz>().map(Self::Named).map_err(|_| {
            format!(
                "unknown time zone {s:?}: expected an IANA name such as Asia/Tashkent, or \"local\""
            )
        })
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Local => f.write_str("local"),
            Self::Named(tz) => f.write_str(tz.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn named_zone_shifts_utc_to_wall_clock() {
        let zone: Zone = "Asia/Tashkent".parse().unwrap();
        let at = Utc.with_ymd_and_hms(2022, 7, 15, 6, 30, 0).unwrap();
        assert_eq!(zone.wall_clock(at).format("%H:%M").to_string(), "11:30");
        assert_eq!(zone.to_string(), "Asia/Tashkent");
    }

    #[test]
    fn local_and_errors() {
        assert_eq!("local".parse::<Zone>(), Ok(Zone::Local));
        assert_eq!("".parse::<Zone>(), Ok(Zone::Local));
        let err = "Mars/Olympus".parse::<Zone>().unwrap_err();
        assert!(err.contains("Mars/Olympus"), "{err}");
    }
}
