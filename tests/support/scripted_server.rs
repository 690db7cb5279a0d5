//! A server that answers every request as the test scripts it, for bodies
//! the demo server does not produce, and the scripts of servers that echo
//! the token they were sent; a centre whose groups change during a walk.

use axum::extract::RawQuery;
use axum::http::{HeaderMap, StatusCode, header};
use serde_json::json;
use std::sync::{Arc, Mutex};

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

/// Servers that echo the token in what they answer, as is or encoded: a
/// name, the script, and what the error line names.
pub const TOKEN_ECHOES: [(&str, Answer, &[&str]); 8] = [
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
    (
        "401 quoting it as PHP escapes a slash",
        quotes_the_token_php_escaped_in_a_401,
        &["HTTP 401"],
    ),
    (
        "422 naming it in a field error in \\u escapes",
        names_the_token_in_unicode_escapes_in_a_field_error,
        &["HTTP 422"],
    ),
    (
        "wrong shape quoting it as PHP escapes a slash",
        quotes_the_token_php_escaped_in_a_wrong_shape,
        &["unexpected answer"],
    ),
    (
        "a refusal inside a 200 quoting it",
        quotes_the_token_in_a_refusal_inside_a_success,
        &["HTTP 403"],
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

/// JSON as PHP's `json_encode` writes it: every `/` escaped as `\/`.
fn php_json(value: serde_json::Value) -> String {
    value.to_string().replace('/', r"\/")
}

fn quotes_the_token_php_escaped_in_a_401(token: &str) -> (StatusCode, String) {
    let body = json!({ "message": format!("Token {token} is not valid.") });
    (StatusCode::UNAUTHORIZED, php_json(body))
}

/// Every character of the token written as a `\uXXXX` escape, in a 422's
/// field errors (the field named after it too).
fn names_the_token_in_unicode_escapes_in_a_field_error(token: &str) -> (StatusCode, String) {
    let escaped: String = token
        .chars()
        .map(|c| format!("\\u{:04x}", u32::from(c)))
        .collect();
    let body = format!(
        r#"{{"message":"The given data was invalid.","errors":{{"{escaped}":["The token {escaped} has expired."]}}}}"#
    );
    (StatusCode::UNPROCESSABLE_ENTITY, body)
}

fn quotes_the_token_php_escaped_in_a_wrong_shape(token: &str) -> (StatusCode, String) {
    let body = json!({ "status": 200, "success": true, "data": { "echo": token } });
    (StatusCode::OK, php_json(body))
}

/// `"success": false` with a 200: the client treats it as the status it names.
fn quotes_the_token_in_a_refusal_inside_a_success(token: &str) -> (StatusCode, String) {
    let body = json!({
        "status": 403,
        "success": false,
        "message": format!("Token {token} may not do this."),
    });
    (StatusCode::OK, body.to_string())
}

/// A centre of groups 1 to `count`, served `per_page` a page at most, to
/// which group 0 is added at the front when page `grows_on` is first asked
/// (before that page is answered): offset paging then shifts every later
/// page by one, and `total` grows by one. Returns its base URL.
pub async fn centre_that_grows(count: i64, per_page: u64, grows_on: u64) -> String {
    let ids: Arc<Mutex<Vec<i64>>> = Arc::new(Mutex::new((1..=count).collect()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base_url = format!("http://{}", listener.local_addr().expect("address"));
    let app = axum::Router::new().fallback(move |RawQuery(query): RawQuery| {
        let ids = ids.clone();
        async move {
            let query = query.unwrap_or_default();
            let page = query
                .split('&')
                .find_map(|pair| pair.strip_prefix("page="))
                .and_then(|page| page.parse::<u64>().ok())
                .unwrap_or(1);
            let mut ids = ids.lock().expect("not poisoned");
            if page == grows_on && ids.first() != Some(&0) {
                ids.insert(0, 0);
            }
            let total = ids.len() as u64;
            let data: Vec<_> = ids
                .iter()
                .skip(((page - 1) * per_page) as usize)
                .take(per_page as usize)
                .map(|id| json!({ "id": id, "name": format!("group {id}") }))
                .collect();
            let body = json!({
                "status": 200,
                "success": true,
                "data": data,
                "pagination": {
                    "count": data.len(),
                    "total": total,
                    "perPage": per_page,
                    "currentPage": page,
                    "totalPages": total.div_ceil(per_page),
                    "links": {},
                },
            });
            (
                StatusCode::OK,
                [(header::CONTENT_TYPE, "application/json")],
                body.to_string(),
            )
        }
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    base_url
}
