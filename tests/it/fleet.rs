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

use crate::support;

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

#[tokio::test]
async fn each_centre_is_classified_on_its_own() {
    let server = demo::start(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        DemoOptions::default(),
    )
    .await
    .unwrap();
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
