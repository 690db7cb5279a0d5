//! The Groups tab: movement, pages, cache and prefetch, per_page, branch
//! picker, filter, sort, archived, detail, and failures keeping data.

use super::*;
use crate::app::branch_picker::{BranchPicker, PickerMode};
use crate::app::status::Severity::{Error, Info};
use crate::model::GroupsPage;

#[test]
fn movement_keys_move_within_the_page() {
    let mut app = loaded();
    let index = |app: &App| app.tabs.groups.list.cursor.index;
    press(&mut app, "j");
    assert_eq!(index(&app), 1);
    special(&mut app, KeyCode::Down);
    assert_eq!(index(&app), 2);
    press(&mut app, "k");
    special(&mut app, KeyCode::Up);
    special(&mut app, KeyCode::Up);
    assert_eq!(index(&app), 0);
    press(&mut app, "G");
    assert_eq!((index(&app), app.tabs.groups.list.cursor.offset), (19, 1));
    press(&mut app, "g");
    assert_eq!(index(&app), 0);
    special(&mut app, KeyCode::End);
    assert_eq!(index(&app), 19);
    special(&mut app, KeyCode::Home);
    assert_eq!(index(&app), 0);
    // 19 rows on screen at 80x24.
    special(&mut app, KeyCode::PageDown);
    assert_eq!(index(&app), 19);
    special(&mut app, KeyCode::PageUp);
    assert_eq!(index(&app), 0);
    assert_eq!(selected_group(&app), Some(1));
}

#[test]
fn every_page_key_pages_and_going_back_hits_the_cache() {
    let keys: [(KeyCode, KeyCode); 3] = [
        (KeyCode::Char('n'), KeyCode::Char('p')),
        (KeyCode::Right, KeyCode::Left),
        (KeyCode::Char(']'), KeyCode::Char('[')),
    ];
    for (next, previous) in keys {
        let mut app = loaded();
        // Page 2 came with the prefetch: shown at once, page 3 prefetched.
        let effects = special(&mut app, next);
        assert_eq!(app.tabs.groups.shown, Some(query(2)), "{next:?}");
        let asked: Vec<Request> = fetches(&effects).into_iter().map(|(_, r)| r).collect();
        assert_eq!(asked, vec![groups_request(3)]);
        let effects = special(&mut app, previous);
        assert_eq!(app.tabs.groups.shown, Some(query(1)), "{previous:?}");
        assert!(fetches(&effects).is_empty(), "page 1 is cached");
        assert_eq!(selected_group(&app), Some(1));
    }
}

#[test]
fn a_page_not_cached_loads_with_the_old_rows_on_screen() {
    let mut app = loaded();
    let effects = press(&mut app, "n");
    let page_3 = fetch_of(&effects, &groups_request(3));
    press(&mut app, "j");
    // Page 3 is already on its way (prefetch): no second request.
    assert!(fetches(&press(&mut app, "n")).is_empty());
    assert_eq!(app.tabs.groups.wanted, query(3));
    assert_eq!(app.tabs.groups.shown, Some(query(2)));
    assert!(app.tabs.groups.is_loading(&app.shared.requests));
    assert_eq!(
        app.needs_tick(),
        Some(std::time::Duration::from_millis(100))
    );
    let effects = respond_ok(&mut app, page_3, &groups_request(3));
    assert_eq!(app.tabs.groups.shown, Some(query(3)));
    assert_eq!(
        selected_group(&app),
        Some(41),
        "a new page starts at its top"
    );
    fetch_of(&effects, &groups_request(4));
}

#[test]
fn quick_paging_abandons_the_pages_passed_over() {
    let mut app = loaded();
    let page_3 = fetch_of(&press(&mut app, "n"), &groups_request(3));
    press(&mut app, "n");
    let effects = press(&mut app, "n");
    assert!(effects.contains(&Effect::Cancel(page_3)));
    let page_4 = fetch_of(&effects, &groups_request(4));
    // The abandoned page answers late: dropped.
    assert!(respond_ok(&mut app, page_3, &groups_request(3)).is_empty());
    assert_eq!(app.tabs.groups.shown, Some(query(2)));
    assert!(!app.tabs.groups.cache.contains_key(&query(3)));
    respond_ok(&mut app, page_4, &groups_request(4));
    assert_eq!(app.tabs.groups.shown, Some(query(4)));
}

#[test]
fn the_first_and_the_last_page_say_so() {
    let mut app = loaded();
    assert!(press(&mut app, "p").is_empty());
    assert_eq!(status(&app, Info), Some("this is the first page"));
    let mut app = loaded_with(AppSettings {
        per_page: 50,
        ..fixtures::settings()
    });
    // Two pages of 50: page 2 was prefetched, and there is no page 3.
    assert!(fetches(&press(&mut app, "n")).is_empty());
    assert_eq!(app.tabs.groups.shown.map(|k| k.page), Some(2));
    assert!(press(&mut app, "n").is_empty());
    assert_eq!(status(&app, Info), Some("this is the last page"));
}

#[test]
fn the_prefetched_page_fills_the_cache_only() {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    let effects = respond_ok(&mut app, page_1, &groups_request(1));
    let page_2 = fetch_of(&effects, &groups_request(2));
    press(&mut app, "jj");
    assert!(respond_ok(&mut app, page_2, &groups_request(2)).is_empty());
    assert_eq!(app.tabs.groups.shown, Some(query(1)));
    assert_eq!(selected_group(&app), Some(3));
    assert!(app.tabs.groups.cache.contains_key(&query(2)));
}

#[test]
fn r_refetches_a_cached_page_once() {
    let mut app = loaded();
    fetch_of(&press(&mut app, "r"), &groups_request(1));
    assert!(
        fetches(&press(&mut app, "r")).is_empty(),
        "already on its way"
    );
}

#[test]
fn a_failed_refresh_keeps_the_rows_and_says_why() {
    let mut app = loaded();
    press(&mut app, "jj");
    let rows = visible_ids(&app);
    let id = fetch_of(&press(&mut app, "r"), &groups_request(1));
    assert!(respond_err(&mut app, id, &groups_request(1), server_error()).is_empty());
    assert_eq!(visible_ids(&app), rows);
    assert_eq!(selected_group(&app), Some(3));
    assert_eq!(app.tabs.groups.wanted, query(1));
    let error = status(&app, Error).unwrap();
    assert!(error.contains("HTTP 502"), "{error}");
}

#[test]
fn a_refresh_that_works_again_takes_back_the_error() {
    let mut app = loaded();
    let failed = fetch_of(&press(&mut app, "r"), &groups_request(1));
    respond_err(&mut app, failed, &groups_request(1), server_error());
    assert!(status(&app, Error).is_some());
    let retry = fetch_of(&press(&mut app, "r"), &groups_request(1));
    respond_ok(&mut app, retry, &groups_request(1));
    assert_eq!(
        app.shared.status.current(),
        None,
        "a stale error after the retry"
    );
}

#[test]
fn a_failed_page_change_stays_on_the_page_shown() {
    let mut app = loaded();
    let page_3 = fetch_of(&press(&mut app, "n"), &groups_request(3));
    press(&mut app, "n");
    respond_err(&mut app, page_3, &groups_request(3), server_error());
    assert_eq!(app.tabs.groups.wanted, query(2));
    assert_eq!(app.tabs.groups.shown, Some(query(2)));
    assert!(status(&app, Error).unwrap().starts_with("groups page 3: "));
}

#[test]
fn a_failed_prefetch_is_silent_and_asked_again_when_wanted() {
    let mut app = loaded();
    let page_3 = fetch_of(&press(&mut app, "n"), &groups_request(3));
    respond_err(&mut app, page_3, &groups_request(3), server_error());
    assert!(app.shared.status.current().is_none());
    fetch_of(&press(&mut app, "n"), &groups_request(3));
}

#[test]
fn a_first_load_failure_shows_its_cause_and_r_retries() {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    let timeout = ApiError::Timeout(std::time::Duration::from_secs(30));
    respond_err(&mut app, page_1, &groups_request(1), timeout);
    assert!(
        app.tabs
            .groups
            .load_error
            .as_deref()
            .unwrap()
            .contains("30 s")
    );
    assert!(status(&app, Error).is_some());
    assert!(press(&mut app, "n").is_empty());
    assert_eq!(status(&app, Info), Some("no page has arrived yet"));
    let retry = fetch_of(&press(&mut app, "r"), &groups_request(1));
    respond_ok(&mut app, retry, &groups_request(1));
    assert_eq!(app.tabs.groups.load_error, None);
    assert_eq!(visible_ids(&app).len(), 20);
}

#[test]
fn the_selection_follows_its_group_across_refreshes() {
    let mut app = loaded();
    press(&mut app, "jjj");
    assert_eq!(selected_group(&app), Some(4));
    let reversed = |mut page: GroupsPage| {
        page.groups.reverse();
        page
    };
    let id = fetch_of(&press(&mut app, "r"), &groups_request(1));
    let page = reversed(fixtures::groups_page(query(1), fixtures::TOTAL_GROUPS));
    respond(&mut app, id, Answer::Groups(query(1), Ok(page)));
    assert_eq!(selected_group(&app), Some(4));
    assert_eq!(app.tabs.groups.list.cursor.index, 16);
    // Group 4 is gone: the selection stays where it was.
    let id = fetch_of(&press(&mut app, "r"), &groups_request(1));
    let mut page = fixtures::groups_page(query(1), fixtures::TOTAL_GROUPS);
    page.groups.retain(|g| g.id != 4);
    respond(&mut app, id, Answer::Groups(query(1), Ok(page)));
    assert_eq!(app.tabs.groups.list.cursor.index, 16);
    assert_eq!(selected_group(&app), Some(18));
}

#[test]
fn the_server_per_page_is_trusted_over_the_one_asked() {
    let settings = AppSettings {
        per_page: 100,
        ..fixtures::settings()
    };
    let (mut app, effects) = App::new(settings, NARROW);
    let asked = GroupsQuery {
        per_page: 100,
        ..query(1)
    };
    let id = fetch_of(&effects, &Request::Groups(asked));
    let capped = GroupsQuery {
        per_page: 50,
        ..query(1)
    };
    let mut page = fixtures::groups_page(capped, fixtures::TOTAL_GROUPS);
    page.query = asked;
    let effects = respond(&mut app, id, Answer::Groups(asked, Ok(page)));
    assert_eq!(app.tabs.groups.shown, Some(capped));
    assert_eq!(app.tabs.groups.wanted, capped);
    fetch_of(
        &effects,
        &Request::Groups(GroupsQuery { page: 2, ..capped }),
    );
}

#[test]
fn per_page_moves_in_fives_keeping_the_first_row_in_view() {
    let mut app = loaded();
    let page_3 = fetch_of(&press(&mut app, "n"), &groups_request(3));
    press(&mut app, "n");
    respond_ok(&mut app, page_3, &groups_request(3));
    // Rows 41.. at 20 per page; at 25 per page row 41 is on page 2.
    let effects = press(&mut app, "+");
    let wanted = GroupsQuery {
        page: 2,
        per_page: 25,
        ..query(1)
    };
    fetch_of(&effects, &Request::Groups(wanted));
    // Back to 20 per page: page 2 (rows 21..40) is still cached.
    let effects = press(&mut app, "-");
    assert!(
        fetches(&effects)
            .iter()
            .all(|(_, r)| *r != groups_request(2))
    );
    assert_eq!(app.tabs.groups.shown, Some(query(2)));
}

#[test]
fn per_page_stays_within_5_and_100() {
    for (per_page, key, message) in [
        (100, "+", "at most 100 groups per page"),
        (5, "-", "at least 5 groups per page"),
    ] {
        let mut app = loaded_with(AppSettings {
            per_page,
            ..fixtures::settings()
        });
        assert!(press(&mut app, key).is_empty());
        assert_eq!(status(&app, Info), Some(message));
    }
}

/// The branch picker, which is open.
fn picker(app: &App) -> &BranchPicker {
    app.overlay::<BranchPicker>().expect("the picker is open")
}

#[test]
fn the_branch_picker_filters_as_typed_and_picks() {
    let mut app = loaded();
    press(&mut app, "b");
    assert_eq!(app.context(), Context::BranchPicker);
    let choices = |app: &App| picker(app).choices.clone();
    assert_eq!(
        choices(&app),
        vec![None, Some(1), Some(2), Some(3), Some(4)]
    );
    press(&mut app, "yunq");
    assert!(choices(&app).is_empty(), "q is a letter here");
    special(&mut app, KeyCode::Backspace);
    assert_eq!(choices(&app), vec![Some(2)]);
    let effects = press(&mut app, "\n");
    let wanted = GroupsQuery {
        branch_id: Some(2),
        ..query(1)
    };
    let id = fetch_of(&effects, &Request::Groups(wanted));
    assert!(app.overlays.is_empty());
    assert_eq!(
        app.tabs.groups.shown,
        Some(query(1)),
        "old rows until it arrives"
    );
    respond_ok(&mut app, id, &Request::Groups(wanted));
    assert_eq!(app.tabs.groups.shown, Some(wanted));
}

#[test]
fn the_branch_picker_ignores_the_script() {
    let mut app = loaded();
    let choices = |app: &App| picker(app).choices.clone();
    for (typed, branch) in [
        ("Чил", 1),
        ("юнус", 2),
        ("Улуғ", 3),
        ("ulugʻb", 3),
        ("СЕРГ", 4),
    ] {
        press(&mut app, "b");
        press(&mut app, typed);
        assert_eq!(choices(&app), vec![Some(branch)], "{typed}");
        press(&mut app, "\x1b");
    }
    press(&mut app, "bСамарқанд");
    assert!(choices(&app).is_empty());
    assert!(fetches(&press(&mut app, "\n")).is_empty());
    assert_eq!(picker(&app).error.as_deref(), Some("no branch matches"));
    press(&mut app, "\x1bbЧил");
    let wanted = GroupsQuery {
        branch_id: Some(1),
        ..query(1)
    };
    fetch_of(&press(&mut app, "\n"), &Request::Groups(wanted));
}

#[test]
fn the_branch_picker_moves_and_escape_cancels() {
    let mut app = loaded();
    press(&mut app, "b");
    special(&mut app, KeyCode::Down);
    special(&mut app, KeyCode::Down);
    special(&mut app, KeyCode::Up);
    assert!(fetches(&press(&mut app, "\x1b")).is_empty());
    assert!(app.overlays.is_empty());
    press(&mut app, "b");
    special(&mut app, KeyCode::Down);
    let effects = press(&mut app, "\n");
    let branch_1 = GroupsQuery {
        branch_id: Some(1),
        ..query(1)
    };
    fetch_of(&effects, &Request::Groups(branch_1));
    // Reopened: the cursor starts on the current branch.
    press(&mut app, "b");
    assert_eq!(picker(&app).cursor, 1);
}

#[test]
fn without_branches_the_picker_takes_a_number() {
    let (mut app, effects) = fresh();
    answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Branches => request.failed(ApiError::NotFound { message: None }),
            other => server_answer(other),
        })
    });
    press(&mut app, "b");
    assert!(matches!(picker(&app).mode, PickerMode::Numeric { .. }));
    assert!(fetches(&press(&mut app, "abc\n")).is_empty());
    assert!(picker(&app).error.is_some());
    for _ in 0..3 {
        special(&mut app, KeyCode::Backspace);
    }
    let effects = press(&mut app, "12\n");
    let branch_12 = GroupsQuery {
        branch_id: Some(12),
        ..query(1)
    };
    fetch_of(&effects, &Request::Groups(branch_12));
    // Nothing typed: all branches again (cached).
    let effects = press(&mut app, "b\n");
    assert!(
        fetches(&effects)
            .iter()
            .all(|(_, r)| *r != groups_request(1))
    );
    assert_eq!(app.tabs.groups.shown, Some(query(1)));
}

#[test]
fn the_filter_narrows_the_page_by_name_course_or_number() {
    let mut app = loaded();
    press(&mut app, "/ielts");
    assert_eq!(app.context(), Context::FilterInput);
    assert_eq!(visible_ids(&app), vec![1, 9, 17]);
    assert!(
        press(&mut app, "q").is_empty(),
        "q is a letter in the filter"
    );
    assert!(visible_ids(&app).is_empty());
    special(&mut app, KeyCode::Backspace);
    special(&mut app, KeyCode::Down);
    assert_eq!(selected_group(&app), Some(9));
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::GroupsList);
    assert_eq!(visible_ids(&app), vec![1, 9, 17]);
    assert_eq!(selected_group(&app), Some(9), "the selection stays");
    press(&mut app, "\x1b");
    assert_eq!(visible_ids(&app).len(), 20);
    assert_eq!(selected_group(&app), Some(9));
    press(&mut app, "/japanese");
    assert_eq!(visible_ids(&app), vec![4, 12, 20]);
    press(&mut app, "\x1b");
    assert!(app.tabs.groups.list.filter.is_empty());
    // Number 17, and the groups at 17:00 and 17:30.
    press(&mut app, "/17");
    assert_eq!(visible_ids(&app), vec![3, 14, 17]);
    press(&mut app, "\x1b");
    // Either script finds either: Русский язык and its course, Russian
    // language; then Mental arithmetic typed in Cyrillic.
    for (typed, ids) in [
        ("/Рус", vec![3, 11, 19]),
        ("/russk", vec![3, 11, 19]),
        ("/Ментал", vec![6, 14]),
    ] {
        press(&mut app, typed);
        assert_eq!(visible_ids(&app), ids, "{typed}");
        press(&mut app, "\x1b");
    }
}

/// The name of the column the rows are sorted by.
fn sorted_by(app: &App) -> Option<&'static str> {
    app.tabs.groups.list.sort.map(|column| column.name(COLUMNS))
}

#[test]
fn s_cycles_the_sort_column_and_capital_s_reverses() {
    let mut app = loaded();
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("number"));
    assert_eq!(visible_ids(&app), (1..=20).collect::<Vec<_>>());
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("name"));
    assert_eq!(visible_ids(&app)[..2], [5, 13], "Café Français first");
    assert_eq!(selected_group(&app), Some(1), "the selection stays");
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    assert!(app.tabs.groups.list.descending);
    assert_eq!(visible_ids(&app)[..2], [20, 12], "日本語 sorts last");
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("course"));
    press(&mut app, "sssss");
    assert_eq!(sorted_by(&app), Some("start date"));
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), None);
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    assert_eq!(visible_ids(&app), (1..=20).collect::<Vec<_>>());
}

#[test]
fn a_hides_and_shows_archived_groups() {
    let mut app = loaded();
    press(&mut app, "jjj");
    press(&mut app, "a");
    assert_eq!(visible_ids(&app).len(), 15);
    assert!(visible_ids(&app).iter().all(|id| id % 4 != 0));
    press(&mut app, "a");
    assert_eq!(visible_ids(&app).len(), 20);
}

#[test]
fn enter_opens_the_detail_which_scrolls_and_escape_goes_back() {
    let mut app = loaded();
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::GroupDetail);
    press(&mut app, "j");
    assert_eq!(app.tabs.groups.list.detail_scroll, 1);
    special(&mut app, KeyCode::Down);
    press(&mut app, "k");
    assert_eq!(app.tabs.groups.list.detail_scroll, 1);
    special(&mut app, KeyCode::Up);
    press(&mut app, "G");
    let bottom = app.tabs.groups.list.detail_scroll;
    assert!(bottom > 10, "the detail is taller than the screen");
    press(&mut app, "j");
    assert_eq!(
        app.tabs.groups.list.detail_scroll, bottom,
        "no scrolling past the end"
    );
    press(&mut app, "g");
    assert_eq!(app.tabs.groups.list.detail_scroll, 0);
    special(&mut app, KeyCode::PageDown);
    special(&mut app, KeyCode::End);
    assert_eq!(app.tabs.groups.list.detail_scroll, bottom);
    special(&mut app, KeyCode::PageUp);
    special(&mut app, KeyCode::Home);
    assert_eq!(app.tabs.groups.list.detail_scroll, 0);
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::GroupsList);
}

#[test]
fn at_wide_sizes_enter_focuses_the_pane_beside_the_list() {
    let mut app = loaded_app(fixtures::settings(), WIDE);
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::GroupDetail);
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::GroupsList);
    // The pane follows the selection, from its top.
    press(&mut app, "j");
    let document = app
        .tabs
        .groups
        .detail(app.shared.row_format(), &app.shared.branches.names)
        .unwrap();
    assert_eq!(
        document[0],
        crate::app::document::DocLine::Heading("Frontend React — 14:00".into())
    );
}

#[test]
fn escape_in_the_list_clears_the_filter_then_the_error() {
    let mut app = loaded();
    let id = fetch_of(&press(&mut app, "r"), &groups_request(1));
    respond_err(&mut app, id, &groups_request(1), server_error());
    press(&mut app, "/x\n");
    press(&mut app, "\x1b");
    assert!(app.tabs.groups.list.filter.is_empty());
    assert!(status(&app, Error).is_some());
    press(&mut app, "\x1b");
    assert!(app.shared.status.current().is_none());
}

#[test]
fn branch_names_arriving_late_name_the_rows() {
    let (mut app, effects) = fresh();
    let branches = fetch_of(&effects, &Request::Branches);
    answer(&mut app, effects, &mut |request| {
        (*request != Request::Branches).then(|| server_answer(request))
    });
    assert!(app.shared.branches.names.is_empty());
    respond_ok(&mut app, branches, &Request::Branches);
    assert_eq!(
        app.shared.branches.names.get(&2).map(String::as_str),
        Some("Yunusobod")
    );
}

#[test]
fn the_picker_opened_before_the_branches_arrived_becomes_the_list() {
    let (mut app, effects) = fresh();
    let branches = fetch_of(&effects, &Request::Branches);
    answer(&mut app, effects, &mut |request| {
        (*request != Request::Branches).then(|| server_answer(request))
    });
    press(&mut app, "bSerg");
    respond_ok(&mut app, branches, &Request::Branches);
    let effects = press(&mut app, "\n");
    assert!(app.overlays.is_empty(), "Sergeli was chosen");
    let sergeli = GroupsQuery {
        branch_id: Some(4),
        ..query(1)
    };
    assert!(
        fetches(&effects)
            .iter()
            .any(|(_, request)| *request == Request::Groups(sergeli))
    );
}

#[test]
fn a_prefetch_answered_with_the_page_on_screen_refreshes_it() {
    let mut app = loaded();
    let page_3 = fetch_of(&press(&mut app, "n"), &groups_request(3));
    press(&mut app, "jj");
    assert_eq!(selected_group(&app), Some(23));
    // The groups shrank to two pages: the server answers page 2 instead.
    let mut page = fixtures::groups_page(query(2), 40);
    page.groups.reverse();
    page.query = query(3);
    respond(&mut app, page_3, Answer::Groups(query(3), Ok(page)));
    assert_eq!(app.tabs.groups.shown, Some(query(2)));
    assert_eq!(selected_group(&app), Some(23));
    assert_eq!(app.tabs.groups.list.cursor.index, 17);
    assert_eq!(app.tabs.groups.shown_page().map(|p| p.total_pages), Some(2));
}

#[test]
fn day_names_follow_the_configured_language() {
    let app = loaded_with(AppSettings {
        language: crate::domain::Language::Ru,
        ..fixtures::settings()
    });
    let (row, _) = app.tabs.groups.selected().unwrap();
    let cell = |name| group_cell(row, name);
    assert_eq!(cell("days"), ("Вт Чт Сб", Some("ВтЧтСб")));
    assert_eq!(cell("time"), ("11:30–13:00", None));
    assert_eq!(cell("status"), ("Active", None));
}
