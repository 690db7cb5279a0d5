//! The Groups tab: the summary line (branch, page, totals, spinner), the
//! filter line, the table of the visible rows only, and the group detail
//! (a pane at wide sizes, full-screen below).

use super::detail;
use super::list;
use super::table::{FittedTable, RowLook};
use super::theme::{Styles, spinner};
use crate::app::App;
use crate::app::group_rows::CachedPage;
use crate::app::keymap::Context;
use crate::app::layout::{self, ListScreen};
use crate::domain::columns::groups::COLUMNS;
use ratatui::Frame;
use ratatui::style::Style;
use ratatui::text::Span;

/// Draws the Groups tab into the body.
pub fn draw(app: &App, frame: &mut Frame, styles: &Styles) {
    let tab = &app.groups;
    let area = frame.area();
    let size = (area.width, area.height);
    let screen = layout::list_screen(size, tab.filter_line_shown());
    draw_summary(app, frame, &screen, styles);
    if let Some(filter_area) = screen.filter {
        list::draw_filter(frame, filter_area, &tab.filter, tab.filtering, styles);
    }
    match tab.shown_page() {
        Some(page) => draw_table(app, page, frame, &screen, styles),
        None => {
            let message = match &tab.load_error {
                Some(error) if !tab.is_loading(&app.requests) => {
                    format!("Could not load the groups: {error}. Press r to retry.")
                }
                _ => format!("{} Loading groups…", spinner(app.now)),
            };
            list::draw_message(frame, screen.heads.union(screen.rows), &message, styles);
        }
    }
    let context = app.context();
    let focused = context == Context::GroupDetail;
    if let Some(area) = list::detail_area(screen.pane, focused, size) {
        draw_detail(app, frame, area, focused, styles);
    }
}

fn draw_summary(app: &App, frame: &mut Frame, screen: &ListScreen, styles: &Styles) {
    let tab = &app.groups;
    let branch_label = |branch: Option<i64>| match branch {
        None => "All branches".to_string(),
        Some(id) => match app.branches.names.get(&id) {
            Some(name) => format!("{name} (#{id})"),
            None => format!("Branch #{id}"),
        },
    };
    let mut spans = Vec::new();
    let shown = tab.shown.zip(tab.shown_page());
    match shown {
        Some((key, page)) => {
            let total = page
                .total
                .map_or_else(|| "? groups".to_string(), |t| format!("{t} groups"));
            spans.push(Span::styled(branch_label(key.branch_id), styles.heading));
            spans.push(Span::raw(format!(
                " · page {}/{} · {total} · {}/page",
                page.page, page.total_pages, page.per_page
            )));
        }
        None => spans.push(Span::styled(
            branch_label(tab.wanted.branch_id),
            styles.heading,
        )),
    }
    if tab.is_loading(&app.requests) && shown.is_some() {
        let wanted = tab.wanted;
        let what = if Some(wanted) == tab.shown {
            "refreshing".to_string()
        } else if shown.is_some_and(|(key, _)| key.branch_id != wanted.branch_id) {
            format!("loading {}", branch_label(wanted.branch_id))
        } else {
            format!(
                "loading page {} ({} per page)",
                wanted.page, wanted.per_page
            )
        };
        spans.push(Span::styled(
            format!("  {} {what}…", spinner(app.now)),
            styles.busy,
        ));
    }
    let mut notes = Vec::new();
    if let Some(page) = tab.shown_page()
        && tab.visible.len() != page.groups.len()
    {
        notes.push(format!(
            "{} of {} shown",
            tab.visible.len(),
            page.groups.len()
        ));
    }
    if tab.hide_archived {
        notes.push("archived hidden".to_string());
    }
    if let Some(column) = tab.sort {
        let arrow = if tab.descending { "↓" } else { "↑" };
        notes.push(format!("sort: {} {arrow}", column.name(COLUMNS)));
    } else if tab.descending {
        notes.push("server order reversed".to_string());
    }
    list::draw_summary(frame, screen.summary, spans, &notes.join(" · "), styles);
}

fn draw_table(
    app: &App,
    page: &CachedPage,
    frame: &mut Frame,
    screen: &ListScreen,
    styles: &Styles,
) {
    let tab = &app.groups;
    let branches = &app.branches.name_cells;
    let width = usize::from(screen.rows.width);
    let fitted = FittedTable::fit(COLUMNS, &page.table.widths, branches, width);
    fitted.draw_heads(frame.buffer_mut(), screen.heads, styles);
    if tab.visible.is_empty() {
        let message = if page.groups.is_empty() {
            "No groups on this page."
        } else if tab.filter.is_empty() {
            "Every group on this page is archived: press a to show them."
        } else {
            "No group on this page matches the filter (Esc clears it)."
        };
        list::draw_message(frame, screen.rows, message, styles);
        return;
    }
    for (index, selected, line) in list::rows_on_screen(tab.cursor, &tab.visible, screen.rows) {
        let archived = page.archived(index);
        let look = RowLook {
            selected,
            row: match (selected, archived) {
                (true, _) => styles.selected,
                (false, true) => styles.archived,
                (false, false) => Style::new(),
            },
            state: if archived {
                styles.archived
            } else {
                styles.active
            },
            state_over: None,
        };
        fitted.draw_row(
            frame.buffer_mut(),
            line,
            &page.table.rows[index],
            &look,
            branches,
            styles,
        );
    }
}

fn draw_detail(
    app: &App,
    frame: &mut Frame,
    area: ratatui::layout::Rect,
    focused: bool,
    styles: &Styles,
) {
    let tab = &app.groups;
    match tab.detail(app.row_format(), &app.branches.names) {
        Some(document) => {
            let title = tab
                .selected()
                .and_then(|(_, group)| group.company_group_number)
                .map_or_else(|| "Group".to_string(), |n| format!("Group No {n}"));
            detail::draw(
                frame,
                area,
                &title,
                &document,
                tab.detail_scroll,
                focused,
                styles,
            );
        }
        None => detail::draw(frame, area, "Group", &[], 0, focused, styles),
    }
}
