//! The dashboard in-process: the runtime's event loop fed keys through a
//! channel, drawing on a `TestBackend`, talking HTTP to a demo server
//! started by the test (`support::runner`). The app's screens, keys and
//! requests as a person meets them; what only a real terminal shows is in
//! `tests/e2e/`.

use crate::support;

use crmdeck::demo::{DemoOptions, Fault, Route};
use std::time::{Duration, Instant};
use support::demo_server::Server;
use support::pty::{COLUMNS, ROWS};
use support::runner::Runner;
use support::screen::{Watch, every_page_read, group_rows, wait_for_rows};

/// The selected row (the one marked `>`), or nothing.
fn selected_row(screen: &str) -> &str {
    screen
        .lines()
        .find(|line| line.starts_with('>'))
        .unwrap_or_default()
}

#[test]
fn every_group_is_one_list_and_g_goes_to_the_last_one() {
    let dashboard = Runner::demo();
    wait_for_rows(&dashboard, |_| true);
    let screen = dashboard.text();
    assert!(screen.contains("Mon Wed Fri"), "{screen}");
    assert!(
        screen.contains("240 groups · 3 pages × 100 · row 1 of 240"),
        "{screen}"
    );
    dashboard.send_keys("G");
    dashboard.wait_until_text("the last group selected", |text| {
        text.contains(" · row 240 of 240") && selected_row(text).starts_with("> 240 ")
    });
    dashboard.quit();
}

/// The dashboard on a centre of 2,000 groups whose server gives 20 a page
/// (100 pages), once every page was read.
fn walked_centre_of_2000() -> Runner {
    let server = Server::start(DemoOptions {
        groups: 2000,
        max_per_page: 20,
        ..DemoOptions::default()
    });
    let dashboard = Runner::on(server, (COLUMNS, ROWS), |_| {});
    dashboard.wait_until_text("every page read", |text| {
        text.contains("2 000 groups · 100 pages × 20 · row 1 of 2 000") && every_page_read(text)
    });
    dashboard
}

/// The filter finds group 2000, on page 100, without a page turned.
#[test]
fn a_filter_finds_a_group_on_the_last_page_without_paging() {
    let dashboard = walked_centre_of_2000();
    dashboard.send_keys("/2000");
    dashboard.wait_until_text("group 2000 found", |text| {
        selected_row(text).starts_with("> 2000 ")
    });
    let screen = dashboard.text();
    assert!(screen.contains(" of 2 000"), "the count:\n{screen}");
    dashboard.send_keys("\n");
    dashboard.quit();
}

#[test]
fn b_picks_a_branch_whose_list_needs_no_branch_column() {
    let dashboard = Runner::demo();
    let screen = dashboard.wait_for(support::screen::FIRST_ROWS);
    assert!(screen.contains("All branches"), "{screen}");
    assert!(
        screen.contains("Branch"),
        "several branches listed: {screen}"
    );
    dashboard.send_keys("b");
    dashboard.wait_for("all branches");
    dashboard.send_keys("Sergeli\n");
    dashboard.wait_until_text("the rows of Sergeli only", |text| {
        text.contains("Sergeli (#4) · ") && text.contains(" · row 1 of ")
    });
    // One branch listed: no Branch column, its room to the others.
    let screen = dashboard.text();
    assert!(!screen.contains("Branch"), "{screen}");

    dashboard.quit();
}

#[test]
fn in_a_cyrillic_layout_keys_act_by_their_place_and_the_filter_takes_cyrillic() {
    let dashboard = Runner::demo();
    let numbers = wait_for_rows(&dashboard, |_| true);
    let row = |index: usize| format!("> {}", numbers[index]);
    dashboard.send_keys("о");
    dashboard.wait_until_text("о (the j key) selected the second row", |text| {
        selected_row(text).starts_with(&row(1))
    });
    dashboard.send_keys("л");
    dashboard.wait_until_text("л (the k key) selected the first row", |text| {
        selected_row(text).starts_with(&row(0))
    });
    // `.` is on the / key; the filter takes the letters as typed.
    dashboard.send_keys(".Рус");
    dashboard.wait_until_text("only the Russian groups", |text| {
        let rows = group_rows(text);
        text.contains("filter / Рус")
            && !rows.is_empty()
            && rows
                .iter()
                .all(|row| row.contains("Русский язык") || row.contains("Russian"))
    });
    // Enter keeps the filter; й (the q key) quits.
    dashboard.send_keys("\n");
    dashboard.quit_with("й");
}

#[test]
fn a_plugin_installs_once_however_often_y_and_i_are_pressed() {
    let server = Server::start(DemoOptions {
        // Room for the repeated keys to land while the install is on its way.
        latency: Duration::from_millis(300),
        ..DemoOptions::default()
    });
    let dashboard = Runner::on(server, (COLUMNS, ROWS), |_| {});
    dashboard.wait_for(support::screen::FIRST_ROWS);
    dashboard.send_keys("1");
    dashboard.wait_for("plugins ·");
    // The second plugin of the demo catalogue is not installed.
    dashboard.send_keys("j");
    dashboard.wait_until_text("the second plugin selected, not installed", |text| {
        let row = selected_row(text);
        row.contains("SMS gateway") && !row.contains("installed")
    });
    dashboard.send_keys("i");
    dashboard.wait_for("Install SMS gateway (Eskiz)?");
    dashboard.send_keys("y");
    dashboard.send_keys(&"yi".repeat(20));
    dashboard.wait_until_text("the row shown installed", |text| {
        selected_row(text).contains("installed")
    });
    dashboard.send_keys(&"yi".repeat(20));
    // Keys are handled in order: once the detail is open, every y and i
    // before it has been handled.
    dashboard.send_keys("\x1bd");
    dashboard.wait_for("Installation");
    assert_eq!(dashboard.server().hits(Route::Install), 1);
    dashboard.quit();
}

#[test]
fn with_the_server_hanging_keys_still_answer_and_it_says_what_it_waits_for() {
    let server = Server::start(DemoOptions::default());
    server
        .handle
        .faults()
        .push(Fault::Hang, usize::MAX, Some(Route::Groups));
    let dashboard = Runner::on(server, (COLUMNS, ROWS), |_| {});
    dashboard.wait_for("Loading groups");
    let pressed = Instant::now();
    dashboard.send_keys("1");
    dashboard.wait_for("plugins ·");
    assert!(
        pressed.elapsed() < Duration::from_secs(1),
        "the Plugins tab took {:?}",
        pressed.elapsed()
    );
    dashboard.send_keys("2");
    dashboard.wait_for("Loading groups");
    dashboard.quit();
}

/// The group selected on the Week tab: the number in the header's
/// `▸ #188 Kids English — 08:00 · Mon 08:00–09:30` (None before one is).
fn week_selection(screen: &str) -> Option<u64> {
    let after = screen.split("▸ #").nth(1)?;
    after.split(' ').next()?.parse().ok()
}

#[test]
fn the_week_opens_from_groups_and_enter_shows_the_selected_groups_detail() {
    let dashboard = Runner::demo();
    dashboard.wait_for(support::screen::FIRST_ROWS);
    dashboard.send_keys("w");
    let week = dashboard.wait_for("groups this week");
    let first = week_selection(&week).unwrap_or_else(|| panic!("nothing selected: {week}"));
    // To Tuesday, then down to its second group.
    dashboard.send_keys("l");
    dashboard.wait_until_text("a Tuesday group selected", |text| text.contains("· Tue "));
    let tuesday_first = week_selection(&dashboard.text()).unwrap();
    dashboard.send_keys("j");
    dashboard.wait_until_text("the next Tuesday group selected", |text| {
        week_selection(text).is_some_and(|n| n != tuesday_first)
    });
    let chosen = week_selection(&dashboard.text()).unwrap();
    assert_ne!(chosen, first);
    dashboard.send_keys("\n");
    let detail = dashboard.wait_for("┌ Group");
    let number_line = detail
        .lines()
        .find(|line| line.contains("│Number "))
        .unwrap_or_else(|| panic!("no Number line: {detail}"));
    assert!(
        number_line
            .split_whitespace()
            .any(|word| word == chosen.to_string()),
        "detail of another group than #{chosen}: {detail}"
    );
    let days_line = detail.lines().find(|line| line.contains("│Days ")).unwrap();
    assert!(days_line.contains("Tuesday"), "{days_line}");
    // Esc goes back to the same place in the week.
    dashboard.send_keys("\x1b");
    dashboard.wait_for("groups this week");
    assert_eq!(week_selection(&dashboard.text()), Some(chosen));
    dashboard.quit();
}

/// The Week tab reads the list the Groups tab walked: 100 pages of 20 are
/// asked for once, and going between the tabs asks for none again.
#[test]
fn the_week_and_the_groups_list_share_one_walk() {
    let dashboard = walked_centre_of_2000();
    let walked = dashboard.server().hits(Route::Groups);
    assert_eq!(walked, 100, "page 1, then the 99 others");
    dashboard.send_keys("3");
    dashboard.wait_for("groups this week");
    dashboard.send_keys("23");
    dashboard.wait_for("groups this week");
    assert_eq!(dashboard.server().hits(Route::Groups), walked);
    dashboard.quit();
}

/// `r` held during a walk (issue 23: 40 presses asked page 1 41 times and
/// had 9 requests at once against a bound of 6): the walk goes on, every
/// page is asked once, and the server never sees more than the bound at
/// once, over real HTTP.
#[test]
fn r_pressed_all_through_a_walk_asks_no_page_twice_and_keeps_the_bound() {
    let server = Server::start(DemoOptions {
        groups: 2000,
        max_per_page: 20,
        latency: Duration::from_millis(40),
        ..DemoOptions::default()
    });
    let dashboard = Runner::on(server, (COLUMNS, ROWS), |_| {});
    dashboard.wait_until_text("the walk under way", |text| text.contains("loading "));
    for _ in 0..40 {
        dashboard.send_keys("r");
        std::thread::sleep(Duration::from_millis(5));
    }
    // (`r` over rows shown says "refreshing" while the walk goes on.)
    dashboard.wait_until_text("every page read", |text| {
        text.contains("2 000 groups · 100 pages × 20") && every_page_read(text)
    });
    let server = dashboard.server();
    assert_eq!(server.hits(Route::Groups), 100, "each of 100 pages once");
    let bound = crmdeck::store::DEFAULT_MAX_IN_FLIGHT as u64;
    assert!(server.peak_in_flight(Route::Groups) <= bound);
    dashboard.quit();
}

/// `:save` writes the Groups list's query beside the log, whole and
/// private, through the runtime; `:query` recalls it from another tab
/// (issue 37 §2).
#[test]
fn save_keeps_the_query_beside_the_log_and_query_recalls_it() {
    let state = tempfile::tempdir().unwrap();
    let log_path = state.path().join("crmdeck/crmdeck.log");
    let saved = log_path.with_file_name("queries.toml");
    let server = Server::start(DemoOptions::default());
    let dashboard = Runner::on(server, (COLUMNS, ROWS), |settings| {
        settings.log_path = log_path.clone();
    });
    wait_for_rows(&dashboard, |_| true);
    dashboard.send_keys(":filter tue evening\n:save eve\n");
    dashboard.wait_until_text("the query kept", |text| {
        text.contains("query eve saved: tue evening")
    });
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("eve = \"tue evening\""), "{text}");
    // Another filter, then the query kept recalled from another tab: what
    // the screen then shows, and what it no longer does.
    for (keys, shows, gone) in [
        (":filter ielts\n", "ielts", "Tue · evening"),
        (":plugins\n:query eve\n", "Tue · evening", "ielts"),
    ] {
        dashboard.send_keys(keys);
        dashboard.wait_until_text(keys, |text| text.contains(shows) && !text.contains(gone));
    }
    dashboard.quit();
}
