//! The groups of one of the store's lists made ready to draw: every cell
//! formatted, sanitised and measured once, when its page arrives, so a
//! frame only copies the visible rows' clusters into the screen buffer.
//!
//! The groups themselves stay in the store, once: a row knows its group by
//! id, and the detail looks the group up there. A page that arrives makes
//! only its own rows, in time of the page's size ([`GroupRows::take_page`]);
//! only a page that moved rows (a group now listed elsewhere, or no longer
//! listed) brings the rows up to the whole list again ([`GroupRows::sync`]).

use crate::domain::query::CourseWordsByName;
use crate::model::{Group, GroupStatus};
use crate::present::cell_text::SharedTexts;
use crate::present::columns::groups::screen_row;
use crate::present::columns::{NaturalWidths, ScreenRow, ScreenTable};
use crate::present::format::RowFormat;
use crate::store::{GroupList, Listed};
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
    /// Where the list lists the group of each row (the server's order).
    listed: Vec<Listed>,
    /// The rows listed on each page (the snapshot's under its own page).
    on_page: HashMap<u64, usize>,
    /// The row of each group.
    index_of: HashMap<i64, usize>,
    /// The branch of the first row, once there is one.
    first_branch: Option<Option<i64>>,
    /// The groups are of more than one branch (the branch column shows).
    pub several_branches: bool,
    /// The texts that repeat down the columns, held once for all rows.
    texts: SharedTexts,
    /// The courses' names the query looks in, one copy each.
    courses: CourseWordsByName,
    /// How many of the list's seeded groups (`GroupList::seeded_ids`)
    /// the rows were made for (the rest of a snapshot comes in slices).
    seeded: usize,
}

/// What a page that arrived did to the rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageRows {
    /// Rows made for the groups new to the list, and made again for the
    /// groups it held, each where the list lists it.
    Placed {
        added: Vec<usize>,
        remade: Vec<usize>,
    },
    /// The page moved rows (a group listed elsewhere now, or no longer):
    /// the rows were brought up to the whole list.
    Moved,
}

impl GroupRows {
    /// Brings the rows up to `list`: a row for each group it holds, made
    /// anew for the groups of `fresh` (a page that just arrived), kept for
    /// the others; the rows of groups no longer listed go, and the rows
    /// left are in the list's order.
    pub fn sync(&mut self, list: &GroupList, fresh: &HashSet<i64>, format: &RowFormat) {
        let mut in_order = Vec::with_capacity(list.len());
        self.first_branch = None;
        self.several_branches = false;
        self.on_page.clear();
        for (listed, group) in list.listed() {
            let index = match self.index_of.get(&group.id) {
                Some(&index) => {
                    if fresh.contains(&group.id) {
                        self.table.rows[index] = self.row(group, format);
                        self.archived[index] = is_archived(group);
                    }
                    self.listed[index] = listed;
                    index
                }
                None => self.push(group, listed, format),
            };
            self.note_branch(group);
            *self.on_page.entry(listed.page).or_default() += 1;
            in_order.push(index);
        }
        if self.ids.len() > in_order.len() {
            self.keep_only(&in_order);
        }
        self.seeded = list.seeded_ids().len();
        self.measure();
    }

    /// Rows for the snapshot's groups seeded into `list` since the rows
    /// last took them (a slice of a large snapshot, issue 34 §3), each
    /// where the snapshot lists it; a group that has a row already (a page
    /// listed it) keeps it. Returns the rows made: work in the slice's
    /// size, whatever the list holds.
    pub fn take_seeded(&mut self, list: &GroupList, format: &RowFormat) -> Vec<usize> {
        let ids = list.seeded_ids();
        // Fewer than taken: another snapshot's seed, taken from its start.
        let from = if self.seeded > ids.len() {
            0
        } else {
            self.seeded
        };
        if let Some(len) = list.expected_len() {
            self.reserve(len);
        }
        let mut added = Vec::new();
        for (at, id) in (0u32..).zip(ids).skip(from) {
            let Some(group) = list.group(*id).filter(|_| !self.index_of.contains_key(id)) else {
                continue;
            };
            let listed = Listed::seeded(at);
            let index = self.push(group, listed, format);
            self.table.widths.grow(&self.table.rows[index]);
            *self.on_page.entry(listed.page).or_default() += 1;
            self.note_branch(group);
            added.push(index);
        }
        self.seeded = ids.len();
        added
    }

    /// Page `number` of `list` arrived (the list took it already): its
    /// rows made, each in its place, when no other row moved; else the
    /// rows brought up to the whole list ([`PageRows::Moved`]). Before the
    /// call the rows are still as they were: [`Self::held_of`] names those
    /// the page makes again.
    pub fn take_page(&mut self, list: &GroupList, number: u64, format: &RowFormat) -> PageRows {
        let ids = list.page_ids(number);
        let mut new = 0;
        let mut kept_here = 0;
        for (at, id) in (0u32..).zip(ids) {
            match self.index_of.get(id).map(|&index| self.listed[index]) {
                None => new += 1,
                Some(listed) if listed == (Listed { page: number, at }) => kept_here += 1,
                Some(listed) if listed.is_seeded() => {}
                // Listed elsewhere (earlier, or at another place here).
                Some(_) => return self.moved(list, ids, format),
            }
        }
        let held_here = self.on_page.get(&number).copied().unwrap_or(0);
        if kept_here != held_here || self.ids.len() + new != list.len() {
            // A group the page listed is gone from it.
            return self.moved(list, ids, format);
        }
        self.reserve(list.expected_len().unwrap_or(0));
        let (mut added, mut remade) = (Vec::new(), Vec::new());
        for (at, id) in (0u32..).zip(ids) {
            let Some(group) = list.group(*id) else {
                continue;
            };
            let listed = Listed { page: number, at };
            match self.index_of.get(id).copied() {
                Some(index) => {
                    let row = self.row(group, format);
                    self.table.widths.grow(&row);
                    self.table.rows[index] = row;
                    self.archived[index] = is_archived(group);
                    if self.listed[index] != listed {
                        self.count_off(self.listed[index].page);
                        *self.on_page.entry(number).or_default() += 1;
                        self.listed[index] = listed;
                    }
                    remade.push(index);
                }
                None => {
                    let index = self.push(group, listed, format);
                    self.table.widths.grow(&self.table.rows[index]);
                    *self.on_page.entry(number).or_default() += 1;
                    added.push(index);
                }
            }
            self.note_branch(group);
        }
        PageRows::Placed { added, remade }
    }

    /// The rows of the groups page `number` of `list` lists that are held
    /// already: those [`Self::take_page`] makes again.
    pub fn held_of(&self, list: &GroupList, number: u64) -> Vec<usize> {
        let ids = list.page_ids(number);
        ids.iter().filter_map(|id| self.index(*id)).collect()
    }

    /// Every row made again from `list` (the zone of the times changed).
    pub fn rebuild(&mut self, list: Option<&GroupList>, format: &RowFormat) {
        *self = Self::default();
        if let Some(list) = list {
            self.sync(list, &HashSet::new(), format);
        }
    }

    /// The widest cells measured again over every row: a walk's pages
    /// only widen the columns ([`Self::take_page`]); once it ended a
    /// column made narrower by a page that came again fits again.
    pub fn measure(&mut self) {
        self.table.widths = NaturalWidths::of(&self.table.rows);
    }

    /// Where the list lists the group of row `index`.
    pub fn listed(&self, index: usize) -> Listed {
        self.listed[index]
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

    /// [`PageRows::Moved`]: the rows brought up to `list`, the page's
    /// groups (`ids`) made again.
    fn moved(&mut self, list: &GroupList, ids: &[i64], format: &RowFormat) -> PageRows {
        let fresh: HashSet<i64> = ids.iter().copied().collect();
        self.sync(list, &fresh, format);
        PageRows::Moved
    }

    /// Room for `len` rows in all: a walk's table is not grown twice over
    /// (with a copy each time) as its pages come.
    fn reserve(&mut self, len: usize) {
        let more = len.saturating_sub(self.ids.len());
        if more > 0 && self.ids.capacity() < len {
            self.table.rows.reserve_exact(more);
            self.ids.reserve_exact(more);
            self.archived.reserve_exact(more);
            self.listed.reserve_exact(more);
            self.index_of.reserve(more);
        }
    }

    fn push(&mut self, group: &Group, listed: Listed, format: &RowFormat) -> usize {
        let index = self.ids.len();
        let row = self.row(group, format);
        self.table.rows.push(row);
        self.ids.push(group.id);
        self.archived.push(is_archived(group));
        self.listed.push(listed);
        self.index_of.insert(group.id, index);
        index
    }

    /// The row of `group`, its texts shared with the rows held.
    fn row(&mut self, group: &Group, format: &RowFormat) -> ScreenRow {
        let mut row = screen_row(group, format, &mut self.courses);
        row.share_texts(&mut self.texts);
        row
    }

    fn note_branch(&mut self, group: &Group) {
        match self.first_branch {
            None => self.first_branch = Some(group.branch_id),
            Some(branch) => self.several_branches |= branch != group.branch_id,
        }
    }

    fn count_off(&mut self, page: u64) {
        if let Some(count) = self.on_page.get_mut(&page) {
            *count = count.saturating_sub(1);
        }
    }

    /// Keeps only the rows `in_order` names, in that order.
    fn keep_only(&mut self, in_order: &[usize]) {
        let rows = std::mem::take(&mut self.table.rows);
        let mut taken: Vec<Option<ScreenRow>> = rows.into_iter().map(Some).collect();
        let (ids, archived, listed) = (
            std::mem::take(&mut self.ids),
            std::mem::take(&mut self.archived),
            std::mem::take(&mut self.listed),
        );
        self.index_of.clear();
        for (new, &old) in in_order.iter().enumerate() {
            if let Some(row) = taken[old].take() {
                self.table.rows.push(row);
            }
            self.ids.push(ids[old]);
            self.archived.push(archived[old]);
            self.listed.push(listed[old]);
            self.index_of.insert(ids[old], new);
        }
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
            language: crate::present::Language::En,
            zone: "Asia/Tashkent".parse().unwrap(),
        }
    }

    fn query(page: u64) -> GroupsQuery {
        GroupsQuery {
            branch_id: Some(1),
            page,
            per_page: 2,
        }
    }

    /// The ids of the rows in the list's order.
    fn in_list_order(rows: &GroupRows) -> Vec<i64> {
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by_key(|&row| rows.listed(row));
        order.iter().map(|&row| rows.id(row).unwrap()).collect()
    }

    #[test]
    fn a_page_makes_only_its_own_rows_each_where_the_list_lists_it() {
        let mut list = GroupList::new(Some(1), 2, WalkPolicy::default());
        let start = Instant::now();
        list.walk(start);
        assert_eq!(list.plan(start).ask, [query(1)]);
        list.accept(groups_page(query(1), 5), start);
        let mut rows = GroupRows::default();
        let placed = rows.take_page(&list, 1, &format());
        assert_eq!(
            placed,
            PageRows::Placed {
                added: vec![0, 1],
                remade: vec![]
            }
        );
        // Page 3 arrives before page 2: listed in page order all the same.
        list.plan(start);
        list.accept(groups_page(query(3), 5), start);
        rows.take_page(&list, 3, &format());
        list.accept(groups_page(query(2), 5), start);
        let placed = rows.take_page(&list, 2, &format());
        assert_eq!(
            placed,
            PageRows::Placed {
                added: vec![3, 4],
                remade: vec![]
            }
        );
        assert_eq!(in_list_order(&rows), [1, 2, 3, 4, 5]);
        assert_eq!(rows.index(5), Some(2), "made when page 3 came");
        assert_eq!(rows.listed(2), Listed { page: 3, at: 0 });

        // Group 3 archived on page 2 read again: only its rows made again.
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
        assert_eq!(rows.held_of(&list, 2), [3, 4]);
        assert!(!rows.archived(3));
        let placed = rows.take_page(&list, 2, &format());
        assert_eq!(
            placed,
            PageRows::Placed {
                added: vec![],
                remade: vec![3, 4]
            }
        );
        assert!(rows.archived(3));
        assert_eq!(in_list_order(&rows), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_page_that_moves_or_drops_a_group_brings_the_rows_up_to_the_list() {
        let mut list = GroupList::new(Some(1), 2, WalkPolicy::default());
        let start = Instant::now();
        list.walk(start);
        list.plan(start);
        list.accept(groups_page(query(1), 4), start);
        let mut rows = GroupRows::default();
        rows.take_page(&list, 1, &format());
        list.plan(start);
        list.accept(groups_page(query(2), 4), start);
        rows.take_page(&list, 2, &format());
        assert_eq!(rows.len(), 4);
        // Page 1 again, now listing 2 and 3 (3 was page 2's): moved.
        let later = start + Duration::from_secs(1);
        list.walk(later);
        list.plan(later);
        let mut page = groups_page(query(1), 4);
        page.groups = vec![group(2), group(3)];
        list.accept(page, later);
        assert_eq!(rows.take_page(&list, 1, &format()), PageRows::Moved);
        assert_eq!(in_list_order(&rows), [2, 3, 4]);
        assert_eq!((rows.len(), rows.index(1)), (3, None));
        assert_eq!(rows.table.rows.len(), 3);
    }

    #[test]
    fn widths_grow_with_each_page_and_fit_again_once_measured() {
        let mut list = GroupList::new(Some(1), 2, WalkPolicy::default());
        let start = Instant::now();
        list.walk(start);
        list.plan(start);
        let mut page = groups_page(query(1), 2);
        page.groups[0].name = "a much longer name than any other".into();
        list.accept(page, start);
        let mut rows = GroupRows::default();
        rows.take_page(&list, 1, &format());
        let wide = rows.table.widths.clone();
        // The long name comes again shorter: the column keeps its width
        // until measured, then fits.
        list.walk(start);
        list.plan(start);
        list.accept(groups_page(query(1), 2), start);
        rows.take_page(&list, 1, &format());
        assert_eq!(rows.table.widths, wide);
        rows.measure();
        assert_ne!(rows.table.widths, wide);
        assert_eq!(rows.table.widths, NaturalWidths::of(&rows.table.rows));
    }
}
