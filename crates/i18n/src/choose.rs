//! Which language: `--lang`, else `CRMDECK_LANG`, else the config's
//! `language` (its profile's, else its top level's: the config merges
//! them), else the locale: the first usable of `LANGUAGE` (a list, `uz:ru:en`),
//! `LC_ALL`, `LC_MESSAGES`, `LANG`; else English.
//!
//! A pure function of (flag, environment, config): the caller reads the
//! real environment once and passes it in.

use std::fmt;

use crate::Language;

/// The variable that chooses the language on purpose (below `--lang`).
pub const ENV_LANG: &str = "CRMDECK_LANG";

/// The locale's variables, in the order they are read.
pub const LOCALE_VARIABLES: [&str; 4] = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"];

/// A language given on purpose that is none of the four: the caller exits
/// 2 with this text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        let (last, first) = names.split_last().expect("four languages");
        write!(
            f,
            "unknown language {:?}: expected {} or {last}",
            self.0,
            first.join(", ")
        )
    }
}

impl std::error::Error for UnknownLanguage {}

/// Where the language in use came from (`crmdeck info` says it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LanguageSource {
    /// `--lang`.
    Flag,
    /// `CRMDECK_LANG`.
    Env,
    /// The config's `language`.
    Config,
    /// A locale variable, and its value.
    Locale(&'static str, String),
    /// Nothing said: English.
    Default,
}

impl fmt::Display for LanguageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Flag => f.write_str("--lang"),
            Self::Env => f.write_str(ENV_LANG),
            Self::Config => f.write_str("config"),
            Self::Locale(variable, value) => write!(f, "{variable}={value}"),
            Self::Default => f.write_str("default"),
        }
    }
}

/// The language chosen, where from, and the locale that was not
/// understood (English was taken: the caller logs it, the screen does not
/// show it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub language: Language,
    pub source: LanguageSource,
    /// `(variable, value)` of a locale none of the four, that fell back to English.
    pub not_understood: Option<(&'static str, String)>,
}

impl Chosen {
    fn of(language: Language, source: LanguageSource) -> Self {
        Self {
            language,
            source,
            not_understood: None,
        }
    }
}

/// What a locale name says: `ru_RU.UTF-8` Russian, `uz_UZ@cyrillic` Uzbek in
/// Cyrillic, other `uz*` Uzbek, `en*` English; `C`, `C.UTF-8` and `POSIX`
/// untranslated (English); anything else not understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Locale {
    Language(Language),
    Untranslated,
    NotUnderstood,
}

fn read_locale(name: &str) -> Locale {
    let name = name.trim();
    // language[_territory][.codeset][@modifier]
    let (name, modifier) = name.split_once('@').unwrap_or((name, ""));
    let name = name.split_once('.').map_or(name, |(name, _)| name);
    if name == "C" || name == "POSIX" {
        return Locale::Untranslated;
    }
    let mut parts = name.split(['_', '-']);
    let language = parts.next().unwrap_or("").to_ascii_lowercase();
    let cyrillic = modifier.eq_ignore_ascii_case("cyrillic")
        || parts.any(|part| part.eq_ignore_ascii_case("cyrl"));
    match language.as_str() {
        "en" => Locale::Language(Language::En),
        "ru" => Locale::Language(Language::Ru),
        "uz" if cyrillic => Locale::Language(Language::UzCyrl),
        "uz" => Locale::Language(Language::Uz),
        _ => Locale::NotUnderstood,
    }
}

/// The language to use. `flag` is `--lang`'s text, `env` the environment
/// (`CRMDECK_LANG` and the locale's variables; empty counts as unset),
/// `config` the config's `language` (already read as one of the four: the
/// config refuses others where it reads them).
pub fn choose(
    flag: Option<&str>,
    env: &dyn Fn(&str) -> Option<String>,
    config: Option<Language>,
) -> Result<Chosen, UnknownLanguage> {
    let set = |name: &str| env(name).filter(|value| !value.trim().is_empty());
    if let Some(given) = flag {
        return Ok(Chosen::of(given.parse()?, LanguageSource::Flag));
    }
    if let Some(given) = set(ENV_LANG) {
        return Ok(Chosen::of(given.parse()?, LanguageSource::Env));
    }
    if let Some(language) = config {
        return Ok(Chosen::of(language, LanguageSource::Config));
    }
    // The locale in force for messages: the first of LC_ALL, LC_MESSAGES,
    // LANG that is set. `C` and `POSIX` there mean untranslated, and then
    // LANGUAGE is not read (as gettext and fish do).
    let locale = LOCALE_VARIABLES[1..]
        .iter()
        .find_map(|&variable| Some((variable, set(variable)?)));
    if let Some((variable, value)) = &locale
        && read_locale(value) == Locale::Untranslated
    {
        return Ok(Chosen::of(
            Language::En,
            LanguageSource::Locale(variable, value.clone()),
        ));
    }
    let mut not_understood = None;
    if let Some(list) = set("LANGUAGE") {
        let usable = list.split(':').find_map(|entry| match read_locale(entry) {
            Locale::Language(language) => Some(language),
            _ => None,
        });
        match usable {
            Some(language) => {
                return Ok(Chosen::of(
                    language,
                    LanguageSource::Locale("LANGUAGE", list),
                ));
            }
            None => not_understood = Some(("LANGUAGE", list)),
        }
    }
    let Some((variable, value)) = locale else {
        return Ok(Chosen {
            language: Language::En,
            source: LanguageSource::Default,
            not_understood,
        });
    };
    let source = LanguageSource::Locale(variable, value.clone());
    Ok(match read_locale(&value) {
        Locale::Language(language) => Chosen::of(language, source),
        Locale::Untranslated => Chosen::of(Language::En, source),
        Locale::NotUnderstood => Chosen {
            language: Language::En,
            source,
            not_understood: Some((variable, value)),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{En, Ru, Uz, UzCyrl};

    /// The environment of `pairs` only: never the machine's own.
    fn env(pairs: &[(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        let pairs = pairs.to_vec();
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        }
    }

    fn from_env(pairs: &[(&'static str, &'static str)]) -> Language {
        choose(None, &env(pairs), None).unwrap().language
    }

    #[test]
    fn locales_as_they_arrive() {
        let rows: [(&str, Language); 14] = [
            ("ru_RU.UTF-8", Ru),
            ("ru_UA", Ru),
            ("uz_UZ.UTF-8", Uz),
            ("uz_UZ", Uz),
            ("uz_UZ@cyrillic", UzCyrl),
            ("uz_UZ.UTF-8@cyrillic", UzCyrl),
            ("en_US.UTF-8", En),
            ("C", En),
            ("C.UTF-8", En),
            ("POSIX", En),
            ("fr_FR.UTF-8", En),
            ("de", En),
            ("kk_KZ", En),
            ("uzbek", En),
        ];
        for (value, expected) in rows {
            for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
                let chosen = choose(None, &env(&[(variable, value)]), None).unwrap();
                assert_eq!(chosen.language, expected, "{variable}={value}");
                assert_eq!(
                    chosen.source,
                    LanguageSource::Locale(variable, value.to_string())
                );
            }
        }
    }

    #[test]
    fn unset_is_english_by_default() {
        let chosen = choose(None, &env(&[]), None).unwrap();
        assert_eq!(chosen, Chosen::of(En, LanguageSource::Default));
        // Empty is unset.
        assert_eq!(from_env(&[("LANG", ""), (ENV_LANG, " ")]), En);
    }

    #[test]
    fn a_locale_not_understood_is_english_and_says_which() {
        let chosen = choose(None, &env(&[("LANG", "fr_FR.UTF-8")]), None).unwrap();
        assert_eq!(chosen.language, En);
        assert_eq!(
            chosen.not_understood,
            Some(("LANG", "fr_FR.UTF-8".to_string()))
        );
        // C and POSIX are understood: untranslated, nothing to log.
        for value in ["C", "POSIX", "C.UTF-8"] {
            let chosen = choose(None, &env(&[("LC_ALL", value)]), None).unwrap();
            assert_eq!(chosen.not_understood, None, "{value}");
        }
        let chosen = choose(None, &env(&[("LANGUAGE", "fr:de")]), None).unwrap();
        assert_eq!(
            (chosen.language, chosen.source),
            (En, LanguageSource::Default)
        );
        assert_eq!(
            chosen.not_understood,
            Some(("LANGUAGE", "fr:de".to_string()))
        );
    }

    #[test]
    fn the_locale_variables_in_their_order() {
        // LC_ALL over LC_MESSAGES over LANG.
        assert_eq!(
            from_env(&[
                ("LC_ALL", "ru_RU.UTF-8"),
                ("LC_MESSAGES", "uz_UZ"),
                ("LANG", "en_US")
            ]),
            Ru
        );
        assert_eq!(from_env(&[("LC_MESSAGES", "uz_UZ"), ("LANG", "ru_RU")]), Uz);
        assert_eq!(from_env(&[("LANG", "uz_UZ@cyrillic")]), UzCyrl);
        // The first set decides, even when it is not understood.
        assert_eq!(from_env(&[("LC_ALL", "fr_FR"), ("LANG", "ru_RU")]), En);
    }

    #[test]
    fn language_lists_several_and_the_first_usable_wins() {
        assert_eq!(from_env(&[("LANGUAGE", "uz:ru:en")]), Uz);
        assert_eq!(from_env(&[("LANGUAGE", "fr:ru:en"), ("LANG", "uz_UZ")]), Ru);
        assert_eq!(from_env(&[("LANGUAGE", "uz@cyrillic:ru")]), UzCyrl);
        assert_eq!(from_env(&[("LANGUAGE", "en:ru"), ("LANG", "ru_RU")]), En);
        // Nothing usable in it: the other variables.
        assert_eq!(
            from_env(&[("LANGUAGE", "fr:de"), ("LANG", "ru_RU.UTF-8")]),
            Ru
        );
        // Over LC_ALL and LANG…
        assert_eq!(
            from_env(&[("LANGUAGE", "ru"), ("LC_ALL", "uz_UZ.UTF-8")]),
            Ru
        );
        // …but not over C or POSIX, which mean untranslated.
        assert_eq!(from_env(&[("LANGUAGE", "ru"), ("LC_ALL", "C")]), En);
        assert_eq!(from_env(&[("LANGUAGE", "ru"), ("LANG", "POSIX")]), En);
    }

    #[test]
    fn on_purpose_wins_over_the_locale_flag_first() {
        let locale = env(&[(ENV_LANG, "uz"), ("LANG", "ru_RU.UTF-8")]);
        let flag = choose(Some("uz-Cyrl"), &locale, Some(En)).unwrap();
        assert_eq!((flag.language, flag.source), (UzCyrl, LanguageSource::Flag));
        let variable = choose(None, &locale, Some(En)).unwrap();
        assert_eq!(
            (variable.language, variable.source),
            (Uz, LanguageSource::Env)
        );
        let config = choose(None, &env(&[("LANG", "ru_RU.UTF-8")]), Some(Uz)).unwrap();
        assert_eq!(
            (config.language, config.source),
            (Uz, LanguageSource::Config)
        );
        // The config over LANGUAGE and C alike.
        let config = choose(
            None,
            &env(&[("LANGUAGE", "ru"), ("LC_ALL", "C")]),
            Some(UzCyrl),
        )
        .unwrap();
        assert_eq!(config.language, UzCyrl);
    }

    #[test]
    fn unknown_on_purpose_is_refused_naming_the_four() {
        let refused = choose(Some("fr"), &env(&[]), None).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "unknown language \"fr\": expected en, ru, uz or uz-Cyrl"
        );
        let refused = choose(None, &env(&[(ENV_LANG, "ru_RU.UTF-8")]), None).unwrap_err();
        assert_eq!(refused, UnknownLanguage("ru_RU.UTF-8".to_string()));
        // Refused even when the config or the locale would have done.
        assert!(choose(Some("de"), &env(&[("LANG", "ru_RU")]), Some(Ru)).is_err());
    }

    #[test]
    fn where_it_came_from_reads_for_info() {
        let shown = [
            LanguageSource::Flag,
            LanguageSource::Env,
            LanguageSource::Config,
            LanguageSource::Locale("LANG", "ru_RU.UTF-8".into()),
            LanguageSource::Default,
        ]
        .map(|source| source.to_string());
        assert_eq!(
            shown,
            [
                "--lang",
                "CRMDECK_LANG",
                "config",
                "LANG=ru_RU.UTF-8",
                "default"
            ]
        );
    }
}
