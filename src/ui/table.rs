//! Columns that fit the width (dropped by priority, flexible ones shrunk)
//! and rows drawn cell by cell at exact terminal widths, so wide
//! characters and combining marks never shift a column.

use super::theme::{SELECTED_MARKER, Styles, UNSELECTED_MARKER};
use crate::domain::format::{display_width, pad_to_width};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Spaces between two columns.
pub const GAP: usize = 2;
/// Columns taken by the selection marker.
pub const MARKER: usize = 2;
/// The narrowest a flexible column gets when even the essential columns
/// do not fit.
const SQUEEZED: usize = 4;

/// What a column needs.
#[derive(Debug, Clone, Copy)]
pub struct ColumnSpec {
    pub head: &'static str,
    /// As wide as its widest cell (or head).
    pub natural: usize,
    /// The narrowest it may be before it is dropped.
    pub min: usize,
    /// Takes the space left over, up to `natural`.
    pub flexible: bool,
    /// 0 goes last; essential columns are never dropped.
    pub priority: u8,
    pub essential: bool,
}

/// The width of each column (None: dropped) in `available` columns.
pub fn fit_columns(available: usize, specs: &[ColumnSpec]) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..specs.len()).collect();
    order.sort_by_key(|&i| (!specs[i].essential, std::cmp::Reverse(specs[i].priority)));
    let mut widths: Vec<Option<usize>> = vec![None; specs.len()];
    let mut used = MARKER;
    for i in order {
        let spec = &specs[i];
        let min = if spec.flexible {
            spec.min.min(spec.natural)
        } else {
            spec.natural
        };
        let need = min + if used > MARKER { GAP } else { 0 };
        if spec.essential || used + need <= available {
            widths[i] = Some(min);
            used += need;
        }
    }
    // Too narrow for the essentials: squeeze the flexible ones.
    for (i, spec) in specs.iter().enumerate() {
        if used <= available {
            break;
        }
        if let Some(width) = widths[i].as_mut().filter(|_| spec.flexible) {
            let cut = (used - available).min(width.saturating_sub(SQUEEZED));
            *width -= cut;
            used -= cut;
        }
    }
    // Room to spare: flexible columns grow towards their natural width.
    for (i, spec) in specs.iter().enumerate() {
        let spare = available.saturating_sub(used);
        if let Some(width) = widths[i].as_mut().filter(|_| spec.flexible) {
            let grow = spec.natural.saturating_sub(*width).min(spare);
            *width += grow;
            used += grow;
        }
    }
    widths
}

/// True when the essential columns fit `available` at their minimum widths.
pub fn essentials_fit(available: usize, specs: &[ColumnSpec]) -> bool {
    let essentials: Vec<usize> = specs
        .iter()
        .filter(|spec| spec.essential)
        .map(|spec| {
            if spec.flexible {
                spec.min.min(spec.natural)
            } else {
                spec.natural
            }
        })
        .collect();
    let gaps = GAP * essentials.len().saturating_sub(1);
    MARKER + essentials.iter().sum::<usize>() + gaps <= available
}

/// One cell: its text and style (the width comes from the fitted column).
pub struct Cell<'a> {
    pub text: &'a str,
    pub style: Style,
}

impl<'a> Cell<'a> {
    /// A cell in the row's own style.
    pub fn plain(text: &'a str) -> Self {
        Self {
            text,
            style: Style::new(),
        }
    }
}

/// The column heads as a line.
pub fn head_line(specs: &[ColumnSpec], widths: &[Option<usize>], styles: &Styles) -> Line<'static> {
    let cells: Vec<Cell<'_>> = specs.iter().map(|spec| Cell::plain(spec.head)).collect();
    row_line(&cells, widths, false, styles.column_head, usize::MAX)
}

/// A row: the marker, each shown cell padded to its column, then spaces to
/// `total_width` so a selected row is reversed across the whole line.
pub fn row_line(
    cells: &[Cell<'_>],
    widths: &[Option<usize>],
    selected: bool,
    row_style: Style,
    total_width: usize,
) -> Line<'static> {
    let marker = if selected {
        SELECTED_MARKER
    } else {
        UNSELECTED_MARKER
    };
    let mut spans = vec![Span::raw(marker)];
    let mut used = MARKER;
    for (cell, width) in cells.iter().zip(widths) {
        let Some(width) = *width else { continue };
        if used > MARKER {
            spans.push(Span::raw(" ".repeat(GAP)));
            used += GAP;
        }
        spans.push(Span::styled(pad_to_width(cell.text, width), cell.style));
        used += width;
    }
    if total_width != usize::MAX && used < total_width {
        spans.push(Span::raw(" ".repeat(total_width - used)));
    }
    Line::from(spans).style(row_style)
}

/// The widest of `texts` (at least `floor`).
pub fn widest<'a>(texts: impl IntoIterator<Item = &'a str>, floor: usize) -> usize {
    texts.into_iter().map(display_width).fold(floor, usize::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(
        natural: usize,
        min: usize,
        flexible: bool,
        priority: u8,
        essential: bool,
    ) -> ColumnSpec {
        ColumnSpec {
            head: "X",
            natural,
            min,
            flexible,
            priority,
            essential,
        }
    }

    #[test]
    fn columns_drop_by_priority_and_flexible_ones_share_the_rest() {
        let specs = [
            spec(3, 3, false, 9, true),
            spec(30, 10, true, 8, true),
            spec(20, 10, true, 3, false),
            spec(10, 10, false, 5, false),
        ];
        // 2 + 3 + 2 + 10 + 2 + 10 = 29: the low-priority flexible column goes.
        assert_eq!(
            fit_columns(35, &specs),
            vec![Some(3), Some(16), None, Some(10)]
        );
        assert_eq!(
            fit_columns(100, &specs),
            vec![Some(3), Some(30), Some(20), Some(10)]
        );
        // Essentials stay even when nothing fits; the flexible one shrinks.
        assert_eq!(fit_columns(12, &specs), vec![Some(3), Some(5), None, None]);
    }

    #[test]
    fn rows_keep_columns_aligned_with_wide_characters() {
        let widths = [Some(6), Some(3)];
        let styles = Styles::new(crate::config::Theme::Mono);
        let line = |text| {
            row_line(
                &[Cell::plain(text), Cell::plain("x")],
                &widths,
                false,
                styles.hint,
                20,
            )
        };
        let width = |l: Line<'_>| {
            l.spans
                .iter()
                .map(|s| display_width(&s.content))
                .sum::<usize>()
        };
        assert_eq!(width(line("日本語の文字")), 20);
        assert_eq!(width(line("Cafe\u{301}")), 20);
    }
}
