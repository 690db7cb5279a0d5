//! The cache folder (`$XDG_CACHE_HOME/crmdeck`, `config::cache_dir`): one
//! snapshot file per (profile, base URL, branch), named by a hash of that
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

use crate::local_files::{self, PrivateFileError};
use crate::store::{Snapshot, SnapshotError, SnapshotKey};
use sha2::{Digest, Sha256};
use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The most read of a snapshot file: 2,000 groups take about 2 MiB.
pub const SNAPSHOT_SIZE_LIMIT: u64 = 64 << 20;

const PREFIX: &str = "snapshot-";
/// The temporary files of writes under way (or of one killed mid-write).
const TEMPORARY_PREFIX: &str = ".snapshot-";

/// Why a snapshot was not read or written; the text names the file.
#[derive(Debug)]
pub enum CacheError {
    /// The folder or file could not be used (refused as not private, or an
    /// I/O error).
    File(PathBuf, PrivateFileError),
    /// Bigger than [`SNAPSHOT_SIZE_LIMIT`].
    TooLarge(PathBuf),
    /// Read, but not a snapshot this crmdeck may show.
    Snapshot(PathBuf, SnapshotError),
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A refusal already names its path.
            Self::File(_, PrivateFileError::Refused(why)) => f.write_str(why),
            Self::File(path, PrivateFileError::Io(error)) => {
                write!(f, "{}: {error}", path.display())
            }
            Self::TooLarge(path) => write!(
                f,
                "{}: larger than {}",
                path.display(),
                local_files::size_label(SNAPSHOT_SIZE_LIMIT)
            ),
            Self::Snapshot(path, error) => write!(f, "{}: {error}", path.display()),
        }
    }
}

/// The snapshot files in one folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `key`'s snapshot.
    pub fn path(&self, key: &SnapshotKey) -> PathBuf {
        // The key as JSON is unambiguous (no separator to smuggle in).
        let named = serde_json::to_vec(key).expect("a key serialises");
        let digest = Sha256::digest(&named);
        let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(format!("{PREFIX}{hex}.json"))
    }

    /// `key`'s snapshot; `Ok(None)` when there is none.
    pub fn read(&self, key: &SnapshotKey) -> Result<Option<Snapshot>, CacheError> {
        let path = self.path(key);
        if std::fs::symlink_metadata(&path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
            return Ok(None);
        }
        let file = local_files::open_private(&path, OpenOptions::new().read(true))
            .map_err(|error| CacheError::File(path.clone(), error))?;
        let bytes = local_files::read_at_most(file, SNAPSHOT_SIZE_LIMIT)
            .map_err(|error| CacheError::File(path.clone(), error.into()))?
            .ok_or_else(|| CacheError::TooLarge(path.clone()))?;
        Snapshot::decode(&bytes, key)
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
    /// file); returns the path.
    pub fn write_with(
        &self,
        key: &SnapshotKey,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<PathBuf, CacheError> {
        let path = self.path(key);
        let failed = |error: io::Error| CacheError::File(path.clone(), error.into());
        local_files::private_dir(&self.dir)
            .map_err(|error| CacheError::File(path.clone(), error))?;
        // tempfile creates it 0600 with a name no other writer takes.
        let mut temporary = tempfile::Builder::new()
            .prefix(TEMPORARY_PREFIX)
            .suffix(".tmp")
            .tempfile_in(&self.dir)
            .map_err(failed)?;
        // Streamed through a buffer: the JSON (11 MB for 10,000 groups) is
        // never whole in memory.
        let mut writer = BufWriter::new(temporary.as_file_mut());
        write(&mut writer)
            .and_then(|()| writer.flush())
            .map_err(failed)?;
        drop(writer);
        temporary.as_file().sync_all().map_err(failed)?;
        temporary
            .persist(&path)
            .map_err(|error| failed(error.error))?;
        Ok(path)
    }

    /// Removes every snapshot file (and temporary file) of ours; returns
    /// what was removed. A missing folder is nothing to remove.
    pub fn clear(&self) -> Result<Vec<PathBuf>, CacheError> {
        let failed = |error: io::Error| CacheError::File(self.dir.clone(), error.into());
        let entries = match std::fs::read_dir(&self.dir) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            entries => entries.map_err(failed)?,
        };
        let mut removed = Vec::new();
        for entry in entries {
            let path = entry.map_err(failed)?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let ours = (name.starts_with(PREFIX) && name.ends_with(".json"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Branch, Group};
    use chrono::{TimeZone, Utc};
    use std::os::unix::fs::PermissionsExt;

    fn key(profile: &str) -> SnapshotKey {
        SnapshotKey {
            profile: Some(profile.into()),
            base_url: "http://127.0.0.1:8080".into(),
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
        assert!(matches!(refused, CacheError::TooLarge(_)));
        assert!(refused.to_string().ends_with("larger than 64 MiB"));
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
}
