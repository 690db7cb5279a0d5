//! A lesson (a group on one weekday of the week) as a row: `crmdeck
//! timetable --format csv`.

use super::Column;
use crate::domain::Language;
use crate::domain::clock::format_clock;
use crate::domain::timetable::Slot;
use crate::domain::weekday::{NameStyle, day_name};
use crate::model::Group;
use chrono::Weekday;

/// A group's place on one day of the week.
pub struct Lesson<'a> {
    pub day: Weekday,
    pub slot: &'a Slot,
    pub group: &'a Group,
}

/// The columns of a lesson, left to right (a function: a lesson borrows).
pub fn columns<'a>() -> [Column<Lesson<'a>, ()>; 7] {
    let printed = Column::print_only;
    [
        printed("Day", "day", |lesson, _| day_key(lesson.day).to_string()),
        printed("Start", "start", |lesson, _| {
            format_clock(lesson.slot.start)
        }),
        printed("End", "end", |lesson, _| format_clock(lesson.slot.end)),
        printed("Group id", "group_id", |lesson, _| {
            lesson.group.id.to_string()
        }),
        printed("Number", "number", |lesson, _| {
            let number = lesson.group.company_group_number;
            number.map(|number| number.to_string()).unwrap_or_default()
        }),
        printed("Name", "name", |lesson, _| lesson.group.name.clone()),
        printed("Course", "course", |lesson, _| {
            let course = lesson.group.course.as_ref();
            course.map(|course| course.name.clone()).unwrap_or_default()
        }),
    ]
}

/// Day keys for scripts: English short names whatever the language.
pub fn day_key(day: Weekday) -> &'static str {
    day_name(day, Language::En, NameStyle::Short)
}
