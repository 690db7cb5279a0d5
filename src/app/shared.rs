//! What the screens share and may change: the settings, the layout, the
//! clock, the requests in flight, the status line, the branches and the
//! branch chosen, and the asks to the app.

use super::branch_picker::Branches;
use super::group_rows::RowFormat;
use super::layout::Layout;
use super::protocol::Answer;
use super::requests::Requests;
use super::screen::{Ask, Screen};
use super::status::StatusLine;
use crate::config::Theme;
use crate::domain::Language;
use crate::domain::timetable::WorkingHours;
use crate::domain::zone::Zone;
use chrono::{DateTime, Utc};
use std::collections::VecDeque;
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
    pub working_hours: WorkingHours,
    /// The config's warnings, shown on the status line at start.
    pub warnings: Vec<String>,
}

/// The world around the screens.
pub struct Shared {
    pub settings: AppSettings,
    /// Where things sit, for the terminal's size.
    pub layout: Layout,
    /// The clock as of the last update (spinner frame, token warning).
    pub now: DateTime<Utc>,
    pub requests: Requests,
    pub status: StatusLine,
    /// The branches of `/v2/branches`, asked for by the app.
    pub branches: Branches,
    /// The branch of the groups list (None: all); the week shows the same.
    pub branch_id: Option<i64>,
    asks: VecDeque<Ask>,
}

impl Shared {
    /// The world at start, for a terminal of `size`.
    pub fn new(settings: AppSettings, size: (u16, u16)) -> Self {
        let mut status = StatusLine::default();
        if !settings.warnings.is_empty() {
            status.warning(settings.warnings.join("; "), DateTime::UNIX_EPOCH);
        }
        Self {
            branch_id: settings.branch_id,
            settings,
            layout: Layout::new(size),
            now: DateTime::UNIX_EPOCH,
            requests: Requests::default(),
            status,
            branches: Branches::default(),
            asks: VecDeque::new(),
        }
    }

    /// How group fields are shown.
    pub fn row_format(&self) -> RowFormat {
        RowFormat {
            language: self.settings.language,
            zone: self.settings.timezone,
        }
    }

    /// Asks the app for `ask`, once the input at hand is handled.
    pub fn ask(&mut self, ask: Ask) {
        self.asks.push_back(ask);
    }

    /// Asks the app to put `overlay` on top.
    pub fn open(&mut self, overlay: impl Screen) {
        self.ask(Ask::Open(Box::new(overlay)));
    }

    /// The oldest ask not yet carried out.
    pub(super) fn next_ask(&mut self) -> Option<Ask> {
        self.asks.pop_front()
    }

    /// Takes what an answer to the app's own requests says (the branches).
    pub(super) fn learn(&mut self, answer: &Answer) {
        if let Answer::Branches(result) = answer {
            self.branches.on_answer(result.clone());
        }
    }
}
