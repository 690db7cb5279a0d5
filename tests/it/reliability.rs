//! RELIABILITY.md names the test behind every row as `file.rs::test_name`
//! (a module path in between where there is one). A test renamed or moved
//! must take its row with it: every name given there is a test that exists.

use std::fs;
use std::path::{Path, PathBuf};

/// The `file.rs::path::name` references between backticks of `text`.
fn references(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.contains(".rs::"))
        .filter(|span| {
            span.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_/.:".contains(c))
        })
        .collect()
}

/// The Rust files a reference to `file` may point into: the file itself
/// and, for a module with a folder of its own, every file below it.
fn files_of(file: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = [
        root.join(file),
        root.join("src").join(file),
        root.join("tests").join(file),
    ]
    .into_iter()
    .find(|path| path.is_file());
    let Some(path) = path else {
        return Vec::new();
    };
    let mut files = vec![path.clone()];
    let mut folders = vec![path.with_extension("")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let entry = entry.path();
            if entry.is_dir() {
                folders.push(entry);
            } else if entry.extension().is_some_and(|ext| ext == "rs") {
                files.push(entry);
            }
        }
    }
    files
}

/// `name` is a function or a module (inline or a file) among `files`.
fn defined(name: &str, files: &[PathBuf]) -> bool {
    files.iter().any(|file| {
        file.file_stem().is_some_and(|stem| stem == name)
            || fs::read_to_string(file).is_ok_and(|text| {
                [
                    format!("fn {name}("),
                    format!("fn {name}<"),
                    format!("mod {name} "),
                ]
                .iter()
                .any(|definition| text.contains(definition))
            })
    })
}

#[test]
fn every_test_named_in_reliability_md_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("RELIABILITY.md")).expect("RELIABILITY.md");
    let named = references(&text);
    assert!(named.len() > 100, "only {} references read", named.len());
    let missing: Vec<&str> = named
        .into_iter()
        .filter(|reference| {
            let (file, path) = reference.split_once(".rs::").expect("a .rs:: reference");
            let name = path.rsplit("::").next().expect("a name");
            !defined(name, &files_of(&format!("{file}.rs")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "RELIABILITY.md names tests that do not exist: {missing:#?}"
    );
}

#[test]
fn a_reference_to_a_test_that_is_gone_is_found() {
    let files = files_of("tests/it/reliability.rs");
    assert!(defined("every_test_named_in_reliability_md_exists", &files));
    assert!(!defined("a_test_nobody_wrote", &files));
    assert!(files_of("tests/no_such_file.rs").is_empty());
    assert_eq!(
        references("see `tests/it/cli.rs::a_b`, `not code`, `x.rs::y z`"),
        vec!["tests/it/cli.rs::a_b"]
    );
}
