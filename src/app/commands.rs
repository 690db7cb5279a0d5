//! The grammar of the `:` command line, pure: what a line says, what Tab
//! completes it to, and what is wrong with it in words. The words are the
//! CLI's subcommands where they overlap; the tab words come from the tab
//! registry, so a new tab is a new word.

use super::tab::Tab;
use crate::domain::branch_lookup::{BranchLookup, look_up};
use crate::domain::script::fold;
use crate::model::Branch;

/// What a line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Run {
    ShowTab(Tab),
    /// The groups of this branch.
    Branch(i64),
    /// The install confirmation of this plugin.
    Install(i64),
    /// The session of this profile of the config (its name as written there).
    Profile(String),
    Filter(String),
    Sort {
        column: String,
        descending: bool,
    },
    Export {
        format: ExportFormat,
        path: Option<String>,
    },
    Refresh,
    Help,
    Quit,
}

/// The file format of `:export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Json,
}

impl ExportFormat {
    /// Its word, also the file's extension.
    pub fn word(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
        }
    }
}

/// What the line is checked against: the branches known, the columns the
/// shown tab sorts by, the config's profiles.
pub struct Known<'a> {
    pub branches: &'a [Branch],
    pub sortable: &'a [&'static str],
    pub profiles: &'a [String],
}

/// A word of the grammar and what follows it, for errors and help.
struct Word {
    name: String,
    /// What it takes ("" when nothing).
    takes: &'static str,
}

/// Every word, the tabs first in the top line's order.
fn words() -> Vec<Word> {
    let tabs = Tab::ALL.iter().map(|tab| Word {
        name: tab.name().to_lowercase(),
        takes: "",
    });
    let others = [
        ("branch", "NAME|ID"),
        ("profile", "NAME"),
        ("install", "ID"),
        ("filter", "TEXT"),
        ("sort", "COLUMN [desc]"),
        ("export", "csv|json [PATH]"),
        ("refresh", ""),
        ("help", ""),
        ("q", ""),
    ]
    .map(|(name, takes)| Word {
        name: name.to_string(),
        takes,
    });
    tabs.chain(others).collect()
}

/// Why `typed` names none of a list of names.
enum Unnamed {
    /// It starts no name; the most similar one.
    Nearest(Option<String>),
    /// It starts several names.
    Several(Vec<String>),
}

/// Which of `names` `typed` names, case ignored: the one it is (never a
/// longer one: k9s' `:pod` ran `poddisruptionbudget`), else the one it
/// starts. Words and profile names alike.
fn one_of(typed: &str, names: &[&str]) -> Result<usize, Unnamed> {
    let typed = typed.to_lowercase();
    let lower: Vec<String> = names.iter().map(|name| name.to_lowercase()).collect();
    if let Some(at) = lower.iter().position(|name| *name == typed) {
        return Ok(at);
    }
    let starting: Vec<usize> = (0..names.len())
        .filter(|&at| lower[at].starts_with(&typed))
        .collect();
    match starting.as_slice() {
        [at] => Ok(*at),
        [] => {
            let similar = |at: usize| strsim::jaro_winkler(&lower[at], &typed);
            let nearest = (0..names.len()).max_by(|&a, &b| similar(a).total_cmp(&similar(b)));
            Err(Unnamed::Nearest(nearest.map(|at| names[at].to_string())))
        }
        several => Err(Unnamed::Several(
            several.iter().map(|&at| names[at].to_string()).collect(),
        )),
    }
}

/// The word named by `typed` (see [`one_of`]).
fn word_of(typed: &str) -> Result<Word, String> {
    let mut all = words();
    let names: Vec<&str> = all.iter().map(|word| word.name.as_str()).collect();
    match one_of(typed, &names) {
        Ok(at) => Ok(all.swap_remove(at)),
        Err(Unnamed::Nearest(nearest)) => {
            let nearest = nearest
                .map(|name| format!(" — did you mean :{name}?"))
                .unwrap_or_default();
            Err(format!("no command :{typed}{nearest}"))
        }
        Err(Unnamed::Several(several)) => {
            let words: Vec<String> = several.iter().map(|name| format!(":{name}")).collect();
            Err(format!(":{typed} could be {}", words.join(", ")))
        }
    }
}

/// What `line` (without the `:`) asks for, or what is wrong with it.
pub fn parse(line: &str, known: &Known) -> Result<Run, String> {
    let line = line.trim();
    let (typed, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    if typed.is_empty() {
        return Err("type a command: Tab lists them".to_string());
    }
    let word = word_of(typed)?;
    let usage = || format!(":{} takes {}", word.name, word.takes);
    if word.takes.is_empty() && !rest.is_empty() {
        return Err(format!(":{} takes nothing after it", word.name));
    }
    if let Some(&tab) = Tab::ALL
        .iter()
        .find(|tab| tab.name().to_lowercase() == word.name)
    {
        return Ok(Run::ShowTab(tab));
    }
    match word.name.as_str() {
        "branch" if rest.is_empty() => Err(usage()),
        "branch" => branch(rest, known.branches),
        "profile" if rest.is_empty() => Err(usage()),
        "profile" => profile(rest, known.profiles),
        "install" => rest
            .parse()
            .map(Run::Install)
            .map_err(|_| format!("{}: a plugin's id, a number", usage())),
        "filter" => Ok(Run::Filter(rest.to_string())),
        "sort" => sort(rest, known.sortable).map_err(|why| format!("{}: {why}", usage())),
        "export" => export(rest).ok_or_else(usage),
        "refresh" => Ok(Run::Refresh),
        "help" => Ok(Run::Help),
        _ => Ok(Run::Quit),
    }
}

fn branch(typed: &str, branches: &[Branch]) -> Result<Run, String> {
    let names = |found: Vec<&Branch>| {
        found
            .iter()
            .map(|branch| branch.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match look_up(typed, branches) {
        BranchLookup::Found(branch) => Ok(Run::Branch(branch.id)),
        BranchLookup::Ambiguous(found) => Err(format!("{typed} could be {}", names(found))),
        BranchLookup::Unknown(_) if branches.is_empty() => match typed.parse() {
            // The branches did not come: an id is taken on trust.
            Ok(id) => Ok(Run::Branch(id)),
            Err(_) => Err("the branches are not known yet: give an id".to_string()),
        },
        BranchLookup::Unknown(near) => Err(format!(
            "no branch {typed} — a branch's name or id, such as {}",
            names(near)
        )),
    }
}

/// The profile of the config named by `typed` (see [`one_of`]).
fn profile(typed: &str, profiles: &[String]) -> Result<Run, String> {
    if profiles.is_empty() {
        return Err("the config names no profiles: add [profiles.NAME] tables".to_string());
    }
    let names: Vec<&str> = profiles.iter().map(String::as_str).collect();
    match one_of(typed, &names) {
        Ok(at) => Ok(Run::Profile(profiles[at].clone())),
        Err(Unnamed::Nearest(nearest)) => {
            let nearest = nearest
                .map(|name| format!(" — did you mean {name}?"))
                .unwrap_or_default();
            Err(format!("no profile {typed}{nearest}"))
        }
        Err(Unnamed::Several(several)) => Err(format!("{typed} could be {}", several.join(", "))),
    }
}

fn sort(rest: &str, sortable: &[&'static str]) -> Result<Run, String> {
    if sortable.is_empty() {
        return Err("this tab does not sort".to_string());
    }
    let expected = || format!("one of {}", sortable.join(", "));
    let (column, order) = split_column(rest, sortable).ok_or_else(expected)?;
    let descending = match order {
        "" => false,
        word if "desc".starts_with(word) => true,
        _ => return Err("only desc may follow the column".to_string()),
    };
    Ok(Run::Sort {
        column: column.to_string(),
        descending,
    })
}

/// The sortable column `rest` starts with (a name may hold a space:
/// `start date`), and what follows it, lower case.
fn split_column<'r>(rest: &'r str, sortable: &[&'static str]) -> Option<(&'static str, &'r str)> {
    let column = sortable
        .iter()
        .filter(|name| {
            let head = rest.get(..name.len()).unwrap_or_default();
            let after = rest.get(name.len()..).unwrap_or_default();
            head.eq_ignore_ascii_case(name) && (after.is_empty() || after.starts_with(' '))
        })
        .max_by_key(|name| name.len())?;
    Some((column, rest[column.len()..].trim()))
}

fn export(rest: &str) -> Option<Run> {
    let (word, path) = rest.split_once(' ').unwrap_or((rest, ""));
    let format = match word.to_lowercase().as_str() {
        "csv" => ExportFormat::Csv,
        "json" => ExportFormat::Json,
        _ => return None,
    };
    let path = path.trim();
    Some(Run::Export {
        format,
        path: (!path.is_empty()).then(|| path.to_string()),
    })
}

/// The lines Tab offers for `line` (without the `:`), each a whole line:
/// the words it starts, else the arguments its word takes that start as
/// typed (branch names script- and case-folded).
pub fn completions(line: &str, known: &Known) -> Vec<String> {
    let Some((typed, rest)) = line.split_once(' ') else {
        let typed = line.to_lowercase();
        return words()
            .into_iter()
            .filter(|word| word.name.starts_with(&typed))
            .map(|word| word.name)
            .collect();
    };
    let Ok(word) = word_of(typed) else {
        return Vec::new();
    };
    let after = |arguments: Vec<String>| {
        arguments
            .into_iter()
            .map(|argument| format!("{} {argument}", word.name))
            .collect()
    };
    let folded = fold(rest.trim_start());
    let starts = |candidate: &str| fold(candidate).starts_with(&folded);
    match word.name.as_str() {
        "branch" => after(
            known
                .branches
                .iter()
                .filter(|branch| {
                    starts(&branch.name)
                        || fold(&branch.name)
                            .split(' ')
                            .any(|part| part.starts_with(&folded))
                })
                .map(|branch| branch.name.clone())
                .collect(),
        ),
        "sort" => after(match split_column(rest, known.sortable) {
            Some((column, order)) => "desc"
                .starts_with(order)
                .then(|| format!("{column} desc"))
                .into_iter()
                .collect(),
            None => known
                .sortable
                .iter()
                .filter(|name| name.starts_with(&rest.to_lowercase()))
                .map(|name| name.to_string())
                .collect(),
        }),
        "profile" => after(
            known
                .profiles
                .iter()
                .filter(|name| {
                    name.to_lowercase()
                        .starts_with(&rest.trim_start().to_lowercase())
                })
                .cloned()
                .collect(),
        ),
        "export" => after(
            ["csv", "json"]
                .into_iter()
                .filter(|format| format.starts_with(rest))
                .map(str::to_string)
                .collect(),
        ),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branches() -> Vec<Branch> {
        [
            (1, "Chilonzor"),
            (2, "Yunusobod"),
            (3, "Sergeli"),
            (9, "Юнусобод 2"),
        ]
        .into_iter()
        .map(|(id, name)| Branch {
            id,
            name: name.to_string(),
        })
        .collect()
    }

    fn known(branches: &[Branch]) -> Known<'_> {
        Known {
            branches,
            sortable: &["name", "teacher", "start date"],
            profiles: &[],
        }
    }

    /// Profiles of a config, as `Config::profiles` lists them.
    fn profiles() -> Vec<String> {
        ["Prod", "staging", "stage2", "test"]
            .map(str::to_string)
            .to_vec()
    }

    fn with_profiles(profiles: &[String]) -> Known<'_> {
        Known {
            branches: &[],
            sortable: &[],
            profiles,
        }
    }

    #[test]
    fn a_profile_is_named_whatever_the_case_or_by_a_unique_prefix() {
        let list = profiles();
        let known = with_profiles(&list);
        let profile = |name: &str| Ok(Run::Profile(name.to_string()));
        assert_eq!(parse("profile test", &known), profile("test"));
        assert_eq!(parse("profile PROD", &known), profile("Prod"));
        assert_eq!(parse("prof te", &known), profile("test"));
        assert_eq!(parse("profile stagi", &known), profile("staging"));
        assert_eq!(
            parse("profile sta", &known),
            Err("sta could be staging, stage2".to_string())
        );
        assert_eq!(
            parse("profile tset", &known),
            Err("no profile tset — did you mean test?".to_string())
        );
        assert_eq!(
            parse("profile", &known),
            Err(":profile takes NAME".to_string())
        );
        let none = with_profiles(&[]);
        assert!(
            parse("profile test", &none)
                .unwrap_err()
                .contains("no profiles")
        );
    }

    #[test]
    fn profiles_complete_whatever_the_case() {
        let list = profiles();
        let known = with_profiles(&list);
        assert_eq!(
            completions("profile ST", &known),
            ["profile staging", "profile stage2"]
        );
        assert_eq!(completions("profile ", &known).len(), 4);
        assert!(completions("profile x", &known).is_empty());
        for completed in completions("profile ", &known) {
            let parsed = parse(&completed, &known);
            assert!(
                matches!(parsed, Ok(Run::Profile(_))),
                "{completed}: {parsed:?}"
            );
        }
    }

    #[test]
    fn every_command_parses() {
        let list = branches();
        let known = known(&list);
        let cases = [
            ("groups", Run::ShowTab(Tab::Groups)),
            ("plugins", Run::ShowTab(Tab::Plugins)),
            ("week", Run::ShowTab(Tab::Week)),
            ("today", Run::ShowTab(Tab::Today)),
            ("branch Chilonzor", Run::Branch(1)),
            ("branch 3", Run::Branch(3)),
            ("branch чил", Run::Branch(1)),
            ("install 7", Run::Install(7)),
            ("filter ielts 6", Run::Filter("ielts 6".to_string())),
            (
                "sort name desc",
                Run::Sort {
                    column: "name".to_string(),
                    descending: true,
                },
            ),
            (
                "sort teacher",
                Run::Sort {
                    column: "teacher".to_string(),
                    descending: false,
                },
            ),
            (
                "export csv",
                Run::Export {
                    format: ExportFormat::Csv,
                    path: None,
                },
            ),
            (
                "export json /tmp/a b.json",
                Run::Export {
                    format: ExportFormat::Json,
                    path: Some("/tmp/a b.json".to_string()),
                },
            ),
            (
                "sort Start Date d",
                Run::Sort {
                    column: "start date".to_string(),
                    descending: true,
                },
            ),
            ("refresh", Run::Refresh),
            ("help", Run::Help),
            ("q", Run::Quit),
        ];
        for (line, run) in cases {
            assert_eq!(parse(line, &known), Ok(run), "{line}");
        }
    }

    #[test]
    fn a_unique_prefix_runs_and_a_whole_word_is_never_a_longer_one() {
        let list = branches();
        let known = known(&list);
        assert_eq!(parse("gr", &known), Ok(Run::ShowTab(Tab::Groups)));
        assert_eq!(parse("ref", &known), Ok(Run::Refresh));
        // `q` is a word: it never means a longer one.
        assert_eq!(parse("q", &known), Ok(Run::Quit));
        // Ambiguous: both named, nothing run.
        let error = parse("e", &known).unwrap_err();
        assert!(error.contains(":export"), "{error}");
    }

    #[test]
    fn mistakes_say_what_was_meant_or_expected() {
        let list = branches();
        let known = known(&list);
        assert_eq!(
            parse("brnch Sergeli", &known),
            Err("no command :brnch — did you mean :branch?".to_string())
        );
        assert!(parse("install seven", &known).unwrap_err().contains("ID"));
        assert!(
            parse("sort age", &known)
                .unwrap_err()
                .contains("name, teacher")
        );
        assert!(parse("sort name up", &known).unwrap_err().contains("desc"));
        assert!(
            parse("export xml", &known)
                .unwrap_err()
                .contains("csv|json")
        );
        assert!(
            parse("branch Xyz", &known)
                .unwrap_err()
                .contains("no branch Xyz")
        );
        assert!(parse("groups now", &known).unwrap_err().contains("nothing"));
    }

    #[test]
    fn completions_round_trip_through_parse() {
        let list = branches();
        let known = known(&list);
        for line in [
            "",
            "b",
            "branch ",
            "branch юн",
            "branch ser",
            "sort ",
            "sort name",
            "export ",
        ] {
            let offered = completions(line, &known);
            assert!(!offered.is_empty(), "{line}");
            for completed in offered {
                if ["branch", "profile", "install", "filter"].contains(&completed.as_str()) {
                    continue;
                }
                let parsed = parse(&completed, &known);
                let needs_more = ["sort", "export"].contains(&completed.as_str());
                assert!(parsed.is_ok() || needs_more, "{completed}: {parsed:?}");
            }
        }
        assert_eq!(
            completions("branch юн", &known),
            ["branch Yunusobod", "branch Юнусобод 2"]
        );
        assert_eq!(completions("sort name", &known), ["sort name desc"]);
        // Every tab of the registry is a word: the Today tab too.
        assert_eq!(completions("to", &known), ["today"]);
        assert_eq!(parse("t", &known), Ok(Run::ShowTab(Tab::Today)));
    }
}
