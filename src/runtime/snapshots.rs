//! The dashboard's snapshot: read at start, before any answer can arrive,
//! and handed to the app as data ([`Input::Snapshot`]); written after each
//! complete walk the app reports ([`Walked`]), off the event loop, with
//! the history's day of that walk (issue 28). Nothing of either when the
//! cache is off (`cache = false`, `--no-cache`).

use crate::app::compared::{CompareAsk, Compared, NotCompared, SeenChanges};
use crate::app::{Input, Walked};
use crate::cache::{Baseline, Cache, OpenDay};
use crate::domain::changes::{Since, centre_day};
use crate::domain::digest::Digester;
use crate::domain::zone::Zone;
use crate::model::Group;
use crate::session::Session;
use crate::store::{Snapshot, SnapshotKey, write_day};
use chrono::Utc;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

mod lifecycle;

use lifecycle::Underway;

/// The snapshot files of this session's profile, server and account.
pub struct Snapshots {
    cache: Option<Cache>,
    /// Whose snapshots these are; the branch is set per snapshot.
    key: SnapshotKey,
    /// `history_days`: the days the history keeps.
    history_days: u32,
    /// The baselines read this session, by branch and `Since`: the marks
    /// keep to the day they were first compared with, and `since last`
    /// stays the walk before this session's (the history keeps one walk a
    /// day, which this session's own walks overwrite).
    baselines: Baselines,
    /// The reading at start and the writes under way, which a quit or
    /// another profile stops (`lifecycle.rs`).
    underway: Underway,
}

/// Baseline days by branch and `Since`, held open, not read: each
/// comparison reads its day again (decoded, the digests of 100,000 groups
/// are 14 MB, which the session kept for good once compared).
type ByAsk = HashMap<(Option<i64>, Since), OpenDay>;
type Baselines = Arc<Mutex<ByAsk>>;

/// The baselines held, whatever a panicking holder left (they are only
/// ever added whole).
fn held(baselines: &Baselines) -> MutexGuard<'_, ByAsk> {
    baselines.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Snapshots {
    /// The session's snapshots; none when who the token is is not known
    /// (`Session::account`): a snapshot is one account's.
    pub fn of(session: &Session) -> Self {
        let key = session.snapshot_key(None);
        if key.account.is_none() {
            tracing::info!("no snapshot: who the token is is not known");
        }
        Self {
            cache: session.cache().filter(|_| key.account.is_some()),
            key,
            history_days: session.config.history_days,
            baselines: Baselines::default(),
            underway: Underway::default(),
        }
    }

    /// The tests' snapshots in `cache`: one account's on a local server,
    /// 7 days of history kept.
    #[cfg(test)]
    fn in_cache(cache: &Cache) -> Self {
        Self {
            cache: Some(cache.clone()),
            key: SnapshotKey {
                profile: None,
                base_url: "http://127.0.0.1:1".into(),
                account: Some("5f1c".into()),
                branch: None,
            },
            history_days: 7,
            baselines: Baselines::default(),
            underway: Underway::default(),
        }
    }

    /// None read, none written (the loop's unit tests).
    #[cfg(test)]
    pub fn off() -> Self {
        Self {
            cache: None,
            key: SnapshotKey {
                profile: None,
                base_url: String::new(),
                account: None,
                branch: None,
            },
            history_days: 1,
            baselines: Baselines::default(),
            underway: Underway::default(),
        }
    }

    /// The snapshot of `branch` for the app, or why the file there is not
    /// used (logged here); `None` when there is none or the cache is off.
    pub fn read(&self, branch: Option<i64>) -> Option<Input> {
        let cache = self.cache.as_ref()?;
        let key = SnapshotKey {
            branch,
            ..self.key.clone()
        };
        lifecycle::as_msg(cache.read(&key))
    }

    /// Writes what a complete walk found as its branch's snapshot, and its
    /// digests as the history's day of the walk, in a blocking task (the
    /// files take a few milliseconds, the digests of 100,000 groups some
    /// 60); a failure is logged (the next start is merely slower, the next
    /// comparison older).
    pub fn write(&self, walked: Walked) {
        if let Some(work) = self.keeping(walked) {
            self.underway.wrote(tokio::task::spawn_blocking(work));
        }
    }

    /// [`Self::write`] at once, on this thread (the tests' model of what
    /// a run leaves on disk).
    #[cfg(test)]
    pub(super) fn write_now(&self, walked: Walked) {
        if let Some(work) = self.keeping(walked) {
            work();
        }
    }

    /// The work of keeping `walked` (None: the cache is off).
    fn keeping(&self, walked: Walked) -> Option<impl FnOnce() + Send + 'static> {
        let cache = self.cache.clone()?;
        let key = SnapshotKey {
            branch: walked.branch,
            ..self.key.clone()
        };
        let (zone, keep_days) = (walked.zone, self.history_days);
        let snapshot = Snapshot::new(
            key,
            walked.taken_at,
            walked.groups,
            walked.branches,
            walked.plugins,
            walked.centre,
        );
        let baselines = self.baselines.clone();
        Some(move || keep(&cache, &snapshot, zone, keep_days, &baselines))
    }
}

/// Writes `snapshot` and its digests as the history's day of the walk.
fn keep(cache: &Cache, snapshot: &Snapshot, zone: Zone, keep: u32, baselines: &Baselines) {
    match cache.write(snapshot) {
        Ok(path) => tracing::info!(path = %path.display(), "snapshot written"),
        Err(error) => tracing::warn!(%error, "snapshot not written"),
    }
    // A digest at a time, in id order: 100,000 of them at once
    // would be 14 MB more of the dashboard's memory, kept by the
    // allocator after the walk.
    let mut groups: Vec<&Group> = snapshot.groups.iter().map(|group| &**group).collect();
    groups.sort_unstable_by_key(|group| group.id);
    groups.dedup_by_key(|group| group.id);
    let (taken_at, day) = (snapshot.taken_at, centre_day(snapshot.taken_at, &zone));
    let mut digester = Digester::new(zone);
    let digests = groups.iter().map(|group| digester.digest(group));
    let (key, count) = (&snapshot.key, groups.len());
    let write = |writer: &mut dyn Write| write_day(writer, key, day, taken_at, count, digests);
    let today = centre_day(Utc::now(), &zone);
    // The walk this one overwrites stays this session's `last`.
    let mut held = held(baselines);
    let last = (snapshot.key.branch, Since::Last);
    if let Entry::Vacant(vacant) = held.entry(last)
        && let Some(before) = cache.open_baseline(&snapshot.key, Since::Last, today)
    {
        vacant.insert(before);
    }
    match cache.write_history_with(&snapshot.key, day, today, keep, write) {
        Ok(path) => tracing::info!(path = %path.display(), "history day written"),
        Err(error) => tracing::warn!(%error, "history day not written"),
    }
}

impl Snapshots {
    /// The work of a comparison, to run off the loop (a blocking task):
    /// the baseline read from the history (`Cache::baseline`), the groups
    /// digested in the centre's zone, compared; the answer, or why not
    /// (no history kept, no day that reads: each file passed over says
    /// why). Never a panic for a file: a corrupt one is passed over.
    pub fn comparison(&self, ask: CompareAsk) -> impl FnOnce() -> Input + Send + 'static {
        let (cache, baselines) = (self.cache.clone(), self.baselines.clone());
        let key = SnapshotKey {
            branch: ask.branch,
            ..self.key.clone()
        };
        move || {
            let CompareAsk {
                seq,
                branch,
                since,
                groups,
                complete,
                zone,
                seen_at,
                now,
            } = ask;
            let result = match cache {
                None => Err(NotCompared::NoHistory),
                Some(cache) => {
                    let today = centre_day(now, &zone);
                    // Held while read: a walk's write waits, never half seen.
                    let mut held = held(&baselines);
                    let baseline = match held.get(&(branch, since)) {
                        Some(open) => match open.read() {
                            Ok(day) => Baseline {
                                day: Some(day),
                                ..Baseline::default()
                            },
                            Err(error) => Baseline {
                                kept: cache.history_days(&key),
                                ignored: vec![error],
                                ..Baseline::default()
                            },
                        },
                        None => cache.baseline(&key, since, today),
                    };
                    if let Some(open) = baseline.open {
                        held.insert((branch, since), open);
                    }
                    let ignored: Vec<String> = (baseline.ignored.iter())
                        .map(|error| {
                            tracing::warn!(%error, "history day passed over");
                            error.to_string()
                        })
                        .collect();
                    let day = baseline.day.ok_or(baseline.kept);
                    drop(held);
                    match day {
                        Err(kept) => Err(NotCompared::NoBaseline { kept, ignored }),
                        Ok(day) => Ok(SeenChanges::between(
                            &day, &groups, complete, zone, seen_at, today, ignored,
                        )),
                    }
                }
            };
            Input::Compared(Box::new(Compared {
                seq,
                branch,
                since,
                result,
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::zone::CENTRE_ZONE;
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test]
    async fn a_complete_walk_writes_the_snapshot_and_the_history_day_in_the_centres_zone() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let snapshots = Snapshots::in_cache(&cache);
        let key = snapshots.key.clone();
        let groups = (1..=3).map(|id| {
            Arc::new(Group {
                id,
                ..Group::default()
            })
        });
        // 20:00 UTC is 01:00 the next day in Tashkent: that day's walk.
        let taken_at = chrono::Utc::now()
            .date_naive()
            .and_hms_opt(20, 0, 0)
            .unwrap()
            .and_utc();
        snapshots.write(Walked {
            branch: Some(2),
            taken_at,
            groups: groups.collect(),
            branches: None,
            plugins: None,
            centre: None,
            zone: CENTRE_ZONE,
        });
        let key = SnapshotKey {
            branch: Some(2),
            ..key
        };
        let day = centre_day(taken_at, &CENTRE_ZONE);
        assert_eq!(day, taken_at.date_naive().succ_opt().unwrap());
        for _ in 0..200 {
            if let Ok(Some(history)) = cache.read_history(&key, day) {
                assert_eq!(history.digests.len(), 3);
                assert_eq!(cache.read(&key).unwrap().unwrap().groups.len(), 3);
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("no history day written");
    }
}

#[cfg(test)]
mod comparison_tests {
    use super::*;
    use crate::app::compared::Seen;
    use crate::domain::changes::{Kind, Since};
    use crate::domain::digest::digests;
    use crate::domain::zone::CENTRE_ZONE;
    use crate::model::{Group, GroupStatus};
    use crate::store::HistoryDay;
    use chrono::{DateTime, NaiveDate, Utc};
    use std::sync::Arc;

    pub(super) fn key() -> SnapshotKey {
        SnapshotKey {
            profile: None,
            base_url: "http://127.0.0.1:1".into(),
            account: Some("5f1c".into()),
            branch: None,
        }
    }

    fn group(id: i64, name: &str) -> Group {
        Group {
            id,
            name: name.into(),
            status: GroupStatus::Active,
            ..Group::default()
        }
    }

    /// 2026-11-27 09:00 in Tashkent.
    fn now() -> DateTime<Utc> {
        "2026-11-27T04:00:00Z".parse().unwrap()
    }

    fn ask(groups: Vec<Group>, complete: bool, since: Since) -> CompareAsk {
        CompareAsk {
            seq: 7,
            branch: None,
            since,
            groups: groups.into_iter().map(Arc::new).collect(),
            complete,
            zone: CENTRE_ZONE,
            seen_at: now(),
            now: now(),
        }
    }

    fn snapshots(cache: Option<Cache>) -> Snapshots {
        Snapshots {
            cache,
            key: key(),
            history_days: 7,
            baselines: Baselines::default(),
            underway: Underway::default(),
        }
    }

    /// Thursday's walk in the history: groups 1 (named "A"), 2 and 3.
    fn thursday(cache: &Cache) {
        let groups = [group(1, "A"), group(2, "B"), group(3, "C")];
        let day = HistoryDay {
            key: key(),
            day: NaiveDate::from_ymd_opt(2026, 11, 26).unwrap(),
            taken_at: "2026-11-26T13:40:00Z".parse().unwrap(),
            digests: digests(groups.iter(), CENTRE_ZONE),
        };
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        cache.write_history(&day, today, 7).unwrap();
    }

    fn compared(msg: Input) -> Compared {
        match msg {
            Input::Compared(compared) => *compared,
            other => panic!("{other:?}"),
        }
    }

    /// The changes found by group id (the comparison's own order is the
    /// ids' merged, not the kinds').
    fn kinds(found: &SeenChanges) -> Vec<(i64, Kind)> {
        let mut kinds: Vec<_> = (found.changes.iter())
            .map(|s: &Seen| (s.id(), s.kind))
            .collect();
        kinds.sort_unstable();
        kinds
    }

    #[test]
    fn the_groups_are_compared_with_an_earlier_day_of_the_history_off_the_loop() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        thursday(&cache);
        let now_groups = vec![group(1, "A renamed"), group(2, "B"), group(4, "D")];
        let work = snapshots(Some(cache)).comparison(ask(now_groups, true, Since::EarlierDay));
        let answer = compared(work());
        assert_eq!((answer.seq, answer.since), (7, Since::EarlierDay));
        let found = answer.result.unwrap();
        assert_eq!(found.day, NaiveDate::from_ymd_opt(2026, 11, 26).unwrap());
        assert_eq!(found.today, NaiveDate::from_ymd_opt(2026, 11, 27).unwrap());
        assert_eq!(
            kinds(&found),
            [(1, Kind::Changed), (3, Kind::Gone), (4, Kind::New)]
        );
    }

    #[test]
    fn an_incomplete_walk_calls_no_group_gone() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        thursday(&cache);
        let work = snapshots(Some(cache)).comparison(ask(vec![group(1, "A")], false, Since::Last));
        let found = compared(work()).result.unwrap();
        assert!(found.changes.is_empty(), "{:?}", kinds(&found));
        assert_eq!(found.unknown, 2);
    }

    #[test]
    fn a_corrupt_history_or_none_says_why_and_never_panics() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        thursday(&cache);
        let path = cache.history_path(&key(), NaiveDate::from_ymd_opt(2026, 11, 26).unwrap());
        std::fs::write(&path, b"\x00scribbled over").unwrap();
        let work =
            snapshots(Some(cache.clone())).comparison(ask(Vec::new(), true, Since::EarlierDay));
        let Err(NotCompared::NoBaseline { kept, ignored }) = compared(work()).result else {
            panic!("a corrupt day is no baseline");
        };
        // The day passed over is not said to be kept.
        assert!(kept.is_empty(), "{kept:?}");
        assert_eq!(ignored.len(), 1);
        assert!(ignored[0].contains("not a history file"), "{ignored:?}");
        let why = NotCompared::NoBaseline { kept, ignored }
            .explain(Since::EarlierDay, crate::i18n::Language::En);
        assert!(
            why.starts_with(
                "No earlier day to compare with (no day of the history reads); passed over: "
            ),
            "{why}"
        );

        // No day of the one asked for: said, nothing passed over.
        let monday = ask(Vec::new(), true, Since::Weekday(chrono::Weekday::Mon));
        let result = compared(snapshots(Some(cache)).comparison(monday)()).result;
        assert!(
            matches!(result, Err(NotCompared::NoBaseline { ref ignored, .. }) if ignored.is_empty())
        );

        // The cache off: no history at all.
        let result = compared(snapshots(None).comparison(ask(
            Vec::new(),
            true,
            Since::Last,
        ))())
        .result;
        assert_eq!(result, Err(NotCompared::NoHistory));
    }

    /// This session's walk overwrites today's day of the history: `since
    /// last` stays the walk before it, whichever of the write and the
    /// comparison comes first.
    #[tokio::test]
    async fn since_last_stays_the_walk_before_this_sessions_own() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let real_now = Utc::now();
        let today = centre_day(real_now, &CENTRE_ZONE);
        let earlier = [group(1, "A"), group(2, "B"), group(3, "C")];
        let before = HistoryDay {
            key: key(),
            day: today,
            taken_at: real_now - chrono::TimeDelta::hours(1),
            digests: digests(earlier.iter(), CENTRE_ZONE),
        };
        cache.write_history(&before, today, 7).unwrap();
        let snapshots = snapshots(Some(cache.clone()));
        let walk = vec![group(1, "A"), group(2, "B"), group(4, "D")];
        snapshots.write(Walked {
            branch: None,
            taken_at: real_now,
            groups: walk.iter().cloned().map(Arc::new).collect(),
            branches: None,
            plugins: None,
            centre: None,
            zone: CENTRE_ZONE,
        });
        let overwritten = || {
            let day = cache.read_history(&key(), today).ok().flatten();
            day.is_some_and(|day| day.digests.iter().any(|digest| digest.id == 4))
        };
        for _ in 0..250 {
            if overwritten() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(overwritten(), "this session's walk is today's day now");
        let asked = CompareAsk {
            now: real_now,
            seen_at: real_now,
            ..ask(walk, true, Since::Last)
        };
        let found = compared(snapshots.comparison(asked)()).result.unwrap();
        assert_eq!(kinds(&found), [(3, Kind::Gone), (4, Kind::New)]);
    }
}

#[cfg(test)]
mod whole_walks;
