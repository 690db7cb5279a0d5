//! The Groups tab: the page asked for and the page shown, the page cache,
//! the selection, filter, sort and archived toggle, and the group detail.

use super::branch_picker::BranchPicker;
use super::document::DocLine;
use super::group_detail::group_document;
use super::group_rows::CachedPage;
use super::keymap::{Action, Context};
use super::list_cursor::{ListCursor, Movement};
use super::list_pane::{Done, Focus, ListPane};
use super::protocol::{Answer, Effect, Request};
use super::requests::{Owner, Requests};
use super::screen::{Ask, Command, Screen};
use super::shared::{AppSettings, Shared};
use super::status::Topic;
use super::tabs::Tab;
use crate::api::ApiError;
use crate::domain::columns::ScreenRow;
use crate::domain::columns::groups::COLUMNS;
use crate::domain::format::RowFormat;
use crate::model::{Group, GroupsPage, GroupsQuery};
use crossterm::event::KeyEvent;
use std::collections::HashMap;

/// The fewest groups per page `-` goes down to.
pub const PER_PAGE_MIN: u32 = 5;
/// The most groups per page `+` goes up to.
pub const PER_PAGE_MAX: u32 = 100;
/// How far `+` and `-` move per_page.
pub const PER_PAGE_STEP: u32 = 5;

/// The Groups tab sends its page requests under this owner.
const OWNER: Owner = Owner::Tab(Tab::Groups);

/// Pages kept in the cache; the oldest others go first.
const CACHE_PAGES: usize = 64;

/// The state of the Groups tab.
#[derive(Debug)]
pub struct GroupsTab {
    /// The page asked for; shown as soon as it is in the cache.
    pub wanted: GroupsQuery,
    /// The cache key of the page on screen (its rows stay while another loads).
    pub shown: Option<GroupsQuery>,
    pub cache: HashMap<GroupsQuery, CachedPage>,
    /// The rows of the shown page that pass the filter, in the sorted
    /// order, the selection, the filter, the sort and the detail.
    pub list: ListPane,
    pub hide_archived: bool,
    /// Why the first page could not be loaded, while nothing is shown.
    pub load_error: Option<String>,
}

impl GroupsTab {
    /// The tab before anything arrived: page 1 of `branch_id`.
    pub fn new(branch_id: Option<i64>, per_page: u32) -> Self {
        Self {
            wanted: GroupsQuery {
                branch_id,
                page: 1,
                per_page: per_page.clamp(PER_PAGE_MIN, PER_PAGE_MAX),
            },
            shown: None,
            cache: HashMap::new(),
            list: ListPane::default(),
            hide_archived: false,
            load_error: None,
        }
    }

    /// The page on screen.
    pub fn shown_page(&self) -> Option<&CachedPage> {
        self.cache.get(&self.shown?)
    }

    /// The selected row and its group.
    pub fn selected(&self) -> Option<(&ScreenRow, &Group)> {
        let page = self.shown_page()?;
        let index = self.list.selected()?;
        Some((page.table.rows.get(index)?, page.groups.get(index)?))
    }

    /// True while the page asked for is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(OWNER, &Request::Groups(self.wanted))
    }

    /// Shows `key` from the cache, or asks for it; abandons page requests
    /// that are neither for it nor for the page after it.
    pub fn go_to(&mut self, key: GroupsQuery, shared: &mut Shared) -> Vec<Effect> {
        self.want(key, shared);
        let next = next_page(key);
        let mut effects = shared.requests.cancel(
            OWNER,
            |r| matches!(r, Request::Groups(k) if *k != key && *k != next),
        );
        if self.cache.contains_key(&key) {
            self.load_error = None;
            let kept = self.selected_id();
            self.show(key, kept, shared);
            effects.extend(self.prefetch_next(&mut shared.requests));
        } else {
            effects.extend(shared.requests.send_once(OWNER, Request::Groups(key)));
        }
        effects
    }

    /// The page the list is to show; the branch is the one every tab shows.
    fn want(&mut self, key: GroupsQuery, shared: &mut Shared) {
        self.wanted = key;
        shared.branch_id = key.branch_id;
    }

    /// A page arrived (or failed). It goes to the cache under the key the
    /// server answered for; it is shown when it is the page wanted.
    pub fn on_page(
        &mut self,
        asked: GroupsQuery,
        result: Result<GroupsPage, ApiError>,
        shared: &mut Shared,
    ) -> Vec<Effect> {
        let for_screen = asked == self.wanted;
        // Before the cache changes: a refreshed page replaces the rows.
        let kept = self.selected_id();
        match result {
            Ok(page) => {
                let key = GroupsQuery {
                    branch_id: asked.branch_id,
                    page: page.page(),
                    per_page: page.per_page(),
                };
                self.store(key, CachedPage::new(page, shared.row_format(), shared.now));
                if !for_screen {
                    // A prefetch the server answered with the page on
                    // screen (its page count changed): the rows changed.
                    if self.shown == Some(key) {
                        self.refilter_keeping(kept, shared);
                    }
                    return Vec::new();
                }
                self.want(key, shared);
                self.load_error = None;
                shared.status.resolved(Topic::GroupsPage);
                self.show(key, kept, shared);
                self.prefetch_next(&mut shared.requests)
            }
            Err(error) => {
                if for_screen {
                    let text = format!("groups page {}: {error}", asked.page);
                    shared
                        .status
                        .load_error(Topic::GroupsPage, text, shared.now);
                    match self.shown {
                        // Nothing changes: the rows on screen stay.
                        Some(shown) => self.want(shown, shared),
                        None => self.load_error = Some(error.to_string()),
                    }
                }
                // A failed prefetch is retried when its page is wanted.
                Vec::new()
            }
        }
    }

    /// Keeps `page` under `key`, dropping the oldest pages beyond the limit.
    pub(crate) fn store(&mut self, key: GroupsQuery, page: CachedPage) {
        self.cache.insert(key, page);
        while self.cache.len() > CACHE_PAGES {
            let keep = [Some(key), self.shown];
            let oldest = self
                .cache
                .iter()
                .filter(|(k, _)| !keep.contains(&Some(**k)))
                .min_by_key(|(_, page)| page.fetched_at)
                .map(|(k, _)| *k);
            match oldest {
                Some(oldest) => self.cache.remove(&oldest),
                None => break,
            };
        }
    }

    /// Puts the cached page `key` on screen, keeping the selection on the
    /// group `kept` when it is on the new page too.
    fn show(&mut self, key: GroupsQuery, kept: Option<i64>, shared: &Shared) {
        let same_page = self.shown == Some(key);
        if !same_page {
            self.list.detail_scroll = 0;
        }
        self.shown = Some(key);
        if !same_page && kept.is_none_or(|id| !self.page_has(id)) {
            self.list.cursor = ListCursor::default();
        }
        self.refilter_keeping(kept, shared);
    }

    fn selected_id(&self) -> Option<i64> {
        self.selected().map(|(_, group)| group.id)
    }

    fn page_has(&self, id: i64) -> bool {
        self.shown_page()
            .is_some_and(|page| page.groups.iter().any(|group| group.id == id))
    }

    /// Asks for the page after the shown one, unless it is cached or coming.
    fn prefetch_next(&mut self, requests: &mut Requests) -> Vec<Effect> {
        let (Some(shown), Some(page)) = (self.shown, self.shown_page()) else {
            return Vec::new();
        };
        let next = next_page(shown);
        if page.page >= page.total_pages || self.cache.contains_key(&next) {
            return Vec::new();
        }
        requests
            .send_once(OWNER, Request::Groups(next))
            .into_iter()
            .collect()
    }

    /// Recomputes the visible rows (filter, archived, sort) and keeps the
    /// selection on the same group while it is still visible.
    pub fn refilter(&mut self, shared: &Shared) {
        let kept = self.selected_id();
        self.refilter_keeping(kept, shared);
    }

    fn refilter_keeping(&mut self, kept: Option<i64>, shared: &Shared) {
        let layout = &shared.layout;
        let Some(page) = self.shown.and_then(|key| self.cache.get(&key)) else {
            self.list.show(Vec::new(), |_| false, layout);
            return;
        };
        let hide_archived = self.hide_archived;
        let admits = |index: usize| !(hide_archived && page.archived(index));
        let is_kept = |index: usize| Some(page.groups[index].id) == kept;
        let names = &shared.branches.names;
        self.list
            .show_rows(&page.table, admits, names, is_kept, layout);
    }

    /// The next (`forward`) or previous server page, if there is one.
    pub fn step_page(&mut self, forward: bool, shared: &mut Shared) -> Vec<Effect> {
        let current = self.wanted;
        let Some(last) = self.shown_page().map(|p| p.total_pages) else {
            return self.say(shared, "no page has arrived yet");
        };
        let target = match forward {
            true if current.page < last => current.page + 1,
            false if current.page > 1 => current.page - 1,
            true => return self.say(shared, "this is the last page"),
            false => return self.say(shared, "this is the first page"),
        };
        self.go_to(
            GroupsQuery {
                page: target,
                ..current
            },
            shared,
        )
    }

    /// Five more (`more`) or fewer rows per page, keeping the first row of
    /// the current page on the new page.
    pub fn change_per_page(&mut self, more: bool, shared: &mut Shared) -> Vec<Effect> {
        let current = self.wanted;
        let per_page = if more {
            (current.per_page / PER_PAGE_STEP + 1) * PER_PAGE_STEP
        } else {
            (current.per_page.saturating_sub(1) / PER_PAGE_STEP) * PER_PAGE_STEP
        }
        .clamp(PER_PAGE_MIN, PER_PAGE_MAX);
        if per_page == current.per_page {
            let bound = if more { "at most" } else { "at least" };
            return self.say(shared, &format!("{bound} {per_page} groups per page"));
        }
        let first_row = (current.page.max(1) - 1) * u64::from(current.per_page);
        let page = first_row / u64::from(per_page) + 1;
        self.go_to(
            GroupsQuery {
                per_page,
                page,
                ..current
            },
            shared,
        )
    }

    /// Page 1 of another branch (None: all branches).
    fn pick_branch(&mut self, branch_id: Option<i64>, shared: &mut Shared) -> Vec<Effect> {
        let key = GroupsQuery {
            branch_id,
            page: 1,
            per_page: self.wanted.per_page,
        };
        self.go_to(key, shared)
    }

    fn say(&self, shared: &mut Shared, text: &str) -> Vec<Effect> {
        shared.status.info(text, shared.now);
        Vec::new()
    }

    /// The selected group's detail, if a group is selected.
    pub fn detail(
        &self,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
    ) -> Option<Vec<DocLine>> {
        let (_, group) = self.selected()?;
        Some(group_document(group, format, branch_names))
    }

    /// Shows or orders the rows differently (`change`), keeping the
    /// selection on its group.
    fn change_rows(&mut self, change: fn(&mut Self), shared: &Shared) {
        change(self);
        self.refilter(shared);
    }

    /// Formats every cached row again, in the zone of the times now.
    fn reformat(&mut self, shared: &Shared) {
        let format = shared.row_format();
        for page in self.cache.values_mut() {
            page.reformat(format);
        }
        self.refilter(shared);
    }

    /// A page the week walked goes to the cache too, under the key the
    /// server answered for.
    fn cache_walked_page(&mut self, asked: GroupsQuery, page: &GroupsPage, shared: &Shared) {
        let key = GroupsQuery {
            branch_id: asked.branch_id,
            page: page.page(),
            per_page: page.per_page(),
        };
        let cached = CachedPage::new(page.clone(), shared.row_format(), shared.now);
        self.store(key, cached);
        if self.shown == Some(key) {
            self.refilter(shared);
        }
    }
}

impl From<&AppSettings> for GroupsTab {
    fn from(settings: &AppSettings) -> Self {
        Self::new(settings.branch_id, settings.per_page)
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
        match action {
            Action::NextPage => return self.step_page(true, shared),
            Action::PreviousPage => return self.step_page(false, shared),
            Action::MorePerPage => return self.change_per_page(true, shared),
            Action::FewerPerPage => return self.change_per_page(false, shared),
            Action::OpenWeek => shared.ask(Ask::Show {
                tab: Tab::Week,
                reload: true,
            }),
            Action::PickBranch => {
                let picker = BranchPicker::open(&shared.branches, self.wanted.branch_id);
                shared.open(picker);
            }
            Action::CycleSort => self.change_rows(|g| g.list.cycle_sort(COLUMNS), shared),
            Action::ReverseSort => {
                self.change_rows(|g| g.list.descending = !g.list.descending, shared);
            }
            Action::ToggleArchived => {
                self.change_rows(|g| g.hide_archived = !g.hide_archived, shared);
            }
            _ => {
                if self.list.perform(action, &mut shared.status) == Done::Refilter {
                    self.refilter(shared);
                }
            }
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let groups = page_groups(&self.cache, self.shown);
        let format = shared.row_format();
        let document = |group: &Group| group_document(group, format, &shared.branches.names);
        self.list
            .move_by(movement, groups, document, &shared.layout);
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
        let groups = page_groups(&self.cache, self.shown);
        let format = shared.row_format();
        let document = |group: &Group| group_document(group, format, &shared.branches.names);
        self.list.fit(groups, document, &shared.layout);
    }

    fn on_answer(&mut self, answer: Answer, shared: &mut Shared) -> Vec<Effect> {
        match answer {
            Answer::Groups(asked, page) => self.on_page(asked, page, shared),
            _ => Vec::new(),
        }
    }

    fn observe(&mut self, answer: &Answer, shared: &mut Shared) {
        match answer {
            Answer::Groups(asked, Ok(page)) => self.cache_walked_page(*asked, page, shared),
            // Names arrived: a sort by branch may change.
            Answer::Branches(_) => self.refilter(shared),
            // The centre's zone, now the one times are shown in.
            Answer::Me(_) if answer.centre_zone().is_some() => self.reformat(shared),
            _ => {}
        }
    }

    fn command(&mut self, command: &Command, shared: &mut Shared) -> Vec<Effect> {
        match command {
            Command::ShowBranch(branch_id) => self.pick_branch(*branch_id, shared),
            Command::Install { .. } => Vec::new(),
        }
    }

    fn start(&mut self, shared: &mut Shared) -> Vec<Effect> {
        vec![shared.requests.send(OWNER, Request::Groups(self.wanted))]
    }

    /// The wanted page again (unless it is on its way), and the branches
    /// when they failed.
    fn refresh(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let mut effects: Vec<Effect> = shared
            .requests
            .send_once(OWNER, Request::Groups(self.wanted))
            .into_iter()
            .collect();
        if shared.branches.failed() {
            effects.extend(shared.requests.send_once(Owner::App, Request::Branches));
        }
        effects
    }

    /// Prefetches load silently: only the page wanted turns the spinner.
    fn busy(&self, requests: &Requests) -> bool {
        self.is_loading(requests)
    }
}

/// The groups of the cached page `key`, in the server's order.
fn page_groups(cache: &HashMap<GroupsQuery, CachedPage>, key: Option<GroupsQuery>) -> &[Group] {
    key.and_then(|key| cache.get(&key))
        .map_or(&[], |page| &page.groups)
}

/// The page after `key` in the same branch and size.
fn next_page(key: GroupsQuery) -> GroupsQuery {
    GroupsQuery {
        page: key.page + 1,
        ..key
    }
}
