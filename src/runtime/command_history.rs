//! The command history's file (the `:` lines run): `command-history`
//! beside the log in the state directory, a line per command, the newest
//! last, at most [`COMMAND_HISTORY_LINES`] of them, private (0600 in a 0700
//! folder). Read once at start; a line appended (the file rewritten, 200
//! short lines) per command run. A file that cannot be read or is not
//! text is ignored: the command history starts empty and the next command
//! rewrites it.

use crate::app::command_line::COMMAND_HISTORY_LINES;
use crate::local_files::{PrivateFileError, open_private, read_text_at_most};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The most bytes read of the file (200 lines of a few words).
const LIMIT: u64 = 64 * 1024;

/// Where the command history of the run logging to `log_path` lives.
pub fn path(log_path: &Path) -> PathBuf {
    log_path.with_file_name("command-history")
}

/// The lines of the file, the oldest first; none when it is missing,
/// unreadable, too large or not text.
pub fn load(path: &Path) -> Vec<String> {
    let text = open_private(path, OpenOptions::new().read(true))
        .ok()
        .and_then(|file| read_text_at_most(file, LIMIT).ok().flatten())
        .unwrap_or_default();
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.chars().any(char::is_control))
        .map(str::to_string)
        .collect();
    let over = lines.len().saturating_sub(COMMAND_HISTORY_LINES);
    lines[over..].to_vec()
}

/// Appends `line`, keeping the newest [`COMMAND_HISTORY_LINES`].
pub fn append(path: &Path, line: &str) -> Result<(), PrivateFileError> {
    let mut lines = load(path);
    lines.push(line.to_string());
    let over = lines.len().saturating_sub(COMMAND_HISTORY_LINES);
    let mut file = open_private(
        path,
        OpenOptions::new().write(true).create(true).truncate(true),
    )?;
    for line in &lines[over..] {
        writeln!(file, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn lines_are_appended_privately_and_only_the_newest_kept() {
        let root = tempfile::tempdir().unwrap();
        // A folder of its own, created private by the first append.
        let file = root.path().join("crmdeck").join("command-history");
        for n in 0..COMMAND_HISTORY_LINES + 5 {
            append(&file, &format!("filter {n}")).unwrap();
        }
        let lines = load(&file);
        assert_eq!(lines.len(), COMMAND_HISTORY_LINES);
        assert_eq!(lines[0], "filter 5");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_corrupt_file_is_an_empty_history_and_is_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let file = dir.path().join("command-history");
        std::fs::write(&file, b"groups\n\xff\xfe\x00binary").unwrap();
        assert!(load(&file).is_empty());
        append(&file, "week").unwrap();
        assert_eq!(load(&file), ["week"]);
    }
}
