//! The view remembered per profile ([`SavedView`]: branch, tab, sort, archived),
//! kept in a file of the state directory (`config::view_path`): read once
//! at start, written whole each time the app says it changed.
//!
//! Written to a temporary file of the same folder, then renamed over the
//! old one (`tempfile`): a crash or a second crmdeck never leaves half a
//! file. The folder is private (0700) and the file 0600, as every file of
//! ours ([`crate::local_files`]). Whatever is wrong with the file (missing,
//! unreadable, too big, not the JSON expected) the dashboard starts as if
//! nothing was remembered; only a missing file goes without a log line.

use crate::app::SavedView;
use crate::local_files::{PrivateFileError, open_private, private_dir, read_text_at_most};
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;

/// More than any view holds: a bigger file is not ours.
const SIZE_LIMIT: u64 = 64 * 1024;

/// The view remembered in `path`, if one can be read there.
pub fn read(path: &Path) -> Option<SavedView> {
    match try_read(path) {
        Ok(view) => view,
        Err(why) => {
            tracing::warn!(path = %path.display(), %why, "remembered view ignored");
            None
        }
    }
}

fn try_read(path: &Path) -> Result<Option<SavedView>, String> {
    let file = match open_private(path, OpenOptions::new().read(true)) {
        Ok(file) => file,
        Err(PrivateFileError::Io(error)) if error.kind() == io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(error) => return Err(error.to_string()),
    };
    let text = read_text_at_most(file, SIZE_LIMIT)
        .map_err(|error| error.to_string())?
        .ok_or_else(|| format!("larger than {SIZE_LIMIT} bytes"))?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|error| format!("not a view: {error}"))
}

/// Keeps `view` in `path`, replacing what was there at once.
pub fn write(path: &Path, view: &SavedView) -> Result<(), String> {
    let dir = path
        .parent()
        .ok_or_else(|| format!("{} has no folder", path.display()))?;
    private_dir(dir).map_err(|error| error.to_string())?;
    // Made 0600 by tempfile, in the same folder so that the rename is atomic.
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(|error| error.to_string())?;
    let json = serde_json::to_vec_pretty(view).map_err(|error| error.to_string())?;
    file.write_all(&json).map_err(|error| error.to_string())?;
    file.persist(path).map_err(|error| error.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn view() -> SavedView {
        SavedView {
            branch_id: Some(2),
            tab: Some("Week".into()),
            sort: Some("name".into()),
            descending: true,
            hide_archived: true,
            week_archived: false,
        }
    }

    #[test]
    fn a_view_written_is_read_back_from_a_private_file() {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("state/crmdeck/view-demo.json");
        assert_eq!(read(&path), None, "nothing remembered yet");
        write(&path, &view()).unwrap();
        assert_eq!(read(&path), Some(view()));
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        // Written again: replaced whole, no temporary file left beside it.
        let other = SavedView {
            tab: Some("Groups".into()),
            ..view()
        };
        write(&path, &other).unwrap();
        assert_eq!(read(&path), Some(other));
        let files = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(files, 1);
    }

    #[test]
    fn a_corrupt_or_unreadable_file_is_ignored() {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("view.json");
        for bad in [
            &b""[..],
            b"{\"branch_id\": 2, \"tab\": ",
            b"[1, 2, 3]",
            b"{\"branch_id\": \"two\"}",
            b"\xff\xfe not text",
        ] {
            std::fs::write(&path, bad).unwrap();
            assert_eq!(read(&path), None, "{:?}", String::from_utf8_lossy(bad));
        }
        // Too big to be ours.
        std::fs::write(&path, vec![b' '; SIZE_LIMIT as usize + 1]).unwrap();
        assert_eq!(read(&path), None);
        // A folder where the file should be.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert_eq!(read(&path), None);
        // Fields it does not know, or leaves out, are fine.
        let partial = root.path().join("partial.json");
        std::fs::write(&partial, r#"{"tab": "Week", "zoom": 3}"#).unwrap();
        let expected = SavedView {
            tab: Some("Week".into()),
            ..SavedView::default()
        };
        assert_eq!(read(&partial), Some(expected));
    }
}
