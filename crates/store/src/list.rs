//! The groups of one branch (or of every branch): each group once, by id,
//! the pages they came on with when each arrived, which pages are missing,
//! and the plan of the walk that fills it.
//!
//! A walk asks page 1 first: its answer tells the pages there are and the
//! `perPage` the server really honours (the walk asks for more, and trusts
//! the answer). Then the other pages, with no more than the bound in flight.
//! A 429 halves the bound and holds every new request until its
//! `Retry-After`; a page that fails otherwise (after the client's own
//! retries of a read) is marked missing, and its rows, if it had any, stay.
//! When an answer carries another `total` than the walk's, the pages read
//! under the old one are asked again ("what moved": offset paging shifts
//! every page after the change) and pages past the new end are dropped.
//!
//! A list may be seeded from a snapshot ([`GroupList::seed`]): its groups
//! are held as if one more page listed them, shown at once, until a walk
//! has read every page; then only what the pages list stays.

use super::courses::Courses;
use super::walk::{Bound, Failure, MAX_PAGES, MAX_TOTAL_CHANGES, WalkEvent, WalkPolicy};
use chrono::{DateTime, Utc};
use crmdeck_model::{Group, GroupsPage, GroupsQuery};
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the walk does about one page.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Fetch {
    /// Nothing: read in this walk, or not asked for.
    Idle,
    /// To be asked.
    Wanted,
    /// Asked; `generation` is the number of total changes the walk had seen
    /// when it was sent.
    InFlight { generation: u32 },
    /// Failed: the cause, as the user reads it.
    Missing(String),
}

#[derive(Debug, Clone)]
struct Page {
    fetch: Fetch,
    /// The ids it listed in its last answer, in the server's order.
    ids: Vec<i64>,
    /// When its last answer arrived.
    arrived: Option<Instant>,
    /// The `total` its last answer carried.
    total: Option<u64>,
    /// 429s in a row for this page.
    rate_limited: u32,
}

impl Page {
    fn new() -> Self {
        Self {
            fetch: Fetch::Idle,
            ids: Vec::new(),
            arrived: None,
            total: None,
            rate_limited: 0,
        }
    }

    fn read_since(&self, started: Option<Instant>) -> bool {
        self.fetch == Fetch::Idle
            && matches!((self.arrived, started), (Some(at), Some(start)) if at >= start)
    }
}

/// A group and the number of pages listing it: it leaves the list when no
/// page lists it any more.
#[derive(Debug, Clone)]
struct Row {
    /// Shared, not inline: a `Group` is about 600 bytes and the map keeps
    /// room for more entries than it holds (10,000 groups: 16,384 slots),
    /// and the snapshot of a finished walk takes the groups without a copy.
    /// `None` when the list hands its groups over ([`GroupList::hand_over`]).
    group: Option<Arc<Group>>,
    pages: u32,
}

/// What to send now, and when to ask for a plan again if nothing can go
/// before then (a 429's `Retry-After`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    pub ask: Vec<GroupsQuery>,
    pub wake_at: Option<Instant>,
}

/// The groups of one branch (`None`: every branch) and the walk over them.
#[derive(Debug, Clone)]
pub struct GroupList {
    branch_id: Option<i64>,
    /// What the walk asks for; the server's answer is trusted over it.
    asked_per_page: u32,
    /// The page size the server honours, from its first answer.
    per_page: Option<u32>,
    total: Option<u64>,
    /// None before page 1 arrives, or when the server says neither
    /// `totalPages` nor `total` (the walk then follows page after page).
    total_pages: Option<u64>,
    pages: BTreeMap<u64, Page>,
    rows: HashMap<i64, Row, foldhash::fast::RandomState>,
    /// The course of the rows' groups, one copy each.
    courses: Courses,
    policy: WalkPolicy,
    bound: Bound,
    /// No request starts before this (after a 429).
    hold_until: Option<Instant>,
    /// When the walk under way started.
    started: Option<Instant>,
    /// Page 1 of this walk arrived: the others are planned.
    sized: bool,
    total_changes: u32,
    /// The end of this walk was reported (a shortfall is said once).
    ended: bool,
    /// The server has more groups than the policy's `max_groups` (said
    /// once): this walk holds part of them, on purpose.
    capped: bool,
    /// The list holds `max_groups`: this walk asks and takes no more.
    full: bool,
    /// An over-full page was reported in this walk (said once).
    overfull_said: bool,
    events: Vec<WalkEvent>,
    /// The groups of a snapshot, until a walk read every page.
    seed: Option<Seed>,
    /// Set by [`GroupList::hand_over`]: the groups of each page taken, for
    /// the caller, instead of held.
    handed: Option<Vec<Group>>,
    /// When the walk ends before its pages are asked (`list/stop.rs`).
    halt: stop::Halt,
}

/// The groups a snapshot listed (each counts as one page listing it), and
/// when it was taken.
#[derive(Debug, Clone)]
struct Seed {
    ids: Vec<i64>,
    as_of: DateTime<Utc>,
    /// Only the first groups, the rest to come: the ids so far (`seed.rs`).
    head: Option<HashSet<i64>>,
}

impl GroupList {
    pub fn new(branch_id: Option<i64>, asked_per_page: u32, policy: WalkPolicy) -> Self {
        Self {
            branch_id,
            asked_per_page: asked_per_page.max(1),
            per_page: None,
            total: None,
            total_pages: None,
            pages: BTreeMap::new(),
            rows: HashMap::default(),
            courses: Courses::default(),
            policy,
            bound: Bound::new(policy.max_in_flight.max(1)),
            hold_until: None,
            started: None,
            sized: false,
            total_changes: 0,
            ended: false,
            capped: false,
            full: false,
            overfull_said: false,
            events: Vec::new(),
            seed: None,
            handed: None,
            halt: stop::Halt::default(),
        }
    }

    /// From now on the list holds no group: the groups of each page taken
    /// are handed to the caller ([`Self::take_handed`]) and the list keeps
    /// only the pages' ids, in page order ([`Self::ids`]), so that a walk
    /// of a whole centre is not held in memory (`crmdeck groups --all`).
    /// The walk is the same: pages read again replace what they listed.
    pub fn hand_over(&mut self) {
        self.handed.get_or_insert_with(Vec::new);
    }

    /// The groups of the pages taken since the last call, in the order
    /// taken (a group read again comes again: the latest wins).
    pub fn take_handed(&mut self) -> Vec<Group> {
        self.handed.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Holds `groups`, a snapshot taken at `as_of`, until a walk has read
    /// every page (rows shown, the walk still to run). Only into a list
    /// that holds nothing yet: a snapshot never replaces what a page said.
    /// Returns whether it was taken.
    pub fn seed(
        &mut self,
        groups: impl IntoIterator<Item = impl Into<Arc<Group>>>,
        as_of: DateTime<Utc>,
    ) -> bool {
        if !self.rows.is_empty() || self.seed.is_some() {
            return false;
        }
        let groups = groups.into_iter();
        let mut ids = Vec::with_capacity(groups.size_hint().0);
        for group in groups {
            let mut group = group.into();
            self.courses.share(&mut group);
            if let Entry::Vacant(row) = self.rows.entry(group.id) {
                ids.push(group.id);
                row.insert(Row {
                    group: Some(group),
                    pages: 1,
                });
            }
        }
        self.seed = Some(Seed {
            ids,
            as_of,
            head: None,
        });
        true
    }

    /// Drops the snapshot's rows (a 401: whose they are is in doubt);
    /// what the pages of this run listed stays. Returns whether the list
    /// showed a snapshot.
    pub fn forget_seed(&mut self) -> bool {
        let Some(seed) = self.seed.take() else {
            return false;
        };
        self.release(&seed.ids);
        true
    }

    /// When the snapshot shown was taken, while the list shows one (no
    /// walk has read every page since).
    pub fn as_of(&self) -> Option<DateTime<Utc>> {
        self.seed.as_ref().map(|seed| seed.as_of)
    }

    /// Starts a walk (or walks again): page 1 first. What was read stays
    /// until the pages that held it are read again. A walk under way goes
    /// on instead (a refresh never starts it again from page 1): only its
    /// missing pages are asked again.
    pub fn walk(&mut self, now: Instant) {
        self.resume();
        if !self.is_done() {
            self.retry_missing(now);
            return;
        }
        self.started = Some(now);
        self.sized = false;
        self.total_changes = 0;
        self.ended = false;
        self.capped = false;
        self.full = false;
        self.overfull_said = false;
        self.bound = Bound::new(self.policy.max_in_flight.max(1));
        for page in self.pages.values_mut() {
            page.fetch = Fetch::Idle;
            page.rate_limited = 0;
        }
        self.pages.entry(1).or_insert_with(Page::new).fetch = Fetch::Wanted;
    }

    /// Drops the plan: nothing more is asked, answers to what was asked
    /// are ignored (the caller cancels the requests), and the pages not
    /// answered are missing, so the walk is not whole: `r` asks them again.
    pub fn cancel(&mut self) {
        for page in self.pages.values_mut() {
            if matches!(page.fetch, Fetch::Wanted | Fetch::InFlight { .. }) {
                page.fetch = Fetch::Missing(STOPPED.to_string());
            }
        }
    }

    /// Plans again every page of the walk's numbering not answered in it
    /// (failed, or left by a stop or a fault); returns them. None while
    /// the server asked to wait longer than the policy waits, or the walk
    /// stopped (see [`held_until`](Self::held_until), `stop.rs`).
    pub fn retry_missing(&mut self, now: Instant) -> Vec<u64> {
        if self.held_too_long(now) || self.started.is_none() || self.halt.stopped() {
            return Vec::new();
        }
        let unread: Vec<u64> = self.unread().collect();
        let mut retried = Vec::new();
        for number in unread {
            let page = self.pages.entry(number).or_insert_with(Page::new);
            if matches!(page.fetch, Fetch::Missing(_) | Fetch::Idle) {
                page.fetch = Fetch::Wanted;
                page.rate_limited = 0;
                retried.push(number);
            }
        }
        if !retried.is_empty() {
            self.ended = false;
        }
        retried
    }

    /// [`retry_missing`](Self::retry_missing) asked by the user: a wait
    /// the server asked for and the walk did not wait out is not honoured
    /// any more (the user tries now), nor a stop of the walk.
    pub fn retry_missing_now(&mut self, now: Instant) -> Vec<u64> {
        self.resume();
        if self.held_too_long(now) {
            self.hold_until = None;
        }
        self.retry_missing(now)
    }

    /// No request starts before this time: the server's `Retry-After`.
    pub fn held_until(&self) -> Option<Instant> {
        self.hold_until
    }

    /// True while the server asked to wait longer than the policy waits.
    fn held_too_long(&self, now: Instant) -> bool {
        let limit = now.checked_add(self.policy.max_retry_after);
        self.hold_until
            .is_some_and(|until| limit.is_none_or(|limit| until > limit))
    }

    /// The requests to send now (marked in flight), within the bound and
    /// after any hold a 429 asked for.
    pub fn plan(&mut self, now: Instant) -> Plan {
        self.plan_beside(now, 0)
    }

    /// [`plan`](Self::plan) while `busy` requests the walk gave up on are
    /// still being answered: they keep their place within the bound.
    pub fn plan_beside(&mut self, now: Instant, busy: usize) -> Plan {
        if !self.pages.values().any(|page| page.fetch == Fetch::Wanted) || self.halted(now) {
            return Plan::default();
        }
        match self.hold_until {
            Some(until) if now < until => {
                return Plan {
                    ask: Vec::new(),
                    wake_at: Some(until),
                };
            }
            _ => self.hold_until = None,
        }
        let room = (self.bound.current)
            .saturating_sub(self.in_flight())
            .saturating_sub(busy);
        let per_page = self.per_page.unwrap_or(self.asked_per_page);
        let generation = self.total_changes;
        let mut ask = Vec::new();
        for (&number, page) in &mut self.pages {
            if ask.len() >= room {
                break;
            }
            if page.fetch == Fetch::Wanted {
                page.fetch = Fetch::InFlight { generation };
                ask.push(GroupsQuery {
                    branch_id: self.branch_id,
                    page: number,
                    per_page,
                });
            }
        }
        Plan { ask, wake_at: None }
    }

    /// Takes the answer to a planned request.
    pub fn accept(&mut self, answer: GroupsPage, now: Instant) {
        let number = answer.query.page;
        let Some(sent_in) = self.in_flight_generation(&answer.query) else {
            return;
        };
        self.bound.answered();
        self.halt.answered(now);
        if self.full {
            // Asked before the ceiling was reached: not taken.
            self.set_fetch(number, Fetch::Idle);
            self.note_end();
            return;
        }
        let mut answer = answer;
        self.take_no_more_than_a_page(&mut answer);
        if let Some(current) = answer.pagination.current_page
            && current != number
        {
            let cause = format!("the server answered page {number} with page {current}");
            self.mark_missing(number, cause);
            self.note_end();
            return;
        }
        let total = answer.pagination.total;
        if self.sized
            && let (Some(walk_total), Some(answered)) = (self.total, total)
            && answered != walk_total
        {
            if sent_in < self.total_changes && self.total_changes <= MAX_TOTAL_CHANGES {
                // Answered before a change the walk already knows: stale.
                // (Past the limit answers are taken as they come, so a
                // centre that never stops changing cannot keep the walk
                // going.)
                self.set_fetch(number, Fetch::Wanted);
                return;
            }
            self.record(number, answer.groups, total, now);
            self.trim_to_ceiling();
            self.total_changed(walk_total, answered, answer.pagination.total_pages);
            self.note_end();
            return;
        }
        let more_after = answer.pagination.links.next.is_some()
            || (!answer.groups.is_empty()
                && answer.groups.len() as u64 >= u64::from(answer.per_page()));
        if !self.sized {
            self.size(&answer);
        }
        self.record(number, answer.groups, total, now);
        self.trim_to_ceiling();
        if !self.full && self.total_pages.is_none() && more_after && number < MAX_PAGES {
            // Neither totalPages nor total: follow the pages one by one.
            self.want(number + 1);
        }
        self.note_end();
    }

    /// Takes the failure of a planned request.
    pub fn fail(&mut self, query: GroupsQuery, failure: Failure, now: Instant) {
        let number = query.page;
        if self.in_flight_generation(&query).is_none() {
            return;
        }
        // A 401, a lost connection, a wait past the deadline: `list/stop.rs`.
        let Some(failure) = self.unless_it_ends_the_walk(number, failure, now) else {
            self.note_end();
            return;
        };
        match failure {
            Failure::Failed(cause) => self.mark_missing(number, cause),
            Failure::RateLimited { retry_after, cause } => {
                let wait = retry_after.unwrap_or(self.policy.default_retry_after);
                let attempts = self.pages.get(&number).map_or(0, |p| p.rate_limited) + 1;
                let until = later(now, wait);
                self.hold_until = Some(self.hold_until.map_or(until, |held| held.max(until)));
                if wait > self.policy.max_retry_after {
                    // Reported, not waited out: nothing more is asked.
                    let wanted: Vec<u64> = self
                        .pages
                        .iter()
                        .filter(|(_, page)| page.fetch == Fetch::Wanted)
                        .map(|(&n, _)| n)
                        .collect();
                    for n in std::iter::once(number).chain(wanted) {
                        self.mark_missing(n, cause.clone());
                    }
                } else if attempts > self.policy.rate_limited_attempts {
                    self.mark_missing(number, cause);
                } else {
                    if let Some(page) = self.pages.get_mut(&number) {
                        page.rate_limited = attempts;
                        page.fetch = Fetch::Wanted;
                    }
                    self.bound.slow_down();
                    self.events.push(WalkEvent::RateLimited {
                        page: number,
                        wait,
                        in_flight: self.bound.current,
                    });
                }
            }
            Failure::Unauthorized(_) | Failure::Unreachable { .. } => {}
        }
        self.note_end();
    }

    /// What the walk noticed since the last call, for the caller's log.
    pub fn take_events(&mut self) -> Vec<WalkEvent> {
        std::mem::take(&mut self.events)
    }

    /// True when nothing is planned or on its way.
    pub fn is_done(&self) -> bool {
        !self
            .pages
            .values()
            .any(|page| matches!(page.fetch, Fetch::Wanted | Fetch::InFlight { .. }))
    }

    /// True when the walk stopped at the policy's `max_groups`.
    pub fn is_cut_short(&self) -> bool {
        self.capped
    }

    fn in_flight(&self) -> usize {
        self.pages
            .values()
            .filter(|page| matches!(page.fetch, Fetch::InFlight { .. }))
            .count()
    }

    /// The generation `query` was sent in, when it is one this walk waits for.
    fn in_flight_generation(&self, query: &GroupsQuery) -> Option<u32> {
        if query.branch_id != self.branch_id {
            return None;
        }
        match self.pages.get(&query.page)?.fetch {
            Fetch::InFlight { generation } => Some(generation),
            _ => None,
        }
    }

    fn set_fetch(&mut self, number: u64, fetch: Fetch) {
        if let Some(page) = self.pages.get_mut(&number) {
            page.fetch = fetch;
        }
    }

    fn want(&mut self, number: u64) {
        let page = self.pages.entry(number).or_insert_with(Page::new);
        if !matches!(page.fetch, Fetch::InFlight { .. }) {
            page.fetch = Fetch::Wanted;
        }
    }

    fn mark_missing(&mut self, number: u64, cause: String) {
        self.set_fetch(number, Fetch::Missing(cause.clone()));
        self.events.push(WalkEvent::PageMissing {
            page: number,
            cause,
        });
    }

    /// Page 1 of a walk: the page size, the total and the pages to ask.
    fn size(&mut self, first: &GroupsPage) {
        self.sized = true;
        let per_page = first.per_page();
        self.per_page = Some(per_page);
        self.total = first.pagination.total;
        let pages = first.pagination.total_pages.or_else(|| {
            self.total
                .map(|total| total.div_ceil(u64::from(per_page)).max(1))
        });
        let Some(pages) = pages else {
            self.total_pages = None;
            return;
        };
        let announced = (self.total).unwrap_or_else(|| pages.saturating_mul(u64::from(per_page)));
        if announced > self.policy.max_groups {
            self.say_ceiling(Some(announced));
        }
        self.total_pages = Some(self.clamp_pages(pages));
        self.plan_range(self.total_pages.unwrap_or(1));
        // Room for them all at once: no table grown twice over as pages come.
        let expected = self.expected_len().unwrap_or(0);
        self.rows.reserve(expected.saturating_sub(self.rows.len()));
    }

    /// The last page a walk may ask: no page past the ceiling of groups.
    fn last_page_within(&self, pages: u64) -> u64 {
        let per_page = u64::from(self.per_page.unwrap_or(self.asked_per_page).max(1));
        pages.min(self.policy.max_groups.div_ceil(per_page).max(1))
    }

    /// Says once a walk that the server has more groups than the ceiling.
    fn say_ceiling(&mut self, announced: Option<u64>) {
        if !self.capped {
            self.capped = true;
            self.events.push(WalkEvent::TooManyGroups {
                announced,
                max: self.policy.max_groups,
            });
        }
    }

    /// The list holds as many groups as it may: nothing more is asked, and
    /// what is on its way will not be taken.
    fn fill(&mut self) {
        self.full = true;
        for page in self.pages.values_mut() {
            if page.fetch == Fetch::Wanted {
                page.fetch = Fetch::Idle;
            }
        }
        self.say_ceiling(None);
    }

    /// Past the ceiling, the groups listed last (on the pages of the
    /// highest numbers, from their end) go until the list holds the
    /// ceiling: the first groups in the server's order stay whatever order
    /// the pages came in. At the ceiling, the walk stops.
    fn trim_to_ceiling(&mut self) {
        let max = usize::try_from(self.policy.max_groups).unwrap_or(usize::MAX);
        let trimmed = self.rows.len() > max;
        while self.rows.len() > max {
            let Some(page) = self
                .pages
                .values_mut()
                .rev()
                .find(|page| !page.ids.is_empty())
            else {
                break;
            };
            if let Some(id) = page.ids.pop() {
                self.release(&[id]);
            }
        }
        if trimmed || (self.rows.len() >= max && !self.is_done()) {
            self.fill();
        }
    }

    /// Keeps no more of a page than the server pages by (the first
    /// `perPage` groups), saying so once a walk.
    fn take_no_more_than_a_page(&mut self, answer: &mut GroupsPage) {
        // Page 1 of a walk sizes it: its own perPage counts.
        let per_page = (self.per_page.filter(|_| self.sized))
            .unwrap_or_else(|| answer.per_page())
            .max(1);
        let held = answer.groups.len() as u64;
        if held <= u64::from(per_page) {
            return;
        }
        answer.groups.truncate(per_page as usize);
        if !self.overfull_said {
            self.overfull_said = true;
            self.events.push(WalkEvent::OverfullPage {
                page: answer.query.page,
                held,
                per_page,
            });
        }
    }

    fn clamp_pages(&mut self, announced: u64) -> u64 {
        if announced > MAX_PAGES {
            self.events.push(WalkEvent::TooManyPages { announced });
        }
        announced.clamp(1, MAX_PAGES)
    }

    /// Wants pages 2 to `last` that are neither read in this walk, nor
    /// asked, nor missing, and drops the pages past `last`; returns the
    /// pages it wanted.
    fn plan_range(&mut self, last: u64) -> Vec<u64> {
        let last = self.last_page_within(last);
        let past: Vec<u64> = self.pages.range(last + 1..).map(|(&n, _)| n).collect();
        for number in past {
            if let Some(page) = self.pages.remove(&number) {
                self.release(&page.ids);
            }
        }
        let mut wanted = Vec::new();
        for number in 2..=last {
            let page = self.pages.entry(number).or_insert_with(Page::new);
            if page.fetch == Fetch::Idle && !page.read_since(self.started) {
                page.fetch = Fetch::Wanted;
                wanted.push(number);
            }
        }
        wanted
    }

    /// An answer under another total: what was read under the old one is
    /// asked again, pages past the new end go, new pages are asked.
    fn total_changed(&mut self, from: u64, to: u64, answered_pages: Option<u64>) {
        self.total = Some(to);
        self.total_changes += 1;
        let per_page = u64::from(self.per_page.unwrap_or(self.asked_per_page));
        let pages = answered_pages.unwrap_or_else(|| to.div_ceil(per_page).max(1));
        let pages = self.clamp_pages(pages);
        self.total_pages = Some(pages);
        if to > self.policy.max_groups {
            self.say_ceiling(Some(to));
        }
        if self.total_changes > MAX_TOTAL_CHANGES {
            if self.total_changes == MAX_TOTAL_CHANGES + 1 {
                self.events.push(WalkEvent::KeptChanging {
                    changes: self.total_changes,
                });
            }
            // Pages past the new end still go, new pages are still asked.
            self.plan_range(pages);
            return;
        }
        let mut refetch: Vec<u64> = Vec::new();
        for (&number, page) in self.pages.range_mut(..=pages) {
            if page.fetch == Fetch::Idle && page.arrived.is_some() && page.total != Some(to) {
                page.fetch = Fetch::Wanted;
                refetch.push(number);
            }
        }
        refetch.extend(self.plan_range(pages));
        refetch.sort_unstable();
        refetch.dedup();
        self.events
            .push(WalkEvent::TotalChanged { from, to, refetch });
    }

    /// Puts an answer in place of what the page held.
    fn record(&mut self, number: u64, groups: Vec<Group>, total: Option<u64>, now: Instant) {
        let mut seen = HashSet::new();
        let ids: Vec<i64> = groups
            .iter()
            .map(|group| group.id)
            .filter(|id| seen.insert(*id))
            .collect();
        let Some(page) = self.pages.get_mut(&number) else {
            return;
        };
        let old = std::mem::replace(&mut page.ids, ids);
        page.arrived = Some(now);
        page.total = total;
        page.fetch = Fetch::Idle;
        page.rate_limited = 0;
        for group in groups {
            let id = group.id;
            let group = match &mut self.handed {
                Some(handed) => {
                    handed.push(group);
                    None
                }
                None => {
                    let mut group = Arc::new(group);
                    self.courses.share(&mut group);
                    Some(group)
                }
            };
            match self.rows.entry(id) {
                Entry::Occupied(mut row) => row.get_mut().group = group,
                Entry::Vacant(row) => {
                    row.insert(Row { group, pages: 0 });
                }
            }
        }
        for id in &self.pages[&number].ids {
            if let Some(row) = self.rows.get_mut(id) {
                row.pages += 1;
            }
        }
        self.release(&old);
    }

    /// One page fewer lists each of `ids`; a group no page lists goes.
    fn release(&mut self, ids: &[i64]) {
        for id in ids {
            if let Entry::Occupied(mut row) = self.rows.entry(*id) {
                row.get_mut().pages = row.get().pages.saturating_sub(1);
                if row.get().pages == 0 {
                    row.remove();
                }
            }
        }
    }

    /// Once the walk is over with every page read: says when the pages
    /// held fewer groups than the server announced.
    fn note_end(&mut self) {
        let all_read = self.capped || self.unread().next().is_none();
        if self.ended || !self.is_done() || !self.missing().is_empty() || !all_read {
            return;
        }
        self.ended = true;
        if self.sized
            && let Some(seed) = self.seed.take()
        {
            // Every page read: what the snapshot alone lists is gone.
            self.release(&seed.ids);
        }
        let read = self.rows.len() as u64;
        if let Some(announced) = self.total
            && self.sized
            && !self.capped
            && read < announced
            && self.total_pages.is_some_and(|pages| pages < MAX_PAGES)
        {
            let partial = !self.agrees_with_total();
            self.events.push(WalkEvent::Shortfall {
                announced,
                read,
                partial,
            });
        }
    }
}

/// Why a page planned is not read: the walk was stopped before it answered.
const STOPPED: &str = "not read: the walk was stopped (r reads it)";

/// `now + wait`, or as late as the clock goes: a server's wait never
/// overflows the clock.
pub(super) fn later(now: Instant, wait: Duration) -> Instant {
    now.checked_add(wait)
        .or_else(|| now.checked_add(Duration::from_secs(u64::from(u32::MAX))))
        .unwrap_or(now)
}

mod read;
mod seed;
mod stop;
#[cfg(test)]
mod tests;
mod whole;

pub use read::Listed;
