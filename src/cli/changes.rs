//! `crmdeck changes`: the centre walked now against an earlier complete
//! walk the history kept (issue 28), for cron as `timetable --check` is:
//! nothing printed and exit 0 when nothing changed, the changes and exit 1
//! when something did, exit 2 with the reason when it cannot tell (no
//! baseline, pages missing, the server or the network). A complete walk
//! is kept as today's day of the history, after the baseline was read.

use super::all_pages::{Missing, all_pages};
use super::args::ChangesArgs;
use super::branch::{self, BranchList};
use super::cache::keep_day;
use super::filter::GroupFilter;
use super::groups::WALK_PER_PAGE;
use super::{CliError, Format, chatter, on_terminal};
use crate::cache::Baseline;
use crate::domain::changes::{Since, centre_day, compare};
use crate::domain::digest::{Digest, Digester, sort_by_id};
use crate::domain::zone::Zone;
use crate::i18n::{DayStyle, Language, Phrase, date, fill, plural, time, weekday};
use crate::present::columns::BranchNames;
use crate::present::columns::changes::{COLUMNS, ChangeFormat, rows};
use crate::present::columns::table::Table;
use crate::present::format::RowFormat;
use crate::session::Session;
use crate::store::HistoryDay;
use chrono::{DateTime, Datelike, NaiveDate, Utc};

pub async fn run(
    session: &Session,
    format: Format,
    args: &ChangesArgs,
) -> Result<String, CliError> {
    let Some(changed) = compared(session, format, args).await? else {
        return Ok(String::new());
    };
    let report = match format {
        Format::Table => changed.table.to_text_in(on_terminal(), chatter::language()),
        Format::Csv => changed.table.to_csv(),
        Format::Json => changed.table.to_json(),
    };
    Err(CliError::Changes {
        report,
        summary: changed.summary,
    })
}

/// What changed in a centre: its rows, and their count for people.
pub struct Changed {
    pub table: Table,
    pub groups: usize,
    pub summary: String,
}

/// The changes of `session`'s centre since the baseline `args` names, the
/// rows in `format`'s language; None (and a note) when nothing changed.
pub async fn compared(
    session: &Session,
    format: Format,
    args: &ChangesArgs,
) -> Result<Option<Changed>, CliError> {
    let config = &session.config;
    let branch_list = BranchList::new(session);
    let branch_id = match &args.branch {
        Some(flag) => Some(branch::resolve(flag, &branch_list).await?),
        None => config.branch_id,
    };
    let language = chatter::language();
    let Some(cache) = session.cache() else {
        return Err(CliError::Untold(Phrase::CliCacheOff.get(language).into()));
    };
    if session.identify().await.is_none() {
        return Err(CliError::Untold(
            Phrase::CliTokenUnknown.get(language).into(),
        ));
    }
    let key = session.snapshot_key(branch_id);
    let (zone, _) = session.zone().await;
    let started = Utc::now();
    let today = centre_day(started, &zone);
    let since = args.since.unwrap_or_default();
    // Read before this walk's day is written over today's.
    let baseline = cache.baseline(&key, since, today);
    for ignored in &baseline.ignored {
        tracing::warn!(%ignored, "history day ignored");
        chatter::warn(&fill::cli_history_day_ignored(language, ignored));
    }
    let (walked, branches) = tokio::join!(
        all_pages(session, branch_id, WALK_PER_PAGE, Missing::Untold),
        branch_list.get()
    );
    let mut walked = walked?;
    // The names that did not change are the baseline's copies.
    let shared = baseline.day.as_ref().map_or(&[][..], |day| &day.digests);
    let mut digester = Digester::sharing(zone, shared);
    let mut now = Vec::new();
    walked.each(|group| {
        now.push(digester.digest(&group));
        Ok(())
    })?;
    sort_by_id(&mut now);
    // A walk short of the total announced calls no group gone, and is
    // not kept: tomorrow's baseline stays the last whole walk.
    let complete = walked.is_whole();
    let told = match &baseline.day {
        Some(before) => {
            let branches = branch::names(branches);
            let words = ChangeFormat {
                language: super::language_of(format, config.language),
                branches: &branches,
            };
            let rows = RowFormat {
                language: config.language,
                zone,
            };
            let filter = GroupFilter::new(args.filter.as_deref(), &branches, &rows);
            tell(before, &now, complete, &words, filter.as_ref(), &zone)
        }
        None => Err(CliError::Untold(no_baseline(
            since, today, &baseline, language,
        ))),
    };
    if complete {
        keep_day(&cache, key, started, now, zone, config.history_days);
    }
    told
}

/// The changes from `before` to `now` that `filter` keeps: nothing (and a
/// note) when there are none.
fn tell(
    before: &HistoryDay,
    now: &[Digest],
    complete: bool,
    words: &ChangeFormat,
    filter: Option<&GroupFilter>,
    zone: &Zone,
) -> Result<Option<Changed>, CliError> {
    let comparison = compare(&before.digests, now, complete);
    let rows = rows(&comparison, &before.digests, now, words, |digest| {
        filter.is_none_or(|filter| filter.admits_digest(digest))
    });
    let language = chatter::language();
    let since = taken(before.taken_at, zone, language);
    if rows.is_empty() {
        let nothing = fill::cli_nothing_changed(language, &since);
        chatter::note(&format!("crmdeck: {nothing}"));
        return Ok(None);
    }
    let groups = (rows.iter().map(|row| row.id))
        .collect::<std::collections::HashSet<_>>()
        .len();
    Ok(Some(Changed {
        table: Table::of(COLUMNS, &rows, &(), &BranchNames::new()),
        groups,
        summary: plural::cli_changed_since(language, groups as u64, &since),
    }))
}

/// The columns of a change, no rows: the head of several centres' changes.
pub fn no_changes() -> Table {
    let none: [crate::present::columns::changes::ChangeRow; 0] = [];
    Table::of(COLUMNS, &none, &(), &BranchNames::new())
}

/// Why there is no baseline, and what the history holds, in `language`.
fn no_baseline(since: Since, today: NaiveDate, baseline: &Baseline, language: Language) -> String {
    let asked = match since {
        Since::EarlierDay => Phrase::CliNoWalkEarlierDay.get(language).to_string(),
        Since::Last => Phrase::CliNoWalk.get(language).to_string(),
        asked => match asked.day_asked(today) {
            Some(day) => fill::cli_no_walk_of(language, day_and_date(day, language)),
            None => Phrase::CliNoWalkThatDay.get(language).to_string(),
        },
    };
    let kept = match baseline.kept.as_slice() {
        [] if !baseline.ignored.is_empty() => Phrase::CompareNoDayReads.get(language).to_string(),
        [] => Phrase::CliHistoryEmpty.get(language).to_string(),
        days => {
            let days: Vec<String> = days.iter().map(|day| date(language, *day)).collect();
            fill::cli_history_holds(language, days.join(", "))
        }
    };
    fill::cli_no_baseline(language, asked, kept)
}

/// `Thu 2026-11-26`, `чт 26.11.2026`.
fn day_and_date(day: NaiveDate, language: Language) -> String {
    let weekday = weekday(language, day.weekday(), DayStyle::Short);
    format!("{weekday} {}", date(language, day))
}

/// `Thu 2026-11-26 09:12 (Asia/Tashkent)`, `чт 26.11.2026 09:12 (Asia/Tashkent)`.
fn taken(at: DateTime<Utc>, zone: &Zone, language: Language) -> String {
    let wall = zone.wall_clock(at);
    let day = day_and_date(wall.date(), language);
    format!("{day} {} ({zone})", time(language, wall.time()))
}
