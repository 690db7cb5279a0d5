//! Walks that end before their pages are asked, on a fake clock: a 401,
//! a server gone (a run of failed connections), a deadline under 429s.

use super::*;
use crate::walk::{Limited, Stop};

fn unauthorized() -> Failure {
    Failure::Unauthorized("HTTP 401 unauthorized: the token was refused".to_string())
}

fn reset() -> Failure {
    Failure::Unreachable {
        cause: "connection lost before the answer: reset".to_string(),
        how: "connection reset".to_string(),
        again: true,
    }
}

/// The pages `ask` asks for.
fn numbers(ask: &[GroupsQuery]) -> Vec<u64> {
    ask.iter().map(|query| query.page).collect()
}

/// A centre of 20 pages, a walk of 4 in flight at most past page 1, and
/// the pages it asks next (2 to 5).
fn four_in_flight() -> (Centre, Instant, GroupList, Vec<GroupsQuery>) {
    let centre = Centre::of(2000, 100);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 4, now);
    let ask = list.plan(now).ask;
    (centre, now, list, ask)
}

/// The stops the walk said since the last call, as the user reads them.
fn stops_said(list: &mut GroupList) -> Vec<String> {
    let events = list.take_events();
    let stops = events
        .iter()
        .filter(|event| matches!(event, WalkEvent::Stopped { .. }));
    stops.map(ToString::to_string).collect()
}

/// What a server does with one request.
enum Serve {
    Answer,
    Fail(Failure),
}

/// Runs a walk to its end against `serve` on a fake clock: every planned
/// request is answered in the order sent, one at a time; the clock goes
/// forward by `step` with each answer, and to a 429's wake when nothing
/// is on its way. Returns the requests sent, in order, and the end time.
fn drive(
    list: &mut GroupList,
    start: Instant,
    step: Duration,
    mut serve: impl FnMut(GroupsQuery, Instant) -> Serve,
    centre: &Centre,
) -> (Vec<u64>, Instant) {
    let mut now = start;
    let mut sent = Vec::new();
    let mut on_the_way = std::collections::VecDeque::new();
    list.walk(now);
    for _ in 0..100_000 {
        let plan = list.plan(now);
        sent.extend(plan.ask.iter().map(|q| q.page));
        on_the_way.extend(plan.ask);
        let Some(query) = on_the_way.pop_front() else {
            match plan.wake_at {
                Some(at) => {
                    now = now.max(at);
                    continue;
                }
                None => return (sent, now),
            }
        };
        now += step;
        match serve(query, now) {
            Serve::Answer => list.accept(centre.serve(query), now),
            Serve::Fail(failure) => list.fail(query, failure, now),
        }
    }
    panic!("the walk never ended: {} requests", sent.len());
}

#[test]
fn a_401_ends_the_walk_at_once_its_requests_in_flight_its_last() {
    let (centre, now, mut list, ask) = four_in_flight();
    assert_eq!(numbers(&ask), [2, 3, 4, 5]);
    list.fail(ask[0], unauthorized(), now);
    // Nothing more goes out; the three on their way are still taken.
    assert_eq!(list.plan(now), Plan::default());
    for query in &ask[1..] {
        list.accept(centre.serve(*query), now);
        assert_eq!(list.plan(now), Plan::default());
    }
    assert!(list.is_done() && !list.is_complete());
    assert!(matches!(list.stopped(), Some(Stop::Unauthorized { .. })));
    let missing = list.missing();
    assert_eq!(
        missing.iter().map(|(page, _)| *page).collect::<Vec<_>>(),
        [2].into_iter().chain(6..=20).collect::<Vec<_>>()
    );
    assert!(missing.iter().all(|(_, cause)| cause.contains("HTTP 401")));
    let stopped = stops_said(&mut list);
    assert_eq!(
        stopped,
        [
            "the walk stopped, 15 pages not asked: the server refused the token: HTTP 401 \
          unauthorized: the token was refused"
        ]
    );
    // A caller's own retry of missing pages asks nothing; the user's does.
    assert!(list.retry_missing(now).is_empty());
    assert_eq!(list.plan(now), Plan::default());
    assert_eq!(list.retry_missing_now(now).len(), 16);
    assert_eq!(pages(&list.plan(now)), [2, 6, 7, 8]);
    assert_eq!(list.stopped(), None);
}

#[test]
fn after_the_first_401_no_more_requests_than_the_bound_in_flight() {
    for bound in [1, 2, 6] {
        let centre = Centre::of(40_000, 100);
        let now = Instant::now();
        let mut list = list(bound);
        let mut refused = false;
        let mut after = 0;
        let step = Duration::from_millis(10);
        let (sent, _) = drive(
            &mut list,
            now,
            step,
            |query, _| {
                if refused {
                    after += 1;
                }
                if query.page >= 43 {
                    refused = true;
                    return Serve::Fail(unauthorized());
                }
                Serve::Answer
            },
            &centre,
        );
        assert!(
            after < bound,
            "{after} answered after the 401, bound {bound}"
        );
        assert!(sent.len() < 43 + bound, "{} sent", sent.len());
        assert_eq!(list.missing().len() as u64, 400 - list.progress().read);
    }
}

#[test]
fn a_server_gone_ends_the_walk_within_twice_the_bound() {
    for bound in [1, 2, 4, 6] {
        let centre = Centre::of(40_000, 100);
        let now = Instant::now();
        let mut list = list(bound);
        let mut died = false;
        let mut after = 0;
        let (sent, _) = drive(
            &mut list,
            now,
            Duration::from_millis(5),
            |query, _| {
                if died {
                    after += 1;
                }
                if query.page > 44 {
                    died = true;
                    return Serve::Fail(reset());
                }
                Serve::Answer
            },
            &centre,
        );
        assert!(
            after <= 2 * bound,
            "{after} after the server died, bound {bound}"
        );
        assert!(sent.len() <= 44 + 2 * bound, "{} sent", sent.len());
        let Some(Stop::Unreachable { how, .. }) = list.stopped() else {
            panic!("not stopped: {:?}", list.stopped());
        };
        assert_eq!(how, "connection reset");
        assert!(list.is_done());
        assert_eq!(list.missing().len() as u64, 400 - 44);
    }
}

#[test]
fn a_lost_connection_is_asked_again_after_a_pause_and_an_answer_ends_the_run() {
    let (centre, now, mut list, ask) = four_in_flight();
    // Three in a row of a bound of four: asked again, after a pause.
    for query in &ask[..3] {
        list.fail(*query, reset(), now);
    }
    let held = list.plan(now);
    assert!(held.ask.is_empty());
    assert!(held.wake_at.is_some_and(|at| at > now));
    // An answer: the server is there, the run starts again.
    list.accept(centre.serve(ask[3]), now);
    let later = now + Duration::from_secs(5);
    let again = list.plan(later).ask;
    assert_eq!(numbers(&again), [2, 3, 4, 6]);
    for query in &again[..3] {
        list.fail(*query, reset(), later);
    }
    assert_eq!(list.stopped(), None);
    // A page lost three times is missing; the walk goes on without it.
    let at = later + Duration::from_secs(5);
    list.accept(centre.serve(again[3]), at);
    let ask = list.plan(at).ask;
    assert_eq!(numbers(&ask), [2, 3, 4, 7]);
    list.fail(ask[0], reset(), at);
    for query in &ask[1..] {
        list.accept(centre.serve(*query), at);
    }
    assert_eq!(
        list.missing()
            .iter()
            .map(|(page, _)| *page)
            .collect::<Vec<_>>(),
        [2]
    );
    assert_eq!(list.stopped(), None);
    assert!(!list.plan(at).ask.is_empty());
}

#[test]
fn endless_429s_end_at_the_deadline_with_every_page_unread_missing() {
    let centre = Centre::of(2000, 20);
    let start = Instant::now();
    let deadline = Duration::from_secs(120);
    let mut list = GroupList::new(
        Some(2),
        100,
        WalkPolicy::with_max_in_flight(6).with_deadline(deadline),
    );
    let (sent, end) = drive(
        &mut list,
        start,
        Duration::from_millis(50),
        |query, _| match query.page {
            1 => Serve::Answer,
            _ => Serve::Fail(rate_limited(Some(10))),
        },
        &centre,
    );
    assert!(
        end <= start + deadline,
        "ended {:?} late",
        end - (start + deadline)
    );
    assert!(list.is_done() && !list.is_complete());
    assert_eq!(list.stopped(), Some(&Stop::Deadline { after: deadline }));
    assert_eq!(list.missing().len(), 99);
    assert!(sent.len() < 30, "{} sent", sent.len());
    let said = stops_said(&mut list);
    assert_eq!(said.len(), 1);
    assert!(
        said[0].ends_with(
            "not asked: the walk's deadline of 2 min passed (walk_deadline_secs in the config)"
        ),
        "{said:?}"
    );
    // The user's r asks again, with the deadline counted from then.
    assert_eq!(list.retry_missing_now(end).len(), 99);
    assert!(!list.plan(end).ask.is_empty());
}

/// A walk started at `start`, `max_in_flight` at most and a deadline of
/// `secs`, and its request for page 1.
fn walking_by(max_in_flight: usize, secs: u64, start: Instant) -> (GroupList, GroupsQuery) {
    let policy = WalkPolicy::with_max_in_flight(max_in_flight);
    let mut list = GroupList::new(
        Some(2),
        100,
        policy.with_deadline(Duration::from_secs(secs)),
    );
    list.walk(start);
    let first = list.plan(start).ask[0];
    (list, first)
}

#[test]
fn a_walk_past_its_deadline_asks_nothing_more() {
    let centre = Centre::of(2000, 100);
    let start = Instant::now();
    let (mut list, first) = walking_by(2, 60, start);
    list.accept(centre.serve(first), start);
    let ask = list.plan(start).ask;
    let late = start + Duration::from_secs(61);
    list.accept(centre.serve(ask[0]), late);
    assert_eq!(list.plan(late), Plan::default());
    // The answer still on its way is taken: the requests in flight are its last.
    list.accept(centre.serve(ask[1]), late);
    assert!(list.is_done());
    assert_eq!(list.missing().len(), 17);
    assert_eq!(list.progress().read, 3);
}

#[test]
fn a_walk_the_server_limits_says_the_wait_and_the_time_left() {
    let centre = Centre::of(2000, 100);
    let start = Instant::now();
    let (mut list, first) = walking_by(1, 600, start);
    // The clock starts at page 1's answer; page 2 took 10 s more: 18
    // pages left at that pace, about 180 s.
    let first_answer = start + Duration::from_secs(10);
    list.accept(centre.serve(first), first_answer);
    let second = list.plan(first_answer).ask[0];
    let at = first_answer + Duration::from_secs(10);
    list.accept(centre.serve(second), at);
    let third = list.plan(at).ask[0];
    list.fail(third, rate_limited(Some(8)), at);
    assert_eq!(list.limited(at + Duration::from_secs(8)), None);
    let limited = list.limited(at).unwrap();
    assert_eq!(limited.wait, Duration::from_secs(8));
    assert_eq!(limited.left, Some(Duration::from_secs(180)));
    assert_eq!(limited.deadline_in, Some(Duration::from_secs(590)));
    assert_eq!(
        limited.to_string(),
        "the server limits requests: waiting 8 s, about 3 min left"
    );
    assert_eq!(limited.short(), "limited: waiting 8 s");
    let short = Limited {
        deadline_in: Some(Duration::from_secs(100)),
        ..limited
    };
    assert_eq!(
        short.to_string(),
        "the server limits requests: waiting 8 s, about 3 min left, the walk ends in 2 min \
         (walk_deadline_secs)"
    );
}

#[test]
fn a_failure_is_said_to_end_walks_only_for_a_401_or_a_lost_connection() {
    let failed = || Failure::Failed("x".to_string());
    assert_eq!(
        failed().ending_walks(true, None),
        Failure::Unauthorized("x".to_string())
    );
    assert_eq!(
        failed().ending_walks(false, Some(("timed out", false))),
        Failure::Unreachable {
            cause: "x".to_string(),
            how: "timed out".to_string(),
            again: false,
        }
    );
    assert_eq!(failed().ending_walks(false, None), failed());
    let limited = rate_limited(Some(1));
    assert_eq!(limited.clone().ending_walks(true, None), limited);
    assert_eq!(
        crate::walk::duration_words(Duration::from_secs(7500)),
        "2 h 5 min"
    );
}
