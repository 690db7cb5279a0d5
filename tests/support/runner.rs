//! The whole dashboard in-process: the runtime's own event loop, fed keys
//! through a channel and drawing on ratatui's `TestBackend`, against a
//! demo server started here (real HTTP, real JSON). The session and the
//! settings are built as `crmdeck --demo` builds them with no config file;
//! the clock is [`fixtures::now`], so what is drawn is the same every run.
//!
//! ```text
//! let dashboard = Runner::demo();
//! wait_for_rows(&dashboard, |_| true);
//! dashboard.send_keys("b");
//! dashboard.wait_for("all branches");
//! dashboard.quit();
//! ```
//!
//! As true as the pseudo-terminal (`pty::Tty`) for the app's screens, keys
//! and requests, and much faster. What only a real terminal shows (its
//! modes, signals, the bytes written, OSC 52) stays with `pty`.

use super::console::Counting;
use super::demo_server::Server;
use super::fixtures;
use super::pty::{COLUMNS, ROWS};
use super::screen::{Watch, text_of};
use super::wait::DEADLINE;
use crmdeck::app::AppSettings;
use crmdeck::config::{Config, Overrides};
use crmdeck::demo::{DemoHandle, DemoOptions};
use crmdeck::domain::zone::Zone;
use crmdeck::runtime::settings::app_settings;
use crmdeck::runtime::{self, Exit, Profiles};
use crmdeck::session::{self, Session};
use crossterm::event::Event;
use futures::channel::mpsc::{self, UnboundedSender};
use std::io;
use std::path::Path;
use tokio::task::JoinHandle;

/// The dashboard running in-process; see the module.
pub struct Runner {
    server: Server,
    keys: UnboundedSender<io::Result<Event>>,
    shown: Counting,
    running: Option<JoinHandle<io::Result<Exit>>>,
}

impl Runner {
    /// Against a demo server of the default options, at the pseudo-terminal
    /// tests' size (100x30).
    pub fn demo() -> Self {
        Self::on(
            Server::start(DemoOptions::default()),
            (COLUMNS, ROWS),
            |_| {},
        )
    }

    /// Against `server` (its faults set before, so that the first requests
    /// meet them), `size` columns and rows, the settings changed by
    /// `adjust` before the app starts.
    pub fn on(server: Server, size: (u16, u16), adjust: impl FnOnce(&mut AppSettings)) -> Self {
        // No snapshot read or written: each run starts as the test says.
        let config = Config {
            cache: false,
            ..Config::default()
        };
        let session = session::for_demo(config, &server.handle).expect("a session on the demo");
        let mut settings = settings_of(&session);
        adjust(&mut settings);
        Self::start(server, size, session, Profiles::none(), settings)
    }

    /// On `profile` of the config file `config` (which turns the cache
    /// off), at the pseudo-terminal tests' size, the loop running on
    /// `server`'s runtime; `:profile NAME` opens the file's other profiles
    /// as `crmdeck --config CONFIG` does, no view remembered.
    pub fn with_profiles(server: Server, config: &Path, profile: &str) -> Self {
        let overrides = Overrides {
            config_path: Some(config.to_path_buf()),
            profile: Some(profile.to_string()),
            ..Overrides::default()
        };
        let session = server
            .block_on(session::open(&overrides, false))
            .expect("the profile's session");
        let settings = settings_of(&session);
        let profiles = Profiles::from_flags(&overrides, false, false);
        Self::start(server, (COLUMNS, ROWS), session, profiles, settings)
    }

    /// The loop on `session` started on `server`'s runtime.
    fn start(
        server: Server,
        size: (u16, u16),
        session: Session,
        profiles: Profiles,
        settings: AppSettings,
    ) -> Self {
        let shown = Counting::new(size);
        let screen = shown.clone();
        let (keys, events) = mpsc::unbounded();
        let running = server.spawn(async move {
            runtime::run_on(
                session,
                profiles,
                settings,
                screen,
                events,
                fixtures::now,
                None,
            )
            .await
        });
        Self {
            server,
            keys,
            shown,
            running: Some(running),
        }
    }

    /// Presses `keys`, one key per character (see [`fixtures::key`]).
    pub fn send_keys(&self, keys: &str) {
        for c in keys.chars() {
            self.keys
                .unbounded_send(Ok(Event::Key(fixtures::key(c))))
                .expect("the dashboard takes keys");
        }
    }

    /// The demo server, for its hit counts and faults.
    pub fn server(&self) -> &DemoHandle {
        &self.server.handle
    }

    /// Quits with q and checks that the loop ended for that reason.
    pub fn quit(self) {
        self.quit_with("q");
    }

    /// Presses `keys`, which must quit, and checks that the loop ended for
    /// that reason.
    pub fn quit_with(mut self, keys: &str) {
        self.send_keys(keys);
        let running = self.running.take().expect("running until now");
        let exit = self
            .server
            .block_on(async { tokio::time::timeout(DEADLINE, running).await })
            .unwrap_or_else(|_| panic!("no exit within {DEADLINE:?}:\n{}", self.text()))
            .expect("the event loop did not panic")
            .expect("the event loop did not fail");
        assert_eq!(exit, Exit::Quit);
    }
}

/// The settings `crmdeck` starts `session` with, but the machine's own
/// zone, which would make what is drawn depend on where the test runs: it
/// is taken to be a server's, UTC.
fn settings_of(session: &Session) -> AppSettings {
    let mut settings = app_settings(session, fixtures::settings().log_path);
    settings.machine_zone = Zone::Named(chrono_tz::UTC);
    settings
}

impl Watch for Runner {
    fn text(&self) -> String {
        text_of(&self.shown.buffer())
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // A failed test: stop the loop before its server goes.
        if let Some(running) = self.running.take() {
            running.abort();
        }
    }
}
