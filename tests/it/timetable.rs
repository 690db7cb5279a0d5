//! `crmdeck timetable` against an in-test demo server: the week as JSON, CSV
//! and text, compared with what `crmdeck groups` lists for the same branch.

use crate::support;

use crmdeck::demo::{Fault, Route};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use support::cli::{Fixture, assert_failed, fixture, stdout_json};
use support::text::assert_contains;

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/// The demo centre is in Tashkent, and its group names end in the start
/// time there ("IELTS 7.0 — 11:00").
const DEMO_ZONE_CONFIG: &str = "timezone = \"Asia/Tashkent\"\n";

impl Fixture {
    /// A config file holding `text`, for `--config`.
    fn config(&self, text: &str) -> PathBuf {
        let path = self.home.path().join("timetable.toml");
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Every group of `branch`, as `crmdeck groups` lists them.
    async fn groups(&self, branch: &str) -> Vec<Value> {
        self.list(&[
            "groups",
            "--branch",
            branch,
            "--all",
            "--per-page",
            "100",
            "--format",
            "json",
        ])
        .await
    }

    /// The week of `branch` as JSON, times in the demo centre's zone.
    async fn week(&self, branch: &str, extra: &[&str]) -> Value {
        let config = self.config(DEMO_ZONE_CONFIG);
        let mut args = vec!["--config", config.to_str().unwrap(), "timetable"];
        args.extend(["--branch", branch, "--format", "json"]);
        args.extend(extra);
        self.json(&args).await
    }
}

/// (day, group id) of every lesson in a week.
fn placements(week: &Value) -> BTreeSet<(String, i64)> {
    DAYS.iter()
        .flat_map(|day| {
            week["days"][day]
                .as_array()
                .unwrap_or_else(|| panic!("no {day} in {week}"))
                .iter()
                .map(|slot| (day.to_string(), slot["group"]["id"].as_i64().unwrap()))
        })
        .collect()
}

/// (day, group id) for every weekday each of `groups` meets.
fn expected_placements<'a>(groups: impl Iterator<Item = &'a Value>) -> BTreeSet<(String, i64)> {
    groups
        .flat_map(|group| {
            let id = group["id"].as_i64().unwrap();
            group["days_names"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |day| (day.as_str().unwrap().to_string(), id))
        })
        .collect()
}

fn is_active(group: &Value) -> bool {
    group["status"] == 2
}

#[tokio::test]
async fn every_active_group_is_on_each_of_its_weekdays_at_its_time() {
    let fx = fixture().await;
    let groups = fx.groups("2").await;
    let week = fx.week("2", &[]).await;
    assert_eq!(week["branch_id"], 2);
    assert_eq!(week["timezone"], "Asia/Tashkent");
    let active = groups.iter().filter(|g| is_active(g));
    let expected = expected_placements(active.clone());
    assert!(expected.len() > 20, "{expected:?}");
    assert_eq!(placements(&week), expected);
    assert_eq!(week["undecodable"], serde_json::json!([]));
    assert_eq!(
        week["summary"]["hidden"],
        groups.iter().filter(|g| !is_active(g)).count()
    );
    assert_eq!(week["summary"]["groups"], active.count());
    for day in DAYS {
        for slot in week["days"][day].as_array().unwrap() {
            let name = slot["group"]["name"].as_str().unwrap();
            let start = slot["start"].as_str().unwrap();
            assert!(name.ends_with(start), "{day}: {name} at {start}");
            assert!(slot["lane"].as_u64() < slot["lanes"].as_u64(), "{slot}");
        }
    }
}

#[tokio::test]
async fn a_mon_wed_fri_group_is_under_mon_wed_and_fri_only() {
    let fx = fixture().await;
    let groups = fx.groups("1").await;
    let mon_wed_fri = groups
        .iter()
        .find(|g| g["days"] == 1 && is_active(g))
        .expect("branch 1 has an active Mon-Wed-Fri group");
    let id = mon_wed_fri["id"].as_i64().unwrap();
    let week = fx.week("1", &[]).await;
    let days: Vec<String> = placements(&week)
        .into_iter()
        .filter(|(_, group)| *group == id)
        .map(|(day, _)| day)
        .collect();
    // In the set's (alphabetical) order.
    assert_eq!(days, vec!["Fri", "Mon", "Wed"]);
}

#[tokio::test]
async fn archived_groups_only_with_the_flag() {
    let fx = fixture().await;
    let groups = fx.groups("3").await;
    assert!(
        groups.iter().any(|g| !is_active(g)),
        "demo has archived groups"
    );
    let week = fx.week("3", &["--archived"]).await;
    assert_eq!(placements(&week), expected_placements(groups.iter()));
    assert_eq!(week["summary"]["hidden"], 0);
}

#[tokio::test]
async fn csv_has_one_row_per_group_and_weekday() {
    let fx = fixture().await;
    let week = fx.week("2", &[]).await;
    let lessons: usize = DAYS
        .iter()
        .map(|day| week["days"][day].as_array().unwrap().len())
        .sum();
    let text = fx
        .text(&["timetable", "--branch", "2", "--format", "csv"])
        .await;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "day,start,end,group_id,number,name,course,branch_name"
    );
    assert_eq!(lines.len(), lessons + 1);
    // The branch by its name, on every row (issue 37 §8).
    let branches = fx.list(&["branches"]).await;
    let name = branches.iter().find(|b| b["id"] == 2).unwrap()["name"]
        .as_str()
        .unwrap();
    for line in &lines[1..] {
        assert!(line.ends_with(&format!(",{name}")), "{line}");
    }
    assert!(lines[1].starts_with("Mon,"), "{}", lines[1]);
    assert!(text.ends_with("\r\n"));
}

#[tokio::test]
async fn text_is_a_grid_with_every_day_and_a_summary() {
    let fx = fixture().await;
    let (text, notes) = fx
        .text_and_notes(&["--format", "table", "timetable", "--branch", "2", "-v"])
        .await;
    let header = text.lines().next().unwrap();
    for day in DAYS {
        assert!(header.contains(day), "{header}");
    }
    assert!(text.lines().any(|l| l.starts_with("08:00│")), "{text}");
    assert_contains(
        &text,
        &["this week · busiest day:", "First free hour (08:00–21:00)"],
    );
    assert_contains(&notes, &["groups from every page"]);
}

#[tokio::test]
async fn a_branch_with_no_groups_is_an_empty_week() {
    let fx = fixture().await;
    // A server without the branch list: the id is taken as it is given
    // (with the list, 999 would be refused as no branch).
    let not_found = Fault::Status(404);
    fx.server.faults().push(not_found, 1, Some(Route::Branches));
    let week = fx.week("999", &["--hours", "09:00–20:00"]).await;
    assert_eq!(placements(&week), BTreeSet::new());
    assert_eq!(week["undecodable"], serde_json::json!([]));
    let summary = &week["summary"];
    assert_eq!(summary["groups"], 0);
    assert_eq!(summary["busiest_day"], Value::Null);
    for day in DAYS {
        assert_eq!(summary["first_free_hour"][day], "09:00", "{summary}");
    }
    assert_eq!(
        summary["working_hours"],
        serde_json::json!({"open": "09:00", "close": "20:00"})
    );
}

#[tokio::test]
async fn the_branch_can_come_from_the_config() {
    let fx = fixture().await;
    let config = fx.config("branch_id = 4\n");
    let out = fx
        .run(&["--config", config.to_str().unwrap(), "timetable"])
        .await;
    assert_eq!(stdout_json(&out)["branch_id"], 4);
}

#[tokio::test]
async fn working_hours_come_from_the_config_unless_the_flag_gives_them() {
    let fx = fixture().await;
    let config = fx.config("branch_id = 999\nworking_hours = \"10:00-19:00\"\n");
    let config = config.to_str().unwrap();
    let hours_of = |out| stdout_json(&out)["summary"]["working_hours"].clone();

    let from_config = fx.run(&["--config", config, "timetable"]).await;
    assert_eq!(
        hours_of(from_config),
        serde_json::json!({"open": "10:00", "close": "19:00"})
    );
    let from_flag = fx
        .run(&["--config", config, "timetable", "--hours", "07:30-12:00"])
        .await;
    assert_eq!(
        hours_of(from_flag),
        serde_json::json!({"open": "07:30", "close": "12:00"})
    );
}

#[tokio::test]
async fn usage_errors_are_exit_2() {
    let fx = fixture().await;
    let out = fx.run(&["timetable"]).await;
    assert_failed(&out, 2, "--branch");
    let out = fx
        .run(&["timetable", "--branch", "2", "--hours", "21:00-08:00"])
        .await;
    assert_failed(&out, 2, "working hours");
}

#[tokio::test]
async fn a_wrong_token_is_exit_1() {
    let fx = fixture().await;
    let out = fx
        .run_with_token(
            &["timetable", "--branch", "2"],
            "wrong-token-for-the-timetable",
        )
        .await;
    assert_failed(&out, 1, "401");
}

/// `crmdeck today` of `branch` at `at` as JSON, in the demo centre's zone;
/// its keys checked to come in their order.
async fn today_at(fx: &Fixture, branch: &str, at: &str, extra: &[&str]) -> Value {
    let config = fx.config(DEMO_ZONE_CONFIG);
    let mut args = vec!["--config", config.to_str().unwrap(), "today"];
    args.extend(["--branch", branch, "--at", at, "--format", "json"]);
    args.extend(extra);
    let text = fx.text(&args).await;
    let keys = [
        "at",
        "day",
        "now",
        "next",
        "tomorrow",
        "later",
        "done",
        "lessons",
        "cannot_place",
    ];
    let places: Vec<usize> = keys
        .iter()
        .map(|key| {
            text.find(&format!("\n  \"{key}\":"))
                .unwrap_or_else(|| panic!("{key}"))
        })
        .collect();
    assert!(places.is_sorted(), "the keys in their order: {text}");
    let today: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(today.as_object().unwrap().len(), keys.len(), "{text}");
    today
}

/// Tashkent keeps UTC+5 all year.
const TASHKENT_MINUTES: i64 = 5 * 60;

/// The wall-clock minute of day in Tashkent of a demo lesson time (a UTC
/// timestamp whose date means nothing).
fn tashkent_minute(time: &Value) -> i64 {
    let at: chrono::DateTime<chrono::Utc> = time.as_str().unwrap().parse().unwrap();
    let minutes = i64::from(chrono::Timelike::num_seconds_from_midnight(&at)) / 60;
    (minutes + TASHKENT_MINUTES).rem_euclid(24 * 60)
}

/// The weekdays a group meets, read from its own `days` and `exact_days`.
fn meets_on(group: &Value) -> Vec<String> {
    let days: &[&str] = match group["days"].as_i64() {
        Some(1) => &["Mon", "Wed", "Fri"],
        Some(2) => &["Tue", "Thu", "Sat"],
        Some(3) => &["Sat", "Sun"],
        Some(4) => &DAYS,
        Some(5) => {
            let exact = group["exact_days"].as_array().unwrap();
            return exact
                .iter()
                .map(|d| d.as_str().unwrap().to_owned())
                .collect();
        }
        other => panic!("days {other:?} in {group}"),
    };
    days.iter().map(|d| d.to_string()).collect()
}

/// (group id, start, end) of each lesson of one part.
fn part_of(today: &Value, part: &str) -> Vec<(i64, String, String)> {
    let lessons = today[part].as_array().unwrap_or_else(|| panic!("{part}"));
    let found: Vec<(i64, String, String)> = lessons
        .iter()
        .map(|l| {
            let text = |key: &str| l[key].as_str().unwrap().to_owned();
            (l["group_id"].as_i64().unwrap(), text("start"), text("end"))
        })
        .collect();
    let starts: Vec<&String> = found.iter().map(|(_, start, _)| start).collect();
    assert!(starts.is_sorted(), "{part} in time order: {starts:?}");
    found
}

/// What the groups' own days and times say of `date` at `time` (HH:MM):
/// (now, next, later, done), each sorted by group id.
fn expected_today(
    groups: &[Value],
    date: &str,
    weekday: &str,
    time: &str,
) -> [Vec<(i64, String, String)>; 4] {
    let minute_of = |hhmm: &str| {
        let (h, m) = hhmm.split_once(':').unwrap();
        h.parse::<i64>().unwrap() * 60 + m.parse::<i64>().unwrap()
    };
    let at = minute_of(time);
    let clock = |minute: i64| format!("{date}T{:02}:{:02}", minute / 60, minute % 60);
    let lessons: Vec<(i64, i64, i64)> = groups
        .iter()
        .filter(|g| is_active(g) && meets_on(g).iter().any(|d| d == weekday))
        .map(|g| {
            let start = tashkent_minute(&g["lesson_start_time"]);
            let end = tashkent_minute(&g["lesson_end_time"]);
            assert!(
                end > start,
                "the demo's lessons end the day they start: {g}"
            );
            (g["id"].as_i64().unwrap(), start, end)
        })
        .collect();
    let soonest = lessons.iter().map(|l| l.1).filter(|&s| s > at).min();
    let mut parts: [Vec<(i64, String, String)>; 4] = Default::default();
    for (id, start, end) in lessons {
        let part = if end <= at {
            3
        } else if start <= at {
            0
        } else if Some(start) == soonest {
            1
        } else {
            2
        };
        parts[part].push((id, clock(start), clock(end)));
    }
    for part in &mut parts {
        part.sort();
    }
    parts
}

#[tokio::test]
async fn today_at_a_moment_is_what_the_groups_own_days_and_times_say() {
    let fx = fixture().await;
    let groups = fx.groups("1").await;
    // 2026-11-23 is a Monday, 2026-11-28 a Saturday.
    let moments = [
        ("2026-11-23", "Mon", "15:50"),
        ("2026-11-28", "Sat", "10:00"),
        ("2026-11-29", "Sun", "07:00"),
    ];
    for (date, weekday, time) in moments {
        let at = format!("{date}T{time}");
        let today = today_at(&fx, "1", &at, &[]).await;
        assert_eq!(today["at"], at.as_str());
        let found = ["now", "next", "later", "done"].map(|part| {
            let mut lessons = part_of(&today, part);
            lessons.sort();
            lessons
        });
        let expected = expected_today(&groups, date, weekday, time);
        assert!(
            expected.iter().map(Vec::len).sum::<usize>() > 3,
            "{at}: {expected:?}"
        );
        assert_eq!(found, expected, "{at}");
        assert_eq!(today["cannot_place"], serde_json::json!([]));
        let first = today["now"].get(0).or(today["next"].get(0)).unwrap();
        assert_eq!(first["branch_name"], "Chilonzor", "{first}");
    }
}

#[tokio::test]
async fn today_shows_archived_groups_only_with_the_flag() {
    let fx = fixture().await;
    let groups = fx.groups("1").await;
    let count = |today: &Value| {
        ["now", "next", "later", "done"]
            .iter()
            .map(|part| today[part].as_array().unwrap().len())
            .sum::<usize>()
    };
    let at = "2026-11-23T12:00";
    let current = count(&today_at(&fx, "1", at, &[]).await);
    let all = count(&today_at(&fx, "1", at, &["--archived"]).await);
    let archived_on_monday = groups
        .iter()
        .filter(|g| !is_active(g) && meets_on(g).iter().any(|d| d == "Mon"))
        .count();
    assert!(archived_on_monday > 0);
    assert_eq!(all, current + archived_on_monday);
}

/// `crmdeck today` of branch 1 on Monday 2026-11-23 at 15:50, with the
/// config `config`.
fn monday_at_15_50(config: &str) -> [&str; 7] {
    [
        "--config",
        config,
        "today",
        "--branch",
        "1",
        "--at",
        "2026-11-23T15:50",
    ]
}

#[tokio::test]
async fn today_as_a_table_and_csv_and_a_bad_at() {
    let fx = fixture().await;
    let config = fx.config(DEMO_ZONE_CONFIG);
    let config = config.to_str().unwrap();
    let args = monday_at_15_50(config);
    let table = fx.text(&[&args[..], &["--format", "table"]].concat()).await;
    assert_contains(
        &table,
        &["2026-11-23 15:50 (Asia/Tashkent)", "PART", "in 10 min"],
    );
    let csv = fx.text(&[&args[..], &["--format", "csv"]].concat()).await;
    assert!(
        csv.starts_with("part,start,end,when,group_id,name,course,branch_name\r\n"),
        "{csv}"
    );
    assert_contains(&csv, &["\r\nnext,16:00,17:30,in 10 min,"]);
    let out = fx.run(&["today", "--at", "tomorrow at four"]).await;
    assert_failed(&out, 2, "YYYY-MM-DDTHH:MM");
    // A time of day alone: today, in the centre's zone.
    let at = today_at(&fx, "1", "15:50", &[]).await;
    let centre_today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Asia::Tashkent)
        .date_naive();
    assert_eq!(at["at"], format!("{centre_today}T15:50"));
}

/// Issue 37 §1: `--day` lists another day (counted from the moment), its
/// lessons in one list; the table names it; a word that names no day is
/// exit 2 saying what is taken.
#[tokio::test]
async fn today_for_another_day() {
    let fx = fixture().await;
    // 2026-11-23 is a Monday.
    let monday = today_at(&fx, "1", "2026-11-23T15:50", &[]).await;
    assert_eq!(monday["day"], "2026-11-23");
    assert!(!monday["later"].as_array().unwrap().is_empty());
    for (day, date) in [
        ("tomorrow", "2026-11-24"),
        ("fri", "2026-11-27"),
        ("пт", "2026-11-27"),
        ("2026-12-01", "2026-12-01"),
    ] {
        let other = today_at(&fx, "1", "2026-11-23T15:50", &["--day", day]).await;
        assert_eq!(other["day"], date, "{day}");
        assert_eq!(other["at"], "2026-11-23T15:50", "the moment stays");
        let lessons = other["lessons"].as_array().unwrap();
        assert!(!lessons.is_empty(), "{day}: {other}");
        for part in ["now", "next", "tomorrow", "later", "done"] {
            assert_eq!(other[part].as_array().unwrap().len(), 0, "{day}: {part}");
        }
        let starts: Vec<&str> = lessons
            .iter()
            .map(|l| l["start"].as_str().unwrap())
            .collect();
        assert!(starts.is_sorted(), "in time order: {starts:?}");
        assert!(
            lessons.iter().all(|l| l["end"].as_str().unwrap() > date),
            "{day}"
        );
    }
    // The same day as the moment's is today, in its parts.
    let same = today_at(&fx, "1", "2026-11-23T15:50", &["--day", "mon"]).await;
    assert_eq!(same, monday);
    let config = fx.config(DEMO_ZONE_CONFIG);
    let config = config.to_str().unwrap();
    let args = monday_at_15_50(config);
    let table = fx
        .text(&[&args[..], &["--day", "tomorrow", "--format", "table"]].concat())
        .await;
    assert_contains(
        &table,
        &["Tomorrow Tue 2026-11-24 (Asia/Tashkent)", "lessons"],
    );
    let out = fx.run(&["today", "--day", "soon"]).await;
    assert_failed(
        &out,
        2,
        "soon is not a day: tomorrow, a weekday such as fri, or a date YYYY-MM-DD",
    );
}

#[tokio::test]
async fn the_check_prints_one_line_per_finding_and_exits_1() {
    let fx = fixture().await;
    // A clean run says nothing at all, in any format: cron mails nothing.
    for format in ["json", "csv", "table"] {
        let clean = fx
            .run(&["timetable", "--branch", "1", "--check", "--format", format])
            .await;
        assert_eq!(clean.status.code(), Some(0), "{clean:?}");
        assert_eq!(support::cli::stdout(&clean), "", "{format}");
        assert_eq!(support::cli::stderr(&clean), "", "{format}");
    }
    // -v says that it checked, and what it could not.
    let verbose = fx
        .run(&["timetable", "--branch", "1", "--check", "-v"])
        .await;
    assert_contains(
        &support::cli::stderr(&verbose),
        &["the timetable checks out", "max_parallel not set"],
    );

    let config = fx.config(&format!(
        "{DEMO_ZONE_CONFIG}working_hours = \"09:00-18:00\"\n[max_parallel]\n1 = 3\n"
    ));
    let args = [
        "--config",
        config.to_str().unwrap(),
        "timetable",
        "--branch",
        "1",
        "--check",
    ];
    let out = fx.run(&[&args[..], &["--format", "table"]].concat()).await;
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = support::cli::stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_contains(
        &support::cli::stderr(&out),
        &[&format!("crmdeck: {} findings", lines.len())],
    );
    let groups = fx.groups("1").await;
    let outside = groups.iter().filter(|g| {
        let start = tashkent_minute(&g["lesson_start_time"]);
        let end = tashkent_minute(&g["lesson_end_time"]);
        is_active(g) && (start < 9 * 60 || end > 18 * 60)
    });
    for group in outside.clone() {
        let label = format!(
            "#{} {}: outside working hours 09:00–18:00 (",
            group["company_group_number"],
            group["name"].as_str().unwrap()
        );
        assert!(
            lines.iter().any(|line| line.starts_with(&label)),
            "{label} in {text}"
        );
    }
    let crowded: Vec<&&str> = lines
        .iter()
        .filter(|line| !line.contains("outside working hours"))
        .collect();
    assert_eq!(lines.len(), outside.count() + crowded.len());
    assert!(!crowded.is_empty());
    for line in crowded {
        assert!(
            line.contains(", branch 1: ")
                && line.contains("groups at once, more than max_parallel 3: #"),
            "{line}"
        );
    }

    let json = fx.run(&[&args[..], &["--format", "json"]].concat()).await;
    assert_eq!(json.status.code(), Some(1));
    let json: Value = serde_json::from_str(&support::cli::stdout(&json)).unwrap();
    assert_eq!(json.as_array().unwrap().len(), lines.len());
    assert_eq!(json[0]["code"], "outside_hours");
    assert_eq!(json[0]["finding"], lines[0]);
    let csv = fx.run(&[&args[..], &["--format", "csv"]].concat()).await;
    assert!(support::cli::stdout(&csv).starts_with("code,group_ids,finding\r\noutside_hours,"));
}

#[tokio::test]
async fn without_a_branch_the_check_covers_every_branch_naming_each() {
    let fx = fixture().await;
    let config = fx.config(&format!(
        "{DEMO_ZONE_CONFIG}working_hours = \"09:00-18:00\"\n[max_parallel]\n1 = 3\n"
    ));
    let args = ["--config", config.to_str().unwrap(), "timetable", "--check"];
    let out = fx.run(&[&args[..], &["--format", "table"]].concat()).await;
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = support::cli::stdout(&out);
    let branches: BTreeSet<&str> = text
        .lines()
        .filter_map(|line| line.split(": ").next())
        .collect();
    assert!(branches.len() > 1, "{text}");
    for branch in &branches {
        assert!(
            !branch.starts_with('#') && !branch.is_empty(),
            "{branch} in {text}"
        );
    }
    let json = fx.run(&[&args[..], &["--format", "json"]].concat()).await;
    let json: Value = serde_json::from_str(&support::cli::stdout(&json)).unwrap();
    let named: BTreeSet<&str> = (json.as_array().unwrap().iter())
        .map(|finding| finding["branch_name"].as_str().unwrap())
        .collect();
    assert_eq!(named, branches);
    let csv = fx.run(&[&args[..], &["--format", "csv"]].concat()).await;
    assert!(support::cli::stdout(&csv).starts_with("branch_name,code,group_ids,finding\r\n"));
}

#[tokio::test]
async fn a_check_that_cannot_run_exits_2_not_1() {
    let fx = fixture().await;
    // Every request of the walk answered 500: no check, no findings.
    fx.server
        .faults()
        .push(Fault::Status(500), 100, Some(Route::Groups));
    let out = fx
        .run(&["timetable", "--branch", "1", "--check", "-q"])
        .await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(support::cli::stdout(&out), "");
    let stderr = support::cli::stderr(&out);
    assert!(
        stderr.starts_with("crmdeck: the check did not run: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
