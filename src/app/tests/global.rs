//! Keys that work everywhere, ticks, resizes, the mouse, and the messages
//! that are not API answers.

use super::*;
use crate::app::Tab;
use crate::app::ask::{Confirmation, Tell};
use crate::app::confirm::Confirm;
use crate::app::help::{Help, HelpLine, help_columns};
use crate::app::keymap::{Action, Keymap};
use crate::app::list_cursor::Movement;
use crate::app::status::Severity::{Error, Info, Warning};
use crate::i18n::Language;
use crate::secret::Token;
use chrono::TimeDelta;
use crossterm::event::{KeyEventKind, KeyEventState, MouseButton, MouseEvent, MouseEventKind};
use std::path::Path;
use std::time::Duration;

fn ctrl(app: &mut App, c: char) -> Vec<Effect> {
    chord(app, KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn tick(app: &mut App, after: TimeDelta) -> Vec<Effect> {
    app.update(Input::Tick, now() + after)
}

#[test]
fn in_a_cyrillic_layout_keys_act_by_their_place_and_inputs_take_the_letters() {
    let mut app = loaded();
    let index = |app: &App| app.tabs.groups.list.cursor.index;
    press(&mut app, "оо");
    assert_eq!(index(&app), 2, "о is the j key");
    press(&mut app, "л");
    assert_eq!(index(&app), 1, "л is the k key");
    // `.` is on the / key; the filter then takes every letter as typed.
    press(&mut app, ".Мент");
    assert_eq!(app.context(), Context::FilterInput);
    assert_eq!(app.tabs.groups.list.filter.text(), "Мент");
    let mental: Vec<i64> = (0..12).map(|n| 6 + 8 * n).collect();
    assert_eq!(visible_ids(&app), mental, "Mental arithmetic");
    press(&mut app, "й");
    assert_eq!(app.tabs.groups.list.filter.text(), "Ментй");
    press(&mut app, "\x1b");
    press(&mut app, "и");
    assert_eq!(app.context(), Context::BranchPicker, "и is the b key");
    assert!(press(&mut app, "й").is_empty(), "a letter in the picker");
    press(&mut app, "\x1b");
    assert_eq!(press(&mut app, "й"), vec![Effect::Quit], "й is the q key");
}

#[test]
fn q_quits_except_where_it_is_text_and_ctrl_c_always_quits() {
    let mut app = loaded();
    assert_eq!(press(&mut app, "q"), vec![Effect::Quit]);
    for opening in ["/", "b", "1ji"] {
        let mut app = loaded();
        press(&mut app, opening);
        assert!(press(&mut app, "q").is_empty(), "{opening:?}");
        assert_eq!(ctrl(&mut app, 'c'), vec![Effect::Quit], "{opening:?}");
    }
    // The help takes letters to find actions: q is text there too.
    let mut app = loaded();
    press(&mut app, "?");
    assert!(press(&mut app, "q").is_empty());
    assert_eq!(ctrl(&mut app, 'c'), vec![Effect::Quit]);
}

#[test]
fn ctrl_z_suspends_and_resuming_changes_nothing() {
    let mut app = loaded();
    press(&mut app, "jj");
    assert_eq!(ctrl(&mut app, 'z'), vec![Effect::Suspend]);
    assert!(app.update(Input::Resumed, now()).is_empty());
    assert_eq!(selected_group(&app), Some(3));
}

#[test]
fn help_lists_the_context_it_was_opened_in_and_closes() {
    let mut app = loaded();
    press(&mut app, "?");
    let under = |app: &App| app.overlay::<Help>().map(|help| help.under);
    assert_eq!(under(&app), Some(Context::GroupsList));
    press(&mut app, "?");
    assert!(app.overlays.is_empty());
    press(&mut app, "1d?");
    assert_eq!(under(&app), Some(Context::PluginDetail));
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::PluginDetail);
    // Typing `2` finds the Groups tab's key; Enter runs it, which closes
    // the help.
    press(&mut app, "?2\n");
    assert!(app.overlays.is_empty());
    assert_eq!(app.tab, Tab::Groups);
}

#[test]
fn help_scrolls_when_it_does_not_fit() {
    let mut app = loaded();
    app.update(Input::Resize(60, 15), now());
    press(&mut app, "?");
    let scroll = |app: &App| app.overlay::<Help>().expect("help is open").scroll;
    special(&mut app, KeyCode::PageDown);
    let down = scroll(&app);
    assert!(down > 0);
    special(&mut app, KeyCode::PageUp);
    assert_eq!(scroll(&app), 0);
    for _ in 0..100 {
        special(&mut app, KeyCode::PageDown);
    }
    let bottom = scroll(&app);
    // The keys, the commands and the log file: about 60 lines in one column.
    assert!(bottom < 60, "bounded by the content: {bottom}");
    // ↓ to the last action scrolls to it, ↑ back to the first scrolls up.
    special(&mut app, KeyCode::PageUp);
    for _ in 0..100 {
        special(&mut app, KeyCode::PageUp);
    }
    for _ in 0..40 {
        special(&mut app, KeyCode::Down);
    }
    assert!(
        scroll(&app) > 0,
        "the last action is below the first screen"
    );
    for _ in 0..40 {
        special(&mut app, KeyCode::Up);
    }
    assert_eq!(scroll(&app), 0);
}

#[test]
fn r_refreshes_the_active_tab_and_retries_the_branches() {
    let (mut app, effects) = fresh();
    answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Branches => request.failed(server_error()),
            other => server_answer(other),
        })
    });
    let effects = press(&mut app, "r");
    fetch_of(&effects, &again_request(1));
    fetch_of(&effects, &Request::Branches);
    let effects = press(&mut app, "1r");
    assert_eq!(
        fetches(&effects)
            .into_iter()
            .map(|(_, r)| r)
            .collect::<Vec<_>>(),
        vec![Request::Plugins]
    );
}

#[test]
fn capital_r_reloads_the_token_and_its_answer_is_shown() {
    let mut app = loaded();
    let effects = chord(&mut app, KeyCode::Char('R'), KeyModifiers::SHIFT);
    // The config is read again too (issue 37: a profile added since the start).
    assert_eq!(effects, vec![Effect::ReloadToken, Effect::ReadProfiles]);
    let expiry = now() + TimeDelta::hours(12);
    let effects = app.update(Input::TokenReloaded(Ok(Some(expiry))), now());
    assert_eq!(app.world.token_expires_at, Some(expiry));
    assert_eq!(
        status(&app, Info),
        Some("token reloaded (expires in 12h 0m)")
    );
    fetch_of(&effects, &again_request(1));
    app.update(
        Input::TokenReloaded(Err(
            Token::new("opensesame").masked_line("token_command exited with 1")
        )),
        now(),
    );
    assert_eq!(
        status(&app, Error),
        Some("cannot reload the token: token_command exited with 1")
    );
}

/// Issue 33 §2, issue 34 §6: the runtime starts the app again on another
/// account's keys; the new app says why the rows shown before are gone,
/// as a warning that stays, and asks for nothing more (its start did).
#[test]
fn another_accounts_token_is_said_and_asks_nothing_more() {
    use crate::app::protocol::AccountChange;
    let cases = [
        (
            AccountChange::NewToken { known: true },
            "another account's: the rows",
        ),
        (
            AccountChange::NewToken { known: false },
            "nothing is kept until it is known",
        ),
        (
            AccountChange::NotAsRemembered,
            "names another account than this token was",
        ),
    ];
    for (change, said) in cases {
        let mut app = loaded();
        let effects = app.update(Input::AccountChanged(change), now());
        assert_eq!(effects, vec![], "{change:?}");
        let shown = status(&app, Warning).unwrap_or_default();
        assert!(shown.contains(said), "{change:?}: {shown}");
        tick(&mut app, TimeDelta::hours(1));
        assert!(status(&app, Warning).is_some(), "{change:?}: it stays");
    }
}

#[test]
fn errors_stay_until_escape_and_information_fades() {
    let mut app = loaded();
    let id = fetch_of(&press(&mut app, "1r"), &Request::Plugins);
    respond_err(&mut app, id, &Request::Plugins, server_error());
    tick(&mut app, TimeDelta::hours(1));
    assert!(status(&app, Error).is_some());
    press(&mut app, "\x1b");
    assert!(app.world.status.current().is_none());
    // A walk stopped with Esc says so, for a moment.
    press(&mut app, "2r\x1b");
    assert!(status(&app, Info).is_some());
    assert_eq!(app.needs_tick(), Some(Duration::from_secs(4)));
    tick(&mut app, TimeDelta::seconds(3));
    assert!(status(&app, Info).is_some());
    tick(&mut app, TimeDelta::seconds(5));
    assert!(app.world.status.current().is_none());
}

#[test]
fn ticks_are_wanted_only_while_something_can_change() {
    let idle = fixtures::settings();
    let (app, _) = App::new(idle.clone(), None, NARROW);
    assert_eq!(
        app.needs_tick(),
        Some(Duration::from_millis(100)),
        "loading"
    );
    let app = loaded_app_expiring(idle.clone(), None, NARROW);
    assert_eq!(app.needs_tick(), None, "an idle dashboard costs nothing");
    let warned = loaded_with(fixtures::settings());
    assert_eq!(warned.needs_tick(), Some(Duration::from_secs(30)));
    let later = loaded_app_expiring(idle.clone(), Some(now() + TimeDelta::hours(3)), NARROW);
    assert_eq!(later.needs_tick(), Some(Duration::from_secs(2 * 3600)));
    let refreshing = AppSettings {
        auto_refresh: Some(Duration::from_secs(60)),
        ..idle
    };
    let refreshing = loaded_app_expiring(refreshing, None, NARROW);
    assert_eq!(refreshing.needs_tick(), Some(Duration::from_secs(60)));
}

#[test]
fn auto_refresh_refetches_the_page_on_time() {
    let mut app = loaded_with(AppSettings {
        auto_refresh: Some(Duration::from_secs(60)),
        ..fixtures::settings()
    });
    assert!(tick(&mut app, TimeDelta::seconds(30)).is_empty());
    let effects = tick(&mut app, TimeDelta::seconds(61));
    fetch_of(&effects, &again_request(1));
    // The next one is a minute later.
    assert!(tick(&mut app, TimeDelta::seconds(90)).is_empty());
}

#[test]
fn a_resize_keeps_the_selection_on_screen() {
    let mut app = loaded();
    press(&mut app, "G");
    app.update(Input::Resize(80, 15), now());
    assert_eq!(app.world.layout.size, (80, 15));
    assert_eq!(app.tabs.groups.list.cursor.index, 94);
    assert_eq!(
        app.tabs.groups.list.cursor.offset, 85,
        "10 rows on screen at 80x15"
    );
}

#[test]
fn key_releases_are_ignored() {
    let mut app = loaded();
    let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    release.state = KeyEventState::NONE;
    assert!(app.update(Input::Key(release), now()).is_empty());
}

fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) -> Vec<Effect> {
    let event = MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.update(Input::Mouse(event), now())
}

#[test]
fn the_wheel_scrolls_and_a_click_selects_a_row_or_a_tab() {
    let mut app = loaded();
    mouse(&mut app, MouseEventKind::ScrollDown, 10, 10);
    assert_eq!(app.tabs.groups.list.cursor.index, 3);
    mouse(&mut app, MouseEventKind::ScrollUp, 10, 10);
    assert_eq!(app.tabs.groups.list.cursor.index, 0);
    // Rows start on line 3 (top line, summary, column heads).
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 10, 7);
    assert_eq!(selected_group(&app), Some(5));
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 10, 0);
    assert_eq!(app.tab, Tab::Plugins);
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 5, 4);
    assert_eq!(selected_plugin(&app), Some(2));
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 5, 3);
    press(&mut app, "d");
    // Plugin 1's detail is taller than the screen.
    mouse(&mut app, MouseEventKind::ScrollDown, 10, 10);
    assert_eq!(app.tabs.plugins.list.detail_scroll, 3);
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 22, 0);
    assert_eq!(app.tab, Tab::Groups);
}

#[test]
fn without_mouse_mode_the_mouse_does_nothing() {
    let mut app = loaded_with(AppSettings {
        mouse: false,
        ..fixtures::settings()
    });
    mouse(&mut app, MouseEventKind::ScrollDown, 10, 10);
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 10, 0);
    assert_eq!(
        (app.tabs.groups.list.cursor.index, app.tab),
        (0, Tab::Groups)
    );
}

#[test]
fn config_warnings_stay_on_the_status_line_until_esc() {
    let warning =
        "config file ~/c.toml holds a token and is readable by others: chmod 600 ~/c.toml";
    let mut app = loaded_with(AppSettings {
        warnings: vec![warning.to_string()],
        ..fixtures::settings()
    });
    // Loading the groups and plugins did not replace it, nor does time.
    tick(&mut app, TimeDelta::minutes(10));
    assert_eq!(status(&app, Warning), Some(warning));
    press(&mut app, "\x1b");
    assert!(app.world.status.current().is_none());
}

#[test]
fn a_confirmation_gives_the_command_it_carries_and_names_its_key_by_its_verb() {
    let mut app = loaded();
    let confirmation = Confirmation {
        title: "Show a branch",
        verb: "show",
        object: "Yunusobod".to_string(),
        facts: Vec::new(),
        command: Tell::ShowBranch(Some(2)),
    };
    app.overlays.push(Confirm(confirmation).into());
    assert_eq!(app.context(), Context::Confirm);
    let hints: Vec<(String, &str)> = app
        .hints()
        .into_iter()
        .map(|hint| (hint.key, hint.label))
        .collect();
    assert_eq!(hints[0], ("y".to_string(), "show"));
    let effects = press(&mut app, "y");
    assert!(app.overlays.is_empty());
    let branch_2 = GroupsQuery {
        branch_id: Some(2),
        ..query(1)
    };
    fetch_of(&effects, &Request::Groups(branch_2));
    assert_eq!(install_fetches(&effects), 0);
}

#[test]
fn a_tab_shown_by_number_or_click_closes_the_overlays() {
    let mut app = loaded();
    press(&mut app, "?");
    assert_eq!(app.context(), Context::Help);
    // A click is not for the tab under an overlay.
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 10, 0);
    assert_eq!(app.tab, Tab::Groups);
    press(&mut app, "1\n");
    assert!(app.overlays.is_empty());
    assert_eq!(app.context(), Context::PluginsList);
}

/// Settings with no zone in the config: the centre default until the API
/// names the centre's.
fn no_configured_zone() -> AppSettings {
    AppSettings {
        config_zone: None,
        ..fixtures::settings()
    }
}

/// Group 6 sends the end of its lesson as a UTC timestamp: that end as
/// its row in the Groups tab and its place in the week show it.
fn ends_of_group_6(app: &App) -> (String, String) {
    let rows = &app.tabs.groups.rows;
    let (time, _) = group_cell(&rows.table.rows[rows.index(6).unwrap()], "time");
    let (_, slot) = app
        .tabs
        .week
        .week
        .slots()
        .find(|(_, slot)| slot.group_id == 6)
        .unwrap();
    let row_end = time.rsplit('–').next().unwrap().to_string();
    (row_end, slot.end.format("%H:%M").to_string())
}

#[test]
fn the_centres_zone_named_by_the_api_is_used_for_the_rows_and_the_week() {
    let (mut app, effects) = App::new(no_configured_zone(), fixtures::token_expires_at(), NARROW);
    let me = fetch_of(&effects, &Request::Me);
    let mut others = |request: &Request| match request {
        Request::Me => None,
        other => Some(server_answer(other)),
    };
    answer(&mut app, effects, &mut others);
    let walk = press(&mut app, "w");
    answer(&mut app, walk, &mut others);
    // Asia/Tashkent meanwhile: 11:30 UTC is 16:30.
    assert_eq!(ends_of_group_6(&app), ("16:30".into(), "16:30".into()));
    // Samara is an hour behind Tashkent.
    respond(
        &mut app,
        me,
        Answer::App(AppAnswer::Me(Ok(fixtures::me("Europe/Samara")))),
    );
    assert_eq!(app.world.zone.to_string(), "Europe/Samara");
    assert_eq!(ends_of_group_6(&app), ("15:30".into(), "15:30".into()));
    assert!(app.world.status.current().is_none(), "without a word");
}

#[test]
fn the_centres_zone_the_same_as_the_one_shown_lays_nothing_out_again() {
    let (mut app, _) = App::new(no_configured_zone(), fixtures::token_expires_at(), NARROW);
    let same = AppAnswer::Me(Ok(fixtures::me("Asia/Tashkent")));
    assert!(
        app.world.learn(same).is_none(),
        "the rows' times stay as made"
    );
    let other = AppAnswer::Me(Ok(fixtures::me("Europe/Samara")));
    assert!(matches!(app.world.learn(other), Some(Tell::CentreZone)));
    // A zone the config names is not the centre's to change.
    let (mut configured, _) = App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
    let other = AppAnswer::Me(Ok(fixtures::me("Europe/Samara")));
    assert!(configured.world.learn(other).is_none());
}

#[test]
fn a_failing_or_zoneless_answer_keeps_the_default_without_a_word() {
    let answers = [
        Answer::App(AppAnswer::Me(Err(ApiError::NotFound { message: None }))),
        Answer::App(AppAnswer::Me(Err(ApiError::Forbidden { message: None }))),
        Answer::App(AppAnswer::Me(Ok(fixtures::me("UTC+5")))),
        Answer::App(AppAnswer::Me(Ok(crate::model::Me::default()))),
    ];
    for result in answers {
        let (mut app, effects) =
            App::new(no_configured_zone(), fixtures::token_expires_at(), NARROW);
        let me = fetch_of(&effects, &Request::Me);
        respond(&mut app, me, result.clone());
        assert_eq!(app.world.zone.to_string(), "Asia/Tashkent");
        assert!(app.world.status.current().is_none(), "{result:?}");
    }
}

#[test]
fn a_zone_in_the_config_wins_over_the_centres_and_the_centre_is_named() {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
    let me = fetch_of(&effects, &Request::Me);
    assert_eq!(app.world.centre(), None);
    respond(
        &mut app,
        me,
        Answer::App(AppAnswer::Me(Ok(fixtures::me("Europe/Samara")))),
    );
    assert_eq!(app.world.zone.to_string(), "Asia/Tashkent");
    assert_eq!(app.world.centre(), Some("Ziyo Learning Centre"));
}

#[test]
fn without_a_centre_name_the_host_stays() {
    let answers = [
        Answer::App(AppAnswer::Me(Err(ApiError::NotFound { message: None }))),
        Answer::App(AppAnswer::Me(Err(ApiError::Forbidden { message: None }))),
        Answer::App(AppAnswer::Me(Ok(crate::model::Me::default()))),
    ];
    for result in answers {
        let (mut app, effects) =
            App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
        let me = fetch_of(&effects, &Request::Me);
        respond(&mut app, me, result.clone());
        assert_eq!(app.world.centre(), None, "{result:?}");
        assert!(app.world.status.current().is_none(), "{result:?}");
    }
}

#[test]
fn a_screens_message_goes_when_another_tab_is_shown() {
    let mut app = loaded();
    // Click (plugin 4) is not installed; Telegram bot (1) is: `i` on it says so.
    press(&mut app, "1i");
    let said = app.world.status.current().expect("a message").text.clone();
    assert!(said.contains("already installed"), "{said}");
    press(&mut app, "3");
    assert!(
        app.world.status.current().is_none(),
        "{said:?} followed to the week"
    );

    // What the app says for every screen (the config's warnings) stays.
    let mut settings = fixtures::settings();
    settings.warnings = vec!["config readable by others".into()];
    let (mut app, _) = App::new(settings, fixtures::token_expires_at(), NARROW);
    press(&mut app, "13");
    assert_eq!(
        app.world.status.current().map(|m| m.text.as_str()),
        Some("config readable by others")
    );
}

#[test]
fn help_finds_actions_by_name_or_key_and_enter_runs_one_where_it_was_opened() {
    let mut app = loaded();
    press(&mut app, "?sort");
    let chosen = |app: &App| {
        let help = app.overlay::<Help>().expect("help is open");
        help.chosen(&app.world.settings.keymap, app.world.settings.language)
    };
    assert_eq!(chosen(&app), Some(Action::CycleSort));
    special(&mut app, KeyCode::Down);
    assert_eq!(chosen(&app), Some(Action::ReverseSort));
    press(&mut app, "\n");
    assert!(app.overlays.is_empty());
    assert!(app.tabs.groups.list.descending);
    // A key typed as it is chosen before the actions that merely hold the
    // letter (`toggle archived` holds a g): G is the last row, g the first.
    press(&mut app, "?G");
    assert_eq!(chosen(&app), Some(Action::Move(Movement::Bottom)));
    special(&mut app, KeyCode::Backspace);
    press(&mut app, "g");
    assert_eq!(chosen(&app), Some(Action::Move(Movement::Top)));
    press(&mut app, "\x1b");
    // Nothing found: Enter does nothing, the help stays.
    press(&mut app, "?zzz\n");
    assert_eq!(app.context(), Context::Help);
}

#[test]
fn a_rebound_key_works_and_the_help_shows_it() {
    let user = [("cycle_sort".to_string(), vec!["o".to_string()])];
    let keymap = Keymap::with_user(user.iter().map(|(a, k)| (a.as_str(), k.as_slice()))).unwrap();
    let mut app = loaded_with(AppSettings {
        keymap: keymap.clone(),
        ..fixtures::settings()
    });
    press(&mut app, "s");
    assert!(app.tabs.groups.list.sort.is_none());
    press(&mut app, "o");
    assert!(app.tabs.groups.list.sort.is_some());
    let columns = help_columns(
        &keymap,
        (Context::GroupsList, Language::En),
        "sort",
        Path::new("/l"),
        80,
    );
    let keys: Vec<&str> = columns
        .iter()
        .flatten()
        .filter_map(|line| match line {
            HelpLine::Key { keys, action, .. } if *action == Action::CycleSort => {
                Some(keys.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(keys, ["o"]);
}

#[test]
fn help_lists_the_commands_and_its_search_finds_them() {
    let keymap = Keymap::default();
    let lines = |query| {
        help_columns(
            &keymap,
            (Context::GroupsList, Language::En),
            query,
            Path::new("/l"),
            80,
        )
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
    };
    let words = |lines: &[HelpLine]| -> Vec<String> {
        lines
            .iter()
            .filter_map(|line| match line {
                HelpLine::Command { word, .. } => Some(word.clone()),
                _ => None,
            })
            .collect()
    };
    let all = lines("");
    for word in [":groups", ":branch", ":profile", ":export", ":q"] {
        assert!(words(&all).iter().any(|w| w == word), "{word}");
    }
    let found = lines("exp");
    assert_eq!(words(&found), [":export"]);
    // The keyless export row shows its word where a key would be.
    assert!(found.iter().any(|line| matches!(
        line,
        HelpLine::Key { keys, action: Action::Export, .. } if keys == ":export"
    )));
    // Nothing about the token is a command: no Commands heading.
    assert!(words(&lines("tok")).is_empty());
    assert!(!lines("tok").contains(&HelpLine::Heading("Commands (:)")));
}

#[test]
fn a_plugins_error_shows_on_the_plugins_tab_not_on_groups() {
    let mut app = loaded();
    let id = fetch_of(&press(&mut app, "1r"), &Request::Plugins);
    press(&mut app, "2");
    respond_err(&mut app, id, &Request::Plugins, server_error());
    assert_eq!(app.tab, Tab::Groups);
    assert!(app.world.status.current().is_none(), "not the Groups tab's");
    press(&mut app, "1");
    assert!(
        status(&app, Error)
            .unwrap()
            .starts_with("plugins: HTTP 502")
    );
    press(&mut app, "2");
    assert!(
        app.world.status.current().is_none(),
        "it stays with Plugins"
    );
}

#[test]
fn the_help_lists_every_tabs_number_key_and_word() {
    let lines = |keymap: &Keymap| {
        help_columns(
            keymap,
            (Context::GroupsList, Language::En),
            "",
            Path::new("/l"),
            80,
        )
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
    };
    let listed = |lines: &[HelpLine], tab: Tab| {
        let key = lines.iter().any(|line| {
            matches!(line, HelpLine::Key { keys, action: Action::ShowTab(shown), .. }
                if *shown == tab && *keys == tab.key().to_string())
        });
        let word = format!(":{}", tab.name().to_lowercase());
        let word = (lines.iter())
            .any(|line| matches!(line, HelpLine::Command { word: w, .. } if *w == word));
        (key, word)
    };
    let every = lines(&Keymap::default());
    for &tab in Tab::ALL {
        assert_eq!(listed(&every, tab), (true, true), "{tab:?}");
    }
    // A keymap made for a few tabs (the help's render snapshots') lists
    // those alone.
    let few = lines(&Keymap::default().for_tabs(&[Tab::Groups]));
    for &tab in Tab::ALL {
        let shown = tab == Tab::Groups;
        assert_eq!(listed(&few, tab), (shown, shown), "{tab:?}");
    }
}
