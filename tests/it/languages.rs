//! The interface's language (issue 36) as the binary chooses it: what
//! scripts read is the same in every language, byte for byte; a language
//! given on purpose that is none of the four exits 2 naming them; one from
//! the locale falls back to English, in the log; `info` says which is in
//! use and where it came from; the CLI's tables speak it.

use crate::support;

use support::cli::{Fixture, assert_failed, fixture, stderr};
use support::text::assert_contains;

/// The locales the issue names, each beside the run with none.
const LOCALES: [(&str, &str); 3] = [
    ("LANG", "ru_RU.UTF-8"),
    ("LANG", "uz_UZ@cyrillic"),
    ("LC_ALL", "C"),
];

/// Stdout of `args`, which must succeed, with `env` on top of the clean one.
async fn out(fx: &Fixture, args: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    let output = fx.run_with_env(args, env).await;
    assert!(
        output.status.success(),
        "{args:?} {env:?}: {}",
        stderr(&output)
    );
    output.stdout
}

#[tokio::test]
async fn json_and_csv_are_the_same_bytes_in_every_locale() {
    let fx = fixture().await;
    // A fixed moment: `today` says it.
    let at = "2026-11-26T10:00";
    let commands: [&[&str]; 7] = [
        &["groups", "--format", "json"],
        &["groups", "--all", "--format", "csv"],
        &[
            "groups",
            "--branch",
            "2",
            "--format",
            "json",
            "--per-page",
            "50",
        ],
        &["today", "--at", at, "--format", "json"],
        &["today", "--at", at, "--format", "csv"],
        &["timetable", "--branch", "1", "--format", "json"],
        &["timetable", "--branch", "1", "--format", "csv"],
    ];
    for args in commands {
        let unset = out(&fx, args, &[]).await;
        assert!(unset.len() > 100, "{args:?} printed {} bytes", unset.len());
        for (variable, value) in LOCALES {
            let under = out(&fx, args, &[(variable, value)]).await;
            assert!(
                under == unset,
                "{args:?} under {variable}={value} differs from LANG unset:\n{}\n---\n{}",
                String::from_utf8_lossy(&under),
                String::from_utf8_lossy(&unset)
            );
        }
        // Chosen on purpose too.
        let russian = out(&fx, args, &[("CRMDECK_LANG", "ru")]).await;
        assert!(russian == unset, "{args:?} with CRMDECK_LANG=ru differs");
    }
}

#[tokio::test]
async fn an_unknown_language_on_purpose_exits_2_naming_the_four() {
    let fx = fixture().await;
    let named = "unknown language \"fr\": expected en, ru, uz or uz-Cyrl";
    let flag = fx.run_with_env(&["groups", "--lang", "fr"], &[]).await;
    assert_failed(&flag, 2, &format!("--lang: {named}"));
    let variable = fx
        .run_with_env(&["groups"], &[("CRMDECK_LANG", "fr")])
        .await;
    assert_failed(&variable, 2, &format!("CRMDECK_LANG: {named}"));
    let home = support::home::Home::with_config("language = \"fr\"\n");
    let config = tokio::process::Command::from(home.crmdeck(&["info", "--demo"]))
        .output()
        .await
        .unwrap();
    assert_failed(&config, 2, named);
}

/// Our client's words for a server that cannot be reached, on stderr in
/// the reader's language; the system's own words kept as they came.
#[tokio::test]
async fn a_server_down_is_said_in_the_language_on_stderr() {
    let fx = fixture().await;
    let down = ("CRMDECK_BASE_URL", "http://127.0.0.1:9");
    let russian = fx
        .run_with_env(&["plugins"], &[down, ("CRMDECK_LANG", "ru")])
        .await;
    assert_failed(&russian, 1, "crmdeck: нет связи с сервером: 127.0.0.1:9");
    let english = fx.run_with_env(&["plugins"], &[down]).await;
    assert_failed(&english, 1, "crmdeck: cannot reach the server: 127.0.0.1:9");
}

#[tokio::test]
async fn a_locale_not_understood_is_english_said_in_the_log_not_on_screen() {
    let fx = fixture().await;
    let env = [("LANG", "fr_FR.UTF-8"), ("CRMDECK_LOG", "info")];
    let output = fx.run_with_env(&["info", "--format", "json"], &env).await;
    assert!(output.status.success(), "{}", stderr(&output));
    let info: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(info["language"], "en");
    assert!(
        !stderr(&output).contains("fr_FR"),
        "said on screen: {}",
        stderr(&output)
    );
    let log_file = info["log_file"].as_str().unwrap();
    let log_file = match log_file.strip_prefix("~/") {
        Some(rest) => fx.home.path().join(rest),
        None => log_file.into(),
    };
    let log = std::fs::read_to_string(&log_file)
        .unwrap_or_else(|e| panic!("{}: {e}", log_file.display()));
    assert_contains(&log, &["LANG=\"fr_FR.UTF-8\""]);
}

/// Variables on top of the clean environment.
type Env<'a> = &'a [(&'a str, &'a str)];

#[tokio::test]
async fn info_says_the_language_in_use_and_where_it_came_from() {
    let fx = fixture().await;
    // Said in the language in use (issue 36 §2): its row's name and
    // where the language came from.
    let rows: [(Env, &[&str], &str, &str); 6] = [
        (&[], &[], "language", "en (from default)"),
        (
            &[("LC_ALL", "C")],
            &[],
            "language",
            "en (from the locale, LC_ALL=C)",
        ),
        (
            &[("LANG", "ru_RU.UTF-8")],
            &[],
            "язык",
            "ru, русский (источник: локаль, LANG=ru_RU.UTF-8)",
        ),
        (
            &[("LANGUAGE", "uz:ru:en"), ("LANG", "ru_RU.UTF-8")],
            &[],
            "til",
            "uz, oʻzbekcha (manba: lokal, LANGUAGE=uz:ru:en)",
        ),
        (
            &[("CRMDECK_LANG", "uz-Cyrl"), ("LANG", "ru_RU")],
            &[],
            "тил",
            "uz-Cyrl, ўзбекча (манба: муҳит ўзгарувчиси CRMDECK_LANG)",
        ),
        (
            &[("CRMDECK_LANG", "uz")],
            &["--lang", "ru"],
            "язык",
            "ru, русский (источник: --lang)",
        ),
    ];
    for (env, flags, key, said) in rows {
        let mut args = vec!["info", "--format", "table"];
        args.extend_from_slice(flags);
        let text = String::from_utf8(out(&fx, &args, env).await).unwrap();
        let line = (text.lines())
            .find_map(|line| line.strip_prefix(key))
            .unwrap_or_else(|| panic!("no {key} in {text}"));
        assert_eq!(line.trim(), said, "{env:?} {flags:?}");
    }
}

#[tokio::test]
async fn a_profile_chooses_its_language_over_the_top_level_and_the_locale() {
    let home = support::home::Home::with_config(
        "language = \"uz\"\n[profiles.tashkent]\nlanguage = \"ru\"\n",
    );
    let info = |args: &'static [&'static str]| {
        let mut command = tokio::process::Command::from(home.crmdeck(args));
        command.env("LANG", "uz_UZ@cyrillic");
        async move { command.output().await.unwrap() }
    };
    let top = info(&["info", "--demo", "--format", "json"]).await;
    let top: serde_json::Value = serde_json::from_slice(&top.stdout).unwrap();
    assert_eq!(top["language"], "uz");
    let profile = info(&[
        "info",
        "--demo",
        "--profile",
        "tashkent",
        "--format",
        "json",
    ])
    .await;
    let profile: serde_json::Value = serde_json::from_slice(&profile.stdout).unwrap();
    assert_eq!(profile["language"], "ru");
    assert!(
        profile["from"]["language"]
            .as_str()
            .unwrap()
            .contains("config.toml")
    );
}

#[tokio::test]
async fn the_cli_tables_days_column_speaks_the_language() {
    let fx = fixture().await;
    let table = |value: &'static str| {
        let fx = &fx;
        async move {
            let args = [
                "groups",
                "--branch",
                "2",
                "--format",
                "table",
                "--per-page",
                "50",
            ];
            String::from_utf8(out(fx, &args, &[("CRMDECK_LANG", value)]).await).unwrap()
        }
    };
    assert_contains(&table("en").await, &["Mon Wed Fri"]);
    assert_contains(&table("ru").await, &["пн ср пт"]);
    assert_contains(&table("uz").await, &["Du Ch Ju"]);
    assert_contains(&table("uz-Cyrl").await, &["Ду Чо Жу"]);
}

#[tokio::test]
async fn the_plugins_table_speaks_the_language_its_csv_does_not() {
    let fx = fixture().await;
    let run = |format: &'static str| {
        let fx = &fx;
        async move {
            let args = ["plugins", "--format", format];
            String::from_utf8(out(fx, &args, &[("CRMDECK_LANG", "ru")]).await).unwrap()
        }
    };
    assert_contains(&run("table").await, &["НАЗВАНИЕ", "ТИП", "премиум"]);
    let csv = run("csv").await;
    assert_contains(&csv, &["Premium"]);
    assert!(!csv.contains("премиум"), "{csv}");
}

#[tokio::test]
async fn check_findings_speak_the_language_for_people_and_stay_for_scripts() {
    let fx = fixture().await;
    let (_dir, config) = support::home::config_file("max_parallel = 2\n");
    let check = |format: &'static str, env: Env<'static>| {
        let args = [
            "timetable",
            "--check",
            "--config",
            config.as_str(),
            "--format",
            format,
        ];
        let fx = &fx;
        async move { fx.run_with_env(&args, env).await }
    };
    let russian = check("table", &[("CRMDECK_LANG", "ru")]).await;
    assert_eq!(russian.status.code(), Some(1), "{}", stderr(&russian));
    let lines = String::from_utf8_lossy(&russian.stdout).into_owned();
    assert_contains(
        &lines,
        &["групп одновременно, больше max_parallel 2", "пн 08:00"],
    );
    // `N замечание`, `замечания` or `замечаний`, as N's plural category asks.
    let count = stderr(&russian);
    let n: u64 = (count.trim().strip_prefix("crmdeck: "))
        .and_then(|said| said.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{count}"));
    let noun = match (n % 10, n % 100) {
        (1, tens) if tens != 11 => "замечание",
        (2..=4, tens) if !(12..=14).contains(&tens) => "замечания",
        _ => "замечаний",
    };
    assert_eq!(count, format!("crmdeck: {n} {noun}\n"));
    let uzbek = check("table", &[("LANG", "uz_UZ.UTF-8")]).await;
    assert_contains(&stderr(&uzbek), &["ta topilma"]);
    // JSON and CSV: English whatever the language.
    for format in ["json", "csv"] {
        let unset = check(format, &[]).await;
        assert_eq!(unset.status.code(), Some(1));
        assert_contains(&String::from_utf8_lossy(&unset.stdout), &["groups at once"]);
        for env in [
            &[("LANG", "ru_RU.UTF-8")][..],
            &[("CRMDECK_LANG", "uz-Cyrl")][..],
        ] {
            let under = check(format, env).await;
            assert!(
                under.stdout == unset.stdout,
                "{format} under {env:?} differs"
            );
        }
    }
}
