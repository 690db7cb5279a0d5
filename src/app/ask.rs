//! What a screen asks of the app, as data ([`Ask`]): an overlay opened
//! (built by the app above the screens, so that nothing below it holds a
//! screen) or closed, a tab shown, a [`Tell`] to the
//! tabs, an action, the rows exported. Carried out by the app after each
//! input (`on_ask.rs`).

use super::keymap::Action;
use super::tab::Tab;
use super::text_input::QueryInput;
use crate::api::ApiError;
use crate::domain::changes::Since;
use crate::domain::timetable::Slot;
use crate::domain::today::DayChoice;
use crate::i18n::Language;
use crate::model::{Group, GroupsQuery};
use chrono::Weekday;

/// What a screen wants of the app, carried out after the input that led
/// to it, in order; and what a `:` line asks for (`commands.rs`).
#[derive(Debug, PartialEq)]
pub enum Ask {
    /// Puts the branch picker on top, on the branch `current` (None: all).
    BranchPicker { current: Option<i64> },
    /// Puts a question on top before a command is given.
    Confirm(Confirmation),
    /// Puts the groups of a crowded cell of the week on top.
    Lessons(Crowd),
    /// Closes the overlay on top (the one asking).
    Close,
    /// Shows `tab`; with `reload`, fetching again what it shows.
    Show { tab: Tab, reload: bool },
    /// Tells every tab (the tab it concerns acts).
    TellTabs(Tell),
    /// Tells the tab shown only (a filter, a sort).
    TellShown(Tell),
    /// Performs `Action` as its key would on the screen with the focus then.
    Perform(Action),
    /// Writes the rows of the tab shown (`Listing::view`) to a file.
    Export(ExportTo),
    /// Opens the session of this profile of the config (its name as
    /// written there) and goes on in a new app for it.
    Profile(String),
    /// Speaks `Language` from now on (`:lang ru`).
    Language(Language),
    /// Keeps the Groups list's query under this name (`:save NAME`).
    SaveQuery(String),
    /// Filters the Groups list by a query recalled by name (`:query NAME`),
    /// the tab shown.
    Query(QueryInput),
    /// Installs this plugin (named so here, if listed) across the centres:
    /// the plan, the number typed, the results (`:install-across`).
    InstallAcross {
        plugin_id: i64,
        name: Option<String>,
    },
}

/// What `:export` writes: its format, where (None: the download folder),
/// and whether over a file already there (`:export!`, as `:w!`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportTo {
    pub format: ExportFormat,
    pub path: Option<String>,
    pub replace: bool,
}

/// The file format of `:export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Json,
}

impl ExportFormat {
    /// Its word, also the file's extension.
    pub fn word(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
        }
    }
}

/// What a screen hears, as data: what the app learnt from an answer to its
/// own requests or to a walk's (told to every tab and overlay: a screen
/// never sees an answer to another's request), or what another screen
/// asks of the tabs (the branch picked in the picker, the install a
/// confirmation confirmed, what the `:` command line asks: told to the
/// tabs, or to the tab shown).
#[derive(Debug, Clone, PartialEq)]
pub enum Tell {
    /// A page of the walk of `query.branch_id` went into the store, or
    /// failed with `error`.
    Page {
        query: GroupsQuery,
        error: Option<ApiError>,
    },
    /// The branches answered (or failed): their names may have changed.
    Branches,
    /// The centre's zone was answered: times are shown in it unless the
    /// config names one.
    CentreZone,
    /// The interface's language changed (`:lang`): the text a screen made
    /// once (the Days column, Today's timings) is made again.
    Language,
    /// A comparison with the baseline was taken (`World::changes`).
    Compared,
    /// Show the groups of this branch (None: all branches).
    ShowBranch(Option<i64>),
    /// Send the install of this plugin.
    Install { plugin_id: i64 },
    /// Ask whether to install this plugin (the confirmation).
    AskInstall { plugin_id: i64 },
    /// Install this plugin (None: the one selected) across the centres.
    AskInstallAcross(Option<i64>),
    /// Filter the list by this query (as typed, and as read once).
    Filter(QueryInput),
    /// Sort the list by the column of this name.
    Sort { column: String, descending: bool },
    /// Compare with this baseline (`:changes since mon`).
    Changes(Since),
    /// Show Today for this day (`:today tomorrow`; `:today` alone: today).
    ShowDay(DayChoice),
    /// Select the group of this id on the Groups tab, its detail open;
    /// Esc in that detail goes back to the tab it was opened from.
    OpenGroup { id: i64, from: Tab },
}

/// A question before something is done, and what is done on yes.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirmation {
    /// The title of the box: "Install a plugin".
    pub title: &'static str,
    /// What yes does, in a word: "install". It names the `y` key, and the
    /// question starts with it.
    pub verb: &'static str,
    /// What it is done to, ready to show (sanitised).
    pub object: String,
    /// Facts to weigh before answering, (label, value), values sanitised.
    pub facts: Vec<(&'static str, String)>,
    /// Given to the tabs on yes.
    pub command: Tell,
}

impl Confirmation {
    /// The verb as the question's first word: "Install".
    pub fn question_verb(&self) -> String {
        let mut chars = self.verb.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }
}

/// The groups meeting in a crowded cell of the week, to list.
#[derive(Debug, PartialEq, Eq)]
pub struct Crowd {
    /// What the cell is: `"Wed 14:30–15:00 · 5 groups"`.
    pub title: String,
    pub day: Weekday,
    /// Each group's slot that day, in the day's order.
    pub lessons: Vec<(Slot, Group)>,
    /// The lesson selected first.
    pub selected: usize,
    /// The groups are of every branch: each row names its branch.
    pub branch_column: bool,
}
