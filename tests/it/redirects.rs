//! Which redirects the client follows (issue 33 §3), over real HTTP with
//! small servers on 127.0.0.1 that count what they receive: the install
//! POST follows none (one POST, the 3xx reported with the host it named,
//! nothing done); a GET follows the same host only, and an error names the
//! address that failed. From https to http: `crmdeck_api::redirect`'s unit
//! tests (no test server here can hold a certificate the client trusts).

use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use crmdeck::api::redirect::{MAX_REDIRECTS, NotFollowed};
use crmdeck::api::{ApiError, Client, ClientOptions, RetryPolicy};
use crmdeck::secret::Token;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const TOKEN: &str = "redirect-test-token-0123456789abcdef";

/// A request as a test server received it: method, path, Authorization.
pub(crate) type Received = (Method, String, Option<String>);

/// What a test server received.
pub(crate) type Log = Arc<Mutex<Vec<Received>>>;

/// A server on 127.0.0.1 answering with `answer(its own address, method,
/// path)`; its address and what it received.
pub(crate) async fn server<F>(answer: F) -> (SocketAddr, Log)
where
    F: Fn(SocketAddr, &Method, &str) -> Response + Clone + Send + Sync + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let received = Log::default();
    let log = received.clone();
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, headers: HeaderMap| {
        let (log, answer) = (log.clone(), answer.clone());
        async move {
            let auth = headers
                .get(header::AUTHORIZATION)
                .and_then(|value| value.to_str().ok())
                .map(str::to_string);
            let path = uri.path().to_string();
            log.lock()
                .unwrap()
                .push((method.clone(), path.clone(), auth));
            answer(address, &method, &path)
        }
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, received)
}

fn client(address: SocketAddr) -> Client {
    let mut options = ClientOptions::new(format!("http://{address}").parse().unwrap());
    options.request_timeout = Duration::from_secs(5);
    options.retry = RetryPolicy::none();
    Client::new(options, Token::new(TOKEN)).unwrap()
}

fn moved(status: StatusCode, location: String) -> Response {
    (status, [(header::LOCATION, location)]).into_response()
}

fn json(body: &'static str) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

const INSTALLED: &str =
    r#"{"status":200,"success":true,"data":{"id":9,"plugin_id":2,"token":"1|abcdefghijklmnop"}}"#;

const PLUGINS: &str = r#"{"status":200,"success":true,"data":[{"id":2,"name":"SMS"}]}"#;

/// The address of a port nothing listens on (bound, then let go).
async fn closed_port() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    listener.local_addr().expect("address")
}

fn count(received: &Log, method: &Method) -> usize {
    let received = received.lock().unwrap();
    received.iter().filter(|(m, _, _)| m == method).count()
}

#[tokio::test]
async fn an_install_redirected_is_sent_once_and_not_done() {
    // Another host that installs anything, without asking for a token.
    let (elsewhere, elsewhere_got) = server(|_, _, _| json(INSTALLED)).await;
    for status in [307, 308, 301, 302, 303] {
        let status = StatusCode::from_u16(status).unwrap();
        for target in [format!("http://{elsewhere}"), String::new()] {
            // To the other host, or to itself (a loop).
            let (configured, got) = server(move |own, _, path| {
                let host = if target.is_empty() {
                    format!("http://{own}")
                } else {
                    target.clone()
                };
                moved(status, format!("{host}{path}"))
            })
            .await;
            let error = client(configured).install(2).await.unwrap_err();
            assert_eq!(
                count(&got, &Method::POST),
                1,
                "{status}: one POST, never again"
            );
            assert_eq!(
                got.lock().unwrap().len(),
                1,
                "{status}: nothing else either"
            );
            let ApiError::Redirected {
                status: said,
                to,
                why,
            } = &error
            else {
                panic!("{status}: {error:?}");
            };
            assert_eq!((*said, *why), (status.as_u16(), NotFollowed::Change));
            let named = to.clone().unwrap();
            assert!(
                named == elsewhere.to_string() || named == configured.to_string(),
                "{named}"
            );
            assert!(!error.outcome_unknown(), "{error}");
            let line = error.to_string();
            assert!(
                line.contains(&format!("HTTP {}", status.as_u16())),
                "{line}"
            );
            assert!(
                line.contains(&named) && line.contains("nothing done"),
                "{line}"
            );
        }
    }
    assert!(
        elsewhere_got.lock().unwrap().is_empty(),
        "the other host got nothing"
    );
}

#[tokio::test]
async fn a_get_follows_a_redirect_on_its_own_host_with_the_token() {
    let (address, got) = server(|own, _, path| match path {
        "/v2/plugins" => moved(StatusCode::FOUND, format!("http://{own}/moved/plugins")),
        "/moved/plugins" => json(PLUGINS),
        _ => StatusCode::NOT_FOUND.into_response(),
    })
    .await;
    let plugins = client(address).plugins().await.unwrap();
    assert_eq!(plugins.len(), 1);
    let got = got.lock().unwrap();
    let paths: Vec<&str> = got.iter().map(|(_, path, _)| path.as_str()).collect();
    assert_eq!(paths, ["/v2/plugins", "/moved/plugins"]);
    let bearer = format!("Bearer {TOKEN}");
    assert!(
        got.iter()
            .all(|(_, _, auth)| auth.as_deref() == Some(bearer.as_str()))
    );
}

#[tokio::test]
async fn a_get_redirected_to_another_host_is_not_followed() {
    let (elsewhere, elsewhere_got) = server(|_, _, _| json(PLUGINS)).await;
    // `localhost` is another host name, though the same machine.
    let target = format!("http://localhost:{}/v2/plugins", elsewhere.port());
    let (address, got) = server(move |_, _, _| moved(StatusCode::FOUND, target.clone())).await;
    let error = client(address).plugins().await.unwrap_err();
    let expected = ApiError::Redirected {
        status: 302,
        to: Some(format!("localhost:{}", elsewhere.port())),
        why: NotFollowed::OtherHost,
    };
    assert_eq!(error, expected);
    assert!(error.to_string().contains("another host"), "{error}");
    assert_eq!(got.lock().unwrap().len(), 1);
    assert!(elsewhere_got.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_redirect_chain_ends() {
    let (address, got) = server(|_, _, path| {
        let next: u32 = path
            .trim_start_matches("/v2/plugins")
            .trim_start_matches('/')
            .parse()
            .unwrap_or(0);
        moved(StatusCode::FOUND, format!("/v2/plugins/{}", next + 1))
    })
    .await;
    let error = client(address).plugins().await.unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::Redirected {
                why: NotFollowed::TooMany,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(got.lock().unwrap().len(), MAX_REDIRECTS + 1);
}

#[tokio::test]
async fn a_redirect_that_fails_names_the_address_that_failed() {
    let closed = closed_port().await;
    let target = format!("http://{closed}/v2/plugins");
    let (address, _) =
        server(move |_, _, _| moved(StatusCode::TEMPORARY_REDIRECT, target.clone())).await;
    let error = client(address).plugins().await.unwrap_err();
    let line = error.to_string();
    assert!(matches!(error, ApiError::Network(_)), "{error:?}");
    assert!(line.contains(&closed.to_string()), "{line}");
    assert!(!line.contains(&address.to_string()), "{line}");
}
