//! A page of groups made ready to draw: every cell formatted, sanitised and
//! measured once, when the page arrives, so a frame only copies the visible
//! rows' clusters into the screen buffer.

use crate::domain::Language;
use crate::domain::cell_text::CellText;
use crate::domain::clock::{lesson_range, time_of_day};
use crate::domain::format::{NONE, date, status_word};
use crate::domain::sanitize::sanitize_line;
use crate::domain::script::fold;
use crate::domain::weekday::{NameStyle, describe_days, weekdays};
use crate::domain::zone::Zone;
use crate::model::{Group, GroupStatus, GroupsPage};
use chrono::{DateTime, Timelike, Utc};
use std::cmp::Ordering;
use std::collections::HashMap;

/// One group as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRow {
    pub id: i64,
    pub number: CellText,
    pub name: CellText,
    pub course: CellText,
    /// "Mon Wed Fri".
    pub days: CellText,
    /// "MoWeFr", for a narrow column.
    pub days_compact: CellText,
    pub time: CellText,
    pub status: CellText,
    pub archived: bool,
    pub branch_id: Option<i64>,
    /// "2025-01-31–2025-09-30".
    pub dates: CellText,
    /// Number, name and course folded to one script, for the filter.
    search: String,
    number_key: Option<i64>,
    name_key: String,
    course_key: String,
    days_key: Vec<u32>,
    time_key: Option<u32>,
}

/// How a group's fields are shown.
#[derive(Debug, Clone, Copy)]
pub struct RowFormat {
    pub language: Language,
    pub zone: Zone,
}

impl GroupRow {
    /// Formats, sanitises and measures every cell of `group`.
    pub fn new(group: &Group, format: RowFormat) -> Self {
        let name = sanitize_line(&group.name).into_owned();
        let course = group
            .course
            .as_ref()
            .map_or_else(|| NONE.to_string(), |c| sanitize_line(&c.name).into_owned());
        let number = group
            .company_group_number
            .map_or_else(|| NONE.to_string(), |n| n.to_string());
        let days_of = |style| {
            let text = describe_days(&group.days, &group.exact_days, format.language, style);
            sanitize_line(&text).into_owned()
        };
        let start = group.lesson_start_time.as_ref();
        let time = lesson_range(start, group.lesson_end_time.as_ref(), &format.zone);
        let date_of = |d: Option<&crate::model::DateField>| {
            d.map_or_else(
                || NONE.to_string(),
                |d| sanitize_line(&date(d)).into_owned(),
            )
        };
        let dates = format!(
            "{}–{}",
            date_of(group.group_start_date.as_ref()),
            date_of(group.group_end_date.as_ref())
        );
        Self {
            id: group.id,
            search: fold(&format!("{number} {name} {course}")),
            number_key: group.company_group_number,
            name_key: name.to_lowercase(),
            course_key: course.to_lowercase(),
            days_key: weekdays(&group.days, &group.exact_days)
                .iter()
                .map(|day| day.num_days_from_monday())
                .collect(),
            time_key: start
                .and_then(|t| time_of_day(t, &format.zone))
                .map(|t| t.hour() * 60 + t.minute()),
            number: CellText::new(number),
            name: CellText::new(name),
            course: CellText::new(course),
            days: CellText::new(days_of(NameStyle::Short)),
            days_compact: CellText::new(days_of(NameStyle::Compact)),
            time: CellText::new(sanitize_line(&time).into_owned()),
            status: CellText::new(sanitize_line(&status_word(&group.status)).into_owned()),
            archived: group.status == GroupStatus::Archive,
            branch_id: group.branch_id,
            dates: CellText::new(dates),
        }
    }
}

/// The widest cell of each column of a page (header excluded).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NaturalWidths {
    pub number: usize,
    pub name: usize,
    pub course: usize,
    pub days: usize,
    pub days_compact: usize,
    pub time: usize,
    pub status: usize,
    pub dates: usize,
}

impl NaturalWidths {
    fn of(rows: &[GroupRow]) -> Self {
        rows.iter().fold(Self::default(), |w, row| Self {
            number: w.number.max(row.number.width()),
            name: w.name.max(row.name.width()),
            course: w.course.max(row.course.width()),
            days: w.days.max(row.days.width()),
            days_compact: w.days_compact.max(row.days_compact.width()),
            time: w.time.max(row.time.width()),
            status: w.status.max(row.status.width()),
            dates: w.dates.max(row.dates.width()),
        })
    }
}

/// A page of groups as it sits in the cache.
#[derive(Debug, Clone)]
pub struct CachedPage {
    pub groups: Vec<Group>,
    pub rows: Vec<GroupRow>,
    pub widths: NaturalWidths,
    /// The page number the server sent.
    pub page: u64,
    pub total_pages: u64,
    /// Groups in all pages, when the server said.
    pub total: Option<u64>,
    pub per_page: u32,
    pub fetched_at: DateTime<Utc>,
}

impl CachedPage {
    /// Formats every row of `page` once.
    pub fn new(page: GroupsPage, format: RowFormat, now: DateTime<Utc>) -> Self {
        let rows: Vec<GroupRow> = page
            .groups
            .iter()
            .map(|g| GroupRow::new(g, format))
            .collect();
        Self {
            widths: NaturalWidths::of(&rows),
            page: page.page(),
            total_pages: page.total_pages(),
            total: page.pagination.total,
            per_page: page.per_page(),
            groups: page.groups,
            rows,
            fetched_at: now,
        }
    }

    /// Formats every row again (the zone changed).
    pub fn reformat(&mut self, format: RowFormat) {
        self.rows = self
            .groups
            .iter()
            .map(|g| GroupRow::new(g, format))
            .collect();
        self.widths = NaturalWidths::of(&self.rows);
    }
}

/// The column the rows are sorted by (None: the server's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortColumn {
    Number,
    Name,
    Course,
    Days,
    Time,
    Status,
    Branch,
    Start,
}

impl SortColumn {
    /// The next sort after `current`: each column in turn, then the server's order.
    pub fn next(current: Option<Self>) -> Option<Self> {
        use SortColumn::*;
        match current {
            None => Some(Number),
            Some(Number) => Some(Name),
            Some(Name) => Some(Course),
            Some(Course) => Some(Days),
            Some(Days) => Some(Time),
            Some(Time) => Some(Status),
            Some(Status) => Some(Branch),
            Some(Branch) => Some(Start),
            Some(Start) => None,
        }
    }

    /// The column's name in the summary line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Number => "number",
            Self::Name => "name",
            Self::Course => "course",
            Self::Days => "days",
            Self::Time => "time",
            Self::Status => "status",
            Self::Branch => "branch",
            Self::Start => "start date",
        }
    }
}

/// Which rows show, and in what order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowSelection<'a> {
    /// The filter text, folded (`domain::script::fold`; "" shows all).
    pub filter: &'a str,
    pub hide_archived: bool,
    pub sort: Option<SortColumn>,
    pub descending: bool,
}

/// The indices of the rows that pass the filter, in the sorted order.
pub fn visible_rows(
    rows: &[GroupRow],
    selection: RowSelection<'_>,
    branch_names: &HashMap<i64, String>,
) -> Vec<usize> {
    let mut visible: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| !(selection.hide_archived && row.archived))
        .filter(|(_, row)| row.search.contains(selection.filter))
        .map(|(index, _)| index)
        .collect();
    if let Some(column) = selection.sort {
        // Stable: equal keys keep the server's order.
        visible.sort_by(|&a, &b| compare(&rows[a], &rows[b], column, branch_names));
    }
    if selection.descending {
        visible.reverse();
    }
    visible
}

fn compare(
    a: &GroupRow,
    b: &GroupRow,
    column: SortColumn,
    branch_names: &HashMap<i64, String>,
) -> Ordering {
    // Missing values sort last.
    fn some_first<T: Ord>(a: &Option<T>, b: &Option<T>) -> Ordering {
        match (a, b) {
            (Some(a), Some(b)) => a.cmp(b),
            (a, b) => b.is_some().cmp(&a.is_some()),
        }
    }
    let branch = |row: &GroupRow| {
        row.branch_id.map(|id| {
            branch_names
                .get(&id)
                .map_or_else(|| id.to_string(), |n| n.to_lowercase())
        })
    };
    match column {
        SortColumn::Number => some_first(&a.number_key, &b.number_key),
        SortColumn::Name => a.name_key.cmp(&b.name_key),
        SortColumn::Course => a.course_key.cmp(&b.course_key),
        SortColumn::Days => a.days_key.cmp(&b.days_key),
        SortColumn::Time => some_first(&a.time_key, &b.time_key),
        SortColumn::Status => a.status.as_str().cmp(b.status.as_str()),
        SortColumn::Branch => some_first(&branch(a), &branch(b)),
        SortColumn::Start => a.dates.as_str().cmp(b.dates.as_str()),
    }
}
