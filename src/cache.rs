//! The cache folder (`$XDG_CACHE_HOME/crmdeck`, `config::cache_dir`): one
//! snapshot file per (profile, base URL, account, branch), named by a hash of that
//! key (`snapshot-<16 hex>.json`), so a name tells nothing of the server.
//!
//! - Private (`local_files`): the folder 0700, the files 0600, no link
//!   followed, a file bigger than [`SNAPSHOT_SIZE_LIMIT`] not read.
//! - Written atomically: the bytes go to a temporary file in the same
//!   folder, which is then renamed over the snapshot. A reader sees the old
//!   file or the new one, never half of one; two crmdecks writing at once
//!   leave one of their snapshots whole (the last rename wins).
//! - What the file holds is checked by `store::Snapshot::decode` (version,
//!   whose it is); any refusal is a [`CacheError`], never a panic.
//!
//! Beside the snapshots, the history (`history.rs`, issue 28): per key and
//! centre day a file of the digests of that day's last complete walk
//! (`history-<16 hex>-<YYYY-MM-DD>.bin`), under the same rules.

mod history;

pub use history::{Baseline, HISTORY_SIZE_LIMIT, OpenDay};

use crate::local_files::{self, PrivateFileError};
use crate::store::{HistoryError, InParts, MAX_GROUPS, Snapshot, SnapshotError, SnapshotKey};
use sha2::{Digest, Sha256};
use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

/// The most read (and written) of a snapshot file: a group takes about
/// 1,150 bytes (115,041,787 for the 100,000 groups of the demo centre), so
/// the [`MAX_GROUPS`] (250,000) a walk holds take about 288 MB: this is
/// that with room (2,147 bytes a group). Within it, what the file decodes
/// to is bounded by the reader's ceilings (`store::Snapshot::read_from`),
/// not by its bytes.
pub const SNAPSHOT_SIZE_LIMIT: u64 = 512 << 20;

/// A temporary file of ours older than this is a write that died (killed
/// mid-write): the next write removes it. Younger, it may be another
/// crmdeck's write under way.
pub const STALE_TEMPORARY: Duration = Duration::from_secs(60 * 60);

const PREFIX: &str = "snapshot-";
/// The temporary files of writes under way (or of one killed mid-write).
const TEMPORARY_PREFIX: &str = ".snapshot-";

/// Why a snapshot was not read or written; the text names the file.
#[derive(Debug)]
pub enum CacheError {
    /// The folder or file could not be used (refused as not private, or an
    /// I/O error).
    File(PathBuf, PrivateFileError),
    /// Bigger than its limit ([`SNAPSHOT_SIZE_LIMIT`], [`HISTORY_SIZE_LIMIT`]).
    TooLarge(PathBuf, u64),
    /// Read, but not a snapshot this crmdeck may show.
    Snapshot(PathBuf, SnapshotError),
    /// Read, but not a history file this crmdeck may use.
    History(PathBuf, HistoryError),
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A refusal already names its path.
            Self::File(_, PrivateFileError::Refused(why)) => f.write_str(why),
            Self::File(_, exists @ PrivateFileError::Exists(_)) => exists.fmt(f),
            Self::File(path, PrivateFileError::Io(error)) => {
                write!(f, "{}: {error}", path.display())
            }
            Self::TooLarge(path, limit) => write!(
                f,
                "{}: larger than {}",
                path.display(),
                local_files::size_label(*limit)
            ),
            Self::Snapshot(path, error) => write!(f, "{}: {error}", path.display()),
            Self::History(path, error) => write!(f, "{}: {error}", path.display()),
        }
    }
}

/// The snapshot files in one folder.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    /// Set by [`Self::stop_writes`] (shared by the clones): the writes
    /// under way end at their next buffer, and no other starts.
    stopped: Arc<AtomicBool>,
}

/// A cache is its folder (whether its writes were stopped is not kept in
/// it).
impl PartialEq for Cache {
    fn eq(&self, other: &Self) -> bool {
        self.dir == other.dir
    }
}

impl Eq for Cache {}

/// Why a write stopped by [`Cache::stop_writes`] ended.
const STOPPED: &str = "stopped: crmdeck is quitting";

impl Cache {
    pub fn new(dir: PathBuf) -> Self {
        Self {
            dir,
            stopped: Arc::default(),
        }
    }

    /// Stops the writes of this cache and of its clones (issue 34 §4: a
    /// quit keeps the old files whole and leaves no temporary file): a
    /// write under way fails at its next buffer of bytes, before its
    /// rename, and its temporary file is removed; a write asked after
    /// this is refused.
    pub fn stop_writes(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `key`'s snapshot.
    pub fn path(&self, key: &SnapshotKey) -> PathBuf {
        self.dir.join(format!("{PREFIX}{}.json", key_hex(key)))
    }

    /// `key`'s snapshot; `Ok(None)` when there is none.
    pub fn read(&self, key: &SnapshotKey) -> Result<Option<Snapshot>, CacheError> {
        self.read_with(key, |reader| Snapshot::read_from(reader, key))
    }

    /// [`Self::read`] in parts (`Snapshot::read_in_parts`): its first
    /// groups handed on as soon as they are read (issue 34 §3).
    pub fn read_in_parts(
        &self,
        key: &SnapshotKey,
        parts: InParts<'_>,
    ) -> Result<Option<Snapshot>, CacheError> {
        self.read_with(key, |reader| Snapshot::read_in_parts(reader, key, parts))
    }

    fn read_with(
        &self,
        key: &SnapshotKey,
        read: impl FnOnce(&mut dyn Read) -> Result<Snapshot, SnapshotError>,
    ) -> Result<Option<Snapshot>, CacheError> {
        let path = self.path(key);
        let Some(file) = open_within(&path, SNAPSHOT_SIZE_LIMIT)? else {
            return Ok(None);
        };
        // Decoded as it is read, never read past the limit (a file that
        // grew since is cut there, and refused as unreadable).
        let mut reader = BufReader::with_capacity(1 << 16, file.take(SNAPSHOT_SIZE_LIMIT));
        read(&mut reader)
            .map(Some)
            .map_err(|error| CacheError::Snapshot(path, error))
    }

    /// Writes `snapshot` as its key's file, atomically; returns the path.
    pub fn write(&self, snapshot: &Snapshot) -> Result<PathBuf, CacheError> {
        self.write_with(&snapshot.key, |writer| snapshot.write_to(writer))
    }

    /// Writes `key`'s file with what `write` writes, atomically: into a
    /// temporary file renamed over the snapshot only when `write` ended
    /// well (a failed write leaves the old snapshot, and no temporary
    /// file); returns the path. A file the reader would refuse is not
    /// written: past [`SNAPSHOT_SIZE_LIMIT`] bytes, or a refusal `write`
    /// returns (a [`SnapshotError`] in an `InvalidData` error, from
    /// `Snapshot::write_with_groups`). Temporary files of ours older than
    /// [`STALE_TEMPORARY`] are removed first.
    pub fn write_with(
        &self,
        key: &SnapshotKey,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<PathBuf, CacheError> {
        self.write_file(self.path(key), SNAPSHOT_SIZE_LIMIT, write)
    }

    /// Writes `path` (a file of this folder) as [`Self::write_with`]
    /// writes a snapshot, at most `limit` bytes.
    fn write_file(
        &self,
        path: PathBuf,
        limit: u64,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<PathBuf, CacheError> {
        let failed = |error: io::Error| CacheError::File(path.clone(), error.into());
        // Not `Interrupted`, which `write_all` would retry.
        let stopped = || io::Error::other(STOPPED);
        if self.stopped.load(Ordering::Relaxed) {
            return Err(failed(stopped()));
        }
        local_files::private_dir(&self.dir)
            .map_err(|error| CacheError::File(path.clone(), error))?;
        let now = SystemTime::now();
        self.remove_temporaries_before(now.checked_sub(STALE_TEMPORARY).unwrap_or(now));
        // tempfile creates it 0600 with a name no other writer takes.
        let mut temporary = tempfile::Builder::new()
            .prefix(TEMPORARY_PREFIX)
            .suffix(".tmp")
            .tempfile_in(&self.dir)
            .map_err(failed)?;
        // Streamed through a buffer: the JSON (11 MB for 10,000 groups) is
        // never whole in memory.
        let mut writer = Capped {
            writer: BufWriter::new(temporary.as_file_mut()),
            left: limit,
            over: false,
            stopped: &self.stopped,
        };
        // On an error the temporary file is removed when dropped.
        let written = write(&mut writer).and_then(|()| writer.flush());
        let over = writer.over;
        drop(writer);
        match written {
            Err(_) if over => return Err(CacheError::TooLarge(path, limit)),
            Err(error) => {
                let refused = error.get_ref();
                let snapshot = refused.and_then(|inner| inner.downcast_ref::<SnapshotError>());
                let history = refused.and_then(|inner| inner.downcast_ref::<HistoryError>());
                return Err(match (snapshot, history) {
                    (Some(why), _) => CacheError::Snapshot(path.clone(), why.clone()),
                    (None, Some(why)) => CacheError::History(path.clone(), why.clone()),
                    (None, None) => failed(error),
                });
            }
            Ok(()) => {}
        }
        // Stopped once written: not worth the wait for the disk.
        if self.stopped.load(Ordering::Relaxed) {
            return Err(failed(stopped()));
        }
        temporary.as_file().sync_all().map_err(failed)?;
        temporary
            .persist(&path)
            .map_err(|error| failed(error.error))?;
        Ok(path)
    }

    /// Removes the temporary files of ours (by name: `.snapshot-*.tmp`,
    /// the snapshots' and the history's) last changed before `before`; a
    /// file that cannot be removed or read stays (logged). At each write,
    /// those older than [`STALE_TEMPORARY`]; at the dashboard's start,
    /// those older than the process (`runtime::run`: a write killed or cut
    /// short by an earlier run's quit, issue 34 §4).
    pub fn remove_temporaries_before(&self, before: SystemTime) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for path in entries.flatten().map(|entry| entry.path()) {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !(name.starts_with(TEMPORARY_PREFIX) && name.ends_with(".tmp")) {
                continue;
            }
            // Not followed: a link is judged as itself.
            let changed = std::fs::symlink_metadata(&path).and_then(|m| m.modified());
            let stale = changed.is_ok_and(|at| at < before);
            if stale {
                match std::fs::remove_file(&path) {
                    Ok(()) => {
                        tracing::info!(path = %path.display(), "stale temporary snapshot removed")
                    }
                    Err(error) => {
                        tracing::warn!(path = %path.display(), %error, "stale temporary snapshot not removed")
                    }
                }
            }
        }
    }

    /// Removes every snapshot file (and temporary file) of ours; returns
    /// what was removed. A missing folder is nothing to remove.
    pub fn clear(&self) -> Result<Vec<PathBuf>, CacheError> {
        let failed = |error: io::Error| CacheError::File(self.dir.clone(), error.into());
        // A linked or foreign folder is refused, as reads and writes refuse
        // it: its files are not ours to remove.
        let exists = local_files::existing_private_dir(&self.dir)
            .map_err(|error| CacheError::File(self.dir.clone(), error))?;
        if !exists {
            return Ok(Vec::new());
        }
        let entries = std::fs::read_dir(&self.dir).map_err(failed)?;
        let mut removed = Vec::new();
        for entry in entries {
            let path = entry.map_err(failed)?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let ours = (name.starts_with(PREFIX) && name.ends_with(".json"))
                || history::is_history_file(name)
                || (name.starts_with(TEMPORARY_PREFIX) && name.ends_with(".tmp"));
            if ours {
                std::fs::remove_file(&path).map_err(failed)?;
                removed.push(path);
            }
        }
        removed.sort();
        Ok(removed)
    }
}

/// `key` hashed, what names its files: the key as JSON is unambiguous (no
/// separator to smuggle in).
fn key_hex(key: &SnapshotKey) -> String {
    let named = serde_json::to_vec(key).expect("a key serialises");
    let digest = Sha256::digest(&named);
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// `path` opened to read, private and at most `limit` bytes; None when
/// there is no file.
fn open_within(path: &Path, limit: u64) -> Result<Option<std::fs::File>, CacheError> {
    if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
        return Ok(None);
    }
    let file = local_files::open_private(path, OpenOptions::new().read(true))
        .map_err(|error| CacheError::File(path.to_path_buf(), error))?;
    let size = (file.metadata())
        .map_err(|error| CacheError::File(path.to_path_buf(), error.into()))?
        .len();
    if size > limit {
        return Err(CacheError::TooLarge(path.to_path_buf(), limit));
    }
    Ok(Some(file))
}

/// A writer that takes at most `left` bytes more, then fails (`over`);
/// and fails once `stopped` is set.
struct Capped<'a, W> {
    writer: W,
    left: u64,
    over: bool,
    stopped: &'a AtomicBool,
}

impl<W: Write> Write for Capped<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.stopped.load(Ordering::Relaxed) {
            return Err(io::Error::other(STOPPED));
        }
        if bytes.len() as u64 > self.left {
            self.over = true;
            return Err(io::Error::other(format!(
                "larger than {}",
                local_files::size_label(SNAPSHOT_SIZE_LIMIT)
            )));
        }
        let written = self.writer.write(bytes)?;
        self.left -= written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// [`MAX_GROUPS`] as the limit of [`SNAPSHOT_SIZE_LIMIT`] was made for.
const _: () = assert!(SNAPSHOT_SIZE_LIMIT / MAX_GROUPS as u64 > 2_000);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Branch, Group};
    use crate::store::MAX_GROUPS;
    use chrono::{TimeZone, Utc};
    use std::os::unix::fs::PermissionsExt;

    /// A key of `profile` (the history's tests' too).
    pub(super) fn key(profile: &str) -> SnapshotKey {
        SnapshotKey {
            profile: Some(profile.into()),
            base_url: "http://127.0.0.1:8080".into(),
            account: Some("5f1c".into()),
            branch: Some(1),
        }
    }

    fn snapshot(key: SnapshotKey, groups: i64) -> Snapshot {
        let groups = (1..=groups).map(|id| Group {
            id,
            name: format!("Group {id}"),
            ..Group::default()
        });
        let branches = vec![Branch {
            id: 1,
            name: "Chilonzor".into(),
        }];
        let taken = Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap();
        Snapshot::new(key, taken, groups, Some(branches), None, None)
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_written_snapshot_reads_back_private_and_keyed() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().join("cache/crmdeck"));
        assert!(cache.read(&key("ops")).unwrap().is_none());
        let path = cache.write(&snapshot(key("ops"), 3)).unwrap();
        assert_eq!(path, cache.path(&key("ops")));
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("snapshot-") && name.ends_with(".json") && name.len() == 30);
        assert_eq!(mode(cache.dir()), 0o700);
        assert_eq!(mode(&path), 0o600);
        assert_eq!(cache.read(&key("ops")).unwrap().unwrap().groups.len(), 3);
        // Another profile has another file, and none yet.
        assert_ne!(cache.path(&key("dev")), path);
        assert!(cache.read(&key("dev")).unwrap().is_none());
    }

    #[test]
    fn a_file_under_another_keys_name_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let theirs = cache.write(&snapshot(key("dev"), 2)).unwrap();
        std::fs::rename(theirs, cache.path(&key("ops"))).unwrap();
        let refused = cache.read(&key("ops")).unwrap_err();
        assert!(matches!(
            refused,
            CacheError::Snapshot(_, SnapshotError::ForeignKey)
        ));
        assert!(refused.to_string().contains("another profile"));
    }

    #[test]
    fn corrupt_empty_and_unreadable_files_are_errors() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let path = cache.path(&key("ops"));
        for bytes in [&b""[..], b"{\"version\": 1, \"key\"", b"\x00\x01garbage"] {
            std::fs::write(&path, bytes).unwrap();
            assert!(matches!(
                cache.read(&key("ops")),
                Err(CacheError::Snapshot(_, SnapshotError::Unreadable(_)))
            ));
        }
        // A file over the limit is not read past it (a sparse file: fast).
        let huge = std::fs::File::create(&path).unwrap();
        huge.set_len(SNAPSHOT_SIZE_LIMIT + 1).unwrap();
        let refused = cache.read(&key("ops")).unwrap_err();
        assert!(matches!(refused, CacheError::TooLarge(..)));
        assert!(refused.to_string().ends_with("larger than 512 MiB"));
        // A folder where the file should be cannot be read.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert!(matches!(cache.read(&key("ops")), Err(CacheError::File(..))));
    }

    #[test]
    fn clear_removes_only_our_files() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        assert_eq!(cache.clear().unwrap(), Vec::<PathBuf>::new());
        let ops = cache.write(&snapshot(key("ops"), 1)).unwrap();
        let dev = cache.write(&snapshot(key("dev"), 1)).unwrap();
        let left_over = root.path().join(".snapshot-abc.tmp");
        std::fs::write(&left_over, "half").unwrap();
        let theirs = root.path().join("notes.txt");
        std::fs::write(&theirs, "keep").unwrap();
        let mut expected = vec![ops, dev, left_over];
        expected.sort();
        assert_eq!(cache.clear().unwrap(), expected);
        assert!(theirs.exists());
        assert!(cache.read(&key("ops")).unwrap().is_none());
        // A cache folder never made: nothing to remove.
        let never = Cache::new(root.path().join("never"));
        assert!(never.clear().unwrap().is_empty());
    }

    #[test]
    fn clear_refuses_a_linked_folder_and_leaves_its_target_alone() {
        let root = tempfile::tempdir().unwrap();
        let real = Cache::new(root.path().join("real"));
        let theirs = real.write(&snapshot(key("ops"), 1)).unwrap();
        let link = root.path().join("link");
        std::os::unix::fs::symlink(root.path().join("real"), &link).unwrap();
        let refused = Cache::new(link).clear().unwrap_err();
        assert!(refused.to_string().contains("symbolic link"), "{refused}");
        assert!(theirs.exists());
    }

    #[test]
    fn a_fifo_at_the_snapshot_path_is_refused_without_waiting() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let path = cache.path(&key("ops"));
        let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string; mkfifo takes nothing else.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // Before, open() blocked here until a writer came: forever.
        let refused = cache.read(&key("ops")).unwrap_err();
        assert!(
            refused.to_string().contains("not a regular file"),
            "{refused}"
        );
    }

    #[test]
    fn two_writers_at_once_never_leave_a_broken_file() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        cache.write(&snapshot(key("ops"), 1)).unwrap();
        std::thread::scope(|scope| {
            for size in [300, 700] {
                let cache = &cache;
                scope.spawn(move || {
                    for _ in 0..40 {
                        cache.write(&snapshot(key("ops"), size)).unwrap();
                    }
                });
            }
            // Read while they write: always one whole snapshot or the other.
            for _ in 0..80 {
                let read = cache.read(&key("ops")).unwrap().unwrap();
                assert!([1, 300, 700].contains(&read.groups.len()));
            }
        });
        let last = cache.read(&key("ops")).unwrap().unwrap();
        assert!([300, 700].contains(&last.groups.len()));
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_snapshot_of_more_than_100000_groups_round_trips() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let written = snapshot(key("ops"), 100_001);
        let path = cache.write(&written).unwrap();
        // Within the limit it is read with, with room.
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size < SNAPSHOT_SIZE_LIMIT / 4, "{size} bytes");
        let read = cache.read(&key("ops")).unwrap().unwrap();
        assert_eq!(read, written);
    }

    #[test]
    fn a_snapshot_the_reader_would_refuse_is_never_written() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let old = cache.write(&snapshot(key("ops"), 2)).unwrap();
        let empty = snapshot(key("ops"), 0);
        let tiny = Group::default();
        let mut count = 0;
        let refused = cache
            .write_with(&key("ops"), |writer| {
                empty.write_with_groups(writer, |each| {
                    (0..=MAX_GROUPS).try_for_each(|_| {
                        count += 1;
                        each(&tiny)
                    })
                })
            })
            .unwrap_err();
        // Refused at the first group past the ceiling.
        assert_eq!(count, MAX_GROUPS + 1);
        assert!(matches!(
            &refused,
            CacheError::Snapshot(_, SnapshotError::TooMany { what: "groups", .. })
        ));
        assert!(
            refused
                .to_string()
                .ends_with("holds more than 250000 groups")
        );
        // The snapshot before stays, and no temporary file is left.
        assert_eq!(cache.read(&key("ops")).unwrap().unwrap().groups.len(), 2);
        let files: Vec<_> = std::fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].as_ref().unwrap().path(), old);
    }

    #[test]
    fn a_write_past_the_size_limit_fails_and_says_so() {
        let mut sink = Vec::new();
        let mut capped = Capped {
            writer: &mut sink,
            left: 10,
            over: false,
            stopped: &AtomicBool::new(false),
        };
        capped.write_all(b"0123456789").unwrap();
        assert!(!capped.over);
        assert!(capped.write_all(b"!").is_err());
        assert!(capped.over);
        assert_eq!(sink, b"0123456789");
    }

    #[test]
    fn stale_temporary_files_are_removed_at_the_next_write_and_fresh_ones_kept() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let file =
            |name: &str, age: Duration| changed_at(root.path(), name, SystemTime::now() - age);
        let hour = STALE_TEMPORARY;
        // A write killed two hours ago, and one under way (another crmdeck's).
        let stale = file(".snapshot-killed.tmp", hour * 2);
        let fresh = file(".snapshot-writing.tmp", hour / 2);
        // Not ours by name, however old.
        let others = [
            file("notes.tmp", hour * 2),
            file(".snapshot-old.json", hour * 2),
        ];
        cache.write(&snapshot(key("ops"), 1)).unwrap();
        assert!(!stale.exists());
        assert!(fresh.exists());
        assert!(others.iter().all(|path| path.exists()));
    }

    /// A file `name` made in `dir`, last changed `at`.
    fn changed_at(dir: &Path, name: &str, at: SystemTime) -> PathBuf {
        let path = dir.join(name);
        let file = std::fs::File::create(&path).unwrap();
        file.set_modified(at).unwrap();
        path
    }

    /// The temporary files of ours in `dir`.
    fn temporaries(dir: &Path) -> Vec<String> {
        let names = std::fs::read_dir(dir).unwrap().flatten();
        let names = names.filter_map(|entry| entry.file_name().into_string().ok());
        names
            .filter(|name| name.starts_with(TEMPORARY_PREFIX))
            .collect()
    }

    #[test]
    fn a_write_stopped_mid_way_leaves_the_old_file_byte_for_byte_and_no_temporary_file() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let old = snapshot(key("ops"), 3);
        let path = cache.write(&old).unwrap();
        let before = std::fs::read(&path).unwrap();
        // A quit comes (from a clone: the loop's) while the new one is
        // half written, with more than a buffer's worth of bytes to go.
        let quitting = cache.clone();
        let new = snapshot(key("ops"), 2_000);
        let mut groups_written = 0;
        let result = cache.write_with(&new.key, |writer| {
            new.write_with_groups(writer, |each| {
                new.groups.iter().try_for_each(|group| {
                    groups_written += 1;
                    if groups_written == 1_000 {
                        quitting.stop_writes();
                    }
                    each(group)
                })
            })
        });
        let error = result.unwrap_err().to_string();
        assert!(error.contains("crmdeck is quitting"), "{error}");
        assert!(groups_written < 1_100, "stopped at its next buffer");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        assert_eq!(temporaries(root.path()), Vec::<String>::new());
        // Nothing written after it: the history's day neither.
        assert!(cache.write(&new).is_err());
        assert_eq!(std::fs::read(&path).unwrap(), before);
        assert_eq!(temporaries(root.path()), Vec::<String>::new());
    }

    #[test]
    fn temporary_files_older_than_the_process_are_removed_at_its_start() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let file = |name: &str, at: SystemTime| changed_at(root.path(), name, at);
        let started = SystemTime::now();
        let second = Duration::from_secs(1);
        // An earlier run's, cut at its quit five seconds ago (a history
        // day's too), and one another crmdeck is writing now.
        let left = file(".snapshot-quit.tmp", started - second * 5);
        let history = file(".snapshot-day.tmp", started - second * 5);
        let writing = file(".snapshot-writing.tmp", started + second);
        let others = [
            file("notes.tmp", started - second * 5),
            file(".history-old.tmp", started - second * 5),
        ];
        cache.remove_temporaries_before(started);
        assert!(!left.exists() && !history.exists());
        assert!(writing.exists());
        assert!(others.iter().all(|path| path.exists()));
    }
}
