//! The dashboard's own messages in the language shown (issue 36 §2): the
//! export's and the clipboard's failures, a profile that cannot open, a
//! branch not of this centre, the branch picker's and the plugins' words.
//! The system's words (an `io::Error`, the server's) stay as sent.

use super::*;
use crate::app::branch_picker::BranchPicker;
use crate::app::protocol::{CopyRefused, ExportRefused, ProfileRefused};
use crate::app::status::Severity::{Error, Warning};
use crate::app::tests::snapshot::{started_from, with_cache};
use crate::cache::CacheError;
use crate::i18n::Language;
use crate::store::SnapshotError;
use std::path::PathBuf;
use std::sync::Arc;

fn in_language(language: Language) -> App {
    loaded_with(AppSettings {
        language,
        ..fixtures::settings()
    })
}

/// What the status line says after `input`, in `language`.
fn said_after(language: Language, input: Input) -> String {
    let mut app = in_language(language);
    app.update(input, now());
    let said = app.world.status.current().expect("something said");
    said.text.clone()
}

#[test]
fn export_failures_are_said_in_russian_the_system_s_words_kept() {
    let cases = [
        (
            ExportRefused::NoFolder,
            "нет ни папки загрузок, ни домашней папки: укажите путь после :export",
        ),
        (
            ExportRefused::Exists("~/groups.csv".to_string()),
            "~/groups.csv уже есть: :export! заменит его",
        ),
        (
            ExportRefused::LinkedFolder {
                target: PathBuf::from("/tmp/out/groups.csv"),
                link: PathBuf::from("/tmp/out"),
            },
            "не удаётся записать /tmp/out/groups.csv: /tmp/out — символическая ссылка \
             (укажите папку, на которую она ведёт)",
        ),
        (
            ExportRefused::Io {
                target: PathBuf::from("/tmp/groups.csv"),
                error: Arc::new(std::io::Error::other("No space left on device")),
            },
            "не удаётся записать /tmp/groups.csv: No space left on device",
        ),
    ];
    for (refused, said) in cases {
        let input = Input::Exported(Err(refused));
        assert_eq!(said_after(Language::Ru, input), said);
    }
    // In English (and in the log, which takes `Display`) as before.
    let exists = ExportRefused::Exists("~/groups.csv".to_string());
    assert_eq!(
        exists.to_string(),
        "~/groups.csv exists: :export! replaces it"
    );
}

#[test]
fn clipboard_failures_are_said_in_russian_and_logged_in_english() {
    let too_large = || CopyRefused::TooLarge {
        kb: 120,
        most_kb: 74,
    };
    let cases = [
        (
            CopyRefused::NotATerminal,
            "не скопировано: вывод идёт не в терминал",
        ),
        (
            CopyRefused::TmuxDrops {
                add: "set -g set-clipboard on".to_string(),
            },
            "не скопировано: tmux это отбрасывает; добавьте в ~/.tmux.conf: set -g set-clipboard on",
        ),
        (
            too_large(),
            "не скопировано: 120 КБ — слишком много для буфера обмена терминала (не больше 74 КБ)",
        ),
        (
            CopyRefused::Write(Arc::new(std::io::Error::other("Broken pipe"))),
            "не скопировано: не удаётся записать в терминал: Broken pipe",
        ),
    ];
    for (refused, said) in cases {
        assert!(refused.to_string().starts_with("not copied: "), "{refused}");
        assert_eq!(said_after(Language::Ru, Input::Copied(Err(refused))), said);
    }
    // Uzbek in its own words and order.
    assert_eq!(
        said_after(Language::Uz, Input::Copied(Err(too_large()))),
        "nusxalanmadi: 120 KB terminal buferi uchun juda koʻp (koʻpi bilan 74 KB)"
    );
}

#[test]
fn a_profile_without_a_config_is_said_in_russian() {
    let input = Input::ProfileSwitch {
        profile: "test".to_string(),
        result: Err(ProfileRefused::NoConfig),
    };
    let said = said_after(Language::Ru, input);
    let expected =
        "профиль test не открыт: панель запущена без конфигурации, из которой открываются профили";
    assert_eq!(said, expected);
}

#[test]
fn a_branch_not_of_this_centre_is_said_in_russian() {
    let app = loaded_with(AppSettings {
        branch_id: Some(7),
        language: Language::Ru,
        ..fixtures::settings()
    });
    assert_eq!(app.world.branch_id, None, "all branches");
    let note = status(&app, Warning);
    assert_eq!(
        note,
        Some("филиал #7 не относится к этому центру: показаны все филиалы")
    );
}

#[test]
fn a_tab_without_a_list_to_export_is_named_in_russian() {
    let mut app = in_language(Language::Ru);
    press(&mut app, "5");
    assert_eq!(app.tab, crate::app::Tab::Changes);
    let effects = press(&mut app, ":export\n");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Export { .. })));
    assert_eq!(
        status(&app, Error),
        Some("на вкладке «Изменения» нет списка для экспорта")
    );
}

#[test]
fn the_branch_picker_says_all_branches_and_a_wrong_id_in_russian() {
    let (mut app, effects) = App::new(
        AppSettings {
            language: Language::Ru,
            ..fixtures::settings()
        },
        fixtures::token_expires_at(),
        NARROW,
    );
    answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Branches => request.failed(ApiError::NotFound { message: None }),
            other => server_answer(other),
        })
    });
    press(&mut app, "babc\n");
    let picker = app.overlay::<BranchPicker>().expect("the picker is open");
    assert_eq!(
        picker.error.as_deref(),
        Some("\"abc\" — не id филиала: введите число или ничего, чтобы выбрать все филиалы")
    );
    assert_eq!(picker.all_branches(), "все филиалы");
    // Typed in the language shown, it still names every branch.
    let mut app = in_language(Language::Ru);
    press(&mut app, "bвсе\n");
    assert!(app.overlay::<BranchPicker>().is_none());
    assert_eq!(app.world.branch_id, None);
}

#[test]
fn the_plugins_failures_are_said_in_russian() {
    let mut app = in_language(Language::Ru);
    let id = fetch_of(&press(&mut app, "1r"), &Request::Plugins);
    respond_err(&mut app, id, &Request::Plugins, server_error());
    let said = status(&app, Error).unwrap();
    assert!(said.starts_with("плагины: "), "{said}");
    // An install whose outcome is unknown: checking, in Russian.
    let mut app = in_language(Language::Ru);
    let install = fetch_of(&press(&mut app, "1jiy"), &Request::Install(2));
    let lost = ApiError::ConnectionLost("127.0.0.1: connection closed".into());
    respond_err(&mut app, install, &Request::Install(2), lost);
    let said = status(&app, Error).unwrap();
    assert!(said.ends_with("; проверяем, установлен ли он…"), "{said}");
}

#[test]
fn a_401_that_hides_the_snapshot_is_said_in_russian() {
    let settings = AppSettings {
        language: Language::Ru,
        ..with_cache()
    };
    let (mut app, effects) = started_from(fixtures::snapshot(1..=30), settings);
    let refused = ApiError::Unauthorized {
        expired_at: None,
        message: None,
    };
    // The first 401 hides the snapshot and says so (the others left
    // unanswered, so that nothing said after it covers it).
    answer(&mut app, effects, &mut |request| {
        matches!(request, Request::Branches).then(|| request.failed(refused.clone()))
    });
    assert!(app.world.token_refused());
    assert_eq!(
        status(&app, Error),
        Some(
            "HTTP 401: токен отклонён; строки и плагины снимка скрыты, пока токен не принят: \
             нажмите R, чтобы перечитать токен"
        )
    );
}

#[test]
fn a_snapshot_not_used_is_said_in_russian_the_files_words_kept() {
    let refused = |why| {
        let path = "/c/crmdeck/snapshot-1.json".into();
        Arc::new(CacheError::Snapshot(path, why))
    };
    let cases = [
        (
            SnapshotError::Version(2),
            "снимок не использован: /c/crmdeck/snapshot-1.json: записан в формате 2, этот crmdeck читает 1",
        ),
        (
            SnapshotError::Unreadable("EOF while parsing".to_string()),
            "снимок не использован: /c/crmdeck/snapshot-1.json: не снимок (EOF while parsing)",
        ),
        (
            SnapshotError::ForeignKey,
            "снимок не использован: /c/crmdeck/snapshot-1.json: \
             снят для другого профиля, сервера, учётной записи или филиала",
        ),
    ];
    for (why, said) in cases {
        let input = Input::Snapshot(Err(refused(why)));
        assert_eq!(said_after(Language::Ru, input), said);
    }
    // The English, as the log's Display says it, is the same as before.
    let english = said_after(
        Language::En,
        Input::Snapshot(Err(refused(SnapshotError::Version(2)))),
    );
    let logged = refused(SnapshotError::Version(2)).to_string();
    assert_eq!(english, format!("snapshot not used: {logged}"));
}
