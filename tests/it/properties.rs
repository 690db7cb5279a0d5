//! Property tests: whatever the server sends, decoding ends in a value or a
//! clean error, never a panic; the sanitiser's output can never act on a
//! terminal; weekday and time decoding and display never panic.
//!
//! Each property runs 64 cases by default, enough for CI. For a deeper run
//! set PROPTEST_CASES, which proptest honours:
//! `PROPTEST_CASES=5000 cargo test --test it properties`.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use unicode_segmentation::UnicodeSegmentation;

use crmdeck::api::decode::{self, DecodeError};
use crmdeck::domain::clock::{lesson_minutes, time_of_day};
use crmdeck::domain::script::fold;
use crmdeck::domain::timetable::monday_to_sunday;
use crmdeck::domain::weekday::weekdays;
use crmdeck::domain::zone::Zone;
use crmdeck::model::weekday::{day_from_number, parse_day_name};
use crmdeck::model::{DaysCode, ExactDays, LessonTime, Timestamp};
use crmdeck::present::Language;
use crmdeck::present::clock::lesson_range;
use crmdeck::present::format::timestamp;
use crmdeck::present::weekday::{NameStyle, day_name, describe_days};
use crmdeck::sanitize::{is_bidi_control, is_clean, is_invisible, sanitize_line, sanitize_text};

/// 64 cases unless PROPTEST_CASES asks for more (or fewer).
fn cases() -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 64;
    }
    config
}

// ---- generators ----

/// Bidi controls: marks, embeddings, overrides, isolates.
const BIDI: [char; 12] = [
    '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
];

/// Invisible characters, joiners and variation selectors, and what they
/// join or select a form of.
const INVISIBLE_AND_JOINED: [char; 16] = [
    '\u{200B}',
    '\u{200C}',
    '\u{200D}',
    '\u{2060}',
    '\u{FEFF}',
    '\u{3164}',
    '\u{FFFA}',
    '\u{2028}',
    '\u{E0041}',
    '\u{E007F}',
    '\u{FE0F}',
    '\u{E0100}',
    '👨',
    '👧',
    '🏴',
    '\u{94D}',
];

/// Any character, with C0, DEL, C1 and bidi controls and invisible
/// characters far more likely than chance would make them.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        2 => prop::char::range('\0', '\u{9F}'),
        1 => prop::sample::select(BIDI.to_vec()),
        2 => prop::sample::select(INVISIBLE_AND_JOINED.to_vec()),
    ]
}

/// Names as staff type them: Latin, Russian and Uzbek Cyrillic letters in
/// both cases, every apostrophe, and any other character.
fn text_in_both_scripts() -> impl Strategy<Value = String> {
    let letter = prop_oneof![
        2 => prop::char::range('a', 'z'),
        1 => prop::char::range('A', 'Z'),
        3 => prop::char::range('\u{400}', '\u{4FF}'),
        1 => prop::sample::select(vec!['\'', 'ʻ', 'ʼ', '’', '‘', '`', '´', ' ']),
        1 => tricky_char(),
    ];
    prop::collection::vec(letter, 0..24).prop_map(String::from_iter)
}

fn tricky_text() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..32).prop_map(String::from_iter)
}

/// Text the decoders give meaning to, near misses, and extremes.
const MEANINGFUL_TEXT: [&str; 34] = [
    "",
    " ",
    "0",
    "1",
    "5",
    " 90 ",
    "-1",
    "1e3",
    "2.5",
    "-0",
    "NaN",
    "99999999999999999999",
    "-9223372036854775808",
    "true",
    "null",
    "[]",
    "{}",
    "[\"create-lead\",\"update-lead\"]",
    "[1,3,5]",
    "[\"Mon\",\"Вт\",\"Chorshanba\",0,8]",
    "\"[1,2]\"",
    "Mon, Wed; Fri",
    "10:00",
    "23:59:60",
    "2022-07-15T06:30:00.000000Z",
    "2024-06-10T09:05:51+05:00",
    "13.07.2022 20:00:46",
    "+262142-12-31T23:59:59Z",
    "-262143-01-01T00:00:00Z",
    "+262142-12-31T23:59:59+0000",
    "-262143-01-01T00:00:00-1400",
    "9999-12-31T23:59:59-23:59",
    "0000-01-01T00:00:00+23:59",
    "1|jCr5abcdefghijklmnopqrstuvwxyz0123456789ABCD",
];

/// One of `samples`, or tricky text.
fn sample_or_tricky(samples: &[&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(samples.to_vec()).prop_map(String::from),
        tricky_text(),
    ]
}

fn any_text() -> impl Strategy<Value = String> {
    sample_or_tricky(&MEANINGFUL_TEXT)
}

/// Keys the records know, so that generated objects reach their fields.
const KNOWN_KEYS: [&str; 16] = [
    "id",
    "name",
    "token",
    "user",
    "data",
    "days",
    "exact_days",
    "lesson_start_time",
    "course",
    "links",
    "next",
    "perPage",
    "totalPages",
    "abilities",
    "message",
    "success",
];

fn any_key() -> impl Strategy<Value = String> {
    sample_or_tricky(&KNOWN_KEYS)
}

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("JSON has no NaN or infinity", |f| {
            serde_json::Number::from_f64(f).map(Value::Number)
        }),
        any_text().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((any_key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

// ---- valid records and the places to spoil them ----

fn installation(id: i64) -> Value {
    json!({
        "id": id, "plugin_id": 3, "user_id": 1042,
        "token": format!("{id}|jCr5abcdefghijklmnopqrstuvwxyz0123456789ABCD"),
        "created_at": "2024-06-10T09:05:51.000000Z", "updated_at": "13.07.2022 20:00:46"
    })
}

fn plugin(id: i64) -> Value {
    json!({
        "id": id, "name": "Telegram bot", "type": "Premium", "description": "Leads from Telegram",
        "logo": "https://cdn.example.uz/l.png", "background_image": "https://cdn.example.uz/b.jpg",
        "url": "https://t.me", "abilities": "[\"create-lead\",\"update-lead\"]",
        "created_at": "2024-06-10T09:05:51.000000Z", "updated_at": "2024-06-10T09:05:51.000000Z",
        "user": installation(id + 100)
    })
}

fn course() -> Value {
    json!({
        "id": 4, "name": "English B1", "image": null, "description": "General English",
        "lesson_duration": "90", "course_duration": 6, "is_enabled": 1, "parent_id": null,
        "price": 450000, "company_id": 12, "type": 1, "lessons_per_module": 12,
        "created_at": "2023-02-01T10:00:00.000000Z", "updated_at": "2023-02-01T10:00:00.000000Z",
        "created_by": 7, "updated_by": 7, "deleted_at": null, "deleted_by": null,
        "short_name": "EN-B1"
    })
}

fn group(id: i64) -> Value {
    json!({
        "id": id, "company_group_number": 101, "name": "English B1 — morning", "days": 5,
        "exact_days": [1, "Wed", "Juma"], "lesson_start_time": "10:00",
        "lesson_end_time": "2022-07-15T06:30:00.000000Z", "status": 2, "type": 1,
        "is_corporate": 0, "salary_for_corporate": null, "write_off": 1,
        "last_write_off_date": "2024-06-01", "next_write_off_date": "01.07.2024",
        "course_id": 4, "branch_id": 2, "selection_start_date": "2024-01-10",
        "selection_end_date": "2024-01-31", "group_start_date": "2024-02-01",
        "group_end_date": null, "created_at": "2024-01-05T08:00:00.000000Z",
        "updated_at": "13.07.2022 20:00:46", "created_by": 7, "updated_by": 7,
        "deleted_at": null, "deleted_by": null, "comment": "Room 4", "course": course()
    })
}

fn pagination() -> Value {
    json!({
        "count": 3, "total": 3, "perPage": 20, "currentPage": 1, "totalPages": 1,
        "links": { "next": "https://api.example.uz/v2/groups?page=2", "previous": null }
    })
}

/// Every field path of `record`, nested objects' fields included.
fn field_paths(record: &Value) -> Vec<Vec<String>> {
    let Value::Object(fields) = record else {
        return Vec::new();
    };
    let mut paths = Vec::new();
    for (key, value) in fields {
        paths.push(vec![key.clone()]);
        for mut nested in field_paths(value) {
            nested.insert(0, key.clone());
            paths.push(nested);
        }
    }
    paths
}

/// `record` with the field at `path` set to `value`.
fn spoiled(mut record: Value, path: &[String], value: Value) -> Value {
    let mut target = &mut record;
    for key in path {
        target = &mut target[key.as_str()];
    }
    *target = value;
    record
}

/// A field path of `record` and a value to put there.
fn spoiling(record: Value) -> impl Strategy<Value = (Value, Vec<String>)> {
    let paths = field_paths(&record);
    (prop::sample::select(paths), any_json())
        .prop_map(move |(path, value)| (spoiled(record.clone(), &path, value), path))
}

/// JSON text that no `Value` can hold: a string with a lone surrogate
/// escape in it, lists or objects nested past serde_json's limit (128), or
/// a number past what an f64 holds (`1e400`).
fn unholdable_json() -> impl Strategy<Value = String> {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string serialises");
    prop_oneof![
        (any_text(), 0xD800u32..=0xDFFF, any_text()).prop_map(move |(before, code, after)| {
            let (before, after) = (quoted(&before), quoted(&after));
            let open = &before[..before.len() - 1];
            format!("{open}\\u{code:04x}{}", &after[1..])
        }),
        (129usize..3000, any::<bool>()).prop_map(|(depth, objects)| {
            let (open, close) = if objects {
                (r#"{"k":"#, "}")
            } else {
                ("[", "]")
            };
            format!("{}null{}", open.repeat(depth), close.repeat(depth))
        }),
        // A number no f64 holds (issue 33 §7): serde_json fails the document.
        (any::<bool>(), 1u32..10, 309u32..100_000, "[eE][+]?").prop_map(
            |(negative, mantissa, exponent, e)| {
                let sign = if negative { "-" } else { "" };
                format!("{sign}{mantissa}{e}{exponent}")
            }
        ),
        (310usize..600).prop_map(|digits| format!("9{}", "0".repeat(digits))),
    ]
}

/// The body of `records` with the value at `path` of the second one
/// replaced by the JSON text `raw`.
fn with_raw_value(records: [Value; 3], path: &[String], raw: &str) -> Vec<u8> {
    const MARK: &str = "raw value goes here";
    let [first, second, third] = records;
    let marked = spoiled(second, path, json!(MARK));
    let body = envelope(json!([first, marked, third]), Value::Null);
    let body = String::from_utf8(body).expect("serde_json writes UTF-8");
    body.replacen(&format!("\"{MARK}\""), raw, 1).into_bytes()
}

fn envelope(data: Value, pagination: Value) -> Vec<u8> {
    let mut body = Map::new();
    body.insert("status".into(), json!(200));
    body.insert("success".into(), json!(true));
    body.insert("data".into(), data);
    if !pagination.is_null() {
        body.insert("pagination".into(), pagination);
    }
    serde_json::to_vec(&Value::Object(body)).expect("a Value serialises")
}

/// A decode error is one line: it is shown in a status bar or on stderr.
fn assert_one_line(error: &DecodeError) -> Result<(), TestCaseError> {
    let line = error.to_string();
    prop_assert!(!line.is_empty() && !line.contains('\n'), "{:?}", line);
    Ok(())
}

// ---- weekdays and times ----

const LANGUAGES: [Language; 3] = [Language::En, Language::Ru, Language::Uz];
const STYLES: [NameStyle; 3] = [NameStyle::Short, NameStyle::Long, NameStyle::Compact];

fn any_days_code() -> impl Strategy<Value = DaysCode> {
    prop_oneof![
        Just(DaysCode::MonWedFri),
        Just(DaysCode::TueThuSat),
        Just(DaysCode::Weekend),
        Just(DaysCode::EveryDay),
        Just(DaysCode::Custom),
        any_text().prop_map(|raw| DaysCode::Other(raw.into())),
    ]
}

fn any_exact_days() -> impl Strategy<Value = ExactDays> {
    (
        prop::collection::vec(
            prop::sample::select(monday_to_sunday().collect::<Vec<_>>()),
            0..10,
        ),
        prop::collection::vec(any_text(), 0..4),
    )
        .prop_map(|(days, unknown)| ExactDays { days, unknown })
}

/// Any instant chrono can hold, the two ends included.
fn any_instant() -> impl Strategy<Value = DateTime<Utc>> {
    let (min, max) = (DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC);
    prop_oneof![
        Just(min),
        Just(max),
        (min.timestamp()..=max.timestamp(), 0..1_000_000_000u32)
            .prop_filter_map("in range", |(secs, nanos)| DateTime::from_timestamp(
                secs, nanos
            )),
        // Near today, where real data lives.
        (0i64..4_102_444_800).prop_filter_map("in range", |secs| DateTime::from_timestamp(secs, 0)),
    ]
}

/// Any time of day, a leap second included.
fn any_clock() -> impl Strategy<Value = NaiveTime> {
    (0u32..86_400, 0u32..2_000_000_000).prop_filter_map("valid time", |(secs, nanos)| {
        NaiveTime::from_num_seconds_from_midnight_opt(secs, nanos)
    })
}

fn any_lesson_time() -> impl Strategy<Value = LessonTime> {
    prop_oneof![
        any_clock().prop_map(LessonTime::Clock),
        any_instant().prop_map(LessonTime::Utc),
        any_text().prop_map(|raw| LessonTime::Raw(raw.into())),
    ]
}

/// A timestamp: UTC, local (its extremes included) or raw text.
fn any_timestamp() -> impl Strategy<Value = Timestamp> {
    let naive = prop_oneof![
        Just(NaiveDateTime::MIN),
        Just(NaiveDateTime::MAX),
        any_instant().prop_map(|at| at.naive_utc()),
    ];
    prop_oneof![
        any_instant().prop_map(Timestamp::Utc),
        naive.prop_map(Timestamp::Local),
        any_text().prop_map(|raw| Timestamp::Raw(raw.into())),
    ]
}

/// The extremes of UTC offsets (+14:00, -11:00), half hours, daylight
/// saving, UTC and the machine's own zone.
fn any_zone() -> impl Strategy<Value = Zone> {
    prop::sample::select(vec![
        Zone::Local,
        Zone::Named(chrono_tz::UTC),
        Zone::Named(chrono_tz::Asia::Tashkent),
        Zone::Named(chrono_tz::Pacific::Kiritimati),
        Zone::Named(chrono_tz::Pacific::Niue),
        Zone::Named(chrono_tz::America::St_Johns),
        Zone::Named(chrono_tz::Europe::Moscow),
    ])
}

proptest! {
    #![proptest_config(cases())]

    // ---- decoding ----

    #[test]
    fn a_plugin_with_any_field_keeps_every_plugin(
        (spoilt, path) in spoiling(plugin(2)),
    ) {
        let body = envelope(json!([plugin(1), spoilt, plugin(3)]), Value::Null);
        let plugins = decode::plugins(&body).expect("one odd field never fails the list").data;
        let ids: Vec<i64> = plugins.iter().map(|p| p.id).collect();
        prop_assert_eq!(ids[0], 1);
        prop_assert_eq!(ids[2], 3);
        if path != ["id"] {
            prop_assert_eq!(ids[1], 2);
        }
    }

    #[test]
    fn an_installation_with_any_field_decodes(
        (spoilt, path) in spoiling(installation(17)),
    ) {
        let installed = decode::install(&envelope(spoilt, Value::Null))
            .expect("an object with keys is an installation")
            .data;
        if path != ["id"] {
            prop_assert_eq!(installed.id, 17);
        }
    }

    #[test]
    fn a_group_with_any_field_keeps_every_group_and_displays(
        (spoilt, path) in spoiling(group(2)),
        zone in any_zone(),
    ) {
        let body = envelope(json!([group(1), spoilt, group(3)]), pagination());
        let page = decode::groups(&body).expect("one odd field never fails the page");
        let ids: Vec<i64> = page.data.iter().map(|g| g.id).collect();
        prop_assert_eq!(ids[0], 1);
        prop_assert_eq!(ids[2], 3);
        if path != ["id"] {
            prop_assert_eq!(ids[1], 2);
        }
        prop_assert_eq!(page.pagination.and_then(|p| p.total_pages), Some(1));
        // What a table row shows of it never panics either.
        let odd = &page.data[1];
        describe_days(&odd.days, &odd.exact_days, Language::Ru, NameStyle::Short);
        lesson_range(odd.lesson_start_time.as_ref(), odd.lesson_end_time.as_ref(), &zone);
        lesson_minutes(odd.lesson_start_time.as_ref(), odd.lesson_end_time.as_ref(), &zone);
        for at in [&odd.created_at, &odd.updated_at, &odd.deleted_at].into_iter().flatten() {
            timestamp(at, &zone, Language::Ru);
        }
    }

    #[test]
    fn a_value_no_json_library_holds_fails_no_more_than_its_field(
        group_path in prop::sample::select(field_paths(&group(2))),
        plugin_path in prop::sample::select(field_paths(&plugin(2))),
        raw in unholdable_json(),
    ) {
        let body = with_raw_value([group(1), group(2), group(3)], &group_path, &raw);
        let groups = decode::groups(&body).expect("one odd field never fails the page").data;
        let ids: Vec<i64> = groups.iter().map(|g| g.id).collect();
        let odd_id = if group_path == ["id"] { 0 } else { 2 };
        prop_assert_eq!(ids, vec![1, odd_id, 3]);
        let body = with_raw_value([plugin(1), plugin(2), plugin(3)], &plugin_path, &raw);
        let plugins = decode::plugins(&body).expect("one odd field never fails the list").data;
        let ids: Vec<i64> = plugins.iter().map(|p| p.id).collect();
        let odd_id = if plugin_path == ["id"] { 0 } else { 2 };
        prop_assert_eq!(ids, vec![1, odd_id, 3]);
    }

    #[test]
    fn a_pagination_with_any_field_keeps_the_groups(
        (spoilt, _path) in spoiling(pagination()),
    ) {
        let body = envelope(json!([group(1), group(2), group(3)]), spoilt);
        let page = decode::groups(&body).expect("an odd pagination never fails the page");
        prop_assert_eq!(page.data.len(), 3);
    }

    #[test]
    fn any_data_or_pagination_is_a_value_or_a_clean_error(
        data in any_json(),
        pagination in any_json(),
    ) {
        let body = envelope(data, pagination);
        for error in [
            decode::plugins(&body).err(),
            decode::groups(&body).err(),
            decode::install(&body).err(),
            decode::branches(&body).err(),
        ]
        .iter()
        .flatten()
        {
            assert_one_line(error)?;
        }
    }

    #[test]
    fn any_body_is_a_value_or_a_clean_error(
        document in any_json(),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let json_body = serde_json::to_vec(&document).expect("a Value serialises");
        for body in [json_body.as_slice(), bytes.as_slice()] {
            for error in [
                decode::plugins(body).err(),
                decode::groups(body).err(),
                decode::install(body).err(),
            ]
            .iter()
            .flatten()
            {
                assert_one_line(error)?;
            }
            decode::error_body(body);
        }
    }

    // ---- search ----

    #[test]
    fn folding_goes_piece_by_piece_and_once_is_enough(
        a in text_in_both_scripts(),
        b in text_in_both_scripts(),
    ) {
        // Piece by piece: whatever is part of a name, folded, is part of
        // the folded name, so a filter matches as it is typed.
        let (a_folded, b_folded) = (fold(&a), fold(&b));
        prop_assert_eq!(fold(&format!("{a}{b}")), format!("{a_folded}{b_folded}"));
        prop_assert_eq!(fold(&a_folded), a_folded);
    }

    // ---- the sanitiser ----

    #[test]
    fn sanitised_text_cannot_act_on_a_terminal(text in tricky_text()) {
        let line = sanitize_line(&text);
        let multi = sanitize_text(&text);
        let unsafe_char = |c: char, newline_allowed: bool| {
            let control = c.is_control() && !(newline_allowed && c == '\n');
            control || is_bidi_control(c)
        };
        prop_assert!(!line.chars().any(|c| unsafe_char(c, false)), "{:?}", line);
        prop_assert!(!multi.chars().any(|c| unsafe_char(c, true)), "{:?}", multi);
        let (escape, right_to_left_override) = ('\u{1b}', '\u{202E}');
        prop_assert!(!line.contains(escape) && !line.contains(right_to_left_override));
        // Nothing invisible is left but a joiner inside what it joins.
        for shown in [&line, &multi] {
            prop_assert!(!shown.chars().any(is_invisible), "{:?}", shown);
            for cluster in shown.graphemes(true) {
                let joiner_at_an_end =
                    cluster.starts_with('\u{200D}') || cluster.ends_with('\u{200D}');
                prop_assert!(!joiner_at_an_end, "{:?} in {:?}", cluster, shown);
            }
        }
        prop_assert!(is_clean(&line), "{:?}", line);
        prop_assert!(multi.split('\n').all(is_clean), "{:?}", multi);
        // Sanitising twice changes nothing more.
        prop_assert_eq!(sanitize_line(&line), line.clone());
        prop_assert_eq!(sanitize_text(&multi), multi.clone());
        // Clean text is left alone.
        prop_assert_eq!(is_clean(&text), line == text);
    }

    // ---- weekdays ----

    #[test]
    fn day_names_and_numbers_never_panic(text in any_text(), number in any::<i64>()) {
        parse_day_name(&text);
        prop_assert_eq!(day_from_number(number).is_some(), (0..=7).contains(&number));
    }

    #[test]
    fn every_shown_day_name_reads_back(
        day in prop::sample::select(monday_to_sunday().collect::<Vec<_>>()),
        language in prop::sample::select(LANGUAGES.to_vec()),
        style in prop::sample::select(STYLES.to_vec()),
        upper in any::<bool>(),
        dot in any::<bool>(),
    ) {
        let name = day_name(day, language, style);
        let name = if upper { name.to_uppercase() } else { name.to_lowercase() };
        let sent = format!(" {name}{} ", if dot { "." } else { "" });
        prop_assert_eq!(parse_day_name(&sent), Some(day));
    }

    #[test]
    fn group_days_never_panic_and_come_in_week_order(
        days in any_days_code(),
        exact in any_exact_days(),
        language in prop::sample::select(LANGUAGES.to_vec()),
        style in prop::sample::select(STYLES.to_vec()),
    ) {
        let met = weekdays(&days, &exact);
        let order: Vec<u32> = met.iter().map(|d| d.num_days_from_monday()).collect();
        prop_assert!(order.windows(2).all(|pair| pair[0] < pair[1]), "{:?}", met);
        if days == DaysCode::Custom {
            prop_assert!(met.iter().all(|d| exact.days.contains(d)));
        }
        prop_assert!(!describe_days(&days, &exact, language, style).is_empty());
    }

    // ---- times ----

    #[test]
    fn lesson_times_never_panic(
        start in prop::option::of(any_lesson_time()),
        end in prop::option::of(any_lesson_time()),
        zone in any_zone(),
    ) {
        for side in [&start, &end].into_iter().flatten() {
            let decodes = time_of_day(side, &zone).is_some();
            prop_assert_eq!(decodes, !matches!(side, LessonTime::Raw(_)));
        }
        prop_assert!(!lesson_range(start.as_ref(), end.as_ref(), &zone).is_empty());
        if let Some(minutes) = lesson_minutes(start.as_ref(), end.as_ref(), &zone) {
            prop_assert!((0..24 * 60).contains(&minutes), "{}", minutes);
        }
    }

    #[test]
    fn timestamps_display_without_panic(at in any_timestamp(), zone in any_zone()) {
        timestamp(&at, &zone, Language::Ru);
    }

    #[test]
    fn dates_at_the_ends_of_the_calendar_decode(
        date in prop_oneof![Just(NaiveDate::MIN), Just(NaiveDate::MAX)],
        zone in any_zone(),
    ) {
        let iso = |offset: &str| format!("{}T23:59:59{offset}", date.format("%Y-%m-%d"));
        let mut sent = group(1);
        sent["lesson_start_time"] = json!(iso("Z"));
        sent["lesson_end_time"] = json!(iso("+14:00"));
        sent["created_at"] = json!(iso("-1200"));
        let page = decode::groups(&envelope(json!([sent]), Value::Null)).expect("decodes");
        let decoded = &page.data[0];
        lesson_range(decoded.lesson_start_time.as_ref(), decoded.lesson_end_time.as_ref(), &zone);
        if let Some(at) = &decoded.created_at {
            timestamp(at, &zone, Language::Ru);
        }
    }
}
