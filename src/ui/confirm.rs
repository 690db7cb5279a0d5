//! A confirmation: its question (what is done, to what), the facts to
//! weigh, and the keys (from the keymap, the yes key named by its verb).

use super::View;
use super::footer::own_keys_line;
use super::popup;
use super::theme::Styles;
use crate::app::ask::Confirmation;
use crate::app::confirm::Confirm;
use crate::app::document::wrap;
use crate::app::layout;
use crate::i18n::{Language, fill};
use crate::present::format::{display_width, pad_to_width};
use crate::present::words::{say, value};
use ratatui::Frame;
use ratatui::text::{Line, Span};

/// The labels' column at its narrowest (English's).
const LABEL: usize = 11;

/// Where the object goes in a translated question (no text holds it).
const OBJECT_MARK: &str = "\u{0}";

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
    let language = shared.settings.language;
    // The labels' column: as wide as the widest in the language shown.
    let labels = confirmation
        .facts
        .iter()
        .map(|(label, _)| say(label, language));
    let label_width = labels.map(display_width).max().unwrap_or(0).max(LABEL - 1) + 1;
    let text_width = usize::from(width.saturating_sub(2 + 1))
        .saturating_sub(label_width)
        .max(1);
    // Installing is the one question asked yet: others read in English.
    let question = match (language, confirmation.verb) {
        (Language::En, _) => english_question(confirmation, styles),
        (_, verb) if verb != "install" => english_question(confirmation, styles),
        // The object's place in the question is the language's: the
        // message is filled with a mark, cut there, the object styled.
        _ => {
            let filled = fill::confirm_install(language, OBJECT_MARK);
            let (before, after) = filled.split_once(OBJECT_MARK).unwrap_or((&filled, ""));
            Line::from(vec![
                Span::raw(format!(" {before}")),
                Span::styled(confirmation.object.clone(), styles.heading),
                Span::raw(after.to_owned()),
            ])
        }
    };
    let mut lines = vec![question, Line::default()];
    for (label, fact) in &confirmation.facts {
        // A plugin's type in the language shown, as its column says it.
        let fact = match *label {
            "Type" => value("type", fact, language).unwrap_or(fact),
            _ => fact.as_str(),
        };
        for (i, part) in wrap(fact, text_width).into_iter().enumerate() {
            let label = if i == 0 { say(label, language) } else { "" };
            lines.push(Line::from(vec![
                Span::styled(
                    format!(" {}", pad_to_width(label, label_width)),
                    styles.label,
                ),
                Span::raw(part),
            ]));
        }
    }
    lines.push(Line::default());
    lines.push(own_keys_line(confirm, shared, styles));
    let height = lines.len() as u16 + 2;
    let area = layout::centered(body, width, height);
    popup::draw(
        frame,
        area,
        say(confirmation.title, language),
        lines,
        styles,
    );
}

/// `Install NAME?`, the name styled.
fn english_question(confirmation: &Confirmation, styles: &Styles) -> Line<'static> {
    Line::from(vec![
        Span::raw(format!(" {} ", confirmation.question_verb())),
        Span::styled(confirmation.object.clone(), styles.heading),
        Span::raw("?"),
    ])
}
