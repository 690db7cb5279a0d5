//! The dashboard's runtime: opening the session, the terminal's lifecycle,
//! the event loop, and carrying out the app's effects (HTTP in tokio tasks,
//! the token reload, the OSC 52 clipboard, suspend and quit).
//!
//! - `terminal`: entering and restoring the terminal (normal exit, panic,
//!   signal, Ctrl-Z), in one place; frames are written through the
//!   `lean-backend` crate (in few bytes and one write each);
//! - `event_loop`: the one `tokio::select!` loop, drawing only after an input,
//!   generic over its events and its [`Console`] ([`run_on`]: a test drives
//!   the whole dashboard in-process with it);
//! - `effects`: tasks for the API and the token source, cancellable by id;
//! - [`clipboard`]: OSC 52 with tmux and GNU screen passthrough;
//! - `signals`: SIGTERM, SIGHUP, SIGINT, SIGCONT;
//! - [`settings`]: the app's settings from the session (and the view
//!   remembered);
//! - `snapshots`: the snapshot read at start and written after a complete
//!   walk (`cache`);
//! - `view_file`: the view remembered per profile, centre and account, in the state directory;
//! - `profiles`: the session of another profile, for `:profile NAME`;
//! - `saved_queries`: `:save NAME`'s file, replaced whole and checked.

mod centres;
pub mod clipboard;
mod command_history;
mod effects;
mod event_loop;
mod export;
mod install_across;
mod profiles;
mod saved_queries;
pub mod settings;
mod signals;
mod snapshots;
mod terminal;
mod view_file;

pub use event_loop::{Clock, Console, Exit, run as run_on};
pub use profiles::Profiles;
pub use signals::Signal;

use crate::app::keymap::Keymap;
use crate::config::{self, Overrides};
use crate::fleet::Choice;
use crate::i18n::{Language, Phrase, choose, fill};
use crate::logging::Log;
use crate::session::{self, SessionError};
use chrono::Utc;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::SystemTime;

/// Why the dashboard does not start when stdout is not a terminal, in
/// `language`: it names `subcommands`, every one `--help` lists (the CLI
/// gives clap's own list, `cli::subcommand_names`).
pub fn not_a_terminal(language: Language, subcommands: &[String]) -> String {
    fill::not_a_terminal(language, subcommands.join(", "))
}

/// Exit code after a panic (Rust's own for a panicking process).
const PANIC_EXIT: u8 = 101;

/// `crmdeck` without a subcommand: opens the session like the CLI does (from
/// the global flags' `overrides`, with the demo server when `demo`), then
/// runs the dashboard until it quits. Problems before the dashboard starts
/// print one line on stderr (exit 2 for the config, 1 otherwise). `log` is
/// where this run logs; a refused log is warned about on the status line too.
/// `subcommands` are the CLI's, named when stdout is not a terminal.
pub async fn run(
    overrides: &Overrides,
    (demo, choice): (bool, &Choice),
    log: &Log,
    subcommands: &[String],
) -> ExitCode {
    // The config is not read yet: the flag's language, else the
    // environment's (a config that does not read cannot say its own).
    let env = |name: &str| std::env::var(name).ok();
    let language = choose(overrides.language.as_deref(), &env, None)
        .map_or(Language::En, |chosen| chosen.language);
    // Before anything touches the terminal, and before a demo server starts.
    if !std::io::stdout().is_terminal() {
        eprintln!("crmdeck: {}", not_a_terminal(language, subcommands));
        return ExitCode::from(2);
    }
    let started = SystemTime::now();
    let session = match session::open(overrides, demo).await {
        Ok(session) => session,
        Err(error) => {
            tracing::error!(%error, "cannot open the session");
            match &error {
                SessionError::Config(refused) => {
                    eprintln!("crmdeck: {}", config::said(refused, language))
                }
                _ => eprintln!("crmdeck: {error}"),
            }
            return error.exit_code();
        }
    };
    // A write an earlier run left (killed, or outlasting its quit): our
    // temporary files older than this run are no write under way.
    if let Some(cache) = session.cache() {
        cache.remove_temporaries_before(started);
    }
    log.set_cap(session.config.log_max_bytes);
    // Who the token is keys the snapshot and the view remembered: a token
    // remembered is taken at once (checked once the loop runs).
    session.identify_at_once().await;
    // Printed on the main screen, so they are there when the dashboard ends;
    // the dashboard shows them on its status line too.
    let language = session.config.language;
    let warning_word = Phrase::StatusWarning.get(language);
    for warning in &session.config.warnings {
        tracing::warn!(%warning, "config");
        let said = config::said_warning(warning, language);
        eprintln!("crmdeck: {warning_word} {said}");
    }
    let keymap = match session.config.with_key_bindings(Keymap::with_user) {
        Ok(keymap) => keymap,
        Err(error) => {
            tracing::error!(%error, "bad [keys] in the config");
            eprintln!("crmdeck: {}", config::said(&error, language));
            return ExitCode::from(2);
        }
    };
    let env = |name: &str| std::env::var(name).ok();
    let log_path = config::log_path(&env);
    let profiles = Profiles::from_flags(overrides, demo, true);
    let profile = session.config.profile.as_deref();
    let view_file = (session.view_owner()).and_then(|owner| profiles.view_file(profile, &owner));
    let mut settings = settings::app_settings(&session, log_path);
    settings.fleet = match settings::fleet(&session, choice, demo) {
        Ok(fleet) => fleet,
        Err(error) => {
            tracing::error!(%error, "no such fleet");
            eprintln!("crmdeck: {}", config::said(&error, language));
            return ExitCode::from(2);
        }
    };
    settings.keymap = keymap;
    settings.warnings.extend(log.warning());
    settings.theme = settings::theme_under_no_color(settings.theme, std::env::var("NO_COLOR").ok());
    tracing::info!(
        host = %settings.host,
        profile = ?settings.profile,
        demo,
        read_only = settings.read_only,
        "dashboard starting"
    );
    let exit = match terminal::Tui::enter(settings.mouse) {
        Ok(tui) => {
            let events = terminal::events();
            event_loop::run(
                session,
                profiles,
                settings,
                tui,
                events,
                Utc::now,
                view_file,
            )
            .await
        }
        Err(error) => Err(error),
    };
    // The terminal is restored by now, whatever happened.
    match exit {
        Ok(Exit::Quit) => {
            tracing::info!("dashboard quit");
            ExitCode::SUCCESS
        }
        Ok(Exit::Signal(signal)) => ExitCode::from(signal.exit_code().unwrap_or(1)),
        Ok(Exit::TaskPanicked) => ExitCode::from(PANIC_EXIT),
        Err(error) => {
            tracing::error!(%error, "terminal failure");
            eprintln!("crmdeck: terminal: {error}");
            ExitCode::from(1)
        }
    }
}
