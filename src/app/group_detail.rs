//! A group's detail: every field of the group and of its course (SPEC.md),
//! formatted for people, and what changed in it since the baseline
//! ([`what_changed`]). Nulls show "—"; fields whose meaning is not
//! published show their value as sent.

use super::document::{self, DocLine, field};
use super::layout::Layout;
use super::list_cursor::Movement;
use super::shared::World;
use crate::domain::changes::Field;
use crate::domain::clock::lesson_minutes;
use crate::i18n::{Language, Phrase, fill, plural};
use crate::model::{Course, DateField, DaysCode, Group, GroupStatus, Timestamp};
use crate::present::change_text;
use crate::present::clock::lesson_range;
use crate::present::columns::changes::{ChangeFormat, field_name};
use crate::present::format::{
    NONE, RowFormat, date, json_value, status_word, thousands, timestamp,
};
use crate::present::weekday::{NameStyle, describe_days};
use crate::present::words::value;
use crate::sanitize::{sanitize_line, sanitize_text};
use std::collections::HashMap;

/// A group's detail opened over a list of lessons (Enter) and closed
/// again (Esc), scrolled within its content: the Today tab's and the
/// crowd list's.
#[derive(Debug, Default)]
pub struct DetailOver {
    pub open: bool,
    pub scroll: usize,
}

impl DetailOver {
    /// Opens the detail at its top.
    pub fn open(&mut self) {
        self.open = true;
        self.scroll = 0;
    }

    /// The detail of `group`, as the world of `shared` names its fields.
    pub fn document(group: &Group, shared: &World) -> Vec<DocLine> {
        group_document(group, shared.row_format(), &shared.branches.names)
    }

    /// Scrolls the detail (its `lines`, when a group is selected) by
    /// `movement` within its content (a still movement after a resize).
    pub fn scroll_by(&mut self, movement: Movement, lines: Option<Vec<DocLine>>, layout: &Layout) {
        if let Some(lines) = lines {
            self.scroll = document::scrolled(self.scroll, movement, &lines, layout);
        }
    }
}

/// The detail view of `group`; `branch_names` names its branch when known.
pub fn group_document(
    group: &Group,
    format: RowFormat,
    branch_names: &HashMap<i64, String>,
) -> Vec<DocLine> {
    let days = describe_days(
        &group.days,
        &group.exact_days,
        format.language,
        NameStyle::Long,
    );
    let start = group.lesson_start_time.as_ref();
    let end = group.lesson_end_time.as_ref();
    let mut time = lesson_range(start, end, &format.zone);
    if let Some(minutes) = lesson_minutes(start, end, &format.zone) {
        let minutes = fill::today_minutes(format.language, minutes);
        time.push_str(&format!(" ({minutes}, {})", format.zone));
    }
    let branch = group.branch_id.map(|id| match branch_names.get(&id) {
        Some(name) => format!("{name} (#{id})"),
        None => format!("#{id}"),
    });
    let mut document = vec![
        DocLine::Heading(line(&group.name)),
        field("Number", group.company_group_number.map(|n| n.to_string())),
        field("Id", Some(group.id.to_string())),
        field(
            "Days",
            Some(format!(
                "{} ({})",
                line(&days),
                fill::detail_code(format.language, days_code(&group.days))
            )),
        ),
        field("Lesson time", Some(line(&time))),
        field(
            "Status",
            Some(status_with_code(&group.status, format.language)),
        ),
        field("Branch", branch),
        field(
            "Group dates",
            span(
                &group.group_start_date,
                &group.group_end_date,
                format.language,
            ),
        ),
        field(
            "Selection",
            span(
                &group.selection_start_date,
                &group.selection_end_date,
                format.language,
            ),
        ),
        field("Type", group.group_type.map(|n| n.to_string())),
        field(
            "Corporate",
            Some(flag_in(group.is_corporate, format.language)),
        ),
        field(
            "Corp. salary",
            group
                .salary_for_corporate
                .as_ref()
                .map(|v| line(&json_value(v))),
        ),
        field(
            "Write-off",
            group.write_off.as_ref().map(|v| line(&json_value(v))),
        ),
        field(
            "Last write-off",
            group
                .last_write_off_date
                .as_ref()
                .map(|d| day(d, format.language)),
        ),
        field(
            "Next write-off",
            group
                .next_write_off_date
                .as_ref()
                .map(|d| day(d, format.language)),
        ),
    ];
    document.extend(audit_trail(
        [
            (&group.created_at, group.created_by),
            (&group.updated_at, group.updated_by),
            (&group.deleted_at, group.deleted_by),
        ],
        format,
    ));
    document.extend([
        field(
            "Comment",
            group
                .comment
                .as_deref()
                .map(|c| sanitize_text(c).into_owned()),
        ),
        DocLine::Blank,
    ]);
    match &group.course {
        Some(course) => document.extend(course_lines(course, format)),
        None => {
            document.push(DocLine::Heading(
                Phrase::HeadingCourse.get(format.language).to_string(),
            ));
            document.push(field("Course id", group.course_id.map(|n| n.to_string())));
        }
    }
    document
}

fn course_lines(course: &Course, format: RowFormat) -> Vec<DocLine> {
    let mut lines = vec![
        DocLine::Heading(fill::detail_course_named(
            format.language,
            line(&course.name),
        )),
        field("Id", Some(course.id.to_string())),
        field("Short name", course.short_name.as_deref().map(line)),
        field("Price", course.price.map(thousands)),
        field(
            "Lesson",
            (course.lesson_duration).map(|m| fill::today_minutes(format.language, m)),
        ),
        field("Duration", course.course_duration.map(|n| n.to_string())),
        field(
            "Per module",
            (course.lessons_per_module).map(|n| match u64::try_from(n) {
                Ok(count) => plural::lesson_count(format.language, count),
                Err(_) => n.to_string(), // a negative count shows as sent
            }),
        ),
        field("Enabled", Some(flag_in(course.is_enabled, format.language))),
        field("Type", course.course_type.map(|n| n.to_string())),
        field("Parent", course.parent_id.map(|n| n.to_string())),
        field("Company", course.company_id.map(|n| n.to_string())),
        field("Image", course.image.as_deref().map(line)),
        field(
            "Description",
            course
                .description
                .as_deref()
                .map(|d| sanitize_text(d).into_owned()),
        ),
    ];
    lines.extend(audit_trail(
        [
            (&course.created_at, course.created_by),
            (&course.updated_at, course.updated_by),
            (&course.deleted_at, course.deleted_by),
        ],
        format,
    ));
    lines
}

/// "Created", "Updated" and "Deleted": when, and by whom.
fn audit_trail(
    stamps: [(&Option<Timestamp>, Option<i64>); 3],
    format: RowFormat,
) -> impl Iterator<Item = DocLine> {
    let labels = ["Created", "Updated", "Deleted"];
    (labels.into_iter().zip(stamps))
        .map(move |(label, (at, by))| field(label, stamp_by(at, by, format)))
}

fn line(text: &str) -> String {
    sanitize_line(text).into_owned()
}

/// `d` as staff write it in `language` (`31.01.2025`), raw text as sent.
fn day(d: &DateField, language: Language) -> String {
    line(&date(d, language))
}

/// "2025-01-31 – 2025-09-30" ("31.01.2025 – 30.09.2025" in Russian and
/// Uzbek), a missing side shown as [`NONE`]; None when both are missing.
fn span(start: &Option<DateField>, end: &Option<DateField>, language: Language) -> Option<String> {
    if start.is_none() && end.is_none() {
        return None;
    }
    let side = |d: &Option<DateField>| {
        d.as_ref()
            .map_or_else(|| NONE.to_string(), |d| day(d, language))
    };
    Some(format!("{} – {}", side(start), side(end)))
}

/// "2024-06-10 14:05 by #7" ("10.06.2024 14:05 …" in Russian and
/// Uzbek); None when neither is known.
fn stamp_by(at: &Option<Timestamp>, by: Option<i64>, format: RowFormat) -> Option<String> {
    let at = (at.as_ref()).map(|t| line(&timestamp(t, &format.zone, format.language)));
    match (at, by) {
        (None, None) => None,
        (Some(at), None) => Some(at),
        (at, Some(user)) => Some(fill::detail_by_user(
            format.language,
            at.unwrap_or_else(|| NONE.into()),
            user,
        )),
    }
}

/// The code as sent: 1..5, or the raw text of another value.
fn days_code(days: &DaysCode) -> String {
    match days {
        DaysCode::MonWedFri => "1".to_string(),
        DaysCode::TueThuSat => "2".to_string(),
        DaysCode::Weekend => "3".to_string(),
        DaysCode::EveryDay => "4".to_string(),
        DaysCode::Custom => "5".to_string(),
        DaysCode::Other(raw) if raw.trim().is_empty() => "?".to_string(),
        DaysCode::Other(raw) => line(raw),
    }
}

/// A flag in `language`: yes, no, or [`NONE`] (`present::format::flag`
/// in English).
fn flag_in(flag: Option<bool>, language: Language) -> String {
    match flag {
        Some(true) => Phrase::ValueYes.get(language).to_owned(),
        Some(false) => Phrase::ValueNo.get(language).to_owned(),
        None => NONE.to_owned(),
    }
}

/// "Active (2)" (the word in `language`); another code is already
/// spelled out by the word.
fn status_with_code(status: &GroupStatus, language: Language) -> String {
    let word = line(&status_word(status, language));
    let word = value("status", &word, language).map_or(word, str::to_owned);
    match status {
        GroupStatus::Active => format!("{word} (2)"),
        GroupStatus::Archive => format!("{word} (3)"),
        GroupStatus::Other(_) => word,
    }
}

/// What the comparison says of group `id` of `branch`, for its detail: a
/// heading (`Changed since Sun 1 Jun`) and each field as `old → new`;
/// nothing when it did not change or nothing was compared.
pub fn what_changed(id: i64, branch: Option<i64>, shared: &World) -> Vec<DocLine> {
    let Some(found) = shared.changes.found(branch) else {
        return Vec::new();
    };
    if shared.changes.kind(branch, id).is_none() {
        return Vec::new();
    }
    let Some(seen) = found.changes.iter().find(|seen| seen.id() == id) else {
        return Vec::new();
    };
    let language = shared.settings.language;
    let day = change_text::day(found.day, language);
    let mut lines = vec![
        DocLine::Blank,
        DocLine::Heading(fill::date_kind_since(
            language,
            change_text::heading(seen.kind, language),
            day,
        )),
    ];
    if let (Some(before), Some(after)) = (&seen.before, &seen.after) {
        let format = ChangeFormat {
            language,
            branches: &shared.branches.names,
        };
        for field in seen.fields.iter() {
            let (old, new) = (
                change_text::value(field, before, &format),
                change_text::value(field, after, &format),
            );
            let value = if field == Field::Rest {
                Phrase::DateFieldChanged.get(language).to_owned()
            } else {
                format!("{old} → {new}")
            };
            lines.push(DocLine::Field {
                label: field_name(field, language),
                value,
            });
        }
    }
    lines
}
