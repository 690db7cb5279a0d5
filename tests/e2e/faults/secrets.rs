//! Secrets on the dashboard: the user's token stays out of sight when the
//! server echoes it; a config file holding it open to others is warned
//! about; an installation token is masked until revealed, a new one
//! included, and neither reaches the log. (The user's token through
//! every fault: the matrix, `quit_keeping_the_token`.)

use super::wait_for_error;
use super::{
    ALL_PLUGINS, FAST_TIMEOUTS, FRESH_PLUGIN, FRESH_PLUGIN_ID, TOKEN, demo_server,
    install_the_fresh_plugin, installation_token, quit_keeping_the_token, start_dashboard,
};
use crate::support::home::config_file;
use crate::support::pty::{Tty, dashboard};
use crate::support::screen::Watch;
use crate::support::scripted_server::{TOKEN_ECHOES, scripted_server};
use crmdeck::secret::mask_secret;

/// Waits until the screen shows `token` masked and not whole.
fn wait_for_masked(tty: &Tty, token: &str, when: &str) {
    let masked = mask_secret(token);
    tty.wait_until(&format!("the token masked {when}"), |screen| {
        let text = screen.contents();
        text.contains(&masked) && !text.contains(token)
    });
}

/// Esc from the plugin detail (full-screen at this size), and the list
/// back: a key typed right after Esc would read as Alt and that key.
fn leave_the_detail(tty: &mut Tty) {
    tty.type_keys("\x1b");
    tty.wait_for(ALL_PLUGINS);
}

#[test]
fn an_installation_token_is_masked_until_revealed() {
    let server = demo_server();
    let (mut tty, _config) = start_dashboard(&server.handle.base_url(), FAST_TIMEOUTS);
    tty.type_keys("1");
    tty.wait_for(ALL_PLUGINS);
    // The first plugin of the demo is installed.
    let token = installation_token(&server, 1).expect("plugin 1 is installed");
    tty.type_keys("d");
    wait_for_masked(&tty, &token, "in the detail");
    tty.type_keys("v");
    tty.wait_for(&token);
    tty.type_keys("v");
    wait_for_masked(&tty, &token, "once v is pressed again");
    tty.type_keys("v");
    tty.wait_for(&token);
    leave_the_detail(&mut tty);
    tty.type_keys("d");
    wait_for_masked(&tty, &token, "after leaving the detail");

    // A plugin installed now: its token is masked from the first frame.
    leave_the_detail(&mut tty);
    install_the_fresh_plugin(&mut tty);
    tty.wait_for(&format!("installed {FRESH_PLUGIN}"));
    let fresh = installation_token(&server, FRESH_PLUGIN_ID).expect("installed");
    tty.type_keys("d");
    wait_for_masked(&tty, &fresh, "of the new installation");
    assert!(
        !tty.transcript().contains(&fresh),
        "written to the terminal"
    );
    for screen in tty.screens_shown() {
        assert!(!screen.contains(&fresh), "on a screen:\n{screen}");
    }

    let log = quit_keeping_the_token(&mut tty);
    for secret in [&token, &fresh] {
        assert!(
            !log.contains(secret.as_str()),
            "an installation token in the log"
        );
    }
}

#[test]
fn a_server_that_echoes_the_token_never_gets_it_on_screen() {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime for the servers");
    for (_, answer, causes) in TOKEN_ECHOES {
        let base_url = runtime.block_on(scripted_server(answer));
        let (mut tty, _config) = start_dashboard(&base_url, FAST_TIMEOUTS);
        // Both first requests fail; either's error may be the last word.
        wait_for_error(&tty, &["groups page 1: ", "plugins: "], causes);
        tty.wait_for("Could not load the groups: ");
        tty.type_keys("1");
        tty.wait_for("Could not load the plugins: ");
        quit_keeping_the_token(&mut tty);
    }
}

/// The warning is printed on the main screen before the dashboard takes
/// the terminal, so it is there when the dashboard ends.
#[test]
fn a_config_file_holding_the_token_open_to_others_is_warned_about() {
    use std::os::unix::fs::PermissionsExt;
    let server = demo_server();
    let (_dir, path) = config_file(&format!("{FAST_TIMEOUTS}token = \"{TOKEN}\"\n"));
    let open_to_others = std::fs::Permissions::from_mode(0o644);
    std::fs::set_permissions(&path, open_to_others).expect("chmod 644");
    let env = [("CRMDECK_LOG", "trace")];
    let mut tty = dashboard(&server.handle.base_url(), TOKEN, &["--config", &path], &env);
    // On the status line while the dashboard runs...
    let running = tty.wait_for(crate::support::screen::FIRST_ROWS);
    assert!(
        running.contains("warning: config file") && running.contains("readable by others"),
        "{running}"
    );
    quit_keeping_the_token(&mut tty);
    // ...and on the main screen once it has ended.
    let screen = tty.screen_text();
    let warning = format!(
        "crmdeck: warning: config file {path} holds a token and is readable by others: chmod 600"
    );
    assert!(screen.contains(&warning), "{screen}");
}

/// A log folder others can write is refused: the warning is on the status
/// line while the dashboard runs and on the main screen once it has ended,
/// and nothing is written there.
#[test]
fn a_log_folder_others_can_write_is_refused_with_a_warning() {
    use std::os::unix::fs::PermissionsExt;
    let server = demo_server();
    let state = tempfile::TempDir::new().expect("a state folder");
    let folder = state.path().join("crmdeck");
    std::fs::create_dir(&folder).expect("log folder");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let state_home = state.path().to_str().expect("a UTF-8 path");
    let env = [("XDG_STATE_HOME", state_home)];
    let mut tty = dashboard(&server.handle.base_url(), TOKEN, &[], &env);
    let running = tty.wait_for(crate::support::screen::FIRST_ROWS);
    assert!(
        running.contains("warning: running without a log: ")
            && running.contains("writable by other users"),
        "{running}"
    );
    tty.type_keys("q");
    assert!(tty.wait_exit().success(), "{}", tty.screen_text());
    tty.assert_terminal_restored();
    let screen = tty.screen_text();
    assert!(
        screen.contains("crmdeck: warning: running without a log: "),
        "{screen}"
    );
    assert_eq!(
        std::fs::read_dir(&folder).expect("the folder").count(),
        0,
        "nothing written in {}",
        folder.display()
    );
}
