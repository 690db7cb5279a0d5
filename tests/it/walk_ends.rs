//! Walks that end when they should, by the real binary over real HTTP
//! (issue 34 §2, issue 33 §6): a 401 ends the walk at once, a server that
//! stops answering ends it within twice the bound in flight, and a server
//! that answers every page 429 ends it at its deadline, each with exit 1
//! and the pages missing named. The counts are the demo server's own
//! count of requests; no test asserts a time.

use crate::support;

use crmdeck::demo::{DemoOptions, Fault, FaultScope, Route};
use support::cli::{Fixture, fixture_with, stderr, stdout};
use support::home::Home;

/// The bound in flight of these walks.
const BOUND: u64 = 4;

/// 8,000 groups over 400 pages of 20; at most [`BOUND`] pages in flight,
/// and `config` besides.
async fn four_hundred_pages(config: &str) -> Fixture {
    Fixture {
        home: Home::with_config(&format!("max_in_flight = {BOUND}\n{config}")),
        ..fixture_with(DemoOptions {
            groups: 8000,
            max_per_page: 20,
            ..DemoOptions::default()
        })
        .await
    }
}

/// Every request for pages `pages` gets `fault`, however often asked.
fn from_page_on(fx: &Fixture, fault: &Fault, pages: std::ops::RangeInclusive<u64>) {
    for page in pages {
        fx.server
            .faults()
            .push(fault.clone(), 1000, FaultScope::groups_page(page));
    }
}

/// Exit 1, nothing on stdout, and the last line of stderr naming `what`.
fn assert_failed_naming(output: &std::process::Output, what: &[&str]) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(stdout(output), "");
    let last = text.lines().last().unwrap_or_default();
    for part in what {
        assert!(last.contains(part), "{part:?} in {text}");
    }
}

/// A walk of 400 pages whose pages from `first_bad` on get `fault`:
/// exit 1 naming the pages from `first_bad` on and `cause`; returns the
/// requests the server had.
async fn ended_by(fault: Fault, first_bad: u64, cause: &str) -> u64 {
    let fx = four_hundred_pages("").await;
    from_page_on(&fx, &fault, first_bad..=first_bad + 80);
    let output = fx.run(&["groups", "--all", "--format", "json"]).await;
    let pages = format!(
        "crmdeck: pages {first_bad}, {}, {}, ",
        first_bad + 1,
        first_bad + 2
    );
    assert_failed_naming(&output, &[&pages, &format!(" of 400 missing: {cause}")]);
    fx.server.hits(Route::Groups)
}

#[tokio::test]
async fn a_401_ends_the_walk_with_no_more_requests_than_the_bound_in_flight() {
    // Pages 1 to 4 answer; from page 5 on the token is refused.
    let hits = ended_by(
        Fault::Status(401),
        5,
        "the server refused the token: HTTP 401",
    )
    .await;
    // Every request for page 5 on was sent before the first 401 came
    // back: at most the bound in flight.
    assert!(hits <= 4 + BOUND, "{hits} requests");
}

#[tokio::test]
async fn a_server_that_stops_answering_ends_the_walk_within_twice_the_bound() {
    // After page 44 every connection closes without an answer.
    let cause = "the server stopped answering (connection ";
    let hits = ended_by(Fault::Drop, 45, cause).await;
    assert!(hits <= 44 + 2 * BOUND, "{hits} requests");
}

/// A centre of 10 pages whose every page but the first answers 429 with
/// `Retry-After: 5`, for a walk of deadline 8 s.
async fn limited_every_page() -> Fixture {
    let fx = Fixture {
        home: Home::with_config("walk_deadline_secs = 8\n"),
        ..fixture_with(DemoOptions {
            groups: 200,
            max_per_page: 20,
            ..DemoOptions::default()
        })
        .await
    };
    from_page_on(&fx, &Fault::RetryAfter(5), 2..=10);
    fx
}

#[tokio::test]
async fn endless_429s_end_the_walk_at_its_deadline_said_in_one_line_at_the_end() {
    let fx = limited_every_page().await;
    // No terminal, no -v: the waits are said once, at the end.
    let output = fx.run(&["groups", "--all", "--format", "json"]).await;
    assert_failed_naming(
        &output,
        &[
            "crmdeck: pages 2, 3, 4, 5, 6, 7, 8, 9, 10 of 10 missing: the walk's deadline of \
             8 s passed (walk_deadline_secs in the config)",
        ],
    );
    let text = stderr(&output);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.starts_with("crmdeck: the server limited requests: waited once, 5 s in all\n"),
        "{text}"
    );
    // Page 1, the pages in flight at the first 429, then one at a time:
    // the wait that would end past the deadline is not waited.
    let hits = fx.server.hits(Route::Groups);
    assert!(hits <= 1 + 6 + 2, "{hits} requests");
}

#[tokio::test]
async fn with_v_each_long_wait_is_said_as_it_comes() {
    let fx = limited_every_page().await;
    let output = fx.run(&["groups", "--all", "--format", "json", "-v"]).await;
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with("crmdeck: the server limits requests: waiting 5 s (page "),
        "{text}"
    );
    assert!(!text.contains("waited once"), "{text}");
    assert!(text.contains("deadline of 8 s passed"), "{text}");
}
