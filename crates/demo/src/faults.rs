//! Fault injection: what a queued fault answers instead of (or on top of)
//! the normal answer, the queue that tests and `--demo` fill, and the
//! command-line form of a fault.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::body::{Body, Bytes, to_bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures::stream;
use tokio_util::sync::CancellationToken;

use super::Route;
use super::wire;

/// A way for the demo server to misbehave, as real servers and proxies do.
///
/// `Status`, `RetryAfter`, `Html`, `Empty` and `Hang` answer without running
/// the route. `Truncated`, `WrongShape`, `Drip` and `Oversize` alter the real
/// answer, so the route runs (an install does happen) and its status is kept;
/// `Drop` runs it and sends nothing of its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// That status with a Laravel-like JSON body (codes outside 200..=999 become 500).
    Status(u16),
    /// 429 `{"message":"Too Many Attempts."}` with `Retry-After: N`.
    RetryAfter(u64),
    /// That status with an HTML page (`text/html`), like a proxy's 502.
    Html(u16),
    /// That status with an empty body and no content type.
    Empty(u16),
    /// The real answer, its body cut in the middle (a complete HTTP message
    /// whose JSON ends half-way).
    Truncated,
    /// A valid envelope whose `data` has the wrong shape: a list becomes an
    /// object keyed `"0"`, `"1"`, ... (a filtered Laravel collection), an
    /// object becomes a one-element list.
    WrongShape,
    /// Accepts the request and never answers (until the server shuts down).
    Hang,
    /// The real answer, its body sent `chunk` bytes at a time, one chunk every `every`.
    Drip { chunk: usize, every: Duration },
    /// The real answer padded with JSON white space to at least this many bytes.
    Oversize(usize),
    /// The route runs (an install does happen), then the connection is
    /// closed without a byte of the answer: a server or proxy that dies
    /// after doing the work.
    Drop,
}

/// The drip of a bare `drip` spec: a page of groups then takes a few seconds.
const DEFAULT_DRIP: Fault = Fault::Drip {
    chunk: 512,
    every: Duration::from_millis(50),
};

/// Which requests a queued fault applies to: those of a route (any when
/// `None`) and, of the groups list, those of one page (any when `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FaultScope {
    pub route: Option<Route>,
    pub page: Option<u64>,
}

impl From<Option<Route>> for FaultScope {
    fn from(route: Option<Route>) -> Self {
        Self { route, page: None }
    }
}

impl FaultScope {
    /// The requests for `page` of the groups list.
    pub fn groups_page(page: u64) -> Self {
        Self {
            route: Some(Route::Groups),
            page: Some(page),
        }
    }

    fn applies(&self, route: Route, page: Option<u64>) -> bool {
        self.route.is_none_or(|only| only == route)
            && self.page.is_none_or(|only| page == Some(only))
    }
}

#[derive(Debug)]
struct Armed {
    fault: Fault,
    remaining: usize,
    scope: FaultScope,
}

#[derive(Debug)]
struct FaultState {
    /// The latency the server started with; `clear` returns to it.
    initial_latency: Duration,
    latency: Duration,
    queue: VecDeque<Armed>,
}

/// The fault queue and latency of one demo server; clones share them, and
/// changes apply to the next request while the server runs.
#[derive(Debug, Clone)]
pub struct FaultControl {
    state: Arc<Mutex<FaultState>>,
}

impl FaultControl {
    pub(crate) fn new(latency: Duration) -> Self {
        let state = FaultState {
            initial_latency: latency,
            latency,
            queue: VecDeque::new(),
        };
        Self {
            state: Arc::new(Mutex::new(state)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, FaultState> {
        // The state stays consistent even if a holder panicked: no multi-step updates.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Delays every answer by `latency` from the next request on.
    pub fn set_latency(&self, latency: Duration) {
        self.lock().latency = latency;
    }

    /// The delay currently added to every answer.
    pub fn latency(&self) -> Duration {
        self.lock().latency
    }

    /// The next `times` requests in `scope` (a route, `None` for any, or
    /// a [`FaultScope`] naming a page of the groups) get `fault`; faults
    /// pushed earlier are served first.
    pub fn push(&self, fault: Fault, times: usize, scope: impl Into<FaultScope>) {
        if times == 0 {
            return;
        }
        self.lock().queue.push_back(Armed {
            fault,
            remaining: times,
            scope: scope.into(),
        });
    }

    /// Drops every queued fault and returns to the latency the server started with.
    pub fn clear(&self) {
        let mut state = self.lock();
        state.queue.clear();
        state.latency = state.initial_latency;
    }

    /// How many faulty answers are still queued, over all routes.
    pub fn pending(&self) -> usize {
        self.lock().queue.iter().map(|armed| armed.remaining).sum()
    }

    /// Consumes one use of the oldest fault that applies to a request to
    /// `route` (for `page` of the groups list).
    pub(crate) fn take(&self, route: Route, page: Option<u64>) -> Option<Fault> {
        let mut state = self.lock();
        let position = state
            .queue
            .iter()
            .position(|armed| armed.scope.applies(route, page))?;
        let armed = &mut state.queue[position];
        armed.remaining -= 1;
        let fault = armed.fault.clone();
        if armed.remaining == 0 {
            state.queue.remove(position);
        }
        Some(fault)
    }
}

/// Parses a fault spec for the command line / env: "500", "500x3" (3 times),
/// "html:502", "empty:200", "truncated", "wrong-shape", "hang", "drop", "drip"
/// (or "drip:CHUNK:MILLIS"), "oversize:20000000", "retry-after:2", each with
/// an optional "xN" count and "@groups" | "@plugins" | "@install" |
/// "@branches" | "@me" route suffix; "@groups:page=N" for page N of the
/// groups only. Returns (fault, times, scope).
pub fn parse_fault_spec(spec: &str) -> Result<(Fault, usize, FaultScope), String> {
    let spec = spec.trim().to_ascii_lowercase();
    let (rest, scope) = match spec.rsplit_once('@') {
        Some((rest, target)) => (rest, parse_scope(target)?),
        None => (spec.as_str(), FaultScope::default()),
    };
    let (kind, times) = split_times(rest)?;
    let fault = parse_kind(kind)?;
    Ok((fault, times, scope))
}

/// `groups`, `groups:page=3`, `plugins`, ...
fn parse_scope(target: &str) -> Result<FaultScope, String> {
    let (route, page) = match target.split_once(':') {
        Some((route, page)) => (route, Some(page)),
        None => (target, None),
    };
    let route = route.parse::<Route>()?;
    let Some(page) = page else {
        return Ok(Some(route).into());
    };
    let number = page
        .strip_prefix("page=")
        .and_then(|number| number.parse::<u64>().ok())
        .filter(|&number| number >= 1)
        .ok_or_else(|| format!("bad page {page:?} in fault spec: expected page=N, N from 1"))?;
    if route != Route::Groups {
        return Err(format!("only @groups takes a page, not @{}", route.name()));
    }
    Ok(FaultScope::groups_page(number))
}

/// `"500x3"` -> `("500", 3)`; no count means once.
fn split_times(spec: &str) -> Result<(&str, usize), String> {
    let Some((kind, count)) = spec.rsplit_once('x') else {
        return Ok((spec, 1));
    };
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return Ok((spec, 1));
    }
    match count.parse::<usize>() {
        Ok(0) | Err(_) => Err(format!(
            "bad count {count:?} in fault spec: expected 1 or more"
        )),
        Ok(times) => Ok((kind, times)),
    }
}

fn parse_kind(kind: &str) -> Result<Fault, String> {
    let (name, argument) = match kind.split_once(':') {
        Some((name, argument)) => (name, Some(argument)),
        None => (kind, None),
    };
    let fault = match (name, argument) {
        ("truncated", None) => Fault::Truncated,
        ("wrong-shape", None) => Fault::WrongShape,
        ("hang", None) => Fault::Hang,
        ("drop", None) => Fault::Drop,
        ("drip", None) => DEFAULT_DRIP,
        ("drip", Some(argument)) => parse_drip(argument)?,
        ("html", Some(code)) => Fault::Html(parse_status(code)?),
        ("empty", Some(code)) => Fault::Empty(parse_status(code)?),
        ("oversize", Some(bytes)) => Fault::Oversize(parse_number(bytes, "byte count")?),
        ("retry-after", Some(seconds)) => Fault::RetryAfter(parse_number(seconds, "seconds")?),
        (code, None) if code.bytes().all(|b| b.is_ascii_digit()) && !code.is_empty() => {
            Fault::Status(parse_status(code)?)
        }
        ("html" | "empty", None) => return Err(format!("{name} needs a status, e.g. {name}:502")),
        ("oversize" | "retry-after", None) => {
            return Err(format!("{name} needs a number, e.g. {name}:2"));
        }
        _ => {
            return Err(format!(
                "unknown fault {kind:?}: expected a status (500), html:CODE, empty:CODE, \
                 truncated, wrong-shape, hang, drop, drip, oversize:BYTES or retry-after:SECONDS"
            ));
        }
    };
    Ok(fault)
}

fn parse_number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("bad {what} {text:?} in fault spec"))
}

fn parse_status(text: &str) -> Result<u16, String> {
    match text.parse::<u16>() {
        Ok(code @ 200..=599) => Ok(code),
        _ => Err(format!(
            "bad status {text:?} in fault spec: expected 200 to 599"
        )),
    }
}

/// `"CHUNK:MILLIS"`.
fn parse_drip(argument: &str) -> Result<Fault, String> {
    let (chunk, millis) = argument
        .split_once(':')
        .ok_or_else(|| format!("bad drip {argument:?}: expected drip or drip:CHUNK:MILLIS"))?;
    let chunk: usize = parse_number(chunk, "chunk size")?;
    if chunk == 0 {
        return Err("drip chunk size must be at least 1".to_string());
    }
    let every = Duration::from_millis(parse_number(millis, "interval")?);
    Ok(Fault::Drip { chunk, every })
}

/// A status to answer with; informational and impossible codes become 500.
fn status_or_server_error(code: u16) -> StatusCode {
    StatusCode::from_u16(code)
        .ok()
        .filter(|status| !status.is_informational())
        .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// Where a fault needs the real answer, it is asked for through `real`.
pub(crate) async fn answer<F>(fault: Fault, shutdown: &CancellationToken, real: F) -> Response
where
    F: Future<Output = Response>,
{
    match fault {
        Fault::Status(code) => wire::laravel_error(status_or_server_error(code)),
        Fault::RetryAfter(seconds) => too_many_attempts(seconds),
        Fault::Html(code) => proxy_page(status_or_server_error(code)),
        Fault::Empty(code) => status_or_server_error(code).into_response(),
        Fault::Hang => {
            shutdown.cancelled().await;
            wire::laravel_error(StatusCode::SERVICE_UNAVAILABLE)
        }
        Fault::Truncated => {
            let (parts, body) = real_body(real.await).await;
            let cut = body.slice(..body.len() / 2);
            Response::from_parts(parts, Body::from(cut))
        }
        Fault::WrongShape => {
            let (parts, body) = real_body(real.await).await;
            Response::from_parts(parts, Body::from(reshape_data(body)))
        }
        Fault::Drip { chunk, every } => {
            let (parts, body) = real_body(real.await).await;
            let length = body.len();
            let response = Response::from_parts(parts, drip(body, chunk, every, shutdown.clone()));
            with_content_length(response, length)
        }
        Fault::Oversize(min_bytes) => {
            let (parts, body) = real_body(real.await).await;
            let (padded, length) = pad(body, min_bytes);
            with_content_length(Response::from_parts(parts, padded), length)
        }
        Fault::Drop => {
            real.await;
            // A body that fails before its first byte: the server closes the
            // connection, its status line and headers still unsent.
            let broken = stream::once(async {
                Err::<Bytes, _>(std::io::Error::other("the demo server drops this answer"))
            });
            Response::new(Body::from_stream(broken))
        }
    }
}

/// Laravel's throttle answer.
fn too_many_attempts(seconds: u64) -> Response {
    let mut response = wire::laravel_error(StatusCode::TOO_MANY_REQUESTS);
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    headers.insert("x-ratelimit-limit", HeaderValue::from(60));
    headers.insert("x-ratelimit-remaining", HeaderValue::from(0));
    response
}

/// nginx's error page.
fn proxy_page(status: StatusCode) -> Response {
    let title = format!(
        "{} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Error")
    );
    let page = format!(
        "<html>\r\n<head><title>{title}</title></head>\r\n<body>\r\n\
         <center><h1>{title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    );
    (status, [(header::CONTENT_TYPE, "text/html")], page).into_response()
}

/// The parts (without a stale length) and the whole body of an answer.
async fn real_body(response: Response) -> (axum::http::response::Parts, Bytes) {
    let (mut parts, body) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    // Our own in-memory answers: reading them cannot fail.
    let bytes = to_bytes(body, usize::MAX).await.unwrap_or_default();
    (parts, bytes)
}

fn with_content_length(mut response: Response, length: usize) -> Response {
    response
        .headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    response
}

/// The envelope with `data` in the wrong shape; other bodies unchanged.
fn reshape_data(body: Bytes) -> Bytes {
    let Ok(mut envelope) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return body;
    };
    let Some(data) = envelope.get_mut("data") else {
        return body;
    };
    *data = match data.take() {
        serde_json::Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(index, item)| (index.to_string(), item))
            .collect::<serde_json::Map<_, _>>()
            .into(),
        object @ serde_json::Value::Object(_) => serde_json::Value::Array(vec![object]),
        other => other,
    };
    serde_json::to_vec(&envelope).map_or(body, Bytes::from)
}

/// The body in slow chunks; on shutdown the rest goes at once.
fn drip(body: Bytes, chunk: usize, every: Duration, shutdown: CancellationToken) -> Body {
    let chunk = chunk.max(1);
    let chunks = stream::unfold((body, true), move |(mut rest, first)| {
        let shutdown = shutdown.clone();
        async move {
            if rest.is_empty() {
                return None;
            }
            if !first {
                tokio::select! {
                    () = tokio::time::sleep(every) => {}
                    () = shutdown.cancelled() => {
                        return Some((Ok::<_, Infallible>(rest), (Bytes::new(), false)));
                    }
                }
            }
            let next = rest.split_to(chunk.min(rest.len()));
            Some((Ok(next), (rest, false)))
        }
    });
    Body::from_stream(chunks)
}

/// The most spaces one chunk of padding holds.
const PADDING_CHUNK: usize = 64 * 1024;

/// Spaces to pad a body with, shared by every oversize answer: made on the
/// first one, not a 64 KB table in every binary.
fn spaces() -> &'static Bytes {
    static PADDING: LazyLock<Bytes> = LazyLock::new(|| Bytes::from(vec![b' '; PADDING_CHUNK]));
    &PADDING
}

/// The body grown to `min_bytes` with white space before its closing brace
/// (after it for a body that does not end in one), streamed without copying
/// the padding; also returns the total length.
fn pad(body: Bytes, min_bytes: usize) -> (Body, usize) {
    let missing = min_bytes.saturating_sub(body.len());
    let total = body.len() + missing;
    let split_at = if body.ends_with(b"}") {
        body.len() - 1
    } else {
        body.len()
    };
    let head = body.slice(..split_at);
    let tail = body.slice(split_at..);
    let padding = (0..missing.div_ceil(PADDING_CHUNK)).map(move |index| {
        let size = (missing - index * PADDING_CHUNK).min(PADDING_CHUNK);
        spaces().slice(..size)
    });
    let chunks = std::iter::once(head)
        .chain(padding)
        .chain(std::iter::once(tail))
        .map(Ok::<_, Infallible>);
    (Body::from_stream(stream::iter(chunks)), total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> (Fault, usize, Option<Route>) {
        let (fault, times, scope) = parse_fault_spec(text).unwrap();
        assert_eq!(scope.page, None, "{text}");
        (fault, times, scope.route)
    }

    #[test]
    fn parses_every_form() {
        assert_eq!(spec("500"), (Fault::Status(500), 1, None));
        assert_eq!(spec("500x3"), (Fault::Status(500), 3, None));
        assert_eq!(spec("html:502"), (Fault::Html(502), 1, None));
        assert_eq!(spec("empty:200"), (Fault::Empty(200), 1, None));
        assert_eq!(spec("truncated"), (Fault::Truncated, 1, None));
        assert_eq!(spec("wrong-shape"), (Fault::WrongShape, 1, None));
        assert_eq!(spec("hang"), (Fault::Hang, 1, None));
        assert_eq!(spec("drop@install"), (Fault::Drop, 1, Some(Route::Install)));
        assert_eq!(spec("drip"), (DEFAULT_DRIP, 1, None));
        assert_eq!(
            spec("drip:10:250"),
            (
                Fault::Drip {
                    chunk: 10,
                    every: Duration::from_millis(250)
                },
                1,
                None
            )
        );
        assert_eq!(
            spec("oversize:20000000"),
            (Fault::Oversize(20_000_000), 1, None)
        );
        assert_eq!(spec("retry-after:2"), (Fault::RetryAfter(2), 1, None));
    }

    #[test]
    fn parses_counts_and_routes_on_any_form() {
        assert_eq!(
            spec("500@groups"),
            (Fault::Status(500), 1, Some(Route::Groups))
        );
        assert_eq!(
            spec("html:502x2@plugins"),
            (Fault::Html(502), 2, Some(Route::Plugins))
        );
        assert_eq!(spec("hang@install"), (Fault::Hang, 1, Some(Route::Install)));
        assert_eq!(
            spec(" Truncated@Branches "),
            (Fault::Truncated, 1, Some(Route::Branches))
        );
        assert_eq!(spec("retry-after:5x4"), (Fault::RetryAfter(5), 4, None));
    }

    #[test]
    fn parses_a_page_of_the_groups() {
        assert_eq!(
            parse_fault_spec("500x2@groups:page=3"),
            Ok((Fault::Status(500), 2, FaultScope::groups_page(3)))
        );
        assert_eq!(
            parse_fault_spec("retry-after:1@Groups:Page=12"),
            Ok((Fault::RetryAfter(1), 1, FaultScope::groups_page(12)))
        );
    }

    #[test]
    fn rejects_bad_specs() {
        for bad in [
            "",
            "x3",
            "500x0",
            "500x",
            "99",
            "600",
            "abc",
            "html",
            "html:abc",
            "empty:1000",
            "oversize",
            "oversize:lots",
            "retry-after",
            "retry-after:-1",
            "drip:0:10",
            "drip:10",
            "drip:a:b",
            "500@students",
            "hang@",
            "truncated:1",
            "drop:1",
            "500:1",
            "500@groups:page=0",
            "500@groups:page=",
            "500@groups:3",
            "500@plugins:page=2",
        ] {
            assert!(parse_fault_spec(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn queue_is_fifo_counted_and_route_scoped() {
        let control = FaultControl::new(Duration::ZERO);
        control.push(Fault::Status(500), 2, Some(Route::Groups));
        control.push(Fault::Hang, 1, None);
        control.push(Fault::Truncated, 0, None);
        assert_eq!(control.pending(), 3);

        assert_eq!(control.take(Route::Plugins, None), Some(Fault::Hang));
        assert_eq!(control.take(Route::Plugins, None), None);
        assert_eq!(
            control.take(Route::Groups, Some(1)),
            Some(Fault::Status(500))
        );
        assert_eq!(
            control.take(Route::Groups, Some(2)),
            Some(Fault::Status(500))
        );
        assert_eq!(control.take(Route::Groups, Some(1)), None);
        assert_eq!(control.pending(), 0);
    }

    #[test]
    fn a_fault_on_a_page_waits_for_that_page() {
        let control = FaultControl::new(Duration::ZERO);
        control.push(Fault::Status(503), 2, FaultScope::groups_page(3));
        control.push(Fault::Truncated, 1, Some(Route::Groups));
        assert_eq!(control.take(Route::Groups, Some(1)), Some(Fault::Truncated));
        assert_eq!(control.take(Route::Groups, Some(2)), None);
        assert_eq!(control.take(Route::Plugins, None), None);
        assert_eq!(
            control.take(Route::Groups, Some(3)),
            Some(Fault::Status(503))
        );
        assert_eq!(
            control.take(Route::Groups, Some(3)),
            Some(Fault::Status(503))
        );
        assert_eq!(control.take(Route::Groups, Some(3)), None);
    }

    #[test]
    fn clear_drops_faults_and_restores_the_start_latency() {
        let control = FaultControl::new(Duration::from_millis(5));
        control.push(Fault::Status(500), 3, None);
        control.set_latency(Duration::from_secs(1));
        assert_eq!(control.clone().latency(), Duration::from_secs(1));
        control.clear();
        assert_eq!(control.pending(), 0);
        assert_eq!(control.latency(), Duration::from_millis(5));
    }

    #[test]
    fn informational_and_impossible_codes_become_500() {
        assert_eq!(status_or_server_error(502), StatusCode::BAD_GATEWAY);
        assert_eq!(
            status_or_server_error(101),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            status_or_server_error(42),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    #[test]
    fn wrong_shape_swaps_lists_and_objects() {
        let list =
            Bytes::from_static(br#"{"status":200,"success":true,"data":[{"id":1},{"id":2}]}"#);
        let reshaped: serde_json::Value = serde_json::from_slice(&reshape_data(list)).unwrap();
        assert_eq!(
            reshaped["data"],
            serde_json::json!({"0": {"id": 1}, "1": {"id": 2}})
        );

        let object = Bytes::from_static(br#"{"status":200,"success":true,"data":{"id":7}}"#);
        let reshaped: serde_json::Value = serde_json::from_slice(&reshape_data(object)).unwrap();
        assert_eq!(reshaped["data"], serde_json::json!([{"id": 7}]));

        let not_json = Bytes::from_static(b"<html>");
        assert_eq!(reshape_data(not_json.clone()), not_json);
    }

    #[tokio::test]
    async fn padding_keeps_the_json_valid_and_reaches_the_size() {
        let body = Bytes::from_static(br#"{"data":[1,2]}"#);
        let (padded, length) = pad(body, 200_000);
        let bytes = to_bytes(padded, usize::MAX).await.unwrap();
        assert_eq!(bytes.len(), 200_000);
        assert_eq!(length, 200_000);
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["data"], serde_json::json!([1, 2]));

        let (unchanged, length) = pad(Bytes::from_static(b"[1]"), 2);
        assert_eq!(to_bytes(unchanged, usize::MAX).await.unwrap(), "[1]");
        assert_eq!(length, 3);
    }

    #[tokio::test]
    async fn drip_sends_the_whole_body_in_chunks() {
        let body = Bytes::from_static(b"0123456789");
        let dripped = drip(
            body.clone(),
            3,
            Duration::from_millis(1),
            CancellationToken::new(),
        );
        let mut chunks = dripped.into_data_stream();
        let mut sizes = Vec::new();
        let mut all = Vec::new();
        while let Some(chunk) = futures::StreamExt::next(&mut chunks).await {
            let chunk = chunk.unwrap();
            sizes.push(chunk.len());
            all.extend_from_slice(&chunk);
        }
        assert_eq!(sizes, [3, 3, 3, 1]);
        assert_eq!(all, body);
    }
}
