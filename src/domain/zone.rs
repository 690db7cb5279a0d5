//! The time zone in which wall-clock times are shown.

use chrono::{DateTime, FixedOffset, NaiveDateTime, NaiveTime, Offset, TimeZone, Utc};
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
    /// The wall-clock date and time of `at` in this zone. At the very ends
    /// of chrono's calendar (a server may send year 262142), where the
    /// shifted value does not exist, the nearest end: never a panic.
    pub fn wall_clock(&self, at: DateTime<Utc>) -> NaiveDateTime {
        let offset = self.offset_at(at);
        let nearest_end = if offset.local_minus_utc() < 0 {
            NaiveDateTime::MIN
        } else {
            NaiveDateTime::MAX
        };
        at.naive_utc()
            .checked_add_offset(offset)
            .unwrap_or(nearest_end)
    }

    /// The wall-clock time of day of `at` in this zone, for every instant
    /// (the time of day wraps around midnight even where the date cannot).
    pub fn time_of_day(&self, at: DateTime<Utc>) -> NaiveTime {
        at.time() + self.offset_at(at)
    }

    /// The offset from UTC in force at `at`.
    fn offset_at(&self, at: DateTime<Utc>) -> FixedOffset {
        let utc = at.naive_utc();
        match self {
            Self::Local => chrono::Local.offset_from_utc_datetime(&utc),
            Self::Named(tz) => tz.offset_from_utc_datetime(&utc).fix(),
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
    fn the_ends_of_the_calendar_do_not_panic() {
        // Kiritimati is UTC-10:29 before 1901 and UTC+14 today.
        let kiritimati = Zone::Named(chrono_tz::Pacific::Kiritimati);
        let tashkent: Zone = "Asia/Tashkent".parse().unwrap();
        let (first, last) = (DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC);
        assert_eq!(kiritimati.wall_clock(first), NaiveDateTime::MIN);
        assert_eq!(tashkent.wall_clock(last), NaiveDateTime::MAX);
        // The time of day is still the true one: 00:00 UTC is 13:30:40 LMT.
        assert_eq!(
            kiritimati.time_of_day(first),
            NaiveTime::from_hms_opt(13, 30, 40).unwrap()
        );
        assert_eq!(
            tashkent.time_of_day(last).format("%H:%M").to_string(),
            "04:59"
        );
    }

    #[test]
    fn time_of_day_matches_the_wall_clock() {
        let zone: Zone = "Asia/Tashkent".parse().unwrap();
        let at = Utc.with_ymd_and_hms(2022, 7, 15, 21, 30, 0).unwrap();
        assert_eq!(zone.time_of_day(at), zone.wall_clock(at).time());
        assert_eq!(
            zone.time_of_day(at),
            NaiveTime::from_hms_opt(2, 30, 0).unwrap()
        );
    }

    #[test]
    fn local_and_errors() {
        assert_eq!("local".parse::<Zone>(), Ok(Zone::Local));
        assert_eq!("".parse::<Zone>(), Ok(Zone::Local));
        let err = "Mars/Olympus".parse::<Zone>().unwrap_err();
        assert!(err.contains("Mars/Olympus"), "{err}");
    }
}
