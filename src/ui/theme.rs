//! Styles. Colours come from the terminal's own palette (named ANSI colours,
//! no background set), and nothing depends on colour alone: selection is
//! reverse video plus a marker, states are words. `Theme::Mono` drops colour.

use crate::config::Theme;
use chrono::{DateTime, Utc};
use ratatui::style::{Color, Modifier, Style};

/// The marker in front of the selected row.
pub const SELECTED_MARKER: &str = "> ";
/// The same width in front of every other row.
pub const UNSELECTED_MARKER: &str = "  ";

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/// The spinner frame at `now` (a frame per 100 ms).
pub fn spinner(now: DateTime<Utc>) -> &'static str {
    let frame = now.timestamp_subsec_millis() / 100 + now.timestamp().unsigned_abs() as u32 % 10;
    SPINNER[frame as usize % SPINNER.len()]
}

/// Every style the UI uses.
#[derive(Debug, Clone, Copy)]
pub struct Styles {
    pub brand: Style,
    pub tab: Style,
    pub tab_active: Style,
    pub column_head: Style,
    pub selected: Style,
    pub archived: Style,
    pub active: Style,
    pub installed: Style,
    pub busy: Style,
    pub error: Style,
    pub warning: Style,
    pub hint_key: Style,
    pub hint: Style,
    pub heading: Style,
    pub label: Style,
    pub dim: Style,
    pub border: Style,
    pub border_focused: Style,
    /// The text a filter matched in a row.
    pub matched: Style,
}

impl Styles {
    /// The styles of `theme`.
    pub fn new(theme: Theme) -> Self {
        let colour = |c: Color| match theme {
            Theme::Default => Style::new().fg(c),
            Theme::Mono => Style::new(),
        };
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let dim = Style::new().add_modifier(Modifier::DIM);
        Self {
            brand: bold,
            tab: Style::new(),
            tab_active: bold.add_modifier(Modifier::REVERSED),
            column_head: bold.add_modifier(Modifier::UNDERLINED),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            archived: dim,
            active: colour(Color::Green),
            installed: colour(Color::Green).add_modifier(Modifier::BOLD),
            busy: colour(Color::Cyan),
            error: colour(Color::Red).add_modifier(Modifier::BOLD),
            warning: colour(Color::Yellow).add_modifier(Modifier::BOLD),
            hint_key: bold,
            hint: Style::new(),
            heading: bold,
            label: dim,
            dim,
            border: dim,
            border_focused: bold,
            matched: colour(Color::Yellow).add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        }
    }
}
