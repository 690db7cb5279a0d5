//! Where things sit on the screen. Shared by `update` (page sizes, mouse
//! clicks, scroll limits) and by the renderer, so both agree.

use super::Tab;
use ratatui::layout::Rect;

/// Below this width only a "terminal too small" message is drawn.
pub const MIN_WIDTH: u16 = 60;
/// Below this height only a "terminal too small" message is drawn.
pub const MIN_HEIGHT: u16 = 15;

/// From this width on, a detail pane sits beside the list.
pub const WIDE_WIDTH: u16 = 140;

/// The tabs of the top line: (tab, first column, label). The label is
/// drawn inside brackets or spaces, so each takes two more columns.
pub const TABS: [(Tab, u16, &str); 3] = [
    (Tab::Plugins, 9, "1 Plugins"),
    (Tab::Groups, 21, "2 Groups"),
    (Tab::Week, 32, "3 Week"),
];

/// True when the terminal is too small to draw anything useful.
pub fn is_too_small(size: (u16, u16)) -> bool {
    size.0 < MIN_WIDTH || size.1 < MIN_HEIGHT
}

/// True when the detail pane fits beside the list.
pub fn is_wide(size: (u16, u16)) -> bool {
    size.0 >= WIDE_WIDTH
}

/// The four bands of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    pub top: Rect,
    pub body: Rect,
    pub hints: Rect,
    pub status: Rect,
}

/// The bands for a terminal of `size` (columns, rows).
pub fn screen(size: (u16, u16)) -> Screen {
    let (width, height) = size;
    let line = |y: u16| Rect::new(0, y, width, 1);
    Screen {
        top: line(0),
        body: Rect::new(0, 1, width, height.saturating_sub(3)),
        hints: line(height.saturating_sub(2)),
        status: line(height.saturating_sub(1)),
    }
}

/// A list tab: a summary line, an optional filter line, the column heads,
/// the rows, and at wide sizes the detail pane to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListScreen {
    pub summary: Rect,
    pub filter: Option<Rect>,
    pub heads: Rect,
    pub rows: Rect,
    pub pane: Option<Rect>,
}

/// The list layout of the body; `filter_line` when a filter is shown.
pub fn list_screen(size: (u16, u16), filter_line: bool) -> ListScreen {
    let body = screen(size).body;
    let (list, pane) = if is_wide(size) {
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

/// Where a detail is drawn: the pane at wide sizes, the whole body otherwise.
pub fn detail_area(size: (u16, u16)) -> Rect {
    list_screen(size, false)
        .pane
        .unwrap_or_else(|| screen(size).body)
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

/// The help overlay's box: the whole height of the body, centred.
pub fn help_area(size: (u16, u16)) -> Rect {
    let body = screen(size).body;
    let width = body.width.saturating_sub(2).min(78);
    Rect::new(
        body.x + (body.width - width) / 2,
        body.y,
        width,
        body.height,
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
pub fn tab_at(x: u16) -> Option<Tab> {
    TABS.iter()
        .find(|(_, start, label)| (*start..*start + label.len() as u16 + 2).contains(&x))
        .map(|(tab, _, _)| *tab)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_the_screen() {
        let bands = screen((80, 24));
        assert_eq!(bands.body, Rect::new(0, 1, 80, 21));
        assert_eq!(bands.status.y, 23);
        let list = list_screen((80, 24), true);
        assert_eq!(list.rows, Rect::new(0, 4, 80, 18));
        assert_eq!(list.pane, None);
        let wide = list_screen((160, 48), false);
        assert_eq!(wide.pane, Some(Rect::new(96, 1, 64, 45)));
        assert_eq!(detail_area((160, 48)), wide.pane.unwrap());
    }

    #[test]
    fn tabs_are_found_by_column() {
        assert_eq!(tab_at(9), Some(Tab::Plugins));
        assert_eq!(tab_at(19), Some(Tab::Plugins));
        assert_eq!(tab_at(20), None);
        assert_eq!(tab_at(21), Some(Tab::Groups));
        assert_eq!(tab_at(32), Some(Tab::Week));
        assert_eq!(tab_at(3), None);
    }
}
