//! The suite's own shape (issue 35 §6): each integration test binary links
//! the whole crate, so there are few of them, and a new test goes into a
//! module of `tests/it/` or `tests/e2e/` rather than into a new file beside
//! them.

use std::fs;
use std::path::Path;

/// The integration test binaries cargo finds under `tests/` (it builds no
/// other: Cargo.toml declares no `[[test]]`): each `tests/*.rs`, and each
/// folder with a `main.rs`.
fn test_binaries(tests: &Path) -> Vec<String> {
    let mut binaries: Vec<String> = fs::read_dir(tests)
        .expect("tests/ is readable")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "rs") || path.join("main.rs").is_file()
        })
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    binaries.sort();
    binaries
}

#[test]
fn the_integration_tests_link_at_most_five_binaries() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(
        !manifest.contains("[[test]]"),
        "Cargo.toml declares a [[test]]: count it here"
    );
    let binaries = test_binaries(&root.join("tests"));
    assert!(
        binaries.contains(&"it".to_owned()),
        "this very binary is not found: {binaries:?}"
    );
    assert!(
        binaries.len() <= 5,
        "{} integration test binaries, each linking the crate: {binaries:?}; \
         put the new tests in a module of tests/it/ or tests/e2e/",
        binaries.len()
    );
}
