//! The Plugins tab: list keys, filters, detail and token, and the install
//! flow (confirmation, one request at most, success, failure, timeout,
//! already installed, read-only).

use super::*;
use crate::app::Tab;
use crate::app::ask::Tell;
use crate::app::confirm::Confirm;
use crate::app::document::DocLine;
use crate::app::keymap::Action;
use crate::app::plugins::TypeFilter;
use crate::app::protocol::CopyRefused;
use crate::app::status::Severity::{Error, Info};
use std::time::Duration;

/// The install of plugin 2 (SMS gateway, not installed).
const INSTALL_2: &Request = &Request::Install(2);

const TOKEN_OF_PLUGIN_1: &str = "21|jCr5Qm0aXbT7sLw2kHd9PzUeYv4NcR8gFo1iKj6M";

fn visible_plugins(app: &App) -> Vec<i64> {
    app.tabs
        .plugins
        .list
        .visible
        .iter()
        .map(|i| app.world.plugins()[i].id)
        .collect()
}

/// The plugin `id` of the catalogue (the store's).
fn plugin(app: &App, id: i64) -> &crate::model::Plugin {
    let plugins = app.world.plugins();
    plugins
        .iter()
        .find(|p| p.id == id)
        .expect("the plugin is listed")
}

/// The value of the "Token" field of the selected plugin's detail.
fn token_shown(app: &App) -> Option<String> {
    let document = app.tabs.plugins.detail(&app.world)?;
    document.into_iter().find_map(|line| match line {
        DocLine::Field {
            label: "Token",
            value,
        } => Some(value),
        _ => None,
    })
}

/// Plugin 2 (SMS gateway, not installed) confirmed: the install request.
fn install_plugin_2(app: &mut App) -> RequestId {
    let effects = press(app, "1jiy");
    fetch_of(&effects, &Request::Install(2))
}

#[test]
fn number_keys_and_tab_switch_tabs() {
    let mut app = loaded();
    press(&mut app, "1");
    assert_eq!(
        (app.tab, app.context()),
        (Tab::Plugins, Context::PluginsList)
    );
    // Each number key shows its tab.
    for &tab in Tab::ALL {
        press(&mut app, &tab.key().to_string());
        assert_eq!(app.tab, tab);
    }
    press(&mut app, "2");
    assert_eq!(app.tab, Tab::Groups);
    // Tab goes round every tab in the top line's order (Plugins, Groups,
    // Week, …), from the last to the first; S-Tab the other way.
    let (from, count) = (1, Tab::ALL.len());
    assert_eq!(Tab::ALL[from], Tab::Groups);
    for step in 1..=count {
        press(&mut app, "\t");
        assert_eq!(app.tab, Tab::ALL[(from + step) % count], "Tab {step}");
    }
    for step in 1..=count {
        chord(&mut app, KeyCode::BackTab, KeyModifiers::SHIFT);
        let back = (from + count - step) % count;
        assert_eq!(app.tab, Tab::ALL[back], "S-Tab {step}");
    }
}

#[test]
fn list_keys_move_the_selection() {
    let mut app = loaded();
    press(&mut app, "1j");
    assert_eq!(selected_plugin(&app), Some(2));
    special(&mut app, KeyCode::Down);
    press(&mut app, "k");
    special(&mut app, KeyCode::Up);
    assert_eq!(selected_plugin(&app), Some(1));
    press(&mut app, "G");
    assert_eq!(selected_plugin(&app), Some(6));
    press(&mut app, "g");
    special(&mut app, KeyCode::End);
    special(&mut app, KeyCode::Home);
    assert_eq!(selected_plugin(&app), Some(1));
}

#[test]
fn t_cycles_free_premium_and_all() {
    let mut app = loaded();
    press(&mut app, "1t");
    assert_eq!(app.tabs.plugins.type_filter, TypeFilter::Free);
    assert_eq!(visible_plugins(&app), vec![1, 5]);
    press(&mut app, "t");
    assert_eq!(visible_plugins(&app), vec![2, 3, 4, 6]);
    press(&mut app, "t");
    assert_eq!(visible_plugins(&app).len(), 6);
}

#[test]
fn slash_filters_by_name_and_escape_clears() {
    let mut app = loaded();
    press(&mut app, "1/sms");
    assert_eq!(app.context(), Context::FilterInput);
    assert_eq!(visible_plugins(&app), vec![2]);
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::PluginsList);
    press(&mut app, "\x1b");
    assert_eq!(visible_plugins(&app).len(), 6);
    press(&mut app, "/zz\x1b");
    assert_eq!(visible_plugins(&app).len(), 6);
    assert_eq!(app.context(), Context::PluginsList);
}

#[test]
fn enter_opens_the_details_of_any_plugin_and_i_installs() {
    let mut app = loaded();
    press(&mut app, "1\n");
    assert_eq!(app.context(), Context::PluginDetail);
    press(&mut app, "\x1b");
    // Plugin 2 is not installed: Enter still opens its details.
    press(&mut app, "j\n");
    assert_eq!(app.context(), Context::PluginDetail);
    assert_eq!(selected_plugin(&app), Some(2));
    assert!(app.overlay::<Confirm>().is_none());
    press(&mut app, "i");
    let confirm = app.overlay::<Confirm>().expect("the confirmation is open");
    assert_eq!(confirm.0.command, Tell::Install { plugin_id: 2 });
    assert_eq!(confirm.0.object, "SMS gateway (Eskiz)");
}

#[test]
fn the_plugin_detail_takes_the_same_movement_keys_as_every_view() {
    let mut app = loaded();
    press(&mut app, "1\n");
    press(&mut app, "G");
    let bottom = app.tabs.plugins.list.detail_scroll;
    assert!(bottom > 0, "plugin 1's detail is taller than the screen");
    press(&mut app, "g");
    assert_eq!(app.tabs.plugins.list.detail_scroll, 0);
    special(&mut app, KeyCode::PageDown);
    assert_eq!(app.tabs.plugins.list.detail_scroll, bottom);
    special(&mut app, KeyCode::PageUp);
    assert_eq!(app.tabs.plugins.list.detail_scroll, 0);
}

#[test]
fn d_opens_the_detail_of_any_plugin_and_it_scrolls() {
    let mut app = loaded();
    press(&mut app, "1jd");
    assert_eq!(app.context(), Context::PluginDetail);
    assert_eq!(selected_plugin(&app), Some(2));
    assert_eq!(token_shown(&app), None);
    press(&mut app, "\x1bkd");
    press(&mut app, "j");
    assert_eq!(
        app.tabs.plugins.list.detail_scroll, 1,
        "plugin 1's detail is taller"
    );
    press(&mut app, "k");
    special(&mut app, KeyCode::Up);
    assert_eq!(app.tabs.plugins.list.detail_scroll, 0);
}

#[test]
fn the_confirmation_installs_on_y_and_cancels_on_n_or_escape() {
    let mut app = loaded();
    press(&mut app, "1ji");
    assert_eq!(app.context(), Context::Confirm);
    assert!(press(&mut app, "n").is_empty());
    assert!(app.overlays.is_empty());
    press(&mut app, "i");
    assert!(press(&mut app, "\x1b").is_empty());
    assert!(app.overlays.is_empty());
    // Stray keys do nothing while it asks.
    press(&mut app, "i");
    assert!(press(&mut app, "jr2\n").is_empty());
    assert_eq!(app.context(), Context::Confirm);
    let effects = press(&mut app, "y");
    assert_eq!(install_fetches(&effects), 1);
    assert!(app.overlays.is_empty());
    assert_eq!(status(&app, Info), Some("installing SMS gateway (Eskiz)…"));
}

#[test]
fn twenty_presses_while_installing_send_one_request() {
    let mut app = loaded();
    let mut effects = press(&mut app, "1jiy");
    for _ in 0..20 {
        effects.extend(press(&mut app, "y"));
        effects.extend(press(&mut app, "i"));
        effects.extend(press(&mut app, "\n"));
    }
    assert_eq!(install_fetches(&effects), 1);
    assert!(app.overlays.is_empty());
    let said = status(&app, Info).unwrap();
    assert!(said.contains("installing"), "{said}");
}

#[test]
fn a_successful_install_shows_the_token_and_reconciles() {
    let mut app = loaded();
    let id = install_plugin_2(&mut app);
    let effects = respond_ok(&mut app, id, &Request::Install(2));
    assert!(plugin(&app, 2).is_installed());
    assert_eq!(status(&app, Info), Some("installed SMS gateway (Eskiz)"));
    let reconcile = fetch_of(&effects, &Request::Plugins);
    press(&mut app, "d");
    assert_eq!(token_shown(&app).as_deref(), Some("22|jCr5…"));
    // The refetched list (the server's view) replaces the local one.
    respond_ok(&mut app, reconcile, &Request::Plugins);
    assert!(!plugin(&app, 2).is_installed());
    assert_eq!(selected_plugin(&app), Some(2), "the selection stays");
}

#[test]
fn a_refused_install_changes_nothing() {
    // The server said no (a 4xx), or nothing was sent (no connection):
    // nothing happened, there is nothing to check, and it may be tried again.
    let refusals = [
        ApiError::Validation {
            message: None,
            fields: vec![("plugin_id".into(), vec!["is invalid.".into()])],
        },
        ApiError::Forbidden { message: None },
        ApiError::Network("127.0.0.1: Connection refused (os error 111)".into()),
        ApiError::ConnectTimeout(Duration::from_secs(5)),
    ];
    for error in refusals {
        let mut app = loaded();
        let id = install_plugin_2(&mut app);
        let effects = respond_err(&mut app, id, INSTALL_2, error.clone());
        assert!(effects.is_empty(), "{error:?}");
        assert!(!plugin(&app, 2).is_installed());
        let said = status(&app, Error).unwrap();
        assert!(said.starts_with("install SMS gateway (Eskiz): "), "{said}");
        assert!(!said.contains("checking"), "{said}");
        assert_eq!(install_fetches(&press(&mut app, "iy")), 1, "{error:?}");
    }
}

/// The plugin list once plugin 2 is installed (the server's view).
fn plugin_2_installed() -> Answer {
    let mut plugins = fixtures::plugins();
    plugins[1].user = Some(fixtures::installation(22, 2));
    Answer::Plugins(PluginsAnswer::Plugins(Ok(plugins)))
}

/// `y` (the question open, or refused by `i`) sends nothing: plugin 2 is
/// installed, the status line says.
fn refused_as_installed(app: &mut App) {
    assert!(press(app, "y").is_empty());
    assert_eq!(
        status(app, Info),
        Some("SMS gateway (Eskiz) is already installed")
    );
}

/// Failures after the POST was sent: the install may have happened.
fn lost_answers() -> [ApiError; 5] {
    [
        ApiError::ConnectionLost("127.0.0.1: connection closed before message completed".into()),
        server_error(),
        ApiError::Server {
            status: 504,
            message: Some("Gateway Time-out".into()),
        },
        ApiError::Server {
            status: 500,
            message: Some("Server Error".into()),
        },
        ApiError::Timeout(Duration::from_secs(30)),
    ]
}

#[test]
fn while_an_install_is_unknown_i_and_y_send_nothing() {
    for error in lost_answers() {
        let mut app = loaded();
        let id = install_plugin_2(&mut app);
        let effects = respond_err(&mut app, id, INSTALL_2, error.clone());
        let check = fetch_of(&effects, &Request::Plugins);
        let said = status(&app, Error).unwrap();
        assert!(
            said.ends_with("; checking whether it was installed…"),
            "{said}"
        );
        // i, y, Enter, in the list and in the detail: no second POST.
        let mut pressed = press(&mut app, "iy\ny");
        pressed.extend(press(&mut app, "diy\x1b"));
        assert_eq!(install_fetches(&pressed), 0, "{error:?}");
        assert_eq!(
            status(&app, Info),
            Some("checking whether SMS gateway (Eskiz) was installed…")
        );
        // The check fails too: still unknown, and r is the way to learn.
        respond_err(&mut app, check, &Request::Plugins, server_error());
        assert_eq!(install_fetches(&press(&mut app, "iy")), 0, "{error:?}");
        assert_eq!(
            status(&app, Info),
            Some(
                "whether SMS gateway (Eskiz) was installed is not known: r asks the plugin list again"
            )
        );
        // A list asked for since that says not installed settles it.
        let again = fetch_of(&press(&mut app, "r"), &Request::Plugins);
        respond_ok(&mut app, again, &Request::Plugins);
        assert!(app.tabs.plugins.unsettled.is_empty());
        assert_eq!(install_fetches(&press(&mut app, "iy")), 1, "{error:?}");
    }
}

#[test]
fn a_list_that_shows_the_lost_install_settles_it() {
    let mut app = loaded();
    let id = install_plugin_2(&mut app);
    let effects = respond_err(&mut app, id, INSTALL_2, lost_answers()[0].clone());
    let check = fetch_of(&effects, &Request::Plugins);
    respond(&mut app, check, plugin_2_installed());
    assert_eq!(
        status(&app, Error),
        Some(
            "install SMS gateway (Eskiz): connection lost before the answer: 127.0.0.1: \
             connection closed before message completed; the plugin list shows it installed"
        )
    );
    press(&mut app, "i");
    refused_as_installed(&mut app);
}

#[test]
fn a_list_that_shows_the_lost_install_not_done_says_so() {
    let mut app = loaded();
    let id = install_plugin_2(&mut app);
    let effects = respond_err(&mut app, id, INSTALL_2, server_error());
    respond_ok(
        &mut app,
        fetch_of(&effects, &Request::Plugins),
        &Request::Plugins,
    );
    assert_eq!(
        status(&app, Error),
        Some(
            "install SMS gateway (Eskiz): HTTP 502 Bad Gateway; \
             the plugin list shows it not installed: i tries again"
        )
    );
}

#[test]
fn a_confirmation_is_checked_again_when_answered() {
    let mut app = loaded();
    press(&mut app, "1ji");
    // Meanwhile a refreshed list shows it installed (by someone else).
    let refresh = fetch_of(&press(&mut app, "\x1br"), &Request::Plugins);
    press(&mut app, "i");
    respond(&mut app, refresh, plugin_2_installed());
    refused_as_installed(&mut app);
}

#[test]
fn after_a_timeout_the_plugins_are_refetched() {
    let mut app = loaded();
    let id = install_plugin_2(&mut app);
    let timeout = ApiError::Timeout(Duration::from_secs(30));
    let effects = respond_err(&mut app, id, INSTALL_2, timeout);
    fetch_of(&effects, &Request::Plugins);
    assert!(
        status(&app, Error)
            .unwrap()
            .contains("checking whether it was installed")
    );
}

#[test]
fn after_an_unreadable_install_answer_the_plugins_are_refetched() {
    // The server said 200 (it installed) but the body did not decode, or
    // the body was refused for its size: only the list tells what happened.
    let unreadable = [
        ApiError::decode(200, "the answer is not JSON", b"{\"data\":{\"id\""),
        ApiError::TooLarge { limit: 16 << 20 },
    ];
    for error in unreadable {
        let mut app = loaded();
        let id = install_plugin_2(&mut app);
        let effects = respond_err(&mut app, id, INSTALL_2, error.clone());
        fetch_of(&effects, &Request::Plugins);
        let said = status(&app, Error).unwrap();
        assert!(said.contains("checking whether it was installed"), "{said}");
    }
    // A refusal the server explains leaves nothing to check.
    let mut app = loaded();
    let id = install_plugin_2(&mut app);
    let refused = ApiError::decode(422, "expected an object", b"[]");
    assert!(respond_err(&mut app, id, INSTALL_2, refused).is_empty());
}

#[test]
fn a_list_that_arrives_again_takes_back_its_error_but_not_an_install_error() {
    let mut app = loaded();
    let failed = fetch_of(&press(&mut app, "1r"), &Request::Plugins);
    respond_err(&mut app, failed, &Request::Plugins, server_error());
    let retry = fetch_of(&press(&mut app, "r"), &Request::Plugins);
    respond_ok(&mut app, retry, &Request::Plugins);
    assert_eq!(
        app.world.status.current(),
        None,
        "a stale error after the retry"
    );

    let install = install_plugin_2(&mut app);
    respond_err(&mut app, install, INSTALL_2, server_error());
    let refetch = fetch_of(&press(&mut app, "r"), &Request::Plugins);
    respond_ok(&mut app, refetch, &Request::Plugins);
    let said = status(&app, Error).unwrap();
    assert!(said.starts_with("install SMS gateway (Eskiz): "), "{said}");
}

#[test]
fn an_installed_plugin_is_not_installed_again() {
    let mut app = loaded();
    press(&mut app, "1");
    assert!(press(&mut app, "i").is_empty());
    assert!(app.overlays.is_empty());
    assert_eq!(
        status(&app, Info),
        Some("Telegram bot is already installed")
    );
    assert!(press(&mut app, "di").is_empty());
    assert!(app.overlays.is_empty());
}

#[test]
fn read_only_mode_sends_no_install() {
    let mut app = loaded_with(AppSettings {
        read_only: true,
        ..fixtures::settings()
    });
    press(&mut app, "1");
    for keys in ["ji", "\n", "di"] {
        assert!(press(&mut app, keys).is_empty(), "{keys:?}");
        assert!(app.overlays.is_empty());
        assert_eq!(status(&app, Info), Some("read-only: install disabled"));
    }
}

#[test]
fn the_token_is_masked_until_revealed_and_copies_whole() {
    let mut app = loaded();
    press(&mut app, "1d");
    assert_eq!(token_shown(&app).as_deref(), Some("21|jCr5…"));
    press(&mut app, "v");
    assert_eq!(token_shown(&app).as_deref(), Some(TOKEN_OF_PLUGIN_1));
    assert!(app.world.status.current().is_none());
    press(&mut app, "v");
    assert_eq!(token_shown(&app).as_deref(), Some("21|jCr5…"));
    assert_eq!(
        press(&mut app, "c"),
        vec![Effect::Copy(TOKEN_OF_PLUGIN_1.to_string())]
    );
    app.update(Input::Copied(Ok(())), now());
    assert_eq!(status(&app, Info), Some("token copied to the clipboard"));
    let dropped = CopyRefused::NotATerminal;
    app.update(Input::Copied(Err(dropped)), now());
    assert_eq!(
        status(&app, Error),
        Some("not copied: the output is not a terminal")
    );
    // Leaving the detail hides the token again.
    press(&mut app, "v\x1bd");
    assert_eq!(token_shown(&app).as_deref(), Some("21|jCr5…"));
}

#[test]
fn no_token_to_show_or_copy_before_installing() {
    let mut app = loaded();
    press(&mut app, "1jd");
    assert!(press(&mut app, "v").is_empty());
    assert!(!app.tabs.plugins.token_revealed);
    assert_eq!(
        status(&app, Info),
        Some("no token: the plugin is not installed")
    );
    press(&mut app, "\x1b");
    assert!(press(&mut app, "c").is_empty());
    assert_eq!(
        status(&app, Info),
        Some("no token: the plugin is not installed")
    );
}

#[test]
fn a_failed_refresh_keeps_the_list_and_a_newer_one_wins() {
    let mut app = loaded();
    let first = fetch_of(&press(&mut app, "1r"), &Request::Plugins);
    let effects = press(&mut app, "r");
    assert!(effects.contains(&Effect::Cancel(first)));
    let second = fetch_of(&effects, &Request::Plugins);
    assert!(
        respond(
            &mut app,
            first,
            Answer::Plugins(PluginsAnswer::Plugins(Ok(Vec::new())))
        )
        .is_empty()
    );
    assert_eq!(
        app.world.plugins().len(),
        6,
        "the abandoned answer is dropped"
    );
    respond_err(&mut app, second, &Request::Plugins, server_error());
    assert_eq!(app.world.plugins().len(), 6);
    assert!(
        status(&app, Error)
            .unwrap()
            .starts_with("plugins: HTTP 502")
    );
}

#[test]
fn a_first_load_failure_shows_its_cause() {
    let (mut app, effects) = fresh();
    let id = fetch_of(&effects, &Request::Plugins);
    respond_err(&mut app, id, &Request::Plugins, server_error());
    assert!(
        app.tabs
            .plugins
            .load_error
            .as_deref()
            .unwrap()
            .contains("502")
    );
    assert!(!app.tabs.plugins.loaded);
}

#[test]
fn an_answer_of_the_wrong_kind_is_reported_not_trusted() {
    let (mut app, effects) = fresh();
    let id = fetch_of(&effects, &Request::Plugins);
    respond(
        &mut app,
        id,
        Answer::App(AppAnswer::Branches(Ok(fixtures::branches()))),
    );
    assert!(!app.tabs.plugins.loaded);
    press(&mut app, "1");
    assert!(
        status(&app, Error)
            .unwrap()
            .contains("another kind of request")
    );
}

/// The actions whose hints the footer shows for `app` now.
fn offered_hints(app: &App) -> Vec<Action> {
    app.world
        .settings
        .keymap
        .footer_hints(app.context())
        .into_iter()
        .map(|hint| hint.action)
        .filter(|&action| app.offers(action))
        .collect()
}

#[test]
fn the_footer_offers_only_what_the_selected_plugin_allows() {
    let mut app = loaded();
    // Plugin 1 is installed: its token can be shown and copied.
    press(&mut app, "1d");
    let installed = offered_hints(&app);
    assert!(installed.contains(&Action::RevealToken), "{installed:?}");
    assert!(installed.contains(&Action::CopyToken), "{installed:?}");
    assert!(!installed.contains(&Action::Install), "{installed:?}");
    // Plugin 2 is not: no token, but it can be installed.
    press(&mut app, "\x1bjd");
    let not_installed = offered_hints(&app);
    assert!(!not_installed.contains(&Action::RevealToken));
    assert!(!not_installed.contains(&Action::CopyToken));
    assert!(
        not_installed.contains(&Action::Install),
        "{not_installed:?}"
    );
    assert!(not_installed.contains(&Action::Back));
    // Read-only: nothing is ever installed, so i is not offered.
    let mut read_only = loaded_with(AppSettings {
        read_only: true,
        ..fixtures::settings()
    });
    press(&mut read_only, "1j");
    assert!(!offered_hints(&read_only).contains(&Action::Install));
}

/// Issue 37: the list names install on an installed row too (the tab is
/// where installs happen), `i` there saying why not; the footer drops
/// other hints before it at 80 columns.
#[test]
fn the_list_names_install_on_every_row_while_one_can_be_installed() {
    let mut app = loaded();
    press(&mut app, "1");
    let offered = offered_hints(&app);
    assert!(
        offered.contains(&Action::Install),
        "on plugin 1: {offered:?}"
    );
    let effects = press(&mut app, "i");
    assert_eq!(install_fetches(&effects), 0, "{effects:?}");
    assert!(app.overlays.is_empty(), "nothing to confirm");
    assert!(status(&app, Info).unwrap().contains("already installed"));
}

#[test]
fn enter_in_the_help_runs_the_action_on_the_detail_it_was_opened_from() {
    let mut app = loaded();
    press(&mut app, "1d?copy");
    assert_eq!(app.context(), Context::Help);
    assert_eq!(
        press(&mut app, "\n"),
        vec![Effect::Copy(TOKEN_OF_PLUGIN_1.to_string())]
    );
    assert_eq!(app.context(), Context::PluginDetail);
    // Found by its key: `v` is chosen among the actions that hold a v
    // (`move …`), and shows the token.
    press(&mut app, "?v\n");
    assert_eq!(token_shown(&app).as_deref(), Some(TOKEN_OF_PLUGIN_1));
}

/// Below the smallest size nothing is drawn but the size it needs: keys
/// act unseen no more (issue 25: `1 j i y` in a 40x12 pane installed a
/// plugin). Quit still quits; back at a size that draws, keys act again.
#[test]
fn below_the_smallest_size_only_quit_and_suspend_act() {
    let mut app = loaded();
    app.update(Input::Resize(40, 12), now());
    let effects = press(&mut app, "1jjjjjiy");
    assert_eq!(install_fetches(&effects), 0, "{effects:?}");
    assert_eq!(app.tab, Tab::Groups, "no tab switched unseen");
    assert!(app.overlays.is_empty(), "no confirmation opened unseen");
    assert!(press(&mut app, "q").contains(&Effect::Quit));
    app.update(Input::Resize(80, 24), now());
    // The same keys at a size that draws: the install goes out.
    install_plugin_2(&mut app);
}

#[test]
fn leaving_the_tab_leaves_the_detail_and_masks_its_token() {
    let mut app = loaded();
    press(&mut app, "1dv");
    assert_eq!(token_shown(&app).as_deref(), Some(TOKEN_OF_PLUGIN_1));
    press(&mut app, "21");
    assert_eq!(app.context(), Context::PluginsList);
    assert_eq!(token_shown(&app).as_deref(), Some("21|jCr5…"));
}

#[test]
fn install_n_opens_the_detail_of_n_not_the_one_left_open() {
    let mut app = loaded();
    // Click's neighbour Telegram bot open with its token shown, a filter
    // that hides Click, then `:install 4` (Click) from the Groups tab.
    press(&mut app, "1/tele\ndv2");
    press(&mut app, ":install 4\n");
    assert_eq!(app.tab, Tab::Plugins);
    assert_eq!(selected_plugin(&app), Some(4));
    assert_eq!(
        app.tabs.plugins.list.focus(),
        crate::app::list_pane::Focus::Detail
    );
    assert!(!app.tabs.plugins.token_revealed);
    let confirm = app.overlay::<Confirm>().expect("the confirmation");
    assert_eq!(confirm.0.object, "Click");
}

#[test]
fn i_while_the_catalogue_loads_says_so_until_it_arrives() {
    let (mut app, effects) = fresh();
    let id = fetch_of(&effects, &Request::Plugins);
    press(&mut app, "1i");
    let loading = "the catalogue is still loading: install once it shows";
    assert_eq!(status(&app, Info), Some(loading));
    press(&mut app, ":install 4\n");
    assert_eq!(status(&app, Info), Some(loading));
    respond_ok(&mut app, id, &Request::Plugins);
    assert!(app.world.status.current().is_none(), "it no longer holds");
}

#[test]
fn escape_during_a_hung_install_says_it_cannot_be_called_back() {
    let mut app = loaded();
    install_plugin_2(&mut app);
    press(&mut app, "\x1b");
    assert_eq!(
        status(&app, Info),
        Some(
            "the install of SMS gateway (Eskiz) cannot be called back: waiting for the server's answer"
        )
    );
    press(&mut app, "\x1b");
    assert!(
        app.world.status.current().is_none(),
        "a second Esc dismisses it"
    );
}
