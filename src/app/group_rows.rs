//! The groups of one of the store's lists made ready to draw: every cell
//! formatted, sanitised and measured once, when its page arrives, so a
//! frame only copies the visible rows' clusters into the screen buffer.
//!
//! The groups themselves stay in the store, once: a row knows its group by
//! id, and the detail looks the group up there. A page that arrives makes
//! only its own rows again; the others are kept.

use crate::domain::columns::groups::COLUMNS;
use crate::domain::columns::{NaturalWidths, ScreenRow, ScreenTable};
use crate::domain::format::RowFormat;
use crate::model::{Group, GroupStatus};
use crate::store::GroupList;
use std::collections::{HashMap, HashSet};

/// The rows of one list of groups, in the order they were made.
#[derive(Debug, Clone, Default)]
pub struct GroupRows {
    /// A row per group (see [`COLUMNS`]).
    pub table: ScreenTable,
    /// The group of each row, by id.
    ids: Vec<i64>,
    /// Whether the group of each row is archived.
    archived: Vec<bool>,
    /// The row of each group.
    index_of: HashMap<i64, usize>,
    /// The rows in the list's order (the server's pages, in page order).
    pub listed: Vec<usize>,
    /// The groups are of more than one branch (the branch column shows).
    pub several_branches: bool,
}

impl GroupRows {
    /// Brings the rows up to `list`: a row for each group it holds, made
    /// anew for the groups of `fresh` (a page that just arrived), kept for
    /// the others; the rows of groups no longer listed go.
    pub fn sync(&mut self, list: &GroupList, fresh: &HashSet<i64>, format: &RowFormat) {
        let mut listed = Vec::with_capacity(list.len());
        let mut first_branch = None;
        self.several_branches = false;
        for group in list.groups() {
            match first_branch {
                None => first_branch = Some(group.branch_id),
                Some(branch) => self.several_branches |= branch != group.branch_id,
            }
            let index = match self.index_of.get(&group.id) {
                Some(&index) => {
                    if fresh.contains(&group.id) {
                        self.table.rows[index] = ScreenRow::new(COLUMNS, group, format);
                        self.archived[index] = is_archived(group);
                    }
                    index
                }
                None => self.push(group, format),
            };
            listed.push(index);
        }
        self.listed = listed;
        if self.ids.len() > self.listed.len() {
            self.drop_unlisted();
        }
        self.table.widths = NaturalWidths::of(&self.table.rows);
    }

    /// Every row made again from `list` (the zone of the times changed).
    pub fn rebuild(&mut self, list: Option<&GroupList>, format: &RowFormat) {
        *self = Self::default();
        if let Some(list) = list {
            self.sync(list, &HashSet::new(), format);
        }
    }

    /// The group of each row, by id.
    pub fn ids(&self) -> &[i64] {
        &self.ids
    }

    /// The group of row `index`.
    pub fn id(&self, index: usize) -> Option<i64> {
        self.ids.get(index).copied()
    }

    /// The row of group `id`.
    pub fn index(&self, id: i64) -> Option<usize> {
        self.index_of.get(&id).copied()
    }

    /// True when the group of row `index` is archived.
    pub fn archived(&self, index: usize) -> bool {
        self.archived.get(index).copied().unwrap_or(false)
    }

    /// Rows held.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    fn push(&mut self, group: &Group, format: &RowFormat) -> usize {
        let index = self.ids.len();
        self.table.rows.push(ScreenRow::new(COLUMNS, group, format));
        self.ids.push(group.id);
        self.archived.push(is_archived(group));
        self.index_of.insert(group.id, index);
        index
    }

    /// Keeps only the rows listed, in the list's order.
    fn drop_unlisted(&mut self) {
        let rows = std::mem::take(&mut self.table.rows);
        let mut taken: Vec<Option<ScreenRow>> = rows.into_iter().map(Some).collect();
        let (ids, archived) = (
            std::mem::take(&mut self.ids),
            std::mem::take(&mut self.archived),
        );
        self.index_of.clear();
        for (new, &old) in self.listed.iter().enumerate() {
            if let Some(row) = taken[old].take() {
                self.table.rows.push(row);
            }
            self.ids.push(ids[old]);
            self.archived.push(archived[old]);
            self.index_of.insert(ids[old], new);
        }
        self.listed = (0..self.ids.len()).collect();
    }
}

fn is_archived(group: &Group) -> bool {
    group.status == GroupStatus::Archive
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::fixtures::{group, groups_page};
    use crate::model::GroupsQuery;
    use crate::store::WalkPolicy;
    use std::time::{Duration, Instant};

    fn format() -> RowFormat {
        RowFormat {
            language: crate::domain::Language::En,
            zone: "Asia/Tashkent".parse().unwrap(),
        }
    }

    #[test]
    fn rows_follow_the_list_in_page_order_and_only_fresh_ones_are_made_again() {
        let mut list = GroupList::new(Some(1), 2, WalkPolicy::default());
        let start = Instant::now();
        list.walk(start);
        let query = |page| GroupsQuery {
            branch_id: Some(1),
            page,
            per_page: 2,
        };
        let plan = list.plan(start);
        assert_eq!(plan.ask, [query(1)]);
        list.accept(groups_page(query(1), 5), start);
        let mut rows = GroupRows::default();
        let none = HashSet::new();
        rows.sync(&list, &none, &format());
        assert_eq!((rows.len(), rows.listed.clone()), (2, vec![0, 1]));
        // Page 3 arrives before page 2: listed in page order all the same.
        list.plan(start);
        list.accept(groups_page(query(3), 5), start);
        rows.sync(&list, &none, &format());
        list.accept(groups_page(query(2), 5), start);
        rows.sync(&list, &none, &format());
        let ids: Vec<i64> = rows.listed.iter().map(|&i| rows.id(i).unwrap()).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5]);
        assert_eq!(rows.index(5), Some(2), "made when page 3 came");

        // Group 3 archived on a fresh page 2: only its rows are made again.
        let mut page = groups_page(query(2), 5);
        page.groups[0] = Group {
            status: GroupStatus::Archive,
            ..group(3)
        };
        let later = start + Duration::from_secs(1);
        list.walk(later);
        list.plan(later);
        list.accept(groups_page(query(1), 5), later);
        list.plan(later);
        list.accept(page, later);
        assert!(!rows.archived(rows.index(3).unwrap()));
        rows.sync(&list, &HashSet::new(), &format());
        assert!(!rows.archived(rows.index(3).unwrap()), "not fresh: kept");
        rows.sync(&list, &HashSet::from([3, 4]), &format());
        assert!(rows.archived(rows.index(3).unwrap()));
    }

    #[test]
    fn rows_of_groups_no_longer_listed_go() {
        let mut list = GroupList::new(None, 10, WalkPolicy::default());
        let start = Instant::now();
        let query = GroupsQuery {
            branch_id: None,
            page: 1,
            per_page: 10,
        };
        list.walk(start);
        list.plan(start);
        list.accept(groups_page(query, 4), start);
        let mut rows = GroupRows::default();
        rows.sync(&list, &HashSet::new(), &format());
        assert_eq!(rows.len(), 4);
        let later = start + Duration::from_secs(1);
        list.walk(later);
        list.plan(later);
        list.accept(groups_page(query, 2), later);
        rows.sync(&list, &HashSet::new(), &format());
        assert_eq!((rows.len(), rows.listed.clone()), (2, vec![0, 1]));
        assert_eq!((rows.id(1), rows.index(3)), (Some(2), None));
        assert_eq!(rows.table.rows.len(), 2);
    }
}
