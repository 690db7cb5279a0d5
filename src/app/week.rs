//! The Week tab: a branch's week at a glance (issue 6). The groups are the
//! store's list of the branch (`shared.store.groups(branch)`), walked by
//! the app's walks and shared with the Groups tab: showing the week of a
//! branch whose list is held fetches nothing. Once its walk is done the
//! groups are laid out by [`build_week`], and a slot is selected by day and
//! position in the day.

use super::ask::{Ask, Crowd, Tell};
use super::document::{self, DocLine};
use super::group_detail::group_document;
use super::keymap::{Action, Context};
use super::layout::Layout;
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::{Listing, Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::view::SavedView;
use super::walks;
use crate::domain::check::{Finding, MaxParallel, check};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{
    ROW_MINUTES, Slot, Week, WorkingHours, build_week, monday_to_sunday, visible_span,
};
use crate::domain::zone::Zone;
use crate::i18n::{Phrase, plural};
use crate::model::Group;
use crate::present::Language;
use crate::present::columns::lessons;
use crate::present::columns::table::Table;
use crate::present::format::RowFormat;
use crate::present::weekday::{NameStyle, day_name};
use crate::store::Progress;
use chrono::{Datelike, NaiveTime};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// Lines under the grid listing groups that cannot be placed (the last
/// one says how many more when they do not all fit).
pub const MAX_UNPLACED_LINES: usize = 3;
/// The state of the Week tab.
#[derive(Debug, Default)]
pub struct WeekTab {
    /// The branch of the week shown (None: all branches).
    pub branch_id: Option<i64>,
    /// The store's groups of the branch as its last finished walk left
    /// them: the week is laid out from them, its slots index them. Shared
    /// with the store, not copied (10,000 groups would be 10 MB more).
    pub groups: Vec<Arc<Group>>,
    /// The layout of `groups`, held only while the tab is shown: leaving
    /// the tab drops it (1.5 MB with 10,000 groups, as much as the next
    /// tab may need), showing it lays the groups out again.
    pub week: Week,
    /// `week` (and `findings`) hold the layout of `groups`.
    laid_out: bool,
    /// The tab is on screen.
    shown: bool,
    /// The group selected when the tab was left, selected again when it
    /// is laid out.
    kept: Option<i64>,
    /// The groups are those of a finished walk of `branch_id`.
    pub loaded: bool,
    /// The tab was shown once: it follows the branch picked since.
    pub opened: bool,
    pub include_archived: bool,
    /// The selected day, Monday = 0: today's in the centre's zone when
    /// the tab is first shown (once the clock is given: `day_due` till then).
    pub day: usize,
    day_due: bool,
    /// The selected slot's position within its day.
    pub slot: usize,
    /// The first half-hour row of the grid on screen.
    pub scroll: usize,
    /// The selected group's detail is open.
    pub detail_open: bool,
    pub detail_scroll: usize,
    /// The centre's teaching hours (`working_hours` of the config).
    pub hours: WorkingHours,
    /// The most groups of a branch at once (`max_parallel` of the config).
    pub max_parallel: MaxParallel,
    /// What the timetable check finds in the week shown.
    pub findings: Vec<Finding>,
}

impl WeekTab {
    /// An empty week for a centre teaching within `hours`, holding at most
    /// `max_parallel` groups at once.
    pub fn new(hours: WorkingHours, max_parallel: MaxParallel) -> Self {
        Self {
            hours,
            max_parallel,
            ..Self::default()
        }
    }

    /// Shows the week of `branch_id`: laid out at once when the store holds
    /// its finished list, walked when the store holds nothing of it (or
    /// `again`, for r). The walk is the one the Groups tab shares.
    pub fn open(
        &mut self,
        branch_id: Option<i64>,
        again: bool,
        shared: &mut Shared,
    ) -> Vec<Effect> {
        self.opened = true;
        if branch_id != self.branch_id {
            // Another branch: its week replaces this one.
            self.detail_open = false;
            self.loaded = false;
            self.branch_id = branch_id;
        }
        let effects = if again {
            shared.walk(branch_id)
        } else {
            shared.walk_once(branch_id)
        };
        self.take_finished(shared);
        effects
    }

    /// True while pages of the branch are being walked.
    pub fn is_loading(&self, shared: &World) -> bool {
        shared.is_walking(self.branch_id)
    }

    /// How far the walk of the branch got, while it runs.
    pub fn progress(&self, shared: &World) -> Option<Progress> {
        let list = shared.store.groups(self.branch_id)?;
        (!list.is_done()).then(|| list.progress())
    }

    /// Takes the store's groups once the walk of the branch is done (every
    /// page read, or the missing ones marked: what was read shows, the
    /// status line names what failed), laid out when the tab is shown.
    fn take_finished(&mut self, shared: &World) {
        let Some(list) = shared.store.groups(self.branch_id) else {
            return;
        };
        if !list.is_done() || (list.is_empty() && list.arrived(1).is_none()) {
            return;
        }
        self.groups = list.shared_groups().cloned().collect();
        self.loaded = true;
        if self.shown {
            self.lay_out(shared);
        }
    }

    /// Lays the groups out and scrolls to the selection.
    fn lay_out(&mut self, shared: &World) {
        self.rebuild(&shared.zone);
        self.keep_selection_visible(&shared.layout);
    }

    /// Shows the tab (`on_show`, `refresh`): the week of the groups list's
    /// branch, the groups held laid out again when leaving the tab dropped
    /// their layout and no walk laid them out since, then fitted (a hidden
    /// tab is not).
    fn show(&mut self, again: bool, shared: &mut Shared) -> Vec<Effect> {
        self.shown = true;
        let effects = self.open(shared.branch_id, again, shared);
        if self.loaded && !self.laid_out {
            self.lay_out(shared);
        }
        self.fit(shared);
        effects
    }

    /// Lays the groups out again (after a walk, or the archived toggle),
    /// keeping the selection on the same group when it is still there.
    pub fn rebuild(&mut self, zone: &Zone) {
        let selected = self.selected_slot().map(|slot| slot.group_id);
        let kept = selected.or(self.kept.take());
        self.week = build_week(&self.groups, zone, self.include_archived);
        self.laid_out = true;
        self.findings = check(&self.week, &self.groups, self.hours, &self.max_parallel);
        let day = &self.week.days[self.day];
        self.slot = kept
            .and_then(|id| day.iter().position(|slot| slot.group_id == id))
            .unwrap_or(0);
        if self.selected_slot().is_none() {
            self.detail_open = false;
        }
    }

    /// Shows or hides archived groups.
    pub fn toggle_archived(&mut self, zone: &Zone) {
        self.include_archived = !self.include_archived;
        self.rebuild(zone);
    }

    /// The selected slot, if the selected day has any.
    pub fn selected_slot(&self) -> Option<&Slot> {
        self.week.days.get(self.day)?.get(self.slot)
    }

    /// The selected slot's group.
    pub fn selected_group(&self) -> Option<&Group> {
        self.groups
            .get(self.selected_slot()?.group_index)
            .map(AsRef::as_ref)
    }

    /// The groups meeting in the half hour where the selected lesson
    /// starts, as a list to choose from, when there are several there and
    /// the grid shows the week (the one-day view gives each lesson a line
    /// of its own: Enter opens its detail).
    pub fn crowd(&self, layout: &Layout, language: Language) -> Option<Crowd> {
        if layout.week_shows_one_day() {
            return None;
        }
        let selected = self.selected_slot()?;
        let row = selected.start_minute() / ROW_MINUTES * ROW_MINUTES;
        let running: Vec<(Slot, Group)> = self.week.days[self.day]
            .iter()
            .filter(|slot| slot.occupies(row..row + ROW_MINUTES))
            .map(|slot| (slot.clone(), self.groups[slot.group_index].as_ref().clone()))
            .collect();
        if running.len() < 2 {
            return None;
        }
        let weekday = monday_to_sunday().nth(self.day)?;
        let clock = |minute: u32| {
            NaiveTime::from_num_seconds_from_midnight_opt(minute % (24 * 60) * 60, 0)
                .map(format_clock)
                .unwrap_or_default()
        };
        let title = format!(
            "{} {}–{} · {}",
            day_name(weekday, language, NameStyle::Short),
            clock(row),
            clock(row + ROW_MINUTES),
            plural::group_count(language, running.len() as u64)
        );
        let cursor = running
            .iter()
            .position(|(slot, _)| slot.group_id == selected.group_id);
        Some(Crowd {
            title,
            day: weekday,
            lessons: running,
            selected: cursor.unwrap_or(0),
            branch_column: self.branch_id.is_none(),
        })
    }

    /// Moves to the previous (`forward` false) or next day, on the slot
    /// nearest in time to the one selected.
    pub fn step_day(&mut self, forward: bool, layout: &Layout) {
        let target = if forward {
            (self.day + 1).min(6)
        } else {
            self.day.saturating_sub(1)
        };
        if target == self.day {
            return;
        }
        let from = self.selected_slot().map(Slot::start_minute);
        self.day = target;
        let day = &self.week.days[target];
        self.slot = from
            .and_then(|minute| {
                (0..day.len()).min_by_key(|&i| day[i].start_minute().abs_diff(minute))
            })
            .unwrap_or(0);
        self.keep_selection_visible(layout);
    }

    /// Moves between the slots of the selected day; on a day without
    /// slots, scrolls the time axis.
    pub fn move_selection(&mut self, movement: Movement, layout: &Layout) {
        let count = self.week.days[self.day].len();
        let rows = self.grid_rows(layout);
        if count == 0 {
            let span = self.row_count();
            self.scroll = movement.apply(self.scroll, span.saturating_sub(rows) + 1, rows);
            return;
        }
        self.slot = movement.apply(self.slot, count, rows);
        self.keep_selection_visible(layout);
    }

    /// Scrolls the time axis so that the selected slot's first rows show.
    pub fn keep_selection_visible(&mut self, layout: &Layout) {
        let rows = self.grid_rows(layout);
        let max_scroll = self.row_count().saturating_sub(rows);
        if let Some(slot) = self.selected_slot() {
            let span = self.span();
            let first = row_of(slot.start_minute(), &span);
            let last = row_of(slot.end_minute().saturating_sub(1), &span).max(first);
            // The whole lesson when it fits, its start otherwise.
            let last = last.min(first + rows.saturating_sub(1));
            if first < self.scroll {
                self.scroll = first;
            } else if last >= self.scroll + rows {
                self.scroll = last + 1 - rows;
            }
        }
        self.scroll = self.scroll.min(max_scroll);
    }

    /// The minutes of the day the grid shows.
    pub fn span(&self) -> Range<u32> {
        visible_span(&self.week, self.hours)
    }

    /// Half-hour rows of the whole day span.
    pub fn row_count(&self) -> usize {
        self.span().len() / ROW_MINUTES as usize
    }

    /// Lines under the grid for groups that cannot be placed.
    pub fn unplaced_lines(&self) -> usize {
        match self.week.undecodable.len() {
            0 => 0,
            n => 1 + n.min(MAX_UNPLACED_LINES),
        }
    }

    /// Lines under the grid besides the summary's: the groups that cannot
    /// be placed, and the check's line when it finds something.
    pub fn extra_lines_below(&self) -> usize {
        self.unplaced_lines() + usize::from(self.loaded && !self.findings.is_empty())
    }

    /// Rows of the grid on screen.
    pub fn grid_rows(&self, layout: &Layout) -> usize {
        usize::from(layout.week(self.extra_lines_below()).grid.height)
    }

    /// The selected group's detail.
    pub fn detail(
        &self,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
    ) -> Option<Vec<DocLine>> {
        Some(group_document(self.selected_group()?, format, branch_names))
    }

    /// Scrolls the open detail within its content.
    pub fn scroll_detail(
        &mut self,
        movement: Movement,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
        layout: &Layout,
    ) {
        if let Some(lines) = self.detail(format, branch_names) {
            self.detail_scroll = document::scrolled(self.detail_scroll, movement, &lines, layout);
        }
    }
}

impl From<&AppSettings> for WeekTab {
    fn from(settings: &AppSettings) -> Self {
        Self {
            include_archived: settings.view.week_archived,
            ..Self::new(settings.working_hours, settings.max_parallel.clone())
        }
    }
}

impl Screen for WeekTab {
    fn context(&self) -> Context {
        if self.detail_open && self.selected_group().is_some() {
            Context::WeekDetail
        } else {
            Context::Week
        }
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        let layout = &shared.layout;
        match (self.context(), action) {
            (Context::WeekDetail, Action::Back) => self.detail_open = false,
            (_, Action::PreviousDay) => self.step_day(false, layout),
            (_, Action::NextDay) => self.step_day(true, layout),
            (_, Action::Open) if let Some(crowd) = self.crowd(layout, shared.settings.language) => {
                shared.ask(Ask::Lessons(crowd));
            }
            (_, Action::Open) if self.selected_group().is_some() => {
                self.detail_open = true;
                self.detail_scroll = 0;
            }
            (_, Action::PickBranch) => {
                shared.ask(Ask::BranchPicker {
                    current: self.branch_id,
                });
            }
            (_, Action::ToggleArchived) => {
                self.toggle_archived(&shared.zone);
                self.keep_selection_visible(layout);
            }
            (_, Action::Back) if self.is_loading(shared) => {
                shared.info(Phrase::StatusWeekCancelled.get(shared.settings.language));
                return shared.stop_walk(self.branch_id);
            }
            (_, Action::Back) => {
                shared.dismiss();
            }
            _ => {}
        }
        Vec::new()
    }

    /// Moves between lessons, or scrolls the detail when it is open.
    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        if self.context() == Context::WeekDetail {
            let format = shared.row_format();
            self.scroll_detail(movement, format, &shared.branches.names, &shared.layout);
        } else {
            self.move_selection(movement, &shared.layout);
        }
    }

    fn fit(&mut self, shared: &mut Shared) {
        if !self.shown {
            return;
        }
        self.keep_selection_visible(&shared.layout);
        let format = shared.row_format();
        let still = Movement::By(0);
        self.scroll_detail(still, format, &shared.branches.names, &shared.layout);
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        match tell {
            Tell::Page { query, .. } if query.branch_id == self.branch_id && self.opened => {
                self.take_finished(shared);
            }
            Tell::CentreZone | Tell::Language if self.laid_out => self.lay_out(shared),
            Tell::ShowBranch(_) if self.opened && self.branch_id != shared.branch_id => {
                return self.open(shared.branch_id, false, shared);
            }
            _ => {}
        }
        Vec::new()
    }
}

impl TabScreen for WeekTab {
    /// Shows the week of the groups list's branch, fetching only when the
    /// store holds nothing of it.
    fn on_show(&mut self, shared: &mut Shared) -> Vec<Effect> {
        if !self.opened {
            self.day_due = true;
        }
        self.on_clock(shared);
        self.show(false, shared)
    }

    /// The day first shown is today's, in the centre's zone, once the
    /// runtime gave the clock (never the epoch's, a Thursday).
    fn on_clock(&mut self, shared: &mut Shared) {
        if let Some(now) = shared.clock().filter(|_| self.day_due) {
            let today = shared.zone.wall_clock(now);
            self.day = today.weekday().num_days_from_monday() as usize;
            self.day_due = false;
        }
    }

    fn refresh(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.show(true, shared)
    }

    /// Drops the layout (see `week`), keeping the selected group.
    fn on_hide(&mut self) {
        self.kept = self.selected_slot().map(|slot| slot.group_id);
        self.shown = false;
        self.laid_out = false;
        self.week = Week::default();
        self.findings = Vec::new();
    }

    fn remember(&self, view: &mut SavedView) {
        view.week_archived = self.include_archived;
    }

    fn busy(&self, world: &World) -> bool {
        walks::walking(&world.requests, &world.store, self.branch_id)
    }

    fn listing(&self) -> Option<&dyn Listing> {
        Some(self)
    }
}

impl Listing for WeekTab {
    /// The week's lessons (`:export`), Monday to Sunday, as `crmdeck
    /// timetable --format csv` gives them: the whole week in the one-day
    /// view too, which is the same week drawn narrow.
    fn view(&self, shared: &World) -> Option<Table> {
        if !self.laid_out {
            return None;
        }
        let lessons = lessons::of_week(&self.week, &self.groups);
        let names = &shared.branches.names;
        Some(Table::of(&lessons::columns(), &lessons, &(), names))
    }
}

/// The grid row (from the top of `span`) of minute `minute`.
pub(crate) fn row_of(minute: u32, span: &Range<u32>) -> usize {
    (minute.saturating_sub(span.start) / ROW_MINUTES) as usize
}
