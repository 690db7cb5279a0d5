//! Lesson times of day in the centre's zone.
//!
//! `lesson_start_time` / `lesson_end_time` arrive as a bare wall-clock time
//! (already local), as a UTC timestamp whose date carries no meaning, or as
//! text that did not parse (the lesson times of `tests/decoding.rs`).

use chrono::{NaiveTime, Timelike};

use super::zone::Zone;
use crmdeck_model::LessonTime;

const MINUTES_PER_DAY: i64 = 24 * 60;

/// The wall-clock time of day of `time` in `zone`, or `None` for raw text.
///
/// A UTC timestamp is converted with the offset in force on the date it
/// carries: that date means nothing, but it is the only one that makes the
/// result independent of today's date.
pub fn time_of_day(time: &LessonTime, zone: &Zone) -> Option<NaiveTime> {
    match time {
        LessonTime::Clock(clock) => Some(*clock),
        LessonTime::Utc(at) => Some(zone.time_of_day(*at)),
        LessonTime::Raw(_) => None,
    }
}

/// `"HH:MM"`; seconds are dropped.
pub fn format_clock(time: NaiveTime) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

/// Lesson length in whole minutes when both sides decode; an end before the
/// start counts through midnight. Minutes are taken from the shown `HH:MM`,
/// so the length always matches the displayed range.
pub fn lesson_minutes(
    start: Option<&LessonTime>,
    end: Option<&LessonTime>,
    zone: &Zone,
) -> Option<i64> {
    let start = minute_of_day(time_of_day(start?, zone)?);
    let end = minute_of_day(time_of_day(end?, zone)?);
    Some((end - start).rem_euclid(MINUTES_PER_DAY))
}

/// The minute of the day `time` is at in `zone` (0 to 1439); None for a
/// time that does not read (what the history and the query compare).
pub fn minute_in(time: &LessonTime, zone: &Zone) -> Option<u16> {
    time_of_day(time, zone).and_then(|time| u16::try_from(minute_of_day(time)).ok())
}

/// `HH:MM` of a minute of the day.
pub fn format_minute(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

fn minute_of_day(time: NaiveTime) -> i64 {
    i64::from(time.hour() * 60 + time.minute())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_clock_drops_seconds() {
        assert_eq!(
            format_clock(NaiveTime::from_hms_opt(9, 5, 59).unwrap()),
            "09:05"
        );
        assert_eq!(format_clock(NaiveTime::MIN), "00:00");
    }

    #[test]
    fn seconds_do_not_change_the_length() {
        let start = LessonTime::Clock(NaiveTime::from_hms_opt(10, 0, 59).unwrap());
        let end = LessonTime::Clock(NaiveTime::from_hms_opt(11, 30, 0).unwrap());
        assert_eq!(
            lesson_minutes(Some(&start), Some(&end), &"Asia/Tashkent".parse().unwrap()),
            Some(90)
        );
    }
}
