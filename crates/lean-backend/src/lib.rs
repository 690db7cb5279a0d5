//! The backend ratatui draws through: crossterm's, with each frame's
//! changes written in fewer bytes and sent in one write.
//!
//! Over a slow SSH link every byte of a frame counts. ratatui's own
//! `CrosstermBackend` moves the cursor with an absolute `ESC[row;colH`
//! (7 to 9 bytes at 200x50) before every run of changed cells, and ends
//! every frame with four resets (19 bytes). Here:
//! - rows that a frame shows moved up or down (a list scrolled by a line,
//!   a page down that keeps some rows, a row arriving above) are moved by
//!   the terminal itself: a scroll region around them (`ESC[top;bottom r`),
//!   scrolled (`ESC[nS` up, `ESC[nT` down) and reset (`ESC[r`), and only
//!   the lines that come in and the cells that still differ are written.
//!   ratatui hands over the changed cells only, so the backend keeps the
//!   screen it drew and finds the move itself (see `scroll`); a frame is
//!   written both ways and the shorter goes out;
//! - a jump forward on the same row is `ESC[nC` (4 or 5 bytes) or, when
//!   the cells jumped over are a few plain ones in the style already set,
//!   those cells written again, whichever is shorter. What the terminal
//!   shows is known because every cell drawn is remembered;
//! - a frame ends with one `ESC[0m`, and only when a style is left on, so
//!   every frame starts in the default colours (the lines a scroll brings
//!   in are blank in those);
//! - a frame is wrapped in synchronized output (DEC mode 2026,
//!   `ESC[?2026h` … `ESC[?2026l`): a terminal that knows it shows the frame
//!   whole, a scroll never without the lines that follow it; others ignore
//!   it. A clear of the whole screen waits for the frame after it and goes
//!   out inside it, so a full repaint never shows a blank screen first;
//! - the bytes of a frame are kept until ratatui flushes at its end and go
//!   out in one write (stdout's own buffer would send them 1 KB at a
//!   time). What was not flushed when the process panics is dropped, never
//!   written over the restored screen.
//!
//! Colours and attributes are written as ratatui writes them, by
//! crossterm's commands (so `NO_COLOR` still removes every colour). Where
//! the cursor is left after a frame is not kept: ratatui hides it or puts
//! it in place after every draw. Property tests hold the screen to the one
//! ratatui's backend draws, cell for cell, whatever moves, and a frame to
//! no more bytes than ratatui's (but for the synchronized-output wrapper).

pub mod measure;
mod scroll;

use crossterm::cursor::{MoveRight, MoveTo};
use crossterm::queue;
use crossterm::style::{Attribute, Colors, Print, SetAttribute, SetColors, SetUnderlineColor};
use crossterm::terminal::Clear;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, IntoCrossterm, WindowSize};
use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::{Color, Modifier};
use scroll::{BLOCK, Blocks, Scroll};
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;

/// Synchronized output begins: the terminal holds what follows…
const SYNC_BEGIN: &[u8] = b"\x1b[?2026h";
/// …until it ends, and shows it at once.
const SYNC_END: &[u8] = b"\x1b[?2026l";

/// Attributes switched off one by one (bold and dim share one switch off,
/// normal intensity; the two blinks too), and on, in ratatui's order:
/// where a terminal cannot show two at once, the last one set shows.
const OFF: [(Modifier, Attribute); 4] = [
    (Modifier::ITALIC, Attribute::NoItalic),
    (Modifier::UNDERLINED, Attribute::NoUnderline),
    (Modifier::CROSSED_OUT, Attribute::NotCrossedOut),
    (Modifier::HIDDEN, Attribute::NoHidden),
];
const ON: [(Modifier, Attribute); 9] = [
    (Modifier::REVERSED, Attribute::Reverse),
    (Modifier::BOLD, Attribute::Bold),
    (Modifier::ITALIC, Attribute::Italic),
    (Modifier::UNDERLINED, Attribute::Underlined),
    (Modifier::DIM, Attribute::Dim),
    (Modifier::CROSSED_OUT, Attribute::CrossedOut),
    (Modifier::HIDDEN, Attribute::Hidden),
    (Modifier::SLOW_BLINK, Attribute::SlowBlink),
    (Modifier::RAPID_BLINK, Attribute::RapidBlink),
];
const INTENSITY: Modifier = Modifier::BOLD.union(Modifier::DIM);
const BLINK: Modifier = Modifier::SLOW_BLINK.union(Modifier::RAPID_BLINK);

/// A ratatui backend writing to `W` (stdout) in few bytes; see the module.
pub struct LeanBackend<W: Write> {
    inner: CrosstermBackend<FrameWriter<W>>,
    shown: Shown,
    /// The whole screen is to be cleared, at the start of the next frame.
    clear_due: bool,
}

impl<W: Write> LeanBackend<W> {
    pub fn new(out: W) -> Self {
        Self {
            inner: CrosstermBackend::new(FrameWriter {
                pending: Vec::new(),
                out,
            }),
            shown: Shown::new(),
            clear_due: false,
        }
    }

    /// Clears the screen now if a clear waits for the next frame (before
    /// anything else changes what the screen shows).
    fn clear_now(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.clear_due) {
            queue!(self.inner, Clear(crossterm::terminal::ClearType::All))?;
        }
        Ok(())
    }
}

impl<W: Write> Write for LeanBackend<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for LeanBackend<W> {
    type Error = io::Error;

    /// Writes the frame's changed cells, or scrolls and writes fewer, in
    /// synchronized output (after the clear that waits for it, if any); a
    /// frame that changes nothing writes nothing.
    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let cells: Vec<(u16, u16, &Cell)> = content.collect();
        if cells.is_empty() && !self.clear_due {
            return Ok(());
        }
        let frame = self.shown.draw(&cells)?;
        self.inner.write_all(SYNC_BEGIN)?;
        self.clear_now()?;
        self.inner.write_all(&frame)?;
        self.inner.write_all(SYNC_END)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.clear_now()?;
        self.shown.forget();
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    /// A clear of the whole screen goes out with the frame after it, the
    /// one that repaints it; other clears at once, as ratatui's backend
    /// sends them.
    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        if clear_type == ClearType::All {
            self.shown.clear();
            self.clear_due = true;
            return Ok(());
        }
        self.clear_now()?;
        self.shown.forget();
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        self.inner.size()
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// Keeps what is written until a flush, then sends it in one write.
/// Dropping it drops what was not flushed.
struct FrameWriter<W: Write> {
    pending: Vec<u8>,
    out: W,
}

impl<W: Write> Write for FrameWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let result = self.out.write_all(&self.pending);
            // Sent or failed, it is not sent again.
            self.pending.clear();
            result?;
        }
        self.out.flush()
    }
}

/// What the terminal shows, as drawn here: ratatui's last frame, the cells
/// of which this backend saw (the changed ones) and wrote.
struct Shown {
    /// The screen from its top left corner as far as drawn, grown as
    /// cells arrive. A cell not known holds [`unknown`]: under a wide
    /// character (ratatui never sends those cells), or beyond what was
    /// drawn since a partial clear.
    now: Buffer,
    /// `now` with the frame being drawn; equal to `now` between frames.
    next: Buffer,
    /// The blocks of `now`'s rows, to find what a frame moved.
    blocks: Blocks,
    /// What lies beyond `now`: blank since the whole screen was cleared,
    /// [`unknown`] since a partial clear (or lines appended below).
    beyond: Cell,
}

impl Shown {
    fn new() -> Self {
        Self {
            now: Buffer::empty(Rect::ZERO),
            next: Buffer::empty(Rect::ZERO),
            blocks: Blocks::default(),
            beyond: unknown(),
        }
    }

    /// The whole screen was cleared: every cell is blank.
    fn clear(&mut self) {
        self.reset(Cell::EMPTY);
    }

    /// Nothing is known any more.
    fn forget(&mut self) {
        self.reset(unknown());
    }

    fn reset(&mut self, beyond: Cell) {
        self.now = Buffer::empty(Rect::ZERO);
        self.next = Buffer::empty(Rect::ZERO);
        self.blocks = Blocks::of(&self.now);
        self.beyond = beyond;
    }

    /// The bytes that draw `cells` (ratatui's diff, in its order) over
    /// what is shown, remembering them: the cells as they are, or a scroll
    /// and the cells that still differ after it, whichever is shorter.
    fn draw(&mut self, cells: &[(u16, u16, &Cell)]) -> io::Result<Vec<u8>> {
        self.fit(cells);
        let changed = self.apply(cells);
        let mut blocks = self.blocks.clone();
        blocks.rehash(&self.next, &changed);
        let scroll = scroll::find(&self.blocks, &blocks, &changed).filter(|s| self.settled(*s));
        let mut scrolled = None;
        if let Some(scroll) = scroll {
            // `now` as the terminal will show it once scrolled.
            scroll.apply(&mut self.now);
            let mut bytes = Vec::new();
            scroll.write(&mut bytes)?;
            encode(
                &mut bytes,
                self.now.diff(&self.next),
                &self.next,
                usize::MAX,
            )?;
            scrolled = Some(bytes);
        }
        // The cells as they are, unless that is longer.
        let limit = scrolled.as_ref().map_or(usize::MAX, Vec::len);
        let mut frame = Vec::new();
        if !encode(&mut frame, cells.iter().copied(), &self.next, limit)? {
            frame = scrolled.unwrap_or_default();
        }
        // Either way the screen is `next` now.
        let width = usize::from(self.now.area.width);
        let rows = scroll.into_iter().flat_map(Scroll::rows);
        let moved = rows.flat_map(|y| (0..width.div_ceil(BLOCK)).map(move |block| (y, block)));
        for (y, block) in changed.into_iter().chain(moved) {
            let start = y * width + block * BLOCK;
            let cells = start..start + scroll::block_width(width, block);
            self.now.content[cells.clone()].clone_from_slice(&self.next.content[cells]);
        }
        self.blocks = blocks;
        Ok(frame)
    }

    /// Grows the screen known to hold every cell of `cells`, wide ones
    /// whole (ratatui's diff steps over the columns a wide character
    /// covers, and would step into the next row from the last column).
    fn fit(&mut self, cells: &[(u16, u16, &Cell)]) {
        let area = self.now.area;
        let (width, height) =
            cells
                .iter()
                .fold((area.width, area.height), |(w, h), (x, y, cell)| {
                    let end = x.saturating_add(width_of(cell).max(1));
                    (w.max(end), h.max(y.saturating_add(1)))
                });
        if (width, height) == (area.width, area.height) {
            return;
        }
        let mut grown = Buffer::filled(Rect::new(0, 0, width, height), self.beyond.clone());
        let (old, new) = (usize::from(area.width), usize::from(width));
        for (y, row) in self.now.content.chunks(old.max(1)).enumerate() {
            grown.content[y * new..y * new + row.len()].clone_from_slice(row);
        }
        self.next = grown.clone();
        self.blocks = Blocks::of(&grown);
        self.now = grown;
    }

    /// Puts `cells` in `next` (the columns a wide character covers become
    /// unknown); the blocks (row, block) they change, in order.
    fn apply(&mut self, cells: &[(u16, u16, &Cell)]) -> Vec<(usize, usize)> {
        let mut blocks: Vec<(usize, usize)> = Vec::new();
        let width = self.next.area.width;
        for &(x, y, cell) in cells {
            let at = self.next.index_of(x, y);
            self.next.content[at] = cell.clone();
            let covered = width_of(cell).min(width - x).saturating_sub(1);
            for other in &mut self.next.content[at + 1..=at + usize::from(covered)] {
                *other = unknown();
            }
            let (first, last) = (usize::from(x) / BLOCK, usize::from(x + covered) / BLOCK);
            for block in first..=last {
                let changed = (usize::from(y), block);
                if blocks.last().is_none_or(|last| *last < changed) {
                    blocks.push(changed);
                }
            }
        }
        blocks
    }

    /// True when every cell of the scroll's rows in `next` is known or
    /// under a wide character. ratatui never draws an unknown cell: it
    /// takes the terminal to show it already, which a scroll would undo
    /// but for the right half of a wide character (moved whole, or drawn).
    /// An unknown cell of `now` is never taken as shown: it is unlike any
    /// cell to draw.
    fn settled(&self, scroll: Scroll) -> bool {
        let width = usize::from(self.next.area.width);
        scroll
            .rows()
            .all(|y| all_known(&self.next.content[y * width..(y + 1) * width]))
    }
}

/// A cell whose content is not known (ratatui never draws a cell marked
/// to be skipped, and never compares one equal to a drawn cell).
fn unknown() -> Cell {
    let mut cell = Cell::EMPTY;
    cell.diff_option = CellDiffOption::Skip;
    cell
}

/// True when every unknown cell of `row` is under a wide character: the
/// nearest known cell before it is wide enough to cover it.
fn all_known(row: &[Cell]) -> bool {
    let is_unknown = |cell: &Cell| cell.diff_option == CellDiffOption::Skip;
    row.iter()
        .enumerate()
        .filter(|(_, cell)| is_unknown(cell))
        .all(|(i, _)| {
            row[..i]
                .iter()
                .rposition(|cell| !is_unknown(cell))
                .is_some_and(|head| usize::from(width_of(&row[head])) > i - head)
        })
}

/// Writes `cells` (row by row, left to right) to a terminal in the
/// default colours, and leaves it in those; `target` is the screen as it
/// is once they are drawn, so also where they are not. Stops, and returns
/// false, once `out` holds more than `limit` bytes.
fn encode<'a>(
    out: &mut Vec<u8>,
    cells: impl IntoIterator<Item = (u16, u16, &'a Cell)>,
    target: &Buffer,
    limit: usize,
) -> io::Result<bool> {
    let mut pen = Pen::default();
    let mut at = None;
    for (x, y, cell) in cells {
        let to = Position { x, y };
        move_to(out, at, to, &pen, target)?;
        pen.change_to(cell, out)?;
        // What crossterm's `Print` would write.
        out.extend_from_slice(cell.symbol().as_bytes());
        if out.len() > limit {
            return Ok(false);
        }
        // After anything but a plain cell, where the terminal put the
        // cursor is its own business: the next cell is addressed anew.
        at = is_plain(cell).then_some(Position { x: x + 1, y });
    }
    if pen != Pen::default() {
        queue!(out, SetAttribute(Attribute::Reset))?;
    }
    Ok(out.len() <= limit)
}

/// Moves the cursor from `at` (where it is, if known) to `to`: by
/// rewriting the cells in between when they are few, plain and in the
/// `pen`'s style, else by a jump forward on the same row, else by an
/// absolute move.
fn move_to(
    out: &mut Vec<u8>,
    at: Option<Position>,
    to: Position,
    pen: &Pen,
    target: &Buffer,
) -> io::Result<()> {
    let Some(at) = at.filter(|at| at.y == to.y && at.x <= to.x) else {
        return queue!(out, MoveTo(to.x, to.y));
    };
    if at.x == to.x {
        return Ok(());
    }
    let gap = to.x - at.x;
    let jump = 3 + decimal_digits(gap);
    if let Some(cells) = fill(target, at, gap, pen, jump) {
        return queue!(out, Print(cells));
    }
    queue!(out, MoveRight(gap))
}

/// The text of the `gap` cells of `target` from `at` on, when writing it
/// again is shorter than `jump` bytes and leaves the screen as it is:
/// every cell known, plain and in the pen's style.
fn fill(target: &Buffer, at: Position, gap: u16, pen: &Pen, jump: usize) -> Option<String> {
    let area = target.area;
    if at.y >= area.height || at.x.checked_add(gap)? > area.width {
        return None;
    }
    let start = target.index_of(at.x, at.y);
    let mut text = String::new();
    for cell in &target.content[start..start + usize::from(gap)] {
        if !is_plain(cell) || Pen::of(cell) != *pen {
            return None;
        }
        text.push_str(cell.symbol());
        if text.len() >= jump {
            return None;
        }
    }
    Some(text)
}

/// The style the terminal writes new text in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    underline: Color,
    modifier: Modifier,
}

impl Default for Pen {
    /// What `ESC[0m` leaves.
    fn default() -> Self {
        Self {
            fg: Color::Reset,
            bg: Color::Reset,
            underline: Color::Reset,
            modifier: Modifier::empty(),
        }
    }
}

impl Pen {
    fn of(cell: &Cell) -> Self {
        Self {
            fg: cell.fg,
            bg: cell.bg,
            underline: cell.underline_color,
            modifier: cell.modifier,
        }
    }

    /// Sets the terminal's style to the cell's, as ratatui does.
    fn change_to(&mut self, cell: &Cell, out: &mut impl Write) -> io::Result<()> {
        let wanted = Self::of(cell);
        if wanted.modifier != self.modifier {
            change_attributes(self.modifier, wanted.modifier, out)?;
        }
        if (wanted.fg, wanted.bg) != (self.fg, self.bg) {
            let colors = Colors::new(wanted.fg.into_crossterm(), wanted.bg.into_crossterm());
            queue!(out, SetColors(colors))?;
        }
        if wanted.underline != self.underline {
            queue!(out, SetUnderlineColor(wanted.underline.into_crossterm()))?;
        }
        *self = wanted;
        Ok(())
    }
}

/// Switches attributes from `from` to `to`, as ratatui does: off what
/// goes, on what comes.
fn change_attributes(from: Modifier, to: Modifier, out: &mut impl Write) -> io::Result<()> {
    let removed = from - to;
    let added = to - from;
    let mut set = |attribute| queue!(out, SetAttribute(attribute));
    if removed.contains(Modifier::REVERSED) {
        set(Attribute::NoReverse)?;
    }
    // Normal intensity ends both bold and dim: what stays is set again.
    let intensity_off = removed.intersects(INTENSITY);
    if intensity_off {
        set(Attribute::NormalIntensity)?;
        if to.contains(Modifier::DIM) {
            set(Attribute::Dim)?;
        }
        if to.contains(Modifier::BOLD) {
            set(Attribute::Bold)?;
        }
    }
    for (modifier, off) in OFF {
        if removed.contains(modifier) {
            set(off)?;
        }
    }
    if removed.intersects(BLINK) {
        set(Attribute::NoBlink)?;
    }
    for (modifier, on) in ON {
        let done = intensity_off && INTENSITY.contains(modifier);
        if added.contains(modifier) && !done {
            set(on)?;
        }
    }
    Ok(())
}

/// One column wide, and drawn as any other cell.
fn is_plain(cell: &Cell) -> bool {
    cell.diff_option == CellDiffOption::None
        && (is_printable_ascii(cell) || cell.symbol().width() == 1)
}

/// The columns a cell takes, as ratatui counts them.
fn width_of(cell: &Cell) -> u16 {
    if cell.diff_option == CellDiffOption::None && is_printable_ascii(cell) {
        1
    } else {
        cell.cell_width()
    }
}

/// One printable ASCII character (most cells): one column, measured
/// without a lookup.
fn is_printable_ascii(cell: &Cell) -> bool {
    matches!(cell.symbol().as_bytes(), [b' '..=b'~'])
}

fn decimal_digits(n: u16) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ratatui::style::Style;
    use std::num::NonZeroU16;

    const WIDTH: u16 = 30;
    const HEIGHT: u16 = 5;

    use measure::Tape;

    fn lean_frames(buffers: &[Buffer]) -> Vec<Vec<u8>> {
        measure::lean_frames(buffers).unwrap()
    }

    fn ratatui_frames(buffers: &[Buffer]) -> Vec<Vec<u8>> {
        measure::ratatui_frames(buffers).unwrap()
    }

    fn in_place(before: &Buffer, after: &Buffer) -> usize {
        measure::bytes_in_place(before, after)
    }

    /// What a terminal of `area`'s size shows after `frames`: each cell's
    /// text and style. A cell never written and one written with a space
    /// look the same, and read the same here.
    fn screen_after(area: Rect, frames: &[Vec<u8>]) -> Vec<String> {
        let mut parser = vt100::Parser::new(
            NonZeroU16::new(area.height).unwrap(),
            NonZeroU16::new(area.width).unwrap(),
            0,
        );
        for frame in frames {
            parser.process(frame);
        }
        let screen = parser.screen();
        let mut cells = Vec::new();
        for y in 0..area.height {
            for x in 0..area.width {
                let cell = screen.cell(y, x).unwrap();
                let text = match cell.contents() {
                    "" => " ",
                    text => text,
                };
                cells.push(format!(
                    "{x},{y} {text:?} fg={:?} bg={:?} bold={} dim={} italic={} underline={} inverse={}",
                    cell.fgcolor(),
                    cell.bgcolor(),
                    cell.bold(),
                    cell.dim(),
                    cell.italic(),
                    cell.underline(),
                    cell.inverse()
                ));
            }
        }
        cells
    }

    /// The frame inside its synchronized output, which must be there once.
    fn unwrapped(frame: &[u8]) -> String {
        let text = String::from_utf8_lossy(frame);
        let begin = String::from_utf8_lossy(SYNC_BEGIN);
        let end = String::from_utf8_lossy(SYNC_END);
        assert_eq!(text.matches(&*begin).count(), 1, "{text:?}");
        assert_eq!(text.matches(&*end).count(), 1, "{text:?}");
        let inside = text
            .strip_prefix(&*begin)
            .and_then(|t| t.strip_suffix(&*end));
        inside
            .unwrap_or_else(|| panic!("not wrapped: {text:?}"))
            .to_string()
    }

    fn buffer_with(writes: &[(u16, u16, &str, Style)]) -> Buffer {
        let mut buffer = Buffer::empty(Rect::new(0, 0, WIDTH, HEIGHT));
        for (x, y, text, style) in writes {
            buffer.set_string(*x, *y, text, *style);
        }
        buffer
    }

    #[test]
    fn a_short_gap_is_written_again_and_a_long_one_jumped() {
        let before = buffer_with(&[(0, 0, "abcdefghijklmnopqrstuvwxyz", Style::new())]);
        let mut after = before.clone();
        after.set_string(0, 0, "X", Style::new());
        after.set_string(2, 0, "Y", Style::new());
        after.set_string(20, 0, "Z", Style::new());
        let frames = lean_frames(&[before, after]);
        // Row 1 is addressed once; "b" is shorter than a jump over it.
        assert_eq!(unwrapped(&frames[2]), "\x1b[1;1HXbY\x1b[17CZ");
    }

    #[test]
    fn cells_in_another_style_are_jumped_not_written_again() {
        let red = Style::new().fg(Color::Red);
        let before = buffer_with(&[(0, 0, "ab", Style::new()), (1, 0, "b", red)]);
        let after = buffer_with(&[
            (0, 0, "Xb", Style::new()),
            (1, 0, "b", red),
            (2, 0, "Y", Style::new()),
        ]);
        let frames = lean_frames(&[before, after]);
        assert_eq!(unwrapped(&frames[2]), "\x1b[1;1HX\x1b[1CY");
    }

    #[test]
    fn another_row_is_addressed_and_a_style_left_on_is_reset_once() {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let frames = lean_frames(&[buffer_with(&[(3, 1, "a", Style::new()), (5, 2, "b", bold)])]);
        // The clear went out with the first frame, inside it.
        assert!(frames[0].is_empty(), "{:?}", frames[0]);
        assert_eq!(
            unwrapped(&frames[1]),
            "\x1b[2J\x1b[2;4Ha\x1b[3;6H\x1b[1mb\x1b[0m"
        );
    }

    #[test]
    fn a_frame_reaches_the_output_only_when_flushed() {
        let tape = Tape::default();
        let mut backend = LeanBackend::new(tape.clone());
        let buffer = buffer_with(&[(0, 0, "abc", Style::new())]);
        let blank = Buffer::empty(buffer.area);
        backend.draw(blank.diff(&buffer).into_iter()).unwrap();
        backend.hide_cursor().unwrap();
        let frame = tape.take();
        // The cursor's hiding flushed the frame: one write, text first.
        assert!(frame.ends_with(b"\x1b[?25l"), "{frame:?}");
        let text = [SYNC_BEGIN, b"\x1b[1;1Habc", SYNC_END].concat();
        assert!(frame.starts_with(&text), "{frame:?}");
        backend.draw(buffer.diff(&blank).into_iter()).unwrap();
        assert!(tape.take().is_empty(), "written before the flush");
        drop(backend);
        assert!(
            tape.take().is_empty(),
            "an unflushed frame was written when dropped"
        );
    }

    #[test]
    fn every_frame_is_in_synchronized_output_once_and_an_empty_one_writes_nothing() {
        let list = List::new(120, 20);
        let buffers = [
            list.frame(0, 5),
            list.frame(1, 6),
            list.frame(1, 6),
            list.frame(9, 9),
        ];
        let frames = lean_frames(&buffers);
        for (i, frame) in frames.iter().enumerate() {
            if i == 3 {
                // The same buffer again: ratatui's diff is empty.
                assert!(frame.is_empty(), "{frame:?}");
            } else if i > 0 {
                unwrapped(frame);
            }
        }
        // The second frame scrolled, inside the wrapper.
        assert!(unwrapped(&frames[2]).starts_with("\x1b[1;20r\x1b[S\x1b[r"));
    }

    /// A list as the dashboard draws one: a row per item, its columns in
    /// colours, the selected row reversed.
    struct List {
        area: Rect,
    }

    impl List {
        fn new(width: u16, height: u16) -> Self {
            Self {
                area: Rect::new(0, 0, width, height),
            }
        }

        /// The list from item `first` on, item `selected` selected.
        fn frame(&self, first: usize, selected: usize) -> Buffer {
            let mut buffer = Buffer::empty(self.area);
            for y in 0..self.area.height {
                let item = first + usize::from(y);
                let mut style = Style::new();
                if item == selected {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                let columns = [
                    (format!("{item:>5}"), Color::Yellow),
                    (format!("Group {item} — English {}", item % 7), Color::Reset),
                    (format!("Mon Wed Fri  {:02}:00", 8 + item % 10), Color::Cyan),
                    (format!("Branch {}", item % 4), Color::Indexed(245)),
                ];
                let mut x = 0;
                for (text, color) in columns {
                    buffer.set_stringn(
                        x,
                        y,
                        &text,
                        usize::from(self.area.width - x),
                        style.fg(color),
                    );
                    x = (x + 32).min(self.area.width - 1);
                }
                let rest = usize::from(self.area.width - x);
                buffer.set_stringn(x, y, " ".repeat(rest), rest, style);
            }
            buffer
        }
    }

    /// The bytes of the last frame a backend writes for `buffers`, and of
    /// the same frame from ratatui's own backend (the whole list
    /// repainted).
    fn last_frame_bytes(buffers: &[Buffer]) -> (usize, usize, Vec<Vec<u8>>) {
        let lean = lean_frames(buffers);
        let reference = ratatui_frames(buffers);
        assert_eq!(
            screen_after(buffers[0].area, &lean),
            screen_after(buffers[0].area, &reference)
        );
        (
            lean.last().unwrap().len(),
            reference.last().unwrap().len(),
            lean,
        )
    }

    #[test]
    fn a_list_scrolled_by_a_line_costs_a_fraction_of_its_repaint() {
        let list = List::new(200, 50);
        // The last row selected, then the next item: every row moves up.
        let (lean, repaint, frames) = last_frame_bytes(&[list.frame(0, 49), list.frame(1, 50)]);
        let frame = unwrapped(frames.last().unwrap());
        // Rows 1 to 49 move up (the last keeps its reverse video).
        assert!(frame.starts_with("\x1b[1;49r\x1b[S\x1b[r"), "{frame:?}");
        assert!(
            lean * 10 <= repaint,
            "{lean} B against a repaint of {repaint} B"
        );
    }

    #[test]
    fn a_row_arriving_above_scrolls_the_rest_down() {
        let list = List::new(200, 50);
        let (lean, repaint, frames) = last_frame_bytes(&[list.frame(1, 30), list.frame(0, 30)]);
        assert!(
            unwrapped(frames.last().unwrap()).starts_with("\x1b[1;50r\x1b[T\x1b[r"),
            "not scrolled"
        );
        assert!(
            lean * 10 <= repaint,
            "{lean} B against a repaint of {repaint} B"
        );
    }

    #[test]
    fn a_wide_character_in_the_last_column_drawn_keeps_to_its_row() {
        // No cell is drawn in the last column but by the wide characters
        // that cover it. Rows 2 to 5 move up a line, the last one arriving
        // with a wide character first.
        let rows = |texts: [&str; 6]| {
            let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 6));
            for (y, text) in (0..).zip(texts) {
                buffer.set_string(0, y, text, Style::new());
            }
            buffer
        };
        let before = rows([
            "top",
            "1abcdefghi日",
            "2bcdefghij日",
            "3cdefghijk日",
            "4defghijkl日",
            "end",
        ]);
        let after = rows([
            "top",
            "2bcdefghij日",
            "3cdefghijk日",
            "4defghijkl日",
            "日55555555日",
            "end",
        ]);
        let (_, _, frames) = last_frame_bytes(&[before, after]);
        let frame = unwrapped(frames.last().unwrap());
        assert!(frame.starts_with("\x1b[2;5r\x1b[S\x1b[r"), "{frame:?}");
    }

    #[test]
    fn a_shift_of_any_size_is_never_worse_than_drawing_in_place() {
        // Rows that change whole, and rows that each change by a character
        // (scrolling those pays only over many rows).
        let list = List::new(200, 50);
        let items = |first: usize| {
            let mut buffer = Buffer::empty(Rect::new(0, 0, 200, 50));
            for y in 0..50 {
                buffer.set_string(
                    0,
                    y,
                    format!("item {}", first + usize::from(y)),
                    Style::new(),
                );
            }
            buffer
        };
        for lines in 1..50 {
            for (before, after) in [
                (list.frame(0, 0), list.frame(lines, 0)),
                (list.frame(lines, 0), list.frame(0, 0)),
                (items(0), items(lines)),
            ] {
                let (lean, repaint, _) = last_frame_bytes(&[before.clone(), after.clone()]);
                let drawn_in_place = in_place(&before, &after);
                assert!(
                    lean <= drawn_in_place && lean <= repaint,
                    "a shift of {lines}: {lean} B, {drawn_in_place} B in place, {repaint} B by ratatui"
                );
            }
        }
    }

    /// Text in a style.
    fn styled_text() -> impl Strategy<Value = (String, Style)> {
        let symbols = prop::sample::select(vec!["a", "b", " ", "-", "│", "é", "…", "日", "本"]);
        let colors = prop::sample::select(vec![
            Color::Reset,
            Color::Red,
            Color::LightBlue,
            Color::Indexed(240),
            Color::Rgb(10, 200, 30),
        ]);
        let modifiers = prop::sample::select(vec![
            Modifier::empty(),
            Modifier::BOLD,
            Modifier::DIM,
            Modifier::REVERSED,
            Modifier::BOLD | Modifier::UNDERLINED,
            Modifier::ITALIC | Modifier::REVERSED,
        ]);
        (
            prop::collection::vec(symbols, 1..12),
            colors.clone(),
            colors,
            modifiers,
        )
            .prop_map(|(text, fg, bg, modifier)| {
                let style = Style::new().fg(fg).bg(bg).add_modifier(modifier);
                (text.concat(), style)
            })
    }

    /// One write into a frame: text at a place, in a style.
    fn write(width: u16, height: u16) -> impl Strategy<Value = (u16, u16, String, Style)> {
        (0..width, 0..height, styled_text()).prop_map(|(x, y, (text, style))| (x, y, text, style))
    }

    /// A whole row of texts one after the other (a list's row).
    fn line() -> impl Strategy<Value = Vec<(String, Style)>> {
        prop::collection::vec(styled_text(), 1..8)
    }

    /// Writes `line` as row `y`, from its first column on.
    fn write_line(buffer: &mut Buffer, y: u16, line: &[(String, Style)]) {
        let mut x = 0;
        for (text, style) in line {
            let room = usize::from(buffer.area.width - x);
            x = buffer.set_stringn(x, y, text, room, *style).0;
            if x >= buffer.area.width {
                break;
            }
        }
    }

    /// Applies `writes` to `buffer`, then drops dim where bold is set too:
    /// overlapping writes can leave a cell both, a terminal (and vt100)
    /// shows one intensity, whichever was set last, so the same cell
    /// written again in the same style can look different; the dashboard
    /// never asks for both.
    fn write_into(buffer: &mut Buffer, writes: &[(u16, u16, String, Style)]) {
        for (x, y, text, style) in writes {
            buffer.set_string(*x, *y, text, *style);
        }
        for cell in &mut buffer.content {
            if cell.modifier.contains(Modifier::BOLD) {
                cell.modifier.remove(Modifier::DIM);
            }
        }
    }

    /// Holds `buffers` drawn one after the other by this backend to the
    /// screen ratatui's backend draws, after every frame, and to as many
    /// bytes or fewer (but for the synchronized-output wrapper).
    fn same_screen_in_no_more_bytes(buffers: &[Buffer]) -> Result<(), TestCaseError> {
        let lean = lean_frames(buffers);
        let reference = ratatui_frames(buffers);
        let area = buffers[0].area;
        for frame in 1..=buffers.len() {
            prop_assert_eq!(
                screen_after(area, &lean[..=frame]),
                screen_after(area, &reference[..=frame])
            );
        }
        let wrapped = lean.iter().filter(|frame| !frame.is_empty()).count();
        let bytes = |frames: &[Vec<u8>]| frames.iter().map(Vec::len).sum::<usize>();
        let wrappers = wrapped * (SYNC_BEGIN.len() + SYNC_END.len());
        prop_assert!(bytes(&lean) <= bytes(&reference) + wrappers);
        Ok(())
    }

    /// A move of a band of rows, as a list scrolls: rows `top..=bottom`
    /// shifted by `lines` (up when positive), the rows it brings in
    /// written anew, then other writes anywhere (a detail pane, the
    /// selection).
    #[derive(Debug, Clone)]
    struct Move {
        top: u16,
        bottom: u16,
        lines: i16,
        arriving: Vec<Vec<(String, Style)>>,
        others: Vec<(u16, u16, String, Style)>,
    }

    impl Move {
        fn apply(&self, buffer: &mut Buffer) {
            let width = usize::from(buffer.area.width);
            let (top, bottom) = (usize::from(self.top), usize::from(self.bottom));
            let band = &mut buffer.content[top * width..(bottom + 1) * width];
            let moved = usize::from(self.lines.unsigned_abs()) * width;
            let arriving = if self.lines > 0 {
                band.rotate_left(moved);
                (bottom + 1 - moved / width)..=bottom
            } else {
                band.rotate_right(moved);
                top..=top + moved / width - 1
            };
            let rows: Vec<usize> = arriving.collect();
            for y in &rows {
                buffer.content[y * width..(y + 1) * width].fill(Cell::EMPTY);
            }
            for (y, line) in rows.iter().zip(self.arriving.iter().cycle()) {
                write_line(buffer, u16::try_from(*y).unwrap(), line);
            }
            write_into(buffer, &self.others);
        }
    }

    const BAND_WIDTH: u16 = 24;
    const BAND_HEIGHT: u16 = 12;

    fn band_move() -> impl Strategy<Value = Move> {
        (0..BAND_HEIGHT - 1)
            .prop_flat_map(|top| (Just(top), top + 1..BAND_HEIGHT))
            .prop_flat_map(|(top, bottom)| {
                let span = i16::try_from(bottom - top).unwrap();
                (
                    Just(top),
                    Just(bottom),
                    (1..=span).prop_flat_map(|n| prop_oneof![Just(n), Just(-n)]),
                    prop::collection::vec(line(), 1..4),
                    prop::collection::vec(write(BAND_WIDTH, BAND_HEIGHT), 0..4),
                )
            })
            .prop_map(|(top, bottom, lines, arriving, others)| Move {
                top,
                bottom,
                lines,
                arriving,
                others,
            })
    }

    proptest! {
        /// Whatever changes from frame to frame, a terminal fed this
        /// backend's bytes shows what one fed ratatui's shows, in as many
        /// bytes or fewer.
        #[test]
        fn the_screen_is_the_one_ratatui_draws_in_no_more_bytes(
            frames_writes in prop::collection::vec(prop::collection::vec(write(WIDTH, HEIGHT), 0..10), 1..6)
        ) {
            let mut buffers = Vec::new();
            let mut buffer = Buffer::empty(Rect::new(0, 0, WIDTH, HEIGHT));
            for writes in &frames_writes {
                write_into(&mut buffer, writes);
                buffers.push(buffer.clone());
            }
            same_screen_in_no_more_bytes(&buffers)?;
        }

        /// Random screens whose bands of rows move up or down by random
        /// lines (scrolled by the terminal where that is shorter): the
        /// same screen as ratatui's after every frame, cell for cell.
        #[test]
        fn rows_moved_by_a_scroll_leave_the_screen_ratatui_draws(
            lines in prop::collection::vec(line(), usize::from(BAND_HEIGHT)),
            moves in prop::collection::vec(band_move(), 1..5),
        ) {
            let mut buffer = Buffer::empty(Rect::new(0, 0, BAND_WIDTH, BAND_HEIGHT));
            for (y, line) in (0..).zip(&lines) {
                write_line(&mut buffer, y, line);
            }
            write_into(&mut buffer, &[]);
            let mut buffers = vec![buffer.clone()];
            for one in &moves {
                one.apply(&mut buffer);
                buffers.push(buffer.clone());
            }
            same_screen_in_no_more_bytes(&buffers)?;
        }
    }
}
