//! Tolerant decoding: every shape the API was seen to send
//! (the team's API notes, kept outside the repository), one table row each, compared
//! whole with `assert_eq!`; then a SPEC-shaped groups page and plugin list
//! decoded end to end; then decoded groups placed on the week.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc, Weekday};
use serde_json::json;

use crmdeck::api::decode::{
    self, DecodeError, ErrorBody, MAX_DEPTH, MAX_KEPT_ELEMENTS, MAX_RECORDS,
};
use crmdeck::domain::clock::format_clock;
use crmdeck::domain::timetable::{UnplacedReason, build_week};
use crmdeck::domain::zone::Zone;
use crmdeck::model::{
    Abilities, Branch, Course, DateField, DaysCode, Envelope, ExactDays, Group, GroupStatus,
    Installation, LessonTime, Links, Pagination, Plugin, PluginType, Timestamp,
};
use std::sync::Arc;

// ---- building inputs and expected values ----

/// A group object: the minimal `"id":1,"name":"Math A1"` plus `fields`.
fn group_json(fields: &str) -> String {
    let separator = if fields.is_empty() { "" } else { "," };
    format!(r#"{{"id":1,"name":"Math A1"{separator}{fields}}}"#)
}

/// A plugin object: the minimal `"id":7,"name":"Leads"` plus `fields`.
fn plugin_json(fields: &str) -> String {
    let separator = if fields.is_empty() { "" } else { "," };
    format!(r#"{{"id":7,"name":"Leads"{separator}{fields}}}"#)
}

/// A groups page around `data` (the text of the list) with a plain pagination.
fn groups_body(data: &str) -> String {
    format!(
        r#"{{"status":200,"success":true,"data":{data},"pagination":{{"count":1,"total":1,"perPage":20,"currentPage":1,"totalPages":1,"links":{{}}}}}}"#
    )
}

/// What `group_json("")` decodes to.
fn base_group() -> Group {
    Group {
        id: 1,
        name: "Math A1".into(),
        ..Group::default()
    }
}

/// What `plugin_json("")` decodes to.
fn base_plugin() -> Plugin {
    Plugin {
        id: 7,
        name: "Leads".into(),
        ..Plugin::default()
    }
}

/// Lists nested `depth` deep: `[[...]]`.
fn nested(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

/// `depth` lists around the string that replaces what nests deeper.
fn cut(depth: usize) -> String {
    format!("{}\"…\"{}", "[".repeat(depth), "]".repeat(depth))
}

/// A course with only an id and a name.
fn bare_course(id: i64, name: &str) -> Course {
    Course {
        id,
        name: name.into(),
        ..Course::default()
    }
}

fn utc(iso: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(iso)
        .unwrap()
        .with_timezone(&Utc)
}

fn naive(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
}

fn at(iso: &str) -> Option<Timestamp> {
    Some(Timestamp::Utc(utc(iso)))
}

fn clock(hour: u32, minute: u32, second: u32) -> Option<LessonTime> {
    Some(LessonTime::Clock(
        NaiveTime::from_hms_opt(hour, minute, second).unwrap(),
    ))
}

fn date(year: i32, month: u32, day: u32) -> Option<DateField> {
    Some(DateField::Date(
        NaiveDate::from_ymd_opt(year, month, day).unwrap(),
    ))
}

fn exact(days: &[Weekday], unknown: &[&str]) -> ExactDays {
    ExactDays {
        days: days.to_vec(),
        unknown: unknown.iter().map(|raw| raw.to_string()).collect(),
    }
}

fn list(items: &[&str]) -> Abilities {
    Abilities::List(items.iter().map(|item| item.to_string()).collect())
}

fn message_body(text: &str) -> Option<ErrorBody> {
    Some(ErrorBody {
        message: Some(text.into()),
        field_errors: vec![],
    })
}

fn installation() -> Installation {
    Installation {
        id: 3,
        plugin_id: Some(7),
        user_id: Some(12),
        token: Some("1|jCr5abcdefghijklmnopqrstuvwxyz0123456789AB".into()),
        created_at: at("2024-06-10T09:05:51Z"),
        updated_at: at("2024-06-10T09:05:52Z"),
    }
}

const INSTALLATION_JSON: &str = r#"{"id":3,"plugin_id":7,"user_id":"12","token":"1|jCr5abcdefghijklmnopqrstuvwxyz0123456789AB","created_at":"2024-06-10T09:05:51.000000Z","updated_at":"2024-06-10T09:05:52.000000Z","extra":1}"#;

// Error bodies seen in real traffic.
const BODY_401: &str = r#"{"message":"Unauthenticated."}"#;
const BODY_422: &str = r#"{"message":"The given data was invalid.","errors":{"plugin_id":["The plugin id field is required.","It must be an integer."],"branch_id":"Unknown branch."}}"#;
const BODY_404: &str = r#"{"status":404,"success":false,"message":"Group not found"}"#;
const BODY_NOT_FOUND: &str = r#"{"message":"Not Found"}"#;
const BODY_500: &str =
    r#"{"message":"Server Error","exception":"Illuminate\\Database\\QueryException"}"#;
const BODY_HTML: &str = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>";

// ---- the table ----

/// What a row's input is and what it must decode to.
enum Expect {
    /// The input is one group object, decoded inside a groups page.
    Group(Box<Group>),
    /// The input is one plugin object, decoded inside a plugin list.
    Plugin(Box<Plugin>),
    /// The input is the text of a groups page's `data`; the groups kept.
    Groups(Vec<Group>),
    /// The input is the value of `pagination` in a groups page.
    Pagination(Option<Pagination>),
    /// The input is a whole body given to `decode::error_body`.
    ErrorBody(Option<ErrorBody>),
    /// The input is a whole body given to `decode::groups`, which must fail.
    GroupsFail(DecodeError),
    /// The input is a whole body given to `decode::install`.
    Install(Result<Installation, DecodeError>),
    /// The input is a whole body given to `decode::branches`.
    Branches(Vec<Branch>),
}

struct Row {
    name: &'static str,
    input: String,
    expect: Expect,
}

fn row(name: &'static str, input: impl Into<String>, expect: Expect) -> Row {
    Row {
        name,
        input: input.into(),
        expect,
    }
}

/// A group row: `fields` added to the minimal group, decoded to the
/// minimal group with `change` made.
fn group_row(name: &'static str, fields: &str, change: impl FnOnce(&mut Group)) -> Row {
    let mut expected = base_group();
    change(&mut expected);
    row(name, group_json(fields), Expect::Group(Box::new(expected)))
}

/// A plugin row: `fields` added to the minimal plugin, decoded to the
/// minimal plugin with `change` made.
fn plugin_row(name: &'static str, fields: &str, change: impl FnOnce(&mut Plugin)) -> Row {
    let mut expected = base_plugin();
    change(&mut expected);
    row(
        name,
        plugin_json(fields),
        Expect::Plugin(Box::new(expected)),
    )
}

/// An error-body row: `body` gives the one `message`.
fn error_row(name: &'static str, body: &str, message: &str) -> Row {
    row(name, body, Expect::ErrorBody(message_body(message)))
}

/// A body of the wrong shape: `found` where `expected` was.
fn wrong_shape(expected: &'static str, found: &'static str) -> DecodeError {
    DecodeError::WrongShape { expected, found }
}

/// The change of a row whose record decodes as the minimal one.
fn unchanged<T>(_: &mut T) {}

fn rows() -> Vec<Row> {
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    let g = base_group;
    vec![
        // -- records in general
        group_row(
            "unknown extra fields are ignored",
            r#""tags":["a",{"b":[1]}],"student_count":"12","zzz":null"#,
            unchanged,
        ),
        row(
            "an empty object is kept with id 0 and empty name",
            "{}",
            Expect::Group(Box::new(Group {
                id: 0,
                name: String::new(),
                ..g()
            })),
        ),
        group_row(
            "nulls everywhere are missing values",
            r#""company_group_number":null,"days":null,"exact_days":null,"lesson_start_time":null,"status":null,"type":null,"is_corporate":null,"salary_for_corporate":null,"write_off":null,"last_write_off_date":null,"course_id":null,"created_at":null,"deleted_at":null,"comment":null,"course":null"#,
            unchanged,
        ),
        row(
            "id and name null",
            r#"{"id":null,"name":null}"#,
            Expect::Group(Box::new(Group {
                id: 0,
                name: String::new(),
                ..g()
            })),
        ),
        group_row(
            "numeric text, floats with no fraction and spaces",
            r#""company_group_number":"15","course_id":" 7 ","branch_id":3.0,"type":"1","created_by":"12.0""#,
            |g| {
                g.company_group_number = Some(15);
                g.course_id = Some(7);
                g.branch_id = Some(3);
                g.group_type = Some(1);
                g.created_by = Some(12);
            },
        ),
        group_row(
            "numbers that are not integers become None",
            r#""course_id":"abc","branch_id":1.5,"type":true,"created_by":[1],"updated_by":{"x":1}"#,
            unchanged,
        ),
        row(
            "id as numeric text",
            r#"{"id":"42","name":"Math A1"}"#,
            Expect::Group(Box::new(Group { id: 42, ..g() })),
        ),
        group_row("flag 1", r#""is_corporate":1"#, |g| {
            g.is_corporate = Some(true)
        }),
        group_row("flag \"0\"", r#""is_corporate":"0""#, |g| {
            g.is_corporate = Some(false)
        }),
        group_row("flag true", r#""is_corporate":true"#, |g| {
            g.is_corporate = Some(true)
        }),
        group_row("flag 2 is no flag", r#""is_corporate":2"#, unchanged),
        group_row(
            "unknown-meaning fields keep any value but null",
            r#""salary_for_corporate":0,"write_off":{"sum":"10"}"#,
            |g| {
                g.salary_for_corporate = Some(Box::new(json!(0)));
                g.write_off = Some(Box::new(json!({"sum": "10"})));
            },
        ),
        group_row(
            "name and comment as numbers",
            r#""name":2024,"comment":12.5"#,
            |g| {
                g.name = "2024".into();
                g.comment = Some("12.5".into());
            },
        ),
        // -- days and status
        group_row("days 1", r#""days":1"#, |g| g.days = DaysCode::MonWedFri),
        group_row("days \"2\"", r#""days":"2""#, |g| {
            g.days = DaysCode::TueThuSat
        }),
        group_row(
            "days repeated: the last key wins",
            r#""days":3,"days":4"#,
            |g| g.days = DaysCode::EveryDay,
        ),
        group_row("days 9 is kept raw", r#""days":9"#, |g| {
            g.days = DaysCode::Other("9".into())
        }),
        group_row("days \"abc\" is kept raw", r#""days":"abc""#, |g| {
            g.days = DaysCode::Other("abc".into())
        }),
        group_row("days true is kept as JSON text", r#""days":true"#, |g| {
            g.days = DaysCode::Other("true".into())
        }),
        group_row(
            "status repeated: the last key wins",
            r#""status":2,"status":"3""#,
            |g| g.status = GroupStatus::Archive,
        ),
        group_row("status active", r#""status":2"#, |g| {
            g.status = GroupStatus::Active
        }),
        group_row("status 7 is kept raw", r#""status":7"#, |g| {
            g.status = GroupStatus::Other("7".into())
        }),
        // -- exact_days
        group_row(
            "exact_days integers, 0 is Sunday",
            r#""days":5,"exact_days":[1,3,0]"#,
            |g| {
                g.days = DaysCode::Custom;
                g.exact_days = exact(&[Mon, Wed, Sun], &[]);
            },
        ),
        group_row(
            "exact_days 7 and repeats",
            r#""exact_days":[7,1,7,"1"]"#,
            |g| g.exact_days = exact(&[Sun, Mon], &[]),
        ),
        group_row("exact_days empty list", r#""exact_days":[]"#, unchanged),
        group_row(
            "exact_days English in odd case",
            r#""exact_days":["mOn","WEDNESDAY","fri.","tues","Thurs"]"#,
            |g| g.exact_days = exact(&[Mon, Wed, Fri, Tue, Thu], &[]),
        ),
        group_row(
            "exact_days Russian short and full",
            r#""exact_days":["Пн","СРЕДА","пятница","Вс"]"#,
            |g| g.exact_days = exact(&[Mon, Wed, Fri, Sun], &[]),
        ),
        group_row(
            "exact_days Uzbek Latin",
            r#""exact_days":["Dushanba","chorshanba","JUMA","Yakshanba"]"#,
            |g| g.exact_days = exact(&[Mon, Wed, Fri, Sun], &[]),
        ),
        group_row(
            "exact_days Uzbek Cyrillic, escaped",
            r#""exact_days":["\u0421\u0435\u0448\u0430\u043d\u0431\u0430","Пайшанба","Шанба"]"#,
            |g| g.exact_days = exact(&[Tue, Thu, Sat], &[]),
        ),
        group_row(
            "exact_days JSON-encoded integers",
            r#""exact_days":"[1,3,5]""#,
            |g| g.exact_days = exact(&[Mon, Wed, Fri], &[]),
        ),
        group_row(
            "exact_days JSON-encoded names",
            r#""exact_days":"[\"Tue\",\"thu\"]""#,
            |g| g.exact_days = exact(&[Tue, Thu], &[]),
        ),
        group_row("exact_days plain text", r#""exact_days":"Mon, Wed""#, |g| {
            g.exact_days = exact(&[Mon, Wed], &[])
        }),
        group_row("exact_days empty string", r#""exact_days":"""#, unchanged),
        group_row(
            "exact_days mixed with junk",
            r#""exact_days":[1,"Wed","Funday",9,null,true,[2],3.0]"#,
            |g| g.exact_days = exact(&[Mon, Wed], &["Funday", "9", "null", "true", "[2]"]),
        ),
        // -- lesson times
        group_row(
            "lesson times as clock",
            r#""lesson_start_time":"10:00","lesson_end_time":"11:30:15""#,
            |g| {
                g.lesson_start_time = clock(10, 0, 0);
                g.lesson_end_time = clock(11, 30, 15);
            },
        ),
        group_row(
            "lesson times as ISO timestamps",
            r#""lesson_start_time":"2022-07-15T05:00:00.000000Z","lesson_end_time":"2022-07-15T11:30:00+05:00""#,
            |g| {
                g.lesson_start_time = Some(LessonTime::Utc(utc("2022-07-15T05:00:00Z")));
                g.lesson_end_time = Some(LessonTime::Utc(utc("2022-07-15T06:30:00Z")));
            },
        ),
        group_row(
            "lesson times mixed in one group (NOTES sample)",
            r#""lesson_start_time":"10:00","lesson_end_time":"2022-07-15T06:30:00.000000Z""#,
            |g| {
                g.lesson_start_time = clock(10, 0, 0);
                g.lesson_end_time = Some(LessonTime::Utc(utc("2022-07-15T06:30:00Z")));
            },
        ),
        group_row(
            "lesson time naive date-time is wall clock; garbage is raw; empty is none",
            r#""lesson_start_time":"2022-07-15 11:30:00","lesson_end_time":"soon","lesson_end_time":"","lesson_end_time":"later""#,
            |g| {
                g.lesson_start_time = clock(11, 30, 0);
                g.lesson_end_time = Some(LessonTime::Raw("later".into()));
            },
        ),
        // -- timestamps and dates
        group_row(
            "timestamps ISO and old local form",
            r#""created_at":"2024-06-10T09:05:51.000000Z","updated_at":"13.07.2022 20:00:46","deleted_at":"2022-07-13 20:00:46""#,
            |g| {
                g.created_at = at("2024-06-10T09:05:51Z");
                g.updated_at = Some(Timestamp::Local(naive("2022-07-13 20:00:46")));
                g.deleted_at = Some(Timestamp::Local(naive("2022-07-13 20:00:46")));
            },
        ),
        group_row(
            "garbage timestamp keeps the group listed",
            r#""created_at":"yesterday","updated_at":"","deleted_at":1700000000"#,
            |g| {
                g.created_at = Some(Timestamp::Raw("yesterday".into()));
                g.deleted_at = Some(Timestamp::Raw("1700000000".into()));
            },
        ),
        group_row(
            "dates in both forms, from a timestamp, and raw",
            r#""group_start_date":"2024-06-10","group_end_date":"31.12.2024","last_write_off_date":"2024-06-01T00:00:00.000000Z","next_write_off_date":"next week","selection_start_date":"""#,
            |g| {
                g.group_start_date = date(2024, 6, 10);
                g.group_end_date = date(2024, 12, 31);
                g.last_write_off_date = date(2024, 6, 1);
                g.next_write_off_date = Some(DateField::Raw("next week".into()));
            },
        ),
        // -- course
        group_row(
            "course with numeric text and flags",
            r#""course":{"id":"5","name":"English","lesson_duration":"90","is_enabled":"1","price":"450000","parent_id":null,"short_name":null,"tags":[]}"#,
            |g| {
                g.course = Some(Arc::new(Course {
                    lesson_duration: Some(90),
                    is_enabled: Some(true),
                    price: Some(450000),
                    ..bare_course(5, "English")
                }))
            },
        ),
        group_row("course that is not an object", r#""course":[]"#, unchanged),
        // -- plugins
        plugin_row(
            "abilities as a JSON-encoded string",
            r#""abilities":"[\"create-lead\",\"update-lead\"]""#,
            |p| p.abilities = list(&["create-lead", "update-lead"]),
        ),
        plugin_row(
            "abilities as a real array",
            r#""abilities":["create-lead",5,{"a":1}]"#,
            |p| p.abilities = list(&["create-lead", "5", r#"{"a":1}"#]),
        ),
        plugin_row("abilities empty string", r#""abilities":"""#, unchanged),
        plugin_row("abilities null", r#""abilities":null"#, unchanged),
        plugin_row("abilities absent", "", unchanged),
        plugin_row(
            "abilities not JSON is raw",
            r#""abilities":"create-lead, update-lead""#,
            |p| p.abilities = Abilities::Raw("create-lead, update-lead".into()),
        ),
        plugin_row(
            "abilities JSON but not an array is raw",
            r#""abilities":"{\"a\":1}""#,
            |p| p.abilities = Abilities::Raw(r#"{"a":1}"#.into()),
        ),
        plugin_row("user null", r#""user":null"#, unchanged),
        plugin_row("user []", r#""user":[]"#, unchanged),
        plugin_row("user {}", r#""user":{}"#, unchanged),
        plugin_row("user absent", "", unchanged),
        plugin_row(
            "user \"\" is not an installation",
            r#""user":"""#,
            unchanged,
        ),
        plugin_row(
            "user installed",
            &format!(r#""user":{INSTALLATION_JSON}"#),
            |p| p.user = Some(installation()),
        ),
        plugin_row("type in any case", r#""type":"premium""#, |p| {
            p.plugin_type = PluginType::Premium
        }),
        plugin_row(
            "type outside the published set",
            r#""type":"Enterprise""#,
            |p| p.plugin_type = PluginType::Other("Enterprise".into()),
        ),
        // -- pages
        row(
            "elements that are not objects are skipped",
            r#"[{"id":1,"name":"Math A1"},"junk",42,null,[1],{"id":2,"name":"B"}]"#,
            Expect::Groups(vec![
                g(),
                Group {
                    id: 2,
                    name: "B".into(),
                    ..g()
                },
            ]),
        ),
        row(
            "one odd group among good ones still lists every group",
            format!(
                r#"[{},{},{}]"#,
                group_json(r#""days":1"#),
                group_json(
                    r#""days":[],"status":{},"created_at":"x","exact_days":{"a":1},"course":7,"lesson_start_time":false"#
                ),
                group_json(r#""status":3"#)
            ),
            Expect::Groups(vec![
                Group {
                    days: DaysCode::MonWedFri,
                    ..g()
                },
                Group {
                    days: DaysCode::Other("[]".into()),
                    status: GroupStatus::Other("{}".into()),
                    created_at: Some(Timestamp::Raw("x".into())),
                    exact_days: exact(&[], &[r#"{"a":1}"#]),
                    lesson_start_time: Some(LessonTime::Raw("false".into())),
                    ..g()
                },
                Group {
                    status: GroupStatus::Archive,
                    ..g()
                },
            ]),
        ),
        row("an empty page", "[]", Expect::Groups(vec![])),
        row(
            "a page as long as a page may be",
            format!("[{}]", vec!["{}"; MAX_RECORDS].join(",")),
            Expect::Groups(vec![Group::default(); MAX_RECORDS]),
        ),
        // -- one bad value fails no more than its field
        group_row(
            "lone surrogate escapes in values and a key",
            r#""name":"Ab\ud800c","comment":"\udfff\ud83d\ude00","\udc00":1,"status":2"#,
            |g| {
                g.name = "Ab\u{FFFD}c".into();
                g.comment = Some("\u{FFFD}😀".into());
                g.status = GroupStatus::Active;
            },
        ),
        group_row(
            "a value nested 100,000 deep",
            &format!(r#""salary_for_corporate":{},"status":2"#, nested(100_000)),
            |g| {
                // Cut at the deepest level kept: the group is the third.
                g.salary_for_corporate = Some(serde_json::from_str(&cut(MAX_DEPTH - 3)).unwrap());
                g.status = GroupStatus::Active;
            },
        ),
        plugin_row(
            "abilities nested 100,000 deep",
            &format!(r#""abilities":{},"type":"Free""#, nested(100_000)),
            |p| {
                // The one element, raw: the list itself is the fourth level.
                p.abilities = list(&[&cut(MAX_DEPTH - 4)]);
                p.plugin_type = PluginType::Free;
            },
        ),
        plugin_row(
            "abilities of more elements than a document keeps",
            &format!(
                r#""abilities":[{}]"#,
                vec!["0"; MAX_KEPT_ELEMENTS + 10].join(",")
            ),
            |p| {
                p.abilities = Abilities::List(
                    std::iter::repeat_n("0", MAX_KEPT_ELEMENTS)
                        .chain(["…"])
                        .map(String::from)
                        .collect(),
                );
            },
        ),
        group_row(
            "fields sharing what a document keeps",
            &format!(
                r#""salary_for_corporate":[{}],"exact_days":[{}]"#,
                vec!["0"; 12_000].join(","),
                vec![r#""x""#; 12_000].join(",")
            ),
            |g| {
                g.salary_for_corporate = Some(Box::new(json!(vec![0; 12_000])));
                // What is left of the budget, then the mark of the cut.
                g.exact_days = ExactDays {
                    days: vec![],
                    unknown: std::iter::repeat_n("x", MAX_KEPT_ELEMENTS - 12_000)
                        .chain(["…"])
                        .map(String::from)
                        .collect(),
                };
            },
        ),
        // -- pagination
        row(
            "pagination with next",
            r#"{"count":20,"total":"45","perPage":20,"currentPage":1,"totalPages":3.0,"links":{"next":"https://api.example.uz/v2/groups?branch_id=2&per_page=20&page=2"}}"#,
            Expect::Pagination(Some(Pagination {
                count: Some(20),
                total: Some(45),
                per_page: Some(20),
                current_page: Some(1),
                total_pages: Some(3),
                links: Links {
                    next: Some(
                        "https://api.example.uz/v2/groups?branch_id=2&per_page=20&page=2".into(),
                    ),
                    previous: None,
                },
            })),
        ),
        row(
            "pagination links absent",
            r#"{"count":5,"total":5,"perPage":20,"currentPage":1,"totalPages":1}"#,
            Expect::Pagination(Some(Pagination {
                count: Some(5),
                total: Some(5),
                per_page: Some(20),
                current_page: Some(1),
                total_pages: Some(1),
                links: Links::default(),
            })),
        ),
        row(
            "pagination links {}",
            r#"{"totalPages":1,"links":{}}"#,
            Expect::Pagination(Some(Pagination {
                total_pages: Some(1),
                ..Pagination::default()
            })),
        ),
        row(
            "pagination with previous and next null",
            r#"{"currentPage":3,"totalPages":3,"links":{"next":null,"previous":"https://api.example.uz/v2/groups?page=2"}}"#,
            Expect::Pagination(Some(Pagination {
                current_page: Some(3),
                total_pages: Some(3),
                links: Links {
                    next: None,
                    previous: Some("https://api.example.uz/v2/groups?page=2".into()),
                },
                ..Pagination::default()
            })),
        ),
        row(
            "pagination junk values",
            r#"{"count":-1,"total":"many","perPage":null,"links":[]}"#,
            Expect::Pagination(Some(Pagination::default())),
        ),
        row("pagination null", "null", Expect::Pagination(None)),
        // -- error bodies
        error_row("401 body", BODY_401, "Unauthenticated."),
        row(
            "422 body with field errors in the order sent",
            BODY_422,
            Expect::ErrorBody(Some(ErrorBody {
                message: Some("The given data was invalid.".into()),
                field_errors: vec![
                    (
                        "plugin_id".into(),
                        vec![
                            "The plugin id field is required.".into(),
                            "It must be an integer.".into(),
                        ],
                    ),
                    ("branch_id".into(), vec!["Unknown branch.".into()]),
                ],
            })),
        ),
        error_row("404 envelope body", BODY_404, "Group not found"),
        error_row("\"Not Found\" body", BODY_NOT_FOUND, "Not Found"),
        error_row("500 body", BODY_500, "Server Error"),
        error_row(
            "error key when there is no message",
            r#"{"error":{"message":"Rate limit"},"detail":"later"}"#,
            "Rate limit",
        ),
        error_row("HTML page gives its title", BODY_HTML, "502 Bad Gateway"),
        error_row(
            "plain-text proxy error",
            "\nupstream connect error or disconnect/reset before headers\nmore detail",
            "upstream connect error or disconnect/reset before headers",
        ),
        error_row("JSON string body", r#""Not Found""#, "Not Found"),
        row("empty body", "", Expect::ErrorBody(None)),
        row(
            "JSON with nothing to say",
            r#"{"status":500,"message":"  "}"#,
            Expect::ErrorBody(None),
        ),
        error_row(
            "a lone surrogate escape in the message",
            r#"{"message":"Bad \ud800 gateway"}"#,
            "Bad \u{FFFD} gateway",
        ),
        // -- decode entry points on error bodies
        row(
            "groups refused by a 404 envelope",
            BODY_404,
            Expect::GroupsFail(DecodeError::Refused {
                status: Some(404),
                message: Some("Group not found".into()),
            }),
        ),
        row(
            "groups on a 401 body",
            BODY_401,
            Expect::GroupsFail(DecodeError::NoData),
        ),
        row(
            "groups on a 500 body",
            BODY_500,
            Expect::GroupsFail(DecodeError::NoData),
        ),
        row(
            "groups on a \"Not Found\" body",
            BODY_NOT_FOUND,
            Expect::GroupsFail(DecodeError::NoData),
        ),
        row(
            "install on a 422 body",
            BODY_422,
            Expect::Install(Err(DecodeError::NoData)),
        ),
        row(
            "groups on a proxy's plain text",
            "Bad Gateway",
            Expect::GroupsFail(DecodeError::NotJson {
                reason: "expected value".into(),
                line: 1,
                column: 1,
            }),
        ),
        row(
            "groups on an HTML page",
            BODY_HTML,
            Expect::GroupsFail(DecodeError::NotJson {
                reason: "expected value".into(),
                line: 1,
                column: 1,
            }),
        ),
        row(
            "groups on an empty body",
            "",
            Expect::GroupsFail(DecodeError::NotJson {
                reason: "EOF while parsing a value".into(),
                line: 1,
                column: 0,
            }),
        ),
        row(
            "groups on a top-level list",
            "[1,2]",
            Expect::GroupsFail(DecodeError::NotEnvelope { found: "a list" }),
        ),
        row(
            "groups on a data object",
            r#"{"success":true,"data":{"id":1}}"#,
            Expect::GroupsFail(wrong_shape("a list", "an object")),
        ),
        row(
            "groups on data nested 100,000 deep",
            format!(r#"{{"success":true,"data":{}}}"#, nested(100_000)),
            Expect::GroupsFail(DecodeError::WrongShape {
                expected: "a list of objects",
                found: "a list of lists",
            }),
        ),
        row(
            "groups on data of numbers only",
            r#"{"success":true,"data":[1,2.5]}"#,
            Expect::GroupsFail(DecodeError::WrongShape {
                expected: "a list of objects",
                found: "a list of numbers",
            }),
        ),
        row(
            "groups on more records than a page may hold",
            format!(r#"{{"data":[{}]}}"#, vec!["{}"; MAX_RECORDS + 1].join(",")),
            Expect::GroupsFail(DecodeError::TooManyRecords {
                elements: MAX_RECORDS + 1,
                limit: MAX_RECORDS,
            }),
        ),
        row(
            "groups on data null",
            r#"{"success":true,"data":null}"#,
            Expect::GroupsFail(wrong_shape("a list", "null")),
        ),
        row(
            "install result",
            format!(r#"{{"status":200,"success":true,"data":{INSTALLATION_JSON}}}"#),
            Expect::Install(Ok(installation())),
        ),
        row(
            "install with data []",
            r#"{"status":200,"success":true,"data":[]}"#,
            Expect::Install(Err(wrong_shape("an installation object", "an empty list"))),
        ),
        row(
            "install with data {}",
            r#"{"status":200,"success":true,"data":{}}"#,
            Expect::Install(Err(wrong_shape(
                "an installation object",
                "an empty object",
            ))),
        ),
        row(
            "install refused by a 422",
            r#"{"success":"false","message":"The given data was invalid."}"#,
            Expect::Install(Err(DecodeError::Refused {
                status: None,
                message: Some("The given data was invalid.".into()),
            })),
        ),
        row(
            "branches with lenient ids and missing names",
            r#"{"data":[{"id":"2","name":"Chilonzor"},{"id":3},"x",{"name":"Yunusobod"}]}"#,
            Expect::Branches(vec![
                Branch {
                    id: 2,
                    name: "Chilonzor".into(),
                },
                Branch {
                    id: 3,
                    name: String::new(),
                },
                Branch {
                    id: 0,
                    name: "Yunusobod".into(),
                },
            ]),
        ),
    ]
}

fn groups_page(body: &str, name: &str) -> Envelope<Vec<Group>> {
    decode::groups(body.as_bytes()).unwrap_or_else(|error| panic!("row {name:?}: {error}"))
}

fn run(row: Row) {
    let Row {
        name,
        input,
        expect,
    } = row;
    match expect {
        Expect::Group(expected) => {
            let page = groups_page(&groups_body(&format!("[{input}]")), name);
            assert_eq!(page.data, vec![*expected], "row {name:?}");
        }
        Expect::Plugin(expected) => {
            let body = format!(r#"{{"status":200,"success":true,"data":[{input}]}}"#);
            let list = decode::plugins(body.as_bytes())
                .unwrap_or_else(|error| panic!("row {name:?}: {error}"));
            assert_eq!(list.data, vec![*expected], "row {name:?}");
        }
        Expect::Groups(expected) => {
            assert_eq!(
                groups_page(&groups_body(&input), name).data,
                expected,
                "row {name:?}"
            );
        }
        Expect::Pagination(expected) => {
            let body = format!(r#"{{"status":200,"success":true,"data":[],"pagination":{input}}}"#);
            assert_eq!(
                groups_page(&body, name).pagination,
                expected,
                "row {name:?}"
            );
        }
        Expect::ErrorBody(expected) => {
            assert_eq!(
                decode::error_body(input.as_bytes()),
                expected,
                "row {name:?}"
            );
        }
        Expect::GroupsFail(expected) => {
            let error = decode::groups(input.as_bytes()).map(|page| page.data);
            assert_eq!(error, Err(expected), "row {name:?}");
        }
        Expect::Install(expected) => {
            let decoded = decode::install(input.as_bytes()).map(|envelope| envelope.data);
            assert_eq!(decoded, expected, "row {name:?}");
        }
        Expect::Branches(expected) => {
            let decoded = decode::branches(input.as_bytes()).map(|envelope| envelope.data);
            assert_eq!(decoded, Ok(expected), "row {name:?}");
        }
    }
}

#[test]
fn every_shape_of_the_notes_decodes_as_expected() {
    let rows = rows();
    assert!(rows.len() >= 40, "only {} rows", rows.len());
    for row in rows {
        run(row);
    }
}

#[test]
fn error_displays_are_one_short_line() {
    let bodies: [&[u8]; 5] = [
        b"<html><head><title>Server Error</title></head><body>\n\n\n</body></html>",
        b"",
        br#"{"status":404,"success":false,"message":"No such group\nTrace: ..."}"#,
        br#"{"success":true,"data":"oops"}"#,
        b"[]",
    ];
    for body in bodies {
        let shown = decode::groups(body).unwrap_err().to_string();
        assert!(!shown.contains('\n') && shown.len() < 120, "{shown:?}");
    }
    let shown = decode::groups(br#"{"success":true,"data":{"id":1}}"#)
        .unwrap_err()
        .to_string();
    assert_eq!(shown, "expected a list in `data`, found an object");
}

// ---- end to end ----

const SPEC_GROUPS_PAGE: &str = r#"{
  "status": 200,
  "success": true,
  "data": [
    {
      "id": 101,
      "company_group_number": 12,
      "name": "IELTS Morning",
      "days": 1,
      "exact_days": [],
      "lesson_start_time": "2022-07-15T04:00:00.000000Z",
      "lesson_end_time": "2022-07-15T05:30:00.000000Z",
      "status": 2,
      "type": 1,
      "is_corporate": 0,
      "salary_for_corporate": null,
      "write_off": null,
      "last_write_off_date": "2024-06-01",
      "next_write_off_date": "2024-07-01",
      "course_id": 5,
      "branch_id": 2,
      "selection_start_date": null,
      "selection_end_date": null,
      "group_start_date": "2024-01-15",
      "group_end_date": "2024-12-15",
      "created_at": "2024-01-10T09:05:51.000000Z",
      "updated_at": "2024-06-10T09:05:51.000000Z",
      "created_by": 12,
      "updated_by": 12,
      "deleted_at": null,
      "deleted_by": null,
      "comment": "Room 4",
      "course": {
        "id": 5,
        "name": "IELTS",
        "image": "https:\/\/cdn.example.uz\/courses\/ielts.png",
        "description": "Exam preparation",
        "lesson_duration": "90",
        "course_duration": 6,
        "is_enabled": 1,
        "parent_id": null,
        "price": 450000,
        "company_id": 9,
        "type": 1,
        "lessons_per_module": 12,
        "created_at": "2023-09-01T08:00:00.000000Z",
        "updated_at": "2023-09-01T08:00:00.000000Z",
        "created_by": 1,
        "updated_by": 1,
        "deleted_at": null,
        "deleted_by": null,
        "short_name": null
      }
    },
    {
      "id": 102,
      "company_group_number": 13,
      "name": "Kids \u0410\u043d\u0433\u043b\u0438\u0439\u0441\u043a\u0438\u0439",
      "days": 5,
      "exact_days": ["Tue", "Sat"],
      "lesson_start_time": "10:00",
      "lesson_end_time": "2022-07-15T06:30:00.000000Z",
      "status": 3,
      "type": 2,
      "is_corporate": 1,
      "salary_for_corporate": 150000,
      "write_off": 1,
      "last_write_off_date": "2024-06-01",
      "next_write_off_date": "2024-07-01",
      "course_id": 6,
      "branch_id": 2,
      "selection_start_date": "2024-01-01",
      "selection_end_date": "2024-01-10",
      "group_start_date": "2024-01-15",
      "group_end_date": "2024-12-15",
      "created_at": "13.07.2022 20:00:46",
      "updated_at": "2024-06-10T09:05:51.000000Z",
      "created_by": 12,
      "updated_by": 14,
      "deleted_at": null,
      "deleted_by": null,
      "comment": "",
      "student_count": 14,
      "course": {"id": 6, "name": "Kids English", "lesson_duration": "60", "is_enabled": 0}
    }
  ],
  "pagination": {
    "count": 2,
    "total": 42,
    "perPage": 2,
    "currentPage": 1,
    "totalPages": 21,
    "links": {"next": "https:\/\/api.example.uz\/v2\/groups?branch_id=2&per_page=2&page=2"}
  }
}"#;

#[test]
fn a_spec_shaped_groups_page_decodes_end_to_end() {
    let morning = Group {
        id: 101,
        company_group_number: Some(12),
        name: "IELTS Morning".into(),
        days: DaysCode::MonWedFri,
        exact_days: ExactDays::default(),
        lesson_start_time: Some(LessonTime::Utc(utc("2022-07-15T04:00:00Z"))),
        lesson_end_time: Some(LessonTime::Utc(utc("2022-07-15T05:30:00Z"))),
        status: GroupStatus::Active,
        group_type: Some(1),
        is_corporate: Some(false),
        salary_for_corporate: None,
        write_off: None,
        last_write_off_date: date(2024, 6, 1),
        next_write_off_date: date(2024, 7, 1),
        course_id: Some(5),
        branch_id: Some(2),
        selection_start_date: None,
        selection_end_date: None,
        group_start_date: date(2024, 1, 15),
        group_end_date: date(2024, 12, 15),
        created_at: at("2024-01-10T09:05:51Z"),
        updated_at: at("2024-06-10T09:05:51Z"),
        created_by: Some(12),
        updated_by: Some(12),
        deleted_at: None,
        deleted_by: None,
        comment: Some("Room 4".into()),
        course: Some(Arc::new(Course {
            id: 5,
            name: "IELTS".into(),
            image: Some("https://cdn.example.uz/courses/ielts.png".into()),
            description: Some("Exam preparation".into()),
            lesson_duration: Some(90),
            course_duration: Some(6),
            is_enabled: Some(true),
            parent_id: None,
            price: Some(450000),
            company_id: Some(9),
            course_type: Some(1),
            lessons_per_module: Some(12),
            created_at: at("2023-09-01T08:00:00Z"),
            updated_at: at("2023-09-01T08:00:00Z"),
            created_by: Some(1),
            updated_by: Some(1),
            deleted_at: None,
            deleted_by: None,
            short_name: None,
        })),
        sent: Default::default(),
    };
    let kids = Group {
        id: 102,
        company_group_number: Some(13),
        name: "Kids Английский".into(),
        days: DaysCode::Custom,
        exact_days: exact(&[Weekday::Tue, Weekday::Sat], &[]),
        lesson_start_time: clock(10, 0, 0),
        lesson_end_time: Some(LessonTime::Utc(utc("2022-07-15T06:30:00Z"))),
        status: GroupStatus::Archive,
        group_type: Some(2),
        is_corporate: Some(true),
        salary_for_corporate: Some(Box::new(json!(150000))),
        write_off: Some(Box::new(json!(1))),
        selection_start_date: date(2024, 1, 1),
        selection_end_date: date(2024, 1, 10),
        course_id: Some(6),
        created_at: Some(Timestamp::Local(naive("2022-07-13 20:00:46"))),
        updated_by: Some(14),
        comment: Some(String::new()),
        course: Some(Arc::new(Course {
            lesson_duration: Some(60),
            is_enabled: Some(false),
            ..bare_course(6, "Kids English")
        })),
        ..morning.clone()
    };
    let expected = Envelope {
        status: Some(200),
        success: Some(true),
        data: vec![morning, kids],
        pagination: Some(Pagination {
            count: Some(2),
            total: Some(42),
            per_page: Some(2),
            current_page: Some(1),
            total_pages: Some(21),
            links: Links {
                next: Some("https://api.example.uz/v2/groups?branch_id=2&per_page=2&page=2".into()),
                previous: None,
            },
        }),
        message: None,
    };
    assert_eq!(decode::groups(SPEC_GROUPS_PAGE.as_bytes()), Ok(expected));
}

#[test]
fn a_spec_shaped_plugin_list_decodes_end_to_end() {
    let body = format!(
        r#"{{"status":200,"success":true,"message":"OK","data":[
        {{"id":7,"name":"Leads","type":"Free","description":"Lead capture",
          "logo":"https:\/\/cdn.example.uz\/p\/7.png","background_image":"https:\/\/cdn.example.uz\/p\/7-bg.png",
          "url":"https:\/\/leads.example.uz","abilities":"[\"create-lead\",\"update-lead\"]",
          "created_at":"2024-06-10T09:05:51.000000Z","updated_at":"2024-06-10T09:05:51.000000Z",
          "user":{INSTALLATION_JSON}}},
        {{"id":8,"name":"SMS","type":"Premium","description":"Reminders","logo":null,
          "background_image":null,"url":"https:\/\/sms.example.uz","abilities":"[]",
          "created_at":"2024-06-11T10:00:00.000000Z","updated_at":"2024-06-11T10:00:00.000000Z","user":[]}}
    ]}}"#
    );
    let leads = Plugin {
        id: 7,
        name: "Leads".into(),
        plugin_type: PluginType::Free,
        description: "Lead capture".into(),
        logo: Some("https://cdn.example.uz/p/7.png".into()),
        background_image: Some("https://cdn.example.uz/p/7-bg.png".into()),
        url: Some("https://leads.example.uz".into()),
        abilities: list(&["create-lead", "update-lead"]),
        created_at: at("2024-06-10T09:05:51Z"),
        updated_at: at("2024-06-10T09:05:51Z"),
        user: Some(installation()),
    };
    let sms = Plugin {
        id: 8,
        name: "SMS".into(),
        plugin_type: PluginType::Premium,
        description: "Reminders".into(),
        logo: None,
        background_image: None,
        url: Some("https://sms.example.uz".into()),
        abilities: list(&[]),
        created_at: at("2024-06-11T10:00:00Z"),
        updated_at: at("2024-06-11T10:00:00Z"),
        user: None,
    };
    let expected = Envelope {
        status: Some(200),
        success: Some(true),
        data: vec![leads, sms],
        pagination: None,
        message: Some("OK".into()),
    };
    assert_eq!(decode::plugins(body.as_bytes()), Ok(expected));
}

#[test]
fn records_deserialize_through_serde_too() {
    let group: Group =
        serde_json::from_str(&group_json(r#""days":"5","exact_days":"[2]""#)).unwrap();
    assert_eq!(
        group,
        Group {
            days: DaysCode::Custom,
            exact_days: exact(&[Weekday::Tue], &[]),
            ..base_group()
        }
    );
    let links: Links = serde_json::from_value(json!({"next": 5, "previous": "p"})).unwrap();
    assert_eq!(
        links,
        Links {
            next: None,
            previous: Some("p".into())
        }
    );
    let error = serde_json::from_str::<Branch>("[1]")
        .unwrap_err()
        .to_string();
    assert!(error.contains("invalid type"), "{error}");
}

// ---- decoded groups on the week (the decoder and the timetable together) ----

/// Groups as the API sends them (`records` is the `data` list), decoded.
fn decoded_groups(records: serde_json::Value) -> Vec<Group> {
    decode::groups(groups_body(&records.to_string()).as_bytes())
        .unwrap()
        .data
}

#[test]
fn every_exact_days_form_as_sent_places_the_week() {
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    let record = |id: i64, exact_days: serde_json::Value| {
        json!({"id": id, "company_group_number": id, "name": "x", "days": 5,
               "exact_days": exact_days, "status": 2,
               "lesson_start_time": "09:00", "lesson_end_time": "10:00"})
    };
    let groups = decoded_groups(json!([
        record(1, json!([1, 3, 5])),
        record(2, json!(["tue", "Thursday", "SAT"])),
        record(3, json!(["Dushanba", "Пятница", "Вс"])),
        record(4, json!([0, "Mon", "xyz", 9, null])),
        record(5, json!("[2,4]")),
        record(6, json!("[\"Sat\",\"Sun\"]")),
        record(7, json!([])),
        record(8, json!(null)),
        record(9, json!(["Funday", 12])),
        record(10, json!("not a list")),
    ]));
    let utc: Zone = "UTC".parse().unwrap();
    let week = build_week(&groups, &utc, false);
    // The days each group is placed on, Monday first.
    let days_of = |group_id: i64| -> Vec<Weekday> {
        let on_day = week.slots().filter(|(_, slot)| slot.group_id == group_id);
        on_day.map(|(day, _)| day).collect()
    };
    assert_eq!(days_of(1), vec![Mon, Wed, Fri]);
    assert_eq!(days_of(2), vec![Tue, Thu, Sat]);
    assert_eq!(days_of(3), vec![Mon, Fri, Sun]);
    // Junk beside real days does not stop the real ones.
    assert_eq!(days_of(4), vec![Mon, Sun]);
    assert_eq!(days_of(5), vec![Tue, Thu]);
    assert_eq!(days_of(6), vec![Sat, Sun]);
    let reasons: Vec<(i64, UnplacedReason)> = week
        .undecodable
        .iter()
        .map(|u| (groups[u.group_index].id, u.reason.clone()))
        .collect();
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    assert_eq!(reasons[0], (7, UnplacedReason::NoDays));
    assert_eq!(reasons[1], (8, UnplacedReason::NoDays));
    assert_eq!(
        reasons[2],
        (
            9,
            UnplacedReason::UnknownExactDays(vec!["Funday".into(), "12".into()])
        )
    );
    assert_eq!(reasons[3].0, 10);
    assert_eq!(reasons[3].1.code(), "unknown_exact_days");
}

#[test]
fn a_utc_lesson_end_is_placed_in_the_zone() {
    let groups = decoded_groups(json!([{
        "id": 1, "days": 1, "status": 2,
        "lesson_start_time": "10:00",
        "lesson_end_time": "2022-07-15T06:30:00.000000Z"
    }]));
    let tashkent: Zone = "Asia/Tashkent".parse().unwrap();
    let week = build_week(&groups, &tashkent, false);
    let (day, slot) = week.slots().next().unwrap();
    assert_eq!(
        (day, slot.group_id, slot.lane, slot.lanes),
        (Weekday::Mon, 1, 0, 1)
    );
    assert_eq!(
        (format_clock(slot.start), format_clock(slot.end)),
        ("10:00".into(), "11:30".into())
    );
}

/// What `GET /v2/token/me` with `data` tells: the centre's name and zone.
fn centre(data: &str) -> Option<(Option<String>, Option<chrono_tz::Tz>)> {
    let body = format!(r#"{{"status":200,"success":true,"data":{data}}}"#);
    let me = decode::me(body.as_bytes()).ok()?.data;
    Some((me.company_name().map(str::to_string), me.time_zone()))
}

#[test]
fn the_centre_is_read_from_any_shape_the_answer_may_take() {
    let tashkent = Some(chrono_tz::Asia::Tashkent);
    let name = || Some("Ziyo Learning Centre".to_string());
    let cases = [
        (
            r#"{"id":1042,"company":{"id":37,"name":"Ziyo Learning Centre","timezone":"Asia/Tashkent"}}"#,
            Some((name(), tashkent)),
        ),
        (
            r#"{"company":{"name":"Ziyo Learning Centre","time_zone":" Asia/Tashkent "}}"#,
            Some((name(), tashkent)),
        ),
        // The user's zone when the company names none; the company's wins.
        (
            r#"{"timeZone":"Asia/Tashkent","company":{}}"#,
            Some((None, tashkent)),
        ),
        (
            r#"{"timezone":"Europe/Moscow","company":{"timezone":"Asia/Tashkent"}}"#,
            Some((None, tashkent)),
        ),
        // What names no zone or no name: unknown, never an error.
        (
            r#"{"company":{"name":"  ","timezone":"UTC+5"}}"#,
            Some((None, None)),
        ),
        // Numbers are read as text, as everywhere; 5 is no zone.
        (
            r#"{"company":{"name":5,"timezone":5}}"#,
            Some((Some("5".to_string()), None)),
        ),
        (
            r#"{"company":"Ziyo","timezone":["Asia/Tashkent"]}"#,
            Some((None, None)),
        ),
        (r#"{"company":null,"id":1}"#, Some((None, None))),
        (r#"{"timezone":"local"}"#, Some((None, None))),
        // Not a user object at all: an error, which callers ignore.
        (r#"[{"company":{"timezone":"Asia/Tashkent"}}]"#, None),
        ("{}", None),
        ("null", None),
    ];
    for (data, expected) in cases {
        assert_eq!(centre(data), expected, "{data}");
    }
    assert!(decode::me(b"<html>Not Found</html>").is_err());
}
