//! Boxes drawn over the body: the confirmation, the help, the branch picker.

use super::theme::Styles;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// Blanks `area` and draws `lines` in a bordered box titled `title`.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    styles: &Styles,
) {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(format!(" {title} "), styles.heading));
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
