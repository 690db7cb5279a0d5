//! The Groups tab: the page asked for and the page shown, the page cache,
//! the selection, filter, sort and archived toggle, and the group detail.

use super::document::{self, scrolled};
use super::group_detail::group_document;
use super::group_rows::{CachedPage, RowSelection, visible_rows};
use super::layout;
use super::line_input::LineInput;
use super::list_cursor::{ListCursor, Movement};
use super::protocol::{Effect, Request};
use super::requests::{Purpose, Requests};
use super::status::{StatusLine, Topic};
use crate::api::ApiError;
use crate::domain::columns::groups::COLUMNS;
use crate::domain::columns::{ScreenRow, SortColumn};
use crate::domain::format::RowFormat;
use crate::model::{Group, GroupsPage, GroupsQuery};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// The fewest groups per page `-` goes down to.
pub const PER_PAGE_MIN: u32 = 5;
/// The most groups per page `+` goes up to.
pub const PER_PAGE_MAX: u32 = 100;
/// How far `+` and `-` move per_page.
pub const PER_PAGE_STEP: u32 = 5;

/// Pages kept in the cache; the oldest others go first.
const CACHE_PAGES: usize = 64;

/// What the groups tab needs from the rest of the app for one change.
pub struct Surroundings<'a> {
    pub requests: &'a mut Requests,
    pub status: &'a mut StatusLine,
    pub branch_names: &'a HashMap<i64, String>,
    pub format: RowFormat,
    pub size: (u16, u16),
    pub now: DateTime<Utc>,
}

/// The state of the Groups tab.
#[derive(Debug)]
pub struct GroupsTab {
    /// The page asked for; shown as soon as it is in the cache.
    pub wanted: GroupsQuery,
    /// The cache key of the page on screen (its rows stay while another loads).
    pub shown: Option<GroupsQuery>,
    pub cache: HashMap<GroupsQuery, CachedPage>,
    /// Rows of the shown page that pass the filter, in the sorted order.
    pub visible: Vec<usize>,
    pub cursor: ListCursor,
    pub filter: LineInput,
    /// The filter input has the focus.
    pub filtering: bool,
    pub sort: Option<SortColumn>,
    pub descending: bool,
    pub hide_archived: bool,
    /// The detail (full-screen, or the pane at wide sizes) has the focus.
    pub detail_focused: bool,
    pub detail_scroll: usize,
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
            visible: Vec::new(),
            cursor: ListCursor::default(),
            filter: LineInput::default(),
            filtering: false,
            sort: None,
            descending: false,
            hide_archived: false,
            detail_focused: false,
            detail_scroll: 0,
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
        let index = *self.visible.get(self.cursor.index)?;
        Some((page.table.rows.get(index)?, page.groups.get(index)?))
    }

    /// Sorts by the next sortable column, after the last by none (the
    /// server's order).
    pub fn cycle_sort(&mut self) {
        self.sort = SortColumn::next(COLUMNS, self.sort);
    }

    /// True while the page asked for is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(Purpose::GroupsPage(self.wanted))
    }

    /// True when the filter line is drawn (typing, or a filter applies).
    pub fn filter_line_shown(&self) -> bool {
        self.filtering || !self.filter.is_empty()
    }

    /// Rows of the table on screen.
    pub fn list_height(&self, size: (u16, u16)) -> usize {
        usize::from(
            layout::list_screen(size, self.filter_line_shown())
                .rows
                .height,
        )
    }

    /// The request for the first page.
    pub fn first_fetch(&self, requests: &mut Requests) -> Effect {
        requests.start(
            Purpose::GroupsPage(self.wanted),
            Request::Groups(self.wanted),
        )
    }

    /// Shows `key` from the cache, or asks for it; abandons page requests
    /// that are neither for it nor for the page after it.
    pub fn go_to(&mut self, key: GroupsQuery, env: &mut Surroundings<'_>) -> Vec<Effect> {
        self.wanted = key;
        let next = next_page(key);
        let mut effects = env
            .requests
            .cancel_where(|p| matches!(p, Purpose::GroupsPage(k) if *k != key && *k != next));
        if self.cache.contains_key(&key) {
            self.load_error = None;
            let kept = self.selected_id();
            self.show(key, kept, env);
            effects.extend(self.prefetch_next(env.requests));
        } else if !env.requests.is_awaiting(Purpose::GroupsPage(key)) {
            effects.push(
                env.requests
                    .start(Purpose::GroupsPage(key), Request::Groups(key)),
            );
        }
        effects
    }

    /// Asks for the wanted page again (unless it is already on its way).
    pub fn refresh(&mut self, requests: &mut Requests) -> Vec<Effect> {
        let purpose = Purpose::GroupsPage(self.wanted);
        if requests.is_awaiting(purpose) {
            return Vec::new();
        }
        vec![requests.start(purpose, Request::Groups(self.wanted))]
    }

    /// A page arrived (or failed). It goes to the cache under the key the
    /// server answered for; it is shown when it is the page wanted.
    pub fn on_page(
        &mut self,
        asked: GroupsQuery,
        result: Result<GroupsPage, ApiError>,
        env: &mut Surroundings<'_>,
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
                self.store(key, CachedPage::new(page, env.format, env.now));
                if !for_screen {
                    // A prefetch the server answered with the page on
                    // screen (its page count changed): the rows changed.
                    if self.shown == Some(key) {
                        self.refilter_keeping(kept, env.branch_names, env.size);
                    }
                    return Vec::new();
                }
                self.wanted = key;
                self.load_error = None;
                env.status.resolved(Topic::GroupsPage);
                self.show(key, kept, env);
                self.prefetch_next(env.requests)
            }
            Err(error) => {
                if for_screen {
                    let text = format!("groups page {}: {error}", asked.page);
                    env.status.load_error(Topic::GroupsPage, text, env.now);
                    match self.shown {
                        // Nothing changes: the rows on screen stay.
                        Some(shown) => self.wanted = shown,
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
    fn show(&mut self, key: GroupsQuery, kept: Option<i64>, env: &Surroundings<'_>) {
        let same_page = self.shown == Some(key);
        if !same_page {
            self.detail_scroll = 0;
        }
        self.shown = Some(key);
        if !same_page && kept.is_none_or(|id| !self.page_has(id)) {
            self.cursor = ListCursor::default();
        }
        self.refilter_keeping(kept, env.branch_names, env.size);
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
        let purpose = Purpose::GroupsPage(next);
        if page.page >= page.total_pages
            || self.cache.contains_key(&next)
            || requests.is_awaiting(purpose)
        {
            return Vec::new();
        }
        vec![requests.start(purpose, Request::Groups(next))]
    }

    /// Recomputes the visible rows (filter, archived, sort) and keeps the
    /// selection on the same group while it is still visible.
    pub fn refilter(&mut self, branch_names: &HashMap<i64, String>, size: (u16, u16)) {
        let kept = self.selected_id();
        self.refilter_keeping(kept, branch_names, size);
    }

    fn refilter_keeping(
        &mut self,
        kept: Option<i64>,
        branch_names: &HashMap<i64, String>,
        size: (u16, u16),
    ) {
        let filter = self.filter.text().to_lowercase();
        let selection = RowSelection {
            filter: &filter,
            hide_archived: self.hide_archived,
            sort: self.sort,
            descending: self.descending,
        };
        self.visible = match self.shown_page() {
            Some(page) => visible_rows(page, selection, branch_names),
            None => Vec::new(),
        };
        let position = kept.and_then(|id| {
            let groups = &self.shown_page()?.groups;
            self.visible.iter().position(|&i| groups[i].id == id)
        });
        let height = self.list_height(size);
        match position {
            Some(index) => self.cursor.select(index, self.visible.len(), height),
            None => self.cursor.scroll_into_view(self.visible.len(), height),
        }
    }

    /// Moves the selection; the detail follows it from its top.
    pub fn move_cursor(&mut self, movement: Movement, size: (u16, u16)) {
        let before = self.cursor.index;
        let height = self.list_height(size);
        self.cursor.apply(movement, self.visible.len(), height);
        if self.cursor.index != before {
            self.detail_scroll = 0;
        }
    }

    /// Selects the row on screen line `row` of the table (a mouse click).
    pub fn click_row(&mut self, row: usize, size: (u16, u16)) {
        let index = self.cursor.offset + row;
        if index < self.visible.len() {
            let height = self.list_height(size);
            self.cursor.select(index, self.visible.len(), height);
            self.detail_scroll = 0;
        }
    }

    /// The next (`forward`) or previous server page, if there is one.
    pub fn step_page(&mut self, forward: bool, env: &mut Surroundings<'_>) -> Vec<Effect> {
        let current = self.wanted;
        let Some(last) = self.shown_page().map(|p| p.total_pages) else {
            return self.say(env, "no page has arrived yet");
        };
        let target = match forward {
            true if current.page < last => current.page + 1,
            false if current.page > 1 => current.page - 1,
            true => return self.say(env, "this is the last page"),
            false => return self.say(env, "this is the first page"),
        };
        self.go_to(
            GroupsQuery {
                page: target,
                ..current
            },
            env,
        )
    }

    /// Five more (`more`) or fewer rows per page, keeping the first row of
    /// the current page on the new page.
    pub fn change_per_page(&mut self, more: bool, env: &mut Surroundings<'_>) -> Vec<Effect> {
        let current = self.wanted;
        let per_page = if more {
            (current.per_page / PER_PAGE_STEP + 1) * PER_PAGE_STEP
        } else {
            (current.per_page.saturating_sub(1) / PER_PAGE_STEP) * PER_PAGE_STEP
        }
        .clamp(PER_PAGE_MIN, PER_PAGE_MAX);
        if per_page == current.per_page {
            let bound = if more { "at most" } else { "at least" };
            return self.say(env, &format!("{bound} {per_page} groups per page"));
        }
        let first_row = (current.page.max(1) - 1) * u64::from(current.per_page);
        let page = first_row / u64::from(per_page) + 1;
        self.go_to(
            GroupsQuery {
                per_page,
                page,
                ..current
            },
            env,
        )
    }

    /// Page 1 of another branch (None: all branches).
    pub fn pick_branch(
        &mut self,
        branch_id: Option<i64>,
        env: &mut Surroundings<'_>,
    ) -> Vec<Effect> {
        let key = GroupsQuery {
            branch_id,
            page: 1,
            per_page: self.wanted.per_page,
        };
        self.go_to(key, env)
    }

    fn say(&self, env: &mut Surroundings<'_>, text: &str) -> Vec<Effect> {
        env.status.info(text, env.now);
        Vec::new()
    }

    /// The selected group's detail, if a group is selected.
    pub fn detail(
        &self,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
    ) -> Option<Vec<document::DocLine>> {
        let (_, group) = self.selected()?;
        Some(group_document(group, format, branch_names))
    }

    /// Scrolls the detail within its content.
    pub fn scroll_detail(
        &mut self,
        movement: Movement,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
        size: (u16, u16),
    ) {
        let Some(lines) = self.detail(format, branch_names) else {
            return;
        };
        self.detail_scroll = scrolled(self.detail_scroll, movement, &lines, size);
    }
}

/// The page after `key` in the same branch and size.
fn next_page(key: GroupsQuery) -> GroupsQuery {
    GroupsQuery {
        page: key.page + 1,
        ..key
    }
}
