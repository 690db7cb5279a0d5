//! `:export`: the text the app made of the rows on screen, written to a
//! file. The folder, unless the command names one: the user's download
//! folder ($XDG_DOWNLOAD_DIR, as `directories` reads it), else ~/Downloads
//! when it exists, else home.

use directories::{BaseDirs, UserDirs};
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` (a folder gets `file_name` inside; `~/`
/// is home) or to the default folder; the path written, or why not.
pub fn write(contents: &str, path: Option<&str>, file_name: &str) -> Result<String, String> {
    let target = match path {
        Some(path) => {
            let path = expand_home(path);
            if path.is_dir() {
                path.join(file_name)
            } else {
                path
            }
        }
        None => default_dir()
            .ok_or("no download or home folder: give :export a path")?
            .join(file_name),
    };
    std::fs::write(&target, contents)
        .map(|()| target.display().to_string())
        .map_err(|error| format!("cannot write {}: {error}", target.display()))
}

fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), BaseDirs::new()) {
        (Some(rest), Some(dirs)) => dirs.home_dir().join(rest),
        _ => PathBuf::from(path),
    }
}

fn default_dir() -> Option<PathBuf> {
    let dirs = UserDirs::new()?;
    let downloads = dirs
        .download_dir()
        .map(Path::to_path_buf)
        .or_else(|| Some(dirs.home_dir().join("Downloads")).filter(|dir| dir.is_dir()));
    Some(downloads.unwrap_or_else(|| dirs.home_dir().to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_gets_the_file_name_and_a_bad_path_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let written = write("a,b\r\n", dir.path().to_str(), "x.csv").unwrap();
        assert_eq!(std::fs::read_to_string(&written).unwrap(), "a,b\r\n");
        assert!(written.ends_with("x.csv"));
        let error = write("a", Some("/nonexistent-dir/x.csv"), "x.csv").unwrap_err();
        assert!(
            error.starts_with("cannot write /nonexistent-dir/x.csv"),
            "{error}"
        );
    }
}
