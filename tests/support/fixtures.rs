//! Small hand-made models and a scripted server, for the app's unit tests,
//! the render snapshots, the benches and the in-process runner.
//! Deterministic: no clock, no randomness, no local time zone.
//!
//! Test data, so it lives with the tests and is compiled only for them: the
//! lib's `#[cfg(test)]` build takes this very file as `app::fixtures`
//! (through `#[path]`, and `crmdeck` naming the crate itself there), and so
//! do the benches. Hence `crmdeck::` paths only, never `crate::`/`super::`.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use crmdeck::app::compared::{CompareAsk, Compared, SeenChanges};
use crmdeck::app::fleet::Fleet;
use crmdeck::app::{
    Answer, App, AppAnswer, AppSettings, Effect, Input, PluginsAnswer, Request, SavedView,
    WalkAnswer,
};
use crmdeck::config::Theme;
use crmdeck::domain::centre::{
    CentreSummary, Figures, NextLesson, Plugins, Probe, SnapshotFigures, Status,
};
use crmdeck::domain::changes::centre_day;
use crmdeck::domain::check::MaxParallel;
use crmdeck::domain::digest::digests;
use crmdeck::domain::timetable::WorkingHours;
use crmdeck::domain::zone::Zone;
use crmdeck::model::{
    Abilities, Branch, Company, Course, DateField, DaysCode, ExactDays, Group, GroupStatus,
    GroupsPage, GroupsQuery, Installation, LessonTime, Links, Me, Pagination, Plugin, PluginType,
    SentText, Timestamp,
};
use crmdeck::present::Language;
use crmdeck::store::{HistoryDay, Snapshot, SnapshotKey};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::PathBuf;
use std::sync::Arc;

/// Groups in all pages of [`answer`]'s server.
pub const TOTAL_GROUPS: u64 = 95;

/// The most groups a page of [`server_answer`] holds, whatever is asked
/// (live servers cap `per_page` silently).
pub const SERVER_PER_PAGE: u32 = 20;

/// Settings for tests: times in Asia/Tashkent, English day names, all
/// branches, mouse on, teaching 08:00–21:00 (the token's expiry is
/// [`token_expires_at`]'s).
pub fn settings() -> AppSettings {
    AppSettings {
        profile: Some("demo".to_string()),
        replaced: Vec::new(),
        profiles: vec!["demo".to_string(), "test".to_string()],
        host: "api.example.uz".to_string(),
        insecure_http: false,
        config_zone: Some(Zone::Named(chrono_tz::Asia::Tashkent)),
        machine_zone: Zone::Named(chrono_tz::Asia::Tashkent),
        language: Language::En,
        read_only: false,
        branch_id: None,
        auto_refresh: None,
        theme: Theme::Default,
        accent: None,
        mouse: true,
        log_path: PathBuf::from("/home/ops/.local/state/crmdeck/crmdeck.log"),
        working_hours: WorkingHours::default(),
        max_parallel: MaxParallel::default(),
        max_in_flight: None,
        max_groups: None,
        walk_deadline: None,
        // No snapshot effects in the unit tests unless one asks for them.
        cache: false,
        warnings: Vec::new(),
        view: SavedView::default(),
        command_history: Vec::new(),
        keymap: Default::default(),
        queries: Default::default(),
        fleet: Fleet {
            looking_at: Some("demo".to_string()),
            ..Fleet::of(FLEET.map(String::from), 4)
        },
    }
}

/// When the token of tests expires: in 40 minutes (the top line warns).
pub fn token_expires_at() -> Option<DateTime<Utc>> {
    Some(now() + chrono::TimeDelta::minutes(40))
}

/// The fixed "now" of tests: 2025-06-02 09:00 UTC.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 6, 2, 9, 0, 0).unwrap()
}

/// Four branches of a centre in Tashkent.
pub fn branches() -> Vec<Branch> {
    ["Chilonzor", "Yunusobod", "Mirzo Ulug'bek", "Sergeli"]
        .iter()
        .zip(1..)
        .map(|(name, id)| Branch::new(id, *name))
        .collect()
}

/// (group name, course name, course price): wide characters and a
/// combining mark included, to check column alignment.
const SUBJECTS: [(&str, &str, i64); 8] = [
    (
        "English Intermediate",
        "General English (Intermediate)",
        450_000,
    ),
    ("IELTS 6.5", "IELTS Intensive", 900_000),
    ("Frontend React", "Frontend (React)", 1_200_000),
    ("Русский язык", "Russian language", 350_000),
    ("日本語 N5", "Japanese (JLPT)", 600_000),
    ("Cafe\u{301} Français", "French A2", 500_000),
    ("Mental arithmetic", "Mental arithmetic", 300_000),
    (
        "DTM Math",
        "Mathematics for university entrance (DTM)",
        400_000,
    ),
];

fn at(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(year, month, day, hour, minute, 0)
        .unwrap()
}

fn day(year: i32, month: u32, day: u32) -> Option<DateField> {
    NaiveDate::from_ymd_opt(year, month, day).map(DateField::Date)
}

/// Group `id`: its fields vary with the id (days code, time, status,
/// branch, subject). Group 1 has a comment with an escape sequence in it.
pub fn group(id: i64) -> Group {
    let index = id.unsigned_abs() as usize;
    let (subject, course_name, price) = SUBJECTS[index % SUBJECTS.len()];
    let hour = 8 + (index * 3 % 11) as u32;
    let minute = (index % 2) as u32 * 30;
    let start = NaiveTime::from_hms_opt(hour, minute, 0).unwrap();
    let end = start + chrono::TimeDelta::minutes(90);
    let (days, exact_days) = match index % 5 {
        0 => (DaysCode::MonWedFri, ExactDays::default()),
        1 => (DaysCode::TueThuSat, ExactDays::default()),
        2 => (DaysCode::Weekend, ExactDays::default()),
        3 => (DaysCode::EveryDay, ExactDays::default()),
        _ => (
            DaysCode::Custom,
            ExactDays {
                days: vec![Weekday::Mon, Weekday::Fri, Weekday::Sat],
                unknown: Vec::new(),
            },
        ),
    };
    // Every sixth group sends its end as a UTC timestamp (Tashkent is UTC+5).
    let lesson_end_time = if index.is_multiple_of(6) {
        LessonTime::Utc(
            at(2022, 7, 15, 0, 0) + (end - NaiveTime::MIN) - chrono::TimeDelta::hours(5),
        )
    } else {
        LessonTime::Clock(end)
    };
    let comment = match id {
        1 => Some(
            "Room 12, second floor.\nMoved from Tuesday\u{1b}[2J\u{7} after the holidays; \
             call the parents before the first lesson."
                .to_string(),
        ),
        _ => None,
    };
    let month_day = (index % 27) as u32 + 1;
    Group {
        id,
        company_group_number: Some(id),
        name: format!("{subject} — {hour:02}:{minute:02}"),
        days,
        exact_days,
        lesson_start_time: Some(LessonTime::Clock(start)),
        lesson_end_time: Some(lesson_end_time),
        status: if index.is_multiple_of(4) {
            GroupStatus::Archive
        } else {
            GroupStatus::Active
        },
        group_type: Some(1),
        is_corporate: Some(false),
        salary_for_corporate: None,
        write_off: Some(Box::new(serde_json::json!({"mode": "monthly"}))),
        last_write_off_date: day(2025, 5, 1),
        next_write_off_date: day(2025, 6, 1),
        course_id: Some(100 + (index % SUBJECTS.len()) as i64),
        branch_id: Some(1 + (index % 4) as i64),
        selection_start_date: None,
        selection_end_date: None,
        group_start_date: day(2025, 1, month_day),
        group_end_date: day(2025, 9, month_day),
        created_at: Some(Timestamp::Utc(at(2024, 12, 20, 9, 5))),
        updated_at: Some(Timestamp::Utc(at(2025, 5, 30, 14, 40))),
        created_by: Some(7),
        updated_by: Some(7),
        deleted_at: None,
        deleted_by: None,
        comment,
        course: Some(Arc::new(Course {
            id: 100 + (index % SUBJECTS.len()) as i64,
            name: course_name.to_string(),
            image: Some(format!(
                "https://cdn.example.uz/courses/{}.png",
                index % SUBJECTS.len()
            )),
            description: Some(format!(
                "{course_name}: lessons, homework and a final test."
            )),
            lesson_duration: Some(90),
            course_duration: Some(9),
            is_enabled: Some(true),
            parent_id: None,
            price: Some(price),
            company_id: Some(12),
            course_type: Some(1),
            lessons_per_module: Some(12),
            created_at: Some(Timestamp::Utc(at(2023, 8, 1, 6, 0))),
            updated_at: None,
            created_by: Some(1),
            updated_by: None,
            deleted_at: None,
            deleted_by: None,
            short_name: None,
        })),
        sent: SentText::default(),
    }
}

/// The page `query` of a server holding `total` groups (ids 1..=total),
/// branch filtering aside.
pub fn groups_page(query: GroupsQuery, total: u64) -> GroupsPage {
    let per_page = u64::from(query.per_page.max(1));
    let first = (query.page.max(1) - 1) * per_page + 1;
    let last = (first + per_page - 1).min(total);
    let groups: Vec<Group> = (first..=last).map(|id| group(id as i64)).collect();
    GroupsPage {
        query,
        pagination: Pagination {
            count: Some(groups.len() as u64),
            total: Some(total),
            per_page: Some(per_page),
            current_page: Some(query.page),
            total_pages: Some(total.div_ceil(per_page).max(1)),
            links: Links::default(),
        },
        groups,
    }
}

/// Installation `id` of `plugin_id` with a token that masks to `{id}|jCr5…`.
pub fn installation(id: i64, plugin_id: i64) -> Installation {
    Installation {
        id,
        plugin_id: Some(plugin_id),
        user_id: Some(1042),
        token: Some(format!("{id}|jCr5Qm0aXbT7sLw2kHd9PzUeYv4NcR8gFo1iKj6M")),
        created_at: Some(Timestamp::Utc(at(2025, 3, 14, 10, 20))),
        updated_at: Some(Timestamp::Utc(at(2025, 3, 14, 10, 20))),
    }
}

/// What plugins may do, by plugin id (modulo).
const ABILITIES: [&[&str]; 4] = [
    &["create-lead", "update-lead", "read-leads"],
    &["read-groups", "read-students", "send-message"],
    &["send-sms", "read-students"],
    &["create-payment", "read-payments", "read-students"],
];

/// Plugin `id`; installed (installation `id + 20`) when `installed`.
pub fn plugin(id: i64, name: &str, plugin_type: PluginType, installed: bool) -> Plugin {
    Plugin {
        id,
        name: name.to_string(),
        plugin_type,
        description: format!(
            "{name} connects the CRM to an outside service. It reads what its abilities \
             allow and nothing else; remove it at any time."
        ),
        logo: Some(format!("https://cdn.example.uz/plugins/{id}/logo.png")),
        background_image: Some(format!(
            "https://cdn.example.uz/plugins/{id}/background.jpg"
        )),
        url: Some(format!("https://plugins.example.uz/{id}")),
        abilities: Abilities::List(
            ABILITIES[id.unsigned_abs() as usize % ABILITIES.len()]
                .iter()
                .map(|ability| ability.to_string())
                .collect(),
        ),
        created_at: Some(Timestamp::Utc(at(2024, 6, 10, 9, 5))),
        updated_at: Some(Timestamp::Utc(at(2025, 1, 20, 16, 45))),
        user: installed.then(|| installation(id + 20, id)),
    }
}

/// The token's user at a centre whose zone is `timezone`.
pub fn me(timezone: &str) -> Me {
    Me {
        user_id: Some(7),
        company: Some(Company {
            id: Some(3),
            name: Some("Ziyo Learning Centre".to_string()),
            timezone: Some(timezone.to_string()),
        }),
        timezone: None,
    }
}

/// Six plugins: 1 and 3 installed.
pub fn plugins() -> Vec<Plugin> {
    vec![
        plugin(1, "Telegram bot", PluginType::Free, true),
        plugin(2, "SMS gateway (Eskiz)", PluginType::Premium, false),
        plugin(3, "Payme payments", PluginType::Premium, true),
        plugin(4, "Click", PluginType::Premium, false),
        plugin(5, "Google Sheets export", PluginType::Free, false),
        plugin(6, "Zoom lessons", PluginType::Premium, false),
    ]
}

/// What the scripted server answers to `request`: pages of
/// [`TOTAL_GROUPS`] groups, [`SERVER_PER_PAGE`] at most, [`branches`], [`plugins`], the centre of
/// [`me`] in Asia/Tashkent, and installs.
pub fn server_answer(request: &Request) -> Answer {
    match *request {
        Request::Groups(query) => {
            let capped = GroupsQuery {
                per_page: query.per_page.min(SERVER_PER_PAGE),
                ..query
            };
            let mut page = groups_page(capped, TOTAL_GROUPS);
            page.query = query;
            Answer::Walk(WalkAnswer::Groups(query, Ok(page)))
        }
        Request::Plugins => Answer::Plugins(PluginsAnswer::Plugins(Ok(plugins()))),
        Request::Branches => Answer::App(AppAnswer::Branches(Ok(branches()))),
        Request::Me => Answer::App(AppAnswer::Me(Ok(me("Asia/Tashkent")))),
        Request::Install(plugin_id) => Answer::Plugins(PluginsAnswer::Install(
            plugin_id,
            Ok(installation(plugin_id + 20, plugin_id)),
        )),
    }
}

/// A snapshot of every branch taken 3 minutes before [`now`]: the groups
/// `ids`, the [`branches`] and the [`plugins`] (their tokens stripped).
pub fn snapshot(ids: impl Iterator<Item = i64>) -> Snapshot {
    let key = SnapshotKey {
        profile: None,
        base_url: "http://127.0.0.1:8080".into(),
        account: Some("5f1c".into()),
        branch: None,
    };
    let taken_at = now() - chrono::TimeDelta::minutes(3);
    let groups = ids.map(group);
    Snapshot::new(
        key,
        taken_at,
        groups,
        Some(branches()),
        Some(plugins()),
        None,
    )
}

/// The history's day before [`now`] (Sunday 2025-06-01, its walk at
/// 18:00 in Tashkent): groups 2..=31 as [`group`] makes them, but group 5
/// named otherwise and group 4 (archived now) active. Against the
/// [`snapshot`] of 1..=30: 1 new, 5 changed, 4 archived, 31 gone.
pub fn sunday() -> HistoryDay {
    let groups = (2..=31).map(|id| {
        let mut group = group(id);
        match id {
            5 => group.name = "Renamed since".into(),
            4 => group.status = GroupStatus::Active,
            _ => {}
        }
        group
    });
    HistoryDay {
        key: SnapshotKey {
            profile: None,
            base_url: "http://127.0.0.1:8080".into(),
            account: Some("5f1c".into()),
            branch: None,
        },
        day: NaiveDate::from_ymd_opt(2025, 6, 1).unwrap(),
        taken_at: now() - chrono::TimeDelta::hours(20),
        digests: digests(groups, crmdeck::domain::zone::CENTRE_ZONE),
    }
}

/// The comparison asked for among `effects` (the last one).
pub fn compare_asked(effects: &[Effect]) -> Option<&CompareAsk> {
    effects.iter().rev().find_map(|effect| match effect {
        Effect::Compare(ask) => Some(ask.as_ref()),
        _ => None,
    })
}

/// Answers `ask` as the runtime does, against the history's `day`.
pub fn compared(app: &mut App, ask: &CompareAsk, day: &HistoryDay) -> Vec<Effect> {
    let today = centre_day(ask.now, &ask.zone);
    let found = SeenChanges::between(
        day,
        &ask.groups,
        ask.complete,
        ask.zone,
        ask.seen_at,
        today,
        Vec::new(),
    );
    let compared = Compared {
        seq: ask.seq,
        branch: ask.branch,
        since: ask.since,
        result: Ok(found),
    };
    app.update(Input::Compared(Box::new(compared)), now())
}

/// Answers every fetch in `effects` (and in the effects that follow) with
/// `reply`; a reply of None leaves that request unanswered. Returns the
/// effects that are not fetches answered here.
pub fn answer(
    app: &mut App,
    effects: Vec<Effect>,
    reply: &mut dyn FnMut(&Request) -> Option<Answer>,
) -> Vec<Effect> {
    let mut pending = effects;
    let mut left = Vec::new();
    while let Some(effect) = pending.pop() {
        match &effect {
            Effect::Fetch { id, request } => match reply(request) {
                Some(answer) => {
                    let msg = Input::Response {
                        id: *id,
                        answer: Box::new(answer),
                    };
                    pending.extend(app.update(msg, now()));
                }
                None => left.push(effect),
            },
            // Every centre answers, as it is scripted.
            Effect::ProbeCentres(ask) => {
                for centre in &ask.centres {
                    let summary = Box::new(refreshed_centre(centre));
                    let refresh = ask.refresh;
                    pending.extend(app.update(Input::CentreProbed { refresh, summary }, now()));
                }
            }
            _ => left.push(effect),
        }
    }
    left
}

/// The centres of the fixtures' fleet: each answers its refresh as
/// [`refreshed_centre`] scripts it.
pub const FLEET: [&str; 5] = ["demo", "test", "east", "north", "south"];

/// `previous` as a refresh at [`now`] leaves it, by its profile: `demo`
/// ok (its token expiring in 3 days, its snapshot's figures), `test`
/// unreachable after a good answer 25 minutes ago (its figures stale),
/// `east` its token refused, `north` ok and read-only, any other an API
/// error 502.
pub fn refreshed_centre(previous: &CentreSummary) -> CentreSummary {
    let at = |minutes| now() - chrono::TimeDelta::minutes(minutes);
    let probe = |status, groups: Option<u64>, minutes| Probe {
        status,
        latency: groups.map(|_| std::time::Duration::from_millis(120)),
        figures: Figures {
            name: groups.map(|_| format!("Ziyo {}", previous.profile)),
            groups,
            plugins: groups.map(|_| Plugins {
                installed: 3,
                total: 12,
            }),
        },
        at: at(minutes),
    };
    let mut summary = match previous.profile.as_str() {
        "demo" => CentreSummary::refreshed(previous, probe(Status::Ok, Some(240), 0)),
        "test" => {
            let good = CentreSummary::refreshed(previous, probe(Status::Ok, Some(60), 25));
            CentreSummary::refreshed(&good, probe(Status::Unreachable, None, 0))
        }
        "east" => CentreSummary::refreshed(previous, probe(Status::TokenRefused, None, 0)),
        "north" => CentreSummary::refreshed(previous, probe(Status::Ok, Some(2_000), 0)),
        _ => CentreSummary::refreshed(previous, probe(Status::ApiError(502), None, 0)),
    };
    summary.host = Some(format!("{}.example.uz", summary.profile));
    summary.read_only = summary.profile == "north";
    if summary.profile == "demo" {
        summary.token_expires_at = Some(now() + chrono::TimeDelta::days(3));
        let day = NaiveDate::from_ymd_opt(2025, 6, 2).unwrap();
        summary.snapshot = Some(SnapshotFigures {
            active_groups: 180,
            in_class: 12,
            next: Some(NextLesson {
                start: day.and_hms_opt(14, 30, 0).unwrap(),
                group: "English B1".to_string(),
            }),
            saved_at: at(40),
        });
    }
    summary
}

/// The key pressed for `c`: characters as typed, `\n` as Enter, `\x1b` as
/// Esc, `\t` as Tab.
pub fn key(c: char) -> KeyEvent {
    let code = match c {
        '\n' => KeyCode::Enter,
        '\x1b' => KeyCode::Esc,
        '\t' => KeyCode::Tab,
        c => KeyCode::Char(c),
    };
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Presses `keys` (see [`key`]) at [`now`]. Returns every effect asked for.
pub fn press(app: &mut App, keys: &str) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| app.update(Input::Key(key(c)), now()))
        .collect()
}

/// A new app of `size` whose first requests the scripted server answered.
pub fn loaded_app(settings: AppSettings, size: (u16, u16)) -> App {
    loaded_app_expiring(settings, token_expires_at(), size)
}

/// [`loaded_app`] with a token that expires at `expires_at` (None: not
/// known).
pub fn loaded_app_expiring(
    settings: AppSettings,
    expires_at: Option<DateTime<Utc>>,
    size: (u16, u16),
) -> App {
    let (mut app, effects) = App::new(settings, expires_at, size);
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    app
}
