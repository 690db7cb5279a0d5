//! The HTTP client: one pooled reqwest client, bearer auth, bounded retries
//! for reads, a cap on answer size, and errors a user understands.

use super::decode::{self, DecodeError};
use super::error::ApiError;
use super::redirect;
use super::tls;
use crmdeck_model::{
    ApiUrl, Branch, Envelope, Group, GroupsPage, GroupsQuery, Installation, Me, Plugin,
};
use crmdeck_secret::Token;
use crmdeck_secret::echo;
use reqwest::header::{ACCEPT, HeaderMap, LOCATION, RETRY_AFTER};
use reqwest::{Method, StatusCode};
use std::borrow::Cow;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// How the client talks to the server.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// `https://api.example.uz` (the paths add `/v2/...`), parsed once.
    pub base_url: ApiUrl,
    pub connect_timeout: Duration,
    /// For the whole exchange, body included.
    pub request_timeout: Duration,
    /// Answers larger than this are refused.
    pub max_body_bytes: usize,
    pub retry: RetryPolicy,
}

impl ClientOptions {
    pub fn new(base_url: ApiUrl) -> Self {
        Self {
            base_url,
            connect_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(30),
            max_body_bytes: 16 * 1024 * 1024,
            retry: RetryPolicy::default(),
        }
    }
}

/// Retries of GETs after transient failures (never of the install POST).
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Attempts in all, the first one included.
    pub attempts: u32,
    /// The first pause; each further pause doubles, up to `max_delay`.
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A 429 asking to wait longer than this is reported, not waited out.
    pub max_retry_after: Duration,
    /// False: a 429 is reported at once, for a caller that paces its own
    /// requests (a walk of every page lowers its bound and waits itself).
    pub wait_out_rate_limits: bool,
    /// False: a lost connection (refused, reset, timed out) is reported at
    /// once, for a caller that counts them (a walk stops after a run of
    /// them: each retry here would be one more request to a dead server).
    pub retry_lost_connections: bool,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            attempts: 3,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(4),
            max_retry_after: Duration::from_secs(10),
            wait_out_rate_limits: true,
            retry_lost_connections: true,
        }
    }
}

impl RetryPolicy {
    pub fn none() -> Self {
        Self {
            attempts: 1,
            ..Self::default()
        }
    }

    /// The pause before attempt `attempt + 1`, or None when it is not worth it.
    fn pause_after(&self, attempt: u32, error: &ApiError) -> Option<Duration> {
        if attempt >= self.attempts || !error.is_transient() {
            return None;
        }
        if !self.retry_lost_connections && error.lost_connection().is_some() {
            return None;
        }
        if let ApiError::RateLimited { retry_after } = error {
            if !self.wait_out_rate_limits {
                return None;
            }
            if let Some(wait) = retry_after {
                return (*wait <= self.max_retry_after).then_some(*wait);
            }
        }
        let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
        Some(self.base_delay.saturating_mul(factor).min(self.max_delay))
    }
}

/// Makes ring the TLS crypto provider of this process. reqwest is built
/// without one of its own (aws-lc-rs would add 2 MB to the binary: see
/// BENCHMARKS.md), so a reqwest client built outside [`Client`] (a test's)
/// needs this first; calling it again does nothing.
pub fn install_tls_provider() {
    // Fails only when a provider is installed already.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A cheap-to-clone handle on one pooled HTTP client.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    options: Arc<ClientOptions>,
    /// Swappable so a reloaded token applies to the next request.
    token: Arc<RwLock<Token>>,
}

impl Client {
    pub fn new(options: ClientOptions, token: Token) -> Result<Self, ApiError> {
        let setup_failed =
            |e: &dyn std::fmt::Display| ApiError::Network(format!("cannot set up HTTP: {e}"));
        let tls = tls::client_config().map_err(|e| setup_failed(&e))?;
        let mut builder = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .connect_timeout(options.connect_timeout)
            .timeout(options.request_timeout)
            // Redirects are followed one hop at a time by `exchange`, by
            // the rule of `redirect.rs`, never by reqwest's own policy.
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("crmdeck/", env!("CARGO_PKG_VERSION")));
        // A proxy from the environment (`http_proxy`, `ALL_PROXY`, ...)
        // would carry a request meant for this machine, plain http and the
        // token in it, to another one. Other addresses keep the proxy: for
        // https it only sees a tunnel (CONNECT), the token inside TLS.
        if options.base_url.is_loopback() {
            builder = builder.no_proxy();
        }
        let http = builder.build().map_err(|e| setup_failed(&e))?;
        Ok(Self {
            http,
            options: Arc::new(options),
            token: Arc::new(RwLock::new(token)),
        })
    }

    pub fn base_url(&self) -> &ApiUrl {
        &self.options.base_url
    }

    /// The retries of reads this client makes.
    pub fn retry_policy(&self) -> RetryPolicy {
        self.options.retry
    }

    /// The same client, reporting a 429 and a lost connection at once
    /// instead of waiting in each request: for a walk that paces itself (a
    /// lower bound, its Retry-After, its pause after a lost connection).
    pub fn paced_by_caller(&self) -> Self {
        self.with_retry(RetryPolicy {
            wait_out_rate_limits: false,
            retry_lost_connections: false,
            ..self.retry_policy()
        })
    }

    /// The same client (its connections and token shared) with other
    /// retries of reads.
    pub fn with_retry(&self, retry: RetryPolicy) -> Self {
        let options = ClientOptions {
            retry,
            ..(*self.options).clone()
        };
        Self {
            http: self.http.clone(),
            options: Arc::new(options),
            token: self.token.clone(),
        }
    }

    /// The same client (its connections shared) with a token of its own:
    /// a token not yet in use is asked about (`/v2/token/me`) without the
    /// requests of the one in use going out with it.
    pub fn with_token(&self, token: Token) -> Self {
        Self {
            http: self.http.clone(),
            options: self.options.clone(),
            token: Arc::new(RwLock::new(token)),
        }
    }

    /// Uses `token` from the next request on.
    pub fn set_token(&self, token: Token) {
        *self.token.write().unwrap_or_else(|e| e.into_inner()) = token;
    }

    /// The token in use (its `Debug` is masked; there is no `Display`).
    pub fn token(&self) -> Token {
        self.token.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// `GET /v2/plugins`.
    pub async fn plugins(&self) -> Result<Vec<Plugin>, ApiError> {
        let answer = self.get("/v2/plugins", &[]).await?;
        answer.decode(decode::plugins).map(|envelope| envelope.data)
    }

    /// `POST /v2/plugins/install`: sent once, never retried by the client.
    /// The log says what became of it however it ends: its answer when it
    /// comes, or "outcome unknown" when it is dropped unanswered (the
    /// dashboard leaving on a SIGHUP or a quit: issue 33 §7).
    pub async fn install(&self, plugin_id: i64) -> Result<Installation, ApiError> {
        let mut in_flight = InstallInFlight {
            plugin_id,
            answered: false,
        };
        let body = serde_json::json!({ "plugin_id": plugin_id });
        let result = async {
            let answer = self
                .send_once(Method::POST, "/v2/plugins/install", &[], Some(&body))
                .await?;
            answer.decode(decode::install).map(|envelope| envelope.data)
        }
        .await;
        in_flight.answered(&result);
        result
    }

    /// `GET /v2/groups` for one page.
    pub async fn groups(&self, query: GroupsQuery) -> Result<GroupsPage, ApiError> {
        let mut params = vec![
            ("page", query.page.to_string()),
            ("per_page", query.per_page.to_string()),
        ];
        if let Some(branch) = query.branch_id {
            params.insert(0, ("branch_id", branch.to_string()));
        }
        let answer = self.get("/v2/groups", &params).await?;
        let envelope: Envelope<Vec<Group>> = answer.decode(decode::groups)?;
        Ok(GroupsPage {
            query,
            groups: envelope.data,
            pagination: envelope.pagination.unwrap_or_default(),
        })
    }

    /// `GET /v2/branches` (outside the published spec: may well fail).
    pub async fn branches(&self) -> Result<Vec<Branch>, ApiError> {
        let answer = self.get("/v2/branches", &[]).await?;
        answer
            .decode(decode::branches)
            .map(|envelope| envelope.data)
    }

    /// `GET /v2/token/me` (outside the published spec: may well fail, and
    /// nothing depends on it): one attempt, never retried.
    pub async fn me(&self) -> Result<Me, ApiError> {
        let answer = self
            .send_once(Method::GET, "/v2/token/me", &[], None)
            .await?;
        answer.decode(decode::me).map(|envelope| envelope.data)
    }

    async fn get(&self, path: &str, query: &[(&str, String)]) -> Result<Answer, ApiError> {
        let policy = self.options.retry;
        let mut attempt = 1;
        loop {
            match self.send_once(Method::GET, path, query, None).await {
                Err(error) => match policy.pause_after(attempt, &error) {
                    Some(pause) => {
                        tracing::info!(path, attempt, ?pause, %error, "retrying");
                        tokio::time::sleep(pause).await;
                        attempt += 1;
                    }
                    None => return Err(error),
                },
                ok => return ok,
            }
        }
    }

    /// One exchange: a success status gives the body; anything else an error.
    async fn send_once(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        json: Option<&serde_json::Value>,
    ) -> Result<Answer, ApiError> {
        let started = Instant::now();
        let token = self.token();
        let url = format!("{}{}", self.options.base_url, path);
        let mut request = self
            .http
            .request(method.clone(), &url)
            .header(ACCEPT, "application/json")
            // Marked sensitive: it never shows in a debug print of the request.
            .bearer_auth(token.expose())
            .query(query);
        if let Some(body) = json {
            request = request.json(body);
        }
        let result = self.exchange(&method, request, &token).await;
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match &result {
            Ok((status, _, body)) => {
                tracing::info!(%method, path, status = status.as_u16(), bytes = body.len(), elapsed_ms)
            }
            Err(error) => tracing::warn!(%method, path, elapsed_ms, %error, "request failed"),
        }
        let (status, headers, body) = result?;
        if status.is_success() {
            Ok(Answer {
                status,
                body,
                token,
            })
        } else {
            let body = without_secret(&body, &token);
            // Masked again once decoded: an echo written in two encodings
            // at once (`\u0026#x2F;`) reads as the token only then.
            Err(status_error(status, &headers, &body, &token).without_token(&token))
        }
    }

    /// Sends `request`, following the redirects [`redirect::next_hop`]
    /// allows, one at a time (so an error names the address that failed);
    /// gives the status, headers and body of the last answer.
    async fn exchange(
        &self,
        method: &Method,
        mut request: reqwest::RequestBuilder,
        token: &Token,
    ) -> Result<(StatusCode, HeaderMap, Vec<u8>), ApiError> {
        let mut followed = 0;
        loop {
            let response = request.send().await.map_err(|e| self.transport_error(&e))?;
            let status = response.status();
            if !status.is_redirection() {
                let headers = response.headers().clone();
                let body = self.read_capped(response).await?;
                return Ok((status, headers, body));
            }
            let location = response.headers().get(LOCATION);
            let location = location.and_then(|value| value.to_str().ok());
            let hop = redirect::next_hop(method, status, response.url(), location, followed)
                .map_err(|(why, to)| {
                    let status = status.as_u16();
                    ApiError::Redirected { status, to, why }.without_token(token)
                })?;
            let (from, to) = (response.url(), &hop.url);
            let (from, to) = (redirect::host_of(from), redirect::host_of(to));
            let to = echo::without_token(&to, token);
            tracing::info!(%method, status = status.as_u16(), from, %to, "following a redirect");
            followed += 1;
            request = self.http.request(method.clone(), hop.url);
            request = request.header(ACCEPT, "application/json");
            if hop.with_token {
                request = request.bearer_auth(token.expose());
            }
        }
    }

    /// Reads the body, refusing it once it passes the size cap.
    async fn read_capped(&self, mut response: reqwest::Response) -> Result<Vec<u8>, ApiError> {
        let limit = self.options.max_body_bytes;
        let too_large = || ApiError::TooLarge { limit };
        if response.content_length().is_some_and(|n| n > limit as u64) {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| self.transport_error(&e))?
        {
            if body.len() + chunk.len() > limit {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// A failure of the transport, told apart by whether the request could
    /// have left: a connection never made (refused, unresolvable, the TLS
    /// handshake, the connect limit) proves it did not.
    fn transport_error(&self, error: &reqwest::Error) -> ApiError {
        match (error.is_timeout(), error.is_connect()) {
            (true, true) => ApiError::ConnectTimeout(self.options.connect_timeout),
            (true, false) => ApiError::Timeout(self.options.request_timeout),
            (false, true) => ApiError::Network(transport_reason(error)),
            (false, false) => ApiError::ConnectionLost(transport_reason(error)),
        }
    }
}

/// An install on its way: says in the log what became of it.
struct InstallInFlight {
    plugin_id: i64,
    answered: bool,
}

impl InstallInFlight {
    fn answered(&mut self, result: &Result<Installation, ApiError>) {
        self.answered = true;
        let plugin_id = self.plugin_id;
        match result {
            Ok(installation) => {
                tracing::info!(
                    plugin_id,
                    installation = installation.id,
                    "install answered: installed"
                )
            }
            Err(error) => {
                let outcome = if error.outcome_unknown() {
                    "unknown"
                } else {
                    "not installed"
                };
                tracing::warn!(plugin_id, %error, outcome, "install answered: failed")
            }
        }
    }
}

impl Drop for InstallInFlight {
    fn drop(&mut self) {
        if !self.answered {
            let plugin_id = self.plugin_id;
            tracing::warn!(
                plugin_id,
                outcome = "unknown",
                "install left before its answer"
            );
        }
    }
}

/// A successful answer, not decoded yet.
struct Answer {
    status: StatusCode,
    body: Vec<u8>,
    /// The token it was asked with, to mask should the body echo it.
    token: Token,
}

impl Answer {
    fn decode<T>(
        &self,
        decoder: fn(&[u8]) -> Result<Envelope<T>, DecodeError>,
    ) -> Result<Envelope<T>, ApiError> {
        decoder(&self.body).map_err(|error| self.error_for(error).without_token(&self.token))
    }

    /// The error for an answer that `decode` refused.
    fn error_for(&self, error: DecodeError) -> ApiError {
        match error {
            // `success: false` inside a 2xx: treat it as the status it names.
            DecodeError::Refused { status, message } => {
                let code = status
                    .and_then(|s| u16::try_from(s).ok())
                    .and_then(|s| StatusCode::from_u16(s).ok())
                    .filter(|s| !s.is_success())
                    .unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
                error_for(code, message, Vec::new(), None, None)
            }
            other => ApiError::decode(
                self.status.as_u16(),
                other,
                &without_secret(&self.body, &self.token),
            ),
        }
    }
}

/// `body` with every echo of the user's token masked, in any encoding (see
/// [`echo`]): masked before any message or snippet is cut from the body, so
/// no part of it can show either.
fn without_secret<'a>(body: &'a [u8], token: &Token) -> Cow<'a, [u8]> {
    match String::from_utf8_lossy(body) {
        Cow::Borrowed(text) => match echo::without_token(text, token) {
            Cow::Borrowed(_) => Cow::Borrowed(body),
            Cow::Owned(masked) => Cow::Owned(masked.into_bytes()),
        },
        Cow::Owned(text) => Cow::Owned(echo::without_token(&text, token).into_owned().into_bytes()),
    }
}

/// The typed error for a status that is not a success.
fn status_error(status: StatusCode, headers: &HeaderMap, body: &[u8], token: &Token) -> ApiError {
    let parsed = decode::error_body(body).unwrap_or_default();
    let (message, fields) = (parsed.message, parsed.field_errors);
    let now = chrono::Utc::now();
    let retry_after = headers
        .get(RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| super::retry_after::parse(v, now));
    let expired_at = token.expires_at().filter(|&at| at <= now);
    error_for(status, message, fields, retry_after, expired_at)
}

fn error_for(
    status: StatusCode,
    message: Option<String>,
    fields: Vec<(String, Vec<String>)>,
    retry_after: Option<Duration>,
    expired_at: Option<chrono::DateTime<chrono::Utc>>,
) -> ApiError {
    match status.as_u16() {
        401 => ApiError::Unauthorized {
            expired_at,
            message,
        },
        403 => ApiError::Forbidden { message },
        404 => ApiError::NotFound { message },
        422 => ApiError::Validation { message, fields },
        429 => ApiError::RateLimited { retry_after },
        code => ApiError::Server {
            status: code,
            message,
        },
    }
}

/// The innermost cause of a transport error, in a few words.
fn transport_reason(error: &reqwest::Error) -> String {
    let mut source: Option<&dyn std::error::Error> = Some(error);
    let mut innermost = error.to_string();
    while let Some(cause) = source {
        innermost = cause.to_string();
        source = cause.source();
    }
    // The address this request went to (a redirect's, once followed).
    let host = error
        .url()
        .map_or_else(|| "the server".to_string(), redirect::host_of);
    format!("{host}: {innermost}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_and_stop() {
        let policy = RetryPolicy::default();
        let refused = ApiError::Network("refused".into());
        assert_eq!(
            policy.pause_after(1, &refused),
            Some(Duration::from_millis(250))
        );
        assert_eq!(
            policy.pause_after(2, &refused),
            Some(Duration::from_millis(500))
        );
        assert_eq!(policy.pause_after(3, &refused), None);
        let not_found = ApiError::NotFound { message: None };
        assert_eq!(policy.pause_after(1, &not_found), None);
    }

    #[test]
    fn retry_after_is_honoured_within_reason() {
        let policy = RetryPolicy::default();
        let short = ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(2)),
        };
        assert_eq!(policy.pause_after(1, &short), Some(Duration::from_secs(2)));
        let long = ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(600)),
        };
        assert_eq!(policy.pause_after(1, &long), None);
        let paced = RetryPolicy {
            wait_out_rate_limits: false,
            ..policy
        };
        assert_eq!(paced.pause_after(1, &short), None);
        let refused = ApiError::Network("refused".into());
        assert_eq!(
            paced.pause_after(1, &refused),
            policy.pause_after(1, &refused)
        );
        let walk = RetryPolicy {
            retry_lost_connections: false,
            ..paced
        };
        assert_eq!(walk.pause_after(1, &refused), None);
        let gateway = ApiError::Server {
            status: 502,
            message: None,
        };
        assert!(walk.pause_after(1, &gateway).is_some());
    }

    /// A log of its own for the current thread, and what it holds.
    fn captured_log() -> (
        tracing::subscriber::DefaultGuard,
        Arc<std::sync::Mutex<Vec<u8>>>,
    ) {
        #[derive(Clone)]
        struct Shared(Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Shared {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Arc::new(std::sync::Mutex::new(Vec::new()));
        let writer = Shared(buffer.clone());
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        (tracing::subscriber::set_default(subscriber), buffer)
    }

    #[tokio::test]
    async fn an_install_dropped_before_its_answer_is_logged_unknown() {
        // A server that takes the request and never answers.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let (_guard, log) = captured_log();
        let options = ClientOptions::new(base_url.parse().unwrap());
        let client = Client::new(options, Token::new("t")).unwrap();
        let mut install = Box::pin(client.install(3));
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted.unwrap(),
            _ = &mut install => panic!("answered without a server"),
        };
        // The dashboard leaving (a SIGHUP, a quit): its tasks are dropped.
        drop(install);
        drop(accepted);
        let log = String::from_utf8(log.lock().unwrap().clone()).unwrap();
        let line = log
            .lines()
            .find(|line| line.contains("install left before its answer"));
        let line = line.unwrap_or_else(|| panic!("{log}"));
        assert!(
            line.contains("plugin_id=3") && line.contains("unknown"),
            "{line}"
        );
    }

    #[test]
    fn an_echoed_token_is_masked_in_errors() {
        let token = Token::new("plain-opaque-token/0123456789abcdefghijklmnop");
        let secret = token.expose();
        // The token as servers write it back: as is, as PHP's json_encode
        // writes a slash, every character a \u escape, an HTML reference
        // inside a JSON string.
        let echoes = [
            secret.to_string(),
            secret.replace('/', r"\/"),
            secret
                .chars()
                .map(|c| format!("\\u{:04x}", u32::from(c)))
                .collect(),
            secret.replace('/', r"\u0026#x2F;"),
        ];
        for echo in echoes {
            let refused = format!(
                r#"{{"message":"token {echo} is not valid","errors":{{"{echo}":["{echo} expired"]}},"data":"{echo}"}}"#
            );
            let in_a_success = format!(
                r#"{{"success":false,"status":403,"message":"token {echo} is not valid"}}"#
            );
            let unauthorized = status_error(
                StatusCode::UNAUTHORIZED,
                &HeaderMap::new(),
                &without_secret(refused.as_bytes(), &token),
                &token,
            )
            .without_token(&token);
            let invalid = status_error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &HeaderMap::new(),
                &without_secret(refused.as_bytes(), &token),
                &token,
            )
            .without_token(&token);
            let answer = |body: &str| Answer {
                status: StatusCode::OK,
                body: body.as_bytes().to_vec(),
                token: token.clone(),
            };
            let wrong_shape = answer(&refused).decode(decode::groups).unwrap_err();
            let refused_in_a_success = answer(&in_a_success).decode(decode::groups).unwrap_err();
            for error in [unauthorized, invalid, wrong_shape, refused_in_a_success] {
                let line = error.to_string();
                // Not even the first 20 characters, which a cut snippet would keep.
                assert!(!line.contains(&secret[..20]), "{echo}: {line}");
                assert!(!line.contains(&secret[20..]), "{echo}: {line}");
                assert!(line.contains(&token.masked()), "{echo}: {line}");
            }
        }
        let clean = b"{\"message\":\"Unauthenticated.\"}";
        assert!(matches!(without_secret(clean, &token), Cow::Borrowed(_)));
        assert!(matches!(
            without_secret(clean, &Token::new("")),
            Cow::Borrowed(_)
        ));
    }
}
