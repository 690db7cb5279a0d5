//! Installing from the dashboard when its answer is lost or unreadable:
//! the list is asked again and shows the true state, and the install is
//! not sent twice; in read-only mode no key sends one at all.

use super::{
    ALL_PLUGINS, FAST_TIMEOUTS, FRESH_PLUGIN, NO_ANSWER, demo_server, install_the_fresh_plugin,
    quit_keeping_the_token, selected_row, start_dashboard, wait_for_error,
};
use crate::support::screen::Watch;
use crmdeck::demo::{Fault, Route};
use std::time::Duration;

/// The install POST gets `fault`, which lets the install happen on the
/// server but loses its answer; the status line names `cause`, the list
/// fetched after it shows the plugin installed, and i then says so
/// instead of sending a second POST.
fn check_lost_answer(fault: Fault, cause: &str) {
    let server = demo_server();
    server.handle.faults().push(fault, 1, Some(Route::Install));
    let (mut tty, _config) = start_dashboard(&server.handle.base_url(), FAST_TIMEOUTS);
    tty.type_keys("1");
    tty.wait_for(ALL_PLUGINS);
    install_the_fresh_plugin(&mut tty);
    wait_for_error(&tty, &[&format!("install {FRESH_PLUGIN}: ")], &[cause]);
    tty.wait_for("12 plugins · 4 installed");
    tty.wait_until("the plugin shown installed", |screen| {
        let text = screen.contents();
        let row = selected_row(&text);
        row.contains(FRESH_PLUGIN) && row.contains("installed")
    });
    tty.type_keys("i");
    tty.wait_for(&format!("{FRESH_PLUGIN} is already installed"));
    assert_eq!(server.handle.hits(Route::Install), 1, "POSTs received");
    quit_keeping_the_token(&mut tty);
}

#[test]
fn an_install_that_timed_out_is_checked_and_not_repeated() {
    let slow = Fault::Drip {
        chunk: 8,
        every: Duration::from_millis(300),
    };
    check_lost_answer(slow, NO_ANSWER);
}

#[test]
fn an_install_answered_with_broken_json_is_checked_and_not_repeated() {
    check_lost_answer(Fault::Truncated, "not JSON");
}

/// The server installs, then closes the connection without a byte of its
/// answer (found here: the plugin stayed shown not installed, and i y sent
/// a second POST).
#[test]
fn an_install_whose_connection_drops_is_checked_and_not_repeated() {
    check_lost_answer(Fault::Drop, "connection lost before the answer");
}

#[test]
fn read_only_mode_sends_no_install_whatever_the_keys() {
    let server = demo_server();
    let config = format!("{FAST_TIMEOUTS}read_only = true\n");
    let (mut tty, _config) = start_dashboard(&server.handle.base_url(), &config);
    tty.type_keys("1");
    tty.wait_for(ALL_PLUGINS);
    tty.type_keys("j");
    tty.wait_until("the plugin not installed selected", |screen| {
        selected_row(&screen.contents()).contains(FRESH_PLUGIN)
    });
    // In the list (Enter on a plugin not installed asks to install it),
    // then in its detail.
    tty.type_keys(&"iy\r".repeat(20));
    tty.type_keys("d");
    tty.wait_for("Esc back to the list");
    tty.type_keys(&"iy".repeat(20));
    tty.wait_for("read-only: install disabled");
    tty.type_keys("\x1b");
    tty.wait_for(ALL_PLUGINS);
    // Keys are handled in order: once the Groups tab shows, every key
    // before it has been.
    tty.type_keys("2");
    tty.wait_for(crate::support::screen::FIRST_ROWS);
    assert_eq!(server.handle.hits(Route::Install), 0, "POSTs received");
    quit_keeping_the_token(&mut tty);
}
