//! A confirmation: its question (what is done, to what), the facts to
//! weigh, and the keys (from the keymap, the yes key named by its verb).

use super::View;
use super::footer::hint_line;
use super::popup;
use crate::app::confirm::Confirm;
use crate::app::document::wrap;
use crate::app::layout;
use crate::app::screen::hints;
use crate::present::format::pad_to_width;
use ratatui::Frame;
use ratatui::text::{Line, Span};

const LABEL: usize = 11;

/// Draws the confirmation over the body: its question, the facts to weigh
/// and its keys.
pub fn draw(confirm: &Confirm, frame: &mut Frame, view: &View) {
    let View {
        world: shared,
        layout,
        styles,
        ..
    } = *view;
    let confirmation = &confirm.0;
    let body = layout.bands.body;
    let width = body.width.saturating_sub(4).min(64);
    let text_width = usize::from(width.saturating_sub(2 + 1))
        .saturating_sub(LABEL)
        .max(1);
    let mut lines = vec![
        Line::from(vec![
            Span::raw(format!(" {} ", confirmation.question_verb())),
            Span::styled(confirmation.object.clone(), styles.heading),
            Span::raw("?"),
        ]),
        Line::default(),
    ];
    for (label, value) in &confirmation.facts {
        for (i, part) in wrap(value, text_width).into_iter().enumerate() {
            let label = if i == 0 { *label } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {}", pad_to_width(label, LABEL)), styles.label),
                Span::raw(part),
            ]));
        }
    }
    lines.push(Line::default());
    let own_keys: Vec<_> = hints(confirm, shared)
        .into_iter()
        .filter(|hint| !hint.global)
        .collect();
    lines.push(hint_line(&own_keys, styles));
    let height = lines.len() as u16 + 2;
    let area = layout::centered(body, width, height);
    popup::draw(frame, area, confirmation.title, lines, styles);
}
