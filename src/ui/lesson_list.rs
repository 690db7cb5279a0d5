//! The groups of a crowded cell of the week: a box over the week (time,
//! group, course), the selected one reversed; the group detail over the
//! body when open.

use super::View;
use super::detail;
use super::table::{FittedTable, RowLook};
use crate::app::layout::inner;
use crate::app::lesson_list::{FRAME_LINES, LessonList};
use crate::present::columns::NaturalWidths;
use crate::present::columns::lessons::columns;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear};

/// The widest the box gets: the names and courses read, the week shows
/// around it.
const MAX_WIDTH: u16 = 100;

/// Draws the crowd list (and the group detail over it when open).
pub fn draw(list: &LessonList, frame: &mut Frame, view: &View) {
    let View {
        world: shared,
        layout,
        styles,
        ..
    } = *view;
    if list.detail.open {
        if let Some(document) = list.document(shared) {
            detail::draw(
                frame,
                layout.detail,
                "Group",
                &document,
                list.detail.scroll,
                true,
                view,
            );
        }
        return;
    }
    let body = layout.bands.body;
    let rows = u16::try_from(list.visible_rows(layout)).unwrap_or(u16::MAX);
    let width = body.width.saturating_sub(4).min(MAX_WIDTH);
    let height = (rows + FRAME_LINES).min(body.height);
    let area = Rect::new(
        body.x + (body.width - width) / 2,
        body.y + (body.height - height) / 2,
        width,
        height,
    );
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(format!(" {} ", list.title), styles.heading));
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let inside = inner(area);
    let table = FittedTable::fit(
        &columns(),
        &NaturalWidths::of(&list.rows),
        &shared.branches.name_cells,
        usize::from(inside.width),
        (list.branch_column, shared.settings.language),
    );
    let buf = frame.buffer_mut();
    table.draw_heads(
        buf,
        Rect {
            height: 1,
            ..inside
        },
        styles,
    );
    let shown = list.rows.iter().enumerate().skip(list.scroll);
    for (y, (index, row)) in (inside.y + 1..inside.bottom()).zip(shown) {
        let line = Rect {
            y,
            height: 1,
            ..inside
        };
        table.draw_row(
            buf,
            line,
            row,
            index == list.cursor,
            &RowLook::PLAIN,
            styles,
        );
    }
}
