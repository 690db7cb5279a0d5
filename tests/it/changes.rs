//! `crmdeck changes` through the real binary over real HTTP against the
//! demo server (issue 28): exit 2 with no baseline yet (the walk then kept
//! as the history's day), 0 and nothing at all on stdout and stderr when
//! nothing changed, 1 with the changes on stdout when something did, 2
//! when pages are missing (no group then called gone).

use crate::support;

use crmdeck::demo::{self, DemoOptions, Fault, FaultScope};
use serde_json::Value;
use std::net::SocketAddr;
use support::cli::{Fixture, assert_failed, fixture_with, stderr, stdout};
use support::text::assert_contains;

fn centre(groups: usize) -> DemoOptions {
    DemoOptions {
        groups,
        max_per_page: 20,
        ..DemoOptions::default()
    }
}

/// The same centre's server stopped and started again at its address
/// with `options` (its token the fixture's): the history's key, which
/// holds the address, stays the same.
async fn restart(fx: Fixture, options: DemoOptions) -> Fixture {
    let addr: SocketAddr = fx.server.addr();
    fx.server.shutdown().await;
    let options = DemoOptions {
        token: Some(support::cli::TOKEN.to_string()),
        ..options
    };
    // The old listener may take a moment to let the address go.
    let mut tries = 0;
    let server = loop {
        match demo::start(addr, options.clone()).await {
            Ok(server) => break server,
            Err(_) if tries < 100 => {
                tries += 1;
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            Err(error) => panic!("{addr} not free again: {error}"),
        }
    };
    Fixture {
        server,
        home: fx.home,
    }
}

/// The history files in the home's cache folder.
fn history_files(fx: &Fixture) -> usize {
    let dir = fx.home.cache_path();
    (std::fs::read_dir(dir).unwrap())
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            name.to_string_lossy().starts_with("history-")
        })
        .count()
}

#[tokio::test]
async fn exit_codes_tell_no_baseline_nothing_changed_changed_and_pages_missing() {
    let fx = fixture_with(centre(300)).await;

    // The first run has nothing to compare with: 2, and the walk is kept.
    let first = fx.run(&["changes"]).await;
    assert_failed(&first, 2, "could not tell what changed: no baseline");
    assert_contains(&stderr(&first), &["the history is empty"]);
    assert_eq!(stdout(&first), "");
    assert_eq!(history_files(&fx), 1);
    // No earlier day is kept: still 2 by default, and with a day not kept.
    let today_only = fx.run(&["changes", "--since", "yesterday"]).await;
    assert_failed(&today_only, 2, "no complete walk of");
    assert_contains(&stderr(&today_only), &["the history holds "]);

    // Nothing changed since the last walk: 0, nothing at all printed (cron
    // mails any output).
    let quiet = fx
        .run(&["changes", "--since", "last", "--format", "table"])
        .await;
    assert_eq!(quiet.status.code(), Some(0), "{}", stderr(&quiet));
    assert_eq!((stdout(&quiet).as_str(), stderr(&quiet).as_str()), ("", ""));
    // -v says so on stderr, still nothing on stdout.
    let said = fx.run(&["changes", "--since", "last", "-v"]).await;
    assert_eq!(said.status.code(), Some(0));
    assert_contains(&stderr(&said), &["nothing changed since"]);
    assert_eq!(stdout(&said), "");

    // The centre lost 40 groups and renamed some (hostile names): 1, the
    // changes on stdout.
    let fx = restart(
        fx,
        DemoOptions {
            hostile_text: true,
            ..centre(260)
        },
    )
    .await;
    let changed = fx
        .run(&["changes", "--since", "last", "--format", "json", "-q"])
        .await;
    assert_eq!(changed.status.code(), Some(1), "{}", stderr(&changed));
    let rows: Vec<Value> = serde_json::from_str(&stdout(&changed)).unwrap();
    let gone = rows.iter().filter(|row| row["kind"] == "gone").count();
    assert_eq!(gone, 40, "{rows:?}");
    let renamed: Vec<&Value> = rows.iter().filter(|row| row["field"] == "name").collect();
    assert!(!renamed.is_empty(), "{rows:?}");
    // Server text is made safe before it is printed.
    assert!(!stdout(&changed).contains('\x1b'));
    // -q: the count alone on stderr, for the mail's reader.
    assert_contains(&stderr(&changed), &["groups changed since"]);
    assert_eq!(stderr(&changed).lines().count(), 1, "{}", stderr(&changed));

    // The same run again compares with the walk just kept: nothing.
    let again = fx.run(&["changes", "--since", "last"]).await;
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));

    // A page that fails twice: its groups are unknown, never gone; 2.
    fx.server
        .faults()
        .push(Fault::Status(500), 2, FaultScope::groups_page(3));
    let missing = fx
        .run(&["changes", "--since", "last", "--format", "csv"])
        .await;
    assert_failed(&missing, 2, "could not tell what changed: page 3");
    assert_contains(&stderr(&missing), &["cannot be told without them"]);
    assert_eq!(stdout(&missing), "");

    // The server away: 2.
    let base_url = fx.server.base_url();
    fx.server.shutdown().await;
    let away = fx.home.crmdeck(&["changes", "--since", "last"]);
    let away = tokio::process::Command::from(away)
        .env("CRMDECK_BASE_URL", base_url)
        .env("CRMDECK_TOKEN", support::cli::TOKEN)
        .output()
        .await
        .unwrap();
    assert_failed(&away, 2, "could not tell what changed");
}

#[tokio::test]
async fn a_filter_keeps_the_changes_of_the_groups_it_names_and_csv_has_its_columns() {
    let fx = fixture_with(centre(260)).await;
    let first = fx.run(&["changes"]).await;
    assert_eq!(first.status.code(), Some(2));
    // 40 new groups, none of whose name or course holds these words: 0.
    let fx = restart(fx, centre(300)).await;
    let none = (fx.run(&["changes", "--since", "last", "--filter", "no such words"])).await;
    assert_eq!(none.status.code(), Some(0), "{}", stderr(&none));
    assert_eq!(stdout(&none), "");
    // Back to 260: the 40 are gone, a CSV row each.
    let fx = restart(fx, centre(260)).await;
    let all = fx
        .run(&["changes", "--since", "last", "--format", "csv"])
        .await;
    assert_eq!(all.status.code(), Some(1), "{}", stderr(&all));
    let text = stdout(&all);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("kind,group_id,number,name,field,old,new,branch_name,weekdays,start,end")
    );
    assert_eq!(lines.filter(|line| line.starts_with("gone,")).count(), 40);
}

#[tokio::test]
async fn the_cache_off_is_no_history_and_exit_2() {
    let fx = fixture_with(centre(40)).await;
    let off = fx.run(&["changes", "--no-cache"]).await;
    assert_failed(&off, 2, "could not tell what changed: the cache is off");
    assert_eq!(stdout(&off), "");
    let wrong = fx.run(&["changes", "--since", "tomorrow"]).await;
    assert_failed(&wrong, 2, "not a baseline");
}

#[tokio::test]
async fn the_day_groups_all_keeps_is_the_baseline_changes_reads() {
    let fx = fixture_with(centre(60)).await;
    let walked = fx.run(&["groups", "--all", "--format", "json"]).await;
    assert_eq!(walked.status.code(), Some(0), "{}", stderr(&walked));
    assert_eq!(history_files(&fx), 1);
    let same = fx.run(&["changes", "--since", "last"]).await;
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    assert_eq!((stdout(&same).as_str(), stderr(&same).as_str()), ("", ""));
}

/// `--demo` listens on a port of its own each run: its history is keyed by
/// the centre it makes, so a second run compares with the first.
#[test]
fn a_second_demo_run_compares_with_the_first() {
    let home = support::home::Home::new();
    let run = |args: &[&str]| home.crmdeck(args).output().unwrap();
    let first = run(&["--demo", "changes"]);
    assert_failed(&first, 2, "the history is empty");
    let second = run(&["--demo", "changes"]);
    assert_failed(&second, 2, "the history holds");
    // The demo is frozen in the tests (CRMDECK_DEMO_CHANGES_EVERY=0).
    let last = run(&["--demo", "changes", "--since", "last"]);
    assert_eq!(last.status.code(), Some(0), "{}", stderr(&last));
    assert_eq!(stdout(&last), "");
}
