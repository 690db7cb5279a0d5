//! The Groups tab: every group of the branch chosen (or of every branch)
//! as one list, read from the store while the walk fills it: rows appear
//! as pages arrive, the selection stays on its group (by id) whatever
//! arrives or however the rows are ordered, and the filter, the sort and
//! the archived toggle apply to all rows. Esc stops the walk; `r` walks
//! again, or asks only for the pages that are missing.

use super::ask::{Ask, Tell};
use super::document::DocLine;
use super::group_detail::{group_document, what_changed};
use super::group_rows::{GroupRows, PageRows};
use super::keymap::{Action, Context};
use super::list_cursor::{ListCursor, Movement};
use super::list_pane::{Focus, ListPane};
use super::protocol::{Effect, Request};
use super::row_order::RowOrder;
use super::screen::{Listing, Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::status::Topic;
use super::tab::Tab;
use super::text_input::QueryInput;
use super::view::SavedView;
use super::walks;
use crate::api::ApiError;
use crate::i18n::{fill, plural};
use crate::model::{Group, GroupsQuery};
use crate::present::api_words;
use crate::present::columns::SortColumn;
use crate::present::columns::groups::COLUMNS;
use crate::present::columns::table::Table;
use crate::store::{GroupList, Snapshot};
use crossterm::event::KeyEvent;

/// The state of the Groups tab.
#[derive(Debug, Clone)]
pub struct GroupsTab {
    /// The branch listed (None: every branch): the store's list of it.
    pub branch_id: Option<i64>,
    /// A row per group of the list, made as its page arrived.
    pub rows: GroupRows,
    /// Every row in the sort's order, before the filters.
    sorted: RowOrder,
    /// The rows that pass the filters, the selection, the filter, the sort
    /// and the detail.
    pub list: ListPane,
    pub hide_archived: bool,
    /// A page of the list arrived: rows (or the lack of any) can be shown.
    pub loaded: bool,
    /// Why the first page could not be read, while no row is there.
    pub load_error: Option<String>,
    /// The walk under way started over rows already shown.
    pub refreshing: bool,
    /// The tab that opened the detail shown (Enter on a change): Esc in
    /// that detail goes back to it, on the row it was on.
    return_to: Option<Tab>,
}

impl GroupsTab {
    /// The tab before anything arrived, listing `branch_id`.
    pub fn new(branch_id: Option<i64>) -> Self {
        Self {
            branch_id,
            rows: GroupRows::default(),
            sorted: RowOrder::default(),
            list: ListPane::default(),
            hide_archived: false,
            loaded: false,
            load_error: None,
            refreshing: false,
            return_to: None,
        }
    }

    /// The store's list of the branch listed, once a walk began.
    pub fn group_list<'a>(&self, shared: &'a World) -> Option<&'a GroupList> {
        shared.store.groups(self.branch_id)
    }

    /// The id of the selected group.
    pub fn selected_id(&self) -> Option<i64> {
        self.rows.id(self.list.selected()?)
    }

    /// The selected group, as the store holds it.
    pub fn selected<'a>(&self, shared: &'a World) -> Option<&'a Group> {
        self.group_list(shared)?.group(self.selected_id()?)
    }

    /// True while pages of the list are asked for or on their way.
    pub fn is_loading(&self, shared: &World) -> bool {
        shared.is_walking(self.branch_id)
    }

    /// Lists `branch_id` (None: every branch): its rows from the store at
    /// once, and a walk that brings them up to date. The walk of the branch
    /// left is stopped; the branch is the one every tab shows.
    fn show_branch(&mut self, branch_id: Option<i64>, shared: &mut Shared) -> Vec<Effect> {
        let mut effects = Vec::new();
        if branch_id != self.branch_id {
            effects.extend(shared.stop_walk(self.branch_id));
            self.branch_id = branch_id;
            self.list.cursor = ListCursor::default();
            self.list.chosen = false;
            self.list.detail_scroll = 0;
            self.load_error = None;
            self.rows
                .rebuild(shared.store.groups(branch_id), &shared.row_format());
            self.note_arrivals(shared);
            self.resort_keeping(None, shared);
        }
        shared.choose_branch(branch_id);
        effects.extend(self.walk(shared));
        effects
    }

    /// Walks the list again (its rows stay until their pages arrive).
    fn walk(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.refreshing = !self.rows.is_empty();
        shared.walk(self.branch_id)
    }

    /// A page of the list arrived (or failed): its rows are made and put
    /// in their places, the others kept, the selection kept on its group:
    /// work of the page's size, whatever the list holds. A page missing
    /// (failed after its retries) says why on the status line until every
    /// page is there again.
    fn take_page(&mut self, query: &GroupsQuery, error: Option<&ApiError>, shared: &mut Shared) {
        let list = self.group_list(shared);
        let missing = list.map_or(0, |list| list.missing().len());
        if let Some(error) = error {
            // The walk's cause: a long wait says until when.
            let cause = list.and_then(|list| {
                let mut missing = list.missing().into_iter();
                missing.find(|(page, _)| *page == query.page)
            });
            if let Some((page, cause)) = cause {
                let language = shared.settings.language;
                let cause = api_words::in_language(cause, language);
                let cause = super::walks::long_wait_in(&cause, language);
                let text = fill::groups_page_failed(language, page, cause);
                shared.load_error(Topic::GroupsPage, text);
            }
            if shared.token_refused() {
                // A 401 hid the snapshot's rows in the store: as it holds them.
                (self.rows).rebuild(shared.store.groups(self.branch_id), &shared.row_format());
                self.note_arrivals(shared);
                self.resort_keeping(None, shared);
            }
            if self.rows.is_empty() {
                let english = error.to_string();
                let said = api_words::in_language(&english, shared.settings.language);
                self.load_error = Some(said.into_owned());
            }
            return;
        }
        if missing == 0 {
            shared.resolved(Topic::GroupsPage);
        }
        let Some(list) = shared.store.groups(self.branch_id) else {
            return;
        };
        let kept = self.list.selected();
        let names = &shared.branches.names;
        // Out of the orders while their rows are as they were placed.
        let held = self.rows.held_of(list, query.page);
        let order = self
            .list
            .order(&self.rows.table, names, |row| self.rows.listed(row));
        self.list.take_out(&mut self.sorted, &held, order);
        let kept_id = kept.and_then(|row| self.rows.id(row));
        match self.rows.take_page(list, query.page, &shared.row_format()) {
            PageRows::Placed { added, remade } => {
                if list.is_done() {
                    self.rows.measure();
                }
                self.put_in(&[remade, added].concat(), kept_id, shared);
            }
            PageRows::Moved => self.resort_keeping(kept_id, shared),
        }
        self.note_arrivals(shared);
    }

    /// The rows `placed` (made since the orders were, or made again and
    /// taken out of them) put where the sort and the filters place them,
    /// the selection kept on the group `kept_id`.
    fn put_in(&mut self, placed: &[usize], kept_id: Option<i64>, shared: &World) {
        let rows = &self.rows;
        let names = &shared.branches.names;
        let order = self.list.order(&rows.table, names, |row| rows.listed(row));
        let admits = admits(rows, self.hide_archived);
        let passes = self.list.passes(&rows.table, admits, names);
        let kept = kept_id.and_then(|id| rows.index(id));
        (self.list).put_in(
            &mut self.sorted,
            placed,
            order,
            passes,
            kept,
            &shared.layout,
        );
        (self.list).look_for_words(&self.rows.table, Some(placed), names);
    }

    /// The snapshot's groups seeded since the rows took them shown: into
    /// rows that hold none, every row made anew; else a row made for each
    /// and put in place (a slice of a large snapshot: work in its size).
    fn take_seeded(&mut self, shared: &World) {
        if self.rows.is_empty() {
            return self.reformat(shared);
        }
        let Some(list) = shared.store.groups(self.branch_id) else {
            return;
        };
        let kept_id = self.selected_id();
        let added = self.rows.take_seeded(list, &shared.row_format());
        self.put_in(&added, kept_id, shared);
    }

    /// Whether a page of the list arrived yet.
    fn note_arrivals(&mut self, shared: &World) {
        self.loaded = !self.rows.is_empty()
            || self
                .group_list(shared)
                .is_some_and(|list| list.arrived(1).is_some());
        if self.loaded {
            self.load_error = None;
        }
    }

    /// Orders every row by the sort again, then filters.
    fn resort_keeping(&mut self, kept: Option<i64>, shared: &World) {
        let rows = &self.rows;
        let every = (0..rows.len()).collect();
        let names = &shared.branches.names;
        let sorted = (self.list).sorted(&rows.table, every, names, |row| rows.listed(row));
        self.sorted = RowOrder::from(sorted);
        self.refilter_keeping(kept, shared);
    }

    /// Recomputes the rows that pass the filters, keeping the selection on
    /// the group `kept` while it passes.
    fn refilter_keeping(&mut self, kept: Option<i64>, shared: &World) {
        let rows = &self.rows;
        let admits = admits(rows, self.hide_archived);
        let passes = self
            .list
            .passes(&rows.table, admits, &shared.branches.names);
        let visible = self.sorted.iter().filter(|&row| passes(row)).collect();
        let is_kept = |index: usize| kept.is_some() && rows.id(index) == kept;
        self.list.show(visible, is_kept, &shared.layout);
        (self.list).look_for_words(&rows.table, None, &shared.branches.names);
    }

    /// Recomputes the visible rows (filter, archived), keeping the
    /// selection on the same group while it is still visible.
    pub fn refilter(&mut self, shared: &World) {
        self.refilter_keeping(self.selected_id(), shared);
    }

    /// Orders the rows again (the sort changed, names arrived), keeping the
    /// selection on its group.
    pub(crate) fn resort(&mut self, shared: &World) {
        self.resort_keeping(self.selected_id(), shared);
    }

    /// Every row made again, in the zone of the times now.
    fn reformat(&mut self, shared: &World) {
        let kept = self.selected_id();
        self.rows
            .rebuild(shared.store.groups(self.branch_id), &shared.row_format());
        self.resort_keeping(kept, shared);
    }

    /// The selected group's detail, if a group is selected.
    pub fn detail(&self, shared: &World) -> Option<Vec<DocLine>> {
        let id = self.selected_id()?;
        self.selected(shared)?;
        Some(document_of(id, self.branch_id, shared))
    }

    /// Selects the group `id` with its detail open (the Changes tab's
    /// Enter): the filter cleared and the archived shown when they hide it;
    /// said when the list does not hold it.
    fn open_group(&mut self, id: i64, shared: &mut Shared) {
        let Some(row) = self.rows.index(id) else {
            shared.info(fill::status_group_not_in_list(shared.settings.language, id));
            return;
        };
        if !self.list.shown().any(|shown| shown == row) {
            self.list.clear_filter();
            self.hide_archived = false;
        }
        self.list.chosen = true;
        self.refilter_keeping(Some(id), shared);
        self.list.open_detail();
    }

    /// Esc in the list while the walk runs: it stops, the rows stay.
    fn stop_loading(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let effects = shared.stop_walk(self.branch_id);
        let held = self.rows.len() as u64;
        let language = shared.settings.language;
        shared.info(plural::status_loading_stopped(language, held));
        effects
    }
}

impl From<&AppSettings> for GroupsTab {
    /// The list of the settings' branch, sorted and filtered as it was
    /// remembered.
    fn from(settings: &AppSettings) -> Self {
        let mut tab = Self::new(settings.branch_id);
        let view = &settings.view;
        tab.list.sort = view
            .sort
            .as_deref()
            .and_then(|name| SortColumn::named(COLUMNS, name));
        tab.list.descending = view.descending;
        tab.hide_archived = view.hide_archived;
        tab
    }
}

impl Screen for GroupsTab {
    fn context(&self) -> Context {
        match self.list.focus() {
            Focus::List => Context::GroupsList,
            Focus::Filter => Context::FilterInput,
            Focus::Detail => Context::GroupDetail,
        }
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        // Esc goes back to the tab that opened the detail while it is
        // the detail that has the keys.
        if self.list.focus() != Focus::Detail {
            self.return_to = None;
        }
        match action {
            Action::Back if self.return_to.is_some() => {
                self.list.act(action, shared);
                let tab = self.return_to.take().unwrap_or(Tab::Groups);
                shared.ask(Ask::Show { tab, reload: false });
            }
            Action::OpenWeek => shared.ask(Ask::Show {
                tab: Tab::Week,
                reload: false,
            }),
            Action::OpenToday => shared.ask(Ask::Show {
                tab: Tab::Today,
                reload: false,
            }),
            Action::PickBranch => {
                shared.ask(Ask::BranchPicker {
                    current: self.branch_id,
                });
            }
            Action::CycleSort => {
                self.list.cycle_sort(COLUMNS);
                self.resort(shared);
            }
            Action::ReverseSort => {
                self.list.reverse();
                self.resort(shared);
            }
            Action::ToggleArchived => {
                self.hide_archived = !self.hide_archived;
                self.refilter(shared);
            }
            Action::Back if self.list.focus() == Focus::List && self.is_loading(shared) => {
                return self.stop_loading(shared);
            }
            _ => {
                if self.list.act(action, shared) {
                    self.refilter(shared);
                }
            }
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let document = |id: &i64| document_of(*id, self.branch_id, shared);
        self.list
            .move_by(movement, self.rows.ids(), document, &shared.layout);
    }

    fn type_text(&mut self, key: &KeyEvent, shared: &mut Shared) {
        if self.list.type_text(key) {
            self.refilter(shared);
        }
    }

    fn click(&mut self, column: u16, row: u16, shared: &mut Shared) {
        self.list.click(column, row, &shared.layout);
    }

    fn fit(&mut self, shared: &mut Shared) {
        let document = |id: &i64| document_of(*id, self.branch_id, shared);
        self.list.fit(self.rows.ids(), document, &shared.layout);
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        match tell {
            Tell::Page { query, error } if query.branch_id == self.branch_id => {
                self.take_page(query, error.as_ref(), shared);
            }
            Tell::Page { .. } => {}
            // Names arrived: a sort or a filter by branch may change.
            Tell::Branches => self.resort(shared),
            // The centre's zone, now the one times are shown in.
            Tell::CentreZone | Tell::Language => self.reformat(shared),
            // Its marks are looked up per row drawn.
            Tell::Compared => {}
            Tell::ShowBranch(branch_id) => return self.show_branch(*branch_id, shared),
            Tell::Filter(text) => {
                self.list.set_filter(text);
                self.refilter(shared);
            }
            Tell::Sort { column, descending } => {
                if self.list.sort_by(COLUMNS, column, *descending) {
                    self.resort(shared);
                }
            }
            Tell::OpenGroup { id, from } => {
                self.open_group(*id, shared);
                self.return_to = Some(*from);
            }
            Tell::Install { .. }
            | Tell::AskInstall { .. }
            | Tell::AskInstallAcross(_)
            | Tell::Changes(_)
            | Tell::ShowDay(_) => {}
        }
        Vec::new()
    }
}

impl Listing for GroupsTab {
    fn sortable(&self) -> Vec<&'static str> {
        SortColumn::names(COLUMNS)
    }

    fn query(&self) -> Option<&QueryInput> {
        Some(&self.list.filter)
    }

    fn view(&self, shared: &World) -> Option<Table> {
        let list = self.group_list(shared);
        let shown = self.list.shown().filter_map(|index| {
            let id = self.rows.id(index)?;
            list?.group(id)
        });
        let names = &shared.branches.names;
        Some(Table::of(COLUMNS, shown, &shared.row_format(), names))
    }
}

impl TabScreen for GroupsTab {
    /// The snapshot's rows (in the store already, for its branch) shown
    /// at once, or those of its part that came; the walk under way
    /// refreshes them.
    fn on_snapshot(&mut self, snapshot: &Snapshot, shared: &mut Shared) {
        if snapshot.key.branch != self.branch_id {
            return;
        }
        self.take_seeded(shared);
        self.note_arrivals(shared);
        self.refreshing = self.is_loading(shared);
    }

    fn start(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.walk(shared)
    }

    /// The missing pages when some are (`r retries` says the header), else
    /// the whole list again; and the branches when they failed.
    fn refresh(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let retry = self
            .group_list(shared)
            .is_some_and(|list| list.is_done() && !list.missing().is_empty());
        // Missing pages are asked again now, even those a server's long
        // Retry-After ended (the status line said until when: r tries now).
        let mut effects = if retry {
            self.refreshing = true;
            shared.retry_missing(self.branch_id)
        } else {
            self.walk(shared)
        };
        if shared.branches.failed() {
            effects.extend(shared.send_once(Request::Branches));
        }
        effects
    }

    fn remember(&self, view: &mut SavedView) {
        view.sort = self.list.sort.map(|sort| sort.name(COLUMNS).to_owned());
        view.descending = self.list.descending;
        view.hide_archived = self.hide_archived;
    }

    fn busy(&self, world: &World) -> bool {
        walks::walking(&world.requests, &world.store, self.branch_id)
    }

    fn listing(&self) -> Option<&dyn Listing> {
        Some(self)
    }
}

/// The test of the tab's own filter of a row: archived groups hidden or not.
fn admits(rows: &GroupRows, hide_archived: bool) -> impl Fn(usize) -> bool + '_ {
    move |index: usize| !(hide_archived && rows.archived(index))
}

/// The detail of the group `id` of `branch_id`'s list (empty when the store
/// no longer holds it).
fn document_of(id: i64, branch_id: Option<i64>, shared: &World) -> Vec<DocLine> {
    let group = shared
        .store
        .groups(branch_id)
        .and_then(|list| list.group(id));
    group.map_or_else(Vec::new, |group| {
        let mut lines = group_document(group, shared.row_format(), &shared.branches.names);
        // What changed since the baseline, under the fields.
        lines.extend(what_changed(id, branch_id, shared));
        lines
    })
}
