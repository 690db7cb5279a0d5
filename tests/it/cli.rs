//! The real binary's subcommands against an in-test demo server: stdout
//! JSON, stderr lines and exit codes.

use crate::support;

use crmdeck::demo::{Fault, Route};
use std::process::Output;
use support::cli::{
    Fixture, TOKEN, assert_failed, demo_server_process, fixture, stderr, stdout, stdout_json,
};
use support::home::Home;
use support::scripted_server::scripted_server;
use support::text::assert_contains;

impl Fixture {
    async fn plugin_not_installed(&self) -> String {
        let catalogue = self.list(&["plugins"]).await;
        let plugin = catalogue.iter().find(|p| p["installed"] == false).unwrap();
        plugin["id"].as_i64().unwrap().to_string()
    }
}

#[tokio::test]
async fn groups_of_one_branch_as_json_with_day_names() {
    let fx = fixture().await;
    let branch_2 = ["groups", "--branch", "2", "--format", "json"];
    let groups = fx.list(&branch_2).await;
    assert_eq!(groups.len(), 20);
    for group in &groups {
        assert_eq!(group["branch_id"], 2);
        assert!(group["days_names"].is_array());
        assert!(group["course"]["name"].is_string());
    }
    let mon_wed_fri = groups.iter().find(|g| g["days"] == 1).unwrap();
    assert_eq!(
        mon_wed_fri["days_names"],
        serde_json::json!(["Mon", "Wed", "Fri"])
    );
}

#[tokio::test]
async fn global_flags_work_after_the_subcommand_and_json_is_the_default_when_piped() {
    let fx = fixture().await;
    let groups = fx.list(&["groups", "--per-page", "5", "--page", "2"]).await;
    assert_eq!(groups.len(), 5);
}

#[tokio::test]
async fn every_page_as_csv() {
    let fx = fixture().await;
    let one_page = ["groups", "--branch", "3", "--per-page", "100"];
    let whole = fx.list(&one_page).await;
    let by_7 = [
        "groups",
        "--branch",
        "3",
        "--per-page",
        "7",
        "--all",
        "--format",
        "csv",
    ];
    let text = fx.text(&by_7).await;
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(CSV_HEADER));
    assert_eq!(lines.count(), whole.len());
}

/// The columns of `groups --format csv`.
const CSV_HEADER: &str = "number,name,course,weekdays,start,end,zone,status,branch_id,branch_name,course_start,course_end,id";

/// `groups` in `format` with `extra` flags: stdout, and stderr's lines.
async fn groups_and_notes(fx: &Fixture, format: &str, extra: &[&str]) -> (String, Vec<String>) {
    let args = [&["groups", "--format", format][..], extra].concat();
    let (text, notes) = fx.text_and_notes(&args).await;
    (text, notes.lines().map(str::to_string).collect())
}

#[tokio::test]
async fn a_page_of_several_in_csv_or_json_says_so_on_stderr_only() {
    let fx = fixture().await;
    let hint = "page 1 of 12 — add --all for every group";
    let (json, notes) = groups_and_notes(&fx, "json", &[]).await;
    assert_eq!(notes, [hint]);
    let groups: serde_json::Value = serde_json::from_str(&json).expect("stdout is JSON");
    assert_eq!(groups.as_array().map(Vec::len), Some(20));
    // -q: errors only.
    let (_, notes) = groups_and_notes(&fx, "json", &["-q"]).await;
    assert!(notes.is_empty(), "{notes:?}");
    let (csv, notes) = groups_and_notes(&fx, "csv", &["--page", "3", "--per-page", "100"]).await;
    assert_eq!(notes, ["page 3 of 3 — add --all for every group"]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(CSV_HEADER));
    assert_eq!(lines.count(), 40, "{csv}");
}

#[tokio::test]
async fn every_page_or_the_only_page_needs_no_hint() {
    let fx = fixture().await;
    for format in ["json", "csv"] {
        // Piped, the count is said with -v only (cron mails any output).
        let (_, notes) = groups_and_notes(&fx, format, &["--all", "--per-page", "100"]).await;
        assert!(notes.is_empty(), "{format}: {notes:?}");
        let verbose = ["--all", "--per-page", "100", "-v"];
        let (_, notes) = groups_and_notes(&fx, format, &verbose).await;
        assert_eq!(notes.len(), 1, "{format}: {notes:?}");
        assert!(notes[0].ends_with("groups from every page"), "{notes:?}");
        let one_page = ["--branch", "4", "--per-page", "100"];
        let (_, notes) = groups_and_notes(&fx, format, &one_page).await;
        assert!(notes.is_empty(), "{format}: {notes:?}");
    }
}

#[tokio::test]
async fn table_shows_weekdays_times_and_status_words() {
    let fx = fixture().await;
    let table = [
        "--format",
        "table",
        "groups",
        "--per-page",
        "40",
        "--verbose",
    ];
    let (text, notes) = fx.text_and_notes(&table).await;
    assert!(text.starts_with("NO "), "{text}");
    assert_contains(&text, &["Mon Wed Fri", "Active"]);
    assert_contains(&notes, &["page 1/"]);
}

#[tokio::test]
async fn plugins_as_json_with_masked_tokens() {
    let fx = fixture().await;
    let plugins = fx.list(&["plugins"]).await;
    assert!(plugins.iter().all(|p| p["abilities"].is_array()));
    assert!(plugins.iter().all(|p| p["installed"].is_boolean()));
    let installed = plugins.iter().find(|p| p["installed"] == true).unwrap();
    let token = installed["user"]["token"].as_str().unwrap();
    assert!(token.ends_with('…'), "{token}");
    assert!(token.len() < 12, "{token}");
}

#[tokio::test]
async fn install_with_yes_then_again_gives_the_same_installation() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let first = fx.json(&["install", &id, "--yes", "--show-token"]).await;
    let token = first["token"].as_str().unwrap();
    assert!(token.len() > 40, "shown in full: {token}");
    let again = fx.run(&["install", &id, "--yes", "--show-token"]).await;
    assert!(
        stderr(&again).contains("already installed"),
        "{}",
        stderr(&again)
    );
    assert_eq!(stdout_json(&again), first);
    assert_eq!(fx.server.hits(Route::Install), 1);
}

#[tokio::test]
async fn install_without_yes_and_without_a_terminal_refuses() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let out = fx.run(&["install", &id]).await;
    assert_failed(&out, 2, "--yes");
    assert_eq!(fx.server.hits(Route::Install), 0);
}

#[tokio::test]
async fn read_only_sends_no_install_whatever_the_flags() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let config = fx.home.path().join("read-only.toml");
    std::fs::write(&config, "read_only = true\n").unwrap();
    let config = config.to_str().unwrap();
    let flag_sets: [&[&str]; 6] = [
        &["--read-only", "install", &id, "--yes"],
        &["install", &id, "--yes", "--read-only"],
        &[
            "--read-only",
            "install",
            &id,
            "-y",
            "--show-token",
            "--format",
            "json",
        ],
        &["--read-only", "install", &id],
        &[
            "--config", config, "install", &id, "--yes", "--format", "csv",
        ],
        &["--read-only", "install", "1", "--yes"],
    ];
    for args in flag_sets {
        let out = fx.run(args).await;
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("read-only"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    assert_eq!(fx.server.hits(Route::Install), 0);
}

#[tokio::test]
async fn a_wrong_token_is_one_line_and_exit_1() {
    let fx = fixture().await;
    let secret = "definitely-wrong-token-9876543210";
    let out = fx.run_with_token(&["groups"], secret).await;
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(secret) && !stdout(&out).contains(secret));
}

#[tokio::test]
async fn a_broken_config_is_exit_2() {
    let fx = fixture().await;
    let path = fx.home.path().join("broken.toml");
    std::fs::write(&path, "bse_url = \"https://x\"\n").unwrap();
    let out = fx
        .run(&["--config", path.to_str().unwrap(), "groups"])
        .await;
    assert_failed(&out, 2, "base_url");
}

#[tokio::test]
async fn info_never_prints_the_token() {
    let fx = fixture().await;
    let text = fx.text(&["info"]).await;
    assert!(text.contains(&fx.server.base_url()), "{text}");
    assert!(text.contains("CRMDECK_TOKEN"), "{text}");
    assert!(!text.contains(TOKEN), "{text}");
    // Issue 37 §4: the centre and the user named (by /v2/token/me).
    let line = |key: &str| {
        text.lines()
            .find(|line| line.starts_with(key))
            .map(str::to_owned)
    };
    assert!(
        line("centre").is_some_and(|l| l.contains("Ziyo Learning Centre")),
        "{text}"
    );
    assert!(line("user").is_some_and(|l| l.contains("user ")), "{text}");
}

#[tokio::test]
async fn info_as_json_holds_the_facts_and_no_trace_of_the_token() {
    let fx = fixture().await;
    let info = fx.json(&["info", "--format", "json"]).await;
    assert_eq!(info["base_url"], fx.server.base_url());
    assert_eq!(info["token"]["from"], "environment variable CRMDECK_TOKEN");
    assert_eq!(info["token"]["masked"], "cli-…");
    assert_eq!(info["config_file"], serde_json::Value::Null);
    assert_eq!(info["read_only"], false);
    assert!(info["per_page"].is_u64(), "{info}");
    assert!(info["time_zone"]["name"].is_string(), "{info}");
    let text = info.to_string();
    let middle = &TOKEN[TOKEN.len() / 3..TOKEN.len() * 2 / 3];
    for trace in [TOKEN, middle] {
        assert!(!text.contains(trace), "{trace} in {text}");
    }
    // Issue 25 §5: where every value came from.
    let from = &info["from"];
    assert_eq!(from["base_url"], "environment variable CRMDECK_BASE_URL");
    assert_eq!(from["profile"], "default");
    assert_eq!(from["read_only"], "default");
    assert_eq!(from["language"], "default");
    assert_eq!(from["per_page"], "default");
    let text = fx.text(&["info", "--read-only"]).await;
    assert_contains(
        &text,
        &[
            "(from environment variable CRMDECK_BASE_URL)",
            "read-only    true (from --read-only)",
            "(from default)",
        ],
    );
    let csv = fx.text(&["info", "--format", "csv"]).await;
    assert!(csv.starts_with("key,value\r\n"), "{csv}");
    assert_contains(
        &csv,
        &[&format!("base url,{}", fx.server.base_url()), "token,cli-…"],
    );
    assert!(!csv.contains(middle), "{csv}");
}

/// The binary with `--demo` and nothing else: no config, no token.
async fn run_demo(args: &[&str]) -> Output {
    let args = [&["--demo"], args].concat();
    tokio::process::Command::from(Home::new().crmdeck(&args))
        .output()
        .await
        .unwrap()
}

#[tokio::test]
async fn demo_flag_installs_plugin_3() {
    let out = run_demo(&["install", "3", "--yes", "--format", "json"]).await;
    let installation = stdout_json(&out);
    assert_eq!(installation["plugin_id"], 3);
    assert!(installation["token"].as_str().unwrap().ends_with('…'));
}

#[tokio::test]
async fn demo_flag_needs_no_account() {
    let out = run_demo(&["groups", "--branch", "2", "--format", "json"]).await;
    let groups = stdout_json(&out);
    assert!(
        groups
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["branch_id"] == 2 && g["days_names"].is_array())
    );
}

#[tokio::test]
async fn demo_server_prints_its_url_and_token() {
    let (mut child, client) = demo_server_process(&Home::new(), &[]).await;
    assert!(!client.plugins().await.unwrap().is_empty());
    child.kill().await.unwrap();
}

/// What `crmdeck --demo groups --all` shows with the centre changing every
/// `seconds`: each group's id, lesson start, days, branch and status.
async fn demo_centre(seconds: &str) -> Vec<[serde_json::Value; 5]> {
    let mut command = Home::new().crmdeck(&["--demo", "groups", "--all", "--format", "json"]);
    command.env("CRMDECK_DEMO_CHANGES_EVERY", seconds);
    let out = tokio::process::Command::from(command)
        .output()
        .await
        .unwrap();
    let groups = stdout_json(&out);
    let fields = ["id", "lesson_start_time", "days", "branch_id", "status"];
    (groups.as_array().unwrap().iter())
        .map(|group| fields.map(|field| group[field].clone()))
        .collect()
}

#[tokio::test]
async fn demo_twice_a_second_apart_shows_another_centre_unless_frozen() {
    let frozen = demo_centre("0").await;
    assert_eq!(demo_centre("0").await, frozen);
    let first = demo_centre("1").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let second = demo_centre("1").await;
    assert_ne!(first, second);
    assert_ne!(first, frozen);
}

/// The ids of every group `client`'s server has (up to 300).
async fn all_ids(client: &crmdeck::api::Client) -> Vec<i64> {
    let mut ids = Vec::new();
    for page in 1..=3 {
        let query = crmdeck::model::GroupsQuery {
            branch_id: None,
            page,
            per_page: 100,
        };
        let answer = client.groups(query).await.unwrap();
        ids.extend(answer.groups.iter().map(|group| group.id));
    }
    ids
}

#[tokio::test]
async fn demo_server_serves_the_epoch_asked_for_or_a_frozen_centre() {
    let home = Home::new();
    let (mut pinned, at_epoch) = demo_server_process(&home, &["--epoch", "1000"]).await;
    let (mut still, frozen) = demo_server_process(&home, &["--changes-every", "0"]).await;
    let (at_epoch, frozen) = (all_ids(&at_epoch).await, all_ids(&frozen).await);
    assert_eq!(at_epoch.len(), frozen.len());
    let last_seeded = *frozen.last().unwrap();
    assert!(at_epoch.iter().any(|id| *id > last_seeded), "new groups");
    assert!(
        frozen.iter().any(|id| !at_epoch.contains(id)),
        "gone groups"
    );
    pinned.kill().await.unwrap();
    still.kill().await.unwrap();
}

#[tokio::test]
async fn the_demo_server_serves_on_when_nobody_reads_what_it_prints() {
    // A free port, then a server whose output pipe is closed before it prints.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let home = Home::new();
    let command = home.crmdeck(&["demo-server", "--addr", &addr.to_string()]);
    let mut child = tokio::process::Command::from(command)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut answered = false;
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            answered = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(answered, "the server listens");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(child.try_wait().unwrap().is_none(), "still serving");
    child.kill().await.unwrap();
}

#[tokio::test]
async fn usage_errors_are_exit_2() {
    let fx = fixture().await;
    let out = fx.run(&["groups", "--per-page", "0"]).await;
    assert_eq!(out.status.code(), Some(2));
    let out = fx.run(&["install"]).await;
    assert_eq!(out.status.code(), Some(2));
}

// ---- --branch by id or name ----

/// Exit 2, nothing on stdout, and one line naming `cause`.
fn refused(out: &Output, cause: &str) {
    assert_failed(out, 2, cause);
    assert_eq!(stdout(out), "");
    assert_eq!(stderr(out).lines().count(), 1, "{}", stderr(out));
}

#[tokio::test]
async fn a_branch_by_name_in_either_script_in_any_case_or_by_its_start() {
    let fx = fixture().await;
    for name in ["Yunusobod", "YUNUSOBOD", "Юнусобод", "yunus", "Юнус"] {
        let groups = fx
            .list(&["groups", "--branch", name, "--format", "json"])
            .await;
        assert!(!groups.is_empty(), "{name}");
        assert!(groups.iter().all(|g| g["branch_id"] == 2), "{name}");
    }
    for name in ["Mirzo Ulugʻbek", "мирзо улуғбек", "ulug"] {
        let week = fx
            .json(&["timetable", "--branch", name, "--format", "json"])
            .await;
        assert_eq!(week["branch_id"], 3, "{name}");
    }
}

#[tokio::test]
async fn a_branch_that_is_none_is_exit_2_naming_the_nearest_or_every_branch() {
    let fx = fixture().await;
    let every = "Chilonzor (#1), Yunusobod (#2), Mirzo Ulug'bek (#3), Sergeli (#4)";
    for args in [["groups", "--branch", "9"], ["timetable", "--branch", "9"]] {
        let out = fx.run(&args).await;
        refused(
            &out,
            &format!("--branch \"9\": no branch has this id; the branches are {every}"),
        );
    }
    let out = fx.run(&["groups", "--branch", "Chilanzar"]).await;
    refused(
        &out,
        "--branch \"Chilanzar\": no such branch; the nearest: Chilonzor (#1), ",
    );
    let out = fx.run(&["timetable", "--branch", " "]).await;
    refused(&out, "--branch \"\": give a branch id or name");
}

/// Every request answered with three branches, two of them Sergeli.
fn two_sergelis(_token: &str) -> (axum::http::StatusCode, String) {
    let body = r#"{"status":200,"success":true,"data":[{"id":4,"name":"Sergeli"},
        {"id":7,"name":"Sergeli 2"},{"id":9,"name":"Samarqand"}]}"#;
    (axum::http::StatusCode::OK, body.to_string())
}

#[tokio::test]
async fn a_branch_name_several_start_with_is_exit_2_naming_them() {
    let base_url = scripted_server(two_sergelis).await;
    let run = |args: &'static [&'static str]| {
        let mut command = Home::new().crmdeck(args);
        command
            .env("CRMDECK_BASE_URL", &base_url)
            .env("CRMDECK_TOKEN", TOKEN);
        tokio::process::Command::from(command).output()
    };
    let out = run(&["groups", "--branch", "Серг"]).await.unwrap();
    refused(
        &out,
        "--branch \"Серг\" matches 2 branches: Sergeli (#4), Sergeli 2 (#7); \
         give more of the name, or the id",
    );
    let out = run(&["groups", "--branch", "s"]).await.unwrap();
    refused(
        &out,
        "matches 3 branches: Sergeli (#4), Sergeli 2 (#7), Samarqand (#9)",
    );
}

#[tokio::test]
async fn without_the_branch_list_an_id_is_taken_as_given_and_a_name_refused() {
    let fx = fixture().await;
    fx.server
        .faults()
        .push(Fault::Status(404), 2, Some(Route::Branches));
    let groups = fx
        .list(&["groups", "--branch", "2", "--format", "json"])
        .await;
    assert!(!groups.is_empty() && groups.iter().all(|g| g["branch_id"] == 2));
    let out = fx.run(&["groups", "--branch", "Yunusobod"]).await;
    refused(
        &out,
        "--branch \"Yunusobod\": a branch name needs the branch list (/v2/branches), which \
         the server did not give: give the branch id",
    );
    assert_eq!(fx.server.hits(Route::Branches), 2, "asked once each");
}

// ---- the time zone of lesson times ----

/// A server of two groups whose lessons are at 10:00–11:30 in Tashkent, as
/// the live service sends them ("IELTS morning" `05:00:00Z`, and a bare
/// `"10:00"` start with a timestamp end); `/v2/token/me` names
/// `centre_zone` when given, and is not found otherwise.
async fn centre_server(centre_zone: Option<&'static str>) -> String {
    use axum::Json;
    use axum::http::StatusCode;
    use axum::routing::get;
    use serde_json::json;
    let groups = json!({"status": 200, "success": true, "data": [
        {"id": 1, "name": "IELTS morning", "days": 1, "status": 2,
         "lesson_start_time": "2022-07-15T05:00:00.000000Z",
         "lesson_end_time": "2022-07-15T06:30:00.000000Z"},
        {"id": 2, "name": "Mixed times", "days": 1, "status": 2,
         "lesson_start_time": "10:00",
         "lesson_end_time": "2022-07-15T06:30:00.000000Z"}
    ]});
    let mut app = axum::Router::new().route(
        "/v2/groups",
        get(move || async move { Json(groups.clone()) }),
    );
    if let Some(zone) = centre_zone {
        let me = json!({"status": 200, "success": true, "data": {"id": 1042,
            "company": {"id": 37, "name": "Ziyo", "timezone": zone}}});
        app = app.route("/v2/token/me", get(move || async move { Json(me.clone()) }));
    }
    let app =
        app.fallback(|| async { (StatusCode::NOT_FOUND, Json(json!({"message": "Not Found"}))) });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base_url
}

/// `crmdeck --base-url URL ARGS` on a machine on UTC, with `config` as the
/// config file (none when empty): stdout.
async fn on_a_utc_machine(base_url: &str, config: &str, args: &[&str]) -> String {
    let home = if config.is_empty() {
        Home::new()
    } else {
        Home::with_config(config)
    };
    let mut command = home.crmdeck(&["--base-url", base_url]);
    command
        .args(args)
        .env("TZ", "UTC")
        .env("CRMDECK_TOKEN", TOKEN);
    let out = tokio::process::Command::from(command)
        .output()
        .await
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

/// The `start` and `end` columns of `groups --format csv` as `start–end`,
/// by group name.
fn lesson_times(csv: &str) -> Vec<(String, String)> {
    let header: Vec<&str> = csv.lines().next().unwrap_or_default().split(',').collect();
    let at = |name: &str| header.iter().position(|column| *column == name).unwrap();
    let (name, start, end) = (at("name"), at("start"), at("end"));
    csv.lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            let time = format!("{}–{}", cells[start], cells[end]);
            (cells[name].to_string(), time)
        })
        .collect()
}

#[tokio::test]
async fn lesson_times_are_the_centres_not_the_machines() {
    let tashkent = [
        ("IELTS morning".to_string(), "10:00–11:30".to_string()),
        ("Mixed times".to_string(), "10:00–11:30".to_string()),
    ];
    let groups = ["groups", "--format", "csv"];
    // No zone anywhere (token/me not found): Asia/Tashkent, not UTC.
    let silent = centre_server(None).await;
    let csv = on_a_utc_machine(&silent, "", &groups).await;
    assert_eq!(lesson_times(&csv), tashkent, "{csv}");
    // The API names the centre's zone: it is used.
    let samara = centre_server(Some("Europe/Samara")).await;
    let csv = on_a_utc_machine(&samara, "", &groups).await;
    assert_eq!(lesson_times(&csv)[0].1, "09:00–10:30", "{csv}");
    // The config's zone wins over both.
    let csv = on_a_utc_machine(&samara, "timezone = \"UTC\"\n", &groups).await;
    assert_eq!(lesson_times(&csv)[0].1, "05:00–06:30", "{csv}");
}

#[tokio::test]
async fn info_says_which_zone_times_are_in_when_it_is_not_the_machines() {
    let server = centre_server(Some("Asia/Tashkent")).await;
    let info = on_a_utc_machine(&server, "", &["info"]).await;
    let line = info.lines().find(|l| l.starts_with("time zone")).unwrap();
    assert_eq!(
        line,
        "time zone    Asia/Tashkent (the centre's, named by the API); \
         times in Asia/Tashkent, not this machine's zone"
    );
    let info = on_a_utc_machine(&server, "timezone = \"UTC\"\n", &["info"]).await;
    let line = info.lines().find(|l| l.starts_with("time zone")).unwrap();
    assert_eq!(line, "time zone    UTC (from the config)");
}

/// The demo server names its centre's zone: under `TZ=UTC` every lesson of
/// the demo centre (08:00 to 20:00 in Tashkent) shows at its Tashkent time.
#[tokio::test]
async fn the_demo_centre_is_shown_in_its_own_zone_on_a_utc_machine() {
    let fx = fixture().await;
    let base_url = fx.server.base_url();
    let csv = on_a_utc_machine(&base_url, "", &["groups", "--all", "--format", "csv"]).await;
    assert_eq!(fx.server.hits(Route::Me), 1, "the centre's zone asked once");
    let starts: Vec<String> = lesson_times(&csv)
        .into_iter()
        .map(|(_, time)| time[..5].to_string())
        .collect();
    assert!(starts.len() > 200, "{csv}");
    for start in starts {
        assert!(
            ("08:00"..="20:00").contains(&start.as_str()),
            "{start} in {csv}"
        );
    }
}

// ---- branches ----

#[tokio::test]
async fn branches_as_json_csv_and_a_table() {
    let fx = fixture().await;
    let branches = fx.list(&["branches"]).await;
    let names: Vec<(i64, &str)> = branches
        .iter()
        .map(|b| (b["id"].as_i64().unwrap(), b["name"].as_str().unwrap()))
        .collect();
    assert_eq!(
        names,
        [
            (1, "Chilonzor"),
            (2, "Yunusobod"),
            (3, "Mirzo Ulug'bek"),
            (4, "Sergeli")
        ]
    );
    let csv = fx.text(&["branches", "--format", "csv"]).await;
    assert_eq!(
        csv,
        "id,name\r\n1,Chilonzor\r\n2,Yunusobod\r\n3,Mirzo Ulug'bek\r\n4,Sergeli\r\n"
    );
    let table = fx.text(&["branches", "--format", "table"]).await;
    assert_eq!(table.lines().next(), Some("ID  NAME"));
    assert!(table.contains("\n3   Mirzo Ulug'bek\n"), "{table}");
}

// ---- shell integration ----

/// A home whose config file cannot be read: a command that opened a
/// session there would fail (exit 2). No token and no base URL either.
fn home_without_a_session() -> Home {
    Home::with_config("this is [not toml\n")
}

/// `crmdeck ARGS` in `home`, which must succeed with nothing on stderr.
fn stdout_alone(home: &Home, args: &[&str]) -> String {
    let out = home.crmdeck(args).output().expect("binary runs");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    assert_eq!(stderr(&out), "", "{args:?}");
    stdout(&out)
}

fn subcommand_names() -> Vec<String> {
    use clap::CommandFactory;
    crmdeck::cli::Args::command()
        .get_subcommands()
        .map(|subcommand| subcommand.get_name().to_string())
        .collect()
}

#[test]
fn completions_for_every_shell_name_every_subcommand_without_a_config_or_token() {
    let home = home_without_a_session();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout_alone(&home, &["completions", shell]);
        assert!(script.contains("crmdeck"), "{shell}: {script}");
        for name in subcommand_names() {
            assert!(script.contains(&name), "{shell}: no {name}");
        }
    }
    let unknown = home.crmdeck(&["completions", "tcsh"]).output().unwrap();
    assert_failed(
        &unknown,
        2,
        "[possible values: bash, elvish, fish, powershell, zsh]",
    );
}

/// What bash completes for the words `line` (the last one being typed),
/// with the script `crmdeck completions bash` loaded.
fn bash_completes(script: &std::path::Path, line: &[&str]) -> Vec<String> {
    let words = line.join(" ");
    let program = format!(
        "source {path}; COMP_WORDS=({words}); COMP_CWORD={last}; \
         COMP_LINE='{words}'; COMP_POINT=${{#COMP_LINE}}; \
         _crmdeck crmdeck {current} {previous}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path = script.display(),
        last = line.len() - 1,
        current = line[line.len() - 1],
        previous = line[line.len() - 2],
    );
    let out = std::process::Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

#[test]
fn the_bash_script_is_valid_and_completes_subcommands_and_their_flags() {
    let home = home_without_a_session();
    let path = home.path().join("crmdeck.bash");
    std::fs::write(&path, stdout_alone(&home, &["completions", "bash"])).unwrap();
    let Some(check) = run_if_installed("bash", &["-n"], &path) else {
        return;
    };
    assert!(check.status.success(), "bash -n: {}", stderr(&check));
    assert_eq!(bash_completes(&path, &["crmdeck", "com"]), ["completions"]);
    assert_eq!(
        bash_completes(&path, &["crmdeck", "groups", "--b"]),
        ["--branch", "--base-url"]
    );
    assert!(bash_completes(&path, &["crmdeck", "completions", "f"]).contains(&"fish".into()));
}

#[test]
fn the_man_page_documents_every_subcommand_without_a_config_or_token() {
    let home = home_without_a_session();
    let page = stdout_alone(&home, &["man"]);
    // roff's string definition for the apostrophe comes first, as clap_mangen
    // writes every page; the first macro of the page proper is its title.
    let first = page
        .lines()
        .find(|line| !line.starts_with(".ie ") && !line.starts_with(".el "));
    assert!(
        first.is_some_and(|line| line.starts_with(".TH crmdeck 1 ")),
        "{page}"
    );
    for name in subcommand_names() {
        let heading = format!(".SH \"CRMDECK {}\"", name.to_uppercase());
        assert!(page.contains(&heading), "{heading} in {page}");
    }
    // Valid roff: groff reads it without a warning.
    let path = home.path().join("crmdeck.1");
    std::fs::write(&path, &page).unwrap();
    if let Some(groff) = run_if_installed("groff", &["-man", "-Tutf8", "-ww", "-z"], &path) {
        assert!(groff.status.success(), "{}", stderr(&groff));
        assert_eq!(stderr(&groff), "");
    }
}

/// `program ARGS PATH`, or None (said on stderr) where it is not installed.
fn run_if_installed(program: &str, args: &[&str], path: &std::path::Path) -> Option<Output> {
    match std::process::Command::new(program)
        .args(args)
        .arg(path)
        .output()
    {
        Ok(output) => Some(output),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("{program} is not installed: not checked");
            None
        }
        Err(error) => panic!("{program}: {error}"),
    }
}

#[test]
fn keys_prints_the_keymap_in_use_with_the_configs_bindings_without_a_token() {
    let home = Home::with_config("[keys]\ninstall = [\"I\", \"F5\"]\n");
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&stdout_alone(&home, &["keys", "--format", "json"])).unwrap();
    let install: Vec<&serde_json::Value> = rows
        .iter()
        .filter(|row| row["action"] == "install")
        .collect();
    assert_eq!(install.len(), 2, "the list and the detail");
    for row in install {
        assert_eq!(row["keys"], serde_json::json!(["I", "F5"]));
    }
    let quit = rows.iter().find(|row| row["action"] == "quit").unwrap();
    assert_eq!(quit["keys"], serde_json::json!(["q"]));
    let table = stdout_alone(&home, &["keys", "--format", "table"]);
    assert!(table.starts_with("WHERE"), "{table}");
    assert_contains(&table, &["I F5"]);
}

#[test]
fn keys_with_a_bad_binding_is_the_config_error_the_dashboard_stops_on() {
    let home = Home::with_config("per_page = 5\n\n[keys]\ninstall = \"i\"\ninstal = \"F5\"\n");
    let out = home.crmdeck(&["keys"]).output().unwrap();
    assert_failed(
        &out,
        2,
        "config.toml:5: unknown action \"instal\" in [keys] (did you mean \"install\"?)",
    );
    let twice = Home::with_config("[keys]\nrefresh = [\"r\", \"j\"]\n");
    let out = twice.crmdeck(&["keys"]).output().unwrap();
    assert_failed(
        &out,
        2,
        "config.toml:2: key j is bound twice in Groups list: refresh and move_down",
    );
    let no_key = Home::with_config("[keys]\ninstall = \"Entr\"\n");
    let out = no_key.crmdeck(&["keys"]).output().unwrap();
    assert_failed(&out, 2, "\"Entr\" is not a key (did you mean \"Enter\"?)");
}

// ------------------------------------------------- issue 37 §2, §8: queries-cli

/// `contents` written as `path`, 0600, its folder made.
fn private_file(path: &std::path::Path, contents: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, contents).unwrap();
    support::home::set_mode(path, 0o600);
}

#[tokio::test]
async fn a_query_by_name_runs_as_its_filter_and_an_unknown_name_exits_2_naming_the_known() {
    let fx = fixture().await;
    let config = "[queries]\nevening = \"tue evening\"\n";
    private_file(&fx.home.config_path(), config);
    // Saved by the dashboard: the config's `evening` wins over this one.
    let saved = fx.home.log_path().with_file_name("queries.toml");
    private_file(
        &saved,
        "[queries]\nevening = \"mon\"\nsecond = \"branch:2\"\n",
    );
    let by_name = fx.list(&["groups", "--all", "--query", "evening"]).await;
    let by_filter = fx
        .list(&["groups", "--all", "--filter", "tue evening"])
        .await;
    assert!(!by_name.is_empty());
    assert_eq!(by_name, by_filter);
    // With --filter, both apply.
    let both = ["groups", "--all", "--query", "second", "--filter", "tue"];
    let anded = ["groups", "--all", "--filter", "branch:2 tue"];
    assert_eq!(fx.list(&both).await, fx.list(&anded).await);
    let today = fx.run(&["today", "--query", "SECOND"]).await;
    assert_eq!(today.status.code(), Some(0), "{}", stderr(&today));
    let unknown = fx.run(&["today", "--query", "morning"]).await;
    assert_failed(
        &unknown,
        2,
        "no saved query morning; the known ones: evening, second",
    );
    assert!(stdout(&unknown).is_empty());
    let week = [
        "timetable",
        "--branch",
        "2",
        "--query",
        "evening",
        "--format",
        "csv",
    ];
    let csv = fx.text(&week).await;
    assert!(
        csv.lines().next().unwrap().ends_with(",branch_name"),
        "{csv}"
    );
}

#[tokio::test]
async fn a_corrupt_saved_queries_file_is_said_and_left_as_it_is() {
    let fx = fixture().await;
    private_file(
        &fx.home.config_path(),
        "[queries]\nevening = \"tue evening\"\n",
    );
    let saved = fx.home.log_path().with_file_name("queries.toml");
    let corrupt = "[queries]\nielts = \"ielts\"\nlate = \n";
    private_file(&saved, corrupt);
    let (groups, notes) = fx
        .text_and_notes(&["groups", "--all", "--query", "evening"])
        .await;
    assert!(!groups.is_empty());
    assert_contains(&notes, &["queries.toml not read (line 3", "kept as it is"]);
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), corrupt);
}

#[tokio::test]
async fn piped_without_a_subcommand_names_every_subcommand_help_lists() {
    let home = Home::new();
    let help = home.crmdeck(&["--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let listed: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert_eq!(listed.len(), 14, "{help}");
    let piped = home.crmdeck(&[]).output().unwrap();
    assert_eq!(piped.status.code(), Some(2));
    let said = stderr(&piped);
    let named = said.split("subcommand: ").nth(1).unwrap();
    // Every one, in --help's order.
    assert_eq!(
        named.trim_end(),
        format!("{} (see crmdeck --help)", listed.join(", "))
    );
}

#[tokio::test]
async fn demo_server_port_names_the_addr_to_give() {
    let home = Home::new();
    let output = home
        .crmdeck(&["demo-server", "--port", "9001"])
        .output()
        .unwrap();
    assert_failed(&output, 2, "--addr 127.0.0.1:9001");
    assert!(!stderr(&output).contains("--format"), "{}", stderr(&output));
}

#[tokio::test]
async fn a_config_with_three_mistakes_names_each_with_its_line_and_key() {
    let fx = fixture().await;
    let config = "per_page = 0\nmouse = \"yes\"\nbse_url = \"https://x.example.uz\"\n";
    private_file(&fx.home.config_path(), config);
    let output = fx.run(&["groups"]).await;
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{said}");
    for (line, key) in [(1, "per_page"), (2, "mouse"), (3, "\"bse_url\"")] {
        assert!(
            said.contains(&format!("config.toml:{line}: ")) && said.contains(key),
            "{line} {key} in {said}"
        );
    }
}
