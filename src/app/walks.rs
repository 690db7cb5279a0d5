//! The store's walks, driven for the app: what a group list plans is sent
//! as requests of their owner, [`WalkAnswer`] (several in flight, each under its own
//! id), each answer or failure goes back to its list with the time, a walk
//! held by a 429 plans again once its `Retry-After` is over (the app asks
//! for a tick then), and what a walk notices becomes a log line (and a
//! warning on the status line when the user should know).
//!
//! The store counts time in [`Instant`]s; the app's clock is `now`, as data.
//! Only differences of time matter to a walk, so `now` is laid onto a fixed
//! origin: the same `now` always gives the same instant.

use super::protocol::{Effect, Owner, Request, RequestId, WalkAnswer};
use super::requests::Requests;
use super::status::{StatusLine, Topic};
use crate::api::ApiError;
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, fill};
use crate::model::{GroupsPage, GroupsQuery};
use crate::present::format::{asked_to_wait, date_time, duration_words};
use crate::store::{Failure, GroupList, Limited, Stop, Store, WalkEvent};
use chrono::{DateTime, NaiveDateTime, Utc};
use std::borrow::Cow;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Groups a walk asks for per page; the server's answer says what it
/// honours, and the walk follows it.
pub const WALK_PER_PAGE: u32 = 100;

/// The walks under way, as far as the app keeps them (the lists keep the rest).
#[derive(Debug)]
pub struct Walks {
    /// The instant of the app's `DateTime::UNIX_EPOCH`.
    origin: Instant,
    /// The lists whose walk waits out a 429, and until when.
    held: HashMap<Option<i64>, Instant>,
}

impl Default for Walks {
    fn default() -> Self {
        Self {
            // Any instant serves as the origin: only differences count.
            origin: Instant::now(),
            held: HashMap::new(),
        }
    }
}

/// What [`Walks::drive`] does to a branch's walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drive {
    /// Starts (or starts again) the walk: page 1 first.
    Start,
    /// Asks again for the missing pages, and only those, now (the user
    /// asked: a long wait the server asked for is not honoured); nothing
    /// for a branch never walked.
    RetryMissing,
}

impl Walks {
    /// `now` on the store's clock.
    pub fn instant(&self, now: DateTime<Utc>) -> Instant {
        let since = (now - DateTime::UNIX_EPOCH).to_std().unwrap_or_default();
        self.origin.checked_add(since).unwrap_or(self.origin)
    }

    /// Starts the walk of `branch`'s groups, or asks again for its missing
    /// pages ([`Drive`]), then sends what its list plans.
    pub fn drive(
        &mut self,
        store: &mut Store,
        requests: &mut Requests,
        branch: Option<i64>,
        now: DateTime<Utc>,
        drive: Drive,
    ) -> Vec<Effect> {
        if drive == Drive::RetryMissing && store.groups(branch).is_none() {
            return Vec::new();
        }
        let now = self.instant(now);
        let list = store.groups_mut(branch, WALK_PER_PAGE);
        match drive {
            Drive::Start => list.walk(now),
            Drive::RetryMissing => {
                list.retry_missing_now(now);
            }
        }
        self.send_plan(list, requests, now)
    }

    /// Stops the walk of `branch` at once: nothing more is asked, the
    /// rows already there stay. Its requests on their way are given up but
    /// not cut off (the server would go on serving them): each keeps its
    /// place within the bound until its answer came, and that is dropped.
    pub fn stop(
        &mut self,
        store: &mut Store,
        requests: &mut Requests,
        branch: Option<i64>,
    ) -> Vec<Effect> {
        self.held.remove(&branch);
        if store.groups(branch).is_some() {
            store.groups_mut(branch, WALK_PER_PAGE).cancel();
        }
        requests.abandon::<WalkAnswer>(
            |request| matches!(request, Request::Groups(query) if query.branch_id == branch),
        );
        Vec::new()
    }

    /// Request `id` ended; when the walk had given it up, its place within
    /// the bound is free again: every walk plans again.
    pub fn ended(
        &mut self,
        id: RequestId,
        store: &mut Store,
        requests: &mut Requests,
        now: DateTime<Utc>,
    ) -> Vec<Effect> {
        if !requests.ended(id) {
            return Vec::new();
        }
        let now = self.instant(now);
        let mut effects = Vec::new();
        for branch in store.walking() {
            let list = store.groups_mut(branch, WALK_PER_PAGE);
            effects.extend(self.send_plan(list, requests, now));
        }
        effects
    }

    /// The answer to a walk's request goes to its list (a page moved in,
    /// not copied); returns the requests the list plans next and the log
    /// lines of what it noticed (its warnings go to `status` too), and the
    /// error, if it was one, handed back for the screens' news. A wait the
    /// walk does not wait out is named by its time in `zone`.
    pub fn take(
        &mut self,
        query: GroupsQuery,
        result: Result<GroupsPage, ApiError>,
        store: &mut Store,
        requests: &mut Requests,
        status: &mut StatusLine,
        (now, zone, language): (DateTime<Utc>, &Zone, Language),
    ) -> (Vec<Effect>, Option<ApiError>) {
        let instant = self.instant(now);
        let list = store.groups_mut(query.branch_id, WALK_PER_PAGE);
        let error = match result {
            Ok(page) => {
                list.accept(page, instant);
                None
            }
            Err(error) => {
                let failure = failure(&error, list, now, zone);
                list.fail(query, failure, instant);
                Some(error)
            }
        };
        let mut effects = report(list, status, (now, zone), language);
        effects.extend(self.send_plan(list, requests, instant));
        (effects, error)
    }

    /// The walks whose 429 wait is over plan again.
    pub fn wake(
        &mut self,
        store: &mut Store,
        requests: &mut Requests,
        now: DateTime<Utc>,
    ) -> Vec<Effect> {
        let now = self.instant(now);
        let due: Vec<Option<i64>> = self
            .held
            .iter()
            .filter(|(_, at)| **at <= now)
            .map(|(branch, _)| *branch)
            .collect();
        let mut effects = Vec::new();
        for branch in due {
            let list = store.groups_mut(branch, WALK_PER_PAGE);
            effects.extend(self.send_plan(list, requests, now));
        }
        effects
    }

    /// How long until a held walk may go on (None: none is held).
    pub fn until_wake(&self, now: DateTime<Utc>) -> Option<Duration> {
        let now = self.instant(now);
        self.held
            .values()
            .map(|at| at.saturating_duration_since(now))
            .min()
    }

    /// Sends what `list` plans now; remembers when to plan again if a 429
    /// holds it.
    fn send_plan(
        &mut self,
        list: &mut GroupList,
        requests: &mut Requests,
        now: Instant,
    ) -> Vec<Effect> {
        let plan = list.plan_beside(now, requests.abandoned());
        match plan.wake_at {
            Some(at) => self.held.insert(list.branch_id(), at),
            None => self.held.remove(&list.branch_id()),
        };
        plan.ask
            .into_iter()
            .map(|query| requests.send(Request::Groups(query)))
            .collect()
    }
}

/// What the walk needs to know of `error`: a wait longer than the walk
/// waits says until when, in `zone`, and that r tries now. In English:
/// the walk's cause is logged and kept by the store; a screen says it in
/// its language with [`long_wait_in`].
fn failure(error: &ApiError, list: &GroupList, now: DateTime<Utc>, zone: &Zone) -> Failure {
    let said = |wait| {
        let asked = asked_to_wait(wait, now, zone, Language::En);
        fill::date_tries_now(Language::En, asked)
    };
    Failure::naming_long_waits(
        error.to_string(),
        error.rate_limited(),
        &list.policy(),
        said,
    )
    .ending_walks(error.is_unauthorized(), error.lost_connection_retried())
}

/// While the server limits the walk of `branch` (it waits out a 429): the
/// wait and the time the rest may take, for the screen.
pub fn limited(
    walks: &Walks,
    store: &Store,
    branch: Option<i64>,
    now: DateTime<Utc>,
) -> Option<Limited> {
    store.groups(branch)?.limited(walks.instant(now))
}

/// `limited` for the screen in `language`: `the server limits requests:
/// waiting 8 s, about 2 min left` (the walk's end too when it comes first;
/// the store's `Display` is the same in English).
pub fn limited_words(limited: &Limited, language: Language) -> String {
    let words = |span| duration_words(span, language);
    let mut said = fill::date_limited(language, words(limited.wait));
    let mut add = |part: String| {
        said.push_str(", ");
        said.push_str(&part);
    };
    if let Some(left) = limited.left {
        add(fill::date_limited_left(language, words(left)));
    }
    match limited.deadline_in {
        Some(ends) if limited.left.is_none_or(|left| left > ends) => {
            add(fill::date_limited_ends(language, words(ends)));
        }
        _ => {}
    }
    said
}

/// `limited: waiting 8 s`: the wait alone, where room is short, in
/// `language`.
pub fn limited_short(limited: &Limited, language: Language) -> String {
    fill::date_limited_short(language, duration_words(limited.wait, language))
}

/// A walk's cause (or a text holding one) with the long wait [`failure`]
/// names in English (`the server asks to wait until 14:05: r tries now`,
/// a date before the time when it is not today) said again in `language`,
/// the rest kept: the cause is the store's and the log's, English; a
/// screen words it as it shows it, as `present::api_words` does a
/// request's failure.
pub fn long_wait_in(english: &str, language: Language) -> Cow<'_, str> {
    let (lead, tail) = ("the server asks to wait until ", ": r tries now");
    let found = english.find(lead).and_then(|at| {
        let when_at = at + lead.len();
        let end = when_at + english[when_at..].find(tail)?;
        Some((at, &english[when_at..end], end + tail.len()))
    });
    let Some((at, when, end)) = found.filter(|_| language != Language::En) else {
        return Cow::Borrowed(english);
    };
    // The time (`14:05`) reads the same in every language; a date before
    // it is written as staff write dates.
    let when = match NaiveDateTime::parse_from_str(when, "%Y-%m-%d %H:%M") {
        Ok(at) => date_time(at, language),
        Err(_) => when.to_owned(),
    };
    let asked = fill::date_asked_to_wait(language, when);
    let said = fill::date_tries_now(language, asked);
    Cow::Owned(format!("{}{said}{}", &english[..at], &english[end..]))
}

/// True while the walk of `branch` is under way: a request of it on its
/// way, or a page it will ask once a pause is over (a page whose
/// connection failed is asked again after one: the list still loads).
pub fn walking(requests: &Requests, store: &Store, branch: Option<i64>) -> bool {
    let asking = requests.any(|request| {
        WalkAnswer::owns(request)
            && matches!(request, Request::Groups(query) if query.branch_id == branch)
    });
    asking || store.groups(branch).is_some_and(|list| !list.is_done())
}

/// What `list` noticed, as log lines (in English); its warnings on the
/// status line too, in `language` (a walk that stopped says what to press,
/// and when, in `zone`, the server stopped answering).
fn report(
    list: &mut GroupList,
    status: &mut StatusLine,
    (now, zone): (DateTime<Utc>, &Zone),
    language: Language,
) -> Vec<Effect> {
    let branch_in = |language| match list.branch_id() {
        None => Phrase::AllBranches.get(language).to_string(),
        Some(id) => fill::walk_branch(language, id),
    };
    let (logged, said) = (branch_in(Language::En), branch_in(language));
    list.take_events()
        .into_iter()
        .map(|event| {
            let topic = Topic::Walk(list.branch_id());
            if let WalkEvent::Stopped { stop, .. } = &event {
                let text =
                    fill::walk_groups_of(language, &said, stopped(stop, now, zone, language));
                status.load_error(topic, text, now);
            } else if event.is_warning() {
                let shown = event.to_string();
                let shown = long_wait_in(&shown, language);
                status.warning_about(topic, fill::walk_groups_of(language, &said, shown), now);
            }
            Effect::Log(format!("walk of {logged}: {event}"))
        })
        .collect()
}

/// Why a walk stopped, for the status line: what happened, and the key
/// that asks again.
fn stopped(stop: &Stop, now: DateTime<Utc>, zone: &Zone, language: Language) -> String {
    match stop {
        Stop::Unauthorized { cause } => fill::walk_token_refused(language, cause),
        Stop::Unreachable { how, .. } => {
            let at = zone.time_of_day(now).format("%H:%M");
            fill::walk_unreachable(language, at, how)
        }
        // The store's cause in English, said again in the language.
        Stop::Deadline { after } => {
            let after = duration_words(*after, language);
            fill::walk_retry(language, fill::date_walk_deadline(language, after))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_wait_is_said_again_in_the_language_the_rest_kept() {
        let cause = "page 3 missing: HTTP 429 too many requests: retry in 600 s: \
                     the server asks to wait until 14:05: r tries now";
        assert_eq!(long_wait_in(cause, Language::En), cause);
        assert_eq!(
            long_wait_in(cause, Language::Ru),
            "page 3 missing: HTTP 429 too many requests: retry in 600 s: \
             сервер просит подождать до 14:05: r — повторить сейчас"
        );
        // A wait past midnight names the date, as staff write it.
        let tomorrow = "the server asks to wait until 2026-11-26 00:30: r tries now";
        assert_eq!(
            long_wait_in(tomorrow, Language::UzCyrl),
            "сервер 26.11.2026 00:30 гача кутишни сўрамоқда: r ҳозир қайта уринади"
        );
        let other = "HTTP 502 Bad Gateway";
        assert_eq!(long_wait_in(other, Language::Ru), other);
    }

    #[test]
    fn a_walk_past_its_deadline_says_so_in_the_language() {
        let stop = Stop::Deadline {
            after: Duration::from_secs(120),
        };
        let (now, zone) = (DateTime::UNIX_EPOCH, Zone::Named(chrono_tz::UTC));
        assert_eq!(
            stopped(&stop, now, &zone, Language::En),
            fill::walk_retry(Language::En, stop.cause()),
            "English as the store says it"
        );
        assert_eq!(
            stopped(&stop, now, &zone, Language::Ru),
            "срок обхода (2 мин) истёк (walk_deadline_secs в конфигурации): r — повторить"
        );
    }

    #[test]
    fn a_limited_walk_is_said_in_the_language() {
        let limited = Limited {
            wait: Duration::from_secs(8),
            left: Some(Duration::from_secs(90)),
            deadline_in: Some(Duration::from_secs(60)),
        };
        // English as the store says it (and logs it).
        assert_eq!(limited_words(&limited, Language::En), limited.to_string());
        assert_eq!(limited_short(&limited, Language::En), limited.short());
        assert_eq!(
            limited_words(&limited, Language::Ru),
            "сервер ограничивает запросы: ожидание 8 с, осталось около 2 мин, \
             обход закончится через 1 мин (walk_deadline_secs)"
        );
        assert_eq!(
            limited_short(&limited, Language::Uz),
            "cheklov: 8 soniya kutilmoqda"
        );
        let no_guess = Limited {
            left: None,
            deadline_in: None,
            ..limited
        };
        assert_eq!(limited_words(&no_guess, Language::En), no_guess.to_string());
    }
}
