//! What OpenSSH calls StrictModes, for the config file and the token file:
//! whoever can change one of them, or a folder holding it, could send the
//! token to an address of theirs (`base_url`) or run a command as the user
//! (`token_command`), so such a file is refused, whatever the token source.
//!
//! A file is refused when it is not a regular file (a FIFO would keep us
//! waiting for a writer forever, so it is opened without waiting and
//! looked at before anything is read), when it belongs to a user other
//! than the one running crmdeck or root, or when its group or others may
//! write it. So is every folder from the file's own up (links resolved
//! first, as `safe_path` does): the walk stops after `$HOME`, and before a
//! folder root owns that has the sticky bit (`/tmp`: others may write
//! there but not replace what is ours). Readable by others is a warning
//! only (crmdeck's config): see crmdeck's README.

use crate::error::Untrusted;
use crmdeck_local_files as local_files;
use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

/// Opens `path` for reading without waiting: a FIFO opens at once (and is
/// refused by [`check`]) instead of blocking until a writer comes. On a
/// regular file `O_NONBLOCK` changes nothing.
pub fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Refuses the file `metadata` describes, opened at `path` (`what`:
/// `config file`, `token file`), when it or a folder holding it is not
/// safe ([the module](self)).
pub fn check(
    metadata: &Metadata,
    path: &Path,
    what: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(), Untrusted> {
    let shown = local_files::shown(path, env);
    if !metadata.is_file() {
        return Err(Untrusted::NotRegular {
            what: what.to_string(),
            path: shown,
        });
    }
    if let Some(error) = unsafe_entry(metadata, &format!("{what} {shown}"), &shown) {
        return Err(error);
    }
    // Links resolved, so the folders checked are the ones really used.
    let Ok(real) = std::fs::canonicalize(path) else {
        return Ok(());
    };
    let home = env("HOME")
        .filter(|home| !home.trim().is_empty())
        .and_then(|home| std::fs::canonicalize(home).ok());
    for dir in real.ancestors().skip(1) {
        let Ok(metadata) = std::fs::metadata(dir) else {
            break;
        };
        let sticky_of_root = metadata.uid() == 0 && metadata.mode() & libc::S_ISVTX != 0;
        if sticky_of_root {
            break;
        }
        let dir_shown = local_files::shown(dir, env);
        let named = format!("folder {dir_shown} (holding {what} {shown})");
        if let Some(error) = unsafe_entry(&metadata, &named, &dir_shown) {
            return Err(error);
        }
        if home.as_deref() == Some(dir) {
            break;
        }
    }
    Ok(())
}

/// The refusal of a file or folder (`named`, fixed at `target`) that
/// another user owns or that group or others may write; `None` when safe.
fn unsafe_entry(metadata: &Metadata, named: &str, target: &str) -> Option<Untrusted> {
    let why = local_files::changeable_by_others(metadata)?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    let owner = metadata.uid();
    let (why, fix) = if owner != me && owner != 0 {
        let mode = metadata.mode() & 0o7777;
        let fix = format!("chown $(id -un) {target}; chmod go-w {target}");
        (format!("{why}, mode {mode:04o}"), fix)
    } else {
        (
            format!("{why}, owner uid {owner}"),
            format!("chmod go-w {target}"),
        )
    };
    Some(Untrusted::OthersCanChange {
        named: named.to_string(),
        why,
        fix,
    })
}
