//! The README's keys table and its text captures of the two tabs are
//! produced here, from the keymap and from the real render of a loaded app
//! (fixed clock, Asia/Tashkent): the README cannot drift from the program.
//!
//! `UPDATE_README=1 cargo test --test readme` rewrites the marked sections;
//! without it the test fails when they differ from what the program makes.

use crmdeck::app::fixtures::{loaded_app, press};
use crmdeck::app::keymap::{KEYMAP, keys_label};
use crmdeck::app::{App, AppSettings};
use crmdeck::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;
use unicode_width::UnicodeWidthStr;

/// The size of the captures: wide enough for every column, short enough to read.
const CAPTURE_SIZE: (u16, u16) = (100, 26);

/// The keymap as a Markdown table: context, keys, action.
fn keys_table() -> String {
    let mut table = String::from("| where | keys | what it does |\n|---|---|---|\n");
    for binding in KEYMAP {
        let keys: Vec<String> = keys_label(binding)
            .split(' ')
            .map(|key| format!("`{key}`"))
            .collect();
        table.push_str(&format!(
            "| {} | {} | {} |\n",
            binding.context.title(),
            keys.join(" "),
            binding.label
        ));
    }
    table
}

/// The app as the terminal would show it, as plain text in a code block.
fn capture(app: &App) -> String {
    let (width, height) = app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render(app, frame)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::from("```text\n");
    for y in 0..height {
        let mut line = String::new();
        // The cells a wide character covers after its first one are not drawn.
        let mut covered = 0;
        for x in 0..width {
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
    text.push_str("```\n");
    text
}

/// A loaded app at the capture size, the keys typed; no token warning in
/// the top line (the captures show the dashboard, not an expiring token).
fn app_after(keys: &str) -> App {
    let settings = AppSettings {
        token_expires_at: None,
        ..AppSettings::for_tests()
    };
    let mut app = loaded_app(settings, CAPTURE_SIZE);
    press(&mut app, keys);
    app
}

/// Every generated section: its marker name and its text.
fn sections() -> Vec<(&'static str, String)> {
    vec![
        ("keys", keys_table()),
        ("groups-screen", capture(&app_after(""))),
        ("plugins-screen", capture(&app_after("1"))),
    ]
}

/// The byte range of the text between `<!-- NAME:start -->` and
/// `<!-- NAME:end -->` (each on a line of its own).
fn section_range(readme: &str, name: &str) -> std::ops::Range<usize> {
    let start_marker = format!("<!-- {name}:start -->\n");
    let end_marker = format!("<!-- {name}:end -->");
    let start = readme
        .find(&start_marker)
        .unwrap_or_else(|| panic!("README.md has no {start_marker:?}"))
        + start_marker.len();
    let end = readme[start..]
        .find(&end_marker)
        .unwrap_or_else(|| panic!("README.md has no {end_marker:?} after its start"))
        + start;
    start..end
}

#[test]
fn the_readme_shows_the_keys_and_screens_the_program_makes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let mut readme = std::fs::read_to_string(&path).expect("README.md");
    let update = std::env::var("UPDATE_README").is_ok_and(|value| value == "1");
    let mut stale = Vec::new();
    for (name, text) in sections() {
        let range = section_range(&readme, name);
        if readme[range.clone()] != text {
            stale.push(name);
            readme.replace_range(range, &text);
        }
    }
    if update {
        std::fs::write(&path, readme).expect("README.md written");
    } else {
        assert!(
            stale.is_empty(),
            "README.md is out of date in {stale:?}: run `UPDATE_README=1 cargo test --test readme`"
        );
    }
}

#[test]
fn the_keys_table_lists_every_binding_and_the_captures_show_both_tabs() {
    assert_eq!(keys_table().lines().count(), KEYMAP.len() + 2);
    assert!(keys_table().contains("| Groups list | `n` `→` `]` | next page |"));
    let groups = capture(&app_after(""));
    assert!(
        groups.contains("[2 Groups]") && groups.contains("page 1/"),
        "{groups}"
    );
    let plugins = capture(&app_after("1"));
    assert!(
        plugins.contains("[1 Plugins]") && plugins.contains("installed"),
        "{plugins}"
    );
}
