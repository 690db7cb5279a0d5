//! The real binary for scripts and first runs: `info` before any config,
//! `demo-server --help`, and the fields `groups` gives a script.

use crate::support;

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

#[tokio::test]
async fn groups_json_keeps_the_apis_text_and_adds_fields_of_its_own() {
    let fx = support::cli::fixture().await;
    let groups = fx
        .list(&["groups", "--branch", "2", "--format", "json"])
        .await;
    let group = &groups[0];
    // As the API wrote them, not rewritten (`…:51Z`).
    for key in ["created_at", "updated_at", "lesson_start_time"] {
        let sent = group[key].as_str().unwrap();
        assert!(sent.ends_with(".000000Z"), "{key}: {sent}");
    }
    assert_eq!(
        group["course"]["created_at"]
            .as_str()
            .map(|t| t.ends_with(".000000Z")),
        Some(true)
    );
    // Derived, in the centre's zone (Tashkent, UTC+5).
    assert_eq!(group["zone"], "Asia/Tashkent");
    let utc = group["lesson_start_time"].as_str().unwrap();
    let utc_hour: u32 = utc[11..13].parse().unwrap();
    let start = group["start"].as_str().unwrap();
    assert_eq!(start.len(), 5, "{start}");
    assert_eq!(
        start[..2].parse::<u32>().unwrap(),
        (utc_hour + 5) % 24,
        "{start} for {utc}"
    );
    assert!(
        group["end"].as_str().is_some_and(|end| end > start),
        "{group}"
    );
    assert!(group["branch_name"].is_string(), "{group}");
    assert!(
        group["weekdays"]
            .as_array()
            .is_some_and(|days| !days.is_empty())
    );
    let csv = fx
        .text(&["groups", "--branch", "2", "--format", "csv"])
        .await;
    let header = csv.lines().next().unwrap();
    assert!(header.contains(",start,end,zone,"), "{header}");
    assert!(header.ends_with(",course_start,course_end,id"), "{header}");
}

#[test]
fn a_time_sent_in_another_form_is_printed_as_sent() {
    use crmdeck::model::Group;
    let sent = r#"{"id":1,"created_at":"13.07.2022 20:00:46","updated_at":"2024-06-10T14:05:51+05:00",
        "deleted_at":"2024-06-10T09:05:51.000000Z","lesson_start_time":"10:00","group_start_date":"2025-01-31"}"#;
    let group: Group = serde_json::from_str(sent).unwrap();
    let json = group.as_sent();
    assert_eq!(json["created_at"], "13.07.2022 20:00:46");
    assert_eq!(json["updated_at"], "2024-06-10T14:05:51+05:00");
    assert_eq!(json["deleted_at"], "2024-06-10T09:05:51.000000Z");
    assert_eq!(json["lesson_start_time"], "10:00");
    assert_eq!(json["group_start_date"], "2025-01-31");
    // And again after a round through the spill's JSON.
    let again: Group = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(again.as_sent(), json);
}

#[test]
fn numbers_sent_as_text_are_printed_as_sent() {
    use crmdeck::model::Group;
    let sent = r#"{"id":"12","company_group_number":"7","branch_id":"2","course_id":3,
        "type":"1","created_by":" 5 "}"#;
    let group: Group = serde_json::from_str(sent).unwrap();
    assert_eq!(
        (group.id, group.branch_id, group.course_id),
        (12, Some(2), Some(3))
    );
    let json = group.as_sent();
    assert_eq!(json["id"], "12");
    assert_eq!(json["company_group_number"], "7");
    assert_eq!(json["branch_id"], "2");
    assert_eq!(json["course_id"], 3, "a number stays a number");
    assert_eq!(json["type"], "1");
    assert_eq!(json["created_by"], " 5 ");
    let again: Group = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(again.as_sent(), json);
}

#[test]
fn bash_completes_profile_names_from_the_config() {
    let home = Home::with_config(
        "base_url = \"https://api.example.uz\"\n\
         [profiles.staging]\nbase_url = \"https://staging.example.uz\"\n\
         [profiles.small]\nper_page = 5\n",
    );
    let output = home
        .crmdeck(&["completions", "--profile-names"])
        .output()
        .unwrap();
    let mut names: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    names.sort();
    assert_eq!(names, ["small", "staging"], "{output:?}");
    // The script itself, run by bash as it would on Tab after `--profile s`.
    let output = home.crmdeck(&["completions", "bash"]).output().unwrap();
    let script = home.path().join("crmdeck.bash");
    std::fs::write(&script, &output.stdout).unwrap();
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_crmdeck"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let tab = format!(
        "source {}; COMP_WORDS=(crmdeck groups --profile st); COMP_CWORD=3; \
         _crmdeck crmdeck st --profile; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let offered = std::process::Command::new("bash")
        .args(["--norc", "-c", &tab])
        .env_clear()
        .envs(home.env())
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(stdout(&offered), "staging\n", "{offered:?}");
}

#[tokio::test]
async fn bash_completes_branch_names_from_the_api() {
    let fx = support::cli::fixture().await;
    let names = fx.text(&["completions", "--branches"]).await;
    let branches = fx.list(&["branches", "--format", "json"]).await;
    let expected: String = (branches.iter())
        .map(|branch| format!("{}\n", branch["name"].as_str().unwrap()))
        .collect();
    assert!(!branches.is_empty());
    assert_eq!(names, expected);
    let script = fx.text(&["completions", "bash"]).await;
    assert!(
        script.contains("--branch)\n                    _crmdeck_names branches \"${cur}\""),
        "{script}"
    );
    assert!(script.contains("done < <(crmdeck completions \"--$1\" 2>/dev/null)"));
    // compgen -W keeps the script's own words (subcommands, flags) only.
    assert!(
        !script.contains("compgen -W \"$("),
        "no server text expanded"
    );
}

/// The groups of `list` (`groups --format json`) that meet `meets`, by id.
fn ids_where(list: &[serde_json::Value], meets: impl Fn(&serde_json::Value) -> bool) -> Vec<i64> {
    let mut ids: Vec<i64> = (list.iter())
        .filter(|group| meets(group))
        .map(|group| group["id"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

#[tokio::test]
async fn filter_finds_the_groups_the_query_names_and_no_other() {
    let fx = support::cli::fixture().await;
    let all = fx.list(&["groups", "--all", "--format", "json"]).await;
    let on_tuesday_evening = |group: &serde_json::Value| {
        let days = group["weekdays"].as_array().unwrap();
        let start = group["start"].as_str().unwrap_or("");
        days.iter().any(|day| day == "Tue") && start >= "17:00"
    };
    let expected = ids_where(&all, on_tuesday_evening);
    assert!(!expected.is_empty(), "the demo centre has Tuesday evenings");
    // The same query in English, in Russian, as a range.
    for query in ["tue evening", "вт вечером", "sesh >=17"] {
        let found = fx
            .list(&["groups", "--all", "--format", "json", "--filter", query])
            .await;
        assert_eq!(ids_where(&found, |_| true), expected, "{query}");
    }
    // Text and a field together; a bare hour is the start's hour only.
    let ielts_at_11 = |group: &serde_json::Value| {
        let name = group["name"].as_str().unwrap().to_lowercase();
        let start = group["start"].as_str().unwrap_or("");
        name.contains("ielts") && start.starts_with("11:")
    };
    let found = fx
        .list(&[
            "groups", "--all", "--format", "json", "--filter", "ielts 11",
        ])
        .await;
    assert_eq!(ids_where(&found, |_| true), ids_where(&all, ielts_at_11));
    assert!(!found.is_empty());
}

#[tokio::test]
async fn filter_says_how_it_read_the_query_only_where_progress_is_said() {
    let fx = support::cli::fixture().await;
    let args = ["groups", "--all", "--format", "csv", "--filter", "tue 9-12"];
    let (_, quiet) = fx.text_and_notes(&args).await;
    assert_eq!(quiet, "", "piped: nothing on stderr");
    let verbose: Vec<&str> = args.iter().copied().chain(["-v"]).collect();
    let (csv, notes) = fx.text_and_notes(&verbose).await;
    assert!(
        notes.contains("filter: Tue · starts 09:00–12:00"),
        "{notes}"
    );
    assert!(csv.lines().count() > 1, "{csv}");
}

#[tokio::test]
async fn a_word_no_group_holds_is_named_on_stderr_and_times_said_in_words_are_times() {
    let fx = support::cli::fixture().await;
    let args = [
        "groups",
        "--all",
        "--format",
        "csv",
        "--filter",
        "ielts xyzzyq",
    ];
    let (csv, notes) = fx.text_and_notes(&args).await;
    assert_eq!(csv.lines().count(), 1, "the header alone: {csv}");
    assert!(
        notes.contains("no group holds “xyzzyq”") && !notes.contains("“ielts”"),
        "{notes}"
    );
    // Piped, a word every group list holds says nothing.
    let (_, quiet) = fx
        .text_and_notes(&["groups", "--all", "--format", "csv", "--filter", "ielts"])
        .await;
    assert_eq!(quiet, "");
    // `after 17:00`, `17:00 dan keyin` are the start from 17:00 on.
    let all = fx
        .list(&[
            "groups",
            "--all",
            "--format",
            "json",
            "--filter",
            "tue >=17:00",
        ])
        .await;
    assert!(!all.is_empty());
    for query in [
        "tue after 17:00",
        "tue 17:00 dan keyin",
        "вт после 17:00",
        "tue 17:00-",
    ] {
        let found = fx
            .list(&["groups", "--all", "--format", "json", "--filter", query])
            .await;
        assert_eq!(
            ids_where(&found, |_| true),
            ids_where(&all, |_| true),
            "{query}"
        );
    }
}

#[tokio::test]
async fn today_and_timetable_take_the_same_filter() {
    let fx = support::cli::fixture().await;
    let today = fx
        .json(&[
            "today",
            "--at",
            "2026-11-24T08:00",
            "--filter",
            "course:ielts",
            "--format",
            "json",
        ])
        .await;
    let lessons: Vec<&serde_json::Value> = ["now", "next", "later", "done"]
        .iter()
        .flat_map(|part| today[part].as_array().unwrap())
        .collect();
    assert!(!lessons.is_empty(), "{today}");
    for lesson in lessons {
        let course = lesson["course"].as_str().unwrap_or("");
        assert!(course.to_lowercase().contains("ielts"), "{lesson}");
    }
    // The week of the groups that meet it: their every lesson.
    let week = fx
        .text(&[
            "timetable",
            "--branch",
            "2",
            "--filter",
            "morning",
            "--format",
            "csv",
        ])
        .await;
    let all = fx
        .text(&["timetable", "--branch", "2", "--format", "csv"])
        .await;
    let starts: Vec<&str> = week
        .lines()
        .skip(1)
        .map(|line| line.split(',').nth(1).unwrap())
        .collect();
    assert!(!starts.is_empty(), "{week}");
    assert!(starts.iter().all(|start| *start < "12:00"), "{week}");
    assert!(week.lines().count() < all.lines().count(), "{week}");
}

/// `crmdeck ARGS` run to its end in a pseudo-terminal: its exit code and
/// what the terminal shows (stdout and stderr both).
fn on_a_terminal(args: &[&str]) -> (Option<u32>, String) {
    let mut tty = support::pty::Tty::spawn(args, &[]);
    let status = tty.wait_exit();
    let shown = tty.screen_text();
    (Some(status.exit_code()), shown.trim().to_string())
}

#[test]
fn the_cron_contract_on_a_terminal_says_a_clean_check_quiet_says_nothing() {
    let (code, shown) = on_a_terminal(&["--demo", "timetable", "--check", "--branch", "2"]);
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("the timetable checks out"), "{shown}");
    let (code, shown) = on_a_terminal(&["--demo", "-q", "timetable", "--check", "--branch", "2"]);
    assert_eq!((code, shown.as_str()), (Some(0), ""));
    // Findings: printed, exit 1; a usage mistake: said, exit 2.
    let narrow = [
        "--demo",
        "timetable",
        "--check",
        "--branch",
        "2",
        "--hours",
        "10:00-18:00",
    ];
    let (code, shown) = on_a_terminal(&narrow);
    assert_eq!(code, Some(1), "{shown}");
    assert!(
        shown.contains("outside working hours 10:00–18:00"),
        "{shown}"
    );
    assert!(
        shown.contains("groups from every page"),
        "progress on a terminal"
    );
    let (code, shown) =
        on_a_terminal(&["--demo", "-q", "timetable", "--check", "--branch", "nosuch"]);
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("nosuch"), "{shown}");
}

#[test]
fn zsh_and_fish_complete_profile_and_branch_names_not_files() {
    let home = Home::new();
    let script = |shell: &str| stdout(&home.crmdeck(&["completions", shell]).output().unwrap());
    let (zsh, fish) = (script("zsh"), script("fish"));
    for (flag, names) in [("profile", "profile-names"), ("branch", "branches")] {
        let lister = format!("crmdeck completions --{names} 2>/dev/null");
        let zsh_lines: Vec<&str> = zsh
            .lines()
            .filter(|line| line.starts_with(&format!("'--{flag}=[")))
            .collect();
        let fish_lines: Vec<&str> = fish
            .lines()
            .filter(|line| line.contains(&format!(" -l {flag} ")))
            .collect();
        assert!(!zsh_lines.is_empty() && !fish_lines.is_empty(), "--{flag}");
        for line in zsh_lines {
            assert!(
                line.ends_with(&format!(
                    ":{{local -a names; names=(\"${{(@f)$({lister})}}\"); compadd -a names}}' \\"
                )),
                "{line}"
            );
        }
        for line in fish_lines {
            assert!(line.ends_with(&format!(" -f -a \"({lister})\"")), "{line}");
        }
    }
}
