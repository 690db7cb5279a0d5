//! The `:` command line driven by keys: what each line does, Tab, the
//! history, and mistakes that keep the text.

use super::*;
use crate::app::Tab;
use crate::app::command_line::CommandLine;
use crate::app::confirm::Confirm;

fn prompt(app: &App) -> &CommandLine {
    app.overlay::<CommandLine>()
        .expect("the command line is open")
}

#[test]
fn colon_opens_the_prompt_and_esc_closes_it() {
    let mut app = loaded();
    press(&mut app, ":");
    assert_eq!(app.context(), Context::CommandLine);
    // Letters are text here, not keys.
    press(&mut app, "qj");
    assert_eq!(prompt(&app).input.text(), "qj");
    press(&mut app, "\x1b");
    assert!(app.overlay::<CommandLine>().is_none());
}

#[test]
fn a_tab_word_shows_the_tab_and_the_line_is_remembered() {
    let mut app = loaded();
    let effects = press(&mut app, ":plu\n");
    assert_eq!(app.tab, Tab::Plugins);
    assert!(app.overlays.is_empty());
    assert!(effects.contains(&Effect::RememberCommand("plu".to_string())));
    assert_eq!(app.world.settings.command_history, ["plu"]);
}

#[test]
fn today_is_a_word_completed_and_run_like_the_other_tabs() {
    let mut app = loaded();
    press(&mut app, ":to\t");
    assert_eq!(prompt(&app).input.text(), "today");
    press(&mut app, "\n");
    assert_eq!(app.tab, Tab::Today);
    assert!(app.overlays.is_empty());
    press(&mut app, ":groups\n");
    assert_eq!(app.tab, Tab::Groups);
}

#[test]
fn branch_tab_enter_switches_the_branch() {
    let mut app = loaded();
    press(&mut app, ":branch Ser\t");
    assert_eq!(prompt(&app).input.text(), "branch Sergeli");
    assert_eq!(prompt(&app).candidates, ["branch Sergeli"]);
    press(&mut app, "\n");
    assert_eq!(app.world.branch_id, Some(4));
    // Cyrillic typed, Latin found.
    press(&mut app, ":branch Чил\n");
    assert_eq!(app.world.branch_id, Some(1));
}

#[test]
fn tab_cycles_through_the_candidates() {
    let mut app = loaded();
    press(&mut app, ":branch \t");
    assert_eq!(prompt(&app).input.text(), "branch Chilonzor");
    press(&mut app, "\t");
    assert_eq!(prompt(&app).input.text(), "branch Yunusobod");
    assert_eq!(prompt(&app).candidates.len(), 4);
}

#[test]
fn a_mistake_keeps_the_prompt_open_with_its_text() {
    let mut app = loaded();
    press(&mut app, ":brnch Sergeli\n");
    assert_eq!(prompt(&app).input.text(), "brnch Sergeli");
    assert_eq!(
        prompt(&app).error.as_deref(),
        Some("no command :brnch — did you mean :branch?")
    );
    chord(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    press(&mut app, "sort nope\n");
    let error = prompt(&app).error.clone().unwrap();
    assert!(error.contains("one of"), "{error}");
    assert!(app.world.settings.command_history.is_empty());
}

#[test]
fn filter_and_sort_go_to_the_tab_shown() {
    let mut app = loaded();
    press(&mut app, ":plugins\n:filter pay\n");
    assert_eq!(app.tabs.plugins.list.filter.text(), "pay");
    assert!(app.tabs.groups.list.filter.is_empty());
    let names: Vec<i64> = app
        .tabs
        .plugins
        .list
        .shown()
        .map(|i| app.world.plugins()[i].id)
        .collect();
    assert_eq!(names, [3]);
    // The plugins sort by nothing: the line says so and stays.
    press(&mut app, ":filter\n:sort name\n");
    assert!(
        prompt(&app)
            .error
            .as_ref()
            .is_some_and(|e| e.contains("does not sort"))
    );
    press(&mut app, "\x1b:groups\n:sort start date desc\n");
    assert!(app.tabs.groups.list.descending);
    assert_eq!(
        app.tabs.groups.list.sort.map(|s| s.name(COLUMNS)),
        Some("start date")
    );
}

#[test]
fn install_asks_through_the_confirmation_and_read_only_refuses() {
    let mut app = loaded();
    press(&mut app, ":install 2\n");
    assert_eq!(app.tab, Tab::Plugins);
    assert!(app.overlay::<Confirm>().is_some());
    let mut read_only = loaded_with(AppSettings {
        read_only: true,
        ..fixtures::settings()
    });
    let effects = press(&mut read_only, ":install 2\n");
    assert!(read_only.overlay::<Confirm>().is_none());
    assert_eq!(install_fetches(&effects), 0);
}

#[test]
fn export_writes_the_rows_on_screen() {
    let mut app = loaded();
    let effects = press(&mut app, ":plugins\n:filter pay\n:export csv /tmp/x.csv\n");
    let export = effects.iter().find_map(|effect| match effect {
        Effect::Export {
            contents,
            rows,
            path,
            ..
        } => Some((contents, rows, path)),
        _ => None,
    });
    let (contents, rows, path) = export.expect("an export");
    assert_eq!(*rows, 1);
    assert_eq!(path.as_deref(), Some("/tmp/x.csv"));
    assert!(contents.contains("Payme payments"), "{contents}");
    app.update(
        Input::Msg(Msg::Exported(Ok((1, "/tmp/x.csv".to_string())))),
        now(),
    );
    let said = app.world.status.current().map(|m| m.text.clone());
    assert_eq!(said.as_deref(), Some("exported 1 row to /tmp/x.csv"));
}

/// The file `:export` asks the runtime to write, and how many rows.
fn exported(effects: &[Effect]) -> Option<(&String, usize)> {
    effects.iter().find_map(|effect| match effect {
        Effect::Export { contents, rows, .. } => Some((contents, *rows)),
        _ => None,
    })
}

#[test]
fn the_week_exports_its_lessons_and_today_its_lines() {
    let mut app = loaded();
    let effects = press(&mut app, ":week\n:export csv\n");
    let (contents, rows) = exported(&effects).expect("the week exported");
    assert_eq!(rows, app.tabs.week.week.slots().count());
    assert!(rows > 0);
    assert!(
        contents.starts_with("day,start,end,group_id,"),
        "{contents}"
    );
    let effects = press(&mut app, ":today\n:export csv\n");
    let (contents, rows) = exported(&effects).expect("today exported");
    assert_eq!(rows, app.tabs.today.entries.len());
    assert!(rows > 0);
    // The part of each line, in the order shown: now first.
    assert!(contents.starts_with("part,start,end,when,"), "{contents}");
    let first = contents.lines().nth(1).unwrap_or_default();
    assert!(
        first.starts_with(app.tabs.today.entries[0].part.key()),
        "{first}"
    );
}

#[test]
fn a_week_not_laid_out_yet_has_nothing_to_export() {
    let (mut app, _) = fresh();
    let effects = press(&mut app, ":week\n:export json\n");
    assert!(exported(&effects).is_none());
    assert!(
        app.world
            .status
            .current()
            .is_some_and(|m| m.text.contains("no list"))
    );
}

#[test]
fn up_and_down_walk_the_history_back_to_the_draft() {
    let mut app = loaded_with(AppSettings {
        command_history: vec!["groups".to_string(), "filter ielts".to_string()],
        ..fixtures::settings()
    });
    press(&mut app, ":wee");
    special(&mut app, KeyCode::Up);
    assert_eq!(prompt(&app).input.text(), "filter ielts");
    special(&mut app, KeyCode::Up);
    special(&mut app, KeyCode::Up);
    assert_eq!(prompt(&app).input.text(), "groups");
    special(&mut app, KeyCode::Down);
    special(&mut app, KeyCode::Down);
    assert_eq!(prompt(&app).input.text(), "wee");
}

#[test]
fn refresh_help_and_q_do_what_their_keys_do() {
    let mut app = loaded();
    assert!(press(&mut app, ":q\n").contains(&Effect::Quit));
    let mut app = loaded();
    press(&mut app, ":help\n");
    assert_eq!(app.context(), Context::Help);
    let mut app = loaded();
    let effects = press(&mut app, ":refresh\n");
    assert!(!fetches(&effects).is_empty());
}

#[test]
fn profile_completes_from_the_config_and_asks_the_runtime_to_switch() {
    let mut app = loaded();
    press(&mut app, ":profile T\t");
    assert_eq!(prompt(&app).input.text(), "profile test");
    let effects = press(&mut app, "\n");
    assert!(app.overlays.is_empty());
    assert!(effects.contains(&Effect::SwitchProfile("test".to_string())));
    assert!(effects.contains(&Effect::RememberCommand("profile test".to_string())));
    assert_eq!(status(&app, Severity::Info), Some("opening profile test…"));
    // A unique prefix, whatever the case, names the profile as written.
    let effects = press(&mut app, ":prof DE\n");
    assert!(effects.contains(&Effect::SwitchProfile("demo".to_string())));
}

#[test]
fn an_unknown_profile_keeps_the_line_and_switches_nothing() {
    let mut app = loaded();
    let effects = press(&mut app, ":profile tset\n");
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::SwitchProfile(_)))
    );
    assert_eq!(prompt(&app).input.text(), "profile tset");
    assert_eq!(
        prompt(&app).error.as_deref(),
        Some("no profile tset — did you mean test?")
    );
    assert!(app.world.settings.command_history.is_empty());
}

#[test]
fn a_profile_that_did_not_open_leaves_everything_and_says_why() {
    let mut app = loaded();
    press(&mut app, ":profile test\n");
    let before = visible_ids(&app);
    let failed = Msg::ProfileSwitch {
        profile: "test".to_string(),
        result: Err("token command `pass` exited with status 1".to_string()),
    };
    let effects = app.update(Input::Msg(failed), now());
    assert!(effects.is_empty());
    assert_eq!(visible_ids(&app), before);
    assert_eq!(app.world.settings.profile.as_deref(), Some("demo"));
    assert_eq!(
        status(&app, Severity::Error),
        Some("profile test not opened: token command `pass` exited with status 1")
    );
}

#[test]
fn the_new_profiles_app_says_the_switch_with_its_configs_warnings() {
    let switched = || {
        Input::Msg(Msg::ProfileSwitch {
            profile: "test".to_string(),
            result: Ok(()),
        })
    };
    let mut app = loaded();
    app.update(switched(), now());
    assert_eq!(
        status(&app, Severity::Info),
        Some("switched to profile test")
    );
    let mut warned = loaded_with(AppSettings {
        warnings: vec!["token file ~/t holds a token and is readable by others".to_string()],
        ..fixtures::settings()
    });
    warned.update(switched(), now());
    assert_eq!(
        status(&warned, Severity::Warning),
        Some("switched to profile test; token file ~/t holds a token and is readable by others")
    );
}
