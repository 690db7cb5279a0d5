//! What is wrong with a timetable: groups that cannot be placed, lessons
//! that end before they start or run past midnight, lessons outside the
//! working hours, and hours in which more groups of a branch run at once
//! than it allows (`max_parallel`). `crmdeck timetable --check` prints one
//! line per finding (`present::check` words them); the Week tab
//! counts them.
//!
//! Rules where the issue leaves a choice:
//! - An end earlier than the start is read as running past midnight (as
//!   the week places it) when the lesson would then last at most 12 hours
//!   (22:30–01:00); longer (10:00–09:00, 23 hours) it is a lesson that ends
//!   before it starts. An end of exactly 00:00 does not run past midnight.
//! - A group's lesson times are the same on each of its days: each finding
//!   about its times is made once per group, not once per day.
//! - Crowded hours are counted per branch and weekday; touching or
//!   overlapping stretches in which too many groups run are one finding,
//!   naming every group that runs in it and the most at once.

use std::collections::BTreeMap;

use chrono::{NaiveTime, Weekday};

use super::timetable::{
    MINUTES_PER_DAY, Slot, UnplacedReason, Week, WorkingHours, monday_to_sunday,
};
use crmdeck_model::Group;

/// The most groups a branch may hold at once: `max_parallel` of the config,
/// a number for every branch or a table of them by branch id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MaxParallel {
    /// For every branch not named in `by_branch`.
    pub every_branch: Option<usize>,
    pub by_branch: BTreeMap<i64, usize>,
}

impl MaxParallel {
    /// The limit of `branch` (a group sent without a branch has only the
    /// limit for every branch); `None`: not checked.
    pub fn of(&self, branch: Option<i64>) -> Option<usize> {
        branch
            .and_then(|id| self.by_branch.get(&id).copied())
            .or(self.every_branch)
    }

    /// True when no branch is checked.
    pub fn is_unset(&self) -> bool {
        self.every_branch.is_none() && self.by_branch.is_empty()
    }
}

/// One thing wrong with the timetable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// Its days or times cannot be read.
    CannotPlace {
        group_index: usize,
        reason: UnplacedReason,
    },
    /// The end is long before the start (see the module's rules).
    EndsBeforeStart { group_index: usize, slot: Slot },
    /// The lesson runs past midnight.
    PastMidnight { group_index: usize, slot: Slot },
    /// The lesson starts before the working hours open or ends after they close.
    OutsideHours {
        group_index: usize,
        slot: Slot,
        hours: WorkingHours,
    },
    /// More groups of one branch at once than it allows.
    Crowded(Crowding),
}

/// A stretch of one weekday in which a branch holds more groups at once
/// than it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crowding {
    pub branch_id: Option<i64>,
    pub day: Weekday,
    /// Minutes of the day: the stretch in which too many run.
    pub from: u32,
    pub until: u32,
    /// The most at once in the stretch.
    pub most: usize,
    pub max: usize,
    /// Every group running in the stretch, by start.
    pub group_indices: Vec<usize>,
}

impl Finding {
    /// A stable name for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            Self::CannotPlace { .. } => "cannot_place",
            Self::EndsBeforeStart { .. } => "ends_before_start",
            Self::PastMidnight { .. } => "past_midnight",
            Self::OutsideHours { .. } => "outside_hours",
            Self::Crowded(_) => "crowded",
        }
    }

    /// The groups it names, by index.
    pub fn group_indices(&self) -> Vec<usize> {
        match self {
            Self::CannotPlace { group_index, .. }
            | Self::EndsBeforeStart { group_index, .. }
            | Self::PastMidnight { group_index, .. }
            | Self::OutsideHours { group_index, .. } => vec![*group_index],
            Self::Crowded(crowding) => crowding.group_indices.clone(),
        }
    }
}

/// The findings of `week` (built from `groups`), in this order: groups
/// that cannot be placed, then each placed group's times (in the order
/// given), then crowded hours by branch, day and time.
pub fn check(
    week: &Week,
    groups: &[impl AsRef<Group>],
    hours: WorkingHours,
    max_parallel: &MaxParallel,
) -> Vec<Finding> {
    let mut findings: Vec<Finding> = week
        .undecodable
        .iter()
        .map(|unplaced| Finding::CannotPlace {
            group_index: unplaced.group_index,
            reason: unplaced.reason.clone(),
        })
        .collect();
    let mut first_slot: BTreeMap<usize, &Slot> = BTreeMap::new();
    for (_, slot) in week.slots() {
        first_slot.entry(slot.group_index).or_insert(slot);
    }
    for (&group_index, &slot) in &first_slot {
        findings.extend(times_findings(group_index, slot, hours));
    }
    if !max_parallel.is_unset() {
        findings.extend(crowded(week, groups, max_parallel));
    }
    findings
}

/// Lessons whose stretch may not exceed this much through midnight.
const LONGEST_OVERNIGHT_MINUTES: u32 = 12 * 60;

fn times_findings(group_index: usize, slot: &Slot, hours: WorkingHours) -> Vec<Finding> {
    let mut findings = Vec::new();
    let overnight = slot.crosses_midnight && slot.end > NaiveTime::MIN;
    if overnight {
        let length = MINUTES_PER_DAY - slot.start_minute() + minute(slot.end);
        findings.push(
            if length > LONGEST_OVERNIGHT_MINUTES && !slot.end_estimated {
                Finding::EndsBeforeStart {
                    group_index,
                    slot: slot.clone(),
                }
            } else {
                Finding::PastMidnight {
                    group_index,
                    slot: slot.clone(),
                }
            },
        );
    }
    if slot.start < hours.open || slot.end_minute() > minute(hours.close) {
        findings.push(Finding::OutsideHours {
            group_index,
            slot: slot.clone(),
            hours,
        });
    }
    findings
}

/// Stretches where a branch holds more groups at once than it allows.
fn crowded(week: &Week, groups: &[impl AsRef<Group>], max_parallel: &MaxParallel) -> Vec<Finding> {
    let mut findings = Vec::new();
    for day in monday_to_sunday() {
        let mut by_branch: BTreeMap<Option<i64>, Vec<&Slot>> = BTreeMap::new();
        for slot in week.day(day) {
            by_branch
                .entry(groups[slot.group_index].as_ref().branch_id)
                .or_default()
                .push(slot);
        }
        for (branch_id, slots) in by_branch {
            let Some(max) = max_parallel.of(branch_id) else {
                continue;
            };
            for (from, until, most, group_indices) in over(&slots, max) {
                findings.push(Finding::Crowded(Crowding {
                    branch_id,
                    day,
                    from,
                    until,
                    most,
                    max,
                    group_indices,
                }));
            }
        }
    }
    findings
}

/// The stretches (from, until, most at once, groups), at most one per
/// clock hour, in which more than `max` of `slots` (one day, by start) run
/// at once.
fn over(slots: &[&Slot], max: usize) -> Vec<(u32, u32, usize, Vec<usize>)> {
    let hours = (0..=MINUTES_PER_DAY).step_by(60);
    let mut points: Vec<u32> = slots
        .iter()
        .flat_map(|slot| [slot.start_minute(), slot.occupied_until()])
        .chain(hours)
        .collect();
    points.sort_unstable();
    points.dedup();
    let mut stretches: Vec<(u32, u32, usize, Vec<usize>)> = Vec::new();
    for pair in points.windows(2) {
        let range = pair[0]..pair[1];
        let running: Vec<usize> = slots
            .iter()
            .filter(|slot| slot.occupies(range.clone()))
            .map(|slot| slot.group_index)
            .collect();
        if running.len() <= max {
            continue;
        }
        match stretches.last_mut() {
            Some((from, until, most, names))
                if *until == range.start && *from / 60 == range.start / 60 =>
            {
                *until = range.end;
                *most = (*most).max(running.len());
                for index in running {
                    if !names.contains(&index) {
                        names.push(index);
                    }
                }
            }
            _ => stretches.push((range.start, range.end, running.len(), running)),
        }
    }
    stretches
}

fn minute(time: NaiveTime) -> u32 {
    (time - NaiveTime::MIN).num_minutes() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::group;
    use crate::timetable::build_week;
    use crmdeck_model::DaysCode;

    fn findings(groups: &[Group], max: &MaxParallel) -> Vec<Finding> {
        let week = build_week(groups, &"UTC".parse().unwrap(), false);
        check(&week, groups, WorkingHours::default(), max)
    }

    #[test]
    fn each_kind_is_found_in_its_order_with_its_group() {
        let groups = vec![
            group(1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, DaysCode::TueThuSat, "10:00", "09:00"),
            group(3, DaysCode::Other("9".into()), "10:00", "11:00"),
            group(4, DaysCode::EveryDay, "10:00", "11:00"),
        ];
        let found: Vec<(&str, Vec<usize>)> = findings(&groups, &MaxParallel::default())
            .iter()
            .map(|finding| (finding.code(), finding.group_indices()))
            .collect();
        assert_eq!(
            found,
            [
                ("cannot_place", vec![2]),
                ("past_midnight", vec![0]),
                ("outside_hours", vec![0]),
                ("ends_before_start", vec![1]),
                ("outside_hours", vec![1]),
            ]
        );
    }

    #[test]
    fn a_group_of_an_unknown_status_is_reported_with_an_unreadable_days_code() {
        use crmdeck_model::GroupStatus;
        let groups = vec![Group {
            status: GroupStatus::Other("7".into()),
            ..group(1, DaysCode::Other("x".into()), "10:00", "11:00")
        }];
        let found = findings(&groups, &MaxParallel::default());
        let [
            Finding::CannotPlace {
                group_index,
                reason,
            },
        ] = found.as_slice()
        else {
            panic!("one group that cannot be placed: {found:?}");
        };
        assert_eq!((*group_index, reason.code()), (0, "unknown_status"));
    }

    #[test]
    fn a_crowded_stretch_is_its_branch_day_minutes_and_groups() {
        let in_branch = |id, start, end| Group {
            branch_id: Some(4),
            ..group(id, DaysCode::MonWedFri, start, end)
        };
        let groups = vec![
            in_branch(1, "10:00", "12:00"),
            in_branch(2, "11:00", "12:30"),
        ];
        let max = MaxParallel {
            every_branch: Some(1),
            ..MaxParallel::default()
        };
        let crowded: Vec<Crowding> = findings(&groups, &max)
            .into_iter()
            .filter_map(|finding| match finding {
                Finding::Crowded(crowding) => Some(crowding),
                _ => None,
            })
            .collect();
        let on = |day| Crowding {
            branch_id: Some(4),
            day,
            from: 11 * 60,
            until: 12 * 60,
            most: 2,
            max: 1,
            group_indices: vec![0, 1],
        };
        assert_eq!(
            crowded,
            [on(Weekday::Mon), on(Weekday::Wed), on(Weekday::Fri)]
        );
    }
}
