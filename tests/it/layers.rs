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
//! Some floors are crates of their own (`crates/model`, `crates/sanitize`,
//! `crates/i18n`, `crates/local-files`, `crates/secret`, `crates/domain`, `crates/demo`,
//! `crates/api`, `crates/store`, issues 24 and 35), re-exported by `src/lib.rs`
//! under their module names: their files are not under `src/`, Cargo
//! holds what they import (a crate names only the crates it depends on),
//! and (c) each one's dependencies on our other crates must be what its
//! row in [`FLOORS`] allows. What is left in `src/`
//! is read as before: `app` using `crate::api::Client` fails here.
//! Inside `app/` the files have floors of their own ([`APP_FLOORS`]): a file
//! imports files of its floor or below, never above, and no files import
//! each other in a circle. There the code of
//! `#[cfg(test)]` modules and of `app/tests/` does not count: unit tests
//! drive the whole app.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

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
    // Records and how they are read from JSON, page facts, the API's
    // address. A crate (crmdeck-model): its Cargo.toml holds its floor.
    floor(1, "model", &[]),
    // Private files and folders, bounded reads. A crate (crmdeck-local-files).
    floor(1, "local_files", &[]),
    // Server text made safe for a terminal: below the client (its errors
    // quote the server) and below everything that shows text. A crate
    // (crmdeck-sanitize): its Cargo.toml holds its floor.
    floor(1, "sanitize", &[]),
    // The interface's languages: the checked catalogues, plurals, days,
    // dates, the language chosen (issue 36). A crate (crmdeck-i18n).
    floor(1, "i18n", &[]),
    // Computation on the model: weekdays, the week's layout, today's parts,
    // the timetable check, clock, zones, search folding, branch lookup. No
    // text for people. A crate (crmdeck-domain): its Cargo.toml holds its
    // floor.
    floor(2, "domain", &["model"]),
    // The token and its masking, the token sources, whose config and token
    // files are trusted, the token commands ended (issue 35). A crate
    // (crmdeck-secret): its Cargo.toml holds its floor.
    floor(2, "secret", &["local_files"]),
    // The embedded demo server: it sends the API's own day names (the
    // model's), not crmdeck's words; its token masked (secret). A crate
    // (crmdeck-demo): its Cargo.toml holds its floor.
    floor(3, "demo", &["model", "secret"]),
    // Text for people from the model and the computation: formatting,
    // measured cells, day names, the column tables, the week's and the
    // check's words.
    floor(3, "present", &["model", "sanitize", "i18n", "domain", "secret"]),
    // Decoding into the model, the client, errors, TLS. A crate
    // (crmdeck-api): its Cargo.toml holds its floor. Not on the domain:
    // whether its address is this machine is the model's `ApiUrl`'s.
    floor(3, "api", &["model", "sanitize", "secret"]),
    floor(3, "logging", &["model", "local_files"]),
    // File, environment, flags, profiles; which token source (secret's).
    floor(4, "config", &["model", "i18n", "domain", "present", "local_files", "secret"]),
    // Every record by id and what to fetch next: pure data on the model;
    // the history's format keeps the domain's digests (issue 28). A crate
    // (crmdeck-store): its Cargo.toml holds its floor.
    floor(4, "store", &["model", "domain"]),
    // The snapshot and history files: private, atomic, checked by the
    // store's formats; the history's baseline chosen by the domain's `Since`.
    floor(5, "cache", &["model", "domain", "local_files", "store"]),
    // Config and client opened, with the demo server when asked: above demo;
    // the cache located for the config (its key: profile, base URL).
    floor(6, "session", &["model", "domain", "local_files", "secret", "api", "config", "store", "cache", "demo"]),
    // Screens, state, update (pure): of api only its error, of config only
    // the theme, of cache only its error (why a snapshot was not used).
    floor(6, "app", &["model", "sanitize", "i18n", "domain", "secret", "present", "store", "api::ApiError", "config::Theme", "cache::CacheError"]),
    // Several centres at once (issue 38): the profiles a command covers,
    // a centre's session (session's), its probe, the bounded runner.
    floor(7, "fleet", &["model", "domain", "secret", "api", "config", "store", "cache", "demo", "session"]),
    floor(7, "ui", &["model", "sanitize", "i18n", "domain", "secret", "present", "config", "app"]),
    // Of app only the keymap: `crmdeck keys` prints the dashboard's keys.
    floor(8, "cli", &["model", "sanitize", "i18n", "domain", "secret", "present", "api", "logging", "config", "store", "cache", "demo", "session", "fleet", "app::keymap"]),
    // Terminal, event loop, effects (its tests start a demo server), the
    // view remembered and the command history in the state directory
    // (local_files' rules); not cli.
    floor(8, "runtime", &["model", "i18n", "domain", "local_files", "secret", "api", "logging", "config", "store", "cache", "demo", "session", "fleet", "app", "ui"]),
    // The binary: the log file, then a subcommand or the dashboard.
    floor(9, "main", &["secret", "logging", "config", "cli", "runtime"]),
];

/// The floors of the files inside `app/` (`mod` is `mod.rs`), bottom
/// first: a file imports only files of its own floor or below. An import of
/// an item of `mod.rs` (`super::App`, or a re-export such as `super::Effect`)
/// is an import of `mod`.
#[rustfmt::skip]
const APP_FLOORS: &[(&str, &[&str])] = &[
    // What the rest speaks in: tabs, keys and actions, requests and answers,
    // sizes, the status line, cursors, text inputs, the view remembered, the
    // `:` grammar, the branches' names, what a screen asks of the app.
    ("vocabulary", &["tab", "keymap", "keyboard_layouts", "protocol", "layout", "status",
        "list_cursor", "text_input", "view", "commands", "branches", "ask", "compared",
        "fleet"]),
    // Ids and owners of requests in flight; the store's walks driven.
    ("requests and walks", &["requests", "walks"]),
    // The trait every screen implements and the world it is given (what a
    // screen asks of the app is vocabulary, `ask`: no circle between them).
    ("screen and shared", &["screen", "shared"]),
    // What screens are built from.
    ("pieces", &["list_pane", "row_order", "document", "group_detail", "plugin_detail",
        "group_rows"]),
    // The overlays and the tabs (a tab opens overlays): every tab's module
    // is here too, read from `tabs!` ([`tab_modules`]), not listed.
    ("screens", &["confirm", "help", "branch_picker", "lesson_list", "command_line", "install_across"]),
    // The screen of every tab, the overlays open, what ui draws.
    ("registry", &["registry"]),
    // `App` and its routing: `mod`, and a file for each thing it handles
    // (a key, the mouse, a result of the runtime's work, the screens' asks).
    ("the app", &["mod", "on_key", "on_mouse", "on_result", "on_ask", "fixtures"]),
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
            // A macro's metavariable (`super::$module::$screen` in a
            // macro's body): the path is the expansion's, not read here.
            Some(TokenTree::Punct(dollar)) if dollar.as_char() == '$' => return at + 1,
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

/// An import from one file of `app/` into another (`mod` for `mod.rs`).
struct AppImport {
    from: String,
    to: String,
    reference: Reference,
}

impl AppImport {
    fn describe(&self) -> String {
        format!(
            "src/app/{}.rs:{}: uses crate::{}",
            self.from,
            self.reference.line,
            self.reference.path.join("::")
        )
    }
}

/// The files of `app/` as floors see them: a file (`tab.rs`), or a folder
/// module (`keymap/`: its `mod.rs` and the files in it, one unit); each
/// with its sources and their module paths.
fn app_units() -> BTreeMap<String, Vec<(String, Vec<String>)>> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut units = BTreeMap::new();
    for entry in std::fs::read_dir(&app).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let mut sources = Vec::new();
        if path.extension().is_some_and(|e| e == "rs") {
            let module = match stem.as_str() {
                "mod" => vec!["app".to_string()],
                file => vec!["app".to_string(), file.to_string()],
            };
            sources.push((std::fs::read_to_string(&path).unwrap(), module));
        } else if path.join("mod.rs").exists() && stem != "tests" {
            for file in std::fs::read_dir(&path).unwrap() {
                let file = file.unwrap().path();
                let name = file.file_stem().unwrap().to_str().unwrap().to_string();
                let mut module = vec!["app".to_string(), stem.clone()];
                if name != "mod" {
                    module.push(name);
                }
                sources.push((std::fs::read_to_string(&file).unwrap(), module));
            }
        } else {
            continue;
        }
        units.insert(stem, sources);
    }
    units
}

/// Every import between two files (or folder modules) of `app/`, test
/// code left out.
fn app_imports() -> Vec<AppImport> {
    let units = app_units();
    let mut imports = Vec::new();
    for (from, sources) in &units {
        for (source, module) in sources {
            let module: Vec<&str> = module.iter().map(String::as_str).collect();
            for reference in app_references(source, &module) {
                let to = match reference.path.as_slice() {
                    [top, file, ..] if top == "app" && units.contains_key(file) => file.clone(),
                    [top, ..] if top == "app" => "mod".to_string(),
                    _ => continue,
                };
                if &to != from {
                    imports.push(AppImport {
                        from: from.clone(),
                        to,
                        reference,
                    });
                }
            }
        }
    }
    imports
}

/// The paths of `source` outside its `#[cfg(test)]` modules.
fn app_references(source: &str, module: &[&str]) -> Vec<Reference> {
    let tokens: TokenStream = source.parse().expect("every file under src/ lexes");
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(attribute))) =
            (&tokens[i], tokens.get(i + 1))
            && hash.as_char() == '#'
            && attribute.to_string().replace(' ', "") == "[cfg(test)]"
        {
            // The attribute, any other attributes, then the item up to its
            // body or its `;`.
            i += 2;
            while let Some(token) = tokens.get(i) {
                i += 1;
                match token {
                    TokenTree::Group(body) if body.delimiter() == Delimiter::Brace => break,
                    TokenTree::Punct(end) if end.as_char() == ';' => break,
                    _ => {}
                }
            }
            continue;
        }
        kept.push(tokens[i].clone());
        i += 1;
    }
    let mut module: Vec<String> = module.iter().map(|m| m.to_string()).collect();
    let mut found = Vec::new();
    walk(&kept, &mut module, "crate", &mut found);
    found
}

/// The floor of a file of `app/` (its index in [`APP_FLOORS`]); a tab's
/// module ([`tab_modules`]) is on the screens' floor.
fn app_floor_of(file: &str) -> Option<usize> {
    static TABS: LazyLock<Vec<String>> = LazyLock::new(tab_modules);
    let floor = |name: &str| APP_FLOORS.iter().position(|(floor, _)| *floor == name);
    if TABS.iter().any(|tab| tab == file) {
        floor("screens")
    } else {
        APP_FLOORS
            .iter()
            .position(|(_, files)| files.contains(&file))
    }
}

/// The module of every tab's screen, as the one declaration of the tabs
/// (`tabs!` in `app/tab.rs`) names it: the `module` of each line's
/// `Variant: "Name", 'key', module::Screen, …`.
fn tab_modules() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/tab.rs");
    let tokens: TokenStream = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let mut found = Vec::new();
    find_tab_modules(&tokens.into_iter().collect::<Vec<_>>(), &mut found);
    found
}

fn find_tab_modules(tokens: &[TokenTree], found: &mut Vec<String>) {
    for (at, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(group) = token {
            find_tab_modules(&group.stream().into_iter().collect::<Vec<_>>(), found);
        }
        let punct = |i: usize, c: char| matches!(tokens.get(at + i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let literal = |i: usize, quote: char| matches!(tokens.get(at + i), Some(TokenTree::Literal(l)) if l.to_string().starts_with(quote));
        // `Variant : "Name" , 'k' , module : : Screen`
        if let (TokenTree::Ident(_), Some(TokenTree::Ident(module))) = (token, tokens.get(at + 6))
            && punct(1, ':')
            && literal(2, '"')
            && punct(3, ',')
            && literal(4, '\'')
            && punct(5, ',')
            && punct(7, ':')
            && punct(8, ':')
        {
            found.push(module.to_string());
        }
    }
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

/// Fails naming each circle of the graph of `imports` (from, to, where
/// written), with the import of each of its steps.
fn assert_no_circle<'a>(imports: impl Iterator<Item = (&'a str, &'a str, String)>) {
    let imports: Vec<(&str, &str, String)> = imports.collect();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (from, to, _) in &imports {
        edges.entry(from).or_default().insert(to);
    }
    let found = circles(&edges);
    let mut report = String::new();
    for circle in &found {
        report.push_str(&format!("circle: {circle}\n"));
        let steps: Vec<&str> = circle.split(" → ").collect();
        for pair in steps.windows(2) {
            let (_, _, example) = imports
                .iter()
                .find(|(from, to, _)| *from == pair[0] && *to == pair[1])
                .unwrap();
            report.push_str(&format!("  {example}\n"));
        }
    }
    assert!(found.is_empty(), "{report}");
}

#[test]
fn no_circle_between_top_level_modules() {
    let imports = imports();
    assert_no_circle(
        (imports.iter()).map(|import| (import.from.as_str(), import.to(), import.describe())),
    );
}

#[test]
fn every_import_is_allowed_by_the_floors() {
    let imports = imports();
    // A reader that found nothing would allow everything.
    for (from, to) in [("main", "runtime"), ("ui", "app"), ("cli", "api")] {
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
        // `crmdeck-local-files` is the floor `local_files`.
        let Some(module) = name.strip_prefix(CRATE_PREFIX).map(|m| m.replace('-', "_")) else {
            continue;
        };
        let ours = ["dependencies", "dev-dependencies"]
            .into_iter()
            .filter_map(|section| manifest.get(section)?.as_table())
            .flat_map(|dependencies| dependencies.keys())
            .filter_map(|dependency| dependency.strip_prefix(CRATE_PREFIX))
            .map(|dependency| dependency.replace('-', "_"))
            .collect();
        found.insert(module, ours);
    }
    found
}

#[test]
fn each_floor_crate_depends_only_on_the_floors_it_may_import() {
    let crates = floor_crates();
    // A reader that found nothing would allow everything.
    assert_eq!(
        crates.get("store").map(Vec::as_slice),
        Some(&["domain".to_string(), "model".to_string()][..]),
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
fn every_file_of_app_imports_only_its_floor_or_below() {
    let imports = app_imports();
    // A reader of `tabs!` that found no tab would leave them on no floor.
    let tabs = tab_modules();
    for tab in ["plugins", "groups", "changes"] {
        assert!(tabs.iter().any(|t| t == tab), "tabs! names {tab}: {tabs:?}");
    }
    // A reader that found nothing would allow everything. (The registry
    // reaches the tabs' screens through the expansion of `tabs!`,
    // `super::$module::$screen`, which the reader leaves: above the
    // screens, it may.)
    for (from, to) in [
        ("registry", "help"),
        ("screen", "shared"),
        ("on_ask", "mod"),
    ] {
        assert!(
            imports.iter().any(|i| i.from == from && i.to == to),
            "the reader found no import from app/{from} into app/{to}"
        );
    }
    let mut refused = Vec::new();
    for import in &imports {
        let name = |file: &str| app_floor_of(file).map(|floor| APP_FLOORS[floor].0);
        match (app_floor_of(&import.from), app_floor_of(&import.to)) {
            (Some(from), Some(to)) if to <= from => {}
            (Some(_), Some(_)) => refused.push(format!(
                "{}: {} ({}) is above {} ({})",
                import.describe(),
                import.to,
                name(&import.to).unwrap(),
                import.from,
                name(&import.from).unwrap()
            )),
            (None, _) => refused.push(format!("app/{}.rs has no floor in APP_FLOORS", import.from)),
            (_, None) => refused.push(format!("app/{}.rs has no floor in APP_FLOORS", import.to)),
        }
    }
    // Every file of app/ has its floor, and every floor's file is there.
    let units = app_units();
    for stem in units.keys() {
        if app_floor_of(stem).is_none() {
            refused.push(format!("app/{stem}.rs has no floor in APP_FLOORS"));
        }
    }
    for (_, files) in APP_FLOORS {
        for file in files.iter().filter(|&&file| file != "fixtures") {
            if !units.contains_key(*file) {
                refused.push(format!(
                    "APP_FLOORS names app/{file}.rs, which is not there"
                ));
            }
        }
    }
    refused.sort();
    refused.dedup();
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

#[test]
fn no_circle_of_files_in_app() {
    let imports = app_imports();
    assert_no_circle(
        (imports.iter())
            .map(|import| (import.from.as_str(), import.to.as_str(), import.describe())),
    );
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
macro_rules! screens { ($module:ident) => { super::$module::Screen }; }
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
