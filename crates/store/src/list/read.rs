//! What a list holds, as its readers see it: the groups in the server's
//! order (each with where it is listed), the pages missing, the walk's
//! progress and the facts the server gave.

use super::{Fetch, GroupList};
use crate::walk::{Progress, WalkPolicy};
use crmdeck_model::Group;
use foldhash::fast::RandomState;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

/// Where a group is listed: the page and its place on it. A group that
/// only the snapshot lists comes after every page, in the snapshot's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Listed {
    pub page: u64,
    pub at: u32,
}

impl Listed {
    /// The snapshot's `at`th group.
    pub fn seeded(at: u32) -> Self {
        Self { page: u64::MAX, at }
    }

    /// Listed by the snapshot alone.
    pub fn is_seeded(self) -> bool {
        self.page == u64::MAX
    }
}

impl GroupList {
    /// The missing pages, each with its cause.
    pub fn missing(&self) -> Vec<(u64, &str)> {
        self.pages
            .iter()
            .filter_map(|(&number, page)| match &page.fetch {
                Fetch::Missing(cause) => Some((number, cause.as_str())),
                _ => None,
            })
            .collect()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            read: self
                .pages
                .values()
                .filter(|page| page.read_since(self.started))
                .count() as u64,
            pages: self.total_pages,
            missing: self.missing().len() as u64,
            in_flight: self.in_flight(),
        }
    }

    /// Every group once, in page order (a group listed on two pages shows
    /// where it was listed first), each as its latest answer has it; then
    /// those of the snapshot no page read yet lists.
    pub fn groups(&self) -> impl Iterator<Item = &Group> {
        self.shared_groups().map(Arc::as_ref)
    }

    /// [`Self::groups`], each shared (a snapshot keeps them without a copy).
    pub fn shared_groups(&self) -> impl Iterator<Item = &Arc<Group>> {
        self.listed().map(|(_, group)| group)
    }

    /// [`Self::shared_groups`], each with where it is listed.
    pub fn listed(&self) -> impl Iterator<Item = (Listed, &Arc<Group>)> {
        self.listed_ids().filter_map(|(listed, id)| {
            let group = self.rows.get(&id)?.group.as_ref()?;
            Some((listed, group))
        })
    }

    /// The id of every group held, once, in the order of [`Self::groups`]
    /// (also when the groups are handed over).
    pub fn ids(&self) -> impl Iterator<Item = i64> {
        self.listed_ids().map(|(_, id)| id)
    }

    /// The ids page `number` listed in its last answer, in its order.
    pub fn page_ids(&self, number: u64) -> &[i64] {
        self.pages.get(&number).map_or(&[], |page| &page.ids)
    }

    /// Every id held, once, with where it is listed first.
    fn listed_ids(&self) -> impl Iterator<Item = (Listed, i64)> {
        // Every id once: foldhash, not SipHash (at 100,000 groups SipHash
        // was the most of listing them for the Week and Today tabs).
        let mut seen = HashSet::with_capacity_and_hasher(self.rows.len(), RandomState::default());
        let paged = self.pages.iter().flat_map(|(&page, held)| {
            (0u32..)
                .zip(&held.ids)
                .map(move |(at, id)| (Listed { page, at }, *id))
        });
        let seeded = self.seed.iter().flat_map(|seed| {
            (0u32..)
                .zip(&seed.ids)
                .map(|(at, id)| (Listed::seeded(at), *id))
        });
        paged
            .chain(seeded)
            .filter(move |(_, id)| seen.insert(*id) && self.rows.contains_key(id))
    }

    /// The group `id`, as its latest answer has it.
    pub fn group(&self, id: i64) -> Option<&Group> {
        self.rows.get(&id).and_then(|row| row.group.as_deref())
    }

    /// The number of groups held.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn branch_id(&self) -> Option<i64> {
        self.branch_id
    }

    /// The total the server announced last.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// The rules this list's walks follow.
    pub fn policy(&self) -> WalkPolicy {
        self.policy
    }

    /// The groups this walk expects to hold: the total announced, within
    /// the ceiling (`max_groups`).
    pub fn expected_len(&self) -> Option<usize> {
        let total = self.total?.min(self.policy.max_groups);
        usize::try_from(total).ok()
    }

    /// The page size the server honours, once it said.
    pub fn per_page(&self) -> Option<u32> {
        self.per_page
    }

    /// When page `number` last arrived.
    pub fn arrived(&self, number: u64) -> Option<Instant> {
        self.pages.get(&number).and_then(|page| page.arrived)
    }
}
