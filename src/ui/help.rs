//! The help overlay: the keys of the context it was opened in, the `:`
//! commands and the global keys (all from the keymap), and the log file's
//! path.

use super::View;
use super::popup;
use super::theme::Styles;
use crate::app::help::{Help, HelpLine, help_columns};
use crate::app::layout;
use crate::i18n::fill;
use crate::present::format::{pad_to_width, truncate_to_width};
use crate::present::words::say;
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::Clear;

/// Columns taken by the keys of a binding.
const KEYS_COLUMNS: usize = 12;

/// Draws the help for the context it was opened in, from its scroll on.
pub fn draw(help: &Help, frame: &mut Frame, view: &View) {
    let View {
        world: shared,
        layout,
        styles,
        ..
    } = *view;
    let (under, scroll) = (help.under, help.scroll);
    let area = layout.help;
    let inner = layout::inner(area);
    let keymap = &shared.settings.keymap;
    let query = help.query.text();
    let language = shared.settings.language;
    let log_path = &shared.settings.log_path;
    let columns = help_columns(keymap, (under, language), query, log_path, inner.width);
    let chosen = help.chosen_index(keymap, language);
    // Each key line's place among the actions shown, columns in order.
    let mut key_lines = 0;
    let columns: Vec<Vec<(HelpLine, bool)>> = columns
        .into_iter()
        .map(|column| {
            column
                .into_iter()
                .map(|entry| {
                    let is_chosen =
                        matches!(entry, HelpLine::Key { .. }) && chosen == Some(key_lines);
                    key_lines += usize::from(matches!(entry, HelpLine::Key { .. }));
                    (entry, is_chosen)
                })
                .collect()
        })
        .collect();
    let column_width = usize::from(inner.width) / columns.len().max(1);
    let height = usize::from(inner.height);
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0);
    let first = scroll.min(rows.saturating_sub(height));
    let lines: Vec<Line<'static>> = (first..rows)
        .take(height)
        .map(|row| {
            let spans = columns.iter().flat_map(|column| {
                let (entry, is_chosen) = column.get(row).unwrap_or(&(HelpLine::Blank, false));
                cell(entry, column_width, *is_chosen, styles)
            });
            Line::from(spans.collect::<Vec<_>>())
        })
        .collect();
    let context = say(under.title(), language);
    let title = if query.is_empty() {
        fill::help_title(language, context)
    } else {
        fill::help_title_found(language, context, sanitize_line(query))
    };
    frame.render_widget(Clear, layout.bands.body);
    let cut = popup::Cut {
        above: first > 0,
        below: first + height < rows,
        language,
    };
    popup::draw_cut(frame, area, &title, lines, cut, styles);
}

/// One help entry as spans exactly `width` columns wide; the chosen
/// action's marked with `>` (seen without colour too) and highlighted.
fn cell(entry: &HelpLine, width: usize, chosen: bool, styles: &Styles) -> Vec<Span<'static>> {
    let text_width = width.saturating_sub(1);
    match entry {
        HelpLine::Heading(title) => vec![Span::styled(
            pad_to_width(&format!(" {title}"), width),
            styles.heading,
        )],
        HelpLine::Key { keys, label, .. } => keys_and_label(keys, label, width, chosen, styles),
        HelpLine::Command { word, label } => keys_and_label(word, label, width, false, styles),
        HelpLine::Text(text) => {
            let text = sanitize_line(text);
            vec![Span::raw(pad_to_width(
                &format!(" {}", truncate_to_width(&text, text_width)),
                width,
            ))]
        }
        HelpLine::Blank => vec![Span::raw(" ".repeat(width))],
    }
}

/// A key line (or a command's): its keys in their column, then its label.
fn keys_and_label(
    keys: &str,
    label: &str,
    width: usize,
    chosen: bool,
    styles: &Styles,
) -> Vec<Span<'static>> {
    let mark = if chosen { '>' } else { ' ' };
    let keys = pad_to_width(&format!("{mark}{keys}"), KEYS_COLUMNS.min(width));
    let label_width = width.saturating_sub(KEYS_COLUMNS.min(width));
    let label = pad_to_width(label, label_width);
    if chosen {
        vec![
            Span::styled(keys, styles.selected),
            Span::styled(label, styles.selected),
        ]
    } else {
        vec![Span::styled(keys, styles.hint_key), Span::raw(label)]
    }
}
