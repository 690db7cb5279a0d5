//! The README's keys table and its text captures of the two tabs are
//! produced here: the table from the keymap, the captures from the whole
//! dashboard run in-process against the demo centre `crmdeck --demo`
//! serves (`support::runner`: fixed clock, the demo's Asia/Tashkent), so
//! what a newcomer reads is what they get. The README cannot drift from
//! the program.
//!
//! `UPDATE_README=1 cargo test --test it readme` rewrites the marked sections;
//! without it the test fails when they differ from what the program makes.

use crate::support;

use crmdeck::app::keymap::{KEYMAP, keys_label};
use crmdeck::demo::DemoOptions;
use std::path::PathBuf;
use support::demo_server::Server;
use support::runner::Runner;
use support::screen::{Watch, group_rows, wait_for_rows};

/// The size of the captures: wide enough for every column, short enough to read.
const CAPTURE_SIZE: (u16, u16) = (100, 26);

/// The host the captures show. The demo server listens on a free port,
/// another each run; the rest of what `--demo` draws of its centre as
/// seeded (frozen, as `DemoOptions::default()` is) is the same every run.
const CAPTURE_HOST: &str = "127.0.0.1:40123";

/// The keymap as a Markdown table: context, keys, action.
fn keys_table() -> String {
    let mut table = String::from("| where | keys | what it does |\n|---|---|---|\n");
    for binding in KEYMAP.iter() {
        let keys: Vec<String> = match binding.keys {
            // A command no key is bound to: its word.
            [] => vec![format!("none (`:{}`)", binding.action.name())],
            keys => keys_label(keys)
                .split(' ')
                .map(|key| format!("`{key}`"))
                .collect(),
        };
        table.push_str(&format!(
            "| {} | {} | {} |\n",
            binding.context.title(),
            keys.join(" "),
            binding.label
        ));
    }
    table
}

/// What the dashboard shows, as plain text in a code block.
fn capture(dashboard: &Runner) -> String {
    format!("```text\n{}```\n", dashboard.text())
}

/// The Groups tab (every group of all branches, from the top) and the Plugins tab of the demo
/// centre, once loaded.
fn captures() -> (String, String) {
    let server = Server::start(DemoOptions::default());
    let dashboard = Runner::on(server, CAPTURE_SIZE, |settings| {
        settings.host = CAPTURE_HOST.to_string();
    });
    wait_for_rows(&dashboard, |_| true);
    // The branches may arrive after the groups: until then a row shows `#2`.
    dashboard.wait_until_text("the branches named", |text| {
        group_rows(text).iter().all(|row| {
            row.rsplit(' ')
                .next()
                .is_some_and(|last| !last.starts_with('#'))
        })
    });
    // The comparison with the history answers off the loop: its word in
    // the header (none kept here) before the capture, every time alike.
    dashboard.wait_until_text("the comparison's answer", |text| {
        text.contains("no earlier day to compare with") || text.contains("no baseline")
    });
    let groups = capture(&dashboard);
    dashboard.send_keys("1");
    dashboard.wait_for(" installed ");
    let plugins = capture(&dashboard);
    dashboard.quit();
    (groups, plugins)
}

/// Every generated section: its marker name and its text.
fn sections() -> Vec<(&'static str, String)> {
    let (groups, plugins) = captures();
    vec![
        ("keys", keys_table()),
        ("groups-screen", groups),
        ("plugins-screen", plugins),
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
            "README.md is out of date in {stale:?}: run `UPDATE_README=1 cargo test --test it readme`"
        );
    }
}

#[test]
fn the_keys_table_lists_every_binding_and_the_captures_show_both_tabs_of_the_demo() {
    assert_eq!(keys_table().lines().count(), KEYMAP.len() + 2);
    assert!(keys_table().contains("| Groups list | `s` | sort |"));
    let (groups, plugins) = captures();
    assert!(
        groups.contains("[2 Groups]")
            && groups.contains("240 groups · 3 pages × 100 · row 1 of 240"),
        "{groups}"
    );
    assert!(
        plugins.contains("[1 Plugins]") && plugins.contains("12 plugins · 3 installed"),
        "{plugins}"
    );
}

/// The subcommands the README's command-line table has a row for.
fn readme_commands(readme: &str) -> Vec<String> {
    readme
        .lines()
        .filter_map(|line| line.strip_prefix("| `crmdeck "))
        .filter_map(|rest| rest.split([' ', '`']).next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_command_line_table_has_a_row_for_every_subcommand_and_no_other() {
    use clap::CommandFactory;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let mut subcommands: Vec<String> = crmdeck::cli::Args::command()
        .get_subcommands()
        .map(|subcommand| subcommand.get_name().to_string())
        .collect();
    let mut rows = readme_commands(&readme);
    subcommands.sort();
    rows.sort();
    assert_eq!(rows, subcommands);
}
