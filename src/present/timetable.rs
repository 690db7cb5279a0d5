//! The week's words: a group's label, a lesson's line in each half hour
//! and its times, the first free hours; drawn by the Week tab and printed
//! by `crmdeck timetable`.

use super::Language;
use super::format::NONE;
use super::weekday::{NameStyle, day_name};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{ROW_MINUTES, Slot, UnplacedReason, WeekSummary, monday_to_sunday};
use crate::i18n::{Phrase, fill};
use crate::model::Group;
use crate::sanitize::sanitize_line;

/// A lesson's rows after its label, course and time.
pub const CONTINUES: &str = "┆";

/// The first free hour of each day of `summary`: `"Mon 09:00"` per day, Monday first (`—` for a day with no free hour).
pub fn free_hour_per_day(
    summary: &WeekSummary,
    language: Language,
    style: NameStyle,
) -> Vec<String> {
    monday_to_sunday()
        .zip(summary.first_free_hour)
        .map(|(day, free)| {
            let free = free.map_or_else(|| NONE.to_owned(), format_clock);
            format!("{} {free}", day_name(day, language, style))
        })
        .collect()
}

/// Why a group could not be placed, for people, in English: what JSON
/// keeps in every language; raw server text is included as sent
/// (sanitise before printing).
pub fn unplaced_reason(reason: &UnplacedReason) -> String {
    unplaced_reason_in(reason, Language::En)
}

/// [`unplaced_reason`] in `language` (the Week, Today, `--check`'s lines).
pub fn unplaced_reason_in(reason: &UnplacedReason, language: Language) -> String {
    match reason {
        UnplacedReason::NoDays => Phrase::ScreenUnplacedNoDays.get(language).to_owned(),
        UnplacedReason::UnknownDaysCode(raw) => fill::screen_unplaced_days_code(language, raw),
        UnplacedReason::UnknownExactDays(raw) => {
            fill::screen_unplaced_exact_days(language, raw.join(", "))
        }
        UnplacedReason::NoTimes => Phrase::ScreenUnplacedNoTimes.get(language).to_owned(),
        UnplacedReason::UndecodableTime(raw) => fill::screen_unplaced_bad_time(language, raw),
        UnplacedReason::UnknownStatus(raw) => fill::screen_unplaced_status(language, raw),
    }
}

/// `"#12 Name"` (the name alone when the group has no number), sanitised.
pub fn group_label(group: &Group) -> String {
    let name = sanitize_line(group.name.trim());
    match group.company_group_number {
        Some(number) => format!("#{number} {name}"),
        None => name.into_owned(),
    }
}

/// A lesson's text in the half hour from `row`: its label in the first row,
/// then its course, then its times, then a continuation mark.
pub fn slot_line(slot: &Slot, group: &Group, row: u32) -> String {
    let first_row = slot.start_minute() / ROW_MINUTES * ROW_MINUTES;
    let course = group
        .course
        .as_ref()
        .map(|course| sanitize_line(course.name.trim()).into_owned())
        .filter(|name| !name.is_empty());
    let lines: Vec<String> = [Some(group_label(group)), course, Some(slot_times(slot))]
        .into_iter()
        .flatten()
        .collect();
    let index = ((row.saturating_sub(first_row)) / ROW_MINUTES) as usize;
    lines
        .get(index)
        .cloned()
        .unwrap_or_else(|| CONTINUES.to_owned())
}

/// `"14:00–15:30"`; `"~"` before an estimated end, `"+1"` after an end on the next day.
pub fn slot_times(slot: &Slot) -> String {
    format!(
        "{}–{}{}{}",
        format_clock(slot.start),
        if slot.end_estimated { "~" } else { "" },
        format_clock(slot.end),
        if slot.crosses_midnight { "+1" } else { "" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::test_groups::group;
    use crate::domain::timetable::{WorkingHours, build_week, summarize};
    use crate::model::DaysCode;

    #[test]
    fn a_lesson_reads_label_course_times_then_continues() {
        let mut numbered = group(12, DaysCode::EveryDay, "22:00", "01:00");
        numbered.name = " English\u{1b}B1 ".into();
        let week = build_week(&[numbered.clone()], &"UTC".parse().unwrap(), false);
        let slot = &week.day(chrono::Weekday::Mon)[0];
        let rows: Vec<String> = [22 * 60, 22 * 60 + 30, 23 * 60]
            .map(|row| slot_line(slot, &numbered, row))
            .to_vec();
        assert_eq!(rows, ["#12 English␛B1", "22:00–01:00+1", CONTINUES]);
        let unnumbered = Group {
            company_group_number: None,
            ..numbered
        };
        assert_eq!(group_label(&unnumbered), "English␛B1");
    }

    #[test]
    fn why_a_group_is_not_placed() {
        let words = [
            UnplacedReason::NoDays,
            UnplacedReason::UnknownDaysCode("9".into()),
            UnplacedReason::UnknownExactDays(vec!["Funday".into(), "12".into()]),
            UnplacedReason::NoTimes,
            UnplacedReason::UndecodableTime("noon".into()),
        ]
        .map(|reason| unplaced_reason(&reason));
        assert_eq!(
            words,
            [
                "no weekdays sent",
                "days code 9 is not a known code",
                "exact_days names no weekday: Funday, 12",
                "no lesson time (start, or end and course duration)",
                "lesson time \"noon\" is not a time",
            ]
        );
        // Said in the language shown; the server's text kept as sent.
        let status = UnplacedReason::UnknownStatus("7".into());
        assert_eq!(
            unplaced_reason_in(&status, Language::Ru),
            "статус 7 — ни активная (2), ни архив (3)"
        );
        assert_eq!(
            unplaced_reason_in(&UnplacedReason::UnknownDaysCode("9".into()), Language::Uz),
            "kunlar kodi 9 nomaʼlum"
        );
        assert_eq!(
            unplaced_reason_in(&UnplacedReason::NoDays, Language::UzCyrl),
            "ҳафта кунлари юборилмаган"
        );
        assert_eq!(
            unplaced_reason(&status),
            unplaced_reason_in(&status, Language::En)
        );
    }

    #[test]
    fn the_first_free_hour_of_each_day() {
        let week = build_week(
            &[group(1, DaysCode::MonWedFri, "08:00", "09:30")],
            &"UTC".parse().unwrap(),
            false,
        );
        let summary = summarize(&week, WorkingHours::default());
        assert_eq!(
            free_hour_per_day(&summary, Language::En, NameStyle::Short),
            [
                "Mon 10:00",
                "Tue 08:00",
                "Wed 10:00",
                "Thu 08:00",
                "Fri 10:00",
                "Sat 08:00",
                "Sun 08:00"
            ]
        );
    }
}
