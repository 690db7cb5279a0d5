//! The screens' own words in states `render_languages.rs` does not draw
//! (issue 36 §2, §6): Today and the Week while their pages load, the Week
//! with a group it cannot place, the branch picker with nothing matching,
//! a list's filter line while typing, and a terminal too small, in
//! Russian (and one in Uzbek Cyrillic) at 80x24.

use crate::render_languages::{assert_screen, drawn};
use crate::support;

use crmdeck::api::ApiError;
use crmdeck::app::{Answer, App, AppSettings, Input, Request, WalkAnswer};
use crmdeck::i18n::Language;
use crmdeck::model::DaysCode;
use support::fixtures::{self, answer, press, server_answer};

const SIZE: (u16, u16) = (80, 24);

/// A new app in `language` at `size` whose requests `reply` answered (a
/// None leaves one waiting), after `keys`.
fn app_in(
    language: Language,
    size: (u16, u16),
    keys: &str,
    reply: &mut dyn FnMut(&Request) -> Option<Answer>,
) -> App {
    let settings = AppSettings {
        language,
        ..fixtures::settings()
    };
    let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), size);
    answer(&mut app, effects, reply);
    let effects = press(&mut app, keys);
    answer(&mut app, effects, reply);
    app
}

/// The app in `language` whose pages of groups `pages` lets through (the
/// others left waiting), after `keys`.
fn loading(language: Language, pages: fn(u64) -> bool, keys: &str) -> App {
    app_in(language, SIZE, keys, &mut |request| match request {
        Request::Groups(query) if !pages(query.page) => None,
        _ => Some(server_answer(request)),
    })
}

/// The loaded app in `language` whose groups 3, 7 and 9 send a days code
/// nobody knows and group 5 no lesson time, after `keys`.
fn unplaced(language: Language, keys: &str) -> App {
    app_in(language, SIZE, keys, &mut |request| {
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
    })
}

/// The loaded app in `language` at `size`, after `keys`.
fn loaded(language: Language, size: (u16, u16), keys: &str) -> App {
    app_in(language, size, keys, &mut |request| {
        Some(server_answer(request))
    })
}

/// Asserts the snapshot of `state` and that the frame holds each of `words`.
fn shows(language: Language, state: &str, app: &App, words: &[&str]) {
    assert_screen(language, app.size(), state, app);
    let screen = drawn(app).join("\n");
    for word in words {
        assert!(screen.contains(word), "{state}: no {word:?} in\n{screen}");
    }
}

#[test]
fn today_and_the_week_while_their_pages_load() {
    let app = loading(Language::Ru, |_| false, "4");
    shows(
        Language::Ru,
        "today_loading",
        &app,
        &["Загрузка сегодняшних групп…"],
    );
    let app = loading(Language::Ru, |page| page == 1, "3");
    shows(Language::Ru, "week_loading", &app, &["загрузка: 1/5 стр."]);
}

#[test]
fn the_week_with_groups_it_cannot_place() {
    let words = ["Не размещены", "код дней 9 неизвестен", "… и ещё 2"];
    shows(
        Language::Ru,
        "week_not_placed",
        &unplaced(Language::Ru, "3"),
        &words,
    );
    let words = [
        "Жойлаштирилмаган",
        "кунлар коди 9 номаълум",
        "… ва яна 2 та",
    ];
    let app = unplaced(Language::UzCyrl, "3");
    shows(Language::UzCyrl, "week_not_placed", &app, &words);
}

#[test]
fn the_branch_picker_with_nothing_matching() {
    let app = loaded(Language::Ru, SIZE, "bzzq");
    let words = ["Фильтр:", "нет подходящего филиала"];
    shows(Language::Ru, "branch_picker_no_match", &app, &words);
}

#[test]
fn the_branch_picker_without_the_branch_list() {
    let app = app_in(Language::Ru, SIZE, "b", &mut |request| match request {
        Request::Branches => Some(request.failed(ApiError::Server {
            status: 502,
            message: None,
        })),
        _ => Some(server_answer(request)),
    });
    let words = ["ID филиала:", "Введите ID филиала или ничего — для всех"];
    shows(Language::Ru, "branch_picker_numeric", &app, &words);
}

#[test]
fn the_filter_line_while_typing_and_kept() {
    let app = loaded(Language::Ru, SIZE, "/вечером zzq");
    let words = [
        "фильтр / ",
        "ни в одной группе нет «zzq»",
        "вечер (с 17:00)",
    ];
    shows(Language::Ru, "filter_typing", &app, &words);
    let app = loaded(Language::Ru, SIZE, "/вечером\n");
    let words = ["(/ — изменить, Esc — очистить)"];
    shows(Language::Ru, "filter_kept", &app, &words);
}

#[test]
fn a_terminal_too_small() {
    let app = loaded(Language::Ru, (40, 12), "");
    let words = ["терминал слишком мал: нужно 60x15,", "сейчас 40x12"];
    shows(Language::Ru, "too_small", &app, &words);
}

#[test]
fn the_snapshot_hidden_by_a_refused_token() {
    let settings = AppSettings {
        language: Language::Ru,
        cache: true,
        ..fixtures::settings()
    };
    let (mut app, mut effects) = App::new(settings, fixtures::token_expires_at(), SIZE);
    let shown = Input::Snapshot(Ok(Box::new(fixtures::snapshot(1..=30))));
    effects.extend(app.update(shown, fixtures::now()));
    answer(&mut app, effects, &mut |request| {
        let refused = ApiError::Unauthorized {
            expired_at: None,
            message: None,
        };
        Some(request.failed(refused))
    });
    let words = ["Снимок скрыт, пока токен не принят: нажмите R, чтобы перечитать токен."];
    shows(Language::Ru, "snapshot_hidden", &app, &words);
}

#[test]
fn today_built_from_some_of_the_pages() {
    let app = app_in(Language::Ru, SIZE, "4", &mut |request| match request {
        Request::Groups(query) if query.page == 2 => Some(request.failed(ApiError::Server {
            status: 404,
            message: None,
        })),
        _ => Some(server_answer(request)),
    });
    let words = ["частично: 4/5 стр., не загружено 1 (r)"];
    shows(Language::Ru, "today_partial", &app, &words);
}
