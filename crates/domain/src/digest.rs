//! A group as a later comparison needs it (issue 28): its id, number,
//! name, course, days, lesson times, status, branch and dates, and one
//! 64-bit hash of the rest of the record. 96 bytes a group in memory and
//! its name (shared with the baseline's when it did not change), what the
//! history keeps per centre day instead of whole records.
//!
//! Times are kept as the minute of the day in the centre's zone (what a
//! person compares), days as the set of weekdays met; a value that did not
//! read as its type (raw text) is `None` there and its text is in the hash.

use chrono::{Datelike, NaiveDate};
use fnv::FnvHasher;
use std::collections::HashSet;
use std::hash::Hasher;
use std::sync::Arc;

use super::clock::minute_in;
pub use super::weekday::Days;
use super::weekday::weekdays;
use super::zone::Zone;
use crmdeck_model::{DateField, DaysCode, Group, GroupStatus, LessonTime, Timestamp};

/// What is compared of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digest {
    pub id: i64,
    /// `company_group_number`.
    pub number: Number,
    /// Shared with the baseline's digest of the group when it is the same
    /// (see [`Digester::sharing`]).
    pub name: Arc<str>,
    pub course_id: Number,
    /// The course's name, one copy per name for every group of a digest set.
    pub course: Option<Arc<str>>,
    pub days: Days,
    /// The lesson's start, minutes after midnight in the centre's zone.
    pub start: Option<u16>,
    pub end: Option<u16>,
    pub status: Status,
    pub branch: Number,
    /// `group_start_date`, `group_end_date`.
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    /// A hash of the fields not above (see [`rest_hash`]).
    pub rest: u64,
}

/// An optional number in 8 bytes (an `Option<i64>` takes 16, and three of
/// them were two fifths of a digest): `i64::MIN`, which no id or number
/// the API sends is, stands for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Number(i64);

impl Number {
    pub const NONE: Self = Self(i64::MIN);

    pub fn get(self) -> Option<i64> {
        (self != Self::NONE).then_some(self.0)
    }
}

impl From<Option<i64>> for Number {
    fn from(number: Option<i64>) -> Self {
        number.map_or(Self::NONE, Self)
    }
}

/// A group's status as compared; another value's text is in the hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    Archive,
    Other,
}

impl Status {
    fn of(status: &GroupStatus) -> Self {
        match status {
            GroupStatus::Active => Self::Active,
            GroupStatus::Archive => Self::Archive,
            GroupStatus::Other(_) => Self::Other,
        }
    }

    /// The API's code (2, 3), 0 for any other.
    pub fn code(self) -> u8 {
        match self {
            Self::Active => 2,
            Self::Archive => 3,
            Self::Other => 0,
        }
    }

    pub fn from_code(code: u8) -> Option<Self> {
        match code {
            2 => Some(Self::Active),
            3 => Some(Self::Archive),
            0 => Some(Self::Other),
            _ => None,
        }
    }
}

/// One copy of each course name for a set of digests: a centre's
/// 100,000 groups name a few hundred courses.
#[derive(Debug, Clone, Default)]
pub struct CourseNames(HashSet<Arc<str>>);

impl CourseNames {
    /// The one copy of `name`.
    pub fn one(&mut self, name: &str) -> Arc<str> {
        if let Some(kept) = self.0.get(name) {
            return kept.clone();
        }
        let kept: Arc<str> = name.into();
        self.0.insert(kept.clone());
        kept
    }
}

/// Makes the digests of one set of groups: the times in `zone`, one copy
/// of each course name, and the names of a baseline's digests shared.
pub struct Digester<'b> {
    zone: Zone,
    courses: CourseNames,
    /// Sorted by id.
    baseline: &'b [Digest],
}

impl Digester<'static> {
    pub fn new(zone: Zone) -> Self {
        Self::sharing(zone, &[])
    }
}

impl<'b> Digester<'b> {
    /// A digester that gives a group whose name is the one its digest in
    /// `baseline` (sorted by id) has that name's copy: the groups of a
    /// centre keep their names from one day to the next, and 100,000
    /// names are some 5 MB.
    pub fn sharing(zone: Zone, baseline: &'b [Digest]) -> Self {
        Self {
            zone,
            courses: CourseNames::default(),
            baseline,
        }
    }

    fn name(&self, id: i64, name: &str) -> Arc<str> {
        let before = (self.baseline.binary_search_by_key(&id, |d| d.id).ok())
            .map(|at| &self.baseline[at].name)
            .filter(|before| ***before == *name);
        before.cloned().unwrap_or_else(|| name.into())
    }

    pub fn digest(&mut self, group: &Group) -> Digest {
        let course = group.course.as_deref();
        let zone = self.zone;
        let minute = |time: &Option<LessonTime>| minute_in(time.as_ref()?, &zone);
        Digest {
            id: group.id,
            number: group.company_group_number.into(),
            name: self.name(group.id, &group.name),
            course_id: group.course_id.or(course.map(|course| course.id)).into(),
            course: course.map(|course| self.courses.one(&course.name)),
            days: Days::of(weekdays(&group.days, &group.exact_days)),
            start: minute(&group.lesson_start_time),
            end: minute(&group.lesson_end_time),
            status: Status::of(&group.status),
            branch: group.branch_id.into(),
            starts_on: date(&group.group_start_date),
            ends_on: date(&group.group_end_date),
            rest: rest_hash(group),
        }
    }
}

/// The digests of `groups`, sorted by id, each id once.
pub fn digests(groups: impl IntoIterator<Item = impl AsRef<Group>>, zone: Zone) -> Vec<Digest> {
    let mut digester = Digester::new(zone);
    let mut digests: Vec<Digest> = (groups.into_iter())
        .map(|group| digester.digest(group.as_ref()))
        .collect();
    sort_by_id(&mut digests);
    digests
}

/// `digests` sorted by id, each id once (one of a repeated one: a walk
/// holds each group once). Unstable: the stable sort's scratch space is
/// 8 MB of 100,000 digests, a quarter of the comparison's budget.
pub fn sort_by_id(digests: &mut Vec<Digest>) {
    digests.sort_unstable_by_key(|digest| digest.id);
    digests.dedup_by_key(|digest| digest.id);
}

fn date(field: &Option<DateField>) -> Option<NaiveDate> {
    match field {
        Some(DateField::Date(date)) => Some(*date),
        _ => None,
    }
}

/// FNV-1a, 64 bits (the `fnv` crate's): the same value on every machine
/// and every build (the standard library's hashers promise neither),
/// written to disk. Bytes go in through `Hasher::write` only, never
/// `Hash::hash` (which would add lengths of its own).
#[derive(Default)]
struct Fnv(FnvHasher);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    /// A tag, then the bytes: `None` and `Some("")` hash apart, and so do
    /// two fields whose texts could run into each other.
    fn field(&mut self, tag: u8, bytes: &[u8]) {
        self.bytes(&[tag]);
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }

    fn number(&mut self, tag: u8, number: Option<i64>) {
        match number {
            Some(number) => self.field(tag, &number.to_le_bytes()),
            None => self.bytes(&[tag, 0xff]),
        }
    }

    fn text(&mut self, tag: u8, text: Option<&str>) {
        match text {
            Some(text) => self.field(tag, text.as_bytes()),
            None => self.bytes(&[tag, 0xff]),
        }
    }

    fn timestamp(&mut self, tag: u8, at: &Option<Timestamp>) {
        match at {
            Some(Timestamp::Utc(at)) => self.number(tag, Some(at.timestamp_micros())),
            Some(Timestamp::Local(at)) => {
                self.number(tag | 0x80, Some(at.and_utc().timestamp_micros()))
            }
            Some(Timestamp::Raw(text)) => self.text(tag | 0x40, Some(text)),
            None => self.text(tag, None),
        }
    }

    fn date(&mut self, tag: u8, date: &Option<DateField>) {
        match date {
            Some(DateField::Date(date)) => self.number(tag, Some(date.num_days_from_ce().into())),
            Some(DateField::Raw(text)) => self.text(tag | 0x40, Some(text)),
            None => self.text(tag, None),
        }
    }

    fn json(&mut self, tag: u8, value: Option<&impl std::fmt::Display>) {
        // Rare (their meaning is not published): their JSON text is hashed.
        let text = value.map(|value| value.to_string());
        self.text(tag, text.as_deref());
    }
}

/// The hash of what a [`Digest`] does not hold field by field: the texts
/// of values that did not read (a days code, a time, a status, a date),
/// the unknown exact days, the type, the corporate fields, the selection
/// dates, who created and deleted it and when, the comment. Left out: the
/// fields that move by themselves (`updated_at`, `updated_by`, the
/// write-off dates, which billing moves every lesson) and the course's own
/// fields (a course edited is not a group changed): with them every group
/// would change every day.
pub fn rest_hash(group: &Group) -> u64 {
    let mut hash = Fnv::default();
    if let DaysCode::Other(raw) = &group.days {
        hash.text(1, Some(raw));
    }
    for unknown in &group.exact_days.unknown {
        hash.text(2, Some(unknown));
    }
    for (tag, time) in [(3, &group.lesson_start_time), (4, &group.lesson_end_time)] {
        if let Some(LessonTime::Raw(raw)) = time {
            hash.text(tag, Some(raw));
        }
    }
    if let GroupStatus::Other(raw) = &group.status {
        hash.text(5, Some(raw));
    }
    hash.number(6, group.group_type);
    hash.number(7, group.is_corporate.map(i64::from));
    hash.json(8, group.salary_for_corporate.as_deref());
    hash.json(9, group.write_off.as_deref());
    hash.date(10, &group.selection_start_date);
    hash.date(11, &group.selection_end_date);
    for (tag, date) in [(12, &group.group_start_date), (13, &group.group_end_date)] {
        if let Some(DateField::Raw(_)) = date {
            hash.date(tag, date);
        }
    }
    hash.timestamp(14, &group.created_at);
    hash.number(15, group.created_by);
    hash.timestamp(16, &group.deleted_at);
    hash.number(17, group.deleted_by);
    hash.text(18, group.comment.as_deref());
    hash.0.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::group;
    use chrono::{NaiveTime, Weekday};
    use crmdeck_model::{Course, RawText};

    const TASHKENT: Zone = Zone::Named(chrono_tz::Asia::Tashkent);

    #[test]
    fn a_digest_holds_the_compared_fields_in_the_centres_zone() {
        let mut sent = group(7, DaysCode::MonWedFri, "10:00", "");
        // A UTC timestamp's time of day is the centre's: 06:30Z is 11:30.
        sent.lesson_end_time = Some(LessonTime::Utc("2022-07-15T06:30:00Z".parse().unwrap()));
        sent.course = Some(Arc::new(Course {
            id: 4,
            name: "Python".into(),
            ..Course::default()
        }));
        sent.branch_id = Some(2);
        sent.group_start_date = Some(DateField::Date(
            NaiveDate::from_ymd_opt(2026, 9, 1).unwrap(),
        ));
        let digest = Digester::new(TASHKENT).digest(&sent);
        assert_eq!(digest.start, Some(600));
        assert_eq!(digest.end, Some(690));
        assert_eq!(digest.course_id.get(), Some(4));
        assert_eq!(digest.course.as_deref(), Some("Python"));
        assert_eq!(
            digest.days.iter().collect::<Vec<_>>(),
            [Weekday::Mon, Weekday::Wed, Weekday::Fri]
        );
        assert_eq!(digest.status, Status::Active);
        assert_eq!(digest.branch.get(), Some(2));
        assert_eq!(digest.number.get(), Some(7));
        assert_eq!(Number::from(None).get(), None);
        assert_eq!(digest.starts_on, NaiveDate::from_ymd_opt(2026, 9, 1));
    }

    #[test]
    fn the_rest_hash_sees_the_rest_and_not_what_moves_by_itself() {
        let base = group(1, DaysCode::Weekend, "09:00", "10:00");
        let hash = rest_hash(&base);
        let changed = [
            Group {
                comment: Some("moved".into()),
                ..base.clone()
            },
            Group {
                group_type: Some(2),
                ..base.clone()
            },
            Group {
                status: GroupStatus::Other(RawText::from("9")),
                ..base.clone()
            },
            Group {
                lesson_start_time: Some(LessonTime::Raw("soon".into())),
                ..base.clone()
            },
        ];
        for other in &changed {
            assert_ne!(rest_hash(other), hash, "{other:?}");
        }
        let moved_by_itself = Group {
            updated_at: Some(Timestamp::Raw("today".into())),
            updated_by: Some(3),
            last_write_off_date: Some(DateField::Raw("x".into())),
            lesson_start_time: Some(LessonTime::Clock(
                NaiveTime::from_hms_opt(11, 0, 0).unwrap(),
            )),
            ..base.clone()
        };
        assert_eq!(rest_hash(&moved_by_itself), hash);
        // The same on every run: it is written to disk.
        assert_eq!(hash, rest_hash(&base.clone()));
    }

    #[test]
    fn a_name_the_baseline_has_is_its_copy() {
        let baseline = digests([group(1, DaysCode::Weekend, "", "")], TASHKENT);
        let mut digester = Digester::sharing(TASHKENT, &baseline);
        let same = digester.digest(&group(1, DaysCode::MonWedFri, "", ""));
        assert!(Arc::ptr_eq(&same.name, &baseline[0].name));
        let mut renamed = group(1, DaysCode::Weekend, "", "");
        renamed.name = "Renamed".into();
        assert_eq!(&*digester.digest(&renamed).name, "Renamed");
        let other = digester.digest(&group(2, DaysCode::Weekend, "", ""));
        assert!(!Arc::ptr_eq(&other.name, &baseline[0].name));
    }

    #[test]
    fn course_names_are_kept_once_and_days_round_trip_through_bits() {
        let mut courses = CourseNames::default();
        let one = courses.one("Python");
        let two = courses.one("Python");
        assert!(Arc::ptr_eq(&one, &two));
        let days = Days::of([Weekday::Sun, Weekday::Tue]);
        assert_eq!(Days::from_bits(days.bits()), Some(days));
        assert_eq!(Days::from_bits(0x80), None);
        assert_eq!(
            Status::from_code(Status::Archive.code()),
            Some(Status::Archive)
        );
        assert_eq!(Status::from_code(1), None);
    }
}
