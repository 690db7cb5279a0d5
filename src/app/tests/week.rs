//! The Week tab: it reads the store's list of the branch, from the walk
//! the Groups tab shares (no second fetch), is laid out once that walk is
//! done, Esc stops the walk and a failure keeps the week; navigation,
//! detail, archived.

use super::*;
use crate::app::Tab;
use crate::app::fixtures::TOTAL_GROUPS;

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
fn w_lays_out_the_list_the_groups_tab_walked_without_fetching_again() {
    let mut app = loaded();
    let effects = press(&mut app, "w");
    assert!(fetches(&effects).is_empty(), "{effects:?}");
    assert_eq!(app.tab, Tab::Week);
    assert_eq!(app.context(), Context::Week);
    assert!(app.tabs.week.loaded);
    assert_eq!(app.tabs.week.groups.len(), TOTAL_GROUPS as usize);
    assert!(app.tabs.week.week.slots().count() > 0);
    // Back and forth between the tabs: nothing is fetched again.
    let again = press(&mut app, "232");
    assert!(fetches(&again).is_empty(), "{again:?}");
}

#[test]
fn a_week_shown_before_any_page_arrived_waits_for_the_same_walk() {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    // The Groups tab's walk is on its way: the week asks for nothing more.
    let shown = press(&mut app, "3");
    assert!(pages(&shown).is_empty(), "{shown:?}");
    assert!(app.tabs.week.is_loading(&app.world));
    let progress = app.tabs.week.progress(&app.world).expect("a walk");
    assert_eq!((progress.read, progress.pages), (0, None));
    let rest = respond(&mut app, page_1, server_answer(&groups_request(1)));
    assert_eq!(pages(&rest), vec![2, 3, 4, 5]);
    let progress = app.tabs.week.progress(&app.world).expect("a walk");
    assert_eq!((progress.read, progress.pages), (1, Some(5)));
    assert!(!app.tabs.week.loaded, "laid out once the walk is done");
    answer(&mut app, rest, &mut |request| Some(server_answer(request)));
    assert!(!app.tabs.week.is_loading(&app.world));
    assert!(app.tabs.week.loaded);
    assert_eq!(app.tabs.week.groups.len(), TOTAL_GROUPS as usize);
    // The Groups tab lists the same rows from the same walk.
    assert_eq!(app.tabs.groups.rows.len(), TOTAL_GROUPS as usize);
}

#[test]
fn r_walks_the_branch_again_for_both_tabs() {
    let mut app = week_loaded();
    let effects = press(&mut app, "r");
    fetch_of(&effects, &again_request(1));
    assert!(app.tabs.week.is_loading(&app.world));
    assert!(app.tabs.groups.is_loading(&app.world));
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    assert!(!app.tabs.week.is_loading(&app.world));
    assert_eq!(app.tabs.week.groups.len(), TOTAL_GROUPS as usize);
}

#[test]
fn esc_stops_the_walk_and_a_failure_keeps_the_week() {
    let mut app = week_loaded();
    let before = app.tabs.week.groups.len();
    assert!(before > 0);
    let id = fetch_of(&press(&mut app, "r"), &again_request(1));
    assert!(press(&mut app, "\x1b").is_empty());
    assert!(app.world.requests.ended(id), "given up, not cut off");
    assert!(!app.tabs.week.is_loading(&app.world));
    assert_eq!(
        status(&app, Severity::Info),
        Some("loading the week cancelled")
    );
    let id = fetch_of(&press(&mut app, "r"), &again_request(1));
    respond_err(&mut app, id, &again_request(1), server_error());
    assert!(!app.tabs.week.is_loading(&app.world));
    assert!(app.tabs.week.loaded);
    assert_eq!(app.tabs.week.groups.len(), before);
    let error = status(&app, Severity::Error).expect("an error in the status line");
    assert!(error.starts_with("groups page 1:"), "{error}");
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
    let rows = app.tabs.week.grid_rows(&app.world.layout);
    assert!(app.tabs.week.scroll > 0);
    assert!((app.tabs.week.scroll..app.tabs.week.scroll + rows).contains(&row));
}

#[test]
fn leaving_the_week_drops_its_layout_and_coming_back_keeps_the_selection() {
    let mut app = week_loaded();
    press(&mut app, "lG");
    let (day, scroll) = (app.tabs.week.day, app.tabs.week.scroll);
    let selected = app.tabs.week.selected_slot().expect("a slot").group_id;
    press(&mut app, "2");
    assert_eq!(app.tabs.week.week.slots().count(), 0, "dropped on leaving");
    let effects = press(&mut app, "3");
    assert!(fetches(&effects).is_empty(), "{effects:?}");
    let slot = app.tabs.week.selected_slot().expect("laid out again");
    assert_eq!(slot.group_id, selected);
    assert_eq!((app.tabs.week.day, app.tabs.week.scroll), (day, scroll));
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
        .detail(app.world.row_format(), &app.world.branches.names)
        .expect("a detail");
    let group = crate::app::fixtures::group(id);
    let expected = crate::app::group_detail::group_document(
        &group,
        app.world.row_format(),
        &app.world.branches.names,
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
    // The Groups tab walked branch 3 at start: the week lays it out.
    let effects = press(&mut app, "w");
    assert!(fetches(&effects).is_empty(), "{effects:?}");
    assert_eq!(app.tabs.week.branch_id, Some(3));
    assert!(app.tabs.week.loaded);
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
    let asked = Request::Groups(branch_query(Some(2), 1));
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
    press(&mut app, "\n");
    assert!(!app.tabs.week.opened);
    assert_eq!(app.tabs.week.branch_id, None);
    assert!(!app.tabs.week.loaded);
}

#[test]
fn a_week_remembered_opens_on_the_centres_today_not_the_epochs_thursday() {
    // Issue 25 §2: the app is made before the runtime gives it the clock
    // (the epoch, a Thursday); the week shown at start waits for it.
    let mut settings = fixtures::settings();
    settings.view.tab = Some(Tab::Week.name().to_owned());
    let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), NARROW);
    assert_eq!(app.tab, Tab::Week);
    assert_eq!(app.world.clock(), None);
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    // fixtures::now() is Monday 2025-06-02 09:00 UTC (14:00 in Tashkent).
    assert_eq!(app.tabs.week.day, 0);
}
