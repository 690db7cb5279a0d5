//! `crmdeck install PLUGIN --profiles a,b,c` / `--fleet NAME` (issue 38
//! §3): each centre's catalogue asked first (the plan, and `--dry-run`'s
//! whole answer), one confirmation for all of them (the number of centres
//! typed), then one POST per centre, never retried, at most
//! `fleet_concurrency` at once; each centre's result printed and logged.

use super::args::GlobalArgs;
use super::chatter;
use super::install::through_a_hang_up;
use super::{CliError, Format, overrides};
use crate::config;
use crate::domain::install_across::{self as across, Outcome, Plan, Step};
use crate::fleet;
use crate::fleet::Choice;
use crate::fleet::across::Sessions;
use crate::i18n::{Language, Phrase, fill};
use crate::present::columns::table::csv_line;
use crate::present::format::{display_width, pad_to_width};
use crate::present::install_across as words;
use crate::sanitize::sanitize_line;
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

/// What `install` was given besides the centres.
pub struct Asking {
    pub plugin_id: i64,
    pub yes: bool,
    pub dry_run: bool,
    pub format: Format,
}

/// Runs it over the centres `--profiles` or `--fleet` name, in their
/// order, `fleet_concurrency` at once.
pub async fn run(global: &GlobalArgs, asking: Asking) -> Result<String, CliError> {
    let overrides = overrides(global);
    let env = |name: &str| std::env::var(name).ok();
    let config = config::load(&overrides, &env)?;
    let choice = Choice::of_flags(&global.profiles, global.fleet.as_deref());
    let profiles = fleet::covered(&config, &choice, global.demo)?;
    let bound = config.fleet_concurrency;
    let language = chatter::language();
    let (centres, sessions) = fleet::across::ask(&overrides, global.demo, &profiles, bound).await;
    let plan = across::plan(asking.plugin_id, None, &centres);
    // An id no centre that answered lists is a mistake (exit 2); centres
    // that did not answer are said as such.
    if plan.name.is_none() && centres.iter().all(|centre| centre.catalogue.is_ok()) {
        return Err(CliError::Usage(fill::across_unnamed(
            language,
            asking.plugin_id,
        )));
    }
    let heading = words::heading(&plan, language);
    if asking.dry_run {
        let steps = plan
            .steps
            .iter()
            .map(|step| (step.code(), words::step(step, language), step.reason()));
        return Ok(table(
            &profiles,
            plan.plugin_id,
            steps,
            &heading,
            asking.format,
            language,
        ));
    }
    let installs = plan.installs();
    if installs > 0 && !asking.yes {
        confirm(&plan, &profiles, &heading, language)?;
    }
    let outcomes = install_everywhere(&plan, &profiles, sessions, bound).await;
    for (profile, outcome) in profiles.iter().zip(&outcomes) {
        log(profile, plan.plugin_id, outcome);
    }
    let rows = outcomes.iter().map(|outcome| {
        (
            outcome.code(),
            words::outcome(outcome, language),
            outcome.reason(),
        )
    });
    let mut report = table(
        &profiles,
        plan.plugin_id,
        rows,
        &heading,
        asking.format,
        language,
    );
    let summary = words::summary(&outcomes, language);
    if asking.format == Format::Table {
        report.push_str(&summary);
        report.push('\n');
    }
    match across::exit_code(&outcomes) {
        0 => Ok(report),
        code => Err(CliError::CentresFailed {
            report,
            summary,
            code,
        }),
    }
}

/// One POST to each centre the plan installs at, `bound` at once, never
/// sent again; every centre's outcome in `profiles`' order (a skip's as
/// planned). Waited for through a SIGHUP, as the single install is.
async fn install_everywhere(
    plan: &Plan,
    profiles: &[String],
    sessions: Sessions,
    bound: usize,
) -> Vec<Outcome> {
    let targets: Vec<String> = (profiles.iter().zip(&plan.steps))
        .filter(|(_, step)| **step == Step::Install)
        .map(|(profile, _)| profile.clone())
        .collect();
    let running = fleet::across::install(Arc::new(sessions), plan.plugin_id, targets, bound);
    let mut done: HashMap<String, Outcome> =
        through_a_hang_up(running.all()).await.into_iter().collect();
    (profiles.iter().zip(&plan.steps))
        .map(|(profile, step)| match step {
            Step::Skip(skip) => Outcome::Skipped(skip.clone()),
            Step::Install => (done.remove(profile)).unwrap_or(Outcome::Unknown(String::new())),
        })
        .collect()
}

/// The plan's or the results' rows, a centre each: (the key for scripts,
/// the words, the reason for scripts): a table under the heading, CSV, or a
/// JSON object per line (`{"centre", "plugin_id", "result", "reason"}`).
fn table(
    profiles: &[String],
    plugin_id: i64,
    rows: impl Iterator<Item = (&'static str, String, Option<String>)>,
    heading: &str,
    format: Format,
    language: Language,
) -> String {
    let rows: Vec<_> = profiles.iter().zip(rows).collect();
    match format {
        Format::Json => rows
            .iter()
            .map(|(profile, (code, _, reason))| {
                let object = serde_json::json!({
                    "centre": sanitize_line(profile),
                    "plugin_id": plugin_id,
                    "result": code,
                    "reason": reason.as_deref().map(sanitize_line),
                });
                format!("{object}\n")
            })
            .collect(),
        Format::Csv => {
            let mut csv = csv_line(&["centre", "plugin_id", "result", "reason"]);
            for (profile, (code, _, reason)) in &rows {
                let id = plugin_id.to_string();
                let reason = reason.as_deref().map(sanitize_line).unwrap_or_default();
                csv.push_str(&csv_line(&[
                    &sanitize_line(profile),
                    id.as_str(),
                    code,
                    &reason,
                ]));
            }
            csv
        }
        Format::Table => {
            let centre = Phrase::AcrossHeadingCentre.get(language).to_uppercase();
            let result = Phrase::AcrossHeadingResult.get(language).to_uppercase();
            let width = (rows.iter())
                .map(|(profile, _)| display_width(&sanitize_line(profile)))
                .chain([display_width(&centre)])
                .max()
                .unwrap_or(0);
            let mut text = format!("{heading}\n{}  {result}\n", pad_to_width(&centre, width));
            for (profile, (_, words, _)) in &rows {
                let profile = pad_to_width(&sanitize_line(profile), width);
                text.push_str(&format!("{profile}  {words}\n"));
            }
            text
        }
    }
}

/// Shows the plan on the terminal and asks for the number of centres to
/// install at, typed: not `y`, not Enter alone. No terminal: `--yes` is
/// needed. A wrong number refuses (exit 2, nothing sent).
fn confirm(
    plan: &Plan,
    profiles: &[String],
    heading: &str,
    language: Language,
) -> Result<(), CliError> {
    let installs = plan.installs();
    if !std::io::stdin().is_terminal() {
        return Err(CliError::Usage(fill::across_needs_yes(language, installs)));
    }
    let steps = plan
        .steps
        .iter()
        .map(|step| (step.code(), words::step(step, language), None));
    let shown = table(
        profiles,
        plan.plugin_id,
        steps,
        heading,
        Format::Table,
        language,
    );
    let mut stderr = std::io::stderr().lock();
    write!(stderr, "{shown}{} ", Phrase::AcrossTypeCount.get(language))?;
    stderr.flush()?;
    let mut typed = String::new();
    std::io::stdin().lock().read_line(&mut typed)?;
    match across::confirms(&typed, installs) {
        true => Ok(()),
        false => Err(CliError::Usage(fill::across_wrong_number(
            language,
            sanitize_line(typed.trim()),
        ))),
    }
}

/// A line of the log for a centre's result (never a token: the client's
/// errors have it masked).
fn log(profile: &str, plugin_id: i64, outcome: &Outcome) {
    let reason = outcome.reason().unwrap_or_default();
    let reason = sanitize_line(&reason);
    let result = outcome.code();
    tracing::info!(centre = %profile, plugin_id, result, %reason, "install across");
}
