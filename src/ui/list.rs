//! What every list tab draws the same way: the frame around its own parts
//! (the filter line, a message while nothing arrived, where the detail
//! goes), the summary line, and its table: the columns its record kind
//! declares fitted to the width, their heads, and the rows on screen (or a
//! message in place of rows).

use super::View;
use super::table::{FittedTable, RowLook};
use super::theme::{Styles, spinner};
use crate::app::layout::{Layout, ListScreen};
use crate::app::list_cursor::ListCursor;
use crate::app::list_pane::{Focus, ListPane};
use crate::app::screen::TabScreen;
use crate::i18n::{Language, Phrase, fill};
use crate::present::columns::{Column, ScreenTable};
use crate::present::format::{display_width, join_fitting, truncate_to_width};
use crate::present::query::reading;
use crate::present::words::say;
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// A list tab as the frame around its own parts sees it, and those parts:
/// its summary line, its rows (see [`draw_rows`]) and its detail.
pub trait ListTab: TabScreen {
    /// What it lists, for the messages: "groups".
    const RECORDS: &'static str;

    /// Its list and whether anything arrived.
    fn shown(&self) -> Shown<'_>;

    fn draw_summary(&self, frame: &mut Frame, screen: &ListScreen, view: &View);

    fn draw_rows(&self, frame: &mut Frame, screen: &ListScreen, view: &View);

    /// Its detail in `area`; `focused` while the detail has the keys.
    fn draw_detail(&self, frame: &mut Frame, area: Rect, focused: bool, view: &View);
}

/// A list tab's list and whether anything arrived for it.
pub struct Shown<'a> {
    /// The rows that show, the selection, the filter, the detail.
    pane: &'a ListPane,
    /// Something arrived: the rows are drawn, not a message.
    loaded: bool,
    /// Why nothing could be loaded.
    load_error: Option<&'a str>,
}

impl<'a> Shown<'a> {
    pub fn new(pane: &'a ListPane, loaded: bool, load_error: Option<&'a str>) -> Self {
        Self {
            pane,
            loaded,
            load_error,
        }
    }
}

/// Draws a list tab: its summary line, the filter line, its rows (or a
/// message while nothing arrived), and its detail in the pane at wide sizes
/// or over the body while it has the focus.
pub fn draw_tab<T: ListTab>(tab: &T, frame: &mut Frame, view: &View) {
    let shown = tab.shown();
    let pane = shown.pane;
    let screen = view.layout.list(pane.filter_line_shown());
    tab.draw_summary(frame, &screen, view);
    if let Some(area) = screen.filter {
        draw_filter(frame, area, pane, view);
    }
    if shown.loaded {
        tab.draw_rows(frame, &screen, view);
    } else {
        let language = view.world.settings.language;
        let records = say(T::RECORDS, language);
        let message = match shown.load_error {
            Some(error) if !tab.busy(view.world) => {
                let retry = match (view.world.token_refused(), view.world.snapshot_hidden()) {
                    (true, true) => Phrase::ScreenSnapshotHidden.get(language),
                    (true, false) => Phrase::RetryToken.get(language),
                    (false, _) => Phrase::RetryR.get(language),
                };
                fill::list_load_failed(language, records, error, retry)
            }
            _ => {
                let loading = fill::list_loading(language, records);
                format!("{} {loading}", spinner(view.world.now))
            }
        };
        draw_message(
            frame,
            screen.heads.union(screen.rows),
            &message,
            view.styles,
        );
    }
    // The detail has the keys: its pane's focus, and the tab on top.
    let focused = pane.focus() == Focus::Detail && view.app.context() == tab.context();
    if let Some(area) = detail_area(&screen, focused, view.layout) {
        tab.draw_detail(frame, area, focused, view);
    }
}

/// The summary line: `left` spans, and `notes` on the right, a ` · `
/// apart: as many whole notes as fit, in their order, `…` for the rest
/// (a word is never cut unless even the first note is wider than the room).
pub fn draw_summary(
    frame: &mut Frame,
    area: Rect,
    mut left: Vec<Span<'static>>,
    notes: &[String],
    styles: &Styles,
) {
    left.insert(0, Span::raw(" "));
    let used: usize = left.iter().map(|s| display_width(&s.content)).sum();
    let width = usize::from(area.width);
    let room = width.saturating_sub(used + 3);
    let notes = match notes.split_first() {
        Some((first, rest)) => join_fitting(first, rest, SEPARATOR, room),
        None => String::new(),
    };
    let notes = truncate_to_width(&notes, room);
    let notes_width = display_width(&notes);
    if notes_width > 0 {
        left.push(Span::raw(" ".repeat(width - used - notes_width - 1)));
        left.push(Span::styled(notes.into_owned(), styles.dim));
    }
    frame.render_widget(Paragraph::new(Line::from(left)), area);
}

/// The columns left for the summary's own parts on a line of `width`: the
/// notes keep their room, up to two fifths of the line.
pub fn summary_room(width: u16, notes: &[String]) -> usize {
    let width = usize::from(width);
    let claim = match joined_width(notes.iter().map(String::as_str)) {
        0 => 0,
        used => (used + 3).min(notes_cap(width)),
    };
    width.saturating_sub(1 + claim)
}

/// The most a summary's notes claim of a line of `width`.
fn notes_cap(width: usize) -> usize {
    width * 2 / 5
}

/// The notes, each `(whole, short)`, in their whole words while they fit
/// the room [`summary_room`] keeps for them on a line of `width`, else in
/// their short ones (`no archived`, `name ↑`) rather than cut to `…`.
pub fn shortened_notes(notes: Vec<(String, String)>, width: u16) -> Vec<String> {
    let room = notes_cap(usize::from(width)).saturating_sub(3);
    let whole = joined_width(notes.iter().map(|(whole, _)| whole.as_str()));
    notes
        .into_iter()
        .map(|(whole_text, short)| if whole <= room { whole_text } else { short })
        .collect()
}

/// Between the parts of a summary line, and between its notes.
const SEPARATOR: &str = " · ";

/// The columns `texts` take a [`SEPARATOR`] apart.
fn joined_width<'a>(texts: impl Iterator<Item = &'a str>) -> usize {
    let (mut width, mut count) = (0, 0_usize);
    for text in texts {
        width += display_width(text);
        count += 1;
    }
    width + display_width(SEPARATOR) * count.saturating_sub(1)
}

/// A part of a summary line: what it says, its style, the order it gives
/// way in (the highest number first, 0 never), and a shorter form that
/// stands in for it first, itself given way in its own order.
pub struct Part {
    pub text: String,
    pub style: Style,
    pub give_way: u8,
    pub short: Option<(String, u8)>,
}

impl Part {
    pub fn new(text: String, style: Style, give_way: u8) -> Self {
        Self {
            text,
            style,
            give_way,
            short: None,
        }
    }

    /// With `short` standing in for the text when it gives way, until
    /// `short` itself gives way in the order `give_way`.
    pub fn or_short(self, short: String, give_way: u8) -> Self {
        Self {
            short: Some((short, give_way)),
            ..self
        }
    }
}

/// The parts that fit in `width` columns, a ` · ` apart, in their order:
/// those that give way first (the highest number) shortened or left out
/// while they do not all fit.
pub fn fitting(parts: Vec<Part>, width: usize) -> Vec<Span<'static>> {
    // Each part's text now: the whole (0), the short form (1) or none (2).
    let mut form = vec![0_u8; parts.len()];
    let text = |i: usize, form: u8| match (form, &parts[i].short) {
        (0, _) => Some(parts[i].text.as_str()),
        (1, Some((short, _))) => Some(short.as_str()),
        _ => None,
    };
    let used = |form: &[u8]| joined_width((0..parts.len()).filter_map(|i| text(i, form[i])));
    // (order, part, the form it takes): the whole text gives way to the
    // short form where there is one, the short form to nothing.
    let mut steps: Vec<(u8, usize, u8)> = Vec::new();
    for (i, part) in parts.iter().enumerate().filter(|(_, p)| p.give_way > 0) {
        match &part.short {
            Some((_, later)) => steps.extend([(part.give_way, i, 1), (*later, i, 2)]),
            None => steps.push((part.give_way, i, 2)),
        }
    }
    steps.sort_by_key(|&(order, _, _)| std::cmp::Reverse(order));
    for (_, i, to) in steps {
        if used(&form) <= width {
            break;
        }
        form[i] = form[i].max(to);
    }
    let mut spans = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let Some(text) = text(i, form[i]) else {
            continue;
        };
        if !spans.is_empty() {
            spans.push(Span::raw(SEPARATOR));
        }
        spans.push(Span::styled(text.to_owned(), part.style));
    }
    spans
}

/// The filter line: `/` and the text, with the cursor while typing, and
/// how the query was read (`present::query`) where there is room.
fn draw_filter(frame: &mut Frame, area: Rect, pane: &ListPane, view: &View) {
    let (filter, typing) = (&pane.filter, pane.filtering);
    let styles = view.styles;
    let text = sanitize_line(filter.text());
    let shown = truncate_to_width(&text, usize::from(area.width).saturating_sub(24));
    let language = view.world.settings.language;
    let hint = match typing {
        true => Phrase::ScreenFilterTyping,
        false => Phrase::ScreenFilterKept,
    };
    let hint = format!("  {}", hint.get(language));
    let query = filter.query();
    let read = sanitize_line(&reading(query, language)).into_owned();
    let label = format!(" {} / ", Phrase::KeyFilter.get(language));
    // Where the typed text starts: after the label, whatever its language.
    let text_column = display_width(&label) as u16;
    let mut spans = vec![
        Span::styled(label, styles.heading),
        Span::raw(shown.into_owned()),
    ];
    // A word no row holds, said first: why the list is empty.
    for word in pane.unfound.words() {
        let left = usize::from(area.width).saturating_sub(spans.iter().map(Span::width).sum());
        let said = format!(" · {}", fill::screen_no_group_holds(language, word));
        let said = sanitize_line(&said).into_owned();
        spans.push(Span::styled(
            truncate_to_width(&said, left).into_owned(),
            styles.warning,
        ));
    }
    // The reading before the hint: it says what the list shows.
    let used: usize = spans.iter().map(Span::width).sum();
    let room = usize::from(area.width).saturating_sub(used + 3);
    if query.has_fields() && room >= 8 {
        spans.push(Span::styled(" → ", styles.dim));
        spans.push(Span::styled(
            truncate_to_width(&read, room).into_owned(),
            styles.heading,
        ));
    }
    let left = usize::from(area.width).saturating_sub(spans.iter().map(Span::width).sum());
    if left >= display_width(&hint) {
        spans.push(Span::styled(hint, styles.dim));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    if typing {
        let column =
            area.x + text_column + filter.cursor_column().min(usize::from(area.width)) as u16;
        frame.set_cursor_position(Position::new(
            column.min(area.right().saturating_sub(1)),
            area.y,
        ));
    }
}

/// A walk's pages in `language` from its progress (read, pages, missing):
/// `3/10 pages`, `3/? pages` while their number is unknown, `, 2 missing`
/// after (the store's `Display` is the log's English).
pub fn pages_read((read, pages, missing): (u64, Option<u64>, u64), language: Language) -> String {
    let pages = pages.map_or_else(|| "?".to_string(), |n| n.to_string());
    match missing {
        0 => fill::screen_progress(language, read, pages),
        missing => fill::screen_progress_missing(language, read, pages, missing),
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

/// A list tab's rows as the columns of its record kind show them.
pub struct Rows<'a, R, F> {
    pub columns: &'a [Column<R, F>],
    /// One row per record, in the order of the tab's records.
    pub table: &'a ScreenTable,
    /// What shows in place of rows when none passes the filters.
    pub none_shown: &'a str,
    /// The branch column shows (the rows are of several branches).
    pub branch_column: bool,
    /// A narrow column of marks at the left (the Groups list's changes
    /// since the baseline): each record's mark, looked up per row drawn;
    /// None: no such column.
    pub marks: Option<&'a dyn Fn(usize) -> Option<&'static str>>,
}

/// The columns the marks take: the mark and a space.
const MARKS_WIDTH: u16 = 2;

/// Draws a list tab's table: the columns fitted to the width of the rows'
/// area, their heads, and the rows of `pane` on screen, each looking as
/// `look` says of its record (an index into the tab's records).
pub fn draw_rows<'a, R, F>(
    frame: &mut Frame,
    screen: &ListScreen,
    pane: &ListPane,
    rows: &Rows<'_, R, F>,
    look: impl Fn(usize) -> RowLook<'a>,
    view: &View,
) {
    let (branches, styles) = (&view.world.branches.name_cells, view.styles);
    // The marks' column first, the table in the rest.
    let marks_width = if rows.marks.is_some() { MARKS_WIDTH } else { 0 };
    let beside = |area: Rect| Rect {
        x: area.x + marks_width.min(area.width),
        width: area.width.saturating_sub(marks_width),
        ..area
    };
    let (heads, area) = (beside(screen.heads), beside(screen.rows));
    let width = usize::from(area.width);
    let natural = &rows.table.widths;
    let shown = (rows.branch_column, view.world.settings.language);
    let fitted = FittedTable::fit(rows.columns, natural, branches, width, shown);
    fitted.draw_heads(frame.buffer_mut(), heads, styles);
    if pane.visible.is_empty() {
        draw_message(frame, screen.rows, rows.none_shown, styles);
        return;
    }
    let first = first_row(pane.cursor, pane.visible.len(), usize::from(area.height));
    let on_screen = pane.visible.iter_from(first).zip(area.rows()).enumerate();
    for (i, (record, line)) in on_screen {
        let selected = first + i == pane.cursor.index;
        let row = &rows.table.rows[record];
        let buf = frame.buffer_mut();
        fitted.draw_row(buf, line, row, selected, &look(record), styles);
        if let Some(marks) = rows.marks {
            let mark = marks(record).unwrap_or(" ");
            let style = if selected {
                styles.selected
            } else {
                styles.warning
            };
            let at = Rect::new(screen.rows.x, line.y, marks_width, 1);
            let text = format!("{mark:<width$}", width = usize::from(marks_width));
            frame.render_widget(Paragraph::new(Span::styled(text, style)), at);
        }
    }
}

/// The first row on screen: the cursor's own offset, pulled back so the
/// selection is visible even if the screen changed since.
fn first_row(cursor: ListCursor, len: usize, height: usize) -> usize {
    let mut on_screen = cursor;
    on_screen.scroll_into_view(len, height);
    on_screen.offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Theme;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn summary_line(width: u16, left: &str, notes: &[&str]) -> String {
        let notes: Vec<String> = notes.iter().map(|note| note.to_string()).collect();
        let mut terminal = Terminal::new(TestBackend::new(width, 1)).unwrap();
        terminal
            .draw(|frame| {
                let area = frame.area();
                let left = vec![Span::raw(left.to_owned())];
                draw_summary(frame, area, left, &notes, &Styles::new(Theme::Mono));
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        buffer.content().iter().map(|cell| cell.symbol()).collect()
    }

    #[test]
    fn notes_that_do_not_all_fit_give_way_whole_from_the_last() {
        let notes = ["12 of 2,000 so far", "archived hidden", "sort: name ↑"];
        let line = summary_line(60, "All branches", &notes);
        assert!(
            line.ends_with("12 of 2,000 so far · archived hidden · … "),
            "{line:?}"
        );
        let line = summary_line(90, "All branches", &notes);
        assert!(
            line.ends_with("archived hidden · sort: name ↑ "),
            "{line:?}"
        );
    }

    #[test]
    fn the_summary_gives_the_notes_up_to_two_fifths_of_the_line() {
        let notes = ["71 of 95".to_owned(), "sort: name ↑".to_owned()];
        assert_eq!(summary_room(80, &notes), 80 - 1 - (23 + 3));
        let long = ["x".repeat(60)];
        assert_eq!(summary_room(80, &long), 80 - 1 - 32);
        assert_eq!(summary_room(80, &[]), 79);
    }

    #[test]
    fn a_walks_pages_in_the_language_shown() {
        // English as the store's log line says it.
        assert_eq!(pages_read((3, Some(10), 0), Language::En), "3/10 pages");
        assert_eq!(pages_read((3, None, 0), Language::En), "3/? pages");
        assert_eq!(
            pages_read((3, Some(10), 2), Language::En),
            "3/10 pages, 2 missing"
        );
        assert_eq!(
            pages_read((3, Some(10), 2), Language::Ru),
            "3/10 стр., не загружено 2"
        );
        assert_eq!(pages_read((3, None, 0), Language::Uz), "3/? sahifa");
    }
}
