//! Fails on a message of the catalogues that no code of the workspace
//! names (`Phrase::X`, `fill::x`, `plural::x`), tests left out: a message
//! no one shows is a translator's work for nothing, and a sign that code
//! went on writing its own words.

use std::path::{Path, PathBuf};

use crmdeck_i18n::MESSAGES;

/// Every `.rs` file under `dir`, the tests' folders left out.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" && name != "target" {
                sources(&path, found);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" {
            found.push(path);
        }
    }
}

/// The code of a file: up to its `#[cfg(test)] mod tests`.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Whether `code` names `path` (`Phrase::Day` is not `Phrase::DayMon`).
fn names(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(at, _)| {
        let after = code[at + path.len()..].chars().next();
        let before = code[..at].chars().next_back();
        !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

fn workspace_code() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        sources(&entry.unwrap().path().join("src"), &mut files);
    }
    assert!(
        files.len() > 100,
        "the workspace's sources found: {}",
        files.len()
    );
    files
        .iter()
        .map(|path| code(path))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_message_is_named_by_code() {
    let code = workspace_code();
    let unused: Vec<String> = MESSAGES
        .iter()
        .filter(|(_, path)| !names(&code, path))
        .map(|(id, path)| format!("{id} ({path})"))
        .collect();
    assert!(
        unused.is_empty(),
        "messages no code uses (remove them from every catalogue):\n{}",
        unused.join("\n")
    );
}

#[test]
fn a_name_is_found_whole_and_only_outside_tests() {
    assert!(names("x = Phrase::DayMon.get(l);", "Phrase::DayMon"));
    assert!(!names("x = Phrase::DayMonShort.get(l);", "Phrase::DayMon"));
    assert!(!names("x = fill::page_of_all(l);", "fill::page_of"));
    assert!(!names("x = MyPhrase::DayMon;", "Phrase::DayMon"));
    let dir = std::env::temp_dir().join(format!("i18n-used-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.rs");
    std::fs::write(
        &file,
        "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() { Phrase::Quit; }\n}\n",
    )
    .unwrap();
    assert!(!names(&code(&file), "Phrase::Quit"));
    std::fs::remove_dir_all(&dir).unwrap();
}
