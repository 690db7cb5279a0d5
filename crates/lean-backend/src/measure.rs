//! What frames cost through a backend: the bytes each of a run of buffers
//! takes, drawn one after the other from a blank screen, through
//! [`LeanBackend`] or ratatui's own `CrosstermBackend`, and what a frame
//! drawn in place (no scroll) would take. For tests and benchmarks of an
//! application drawing through the backend: a screen's figures in bytes,
//! without a terminal.

use super::{LeanBackend, SYNC_BEGIN, SYNC_END, encode};
use ratatui::backend::{Backend, ClearType, CrosstermBackend};
use ratatui::buffer::Buffer;
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// A terminal's input the caller reads while the backend owns it.
#[derive(Clone, Default)]
pub(crate) struct Tape(Rc<RefCell<Vec<u8>>>);

impl Tape {
    pub(crate) fn take(&self) -> Vec<u8> {
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

/// Draws each buffer after the one before, as a `Terminal` does after its
/// first clear (from a blank screen); the bytes of each frame, the
/// clear's first.
fn frames<B: Backend<Error = io::Error>>(
    backend: &mut B,
    tape: &Tape,
    buffers: &[Buffer],
) -> io::Result<Vec<Vec<u8>>> {
    backend.clear_region(ClearType::All)?;
    backend.flush()?;
    let mut frames = vec![tape.take()];
    let Some(first) = buffers.first() else {
        return Ok(frames);
    };
    let mut previous = Buffer::empty(first.area);
    for buffer in buffers {
        backend.draw(previous.diff(buffer).into_iter())?;
        backend.flush()?;
        frames.push(tape.take());
        previous = buffer.clone();
    }
    Ok(frames)
}

/// The bytes [`LeanBackend`] writes for each of `buffers`, drawn one after
/// the other from a blank screen: the clear's first, then a frame each.
pub fn lean_frames(buffers: &[Buffer]) -> io::Result<Vec<Vec<u8>>> {
    let tape = Tape::default();
    frames(&mut LeanBackend::new(tape.clone()), &tape, buffers)
}

/// The same through ratatui's own `CrosstermBackend`.
pub fn ratatui_frames(buffers: &[Buffer]) -> io::Result<Vec<Vec<u8>>> {
    let tape = Tape::default();
    frames(&mut CrosstermBackend::new(tape.clone()), &tape, buffers)
}

/// The bytes of drawing `after` over `before` in place, without a scroll,
/// in synchronized output: what [`LeanBackend`] weighs a scroll against.
pub fn bytes_in_place(before: &Buffer, after: &Buffer) -> usize {
    let mut bytes = Vec::new();
    // Writing into memory cannot fail.
    let _ = encode(&mut bytes, before.diff(after), after, usize::MAX);
    SYNC_BEGIN.len() + bytes.len() + SYNC_END.len()
}
