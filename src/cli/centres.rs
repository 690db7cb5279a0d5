//! `crmdeck centres` (issue 38 §1): one row per centre of the fleet
//! (`--profiles`, `--fleet`, else every profile), each centre asked
//! concurrently within `fleet_concurrency`; the counts per status above
//! the table; exit 1 when any centre did not answer as it should.

use super::{CliError, Format, GlobalArgs, chatter, on_terminal, overrides, pretty};
use crate::config;
use crate::domain::centre::{CentreSummary, Status};
use crate::fleet::{self, Choice, Sessions};
use crate::i18n::plural;
use crate::present::columns::BranchNames;
use crate::present::columns::centres::{COLUMNS, CentreFormat, counts};
use crate::present::columns::table::Table;
use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

/// Every centre of the fleet the flags name, refreshed once, in the
/// fleet's order.
pub async fn summaries(global: &GlobalArgs) -> Result<Vec<CentreSummary>, CliError> {
    let done = each_centre(global, |sessions, profile| async move {
        sessions
            .refresh(&CentreSummary::new(profile), Utc::now())
            .await
    });
    Ok(done
        .await?
        .into_iter()
        .map(|(_, summary)| summary)
        .collect())
}

/// `work` for each centre of the fleet the flags name (`--profiles`,
/// `--fleet`, else every profile), `fleet_concurrency` at once, the
/// results in the fleet's order; the config's mistakes first (exit 2).
pub async fn each_centre<T, F, Fut>(
    global: &GlobalArgs,
    work: F,
) -> Result<Vec<(String, T)>, CliError>
where
    T: Send + 'static,
    F: Fn(Sessions, String) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = T> + Send + 'static,
{
    let overrides = overrides(global);
    let env = |name: &str| std::env::var(name).ok();
    let config = config::load(&overrides, &env)?;
    chatter::speak(config.language);
    let choice = Choice::of_flags(&global.profiles, global.fleet.as_deref());
    let profiles = fleet::covered(&config, &choice, global.demo)?;
    let sessions = Sessions::new(&overrides, global.demo);
    let running = fleet::for_each_centre(profiles.clone(), config.fleet_concurrency, {
        move |profile| work(sessions.clone(), profile)
    });
    let mut done = running.all().await;
    done.sort_by_key(|(profile, _)| profiles.iter().position(|p| p == profile));
    Ok(done)
}

pub async fn run(global: &GlobalArgs, format: Format) -> Result<String, CliError> {
    let summaries = summaries(global).await?;
    let now = Utc::now();
    let language = chatter::language();
    let report = match format {
        Format::Json => {
            let all: Vec<CentreJson> = summaries.iter().map(|s| centre_json(s, now)).collect();
            pretty(&all)?
        }
        Format::Csv => {
            let scripts = CentreFormat {
                now,
                language: super::FOR_SCRIPTS,
                scripts: true,
            };
            Table::of(COLUMNS, &summaries, &scripts, &BranchNames::new()).to_csv()
        }
        Format::Table => {
            let people = CentreFormat {
                now,
                language,
                scripts: false,
            };
            let table = Table::of(COLUMNS, &summaries, &people, &BranchNames::new());
            let mut text = counts(&summaries, language);
            text.push('\n');
            text.push_str(&table.to_text_in(on_terminal(), language));
            text
        }
    };
    let failed = (summaries.iter())
        .filter(|s| s.status != Some(Status::Ok))
        .count();
    match failed {
        0 => Ok(report),
        n => Err(CliError::CentresFailed {
            report,
            summary: plural::centres_failed(language, n as u64),
            code: 1,
        }),
    }
}

/// A centre for scripts: keys in this order, numbers as numbers, times
/// in RFC 3339, the status as its key.
#[derive(Serialize)]
struct CentreJson<'a> {
    profile: &'a str,
    centre: Option<&'a str>,
    host: Option<&'a str>,
    status: Option<&'static str>,
    /// The status of an `api_error`.
    http_status: Option<u16>,
    read_only: bool,
    latency_ms: Option<u64>,
    groups: Option<u64>,
    plugins: Option<PluginsJson>,
    snapshot: Option<SnapshotJson<'a>>,
    token_expires_at: Option<String>,
    refreshed_at: Option<String>,
    /// How old the figures are when the last refresh failed.
    stale_s: Option<u64>,
}

#[derive(Serialize)]
struct PluginsJson {
    installed: usize,
    total: usize,
}

#[derive(Serialize)]
struct SnapshotJson<'a> {
    active_groups: usize,
    in_class: usize,
    next_lesson: Option<NextJson<'a>>,
    age_s: u64,
}

#[derive(Serialize)]
struct NextJson<'a> {
    start: String,
    group: &'a str,
}

fn centre_json(summary: &CentreSummary, now: DateTime<Utc>) -> CentreJson<'_> {
    let time =
        |at: Option<DateTime<Utc>>| at.map(|at| at.to_rfc3339_opts(SecondsFormat::Secs, true));
    CentreJson {
        profile: &summary.profile,
        centre: summary.figures.name.as_deref(),
        host: summary.host.as_deref(),
        status: summary.status.map(Status::key),
        http_status: match summary.status {
            Some(Status::ApiError(code)) => Some(code),
            _ => None,
        },
        read_only: summary.read_only,
        latency_ms: summary.latency.map(|latency| latency.as_millis() as u64),
        groups: summary.figures.groups,
        plugins: (summary.figures.plugins).map(|p| PluginsJson {
            installed: p.installed,
            total: p.total,
        }),
        snapshot: summary.snapshot.as_ref().map(|snap| SnapshotJson {
            active_groups: snap.active_groups,
            in_class: snap.in_class,
            next_lesson: snap.next.as_ref().map(|next| NextJson {
                start: next.start.format("%Y-%m-%dT%H:%M").to_string(),
                group: &next.group,
            }),
            age_s: snap.age(now).as_secs(),
        }),
        token_expires_at: time(summary.token_expires_at),
        refreshed_at: time(summary.refreshed_at),
        stale_s: summary.stale_for(now).map(|age| age.as_secs()),
    }
}
