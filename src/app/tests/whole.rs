//! What a walk that breaks leaves (issue 34 §1, §5): pages never asked
//! count as missing, `r` and `R` ask every page not held, only a whole
//! walk is kept, and a message about a walk goes with the walk.

use super::snapshot::{saved, started_from, with_cache};
use super::*;
use crate::app::status::Severity::Warning;

fn refused() -> ApiError {
    ApiError::Network("connection refused".into())
}

/// Started from a snapshot of the whole centre, the walk's page 1 and
/// page 2 answered: pages 3, 4 and 5 on their way.
fn walk_under_way() -> (App, Vec<(RequestId, Request)>) {
    let snapshot = fixtures::snapshot(1..=fixtures::TOTAL_GROUPS as i64);
    let (mut app, effects) = started_from(snapshot, with_cache());
    let page_1 = fetch_of(&effects, &groups_request(1));
    let left = answer(&mut app, effects, &mut |request| match request {
        Request::Groups(_) => None,
        _ => Some(server_answer(request)),
    });
    assert!(saved(&left).is_empty());
    let rest = fetches(&respond_ok(&mut app, page_1, &groups_request(1)));
    assert_eq!(pages_of(&rest), [2, 3, 4, 5]);
    let (id, request) = &rest[0];
    assert!(saved(&respond_ok(&mut app, *id, request)).is_empty());
    (app, rest[1..].to_vec())
}

fn pages_of(requests: &[(RequestId, Request)]) -> Vec<u64> {
    pages(
        &requests
            .iter()
            .map(|(id, request)| Effect::Fetch {
                id: *id,
                request: request.clone(),
            })
            .collect::<Vec<_>>(),
    )
}

/// Issue 34 §1 as a user met it: the server died mid-walk (page 3 refused),
/// Esc, then `R` with a new token. The retry asked page 3 only, the walk
/// was called complete with 60 of 95 groups, and they replaced the
/// snapshot and the history's day.
#[test]
fn a_stopped_walk_is_kept_only_once_r_read_every_page_it_did_not_hold() {
    let (mut app, rest) = walk_under_way();
    let (id, request) = &rest[0];
    assert!(saved(&respond_err(&mut app, *id, request, refused())).is_empty());
    press(&mut app, "\x1b");
    let list = app.world.store.groups(None).unwrap();
    assert!(list.is_done() && !list.is_whole());
    assert_eq!(list.progress().missing, 3, "page 3 failed, 4 and 5 unasked");
    // The late answers of the pages given up are not taken.
    for (id, request) in &rest[1..] {
        assert!(saved(&respond_ok(&mut app, *id, request)).is_empty());
    }

    // A new token (R): every page not held is asked, not only page 3.
    let result = Input::TokenReloaded(Ok(None));
    let effects = app.update(result, now());
    let again = fetches(&effects);
    assert_eq!(pages(&effects), [3, 4, 5]);
    let (last, first_two) = again.split_last().unwrap();
    for (id, request) in first_two {
        assert!(saved(&respond_ok(&mut app, *id, request)).is_empty());
    }
    let effects = respond_ok(&mut app, last.0, &last.1);
    let saved = saved(&effects);
    assert_eq!(saved.len(), 1, "kept once every page answered");
    assert_eq!(saved[0].groups.len(), fixtures::TOTAL_GROUPS as usize);
}

/// A walk that ended with every page answered but far fewer groups than
/// announced is partial: said so, and not kept.
#[test]
fn a_walk_far_short_of_the_total_announced_is_said_partial_and_not_kept() {
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    let left = answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page >= 3 => {
            let mut page = fixtures::groups_page(*query, fixtures::TOTAL_GROUPS);
            page.groups.clear();
            Some(Answer::Walk(WalkAnswer::Groups(*query, Ok(page))))
        }
        Request::Groups(query) => {
            let capped = GroupsQuery {
                per_page: fixtures::SERVER_PER_PAGE,
                ..*query
            };
            let mut page = fixtures::groups_page(capped, fixtures::TOTAL_GROUPS);
            page.query = *query;
            Some(Answer::Walk(WalkAnswer::Groups(*query, Ok(page))))
        }
        _ => Some(server_answer(request)),
    });
    assert!(saved(&left).is_empty(), "40 of 95 groups: not kept");
    let said = status(&app, Warning).unwrap_or_default();
    assert!(said.contains("the walk is partial"), "{said}");
}

/// Issue 34 §5: "the server announced 95 groups but its pages held 40"
/// stayed after an `r` that held them all.
#[test]
fn a_shortfall_said_of_a_walk_goes_when_the_next_walk_holds_every_group() {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
    answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page >= 3 => {
            let mut page = fixtures::groups_page(*query, fixtures::TOTAL_GROUPS);
            page.groups.clear();
            Some(Answer::Walk(WalkAnswer::Groups(*query, Ok(page))))
        }
        _ => Some(server_answer(request)),
    });
    let said = status(&app, Warning).unwrap_or_default();
    assert!(said.contains("its pages held 40"), "{said}");
    let at = now() + chrono::TimeDelta::minutes(1);
    let mut pending = app.update(Input::Key(fixtures::key('r')), at);
    assert_eq!(status(&app, Warning), None, "the walk it was about is over");
    while let Some((id, request)) = fetches(&pending).pop() {
        pending.retain(|e| !matches!(e, Effect::Fetch { id: other, .. } if *other == id));
        let answer = Box::new(server_answer(&request));
        pending.extend(app.update(Input::Response { id, answer }, at));
    }
    assert_eq!(app.world.status.current(), None, "{:?}", app.world.status);
    assert_eq!(visible_ids(&app).len(), fixtures::TOTAL_GROUPS as usize);
}
