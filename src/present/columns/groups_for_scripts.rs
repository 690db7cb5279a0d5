//! What `crmdeck groups` adds for scripts to the API's fields, named as
//! its own: the branch's name, the lesson's start and end in the centre's
//! zone, the weekdays by name and the zone itself; the same names in JSON
//! and as CSV columns.

use super::groups::{course, number, or_none, status};
use super::{BranchNames, Column, Print, Text};
use crate::domain::clock::time_of_day;
use crate::domain::weekday::weekdays;
use crate::model::{Group, LessonTime};
use crate::present::Language;
use crate::present::format::{NONE, RowFormat};
use serde_json::{Value, json};

/// `HH:MM` of a lesson's start or end in the zone of `format`.
pub fn lesson_clock(time: Option<&LessonTime>, format: &RowFormat) -> Option<String> {
    let clock = time_of_day(time?, &format.zone)?;
    Some(clock.format("%H:%M").to_string())
}

/// The days the group meets, by English short name (`Mon`), whatever the
/// dashboard's language: the same for every script.
pub fn weekday_names(group: &Group) -> Vec<String> {
    (weekdays(&group.days, &group.exact_days).iter())
        .map(ToString::to_string)
        .collect()
}

/// Adds the derived fields to `object`, a group as the API sent it.
pub fn add_derived(object: &mut Value, group: &Group, format: &RowFormat, branches: &BranchNames) {
    let branch_name = group.branch_id.and_then(|id| branches.get(&id));
    object["branch_name"] = json!(branch_name);
    object["start"] = json!(lesson_clock(group.lesson_start_time.as_ref(), format));
    object["end"] = json!(lesson_clock(group.lesson_end_time.as_ref(), format));
    object["weekdays"] = json!(weekday_names(group));
    object["zone"] = json!(format.zone.to_string());
}

/// A column printed for scripts only (CSV): never on screen.
const fn printed(
    name: &'static str,
    text: fn(&Group, &RowFormat) -> String,
) -> Column<Group, RowFormat> {
    Column {
        title: name,
        name,
        text: Text::Plain(text),
        screen: None,
        print: Print::Whole,
    }
}

/// The CSV of `crmdeck groups`: the derived fields by their JSON names,
/// the course's dates as `course_start` and `course_end`; an absent value
/// is `—`, as in every CSV of crmdeck.
pub static CSV_COLUMNS: &[Column<Group, RowFormat>] = &[
    printed("number", number),
    printed("name", |group, _| group.name.clone()),
    printed("course", course),
    printed("weekdays", |group, _| weekday_names(group).join(" ")),
    printed("start", |group, format| {
        (lesson_clock(group.lesson_start_time.as_ref(), format)).unwrap_or_else(|| NONE.into())
    }),
    printed("end", |group, format| {
        (lesson_clock(group.lesson_end_time.as_ref(), format)).unwrap_or_else(|| NONE.into())
    }),
    printed("zone", |_, format| format.zone.to_string()),
    printed("status", status),
    printed("branch_id", |group, _| {
        (group.branch_id).map_or_else(|| NONE.into(), |id| id.to_string())
    }),
    Column {
        title: "branch_name",
        name: "branch_name",
        text: Text::Branch(|group| group.branch_id),
        screen: None,
        print: Print::Whole,
    },
    // ISO dates whatever the interface speaks: scripts read them.
    printed("course_start", |group, _| {
        or_none(group.group_start_date.as_ref(), Language::En)
    }),
    printed("course_end", |group, _| {
        or_none(group.group_end_date.as_ref(), Language::En)
    }),
    // Last: the columns scripts read before keep their places.
    printed("id", |group, _| group.id.to_string()),
];
