//! Today at the front desk: which groups are in class now, which start
//! next, which come later today and which are done, at one moment on the
//! centre's wall clock.
//!
//! Pure, and built on the week's layout of yesterday and today
//! ([`build_days`]): who meets on which weekday and at which times is
//! decided there (days codes 1–4, `exact_days`, lesson times in the
//! centre's zone, an estimated end, archived groups left out).
//!
//! Rules where the issue leaves a choice:
//! - "Today" is the weekday of the moment `at`, a wall-clock date and time
//!   in the centre's zone (the caller turns an instant into one with
//!   [`Zone::wall_clock`]), never the machine's.
//! - A lesson is **now** from its start minute up to (not including) its
//!   end; **done** from its end on. An empty lesson (start = end) is done
//!   at its start.
//! - **Next** is every lesson with the soonest start still to come today:
//!   several when they start at the same minute, none when nothing is left.
//!   The other lessons still to come are **later**.
//! - The midnight edge: a lesson that ran past midnight from yesterday is
//!   part of today until its end (now, then done); a lesson today that runs
//!   past midnight ends tomorrow, and is now until then.
//! - **Cannot place**: groups whose weekdays cannot be read, and groups that
//!   meet today but whose times cannot be read. A group whose times cannot
//!   be read but whose days leave today out is not today's business.
//! - **Tomorrow** (issue 37): once nothing is left to start today (Next is
//!   empty), tomorrow's first lessons (every lesson with tomorrow's soonest
//!   start) are listed too, under their own heading.
//! - **Another day** ([`on_day`]): its lessons in time order, in one
//!   section ([`Section::Day`]); now, next, later and done are today's
//!   words only. Which day is given ([`DayChoice`]), never read from a clock.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Weekday};

use super::timetable::{Slot, Unplaced, build_days};
use super::weekday::{DAY_WORDS, weekdays};
use super::zone::Zone;
use crmdeck_model::Group;

/// One lesson on the wall clock of the day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    /// Index of the group in the slice given to [`today`].
    pub group_index: usize,
    /// The group's `id`.
    pub group_id: i64,
    /// When it starts (yesterday for a lesson that ran past midnight).
    pub start: NaiveDateTime,
    /// When it ends (tomorrow for a lesson that runs past midnight).
    pub end: NaiveDateTime,
    /// The end was not sent: start + the course's lesson duration.
    pub end_estimated: bool,
}

/// Today's lessons at one moment, each part in time order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Today {
    /// The moment, on the centre's wall clock.
    pub at: NaiveDateTime,
    /// Started and not yet ended.
    pub now: Vec<Lesson>,
    /// The soonest start still to come (all that share it).
    pub next: Vec<Lesson>,
    /// Still to come, after the next ones.
    pub later: Vec<Lesson>,
    /// Ended.
    pub done: Vec<Lesson>,
    /// Groups whose days, or whose times on a day they meet today, cannot be read.
    pub cannot_place: Vec<Unplaced>,
    /// Archived groups and other statuses left out.
    pub hidden: usize,
    /// The day shown: the moment's date, or another day ([`on_day`]).
    pub day: NaiveDate,
    /// Tomorrow's first lessons, once nothing is left to start today.
    pub tomorrow: Vec<Lesson>,
    /// Another day's lessons, in time order (today's are in the parts).
    pub lessons: Vec<Lesson>,
}

impl Today {
    /// Whole minutes from the moment until `lesson` ends, rounded up (a
    /// lesson in its last seconds has 1 minute left).
    pub fn minutes_left(&self, lesson: &Lesson) -> i64 {
        minutes_until(self.at, lesson.end)
    }

    /// Whole minutes from the moment until `lesson` starts, rounded up.
    pub fn starts_in(&self, lesson: &Lesson) -> i64 {
        minutes_until(self.at, lesson.start)
    }

    /// The four parts in their order, with their names.
    pub fn parts(&self) -> [(Part, &[Lesson]); 4] {
        [
            (Part::Now, &self.now),
            (Part::Next, &self.next),
            (Part::Later, &self.later),
            (Part::Done, &self.done),
        ]
    }

    /// True when no lesson and no unplaced group is left.
    pub fn is_empty(&self) -> bool {
        self.sections()
            .iter()
            .all(|(_, lessons)| lessons.is_empty())
            && self.cannot_place.is_empty()
    }

    /// `day` seen at `at` with no lesson placed yet.
    fn empty(
        at: NaiveDateTime,
        day: NaiveDate,
        cannot_place: Vec<Unplaced>,
        hidden: usize,
    ) -> Self {
        Self {
            at,
            now: Vec::new(),
            next: Vec::new(),
            later: Vec::new(),
            done: Vec::new(),
            cannot_place,
            hidden,
            day,
            tomorrow: Vec::new(),
            lessons: Vec::new(),
        }
    }

    /// True when the day shown is the moment's (not another day).
    pub fn is_today(&self) -> bool {
        self.day == self.at.date()
    }

    /// The sections of lessons in the order listed ([`Section::ALL`] but
    /// the groups that cannot be placed), each with its lessons.
    pub fn sections(&self) -> [(Section, &[Lesson]); 6] {
        [
            (Section::Part(Part::Now), &self.now),
            (Section::Part(Part::Next), &self.next),
            (Section::Tomorrow, &self.tomorrow),
            (Section::Part(Part::Later), &self.later),
            (Section::Part(Part::Done), &self.done),
            (Section::Day, &self.lessons),
        ]
    }

    /// Whether `section` has a heading even when empty: today's four parts
    /// on today, the day's lessons on another day.
    pub fn always_headed(&self, section: Section) -> bool {
        match section {
            Section::Part(_) => self.is_today(),
            Section::Day => !self.is_today(),
            Section::Tomorrow | Section::CannotPlace => false,
        }
    }
}

/// A part of the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Now,
    Next,
    Later,
    Done,
}

impl Part {
    /// The key of the part for scripts.
    pub fn key(self) -> &'static str {
        match self {
            Self::Now => "now",
            Self::Next => "next",
            Self::Later => "later",
            Self::Done => "done",
        }
    }
}

/// A section of today's list: a part of the day, or the groups that
/// cannot be placed (their days or times cannot be read), last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Part(Part),
    /// Tomorrow's first lessons, once nothing is left to start today.
    Tomorrow,
    /// Another day's lessons.
    Day,
    CannotPlace,
}

impl Section {
    /// Every section in the order listed: each part (always headed on
    /// today, an empty one says so; tomorrow's first lessons after Next,
    /// which is empty then), another day's lessons, then the groups that
    /// cannot be placed (headed only when there are any).
    pub const ALL: [Self; 7] = [
        Self::Part(Part::Now),
        Self::Part(Part::Next),
        Self::Tomorrow,
        Self::Part(Part::Later),
        Self::Part(Part::Done),
        Self::Day,
        Self::CannotPlace,
    ];

    /// The key for scripts: `now`, `next`, `tomorrow`, `later`, `done`,
    /// `lessons`, `cannot_place`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Part(part) => part.key(),
            Self::Tomorrow => "tomorrow",
            Self::Day => "lessons",
            Self::CannotPlace => "cannot_place",
        }
    }
}

/// Today's lessons of `groups` at `at` (the centre's wall clock), lesson
/// times read in `zone`. Archived groups only when `include_archived`.
pub fn today(
    groups: &[impl AsRef<Group>],
    zone: &Zone,
    at: NaiveDateTime,
    include_archived: bool,
) -> Today {
    let (lessons, cannot_place, hidden) = lessons_on(groups, zone, at.date(), include_archived);
    let mut today = Today::empty(at, at.date(), cannot_place, hidden);
    let soonest = lessons
        .iter()
        .map(|lesson| lesson.start)
        .filter(|&start| start > at)
        .min();
    for lesson in lessons {
        let part = if lesson.end <= at {
            &mut today.done
        } else if lesson.start <= at {
            &mut today.now
        } else if Some(lesson.start) == soonest {
            &mut today.next
        } else {
            &mut today.later
        };
        part.push(lesson);
    }
    today
}

/// The lessons of `day` seen at `at` (the centre's wall clock): today's
/// parts when `day` is `at`'s date, and tomorrow's first lessons once
/// nothing is left to start today; another day's lessons in one section.
pub fn on_day(
    groups: &[impl AsRef<Group>],
    zone: &Zone,
    day: NaiveDate,
    at: NaiveDateTime,
    include_archived: bool,
) -> Today {
    if day == at.date() {
        let mut today = today(groups, zone, at, include_archived);
        if today.next.is_empty()
            && let Some(tomorrow) = day.succ_opt()
        {
            let (lessons, _, _) = lessons_on(groups, zone, tomorrow, include_archived);
            // Its own lessons only: one that ran past midnight from today is today's.
            let first = lessons
                .iter()
                .map(|l| l.start)
                .find(|s| s.date() == tomorrow);
            today.tomorrow = lessons
                .into_iter()
                .filter(|lesson| Some(lesson.start) == first)
                .collect();
        }
        return today;
    }
    let (lessons, cannot_place, hidden) = lessons_on(groups, zone, day, include_archived);
    Today {
        lessons,
        ..Today::empty(at, day, cannot_place, hidden)
    }
}

/// The lessons of `date` in time order (those that ran past midnight from
/// the day before first), the groups that cannot be placed on it, and how
/// many groups were left out as archived.
fn lessons_on(
    groups: &[impl AsRef<Group>],
    zone: &Zone,
    date: NaiveDate,
    include_archived: bool,
) -> (Vec<Lesson>, Vec<Unplaced>, usize) {
    let day = date.weekday();
    let week = build_days(groups, zone, include_archived, |placed| {
        placed == day || placed == day.pred()
    });
    let yesterday = date.pred_opt().unwrap_or(date);
    // Yesterday's lessons that ran past midnight (an end of 00:00 leaves
    // nothing of today), then today's.
    let overnight = week
        .day(day.pred())
        .iter()
        .filter(|slot| slot.crosses_midnight && slot.end > NaiveTime::MIN)
        .map(|slot| lesson_from(slot, yesterday));
    let mut lessons: Vec<Lesson> = overnight
        .chain(week.day(day).iter().map(|slot| lesson_from(slot, date)))
        .collect();
    // Stable: equal times keep the week's order (by group number).
    lessons.sort_by_key(|lesson| (lesson.start, lesson.end));
    let cannot_place = week
        .undecodable
        .into_iter()
        .filter(|unplaced| may_meet_on(groups[unplaced.group_index].as_ref(), day))
        .collect();
    (lessons, cannot_place, week.hidden)
}

/// The lesson of `slot` when it starts on `date`.
fn lesson_from(slot: &Slot, date: NaiveDate) -> Lesson {
    let end_date = if slot.crosses_midnight {
        date.succ_opt().unwrap_or(date)
    } else {
        date
    };
    Lesson {
        group_index: slot.group_index,
        group_id: slot.group_id,
        start: date.and_time(slot.start),
        end: end_date.and_time(slot.end),
        end_estimated: slot.end_estimated,
    }
}

/// True unless the group's days can be read and leave `day` out.
fn may_meet_on(group: &Group, day: Weekday) -> bool {
    let days = weekdays(&group.days, &group.exact_days);
    days.is_empty() || days.contains(&day)
}

fn minutes_until(from: NaiveDateTime, to: NaiveDateTime) -> i64 {
    let seconds = (to - from).num_seconds();
    seconds.div_euclid(60) + i64::from(seconds.rem_euclid(60) > 0)
}

/// Which day Today shows, as typed (`:today tomorrow`, `crmdeck today
/// --day fri`): relative words and weekdays are made a date by
/// [`DayChoice::date`] from the day given, never from a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayChoice {
    Today,
    Tomorrow,
    Yesterday,
    /// The coming one: today when today is that weekday.
    Weekday(Weekday),
    Date(NaiveDate),
}

/// The words for today, tomorrow and yesterday, in English, Russian and
/// Uzbek (Latin and Cyrillic), compared in lower case.
const RELATIVE_DAYS: [(DayChoice, &[&str]); 3] = [
    (DayChoice::Today, &["today", "сегодня", "bugun", "бугун"]),
    (
        DayChoice::Tomorrow,
        &["tomorrow", "завтра", "ertaga", "эртага"],
    ),
    (
        DayChoice::Yesterday,
        &["yesterday", "вчера", "kecha", "кеча"],
    ),
];

/// A value that names no day (the text as typed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSuchDay(pub String);

impl DayChoice {
    /// What `:today` completes (English; the others are read too).
    pub fn words() -> impl Iterator<Item = &'static str> {
        ["tomorrow", "yesterday"].into_iter().chain(DAY_WORDS)
    }

    /// The date this choice names when today is `today`.
    pub fn date(self, today: NaiveDate) -> NaiveDate {
        match self {
            Self::Today => today,
            Self::Tomorrow => today.succ_opt().unwrap_or(today),
            Self::Yesterday => today.pred_opt().unwrap_or(today),
            Self::Weekday(day) => {
                let ahead = day.days_since(today.weekday());
                today + chrono::Days::new(u64::from(ahead))
            }
            Self::Date(date) => date,
        }
    }
}

impl std::str::FromStr for DayChoice {
    type Err = NoSuchDay;

    /// `tomorrow` (and `today`, `yesterday`) in the four languages, a
    /// weekday as the query language reads it (`fri`, `пт`, `juma`), or a
    /// date `YYYY-MM-DD`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let typed = text.trim();
        let lower = typed.to_lowercase();
        if let Some((choice, _)) = RELATIVE_DAYS
            .iter()
            .find(|(_, words)| words.contains(&lower.as_str()))
        {
            return Ok(*choice);
        }
        if let Some(day) = crate::query::words::weekday(typed) {
            return Ok(Self::Weekday(day));
        }
        NaiveDate::parse_from_str(typed, "%Y-%m-%d")
            .map(Self::Date)
            .map_err(|_| NoSuchDay(typed.to_string()))
    }
}

/// The moment `--at` names: a whole date and time, or a time of day
/// (today, in the centre's zone, once its clock is known).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Moment(NaiveDateTime),
    TimeToday(NaiveTime),
}

impl At {
    /// The moment on the wall clock whose date is `today`'s.
    pub fn on(self, today: NaiveDateTime) -> NaiveDateTime {
        match self {
            Self::Moment(moment) => moment,
            Self::TimeToday(time) => today.date().and_time(time),
        }
    }
}

/// `--at`: a date and time ([`parse_at`]) or a time of day (`15:50`).
pub fn parse_at_or_time(text: &str) -> Result<At, String> {
    match NaiveTime::parse_from_str(text.trim(), "%H:%M") {
        Ok(time) => Ok(At::TimeToday(time)),
        Err(_) => parse_at(text)
            .map(At::Moment)
            .map_err(|why| format!("{why}, or a time of day HH:MM (today in the centre's zone)")),
    }
}

/// A whole minute of wall clock, for tests and `--at` (written back by
/// `present::today::format_at`).
pub fn parse_at(text: &str) -> Result<NaiveDateTime, String> {
    let text = text.trim();
    ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .ok_or_else(|| {
            format!(
                "{text:?} is not a date and time: expected YYYY-MM-DDTHH:MM, e.g. 2026-11-23T15:50"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::{exact, group, numbered, on};
    use crate::timetable::UnplacedReason;

    #[test]
    fn at_takes_a_moment_or_a_time_of_day_today() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 27)
            .unwrap()
            .and_hms_opt(0, 10, 0)
            .unwrap();
        let at = parse_at_or_time("15:50").unwrap();
        assert_eq!(at.on(today).to_string(), "2026-11-27 15:50:00");
        let at = parse_at_or_time("2026-11-23T15:50").unwrap();
        assert_eq!(at.on(today).to_string(), "2026-11-23 15:50:00");
        let why = parse_at_or_time("25:61").unwrap_err();
        assert!(
            why.ends_with("or a time of day HH:MM (today in the centre's zone)"),
            "{why}"
        );
    }
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    use chrono::{TimeDelta, TimeZone, Utc};
    use crmdeck_model::{Course, DaysCode, GroupStatus, LessonTime};
    use std::sync::Arc;

    /// A zone the test machine is unlikely to be in, with summer time.
    fn new_york() -> Zone {
        "America/New_York".parse().unwrap()
    }

    fn custom(id: i64, days: &[Weekday], unknown: &[&str]) -> Group {
        Group {
            exact_days: exact(days, unknown),
            ..group(id, DaysCode::Custom, "10:00", "11:00")
        }
    }

    fn ids(lessons: &[Lesson]) -> Vec<i64> {
        lessons.iter().map(|lesson| lesson.group_id).collect()
    }

    /// (now, next, later, done) as group ids.
    fn split(today: &Today) -> [Vec<i64>; 4] {
        [
            ids(&today.now),
            ids(&today.next),
            ids(&today.later),
            ids(&today.done),
        ]
    }

    fn met(today: &Today) -> Vec<i64> {
        let mut all: Vec<i64> = today.parts().iter().flat_map(|(_, l)| ids(l)).collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn a_day_is_read_in_every_language_and_made_a_date() {
        // 2026-11-28 is a Saturday.
        let saturday = NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        let date = |text: &str| {
            text.parse::<DayChoice>()
                .map(|c| c.date(saturday).to_string())
        };
        for tomorrow in ["tomorrow", "Завтра", "ertaga", "эртага"] {
            assert_eq!(date(tomorrow).as_deref(), Ok("2026-11-29"), "{tomorrow}");
        }
        assert_eq!(date("today").as_deref(), Ok("2026-11-28"));
        assert_eq!(date("вчера").as_deref(), Ok("2026-11-27"));
        // The coming weekday, today when it is today's.
        for friday in ["fri", "пт", "пятница", "juma", "Friday"] {
            assert_eq!(date(friday).as_deref(), Ok("2026-12-04"), "{friday}");
        }
        assert_eq!(date("sat").as_deref(), Ok("2026-11-28"));
        assert_eq!(date("2026-12-01").as_deref(), Ok("2026-12-01"));
        for bad in ["soon", "2026-13-01", "", "fr"] {
            assert_eq!(
                bad.parse::<DayChoice>(),
                Err(NoSuchDay(bad.to_string())),
                "{bad}"
            );
        }
    }

    #[test]
    fn after_the_last_lesson_tomorrow_s_first_ones_are_listed() {
        let groups = numbered(
            DaysCode::EveryDay,
            &["09:00-10:00", "09:00-11:00", "12:00-13:00"],
        );
        let zone = new_york();
        let before = on_day(&groups, &zone, on(0, "11:00").date(), on(0, "11:00"), false);
        assert_eq!(ids(&before.next), [3]);
        assert!(before.tomorrow.is_empty(), "something is left today");
        let after = on_day(&groups, &zone, on(0, "12:30").date(), on(0, "12:30"), false);
        assert!(after.next.is_empty());
        assert_eq!(ids(&after.tomorrow), [1, 2], "the soonest start tomorrow");
        assert!(after.tomorrow.iter().all(|l| l.start == on(1, "09:00")));
        assert!(after.is_today());
        assert!(after.always_headed(Section::Part(Part::Next)));
        assert!(!after.always_headed(Section::Day));
    }

    #[test]
    fn another_day_lists_its_lessons_in_one_section() {
        let mut groups = numbered(DaysCode::MonWedFri, &["15:00-16:00", "09:00-10:00"]);
        groups.push(group(3, DaysCode::TueThuSat, "10:00", "11:00"));
        let zone = new_york();
        // Seen on Monday at noon: Wednesday holds groups 2 and 1, in time order.
        let wednesday = on_day(&groups, &zone, on(2, "00:00").date(), on(0, "12:00"), false);
        assert!(!wednesday.is_today());
        assert_eq!(ids(&wednesday.lessons), [2, 1]);
        assert!(split(&wednesday).iter().all(Vec::is_empty));
        assert!(wednesday.always_headed(Section::Day));
        assert!(!wednesday.always_headed(Section::Part(Part::Now)));
        assert_eq!(wednesday.lessons[0].start, on(2, "09:00"));
    }

    #[test]
    fn every_days_code_meets_on_its_weekdays_only() {
        use DaysCode::{EveryDay, MonWedFri, TueThuSat, Weekend};
        let groups: Vec<Group> = (1..)
            .zip([MonWedFri, TueThuSat, Weekend, EveryDay])
            .map(|(id, days)| group(id, days, "10:00", "11:00"))
            .collect();
        let expected: [(u32, &[i64]); 7] = [
            (0, &[1, 4]),
            (1, &[2, 4]),
            (2, &[1, 4]),
            (3, &[2, 4]),
            (4, &[1, 4]),
            (5, &[2, 3, 4]),
            (6, &[3, 4]),
        ];
        for (day, who) in expected {
            let at = on(day, "12:00");
            assert_eq!(met(&today(&groups, &new_york(), at, false)), who, "{at}");
        }
    }

    #[test]
    fn exact_days_in_each_form_decide_code_5() {
        // The model has decoded numbers, names and Cyrillic into days; what
        // it could not read stays in `unknown`.
        let groups = vec![
            custom(1, &[Tue, Thu], &[]),
            custom(2, &[Sun], &["someday"]),
            custom(3, &[], &["someday", " "]),
            custom(4, &[], &[]),
            custom(5, &[Mon, Tue, Wed, Thu, Fri, Sat, Sun], &[]),
        ];
        let tuesday = today(&groups, &new_york(), on(1, "09:00"), false);
        assert_eq!(met(&tuesday), [1, 5]);
        let sunday = today(&groups, &new_york(), on(6, "09:00"), false);
        assert_eq!(met(&sunday), [2, 5]);
        // Days that cannot be read: cannot place, whatever the day.
        for at in [on(1, "09:00"), on(6, "09:00")] {
            let day = today(&groups, &new_york(), at, false);
            let unplaced: Vec<(i64, &str)> = day
                .cannot_place
                .iter()
                .map(|u| (groups[u.group_index].id, u.reason.code()))
                .collect();
            assert_eq!(unplaced, [(3, "unknown_exact_days"), (4, "no_days")]);
        }
    }

    #[test]
    fn an_unknown_days_code_and_unreadable_times_cannot_be_placed_on_days_they_may_meet() {
        let mut unknown_code = group(1, DaysCode::Other("9".into()), "10:00", "11:00");
        unknown_code.name = "Odd".into();
        let mut raw_time = group(2, DaysCode::MonWedFri, "10:00", "11:00");
        raw_time.lesson_start_time = Some(LessonTime::Raw("after lunch".into()));
        let mut no_time = group(3, DaysCode::TueThuSat, "10:00", "11:00");
        no_time.lesson_start_time = None;
        let groups = vec![unknown_code, raw_time, no_time];
        let monday = today(&groups, &new_york(), on(0, "09:00"), false);
        let reasons: Vec<UnplacedReason> = monday
            .cannot_place
            .iter()
            .map(|u| u.reason.clone())
            .collect();
        assert_eq!(
            reasons,
            [
                UnplacedReason::UnknownDaysCode("9".into()),
                UnplacedReason::UndecodableTime("after lunch".into()),
            ]
        );
        let tuesday = today(&groups, &new_york(), on(1, "09:00"), false);
        let who: Vec<i64> = tuesday
            .cannot_place
            .iter()
            .map(|u| groups[u.group_index].id)
            .collect();
        assert_eq!(who, [1, 3]);
    }

    #[test]
    fn a_group_of_an_unknown_status_cannot_be_placed_and_is_not_dropped() {
        // Status 7 with a days code that cannot be read: every day; status
        // 7 with days that can be read: on those days only.
        let unknown = |id, days| Group {
            status: GroupStatus::Other("7".into()),
            ..group(id, days, "10:00", "11:00")
        };
        let groups = vec![
            unknown(1, DaysCode::Other("x".into())),
            unknown(2, DaysCode::MonWedFri),
        ];
        for include_archived in [false, true] {
            let monday = today(&groups, &new_york(), on(0, "09:00"), include_archived);
            let unplaced: Vec<(i64, &str)> = (monday.cannot_place.iter())
                .map(|u| (groups[u.group_index].id, u.reason.code()))
                .collect();
            assert_eq!(unplaced, [(1, "unknown_status"), (2, "unknown_status")]);
            assert_eq!(monday.hidden, 0);
            let tuesday = today(&groups, &new_york(), on(1, "09:00"), include_archived);
            assert_eq!(tuesday.cannot_place.len(), 1);
        }
    }

    #[test]
    fn the_four_parts_at_a_quarter_to_four() {
        let times = [
            "09:00-10:30",
            "15:00-16:30",
            "16:15-17:45",
            "16:15-17:00",
            "18:00-19:30",
            "14:00-15:50",
        ];
        let groups = numbered(DaysCode::EveryDay, &times);
        let at = on(0, "15:50");
        let day = today(&groups, &new_york(), at, false);
        assert_eq!(split(&day), [vec![2], vec![4, 3], vec![5], vec![1, 6]]);
        assert_eq!(day.minutes_left(&day.now[0]), 40);
        assert_eq!(day.starts_in(&day.next[0]), 25);
        // A lesson is now from its very minute.
        let day = today(&groups, &new_york(), on(0, "16:15"), false);
        assert_eq!(split(&day), [vec![2, 4, 3], vec![5], vec![], vec![1, 6]]);
        // Seconds round the minutes left up.
        let late = at + TimeDelta::seconds(30);
        let day = today(&groups, &new_york(), late, false);
        assert_eq!(day.minutes_left(&day.now[0]), 40);
        assert_eq!(day.starts_in(&day.next[0]), 25);
    }

    #[test]
    fn before_the_first_and_after_the_last_lesson() {
        let groups = vec![
            group(1, DaysCode::EveryDay, "09:00", "10:00"),
            group(2, DaysCode::EveryDay, "11:00", "12:00"),
        ];
        let early = today(&groups, &new_york(), on(0, "00:00"), false);
        assert_eq!(split(&early), [vec![], vec![1], vec![2], vec![]]);
        let late = today(&groups, &new_york(), on(0, "23:59"), false);
        assert_eq!(split(&late), [vec![], vec![], vec![], vec![1, 2]]);
    }

    #[test]
    fn the_midnight_edge() {
        // Mon/Wed/Fri 22:30–01:00: on Tuesday 00:30 Monday's lesson is still on.
        let groups = vec![
            group(1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, DaysCode::TueThuSat, "23:00", "00:00"),
        ];
        let zone = new_york();
        let monday = today(&groups, &zone, on(0, "23:59"), false);
        assert_eq!(split(&monday), [vec![1], vec![], vec![], vec![]]);
        assert_eq!(monday.now[0].end, on(1, "01:00"));
        assert_eq!(monday.minutes_left(&monday.now[0]), 61);
        let tuesday = today(&groups, &zone, on(1, "00:30"), false);
        assert_eq!(split(&tuesday), [vec![1], vec![2], vec![], vec![]]);
        assert_eq!(tuesday.now[0].start, on(0, "22:30"));
        assert_eq!(tuesday.minutes_left(&tuesday.now[0]), 30);
        let later = today(&groups, &zone, on(1, "01:00"), false);
        assert_eq!(split(&later), [vec![], vec![2], vec![], vec![1]]);
        // Tuesday's lesson ends at 24:00: nothing of it is Wednesday's.
        let wednesday = today(&groups, &zone, on(2, "00:00"), false);
        assert_eq!(split(&wednesday), [vec![], vec![1], vec![], vec![]]);
        // Sunday night into Monday: the week wraps.
        let sunday_night = vec![group(3, DaysCode::Weekend, "23:30", "00:30")];
        let monday = today(&sunday_night, &zone, on(0, "00:10"), false);
        assert_eq!(split(&monday), [vec![3], vec![], vec![], vec![]]);
    }

    #[test]
    fn today_is_the_weekday_of_the_centres_zone_not_of_utc() {
        // 2026-11-24 03:00 UTC is Monday 22:00 in New York.
        let instant = Utc.with_ymd_and_hms(2026, 11, 24, 3, 0, 0).unwrap();
        let zone = new_york();
        let at = zone.wall_clock(instant);
        let groups = vec![
            group(1, DaysCode::MonWedFri, "21:00", "23:00"),
            group(2, DaysCode::TueThuSat, "21:00", "23:00"),
        ];
        let day = today(&groups, &zone, at, false);
        assert_eq!(split(&day), [vec![1], vec![], vec![], vec![]]);
        // UTC lesson times are read in the zone: 02:00 UTC is 21:00 in New
        // York on the timestamp's date (winter, UTC-5).
        let utc_times = Group {
            lesson_start_time: Some(LessonTime::Utc(
                Utc.with_ymd_and_hms(2022, 1, 15, 2, 0, 0).unwrap(),
            )),
            lesson_end_time: Some(LessonTime::Utc(
                Utc.with_ymd_and_hms(2022, 1, 15, 4, 0, 0).unwrap(),
            )),
            ..group(3, DaysCode::MonWedFri, "", "")
        };
        let day = today(&[utc_times], &zone, at, false);
        assert_eq!(day.now[0].start, on(0, "21:00"));
        assert_eq!(day.now[0].end, on(0, "23:00"));
    }

    #[test]
    fn archived_groups_only_when_asked_and_an_estimated_end() {
        let mut archived = group(1, DaysCode::EveryDay, "10:00", "11:00");
        archived.status = GroupStatus::Archive;
        let mut estimated = group(2, DaysCode::EveryDay, "12:00", "");
        estimated.course = Some(Arc::new(Course {
            lesson_duration: Some(80),
            ..Course::default()
        }));
        let groups = vec![archived, estimated];
        let at = on(0, "10:30");
        let day = today(&groups, &new_york(), at, false);
        assert_eq!(split(&day), [vec![], vec![2], vec![], vec![]]);
        assert_eq!(day.hidden, 1);
        assert!(day.next[0].end_estimated);
        assert_eq!(day.next[0].end, on(0, "13:20"));
        let all = today(&groups, &new_york(), at, true);
        assert_eq!(split(&all), [vec![1], vec![2], vec![], vec![]]);
        assert_eq!(all.hidden, 0);
    }

    #[test]
    fn an_empty_lesson_is_done_at_its_start() {
        let groups = vec![group(1, DaysCode::EveryDay, "10:00", "10:00")];
        let before = today(&groups, &new_york(), on(0, "09:59"), false);
        assert_eq!(split(&before), [vec![], vec![1], vec![], vec![]]);
        let at = today(&groups, &new_york(), on(0, "10:00"), false);
        assert_eq!(split(&at), [vec![], vec![], vec![], vec![1]]);
    }
}
