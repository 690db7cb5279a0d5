//! The Groups tab: the page asked for and the page shown, the page cache,
//! the selection, filter, sort and archived toggle, and the group detail.

use super::Tab;
use super::document::DocLine;
use super::group_detail::group_document;
use super::group_rows::{CachedPage, GroupRow, RowFormat, RowSelection, SortColumn, visible_rows};
use super::layout::Layout;
use super::list_cursor::{ListCursor, Movement};
use super::list_pane::ListPane;
use super::protocol::{Effect, Request};
use super::requests::{Owner, Requests};
use super::status::{StatusLine, Topic};
use crate::api::{ApiError, Group, GroupsPage, GroupsQuery};
use chrono::{DateTime, Utc};
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

/// What the groups tab needs from the rest of the app for one change.
pub struct Surroundings<'a> {
    pub requests: &'a mut Requests,
    pub status: &'a mut StatusLine,
    pub branch_names: &'a HashMap<i64, String>,
    pub format: RowFormat,
    pub layout: &'a Layout,
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
    /// The rows of the shown page that pass the filter, in the sorted
    /// order, the selection, the filter and the detail.
    pub list: ListPane,
    pub sort: Option<SortColumn>,
    pub descending: bool,
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
            sort: None,
            descending: false,
            hide_archived: false,
            load_error: None,
        }
    }

    /// The page on screen.
    pub fn shown_page(&self) -> Option<&CachedPage> {
        self.cache.get(&self.shown?)
    }

    /// The selected row and its group.
    pub fn selected(&self) -> Option<(&GroupRow, &Group)> {
        let page = self.shown_page()?;
        let index = self.list.selected()?;
        Some((page.rows.get(index)?, page.groups.get(index)?))
    }

    /// True while the page asked for is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(OWNER, &Request::Groups(self.wanted))
    }

    /// The request for the first page.
    pub fn first_fetch(&self, requests: &mut Requests) -> Effect {
        requests.send(OWNER, Request::Groups(self.wanted))
    }

    /// Shows `key` from the cache, or asks for it; abandons page requests
    /// that are neither for it nor for the page after it.
    pub fn go_to(&mut self, key: GroupsQuery, env: &mut Surroundings<'_>) -> Vec<Effect> {
        self.wanted = key;
        let next = next_page(key);
        let mut effects = env.requests.cancel(
            OWNER,
            |r| matches!(r, Request::Groups(k) if *k != key && *k != next),
        );
        if self.cache.contains_key(&key) {
            self.load_error = None;
            let kept = self.selected_id();
            self.show(key, kept, env);
            effects.extend(self.prefetch_next(env.requests));
        } else {
            effects.extend(env.requests.send_once(OWNER, Request::Groups(key)));
        }
        effects
    }

    /// Asks for the wanted page again (unless it is already on its way).
    pub fn refresh(&mut self, requests: &mut Requests) -> Vec<Effect> {
        requests
            .send_once(OWNER, Request::Groups(self.wanted))
            .into_iter()
            .collect()
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
                        self.refilter_keeping(kept, env.branch_names, env.layout);
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
            self.list.detail_scroll = 0;
        }
        self.shown = Some(key);
        if !same_page && kept.is_none_or(|id| !self.page_has(id)) {
            self.list.cursor = ListCursor::default();
        }
        self.refilter_keeping(kept, env.branch_names, env.layout);
    }

    fn selected_id(&self) -> Option<i64> {
        self.selected().map(|(row, _)| row.id)
    }

    fn page_has(&self, id: i64) -> bool {
        self.shown_page()
            .is_some_and(|page| page.rows.iter().any(|row| row.id == id))
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
    pub fn refilter(&mut self, branch_names: &HashMap<i64, String>, layout: &Layout) {
        let kept = self.selected_id();
        self.refilter_keeping(kept, branch_names, layout);
    }

    fn refilter_keeping(
        &mut self,
        kept: Option<i64>,
        branch_names: &HashMap<i64, String>,
        layout: &Layout,
    ) {
        let filter = self.list.filter_text();
        let selection = RowSelection {
            filter: &filter,
            hide_archived: self.hide_archived,
            sort: self.sort,
            descending: self.descending,
        };
        let Some(page) = self.shown.and_then(|key| self.cache.get(&key)) else {
            self.list.show(Vec::new(), |_| false, layout);
            return;
        };
        let visible = visible_rows(&page.rows, selection, branch_names);
        let is_kept = |index: usize| Some(page.rows[index].id) == kept;
        self.list.show(visible, is_kept, layout);
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
    ) -> Option<Vec<DocLine>> {
        let (_, group) = self.selected()?;
        Some(group_document(group, format, branch_names))
    }

    /// Moves the selection, or scrolls the detail when it has the focus.
    pub fn move_by(
        &mut self,
        movement: Movement,
        format: RowFormat,
        branch_names: &HashMap<i64, String>,
        layout: &Layout,
    ) {
        let groups = page_groups(&self.cache, self.shown);
        let document = |group: &Group| group_document(group, format, branch_names);
        self.list.move_by(movement, groups, document, layout);
    }

    /// After a resize: the selection back on screen, the detail's scroll
    /// within its content.
    pub fn fit(&mut self, format: RowFormat, branch_names: &HashMap<i64, String>, layout: &Layout) {
        let groups = page_groups(&self.cache, self.shown);
        let document = |group: &Group| group_document(group, format, branch_names);
        self.list.fit(groups, document, layout);
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
