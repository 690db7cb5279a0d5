//! `crmdeck cache clear`, the snapshot and the history's day `groups
//! --all` leaves after a complete walk (the day `changes` keeps too), and
//! what `info` says of the cache.

use super::FOR_SCRIPTS;
use super::all_pages::Walked;
use super::branch::BranchList;
use crate::cache::Cache;
use crate::config;
use crate::domain::changes::centre_day;
use crate::domain::digest::{Digest, Digester, sort_by_id};
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, fill, plural};
use crate::model::{Branch, Group, Me, Plugin};
use crate::present::format::as_of;
use crate::session::{Session, optional};
use crate::store::{HistoryDay, Snapshot, SnapshotKey};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// `crmdeck cache clear`: every snapshot file removed (of every profile),
/// and what was removed said.
pub fn clear() -> Result<String, super::CliError> {
    let env = |name: &str| std::env::var(name).ok();
    let language = super::chatter::language();
    let Some(dir) = config::cache_dir(&env) else {
        return Ok(format!("{}\n", Phrase::CliCacheNoFolder.get(language)));
    };
    let cache = Cache::new(dir);
    let removed = cache
        .clear()
        .map_err(|error| std::io::Error::other(error.to_string()))?;
    let dir = cache.dir().display();
    Ok(match removed.len() {
        0 => format!("{}\n", fill::cli_cache_no_snapshot(language, dir)),
        count => {
            let mut out = format!(
                "{}\n",
                plural::cli_cache_removed(language, count as u64, dir)
            );
            for path in removed {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                out.push_str(&format!("  {name}\n"));
            }
            out
        }
    })
}

/// What a snapshot holds besides the groups, asked for while the walk
/// runs.
pub(super) struct Extras {
    /// The list the command already has.
    branches: Option<Vec<Branch>>,
    plugins: Option<Vec<Plugin>>,
    /// The centre's name (`GET /v2/token/me`).
    centre: Option<String>,
}

/// The [`Extras`]; any may be missing: then the snapshot says so.
pub(super) async fn extras(session: &Session, branches: &BranchList<'_>) -> Extras {
    let plugins = optional("the plugin catalogue", session.client.plugins());
    let (branches, plugins, me) = tokio::join!(branches.get(), plugins, session.me());
    Extras {
        branches: branches.map(<[Branch]>::to_vec),
        plugins,
        centre: me.and_then(Me::company_name).map(str::to_owned),
    }
}

/// Writes the snapshot of `branch` after a complete walk, its groups read
/// from the walk's spill file one at a time, and their digests (times in
/// `zone`, made in the same pass) as the history's day; a failure is a
/// warning (the groups are printed all the same).
pub(super) fn save(
    session: &Session,
    cache: &Cache,
    branch: Option<i64>,
    walked: &mut Walked,
    extras: Extras,
    zone: Zone,
) {
    let key = session.snapshot_key(branch);
    if key.account.is_none() {
        tracing::info!("snapshot not written: who the token is is not known");
        return;
    }
    let Extras {
        branches,
        plugins,
        centre,
    } = extras;
    let groups = std::iter::empty::<Group>();
    let snapshot = Snapshot::new(key, Utc::now(), groups, branches, plugins, centre);
    let mut digester = Digester::new(zone);
    let mut digests = Vec::new();
    let written = cache.write_with(&snapshot.key, |writer| {
        snapshot.write_with_groups(writer, |each| {
            walked.each(|group| {
                digests.push(digester.digest(&group));
                each(&group)
            })
        })
    });
    match written {
        Ok(path) => tracing::info!(path = %path.display(), "snapshot written"),
        Err(error) => {
            tracing::warn!(%error, "snapshot not written");
            let language = super::chatter::language();
            super::chatter::warn(&fill::cli_snapshot_not_written(language, error));
            return;
        }
    }
    sort_by_id(&mut digests);
    let history_days = session.config.history_days;
    keep_day(
        cache,
        snapshot.key,
        snapshot.taken_at,
        digests,
        zone,
        history_days,
    );
}

/// Keeps a complete walk's `digests`, taken at `at`, as the history's day
/// of `key` (its centre day in `zone`); a failure is a warning.
pub(super) fn keep_day(
    cache: &Cache,
    key: SnapshotKey,
    at: DateTime<Utc>,
    digests: Vec<Digest>,
    zone: Zone,
    history_days: u32,
) {
    let day = HistoryDay {
        key,
        day: centre_day(at, &zone),
        taken_at: at,
        digests,
    };
    match cache.write_history(&day, centre_day(Utc::now(), &zone), history_days) {
        Ok(path) => tracing::info!(path = %path.display(), "history day written"),
        Err(error) => {
            tracing::warn!(%error, "history day not written");
            let language = super::chatter::language();
            super::chatter::warn(&fill::cli_history_not_written(language, error));
        }
    }
}

/// The cache as `info` shows it.
#[derive(Debug, Serialize)]
pub(super) struct CacheInfo {
    /// False with `cache = false` or `--no-cache`.
    enabled: bool,
    /// The snapshot file of this profile, base URL and branch.
    snapshot: Option<String>,
    /// When it was taken; `None` when there is none (or it cannot be used).
    taken_at: Option<DateTime<Utc>>,
    age_secs: Option<i64>,
    /// Why the file there cannot be used.
    problem: Option<String>,
    /// For a person: `~/.cache/crmdeck/snapshot-….json (as of 14:02, 3 min ago)`.
    #[serde(skip)]
    line: String,
    /// The words of `line` that are ours, said in the reader's language.
    #[serde(skip)]
    state: CacheState,
}

/// Why `info` shows no snapshot, or what of it, as data to word.
#[derive(Debug)]
enum CacheState {
    /// Not off, not a folder, the account not known: the phrase alone.
    Said(Phrase),
    /// The snapshot file at `path`: none yet, or not used and why.
    NoneYet(String),
    NotUsed(String, String),
    /// As of its moment (words as the line has them).
    Kept,
}

impl CacheInfo {
    pub(super) fn gather(session: &Session, zone: &Zone, now: DateTime<Utc>) -> Self {
        let unused = |enabled, phrase: Phrase| Self {
            enabled,
            snapshot: None,
            taken_at: None,
            age_secs: None,
            problem: None,
            line: phrase.get(FOR_SCRIPTS).into(),
            state: CacheState::Said(phrase),
        };
        let Some(cache) = session.cache() else {
            let why = match session.config.cache {
                true => Phrase::CliCacheNoFolderInfo,
                false => Phrase::CliCacheOffInfo,
            };
            return unused(false, why);
        };
        let key = session.snapshot_key(session.config.branch_id);
        if key.account.is_none() {
            return unused(true, Phrase::CliCacheAccountUnknown);
        }
        let path = cache.path(&key).display().to_string();
        let (taken_at, problem, said) = match cache.read(&key) {
            Ok(Some(snapshot)) => (
                Some(snapshot.taken_at),
                None,
                as_of(snapshot.taken_at, now, zone, super::chatter::language()),
            ),
            Ok(None) => (None, None, Phrase::CliCacheNoneYet.get(FOR_SCRIPTS).into()),
            Err(error) => {
                let said = fill::cli_cache_not_used(FOR_SCRIPTS, &error);
                (None, Some(error.to_string()), said)
            }
        };
        let state = match (&taken_at, &problem) {
            (Some(_), _) => CacheState::Kept,
            (None, None) => CacheState::NoneYet(path.clone()),
            (None, Some(error)) => CacheState::NotUsed(path.clone(), error.clone()),
        };
        Self {
            enabled: true,
            line: format!("{path} ({said})"),
            state,
            snapshot: Some(path),
            age_secs: taken_at.map(|at| (now - at).num_seconds()),
            taken_at,
            problem,
        }
    }

    pub(super) fn line(&self, language: Language) -> String {
        match &self.state {
            CacheState::Said(phrase) => phrase.get(language).to_string(),
            CacheState::NoneYet(path) => {
                format!("{path} ({})", Phrase::CliCacheNoneYet.get(language))
            }
            CacheState::NotUsed(path, error) => {
                format!("{path} ({})", fill::cli_cache_not_used(language, error))
            }
            CacheState::Kept => self.line.clone(),
        }
    }
}
