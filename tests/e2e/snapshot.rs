//! End to end, the snapshot start: the real binary in a pseudo-terminal
//! over a cache folder the test owns. With the API hanging, a snapshot
//! `groups --all` left draws its rows, their age and the centre's name; a
//! corrupt snapshot file is said once on the status line, the start goes
//! on as usual, and the complete walk writes a good snapshot over it. With
//! a day of history on disk too, the rows that changed since are marked
//! and counted before any answer (issue 28).

use crate::support;

use crmdeck::demo::DemoOptions;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::demo_server::Server;
use support::home::Home;
use support::pty;
use support::screen::{FIRST_ROWS, Watch};
use tempfile::TempDir;

/// A server of 100 groups over 5 pages, and a cache folder for its runs.
fn server_and_cache() -> (Server, TempDir) {
    let server = Server::start(DemoOptions {
        groups: 100,
        max_per_page: 20,
        ..DemoOptions::default()
    });
    (server, TempDir::new().expect("a cache folder"))
}

/// `crmdeck ARGS` against `server` with `cache` as XDG_CACHE_HOME; stdout.
fn cli(server: &Server, cache: &Path, args: &[&str]) -> String {
    let output = Home::new()
        .crmdeck(args)
        .env("CRMDECK_BASE_URL", server.handle.base_url())
        .env("CRMDECK_TOKEN", server.handle.token())
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("crmdeck runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// This server's snapshot file, as `crmdeck info` names it.
fn snapshot_path(server: &Server, cache: &Path) -> PathBuf {
    let info: Value = serde_json::from_str(&cli(server, cache, &["info", "--format", "json"]))
        .expect("info as JSON");
    PathBuf::from(info["cache"]["snapshot"].as_str().expect("a snapshot path"))
}

/// A server of 100 groups, a cache folder, and the snapshot `groups --all`
/// left there (its path).
fn server_with_snapshot() -> (Server, TempDir, PathBuf) {
    let (server, cache) = server_and_cache();
    cli(
        &server,
        cache.path(),
        &["groups", "--all", "--format", "csv"],
    );
    let path = snapshot_path(&server, cache.path());
    (server, cache, path)
}

fn dashboard(server: &Server, cache: &Path) -> pty::Tty {
    let cache = cache.to_str().expect("a UTF-8 path");
    pty::dashboard(
        &server.handle.base_url(),
        server.handle.token(),
        &[],
        &[("XDG_CACHE_HOME", cache)],
    )
}

#[test]
fn with_the_api_hanging_a_snapshot_start_shows_rows_and_their_age() {
    let (server, cache) = server_and_cache();
    cli(
        &server,
        cache.path(),
        &["groups", "--all", "--format", "csv"],
    );
    // From now on no answer comes before the test ends.
    server.handle.faults().set_latency(Duration::from_secs(60));
    let mut tty = dashboard(&server, cache.path());
    let screen = tty.wait_for("· refreshing");
    assert!(screen.contains("as of "), "{screen}");
    assert!(screen.contains("100 groups"), "{screen}");
    assert!(screen.contains(FIRST_ROWS), "{screen}");
    // The demo's first group, drawn from the snapshot alone.
    assert!(screen.contains("> 1 "), "{screen}");
    // And its centre, named by the snapshot: /v2/token/me is unanswered.
    let top = screen.lines().next().unwrap_or_default();
    assert!(top.contains("Ziyo Learning Centre"), "{screen}");
    assert!(!top.contains("127.0.0.1"), "{screen}");
    tty.quit();
}

/// What changed since yesterday shows from the snapshot alone, the API
/// hanging: the snapshot of `groups --all`, and a history day of yesterday
/// (in the centre's zone) written beside it with group 1 missing (new now),
/// group 2 named otherwise (changed) and a group 9999 the server no longer
/// lists (gone).
#[test]
fn with_the_api_hanging_the_rows_changed_since_yesterday_are_marked_and_counted() {
    use crmdeck::cache::Cache;
    use crmdeck::domain::changes::centre_day;
    use crmdeck::domain::digest::digests;
    use crmdeck::domain::zone::CENTRE_ZONE;
    use crmdeck::store::{HistoryDay, SnapshotKey};

    let (server, cache, path) = server_with_snapshot();
    let written: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let key: SnapshotKey = serde_json::from_value(written["key"].clone()).expect("its key");
    let files = Cache::new(path.parent().unwrap().to_path_buf());
    let snapshot = files.read(&key).unwrap().expect("the snapshot");
    // By their numbers, as the rows show them (the ids are the server's).
    let number = |group: &crmdeck::model::Group| group.company_group_number;
    let mut groups: Vec<_> = (snapshot.groups.iter())
        .filter(|group| number(group) != Some(1))
        .map(|group| (**group).clone())
        .collect();
    for group in &mut groups {
        if number(group) == Some(2) {
            group.name = "Renamed since yesterday".into();
        }
    }
    let mut gone = groups[0].clone();
    gone.id = 999_999;
    gone.company_group_number = Some(9999);
    groups.push(gone);
    let today = centre_day(chrono::Utc::now(), &CENTRE_ZONE);
    let yesterday = today.pred_opt().unwrap();
    let day = HistoryDay {
        key,
        day: yesterday,
        taken_at: chrono::Utc::now() - chrono::TimeDelta::days(1),
        digests: digests(groups.iter(), CENTRE_ZONE),
    };
    files
        .write_history(&day, today, 7)
        .expect("the history day");

    server.handle.faults().set_latency(Duration::from_secs(60));
    let mut tty = dashboard(&server, cache.path());
    let weekday = yesterday.format("%a").to_string();
    tty.wait_until("the count", |screen| {
        let text = screen.contents();
        text.contains(&format!("3 chg {weekday}"))
            || text.contains(&format!("3 changes since {weekday}"))
    });
    let screen = tty.screen_text();
    assert!(
        screen.contains("· refreshing"),
        "before any answer: {screen}"
    );
    let rows: Vec<&str> = screen.lines().collect();
    let row_of = |number: &str| {
        rows.iter()
            .find(|row| {
                let rest = row.get(2..).unwrap_or_default();
                rest.trim_start_matches('>')
                    .trim_start()
                    .starts_with(number)
            })
            .copied()
            .unwrap_or_default()
    };
    assert!(row_of("1 ").starts_with("+ "), "new: {screen}");
    assert!(row_of("2 ").starts_with("~ "), "changed: {screen}");
    assert!(row_of("3 ").starts_with("  "), "unchanged: {screen}");

    tty.type_keys(":changes\r");
    let screen = tty.wait_for("Changes since");
    assert!(
        screen.contains(&format!("Changes since {weekday}")),
        "{screen}"
    );
    assert!(screen.contains("Renamed since yesterday →"), "{screen}");
    assert!(
        screen.contains("No 9999") || screen.contains("#9999"),
        "gone: {screen}"
    );
    tty.quit();
}

#[test]
fn a_corrupt_snapshot_is_said_once_and_the_start_goes_on() {
    let (server, cache) = server_and_cache();
    let path = snapshot_path(&server, cache.path());
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{\"version\": 1, \"key\": {\"prof").unwrap();
    let mut tty = dashboard(&server, cache.path());
    tty.wait_until("the notice", |screen| {
        pty::status_text_of(screen).contains("snapshot not used:")
    });
    tty.wait_for(FIRST_ROWS);
    let screen = tty.screen_text();
    assert!(!screen.contains("as of "), "{screen}");
    // The walk completes and leaves a good snapshot in its place.
    support::wait::until(
        "a good snapshot",
        || {
            std::fs::read(&path)
                .ok()
                .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
                .is_some_and(|snapshot| snapshot["groups"].as_array().map(Vec::len) == Some(100))
        },
        || String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()).into_owned(),
    );
    tty.quit();
    let log = std::fs::read_to_string(tty.log_path()).expect("a log file");
    assert!(log.contains("snapshot ignored"), "{log}");
    assert!(log.contains("snapshot written"), "{log}");
}

#[test]
fn no_cache_neither_reads_nor_writes_the_snapshot() {
    let (server, cache, path) = server_with_snapshot();
    let written = std::fs::read(&path).expect("the snapshot groups --all left");
    server.handle.faults().set_latency(Duration::from_secs(60));
    let cache_home = cache.path().to_str().expect("a UTF-8 path");
    let mut tty = pty::dashboard(
        &server.handle.base_url(),
        server.handle.token(),
        &["--no-cache"],
        &[("XDG_CACHE_HOME", cache_home)],
    );
    let screen = tty.wait_for("loading");
    assert!(!screen.contains("as of "), "{screen}");
    assert!(!screen.contains(FIRST_ROWS), "{screen}");
    tty.quit();
    // A whole walk with --no-cache leaves the file as it was.
    server.handle.faults().set_latency(Duration::ZERO);
    let mut tty = pty::dashboard(
        &server.handle.base_url(),
        server.handle.token(),
        &["--no-cache"],
        &[("XDG_CACHE_HOME", cache_home)],
    );
    tty.wait_until("the whole list read", |screen| {
        let text = screen.contents();
        text.contains(FIRST_ROWS) && !text.contains("pages…")
    });
    tty.quit();
    // (Compared whole, not shown: a snapshot is a few hundred KB.)
    let untouched = std::fs::read(&path).unwrap() == written;
    assert!(untouched, "--no-cache wrote the snapshot");
}

/// The snapshot files in the cache folder `cache`.
fn snapshots_in(cache: &Path) -> usize {
    std::fs::read_dir(cache.join("crmdeck")).map_or(0, |files| {
        files
            .filter_map(Result::ok)
            .filter(|file| file.file_name().to_string_lossy().starts_with("snapshot-"))
            .count()
    })
}

/// The top line: the tabs (the one shown in brackets), the profile, the centre.
fn top_line(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

/// `:profile NAME` starts the other profile where it was left: its own
/// snapshot (its profile and server's key), never the other's rows under
/// its name, and its own remembered tab.
#[test]
fn each_profile_starts_from_its_own_snapshot_and_view_after_a_switch() {
    let (prod, cache) = server_and_cache();
    let test = Server::start(DemoOptions {
        groups: 30,
        ..DemoOptions::default()
    });
    let profile = |name: &str, server: &Server| {
        format!(
            "[profiles.{name}]\nbase_url = \"{}\"\ntoken = \"{}\"\n\n",
            server.handle.base_url(),
            server.handle.token()
        )
    };
    let home = Home::with_config(&format!(
        "default_profile = \"prod\"\n\n{}{}",
        profile("prod", &prod),
        profile("test", &test)
    ));
    let config = home.config_path();
    let cache_home = cache.path().to_str().expect("a UTF-8 path");
    let mut tty = pty::Tty::spawn(
        &["--config", config.to_str().expect("a UTF-8 path")],
        &[("XDG_CACHE_HOME", cache_home)],
    );
    let walked = |groups: &'static str| {
        move |screen: &vt100::Screen| {
            let text = screen.contents();
            text.contains(groups) && text.contains(FIRST_ROWS) && !text.contains("pages…")
        }
    };
    tty.wait_until("prod read whole", walked("100 groups"));
    let wrote = |files: usize| {
        support::wait::until(
            "the snapshot written",
            || snapshots_in(cache.path()) == files,
            || format!("{} snapshot files", snapshots_in(cache.path())),
        );
    };
    wrote(1);

    tty.type_keys(":profile test\r");
    tty.wait_until("test read whole", walked("30 groups"));
    assert!(top_line(&tty.screen_text()).contains("test · "));
    wrote(2);
    // Test's view: the Week tab.
    tty.type_keys("3");
    tty.wait_until("the week", |screen| {
        top_line(&screen.contents()).contains("[3 Week]")
    });

    // From now on neither server answers: what shows is the snapshot.
    prod.handle.faults().set_latency(Duration::from_secs(60));
    test.handle.faults().set_latency(Duration::from_secs(60));
    tty.type_keys(":profile prod\r");
    let screen = tty.wait_for("· refreshing");
    assert!(top_line(&screen).contains("prod · "), "{screen}");
    assert!(top_line(&screen).contains("[2 Groups]"), "{screen}");
    assert!(
        screen.contains("100 groups") && screen.contains("as of "),
        "{screen}"
    );

    tty.type_keys(":profile test\r");
    tty.wait_until("test's week", |screen| {
        let top = top_line(&screen.contents()).to_string();
        top.contains("test · ") && top.contains("[3 Week]")
    });
    tty.type_keys("2");
    let screen = tty.wait_for("30 groups");
    assert!(screen.contains("as of "), "{screen}");
    assert!(!screen.contains("100 groups"), "{screen}");
    tty.quit();
}
