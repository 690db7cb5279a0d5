//! The Changes tab: a summary line (the baseline's day and walk, how many
//! changes), then each kind's heading and its changes: the mark, when the
//! change was seen, the group, and the fields as `old → new` (a new or
//! gone group: its days, times and course); the selected change reversed.
//! Without a comparison, why (no earlier day yet, the history off).

use super::View;
use super::list::{self, Part};
use super::theme::{SELECTED_MARKER, UNSELECTED_MARKER, spinner};
use crate::app::changes::{ChangeLine, ChangesTab, LINES_ABOVE_LIST};
use crate::app::compared::{Seen, SeenChanges};
use crate::app::shared::World;
use crate::i18n::{Language, Phrase, fill, plural};
use crate::present::change_text;
use crate::present::columns::changes::ChangeFormat;
use crate::present::format::{clock_time, pad_to_width, truncate_to_width};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The widest the group's column gets.
const GROUP_WIDTH: usize = 32;

/// Draws the Changes tab.
pub fn draw(tab: &ChangesTab, frame: &mut Frame, view: &View) {
    let (shared, styles) = (view.world, view.styles);
    let language = shared.settings.language;
    let body = view.layout.bands.body;
    let line = |y: u16| Rect::new(body.x, body.y + y, body.width, 1);
    let list_area = Rect {
        y: body.y + LINES_ABOVE_LIST,
        height: body.height.saturating_sub(LINES_ABOVE_LIST),
        ..body
    };
    let room = list::summary_room(body.width, &[]);
    let compared = shared.changes.of(shared.branch_id);
    let found = compared.and_then(|compared| compared.result.as_ref().ok());
    list::draw_summary(frame, line(0), summary(found, view, room), &[], styles);
    let message = match compared.map(|compared| (&compared.result, compared.since)) {
        _ if shared.changes.pending() && found.is_none() => Some(format!(
            "{} {}",
            spinner(shared.now),
            Phrase::ChangesComparingEarlier.get(language)
        )),
        None => Some(Phrase::ChangesNothingYet.get(language).into()),
        Some((Err(why), since)) => Some(why.explain(since, language)),
        Some((Ok(found), _)) if found.changes.is_empty() => {
            let unknown = unknown(found, language);
            let nothing = Phrase::ChangesNothingChanged.get(language);
            Some(format!("{nothing}{unknown}"))
        }
        Some((Ok(_), _)) => None,
    };
    let (Some(found), None) = (found, &message) else {
        list::draw_message(frame, list_area, message.as_deref().unwrap_or(""), styles);
        return;
    };
    let lines = &tab.lines;
    let group_width = tab.group_width.min(GROUP_WIDTH);
    let selected_line = lines
        .iter()
        .position(|line| *line == ChangeLine::Change(tab.cursor.index));
    let height = usize::from(list_area.height);
    // From the top while the selection is on the first screen, else
    // with the selection on the last line.
    let first = selected_line.map_or(0, |at| (at + 1).saturating_sub(height));
    let width = usize::from(body.width);
    for (y, entry) in (list_area.y..list_area.bottom()).zip(lines.iter().skip(first)) {
        let area = Rect::new(body.x, y, body.width, 1);
        let text = match *entry {
            ChangeLine::Heading { kind, count } => Line::from(vec![
                Span::styled(
                    format!(" {}", change_text::heading(kind, language)),
                    styles.heading,
                ),
                Span::styled(format!(" · {count}"), styles.dim),
            ]),
            ChangeLine::Change(place) => {
                let seen = &found.changes[tab.order[place]];
                let selected = place == tab.cursor.index;
                let text = change_line(seen, selected, group_width, shared);
                let text = pad_to_width(&truncate_to_width(&text, width), width);
                let style = if selected {
                    styles.selected
                } else {
                    Style::new()
                };
                Line::from(Span::styled(text, style))
            }
        };
        frame.render_widget(Paragraph::new(text), area);
    }
}

/// `> + 09:12  No 12 IELTS evening   start 15:00 → 16:00 · days Mon → Tue`
/// (the `> ` when `selected`, as in every list, so that it reads without
/// colour).
fn change_line(seen: &Seen, selected: bool, group_width: usize, shared: &World) -> String {
    let language = shared.settings.language;
    let when = clock_time(seen.seen_at, shared.now, &shared.zone, language);
    let group = change_text::group(seen.digest(), language);
    let group = pad_to_width(&truncate_to_width(&group, group_width), group_width);
    let format = ChangeFormat {
        language,
        branches: &shared.branches.names,
    };
    let what = match (&seen.before, &seen.after) {
        (Some(before), Some(after)) => {
            change_text::differences(seen.fields, before, after, &format).join(" · ")
        }
        _ => change_text::summary(seen.digest(), &format),
    };
    let mark = change_text::mark(seen.kind);
    let marker = if selected {
        SELECTED_MARKER
    } else {
        UNSELECTED_MARKER
    };
    format!("{marker}{mark} {when}  {group}  {what}")
}

/// ` (12 groups unknown: the walk missed pages)`, or nothing.
fn unknown(found: &SeenChanges, language: Language) -> String {
    match found.unknown {
        0 => String::new(),
        n => format!(" {}", plural::changes_unknown_note(language, n as u64)),
    }
}

/// `Changes since Thu 26 Nov 18:40 · 12 changes · 2 unknown`.
fn summary(found: Option<&SeenChanges>, view: &View, width: usize) -> Vec<Span<'static>> {
    let (shared, styles) = (view.world, view.styles);
    let language = shared.settings.language;
    let Some(found) = found else {
        return vec![Span::styled(
            Phrase::TabChanges.get(language),
            styles.heading,
        )];
    };
    let taken = clock_time(found.taken_at, found.taken_at, &shared.zone, language);
    let day = change_text::day(found.day, language);
    let count = found.changes.len();
    let mut parts = vec![
        Part::new(fill::changes_since(language, day), styles.heading, 0),
        Part::new(fill::changes_walk_of(language, taken), Style::new(), 3),
        Part::new(
            plural::change_count(language, count as u64),
            Style::new(),
            1,
        ),
    ];
    if found.unknown > 0 {
        let text = fill::changes_unknown(language, found.unknown);
        parts.push(Part::new(text, styles.warning, 2));
    }
    if !found.ignored.is_empty() {
        let text = fill::changes_passed_over(language, found.ignored.len());
        parts.push(Part::new(text, styles.warning, 4));
    }
    if shared.changes.pending() {
        parts.push(Part::new(
            format!(
                "{} {}",
                spinner(shared.now),
                Phrase::ChangesComparing.get(language)
            ),
            styles.busy,
            5,
        ));
    }
    list::fitting(parts, width)
}
