//! `App::update` driven by keys, mouse, ticks and the results of work, against the
//! fixtures: every key of every context and every `Input`.

mod centres;
mod changes;
mod command_line;
mod global;
mod groups;
mod install_across;
mod languages;
mod plugins;
mod snapshot;
mod today;
mod view;
mod walks;
mod week;
mod whole;

use super::fixtures::{self, answer, loaded_app, loaded_app_expiring, now, server_answer};
use super::keymap::Context;
use super::status::Severity;
use super::{
    Answer, App, AppAnswer, AppSettings, Effect, Input, PluginsAnswer, Request, RequestId,
    WalkAnswer,
};
use crate::api::ApiError;
use crate::app::walks::WALK_PER_PAGE;
use crate::model::GroupsQuery;
use crate::present::columns::groups::COLUMNS;
use crate::present::columns::{ScreenCell, ScreenRow, on_screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const NARROW: (u16, u16) = (80, 24);
const WIDE: (u16, u16) = (160, 48);

/// An app at 80x24 whose first requests (and the prefetch of page 2) were
/// answered by the scripted server.
fn loaded() -> App {
    loaded_app(fixtures::settings(), NARROW)
}

fn loaded_with(settings: AppSettings) -> App {
    loaded_app(settings, NARROW)
}

/// An app with nothing answered yet, and its first effects.
fn fresh() -> (App, Vec<Effect>) {
    App::new(fixtures::settings(), fixtures::token_expires_at(), NARROW)
}

fn press(app: &mut App, keys: &str) -> Vec<Effect> {
    fixtures::press(app, keys)
}

/// A key with modifiers (Ctrl-C, Shift-Tab).
fn chord(app: &mut App, code: KeyCode, modifiers: KeyModifiers) -> Vec<Effect> {
    app.update(Input::Key(KeyEvent::new(code, modifiers)), now())
}

fn special(app: &mut App, code: KeyCode) -> Vec<Effect> {
    chord(app, code, KeyModifiers::NONE)
}

/// The fetches among `effects`.
fn fetches(effects: &[Effect]) -> Vec<(RequestId, Request)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Fetch { id, request } => Some((*id, request.clone())),
            _ => None,
        })
        .collect()
}

/// How many install requests `effects` send.
/// The pages of the group requests among `effects`.
fn pages(effects: &[Effect]) -> Vec<u64> {
    fetches(effects)
        .into_iter()
        .filter_map(|(_, request)| match request {
            Request::Groups(query) => Some(query.page),
            _ => None,
        })
        .collect()
}

fn install_fetches(effects: &[Effect]) -> usize {
    fetches(effects)
        .iter()
        .filter(|(_, r)| matches!(r, Request::Install { .. }))
        .count()
}

/// The id of the only fetch of `request` in `effects`.
fn fetch_of(effects: &[Effect], request: &Request) -> RequestId {
    let ids: Vec<RequestId> = fetches(effects)
        .into_iter()
        .filter(|(_, r)| r == request)
        .map(|(id, _)| id)
        .collect();
    assert_eq!(ids.len(), 1, "one fetch of {request:?} in {effects:?}");
    ids[0]
}

fn respond(app: &mut App, id: RequestId, answer: Answer) -> Vec<Effect> {
    let answer = Box::new(answer);
    app.update(Input::Response { id, answer }, now())
}

/// Answers `id`, a `request`, with the failure `error`.
fn respond_err(app: &mut App, id: RequestId, request: &Request, error: ApiError) -> Vec<Effect> {
    respond(app, id, request.failed(error))
}

/// Answers `id` as the scripted server would answer `request`.
fn respond_ok(app: &mut App, id: RequestId, request: &Request) -> Vec<Effect> {
    respond(app, id, server_answer(request))
}

/// The query of `page` in a walk of `branch_id`: page 1 asks for
/// [`WALK_PER_PAGE`], the others for the [`SERVER_PER_PAGE`] its answer said.
fn branch_query(branch_id: Option<i64>, page: u64) -> GroupsQuery {
    GroupsQuery {
        branch_id,
        page,
        per_page: if page == 1 {
            WALK_PER_PAGE
        } else {
            fixtures::SERVER_PER_PAGE
        },
    }
}

/// The query of `page` in a walk of every branch.
fn query(page: u64) -> GroupsQuery {
    branch_query(None, page)
}

fn groups_request(page: u64) -> Request {
    Request::Groups(query(page))
}

/// A request of a walk again of every branch: the page size is known by
/// then, page 1 too asks for the [`SERVER_PER_PAGE`] the server honours.
fn again_request(page: u64) -> Request {
    Request::Groups(again_query(page))
}

fn again_query(page: u64) -> GroupsQuery {
    GroupsQuery {
        per_page: fixtures::SERVER_PER_PAGE,
        ..query(page)
    }
}

fn server_error() -> ApiError {
    ApiError::Server {
        status: 502,
        message: Some("Bad Gateway".into()),
    }
}

/// The status message's text, if its severity is `severity`.
fn status(app: &App, severity: Severity) -> Option<&str> {
    app.world
        .status
        .current()
        .filter(|m| m.severity == severity)
        .map(|m| m.text.as_str())
}

/// Ids of the visible groups, in order.
fn visible_ids(app: &App) -> Vec<i64> {
    let groups = &app.tabs.groups;
    groups
        .list
        .visible
        .iter()
        .map(|i| groups.rows.id(i).expect("a row of a group"))
        .collect()
}

/// The text of a group's `row` in the Groups column named `name`, and its
/// narrow form.
fn group_cell<'a>(row: &'a ScreenRow, name: &str) -> (&'a str, Option<&'a str>) {
    let index = on_screen(COLUMNS).position(|(c, _)| c.name == name);
    match index.map(|index| &row.cells[index]) {
        Some(ScreenCell::Text(text)) => (text.as_str(), None),
        Some(ScreenCell::Narrowable(pair)) => (pair.wide.as_str(), Some(pair.narrow.as_str())),
        other => panic!("{name}: {other:?}"),
    }
}

fn selected_group(app: &App) -> Option<i64> {
    app.tabs.groups.selected_id()
}

fn selected_plugin(app: &App) -> Option<i64> {
    app.tabs.plugins.selected(app.world.plugins()).map(|p| p.id)
}

#[test]
fn starts_on_groups_asking_for_page_one_branches_and_plugins() {
    let (app, effects) = fresh();
    let requests: Vec<Request> = fetches(&effects).into_iter().map(|(_, r)| r).collect();
    assert_eq!(
        requests,
        vec![
            groups_request(1),
            Request::Branches,
            Request::Plugins,
            Request::Me
        ]
    );
    let mut ids: Vec<RequestId> = fetches(&effects).into_iter().map(|(id, _)| id).collect();
    ids.dedup();
    assert_eq!(ids.len(), 4, "fresh ids");
    assert_eq!(app.context(), Context::GroupsList);
}

#[test]
fn the_first_walk_is_of_the_configured_branch() {
    let settings = AppSettings {
        branch_id: Some(3),
        ..fixtures::settings()
    };
    let (_, effects) = App::new(settings, fixtures::token_expires_at(), NARROW);
    fetch_of(&effects, &Request::Groups(branch_query(Some(3), 1)));
}

#[test]
fn an_answer_no_longer_awaited_is_dropped() {
    let mut app = loaded();
    let before = visible_ids(&app);
    let unknown = respond(&mut app, RequestId(999), server_answer(&groups_request(3)));
    assert!(unknown.is_empty());
    // An answer that already arrived, delivered twice.
    let (mut again, effects) = fresh();
    let id = fetch_of(&effects, &groups_request(1));
    respond_ok(&mut again, id, &groups_request(1));
    let status_before = again.world.status.current().cloned();
    assert!(respond_err(&mut again, id, &groups_request(1), server_error()).is_empty());
    assert_eq!(again.world.status.current().cloned(), status_before);
    assert_eq!(visible_ids(&again).len(), 20, "page 1 stays");
    assert_eq!(visible_ids(&app), before);
}
