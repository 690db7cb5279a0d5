use super::*;
use crmdeck_model::{Links, Pagination};
use std::time::Duration;

/// A centre as a server pages it: groups by offset, `per_page` capped.
struct Centre {
    ids: Vec<i64>,
    max_per_page: u32,
}

impl Centre {
    fn of(count: i64, max_per_page: u32) -> Self {
        Self {
            ids: (1..=count).collect(),
            max_per_page,
        }
    }

    fn serve(&self, query: GroupsQuery) -> GroupsPage {
        let per_page = query.per_page.min(self.max_per_page);
        let total = self.ids.len() as u64;
        let skip = ((query.page - 1) * u64::from(per_page)) as usize;
        let groups = self
            .ids
            .iter()
            .skip(skip)
            .take(per_page as usize)
            .map(|&id| group(id))
            .collect();
        GroupsPage {
            query,
            groups,
            pagination: Pagination {
                total: Some(total),
                per_page: Some(u64::from(per_page)),
                current_page: Some(query.page),
                total_pages: Some(total.div_ceil(u64::from(per_page)).max(1)),
                ..Pagination::default()
            },
        }
    }
}

fn group(id: i64) -> Group {
    Group {
        id,
        name: format!("group {id}"),
        ..Group::default()
    }
}

fn list(max_in_flight: usize) -> GroupList {
    GroupList::new(Some(2), 100, WalkPolicy::with_max_in_flight(max_in_flight))
}

/// `list`'s walk begun now.
fn begun(mut list: GroupList) -> (GroupList, Instant) {
    let now = Instant::now();
    list.walk(now);
    (list, now)
}

/// A walk of `centre` begun now, six pages at most in flight.
fn walking(centre: Centre) -> (Centre, GroupList, Instant) {
    let (list, now) = begun(list(6));
    (centre, list, now)
}

fn ids(list: &GroupList) -> Vec<i64> {
    list.groups().map(|g| g.id).collect()
}

fn pages(plan: &Plan) -> Vec<u64> {
    plan.ask.iter().map(|q| q.page).collect()
}

fn failed(cause: &str) -> Failure {
    Failure::Failed(cause.to_string())
}

fn rate_limited(seconds: Option<u64>) -> Failure {
    Failure::RateLimited {
        retry_after: seconds.map(Duration::from_secs),
        cause: "HTTP 429 too many requests".to_string(),
    }
}

/// Answers every planned request at once, in page order, until the walk is done.
/// A walk with at most `max_in_flight` pages in flight whose page 1
/// `centre` has answered.
fn past_page_one(centre: &Centre, max_in_flight: usize, now: Instant) -> GroupList {
    let mut list = list(max_in_flight);
    list.walk(now);
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    list
}

fn walk_through(list: &mut GroupList, centre: &Centre, now: Instant) {
    serve_through(list, now, |query| centre.serve(query));
}

#[test]
fn page_one_first_then_the_rest_at_the_per_page_the_server_honours() {
    let (centre, mut list, now) = walking(Centre::of(95, 20));
    let first = list.plan(now);
    assert_eq!(
        first.ask,
        [GroupsQuery {
            branch_id: Some(2),
            page: 1,
            per_page: 100
        }]
    );
    // Nothing else until page 1 says how many pages there are.
    assert_eq!(list.plan(now), Plan::default());
    assert_eq!(list.progress().to_string(), "0/? pages");
    list.accept(centre.serve(first.ask[0]), now);
    assert_eq!(list.per_page(), Some(20));
    assert_eq!(list.total(), Some(95));
    assert_eq!(list.progress().to_string(), "1/5 pages");
    let rest = list.plan(now);
    assert_eq!(pages(&rest), [2, 3, 4, 5]);
    assert!(rest.ask.iter().all(|q| q.per_page == 20));
    for query in rest.ask {
        list.accept(centre.serve(query), now);
    }
    assert!(list.is_done());
    assert_eq!(ids(&list), (1..=95).collect::<Vec<_>>());
    assert_eq!(list.arrived(5), Some(now));
    assert!(list.take_events().is_empty());
}

#[test]
fn a_group_seen_on_two_pages_is_held_once_with_its_latest_fields() {
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    let answer = |query: GroupsQuery, ids: &[i64], name: &str| GroupsPage {
        query,
        groups: ids
            .iter()
            .map(|&id| Group {
                name: format!("{name} {id}"),
                ..group(id)
            })
            .collect(),
        pagination: Pagination {
            total: Some(4),
            per_page: Some(2),
            current_page: Some(query.page),
            total_pages: Some(2),
            ..Pagination::default()
        },
    };
    list.accept(answer(first, &[1, 2], "old"), now);
    let second = list.plan(now).ask[0];
    // Offset paging shifted: group 2 again, and a duplicate within the page.
    list.accept(answer(second, &[2, 3, 3], "new"), now);
    assert_eq!(ids(&list), [1, 2, 3]);
    assert_eq!(list.len(), 3);
    let names: Vec<&str> = list.groups().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["old 1", "new 2", "new 3"]);
}

#[test]
fn pages_answered_out_of_order_are_listed_in_page_order() {
    let centre = Centre::of(50, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    let mut rest = list.plan(now).ask;
    rest.reverse();
    for query in rest {
        list.accept(centre.serve(query), now);
        // The pages read so far, in page order, whatever came first.
        let listed = ids(&list);
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        assert_eq!(listed, sorted);
    }
    assert_eq!(ids(&list), (1..=50).collect::<Vec<_>>());
}

#[test]
fn the_bound_in_flight_is_never_exceeded_whatever_the_order_of_answers() {
    let centre = Centre::of(997, 7);
    for max in [1, 2, 6] {
        let mut list = list(max);
        let mut now = Instant::now();
        list.walk(now);
        let mut in_flight: Vec<GroupsQuery> = Vec::new();
        // A fixed pseudo-random order of answers, with a 429 now and then.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ max as u64;
        let mut most = 0;
        loop {
            let plan = list.plan(now);
            in_flight.extend(plan.ask);
            most = most.max(in_flight.len());
            assert!(
                in_flight.len() <= max,
                "{} in flight, bound {max}",
                in_flight.len()
            );
            assert_eq!(list.progress().in_flight, in_flight.len());
            if in_flight.is_empty() {
                match plan.wake_at {
                    Some(at) => {
                        now = at;
                        continue;
                    }
                    None => break,
                }
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let query = in_flight.swap_remove(state as usize % in_flight.len());
            if state.is_multiple_of(11) {
                list.fail(query, rate_limited(Some(1)), now);
            } else {
                list.accept(centre.serve(query), now);
            }
        }
        assert!(list.is_done());
        assert!(list.missing().is_empty());
        assert_eq!(list.len(), 997);
        assert_eq!(most, max, "the bound was used");
    }
}

#[test]
fn a_429_halves_the_bound_and_holds_every_request_until_retry_after() {
    let centre = Centre::of(200, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    let sent = list.plan(now).ask;
    assert_eq!(sent.len(), 6);
    list.fail(sent[0], rate_limited(Some(2)), now);
    assert_eq!(
        list.take_events(),
        [WalkEvent::RateLimited {
            page: 2,
            wait: Duration::from_secs(2),
            in_flight: 3
        }]
    );
    // Nothing before the time the server named, even with room.
    for query in &sent[1..] {
        list.accept(centre.serve(*query), now);
    }
    let held = list.plan(now + Duration::from_millis(1999));
    assert!(held.ask.is_empty());
    assert_eq!(held.wake_at, Some(now + Duration::from_secs(2)));
    // Then page 2 (asked again) first, within the bound: 3 after the 429,
    // 4 once three answers came in a row since.
    let after = list.plan(now + Duration::from_secs(2));
    assert_eq!(pages(&after), [2, 8, 9, 10]);
    // A 429 without Retry-After waits the policy's default.
    list.fail(after.ask[0], rate_limited(None), now);
    assert_eq!(
        list.plan(now).wake_at,
        Some(now + WalkPolicy::default().default_retry_after)
    );
}

#[test]
fn a_page_limited_again_and_again_is_missing_and_a_long_retry_after_ends_the_walk() {
    let centre = Centre::of(100, 10);
    let mut list = list(1);
    let mut now = Instant::now();
    list.walk(now);
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    for _ in 0..WalkPolicy::default().rate_limited_attempts {
        let page_2 = list.plan(now).ask[0];
        assert_eq!(page_2.page, 2);
        list.fail(page_2, rate_limited(Some(1)), now);
        now = list.plan(now).wake_at.unwrap();
    }
    let page_2 = list.plan(now).ask[0];
    list.fail(page_2, rate_limited(Some(1)), now);
    assert_eq!(list.missing(), [(2, "HTTP 429 too many requests")]);
    now = list.held_until().unwrap();

    // Retry-After: 600 is reported, not waited out: nothing more is asked.
    let page_3 = list.plan(now).ask[0];
    assert_eq!(page_3.page, 3);
    list.fail(page_3, rate_limited(Some(600)), now);
    assert_eq!(list.plan(now + Duration::from_secs(600)), Plan::default());
    assert!(list.is_done());
    let missing: Vec<u64> = list.missing().iter().map(|(page, _)| *page).collect();
    assert_eq!(missing, (2..=10).collect::<Vec<_>>());
    assert_eq!(ids(&list), (1..=10).collect::<Vec<_>>());
    // Nor are they asked again while the server wants no request.
    assert_eq!(list.held_until(), Some(now + Duration::from_secs(600)));
    assert!(list.retry_missing(now + Duration::from_secs(60)).is_empty());
    let later = now + Duration::from_secs(595);
    assert_eq!(list.retry_missing(later), missing);
    assert_eq!(
        list.plan(later).wake_at,
        Some(now + Duration::from_secs(600))
    );
}

#[test]
fn a_failing_page_is_missing_the_rest_stays_and_only_it_is_asked_again() {
    let centre = Centre::of(60, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    for query in list.plan(now).ask {
        if query.page == 3 || query.page == 5 {
            list.fail(query, failed("HTTP 500 Internal Server Error"), now);
        } else {
            list.accept(centre.serve(query), now);
        }
    }
    assert!(list.is_done());
    assert_eq!(
        list.missing(),
        [
            (3, "HTTP 500 Internal Server Error"),
            (5, "HTTP 500 Internal Server Error")
        ]
    );
    assert_eq!(list.progress().to_string(), "4/6 pages, 2 missing");
    assert_eq!(list.len(), 40);
    assert!(list.take_events().contains(&WalkEvent::PageMissing {
        page: 3,
        cause: "HTTP 500 Internal Server Error".into()
    }));

    assert_eq!(list.retry_missing(now), [3, 5]);
    let again = list.plan(now);
    assert_eq!(pages(&again), [3, 5]);
    for query in again.ask {
        list.accept(centre.serve(query), now);
    }
    assert!(list.missing().is_empty());
    assert_eq!(ids(&list), (1..=60).collect::<Vec<_>>());
    assert!(list.take_events().is_empty(), "no shortfall");
}

#[test]
fn a_page_failing_on_a_second_walk_keeps_the_rows_it_had() {
    let (centre, mut list, now) = walking(Centre::of(30, 10));
    walk_through(&mut list, &centre, now);
    let later = now + Duration::from_secs(60);
    list.walk(later);
    let first = list.plan(later).ask[0];
    list.accept(centre.serve(first), later);
    for query in list.plan(later).ask {
        list.fail(
            query,
            failed("no answer from the server within 30 s"),
            later,
        );
    }
    assert_eq!(list.len(), 30);
    assert_eq!(list.arrived(1), Some(later));
    assert_eq!(list.arrived(2), Some(now));
    assert_eq!(list.progress().to_string(), "1/3 pages, 2 missing");
}

#[test]
fn when_page_one_fails_nothing_else_is_asked_until_it_is_retried() {
    let (centre, mut list, now) = walking(Centre::of(30, 10));
    let first = list.plan(now).ask[0];
    list.fail(first, failed("HTTP 401 unauthorized"), now);
    assert!(list.is_done());
    assert!(list.is_empty());
    assert_eq!(list.missing(), [(1, "HTTP 401 unauthorized")]);
    assert_eq!(list.retry_missing(now), [1]);
    walk_through(&mut list, &centre, now);
    assert_eq!(list.len(), 30);
}

#[test]
fn a_total_that_grows_mid_walk_asks_again_what_moved_and_says_so() {
    let mut centre = Centre::of(40, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 2, now);
    let plan = list.plan(now);
    assert_eq!(pages(&plan), [2, 3]);
    let sent = plan.ask;
    // Page 2 is answered before a group is added at the front, page 3 after.
    let page_2 = centre.serve(sent[0]);
    centre.ids.insert(0, 1000);
    list.accept(centre.serve(sent[1]), now);
    assert_eq!(
        list.take_events(),
        [WalkEvent::TotalChanged {
            from: 40,
            to: 41,
            refetch: vec![1, 5]
        }]
    );
    // Page 2's answer left before the change: stale, asked again.
    list.accept(page_2, now);
    assert!(list.take_events().is_empty(), "no second change");
    walk_through(&mut list, &centre, now);
    assert!(list.is_done());
    let mut expected: Vec<i64> = vec![1000];
    expected.extend(1..=40);
    assert_eq!(ids(&list), expected);
    assert_eq!(list.total(), Some(41));
}

#[test]
fn a_total_that_shrinks_drops_the_pages_past_the_end_and_their_rows() {
    let mut centre = Centre::of(30, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    let sent = list.plan(now).ask;
    let page_3 = centre.serve(sent[1]);
    list.accept(page_3, now);
    // Ten groups of page 1 are deleted: two pages left.
    centre.ids.drain(0..10);
    list.accept(centre.serve(sent[0]), now);
    assert_eq!(
        list.take_events(),
        [WalkEvent::TotalChanged {
            from: 30,
            to: 20,
            refetch: vec![1]
        }]
    );
    walk_through(&mut list, &centre, now);
    assert_eq!(ids(&list), (11..=30).collect::<Vec<_>>());
    assert_eq!(list.progress().to_string(), "2/2 pages");
}

#[test]
fn a_centre_that_keeps_changing_stops_being_walked_again() {
    for max in [1, 6] {
        // A group is added before every answer; the latest request sent
        // is answered first, so the answers to older ones are stale.
        let mut centre = Centre::of(30, 10);
        let mut list = list(max);
        let now = Instant::now();
        list.walk(now);
        let mut in_flight: Vec<GroupsQuery> = Vec::new();
        let mut events = Vec::new();
        for added in 0.. {
            in_flight.extend(list.plan(now).ask);
            let Some(query) = in_flight.pop() else {
                break;
            };
            assert!(added < 1000, "the walk ends");
            centre.ids.push(10_000 + added);
            list.accept(centre.serve(query), now);
            events.extend(list.take_events());
        }
        let changes = events
            .iter()
            .filter(|e| matches!(e, WalkEvent::TotalChanged { .. }))
            .count();
        assert_eq!(changes as u32, MAX_TOTAL_CHANGES, "bound {max}");
        assert!(events.contains(&WalkEvent::KeptChanging {
            changes: MAX_TOTAL_CHANGES + 1
        }));
        assert!(events.iter().any(WalkEvent::is_warning));
        assert!(list.is_done());
    }
}

#[test]
fn cancelling_drops_the_plan_and_late_answers() {
    let centre = Centre::of(50, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    let sent = list.plan(now).ask;
    list.cancel();
    assert!(list.is_done());
    assert_eq!(list.plan(now), Plan::default());
    list.accept(centre.serve(sent[0]), now);
    list.fail(sent[1], failed("late"), now);
    assert_eq!(list.len(), 10);
    // The pages not answered are missing, as stopped: not failed.
    let missing = list.missing();
    assert_eq!(missing.len(), 4, "{missing:?}");
    assert!(missing.iter().all(|(_, cause)| cause.contains("stopped")));
    assert!(!list.is_complete());
    assert!(list.take_events().is_empty(), "a stop logs no page missing");
}

/// Issue 34 §1: a walk stopped at page 22 of 100 after 3 pages failed;
/// the retry asked only the 3 that failed, and the walk was called
/// complete with a quarter of the centre.
#[test]
fn a_stopped_walk_is_never_complete_and_a_retry_asks_every_page_not_held() {
    let centre = Centre::of(1_000, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    let mut read = 1;
    while read < 22 {
        for query in list.plan(now).ask {
            if query.page % 7 == 0 {
                list.fail(query, failed("connection refused"), now);
            } else {
                list.accept(centre.serve(query), now);
                read += 1;
            }
        }
    }
    list.cancel();
    assert!(list.is_done());
    assert!(!list.is_complete(), "pages never asked are not read");
    assert!(!list.is_whole());
    assert_eq!(list.progress().missing + list.progress().read, 100);

    let retried = list.retry_missing(now);
    let held: Vec<u64> = (1..=100).filter(|n| !retried.contains(n)).collect();
    assert_eq!(held.len() as u64, list.progress().read, "{held:?}");
    assert!(!list.is_complete(), "asked, not answered yet");
    walk_through(&mut list, &centre, now);
    assert!(list.is_complete() && list.is_whole());
    assert_eq!(list.len(), 1_000);
}

#[test]
fn a_walk_stopped_before_page_one_answered_starts_at_page_one_again() {
    let centre = Centre::of(30, 10);
    let now = Instant::now();
    let mut list = list(6);
    list.seed((1..=30).map(group), snapshot_time());
    assert!(list.retry_missing(now).is_empty(), "never walked: no retry");
    list.walk(now);
    assert_eq!(pages(&list.plan(now)), [1]);
    list.cancel();
    assert!(!list.is_complete());
    assert_eq!(list.retry_missing(now), [1]);
    walk_through(&mut list, &centre, now);
    assert!(list.is_whole());
    assert_eq!(list.as_of(), None, "every page read: the seed went");
}

/// A centre announcing 40 groups in 4 pages of 10 whose pages from
/// `empty_from` on come back empty.
fn walked_empty_from(empty_from: u64, now: Instant) -> GroupList {
    let serve = |query: GroupsQuery| {
        let pagination = Pagination {
            total: Some(40),
            per_page: Some(10),
            current_page: Some(query.page),
            total_pages: Some(4),
            ..Pagination::default()
        };
        let rows = if query.page < empty_from { 10 } else { 0 };
        numbered_page(query, rows, pagination)
    };
    let mut list = list(6);
    list.walk(now);
    serve_through(&mut list, now, serve);
    list
}

/// Every page answered, but they held half the groups the server
/// announced: complete (no page unread) yet not whole (never kept).
#[test]
fn pages_holding_fewer_groups_than_announced_make_no_whole_walk() {
    let now = Instant::now();
    let mut list = walked_empty_from(3, now);
    assert!(list.is_complete());
    assert!(!list.is_whole(), "20 of 40");
    let said = list.take_events().pop().unwrap().to_string();
    assert!(
        said.ends_with("the walk is partial, the snapshot and the history are left as they were"),
        "{said}"
    );

    // One page's rows short: a centre that moved during the walk.
    let list = walked_empty_from(4, now);
    assert!(list.is_whole(), "30 of 40, within one page");
}

#[test]
fn answers_for_another_branch_or_page_are_not_taken() {
    let (centre, mut list, now) = walking(Centre::of(30, 10));
    let first = list.plan(now).ask[0];
    let other_branch = GroupsQuery {
        branch_id: Some(9),
        ..first
    };
    list.accept(centre.serve(other_branch), now);
    assert!(list.is_empty());
    list.accept(centre.serve(first), now);
    // A server that ignores `page` answers page 2 with page 1.
    let second = list.plan(now).ask[0];
    let mut repeated = centre.serve(first);
    repeated.query = second;
    list.accept(repeated, now);
    assert_eq!(
        list.missing()[0],
        (2, "the server answered page 2 with page 1")
    );
}

#[test]
fn without_totals_the_walk_follows_page_after_page() {
    let (mut list, now) = begun(list(6));
    let bare = |query: GroupsQuery, ids: &[i64], next: bool| GroupsPage {
        query,
        groups: ids.iter().copied().map(group).collect(),
        pagination: Pagination {
            per_page: Some(2),
            links: Links {
                next: next.then(|| "http://x/v2/groups?page=N".to_string()),
                previous: None,
            },
            ..Pagination::default()
        },
    };
    let first = list.plan(now).ask[0];
    list.accept(bare(first, &[1], true), now);
    let second = list.plan(now);
    assert_eq!(pages(&second), [2]);
    list.accept(bare(second.ask[0], &[2, 3], false), now);
    // A full page: there may be more.
    let third = list.plan(now);
    assert_eq!(pages(&third), [3]);
    list.accept(bare(third.ask[0], &[4], false), now);
    assert!(list.is_done());
    assert_eq!(ids(&list), [1, 2, 3, 4]);
    assert_eq!(list.progress().to_string(), "3/? pages");
}

#[test]
fn fewer_groups_than_announced_is_said_once_at_the_end() {
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    let short = |query: GroupsQuery, ids: &[i64]| GroupsPage {
        query,
        groups: ids.iter().copied().map(group).collect(),
        pagination: Pagination {
            total: Some(6),
            per_page: Some(3),
            current_page: Some(query.page),
            total_pages: Some(2),
            ..Pagination::default()
        },
    };
    list.accept(short(first, &[1, 2, 3]), now);
    let second = list.plan(now).ask[0];
    list.accept(short(second, &[]), now);
    said_once(
        &mut list,
        WalkEvent::Shortfall {
            announced: 6,
            read: 3,
            partial: false,
        },
    );
}

#[test]
fn more_pages_than_any_centre_are_walked_up_to_the_limit() {
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    list.accept(
        GroupsPage {
            query: first,
            groups: vec![group(1)],
            pagination: Pagination {
                total_pages: Some(MAX_PAGES * 10),
                ..Pagination::default()
            },
        },
        now,
    );
    assert_eq!(list.progress().pages, Some(MAX_PAGES));
    let events = list.take_events();
    assert!(
        events.contains(&WalkEvent::TooManyPages {
            announced: MAX_PAGES * 10
        }),
        "{events:?}"
    );
}

fn snapshot_time() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(1_795_600_000, 0).unwrap()
}

#[test]
fn a_seed_shows_at_once_and_goes_when_every_page_was_read() {
    let centre = Centre::of(30, 10);
    let now = Instant::now();
    let mut list = list(6);
    // The snapshot: groups 1..=25 and 99, since deleted on the server.
    let seeded: Vec<Group> = (1..=25).chain([99, 3]).map(group).collect();
    assert!(list.seed(seeded, snapshot_time()));
    assert_eq!(list.as_of(), Some(snapshot_time()));
    assert_eq!(list.len(), 26, "each group once");
    assert!(list.group(99).is_some());
    // A second seed never replaces the first.
    assert!(!list.seed(vec![group(7)], snapshot_time()));

    list.walk(now);
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    // Page 1's rows are fresh; the snapshot's others stay meanwhile.
    assert_eq!(list.len(), 26);
    assert_eq!(ids(&list)[..10], (1..=10).collect::<Vec<_>>());
    assert!(list.group(99).is_some());
    assert_eq!(list.as_of(), Some(snapshot_time()));

    walk_through(&mut list, &centre, now);
    assert!(list.is_done());
    assert_eq!(list.as_of(), None);
    assert_eq!(ids(&list), (1..=30).collect::<Vec<_>>());
    assert!(list.group(99).is_none());
    assert!(list.take_events().is_empty(), "no shortfall from the seed");
}

#[test]
fn a_seed_stays_while_pages_are_missing_or_the_walk_was_stopped() {
    let centre = Centre::of(30, 10);
    let now = Instant::now();
    let mut list = list(6);
    list.seed((1..=30).map(group), snapshot_time());
    list.walk(now);
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    for query in list.plan(now).ask {
        list.fail(query, failed("HTTP 500"), now);
    }
    assert!(list.is_done());
    assert_eq!(list.missing().len(), 2);
    // The snapshot's rows of the missing pages are still there.
    assert_eq!(list.len(), 30);
    assert_eq!(list.as_of(), Some(snapshot_time()));

    let mut stopped = self::list(6);
    stopped.seed((1..=30).map(group), snapshot_time());
    stopped.walk(now);
    stopped.cancel();
    assert_eq!(stopped.len(), 30);
    assert_eq!(stopped.as_of(), Some(snapshot_time()));
}

#[test]
fn a_list_that_holds_rows_takes_no_seed() {
    let centre = Centre::of(5, 10);
    let now = Instant::now();
    let mut list = past_page_one(&centre, 6, now);
    assert!(!list.seed(vec![group(42)], snapshot_time()));
    assert_eq!(list.as_of(), None);
    assert!(list.group(42).is_none());
}

/// Answers every request `list` plans with `serve` until the walk is over.
fn serve_through(list: &mut GroupList, now: Instant, serve: impl Fn(GroupsQuery) -> GroupsPage) {
    loop {
        let plan = list.plan(now);
        if plan.ask.is_empty() {
            break;
        }
        for query in plan.ask {
            list.accept(serve(query), now);
        }
    }
}

/// The walk said `event`, a warning, and nothing else.
fn said_once(list: &mut GroupList, event: WalkEvent) {
    let events = list.take_events();
    assert_eq!(events, [event]);
    assert!(events[0].is_warning());
}

/// Page `query.page` of `rows` groups a page, numbered on from the pages
/// before it, under `pagination`.
fn numbered_page(query: GroupsQuery, rows: i64, pagination: Pagination) -> GroupsPage {
    let first = (query.page as i64 - 1) * rows;
    GroupsPage {
        query,
        groups: (first + 1..=first + rows).map(group).collect(),
        pagination,
    }
}

fn with_max_groups(max_groups: u64) -> GroupList {
    let policy = WalkPolicy {
        max_groups,
        ..WalkPolicy::default()
    };
    GroupList::new(None, 100, policy)
}

#[test]
fn a_centre_announcing_more_than_the_ceiling_is_read_up_to_it_and_said_once() {
    let centre = Centre::of(100_000, 20);
    let (mut list, now) = begun(with_max_groups(250));
    walk_through(&mut list, &centre, now);
    assert_eq!(list.len(), 250);
    assert_eq!(ids(&list), (1..=250).collect::<Vec<_>>());
    assert!(list.is_done() && list.is_cut_short() && !list.is_complete());
    // Pages 1 to 13 of 20 (the 13th half taken), none past the ceiling.
    assert!(list.arrived(13).is_some());
    assert_eq!(list.arrived(14), None);
    let events = list.take_events();
    assert_eq!(
        events,
        [WalkEvent::TooManyGroups {
            announced: Some(100_000),
            max: 250
        }]
    );
}

#[test]
fn pages_holding_more_than_a_lying_total_stop_at_the_ceiling() {
    let (mut list, now) = begun(with_max_groups(250));
    // Every page says "10 groups in all" but the pages never end.
    let serve = |query: GroupsQuery| {
        let pagination = Pagination {
            per_page: Some(20),
            current_page: Some(query.page),
            links: Links {
                next: Some("next".into()),
                ..Links::default()
            },
            ..Pagination::default()
        };
        numbered_page(query, 20, pagination)
    };
    serve_through(&mut list, now, serve);
    assert_eq!(list.len(), 250);
    assert!(list.is_done() && list.is_cut_short());
    assert_eq!(
        list.take_events(),
        [WalkEvent::TooManyGroups {
            announced: None,
            max: 250
        }]
    );
}

#[test]
fn exactly_the_ceiling_is_a_whole_walk() {
    let centre = Centre::of(100, 20);
    let (mut list, now) = begun(with_max_groups(100));
    walk_through(&mut list, &centre, now);
    assert_eq!(list.len(), 100);
    assert!(list.is_complete() && !list.is_cut_short());
    assert!(list.take_events().is_empty());
}

#[test]
fn rows_past_per_page_are_dropped_and_said_once_a_walk() {
    let (mut list, now) = begun(list(6));
    // 500 rows a page where the server pages by 20 and has 100.
    let serve = |query: GroupsQuery| {
        let pagination = Pagination {
            total: Some(100),
            per_page: Some(20),
            current_page: Some(query.page),
            total_pages: Some(5),
            ..Pagination::default()
        };
        numbered_page(query, 500, pagination)
    };
    serve_through(&mut list, now, serve);
    assert_eq!(list.len(), 100);
    said_once(
        &mut list,
        WalkEvent::OverfullPage {
            page: 1,
            held: 500,
            per_page: 20,
        },
    );
}

#[test]
fn a_walk_under_way_goes_on_when_asked_to_walk_again() {
    let centre = Centre::of(1000, 20);
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    let asked = list.plan(now).ask;
    assert_eq!(asked.len(), 6);
    for _ in 0..40 {
        list.walk(now);
        assert!(list.plan(now).ask.is_empty(), "nothing asked again");
    }
    assert_eq!(list.arrived(1), Some(now));
    for query in asked {
        list.accept(centre.serve(query), now);
    }
    assert_eq!(pages(&list.plan(now)), [8, 9, 10, 11, 12, 13]);
}

#[test]
fn requests_given_up_keep_their_place_within_the_bound() {
    let centre = Centre::of(1000, 20);
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    list.plan(now);
    list.cancel();
    list.walk(now);
    // Six given up still being answered: the new walk's page 1 waits.
    assert!(list.plan_beside(now, 6).ask.is_empty());
    assert_eq!(pages(&list.plan_beside(now, 5)), [1]);
}

#[test]
fn a_retry_after_of_any_size_never_overflows_the_clock() {
    let centre = Centre::of(100, 20);
    let (mut list, now) = begun(list(6));
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    let second = list.plan(now).ask[0];
    let failure = Failure::RateLimited {
        retry_after: Some(Duration::MAX),
        cause: "HTTP 429".into(),
    };
    list.fail(second, failure, now);
    assert!(list.held_until().is_some_and(|until| until > now));
    assert!(
        list.retry_missing(now).is_empty(),
        "the server asked to wait"
    );
    assert!(
        !list.retry_missing_now(now).is_empty(),
        "the user tries now"
    );
}

#[test]
fn a_list_handing_its_groups_over_keeps_the_ids_in_page_order_and_no_group() {
    // The walk of the test above, the groups handed over as pages come.
    let mut centre = Centre::of(40, 10);
    let now = Instant::now();
    let mut list = list(2);
    list.hand_over();
    list.walk(now);
    let first = list.plan(now).ask[0];
    list.accept(centre.serve(first), now);
    let mut handed: Vec<i64> = list.take_handed().iter().map(|g| g.id).collect();
    assert_eq!(handed, (1..=10).collect::<Vec<_>>());
    let sent = list.plan(now).ask;
    let page_2 = centre.serve(sent[0]);
    centre.ids.insert(0, 1000);
    list.accept(centre.serve(sent[1]), now);
    list.accept(page_2, now);
    walk_through(&mut list, &centre, now);
    handed.extend(list.take_handed().iter().map(|g| g.id));
    assert!(list.take_handed().is_empty(), "taken once");
    let mut expected: Vec<i64> = vec![1000];
    expected.extend(1..=40);
    assert_eq!(list.ids().collect::<Vec<_>>(), expected);
    assert_eq!(list.len(), 41);
    // No group is held: every answer taken was handed over, the pages
    // read again too (page 2's stale answer was not taken).
    assert_eq!(list.groups().count(), 0);
    assert_eq!(list.group(1000), None);
    assert_eq!(handed.len(), 10 + 10 + 10 + 10 + 10 + 1);
    let mut each: Vec<i64> = handed.clone();
    each.sort_unstable();
    each.dedup();
    assert_eq!(each.len(), 41);
}

/// Past the ceiling the groups listed last go, whatever order the pages
/// came in: page 3 before page 2 still leaves the first 1,200 groups.
#[test]
fn the_ceiling_keeps_the_first_groups_in_page_order_whatever_arrives_first() {
    let (mut list, now) = begun(with_max_groups(1200));
    let pagination = |page| Pagination {
        total: Some(5_000_000),
        per_page: Some(500),
        current_page: Some(page),
        total_pages: Some(10_000),
        ..Pagination::default()
    };
    let first = list.plan(now).ask[0];
    list.accept(numbered_page(first, 500, pagination(1)), now);
    let asked = list.plan(now).ask;
    assert_eq!(asked.iter().map(|q| q.page).collect::<Vec<_>>(), [2, 3]);
    list.accept(numbered_page(asked[1], 500, pagination(3)), now);
    list.accept(numbered_page(asked[0], 500, pagination(2)), now);
    assert_eq!(ids(&list), (1..=1200).collect::<Vec<_>>());
    assert!(list.is_done() && list.is_cut_short() && !list.is_complete());
}

// A snapshot seeded in two parts (`seed.rs`, issue 34 §3).

#[test]
fn a_head_then_its_rest_hold_what_the_whole_would_and_a_page_wins() {
    let centre = Centre::of(30, 10);
    let now = Instant::now();
    let snapshot: Vec<_> = (1..=25).chain([99]).map(group).collect();
    let mut whole = list(6);
    whole.seed(snapshot.clone(), snapshot_time());
    let mut parts = list(6);
    assert!(parts.seed_head(snapshot[..10].to_vec(), snapshot_time()));
    assert!(!parts.seeded_whole(), "a head is no whole snapshot");
    assert_eq!(ids(&parts), (1..=10).collect::<Vec<_>>());
    // Page 1 answers before the rest is read: its groups win.
    for list in [&mut whole, &mut parts] {
        list.walk(now);
        let first = list.plan(now).ask[0];
        list.accept(centre.serve(first), now);
    }
    assert!(parts.seed_rest(snapshot.clone()));
    assert!(parts.seeded_whole());
    assert_eq!(ids(&parts), ids(&whole));
    assert_eq!(parts.len(), 26);
    // A rest comes once.
    assert!(!parts.seed_rest(vec![group(7)]));
    // Every page read: the same groups, 99 gone from both.
    walk_through(&mut whole, &centre, now);
    walk_through(&mut parts, &centre, now);
    assert_eq!(ids(&parts), (1..=30).collect::<Vec<_>>());
    assert_eq!(ids(&parts), ids(&whole));
}

#[test]
fn a_rest_in_slices_holds_what_the_whole_would_and_a_group_listed_twice_counts_once() {
    let centre = Centre::of(30, 10);
    let now = Instant::now();
    let snapshot: Vec<_> = (1..=25).chain([99, 3]).map(group).collect();
    let mut whole = list(6);
    whole.seed(snapshot.clone(), snapshot_time());
    let mut parts = list(6);
    assert!(parts.seed_head(snapshot[..10].to_vec(), snapshot_time()));
    for list in [&mut whole, &mut parts] {
        list.walk(now);
        let first = list.plan(now).ask[0];
        list.accept(centre.serve(first), now);
    }
    assert!(parts.seed_more(snapshot[10..18].to_vec()));
    assert!(!parts.seeded_whole(), "not whole before its last slice");
    assert_eq!(parts.seeded_ids(), (1..=18).collect::<Vec<_>>());
    assert!(parts.seed_rest(snapshot[18..].to_vec()));
    assert!(parts.seeded_whole());
    assert_eq!(parts.seeded_ids(), whole.seeded_ids());
    assert_eq!((ids(&parts), parts.len()), (ids(&whole), 26));
    assert!(!parts.seed_more(vec![group(7)]), "no slice after the last");
    walk_through(&mut whole, &centre, now);
    walk_through(&mut parts, &centre, now);
    assert_eq!(ids(&parts), (1..=30).collect::<Vec<_>>());
}

#[test]
fn a_rest_is_not_taken_without_its_head_nor_after_a_401_took_it() {
    let mut never = list(6);
    assert!(!never.seed_rest(vec![group(1)]));
    assert_eq!(never.len(), 0);
    let mut whole = list(6);
    whole.seed(vec![group(1)], snapshot_time());
    assert!(!whole.seed_rest(vec![group(2)]), "no head: already whole");
    let mut refused = list(6);
    refused.seed_head(vec![group(1)], snapshot_time());
    assert!(refused.forget_seed());
    assert!(!refused.seed_rest((1..=5).map(group)));
    assert!(!refused.seed_more((1..=5).map(group)));
    assert_eq!(refused.len(), 0);
}

mod stop;
