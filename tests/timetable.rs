//! `crmdeck timetable` against an in-test demo server: the week as JSON, CSV
//! and text, compared with what `crmdeck groups` lists for the same branch.

pub mod support;

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
    assert_eq!(lines[0], "day,start,end,group_id,number,name,course");
    assert_eq!(lines.len(), lessons + 1);
    assert!(lines[1].starts_with("Mon,"), "{}", lines[1]);
    assert!(text.ends_with("\r\n"));
}

#[tokio::test]
async fn text_is_a_grid_with_every_day_and_a_summary() {
    let fx = fixture().await;
    let (text, notes) = fx
        .text_and_notes(&["--format", "table", "timetable", "--branch", "2"])
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
