//! Every record the views read, held once: the groups of each branch (and
//! of every branch) by id, the branches, the plugin catalogue and the
//! centre's name; and what to fetch next. Pure data: it sends nothing and
//! reads no clock. The caller gives it the time (`now`) and the answers,
//! sends the requests it plans, and logs the events it reports.
//!
//! - `list`: [`GroupList`], the groups of one branch and the walk over its
//!   pages (page 1 first, then a bounded number in flight, 429 back-off,
//!   missing pages, a total that changes during the walk);
//! - `walk`: the rules and reports of a walk ([`WalkPolicy`], [`Failure`],
//!   [`Progress`], [`WalkEvent`]);
//! - `courses`: one copy of each course for all the groups naming it;
//! - `snapshot`: [`Snapshot`], what a complete walk found as the JSON kept
//!   on disk for an instant start (no token in it; the files are `cache`'s);
//! - `history`: [`HistoryDay`], the digests of a centre day's last complete
//!   walk as the compact binary kept beside the snapshot (issue 28).

mod courses;
mod history;
mod list;
mod snapshot;
mod walk;

pub use courses::Courses;
pub use history::{HISTORY_VERSION, HistoryDay, HistoryError, past_the_limit, write_day};
pub use list::{GroupList, Listed, Plan};
pub use snapshot::{InParts, SNAPSHOT_VERSION, Snapshot, SnapshotError, SnapshotKey};
pub use walk::{
    CLI_WALK_DEADLINE, DASHBOARD_WALK_DEADLINE, DEFAULT_MAX_GROUPS, DEFAULT_MAX_IN_FLIGHT, Failure,
    Limited, MAX_GROUPS, MAX_PAGES, MAX_TOTAL_CHANGES, Progress, Stop, WalkEvent, WalkPolicy,
    duration_words, named_pages, page_list,
};

use crmdeck_model::{Branch, Plugin};
use std::collections::HashMap;
use std::time::Instant;

/// One value as it last arrived, and when; or one read from the snapshot
/// at start ([`seed`](Held::seed)), held without an arrival until an
/// answer replaces it.
#[derive(Debug, Clone)]
pub struct Held<T> {
    value: Option<T>,
    arrived: Option<Instant>,
}

impl<T> Default for Held<T> {
    fn default() -> Self {
        Self {
            value: None,
            arrived: None,
        }
    }
}

impl<T> Held<T> {
    /// Replaces what was held.
    pub fn set(&mut self, value: T, now: Instant) {
        self.value = Some(value);
        self.arrived = Some(now);
    }

    /// Holds `value` from the snapshot, unless an answer came first: it
    /// is shown, but it did not arrive in this run.
    pub fn seed(&mut self, value: T) {
        if self.arrived.is_none() {
            self.value = Some(value);
        }
    }

    /// Drops a value seeded from the snapshot (one that arrived stays).
    /// Returns whether there was one.
    pub fn forget_seed(&mut self) -> bool {
        let seeded = self.arrived.is_none() && self.value.is_some();
        if seeded {
            self.value = None;
        }
        seeded
    }

    /// What is held, arrived or seeded.
    pub fn get(&self) -> Option<&T> {
        self.value.as_ref()
    }

    /// What is held, to change where it stands (an install the API
    /// confirmed, before the list is asked for again).
    pub fn get_mut(&mut self) -> Option<&mut T> {
        self.value.as_mut()
    }

    /// What arrived in this run only (a snapshot holds only fresh data).
    pub fn fresh(&self) -> Option<&T> {
        self.arrived.and(self.value.as_ref())
    }

    /// When the value held arrived.
    pub fn arrived(&self) -> Option<Instant> {
        self.arrived
    }
}

/// The records of one API: groups by branch, branches, plugins, the
/// centre's name.
#[derive(Debug, Clone, Default)]
pub struct Store {
    policy: WalkPolicy,
    /// By branch; `None` is the list of every branch.
    groups: HashMap<Option<i64>, GroupList>,
    pub branches: Held<Vec<Branch>>,
    pub plugins: Held<Vec<Plugin>>,
    /// The centre's name as `GET /v2/token/me` answered (`None` inside: the
    /// answer names none).
    pub centre: Held<Option<String>>,
}

impl Store {
    /// An empty store whose walks follow `policy`.
    pub fn new(policy: WalkPolicy) -> Self {
        Self {
            policy,
            ..Self::default()
        }
    }

    /// The groups of `branch_id` (`None`: every branch), once a walk began.
    pub fn groups(&self, branch_id: Option<i64>) -> Option<&GroupList> {
        self.groups.get(&branch_id)
    }

    /// Hides everything the snapshot gave (a 401: the token may not be
    /// the snapshot's account): its rows, branches, plugins and centre's
    /// name; what arrived in this run stays. Returns whether it held any.
    pub fn forget_snapshot(&mut self) -> bool {
        let lists = self.groups.values_mut().map(GroupList::forget_seed);
        let groups = lists.fold(false, |any, forgot| any | forgot);
        let branches = self.branches.forget_seed();
        let plugins = self.plugins.forget_seed();
        let centre = self.centre.forget_seed();
        groups | branches | plugins | centre
    }

    /// The branches whose walk is under way (pages asked or to ask).
    pub fn walking(&self) -> Vec<Option<i64>> {
        (self.groups.iter())
            .filter(|(_, list)| !list.is_done())
            .map(|(branch, _)| *branch)
            .collect()
    }

    /// The groups of `branch_id`, made on first use; its walks ask for
    /// `asked_per_page` groups a page (the server's answer wins).
    pub fn groups_mut(&mut self, branch_id: Option<i64>, asked_per_page: u32) -> &mut GroupList {
        let policy = self.policy;
        self.groups
            .entry(branch_id)
            .or_insert_with(|| GroupList::new(branch_id, asked_per_page, policy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn each_branch_has_one_list_and_held_values_keep_their_time() {
        let mut store = Store::new(WalkPolicy::with_max_in_flight(2));
        assert!(store.groups(Some(1)).is_none());
        store.groups_mut(Some(1), 100).walk(Instant::now());
        store.groups_mut(None, 100);
        assert_eq!(store.groups(Some(1)).unwrap().branch_id(), Some(1));
        assert_eq!(store.groups(None).unwrap().branch_id(), None);
        // The same list again, its walk under way.
        assert!(!store.groups_mut(Some(1), 20).is_done());

        let now = Instant::now();
        assert!(store.branches.get().is_none());
        let branch = Branch {
            id: 1,
            name: "Chilonzor".into(),
        };
        store.branches.set(vec![branch.clone()], now);
        let later = now + Duration::from_secs(1);
        store.branches.set(vec![branch.clone(), branch], later);
        assert_eq!(store.branches.get().map(Vec::len), Some(2));
        assert_eq!(store.branches.arrived(), Some(later));
        assert!(store.plugins.get().is_none());
    }

    #[test]
    fn a_seeded_value_is_shown_but_not_fresh_and_never_replaces_an_answer() {
        let mut held = Held::default();
        held.seed("snapshot");
        assert_eq!(held.get(), Some(&"snapshot"));
        assert_eq!(held.fresh(), None);
        let now = Instant::now();
        held.set("answer", now);
        assert_eq!(held.fresh(), Some(&"answer"));
        held.seed("snapshot");
        assert_eq!(held.get(), Some(&"answer"));
        assert_eq!(held.arrived(), Some(now));
        // A 401 hides a seeded value, never one that arrived.
        assert!(!held.forget_seed());
        assert_eq!(held.get(), Some(&"answer"));
        let mut seeded = Held::default();
        seeded.seed("snapshot");
        assert!(seeded.forget_seed());
        assert_eq!(seeded.get(), None);
    }
}
