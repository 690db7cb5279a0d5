//! A [`Console`] in memory for the runtime's event loop: ratatui's
//! `TestBackend`, and a count of the frames drawn. No modes, signals or
//! clipboard.
//!
//! The lib's `#[cfg(test)]` build takes this very file (through `#[path]`,
//! as it takes the fixtures), and so do the benches: `crmdeck::` paths
//! only.

use crmdeck::app::App;
use crmdeck::runtime::{Console, Signal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::future::Future;
use std::io;

/// See the module.
pub struct Counting {
    pub terminal: Terminal<TestBackend>,
    /// Frames drawn so far.
    pub frames: u64,
}

impl Counting {
    /// A blank screen of `columns` x `rows`.
    pub fn new((columns, rows): (u16, u16)) -> Self {
        let backend = TestBackend::new(columns, rows);
        Self {
            terminal: Terminal::new(backend).expect("a test terminal"),
            frames: 0,
        }
    }
}

impl Console for Counting {
    fn size(&self) -> io::Result<(u16, u16)> {
        let area = self.terminal.backend().buffer().area;
        Ok((area.width, area.height))
    }

    fn draw(&mut self, app: &App) -> io::Result<()> {
        self.frames += 1;
        let Ok(_) = self.terminal.draw(|frame| crmdeck::ui::render(app, frame));
        Ok(())
    }

    fn copy(&mut self, _text: &str) -> Result<(), String> {
        Err("no clipboard: the dashboard runs in memory".to_string())
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
