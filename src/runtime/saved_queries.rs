//! `:save NAME`'s file (issue 37 §2): `queries.toml` beside the log, in
//! the state folder (`config::queries::saved_path`), never the config
//! file, which is the user's to lay out and comment. Each save reads the
//! file again (another crmdeck may have saved meanwhile), adds the query,
//! makes the whole new text, checks that it reads back as the queries,
//! and only then replaces the file at once (`local_files::write_whole`: a
//! temporary file beside it, synced, renamed over it; 0600 in a 0700
//! folder). A file that does not read is never replaced: the save is
//! refused, saying why, and what the file held stays for the user.

use crate::config::queries::{read_saved, saved_text};
use crate::i18n::{Language, fill};
use crate::local_files::{private_dir, write_whole};
use std::path::Path;

/// Keeps `text` as the query `name` in the file `path`, with the others it
/// holds; or why not, in `language` (the status line's; what the file's
/// reader and the system said kept as sent).
pub fn save(path: &Path, name: &str, text: &str, language: Language) -> Result<(), String> {
    let shown = path.display();
    let mut queries =
        read_saved(path).map_err(|why| fill::app_queries_not_read(language, &shown, why))?;
    queries.insert(name.to_string(), text.to_string());
    let contents = saved_text(&queries)?;
    let dir = path
        .parent()
        .ok_or_else(|| fill::app_queries_no_folder(language, &shown))?;
    private_dir(dir).map_err(|error| error.to_string())?;
    write_whole(path, contents.as_bytes(), true).map_err(|error| format!("{shown}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::queries::saved_path;
    use std::collections::BTreeMap;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_save_keeps_the_others_and_replaces_the_file_whole_and_private() {
        let root = tempfile::tempdir().unwrap();
        let path = saved_path(&root.path().join("state/crmdeck/crmdeck.log"));
        save(&path, "evening", "tue evening", Language::En).unwrap();
        save(&path, "ielts", "ielts >=17:00", Language::En).unwrap();
        save(&path, "evening", "wed evening", Language::En).unwrap();
        let expected: BTreeMap<String, String> = [
            ("evening".to_string(), "wed evening".to_string()),
            ("ielts".to_string(), "ielts >=17:00".to_string()),
        ]
        .into();
        assert_eq!(read_saved(&path), Ok(expected));
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        let files = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(files, 1, "no temporary file left beside it");
    }

    #[test]
    fn a_corrupt_file_is_said_and_never_replaced() {
        let root = tempfile::tempdir().unwrap();
        let path = saved_path(&root.path().join("crmdeck.log"));
        let corrupt = b"[queries]\nevening = \"tue evening\"\nielts = \n# my notes\n";
        std::fs::write(&path, corrupt).unwrap();
        let why = save(&path, "morning", "mon morning", Language::En).unwrap_err();
        assert!(why.contains("not read") && why.contains("line 3"), "{why}");
        assert_eq!(std::fs::read(&path).unwrap(), corrupt, "what it held stays");
    }

    #[test]
    fn a_corrupt_file_is_said_in_the_language_shown() {
        let root = tempfile::tempdir().unwrap();
        let path = saved_path(&root.path().join("crmdeck.log"));
        std::fs::write(&path, b"[queries]\nielts = \n").unwrap();
        let why = save(&path, "morning", "mon morning", Language::Ru).unwrap_err();
        let shown = path.display().to_string();
        assert!(why.starts_with(&format!("{shown} не прочитан (")), "{why}");
        assert!(
            why.ends_with("), поэтому не заменён: исправьте или переместите его"),
            "{why}"
        );
    }
}
