//! What every list tab does the same way: the selection and its scroll, the
//! filter input, the sort, the detail's focus and scroll, a click on a row,
//! and the selection kept on the same record when the rows change. A tab
//! owns its records and their rows (a [`ScreenTable`] of its kind's
//! columns) and says which records its own filters admit; the pane keeps
//! the rest: the filter looks in the columns marked filtered, the sort
//! cycles through the sortable ones.

use super::document::{DocLine, scrolled};
use super::keymap::Action;
use super::layout::Layout;
use super::list_cursor::{ListCursor, Movement};
use super::row_order::RowOrder;
use super::shared::Shared;
use super::text_input::{Edit, QueryInput};
use crate::domain::query::{Matcher, Term, Unfound};
use crate::domain::script::fold;
use crate::present::columns::{BranchNames, Column, ScreenTable, SortColumn};
use crossterm::event::KeyEvent;
use std::cmp::Ordering;

/// What of a list tab has the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    List,
    /// Typing the filter.
    Filter,
    /// The selected record's detail.
    Detail,
}

/// What a key did to the pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    /// Not a key every list takes: the tab's own.
    Nothing,
    Handled,
    /// The filter changed: the tab computes the rows that show again.
    Refilter,
    /// Esc with nothing of the list to undo: the tab clears the status line.
    Dismiss,
}

/// The list part of a list tab.
#[derive(Debug, Clone, Default)]
pub struct ListPane {
    /// The records that show (pass the filters), in order, as indices into
    /// the tab's records.
    pub visible: RowOrder,
    pub cursor: ListCursor,
    /// The user put the selection where it is (a move, a click, a sort).
    /// Until then it is the first row, whatever arrives above it: a list
    /// that fills while it is looked at opens at its top.
    pub chosen: bool,
    /// The filter as typed, and the query it reads as (parsed per edit).
    pub filter: QueryInput,
    /// The filter input has the focus.
    pub filtering: bool,
    /// The detail (full-screen, or the pane at wide sizes) has the focus.
    pub detail_focused: bool,
    pub detail_scroll: usize,
    /// The column the rows are sorted by (None: the order they came in).
    pub sort: Option<SortColumn>,
    /// The rows in the reverse order.
    pub descending: bool,
    /// The filter's text words no row looked at holds: the filter line
    /// names them ([`Self::look_for_words`]).
    pub unfound: Unfound,
}

impl ListPane {
    /// The selected record (an index into the tab's records).
    pub fn selected(&self) -> Option<usize> {
        self.visible.get(self.cursor.index)
    }

    /// What has the keys.
    pub fn focus(&self) -> Focus {
        if self.filtering {
            Focus::Filter
        } else if self.detail_focused && self.selected().is_some() {
            Focus::Detail
        } else {
            Focus::List
        }
    }

    /// True when the filter line is drawn (typing, or a filter applies).
    pub fn filter_line_shown(&self) -> bool {
        self.filtering || !self.filter.is_empty()
    }

    /// The filter's text words as matched (its field words are no text to
    /// find): folded to one script (`domain::script`), a space apart.
    pub fn filter_text(&self) -> String {
        let words = self
            .filter
            .query()
            .terms
            .iter()
            .filter_map(|term| match term {
                Term::Text(text) => Some(fold(text)),
                _ => None,
            });
        words.collect::<Vec<_>>().join(" ")
    }

    /// Rows of the list on screen.
    pub fn height(&self, layout: &Layout) -> usize {
        usize::from(layout.list(self.filter_line_shown()).rows.height)
    }

    /// Sorts by the next sortable one of `columns`, after the last by none.
    /// A sort is the user's: the selection stays on its record from now on.
    pub fn cycle_sort<R, F>(&mut self, columns: &[Column<R, F>]) {
        self.sort = SortColumn::next(columns, self.sort);
        self.chosen = true;
    }

    /// Reverses the order of the rows, the selection on its record.
    pub fn reverse(&mut self) {
        self.descending = !self.descending;
        self.chosen = true;
    }

    /// Sorts by the column called `column` (`:sort`); false when no
    /// sortable column is so called.
    pub fn sort_by<R, F>(
        &mut self,
        columns: &[Column<R, F>],
        column: &str,
        descending: bool,
    ) -> bool {
        let Some(sort) = SortColumn::named(columns, column) else {
            return false;
        };
        (self.sort, self.descending) = (Some(sort), descending);
        self.chosen = true;
        true
    }

    /// Filters by `filter` (`:filter`'s, parsed already), the filter input
    /// closed.
    pub fn set_filter(&mut self, filter: &QueryInput) {
        self.filter = filter.clone();
        self.filtering = false;
    }

    /// No filter, the filter input closed.
    pub fn clear_filter(&mut self) {
        self.filter.clear();
        self.filtering = false;
    }

    /// The records shown, in order, as indices into the tab's records.
    pub fn shown(&self) -> impl Iterator<Item = usize> + '_ {
        self.visible.iter()
    }

    /// Shows the rows of `table` (one per record) that `admits` lets through
    /// and whose filtered columns hold the filter, in the sort's order
    /// (branches named from `branch_names`); the selection as [`Self::show`]
    /// keeps it.
    pub fn show_rows(
        &mut self,
        table: &ScreenTable,
        admits: impl Fn(usize) -> bool,
        branch_names: &BranchNames,
        kept: impl Fn(usize) -> bool,
        layout: &Layout,
    ) -> bool {
        let records = (0..table.rows.len()).collect();
        let order = self.sorted(table, records, branch_names, |record| record);
        self.show_matching(table, &order, admits, branch_names, kept, layout)
    }

    /// `records` (indices into `table`) in the sort's order, equal keys in
    /// the order `listed` gives them (where each came); reversed when
    /// descending. The same order as [`Self::order`].
    pub fn sorted<K: Ord>(
        &self,
        table: &ScreenTable,
        mut records: Vec<usize>,
        branch_names: &BranchNames,
        listed: impl Fn(usize) -> K,
    ) -> Vec<usize> {
        match self.sort {
            Some(column) => {
                let rows = &table.rows;
                records.sort_by_cached_key(|&record| {
                    (rows[record].order(column, branch_names), listed(record))
                });
            }
            None => records.sort_by_key(|&record| listed(record)),
        }
        if self.descending {
            records.reverse();
        }
        records
    }

    /// The order of [`Self::sorted`] between two records, for placing one
    /// record among records sorted already.
    pub fn order<'a, K: Ord, L: Fn(usize) -> K + 'a>(
        &self,
        table: &'a ScreenTable,
        branch_names: &'a BranchNames,
        listed: L,
    ) -> impl Fn(usize, usize) -> Ordering + use<'a, K, L> {
        let (sort, descending) = (self.sort, self.descending);
        move |a, b| {
            let by_key = sort.map_or(Ordering::Equal, |column| {
                let order = |record: usize| table.rows[record].order(column, branch_names);
                order(a).cmp(&order(b))
            });
            let order = by_key.then_with(|| listed(a).cmp(&listed(b)));
            if descending { order.reverse() } else { order }
        }
    }

    /// The filters' test of one record of `table`: `admits` it and its
    /// filtered columns hold the filter (a branch by its name).
    pub fn passes<'a, A: Fn(usize) -> bool + 'a>(
        &self,
        table: &'a ScreenTable,
        admits: A,
        branch_names: &BranchNames,
    ) -> impl Fn(usize) -> bool + use<'a, A> {
        let filter = Matcher::new(self.filter.query(), branch_names);
        move |record| admits(record) && (filter.is_empty() || table.rows[record].matches(&filter))
    }

    /// Looks for the filter's text words in the rows of `table`: in every
    /// row, the words taken anew from the filter (`records` None: the rows
    /// were filtered again), or in the rows of `records` that arrived, for
    /// words not found yet. A pass stops once every word is found, and is
    /// made only while no row shows.
    pub fn look_for_words(
        &mut self,
        table: &ScreenTable,
        records: Option<&[usize]>,
        branch_names: &BranchNames,
    ) {
        if records.is_none() {
            self.unfound = Unfound::new(self.filter.query());
        }
        // A row shown holds every word of the filter: only an empty list
        // costs a pass (a keystroke over every row, once more).
        if !self.visible.is_empty() {
            self.unfound = Unfound::default();
        }
        if self.unfound.is_empty() {
            return;
        }
        let filter = Matcher::new(self.filter.query(), branch_names);
        let mut look = |record: usize| {
            if let Some(row) = table.rows.get(record) {
                row.look(&filter, &mut self.unfound);
            }
            !self.unfound.is_empty()
        };
        match records {
            Some(records) => _ = records.iter().all(|&record| look(record)),
            None => _ = (0..table.rows.len()).all(look),
        }
    }

    /// Takes `records` out of `sorted` and of the records shown, found by
    /// `order` (before their rows change, so that they are found where
    /// they were placed).
    pub fn take_out(
        &mut self,
        sorted: &mut RowOrder,
        records: &[usize],
        order: impl Fn(usize, usize) -> Ordering,
    ) {
        for &record in records {
            for placed in [&mut *sorted, &mut self.visible] {
                let at = placed.partition_point(|other| order(other, record) == Ordering::Less);
                if placed.get(at) == Some(record) {
                    placed.remove(at);
                }
            }
        }
    }

    /// Puts `records` into `sorted`, and those that `passes` lets through
    /// into the records shown, each in its place by `order`: work of the
    /// records' number (and the log of the list's), not of the list. The
    /// selection stays on `kept` (the record selected before) when it
    /// still shows and the user chose it; until then, the first row.
    #[allow(clippy::too_many_arguments)]
    pub fn put_in(
        &mut self,
        sorted: &mut RowOrder,
        records: &[usize],
        order: impl Fn(usize, usize) -> Ordering,
        passes: impl Fn(usize) -> bool,
        kept: Option<usize>,
        layout: &Layout,
    ) {
        let place = |placed: &mut RowOrder, record: usize| {
            let at = placed.partition_point(|other| order(other, record) == Ordering::Less);
            placed.insert(at, record);
        };
        for &record in records {
            place(sorted, record);
            if passes(record) {
                place(&mut self.visible, record);
            }
        }
        let height = self.height(layout);
        let len = self.visible.len();
        let kept_at = kept.and_then(|kept| {
            let at = self
                .visible
                .partition_point(|other| order(other, kept) == Ordering::Less);
            (self.visible.get(at) == Some(kept)).then_some(at)
        });
        match kept_at {
            _ if !self.chosen => self.cursor.select(0, len, height),
            Some(at) => self.cursor.select(at, len, height),
            None => self.cursor.scroll_into_view(len, height),
        }
    }

    /// Shows the records of `order` (sorted already) that `admits` lets
    /// through and whose filtered columns of `table` hold the filter (a
    /// branch by its name in `branch_names`); the selection as
    /// [`Self::show`] keeps it.
    pub fn show_matching(
        &mut self,
        table: &ScreenTable,
        order: &[usize],
        admits: impl Fn(usize) -> bool,
        branch_names: &BranchNames,
        kept: impl Fn(usize) -> bool,
        layout: &Layout,
    ) -> bool {
        let passes = self.passes(table, admits, branch_names);
        let visible = order.iter().copied().filter(|&record| passes(record));
        self.show(visible.collect(), kept, layout)
    }

    /// Shows the records `visible`. The selection goes to the one `kept`
    /// picks (the record selected before the change) when it still shows,
    /// and true is returned; otherwise it stays where it was, within the
    /// list. Until the user [`chose`](Self::chosen) a row, the first.
    pub fn show(
        &mut self,
        visible: RowOrder,
        kept: impl Fn(usize) -> bool,
        layout: &Layout,
    ) -> bool {
        self.visible = visible;
        let height = self.height(layout);
        let len = self.visible.len();
        if !self.chosen {
            self.cursor.select(0, len, height);
            return self.visible.first().is_some_and(kept);
        }
        match self.visible.position(kept) {
            Some(index) => {
                self.cursor.select(index, len, height);
                true
            }
            None => {
                self.cursor.scroll_into_view(len, height);
                false
            }
        }
    }

    /// Moves the selection (list and filter) or scrolls the detail of the
    /// selected one of `records`, drawn as `document`. True when another
    /// record is selected: the detail then starts from its top.
    pub fn move_by<R>(
        &mut self,
        movement: Movement,
        records: &[R],
        document: impl FnOnce(&R) -> Vec<DocLine>,
        layout: &Layout,
    ) -> bool {
        if self.focus() == Focus::Detail {
            self.scroll_detail(movement, records, document, layout);
            return false;
        }
        let before = self.cursor.index;
        let height = self.height(layout);
        self.cursor.apply(movement, self.visible.len(), height);
        self.chosen = true;
        let changed = self.cursor.index != before;
        if changed {
            self.detail_scroll = 0;
        }
        changed
    }

    /// Scrolls the detail of the selected one of `records` within its
    /// content (built only here, when it is what moves).
    fn scroll_detail<R>(
        &mut self,
        movement: Movement,
        records: &[R],
        document: impl FnOnce(&R) -> Vec<DocLine>,
        layout: &Layout,
    ) {
        if let Some(record) = self.selected().and_then(|index| records.get(index)) {
            let lines = document(record);
            self.detail_scroll = scrolled(self.detail_scroll, movement, &lines, layout);
        }
    }

    /// After a resize: the selection back on screen, the detail's scroll
    /// within its content.
    pub fn fit<R>(
        &mut self,
        records: &[R],
        document: impl FnOnce(&R) -> Vec<DocLine>,
        layout: &Layout,
    ) {
        let height = self.height(layout);
        self.cursor.scroll_into_view(self.visible.len(), height);
        self.scroll_detail(Movement::By(0), records, document, layout);
    }

    /// A left click at (`column`, `row`): selects the row clicked, unless the
    /// detail covers the list. True when another record is selected.
    pub fn click(&mut self, column: u16, row: u16, layout: &Layout) -> bool {
        let rows = layout.list(self.filter_line_shown()).rows;
        let detail_covers_list = !layout.is_wide() && self.focus() == Focus::Detail;
        let inside =
            (rows.x..rows.right()).contains(&column) && (rows.y..rows.bottom()).contains(&row);
        if detail_covers_list || !inside {
            return false;
        }
        let index = self.cursor.offset + usize::from(row - rows.y);
        if index >= self.visible.len() || index == self.cursor.index {
            return false;
        }
        self.cursor
            .select(index, self.visible.len(), self.height(layout));
        self.chosen = true;
        self.detail_scroll = 0;
        true
    }

    /// Gives the detail of the selected record the focus.
    pub fn open_detail(&mut self) {
        if self.selected().is_some() {
            self.detail_focused = true;
            self.detail_scroll = 0;
        }
    }

    /// The keys every list takes the same way: `/` and Enter/Esc in the
    /// filter, Enter or `d` for the detail and Esc back from it, Esc in the
    /// list (dismisses the message shown, `message_shown`, then clears
    /// the filter).
    pub fn perform(&mut self, action: Action, message_shown: bool) -> Done {
        match (self.focus(), action) {
            (Focus::Filter, Action::Accept) => self.filtering = false,
            (Focus::Filter, Action::Back) => {
                self.filtering = false;
                self.filter.clear();
                return Done::Refilter;
            }
            (Focus::Detail, Action::Back) => self.detail_focused = false,
            (Focus::List, Action::Filter) => self.filtering = true,
            (Focus::List, Action::Open | Action::ShowDetails) => self.open_detail(),
            // The newest first: a message, then the filter.
            (Focus::List, Action::Back) if message_shown => return Done::Dismiss,
            (Focus::List, Action::Back) if !self.filter.is_empty() => {
                self.filter.clear();
                return Done::Refilter;
            }
            (Focus::List, Action::Back) => {}
            _ => return Done::Nothing,
        }
        Done::Handled
    }

    /// `action` done on the list as its key would ([`perform`](Self::perform),
    /// Esc dismissing the message shown first); true when the rows must be
    /// filtered again.
    pub fn act(&mut self, action: Action, shared: &mut Shared) -> bool {
        match self.perform(action, shared.status.current().is_some()) {
            Done::Refilter => true,
            Done::Dismiss => {
                shared.dismiss();
                false
            }
            Done::Nothing | Done::Handled => false,
        }
    }

    /// A key typed into the filter: true when its text changed.
    pub fn type_text(&mut self, key: &KeyEvent) -> bool {
        self.filter.handle(key) == Edit::Changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn pane_of(len: usize) -> ListPane {
        ListPane {
            visible: (0..len).collect::<RowOrder>(),
            ..ListPane::default()
        }
    }

    #[test]
    fn the_selection_follows_its_record_or_stays_in_the_list() {
        let layout = Layout::new((80, 24));
        let mut pane = pane_of(30);
        pane.move_by(Movement::Bottom, &[(); 0], |_| Vec::new(), &layout);
        assert_eq!(pane.selected(), Some(29));
        // Reversed: record 29 is first now.
        assert!(pane.show((0..30).rev().collect(), |r| r == 29, &layout));
        assert_eq!((pane.cursor.index, pane.selected()), (0, Some(29)));
        // Record 29 is gone: the selection stays at its place.
        pane.move_by(Movement::Down, &[(); 0], |_| Vec::new(), &layout);
        assert!(!pane.show((0..5).collect(), |r| r == 28, &layout));
        assert_eq!(pane.selected(), Some(1));
    }

    #[test]
    fn the_rows_shown_pass_the_filters_in_the_order_of_the_sortable_columns() {
        use crate::model::{Course, Group, GroupStatus};
        use crate::present::columns::groups::COLUMNS;
        use crate::present::format::RowFormat;
        let group = |number, name: &str, course: &str| Group {
            id: number,
            company_group_number: Some(number),
            name: name.to_string(),
            course: Some(Arc::new(Course {
                name: course.to_string(),
                ..Course::default()
            })),
            status: GroupStatus::Active,
            ..Group::default()
        };
        let groups = [
            group(3, "Beta", "Piano"),
            group(1, "alpha", "Violin"),
            group(2, "Gamma", "Piano"),
            group(4, "Delta", "Piano"),
        ];
        let format = RowFormat {
            language: crate::present::Language::En,
            zone: "Asia/Tashkent".parse().unwrap(),
        };
        let table = ScreenTable::new(COLUMNS, &groups, &format);
        let layout = Layout::new((80, 24));
        let mut pane = ListPane::default();
        let names = BranchNames::new();
        // The tab's own filter leaves Delta out; the pane keeps record 0.
        let shown = |pane: &mut ListPane| {
            let kept = pane.show_rows(&table, |r| r != 3, &names, |r| r == 0, &layout);
            (pane.visible.iter().collect::<Vec<_>>(), kept)
        };
        let filter_by = |pane: &mut ListPane, text: &str| {
            pane.filter.clear();
            for c in text.chars() {
                pane.type_text(&KeyEvent::from(crossterm::event::KeyCode::Char(c)));
            }
        };
        assert_eq!(shown(&mut pane), (vec![0, 1, 2], true), "as they came");
        pane.cycle_sort(COLUMNS);
        assert_eq!(pane.sort.map(|c| c.name(COLUMNS)), Some("number"));
        assert_eq!(shown(&mut pane).0, [1, 2, 0]);
        assert_eq!(pane.selected(), Some(0), "the selection follows its record");
        pane.cycle_sort(COLUMNS);
        pane.descending = true;
        assert_eq!(
            shown(&mut pane).0,
            [2, 0, 1],
            "by name in lower case, reversed"
        );
        filter_by(&mut pane, "piano");
        assert_eq!(shown(&mut pane).0, [2, 0], "the course is searched");
        filter_by(&mut pane, "2025");
        assert_eq!(shown(&mut pane), (vec![], false), "the dates are not");
    }

    #[test]
    fn escape_dismisses_the_message_then_clears_the_filter() {
        let mut pane = pane_of(3);
        assert_eq!(pane.perform(Action::Filter, false), Done::Handled);
        assert_eq!(pane.focus(), Focus::Filter);
        let x = KeyEvent::from(crossterm::event::KeyCode::Char('x'));
        assert!(pane.type_text(&x));
        assert_eq!(pane.perform(Action::Accept, false), Done::Handled);
        assert_eq!(pane.focus(), Focus::List);
        assert_eq!(pane.perform(Action::Back, true), Done::Dismiss);
        assert!(!pane.filter.is_empty());
        assert_eq!(pane.perform(Action::Back, false), Done::Refilter);
        assert!(pane.filter.is_empty());
        assert_eq!(pane.perform(Action::Install, false), Done::Nothing);
    }

    #[test]
    fn a_click_selects_a_row_unless_the_detail_covers_the_list() {
        let layout = Layout::new((80, 24));
        let mut pane = pane_of(30);
        // Rows start on line 3 (top line, summary, column heads).
        assert!(pane.click(10, 7, &layout));
        assert_eq!(pane.selected(), Some(4));
        assert!(!pane.click(10, 7, &layout), "already selected");
        assert!(!pane.click(10, 2, &layout), "the column heads");
        pane.open_detail();
        assert!(!pane.click(10, 9, &layout));
        let wide = Layout::new((160, 48));
        assert!(pane.click(10, 9, &wide), "beside the detail pane");
    }
}
