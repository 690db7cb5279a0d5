//! Where things sit on the screen. Shared by `update` (page sizes, mouse
//! clicks, scroll limits) and by the renderer, so both agree.

use super::tab::Tab;
use crate::i18n::{Language, Phrase};
use crate::present::format::{display_width, truncate_to_width};
use crate::present::words::say;
use chrono::{DateTime, Utc};
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

/// The columns the tabs leave the right of the top line (the zone's short
/// name and the profile, `+05  demo`, with room to spare) when they must
/// shorten to fit; when not even their shortest form does, they take more.
pub const TOP_LINE_RIGHT_KEPT: u16 = 16;

/// The token's warning once it has expired: the way out, which the top
/// line keeps whole (the tabs give way to it).
pub const TOKEN_EXPIRED_WARNING: &str = "⚠ token expired: renew it, press R";

/// [`TOKEN_EXPIRED_WARNING`] in `language`.
pub fn token_expired_warning(language: Language) -> &'static str {
    match language {
        Language::En => TOKEN_EXPIRED_WARNING,
        _ => Phrase::TopTokenExpired.get(language),
    }
}

/// The columns the tabs leave the right of the top line:
/// [`TOP_LINE_RIGHT_KEPT`], and the token's warning besides once the
/// token (expiring at `token_expires_at`) has expired at `now`.
pub fn top_line_kept(
    token_expires_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    language: Language,
) -> u16 {
    let warning = match token_expires_at {
        // The warning and the two columns after it.
        Some(expiry) if expiry <= now => display_width(token_expired_warning(language)) + 2,
        _ => 0,
    };
    TOP_LINE_RIGHT_KEPT.saturating_add(u16::try_from(warning).unwrap_or(u16::MAX))
}

/// A name cut shorter than this many columns (its `…` included) says
/// nothing: the number alone instead.
const SHORTEST_CUT_NAME: usize = 4;

/// A tab as the top line names it: its number key and its name.
pub type TabName<'a> = (char, &'a str);

/// Every tab as the top line names it in `language`, in its order.
pub fn tab_names(language: Language) -> Vec<TabName<'static>> {
    let name = |tab: &Tab| say(tab.name(), language);
    Tab::ALL.iter().map(|tab| (tab.key(), name(tab))).collect()
}

/// The tabs of the top line `width` columns wide, `shown` the one shown,
/// leaving the right side `kept` columns ([`top_line_kept`]): (tab, first
/// column, label "1 Plugins"), as [`labels_of`] fits them.
pub fn tab_labels(
    width: u16,
    shown: Tab,
    kept: u16,
    language: Language,
) -> Vec<(Tab, u16, String)> {
    let shown = Tab::ALL.iter().position(|&tab| tab == shown);
    let labels = labels_of(&tab_names(language), shown, width, kept);
    Tab::ALL
        .iter()
        .zip(labels)
        .map(|(&tab, (at, label))| (tab, at, label))
        .collect()
}

/// The labels of `tabs` on a top line `width` columns wide, `shown` the
/// index of the one shown: (first column, label). The label is drawn
/// inside brackets or spaces, then a space: each takes three more columns.
/// The first form that leaves the right side `kept` columns (at least
/// [`TOP_LINE_RIGHT_KEPT`], [`top_line_kept`]): every name whole (`1 Plugins`); the tab shown whole and the
/// others' names cut to the widest that fits (`1 Plug…`, a short name
/// whole); the tab shown whole and the others their numbers alone (`1`),
/// which is also the form when none fits. However many tabs there are,
/// the tab shown is named whole and the others keep their numbers.
pub fn labels_of(
    tabs: &[TabName],
    shown: Option<usize>,
    width: u16,
    kept: u16,
) -> Vec<(u16, String)> {
    let room = usize::from(width.saturating_sub(FIRST_TAB_COLUMN.saturating_add(kept)));
    let labels = |cut: Option<usize>| -> Vec<String> {
        let label = |(at, &(key, name)): (usize, &TabName)| match cut {
            _ if Some(at) == shown => format!("{key} {name}"),
            None => format!("{key} {name}"),
            Some(0) => key.to_string(),
            Some(columns) => format!("{key} {}", truncate_to_width(name, columns)),
        };
        tabs.iter().enumerate().map(label).collect()
    };
    let columns =
        |labels: &[String]| -> usize { labels.iter().map(|l| display_width(l) + 3).sum() };
    let longest = tabs
        .iter()
        .map(|(_, name)| display_width(name))
        .max()
        .unwrap_or(0);
    // Every name whole, then cut ever shorter, then the numbers alone.
    let forms = std::iter::once(None)
        .chain((SHORTEST_CUT_NAME..longest).rev().map(Some))
        .chain(std::iter::once(Some(0)));
    let mut chosen = Vec::new();
    for cut in forms {
        chosen = labels(cut);
        if columns(&chosen) <= room {
            break;
        }
    }
    let mut start = FIRST_TAB_COLUMN;
    chosen
        .into_iter()
        .map(|label| {
            let at = start;
            start =
                start.saturating_add(u16::try_from(display_width(&label) + 3).unwrap_or(u16::MAX));
            (at, label)
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

/// The tab whose label is at column `x` of the top line (`kept` as for
/// [`tab_labels`]).
pub fn tab_at(x: u16, width: u16, shown: Tab, kept: u16, language: Language) -> Option<Tab> {
    tab_labels(width, shown, kept, language)
        .into_iter()
        .find(|(_, start, label)| {
            let end = usize::from(*start) + display_width(label) + 2;
            (usize::from(*start)..end).contains(&usize::from(x))
        })
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

    /// Five tabs as data: what the tests pin does not change with a new tab.
    const FIVE: [TabName; 5] = [
        ('1', "Plugins"),
        ('2', "Groups"),
        ('3', "Week"),
        ('4', "Today"),
        ('5', "Changes"),
    ];

    /// Seven, as issue 38's sixth tab and one more would make them.
    const SEVEN: [TabName; 7] = [
        FIVE[0],
        FIVE[1],
        FIVE[2],
        FIVE[3],
        FIVE[4],
        ('6', "Centres"),
        ('7', "Notes"),
    ];

    const KEPT: u16 = TOP_LINE_RIGHT_KEPT;

    #[test]
    fn tabs_are_found_by_column() {
        let starts = |width: u16| -> Vec<u16> {
            let labels = labels_of(&FIVE, Some(1), width, TOP_LINE_RIGHT_KEPT);
            labels.iter().map(|(start, _)| *start).collect()
        };
        assert_eq!(starts(80), [9, 21, 32, 41, 51]);
        // Narrow, the tabs not shown are their numbers: all fit in 60.
        assert_eq!(starts(60), [9, 13, 24, 28, 32]);
        // Every tab is found across its label and brackets, none on the
        // space after it nor on `crmdeck`, whichever is shown.
        // In every language: the names differ, the columns follow them.
        for (language, width) in Language::ALL
            .into_iter()
            .flat_map(|l| [60, 72, 80, 160].map(|width| (l, width)))
        {
            for &shown in Tab::ALL {
                for (tab, start, label) in tab_labels(width, shown, KEPT, language) {
                    let end = start + u16::try_from(display_width(&label)).unwrap() + 2;
                    for x in start..end {
                        let found = tab_at(x, width, shown, KEPT, language);
                        assert_eq!(found, Some(tab), "{x} of {width} in {language}");
                    }
                    assert_eq!(tab_at(end, width, shown, KEPT, language), None);
                }
                assert_eq!(tab_at(3, width, shown, KEPT, language), None);
            }
        }
    }

    /// The labels alone.
    fn labels(tabs: &[TabName], shown: usize, width: u16) -> Vec<String> {
        let labels = labels_of(tabs, Some(shown), width, TOP_LINE_RIGHT_KEPT);
        labels.into_iter().map(|(_, label)| label).collect()
    }

    #[test]
    fn an_expired_tokens_warning_keeps_its_room_beside_the_tabs() {
        let now = DateTime::<Utc>::from_timestamp(1_800_000_000, 0).unwrap();
        let later = now + chrono::TimeDelta::hours(1);
        let en = Language::En;
        assert_eq!(top_line_kept(None, now, en), TOP_LINE_RIGHT_KEPT);
        assert_eq!(top_line_kept(Some(later), now, en), TOP_LINE_RIGHT_KEPT);
        let kept = top_line_kept(Some(now), now, en);
        let warning = display_width(TOKEN_EXPIRED_WARNING) + 2;
        assert_eq!(usize::from(kept), usize::from(KEPT) + warning);
        // Seven tabs at 100 columns: their numbers, the warning whole.
        let placed = labels_of(&SEVEN, Some(1), 100, kept);
        let labels: Vec<&str> = placed.iter().map(|(_, label)| label.as_str()).collect();
        assert_eq!(labels, ["1", "2 Groups", "3", "4", "5", "6", "7"]);
        let (start, last) = placed.last().unwrap();
        let end = usize::from(*start) + display_width(last) + 3;
        assert!(100 - end >= warning, "{end}");
    }

    #[test]
    fn tabs_that_do_not_fit_are_cut_then_numbers_the_one_shown_whole() {
        assert_eq!(
            labels(&FIVE, 1, 80),
            ["1 Plugins", "2 Groups", "3 Week", "4 Today", "5 Changes"]
        );
        assert_eq!(
            labels(&FIVE, 1, 75),
            ["1 Plug…", "2 Groups", "3 Week", "4 Today", "5 Chan…"]
        );
        assert_eq!(
            labels(&SEVEN, 1, 100),
            [
                "1 Plugi…",
                "2 Groups",
                "3 Week",
                "4 Today",
                "5 Chang…",
                "6 Centr…",
                "7 Notes"
            ]
        );
        assert_eq!(
            labels(&SEVEN, 1, 80),
            ["1", "2 Groups", "3", "4", "5", "6", "7"]
        );
        assert_eq!(
            labels(&SEVEN, 4, 60),
            ["1", "2", "3", "4", "5 Changes", "6", "7"]
        );
        // However many tabs and whichever shown: the one shown whole, every
        // other its number and its name or the name's start, and room on
        // the right for the zone and the profile (`+05  demo`, two columns
        // before it).
        for count in 1..=SEVEN.len() {
            let tabs = &SEVEN[..count];
            for width in [MIN_WIDTH, 70, 80, 100, 160] {
                for shown in 0..count {
                    let placed = labels_of(tabs, Some(shown), width, TOP_LINE_RIGHT_KEPT);
                    for (at, ((_, label), (key, name))) in placed.iter().zip(tabs).enumerate() {
                        let rest = label.strip_prefix(*key).unwrap();
                        let rest = rest.strip_prefix(' ').unwrap_or(rest);
                        let start = rest.trim_end_matches('…');
                        assert!(name.starts_with(start), "{label} of {name} at {width}");
                        if at == shown {
                            assert_eq!(rest, *name, "the one shown at {width}");
                        }
                    }
                    let (start, last) = placed.last().unwrap();
                    let end = usize::from(*start) + display_width(last) + 3;
                    let right = usize::from(width) - end;
                    assert!(
                        right >= "  +05  demo".len(),
                        "{right} at {width}: {placed:?}"
                    );
                }
            }
        }
    }
}
