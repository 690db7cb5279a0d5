//! The API client against the demo server over real HTTP on 127.0.0.1:0,
//! with every injectable fault.

use crate::support;

use crmdeck::api::{ApiError, Client, ClientOptions, RetryPolicy};
use crmdeck::cli::walk::{Waits, walk};
use crmdeck::demo::{self, DemoHandle, DemoOptions, Fault, Route};
use crmdeck::model::{DaysCode, GroupStatus, GroupsQuery, PluginType};
use crmdeck::secret::Token;
use crmdeck::store::{GroupList, WalkPolicy};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use support::walk::every_group;

const TOKEN: &str = "test-token-0123456789abcdef";

async fn server() -> DemoHandle {
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        ..DemoOptions::default()
    };
    demo::start(SocketAddr::from(([127, 0, 0, 1], 0)), options)
        .await
        .expect("demo server starts")
}

/// A server whose next `times` answers (on `route`, if given) are `fault`.
async fn server_with(fault: Fault, times: usize, route: Option<Route>) -> DemoHandle {
    let server = server().await;
    server.faults().push(fault, times, route);
    server
}

/// The error of listing the plugins from a server whose next `times`
/// answers are `fault`, and how often the server was asked.
async fn plugins_error(fault: Fault, times: usize) -> (ApiError, u64) {
    let server = server_with(fault, times, None).await;
    let error = client_for(&server).plugins().await.unwrap_err();
    (error, server.hits(Route::Plugins))
}

/// Fast retries so the retry tests take milliseconds.
fn options(base_url: &str) -> ClientOptions {
    let mut options = ClientOptions::new(base_url.parse().unwrap());
    options.request_timeout = Duration::from_secs(5);
    options.retry = RetryPolicy {
        base_delay: Duration::from_millis(5),
        ..RetryPolicy::default()
    };
    options
}

fn client_for(server: &DemoHandle) -> Client {
    Client::new(options(&server.base_url()), Token::new(TOKEN)).unwrap()
}

/// Page `page` of `branch_id` (None: every branch), `per_page` a page.
fn query(branch_id: Option<i64>, page: u64, per_page: u32) -> GroupsQuery {
    GroupsQuery {
        branch_id,
        page,
        per_page,
    }
}

/// Page 1 of every branch.
fn first_page(per_page: u32) -> GroupsQuery {
    query(None, 1, per_page)
}

#[tokio::test]
async fn lists_plugins_with_decoded_fields() {
    let server = server().await;
    let plugins = client_for(&server).plugins().await.unwrap();
    assert!(plugins.len() >= 10, "{}", plugins.len());
    assert!(plugins.iter().any(|p| p.plugin_type == PluginType::Free));
    assert!(plugins.iter().any(|p| p.plugin_type == PluginType::Premium));
    assert!(plugins.iter().any(|p| p.is_installed()));
    assert!(plugins.iter().any(|p| !p.is_installed()));
    assert!(
        plugins.iter().all(|p| !p.abilities.as_list().is_empty()),
        "abilities decoded from their JSON-encoded string"
    );
}

#[tokio::test]
async fn pages_groups_by_branch_with_courses() {
    let server = server().await;
    let client = client_for(&server);
    let page = client.groups(query(Some(2), 2, 10)).await.unwrap();
    assert_eq!(page.groups.len(), 10);
    assert_eq!(page.page(), 2);
    assert!(page.total_pages() > 2);
    assert!(page.groups.iter().all(|g| g.branch_id == Some(2)));
    assert!(page.groups.iter().all(|g| g.course.is_some()));
    assert!(page.pagination.links.next.is_some());
}

#[tokio::test]
async fn trusts_the_per_page_the_server_applied() {
    let server = server().await;
    let page = client_for(&server).groups(first_page(1000)).await.unwrap();
    assert_eq!(page.per_page(), 100);
    assert_eq!(page.groups.len(), 100);
}

#[tokio::test]
async fn walks_every_page_of_a_branch() {
    let server = server().await;
    let client = client_for(&server);
    let first = client.groups(query(Some(1), 1, 7)).await.unwrap();
    let mut list = GroupList::new(Some(1), 7, WalkPolicy::default());
    list.walk(Instant::now());
    let mut calls = Vec::new();
    let mut waits = Waits::default();
    let warnings = walk(&client, &mut list, &mut waits, |list| {
        calls.push(list.progress())
    })
    .await;
    assert_eq!(warnings, []);
    assert_eq!(list.missing(), []);
    assert_eq!(Some(list.len() as u64), first.pagination.total);
    assert_eq!(calls.len() as u64, first.total_pages());
    let last = calls.last().unwrap();
    assert_eq!(
        (last.read, last.pages),
        (first.total_pages(), Some(first.total_pages()))
    );
    // In page order: the demo's, by id.
    let ids: Vec<i64> = list.groups().map(|g| g.id).collect();
    assert!(ids.is_sorted(), "{ids:?}");
    let every_code = [
        DaysCode::MonWedFri,
        DaysCode::TueThuSat,
        DaysCode::Weekend,
        DaysCode::EveryDay,
        DaysCode::Custom,
    ];
    let all: Vec<_> = every_group(&client, None, 100)
        .await
        .groups()
        .cloned()
        .collect();
    for code in every_code {
        assert!(
            all.iter().any(|g| g.days == code),
            "{code:?} in the demo data"
        );
    }
    assert!(all.iter().any(|g| g.status == GroupStatus::Archive));
    assert!(
        all.iter()
            .filter(|g| g.days == DaysCode::Custom)
            .all(|g| !g.exact_days.days.is_empty())
    );
}

#[tokio::test]
async fn lists_branches() {
    let server = server().await;
    let branches = client_for(&server).branches().await.unwrap();
    assert_eq!(branches.len(), 4);
    assert!(branches.iter().all(|b| !b.name.is_empty()));
}

#[tokio::test]
async fn installs_once_and_reports_the_existing_installation() {
    let server = server().await;
    let client = client_for(&server);
    let plugins = client.plugins().await.unwrap();
    let fresh = plugins.iter().find(|p| !p.is_installed()).unwrap();
    let first = client.install(fresh.id).await.unwrap();
    assert_eq!(first.plugin_id, Some(fresh.id));
    let token = first.token.clone().unwrap();
    assert!(token.starts_with(&format!("{}|", first.id)), "{token}");
    let again = client.install(fresh.id).await.unwrap();
    assert_eq!(again, first);
    let listed = client.plugins().await.unwrap();
    let now = listed.iter().find(|p| p.id == fresh.id).unwrap();
    assert_eq!(now.user.as_ref().map(|u| u.id), Some(first.id));
}

#[tokio::test]
async fn unknown_plugin_is_not_found() {
    let server = server().await;
    let error = client_for(&server).install(987_654).await.unwrap_err();
    assert!(matches!(error, ApiError::NotFound { .. }), "{error:?}");
}

#[tokio::test]
async fn wrong_token_is_unauthorized_and_never_shown() {
    let server = server().await;
    let secret = "wrong-secret-token-value-1234567890";
    let client = Client::new(options(&server.base_url()), Token::new(secret)).unwrap();
    let error = client.plugins().await.unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::Unauthorized {
                expired_at: None,
                ..
            }
        ),
        "{error:?}"
    );
    let line = error.to_string();
    assert!(line.contains("401"), "{line}");
    assert!(!line.contains(secret), "{line}");
    assert!(!format!("{error:?}").contains(secret));
}

#[tokio::test]
async fn an_expired_jwt_is_explained() {
    use base64::Engine;
    let server = server().await;
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(r#"{"iat":1600000000,"exp":1600043200,"sub":"1"}"#);
    let token = Token::new(format!("eyJ0eXAiOiJKV1QifQ.{payload}.c2ln"));
    let client = Client::new(options(&server.base_url()), token).unwrap();
    let error = client.groups(first_page(5)).await.unwrap_err();
    let line = error.to_string();
    assert!(line.contains("expired at 2020-09-14"), "{line}");
}

#[tokio::test]
async fn validation_errors_name_the_field() {
    let server = server_with(Fault::Status(422), 1, Some(Route::Install)).await;
    let error = client_for(&server).install(1).await.unwrap_err();
    match &error {
        ApiError::Validation { fields, .. } => assert_eq!(fields[0].0, "plugin_id"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn retries_gets_through_bad_gateways() {
    let server = server_with(Fault::Status(502), 2, Some(Route::Groups)).await;
    let page = client_for(&server).groups(first_page(5)).await.unwrap();
    assert_eq!(page.groups.len(), 5);
    assert_eq!(server.hits(Route::Groups), 3);
}

#[tokio::test]
async fn gives_up_after_the_bounded_attempts() {
    let (error, asked) = plugins_error(Fault::Status(503), 10).await;
    assert!(
        matches!(error, ApiError::Server { status: 503, .. }),
        "{error:?}"
    );
    assert_eq!(asked, 3);
}

#[tokio::test]
async fn does_not_retry_a_server_error() {
    let (error, asked) = plugins_error(Fault::Status(500), 1).await;
    assert_eq!(
        error.to_string(),
        "HTTP 500 Internal Server Error: Server Error"
    );
    assert_eq!(asked, 1);
}

#[tokio::test]
async fn never_retries_the_install_post() {
    let server = server_with(Fault::Status(502), 1, Some(Route::Install)).await;
    let error = client_for(&server).install(1).await.unwrap_err();
    assert!(matches!(error, ApiError::Server { status: 502, .. }));
    assert_eq!(server.hits(Route::Install), 1);
}

/// The server installs, then closes the connection without a byte of its
/// answer: the client cannot tell what happened, and says so.
#[tokio::test]
async fn an_install_whose_answer_is_dropped_has_an_unknown_outcome() {
    let server = server().await;
    server.faults().push(Fault::Drop, 1, Some(Route::Install));
    let client = client_for(&server);
    let error = client.install(3).await.unwrap_err();
    assert!(matches!(error, ApiError::ConnectionLost(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("connection lost before the answer: 127.0.0.1"),
        "{error}"
    );
    assert!(error.outcome_unknown());
    assert_eq!(server.hits(Route::Install), 1, "one POST, never repeated");
    let plugins = client.plugins().await.unwrap();
    let installed = plugins.iter().find(|p| p.id == 3).unwrap().is_installed();
    assert!(installed, "the install happened all the same");
}

/// `GET /v2/token/me` names the demo centre and its zone; it is asked once,
/// never retried (nothing depends on it).
#[tokio::test]
async fn the_token_me_answer_names_the_centre_and_its_zone() {
    let server = server().await;
    let client = client_for(&server);
    let me = client.me().await.unwrap();
    assert_eq!(me.company_name(), Some("Ziyo Learning Centre"));
    assert_eq!(me.time_zone(), Some(chrono_tz::Asia::Tashkent));
    server.faults().push(Fault::Html(502), 3, Some(Route::Me));
    let error = client.me().await.unwrap_err();
    assert!(
        matches!(error, ApiError::Server { status: 502, .. }),
        "{error:?}"
    );
    assert_eq!(server.hits(Route::Me), 2, "one attempt each");
}

#[tokio::test]
async fn honours_retry_after() {
    let server = server_with(Fault::RetryAfter(1), 1, None).await;
    let started = std::time::Instant::now();
    let plugins = client_for(&server).plugins().await.unwrap();
    assert!(!plugins.is_empty());
    assert_eq!(server.hits(Route::Plugins), 2);
    assert!(started.elapsed() >= Duration::from_secs(1));
}

#[tokio::test]
async fn a_long_retry_after_is_reported_not_waited_out() {
    let (error, asked) = plugins_error(Fault::RetryAfter(600), 1).await;
    assert_eq!(
        error,
        ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(600))
        }
    );
    assert_eq!(asked, 1);
}

#[tokio::test]
async fn html_error_pages_give_their_title() {
    let (error, _) = plugins_error(Fault::Html(500), 1).await;
    match error {
        ApiError::Server {
            status: 500,
            message: Some(message),
        } => assert!(!message.contains('<'), "{message}"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn bad_bodies_are_decode_errors_with_a_snippet() {
    for fault in [Fault::Empty(200), Fault::Truncated, Fault::WrongShape] {
        let server = server_with(fault.clone(), 1, None).await;
        let error = client_for(&server).groups(first_page(5)).await.unwrap_err();
        assert!(
            matches!(error, ApiError::Decode { status: 200, .. }),
            "{fault:?}: {error:?}"
        );
        assert!(!error.to_string().contains('\n'));
    }
}

#[tokio::test]
async fn a_hanging_server_times_out() {
    let server = server_with(Fault::Hang, 1, None).await;
    let mut options = options(&server.base_url());
    options.request_timeout = Duration::from_millis(300);
    let client = Client::new(options, Token::new(TOKEN)).unwrap();
    let error = client.plugins().await.unwrap_err();
    assert_eq!(error, ApiError::Timeout(Duration::from_millis(300)));
    // The server itself still answers other requests.
    assert!(client.branches().await.is_ok());
}

#[tokio::test]
async fn a_dripping_body_times_out() {
    let server = server_with(
        Fault::Drip {
            chunk: 16,
            every: Duration::from_millis(100),
        },
        1,
        None,
    )
    .await;
    let mut options = options(&server.base_url());
    options.request_timeout = Duration::from_millis(400);
    let client = Client::new(options, Token::new(TOKEN)).unwrap();
    let result = client.groups(first_page(20)).await;
    // How many times the page was asked tells a retry (a cut body taken
    // for a lost connection, then answered whole) from a drip that ended.
    let asked = server.hits(Route::Groups);
    let outcome = result.as_ref().map(|page| page.groups.len());
    assert!(
        matches!(outcome, Err(ApiError::Timeout(_))),
        "{outcome:?} after {asked} request(s)"
    );
    // A time-out is final: never asked again.
    assert_eq!(asked, 1);
}

#[tokio::test]
async fn refuses_an_oversized_answer() {
    let server = server_with(Fault::Oversize(3 * 1024 * 1024), 1, None).await;
    let mut options = options(&server.base_url());
    options.max_body_bytes = 1024 * 1024;
    let client = Client::new(options, Token::new(TOKEN)).unwrap();
    let error = client.plugins().await.unwrap_err();
    assert_eq!(error, ApiError::TooLarge { limit: 1024 * 1024 });
}

#[tokio::test]
async fn a_dead_server_is_a_network_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let client = Client::new(options(&base_url), Token::new(TOKEN)).unwrap();
    let error = client.plugins().await.unwrap_err();
    assert!(matches!(error, ApiError::Network(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("cannot reach the server: 127.0.0.1")
    );
    // Nothing was sent: an install there is known not to have happened.
    let install = client.install(3).await.unwrap_err();
    assert!(!install.outcome_unknown(), "{install:?}");
}

#[tokio::test]
async fn a_reloaded_token_applies_to_the_next_request() {
    let server = server().await;
    let client = Client::new(options(&server.base_url()), Token::new("stale")).unwrap();
    assert!(client.plugins().await.is_err());
    client.set_token(Token::new(TOKEN));
    assert!(client.plugins().await.is_ok());
}
