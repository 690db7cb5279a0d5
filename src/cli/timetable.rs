//! `crmdeck timetable`: a branch's week as a text grid, JSON or CSV.

use super::all_pages::{Missing, all_pages};
use super::args::TimetableArgs;
use super::branch::{self, BranchList};
use super::filter::{GroupFilter, keep};
use super::groups::WALK_PER_PAGE;
use super::week_grid::render_text;
use super::{CliError, Format, on_terminal, pretty, print_csv, print_pretty};
use crate::domain::check::{Finding, MaxParallel, check};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{Slot, Week, WorkingHours, build_week, monday_to_sunday, summarize};
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, plural};
use crate::model::Group;
use crate::present::check::{describe, describe_in};
use crate::present::columns::BranchNames;
use crate::present::columns::findings;
use crate::present::columns::lessons::{self, day_key};
use crate::present::columns::table::Table;
use crate::present::format::RowFormat;
use crate::present::timetable::unplaced_reason;
use crate::sanitize::sanitize_line;
use crate::session::Session;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::collections::BTreeMap;

/// The grid's width when stdout is not a terminal or its width is unknown.
const FALLBACK_WIDTH: usize = 120;

pub async fn run(
    session: &Session,
    format: Format,
    args: &TimetableArgs,
) -> Result<String, CliError> {
    let config = &session.config;
    if args.check {
        let checked = checks(session, args).await?;
        let unset = config.max_parallel.is_unset();
        return check_report(format, vec![(None, checked)], unset);
    }
    let Some(branch_id) = branch_of(session, args).await? else {
        let language = super::chatter::language();
        let needed = Phrase::CliTimetableNeedsBranch.get(language);
        return Err(CliError::Usage(needed.into()));
    };
    let (groups, zone) = branch_groups(session, args, branch_id).await?;
    let week = build_week(&groups, &zone, args.archived);
    let hours = args.hours.unwrap_or(config.working_hours);
    Ok(match format {
        Format::Table => render_text(&week, &groups, hours, config.language, grid_width()),
        Format::Json => print_pretty(&week_json(branch_id, &week, &groups, hours, &zone))?,
        Format::Csv => {
            if !week.undecodable.is_empty() {
                let count = week.undecodable.len() as u64;
                super::chatter::warn(&plural::not_placed(super::chatter::language(), count));
            }
            let lessons = lessons::of_week(&week, &groups);
            // The branch column by name, as the dashboard's export writes it.
            let names = branch::names(BranchList::new(session).get().await);
            print_csv(&lessons::columns(), &lessons, &(), &names)?
        }
    })
}

/// The branch `--branch` names, else the config's `branch_id`.
async fn branch_of(session: &Session, args: &TimetableArgs) -> Result<Option<i64>, CliError> {
    Ok(match &args.branch {
        Some(flag) => Some(branch::resolve(flag, &BranchList::new(session)).await?),
        None => session.config.branch_id,
    })
}

/// A branch's groups that `--filter` keeps, and the zone they are read in.
/// A week drawn from part of the groups would mislead: missing pages fail
/// the command.
async fn branch_groups(
    session: &Session,
    args: &TimetableArgs,
    branch_id: i64,
) -> Result<(Vec<Group>, Zone), CliError> {
    let (groups, (zone, _)) = tokio::join!(
        all_pages(session, Some(branch_id), WALK_PER_PAGE, Missing::Fail),
        session.zone()
    );
    let groups = filtered(session, args, groups?.into_groups()?, &zone, None).await;
    Ok((groups, zone))
}

/// What `--check` finds in `session`'s centre: in the branch named (or
/// the config's), else in every branch, branch by branch.
pub async fn checks(session: &Session, args: &TimetableArgs) -> Result<Vec<Checked>, CliError> {
    let config = &session.config;
    let Some(branch_id) = branch_of(session, args).await? else {
        return check_every_branch(session, args).await;
    };
    let (groups, zone) = branch_groups(session, args, branch_id).await?;
    let week = build_week(&groups, &zone, args.archived);
    let hours = args.hours.unwrap_or(config.working_hours);
    Ok(vec![Checked::of(
        None,
        week,
        groups,
        hours,
        &config.max_parallel,
    )])
}

/// `--check` without a branch: every group of the centre, checked branch
/// by branch (a crowded hour is one branch's), the findings naming their
/// branch.
async fn check_every_branch(
    session: &Session,
    args: &TimetableArgs,
) -> Result<Vec<Checked>, CliError> {
    let config = &session.config;
    let branch_list = BranchList::new(session);
    let (groups, (zone, _), branches) = tokio::join!(
        all_pages(session, None, WALK_PER_PAGE, Missing::Fail),
        session.zone(),
        branch_list.get()
    );
    let names = branch::names(branches);
    let groups = groups?.into_groups()?;
    let mut by_branch: BTreeMap<Option<i64>, Vec<Group>> = BTreeMap::new();
    for group in filtered(session, args, groups, &zone, Some(&names)).await {
        by_branch.entry(group.branch_id).or_default().push(group);
    }
    let hours = args.hours.unwrap_or(config.working_hours);
    let checked = (by_branch.into_iter())
        .map(|(id, groups)| {
            let name = match id {
                Some(id) => names
                    .get(&id)
                    .map_or_else(|| format!("#{id}"), |name| sanitize_line(name).into_owned()),
                None => "no branch".to_string(),
            };
            let week = build_week(&groups, &zone, args.archived);
            let checked = Checked::of(Some(name), week, groups, hours, &config.max_parallel);
            Checked {
                unbranched: id.is_none(),
                ..checked
            }
        })
        .collect();
    Ok(checked)
}

/// The groups `--filter` keeps (all without it); a branch found by its
/// name in `names`, asked for here when not known yet.
async fn filtered(
    session: &Session,
    args: &TimetableArgs,
    groups: Vec<Group>,
    zone: &Zone,
    names: Option<&BranchNames>,
) -> Vec<Group> {
    let Some(text) = args.filter.as_deref() else {
        return groups;
    };
    let asked;
    let names = match names {
        Some(names) => names,
        None => {
            asked = branch::names(BranchList::new(session).get().await);
            &asked
        }
    };
    let format = RowFormat {
        language: session.config.language,
        zone: *zone,
    };
    keep(
        GroupFilter::new(Some(text), names, &format).as_mut(),
        groups,
    )
}

/// One branch's groups and what the check found in them.
pub struct Checked {
    /// Its name when the check ran over every branch (English for
    /// scripts: `no branch` for the groups of none).
    branch: Option<String>,
    /// The groups of no branch: people read `no branch` in their language.
    unbranched: bool,
    groups: Vec<Group>,
    findings: Vec<Finding>,
}

impl Checked {
    fn of(
        branch: Option<String>,
        week: Week,
        groups: Vec<Group>,
        hours: WorkingHours,
        max_parallel: &MaxParallel,
    ) -> Self {
        let findings = check(&week, &groups, hours, max_parallel);
        Self {
            branch,
            unbranched: false,
            groups,
            findings,
        }
    }

    /// A finding for people, after its branch when there is one.
    fn describe(&self, finding: &Finding, language: Language) -> String {
        let text = describe_in(finding, &self.groups, language);
        let branch = match self.unbranched {
            true => Some(Phrase::CheckNoBranch.get(language)),
            false => self.branch.as_deref(),
        };
        match branch {
            Some(branch) => format!("{branch}: {text}"),
            None => text,
        }
    }
}

/// The findings of the check, one line each (JSON: one object each), as
/// the error that makes the exit code 1. Nothing at all when all is well,
/// in any format (cron mails any output): `-v` says so on stderr (and
/// that `max_parallel` is not checked when `unset`). `centres`: each
/// centre's checks, its name leading its findings when it has one
/// (`--profiles`, issue 38).
pub fn check_report(
    format: Format,
    centres: Vec<(Option<String>, Vec<Checked>)>,
    unset: bool,
) -> Result<String, CliError> {
    let each =
        || (centres.iter()).flat_map(|(centre, checked)| checked.iter().map(move |c| (centre, c)));
    let count: usize = each().map(|(_, c)| c.findings.len()).sum();
    if count == 0 {
        let language = super::chatter::language();
        let unset = match unset {
            true => format!(" ({})", Phrase::CheckParallelUnset.get(language)),
            false => String::new(),
        };
        let passed = Phrase::CheckPassed.get(language);
        super::chatter::note(&format!("crmdeck: {passed}{unset}"));
        return Ok(String::new());
    }
    let report = match format {
        Format::Table => each()
            .flat_map(|(centre, c)| {
                c.findings.iter().map(move |finding| {
                    let text = c.describe(finding, super::chatter::language());
                    match centre {
                        Some(centre) => format!("{centre}: {text}\n"),
                        None => format!("{text}\n"),
                    }
                })
            })
            .collect(),
        Format::Csv => {
            let mut tables = each().map(|(centre, c)| {
                let table = Table::of(
                    findings::COLUMNS,
                    &c.findings,
                    &c.groups,
                    &BranchNames::new(),
                );
                let table = match &c.branch {
                    Some(branch) => table.led_by("Branch", "branch_name", branch),
                    None => table,
                };
                match centre {
                    Some(centre) => table.led_by("Centre", "centre", centre),
                    None => table,
                }
            });
            let mut all = tables.next().expect("a branch checked");
            tables.for_each(|table| all.extend(table));
            all.to_csv()
        }
        Format::Json => pretty(
            &each()
                .flat_map(|(centre, c)| {
                    c.findings.iter().map(move |finding| FindingJson {
                        centre: centre.clone(),
                        code: finding.code(),
                        branch: c.branch.clone(),
                        group_ids: (finding.group_indices().iter())
                            .map(|&index| c.groups[index].id)
                            .collect(),
                        finding: describe(finding, &c.groups),
                    })
                })
                .collect::<Vec<_>>(),
        )?,
    };
    Err(CliError::Findings { report, count })
}

#[derive(Serialize)]
struct FindingJson {
    /// Its centre, with `--profiles` and `--fleet` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    centre: Option<String>,
    /// `cannot_place`, `ends_before_start`, `past_midnight`, `outside_hours`, `crowded`.
    code: &'static str,
    /// Its branch's name, when every branch was checked.
    #[serde(rename = "branch_name", skip_serializing_if = "Option::is_none")]
    branch: Option<String>,
    group_ids: Vec<i64>,
    /// For people.
    finding: String,
}

/// The terminal's width when stdout is one.
fn grid_width() -> usize {
    if !on_terminal() {
        return FALLBACK_WIDTH;
    }
    crossterm::terminal::size().map_or(FALLBACK_WIDTH, |(columns, _)| usize::from(columns))
}

/// The week for scripts, its keys in a fixed order (days Monday first).
#[derive(Serialize)]
struct WeekJson<'a> {
    branch_id: i64,
    /// The zone the times of day are in.
    timezone: String,
    days: ByDay<Vec<SlotJson<'a>>>,
    undecodable: Vec<UnplacedJson<'a>>,
    summary: SummaryJson,
}

#[derive(Serialize)]
struct SlotJson<'a> {
    start: String,
    end: String,
    crosses_midnight: bool,
    end_estimated: bool,
    lane: usize,
    lanes: usize,
    group: GroupJson<'a>,
}

/// What a script needs to name a group.
#[derive(Serialize)]
struct GroupJson<'a> {
    id: i64,
    number: Option<i64>,
    name: &'a str,
    course: Option<&'a str>,
}

#[derive(Serialize)]
struct UnplacedJson<'a> {
    group: GroupJson<'a>,
    /// For people.
    reason: String,
    /// For scripts: `no_days`, `unknown_days_code`, ...
    code: &'static str,
}

#[derive(Serialize)]
struct SummaryJson {
    groups: usize,
    busiest_day: Option<BusiestDayJson>,
    first_free_hour: ByDay<Option<String>>,
    working_hours: WorkingHoursJson,
    /// Archived and other groups left out (see `--archived`).
    hidden: usize,
}

#[derive(Serialize)]
struct BusiestDayJson {
    day: &'static str,
    lessons: usize,
}

#[derive(Serialize)]
struct WorkingHoursJson {
    open: String,
    close: String,
}

/// Seven values as an object keyed `Mon` to `Sun`, in that order.
struct ByDay<T>([T; 7]);

impl<T: Serialize> Serialize for ByDay<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(7))?;
        for (day, value) in monday_to_sunday().zip(&self.0) {
            map.serialize_entry(day_key(day), value)?;
        }
        map.end()
    }
}

fn week_json<'a>(
    branch_id: i64,
    week: &Week,
    groups: &'a [Group],
    hours: WorkingHours,
    zone: &Zone,
) -> WeekJson<'a> {
    let summary = summarize(week, hours);
    WeekJson {
        branch_id,
        timezone: zone.to_string(),
        days: ByDay(std::array::from_fn(|index| {
            week.days[index]
                .iter()
                .map(|slot| slot_json(slot, groups))
                .collect()
        })),
        undecodable: week
            .undecodable
            .iter()
            .map(|unplaced| UnplacedJson {
                group: group_json(&groups[unplaced.group_index]),
                reason: unplaced_reason(&unplaced.reason),
                code: unplaced.reason.code(),
            })
            .collect(),
        summary: SummaryJson {
            groups: summary.groups,
            busiest_day: summary.busiest_day.map(|(day, lessons)| BusiestDayJson {
                day: day_key(day),
                lessons,
            }),
            first_free_hour: ByDay(summary.first_free_hour.map(|free| free.map(format_clock))),
            working_hours: WorkingHoursJson {
                open: format_clock(hours.open),
                close: format_clock(hours.close),
            },
            hidden: week.hidden,
        },
    }
}

fn slot_json<'a>(slot: &Slot, groups: &'a [Group]) -> SlotJson<'a> {
    SlotJson {
        start: format_clock(slot.start),
        end: format_clock(slot.end),
        crosses_midnight: slot.crosses_midnight,
        end_estimated: slot.end_estimated,
        lane: slot.lane,
        lanes: slot.lanes,
        group: group_json(&groups[slot.group_index]),
    }
}

fn group_json(group: &Group) -> GroupJson<'_> {
    GroupJson {
        id: group.id,
        number: group.company_group_number,
        name: &group.name,
        course: group.course.as_ref().map(|course| course.name.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::test_groups::group;
    use crate::domain::timetable::UnplacedReason;
    use crate::model::DaysCode;

    #[test]
    fn the_groups_of_no_branch_are_named_in_the_language_for_people_only() {
        let finding = Finding::CannotPlace {
            group_index: 0,
            reason: UnplacedReason::NoDays,
        };
        let checked = Checked {
            branch: Some("no branch".to_string()),
            unbranched: true,
            groups: vec![group(7, DaysCode::MonWedFri, "10:00", "11:30")],
            findings: vec![finding.clone()],
        };
        let russian = checked.describe(&finding, Language::Ru);
        assert!(russian.starts_with("без филиала: "), "{russian}");
        let english = checked.describe(&finding, Language::En);
        assert!(english.starts_with("no branch: "), "{english}");
        // A branch of that very name is its own name in every language.
        let named = Checked {
            unbranched: false,
            ..checked
        };
        let russian = named.describe(&finding, Language::Ru);
        assert!(russian.starts_with("no branch: "), "{russian}");
    }
}
