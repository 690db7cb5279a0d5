//! The demo centre over time (issue 28 §4): epoch N of the centre is the
//! seeded groups with the changes of epochs N-11 to N applied, so epoch
//! N+1 differs from N in a handful of groups (the changes of N+1 made,
//! those of N-11 undone) and any epoch is made in O(groups), whatever N.
//!
//! Each epoch, for about 0.5% of the seeded groups each (at least one):
//! a lesson moves an hour, the days change, the branch changes, the group
//! is archived (or an archived one reopened), a group is gone; and as many
//! new groups appear, with ids above every seeded one. Within any 12
//! epochs each seeded group changes at most once (in a centre of 60 groups
//! or more), so the counts hold: the centre keeps its size.

use chrono::{NaiveDateTime, TimeDelta, Timelike};

use super::data::{
    self, Branch, ExactDays, FIRST_LESSON_MINUTE, Group, LAST_LESSON_END_MINUTE, SEED, Seed,
    TASHKENT_UTC_OFFSET,
};
use super::rng::SplitMix64;
use super::wire::timestamp;

/// How many epochs a change lasts before it is undone.
pub(crate) const WINDOW: u64 = 12;
/// Epochs past this are taken as this one (the ids of new groups stay in range).
const LAST_EPOCH: u64 = 1_000_000_000_000;

/// The groups of one epoch of the centre, made once and served until the next.
pub(crate) struct Centre {
    epoch: Option<u64>,
    /// In id order: the seeded ones first, then the new ones.
    groups: Vec<Slot>,
}

/// A group of the centre: a seeded one as it is, or one changed or new.
enum Slot {
    Seeded(usize),
    Own(Box<Group>),
}

/// What changes in a seeded group: its lesson moves an hour, its days or
/// its branch change, it is archived (or reopened), it is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    LessonTime,
    Days,
    Branch,
    Archived,
    Gone,
}

impl Change {
    const ALL: [Change; 5] = [
        Self::LessonTime,
        Self::Days,
        Self::Branch,
        Self::Archived,
        Self::Gone,
    ];

    /// Does this to the group in `slot` (`seeded` as it was seeded).
    fn apply(
        self,
        slot: &mut Option<Slot>,
        seeded: &Group,
        branches: &[Branch],
        rng: &mut SplitMix64,
    ) {
        if self == Self::Gone {
            *slot = None;
            return;
        }
        let Some(slot) = slot else {
            return;
        };
        if let Slot::Seeded(_) = slot {
            *slot = Slot::Own(Box::new(seeded.clone()));
        }
        let Slot::Own(group) = slot else {
            return;
        };
        match self {
            Self::LessonTime => move_lesson(group),
            Self::Days => change_days(group, rng),
            Self::Branch => {
                let others: Vec<i64> = branches
                    .iter()
                    .map(|branch| branch.id)
                    .filter(|&id| id != group.branch_id)
                    .collect();
                if !others.is_empty() {
                    group.branch_id = *rng.pick(&others);
                }
            }
            Self::Archived => group.status = if group.status == 2 { 3 } else { 2 },
            Self::Gone => {}
        }
    }
}

impl Centre {
    /// The centre at `epoch`, or as seeded when `None` (frozen).
    pub(crate) fn at(seed: &Seed, epoch: Option<u64>) -> Self {
        let seeded = &seed.groups;
        let mut slots: Vec<Option<Slot>> =
            (0..seeded.len()).map(|i| Some(Slot::Seeded(i))).collect();
        let mut added = Vec::new();
        if let Some(epoch) = epoch.map(|epoch| epoch.min(LAST_EPOCH)) {
            let each = per_kind(seeded.len());
            let turns = Change::ALL.len() * each;
            let order = shuffled(seeded.len());
            let last_id = seeded.last().map_or(0, |group| group.id);
            for at in epoch.saturating_sub(WINDOW - 1)..=epoch {
                let mut rng = SplitMix64::new(SEED ^ at.wrapping_mul(0xA076_1D64_78BD_642F));
                // The epochs of one window take consecutive turns of `order`:
                // no seeded group is changed twice in it (when there are enough).
                let first_turn = at * turns as u64;
                for turn in 0..turns {
                    let index = order[((first_turn + turn as u64) % seeded.len() as u64) as usize];
                    let change = Change::ALL[turn / each];
                    change.apply(&mut slots[index], &seeded[index], &seed.branches, &mut rng);
                }
                for new in 0..each {
                    let number = at as i64 * each as i64 + new as i64 + 1;
                    // Numbers, which people read, stay short: they come
                    // round again after a thousand epochs (ids never do).
                    let shown = (at % 1000) as i64 * each as i64 + new as i64 + 1;
                    let group = data::group(
                        &mut rng,
                        &seed.branches,
                        &seed.courses,
                        last_id + number,
                        seeded.len() as i64 + shown,
                    );
                    added.push(Slot::Own(Box::new(group)));
                }
            }
        }
        let mut groups: Vec<Slot> = slots.into_iter().flatten().collect();
        groups.extend(added);
        Self { epoch, groups }
    }

    /// The epoch this centre is of (`None`: frozen).
    pub(crate) fn epoch(&self) -> Option<u64> {
        self.epoch
    }

    /// Its groups in id order; `seeded` are the seed's groups it was made from.
    pub(crate) fn groups<'a>(&'a self, seeded: &'a [Group]) -> impl Iterator<Item = &'a Group> {
        self.groups.iter().map(move |slot| match slot {
            Slot::Seeded(index) => &seeded[*index],
            Slot::Own(group) => group.as_ref(),
        })
    }
}

/// Groups each kind of change takes an epoch: 0.5% of `groups`, at least one.
fn per_kind(groups: usize) -> usize {
    groups.div_ceil(200)
}

/// `0..len` in a fixed shuffled order (Fisher–Yates), so the changes of an
/// epoch are spread over the centre.
fn shuffled(len: usize) -> Vec<usize> {
    let mut rng = SplitMix64::new(SEED.rotate_left(29));
    let mut order: Vec<usize> = (0..len).collect();
    for last in (1..len).rev() {
        order.swap(last, rng.below(last as u64 + 1) as usize);
    }
    order
}

/// An hour later, or earlier when later would end after the last lesson;
/// the name's `HH:MM` follows the start.
fn move_lesson(group: &mut Group) {
    let (Some(start), Some(end)) = (
        parse_timestamp(&group.lesson_start_time),
        parse_timestamp(&group.lesson_end_time),
    ) else {
        return;
    };
    let minute_of_day = |utc: NaiveDateTime| {
        let local = (utc + TASHKENT_UTC_OFFSET).time();
        i64::from(local.hour() * 60 + local.minute())
    };
    let later = minute_of_day(end) + 60 <= LAST_LESSON_END_MINUTE
        || minute_of_day(start) - 60 < FIRST_LESSON_MINUTE;
    let shift = TimeDelta::hours(if later { 1 } else { -1 });
    let clock = |utc: NaiveDateTime| (utc + TASHKENT_UTC_OFFSET).format("%H:%M").to_string();
    if let Some(at) = group.name.rfind(&clock(start)) {
        group.name.replace_range(at..at + 5, &clock(start + shift));
    }
    group.lesson_start_time = timestamp(start + shift);
    group.lesson_end_time = timestamp(end + shift);
}

/// Another `days` code (5: given days, drawn anew).
fn change_days(group: &mut Group, rng: &mut SplitMix64) {
    let others: Vec<u8> = (1..=5).filter(|&code| code != group.days).collect();
    group.days = *rng.pick(&others);
    group.exact_days = if group.days == 5 {
        data::exact_days(rng)
    } else {
        ExactDays::Numbers(Vec::new())
    };
}

fn parse_timestamp(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.6fZ").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DEFAULT_GROUPS;
    use std::collections::BTreeMap;

    /// The groups of the centre at `epoch`, by id, as JSON.
    fn centre(seed: &Seed, epoch: Option<u64>) -> BTreeMap<i64, serde_json::Value> {
        let centre = Centre::at(seed, epoch);
        assert_eq!(centre.epoch(), epoch);
        let groups: Vec<&Group> = centre.groups(&seed.groups).collect();
        assert!(groups.windows(2).all(|pair| pair[0].id < pair[1].id));
        groups
            .into_iter()
            .map(|group| (group.id, serde_json::to_value(group).unwrap()))
            .collect()
    }

    /// How `before` became `after`: new, gone, and for each field the
    /// groups whose value changed.
    #[derive(Debug, Default, PartialEq)]
    struct Diff {
        new: usize,
        gone: usize,
        fields: BTreeMap<String, usize>,
        archived: usize,
    }

    fn diff(
        before: &BTreeMap<i64, serde_json::Value>,
        after: &BTreeMap<i64, serde_json::Value>,
    ) -> Diff {
        let mut diff = Diff {
            new: after.keys().filter(|id| !before.contains_key(id)).count(),
            gone: before.keys().filter(|id| !after.contains_key(id)).count(),
            ..Diff::default()
        };
        for (id, old) in before {
            let Some(new) = after.get(id) else { continue };
            for (field, value) in old.as_object().unwrap() {
                if new[field] != *value {
                    *diff.fields.entry(field.clone()).or_default() += 1;
                }
            }
            diff.archived += usize::from(old["status"] == 2 && new["status"] == 3);
        }
        diff
    }

    #[test]
    fn the_same_epoch_is_the_same_centre_and_frozen_is_the_seed() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        let epoch = Some(98_765);
        assert_eq!(centre(&seed, epoch), centre(&seed, epoch));
        let frozen = centre(&seed, None);
        let seeded: Vec<i64> = seed.groups.iter().map(|group| group.id).collect();
        assert_eq!(frozen.keys().copied().collect::<Vec<_>>(), seeded);
        assert_eq!(
            frozen[&seeded[7]],
            serde_json::to_value(&seed.groups[7]).unwrap()
        );
    }

    #[test]
    fn the_next_epoch_moves_lessons_archives_adds_and_removes_a_few_groups() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        for epoch in [0, 1, 11, 12, 500, 98_765] {
            let before = centre(&seed, Some(epoch));
            let after = centre(&seed, Some(epoch + 1));
            assert_eq!(before.len(), DEFAULT_GROUPS, "the size holds");
            assert_eq!(after.len(), DEFAULT_GROUPS);
            let diff = diff(&before, &after);
            // 240 groups: two of each kind made, and (past the first 12
            // epochs) two of each undone.
            let undone = usize::from(epoch >= WINDOW - 1);
            let made = 2 * (1 + undone);
            assert_eq!((diff.new, diff.gone), (made, made), "{epoch}: {diff:?}");
            for field in [
                "lesson_start_time",
                "lesson_end_time",
                "name",
                "days",
                "branch_id",
                "status",
            ] {
                let changed = diff.fields.get(field).copied().unwrap_or(0);
                assert!((1..=made).contains(&changed), "{epoch} {field}: {diff:?}");
            }
            let fields: Vec<&String> = diff.fields.keys().collect();
            assert!(
                fields.iter().all(|field| {
                    [
                        "lesson_start_time",
                        "lesson_end_time",
                        "name",
                        "days",
                        "exact_days",
                        "branch_id",
                        "status",
                    ]
                    .contains(&field.as_str())
                }),
                "{fields:?}"
            );
        }
        let archived: usize = (0..6)
            .map(|epoch| {
                diff(&centre(&seed, Some(epoch)), &centre(&seed, Some(epoch + 1))).archived
            })
            .sum();
        assert!(archived > 0, "some group is archived");
    }

    #[test]
    fn a_change_is_undone_after_twelve_epochs_and_new_ids_come_after_the_seeded_ones() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        let last_seeded = seed.groups.last().unwrap().id;
        let frozen = centre(&seed, None);
        let at = centre(&seed, Some(40));
        let changes = diff(&frozen, &at);
        // 12 epochs of 2 groups for each kind: 24 of the 240 each.
        assert_eq!((changes.new, changes.gone), (24, 24), "{changes:?}");
        for field in ["lesson_start_time", "days", "branch_id", "status"] {
            assert_eq!(changes.fields[field], 24, "{field}: {changes:?}");
        }
        let new_ids: Vec<&i64> = at.keys().filter(|id| !frozen.contains_key(id)).collect();
        assert!(new_ids.iter().all(|&&id| id > last_seeded));
        // Epochs run to the hundreds of thousands: the numbers shown stay
        // short all the same, and apart within a window.
        let far = centre(&seed, Some(500_040));
        let numbers: std::collections::BTreeSet<i64> = (far.iter())
            .filter(|(id, _)| **id > last_seeded)
            .map(|(_, group)| group["company_group_number"].as_i64().unwrap())
            .collect();
        assert_eq!(numbers.len(), 24);
        assert!(
            numbers.iter().all(|&number| number <= 240 + 2000),
            "{numbers:?}"
        );
        // Twelve epochs on, none of those changes is left: the new groups
        // are gone, the others as seeded.
        let later = centre(&seed, Some(40 + WINDOW));
        assert!(new_ids.iter().all(|id| !later.contains_key(id)));
        for (id, seeded) in &frozen {
            if at.get(id) != Some(seeded) {
                assert_eq!(later.get(id), Some(seeded), "{id}");
            }
        }
    }

    #[test]
    fn a_moved_lesson_is_an_hour_off_within_the_day_and_named_for_its_start() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        for seeded in &seed.groups {
            let mut group = seeded.clone();
            move_lesson(&mut group);
            let start = parse_timestamp(&group.lesson_start_time).unwrap();
            let end = parse_timestamp(&group.lesson_end_time).unwrap();
            let was = parse_timestamp(&seeded.lesson_start_time).unwrap();
            assert_eq!((start - was).num_minutes().abs(), 60, "{}", seeded.name);
            let local_start = (start + TASHKENT_UTC_OFFSET).time();
            let local_end = (end + TASHKENT_UTC_OFFSET).time();
            assert!(
                local_start.hour() >= 8 && local_end.hour() * 60 + local_end.minute() <= 20 * 60
            );
            assert!(
                group
                    .name
                    .ends_with(&local_start.format("%H:%M").to_string()),
                "{}",
                group.name
            );
        }
    }

    #[test]
    fn the_changes_grow_with_the_centre_and_an_empty_one_stays_empty() {
        assert_eq!([0, 1, 200, 240, 100_000].map(per_kind), [0, 1, 1, 2, 500]);
        let empty = Seed::generate(false, 0);
        assert!(centre(&empty, Some(3)).is_empty());
        // A small centre: changes overlap, and still nothing panics.
        let small = Seed::generate(false, 7);
        assert_eq!(centre(&small, Some(3)), centre(&small, Some(3)));
        assert_eq!(
            centre(&small, Some(u64::MAX)).len(),
            centre(&small, Some(LAST_EPOCH)).len()
        );
    }
}
