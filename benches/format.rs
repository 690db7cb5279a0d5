//! Formatting one group's row for the table, each cell on its own: day
//! names from a days code, the lesson time range, the start–end dates,
//! measuring a cell for drawing, and the whole row as it is built once
//! when its page arrives. Nothing here touches a terminal or a network.

use chrono::{NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
// The tests' fixtures (`pub`: what this bench does not use is no dead code).
#[path = "../tests/support/fixtures.rs"]
pub mod fixtures;

use crmdeck::domain::zone::Zone;
use crmdeck::model::{DateField, DaysCode, ExactDays, LessonTime};
use crmdeck::present::Language;
use crmdeck::present::cell_text::CellText;
use crmdeck::present::clock::lesson_range;
use crmdeck::present::columns::ScreenRow;
use crmdeck::present::columns::groups::COLUMNS;
use crmdeck::present::format::{RowFormat, date};
use crmdeck::present::weekday::{NameStyle, describe_days};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// The zone of the fixtures (UTC+5, no daylight saving).
fn tashkent() -> Zone {
    Zone::Named(chrono_tz::Asia::Tashkent)
}

/// A days code as the server sends it; "custom" is code 5 with three
/// recognised days and one element that is not a day.
fn days_of(code: &str) -> (DaysCode, ExactDays) {
    match code {
        "mon_wed_fri" => (DaysCode::MonWedFri, ExactDays::default()),
        "every_day" => (DaysCode::EveryDay, ExactDays::default()),
        _ => (
            DaysCode::Custom,
            ExactDays {
                days: vec![Weekday::Mon, Weekday::Fri, Weekday::Sat],
                unknown: vec!["8".to_string()],
            },
        ),
    }
}

/// Day names for the Days column: the short names ("Mon Wed Fri") and the
/// compact ones ("MoWeFr"), as a row needs both.
#[divan::bench(args = ["mon_wed_fri", "every_day", "custom"])]
fn weekday_names(bencher: Bencher, code: &str) {
    let (days, exact) = days_of(code);
    bencher.bench_local(|| {
        let short = describe_days(black_box(&days), &exact, Language::En, NameStyle::Short);
        let compact = describe_days(black_box(&days), &exact, Language::En, NameStyle::Compact);
        (short, compact)
    });
}

/// The same in Russian (Cyrillic names).
#[divan::bench]
fn weekday_names_ru(bencher: Bencher) {
    let (days, exact) = days_of("custom");
    bencher.bench_local(|| describe_days(black_box(&days), &exact, Language::Ru, NameStyle::Short));
}

/// "11:30–13:00": both ends a wall-clock time, or the end a UTC timestamp
/// converted to the zone (every sixth group of the fixtures sends one).
#[divan::bench(args = ["clock", "utc"])]
fn time_range(bencher: Bencher, end: &str) {
    let zone = tashkent();
    let start = LessonTime::Clock(NaiveTime::from_hms_opt(11, 30, 0).expect("a time"));
    let end = match end {
        "clock" => LessonTime::Clock(NaiveTime::from_hms_opt(13, 0, 0).expect("a time")),
        _ => LessonTime::Utc(Utc.with_ymd_and_hms(2022, 7, 15, 8, 0, 0).unwrap()),
    };
    bencher.bench_local(|| lesson_range(black_box(Some(&start)), Some(&end), &zone));
}

/// "2025-01-05–2025-09-05": the start and end dates as the row joins them.
#[divan::bench]
fn dates(bencher: Bencher) {
    let day =
        |month, day| DateField::Date(NaiveDate::from_ymd_opt(2025, month, day).expect("a date"));
    let (start, end) = (day(1, 5), day(9, 5));
    let en = Language::En;
    bencher.bench_local(|| {
        format!(
            "{}–{}",
            date(black_box(&start), en),
            date(black_box(&end), en)
        )
    });
}

/// Measuring a formatted cell for drawing: its width and its grapheme
/// clusters (printable ASCII is split by bytes, other text by
/// unicode-segmentation).
#[divan::bench(args = ["Mon Wed Fri", "English Intermediate — 10:00", "日本語 N5 — 09:00"])]
fn measure_cell(bencher: Bencher, text: &str) {
    bencher
        .with_inputs(|| text.to_string())
        .bench_local_values(CellText::new);
}

/// A whole row: every cell formatted, sanitised and measured, as a page
/// arriving does once per group. Groups 1 to 5 of the fixtures cover the
/// five days codes, a UTC end time (group 6 aside) and names with wide
/// characters.
#[divan::bench(args = [1, 2, 3, 4, 5])]
fn whole_row(bencher: Bencher, id: i64) {
    let group = fixtures::group(id);
    let format = RowFormat {
        language: Language::En,
        zone: tashkent(),
    };
    bencher.bench_local(|| ScreenRow::new(COLUMNS, black_box(&group), &format));
}
