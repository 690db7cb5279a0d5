//! A centre of a fleet as a row (issue 38 §1): the dashboard's Centres tab
//! and `crmdeck centres`. Its words are the interface's language on
//! screen; scripts (CSV, JSON) read keys and numbers.

use super::{Column, Natural, OnScreen, Print, Text, Tone};
use crate::domain::centre::{CentreSummary, Status};
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, fill, plural};
use crate::present::format::{NONE, clock_time};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// How a centre reads: the clock the ages are counted against, the zone
/// times are shown in, the language of the words.
#[derive(Debug, Clone, Copy)]
pub struct CentreFormat {
    pub now: DateTime<Utc>,
    pub zone: Zone,
    pub language: Language,
}

/// The token's expiry is said in the status from this close.
pub const TOKEN_SOON_DAYS: i64 = 7;

/// What a centre's state is, as one word (the status column, the counts of
/// the summary line): its last probe's failure first, then a token soon to
/// expire, then read-only, else ok. None: not asked yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Ok,
    Unreachable,
    TokenRefused,
    ApiError(u16),
    /// The token expires within [`TOKEN_SOON_DAYS`] (days left, rounded
    /// up); 0: expired.
    TokenExpires(i64),
    ReadOnly,
}

impl State {
    /// The state of `centre` at `now`.
    pub fn of(centre: &CentreSummary, now: DateTime<Utc>) -> Option<Self> {
        Some(match centre.status? {
            Status::Unreachable => Self::Unreachable,
            Status::TokenRefused => Self::TokenRefused,
            Status::ApiError(code) => Self::ApiError(code),
            Status::Ok => match centre.token_left(now) {
                Some(left) if left.num_days() < TOKEN_SOON_DAYS => {
                    let seconds = left.num_seconds().max(0);
                    Self::TokenExpires((seconds + 86_399) / 86_400)
                }
                _ if centre.read_only => Self::ReadOnly,
                _ => Self::Ok,
            },
        })
    }

    /// Its words in `language`.
    pub fn words(self, language: Language) -> String {
        match self {
            Self::Ok => Phrase::CentreOk.get(language).to_owned(),
            Self::Unreachable => Phrase::CentreUnreachable.get(language).to_owned(),
            Self::TokenRefused => Phrase::CentreTokenRefused.get(language).to_owned(),
            Self::ApiError(code) => fill::centre_api_error(language, code),
            Self::TokenExpires(0) => Phrase::CentreTokenExpired.get(language).to_owned(),
            Self::TokenExpires(days) => plural::centre_token_expires(language, days.unsigned_abs()),
            Self::ReadOnly => Phrase::CentreReadOnly.get(language).to_owned(),
        }
    }

    /// What scripts read: `ok`, `unreachable`, `token_refused`,
    /// `api_error_502`, `token_expires`, `read_only`.
    pub fn key(self) -> String {
        match self {
            Self::ApiError(code) => format!("api_error_{code}"),
            Self::TokenExpires(_) => "token_expires".to_owned(),
            Self::ReadOnly => "read_only".to_owned(),
            Self::Ok => Status::Ok.key().to_owned(),
            Self::Unreachable => Status::Unreachable.key().to_owned(),
            Self::TokenRefused => Status::TokenRefused.key().to_owned(),
        }
    }
}

/// A time span for people, short: `5 min`, `3 h`, `2 d`.
pub fn age(span: Duration, language: Language) -> String {
    let minutes = span.as_secs() / 60;
    match (minutes / (24 * 60), minutes / 60) {
        (0, 0) => fill::age_minutes(language, minutes),
        (0, hours) => fill::age_hours(language, hours),
        (days, _) => fill::age_days(language, days),
    }
}

/// The status cell: the state's words; for a centre whose last probe
/// failed and whose figures are an older probe's, with their age.
fn status_text(centre: &CentreSummary, format: &CentreFormat) -> String {
    let language = format.language;
    let Some(state) = State::of(centre, format.now) else {
        return Phrase::CentreNotAsked.get(language).to_owned();
    };
    let words = state.words(language);
    match centre.stale_for(format.now) {
        Some(old) => fill::centre_stale(language, words, age(old, language)),
        None => words,
    }
}

fn or_none<T>(value: Option<T>, text: impl FnOnce(T) -> String) -> String {
    value.map_or_else(|| NONE.to_owned(), text)
}

/// A column the dashboard shows in the fleet's own order.
const fn shown(priority: u8, tone: Tone) -> OnScreen<CentreSummary, CentreFormat> {
    OnScreen::in_order(None, priority, false, tone)
}

/// The columns of a centre, left to right.
pub fn columns() -> [Column<CentreSummary, CentreFormat>; 13] {
    type C = Column<CentreSummary, CentreFormat>;
    let printed = C::print_only;
    let number = C::print_number;
    [
        printed("Profile", "profile", |c, _| c.profile.clone()).shown(OnScreen::in_order(
            Some(8),
            13,
            true,
            Tone::Plain,
        )),
        printed("Centre", "centre", |c, _| {
            or_none(c.figures.name.clone(), |n| n)
        })
        .shown(OnScreen::in_order(Some(8), 11, false, Tone::Plain)),
        printed("Host", "host", |c, _| or_none(c.host.clone(), |h| h)).shown(OnScreen::in_order(
            Some(8),
            3,
            false,
            Tone::Quiet,
        )),
        Column {
            title: "Status",
            name: "status",
            text: Text::Split {
                screen: status_text,
                print: |c, f| or_none(State::of(c, f.now), |s| s.key()),
            },
            screen: Some(OnScreen {
                natural: Natural::Widest { floor: 12, cap: 40 },
                ..OnScreen::in_order(Some(10), 12, true, Tone::State)
            }),
            print: Print::Whole,
        },
        Column {
            title: "Latency",
            name: "latency_ms",
            text: Text::Split {
                screen: |c, _| or_none(c.latency, |l| format!("{} ms", l.as_millis())),
                print: |c, _| or_none(c.latency, |l| l.as_millis().to_string()),
            },
            screen: Some(shown(8, Tone::Quiet)),
            print: Print::Number,
        },
        number("Groups", "groups", |c, _| {
            or_none(c.figures.groups, |n| n.to_string())
        })
        .shown(shown(10, Tone::Plain)),
        number("Active", "active_groups", |c, _| {
            or_none(c.snapshot.as_ref(), |s| s.active_groups.to_string())
        })
        .shown(shown(7, Tone::Plain)),
        number("In class", "in_class", |c, _| {
            or_none(c.snapshot.as_ref(), |s| s.in_class.to_string())
        })
        .shown(shown(9, Tone::Plain)),
        printed("Next lesson", "next_lesson", |c, _| {
            let next = c.snapshot.as_ref().and_then(|s| s.next.as_ref());
            or_none(next, |next| {
                format!("{} {}", next.start.format("%H:%M"), next.group)
            })
        })
        .shown(OnScreen::in_order(Some(10), 6, false, Tone::Plain)),
        printed("Snapshot", "snapshot_age", |c, f| {
            or_none(c.snapshot.as_ref(), |s| age(s.age(f.now), f.language))
        })
        .shown(shown(4, Tone::Quiet)),
        printed("Plugins", "plugins", |c, _| {
            or_none(c.figures.plugins, |p| {
                format!("{}/{}", p.installed, p.total)
            })
        })
        .shown(shown(5, Tone::Plain)),
        printed("Token", "token_expires", |c, f| {
            or_none(c.token_expires_at, |at| clock_time(at, f.now, &f.zone))
        })
        .shown(shown(2, Tone::Quiet)),
        printed("Refreshed", "refreshed", |c, f| {
            or_none(c.refreshed_at, |at| clock_time(at, f.now, &f.zone))
        })
        .shown(shown(1, Tone::Quiet)),
    ]
}
