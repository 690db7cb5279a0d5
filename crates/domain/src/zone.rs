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

/// The zone of the CRM's centres, for when neither the config nor the API
/// names one: every public sample of the API fits it (UTC+5, no daylight
/// saving). A server's own zone (often UTC) would put a 10:00 lesson at 05:00.
pub const CENTRE_ZONE: Zone = Zone::Named(chrono_tz::Asia::Tashkent);

/// Where the zone that times are shown in comes from, in the order each
/// wins over the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneSource {
    /// `timezone` in the config.
    Config,
    /// The API named the centre's zone (`GET /v2/token/me`).
    Api,
    /// Neither did: [`CENTRE_ZONE`].
    Default,
}

impl ZoneSource {
    /// The zone to show times in: the config's, else the API's, else
    /// [`CENTRE_ZONE`]; and where it came from.
    pub fn choose(configured: Option<Zone>, from_api: Option<Zone>) -> (Zone, Self) {
        match (configured, from_api) {
            (Some(zone), _) => (zone, Self::Config),
            (None, Some(zone)) => (zone, Self::Api),
            (None, None) => (CENTRE_ZONE, Self::Default),
        }
    }
}

impl Zone {
    /// True when a clock in this zone and one in `other` read the same at
    /// `at` and half a year later (a zone with summer time and one without
    /// agree for half the year only).
    pub fn same_clock_as(&self, other: &Zone, at: DateTime<Utc>) -> bool {
        let half_a_year = chrono::TimeDelta::days(183);
        [Some(at), at.checked_add_signed(half_a_year)]
            .into_iter()
            .flatten()
            .all(|at| self.offset_at(at) == other.offset_at(at))
    }

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

    /// The zone's short name at `at` where it has one (for
    /// Europe/London in summer: `BST`), else its offset from UTC (`+05`,
    /// `+05:45`): for a line too short for the whole name.
    pub fn short_name(&self, at: DateTime<Utc>) -> String {
        use chrono_tz::OffsetName;
        let named = match self {
            Self::Local => None,
            Self::Named(tz) => tz
                .offset_from_utc_datetime(&at.naive_utc())
                .abbreviation()
                .map(str::to_owned),
        };
        named.unwrap_or_else(|| {
            let seconds = self.offset_at(at).local_minus_utc();
            let sign = if seconds < 0 { '-' } else { '+' };
            let (hours, minutes) = (seconds.abs() / 3600, seconds.abs() % 3600 / 60);
            match minutes {
                0 => format!("{sign}{hours:02}"),
                _ => format!("{sign}{hours:02}:{minutes:02}"),
            }
        })
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

    #[test]
    fn a_short_name_is_the_zones_abbreviation_else_its_offset() {
        let at = "2025-06-02T09:00:00Z".parse().unwrap();
        assert_eq!(CENTRE_ZONE.short_name(at), "+05");
        let london: Zone = "Europe/London".parse().unwrap();
        assert_eq!(london.short_name(at), "BST");
        let kathmandu: Zone = "Asia/Kathmandu".parse().unwrap();
        assert_eq!(kathmandu.short_name(at), "+05:45");
    }
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
    fn the_config_wins_over_the_api_which_wins_over_the_default() {
        let utc = Zone::Named(chrono_tz::UTC);
        let samarkand = Zone::Named(chrono_tz::Asia::Samarkand);
        assert_eq!(
            ZoneSource::choose(Some(utc), Some(samarkand)),
            (utc, ZoneSource::Config)
        );
        assert_eq!(
            ZoneSource::choose(None, Some(samarkand)),
            (samarkand, ZoneSource::Api)
        );
        assert_eq!(
            ZoneSource::choose(None, None),
            (CENTRE_ZONE, ZoneSource::Default)
        );
        assert_eq!(CENTRE_ZONE.to_string(), "Asia/Tashkent");
    }

    #[test]
    fn clocks_agree_only_when_they_read_the_same_all_year() {
        let january = Utc.with_ymd_and_hms(2025, 1, 15, 12, 0, 0).unwrap();
        let samarkand = Zone::Named(chrono_tz::Asia::Samarkand);
        let utc = Zone::Named(chrono_tz::UTC);
        let london = Zone::Named(chrono_tz::Europe::London);
        assert!(CENTRE_ZONE.same_clock_as(&samarkand, january));
        assert!(!CENTRE_ZONE.same_clock_as(&utc, january));
        // London reads UTC in January, UTC+1 in July.
        assert!(!london.same_clock_as(&utc, january));
        assert!(london.same_clock_as(&london, january));
    }

    #[test]
    fn local_and_errors() {
        assert_eq!("local".parse::<Zone>(), Ok(Zone::Local));
        assert_eq!("".parse::<Zone>(), Ok(Zone::Local));
        let err = "Mars/Olympus".parse::<Zone>().unwrap_err();
        assert!(err.contains("Mars/Olympus"), "{err}");
    }
}
