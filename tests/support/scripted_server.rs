//! A server that answers every request as the test scripts it, for bodies
//! the demo server does not produce, and the scripts of servers that echo
//! the token they were sent.

use axum::http::{HeaderMap, StatusCode, header};
use serde_json::json;

/// How a [`scripted_server`] answers, given the token it was sent.
pub type Answer = fn(&str) -> (StatusCode, String);

/// A server that answers every request with `answer(token it was sent)`,
/// spawned on the current runtime; returns its base URL.
pub async fn scripted_server(answer: Answer) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base_url = format!("http://{}", listener.local_addr().expect("address"));
    let app = axum::Router::new().fallback(move |headers: HeaderMap| async move {
        let sent = headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or_default();
        let (status, body) = answer(sent);
        (status, [(header::CONTENT_TYPE, "application/json")], body)
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    base_url
}

/// Servers that echo the token in what they answer: a name, the script,
/// and what the error line names.
pub const TOKEN_ECHOES: [(&str, Answer, &[&str]); 4] = [
    ("401 quoting it", quotes_the_token_in_a_401, &["HTTP 401"]),
    (
        "500 quoting it late",
        quotes_the_token_late_in_a_500,
        &["HTTP 500"],
    ),
    (
        "wrong shape quoting it",
        quotes_the_token_in_a_wrong_shape,
        &["unexpected answer"],
    ),
    (
        "plain text quoting it",
        quotes_the_token_in_plain_text,
        &["HTTP 502"],
    ),
];

/// A server that refuses the token and quotes it in its message.
fn quotes_the_token_in_a_401(token: &str) -> (StatusCode, String) {
    let body = json!({ "message": format!("Token {token} is not valid.") });
    (StatusCode::UNAUTHORIZED, body.to_string())
}

/// A server error whose message is cut (at 200 characters) in the middle of
/// the token: the cut must not leave a piece of it.
fn quotes_the_token_late_in_a_500(token: &str) -> (StatusCode, String) {
    let body = json!({ "message": format!("{:<159} {token}", "padding") });
    (StatusCode::INTERNAL_SERVER_ERROR, body.to_string())
}

/// A success of the wrong shape that holds the token: the error quotes the
/// start of the body.
fn quotes_the_token_in_a_wrong_shape(token: &str) -> (StatusCode, String) {
    let body = json!({ "status": 200, "success": true, "data": { "echo": token } });
    (StatusCode::OK, body.to_string())
}

/// A proxy's plain-text error that holds the token.
fn quotes_the_token_in_plain_text(token: &str) -> (StatusCode, String) {
    (
        StatusCode::BAD_GATEWAY,
        format!("upstream refused Authorization: Bearer {token}"),
    )
}
