//! Configuration: the TOML file, its profiles, the environment and the
//! command-line flags, merged into one [`Config`].
//!
//! Precedence, lowest first: the file's top-level keys, the keys of the
//! profile in use, the environment (`CRMDECK_BASE_URL`, `CRMDECK_TOKEN`,
//! `CRMDECK_PROFILE`), the flags ([`Overrides`]).
//!
//! The token comes from exactly one place:
//! 1. the environment variable `CRMDECK_TOKEN`, when set, wins over everything;
//! 2. else the token key of the profile in use;
//! 3. else the top-level token key.
//!
//! The interface's language: `--lang`, else `CRMDECK_LANG`, else the
//! profile's or the file's `language`, else the locale (`choose_language`,
//! the i18n crate's `choose`).
//!
//! The four token keys (`token`, `token_env`, `token_file`, `token_command`)
//! are one group: a profile that sets any of them replaces the top-level one,
//! and one table may set only one of them.

mod error;
mod file;
mod origin;
mod paths;
pub mod queries;
mod said;
#[cfg(test)]
mod trusted_files;

pub use error::ConfigError;
pub use file::{KeyBinding, SETTING_KEYS};
pub use origin::{Origin, Origins};
pub use paths::{cache_dir, default_config_path, log_path, state_dir, view_path};
pub use said::{said, said_warning};
// The token sources are the secret crate's; the config names one.
pub use crate::secret::{TOKEN_SIZE_LIMIT, TokenSource};

/// An environment of `pairs` only, for the `env` arguments, in unit tests.
#[cfg(test)]
pub(crate) fn env_of(
    pairs: &'static [(&'static str, &'static str)],
) -> impl Fn(&str) -> Option<String> {
    move |key| {
        pairs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    }
}

use crate::domain::check::MaxParallel;
use crate::domain::timetable::WorkingHours;
use crate::domain::zone::Zone;
use crate::i18n::choose::ENV_LANG;
use crate::i18n::{Chosen, LanguageSource, choose, fill};
use crate::local_files;
use crate::model::ApiUrl;
use crate::present::Language;
use crate::secret::strict;
use file::{At, ConfigFile, Settings, TokenKey};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// Default for `per_page`.
pub const DEFAULT_PER_PAGE: u32 = 20;
/// Default for `history_days`: a week back, so `--since mon` on a Monday
/// still finds last Monday.
pub const DEFAULT_HISTORY_DAYS: u32 = 7;
/// Default for `fleet_concurrency`: centres asked at once (issue 38).
pub const DEFAULT_FLEET_CONCURRENCY: usize = 4;
/// Default for `connect_timeout_secs`.
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Default for `request_timeout_secs`.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest config file read: a real one is a few kilobytes.
pub const CONFIG_SIZE_LIMIT: u64 = 1 << 20;

/// Environment variable naming the profile (below `--profile`).
pub const ENV_PROFILE: &str = "CRMDECK_PROFILE";
/// Environment variable holding the API address (below `--base-url`).
pub const ENV_BASE_URL: &str = "CRMDECK_BASE_URL";
/// Environment variable holding the token; wins over every token key.
pub const ENV_TOKEN: &str = "CRMDECK_TOKEN";

/// What the command line says (flags override everything).
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub config_path: Option<PathBuf>,
    pub profile: Option<String>,
    pub base_url: Option<String>,
    pub read_only: bool,
    /// `--no-cache`: no snapshot read or written, whatever the config says.
    pub no_cache: bool,
    /// `--lang`: the interface's language, over everything else.
    pub language: Option<String>,
}

/// Colours of the TUI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Default,
    /// No colours, for terminals or people that prefer none.
    Mono,
}

impl FromStr for Theme {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "default" => Ok(Self::Default),
            "mono" => Ok(Self::Mono),
            other => Err(format!("unknown theme {other:?}: expected default or mono")),
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Default => "default",
            Self::Mono => "mono",
        })
    }
}

/// The colour of a profile's top line (`accent = "red"`), so that a
/// production centre and a test centre never look alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accent(pub ratatui::style::Color);

/// The colour names `accent` takes (ratatui parses them, and `#rrggbb`).
const ACCENT_NAMES: [&str; 16] = [
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "gray",
    "darkgray",
    "lightred",
    "lightgreen",
    "lightyellow",
    "lightblue",
    "lightmagenta",
    "lightcyan",
    "white",
];

impl FromStr for Accent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim();
        // ratatui also reads a bare number as a palette index: a typo like
        // `accent = "1"` is more likely a slip than a wish for index 1.
        let numeric = name.chars().all(|c| c.is_ascii_digit());
        match name.parse::<ratatui::style::Color>() {
            Ok(ratatui::style::Color::Reset) | Err(_) => {}
            Ok(_) if numeric => {}
            Ok(colour) => return Ok(Self(colour)),
        }
        let nearest = ACCENT_NAMES
            .iter()
            .map(|known| {
                (
                    strsim::levenshtein(&name.to_ascii_lowercase(), known),
                    known,
                )
            })
            .min()
            .filter(|(distance, _)| *distance <= 2)
            .map(|(_, known)| format!(" (did you mean {known}?)"))
            .unwrap_or_default();
        Err(format!(
            "unknown accent colour {name:?}{nearest}: expected a colour name ({}) or #rrggbb",
            ACCENT_NAMES.join(", ")
        ))
    }
}

/// The merged configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The config file read, `None` when none exists.
    pub file: Option<PathBuf>,
    /// The profile in use.
    pub profile: Option<String>,
    /// Every profile the file names (`[profiles.NAME]`), sorted: what
    /// `:profile` offers.
    pub profiles: Vec<String>,
    /// Parsed once (`model::ApiUrl`): no trailing slash.
    pub base_url: Option<ApiUrl>,
    pub token: TokenSource,
    pub branch_id: Option<i64>,
    /// 1..=100.
    pub per_page: u32,
    /// `timezone`; None when not set: times are then shown in the centre's
    /// zone (see [`ZoneSource::choose`](crate::domain::zone::ZoneSource::choose)).
    pub timezone: Option<Zone>,
    pub language: Language,
    pub read_only: bool,
    pub connect_timeout: Duration,
    pub request_timeout: Duration,
    /// `auto_refresh_secs`; 0 means off (`None`).
    pub auto_refresh: Option<Duration>,
    pub theme: Theme,
    /// `accent`: the colour of the top line for this profile.
    pub accent: Option<Accent>,
    pub mouse: bool,
    /// `cache` (default true), false with `--no-cache`: the snapshot of
    /// the last complete walk is read at start and written after one.
    pub cache: bool,
    pub allow_insecure_http: bool,
    /// The centre's teaching hours: the Week grid's rows and its free-hour search.
    pub working_hours: WorkingHours,
    /// `max_in_flight`: page requests in flight at most while walking
    /// every page; None when not set (the store's default applies).
    pub max_in_flight: Option<usize>,
    /// `max_groups`: the most groups one walk holds (a server announcing
    /// more is read that far only); None when not set (250,000).
    pub max_groups: Option<u64>,
    /// `walk_deadline_secs`: how long a walk of every page may take, waits
    /// for the server included; None when not set (the CLI's and the
    /// dashboard's defaults, `store::CLI_WALK_DEADLINE` and
    /// `store::DASHBOARD_WALK_DEADLINE`).
    pub walk_deadline: Option<Duration>,
    /// `max_parallel`: the most groups of a branch at once before
    /// `timetable --check` reports the hour; empty when not set.
    pub max_parallel: MaxParallel,
    /// `log_max_mb`: the log's size before it is rotated (one old file
    /// kept as `crmdeck.log.1`), in bytes; None when not set (the log's
    /// default, `logging::DEFAULT_CAP`).
    pub log_max_bytes: Option<u64>,
    /// `history_days`: the centre days before today whose last complete
    /// walk the history keeps (issue 28; with the cache only).
    pub history_days: u32,
    /// To show once (e.g. a token in a file others can read).
    pub warnings: Vec<String>,
    /// `[keys]` of the file: the user's bindings, in file order.
    pub keys: Vec<KeyBinding>,
    /// `[queries]` of the file: queries by name, in file order (merged
    /// with the saved ones by [`queries::Queries::merged`]).
    pub queries: Vec<queries::NamedQuery>,
    /// `[fleets.NAME] profiles = [...]`: named sets of the profiles, each
    /// in its own order, every name a profile of the file (issue 38).
    pub fleets: std::collections::BTreeMap<String, Vec<String>>,
    /// `fleet_concurrency` (top level only): centres asked at once, 1..=16.
    pub fleet_concurrency: usize,
    /// Where the values came from, for `info` and the top line.
    pub origins: Origins,
}

impl Default for Config {
    /// What applies with no file, no environment and no flags.
    fn default() -> Self {
        Self {
            file: None,
            profile: None,
            profiles: Vec::new(),
            base_url: None,
            token: TokenSource::None,
            branch_id: None,
            per_page: DEFAULT_PER_PAGE,
            timezone: None,
            language: Language::En,
            read_only: false,
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            auto_refresh: None,
            theme: Theme::Default,
            accent: None,
            mouse: false,
            cache: true,
            allow_insecure_http: false,
            working_hours: WorkingHours::default(),
            max_in_flight: None,
            max_groups: None,
            walk_deadline: None,
            max_parallel: MaxParallel::default(),
            log_max_bytes: None,
            history_days: DEFAULT_HISTORY_DAYS,
            warnings: Vec::new(),
            keys: Vec::new(),
            queries: Vec::new(),
            fleets: Default::default(),
            fleet_concurrency: DEFAULT_FLEET_CONCURRENCY,
            origins: Origins::default(),
        }
    }
}

impl Config {
    /// What `build` makes of `[keys]` (the keymap: the config does not
    /// know the actions), given as (action name, keys) pairs in file order;
    /// the entry it refuses, and why, becomes a config error at that
    /// entry's file and line.
    pub fn with_key_bindings<'c, T>(
        &'c self,
        build: impl FnOnce(Vec<(&'c str, &'c [String])>) -> Result<T, (usize, String)>,
    ) -> Result<T, ConfigError> {
        let user = self
            .keys
            .iter()
            .map(|binding| (binding.action.as_str(), binding.keys.as_slice()));
        build(user.collect()).map_err(|(entry, message)| ConfigError::Invalid {
            at: self
                .keys
                .get(entry)
                .map(|b| b.at.clone())
                .unwrap_or_default(),
            message,
        })
    }

    /// Whether the token goes to another machine over plain http, as
    /// `allow_insecure_http` allows: the dashboard's top line says so.
    pub fn insecure_http(&self) -> bool {
        (self.base_url.as_ref()).is_some_and(ApiUrl::is_plain_http_to_remote)
    }

    /// The API address, or an error telling how to set one.
    pub fn require_base_url(&self) -> Result<&ApiUrl, ConfigError> {
        self.base_url.as_ref().ok_or(ConfigError::MissingBaseUrl)
    }
}

/// Reads the config file (`--config`, else the default path when it exists)
/// and merges it with the environment and the flags. See the module
/// documentation for the precedence. Production passes
/// `&|k| std::env::var(k).ok()` as `env`.
pub fn load(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Config, ConfigError> {
    let found = read_file(overrides, env)?;
    let parsed = found.as_ref().map(|found| &found.contents);
    let shown = found.as_ref().map_or("", |found| found.shown.as_str());

    let (profile, profile_origin) = choose_profile(overrides, env, parsed, shown)?;
    let settings = match (parsed, &profile) {
        (Some(file), Some(name)) => file.top.clone().overlaid_by(&file.profiles[name]),
        (Some(file), None) => file.top.clone(),
        (None, _) => Settings::default(),
    };

    let mut warnings = Vec::new();
    if let Some(found) = &found
        && found.contents.holds_token
        && paths::open_to_others(&found.path)
    {
        warnings.push(fill::cli_warn_config_readable(Language::En, &found.shown));
    }

    let allow_insecure_http = settings.allow_insecure_http.unwrap_or(false);
    let base_url = choose_base_url(overrides, env, &settings, shown)?;
    if let Some((url, at)) = &base_url {
        check_base_url(url, &at.to_string(), allow_insecure_http, &mut warnings)?;
    }

    let config_path = found.as_ref().map(|found| found.path.as_path());
    let token = choose_token(env, settings.token.as_ref(), config_path, shown)?;
    if let TokenSource::File { path } = &token
        && paths::open_to_others(path)
    {
        let shown = paths::shown(path, env);
        warnings.push(fill::cli_warn_token_readable(Language::En, shown));
    }

    let chosen = choose_language(overrides, env, settings.language)?;
    let in_file = |set: bool| match set {
        true => Origin::File(shown.to_string()),
        false => Origin::Default,
    };
    let origins = Origins {
        profile: profile_origin,
        base_url: (base_url.as_ref()).map_or(Origin::Default, |(_, at)| at.clone()),
        token: match env(ENV_TOKEN) {
            Some(_) => Origin::Env(ENV_TOKEN),
            None => in_file(settings.token.is_some()),
        },
        read_only: match overrides.read_only {
            true => Origin::Flag("--read-only"),
            false => in_file(settings.read_only.is_some()),
        },
        language: match &chosen.source {
            LanguageSource::Flag => Origin::Flag("--lang"),
            LanguageSource::Env => Origin::Env(ENV_LANG),
            LanguageSource::Config => in_file(true),
            LanguageSource::Locale(variable, value) => Origin::Locale(variable, value.clone()),
            LanguageSource::Default => Origin::Default,
        },
        per_page: in_file(settings.per_page.is_some()),
    };
    let keys = parsed.map(|file| file.keys.clone()).unwrap_or_default();
    let queries = parsed.map(|file| file.queries.clone()).unwrap_or_default();
    let fleets = parsed.map(|file| file.fleets.clone()).unwrap_or_default();
    let fleet_concurrency =
        (parsed.and_then(|file| file.fleet_concurrency)).unwrap_or(DEFAULT_FLEET_CONCURRENCY);
    let defaults = Config::default();
    let profiles = parsed.map_or_else(Vec::new, |file| file.profiles.keys().cloned().collect());
    Ok(Config {
        file: found.map(|found| found.path),
        profile,
        profiles,
        base_url: base_url.map(|(url, _)| url),
        token,
        branch_id: settings.branch_id,
        per_page: settings.per_page.unwrap_or(defaults.per_page),
        timezone: settings.timezone,
        language: chosen.language,
        read_only: overrides.read_only || settings.read_only.unwrap_or(false),
        connect_timeout: settings
            .connect_timeout_secs
            .map_or(defaults.connect_timeout, Duration::from_secs),
        request_timeout: settings
            .request_timeout_secs
            .map_or(defaults.request_timeout, Duration::from_secs),
        auto_refresh: settings
            .auto_refresh_secs
            .filter(|secs| *secs > 0)
            .map(Duration::from_secs),
        theme: settings.theme.unwrap_or(defaults.theme),
        accent: settings.accent,
        mouse: settings.mouse.unwrap_or(defaults.mouse),
        cache: !overrides.no_cache && settings.cache.unwrap_or(defaults.cache),
        allow_insecure_http,
        working_hours: settings.working_hours.unwrap_or(defaults.working_hours),
        max_in_flight: settings.max_in_flight,
        max_groups: settings.max_groups,
        walk_deadline: settings.walk_deadline_secs.map(Duration::from_secs),
        max_parallel: settings.max_parallel.unwrap_or_default(),
        log_max_bytes: settings.log_max_mb.map(|mb| mb << 20),
        history_days: settings.history_days.unwrap_or(defaults.history_days),
        warnings,
        keys,
        queries,
        fleets,
        fleet_concurrency,
        origins,
    })
}

/// The interface's language (`crate::i18n::choose`: `--lang`,
/// `CRMDECK_LANG`, the file's `language`, the locale). One given on purpose
/// that is none of the four is refused (exit 2); a locale not understood
/// is English, and the log (not the screen) says so.
fn choose_language(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
    in_file: Option<Language>,
) -> Result<Chosen, ConfigError> {
    let chosen = choose(overrides.language.as_deref(), env, in_file).map_err(|unknown| {
        let at = match overrides.language {
            Some(_) => "--lang".to_string(),
            None => format!("environment variable {ENV_LANG}"),
        };
        ConfigError::Invalid {
            at,
            message: unknown.to_string(),
        }
    })?;
    if let Some((variable, value)) = &chosen.not_understood {
        tracing::warn!(
            "the locale's {variable}={value:?} names none of en, ru, uz, uz-Cyrl: the interface is in English"
        );
    }
    Ok(chosen)
}

/// The config file that was read.
struct LoadedFile {
    path: PathBuf,
    /// The path as messages show it (`~/...`).
    shown: String,
    contents: ConfigFile,
}

/// The names of the config file's profiles (`[profiles.NAME]`), for shell
/// completion; none when there is no file or it does not read.
pub fn profile_names(overrides: &Overrides, env: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    read_profile_names(overrides, env).unwrap_or_default()
}

/// The profiles the config file names now, read and checked as [`load`]
/// reads it (trusted, bounded, parsed whole), or why it does not read:
/// `:profile` and `R` read it again while the dashboard runs (issue 37),
/// to know a profile added since the start. No file: none.
pub fn read_profile_names(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<String>, ConfigError> {
    let found = read_file(overrides, env)?;
    Ok(found.map_or_else(Vec::new, |found| {
        found.contents.profiles.keys().cloned().collect()
    }))
}

/// The config file and its checked contents, or `None` when there is no
/// `--config` and nothing at the default path.
fn read_file(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<LoadedFile>, ConfigError> {
    let path = match &overrides.config_path {
        Some(path) if !path.exists() => {
            return Err(ConfigError::ConfigNotFound {
                path: paths::shown(path, env),
            });
        }
        Some(path) => path.clone(),
        None => match default_config_path(env) {
            Some(path) if path.exists() => path,
            _ => return Ok(None),
        },
    };
    let shown = paths::shown(&path, env);
    let unreadable = |source| ConfigError::ConfigUnreadable {
        path: shown.clone(),
        source,
    };
    // Opened without waiting and checked before anything is read.
    let file = strict::open(&path).map_err(unreadable)?;
    let metadata = file.metadata().map_err(unreadable)?;
    strict::check(&metadata, &path, "config file", env)?;
    let text = local_files::read_text_at_most(&file, CONFIG_SIZE_LIMIT)
        .map_err(unreadable)?
        .ok_or_else(|| ConfigError::TooLarge {
            what: format!("config file {shown}"),
            limit: local_files::size_label(CONFIG_SIZE_LIMIT),
            hint: "a config file is a few lines of TOML",
        })?;
    let contents = file::parse(&text, &shown)?;
    Ok(Some(LoadedFile {
        path,
        shown,
        contents,
    }))
}

/// Refuses plain http to another machine unless allowed; warns about an
/// address that already ends in the API version. `at` says where it was set.
fn check_base_url(
    url: &ApiUrl,
    at: &str,
    allow_insecure_http: bool,
    warnings: &mut Vec<String>,
) -> Result<(), ConfigError> {
    if url.is_plain_http_to_remote() {
        if !allow_insecure_http {
            return Err(ConfigError::InsecureHttp {
                url: url.to_string(),
                at: at.to_string(),
            });
        }
        // Said at every start: the CLI on stderr, the dashboard on its
        // status line (and its top line, `Config::insecure_http`).
        warnings.push(fill::cli_warn_insecure_http(Language::En, at, url));
    }
    if url.ends_with_version() {
        warnings.push(fill::cli_warn_ends_with_v2(Language::En, at, url));
    }
    Ok(())
}

/// `--profile`, else CRMDECK_PROFILE, else `default_profile`; it must exist.
fn choose_profile(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
    file: Option<&ConfigFile>,
    shown: &str,
) -> Result<(Option<String>, Origin), ConfigError> {
    let default = file.and_then(|f| f.default_profile.as_ref());
    let chosen = if let Some(name) = &overrides.profile {
        (name.clone(), Origin::Flag("--profile"))
    } else if let Some(name) = paths::non_empty(env, ENV_PROFILE) {
        (name, Origin::Env(ENV_PROFILE))
    } else if let Some(At { value, line }) = default {
        let at = format!("default_profile at {shown}:{line}");
        (value.clone(), Origin::File(at))
    } else {
        return Ok((None, Origin::Default));
    };
    let (name, chosen_by) = chosen;
    let known: Vec<String> = file
        .map(|f| f.profiles.keys().cloned().collect())
        .unwrap_or_default();
    // Exactly as written, else the one that differs from it in case only
    // (`--profile SMALL` for `[profiles.small]`, as `:profile` takes it).
    let found = known.iter().find(|k| **k == name).or_else(|| {
        let mut same = known
            .iter()
            .filter(|k| k.to_lowercase() == name.to_lowercase());
        same.next().filter(|_| same.next().is_none())
    });
    if let Some(found) = found {
        Ok((Some(found.clone()), chosen_by))
    } else {
        Err(ConfigError::UnknownProfile {
            name,
            chosen_by: chosen_by.to_string(),
            known,
        })
    }
}

/// `--base-url`, else CRMDECK_BASE_URL, else the file: the address and
/// where it came from (a flag, a variable or `file:line`), for messages.
fn choose_base_url(
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
    settings: &Settings,
    shown: &str,
) -> Result<Option<(ApiUrl, Origin)>, ConfigError> {
    let outside_the_file = match &overrides.base_url {
        Some(url) => Some((url.clone(), Origin::Flag("--base-url"))),
        None => paths::non_empty(env, ENV_BASE_URL).map(|url| (url, Origin::Env(ENV_BASE_URL))),
    };
    match outside_the_file {
        Some((raw, at)) => match ApiUrl::parse(&raw) {
            Ok(url) => Ok(Some((url, at))),
            Err(refused) => Err(ConfigError::Invalid {
                at: at.to_string(),
                message: refused.to_string(),
            }),
        },
        None => Ok(settings
            .base_url
            .as_ref()
            .map(|At { value, line }| (value.clone(), Origin::File(format!("{shown}:{line}"))))),
    }
}

/// CRMDECK_TOKEN, else the token key already merged from profile and top level.
fn choose_token(
    env: &dyn Fn(&str) -> Option<String>,
    key: Option<&At<TokenKey>>,
    config_path: Option<&Path>,
    shown: &str,
) -> Result<TokenSource, ConfigError> {
    if env(ENV_TOKEN).is_some() {
        return Ok(TokenSource::Env {
            var: ENV_TOKEN.to_string(),
        });
    }
    let (Some(At { value: key, line }), Some(config_path)) = (key, config_path) else {
        return Ok(TokenSource::None);
    };
    Ok(match key {
        TokenKey::Inline(token) => TokenSource::Inline {
            file: config_path.to_path_buf(),
            token: token.clone(),
        },
        TokenKey::Env(var) => TokenSource::Env { var: var.clone() },
        TokenKey::Command(command) => TokenSource::Command {
            command: command.clone(),
        },
        TokenKey::File(written) => {
            let expanded =
                paths::expand_tilde(written, env).ok_or_else(|| ConfigError::Invalid {
                    at: format!("{shown}:{line}"),
                    message: "token_file starts with ~/ but HOME is not set".to_string(),
                })?;
            // A relative path is taken from the config file's folder, not from
            // wherever the program happens to be started.
            let base = config_path.parent().unwrap_or(Path::new(""));
            TokenSource::File {
                path: base.join(expanded),
            }
        }
    })
}
