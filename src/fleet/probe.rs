//! One centre probed: `GET /v2/token/me` (its name: asked once a session,
//! `Session::me`, and kept), page 1 of the groups at the smallest size (the
//! total: one request, not a walk) and `GET /v2/plugins` (installed of the
//! catalogue), at once, each under the profile's own time-outs and never
//! retried (a refresh comes again), each error classified as unreachable,
//! token refused or an API error; and what the centre's snapshot holds.

use crate::api::{ApiError, RetryPolicy};
use crate::domain::centre::{CentreSummary, Figures, Plugins, Probe, SnapshotFigures, Status};
use crate::model::GroupsQuery;
use crate::session::Session;
use chrono::{DateTime, Utc};
use std::time::{Duration, Instant};

/// The summary of `session`'s centre before any probe: its profile, host,
/// read-only flag and the token's expiry.
pub fn summary_of(session: &Session) -> CentreSummary {
    let config = &session.config;
    let mut summary = CentreSummary::new(config.profile.clone().unwrap_or_default());
    summary.host = Some(session.client.base_url().host());
    summary.read_only = config.read_only;
    summary.token_expires_at = session.client.token().expires_at();
    summary
}

/// What `session`'s centre answers now (`now`: the probe's time). Three
/// requests at most, concurrently (`/v2/token/me` the first time of a
/// session only); it only names the centre (many servers answer it 404 or
/// 403), so the status is the worse of the groups' and the plugins'.
pub async fn probe(session: &Session, now: DateTime<Utc>) -> Probe {
    let client = session.client.with_retry(RetryPolicy::none());
    // The client's own limits bound each request; this bounds the whole
    // of one, a server dripping its answer included.
    let limit = session.config.connect_timeout + session.config.request_timeout;
    let first = GroupsQuery {
        branch_id: None,
        page: 1,
        per_page: 1,
    };
    let (me, groups, plugins) = tokio::join!(
        session.me(),
        timed(limit, client.groups(first)),
        timed(limit, client.plugins()),
    );
    let latency = [groups.1, plugins.1].into_iter().flatten().max();
    let mut status = Status::Ok;
    let mut figures = Figures {
        name: me.and_then(|me| me.company_name()).map(str::to_owned),
        ..Figures::default()
    };
    match groups.0 {
        Ok(page) => figures.groups = page.pagination.total,
        Err(error) => status = status.worst(classify(&error)),
    }
    match plugins.0 {
        Ok(plugins) => {
            let installed = plugins.iter().filter(|plugin| plugin.user.is_some());
            figures.plugins = Some(Plugins {
                installed: installed.count(),
                total: plugins.len(),
            });
        }
        Err(error) => status = status.worst(classify(&error)),
    }
    Probe {
        status,
        latency,
        figures,
        at: now,
    }
}

/// What `session`'s snapshot (of `config.branch_id`'s branch, else of
/// every branch) holds at `now`, lessons read in the session's zone; None
/// when no snapshot is kept or it does not read (logged). Reads the file:
/// call it off the event loop.
pub async fn snapshot_figures(session: &Session, now: DateTime<Utc>) -> Option<SnapshotFigures> {
    let cache = session.cache()?;
    let key = session.snapshot_key(session.config.branch_id);
    let snapshot = match cache.read(&key) {
        Ok(snapshot) => snapshot?,
        Err(error) => {
            tracing::info!(%error, "no snapshot of the centre");
            return None;
        }
    };
    let (zone, _) = session.zone().await;
    let at = zone.wall_clock(now);
    Some(SnapshotFigures::of(
        &snapshot.groups,
        &zone,
        at,
        snapshot.taken_at,
    ))
}

/// `request`'s answer within `limit` (a time-out as [`ApiError::Timeout`])
/// and, when an answer came (an error status among them), how long it took.
async fn timed<T>(
    limit: Duration,
    request: impl Future<Output = Result<T, ApiError>>,
) -> (Result<T, ApiError>, Option<Duration>) {
    let started = Instant::now();
    match tokio::time::timeout(limit, request).await {
        Err(_) => (Err(ApiError::Timeout(limit)), None),
        Ok(answer) => {
            let answered = match &answer {
                Err(error) => classify(error) != Status::Unreachable,
                Ok(_) => true,
            };
            (answer, answered.then(|| started.elapsed()))
        }
    }
}

/// Which failure `error` is: no answer (unreachable), the token refused (a
/// 401 or a 403), or another status (an answer that did not read is one of
/// its status; one too large, of the 200 it came with).
pub fn classify(error: &ApiError) -> Status {
    match error {
        ApiError::Unauthorized { .. } | ApiError::Forbidden { .. } => Status::TokenRefused,
        ApiError::NotFound { .. } => Status::ApiError(404),
        ApiError::Validation { .. } => Status::ApiError(422),
        ApiError::RateLimited { .. } => Status::ApiError(429),
        ApiError::Server { status, .. }
        | ApiError::Decode { status, .. }
        | ApiError::Redirected { status, .. } => Status::ApiError(*status),
        ApiError::TooLarge { .. } => Status::ApiError(200),
        ApiError::Network(_)
        | ApiError::ConnectionLost(_)
        | ApiError::ConnectTimeout(_)
        | ApiError::Timeout(_) => Status::Unreachable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_unreachable_token_refused_or_an_api_error() {
        let unauthorized = ApiError::Unauthorized {
            expired_at: None,
            message: None,
        };
        assert_eq!(classify(&unauthorized), Status::TokenRefused);
        let forbidden = ApiError::Forbidden { message: None };
        assert_eq!(classify(&forbidden), Status::TokenRefused);
        let bad_gateway = ApiError::Server {
            status: 502,
            message: None,
        };
        assert_eq!(classify(&bad_gateway), Status::ApiError(502));
        let missing = ApiError::NotFound { message: None };
        assert_eq!(classify(&missing), Status::ApiError(404));
        let busy = ApiError::RateLimited { retry_after: None };
        assert_eq!(classify(&busy), Status::ApiError(429));
        for lost in [
            ApiError::Network("refused".into()),
            ApiError::ConnectionLost("reset".into()),
            ApiError::ConnectTimeout(Duration::from_secs(5)),
            ApiError::Timeout(Duration::from_secs(30)),
        ] {
            assert_eq!(classify(&lost), Status::Unreachable, "{lost}");
        }
    }
}
