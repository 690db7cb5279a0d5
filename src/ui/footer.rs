//! The two bottom lines: the key hints of the current context (from the
//! keymap) and the status line.

use super::theme::Styles;
use crate::app::App;
use crate::app::keymap::{Hint, footer_hints};
use crate::app::status::Severity;
use crate::domain::format::{display_width, truncate_to_width};
use crate::domain::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

const HINT_SEPARATOR: &str = "  ";

/// Draws the hints of the current context that would do something now;
/// when they do not all fit, the context's own hints are dropped from the
/// end, the global ones stay.
pub fn draw_hints(app: &App, frame: &mut Frame, area: Rect, styles: &Styles) {
    let mut hints = footer_hints(app.context());
    hints.retain(|hint| app.offers(hint.action));
    let width_of = |hint: &Hint| {
        display_width(&hint.key) + 1 + display_width(hint.label) + HINT_SEPARATOR.len()
    };
    let available = usize::from(area.width).saturating_sub(1);
    while hints.iter().map(width_of).sum::<usize>() > available {
        match hints.iter().rposition(|hint| !hint.global) {
            Some(last_own) => hints.remove(last_own),
            None => break,
        };
    }
    frame.render_widget(Paragraph::new(hint_line(&hints, styles)), area);
}

/// Hints as one line: the key in bold, then its label.
pub fn hint_line(hints: &[Hint], styles: &Styles) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    for hint in hints {
        spans.push(Span::styled(hint.key.clone(), styles.hint_key));
        spans.push(Span::styled(
            format!(" {}{HINT_SEPARATOR}", hint.label),
            styles.hint,
        ));
    }
    Line::from(spans)
}

/// Draws the status message: an error or a warning is marked by that word
/// (and its colour), information is plain.
pub fn draw_status(app: &App, frame: &mut Frame, area: Rect, styles: &Styles) {
    let Some(message) = app.status.current() else {
        return;
    };
    let text = sanitize_line(&message.text);
    let width = usize::from(area.width).saturating_sub(1);
    let marked = |word: &str, style| {
        let shown = truncate_to_width(&text, width.saturating_sub(word.len())).into_owned();
        Line::from(vec![
            Span::styled(format!(" {word}"), style),
            Span::styled(shown, style),
        ])
    };
    let line = match message.severity {
        Severity::Error => marked("error: ", styles.error),
        Severity::Warning => marked("warning: ", styles.warning),
        Severity::Info => Line::from(vec![
            Span::raw(" "),
            Span::raw(truncate_to_width(&text, width).into_owned()),
        ]),
    };
    frame.render_widget(Paragraph::new(line), area);
}
