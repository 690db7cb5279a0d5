//! A server that pages groups (`/v2/groups`, nothing else) as the test says, for what no honest server
//! does: a `Retry-After` of any form, pages fuller than `perPage`, totals
//! no centre has. It counts the requests it served and the most it served
//! at once, each counted until its answer is ready even when the client
//! gave up before (as a PHP worker goes on after the client left).

use axum::extract::RawQuery;
use axum::http::{HeaderName, StatusCode, header};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// What the server answers to page `page`.
pub struct Reply {
    pub status: StatusCode,
    pub headers: Vec<(HeaderName, String)>,
    pub body: String,
}

impl Reply {
    /// A page of `rows` groups (ids from `first_id`) saying `pagination`.
    pub fn page(first_id: u64, rows: u64, pagination: serde_json::Value) -> Self {
        let data: Vec<_> = (first_id..first_id + rows)
            .map(|id| json!({ "id": id, "name": format!("group {id}") }))
            .collect();
        let body =
            json!({ "status": 200, "success": true, "data": data, "pagination": pagination });
        Self {
            status: StatusCode::OK,
            headers: Vec::new(),
            body: body.to_string(),
        }
    }

    /// A 429 with `Retry-After: retry_after`.
    pub fn too_many(retry_after: &str) -> Self {
        Self {
            status: StatusCode::TOO_MANY_REQUESTS,
            headers: vec![(header::RETRY_AFTER, retry_after.to_string())],
            body: json!({ "message": "Too Many Attempts." }).to_string(),
        }
    }
}

/// Page `page` of an honest centre of `total` groups, `per_page` a page.
pub fn honest_page(page: u64, total: u64, per_page: u64) -> Reply {
    let first = (page - 1) * per_page;
    let rows = total.saturating_sub(first).min(per_page);
    Reply::page(
        first + 1,
        rows,
        json!({
            "count": rows, "total": total, "perPage": per_page,
            "currentPage": page, "totalPages": total.div_ceil(per_page),
        }),
    )
}

/// The counts of a [`HostileServer`].
#[derive(Default)]
pub struct Counts {
    pub hits: AtomicU64,
    now: AtomicU64,
    pub peak: AtomicU64,
}

/// A running server: its address and counts.
pub struct HostileServer {
    pub base_url: String,
    pub counts: Arc<Counts>,
}

impl HostileServer {
    /// Serves every request with `reply(page asked)`, each after `latency`
    /// (counted as served until then, whatever the client does).
    pub async fn start(
        latency: Duration,
        reply: impl Fn(u64) -> Reply + Send + Sync + 'static,
    ) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base_url = format!("http://{}", listener.local_addr().expect("address"));
        let counts = Arc::new(Counts::default());
        let reply = Arc::new(reply);
        let served = counts.clone();
        let groups = move |RawQuery(query): RawQuery| {
            let (counts, reply) = (served.clone(), reply.clone());
            async move {
                let page = (query.unwrap_or_default().split('&'))
                    .find_map(|pair| pair.strip_prefix("page="))
                    .and_then(|page| page.parse::<u64>().ok())
                    .unwrap_or(1);
                // The work goes on in a task of its own: a client that
                // leaves does not stop it.
                let work = tokio::spawn(async move {
                    counts.hits.fetch_add(1, Ordering::SeqCst);
                    let at_once = counts.now.fetch_add(1, Ordering::SeqCst) + 1;
                    counts.peak.fetch_max(at_once, Ordering::SeqCst);
                    tokio::time::sleep(latency).await;
                    counts.now.fetch_sub(1, Ordering::SeqCst);
                    reply(page)
                });
                let reply = work.await.expect("the reply");
                let mut response =
                    axum::response::Response::new(axum::body::Body::from(reply.body));
                *response.status_mut() = reply.status;
                let headers = response.headers_mut();
                headers.insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
                for (name, value) in reply.headers {
                    headers.insert(name, value.parse().expect("a header value"));
                }
                response
            }
        };
        // Only the groups: anything else (branches, the token's centre) is not there.
        let app = axum::Router::new()
            .route("/v2/groups", axum::routing::get(groups))
            .fallback(|| async { StatusCode::NOT_FOUND });
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { base_url, counts }
    }

    pub fn hits(&self) -> u64 {
        self.counts.hits.load(Ordering::SeqCst)
    }

    pub fn peak(&self) -> u64 {
        self.counts.peak.load(Ordering::SeqCst)
    }
}
