//! A lesson's times as a range for people: `"10:00–11:30"`.

use std::borrow::Cow;

use super::format::NONE;
use crate::domain::clock::{format_clock, time_of_day};
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, date as date_in, fill, time as time_in};
use crate::model::LessonTime;
use crate::secret::Expiry;

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

/// A token's expiry in `language` (issue 36 §2): "expires in 2h 10m",
/// "истекает через 2 ч 10 мин"; the instant of one expired in UTC, as
/// the secret crate's English says it, the date as staff write it.
pub fn expiry_in(expiry: Expiry, language: Language) -> String {
    match expiry {
        Expiry::Expired(at) => {
            let (date, time) = (at.date_naive(), at.time());
            let at = format!(
                "{} {} UTC",
                date_in(language, date),
                time_in(language, time)
            );
            fill::expiry_expired_at(language, at)
        }
        Expiry::UnderAMinute => Phrase::ExpiryUnderAMinute.get(language).to_string(),
        Expiry::Minutes(minutes) => fill::expiry_minutes(language, minutes),
        Expiry::Hours { hours, minutes } => fill::expiry_hours(language, hours, minutes),
        Expiry::Days { days, hours } => fill::expiry_days(language, days, hours),
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
    fn a_tokens_expiry_in_each_language() {
        use crate::secret::expiry;
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap();
        let at = |minutes: i64| now + chrono::TimeDelta::minutes(minutes);
        let said = |minutes, language| expiry_in(expiry(at(minutes), now), language);
        // English as the secret crate says it, for the log and `info`.
        for minutes in [130, 5, 3000, -180] {
            let english = crate::secret::describe_expiry(at(minutes), now);
            assert_eq!(said(minutes, Language::En), english);
        }
        assert_eq!(said(130, Language::Ru), "истекает через 2 ч 10 мин");
        assert_eq!(said(3000, Language::Ru), "истекает через 2 д 2 ч");
        assert_eq!(said(-180, Language::Ru), "истёк 22.11.2026 05:00 UTC");
        assert_eq!(said(5, Language::Uz), "5 daqiqadan keyin tugaydi");
        assert_eq!(said(0, Language::UzCyrl), "22.11.2026 08:00 UTC да тугаган");
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
