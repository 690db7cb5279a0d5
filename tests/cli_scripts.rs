//! The real binary for scripts and first runs: `info` before any config,
//! `demo-server --help`, and the fields `groups` gives a script.

pub mod support;

use support::cli::{stdout, stdout_json};
use support::home::Home;

#[test]
fn info_with_no_config_says_where_it_would_be_read_and_exits_0() {
    let home = Home::new();
    let output = home.crmdeck(&["info"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let would_be = home.config_path().display().to_string();
    assert!(
        text.contains(&format!("none: would be read from {would_be}")),
        "{text}"
    );
    assert!(text.contains("CRMDECK_BASE_URL"), "{text}");
    let output = home
        .crmdeck(&["info", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let info = stdout_json(&output);
    assert_eq!(info["config_path"], would_be.as_str());
    assert_eq!(info["config_file"], serde_json::Value::Null);
}

#[test]
fn demo_server_help_lists_its_own_options_only() {
    let home = Home::new();
    let output = home.crmdeck(&["demo-server", "--help"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let help = stdout(&output);
    // Options are listed a line each (the examples may name --demo).
    let listed = |option: &str| {
        (help.lines()).any(|line| {
            line.trim_start()
                .trim_start_matches("-q, ")
                .starts_with(option)
        })
    };
    assert!(listed("--addr"), "{help}");
    for global in ["--demo", "--read-only", "--format", "--profile", "--quiet"] {
        assert!(!listed(global), "{global} in:\n{help}");
    }
    // Still global elsewhere.
    let output = home.crmdeck(&["groups", "--help"]).output().unwrap();
    assert!(stdout(&output).contains("--read-only"));
}
