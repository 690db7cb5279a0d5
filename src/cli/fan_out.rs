//! `--profiles a,b` and `--fleet NAME` (issue 38 §4): a command run on
//! each centre of the fleet, `fleet_concurrency` at once, each row led by
//! its centre (a `centre` column in the table and CSV, a `centre` key in
//! JSON), a centre that failed said on stderr (`crmdeck: PROFILE: why`),
//! the exit code the worst of the centres'.

use super::args::{ChangesArgs, TimetableArgs, TodayArgs};
use super::centres::each_centre;
use super::plugins::plugin_json;
use super::{
    CliError, Format, GlobalArgs, changes, chatter, json_text, on_terminal, timetable, today,
    with_query,
};
use crate::i18n::plural;
use crate::model::Plugin;
use crate::present::columns::BranchNames;
use crate::present::columns::plugins::{COLUMNS, PluginFormat};
use crate::present::columns::table::Table;
use crate::session::Session;
use serde_json::{Value, json};
use std::sync::Arc;

/// `crmdeck --profiles a,b plugins`: every centre's catalogue.
pub async fn plugins(
    global: &GlobalArgs,
    format: Format,
    show_token: bool,
) -> Result<String, CliError> {
    let done = each_centre(global, |sessions, profile| async move {
        let session = sessions.get(&profile).await.map_err(CliError::Usage)?;
        Ok::<_, CliError>(session.client.plugins().await?)
    })
    .await?;
    let (answered, failed) = split(done);
    let shown = PluginFormat { show_token };
    let report = match format {
        Format::Json => {
            let rows = answered.iter().flat_map(|(centre, plugins)| {
                plugins.iter().map(move |plugin| {
                    let mut value = plugin_json(plugin, show_token);
                    value["centre"] = json!(centre);
                    value
                })
            });
            json_text(&Value::Array(rows.collect()))
        }
        Format::Table | Format::Csv => {
            let none: [Plugin; 0] = [];
            let template = Table::of(COLUMNS, &none, &shown, &BranchNames::new());
            let tables = (answered.iter())
                .map(|(centre, plugins)| {
                    let table = Table::of(COLUMNS, plugins, &shown, &BranchNames::new());
                    (centre.clone(), table)
                })
                .collect();
            let table = Table::centred(template, tables);
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text_in(on_terminal(), chatter::language()),
            }
        }
    };
    worst(report, failed)
}

/// `crmdeck --profiles a,b today`: every centre's today, each walked in
/// full as `today` walks one.
pub async fn today(
    global: &GlobalArgs,
    format: Format,
    args: TodayArgs,
) -> Result<String, CliError> {
    let (answered, failed) = each_filtered(global, args, today_of).await?;
    let report = today::centred(&answered, format, chatter::language())?;
    worst(report, failed)
}

/// One centre's today, as [`each_filtered`] runs it.
async fn today_of(session: Arc<Session>, args: TodayArgs) -> Result<today::Seen, CliError> {
    today::seen(&session, &args).await
}

/// `crmdeck --profiles a,b timetable --check`: every centre checked, each
/// finding led by its centre; nothing printed and exit 0 when all is well,
/// the findings and 1 otherwise, 2 when a centre could not be checked (it
/// is named on stderr; the others' findings still printed).
pub async fn check(
    global: &GlobalArgs,
    format: Format,
    args: TimetableArgs,
) -> Result<String, CliError> {
    let (answered, failed) = each_filtered(global, args, |session, args| async move {
        // Whatever keeps a centre from being checked is its exit 2.
        (timetable::checks(&session, &args).await).map_err(|error| match error {
            CliError::Usage(_) | CliError::Config(_) => error,
            other => CliError::CheckFailed(Box::new(other)),
        })
    })
    .await?;
    let centres = (answered.into_iter())
        .map(|(centre, checked)| (Some(centre), checked))
        .collect();
    let found = timetable::check_report(format, centres, false);
    match (found, failed.is_empty()) {
        (found, true) => found,
        (Ok(report), false) | (Err(CliError::Findings { report, .. }), false) => {
            worst(report, failed)
        }
        (Err(error), false) => Err(error),
    }
}

/// `crmdeck --profiles a,b changes`: every centre's changes since its
/// baseline, each row led by its centre; nothing printed and exit 0 when
/// nothing changed anywhere, the changes and 1 when something did, 2 when
/// a centre could not tell (it is named on stderr).
pub async fn changes(
    global: &GlobalArgs,
    format: Format,
    args: ChangesArgs,
) -> Result<String, CliError> {
    let done = each_centre(global, move |sessions, profile| {
        let args = args.clone();
        async move {
            let session = sessions.get(&profile).await.map_err(CliError::Usage)?;
            let told = changes::compared(&session, format, &args).await;
            // Whatever keeps a centre from telling is its exit 2.
            told.map_err(|error| match error {
                CliError::Usage(_) | CliError::Config(_) | CliError::Untold(_) => error,
                other => CliError::Untold(other.to_string()),
            })
        }
    })
    .await?;
    let (answered, failed) = split(done);
    let changed: Vec<(String, changes::Changed)> = (answered.into_iter())
        .filter_map(|(centre, changed)| Some((centre, changed?)))
        .collect();
    let groups: usize = changed.iter().map(|(_, changed)| changed.groups).sum();
    let tables = (changed.into_iter())
        .map(|(centre, changed)| (centre, changed.table))
        .collect::<Vec<_>>();
    let report = match tables.is_empty() {
        true => String::new(),
        false => {
            let table = Table::centred(changes::no_changes(), tables);
            match format {
                Format::Table => table.to_text_in(on_terminal(), chatter::language()),
                Format::Csv => table.to_csv(),
                Format::Json => table.to_json(),
            }
        }
    };
    match (groups, failed.is_empty()) {
        (0, true) => Ok(report),
        (_, false) => worst(report, failed),
        (groups, true) => Err(CliError::Changes {
            report,
            summary: plural::cli_changed(chatter::language(), groups as u64),
        }),
    }
}

/// A command's arguments that take `--query NAME` and `--filter`.
trait Filtered: Clone + Send + Sync + 'static {
    /// Its query's name, and its filter to make the one filter run.
    fn query_and_filter(&mut self) -> (Option<&str>, &mut Option<String>);
}

impl Filtered for TodayArgs {
    fn query_and_filter(&mut self) -> (Option<&str>, &mut Option<String>) {
        (self.query.as_deref(), &mut self.filter)
    }
}

impl Filtered for TimetableArgs {
    fn query_and_filter(&mut self) -> (Option<&str>, &mut Option<String>) {
        (self.query.as_deref(), &mut self.filter)
    }
}

/// `work` on each centre's session with `args`, their filter made with the
/// query `--query` names in that centre's config (as one centre's command
/// makes it); the centres that answered, and the exit of each that failed.
async fn each_filtered<A, T, W, Fut>(
    global: &GlobalArgs,
    args: A,
    work: W,
) -> Result<(Vec<(String, T)>, Vec<u8>), CliError>
where
    A: Filtered,
    T: Send + 'static,
    W: Fn(Arc<Session>, A) -> Fut + Send + Sync + Copy + 'static,
    Fut: Future<Output = Result<T, CliError>> + Send + 'static,
{
    let done = each_centre(global, move |sessions, profile| {
        let mut args = args.clone();
        async move {
            let session = sessions.get(&profile).await.map_err(CliError::Usage)?;
            let (query, filter) = args.query_and_filter();
            *filter = with_query(&session, query, filter.take())?;
            work(session, args).await
        }
    })
    .await?;
    Ok(split(done))
}

/// The centres that answered and those that did not (each said on stderr
/// now, with its exit code).
fn split<T>(done: Vec<(String, Result<T, CliError>)>) -> (Vec<(String, T)>, Vec<u8>) {
    let mut answered = Vec::new();
    let mut failed = Vec::new();
    for (centre, result) in done {
        match result {
            Ok(answer) => answered.push((centre, answer)),
            Err(error) => {
                eprintln!(
                    "crmdeck: {centre}: {}",
                    error.said(super::chatter::language())
                );
                failed.push(if error.exit_code() == std::process::ExitCode::from(2) {
                    2
                } else {
                    1
                });
            }
        }
    }
    (answered, failed)
}

/// `report`, or the exit of the worst centre that failed with it.
fn worst(report: String, failed: Vec<u8>) -> Result<String, CliError> {
    let Some(code) = failed.iter().copied().max() else {
        return Ok(report);
    };
    Err(CliError::CentresFailed {
        report,
        summary: plural::centres_failed(chatter::language(), failed.len() as u64),
        code,
    })
}
