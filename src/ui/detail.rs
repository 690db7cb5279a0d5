//! A detail view (a group or a plugin) in a bordered box: headings, then
//! labels with their values wrapped beside them, scrolled.

use super::theme::Styles;
use crate::app::document::{DocLine, LABEL_COLUMNS, value_width, wrap};
use crate::app::layout;
use crate::domain::format::pad_to_width;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// Draws `document` in `area` under `title`, from line `scroll` on. The
/// border is bold while the detail has the focus.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    document: &[DocLine],
    scroll: usize,
    focused: bool,
    styles: &Styles,
) {
    let inner = layout::inner(area);
    let width = usize::from(inner.width);
    let lines = document_lines(document, width, styles);
    let height = usize::from(inner.height);
    let max_scroll = lines.len().saturating_sub(height);
    let first = scroll.min(max_scroll);
    let more_below = first + height < lines.len();
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(if focused {
            styles.border_focused
        } else {
            styles.border
        })
        .title(Span::styled(format!(" {title} "), styles.heading));
    if more_below {
        block = block.title_bottom(Line::from(" ↓ more ").right_aligned());
    }
    let shown: Vec<Line<'static>> = lines.into_iter().skip(first).take(height).collect();
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(shown).block(block), area);
}

/// Every line of `document` at `width` columns.
fn document_lines(document: &[DocLine], width: usize, styles: &Styles) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for entry in document {
        match entry {
            DocLine::Heading(text) => lines.push(Line::styled(text.clone(), styles.heading)),
            DocLine::Blank => lines.push(Line::default()),
            DocLine::Field { label, value } => {
                for (i, part) in wrap(value, value_width(width)).into_iter().enumerate() {
                    let label_cell = if i == 0 { *label } else { "" };
                    lines.push(Line::from(vec![
                        Span::styled(pad_to_width(label_cell, LABEL_COLUMNS), styles.label),
                        Span::raw(part),
                    ]));
                }
            }
        }
    }
    lines
}
