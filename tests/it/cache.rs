//! The snapshot cache through the real binary over real HTTP: `groups
//! --all` leaves a snapshot (and the history's day) after a complete walk only, `info` names it
//! and its age, `--no-cache` and `cache = false` leave none, `cache
//! clear` removes them and says which.

use crate::support;

use crmdeck::demo::{DemoOptions, Fault, FaultScope};
use serde_json::Value;
use std::path::PathBuf;
use support::cli::{Fixture, fixture_with, stdout_json};
use support::text::assert_contains;

fn five_pages() -> DemoOptions {
    DemoOptions {
        groups: 100,
        max_per_page: 20,
        ..DemoOptions::default()
    }
}

/// The snapshot files in the home's cache folder (`$XDG_CACHE_HOME/crmdeck`).
fn snapshots(fx: &Fixture) -> Vec<PathBuf> {
    files_named(fx, "snapshot-")
}

/// The files in the home's cache folder whose names start with `prefix`.
fn files_named(fx: &Fixture, prefix: &str) -> Vec<PathBuf> {
    let dir = fx.home.cache_path();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.retain(|file| {
        file.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(prefix)
    });
    files.sort();
    files
}

async fn info_cache(fx: &Fixture, extra: &[&str]) -> Value {
    let args = [&["info", "--format", "json"], extra].concat();
    stdout_json(&fx.run(&args).await)["cache"].clone()
}

#[tokio::test]
async fn a_complete_walk_leaves_a_snapshot_info_names_and_clear_removes() {
    let fx = fixture_with(five_pages()).await;
    let cache = info_cache(&fx, &[]).await;
    assert_eq!(cache["enabled"], true);
    assert_eq!(cache["taken_at"], Value::Null);
    assert!(snapshots(&fx).is_empty());

    let groups = fx.list(&["groups", "--all", "--format", "json"]).await;
    assert_eq!(groups.len(), 100);
    let files = snapshots(&fx);
    assert_eq!(files.len(), 1, "{files:?}");
    // And the history's day of the walk (issue 28).
    let days = files_named(&fx, "history-");
    assert_eq!(days.len(), 1, "{days:?}");
    let history = days[0].file_name().unwrap().to_str().unwrap();
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let snapshot: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(snapshot["version"], 1);
    assert_eq!(snapshot["key"]["base_url"], fx.server.base_url());
    assert_eq!(snapshot["groups"].as_array().unwrap().len(), 100);
    assert!(
        snapshot["branches"]
            .as_array()
            .is_some_and(|b| !b.is_empty())
    );
    // The catalogue is there, its installations without a token.
    let plugins = snapshot["plugins"].as_array().unwrap();
    let installed: Vec<&Value> = plugins.iter().filter_map(|p| p.get("user")).collect();
    assert!(installed.iter().any(|user| user.is_object()));
    assert!(
        installed
            .iter()
            .all(|user| user.is_null() || user["token"].is_null())
    );
    assert!(!text.contains(support::cli::TOKEN));
    // The centre's name, for the top line of the next start.
    assert_eq!(snapshot["centre"], "Ziyo Learning Centre");

    let cache = info_cache(&fx, &[]).await;
    assert_eq!(cache["snapshot"], files[0].display().to_string());
    assert!(cache["taken_at"].is_string());
    assert!(cache["age_secs"].as_i64().is_some_and(|age| age >= 0));
    let text = fx.text(&["info"]).await;
    assert_contains(&text, &["cache", "snapshot-", ".json (as of "]);

    let cleared = fx.text(&["cache", "clear"]).await;
    let name = files[0].file_name().unwrap().to_str().unwrap();
    assert_contains(&cleared, &["removed 2 files from ", name, history]);
    assert!(snapshots(&fx).is_empty());
    assert_contains(&fx.text(&["cache", "clear"]).await, &["no snapshot in"]);
}

#[tokio::test]
async fn a_walk_with_pages_missing_leaves_no_snapshot() {
    let fx = fixture_with(five_pages()).await;
    fx.server
        .faults()
        .push(Fault::Status(500), 2, FaultScope::groups_page(3));
    let groups = fx
        .list(&["groups", "--all", "--partial", "--format", "json"])
        .await;
    assert_eq!(groups.len(), 80);
    assert!(
        files_named(&fx, "").is_empty(),
        "no snapshot, no history day"
    );
}

#[tokio::test]
async fn no_cache_and_cache_false_read_and_write_nothing() {
    let fx = fixture_with(five_pages()).await;
    fx.list(&["groups", "--all", "--no-cache", "--format", "json"])
        .await;
    assert!(
        files_named(&fx, "").is_empty(),
        "no snapshot, no history day"
    );
    let cache = info_cache(&fx, &["--no-cache"]).await;
    assert_eq!(cache["enabled"], false);
    assert_eq!(cache["snapshot"], Value::Null);

    std::fs::create_dir_all(fx.home.config_path().parent().unwrap()).unwrap();
    std::fs::write(fx.home.config_path(), "cache = false\n").unwrap();
    fx.list(&["groups", "--all", "--format", "json"]).await;
    assert!(snapshots(&fx).is_empty());
    assert_contains(
        &fx.text(&["info"]).await,
        &["off (cache = false or --no-cache)"],
    );
}

#[tokio::test]
async fn two_crmdecks_writing_at_once_leave_one_whole_snapshot() {
    let fx = fixture_with(five_pages()).await;
    let args = ["groups", "--all", "--format", "json"];
    let (one, two, three) = tokio::join!(fx.run(&args), fx.run(&args), fx.run(&args));
    for output in [one, two, three] {
        assert!(output.status.success(), "{output:?}");
    }
    // One file, no temporary file left, and it reads as a whole snapshot.
    let files = snapshots(&fx);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files_named(&fx, ".").len(), 0, "a temporary file left");
    let snapshot: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert_eq!(snapshot["groups"].as_array().unwrap().len(), 100);
    assert!(info_cache(&fx, &[]).await["taken_at"].is_string());
}

#[tokio::test]
async fn info_refuses_a_crafted_snapshot_of_many_tiny_records_in_one_line_and_goes_on() {
    let fx = fixture_with(five_pages()).await;
    fx.list(&["groups", "--all", "--format", "json"]).await;
    let files = snapshots(&fx);
    assert_eq!(files.len(), 1, "{files:?}");
    // The snapshot's own head, then a million tiny groups (on main: read
    // whole, they took 3.8 GB at 7.3 million and `info` aborted).
    let mut snapshot: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    snapshot["groups"] = Value::Array(Vec::new());
    let text = snapshot.to_string();
    let (head, tail) = text.split_once("\"groups\":[]").unwrap();
    let tiny = vec!["{}"; 1_000_000].join(",");
    std::fs::write(&files[0], format!("{head}\"groups\":[{tiny}]{tail}")).unwrap();

    let output = fx.run(&["info", "--format", "json"]).await;
    assert!(output.status.success(), "{output:?}");
    let cache = stdout_json(&output)["cache"].clone();
    assert_eq!(cache["taken_at"], Value::Null);
    let problem = cache["problem"].as_str().unwrap();
    assert!(
        problem.ends_with(".json: holds more than 250000 groups"),
        "{problem}"
    );
    // The next complete walk writes a good one over it.
    fx.list(&["groups", "--all", "--format", "json"]).await;
    assert!(info_cache(&fx, &[]).await["taken_at"].is_string());
}

async fn info_with(fx: &Fixture, token: &str) -> Value {
    let args = ["info", "--format", "json"];
    stdout_json(&fx.run_with_token(&args, token).await)["cache"].clone()
}

/// A JWT naming `subject` (the server refuses it: its signature is made up).
fn jwt_of(subject: &str) -> String {
    use base64::Engine;
    let encode = |text: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text);
    let claims = format!(r#"{{"sub":"{subject}","exp":4102444800}}"#);
    format!(
        "{}.{}.c2lnbmF0dXJl",
        encode(r#"{"alg":"HS256"}"#),
        encode(&claims)
    )
}

#[tokio::test]
async fn a_snapshot_is_one_accounts_another_token_never_reads_it() {
    // Issue 25 §3: same server, same (no) profile, another token.
    let fx = fixture_with(five_pages()).await;
    fx.list(&["groups", "--all", "--format", "json"]).await;
    let files = snapshots(&fx);
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let snapshot: Value = serde_json::from_str(&text).unwrap();
    // Who the token is, hashed: never the token.
    let account = snapshot["key"]["account"].as_str().expect("an account");
    assert_eq!(account.len(), 32);
    assert!(!text.contains(support::cli::TOKEN));
    let mine = info_with(&fx, support::cli::TOKEN).await;
    assert_eq!(mine["snapshot"], files[0].display().to_string());
    // An opaque token the server refuses: who it is is not known, no snapshot.
    let refused = info_with(&fx, "another-token-0123456789abcdef").await;
    assert_eq!(refused["snapshot"], Value::Null, "{refused}");
    // A JWT of another subject: another file, none yet.
    let other = info_with(&fx, &jwt_of("99")).await;
    assert_ne!(other["snapshot"], files[0].display().to_string());
    assert_eq!(other["taken_at"], Value::Null);
}
