//! A lesson's times as a range for people: `"10:00–11:30"`.

use std::borrow::Cow;

use super::format::NONE;
use crate::domain::clock::{format_clock, time_of_day};
use crate::domain::zone::Zone;
use crate::model::LessonTime;

/// What a missing side of a lesson range shows.
const UNKNOWN_SIDE: &str = "?";

/// `"10:00–11:30"` (en dash); a missing side shows `"?"`, a raw side its text
/// (not sanitised here), and both sides missing show [`NONE`].
pub fn lesson_range(start: Option<&LessonTime>, end: Option<&LessonTime>, zone: &Zone) -> String {
    if start.is_none() && end.is_none() {
        return NONE.to_owned();
    }
    format!("{}–{}", range_side(start, zone), range_side(end, zone))
}

fn range_side<'a>(side: Option<&'a LessonTime>, zone: &Zone) -> Cow<'a, str> {
    match side {
        Some(LessonTime::Raw(raw)) if !raw.trim().is_empty() => Cow::Borrowed(raw),
        // Missing, or blank raw text that would leave a dangling dash.
        _ => side
            .and_then(|side| time_of_day(side, zone))
            .map_or(Cow::Borrowed(UNKNOWN_SIDE), |time| {
                Cow::Owned(format_clock(time))
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::clock::lesson_minutes;
    use chrono::NaiveTime;
    use chrono::{TimeZone, Utc};

    fn tashkent() -> Zone {
        "Asia/Tashkent".parse().unwrap()
    }

    fn clock(hour: u32, minute: u32) -> LessonTime {
        LessonTime::Clock(NaiveTime::from_hms_opt(hour, minute, 0).unwrap())
    }

    fn utc(hour: u32, minute: u32) -> LessonTime {
        LessonTime::Utc(Utc.with_ymd_and_hms(2022, 7, 15, hour, minute, 0).unwrap())
    }

    fn raw(text: &str) -> LessonTime {
        LessonTime::Raw(text.into())
    }

    #[test]
    fn notes_sample_mixes_clock_and_utc() {
        // "10:00" start, "2022-07-15T06:30:00.000000Z" end, centre in Tashkent (UTC+5).
        let (start, end) = (clock(10, 0), utc(6, 30));
        let zone = tashkent();
        assert_eq!(lesson_range(Some(&start), Some(&end), &zone), "10:00–11:30");
        assert_eq!(lesson_minutes(Some(&start), Some(&end), &zone), Some(90));
    }

    #[test]
    fn utc_timestamp_converts_only_its_time_of_day() {
        let at = utc(6, 30);
        assert_eq!(
            time_of_day(&at, &tashkent()),
            NaiveTime::from_hms_opt(11, 30, 0)
        );
        let utc_zone: Zone = "UTC".parse().unwrap();
        assert_eq!(
            time_of_day(&at, &utc_zone),
            NaiveTime::from_hms_opt(6, 30, 0)
        );
        assert_eq!(
            lesson_range(Some(&utc(5, 0)), Some(&at), &utc_zone),
            "05:00–06:30"
        );
        // A bare clock time is never shifted.
        assert_eq!(
            lesson_range(Some(&clock(10, 0)), None, &utc_zone),
            "10:00–?"
        );
    }

    #[test]
    fn local_zone_does_not_panic() {
        let (start, end) = (utc(5, 0), utc(6, 30));
        // Whatever the machine's zone, the shape holds.
        let range = lesson_range(Some(&start), Some(&end), &Zone::Local);
        let (from, to) = range.split_once('–').unwrap();
        assert!(from.len() == 5 && to.len() == 5, "{range}");
        // Both ends shift by the same offset (no zone changes its offset
        // between 05:00 and 06:30 UTC on 2022-07-15), so the length is kept.
        assert_eq!(
            lesson_minutes(Some(&start), Some(&end), &Zone::Local),
            Some(90)
        );
    }

    #[test]
    fn raw_sides_show_their_text() {
        let zone = tashkent();
        let odd = raw("after lunch");
        assert_eq!(
            lesson_range(Some(&odd), Some(&clock(14, 0)), &zone),
            "after lunch–14:00"
        );
        assert_eq!(
            lesson_range(Some(&clock(9, 0)), Some(&raw("  ")), &zone),
            "09:00–?"
        );
        assert_eq!(time_of_day(&odd, &zone), None);
        assert_eq!(lesson_minutes(Some(&odd), Some(&clock(14, 0)), &zone), None);
    }

    #[test]
    fn missing_sides() {
        let zone = tashkent();
        let ten = clock(10, 0);
        assert_eq!(lesson_range(Some(&ten), None, &zone), "10:00–?");
        assert_eq!(lesson_range(None, Some(&ten), &zone), "?–10:00");
        assert_eq!(lesson_range(None, None, &zone), NONE);
        assert_eq!(lesson_minutes(Some(&ten), None, &zone), None);
        assert_eq!(lesson_minutes(None, Some(&ten), &zone), None);
    }

    #[test]
    fn range_crossing_midnight() {
        let zone = tashkent();
        let (late, early) = (clock(23, 30), clock(1, 0));
        assert_eq!(
            lesson_range(Some(&late), Some(&early), &zone),
            "23:30–01:00"
        );
        assert_eq!(lesson_minutes(Some(&late), Some(&early), &zone), Some(90));
        // 19:00 UTC is 00:00 in Tashkent: the UTC end crosses midnight too.
        assert_eq!(
            lesson_minutes(Some(&clock(22, 0)), Some(&utc(19, 0)), &zone),
            Some(120)
        );
        // Equal ends are an empty lesson, not a whole day.
        assert_eq!(
            lesson_minutes(Some(&clock(8, 10)), Some(&clock(8, 10)), &zone),
            Some(0)
        );
    }
}
