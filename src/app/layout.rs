//! Where things sit on the screen. Shared by `update` (page sizes, mouse
//! clicks, scroll limits) and by the renderer, so both agree.

use super::tab::Tab;
use crate::present::format::display_width;
use ratatui::layout::Rect;

/// Below this width only a "terminal too small" message is drawn.
pub const MIN_WIDTH: u16 = 60;
/// Below this height only a "terminal too small" message is drawn.
pub const MIN_HEIGHT: u16 = 15;

/// From this width on, a list tab shows its detail pane: beside the list,
/// or below it on a tall terminal.
pub const WIDE_WIDTH: u16 = 140;
/// From this height on (at wide sizes), the detail pane sits below the
/// list, across the whole width. Why not beside it: a scroll region spans
/// whole lines (neither tmux nor most terminals have left and right
/// margins), so a pane beside the list moves with every line the list
/// scrolls and has to be written again, which doubles what a scrolling
/// move costs on a slow link (issue 16); below the list it stays put, and
/// the list gets every column.
pub const TALL_HEIGHT: u16 = 40;
/// The share of the body the pane below the list takes (a third).
const PANE_BELOW_SHARE: u16 = 3;

/// Up to this width the Week tab shows one day, its lessons one a line
/// across the width, instead of the seven-day grid whose cells would only
/// count the groups of a crowded half hour.
pub const ONE_DAY_WIDTH: u16 = 120;

/// The column of the first tab in the top line (after `crmdeck`).
const FIRST_TAB_COLUMN: u16 = 9;

/// Below this width the top line's tabs not shown are their numbers
/// alone: the five names take 63 columns.
pub const NARROW_TABS_BELOW: u16 = 70;

/// The tabs of the top line `width` columns wide, `shown` the one shown:
/// (tab, first column, label "1 Plugins"; "1" for a tab not shown on a
/// narrow line). The label is drawn inside brackets or spaces, then a
/// space: each takes three more columns.
pub fn tab_labels(width: u16, shown: Tab) -> Vec<(Tab, u16, String)> {
    let mut start = FIRST_TAB_COLUMN;
    Tab::ALL
        .iter()
        .map(|&tab| {
            let number = tab.key();
            let label = if width < NARROW_TABS_BELOW && tab != shown {
                number.to_string()
            } else {
                format!("{number} {}", tab.name())
            };
            let at = start;
            start += u16::try_from(display_width(&label)).unwrap_or(u16::MAX) + 3;
            (tab, at, label)
        })
        .collect()
}

/// Where everything sits for one terminal size, computed once per resize
/// (the app keeps it) and read wherever a size matters: list heights, scroll
/// limits, mouse clicks, and the renderer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The terminal's size (columns, rows).
    pub size: (u16, u16),
    pub bands: Bands,
    /// A list tab without its filter line, and with it.
    lists: [ListScreen; 2],
    /// Where a detail is drawn: the pane at wide sizes, the whole body otherwise.
    pub detail: Rect,
    /// The help overlay's box: the whole height of the body, centred.
    pub help: Rect,
}

impl Layout {
    /// The layout of a terminal of `size` (columns, rows).
    pub fn new(size: (u16, u16)) -> Self {
        let bands = bands(size);
        let lists = [false, true].map(|filter_line| list_screen(size, bands.body, filter_line));
        let help_width = bands.body.width.saturating_sub(2).min(78);
        Self {
            size,
            bands,
            lists,
            detail: lists[0].pane.unwrap_or(bands.body),
            help: Rect::new(
                bands.body.x + (bands.body.width - help_width) / 2,
                bands.body.y,
                help_width,
                bands.body.height,
            ),
        }
    }

    /// True when the terminal is too small to draw anything useful.
    pub fn is_too_small(&self) -> bool {
        self.size.0 < MIN_WIDTH || self.size.1 < MIN_HEIGHT
    }

    /// True when a list tab shows its detail pane (beside or below the list).
    pub fn is_wide(&self) -> bool {
        self.size.0 >= WIDE_WIDTH
    }

    /// True when the Week tab shows one day rather than the grid.
    pub fn week_shows_one_day(&self) -> bool {
        self.size.0 <= ONE_DAY_WIDTH
    }

    /// The list layout of the body; `filter_line` when a filter is shown.
    pub fn list(&self, filter_line: bool) -> ListScreen {
        self.lists[usize::from(filter_line)]
    }

    /// The bands of the Week tab, with `extra_lines` lines under the grid
    /// besides the summary's (groups that cannot be placed, the check).
    pub fn week(&self, extra_lines: usize) -> WeekScreen {
        let body = self.bands.body;
        let below_height = WEEK_SUMMARY_LINES + u16::try_from(extra_lines).unwrap_or(u16::MAX);
        let grid_height = body
            .height
            .saturating_sub(LINES_ABOVE_GRID + below_height)
            .max(1);
        let line = |y: u16| Rect::new(body.x, y, body.width, 1);
        let grid_y = body.y + LINES_ABOVE_GRID;
        WeekScreen {
            header: line(body.y),
            day_names: line(body.y + 1),
            grid: Rect::new(body.x, grid_y, body.width, grid_height),
            below: Rect::new(
                body.x,
                grid_y + grid_height,
                body.width,
                body.bottom().saturating_sub(grid_y + grid_height),
            ),
        }
    }
}

/// The four bands of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bands {
    pub top: Rect,
    pub body: Rect,
    pub hints: Rect,
    pub status: Rect,
}

fn bands(size: (u16, u16)) -> Bands {
    let (width, height) = size;
    let line = |y: u16| Rect::new(0, y, width, 1);
    Bands {
        top: line(0),
        body: Rect::new(0, 1, width, height.saturating_sub(3)),
        hints: line(height.saturating_sub(2)),
        status: line(height.saturating_sub(1)),
    }
}

/// A list tab: a summary line, an optional filter line, the column heads,
/// the rows, and at wide sizes the detail pane: to the right, or below on a
/// tall terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListScreen {
    pub summary: Rect,
    pub filter: Option<Rect>,
    pub heads: Rect,
    pub rows: Rect,
    pub pane: Option<Rect>,
}

fn list_screen(size: (u16, u16), body: Rect, filter_line: bool) -> ListScreen {
    let (list, pane) = if size.0 >= WIDE_WIDTH && size.1 >= TALL_HEIGHT {
        let pane_height = body.height / PANE_BELOW_SHARE;
        let list_height = body.height - pane_height;
        (
            Rect::new(body.x, body.y, body.width, list_height),
            Some(Rect::new(
                body.x,
                body.y + list_height,
                body.width,
                pane_height,
            )),
        )
    } else if size.0 >= WIDE_WIDTH {
        let pane_width = body.width * 2 / 5;
        let list_width = body.width - pane_width;
        (
            Rect::new(body.x, body.y, list_width, body.height),
            Some(Rect::new(
                body.x + list_width,
                body.y,
                pane_width,
                body.height,
            )),
        )
    } else {
        (body, None)
    };
    let mut y = list.y;
    let mut next_line = || {
        let line = Rect::new(list.x, y, list.width, 1);
        y += 1;
        line
    };
    let summary = next_line();
    let filter = filter_line.then(&mut next_line);
    let heads = next_line();
    let used = y - list.y;
    let rows = Rect::new(list.x, y, list.width, list.height.saturating_sub(used));
    ListScreen {
        summary,
        filter,
        heads,
        rows,
        pane,
    }
}

/// Lines of the Week tab's body above the grid: the header and the day names.
const LINES_ABOVE_GRID: u16 = 2;
/// Lines of the Week tab's summary under the grid.
const WEEK_SUMMARY_LINES: u16 = 2;

/// Where the week sits in the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekScreen {
    pub header: Rect,
    pub day_names: Rect,
    pub grid: Rect,
    pub below: Rect,
}

/// The inside of a bordered box.
pub fn inner(area: Rect) -> Rect {
    Rect::new(
        area.x.saturating_add(1),
        area.y.saturating_add(1),
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// A box at most `width` x `height`, centred in `area` (one cell margin).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width.saturating_sub(2));
    let height = height.min(area.height.saturating_sub(2));
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The tab whose label is at column `x` of the top line.
pub fn tab_at(x: u16, width: u16, shown: Tab) -> Option<Tab> {
    tab_labels(width, shown)
        .into_iter()
        .find(|(_, start, label)| (*start..*start + label.len() as u16 + 2).contains(&x))
        .map(|(tab, _, _)| tab)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_the_screen() {
        let narrow = Layout::new((80, 24));
        assert_eq!(narrow.bands.body, Rect::new(0, 1, 80, 21));
        assert_eq!(narrow.bands.status.y, 23);
        let list = narrow.list(true);
        assert_eq!(list.rows, Rect::new(0, 4, 80, 18));
        assert_eq!(list.pane, None);
        assert_eq!(narrow.detail, narrow.bands.body);
        let wide = Layout::new((160, 30));
        assert_eq!(wide.list(false).pane, Some(Rect::new(96, 1, 64, 27)));
        assert_eq!(wide.detail, wide.list(false).pane.unwrap());
        let tall = Layout::new((160, 48));
        assert_eq!(tall.list(false).rows, Rect::new(0, 3, 160, 28));
        assert_eq!(tall.list(false).pane, Some(Rect::new(0, 31, 160, 15)));
        assert_eq!(tall.detail, tall.list(false).pane.unwrap());
        assert_eq!(tall.week(0).grid, Rect::new(0, 3, 160, 41));
    }

    #[test]
    fn tabs_are_found_by_column() {
        let starts = |width: u16| -> Vec<u16> {
            let labels = tab_labels(width, Tab::Groups);
            labels.iter().map(|(_, start, _)| *start).collect()
        };
        assert_eq!(starts(80), [9, 21, 32, 41, 51]);
        let tab_at = |x: u16| tab_at(x, 80, Tab::Groups);
        assert_eq!(tab_at(9), Some(Tab::Plugins));
        assert_eq!(tab_at(19), Some(Tab::Plugins));
        assert_eq!(tab_at(20), None);
        assert_eq!(tab_at(21), Some(Tab::Groups));
        assert_eq!(tab_at(32), Some(Tab::Week));
        assert_eq!(tab_at(41), Some(Tab::Today));
        assert_eq!(tab_at(51), Some(Tab::Changes));
        assert_eq!(tab_at(3), None);
        // Narrow, the tabs not shown are their numbers: all fit in 60.
        assert_eq!(starts(60), [9, 13, 24, 28, 32]);
        assert_eq!(super::tab_at(33, 60, Tab::Groups), Some(Tab::Changes));
    }
}
