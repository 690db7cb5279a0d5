//! A lesson (a group on one weekday of the week) as a row: `crmdeck
//! timetable --format csv`.

use super::{Column, OnScreen, Print, Text, Tone};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{Slot, Week};
use crate::model::Group;
use crate::present::Language;
use crate::present::weekday::{NameStyle, day_name};
use chrono::Weekday;

/// A group's place on one day of the week.
pub struct Lesson<'a> {
    pub day: Weekday,
    pub slot: &'a Slot,
    pub group: &'a Group,
}

/// Every lesson of `week`, Monday to Sunday, in each day's order; `groups`
/// are those the week was laid out from.
pub fn of_week<'a>(week: &'a Week, groups: &'a [impl AsRef<Group>]) -> Vec<Lesson<'a>> {
    week.slots()
        .map(|(day, slot)| Lesson {
            day,
            slot,
            group: groups[slot.group_index].as_ref(),
        })
        .collect()
}

/// The columns of a lesson, left to right (a function: a lesson borrows).
/// The week's lists show its times, the group, its course and, for every
/// branch, the branch.
pub fn columns<'a>() -> [Column<Lesson<'a>, ()>; 8] {
    let printed = Column::print_only;
    let shown = |flex_min, priority| OnScreen::in_order(flex_min, priority, false, Tone::Plain);
    [
        printed("Day", "day", |lesson, _| day_key(lesson.day).to_string()),
        printed("Start", "start", |lesson, _| {
            format_clock(lesson.slot.start)
        })
        .shown(shown(None, 8)),
        printed("End", "end", |lesson, _| format_clock(lesson.slot.end)).shown(shown(None, 7)),
        printed("Group id", "group_id", |lesson, _| {
            lesson.group.id.to_string()
        }),
        printed("Number", "number", |lesson, _| {
            let number = lesson.group.company_group_number;
            number.map(|number| number.to_string()).unwrap_or_default()
        }),
        printed("Name", "name", |lesson, _| lesson.group.name.clone()).shown(OnScreen::in_order(
            Some(12),
            9,
            true,
            Tone::Plain,
        )),
        printed("Course", "course", |lesson, _| {
            let course = lesson.group.course.as_ref();
            course.map(|course| course.name.clone()).unwrap_or_default()
        })
        .shown(shown(Some(10), 5)),
        // On screen when the week is of every branch, where groups of the
        // same name meet in several; printed always (CSV, `:export`), so a
        // week of every branch says whose each lesson is and a script
        // reads the same columns whatever the branch (issue 37 §8).
        Column {
            title: "Branch",
            name: "branch_name",
            text: Text::Branch(|lesson| lesson.group.branch_id),
            screen: Some(OnScreen::in_order(Some(8), 4, false, Tone::Quiet)),
            print: Print::Whole,
        },
    ]
}

/// Day keys for scripts: English short names whatever the language.
pub fn day_key(day: Weekday) -> &'static str {
    day_name(day, Language::En, NameStyle::Short)
}
