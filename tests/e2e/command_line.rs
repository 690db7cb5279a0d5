//! End to end in a pseudo-terminal: the `:` command line and the user's
//! own key bindings as a user meets them, typed into the real binary on
//! `--demo` (the app's side of both is unit tested in `src/app/tests/`).

use crate::support;

use support::home::config_file;
use support::pty::{Tty, config_error_line};
use support::screen::{Watch, group_numbers};

/// Starts `crmdeck --demo` with the config `config` and waits for the
/// Groups tab's first rows.
fn demo_with(config: &str) -> (Tty, tempfile::TempDir) {
    let (dir, path) = config_file(config);
    let tty = Tty::spawn(&["--demo", "--config", &path], &[]);
    tty.wait_for(support::screen::FIRST_ROWS);
    (tty, dir)
}

#[test]
fn colon_branch_tab_enter_switches_the_branch() {
    let (mut tty, _config) = demo_with("");
    // The branches known (named in the Branch column): Tab completes from
    // them, and on a loaded machine they may answer after the first rows.
    tty.wait_for("  Sergeli");
    tty.type_keys(":branch Ser\t");
    // Completed on the prompt, the one candidate above it.
    tty.wait_until_text("the completed prompt", |text| {
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        lines.contains(&":branch Sergeli") && lines.contains(&" :branch Sergeli")
    });
    tty.type_keys("\r");
    tty.wait_for(" Sergeli (#4) · ");
    tty.wait_until_text("the prompt closed", |text| !text.contains(":branch"));
    tty.quit();
}

#[test]
fn colon_export_csv_writes_the_rows_on_screen() {
    let (mut tty, config) = demo_with("");
    let path = config.path().join("english.csv");
    tty.type_keys(":branch Sergeli\r");
    tty.wait_for(" Sergeli (#4) · ");
    tty.type_keys("/english\r");
    let screen = tty.wait_for("5 of 32");
    let on_screen = group_numbers(&screen);
    assert_eq!(on_screen.len(), 5, "{screen}");
    tty.type_keys(&format!(":export csv {}\r", path.display()));
    tty.wait_for("exported 5 rows to ");
    let csv = std::fs::read_to_string(&path).expect("the file written");
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().starts_with("number,name,"), "{csv}");
    let in_file: Vec<u64> = lines
        .map(|line| line.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(in_file, on_screen, "{csv}");
    // A path that cannot be written: said on the status line, the rows stay.
    tty.type_keys(":export csv /nonexistent-crmdeck-dir/x.csv\r");
    let screen = tty.wait_for("cannot write /nonexistent-crmdeck-dir/x.csv");
    assert_eq!(group_numbers(&screen), on_screen, "{screen}");
    tty.quit();
}

#[test]
fn a_rebound_key_works_and_shows_in_the_help() {
    let (mut tty, _config) = demo_with("[keys]\ncycle_sort = \"o\"\n");
    // The footer offers the user's key.
    tty.wait_for(" o sort ");
    let before = tty.text();
    assert!(!before.contains("sort: "), "{before}");
    tty.type_keys("o");
    tty.wait_for("sort: ");
    tty.type_keys("?sort");
    let help = tty.wait_for("Keys: Groups list · sort");
    assert!(help.contains(">o          sort"), "{help}");
    // Enter runs the chosen action where the help was opened: the sort
    // moves on to its next column.
    let sorted = tty.text();
    tty.type_keys("\r");
    tty.wait_until_text("the sort changed", |text| {
        !text.contains("Keys:") && text.lines().nth(1) != sorted.lines().nth(1)
    });
    tty.quit();
}

#[test]
fn a_bad_binding_is_one_line_and_exit_2_without_touching_the_terminal() {
    let line = config_error_line("[keys]\ninstal = \"i\"\n");
    assert!(
        line.contains("config.toml:2: unknown action \"instal\" in [keys]"),
        "{line}"
    );
}

/// `:install-across 3` on `--demo`'s three centres (issue 38 §3): the plan
/// (the read-only centre skipped), the number typed, then every centre's
/// result from the runtime's work: the centre refusing installs failed,
/// the other done; the report stays until Enter.
#[test]
fn colon_install_across_installs_at_the_demo_centres_after_the_number() {
    let (mut tty, _config) = demo_with("");
    tty.type_keys("1");
    tty.wait_for(" installed");
    tty.type_keys(":install-across 3\r");
    tty.wait_for("install at 2 centres of 3");
    tty.type_keys("2\r");
    tty.wait_for("1 done · 1 failed · 1 skipped · 0 unknown");
    tty.type_keys("\r");
    tty.wait_until_text("the report closed", |text| {
        !text.contains("1 done · 1 failed")
    });
    tty.quit();
}
