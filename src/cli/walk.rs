//! Reading every page of a store's group list over the API: the requests
//! its plan names, sent concurrently (never more at once than the plan
//! allows), each answer or failure given back to it with the time, and
//! what it reports written to the log.

use crate::api::{ApiError, Client};
use crate::config::Config;
use crate::domain::zone::Zone;
use crate::i18n::{Language, fill, plural};
use crate::present::format::{asked_to_wait, duration_words};
use crate::store::{CLI_WALK_DEADLINE, Failure, GroupList, WalkEvent, WalkPolicy};
use chrono::{DateTime, Utc};
use futures::stream::{FuturesUnordered, StreamExt};
use std::time::{Duration, Instant};

/// A wait for the server longer than this is said on stderr: a person
/// watching wonders why nothing moves.
const LONG_WAIT: Duration = Duration::from_secs(3);

/// The long waits a walk had for the server (429s), for the one line said
/// at the end where they are not said as they come (`-q`, no terminal).
#[derive(Debug, Default)]
pub struct Waits {
    count: u32,
    total: Duration,
    /// The end of the last wait said: the 429s of the other requests in
    /// flight at the time ask for the same wait, said once.
    until: Option<Instant>,
}

impl Waits {
    /// A wait of `wait` for `page`: said now on a terminal or with `-v`,
    /// else counted for [`Self::say`].
    fn wait(&mut self, page: u64, wait: Duration, now: Instant) {
        let ends = now + wait;
        let same = self
            .until
            .is_some_and(|until| ends <= until + Duration::from_secs(1));
        if wait < LONG_WAIT || same {
            return;
        }
        self.until = Some(ends);
        self.count += 1;
        self.total += wait;
        if super::chatter::progress() {
            let clear = if super::chatter::live() {
                "\r\x1b[K"
            } else {
                ""
            };
            let language = super::chatter::language();
            let waiting = fill::cli_rate_waiting(language, duration_words(wait, language), page);
            eprintln!("{clear}crmdeck: {waiting}");
        }
    }

    /// The one line at the end, where the waits were not said as they came.
    pub fn say(&self) {
        if self.count > 0 && !super::chatter::progress() {
            let language = super::chatter::language();
            let total = duration_words(self.total, language);
            let waited = match self.count {
                1 => fill::cli_rate_waited_once(language, total),
                n => plural::cli_rate_waited(language, n.into(), total),
            };
            eprintln!("crmdeck: {waited}");
        }
    }
}

/// The walk's rules as the config sets them: `max_in_flight`,
/// `max_groups` and `walk_deadline_secs` (the CLI's default deadline:
/// [`CLI_WALK_DEADLINE`]).
pub fn policy_for(config: &Config) -> WalkPolicy {
    WalkPolicy::of_config(config.max_in_flight, config.max_groups)
        .with_deadline(config.walk_deadline.unwrap_or(CLI_WALK_DEADLINE))
}

/// Runs the walk `list` plans until nothing is planned or on its way,
/// calling `progress` after each answer (it may take the groups a list
/// hands over: [`GroupList::hand_over`]). Every event goes to the log; the
/// warnings among them are returned, for the user; long waits for the
/// server go to `waits`.
pub async fn walk(
    client: &Client,
    list: &mut GroupList,
    waits: &mut Waits,
    mut progress: impl FnMut(&mut GroupList),
) -> Vec<WalkEvent> {
    // The list paces the walk after a 429 (a lower bound, its Retry-After):
    // the client reports a 429 at once instead of waiting in each request.
    let client = client.paced_by_caller();
    let mut running = FuturesUnordered::new();
    let mut warnings = Vec::new();
    loop {
        let plan = list.plan(Instant::now());
        for query in plan.ask {
            let client = client.clone();
            running.push(async move { (query, client.groups(query).await) });
        }
        let answer = match (running.is_empty(), plan.wake_at) {
            (true, None) => break,
            (true, Some(at)) => {
                tokio::time::sleep_until(at.into()).await;
                continue;
            }
            (false, None) => running.next().await,
            (false, Some(at)) => tokio::select! {
                answer = running.next() => answer,
                () = tokio::time::sleep_until(at.into()) => continue,
            },
        };
        let Some((query, result)) = answer else {
            break;
        };
        let now = Instant::now();
        match result {
            Ok(page) => list.accept(page, now),
            Err(error) => {
                let failure = failure(&error, &list.policy(), Utc::now());
                list.fail(query, failure, now);
            }
        }
        for event in list.take_events() {
            let branch = list.branch_id();
            if let WalkEvent::RateLimited { page, wait, .. } = event {
                waits.wait(page, wait, now);
            }
            if event.is_warning() {
                tracing::warn!(?branch, "{event}");
                warnings.push(event);
            } else {
                tracing::info!(?branch, "{event}");
            }
        }
        progress(list);
    }
    warnings
}

/// What the walk needs to know of an error at `now`: a wait longer than
/// the walk waits names the time the server asks to wait until (in UTC).
fn failure(error: &ApiError, policy: &WalkPolicy, now: DateTime<Utc>) -> Failure {
    let utc = Zone::Named(chrono_tz::UTC);
    // English: the cause is the store's and the log's (issue 36 §3).
    let said = |wait| format!("{} UTC", asked_to_wait(wait, now, &utc, Language::En));
    Failure::naming_long_waits(error.to_string(), error.rate_limited(), policy, said)
        .ending_walks(error.is_unauthorized(), error.lost_connection_retried())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_wait_is_said_in_the_language_and_in_english_as_the_store_says_it() {
        for secs in [0, 5, 59, 60, 150, 3600, 3900, 7500] {
            let span = Duration::from_secs(secs);
            let store = crate::store::duration_words(span);
            assert_eq!(duration_words(span, Language::En), store);
        }
        let said = |secs| duration_words(Duration::from_secs(secs), Language::Ru);
        assert_eq!(said(5), "5 с");
        assert_eq!(said(150), "3 мин");
        assert_eq!(said(3600), "1 ч");
        assert_eq!(said(7500), "2 ч 5 мин");
        let uzbek = duration_words(Duration::from_secs(30), Language::Uz);
        assert_eq!(uzbek, "30 soniya");
    }

    #[test]
    fn a_429_is_the_walks_to_pace_and_anything_else_a_missing_page() {
        let policy = WalkPolicy::default();
        let now = DateTime::parse_from_rfc3339("2026-11-27T14:00:00Z")
            .unwrap()
            .to_utc();
        let limited = ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(2)),
        };
        assert_eq!(
            failure(&limited, &policy, now),
            Failure::RateLimited {
                retry_after: Some(Duration::from_secs(2)),
                cause: limited.to_string()
            }
        );
        // A request the server never answered counts toward the run of
        // lost connections that ends a walk, and is not asked again.
        let lost = ApiError::Timeout(Duration::from_secs(30));
        assert_eq!(
            failure(&lost, &policy, now),
            Failure::Unreachable {
                cause: lost.to_string(),
                how: "timed out".into(),
                again: false
            }
        );
        let broken = ApiError::Server {
            status: 500,
            message: None,
        };
        assert!(matches!(failure(&broken, &policy, now), Failure::Failed(_)));
        let long = ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(300)),
        };
        let Failure::RateLimited { cause, .. } = failure(&long, &policy, now) else {
            panic!("a 429");
        };
        assert_eq!(
            cause,
            "HTTP 429 too many requests: retry in 300 s: the server asks to wait until 14:05 UTC"
        );
    }
}
