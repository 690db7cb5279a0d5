//! A snapshot seeded in parts (issue 34 §3): its first groups at once
//! ([`GroupList::seed_head`]), the rest in slices as it is read off the
//! loop ([`GroupList::seed_more`]), the last of them ending it
//! ([`GroupList::seed_rest`]). The list then holds what it would had the
//! whole been seeded at once, with what pages said meanwhile: a page's
//! group wins, and each of the snapshot's counts as one page listing it.

use super::{GroupList, Row};
use chrono::{DateTime, Utc};
use crmdeck_model::Group;
use std::collections::hash_map::Entry;
use std::sync::Arc;

impl GroupList {
    /// [`Self::seed`] of a snapshot's first groups, its rest to come: the
    /// list shows them, but is not a whole snapshot's
    /// ([`Self::seeded_whole`]) until [`Self::seed_rest`].
    pub fn seed_head(
        &mut self,
        groups: impl IntoIterator<Item = impl Into<Arc<Group>>>,
        as_of: DateTime<Utc>,
    ) -> bool {
        let taken = self.seed(groups, as_of);
        if let Some(seed) = self.seed.as_mut().filter(|_| taken) {
            seed.head = Some(seed.ids.iter().copied().collect());
        }
        taken
    }

    /// More of the snapshot whose head the list shows, read after it:
    /// what they add is held as the head is (appended to the seed's
    /// order); a group a page listed meanwhile keeps the page's, and a
    /// group the snapshot listed already is not listed twice. Taken only
    /// while the list shows that head (not after a walk read every page,
    /// nor after a 401 took it away); returns whether they were taken.
    /// Work in the slice's size, whatever the list holds.
    pub fn seed_more(&mut self, groups: impl IntoIterator<Item = impl Into<Arc<Group>>>) -> bool {
        let Some(seed) = self.seed.as_mut() else {
            return false;
        };
        let Some(seeded) = seed.head.as_mut() else {
            return false;
        };
        for group in groups {
            let mut group = group.into();
            if !seeded.insert(group.id) {
                continue;
            }
            seed.ids.push(group.id);
            match self.rows.entry(group.id) {
                // As if seeded before the page came: one more listing it.
                Entry::Occupied(mut row) => row.get_mut().pages += 1,
                Entry::Vacant(row) => {
                    self.courses.share(&mut group);
                    row.insert(Row {
                        group: Some(group),
                        pages: 1,
                    });
                }
            }
        }
        true
    }

    /// The last of the snapshot whose head the list shows ([`Self::seed_more`]):
    /// the list then shows a whole snapshot. Returns whether it was taken.
    pub fn seed_rest(&mut self, groups: impl IntoIterator<Item = impl Into<Arc<Group>>>) -> bool {
        let taken = self.seed_more(groups);
        if let Some(seed) = self.seed.as_mut().filter(|_| taken) {
            seed.head = None;
        }
        taken
    }

    /// Whether the list shows a whole snapshot (seeded, not only its head):
    /// a comparison may call a group gone by it.
    pub fn seeded_whole(&self) -> bool {
        self.seed.as_ref().is_some_and(|seed| seed.head.is_none())
    }

    /// The snapshot's groups the list shows, by id, in the snapshot's
    /// order (those a page listed since among them): a row of the
    /// screen's is made for each as it comes ([`Self::seed_more`]).
    pub fn seeded_ids(&self) -> &[i64] {
        self.seed.as_ref().map_or(&[], |seed| &seed.ids)
    }
}
