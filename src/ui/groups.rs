//! The Groups tab: the summary line (branch, page, totals, spinner), the
//! filter line, the table of the visible rows only, and the group detail
//! (a pane at wide sizes, full-screen below).

use super::View;
use super::detail;
use super::list::{self, ListTab};
use super::table::{Cell, ColumnSpec, draw_heads, draw_row, essentials_fit, fit_columns, widest};
use super::theme::{Styles, spinner};
use crate::app::group_rows::CachedPage;
use crate::app::groups::GroupsTab;
use crate::app::keymap::Context;
use crate::app::layout::ListScreen;
use crate::app::shared::Shared;
use crate::domain::format::NONE;
use ratatui::Frame;
use ratatui::style::Style;
use ratatui::text::Span;

/// The days column is never wider than this; longer day lists use the
/// compact names.
const DAYS_MAX: usize = 14;
const NAME_MIN: usize = 20;
const COURSE_MIN: usize = 14;
const BRANCH_MIN: usize = 10;
const BRANCH_MAX: usize = 18;

/// Columns on screen, left to right.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Number,
    Name,
    Course,
    Days,
    Time,
    Status,
    Branch,
    Dates,
}

const COLUMNS: [Column; 8] = [
    Column::Number,
    Column::Name,
    Column::Course,
    Column::Days,
    Column::Time,
    Column::Status,
    Column::Branch,
    Column::Dates,
];

/// Draws the Groups tab into the body.
pub fn draw(tab: &GroupsTab, frame: &mut Frame, view: &View) {
    let (shared, styles) = (view.shared, view.styles);
    let frame_of_list = ListTab {
        pane: &tab.list,
        detail_context: Context::GroupDetail,
        records: "groups",
        loaded: tab.shown_page().is_some(),
        load_error: tab.load_error.as_deref(),
        loading: tab.is_loading(&shared.requests),
    };
    list::draw_tab(
        &frame_of_list,
        frame,
        view,
        |frame, screen| draw_summary(tab, shared, frame, screen, styles),
        |frame, screen| {
            if let Some(page) = tab.shown_page() {
                draw_table(tab, shared, page, frame, screen, styles);
            }
        },
        |frame, area, focused| draw_detail(tab, shared, frame, area, focused, styles),
    );
}

fn draw_summary(
    tab: &GroupsTab,
    shared: &Shared,
    frame: &mut Frame,
    screen: &ListScreen,
    styles: &Styles,
) {
    let branch_label = |branch: Option<i64>| match branch {
        None => "All branches".to_string(),
        Some(id) => match shared.branches.names.get(&id) {
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
    if tab.is_loading(&shared.requests) && shown.is_some() {
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
            format!("  {} {what}…", spinner(shared.now)),
            styles.busy,
        ));
    }
    let mut notes = Vec::new();
    if let Some(page) = tab.shown_page()
        && tab.list.visible.len() != page.rows.len()
    {
        notes.push(format!(
            "{} of {} shown",
            tab.list.visible.len(),
            page.rows.len()
        ));
    }
    if tab.hide_archived {
        notes.push("archived hidden".to_string());
    }
    if let Some(column) = tab.sort {
        let arrow = if tab.descending { "↓" } else { "↑" };
        notes.push(format!("sort: {} {arrow}", column.name()));
    } else if tab.descending {
        notes.push("server order reversed".to_string());
    }
    list::draw_summary(frame, screen.summary, spans, &notes.join(" · "), styles);
}

/// What each column needs on this page.
fn specs(shared: &Shared, page: &CachedPage, compact_days: bool) -> [ColumnSpec; 8] {
    let natural = &page.widths;
    let branch_natural =
        widest(shared.branches.names.values().map(String::as_str), 6).min(BRANCH_MAX);
    COLUMNS.map(|column| {
        let (head, natural, min, flexible, priority, essential) = match column {
            Column::Number => ("No", natural.number.max(2), 0, false, 9, true),
            Column::Name => ("Name", natural.name.max(4), NAME_MIN, true, 8, true),
            Column::Days => {
                let days = if compact_days {
                    natural.days_compact.min(DAYS_MAX)
                } else {
                    natural.days.min(DAYS_MAX)
                };
                ("Days", days.max(4), 0, false, 7, true)
            }
            Column::Time => ("Time", natural.time.max(4), 0, false, 6, true),
            Column::Status => ("Status", natural.status.max(6), 0, false, 5, true),
            Column::Course => ("Course", natural.course.max(6), COURSE_MIN, true, 4, false),
            Column::Branch => ("Branch", branch_natural, BRANCH_MIN, true, 3, false),
            Column::Dates => ("Start–end", natural.dates.max(9), 0, false, 2, false),
        };
        ColumnSpec {
            head,
            natural,
            min,
            flexible,
            priority,
            essential,
        }
    })
}

fn draw_table(
    tab: &GroupsTab,
    shared: &Shared,
    page: &CachedPage,
    frame: &mut Frame,
    screen: &ListScreen,
    styles: &Styles,
) {
    let width = usize::from(screen.rows.width);
    // Short day names when the essential columns fit with them, else compact.
    let mut compact_days = false;
    let mut column_specs = specs(shared, page, false);
    if !essentials_fit(width, &column_specs) {
        compact_days = true;
        column_specs = specs(shared, page, true);
    }
    let widths = fit_columns(width, &column_specs);
    draw_heads(
        frame.buffer_mut(),
        screen.heads,
        &column_specs,
        &widths,
        styles,
    );
    if tab.list.visible.is_empty() {
        let message = if page.rows.is_empty() {
            "No groups on this page."
        } else if tab.list.filter.is_empty() {
            "Every group on this page is archived: press a to show them."
        } else {
            "No group on this page matches the filter (Esc clears it)."
        };
        list::draw_message(frame, screen.rows, message, styles);
        return;
    }
    let height = usize::from(screen.rows.height);
    let first = list::first_row(tab.list.cursor, tab.list.visible.len(), height);
    let days_column = COLUMNS.iter().position(|c| *c == Column::Days);
    let days_width = days_column.and_then(|i| widths[i]).unwrap_or(0);
    let rows = tab.list.visible[first..].iter().take(height);
    for (i, (&row_index, line)) in rows.zip(screen.rows.rows()).enumerate() {
        let row = &page.rows[row_index];
        let selected = first + i == tab.list.cursor.index;
        let unknown_branch;
        let branch = match row.branch_id {
            Some(id) => match shared.branches.name_cells.get(&id) {
                Some(name) => Cell::measured(name),
                None => {
                    unknown_branch = format!("#{id}");
                    Cell::plain(&unknown_branch)
                }
            },
            None => Cell::plain(NONE),
        };
        let days = if !compact_days && row.days.width() <= days_width {
            &row.days
        } else {
            &row.days_compact
        };
        let status_style = if row.archived {
            styles.archived
        } else {
            styles.active
        };
        let cells = [
            Cell::measured(&row.number),
            Cell::measured(&row.name),
            Cell::measured(&row.course),
            Cell::measured(days),
            Cell::measured(&row.time),
            Cell::measured(&row.status).styled(status_style),
            branch,
            Cell::measured(&row.dates),
        ];
        let row_style = match (selected, row.archived) {
            (true, _) => styles.selected,
            (false, true) => styles.archived,
            (false, false) => Style::new(),
        };
        draw_row(
            frame.buffer_mut(),
            line,
            cells,
            &widths,
            selected,
            row_style,
        );
    }
}

fn draw_detail(
    tab: &GroupsTab,
    shared: &Shared,
    frame: &mut Frame,
    area: ratatui::layout::Rect,
    focused: bool,
    styles: &Styles,
) {
    match tab.detail(shared.row_format(), &shared.branches.names) {
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
                tab.list.detail_scroll,
                focused,
                styles,
            );
        }
        None => detail::draw(frame, area, "Group", &[], 0, focused, styles),
    }
}
