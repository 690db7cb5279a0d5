//! The rules of a walk as data: how many requests may be in flight, how a
//! 429 slows the walk down, why a page failed, and what the walk reports
//! (its progress, and events for the caller's log).

use std::fmt;
use std::time::Duration;

/// Requests in flight at most, unless the config says otherwise
/// (`max_in_flight`).
pub const DEFAULT_MAX_IN_FLIGHT: usize = 6;

/// More pages than any real centre has: a server announcing more is walked
/// this far only.
pub const MAX_PAGES: u64 = 10_000;

/// More groups than any real centre has: the most a walk holds, and the
/// most a snapshot holds (one is never written, nor read, with more).
pub const MAX_GROUPS: usize = 250_000;

/// How often the total may change during one walk before the walk stops
/// asking pages again (a centre that keeps changing would keep it going).
pub const MAX_TOTAL_CHANGES: u32 = 3;

/// How a walk may use the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkPolicy {
    /// Requests in flight at most; a 429 lowers the bound below this.
    pub max_in_flight: usize,
    /// A 429 asking to wait longer than this ends the walk: reported, not
    /// waited out (the client's reads follow the same rule).
    pub max_retry_after: Duration,
    /// The wait after a 429 that names none.
    pub default_retry_after: Duration,
    /// The 429s one page may get; the next marks it missing.
    pub rate_limited_attempts: u32,
}

impl Default for WalkPolicy {
    fn default() -> Self {
        Self {
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
            max_retry_after: Duration::from_secs(10),
            default_retry_after: Duration::from_secs(1),
            rate_limited_attempts: 3,
        }
    }
}

impl WalkPolicy {
    /// The default policy with `max_in_flight` requests at most (at least one).
    pub fn with_max_in_flight(max_in_flight: usize) -> Self {
        Self {
            max_in_flight: max_in_flight.max(1),
            ..Self::default()
        }
    }
}

/// Why a page request failed, as far as the walk needs to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// HTTP 429: slow down, and wait `retry_after` when the server names it.
    RateLimited {
        retry_after: Option<Duration>,
        /// The error as the user reads it.
        cause: String,
    },
    /// Anything else, after the client's own retries of a read: the page
    /// is missing.
    Failed(String),
}

impl Failure {
    /// A failure whose error reads `cause`: a 429 when `rate_limited` is
    /// `Some` (holding its `Retry-After`, if any), else a missing page.
    pub fn new(cause: String, rate_limited: Option<Option<Duration>>) -> Self {
        match rate_limited {
            Some(retry_after) => Self::RateLimited { retry_after, cause },
            None => Self::Failed(cause),
        }
    }
}

/// How far a walk is, for a progress line: `37/100 pages`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    /// Pages read (answered) in this walk.
    pub read: u64,
    /// Pages the server announced, once known.
    pub pages: Option<u64>,
    /// Pages that failed and are marked missing.
    pub missing: u64,
    /// Requests on their way.
    pub in_flight: usize,
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pages {
            Some(pages) => write!(f, "{}/{pages} pages", self.read)?,
            None => write!(f, "{}/? pages", self.read)?,
        }
        if self.missing > 0 {
            write!(f, ", {} missing", self.missing)?;
        }
        Ok(())
    }
}

/// Something the walk noticed, for the caller to log (and to show, when
/// [`is_warning`](Self::is_warning)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WalkEvent {
    /// The `total` of an answer differs from the walk's: the pages read
    /// under the old one are asked again, and pages past the new end dropped.
    TotalChanged {
        from: u64,
        to: u64,
        /// The pages asked again (read under the old total) or added.
        refetch: Vec<u64>,
    },
    /// The total changed more than [`MAX_TOTAL_CHANGES`] times: no page is
    /// asked again for it any more.
    KeptChanging { changes: u32 },
    /// A 429: the walk waits `wait` and keeps `in_flight` requests at most.
    RateLimited {
        page: u64,
        wait: Duration,
        in_flight: usize,
    },
    /// A page failed and is marked missing; the rows already read stay.
    PageMissing { page: u64, cause: String },
    /// The server announced more than [`MAX_PAGES`] pages.
    TooManyPages { announced: u64 },
    /// The walk ended with every page read, but fewer groups than announced
    /// (a page came back empty or repeated another one).
    Shortfall { announced: u64, read: u64 },
}

impl WalkEvent {
    /// True for what the user should be told, not only the log.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Self::KeptChanging { .. } | Self::TooManyPages { .. } | Self::Shortfall { .. }
        )
    }
}

impl fmt::Display for WalkEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TotalChanged { from, to, refetch } => write!(
                f,
                "the total changed from {from} to {to} groups during the walk: asking {} again",
                page_list(refetch)
            ),
            Self::KeptChanging { changes } => write!(
                f,
                "the total changed {changes} times during the walk: pages are no longer asked \
                 again, the list may be off"
            ),
            Self::RateLimited {
                page,
                wait,
                in_flight,
            } => write!(
                f,
                "page {page}: too many requests: waiting {} ms, {in_flight} in flight at most",
                wait.as_millis()
            ),
            Self::PageMissing { page, cause } => write!(f, "page {page} missing: {cause}"),
            Self::TooManyPages { announced } => write!(
                f,
                "the server announced {announced} pages: only the first {MAX_PAGES} were read"
            ),
            Self::Shortfall { announced, read } => write!(
                f,
                "the server announced {announced} groups but its pages held {read}: the list \
                 may be incomplete"
            ),
        }
    }
}

/// `page 3`, `pages 3, 7, 9` (the first ten, then how many more).
pub fn page_list(pages: &[u64]) -> String {
    const SHOWN: usize = 10;
    let shown: Vec<String> = pages.iter().take(SHOWN).map(u64::to_string).collect();
    let more = pages.len().saturating_sub(SHOWN);
    match (pages.len(), more) {
        (0, _) => "no page".to_string(),
        (1, _) => format!("page {}", shown[0]),
        (_, 0) => format!("pages {}", shown.join(", ")),
        (_, more) => format!("pages {} and {more} more", shown.join(", ")),
    }
}

/// The requests a walk may have in flight: halved by a 429, raised by one
/// again after as many answers in a row as the bound is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bound {
    pub(super) current: usize,
    max: usize,
    answers_in_a_row: usize,
}

impl Bound {
    pub(super) fn new(max: usize) -> Self {
        Self {
            current: max,
            max,
            answers_in_a_row: 0,
        }
    }

    pub(super) fn slow_down(&mut self) {
        self.current = (self.current / 2).max(1);
        self.answers_in_a_row = 0;
    }

    pub(super) fn answered(&mut self) {
        self.answers_in_a_row += 1;
        if self.current < self.max && self.answers_in_a_row >= self.current {
            self.current += 1;
            self.answers_in_a_row = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_as_pages() {
        let progress = Progress {
            read: 37,
            pages: Some(100),
            missing: 0,
            in_flight: 6,
        };
        assert_eq!(progress.to_string(), "37/100 pages");
        let unknown = Progress {
            pages: None,
            missing: 2,
            ..progress
        };
        assert_eq!(unknown.to_string(), "37/? pages, 2 missing");
    }

    #[test]
    fn page_lists_are_short() {
        assert_eq!(page_list(&[3]), "page 3");
        assert_eq!(page_list(&[3, 7]), "pages 3, 7");
        let many: Vec<u64> = (1..=13).collect();
        assert_eq!(
            page_list(&many),
            "pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more"
        );
    }

    #[test]
    fn a_429_halves_the_bound_and_answers_raise_it_again() {
        let mut bound = Bound::new(6);
        bound.slow_down();
        assert_eq!(bound.current, 3);
        bound.slow_down();
        bound.slow_down();
        bound.slow_down();
        assert_eq!(bound.current, 1);
        bound.answered();
        assert_eq!(bound.current, 2);
        bound.answered();
        assert_eq!(bound.current, 2);
        bound.answered();
        assert_eq!(bound.current, 3);
        for _ in 0..100 {
            bound.answered();
        }
        assert_eq!(bound.current, 6);
    }
}
