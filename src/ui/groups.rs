//! The Groups tab: the summary line (the branch, the server's facts, the
//! position, the walk's progress or its missing pages), the filter line,
//! the table of the visible rows only (a filter's matches stand out), and
//! the group detail (a pane at wide sizes, full-screen below).

use super::View;
use super::detail;
use super::list::{self, ListTab, Part, Rows, Shown};
use super::table::RowLook;
use super::theme::spinner;
use crate::app::compared::NotCompared;
use crate::app::groups::GroupsTab;
use crate::app::layout::ListScreen;
use crate::app::shared::World;
use crate::app::walks;
use crate::domain::changes::Since;
use crate::i18n::{Phrase, fill, plural};
use crate::present::change_text;
use crate::present::columns::groups::COLUMNS;
use crate::present::format::{as_of, count_in_thousands, thousands};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;

impl ListTab for GroupsTab {
    const RECORDS: &'static str = "groups";

    /// Loaded once a page of the list arrived.
    fn shown(&self) -> Shown<'_> {
        Shown::new(&self.list, self.loaded, self.load_error.as_deref())
    }

    /// The branch, the server's facts (groups, pages and their size as
    /// answered) and the row selected; the walk's progress while it runs,
    /// the pages missing once it ended. On the right how many rows the
    /// filters leave, and how the rows are sorted.
    fn draw_summary(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let (shared, styles) = (view.world, view.styles);
        // (what it says, its style, the order it gives way in: last first)
        let mut parts: Vec<Part> = Vec::new();
        parts.push(Part::new(
            branch_label(self.branch_id, shared),
            styles.heading,
            0,
        ));
        let language = shared.settings.language;
        let list = self.group_list(shared);
        if let Some(list) = list.filter(|_| self.loaded) {
            let total = list.total().unwrap_or(self.rows.len() as u64);
            parts.push(Part::new(
                count_in_thousands(plural::summary_groups(language, total), total),
                Style::new(),
                2,
            ));
            if let (Some(pages), Some(per_page)) = (list.progress().pages, list.per_page()) {
                let text = plural::summary_pages(language, pages, per_page);
                let text = count_in_thousands(text, pages);
                parts.push(Part::new(text, Style::new(), 4));
            }
            if self.list.selected().is_some() {
                let row = thousands(self.list.cursor.index as i64 + 1);
                let of = thousands(self.list.visible.len() as i64);
                let text = fill::summary_row(language, row, of);
                parts.push(Part::new(text, Style::new(), 3));
            }
        }
        if let Some(list) = list {
            let progress = list.progress();
            // The rows are a snapshot's until a walk read every page.
            let snapshot = list
                .as_of()
                .map(|taken| as_of(taken, shared.now, &shared.zone, language));
            if self.is_loading(shared) {
                let refreshing = Phrase::SummaryRefreshing.get(language);
                let what = match (&snapshot, self.refreshing) {
                    (Some(as_of), _) => format!("{as_of} · {refreshing}"),
                    (None, true) => refreshing.to_string(),
                    (None, false) => Phrase::Loading.get(language).to_string(),
                };
                let pages =
                    list::pages_read((progress.read, progress.pages, progress.missing), language);
                let text = format!("{} {what} {pages}…", spinner(shared.now));
                parts.push(Part::new(text, styles.busy, 1));
                // While the server limits the walk: the wait, the time
                // left (the first to give way, short of room).
                if let Some(limited) = shared.walk_limited(self.branch_id) {
                    let short = walks::limited_short(&limited, language);
                    let part = Part::new(walks::limited_words(&limited, language), styles.busy, 6);
                    parts.push(part.or_short(short, 5));
                }
            } else {
                // Once the walk ended: the pages still missing, and the
                // snapshot's age while its rows are still shown.
                let missing = (progress.missing > 0)
                    .then(|| plural::pages_missing(language, progress.missing));
                let text = [snapshot, missing]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>();
                if !text.is_empty() {
                    parts.push(Part::new(text.join(" · "), styles.error, 1));
                }
            }
        }
        // After the walk's part: short of room, that gives way first.
        if let Some(part) = changes_part(self.branch_id, view) {
            parts.push(part);
        }
        // Each note whole and short: short of room the short words stand
        // in for the whole ones rather than a `…`.
        let mut notes: Vec<(String, String)> = Vec::new();
        if self.list.visible.len() != self.rows.len() {
            let (shown, all) = (
                thousands(self.list.visible.len() as i64),
                thousands(self.rows.len() as i64),
            );
            let whole = if self.is_loading(shared) {
                fill::summary_shown_of_so_far(language, &shown, &all)
            } else {
                fill::summary_shown_of(language, &shown, &all)
            };
            notes.push((whole, format!("{shown}/{all}")));
        }
        if self.hide_archived {
            notes.push((
                Phrase::SummaryArchivedHidden.get(language).to_string(),
                Phrase::SummaryNoArchived.get(language).to_string(),
            ));
        }
        if let Some(column) = self.list.sort {
            let arrow = if self.list.descending { "↓" } else { "↑" };
            let name = column.said(COLUMNS, language);
            let whole = fill::summary_sort(language, name, arrow);
            notes.push((whole, format!("{name} {arrow}")));
        } else if self.list.descending {
            notes.push((
                Phrase::SummaryServerOrderReversed.get(language).to_string(),
                Phrase::SummaryReversed.get(language).to_string(),
            ));
        }
        let notes = list::shortened_notes(notes, screen.summary.width);
        let spans = list::fitting(parts, list::summary_room(screen.summary.width, &notes));
        list::draw_summary(frame, screen.summary, spans, &notes, styles);
    }

    /// The rows on screen, an archived group's row dimmed, the filter's
    /// matches standing out.
    fn draw_rows(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let none_shown = if self.rows.is_empty() {
            Phrase::ListNoGroups
        } else if self.list.filter.is_empty() {
            Phrase::ListAllArchived
        } else {
            Phrase::ListNoGroupMatches
        }
        .get(view.world.settings.language);
        let filter = self.list.filter_text();
        let rows = Rows {
            columns: COLUMNS,
            table: &self.rows.table,
            none_shown,
            branch_column: self.rows.several_branches,
            marks: None,
        };
        // A mark beside each row that differs from the baseline, looked
        // up by id as the row is drawn; no column without a comparison.
        let changes = &view.world.changes;
        let mark = |index: usize| {
            let id = self.rows.id(index)?;
            changes.kind(self.branch_id, id).map(change_text::mark)
        };
        let rows = Rows {
            marks: changes
                .found(self.branch_id)
                .map(|_| &mark as &dyn Fn(usize) -> _),
            ..rows
        };
        let matched = (!filter.is_empty()).then_some(filter.as_str());
        let styles = view.styles;
        let look = |index| {
            let archived = self.rows.archived(index);
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
                matched,
            }
        };
        list::draw_rows(frame, screen, &self.list, &rows, look, view);
    }

    fn draw_detail(&self, frame: &mut Frame, area: Rect, focused: bool, view: &View) {
        let shared = view.world;
        match self.detail(shared) {
            Some(document) => {
                let title = self
                    .selected(shared)
                    .and_then(|group| group.company_group_number)
                    .map_or_else(
                        || "Group".to_string(),
                        |n| fill::detail_group_number(shared.settings.language, n),
                    );
                detail::draw(
                    frame,
                    area,
                    &title,
                    &document,
                    self.list.detail_scroll,
                    focused,
                    view,
                );
            }
            None => detail::draw(frame, area, "Group", &[], 0, focused, view),
        }
    }
}

/// `Chilonzor (#1)`, `Branch #7` before the names arrive, `All branches`.
fn branch_label(branch: Option<i64>, shared: &World) -> String {
    match branch {
        None => Phrase::AllBranchesTitle
            .get(shared.settings.language)
            .to_string(),
        Some(id) => match shared.branches.names.get(&id) {
            Some(name) => format!("{name} (#{id})"),
            None => fill::screen_branch_number(shared.settings.language, id),
        },
    }
}

/// What changed since the baseline, counted: `12 changes since Thu`
/// (`12 chg Thu` short of room); `no earlier day to compare with` when
/// there is none; nothing before the first comparison.
fn changes_part(branch: Option<i64>, view: &View) -> Option<Part> {
    let (shared, styles) = (view.world, view.styles);
    let compared = shared.changes.of(branch)?;
    let language = shared.settings.language;
    let part = match &compared.result {
        Ok(found) => {
            let day = change_text::day_short(found.day, found.today, language);
            let count = found.changes.len() as u64;
            let style = if count == 0 {
                Style::new()
            } else {
                styles.warning
            };
            Part::new(plural::changes_since_count(language, count, &day), style, 5)
                .or_short(fill::changes_since_short(language, count, day), 1)
        }
        // A walk of today kept: say how to compare with it.
        Err(NotCompared::NoBaseline { kept, .. })
            if compared.since == Since::EarlierDay && !kept.is_empty() =>
        {
            let said = Phrase::ChangesNoEarlierDayLast.get(language);
            Part::new(said.to_owned(), styles.dim, 7)
                .or_short(Phrase::ChangesNoBaseline.get(language).to_owned(), 6)
        }
        Err(_) => Part::new(
            Phrase::ChangesNoEarlierDay.get(language).to_owned(),
            styles.dim,
            7,
        )
        .or_short(Phrase::ChangesNoBaseline.get(language).to_owned(), 6),
    };
    Some(part)
}
