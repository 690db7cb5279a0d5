//! Queries by name (issue 37 §2): the config's `[queries]`
//! (`evening = "tue evening"`, the user's own, never written by crmdeck)
//! and those `:save NAME` keeps in `queries.toml` of the state folder
//! (written by the runtime, a whole checked file at a time). Merged into
//! [`Queries`], the config winning on a clash: a config managed by hand
//! keeps its comments and layout, and what it says is what runs.
//!
//! Reading the saved file is here, below the CLI and the runtime, which
//! both read it; writing it is the runtime's (`:save`). The queries as
//! data ([`Queries`]) are the domain's, so that the app holds them too.

pub use crate::domain::query::named::{NamedQuery, Queries, valid_name};

use crate::local_files::{PrivateFileError, open_private, read_text_at_most};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};

/// The most bytes read of the saved file (hundreds of queries).
const SAVED_LIMIT: u64 = 256 * 1024;

/// The saved queries' file: `queries.toml` beside the log `log_path`
/// (`config::log_path`), in the state folder.
pub fn saved_path(log_path: &Path) -> PathBuf {
    log_path.with_file_name("queries.toml")
}

/// The saved file's contents: a `[queries]` table as the config's.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedFile {
    #[serde(default)]
    queries: BTreeMap<String, String>,
}

/// What the head of the file says (a comment, kept by every write).
const SAVED_HEAD: &str = "# crmdeck's saved queries (:save NAME in the dashboard), rewritten whole\n\
                          # at each :save. Queries of your own belong in the config's [queries],\n\
                          # which wins over a query of the same name here.\n";

/// The saved queries in `text`, or why it is not a saved queries' file.
pub fn parse_saved(text: &str) -> Result<BTreeMap<String, String>, String> {
    let file: SavedFile = toml::from_str(text).map_err(|error| {
        let message = error.message().replace('\n', "; ");
        match error.span() {
            Some(span) => {
                let line = text.get(..span.start).unwrap_or(text).matches('\n').count() + 1;
                format!("line {line}: {message}")
            }
            None => message,
        }
    })?;
    match file.queries.keys().find(|name| !valid_name(name)) {
        Some(name) => Err(format!("{name:?} cannot name a query")),
        None => Ok(file.queries),
    }
}

/// The file's text for `queries`, checked by reading it back: what is
/// written is only ever a whole file that reads as these queries.
pub fn saved_text(queries: &BTreeMap<String, String>) -> Result<String, String> {
    let file = SavedFile {
        queries: queries.clone(),
    };
    let body = toml::to_string(&file).map_err(|error| error.to_string())?;
    let text = format!("{SAVED_HEAD}{body}");
    match parse_saved(&text) {
        Ok(read) if read == *queries => Ok(text),
        Ok(_) => Err("the file made does not read back as the queries".to_string()),
        Err(why) => Err(format!("the file made does not read back: {why}")),
    }
}

/// The saved queries of `path`: none when there is no file; why not when
/// it cannot be read or is not a saved queries' file (it is then left as
/// it is, and said).
pub fn read_saved(path: &Path) -> Result<BTreeMap<String, String>, String> {
    // Nothing is created for a read: a missing folder is no queries saved.
    if let Err(error) = std::fs::symlink_metadata(path)
        && error.kind() == io::ErrorKind::NotFound
    {
        return Ok(BTreeMap::new());
    }
    let file = match open_private(path, OpenOptions::new().read(true)) {
        Ok(file) => file,
        Err(PrivateFileError::Io(error)) if error.kind() == io::ErrorKind::NotFound => {
            return Ok(BTreeMap::new());
        }
        Err(error) => return Err(error.to_string()),
    };
    let text = read_text_at_most(file, SAVED_LIMIT)
        .map_err(|error| error.to_string())?
        .ok_or_else(|| format!("larger than {SAVED_LIMIT} bytes"))?;
    parse_saved(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::query::named::saved_of;

    #[test]
    fn the_text_made_reads_back_as_the_queries() {
        let queries = saved_of(&[
            ("evening", "tue evening"),
            ("кечки", "ielts \"6.5\" \\ после 17:00"),
        ]);
        let text = saved_text(&queries).unwrap();
        assert!(text.starts_with("# crmdeck's saved queries"), "{text}");
        assert_eq!(parse_saved(&text).unwrap(), queries);
    }

    #[test]
    fn a_file_that_is_not_saved_queries_is_refused_with_its_line() {
        let broken = "[queries]\nevening = \"tue\nielts = 3\n";
        assert!(parse_saved(broken).unwrap_err().starts_with("line "));
        assert!(parse_saved("[queries]\nielts = 3\n").is_err());
        assert!(parse_saved("[other]\na = \"b\"\n").is_err());
        assert!(parse_saved("[queries]\n\"two words\" = \"b\"\n").is_err());
        assert_eq!(parse_saved("").unwrap(), BTreeMap::new());
    }

    #[test]
    fn a_missing_file_is_no_queries_and_a_corrupt_one_is_said() {
        let root = tempfile::tempdir().unwrap();
        let path = saved_path(&root.path().join("state/crmdeck.log"));
        assert_eq!(read_saved(&path), Ok(BTreeMap::new()));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, b"[queries]\nevening = ").unwrap();
        assert!(read_saved(&path).is_err());
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert!(read_saved(&path).is_err());
    }
}
