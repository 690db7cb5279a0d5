//! The Today tab: the lessons of the branch chosen (or of every branch) on
//! the centre's wall clock, in now / next / later today / done, and the
//! groups that cannot be placed last ([`crate::domain::today`] decides).
//! Its groups are the store's (`shared.store.groups(branch)`), walked once
//! when the tab is first shown. It follows the clock: while it is shown it
//! asks to be woken at the next minute ([`Screen::wakes_at`]) and lays the
//! day out again then, so a lesson passes from next to now to done on its
//! minute. `h`/`l` and `:today DAY` show another day (issue 37): its
//! lessons in one section, the heading naming the day; after today's
//! last lesson tomorrow's first ones show under their own heading.

use super::ask::{Ask, Tell};
use super::document::DocLine;
use super::group_detail::DetailOver;
use super::keymap::{Action, Context};
use super::layout::Layout;
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::{Listing, Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::tab::Tab;
use crate::domain::today::{DayChoice, Section, Today, on_day};
use crate::i18n::Language;
use crate::model::Group;
use crate::present::columns::table::Table;
use crate::present::columns::today::{columns, row, rows};
use crate::present::columns::{NaturalWidths, ScreenRow};
use chrono::{DateTime, DurationRound, NaiveDate, NaiveDateTime, TimeDelta, Utc};
use std::sync::Arc;

/// Lines of the tab above its list: the heading line and the column heads.
pub const LINES_ABOVE_LIST: u16 = 2;

/// The state of the Today tab.
#[derive(Debug, Default)]
pub struct TodayTab {
    /// The branch shown (None: all branches).
    pub branch_id: Option<i64>,
    /// The store's groups of the branch as the day was last laid out;
    /// shared with the store, not copied (10,000 groups would be 10 MB more).
    pub groups: Vec<Arc<Group>>,
    /// The day laid out at its minute (None while the tab is not shown).
    pub today: Option<Today>,
    /// Every lesson and unplaced group of the day, in the order shown.
    pub entries: Vec<Entry>,
    /// The widest cell of each column over every entry. The cells are
    /// made when drawn, for the entries on screen only: every entry's
    /// would be megabytes with thousands of lessons today.
    pub widths: NaturalWidths,
    pub include_archived: bool,
    /// The selected entry.
    pub cursor: usize,
    /// The user moved the selection; until then it is the first entry,
    /// whatever arrives above it (as in the lists, `ListPane::chosen`).
    pub chosen: bool,
    /// The first line of the list on screen (headings count).
    pub scroll: usize,
    /// The selected group's detail, when open.
    pub detail: DetailOver,
    /// Another day shown (`h`/`l`, `:today DAY`); None: today, following
    /// the clock past midnight.
    pub day: Option<NaiveDate>,
    /// The group selected when the tab was left (which drops the day:
    /// showing the tab lays it out again), selected again then.
    kept: Option<i64>,
}

/// A lesson (or a group that cannot be placed) in the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its part of the day, or the groups that cannot be placed.
    pub part: Section,
    pub group_id: i64,
}

/// A line of the list: a section's heading, or an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TodayLine {
    /// A section's heading and how many entries it has.
    Heading { part: Section, count: usize },
    /// The entry of this index.
    Entry(usize),
}

impl TodayTab {
    /// The minute of the centre's wall clock at `now`, in `shared`'s zone.
    /// None before the runtime gave the clock: no day is laid out then.
    fn minute_at(shared: &World) -> Option<NaiveDateTime> {
        let at = shared.zone.wall_clock(shared.clock()?);
        Some(at.duration_trunc(TimeDelta::minutes(1)).unwrap_or(at))
    }

    /// Takes the store's groups again and lays the day out at the minute
    /// of `shared.now`, keeping the selection on the same group.
    pub fn rebuild(&mut self, shared: &World) {
        self.groups = shared
            .store
            .groups(self.branch_id)
            .map(|list| list.shared_groups().cloned().collect())
            .unwrap_or_default();
        self.lay_out(shared);
    }

    /// A page of the branch arrived: the day laid out again once the walk
    /// is done, and during it each time the groups held have doubled since
    /// the last layout. A layout reads every group (the store's list does
    /// not say which lessons a page moved), so laying out at every page
    /// would cost the square of the centre (1,000 layouts of up to 100,000
    /// groups); doubling costs at most twice one layout of the whole, and
    /// the rows still come early in a walk.
    fn take_page(&mut self, shared: &World) {
        let Some(list) = shared.store.groups(self.branch_id) else {
            return;
        };
        if list.is_done() || list.len() >= 2 * self.groups.len() {
            self.rebuild(shared);
        }
    }

    /// Lays the day out again at the minute of `shared.now` with the
    /// groups held.
    fn lay_out(&mut self, shared: &World) {
        let Some(minute) = Self::minute_at(shared) else {
            return;
        };
        let selected = self.selected_id();
        let kept = selected.or(self.kept.take());
        let zone = shared.zone;
        let shown = self.day.unwrap_or(minute.date());
        let day = on_day(&self.groups, &zone, shown, minute, self.include_archived);
        // One pass: each line's entry kept, its cells measured and dropped.
        let columns = columns();
        let mut entries = Vec::new();
        let language = shared.settings.language;
        let lines = (0..).map_while(|index| row(&day, &self.groups, index, language));
        self.widths = NaturalWidths::of(lines.map(|line| {
            entries.push(Entry {
                part: line.part,
                group_id: line.group.id,
            });
            ScreenRow::new(&columns, &line, &())
        }));
        self.entries = entries;
        self.today = Some(day);
        let place = match kept.filter(|_| self.chosen) {
            Some(id) => self.entries.iter().position(|e| e.group_id == id),
            None => Some(0),
        };
        self.cursor = place
            .unwrap_or(self.cursor)
            .min(self.entries.len().saturating_sub(1));
        if self.selected_group().is_none() {
            self.detail.open = false;
        }
        self.keep_selection_visible(&shared.layout);
    }

    /// The lines of the list: each part's heading and its entries.
    pub fn lines(&self) -> Vec<TodayLine> {
        let mut lines = Vec::with_capacity(self.entries.len() + Section::ALL.len());
        let mut index = 0;
        for part in Section::ALL {
            let count = self.entries[index..]
                .iter()
                .take_while(|entry| entry.part == part)
                .count();
            let headed = (self.today.as_ref()).is_some_and(|day| day.always_headed(part));
            if count > 0 || headed {
                lines.push(TodayLine::Heading { part, count });
            }
            lines.extend((index..index + count).map(TodayLine::Entry));
            index += count;
        }
        lines
    }

    /// The line of the selected entry.
    fn selected_line(&self) -> Option<usize> {
        self.lines()
            .iter()
            .position(|line| *line == TodayLine::Entry(self.cursor))
    }

    /// The cells of the entry at `index` in the columns of [`columns`]
    /// the tab shows.
    pub fn screen_row(&self, index: usize, language: Language) -> Option<ScreenRow> {
        let row = row(self.today.as_ref()?, &self.groups, index, language)?;
        Some(ScreenRow::new(&columns(), &row, &()))
    }

    /// The id of the selected group.
    pub fn selected_id(&self) -> Option<i64> {
        self.entries.get(self.cursor).map(|entry| entry.group_id)
    }

    /// The selected group.
    pub fn selected_group(&self) -> Option<&Group> {
        let id = self.selected_id()?;
        self.groups
            .iter()
            .map(AsRef::as_ref)
            .find(|group| group.id == id)
    }

    /// Lines of the list on screen.
    pub fn list_rows(layout: &Layout) -> usize {
        usize::from(layout.bands.body.height.saturating_sub(LINES_ABOVE_LIST))
    }

    /// Scrolls so that the selected entry shows, its part's heading too
    /// when it is the first of its part.
    fn keep_selection_visible(&mut self, layout: &Layout) {
        let rows = Self::list_rows(layout).max(1);
        let total = self.lines().len();
        if let Some(line) = self.selected_line() {
            let first_of_part = self.cursor == 0
                || self.entries.get(self.cursor - 1).map(|e| e.part)
                    != self.entries.get(self.cursor).map(|e| e.part);
            let top = if first_of_part { line - 1 } else { line };
            if top < self.scroll {
                self.scroll = top;
            } else if line >= self.scroll + rows {
                self.scroll = line + 1 - rows;
            }
        }
        self.scroll = self.scroll.min(total.saturating_sub(rows));
    }

    /// The selected group's detail.
    pub fn document(&self, shared: &World) -> Option<Vec<DocLine>> {
        Some(DetailOver::document(self.selected_group()?, shared))
    }

    /// Shows `date` (today's: today, following the clock), the selection
    /// back on the first entry.
    fn show_day(&mut self, date: NaiveDate, shared: &World) {
        let today = Self::minute_at(shared).map(|minute| minute.date());
        self.day = (Some(date) != today).then_some(date);
        self.cursor = 0;
        self.chosen = false;
        self.scroll = 0;
        self.kept = None;
        self.detail.open = false;
        if self.today.is_some() {
            self.lay_out(shared);
        }
    }

    /// The day before (`back`) or after the one shown.
    fn step_day(&mut self, back: bool, shared: &World) {
        let Some(shown) = (self.today.as_ref()).map(|day| day.day) else {
            return;
        };
        let date = match back {
            true => shown.pred_opt(),
            false => shown.succ_opt(),
        };
        if let Some(date) = date {
            self.show_day(date, shared);
        }
    }

    /// Shows `branch` (the one chosen on the Groups tab or in the picker),
    /// walking its groups unless the store has them or they are on their way.
    fn show_branch(&mut self, branch: Option<i64>, shared: &mut Shared) -> Vec<Effect> {
        if branch != self.branch_id {
            self.detail.open = false;
            self.cursor = 0;
            self.chosen = false;
            self.scroll = 0;
            self.kept = None;
        }
        self.branch_id = branch;
        let effects = shared.walk_once(branch);
        self.rebuild(shared);
        effects
    }
}

impl From<&AppSettings> for TodayTab {
    fn from(settings: &AppSettings) -> Self {
        Self {
            branch_id: settings.branch_id,
            ..Self::default()
        }
    }
}

impl Screen for TodayTab {
    fn context(&self) -> Context {
        if self.detail.open && self.selected_group().is_some() {
            Context::TodayDetail
        } else {
            Context::Today
        }
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match (self.context(), action) {
            (Context::TodayDetail, Action::Back) => self.detail.open = false,
            (_, Action::Open) if self.selected_group().is_some() => self.detail.open(),
            (_, Action::PickBranch) => {
                shared.ask(Ask::BranchPicker {
                    current: self.branch_id,
                });
            }
            (Context::Today, Action::PreviousDay) => self.step_day(true, shared),
            (Context::Today, Action::NextDay) => self.step_day(false, shared),
            (_, Action::ToggleArchived) => {
                self.include_archived = !self.include_archived;
                self.lay_out(shared);
            }
            (_, Action::Back) => {
                shared.dismiss();
            }
            _ => {}
        }
        Vec::new()
    }

    /// Moves between the lessons, or scrolls the detail when it is open.
    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let layout = &shared.layout;
        if self.context() == Context::TodayDetail {
            let lines = self.document(shared);
            self.detail.scroll_by(movement, lines, layout);
        } else if !self.entries.is_empty() {
            let rows = Self::list_rows(layout);
            self.cursor = movement.apply(self.cursor, self.entries.len(), rows);
            self.chosen = true;
            self.keep_selection_visible(layout);
        }
    }

    /// Fits the day laid out (a tab left holds none: it is fitted when
    /// shown again).
    fn fit(&mut self, shared: &mut Shared) {
        if self.today.is_none() {
            return;
        }
        self.keep_selection_visible(&shared.layout);
        let lines = self.document(shared);
        self.detail
            .scroll_by(Movement::By(0), lines, &shared.layout);
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        match tell {
            Tell::Page { query, .. }
                if self.today.is_some() && query.branch_id == self.branch_id =>
            {
                self.take_page(shared);
            }
            Tell::CentreZone | Tell::Language if self.today.is_some() => self.lay_out(shared),
            Tell::ShowDay(choice) => {
                if let Some(minute) = Self::minute_at(shared) {
                    self.show_day(choice.date(minute.date()), shared);
                } else if *choice == DayChoice::Today {
                    self.day = None;
                }
                shared.ask(Ask::Show {
                    tab: Tab::Today,
                    reload: false,
                });
            }
            Tell::ShowBranch(_) if self.today.is_some() => {
                return self.show_branch(shared.branch_id, shared);
            }
            _ => {}
        }
        Vec::new()
    }
}

impl TabScreen for TodayTab {
    /// The branch of the groups list, walked unless the store has it; the
    /// day laid out at this minute.
    fn on_show(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let effects = self.show_branch(shared.branch_id, shared);
        self.fit(shared);
        effects
    }

    /// Walks the branch again.
    fn refresh(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.branch_id = shared.branch_id;
        let effects = shared.walk(self.branch_id);
        self.rebuild(shared);
        self.fit(shared);
        effects
    }

    /// Drops the day (it is laid out again from the store when shown),
    /// keeping the selected group.
    fn on_hide(&mut self) {
        self.kept = self.selected_id();
        self.groups = Vec::new();
        self.today = None;
        self.entries = Vec::new();
        self.widths = NaturalWidths::default();
    }

    /// The next whole minute, once the day is laid out: it changes then.
    fn wakes_at(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.today.as_ref()?;
        let minute = now.duration_trunc(TimeDelta::minutes(1)).ok()?;
        Some(minute + TimeDelta::minutes(1))
    }

    /// The clock is in another minute than the day's (or was given for
    /// the first time, the tab shown): it is laid out at it.
    fn on_clock(&mut self, shared: &mut Shared) {
        let laid_out_at = self.today.as_ref().map(|day| day.at);
        if Self::minute_at(shared).is_some_and(|minute| laid_out_at != Some(minute)) {
            self.lay_out(shared);
        }
    }

    fn listing(&self) -> Option<&dyn Listing> {
        Some(self)
    }
}

impl Listing for TodayTab {
    /// The day as shown (`:export`): every line, part by part, with the
    /// part named, as `crmdeck today --format csv` gives it.
    fn view(&self, shared: &World) -> Option<Table> {
        let day = self.today.as_ref()?;
        // What scripts read: English whatever the language.
        let lines = rows(day, &self.groups, Language::En);
        Some(Table::of(&columns(), &lines, &(), &shared.branches.names))
    }
}
