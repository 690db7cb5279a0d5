//! `crmdeck --help` in the interface's language, as far as clap lets it
//! go: the one-line descriptions (the program's and each subcommand's)
//! are ours to set before parsing (`Command::about`), so they come from
//! the catalogue. The rest stays English: clap's own words (`Usage:`,
//! `Commands:`, `Options:`, `Print help`, its errors) have no hook short
//! of a help template and flags of our own for each, and the options'
//! longer help is clap's derive text. The language is chosen before the
//! config is read (its file is a flag being parsed): `--lang` as typed,
//! `CRMDECK_LANG`, the locale. `crmdeck man` stays English.

use std::ffi::OsString;

use crate::i18n::{Language, Phrase, choose};

/// The language `--help` speaks: `--lang` among `args` (before any `--`),
/// else the environment's; English when it names none of the four (the
/// config refuses it with exit 2 once parsed).
pub fn language_of(args: &[OsString], env: &dyn Fn(&str) -> Option<String>) -> Language {
    let mut flag = None;
    let mut words = args.iter().skip(1).map(|arg| arg.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if let Some(value) = word.strip_prefix("--lang=") {
            flag = Some(value.to_string());
        } else if word == "--lang" {
            flag = words.next().map(|value| value.into_owned());
        }
    }
    choose(flag.as_deref(), env, None).map_or(Language::En, |chosen| chosen.language)
}

/// Each subcommand's one-line description.
const SUBCOMMANDS: [(&str, Phrase); 14] = [
    ("plugins", Phrase::HelpPlugins),
    ("install", Phrase::HelpInstall),
    ("groups", Phrase::HelpGroups),
    ("timetable", Phrase::HelpTimetable),
    ("today", Phrase::HelpToday),
    ("changes", Phrase::HelpChanges),
    ("branches", Phrase::HelpBranches),
    ("centres", Phrase::HelpCentres),
    ("keys", Phrase::HelpKeys),
    ("info", Phrase::HelpInfo),
    ("cache", Phrase::HelpCache),
    ("demo-server", Phrase::HelpDemoServer),
    ("completions", Phrase::HelpCompletions),
    ("man", Phrase::HelpMan),
];

/// `command` with its one-line descriptions in `language`; English keeps
/// the derive's own text.
pub fn translated(command: clap::Command, language: Language) -> clap::Command {
    if language == Language::En {
        return command;
    }
    let command = command.about(Phrase::HelpAbout.get(language));
    SUBCOMMANDS.iter().fold(command, |command, (name, phrase)| {
        command.mut_subcommand(*name, |sub| sub.about(phrase.get(language)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Args;

    fn args(words: &[&str]) -> Vec<OsString> {
        std::iter::once("crmdeck")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        }
    }

    #[test]
    fn the_language_of_help_from_the_flag_as_typed_or_the_environment() {
        let none = env(&[]);
        assert_eq!(language_of(&args(&["--help"]), &none), Language::En);
        assert_eq!(
            language_of(&args(&["--lang", "ru", "--help"]), &none),
            Language::Ru
        );
        assert_eq!(
            language_of(&args(&["groups", "--lang=uz-Cyrl", "-h"]), &none),
            Language::UzCyrl
        );
        let russian = env(&[("LANG", "ru_RU.UTF-8")]);
        assert_eq!(language_of(&args(&["--help"]), &russian), Language::Ru);
        assert_eq!(
            language_of(&args(&["--lang", "uz", "--help"]), &russian),
            Language::Uz
        );
        // Not a flag after `--`; an unknown one is English here (refused later).
        assert_eq!(
            language_of(&args(&["--", "--lang", "ru"]), &none),
            Language::En
        );
        assert_eq!(
            language_of(&args(&["--lang", "fr"]), &russian),
            Language::En
        );
    }

    #[test]
    fn every_subcommand_has_its_line_and_help_shows_them() {
        let command = Args::command_line();
        let named: Vec<&str> = SUBCOMMANDS.iter().map(|(name, _)| *name).collect();
        for sub in command.get_subcommands() {
            assert!(
                named.contains(&sub.get_name()),
                "{} has no line",
                sub.get_name()
            );
        }
        let mut russian = translated(Args::command_line(), Language::Ru);
        let help = russian.render_help().to_string();
        assert!(help.starts_with("Терминальная панель"), "{help}");
        assert!(help.contains("Список учебных групп"), "{help}");
        let mut english = translated(Args::command_line(), Language::En);
        let help = english.render_help().to_string();
        assert!(
            help.contains("List study groups, a page at a time or all of them"),
            "{help}"
        );
    }
}
