//! A detail view (a group or a plugin) in a bordered box: headings, then
//! labels with their values wrapped beside them, scrolled.

use super::View;
use super::theme::Styles;
use crate::app::document::{
    DocLine, LABEL_COLUMNS, TEXT_COLUMN_GAP, text_columns, value_width, wrap,
};
use crate::app::layout;
use crate::i18n::{Language, Phrase};
use crate::present::format::pad_to_width;
use crate::present::words::{phrase, say};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// Draws `document` in `area` under `title`, from line `scroll` on, in as
/// many columns as the box's width takes (top to bottom, then the next
/// column). The border is bold while the detail has the focus.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    document: &[DocLine],
    scroll: usize,
    focused: bool,
    view: &View,
) {
    let (styles, language) = (view.styles, view.world.settings.language);
    let title = say_owned(title, language);
    let inner = layout::inner(area);
    let (columns, each) = text_columns(usize::from(inner.width));
    let lines = document_lines(document, each, styles, language);
    let height = usize::from(inner.height);
    let shown = height * columns;
    let max_scroll = lines.len().saturating_sub(shown);
    let first = scroll.min(max_scroll);
    let more_below = first + shown < lines.len();
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(if focused {
            styles.border_focused
        } else {
            styles.border
        })
        .title(Span::styled(format!(" {title} "), styles.heading));
    if more_below {
        let sign = [" ", Phrase::MoreBelow.get(language), " "].map(Span::raw);
        block = block.title_bottom(Line::from(sign.to_vec()).right_aligned());
    }
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let mut rest = lines.into_iter().skip(first);
    let column_width = u16::try_from(each).unwrap_or(u16::MAX);
    let step = u16::try_from(each + TEXT_COLUMN_GAP).unwrap_or(u16::MAX);
    for column in 0..u16::try_from(columns).unwrap_or(1) {
        let column_lines: Vec<Line<'static>> = rest.by_ref().take(height).collect();
        let x = inner.x.saturating_add(column.saturating_mul(step));
        let column_area = Rect::new(x, inner.y, column_width, inner.height).intersection(inner);
        frame.render_widget(Paragraph::new(column_lines), column_area);
    }
}

/// Every line of `document` at `width` columns.
fn document_lines(
    document: &[DocLine],
    width: usize,
    styles: &Styles,
    language: Language,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for entry in document {
        match entry {
            // Headings come worded (a name as sent, or our own heading
            // in the language, made by the document).
            DocLine::Heading(text) => lines.push(Line::styled(text.clone(), styles.heading)),
            DocLine::Blank => lines.push(Line::default()),
            DocLine::Field { label, value } => {
                for (i, part) in wrap(value, value_width(width)).into_iter().enumerate() {
                    // The label in the language shown (see `present::words`).
                    let label_cell = if i == 0 { say(label, language) } else { "" };
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

/// [`say`] for a text not known at compile time: the phrase whose English
/// is `english`, else `english`.
fn say_owned(english: &str, language: Language) -> &str {
    phrase(english).map_or(english, |phrase| phrase.get(language))
}
