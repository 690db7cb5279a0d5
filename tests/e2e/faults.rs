//! The dashboard against every fault of the hardening matrix, in a
//! pseudo-terminal (issue 5, sections 1 and 5, the TUI half). For each
//! fault, one run of the binary shows that it
//! - answers keys while the failing request is in flight: `?` opens the
//!   help overlay before the failure arrives;
//! - names the cause on the status line, in the CLI's words;
//! - keeps what it showed: page 1 of the groups, the plugin list, the
//!   plugin not shown installed;
//! - sends an install once, whatever happens to it;
//! - tries again on `r` once the fault is gone and shows the fresh data
//!   (taking the error back);
//! - never shows the user's token: not on any screen it drew, not in
//!   anything it wrote to the terminal, not in its log file (written at
//!   trace level, the most verbose).
//!
//! The demo server sits behind a proxy of the test's (`faults/proxy.rs`)
//! so that it can also refuse connections, or leave them uncompleted, after
//! the first page. Timeouts come from a config file (`request_timeout_secs
//! = 1`). Each fault is a test of its own, so they run side by side. Then
//! faults that pass (retried without a word) and a host that never resolves.
//!
//! `install` (answers lost or unreadable, read-only), `secrets` (echoed
//! tokens, an open config file, installation tokens), `escapes` (a hostile
//! error message) and `token` (an expired token, replaced with `R`), in
//! `tests/e2e/faults/`, share the harness below.

mod escapes;
mod install;
mod proxy;
mod secrets;
mod token;

use crate::support;

use crmdeck::api::{Client, ClientOptions};
use crmdeck::demo::{DemoOptions, Fault, Route};
use crmdeck::secret::Token;
use proxy::Proxy;
use std::time::Duration;
use support::demo_server::Server;
use support::home::config_file;
use support::pty::{Tty, dashboard, status_text_of};
use support::screen::{Watch, group_numbers, wait_for_rows};
use tempfile::TempDir;

/// The user's token: long, and shaped like nothing a pattern-based redactor
/// would catch, so only exact masking keeps it out of sight. Its slash is
/// one that PHP's `json_encode` escapes (`\/`), and lies outside the middle
/// third that `quit_keeping_the_token` also looks for.
const TOKEN: &str = "tui/fault-matrix-token-R8wQ3nLz5TyK7pVd2XcJ9mHs4GbF6aE1";

/// Short timeouts: a silent server fails a request within a second.
const FAST_TIMEOUTS: &str = "request_timeout_secs = 1\nconnect_timeout_secs = 1\n";

/// How long the server holds each faulty answer while the test presses a
/// key: below the 1 s request timeout, so that a status stays a status.
const HOLD: Duration = Duration::from_millis(700);

/// The summary line of the demo's plugin list as it starts.
const ALL_PLUGINS: &str = "12 plugins · 3 installed";

/// The demo plugin that starts not installed: the second of the list.
const FRESH_PLUGIN_ID: i64 = 2;
/// Its name.
const FRESH_PLUGIN: &str = "SMS gateway (Eskiz)";

// ---- the harness ----

/// The dashboard against `base_url`, with [`TOKEN`], the config file
/// `config` and logging at trace level; the config's folder lives as long
/// as the guard returned.
fn start_dashboard(base_url: &str, config: &str) -> (Tty, TempDir) {
    let (dir, path) = config_file(config);
    let env = [("CRMDECK_LOG", "trace")];
    let tty = dashboard(base_url, TOKEN, &["--config", &path], &env);
    (tty, dir)
}

/// A demo server that accepts only [`TOKEN`].
fn demo_server() -> Server {
    Server::start(DemoOptions {
        token: Some(TOKEN.to_string()),
        ..DemoOptions::default()
    })
}

/// Waits until the status line reports an error that starts with one of
/// `topics` and names every one of `causes` (`"a|b"`: either); returns it.
fn wait_for_error(tty: &Tty, topics: &[&str], causes: &[&str]) -> String {
    let reported = |line: &str| {
        topics
            .iter()
            .any(|topic| line.contains(&format!("error: {topic}")))
            && causes
                .iter()
                .all(|cause| cause.split('|').any(|either| line.contains(either)))
    };
    tty.wait_until(
        &format!("an error about {topics:?} naming {causes:?}"),
        |screen| reported(&status_text_of(screen)),
    );
    tty.status_text()
}

/// Waits until the status line shows no error.
fn wait_for_no_error(tty: &Tty, what: &str) {
    tty.wait_until(what, |screen| !status_text_of(screen).contains("error"));
}

/// The selected row of a list (marked `>`).
fn selected_row(screen: &str) -> &str {
    screen
        .lines()
        .find(|line| line.starts_with('>'))
        .unwrap_or_default()
}

/// The installation of `plugin_id` as the server sees it, asked directly
/// (not through the dashboard, nor its proxy).
fn installation_token(server: &Server, plugin_id: i64) -> Option<String> {
    let client = direct_client(server);
    let plugins = server
        .block_on(client.plugins())
        .expect("the plugin list, asked directly");
    plugins
        .into_iter()
        .find(|plugin| plugin.id == plugin_id)
        .and_then(|plugin| plugin.user)
        .and_then(|installation| installation.token)
}

/// A client of the test's own, straight to the demo server.
fn direct_client(server: &Server) -> Client {
    let options = ClientOptions::new(server.handle.base_url().parse().unwrap());
    Client::new(options, Token::new(TOKEN)).expect("a client")
}

/// Quits with q; the terminal is given back, and the user's token was in
/// no screen drawn, nothing written to the terminal and no line of the
/// log, which it returns.
fn quit_keeping_the_token(tty: &mut Tty) -> String {
    tty.type_keys("q");
    assert!(tty.wait_exit().success(), "{}", tty.screen_text());
    tty.assert_terminal_restored();
    let log = std::fs::read_to_string(tty.log_path()).expect("a log file");
    // The request lines were logged, so the log had something to leak.
    assert!(log.contains("/v2/"), "log {log}");
    let pieces = [TOKEN, &TOKEN[TOKEN.len() / 3..TOKEN.len() * 2 / 3]];
    let screens = tty.screens_shown();
    assert!(screens.len() > 1, "frames were read");
    let written = [("the terminal", tty.transcript()), ("the log", log.clone())];
    let shown = screens.iter().map(|screen| ("a screen", screen.clone()));
    for (place, text) in written.into_iter().chain(shown) {
        for piece in pieces {
            assert!(!text.contains(piece), "the token in {place}:\n{text}");
        }
    }
    log
}

// ---- the matrix ----

/// How the server fails, after the first page.
#[derive(Clone)]
enum Trouble {
    /// It answers every request with this fault.
    Answer(Fault),
    /// Nothing listens any more: connections are refused.
    Refused,
    /// Connections are never completed: the connect timeout ends them.
    Silent,
}

impl Trouble {
    /// The config: for a connection that never completes, a request limit
    /// other than the connect limit, so that the line proves which one hit.
    fn config(&self) -> &'static str {
        match self {
            Self::Silent => "request_timeout_secs = 5\nconnect_timeout_secs = 1\n",
            Self::Answer(_) | Self::Refused => FAST_TIMEOUTS,
        }
    }
}

/// The demo server, behind a proxy the dashboard talks to.
struct Rig {
    server: Server,
    proxy: Proxy,
    trouble: Trouble,
}

impl Rig {
    fn start(trouble: Trouble) -> Self {
        let server = demo_server();
        let proxy = server.block_on(Proxy::start(server.handle.addr()));
        Self {
            server,
            proxy,
            trouble,
        }
    }

    fn make_trouble(&mut self) {
        match &self.trouble {
            Trouble::Answer(fault) => {
                self.server
                    .handle
                    .faults()
                    .push(fault.clone(), usize::MAX, None);
            }
            Trouble::Refused => self.server.block_on(self.proxy.refuse()),
            Trouble::Silent => self.server.block_on(self.proxy.go_silent()),
        }
    }

    /// Every answer of the server waits `hold` from now on.
    fn hold_answers(&self, hold: Duration) {
        self.server.handle.faults().set_latency(hold);
    }

    /// The server answers well again, at once.
    fn end_trouble(&mut self) {
        self.server.handle.faults().clear();
        self.server.block_on(self.proxy.forward());
    }

    /// POSTs to install, counted at the server.
    fn installs_received(&self) -> u64 {
        self.server.handle.hits(Route::Install)
    }
}

/// One run of the dashboard through `trouble`: each of the promises in the
/// file's head, with the status line naming `causes`.
fn check(trouble: Trouble, causes: &[&str]) {
    let mut rig = Rig::start(trouble.clone());
    let (mut tty, _config) = start_dashboard(&rig.proxy.base_url(), trouble.config());
    let page_1 = load_both_tabs(&mut tty);

    rig.make_trouble();
    rig.hold_answers(HOLD);
    refresh_groups_in_trouble(&mut tty, &page_1, causes);
    rig.end_trouble();
    // After a long `Retry-After` too: r tries now (the status line said
    // until when the server asked to wait).
    refresh_groups_again(&mut tty, &page_1);

    rig.make_trouble();
    refresh_plugins_in_trouble(&mut tty, causes);
    let installs_before = rig.installs_received();
    install_in_trouble(&mut tty, causes);
    let sent = rig.installs_received() - installs_before;
    let expected = match trouble {
        Trouble::Answer(_) => 1,
        Trouble::Refused | Trouble::Silent => 0,
    };
    assert_eq!(sent, expected, "POSTs that reached the server");

    rig.end_trouble();
    // Meanwhile the plugin was installed (by someone else, or by that
    // very POST): the list the retry brings shows it.
    rig.server
        .block_on(direct_client(&rig.server).install(FRESH_PLUGIN_ID))
        .expect("installed directly");
    refresh_plugins_again(&mut tty);

    let log = quit_keeping_the_token(&mut tty);
    let attempts = log
        .lines()
        .filter(|line| line.contains("method=POST"))
        .count();
    assert_eq!(attempts, 1, "install attempts in the log:\n{log}");
}

/// The groups and the plugin list have arrived, the first rows of the
/// groups are shown; returns their group numbers.
fn load_both_tabs(tty: &mut Tty) -> Vec<u64> {
    tty.type_keys("1");
    tty.wait_for(ALL_PLUGINS);
    tty.type_keys("2");
    wait_for_rows(tty, |_| true)
}

/// r on the groups while the request will fail: the help overlay opens while
/// it is on its way (`on_its_way` shows), then Esc, and the error names
/// every one of `causes`.
fn ask_groups_again(tty: &mut Tty, on_its_way: &str, causes: &[&str]) {
    tty.type_keys("r");
    tty.wait_for(on_its_way);
    tty.type_keys("?");
    tty.wait_for("Keys: Groups list");
    let status = tty.status_text();
    assert!(
        !status.contains("error"),
        "the request ended before the key was answered: {status}"
    );
    tty.type_keys("\x1b");
    wait_for_error(tty, &["groups page 1: "], causes);
}

/// r on the groups while the server is in trouble: the help overlay opens
/// while the refresh is on its way (the failure comes after it), then the
/// cause shows and the rows stay.
fn refresh_groups_in_trouble(tty: &mut Tty, page_1: &[u64], causes: &[&str]) {
    ask_groups_again(tty, "refreshing ", causes);
    tty.wait_until("the help closed", |screen| {
        !screen.contents().contains("Keys: ")
    });
    let screen = tty.screen_text();
    assert!(screen.contains("1 page missing · r retries"), "{screen}");
    assert_eq!(group_numbers(&screen), page_1, "the rows stay:\n{screen}");
}

/// r once the trouble is over: the missing page again, and the error taken back.
fn refresh_groups_again(tty: &mut Tty, page_1: &[u64]) {
    tty.type_keys("r");
    wait_for_no_error(tty, "the error taken back by the retry");
    tty.wait_until("the refresh done", |screen| {
        !screen.contents().contains("refreshing ")
    });
    wait_for_rows(tty, |rows| rows == page_1);
}

/// r on the plugins while the server is in trouble: the cause shows and
/// the list stays.
fn refresh_plugins_in_trouble(tty: &mut Tty, causes: &[&str]) {
    tty.type_keys("1");
    tty.wait_for(ALL_PLUGINS);
    tty.type_keys("r");
    wait_for_error(tty, &["plugins: "], causes);
    let screen = tty.screen_text();
    assert!(
        screen.contains(ALL_PLUGINS) && screen.contains(FRESH_PLUGIN),
        "the list stays:\n{screen}"
    );
}

/// From the top of the plugin list: selects the plugin not installed,
/// presses i and confirms with y.
fn install_the_fresh_plugin(tty: &mut Tty) {
    tty.type_keys("j");
    tty.wait_until("the plugin not installed selected", |screen| {
        selected_row(&screen.contents()).contains(FRESH_PLUGIN)
    });
    tty.type_keys("i");
    tty.wait_for(&format!("Install {FRESH_PLUGIN}?"));
    tty.type_keys("y");
}

/// i then y on the plugin not installed while the server is in trouble:
/// the cause shows (for the install, or for the list fetched after it to
/// learn what happened), and the plugin is not shown installed.
fn install_in_trouble(tty: &mut Tty, causes: &[&str]) {
    // Esc takes the list's error away, so the next one is the install's.
    tty.type_keys("\x1b");
    wait_for_no_error(tty, "the error dismissed");
    install_the_fresh_plugin(tty);
    let install = format!("install {FRESH_PLUGIN}: ");
    wait_for_error(tty, &[&install, "plugins: "], causes);
    tty.wait_until("the install over", |screen| {
        !screen.contents().contains("installing")
    });
    let screen = tty.screen_text();
    let row = selected_row(&screen);
    assert!(
        row.contains(FRESH_PLUGIN) && !row.contains("installed"),
        "{screen}"
    );
    assert!(screen.contains(ALL_PLUGINS), "{screen}");
}

/// r once the trouble is over: the fresh list, the plugin installed.
fn refresh_plugins_again(tty: &mut Tty) {
    tty.type_keys("r");
    tty.wait_for("12 plugins · 4 installed");
    tty.wait_until("the plugin shown installed", |screen| {
        let text = screen.contents();
        let row = selected_row(&text);
        row.contains(FRESH_PLUGIN) && row.contains("installed")
    });
}

const NO_ANSWER: &str = "no answer from the server within 1 s";

/// One test per trouble, so that they run side by side: its name, the
/// trouble, and what the error names.
macro_rules! troubles {
    ($($name:ident: $trouble:expr => $causes:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check($trouble, $causes);
            }
        )*
    };
}

troubles! {
    connection_refused: Trouble::Refused => &["cannot reach the server: 127.0.0.1", "refused"];
    connect_timeout: Trouble::Silent => &[NO_ANSWER];
    a_server_that_accepts_and_never_answers: Trouble::Answer(Fault::Hang) => &[NO_ANSWER];
    a_body_that_drips_slowly:
        Trouble::Answer(Fault::Drip { chunk: 16, every: Duration::from_millis(200) })
        => &[NO_ANSWER];
    http_401: Trouble::Answer(Fault::Status(401)) => &["HTTP 401 unauthorized", "Unauthenticated."];
    http_403: Trouble::Answer(Fault::Status(403)) => &["HTTP 403 forbidden", "unauthorized"];
    http_404: Trouble::Answer(Fault::Status(404)) => &["HTTP 404 not found", "Not Found"];
    http_422: Trouble::Answer(Fault::Status(422)) => &["HTTP 422 invalid request", "plugin_id"];
    http_429_with_a_long_retry_after:
        Trouble::Answer(Fault::RetryAfter(600))
        => &["HTTP 429 too many requests", "retry in 600 s"];
    http_500_with_json:
        Trouble::Answer(Fault::Status(500))
        => &["HTTP 500 Internal Server Error", "Server Error"];
    http_502_with_an_html_page: Trouble::Answer(Fault::Html(502)) => &["HTTP 502 Bad Gateway"];
    an_empty_200_body:
        Trouble::Answer(Fault::Empty(200))
        => &["unexpected answer (HTTP 200)", "not JSON"];
    truncated_json:
        Trouble::Answer(Fault::Truncated)
        => &["unexpected answer (HTTP 200)", "not JSON"];
    json_of_the_wrong_shape:
        Trouble::Answer(Fault::WrongShape)
        => &["unexpected answer (HTTP 200)", "expected"];
    a_connection_closed_without_an_answer:
        Trouble::Answer(Fault::Drop)
        => &["connection lost before the answer: 127.0.0.1"];
    a_body_over_the_size_cap:
        Trouble::Answer(Fault::Oversize(16 * 1024 * 1024 + 1))
        => &["larger than 16 MiB"];
}

/// Faults that pass (a 429 with a short `Retry-After`, a 502) are waited
/// out and retried within the attempts of one read: the fresh page, no
/// error.
#[test]
fn faults_that_clear_up_are_retried_without_a_word() {
    let server = demo_server();
    let (mut tty, _config) = start_dashboard(&server.handle.base_url(), FAST_TIMEOUTS);
    let page_1 = load_both_tabs(&mut tty);
    let asked_before = server.handle.hits(Route::Groups);
    let faults = server.handle.faults();
    faults.push(Fault::RetryAfter(1), 1, Some(Route::Groups));
    faults.push(Fault::Html(502), 1, Some(Route::Groups));
    tty.type_keys("r");
    tty.wait_for("refreshing ");
    tty.wait_until("the refresh done", |screen| {
        !screen.contents().contains("refreshing ")
    });
    assert_eq!(
        server.handle.hits(Route::Groups) - asked_before,
        5,
        "a 429, a 502, then the three pages"
    );
    let status = tty.status_text();
    assert!(!status.contains("error"), "{status}");
    wait_for_rows(&tty, |rows| rows == page_1);
    quit_keeping_the_token(&mut tty);
}

/// A host that never resolves from the start (RFC 2606 `.invalid`): the
/// cause instead of the table, keys answered, and r asking again. A
/// resolver that cannot be reached at all ends in the connect timeout
/// instead; both are named.
#[test]
fn an_unresolvable_host() {
    let cause = "cannot reach the server: crmdeck-fault-matrix.invalid|no answer from the server within 1 s";
    let (mut tty, _config) = start_dashboard("https://crmdeck-fault-matrix.invalid", FAST_TIMEOUTS);
    // The first groups and plugins requests fail side by side: either's
    // error may be the last word on the status line.
    wait_for_error(&tty, &["groups page 1: ", "plugins: "], &[cause]);
    tty.wait_for("Could not load the groups: ");
    // Both must have failed before Esc, or the later error comes after it.
    tty.type_keys("1");
    tty.wait_for("Could not load the plugins: ");
    tty.type_keys("2");
    tty.wait_for("Could not load the groups: ");
    tty.type_keys("\x1b");
    wait_for_no_error(&tty, "the error dismissed");
    ask_groups_again(&mut tty, "Loading groups…", &[cause]);
    tty.wait_for("Press r to retry.");
    let log = quit_keeping_the_token(&mut tty);
    let asked = log
        .lines()
        .filter(|line| {
            line.contains("fetch #")
                && line.contains("Groups(GroupsQuery {")
                && line.contains(" page: 1,")
        })
        .count();
    // A walk asks a page whose connection failed again itself, 3 times
    // in all (its client leaves that to it: issue 34 §2).
    assert_eq!(
        asked,
        2 * 3,
        "page 1 asked for at the start and on r:\n{log}"
    );
}
