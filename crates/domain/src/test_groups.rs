//! Groups for the tests of the week's layout and of what is made from it
//! (today, the timetable check, their text, the command line's grid): one
//! builder for all of them.

use chrono::{NaiveDateTime, NaiveTime, Weekday};

use super::today::parse_at;
use crmdeck_model::{DaysCode, ExactDays, Group, GroupStatus, LessonTime};

/// A bare time of day (`"10:00"`); `""` for none.
pub fn clock(text: &str) -> Option<LessonTime> {
    (!text.is_empty()).then(|| LessonTime::Clock(NaiveTime::parse_from_str(text, "%H:%M").unwrap()))
}

/// An active group meeting on `days` from `start` to `end` (`""` for no
/// time), numbered like its id.
pub fn group(id: i64, days: DaysCode, start: &str, end: &str) -> Group {
    Group {
        id,
        company_group_number: Some(id),
        name: format!("Group {id}"),
        days,
        lesson_start_time: clock(start),
        lesson_end_time: clock(end),
        status: GroupStatus::Active,
        ..Group::default()
    }
}

/// `time` on a day of the week of 2026-11-23, a Monday: `day` 0 is that
/// Monday, 6 the Sunday after.
pub fn on(day: u32, time: &str) -> NaiveDateTime {
    parse_at(&format!("2026-11-{:02}T{time}", 23 + day)).unwrap()
}

/// The `exact_days` of a code 5: the days read, and the elements that
/// name no day as sent.
pub fn exact(days: &[Weekday], unknown: &[&str]) -> ExactDays {
    ExactDays {
        days: days.to_vec(),
        unknown: unknown.iter().map(|s| s.to_string()).collect(),
    }
}

/// Groups numbered 1, 2, … meeting on `days`, one a lesson time each
/// (`"10:00-11:30"`).
pub fn numbered(days: DaysCode, times: &[&str]) -> Vec<Group> {
    (1..)
        .zip(times)
        .map(|(id, time)| {
            let (start, end) = time.split_once('-').unwrap();
            group(id, days.clone(), start, end)
        })
        .collect()
}
