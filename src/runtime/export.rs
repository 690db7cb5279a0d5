//! `:export`: the text the app made of the rows on screen, written to a
//! file. The folder, unless the command names one: the user's download
//! folder ($XDG_DOWNLOAD_DIR from the environment, else as `directories`
//! reads it from `user-dirs.dirs`), else ~/Downloads when it exists, else
//! home.

use crate::app::protocol::ExportRefused;
use crate::local_files::{self, PrivateFileError};
use directories::{BaseDirs, UserDirs};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Writes `contents` to `path` (a folder gets `file_name` inside; `~/`
/// is home) or to the default folder, whole or not at all and never
/// through a link ([`local_files::write_whole`]); an existing file only
/// when `replace` (`:export!`). The path written, or why not.
pub fn write(
    contents: &str,
    path: Option<&str>,
    file_name: &str,
    replace: bool,
) -> Result<String, ExportRefused> {
    let target = match path {
        Some(path) => {
            let (path, home) = expand_home(path);
            // Not followed if a link: a link to a folder is refused below.
            let folder = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            let target = if folder { path.join(file_name) } else { path };
            if let Some(link) = linked_folder(&target, home.as_deref()) {
                return Err(ExportRefused::LinkedFolder { target, link });
            }
            target
        }
        None => default_dir(&|name| std::env::var(name).ok())
            .ok_or(ExportRefused::NoFolder)?
            .join(file_name),
    };
    match local_files::write_whole(&target, contents.as_bytes(), replace) {
        Ok(()) => Ok(target.display().to_string()),
        Err(PrivateFileError::Exists(path)) => Err(ExportRefused::Exists(path)),
        Err(PrivateFileError::Refused(why)) => Err(ExportRefused::Refused(why)),
        Err(PrivateFileError::Io(error)) => Err(ExportRefused::Io {
            target,
            error: Arc::new(error),
        }),
    }
}

/// `path` with `~/` made the home folder, and that folder when it was.
fn expand_home(path: &str) -> (PathBuf, Option<PathBuf>) {
    match (path.strip_prefix("~/"), BaseDirs::new()) {
        (Some(rest), Some(dirs)) => (dirs.home_dir().join(rest), Some(dirs.home_dir().into())),
        _ => (PathBuf::from(path), None),
    }
}

/// The first folder on the way to `target` that is a symbolic link, as a
/// link in place of its last folder is refused (`write_whole`): a link
/// planted higher up would send the file elsewhere just the same. The home
/// folder `~/` named, and what leads to it, are the user's own and not
/// looked at.
fn linked_folder(target: &Path, home: Option<&Path>) -> Option<PathBuf> {
    (target.ancestors().skip(1))
        .take_while(|folder| !folder.as_os_str().is_empty() && Some(*folder) != home)
        .find(|folder| std::fs::symlink_metadata(folder).is_ok_and(|m| m.is_symlink()))
        .map(Path::to_path_buf)
}

fn default_dir(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    // `directories` reads `user-dirs.dirs` only: the variable set in the
    // environment comes first (an absolute path, as the XDG rules say).
    let from_env = env("XDG_DOWNLOAD_DIR")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute());
    if from_env.is_some() {
        return from_env;
    }
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
    fn the_download_folder_of_the_environment_comes_first() {
        let env = |name: &str| (name == "XDG_DOWNLOAD_DIR").then(|| "/srv/exports".to_string());
        assert_eq!(default_dir(&env), Some(PathBuf::from("/srv/exports")));
        // A relative value is ignored, as XDG says.
        let relative = |name: &str| (name == "XDG_DOWNLOAD_DIR").then(|| "exports".to_string());
        assert_ne!(default_dir(&relative), Some(PathBuf::from("exports")));
    }

    #[test]
    fn a_folder_gets_the_file_name_and_a_bad_path_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let written = write("a,b\r\n", dir.path().to_str(), "x.csv", false).unwrap();
        assert_eq!(std::fs::read_to_string(&written).unwrap(), "a,b\r\n");
        assert!(written.ends_with("x.csv"));
        let error = write("a", Some("/nonexistent-dir/x.csv"), "x.csv", false)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("cannot write /nonexistent-dir/x.csv"),
            "{error}"
        );
        // Written again: refused unless replacing was asked.
        let again = write("b", dir.path().to_str(), "x.csv", false)
            .unwrap_err()
            .to_string();
        assert!(
            again.ends_with("x.csv exists: :export! replaces it"),
            "{again}"
        );
        write("b", dir.path().to_str(), "x.csv", true).unwrap();
        assert_eq!(std::fs::read_to_string(&written).unwrap(), "b");
    }

    #[test]
    fn a_link_among_the_folders_of_the_path_is_refused_like_the_last_one() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        std::fs::create_dir_all(real.join("sub")).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let through = |rest: &str| format!("{}/{rest}", link.display());
        for path in [
            through("x.csv"),
            through("sub/x.csv"),
            through("sub"),
            through(""),
        ] {
            let error = write("a", Some(&path), "x.csv", false)
                .unwrap_err()
                .to_string();
            assert!(
                error.contains(&format!("{} is a symbolic link", link.display())),
                "{path}: {error}"
            );
        }
        assert!(!real.join("x.csv").exists() && !real.join("sub/x.csv").exists());
        // The link itself as the last name: refused as before.
        let error = write("a", link.to_str(), "x.csv", false)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("cannot write "), "{error}");
        assert!(!real.join("x.csv").exists());
        // The real folder is fine.
        write("a", real.to_str(), "x.csv", false).unwrap();
    }
}
