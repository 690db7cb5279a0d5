//! When a walk ends before its pages are asked: a 401 (the token is
//! refused), a run of failed connections as long as the bound in flight
//! (the server is gone), or the walk's deadline (a server that keeps
//! saying "later"). The requests in flight are its last: their answers
//! are taken, nothing more is asked, and every page still to ask is
//! missing with the stop's cause, until the walk is started again
//! ([`GroupList::walk`]) or the user asks its missing pages again
//! ([`GroupList::retry_missing_now`]).

use super::{Fetch, GroupList, later};
use crate::walk::{Failure, Limited, Stop, WalkEvent};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The pause before a page whose connection failed is asked again: the
/// client's own pause before a retry, doubled for each failure in a row.
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(4);

/// What a list keeps to know when its walk ends early.
#[derive(Debug, Clone, Default)]
pub(super) struct Halt {
    /// Why the walk stopped, once it did.
    stop: Option<Stop>,
    /// Failed connections in a row, across pages (an answer ends the run).
    lost_in_a_row: u32,
    /// Failed connections of each page in this walk.
    lost_pages: HashMap<u64, u32>,
    /// Since when the deadline counts: the first answer (or failure) of
    /// the walk, or of the user's last `r`. Not the walk's start: a
    /// caller may start a walk before its clock is set (the dashboard
    /// starts its first walks before the runtime gave it the time).
    since: Option<Instant>,
    /// The end of the pause after a failed connection, while the list's
    /// hold is that pause (not a 429's wait, which outlives a restart).
    paused_until: Option<Instant>,
}

impl Halt {
    /// The walk goes on (or starts): no stop, the deadline from its next
    /// answer.
    pub(super) fn resume(&mut self) {
        *self = Self::default();
    }

    /// An answer came at `now` (the server is there): the run of failed
    /// connections is over; the deadline counts from the first answer.
    pub(super) fn answered(&mut self, now: Instant) {
        self.since.get_or_insert(now);
        self.lost_in_a_row = 0;
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.is_some()
    }
}

impl GroupList {
    /// The walk goes on or starts again ([`Halt::resume`]): the pause
    /// after a failed connection belonged to the walk that stopped, and
    /// is dropped with it; a wait the server asked for (429) stays.
    pub(super) fn resume(&mut self) {
        if self.halt.paused_until.is_some() && self.hold_until == self.halt.paused_until {
            self.hold_until = None;
        }
        self.halt.resume();
    }

    /// Why the walk ended before its pages were asked, while it did.
    pub fn stopped(&self) -> Option<&Stop> {
        self.halt.stop.as_ref()
    }

    /// While the server holds the walk (a 429's wait) at `now`: the wait,
    /// an estimate of the time the rest takes at the pace so far, and the
    /// time to the deadline.
    pub fn limited(&self, now: Instant) -> Option<Limited> {
        let wait = self.hold_until?.checked_duration_since(now)?;
        if wait.is_zero() || self.halt.stopped() || self.is_done() {
            return None;
        }
        let left = self.pages_left();
        // Pages read since the deadline's clock started (at the first).
        let read = self.progress().read.saturating_sub(1);
        let elapsed = (self.halt.since).map(|start| now.saturating_duration_since(start));
        let left = match elapsed {
            // The pace so far: the waits already waited are in it.
            Some(elapsed) if read > 0 => {
                let per_page = elapsed.as_secs_f64() / read as f64;
                Some(Duration::from_secs_f64(per_page * left as f64).max(wait))
            }
            _ => None,
        };
        Some(Limited {
            wait,
            left,
            deadline_in: self
                .deadline_at()
                .map(|at| at.saturating_duration_since(now)),
        })
    }

    /// Ends the walk for `stop` (the first stop of a walk is the one
    /// said): the pages still to ask go missing.
    pub(super) fn stop(&mut self, stop: Stop) {
        if self.halt.stopped() {
            return;
        }
        let unasked = self.give_up_wanted(&stop.cause());
        self.hold_until = None;
        self.events.push(WalkEvent::Stopped {
            stop: stop.clone(),
            unasked,
        });
        self.halt.stop = Some(stop);
    }

    /// True when nothing may be asked at `now`: the walk stopped, or its
    /// deadline passed (which stops it). Pages an answer of the walk's
    /// last requests wanted since go missing with them.
    pub(super) fn halted(&mut self, now: Instant) -> bool {
        if let Some(stop) = &self.halt.stop {
            let cause = stop.cause();
            self.give_up_wanted(&cause);
            return true;
        }
        if let (Some(at), Some(after)) = (self.deadline_at(), self.policy.deadline)
            && now >= at
        {
            self.stop(Stop::Deadline { after });
            return true;
        }
        false
    }

    /// Takes a failure of page `number` that ends the walk, or may: a
    /// 401, a lost connection, a 429 whose wait ends past the deadline (the
    /// walk stops now rather than wait for nothing). Any other failure is
    /// an answer (the run of lost connections is over), given back.
    pub(super) fn unless_it_ends_the_walk(
        &mut self,
        number: u64,
        failure: Failure,
        now: Instant,
    ) -> Option<Failure> {
        self.halt.since.get_or_insert(now);
        match failure {
            Failure::Unauthorized(cause) => {
                self.mark_missing(number, cause.clone());
                self.stop(Stop::Unauthorized { cause });
            }
            Failure::Unreachable { cause, how, again } => {
                self.lost_connection(number, (cause, how, again), now);
            }
            Failure::RateLimited { retry_after, cause }
                if self.waits_past_deadline(retry_after, now) =>
            {
                self.halt.lost_in_a_row = 0;
                self.mark_missing(number, cause);
                let after = self.policy.deadline.unwrap_or_default();
                self.stop(Stop::Deadline { after });
            }
            other => {
                self.halt.lost_in_a_row = 0;
                return Some(other);
            }
        }
        None
    }

    /// True when a 429's wait from `now` ends past the walk's deadline. A
    /// wait longer than the policy ever waits is not the deadline's: the
    /// walk gives it up as before, naming the server's wait
    /// ([`held_too_long`](Self::held_too_long)).
    fn waits_past_deadline(&self, retry_after: Option<Duration>, now: Instant) -> bool {
        let wait = retry_after.unwrap_or(self.policy.default_retry_after);
        wait <= self.policy.max_retry_after
            && self.deadline_at().is_some_and(|at| later(now, wait) >= at)
    }

    /// A request for page `number` got no answer (`how`: refused, reset,
    /// timed out): the page is asked again after a pause (when `again`),
    /// or is missing after as many tries as the policy allows; a run as
    /// long as the bound in flight ends the walk.
    fn lost_connection(
        &mut self,
        number: u64,
        (cause, how, again): (String, String, bool),
        now: Instant,
    ) {
        self.halt.lost_in_a_row = self.halt.lost_in_a_row.saturating_add(1);
        let run = self.halt.lost_in_a_row;
        let bound = u32::try_from(self.policy.max_in_flight.max(1)).unwrap_or(u32::MAX);
        let attempts = self.halt.lost_pages.get(&number).map_or(0, |n| *n) + 1;
        if run >= bound {
            self.mark_missing(number, cause.clone());
            self.stop(Stop::Unreachable { how, cause });
        } else if !again || attempts >= self.policy.lost_connection_attempts {
            self.mark_missing(number, cause);
        } else {
            self.halt.lost_pages.insert(number, attempts);
            self.set_fetch(number, Fetch::Wanted);
            let doubled = FIRST_PAUSE.saturating_mul(1 << (run - 1).min(8));
            let until = later(now, doubled.min(LONGEST_PAUSE));
            let held = self.hold_until.map_or(until, |held| held.max(until));
            self.hold_until = Some(held);
            self.halt.paused_until = (held == until).then_some(until);
        }
    }

    fn deadline_at(&self) -> Option<Instant> {
        Some(later(self.halt.since?, self.policy.deadline?))
    }

    /// Pages wanted or on their way.
    fn pages_left(&self) -> u64 {
        let known = self
            .pages
            .values()
            .filter(|page| matches!(page.fetch, Fetch::Wanted | Fetch::InFlight { .. }))
            .count() as u64;
        known.max(
            self.total_pages
                .unwrap_or(0)
                .saturating_sub(self.progress().read),
        )
    }

    /// Every page still to ask goes missing with `cause`; returns how many.
    fn give_up_wanted(&mut self, cause: &str) -> u64 {
        let mut unasked = 0;
        for page in self.pages.values_mut() {
            if page.fetch == Fetch::Wanted {
                page.fetch = Fetch::Missing(cause.to_string());
                unasked += 1;
            }
        }
        unasked
    }
}
