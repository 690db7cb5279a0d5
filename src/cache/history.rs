//! The history's files (issue 28): per key (profile, base URL, account,
//! branch) and centre day, the digests of that day's last complete walk,
//! `history-<16 hex of the key>-<YYYY-MM-DD>.bin` beside the snapshots and
//! under their rules (0600 in 0700, no link followed, atomic, bounded
//! reads; the format, `store::HistoryDay`, holds no token). A file that
//! cannot be used is passed over with its reason (the caller warns), never
//! a crash; days past `history_days` are removed after each write.

use super::{Cache, CacheError, key_hex, open_within};
use crate::domain::changes::Since;
use crate::store::{HistoryDay, MAX_GROUPS, SnapshotKey, past_the_limit};
use chrono::NaiveDate;
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;
use std::sync::Arc;

/// The most read (and written) of one day's file: a group takes about 50
/// bytes, so the [`MAX_GROUPS`] (250,000) a walk holds take about 13 MB;
/// this is that with room (a long name is at most 4 KiB, cut there).
pub const HISTORY_SIZE_LIMIT: u64 = 64 << 20;

const _: () = assert!(HISTORY_SIZE_LIMIT / MAX_GROUPS as u64 > 200);

const PREFIX: &str = "history-";
const SUFFIX: &str = ".bin";

/// Whether `name` is a history file's (of any key).
pub(super) fn is_history_file(name: &str) -> bool {
    name.starts_with(PREFIX) && name.ends_with(SUFFIX)
}

/// A day of the history held open: read again whenever asked, as it was
/// when opened, also once its name holds a later walk (the file is
/// replaced by a rename, the open one stays whole). A baseline held this
/// way costs the session no memory between comparisons (decoded, 100,000
/// groups' digests are 14 MB).
#[derive(Debug, Clone)]
pub struct OpenDay {
    file: Arc<File>,
    path: PathBuf,
    key: SnapshotKey,
    day: NaiveDate,
}

impl OpenDay {
    /// The day, read from the start of the file opened.
    pub fn read(&self) -> Result<HistoryDay, CacheError> {
        let failed = |error: std::io::Error| CacheError::File(self.path.clone(), error.into());
        let len = self.file.metadata().map_err(failed)?.len();
        if len > HISTORY_SIZE_LIMIT {
            return Err(CacheError::TooLarge(self.path.clone(), HISTORY_SIZE_LIMIT));
        }
        let mut bytes = vec![0; len as usize];
        self.file.read_exact_at(&mut bytes, 0).map_err(failed)?;
        HistoryDay::decode(&bytes, &self.key, self.day)
            .map_err(|error| CacheError::History(self.path.clone(), error))
    }
}

/// What a comparison is against.
#[derive(Debug, Default)]
pub struct Baseline {
    /// The day chosen, read; None: none of the days asked for could be.
    pub day: Option<HistoryDay>,
    /// That day's file, held open (to compare with it again).
    pub open: Option<OpenDay>,
    /// The centre days the history holds for the key, but those passed
    /// over (`ignored`).
    pub kept: Vec<NaiveDate>,
    /// The files passed over, and why (corrupt, another key's, too big).
    pub ignored: Vec<CacheError>,
}

impl Cache {
    /// The file of `key`'s history of `day`.
    pub fn history_path(&self, key: &SnapshotKey, day: NaiveDate) -> PathBuf {
        (self.dir).join(format!("{PREFIX}{}-{day}{SUFFIX}", key_hex(key)))
    }

    /// The centre days `key`'s history holds, oldest first (none when the
    /// folder cannot be listed).
    pub fn history_days(&self, key: &SnapshotKey) -> Vec<NaiveDate> {
        let start = format!("{PREFIX}{}-", key_hex(key));
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut days: Vec<NaiveDate> = (entries.flatten())
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                let day = name.strip_prefix(&start)?.strip_suffix(SUFFIX)?;
                day.parse().ok()
            })
            .collect();
        days.sort_unstable();
        days
    }

    /// `key`'s history of `day`; `Ok(None)` when there is none.
    pub fn read_history(
        &self,
        key: &SnapshotKey,
        day: NaiveDate,
    ) -> Result<Option<HistoryDay>, CacheError> {
        self.open_history(key, day)?
            .map(|open| open.read())
            .transpose()
    }

    /// `key`'s history of `day` opened, not read; `Ok(None)` when there is
    /// none.
    pub fn open_history(
        &self,
        key: &SnapshotKey,
        day: NaiveDate,
    ) -> Result<Option<OpenDay>, CacheError> {
        let path = self.history_path(key, day);
        let Some(file) = open_within(&path, HISTORY_SIZE_LIMIT)? else {
            return Ok(None);
        };
        Ok(Some(OpenDay {
            file: Arc::new(file),
            path,
            key: key.clone(),
            day,
        }))
    }

    /// The first day `since` would compare with that opens, opened, not
    /// read (a walk's write is about to replace it: held open, it stays
    /// this session's `last`).
    pub fn open_baseline(
        &self,
        key: &SnapshotKey,
        since: Since,
        today: NaiveDate,
    ) -> Option<OpenDay> {
        let kept = self.history_days(key);
        let mut candidates = since.candidates(today, &kept).into_iter();
        candidates.find_map(|day| self.open_history(key, day).ok().flatten())
    }

    /// Writes `history` as its key's file of its day, atomically, then
    /// removes the key's days older than `keep_days` before `today` (a
    /// file that cannot be removed is logged); returns the path.
    pub fn write_history(
        &self,
        history: &HistoryDay,
        today: NaiveDate,
        keep_days: u32,
    ) -> Result<PathBuf, CacheError> {
        let write = |writer: &mut dyn Write| history.write_to(writer);
        self.write_history_with(&history.key, history.day, today, keep_days, write)
    }

    /// [`Self::write_history`] of the day `write` writes (`store::write_day`
    /// of `store::encode_day`: the digests made one at a time).
    pub fn write_history_with(
        &self,
        key: &SnapshotKey,
        day: NaiveDate,
        today: NaiveDate,
        keep_days: u32,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<PathBuf, CacheError> {
        let path = self.history_path(key, day);
        let written = self.write_file(path, HISTORY_SIZE_LIMIT, write)?;
        let kept = self.history_days(key);
        for day in past_the_limit(&kept, today, keep_days) {
            let old = self.history_path(key, day);
            match std::fs::remove_file(&old) {
                Ok(()) => {
                    tracing::info!(path = %old.display(), "history day past the limit removed")
                }
                Err(error) => {
                    tracing::warn!(path = %old.display(), %error, "history day past the limit not removed")
                }
            }
        }
        Ok(written)
    }

    /// The day of `key`'s history to compare with (`since`, the centre's
    /// `today`): the first of its candidates that reads; those that do not
    /// are passed over, each with its reason, and are not among the days
    /// said to be kept (a "no baseline" message names only days it holds).
    pub fn baseline(&self, key: &SnapshotKey, since: Since, today: NaiveDate) -> Baseline {
        let mut kept = self.history_days(key);
        let mut ignored = Vec::new();
        let mut refused = Vec::new();
        let (mut found, mut open) = (None, None);
        for day in since.candidates(today, &kept) {
            let read = self.open_history(key, day).and_then(|opened| match opened {
                None => Ok(None),
                Some(opened) => opened.read().map(|read| Some((read, opened))),
            });
            match read {
                Ok(Some((read, opened))) => {
                    (found, open) = (Some(read), Some(opened));
                    break;
                }
                Ok(None) => {}
                Err(error) => {
                    ignored.push(error);
                    refused.push(day);
                }
            }
        }
        kept.retain(|day| !refused.contains(day));
        Baseline {
            day: found,
            open,
            kept,
            ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::key;
    use super::*;
    use crate::domain::digest::digests;
    use crate::domain::zone::CENTRE_ZONE;
    use crate::model::Group;
    use crate::store::HistoryError;
    use std::os::unix::fs::PermissionsExt;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn history(key: SnapshotKey, on: &str, groups: i64) -> HistoryDay {
        let groups = (1..=groups).map(|id| Group {
            id,
            name: format!("Group {id}"),
            ..Group::default()
        });
        HistoryDay {
            key,
            day: day(on),
            taken_at: format!("{on}T04:00:00Z").parse().unwrap(),
            digests: digests(groups, CENTRE_ZONE),
        }
    }

    fn mode(path: &std::path::Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_day_written_reads_back_private_and_keyed() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().join("cache/crmdeck"));
        let written = history(key("ops"), "2026-11-25", 3);
        let path = cache.write_history(&written, day("2026-11-26"), 7).unwrap();
        assert_eq!(mode(cache.dir()), 0o700);
        assert_eq!(mode(&path), 0o600);
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(
            name.starts_with("history-") && name.ends_with("-2026-11-25.bin"),
            "{name}"
        );
        let read = cache.read_history(&key("ops"), day("2026-11-25")).unwrap();
        assert_eq!(read.as_ref(), Some(&written));
        assert_eq!(cache.history_days(&key("ops")), [day("2026-11-25")]);
        assert!(cache.history_days(&key("dev")).is_empty());
    }

    #[test]
    fn days_past_the_limit_are_pruned_at_each_write() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let days = [
            "2026-11-01",
            "2026-11-17",
            "2026-11-18",
            "2026-11-19",
            "2026-11-25",
        ];
        for on in days {
            cache
                .write_history(&history(key("ops"), on, 2), day(on), 7)
                .unwrap();
        }
        // Another key's old day is not this key's to prune.
        cache
            .write_history(&history(key("dev"), "2026-11-01", 2), day("2026-11-01"), 7)
            .unwrap();
        cache
            .write_history(&history(key("ops"), "2026-11-26", 2), day("2026-11-26"), 7)
            .unwrap();
        assert_eq!(
            cache.history_days(&key("ops")),
            [day("2026-11-19"), day("2026-11-25"), day("2026-11-26")]
        );
        assert_eq!(cache.history_days(&key("dev")), [day("2026-11-01")]);
        // A smaller limit takes effect at the next write.
        cache
            .write_history(&history(key("ops"), "2026-11-26", 2), day("2026-11-26"), 1)
            .unwrap();
        assert_eq!(
            cache.history_days(&key("ops")),
            [day("2026-11-25"), day("2026-11-26")]
        );
        // `cache clear` takes the history too.
        assert_eq!(cache.clear().unwrap().len(), 3);
    }

    #[test]
    fn a_corrupt_foreign_or_oversized_day_is_passed_over_with_its_reason() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        for on in ["2026-11-23", "2026-11-24", "2026-11-25"] {
            cache
                .write_history(&history(key("ops"), on, 2), day("2026-11-26"), 7)
                .unwrap();
        }
        let path = |on: &str| cache.history_path(&key("ops"), day(on));
        // The latest scribbled on, the one before another key's.
        std::fs::write(path("2026-11-25"), b"\x00garbage").unwrap();
        let theirs = cache
            .write_history(&history(key("dev"), "2026-11-24", 2), day("2026-11-26"), 7)
            .unwrap();
        std::fs::rename(theirs, path("2026-11-24")).unwrap();
        let baseline = cache.baseline(&key("ops"), Since::EarlierDay, day("2026-11-26"));
        assert_eq!(baseline.day.map(|d| d.day), Some(day("2026-11-23")));
        // The days passed over are not said to be held.
        assert_eq!(baseline.kept, [day("2026-11-23")]);
        let reasons: Vec<String> = baseline.ignored.iter().map(ToString::to_string).collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert!(reasons[0].contains("not a history file"), "{}", reasons[0]);
        assert!(matches!(
            baseline.ignored[1],
            CacheError::History(_, HistoryError::ForeignKey)
        ));
        // A file past the limit is not read (a sparse file: fast).
        let huge = std::fs::File::create(path("2026-11-23")).unwrap();
        huge.set_len(HISTORY_SIZE_LIMIT + 1).unwrap();
        let baseline = cache.baseline(&key("ops"), Since::EarlierDay, day("2026-11-26"));
        assert!(baseline.day.is_none());
        assert!(matches!(baseline.ignored[2], CacheError::TooLarge(..)));
        assert!(baseline.kept.is_empty(), "{:?}", baseline.kept);
        // A day asked for that is not kept: no baseline, nothing ignored.
        let none = cache.baseline(
            &key("ops"),
            Since::Date(day("2026-11-20")),
            day("2026-11-26"),
        );
        assert!(none.day.is_none() && none.ignored.is_empty());
        assert_eq!(none.kept.len(), 3);
    }

    #[test]
    fn a_week_of_ten_thousand_groups_stays_within_ten_megabytes() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        for on in 19..=26 {
            let on = format!("2026-11-{on}");
            cache
                .write_history(&history(key("ops"), &on, 10_000), day("2026-11-26"), 7)
                .unwrap();
        }
        let total: u64 = (std::fs::read_dir(root.path()).unwrap())
            .map(|entry| entry.unwrap().metadata().unwrap().len())
            .sum();
        assert!(total <= 10 << 20, "{total} bytes");
        assert_eq!(cache.history_days(&key("ops")).len(), 8);
    }
}
