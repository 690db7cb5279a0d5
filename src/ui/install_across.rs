//! An install across centres: the plan (each centre's step), the number to
//! type, then each centre's result as it comes and the summary; the list
//! scrolls when it is longer than the box.

use super::View;
use super::footer::own_keys_line;
use super::popup::{self, Cut};
use crate::app::install_across::{InstallAcross, Stage};
use crate::app::layout;
use crate::domain::install_across::Outcome;
use crate::i18n::Phrase;
use crate::present::format::{display_width, pad_to_width, truncate_to_width};
use crate::present::install_across as words;
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::text::{Line, Span};

/// Draws it over the body.
pub fn draw(across: &InstallAcross, frame: &mut Frame, view: &View) {
    let (shared, styles) = (view.world, view.styles);
    let language = shared.settings.language;
    let body = view.layout.bands.body;
    let width = body.width.saturating_sub(4).min(76);
    let text_width = usize::from(width.saturating_sub(3));
    // Each centre's words: its step, or its result once sent.
    let (heading, rows, foot): (String, Vec<String>, Vec<Line<'static>>) = match &across.stage {
        Stage::Asking => (
            Phrase::AcrossAsking.get(language).to_string(),
            Vec::new(),
            Vec::new(),
        ),
        Stage::Confirming(plan) => {
            let rows = plan.steps.iter().map(|step| words::step(step, language));
            let prompt = Line::from(vec![
                Span::raw(format!(" {} ", Phrase::AcrossTypeCount.get(language))),
                Span::styled(across.input.text().to_string(), styles.heading),
                Span::styled("█", styles.hint_key),
            ]);
            (words::heading(plan, language), rows.collect(), vec![prompt])
        }
        Stage::Sending { plan, outcomes } => {
            let sending = Phrase::AcrossSending.get(language);
            let rows = outcomes.iter().map(|outcome| match outcome {
                Some(outcome) => words::outcome(outcome, language),
                None => sending.to_string(),
            });
            let done: Vec<Outcome> = outcomes.iter().flatten().cloned().collect();
            let summary = match across.is_reported() {
                true => vec![Line::styled(
                    format!(" {}", words::summary(&done, language)),
                    styles.heading,
                )],
                false => Vec::new(),
            };
            (words::heading(plan, language), rows.collect(), summary)
        }
    };
    let names: Vec<String> = across
        .centres
        .iter()
        .map(|name| sanitize_line(name).into_owned())
        .collect();
    let name_width = names
        .iter()
        .map(|n| display_width(n))
        .max()
        .unwrap_or(0)
        .min(20);
    // The box's lines: the heading, a blank, the rows, a blank, the foot,
    // the keys; the rows get what the body leaves.
    let fixed = 2 + 1 + foot.len() + 1 + 2;
    let room = usize::from(body.height.saturating_sub(2))
        .saturating_sub(fixed)
        .max(1);
    let first = across.scroll.min(rows.len().saturating_sub(room));
    let shown = rows.len().min(room);
    let cut = Cut {
        above: first > 0,
        below: first + shown < rows.len(),
        language,
    };
    let mut lines = vec![
        Line::styled(
            format!(" {}", truncate_to_width(&heading, text_width)),
            styles.heading,
        ),
        Line::default(),
    ];
    for (name, row) in names.iter().zip(&rows).skip(first).take(shown) {
        let name = pad_to_width(&truncate_to_width(name, name_width), name_width);
        let row = truncate_to_width(row, text_width.saturating_sub(name_width + 2));
        lines.push(Line::from(vec![
            Span::styled(format!(" {name}  "), styles.label),
            Span::raw(row.into_owned()),
        ]));
    }
    lines.push(Line::default());
    lines.extend(foot);
    lines.push(own_keys_line(across, shared, styles));
    let height = lines.len() as u16 + 2;
    let area = layout::centered(body, width, height);
    popup::draw_cut(
        frame,
        area,
        Phrase::AcrossTitle.get(language),
        lines,
        cut,
        styles,
    );
}
