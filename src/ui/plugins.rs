//! The Plugins tab: the summary line, the filter line, the list (name, type,
//! installed as a word, abilities) and the plugin detail.

use super::detail;
use super::list;
use super::table::{FittedTable, RowLook};
use super::theme::{Styles, spinner};
use crate::app::App;
use crate::app::keymap::Context;
use crate::app::layout::{self, ListScreen};
use crate::app::plugins::is_installing;
use crate::domain::columns::plugins::COLUMNS;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use std::collections::HashMap;

/// Draws the Plugins tab into the body.
pub fn draw(app: &App, frame: &mut Frame, styles: &Styles) {
    let tab = &app.plugins;
    let area = frame.area();
    let size = (area.width, area.height);
    let screen = layout::list_screen(size, tab.filter_line_shown());
    draw_summary(app, frame, &screen, styles);
    if let Some(filter_area) = screen.filter {
        list::draw_filter(frame, filter_area, &tab.filter, tab.filtering, styles);
    }
    if tab.loaded {
        draw_list(app, frame, &screen, styles);
    } else {
        let message = match &tab.load_error {
            Some(error) if !tab.is_loading(&app.requests) => {
                format!("Could not load the plugins: {error}. Press r to retry.")
            }
            _ => format!("{} Loading plugins…", spinner(app.now)),
        };
        list::draw_message(frame, screen.heads.union(screen.rows), &message, styles);
    }
    let focused = app.context() == Context::PluginDetail;
    if let Some(area) = list::detail_area(screen.pane, focused, size) {
        draw_detail(app, frame, area, focused, styles);
    }
}

fn draw_summary(app: &App, frame: &mut Frame, screen: &ListScreen, styles: &Styles) {
    let tab = &app.plugins;
    let mut spans = Vec::new();
    if tab.loaded {
        let installed = tab.plugins.iter().filter(|p| p.is_installed()).count();
        spans.push(Span::styled(
            format!("{} plugins", tab.plugins.len()),
            styles.heading,
        ));
        spans.push(Span::raw(format!(" · {installed} installed")));
    } else {
        spans.push(Span::styled("Plugins", styles.heading));
    }
    if tab.is_loading(&app.requests) && tab.loaded {
        spans.push(Span::styled(
            format!("  {} refreshing…", spinner(app.now)),
            styles.busy,
        ));
    }
    let mut notes = Vec::new();
    if tab.visible.len() != tab.plugins.len() {
        notes.push(format!(
            "{} of {} shown",
            tab.visible.len(),
            tab.plugins.len()
        ));
    }
    notes.push(tab.type_filter.name().to_string());
    if app.settings.read_only {
        notes.push("read-only".to_string());
    }
    list::draw_summary(frame, screen.summary, spans, &notes.join(" · "), styles);
}

fn draw_list(app: &App, frame: &mut Frame, screen: &ListScreen, styles: &Styles) {
    let tab = &app.plugins;
    let width = usize::from(screen.rows.width);
    let no_branches = HashMap::new();
    let fitted = FittedTable::fit(COLUMNS, &tab.table.widths, &no_branches, width);
    fitted.draw_heads(frame.buffer_mut(), screen.heads, styles);
    if tab.visible.is_empty() {
        let message = if tab.plugins.is_empty() {
            "The catalogue is empty."
        } else {
            "No plugin matches the filters (Esc clears the name filter, t the type)."
        };
        list::draw_message(frame, screen.rows, message, styles);
        return;
    }
    let installing_mark = format!("{} installing…", spinner(app.now));
    for (index, selected, line) in list::rows_on_screen(tab.cursor, &tab.visible, screen.rows) {
        let plugin = &tab.plugins[index];
        let (state, state_over) = if plugin.is_installed() {
            (styles.installed, None)
        } else if is_installing(&app.requests, plugin.id) {
            (styles.busy, Some(installing_mark.as_str()))
        } else {
            (Style::new(), None)
        };
        let look = RowLook {
            selected,
            row: if selected {
                styles.selected
            } else {
                Style::new()
            },
            state,
            state_over,
        };
        let row = &tab.table.rows[index];
        fitted.draw_row(frame.buffer_mut(), line, row, &look, &no_branches, styles);
    }
}

fn draw_detail(app: &App, frame: &mut Frame, area: Rect, focused: bool, styles: &Styles) {
    let tab = &app.plugins;
    let document = tab
        .detail(&app.requests, &app.settings.timezone)
        .unwrap_or_default();
    detail::draw(
        frame,
        area,
        "Plugin",
        &document,
        tab.detail_scroll,
        focused,
        styles,
    );
}
