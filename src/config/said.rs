//! The config's refusals said in the reader's language (issue 36 §2).
//!
//! `ConfigError`'s `Display` stays the English that the log, the tests and
//! the dashboard's status line keep; the CLI and the dashboard's start say
//! a refusal again on stderr through [`said`]: the variants from their
//! fields, a mistake of the config file by the shape `config/file.rs` (and
//! `fleet/choice.rs`) write it. A text of another shape (toml's own, a
//! token source's, the system's) stays as it came. Reading our own English
//! back, as `present::api_words` does for the client's, leaves the many
//! places that make these errors as they are; the tests below make the
//! real errors, so a changed English sentence fails them.

use super::ConfigError;
use crate::i18n::{Language, Phrase, fill};

/// `error` as said to a person in `language` (English: its `Display`).
pub fn said(error: &ConfigError, language: Language) -> String {
    if language == Language::En {
        return error.to_string();
    }
    match error {
        ConfigError::ConfigNotFound { path } => fill::cli_config_not_found(language, path),
        ConfigError::ConfigUnreadable { path, source } => {
            fill::cli_config_unreadable(language, path, source)
        }
        ConfigError::Invalid { at, message } => format!("{at}: {}", mistake(message, language)),
        ConfigError::Mistakes(mistakes) => (mistakes.iter())
            .map(|mistake| said(mistake, language))
            .collect::<Vec<_>>()
            .join("\n"),
        ConfigError::UnknownProfile {
            name,
            chosen_by,
            known,
        } => {
            let by = match chosen_by.strip_prefix("environment variable ") {
                Some(variable) => fill::cli_config_env_variable(language, variable),
                None => chosen_by.clone(),
            };
            let known = match known.is_empty() {
                true => Phrase::CliConfigNoProfiles.get(language).to_string(),
                false => fill::cli_config_known_profiles(language, known.join(", ")),
            };
            fill::cli_config_unknown_profile(language, format!("{name:?}"), by, known)
        }
        ConfigError::MissingBaseUrl => format!(
            "{}\n{}",
            Phrase::CliConfigNoBaseUrl.get(language),
            Phrase::CliConfigTryDemo.get(language)
        ),
        _ => error.to_string(),
    }
}

/// One mistake's English (after its `file:line: `) in `language`, or as
/// it is when it is none of our shapes.
fn mistake(english: &str, language: Language) -> String {
    let said = unknown_key(english, language)
        .or_else(|| top_level_only(english, language))
        .or_else(|| not_of_kind(english, language))
        .or_else(|| number(english, language))
        .or_else(|| not_a_branch_id(english, language))
        .or_else(|| no_fleet(english, language));
    if let Some(said) = said {
        return said;
    }
    match english {
        "the config names no profiles: add [profiles.NAME] sections, or try --demo" => {
            Phrase::CliConfigNamesNoProfiles.get(language).to_string()
        }
        _ => english.to_string(),
    }
}

/// `unknown key "bse_url" in [profiles.x] (did you mean "base_url"?)`.
fn unknown_key(english: &str, language: Language) -> Option<String> {
    let rest = english.strip_prefix("unknown key ")?;
    let (rest, near) = match rest.strip_suffix("?)") {
        Some(asked) => {
            let (rest, near) = asked.rsplit_once(" (did you mean ")?;
            (rest, Some(near))
        }
        None => (rest, None),
    };
    let (key, place) = match rest.split_once(" in [profiles.") {
        Some((key, profile)) => {
            let profile = profile.strip_suffix(']')?;
            let place = fill::cli_config_in_profile(language, profile);
            (key, format!(" {place}"))
        }
        None => (rest, String::new()),
    };
    Some(match near {
        Some(near) => fill::cli_config_unknown_key_near(language, key, place, near),
        None => fill::cli_config_unknown_key(language, key, place),
    })
}

/// `default_profile belongs at the top level, not in [profiles.x]`.
fn top_level_only(english: &str, language: Language) -> Option<String> {
    let (key, profile) = english.split_once(" belongs at the top level, not in [profiles.")?;
    let place = fill::cli_config_in_profile(language, profile.strip_suffix(']')?);
    Some(fill::cli_config_belongs_at_top(language, key, place))
}

/// `mouse must be true or false, not 3`, `theme must be a string in
/// quotes, not a list`.
fn not_of_kind(english: &str, language: Language) -> Option<String> {
    if let Some((key, value)) = english.split_once(" must be true or false, not ") {
        return Some(fill::cli_config_not_bool(
            language,
            key,
            kind(value, language),
        ));
    }
    let (key, value) = english.split_once(" must be a string in quotes, not ")?;
    Some(fill::cli_config_not_string(
        language,
        key,
        kind(value, language),
    ))
}

/// `per_page must be a number from 1 to 100, not 500`, and the forms
/// that say what is counted (`a number of seconds from 1 to 3600`).
fn number(english: &str, language: Language) -> Option<String> {
    let (key, rest) = english.split_once(" must be a number")?;
    let (_, range) = rest.split_once(" from ")?;
    let (from, rest) = range.split_once(" to ")?;
    let (to, value) = rest.split_once(", not ")?;
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits(from) || !digits(to) {
        return None;
    }
    Some(fill::cli_config_number(
        language,
        key,
        from,
        to,
        kind(value, language),
    ))
}

/// `max_parallel: "east" is not a branch id (or "*" for every other branch)`.
fn not_a_branch_id(english: &str, language: Language) -> Option<String> {
    let rest = english.strip_prefix("max_parallel: ")?;
    let key = rest.strip_suffix(" is not a branch id (or \"*\" for every other branch)")?;
    Some(fill::cli_config_not_branch_id(language, key))
}

/// `no fleet "x" in the config (fleets: city): add [fleets.x] profiles = [...]`.
fn no_fleet(english: &str, language: Language) -> Option<String> {
    let rest = english.strip_prefix("no fleet ")?;
    let (_, rest) = rest.split_once(" in the config (fleets: ")?;
    let (fleets, rest) = rest.rsplit_once("): add [fleets.")?;
    let name = rest.strip_suffix("] profiles = [...]")?;
    Some(fill::cli_config_no_fleet(language, name, fleets))
}

/// How `config/file.rs` names a wrong value (`a string`, `a list`), in
/// `language`; a number or a boolean as written.
fn kind(value: &str, language: Language) -> &str {
    match value {
        "a string" => Phrase::CliValueString.get(language),
        "a list" => Phrase::CliValueList.get(language),
        "a table" => Phrase::CliValueTable.get(language),
        "a date" => Phrase::CliValueDate.get(language),
        value => value,
    }
}

/// A warning of the config's (`Config::warnings`, English) as said to a
/// person in `language`: a file holding a token readable by others, plain
/// http allowed, a base URL ending with /v2; another text as it is. The
/// log keeps the English.
pub fn said_warning(english: &str, language: Language) -> String {
    if language == Language::En {
        return english.to_string();
    }
    readable(english, language)
        .or_else(|| insecure_http(english, language))
        .or_else(|| ends_with_version(english, language))
        .unwrap_or_else(|| english.to_string())
}

/// `config file PATH holds a token and is readable by others: chmod 600 PATH`.
fn readable(english: &str, language: Language) -> Option<String> {
    let (what, _) = english.split_once(" holds a token and is readable by others: chmod 600 ")?;
    if let Some(path) = what.strip_prefix("config file ") {
        return Some(fill::cli_warn_config_readable(language, path));
    }
    let path = what.strip_prefix("token file ")?;
    Some(fill::cli_warn_token_readable(language, path))
}

/// `AT: plain http:// to URL, allowed by allow_insecure_http: the token
/// travels in clear`.
fn insecure_http(english: &str, language: Language) -> Option<String> {
    let rest =
        english.strip_suffix(", allowed by allow_insecure_http: the token travels in clear")?;
    let (at, url) = rest.split_once(": plain http:// to ")?;
    Some(fill::cli_warn_insecure_http(language, at, url))
}

/// `AT: base_url URL ends with /v2, but crmdeck adds /v2 itself: give the
/// host root`.
fn ends_with_version(english: &str, language: Language) -> Option<String> {
    let rest =
        english.strip_suffix(" ends with /v2, but crmdeck adds /v2 itself: give the host root")?;
    let (at, url) = rest.split_once(": base_url ")?;
    Some(fill::cli_warn_ends_with_v2(language, at, url))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::file::parse;

    fn mistakes_of(text: &str) -> ConfigError {
        parse(text, "config.toml").expect_err("mistakes")
    }

    #[test]
    fn the_files_mistakes_are_said_in_the_language_each_at_its_line() {
        let error = mistakes_of(
            "bse_url = \"https://x.example\"\nper_page = 500\nmouse = 3\n\
             [profiles.east]\ndefault_profile = \"east\"\ntheme = [\"dark\"]\ncolour = 1\n",
        );
        let english = error.to_string();
        assert_eq!(said(&error, Language::En), english);
        assert!(english.contains("unknown key \"bse_url\""), "{english}");
        assert_eq!(
            said(&error, Language::Ru),
            "config.toml:1: неизвестный ключ \"bse_url\" (может быть, \"base_url\"?)\n\
             config.toml:2: per_page должен быть числом от 1 до 100, а не 500\n\
             config.toml:3: mouse должен быть true или false, а не 3\n\
             config.toml:5: default_profile задаётся на верхнем уровне, а не в [profiles.east]\n\
             config.toml:6: theme должен быть строкой в кавычках, а не список\n\
             config.toml:7: неизвестный ключ \"colour\" в [profiles.east]"
        );
        // Uzbek puts the place after the key, and "ʻ" is U+02BB.
        let uzbek = said(&error, Language::Uz);
        assert!(
            uzbek.contains("config.toml:7: nomaʼlum kalit \"colour\" [profiles.east] da"),
            "{uzbek}"
        );
    }

    #[test]
    fn a_branch_id_a_profile_and_the_base_url_in_the_language() {
        let error = mistakes_of("[max_parallel]\neast = 3\n");
        assert_eq!(
            said(&error, Language::Ru),
            "config.toml:1: max_parallel: \"east\" — не id филиала (и не \"*\" для всех остальных филиалов)"
        );
        let unknown = ConfigError::UnknownProfile {
            name: "wrok".to_string(),
            chosen_by: "environment variable CRMDECK_PROFILE".to_string(),
            known: vec!["home".to_string(), "work".to_string()],
        };
        assert_eq!(
            said(&unknown, Language::Ru),
            "неизвестный профиль \"wrok\" (выбран через переменную окружения CRMDECK_PROFILE): \
             известные профили: home, work"
        );
        assert_eq!(
            said(&ConfigError::MissingBaseUrl, Language::UzCyrl)
                .lines()
                .count(),
            2
        );
        // Another shape (toml's own words) stays as it came.
        let toml = mistakes_of("base_url = \n");
        assert_eq!(said(&toml, Language::Ru), toml.to_string());
    }
}
