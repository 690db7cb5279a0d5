//! The snapshot read at start: its rows shown before any answer, replaced
//! in place by the walk (the selection kept by id), its centre's name
//! until the live one, no install from its catalogue, a refused file said
//! once, and the snapshot to keep after each complete walk (only when the
//! cache is on, never with pages missing).

use super::*;
use crate::app::Tab;
use crate::app::Walked;
use crate::app::compared::CompareAsk;
use crate::app::confirm::Confirm;
use crate::app::screen::Screen;
use crate::app::shared::Shared;
use crate::cache::CacheError;
use crate::store::{Snapshot, SnapshotError};
use std::sync::Arc;

pub(super) fn with_cache() -> AppSettings {
    AppSettings {
        cache: true,
        ..fixtures::settings()
    }
}

/// A new app, nothing answered, shown `snapshot` as the runtime does.
pub(super) fn started_from(snapshot: Snapshot, settings: AppSettings) -> (App, Vec<Effect>) {
    let (mut app, mut effects) = App::new(settings, fixtures::token_expires_at(), NARROW);
    let result = Input::Snapshot(Ok(Box::new(snapshot)));
    effects.extend(app.update(result, now()));
    (app, effects)
}

pub(super) fn saved(effects: &[Effect]) -> Vec<&Walked> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::SaveSnapshot(walked) => Some(walked.as_ref()),
            _ => None,
        })
        .collect()
}

fn answer_all(app: &mut App, effects: Vec<Effect>) -> Vec<Effect> {
    answer(app, effects, &mut |request| Some(server_answer(request)))
}

#[test]
fn the_snapshots_rows_show_before_any_answer_and_the_walk_replaces_them_in_place() {
    // Groups 1..=30 and 500, deleted on the server since.
    let snapshot = fixtures::snapshot((1..=30).chain([500]));
    let (mut app, effects) = started_from(snapshot, with_cache());
    let groups = &app.tabs.groups;
    assert!(groups.loaded);
    assert_eq!(groups.rows.len(), 31);
    assert!(groups.refreshing);
    let list = groups.group_list(&app.world).unwrap();
    assert_eq!(list.as_of(), Some(now() - chrono::TimeDelta::minutes(3)));
    // The branch names are the snapshot's until the list answers.
    assert_eq!(app.world.branches.names.len(), 4);
    // Nothing of it went out: the walk's page 1 is still the first request.
    fetch_of(&effects, &Request::Groups(query(1)));

    press(&mut app, "jjj");
    let chosen = app.tabs.groups.selected_id().unwrap();
    let left = answer_all(&mut app, effects);
    let groups = &app.tabs.groups;
    assert_eq!(groups.rows.len(), fixtures::TOTAL_GROUPS as usize);
    assert_eq!(groups.selected_id(), Some(chosen), "the cursor kept by id");
    assert!(
        groups.rows.index(500).is_none(),
        "a group the server dropped goes"
    );
    assert_eq!(groups.group_list(&app.world).unwrap().as_of(), None);

    // The complete walk is kept: this run's rows, branches and plugins.
    let saved = saved(&left);
    assert_eq!(saved.len(), 1, "{left:?}");
    assert_eq!(saved[0].branch, None);
    assert_eq!(saved[0].taken_at, now());
    assert_eq!(saved[0].groups.len(), fixtures::TOTAL_GROUPS as usize);
    assert_eq!(
        saved[0].branches.as_deref(),
        Some(&fixtures::branches()[..])
    );
    assert_eq!(saved[0].plugins.as_deref(), Some(&fixtures::plugins()[..]));
    assert_eq!(saved[0].centre.as_deref(), Some("Ziyo Learning Centre"));
}

/// `GET /v2/token/me` refused.
fn me_refused() -> Answer {
    Request::Me.failed(ApiError::NotFound { message: None })
}

/// The fixtures' snapshot naming its centre `name`.
fn naming(name: &str) -> Snapshot {
    Snapshot {
        centre: Some(name.into()),
        ..fixtures::snapshot(1..=5)
    }
}

#[test]
fn the_snapshots_centre_is_named_before_any_answer_and_the_live_answer_wins() {
    let (app, _) = started_from(fixtures::snapshot(1..=5), fixtures::settings());
    assert_eq!(app.world.centre(), None, "a snapshot without a name");

    // Renamed since; named no more (the host then); no answer but a
    // refusal (the snapshot's name stays).
    let renamed = Answer::App(AppAnswer::Me(Ok(fixtures::me("Asia/Tashkent"))));
    let answers = [
        (renamed, Some("Ziyo Learning Centre")),
        (
            Answer::App(AppAnswer::Me(Ok(crate::model::Me::default()))),
            None,
        ),
        (me_refused(), Some("Old Name Centre")),
    ];
    for (answer, then) in answers {
        let (mut app, effects) = started_from(naming("Old Name Centre"), fixtures::settings());
        assert_eq!(app.world.centre(), Some("Old Name Centre"));
        respond(&mut app, fetch_of(&effects, &Request::Me), answer.clone());
        assert_eq!(app.world.centre(), then, "{answer:?}");
    }
}

#[test]
fn only_the_centre_named_in_this_run_is_kept() {
    let (mut app, effects) = started_from(naming("Old Name Centre"), with_cache());
    let left = answer(&mut app, effects, &mut |request| match request {
        Request::Me => Some(me_refused()),
        _ => Some(server_answer(request)),
    });
    let saved = saved(&left);
    assert_eq!(saved.len(), 1, "{left:?}");
    assert_eq!(saved[0].centre, None);
}

#[test]
fn installs_wait_for_the_catalogue_fetched_in_this_run() {
    let (mut app, effects) = started_from(fixtures::snapshot(1..=5), fixtures::settings());
    press(&mut app, "1");
    let shown = app.world.plugins();
    assert_eq!(shown.len(), fixtures::plugins().len());
    assert!(
        shown
            .iter()
            .filter_map(|p| p.user.as_ref())
            .all(|u| u.token.is_none())
    );
    // Plugin 1 is installed, its token not in the snapshot.
    press(&mut app, "\nv");
    let said = &app.world.status.current().unwrap().text;
    assert_eq!(
        said,
        "no token in the snapshot: it shows once the list is fetched"
    );
    press(&mut app, "\x1bji");
    assert!(app.overlay::<Confirm>().is_none());
    let said = &app.world.status.current().unwrap().text;
    assert_eq!(
        said,
        "the catalogue shown is the snapshot's, not fetched yet: install waits for it (loading…)"
    );
    // A confirmation given before would not send either.
    let install = crate::app::ask::Tell::Install { plugin_id: 2 };
    let sent = app
        .tabs
        .plugins
        .hear(&install, &mut Shared::new(&mut app.world));
    assert_eq!(install_fetches(&sent), 0);

    answer_all(&mut app, effects);
    assert_eq!(app.tabs.plugins.from_snapshot, None);
    press(&mut app, "i");
    assert!(app.overlay::<Confirm>().is_some());
}

/// The cache's refusal of a cut file (said as
/// "/c/crmdeck/snapshot-1.json: not a snapshot (EOF while parsing)").
fn not_a_snapshot() -> Arc<CacheError> {
    let path = "/c/crmdeck/snapshot-1.json".into();
    let why = SnapshotError::Unreadable("EOF while parsing".to_string());
    Arc::new(CacheError::Snapshot(path, why))
}

#[test]
fn a_refused_snapshot_is_said_once_and_the_start_goes_on() {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
    let why = not_a_snapshot();
    app.update(Input::Snapshot(Err(why)), now());
    let said = app.world.status.current().unwrap();
    assert_eq!(
        said.text,
        "snapshot not used: /c/crmdeck/snapshot-1.json: not a snapshot (EOF while parsing)"
    );
    assert!(!app.tabs.groups.loaded);
    answer_all(&mut app, effects);
    assert_eq!(app.tabs.groups.rows.len(), fixtures::TOTAL_GROUPS as usize);
    assert_eq!(app.tab, Tab::Groups);
}

#[test]
fn a_walk_is_kept_only_when_the_cache_is_on_and_every_page_was_read() {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW);
    assert!(saved(&answer_all(&mut app, effects)).is_empty());

    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    let left = answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page == 3 => {
            Some(request.failed(ApiError::Timeout(std::time::Duration::from_secs(30))))
        }
        _ => Some(server_answer(request)),
    });
    assert!(saved(&left).is_empty(), "page 3 missing: {left:?}");
    // r asks for page 3 alone; once it is there the walk is complete.
    let retry = press(&mut app, "r");
    let left = answer_all(&mut app, retry);
    let saved = saved(&left);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].groups.len(), fixtures::TOTAL_GROUPS as usize);
}

fn refused() -> ApiError {
    ApiError::Unauthorized {
        expired_at: None,
        message: None,
    }
}

#[test]
fn a_401_hides_the_snapshots_rows_plugins_and_centre_until_a_token_is_accepted() {
    // Issue 25 §3: the snapshot may be another account's (or a revoked
    // token's): the server's 401 hides it, saying why and naming R.
    let mut snapshot = fixtures::snapshot(1..=30);
    snapshot.centre = Some("Ziyo".into());
    let (mut app, effects) = started_from(snapshot, with_cache());
    assert_eq!(app.tabs.groups.rows.len(), 30);
    assert_eq!(app.world.plugins().len(), fixtures::plugins().len());
    assert_eq!(app.world.centre(), Some("Ziyo"));
    answer(&mut app, effects, &mut |request| {
        Some(request.failed(refused()))
    });
    assert!(app.world.token_refused());
    assert!(
        app.tabs.groups.rows.is_empty(),
        "the snapshot's rows hidden"
    );
    assert!(app.world.plugins().is_empty(), "its plugins hidden");
    assert_eq!(app.world.centre(), None, "its centre's name hidden");
    assert!(app.world.branches.names.is_empty(), "its branches hidden");
    assert!(app.world.snapshot_hidden(), "said in the list's place");
    let said = app.world.status.current().expect("why").text.clone();
    assert!(said.contains("401"), "{said}");

    // Issue 25 §10: R, a token accepted: what the 401 left unknown (the
    // branch list, who the token is) is asked again, not only the tab's.
    let reloaded = Input::TokenReloaded(Ok(None));
    let effects = app.update(reloaded, now());
    fetch_of(&effects, &Request::Branches);
    fetch_of(&effects, &Request::Me);
    answer_all(&mut app, effects);
    assert!(!app.world.token_refused());
    assert!(!app.world.snapshot_hidden());
    assert_eq!(app.world.branches.names.len(), 4);
    assert_eq!(app.world.centre(), Some("Ziyo Learning Centre"));
    assert_eq!(app.tabs.groups.rows.len(), fixtures::TOTAL_GROUPS as usize);
}

// Issue 34 §3: a large snapshot read in parts, its head first.

/// The head of `whole` as the runtime reads it: its first `count` groups.
fn head_of(whole: &Snapshot, count: usize) -> Input {
    let head = Snapshot {
        groups: whole.groups[..count].to_vec(),
        ..whole.clone()
    };
    Input::SnapshotHead(Box::new(head))
}

fn compared(effects: &[Effect]) -> Vec<&CompareAsk> {
    let asks = effects.iter().filter_map(|effect| match effect {
        Effect::Compare(ask) => Some(ask.as_ref()),
        _ => None,
    });
    asks.collect()
}

#[test]
fn a_large_snapshots_head_shows_first_keys_work_while_the_rest_is_read_then_the_whole() {
    let whole = fixtures::snapshot((1..=30).chain([500]));
    let (mut app, mut effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    effects.extend(app.update(head_of(&whole, 10), now()));
    assert_eq!(app.tabs.groups.rows.len(), 10, "the head, at once");
    assert_eq!(app.world.branches.names.len(), 4);
    assert_eq!(app.world.plugins().len(), fixtures::plugins().len());
    assert!(compared(&effects).is_empty(), "a head calls no group gone");
    fetch_of(&effects, &Request::Groups(query(1)));

    // Keys are taken while the rest is read.
    let first = app.tabs.groups.selected_id();
    press(&mut app, "jjj");
    let chosen = app.tabs.groups.selected_id();
    assert_ne!(chosen, first);
    let rest = Input::SnapshotRest(Ok(Box::new(whole)));
    let asked = app.update(rest, now());
    assert_eq!(app.tabs.groups.rows.len(), 31, "then the whole");
    assert_eq!(app.tabs.groups.selected_id(), chosen, "the cursor kept");
    let asks = compared(&asked);
    assert_eq!(asks.len(), 1);
    assert!(asks[0].complete, "whole now: compared as a snapshot");
    assert!(press(&mut app, "q").contains(&Effect::Quit));

    // The walk replaces it as it replaces a snapshot read at once.
    answer_all(&mut app, effects);
    let groups = &app.tabs.groups;
    assert_eq!(groups.rows.len(), fixtures::TOTAL_GROUPS as usize);
    assert!(groups.rows.index(500).is_none());
}

/// `whole`'s groups in `range` as the runtime hands a part of its rest
/// on: groups alone, a slice, or the last part with what else it holds.
fn part_of(whole: &Snapshot, range: std::ops::Range<usize>, last: bool) -> Input {
    let groups = whole.groups[range].to_vec();
    if last {
        return Input::SnapshotRest(Ok(Box::new(Snapshot {
            groups,
            ..whole.clone()
        })));
    }
    let (key, taken_at) = (whole.key.clone(), whole.taken_at);
    let slice = Snapshot::new(key, taken_at, groups, None, None, None);
    Input::SnapshotMore(Box::new(slice))
}

#[test]
fn a_large_snapshots_rest_in_slices_shows_what_the_whole_would_in_the_order_shown() {
    let whole = fixtures::snapshot((1..=30).chain([500]));
    let (mut at_once, _) = started_from(whole.clone(), with_cache());
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    app.update(head_of(&whole, 10), now());
    for app in [&mut at_once, &mut app] {
        press(app, ":sort name\n");
        press(app, "jj");
    }
    let chosen = app.tabs.groups.selected_id();
    // Page 1 answers between two slices: its groups win, each shown once.
    let page = fetch_of(&effects, &Request::Groups(query(1)));
    let asked = app.update(part_of(&whole, 10..18, false), now());
    assert!(compared(&asked).is_empty(), "a slice calls no group gone");
    assert_eq!(app.tabs.groups.rows.len(), 18);
    respond_ok(&mut app, page, &Request::Groups(query(1)));
    app.update(part_of(&whole, 18..25, false), now());
    let asked = app.update(part_of(&whole, 25..31, true), now());
    assert_eq!(compared(&asked).len(), 1, "whole: compared once");
    // What the whole at once shows (with page 1 taken), in the same order.
    respond_ok(&mut at_once, page, &Request::Groups(query(1)));
    assert_eq!(visible_ids(&app), visible_ids(&at_once));
    assert_eq!(app.tabs.groups.rows.len(), 31);
    assert_eq!(app.tabs.groups.selected_id(), chosen, "the cursor kept");
}

#[test]
fn a_corrupt_rest_after_a_good_head_keeps_the_head_and_says_so() {
    let whole = fixtures::snapshot(1..=30);
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    app.update(head_of(&whole, 10), now());
    let why = not_a_snapshot();
    let asked = app.update(Input::SnapshotRest(Err(why)), now());
    assert!(compared(&asked).is_empty());
    assert_eq!(app.tabs.groups.rows.len(), 10, "the head stays");
    let said = &app.world.status.current().unwrap().text;
    assert_eq!(
        said,
        "snapshot: only part of it shown: /c/crmdeck/snapshot-1.json: not a snapshot (EOF while parsing)"
    );
    answer_all(&mut app, effects);
    assert_eq!(app.tabs.groups.rows.len(), fixtures::TOTAL_GROUPS as usize);
}

#[test]
fn a_rest_read_after_a_401_hid_the_head_stays_hidden() {
    let whole = fixtures::snapshot(1..=30);
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    app.update(head_of(&whole, 10), now());
    answer(&mut app, effects, &mut |request| {
        Some(request.failed(refused()))
    });
    assert!(app.tabs.groups.rows.is_empty());
    // A slice read meanwhile is not taken, and no more is read.
    let slice = part_of(&whole, 10..20, false);
    let stop = app.update(slice, now());
    assert_eq!(stop, [Effect::StopSnapshotReading]);
    assert!(app.tabs.groups.rows.is_empty());
    let rest = Input::SnapshotRest(Ok(Box::new(whole)));
    assert!(app.update(rest, now()).is_empty());
    assert!(app.tabs.groups.rows.is_empty(), "not shown again");
    assert!(app.world.plugins().is_empty());
    assert!(app.world.snapshot_hidden());
}
