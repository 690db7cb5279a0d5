//! A line of today (a lesson in its part, or a group that cannot be
//! placed) as a row: `crmdeck today` as a table and as CSV.

use super::{Column, Natural, OnScreen, Print, Text, Tone};
use crate::domain::today::{Section, Today};
use crate::i18n::Language;
use crate::model::Group;
use crate::present::timetable::unplaced_reason_in;
use crate::present::today::{clock_on, timing_in};

/// One line of today.
pub struct TodayRow<'a> {
    /// Its part of the day, or the groups that cannot be placed.
    pub part: Section,
    /// Start and end as the clock shows them ("22:00", "01:00+1"); empty
    /// for a group that cannot be placed.
    pub start: String,
    pub end: String,
    /// "40 min left", "in 25 min", or why the group cannot be placed.
    pub note: String,
    pub group: &'a Group,
}

/// Every line of `today`, part by part, the groups that cannot be placed
/// last; what they say of their times in `language` (English for CSV).
pub fn rows<'a>(
    today: &Today,
    groups: &'a [impl AsRef<Group>],
    language: Language,
) -> Vec<TodayRow<'a>> {
    (0..)
        .map_while(|index| row(today, groups, index, language))
        .collect()
}

/// The line of `today` at `index` in the order of [`rows`], made on its
/// own: the Today tab makes only the lines it draws.
pub fn row<'a>(
    today: &Today,
    groups: &'a [impl AsRef<Group>],
    mut index: usize,
    language: Language,
) -> Option<TodayRow<'a>> {
    for (part, lessons) in today.sections() {
        let Some(lesson) = lessons.get(index) else {
            index -= lessons.len();
            continue;
        };
        // Times marked against the day shown; tomorrow's first lessons,
        // under their own heading, against tomorrow.
        let date = match part {
            Section::Tomorrow => today.day.succ_opt().unwrap_or(today.day),
            _ => today.day,
        };
        return Some(TodayRow {
            part,
            start: clock_on(lesson.start, date),
            end: clock_on(lesson.end, date),
            note: timing_in(today, part, lesson, language),
            group: groups[lesson.group_index].as_ref(),
        });
    }
    let unplaced = today.cannot_place.get(index)?;
    Some(TodayRow {
        part: Section::CannotPlace,
        start: String::new(),
        end: String::new(),
        note: unplaced_reason_in(&unplaced.reason, language),
        group: groups[unplaced.group_index].as_ref(),
    })
}

/// The columns of a line of today, left to right (a function: a row
/// borrows). The Today tab shows the times, what the line says of them,
/// the group, its course and its branch; the parts are its headings.
pub fn columns<'a>() -> [Column<TodayRow<'a>, ()>; 8] {
    let printed = Column::print_only;
    let shown = |flex_min, priority, tone| OnScreen::in_order(flex_min, priority, false, tone);
    [
        printed("Part", "part", |row, _| row.part.key().to_string()),
        printed("Start", "start", |row, _| row.start.clone()).shown(shown(None, 8, Tone::Plain)),
        printed("End", "end", |row, _| row.end.clone()).shown(shown(None, 7, Tone::Plain)),
        // "1 h 30 min left" whole ("осталось 1 ч 30 мин" too); a reason a
        // group cannot be placed is cut.
        printed("When", "when", |row, _| row.note.clone()).shown(OnScreen {
            natural: Natural::Worded { cap: 15 },
            ..shown(Some(11), 6, Tone::Quiet)
        }),
        printed("Group id", "group_id", |row, _| row.group.id.to_string()),
        printed("Name", "name", |row, _| row.group.name.clone()).shown(OnScreen::in_order(
            Some(12),
            9,
            true,
            Tone::Plain,
        )),
        printed("Course", "course", |row, _| {
            let course = row.group.course.as_ref();
            course.map(|course| course.name.clone()).unwrap_or_default()
        })
        .shown(shown(Some(10), 5, Tone::Plain)),
        Column {
            title: "Branch",
            name: "branch_name",
            text: Text::Branch(|row| row.group.branch_id),
            screen: Some(shown(Some(8), 4, Tone::Quiet)),
            print: Print::Whole,
        },
    ]
}
