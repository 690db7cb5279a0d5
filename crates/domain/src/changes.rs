//! What changed in the centre since a baseline (issue 28): the digests of
//! a walk now against those of an earlier complete walk, and which earlier
//! walk that is (`--since`).
//!
//! Only a complete walk may call a group gone: a page that failed makes
//! the groups it held unknown, never removed.

use chrono::{DateTime, Datelike, Days as DayCount, NaiveDate, Utc, Weekday};
use std::str::FromStr;

use super::digest::{Digest, Status};
use super::zone::Zone;
use crmdeck_model::weekday::parse_day_name;

/// What happened to a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Not in the baseline.
    New,
    /// In both, something differs.
    Changed,
    /// Its status became Archive (other fields may have changed too).
    Archived,
    /// In the baseline, not in a complete walk now.
    Gone,
}

impl Kind {
    /// The key for scripts: `new`, `changed`, `archived`, `gone`.
    pub fn key(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Changed => "changed",
            Self::Archived => "archived",
            Self::Gone => "gone",
        }
    }
}

/// A field of a [`Digest`] that can differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    Number,
    Name,
    Course,
    Days,
    Start,
    End,
    Status,
    Branch,
    StartsOn,
    EndsOn,
    /// Something of the rest of the record (its hash differs).
    Rest,
}

impl Field {
    pub const ALL: [Field; 11] = [
        Self::Number,
        Self::Name,
        Self::Course,
        Self::Days,
        Self::Start,
        Self::End,
        Self::Status,
        Self::Branch,
        Self::StartsOn,
        Self::EndsOn,
        Self::Rest,
    ];

    /// The key for scripts: `name`, `start`, `starts_on`, …
    pub fn key(self) -> &'static str {
        match self {
            Self::Number => "number",
            Self::Name => "name",
            Self::Course => "course",
            Self::Days => "days",
            Self::Start => "start",
            Self::End => "end",
            Self::Status => "status",
            Self::Branch => "branch",
            Self::StartsOn => "starts_on",
            Self::EndsOn => "ends_on",
            Self::Rest => "other",
        }
    }
}

/// A set of [`Field`]s, one bit each: a change allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Fields(u16);

impl Fields {
    pub fn contains(self, field: Field) -> bool {
        self.0 & 1 << field as u16 != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Field> {
        Field::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    fn with(self, field: Field, differs: bool) -> Self {
        Self(self.0 | u16::from(differs) << field as u16)
    }
}

impl Digest {
    /// The fields in which `self` and `other` differ.
    pub fn differences(&self, other: &Digest) -> Fields {
        Fields::default()
            .with(Field::Number, self.number != other.number)
            .with(Field::Name, self.name != other.name)
            .with(
                Field::Course,
                self.course_id != other.course_id || self.course != other.course,
            )
            .with(Field::Days, self.days != other.days)
            .with(Field::Start, self.start != other.start)
            .with(Field::End, self.end != other.end)
            .with(Field::Status, self.status != other.status)
            .with(Field::Branch, self.branch != other.branch)
            .with(Field::StartsOn, self.starts_on != other.starts_on)
            .with(Field::EndsOn, self.ends_on != other.ends_on)
            .with(Field::Rest, self.rest != other.rest)
    }
}

/// One group's change: where it is in the baseline and now (indices into
/// the slices compared) and which fields differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    pub kind: Kind,
    /// Its index in the baseline (None: new).
    pub before: Option<usize>,
    /// Its index now (None: gone).
    pub after: Option<usize>,
    /// Empty for new and gone groups.
    pub fields: Fields,
}

/// What [`compare`] found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Comparison {
    /// By id.
    pub changes: Vec<Change>,
    /// Groups of the baseline not seen by an incomplete walk: unknown,
    /// not gone.
    pub unknown: usize,
}

impl Comparison {
    /// How many changes are of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }
}

/// The changes from `baseline` to `now`, each sorted by id with each id
/// once (as [`digests`](super::digest::digests), [`sort_by_id`] and the
/// history give them), in id order. `complete`: the walk now read every
/// page; only then is a group missing from it gone. One pass over both,
/// side by side: no index, nothing allocated per unchanged group.
///
/// [`sort_by_id`]: super::digest::sort_by_id
pub fn compare(baseline: &[Digest], now: &[Digest], complete: bool) -> Comparison {
    debug_assert!(baseline.is_sorted_by(|a, b| a.id < b.id), "baseline by id");
    debug_assert!(now.is_sorted_by(|a, b| a.id < b.id), "now by id");
    let mut found = Comparison::default();
    let (mut before, mut after) = (0, 0);
    loop {
        let old = baseline.get(before);
        let new = now.get(after);
        let change = match (old, new) {
            (None, None) => break,
            (Some(old), Some(new)) if old.id == new.id => {
                before += 1;
                after += 1;
                let fields = old.differences(new);
                if fields.is_empty() {
                    continue;
                }
                let archived = old.status != Status::Archive && new.status == Status::Archive;
                Change {
                    kind: if archived {
                        Kind::Archived
                    } else {
                        Kind::Changed
                    },
                    before: Some(before - 1),
                    after: Some(after - 1),
                    fields,
                }
            }
            (Some(old), new) if new.is_none_or(|new| old.id < new.id) => {
                before += 1;
                if !complete {
                    found.unknown += 1;
                    continue;
                }
                Change {
                    kind: Kind::Gone,
                    before: Some(before - 1),
                    after: None,
                    fields: Fields::default(),
                }
            }
            _ => {
                after += 1;
                Change {
                    kind: Kind::New,
                    before: None,
                    after: Some(after - 1),
                    fields: Fields::default(),
                }
            }
        };
        found.changes.push(change);
    }
    found
}

/// The centre day `at` falls on: its date in the centre's zone.
pub fn centre_day(at: DateTime<Utc>, zone: &Zone) -> NaiveDate {
    zone.wall_clock(at).date()
}

/// Which earlier walk a comparison is against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Since {
    /// The last complete walk of an earlier centre day than today.
    #[default]
    EarlierDay,
    /// The last complete walk kept, today's too.
    Last,
    /// The last complete walk of yesterday.
    Yesterday,
    /// The last complete walk of that day.
    Date(NaiveDate),
    /// Of the most recent such day before today (`mon` on a Monday: a
    /// week ago).
    Weekday(Weekday),
}

impl FromStr for Since {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        match text.to_lowercase().as_str() {
            "last" => return Ok(Self::Last),
            "yesterday" => return Ok(Self::Yesterday),
            _ => {}
        }
        if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            return Ok(Self::Date(date));
        }
        parse_day_name(text).map(Self::Weekday).ok_or_else(|| {
            format!("{text:?} is not a baseline: expected yesterday, last, a date (YYYY-MM-DD) or a weekday (mon)")
        })
    }
}

impl Since {
    /// The days of `kept` (the centre days the history holds) to compare
    /// with, best first, `today` being the centre's day now: a file that
    /// cannot be read gives way to the next (only the two "latest" forms
    /// have a next). Empty: no baseline.
    pub fn candidates(self, today: NaiveDate, kept: &[NaiveDate]) -> Vec<NaiveDate> {
        let mut latest_first = kept.to_vec();
        latest_first.sort_unstable_by(|a, b| b.cmp(a));
        latest_first.dedup();
        match self {
            Self::EarlierDay => latest_first.retain(|day| *day < today),
            Self::Last => {}
            _ => {
                let asked = self.day_asked(today).filter(|day| kept.contains(day));
                return asked.into_iter().collect();
            }
        }
        latest_first
    }

    /// The one day asked for (yesterday, a date, a weekday: the most
    /// recent before `today`); None for the forms that take the latest.
    pub fn day_asked(self, today: NaiveDate) -> Option<NaiveDate> {
        match self {
            Self::EarlierDay | Self::Last => None,
            Self::Yesterday => today.checked_sub_days(DayCount::new(1)),
            Self::Date(date) => Some(date),
            Self::Weekday(weekday) => {
                let back = (7 + today.weekday().num_days_from_monday()
                    - weekday.num_days_from_monday())
                    % 7;
                let back = if back == 0 { 7 } else { back };
                today.checked_sub_days(DayCount::new(back.into()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::{Days, Digester};
    use crate::test_groups::group;
    use crmdeck_model::{DaysCode, GroupStatus};

    const TASHKENT: Zone = Zone::Named(chrono_tz::Asia::Tashkent);

    fn digest(id: i64) -> Digest {
        Digester::new(TASHKENT).digest(&group(id, DaysCode::MonWedFri, "10:00", "11:30"))
    }

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn every_field_that_differs_is_named_and_only_it() {
        let base = digest(1);
        type Edit = (Field, fn(&mut Digest));
        let edits: [Edit; 11] = [
            (Field::Number, |d| d.number = Some(99).into()),
            (Field::Name, |d| d.name = "Renamed".into()),
            (Field::Course, |d| d.course_id = Some(5).into()),
            (Field::Days, |d| d.days = Days::of([Weekday::Sat])),
            (Field::Start, |d| d.start = Some(960)),
            (Field::End, |d| d.end = None),
            (Field::Status, |d| d.status = Status::Other),
            (Field::Branch, |d| d.branch = Some(3).into()),
            (Field::StartsOn, |d| d.starts_on = Some(date("2026-01-01"))),
            (Field::EndsOn, |d| d.ends_on = Some(date("2026-12-31"))),
            (Field::Rest, |d| d.rest ^= 1),
        ];
        for (field, edit) in edits {
            let mut now = base.clone();
            edit(&mut now);
            let found = compare(std::slice::from_ref(&base), &[now], true);
            assert_eq!(found.changes.len(), 1, "{field:?}");
            let change = found.changes[0];
            assert_eq!(change.kind, Kind::Changed, "{field:?}");
            assert_eq!(change.fields.iter().collect::<Vec<_>>(), [field]);
            assert_eq!((change.before, change.after), (Some(0), Some(0)));
        }
        // Nothing differs: nothing reported.
        assert_eq!(
            compare(
                std::slice::from_ref(&base),
                std::slice::from_ref(&base),
                true
            ),
            Comparison::default()
        );
    }

    #[test]
    fn new_archived_gone_and_a_group_that_moved_branch() {
        let mut moved = digest(2);
        moved.branch = Some(1).into();
        let baseline = [digest(1), moved.clone(), digest(3), digest(4)];
        let mut archived = digest(1);
        archived.status = Status::Archive;
        archived.start = Some(900);
        moved.branch = Some(2).into();
        let now = [archived, moved, digest(3), digest(5)];
        let found = compare(&baseline, &now, true);
        let kinds: Vec<_> = found
            .changes
            .iter()
            .map(|c| (c.kind, c.before, c.after))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Archived, Some(0), Some(0)),
                (Kind::Changed, Some(1), Some(1)),
                (Kind::Gone, Some(3), None),
                (Kind::New, None, Some(3)),
            ]
        );
        let fields = |at: usize| found.changes[at].fields.iter().collect::<Vec<_>>();
        assert_eq!(fields(0), [Field::Start, Field::Status]);
        assert_eq!(fields(1), [Field::Branch]);
        assert_eq!(found.count(Kind::Gone), 1);
        // Back from the archive is a change of status, not an archiving.
        let back = compare(&now[..1], &baseline[..1], true);
        assert_eq!(back.changes[0].kind, Kind::Changed);
    }

    #[test]
    fn an_incomplete_walk_never_calls_a_group_gone() {
        let baseline = [digest(1), digest(2), digest(3)];
        // Page 2 (group 2 and 3) failed: they are unknown.
        let found = compare(&baseline, &[digest(1)], false);
        assert!(found.changes.is_empty());
        assert_eq!(found.unknown, 2);
        let complete = compare(&baseline, &[digest(1)], true);
        assert_eq!(complete.count(Kind::Gone), 2);
        assert_eq!(complete.unknown, 0);
    }

    #[test]
    fn the_centre_day_turns_at_the_centres_midnight() {
        // 19:30 UTC on the 25th is 00:30 on the 26th in Tashkent (UTC+5).
        let late = "2026-11-25T19:30:00Z".parse().unwrap();
        assert_eq!(centre_day(late, &TASHKENT), date("2026-11-26"));
        let early = "2026-11-25T18:59:00Z".parse().unwrap();
        assert_eq!(centre_day(early, &TASHKENT), date("2026-11-25"));
        // A walk at 00:30 centre time is today's: the default baseline is
        // the day before, even though UTC still says the 25th.
        let today = centre_day(late, &TASHKENT);
        let kept = [date("2026-11-24"), date("2026-11-25"), date("2026-11-26")];
        assert_eq!(
            Since::EarlierDay.candidates(today, &kept),
            [date("2026-11-25"), date("2026-11-24")]
        );
        assert_eq!(Since::Last.candidates(today, &kept)[0], date("2026-11-26"));
    }

    #[test]
    fn since_reads_each_form_and_picks_its_day() {
        // 2026-11-26 is a Thursday.
        let today = date("2026-11-26");
        let kept = [date("2026-11-19"), date("2026-11-23"), date("2026-11-25")];
        let pick = |text: &str| {
            let since: Since = text.parse().unwrap();
            since.candidates(today, &kept)
        };
        assert_eq!(pick("yesterday"), [date("2026-11-25")]);
        assert_eq!(
            pick("Last"),
            [date("2026-11-25"), date("2026-11-23"), date("2026-11-19")]
        );
        assert_eq!(pick("2026-11-23"), [date("2026-11-23")]);
        assert_eq!(pick("mon"), [date("2026-11-23")]);
        // Thursday on a Thursday is a week ago.
        assert_eq!(pick("thu"), [date("2026-11-19")]);
        // A day the history does not hold: no baseline.
        assert!(pick("2026-11-24").is_empty());
        assert!(pick("sun").is_empty());
        assert!(
            "tomorrow"
                .parse::<Since>()
                .unwrap_err()
                .contains("not a baseline")
        );
    }

    #[test]
    fn a_group_archived_in_the_api_compares_as_archived() {
        let mut digester = Digester::new(TASHKENT);
        let before = digester.digest(&group(1, DaysCode::MonWedFri, "10:00", "11:30"));
        let mut archived = group(1, DaysCode::MonWedFri, "10:00", "11:30");
        archived.status = GroupStatus::Archive;
        let after = digester.digest(&archived);
        let found = compare(&[before], &[after], true);
        assert_eq!(found.changes[0].kind, Kind::Archived);
    }
}
