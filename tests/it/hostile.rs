//! A walk has bounds a server cannot move: the real binary against servers
//! no honest centre runs (a `Retry-After` of any size or an HTTP date,
//! totals of millions, pages fuller than their `perPage`). Each run ends
//! with exit 0 or one line on stderr, never a panic, and asks the server
//! no more than the walk's rules allow. No test asserts a time.

use crate::support;

use serde_json::{Value, json};
use std::process::Output;
use std::time::Duration;
use support::cli::{TOKEN, stderr, stdout};
use support::home::Home;
use support::hostile_server::{HostileServer, Reply, honest_page};

/// `crmdeck groups --all --format json EXTRA` in `home` against `server`.
async fn all_groups(home: &Home, server: &HostileServer, extra: &[&str]) -> Output {
    let args = [&["groups", "--all", "--format", "json"], extra].concat();
    tokio::process::Command::from(home.crmdeck(&args))
        .env("CRMDECK_BASE_URL", &server.base_url)
        .env("CRMDECK_TOKEN", TOKEN)
        .output()
        .await
        .expect("the binary runs")
}

/// Exit 1, one line on stderr naming `cause`, nothing on stdout, no panic.
fn assert_one_line_failure(output: &Output, cause: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains(cause), "{cause:?} in {text}");
    assert!(!text.contains("panicked"), "{text}");
    assert_eq!(stdout(output), "");
}

fn ids(output: &Output) -> Vec<u64> {
    let groups: Value = serde_json::from_str(&stdout(output)).expect("JSON on stdout");
    let groups = groups.as_array().expect("a list");
    groups.iter().map(|g| g["id"].as_u64().unwrap()).collect()
}

/// 10 pages of 20; page 2 answers a 429 with `Retry-After: retry_after`.
async fn limited_on_page_2(retry_after: &'static str) -> HostileServer {
    HostileServer::start(Duration::ZERO, move |page| match page {
        2 => Reply::too_many(retry_after),
        _ => honest_page(page, 200, 20),
    })
    .await
}

#[tokio::test]
async fn a_retry_after_past_any_clock_ends_the_walk_in_one_line_without_a_panic() {
    for huge in [
        "18446744073709551615",
        "9300000000000000000",
        "99999999999999999999999",
    ] {
        let server = limited_on_page_2(huge).await;
        let output = all_groups(&Home::new(), &server, &[]).await;
        assert_one_line_failure(
            &output,
            "of 10 missing: HTTP 429 too many requests: retry in 86400 s: the server asks to \
             wait until ",
        );
        assert!(server.hits() <= 10, "{huge}: {} requests", server.hits());
    }
}

#[tokio::test]
async fn a_retry_after_date_is_a_wait_until_then_named_in_one_line() {
    let server = limited_on_page_2("Thu, 01 Jan 2037 00:00:00 GMT").await;
    let output = all_groups(&Home::new(), &server, &[]).await;
    // Read as a day at most: longer than a walk waits, so not waited out.
    assert_one_line_failure(
        &output,
        "of 10 missing: HTTP 429 too many requests: retry in 86400 s: the server asks to wait \
         until ",
    );
    // No page asked twice: the server asked for no request until then.
    assert!(server.hits() <= 10, "{} requests", server.hits());
}

/// Every page says 10,000 pages of 500 (5,000,000 groups), and holds 500.
async fn centre_of_millions() -> HostileServer {
    HostileServer::start(Duration::ZERO, |page| {
        let pagination = json!({
            "count": 500, "total": 5_000_000, "perPage": 500,
            "currentPage": page, "totalPages": 10_000,
        });
        Reply::page((page - 1) * 500 + 1, 500, pagination)
    })
    .await
}

#[tokio::test]
async fn a_centre_of_millions_is_refused_past_max_groups_in_one_line_unless_partial() {
    let server = centre_of_millions().await;
    let home = Home::with_config("max_groups = 1200\n");
    let output = all_groups(&home, &server, &[]).await;
    assert_one_line_failure(
        &output,
        "crmdeck: this centre reports 5,000,000 groups; crmdeck holds at most 1,200 — \
         max_groups in the config; nothing printed: add --partial to print the groups read",
    );
    // Pages 1 to 3 (the third half taken), none past the ceiling.
    assert_eq!(server.hits(), 3);

    let output = all_groups(&home, &server, &["--partial"]).await;
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(ids(&output), (1..=1200).collect::<Vec<_>>());
    let notes = stderr(&output);
    assert!(
        notes.contains(
            "crmdeck: warning: this centre reports 5,000,000 groups; crmdeck holds at most 1,200"
        ),
        "{notes}"
    );
}

#[tokio::test]
async fn a_page_fuller_than_its_per_page_is_taken_as_far_as_per_page_and_said() {
    // 500 rows a page where the server pages by 20 and counts 100.
    let server = HostileServer::start(Duration::ZERO, |page| {
        let pagination = json!({
            "count": 500, "total": 100, "perPage": 20,
            "currentPage": page, "totalPages": 5,
        });
        Reply::page((page - 1) * 500 + 1, 500, pagination)
    })
    .await;
    let output = all_groups(&Home::new(), &server, &[]).await;
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let expected: Vec<u64> = (0..5)
        .flat_map(|page| page * 500 + 1..=page * 500 + 20)
        .collect();
    assert_eq!(ids(&output), expected);
    let notes = stderr(&output);
    assert!(
        notes.contains(
            "crmdeck: warning: page 1 held 500 groups where the server pages by 20: 480 extra \
             groups ignored"
        ),
        "{notes}"
    );
    assert_eq!(notes.matches("extra groups ignored").count(), 1, "{notes}");
}
