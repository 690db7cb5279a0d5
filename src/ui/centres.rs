//! The Centres tab: the summary line (how many centres and the counts per
//! status, as `crmdeck centres` says them; a refresh under way, the centre
//! looked at), the column heads, then a row a centre (the column table of
//! `present::columns::centres`, the CLI's), the selected one reversed and
//! the one being looked at marked `*`.

use super::View;
use super::list;
use super::table::{FittedTable, RowLook};
use super::theme::spinner;
use crate::app::centres::{CentresTab, LINES_ABOVE_LIST};
use crate::domain::centre::{NO_PROFILE, Status};
use crate::i18n::{Phrase, fill};
use crate::present::columns::centres::{COLUMNS, CentreFormat, counts};
use crate::present::columns::{NaturalWidths, ScreenRow};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Paragraph;
use std::collections::HashMap;

/// The mark of the centre being looked at, in the selection marker's place.
const LOOKED_AT: &str = "*";

/// Draws the Centres tab.
pub fn draw(tab: &CentresTab, frame: &mut Frame, view: &View) {
    let View {
        world,
        layout,
        styles,
        ..
    } = *view;
    let body = layout.bands.body;
    let line = |y: u16| Rect::new(body.x, body.y + y, body.width, 1);
    let language = world.settings.language;
    let format = CentreFormat {
        now: world.now,
        language,
        scripts: false,
    };
    let notes = notes(tab, view);
    let summary = vec![Span::styled(
        counts(&tab.fleet.centres, language),
        styles.heading,
    )];
    list::draw_summary(frame, line(0), summary, &notes, styles);
    let list_area = Rect {
        y: body.y + LINES_ABOVE_LIST,
        height: body.height.saturating_sub(LINES_ABOVE_LIST),
        ..body
    };
    let centres = &tab.fleet.centres;
    if centres.is_empty() {
        let text = format!(" {}", Phrase::CentresNone.get(language));
        frame.render_widget(Paragraph::new(text), list_area);
        return;
    }
    // A few rows at most: made per frame, their ages counted from now.
    let rows: Vec<ScreenRow> = (centres.iter())
        .map(|centre| ScreenRow::new(COLUMNS, centre, &format))
        .collect();
    let widths = NaturalWidths::of(&rows);
    let no_branches = HashMap::new();
    let width = usize::from(body.width);
    let table = FittedTable::fit(COLUMNS, &widths, &no_branches, width, (false, language));
    table.draw_heads(frame.buffer_mut(), line(1), styles);
    let refreshing = format!(
        "{} {}",
        spinner(world.now),
        Phrase::CentreRefreshing.get(language)
    );
    let shown = (rows.iter().enumerate())
        .skip(tab.cursor.offset)
        .take(usize::from(list_area.height));
    for ((index, row), y) in shown.zip(list_area.y..) {
        let area = Rect {
            y,
            height: 1,
            ..list_area
        };
        let centre = &centres[index];
        let state = match centre.status {
            Some(Status::Ok) => styles.installed,
            None => Style::new(),
            Some(_) => styles.error,
        };
        let asking = tab.fleet.asking.get(index).copied().unwrap_or(false);
        let look = RowLook {
            row: Style::new(),
            state: if asking { styles.busy } else { state },
            state_over: asking.then_some(refreshing.as_str()),
            matched: None,
        };
        let selected = index == tab.cursor.index;
        table.draw_row(frame.buffer_mut(), area, row, selected, &look, styles);
        if !selected && tab.fleet.looking_at.as_deref() == Some(centre.profile.as_str()) {
            let mark = Rect { width: 1, ..area };
            frame.render_widget(
                Paragraph::new(Span::styled(LOOKED_AT, styles.heading)),
                mark,
            );
        }
    }
}

/// A refresh under way; the centre being looked at.
fn notes(tab: &CentresTab, view: &View) -> Vec<String> {
    let world = view.world;
    let language = world.settings.language;
    let mut notes = Vec::new();
    if tab.fleet.is_asking() {
        notes.push(format!(
            "{} {}",
            spinner(world.now),
            Phrase::CentreRefreshing.get(language)
        ));
    }
    // The centre in use without a profile has no name to say.
    if let Some(profile) = &tab.fleet.looking_at
        && profile != NO_PROFILE
    {
        notes.push(fill::centres_looking_at(language, profile));
    }
    notes
}
