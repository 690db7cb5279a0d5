//! A branch's week at a glance: every group placed on the weekdays it meets,
//! at its lesson times in the centre's zone, with overlapping lessons given
//! side-by-side lanes so that none hides another.
//!
//! Pure, and no text for people: the CLI prints the week as a grid
//! (`cli/week_grid.rs`), the TUI draws from [`Week`] itself (rows from
//! [`visible_span`], one column per day, a slot's lane within it), both
//! with the words of `present::timetable`.
//!
//! Rules where the API leaves a choice:
//! - A lesson whose end comes before its start (22:00–01:00) runs past
//!   midnight. It is placed on its start day only, up to 24:00, and marked
//!   [`Slot::crosses_midnight`]: the group meets on that weekday, and the
//!   early hours of the next day are not shown as taken.
//! - Equal start and end is an empty lesson (as in
//!   [`lesson_minutes`](super::clock::lesson_minutes)). It is placed at its
//!   start and counts as one minute long for overlaps, so that it never sits
//!   hidden under another lesson that starts at the same time.
//! - A missing or unreadable end is the start plus the course's
//!   `lesson_duration` ([`Slot::end_estimated`]); a start is never guessed.
//! - Placed: active groups and groups sent without a status; archived groups
//!   only on request (counted in [`Week::hidden`]). A status that is neither
//!   active nor archived (7) is not known to be either: the group is not
//!   placed and not hidden, but unplaced ([`UnplacedReason::UnknownStatus`]),
//!   so that nothing is dropped unseen.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use chrono::{NaiveTime, TimeDelta, Timelike, Weekday};

use super::clock::{format_clock, lesson_minutes, time_of_day};
use super::weekday::weekdays;
use super::zone::Zone;
use crmdeck_model::{DaysCode, Group, GroupStatus, LessonTime};

/// Minutes in a day: the end of a lesson that runs past midnight.
pub const MINUTES_PER_DAY: u32 = 24 * 60;
/// The time axis goes by half hours.
pub const ROW_MINUTES: u32 = 30;

/// One group's lesson on one weekday.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// Index of the group in the slice given to [`build_week`].
    pub group_index: usize,
    /// The group's `id`, to find it again after the list is reloaded.
    pub group_id: i64,
    /// Whole minutes (seconds dropped), in the centre's zone.
    pub start: NaiveTime,
    /// The lesson's end as the clock shows it: on the next day when
    /// `crosses_midnight`.
    pub end: NaiveTime,
    /// The lesson runs past midnight; on this day it takes until 24:00.
    pub crosses_midnight: bool,
    /// The end was not sent (or not readable): start + the course's lesson duration.
    pub end_estimated: bool,
    /// Side-by-side column within its overlap cluster, from 0.
    pub lane: usize,
    /// Lanes in its overlap cluster: the most lessons running at once there.
    pub lanes: usize,
}

impl Slot {
    /// Minutes from midnight to the start.
    pub fn start_minute(&self) -> u32 {
        minute_of_day(self.start)
    }

    /// Minutes from midnight to the end on this day: [`MINUTES_PER_DAY`]
    /// for a lesson that runs past midnight.
    pub fn end_minute(&self) -> u32 {
        if self.crosses_midnight {
            MINUTES_PER_DAY
        } else {
            minute_of_day(self.end)
        }
    }

    /// True when the lesson takes some of the minutes `range` of the day.
    /// An empty lesson takes its start minute.
    pub fn occupies(&self, range: Range<u32>) -> bool {
        self.start_minute() < range.end && self.occupied_until() > range.start
    }

    /// End of the time the lesson takes, at least one minute after its start.
    pub fn occupied_until(&self) -> u32 {
        self.end_minute().max(self.start_minute() + 1)
    }
}

/// The slots of one day (ordered by start, as a [`Week`] holds them) that
/// take some of the minutes `range`, each with its place in the day. Only
/// the slots that start within `longest` minutes before `range` are
/// looked at ([`longest_occupied`] of the day): a half hour of the grid
/// costs the lessons near it, not the day's (100,000 groups: a frame of
/// the Week read every slot of the day for each of its rows).
pub fn running(
    slots: &[Slot],
    range: Range<u32>,
    longest: u32,
) -> impl Iterator<Item = (usize, &Slot)> {
    let from = slots.partition_point(|slot| slot.start_minute() + longest <= range.start);
    let to = slots.partition_point(|slot| slot.start_minute() < range.end);
    let near = slots.get(from..to).unwrap_or_default();
    (from..)
        .zip(near)
        .filter(move |(_, slot)| slot.occupies(range.clone()))
}

/// The most minutes a slot of `slots` takes (from its start to
/// [`Slot::occupied_until`]); 0 for none.
pub fn longest_occupied(slots: &[Slot]) -> u32 {
    slots
        .iter()
        .map(|slot| slot.occupied_until() - slot.start_minute())
        .max()
        .unwrap_or(0)
}

/// Why a group could not be placed in the week (in words:
/// `present::timetable::unplaced_reason`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnplacedReason {
    /// No days code sent, or code 5 with an empty `exact_days`.
    NoDays,
    /// A days code outside 1..=5, as sent.
    UnknownDaysCode(String),
    /// Code 5 whose `exact_days` name no weekday: the elements as sent.
    UnknownExactDays(Vec<String>),
    /// No start time, or no end time and no course lesson duration.
    NoTimes,
    /// A start or end time that is not a time, as sent.
    UndecodableTime(String),
    /// A status that is neither active (2) nor archived (3), as sent.
    UnknownStatus(String),
}

impl UnplacedReason {
    /// A stable name for scripts: `no_days`, `unknown_days_code`, ...
    pub fn code(&self) -> &'static str {
        match self {
            Self::NoDays => "no_days",
            Self::UnknownDaysCode(_) => "unknown_days_code",
            Self::UnknownExactDays(_) => "unknown_exact_days",
            Self::NoTimes => "no_times",
            Self::UndecodableTime(_) => "undecodable_time",
            Self::UnknownStatus(_) => "unknown_status",
        }
    }
}

/// A group left out of the grid, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplaced {
    /// Index of the group in the slice given to [`build_week`].
    pub group_index: usize,
    /// What could not be read.
    pub reason: UnplacedReason,
}

/// The week of a set of groups.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Week {
    /// Monday to Sunday; each day ordered by start, then end, then group number.
    pub days: [Vec<Slot>; 7],
    /// Groups whose days or times cannot be read, in the order given.
    pub undecodable: Vec<Unplaced>,
    /// Archived groups left out.
    pub hidden: usize,
}

impl Week {
    /// The slots of `day`, in order.
    pub fn day(&self, day: Weekday) -> &[Slot] {
        &self.days[day.num_days_from_monday() as usize]
    }

    /// Every slot with its day, Monday first.
    pub fn slots(&self) -> impl Iterator<Item = (Weekday, &Slot)> {
        monday_to_sunday().flat_map(move |day| self.day(day).iter().map(move |slot| (day, slot)))
    }
}

/// The hours in which the centre teaches, for free-hour search and the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkingHours {
    /// When the first lesson may start.
    pub open: NaiveTime,
    /// When the last lesson must end; after `open`.
    pub close: NaiveTime,
}

impl Default for WorkingHours {
    /// 08:00–21:00.
    fn default() -> Self {
        Self {
            open: clock_at(8 * 60),
            close: clock_at(21 * 60),
        }
    }
}

/// `"08:00-21:00"`; an en or em dash works too, spaces around are ignored.
impl FromStr for WorkingHours {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let expected = || format!("working hours {s:?}: expected HH:MM-HH:MM, e.g. 08:00-21:00");
        let (open, close) = s.split_once(['-', '–', '—']).ok_or_else(expected)?;
        let parse = |side: &str| NaiveTime::parse_from_str(side.trim(), "%H:%M");
        let (open, close) = (
            parse(open).map_err(|_| expected())?,
            parse(close).map_err(|_| expected())?,
        );
        if close <= open {
            return Err(format!(
                "working hours {s:?}: the closing time must come after the opening time"
            ));
        }
        Ok(Self { open, close })
    }
}

impl fmt::Display for WorkingHours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}–{}",
            format_clock(self.open),
            format_clock(self.close)
        )
    }
}

/// Figures for the line under the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeekSummary {
    /// Distinct groups placed.
    pub groups: usize,
    /// The day with the most lessons and their number (the earliest such
    /// day on a tie); `None` for an empty week.
    pub busiest_day: Option<(Weekday, usize)>,
    /// Per day, Monday first: the first whole hour (HH:00 to HH+1:00) within
    /// working hours with no lesson; `None` when every such hour is taken.
    pub first_free_hour: [Option<NaiveTime>; 7],
}

/// Places `groups` in the week: each on every weekday it meets, at its
/// lesson time of day in `zone`. Archived groups only when `include_archived`.
pub fn build_week(groups: &[impl AsRef<Group>], zone: &Zone, include_archived: bool) -> Week {
    build_days(groups, zone, include_archived, |_| true)
}

/// [`build_week`] with the slots of the days `placed` keeps only, the
/// others left empty (today needs two days of the week, not seven); the
/// groups that cannot be placed and the hidden ones as in the whole week.
pub fn build_days(
    groups: &[impl AsRef<Group>],
    zone: &Zone,
    include_archived: bool,
    placed: impl Fn(Weekday) -> bool,
) -> Week {
    let mut week = Week::default();
    for (group_index, group) in groups.iter().map(AsRef::as_ref).enumerate() {
        match &group.status {
            GroupStatus::Other(raw) if !raw.trim().is_empty() => {
                let reason = UnplacedReason::UnknownStatus(raw.trim().to_owned());
                week.undecodable.push(Unplaced {
                    group_index,
                    reason,
                });
                continue;
            }
            GroupStatus::Archive if !include_archived => {
                week.hidden += 1;
                continue;
            }
            _ => {}
        }
        match meeting_days(group).and_then(|days| lesson(group, zone).map(|times| (days, times))) {
            Ok((days, times)) => {
                for day in days.into_iter().filter(|&day| placed(day)) {
                    week.days[day.num_days_from_monday() as usize]
                        .push(times.slot(group_index, group.id));
                }
            }
            Err(reason) => week.undecodable.push(Unplaced {
                group_index,
                reason,
            }),
        }
    }
    for slots in &mut week.days {
        // Each key made once, in the groups' order: a key made at every
        // comparison read the group at random (100,000 groups: 2/3 of the Week's time).
        slots.sort_by_cached_key(|slot| {
            let number = groups[slot.group_index].as_ref().company_group_number;
            (
                slot.start_minute(),
                slot.end_minute(),
                number.unwrap_or(i64::MAX),
                slot.group_id,
            )
        });
        assign_lanes(slots);
    }
    week
}

/// The figures for the line under the grid.
pub fn summarize(week: &Week, hours: WorkingHours) -> WeekSummary {
    let groups = week
        .slots()
        .map(|(_, slot)| slot.group_index)
        .collect::<HashSet<_>>()
        .len();
    let busiest_day = monday_to_sunday()
        .map(|day| (day, week.day(day).len()))
        .filter(|&(_, count)| count > 0)
        .fold(None, |busiest, (day, count)| match busiest {
            Some((_, most)) if most >= count => busiest,
            _ => Some((day, count)),
        });
    WeekSummary {
        groups,
        busiest_day,
        first_free_hour: std::array::from_fn(|index| first_free_hour(&week.days[index], hours)),
    }
}

/// The minutes of the day the grid shows, whole half hours: the working
/// hours, widened to every lesson outside them.
pub fn visible_span(week: &Week, hours: WorkingHours) -> Range<u32> {
    let (starts, ends): (Vec<u32>, Vec<u32>) = week
        .slots()
        .map(|(_, slot)| (slot.start_minute(), slot.occupied_until()))
        .unzip();
    let first = starts
        .into_iter()
        .chain([minute_of_day(hours.open)])
        .min()
        .unwrap_or(0);
    let last = ends
        .into_iter()
        .chain([minute_of_day(hours.close)])
        .max()
        .unwrap_or(MINUTES_PER_DAY);
    first / ROW_MINUTES * ROW_MINUTES..last.next_multiple_of(ROW_MINUTES)
}

/// Monday to Sunday, the order of [`Week::days`].
pub fn monday_to_sunday() -> impl Iterator<Item = Weekday> {
    std::iter::successors(Some(Weekday::Mon), |day| Some(day.succ())).take(7)
}

fn minute_of_day(time: NaiveTime) -> u32 {
    time.hour() * 60 + time.minute()
}

/// The time of day `minute` minutes after midnight (wrapping at 24:00).
pub fn clock_at(minute: u32) -> NaiveTime {
    NaiveTime::MIN + TimeDelta::minutes(i64::from(minute % MINUTES_PER_DAY))
}

/// The weekdays `group` meets, or why there are none.
fn meeting_days(group: &Group) -> Result<Vec<Weekday>, UnplacedReason> {
    let days = weekdays(&group.days, &group.exact_days);
    if !days.is_empty() {
        return Ok(days);
    }
    Err(match &group.days {
        DaysCode::Other(raw) if !raw.trim().is_empty() => {
            UnplacedReason::UnknownDaysCode(raw.trim().to_owned())
        }
        DaysCode::Custom => {
            let unknown: Vec<String> = group
                .exact_days
                .unknown
                .iter()
                .map(|element| element.trim())
                .filter(|element| !element.is_empty())
                .map(str::to_owned)
                .collect();
            if unknown.is_empty() {
                UnplacedReason::NoDays
            } else {
                UnplacedReason::UnknownExactDays(unknown)
            }
        }
        _ => UnplacedReason::NoDays,
    })
}

/// A group's lesson times, the same on each of its days.
struct LessonTimes {
    start: NaiveTime,
    end: NaiveTime,
    crosses_midnight: bool,
    end_estimated: bool,
}

impl LessonTimes {
    /// The slot of group `group_index` on one day, in a lane of its own
    /// until [`assign_lanes`] runs.
    fn slot(&self, group_index: usize, group_id: i64) -> Slot {
        Slot {
            group_index,
            group_id,
            start: self.start,
            end: self.end,
            crosses_midnight: self.crosses_midnight,
            end_estimated: self.end_estimated,
            lane: 0,
            lanes: 1,
        }
    }
}

/// The lesson times of `group` in `zone`, or why they cannot be placed.
fn lesson(group: &Group, zone: &Zone) -> Result<LessonTimes, UnplacedReason> {
    let (start, end) = (
        group.lesson_start_time.as_ref(),
        group.lesson_end_time.as_ref(),
    );
    let start_minute = minute_of_day(side(start, zone)?);
    let (minutes, end_estimated) = match lesson_minutes(start, end, zone) {
        Some(minutes) => (minutes, false),
        None => match course_minutes(group) {
            Some(minutes) => (minutes, true),
            // The end is what is missing: say how.
            None => return Err(side(end, zone).err().unwrap_or(UnplacedReason::NoTimes)),
        },
    };
    let end_minute = start_minute + u32::try_from(minutes).unwrap_or(0);
    Ok(LessonTimes {
        start: clock_at(start_minute),
        end: clock_at(end_minute),
        crosses_midnight: end_minute >= MINUTES_PER_DAY,
        end_estimated,
    })
}

/// The time of day of one side of a lesson, or why there is none.
fn side(time: Option<&LessonTime>, zone: &Zone) -> Result<NaiveTime, UnplacedReason> {
    let time = time.ok_or(UnplacedReason::NoTimes)?;
    time_of_day(time, zone).ok_or_else(|| match time {
        LessonTime::Raw(raw) if !raw.trim().is_empty() => {
            UnplacedReason::UndecodableTime(raw.trim().to_owned())
        }
        _ => UnplacedReason::NoTimes,
    })
}

/// The course's lesson length when it is a usable number of minutes.
fn course_minutes(group: &Group) -> Option<i64> {
    let minutes = group.course.as_ref()?.lesson_duration?;
    (1..i64::from(MINUTES_PER_DAY))
        .contains(&minutes)
        .then_some(minutes)
}

/// Gives each slot of one day (sorted by start) the lowest lane free at its
/// start, and each slot of an overlap cluster the cluster's lane count.
/// Greedy in start order is optimal on intervals: the lanes of a cluster are
/// the most lessons running at once in it. The lanes in use wait in a heap
/// by the minute they come free and the free ones in a heap by number, so
/// a day of thousands of lessons at once costs n log n, not n × lanes.
fn assign_lanes(slots: &mut [Slot]) {
    let mut cluster_start = 0;
    let mut cluster_until = 0;
    let mut lanes = 0;
    // (the minute it comes free, the lane), soonest first.
    let mut busy: BinaryHeap<Reverse<(u32, usize)>> = BinaryHeap::new();
    // Lanes free at the start of the slot at hand, lowest first.
    let mut free: BinaryHeap<Reverse<usize>> = BinaryHeap::new();
    for index in 0..slots.len() {
        let (from, until) = (slots[index].start_minute(), slots[index].occupied_until());
        if index > cluster_start && from >= cluster_until {
            set_lanes(&mut slots[cluster_start..index], lanes);
            (lanes, busy, free) = (0, BinaryHeap::new(), BinaryHeap::new());
            cluster_start = index;
        }
        while let Some(&Reverse((free_from, lane))) = busy.peek()
            && free_from <= from
        {
            busy.pop();
            free.push(Reverse(lane));
        }
        let lane = free.pop().map_or_else(
            || {
                lanes += 1;
                lanes - 1
            },
            |Reverse(lane)| lane,
        );
        busy.push(Reverse((until, lane)));
        slots[index].lane = lane;
        cluster_until = cluster_until.max(until);
    }
    set_lanes(&mut slots[cluster_start..], lanes);
}

fn set_lanes(cluster: &mut [Slot], lanes: usize) {
    for slot in cluster {
        slot.lanes = lanes;
    }
}

fn first_free_hour(slots: &[Slot], hours: WorkingHours) -> Option<NaiveTime> {
    let close = minute_of_day(hours.close);
    (minute_of_day(hours.open).next_multiple_of(60)..)
        .step_by(60)
        .take_while(|hour| hour + 60 <= close)
        .find(|&hour| !slots.iter().any(|slot| slot.occupies(hour..hour + 60)))
        .map(clock_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::{group, numbered};
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    use crmdeck_model::{Course, ExactDays};
    use std::sync::Arc;

    const EVERY_DAY: [Weekday; 7] = [Mon, Tue, Wed, Thu, Fri, Sat, Sun];

    fn utc() -> Zone {
        "UTC".parse().unwrap()
    }

    fn at(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").unwrap()
    }

    /// (day, group id, start, end, lane, lanes) of every slot, Monday first.
    fn placed(week: &Week) -> Vec<(Weekday, i64, String, String, usize, usize)> {
        week.slots()
            .map(|(day, slot)| {
                (
                    day,
                    slot.group_id,
                    format_clock(slot.start),
                    format_clock(slot.end),
                    slot.lane,
                    slot.lanes,
                )
            })
            .collect()
    }

    fn days_of(week: &Week, group_id: i64) -> Vec<Weekday> {
        week.slots()
            .filter(|(_, slot)| slot.group_id == group_id)
            .map(|(day, _)| day)
            .collect()
    }

    /// (group id, lane, lanes) of one day's slots.
    fn lanes_on(week: &Week, day: Weekday) -> Vec<(i64, usize, usize)> {
        week.day(day)
            .iter()
            .map(|slot| (slot.group_id, slot.lane, slot.lanes))
            .collect()
    }

    fn week_of(groups: &[Group]) -> Week {
        build_week(groups, &utc(), false)
    }

    #[test]
    fn every_days_code_places_on_its_weekdays() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "10:00", "11:30"),
            group(2, DaysCode::TueThuSat, "10:00", "11:30"),
            group(3, DaysCode::Weekend, "10:00", "11:30"),
            group(4, DaysCode::EveryDay, "10:00", "11:30"),
            Group {
                exact_days: ExactDays {
                    days: vec![Thu, Mon],
                    unknown: vec![],
                },
                ..group(5, DaysCode::Custom, "10:00", "11:30")
            },
        ];
        let week = build_week(&groups, &utc(), false);
        assert_eq!(days_of(&week, 1), vec![Mon, Wed, Fri]);
        assert_eq!(days_of(&week, 2), vec![Tue, Thu, Sat]);
        assert_eq!(days_of(&week, 3), vec![Sat, Sun]);
        assert_eq!(days_of(&week, 4), EVERY_DAY.to_vec());
        assert_eq!(days_of(&week, 5), vec![Mon, Thu]);
        assert!(week.undecodable.is_empty());
        assert_eq!(week.hidden, 0);
        let monday = &week.day(Mon)[0];
        assert_eq!(
            (monday.start, monday.end, monday.crosses_midnight),
            (at("10:00"), at("11:30"), false)
        );
    }

    #[test]
    fn unknown_or_missing_days_codes_are_listed_not_dropped() {
        let groups = vec![
            group(1, DaysCode::Other("9".into()), "10:00", "11:00"),
            group(2, DaysCode::Other("".into()), "10:00", "11:00"),
            group(3, DaysCode::Custom, "10:00", "11:00"),
        ];
        let week = week_of(&groups);
        assert!(week.slots().next().is_none());
        let reasons: Vec<&UnplacedReason> = week.undecodable.iter().map(|u| &u.reason).collect();
        assert_eq!(
            reasons,
            vec![
                &UnplacedReason::UnknownDaysCode("9".into()),
                &UnplacedReason::NoDays,
                &UnplacedReason::NoDays
            ]
        );
    }

    proptest::proptest! {
        /// Each slot gets the lowest lane no earlier slot of its cluster
        /// still holds at its start (the greedy rule, checked against every
        /// earlier slot), and a cluster's lanes are the most at once.
        #[test]
        fn each_slot_takes_the_lowest_lane_free_at_its_start(
            lessons in proptest::collection::vec((0u32..1400, 1u32..240), 1..120)
        ) {
            let at = |minute: u32| NaiveTime::from_hms_opt(minute / 60, minute % 60, 0).unwrap();
            let mut slots: Vec<Slot> = lessons
                .iter()
                .enumerate()
                .map(|(index, &(start, length))| Slot {
                    group_index: index,
                    group_id: index as i64,
                    start: at(start),
                    end: at((start + length).min(1439)),
                    crosses_midnight: false,
                    end_estimated: false,
                    lane: 0,
                    lanes: 0,
                })
                .collect();
            slots.sort_by_key(Slot::start_minute);
            assign_lanes(&mut slots);
            for (index, slot) in slots.iter().enumerate() {
                let from = slot.start_minute();
                let held = |lane: usize| {
                    slots[..index].iter().any(|earlier| {
                        earlier.lane == lane && earlier.occupied_until() > from
                    })
                };
                proptest::prop_assert!(!held(slot.lane), "slot {index} shares a lane");
                proptest::prop_assert!((0..slot.lane).all(held), "slot {index}: a lower lane was free");
                let at_once = slots[..=index]
                    .iter()
                    .filter(|earlier| earlier.occupied_until() > from)
                    .count();
                proptest::prop_assert!(slot.lanes >= at_once && slot.lane < slot.lanes);
            }
        }
    }

    #[test]
    fn two_and_three_at_once_get_lanes_side_by_side() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "10:00", "11:30"),
            group(2, DaysCode::MonWedFri, "10:30", "12:00"),
            group(3, DaysCode::TueThuSat, "14:00", "15:30"),
            group(4, DaysCode::TueThuSat, "14:00", "15:30"),
            group(5, DaysCode::TueThuSat, "14:30", "16:00"),
        ];
        let week = week_of(&groups);
        assert_eq!(lanes_on(&week, Mon), vec![(1, 0, 2), (2, 1, 2)]);
        assert_eq!(lanes_on(&week, Tue), vec![(3, 0, 3), (4, 1, 3), (5, 2, 3)]);
    }

    #[test]
    fn a_chain_needs_only_as_many_lanes_as_run_at_once() {
        // A overlaps B, B overlaps C, A ends as C starts: two lanes, C
        // reuses A's; a later lesson on its own starts a new cluster.
        let times = ["10:00-11:00", "10:30-11:30", "11:00-12:00", "13:00-14:00"];
        let groups = numbered(DaysCode::EveryDay, &times);
        let week = week_of(&groups);
        assert_eq!(
            lanes_on(&week, Wed),
            vec![(1, 0, 2), (2, 1, 2), (3, 0, 2), (4, 0, 1)]
        );
    }

    #[test]
    fn a_long_lesson_keeps_later_ones_in_its_cluster() {
        let groups = vec![
            group(1, DaysCode::EveryDay, "09:00", "18:00"),
            group(2, DaysCode::EveryDay, "10:00", "11:00"),
            group(3, DaysCode::EveryDay, "12:00", "13:00"),
            group(4, DaysCode::EveryDay, "12:30", "13:30"),
        ];
        let week = week_of(&groups);
        assert_eq!(
            lanes_on(&week, Sun),
            vec![(1, 0, 3), (2, 1, 3), (3, 1, 3), (4, 2, 3)]
        );
    }

    #[test]
    fn touching_lessons_do_not_overlap() {
        let groups = vec![
            group(2, DaysCode::MonWedFri, "11:30", "13:00"),
            group(1, DaysCode::MonWedFri, "10:00", "11:30"),
        ];
        let week = week_of(&groups);
        assert_eq!(lanes_on(&week, Mon), vec![(1, 0, 1), (2, 0, 1)]);
    }

    #[test]
    fn the_lessons_running_in_a_half_hour_are_those_of_every_slot_that_takes_some_of_it() {
        // A long one, two back to back, an empty one, one past midnight.
        let times = [
            "08:00-18:00",
            "09:00-09:30",
            "09:30-10:00",
            "10:00-10:00",
            "23:00-01:00",
            "12:15-12:45",
        ];
        let week = week_of(&numbered(DaysCode::EveryDay, &times));
        let day = week.day(Tue);
        let longest = longest_occupied(day);
        assert_eq!(longest, 10 * 60);
        for start in (0..MINUTES_PER_DAY).step_by(15) {
            let range = start..start + ROW_MINUTES;
            let every: Vec<(usize, i64)> = (0..)
                .zip(day)
                .filter(|(_, slot)| slot.occupies(range.clone()))
                .map(|(index, slot)| (index, slot.group_id))
                .collect();
            let near: Vec<(usize, i64)> = running(day, range, longest)
                .map(|(index, slot)| (index, slot.group_id))
                .collect();
            assert_eq!(near, every, "from minute {start}");
        }
        let nine = running(day, 540..570, longest).map(|(_, slot)| slot.group_id);
        assert_eq!(nine.collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(running(&[], 0..30, 0).count(), 0);
        assert_eq!(longest_occupied(&[]), 0);
    }

    #[test]
    fn a_day_is_ordered_by_start_then_end_then_number() {
        let mut unnumbered = group(1, DaysCode::EveryDay, "09:00", "10:00");
        unnumbered.company_group_number = None;
        let groups = vec![
            group(50, DaysCode::EveryDay, "09:00", "10:30"),
            unnumbered,
            group(30, DaysCode::EveryDay, "09:00", "10:00"),
            group(7, DaysCode::EveryDay, "08:00", "12:00"),
            group(20, DaysCode::EveryDay, "09:00", "10:00"),
        ];
        let week = week_of(&groups);
        let ids: Vec<i64> = week.day(Fri).iter().map(|slot| slot.group_id).collect();
        assert_eq!(ids, vec![7, 20, 30, 1, 50]);
        let indexes: Vec<usize> = week.day(Fri).iter().map(|slot| slot.group_index).collect();
        assert_eq!(indexes, vec![3, 4, 2, 1, 0]);
    }

    #[test]
    fn a_lesson_across_midnight_stays_on_its_start_day_until_24() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "22:00", "01:00"),
            group(2, DaysCode::MonWedFri, "23:00", "23:45"),
            group(3, DaysCode::TueThuSat, "00:00", "01:00"),
            group(4, DaysCode::TueThuSat, "22:00", "00:00"),
        ];
        let week = week_of(&groups);
        let late = &week.day(Mon)[0];
        assert!(late.crosses_midnight);
        assert_eq!((late.start_minute(), late.end_minute()), (22 * 60, 1440));
        assert_eq!(late.end, at("01:00"));
        assert_eq!(lanes_on(&week, Mon), vec![(1, 0, 2), (2, 1, 2)]);
        // Tuesday's early hours are not taken by Monday's late lesson.
        assert_eq!(lanes_on(&week, Tue), vec![(3, 0, 1), (4, 0, 1)]);
        let ends_at_midnight = &week.day(Tue)[1];
        assert!(ends_at_midnight.crosses_midnight);
        assert_eq!(ends_at_midnight.end_minute(), 1440);
        assert_eq!(days_of(&week, 1), vec![Mon, Wed, Fri]);
    }

    #[test]
    fn an_empty_lesson_is_placed_and_never_hidden() {
        let groups = vec![
            group(1, DaysCode::EveryDay, "10:00", "10:00"),
            group(2, DaysCode::EveryDay, "10:00", "11:00"),
        ];
        let week = week_of(&groups);
        assert_eq!(lanes_on(&week, Mon), vec![(1, 0, 2), (2, 1, 2)]);
        assert!(!week.day(Mon)[0].crosses_midnight);
        assert_eq!(week.day(Mon)[0].end_minute(), 600);
    }

    #[test]
    fn without_times_the_group_is_listed_with_the_reason() {
        let raw = |text: &str| Some(LessonTime::Raw(text.into()));
        let groups = vec![
            Group {
                lesson_start_time: None,
                lesson_end_time: None,
                ..group(1, DaysCode::EveryDay, "00:00", "00:00")
            },
            Group {
                lesson_start_time: raw("after lunch"),
                ..group(2, DaysCode::EveryDay, "00:00", "11:00")
            },
            Group {
                lesson_end_time: raw("late"),
                ..group(3, DaysCode::EveryDay, "10:00", "00:00")
            },
            Group {
                lesson_end_time: None,
                ..group(4, DaysCode::EveryDay, "10:00", "00:00")
            },
            Group {
                lesson_start_time: None,
                ..group(5, DaysCode::EveryDay, "00:00", "11:00")
            },
            Group {
                lesson_start_time: raw("  "),
                ..group(6, DaysCode::EveryDay, "00:00", "11:00")
            },
        ];
        let week = week_of(&groups);
        assert!(week.slots().next().is_none());
        let reasons: Vec<UnplacedReason> =
            week.undecodable.iter().map(|u| u.reason.clone()).collect();
        assert_eq!(
            reasons,
            vec![
                UnplacedReason::NoTimes,
                UnplacedReason::UndecodableTime("after lunch".into()),
                UnplacedReason::UndecodableTime("late".into()),
                UnplacedReason::NoTimes,
                UnplacedReason::NoTimes,
                UnplacedReason::NoTimes,
            ]
        );
        let indexes: Vec<usize> = week.undecodable.iter().map(|u| u.group_index).collect();
        assert_eq!(indexes, vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn only_a_start_takes_the_course_duration() {
        let with_course = |id: i64, start: &str, minutes: Option<i64>| Group {
            lesson_end_time: None,
            course: Some(Arc::new(Course {
                lesson_duration: minutes,
                ..Course::default()
            })),
            ..group(id, DaysCode::Weekend, start, "00:00")
        };
        let groups = vec![
            with_course(1, "14:00", Some(90)),
            with_course(2, "23:00", Some(120)),
            with_course(3, "10:00", Some(0)),
            with_course(4, "10:00", Some(2000)),
            with_course(5, "10:00", None),
            Group {
                lesson_end_time: Some(LessonTime::Raw("?".into())),
                ..with_course(6, "16:00", Some(60))
            },
        ];
        let week = week_of(&groups);
        let sat = week.day(Sat);
        assert_eq!(
            placed(&week)[0],
            (Sat, 1, "14:00".into(), "15:30".into(), 0, 1)
        );
        assert!(sat[0].end_estimated);
        assert_eq!(format_clock(sat[1].start), "16:00");
        assert_eq!(format_clock(sat[1].end), "17:00");
        assert_eq!((sat[2].group_id, sat[2].crosses_midnight), (2, true));
        assert_eq!(format_clock(sat[2].end), "01:00");
        let unplaced: Vec<i64> = week
            .undecodable
            .iter()
            .map(|u| groups[u.group_index].id)
            .collect();
        assert_eq!(unplaced, vec![3, 4, 5]);
        // A known end is never replaced by the course's duration.
        let exact = Group {
            course: Some(Arc::new(Course {
                lesson_duration: Some(90),
                ..Course::default()
            })),
            ..group(7, DaysCode::Weekend, "14:00", "15:00")
        };
        let exact_week = week_of(&[exact]);
        let slot = &exact_week.day(Sun)[0];
        assert_eq!(
            (format_clock(slot.end), slot.end_estimated),
            ("15:00".into(), false)
        );
    }

    #[test]
    fn archived_groups_only_on_request() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "10:00", "11:00"),
            Group {
                status: GroupStatus::Archive,
                ..group(2, DaysCode::MonWedFri, "10:00", "11:00")
            },
            Group {
                status: GroupStatus::Other("7".into()),
                ..group(3, DaysCode::MonWedFri, "12:00", "13:00")
            },
            Group {
                status: GroupStatus::Other("".into()),
                ..group(4, DaysCode::MonWedFri, "14:00", "15:00")
            },
            // Archived and undecodable: hidden, not listed.
            Group {
                status: GroupStatus::Archive,
                ..group(5, DaysCode::Other("x".into()), "10:00", "11:00")
            },
        ];
        // Status 7 is neither: never placed, never hidden, but listed.
        let unknown = [Unplaced {
            group_index: 2,
            reason: UnplacedReason::UnknownStatus("7".into()),
        }];
        let active = build_week(&groups, &utc(), false);
        assert_eq!(lanes_on(&active, Mon), vec![(1, 0, 1), (4, 0, 1)]);
        assert_eq!(active.hidden, 2);
        assert_eq!(active.undecodable, unknown);
        let all = build_week(&groups, &utc(), true);
        assert_eq!(lanes_on(&all, Mon), vec![(1, 0, 2), (2, 1, 2), (4, 0, 1)]);
        assert_eq!(all.hidden, 0);
        assert_eq!(all.undecodable.len(), 2);
        assert_eq!(all.undecodable[0], unknown[0]);
    }

    #[test]
    fn a_branch_with_no_groups_is_an_empty_week() {
        let week = build_week(&[] as &[Group], &utc(), false);
        assert_eq!(week, Week::default());
        let summary = summarize(&week, WorkingHours::default());
        assert_eq!(summary.groups, 0);
        assert_eq!(summary.busiest_day, None);
        assert_eq!(summary.first_free_hour, [Some(at("08:00")); 7]);
        assert_eq!(
            visible_span(&week, WorkingHours::default()),
            8 * 60..21 * 60
        );
    }

    #[test]
    fn summary_counts_groups_busiest_day_and_first_free_hours() {
        let mut groups = vec![
            group(1, DaysCode::MonWedFri, "08:00", "09:30"),
            group(2, DaysCode::MonWedFri, "09:30", "10:00"),
            group(3, DaysCode::TueThuSat, "08:30", "09:00"),
            group(4, DaysCode::Weekend, "12:00", "13:00"),
            group(5, DaysCode::Other("9".into()), "08:00", "09:00"),
        ];
        // Friday is taken all day: no free hour.
        groups.push(Group {
            exact_days: ExactDays {
                days: vec![Fri],
                unknown: vec![],
            },
            ..group(6, DaysCode::Custom, "07:00", "22:00")
        });
        let summary = summarize(&week_of(&groups), WorkingHours::default());
        assert_eq!(summary.groups, 5);
        assert_eq!(summary.busiest_day, Some((Fri, 3)));
        let free: Vec<Option<String>> = summary
            .first_free_hour
            .iter()
            .map(|hour| hour.map(format_clock))
            .collect();
        let expect = |text: &str| Some(text.to_owned());
        assert_eq!(
            free,
            vec![
                expect("10:00"),
                expect("09:00"),
                expect("10:00"),
                expect("09:00"),
                None,
                expect("09:00"),
                expect("08:00"),
            ]
        );
    }

    #[test]
    fn busiest_day_ties_go_to_the_earliest_day() {
        let groups = vec![group(1, DaysCode::Weekend, "10:00", "11:00")];
        let summary = summarize(&week_of(&groups), WorkingHours::default());
        assert_eq!(summary.busiest_day, Some((Sat, 1)));
    }

    #[test]
    fn first_free_hour_starts_on_the_hour_and_ends_by_closing() {
        let hours: WorkingHours = "08:30-10:30".parse().unwrap();
        let empty = Week::default();
        assert_eq!(
            summarize(&empty, hours).first_free_hour[0],
            Some(at("09:00"))
        );
        let groups = vec![group(1, DaysCode::EveryDay, "09:15", "09:45")];
        assert_eq!(summarize(&week_of(&groups), hours).first_free_hour[0], None);
    }

    #[test]
    fn working_hours_parse_and_show() {
        let default = WorkingHours::default();
        assert_eq!(default.to_string(), "08:00–21:00");
        for text in ["08:00-21:00", "08:00–21:00", " 8:00 — 21:00 "] {
            assert_eq!(text.parse::<WorkingHours>(), Ok(default), "{text:?}");
        }
        for bad in [
            "",
            "08:00",
            "8-21",
            "21:00-08:00",
            "10:00-10:00",
            "08:00-25:00",
        ] {
            let error = bad.parse::<WorkingHours>().unwrap_err();
            assert!(error.contains("working hours"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn visible_span_widens_to_lessons_outside_working_hours() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "07:15", "08:45"),
            group(2, DaysCode::MonWedFri, "22:00", "01:00"),
        ];
        let span = visible_span(&week_of(&groups), WorkingHours::default());
        assert_eq!(span, 7 * 60..24 * 60);
    }
}
