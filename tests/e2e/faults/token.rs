//! An expired user token: the status line says when it expired, the top
//! line how to go on, and `R` reads the token source again, so a fresh token written to
//! the token file brings the data without a restart. A token command that
//! fails on `R` printing the token on stderr gets its reason shown, never
//! the token.

use super::wait_for_error;
use super::{TOKEN, demo_server, quit_keeping_the_token};
use crate::support::home::config_file;
use crate::support::pty::Tty;
use crate::support::screen::{Watch, group_rows};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::os::unix::fs::PermissionsExt;

/// A JWT that expired on 2020-09-14.
fn expired_jwt() -> String {
    let claims = URL_SAFE_NO_PAD.encode(r#"{"iat":1600000000,"exp":1600043200,"sub":"1"}"#);
    format!("eyJ0eXAiOiJKV1QifQ.{claims}.c2ln")
}

fn write_private(path: &std::path::Path, text: &str) {
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

#[test]
fn an_expired_token_is_explained_and_r_takes_a_fresh_one_from_the_token_file() {
    let server = demo_server();
    let token_dir = tempfile::TempDir::new().unwrap();
    let token_file = token_dir.path().join("token");
    write_private(&token_file, &expired_jwt());
    let (_dir, config) = config_file(&format!(
        "base_url = \"{}\"\ntoken_file = \"{}\"\n",
        server.handle.base_url(),
        token_file.display()
    ));
    let mut tty = Tty::spawn(&["--config", &config], &[("CRMDECK_LOG", "trace")]);
    let line = wait_for_error(
        &tty,
        &["groups page 1: ", "plugins: "],
        &["HTTP 401", "expired at 2020-09-14"],
    );
    let screen = tty.screen_text();
    let top_line = screen.lines().next().unwrap_or_default();
    assert!(
        top_line.contains("token expired: renew it, press R"),
        "{line}\n{screen}"
    );
    assert!(group_rows(&screen).is_empty());

    write_private(&token_file, TOKEN);
    tty.type_keys("R");
    tty.wait_until("the rows with the fresh token", |screen| {
        let text = screen.contents();
        text.contains(" · row 1 of ") && !group_rows(&text).is_empty()
    });
    quit_keeping_the_token(&mut tty);
    assert!(!tty.transcript().contains(&expired_jwt()));
}

#[test]
fn r_with_a_token_command_that_fails_showing_the_token_never_gets_it_shown() {
    let server = demo_server();
    let dir = tempfile::TempDir::new().unwrap();
    let token_file = dir.path().join("token");
    write_private(&token_file, TOKEN);
    let locked = dir.path().join("locked");
    // Gives the token until `locked` exists; then fails, showing it on stderr.
    let command = format!(
        "if test -e {locked}; then echo \\\"gpg: $(cat {token}) is locked\\\" >&2; exit 2; fi; cat {token}",
        locked = locked.display(),
        token = token_file.display()
    );
    let (_dir, config) = config_file(&format!(
        "base_url = \"{}\"\ntoken_command = \"{command}\"\n",
        server.handle.base_url()
    ));
    // Whatever the umask: a config holding token_command must be the user's alone to write.
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o600)).unwrap();
    let mut tty = Tty::spawn(&["--config", &config], &[("CRMDECK_LOG", "trace")]);
    tty.wait_for(crate::support::screen::FIRST_ROWS);
    write_private(&locked, "");
    tty.type_keys("R");
    tty.wait_until("the reload's failure", |screen| {
        screen.contents().contains("is locked")
    });
    let log = quit_keeping_the_token(&mut tty);
    assert!(log.contains("token reload failed"), "{log}");
}
