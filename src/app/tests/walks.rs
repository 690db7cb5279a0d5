//! The store's walks as the app drives them: several pages in flight, the
//! answers in the store whatever their order, a 429 waited out on a tick,
//! a walk stopped at once, missing pages asked again and only those.

use super::*;
use crate::app::protocol::Owner;
use crate::app::shared::Shared;
use crate::app::walks::WALK_PER_PAGE;
use std::time::Duration;

fn capped(request: &Request) -> Answer {
    server_answer(request)
}

fn walk_query(branch_id: Option<i64>, page: u64, per_page: u32) -> GroupsQuery {
    GroupsQuery {
        branch_id,
        page,
        per_page,
    }
}

fn logs(effects: &[Effect]) -> Vec<&str> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Log(text) => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The ids the store holds for `branch`, in page order.
fn stored_ids(app: &App, branch: Option<i64>) -> Vec<i64> {
    app.world
        .store
        .groups(branch)
        .map(|list| list.groups().map(|group| group.id).collect())
        .unwrap_or_default()
}

#[test]
fn page_one_first_then_the_others_at_once_in_any_order() {
    let mut app = loaded();
    let effects = Shared::new(&mut app.world).walk(Some(2));
    let first = walk_query(Some(2), 1, WALK_PER_PAGE);
    let page_1 = fetch_of(&effects, &Request::Groups(first));
    assert!(app.world.is_walking(Some(2)));
    assert!(app.world.requests.any(WalkAnswer::owns));
    assert_eq!(app.needs_tick(), Some(Duration::from_millis(100)), "spins");

    // The server honours 20 a page: pages 2 to 5 go at once, at 20.
    let effects = respond(&mut app, page_1, capped(&Request::Groups(first)));
    let rest = fetches(&effects);
    assert_eq!(pages(&effects), [2, 3, 4, 5]);
    assert!(
        rest.iter()
            .all(|(_, r)| matches!(r, Request::Groups(q) if q.per_page == 20))
    );
    assert_eq!(stored_ids(&app, Some(2)), (1..=20).collect::<Vec<_>>());

    // Answered last page first: the store keeps page order.
    for (id, request) in rest.iter().rev() {
        respond(&mut app, *id, capped(request));
    }
    assert_eq!(stored_ids(&app, Some(2)), (1..=95).collect::<Vec<_>>());
    assert!(!app.world.is_walking(Some(2)));
    assert!(
        Shared::new(&mut app.world).walk_once(Some(2)).is_empty(),
        "held already"
    );
}

#[test]
fn the_config_bounds_the_pages_in_flight() {
    let (mut app, asked) = two_in_flight();
    let (id, request) = asked[0].clone();
    assert_eq!(pages(&respond(&mut app, id, capped(&request))), [4]);
}

#[test]
fn a_429_holds_the_walk_until_its_retry_after_on_a_tick() {
    let mut app = loaded();
    let first = walk_query(Some(1), 1, WALK_PER_PAGE);
    let page_1 = fetch_of(
        &Shared::new(&mut app.world).walk(Some(1)),
        &Request::Groups(first),
    );
    let effects = respond(&mut app, page_1, capped(&Request::Groups(first)));
    let (id, request) = fetches(&effects)[0].clone();
    let limited = ApiError::RateLimited {
        retry_after: Some(Duration::from_secs(2)),
    };
    let held = respond_err(&mut app, id, &request, limited);
    assert!(pages(&held).is_empty(), "held");
    assert!(
        logs(&held)
            .iter()
            .any(|line| line.contains("page 2: too many requests: waiting 2000 ms")),
        "{held:?}"
    );
    // The bound is halved to 3, all in flight: the others' answers send
    // nothing while the walk is held.
    for (id, request) in &fetches(&effects)[1..] {
        assert!(pages(&respond(&mut app, *id, capped(request))).is_empty());
    }
    assert_eq!(app.world.until_walks_wake(), Some(Duration::from_secs(2)));
    assert_eq!(app.needs_tick(), Some(Duration::from_secs(2)));
    let soon = now() + chrono::TimeDelta::seconds(1);
    assert!(pages(&app.update(Input::Tick, soon)).is_empty());
    let later = now() + chrono::TimeDelta::seconds(2);
    assert_eq!(pages(&app.update(Input::Tick, later)), [2]);
    assert_eq!(app.world.until_walks_wake(), None);
}

#[test]
fn stopping_a_walk_cancels_its_requests_and_keeps_its_rows() {
    let mut app = loaded();
    let first = walk_query(Some(3), 1, WALK_PER_PAGE);
    let page_1 = fetch_of(
        &Shared::new(&mut app.world).walk(Some(3)),
        &Request::Groups(first),
    );
    let effects = respond(&mut app, page_1, capped(&Request::Groups(first)));
    let in_flight = fetches(&effects);
    let other = Shared::new(&mut app.world).walk(Some(4));
    // Given up, not cut off: each keeps its place until it is answered.
    assert!(Shared::new(&mut app.world).stop_walk(Some(3)).is_empty());
    assert_eq!(app.world.requests.abandoned(), in_flight.len());
    assert!(!app.world.is_walking(Some(3)));
    assert!(app.world.is_walking(Some(4)), "another branch walks on");
    assert_eq!(fetches(&other).len(), 1);
    // A late answer is dropped: the rows stay as they were.
    let (id, request) = in_flight[0].clone();
    assert!(respond(&mut app, id, capped(&request)).is_empty());
    assert_eq!(stored_ids(&app, Some(3)), (1..=20).collect::<Vec<_>>());
}

#[test]
fn a_failed_page_is_missing_and_only_it_is_asked_again() {
    let mut app = loaded();
    let first = walk_query(Some(5), 1, WALK_PER_PAGE);
    let page_1 = fetch_of(
        &Shared::new(&mut app.world).walk(Some(5)),
        &Request::Groups(first),
    );
    let effects = respond(&mut app, page_1, capped(&Request::Groups(first)));
    let mut logged = Vec::new();
    for (id, request) in fetches(&effects) {
        let effects = match request {
            Request::Groups(q) if q.page == 4 => {
                respond_err(&mut app, id, &request, server_error())
            }
            _ => respond(&mut app, id, capped(&request)),
        };
        logged.extend(logs(&effects).into_iter().map(str::to_string));
    }
    assert_eq!(logged.len(), 1, "{logged:?}");
    assert!(logged[0].starts_with("walk of branch 5: page 4 missing: "));
    let list = app.world.store.groups(Some(5)).unwrap();
    assert_eq!(list.missing().len(), 1);
    assert_eq!(list.len(), 75, "the rows read stay");
    assert!(!app.world.is_walking(Some(5)));

    let effects = Shared::new(&mut app.world).retry_missing(Some(5));
    assert_eq!(pages(&effects), [4]);
    let (id, request) = fetches(&effects)[0].clone();
    respond(&mut app, id, capped(&request));
    assert_eq!(stored_ids(&app, Some(5)), (1..=95).collect::<Vec<_>>());
    assert!(
        Shared::new(&mut app.world)
            .retry_missing(Some(5))
            .is_empty(),
        "none missing"
    );
}

/// The page `query` of a centre listing `ids` in that order, the server
/// giving [`fixtures::SERVER_PER_PAGE`] a page.
fn page_of(ids: &[i64], query: GroupsQuery) -> Answer {
    let capped = GroupsQuery {
        per_page: query.per_page.min(fixtures::SERVER_PER_PAGE),
        ..query
    };
    let mut page = fixtures::groups_page(capped, ids.len() as u64);
    let per_page = capped.per_page as usize;
    let start = (query.page as usize - 1) * per_page;
    page.groups = ids
        .iter()
        .skip(start)
        .take(per_page)
        .map(|&id| fixtures::group(id))
        .collect();
    page.query = query;
    Answer::Walk(WalkAnswer::Groups(query, Ok(page)))
}

/// A group added at the front while the Groups tab walks: the next page
/// repeats a group of the one before and carries another total. The walk
/// says so in the log, asks again what moved, and the list ends with every
/// group once, the selection on the group it was on.
#[test]
fn a_total_changing_mid_walk_and_a_group_seen_twice_leave_each_group_once() {
    let (mut app, effects) = fresh();
    let before: Vec<i64> = (1..=95).collect();
    let page_1 = fetch_of(&effects, &groups_request(1));
    let rest = respond(&mut app, page_1, page_of(&before, query(1)));
    press(&mut app, "jj");
    assert_eq!(selected_group(&app), Some(3));
    // Group 1000 is added at the front before page 2 is read: page 2
    // starts with group 20, already on page 1.
    let after: Vec<i64> = std::iter::once(1000).chain(1..=95).collect();
    let mut logged = Vec::new();
    let mut pending = fetches(&rest);
    while let Some((id, request)) = pending.pop() {
        let Request::Groups(asked) = request else {
            continue;
        };
        let effects = respond(&mut app, id, page_of(&after, asked));
        logged.extend(logs(&effects).into_iter().map(str::to_owned));
        pending.extend(fetches(&effects));
    }
    assert!(
        logged
            .iter()
            .any(|line| line.contains("the total changed from 95 to 96 groups during the walk")),
        "{logged:?}"
    );
    assert!(!app.world.is_walking(None));
    let mut listed = visible_ids(&app);
    assert_eq!(listed.len(), 96, "each group once");
    listed.sort_unstable();
    listed.dedup();
    assert_eq!(listed.len(), 96);
    assert_eq!(selected_group(&app), Some(3), "the selection kept by id");
}

/// A minute after the app loaded: pages read then are not of a walk
/// started now.
fn a_minute_on() -> chrono::DateTime<chrono::Utc> {
    now() + chrono::TimeDelta::minutes(1)
}

fn press_later(app: &mut App, keys: &str) -> Vec<Effect> {
    let keys = keys.chars().map(fixtures::key);
    keys.flat_map(|key| app.update(Input::Key(key), a_minute_on()))
        .collect()
}

/// The answer of a centre of 200,000 groups to `request`, a minute on.
fn answer_large(app: &mut App, id: RequestId, request: &Request) -> Vec<Effect> {
    let Request::Groups(query) = *request else {
        panic!("a page expected");
    };
    let answer = Box::new(Answer::Walk(WalkAnswer::Groups(
        query,
        Ok(fixtures::groups_page(query, 200_000)),
    )));
    app.update(Input::Response { id, answer }, a_minute_on())
}

/// Every branch walked again with `r`, page 1 answering a centre of
/// 200,000 groups (10,000 pages of 20): the walk under way, its requests.
fn walking_a_large_centre() -> (App, Vec<(RequestId, Request)>) {
    let mut app = loaded();
    let again = Request::Groups(walk_query(None, 1, fixtures::SERVER_PER_PAGE));
    let page_1 = fetch_of(&press_later(&mut app, "r"), &again);
    let rest = fetches(&answer_large(&mut app, page_1, &again));
    assert_eq!(pages_of(&rest), [2, 3, 4, 5, 6, 7], "the bound");
    (app, rest)
}

fn pages_of(requests: &[(RequestId, Request)]) -> Vec<u64> {
    (requests.iter())
        .filter_map(|(_, request)| match request {
            Request::Groups(query) => Some(query.page),
            _ => None,
        })
        .collect()
}

#[test]
fn r_during_a_walk_lets_it_go_on_and_asks_nothing_again() {
    let (mut app, rest) = walking_a_large_centre();
    for _ in 0..40 {
        let effects = press_later(&mut app, "r");
        assert!(fetches(&effects).is_empty(), "{effects:?}");
        assert!(!effects.iter().any(|e| matches!(e, Effect::Cancel(_))));
    }
    // The walk goes on where it was: page 8 after the first answer.
    let (id, request) = &rest[0];
    assert_eq!(pages(&answer_large(&mut app, *id, request)), [8]);
}

#[test]
fn a_walk_stopped_and_started_again_never_has_more_than_the_bound_on_its_way() {
    let (mut app, rest) = walking_a_large_centre();
    assert!(
        press_later(&mut app, "\x1b").is_empty(),
        "given up, not cut off"
    );
    // The six given up are still being served: the walk, asking again
    // every page it does not hold, waits.
    assert!(fetches(&press_later(&mut app, "r")).is_empty());
    let again = Request::Groups(walk_query(None, 2, fixtures::SERVER_PER_PAGE));
    // One ends (its answer dropped): the first page not held takes its place.
    let (id, request) = &rest[0];
    let effects = answer_large(&mut app, *id, request);
    let page_2 = fetch_of(&effects, &again);
    assert_eq!(fetches(&effects).len(), 1);
    // Page 2 answered with five still given up: one more page only.
    assert_eq!(pages(&answer_large(&mut app, page_2, &again)), [3]);
    for (id, request) in &rest[1..] {
        answer_large(&mut app, *id, request);
    }
    assert_eq!(app.world.requests.abandoned(), 0);
    let on_its_way = app.world.store.groups(None).unwrap().progress().in_flight;
    assert_eq!(on_its_way, 6, "the bound, once every page given up ended");
}

/// The app with page 1 of every branch answered and pages 2 and 3 (a
/// bound of two) on their way.
fn two_in_flight() -> (App, Vec<(RequestId, Request)>) {
    let settings = AppSettings {
        max_in_flight: Some(2),
        ..fixtures::settings()
    };
    let mut app = loaded_with(settings);
    let effects = Shared::new(&mut app.world).walk(Some(2));
    let first = walk_query(Some(2), 1, WALK_PER_PAGE);
    let page_1 = fetch_of(&effects, &Request::Groups(first));
    let effects = respond(&mut app, page_1, capped(&Request::Groups(first)));
    assert_eq!(pages(&effects), [2, 3]);
    (app, fetches(&effects))
}

fn status_text(app: &App) -> String {
    app.world
        .status
        .current()
        .map(|message| message.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_server_that_stops_answering_ends_the_walk_until_r() {
    // Issue 34 §2: a run of lost connections as long as the bound.
    let (mut app, asked) = two_in_flight();
    let lost = || ApiError::ConnectionLost("127.0.0.1: connection reset by peer".into());
    let mut sent = Vec::new();
    for (id, request) in &asked {
        sent.extend(pages(&respond(&mut app, *id, request.failed(lost()))));
    }
    assert!(sent.is_empty(), "asked {sent:?} of a server gone");
    assert_eq!(
        app.needs_tick().filter(|_| app.world.is_walking(Some(2))),
        None
    );
    assert!(!app.world.is_walking(Some(2)));
    // 09:00 UTC is 14:00 in Tashkent, the tests' zone.
    assert_eq!(
        status_text(&app),
        "groups of branch 2: the server stopped answering at 14:00 (connection reset): r retries"
    );
    let list = app.world.store.groups(Some(2)).unwrap();
    assert_eq!(list.progress().missing, 4);
    // r asks again.
    let again = Shared::new(&mut app.world).retry_missing(Some(2));
    assert_eq!(pages(&again), [2, 3]);
}

#[test]
fn a_401_ends_the_walk_at_once_naming_the_token_and_capital_r() {
    let (mut app, asked) = two_in_flight();
    let refused = ApiError::Unauthorized {
        expired_at: None,
        message: None,
    };
    let (first, second) = (&asked[0], &asked[1]);
    let effects = respond(&mut app, first.0, first.1.failed(refused));
    assert!(pages(&effects).is_empty());
    // The request on its way is the walk's last: taken, nothing more asked.
    let effects = respond(&mut app, second.0, capped(&second.1));
    assert!(pages(&effects).is_empty());
    assert!(!app.world.is_walking(Some(2)));
    let said = status_text(&app);
    assert!(
        said.starts_with("groups of branch 2: the server refused the token (HTTP 401"),
        "{said}"
    );
    assert!(
        said.ends_with("the walk stopped · R reloads the token"),
        "{said}"
    );
    assert_eq!(
        app.world.store.groups(Some(2)).unwrap().progress().missing,
        3
    );
}
