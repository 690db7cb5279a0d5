//! The Groups tab: one list of every group of the branch, read from the
//! store as the walk's pages arrive (in any order); the selection kept by
//! id; the filter, sort and archived toggle across all rows; Esc stopping
//! the walk; missing pages and `r`; the branch picker; the detail.

use super::*;
use crate::app::branch_picker::{BranchPicker, PickerMode};
use crate::app::status::Severity::Info;
use crate::domain::weekday::weekdays;
use crate::model::GroupsPage;

const ALL: u64 = fixtures::TOTAL_GROUPS;

/// A later moment than [`now`]: a walk started then reads every page again.
fn later(seconds: i64) -> chrono::DateTime<chrono::Utc> {
    now() + chrono::TimeDelta::seconds(seconds)
}

/// The app with page 1 answered and the other pages' requests, unanswered.
fn first_page_only() -> (App, Vec<(RequestId, Request)>) {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    answer(&mut app, effects, &mut |request| {
        (!matches!(request, Request::Groups(_))).then(|| server_answer(request))
    });
    let effects = respond_ok(&mut app, page_1, &groups_request(1));
    (app, fetches(&effects))
}

#[test]
fn every_page_is_one_list_and_movement_keys_cross_pages() {
    let mut app = loaded();
    assert_eq!(visible_ids(&app), (1..=95).collect::<Vec<_>>());
    let index = |app: &App| app.tabs.groups.list.cursor.index;
    press(&mut app, "j");
    special(&mut app, KeyCode::Down);
    assert_eq!(index(&app), 2);
    press(&mut app, "k");
    special(&mut app, KeyCode::Up);
    assert_eq!(index(&app), 0);
    press(&mut app, "G");
    assert_eq!(selected_group(&app), Some(95), "the last page's last group");
    special(&mut app, KeyCode::Home);
    assert_eq!(selected_group(&app), Some(1));
    // 19 rows on screen at 80x24.
    special(&mut app, KeyCode::PageDown);
    assert_eq!(index(&app), 19);
    special(&mut app, KeyCode::PageUp);
    assert_eq!(index(&app), 0);
    assert!(!app.tabs.groups.is_loading(&app.world));
}

#[test]
fn the_old_paging_keys_are_gone() {
    let mut app = loaded();
    for keys in ["n", "p", "+", "-", "]", "["] {
        assert!(press(&mut app, keys).is_empty(), "{keys}");
    }
    assert_eq!(app.world.status.current(), None);
}

#[test]
fn rows_appear_as_pages_arrive_in_any_order_and_the_selection_stays() {
    let (mut app, rest) = first_page_only();
    assert!(app.tabs.groups.loaded);
    assert_eq!(visible_ids(&app), (1..=20).collect::<Vec<_>>());
    assert!(app.tabs.groups.is_loading(&app.world));
    press(&mut app, "jj");
    assert_eq!(selected_group(&app), Some(3));
    // The last page first, then the others backwards.
    for (id, request) in rest.iter().rev() {
        respond_ok(&mut app, *id, request);
        assert_eq!(selected_group(&app), Some(3));
    }
    assert_eq!(visible_ids(&app), (1..=95).collect::<Vec<_>>());
    assert!(!app.tabs.groups.is_loading(&app.world));
}

#[test]
fn the_selection_follows_its_group_across_arrivals_sorts_and_refreshes() {
    let (mut app, rest) = first_page_only();
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("number"));
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    assert_eq!(
        selected_group(&app),
        Some(1),
        "the selection follows group 1"
    );
    press(&mut app, "g");
    assert_eq!(selected_group(&app), Some(20), "20 is first, reversed");
    press(&mut app, "j");
    assert_eq!(selected_group(&app), Some(19));
    // Pages 2 to 5 arrive: 95..21 go above group 19, which stays selected.
    for (id, request) in &rest {
        respond_ok(&mut app, *id, request);
    }
    assert_eq!(selected_group(&app), Some(19));
    assert_eq!(app.tabs.groups.list.cursor.index, 95 - 19);
    // A refresh whose page 1 comes reversed: group 19 is still selected.
    let effects = app.update(Input::Key(fixtures::key('r')), later(1));
    let id = fetch_of(&effects, &again_request(1));
    let mut page = fixtures::groups_page(query(1), ALL);
    page.groups.reverse();
    let reversed = Answer::Walk(WalkAnswer::Groups(again_query(1), Ok(page)));
    app.update(
        Input::Response {
            id,
            answer: Box::new(reversed),
        },
        later(1),
    );
    assert_eq!(selected_group(&app), Some(19));
}

/// Until the user moves in a list, its selection is its first row: on a
/// branch just picked, in reverse order, the pages arriving above the rows
/// already there leave the top selected; after a move, the group stays.
#[test]
fn a_list_not_moved_in_yet_keeps_its_top_selected_while_rows_arrive_above() {
    let mut app = loaded();
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    press(&mut app, "b");
    special(&mut app, KeyCode::Down);
    let effects = press(&mut app, "\n");
    let first = Request::Groups(branch_query(Some(1), 1));
    let id = fetch_of(&effects, &first);
    let rest = fetches(&respond_ok(&mut app, id, &first));
    assert!(!rest.is_empty(), "branch 1 has more than one page");
    let top = |app: &App| visible_ids(app).first().copied();
    assert_eq!(app.tabs.groups.list.cursor.index, 0);
    for (id, request) in &rest {
        respond_ok(&mut app, *id, request);
        assert_eq!(app.tabs.groups.list.cursor.index, 0);
        assert_eq!(
            selected_group(&app),
            top(&app),
            "the top, not the group first seen"
        );
    }
    press(&mut app, "j");
    let chosen = selected_group(&app);
    let effects = press(&mut app, "r");
    let again = fetches(&effects);
    assert!(!again.is_empty(), "r walks again");
    for (id, request) in &again {
        respond_ok(&mut app, *id, request);
    }
    assert_eq!(selected_group(&app), chosen, "once moved, kept by id");
}

#[test]
fn a_group_gone_leaves_the_selection_in_its_place() {
    let mut app = loaded();
    press(&mut app, "jjj");
    assert_eq!(selected_group(&app), Some(4));
    let effects = app.update(Input::Key(fixtures::key('r')), later(1));
    let id = fetch_of(&effects, &again_request(1));
    let mut page: GroupsPage = fixtures::groups_page(query(1), ALL);
    page.groups.retain(|g| g.id != 4);
    let answer = Answer::Walk(WalkAnswer::Groups(again_query(1), Ok(page)));
    app.update(
        Input::Response {
            id,
            answer: Box::new(answer),
        },
        later(1),
    );
    assert_eq!(app.tabs.groups.list.cursor.index, 3);
    assert_eq!(selected_group(&app), Some(5));
}

#[test]
fn escape_stops_the_walk_at_once_and_the_rows_stay() {
    let (mut app, rest) = first_page_only();
    press(&mut app, "/x\x1b");
    // Given up, not cut off: each keeps its place until it is answered.
    assert!(press(&mut app, "\x1b").is_empty());
    assert_eq!(app.world.requests.abandoned(), rest.len());
    assert!(!app.tabs.groups.is_loading(&app.world));
    assert_eq!(visible_ids(&app).len(), 20);
    assert_eq!(status(&app, Info), Some("loading stopped: 20 groups shown"));
    // A late answer changes nothing.
    let (id, request) = rest[0].clone();
    assert!(respond_ok(&mut app, id, &request).is_empty());
    assert_eq!(visible_ids(&app).len(), 20);
    // Not loading any more: Esc is for the status line again.
    press(&mut app, "\x1b");
    assert_eq!(app.world.status.current(), None);
}

#[test]
fn missing_pages_keep_the_rows_and_r_asks_for_them_only() {
    let (mut app, rest) = first_page_only();
    for (id, request) in &rest {
        match request {
            Request::Groups(q) if q.page == 3 || q.page == 5 => {
                respond_err(&mut app, *id, request, server_error())
            }
            _ => respond_ok(&mut app, *id, request),
        };
    }
    assert_eq!(visible_ids(&app).len(), 40 + 20 - 5 + 5, "pages 1, 2 and 4");
    let list = app.world.store.groups(None).unwrap();
    assert_eq!(list.progress().missing, 2);
    assert!(!app.tabs.groups.is_loading(&app.world));
    let effects = press(&mut app, "r");
    let asked: Vec<Request> = fetches(&effects).into_iter().map(|(_, r)| r).collect();
    assert_eq!(asked, [groups_request(3), groups_request(5)]);
    for (id, request) in fetches(&effects) {
        respond_ok(&mut app, id, &request);
    }
    assert_eq!(visible_ids(&app), (1..=95).collect::<Vec<_>>());
    // Nothing missing: r walks the whole list again.
    let effects = app.update(Input::Key(fixtures::key('r')), later(1));
    fetch_of(&effects, &again_request(1));
}

/// Issue 36 §2: our client's words for a failed request in the language
/// shown, the system's own kept; the log keeps the English (the store's
/// cause stays as the error said it).
#[test]
fn a_server_down_is_said_in_the_language_shown() {
    let settings = AppSettings {
        language: crate::present::Language::Ru,
        ..fixtures::settings()
    };
    let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), NARROW);
    let page_1 = fetch_of(&effects, &groups_request(1));
    let refused = ApiError::Network("127.0.0.1:9: Connection refused".into());
    respond_err(&mut app, page_1, &groups_request(1), refused);
    let error = app.tabs.groups.load_error.clone().unwrap();
    assert!(
        error.contains("нет связи с сервером: 127.0.0.1:9: Connection refused"),
        "{error}"
    );
    assert!(!error.contains("cannot reach"), "{error}");
}

#[test]
fn a_first_load_failure_shows_its_cause_and_r_walks_again() {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    let timeout = ApiError::Timeout(std::time::Duration::from_secs(30));
    respond_err(&mut app, page_1, &groups_request(1), timeout);
    let error = app.tabs.groups.load_error.clone().unwrap();
    assert!(error.contains("30 s"), "{error}");
    assert!(!app.tabs.groups.loaded);
    let effects = app.update(Input::Key(fixtures::key('r')), later(1));
    let retry = fetch_of(&effects, &groups_request(1));
    let effects = respond_ok(&mut app, retry, &groups_request(1));
    assert_eq!(app.tabs.groups.load_error, None);
    assert_eq!(visible_ids(&app).len(), 20);
    assert_eq!(fetches(&effects).len(), 4, "pages 2 to 5");
}

#[test]
fn the_server_per_page_is_trusted_over_the_one_asked() {
    let (app, rest) = first_page_only();
    assert!(
        rest.iter().all(
            |(_, r)| matches!(r, Request::Groups(q) if q.per_page == fixtures::SERVER_PER_PAGE)
        )
    );
    let list = app.tabs.groups.group_list(&app.world).unwrap();
    assert_eq!((list.per_page(), list.total()), (Some(20), Some(ALL)));
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
    let id = fetch_of(&effects, &Request::Groups(branch_query(Some(2), 1)));
    assert!(app.overlays.is_empty());
    assert_eq!(app.tabs.groups.branch_id, Some(2));
    assert!(visible_ids(&app).is_empty(), "its rows are not in yet");
    assert!(!app.tabs.groups.loaded);
    respond_ok(&mut app, id, &Request::Groups(branch_query(Some(2), 1)));
    assert_eq!(visible_ids(&app).len(), 20);
    assert_eq!(app.world.branch_id, Some(2));
}

#[test]
fn leaving_a_branch_cancels_its_walk_and_coming_back_shows_its_rows_at_once() {
    let (mut app, rest) = first_page_only();
    press(&mut app, "b");
    special(&mut app, KeyCode::Down);
    let effects = press(&mut app, "\n");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Cancel(_))));
    assert_eq!(app.world.requests.abandoned(), rest.len());
    fetch_of(&effects, &Request::Groups(branch_query(Some(1), 1)));
    assert!(!app.world.is_walking(None));
    // Back to every branch: its 20 rows at once, and a walk again.
    press(&mut app, "b");
    special(&mut app, KeyCode::Up);
    let effects = app.update(Input::Key(fixtures::key('\n')), later(1));
    assert_eq!(visible_ids(&app).len(), 20);
    fetch_of(&effects, &again_request(1));
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
    fetch_of(
        &press(&mut app, "\n"),
        &Request::Groups(branch_query(Some(1), 1)),
    );
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
    fetch_of(&effects, &Request::Groups(branch_query(Some(1), 1)));
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
    fetch_of(&effects, &Request::Groups(branch_query(Some(12), 1)));
    // Nothing typed: all branches again, its rows from the store.
    press(&mut app, "b\n");
    assert_eq!(app.tabs.groups.branch_id, None);
    assert_eq!(visible_ids(&app).len(), 95);
}

/// The ids of the groups whose fixture `text` holds `part`.
fn ids_where(part: &str, text: impl Fn(&crate::model::Group) -> String) -> Vec<i64> {
    (1..=ALL as i64)
        .filter(|&id| text(&fixtures::group(id)).contains(part))
        .collect()
}

#[test]
fn the_filter_looks_in_every_row_whatever_its_page() {
    let mut app = loaded();
    press(&mut app, "/ielts");
    assert_eq!(app.context(), Context::FilterInput);
    let ielts = ids_where("IELTS", |g| g.name.clone());
    assert_eq!(ielts.len(), 12);
    assert_eq!(*ielts.last().unwrap(), 89, "on the last page");
    assert_eq!(visible_ids(&app), ielts);
    assert!(
        press(&mut app, "q").is_empty(),
        "q is a letter in the filter"
    );
    assert!(visible_ids(&app).is_empty());
    special(&mut app, KeyCode::Backspace);
    special(&mut app, KeyCode::Down);
    assert_eq!(selected_group(&app), Some(ielts[1]));
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::GroupsList);
    assert_eq!(selected_group(&app), Some(ielts[1]), "the selection stays");
    press(&mut app, "\x1b");
    assert_eq!(visible_ids(&app).len(), 95);
    assert_eq!(selected_group(&app), Some(ielts[1]));
    // Either script finds either: Русский язык and its course, Russian
    // language; then Mental arithmetic typed in Cyrillic.
    let russian = ids_where("Рус", |g| g.name.clone());
    for (typed, ids) in [
        ("/Рус", russian.clone()),
        ("/russk", russian),
        ("/Ментал", ids_where("Mental", |g| g.name.clone())),
    ] {
        press(&mut app, typed);
        assert_eq!(visible_ids(&app), ids, "{typed}");
        press(&mut app, "\x1b");
    }
}

#[test]
fn the_filter_looks_in_days_time_status_and_branch_too() {
    let mut app = loaded();
    let archived = ids_where("", |g| format!("{:?}", g.status));
    press(&mut app, "/archive");
    let expected: Vec<i64> = archived.into_iter().filter(|id| id % 4 == 0).collect();
    assert_eq!(visible_ids(&app), expected);
    // A day by its short or whole name: "every day" holds Saturday too;
    // with a word of the course, only the groups that have both.
    let on_saturday = ids_where("Sat", |g| format!("{:?}", weekdays(&g.days, &g.exact_days)));
    assert_eq!(on_saturday.len() as u64, ALL * 4 / 5);
    press(&mut app, "\x1b");
    for typed in ["/sat", "/Saturday"] {
        press(&mut app, typed);
        assert_eq!(visible_ids(&app), on_saturday, "{typed}");
        press(&mut app, "\x1b");
    }
    press(&mut app, "/saturday ielts");
    let ielts_on_saturday: Vec<i64> = ids_where("IELTS", |g| g.name.clone())
        .into_iter()
        .filter(|id| on_saturday.contains(id))
        .collect();
    assert!(!ielts_on_saturday.is_empty());
    assert_eq!(visible_ids(&app), ielts_on_saturday);
    // A time is the lesson's start, never its end (16:00–17:30).
    press(&mut app, "\x1b/17:30");
    assert_eq!(visible_ids(&app), ids_where("— 17:30", |g| g.name.clone()));
    // Sergeli is branch 4: typed in Cyrillic.
    press(&mut app, "\x1b/Сергел");
    let sergeli = ids_where("", |g| format!("{:?}", g.branch_id));
    let sergeli: Vec<i64> = sergeli.into_iter().filter(|id| id % 4 == 3).collect();
    assert_eq!(visible_ids(&app), sergeli);
}

#[test]
fn the_query_narrows_on_the_groups_fields_in_any_language() {
    let mut app = loaded();
    // The fixtures' names end with the start: "IELTS 6.5 — 17:30".
    let start = |g: &crate::model::Group| g.name.rsplit("— ").next().unwrap().to_string();
    let tuesday_evening: Vec<i64> = (1..=ALL as i64)
        .filter(|&id| {
            let group = fixtures::group(id);
            let days = weekdays(&group.days, &group.exact_days);
            days.contains(&chrono::Weekday::Tue) && start(&group).as_str() >= "17:00"
        })
        .collect();
    assert!(!tuesday_evening.is_empty());
    for query in [
        "tue evening",
        "вт вечером",
        "seshanba >=17",
        "sesh 17:00-23:59",
    ] {
        press(&mut app, &format!(":filter {query}\n"));
        assert_eq!(visible_ids(&app), tuesday_evening, "{query}");
    }
    // A set of days is exactly those days: not the every-day groups.
    press(&mut app, ":filter juft kunlar evening\n");
    let only_tue_thu_sat: Vec<i64> = (tuesday_evening.iter().copied())
        .filter(|id| id % 5 == 1)
        .collect();
    assert!(only_tue_thu_sat.len() < tuesday_evening.len());
    assert_eq!(visible_ids(&app), only_tue_thu_sat);
    // Text and fields ANDed; a quoted number is text (the group's No).
    press(&mut app, ":filter ielts morning status:active\n");
    let ielts_mornings: Vec<i64> = ids_where("IELTS", |g| g.name.clone())
        .into_iter()
        .filter(|&id| start(&fixtures::group(id)).as_str() < "12:00" && id % 4 != 0)
        .collect();
    assert!(!ielts_mornings.is_empty());
    assert_eq!(visible_ids(&app), ielts_mornings);
    press(&mut app, ":filter \"89\"\n");
    assert_eq!(visible_ids(&app), vec![89]);
}

/// The name of the column the rows are sorted by.
fn sorted_by(app: &App) -> Option<&'static str> {
    app.tabs.groups.list.sort.map(|column| column.name(COLUMNS))
}

#[test]
fn s_cycles_the_sort_over_every_row_and_capital_s_reverses() {
    let mut app = loaded();
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("number"));
    assert_eq!(visible_ids(&app), (1..=95).collect::<Vec<_>>());
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("name"));
    let first = visible_ids(&app)[0];
    assert!(fixtures::group(first).name.starts_with("Cafe"), "{first}");
    assert_eq!(selected_group(&app), Some(1), "the selection stays");
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    assert!(app.tabs.groups.list.descending);
    let first = visible_ids(&app)[0];
    assert!(
        fixtures::group(first).name.starts_with("日本語"),
        "sorts last"
    );
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), Some("course"));
    press(&mut app, "sssss");
    assert_eq!(sorted_by(&app), Some("start date"));
    press(&mut app, "s");
    assert_eq!(sorted_by(&app), None);
    chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
    assert_eq!(visible_ids(&app), (1..=95).collect::<Vec<_>>());
}

#[test]
fn a_hides_and_shows_archived_groups_of_every_page() {
    let mut app = loaded();
    press(&mut app, "jjj");
    press(&mut app, "a");
    assert_eq!(visible_ids(&app).len(), 95 - 23);
    assert!(visible_ids(&app).iter().all(|id| id % 4 != 0));
    press(&mut app, "a");
    assert_eq!(visible_ids(&app).len(), 95);
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
    let document = app.tabs.groups.detail(&app.world).unwrap();
    assert_eq!(
        document[0],
        crate::app::document::DocLine::Heading("Frontend React — 14:00".into())
    );
}

#[test]
fn escape_in_the_list_dismisses_the_message_then_clears_the_filter() {
    // The newest first: the filter was typed before the message came.
    let mut app = loaded();
    press(&mut app, "/x\n");
    app.world.status.error("HTTP 502", now());
    press(&mut app, "\x1b");
    assert!(app.world.status.current().is_none());
    assert_eq!(app.tabs.groups.list.filter.text(), "x", "the filter kept");
    press(&mut app, "\x1b");
    assert!(app.tabs.groups.list.filter.is_empty());
}

#[test]
fn the_filter_is_parsed_once_per_keystroke_and_never_by_a_refilter() {
    // The parses of the filter's text so far, and the rows shown as a set.
    let seen = |app: &App| {
        let mut shown = visible_ids(app);
        shown.sort_unstable();
        (app.tabs.groups.list.filter.parses, shown)
    };
    let mut app = loaded();
    press(&mut app, "/mental");
    let (typed, mental) = seen(&app);
    assert_eq!(typed, 6, "one per key that changed the text");
    assert!(!mental.is_empty() && mental.len() < 20, "{mental:?}");
    // Refilters and resorts read the query kept, as the frames do.
    press(&mut app, "\nsSaa");
    app.tabs.groups.refilter(&app.world);
    assert_eq!(seen(&app), (6, mental), "no parse, and the same rows pass");
}

#[test]
fn branch_names_arriving_late_name_the_rows() {
    let (mut app, effects) = fresh();
    let branches = fetch_of(&effects, &Request::Branches);
    answer(&mut app, effects, &mut |request| {
        (*request != Request::Branches).then(|| server_answer(request))
    });
    assert!(app.world.branches.names.is_empty());
    press(&mut app, "/yunus");
    assert!(visible_ids(&app).is_empty(), "no name to match yet");
    respond_ok(&mut app, branches, &Request::Branches);
    assert_eq!(
        app.world.branches.names.get(&2).map(String::as_str),
        Some("Yunusobod")
    );
    assert!(
        visible_ids(&app).iter().all(|id| id % 4 == 1) && !visible_ids(&app).is_empty(),
        "filtered by the names now"
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
    fetch_of(&effects, &Request::Groups(branch_query(Some(4), 1)));
}

#[test]
fn day_names_follow_the_configured_language() {
    let app = loaded_with(AppSettings {
        language: crate::present::Language::Ru,
        ..fixtures::settings()
    });
    let groups = &app.tabs.groups;
    let row = &groups.rows.table.rows[groups.list.selected().unwrap()];
    let cell = |name| group_cell(row, name);
    // The glossary's short names; run together, capitalised.
    assert_eq!(cell("days"), ("вт чт сб", Some("ВтЧтСб")));
    assert_eq!(cell("time"), ("11:30–13:00", None));
    assert_eq!(cell("status"), ("Active", None));
}

/// A 429 asking for ten minutes' quiet mid-walk: not waited out, the pages
/// not read are missing, the rows read stay, the status line says until
/// when the server asks to wait (in the centre's zone, in the language
/// shown), and r asks now.
#[test]
fn a_long_retry_after_ends_the_walk_saying_until_when_and_r_tries_now() {
    use crate::present::Language;
    let said_in = [
        (
            Language::En,
            "the server asks to wait until {}: r tries now",
        ),
        (
            Language::Ru,
            "сервер просит подождать до {}: r — повторить сейчас",
        ),
        (
            Language::Uz,
            "server {} gacha kutishni soʻramoqda: r hozir qayta urinadi",
        ),
    ];
    for (language, expected) in said_in {
        let (mut app, rest) = first_page_only();
        app.world.settings.language = language;
        let limited = || ApiError::RateLimited {
            retry_after: Some(std::time::Duration::from_secs(600)),
        };
        let mut pending = rest;
        while let Some((id, request)) = pending.pop() {
            let effects = match request {
                Request::Groups(q) if q.page == 2 => respond_err(&mut app, id, &request, limited()),
                _ => respond_ok(&mut app, id, &request),
            };
            pending.extend(fetches(&effects));
        }
        assert!(!app.tabs.groups.is_loading(&app.world));
        let list = app.world.store.groups(None).unwrap();
        assert!(list.progress().missing >= 1, "{:?}", list.missing());
        assert!(!visible_ids(&app).is_empty(), "the rows read stay");
        let said = app.world.status.current().expect("said").text.clone();
        let until = app
            .world
            .zone
            .wall_clock(now() + chrono::TimeDelta::minutes(10));
        let until = until.format("%H:%M").to_string();
        assert!(
            said.ends_with(&expected.replace("{}", &until)),
            "{language}: {said}"
        );
        let effects = press(&mut app, "r");
        assert_eq!(pages(&effects), [2], "{effects:?}");
    }
}

/// The rows shown, and the group selected, as ordering and filtering
/// every row again shows them, for
/// [`pages_put_in_place_show_what_a_full_sort_shows`].
fn resorted_ids(app: &App) -> (Vec<i64>, Option<i64>) {
    let mut tab = app.tabs.groups.clone();
    tab.resort(&app.world);
    let ids = tab.list.visible.iter().map(|row| tab.rows.id(row).unwrap());
    let selected = tab.selected_id();
    (ids.collect(), selected)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Each page put in its place (issue 23: work of the page, not of the
    /// list) shows the rows, in the order and with the selection, that
    /// sorting and filtering every row shows: any sort, either direction,
    /// a filter or none, archived hidden or not, pages in any order.
    #[test]
    fn pages_put_in_place_show_what_a_full_sort_shows(
        sorts in 0usize..6,
        reversed: bool,
        filter in proptest::sample::select(vec!["", "mon", "1", "b"]),
        hide_archived: bool,
        moves in 0usize..30,
        order in proptest::strategy::Strategy::prop_shuffle(proptest::strategy::Just((0usize..4).collect::<Vec<_>>())),
    ) {
        use proptest::prelude::*;
        let (mut app, rest) = first_page_only();
        press(&mut app, &"s".repeat(sorts));
        if reversed {
            chord(&mut app, KeyCode::Char('S'), KeyModifiers::SHIFT);
        }
        if !filter.is_empty() {
            press(&mut app, &format!("/{filter}\n"));
        }
        if hide_archived {
            press(&mut app, "a");
        }
        press(&mut app, &"j".repeat(moves));
        for &page in &order {
            let (id, request) = &rest[page];
            respond_ok(&mut app, *id, request);
            let shown = (visible_ids(&app), selected_group(&app));
            prop_assert_eq!(&shown, &resorted_ids(&app), "after page {}", page + 2);
        }
    }
}

/// Issue 37 §3: a query follows the archived toggle as the list does:
/// `tue evening` with the archived hidden keeps none of them, and shows
/// them again when the toggle does.
#[test]
fn a_query_follows_the_archived_toggle() {
    let mut app = loaded();
    press(&mut app, "/tue evening\n");
    let archived_shown = |app: &App| {
        let tab = &app.tabs.groups;
        (tab.list.visible.iter())
            .filter(|&row| tab.rows.archived(row))
            .count()
    };
    let with_archived = visible_ids(&app).len();
    assert!(
        archived_shown(&app) > 0,
        "the fixture has archived Tuesday evenings"
    );
    press(&mut app, "a");
    assert_eq!(archived_shown(&app), 0);
    assert!(visible_ids(&app).len() < with_archived);
    press(&mut app, "a");
    assert_eq!(visible_ids(&app).len(), with_archived);
}
