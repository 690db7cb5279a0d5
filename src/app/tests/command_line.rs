//! The `:` command line driven by keys: what each line does, Tab, the
//! history, and mistakes that keep the text.

use super::*;
use crate::app::Tab;
use crate::app::command_line::CommandLine;
use crate::app::confirm::Confirm;
use crate::app::keymap::Keymap;
use crate::app::protocol::ProfileRefused;
use crate::i18n::Language;
use crate::secret::Token;

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
    // The branches, then all of them, as the picker offers.
    assert_eq!(prompt(&app).candidates.len(), 5);
    assert_eq!(prompt(&app).candidates[4], "branch all");
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
    // Esc clears the filter (`:filter` given nothing opens it, as `/` does).
    press(&mut app, "\x1b:sort name\n");
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
            file_name,
            replace: false,
        } => Some((contents, rows, path, file_name)),
        _ => None,
    });
    let (contents, rows, path, file_name) = export.expect("an export");
    assert_eq!(*rows, 1);
    // The centre's date and time (09:00 UTC is 14:00 in Tashkent).
    assert_eq!(file_name, "crmdeck-plugins-20250602-140000.csv");
    // `:export!` replaces a file already there; a `!` elsewhere is a mistake.
    let effects = press(&mut app, ":export! csv /tmp/x.csv\n");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Export { replace: true, .. }))
    );
    press(&mut app, ":sort! name\n");
    let said = app
        .overlay::<CommandLine>()
        .and_then(|line| line.error.clone());
    assert_eq!(
        said.as_deref(),
        Some(":sort! is not a command: only :export! takes a !")
    );
    press(&mut app, "\x1b");
    assert_eq!(path.as_deref(), Some("/tmp/x.csv"));
    assert!(contents.contains("Payme payments"), "{contents}");
    app.update(Input::Exported(Ok((1, "/tmp/x.csv".to_string()))), now());
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
    // A week of every branch says whose each lesson is, by name (issue 37 §8).
    assert_eq!(app.world.branch_id, None);
    let header = contents.lines().next().unwrap();
    assert!(header.ends_with(",branch_name"), "{header}");
    for name in ["Yunusobod", "Sergeli", "Mirzo Ulug'bek"] {
        assert!(
            contents.contains(&format!(",{name}\r\n")),
            "{name} in {contents}"
        );
    }
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
fn lang_switches_the_language_at_once_and_says_so_in_it() {
    let mut app = loaded();
    assert_eq!(app.world.settings.language, Language::En);
    press(&mut app, ":lang uz-\t");
    assert_eq!(prompt(&app).input.text(), "lang uz-Cyrl");
    let effects = press(&mut app, "\n");
    assert!(app.overlays.is_empty());
    assert_eq!(app.world.settings.language, Language::UzCyrl);
    assert!(effects.contains(&Effect::RememberCommand("lang uz-Cyrl".to_string())));
    assert_eq!(
        status(&app, Severity::Info),
        Some("Интерфейс тили: ўзбекча")
    );
    press(&mut app, ":lang ru\n");
    assert_eq!(app.world.settings.language, Language::Ru);
    assert_eq!(
        status(&app, Severity::Info),
        Some("Язык интерфейса: русский")
    );
    // Another language is refused on the line, in the language shown,
    // and nothing changes.
    press(&mut app, ":lang fr\n");
    assert_eq!(app.world.settings.language, Language::Ru);
    assert_eq!(
        prompt(&app).error.as_deref(),
        Some("неизвестный язык \"fr\": en, ru, uz или uz-Cyrl")
    );
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
    let failed = Input::ProfileSwitch {
        profile: "test".to_string(),
        result: Err(ProfileRefused::NotOpened(
            Token::new("opensesame").masked_line("token command `pass` exited with status 1"),
        )),
    };
    let effects = app.update(failed, now());
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
    let switched = || Input::ProfileSwitch {
        profile: "test".to_string(),
        result: Ok(()),
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

#[test]
fn a_branch_name_before_the_branches_came_closes_with_why_and_keys_are_keys_again() {
    // Nothing answered: the branches are not known.
    let (mut app, _) = fresh();
    press(&mut app, ":branch chil\n");
    assert!(app.overlay::<CommandLine>().is_none());
    let why = status(&app, Severity::Error).unwrap();
    assert!(why.contains("branches are not known yet"), "{why}");
    // The next key is a key, not text of a prompt left open.
    let effects = press(&mut app, "q");
    assert!(effects.contains(&Effect::Quit));
}

#[test]
fn branch_all_shows_every_branch_as_the_picker_does() {
    let mut app = loaded();
    press(&mut app, ":branch Ser\n");
    assert_eq!(app.world.branch_id, Some(4));
    press(&mut app, ":branch all\n");
    assert_eq!(app.world.branch_id, None);
    assert!(app.overlays.is_empty());
}

#[test]
fn an_action_runs_by_its_name_where_it_means_something() {
    let mut app = loaded();
    press(&mut app, ":toggle_archived\n");
    assert!(app.overlays.is_empty());
    press(&mut app, ":move_down\n");
    assert_eq!(selected_group(&app), Some(visible_ids(&app)[1]));
    // Not on this screen: the line stays, saying so.
    press(&mut app, ":reveal_token\n");
    assert_eq!(
        prompt(&app).error.as_deref(),
        Some(":reveal_token does nothing in Groups list")
    );
}

#[test]
fn every_command_is_reached_by_tab_from_an_empty_line() {
    let mut app = loaded();
    press(&mut app, ":\t");
    let every = crate::app::keymap::words();
    assert_eq!(prompt(&app).candidates.len(), every.len());
    let mut reached = vec![prompt(&app).input.text().to_string()];
    for _ in 1..every.len() {
        press(&mut app, "\t");
        reached.push(prompt(&app).input.text().to_string());
    }
    for word in &every {
        assert!(reached.contains(&word.name), ":{} not reached", word.name);
    }
    // More than the list shows: it says how many are left out.
    assert!(prompt(&app).hidden_candidates() > 0);
}

#[test]
fn a_command_bound_to_a_key_runs_as_its_line_does() {
    let user = [("export".to_string(), vec!["C-e".to_string()])];
    let keymap = Keymap::with_user(user.iter().map(|(a, k)| (a.as_str(), k.as_slice()))).unwrap();
    let mut app = loaded_with(AppSettings {
        keymap,
        ..fixtures::settings()
    });
    let effects = chord(&mut app, KeyCode::Char('e'), KeyModifiers::CONTROL);
    let exported = effects.iter().find_map(|effect| match effect {
        Effect::Export {
            file_name, path, ..
        } => Some((file_name.clone(), path.clone())),
        _ => None,
    });
    let (file_name, path) = exported.expect("C-e exports");
    assert!(file_name.ends_with(".csv"), "{file_name}");
    assert_eq!(path, None);
    // `:export` given nothing is the same.
    let effects = press(&mut app, ":export\n");
    assert!(effects.iter().any(|e| matches!(e, Effect::Export { .. })));
}

#[test]
fn branch_from_plugins_says_which_tabs_it_changed() {
    let mut app = loaded();
    press(&mut app, "1:branch Ser\n");
    assert_eq!(app.world.branch_id, Some(4));
    assert_eq!(
        status(&app, crate::app::status::Severity::Info),
        Some("Groups, Week and Today now show Sergeli")
    );
    // On Groups the summary line shows it: nothing said.
    press(&mut app, "2:branch Chil\n");
    assert_eq!(app.world.branch_id, Some(1));
    assert!(app.world.status.current().is_none());
}

/// Issue 37 §5: `:` asks for the config's profiles again; a profile added
/// since the start then completes and switches. A config that no longer
/// reads is said on one line, and the profile in use stays.
#[test]
fn the_config_is_read_again_for_profile_and_its_completion() {
    let mut app = loaded();
    let effects = press(&mut app, ":");
    assert!(effects.contains(&Effect::ReadProfiles), "{effects:?}");
    let names = ["demo", "fast", "test"].map(str::to_string).to_vec();
    app.update(Input::ProfilesRead(Ok(names.clone())), now());
    assert_eq!(app.world.settings.profiles, names);
    press(&mut app, "profile fa\t");
    assert_eq!(prompt(&app).input.text(), "profile fast");
    let effects = press(&mut app, "\n");
    assert!(effects.contains(&Effect::SwitchProfile("fast".to_string())));
    // The config broken since: said, nothing else changes.
    press(&mut app, ":");
    let why = Token::new("opensesame").masked_line("config.toml line 3: expected `=`");
    app.update(
        Input::ProfilesRead(Err(ProfileRefused::NotOpened(why))),
        now(),
    );
    assert_eq!(app.world.settings.profiles, names, "the last read kept");
    assert_eq!(app.world.settings.profile.as_deref(), Some("demo"));
    let said = status(&app, Severity::Warning).unwrap_or_default();
    assert!(
        said.starts_with("the config was not read again, the profile stays: config.toml line 3"),
        "{said}"
    );
    assert!(!said.contains('\n'));
    // R's token reloaded does not hide it.
    app.update(Input::TokenReloaded(Ok(None)), now());
    let said = status(&app, Severity::Warning).unwrap_or_default();
    assert!(
        said.starts_with("token reloaded; the config was not read again"),
        "{said}"
    );
    app.update(Input::ProfilesRead(Ok(names)), now());
    app.update(Input::TokenReloaded(Ok(None)), now());
    assert_eq!(status(&app, Severity::Info), Some("token reloaded"));
}

/// Settings with the config's `evening` and the saved `ielts`.
fn with_queries() -> AppSettings {
    use crate::domain::query::named::{NamedQuery, Queries, saved_of};
    let at = "~/.config/crmdeck/config.toml:12";
    let config = [NamedQuery::of_config("evening", "tue evening", at)];
    AppSettings {
        queries: Queries::merged(&config, &saved_of(&[("ielts", "ielts")])),
        ..fixtures::settings()
    }
}

/// What the runtime answers to `:save NAME` of `text`.
fn query_saved(app: &mut App, name: &str, text: &str, result: Result<(), String>) {
    let (name, text) = (name.to_string(), text.to_string());
    app.update(Input::QuerySaved { name, text, result }, now());
}

#[test]
fn save_asks_the_runtime_to_keep_the_groups_query_and_says_it_once_kept() {
    let mut app = loaded_with(with_queries());
    press(&mut app, ":filter  sat morning \n");
    // From another tab too: the query kept is the Groups list's.
    press(&mut app, ":plugins\n");
    let effects = press(&mut app, ":save weekend\n");
    let asked = Effect::SaveQuery {
        name: "weekend".to_string(),
        text: "sat morning".to_string(),
    };
    assert!(effects.contains(&asked), "{effects:?}");
    // Nothing is known as kept until the runtime says so.
    assert_eq!(app.world.settings.queries.names(), ["evening", "ielts"]);
    query_saved(&mut app, "weekend", "sat morning", Ok(()));
    assert_eq!(
        status(&app, Severity::Info),
        Some("query weekend saved: sat morning")
    );
    press(&mut app, ":query w\t");
    assert_eq!(prompt(&app).input.text(), "query weekend");
    let why = "queries.toml not read (line 2: …)".to_string();
    query_saved(&mut app, "late", "17", Err(why));
    let said = status(&app, Severity::Error).unwrap_or_default();
    assert!(
        said.starts_with("query late not saved: queries.toml not read"),
        "{said}"
    );
    assert!(app.world.settings.queries.get("late").is_none());
}

/// Whether `effects` ask the runtime to keep a query.
fn asks_to_save(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::SaveQuery { .. }))
}

#[test]
fn save_refuses_no_query_and_a_name_the_config_holds() {
    let mut app = loaded_with(with_queries());
    let effects = press(&mut app, ":save empty\n");
    assert!(!asks_to_save(&effects), "{effects:?}");
    let said = status(&app, Severity::Error).unwrap_or_default();
    assert!(said.contains("no query to save"), "{said}");
    press(&mut app, ":filter ielts\n");
    let effects = press(&mut app, ":save Evening\n");
    assert!(!asks_to_save(&effects), "{effects:?}");
    let said = status(&app, Severity::Error).unwrap_or_default();
    assert!(
        said.contains("evening is a query of the config file"),
        "{said}"
    );
    // A saved one is kept anew.
    assert!(asks_to_save(&press(&mut app, ":save ielts\n")));
}

#[test]
fn query_shows_the_groups_filtered_by_the_query_kept() {
    let mut app = loaded_with(with_queries());
    press(&mut app, ":plugins\n");
    press(&mut app, ":query ev\t");
    assert_eq!(prompt(&app).input.text(), "query evening");
    press(&mut app, "\n");
    assert_eq!(app.tab, Tab::Groups);
    assert_eq!(app.tabs.groups.list.filter.text(), "tue evening");
    // The plugins' filter is not the groups' query.
    assert!(app.tabs.plugins.list.filter.is_empty());
    press(&mut app, ":query nope\n");
    let why = prompt(&app).error.clone().unwrap_or_default();
    assert!(why.contains("known ones: evening, ielts"), "{why}");
}
