//! One centre of a fleet at a glance (issue 38): what a probe of its API
//! found (its status, latency, name, groups' total, plugins installed), what
//! its snapshot holds (active groups, who is in class now, the next lesson),
//! and, when a refresh fails, the last good figures kept, marked stale with
//! their age. Summaries only, no groups: a centre's summary is a few hundred
//! bytes (the budget is 64 KB). No text for people: the Centres tab
//! and `crmdeck centres` say it.

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use crmdeck_model::{Group, GroupStatus};

use super::today::today;
use super::zone::Zone;

/// How a centre answered its last probe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every request answered.
    Ok,
    /// No answer: the server could not be reached, the connection was lost,
    /// or the profile's time-out passed.
    Unreachable,
    /// The token was refused: a 401, or a 403 on every request.
    TokenRefused,
    /// Another status than a success (a 502, a 404, a 429…), or an answer
    /// that did not read.
    ApiError(u16),
    /// The profile's session did not open: its config (no address), its
    /// token source (a token command that failed); nothing was asked.
    NotOpened,
}

impl Status {
    /// The key scripts read (JSON, CSV): `ok`, `unreachable`,
    /// `token_refused`, `api_error`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Unreachable => "unreachable",
            Self::TokenRefused => "token_refused",
            Self::ApiError(_) => "api_error",
            Self::NotOpened => "not_opened",
        }
    }

    /// How bad it is, for the worst of several answers: ok < API error <
    /// token refused < unreachable < not opened.
    fn weight(self) -> u8 {
        match self {
            Self::Ok => 0,
            Self::ApiError(_) => 1,
            Self::TokenRefused => 2,
            Self::Unreachable => 3,
            Self::NotOpened => 4,
        }
    }

    /// The worse of two statuses (the first of equals).
    pub fn worst(self, other: Self) -> Self {
        match other.weight() > self.weight() {
            true => other,
            false => self,
        }
    }
}

/// Plugins installed of the catalogue (`GET /v2/plugins`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plugins {
    pub installed: usize,
    pub total: usize,
}

/// What the API said of a centre.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// The centre's name (`/v2/token/me`), when it says.
    pub name: Option<String>,
    /// The groups' total: page 1's `pagination.total`.
    pub groups: Option<u64>,
    pub plugins: Option<Plugins>,
}

/// The next lesson of a snapshot's groups: when, and whose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextLesson {
    /// On the centre's wall clock.
    pub start: NaiveDateTime,
    /// The group's name, as sent (not sanitised: the screen does it).
    pub group: String,
}

/// What a centre's snapshot (its last complete walk) holds, seen at a moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotFigures {
    /// Groups whose status is active.
    pub active_groups: usize,
    /// Groups in class at the moment ([`today`]'s now).
    pub in_class: usize,
    /// The soonest lesson still to start today.
    pub next: Option<NextLesson>,
    /// When the snapshot was written.
    pub saved_at: DateTime<Utc>,
}

impl SnapshotFigures {
    /// The figures of `groups` (a snapshot's, written at `saved_at`) at
    /// `at` on the centre's wall clock, lessons read in `zone`.
    pub fn of(
        groups: &[impl AsRef<Group>],
        zone: &Zone,
        at: NaiveDateTime,
        saved_at: DateTime<Utc>,
    ) -> Self {
        let active = groups.iter();
        let active_groups = active
            .filter(|group| group.as_ref().status == GroupStatus::Active)
            .count();
        let day = today(groups, zone, at, false);
        let next = day.next.first().map(|lesson| NextLesson {
            start: lesson.start,
            group: groups[lesson.group_index].as_ref().name.clone(),
        });
        Self {
            active_groups,
            in_class: day.now.len(),
            next,
            saved_at,
        }
    }

    /// The snapshot's age at `now` (zero for one from the future).
    pub fn age(&self, now: DateTime<Utc>) -> Duration {
        age(self.saved_at, now)
    }
}

/// What one probe of a centre found (`crmdeck::fleet::probe`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    pub status: Status,
    /// The slowest of its answers; None when none came.
    pub latency: Option<Duration>,
    /// What it learnt; on a failure, what did answer (often nothing).
    pub figures: Figures,
    /// When it was made.
    pub at: DateTime<Utc>,
}

/// The profile of the centre in use when the config names no profile (its
/// address and token from the flags or the environment): the Centres
/// view's one row then, never a config's name (a profile is named).
pub const NO_PROFILE: &str = "";

/// One centre of a fleet: its profile's facts, the last probe and the last
/// good figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CentreSummary {
    /// The profile (`[profiles.NAME]`, or a demo centre's).
    pub profile: String,
    /// The API's host (`ApiUrl::host`), when the profile names one.
    pub host: Option<String>,
    /// The profile is read-only (`read_only`): shown beside the status.
    pub read_only: bool,
    /// The token's expiry, when it is a JWT that says.
    pub token_expires_at: Option<DateTime<Utc>>,
    /// The last probe's status; None until one answered (or when the
    /// profile did not open: see `opened`).
    pub status: Option<Status>,
    /// The last probe's latency.
    pub latency: Option<Duration>,
    /// The last good figures (of the last probe that was [`Status::Ok`]).
    pub figures: Figures,
    /// When `figures` were answered; None: never.
    pub figures_at: Option<DateTime<Utc>>,
    /// When the last probe was made, good or not.
    pub refreshed_at: Option<DateTime<Utc>>,
    /// The centre's snapshot, if one is kept.
    pub snapshot: Option<SnapshotFigures>,
}

impl CentreSummary {
    /// A centre not asked yet.
    pub fn new(profile: impl Into<String>) -> Self {
        Self {
            profile: profile.into(),
            host: None,
            read_only: false,
            token_expires_at: None,
            status: None,
            latency: None,
            figures: Figures::default(),
            figures_at: None,
            refreshed_at: None,
            snapshot: None,
        }
    }

    /// `previous` after the probe `probe`: its status, latency and time;
    /// its figures when it was ok, else the previous ones kept (stale,
    /// [`stale_for`](Self::stale_for)), a name it did learn filled in.
    pub fn refreshed(previous: &Self, probe: Probe) -> Self {
        let mut next = previous.clone();
        next.status = Some(probe.status);
        next.latency = probe.latency;
        next.refreshed_at = Some(probe.at);
        if probe.status == Status::Ok {
            next.figures = probe.figures;
            next.figures_at = Some(probe.at);
        } else if next.figures.name.is_none() {
            next.figures.name = probe.figures.name;
        }
        next
    }

    /// Whether the figures shown are older than the last probe (it failed).
    pub fn is_stale(&self) -> bool {
        self.status.is_some_and(|status| status != Status::Ok) && self.figures_at.is_some()
    }

    /// How old the figures shown are at `now`, when they are stale.
    pub fn stale_for(&self, now: DateTime<Utc>) -> Option<Duration> {
        let at = self.figures_at.filter(|_| self.is_stale())?;
        Some(age(at, now))
    }

    /// How long the token has left at `now` (negative: expired), when its
    /// expiry is known.
    pub fn token_left(&self, now: DateTime<Utc>) -> Option<TimeDelta> {
        self.token_expires_at.map(|at| at - now)
    }
}

fn age(then: DateTime<Utc>, now: DateTime<Utc>) -> Duration {
    (now - then).to_std().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::on;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    fn ok(groups: u64, seconds: i64) -> Probe {
        Probe {
            status: Status::Ok,
            latency: Some(Duration::from_millis(40)),
            figures: Figures {
                name: Some("Ziyo".to_string()),
                groups: Some(groups),
                plugins: Some(Plugins {
                    installed: 2,
                    total: 9,
                }),
            },
            at: at(seconds),
        }
    }

    fn failed(status: Status, seconds: i64) -> Probe {
        Probe {
            status,
            latency: None,
            figures: Figures::default(),
            at: at(seconds),
        }
    }

    #[test]
    fn a_failed_refresh_keeps_the_last_good_figures_marked_stale() {
        let first = CentreSummary::refreshed(&CentreSummary::new("north"), ok(240, 0));
        assert!(!first.is_stale());
        assert_eq!(first.figures.groups, Some(240));
        assert_eq!(first.stale_for(at(90)), None);

        let second = CentreSummary::refreshed(&first, failed(Status::Unreachable, 60));
        assert_eq!(second.status, Some(Status::Unreachable));
        assert_eq!(second.figures, first.figures, "the last good figures kept");
        assert!(second.is_stale());
        assert_eq!(second.stale_for(at(90)), Some(Duration::from_secs(90)));
        assert_eq!(second.refreshed_at, Some(at(60)));
        assert_eq!(second.latency, None);

        let third = CentreSummary::refreshed(&second, ok(241, 120));
        assert!(!third.is_stale());
        assert_eq!(third.figures.groups, Some(241));
        assert_eq!(third.figures_at, Some(at(120)));
    }

    #[test]
    fn a_centre_that_never_answered_has_nothing_stale() {
        let mut probe = failed(Status::TokenRefused, 0);
        probe.figures.name = Some("East".to_string());
        let summary = CentreSummary::refreshed(&CentreSummary::new("east"), probe);
        assert!(!summary.is_stale());
        assert_eq!(summary.stale_for(at(10)), None);
        assert_eq!(summary.figures.groups, None);
        assert_eq!(summary.figures.name.as_deref(), Some("East"));
    }

    #[test]
    fn the_worst_status_wins() {
        let statuses = [
            Status::Ok,
            Status::ApiError(502),
            Status::TokenRefused,
            Status::Unreachable,
            Status::NotOpened,
        ];
        for (i, a) in statuses.into_iter().enumerate() {
            for (j, b) in statuses.into_iter().enumerate() {
                assert_eq!(a.worst(b), statuses[i.max(j)], "{a:?} {b:?}");
            }
        }
        assert_eq!(
            Status::ApiError(502).worst(Status::ApiError(404)),
            Status::ApiError(502)
        );
        assert_eq!(Status::TokenRefused.key(), "token_refused");
    }

    #[test]
    fn the_token_s_time_left() {
        let mut summary = CentreSummary::new("a");
        assert_eq!(summary.token_left(at(0)), None);
        summary.token_expires_at = Some(at(3 * 86_400));
        assert_eq!(summary.token_left(at(0)), Some(TimeDelta::days(3)));
    }

    #[test]
    fn a_snapshot_s_figures() {
        use crmdeck_model::DaysCode;
        let mut groups = crate::test_groups::numbered(
            DaysCode::EveryDay,
            &["08:00-09:30", "10:00-11:30", "18:00-19:30"],
        );
        groups[2].status = GroupStatus::Archive;
        let zone: Zone = "Asia/Tashkent".parse().unwrap();
        let figures = SnapshotFigures::of(&groups, &zone, on(0, "09:00"), at(0));
        assert_eq!(figures.active_groups, 2);
        assert_eq!(figures.in_class, 1);
        let next = figures.next.clone().expect("a lesson to come");
        assert_eq!(next.start, on(0, "10:00"));
        assert_eq!(next.group, "Group 2");
        assert_eq!(figures.age(at(300)), Duration::from_secs(300));
        let late = SnapshotFigures::of(&groups, &zone, on(0, "12:00"), at(0));
        assert_eq!((late.in_class, late.next), (0, None));
    }
}
