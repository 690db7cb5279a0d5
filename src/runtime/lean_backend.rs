//! The backend ratatui draws through: crossterm's, with each frame's
//! changes written in fewer bytes and sent in one write.
//!
//! Over a slow SSH link every byte of a frame counts. ratatui's own
//! `CrosstermBackend` moves the cursor with an absolute `ESC[row;colH`
//! (7 to 9 bytes at 200x50) before every run of changed cells, and ends
//! every frame with four resets (19 bytes). Here:
//! - a jump forward on the same row is `ESC[nC` (4 or 5 bytes) or, when
//!   the cells jumped over are a few plain ones in the style already set,
//!   those cells written again, whichever is shorter. What the terminal
//!   shows is known because every cell drawn is remembered;
//! - a frame ends with one `ESC[0m`, and only when a style is left on;
//! - the bytes of a frame are kept until ratatui flushes at its end and go
//!   out in one write (stdout's own buffer would send them 1 KB at a
//!   time). What was not flushed when the process panics is dropped, never
//!   written over the restored screen.
//!
//! Colours and attributes are written as ratatui writes them, by
//! crossterm's commands (so `NO_COLOR` still removes every colour). A
//! frame is never longer than ratatui's: a property test holds it to that
//! and to the same screen.

use crossterm::cursor::{MoveRight, MoveTo};
use crossterm::queue;
use crossterm::style::{Attribute, Colors, Print, SetAttribute, SetColors, SetUnderlineColor};
use ratatui::backend::{Backend, ClearType, CrosstermBackend, IntoCrossterm, WindowSize};
use ratatui::buffer::{Cell, CellDiffOption};
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;

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
    shown: Shadow,
}

impl<W: Write> LeanBackend<W> {
    pub fn new(out: W) -> Self {
        Self {
            inner: CrosstermBackend::new(FrameWriter {
                pending: Vec::new(),
                out,
            }),
            shown: Shadow::default(),
        }
    }

    /// Moves the cursor from `at` (where it is, if known) to `to`: by
    /// rewriting the cells in between when they are few, plain and in the
    /// `pen`'s style, else by a jump forward on the same row, else by an
    /// absolute move.
    fn move_to(&mut self, at: Option<Position>, to: Position, pen: &Pen) -> io::Result<()> {
        let Some(at) = at.filter(|at| at.y == to.y && at.x <= to.x) else {
            return queue!(self.inner, MoveTo(to.x, to.y));
        };
        if at.x == to.x {
            return Ok(());
        }
        let gap = to.x - at.x;
        let jump = 3 + decimal_digits(gap);
        if let Some(cells) = self.shown.fill(at, gap, pen, jump) {
            return queue!(self.inner, Print(cells));
        }
        queue!(self.inner, MoveRight(gap))
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

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut pen = Pen::default();
        let mut at = None;
        for (x, y, cell) in content {
            let to = Position { x, y };
            self.move_to(at, to, &pen)?;
            pen.change_to(cell, &mut self.inner)?;
            queue!(self.inner, Print(cell.symbol()))?;
            // After anything but a plain cell, where the terminal put the
            // cursor is its own business: the next cell is addressed anew.
            at = self
                .shown
                .drew(to, cell)
                .then_some(Position { x: x + 1, y });
        }
        if pen != Pen::default() {
            queue!(self.inner, SetAttribute(Attribute::Reset))?;
        }
        Ok(())
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
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

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        match clear_type {
            ClearType::All => self.shown.blank(),
            _ => self.shown.forget(),
        }
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

/// What the terminal shows, as far as it is known: rows of cells, `None`
/// where it is not (never drawn since a partial clear, under the right
/// half of a wide character, beyond the size last cleared).
#[derive(Default)]
struct Shadow {
    rows: Vec<Vec<Option<Cell>>>,
}

impl Shadow {
    /// The whole screen was cleared: every known cell is blank.
    fn blank(&mut self) {
        for row in &mut self.rows {
            row.fill(Some(Cell::EMPTY));
        }
    }

    /// Nothing is known any more.
    fn forget(&mut self) {
        self.rows.clear();
    }

    /// Remembers `cell` drawn at `at`; true when it is plain (one column
    /// wide, no special diff option), so the cursor is known to be right
    /// after it.
    fn drew(&mut self, at: Position, cell: &Cell) -> bool {
        let plain = is_plain(cell);
        let width = if plain {
            1
        } else {
            cell.symbol().width().max(1)
        };
        let row = self.row(at.y, usize::from(at.x) + width);
        let start = usize::from(at.x);
        row[start] = plain.then(|| cell.clone());
        // Columns a wide character covers show nothing known.
        for covered in &mut row[start + 1..start + width] {
            *covered = None;
        }
        plain
    }

    /// The text of the `gap` cells from `at` on, when writing it again is
    /// shorter than `jump` bytes and leaves the screen as it is: every cell
    /// known, plain and in the pen's style.
    fn fill(&self, at: Position, gap: u16, pen: &Pen, jump: usize) -> Option<String> {
        let row = self.rows.get(usize::from(at.y))?;
        let start = usize::from(at.x);
        let cells = row.get(start..start + usize::from(gap))?;
        let mut text = String::new();
        for cell in cells {
            let cell = cell.as_ref()?;
            if Pen::of(cell) != *pen {
                return None;
            }
            text.push_str(cell.symbol());
            if text.len() >= jump {
                return None;
            }
        }
        Some(text)
    }

    /// Row `y`, at least `width` cells long.
    fn row(&mut self, y: u16, width: usize) -> &mut Vec<Option<Cell>> {
        let y = usize::from(y);
        if self.rows.len() <= y {
            self.rows.resize_with(y + 1, Vec::new);
        }
        let row = &mut self.rows[y];
        if row.len() < width {
            row.resize(width, None);
        }
        row
    }
}

/// One column wide, and drawn as any other cell.
fn is_plain(cell: &Cell) -> bool {
    cell.diff_option == CellDiffOption::None && cell.symbol().width() == 1
}

fn decimal_digits(n: u16) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Style;
    use std::cell::RefCell;
    use std::num::NonZeroU16;
    use std::rc::Rc;

    const WIDTH: u16 = 30;
    const HEIGHT: u16 = 5;

    /// A terminal's input the test can read while the backend owns it.
    #[derive(Clone, Default)]
    struct Tape(Rc<RefCell<Vec<u8>>>);

    impl Tape {
        fn take(&self) -> Vec<u8> {
            std::mem::take(&mut self.0.borrow_mut())
        }
    }

    impl Write for Tape {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Draws each buffer after the one before, as a `Terminal` does after
    /// its first clear (from a blank screen); the bytes of each frame.
    fn frames<B: Backend<Error = io::Error>>(
        backend: &mut B,
        tape: &Tape,
        buffers: &[Buffer],
    ) -> Vec<Vec<u8>> {
        backend.clear_region(ClearType::All).unwrap();
        backend.flush().unwrap();
        let mut frames = vec![tape.take()];
        let mut previous = Buffer::empty(Rect::new(0, 0, WIDTH, HEIGHT));
        for buffer in buffers {
            backend.draw(previous.diff(buffer).into_iter()).unwrap();
            backend.flush().unwrap();
            frames.push(tape.take());
            previous = buffer.clone();
        }
        frames
    }

    fn lean_frames(buffers: &[Buffer]) -> Vec<Vec<u8>> {
        let tape = Tape::default();
        frames(&mut LeanBackend::new(tape.clone()), &tape, buffers)
    }

    /// What a terminal shows after `frames`: each cell's text and style.
    fn screen_after(frames: &[Vec<u8>]) -> Vec<String> {
        let mut parser = vt100::Parser::new(
            NonZeroU16::new(HEIGHT).unwrap(),
            NonZeroU16::new(WIDTH).unwrap(),
            0,
        );
        for frame in frames {
            parser.process(frame);
        }
        let screen = parser.screen();
        let mut cells = Vec::new();
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let cell = screen.cell(y, x).unwrap();
                cells.push(format!(
                    "{x},{y} {:?} fg={:?} bg={:?} bold={} dim={} italic={} underline={} inverse={}",
                    cell.contents(),
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
        assert_eq!(String::from_utf8_lossy(&frames[2]), "\x1b[1;1HXbY\x1b[17CZ");
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
        assert_eq!(String::from_utf8_lossy(&frames[2]), "\x1b[1;1HX\x1b[1CY");
    }

    #[test]
    fn another_row_is_addressed_and_a_style_left_on_is_reset_once() {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let frames = lean_frames(&[buffer_with(&[(3, 1, "a", Style::new()), (5, 2, "b", bold)])]);
        assert_eq!(
            String::from_utf8_lossy(&frames[1]),
            "\x1b[2;4Ha\x1b[3;6H\x1b[1mb\x1b[0m"
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
        assert!(frame.ends_with(b"\x1b[?25l"), "{frame:?}");
        // The cursor's hiding flushed the frame: one write, text first.
        assert!(frame.starts_with(b"\x1b[1;1Habc"), "{frame:?}");
        backend.draw(buffer.diff(&blank).into_iter()).unwrap();
        assert!(tape.take().is_empty(), "written before the flush");
        drop(backend);
        assert!(
            tape.take().is_empty(),
            "an unflushed frame was written when dropped"
        );
    }

    /// One write into a frame: text at a place, in a style.
    fn write() -> impl Strategy<Value = (u16, u16, String, Style)> {
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
            0..WIDTH,
            0..HEIGHT,
            prop::collection::vec(symbols, 1..12),
            colors.clone(),
            colors,
            modifiers,
        )
            .prop_map(|(x, y, text, fg, bg, modifier)| {
                let style = Style::new().fg(fg).bg(bg).add_modifier(modifier);
                (x, y, text.concat(), style)
            })
    }

    proptest! {
        /// Whatever changes from frame to frame, a terminal fed this
        /// backend's bytes shows what one fed ratatui's shows, in as many
        /// bytes or fewer.
        #[test]
        fn the_screen_is_the_one_ratatui_draws_in_no_more_bytes(
            frames_writes in prop::collection::vec(prop::collection::vec(write(), 0..10), 1..6)
        ) {
            let mut buffers = Vec::new();
            let mut buffer = Buffer::empty(Rect::new(0, 0, WIDTH, HEIGHT));
            for writes in &frames_writes {
                for (x, y, text, style) in writes {
                    buffer.set_string(*x, *y, text, *style);
                }
                // Overlapping writes can leave a cell both bold and dim. A
                // terminal (and vt100) shows one intensity, whichever was set
                // last, so the same cell written again in the same style can
                // look different; the dashboard never asks for both.
                for cell in &mut buffer.content {
                    if cell.modifier.contains(Modifier::BOLD) {
                        cell.modifier.remove(Modifier::DIM);
                    }
                }
                buffers.push(buffer.clone());
            }
            let lean = lean_frames(&buffers);
            let tape = Tape::default();
            let reference = frames(&mut CrosstermBackend::new(tape.clone()), &tape, &buffers);
            for frame in 1..=buffers.len() {
                prop_assert_eq!(screen_after(&lean[..=frame]), screen_after(&reference[..=frame]));
            }
            let bytes = |frames: &[Vec<u8>]| frames.iter().map(Vec::len).sum::<usize>();
            prop_assert!(bytes(&lean) <= bytes(&reference));
        }
    }
}
