//! Rendering: pure functions of `&App` (STUB: the TUI helper replaces this).

use crate::app::App;
use ratatui::Frame;
use ratatui::widgets::Paragraph;

pub fn render(app: &App, frame: &mut Frame) {
    let text = format!("crmdeck  {}", app.settings.host);
    frame.render_widget(Paragraph::new(text), frame.area());
}
