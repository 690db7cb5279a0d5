//! A [`Console`] in memory for the runtime's event loop: ratatui's
//! `TestBackend`, and a count of the frames drawn. No modes, signals or
//! clipboard. The event loop's tests, the soak and the in-process runner
//! (`runner.rs`) all draw on it.
//!
//! The lib's `#[cfg(test)]` build takes this very file (through `#[path]`,
//! as it takes the fixtures), and so do the benches: `crmdeck::` paths
//! only.

use crmdeck::app::App;
use crmdeck::app::protocol::CopyRefused;
use crmdeck::runtime::{Console, Signal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use std::future::Future;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// See the module. A clone shows the same screen: the loop draws on one,
/// a test reads the other.
#[derive(Clone)]
pub struct Counting {
    terminal: Arc<Mutex<Terminal<TestBackend>>>,
    /// Frames drawn so far (by this clone).
    pub frames: u64,
}

impl Counting {
    /// A blank screen of `columns` x `rows`.
    pub fn new((columns, rows): (u16, u16)) -> Self {
        let backend = TestBackend::new(columns, rows);
        Self {
            terminal: Arc::new(Mutex::new(Terminal::new(backend).expect("a test terminal"))),
            frames: 0,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Terminal<TestBackend>> {
        self.terminal.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the screen shows now.
    pub fn buffer(&self) -> Buffer {
        self.lock().backend().buffer().clone()
    }
}

impl Console for Counting {
    fn size(&self) -> io::Result<(u16, u16)> {
        let area = self.lock().backend().buffer().area;
        Ok((area.width, area.height))
    }

    fn draw(&mut self, app: &App) -> io::Result<()> {
        self.frames += 1;
        let Ok(_) = self.lock().draw(|frame| crmdeck::ui::render(app, frame));
        Ok(())
    }

    /// No clipboard: the dashboard runs in memory, as if piped.
    fn copy(&mut self, _text: &str) -> Result<(), CopyRefused> {
        Err(CopyRefused::NotATerminal)
    }

    fn suspend(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn reenter(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn signal(&mut self) -> impl Future<Output = Signal> + Send {
        std::future::pending()
    }
}
