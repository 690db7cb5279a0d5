//! The rules for the files crmdeck keeps on this machine (the log, the
//! state and cache files), for the files it writes for the user, and for
//! the files it reads.
//!
//! - A folder of ours ([`private_dir`]) is created 0700, and used only while
//!   it is a real folder (not a symbolic link), owned by the user running
//!   crmdeck, and writable by no one else: a folder another user made (say
//!   `$TMPDIR/crmdeck-$USER`, made first and world-writable) could hold a
//!   link planted to make us write to a file of their choosing.
//! - A file of ours ([`open_private`]) is in such a folder, created 0600,
//!   opened without following a symbolic link, and used only while it is a
//!   regular file owned by the user; one an older version left readable by
//!   others is made 0600.
//! - A file the user asks for ([`write_whole`], `:export`) is written whole
//!   or not at all, never through a link, never into a FIFO or a device.
//! - Whatever is read from outside ([`read_at_most`]) is read up to a limit,
//!   so `--config /dev/zero` or a command that never stops printing cannot
//!   fill the memory.
//!
//! Unix only, like the rest of crmdeck (terminal and signals).

use std::fmt;
use std::fs::{DirBuilder, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// Why a folder or file of ours was not used.
#[derive(Debug)]
pub enum PrivateFileError {
    /// It exists but cannot be trusted; the text names it and says why
    /// (`/tmp/crmdeck-ops is writable by other users (mode 0777)`).
    Refused(String),
    /// It could not be created or opened (a read-only disk, no permission).
    Io(io::Error),
    /// A file the user asked us to write exists, and replacing it was not
    /// asked for ([`write_whole`]); the path.
    Exists(String),
}

impl fmt::Display for PrivateFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused(why) => f.write_str(why),
            Self::Io(error) => error.fmt(f),
            Self::Exists(path) => write!(f, "{path} exists"),
        }
    }
}

impl From<io::Error> for PrivateFileError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

/// Makes sure `dir` is a private folder of the user's: creates it (and any
/// missing parents) 0700 when missing, then refuses it unless it is a real
/// folder, the user's own, and writable by no one else. An existing folder
/// is not changed (one made 0755 by an older version is still private
/// enough: its files are 0600).
pub fn private_dir(dir: &Path) -> Result<(), PrivateFileError> {
    let metadata = match std::fs::symlink_metadata(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
            std::fs::symlink_metadata(dir)?
        }
        found => found?,
    };
    match distrust(Seen::of(&metadata), Kind::Dir, effective_uid()) {
        Some(why) => Err(PrivateFileError::Refused(format!(
            "{} {why}",
            dir.display()
        ))),
        None => Ok(()),
    }
}

/// Whether `dir` is a private folder of the user's ([`private_dir`]'s
/// rules), without creating it: `Ok(false)` when it is missing. For what
/// removes files in it (`cache clear`): a linked folder is refused as
/// reads and writes refuse it.
pub fn existing_private_dir(dir: &Path) -> Result<bool, PrivateFileError> {
    let metadata = match std::fs::symlink_metadata(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        found => found?,
    };
    match distrust(Seen::of(&metadata), Kind::Dir, effective_uid()) {
        Some(why) => Err(PrivateFileError::Refused(format!(
            "{} {why}",
            dir.display()
        ))),
        None => Ok(true),
    }
}

/// Writes `contents` as the file `path` names, a file the user asked for
/// (`:export`): never through a symbolic link, never into anything but a
/// regular file, and whole or not at all: into a temporary file (0600,
/// beside it) renamed over `path` once written and synced, so a full disk
/// leaves the old file as it was. An existing file is replaced only when
/// `replace` says so ([`PrivateFileError::Exists`] otherwise, decided
/// atomically: a file appearing meanwhile is not replaced either). The
/// new file is 0600.
pub fn write_whole(path: &Path, contents: &[u8], replace: bool) -> Result<(), PrivateFileError> {
    match std::fs::symlink_metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(error.into()),
        Ok(metadata) => {
            let seen = Seen::of(&metadata);
            if seen.kind != Kind::File {
                let why = distrust(seen, Kind::File, seen.owner).unwrap_or_default();
                return Err(PrivateFileError::Refused(format!(
                    "{} {why}",
                    path.display()
                )));
            }
            if !replace {
                return Err(PrivateFileError::Exists(path.display().to_string()));
            }
        }
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".crmdeck-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temporary.write_all(contents)?;
    temporary.as_file().sync_all()?;
    // rename(2) replaces a link planted meanwhile, never its target.
    let persisted = if replace {
        temporary.persist(path).map(drop)
    } else {
        temporary.persist_noclobber(path).map(drop)
    };
    persisted.map_err(|error| match error.error.kind() {
        io::ErrorKind::AlreadyExists => PrivateFileError::Exists(path.display().to_string()),
        _ => error.error.into(),
    })
}

/// Opens `path` as `options` say (append, write, read…), in a private
/// folder ([`private_dir`], created when missing): a new file is made 0600,
/// a symbolic link is never followed, and the file must be a regular file
/// of the user's; one open to others is made 0600.
pub fn open_private(path: &Path, options: &OpenOptions) -> Result<File, PrivateFileError> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        private_dir(dir)?;
    }
    // Looked at before it is opened: a FIFO or a device is refused
    // without opening it. O_NONBLOCK for one put there meanwhile: it opens
    // at once (and is refused below) or fails, instead of blocking us until
    // a writer or reader comes; on a regular file it changes nothing.
    if let Ok(metadata) = std::fs::symlink_metadata(path)
        && let Some(why) = distrust(Seen::of(&metadata), Kind::File, effective_uid())
    {
        return Err(PrivateFileError::Refused(format!(
            "{} {why}",
            path.display()
        )));
    }
    let opened = options
        .clone()
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path);
    let file = match opened {
        Ok(file) => file,
        // What O_NOFOLLOW answers for a link.
        Err(error) if error.raw_os_error() == Some(libc::ELOOP) => {
            return Err(PrivateFileError::Refused(format!(
                "{} {}",
                path.display(),
                LINK
            )));
        }
        Err(error) => return Err(error.into()),
    };
    let metadata = file.metadata()?;
    if let Some(why) = distrust(Seen::of(&metadata), Kind::File, effective_uid()) {
        return Err(PrivateFileError::Refused(format!(
            "{} {why}",
            path.display()
        )));
    }
    if metadata.mode() & 0o077 != 0 {
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(file)
}

/// Reads `source` to its end, unless it holds more than `limit` bytes:
/// then `None`, having read no more than `limit + 1` of them.
pub fn read_at_most(source: impl Read, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    source.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// [`read_at_most`] for text: like `read_to_string`, an error when it is
/// not UTF-8.
pub fn read_text_at_most(source: impl Read, limit: u64) -> io::Result<Option<String>> {
    read_at_most(source, limit)?
        .map(|bytes| {
            String::from_utf8(bytes).map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })
        })
        .transpose()
}

/// A size limit as people read it: `1 MiB`, `64 KiB`, `100 bytes`.
pub fn size_label(bytes: u64) -> String {
    // A whole number of MiB (2^20) or KiB (2^10).
    match bytes.trailing_zeros() {
        20.. if bytes > 0 => format!("{} MiB", bytes >> 20),
        10.. if bytes > 0 => format!("{} KiB", bytes >> 10),
        _ => format!("{bytes} bytes"),
    }
}

/// The path as people like to read it: `~/…` for a path under `$HOME`
/// (as `env` gives it; unset or blank, the path as it is).
pub fn shown(path: &Path, env: &dyn Fn(&str) -> Option<String>) -> String {
    let home = env("HOME").filter(|home| !home.trim().is_empty());
    let under_home = home.and_then(|home| path.strip_prefix(home).ok().map(Path::to_path_buf));
    match under_home {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

/// Why someone other than the user (or root) could change the file
/// `metadata` describes: it belongs to another user, or its group or others
/// may write it. `None` when no one else can. For the config and token
/// files and the folders holding them (`crmdeck-secret`'s `strict`).
pub fn changeable_by_others(metadata: &Metadata) -> Option<String> {
    let seen = Seen::of(metadata);
    if seen.owner != effective_uid() && seen.owner != 0 {
        return Some(another_owner(seen.owner));
    }
    open_for_writing(seen.mode)
}

/// The user crmdeck runs as, as the kernel checks it.
fn effective_uid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

fn another_owner(owner: u32) -> String {
    format!("belongs to another user (uid {owner})")
}

/// Why a mode lets the group or others write (mode & 0o022), if it does.
fn open_for_writing(mode: u32) -> Option<String> {
    (mode & 0o022 != 0).then(|| format!("is writable by other users (mode {mode:04o})"))
}

const LINK: &str = "is a symbolic link, which is not followed";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Dir,
    File,
    Link,
    Other,
}

/// What matters of a folder or file: its kind, owner and mode.
#[derive(Debug, Clone, Copy)]
struct Seen {
    kind: Kind,
    owner: u32,
    mode: u32,
}

impl Seen {
    /// From `symlink_metadata` or `File::metadata` (neither follows a link).
    fn of(metadata: &Metadata) -> Self {
        let file_type = metadata.file_type();
        let kind = if file_type.is_symlink() {
            Kind::Link
        } else if file_type.is_dir() {
            Kind::Dir
        } else if file_type.is_file() {
            Kind::File
        } else {
            Kind::Other
        };
        Self {
            kind,
            owner: metadata.uid(),
            mode: metadata.mode() & 0o7777,
        }
    }
}

/// Why `seen` cannot be trusted as a `want` of user `me`'s; `None` when it can.
fn distrust(seen: Seen, want: Kind, me: u32) -> Option<String> {
    if seen.kind == Kind::Link {
        return Some(LINK.to_string());
    }
    if seen.kind != want {
        let wanted = if want == Kind::Dir {
            "a folder"
        } else {
            "a regular file"
        };
        return Some(format!("is not {wanted}"));
    }
    if seen.owner != me {
        return Some(another_owner(seen.owner));
    }
    // A file's mode is ours to fix; a folder others can write may hold
    // anything they put there.
    if want == Kind::Dir {
        return open_for_writing(seen.mode);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode_of(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).unwrap().mode() & 0o7777
    }

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    fn append() -> OpenOptions {
        let mut options = OpenOptions::new();
        options.create(true).append(true);
        options
    }

    fn refusal(result: Result<impl fmt::Debug, PrivateFileError>) -> String {
        match result {
            Err(PrivateFileError::Refused(why)) => why,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn new_folders_are_0700_and_new_files_0600() {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("state/crmdeck/crmdeck.log");
        open_private(&path, &append()).unwrap();
        assert_eq!(mode_of(&root.path().join("state")), 0o700);
        assert_eq!(mode_of(&root.path().join("state/crmdeck")), 0o700);
        assert_eq!(mode_of(&path), 0o600);
    }

    #[test]
    fn a_file_left_open_to_others_is_made_private() {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("crmdeck.log");
        std::fs::write(&path, "old line\n").unwrap();
        chmod(&path, 0o644);
        open_private(&path, &append()).unwrap();
        assert_eq!(mode_of(&path), 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old line\n");
    }

    #[test]
    fn a_folder_others_can_write_is_refused_and_left_alone() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("crmdeck-ops");
        std::fs::create_dir(&dir).unwrap();
        chmod(&dir, 0o777);
        let why = refusal(open_private(&dir.join("crmdeck.log"), &append()));
        assert_eq!(
            why,
            format!("{} is writable by other users (mode 0777)", dir.display())
        );
        assert!(!dir.join("crmdeck.log").exists());
        assert_eq!(mode_of(&dir), 0o777);
        // Writable by the group is no better.
        chmod(&dir, 0o770);
        assert!(refusal(private_dir(&dir)).contains("mode 0770"));
    }

    #[test]
    fn links_are_not_followed() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("target");
        std::fs::write(&target, "theirs\n").unwrap();
        let dir = root.path().join("crmdeck");
        std::fs::create_dir(&dir).unwrap();
        std::os::unix::fs::symlink(&target, dir.join("crmdeck.log")).unwrap();
        let why = refusal(open_private(&dir.join("crmdeck.log"), &append()));
        assert!(why.ends_with("crmdeck.log is a symbolic link, which is not followed"));
        // A folder that is a link, even to a folder of ours, or dangling.
        let elsewhere = root.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, root.path().join("linked")).unwrap();
        std::os::unix::fs::symlink(root.path().join("nowhere"), root.path().join("dangling"))
            .unwrap();
        for link in ["linked", "dangling"] {
            let why = refusal(private_dir(&root.path().join(link)));
            assert!(why.ends_with("is a symbolic link, which is not followed"));
        }
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "theirs\n");
        assert!(!root.path().join("nowhere").exists());
    }

    #[test]
    fn only_the_users_own_real_folders_and_files_are_trusted() {
        let me = 1000;
        let seen = |kind, owner, mode| Seen { kind, owner, mode };
        assert_eq!(distrust(seen(Kind::Dir, me, 0o700), Kind::Dir, me), None);
        assert_eq!(distrust(seen(Kind::Dir, me, 0o755), Kind::Dir, me), None);
        assert_eq!(
            distrust(seen(Kind::Dir, me, 0o1777), Kind::Dir, me).as_deref(),
            Some("is writable by other users (mode 1777)")
        );
        assert_eq!(
            distrust(seen(Kind::Dir, 1001, 0o700), Kind::Dir, me).as_deref(),
            Some("belongs to another user (uid 1001)")
        );
        assert_eq!(
            distrust(seen(Kind::File, 1001, 0o600), Kind::File, me).as_deref(),
            Some("belongs to another user (uid 1001)")
        );
        // A file's loose mode is fixed, not refused.
        assert_eq!(distrust(seen(Kind::File, me, 0o666), Kind::File, me), None);
        assert_eq!(
            distrust(seen(Kind::Other, me, 0o600), Kind::File, me).as_deref(),
            Some("is not a regular file")
        );
        assert_eq!(
            distrust(seen(Kind::File, me, 0o700), Kind::Dir, me).as_deref(),
            Some("is not a folder")
        );
        // Root gets no exception.
        assert!(distrust(seen(Kind::Dir, me, 0o700), Kind::Dir, 0).is_some());
    }

    #[test]
    fn a_fifo_of_ours_is_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("view.json");
        let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string; mkfifo takes nothing else.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        for options in [OpenOptions::new().read(true).clone(), append()] {
            let why = refusal(open_private(&path, &options));
            assert!(why.ends_with("is not a regular file"), "{why}");
        }
    }

    #[test]
    fn a_users_file_is_written_whole_never_through_a_link_nor_over_a_file_unasked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("groups.csv");
        write_whole(&path, b"a,b\r\n", false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\r\n");
        assert_eq!(mode_of(&path), 0o600);
        // Not replaced unless asked; replaced whole when asked.
        let exists = write_whole(&path, b"new", false).unwrap_err();
        assert!(matches!(exists, PrivateFileError::Exists(_)), "{exists}");
        assert_eq!(std::fs::read(&path).unwrap(), b"a,b\r\n");
        write_whole(&path, b"new", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        // A link at the path: refused, its target untouched, even when
        // replacing was asked.
        let target = dir.path().join("theirs");
        std::fs::write(&target, "theirs").unwrap();
        let link = dir.path().join("planted.csv");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        for replace in [false, true] {
            let why = refusal(write_whole(&link, b"x", replace));
            assert!(why.ends_with(LINK), "{why}");
        }
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "theirs");
        // A FIFO (a write would block the dashboard) or a folder: refused.
        let fifo = dir.path().join("fifo.csv");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string; mkfifo takes nothing else.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        for other in [fifo, dir.path().to_path_buf()] {
            let why = refusal(write_whole(&other, b"x", true));
            assert!(why.ends_with("is not a regular file"), "{why}");
        }
        // No temporary file is left behind.
        let entries = std::fs::read_dir(dir.path()).unwrap().flatten();
        let names: Vec<_> = entries.map(|e| e.file_name()).collect();
        assert_eq!(names.len(), 4, "{names:?}");
    }

    #[test]
    fn reads_stop_past_the_limit() {
        assert_eq!(
            read_at_most(&b"12345"[..], 5).unwrap(),
            Some(b"12345".to_vec())
        );
        assert_eq!(read_at_most(&b"123456"[..], 5).unwrap(), None);
        // An endless source is read no further than the limit and one byte.
        let mut zeros = io::repeat(0).take(10_000);
        assert_eq!(read_at_most(&mut zeros, 100).unwrap(), None);
        assert_eq!(zeros.limit(), 10_000 - 101);
        assert_eq!(
            read_text_at_most(&b"ok"[..], 5).unwrap().as_deref(),
            Some("ok")
        );
        assert_eq!(read_text_at_most(&b"long text"[..], 5).unwrap(), None);
        let not_text = read_text_at_most(&b"\xff"[..], 5).unwrap_err();
        assert_eq!(not_text.kind(), io::ErrorKind::InvalidData);
        assert_eq!(size_label(1 << 20), "1 MiB");
        assert_eq!(size_label(64 * 1024), "64 KiB");
        assert_eq!(size_label((1 << 20) + 1024), "1025 KiB");
        assert_eq!(size_label(1536), "1536 bytes");
        assert_eq!(size_label(100), "100 bytes");
        assert_eq!(size_label(0), "0 bytes");
    }
}
