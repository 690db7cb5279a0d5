//! The Groups tab: the summary line (branch, page, totals, spinner), the
//! filter line, the table of the visible rows only, and the group detail
//! (a pane at wide sizes, full-screen below).

use super::View;
use super::detail;
use super::list::{self, ListTab, Rows};
use super::table::RowLook;
use super::theme::spinner;
use crate::app::groups::GroupsTab;
use crate::app::layout::ListScreen;
use crate::app::list_pane::ListPane;
use crate::domain::columns::groups::COLUMNS;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

impl ListTab for GroupsTab {
    const RECORDS: &'static str = "groups";

    fn pane(&self) -> &ListPane {
        &self.list
    }

    /// A page is on screen.
    fn loaded(&self) -> bool {
        self.shown_page().is_some()
    }

    fn load_error(&self) -> Option<&str> {
        self.load_error.as_deref()
    }

    /// The branch, the page and the totals, the spinner while a page comes;
    /// on the right how many rows show, and how they are filtered and sorted.
    fn draw_summary(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let (shared, styles) = (view.shared, view.styles);
        let branch_label = |branch: Option<i64>| match branch {
            None => "All branches".to_string(),
            Some(id) => match shared.branches.names.get(&id) {
                Some(name) => format!("{name} (#{id})"),
                None => format!("Branch #{id}"),
            },
        };
        let mut spans = Vec::new();
        let shown = self.shown.zip(self.shown_page());
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
                branch_label(self.wanted.branch_id),
                styles.heading,
            )),
        }
        if self.is_loading(&shared.requests) && shown.is_some() {
            let wanted = self.wanted;
            let what = if Some(wanted) == self.shown {
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
        if let Some(page) = self.shown_page()
            && self.list.visible.len() != page.groups.len()
        {
            notes.push(format!(
                "{} of {} shown",
                self.list.visible.len(),
                page.groups.len()
            ));
        }
        if self.hide_archived {
            notes.push("archived hidden".to_string());
        }
        if let Some(column) = self.list.sort {
            let arrow = if self.list.descending { "↓" } else { "↑" };
            notes.push(format!("sort: {} {arrow}", column.name(COLUMNS)));
        } else if self.list.descending {
            notes.push("server order reversed".to_string());
        }
        list::draw_summary(frame, screen.summary, spans, &notes.join(" · "), styles);
    }

    /// The page on screen, an archived group's row dimmed.
    fn draw_rows(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let Some(page) = self.shown_page() else {
            return;
        };
        let none_shown = if page.groups.is_empty() {
            "No groups on this page."
        } else if self.list.filter.is_empty() {
            "Every group on this page is archived: press a to show them."
        } else {
            "No group on this page matches the filter (Esc clears it)."
        };
        let rows = Rows {
            columns: COLUMNS,
            table: &page.table,
            none_shown,
        };
        let styles = view.styles;
        let look = |index| {
            let archived = page.archived(index);
            RowLook {
                row: if archived {
                    styles.archived
                } else {
                    Style::new()
                },
                state: if archived {
                    styles.archived
                } else {
                    styles.active
                },
                state_over: None,
            }
        };
        list::draw_rows(frame, screen, &self.list, &rows, look, view);
    }

    fn draw_detail(&self, frame: &mut Frame, area: Rect, focused: bool, view: &View) {
        let (shared, styles) = (view.shared, view.styles);
        match self.detail(shared.row_format(), &shared.branches.names) {
            Some(document) => {
                let title = self
                    .selected()
                    .and_then(|(_, group)| group.company_group_number)
                    .map_or_else(|| "Group".to_string(), |n| format!("Group No {n}"));
                detail::draw(
                    frame,
                    area,
                    &title,
                    &document,
                    self.list.detail_scroll,
                    focused,
                    styles,
                );
            }
            None => detail::draw(frame, area, "Group", &[], 0, focused, styles),
        }
    }
}
