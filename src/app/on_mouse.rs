//! The mouse: the wheel moves the focused screen's selection, a left click
//! picks a tab in the top line or a row of the tab shown.

use super::list_cursor::Movement;
use super::{App, Effect, layout};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

/// Rows the mouse wheel moves.
const WHEEL_ROWS: isize = 3;

impl App {
    pub(super) fn on_mouse(&mut self, mouse: &MouseEvent) -> Vec<Effect> {
        if !self.world.settings.mouse {
            return Vec::new();
        }
        let movement = match mouse.kind {
            MouseEventKind::ScrollDown => Movement::By(WHEEL_ROWS),
            MouseEventKind::ScrollUp => Movement::By(-WHEEL_ROWS),
            MouseEventKind::Down(MouseButton::Left) => return self.click(mouse.column, mouse.row),
            _ => return Vec::new(),
        };
        let (screen, mut shared) = self.focused_mut();
        screen.move_by(movement, &mut shared);
        Vec::new()
    }

    /// A left click: a tab in the top line, or the tab's body (not while an
    /// overlay is open).
    fn click(&mut self, column: u16, row: u16) -> Vec<Effect> {
        if !self.overlays.is_empty() {
            return Vec::new();
        }
        if row > 0 {
            let (screen, mut shared) = self.focused_mut();
            screen.click(column, row, &mut shared);
            return Vec::new();
        }
        let language = self.world.settings.language;
        let kept = layout::top_line_kept(self.world.token_expires_at, self.world.now, language);
        match layout::tab_at(column, self.world.layout.size.0, self.tab, kept, language) {
            Some(tab) => self.show_tab(tab, false),
            None => Vec::new(),
        }
    }
}
