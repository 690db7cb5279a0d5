//! End to end: the real binary in a pseudo-terminal, read by a terminal
//! emulator, for what only a real terminal shows. These tests hold the
//! runtime to its promises (the terminal is taken and given back on every
//! way out, redraws after a resize or a stop, errors before the dashboard
//! are one clean line, bytes from the server reach nothing, a copy is an
//! OSC 52 write). The app's screens and keys are tested in-process, in
//! `tests/it/dashboard.rs`.

use crate::support;

use crmdeck::demo::DemoOptions;
use support::demo_server::Server;
use support::home::{Home, config_file};
use support::pty::{COLUMNS, CTRL_C, ROWS, Tty, config_error_line};
use support::screen::Watch;

/// Starts `crmdeck --demo` and waits for its first frame.
fn demo() -> Tty {
    let tty = Tty::spawn(&["--demo"], &[]);
    tty.wait_for("crmdeck");
    tty
}

#[test]
fn the_first_frame_takes_over_the_terminal() {
    let mut tty = demo();
    tty.screen(|screen| {
        assert!(screen.alternate_screen(), "not on the alternate screen");
        assert!(screen.hide_cursor(), "the cursor is visible");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    });
    assert_eq!(tty.size(), (COLUMNS, ROWS));
    assert!(!tty.echo_on(), "echo is on: not in raw mode");
    // The top line names the centre once /v2/token/me answers with it.
    tty.wait_for("Ziyo Learning Centre");
    tty.type_keys("q");
    assert_eq!(tty.wait_exit().exit_code(), 0);
}

#[test]
fn q_quits_and_restores_the_terminal() {
    let mut tty = demo();
    tty.quit();
    // Nothing but drawing: no title, no clipboard write.
    tty.requests(|requests| {
        assert!(requests.titles.is_empty(), "{:?}", requests.titles);
        assert!(requests.clipboard.is_empty(), "{:?}", requests.clipboard);
    });
    // The log went to its file, not to the screen.
    let log = std::fs::read_to_string(tty.log_path()).expect("a log file");
    assert!(log.contains("dashboard starting"), "{log}");
    assert!(log.contains("effect=quit"), "{log}");
    assert!(!tty.screen_text().contains("dashboard starting"));
}

#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    demo().quit_with(CTRL_C);
}

#[test]
fn sigterm_restores_the_terminal_and_exits() {
    let mut tty = demo();
    tty.end_on(libc::SIGTERM);
    assert!(
        !tty.screen_text().contains("crmdeck:"),
        "{}",
        tty.screen_text()
    );
}

#[test]
fn sighup_restores_the_terminal_and_exits_quietly() {
    let mut tty = demo();
    tty.end_on(libc::SIGHUP);
    assert_eq!(tty.screen_text().trim(), "", "not quiet");
}

#[test]
fn a_resize_redraws_at_the_new_size() {
    let mut tty = demo();
    // The harness wipes its screen as it resizes: the text must come back.
    tty.resize(60, 20);
    tty.wait_for("crmdeck");
    assert_eq!(tty.size(), (60, 20));
    tty.resize(140, 45);
    tty.wait_for("crmdeck");
    tty.quit();
}

#[test]
fn after_a_stop_sigcont_takes_the_terminal_back_and_redraws_everything() {
    let mut tty = demo();
    // What a shell does to the screen while crmdeck is stopped.
    tty.scribble("\x1b[2J\x1b[Hshell prompt $ \x1b[?1049l\x1b[?25h");
    tty.wait_until("the scribble", |screen| !screen.alternate_screen());
    tty.signal(libc::SIGCONT);
    tty.wait_until("a full redraw on the alternate screen", |screen| {
        screen.alternate_screen()
            && screen.hide_cursor()
            && screen.contents().contains("crmdeck")
            && !screen.contents().contains("shell prompt")
    });
    tty.quit();
}

#[test]
fn mouse_capture_follows_the_config() {
    let (_dir, config) = config_file("mouse = true\n");
    let mut tty = Tty::spawn(&["--demo", "--config", &config], &[]);
    tty.wait_for("crmdeck");
    tty.screen(|screen| assert_ne!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None));
    tty.quit();
}

#[test]
fn a_wrong_config_is_one_line_and_exit_2_without_touching_the_terminal() {
    let line = config_error_line("per_page = \"many\"\n");
    assert!(line.contains("per_page"), "{line}");
}

#[test]
fn with_nothing_configured_it_says_what_is_missing_and_exits_2() {
    let mut tty = Tty::spawn(&[], &[]);
    assert_eq!(tty.wait_exit().exit_code(), 2);
    let screen = tty.screen_text();
    assert!(
        screen.starts_with("crmdeck: no API address configured"),
        "{screen}"
    );
    assert!(screen.contains("--demo"), "the way to try it: {screen}");
    tty.assert_terminal_restored();
}

#[test]
fn stdout_not_a_terminal_is_refused_naming_the_subcommands() {
    let output = Home::new()
        .crmdeck(&["--demo"])
        .output()
        .expect("crmdeck runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "no escape sequences on a pipe");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for subcommand in ["plugins", "install", "groups", "info", "demo-server"] {
        assert!(stderr.contains(subcommand), "{stderr}");
    }
}

#[test]
fn c_copies_the_token_of_an_installed_plugin_through_osc_52() {
    let mut tty = demo();
    tty.wait_for(support::screen::FIRST_ROWS);
    tty.type_keys("1");
    tty.wait_for("plugins ·");
    // The first plugin of the demo catalogue is installed.
    tty.type_keys("d");
    let screen = tty.wait_for("(installation #");
    let installation_id: u64 = screen
        .split("(installation #")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("no installation id: {screen}"));
    tty.type_keys("c");
    tty.wait_for_requests("an OSC 52 copy", |requests| !requests.clipboard.is_empty());
    tty.wait_for("copied");
    let copies = tty.requests(|requests| requests.clipboard.clone());
    assert_eq!(copies.len(), 1, "{} copies", copies.len());
    let token = &copies[0].1;
    assert!(
        token.starts_with(&format!("{installation_id}|")),
        "not the token of installation {installation_id}"
    );
    // The screen shows it masked, never in full.
    assert!(!tty.screen_text().contains(token.as_str()));
    tty.quit();
}

#[test]
fn escape_sequences_from_the_server_show_as_placeholders_and_reach_nothing() {
    let server = Server::start(DemoOptions {
        hostile_text: true,
        ..DemoOptions::default()
    });
    let mut tty = server.dashboard();
    let screen = tty.wait_for(support::screen::FIRST_ROWS);
    // The first group's name carries the attacks.
    assert!(screen.contains('␛'), "{screen}");
    tty.type_keys("\r");
    let detail = tty.wait_for("Comment");
    assert!(detail.contains('␛'), "{detail}");
    tty.type_keys("\x1b1");
    tty.wait_for("plugins ·");
    tty.quit();
    tty.requests(|requests| {
        assert!(requests.clipboard.is_empty(), "{:?}", requests.clipboard);
        assert!(requests.titles.is_empty(), "{:?}", requests.titles);
    });
}

#[test]
fn four_opens_today_on_the_demo_and_h_l_move_its_day() {
    let mut tty = demo();
    tty.resize(120, 30);
    tty.type_keys("4");
    tty.wait_for("[4 Today]");
    // Every part has its heading, empty or not, on the centre's clock (the
    // zone is said where the line has room for it).
    tty.wait_for("times in Asia/Tashkent");
    tty.wait_for(" Now · ");
    tty.wait_for(" Next · ");
    // Issue 37 §1: `l` shows tomorrow (named on the summary line, its
    // lessons under one heading), `h` today again (its parts back);
    // `:today fri` a Friday, `:today` alone today.
    tty.wait_for(" h previous day  l next day ");
    tty.type_keys("l");
    tty.wait_for(" Tomorrow ");
    tty.wait_until_text("tomorrow's lessons, today's parts gone", |text| {
        text.contains(" Lessons · ") && !text.contains(" Now · ")
    });
    tty.type_keys("h");
    tty.wait_until_text("today again", |text| {
        text.contains(" Now · ") && !text.contains(" Lessons · ")
    });
    tty.type_keys(":today fri\r");
    tty.wait_until_text("a Friday", |text| {
        text.lines()
            .nth(1)
            .is_some_and(|line| line.contains("Fri "))
    });
    tty.type_keys(":today\r");
    tty.wait_for(" Now · ");
    tty.quit();
}

#[test]
fn enter_on_a_crowded_week_cell_lists_its_groups() {
    let mut tty = demo();
    // The seven-day grid shows above 120 columns; the demo's cells are
    // crowded from its first half hour on.
    tty.resize(160, 45);
    tty.wait_for("crmdeck");
    tty.type_keys("3");
    tty.wait_for("groups this week");
    tty.type_keys("\r");
    tty.wait_for("groups ─");
    tty.wait_for("Start  End    Name");
    tty.type_keys("\x1b");
    tty.wait_until_text("the list closed", |text| !text.contains("groups ─"));
    tty.wait_for("groups this week");
    tty.quit();
}

/// In a real terminal, the filter finds group 2000, on the last of 100
/// pages of 20, with no page turned: every row is held once the walk ends.
#[test]
fn a_filter_finds_a_group_on_the_last_page_without_paging() {
    let server = Server::start(DemoOptions {
        groups: 2000,
        max_per_page: 20,
        ..DemoOptions::default()
    });
    let mut tty =
        support::pty::dashboard(&server.handle.base_url(), server.handle.token(), &[], &[]);
    tty.wait_for("2 000 groups · 100 pages × 20 · row 1 of 2 000");
    tty.type_keys("/2000");
    tty.wait_until_text("group 2000 selected", |text| {
        text.lines().any(|line| line.starts_with("> 2000 "))
    });
    tty.wait_for(" of 2 000");
    // Enter keeps the filter and leaves the input: q quits again.
    tty.type_keys("\r");
    tty.quit();
}

/// In a real terminal with a Cyrillic layout on: о and л (the j and k keys)
/// move the selection, `.` (on the / key) opens the filter, which takes
/// `Рус` as typed and finds the Russian groups, and й (the q key) quits.
/// (`tests/it/dashboard.rs` holds the same keys in-process.)
#[test]
fn cyrillic_keys_move_filter_and_quit_in_a_list() {
    let mut tty = demo();
    tty.wait_for("row 1 of");
    tty.type_keys("ооол");
    tty.wait_for("row 3 of");
    tty.type_keys(".Рус");
    tty.wait_until_text("only the Russian groups", |text| {
        let rows: Vec<&str> = text.lines().filter(|line| line.contains(" — ")).collect();
        text.contains("filter / Рус")
            && !rows.is_empty()
            && rows.iter().any(|row| row.contains("Русский язык"))
            // The script is ignored: рус finds the course "Russian language".
            && rows.iter().all(|row| row.contains("Русский язык") || row.contains("Russian"))
    });
    tty.type_keys("\r");
    tty.quit_with("й");
}

/// The Centres tab of `--demo` (issue 38): its three demo centres, each
/// answering on its own; Enter opens one by the profile switch, and `0`
/// comes back to the rows, looking at the centre opened.
#[test]
fn the_centres_tab_shows_the_three_demo_centres_and_enter_opens_one() {
    let mut tty = demo();
    tty.type_keys("0");
    tty.wait_for("3 centres: 3 ok");
    let screen = tty.screen_text();
    for centre in ["demo-east", "demo-north", "Ziyo North", "read-only"] {
        assert!(screen.contains(centre), "{centre}: {screen}");
    }
    tty.type_keys("jj\r");
    tty.wait_for("switched to profile demo-north");
    tty.type_keys("0");
    tty.wait_for("looking at demo-north");
    tty.quit();
}
