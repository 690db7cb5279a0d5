//! Secrets on the dashboard: an installation token is masked until
//! revealed, a new one included, and neither reaches the log. (The user's
//! token through every fault: the matrix, `quit_keeping_the_token`.)

use super::{
    ALL_PLUGINS, FAST_TIMEOUTS, FRESH_PLUGIN, FRESH_PLUGIN_ID, demo_server,
    install_the_fresh_plugin, installation_token, quit_keeping_the_token, start_dashboard,
};
use crate::common::pty::Tty;
use crmdeck::api::token::mask_secret;

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

    let log = quit_keeping_the_token(tty);
    for secret in [&token, &fresh] {
        assert!(
            !log.contains(secret.as_str()),
            "an installation token in the log"
        );
    }
}
