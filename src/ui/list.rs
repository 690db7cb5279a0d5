//! What every list tab draws the same way: the frame around its own parts
//! (the filter line, a message while nothing arrived, where the detail
//! goes), the summary line, a message in place of rows, the first row on
//! screen.

use super::View;
use super::theme::{Styles, spinner};
use crate::app::keymap::Context;
use crate::app::layout::{Layout, ListScreen};
use crate::app::line_input::LineInput;
use crate::app::list_cursor::ListCursor;
use crate::app::list_pane::ListPane;
use crate::domain::format::{display_width, truncate_to_width};
use crate::domain::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// A list tab, as the frame around its own parts sees it.
pub struct ListTab<'a> {
    pub pane: &'a ListPane,
    /// The context in which its detail has the focus.
    pub detail_context: Context,
    /// What it lists, for the messages: "groups".
    pub records: &'static str,
    /// Something arrived: the rows are drawn, not a message.
    pub loaded: bool,
    /// Why nothing could be loaded.
    pub load_error: Option<&'a str>,
    /// Something is on its way.
    pub loading: bool,
}

/// Draws a list tab: its `summary` line, the filter line, its `rows` (or
/// a message while nothing arrived), and its `detail` in the pane at wide
/// sizes or over the body while it has the focus.
pub fn draw_tab(
    tab: &ListTab<'_>,
    frame: &mut Frame,
    view: &View,
    summary: impl FnOnce(&mut Frame, &ListScreen),
    rows: impl FnOnce(&mut Frame, &ListScreen),
    detail: impl FnOnce(&mut Frame, Rect, bool),
) {
    let pane = tab.pane;
    let screen = view.layout.list(pane.filter_line_shown());
    summary(frame, &screen);
    if let Some(area) = screen.filter {
        draw_filter(frame, area, &pane.filter, pane.filtering, view.styles);
    }
    if tab.loaded {
        rows(frame, &screen);
    } else {
        let message = match tab.load_error {
            Some(error) if !tab.loading => {
                format!(
                    "Could not load the {}: {error}. Press r to retry.",
                    tab.records
                )
            }
            _ => format!("{} Loading {}…", spinner(view.shared.now), tab.records),
        };
        draw_message(
            frame,
            screen.heads.union(screen.rows),
            &message,
            view.styles,
        );
    }
    let focused = view.app.context() == tab.detail_context;
    if let Some(area) = detail_area(&screen, focused, view.layout) {
        detail(frame, area, focused);
    }
}

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
fn draw_filter(frame: &mut Frame, area: Rect, filter: &LineInput, typing: bool, styles: &Styles) {
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

/// Where a list's detail is drawn: in its pane beside the list on a wide
/// screen, over the whole body when it has the focus on a narrow one.
fn detail_area(screen: &ListScreen, focused: bool, layout: &Layout) -> Option<Rect> {
    match screen.pane {
        Some(pane) => Some(pane),
        None if focused => Some(layout.bands.body),
        None => None,
    }
}

/// A message where rows would be (loading, an error, an empty page).
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
pub fn first_row(cursor: ListCursor, len: usize, height: usize) -> usize {
    let mut on_screen = cursor;
    on_screen.scroll_into_view(len, height);
    on_screen.offset
}
