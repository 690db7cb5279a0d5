//! Walking every page of groups one at a time: pages 1..totalPages,
//! trusting the server's `perPage`, and stopping safely when the server
//! misbehaves.
//!
//! [`PageWalker`] is a pure state machine the Week tab drives one message
//! at a time. The command line reads every page through the store instead
//! (`crate::store`: several pages in flight, missing pages, 429 back-off).

use crate::model::{Group, GroupsPage, GroupsQuery};
use std::collections::HashSet;

/// More pages than any real centre has: a server that never says "last page"
/// cannot keep a walk going for ever.
pub const MAX_PAGES: u64 = 10_000;

/// Why a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkEnd {
    /// Every page the server announced was read.
    Complete,
    /// This page came back empty before the announced last page.
    EmptyPage(u64),
    /// The server answered this page with one it had already sent.
    RepeatedPage(u64),
    /// [`MAX_PAGES`] were read and the server still announced more.
    PageLimit,
}

impl WalkEnd {
    /// A warning for the user when the walk did not end cleanly.
    pub fn warning(&self) -> Option<String> {
        match self {
            Self::Complete => None,
            Self::EmptyPage(page) => Some(format!(
                "page {page} came back empty before the last page: the list may be incomplete"
            )),
            Self::RepeatedPage(page) => Some(format!(
                "the server answered page {page} with a page it had already sent: stopped there"
            )),
            Self::PageLimit => Some(format!("stopped after {MAX_PAGES} pages")),
        }
    }
}

#[derive(Debug, Clone)]
pub struct PageWalker {
    branch_id: Option<i64>,
    per_page: u32,
    next_page: u64,
    pages_read: u64,
    total_pages: Option<u64>,
    seen_ids: HashSet<i64>,
    groups: Vec<Group>,
    end: Option<WalkEnd>,
}

impl PageWalker {
    pub fn new(branch_id: Option<i64>, per_page: u32) -> Self {
        Self {
            branch_id,
            per_page,
            next_page: 1,
            pages_read: 0,
            total_pages: None,
            seen_ids: HashSet::new(),
            groups: Vec::new(),
            end: None,
        }
    }

    /// The page to fetch next, or None once the walk has ended.
    pub fn next_query(&self) -> Option<GroupsQuery> {
        self.end.is_none().then_some(GroupsQuery {
            branch_id: self.branch_id,
            page: self.next_page,
            per_page: self.per_page,
        })
    }

    /// Takes the answer to [`next_query`](Self::next_query).
    pub fn accept(&mut self, page: GroupsPage) {
        if self.end.is_some() {
            return;
        }
        let asked = page.query.page;
        self.pages_read += 1;
        let answered_other_page = page.pagination.current_page.is_some_and(|p| p != asked);
        let fresh: Vec<Group> = page
            .groups
            .iter()
            .filter(|g| !self.seen_ids.contains(&g.id))
            .cloned()
            .collect();
        if answered_other_page || (!page.groups.is_empty() && fresh.is_empty()) {
            self.end = Some(WalkEnd::RepeatedPage(asked));
            return;
        }
        self.per_page = page.per_page();
        self.total_pages = page.pagination.total_pages;
        let announced_more = match page.pagination.total_pages {
            Some(total) => asked < total,
            // No total: follow the hint, or a full page.
            None => {
                page.pagination.links.next.is_some()
                    || page.groups.len() as u64 >= u64::from(self.per_page)
            }
        };
        if page.groups.is_empty() {
            self.end = Some(if announced_more {
                WalkEnd::EmptyPage(asked)
            } else {
                WalkEnd::Complete
            });
            return;
        }
        self.seen_ids.extend(fresh.iter().map(|g| g.id));
        self.groups.extend(fresh);
        self.end = match (announced_more, asked >= MAX_PAGES) {
            (false, _) => Some(WalkEnd::Complete),
            (true, true) => Some(WalkEnd::PageLimit),
            (true, false) => None,
        };
        self.next_page = asked + 1;
    }

    /// Pages read so far and the announced total (when known).
    pub fn progress(&self) -> (u64, Option<u64>) {
        (self.pages_read, self.total_pages)
    }

    pub fn end(&self) -> Option<WalkEnd> {
        self.end
    }

    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    pub fn into_groups(self) -> Vec<Group> {
        self.groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Links, Pagination};

    fn group(id: i64) -> Group {
        Group {
            id,
            ..Group::default()
        }
    }

    fn answer(walker: &PageWalker, ids: &[i64], pagination: Pagination) -> GroupsPage {
        GroupsPage {
            query: walker.next_query().expect("walk still going"),
            groups: ids.iter().copied().map(group).collect(),
            pagination,
        }
    }

    fn paged(current: u64, total_pages: u64, per_page: u64) -> Pagination {
        Pagination {
            current_page: Some(current),
            total_pages: Some(total_pages),
            per_page: Some(per_page),
            ..Pagination::default()
        }
    }

    fn ids(walker: &PageWalker) -> Vec<i64> {
        walker.groups().iter().map(|g| g.id).collect()
    }

    #[test]
    fn walks_every_announced_page_with_the_servers_per_page() {
        let mut walker = PageWalker::new(Some(2), 500);
        let first = answer(&walker, &[1, 2], paged(1, 3, 2));
        walker.accept(first);
        assert_eq!(
            walker.next_query(),
            Some(GroupsQuery {
                branch_id: Some(2),
                page: 2,
                per_page: 2
            })
        );
        let second = answer(&walker, &[3, 4], paged(2, 3, 2));
        walker.accept(second);
        let third = answer(&walker, &[5], paged(3, 3, 2));
        walker.accept(third);
        assert_eq!(walker.end(), Some(WalkEnd::Complete));
        assert_eq!(walker.next_query(), None);
        assert_eq!(walker.progress(), (3, Some(3)));
        assert_eq!(ids(&walker), vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn an_empty_list_is_complete_at_once() {
        let mut walker = PageWalker::new(None, 20);
        let page = answer(&walker, &[], paged(1, 1, 20));
        walker.accept(page);
        assert_eq!(walker.end(), Some(WalkEnd::Complete));
        assert!(walker.groups().is_empty());
    }

    #[test]
    fn stops_on_an_empty_page_before_the_announced_end() {
        let mut walker = PageWalker::new(None, 2);
        let first = answer(&walker, &[1, 2], paged(1, 5, 2));
        walker.accept(first);
        let second = answer(&walker, &[], paged(2, 5, 2));
        walker.accept(second);
        assert_eq!(walker.end(), Some(WalkEnd::EmptyPage(2)));
        assert!(walker.end().unwrap().warning().unwrap().contains("page 2"));
        assert_eq!(ids(&walker), vec![1, 2]);
    }

    #[test]
    fn stops_when_the_server_repeats_a_page() {
        // A server that ignores `page` and always sends the first one.
        let mut walker = PageWalker::new(None, 2);
        let first = answer(&walker, &[1, 2], paged(1, 4, 2));
        walker.accept(first);
        let again = answer(&walker, &[1, 2], paged(1, 4, 2));
        walker.accept(again);
        assert_eq!(walker.end(), Some(WalkEnd::RepeatedPage(2)));
        assert_eq!(ids(&walker), vec![1, 2]);

        // Same content without a currentPage to tell.
        let mut walker = PageWalker::new(None, 2);
        let bare = |w: &PageWalker| {
            answer(
                w,
                &[1, 2],
                Pagination {
                    total_pages: Some(4),
                    ..Pagination::default()
                },
            )
        };
        let first = bare(&walker);
        walker.accept(first);
        let again = bare(&walker);
        walker.accept(again);
        assert_eq!(walker.end(), Some(WalkEnd::RepeatedPage(2)));
    }

    #[test]
    fn without_a_total_follows_next_links_or_full_pages() {
        let mut walker = PageWalker::new(None, 2);
        let hinted = answer(
            &walker,
            &[1],
            Pagination {
                links: Links {
                    next: Some("http://x/v2/groups?page=2".into()),
                    previous: None,
                },
                ..Pagination::default()
            },
        );
        walker.accept(hinted);
        assert_eq!(walker.end(), None);
        let full = answer(&walker, &[2, 3], Pagination::default());
        walker.accept(full);
        assert_eq!(walker.end(), None);
        let short = answer(&walker, &[4], Pagination::default());
        walker.accept(short);
        assert_eq!(walker.end(), Some(WalkEnd::Complete));
        assert_eq!(ids(&walker), vec![1, 2, 3, 4]);
    }

    #[test]
    fn a_group_seen_on_an_earlier_page_is_kept_once() {
        let mut walker = PageWalker::new(None, 2);
        let first = answer(&walker, &[1, 2], paged(1, 2, 2));
        walker.accept(first);
        let shifted = answer(&walker, &[2, 3], paged(2, 2, 2));
        walker.accept(shifted);
        assert_eq!(ids(&walker), vec![1, 2, 3]);
    }
}
