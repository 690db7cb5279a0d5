//! From an open session to what the app needs to know ([`AppSettings`]).

use crate::app::fleet::Fleet;
use crate::app::keymap::Keymap;
use crate::app::{AppSettings, SavedView};
use crate::config::queries::{Queries, read_saved, saved_path};
use crate::config::{self, Config, ConfigError, Theme};
use crate::demo::DEMO_PROFILE;
use crate::domain::centre::NO_PROFILE;
use crate::domain::zone::Zone;
use crate::fleet::{self, Choice};
use crate::i18n::fill;
use crate::session::Session;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use std::path::Path;
use std::path::PathBuf;

/// The app's settings from the session's config and client; `log_path` is
/// where this run logs (shown in the help overlay).
pub fn app_settings(session: &Session, log_path: PathBuf) -> AppSettings {
    let config = &session.config;
    // Said in the language; the log has them in English.
    let said = |warning: &String| config::said_warning(warning, config.language);
    let mut warnings: Vec<String> = config.warnings.iter().map(said).collect();
    AppSettings {
        profile: config.profile.clone(),
        replaced: config.origins.replaced(config.profile.as_deref()),
        profiles: config.profiles.clone(),
        host: session.client.base_url().host(),
        insecure_http: config.insecure_http(),
        config_zone: config.timezone,
        machine_zone: Zone::Local,
        language: config.language,
        read_only: config.read_only,
        branch_id: config.branch_id,
        auto_refresh: config.auto_refresh,
        theme: config.theme,
        accent: config.accent.map(|accent| accent.0),
        mouse: config.mouse,
        working_hours: config.working_hours,
        max_parallel: config.max_parallel.clone(),
        max_in_flight: config.max_in_flight,
        max_groups: config.max_groups,
        walk_deadline: config.walk_deadline,
        cache: config.cache,
        view: SavedView::default(),
        command_history: super::command_history::load(&super::command_history::path(&log_path)),
        keymap: Keymap::default(),
        queries: queries(config, &log_path, &mut warnings),
        fleet: Fleet::default(),
        warnings,
        log_path,
    }
}

/// The queries by name: the config's `[queries]` and those saved beside
/// the log (`:save`), the config's winning; a saved file that does not
/// read is said among `warnings` (and left as it is: `:save` refuses to
/// replace it).
fn queries(config: &Config, log_path: &Path, warnings: &mut Vec<String>) -> Queries {
    let path = saved_path(log_path);
    let saved = read_saved(&path).unwrap_or_else(|why| {
        let shown = path.display().to_string();
        warnings.push(fill::queries_file_unread(config.language, shown, why));
        BTreeMap::new()
    });
    Queries::merged(&config.queries, &saved)
}

/// The fleet the Centres tab shows (issue 38): the profiles the flags
/// choose (`--profiles`, `--fleet`; else every profile of the config, the
/// demo centres under `--demo`), the profile in use looked at. When the
/// config names no profile: the centre in use alone ([`NO_PROFILE`]). A
/// choice the config does not hold is the user's to mend (the start's
/// config error).
pub fn fleet(session: &Session, choice: &Choice, demo: bool) -> Result<Fleet, ConfigError> {
    let config = &session.config;
    let looking_at = (config.profile.clone()).or_else(|| demo.then(|| DEMO_PROFILE.to_owned()));
    let (profiles, looking_at) = match fleet::covered(config, choice, demo) {
        Ok(profiles) => (profiles, looking_at),
        // No profile named: the centre in use, as the one row.
        Err(_) if *choice == Choice::Every => {
            let in_use = looking_at.unwrap_or_else(|| NO_PROFILE.to_owned());
            (vec![in_use.clone()], Some(in_use))
        }
        Err(error) => return Err(error),
    };
    Ok(Fleet {
        looking_at,
        ..Fleet::of(profiles, config.fleet_concurrency)
    })
}

/// When the token of `session` expires (None: not known): the app's
/// world holds it from then on, a token reloaded bringing its own.
pub fn token_expires_at(session: &Session) -> Option<DateTime<Utc>> {
    session.client.token().expires_at()
}

/// The settings of a new app on `session`, opened by `:profile` in the
/// dashboard `old` ran: what is not the profile's own (the log, this
/// machine's zone, `NO_COLOR`) stays as it was, and so does `mouse`: the
/// terminal's mouse mode was set at start.
pub fn switched(session: &Session, old: &AppSettings, no_color: Option<String>) -> AppSettings {
    let settings = app_settings(session, old.log_path.clone());
    AppSettings {
        machine_zone: old.machine_zone,
        mouse: old.mouse,
        theme: theme_under_no_color(settings.theme, no_color),
        ..settings
    }
}

/// `settings` to start where `remembered` says: its branch (the last one
/// picked wins over the config's `branch_id`), tab, sort and toggles.
pub fn restored(settings: AppSettings, remembered: Option<SavedView>) -> AppSettings {
    match remembered {
        Some(view) => AppSettings {
            branch_id: view.branch_id,
            view,
            ..settings
        },
        None => settings,
    }
}

/// The theme to draw with: `NO_COLOR` set to anything but nothing
/// (no-color.org) means no colours whatever the config says, so the UI
/// knows to mark the profile's accent without colour.
pub fn theme_under_no_color(theme: Theme, no_color: Option<String>) -> Theme {
    match no_color {
        Some(value) if !value.is_empty() => Theme::Mono,
        _ => theme,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Client, ClientOptions};
    use crate::app::shared::World;
    use crate::config::Config;
    use crate::domain::zone::CENTRE_ZONE;
    use crate::domain::zone::ZoneSource;
    use crate::secret::Token;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    #[test]
    fn queries_are_the_configs_and_the_saved_and_a_corrupt_file_is_a_warning() {
        use crate::config::queries::NamedQuery;
        let root = tempfile::tempdir().unwrap();
        let log = root.path().join("crmdeck.log");
        let config = Config {
            queries: vec![NamedQuery::of_config("evening", "tue evening", "c.toml:2")],
            ..Config::default()
        };
        let file = saved_path(&log);
        std::fs::write(&file, "[queries]\nevening = \"mon\"\nielts = \"ielts\"\n").unwrap();
        let mut warnings = Vec::new();
        let merged = queries(&config, &log, &mut warnings);
        assert_eq!(merged.names(), ["evening", "ielts"]);
        assert_eq!(merged.get("evening").unwrap().text, "tue evening");
        assert!(warnings.is_empty(), "{warnings:?}");
        std::fs::write(&file, "[queries]\nielts = \n").unwrap();
        let merged = queries(&config, &log, &mut warnings);
        assert_eq!(merged.names(), ["evening"]);
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("queries.toml not read (line 2"),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_config_without_profiles_shows_the_centre_in_use_as_its_one_row() {
        let client = Client::new(
            ClientOptions::new("https://crm.example.uz".parse().unwrap()),
            Token::new("t".to_string()),
        )
        .unwrap();
        let session = Session::new(Config::default(), client);
        let every = fleet(&session, &Choice::Every, false).unwrap();
        let rows: Vec<&str> = every.centres.iter().map(|c| c.profile.as_str()).collect();
        assert_eq!(rows, [NO_PROFILE]);
        assert_eq!(every.looking_at.as_deref(), Some(NO_PROFILE));
        // Profiles asked for by name are still the user's to mend.
        let named = Choice::Profiles(vec!["east".to_string()]);
        assert!(fleet(&session, &named, false).is_err());
    }

    #[test]
    fn settings_come_from_the_config_and_the_client() {
        let claims = URL_SAFE_NO_PAD.encode(r#"{"exp":1900000000}"#);
        let token = Token::new(format!("eyJhbGciOiJIUzI1NiJ9.{claims}.c2ln"));
        let client = Client::new(
            ClientOptions::new("https://crm.example.uz:8443".parse().unwrap()),
            token,
        )
        .unwrap();
        let config = Config {
            profile: Some("staging".to_string()),
            max_in_flight: Some(4),
            max_groups: Some(1_000),
            branch_id: Some(3),
            mouse: true,
            read_only: true,
            ..Config::default()
        };
        let session = Session::new(config, client);
        let settings = app_settings(&session, PathBuf::from("/state/crmdeck.log"));
        assert_eq!(settings.host, "crm.example.uz:8443");
        assert_eq!(settings.profile.as_deref(), Some("staging"));
        assert_eq!(
            (
                settings.max_in_flight,
                settings.max_groups,
                settings.branch_id
            ),
            (Some(4), Some(1_000), Some(3))
        );
        assert!(settings.mouse && settings.read_only);
        assert_eq!(
            token_expires_at(&session).map(|at| at.timestamp()),
            Some(1_900_000_000)
        );
        assert_eq!(settings.log_path, PathBuf::from("/state/crmdeck.log"));
    }

    #[test]
    fn without_a_zone_in_the_config_times_start_in_the_centre_default() {
        let session = |timezone| {
            let client = Client::new(
                ClientOptions::new("https://api.example.uz".parse().unwrap()),
                Token::new("t"),
            );
            let config = Config {
                timezone,
                ..Config::default()
            };
            Session::new(config, client.unwrap())
        };
        let log = PathBuf::from("/state/crmdeck.log");
        // The zone in use is the world's, chosen from the config's.
        let world = |settings| World::new(settings, None, (80, 24));
        let settings = app_settings(&session(None), log.clone());
        assert_eq!(settings.machine_zone, Zone::Local);
        let start = world(settings);
        assert_eq!(
            (start.zone, start.zone_source),
            (CENTRE_ZONE, ZoneSource::Default)
        );
        let utc = Zone::Named(chrono_tz::UTC);
        let start = world(app_settings(&session(Some(utc)), log));
        assert_eq!((start.zone, start.zone_source), (utc, ZoneSource::Config));
    }

    #[test]
    fn a_remembered_view_gives_the_branch_and_nothing_remembered_changes_nothing() {
        let settings = AppSettings {
            branch_id: Some(3),
            ..crate::app::fixtures::settings()
        };
        let kept = restored(settings.clone(), None);
        assert_eq!((kept.branch_id, kept.view), (Some(3), SavedView::default()));
        let view = SavedView {
            branch_id: None,
            tab: Some("Week".into()),
            ..SavedView::default()
        };
        let back = restored(settings, Some(view.clone()));
        // "All branches" picked last wins over the config's branch.
        assert_eq!((back.branch_id, back.view), (None, view));
    }

    #[test]
    fn a_switched_profile_brings_its_own_settings_and_keeps_the_machines() {
        let client = Client::new(
            ClientOptions::new("https://test.example.uz".parse().unwrap()),
            Token::new("t"),
        )
        .unwrap();
        let config = Config {
            profile: Some("test".to_string()),
            profiles: vec!["demo".to_string(), "test".to_string()],
            read_only: true,
            ..Config::default()
        };
        let session = Session::new(config, client);
        let old = crate::app::fixtures::settings();
        assert!(old.mouse && !session.config.mouse);
        let settings = switched(&session, &old, Some("1".to_string()));
        assert_eq!(settings.profile.as_deref(), Some("test"));
        assert_eq!(settings.host, "test.example.uz");
        assert!(settings.read_only);
        assert_eq!(settings.profiles, ["demo", "test"]);
        assert_eq!(
            (settings.log_path, settings.machine_zone, settings.mouse),
            (old.log_path, old.machine_zone, old.mouse)
        );
        assert_eq!(settings.theme, Theme::Mono);
    }

    #[test]
    fn no_color_turns_colours_off_unless_empty() {
        let no_color =
            |value: Option<&str>| theme_under_no_color(Theme::Default, value.map(str::to_owned));
        assert_eq!(no_color(Some("1")), Theme::Mono);
        assert_eq!(no_color(Some("")), Theme::Default);
        assert_eq!(no_color(None), Theme::Default);
    }
}
