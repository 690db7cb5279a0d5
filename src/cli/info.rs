//! `crmdeck info`: where everything comes from. Never the token itself.

use super::cache::CacheInfo;
use super::{FOR_SCRIPTS, Format, chatter, json_text};
use crate::config::default_config_path;
use crate::config::{Origin, Origins};
use crate::domain::zone::Zone;
use crate::domain::zone::ZoneSource;
use crate::i18n::Language;
use crate::i18n::{Phrase, fill};
use crate::logging::Log;
use crate::present::clock::expiry_in;
use crate::present::columns::BranchNames;
use crate::present::columns::facts::{COLUMNS, Fact};
use crate::present::columns::table::Table;
use crate::present::format::zone_source;
use crate::present::format::{display_width, pad_to_width};
use crate::sanitize::sanitize_line;
use crate::secret::{Expiry, expiry};
use crate::secret::{TokenSource, command_label, describe_expiry};
use crate::session::{IdentifiedBy, Session};
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::path::Path;

/// `log` is where this run logs, or why it does not. `format` as given:
/// without `--format` the text lines, piped too (a report for a person
/// unless a script asks for JSON or CSV).
pub async fn run(session: &Session, format: Option<Format>, log: &Log) -> String {
    let info = gather(session, log).await;
    match format {
        None | Some(Format::Table) => lines_text(&info.lines(chatter::language())),
        Some(Format::Json) => json_text(&serde_json::to_value(&info).unwrap_or_default()),
        Some(Format::Csv) => {
            let lines = info.lines(FOR_SCRIPTS);
            Table::of(COLUMNS, &lines, &(), &BranchNames::new()).to_csv()
        }
    }
}

/// A line per fact, the names aligned (at 12 columns in English, as
/// always; wider when the language's names are).
fn lines_text(lines: &[Fact]) -> String {
    let width = (lines.iter())
        .map(|(key, _)| display_width(key) + 1)
        .fold(12, usize::max);
    (lines.iter())
        .map(|(key, value)| format!("{} {value}\n", pad_to_width(key, width)))
        .collect()
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
    let language = match format {
        None | Some(Format::Table) => chatter::language(),
        Some(_) => FOR_SCRIPTS,
    };
    let base_url = Phrase::CliInfoNoBaseUrl.get(language);
    let config_file = match (&path, exists) {
        (Some(path), true) => fill::cli_info_no_base_url_in(language, path),
        (Some(path), false) => fill::cli_info_would_read(language, path),
        (None, _) => Phrase::CliInfoNoHome.get(language).to_string(),
    };
    match format {
        Some(Format::Json) => json_text(&serde_json::json!({
            "config_file": exists.then(|| path.clone()).flatten(),
            "config_path": path,
            "log_file": log.describe(),
            "base_url": null,
        })),
        _ => lines_text(&[
            (Phrase::CliInfoConfigFile.get(language), config_file),
            (Phrase::CliInfoLogFile.get(language), log.describe()),
            (Phrase::CliInfoBaseUrl.get(language), base_url.to_string()),
        ]),
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
    /// What the table says in the reader's language.
    #[serde(skip)]
    said: Said,
}

/// What `info`'s table words in the reader's language, as data.
#[derive(Debug)]
struct Said {
    origins: Origins,
    /// The base URL is the demo server's.
    demo: bool,
    /// `/v2/token/me`'s user and centre ids, when it names the user.
    ids: Option<(i64, Option<i64>)>,
    /// The token's subject (sanitised), when `ids` are not known.
    subject: Option<String>,
    expiry: Option<Expiry>,
    token_source: TokenSource,
    by: IdentifiedBy,
    zone_source: ZoneSource,
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
    let account = (me.and_then(|me| me.account())).map(|user| sanitize_text(&user));
    let subject = token.subject().map(|subject| sanitize_text(&subject));
    let user = account
        .clone()
        .or_else(|| (subject.as_ref()).map(|subject| fill::cli_info_subject(FOR_SCRIPTS, subject)));
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
                || Phrase::CliInfoNotJwt.get(FOR_SCRIPTS).to_string(),
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
                Some(_) => Phrase::CliInfoDemo.get(FOR_SCRIPTS).to_string(),
                None => config.origins.base_url.to_string(),
            },
            read_only: config.origins.read_only.to_string(),
            language: config.origins.language.to_string(),
            per_page: config.origins.per_page.to_string(),
        },
        cache: CacheInfo::gather(session, &zone, now),
        said: Said {
            origins: config.origins.clone(),
            demo: session.demo.is_some(),
            ids: me.and_then(|me| Some((me.user_id?, me.company.as_ref().and_then(|c| c.id)))),
            subject,
            expiry: expires_at.map(|at| expiry(at, now)),
            token_source: config.token.clone(),
            by: session.identity().by,
            zone_source: source,
        },
    }
}

/// Where the token comes from, in `language` (`TokenSource::describe`
/// in English): never the token itself; a command by its program only.
fn token_from(source: &TokenSource, language: Language) -> String {
    match source {
        TokenSource::None => Phrase::CliInfoTokenNone.get(language).to_owned(),
        TokenSource::Inline { file, .. } => fill::cli_info_token_inline(language, file.display()),
        TokenSource::Env { var } => fill::cli_info_token_env(language, var),
        TokenSource::File { path } => fill::cli_info_token_file(language, path.display()),
        TokenSource::Command { command } => {
            fill::cli_info_token_command(language, command_label(command))
        }
        TokenSource::Fixed(_) => Phrase::CliInfoTokenFixed.get(language).to_owned(),
    }
}

/// How the account was learnt (`IdentifiedBy::describe` in English).
fn identified_by(by: IdentifiedBy) -> Phrase {
    match by {
        IdentifiedBy::Subject => Phrase::CliInfoBySubject,
        IdentifiedBy::Me => Phrase::CliInfoByMe,
        IdentifiedBy::Remembered => Phrase::CliInfoByRemembered,
        IdentifiedBy::TokenItself => Phrase::CliInfoByToken,
        IdentifiedBy::Unknown => Phrase::CliInfoByUnknown,
    }
}

/// `true`/`false` as the English has always said it; yes or no in
/// another language.
fn flag(value: bool, language: Language) -> String {
    match (language, value) {
        (Language::En, value) => value.to_string(),
        (_, true) => Phrase::ValueYes.get(language).to_owned(),
        (_, false) => Phrase::ValueNo.get(language).to_owned(),
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

    /// Each fact named for a person in `language` (CSV: [`FOR_SCRIPTS`]).
    fn lines(&self, language: Language) -> [Fact; 14] {
        let said = &self.said;
        let from = |value: &dyn std::fmt::Display, origin: &Origin| {
            fill::cli_info_from(language, value, origin.said(language))
        };
        // Said where it matters: lesson times do not read as this machine's clock.
        let elsewhere = match self.time_zone.same_as_this_machine {
            true => String::new(),
            false => fill::cli_info_elsewhere(language, &self.time_zone.name),
        };
        let unknown = || Phrase::CliInfoUnknownMe.get(language).to_string();
        let user = match (said.ids, &said.subject) {
            (Some((user, Some(centre))), _) => {
                Some(fill::cli_info_user_of_centre(language, user, centre))
            }
            (Some((user, None)), _) => Some(fill::cli_info_user_id(language, user)),
            (None, subject) => subject
                .as_ref()
                .map(|s| fill::cli_info_subject(language, s)),
        };
        let expiry = match (language, said.expiry) {
            (FOR_SCRIPTS, _) => self.token.expiry.clone(),
            (_, Some(expiry)) => expiry_in(expiry, language),
            (_, None) => Phrase::CliInfoNotJwt.get(language).to_string(),
        };
        let base_url = match said.demo {
            true => {
                fill::cli_info_from(language, &self.base_url, Phrase::CliInfoDemo.get(language))
            }
            false => from(&self.base_url, &said.origins.base_url),
        };
        let none = || Phrase::TodayNone.get(language).to_string();
        let key = |phrase: Phrase| phrase.get(language);
        [
            (
                key(Phrase::CliInfoConfigFile),
                (self.config_file.clone())
                    .unwrap_or_else(|| Phrase::CliInfoNoneDefaults.get(language).into()),
            ),
            (key(Phrase::CliInfoLogFile), self.log_file.clone()),
            (
                key(Phrase::CliInfoProfile),
                match &self.profile {
                    Some(profile) => from(profile, &said.origins.profile),
                    None => none(),
                },
            ),
            (key(Phrase::CliInfoBaseUrl), base_url),
            (
                key(Phrase::CliInfoCentre),
                self.centre.clone().unwrap_or_else(unknown),
            ),
            (key(Phrase::CliInfoUser), user.unwrap_or_else(unknown)),
            (
                key(Phrase::CliInfoTokenFrom),
                token_from(&said.token_source, language),
            ),
            (
                key(Phrase::CliInfoToken),
                format!("{} ({expiry})", self.token.masked),
            ),
            (
                key(Phrase::CliInfoAccount),
                identified_by(said.by).get(language).to_owned(),
            ),
            (
                key(Phrase::CliInfoReadOnly),
                from(&flag(self.read_only, language), &said.origins.read_only),
            ),
            (
                key(Phrase::CliInfoTimeZone),
                format!(
                    "{} ({}){elsewhere}",
                    self.time_zone.name,
                    zone_source(said.zone_source, language)
                ),
            ),
            (
                key(Phrase::CliInfoLanguage),
                from(&self.language_named(), &said.origins.language),
            ),
            (
                key(Phrase::CliInfoPerPage),
                from(&self.per_page, &said.origins.per_page),
            ),
            (key(Phrase::CliInfoCache), self.cache.line(language)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_token_s_source_and_the_account_are_worded_in_english_as_described() {
        let sources = [
            TokenSource::None,
            TokenSource::Env {
                var: "CRMDECK_TOKEN".to_string(),
            },
            TokenSource::File {
                path: PathBuf::from("/run/token"),
            },
            TokenSource::Command {
                command: "pass show crm".to_string(),
            },
        ];
        for source in &sources {
            assert_eq!(token_from(source, Language::En), source.describe());
        }
        let all = [
            IdentifiedBy::Subject,
            IdentifiedBy::Me,
            IdentifiedBy::Remembered,
            IdentifiedBy::TokenItself,
            IdentifiedBy::Unknown,
        ];
        for by in all {
            assert_eq!(identified_by(by).get(Language::En), by.describe());
        }
        let env = &sources[1];
        assert_eq!(
            token_from(env, Language::Ru),
            "переменная окружения CRMDECK_TOKEN"
        );
        let label = command_label("pass show crm");
        let uzbek = token_from(&sources[3], Language::Uz);
        assert_eq!(uzbek, format!("buyruq «{label}»"));
        assert_eq!(flag(false, Language::En), "false");
        assert_eq!(flag(false, Language::Ru), "нет");
    }
}
