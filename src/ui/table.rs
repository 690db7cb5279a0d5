//! Columns that fit the width (dropped by priority, flexible ones shrunk)
//! and rows drawn cell by cell at exact terminal widths, so wide
//! characters and combining marks never shift a column. Rows are written
//! straight into the frame's buffer: only the visible ones, and text
//! measured when its page arrived is copied without being split again.
//! A list's columns are those its record kind declares (see
//! [`crate::present::columns`]).

use super::theme::{SELECTED_MARKER, Styles, UNSELECTED_MARKER};
use crate::domain::script::find_folded;
use crate::i18n::Language;
use crate::present::cell_text::{CellText, fit_plain, is_printable_ascii};
use crate::present::columns::{
    Column, NaturalWidths, ScreenCell, ScreenRow, Text, Tone, headings, on_screen,
};
use crate::present::format::{ELLIPSIS, NONE, display_width, pad_to_width};
use crate::present::words::{value, widest_value};
use ratatui::buffer::{Buffer, Cell as BufferCell, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::borrow::Cow;
use std::collections::HashMap;
use unicode_segmentation::UnicodeSegmentation;

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

/// What a cell shows: text measured when its page arrived, or plain text.
pub enum CellContent<'a> {
    Measured(&'a CellText),
    Plain(Cow<'a, str>),
}

impl CellContent<'_> {
    fn as_str(&self) -> &str {
        match self {
            Self::Measured(text) => text.as_str(),
            Self::Plain(text) => text,
        }
    }
}

/// One cell: its text and style (the width comes from the fitted column).
pub struct Cell<'a> {
    pub content: CellContent<'a>,
    pub style: Style,
}

impl<'a> Cell<'a> {
    /// Plain text in the row's own style.
    pub fn plain(text: impl Into<Cow<'a, str>>) -> Self {
        Self {
            content: CellContent::Plain(text.into()),
            style: Style::new(),
        }
    }

    /// Measured text in the row's own style.
    pub fn measured(text: &'a CellText) -> Self {
        Self {
            content: CellContent::Measured(text),
            style: Style::new(),
        }
    }

    /// The same cell in `style` (patched onto the row's).
    pub fn styled(self, style: Style) -> Self {
        Self { style, ..self }
    }
}

/// Draws the column heads on the first line of `area`.
pub fn draw_heads(
    buf: &mut Buffer,
    area: Rect,
    specs: &[ColumnSpec],
    widths: &[Option<usize>],
    styles: &Styles,
) {
    let mut line = LinePainter::new(buf, area);
    let heads = specs.iter().map(|spec| Cell::plain(spec.head));
    paint_cells(&mut line, heads, widths, false, styles.column_head);
}

/// Draws a row on the first line of `area`: the marker, each shown cell
/// padded to its column, then spaces to the end of the line so a selected
/// row is reversed across the whole line.
pub fn draw_row<'a>(
    buf: &mut Buffer,
    area: Rect,
    cells: impl IntoIterator<Item = Cell<'a>>,
    widths: &[Option<usize>],
    selected: bool,
    row_style: Style,
) {
    let mut line = LinePainter::new(buf, area);
    let used = paint_cells(&mut line, cells, widths, selected, row_style);
    line.put_spaces(usize::from(area.width).saturating_sub(used), row_style);
}

/// The marker and the cells; returns the columns the layout gave them.
fn paint_cells<'a>(
    line: &mut LinePainter<'_>,
    cells: impl IntoIterator<Item = Cell<'a>>,
    widths: &[Option<usize>],
    selected: bool,
    row_style: Style,
) -> usize {
    let marker = if selected {
        SELECTED_MARKER
    } else {
        UNSELECTED_MARKER
    };
    line.put_text(marker, row_style);
    let mut used = MARKER;
    for (cell, width) in cells.into_iter().zip(widths) {
        let Some(width) = *width else { continue };
        if used > MARKER {
            line.put_spaces(GAP, row_style);
            used += GAP;
        }
        line.put_padded(&cell.content, width, row_style.patch(cell.style));
        used += width;
    }
    used
}

/// Writes one line of the buffer cluster by cluster, with the rules of
/// ratatui's `Paragraph` (which drew the tables before): clusters holding a
/// control character or no width are skipped, one wider than the whole
/// line too, and the first one that does not fit ends the line. Drawing the
/// same text therefore fills the same cells with the same styles.
struct LinePainter<'b> {
    cells: &'b mut [BufferCell],
    x: usize,
    full: bool,
}

impl<'b> LinePainter<'b> {
    fn new(buf: &'b mut Buffer, area: Rect) -> Self {
        let area = area.intersection(buf.area);
        let cells = if area.is_empty() {
            &mut []
        } else {
            let start = buf.index_of(area.x, area.y);
            &mut buf.content[start..start + usize::from(area.width)]
        };
        Self {
            cells,
            x: 0,
            full: false,
        }
    }

    fn put(&mut self, cluster: &str, style: Style) {
        if self.full {
            return;
        }
        // One byte: an ASCII character, one column unless it is a control.
        let width = match cluster.as_bytes() {
            [byte] if byte.is_ascii_control() => return,
            [_] => 1,
            _ if cluster.contains(char::is_control) => return,
            _ => usize::from(cluster.cell_width()),
        };
        if width > self.cells.len() {
            return;
        }
        if self.x + width > self.cells.len() {
            self.full = true;
            return;
        }
        if width > 0 {
            self.cells[self.x].set_symbol(cluster).set_style(style);
            self.x += width;
        }
    }

    /// Printable ASCII, a byte per cell: what [`Self::put`] does for each
    /// byte, with the checks made once for the run.
    fn put_ascii(&mut self, run: &str, style: Style) {
        if self.full {
            return;
        }
        let fitting = run.len().min(self.cells.len() - self.x);
        let cells = &mut self.cells[self.x..self.x + fitting];
        for (i, cell) in cells.iter_mut().enumerate() {
            // A cell that already shows a space (an empty one does) keeps
            // its symbol: ratatui treats both as the same space.
            if !(run.as_bytes()[i] == b' ' && cell.symbol() == " ") {
                cell.set_symbol(&run[i..=i]);
            }
            cell.set_style(style);
        }
        self.x += fitting;
        self.full = fitting < run.len();
    }

    /// Text whose every character is a cluster: runs of ASCII at once,
    /// the other characters one by one.
    fn put_lone_chars(&mut self, text: &str, style: Style) {
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let length = match rest.bytes().position(|b| !b.is_ascii()) {
                Some(0) => {
                    self.put(&rest[..c.len_utf8()], style);
                    c.len_utf8()
                }
                ascii => {
                    let length = ascii.unwrap_or(rest.len());
                    self.put_ascii(&rest[..length], style);
                    length
                }
            };
            rest = &rest[length..];
        }
    }

    fn put_spaces(&mut self, count: usize, style: Style) {
        const SPACES: &str = "                                ";
        let mut left = count;
        while left > 0 && !self.full {
            let run = left.min(SPACES.len());
            self.put_ascii(&SPACES[..run], style);
            left -= run;
        }
    }

    /// `text` split into clusters here and now.
    fn put_text(&mut self, text: &str, style: Style) {
        if is_printable_ascii(text) {
            self.put_ascii(text, style);
        } else {
            for cluster in text.graphemes(true) {
                self.put(cluster, style);
            }
        }
    }

    /// `content` cut or padded to exactly `width` columns, as
    /// [`pad_to_width`] makes it. Measured text, and plain ASCII, are
    /// copied cluster by cluster with no new string.
    fn put_padded(&mut self, content: &CellContent<'_>, width: usize, style: Style) {
        let fitted = match content {
            CellContent::Measured(text) => text.fit(width),
            CellContent::Plain(text) => fit_plain(text, width),
        };
        let Some(fitted) = fitted else {
            self.put_text(&pad_to_width(content.as_str(), width), style);
            return;
        };
        match fitted.clusters.lone_chars() {
            Some(text) => self.put_lone_chars(text, style),
            None => {
                for cluster in fitted.clusters {
                    self.put(cluster, style);
                }
            }
        }
        if fitted.ellipsis {
            let mut ellipsis = [0; 4];
            self.put(ELLIPSIS.encode_utf8(&mut ellipsis), style);
        }
        self.put_spaces(width - fitted.width, style);
    }
}

/// A list's columns fitted to its width: the columns shown and how wide,
/// whether the narrow forms of the cells are used, and the branch names a
/// branch column shows.
pub struct FittedTable<'a> {
    specs: Vec<ColumnSpec>,
    widths: Vec<Option<usize>>,
    tones: Vec<Tone>,
    /// Each column's CSV name where its cells hold crmdeck's own words
    /// said in the language shown ([`value`]), else None.
    worded: Vec<Option<&'static str>>,
    language: Language,
    narrow: bool,
    branches: &'a HashMap<i64, CellText>,
}

impl<'a> FittedTable<'a> {
    /// Fits the dashboard's columns of `columns` into `width`, each as wide
    /// as its rule and its widest cell (`natural`; a branch column's widest
    /// name of `branches`) say: with the wide form of the cells when the
    /// essential columns fit with it, else with the narrow one.
    /// A branch column shows only with `branch_column` (when the rows are
    /// of several branches); its room goes to the others.
    pub fn fit<R, F>(
        columns: &[Column<R, F>],
        natural: &NaturalWidths,
        branches: &'a HashMap<i64, CellText>,
        width: usize,
        (branch_column, language): (bool, Language),
    ) -> Self {
        let specs = |narrow: bool| -> Vec<ColumnSpec> {
            on_screen(columns)
                .enumerate()
                .map(|(index, (column, screen))| {
                    let widest = match column.text {
                        Text::Branch(_) => branches.values().map(CellText::width).max(),
                        _ => Some(
                            (natural.widest(index, narrow))
                                .max(widest_value(column.name, language)),
                        ),
                    };
                    let head = headings::title(column.title, column.name, language);
                    ColumnSpec {
                        head,
                        natural: screen.natural.width(head, widest.unwrap_or(0), language),
                        min: screen.flex_min.unwrap_or(0),
                        flexible: screen.flex_min.is_some(),
                        priority: screen.priority,
                        essential: screen.essential,
                    }
                })
                .collect()
        };
        let mut narrow = false;
        let mut column_specs = specs(false);
        if !essentials_fit(width, &column_specs) {
            narrow = true;
            column_specs = specs(true);
        }
        let shown: Vec<usize> = on_screen(columns)
            .enumerate()
            .filter(|(_, (column, _))| branch_column || !matches!(column.text, Text::Branch(_)))
            .map(|(index, _)| index)
            .collect();
        let shown_specs: Vec<ColumnSpec> = shown.iter().map(|&i| column_specs[i]).collect();
        let mut widths = vec![None; column_specs.len()];
        for (&index, width) in shown.iter().zip(fit_columns(width, &shown_specs)) {
            widths[index] = width;
        }
        Self {
            widths,
            specs: column_specs,
            tones: on_screen(columns).map(|(_, screen)| screen.tone).collect(),
            worded: on_screen(columns)
                .map(|(column, _)| (widest_value(column.name, language) > 0).then_some(column.name))
                .collect(),
            language,
            narrow,
            branches,
        }
    }

    /// Draws the column heads on the first line of `area`.
    pub fn draw_heads(&self, buf: &mut Buffer, area: Rect, styles: &Styles) {
        draw_heads(buf, area, &self.specs, &self.widths, styles);
    }

    /// Draws `row` on the first line of `area` the way `look` says, in the
    /// selection's style when `selected`; where a text cell holds the
    /// filter of `look`, that text stands out.
    pub fn draw_row(
        &self,
        buf: &mut Buffer,
        area: Rect,
        row: &ScreenRow,
        selected: bool,
        look: &RowLook<'_>,
        styles: &Styles,
    ) {
        let cells = row
            .cells
            .iter()
            .zip(&self.widths)
            .zip(self.tones.iter().zip(&self.worded))
            .map(|((cell, width), (tone, worded))| {
                let cell = match (cell, tone, look.state_over) {
                    (_, Tone::State, Some(text)) => Cell::plain(text),
                    (ScreenCell::Text(_) | ScreenCell::Narrowable(_), _, _) => {
                        match cell.fitting(width.unwrap_or(0), self.narrow) {
                            None => Cell::plain(NONE),
                            // crmdeck's own word in the language shown.
                            Some(text) => match worded
                                .and_then(|name| value(name, text.as_str(), self.language))
                            {
                                Some(word) => Cell::plain(word),
                                None => Cell::measured(text),
                            },
                        }
                    }
                    (ScreenCell::Branch(Some(id)), _, _) => match self.branches.get(id) {
                        Some(name) => Cell::measured(name),
                        None => Cell::plain(format!("#{id}")),
                    },
                    (ScreenCell::Branch(None), _, _) => Cell::plain(NONE),
                };
                match tone {
                    Tone::Plain => cell,
                    Tone::Quiet => cell.styled(styles.dim),
                    Tone::State => cell.styled(look.state),
                }
            });
        let row_style = if selected { styles.selected } else { look.row };
        draw_row(buf, area, cells, &self.widths, selected, row_style);
        if let Some(filter) = look.matched {
            self.mark_matches(buf, area, row, filter, styles.matched);
        }
    }

    /// Restyles the cells of `row` (drawn on the first line of `area`)
    /// where its text cells hold a word of `filter`, within each column's
    /// width.
    fn mark_matches(
        &self,
        buf: &mut Buffer,
        area: Rect,
        row: &ScreenRow,
        filter: &str,
        style: Style,
    ) {
        let mut x = MARKER;
        for (cell, width) in row.cells.iter().zip(&self.widths) {
            let Some(width) = *width else { continue };
            if x > MARKER {
                x += GAP;
            }
            if let Some(text) = cell.fitting(width, self.narrow) {
                let text = text.as_str();
                let ranges = filter
                    .split_whitespace()
                    .filter_map(|word| find_folded(text, word));
                for range in ranges {
                    let start = display_width(&text[..range.start]);
                    let end = (start + display_width(&text[range])).min(width);
                    for column in start..end {
                        let Ok(column) = u16::try_from(x + column) else {
                            break;
                        };
                        if column < area.width {
                            buf[(area.x + column, area.y)].set_style(style);
                        }
                    }
                }
            }
            x += width;
        }
    }
}

/// How one row of a list looks.
pub struct RowLook<'a> {
    /// The whole row's style, unless it is selected.
    pub row: Style,
    /// The style of the record's state ([`Tone::State`]).
    pub state: Style,
    /// What shows over the state while something is under way.
    pub state_over: Option<&'a str>,
    /// A filter (folded) whose match in the row's text cells stands out.
    pub matched: Option<&'a str>,
}

impl RowLook<'_> {
    /// A row of a list without states or a filter: the lessons of a day.
    pub const PLAIN: Self = Self {
        row: Style::new(),
        state: Style::new(),
        state_over: None,
        matched: None,
    };
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

    /// Cell texts that are hard to lay out: wide characters, combining
    /// marks, emoji sequences, a prepended mark, halfwidth sound marks,
    /// controls, and text longer than its column.
    const AWKWARD: [&str; 13] = [
        "Frontend React",
        "Русский язык — Mirzo Ulugʻbek",
        "日本語の文字",
        "Cafe\u{301} Français",
        "👩\u{200d}💻 team",
        "2025-01-05–2025-09-05",
        "12\u{600}",
        "ｶﾞｷﾞ",
        "a\tb\u{1b}c",
        "\u{301}leading mark",
        "🇺🇿 ❤\u{fe0f}",
        "—",
        "",
    ];

    /// A row as it was drawn before the painter: one line of spans (the
    /// marker, each cell through `pad_to_width`, the gaps, spaces to the
    /// end) rendered by ratatui's `Paragraph`.
    fn paragraph_row(
        cells: &[(&str, Style)],
        widths: &[Option<usize>],
        selected: bool,
        row_style: Style,
        area: Rect,
    ) -> Buffer {
        use ratatui::text::{Line, Span};
        use ratatui::widgets::{Paragraph, Widget};
        let marker = if selected {
            SELECTED_MARKER
        } else {
            UNSELECTED_MARKER
        };
        let mut spans = vec![Span::raw(marker)];
        let mut used = MARKER;
        for ((text, style), width) in cells.iter().zip(widths) {
            let Some(width) = *width else { continue };
            if used > MARKER {
                spans.push(Span::raw(" ".repeat(GAP)));
                used += GAP;
            }
            spans.push(Span::styled(pad_to_width(text, width), *style));
            used += width;
        }
        let total = usize::from(area.width);
        if used < total {
            spans.push(Span::raw(" ".repeat(total - used)));
        }
        let mut buf = Buffer::empty(area);
        Paragraph::new(Line::from(spans).style(row_style)).render(area, &mut buf);
        buf
    }

    /// The same row drawn by [`draw_row`], with measured or plain cells.
    fn painted_row(
        cells: &[(&str, Style)],
        widths: &[Option<usize>],
        selected: bool,
        row_style: Style,
        area: Rect,
        measured: bool,
    ) -> Buffer {
        let texts: Vec<CellText> = cells
            .iter()
            .map(|(text, _)| CellText::new(text.to_string()))
            .collect();
        let row = cells
            .iter()
            .zip(&texts)
            .map(|((text, style), measured_text)| {
                let cell = if measured {
                    Cell::measured(measured_text)
                } else {
                    Cell::plain(*text)
                };
                cell.styled(*style)
            });
        let mut buf = Buffer::empty(area);
        draw_row(&mut buf, area, row, widths, selected, row_style);
        buf
    }

    fn assert_same_row(
        cells: &[(&str, Style)],
        widths: &[Option<usize>],
        selected: bool,
        area: Rect,
    ) {
        let styles = Styles::new(crate::config::Theme::Default);
        let row_style = if selected {
            styles.selected
        } else {
            styles.archived
        };
        let expected = paragraph_row(cells, widths, selected, row_style, area);
        for measured in [true, false] {
            let painted = painted_row(cells, widths, selected, row_style, area, measured);
            assert_eq!(
                painted, expected,
                "cells {cells:?}, widths {widths:?}, measured: {measured}"
            );
        }
    }

    #[test]
    fn rows_fill_the_cells_the_paragraph_filled() {
        let styles = Styles::new(crate::config::Theme::Default);
        for (i, text) in AWKWARD.iter().enumerate() {
            let next = AWKWARD[(i + 1) % AWKWARD.len()];
            let cells = [
                (*text, Style::new()),
                (next, styles.active),
                ("x", styles.dim),
            ];
            for widths in [
                [Some(24), Some(12), Some(3)],
                [Some(4), None, Some(1)],
                [Some(1), Some(0), Some(2)],
            ] {
                for width in [80, 30, 9, 1] {
                    let area = Rect::new(3, 1, width, 1);
                    assert_same_row(&cells, &widths, i % 2 == 0, area);
                }
            }
        }
    }

    #[test]
    fn rows_keep_columns_aligned_with_wide_characters() {
        let area = Rect::new(0, 0, 20, 1);
        let widths = [Some(6), Some(3)];
        for text in ["日本語の文字", "Cafe\u{301}", "日本語の文字が長い"] {
            let cells = [Cell::plain(text), Cell::plain("x")];
            let mut buf = Buffer::empty(area);
            draw_row(&mut buf, area, cells, &widths, false, Style::new());
            // The marker, six columns, the gap: the second cell starts at 10.
            assert_eq!(buf[(10, 0)].symbol(), "x", "after {text:?}");
        }
    }

    #[test]
    fn heads_are_not_padded_to_the_end_of_the_line() {
        let styles = Styles::new(crate::config::Theme::Default);
        let area = Rect::new(0, 0, 20, 1);
        let specs = [spec(3, 3, false, 9, true), spec(5, 5, false, 8, true)];
        let mut buf = Buffer::empty(area);
        draw_heads(&mut buf, area, &specs, &[Some(3), Some(5)], &styles);
        let shown: String = (0..20).map(|x| buf[(x, 0)].symbol()).collect();
        assert_eq!(shown, "  X    X            ");
        assert_eq!(buf[(2, 0)].modifier, styles.column_head.add_modifier);
        assert_eq!(buf[(12, 0)], BufferCell::EMPTY);
    }

    proptest::proptest! {
        #[test]
        fn any_row_fills_the_cells_the_paragraph_filled(
            picks in proptest::collection::vec((0..AWKWARD.len(), 0..AWKWARD.len()), 1..4),
            widths in proptest::collection::vec(proptest::option::weighted(0.8, 0usize..16), 4),
            width in 1u16..70,
            selected in proptest::bool::ANY,
        ) {
            // Each cell: the start of one awkward text and the end of another.
            let texts: Vec<String> = picks
                .iter()
                .map(|&(a, b)| {
                    let (head, tail) = (AWKWARD[a], AWKWARD[b]);
                    let cut = tail.char_indices().nth(2).map_or(0, |(i, _)| i);
                    format!("{head}{}", &tail[cut..])
                })
                .collect();
            let cells: Vec<(&str, Style)> = texts.iter().map(|t| (t.as_str(), Style::new())).collect();
            assert_same_row(&cells, &widths, selected, Rect::new(0, 0, width, 1));
        }
    }
}
