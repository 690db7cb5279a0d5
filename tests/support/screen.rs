//! Reading what the dashboard drew, the same way whether it runs in a
//! pseudo-terminal (`pty::Tty`) or in-process (`runner::Runner`): both are
//! a [`Watch`], and the readings below take either.

use super::wait;
use ratatui::buffer::Buffer;
use unicode_width::UnicodeWidthStr;

/// A dashboard a test watches.
pub trait Watch {
    /// The screen's text, rows joined by newlines.
    fn text(&self) -> String;

    /// Waits until `ready` holds for the screen's text; fails the test,
    /// showing the screen, when it does not within the deadline.
    fn wait_until_text(&self, what: &str, ready: impl Fn(&str) -> bool) {
        wait::until(
            what,
            || ready(&self.text()),
            || format!("the screen:\n{}", self.text()),
        );
    }

    /// Waits until `text` is on screen; the screen's text then.
    fn wait_for(&self, text: &str) -> String {
        self.wait_until_text(&format!("{text:?} on screen"), |screen| {
            screen.contains(text)
        });
        self.text()
    }
}

/// The text of a drawn buffer as a terminal shows it: one line per row,
/// each ending in a newline, trailing blanks dropped.
pub fn text_of(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut text = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        // The cells a wide character covers after its first one are not drawn.
        let mut covered = 0;
        for x in area.left()..area.right() {
            if covered > 0 {
                covered -= 1;
                continue;
            }
            let symbol = buffer[(x, y)].symbol();
            covered = symbol.width().saturating_sub(1);
            line.push_str(symbol);
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// In the Groups tab's summary line once its first rows are drawn.
pub const FIRST_ROWS: &str = " · row 1 of ";

/// The rows of the groups table on screen, without trailing blanks (what
/// a terminal emulator keeps of them depends on how they were drawn):
/// lines whose first word, after the selection marker, is a group number.
pub fn group_rows(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .map(str::trim_end)
        .filter(|line| {
            line.trim_start_matches(['>', ' '])
                .split_whitespace()
                .next()
                .is_some_and(|word| word.parse::<u64>().is_ok())
        })
        .collect()
}

/// The group numbers of the rows on screen, which tell pages apart.
pub fn group_numbers(screen: &str) -> Vec<u64> {
    group_rows(screen)
        .iter()
        .filter_map(|row| row.trim_start_matches(['>', ' ']).split_whitespace().next())
        .filter_map(|number| number.parse().ok())
        .collect()
}

/// No walk of groups under way on `screen`: neither the first ("loading")
/// nor a refresh over rows already shown ("refreshing"), whose pages could
/// still change the rows (a snapshot shown first, then the server's).
pub fn every_page_read(screen: &str) -> bool {
    !screen.contains("loading ") && !screen.contains("refreshing ")
}

/// Waits until the Groups tab's rows are drawn in full (a
/// pseudo-terminal's screen is parsed as it arrives, so a frame can be half
/// drawn): its summary with the row selected, no walk under way, and a
/// screenful of rows (19 at least) written as far as their status word;
/// `differs` tells them from rows seen before by their group numbers.
/// Returns those numbers.
pub fn wait_for_rows(dashboard: &impl Watch, differs: impl Fn(&[u64]) -> bool) -> Vec<u64> {
    dashboard.wait_until_text("the groups drawn", |text| {
        let rows = group_rows(text);
        text.contains(" · row ")
            && every_page_read(text)
            && rows.len() >= 19
            && rows
                .iter()
                .all(|row| row.contains("Active") || row.contains("Archive"))
            && differs(&group_numbers(text))
    });
    group_numbers(&dashboard.text())
}
