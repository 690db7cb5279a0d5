//! A detail view as plain data: headings and labelled values, wrapped to a
//! width. Built by the app (which needs its height to bound scrolling) and
//! drawn by the UI.

use super::layout::{self, Layout};
use super::list_cursor::Movement;
use crate::present::format::{NONE, display_width};
use unicode_width::UnicodeWidthChar;

/// Columns taken by a field's label, the gap after it included.
pub const LABEL_COLUMNS: usize = 16;

/// The narrowest column of a detail's text: a detail box wider than two of
/// them (the pane below the list at wide sizes) sets its text in as many
/// columns as fit, side by side, so a whole group fits in a third of the
/// screen's height.
pub const MIN_TEXT_COLUMN: usize = 50;
/// Blank columns between two columns of a detail's text.
pub const TEXT_COLUMN_GAP: usize = 2;

/// How a detail box `width` columns wide (inside its border) sets its text:
/// the number of columns and the width of each.
pub fn text_columns(width: usize) -> (usize, usize) {
    let count = ((width + TEXT_COLUMN_GAP) / (MIN_TEXT_COLUMN + TEXT_COLUMN_GAP)).max(1);
    let each = width.saturating_sub(TEXT_COLUMN_GAP * (count - 1)) / count;
    (count, each.max(1))
}

/// One entry of a detail view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocLine {
    Heading(String),
    /// A label and its value; the value may span lines (`\n`) and is wrapped.
    Field {
        label: &'static str,
        value: String,
    },
    Blank,
}

/// A field whose value is missing shows [`NONE`].
pub fn field(label: &'static str, value: Option<String>) -> DocLine {
    DocLine::Field {
        label,
        value: value.unwrap_or_else(|| NONE.to_string()),
    }
}

/// The columns left for a field's value in a view `width` columns wide.
pub fn value_width(width: usize) -> usize {
    width.saturating_sub(LABEL_COLUMNS).max(1)
}

/// Lines the document takes at `width` columns.
pub fn height(document: &[DocLine], width: usize) -> usize {
    document
        .iter()
        .map(|line| match line {
            DocLine::Field { value, .. } => wrap(value, value_width(width)).len(),
            DocLine::Heading(_) | DocLine::Blank => 1,
        })
        .sum()
}

/// `text` cut into lines of at most `width` columns: at its own line breaks,
/// between words where it can, inside a word longer than a line. Always at
/// least one line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_width = 0;
        // Words placed on this line: a gap goes before every one but the
        // first, so runs of spaces (indentation) survive.
        let mut words_on_line = 0;
        for word in paragraph.split(' ') {
            let word_width = display_width(word);
            let gap = usize::from(words_on_line > 0);
            if line_width + gap + word_width <= width {
                if gap == 1 {
                    line.push(' ');
                }
                line.push_str(word);
                line_width += gap + word_width;
                words_on_line += 1;
                continue;
            }
            if words_on_line > 0 {
                lines.push(std::mem::take(&mut line));
                line_width = 0;
            }
            // A word wider than the line is cut where the line is full.
            for c in word.chars() {
                let c_width = c.width().unwrap_or(0);
                if line_width + c_width > width && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    line_width = 0;
                }
                line.push(c);
                line_width += c_width;
            }
            words_on_line = 1;
        }
        lines.push(line);
    }
    lines
}

/// A detail's scroll position (in lines of its text) after `movement`,
/// bounded so the last line stays at the bottom of the detail box's last
/// column.
pub fn scrolled(from: usize, movement: Movement, lines: &[DocLine], layout: &Layout) -> usize {
    let viewport = layout::inner(layout.detail);
    let (columns, each) = text_columns(usize::from(viewport.width));
    let shown = usize::from(viewport.height) * columns;
    let total = height(lines, each);
    let max_scroll = total.saturating_sub(shown);
    movement.apply(from, max_scroll + 1, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words_and_inside_long_ones() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a\n\nb", 10), vec!["a", "", "b"]);
        assert_eq!(wrap("", 10), vec![""]);
        assert_eq!(wrap("  indented", 20), vec!["  indented"]);
        assert_eq!(wrap("日本語の文", 4), vec!["日本", "語の", "文"]);
    }

    #[test]
    fn a_wide_box_sets_its_text_in_columns() {
        assert_eq!(text_columns(78), (1, 78));
        assert_eq!(text_columns(101), (1, 101));
        assert_eq!(text_columns(102), (2, 50));
        assert_eq!(text_columns(198), (3, 64));
        assert_eq!(text_columns(0), (1, 1));
    }

    #[test]
    fn height_counts_wrapped_values() {
        let document = vec![
            DocLine::Heading("Group".into()),
            field("Name", Some("a b c d".into())),
            field("Comment", None),
            DocLine::Blank,
        ];
        assert_eq!(height(&document, LABEL_COLUMNS + 3), 1 + 2 + 1 + 1);
        assert_eq!(height(&document, 80), 4);
    }
}
