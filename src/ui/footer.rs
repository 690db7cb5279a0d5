//! The two bottom lines: the key hints of the current context (from the
//! keymap) and the status line, which a long error or warning lets take both.

use super::theme::Styles;
use crate::app::App;
use crate::app::keymap::Hint;
use crate::app::screen::{Screen, hints};
use crate::app::shared::World;
use crate::app::status::Severity;
use crate::i18n::{Language, Phrase};
use crate::present::format::{display_width, fitting_prefix_len, truncate_to_width};
use crate::present::words::say;
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

const HINT_SEPARATOR: &str = "  ";

/// Draws the hints of the current context that would do something now;
/// when they do not all fit, the context's own hints are dropped from the
/// end, the global ones stay.
fn draw_hints(app: &App, frame: &mut Frame, area: Rect, styles: &Styles) {
    let mut hints = app.hints();
    // The labels in the language shown: a table's entry each.
    let language = app.world.settings.language;
    for hint in &mut hints {
        hint.label = say(hint.label, language);
    }
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

/// A popup's own keys (not the global ones) that would do something now,
/// as one line in the language shown.
pub fn own_keys_line(screen: &dyn Screen, world: &World, styles: &Styles) -> Line<'static> {
    let language = world.settings.language;
    let own_keys: Vec<_> = hints(screen, world)
        .into_iter()
        .filter(|hint| !hint.global)
        .map(|hint| Hint {
            label: say(hint.label, language),
            ..hint
        })
        .collect();
    hint_line(&own_keys, styles)
}

/// Draws the hints row and the status row. An error or a warning too long
/// for its row takes the hints row too, so its end (often what to do) is not
/// cut off; the hints come back once it is dismissed.
pub fn draw(app: &App, frame: &mut Frame, hints: Rect, status: Rect, styles: &Styles) {
    let Some(message) = app.world.status.current() else {
        draw_hints(app, frame, hints, styles);
        return;
    };
    let text = sanitize_line(&message.text);
    let (mark, style) = match message.severity {
        Severity::Error => (mark(Phrase::StatusError, app), styles.error),
        Severity::Warning => (mark(Phrase::StatusWarning, app), styles.warning),
        Severity::Info => (" ".to_string(), Style::new()),
    };
    let mark_width = display_width(&mark);
    let room = usize::from(status.width).saturating_sub(mark_width);
    let marked = |shown: &str| {
        Line::from(vec![
            Span::styled(mark.clone(), style),
            Span::styled(shown.to_owned(), style),
        ])
    };
    if message.severity == Severity::Info || display_width(&text) <= room {
        draw_hints(app, frame, hints, styles);
        let line = marked(&truncate_to_width(&text, room));
        frame.render_widget(Paragraph::new(line), status);
        return;
    }
    // Break at a space when one is in the second half of the row.
    let fits = fitting_prefix_len(&text, room);
    let cut = text[..fits]
        .rfind(' ')
        .filter(|&at| at > fits / 2)
        .unwrap_or(fits);
    let (first, rest) = text.split_at(cut);
    let indent = " ".repeat(mark_width);
    let second = Line::from(vec![
        Span::raw(indent),
        Span::styled(
            truncate_to_width(rest.trim_start(), room).into_owned(),
            style,
        ),
    ]);
    frame.render_widget(Paragraph::new(marked(first)), hints);
    frame.render_widget(Paragraph::new(second), status);
}

/// A status line's mark (` error: `) in the language shown.
fn mark(phrase: Phrase, app: &App) -> String {
    let language: Language = app.world.settings.language;
    format!(" {} ", phrase.get(language))
}
