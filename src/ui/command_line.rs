//! The `:` command line: the prompt on the body's last row, and above it
//! what Tab offers (the one on the line marked, and how many more when
//! they do not all fit) or why the line did not run.

use super::View;
use crate::app::command_line::{CommandLine, MOST_CANDIDATES};
use crate::i18n::fill;
use crate::present::format::{pad_to_width, truncate_to_width};
use crate::present::words::say;
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

pub fn draw(prompt: &CommandLine, frame: &mut Frame, view: &View) {
    let body = view.layout.bands.body;
    let styles = view.styles;
    if body.height == 0 {
        return;
    }
    let width = usize::from(body.width);
    let row = |y: u16| Rect::new(body.x, y, body.width, 1);
    let prompt_y = body.bottom() - 1;
    let above: Vec<Line<'static>> = match &prompt.error {
        Some(error) => vec![Line::styled(
            pad_to_width(
                &truncate_to_width(&format!(" {}", sanitize_line(error)), width),
                width,
            ),
            styles.error,
        )],
        None => {
            let language = view.world.settings.language;
            let chosen = prompt.chosen.unwrap_or(0);
            let first = chosen.saturating_sub(MOST_CANDIDATES - 1);
            let hidden = prompt.hidden_candidates();
            let more = (hidden > 0).then(|| {
                let text = format!(" {}", fill::cmd_more(language, hidden));
                Line::styled(
                    pad_to_width(&truncate_to_width(&text, width), width),
                    styles.hint_key,
                )
            });
            let listed = prompt
                .candidates
                .iter()
                .enumerate()
                .skip(first)
                .take(MOST_CANDIDATES)
                .map(|(at, candidate)| {
                    let style = if Some(at) == prompt.chosen {
                        styles.selected
                    } else {
                        styles.label
                    };
                    // A word alone says what it does beside it, quieter.
                    let about = prompt.abouts.get(at).copied().unwrap_or("");
                    let about = match about {
                        "" => String::new(),
                        about => format!("  {}", say(about, language)),
                    };
                    let word = format!(" :{}", sanitize_line(candidate));
                    let whole = format!("{word}{about}");
                    let line = pad_to_width(&truncate_to_width(&whole, width), width);
                    // Cut inside the word: all of it in the word's style.
                    let split = if line.starts_with(&word) {
                        word.len()
                    } else {
                        line.len()
                    };
                    Line::from(vec![
                        Span::styled(line[..split].to_string(), style),
                        Span::styled(line[split..].to_string(), style.patch(styles.dim)),
                    ])
                });
            more.into_iter().chain(listed).collect()
        }
    };
    let rows = (above.len() as u16).min(body.height - 1);
    for (offset, line) in above.into_iter().take(usize::from(rows)).enumerate() {
        let area = row(prompt_y - rows + offset as u16);
        frame.render_widget(Clear, area);
        frame.render_widget(Paragraph::new(line), area);
    }
    let text = sanitize_line(prompt.input.text());
    let line = Line::from(vec![
        Span::styled(":", styles.heading),
        Span::raw(truncate_to_width(&text, width.saturating_sub(2)).into_owned()),
    ]);
    frame.render_widget(Clear, row(prompt_y));
    frame.render_widget(Paragraph::new(line), row(prompt_y));
    let column = 1 + prompt.input.cursor_column().min(width.saturating_sub(2)) as u16;
    frame.set_cursor_position(Position::new(body.x + column, prompt_y));
}
