//! The install confirmation: the plugin, its type and abilities, and the
//! keys (from the keymap).

use super::footer::hint_line;
use super::popup;
use super::theme::Styles;
use crate::app::App;
use crate::app::document::wrap;
use crate::app::keymap::{Context, footer_hints};
use crate::app::layout;
use crate::domain::format::{abilities_inline, pad_to_width, plugin_type_word};
use crate::domain::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::text::{Line, Span};

const LABEL: usize = 11;

/// Draws the confirmation for `plugin_id` over the body.
pub fn draw(app: &App, plugin_id: i64, frame: &mut Frame, styles: &Styles) {
    let Some(plugin) = app.plugins.plugin(plugin_id) else {
        return;
    };
    let body = layout::screen((frame.area().width, frame.area().height)).body;
    let width = body.width.saturating_sub(4).min(64);
    let text_width = usize::from(width.saturating_sub(2 + 1))
        .saturating_sub(LABEL)
        .max(1);
    let mut lines = vec![
        Line::from(vec![
            Span::raw(" Install "),
            Span::styled(sanitize_line(&plugin.name).into_owned(), styles.heading),
            Span::raw("?"),
        ]),
        Line::default(),
    ];
    let fields = [
        (
            "Type",
            sanitize_line(plugin_type_word(&plugin.plugin_type)).into_owned(),
        ),
        ("Abilities", abilities_inline(&plugin.abilities)),
    ];
    for (label, value) in fields {
        for (i, part) in wrap(&value, text_width).into_iter().enumerate() {
            let label = if i == 0 { label } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {}", pad_to_width(label, LABEL)), styles.label),
                Span::raw(part),
            ]));
        }
    }
    lines.push(Line::default());
    let own_keys: Vec<_> = footer_hints(Context::Confirm)
        .into_iter()
        .filter(|hint| !hint.global)
        .collect();
    lines.push(hint_line(&own_keys, styles));
    let height = lines.len() as u16 + 2;
    let area = layout::centered(body, width, height);
    popup::draw(frame, area, "Install a plugin", lines, styles);
}
