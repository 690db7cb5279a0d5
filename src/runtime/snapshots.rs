//! The dashboard's snapshot: read at start, before any answer can arrive,
//! and handed to the app as data ([`Msg::Snapshot`]); written after each
//! complete walk the app reports ([`Walked`]), off the event loop, with
//! the history's day of that walk (issue 28). Nothing of either when the
//! cache is off (`cache = false`, `--no-cache`).

use crate::app::compared::{CompareAsk, Compared, Found, NotCompared};
use crate::app::{Msg, Walked};
use crate::cache::Cache;
use crate::domain::changes::centre_day;
use crate::domain::digest::digests;
use crate::session::Session;
use crate::store::{HistoryDay, Snapshot, SnapshotKey};
use chrono::Utc;

/// The snapshot files of this session's profile, server and account.
pub struct Snapshots {
    cache: Option<Cache>,
    /// Whose snapshots these are; the branch is set per snapshot.
    key: SnapshotKey,
    /// `history_days`: the days the history keeps.
    history_days: u32,
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
        }
    }

    /// The snapshot of `branch` for the app, or why the file there is not
    /// used (logged here); `None` when there is none or the cache is off.
    pub fn read(&self, branch: Option<i64>) -> Option<Msg> {
        let cache = self.cache.as_ref()?;
        let key = SnapshotKey {
            branch,
            ..self.key.clone()
        };
        match cache.read(&key) {
            Ok(None) => None,
            Ok(Some(snapshot)) => {
                tracing::info!(
                    groups = snapshot.groups.len(),
                    taken_at = %snapshot.taken_at,
                    "snapshot read"
                );
                Some(Msg::Snapshot(Ok(Box::new(snapshot))))
            }
            Err(error) => {
                tracing::warn!(%error, "snapshot ignored");
                Some(Msg::Snapshot(Err(error.to_string())))
            }
        }
    }

    /// Writes what a complete walk found as its branch's snapshot, and its
    /// digests as the history's day of the walk, in a blocking task (the
    /// files take a few milliseconds, the digests of 100,000 groups some
    /// 60); a failure is logged (the next start is merely slower, the next
    /// comparison older).
    pub fn write(&self, walked: Walked) {
        let Some(cache) = self.cache.clone() else {
            return;
        };
        let key = SnapshotKey {
            branch: walked.branch,
            ..self.key.clone()
        };
        let (zone, keep) = (walked.zone, self.history_days);
        let snapshot = Snapshot::new(
            key,
            walked.taken_at,
            walked.groups,
            walked.branches,
            walked.plugins,
            walked.centre,
        );
        tokio::task::spawn_blocking(move || {
            match cache.write(&snapshot) {
                Ok(path) => tracing::info!(path = %path.display(), "snapshot written"),
                Err(error) => tracing::warn!(%error, "snapshot not written"),
            }
            let day = HistoryDay {
                day: centre_day(snapshot.taken_at, &zone),
                taken_at: snapshot.taken_at,
                digests: digests(&snapshot.groups, zone),
                key: snapshot.key,
            };
            match cache.write_history(&day, centre_day(Utc::now(), &zone), keep) {
                Ok(path) => tracing::info!(path = %path.display(), "history day written"),
                Err(error) => tracing::warn!(%error, "history day not written"),
            }
        });
    }
}

impl Snapshots {
    /// The work of a comparison, to run off the loop (a blocking task):
    /// the baseline read from the history (`Cache::baseline`), the groups
    /// digested in the centre's zone, compared; the answer, or why not
    /// (no history kept, no day that reads: each file passed over says
    /// why). Never a panic for a file: a corrupt one is passed over.
    pub fn comparison(&self, ask: CompareAsk) -> impl FnOnce() -> Msg + Send + 'static {
        let cache = self.cache.clone();
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
                    let baseline = cache.baseline(&key, since, today);
                    let ignored: Vec<String> = (baseline.ignored.iter())
                        .map(|error| {
                            tracing::warn!(%error, "history day passed over");
                            error.to_string()
                        })
                        .collect();
                    match baseline.day {
                        None => Err(NotCompared::NoBaseline {
                            kept: baseline.kept,
                            ignored,
                        }),
                        Some(day) => Ok(Found::between(
                            &day, &groups, complete, zone, seen_at, today, ignored,
                        )),
                    }
                }
            };
            Msg::Compared(Box::new(Compared {
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
    use crate::model::Group;
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test]
    async fn a_complete_walk_writes_the_snapshot_and_the_history_day_in_the_centres_zone() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let key = SnapshotKey {
            profile: None,
            base_url: "http://127.0.0.1:1".into(),
            account: Some("5f1c".into()),
            branch: None,
        };
        let snapshots = Snapshots {
            cache: Some(cache.clone()),
            key: key.clone(),
            history_days: 7,
        };
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
