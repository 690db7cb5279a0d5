//! Escape injection through error text: a server whose error message holds
//! a screen clear, an OSC 52 clipboard write, an OSC 0 title change, BEL,
//! CR, backspace and U+202E. The status line shows placeholders, and no
//! clipboard write or title change reaches the terminal.

use super::wait_for_error;
use super::{FAST_TIMEOUTS, quit_keeping_the_token, start_dashboard};
use crate::support::scripted_server::scripted_server;
use axum::http::StatusCode;

/// Every attack of the issue in one message.
const HOSTILE: &str =
    "boom\u{1b}[2J\u{1b}]52;c;c3RvbGVu\u{7}\u{1b}]0;pwned\u{7}\u{7}\r\u{8}\u{202e}gnp.exe";

fn a_500_with_a_hostile_message(_token: &str) -> (StatusCode, String) {
    let body = serde_json::json!({ "message": HOSTILE });
    (StatusCode::INTERNAL_SERVER_ERROR, body.to_string())
}

#[test]
fn a_hostile_error_message_shows_placeholders_and_reaches_nothing() {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime for the server");
    let base_url = runtime.block_on(scripted_server(a_500_with_a_hostile_message));
    let (mut tty, _config) = start_dashboard(&base_url, FAST_TIMEOUTS);
    // Both first requests fail; either's error may be the last word.
    let line = wait_for_error(
        &tty,
        &["groups page 1: ", "plugins: "],
        &["HTTP 500", "boom"],
    );
    assert!(line.contains('␛'), "no placeholder for ESC: {line}");
    assert!(
        !line.contains('\u{202e}'),
        "a bidi override on screen: {line}"
    );
    // The screen was not cleared by the message: the tabs are still drawn.
    assert!(
        tty.screen_text().contains("2 Groups"),
        "{}",
        tty.screen_text()
    );
    tty.requests(|requests| {
        assert!(requests.clipboard.is_empty(), "{:?}", requests.clipboard);
        assert!(requests.titles.is_empty(), "{:?}", requests.titles);
    });
    let written = tty.transcript();
    for attack in ["\u{1b}]52;", "\u{1b}]0;pwned", "\u{202e}"] {
        assert!(!written.contains(attack), "{attack:?} reached the terminal");
    }
    quit_keeping_the_token(&mut tty);
}
