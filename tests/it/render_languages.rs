//! Every screen in every language (issue 36 §6): render snapshots of each
//! tab, a group's detail, the help, the command line's words, an install
//! confirmation and the server down, in Russian and in Uzbek in both
//! scripts, at 80x24 and 200x50; and at 60x15, in the four languages,
//! nothing wider than the screen and the footer's hints whole. The clock
//! and the zone are the fixtures' (as in `render.rs`).

use crate::support;

use crmdeck::api::ApiError;
use crmdeck::app::{App, AppSettings, Input, Request};
use crmdeck::i18n::Language;
use crmdeck::present::format::display_width;
use crmdeck::present::words::say;
use crmdeck::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use support::fixtures::{self, answer, loaded_app, press};

/// The states drawn: (name, keys from the loaded Groups tab, whether the
/// requests they start fail as with the server down).
const STATES: [(&str, &str, bool); 11] = [
    ("groups", "", false),
    // A group's detail: its labels in the language shown.
    ("group_detail", "\n", false),
    // The `:` command line, Tab's list of words with what each does.
    ("command_line", ":\t", false),
    ("plugins", "1", false),
    ("week", "3", false),
    ("today", "4", false),
    ("changes", "5", false),
    ("centres", "0", false),
    ("help", "?", false),
    ("confirmation", "1ji", false),
    ("server_down", "r", true),
];

/// The loaded app in `language` at `size`, after `keys` (their requests
/// left unanswered); with `down`, a start at which every request fails as
/// with the server down, then `keys` likewise.
fn app_in(language: Language, size: (u16, u16), keys: &str, down: bool) -> App {
    let settings = AppSettings {
        language,
        ..fixtures::settings()
    };
    let mut refused = |request: &Request| {
        let error = ApiError::Server {
            status: 502,
            message: Some("Bad Gateway".into()),
        };
        down.then(|| request.failed(error))
    };
    let mut app = match down {
        true => {
            let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), size);
            answer(&mut app, effects, &mut refused);
            app
        }
        false => loaded_app(settings, size),
    };
    let effects = press(&mut app, keys);
    answer(&mut app, effects, &mut refused);
    app
}

/// The whole frame `app` draws, a line a row, as a terminal shows it: the
/// cell a wide letter covers is left out.
pub(crate) fn drawn(app: &App) -> Vec<String> {
    let (width, height) = app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render(app, frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            let mut line = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buffer[(x, y)].symbol();
                line.push_str(symbol);
                x += u16::try_from(display_width(symbol).max(1)).unwrap();
            }
            line
        })
        .collect()
}

#[test]
fn every_screen_in_russian_and_uzbek_at_both_sizes() {
    for language in [Language::Ru, Language::Uz, Language::UzCyrl] {
        for size in [(80, 24), (200, 50)] {
            for (state, keys, down) in STATES {
                assert_screen(language, size, state, &app_in(language, size, keys, down));
            }
        }
    }
}

/// The Centres tab (issue 38) in English too: its words are all new.
#[test]
fn the_centres_tab_in_english_at_both_sizes() {
    for size in [(80, 24), (200, 50)] {
        let app = app_in(Language::En, size, "0", false);
        assert_screen(Language::En, size, "centres", &app);
    }
}

/// A new app in `language` shown the fixtures' snapshot of groups 1 to 30
/// (before any answer: its rows and its age) and compared with the
/// fixtures' Sunday, as `render.rs` draws them in English.
fn compared_in(language: Language, size: (u16, u16)) -> App {
    let settings = AppSettings {
        language,
        ..fixtures::settings()
    };
    let (mut app, mut effects) = App::new(settings, fixtures::token_expires_at(), size);
    let snapshot = Input::Snapshot(Ok(Box::new(fixtures::snapshot(1..=30))));
    effects.extend(app.update(snapshot, fixtures::now()));
    let ask = fixtures::compare_asked(&effects).unwrap().clone();
    fixtures::compared(&mut app, &ask, &fixtures::sunday());
    app
}

/// The dates, times and ages of the Groups summary (the snapshot's "as
/// of") and of the Changes tab with its changes listed, in Russian.
#[test]
fn a_snapshots_age_and_the_changes_listed_in_russian() {
    for size in [(80, 24), (200, 50)] {
        let mut app = compared_in(Language::Ru, size);
        assert_screen(Language::Ru, size, "snapshot_start", &app);
        press(&mut app, "5j");
        assert_screen(Language::Ru, size, "changes_listed", &app);
    }
}

/// Asserts the frame `app` draws as the snapshot of `state` in `language`
/// at `size`.
pub(crate) fn assert_screen(language: Language, size: (u16, u16), state: &str, app: &App) {
    let screen = drawn(app).join("\n");
    let code = language.code().replace('-', "_").to_lowercase();
    let name = format!("render__lang_{code}_{state}_{}x{}", size.0, size.1);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, screen));
}

/// Each hint of the footer row as drawn: ` key label  key label  `.
fn footer_hints(row: &str) -> Vec<String> {
    row.trim()
        .split("  ")
        .filter(|hint| !hint.trim().is_empty())
        .map(|hint| hint.trim().to_string())
        .collect()
}

#[test]
fn nothing_overflows_at_60x15_and_hints_drop_whole() {
    for language in Language::ALL {
        for (state, keys, down) in STATES {
            let app = app_in(language, (60, 15), keys, down);
            let lines = drawn(&app);
            let screen = lines.join("\n");
            for line in &lines {
                assert!(
                    display_width(line) <= 60,
                    "{language} {state}: a line {} wide:\n{screen}",
                    display_width(line)
                );
            }
            // The hints row (the one above the status line): each hint whole,
            // as the keymap says it.
            // (A long error takes the hints row: the server down's may.)
            if down {
                continue;
            }
            let whole: Vec<String> = (app.hints().iter())
                .map(|hint| format!("{} {}", hint.key, say(hint.label, language)))
                .collect();
            let row = &lines[lines.len() - 2];
            let shown = footer_hints(row);
            assert!(!shown.is_empty(), "{language} {state}: no hints:\n{screen}");
            for hint in shown {
                assert!(
                    whole.contains(&hint),
                    "{language} {state}: {hint:?} is not a whole hint of {whole:?}:\n{screen}"
                );
            }
        }
    }
}

#[test]
fn the_help_finds_an_action_in_english_and_in_the_language_shown() {
    for (language, typed, found) in [
        (Language::Ru, "?filter", "фильтр"),
        (Language::Ru, "?фильтр", "фильтр"),
        (Language::Uz, "?filter", "filtr"),
        (Language::UzCyrl, "?sort", "саралаш"),
    ] {
        let app = app_in(language, (80, 24), typed, false);
        let screen = drawn(&app).join("\n");
        assert!(screen.contains(found), "{language} {typed}:\n{screen}");
    }
    // What holds neither in English nor in Russian finds nothing.
    let app = app_in(Language::Ru, (80, 24), "?zzzq", false);
    let screen = drawn(&app).join("\n");
    assert!(!screen.contains("фильтр"), "{screen}");
}

/// The dashboard's own messages (issue 36 §2, i18n-app), at 80x24 where the
/// longer Russian must still fit: the branch picker's "all branches", a
/// `:` line kept with its mistake, and a refused export on the status line.
const MESSAGES: [(&str, &str); 3] = [
    ("branch_picker", "b"),
    ("command_mistake", ":sort name up\n"),
    ("export_refused", "5:export\n"),
];

#[test]
fn the_dashboard_s_own_messages_in_russian_and_uzbek() {
    for language in [Language::Ru, Language::Uz, Language::UzCyrl] {
        for (state, keys) in MESSAGES {
            let app = app_in(language, (80, 24), keys, false);
            assert_screen(language, (80, 24), state, &app);
        }
    }
}
