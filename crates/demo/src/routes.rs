//! The HTTP surface: the router, the front door every request passes (hit
//! counting, latency, faults), bearer-token auth and the route handlers.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use chrono::Timelike;

use super::Route;
use super::data;
use super::faults;
use super::groups::{self, GroupQuery};
use super::plugins::{BodyKind, InstallResult, plugin_id_input};
use super::shared::Shared;
use super::wire;

/// The whole demo API on top of `shared`.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let api = Router::new()
        .route(Route::Plugins.path(), get(list_plugins))
        .route(Route::Install.path(), post(install_plugin))
        .route(Route::Groups.path(), get(list_groups))
        .route(Route::Branches.path(), get(list_branches))
        .route(Route::Me.path(), get(who_am_i))
        .route_layer(middleware::from_fn_with_state(
            shared.clone(),
            require_token,
        ));
    Router::new()
        .merge(api)
        .route("/login", get(login_page))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(shared.clone(), front_door))
        .with_state(shared)
}

/// Every request passes here first: it is counted (and counted as in
/// flight until answered), delayed by the latency, and answered by the
/// next queued fault for its route if there is one.
async fn front_door(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let route = Route::of(request.method(), request.uri().path());
    let _answering = route.map(|route| Answering::new(&shared, route));
    let latency = shared.faults.latency();
    if !latency.is_zero() {
        tokio::select! {
            () = tokio::time::sleep(latency) => {}
            () = shared.shutdown.cancelled() => {}
        }
    }
    // A fault may wait for one page of the groups.
    let page = (route == Some(Route::Groups))
        .then(|| GroupQuery::parse(request.uri().query().unwrap_or(""), shared.max_per_page).page);
    match route.and_then(|route| shared.faults.take(route, page)) {
        Some(fault) => faults::answer(fault, &shared.shutdown, next.run(request)).await,
        None => next.run(request).await,
    }
}

/// A request of `route` being answered: counted from its arrival until it
/// is answered or dropped (a hanging answer the client gave up on).
struct Answering<'a> {
    now: &'a AtomicU64,
}

impl<'a> Answering<'a> {
    fn new(shared: &'a Shared, route: Route) -> Self {
        let index = route.index();
        shared.hits[index].fetch_add(1, Ordering::Relaxed);
        let now = &shared.in_flight[index];
        let at_once = now.fetch_add(1, Ordering::Relaxed) + 1;
        shared.peak_in_flight[index].fetch_max(at_once, Ordering::Relaxed);
        Self { now }
    }
}

impl Drop for Answering<'_> {
    fn drop(&mut self) {
        self.now.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The token of an `Authorization: Bearer <token>` header.
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// Laravel's `wantsJson()`: the first media type the client accepts is JSON.
fn wants_json(headers: &HeaderMap) -> bool {
    let Some(accept) = headers
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    let first = accept.split(',').next().unwrap_or("").to_ascii_lowercase();
    first.contains("/json") || first.contains("+json")
}

/// Lets only the demo token through; others get what Laravel gives them: a
/// JSON 401 when they asked for JSON, a redirect to the login page otherwise.
async fn require_token(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let sent = bearer_token(request.headers());
    let also = |sent: &str| {
        let accepted = shared
            .also_accepted
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        accepted.iter().any(|token| token == sent)
    };
    if sent.is_some_and(|sent| sent == shared.token || also(sent)) {
        return next.run(request).await;
    }
    if wants_json(request.headers()) {
        wire::laravel_error(StatusCode::UNAUTHORIZED)
    } else {
        redirect_to_login(&shared.base_url)
    }
}

/// Symfony's redirect response, as Laravel sends it.
fn redirect_to_login(base_url: &str) -> Response {
    let target = format!("{base_url}/login");
    let page = format!(
        "<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset=\"UTF-8\" />\n        \
         <meta http-equiv=\"refresh\" content=\"0;url='{target}'\" />\n\n        \
         <title>Redirecting to {target}</title>\n    </head>\n    <body>\n        \
         Redirecting to <a href=\"{target}\">{target}</a>.\n    </body>\n</html>"
    );
    (
        StatusCode::FOUND,
        [
            (header::LOCATION, target.as_str()),
            (header::CONTENT_TYPE, "text/html; charset=UTF-8"),
        ],
        page,
    )
        .into_response()
}

/// Where the redirect of an unauthenticated browser request lands.
async fn login_page() -> Html<&'static str> {
    Html(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Login</title></head>\n\
         <body><form method=\"POST\" action=\"/login\"><input name=\"phone\"><input name=\"password\" type=\"password\">\
         <button>Log in</button></form></body>\n</html>\n",
    )
}

async fn not_found() -> Response {
    wire::laravel_error(StatusCode::NOT_FOUND)
}

/// Laravel's `MethodNotAllowedHttpException` message.
async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    let supported: Vec<String> = Route::ALL
        .iter()
        .filter(|route| route.path() == path)
        .map(|route| route.method().to_string())
        .collect();
    let text = format!(
        "The {method} method is not supported for route {}. Supported methods: {}.",
        path.trim_start_matches('/'),
        supported.join(", ")
    );
    wire::message(StatusCode::METHOD_NOT_ALLOWED, &text)
}

async fn list_plugins(State(shared): State<Arc<Shared>>) -> Response {
    let installations = shared.installations();
    wire::ok(installations.list(&shared.seed.plugins))
}

async fn install_plugin(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok());
    if shared.refuse_installs {
        // A centre whose account may not install (issue 38 §7): every time.
        return wire::message(StatusCode::FORBIDDEN, "This action is unauthorized.");
    }
    let plugin_id = match plugin_id_input(
        BodyKind::of(content_type),
        &body,
        query.as_deref().unwrap_or(""),
    ) {
        Ok(plugin_id) => plugin_id,
        Err(invalid) => return wire::validation_failed("plugin_id", invalid.message()),
    };
    if !shared
        .seed
        .plugins
        .iter()
        .any(|plugin| plugin.id == plugin_id)
    {
        return wire::failure(StatusCode::NOT_FOUND, "Plugin not found.");
    }
    let now = chrono::Utc::now().naive_utc();
    // Laravel stores seconds: the microseconds of a fresh record are zero.
    let now = now.with_nanosecond(0).unwrap_or(now);
    let mut installations = shared.installations();
    let installation = installations.install(plugin_id, now);
    wire::ok(InstallResult::from(installation))
}

async fn list_groups(State(shared): State<Arc<Shared>>, RawQuery(query): RawQuery) -> Response {
    let query = GroupQuery::parse(query.as_deref().unwrap_or(""), shared.max_per_page);
    let centre = shared.centre();
    let (items, pagination) =
        groups::page(centre.groups(&shared.seed.groups), &query, &shared.base_url);
    wire::ok_with_pagination(items, Some(pagination))
}

async fn list_branches(State(shared): State<Arc<Shared>>) -> Response {
    wire::ok(&shared.seed.branches)
}

async fn who_am_i(State(shared): State<Arc<Shared>>) -> Response {
    wire::ok(data::me(&shared.centre_name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (name.clone(), HeaderValue::from_static(value)))
            .collect()
    }

    #[test]
    fn reads_bearer_tokens() {
        assert_eq!(
            bearer_token(&headers(&[(header::AUTHORIZATION, "Bearer abc")])),
            Some("abc")
        );
        assert_eq!(
            bearer_token(&headers(&[(header::AUTHORIZATION, "bearer  abc ")])),
            Some("abc")
        );
        assert_eq!(
            bearer_token(&headers(&[(header::AUTHORIZATION, "Basic abc")])),
            None
        );
        assert_eq!(
            bearer_token(&headers(&[(header::AUTHORIZATION, "abc")])),
            None
        );
        assert_eq!(bearer_token(&headers(&[])), None);
    }

    #[test]
    fn wants_json_when_json_comes_first() {
        assert!(wants_json(&headers(&[(
            header::ACCEPT,
            "application/json"
        )])));
        assert!(wants_json(&headers(&[(
            header::ACCEPT,
            "application/json, text/plain, */*"
        )])));
        assert!(!wants_json(&headers(&[(header::ACCEPT, "*/*")])));
        assert!(!wants_json(&headers(&[(
            header::ACCEPT,
            "text/html, application/json"
        )])));
        assert!(!wants_json(&headers(&[])));
    }
}
