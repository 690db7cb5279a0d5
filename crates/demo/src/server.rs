//! Starting and stopping a demo server, and the demo token.

use std::fmt;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::changes::Centre;
use super::data::{self, Seed};
use super::faults::FaultControl;
use super::plugins::Installations;
use super::rng::SplitMix64;
use super::shared::Shared;
use super::{DemoOptions, Route, routes};
use crmdeck_secret::mask_secret;

/// Seen lifetime of the live service's tokens: 12 hours.
const TOKEN_LIFETIME_SECONDS: i64 = 43_200;
/// How long `shutdown` waits for open requests before cutting them off.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running demo server. Dropping it stops the server too (without waiting).
pub struct DemoHandle {
    shared: Arc<Shared>,
    addr: SocketAddr,
    task: Option<JoinHandle<()>>,
}

/// Binds `addr` (on the loopback interface whatever address is given: the
/// demo token is no secret), spawns the server on the current tokio runtime
/// and returns at once.
pub async fn start(addr: SocketAddr, options: DemoOptions) -> io::Result<DemoHandle> {
    let listener = TcpListener::bind(on_loopback(addr)).await?;
    let addr = listener.local_addr()?;
    let base_url = format!("http://{addr}");
    let token = options
        .token
        .unwrap_or_else(|| demo_jwt(Utc::now(), &base_url));
    let seed = Seed::generate(options.hostile_text, options.groups);
    let shared = Arc::new(Shared {
        installations: Mutex::new(Installations::new(&seed.installations)),
        centre: Mutex::new(Arc::new(Centre::at(
            &seed,
            options.changes.epoch_at(SystemTime::now()),
        ))),
        changes: options.changes,
        seed,
        centre_name: (options.centre_name.as_deref())
            .unwrap_or(data::COMPANY_NAME)
            .to_owned(),
        refuse_installs: options.refuse_installs,
        max_per_page: options.max_per_page,
        base_url,
        token,
        also_accepted: Mutex::default(),
        hits: Default::default(),
        in_flight: Default::default(),
        peak_in_flight: Default::default(),
        faults: FaultControl::new(options.latency),
        shutdown: CancellationToken::new(),
    });
    let server = axum::serve(listener, routes::router(shared.clone()))
        .with_graceful_shutdown(shared.shutdown.clone().cancelled_owned());
    let task = tokio::spawn(async move {
        if let Err(error) = server.await {
            tracing::warn!(%error, "demo server stopped");
        }
    });
    tracing::info!(base_url = %shared.base_url, "demo API listening");
    Ok(DemoHandle {
        shared,
        addr,
        task: Some(task),
    })
}

/// `addr` itself when it is a loopback address, else 127.0.0.1 on its port.
fn on_loopback(addr: SocketAddr) -> SocketAddr {
    if addr.ip().is_loopback() {
        addr
    } else {
        tracing::warn!(%addr, "the demo server only listens on the loopback interface");
        SocketAddr::new(Ipv4Addr::LOCALHOST.into(), addr.port())
    }
}

impl DemoHandle {
    /// `http://127.0.0.1:PORT`, no trailing slash; API paths are `/v2/...`.
    pub fn base_url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// The only bearer token the server accepts.
    pub fn token(&self) -> &str {
        &self.shared.token
    }

    /// Lets `token` through too from now on (another account of the same
    /// centre, or a token that is no JWT: its `/v2/token/me` names the
    /// demo user).
    pub fn also_accept(&self, token: &str) {
        let mut accepted = self
            .shared
            .also_accepted
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        accepted.push(token.to_owned());
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The epoch of the centre served now (`None`: frozen).
    pub fn epoch(&self) -> Option<u64> {
        self.shared.changes.epoch_at(SystemTime::now())
    }

    /// Latency and fault injection, usable while the server runs.
    pub fn faults(&self) -> &FaultControl {
        &self.shared.faults
    }

    /// Requests received on `route` so far, faulty answers included.
    pub fn hits(&self, route: Route) -> u64 {
        self.shared.hits[route.index()].load(Ordering::Relaxed)
    }

    /// Requests to `route` being answered now.
    pub fn in_flight(&self, route: Route) -> u64 {
        self.shared.in_flight[route.index()].load(Ordering::Relaxed)
    }

    /// The most requests to `route` that were being answered at once.
    pub fn peak_in_flight(&self, route: Route) -> u64 {
        self.shared.peak_in_flight[route.index()].load(Ordering::Relaxed)
    }

    /// Stops accepting, ends hanging and dripping answers, and waits (up to
    /// a few seconds) for open requests to finish.
    pub async fn shutdown(mut self) {
        self.shared.shutdown.cancel();
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            if tokio::time::timeout(SHUTDOWN_GRACE, task).await.is_err() {
                abort.abort();
            }
        }
    }
}

impl Drop for DemoHandle {
    fn drop(&mut self) {
        self.shared.shutdown.cancel();
    }
}

impl fmt::Debug for DemoHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DemoHandle")
            .field("base_url", &self.shared.base_url)
            .field("token", &mask_secret(&self.shared.token))
            .finish_non_exhaustive()
    }
}

/// The claims of a tymon/jwt-auth token, as the live service issues them.
#[derive(Serialize)]
struct Claims {
    iss: String,
    iat: i64,
    exp: i64,
    nbf: i64,
    jti: String,
    sub: String,
    prv: &'static str,
}

/// A token shaped like the live service's: an HS256 JWT valid for 12 hours
/// from `issued_at`, with a made-up signature (nobody checks it).
fn demo_jwt(issued_at: DateTime<Utc>, base_url: &str) -> String {
    const HEADER: &str = r#"{"typ":"JWT","alg":"HS256"}"#;
    let iat = issued_at.timestamp();
    let mut rng = SplitMix64::new(issued_at.timestamp_nanos_opt().unwrap_or(iat) as u64);
    let claims = Claims {
        iss: format!("{base_url}/v2/auth/login"),
        iat,
        exp: iat + TOKEN_LIFETIME_SECONDS,
        nbf: iat,
        jti: rng.alphanumeric(16),
        sub: data::DEMO_USER_ID.to_string(),
        prv: "23bd5c8949f600adb39e701c400872db7a5976f7",
    };
    let claims = serde_json::to_vec(&claims).expect("claims are plain data");
    format!(
        "{}.{}.{}",
        URL_SAFE_NO_PAD.encode(HEADER),
        URL_SAFE_NO_PAD.encode(claims),
        URL_SAFE_NO_PAD.encode(rng.bytes(32))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crmdeck_secret::Token;
    use std::net::Ipv6Addr;

    #[test]
    fn demo_token_is_a_twelve_hour_jwt() {
        let issued_at = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let jwt = demo_jwt(issued_at, "http://127.0.0.1:1");
        let parts: Vec<&str> = jwt.split('.').collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(
            URL_SAFE_NO_PAD.decode(parts[0]).unwrap(),
            br#"{"typ":"JWT","alg":"HS256"}"#
        );
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["iat"], 1_700_000_000);
        assert_eq!(claims["sub"], "1042");
        assert!(claims["prv"].is_string());
        assert!(!parts[2].is_empty());
        assert_eq!(
            Token::new(jwt).expires_at(),
            DateTime::from_timestamp(1_700_043_200, 0)
        );
    }

    #[tokio::test]
    async fn the_centre_of_an_epoch_is_made_once() {
        let options = DemoOptions {
            changes: crate::Changes::Epoch(3),
            ..DemoOptions::default()
        };
        let handle = start(SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0), options)
            .await
            .unwrap();
        let first = handle.shared.centre();
        assert_eq!((first.epoch(), handle.epoch()), (Some(3), Some(3)));
        assert!(Arc::ptr_eq(&first, &handle.shared.centre()));
    }

    #[test]
    fn listens_on_loopback_only() {
        let any = SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), 8787);
        assert_eq!(
            on_loopback(any),
            SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 8787)
        );
        let v6 = SocketAddr::new(Ipv6Addr::LOCALHOST.into(), 9);
        assert_eq!(on_loopback(v6), v6);
    }
}
