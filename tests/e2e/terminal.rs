//! The terminal after every way out, read from the pseudo-terminal itself:
//! the emulator's modes (alternate screen, cursor) and the line
//! discipline's (echo, canonical mode, read with tcgetattr on the master).
//! Each test first proves the UI really had the terminal in raw mode, so a
//! "restored" afterwards means something. Then: SIGTERM, SIGHUP, a panic
//! (the test-only switch `CRMDECK_TEST_PANIC`), and Ctrl-Z with `fg` from a
//! real job-control shell.

use crate::support;

use std::net::TcpListener;
use support::pty::Tty;
use support::screen::Watch;

/// A token the tests look for everywhere it must not be.
const TOKEN: &str = "terminal-test-token-5f2c9a7e41d8b306";

/// Starts `crmdeck --demo`, waits for the first page of groups, and checks
/// the UI has the terminal: alternate screen, hidden cursor, raw mode.
fn dashboard() -> Tty {
    let tty = Tty::spawn(&["--demo"], &[]);
    tty.wait_for(support::screen::FIRST_ROWS);
    tty.assert_terminal_taken();
    tty
}

#[test]
fn sigterm_gives_back_echo_and_line_editing() {
    dashboard().end_on(libc::SIGTERM);
}

/// Whatever the event loop is stuck on (here the test-only switch
/// `CRMDECK_TEST_HANG`: the first key blocks it for good), SIGTERM gives the
/// terminal back and ends the dashboard (issue 26): before, a FIFO at
/// `view.json` kept the terminal raw through q, Ctrl-C and SIGTERM.
#[test]
fn sigterm_gives_back_the_terminal_even_when_the_loop_is_stuck() {
    let mut tty = Tty::spawn(&["--demo"], &[("CRMDECK_TEST_HANG", "1")]);
    tty.wait_for(support::screen::FIRST_ROWS);
    tty.assert_terminal_taken();
    tty.type_keys("j");
    tty.end_on(libc::SIGTERM);
}

#[test]
fn sighup_gives_back_echo_and_line_editing() {
    dashboard().end_on(libc::SIGHUP);
}

/// An address where nothing listens: the dashboard runs (and shows the
/// refused connection) without a server, the token only in its memory.
fn nothing_listening() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("its address");
    format!("http://{address}")
}

#[test]
fn a_panic_restores_the_terminal_then_prints_its_report_without_the_token() {
    let base_url = nothing_listening();
    let mut tty = Tty::spawn(
        &[],
        &[
            ("CRMDECK_BASE_URL", &base_url),
            ("CRMDECK_TOKEN", TOKEN),
            ("CRMDECK_TEST_PANIC", "1"),
        ],
    );
    tty.wait_for("crmdeck");
    tty.assert_terminal_taken();
    tty.type_keys("j");
    let status = tty.wait_exit();
    assert_eq!(status.exit_code(), 101, "{status:?}");
    tty.assert_terminal_restored();
    // The report went to the main screen after the way back: had it been
    // printed before, it would have vanished with the alternate screen.
    let screen = tty.screen_text();
    assert!(screen.contains("panicked"), "{screen}");
    assert!(
        screen.contains("CRMDECK_TEST_PANIC is set"),
        "no message: {screen}"
    );
    assert!(!screen.contains(TOKEN), "{screen}");
    assert!(!screen.contains(&TOKEN[TOKEN.len() / 2..]), "{screen}");
}

/// What the shell shows when it waits for a command.
const PROMPT: &str = "crmdeck-test-shell$";

/// An interactive bash with job control in the terminal, no rc files, no
/// line editor (so the prompt waits in plain canonical mode), `$CRMDECK`
/// naming the binary; waits for its prompt.
fn shell() -> Tty {
    let prompt = format!("{PROMPT} ");
    let tty = Tty::spawn_program(
        "bash",
        &["--norc", "--noprofile", "--noediting", "-i"],
        &[("PS1", &prompt), ("CRMDECK", env!("CARGO_BIN_EXE_crmdeck"))],
    );
    tty.wait_until("the shell's prompt", at_prompt);
    tty
}

/// The shell waits for a command: its prompt is the last line written.
fn at_prompt(screen: &vt100::Screen) -> bool {
    let contents = screen.contents();
    let last = contents.lines().rev().find(|line| !line.trim().is_empty());
    !screen.alternate_screen() && last.is_some_and(|line| line.trim_end() == PROMPT)
}

/// The screen's lines without trailing blanks (what the emulator keeps of
/// them depends on how they were drawn).
fn lines(screen: &vt100::Screen) -> Vec<String> {
    screen
        .contents()
        .lines()
        .map(|line| line.trim_end().to_string())
        .collect()
}

/// The selected row of the groups table (the one marked `>`).
fn selected_row(screen: &vt100::Screen) -> Option<String> {
    lines(screen).into_iter().find(|line| line.starts_with('>'))
}

#[test]
fn ctrl_z_hands_the_terminal_to_the_shell_and_fg_brings_the_ui_back_intact() {
    let mut tty = shell();
    let shell = tty.pid();
    tty.type_keys("\"$CRMDECK\" --demo\r");
    tty.wait_for(support::screen::FIRST_ROWS);
    // Somewhere other than the start: the last row, then three up. G
    // pressed before every page arrived would stop short of 240.
    tty.wait_until("every page read", |screen| {
        support::screen::every_page_read(&screen.contents())
    });
    tty.type_keys("G");
    tty.wait_until("the last row selected", |screen| {
        selected_row(screen).is_some_and(|row| row.starts_with("> 240 "))
    });
    tty.type_keys("kkk");
    tty.wait_until("the fourth row from the end selected", |screen| {
        screen.contents().contains(" · row 237 of 240")
            && selected_row(screen).is_some_and(|row| row.starts_with("> 237 "))
            && lines(screen).iter().any(|line| line.starts_with("  240 "))
    });
    tty.assert_terminal_taken();
    let before = tty.screen(lines);
    assert_ne!(
        tty.foreground_group(),
        shell,
        "crmdeck is not in the foreground"
    );

    tty.type_keys("\x1a");
    tty.wait_until("the shell's prompt after the stop", |screen| {
        at_prompt(screen) && screen.contents().contains("Stopped")
    });
    // The main screen and the cursor are crmdeck's doing; bash also puts
    // back its own line modes when a job stops, so echo is checked where it
    // counts too: after q, below, bash keeps whatever the job left.
    tty.assert_terminal_restored();
    assert_eq!(
        tty.foreground_group(),
        shell,
        "the shell has not the terminal"
    );
    // Cooked: what is typed is echoed, and the shell gets whole lines.
    tty.type_keys("echo cooked-$((6 * 7))\r");
    tty.wait_for("$ echo cooked-$((6 * 7))");
    tty.wait_for("cooked-42");
    tty.wait_until("the prompt after echo", at_prompt);

    tty.type_keys("fg\r");
    tty.wait_until("the same screen redrawn in full", |screen| {
        screen.alternate_screen() && lines(screen) == before
    });
    tty.assert_terminal_taken();
    assert_ne!(
        tty.foreground_group(),
        shell,
        "crmdeck is not in the foreground"
    );
    // Still answering keys.
    tty.type_keys("j");
    tty.wait_until("the next row selected", |screen| {
        selected_row(screen).is_some_and(|row| row.starts_with("> 238 "))
    });

    tty.type_keys("q");
    tty.wait_until("the shell's prompt after q", at_prompt);
    tty.assert_terminal_restored();
    assert_eq!(tty.foreground_group(), shell);
    tty.type_keys("exit\r");
    assert!(tty.wait_exit().success());
}
