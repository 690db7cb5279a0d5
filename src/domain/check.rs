//! What is wrong with a timetable: groups that cannot be placed, lessons
//! that end before they start or run past midnight, lessons outside the
//! working hours, and hours in which more groups of a branch run at once
//! than it allows (`max_parallel`). `crmdeck timetable --check` prints one
//! line per finding; the Week tab counts them.
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

use chrono::{NaiveTime, TimeDelta, Weekday};

use super::Language;
use super::clock::format_clock;
use super::format::join_fitting;
use super::timetable::{
    MINUTES_PER_DAY, Slot, UnplacedReason, Week, WorkingHours, counted, group_label,
    monday_to_sunday, slot_times,
};
use super::weekday::{NameStyle, day_name};
use crate::model::Group;

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
    Crowded {
        branch_id: Option<i64>,
        day: Weekday,
        /// Minutes of the day: the stretch in which too many run.
        from: u32,
        until: u32,
        /// The most at once in the stretch.
        most: usize,
        max: usize,
        /// Every group running in the stretch, by start.
        group_indices: Vec<usize>,
    },
}

impl Finding {
    /// A stable name for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            Self::CannotPlace { .. } => "cannot_place",
            Self::EndsBeforeStart { .. } => "ends_before_start",
            Self::PastMidnight { .. } => "past_midnight",
            Self::OutsideHours { .. } => "outside_hours",
            Self::Crowded { .. } => "crowded",
        }
    }

    /// The groups it names, by index.
    pub fn group_indices(&self) -> Vec<usize> {
        match self {
            Self::CannotPlace { group_index, .. }
            | Self::EndsBeforeStart { group_index, .. }
            | Self::PastMidnight { group_index, .. }
            | Self::OutsideHours { group_index, .. } => vec![*group_index],
            Self::Crowded { group_indices, .. } => group_indices.clone(),
        }
    }

    /// One line for people, naming the group (or groups), sanitised.
    pub fn describe(&self, groups: &[Group]) -> String {
        let label = |index: usize| group_label(&groups[index]);
        match self {
            Self::CannotPlace {
                group_index,
                reason,
            } => format!(
                "{}: cannot be placed: {}",
                label(*group_index),
                crate::sanitize::sanitize_line(&reason.to_string())
            ),
            Self::EndsBeforeStart { group_index, slot } => format!(
                "{}: ends before it starts ({}–{})",
                label(*group_index),
                format_clock(slot.start),
                format_clock(slot.end)
            ),
            Self::PastMidnight { group_index, slot } => format!(
                "{}: runs past midnight ({})",
                label(*group_index),
                slot_times(slot)
            ),
            Self::OutsideHours {
                group_index,
                slot,
                hours,
            } => format!(
                "{}: outside working hours {hours} ({})",
                label(*group_index),
                slot_times(slot)
            ),
            Self::Crowded {
                branch_id,
                day,
                from,
                until,
                most,
                max,
                group_indices,
            } => {
                let branch =
                    branch_id.map_or_else(|| "no branch".to_owned(), |id| format!("branch {id}"));
                let names: Vec<String> = group_indices.iter().map(|&index| label(index)).collect();
                format!(
                    "{} {}–{}, {branch}: {most} groups at once, more than max_parallel {max}: {}",
                    day_name(*day, Language::En, NameStyle::Short),
                    clock_text(*from),
                    clock_text(*until),
                    names.join(", ")
                )
            }
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
                findings.push(Finding::Crowded {
                    branch_id,
                    day,
                    from,
                    until,
                    most,
                    max,
                    group_indices,
                });
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

/// How many findings of each kind, for the Week tab's line: `"Check: 6
/// findings · 2 cannot be placed · 1 past midnight · 3 crowded"`, within
/// `width` columns: the kinds that do not fit give way to `…` whole, never
/// a word cut; `None` when there are none.
pub fn summary(findings: &[Finding], width: usize) -> Option<String> {
    if findings.is_empty() {
        return None;
    }
    let kinds = [
        ("cannot_place", "cannot be placed"),
        ("ends_before_start", "ends before it starts"),
        ("past_midnight", "past midnight"),
        ("outside_hours", "outside working hours"),
        ("crowded", "crowded"),
    ];
    let parts: Vec<String> = kinds
        .iter()
        .filter_map(|(code, words)| {
            let count = findings.iter().filter(|f| f.code() == *code).count();
            (count > 0).then(|| format!("{count} {words}"))
        })
        .collect();
    let total = format!("Check: {}", counted(findings.len(), "finding"));
    Some(join_fitting(&total, &parts, " · ", width))
}

fn minute(time: NaiveTime) -> u32 {
    (time - NaiveTime::MIN).num_minutes() as u32
}

/// `"16:00"`, and `"24:00"` for the end of the day.
fn clock_text(minute: u32) -> String {
    if minute >= MINUTES_PER_DAY {
        return "24:00".to_owned();
    }
    format_clock(NaiveTime::MIN + TimeDelta::minutes(i64::from(minute)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::format::display_width;
    use crate::domain::timetable::build_week;
    use crate::domain::zone::Zone;
    use crate::model::{DaysCode, GroupStatus, LessonTime};

    fn clock(text: &str) -> Option<LessonTime> {
        Some(LessonTime::Clock(
            NaiveTime::parse_from_str(text, "%H:%M").unwrap(),
        ))
    }

    fn group(id: i64, branch: i64, days: DaysCode, start: &str, end: &str) -> Group {
        Group {
            id,
            company_group_number: Some(id),
            name: format!("G{id}"),
            days,
            lesson_start_time: clock(start),
            lesson_end_time: clock(end),
            status: GroupStatus::Active,
            branch_id: Some(branch),
            ..Group::default()
        }
    }

    fn lines(groups: &[Group], max: &MaxParallel) -> Vec<String> {
        let zone: Zone = "Europe/Berlin".parse().unwrap();
        let week = build_week(groups, &zone, false);
        check(&week, groups, WorkingHours::default(), max)
            .iter()
            .map(|finding| finding.describe(groups))
            .collect()
    }

    #[test]
    fn a_clean_timetable_has_no_finding() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "08:00", "09:30"),
            group(2, 1, DaysCode::EveryDay, "19:30", "21:00"),
        ];
        let max = MaxParallel {
            every_branch: Some(1),
            ..MaxParallel::default()
        };
        assert_eq!(lines(&groups, &max), Vec::<String>::new());
        assert_eq!(summary(&[], 80), None);
    }

    #[test]
    fn each_kind_of_finding_names_its_group_once() {
        let mut unreadable = group(5, 1, DaysCode::MonWedFri, "10:00", "11:00");
        unreadable.lesson_start_time = Some(LessonTime::Raw("noon-ish".into()));
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, 1, DaysCode::TueThuSat, "10:00", "09:00"),
            group(3, 1, DaysCode::EveryDay, "07:00", "08:30"),
            group(4, 1, DaysCode::Other("9".into()), "10:00", "11:00"),
            unreadable,
            group(6, 1, DaysCode::Weekend, "20:00", "00:00"),
        ];
        assert_eq!(
            lines(&groups, &MaxParallel::default()),
            [
                "#4 G4: cannot be placed: days code 9 is not a known code",
                "#5 G5: cannot be placed: lesson time \"noon-ish\" is not a time",
                "#1 G1: runs past midnight (22:30–01:00+1)",
                "#1 G1: outside working hours 08:00–21:00 (22:30–01:00+1)",
                "#2 G2: ends before it starts (10:00–09:00)",
                "#2 G2: outside working hours 08:00–21:00 (10:00–09:00+1)",
                "#3 G3: outside working hours 08:00–21:00 (07:00–08:30)",
                "#6 G6: outside working hours 08:00–21:00 (20:00–00:00+1)",
            ]
        );
    }

    #[test]
    fn crowded_hours_per_branch_and_day_against_max_parallel() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "10:00", "12:00"),
            group(2, 1, DaysCode::MonWedFri, "11:00", "12:30"),
            group(3, 1, DaysCode::Custom, "11:30", "13:00"),
            group(4, 1, DaysCode::MonWedFri, "12:30", "14:00"),
            // Another branch at the same time: counted apart.
            group(5, 2, DaysCode::MonWedFri, "11:00", "12:00"),
            group(6, 2, DaysCode::MonWedFri, "11:00", "12:00"),
        ];
        let mut groups = groups;
        groups[2].exact_days.days = vec![Weekday::Mon];
        let max = MaxParallel {
            every_branch: None,
            by_branch: BTreeMap::from([(1, 2)]),
        };
        assert_eq!(
            lines(&groups, &max),
            [
                "Mon 11:30–12:00, branch 1: 3 groups at once, more than max_parallel 2: #1 G1, #2 G2, #3 G3"
            ]
        );
        // A limit for every branch checks branch 2 too; branch 1's own wins.
        let max = MaxParallel {
            every_branch: Some(1),
            by_branch: BTreeMap::from([(1, 2)]),
        };
        let found = lines(&groups, &max);
        assert_eq!(found.len(), 1 + 3, "{found:#?}");
        assert!(
            found[1].starts_with("Mon 11:00–12:00, branch 2: 2 groups at once"),
            "{found:#?}"
        );
        assert!(
            found[2].starts_with("Wed 11:00–12:00, branch 2"),
            "{found:#?}"
        );
        assert_eq!(max.of(Some(1)), Some(2));
        assert_eq!(max.of(Some(7)), Some(1));
        assert_eq!(max.of(None), Some(1));
    }

    #[test]
    fn crowded_stretches_are_one_finding_per_clock_hour() {
        let groups = vec![
            group(1, 1, DaysCode::Weekend, "10:00", "12:00"),
            group(2, 1, DaysCode::Weekend, "10:00", "11:00"),
            group(3, 1, DaysCode::Weekend, "10:30", "12:00"),
            group(4, 1, DaysCode::Weekend, "11:00", "11:30"),
        ];
        let max = MaxParallel {
            every_branch: Some(2),
            ..MaxParallel::default()
        };
        let found = lines(&groups, &max);
        let saturday = [
            "Sat 10:30–11:00, branch 1: 3 groups at once, more than max_parallel 2: #2 G2, #1 G1, #3 G3",
            "Sat 11:00–11:30, branch 1: 3 groups at once, more than max_parallel 2: #1 G1, #3 G3, #4 G4",
        ];
        assert_eq!(found[..2], saturday);
        assert_eq!(found[2..], saturday.map(|line| line.replace("Sat", "Sun")));
        // Touching stretches within one hour are one finding, with the most at once.
        let groups = vec![
            group(1, 1, DaysCode::Weekend, "10:00", "11:00"),
            group(2, 1, DaysCode::Weekend, "10:00", "10:40"),
            group(3, 1, DaysCode::Weekend, "10:20", "10:40"),
            group(4, 1, DaysCode::Weekend, "10:40", "10:50"),
            group(5, 1, DaysCode::Weekend, "10:40", "10:50"),
        ];
        let found = lines(&groups, &max);
        assert_eq!(
            found[0],
            "Sat 10:20–10:50, branch 1: 3 groups at once, more than max_parallel 2: #2 G2, #1 G1, #3 G3, #4 G4, #5 G5"
        );
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn the_summary_counts_each_kind() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, 1, DaysCode::Other("".into()), "10:00", "11:00"),
        ];
        let zone: Zone = "UTC".parse().unwrap();
        let week = build_week(&groups, &zone, false);
        let findings = check(
            &week,
            &groups,
            WorkingHours::default(),
            &MaxParallel::default(),
        );
        let whole =
            "Check: 3 findings · 1 cannot be placed · 1 past midnight · 1 outside working hours";
        assert_eq!(summary(&findings, 200).as_deref(), Some(whole));
        assert_eq!(
            summary(&findings, display_width(whole)).as_deref(),
            Some(whole)
        );
        // Narrower: whole kinds give way, never a cut word.
        assert_eq!(
            summary(&findings, display_width(whole) - 1).as_deref(),
            Some("Check: 3 findings · 1 cannot be placed · 1 past midnight · …")
        );
        assert_eq!(
            summary(&findings, 30).as_deref(),
            Some("Check: 3 findings · …")
        );
        assert_eq!(
            summary(&findings, 5).as_deref(),
            Some("Check: 3 findings · …")
        );
    }
}
