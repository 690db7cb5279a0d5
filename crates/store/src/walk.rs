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

/// More groups than any real centre has: the most a snapshot holds (one is
/// never written, nor read, with more), and the most a walk holds unless
/// the config says otherwise ([`DEFAULT_MAX_GROUPS`]; a walk allowed more
/// is not kept as a snapshot).
pub const MAX_GROUPS: usize = 250_000;

/// How often the total may change during one walk before the walk stops
/// asking pages again (a centre that keeps changing would keep it going).
pub const MAX_TOTAL_CHANGES: u32 = 3;

/// Groups one walk may hold, unless the config says otherwise
/// (`max_groups`): a server announcing (or sending) more is not followed.
pub const DEFAULT_MAX_GROUPS: u64 = MAX_GROUPS as u64;

/// How long a walk of the CLI may take, waits for the server included,
/// unless the config says otherwise (`walk_deadline_secs`). A healthy walk
/// of the largest centre (2,500 pages) takes a few minutes; half an hour
/// leaves a slow server room, and a cron job still ends (exit 1, the pages
/// missing named) before the next hourly run instead of hanging for hours
/// under a server that answers every page 429.
pub const CLI_WALK_DEADLINE: Duration = Duration::from_secs(30 * 60);

/// How long a walk of the dashboard may take, unless the config says
/// otherwise (`walk_deadline_secs`): someone is watching, the rows already
/// read stay on screen and `r` asks again at once, so ten minutes of a
/// server that keeps saying "later" are enough to say so.
pub const DASHBOARD_WALK_DEADLINE: Duration = Duration::from_secs(10 * 60);

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
    /// Groups one walk may hold at most: the walk asks no page past it.
    pub max_groups: u64,
    /// The lost connections one page may get; the next marks it missing.
    /// (A run of them as long as `max_in_flight` ends the walk first.)
    pub lost_connection_attempts: u32,
    /// How long a whole walk may take, waits for the server included;
    /// past it the walk ends with its pages missing. None: no deadline.
    pub deadline: Option<Duration>,
}

impl Default for WalkPolicy {
    fn default() -> Self {
        Self {
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
            max_retry_after: Duration::from_secs(10),
            default_retry_after: Duration::from_secs(1),
            rate_limited_attempts: 3,
            max_groups: DEFAULT_MAX_GROUPS,
            lost_connection_attempts: 3,
            deadline: None,
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

    /// The policy of the config's `max_in_flight` and `max_groups` (each
    /// None: the default).
    pub fn of_config(max_in_flight: Option<usize>, max_groups: Option<u64>) -> Self {
        let policy = max_in_flight.map_or_else(Self::default, Self::with_max_in_flight);
        Self {
            max_groups: max_groups.unwrap_or(DEFAULT_MAX_GROUPS).max(1),
            ..policy
        }
    }

    /// The same policy with a walk ending `deadline` after it started.
    pub fn with_deadline(self, deadline: Duration) -> Self {
        Self {
            deadline: Some(deadline),
            ..self
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
    /// HTTP 401: the token is refused; the walk ends at once.
    Unauthorized(String),
    /// No answer: the connection was refused, reset or timed out (`how`,
    /// in a few words). The page is asked again after a pause when `again`
    /// (a read the client would have retried), else it is missing; a run
    /// of these as long as the bound in flight ends the walk.
    Unreachable {
        cause: String,
        how: String,
        again: bool,
    },
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

    /// The same failure, a 401 (`unauthorized`) or a failed connection
    /// (`lost`: how, in a few words, and whether to ask again) said so:
    /// they end a walk.
    pub fn ending_walks(self, unauthorized: bool, lost: Option<(&str, bool)>) -> Self {
        let cause = match self {
            Self::Failed(cause) => cause,
            other => return other,
        };
        match (unauthorized, lost) {
            (true, _) => Self::Unauthorized(cause),
            (false, Some((how, again))) => Self::Unreachable {
                cause,
                how: how.to_string(),
                again,
            },
            (false, None) => Self::Failed(cause),
        }
    }

    /// [`new`](Self::new), a 429 whose wait `policy` does not wait out
    /// saying why after its cause: `: {said(wait)}`.
    pub fn naming_long_waits(
        cause: String,
        rate_limited: Option<Option<Duration>>,
        policy: &WalkPolicy,
        said: impl FnOnce(Duration) -> String,
    ) -> Self {
        match rate_limited {
            Some(Some(wait)) if wait > policy.max_retry_after => {
                Self::new(format!("{cause}: {}", said(wait)), rate_limited)
            }
            _ => Self::new(cause, rate_limited),
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

/// Why a walk ended before every page was asked: no request goes out
/// again until the walk is started again or its missing pages asked again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// A 401: the token is refused (the requests in flight were its last).
    Unauthorized { cause: String },
    /// A run of failed connections as long as the bound in flight.
    Unreachable { how: String, cause: String },
    /// The walk's deadline passed, or a wait the server asked for would
    /// end past it.
    Deadline { after: Duration },
}

impl Stop {
    /// What a page the stop left unasked is missing for.
    pub fn cause(&self) -> String {
        match self {
            Self::Unauthorized { cause } | Self::Unreachable { cause, .. } => cause.clone(),
            Self::Deadline { after } => format!(
                "the walk's deadline of {} passed (walk_deadline_secs in the config)",
                duration_words(*after)
            ),
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unauthorized { cause } => write!(f, "the server refused the token: {cause}"),
            Self::Unreachable { how, .. } => write!(f, "the server stopped answering ({how})"),
            Self::Deadline { .. } => f.write_str(&self.cause()),
        }
    }
}

/// `45 s`, `12 min`, `2 h 5 min`: a span of time as a person reads it.
pub fn duration_words(span: Duration) -> String {
    let secs = span.as_secs();
    match secs {
        0..60 => format!("{} s", secs.max(1)),
        60..3600 => format!("{} min", secs.div_ceil(60)),
        _ => match (secs / 3600, (secs % 3600) / 60) {
            (hours, 0) => format!("{hours} h"),
            (hours, minutes) => format!("{hours} h {minutes} min"),
        },
    }
}

/// While the server limits a walk (it waits out a 429): how long until it
/// goes on, about how long the rest may take, and how long until its
/// deadline, if it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub wait: Duration,
    /// None until a page was read: nothing to guess from.
    pub left: Option<Duration>,
    pub deadline_in: Option<Duration>,
}

impl Limited {
    /// `limited: waiting 8 s`: the wait alone, where room is short.
    pub fn short(&self) -> String {
        format!("limited: waiting {}", duration_words(self.wait))
    }
}

impl fmt::Display for Limited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the server limits requests: waiting {}",
            duration_words(self.wait)
        )?;
        if let Some(left) = self.left {
            write!(f, ", about {} left", duration_words(left))?;
        }
        match self.deadline_in {
            Some(ends) if self.left.is_none_or(|left| left > ends) => {
                write!(
                    f,
                    ", the walk ends in {} (walk_deadline_secs)",
                    duration_words(ends)
                )
            }
            _ => Ok(()),
        }
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
    /// (a page came back empty or repeated another one); `partial` when
    /// more than a page's rows short: not a whole walk, not kept.
    Shortfall {
        announced: u64,
        read: u64,
        partial: bool,
    },
    /// More groups than the policy's `max_groups`: announced at page 1
    /// (`announced`), or held by the pages read (None): no page is asked
    /// past the ceiling.
    TooManyGroups { announced: Option<u64>, max: u64 },
    /// A page held more groups than the server pages by: only the first
    /// `per_page` were taken (said once a walk).
    OverfullPage { page: u64, held: u64, per_page: u32 },
    /// The walk ended before every page was asked: `unasked` pages were
    /// never asked and are missing, with the stop's cause.
    Stopped { stop: Stop, unasked: u64 },
}

impl WalkEvent {
    /// True for what the user should be told, not only the log.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Self::KeptChanging { .. }
                | Self::TooManyPages { .. }
                | Self::Shortfall { .. }
                | Self::TooManyGroups { .. }
                | Self::OverfullPage { .. }
                | Self::Stopped { .. }
        )
    }

    /// True when the walk stopped short of the server's groups on purpose
    /// (the ceiling): what it holds is not the whole list.
    pub fn is_cut_short(&self) -> bool {
        matches!(self, Self::TooManyGroups { .. })
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
            Self::Shortfall {
                announced,
                read,
                partial: false,
            } => write!(
                f,
                "the server announced {announced} groups but its pages held {read}: the list \
                 may be incomplete"
            ),
            Self::Shortfall {
                announced,
                read,
                partial: true,
            } => write!(
                f,
                "the server announced {announced} groups but its pages held {read}: the walk \
                 is partial, the snapshot and the history are left as they were"
            ),
            Self::TooManyGroups {
                announced: Some(announced),
                max,
            } => write!(
                f,
                "this centre reports {} groups; crmdeck holds at most {} — max_groups in the \
                 config",
                grouped(*announced),
                grouped(*max)
            ),
            Self::TooManyGroups {
                announced: None,
                max,
            } => write!(
                f,
                "the pages hold more than {} groups; crmdeck holds at most {} — max_groups in \
                 the config: no more pages asked",
                grouped(*max),
                grouped(*max)
            ),
            Self::OverfullPage {
                page,
                held,
                per_page,
            } => write!(
                f,
                "page {page} held {} groups where the server pages by {per_page}: {} extra \
                 groups ignored (only the first {per_page} of a page are taken)",
                grouped(*held),
                grouped(held.saturating_sub(u64::from(*per_page)))
            ),
            Self::Stopped { stop, unasked } => {
                write!(f, "the walk stopped, {} not asked: {stop}", pages(*unasked))
            }
        }
    }
}

/// `1 page`, `12 pages`.
fn pages(count: u64) -> String {
    match count {
        1 => "1 page".to_string(),
        n => format!("{} pages", grouped(n)),
    }
}

/// `250,000`: a count with its thousands apart.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Of `pages`, the ones a list names (the first ten, comma-separated)
/// and how many more it counts: the store's [`page_list`] and the command
/// line's in another language say the same pages.
pub fn named_pages(pages: &[u64]) -> (String, usize) {
    const SHOWN: usize = 10;
    let shown: Vec<String> = pages.iter().take(SHOWN).map(u64::to_string).collect();
    (shown.join(", "), pages.len().saturating_sub(SHOWN))
}

/// `page 3`, `pages 3, 7, 9` (the first ten, then how many more).
pub fn page_list(pages: &[u64]) -> String {
    let (shown, more) = named_pages(pages);
    match (pages.len(), more) {
        (0, _) => "no page".to_string(),
        (1, _) => format!("page {shown}"),
        (_, 0) => format!("pages {shown}"),
        (_, more) => format!("pages {shown} and {more} more"),
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
    fn a_ceiling_on_groups_is_said_in_words() {
        let announced = WalkEvent::TooManyGroups {
            announced: Some(50_000_000),
            max: 250_000,
        };
        assert_eq!(
            announced.to_string(),
            "this centre reports 50,000,000 groups; crmdeck holds at most 250,000 — max_groups \
             in the config"
        );
        assert!(announced.is_warning() && announced.is_cut_short());
        let overfull = WalkEvent::OverfullPage {
            page: 3,
            held: 500,
            per_page: 20,
        };
        assert!(overfull.to_string().starts_with(
            "page 3 held 500 groups where the server pages by 20: 480 extra groups ignored"
        ));
        assert!(overfull.is_warning() && !overfull.is_cut_short());
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(WalkPolicy::of_config(None, Some(0)).max_groups, 1);
        assert_eq!(
            WalkPolicy::of_config(Some(2), None),
            WalkPolicy {
                max_in_flight: 2,
                ..WalkPolicy::default()
            }
        );
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
