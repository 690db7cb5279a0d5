//! Today for people: the headings of its sections, what a lesson's line
//! says of its time, its clock times around midnight, and the moment as
//! `--at` takes it.

use chrono::{Datelike, NaiveDate, NaiveDateTime};

use crate::domain::clock::format_clock;
use crate::domain::today::{Lesson, Part, Section, Today};
use crate::i18n::{DayStyle, Language, Phrase, date, fill, weekday};

/// The heading of `section` for people, in `language`.
pub fn heading(section: Section, language: Language) -> &'static str {
    let phrase = match section {
        Section::Part(Part::Now) => Phrase::TodayNow,
        Section::Part(Part::Next) => Phrase::TodayNext,
        Section::Part(Part::Later) => Phrase::TodayLater,
        Section::Part(Part::Done) => Phrase::TodayDone,
        // The day's name follows ([`heading_of`]).
        Section::Tomorrow | Section::Day => return "",
        Section::CannotPlace => Phrase::TodayCannotPlace,
    };
    phrase.get(language)
}

/// The heading of `section` in `day`: tomorrow's first lessons and another
/// day's lessons name their weekday (`Tomorrow · Sun`).
pub fn heading_of(section: Section, day: &Today, language: Language) -> String {
    let named = |date: NaiveDate| weekday(language, date.weekday(), DayStyle::Short);
    match section {
        Section::Tomorrow => {
            fill::today_tomorrow(language, named(day.day.succ_opt().unwrap_or(day.day)))
        }
        Section::Day => fill::today_lessons_of_day(language, named(day.day)),
        _ => heading(section, language).to_string(),
    }
}

/// The day shown when it is not today's: `Tomorrow Sun 2026-11-29`,
/// `Wed 2026-12-02`; None on today.
pub fn shown_day(day: &Today, language: Language) -> Option<String> {
    if day.is_today() {
        return None;
    }
    let name = weekday(language, day.day.weekday(), DayStyle::Short);
    let written = date(language, day.day);
    let today = day.at.date();
    Some(if today.succ_opt() == Some(day.day) {
        fill::today_shown_tomorrow(language, name, written)
    } else if today.pred_opt() == Some(day.day) {
        fill::today_shown_yesterday(language, name, written)
    } else {
        fill::today_shown_day(language, name, written)
    })
}

/// What a lesson's line says of its time in `part`, in `language`:
/// `"40 min left"`, `"in 25 min"`, `"in 2 h 5 min"`, nothing once done.
pub fn timing(today: &Today, part: Part, lesson: &Lesson, language: Language) -> String {
    match part {
        Part::Now => fill::today_left(language, duration(today.minutes_left(lesson), language)),
        Part::Next | Part::Later => {
            fill::today_in(language, duration(today.starts_in(lesson), language))
        }
        Part::Done => String::new(),
    }
}

/// What the line of a lesson in `section` says of its time: as [`timing`]
/// in today's parts, when tomorrow's first lessons start, nothing on
/// another day.
pub fn timing_in(today: &Today, section: Section, lesson: &Lesson, language: Language) -> String {
    match section {
        Section::Part(part) => timing(today, part, lesson, language),
        Section::Tomorrow => timing(today, Part::Next, lesson, language),
        Section::Day | Section::CannotPlace => String::new(),
    }
}

/// `"25 min"`, `"2 h"`, `"2 h 5 min"`.
fn duration(minutes: i64, language: Language) -> String {
    match (minutes / 60, minutes % 60) {
        (0, minutes) => fill::today_minutes(language, minutes),
        (hours, 0) => fill::today_hours(language, hours),
        (hours, minutes) => fill::today_hours_minutes(language, hours, minutes),
    }
}

/// `"15:00"`, with `-1` for a start yesterday and `+1` for an end tomorrow
/// (as the week's [`slot_times`](super::timetable::slot_times) marks them).
pub fn clock_on(time: NaiveDateTime, today: NaiveDate) -> String {
    let mark = match time.date().cmp(&today) {
        std::cmp::Ordering::Less => "-1",
        std::cmp::Ordering::Equal => "",
        std::cmp::Ordering::Greater => "+1",
    };
    format!("{}{mark}", format_clock(time.time()))
}

/// `"2026-11-23T15:50"`: the form `--at` takes and JSON gives.
pub fn format_at(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%dT%H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::test_groups::{numbered, on};
    use crate::domain::today::{parse_at, today};
    use crate::model::DaysCode;

    fn new_york() -> crate::domain::zone::Zone {
        "America/New_York".parse().unwrap()
    }

    #[test]
    fn timing_and_clocks_for_people() {
        let times = ["13:00-16:00", "18:05-19:00", "17:50-19:00", "22:00-01:00"];
        let groups = numbered(DaysCode::EveryDay, &times);
        let day = today(&groups, &new_york(), on(0, "15:50"), false);
        let en = Language::En;
        assert_eq!(timing(&day, Part::Now, &day.now[0], en), "10 min left");
        assert_eq!(timing(&day, Part::Next, &day.next[0], en), "in 2 h");
        assert_eq!(
            timing(&day, Part::Later, &day.later[0], en),
            "in 2 h 15 min"
        );
        assert_eq!(timing(&day, Part::Done, &day.now[0], en), "");
        // The glossary's words in the other languages.
        let (now, next, later) = (&day.now[0], &day.next[0], &day.later[0]);
        for (part, lesson, language, said) in [
            (Part::Now, now, Language::Ru, "осталось 10 мин"),
            (Part::Later, later, Language::Ru, "через 2 ч 15 мин"),
            (Part::Now, now, Language::Uz, "10 daqiqa qoldi"),
            (
                Part::Later,
                later,
                Language::Uz,
                "2 soat 15 daqiqadan keyin",
            ),
            (Part::Next, next, Language::UzCyrl, "2 соатдан кейин"),
        ] {
            assert_eq!(timing(&day, part, lesson, language), said);
        }
        let date = day.at.date();
        let overnight = &day.later[1];
        assert_eq!(clock_on(overnight.start, date), "22:00");
        assert_eq!(clock_on(overnight.end, date), "01:00+1");
        assert_eq!(clock_on(overnight.start, on(1, "00:00").date()), "22:00-1");
    }

    #[test]
    fn at_is_read_and_written_to_the_minute() {
        assert_eq!(
            format_at(parse_at(" 2026-11-23T15:50 ").unwrap()),
            "2026-11-23T15:50"
        );
        assert_eq!(
            format_at(parse_at("2026-11-23 15:50").unwrap()),
            "2026-11-23T15:50"
        );
        assert_eq!(
            format_at(parse_at("2026-11-23T15:50:59").unwrap()),
            "2026-11-23T15:50"
        );
        for bad in ["15:50", "2026-11-23", "2026-13-01T10:00", "tomorrow"] {
            let error = parse_at(bad).unwrap_err();
            assert!(error.contains("YYYY-MM-DDTHH:MM"), "{error}");
        }
    }

    #[test]
    fn every_section_has_its_heading() {
        let headings = Section::ALL.map(|section| heading(section, Language::En));
        assert_eq!(
            headings,
            [
                "Now",
                "Next",
                "",
                "Later today",
                "Done",
                "",
                "Cannot place (days or times cannot be read)"
            ]
        );
        let russian = Section::ALL.map(|section| heading(section, Language::Ru));
        assert_eq!(
            russian[..5],
            ["Сейчас", "Далее", "", "Позже сегодня", "Прошли"]
        );
    }

    #[test]
    fn another_day_and_tomorrow_are_named() {
        use crate::domain::today::on_day;
        let groups = numbered(DaysCode::EveryDay, &["09:00-10:00"]);
        let zone = new_york();
        // Monday 23rd after its last lesson: tomorrow is Tuesday.
        let monday = on_day(&groups, &zone, on(0, "12:00").date(), on(0, "12:00"), false);
        assert_eq!(shown_day(&monday, Language::En), None);
        assert_eq!(
            heading_of(Section::Tomorrow, &monday, Language::En),
            "Tomorrow · Tue"
        );
        assert_eq!(
            heading_of(Section::Tomorrow, &monday, Language::Ru),
            "Завтра · вт"
        );
        let tuesday = on_day(&groups, &zone, on(1, "00:00").date(), on(0, "12:00"), false);
        assert_eq!(
            shown_day(&tuesday, Language::En).as_deref(),
            Some("Tomorrow Tue 2026-11-24")
        );
        let friday = on_day(&groups, &zone, on(4, "00:00").date(), on(0, "12:00"), false);
        assert_eq!(
            shown_day(&friday, Language::En).as_deref(),
            Some("Fri 2026-11-27")
        );
        assert_eq!(
            heading_of(Section::Day, &friday, Language::En),
            "Lessons · Fri"
        );
        let sunday = on_day(
            &groups,
            &zone,
            on(0, "00:00").date().pred_opt().unwrap(),
            on(0, "12:00"),
            false,
        );
        assert_eq!(
            shown_day(&sunday, Language::Uz).as_deref(),
            Some("Kecha Ya 22.11.2026")
        );
    }
}
