//! Reading the TOML file: every key is checked against the known ones and
//! every error names the file, the line and the key.

use super::error::ConfigError;
use super::queries::{NamedQuery, valid_name};
use super::{Accent, Theme};
use crate::domain::check::MaxParallel;
use crate::domain::timetable::WorkingHours;
use crate::domain::zone::Zone;
use crate::model::ApiUrl;
use crate::present::Language;
use crate::secret::{Token, check_token};
use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};
use std::str::FromStr;
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

mod fleets;

/// Keys allowed both at the top level and in `[profiles.NAME]` (the
/// example file documents each: `tests/config.rs`).
pub const SETTING_KEYS: [&str; 25] = [
    "base_url",
    "token",
    "token_env",
    "token_file",
    "token_command",
    "branch_id",
    "per_page",
    "timezone",
    "language",
    "read_only",
    "connect_timeout_secs",
    "request_timeout_secs",
    "auto_refresh_secs",
    "theme",
    "accent",
    "mouse",
    "cache",
    "allow_insecure_http",
    "working_hours",
    "max_in_flight",
    "max_groups",
    "walk_deadline_secs",
    "max_parallel",
    "log_max_mb",
    "history_days",
];

/// Keys allowed only at the top level.
pub(crate) const TOP_LEVEL_ONLY_KEYS: [&str; 6] = [
    "default_profile",
    "profiles",
    "keys",
    "queries",
    "fleets",
    "fleet_concurrency",
];

/// Bounds of the number-valued keys.
pub(crate) const PER_PAGE: RangeInclusive<i64> = 1..=100;
const TIMEOUT_SECS: RangeInclusive<i64> = 1..=3600;
const AUTO_REFRESH_SECS: RangeInclusive<i64> = 0..=86_400;
const BRANCH_ID: RangeInclusive<i64> = 1..=i64::MAX;
const MAX_IN_FLIGHT: RangeInclusive<i64> = 1..=32;
const MAX_GROUPS: RangeInclusive<i64> = 1..=100_000_000;
const WALK_DEADLINE_SECS: RangeInclusive<i64> = 1..=86_400;
const MAX_PARALLEL: RangeInclusive<i64> = 1..=10_000;
const LOG_MAX_MB: RangeInclusive<i64> = 1..=10_000;
const HISTORY_DAYS: RangeInclusive<i64> = 1..=366;

/// A value and the line of the file it was read from.
#[derive(Debug, Clone)]
pub(crate) struct At<T> {
    pub value: T,
    pub line: usize,
}

/// One of the four token keys, as written in one table.
#[derive(Debug, Clone)]
pub(crate) enum TokenKey {
    Inline(Token),
    Env(String),
    File(String),
    Command(String),
}

impl TokenKey {
    fn key(&self) -> &'static str {
        match self {
            Self::Inline(_) => "token",
            Self::Env(_) => "token_env",
            Self::File(_) => "token_file",
            Self::Command(_) => "token_command",
        }
    }
}

/// The settings of one table (the top level or one profile), already checked.
#[derive(Debug, Clone, Default)]
pub(crate) struct Settings {
    pub base_url: Option<At<ApiUrl>>,
    pub token: Option<At<TokenKey>>,
    pub branch_id: Option<i64>,
    pub per_page: Option<u32>,
    pub timezone: Option<Zone>,
    pub language: Option<Language>,
    pub read_only: Option<bool>,
    pub connect_timeout_secs: Option<u64>,
    pub request_timeout_secs: Option<u64>,
    pub auto_refresh_secs: Option<u64>,
    pub theme: Option<Theme>,
    pub accent: Option<Accent>,
    pub mouse: Option<bool>,
    pub cache: Option<bool>,
    pub allow_insecure_http: Option<bool>,
    pub working_hours: Option<WorkingHours>,
    pub max_in_flight: Option<usize>,
    pub max_groups: Option<u64>,
    pub walk_deadline_secs: Option<u64>,
    pub max_parallel: Option<MaxParallel>,
    pub log_max_mb: Option<u64>,
    pub history_days: Option<u32>,
}

impl Settings {
    /// These settings with every key the profile sets taking over. The four
    /// token keys are one group, so one token key in the profile replaces
    /// whichever the top level had.
    pub(crate) fn overlaid_by(self, profile: &Settings) -> Settings {
        let profile = profile.clone();
        Settings {
            base_url: profile.base_url.or(self.base_url),
            token: profile.token.or(self.token),
            branch_id: profile.branch_id.or(self.branch_id),
            per_page: profile.per_page.or(self.per_page),
            timezone: profile.timezone.or(self.timezone),
            language: profile.language.or(self.language),
            read_only: profile.read_only.or(self.read_only),
            connect_timeout_secs: profile.connect_timeout_secs.or(self.connect_timeout_secs),
            request_timeout_secs: profile.request_timeout_secs.or(self.request_timeout_secs),
            auto_refresh_secs: profile.auto_refresh_secs.or(self.auto_refresh_secs),
            theme: profile.theme.or(self.theme),
            accent: profile.accent.or(self.accent),
            mouse: profile.mouse.or(self.mouse),
            cache: profile.cache.or(self.cache),
            allow_insecure_http: profile.allow_insecure_http.or(self.allow_insecure_http),
            working_hours: profile.working_hours.or(self.working_hours),
            max_in_flight: profile.max_in_flight.or(self.max_in_flight),
            max_groups: profile.max_groups.or(self.max_groups),
            walk_deadline_secs: profile.walk_deadline_secs.or(self.walk_deadline_secs),
            max_parallel: profile.max_parallel.or(self.max_parallel),
            log_max_mb: profile.log_max_mb.or(self.log_max_mb),
            history_days: profile.history_days.or(self.history_days),
        }
    }
}

/// The whole file, checked.
#[derive(Debug, Clone, Default)]
pub(crate) struct ConfigFile {
    pub top: Settings,
    pub default_profile: Option<At<String>>,
    pub profiles: BTreeMap<String, Settings>,
    /// A `token` key appears somewhere, so the file itself is a secret.
    pub holds_token: bool,
    /// `[keys]`: actions bound to keys, in file order (checked against the
    /// keymap by the dashboard, which knows the actions).
    pub keys: Vec<KeyBinding>,
    /// `[queries]`: queries by name, in file order.
    pub queries: Vec<NamedQuery>,
    /// `[fleets.NAME]`: the profiles of each fleet, in the fleet's order.
    pub fleets: BTreeMap<String, Vec<String>>,
    /// `fleet_concurrency`: centres asked at once.
    pub fleet_concurrency: Option<usize>,
}

/// One line of `[keys]`: `install = ["i", "F5"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyBinding {
    pub action: String,
    pub keys: Vec<String>,
    /// `file:line`, for errors.
    pub at: String,
}

/// Parses and checks the text of a config file; `shown` is its path as
/// error messages name it. Every wrong key is reported, each at its line
/// (not the first alone: a file with three mistakes is mended in one go);
/// TOML that does not parse stops at its first error, as the parser does.
pub(crate) fn parse(text: &str, shown: &str) -> Result<ConfigFile, ConfigError> {
    let reader = Reader { text, shown };
    let document = DeTable::parse(text).map_err(|error| reader.toml_error(&error))?;
    let mut file = ConfigFile::default();
    let mut fleets = BTreeMap::new();
    let mut mistakes = Vec::new();
    for (key, value) in in_file_order(document.get_ref()) {
        let line = reader.line(key.span());
        let read = match key.get_ref().as_ref() {
            "default_profile" => string(value.get_ref(), "default_profile")
                .map(|name| file.default_profile = Some(At { value: name, line }))
                .map_err(|message| reader.invalid(line, message)),
            "profiles" => (reader.profiles(value, &mut file.holds_token, &mut mistakes))
                .map(|profiles| file.profiles = profiles),
            "keys" => (reader.keys(value, &mut mistakes)).map(|keys| file.keys = keys),
            "queries" => {
                (reader.queries(value, &mut mistakes)).map(|queries| file.queries = queries)
            }
            "fleets" => (reader.fleets(value, &mut mistakes)).map(|read| fleets = read),
            "fleet_concurrency" => fleets::concurrency(value.get_ref())
                .map(|bound| file.fleet_concurrency = Some(bound))
                .map_err(|message| reader.invalid(line, message)),
            _ => reader.setting(&mut file.top, key, value, None, &mut file.holds_token),
        };
        mistakes.extend(read.err());
    }
    let profiles: Vec<&String> = file.profiles.keys().collect();
    reader.check_fleets(&fleets, &profiles, &mut mistakes);
    file.fleets = (fleets.into_iter())
        .map(|(name, fleet)| (name, fleet.profiles.into_iter().map(|p| p.value).collect()))
        .collect();
    match ConfigError::of_mistakes(mistakes) {
        Some(error) => Err(error),
        None => Ok(file),
    }
}

/// The entries of a table in the order they appear in the file (the map
/// itself is sorted by key), so the errors are reported in the file's order.
fn in_file_order<'t, 'i>(
    table: &'t DeTable<'i>,
) -> Vec<(&'t Spanned<DeString<'i>>, &'t Spanned<DeValue<'i>>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

struct Reader<'a> {
    text: &'a str,
    shown: &'a str,
}

impl Reader<'_> {
    /// The 1-based line holding the start of `span`.
    fn line(&self, span: Range<usize>) -> usize {
        let before = self.text.get(..span.start).unwrap_or(self.text);
        before.matches('\n').count() + 1
    }

    fn invalid(&self, line: usize, message: String) -> ConfigError {
        ConfigError::Invalid {
            at: format!("{}:{line}", self.shown),
            message,
        }
    }

    /// toml's own message (never its snippet of the file, which could quote
    /// a token), plus the key's name when a key is duplicated.
    fn toml_error(&self, error: &toml::de::Error) -> ConfigError {
        let mut message = format!("invalid TOML: {}", error.message().replace('\n', "; "));
        let spanned = error.span().and_then(|span| self.text.get(span));
        if let Some(key) = spanned
            && message.ends_with("duplicate key")
            && is_bare_key(key)
        {
            message.push_str(&format!(" {key:?}"));
        }
        match error.span() {
            Some(span) => self.invalid(self.line(span), message),
            None => ConfigError::Invalid {
                at: self.shown.to_string(),
                message,
            },
        }
    }

    /// The `[keys]` table: each action a key or a list of keys, as
    /// strings; a wrong entry goes to `mistakes`, and the others are read.
    fn keys(
        &self,
        value: &Spanned<DeValue<'_>>,
        mistakes: &mut Vec<ConfigError>,
    ) -> Result<Vec<KeyBinding>, ConfigError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.invalid(
                self.line(value.span()),
                "keys must be a table: write [keys] and lines like install = [\"i\", \"F5\"]"
                    .to_string(),
            ));
        };
        let mut bindings = Vec::new();
        for (action, keys) in in_file_order(table) {
            let line = self.line(action.span());
            let action = action.get_ref().to_string();
            let wrong = || {
                let message = format!(
                    "keys.{action} must be a key or a list of keys: {action} = [\"i\", \"F5\"]"
                );
                self.invalid(line, message)
            };
            let keys = match keys.get_ref() {
                DeValue::String(key) => Ok(vec![key.to_string()]),
                DeValue::Array(list) => list
                    .iter()
                    .map(|key| match key.get_ref() {
                        DeValue::String(key) => Ok(key.to_string()),
                        _ => Err(wrong()),
                    })
                    .collect::<Result<_, _>>(),
                _ => Err(wrong()),
            };
            let keys = match keys {
                Ok(keys) => keys,
                Err(mistake) => {
                    mistakes.push(mistake);
                    continue;
                }
            };
            bindings.push(KeyBinding {
                action,
                keys,
                at: format!("{}:{line}", self.shown),
            });
        }
        Ok(bindings)
    }

    /// The `[queries]` table: each name a query in quotes
    /// (`evening = "tue evening"`); a wrong entry goes to `mistakes`.
    fn queries(
        &self,
        value: &Spanned<DeValue<'_>>,
        mistakes: &mut Vec<ConfigError>,
    ) -> Result<Vec<NamedQuery>, ConfigError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.invalid(
                self.line(value.span()),
                "queries must be a table: write [queries] and lines like evening = \"tue evening\""
                    .to_string(),
            ));
        };
        let mut queries = Vec::new();
        for (name, text) in in_file_order(table) {
            let line = self.line(name.span());
            let name = name.get_ref().to_string();
            let read = match text.get_ref() {
                _ if !valid_name(&name) => Err(format!(
                    "queries.{name:?}: a query's name is letters, digits, - and _"
                )),
                DeValue::String(text) if !text.trim().is_empty() => Ok(text.trim().to_string()),
                other => Err(format!(
                    "queries.{name} must be a query in quotes: {name} = \"tue evening\", not {}",
                    kind(other)
                )),
            };
            match read {
                Ok(text) => {
                    let at = format!("{}:{line}", self.shown);
                    queries.push(NamedQuery::of_config(&name, &text, &at));
                }
                Err(message) => mistakes.push(self.invalid(line, message)),
            }
        }
        Ok(queries)
    }

    /// The `[profiles.NAME]` tables; a wrong key or profile goes to
    /// `mistakes`, and the others are read.
    fn profiles(
        &self,
        value: &Spanned<DeValue<'_>>,
        holds_token: &mut bool,
        mistakes: &mut Vec<ConfigError>,
    ) -> Result<BTreeMap<String, Settings>, ConfigError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.invalid(
                self.line(value.span()),
                "profiles must be a table: write [profiles.NAME] sections".to_string(),
            ));
        };
        let mut profiles = BTreeMap::new();
        for (name, body) in in_file_order(table) {
            let name = name.get_ref().to_string();
            let DeValue::Table(body_table) = body.get_ref() else {
                mistakes.push(self.invalid(
                    self.line(body.span()),
                    format!("profile {name:?} must be a table: write [profiles.{name}]"),
                ));
                continue;
            };
            let mut settings = Settings::default();
            for (key, value) in in_file_order(body_table) {
                let read = self.setting(&mut settings, key, value, Some(&name), holds_token);
                mistakes.extend(read.err());
            }
            profiles.insert(name, settings);
        }
        Ok(profiles)
    }

    /// Checks one key of a table and stores its value in `settings`.
    fn setting(
        &self,
        settings: &mut Settings,
        key: &Spanned<DeString<'_>>,
        value: &Spanned<DeValue<'_>>,
        profile: Option<&str>,
        holds_token: &mut bool,
    ) -> Result<(), ConfigError> {
        let line = self.line(key.span());
        let name = key.get_ref().as_ref();
        if name == "token" {
            *holds_token = true;
        }
        store(settings, name, value.get_ref(), line, profile).map_err(|message| {
            // Each mistake names its key, so that several read apart.
            let message = match message.contains(name) {
                true => message,
                false => format!("{name}: {message}"),
            };
            self.invalid(line, message)
        })
    }
}

/// A key as TOML allows it unquoted (`base_url`, `profiles.work`).
fn is_bare_key(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Where a table is, for messages: `at the top level` or `in [profiles.x]`.
fn table_name(profile: Option<&str>) -> String {
    profile.map_or_else(
        || "at the top level".to_string(),
        |p| format!("in [profiles.{p}]"),
    )
}

/// Stores one key's checked value; the error is the message without location.
fn store(
    settings: &mut Settings,
    key: &str,
    value: &DeValue<'_>,
    line: usize,
    profile: Option<&str>,
) -> Result<(), String> {
    match key {
        "base_url" => {
            let url = ApiUrl::parse(&string(value, key)?).map_err(|e| e.to_string())?;
            settings.base_url = Some(At { value: url, line });
        }
        "token" | "token_env" | "token_file" | "token_command" => {
            // Not even a wrong value of a token key is quoted back.
            let text =
                string(value, key).map_err(|_| format!("{key} must be a string in quotes"))?;
            let token = token_key(key, text)?;
            if let Some(earlier) = &settings.token {
                return Err(format!(
                    "{} and {key} are both set {}: keep only one token key per table",
                    earlier.value.key(),
                    table_name(profile)
                ));
            }
            settings.token = Some(At { value: token, line });
        }
        "branch_id" => {
            settings.branch_id = Some(number(
                value,
                BRANCH_ID,
                "branch_id must be a positive number",
            )?)
        }
        "per_page" => {
            let expected = "per_page must be a number from 1 to 100";
            settings.per_page = Some(number(value, PER_PAGE, expected)? as u32);
        }
        "max_in_flight" => {
            let expected = "max_in_flight must be a number of requests from 1 to 32";
            settings.max_in_flight = Some(number(value, MAX_IN_FLIGHT, expected)? as usize);
        }
        "max_groups" => {
            let expected = "max_groups must be a number of groups from 1 to 100000000";
            settings.max_groups = Some(number(value, MAX_GROUPS, expected)? as u64);
        }
        "walk_deadline_secs" => {
            let expected = "walk_deadline_secs must be a number of seconds from 1 to 86400";
            let secs = number(value, WALK_DEADLINE_SECS, expected)?;
            settings.walk_deadline_secs = Some(secs as u64);
        }
        "max_parallel" => settings.max_parallel = Some(max_parallel(value)?),
        "log_max_mb" => {
            let expected = "log_max_mb must be a number of megabytes from 1 to 10000";
            settings.log_max_mb = Some(number(value, LOG_MAX_MB, expected)? as u64);
        }
        "history_days" => {
            let expected = "history_days must be a number of days from 1 to 366";
            settings.history_days = Some(number(value, HISTORY_DAYS, expected)? as u32);
        }
        "timezone" => settings.timezone = Some(parsed(value, key)?),
        "language" => {
            let language = string(value, key)?.parse::<Language>();
            settings.language = Some(language.map_err(|unknown| unknown.to_string())?);
        }
        "theme" => settings.theme = Some(parsed(value, key)?),
        "accent" => settings.accent = Some(parsed(value, key)?),
        "working_hours" => settings.working_hours = Some(parsed(value, key)?),
        "read_only" => settings.read_only = Some(boolean(value, key)?),
        "mouse" => settings.mouse = Some(boolean(value, key)?),
        "cache" => settings.cache = Some(boolean(value, key)?),
        "allow_insecure_http" => settings.allow_insecure_http = Some(boolean(value, key)?),
        "connect_timeout_secs" => settings.connect_timeout_secs = Some(timeout(value, key)?),
        "request_timeout_secs" => settings.request_timeout_secs = Some(timeout(value, key)?),
        "auto_refresh_secs" => {
            let expected = "auto_refresh_secs must be 0 (off) or a number of seconds up to 86400";
            settings.auto_refresh_secs = Some(number(value, AUTO_REFRESH_SECS, expected)? as u64);
        }
        _ if profile.is_some() && TOP_LEVEL_ONLY_KEYS.contains(&key) => {
            return Err(format!(
                "{key} belongs at the top level, not {}",
                table_name(profile)
            ));
        }
        _ => return Err(unknown_key(key, profile)),
    }
    Ok(())
}

/// `max_parallel = 4` (every branch), or a table of limits by branch id
/// (`[max_parallel]` then `2 = 6`), with `"*" = 4` for the other branches.
fn max_parallel(value: &DeValue<'_>) -> Result<MaxParallel, String> {
    const EXPECTED: &str = "max_parallel must be a number of groups from 1 to 10000, \
                            or a table of them by branch id ([max_parallel] then 2 = 6)";
    let limit = |value: &DeValue<'_>| number(value, MAX_PARALLEL, EXPECTED).map(|n| n as usize);
    let DeValue::Table(table) = value else {
        return Ok(MaxParallel {
            every_branch: Some(limit(value)?),
            ..MaxParallel::default()
        });
    };
    let mut max = MaxParallel::default();
    for (key, value) in in_file_order(table) {
        let key = key.get_ref().as_ref();
        let value = limit(value.get_ref())?;
        if key == "*" {
            max.every_branch = Some(value);
            continue;
        }
        match key.parse::<i64>() {
            Ok(id) if BRANCH_ID.contains(&id) => max.by_branch.insert(id, value),
            // A key is the user's own text, and no secret.
            _ => {
                return Err(format!(
                    "max_parallel: {key:?} is not a branch id (or \"*\" for every other branch)"
                ));
            }
        };
    }
    Ok(max)
}

/// A token key's string, checked for emptiness (an empty token is an error).
fn token_key(key: &str, text: String) -> Result<TokenKey, String> {
    if text.trim().is_empty() {
        return Err(format!("{key} is empty"));
    }
    Ok(match key {
        "token" => TokenKey::Inline(
            // Never quote the token itself: say what is wrong with it.
            check_token(Token::new(text), String::new)
                .map_err(|_| "token must be the token alone, on one line".to_string())?,
        ),
        "token_env" => {
            let name = text.trim();
            // Not quoted: this is where a token pasted by mistake would land.
            if !is_variable_name(name) {
                return Err("token_env must be the name of an environment variable \
                            (letters, digits and _), not the token itself"
                    .to_string());
            }
            TokenKey::Env(name.to_string())
        }
        "token_file" => TokenKey::File(text.trim().to_string()),
        _ => TokenKey::Command(text),
    })
}

/// A name the shell could export: a letter or `_`, then letters, digits, `_`.
fn is_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|first| first == '_' || first.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// `unknown key "bse_url" (did you mean "base_url"?)`.
fn unknown_key(key: &str, profile: Option<&str>) -> String {
    let mut known: Vec<&str> = SETTING_KEYS.to_vec();
    if profile.is_none() {
        known.extend(TOP_LEVEL_ONLY_KEYS);
    }
    let place = profile
        .map(|p| format!(" in [profiles.{p}]"))
        .unwrap_or_default();
    match nearest(key, &known) {
        Some(near) => format!("unknown key {key:?}{place} (did you mean {near:?}?)"),
        None => format!("unknown key {key:?}{place}"),
    }
}

/// The known key closest to a misspelt one, when it is close enough to be a typo.
fn nearest<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    let key = key.to_ascii_lowercase();
    known
        .iter()
        .map(|candidate| (strsim::damerau_levenshtein(&key, candidate), *candidate))
        .filter(|(distance, _)| *distance <= 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// How a wrong value is named in a message. Strings are never quoted: in a
/// config file they may be secrets.
fn kind(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(_) => "a string".to_string(),
        DeValue::Integer(number) => number.to_string(),
        DeValue::Float(number) => number.to_string(),
        DeValue::Boolean(flag) => flag.to_string(),
        DeValue::Datetime(_) => "a date".to_string(),
        DeValue::Array(_) => "a list".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

fn string(value: &DeValue<'_>, key: &str) -> Result<String, String> {
    match value {
        DeValue::String(text) => Ok(text.to_string()),
        other => Err(format!(
            "{key} must be a string in quotes, not {}",
            kind(other)
        )),
    }
}

fn boolean(value: &DeValue<'_>, key: &str) -> Result<bool, String> {
    value
        .as_bool()
        .ok_or_else(|| format!("{key} must be true or false, not {}", kind(value)))
}

/// A whole number inside `range`; `expected` is the sentence used when it is not.
fn number(value: &DeValue<'_>, range: RangeInclusive<i64>, expected: &str) -> Result<i64, String> {
    let parsed = value
        .as_integer()
        .and_then(|n| i64::from_str_radix(n.as_str(), n.radix()).ok());
    match parsed {
        Some(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("{expected}, not {}", kind(value))),
    }
}

fn timeout(value: &DeValue<'_>, key: &str) -> Result<u64, String> {
    let expected = format!("{key} must be a number of seconds from 1 to 3600");
    Ok(number(value, TIMEOUT_SECS, &expected)? as u64)
}

/// A string read with the type's own `FromStr` (its message says what is allowed).
fn parsed<T: FromStr<Err = String>>(value: &DeValue<'_>, key: &str) -> Result<T, String> {
    string(value, key)?.parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_only_close_keys() {
        let known = SETTING_KEYS;
        assert_eq!(nearest("bse_url", &known), Some("base_url"));
        assert_eq!(nearest("Time_Zone", &known), Some("timezone"));
        assert_eq!(nearest("token-file", &known), Some("token_file"));
        assert_eq!(nearest("colour", &known), None);
    }

    #[test]
    fn numbers_in_any_radix_and_out_of_range() {
        let table = DeTable::parse("a = 0x10\nb = -3\nc = 1_000")
            .unwrap()
            .into_inner();
        let get = |k: &str| table.get(k).unwrap().get_ref().clone();
        assert_eq!(number(&get("a"), PER_PAGE, "x"), Ok(16));
        assert_eq!(
            number(&get("b"), PER_PAGE, "x"),
            Err("x, not -3".to_string())
        );
        assert_eq!(
            number(&get("c"), PER_PAGE, "x"),
            Err("x, not 1000".to_string())
        );
    }
}
