//! Boxes drawn over the body: the confirmation, the help, the branch picker.

use super::theme::Styles;
use crate::i18n::{Language, Phrase};
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
    draw_cut(frame, area, title, lines, Cut::default(), styles);
}

/// Which lines of a popup's content are out of sight.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cut {
    pub above: bool,
    pub below: bool,
    /// The language the sign speaks.
    pub language: Language,
}

impl Cut {
    /// The sign on the bottom border: where lines are hidden.
    fn sign(self) -> Option<&'static str> {
        let sign = match (self.above, self.below) {
            (true, true) => Phrase::MoreAboveAndBelow,
            (false, true) => Phrase::MoreBelow,
            (true, false) => Phrase::MoreAbove,
            (false, false) => return None,
        };
        Some(sign.get(self.language))
    }
}

/// [`draw`], with a sign on the bottom border where `cut` hides lines.
pub fn draw_cut(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    cut: Cut,
    styles: &Styles,
) {
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(format!(" {title} "), styles.heading));
    if let Some(sign) = cut.sign() {
        let spans = [" ", sign, " "].map(|text| Span::styled(text, styles.heading));
        block = block.title_bottom(Line::from(spans.to_vec()).right_aligned());
    }
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
