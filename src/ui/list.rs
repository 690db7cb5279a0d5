//! Pieces both list tabs draw: the summary line, the filter line, a message
//! in place of rows, and the rows on screen.

use super::theme::Styles;
use crate::app::line_input::LineInput;
use crate::app::list_cursor::ListCursor;
use crate::domain::format::{display_width, truncate_to_width};
use crate::domain::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The summary line: `left` spans, and `notes` on the right when they fit.
pub fn draw_summary(
    frame: &mut Frame,
    area: Rect,
    mut left: Vec<Span<'static>>,
    notes: &str,
    styles: &Styles,
) {
    left.insert(0, Span::raw(" "));
    let used: usize = left.iter().map(|s| display_width(&s.content)).sum();
    let width = usize::from(area.width);
    // The notes go to the right end, cut when the line is short.
    let room = width.saturating_sub(used + 3);
    let notes = truncate_to_width(notes, room);
    let notes_width = display_width(&notes);
    if notes_width > 0 {
        left.push(Span::raw(" ".repeat(width - used - notes_width - 1)));
        left.push(Span::styled(notes.into_owned(), styles.dim));
    }
    frame.render_widget(Paragraph::new(Line::from(left)), area);
}

/// The filter line: `/` and the text, with the cursor while typing.
pub fn draw_filter(
    frame: &mut Frame,
    area: Rect,
    filter: &LineInput,
    typing: bool,
    styles: &Styles,
) {
    let text = sanitize_line(filter.text());
    let shown = truncate_to_width(&text, usize::from(area.width).saturating_sub(24));
    let hint = if typing {
        "  (Enter keeps, Esc clears)"
    } else {
        "  (/ edits, Esc clears)"
    };
    let line = Line::from(vec![
        Span::styled(" filter / ", styles.heading),
        Span::raw(shown.into_owned()),
        Span::styled(hint, styles.dim),
    ]);
    frame.render_widget(Paragraph::new(line), area);
    if typing {
        let column = area.x + 10 + filter.cursor_column().min(usize::from(area.width)) as u16;
        frame.set_cursor_position(Position::new(
            column.min(area.right().saturating_sub(1)),
            area.y,
        ));
    }
}

/// A message where rows would be (loading, an error, an empty page).
/// Where a list's detail is drawn: in its pane beside the list on a wide
/// screen, over the whole body when it has the focus on a narrow one.
pub fn detail_area(pane: Option<Rect>, focused: bool, size: (u16, u16)) -> Option<Rect> {
    match pane {
        Some(pane) => Some(pane),
        None if focused => Some(crate::app::layout::screen(size).body),
        None => None,
    }
}

pub fn draw_message(frame: &mut Frame, area: Rect, message: &str, styles: &Styles) {
    let text = sanitize_line(message).into_owned();
    let paragraph = Paragraph::new(Line::from(vec![
        Span::raw("  "),
        Span::styled(text, styles.hint),
    ]))
    .wrap(Wrap { trim: false });
    frame.render_widget(paragraph, area);
}

/// The first row on screen: the cursor's own offset, pulled back so the
/// selection is visible even if the screen changed since.
fn first_row(cursor: ListCursor, len: usize, height: usize) -> usize {
    let mut on_screen = cursor;
    on_screen.scroll_into_view(len, height);
    on_screen.offset
}

/// The rows of `visible` on screen in `area`, from the first row on:
/// each one's entry of `visible`, whether it is selected, and its line.
pub fn rows_on_screen(
    cursor: ListCursor,
    visible: &[usize],
    area: Rect,
) -> impl Iterator<Item = (usize, bool, Rect)> + '_ {
    let height = usize::from(area.height);
    let first = first_row(cursor, visible.len(), height);
    visible[first..]
        .iter()
        .zip(area.rows())
        .enumerate()
        .map(move |(i, (&index, line))| (index, first + i == cursor.index, line))
}
