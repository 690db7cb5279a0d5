//! Issue 38: a fleet's centres probed over real HTTP: `--demo`'s three
//! centres (each its own server, name and size), and centres that answer,
//! refuse the token or cannot be reached, each classified on its own
//! while the others answer.

use crmdeck::config::Overrides;
use crmdeck::demo::{self, DemoOptions};
use crmdeck::domain::centre::{CentreSummary, Status};
use crmdeck::fleet::{Sessions, for_each_centre};
use std::net::SocketAddr;
use std::path::Path;
use support::home::set_mode;

use crate::redirects::{Log, server};
use crate::support;
use axum::response::IntoResponse;
use serde_json::json;

/// `text` as a private config file in `folder`, and the flags naming it.
fn config(folder: &Path, text: &str) -> Overrides {
    let path = folder.join("config.toml");
    std::fs::write(&path, text).unwrap();
    set_mode(&path, 0o600);
    Overrides {
        config_path: Some(path),
        ..Overrides::default()
    }
}

/// A demo server of the usual centre on a free port.
async fn demo_server() -> demo::DemoHandle {
    let loopback = SocketAddr::from(([127, 0, 0, 1], 0));
    demo::start(loopback, DemoOptions::default()).await.unwrap()
}

/// Every centre of `profiles` refreshed once, within `bound`, by profile.
async fn refreshed(sessions: &Sessions, profiles: &[&str], bound: usize) -> Vec<CentreSummary> {
    let sessions = sessions.clone();
    let running = for_each_centre(
        profiles.iter().map(|p| p.to_string()).collect(),
        bound,
        move |profile| {
            let sessions = sessions.clone();
            async move {
                let now = chrono::Utc::now();
                sessions.refresh(&CentreSummary::new(profile), now).await
            }
        },
    );
    let mut all: Vec<CentreSummary> = running.all().await.into_iter().map(|(_, s)| s).collect();
    all.sort_by(|a, b| a.profile.cmp(&b.profile));
    all
}

#[tokio::test]
async fn the_demo_fleet_is_three_centres_each_its_own_server() {
    let folder = tempfile::tempdir().unwrap();
    let overrides = config(folder.path(), "cache = false\n");
    let sessions = Sessions::new(&overrides, true);
    let all = refreshed(&sessions, &["demo", "demo-east", "demo-north"], 2).await;
    let seen: Vec<_> = all
        .iter()
        .map(|s| {
            let name = s.figures.name.as_deref().unwrap_or("?");
            (
                s.profile.as_str(),
                s.status,
                name,
                s.figures.groups,
                s.read_only,
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                "demo",
                Some(Status::Ok),
                "Ziyo Learning Centre",
                Some(240),
                false
            ),
            ("demo-east", Some(Status::Ok), "Ziyo East", Some(60), false),
            (
                "demo-north",
                Some(Status::Ok),
                "Ziyo North",
                Some(2_000),
                true
            ),
        ]
    );
    let hosts: std::collections::BTreeSet<_> = all.iter().map(|s| s.host.clone()).collect();
    assert_eq!(hosts.len(), 3, "each its own server: {hosts:?}");
    for summary in &all {
        let plugins = summary.figures.plugins.expect("the catalogue");
        assert!(plugins.installed <= plugins.total && plugins.total > 0);
        assert!(summary.token_expires_at.is_some() && summary.latency.is_some());
    }
    // Opened once: a second refresh talks to the same servers.
    let again = refreshed(&sessions, &["demo-east"], 1).await;
    assert_eq!(again[0].host, all[1].host);
}

/// The Centres view reads the snapshot `--demo` wrote: `--demo` and its
/// centre `demo` opened by name are one centre, one snapshot; the other
/// demo centres have their own.
#[tokio::test]
async fn the_demo_and_its_centre_demo_keep_one_snapshot() {
    let folder = tempfile::tempdir().unwrap();
    let overrides = config(folder.path(), "cache = false\n");
    let plain = crmdeck::session::open(&overrides, true).await.unwrap();
    let named = crmdeck::session::open_profile(&overrides, true, "demo")
        .await
        .unwrap();
    let east = crmdeck::session::open_profile(&overrides, true, "demo-east")
        .await
        .unwrap();
    for session in [&plain, &named, &east] {
        session.identify().await;
    }
    assert_eq!(plain.snapshot_key(None), named.snapshot_key(None));
    assert_ne!(plain.snapshot_key(None), east.snapshot_key(None));
}

#[tokio::test]
async fn each_centre_is_classified_on_its_own() {
    let server = demo_server().await;
    let url = server.base_url();
    let token = server.token();
    let folder = tempfile::tempdir().unwrap();
    let text = format!(
        "cache = false\nrequest_timeout_secs = 5\n\
         [profiles.up]\nbase_url = \"{url}\"\ntoken = \"{token}\"\n\
         [profiles.refused]\nbase_url = \"{url}\"\ntoken = \"not-the-token\"\n\
         [profiles.down]\nbase_url = \"http://127.0.0.1:1\"\ntoken = \"{token}\"\n\
         [profiles.unopened]\nbase_url = \"{url}\"\n"
    );
    let overrides = config(folder.path(), &text);
    let sessions = Sessions::new(&overrides, false);
    let all = refreshed(&sessions, &["up", "refused", "down", "unopened"], 4).await;
    let statuses: Vec<_> = all.iter().map(|s| (s.profile.as_str(), s.status)).collect();
    assert_eq!(
        statuses,
        [
            ("down", Some(Status::Unreachable)),
            ("refused", Some(Status::TokenRefused)),
            ("unopened", Some(Status::NotOpened)),
            ("up", Some(Status::Ok)),
        ]
    );
    assert_eq!(all[3].figures.groups, Some(240));
    assert_eq!(all[0].figures.groups, None);
}

/// A centre that records the Authorization of every request (the
/// redirects' test server) and answers `/v2/token/me` with `name`, the
/// groups' page with a total of `groups` and an empty catalogue.
async fn recording_centre(name: &'static str, groups: u64) -> (SocketAddr, Log) {
    server(move |_, _, path| {
        let body = match path {
            "/v2/token/me" => json!({"data": {"id": 7, "company": {"id": 1, "name": name}}}),
            "/v2/groups" => json!({
                "status": 200, "success": true, "data": [],
                "pagination": {"total": groups, "count": 0, "per_page": 1,
                               "current_page": 1, "total_pages": groups}
            }),
            _ => json!({"status": 200, "success": true, "data": []}),
        };
        axum::Json(body).into_response()
    })
    .await
}

/// Issue 38 §5: each centre's requests carry its own token and no other,
/// whether probed (`crmdeck centres`, the Centres view's refresh) or fanned
/// out (`--profiles a,b plugins`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_centre_sees_only_its_own_token() {
    let (a, seen_by_a) = recording_centre("Centre A", 3).await;
    let (b, seen_by_b) = recording_centre("Centre B", 4).await;
    let home = support::home::Home::new();
    let text = format!(
        "[profiles.a]\nbase_url = \"http://{a}\"\ntoken = \"token-of-a\"\n\
         [profiles.b]\nbase_url = \"http://{b}\"\ntoken = \"token-of-b\"\n"
    );
    let overrides = config(home.path(), &text);
    // The library's refresh, as the Centres view runs it.
    let all = refreshed(&Sessions::new(&overrides, false), &["a", "b"], 2).await;
    let groups: Vec<_> = all.iter().map(|s| s.figures.groups).collect();
    assert_eq!(groups, [Some(3), Some(4)]);
    // The CLI: the probe and the fan-out.
    let path = home.path().join("config.toml");
    let path = path.to_str().unwrap();
    for args in [
        &["--config", path, "centres", "--format", "json"][..],
        &[
            "--config",
            path,
            "--profiles",
            "b,a",
            "plugins",
            "--format",
            "csv",
        ],
    ] {
        let mut command = home.crmdeck(args);
        let output = tokio::task::spawn_blocking(move || command.output().unwrap())
            .await
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
    }
    for (seen, own) in [
        (seen_by_a, "Bearer token-of-a"),
        (seen_by_b, "Bearer token-of-b"),
    ] {
        let seen = seen.lock().unwrap();
        let paths: Vec<&str> = seen.iter().map(|(_, path, _)| path.as_str()).collect();
        for asked in ["/v2/token/me", "/v2/groups", "/v2/plugins"] {
            assert!(paths.contains(&asked), "{asked} not asked: {paths:?}");
        }
        let plugins = paths.iter().filter(|p| **p == "/v2/plugins").count();
        assert_eq!(
            plugins, 3,
            "the view's, centres' and the fan-out's: {paths:?}"
        );
        for (_, path, authorization) in seen.iter() {
            assert_eq!(authorization.as_deref(), Some(own), "{path}");
        }
    }
}

/// RELIABILITY: a centre unreachable or refusing the token in a fan-out is
/// said (its row's status, or a line on stderr naming it) while the others
/// answer in full, and the exit is 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_centre_in_a_fan_out_is_said_and_the_others_answer() {
    let server = demo_server().await;
    let (url, token) = (server.base_url(), server.token().to_string());
    let home = support::home::Home::new();
    let text = format!(
        "[profiles.up]\nbase_url = \"{url}\"\ntoken = \"{token}\"\n\
         [profiles.down]\nbase_url = \"http://127.0.0.1:1\"\ntoken = \"{token}\"\n\
         [profiles.refused]\nbase_url = \"{url}\"\ntoken = \"not-the-token\"\n"
    );
    config(home.path(), &text);
    let path = home.path().join("config.toml");
    let path = path.to_str().unwrap().to_string();
    let run = |line: &str| {
        let args: Vec<&str> = ["--config", path.as_str()]
            .into_iter()
            .chain(line.split_whitespace())
            .collect();
        let mut command = home.crmdeck(&args);
        let output = tokio::task::spawn_blocking(move || command.output().unwrap());
        async move {
            let output = output.await.unwrap();
            let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
            (
                output.status.code(),
                text(&output.stdout),
                text(&output.stderr),
            )
        }
    };
    let (code, csv, stderr) = run("centres --format csv").await;
    assert_eq!(code, Some(1), "{csv}{stderr}");
    assert!(csv.contains("\ndown,,127.0.0.1:1,unreachable,"), "{csv}");
    assert!(
        csv.contains("\nrefused,") && csv.contains(",token_refused,"),
        "{csv}"
    );
    assert!(csv.contains(",ok,false,") && csv.contains(",240,"), "{csv}");
    assert!(stderr.contains("2 centres did not answer"), "{stderr}");

    let (code, csv, stderr) = run("--profiles up,down,refused plugins --format csv").await;
    assert_eq!(code, Some(1), "{csv}{stderr}");
    assert!(csv.starts_with("centre,id,name,"), "{csv}");
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("up,")).count(),
        12,
        "{csv}"
    );
    assert!(
        !csv.contains("\ndown,") && !csv.contains("\nrefused,"),
        "{csv}"
    );
    assert!(
        stderr.contains("crmdeck: down: cannot reach the server"),
        "{stderr}"
    );
    assert!(stderr.contains("crmdeck: refused: HTTP 401"), "{stderr}");
    assert!(
        !stderr.contains(&token) && !stderr.contains("not-the-token"),
        "{stderr}"
    );

    let (code, csv, stderr) = run("--profiles down,up today --at 10:00 --format csv").await;
    assert_eq!(code, Some(1), "{csv}{stderr}");
    assert!(
        csv.starts_with("centre,part,start,end,when,group_id,"),
        "{csv}"
    );
    assert!(csv.lines().skip(1).all(|l| l.starts_with("up,")), "{csv}");
    assert!(csv.lines().count() > 5, "{csv}");
    assert!(stderr.contains("crmdeck: down: "), "{stderr}");

    // No findings where it could check, and one centre it could not: 2.
    let (code, csv, stderr) = run("--profiles up,down timetable --check --format csv").await;
    assert_eq!((code, csv.as_str()), (Some(2), ""), "{stderr}");
    assert!(
        stderr.contains("crmdeck: down: the check did not run"),
        "{stderr}"
    );

    // Neither can tell (no baseline kept yet, no server): each said, 2.
    let (code, csv, stderr) = run("--profiles up,down changes --format csv").await;
    assert_eq!((code, csv.as_str()), (Some(2), ""), "{stderr}");
    assert!(
        stderr.contains("crmdeck: up: could not tell what changed: no baseline"),
        "{stderr}"
    );
    assert!(
        stderr.contains("crmdeck: down: could not tell what changed"),
        "{stderr}"
    );
}
