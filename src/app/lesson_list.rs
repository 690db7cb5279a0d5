//! The groups of a crowded cell of the week (Enter on a half hour where
//! several groups meet): an overlay listing them (time, group, course) in
//! the day's order; Enter opens a group's detail, Esc goes back to the list
//! and then to the week, on the same cell.

use super::ask::{Ask, Crowd};
use super::document::DocLine;
use super::group_detail::DetailOver;
use super::keymap::{Action, Context};
use super::layout::Layout;
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::{Shared, World};
use crate::model::Group;
use crate::present::columns::ScreenRow;
use crate::present::columns::lessons::{Lesson, columns};

/// Lines of the box besides its rows: the borders and the column heads.
pub const FRAME_LINES: u16 = 3;

/// The crowd list's state.
#[derive(Debug)]
pub struct LessonList {
    /// What the cell is: `"Wed 14:30–15:00 · 5 groups"`.
    pub title: String,
    /// The groups of the cell, in the order of `rows`.
    pub groups: Vec<Group>,
    /// Each group's lesson as the list shows it.
    pub rows: Vec<ScreenRow>,
    pub cursor: usize,
    /// The groups are of every branch: each row names its branch.
    pub branch_column: bool,
    /// The first row on screen.
    pub scroll: usize,
    /// The selected group's detail, when open.
    pub detail: DetailOver,
}

impl LessonList {
    /// The list of the `crowd`'s lessons (each a slot of its day and its
    /// group), its lesson selected.
    pub fn new(crowd: Crowd) -> Self {
        let (columns, day) = (columns(), crowd.day);
        let rows = crowd
            .lessons
            .iter()
            .map(|(slot, group)| ScreenRow::new(&columns, &Lesson { day, slot, group }, &()))
            .collect();
        Self {
            title: crowd.title,
            groups: crowd.lessons.into_iter().map(|(_, group)| group).collect(),
            rows,
            cursor: crowd.selected,
            branch_column: crowd.branch_column,
            scroll: 0,
            detail: DetailOver::default(),
        }
    }

    /// The selected group.
    pub fn selected_group(&self) -> Option<&Group> {
        self.groups.get(self.cursor)
    }

    /// Rows of the list on screen in `layout`: as many as there are, up to
    /// the body's height less the box's frame.
    pub fn visible_rows(&self, layout: &Layout) -> usize {
        let room = usize::from(layout.bands.body.height.saturating_sub(FRAME_LINES));
        self.rows.len().min(room).max(1)
    }

    /// The selected group's detail.
    pub fn document(&self, shared: &World) -> Option<Vec<DocLine>> {
        Some(DetailOver::document(self.selected_group()?, shared))
    }

    fn keep_selection_visible(&mut self, layout: &Layout) {
        let rows = self.visible_rows(layout);
        if self.cursor < self.scroll {
            self.scroll = self.cursor;
        } else if self.cursor >= self.scroll + rows {
            self.scroll = self.cursor + 1 - rows;
        }
        self.scroll = self.scroll.min(self.rows.len().saturating_sub(rows));
    }
}

impl Screen for LessonList {
    fn context(&self) -> Context {
        if self.detail.open {
            Context::CrowdDetail
        } else {
            Context::Crowd
        }
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match (self.context(), action) {
            (Context::CrowdDetail, Action::Back) => self.detail.open = false,
            (_, Action::Back) => shared.ask(Ask::Close),
            (_, Action::Open) if self.selected_group().is_some() => self.detail.open(),
            _ => {}
        }
        Vec::new()
    }

    /// Moves between the groups, or scrolls the detail when it is open.
    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let layout = &shared.layout;
        if self.detail.open {
            let lines = self.document(shared);
            self.detail.scroll_by(movement, lines, layout);
        } else if !self.rows.is_empty() {
            let rows = self.visible_rows(layout);
            self.cursor = movement.apply(self.cursor, self.rows.len(), rows);
            self.keep_selection_visible(layout);
        }
    }

    fn fit(&mut self, shared: &mut Shared) {
        self.keep_selection_visible(&shared.layout);
    }
}
