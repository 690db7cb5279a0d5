//! A group as a row: the Groups tab's table, `crmdeck groups` and its CSV.

use super::{
    Column, Filtered, Natural, OnScreen, Print, ScreenRow, Sort, SortBy, SortKey, Text, Tone,
};
use crate::domain::clock::time_of_day;
use crate::domain::query::CourseWordsByName;
use crate::domain::query::Facts;
use crate::domain::weekday::weekdays;
use crate::model::{DateField, Group};
use crate::present::Language;
use crate::present::clock::lesson_range;
use crate::present::format::{NONE, RowFormat, date, status_word};
use crate::present::weekday::{NameStyle, describe_days};
use chrono::{Datelike, Timelike};

/// The columns of a group, left to right.
pub static COLUMNS: &[Column<Group, RowFormat>] = &[
    Column {
        title: "No",
        name: "number",
        text: Text::Plain(number),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: None,
            priority: 9,
            essential: true,
            tone: Tone::Plain,
            filtered: Filtered::Drawn,
            sort: Some(Sort {
                name: "number",
                by: SortBy::Key(|group, _| SortKey::number(group.company_group_number)),
            }),
        }),
        print: Print::Number,
    },
    Column {
        title: "Name",
        name: "name",
        text: Text::Plain(|group, _| group.name.clone()),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: Some(20),
            priority: 8,
            essential: true,
            tone: Tone::Plain,
            filtered: Filtered::Drawn,
            sort: Some(Sort {
                name: "name",
                by: SortBy::LowerCase,
            }),
        }),
        print: Print::UpTo(32),
    },
    Column {
        title: "Course",
        name: "course",
        text: Text::Plain(course),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: Some(14),
            // Below Branch: on All branches (the only list with a Branch
            // column) the course goes before the branch, which no other
            // column tells, while the name often says the course.
            priority: 3,
            essential: false,
            tone: Tone::Plain,
            filtered: Filtered::Drawn,
            sort: Some(Sort {
                name: "course",
                by: SortBy::LowerCase,
            }),
        }),
        print: Print::UpTo(24),
    },
    Column {
        title: "Days",
        name: "days",
        text: Text::Narrowable {
            wide: |group, format| days(group, format, NameStyle::Short),
            narrow: |group, format| days(group, format, NameStyle::Compact),
        },
        screen: Some(OnScreen {
            // Longer day lists take their narrow form.
            natural: Natural::Widest { floor: 0, cap: 14 },
            flex_min: None,
            priority: 7,
            essential: true,
            tone: Tone::Plain,
            // Days are the query's field words, tested on the row's facts:
            // no text of them kept per row (100,000 rows).
            filtered: Filtered::No,
            sort: Some(Sort {
                name: "days",
                by: SortBy::Key(|group, _| {
                    let days = weekdays(&group.days, &group.exact_days);
                    SortKey::days(days.iter().map(|day| day.num_days_from_monday()))
                }),
            }),
        }),
        print: Print::UpTo(20),
    },
    Column {
        title: "Time",
        name: "time",
        text: Text::Plain(|group, format| {
            let start = group.lesson_start_time.as_ref();
            lesson_range(start, group.lesson_end_time.as_ref(), &format.zone)
        }),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: None,
            priority: 6,
            essential: true,
            tone: Tone::Plain,
            // Times are the query's field words (on the start, never the
            // end), tested on the row's facts.
            filtered: Filtered::No,
            sort: Some(Sort {
                name: "time",
                by: SortBy::Key(|group, format| {
                    let start = group.lesson_start_time.as_ref();
                    SortKey::number(
                        start
                            .and_then(|t| time_of_day(t, &format.zone))
                            .map(|t| i64::from(t.hour() * 60 + t.minute())),
                    )
                }),
            }),
        }),
        print: Print::Whole,
    },
    Column {
        title: "Status",
        name: "status",
        text: Text::Plain(status),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: None,
            priority: 5,
            essential: true,
            tone: Tone::State,
            filtered: Filtered::Drawn,
            sort: Some(Sort {
                name: "status",
                by: SortBy::Text,
            }),
        }),
        print: Print::Whole,
    },
    Column {
        title: "Branch",
        name: "branch_name",
        text: Text::Branch(|group| group.branch_id),
        screen: Some(OnScreen {
            natural: Natural::Widest { floor: 0, cap: 18 },
            flex_min: Some(10),
            priority: 4,
            essential: false,
            tone: Tone::Plain,
            filtered: Filtered::Drawn,
            sort: Some(Sort {
                name: "branch",
                by: SortBy::Key(|group, _| SortKey::branch(group.branch_id)),
            }),
        }),
        print: Print::UpTo(16),
    },
    Column {
        title: "Start–end",
        name: "dates",
        text: Text::Plain(dates),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: None,
            priority: 2,
            essential: false,
            tone: Tone::Plain,
            filtered: Filtered::No,
            // By the start date: the text (`28.11.2026`) does not sort.
            sort: Some(Sort {
                name: "start date",
                by: SortBy::Key(|group, _| start_date_key(group)),
            }),
        }),
        // Scripts get the two dates apart.
        print: Print::No,
    },
    // The course's dates: `start` and `end` are a lesson's times in every
    // export (`groups --format csv`, `changes`).
    Column {
        title: "Course start",
        name: "course_start",
        text: Text::Plain(|group, format| {
            or_none(group.group_start_date.as_ref(), format.language)
        }),
        screen: None,
        print: Print::Whole,
    },
    Column {
        title: "Course end",
        name: "course_end",
        text: Text::Plain(|group, format| or_none(group.group_end_date.as_ref(), format.language)),
        screen: None,
        print: Print::Whole,
    },
    Column::print_number("Id", "id", |group, _| group.id.to_string()),
];

/// A group's row on the dashboard, with the fields the query's field
/// words look at (its course's name the one copy in `courses`); the
/// command line's `--filter` tests the same row.
pub fn screen_row(group: &Group, format: &RowFormat, courses: &mut CourseWordsByName) -> ScreenRow {
    let facts = Facts::of(group, &format.zone, courses);
    ScreenRow::new(COLUMNS, group, format).with_facts(facts)
}

pub(crate) fn number(group: &Group, _: &RowFormat) -> String {
    group
        .company_group_number
        .map_or_else(|| NONE.to_string(), |n| n.to_string())
}

pub(crate) fn course(group: &Group, _: &RowFormat) -> String {
    group
        .course
        .as_ref()
        .map_or_else(|| NONE.to_string(), |course| course.name.clone())
}

fn days(group: &Group, format: &RowFormat, style: NameStyle) -> String {
    describe_days(&group.days, &group.exact_days, format.language, style)
}

pub(crate) fn status(group: &Group, format: &RowFormat) -> String {
    status_word(&group.status, format.language).into_owned()
}

/// "2025-01-31–2025-09-30", "31.01.2025–30.09.2025" in Russian and Uzbek.
fn dates(group: &Group, format: &RowFormat) -> String {
    format!(
        "{}–{}",
        or_none(group.group_start_date.as_ref(), format.language),
        or_none(group.group_end_date.as_ref(), format.language)
    )
}

/// The Start–end column's key: the start date as a day number; a date
/// sent as raw text sorts after, as a missing one does.
fn start_date_key(group: &Group) -> SortKey {
    SortKey::number(match &group.group_start_date {
        Some(DateField::Date(day)) => Some(i64::from(day.num_days_from_ce())),
        Some(DateField::Raw(_)) | None => None,
    })
}

/// `day` as [`date`] writes it in `language`, [`NONE`] when absent.
pub(crate) fn or_none(day: Option<&DateField>, language: Language) -> String {
    day.map_or_else(|| NONE.to_string(), |day| date(day, language).into_owned())
}

#[cfg(test)]
mod tests {
    use super::super::{BranchNames, ScreenRow, on_screen, printed, row_filter};
    use super::*;
    use crate::model::{Course, DaysCode, GroupStatus, LessonTime};
    use crate::present::Language;
    use chrono::{NaiveDate, NaiveTime};
    use std::sync::Arc;

    fn format() -> RowFormat {
        format_in(Language::En)
    }

    fn format_in(language: Language) -> RowFormat {
        RowFormat {
            language,
            zone: "Asia/Tashkent".parse().unwrap(),
        }
    }

    fn group() -> Group {
        let clock = |h| {
            Some(LessonTime::Clock(
                NaiveTime::from_hms_opt(h, 30, 0).unwrap(),
            ))
        };
        Group {
            id: 40,
            company_group_number: Some(7),
            name: "Café\u{1b} Français".to_string(),
            days: DaysCode::MonWedFri,
            lesson_start_time: clock(9),
            lesson_end_time: clock(11),
            status: GroupStatus::Archive,
            branch_id: Some(2),
            group_start_date: NaiveDate::from_ymd_opt(2025, 1, 31).map(DateField::Date),
            course: Some(Arc::new(Course {
                name: "French A2".to_string(),
                ..Course::default()
            })),
            ..Group::default()
        }
    }

    /// One meaning per word: a name the dashboard's `:export` (and the
    /// command line's table) shares with `groups --format csv` reads the
    /// same for the same group (`start` is the lesson's, never the
    /// course's), and both carry the id.
    #[test]
    fn a_name_means_the_same_in_every_export_of_groups() {
        use super::super::groups_for_scripts::CSV_COLUMNS;
        let names = BranchNames::from([(2, "Yunusobod".to_string())]);
        let text = |columns| -> std::collections::HashMap<&str, String> {
            printed(columns)
                .map(|column| (column.name, column.print_text(&group(), &format(), &names)))
                .collect()
        };
        let (export, csv) = (text(COLUMNS), text(CSV_COLUMNS));
        for (name, value) in &export {
            if let Some(same) = csv.get(name) {
                assert_eq!(value, same, "{name}");
            }
        }
        assert_eq!(
            (export.get("id"), csv.get("id")),
            (Some(&"40".into()), Some(&"40".into()))
        );
        assert_eq!(export["course_start"], "2025-01-31");
    }

    /// The Start–end column in Russian: dates as staff write them; the
    /// command line's CSV keeps ISO.
    #[test]
    fn start_and_end_read_as_staff_write_them_and_sort_by_the_start() {
        use super::super::SortColumn;
        use super::super::groups_for_scripts::CSV_COLUMNS;
        let russian = format_in(Language::Ru);
        let ended = Group {
            group_end_date: NaiveDate::from_ymd_opt(2025, 9, 30).map(DateField::Date),
            ..group()
        };
        assert_eq!(dates(&ended, &russian), "31.01.2025–30.09.2025");
        assert_eq!(dates(&ended, &format()), "2025-01-31–2025-09-30");
        let none = BranchNames::new();
        let course_dates = |columns| -> Vec<String> {
            printed(columns)
                .filter(|column| column.name.starts_with("course_"))
                .map(|column| column.print_text(&ended, &russian, &none))
                .collect()
        };
        assert_eq!(course_dates(CSV_COLUMNS), ["2025-01-31", "2025-09-30"]);
        // The command line's table (`groups` on a terminal) is for people.
        assert_eq!(course_dates(COLUMNS), ["31.01.2025", "30.09.2025"]);

        // By the date, not the text: 31.01.2025 before 05.02.2025 (its
        // text sorts first), then raw text and none, as missing values.
        let starting = |start: Option<DateField>| Group {
            group_start_date: start,
            ..group()
        };
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).map(DateField::Date);
        let groups = [
            starting(None),
            starting(Some(DateField::Raw("soon".into()))),
            starting(day(2025, 2, 5)),
            starting(day(2024, 12, 31)),
            starting(day(2025, 1, 31)),
        ];
        let mut keys: Vec<_> = groups
            .iter()
            .map(|group| (start_date_key(group).order(&none), dates(group, &russian)))
            .collect();
        keys.sort();
        let order: Vec<&str> = keys.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(
            order,
            [
                "31.12.2024–—",
                "31.01.2025–—",
                "05.02.2025–—",
                "soon–—",
                "—–—"
            ]
        );
        let sort = SortColumn::named(COLUMNS, "start date");
        assert!(sort.is_some(), "still sorted by its name");
    }

    /// A day is a field word: found by any of its names on the row's days,
    /// whatever the row draws ("every day" holds Sunday).
    #[test]
    fn a_day_is_found_by_its_whole_name_in_the_language_drawn_and_in_english() {
        let every_day = Group {
            days: DaysCode::EveryDay,
            ..group()
        };
        let russian = format_in(Language::Ru);
        let none = BranchNames::new();
        let row = screen_row(&every_day, &russian, &mut CourseWordsByName::default());
        for word in ["воскресенье", "Sunday", "вт", "вторник французский"]
        {
            let expected = word != "вторник французский";
            assert_eq!(row.matches(&row_filter(word, &none)), expected, "{word}");
        }
    }

    #[test]
    fn a_group_reads_the_same_on_screen_and_printed() {
        let row = ScreenRow::new(COLUMNS, &group(), &format());
        let shown: Vec<(&str, &str)> = on_screen(COLUMNS)
            .zip(&row.cells)
            .filter_map(|((column, _), cell)| Some((column.name, cell.text()?.as_str())))
            .collect();
        assert_eq!(
            shown,
            [
                ("number", "7"),
                ("name", "Café␛ Français"),
                ("course", "French A2"),
                ("days", "Mon Wed Fri"),
                ("time", "09:30–11:30"),
                ("status", "Archive"),
                ("dates", "2025-01-31–—"),
            ]
        );
        let names = BranchNames::from([(2, "Yunusobod".to_string())]);
        let print: Vec<String> = printed(COLUMNS)
            .map(|column| column.print_text(&group(), &format(), &names))
            .collect();
        assert_eq!(
            print,
            [
                "7",
                "Café␛ Français",
                "French A2",
                "Mon Wed Fri",
                "09:30–11:30",
                "Archive",
                "Yunusobod",
                "2025-01-31",
                "—",
                "40"
            ]
        );
        let folded = BranchNames::from([(2, "yunusobod".to_string())]);
        // The row the dashboard holds: its fields for the query's field words.
        let row = screen_row(&group(), &format(), &mut CourseWordsByName::default());
        assert!(row.matches(&row_filter(
            // A bare 7 is an hour: the group's number quoted.
            "\"7\" café␛ français french a2 mon wed fri 09:30–11:30 archive",
            &folded
        )));
        assert!(
            row.matches(&row_filter("yunus", &folded)),
            "the branch by its name"
        );
        assert!(!row.matches(&row_filter("2025", &folded)), "not the dates");
        assert!(!row.matches(&row_filter("7", &folded)), "7 is 07:00–07:59");
        assert!(!row.matches(&row_filter("11:30", &folded)), "not the end");
        assert!(row.matches(&row_filter("9 morning status:archived", &folded)));
        assert!(
            row.matches(&row_filter("wednesday french", &folded)),
            "a day by its whole name"
        );
        assert!(
            !row.matches(&row_filter("tuesday", &folded)),
            "not a day it is not on"
        );
    }
}
