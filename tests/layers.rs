//! The floors of the crate: which top-level module may import which.
//!
//! Reads every `.rs` file under `src/`, collects each path into our own code
//! (`crate::…`, `super::…` climbing out of its top-level module, and
//! `crmdeck::…` in `main.rs`): `use` lines with their `{…}` groups over any
//! number of lines, and paths written in code or inside macro calls.
//! Comments, doc comments and string literals are not code and do not count;
//! `#[cfg(test)]` modules do: a test that reaches up a floor is a sign it
//! belongs higher (in `tests/`).
//!
//! Fails on (a) a circle between top-level modules, naming it, and (b) an
//! import that [`FLOORS`] does not allow.
//!
//! Some floors are crates of their own (`crates/model`, `crates/store`, issue
//! 24), re-exported by `src/lib.rs` under their module names: their files
//! are not under `src/`, Cargo holds what they import (a crate names only
//! the crates it depends on), and (c) each one's dependencies on our other
//! crates must be what its row in [`FLOORS`] allows. What is left in `src/`
//! is read as before: `app` using `crate::api::Client` fails here.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// One top-level module (or `main.rs`), its floor, and what it may import.
struct Floor {
    level: u8,
    module: &'static str,
    /// A module (`"api"`) allows everything in it; a longer path
    /// (`"api::ApiError"`) allows that item and what is inside it only.
    may_import: &'static [&'static str],
}

const fn floor(level: u8, module: &'static str, may_import: &'static [&'static str]) -> Floor {
    Floor {
        level,
        module,
        may_import,
    }
}

/// The floors, bottom first: a module imports only from floors below its own.
#[rustfmt::skip]
const FLOORS: &[Floor] = &[
    // Records and how they are read from JSON, page facts, secrets. A crate
    // (crmdeck-model): its Cargo.toml holds its floor.
    floor(1, "model", &[]),
    floor(1, "local_files", &[]),
    // Weekdays, timetable, clock, formatting, sanitising, zones.
    floor(2, "domain", &["model"]),
    // Decoding into the model, the client, errors, TLS.
    floor(3, "api", &["model", "domain"]),
    floor(3, "logging", &["model", "local_files"]),
    // File, environment, flags, profiles, token sources.
    floor(4, "config", &["model", "domain", "local_files"]),
    // Every record by id and what to fetch next: pure data on the model. A
    // crate (crmdeck-store): its Cargo.toml holds its floor.
    floor(4, "store", &["model"]),
    floor(5, "demo", &["model", "domain"]),
    // The snapshot files: private, atomic, checked by the store's format.
    floor(5, "cache", &["model", "local_files", "store"]),
    // Config and client opened, with the demo server when asked: above demo;
    // the cache located for the config (its key: profile, base URL).
    floor(6, "session", &["model", "domain", "api", "config", "store", "cache", "demo"]),
    // Screens, state, update (pure): of api only its error, of config only
    // the theme.
    floor(6, "app", &["model", "domain", "store", "api::ApiError", "config::Theme"]),
    floor(7, "ui", &["model", "domain", "config", "app"]),
    // Of app only the keymap: `crmdeck keys` prints the dashboard's keys.
    floor(8, "cli", &["model", "domain", "api", "logging", "config", "store", "cache", "demo", "session", "app::keymap"]),
    // Terminal, event loop, effects (its tests start a demo server), the
    // view remembered and the command line's history in the state directory
    // (local_files' rules); not cli.
    floor(8, "runtime", &["model", "domain", "local_files", "api", "logging", "config", "store", "cache", "demo", "session", "app", "ui"]),
    // The binary: the log file, then a subcommand or the dashboard.
    floor(9, "main", &["logging", "config", "cli", "runtime"]),
];

/// A path into our own code, from the crate root (`["api", "ApiError"]`),
/// and the line it is written on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reference {
    line: usize,
    path: Vec<String>,
}

/// Every path into our own code in `source`, a file whose module is `module`
/// (`["app", "tests"]` for `src/app/tests/mod.rs`); `root` is how the file
/// names our crate (`crate`, or `crmdeck` in the binary).
fn references(source: &str, module: &[&str], root: &str) -> Vec<Reference> {
    let tokens: TokenStream = source.parse().expect("every file under src/ lexes");
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut module: Vec<String> = module.iter().map(|m| m.to_string()).collect();
    let mut found = Vec::new();
    walk(&tokens, &mut module, root, &mut found);
    found
}

fn walk(tokens: &[TokenTree], module: &mut Vec<String>, root: &str, found: &mut Vec<Reference>) {
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            // `mod name { … }`: `super` inside it starts one level deeper.
            TokenTree::Ident(word) if word == "mod" => {
                if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(body))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                    && body.delimiter() == Delimiter::Brace
                {
                    let body: Vec<TokenTree> = body.stream().into_iter().collect();
                    module.push(name.to_string());
                    walk(&body, module, root, found);
                    module.pop();
                    i += 3;
                    continue;
                }
                i += 1;
            }
            TokenTree::Ident(word) if word == root && is_path_separator(tokens, i + 1) => {
                i = path_tree(tokens, i + 3, Vec::new(), found);
            }
            TokenTree::Ident(word) if word == "super" && is_path_separator(tokens, i + 1) => {
                let mut up = 0;
                while matches!(&tokens[i], TokenTree::Ident(w) if w == "super")
                    && is_path_separator(tokens, i + 1)
                {
                    up += 1;
                    i += 3;
                }
                let base = module[..module.len().saturating_sub(up)].to_vec();
                i = path_tree(tokens, i, base, found);
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                walk(&inner, module, root, found);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// `::` at `at`.
fn is_path_separator(tokens: &[TokenTree], at: usize) -> bool {
    matches!(
        (tokens.get(at), tokens.get(at + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Reads the rest of a path after `prefix::`, from `at`: segments, a `*`, a
/// `{…}` group (each of its items a path of its own, `self` the prefix).
/// Returns where the path ends.
fn path_tree(
    tokens: &[TokenTree],
    mut at: usize,
    mut prefix: Vec<String>,
    found: &mut Vec<Reference>,
) -> usize {
    let mut line = tokens.get(at).map_or(0, |t| t.span().start().line);
    loop {
        match tokens.get(at) {
            Some(TokenTree::Ident(segment)) => {
                line = segment.span().start().line;
                if segment != "self" {
                    prefix.push(segment.to_string());
                }
                at += 1;
            }
            Some(TokenTree::Punct(star)) if star.as_char() == '*' => {
                prefix.push("*".to_string());
                found.push(Reference {
                    line: star.span().start().line,
                    path: prefix,
                });
                return at + 1;
            }
            Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
                let items: Vec<TokenTree> = group.stream().into_iter().collect();
                for item in items.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                {
                    if !item.is_empty() {
                        path_tree(item, 0, prefix.clone(), found);
                    }
                }
                return at + 1;
            }
            // The end of the path (or a turbofish, `::<`).
            _ => break,
        }
        if !is_path_separator(tokens, at) {
            break;
        }
        at += 2;
    }
    found.push(Reference { line, path: prefix });
    at
}

/// An import from one top-level module into another, where it is written.
struct Import {
    from: String,
    file: String,
    reference: Reference,
}

impl Import {
    fn to(&self) -> &str {
        self.reference.path.first().map_or("", String::as_str)
    }

    fn describe(&self) -> String {
        format!(
            "{}:{}: {} uses crate::{}",
            self.file,
            self.reference.line,
            self.from,
            self.reference.path.join("::")
        )
    }
}

/// Every import between two top-level modules under `src/`.
fn imports() -> Vec<Import> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(
        files.len() > 50,
        "only {} files found under {}",
        files.len(),
        src.display()
    );
    let mut imports = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let without_extension = relative.with_extension("");
        let mut module: Vec<&str> = without_extension
            .iter()
            .map(|c| c.to_str().unwrap())
            .collect();
        if module.last() == Some(&"mod") {
            module.pop();
        }
        // The binary names the library by its crate name.
        let (from, root) = match module[..] {
            ["main"] => ("main", "crmdeck"),
            [top, ..] => (top, "crate"),
            [] => unreachable!("{} names no module", file.display()),
        };
        // lib.rs and main.rs are crate roots: `super` cannot leave them.
        if matches!(module[..], ["lib"] | ["main"]) {
            module.clear();
        }
        let source = std::fs::read_to_string(&file).unwrap();
        let name = format!("src/{}", relative.display());
        for reference in references(&source, &module, root) {
            let import = Import {
                from: from.to_string(),
                file: name.clone(),
                reference,
            };
            if import.to() != from {
                imports.push(import);
            }
        }
    }
    imports
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn floor_of(module: &str) -> Option<&'static Floor> {
    FLOORS.iter().find(|floor| floor.module == module)
}

/// Whether `floor` may use `path` (from the crate root).
fn allows(floor: &Floor, path: &[String]) -> bool {
    floor.may_import.iter().any(|allowed| {
        let allowed: Vec<&str> = allowed.split("::").collect();
        path.len() >= allowed.len() && path.iter().zip(&allowed).all(|(a, b)| a == b)
    })
}

/// The circles in a graph of modules, each named as `a → b → a`.
fn circles(edges: &BTreeMap<&str, BTreeSet<&str>>) -> Vec<String> {
    let reaches = |from: &str, to: &str| -> Option<Vec<String>> {
        // The shortest way from `from` to `to`, both ends included.
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(here) = queue.pop_front() {
            for &next in edges.get(here).into_iter().flatten() {
                if next == to {
                    let mut way = vec![to.to_string(), here.to_string()];
                    let mut at = here;
                    while at != from {
                        at = came_from[at];
                        way.push(at.to_string());
                    }
                    way.reverse();
                    return Some(way);
                }
                if next != from && !came_from.contains_key(next) {
                    came_from.insert(next, here);
                    queue.push_back(next);
                }
            }
        }
        None
    };
    // One circle per strongly connected group, through its first module.
    let mut named: BTreeSet<&str> = BTreeSet::new();
    let mut found = Vec::new();
    for &module in edges.keys() {
        if named.contains(module) {
            continue;
        }
        if let Some(way) = reaches(module, module) {
            for &other in edges.keys() {
                if reaches(module, other).is_some() && reaches(other, module).is_some() {
                    named.insert(other);
                }
            }
            found.push(way.join(" → "));
        }
    }
    found
}

#[test]
fn no_circle_between_top_level_modules() {
    let imports = imports();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for import in &imports {
        edges
            .entry(import.from.as_str())
            .or_default()
            .insert(import.to());
    }
    let found = circles(&edges);
    let mut report = String::new();
    for circle in &found {
        report.push_str(&format!("circle: {circle}\n"));
        let modules: Vec<&str> = circle.split(" → ").collect();
        for pair in modules.windows(2) {
            let example = imports
                .iter()
                .find(|i| i.from == pair[0] && i.to() == pair[1])
                .unwrap();
            report.push_str(&format!("  {}\n", example.describe()));
        }
    }
    assert!(found.is_empty(), "{report}");
}

#[test]
fn every_import_is_allowed_by_the_floors() {
    let imports = imports();
    // A reader that found nothing would allow everything.
    for (from, to) in [("main", "runtime"), ("ui", "app"), ("api", "model")] {
        assert!(
            imports.iter().any(|i| i.from == from && i.to() == to),
            "the reader found no import from {from} into {to}"
        );
    }
    let refused: Vec<String> = imports
        .iter()
        .filter_map(|import| match floor_of(&import.from) {
            None => Some(format!(
                "{}: `{}` has no floor in FLOORS",
                import.describe(),
                import.from
            )),
            Some(floor) if !allows(floor, &import.reference.path) => Some(format!(
                "{} ({} may import: {})",
                import.describe(),
                floor.module,
                floor.may_import.join(", ")
            )),
            Some(_) => None,
        })
        .collect();
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

#[test]
fn the_floors_only_look_down() {
    let mut wrong = Vec::new();
    for floor in FLOORS {
        for allowed in floor.may_import {
            let module = allowed.split("::").next().unwrap();
            match floor_of(module) {
                Some(below) if below.level < floor.level => {}
                Some(other) => wrong.push(format!(
                    "{} (floor {}) may import {allowed} (floor {})",
                    floor.module, floor.level, other.level
                )),
                None => wrong.push(format!(
                    "{} may import {allowed}: no such floor",
                    floor.module
                )),
            }
        }
    }
    // Every top-level module of the library has its floor.
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(module) = line
            .strip_prefix("pub mod ")
            .and_then(|l| l.strip_suffix(';'))
            && floor_of(module).is_none()
        {
            wrong.push(format!("{module} (in lib.rs) has no floor"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The prefix of our crates' package names: `crmdeck-store` is the floor `store`.
const CRATE_PREFIX: &str = "crmdeck-";

/// Each floor that is a crate of its own, with our crates it depends on
/// (dependencies and dev-dependencies), from every `crates/*/Cargo.toml`
/// whose package is named [`CRATE_PREFIX`] and the floor.
fn floor_crates() -> BTreeMap<String, Vec<String>> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let manifest: toml::Table = text.parse().expect("every crate's Cargo.toml parses");
        let name = manifest["package"]["name"].as_str().unwrap();
        let Some(module) = name.strip_prefix(CRATE_PREFIX) else {
            continue;
        };
        let ours = ["dependencies", "dev-dependencies"]
            .into_iter()
            .filter_map(|section| manifest.get(section)?.as_table())
            .flat_map(|dependencies| dependencies.keys())
            .filter_map(|dependency| dependency.strip_prefix(CRATE_PREFIX))
            .map(String::from)
            .collect();
        found.insert(module.to_string(), ours);
    }
    found
}

#[test]
fn each_floor_crate_depends_only_on_the_floors_it_may_import() {
    let crates = floor_crates();
    // A reader that found nothing would allow everything.
    assert_eq!(
        crates.get("store").map(Vec::as_slice),
        Some(&["model".to_string()][..]),
        "the store's Cargo.toml read"
    );
    let mut wrong = Vec::new();
    for (module, dependencies) in &crates {
        let Some(floor) = floor_of(module) else {
            wrong.push(format!("{CRATE_PREFIX}{module} has no floor in FLOORS"));
            continue;
        };
        for dependency in dependencies {
            if !floor.may_import.contains(&dependency.as_str()) {
                wrong.push(format!(
                    "{CRATE_PREFIX}{module} depends on {CRATE_PREFIX}{dependency} \
                     ({module} may import: {})",
                    floor.may_import.join(", ")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reader_finds_paths_in_uses_groups_and_code_only() {
    let source = r#"
//! crate::ui::in_an_inner_doc_comment
use crate::api::{self, ApiError, client::{Client, paced}};
use crate::{
    domain::weekday,
    model::*,
};
use super::Sibling;
/// crate::ui::in_a_doc_comment
pub(crate) fn f() -> String {
    // crate::ui::in_a_comment
    /* crate::ui::in_a_block_comment */
    let _ = "crate::ui::in_a_string";
    let _ = r"crate::ui::in_a_raw_string";
    let _ = '"';
    let parsed = crate::config::Theme::from_str::<String>("mono");
    format!("{}", crate::model::describe_expiry(at, now))
}
#[cfg(test)]
mod tests {
    use super::super::Overlay;
    use super::super::super::demo::Seed as Planted;
}
"#;
    let found: Vec<(usize, String)> = references(source, &["app", "groups"], "crate")
        .into_iter()
        .map(|r| (r.line, r.path.join("::")))
        .collect();
    let expected = [
        (3, "api"),
        (3, "api::ApiError"),
        (3, "api::client::Client"),
        (3, "api::client::paced"),
        (5, "domain::weekday"),
        (6, "model::*"),
        (8, "app::Sibling"),
        (16, "config::Theme::from_str"),
        (17, "model::describe_expiry"),
        (21, "app::Overlay"),
        (22, "demo::Seed"),
    ];
    let expected: Vec<(usize, String)> = expected
        .iter()
        .map(|(line, path)| (*line, path.to_string()))
        .collect();
    assert_eq!(found, expected);
    // The binary names the library by its crate name.
    let main = references("use crmdeck::{cli, runtime};\n", &[], "crmdeck");
    let paths: Vec<Vec<String>> = main.into_iter().map(|r| r.path).collect();
    assert_eq!(
        paths,
        [vec!["cli".to_string()], vec!["runtime".to_string()]]
    );
}

#[test]
fn a_circle_is_named_and_a_layered_graph_has_none() {
    let graph = |pairs: &[(&'static str, &'static str)]| {
        let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for &(from, to) in pairs {
            edges.entry(from).or_default().insert(to);
        }
        edges
    };
    let layered = graph(&[
        ("app", "api"),
        ("api", "domain"),
        ("app", "domain"),
        ("domain", "model"),
    ]);
    assert!(circles(&layered).is_empty());
    let circled = graph(&[
        ("domain", "api"),
        ("api", "domain"),
        ("runtime", "cli"),
        ("cli", "session"),
        ("session", "runtime"),
        ("ui", "app"),
    ]);
    assert_eq!(
        circles(&circled),
        ["api → domain → api", "cli → session → runtime → cli"]
    );
    let floor = floor_of("app").unwrap();
    let path = |text: &str| text.split("::").map(String::from).collect::<Vec<_>>();
    assert!(allows(floor, &path("api::ApiError::Network")));
    assert!(allows(floor, &path("model::Group")));
    assert!(!allows(floor, &path("api::Client")));
    assert!(!allows(floor, &path("api")));
    assert!(!allows(floor, &path("config::Config")));
}
