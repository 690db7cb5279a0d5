//! The selected row of a list and the first row on screen.

/// A move of the selection (or of a scrolled view).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    Up,
    Down,
    Top,
    Bottom,
    PageUp,
    PageDown,
    /// By this many rows (the mouse wheel).
    By(isize),
}

impl Movement {
    /// Where `from` goes in a list of `len` rows, `height` of them on screen.
    pub fn apply(self, from: usize, len: usize, height: usize) -> usize {
        let last = len.saturating_sub(1);
        let screen = height.max(1);
        let to = match self {
            Self::Up => from.saturating_sub(1),
            Self::Down => from + 1,
            Self::Top => 0,
            Self::Bottom => last,
            Self::PageUp => from.saturating_sub(screen),
            Self::PageDown => from + screen,
            Self::By(rows) => from.saturating_add_signed(rows),
        };
        to.min(last)
    }
}

/// The selection of a list and its scroll position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListCursor {
    /// The selected row (0 in an empty list).
    pub index: usize,
    /// The first row on screen.
    pub offset: usize,
}

impl ListCursor {
    /// Moves the selection and scrolls so it stays on screen.
    pub fn apply(&mut self, movement: Movement, len: usize, height: usize) {
        self.index = movement.apply(self.index, len, height);
        self.scroll_into_view(len, height);
    }

    /// Selects `index` (clamped) and scrolls to it.
    pub fn select(&mut self, index: usize, len: usize, height: usize) {
        self.index = index.min(len.saturating_sub(1));
        self.scroll_into_view(len, height);
    }

    /// Keeps the selection inside the list and on screen (after the list or
    /// the screen changed size).
    pub fn scroll_into_view(&mut self, len: usize, height: usize) {
        let height = height.max(1);
        self.index = self.index.min(len.saturating_sub(1));
        if self.index < self.offset {
            self.offset = self.index;
        } else if self.index >= self.offset + height {
            self.offset = self.index + 1 - height;
        }
        // No empty space below the last row while rows are hidden above.
        self.offset = self.offset.min(len.saturating_sub(height));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_stay_in_the_list_and_on_screen() {
        let mut cursor = ListCursor::default();
        cursor.apply(Movement::Up, 30, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 0,
                offset: 0
            }
        );
        cursor.apply(Movement::PageDown, 30, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 10,
                offset: 1
            }
        );
        cursor.apply(Movement::Bottom, 30, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 29,
                offset: 20
            }
        );
        cursor.apply(Movement::PageUp, 30, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 19,
                offset: 19
            }
        );
        cursor.apply(Movement::By(-100), 30, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 0,
                offset: 0
            }
        );
        cursor.apply(Movement::Down, 0, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 0,
                offset: 0
            }
        );
    }

    #[test]
    fn a_shorter_list_or_a_taller_screen_pulls_the_view_back() {
        let mut cursor = ListCursor {
            index: 25,
            offset: 20,
        };
        cursor.scroll_into_view(12, 10);
        assert_eq!(
            cursor,
            ListCursor {
                index: 11,
                offset: 2
            }
        );
        cursor.scroll_into_view(12, 20);
        assert_eq!(
            cursor,
            ListCursor {
                index: 11,
                offset: 0
            }
        );
    }
}
