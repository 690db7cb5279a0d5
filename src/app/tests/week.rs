//! The Week tab: opening it, walking every page (stale answers dropped,
//! Esc cancels, a failure keeps the week), navigation, detail, archived.

use super::*;
use crate::app::Tab;
use crate::app::fixtures::groups_page;
use crate::app::requests::Owner;
use crate::app::week::WALK_PER_PAGE;

/// Groups in the branch of the multi-page walks: three pages of 100.
const WALK_GROUPS: u64 = 250;

fn walk_query(page: u64) -> GroupsQuery {
    GroupsQuery {
        branch_id: None,
        page,
        per_page: WALK_PER_PAGE,
    }
}

/// A page of the three-page branch.
fn walk_answer(page: u64) -> Answer {
    let query = walk_query(page);
    Answer::Groups(query, Ok(groups_page(query, WALK_GROUPS)))
}

/// An app on the Week tab whose walk the scripted server answered.
fn week_loaded() -> App {
    let mut app = loaded();
    let effects = press(&mut app, "w");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    app
}

#[test]
fn w_opens_the_week_of_the_branch_and_walks_from_page_one() {
    let mut app = loaded();
    let effects = press(&mut app, "w");
    fetch_of(&effects, &Request::Groups(walk_query(1)));
    assert_eq!(app.tab, Tab::Week);
    assert_eq!(app.context(), Context::Week);
    assert_eq!(app.tabs.week.progress(), Some((0, None)));
    // The tab key opens the same week without a second walk.
    let again = press(&mut app, "23");
    assert!(fetches(&again).is_empty(), "{again:?}");
}

#[test]
fn the_walk_reads_every_page_and_drops_a_stale_answer() {
    let mut app = loaded();
    let first = fetch_of(&press(&mut app, "w"), &Request::Groups(walk_query(1)));
    // r starts the walk again: the first request is abandoned.
    let restart = press(&mut app, "r");
    assert!(restart.contains(&Effect::Cancel(first)));
    let current = fetch_of(&restart, &Request::Groups(walk_query(1)));
    assert!(respond(&mut app, first, walk_answer(1)).is_empty());
    assert_eq!(app.tabs.week.progress(), Some((0, None)));
    let second = respond(&mut app, current, walk_answer(1));
    let page_two = fetch_of(&second, &Request::Groups(walk_query(2)));
    assert_eq!(app.tabs.week.progress(), Some((1, Some(3))));
    let third = respond(&mut app, page_two, walk_answer(2));
    let page_three = fetch_of(&third, &Request::Groups(walk_query(3)));
    assert!(respond(&mut app, page_three, walk_answer(3)).is_empty());
    assert!(!app.tabs.week.is_loading());
    assert!(app.tabs.week.loaded);
    assert_eq!(app.tabs.week.groups.len(), WALK_GROUPS as usize);
}

#[test]
fn esc_cancels_the_walk_and_a_failure_keeps_the_week() {
    let mut app = week_loaded();
    let before = app.tabs.week.groups.len();
    assert!(before > 0);
    let id = fetch_of(&press(&mut app, "r"), &Request::Groups(walk_query(1)));
    assert_eq!(press(&mut app, "\x1b"), vec![Effect::Cancel(id)]);
    assert!(!app.tabs.week.is_loading());
    assert_eq!(
        status(&app, Severity::Info),
        Some("loading the week cancelled")
    );
    let id = fetch_of(&press(&mut app, "r"), &Request::Groups(walk_query(1)));
    respond_err(
        &mut app,
        id,
        &Request::Groups(walk_query(1)),
        server_error(),
    );
    assert!(!app.tabs.week.is_loading());
    assert_eq!(app.tabs.week.groups.len(), before);
    let error = status(&app, Severity::Error).expect("an error in the status line");
    assert!(error.starts_with("week page 1:"), "{error}");
}

#[test]
fn arrows_and_hjkl_move_between_days_and_slots() {
    let mut app = week_loaded();
    assert_eq!((app.tabs.week.day, app.tabs.week.slot), (0, 0));
    press(&mut app, "j");
    assert_eq!(app.tabs.week.slot, 1);
    press(&mut app, "k");
    assert_eq!(app.tabs.week.slot, 0);
    press(&mut app, "l");
    assert_eq!(app.tabs.week.day, 1);
    special(&mut app, KeyCode::Left);
    assert_eq!(app.tabs.week.day, 0);
    special(&mut app, KeyCode::Right);
    let nearest = app.tabs.week.slot;
    special(&mut app, KeyCode::Down);
    assert_eq!((app.tabs.week.day, app.tabs.week.slot), (1, nearest + 1));
    // The last slot of the day: the time axis scrolls to keep it visible.
    press(&mut app, "G");
    let slot = app.tabs.week.selected_slot().expect("a slot").clone();
    let span = app.tabs.week.span();
    let row = crate::app::week::row_of(slot.start_minute(), &span);
    let rows = app.tabs.week.grid_rows(&app.shared.layout);
    assert!(app.tabs.week.scroll > 0);
    assert!((app.tabs.week.scroll..app.tabs.week.scroll + rows).contains(&row));
}

#[test]
fn enter_opens_the_group_detail_and_esc_goes_back() {
    let mut app = week_loaded();
    let id = app.tabs.week.selected_group().expect("a group").id;
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::WeekDetail);
    let detail = app
        .tabs
        .week
        .detail(app.shared.row_format(), &app.shared.branches.names)
        .expect("a detail");
    let group = crate::app::fixtures::group(id);
    let expected = crate::app::group_detail::group_document(
        &group,
        app.shared.row_format(),
        &app.shared.branches.names,
    );
    assert_eq!(detail, expected);
    press(&mut app, "j");
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::Week);
}

#[test]
fn a_toggles_archived_groups() {
    let mut app = week_loaded();
    let hidden = app.tabs.week.week.hidden;
    assert!(hidden > 0);
    let placed = app.tabs.week.week.slots().count();
    press(&mut app, "a");
    assert!(app.tabs.week.include_archived);
    assert_eq!(app.tabs.week.week.hidden, 0);
    assert!(app.tabs.week.week.slots().count() > placed);
    press(&mut app, "a");
    assert_eq!(app.tabs.week.week.hidden, hidden);
}

#[test]
fn the_week_follows_the_branch_of_the_groups_tab() {
    let mut app = loaded_with(AppSettings {
        branch_id: Some(3),
        ..fixtures::settings()
    });
    let effects = press(&mut app, "w");
    let branch_three = GroupsQuery {
        branch_id: Some(3),
        ..walk_query(1)
    };
    fetch_of(&effects, &Request::Groups(branch_three));
    assert_eq!(app.tabs.week.branch_id, Some(3));
}

#[test]
fn the_grid_spans_the_configured_working_hours() {
    let early_to_late = AppSettings {
        working_hours: "06:00-23:30".parse().unwrap(),
        ..fixtures::settings()
    };
    let mut app = loaded_with(early_to_late);
    let effects = press(&mut app, "w");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    assert_eq!(app.tabs.week.span(), 6 * 60..23 * 60 + 30);
    // The default hours give a shorter day: the setting is what widened it.
    assert!(week_loaded().tabs.week.span().start > 6 * 60);
}

#[test]
fn b_on_the_week_picks_a_branch_and_the_week_follows_it() {
    let mut app = week_loaded();
    press(&mut app, "b");
    assert_eq!(app.context(), Context::BranchPicker);
    press(&mut app, "yunus");
    let effects = press(&mut app, "\n");
    assert!(app.overlays.is_empty());
    assert_eq!(app.tab, Tab::Week, "the week stays on screen");
    let branch_two = GroupsQuery {
        branch_id: Some(2),
        ..walk_query(1)
    };
    let asked = Request::Groups(branch_two);
    assert!(fetches(&effects).iter().any(|(_, r)| *r == asked));
    assert_eq!(app.tabs.week.branch_id, Some(2));
    // The Groups tab shows the same branch.
    assert_eq!(app.tabs.groups.branch_id, Some(2));
    // Escape leaves the branch as it was.
    press(&mut app, "b");
    assert!(fetches(&press(&mut app, "\x1b")).is_empty());
    assert_eq!(app.tabs.week.branch_id, Some(2));
}

#[test]
fn a_week_never_opened_waits_to_be_shown_for_a_branch_picked_on_groups() {
    let mut app = loaded();
    press(&mut app, "b");
    press(&mut app, "yunus");
    let effects = press(&mut app, "\n");
    let week_walks = Owner::Tab(Tab::Week);
    assert!(
        !app.shared.requests.any(|owner, _| owner == week_walks),
        "{effects:?}"
    );
    assert!(!app.tabs.week.is_loading());
}
