//! The CLI's own words on stderr in the reader's language (issue 36 §2),
//! over the real binary in private folders: `changes` without a baseline,
//! a config file's mistakes, a usage refusal (exit 2), the install's
//! confirmation refused without a terminal, and the week's grid. Under
//! `LANG=ru_RU.UTF-8` they are Russian; under `LC_ALL=C` the English is
//! the same bytes as before the catalogue said them. Exit codes do not
//! change with the language.

use crate::support;

use crmdeck::demo::{DemoOptions, Fault, FaultScope};
use support::cli::{Fixture, assert_failed, fixture, fixture_with, stderr, stdout_ok};
use support::home::Home;
use support::text::assert_contains;

use chrono::{NaiveDate, NaiveTime};

const RUSSIAN: (&str, &str) = ("LANG", "ru_RU.UTF-8");
const UNTRANSLATED: (&str, &str) = ("LC_ALL", "C");

/// A plugin of the fixture's catalogue not installed yet.
async fn plugin_not_installed(fx: &Fixture) -> String {
    let catalogue = fx.list(&["plugins"]).await;
    let plugin = catalogue.iter().find(|p| p["installed"] == false).unwrap();
    plugin["id"].as_i64().unwrap().to_string()
}

#[tokio::test]
async fn changes_without_a_baseline_says_why_in_the_language() {
    // Each run on a fresh history, so both say it is empty. 2025-01-02
    // was a Thursday.
    let args = ["changes", "--since", "2025-01-02"];
    let russian = fixture().await.run_with_env(&args, &[RUSSIAN]).await;
    assert_eq!(russian.status.code(), Some(2), "{}", stderr(&russian));
    assert_eq!(
        stderr(&russian),
        "crmdeck: не удалось сказать, что изменилось: нет базы для сравнения: \
         полный обход за чт 02.01.2025 не сохранён; история пуста (этот обход, \
         если он полный, сохраняется с сегодняшнего дня)\n"
    );
    let english = fixture().await.run_with_env(&args, &[UNTRANSLATED]).await;
    assert_eq!(english.status.code(), Some(2), "{}", stderr(&english));
    assert_eq!(
        stderr(&english),
        "crmdeck: could not tell what changed: no baseline: no complete walk of \
         Thu 2025-01-02 is kept; the history is empty (this walk, when complete, \
         is kept from now on)\n"
    );
}

/// `чт 26.11.2026 09:12 (Asia/Tashkent)`: the weekday and the date as
/// Russian staff write them, the time 24-hour, the zone's name as it is.
fn is_russian_moment(text: &str) -> bool {
    let words: Vec<&str> = text.splitn(4, ' ').collect();
    let [day, date, time, zone] = words[..] else {
        return false;
    };
    ["пн", "вт", "ср", "чт", "пт", "сб", "вс"].contains(&day)
        && NaiveDate::parse_from_str(date, "%d.%m.%Y").is_ok()
        && date.len() == "26.11.2026".len()
        && NaiveTime::parse_from_str(time, "%H:%M").is_ok()
        && zone.starts_with('(')
        && zone.ends_with(')')
}

#[tokio::test]
async fn nothing_changed_names_the_walk_in_the_language() {
    let fx = fixture().await;
    // The first walk is kept as the baseline (exit 2: none yet).
    assert_eq!(fx.run(&["changes"]).await.status.code(), Some(2));
    let args = ["changes", "--since", "last", "-v"];
    let russian = fx.run_with_env(&args, &[RUSSIAN]).await;
    assert_eq!(russian.status.code(), Some(0), "{}", stderr(&russian));
    let said = stderr(&russian);
    let line = (said.lines())
        .find_map(|line| line.strip_prefix("crmdeck: ничего не изменилось с "))
        .unwrap_or_else(|| panic!("no line of nothing changed in {said}"));
    assert!(is_russian_moment(line), "{line}");
    let english = stderr(&fx.run_with_env(&args, &[UNTRANSLATED]).await);
    assert!(
        english.contains("crmdeck: nothing changed since "),
        "{english}"
    );
}

#[tokio::test]
async fn a_config_files_mistakes_are_said_in_the_language_of_the_locale() {
    let home = Home::with_config("bse_url = \"https://crm.example\"\nper_page = 500\n");
    let run = |locale: (&str, &str)| {
        let mut command = home.crmdeck(&["info"]);
        command.env(locale.0, locale.1);
        tokio::process::Command::from(command).output()
    };
    let russian = run(RUSSIAN).await.unwrap();
    // The file named as people read it, under the home.
    let path = "~/config/crmdeck/config.toml";
    assert!(home.config_path().ends_with("config/crmdeck/config.toml"));
    assert_eq!(russian.status.code(), Some(2), "{}", stderr(&russian));
    assert_eq!(
        stderr(&russian),
        format!(
            "crmdeck: {path}:1: неизвестный ключ \"bse_url\" (может быть, \"base_url\"?)\n\
             {path}:2: per_page должен быть числом от 1 до 100, а не 500\n"
        )
    );
    let english = run(UNTRANSLATED).await.unwrap();
    assert_eq!(english.status.code(), Some(2), "{}", stderr(&english));
    assert_eq!(
        stderr(&english),
        format!(
            "crmdeck: {path}:1: unknown key \"bse_url\" (did you mean \"base_url\"?)\n\
             {path}:2: per_page must be a number from 1 to 100, not 500\n"
        )
    );
}

#[tokio::test]
async fn a_fleet_the_config_lacks_is_refused_in_the_language() {
    let fx = fixture().await;
    let args = ["--fleet", "north", "centres"];
    let russian = fx.run_with_env(&args, &[RUSSIAN]).await;
    assert_failed(
        &russian,
        2,
        "crmdeck: --fleet: в конфигурации нет набора центров \"north\"",
    );
    let english = fx.run_with_env(&args, &[UNTRANSLATED]).await;
    assert_failed(
        &english,
        2,
        "crmdeck: --fleet: no fleet \"north\" in the config",
    );
}

#[tokio::test]
async fn a_usage_refusal_exits_2_in_the_language() {
    let fx = fixture().await;
    let russian = fx.run_with_env(&["timetable"], &[RUSSIAN]).await;
    assert_eq!(russian.status.code(), Some(2));
    assert_eq!(
        stderr(&russian),
        "crmdeck: для расписания нужен филиал: --branch ID|NAME или branch_id в \
         конфигурации (--check без филиала проверяет все филиалы)\n"
    );
    let english = fx.run_with_env(&["timetable"], &[UNTRANSLATED]).await;
    assert_eq!(english.status.code(), Some(2));
    assert_eq!(
        stderr(&english),
        "crmdeck: timetable needs a branch: --branch ID|NAME, or branch_id in the config \
         (--check alone checks every branch)\n"
    );
    let unknown = ["groups", "--branch", "Nowhere at all"];
    let russian = fx.run_with_env(&unknown, &[RUSSIAN]).await;
    assert_failed(
        &russian,
        2,
        "crmdeck: --branch \"Nowhere at all\": такого филиала нет",
    );
}

#[tokio::test]
async fn the_install_confirmation_refused_without_a_terminal_in_the_language() {
    let fx = fixture().await;
    let id = plugin_not_installed(&fx).await;
    let russian = fx.run_with_env(&["install", &id], &[RUSSIAN]).await;
    assert_eq!(russian.status.code(), Some(2));
    assert_eq!(
        stderr(&russian),
        "crmdeck: нет терминала для подтверждения: передайте --yes, чтобы установить \
         без вопроса\n"
    );
    let english = fx.run_with_env(&["install", &id], &[UNTRANSLATED]).await;
    assert_eq!(english.status.code(), Some(2));
    assert_eq!(
        stderr(&english),
        "crmdeck: no terminal to confirm on: pass --yes to install without asking\n"
    );
    // Installed, then asked again: said so, nothing sent twice.
    let args = ["install", &id, "--yes", "--format", "table"];
    let installed = stdout_ok(&fx.run_with_env(&args, &[RUSSIAN]).await);
    assert!(
        installed.contains(") установлен: установка "),
        "{installed}"
    );
    let again = stderr(&fx.run_with_env(&args, &[RUSSIAN]).await);
    assert_contains(&again, &["уже установлен: ничего не отправлено"]);
}

#[tokio::test]
async fn the_weeks_grid_sums_up_in_the_language() {
    let fx = fixture().await;
    let args = ["timetable", "--branch", "1", "--format", "table"];
    let russian = stdout_ok(&fx.run_with_env(&args, &[RUSSIAN]).await);
    assert!(
        russian.contains(" на неделе · самый загруженный день: "),
        "{russian}"
    );
    assert!(russian.contains("Первый свободный час ("), "{russian}");
    let english = stdout_ok(&fx.run_with_env(&args, &[UNTRANSLATED]).await);
    assert!(english.contains(" this week · busiest day: "), "{english}");
    assert!(english.contains("First free hour ("), "{english}");
}

#[tokio::test]
async fn a_page_missing_is_named_in_the_language() {
    let options = DemoOptions {
        groups: 200,
        max_per_page: 20,
        ..DemoOptions::default()
    };
    let fx = fixture_with(options).await;
    let args = ["groups", "--all", "--format", "json"];
    for (locale, said) in [
        (
            RUSSIAN,
            [
                "crmdeck: не получено: страница 3 из ",
                "; ничего не выведено: запустите снова или добавьте --partial",
            ],
        ),
        (
            UNTRANSLATED,
            [
                "crmdeck: page 3 of ",
                "; nothing printed: rerun, or add --partial to print the groups read",
            ],
        ),
    ] {
        // Asked, then asked again alone: twice a 500.
        (fx.server.faults()).push(Fault::Status(500), 2, FaultScope::groups_page(3));
        let output = fx.run_with_env(&args, &[locale]).await;
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        assert_contains(&stderr(&output), &said);
    }
}

#[tokio::test]
async fn info_names_its_facts_in_the_language_and_csv_keeps_english() {
    let fx = fixture().await;
    let info = |format: &'static str, locale: (&'static str, &'static str)| {
        let fx = &fx;
        async move {
            stdout_ok(
                &fx.run_with_env(&["info", "--format", format], &[locale])
                    .await,
            )
        }
    };
    let table = info("table", RUSSIAN).await;
    let russian = [
        "конфигурация ",
        "адрес API ",
        "токен из ",
        "часовой пояс ",
        " (источник: переменная окружения CRMDECK_BASE_URL)",
    ];
    assert_contains(&table, &russian);
    // No walk yet, so no snapshot: said so in the language too.
    let cache = (table.lines())
        .find(|line| line.starts_with("кэш "))
        .unwrap();
    assert!(cache.ends_with(" (пока нет)"), "{cache}");
    // The names aligned past the widest, "учётная запись" (14 cells),
    // and a space: every value starts at cell 16.
    for line in table.lines() {
        let cells: Vec<char> = line.chars().collect();
        assert!(
            cells.len() > 16 && cells[15] == ' ' && cells[16] != ' ',
            "{line}"
        );
    }
    let csv = info("csv", RUSSIAN).await;
    assert_contains(
        &csv,
        &["config file", "environment variable CRMDECK_BASE_URL"],
    );
    assert!(!csv.contains("конфигурация"), "{csv}");
    let english = [
        "config file  ",
        "base url     ",
        "(from environment variable CRMDECK_BASE_URL)",
    ];
    assert_contains(&info("table", UNTRANSLATED).await, &english);
}

#[tokio::test]
async fn today_s_parts_are_worded_in_the_table_and_kept_as_keys_in_csv() {
    let fx = fixture().await;
    fn first_word(line: &str) -> &str {
        line.split_whitespace().next().unwrap_or("")
    }
    fn first_cell(line: &str) -> &str {
        line.split(',').next().unwrap_or("")
    }
    // A Wednesday at 12:15: lessons under way, to come and done.
    let at = "2026-11-25T12:15";
    let table = ["today", "--at", at, "--format", "table"];
    let russian = stdout_ok(&fx.run_with_env(&table, &[RUSSIAN]).await);
    let parts = |text: &str, skip: usize, split: fn(&str) -> &str| -> Vec<String> {
        (text.lines().skip(skip))
            .filter(|line| !line.is_empty())
            .map(|line| split(line).to_owned())
            .collect()
    };
    let said = parts(&russian, 2, first_word);
    for word in ["сейчас", "далее", "позже", "прошли"] {
        assert!(said.iter().any(|part| part == word), "{word}: {russian}");
    }
    assert!(said.iter().all(|part| part != "now" && part != "later"));
    let csv = ["today", "--at", at, "--format", "csv"];
    let keys = stdout_ok(&fx.run_with_env(&csv, &[RUSSIAN]).await);
    let english = stdout_ok(&fx.run_with_env(&csv, &[UNTRANSLATED]).await);
    assert_eq!(keys, english, "CSV is the same in every language");
    let keys = parts(&keys, 1, first_cell);
    for key in ["now", "next", "later", "done"] {
        assert!(keys.iter().any(|part| part == key), "{key}: {keys:?}");
    }
}
