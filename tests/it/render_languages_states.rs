//! The screens' own words in states `render_languages.rs` does not draw
//! (issue 36 §2, §6): Today and the Week while their pages load, the Week
//! with a group it cannot place, the branch picker with nothing matching,
//! a list's filter line while typing, and a terminal too small, in
//! Russian (and one in Uzbek Cyrillic) at 80x24.

use crate::render_languages::{assert_screen, drawn};
use crate::support;

use crmdeck::app::{Answer, App, AppSettings, Request, WalkAnswer};
use crmdeck::i18n::Language;
use crmdeck::model::DaysCode;
use support::fixtures::{self, answer, loaded_app, press, server_answer};

const SIZE: (u16, u16) = (80, 24);

fn settings(language: Language) -> AppSettings {
    AppSettings {
        language,
        ..fixtures::settings()
    }
}

/// A new app in `language` whose requests the scripted server answered
/// where `pages` lets a page of groups through (the others left waiting),
/// after `keys`.
fn loading_app(language: Language, pages: fn(u64) -> bool, keys: &str) -> App {
    let mut reply = |request: &Request| match request {
        Request::Groups(query) if !pages(query.page) => None,
        _ => Some(server_answer(request)),
    };
    let (mut app, effects) = App::new(settings(language), fixtures::token_expires_at(), SIZE);
    answer(&mut app, effects, &mut reply);
    let effects = press(&mut app, keys);
    answer(&mut app, effects, &mut reply);
    app
}

/// The loaded app in `language` whose groups 3, 7 and 9 send a days code
/// nobody knows and group 5 no lesson time, after `keys`.
fn unplaced_app(language: Language, keys: &str) -> App {
    let mut reply = |request: &Request| {
        let mut answer = server_answer(request);
        if let Answer::Walk(WalkAnswer::Groups(_, Ok(page))) = &mut answer {
            for group in page.groups.iter_mut() {
                match group.id {
                    3 | 7 | 9 => group.days = DaysCode::Other("9".into()),
                    5 => (group.lesson_start_time, group.lesson_end_time) = (None, None),
                    _ => {}
                }
            }
        }
        Some(answer)
    };
    let (mut app, effects) = App::new(settings(language), fixtures::token_expires_at(), SIZE);
    answer(&mut app, effects, &mut reply);
    let effects = press(&mut app, keys);
    answer(&mut app, effects, &mut reply);
    app
}

fn loaded(language: Language, size: (u16, u16), keys: &str) -> App {
    let mut app = loaded_app(settings(language), size);
    let effects = press(&mut app, keys);
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    app
}

#[test]
fn today_and_the_week_while_their_pages_load() {
    let app = loading_app(Language::Ru, |_| false, "4");
    assert_screen(Language::Ru, SIZE, "today_loading", &app);
    let screen = drawn(&app).join("\n");
    assert!(screen.contains("Загрузка сегодняшних групп…"), "{screen}");
    let app = loading_app(Language::Ru, |page| page == 1, "3");
    assert_screen(Language::Ru, SIZE, "week_loading", &app);
    let screen = drawn(&app).join("\n");
    assert!(screen.contains("загрузка: 1/"), "{screen}");
}

#[test]
fn the_week_with_groups_it_cannot_place() {
    for language in [Language::Ru, Language::UzCyrl] {
        let app = unplaced_app(language, "3");
        assert_screen(language, SIZE, "week_not_placed", &app);
    }
    let screen = drawn(&unplaced_app(Language::Ru, "3")).join("\n");
    assert!(screen.contains("Не размещены"), "{screen}");
    assert!(screen.contains("код дней 9 неизвестен"), "{screen}");
    assert!(screen.contains("… и ещё 2"), "{screen}");
}

#[test]
fn the_branch_picker_with_nothing_matching() {
    let app = loaded(Language::Ru, SIZE, "bzzq");
    assert_screen(Language::Ru, SIZE, "branch_picker_no_match", &app);
    let screen = drawn(&app).join("\n");
    assert!(screen.contains("нет подходящего филиала"), "{screen}");
}

#[test]
fn the_filter_line_while_typing_and_kept() {
    let app = loaded(Language::Ru, SIZE, "/вечером zzq");
    assert_screen(Language::Ru, SIZE, "filter_typing", &app);
    let screen = drawn(&app).join("\n");
    assert!(screen.contains("ни в одной группе нет «zzq»"), "{screen}");
    let app = loaded(Language::Ru, SIZE, "/вечером\n");
    assert_screen(Language::Ru, SIZE, "filter_kept", &app);
    let screen = drawn(&app).join("\n");
    assert!(
        screen.contains("(/ — изменить, Esc — очистить)"),
        "{screen}"
    );
}

#[test]
fn a_terminal_too_small() {
    let app = loaded(Language::Ru, (40, 12), "");
    assert_screen(Language::Ru, (40, 12), "too_small", &app);
    let screen = drawn(&app).join("\n");
    assert!(screen.contains("терминал слишком мал"), "{screen}");
}
