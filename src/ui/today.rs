//! The Today tab: a summary line (the day and minute on the centre's clock,
//! the branch, a walk under way), the column heads, then each part under
//! its heading (now, next, later today, done, cannot place), the selected
//! lesson reversed; the group detail over the body when open.

use super::View;
use super::detail;
use super::list::{self, Part};
use super::table::{FittedTable, RowLook};
use super::theme::spinner;
use crate::app::keymap::Context;
use crate::app::today::{LINES_ABOVE_LIST, TodayLine, TodayTab};
use crate::i18n::{Language, Phrase, fill};
use crate::present::columns::today::columns;
use crate::present::today::{format_at, heading_of, shown_day};
use crate::present::weekday::{NameStyle, day_name};
use crate::sanitize::sanitize_line;
use chrono::Datelike;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Draws the Today tab (and the group detail over it when open).
pub fn draw(tab: &TodayTab, frame: &mut Frame, view: &View) {
    let View {
        app,
        world: shared,
        layout,
        styles,
    } = *view;
    let body = layout.bands.body;
    let line = |y: u16| Rect::new(body.x, body.y + y, body.width, 1);
    let notes = notes(tab, view);
    let room = list::summary_room(body.width, &notes);
    list::draw_summary(frame, line(0), summary(tab, view, room), &notes, styles);
    let list_area = Rect {
        y: body.y + LINES_ABOVE_LIST,
        height: body.height.saturating_sub(LINES_ABOVE_LIST),
        ..body
    };
    let loading = shared.is_walking(tab.branch_id);
    if tab.entries.is_empty() && loading {
        let loading = Phrase::ScreenTodayLoading.get(shared.settings.language);
        let text = format!(" {} {loading}", spinner(shared.now));
        frame.render_widget(Paragraph::new(text), list_area);
        return;
    }
    let table = FittedTable::fit(
        &columns(),
        &tab.widths,
        &shared.branches.name_cells,
        usize::from(body.width),
        (tab.branch_id.is_none(), shared.settings.language),
    );
    let buf = frame.buffer_mut();
    table.draw_heads(buf, line(1), styles);
    // Each part says when its day is built from some of the pages only.
    let partial = (shared.store.groups(tab.branch_id))
        .map(|list| list.progress())
        .filter(|progress| progress.missing > 0)
        .map(|progress| {
            let language = shared.settings.language;
            let partial = fill::screen_partial(
                language,
                list::pages_read((progress.read, progress.pages, progress.missing), language),
            );
            format!(" · {partial}")
        });
    let shown = tab
        .lines()
        .into_iter()
        .skip(tab.scroll)
        .take(usize::from(list_area.height));
    for (y, entry) in (list_area.y..).zip(shown) {
        let area = Rect {
            y,
            height: 1,
            ..list_area
        };
        match entry {
            TodayLine::Heading { part, count } => {
                let language = shared.settings.language;
                let count = match count {
                    0 => Phrase::TodayNone.get(language).to_owned(),
                    n => n.to_string(),
                };
                let heading = match &tab.today {
                    Some(day) => heading_of(part, day, language),
                    None => String::new(),
                };
                let mut text = Line::from(vec![
                    Span::styled(format!(" {heading}"), styles.heading),
                    Span::styled(format!(" · {count}"), styles.dim),
                ]);
                if let Some(partial) = &partial {
                    text.push_span(Span::styled(partial.clone(), styles.warning));
                }
                frame.render_widget(Paragraph::new(text), area);
            }
            TodayLine::Entry(index) => {
                if let Some(row) = tab.screen_row(index, shared.settings.language) {
                    let selected = index == tab.cursor;
                    let buf = frame.buffer_mut();
                    table.draw_row(buf, area, &row, selected, &RowLook::PLAIN, styles);
                }
            }
        }
    }
    if app.context() == Context::TodayDetail
        && let Some(document) = tab.document(shared)
    {
        detail::draw(
            frame,
            layout.detail,
            "Group",
            &document,
            tab.detail.scroll,
            true,
            view,
        );
    }
}

/// `Today Mon 2025-06-02 14:00 · Branch · times in Asia/Tashkent` (another
/// day: `Tomorrow Tue 2025-06-03 · …`); when
/// `width` is short the zone shortened (`+05`), then the branch left out.
fn summary(tab: &TodayTab, view: &View, width: usize) -> Vec<Span<'static>> {
    let shared = view.world;
    let language = shared.settings.language;
    let Some(day) = &tab.today else {
        return vec![Span::styled(
            Phrase::TabToday.get(language),
            view.styles.heading,
        )];
    };
    let branch = match tab.branch_id {
        Some(id) => match shared.branches.names.get(&id) {
            Some(name) => sanitize_line(name).into_owned(),
            None => fill::check_branch_id(language, id),
        },
        None => Phrase::AllBranches.get(language).to_owned(),
    };
    // English as it was; the others as staff write dates (`28.11.2026`).
    let when = match language {
        Language::En => format_at(day.at).replace('T', " "),
        _ => format!(
            "{} {}",
            crate::i18n::date(language, day.at.date()),
            crate::i18n::time(language, day.at.time())
        ),
    };
    let weekday = day_name(day.at.weekday(), language, NameStyle::Short);
    let zone = &shared.zone;
    // The zone is shortened first, the branch left out next, and the
    // zone's short name last: times without their zone mislead.
    let parts = vec![
        // Another day named whole: its name, never the minute of today.
        Part::new(
            shown_day(day, language)
                .unwrap_or_else(|| fill::today_summary(language, weekday, when)),
            view.styles.heading,
            0,
        ),
        Part::new(branch, Style::new(), 2),
        Part::new(fill::top_times_in(language, zone), Style::new(), 3)
            .or_short(zone.short_name(shared.now), 1),
    ];
    list::fitting(parts, width)
}

/// A walk under way, archived groups hidden or shown.
fn notes(tab: &TodayTab, view: &View) -> Vec<String> {
    let shared = view.world;
    let language = shared.settings.language;
    let mut notes = Vec::new();
    if let Some(list) = shared.store.groups(tab.branch_id) {
        let progress = list.progress();
        if !list.is_done() {
            let loading = Phrase::Loading.get(language);
            let pages =
                list::pages_read((progress.read, progress.pages, progress.missing), language);
            notes.push(format!("{} {loading} {pages}", spinner(shared.now)));
        } else if progress.missing > 0 {
            notes.push(format!(
                "{} (r)",
                list::pages_read((progress.read, progress.pages, progress.missing), language)
            ));
        }
    }
    match &tab.today {
        Some(day) if day.hidden > 0 => notes.push(fill::archived_hidden(language, day.hidden)),
        Some(_) if tab.include_archived => {
            notes.push(Phrase::ArchivedShown.get(language).to_owned());
        }
        _ => {}
    }
    notes
}
