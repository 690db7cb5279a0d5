//! Every page read through the store by the real binary, over real HTTP:
//! a demo centre of 2,000 groups whose pages the server caps at 20, with
//! latency; a fault on page k (once: asked again; twice: missing); 429s
//! short and long; a centre that gains a group during the walk; the demo
//! server's size and page cap from its flags and from the environment.
//! No test asserts a time: concurrency shows in the server's count of
//! requests answered at once, politeness in its count of requests.

use crate::support;

use crmdeck::api::{Client, ClientOptions};
use crmdeck::demo::{DemoOptions, Fault, FaultScope, Route};
use crmdeck::model::GroupsQuery;
use crmdeck::secret::Token;
use serde_json::Value;
use std::process::Output;
use std::time::Duration;
use support::cli::{
    Fixture, TOKEN, demo_server_process, fixture_with, stderr, stdout, stdout_json,
};
use support::home::Home;
use support::scripted_server::centre_that_grows;

/// 200 groups over 10 pages of 20 (the server's cap, whatever is asked).
fn ten_pages() -> DemoOptions {
    DemoOptions {
        groups: 200,
        max_per_page: 20,
        ..DemoOptions::default()
    }
}

/// Groups of every branch as JSON, and the run.
async fn all_groups(fx: &Fixture, extra: &[&str]) -> (Vec<Value>, Output) {
    let args = [&["groups", "--all", "--format", "json"], extra].concat();
    let output = fx.run(&args).await;
    let groups = match stdout_json(&output) {
        Value::Array(groups) => groups,
        other => panic!("not a list: {other}"),
    };
    (groups, output)
}

fn ids(groups: &[Value]) -> Vec<i64> {
    groups.iter().map(|g| g["id"].as_i64().unwrap()).collect()
}

/// The ids of every group of the server, as its pages list them.
async fn ids_on_the_server(fx: &Fixture, per_page: u32) -> Vec<i64> {
    let client = Client::new(
        ClientOptions::new(fx.server.base_url().parse().unwrap()),
        Token::new(TOKEN),
    )
    .unwrap();
    let mut ids = Vec::new();
    for page in 1.. {
        let query = GroupsQuery {
            branch_id: None,
            page,
            per_page,
        };
        let answer = client.groups(query).await.unwrap();
        ids.extend(answer.groups.iter().map(|g| g.id));
        if page >= answer.total_pages() {
            return ids;
        }
    }
    unreachable!()
}

/// One line on stderr, naming `cause`; nothing on stdout; exit 1.
fn assert_one_line_failure(output: &Output, cause: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains(cause), "{cause:?} in {text}");
    assert_eq!(stdout(output), "");
}

#[tokio::test]
async fn a_large_branch_is_read_in_page_order_several_pages_at_once_each_asked_once() {
    let fx = Fixture {
        // Fewer than the default, to see the setting at work.
        home: Home::with_config("max_in_flight = 4\n"),
        ..fixture_with(DemoOptions {
            groups: 2000,
            max_per_page: 20,
            latency: Duration::from_millis(100),
            ..DemoOptions::default()
        })
        .await
    };
    // -v: the count is said piped too (a terminal gets it without).
    let args = ["groups", "--all", "--branch", "1", "--format", "json", "-v"];
    let output = fx.run(&args).await;
    let groups = match stdout_json(&output) {
        Value::Array(groups) => groups,
        other => panic!("not a list: {other}"),
    };
    assert!(groups.iter().all(|g| g["branch_id"] == 1));
    // Page order, which is the demo's order: by id, each once.
    let ids = ids(&groups);
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");
    let pages = (groups.len() as u64).div_ceil(20);
    assert!(pages > 30, "{pages} pages");
    assert_eq!(fx.server.hits(Route::Groups), pages);
    let at_once = fx.server.peak_in_flight(Route::Groups);
    assert!((2..=4).contains(&at_once), "{at_once} at once");
    assert!(
        stderr(&output).contains(&format!("{} groups from every page", groups.len())),
        "{}",
        stderr(&output)
    );
}

#[tokio::test]
async fn a_page_that_fails_once_is_asked_again_alone() {
    let fx = fixture_with(ten_pages()).await;
    let expected = ids_on_the_server(&fx, 20).await;
    let before = fx.server.hits(Route::Groups);
    fx.server
        .faults()
        .push(Fault::Status(500), 1, FaultScope::groups_page(3));
    let (groups, _) = all_groups(&fx, &[]).await;
    assert_eq!(ids(&groups), expected);
    assert_eq!(fx.server.hits(Route::Groups) - before, 10 + 1);
}

#[tokio::test]
async fn a_page_that_keeps_failing_fails_the_command_naming_it_unless_partial() {
    let fx = fixture_with(ten_pages()).await;
    let expected = ids_on_the_server(&fx, 20).await;
    let before = fx.server.hits(Route::Groups);
    fx.server
        .faults()
        .push(Fault::Status(500), 2, FaultScope::groups_page(3));
    let output = fx.run(&["groups", "--all", "--format", "json"]).await;
    assert_one_line_failure(
        &output,
        "crmdeck: page 3 of 10 missing: HTTP 500 Internal Server Error: Server Error; \
         nothing printed: rerun, or add --partial to print the groups read",
    );
    // Every page once, and page 3 once more: the retry asks only it.
    assert_eq!(fx.server.hits(Route::Groups) - before, 10 + 1);

    fx.server
        .faults()
        .push(Fault::Status(500), 2, FaultScope::groups_page(3));
    let (groups, output) = all_groups(&fx, &["--partial", "-v"]).await;
    let without_page_3: Vec<i64> = expected
        .iter()
        .enumerate()
        .filter(|(index, _)| !(40..60).contains(index))
        .map(|(_, id)| *id)
        .collect();
    assert_eq!(ids(&groups), without_page_3);
    let notes = stderr(&output);
    assert!(
        notes.contains("crmdeck: warning: page 3 of 10 missing: HTTP 500"),
        "{notes}"
    );
    assert!(notes.contains("180 groups from every page"), "{notes}");
}

#[tokio::test]
async fn a_timetable_from_part_of_the_groups_is_refused() {
    let fx = fixture_with(ten_pages()).await;
    fx.server
        .faults()
        .push(Fault::Status(503), 6, FaultScope::groups_page(2));
    let output = fx
        .run(&["timetable", "--branch", "1", "--format", "json"])
        .await;
    assert_one_line_failure(&output, "crmdeck: page 2 of ");
    assert!(stderr(&output).contains("missing: HTTP 503"));
}

#[tokio::test]
async fn a_429_slows_the_walk_down_and_it_still_reads_every_page() {
    let fx = fixture_with(ten_pages()).await;
    let expected = ids_on_the_server(&fx, 20).await;
    let before = fx.server.hits(Route::Groups);
    fx.server
        .faults()
        .push(Fault::RetryAfter(1), 2, FaultScope::groups_page(4));
    let (groups, _) = all_groups(&fx, &[]).await;
    assert_eq!(ids(&groups), expected);
    // Page 4 twice more, none other: the client left the 429 to the walk.
    assert_eq!(fx.server.hits(Route::Groups) - before, 10 + 2);
    let log = std::fs::read_to_string(fx.home.log_path()).unwrap();
    assert!(
        log.contains("page 4: too many requests: waiting 1000 ms, 3 in flight at most"),
        "{log}"
    );
}

#[tokio::test]
async fn a_long_retry_after_ends_the_walk_without_asking_again() {
    let fx = fixture_with(ten_pages()).await;
    let before = fx.server.hits(Route::Groups);
    fx.server
        .faults()
        .push(Fault::RetryAfter(600), 1, FaultScope::groups_page(4));
    let output = fx.run(&["groups", "--all", "--format", "json"]).await;
    assert_one_line_failure(
        &output,
        "missing: HTTP 429 too many requests: retry in 600 s: the server asks to wait until ",
    );
    // No page asked twice: the server asked for no request for 10 minutes.
    assert!(fx.server.hits(Route::Groups) - before <= 10);
}

#[tokio::test]
async fn a_centre_that_grows_during_the_walk_is_read_again_where_it_moved() {
    let base_url = centre_that_grows(95, 10, 4).await;
    let home = Home::new();
    let output =
        tokio::process::Command::from(home.crmdeck(&["groups", "--all", "--format", "json"]))
            .env("CRMDECK_BASE_URL", &base_url)
            .env("CRMDECK_TOKEN", TOKEN)
            .output()
            .await
            .unwrap();
    let groups = match stdout_json(&output) {
        Value::Array(groups) => groups,
        other => panic!("not a list: {other}"),
    };
    // Group 0, new at the front, and the others once each, in order.
    assert_eq!(ids(&groups), (0..=95).collect::<Vec<_>>());
    let log = std::fs::read_to_string(home.log_path()).unwrap();
    assert!(
        log.contains("the total changed from 95 to 96 groups during the walk: asking page"),
        "{log}"
    );
}

#[tokio::test]
async fn demo_flag_takes_the_centres_size_and_page_cap_from_the_environment() {
    let home = Home::new();
    let run = |groups: &str| {
        let args = ["--demo", "groups", "--all", "--format", "json"];
        let mut command = tokio::process::Command::from(home.crmdeck(&args));
        command
            .env("CRMDECK_DEMO_GROUPS", groups)
            .env("CRMDECK_DEMO_MAX_PER_PAGE", "9");
        command.output()
    };
    let output = run("1000").await.unwrap();
    let groups = stdout_json(&output);
    assert_eq!(groups.as_array().map(Vec::len), Some(1000));
    let output = run("a few").await.unwrap();
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert_eq!(
        text,
        "crmdeck: CRMDECK_DEMO_GROUPS: must be a number of groups from 0 to 100000, not \"a few\"\n"
    );
}

#[tokio::test]
async fn demo_server_serves_a_centre_of_the_size_and_page_cap_asked() {
    let (mut child, client) =
        demo_server_process(&Home::new(), &["--groups", "50", "--max-per-page", "7"]).await;
    let query = GroupsQuery {
        branch_id: None,
        page: 1,
        per_page: 100,
    };
    let page = client.groups(query).await.unwrap();
    assert_eq!(page.per_page(), 7);
    assert_eq!(page.groups.len(), 7);
    assert_eq!(page.pagination.total, Some(50));
    child.kill().await.unwrap();
}

#[tokio::test]
async fn every_page_streamed_prints_the_bytes_one_page_of_the_whole_centre_prints() {
    // `--all` writes each group as it reads it back from its spill file
    // (the table in two passes); one page holding every group is made
    // whole in memory: the same bytes, in every format.
    let fx = fixture_with(DemoOptions {
        groups: 100,
        max_per_page: 100,
        ..DemoOptions::default()
    })
    .await;
    for format in ["json", "csv", "table"] {
        let walked = fx
            .run(&[
                "groups",
                "--all",
                "--per-page",
                "10",
                "--format",
                format,
                "-v",
            ])
            .await;
        let one_page = fx
            .run(&["groups", "--per-page", "100", "--format", format])
            .await;
        assert!(walked.status.success(), "{}", stderr(&walked));
        assert!(one_page.status.success(), "{}", stderr(&one_page));
        assert!(stderr(&walked).contains("100 groups from every page"));
        assert_eq!(stdout(&walked), stdout(&one_page), "{format}");
        assert!(stdout(&walked).lines().count() > 100, "{format}");
    }
    assert_eq!(fx.server.hits(Route::Groups), 3 * (10 + 1));
}

#[tokio::test]
async fn without_a_temporary_folder_to_keep_the_pages_in_the_walk_fails_in_one_line() {
    let fx = fixture_with(ten_pages()).await;
    let missing = fx.home.path().join("no-such-folder");
    let output = tokio::process::Command::from(fx.home.crmdeck(&["groups", "--all"]))
        .env("CRMDECK_BASE_URL", fx.server.base_url())
        .env("CRMDECK_TOKEN", TOKEN)
        .env("TMPDIR", &missing)
        .output()
        .await
        .unwrap();
    let cause = format!("no temporary file in {} for the pages", missing.display());
    assert_one_line_failure(&output, &cause);
    assert_eq!(fx.server.hits(Route::Groups), 0, "nothing asked");
}
