//! The app's state and its pure `update` (STUB: the TUI helper replaces
//! this file; the runtime codes against these signatures only).

pub mod protocol;

pub use protocol::{Effect, Input, Msg, Payload, Request, RequestId};

use crate::config::Theme;
use crate::domain::Language;
use crate::domain::zone::Zone;
use chrono::{DateTime, Utc};
use crossterm::event::{KeyCode, KeyModifiers};
use std::path::PathBuf;
use std::time::Duration;

/// What the app needs to know from the config and the session.
#[derive(Debug, Clone)]
pub struct AppSettings {
    pub profile: Option<String>,
    /// The API host shown in the top line.
    pub host: String,
    pub timezone: Zone,
    pub language: Language,
    pub read_only: bool,
    pub per_page: u32,
    pub branch_id: Option<i64>,
    pub auto_refresh: Option<Duration>,
    pub theme: Theme,
    pub mouse: bool,
    pub token_expires_at: Option<DateTime<Utc>>,
    pub log_path: PathBuf,
}

pub struct App {
    pub settings: AppSettings,
    pub size: (u16, u16),
}

impl App {
    /// The app and the effects to start with (the first fetches).
    pub fn new(settings: AppSettings, size: (u16, u16)) -> (Self, Vec<Effect>) {
        (Self { settings, size }, Vec::new())
    }

    /// The one way state changes. No I/O: `now` is the wall clock as data.
    pub fn update(&mut self, input: Input, _now: DateTime<Utc>) -> Vec<Effect> {
        match input {
            Input::Key(key)
                if key.code == KeyCode::Char('q')
                    || (key.code == KeyCode::Char('c')
                        && key.modifiers.contains(KeyModifiers::CONTROL)) =>
            {
                vec![Effect::Quit]
            }
            Input::Resize(w, h) => {
                self.size = (w, h);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// How soon the next [`Input::Tick`] is wanted; None when idle.
    pub fn needs_tick(&self) -> Option<Duration> {
        None
    }
}
