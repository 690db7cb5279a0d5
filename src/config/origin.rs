//! Where a value of the [`Config`](super::Config) came from: the file,
//! the environment, a flag, or the default. `info` names it for every
//! value; the top line says when the environment or a flag replaced the
//! base URL or the token of the profile in use (issue 25 §5).

use crate::i18n::{Language, Phrase, fill};
use std::fmt;

/// Where one value came from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Origin {
    /// Not set anywhere: the default.
    #[default]
    Default,
    /// The config file, as messages show it (`~/x.toml:4`, or
    /// `default_profile at ~/x.toml:2`).
    File(String),
    /// An environment variable.
    Env(&'static str),
    /// A command-line flag.
    Flag(&'static str),
    /// The locale: its variable and value (`LANG`, `ru_RU.UTF-8`).
    Locale(&'static str, String),
}

impl Origin {
    /// The variable or flag, when the value came from outside the file.
    pub fn outside_the_file(&self) -> Option<&'static str> {
        match self {
            Self::Env(name) | Self::Flag(name) => Some(name),
            Self::Default | Self::File(_) | Self::Locale(..) => None,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Default => f.write_str("default"),
            Self::File(at) => f.write_str(at),
            Self::Env(name) => write!(f, "environment variable {name}"),
            Self::Flag(flag) => f.write_str(flag),
            Self::Locale(variable, value) => write!(f, "the locale, {variable}={value}"),
        }
    }
}

impl Origin {
    /// Where it came from, in `language` (`info`'s table; its JSON and CSV
    /// keep the English of `Display`).
    pub fn said(&self, language: Language) -> String {
        match self {
            Self::Default => Phrase::CliOriginDefault.get(language).to_string(),
            Self::Env(name) => fill::cli_origin_env(language, name),
            Self::Locale(variable, value) => fill::cli_origin_locale(language, variable, value),
            Self::File(_) | Self::Flag(_) => self.to_string(),
        }
    }
}

/// Where the values `info` shows came from (the token's source is its
/// [`TokenSource`](super::TokenSource); the zone's, `ZoneSource`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origins {
    pub profile: Origin,
    pub base_url: Origin,
    /// `CRMDECK_TOKEN` when it replaced the token keys.
    pub token: Origin,
    pub read_only: Origin,
    pub language: Origin,
    pub per_page: Origin,
}

impl Origins {
    /// What the environment or a flag replaced of the profile in use
    /// (`URL from CRMDECK_BASE_URL`), for the top line; nothing without a
    /// profile (no name then claims the server).
    pub fn replaced(&self, profile: Option<&str>) -> Vec<String> {
        if profile.is_none() {
            return Vec::new();
        }
        let url = (self.base_url.outside_the_file()).map(|name| format!("URL from {name}"));
        let token = (self.token.outside_the_file()).map(|name| format!("token from {name}"));
        url.into_iter().chain(token).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profiles_url_or_token_replaced_from_outside_is_named() {
        let origins = Origins {
            base_url: Origin::Env("CRMDECK_BASE_URL"),
            token: Origin::Env("CRMDECK_TOKEN"),
            ..Origins::default()
        };
        assert_eq!(
            origins.replaced(Some("small")),
            ["URL from CRMDECK_BASE_URL", "token from CRMDECK_TOKEN"]
        );
        assert!(origins.replaced(None).is_empty(), "no profile to belie");
        let flag = Origins {
            base_url: Origin::Flag("--base-url"),
            token: Origin::File("~/c.toml:3".into()),
            ..Origins::default()
        };
        assert_eq!(flag.replaced(Some("small")), ["URL from --base-url"]);
        assert_eq!(Origin::Default.to_string(), "default");
        let locale = Origin::Locale("LANG", "ru_RU.UTF-8".into());
        assert_eq!(locale.to_string(), "the locale, LANG=ru_RU.UTF-8");
        assert_eq!(
            locale.outside_the_file(),
            None,
            "the locale replaces no profile's value"
        );
    }
}
