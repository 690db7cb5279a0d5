//! `crmdeck info`: where everything comes from. Never the token itself.

use super::cache::CacheInfo;
use super::{Format, json_text};
use crate::config::default_config_path;
use crate::domain::zone::Zone;
use crate::i18n::Language;
use crate::logging::Log;
use crate::present::columns::BranchNames;
use crate::present::columns::facts::{COLUMNS, Fact};
use crate::present::columns::table::Table;
use crate::present::format::zone_source;
use crate::sanitize::sanitize_line;
use crate::secret::describe_expiry;
use crate::session::Session;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::path::Path;

/// `log` is where this run logs, or why it does not. `format` as given:
/// without `--format` the text lines, piped too (a report for a person
/// unless a script asks for JSON or CSV).
pub async fn run(session: &Session, format: Option<Format>, log: &Log) -> String {
    let info = gather(session, log).await;
    match format {
        None | Some(Format::Table) => info.to_text(),
        Some(Format::Json) => json_text(&serde_json::to_value(&info).unwrap_or_default()),
        Some(Format::Csv) => Table::of(COLUMNS, &info.lines(), &(), &BranchNames::new()).to_csv(),
    }
}

/// `info` with no API address anywhere (no config file, or one without
/// `base_url`): where the config file is or would be read, and how to set
/// the address. Exits 0: nothing is wrong with asking.
pub fn unconfigured(given: Option<&Path>, format: Option<Format>, log: &Log) -> String {
    let env = |name: &str| std::env::var(name).ok();
    let path = given
        .map(Path::to_path_buf)
        .or_else(|| default_config_path(&env));
    let path = path.map(|path| path.display().to_string());
    let exists = given.is_some() || path.as_ref().is_some_and(|p| Path::new(p).exists());
    let base_url = "none: set base_url in the config file, CRMDECK_BASE_URL or --base-url \
                    (or try --demo)";
    let config_file = match (&path, exists) {
        (Some(path), true) => format!("{path} (no base_url in it)"),
        (Some(path), false) => format!("none: would be read from {path}"),
        (None, _) => "none: no HOME or XDG_CONFIG_HOME to find it under".to_string(),
    };
    match format {
        Some(Format::Json) => json_text(&serde_json::json!({
            "config_file": exists.then(|| path.clone()).flatten(),
            "config_path": path,
            "log_file": log.describe(),
            "base_url": null,
        })),
        _ => [
            ("config file", config_file),
            ("log file", log.describe()),
            ("base url", base_url.to_string()),
        ]
        .iter()
        .map(|(key, value)| format!("{key:<12} {value}\n"))
        .collect(),
    }
}

/// What `info` reports: every value either form shows.
#[derive(Debug, Serialize)]
struct Info {
    /// None: no file, the defaults.
    config_file: Option<String>,
    /// The path, or `none: WHY`.
    log_file: String,
    profile: Option<String>,
    base_url: String,
    /// The centre the token is of, as `/v2/token/me` names it.
    centre: Option<String>,
    /// Who the token is: `/v2/token/me`'s user (and centre) ids, else the
    /// token's subject; never the token.
    user: Option<String>,
    token: TokenInfo,
    read_only: bool,
    time_zone: ZoneInfo,
    language: String,
    per_page: u32,
    /// Where each value came from (`default`, the file, a variable, a flag).
    from: Sources,
    cache: CacheInfo,
}

/// Where `info`'s values came from; the token's and the zone's are theirs.
#[derive(Debug, Serialize)]
struct Sources {
    profile: String,
    base_url: String,
    read_only: String,
    language: String,
    per_page: String,
}

/// The token as it may be shown: its source and masked form, never itself.
#[derive(Debug, Serialize)]
struct TokenInfo {
    /// The environment variable, the file, or a token command by its
    /// program only: its arguments may hold the token itself (`echo ...`).
    from: String,
    masked: String,
    /// Who the token is taken to be, by what (its subject, `/v2/token/me`,
    /// the token itself: then a new token starts afresh).
    account: String,
    /// The JWT's `exp`, when it is a JWT that has one.
    expires_at: Option<DateTime<Utc>>,
    /// For a person: `expires in 3d 4h`, `expired at ...`.
    expiry: String,
}

#[derive(Debug, Serialize)]
struct ZoneInfo {
    /// The zone lesson times are shown in.
    name: String,
    /// Where it comes from: the config, the API, the default.
    source: &'static str,
    /// False when lesson times do not read as this machine's clock.
    same_as_this_machine: bool,
}

async fn gather(session: &Session, log: &Log) -> Info {
    let config = &session.config;
    let (zone, source) = session.zone().await;
    session.identify().await;
    let now = Utc::now();
    let token = session.client.token();
    let expires_at = token.expires_at();
    let me = session.me().await;
    let centre = me.and_then(|me| me.company_name()).map(sanitize_text);
    let user = (me.and_then(|me| me.account()))
        .or_else(|| {
            token
                .subject()
                .map(|subject| format!("{subject} (the token's subject)"))
        })
        .map(|user| sanitize_text(&user));
    Info {
        config_file: config.file.as_ref().map(|p| p.display().to_string()),
        log_file: log.describe(),
        profile: config.profile.clone(),
        base_url: session.client.base_url().to_string(),
        centre,
        user,
        token: TokenInfo {
            from: config.token.describe(),
            masked: token.masked(),
            account: session.identity().by.describe().to_owned(),
            expires_at,
            expiry: expires_at.map_or_else(
                || "unknown (not a JWT)".to_string(),
                |at| describe_expiry(at, now),
            ),
        },
        read_only: config.read_only,
        time_zone: ZoneInfo {
            name: zone.to_string(),
            // English: JSON prints it too (issue 36 §3).
            source: zone_source(source, Language::En),
            same_as_this_machine: zone.same_clock_as(&Zone::Local, now),
        },
        language: config.language.to_string(),
        per_page: config.per_page,
        from: Sources {
            profile: config.origins.profile.to_string(),
            base_url: match &session.demo {
                Some(_) => "the demo server (--demo)".to_string(),
                None => config.origins.base_url.to_string(),
            },
            read_only: config.origins.read_only.to_string(),
            language: config.origins.language.to_string(),
            per_page: config.origins.per_page.to_string(),
        },
        cache: CacheInfo::gather(session, &zone, now),
    }
}

/// Server text made safe to print on a line.
fn sanitize_text(text: &str) -> String {
    sanitize_line(text).into_owned()
}

impl Info {
    /// The language's code and, when it is not English, its own name:
    /// `ru, русский`.
    fn language_named(&self) -> String {
        match self.language.parse::<Language>() {
            Ok(language) if language != Language::En => {
                format!("{}, {}", self.language, language.name())
            }
            _ => self.language.clone(),
        }
    }

    /// A line per fact, the names aligned.
    fn to_text(&self) -> String {
        let mut out = String::new();
        for (key, value) in self.lines() {
            out.push_str(&format!("{key:<12} {value}\n"));
        }
        out
    }

    /// Each fact named for a person.
    fn lines(&self) -> [Fact; 14] {
        // Said where it matters: lesson times do not read as this machine's clock.
        let elsewhere = if self.time_zone.same_as_this_machine {
            String::new()
        } else {
            format!(
                "; times in {}, not this machine's zone",
                self.time_zone.name
            )
        };
        [
            (
                "config file",
                self.config_file
                    .clone()
                    .unwrap_or_else(|| "none (defaults)".into()),
            ),
            ("log file", self.log_file.clone()),
            (
                "profile",
                match &self.profile {
                    Some(profile) => format!("{profile} (from {})", self.from.profile),
                    None => "none".into(),
                },
            ),
            (
                "base url",
                format!("{} (from {})", self.base_url, self.from.base_url),
            ),
            (
                "centre",
                (self.centre.clone())
                    .unwrap_or_else(|| "unknown (/v2/token/me does not say)".into()),
            ),
            (
                "user",
                (self.user.clone()).unwrap_or_else(|| "unknown (/v2/token/me does not say)".into()),
            ),
            ("token from", self.token.from.clone()),
            (
                "token",
                format!("{} ({})", self.token.masked, self.token.expiry),
            ),
            ("account", self.token.account.clone()),
            (
                "read-only",
                format!("{} (from {})", self.read_only, self.from.read_only),
            ),
            (
                "time zone",
                format!(
                    "{} ({}){elsewhere}",
                    self.time_zone.name, self.time_zone.source
                ),
            ),
            (
                "language",
                format!("{} (from {})", self.language_named(), self.from.language),
            ),
            (
                "per page",
                format!("{} (from {})", self.per_page, self.from.per_page),
            ),
            ("cache", self.cache.line()),
        ]
    }
}
